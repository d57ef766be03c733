"""The golden data of every registered game: perft counts and replayed transcripts.

A game without golden files fails (it is not skipped): run the command the
failure names, review the new files and commit them.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from cardrules import games
from tests.golden.regenerate import COMMAND, GOLDEN_DIR, perft_data, transcript, transcript_moves

NAMES = list(games.names())


def _folder(name: str) -> Path:
    folder = GOLDEN_DIR / name
    if not (folder / "perft.json").is_file() or not list(folder.glob("transcript_*.txt")):
        pytest.fail(f"no golden data for {name}: run {COMMAND} {name}")
    return folder


def _diff(expected: str, actual: str, label: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(),
        actual.splitlines(),
        f"{label} (golden)",
        f"{label} (now)",
        lineterm="",
    )
    return "\n".join(list(lines)[:60])


@pytest.mark.parametrize("name", NAMES)
def test_perft_counts_match_the_golden_data(name: str) -> None:
    golden = json.loads((_folder(name) / "perft.json").read_text(encoding="utf-8"))
    now = perft_data(name, depth=len(golden["perft"]))
    diff = _diff(json.dumps(golden, indent=1), json.dumps(now, indent=1), "perft.json")
    assert now == golden, (
        f"{name}: perft differs from the golden data (a behaviour change?); "
        f"if intended, run {COMMAND} {name}\n{diff}"
    )


@pytest.mark.parametrize("name", NAMES)
def test_transcripts_replay_to_the_same_views_and_moves(name: str) -> None:
    game = games.get(name)
    for path in sorted(_folder(name).glob("transcript_*.txt")):
        golden = path.read_text(encoding="utf-8")
        rules, moves, seed = transcript_moves(golden)
        now = transcript(game, rules, seed, moves)
        assert now == golden, (
            f"{name}: {path.name} differs (a behaviour change?); if intended, run "
            f"{COMMAND} {name}\n{_diff(golden, now, path.name)}"
        )
