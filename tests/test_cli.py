"""The command line, driven as a user would: subprocesses with scripted input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cardrules as package
from tests.commands import ROOT, SCRIPT, cardrules, console_script


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
    assert "Type a move's number" in out
    assert "hint: 1) bid 0" in out
    assert "not accepted: a bid is 0..3 in a deal of 3 cards, not 9" in out
    assert "undone: back to your previous decision" in out
    assert "not accepted: bad card 'ZZ'" in out
    assert "(schedule complete)" in out
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
    assert "   1. bid" in result.stdout and "your hand:" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "chess"), "cardrules: unknown game 'chess'"),
        (("play", "oh_hell", "--option", "players=12"), "cardrules: players=12 is out of range"),
        (
            ("play", "oh_hell", "--option", "colour=red"),
            "cardrules: unknown option 'colour' of oh_hell",
        ),
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


@pytest.mark.skipif(SCRIPT is None, reason="the cardrules console script is not installed")
def test_the_installed_command_imports_a_game_from_the_current_folder() -> None:
    """The console script has its own folder first on the path, not the current one
    (``python -m`` has that): a game given by import path is still found there."""
    result = console_script(
        "simulate", "examples.crazy_eights", "--games", "2", "--workers", "1", "--quiet", cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert "2 games of crazy_eights" in result.stdout


def test_main_puts_the_current_folder_first_only_while_it_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games are imported from the current folder, and a program calling main keeps
    its import path as it was."""
    import io
    import os
    import sys

    from cardrules import games
    from cardrules.cli import main

    monkeypatch.chdir(tmp_path)
    folder = os.getcwd()
    before = list(sys.path)
    first_on_path: list[str] = []
    get = games.get

    def looking(game: Any) -> Any:
        first_on_path.append(sys.path[0])
        return get(game)

    monkeypatch.setattr(games, "get", looking)
    assert main(["rules", "oh_hell"], out=io.StringIO()) == 0
    assert first_on_path == [folder]
    assert sys.path == before


def test_a_game_file_is_found_by_its_path_and_by_its_bare_name(tmp_path: Path) -> None:
    """A game's file in the current folder loads as ``./switch.py`` and as ``switch``;
    a file elsewhere by its path; in simulate's worker processes too."""
    (tmp_path / "switch.py").write_text((ROOT / "examples" / "crazy_eights.py").read_text())
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "eights.py").write_text((tmp_path / "switch.py").read_text())
    for given in ("./switch.py", "switch", "sub/eights.py"):
        result = cardrules("rules", given, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "Crazy Eights" in result.stdout
    result = cardrules(
        "simulate", "switch", "--games", "4", "--workers", "2", "--quiet", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "4 games of crazy_eights" in result.stdout


@pytest.mark.parametrize(
    ("given", "source", "message"),
    [
        ("./missing.py", None, "cannot load the game './missing.py': there is no such file"),
        ("./broken.py", "x = (\n", "cannot load the game './broken.py': SyntaxError:"),
        ("broken", "x = (\n", "cannot load the game './broken.py': SyntaxError:"),
        ("./plain.py", "X = 1\n", "cannot load the game './plain.py': plain is not a game"),
        (
            "./needs.py",
            "import a_module_nobody_has\n",
            "cannot load the game './needs.py': ModuleNotFoundError: No module named",
        ),
        ("./fails.py", "raise RuntimeError('one\\ntwo')\n", "RuntimeError: one two"),
        ("./exits.py", "raise SystemExit(3)\n", "cannot load the game './exits.py': SystemExit: 3"),
        ("not_there", None, "unknown game 'not_there'"),
    ],
)
def test_a_game_file_that_cannot_load_gets_one_line_and_exit_2(
    given: str,
    source: str | None,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every failure to load a game's file (none there, a syntax error, no game in it,
    an import or any other error while it runs) is one line and exit status 2."""
    import io
    import sys

    from cardrules.cli import main

    stem = given.removeprefix("./").removesuffix(".py")
    if source is not None:
        (tmp_path / f"{stem}.py").write_text(source)
    monkeypatch.chdir(tmp_path)
    assert main(["rules", given], out=io.StringIO()) == 2
    error = capsys.readouterr().err
    assert message in error, error
    assert error.startswith("cardrules: ") and len(error.strip().splitlines()) == 1
    assert stem not in sys.modules, "a module that failed to load stays imported"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # Values spelt as the rules text and --option spell them, and the fix.
        (
            ("demo", "oh_hell", "--option", "bidding=simultaneous", "--option", "hook=true"),
            "hook=true does not apply with simultaneous bidding (rule OH-3.4); leave it out",
        ),
        (
            ("demo", "oh_hell", "--option", "hook=none", "--option", "players=true"),
            "players must be a whole number in 3..8, not true",
        ),
        # A range of one value is that value.
        (
            ("demo", "maverick", "--option", "players=3"),
            "players=3 is not allowed: players must be 4",
        ),
        # The option is named once.
        (
            ("demo", "oh_hell", "--option", "start_hand=2.5"),
            "--option start_hand='2.5': a value is a whole number, true, false, none or a word",
        ),
        (("demo", "oh_hell", "--option", "schedule=a,b"), "--option schedule='a,b': a value is"),
        (("demo", "oh_hell", "--option", "players="), "--option 'players=': write NAME=VALUE"),
    ],
)
def test_option_errors_speak_the_options_language(
    args: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    result = cardrules(*args, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"cardrules: {message}"), result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_a_broken_record_is_refused_with_the_move_number(tmp_path: Path) -> None:
    cardrules("play", "oh_hell", "--record", "r.json", stdin="quit\n", cwd=tmp_path)
    data = json.loads((tmp_path / "r.json").read_text())
    data["moves"] = ["bid 0", "play QQ"]
    (tmp_path / "r.json").write_text(json.dumps(data))
    result = cardrules("replay", "r.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "record move 2 ('play QQ')" in result.stderr
    # Move texts are one of the two forms a record's moves take: the fourth entry is bad.
    data["moves"] = ["bid 0", "bid 1", "bid 0", 7]
    (tmp_path / "r.json").write_text(json.dumps(data))
    result = cardrules("replay", "r.json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("cardrules: record move 4 must be a move's text")
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


def test_simulate_stops_a_game_that_never_ends_and_says_so() -> None:
    """A game whose random play never ends (Whist without a target) ends at the cap
    --max-moves sets, in worker processes too; the summary counts the truncated games,
    each CSV row says it, and a simulation without a cap is refused nowhere: 0 lifts it."""
    base = ("simulate", "tests.endless", "--bots", "random", "--games", "4", "--quiet")
    table = cardrules(*base, "--workers", "2", "--max-moves", "300", cwd=ROOT)
    assert table.returncode == 0, table.stderr
    assert "mean game length: 300.0 moves" in table.stdout
    assert "4 games were truncated: the safety cap of 300 moves ended them" in table.stdout
    rows = cardrules(*base, "--workers", "1", "--max-moves", "50", "--csv", cwd=ROOT).stdout
    assert [row.split(",")[-3:] for row in rows.strip().splitlines()[1:]] == [
        ["truncated", "50", "0"]
    ] * 4
    data = json.loads(cardrules(*base, "--workers", "1", "--max-moves", "60", "--json",
                                cwd=ROOT).stdout)  # fmt: skip
    assert data["truncated"] == 4 and data["max_moves"] == 60


def test_version_and_help_show_every_default() -> None:
    assert cardrules("--version").stdout.strip() == f"cardrules {package.__version__}"
    helped = " ".join(cardrules("simulate", "--help").stdout.split())  # as wrapped anywhere
    for default in (
        "(default: 100)",
        "(default: local)",
        "(default: 1)",
        "(default: heuristic random)",
    ):
        assert default in helped
    assert "(default: a random seed" in cardrules("play", "--help").stdout


def test_the_base_install_prints_plain_tables_without_rich() -> None:
    rules = cardrules("rules", "oh_hell", without_rich=True)
    assert rules.returncode == 0, rules.stderr
    assert "start_hand" in rules.stdout and "short " in rules.stdout
    sim = cardrules(
        "simulate",
        "oh_hell",
        "--rules",
        "short",
        "--games",
        "4",
        "--workers",
        "1",
        without_rich=True,
    )
    assert sim.returncode == 0, sim.stderr
    header = next(line for line in sim.stdout.splitlines() if "win rate" in line)
    assert header.split()[:2] == ["bot", "seat-games"]


def test_a_preset_is_named_with_rules_and_options_change_it() -> None:
    result = cardrules("demo", "oh_hell", "--rules", "short")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("oh_hell oh_hell(start_hand=3) with 4 random bots")
    # an option another one depends on can be changed: the dependent one is worked out again
    result = cardrules("demo", "maverick", "--rules", "bidding", "--option", "bidding=false")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("maverick maverick(max_deals=1) with 4 random bots")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simulate", "oh_hell", "--json", "--csv"), "--csv: not allowed with argument --json"),
        (("simulate", "oh_hell", "--workers", "0"), "--workers: 0 is too small: use 1 or more"),
        (("simulate", "oh_hell", "--workers", "-1"), "--workers: -1 is too small: use 1 or more"),
        (("simulate", "oh_hell", "--games", "0"), "--games: 0 is too small"),
        (("play", "oh_hel"), "did you mean 'oh_hell'?"),
        (("plya", "oh_hell"), "did you mean 'play'?"),
        (("play", "oh_hell", "--rules", "shrt"), "did you mean 'short'?"),
        (("play", "oh_hell", "--option", "playrs=5"), "did you mean 'players'?"),
        (("simulate", "oh_hell", "--bots", "heurstic"), "did you mean 'heuristic'?"),
        (("play", "oh_hell", "--seat", "7"), "--seat 7: this game has seats 0 to 3"),
        (("play", "oh_hell", "--seat", "²"), "'²' is not a whole number"),
        (("play", "oh_hell", "--option", "players=" + "9" * 5000), "more than 18 digits"),
        (("play", "oh_hell", "--rules", f"oh_hell(players={'9' * 5000})"), "more than 18 digits"),
        (("simulate", "oh_hell", "--seed", "9" * 5000), "more than 18 digits"),
        (("simulate", "oh_hell", "--address", "x"), "use it with --backend ray"),
        (("play", "oh_hell", "--record", "missing/dir/x.json"), "folder missing/dir does not"),
    ],
)
def test_contradictory_or_out_of_range_arguments_are_refused_in_one_line(
    args: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    result = cardrules(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""  # refused before anything started


def test_replay_refuses_a_bad_seat_and_bytes_that_are_not_text(tmp_path: Path) -> None:
    cardrules(
        "play", "oh_hell", "--rules", "short", "--record", "r.json", stdin="quit\n", cwd=tmp_path
    )
    result = cardrules("replay", "r.json", "--seat", "9", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == "cardrules: --seat 9: this game has seats 0 to 3\n"
    (tmp_path / "bad.json").write_bytes(b'{"game": "\xff\xfe"}')
    result = cardrules("replay", "bad.json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("cardrules: bad.json is not a game record: not UTF-8")


def test_strange_answers_at_the_prompt_are_refused_not_crashed_on(tmp_path: Path) -> None:
    script = f"²\n{'7' * 5000}\nbid ²\n{'x' * 5000}\nquit\n"
    result = cardrules("play", "oh_hell", "--seed", "3", stdin=script, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.count("not accepted:") == 4


def test_simulate_saves_every_record_in_a_folder_and_never_over_old_ones(tmp_path: Path) -> None:
    args = ("simulate", "oh_hell", "--rules", "short", "--games", "3", "--quiet")
    result = cardrules(*args, "--records", "kept", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == [
        f"oh_hell-game-{n}.json" for n in range(3)
    ]
    again = cardrules(*args, "--records", "kept", cwd=tmp_path)
    assert again.returncode == 2 and again.stdout == ""  # refused before the run
    assert "already holds oh_hell records: give a new or empty folder" in again.stderr
    (tmp_path / "file").write_text("")
    assert "that is a file" in cardrules(*args, "--records", "file", cwd=tmp_path).stderr


@pytest.mark.parametrize(
    ("args", "message", "absent"),
    [
        # A known bot name with a bad argument is not 'corrected' to itself.
        (("simulate", "oh_hell", "--bots", "ismcts:0"), "iterations must be", "did you mean"),
        (("simulate", "oh_hell", "--rules", " "), "--rules is empty: give a preset", "''"),
        (("tournament", "oh_hell", "--bots", "random"), "e.g. --bots heuristic random", "['"),
    ],
)
def test_refusals_say_the_fix_without_noise(
    args: tuple[str, ...], message: str, absent: str, tmp_path: Path
) -> None:
    result = cardrules(*args, cwd=tmp_path)
    assert result.returncode == 2 and message in result.stderr and absent not in result.stderr


def test_a_move_text_the_game_cannot_read_is_refused_with_the_reason(tmp_path: Path) -> None:
    result = cardrules(
        "play", "oh_hell", "--rules", "short", "--seed", "9", stdin="bid ①\nquit\n", cwd=tmp_path
    )
    # The library reads only ASCII digits and says so.
    assert "not accepted: bad move 'bid ①': a bid must be a whole number" in result.stdout
    assert "invalid literal" not in result.stdout  # no Python conversion message


def test_rules_lines_the_presets_up_however_long_their_names(tmp_path: Path) -> None:
    lines = cardrules("rules", "oh_hell", without_rich=True).stdout.split("presets")[1]
    starts = {line.index("oh_hell(") for line in lines.splitlines() if "oh_hell(" in line}
    assert len(starts) == 1


def test_a_record_file_that_appears_during_the_game_is_not_overwritten(tmp_path: Path) -> None:
    from cardrules.cli import _save_record

    taken = tmp_path / "cardrules-oh_hell-9.json"
    taken.write_text("someone else's")
    saved = _save_record(taken, "{}", overwrite=False)
    assert saved == tmp_path / "cardrules-oh_hell-9-2.json" and saved.read_text() == "{}"
    assert taken.read_text() == "someone else's"
    assert _save_record(taken, "{}", overwrite=True) == taken and taken.read_text() == "{}"


def test_replay_prints_a_record_as_a_score_sheet(tmp_path: Path) -> None:
    cardrules(
        "play", "oh_hell", "--rules", "short", "--record", "r.json", stdin="1\n" * 80, cwd=tmp_path
    )
    result = cardrules("replay", "r.json", "--sheet", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("oh_hell · oh_hell(start_hand=3)")
    assert "Deal 1 · dealer:" in result.stdout and lines[-1].startswith("Result: ")
    refused = cardrules("replay", "r.json", "--sheet", "--seat", "1", cwd=tmp_path)
    assert refused.returncode == 2 and "--seat goes with the step by step replay" in refused.stderr


def test_a_move_copied_from_the_screen_with_its_suit_symbol_is_read(tmp_path: Path) -> None:
    from cardrules.cli import _choice
    from cardrules.games import oh_hell

    rules = oh_hell.Rules(schedule="single", start_hand=2, first_dealer=3)
    state = oh_hell.deal(rules, seed=0)
    for _ in range(4):
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    from cardrules.moves import Play

    legal = oh_hell.legal_moves(state)
    assert isinstance(legal[0], Play)
    card = legal[0].card
    typed = f"play {card.text[:-1]}{'♣♦♥♠'['CDHS'.index(card.text[-1])]}"
    assert _choice(typed, legal, oh_hell, state) == legal[0]


def test_a_played_game_records_who_sat_where_and_the_date(tmp_path: Path) -> None:
    import datetime

    cardrules(
        "play", "oh_hell", "--seat", "2", "--bots", "random", "--record", "r.json",
        stdin="quit\n", cwd=tmp_path,
    )  # fmt: skip
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["players"] == ["random bot", "random bot", "you", "random bot"]
    assert datetime.date.fromisoformat(data["date"]) <= datetime.date.today()


def test_replay_never_imports_the_module_a_record_names(tmp_path: Path) -> None:
    """A record from elsewhere, beside a module of the same name in the current folder
    (which the command puts on the import path): the module is not run."""
    (tmp_path / "planted").mkdir()
    (tmp_path / "planted" / "__init__.py").write_text("")
    (tmp_path / "planted" / "game.py").write_text("print('PLANTED CODE RAN')\n")
    made = cardrules(
        "play", "oh_hell", "--seed", "1", "--record", "r.json", stdin="quit\n", cwd=tmp_path
    )
    assert made.returncode == 0, made.stderr
    record = json.loads((tmp_path / "r.json").read_text())
    (tmp_path / "r.json").write_text(json.dumps(record | {"game": "planted.game"}))
    result = cardrules("replay", "r.json", cwd=tmp_path)
    assert result.returncode == 2 and "PLANTED" not in result.stdout + result.stderr
    assert "give its import path with --game" in result.stderr


def _played_moves(
    script: str, record: Path, monkeypatch: pytest.MonkeyPatch, *args: str
) -> list[str]:
    """The moves of a game played in-process with ``script`` typed in, as its record saves them."""
    import io
    import sys

    from cardrules.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert main(["play", *args, "--record", str(record)], out=io.StringIO()) == 0
    moves: list[str] = json.loads(record.read_text())["moves"]
    return moves


@pytest.mark.parametrize("seed", ["4", "11"])
def test_undo_then_the_same_move_gets_the_same_bot_replies(
    seed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An undo takes the random bots back with the position: the same move after it gets
    the same replies, so undoing until the bots play worse does not work."""
    game = ("maverick", "--bots", "random", "--seed", seed)
    straight = _played_moves("1\n1\nquit\n", tmp_path / "a.json", monkeypatch, *game)
    undone = _played_moves(
        "1\n1\nundo\nundo\n1\n1\nquit\n", tmp_path / "b.json", monkeypatch, *game
    )
    assert len(straight) > 2
    assert undone == straight


def test_every_help_text_prints_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """Each command's --help shows its text as written: no doubled percent sign (a
    description is printed as it is, only an option's help is %-formatted)."""
    import io

    from cardrules.cli import _COMMANDS, main

    assert len(_COMMANDS) >= 7
    for command in ([], *([name] for name in _COMMANDS)):
        assert main([*command, "--help"], out=io.StringIO()) == 0
        shown = capsys.readouterr().out
        assert "usage:" in shown
        assert "%%" not in shown and "%(" not in shown, f"cardrules {' '.join(command)} --help"
