"""A deal that ends before its tricks are played (``TrickPlay.ends_early``), on its own,
on the small contract game of the tests (tests/auction_game.py) made to end a deal as
soon as the declaring side has taken the tricks its contract needs: the hook is asked
only when the table is cleared, the deal is scored at once with cards left in hand,
the next deal follows, the same moves play on without the hook, and the kit, the
solver and JSON see nothing amiss."""

from __future__ import annotations

import dataclasses
import random
import types
from collections.abc import Iterator
from typing import Any, Final

import attrs
import pytest

from cardrules import games
from cardrules.core import trickgame
from cardrules.core.options import rules_to_text
from cardrules.solver import Solver
from cardrules.testing import check_game
from tests import auction_game as game

NAME: Final = "auction_tricks_early"
#: Each time the hook is asked: the cards on the table then (always none).
ASKED: list[int] = []


@attrs.frozen(slots=True, kw_only=True)
class EarlyRules(game.Rules):
    """The rules of the game whose deal ends once the contract is made."""

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


def _made(state: trickgame.State) -> bool:
    """Whether the declaring side has taken the tricks its contract needs."""
    ASKED.append(len(state.trick))
    contract = state.contract
    assert contract is not None and contract.declarer is not None
    level = contract.term("level")
    assert isinstance(level, int)
    side = game.TEAMS[contract.declarer % 2]
    return sum(state.tricks_won[seat] for seat in side) >= level + game.BOOK


EARLY_GAME: Final = dataclasses.replace(
    game.GAME, name=NAME, rules_class=EarlyRules, play=trickgame.TrickPlay(ends_early=_made)
)


@pytest.fixture(scope="module")
def early() -> Iterator[Any]:
    """The game as a registered module, removed afterwards."""
    module = types.ModuleType(NAME)
    namespace: dict[str, Any] = module.__dict__
    namespace.update(
        NAME=NAME,
        version="1",
        Rules=EarlyRules,
        PRESETS={"default": EarlyRules(), "dummy": EarlyRules(dummy=True, order="skip")},
        describe=game.describe,
        explain_move=game.explain_move,
    )
    trickgame.install(EARLY_GAME, namespace)
    games.register(module)
    yield module
    games.unregister(NAME)


def _bid(module: Any, seed: int) -> Any:
    """Deal 1 after seat 1 bids 1C and the others pass (seat 1 and 3 need 3 tricks)."""
    rules = (EarlyRules if module is not game else game.Rules)(first_dealer=0)
    state = module.deal(rules, seed=seed)
    for word in ("1C", "pass", "pass", "pass"):
        state = module.apply(state, module.parse_move(state, word))
    return state


def _played(module: Any, seed: int) -> tuple[Any, Any]:
    """The last state of deal 1 played at random after ``_bid``, and the state after it."""
    state, rng = _bid(module, seed), random.Random(seed)
    while True:
        after = module.apply(state, rng.choice(module.legal_moves(state)))
        if after.match.deal_number:
            return state, after
        state = after


def test_the_deal_ends_once_the_hook_says_so_with_cards_left_in_hand(early: Any) -> None:
    ended = 0
    for seed in range(8):
        ASKED.clear()
        last, state = _played(early, seed)
        assert ASKED and set(ASKED) == {0}  # asked only with the table cleared
        row = state.match.rows[0]
        taken = row.extra("tricks")[1] + row.extra("tricks")[3]
        if taken < 3:  # down: every card played
            assert sum(row.extra("tricks")) == 6 and row.points == (0, -10, 0, -10)
            continue
        ended += sum(row.extra("tricks")) < 6
        assert taken == 3 and row.points == (0, 10, 0, 10)  # made, and no trick more
        assert sum(bin(hand).count("1") for hand in last.hands) == 1 + 4 * (
            6 - sum(row.extra("tricks"))
        )  # the last card of the deal's last trick, and the cards left unplayed
        assert all(bin(h).count("1") == 6 for h in state.hands)  # the next deal is dealt
    assert ended


def test_without_the_hook_the_same_moves_play_on(early: Any) -> None:
    seed = next(s for s in range(8) if sum(_played(early, s)[1].match.rows[0].extra("tricks")) < 6)
    state, plain, rng = _bid(early, seed), _bid(game, seed), random.Random(seed)
    while state.match.deal_number == 0:
        move = rng.choice(early.legal_moves(state))
        assert move in game.legal_moves(plain)
        state, plain = early.apply(state, move), game.apply(plain, move)
    assert plain.match.deal_number == 0 and plain.phase is game.Phase.PLAYING


def test_a_deal_with_the_hook_keeps_json_and_the_solver(early: Any) -> None:
    state = _bid(early, 4)
    state = early.apply(state, early.legal_moves(state)[0])
    assert early.state_from_dict(early.state_to_dict(state)) == state
    assert Solver(early, early.to_move(state), 0).move_values(state)  # played through


def test_the_kit_passes_the_game_that_ends_early(early: Any) -> None:
    assert check_game(early, games=3).games == 6
