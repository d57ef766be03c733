"""Simulation: deterministic from one seed, the same whatever the number of workers."""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from cardrules.bots import RandomBot
from cardrules.errors import CardrulesError, RulesError
from cardrules.games import oh_hell
from cardrules.records import replay
from cardrules.simulate import BotEntry, SimulationError, simulate, wilson_interval

SINGLE = "oh_hell(schedule=single,start_hand=5)"
_M = TypeVar("_M")
LINEUP = ["heuristic", "random", "random", "random"]


def test_one_and_two_workers_give_identical_results() -> None:
    one = simulate("oh_hell", LINEUP, games=40, seed=9, rules_text=SINGLE, workers=1)
    two = simulate("oh_hell", LINEUP, games=40, seed=9, rules_text=SINGLE, workers=2)
    assert one == two
    assert one.table() == two.table()


def test_seats_rotate_so_each_bot_sits_everywhere() -> None:
    results = simulate("oh_hell", LINEUP, games=8, seed=1, rules_text=SINGLE, workers=1)
    seats_of_heuristic = [r.seats.index("heuristic") for r in results.results]
    assert sorted(seats_of_heuristic) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_a_different_seed_gives_different_games() -> None:
    a = simulate("oh_hell", LINEUP, games=5, seed=1, rules_text=SINGLE, workers=1)
    b = simulate("oh_hell", LINEUP, games=5, seed=2, rules_text=SINGLE, workers=1)
    assert [r.seed for r in a.results] != [r.seed for r in b.results]


def test_bad_line_ups_are_refused() -> None:
    with pytest.raises(RulesError, match="seats 4 bots; 2 given"):
        simulate("oh_hell", ["random", "random"], games=1, seed=1)
    with pytest.raises(RulesError, match="unknown backend"):
        simulate("oh_hell", LINEUP, games=1, seed=1, backend="slurm")


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson_interval(30, 40)
    assert low < 0.75 < high
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="the ray extra is not installed"
)
def test_the_ray_backend_on_a_local_instance_gives_the_same_results() -> None:
    # A user's bot class travels to the Ray workers as it does to the process pool.
    lineup: list[BotEntry] = ["heuristic", FirstMoveBot, "random", FirstMoveBot()]
    local = simulate("oh_hell", lineup, games=12, seed=4, rules_text=SINGLE, workers=1)
    on_ray = simulate("oh_hell", lineup, games=12, seed=4, rules_text=SINGLE, backend="ray")
    assert on_ray == local


# --------------------------------------------------------------------------- your own bots


class FirstMoveBot:
    """A user's bot, defined at module level so that worker processes can unpickle it."""

    name = "first"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return legal_moves[0]


class CountingBot:
    """A bot that keeps state between moves: given as a factory, each game gets a fresh one."""

    name = "counting"

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        self.moves += 1
        return legal_moves[-1] if self.moves % 2 else legal_moves[0]


def test_bot_objects_factories_and_names_mix_in_one_line_up() -> None:
    class NotRandom(FirstMoveBot):
        name = "random"

    lineup: list[BotEntry] = [FirstMoveBot(), CountingBot, "random", NotRandom()]
    with pytest.raises(SimulationError, match="different bots with the same name 'random'"):
        simulate("oh_hell", lineup, games=4, seed=3, rules=SINGLE, workers=1)
    lineup = [FirstMoveBot(), CountingBot, "random", "heuristic"]
    results = simulate("oh_hell", lineup, games=4, seed=3, rules=SINGLE, workers=1)
    assert results.lineup == ("first", "counting", "random", "heuristic")
    assert [row.bot for row in results.table()] == ["first", "counting", "random", "heuristic"]
    # The same bot given as a name and as an object (same name, same class) is one bot.
    same = simulate(
        "oh_hell",
        [RandomBot(), "random", "random", RandomBot],
        games=2,
        seed=3,
        rules=SINGLE,
        workers=1,
    )
    assert [row.bot for row in same.table()] == ["random"]


def test_a_rules_object_and_its_text_give_the_same_run() -> None:
    rules = oh_hell.Rules(schedule="single", start_hand=5)
    by_object = simulate("oh_hell", LINEUP, games=6, seed=2, rules=rules, workers=1)
    by_text = simulate("oh_hell", LINEUP, games=6, seed=2, rules_text=SINGLE, workers=1)
    assert by_object == by_text


def test_the_process_pool_plays_a_user_defined_bot_class_as_one_process_does() -> None:
    lineup: list[BotEntry] = [FirstMoveBot, "random", FirstMoveBot, "random"]
    one = simulate("oh_hell", lineup, games=8, seed=5, rules=SINGLE, workers=1, records=True)
    two = simulate("oh_hell", lineup, games=8, seed=5, rules=SINGLE, workers=2, records=True)
    assert one == two
    assert len(two.records) == 8


def test_a_bot_that_cannot_travel_to_workers_is_refused_before_the_run() -> None:
    class LocalBot(FirstMoveBot):
        pass

    with pytest.raises(SimulationError, match=r"cannot be sent to worker processes.*workers=1"):
        simulate("oh_hell", [LocalBot(), *LINEUP[1:]], games=2, seed=1, rules=SINGLE, workers=2)
    results = simulate(
        "oh_hell", [LocalBot(), *LINEUP[1:]], games=2, seed=1, rules=SINGLE, workers=1
    )
    assert results.games_played == 2


def test_chosen_records_are_kept_and_replay_to_the_same_results(tmp_path: Path) -> None:
    results = simulate("oh_hell", LINEUP, games=6, seed=8, rules=SINGLE, workers=1, records=[1, 4])
    kept = [r for r in results.results if r.record is not None]
    assert [r.index for r in kept] == [1, 4]
    for result in kept:
        assert result.record is not None
        assert result.record.players == result.seats
        final = replay(result.record)
        assert oh_hell.score(final).payoffs == result.payoffs
    paths = results.write_records(tmp_path / "games")
    assert [p.name for p in paths] == ["oh_hell-game-1.json", "oh_hell-game-4.json"]
    with pytest.raises(SimulationError, match="exists already"):
        results.write_records(tmp_path / "games")
    assert "record" in results.to_dict()["results"][1]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": "3"}, r"games must be a whole number, not '3' \(write games=3\)"),
        ({"games": 0}, "games must be at least 1"),
        ({"workers": "2"}, "workers must be a whole number"),
        ({"workers": 0}, "workers must be at least 1"),
        ({"seed": "x"}, "seed must be a whole number, not 'x'"),
        ({"seed": 1.5}, "seed must be a whole number"),
        ({"rules": 5}, "rules must be oh_hell's Rules or their text"),
        ({"rules": "enfle()"}, "these are rules of 'enfle', not of 'oh_hell'"),
        ({"rules": SINGLE, "rules_text": SINGLE}, "give the rules once"),
        ({"records": "all"}, "records must be True, False or the numbers"),
        ({"records": [9]}, r"records names game 9; the games are 0\.\.1"),
        ({"duplicate": "yes"}, "duplicate must be True or False"),
    ],
)
def test_bad_arguments_name_the_problem_and_the_fix(
    arguments: dict[str, Any], message: str
) -> None:
    call: dict[str, Any] = {"games": 2, "seed": 1, "workers": 1} | arguments
    with pytest.raises(SimulationError, match=message):
        simulate("oh_hell", LINEUP, **call)


def test_bad_line_ups_name_the_problem() -> None:
    with pytest.raises(SimulationError, match="lineup must be a list with one bot per seat"):
        simulate("oh_hell", "random", games=1, seed=1)
    with pytest.raises(SimulationError, match="is not a bot: a bot has a choose"):
        not_a_bot: list[Any] = [object(), *LINEUP[1:]]
        simulate("oh_hell", not_a_bot, games=1, seed=1, workers=1)
    for spec in ("ismcts:²", "ismcts:" + "9" * 50):
        with pytest.raises(CardrulesError, match="write ismcts, ismcts:N"):
            simulate("oh_hell", [spec, *LINEUP[1:]], games=1, seed=1, workers=1)
    with pytest.raises(CardrulesError, match="unknown bot"):
        simulate("oh_hell", ["smart", *LINEUP[1:]], games=1, seed=1, workers=1)
    with pytest.raises(CardrulesError, match=r"separating bots with spaces \(heuristic random\)"):
        simulate("oh_hell", ["heuristic,random", *LINEUP[1:]], games=1, seed=1, workers=1)


class _CrashingBot:
    name = "crashing"

    def choose(self, view: object, legal: Sequence[object], rng: random.Random) -> object:
        raise ZeroDivisionError("a bug in the bot")


class _TextBot:
    name = "text"

    def choose(self, view: object, legal: Sequence[object], rng: random.Random) -> object:
        return "bid 0"


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        (_CrashingBot(), r"seat 0's bot 'crashing' raised ZeroDivisionError\('a bug in the bot'\)"),
        (_TextBot(), r"seat 0's bot 'text' chose 'bid 0', not one of the legal moves"),
    ],
)
def test_a_failing_bot_is_named_with_its_seat_move_and_game_seed(bot: Any, message: str) -> None:
    from cardrules.errors import BotError

    with pytest.raises(BotError, match=message + r".*at move 1 of the game with seed \d+"):
        simulate("oh_hell", [bot, *LINEUP[1:]], games=1, seed=1, workers=1)


def test_rules_may_be_a_preset_name_of_the_game_with_a_suggestion_for_a_typo() -> None:
    from cardrules.tournament import tournament

    assert simulate("oh_hell", LINEUP, games=1, seed=1, rules="short", workers=1).rules == str(
        oh_hell.Rules(start_hand=3)
    )
    with pytest.raises(SimulationError, match="'shrt' is not a preset of oh_hell; did you mean"):
        tournament("oh_hell", ["random", "heuristic"], deals=1, seed=1, rules="shrt")
    with pytest.raises(SimulationError, match="these are rules of 'mau_mau', not of 'oh_hell'"):
        simulate("oh_hell", LINEUP, games=1, seed=1, rules="mau_mau()")


class _FirstMoveBot:
    name = "first"

    def choose(self, view: Any, legal_moves: Sequence[_M], rng: random.Random) -> _M:
        return legal_moves[0]


@pytest.fixture
def broken() -> Any:
    """The standard Mau Mau with a bug in its ``apply`` from move 3 on, registered."""
    from cardrules import games
    from tests.broken import broken_game

    game = games.register(broken_game(from_move=3))
    yield game
    games.unregister(game.NAME)


def test_a_game_that_fails_is_blamed_not_the_bot_that_chose_a_legal_move(broken: Any) -> None:
    """A listed move on which the game's own code fails is the game's defect, not the
    bot's: named with its seed, seat, move number and move, and chained from the game's
    own error (a bot is blamed only for a move that is not among the legal moves)."""
    from cardrules.errors import BotError, GameError
    from cardrules.play import play_game

    with pytest.raises(GameError) as raised:
        play_game(broken, broken.Rules(), [RandomBot()] * 4, seed=5)
    message = str(raised.value)
    assert not isinstance(raised.value, BotError)
    assert message.startswith("the game 'broken_mau_mau' failed applying seat ")
    assert "(one of the legal moves) at move 4 of the game with seed 5" in message
    assert "IndexError: a bug in the game's own code (raised in " in message
    assert "broken.py" in message and "not of the bot" in message
    assert isinstance(raised.value.__cause__, IndexError)


def test_a_listed_move_that_apply_refuses_is_the_games_defect_not_the_bots() -> None:
    """A move among legal_moves that apply refuses with IllegalMoveError: the game
    contradicts itself, so the GameError says the listed move was refused; no BotError."""
    from cardrules.errors import BotError, GameError, IllegalMoveError
    from cardrules.play import play_game
    from tests.broken import refusing_game

    game = refusing_game()
    with pytest.raises(GameError) as raised:
        play_game(game, game.Rules(), [_FirstMoveBot()] * 4, seed=5)
    message = str(raised.value)
    assert not isinstance(raised.value, BotError)
    assert message.startswith("the game 'refusing_mau_mau' failed applying seat ")
    assert "(one of the legal moves, which apply refused) at move 1 " in message
    assert "of the game with seed 5: IllegalMoveError: play " in message
    assert "not of the bot" in message
    assert isinstance(raised.value.__cause__, IllegalMoveError)


class _UnlistedMoveBot:
    """Chooses a move that is not among the legal moves (a defect of the bot)."""

    name = "unlisted"

    def choose(self, view: Any, legal_moves: Sequence[_M], rng: random.Random) -> Any:
        return "no such move"


def test_an_unlisted_move_is_the_bots_fault_whatever_apply_raises(broken: Any) -> None:
    """The broken game's apply raises IndexError (not IllegalMoveError) from move 3 on;
    a bot that then chooses a move not among the legal moves is still the one blamed."""
    from cardrules.errors import BotError
    from cardrules.play import play_game

    bots: list[Any] = [_FirstMoveBot()] * 3 + [_UnlistedMoveBot()]
    with pytest.raises(BotError) as raised:
        play_game(broken, broken.Rules(), bots, seed=5)
    message = str(raised.value)
    assert message.startswith("seat 3's bot 'unlisted' chose 'no such move', not one of the legal")
    assert "at move 4 of the game with seed 5" in message
    assert isinstance(raised.value.__cause__, IndexError)


def test_simulate_and_tournament_report_a_failing_game_as_the_games_defect(broken: Any) -> None:
    from cardrules.errors import GameError
    from cardrules.tournament import tournament

    with pytest.raises(GameError, match=r"'broken_mau_mau' failed applying seat \d's move"):
        simulate("broken_mau_mau", ["random"] * 4, games=1, seed=1, workers=1)
    with pytest.raises(GameError, match="at move 4 of the game with seed"):
        tournament("broken_mau_mau", ["random", _FirstMoveBot()], deals=1, seed=1, workers=1)


def test_a_failing_game_is_reported_by_the_command_line_as_the_games_defect(broken: Any) -> None:
    import contextlib
    import io

    from cardrules.cli import main

    error = io.StringIO()
    with contextlib.redirect_stderr(error):
        status = main(["demo", "broken_mau_mau"], out=io.StringIO())
    assert status == 1
    assert "a defect of the game" in error.getvalue()
    assert "CARDRULES_DEBUG=1" in error.getvalue()


def test_cardrules_play_reports_a_failing_game_as_play_game_does(
    broken: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interactive game names the game's defect with its seed, move number, seat
    and move (exit 1), not as an unexpected error, and still saves the game so far."""
    import contextlib
    import io

    from cardrules.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 20))
    record = tmp_path / "r.json"
    error = io.StringIO()
    with contextlib.redirect_stderr(error):
        status = main(
            ["play", "broken_mau_mau", "--bots", "random", "--seed", "5", "--record", str(record)],
            out=io.StringIO(),
        )
    message = error.getvalue()
    assert status == 1
    assert "cardrules: the game 'broken_mau_mau' failed applying seat " in message
    assert "(one of the legal moves) at move 4 of the game with seed 5: IndexError: " in message
    assert "a defect of the game" in message and "unexpected error" not in message
    assert record.exists()


def test_play_game_needs_one_bot_per_seat() -> None:
    from cardrules.errors import ArgumentError
    from cardrules.play import play_game

    with pytest.raises(ArgumentError, match="one bot per seat: 4 bots, not 2"):
        play_game(oh_hell, oh_hell.Rules(), [RandomBot(), RandomBot()], seed=1)


def test_a_game_that_gives_no_player_to_move_before_its_end_is_the_games_defect() -> None:
    import types

    from cardrules.errors import GameError
    from cardrules.game import INTERFACE_NAMES
    from cardrules.games import mau_mau_standard
    from cardrules.play import play_game

    stuck = types.ModuleType("stuck")
    for name in INTERFACE_NAMES:
        setattr(stuck, name, getattr(mau_mau_standard, name))
    setattr(stuck, "to_move", lambda state: None)  # noqa: B010
    with pytest.raises(
        GameError, match=r"gives None as the player to move before its end at move 1"
    ):
        play_game(stuck, mau_mau_standard.Rules(), [RandomBot()] * 4, seed=2)


def test_a_match_that_never_ends_is_truncated_by_the_default_cap_in_every_result() -> None:
    """Nothing runs forever: a game whose random play never ends (Whist without a
    target) stops at the run's safety cap, and each result and the summary say so."""
    from cardrules.simulate import DEFAULT_MAX_MOVES
    from tests import endless

    results = simulate(endless, ["random"] * 4, games=3, seed=1, workers=1, max_moves=400)
    assert [r.reason for r in results.results] == ["truncated"] * 3
    assert all(r.truncated and r.moves == 400 for r in results.results)
    assert results.truncated == 3 and results.max_moves == 400
    assert results.rules == "endless_whist()"  # the rules given; the cap is max_moves
    data = results.to_dict()
    assert data["truncated"] == 3 and data["max_moves"] == 400
    assert [row["truncated"] for row in data["results"]] == [True] * 3
    # The default cap applies to rules without one; rules with their own keep it.
    default = simulate("oh_hell", LINEUP, games=1, seed=1, rules=SINGLE, workers=1)
    assert default.max_moves == DEFAULT_MAX_MOVES and default.truncated == 0
    own = simulate("oh_hell", LINEUP, games=1, seed=1, rules=oh_hell.Rules(max_moves=7), workers=1)
    assert own.max_moves == 7 and own.results[0].truncated and own.results[0].moves == 7
    none = simulate("oh_hell", LINEUP, games=1, seed=1, rules=SINGLE, workers=1, max_moves=None)
    assert none.max_moves is None and none.results[0].reason == "schedule complete"
    with pytest.raises(SimulationError, match="max_moves must be at least 1, not 0"):
        simulate("oh_hell", LINEUP, games=1, seed=1, max_moves=0)


def test_worker_processes_stop_a_game_that_never_ends_and_records_replay_it() -> None:
    """In worker processes too (found by the game's import path), and a truncated
    game's record replays to the same truncated end."""
    results = simulate(
        "tests.endless", ["random"] * 4, games=4, seed=2, workers=2, max_moves=300, records=[1]
    )
    assert results.truncated == 4
    (record,) = results.records
    assert replay(record) is not None and record.to_dict()["moves"]


def test_a_worker_process_that_dies_is_a_clear_library_error_not_a_broken_pool() -> None:
    from cardrules.errors import WorkerError
    from tests.endless import DyingBot

    with pytest.raises(WorkerError, match="a worker process died in the middle of the run"):
        simulate("oh_hell", [DyingBot, *LINEUP[1:]], games=4, seed=1, rules=SINGLE, workers=2)


def test_an_error_of_a_bots_own_code_in_a_worker_names_the_game() -> None:
    """An error that is not cardrules' own, raised while a game of the run is set up
    (here: a bot factory that fails from its second call on), comes back as a library
    error naming the game of the run, with the original as its cause."""
    from cardrules.errors import WorkerError

    with pytest.raises(WorkerError, match=r"game 0 of the run failed: ZeroDivisionError") as raised:
        simulate("oh_hell", [_OnceBot, *LINEUP[1:]], games=1, seed=1, workers=1)
    assert isinstance(raised.value.__cause__, ZeroDivisionError)


class _OnceBot(RandomBot):
    """A bot class that can be made once (simulate makes one to read its name)."""

    name = "once"
    made = 0

    def __init__(self) -> None:
        type(self).made += 1
        if type(self).made > 1:
            raise ZeroDivisionError("division by zero")


# --------------------------------------------------------------------------- a game of one's own


@pytest.fixture
def own_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A game module outside any package whose NAME is not its file's name: the tiny trick
    game of tests/tiny_tricks.py written to ``mybridge.py`` in a folder of its own, with
    ``NAME = "bridge_play"``, imported as a user's script imports it, and registered."""
    from cardrules import games
    from tests import tiny_tricks

    source = Path(tiny_tricks.__file__).read_text(encoding="utf-8")
    renamed = source.replace('NAME: Final = "tiny_tricks"', 'NAME: Final = "bridge_play"')
    assert renamed != source
    (tmp_path / "mybridge.py").write_text(renamed, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("mybridge")
    games.register(module)
    try:
        yield module
    finally:
        games.unregister("bridge_play")
        sys.modules.pop("mybridge", None)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_module_outside_a_package_named_otherwise_plays_in_worker_processes(
    own_module: Any, workers: int
) -> None:
    """A module that is not in a package and whose NAME is not its file's name plays by
    module and by NAME, in this process and in worker processes, with the same results."""
    by_module = simulate(own_module, ["random", "random"], games=4, seed=3, workers=workers)
    by_name = simulate("bridge_play", ["random", "random"], games=4, seed=3, workers=workers)
    assert by_module == by_name and by_module.game == "bridge_play"
    assert by_module == simulate(own_module, ["random", "random"], games=4, seed=3, workers=1)
    assert len(by_module.results) == 4


def test_a_game_module_outside_a_package_plays_in_a_tournament(own_module: Any) -> None:
    from cardrules.tournament import tournament

    result = tournament("bridge_play", ["random", "ismcts:4"], deals=2, seed=1, workers=2)
    assert result.game == "bridge_play"


def test_a_fresh_process_finds_a_game_module_outside_a_package_by_its_file(
    own_module: Any,
) -> None:
    """A worker that does not inherit this process's modules (one started afresh, as on
    systems that spawn workers) finds the game from its reference, the module's file."""
    import subprocess

    from cardrules import games

    text = games.reference(own_module)
    assert text == str(Path(own_module.__file__).resolve())
    found = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from cardrules import games; "
            "print(games.from_reference(sys.argv[1]).NAME)",
            text,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert found.stdout.strip() == "bridge_play"
    # A worker on another machine, where the file is elsewhere, imports it by its name.
    assert games.from_reference(str(Path("/elsewhere") / "mybridge.py")) is own_module
