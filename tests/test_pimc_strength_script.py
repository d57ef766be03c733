"""benchmarks/pimc_strength.py: a bounded run appends its deals, resumes from its file,
and prints the table from the file alone."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "pimc_strength.py"
RULES = "oh_hell(schedule=single,start_hand=2)"


def _run(monkeypatch: pytest.MonkeyPatch, *arguments: str) -> None:
    monkeypatch.setattr(sys, "argv", [str(SCRIPT), *arguments])
    runpy.run_path(str(SCRIPT), run_name="__main__")


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_run_appends_resumes_and_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.jsonl"
    common = ("oh_hell", "--rules", RULES, "--bots", "random", "heuristic")
    _run(monkeypatch, *common, "--deals", "2", "--results", str(results))
    first = _lines(results)
    assert [(line["deal"], line["seed"]) for line in first] == [(0, 2026), (1, 2026 + 1)]
    for line in first:
        assert line["pair"] == ["random", "heuristic"]
        assert {"commit", "build", "date", "command", "games"} <= set(line)
        games = line["games"]
        assert isinstance(games, list) and len(games) == 2  # A B A B and B A B A
        assert all(len(game["payoffs"]) == 4 for game in games)

    # A killed run leaves at most a partial last line: the next run drops it and goes on.
    with results.open("a") as file:
        file.write('{"game": "oh_hell", "pair": ["ran')
    capsys.readouterr()
    _run(monkeypatch, *common, "--deals", "3", "--results", str(results))
    resumed = _lines(results)
    assert resumed[:2] == first  # the deals already played are kept, not played again
    assert [line["deal"] for line in resumed] == [0, 1, 2]
    out = capsys.readouterr().out
    assert "deal 0," not in out and "deal 2, random v heuristic" in out

    # The budget: none left, no deal starts.
    _run(monkeypatch, *common, "--deals", "5", "--budget-s", "0", "--results", str(results))
    assert len(_lines(results)) == 3

    capsys.readouterr()
    _run(monkeypatch, "--table", str(results))
    table = capsys.readouterr().out
    assert "3 duplicate deals in all" in table
    assert "random v heuristic" in table
