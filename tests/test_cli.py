"""The command line, driven as a user would: subprocesses with scripted input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def cardrules(
    *args: str, stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
    )


def test_list_names_every_game() -> None:
    result = cardrules("list")
    assert result.returncode == 0
    assert result.stdout.splitlines()[0].startswith("oh_hell")


def test_rules_lists_every_option_with_default_and_meaning() -> None:
    result = cardrules("rules", "oh_hell")
    assert result.returncode == 0
    for option in ("players", "start_hand", "schedule", "bidding", "hook", "max_moves"):
        assert option in result.stdout
    assert "the dealer may not make the bids total the hand size" in result.stdout


def test_play_accepts_numbers_text_help_hint_undo_and_saves_a_record(tmp_path: Path) -> None:
    script = "help\nhint\nbid 9\n1\nundo\n1\nplay ZZ\n1\n1\n1\n"
    result = cardrules(
        "play",
        "oh_hell",
        "--option",
        "schedule=single",
        "--option",
        "start_hand=3",
        "--seed",
        "4",
        "--record",
        "game.json",
        stdin=script,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "commands: a move's number" in out
    assert "hint: bid" in out
    assert "not accepted: a bid is 0..3 in a deal of 3 cards, not 9" in out
    assert "undone: back to your previous decision" in out
    assert "not accepted: bad card 'ZZ'" in out
    assert "schedule complete" in out
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["game"] == "oh_hell" and len(record["moves"]) == 16


def test_leaving_a_game_early_still_saves_its_record(tmp_path: Path) -> None:
    result = cardrules("play", "oh_hell", "--seed", "2", stdin="quit\n", cwd=tmp_path)
    assert result.returncode == 0
    assert (tmp_path / "cardrules-oh_hell-2.json").exists()
    replayed = cardrules("replay", "cardrules-oh_hell-2.json", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr


def test_replay_steps_through_a_record_and_shows_a_seat(tmp_path: Path) -> None:
    cardrules(
        "play",
        "oh_hell",
        "--option",
        "start_hand=1",
        "--option",
        "schedule=single",
        "--record",
        "r.json",
        stdin="1\n1\n",
        cwd=tmp_path,
    )
    result = cardrules("replay", "r.json", "--seat", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "   1. bid" in result.stdout and "hand:" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "chess"), "cardrules: unknown game 'chess'"),
        (("play", "oh_hell", "--option", "players=12"), "cardrules: players=12 is out of range"),
        (("play", "oh_hell", "--option", "colour=red"), "cardrules: unknown option colour"),
        (("simulate", "oh_hell", "--bots", "genius"), "cardrules: unknown bot 'genius'"),
        (("replay", "missing.json"), "cardrules: cannot read missing.json"),
    ],
)
def test_bad_input_gets_one_clear_line_and_exit_2(
    args: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    result = cardrules(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_broken_record_is_refused_with_the_move_number(tmp_path: Path) -> None:
    cardrules("play", "oh_hell", "--record", "r.json", stdin="quit\n", cwd=tmp_path)
    data = json.loads((tmp_path / "r.json").read_text())
    data["moves"] = ["bid 0", "play QQ"]
    (tmp_path / "r.json").write_text(json.dumps(data))
    result = cardrules("replay", "r.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "record move 2 ('play QQ')" in result.stderr
    (tmp_path / "r.json").write_text("{not json")
    assert "not valid JSON" in cardrules("replay", "r.json", cwd=tmp_path).stderr


def test_simulate_prints_a_table_json_and_csv() -> None:
    base = (
        "simulate",
        "oh_hell",
        "--option",
        "schedule=single",
        "--option",
        "start_hand=4",
        "--games",
        "12",
        "--workers",
        "1",
        "--quiet",
    )
    table = cardrules(*base, "--bots", "heuristic", "random")
    assert table.returncode == 0, table.stderr
    assert "heuristic" in table.stdout and "95% CI" in table.stdout
    data = json.loads(cardrules(*base, "--json").stdout)
    assert data["games"] == 12 and len(data["results"]) == 12
    rows = cardrules(*base, "--csv").stdout.strip().splitlines()
    assert len(rows) == 13 and rows[0].startswith("game,seed,seat0_bot")
