"""The conformance kit's common ground: its error (:class:`ConformanceError`), the
:class:`Report` of a run, the most moves a random game may last, and the helpers every
check uses (a broken promise, the game's own errors reported where they were raised, a
listed move applied, a game named or given).
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Any

import attrs

from cardrules import games as registry
from cardrules._mypyc import mypyc_attr
from cardrules.errors import CardrulesError, IllegalMoveError, caused_by, describe_error
from cardrules.game import Game


# Two built-in bases (Exception, AssertionError): a native class can have only one.
@mypyc_attr(native_class=False)
class ConformanceError(CardrulesError, AssertionError):
    """A game broke a promise of the interface; the message says which and where."""


def _fail(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def _game_failed(where: str, error: Exception) -> ConformanceError:
    """The ConformanceError for an error a game's own function raised (raise it ``from``
    that error, which keeps its traceback)."""
    return ConformanceError(
        f"{where}: the game raised {describe_error(error)}; its functions may raise only "
        "the cardrules errors the interface names (IllegalMoveError for a move that is not legal)"
    )


class _GameErrorsReported:
    """A context in which an error of the game's own code (anything but a
    :class:`ConformanceError`) becomes the ConformanceError of :func:`_game_failed`, chained
    from it. A ConformanceError passes through, with ``where`` put before its message
    when ``prefix_conformance_errors``. ``where`` is called only on an error, so that a
    check that enters this context at every move does not format it at every move."""

    __slots__ = ("_prefix_conformance_errors", "_where")

    def __init__(
        self, where: Callable[[], str], *, prefix_conformance_errors: bool = False
    ) -> None:
        self._where = where
        self._prefix_conformance_errors = prefix_conformance_errors

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if not isinstance(error, Exception):
            return  # no error, or one such as KeyboardInterrupt: let it go
        if isinstance(error, ConformanceError):
            if not self._prefix_conformance_errors:
                return
            raise ConformanceError(f"{self._where()}: {error}") from None
        raise caused_by(_game_failed(self._where(), error), error) from error


def _apply_listed(game: Game, state: Any, move: Any) -> Any:
    """``game.apply(state, move)`` for a move the game listed as legal: a refusal
    contradicts its own list."""
    try:
        return game.apply(state, move)
    except IllegalMoveError as error:
        raise ConformanceError(f"the listed move {move} is refused: {error}") from None


@attrs.frozen(slots=True)
class Report:
    """What :func:`check_game` checked: the game, the presets, games and moves played,
    and the worlds in which :func:`check_solver` compared the solver with plain minimax
    (0 for a game without a search of its own)."""

    game: str
    presets: tuple[str, ...]
    games: int
    moves: int
    solver_worlds: int = 0


# The most moves a random game may last without a cap of its own (described where the
# package's __init__ binds it again, for the reference page).
MOST_MOVES = 100_000


def _resolve(game: str | Game) -> Game:
    """A registered game by name; a module as it is (checked, not registered)."""
    if isinstance(game, str):
        return registry.get(game)
    registry.check_protocol(game)
    return game
