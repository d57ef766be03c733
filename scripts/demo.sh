#!/bin/sh
# Set up .venv (if needed) with cardrules, then play a whole game between bots.
set -eu
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/python -m cardrules demo "$@"
