#!/bin/sh
# Set up .venv (if needed) with cardrules and its developer tools, then run every check:
# ruff, mypy --strict, the whole test suite (unit, property with the CI profile, examples,
# doctests) and the Sphinx build with warnings as errors. Exits non-zero if anything fails.
# The tests run in parallel on every core (pytest-xdist; PYTEST_WORKERS=1 runs them in one
# process). The run ends with the slowest tests, and with the tests that skipped (without an
# extra or a headless browser), by reason: what to install. The deeper runs (more random
# games, the soak) are in scripts/deep.sh.
set -eu
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
py=.venv/bin/python
$py -m pip install --quiet --disable-pip-version-check -e '.[dev,cli,ray,openspiel,pettingzoo]'
echo "== ruff check"
$py -m ruff check src tests examples benchmarks
echo "== ruff format --check"
$py -m ruff format --check src tests examples benchmarks scripts docs
# The type check and the docs build take one core each: side by side, each reporting its own.
echo "== mypy --strict and sphinx (warnings are errors), side by side"
$py -m mypy --strict src tests examples benchmarks &
mypy_pid=$!
docs=0
$py -m sphinx -W --keep-going -q -b html docs docs/_build/html || docs=$?
types=0
wait "$mypy_pid" || types=$?
if [ "$docs" -ne 0 ] || [ "$types" -ne 0 ]; then
    [ "$docs" -eq 0 ] || echo "sphinx failed (warnings are errors)"
    [ "$types" -eq 0 ] || echo "mypy --strict failed"
    exit 1
fi
echo "== pytest"
HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}" $py -m pytest -n "${PYTEST_WORKERS:-auto}" --dist worksteal \
    --durations=20
