"""What generic code reads of a state, for states with the usual fields.

The :class:`~cardrules.game.Game` protocol names ``players``, ``deal_number``,
``moves_made`` and ``origin``, so that bots, records, the simulator and the
adapters never read a game's state by field name. Every game of cardrules keeps
these facts in the same fields (``rules.players``, ``match.deal_number``,
``moves_made``, ``seed``, ``first_deck``, ``chance``); a game module exports the
functions of this module as its own. A game whose state is laid out differently
writes its own four small functions instead.
"""

from __future__ import annotations

from typing import Any

from cardrules.errors import ArgumentError, show_value
from cardrules.game import Origin

__all__ = ["deal_number", "moves_made", "origin", "players"]


def _not_a(what: str, value: object) -> ArgumentError:
    return ArgumentError(f"this needs {what}, not {show_value(value)}")


def players(rules: Any) -> int:
    """How many seats these rules seat."""
    count = getattr(rules, "players", None)
    if type(count) is not int:
        raise _not_a("a game's Rules", rules)
    return count


def deal_number(state: Any) -> int:
    """How many deals of the game have finished (0 during the first deal)."""
    number = getattr(getattr(state, "match", None), "deal_number", None)
    if type(number) is not int:
        raise _not_a("a game's state (from deal, apply or sample)", state)
    return number


def moves_made(state: Any) -> int:
    """How many moves the players have made since the game began, over all its deals:
    chance steps (explicit chance's ``deal CARD`` and ``dealer SEAT``) are not counted,
    so a game counts the same under seeded and explicit chance. The ``max_moves`` cap
    compares with it."""
    count = getattr(state, "moves_made", None)
    if type(count) is not int:
        raise _not_a("a game's state (from deal, apply or sample)", state)
    return count


def origin(state: Any) -> Origin:
    """The rules, seed, fixed first deck and chance mode the game was started from, and
    the position it was set up from (None for a dealt game)."""
    if not hasattr(state, "first_deck"):
        raise _not_a("a game's state (from deal, apply or sample)", state)
    position = getattr(state, "position", None)
    return Origin(state.rules, state.seed, state.first_deck, state.chance, position)
