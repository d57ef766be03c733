"""A text rendering of any game's view, for people and for language-model agents.

:func:`render_view` works for every game: it reads the fields of the view (all
views are attrs classes) and writes one labelled line for each, cards in their
text form, then the latest public events and the numbered legal moves.

>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=2, first_dealer=3),
...                      seed=0, deck=oh_hell.deck_of(oh_hell.Rules()))
>>> print(render_view(oh_hell.observe(state, 0)))  # doctest: +ELLIPSIS
oh_hell(...) · seat 0 · seat 0 to move
phase: bidding
...
hand: 2C 6C
...
legal moves: 1) bid 0  2) bid 1  3) bid 2
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, Final

import attrs

from cardrules.cards import Card
from cardrules.game import Chance, Event, Score

__all__ = ["format_value", "render_view"]

_NOT_SHOWN: Final = frozenset(
    {"rules", "seat", "events", "legal_moves", "score", "to_move", "chance"}
)


def format_value(value: Any) -> str:
    """A value of a view as short text: cards as ``QH``, tuples spaced, None as ``-``."""
    if value is None:
        return "-"
    if isinstance(value, Card):
        return value.text
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (enum.Enum, Chance)):
        return str(value.name).lower().replace("_", " ")
    if isinstance(value, tuple):
        if value and all(isinstance(item, Card) for item in value):
            return " ".join(card.text for card in value)
        if not value:
            return "-"
        return " ".join(format_value(item) for item in value)
    return str(value)


def _mover(view: Any) -> str:
    mover = view.to_move
    if mover is None:
        return "game over"
    if isinstance(mover, Chance):
        return "chance to move"
    return f"seat {mover} to move"


def render_view(view: Any, *, events: int = 8, numbered: bool = True) -> str:
    """The view as text: a header, one line per field, recent events, legal moves."""
    lines = [f"{view.rules} · seat {view.seat} · {_mover(view)}"]
    for field in attrs.fields(type(view)):
        if field.name in _NOT_SHOWN:
            continue
        lines.append(f"{field.name.replace('_', ' ')}: {format_value(getattr(view, field.name))}")
    score: Score | None = getattr(view, "score", None)
    if score is not None and not hasattr(view, "totals"):
        lines.append("totals: " + " ".join(f"seat {s}: {t}" for s, t in enumerate(score.totals)))
    log: Sequence[Event] = getattr(view, "events", ())
    if log and events:
        lines.append("recent events:")
        lines.extend(f"  {event}" for event in log[-events:])
    legal = getattr(view, "legal_moves", ())
    if legal:
        if numbered:
            lines.append(
                "legal moves: " + "  ".join(f"{i}) {move}" for i, move in enumerate(legal, start=1))
            )
        else:
            lines.append("legal moves: " + ", ".join(str(move) for move in legal))
    return "\n".join(lines)
