"""Installing a game module from its description: the one call both engines share.

A game module on either engine writes its ``Rules``, its hooks, its view's own fields
and one description (a :class:`~cardrules.core.trickgame.TrickGame` or a
:class:`~cardrules.core.shedding.StopsGame`), then installs itself with one call::

    GAME: Final = trickgame.TrickGame(name=NAME, title="Whist", ...)
    trickgame.install(GAME, globals())

The call gives the module every name of the :class:`~cardrules.game.Game` interface
it does not write itself: the engine's functions, which serve every game of the
engine (``apply``, ``observe``, ``sample``, ...), and what the description makes for
this game (:data:`DESCRIBED`: its ``TITLE``, its ``Phase`` enumeration, its move
numbers, ``deal``, ``state_from_dict`` and ``deck_of``).

A call that writes into ``globals()`` is invisible to a type checker, so the module
also imports the engine's *typed interface* for the type checker alone::

    if TYPE_CHECKING:  # the names install gives, as the type checker sees them
        from cardrules.core.trickgame.interface import *

The interface module (:mod:`cardrules.core.trickgame.interface`,
:mod:`cardrules.core.shedding.interface`) lists each name with its type: the engine's
functions as themselves, the described names as annotated variables. mypy then checks
``oh_hell.apply(state, move)`` or ``oh_hell.Phase.BIDDING`` like any other use. In the
compiled build, a module's code reads such a variable from the module's namespace,
where the call put it, and calls an engine function directly, so neither the star
import nor a binding of its names is needed at run time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

from cardrules.cards import Card
from cardrules.errors import RulesError

__all__ = ["DESCRIBED", "Description", "install"]

#: The names a description makes for its game module.
DESCRIBED: Final = (
    "TITLE",
    "Phase",
    "NUM_MOVES",
    "deal",
    "move_index",
    "move_from_index",
    "state_from_dict",
    "deck_of",
)


class Description(Protocol):
    """What :func:`install` reads of a game's description (both engines' have it)."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def num_moves(self) -> int: ...

    @property
    def phases(self) -> type[Any]: ...

    def deal(
        self, rules: Any, *, seed: object, deck: Any = None, chance: Any = "seeded"
    ) -> Any: ...

    def move_index(self, move: Any) -> int: ...

    def move_from_index(self, index: int) -> Any: ...

    def state_from_dict(self, data: Mapping[str, Any]) -> Any: ...

    def deck_of(self, rules: object) -> tuple[Card, ...]: ...


def install(game: Description, namespace: dict[str, Any], provided: Mapping[str, object]) -> None:
    """Give the game module whose ``globals()`` is ``namespace`` what the engine
    ``provided`` (its types and functions, by name) and the names its description
    ``game`` makes (:data:`DESCRIBED`), each unless the module defines it itself.

    Each engine's ``install`` calls this with its own names.
    """
    name = namespace.get("NAME")
    if name is not None and name != game.name:
        module = namespace.get("__name__", "the module")
        raise RulesError(
            f"{module} is named {name!r} but installs the description of {game.name!r}"
        )
    described: dict[str, object] = {
        "NAME": game.name,
        "TITLE": game.title,
        "Phase": game.phases,
        "NUM_MOVES": game.num_moves,
        "deal": game.deal,
        "move_index": game.move_index,
        "move_from_index": game.move_from_index,
        "state_from_dict": game.state_from_dict,
        "deck_of": game.deck_of,
    }
    for key, value in {**provided, **described}.items():
        namespace.setdefault(key, value)
