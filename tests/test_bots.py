"""Bots see only views, return legal moves, and the stronger ones are stronger."""

from __future__ import annotations

import importlib
import random
import sys
from typing import Any

import pytest

from cardrules import games
from cardrules.bots import Bot, RandomBot
from cardrules.bots.heuristics import OhHellBot, heuristic_bot
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.cards import parse_cards
from cardrules.errors import RulesError
from cardrules.games import oh_hell
from cardrules.moves import Bid, Play
from cardrules.play import play_game
from cardrules.render import render_view
from cardrules.simulate import make_bot


@pytest.mark.parametrize("name", games.names())
def test_random_bot_plays_every_game_to_the_end(name: str) -> None:
    game = games.get(name)
    rules = game.PRESETS.get("single", game.Rules())
    seats = sum(len(team) for team in game.teams(rules))
    final = play_game(game, rules, [RandomBot()] * seats, seed=3)
    assert game.is_over(final)


@pytest.mark.parametrize("name", games.names())
def test_every_view_renders_as_text(name: str) -> None:
    game = games.get(name)
    state = game.deal(game.PRESETS.get("single", game.Rules()), seed=1)
    seat = game.to_move(state)
    assert isinstance(seat, int)
    text = render_view(game.observe(state, seat))
    assert f"seat {seat} to move" in text and "legal moves: 1)" in text


def test_oh_hell_heuristic_bids_its_high_cards_and_trumps() -> None:
    rules = oh_hell.Rules(schedule="single", start_hand=5, first_dealer=3)
    # Seat 0 gets AS AH QD(trump) 2C 3C; trump card is a diamond.
    deck = parse_cards("AS 2S 3S 4S AH 2H 3H 4H QD 5S 6S 7S 2C 5H 6H 7H 3C 8S 9S 10S 4D")
    rest = [c for c in oh_hell.deck_of(rules) if c not in deck]
    state = oh_hell.deal(rules, seed=0, deck=[*deck, *rest])
    move = OhHellBot().choose(
        oh_hell.observe(state, 0), oh_hell.legal_moves(state), random.Random(0)
    )
    assert move == Bid(3)


def test_oh_hell_heuristic_ducks_when_its_bid_is_made() -> None:
    rules = oh_hell.Rules(schedule="single", start_hand=2, first_dealer=3)
    deck = parse_cards("AS KS 2H 3S 5C QS 7D 8D 4H")
    rest = [c for c in oh_hell.deck_of(rules) if c not in deck]
    state = oh_hell.deal(rules, seed=0, deck=[*deck, *rest])
    for text in ("bid 0", "bid 0", "bid 0", "bid 0", "play AS"):
        state = oh_hell.apply(state, oh_hell.parse_move(state, text))
    # Seat 1 bid 0 and holds KS QS: it must follow spades and cannot beat the ace: any.
    move = OhHellBot().choose(
        oh_hell.observe(state, 1), oh_hell.legal_moves(state), random.Random(0)
    )
    assert isinstance(move, Play) and move.card.text == "KS"


def test_heuristic_bot_for_an_unknown_game_is_refused() -> None:
    with pytest.raises(RulesError):
        heuristic_bot("chess")


def test_the_games_of_cardrules_register_their_heuristic_bots_as_any_game_does() -> None:
    """Each game of cardrules has its heuristic bot from its registration (by import path,
    as any game may give it), not from a table of the bots."""
    for name in games.names():
        registered = games.registration(name)
        if registered.builtin:
            assert isinstance(registered.heuristic, str)
            assert registered.heuristic.startswith("cardrules.bots.heuristics:")
            make = registered.load_heuristic()
            assert make is not None and type(heuristic_bot(name)) is make
    assert type(heuristic_bot("up_and_down_the_river")) is OhHellBot


def test_a_heuristic_bot_given_by_import_path_is_imported_when_first_made() -> None:
    module = importlib.import_module("examples.whist")
    try:
        games.register(module, heuristic="examples.whist:WhistBot")
        assert type(heuristic_bot("whist")) is module.WhistBot
        games.register(module, heuristic="examples.whist:NoSuchBot")
        with pytest.raises(
            RulesError,
            match=r"^cannot load the heuristic bot of 'whist' \(examples.whist:NoSuchBot\): "
            "AttributeError",
        ):
            heuristic_bot("whist")
    finally:
        games.unregister(module.NAME)
        del sys.modules["examples.whist"]  # the next import registers it again


def test_heuristic_beats_random_at_up_and_down_the_river() -> None:
    rules = oh_hell.Rules(schedule="single", start_hand=8)
    points = {"heuristic": 0, "random": 0}
    for seed in range(60):
        bots: list[Bot] = [OhHellBot(), RandomBot(), OhHellBot(), RandomBot()]
        if seed % 2:
            bots = bots[1:] + bots[:1]
        final = play_game(oh_hell, rules, bots, seed=seed)
        for seat, total in enumerate(oh_hell.score(final).totals):
            points[bots[seat].name] += total
    assert points["heuristic"] > 1.5 * points["random"]


def test_ismcts_returns_a_legal_move_from_the_view_only() -> None:
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=8)
    bot = ISMCTSBot(oh_hell, iterations=30)
    rng = random.Random(2)
    while not oh_hell.is_over(state):
        seat = oh_hell.to_move(state)
        assert isinstance(seat, int)
        legal = oh_hell.legal_moves(state)
        move = bot.choose(oh_hell.observe(state, seat), legal, rng)
        assert move in legal
        state = oh_hell.apply(state, move)
    with pytest.raises(ValueError):
        ISMCTSBot(oh_hell, iterations=0)


class _SpyGame:
    """A game module seen through a proxy that records every state the search plays on."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.seeds: set[int] = set()
        self.applied = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, state: Any, move: Any) -> Any:
        self.seeds.add(state.seed)
        self.applied += 1
        return self._game.apply(state, move)


def _first_choice(name: str, seed: int) -> tuple[Any, Any, tuple[Any, ...]]:
    """A dealt state of a game's single deal where the seat to move has a choice."""
    game = games.get(name)
    state = game.deal(game.PRESETS["single"], seed=seed)
    while len(game.legal_moves(state)) < 2:
        state = game.apply(state, game.legal_moves(state)[0])
    seat = game.to_move(state)
    assert isinstance(seat, int)
    return state, game.observe(state, seat), game.legal_moves(state)


@pytest.mark.parametrize(
    "options",
    [{}, {"playout": "heuristic"}, {"playout": "heuristic", "playout_limit": 5}],
    ids=["random playouts", "heuristic playouts", "heuristic playouts, limit 5"],
)
@pytest.mark.parametrize("name", ["mau_mau_standard", "enfle"])
def test_ismcts_searches_sampled_worlds_never_the_real_state(
    name: str, options: dict[str, Any]
) -> None:
    state, view, legal = _first_choice(name, seed=5)
    spy = _SpyGame(games.get(name))
    playout = heuristic_bot(name) if options.get("playout") else None
    bot = ISMCTSBot(spy, iterations=12, playout=playout, playout_limit=options.get("playout_limit"))
    assert bot.choose(view, legal, random.Random(1)) in legal
    assert spy.applied > 0 and state.seed not in spy.seeds


@pytest.mark.parametrize("playout", [None, "heuristic"])
def test_ismcts_is_deterministic_given_the_view_and_the_rng(playout: str | None) -> None:
    state, view, legal = _first_choice("mau_mau_standard", seed=9)
    game = games.get("mau_mau_standard")
    # Another world the seat cannot tell apart from the real one gives the same view.
    other = game.sample(view, random.Random(4))
    assert game.observe(other, view.seat) == view and other.seed != state.seed

    def choice(seen: Any, seed: int) -> Any:
        bot = ISMCTSBot(
            game, iterations=24, playout=heuristic_bot("mau_mau_standard") if playout else None
        )
        return bot.choose(seen, legal, random.Random(seed))

    moves = {choice(view, 3), choice(view, 3), choice(game.observe(other, view.seat), 3)}
    assert len(moves) == 1


def test_ismcts_guided_by_a_playout_bot_keeps_its_move_without_evidence() -> None:
    # One sampled world cannot show another move better by two standard errors.
    for seed in range(4):
        _, view, legal = _first_choice("mau_mau_standard", seed=seed)
        heuristic = heuristic_bot("mau_mau_standard")
        bot = ISMCTSBot(games.get("mau_mau_standard"), iterations=1, playout=heuristic)
        expected = heuristic.choose(view, legal, random.Random(0))
        assert bot.choose(view, legal, random.Random(seed)) == expected


def test_ismcts_playout_limit_bounds_the_moves_of_each_playout() -> None:
    # Random playouts of standard Mau Mau last hundreds of moves (random players
    # draw when they could play); a limit of 2 cuts each one after two moves.
    _, view, legal = _first_choice("mau_mau_standard", seed=2)
    spy = _SpyGame(games.get("mau_mau_standard"))
    ISMCTSBot(spy, iterations=20).choose(view, legal, random.Random(0))
    unlimited = spy.applied
    spy.applied = 0
    ISMCTSBot(spy, iterations=20, playout_limit=2).choose(view, legal, random.Random(0))
    assert spy.applied <= 20 * (2 + 4) < unlimited


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": 0}, "iterations must be an integer of at least 1"),
        ({"iterations": 2.5}, "iterations must be an integer of at least 1"),
        ({"iterations": True}, "iterations must be an integer of at least 1"),
        ({"exploration": -0.1}, "exploration must be at least 0"),
        ({"exploration": float("nan")}, "exploration must be at least 0"),
        ({"exploration": "high"}, "exploration must be a number"),
        ({"playout": "heuristic"}, "playout must be a bot"),
        ({"playout": object()}, "playout must be a bot"),
        ({"playout_limit": 0}, "playout_limit must be None or an integer of at least 1"),
        ({"playout_limit": -3}, "playout_limit must be None or an integer of at least 1"),
        ({"playout_limit": 1.5}, "playout_limit must be None or an integer of at least 1"),
        ({"playout_limit": False}, "playout_limit must be None or an integer of at least 1"),
    ],
)
def test_ismcts_refuses_bad_parameters_with_a_clear_message(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        ISMCTSBot(oh_hell, **options)


@pytest.mark.parametrize(
    ("spec", "name", "limit"),
    [
        ("ismcts", "ismcts200", None),
        ("ismcts:30", "ismcts30", None),
        ("ismcts:30:random", "ismcts30", None),
        ("ismcts:30:heuristic", "ismcts30:heuristic", None),
        ("ismcts:30:heuristic:400", "ismcts30:heuristic:400", 400),
        ("ismcts:30:random:50", "ismcts30:random:50", 50),
    ],
)
def test_ismcts_specs_name_iterations_playout_bot_and_limit(
    spec: str, name: str, limit: int | None
) -> None:
    bot = make_bot(spec, "enfle")
    assert isinstance(bot, ISMCTSBot)
    assert bot.name == name and bot.playout_limit == limit
    assert (bot.playout is not None) == (":heuristic" in spec)


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:x",
        "ismcts:0",
        "ismcts::heuristic",
        "ismcts:9:greedy",
        "ismcts:9:random:0",
        "ismcts:9:heuristic:-1",
        "ismcts:9:heuristic:5:5",
    ],
)
def test_bad_ismcts_specs_are_refused_in_one_line(spec: str) -> None:
    with pytest.raises(RulesError, match="ismcts") as caught:
        make_bot(spec, "enfle")
    assert "\n" not in str(caught.value)
