"""The exception hierarchy.

Every error cardrules raises on purpose is a :class:`CardrulesError`, so a caller
can catch the library's errors in one place. Each subclass is also a
:class:`ValueError`, because each one reports a value that was wrong.

>>> from cardrules.errors import CardrulesError, NotationError
>>> issubclass(NotationError, CardrulesError) and issubclass(NotationError, ValueError)
True
"""

from __future__ import annotations

import os
import traceback
from typing import TypeVar

__all__ = [
    "ArgumentError",
    "BotError",
    "CardrulesError",
    "DeckError",
    "GameError",
    "IllegalMoveError",
    "NotationError",
    "PositionError",
    "RecordError",
    "RulesError",
    "SearchBudgetError",
    "WorkerError",
    "describe_error",
    "show_value",
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


class GameError(CardrulesError, RuntimeError):
    """A game's own code failed while it was played: one of its functions raised an
    error that the game interface does not allow (anything but an
    :class:`IllegalMoveError` refusing a move that is not legal). This is a defect of
    the game (its tables or hooks), not of the bots or the caller. The message names
    the game, the seed, the move number, the seat and the move, and the game's
    error, with the place it was raised; the game's error is chained as the cause,
    so its traceback is kept."""


class WorkerError(CardrulesError, RuntimeError):
    """A worker process of a run (:func:`cardrules.simulate.simulate`, a tournament) died,
    or a game failed in one, without a cardrules error of its own: the run stops, and
    the message says what happened and what to try."""


class ArgumentError(CardrulesError, ValueError, TypeError):
    """An argument of a public function has the wrong type or value: a seed that is
    no whole number, a seat out of range, a state or view of another game, a random
    generator that is none. (Also a :class:`TypeError`, which such mistakes were.)"""


class PositionError(CardrulesError, ValueError):
    """A position that does not hold together, or that cannot be read."""


class SearchBudgetError(CardrulesError, RuntimeError):
    """A search (the solver's) used up the time or the positions it was given before it
    finished: it has no value to give. Ask again with a larger budget, or none."""


_Error = TypeVar("_Error", bound=BaseException)


def caused_by(error: _Error, cause: BaseException) -> _Error:
    """``error``, with ``cause`` as its cause: ``raise caused_by(error, cause) from cause``
    chains the two in either build (the compiled build leaves out the ``from`` of a
    ``raise`` statement)."""
    error.__cause__ = cause  # as "from" does, this also hides the error being handled
    return error


def show_value(value: object) -> str:
    """``repr(value)`` for an error message, shortened: a huge number or text is abbreviated.

    >>> show_value(5), show_value("x" * 100)[-5:], show_value(10**100)
    ('5', 'xx...', 'a number of about 100 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except Exception:  # a caller's object whose repr fails still gets a message
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


#: This package's folder: frames in it are the library's, the others the caller's game.
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _in_library(filename: str) -> bool:
    # The compiled build names its frames by the relative source path.
    return filename.startswith((_PACKAGE_DIR, "src/cardrules/", "cardrules/"))


def describe_error(error: BaseException) -> str:
    """An unexpected error in a few words: its type, its message and where it was
    raised (the innermost frame; when that is in cardrules, also the last frame of
    the code that called into it, which is usually a game's own hook).

    >>> try:
    ...     (1, 2)[5]
    ... except IndexError as error:
    ...     print(describe_error(error))
    IndexError: tuple index out of range (raised in <doctest ...>, line 2, in <module>)
    """
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return text
    where = [frames[-1]]
    if _in_library(frames[-1].filename):
        outside = [frame for frame in frames if not _in_library(frame.filename)]
        if outside:
            where.append(outside[-1])
    places = [f"{frame.filename}, line {frame.lineno}, in {frame.name}" for frame in where]
    return (
        f"{text} (raised in {places[0]}"
        + "".join(f", called from {place}" for place in places[1:])
        + ")"
    )
