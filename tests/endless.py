"""A trick game whose match never ends: Whist (examples/whist.py) with no target, so
that random play deals for ever; the runs of many games must stop it with their safety
cap. Importing this module registers it as ``endless_whist``; the command line and
worker processes find it by its import path, ``tests.endless``."""

from __future__ import annotations

import dataclasses
import importlib
import os
import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.core import trickgame
from cardrules.core.options import check_int, rules_to_text

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

# By name: mypy sees examples/whist.py as the script "whist", not as a module of a package.
whist: Any = importlib.import_module("examples.whist")

NAME: Final = "endless_whist"
version: Final = "1"
describe = whist.describe
explain_move = whist.explain_move


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """Whist's only option, ``players`` (4), and the safety caps; no target."""

    players: int = 4

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules()}
GAME: Final = dataclasses.replace(
    whist.GAME,
    name=NAME,
    title="Whist without an end",
    rules_class=Rules,
    match=dataclasses.replace(whist.GAME.match, decided=lambda rules, match: None),
)
trickgame.install(GAME, globals())
games.register(sys.modules[__name__], heuristic=whist.WhistBot, replace=True)


class DyingBot:
    """A bot whose process dies the moment it is asked for a move (as one the system
    ends for want of memory does)."""

    name = "dying"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """Never returns: ends its process at once."""
        os._exit(3)
