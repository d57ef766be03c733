"""The functions of the game contract that every trick game module exports as they are.

A trick game module (:mod:`cardrules.games.oh_hell`, say) star-imports this
module and adds ``__all__ += trick_contract.__all__``; what the engine makes
from the game's description (``deal``, ``move_index``, ``move_from_index``,
``state_from_dict``, ``NUM_MOVES``) the module names itself.
"""

from typing import Any

from cardrules.core.bookkeeping import deal_number, moves_made, origin, players
from cardrules.core.trickgame import (
    State,
    apply,
    chance_outcomes,
    events,
    is_over,
    legal_moves,
    moves_played,
    observe,
    parse_move,
    sample,
    score,
    state_to_dict,
    teams,
    to_move,
    zones,
)

__all__ = [
    "State",
    "apply",
    "chance_outcomes",
    "deal_number",
    "events",
    "is_over",
    "legal_moves",
    "moves_made",
    "moves_played",
    "observe",
    "origin",
    "parse_move",
    "players",
    "sample",
    "score",
    "state_to_dict",
    "teams",
    "to_move",
    "zones",
]


def bind(namespace: dict[str, Any]) -> None:
    """Give a game module every name above, as its star import of this module does.

    A compiled module binds only the names of a star import that it uses itself, so a
    trick game module calls ``bind(globals())`` after the star import; a name the
    module defines itself is left as it is.
    """
    for name in __all__:
        namespace.setdefault(name, globals()[name])
