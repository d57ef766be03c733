"""pytest settings for the whole checkout.

The optional integrations (:mod:`cardrules.integrations`) need their extras:
without them their modules cannot be imported, so their doctests are not
collected, and the report header says so. Their tests in tests/integrations/
skip with the reason. The test of the pictures' layout needs a headless browser
(Chromium) and skips without one. At the end of the run, the skipped tests are
listed by reason, with what to install.
"""

from __future__ import annotations

import importlib.util
from collections import defaultdict
from typing import Any

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


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """List the skipped tests by reason (each reason says what to install), so that a run
    without an extra or without a browser says in words what it did not check."""
    by_reason: dict[str, list[str]] = defaultdict(list)
    for report in terminalreporter.stats.get("skipped", []):
        reason = str(report.longrepr[2]) if isinstance(report.longrepr, tuple) else ""
        by_reason[reason.removeprefix("Skipped: ")].append(report.nodeid)
    if not by_reason:
        return
    skipped = sum(len(tests) for tests in by_reason.values())
    terminalreporter.section(f"{skipped} skipped, by reason")
    for reason, tests in by_reason.items():
        terminalreporter.write_line(f"{len(tests)} skipped: {reason}")
        names: dict[str, int] = defaultdict(int)
        for test in tests:
            names[test.split("[")[0]] += 1
        for name, cases in sorted(names.items()):
            terminalreporter.write_line(f"    {name}" + (f" ({cases} cases)" if cases > 1 else ""))


def pytest_runtest_setup(item: object) -> None:
    """Each test (a doc page's examples included) that imports an example game finds it
    registered: a test that unregistered the game leaves its module imported, and an
    import of it then would not register it again, so such a module is forgotten first."""
    import sys

    from cardrules import games

    registered = set(games.names())
    for name, module in list(sys.modules.items()):
        if name.startswith("examples.") and getattr(module, "NAME", registered) not in registered:
            del sys.modules[name]
