"""Players that choose moves from what a seat may see.

A bot sees only a seat's view (from ``observe``), the legal moves and a seeded
random generator, and returns one of the moves. It never sees the state, the
seed or another hand.

>>> import random
>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=1)
>>> seat = oh_hell.to_move(state)
>>> view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
>>> move = RandomBot().choose(view, legal, random.Random(0))
>>> move in oh_hell.legal_moves(state)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from cardrules._mypyc import mypyc_attr

__all__ = ["Bot", "RandomBot"]

M = TypeVar("M")


class Bot(Protocol):
    """Anything with a name that chooses a move from a view and the legal moves."""

    name: str

    def choose(self, view: Any, legal_moves: Sequence[M], rng: random.Random) -> M: ...


# A bot of one's own may derive from it, in either build.
@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot:
    """Chooses uniformly among the legal moves."""

    name = "random"

    def choose(self, view: Any, legal_moves: Sequence[M], rng: random.Random) -> M:
        """One of ``legal_moves``, uniformly at random."""
        if not legal_moves:
            raise ValueError("no legal move to choose from: the game is over")
        return legal_moves[rng.randrange(len(legal_moves))]
