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

from cardrules.game import Origin

__all__ = ["deal_number", "moves_made", "origin", "players"]


def players(rules: Any) -> int:
    """How many seats these rules seat."""
    count: int = rules.players
    return count


def deal_number(state: Any) -> int:
    """How many deals of the game have finished (0 during the first deal)."""
    number: int = state.match.deal_number
    return number


def moves_made(state: Any) -> int:
    """How many moves the players have made since the game began, over all its deals:
    chance steps (explicit chance's ``deal CARD`` and ``dealer SEAT``) are not counted,
    so a game counts the same under seeded and explicit chance. The ``max_moves`` cap
    compares with it."""
    count: int = state.moves_made
    return count


def origin(state: Any) -> Origin:
    """The rules, seed, fixed first deck and chance mode the game was started from."""
    return Origin(state.rules, state.seed, state.first_deck, state.chance)
