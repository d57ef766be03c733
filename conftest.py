"""pytest settings for the whole checkout.

The optional integrations (:mod:`cardrules.integrations`) need their extras:
without them their modules cannot be imported, so their doctests are not
collected, and the report header says so. Their tests in tests/integrations/
skip with the reason.
"""

from __future__ import annotations

import importlib.util

_EXTRAS = {
    "openspiel": ("pyspiel", "numpy"),
    "pettingzoo": ("pettingzoo", "gymnasium", "numpy"),
}
#: The modules that need each extra (docs/integrations/conftest.py skips their pages).
_MODULES = {
    "openspiel": ["src/cardrules/integrations/openspiel.py"],
    "pettingzoo": ["src/cardrules/integrations/pettingzoo.py"],
}


def _missing(extra: str) -> bool:
    return any(importlib.util.find_spec(module) is None for module in _EXTRAS[extra])


MISSING = [extra for extra in _EXTRAS if _missing(extra)]
collect_ignore = [path for extra in MISSING for path in _MODULES[extra]]
if importlib.util.find_spec("numpy") is None:
    collect_ignore.append("src/cardrules/integrations/encoding")


def pytest_report_header() -> list[str]:
    if not MISSING:
        return []
    return [
        f"cardrules[{extra}] is not installed: its doctests are not collected "
        f"and its tests skip (pip install -e '.[{extra}]')"
        for extra in MISSING
    ]
