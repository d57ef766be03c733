"""The contract of a trick game: its description, and the functions every trick game exports.

A trick game module writes its ``Rules`` (a :class:`TrickGameRules`), its ``Phase``
enum, its view and its hooks, describes the game with a :class:`TrickGame`, and takes
the rest of the contract in the same way as a Stops game
(:mod:`cardrules.core.shedding.contract`)::

    from cardrules.core.trickgame import TrickGame, contract
    from cardrules.core.trickgame.contract import *  # noqa: F403

    contract.bind(globals())  # compiled, the star import binds only what is used
    ...
    GAME: Final = TrickGame(name=NAME, title=TITLE, version=version, rules_class=Rules, ...)
    NUM_MOVES, deal, move_index, move_from_index, state_from_dict = GAME.exports()

The star import gives the functions listed in ``__all__``: they serve every trick
game, and find the game of a state from its rules (``Rules.trick_game``, which the
description sets).
"""

from __future__ import annotations

from typing import Any

from cardrules.core.bookkeeping import deal_number, moves_made, origin, players

# TrickGame: the description, defined with its parts and imported from here as before.
from cardrules.core.trickgame.description import TrickGame as TrickGame
from cardrules.core.trickgame.description import teams
from cardrules.core.trickgame.play import apply, parse_move
from cardrules.core.trickgame.positions import position, setup
from cardrules.core.trickgame.queries import chance_outcomes, is_over, legal_moves, to_move
from cardrules.core.trickgame.sampling import sample
from cardrules.core.trickgame.scoring import events, moves_played, score, zones
from cardrules.core.trickgame.serialization import state_to_dict
from cardrules.core.trickgame.solving import DoubleDummy
from cardrules.core.trickgame.state import State
from cardrules.core.trickgame.views import observe

__all__ = [
    "State",
    "apply",
    "chance_outcomes",
    "deal_number",
    "double_dummy",
    "events",
    "is_over",
    "legal_moves",
    "moves_made",
    "moves_played",
    "observe",
    "origin",
    "parse_move",
    "players",
    "position",
    "sample",
    "score",
    "setup",
    "state_to_dict",
    "teams",
    "to_move",
    "zones",
]


def double_dummy(seat: int, equivalent_cards: bool = False, margin: bool = False) -> DoubleDummy:
    """The fast perfect-information search of the play for ``seat``, over card masks,
    which :mod:`cardrules.solver` uses where it applies (the engine's ``solving``
    module says where)."""
    return DoubleDummy(seat, equivalent_cards, margin)


def bind(namespace: dict[str, Any]) -> None:
    """Give a game module every name of ``__all__``, as its star import of this module does.

    A compiled module binds only the names of a star import that it uses itself, so a
    trick game module calls ``bind(globals())`` after the star import; a name the
    module defines itself is left as it is.
    """
    for name in __all__:
        namespace.setdefault(name, globals()[name])
