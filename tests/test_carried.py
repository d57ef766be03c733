"""Values the match carries from deal to deal (:attr:`MatchPlan.carry`), read by the
auction's hooks and the deal's scoring, on the auction game of the tests with a pot
and vulnerability (tests/carry_game.py): the fold over the finished deals' rows, the
auction and the scoring reading it, and every state made otherwise (loaded, set up
from a position, sampled from a view) carrying the same."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import games
from cardrules.core import trickgame
from cardrules.errors import RulesError
from cardrules.games import oh_hell
from cardrules.moves import Play
from cardrules.testing import check_game
from tests import carry_game as game
from tests.auction_game import DOUBLE, REDOUBLE
from tests.carry_game import Rules


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    games.register(game)
    yield
    games.unregister(game.NAME)


def _moves(state: Any, *texts: str) -> Any:
    for text in texts:
        state = game.apply(state, game.parse_move(state, text))
    return state


def _dealt() -> Any:
    return game.deal(Rules(first_dealer=0), seed=7)


def _played_out(state: Any) -> Any:
    """The state after the deal under way is played to its end (first legal moves)."""
    number = game.deal_number(state)
    while game.deal_number(state) == number:
        state = game.apply(state, game.legal_moves(state)[0])
    return state


def test_the_kit_passes_the_game_that_carries_values() -> None:
    assert check_game(game, games=3).games == 6


def test_deals_thrown_in_fill_the_pot_that_the_next_contract_takes() -> None:
    state = _dealt()
    assert trickgame.carried(state) == (("pot", 0), ("vulnerable 0", 0), ("vulnerable 1", 0))
    state = _moves(state, *["pass"] * 8)  # two deals thrown in
    assert trickgame.carried_value(state, "pot") == 2
    state = _moves(state, "1C", "pass", "pass", "pass")
    assert state.contract.term("pot") == 2  # the auction's contract hook read it


def test_the_scoring_pays_the_pot_to_a_contract_made_and_the_pot_empties() -> None:
    state = _moves(_dealt(), *["pass"] * 4, "1C", "pass", "pass", "pass")
    assert state.contract.term("pot") == 1
    after = _played_out(state)
    row = after.match.rows[-1]
    made = dict(row.extras)["made"]
    declarer = state.contract.declarer
    assert declarer is not None
    if made[declarer]:
        assert row.points[declarer] == 10 * 1 + 10 * 1  # the level's and the pot's
    assert trickgame.carried_value(after, "pot") == 0
    assert trickgame.carried_value(after, f"vulnerable {declarer % 2}") == made[declarer]


def _vulnerable_state() -> tuple[Any, int]:
    """A new deal's auction in which a side is vulnerable, and that side."""
    rng = random.Random(3)
    state = game.deal(Rules(first_dealer=0, deals=40), seed=3)
    while True:
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.randrange(len(moves))])
        if state.phase is game.Phase.AUCTION and not state.calls[1]:
            for side in (0, 1):
                if trickgame.carried_value(state, f"vulnerable {side}"):
                    return state, side


def test_only_a_vulnerable_side_may_redouble() -> None:
    state, side = _vulnerable_state()
    while (mover := game.to_move(state)) != side and mover != side + 2:  # to the side
        state = _moves(state, "pass")
    state = _moves(state, "4NT")
    state = game.apply(state, DOUBLE)
    assert REDOUBLE in game.legal_moves(state)  # the vulnerable side redoubles
    fresh = _moves(_dealt(), "4NT", "double")  # nobody vulnerable in the first deal
    assert REDOUBLE not in game.legal_moves(fresh)


def test_loaded_set_up_and_sampled_states_carry_the_same() -> None:
    state = _moves(_dealt(), *["pass"] * 4, "1C", "pass", "pass", "pass")
    state = game.apply(state, next(m for m in game.legal_moves(state) if type(m) is Play))
    carried = trickgame.carried(state)
    assert dict(carried)["pot"] == 1
    assert trickgame.carried(game.state_from_dict(game.state_to_dict(state))) == carried
    rules = Rules(first_dealer=0)
    assert trickgame.carried(game.setup(rules, game.position(state))) == carried
    view = game.observe(state, 2)
    assert trickgame.carried(view) == carried
    assert trickgame.carried(game.sample(view, random.Random(1))) == carried
    assert "pot" not in game.state_to_dict(state)  # derived from the rows, not stored


def test_a_game_without_carry_carries_nothing() -> None:
    state = oh_hell.deal(oh_hell.Rules(players=3), seed=1)
    assert trickgame.carried(state) == ()
    with pytest.raises(RulesError, match="carries no value 'pot': it carries none"):
        trickgame.carried_value(state, "pot")
    with pytest.raises(RulesError, match="it carries pot, vulnerable 0, vulnerable 1"):
        trickgame.carried_value(_dealt(), "bock")
    with pytest.raises(Exception, match="state or view"):
        trickgame.carried(42)
