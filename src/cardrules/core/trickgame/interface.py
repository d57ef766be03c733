"""The interface of a trick game module, and the call that installs it.

A trick game module writes its ``Rules`` (a :class:`TrickGameRules`), its view (a
:class:`View` with the game's own fields) and its hooks, describes the game with a
:class:`TrickGame`, and installs the rest with one call, as a Stops game does
(:mod:`cardrules.core.shedding.interface`)::

    from typing import TYPE_CHECKING, Final

    from cardrules.core import trickgame

    if TYPE_CHECKING:  # the names install gives, as the type checker sees them
        from cardrules.core.trickgame.interface import *
    ...
    GAME: Final = trickgame.TrickGame(name=NAME, title="Whist", version=version, ...)
    trickgame.install(GAME, globals())

:func:`install` gives the module the engine's functions listed below, which serve
every trick game (they find the game of a state from its rules: building the
description sets ``Rules.trick_game``), and the names the description makes for this
game: ``TITLE``, ``Phase`` (the phases, from the description's rounds), ``NUM_MOVES``,
``deal``, ``move_index``, ``move_from_index``, ``state_from_dict`` and ``deck_of``
(see :mod:`cardrules.core.installing` for why the type checker reads them here).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Protocol

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card
from cardrules.core import installing
from cardrules.core.bookkeeping import deal_number, moves_made, origin, players
from cardrules.core.trickgame.description import TrickGame, teams
from cardrules.core.trickgame.double_dummy import DoubleDummy
from cardrules.core.trickgame.play import apply, parse_move
from cardrules.core.trickgame.positions import position, setup
from cardrules.core.trickgame.queries import chance_outcomes, is_over, legal_moves, to_move
from cardrules.core.trickgame.sampling import sample
from cardrules.core.trickgame.scoring import (
    events,
    moves_played,
    score,
    seats_out,
    sides,
    zones,
)
from cardrules.core.trickgame.serialization import state_to_dict
from cardrules.core.trickgame.state import State
from cardrules.core.trickgame.views import observe
from cardrules.game import ChanceMode
from cardrules.moves import Move

__all__ = [
    "NUM_MOVES",
    "TITLE",
    "Phase",
    "State",
    "apply",
    "chance_outcomes",
    "deal",
    "deal_number",
    "deck_of",
    "double_dummy",
    "events",
    "is_over",
    "legal_moves",
    "move_from_index",
    "move_index",
    "moves_made",
    "moves_played",
    "observe",
    "origin",
    "parse_move",
    "players",
    "position",
    "sample",
    "score",
    "seats_out",
    "setup",
    "sides",
    "state_from_dict",
    "state_to_dict",
    "teams",
    "to_move",
    "zones",
]


def double_dummy(
    seat: int,
    equivalent_cards: bool = False,
    margin: bool = False,
    cards_apart: tuple[Card, ...] = (),
) -> DoubleDummy:
    """The fast perfect-information search of the play for ``seat``, over card masks,
    which :mod:`cardrules.solver` uses where it applies (the engine's ``solving``
    module says where)."""
    return DoubleDummy(seat, equivalent_cards, margin, cards_apart)


#: What the engine gives every trick game module, by name: its state type and functions.
PROVIDED: Final[Mapping[str, object]] = {
    "State": State,
    "apply": apply,
    "chance_outcomes": chance_outcomes,
    "deal_number": deal_number,
    "double_dummy": double_dummy,
    "events": events,
    "is_over": is_over,
    "legal_moves": legal_moves,
    "moves_made": moves_made,
    "moves_played": moves_played,
    "observe": observe,
    "origin": origin,
    "parse_move": parse_move,
    "players": players,
    "position": position,
    "sample": sample,
    "score": score,
    "seats_out": seats_out,
    "setup": setup,
    "sides": sides,
    "state_to_dict": state_to_dict,
    "teams": teams,
    "to_move": to_move,
    "zones": zones,
}


def install(game: TrickGame[Any], namespace: dict[str, Any]) -> None:
    """Make the module whose ``globals()`` is ``namespace`` the trick game ``game``
    describes: give it the engine's functions and the names the description makes,
    each unless the module defines it itself (see :func:`cardrules.core.installing.install`).
    """
    installing.install(game, namespace, PROVIDED)


# Read by the type checker only: compiled, a class with __getattr__ stays a Python class.
@mypyc_attr(native_class=False)
class PhaseEnumeration(Protocol):
    """A game's ``Phase``, as the type checker sees it: an :class:`enum.IntEnum` whose
    members are the game's phases (``Phase.PLAYING``, ``Phase["PLAYING"]``,
    ``Phase(3)``), made from its description's rounds at run time
    (:func:`~cardrules.core.trickgame.description.phases_of`)."""

    def __getattr__(self, name: str) -> enum.IntEnum: ...

    def __getitem__(self, name: str) -> enum.IntEnum: ...

    def __call__(self, value: int) -> enum.IntEnum: ...

    def __iter__(self) -> Iterator[enum.IntEnum]: ...

    def __len__(self) -> int: ...


class _Deal(Protocol):
    def __call__(
        self,
        rules: Any,
        *,
        seed: int,
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State: ...


# The names the description makes, for the type checker (install gives their values).
#: The game's name for people (menus, messages).
TITLE: str
#: Where a game stands: CHOOSE_DEALER and DEALING are explicit chance steps, then the
#: rounds before play, BIDDING with bidding, PLAYING and OVER.
Phase: PhaseEnumeration
#: How many move numbers the game has (:func:`move_index`).
NUM_MOVES: int
#: A new game with its first deal dealt (:meth:`TrickGame.deal`).
deal: _Deal
#: The fixed number of a move (:meth:`TrickGame.move_index`).
move_index: Callable[[Move], int]
#: The move with this number (:meth:`TrickGame.move_from_index`).
move_from_index: Callable[[int], Move]
#: Load a state from :func:`state_to_dict`'s form (:meth:`TrickGame.state_from_dict`).
state_from_dict: Callable[[Mapping[str, Any]], State]
#: The cards of the game under some rules (:meth:`TrickGame.deck_of`).
deck_of: Callable[[object], tuple[Card, ...]]
