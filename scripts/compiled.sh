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
# The compiled modules are listed in pyproject.toml (one named group); a module missing
# from the list would be built on its own, and fail to import the others.
$py - <<'PY'
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
start=$(date +%s)
HATCH_BUILD_HOOKS_ENABLE=1 $py -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$copy"
echo "built in $(( $(date +%s) - start )) s"
$py -c 'import cardrules, sys; sys.exit(0 if cardrules.compiled else "cardrules is not compiled")'

echo "== pure and compiled builds, move for move"
start=$(date +%s)
$py scripts/compare_builds.py $py --games "${COMPARE_GAMES:-200}"
echo "compared in $(( $(date +%s) - start )) s"
echo "== golden transcripts under the compiled build"
$py -m pytest -p no:cacheprovider -q tests/golden
