"""The registry of games: every module here satisfies :class:`cardrules.game.Game`.

>>> from cardrules import games
>>> "oh_hell" in games.names()
True
>>> games.get("up_and_down_the_river") is games.get("oh_hell")
True
"""

from __future__ import annotations

from typing import Final

from cardrules.core.options import show_value
from cardrules.errors import RulesError
from cardrules.game import Game
from cardrules.games import enfle, mau_mau, mau_mau_standard, maverick, oh_hell, strafpoint

__all__ = [
    "enfle",
    "get",
    "mau_mau",
    "mau_mau_standard",
    "maverick",
    "names",
    "oh_hell",
    "strafpoint",
]

_GAMES: Final[dict[str, Game]] = {
    "oh_hell": oh_hell,
    "enfle": enfle,
    "mau_mau": mau_mau,
    "mau_mau_standard": mau_mau_standard,
    "strafpoint": strafpoint,
    "maverick": maverick,
}
_ALIASES: Final[dict[str, str]] = {
    "up_and_down_the_river": "oh_hell",
    "rolling_stone": "enfle",
    "schwellen": "enfle",
}


def names() -> tuple[str, ...]:
    """The names of the registered games (aliases are not listed)."""
    return tuple(_GAMES)


def get(name: str) -> Game:
    """The game module registered under ``name`` or one of its aliases."""
    if not isinstance(name, str):
        raise RulesError(f"a game is named by text such as 'oh_hell', not {show_value(name)}")
    key = _ALIASES.get(name, name)
    try:
        return _GAMES[key]
    except KeyError:
        raise RulesError(f"unknown game {name!r}: the games are {', '.join(names())}") from None
