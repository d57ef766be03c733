#!/bin/sh
# The deeper checks that do not fit the everyday test command: the whole pytest suite with the
# "deep" hypothesis profile (2,000 random games per game and preset, ten times the CI run; the
# fuzzers and stateful machines likewise), then the soak (random games of every game and preset,
# every invariant checked after every step). Hours on a small machine; run it before a release.
# Uses the .venv that scripts/check.sh sets up. Exits non-zero if anything fails.
set -eu
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || { echo "run sh scripts/check.sh first: it sets up .venv" >&2; exit 1; }
py=.venv/bin/python
echo "== pytest (deep hypothesis profile)"
HYPOTHESIS_PROFILE=deep $py -m pytest -n "${PYTEST_WORKERS:-auto}" -p no:cacheprovider \
    --durations=20
echo "== soak"
$py benchmarks/soak.py --deals "${SOAK_DEALS:-100000}"
