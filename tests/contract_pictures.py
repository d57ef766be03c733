"""Helpers of the picture tests of contract deals (the text table and the SVG drawing)."""

from __future__ import annotations

import random
from typing import Any

from cardrules.render import describe_fields


class _Plain:
    """A game with the plain ``describe`` of its view's fields (no words of its own)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __getattr__(self, attribute: str) -> object:
        return getattr(self.game, attribute)

    describe = staticmethod(describe_fields)


def plain_game(game: Any) -> Any:
    """``game`` with the plain ``describe`` of its view's fields."""
    return _Plain(game)


def bridge_after(bridge: Any, cards: int, seed: int = 1) -> Any:
    """A bridge deal, its auction called by the example's bot, with ``cards`` cards of
    the play made (0: the opening lead is to come)."""
    rng = random.Random(seed)
    state = bridge.deal(bridge.Rules(), seed=seed)
    bot = bridge.BridgeBot()
    while state.contract is None or 52 - sum(h.bit_count() for h in state.hands) < cards:
        seat = bridge.to_move(state)
        moves = bridge.legal_moves(state)
        state = bridge.apply(state, bot.choose(bridge.observe(state, seat), moves, rng))
    return state
