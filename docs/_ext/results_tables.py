"""Benchmark tables drawn from the committed results files, when the docs are built.

A page writes::

    .. results-table:: ../benchmarks/results/pimc-oh_hell.jsonl

and the build reads the results file (JSON lines, one duplicate deal a line, as
``benchmarks/pimc_strength.py`` appends them), makes the round robin's table with that
script's own ``table`` function, and shows it with the commands that played the deals.
And::

    .. solver-table:: ../benchmarks/results/solver-compiled.json

shows the rows that ``benchmarks/solver.py --json`` printed (one a game and size) as a
table. So a page cannot show figures that the committed files do not hold, and a file
with more deals changes the page at the next build. A missing or empty file stops the
build.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "pimc_strength.py"


def _script() -> ModuleType:
    """The strength script, loaded as a module (it is not part of the package)."""
    spec = importlib.util.spec_from_file_location("pimc_strength", SCRIPT)
    if spec is None or spec.loader is None:
        raise ExtensionError(f"cannot load the strength script {SCRIPT}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def results_text(path: Path) -> str:
    """The table of the results file ``path`` and the commands that made its deals."""
    script = _script()
    deals = script.read_results(path)
    if not deals:
        raise ExtensionError(f"the results file {path} holds no deal")
    text, _ = script.table(deals)
    commands = sorted({str(deal["command"]) for deal in deals})
    return "\n".join([*("$ " + command for command in commands), "", text])


class _FileDirective(SphinxDirective):
    """A directive of one argument, a results file's path relative to the page."""

    required_arguments = 1
    has_content = False

    def results_file(self) -> Path:
        """The file the directive names, which must exist; a rebuild follows its changes."""
        relative = self.arguments[0]
        path = (Path(self.env.srcdir) / relative).resolve()
        if not path.exists():
            raise self.error(f"{self.name}: no results file {relative}")
        self.env.note_dependency(str(path))
        return path


class ResultsTableDirective(_FileDirective):
    """``.. results-table:: FILE``: the table of a results file, as a literal block."""

    def run(self) -> list[nodes.Node]:
        try:
            text = results_text(self.results_file())
        except ExtensionError as error:
            raise self.error(f"{self.name}: {error}") from error
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def _count(value: float | None) -> str:
    """A count with thousands separated, or a dash where no solve finished."""
    return "-" if value is None else f"{value:,.0f}"


def _seconds(value: float | None) -> str:
    """Seconds with two significant digits, in milliseconds below a tenth of a second (a
    dash where no solve finished)."""
    if value is None:
        return "-"
    if value < 0.1:
        return f"{value * 1000:.2g} ms"
    return f"{value:.2g} s"


#: The solver table's columns: heading and the text of a row's cell.
SOLVER_COLUMNS: tuple[tuple[str, Any], ...] = (
    ("game", lambda row: str(row["game"]).replace("_", " ")),
    ("cards a hand", lambda row: str(row["cards"])),
    ("deals (stopped)", lambda row: f"{row['deals']} ({row['stopped']})"),
    ("median", lambda row: _seconds(row["median_s"])),
    ("quartiles", lambda row: f"{_seconds(row['q1_s'])} to {_seconds(row['q3_s'])}"),
    ("slowest", lambda row: _seconds(row["slowest_s"])),
    ("positions (median)", lambda row: _count(row["positions_searched"])),
    ("DDS median", lambda row: _seconds(row["dds_median_s"]) if "ratio" in row else ""),
    ("ratio to DDS", lambda row: f"{row['ratio']:.0f}x" if row.get("ratio") else ""),
)


def solver_rows(path: Path) -> list[list[str]]:
    """The cells of the solver table of the JSON file ``path``, a row a game and size."""
    rows = json.loads(path.read_text())
    if not isinstance(rows, list) or not rows:
        raise ExtensionError(f"the solver results file {path} holds no row")
    # A size the game cannot deal (four players of Up and Down the River hold at most 12).
    return [[cell(row) for _, cell in SOLVER_COLUMNS] for row in rows if "skipped" not in row]


class SolverTableDirective(_FileDirective):
    """``.. solver-table:: FILE``: the rows of ``benchmarks/solver.py --json``."""

    def run(self) -> list[nodes.Node]:
        try:
            rows = solver_rows(self.results_file())
        except (ExtensionError, KeyError, ValueError) as error:
            raise self.error(f"{self.name}: {error}") from error
        headings = [heading for heading, _ in SOLVER_COLUMNS]
        table = nodes.table()
        group = nodes.tgroup(cols=len(headings))
        table += group
        for _ in headings:
            group += nodes.colspec(colwidth=1)
        head = nodes.thead()
        group += head
        body = nodes.tbody()
        group += body
        for cells, parent in [(headings, head), *((row, body) for row in rows)]:
            line = nodes.row()
            for cell in cells:
                entry = nodes.entry()
                entry += nodes.paragraph(text=cell)
                line += entry
            parent += line
        return [table]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("results-table", ResultsTableDirective)
    app.add_directive("solver-table", SolverTableDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["results_text", "setup", "solver_rows"]
