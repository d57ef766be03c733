"""cardrules: the reference implementation of the rules of five traditional card games.

Each game is a module of pure functions over frozen values (see
:mod:`cardrules.game` for the contract and :mod:`cardrules.games` for the registry).

>>> import cardrules
>>> "oh_hell" in cardrules.games.names()
True

``cardrules.compiled`` tells which build is running: False for the pure Python
one that ``pip install cardrules`` gives, True for the optional compiled build
(see the performance page). Both play identically.
"""

from __future__ import annotations

from cardrules import cards, errors, game, games
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
