"""Tensor layouts: a flat ``float32`` array made of named pieces, and helpers to fill them.

A :class:`Layout` lists the pieces of a tensor in order; each piece has a name,
a shape, bounds and a meaning. :meth:`Layout.new` gives the flat array and a
dict of named, reshaped views into it (the form OpenSpiel observers expose),
and :meth:`Layout.table` the layout table that each encoder module's docstring
shows (name, offset, size, meaning).

>>> layout = Layout((Piece("hand", (52,), "own cards"), Piece("seat", (4,), "who moves")))
>>> tensor, views = layout.new()
>>> put_cards(views["hand"], [])
>>> one_hot(views["seat"], 2)
>>> tensor.shape, tensor[52:].tolist()
((56,), [0.0, 0.0, 1.0, 0.0])
>>> print(layout.table())
=====  ======  ====  =========
piece  offset  size  meaning
=====  ======  ====  =========
hand   0       52    own cards
seat   52      4     who moves
=====  ======  ====  =========
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import attrs
import numpy as np
import numpy.typing as npt

from cardrules.cards import Card
from cardrules.game import Chance, Event

__all__ = [
    "CARD_SLOTS",
    "COUNTERS",
    "Layout",
    "Piece",
    "Recall",
    "Tensor",
    "one_hot",
    "put_cards",
    "put_to_move",
    "relative",
    "since_last",
]

#: A flat observation tensor, or a named view into one.
Tensor: TypeAlias = npt.NDArray[np.float32]

#: One slot per card index (``Card.index``: 0..51 for the suited cards, 52 and 53 for jokers).
CARD_SLOTS = 54

#: The name of a :class:`Recall`'s counters among the pieces its ``add`` receives.
COUNTERS = "#counters"


@attrs.frozen
class Piece:
    """A named part of a tensor: its shape, the bounds of its values and what it means."""

    name: str
    shape: tuple[int, ...]
    meaning: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """How many numbers the piece holds."""
        return math.prod(self.shape)


@attrs.frozen
class Layout:
    """The pieces of a flat tensor, in order."""

    pieces: tuple[Piece, ...]

    @property
    def size(self) -> int:
        """The length of the flat tensor."""
        return sum(piece.size for piece in self.pieces)

    def offsets(self) -> dict[str, int]:
        """Where each piece starts in the flat tensor."""
        found: dict[str, int] = {}
        offset = 0
        for piece in self.pieces:
            found[piece.name] = offset
            offset += piece.size
        return found

    def new(self) -> tuple[Tensor, dict[str, Tensor]]:
        """A zeroed flat tensor and named views into it (writing a view writes the tensor)."""
        tensor = np.zeros(self.size, np.float32)
        views: dict[str, Tensor] = {}
        for piece, offset in zip(self.pieces, self.offsets().values()):
            views[piece.name] = tensor[offset : offset + piece.size].reshape(piece.shape)
        return tensor, views

    def bounds(self) -> tuple[Tensor, Tensor]:
        """The lowest and highest value of every entry (for a ``gymnasium`` Box)."""
        low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.pieces])
        high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.pieces])
        return low, high

    def table(self, first: int = 0) -> str:
        """The layout as a reStructuredText table: piece, offset, size, meaning
        (from piece number ``first`` on)."""
        rows = [("piece", "offset", "size", "meaning")]
        rows += [
            (p.name, str(offset), str(p.size), p.meaning)
            for p, offset in list(zip(self.pieces, self.offsets().values()))[first:]
        ]
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        rule = "  ".join("=" * w for w in widths)
        lines = [rule]
        for number, row in enumerate(rows):
            lines.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
            if number == 0:
                lines.append(rule)
        lines.append(rule)
        return "\n".join(lines)


def put_cards(view: Tensor, cards: Iterable[Card]) -> None:
    """Set ``view[card.index] = 1`` for each card."""
    indices = [card.index for card in cards]
    if len(indices) > 24:
        view[indices] = 1.0  # one numpy write: cheaper than many for a long list
    else:
        for index in indices:
            view[index] = 1.0


def one_hot(view: Tensor, index: int | None) -> None:
    """Set ``view[index] = 1`` (nothing when ``index`` is None)."""
    if index is not None:
        view[index] = 1.0


def put_to_move(view: Tensor, to_move: int | Chance | None, observer: int, players: int) -> None:
    """Mark who is to move in a piece of ``players + 1`` slots: a seat in its slot
    seen by ``observer`` (:func:`relative`), chance in the last slot, nobody once
    the game is over."""
    if isinstance(to_move, int):
        view[relative(to_move, observer, players)] = 1.0
    elif to_move is not None:
        view[players] = 1.0


def relative(seat: int, observer: int, players: int) -> int:
    """The slot of ``seat`` in a tensor seen by ``observer``: 0 for the observer,
    1 for the seat on its left (the next clockwise), and so on.

    >>> [relative(s, 2, 4) for s in range(4)]
    [2, 3, 0, 1]
    """
    return (seat - observer) % players


def since_last(events: Sequence[Event], kind: str) -> Sequence[Event]:
    """The events after the last one of ``kind`` (all of them if there is none).

    >>> log = [Event("deal"), Event("bid", 1, value=2), Event("deal"), Event("bid", 2, value=0)]
    >>> [str(e) for e in since_last(log, "deal")]
    ['seat 2 bids 0']
    """
    for position in range(len(events) - 1, -1, -1):
        if events[position].kind == kind:
            return events[position + 1 :]
    return events


class Recall:
    """Recall pieces of an information state that only grow with the events of a deal,
    kept per observing seat and extended with the new events at each step.

    ``add(event, pieces, seat)`` writes one event into the named recall arrays
    ``pieces`` (seen by ``seat``); a ``"deal"`` event clears them. With ``counters``,
    ``pieces[COUNTERS]`` holds that many numbers kept along the events (say, the trick
    in progress), cleared with the pieces too. The next view of a
    game extends the events of the previous one, so a step reads only its new events
    instead of the whole deal (comparing the old events runs at C speed on shared
    event objects); any other view is read from its start. The result is the same
    either way.
    """

    def __init__(
        self,
        names: tuple[str, ...],
        add: Callable[[Event, dict[str, Tensor], int], None],
        counters: int = 0,
    ) -> None:
        self._names = names
        self._add = add
        self._counters = counters
        self._latest: dict[tuple[Any, ...], tuple[tuple[Event, ...], dict[str, Tensor]]] = {}

    def write(self, events: Sequence[Event], seat: int, out: Mapping[str, Tensor]) -> None:
        """Write the recall of ``events`` seen by ``seat`` into the named views ``out``."""
        events = tuple(events)
        key = (seat, *(out[name].shape for name in self._names))
        found = self._latest.get(key)
        count = 0
        if found is not None:
            known, pieces = found
            count = len(known)
            if len(events) < count or events[:count] != known:
                found = None
        if found is None:
            pieces = {name: np.zeros_like(out[name]) for name in self._names}
            if self._counters:
                pieces[COUNTERS] = np.zeros(self._counters, np.float32)
            count = 0
        add = self._add
        for event in events[count:]:
            if event.kind == "deal":
                for piece in pieces.values():
                    piece.fill(0.0)
            else:
                add(event, pieces, seat)
        if len(self._latest) >= 64:
            self._latest.clear()
        self._latest[key] = (events, pieces)
        for name in self._names:
            out[name][...] = pieces[name]


def _add_trick_play(event: Event, pieces: dict[str, Tensor], me: int) -> None:
    # The counters: the trick in progress (from 0) and the plays made to it.
    counters = pieces[COUNTERS]
    if event.kind == "play" and event.seat is not None:
        trick, position = int(counters[0]), int(counters[1])
        seat = relative(event.seat, me, pieces["trick_leaders"].shape[1])
        if position == 0:
            pieces["trick_leaders"][trick, seat] = 1.0
        pieces["plays"][trick, seat, event.cards[0].index] = 1.0
        counters[1] = position + 1
    elif event.kind == "trick":
        counters[0] += 1
        counters[1] = 0


def trick_recall() -> Recall:
    """The recall of a trick game's deal: ``plays[trick, seat, card]`` (every card played,
    seats relative to the observer) and ``trick_leaders[trick, seat]``, extended step by
    step (the pieces must be named ``plays`` and ``trick_leaders``)."""
    return Recall(("plays", "trick_leaders"), _add_trick_play, counters=2)
