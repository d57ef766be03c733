"""The state of a Stops game, and the helpers that copy it with some fields changed."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from cardrules.cards import Card, Suit
from cardrules.core import changes as changes_core
from cardrules.core.checks import not_the_engines
from cardrules.core.match import Match
from cardrules.core.serial import frozen_position, thawed_position
from cardrules.core.shedding.description import StopsRules, _Hot, described_game
from cardrules.errors import ArgumentError
from cardrules.game import ChanceMode, Event, Log, Outcome, notebook_picture
from cardrules.moves import Draw, EndTurn, Move

if TYPE_CHECKING:  # the description of a game: a type here, built above this module
    from cardrules.core.shedding.interface import StopsGame

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


class Deal(NamedTuple):
    """What a deal fixes: the part of a :class:`State` that a play or a draw leaves as
    it is, shared by every state of the deal's play. Use the module's functions; never
    build one by hand.

    The game's ``rules``, ``seed``, chance mode and ``first_deck`` (the first deal's
    order, when given); the ``match`` as it stood when the deal began (once the game is
    over, the finished match, and its ``outcome``); how many cards the deal has
    ``dealt`` and how many ``restocks`` it has had; and the ``position`` the game was
    set up from (``setup``; None for a dealt game), kept frozen (its lists as tuples, so
    that a state hashes; :attr:`State.position` gives it back as the position dict).
    Dealing a card, a restock and the end of a deal make a new one.

    The last two fields are the rules' own, kept here because every move reads them:
    ``hot``, the values of the rules' table (``rules.stops.hot``), and the rules'
    ``max_moves``. Read through the deal, each is two reads by position where the
    rules give them by two lookups by name (the rules and the table are attrs
    classes). They are neither shown nor pickled: a pickled deal takes them from
    its rules again.
    """

    rules: StopsRules
    seed: int
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    dealt: int
    restocks: int
    outcome: Outcome | None
    position: tuple[tuple[str, Any], ...] | None
    hot: _Hot
    max_moves: int | None

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(_SHOWN, self))
        return f"Deal({shown})"

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        return (_unpickled_deal, (tuple(self)[:_DERIVED],))


class State(NamedTuple):
    """A complete position of a Stops game. Use the functions; never build one by hand.

    ``deal`` holds what the deal fixes (see :class:`Deal`; its fields read on the state
    too, as ``state.rules``, ``state.match``, ``state.dealt``, ...); the other fields
    are what a move changes. Hands, the discard pile (the cards under the upcard) and
    the knowledge masks are card masks. ``stock`` is the stock top card first (seeded
    mode) or in index order (explicit mode, where its order is not yet decided);
    ``buried`` are starters put under the stock, drawn after it. ``called`` is
    the suit a jack named, ``free`` says the last calling card named none (any
    card may follow). ``pending`` counts cards owed by the seat on turn (only
    while he may answer them), ``passes`` the passes in succession, ``drawn``
    the card drawn this turn under the draw-once rule, ``charged`` the seat
    charged the drawing penalty in its current turn (a turn lasts until another
    seat makes a move; rule MM-4.2), or None. In explicit mode ``owed`` cards are
    still to be drawn by the seat on turn, and ``after`` says what follows (a
    seat, :data:`CONTINUE` or :data:`END_DEAL`).
    ``unannounced`` has bit ``s`` when seat ``s``'s last one-card play was not
    announced; ``penalties`` are the drawing penalties of the deal; ``absent`` and
    ``allowance`` are public knowledge: seat ``s`` holds at most ``allowance[s]``
    cards of ``absent[s]`` (see :func:`sample`).
    A state is an immutable named tuple, because building one is the cost of every
    move; a play or a draw copies only these fields and shares its deal.
    """

    deal: Deal
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
    unannounced: int
    penalties: tuple[int, ...]
    absent: tuple[int, ...]
    allowance: tuple[int, ...]
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None

    # The deal's fields, read on the state, for game modules, tools and users. The
    # per-move paths read state.deal's own fields: a property is a function call.

    @property
    def rules(self) -> StopsRules:
        """The game's rules (``deal.rules``)."""
        return self.deal.rules

    @property
    def seed(self) -> int:
        """The game's seed (``deal.seed``)."""
        return self.deal.seed

    @property
    def chance(self) -> ChanceMode:
        """The chance mode, seeded or explicit (``deal.chance``)."""
        return self.deal.chance

    @property
    def first_deck(self) -> tuple[Card, ...] | None:
        """The first deal's order, top card first, when the game was dealt from one."""
        return self.deal.first_deck

    @property
    def match(self) -> Match:
        """The match: deal number, dealer, totals and finished deals (``deal.match``)."""
        return self.deal.match

    @property
    def dealt(self) -> int:
        """How many cards the deal has dealt (``deal.dealt``)."""
        return self.deal.dealt

    @property
    def restocks(self) -> int:
        """How many restocks the deal has had (``deal.restocks``)."""
        return self.deal.restocks

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended; None while it runs (``deal.outcome``)."""
        return self.deal.outcome

    @property
    def position(self) -> dict[str, Any] | None:
        """The position the game was set up from, None for a dealt game (``deal.position``,
        as a position dict)."""
        return thawed_position(self.deal.position)

    def _repr_svg_(self) -> str | None:
        """The picture notebooks show of this state (see :mod:`cardrules.svg`)."""
        return notebook_picture(self)


_new: Final = tuple.__new__
_PLAYING: Final = Phase.PLAYING
# Compiled, a Final name is a constant, the name of a class that is not native (a named
# tuple, an attrs class) a lookup in the module's dict at every use: the hot path names
# these classes through constants.
_STATE: Final = State
_DRAW: Final = Draw
_END_TURN: Final = EndTurn
_FIELD_INDEX: Final[dict[str, int]] = changes_core.field_index(State)
_DEAL_FIELD_INDEX: Final[dict[str, int]] = changes_core.field_index(Deal)


def _wrong_state(value: object, what: str = "state") -> ArgumentError:
    """The error for a ``what`` (state or view) that is no Stops game's: it names the
    game of the value's rules when they are a Stops game's (a view given for a state, say)."""
    game = described_game(getattr(value, "rules", None))
    return not_the_engines(value, what, "Stops game", None if game is None else game.title)


def _game_of(state: State) -> StopsGame:
    """The description of the state's game (describing a game sets it on its ``Rules``)."""
    game = described_game(state.rules)
    if game is None:
        raise ArgumentError(
            f"{type(state.rules).__name__} has no StopsGame: describe the game with "
            "shedding.StopsGame(rules_class=..., ...) before playing it"
        )
    return game


def _with(state: State, **changes: Any) -> State:
    """``state._replace(**changes)``, faster (see :mod:`cardrules.core.changes`): the
    fields a move changes (a field of the deal is :func:`_deal_with`'s)."""
    return changes_core.replaced(state, _FIELD_INDEX, changes)


def _deal_with(deal: Deal, **changes: Any) -> Deal:
    """``deal`` with the fields named changed, for a new state:
    ``_with(state, deal=_deal_with(state.deal, restocks=...), ...)``."""
    return changes_core.replaced(deal, _DEAL_FIELD_INDEX, changes)


#: The fields of a deal that its rules give (``hot``, ``max_moves``) start here.
_DERIVED: Final = len(Deal._fields) - 2
_SHOWN: Final = Deal._fields[:_DERIVED]


def _unpickled_deal(fields: tuple[Any, ...]) -> Deal:
    """A pickled :class:`Deal` (its fields but the last two) rebuilt."""
    rules: StopsRules = fields[0]
    return Deal._make((*fields, rules.stops.hot, rules.max_moves))


def _built(**fields: Any) -> State:
    """A state from all its fields by name, the deal's among them (``position`` as a
    position dict or None): for the states built whole (a new game, a set-up or loaded
    state, a sampled world)."""
    rules: StopsRules = fields["rules"]
    deal = Deal(
        rules=rules,
        seed=fields.pop("seed"),
        chance=fields.pop("chance"),
        first_deck=fields.pop("first_deck"),
        match=fields.pop("match"),
        dealt=fields.pop("dealt"),
        restocks=fields.pop("restocks"),
        outcome=fields.pop("outcome"),
        position=frozen_position(fields.pop("position")),
        hot=rules.stops.hot,
        max_moves=rules.max_moves,
    )
    del fields["rules"]
    return State(deal=deal, **fields)


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
