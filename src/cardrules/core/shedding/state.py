"""The state of a Stops game, and the helpers that copy it with some fields changed."""

from __future__ import annotations

import enum
from typing import Any, Final, NamedTuple

from cardrules.cards import Card, Suit
from cardrules.core import changes as changes_core
from cardrules.core.match import Match
from cardrules.core.shedding.description import StopsRules
from cardrules.game import ChanceMode, Event, Log, Outcome
from cardrules.moves import Draw, EndTurn, Move

#: ``State.after`` when, after the cards owed are drawn, the same seat goes on.
CONTINUE: Final = -1
#: ``State.after`` when, after the cards owed are drawn, the deal ends.
END_DEAL: Final = -2


class Phase(enum.IntEnum):
    """Where a game stands."""

    CHOOSE_DEALER = 0  # explicit chance: the first dealer is drawn
    DEALING = 1  # explicit chance: a card is dealt or the starter turned
    PLAYING = 2  # a seat chooses
    DRAWING = 3  # explicit chance: a card is drawn from the stock
    SCORING = 4  # the deal is over; the game module scores it (never seen outside apply)
    OVER = 5


class State(NamedTuple):
    """A complete position of a Stops game. Use the functions; never build one by hand.

    Hands, the discard pile (the cards under the upcard) and the knowledge
    masks are card masks. ``stock`` is the stock top card first (seeded mode)
    or in index order (explicit mode, where its order is not yet decided);
    ``buried`` are starters put under the stock, drawn after it. ``called`` is
    the suit a jack named, ``free`` says the last calling card named none (any
    card may follow). ``pending`` counts cards owed by the seat on turn (only
    while he may answer them), ``passes`` the passes in succession, ``drawn``
    the card drawn this turn under the draw-once rule, ``charged`` the seat
    charged the drawing penalty in its current turn (a turn lasts until another
    seat makes a move; rule MM-4.2), or None. In explicit mode ``owed`` cards are
    still to be drawn by the seat on turn, and ``after`` says what follows (a
    seat, :data:`CONTINUE` or :data:`END_DEAL`); ``dealt`` counts cards dealt.
    ``unannounced`` has bit ``s`` when seat ``s``'s last one-card play was not
    announced; ``penalties`` are the drawing penalties of the deal; ``absent`` and
    ``allowance`` are public knowledge: seat ``s`` holds at most ``allowance[s]``
    cards of ``absent[s]`` (see :func:`sample`); ``restocks`` counts restocks.
    ``position`` is the position the game was set up from (``setup``), or None for
    a dealt game: like ``seed``, it never changes, and a move passes it on as it is.
    """

    rules: StopsRules
    seed: int
    position: dict[str, Any] | None
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    phase: Phase
    hands: tuple[int, ...]
    stock: tuple[Card, ...]
    buried: tuple[Card, ...]
    pile: int
    upcard: Card | None
    called: Suit | None
    free: bool
    turn: int
    direction: int
    pending: int
    passes: int
    drawn: Card | None
    charged: int | None
    owed: int
    after: int
    dealt: int
    unannounced: int
    penalties: tuple[int, ...]
    absent: tuple[int, ...]
    allowance: tuple[int, ...]
    restocks: int
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None
    outcome: Outcome | None

    def _repr_svg_(self) -> str | None:
        """The picture notebooks show of this state (see :mod:`cardrules.svg`)."""
        from cardrules.svg import repr_svg

        return repr_svg(self)


_new: Final = tuple.__new__
_PLAYING: Final = Phase.PLAYING
# Compiled, a Final name is a constant, the name of a class that is not native (a named
# tuple, an attrs class) a lookup in the module's dict at every use: the hot path names
# these classes through constants.
_STATE: Final = State
_DRAW: Final = Draw
_END_TURN: Final = EndTurn
_FIELD_INDEX: Final[dict[str, int]] = changes_core.field_index(State)


def _with(state: State, **changes: Any) -> State:
    """``state._replace(**changes)``, faster (see :mod:`cardrules.core.changes`)."""
    return changes_core.replaced(state, _FIELD_INDEX, changes)


def _take(state: State, card: Card) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The stock and the buried cards once ``card`` is taken from them."""
    stock = state.stock
    if stock:
        if stock[0] is card:
            return stock[1:], state.buried
        return tuple(c for c in stock if c is not card), state.buried
    return stock, state.buried[1:]


def _moved(state: State, move: Move, **changes: Any) -> State:
    """The state with a seat's move counted and recorded (and ``changes`` made, in the
    same new state)."""
    return _with(
        state,
        moves_made=state.moves_made + 1,
        history=changes_core.extended(state.history, move),
        passes=0,
        charged=state.charged if state.charged == state.turn else None,
        **changes,
    )
