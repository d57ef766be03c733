"""A deliberately broken game: the standard Mau Mau, whose ``apply`` fails with a plain
Python error (as a bug in a game's own hook would) from a given move on."""

from __future__ import annotations

import types
from typing import Any, cast

from cardrules.game import INTERFACE_NAMES, Game
from cardrules.games import mau_mau_standard

#: The registered name of the broken game.
NAME = "broken_mau_mau"


def broken_game(*, from_move: int) -> Game:
    """A game module with every function of the standard Mau Mau, except that ``apply``
    raises IndexError on a state with ``from_move`` moves made or more (legal or not)."""
    module = types.ModuleType(NAME)
    for name in INTERFACE_NAMES:
        setattr(module, name, getattr(mau_mau_standard, name))

    def apply(state: Any, move: Any) -> Any:
        if mau_mau_standard.moves_made(state) >= from_move:
            raise IndexError("a bug in the game's own code")
        return mau_mau_standard.apply(state, move)

    setattr(module, "NAME", NAME)  # noqa: B010  # a module's attribute, unknown to mypy
    setattr(module, "apply", apply)  # noqa: B010
    return cast(Game, module)  # it has every name of the protocol: set just above


def refusing_game() -> Game:
    """The standard Mau Mau, except that ``apply`` refuses every move with
    IllegalMoveError, the moves it lists as legal too (a defect of the game)."""
    from cardrules.errors import IllegalMoveError

    module = types.ModuleType("refusing_mau_mau")
    for name in INTERFACE_NAMES:
        setattr(module, name, getattr(mau_mau_standard, name))

    def apply(state: Any, move: Any) -> Any:
        raise IllegalMoveError(f"{move} is refused")

    setattr(module, "NAME", "refusing_mau_mau")  # noqa: B010
    setattr(module, "apply", apply)  # noqa: B010
    return cast(Game, module)
