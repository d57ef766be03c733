#!/bin/sh
# Build the optional compiled build (mypyc) into its own venv, .venv-compiled, and check it:
# every registered game played from the same seeds under both builds and compared move for
# move (scripts/compare_builds.py), then the whole test suite run against the compiled
# build (adapters, errors, records, bots, command line, the kit, the golden transcripts,
# the docs' examples). Exits non-zero if anything differs or fails.
# Needs a C compiler. COMPARE_GAMES sets the games per game and rule set (default 200);
# PYTEST_WORKERS the test processes (default: one per core).
set -eu
cd "$(dirname "$0")/.."
venv=.venv-compiled
root=$(pwd)

# The compiled modules are listed in pyproject.toml (one named group); a module missing
# from the list would be built on its own, and fail to import the others.
python3 - <<'PY'
import pathlib, sys, tomllib
hook = tomllib.loads(pathlib.Path("pyproject.toml").read_text())["tool"]["hatch"]["build"]
hook = hook["targets"]["wheel"]["hooks"]["custom"]
listed = set(hook["options"]["separate"][0][0])
skipped = tuple(path.lstrip("/") for path in hook["exclude"])
found = {str(p) for p in pathlib.Path("src/cardrules").rglob("*.py")
         if not str(p).startswith(skipped)}
if listed != found:
    sys.exit(f"pyproject.toml's compiled group differs from the modules: add "
             f"{sorted(found - listed)}, remove {sorted(listed - found)}")
PY
echo "== compiled build (mypyc)"
# With the test suite's dependencies and every extra it tests (not ray: the suite runs
# without it, as the pure run's venv may have it).
sh scripts/build_compiled.sh $venv dev,cli,openspiel,pettingzoo
py=$root/$venv/bin/python

echo "== pure and compiled builds, move for move"
start=$(date +%s)
$py scripts/compare_builds.py $py --games "${COMPARE_GAMES:-200}"
echo "compared in $(( $(date +%s) - start )) s"

echo "== the test suite under the compiled build"
# Run from the repository root, so that the tests import examples.* and tests.* and read
# conftest.py and pyproject.toml's settings, but on tests/ and docs/ only: pytest puts the
# folder above a collected module's package on sys.path, and collecting the module doctests
# of src/cardrules would put src/ there, whose pure modules would then be imported instead
# of the compiled build (the pure run checks those doctests). Nothing else puts src/ on the
# path (the venv has no editable install), which the line below checks, as pytest will see it.
$py -c 'import cardrules, sys; sys.exit(0 if cardrules.compiled else f"tests would import the pure cardrules of {cardrules.__file__}")'
# The whole suite by default; COMPILED_TESTS names a part of it instead (for instance
# "tests/golden tests/test_both_builds.py tests/integrations": the tests that hold the two
# builds to one library, in a minute).
start=$(date +%s)
HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}" $py -m pytest -p no:cacheprovider \
    -n "${PYTEST_WORKERS:-auto}" --dist worksteal \
    ${COMPILED_TESTS:-tests docs}
echo "compiled tests in $(( $(date +%s) - start )) s"
