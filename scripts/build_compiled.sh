#!/bin/sh
# Build the optional compiled build (mypyc) and install it into a venv, leaving the work
# tree as it was:  sh scripts/build_compiled.sh [VENV] [EXTRAS]
#   VENV    the venv to install into, made if missing (default .venv-compiled)
#   EXTRAS  extras to install with it, e.g. cli,openspiel (default: none)
# Needs a C compiler; compiling takes minutes. Afterwards VENV/bin/python runs the
# compiled build (cardrules.compiled is True there); any other environment keeps the build
# it had. Exits non-zero if the build fails or does not come out compiled.
set -eu
cd "$(dirname "$0")/.."
venv=${1:-.venv-compiled}
extras=${2:-}
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
py=$venv/bin/python

# Build from a copy of the source: the mypyc build hook writes the compiled modules next
# to the sources it compiles (src/cardrules/*.so), where they would stay behind and be
# imported, instead of the sources, by an editable or pure install of this work tree.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/src" "$work/wheel"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # The files git knows, tracked or new, without what .gitignore leaves out (venvs).
    git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$work/src"
else
    tar --exclude='./.venv*' --exclude='./.git' -cf - . | tar -xf - -C "$work/src"
fi

start=$(date +%s)
HATCH_BUILD_HOOKS_ENABLE=1 $py -m pip wheel --quiet --disable-pip-version-check --no-deps \
    -w "$work/wheel" "$work/src"
wheel=$(ls "$work"/wheel/cardrules-*.whl)
# Replace whatever cardrules the venv had (pure, editable or an older compiled build).
$py -m pip uninstall --quiet --disable-pip-version-check -y cardrules >/dev/null 2>&1 || true
$py -m pip install --quiet --disable-pip-version-check "$wheel${extras:+[$extras]}"
echo "compiled build built and installed into $venv in $(( $(date +%s) - start )) s"
# Checked from the venv's own folder, where no source tree can shadow the installed package.
(cd "$venv" && bin/python -c 'import cardrules, sys; sys.exit(0 if cardrules.compiled else "cardrules is not compiled")')
