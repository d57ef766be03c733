"""The shedding core's state keeps what a deal fixes apart from what a move changes.

A :class:`cardrules.core.shedding.State` holds the fields a move changes and one
:class:`cardrules.core.shedding.Deal` of what the deal fixes (the rules, the seed,
the match, the cards dealt, the restocks, the outcome, the position it was set up
from): a play or a draw copies only the first and shares the second. The deal's
fields still read on the state by name.
"""

from __future__ import annotations

import itertools
import pickle
import random
from types import ModuleType

import pytest

from cardrules.core.shedding import Deal, State
from cardrules.games import mau_mau, mau_mau_standard, strafpoint
from cardrules.moves import DRAW, Play
from cardrules.records import state_from_json, state_to_json

GAMES = (mau_mau, mau_mau_standard, strafpoint)
#: The deal's fields that its rules give, read by every move (not state fields).
DERIVED = ("hot", "max_moves")


def _random_game(game: ModuleType, seed: int) -> list[tuple[State, object, State]]:
    """The steps (state, move, next state) of a random game."""
    rng = random.Random(seed)
    state = game.deal(game.Rules(max_deals=2), seed=seed)
    steps = []
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        after = game.apply(state, move)
        steps.append((state, move, after))
        state = after
    return steps


def test_the_deal_and_the_state_share_no_field() -> None:
    """Rule: each field lives in one place, the deal or the state."""
    assert not set(Deal._fields) & set(State._fields)
    assert "deal" in State._fields


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_every_field_of_the_deal_reads_on_the_state(game: ModuleType) -> None:
    """Rule: ``state.rules``, ``state.match``, ``state.dealt``, ... read as before, and
    the values the deal keeps for every move are its rules' own."""
    state = game.deal(game.Rules(max_moves=500), seed=5)
    for name in Deal._fields:
        if name not in DERIVED and name != "position":
            assert getattr(state, name) is getattr(state.deal, name), name
    assert state.deal.hot is state.rules.stops.hot
    assert state.deal.max_moves == 500


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_a_play_or_a_draw_copies_only_what_it_changes(game: ModuleType) -> None:
    """Rule: a play or a draw that neither restocks nor ends the deal keeps the state's
    deal, the same object; the deal changes with a restock and the end of a deal."""
    kept = renewed = 0
    for before, move, after in _random_game(game, 11):
        ordinary = isinstance(move, Play) or move == DRAW
        same = (after.match, after.restocks) == (before.match, before.restocks)
        if ordinary and same and not game.is_over(after):
            assert after.deal is before.deal, move
            kept += 1
        elif after.deal is not before.deal:
            renewed += 1
    assert kept > 20 and renewed > 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_a_state_pickles_and_loads_as_itself(game: ModuleType) -> None:
    """Rule: a state (and the deal it holds) pickles, its deal without the values its
    rules give, which come back; states of one deal still share one deal once loaded."""
    steps = _random_game(game, 3)
    states = [after for _, _, after in steps[-8:]]
    again = pickle.loads(pickle.dumps(states))
    assert again == states
    for loaded, state in zip(again, states):
        assert type(loaded) is State and type(loaded.deal) is Deal
        assert loaded.deal.hot == state.rules.stops.hot
        assert game.legal_moves(loaded) == game.legal_moves(state)
    for (a, b), (c, d) in zip(itertools.pairwise(states), itertools.pairwise(again)):
        assert (a.deal is b.deal) == (c.deal is d.deal)


def test_a_state_shows_its_deal_without_the_values_of_its_table() -> None:
    """Rule: a state's text shows the deal's own fields, not the table's derived values."""
    shown = repr(mau_mau.deal(mau_mau.Rules(), seed=2))
    assert "Deal(rules=" in shown and "restocks=0" in shown
    assert "hot=" not in shown and "match_masks" not in shown


def test_a_state_set_up_from_a_position_hashes_and_gives_its_position_back() -> None:
    """Rule: a set-up state keeps its position frozen, so that it hashes like a dealt
    one, and ``state.position`` gives the position dict back, and through JSON."""
    rules = mau_mau.Rules()
    position = mau_mau.position(mau_mau.deal(rules, seed=3))
    state = mau_mau.setup(rules, position)
    assert isinstance(hash(state), int)
    assert state.position == position
    assert state.position is not state.position  # a new dict each time: never shared
    loaded = state_from_json(state_to_json(state))
    assert loaded == state and loaded.position == position
    dealt = mau_mau.deal(rules, seed=3)
    assert dealt.position is None and isinstance(hash(dealt), int)
