"""cardrules: the reference implementation of the rules of five traditional card games.

Each game is a module of pure functions over frozen values (see
:mod:`cardrules.game` for the interface and :mod:`cardrules.games` for the registry).

>>> import cardrules
>>> "oh_hell" in cardrules.games.names()
True

``cardrules.compiled`` tells which build is running: False for the pure Python
one that ``pip install cardrules`` gives, True for the optional compiled build
(see the performance page). Both play identically.
"""

from __future__ import annotations

from cardrules import cards, errors, game, games, svg
from cardrules.errors import (
    BotError,
    CardrulesError,
    DeckError,
    GameError,
    IllegalMoveError,
    NotationError,
    RecordError,
    RulesError,
)
from cardrules.game import CHANCE

# The pictures notebooks show of states and views: the engines' values ask for them, and
# the drawing, which finds a value's game in the registry above the engines, is installed here.
game.set_notebook_drawing(svg.repr_svg)

__all__ = [
    "CHANCE",
    "BotError",
    "CardrulesError",
    "DeckError",
    "GameError",
    "IllegalMoveError",
    "NotationError",
    "RecordError",
    "RulesError",
    "__version__",
    "cards",
    "compiled",
    "errors",
    "game",
    "games",
]

__version__ = "0.1.0"

#: True when the compiled build is running (its modules are native extensions), False
#: for the pure Python build. Both build from the same source and play identically.
compiled: bool = not (game.__file__ or "").endswith(".py")


def _mend_compiled_packages() -> None:
    """Give each compiled package the ``__path__`` its import found it on.

    The compiler gives a compiled package a ``__path__`` that names the package's folder
    twice (``.../cardrules/cardrules/bots``), so a module of it that the package does not
    import itself (``cardrules.bots.heuristics``) could not be imported. Each is imported
    here, once, and its path mended.
    """
    import importlib
    from pathlib import Path

    root = Path(__file__).parent
    for init in sorted(root.rglob("__init__.*")):
        if init.parent == root or init.suffix not in (".so", ".pyd"):
            continue
        name = ".".join(("cardrules", *init.parent.relative_to(root).parts))
        package = importlib.import_module(name)
        found = package.__spec__.submodule_search_locations if package.__spec__ else None
        if found:
            package.__path__ = list(found)


if compiled:
    _mend_compiled_packages()
