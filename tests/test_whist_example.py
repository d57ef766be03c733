"""Classic Whist (examples/whist.py), a trick game from outside the package.

It is written on the public trick engine and registers itself; these tests
check that it keeps the interface (the conformance kit), that its rules work
(the dealer's last card is the trump card and stays in his hand; players follow
suit; a partnership scores one point per trick over six; the first partnership
to the target wins), and that every generic tool plays it: the bots, simulate,
records and the command line.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import games, testing
from cardrules.bots import RandomBot
from cardrules.bots.heuristics import heuristic_bot
from cardrules.cards import DECK52, mask_of
from cardrules.cli import main
from cardrules.core import tricks
from cardrules.moves import parse_move_text
from cardrules.play import play_game
from cardrules.records import Record, record_of, replay
from cardrules.simulate import make_bot, simulate
from tests.commands import ROOT, cardrules


@pytest.fixture
def whist() -> Iterator[ModuleType]:
    """The example module, registered for the test and removed afterwards (so that
    the other tests see only the games of cardrules)."""
    module = importlib.import_module("examples.whist")
    games.register(module, heuristic=module.WhistBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.whist"]  # the next import registers it again


def _random_game(whist: Any, seed: int, rules: object = None) -> Any:
    bots = [RandomBot() for _ in range(4)]
    return play_game(whist, rules or whist.Rules(), bots, seed=seed)


def test_the_kit_passes(whist: Any) -> None:
    report = testing.check_game(whist, games=3)
    assert report.presets == ("default", "one_point") and report.moves > 6 * 52


def test_registered_by_name_and_import_path(whist: Any) -> None:
    assert isinstance(heuristic_bot("whist"), whist.WhistBot)
    assert games.get("whist") is whist and "whist" in games.names()
    assert games.reference(whist) == "examples.whist"
    assert games.get("examples.whist") is whist


def test_the_dealers_last_card_is_trump_and_stays_in_his_hand(whist: Any) -> None:
    state = whist.deal(whist.Rules(first_dealer=2), seed=0, deck=DECK52)
    # Card i goes to seat (2 + 1 + i) % 4: the last card, AS, goes to the dealer.
    assert state.trump_card == DECK52[-1]
    assert state.trump_card.bit & state.hands[2]
    assert [h.bit_count() for h in state.hands] == [13] * 4
    assert state.undealt == 0
    assert whist.observe(state, 0).trump_card == DECK52[-1]


def test_sample_keeps_the_trump_card_in_the_dealers_hand(whist: Any) -> None:
    state = whist.deal(whist.Rules(first_dealer=1), seed=4)
    view = whist.observe(state, 0)
    rng = random.Random(1)
    for _ in range(20):
        world = whist.sample(view, rng)
        assert world.trump_card.bit & world.hands[1]
        assert world.hands[0] == state.hands[0]
        assert sum(h.bit_count() for h in world.hands) == 52


def test_players_must_follow_suit(whist: Any) -> None:
    state = whist.deal(whist.Rules(first_dealer=0), seed=9)
    state = whist.apply(state, whist.legal_moves(state)[0])
    seat = whist.to_move(state)
    led = state.trick[0].suit
    held = state.hands[seat] & tricks.SUIT_MASKS[led]
    expected = held or state.hands[seat]
    assert mask_of(m.card for m in whist.legal_moves(state)) == expected


@pytest.mark.parametrize("seed", range(4))
def test_one_point_per_trick_over_six_to_the_partnership(whist: Any, seed: int) -> None:
    final = _random_game(whist, seed)
    for row in whist.score(final).deals:
        won = row.extra("tricks")
        team_tricks = (won[0] + won[2], won[1] + won[3])
        assert sum(team_tricks) == 13
        expected = [max(0, t - 6) for t in team_tricks]
        assert row.points == tuple(expected[seat % 2] for seat in range(4))


@pytest.mark.parametrize("target", [1, 5])
def test_the_first_partnership_to_the_target_wins(whist: Any, target: int) -> None:
    final = _random_game(whist, 7, whist.Rules(target=target))
    score = whist.score(final)
    totals = score.totals
    assert totals[0] == totals[2] and totals[1] == totals[3]
    assert max(totals) >= target
    winners = (0, 2) if totals[0] > totals[1] else (1, 3)
    assert score.outcome.reason == "target reached"
    assert score.outcome.winners == winners
    assert sum(score.payoffs) == 0
    before = score.deals[-1].points
    assert max(t - p for t, p in zip(totals, before)) < target  # not over a deal earlier


def test_records_and_move_numbers_round_trip(whist: Any) -> None:
    state = whist.deal(whist.Rules(), seed=2)
    rng = random.Random(2)
    for _ in range(30):
        state = whist.apply(state, rng.choice(whist.legal_moves(state)))
    assert whist.state_from_dict(whist.state_to_dict(state)) == state
    for move in whist.legal_moves(state):
        assert whist.move_from_index(whist.move_index(move)) == move
    placed = [card for zone in whist.zones(state).values() for card in zone]
    assert sorted(placed) == sorted(DECK52)  # every card in exactly one zone


def test_explicit_chance_deals_the_same_way(whist: Any) -> None:
    rules = whist.Rules(first_dealer=3)
    state = whist.deal(rules, seed=0, chance="explicit")
    for card in DECK52:
        state = whist.apply(state, whist.parse_move(state, f"deal {card}"))
    fixed = whist.deal(rules, seed=0, deck=DECK52)
    assert state.hands == fixed.hands and state.trump_card == fixed.trump_card


def test_the_heuristic_takes_a_trick_cheaply_unless_the_partner_holds_it(whist: Any) -> None:
    """The heuristic: lead the highest card, win with the lowest winning card, and
    play the lowest card over a partner's winning card."""
    # Dealer 3 deals DECK52 in order from seat 0: seat 0 holds 2C 6C 10C AC ... JS,
    # seat 1 3C 7C JC ..., seat 2 4C 8C QC ..., seat 3 5C 9C KC ... and the
    # dealer's last card, AS, that makes spades trump.
    state = whist.deal(whist.Rules(first_dealer=3), seed=0, deck=DECK52)
    bot, rng = whist.WhistBot(), random.Random(0)

    def choice() -> str:
        view = whist.observe(state, whist.to_move(state))
        return str(bot.choose(view, whist.legal_moves(state), rng))

    assert choice() == "play JS"  # its highest card: a trump
    state = whist.apply(state, parse_move_text("play 2C"))
    assert choice() == "play 3C"  # the lowest club that beats the 2C
    state = whist.apply(state, parse_move_text("play JC"))
    assert choice() == "play QC"  # the lowest club over the opponent's JC
    state = whist.apply(state, parse_move_text("play 4C"))
    assert choice() == "play 5C"  # the partner's JC wins: the KC is kept


def test_the_bots_play_it(whist: Any) -> None:
    state = whist.deal(whist.Rules(), seed=5)
    rng = random.Random(1)
    bots = [heuristic_bot("whist"), make_bot("ismcts:8:heuristic", "whist")]
    bots += [make_bot("random", whist), make_bot("ismcts:8", whist)]
    for _ in range(60):
        seat = whist.to_move(state)
        view = whist.observe(state, seat)
        state = whist.apply(state, bots[seat].choose(view, whist.legal_moves(state), rng))
    assert whist.score(state).deals  # a whole deal played and scored


def test_simulate_and_records(whist: Any, tmp_path: Path) -> None:
    results = simulate(whist, ["heuristic", "random"] * 2, games=4, seed=2, workers=1)
    assert results.game == "whist" and results.games_played == 4
    in_two = simulate("whist", ["heuristic", "random"] * 2, games=4, seed=2, workers=2)
    assert in_two.results == results.results
    final = _random_game(whist, 3, whist.PRESETS["one_point"])
    record = record_of(final)
    assert record.game == "whist" and len(record.moves) == 52
    path = tmp_path / "whist.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert replay(Record.from_json(path.read_text(encoding="utf-8"))) == final


def test_the_command_line_plays_it(
    capsys: pytest.CaptureFixture[str], whist: Any, tmp_path: Path
) -> None:
    assert main(["rules", "whist"]) == 0
    assert "target" in capsys.readouterr().out
    argv = ["simulate", "whist", "--games", "3", "--workers", "1", "--csv", "--quiet"]
    assert main(argv) == 0
    assert capsys.readouterr().out.count("\n") == 4
    record = tmp_path / "whist.json"
    record.write_text(record_of(_random_game(whist, 1, whist.PRESETS["one_point"])).to_json())
    assert main(["replay", str(record)]) == 0
    assert "target reached" in capsys.readouterr().out
    assert main(["replay", str(record), "--game", "oh_hell"]) == 2
    assert "is a record of 'whist'" in capsys.readouterr().err


def test_the_command_line_finds_it_by_import_path(tmp_path: Path) -> None:
    """A fresh process: the import path loads the module, which registers itself;
    a person plays seat 0 against the heuristic bot, the record is saved, and it
    replays in another process given the game's import path."""
    saved = tmp_path / "game.json"
    result = cardrules(
        *["play", "examples.whist", "--seed", "3", "--record", str(saved)],
        stdin="1\nhint\n1\nquit\n",
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert "hint: " in result.stdout
    assert f"(replay it with 'cardrules replay {saved} --game examples.whist')" in result.stdout
    record = Record.from_json(saved.read_text(encoding="utf-8"))
    assert record.game == "whist" and (record.seats or ()).count(0) == 2
    # Without --game, a process that does not know the game says how to name it.
    result = cardrules("replay", str(saved), cwd=ROOT)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"cardrules: {saved} is a record of 'whist', which is not")
    assert result.stderr.endswith("give its import path with --game, e.g. --game mypackage.whist\n")
    result = cardrules("replay", str(saved), "--game", "examples.whist", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "1. play" in result.stdout and "2. play" in result.stdout
    argv = ["simulate", "examples.whist", "--games", "2", "--workers", "2", "--quiet"]
    result = cardrules(*argv, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "2 games of whist" in result.stdout


def test_a_game_without_a_heuristic_bot_is_simulated_with_other_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The refusal gives the game author's fix (register a heuristic) and the
    player's (other bots); with other bots the run goes ahead."""
    module = importlib.import_module("examples.whist")
    games.unregister(module.NAME)
    games.register(module)  # no heuristic bot
    try:
        assert main(["simulate", "whist", "--games", "2", "--workers", "1", "--quiet"]) == 2
        error = capsys.readouterr().err
        assert "register(module, heuristic=...)" in error
        assert error.endswith("or choose other bots, e.g. --bots random\n")
        argv = [
            "simulate",
            "whist",
            "--games",
            "2",
            "--workers",
            "1",
            "--quiet",
            "--bots",
            "random",
        ]
        assert main(argv) == 0
        assert "2 games of whist" in capsys.readouterr().out
    finally:
        games.unregister(module.NAME)
        del sys.modules["examples.whist"]  # the next import registers it again


def test_a_trick_game_without_the_engines_functions_is_told_how_it_gets_them(
    whist: Any,
) -> None:
    """A trick game module that forgets to install its description lacks the engine's
    functions and the description's names: it is refused with the call that fixes it."""
    from types import SimpleNamespace

    from cardrules.core.trickgame import interface
    from cardrules.errors import RulesError

    left_out = {*interface.__all__, "TITLE"}
    partial = SimpleNamespace(**{k: v for k, v in vars(whist).items() if k not in left_out})
    with pytest.raises(RulesError) as refused:
        games.check_protocol(partial)
    message = str(refused.value)
    assert "it lacks TITLE, NUM_MOVES, " in message
    assert "trickgame.install(GAME, globals())" in message


def test_installing_gives_the_interface_and_the_description_names(whist: Any) -> None:
    """One call installs the game: the engine's functions, and what the description
    makes (its title, its phases from its rounds, its move numbers, its deck)."""
    from cardrules.core import trickgame

    assert whist.apply is trickgame.apply and whist.observe is trickgame.observe
    assert whist.TITLE == whist.GAME.title == "Whist"
    assert [phase.name for phase in whist.Phase] == ["CHOOSE_DEALER", "DEALING", "PLAYING", "OVER"]
    assert whist.GAME.num_moves == whist.NUM_MOVES and len(whist.deck_of(whist.Rules())) == 52


def test_a_view_class_not_on_the_engines_base_is_refused(whist: Any) -> None:
    """``sample`` and the positions read a view through the engine's base: a view class
    of its own make is refused when the game is described, not in the middle of a game."""
    import attrs

    from cardrules.errors import RulesError

    @attrs.frozen(slots=True, kw_only=True)
    class OtherRules(whist.Rules):  # type: ignore[misc]  # whist's Rules: Any to mypy
        pass

    fields = {f.name: f.type for f in attrs.fields(whist.View)}
    own_view = attrs.make_class("OwnView", dict.fromkeys(fields, attrs.field()), frozen=True)
    with pytest.raises(RulesError, match=r"Whist's view_class must derive from cardrules"):
        dataclasses.replace(whist.GAME, rules_class=OtherRules, view_class=own_view)


def test_the_rules_command_gives_each_option_its_meaning(whist: Any) -> None:
    """``cardrules rules`` reads an option's meaning from the ``* ``name``: meaning``
    bullets of the Rules docstring."""
    from cardrules.cli import option_help

    meanings = {name: meaning for name, _, meaning in option_help(whist)}
    assert meanings["players"].startswith("4, two partnerships")
    assert meanings["target"] == "the points that win the game (default 5)."
