"""Print how many inputs each fuzz target tried."""

from __future__ import annotations

import pytest

from tests.fuzz import TRIED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if TRIED:
        terminalreporter.section("fuzz inputs tried")
        for target, count in sorted(TRIED.items()):
            terminalreporter.write_line(f"{target}: {count}")
