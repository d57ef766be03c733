#!/bin/sh
# Build the optional compiled build (mypyc) into its own venv, .venv-compiled, and check it
# against the pure source: every registered game played from the same seeds under both
# builds and compared move for move (scripts/compare_builds.py), then the golden
# transcripts replayed under the compiled build. Exits non-zero if anything differs.
# Needs a C compiler. COMPARE_GAMES sets the games per game and rule set (default 200).
set -eu
cd "$(dirname "$0")/.."
venv=.venv-compiled
[ -x $venv/bin/python ] || python3 -m venv $venv
py=$venv/bin/python
$py -m pip install --quiet --disable-pip-version-check 'attrs>=23.1' 'pytest>=8,<10' 'hypothesis>=6.100,<7'

# Build from a copy of the source: the mypyc hook writes the compiled modules next to the
# sources it compiles, and those would shadow the pure modules of this work tree.
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$copy"
# One extension for the whole library: mypyc's separate mode (one per module, which
# could compile in parallel) makes modules that fail to import each other.
echo "== compiled build (mypyc)"
start=$(date +%s)
HATCH_BUILD_HOOK_ENABLE_MYPYC=1 $py -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$copy"
echo "built in $(( $(date +%s) - start )) s"
$py -c 'import cardrules, sys; sys.exit(0 if cardrules.compiled else "cardrules is not compiled")'

echo "== pure and compiled builds, move for move"
start=$(date +%s)
$py scripts/compare_builds.py $py --games "${COMPARE_GAMES:-200}"
echo "compared in $(( $(date +%s) - start )) s"
echo "== golden transcripts under the compiled build"
$py -m pytest -p no:cacheprovider -q tests/golden
