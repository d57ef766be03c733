"""The exception hierarchy.

Every error cardrules raises on purpose is a :class:`CardrulesError`, so a caller
can catch the library's errors in one place. Each subclass is also a
:class:`ValueError`, because each one reports a value that was wrong.

>>> from cardrules.errors import CardrulesError, NotationError
>>> issubclass(NotationError, CardrulesError) and issubclass(NotationError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "BotError",
    "CardrulesError",
    "DeckError",
    "IllegalMoveError",
    "NotationError",
    "RecordError",
    "RulesError",
]


class CardrulesError(Exception):
    """Base class of every error raised by cardrules."""


class RulesError(CardrulesError, ValueError):
    """A rules option is unknown, out of range, or conflicts with another option."""


class IllegalMoveError(CardrulesError, ValueError):
    """A move is not legal in the state it was applied to; the state is unchanged."""


class NotationError(CardrulesError, ValueError):
    """Text (a card, a move, a rules string) could not be read."""


class RecordError(CardrulesError, ValueError):
    """A game record or a serialized state is malformed, inconsistent or illegal."""


class DeckError(CardrulesError, ValueError):
    """A deck order given to ``deal`` is not the game's deck: a card missing, repeated
    or foreign, something that is not a card, or a fixed deck with explicit chance."""


class BotError(CardrulesError, ValueError):
    """A bot failed while playing a game: it raised an error, or chose a move that is
    not legal. The message names the seat, the bot, the game's seed and the move."""


class ArgumentError(CardrulesError, ValueError, TypeError):
    """An argument of a public function has the wrong type or value: a seed that is
    no whole number, a seat out of range, a state or view of another game, a random
    generator that is none. (Also a :class:`TypeError`, which such mistakes were.)"""
