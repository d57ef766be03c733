"""The strength page shows every committed results file, and every file it draws a table
from exists and reads (the docs build draws the tables; these checks run without it)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "strength.rst"
RESULTS = ROOT / "benchmarks" / "results"
DIRECTIVE = re.compile(r"^\.\. (results-table|solver-table):: (\S+)$", re.MULTILINE)


def _extension() -> ModuleType:
    path = ROOT / "docs" / "_ext" / "results_tables.py"
    spec = importlib.util.spec_from_file_location("results_tables", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _shown() -> dict[Path, str]:
    return {
        (PAGE.parent / relative).resolve(): kind
        for kind, relative in DIRECTIVE.findall(PAGE.read_text())
    }


def test_every_results_file_is_on_the_strength_page() -> None:
    committed = {path.resolve() for path in RESULTS.glob("*.json*")}
    assert committed, "no results file committed"
    assert committed <= set(_shown()), "a results file the strength page does not show"


def test_every_file_the_page_draws_from_reads() -> None:
    extension = _extension()
    for path, kind in _shown().items():
        assert path.exists(), f"the strength page draws from a missing file: {path}"
        if kind == "results-table":
            text = extension.results_text(path)
            assert "duplicate deals in all" in text and "\n$ python benchmarks/" in "\n" + text
        else:
            rows = extension.solver_rows(path)
            assert rows and all(len(row) == len(extension.SOLVER_COLUMNS) for row in rows)
