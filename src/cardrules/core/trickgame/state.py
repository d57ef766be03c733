"""The state of a trick game: an immutable named tuple of what a move changes, copied on
every move, holding one of what the deal fixes, and the error for a value that is not one
of its states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from cardrules.cards import Card, Suit, mask_of
from cardrules.core import changes as changes_core
from cardrules.core import tricks
from cardrules.core.checks import not_the_engines
from cardrules.core.match import Match
from cardrules.core.serial import thawed_position
from cardrules.core.trickgame.contract import Contract
from cardrules.game import ChanceMode, Event, Log, Outcome, notebook_picture
from cardrules.moves import Call, Move

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


class Deal(NamedTuple):
    """What a deal fixes: the part of a :class:`State` that playing a card leaves as it
    is, shared by every state of the deal's play. Use the module's functions; never
    build one by hand.

    The game's ``rules``, ``seed``, chance mode and ``first_deck`` (the first deal's
    order, when given); the ``match`` as it stood when the deal began (its deal number,
    dealer, totals and finished deals; once the game is over, the finished match, and
    its ``outcome``); the cards not dealt (``undealt``, a card mask) and how many were
    dealt (``dealt``); the ``trump_card`` and the deal's ``trick_rules`` (follow suit and
    trick winning); the cards turned ``face_up`` and the ``second_suit`` they fix (see
    :class:`FaceUp`); and what the rounds before play record: the cards each seat
    ``passed`` (in transit until every seat has passed), each seat's ``bids`` (None
    before it bids; empty without bidding), the values ``declared`` in each
    :class:`Declaring` round (per seat, or per team), the ``calls`` of each
    :class:`Auction` round (``(seat, call)`` pairs, oldest first); the deal's
    ``contract`` (:class:`~cardrules.core.trickgame.Contract`: the auction's, None until
    it ends; the one the description fixes at the deal in a game without an auction,
    which ``trick_rules`` is made from); and the ``position`` the game was
    set up from (:func:`~cardrules.core.trickgame.positions.setup`; None for a dealt
    game), kept frozen (its lists as tuples; :attr:`State.position` gives it back as
    the position dict); and the ``piles`` of the description's :attr:`Dealing.piles`
    (``()`` without piles), each as ``(card mask, holder)``: holder -1 while the pile is
    as dealt, else the seat that took it (its mask then the cards it laid away there);
    the ``announced`` during play (``(seat, call)`` pairs, oldest first; see
    :class:`~cardrules.core.trickgame.Announcement`).
    Dealing, the rounds before play and the end of a deal make a new one; a card played
    keeps it.

    The last three fields are derived, kept here because every move reads them. Two
    are the rules' own:
    ``game``, the game's description (``rules.trick_game``), and ``capped``, whether
    the rules set a cap (``max_moves`` or ``max_deals``). Read through the deal, each is
    a read by position where the rules give them by lookups by name (``trick_game`` is
    an attribute of the rules' class). The third, ``turns``, is the contract's: when
    seats sit the deal out (:attr:`Contract.out`), per leader, the seats that play to
    its trick in order (None when every seat plays). They are neither shown nor
    pickled (the description holds functions): a pickled deal takes them from its
    rules and contract again.
    """

    rules: Any
    seed: int
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    undealt: int
    dealt: int
    trump_card: Card | None
    trick_rules: tricks.TrickRules
    face_up: tuple[Card, ...]
    second_suit: Suit | None
    passed: tuple[int, ...]
    bids: tuple[int | None, ...]
    declared: tuple[tuple[Any, ...], ...]
    calls: tuple[tuple[tuple[int, Call], ...], ...]
    contract: Contract | None
    outcome: Outcome | None
    position: tuple[tuple[str, Any], ...] | None
    piles: tuple[tuple[int, int], ...]
    announced: tuple[tuple[int, Call], ...]
    # The description, a TrickGame, typed Any: its class is built after this one (order
    # of definition: docs/contributing.rst). The engine reads it into a typed local.
    game: Any
    capped: bool
    # Who plays to a trick when seats sit the deal out (the contract's ``out``), made
    # from the contract whenever it is set (_deal_with, _seated): per leader, the seats
    # that play to its trick, in order; None when every seat plays (the fast path).
    turns: tuple[tuple[int, ...], ...] | None = None

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(_SHOWN, self))
        return f"Deal({shown})"

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        return (_unpickled_deal, (tuple(self)[:_DERIVED],))


#: The fields of a deal that its rules and contract give (``game``, ``capped``,
#: ``turns``) start here.
_DERIVED: Final = len(Deal._fields) - 3
_SHOWN: Final = Deal._fields[:_DERIVED]


def _rules_values(rules: Any) -> dict[str, Any]:
    """The fields of a new :class:`Deal` that its ``rules`` give, by name."""
    return {
        "game": rules.trick_game,
        "capped": rules.max_moves is not None or rules.max_deals is not None,
    }


def _unpickled_deal(fields: tuple[Any, ...]) -> Deal:
    """A pickled :class:`Deal` (its fields but the last three) rebuilt."""
    values = _rules_values(fields[0])
    return _seated(Deal._make((*fields, values["game"], values["capped"], None)))


def _turns(contract: Contract | None, players: int) -> tuple[tuple[int, ...], ...] | None:
    """Per leader, the seats that play to its trick, in order, when ``contract`` has
    seats sit the deal out; None when every seat plays.

    >>> _turns(Contract(out=(2,)), 4)
    ((0, 1, 3), (1, 3, 0), (3, 0, 1), (3, 0, 1))
    """
    if contract is None or not contract.out:
        return None
    out = contract.out
    return tuple(
        tuple(s for s in ((leader + k) % players for k in range(players)) if s not in out)
        for leader in range(players)
    )


def _seated(deal: Deal) -> Deal:
    """``deal`` with its ``turns`` made from its contract (a deal built whole: loaded,
    sampled, set up)."""
    turns = _turns(deal.contract, deal.rules.players)
    if turns == deal.turns:
        return deal
    return deal._replace(turns=turns)


class State(NamedTuple):
    """A complete game position. Use the module's functions; never build one by hand.

    ``deal`` holds what the deal fixes (see :class:`Deal`; its fields read on the state
    too, as ``state.rules``, ``state.match``, ``state.trump_card``, ...); the other fields
    are what a move changes. ``phase`` says which move is due. Hands and the cards of
    finished tricks (``waste``) are card masks (see :mod:`cardrules.cards`); :func:`zones`
    gives them as cards. ``leader`` leads the ``trick`` on the table; ``tricks_won``
    holds the tricks each seat has won (when the game counts them). ``known`` and
    ``voids`` are what the public log of this deal shows, per seat: the cards it picked
    up and has not played since, and the cards it has shown it lacks (card masks: the
    suits it failed to follow, and whatever the game's restrictions revealed, see
    :func:`cardrules.core.trickgame.rules_of_play.revealed`); play keeps them up to date
    so that :func:`observe` need not read the log. ``tally`` holds the trick scorer's
    running figures, ``revokes`` each seat's penalised revokes.
    A state is an immutable named tuple, because building one is the cost of every
    move; a card played copies only these fields and shares its deal.
    """

    deal: Deal
    phase: Any
    hands: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    waste: int
    known: tuple[int, ...]
    voids: tuple[int, ...]
    tally: tuple[int, ...]
    revokes: tuple[int, ...]
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None

    # The deal's fields, read on the state, for game modules, tools and users. The
    # engine reads state.deal's own fields: a property is a function call, slower than
    # a field in the pure build and the compiled one alike.

    @property
    def rules(self) -> Any:
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
    def undealt(self) -> int:
        """The mask of the cards not dealt (``deal.undealt``)."""
        return self.deal.undealt

    @property
    def dealt(self) -> int:
        """How many cards the deal has dealt, turned cards included (``deal.dealt``)."""
        return self.deal.dealt

    @property
    def trump_card(self) -> Card | None:
        """The turned trump card, if the game turns one (``deal.trump_card``)."""
        return self.deal.trump_card

    @property
    def trick_rules(self) -> tricks.TrickRules:
        """The deal's follow-suit and trick-winning rules (``deal.trick_rules``)."""
        return self.deal.trick_rules

    @property
    def face_up(self) -> tuple[Card, ...]:
        """The cards turned face up (``deal.face_up``)."""
        return self.deal.face_up

    @property
    def second_suit(self) -> Suit | None:
        """The second suit the face-up cards fix (``deal.second_suit``)."""
        return self.deal.second_suit

    @property
    def passed(self) -> tuple[int, ...]:
        """The mask of the cards each seat passed this deal (``deal.passed``)."""
        return self.deal.passed

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid, None before it bids (``deal.bids``)."""
        return self.deal.bids

    @property
    def declared(self) -> tuple[tuple[Any, ...], ...]:
        """The values of each declaring round, per seat or team (``deal.declared``)."""
        return self.deal.declared

    @property
    def calls(self) -> tuple[tuple[tuple[int, Call], ...], ...]:
        """The calls of each auction round, ``(seat, call)`` pairs (``deal.calls``)."""
        return self.deal.calls

    @property
    def contract(self) -> Contract | None:
        """The deal's contract (``deal.contract``; None until its auction ends)."""
        return self.deal.contract

    @property
    def piles(self) -> tuple[tuple[int, int], ...]:
        """Each pile's ``(card mask, holder)`` (``deal.piles``; see
        :func:`~cardrules.core.trickgame.pile_cards`)."""
        return self.deal.piles

    @property
    def announced(self) -> tuple[tuple[int, Call], ...]:
        """The announcements made during the play of the deal, ``(seat, call)`` pairs
        (``deal.announced``)."""
        return self.deal.announced

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended; None while it runs (``deal.outcome``)."""
        return self.deal.outcome

    @property
    def position(self) -> dict[str, Any] | None:
        """The position the game was set up from, None for a dealt game (``deal.position``,
        as a position dict)."""
        return thawed_position(self.deal.position)

    @property
    def hand_size(self) -> int:
        """The hand size of the deal in progress (of the last one, once the game is over)."""
        deal = self.deal
        rules = deal.rules
        game: TrickGame[Any] = rules.trick_game
        number = deal.match.deal_number
        deals = game.match.deals(rules)
        return int(
            game.dealing.hand_size(rules, number if deals is None else min(number, deals - 1))
        )

    def _repr_svg_(self) -> str | None:
        """The picture notebooks show of this state (see :mod:`cardrules.svg`)."""
        return notebook_picture(self)


# The per-move path builds states with tuple.__new__: NamedTuple's own __new__ is a
# Python function, and calling it costs more than twice as much. Arguments go in
# field order, as with State(...).
_new_state: Final = tuple.__new__


_FIELD_INDEX: Final = changes_core.field_index(State)
_DEAL_FIELD_INDEX: Final = changes_core.field_index(Deal)


def _with(state: State, **changes: Any) -> State:
    """``state._replace(**changes)``, faster (see :mod:`cardrules.core.changes`): the
    fields a move changes (a field of the deal is :func:`_deal_with`'s)."""
    return changes_core.replaced(state, _FIELD_INDEX, changes)


def _deal_with(deal: Deal, **changes: Any) -> Deal:
    """``deal`` with the fields named changed, for a new state:
    ``_with(state, deal=_deal_with(state.deal, bids=...), ...)``; a new contract brings
    its ``turns``."""
    if "contract" in changes and "turns" not in changes:
        changes["turns"] = _turns(changes["contract"], deal.rules.players)
    return changes_core.replaced(deal, _DEAL_FIELD_INDEX, changes)


_DECK_MASKS: dict[int, tuple[tuple[Card, ...], int]] = {}


def _deck_mask(cards: tuple[Card, ...]) -> int:
    """The mask of a deck, cached by identity (hashing 52 cards costs more than the mask)."""
    found = _DECK_MASKS.get(id(cards))
    if found is None or found[0] is not cards:
        found = _DECK_MASKS[id(cards)] = (cards, mask_of(cards))
    return found[1]


def _wrong_state(value: object, what: str = "state") -> Exception:
    """The error for a ``what`` that is no trick game's state: it names the game of the
    value's rules when they are a trick game's (a view given for a state)."""
    # Only a trick game's description sets trick_game on a Rules class.
    game = getattr(type(getattr(value, "rules", None)), "trick_game", None)
    return not_the_engines(value, what, "trick game", None if game is None else game.title)
