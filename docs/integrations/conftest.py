"""pytest settings for the adapters' pages: without an extra, its page's doctests
are not collected (the report header says so; see the conftest.py at the root)."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "openspiel.rst": ("pyspiel", "numpy"),
    "pettingzoo.rst": ("pettingzoo", "gymnasium", "numpy"),
}

collect_ignore = [
    page
    for page, modules in _NEEDS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
