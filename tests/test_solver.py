"""The perfect-information solver against plain minimax over the game interface.

Each case deals a game, plays random moves (bids and passes included) into the
play until every hand holds at most a few cards, and compares the solver's value
of every legal move with a plain minimax over ``legal_moves`` and ``apply`` (the
mover's team against the others, to the end of the deal). The default run checks
a few hundred positions per game; ``HYPOTHESIS_PROFILE=deep`` (scripts/deep.sh)
checks 1,000 per game with up to four cards per hand.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest

from cardrules import games
from cardrules.game import Game
from cardrules.moves import Play
from cardrules.solver import Solver, UnsolvableError, deal_value, solve_moves

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
#: Positions per game, and the most cards per hand.
POSITIONS = 1000 if DEEP else 200
MOST_CARDS = 4 if DEEP else 3


def minimax(
    game: Game, state: Any, seat: int, team: frozenset[int], deal: int, margin: bool = False
) -> float:
    """The seat's points for the deal (with ``margin``: less the best points among
    the seats outside its team): its team maximizes them, the others minimize them (the
    other way round where low totals are better)."""
    if game.deal_number(state) != deal or game.is_over(state):
        deals = game.score(state).deals
        if len(deals) <= deal:
            return 0.0
        points = deals[deal].points
        others = [other for other in range(len(points)) if other not in team]
        if not margin or not others:
            return float(points[seat])
        high = game.score(state).better == "high"
        return float(points[seat] - (max if high else min)(points[other] for other in others))
    mover = game.to_move(state)
    assert isinstance(mover, int)
    values = [
        minimax(game, game.apply(state, m), seat, team, deal, margin)
        for m in game.legal_moves(state)
    ]
    high = game.score(state).better == "high"
    return max(values) if (mover in team) == high else min(values)


def _team(game: Game, state: Any, seat: int) -> frozenset[int]:
    for members in game.score(state).teams:
        if seat in members:
            return frozenset(members)
    return frozenset((seat,))


def _cards_in_hand(game: Game, state: Any) -> int:
    zones = game.zones(state)
    return max(len(cards) for name, cards in zones.items() if name.startswith("hand "))


def random_position(game: Game, rules: Any, rng: random.Random, most_cards: int) -> Any:
    """A position in the play, every hand at most ``most_cards`` cards, reached by
    random moves (None if the deal ended first)."""
    state = game.deal(rules, seed=rng.randrange(1 << 30))
    target = rng.randint(1, most_cards)
    while True:
        legal = game.legal_moves(state)
        if game.deal_number(state) > 0 or game.is_over(state):
            return None
        in_play = all(type(move) is Play for move in legal)
        if in_play and _cards_in_hand(game, state) <= target and rng.random() < 0.5:
            return state
        state = game.apply(state, legal[rng.randrange(len(legal))])


def _oh_hell_rules(rng: random.Random) -> Any:
    return games.get("oh_hell").Rules(schedule="single", start_hand=rng.randint(1, 6))


def _maverick_rules(rng: random.Random) -> Any:
    return games.get("maverick").PRESETS["single"]


def _whist_rules(rng: random.Random) -> Any:
    return importlib.import_module("examples.whist").Rules(target=1)


def _hearts_rules(rng: random.Random) -> Any:
    return importlib.import_module("examples.hearts").Rules(target=1)


def _spades_rules(rng: random.Random) -> Any:
    return importlib.import_module("examples.spades").Rules(target=1)


#: Per game: the module's import path, its rules for a random position, and whether
#: equivalent cards are proven there (both searches are then checked).
CASES: dict[str, tuple[str, Callable[[random.Random], Any], bool]] = {
    "oh_hell": ("cardrules.games.oh_hell", _oh_hell_rules, True),
    "maverick": ("cardrules.games.maverick", _maverick_rules, False),
    "whist": ("examples.whist", _whist_rules, True),
    # Restrictions on play (hearts not led until broken), a trick scorer, a low total.
    "hearts": ("examples.hearts", _hearts_rules, False),
    "spades": ("examples.spades", _spades_rules, False),
}


@pytest.fixture
def game_of() -> Iterator[Callable[[str], Game]]:
    """The game module of an import path; an example registered by importing it is
    removed from the registry afterwards (other tests list the registered games)."""
    before = set(games.names())
    yield lambda path: cast(Game, importlib.import_module(path))
    for name in set(games.names()) - before:
        games.unregister(name)


@pytest.mark.parametrize("margin", [False, True], ids=["points", "margin"])
@pytest.mark.parametrize("name", list(CASES))
def test_solver_equals_plain_minimax(
    name: str, margin: bool, game_of: Callable[[str], Game]
) -> None:
    """The points, and the margin (the seat's points less the best points among the
    seats outside its team), each with the others playing to make it small; the margin on
    half as many positions."""
    path, make_rules, equivalent = CASES[name]
    game = game_of(path)
    rng = random.Random(f"solver {name}" + (" margin" if margin else ""))
    checked = 0
    while checked < (POSITIONS // 2 if margin else POSITIONS):
        state = random_position(game, make_rules(rng), rng, MOST_CARDS)
        if state is None:
            continue
        seat = game.to_move(state)
        assert isinstance(seat, int)
        team = _team(game, state, seat)
        deal = game.deal_number(state)
        expected = [
            minimax(game, game.apply(state, move), seat, team, deal, margin)
            for move in game.legal_moves(state)
        ]
        for flag in (False, True) if equivalent else (False,):
            got = solve_moves(game, state, equivalent_cards=flag, margin=margin)
            assert [value for _, value in got] == expected, (flag, game.zones(state))
        high = game.score(state).better == "high"
        best = max(expected) if high else min(expected)
        assert deal_value(game, state, margin=margin) == best
        checked += 1


@pytest.mark.parametrize("name", list(CASES))
def test_the_play_is_searched_by_the_engines_double_dummy_search(
    name: str, game_of: Callable[[str], Game]
) -> None:
    """The positions of the play go to the trick engine's search over card masks, not
    to the generic search over the interface (which the test above would pass too)."""
    path, make_rules, equivalent = CASES[name]
    game = game_of(path)
    rng = random.Random(f"double dummy {name}")
    checked = 0
    while checked < 20:
        state = random_position(game, make_rules(rng), rng, MOST_CARDS)
        if state is None:
            continue
        seat = game.to_move(state)
        assert isinstance(seat, int)
        solver = Solver(game, seat, game.deal_number(state), equivalent_cards=equivalent)
        solver.move_values(state)
        assert solver.searched == 0
        assert solver.nodes > 0
        checked += 1


def test_a_trick_back_in_a_hand_is_refused() -> None:
    """Enfle's pick-up returns a trick to a hand, so a deal has no bounded length:
    the solver says so instead of searching for ever."""
    enfle = games.get("enfle")
    state = enfle.deal(enfle.PRESETS["single"], seed=0)
    with pytest.raises(UnsolvableError, match="pick-up"):
        solve_moves(enfle, state)


def test_the_engines_search_declines_what_it_cannot_express() -> None:
    """Positions before the play (bids) and games whose tricks go back into a hand are
    left to the generic search."""
    oh_hell = games.get("oh_hell")
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=1), seed=3)
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int) and type(oh_hell.legal_moves(state)[0]) is not Play
    solver = Solver(oh_hell, seat, 0)
    assert [move for move, _ in solver.move_values(state)] == list(oh_hell.legal_moves(state))
    assert solver.searched > 0
    enfle: Any = games.get("enfle")
    assert enfle.double_dummy(0).value(enfle.deal(enfle.PRESETS["single"], seed=0)) is None


def test_a_move_cap_the_deal_cannot_reach_leaves_the_engines_search_on() -> None:
    """The safety cap that simulate and tournaments add (thousands of moves) cannot end
    a deal of ten cards a hand: the play is still searched over card masks. A cap the
    rest of the deal could reach sends it to the generic search, which plays it."""
    oh_hell = games.get("oh_hell")
    for cap, fast in ((20_000, True), (14, False)):
        state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3, max_moves=cap), seed=2)
        while type(oh_hell.legal_moves(state)[0]) is not Play:
            state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
        seat = oh_hell.to_move(state)
        assert isinstance(seat, int)
        solver = Solver(oh_hell, seat, 0)
        values = solver.move_values(state)
        assert (solver.searched == 0) is fast
        team = _team(oh_hell, state, seat)
        assert [value for _, value in values] == [
            minimax(oh_hell, oh_hell.apply(state, move), seat, team, 0)
            for move in oh_hell.legal_moves(state)
        ]


def test_a_chance_step_inside_the_deal_is_refused() -> None:
    """With explicit chance the deal is dealt card by card: no seat is to move."""
    oh_hell = games.get("oh_hell")
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=2), seed=1, chance="explicit")
    with pytest.raises(UnsolvableError, match="chance"):
        solve_moves(oh_hell, state)
