"""Crazy Eights (examples/crazy_eights.py), a game from outside the package.

It is written only against the public API and registers itself; these tests
check that it keeps the interface (the conformance kit), that its rules work,
and that every generic tool plays it: the bots, simulate, records, the command
line and both adapters.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import random
import sys
from collections.abc import Iterator
from types import ModuleType, SimpleNamespace
from typing import Any

import attrs
import pytest

from cardrules import games, testing
from cardrules.bots.heuristics import heuristic_bot
from cardrules.cards import DECK52, parse_cards
from cardrules.cli import main
from cardrules.errors import ArgumentError, IllegalMoveError, RulesError
from cardrules.moves import END_TURN, parse_move_text
from cardrules.records import Record, record_of, replay
from cardrules.simulate import make_bot, simulate
from tests.commands import ROOT, cardrules


@pytest.fixture
def eights() -> Iterator[ModuleType]:
    """The example module, registered for the test and removed afterwards (so that
    the other tests see only the games of cardrules)."""
    module = importlib.import_module("examples.crazy_eights")
    games.register(module, aliases=("eights",), heuristic=module.EightsBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.crazy_eights"]  # the next import registers it again


def _deal(module: Any, cards: str, **options: Any) -> Any:
    """A two-player deal from these cards first (seat 1 is dealt first), dealer 0."""
    order = parse_cards(cards)
    deck = [*order, *[card for card in DECK52 if card not in order]]
    return module.deal(module.Rules(first_dealer=0, **options), seed=0, deck=deck)


# Seat 1 gets 2C 3C 4C 5C 6C 7C 8H; seat 0 gets 9D 10D JD QD KD AD KS; the starter is
# 9C; the stock is the rest in index order, 8C first.
HANDS = "2C 9D 3C 10D 4C JD 5C QD 6C KD 7C AD 8H KS 9C"


def test_the_kit_passes(eights: Any) -> None:
    report = testing.check_game(eights, games=3)
    assert report.presets == ("two", "four") and report.moves > 0
    assert report.solver_worlds == 0  # no search of the play in a shedding game


def test_an_eight_is_wild_and_calls_a_suit(eights: Any) -> None:
    """Rule: an eight may be played on any card, and its player names the suit."""
    state = _deal(eights, HANDS)
    legal = [str(move) for move in eights.legal_moves(state)]
    assert "play 8H call spades" in legal and "play 8H" not in legal
    assert {"play 2C", "play 7C"} <= set(legal)
    state = eights.apply(state, parse_move_text("play 8H call diamonds"))
    assert [str(m) for m in eights.legal_moves(state)][:6] == [
        "play 9D", "play 10D", "play JD", "play QD", "play KD", "play AD"
    ]  # fmt: skip


def test_a_player_who_cannot_play_draws_one_card(eights: Any) -> None:
    """Rule: a player with no card to play draws one; then plays it or ends his turn."""
    state = _deal(eights, HANDS)
    state = eights.apply(state, parse_move_text("play 2C"))
    assert [str(m) for m in eights.legal_moves(state)] == ["draw"]
    state = eights.apply(state, parse_move_text("draw"))  # the 8C
    assert [str(m) for m in eights.legal_moves(state)] == [
        "play 8C call clubs", "play 8C call diamonds", "play 8C call hearts",
        "play 8C call spades", "end turn",
    ]  # fmt: skip
    state = eights.apply(state, parse_move_text("end turn"))
    assert eights.to_move(state) == 1


def test_losers_pay_the_value_of_their_cards(eights: Any) -> None:
    """Rule: the player out collects his opponent's card values (eight 50, courts 10, ace 1)."""
    state = _deal(eights, "8C 9D 9C", hand_size=1)
    state = eights.apply(state, eights.legal_moves(state)[0])  # seat 1 plays 8C, goes out
    score = eights.score(state)
    assert score.outcome is not None and score.outcome.winners == (1,)
    assert score.totals == (-9, 9) and score.payoffs == (-9.0, 9.0)


def test_an_illegal_move_names_crazy_eights(eights: Any) -> None:
    """The shedding engine's messages name the game by its own title, never another game
    of the family: here a refused ``end turn`` through ``apply``, and a value that is no
    move at all."""
    state = eights.deal(eights.Rules(), seed=1)
    with pytest.raises(IllegalMoveError, match=r"after drawing a card \(Crazy Eights: ") as caught:
        eights.apply(state, END_TURN)
    assert "Mau" not in str(caught.value)
    with pytest.raises(IllegalMoveError, match=r"^'3' is not a move of Crazy Eights: "):
        eights.apply(state, 3)
    with pytest.raises(IllegalMoveError, match=r"\(Crazy Eights: "):
        eights.parse_move(state, "end turn")
    view = eights.observe(state, 0)
    with pytest.raises(ArgumentError, match=r"^Crazy Eights needs a state of Crazy Eights"):
        eights.legal_moves(view)


def test_calls_of_eights_have_move_numbers(eights: Any) -> None:
    move = parse_move_text("play 8S call hearts")
    number = eights.move_index(move)
    assert number == 104 + 4 * 3 + 2 and eights.move_from_index(number) == move
    assert eights.NUM_MOVES == 195


def test_registered_by_name_and_alias(eights: Any) -> None:
    assert games.get("crazy_eights") is eights and games.get("eights") is eights
    assert "crazy_eights" in games.names()
    assert games.reference(eights) == "examples.crazy_eights"
    assert games.get("examples.crazy_eights") is eights


def test_the_bots_play_it(eights: Any) -> None:
    state = eights.deal(eights.PRESETS["four"], seed=5)
    rng = random.Random(1)
    bots = [heuristic_bot("eights"), make_bot("ismcts:8:heuristic", "crazy_eights")]
    bots += [make_bot("random", eights), make_bot("ismcts:8", eights)]
    for _ in range(30):
        if eights.is_over(state):
            break
        seat = eights.to_move(state)
        view = eights.observe(state, seat)
        state = eights.apply(state, bots[seat].choose(view, eights.legal_moves(state), rng))


def test_simulate_and_records(eights: Any) -> None:
    results = simulate(eights, ["heuristic", "random"], games=6, seed=2, workers=1)
    assert results.game == "crazy_eights" and results.games_played == 6
    in_two = simulate("crazy_eights", ["heuristic", "random"], games=6, seed=2, workers=2)
    assert in_two.results == results.results
    state = eights.deal(eights.Rules(players=3), seed=4)
    for _ in range(20):
        state = eights.apply(state, eights.legal_moves(state)[-1])
    record = record_of(state)
    assert record.game == "crazy_eights"
    assert replay(Record.from_json(record.to_json())) == state


def test_the_command_line_plays_it(capsys: pytest.CaptureFixture[str], eights: Any) -> None:
    assert main(["rules", "eights"]) == 0
    assert "hand_size" in capsys.readouterr().out
    argv = ["simulate", "crazy_eights", "--games", "4", "--workers", "1", "--csv", "--quiet"]
    assert main(argv) == 0
    assert capsys.readouterr().out.count("\n") == 5
    assert main(["rules", "examples.no_such_game"]) == 2
    assert "cannot load the game 'examples.no_such_game'" in capsys.readouterr().err


def test_the_command_line_finds_it_by_import_path() -> None:
    """A fresh process: the import path loads the module, which registers itself."""
    argv = ["simulate", "examples.crazy_eights", "--games", "4", "--workers", "2", "--quiet"]
    result = cardrules(*argv, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "4 games of crazy_eights" in result.stdout


def test_the_adapters_need_an_encoder(eights: Any) -> None:
    """A registered game without an encoder is refused with the way to give one;
    with one (here the Stops pieces), PettingZoo and OpenSpiel play it."""
    encoding = pytest.importorskip("cardrules.integrations.encoding")
    pettingzoo = pytest.importorskip("cardrules.integrations.pettingzoo")
    with pytest.raises(LookupError, match="register"):
        pettingzoo.env(eights)
    stops = importlib.import_module("cardrules.integrations.encoding.stops")
    encoder = SimpleNamespace(
        NAME="crazy_eights",
        PLAYER_ACTIONS=138,  # plays, calls, draw and end turn; then the chance outcomes
        utility_sum=lambda rules: 0.0,  # what the winner collects, the losers pay
        default_max_moves=lambda rules: 250 * rules.players,
        observation_layout=lambda rules: stops.layouts(rules.players, -600.0, 600.0)[0],
        information_state_layout=lambda rules: stops.layouts(rules.players, -600.0, 600.0)[1],
        encode_observation=stops.encode_observation,
        encode_information_state=stops.encode_information_state,
        max_decisions=lambda rules: None,
        payoff_bounds=lambda rules: (-600.0 * rules.players, 600.0 * rules.players),
    )
    games.register(eights, encoder=encoder)
    assert encoding.encoder("eights") is encoder
    rules = attrs.evolve(eights.Rules(), max_moves=200)
    environment = pettingzoo.env(eights, rules)
    environment.reset(seed=3)
    for agent in environment.agent_iter(max_iter=300):
        _, _, terminated, truncated, _ = environment.last()
        mask = environment.observe(agent)["action_mask"]
        legal = [i for i, allowed in enumerate(mask) if allowed]
        environment.step(None if terminated or truncated else legal[0])
    openspiel = pytest.importorskip("cardrules.integrations.openspiel")
    game = openspiel.load_game(eights, rules)
    openspiel.pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_module_that_is_not_a_game_is_refused() -> None:
    with pytest.raises(RulesError, match="lacks"):
        games.register(SimpleNamespace(NAME="nothing"))
    with pytest.raises(RulesError, match="one of the games of cardrules"):
        fake = {**dict.fromkeys(games.PROTOCOL_NAMES), "NAME": "oh_hell"}
        games.register(SimpleNamespace(**fake))


def test_found_through_an_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """A package declares its games in the entry-point group ``cardrules.games``."""
    point = importlib.metadata.EntryPoint(
        "crazy_eights", "examples.crazy_eights", games.ENTRY_POINT_GROUP
    )
    monkeypatch.setattr(
        importlib.metadata, "entry_points", lambda group: [point] if group == point.group else []
    )
    monkeypatch.setattr(games, "_entry_points_loaded", [False])
    sys.modules.pop("examples.crazy_eights", None)
    try:
        assert "crazy_eights" in games.names()
        assert games.get("eights").NAME == "crazy_eights"
    finally:
        games.unregister("crazy_eights")
        sys.modules.pop("examples.crazy_eights", None)


def test_a_stops_game_lacking_names_is_told_how_it_gets_them(eights: Any) -> None:
    """A module lacking names of the interface is refused with the names it lacks and
    the call that gives a game on an engine those its description does not."""
    left_out = {"NUM_MOVES", "teams", "deck_of", "observe"}
    partial = SimpleNamespace(**{k: v for k, v in vars(eights).items() if k not in left_out})
    with pytest.raises(RulesError) as refused:
        games.check_protocol(partial)
    message = str(refused.value)
    assert "it lacks NUM_MOVES, teams, observe, deck_of (" in message
    assert "shedding.install(GAME, globals())" in message
