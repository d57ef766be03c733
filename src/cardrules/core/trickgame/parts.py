"""The parts of a trick game's description (:class:`~cardrules.core.trickgame.TrickGame`),
each a small frozen value with a docstring per field, typed by the game's ``Rules``: the
rules' base class; the cards and the deal; the trumps; the auction, bidding, declaration
and passing rounds; the play; the scoring; the match; the moves' numbers and text; and
what the description derives (the phases by role, the move numbering)."""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, Literal, TypeVar, cast

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card, Suit
from cardrules.core import tricks
from cardrules.core.match import Match
from cardrules.core.options import BaseRules, check_choice
from cardrules.core.serial import StateReader
from cardrules.core.trickgame.contract import Contract
from cardrules.core.trickgame.pile import Pile
from cardrules.core.trickgame.rules_of_play import Restrictions
from cardrules.core.trickgame.state import State
from cardrules.errors import RulesError
from cardrules.game import DealRow, Event, Log, Outcome
from cardrules.moves import Call, Move

#: The plain trick rules (suits as printed, no jokers) for each trump suit (None: no trumps).
_TRICK_RULES: Final = tricks.PLAIN


# Each game's Rules derives from this class (classes games derive from: docs/contributing.rst).
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class TrickGameRules(BaseRules):
    """The base of a trick game's ``Rules``: it has ``players``, and names the game.

    Building a :class:`TrickGame` sets ``Rules.trick_game`` to it, which is how
    every interface function finds the game from a state.
    """

    # A field without a default: every game's Rules redefines it with its own default
    # and range, in the place the game gives it.
    players: int


#: A game's ``Rules`` class, which every hook that sees the rules is typed by: a
#: description is a ``TrickGame[Rules]``, and a hook written for other rules fails the
#: type check. Compiled, a generic frozen dataclass cannot
#: be a native class (building it fails on import), so each is a plain Python class there
#: (``native_class=False``); the engine reads them once a move, not once a card searched.
R = TypeVar("R", bound=TrickGameRules)


#: Scores a finished deal: ``(state, seat that went out or None)`` to ``(points per
#: seat, the deal row's extras, the log with the game's scoring events)``. The points
#: read what the deal fixes (rules, contract, bids, the match so far), the tricks won,
#: the tally and the revokes, never where the cards are or were (hands, finished
#: tricks, the log's plays, the seed): the double-dummy search scores the ends of a
#: deal it has not played from those figures alone, and shares them between sampled
#: deals. Points that need the cards won (card points) are scored trick by trick
#: (:class:`TrickScoring`).
DealScorer = Callable[
    [State, int | None],
    tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]],
]


#: Scores a finished trick: ``(state before its last card, winner, the trick, the
#: tally so far)`` to ``(the new tally, the trick's public event)``.
TrickScorer = Callable[
    [State, int, tuple[Card, ...], tuple[int, ...]], tuple[tuple[int, ...], Event]
]


#: The deals after which a match with no schedule stops, truncated, unless the rules
#: set ``max_deals`` or the game its own :attr:`MatchPlan.deal_limit`: fifty times the
#: longest Maverick match in hundreds of random games, so only a match that has lost
#: its way meets it.
DEFAULT_DEAL_LIMIT: Final = 1000


# The hooks' defaults, as named functions: the docs show a default by its name.


def _one_card(rules: Any) -> int:
    return 1


def _no_note(rules: Any) -> str:
    return ""


def _plain_tricks(rules: Any, contract: Contract) -> tricks.TrickRules:
    return _TRICK_RULES[contract.trump]


def _no_refusal(text: str) -> str | None:
    return None


def _always(rules: Any) -> bool:
    return True


def _no_schedule(rules: Any) -> int | None:
    return None


def _never_decided(rules: Any, match: Match) -> Outcome | None:
    return None


def _no_extras(state: State, seat: int) -> dict[str, Any]:
    return {}


def _no_checks(state: State, reader: StateReader) -> None:
    return None


def default_deal_event(rules: Any, match: Match, size: int) -> Event:
    """The public event that opens a deal, unless the game says otherwise
    (:attr:`Dealing.event`): ``deal 3: seat 1 deals 13 cards each``."""
    return _deal_event_of(match.deal_number, match.dealer, size)


@functools.cache
def _deal_event_of(deal_number: int, dealer: int, size: int) -> Event:
    """Built once: events are immutable."""
    cards = "1 card each" if size == 1 else f"{size} cards each"
    return Event(
        "deal", dealer, value=size, text=f"deal {deal_number + 1}: seat {dealer} deals {cards}"
    )


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Dealing(Generic[R]):
    """The cards and how they are dealt: what opens each deal.

    Cards go to the seats clockwise from the dealer's left, ``packet`` at a time (card
    ``i`` goes to seat ``(dealer + 1 + i // packet) % players``).
    """

    #: ``deck(rules)``: the cards, in their canonical order.
    deck: Callable[[R], tuple[Card, ...]]
    #: ``hand_size(rules, deal_number)``: the cards each seat gets in that deal.
    hand_size: Callable[[R, int], int]
    #: ``packet(rules)``: the cards dealt to a seat at a time (default 1).
    packet: Callable[[R], int] = _one_card
    #: ``event(rules, match, hand_size)``: the public event that opens a deal (default
    #: :func:`default_deal_event`: ``deal 1: seat 3 deals 8 cards each``).
    event: Callable[[R, Match, int], Event] = default_deal_event
    #: ``deck_note(rules)``: said after "not in this game's deck" (default nothing).
    deck_note: Callable[[R], str] = _no_note
    #: The :class:`Pile` piles dealt after the hands, in order (default none).
    piles: tuple[Pile, ...] = ()

    def __post_init__(self) -> None:
        names = [pile.name for pile in self.piles]
        if len(set(names)) != len(names):
            raise RulesError(f"the piles need different names, not {', '.join(names)}")


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class FaceUp(Generic[R]):
    """Several cards turned face up after the hands, fixing the trump suit and a second
    suit that the game's scoring reads (Maverick's two face-up cards: trumps and adders)."""

    #: How many cards are turned.
    count: int
    #: ``suits(rules, cards)``: the trump suit and the second suit the cards fix.
    suits: Callable[[R, tuple[Card, ...]], tuple[Suit, Suit | None]]
    #: ``event(rules, cards, trump, second)``: the public event.
    event: Callable[[R, tuple[Card, ...], Suit, Suit | None], Event]
    #: The second suit's name in the state's JSON form.
    second_key: str


#: Where the trump card comes from, as :attr:`Trumps.card` words it.
TrumpCard = Literal["none", "next", "dealer's last"]


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Trumps(Generic[R]):
    """How a deal's trump suit is fixed, and the trick rules it makes: by a turned card
    (``card``), by a suit fixed without a card (``suit``), by cards turned face up
    (``face_up``), or not at all (the default, ``Trumps()``: no trumps). At most one of
    the three is set; ``Trumps`` refuses the others.

    >>> Trumps(card="next").card
    'next'
    >>> Trumps(card="next", face_up=FaceUp(count=2, suits=None, event=None, second_key="x"))
    Traceback (most recent call last):
    cardrules.errors.RulesError: trumps come from one source: card='next' or face_up, not both
    """

    #: Which card is turned for trump: ``"none"`` (the default), ``"next"`` (the card
    #: after the hands, out of play) or ``"dealer's last"`` (the dealer's last card,
    #: shown to all; it stays in his hand).
    card: TrumpCard = "none"
    #: ``suit(rules, deal_number)``: a trump suit fixed without turning a card (Spades:
    #: ``lambda rules, number: Suit.SPADES``), in force from the deal on; None from the
    #: hook means no trumps in that deal. The view then needs a ``trump`` field.
    suit: Callable[[R, int], Suit | None] | None = None
    #: Several cards turned face up after the hands that fix the trump suit (and a
    #: second suit), or None.
    face_up: FaceUp[R] | None = None
    #: ``trick_rules(rules, contract)``: the follow-suit and trick-winning rules of a
    #: deal under this :class:`~cardrules.core.trickgame.Contract` (its ``trump`` is the
    #: deal's trump suit; default: plain suits, no jokers, trumps as the contract says).
    #: Asked once a deal, when its trumps are fixed or its auction ends.
    trick_rules: Callable[[R, Contract], tricks.TrickRules] = _plain_tricks

    def __post_init__(self) -> None:
        check_choice("card", self.card, ("none", "next", "dealer's last"))
        sources = [
            name
            for name, given in (
                (f"card={self.card!r}", self.card != "none"),
                ("suit", self.suit is not None),
                ("face_up", self.face_up is not None),
            )
            if given
        ]
        if len(sources) > 1:
            raise RulesError(
                f"trumps come from one source: {' or '.join(sources)}, "
                f"not {'both' if len(sources) == 2 else 'all three'}"
            )


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Bidding(Generic[R]):
    """A bidding phase between the deal and the play: each seat bids a number of tricks."""

    #: ``allowed(state, seat)``: the bids the seat may make (a range or a tuple, in
    #: order; the hook is such a constraint).
    allowed: Callable[[State, int], range | tuple[int, ...]]
    #: ``hidden(rules)``: whether bids are simultaneous (each seat sees only its own
    #: until all are in).
    hidden: Callable[[R], bool]
    #: The largest bid a move number exists for.
    most: int
    #: ``why_not(state, seat, bid)``: in the game's own words, why a bid of 0..the hand
    #: size that ``allowed`` refuses is refused (default None: the bids allowed).
    why_not: Callable[[State, int, int], str] | None = None


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Declaring(Generic[R]):
    """A round of declarations before play: each seat (or each partnership, by its
    first seat from the dealer's left) chooses one of a few moves, openly, in turn
    clockwise from the dealer's left."""

    #: The name of its ``Phase`` member.
    phase: str
    #: Its name in views and in the state's JSON form.
    key: str
    #: ``applies(rules)``: whether the round is played (default: always).
    applies: Callable[[R], bool] = _always
    #: One declaration per partnership (default: one per seat).
    by_team: bool = False
    #: Made before the declarers look at their cards (views show no hand until the
    #: round is over).
    unseen: bool = False
    #: ``moves(state, seat)``: the declarations open to the seat, in order.
    moves: Callable[[State, int], tuple[Move, ...]]
    #: ``value(move)``: what the state records of a declaration.
    value: Callable[[Any], Any]
    #: Every value the state may record, for loading.
    values: tuple[Any, ...]
    #: ``event(state, seat, move)``: the public event.
    # The declaration is typed Any here and in ``value``: each game declares with a move
    # kind of its own, which a hook names as its parameter's type.
    event: Callable[[State, int, Any], Event]
    #: ``why_not(state, seat, move)``: why a move is refused.
    why_not: Callable[[State, int, object], str]


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Revoking(Generic[R]):
    """A rules option under which a revoke (not following suit while able) is legal
    and penalised instead of forbidden (the penalty is the scoring hooks' business: the
    state counts each seat's revokes)."""

    #: ``allowed(rules)``: whether the option is on.
    allowed: Callable[[R], bool]
    #: ``event(rules, seat, led)``: announces a revoke.
    event: Callable[[R, int, Suit], Event]
    #: ``breach(rules, seat, kind, led)``, when given: announces a card that follows suit
    #: but breaks one of the game's restrictions (``kind``: ``must_trump``, say; see
    #: :class:`~cardrules.core.trickgame.rules_of_play.Restrictions`), which the option
    #: makes legal and penalised too and the state counts with the revokes; its event's
    #: kind is ``kind``. Without it such a card is announced as a revoke.
    breach: Callable[[R, int, str, Suit], Event] | None = None


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class TrickPlay(Generic[R]):
    """How the tricks are played: who leads the first, which cards may be played
    besides following suit, what happens to a player who cannot follow, and when the
    play ends. The default, ``TrickPlay()``, is plain trick play: the dealer's left
    leads, follow suit if you can, the deal ends when every card is played."""

    #: The play restrictions the game adds to follow suit (a suit not led until broken,
    #: cards barred on the first trick, must trump, must beat; see
    #: :class:`~cardrules.core.trickgame.rules_of_play.Restrictions`), or None.
    restrictions: Restrictions | None = None
    #: A :class:`Revoking` when a rules option makes revokes legal, or None.
    revoking: Revoking[R] | None = None
    #: A player who cannot follow takes the trick into his hand and leads the next one
    #: (Enfle); play goes on to the next seat after each card.
    pick_up: bool = False
    #: The first seat to empty its hand ends the deal at once, even in mid-trick;
    #: otherwise the deal ends when every card has been played.
    out_ends_deal: bool = False
    #: ``first_leader(state)``: who leads the first trick of a deal, asked when play
    #: begins (after the rounds and the bidding), for instance :func:`highest_bidder`.
    #: Default None: the dealer's left.
    first_leader: Callable[[State], int] | None = None
    #: ``lead_card(rules, deal_number)``: a card whose holder leads the first trick and
    #: must lead it (Hearts: ``lambda rules, number: Card("2C")``); it wins over
    #: ``first_leader`` when it is in a hand. The holder is public once play begins (an
    #: event says so). Default None.
    lead_card: Callable[[R, int], Card | None] | None = None
    #: ``ends_early(state)``: asked each time the table is cleared (a trick taken, or
    #: picked up) while cards remain in hand, whether the deal ends now, before its
    #: other tricks are played (a contract lost at the declarer's first trick); the
    #: deal is then scored as at its end, the cards left in hand unplayed. Default None:
    #: the deal ends when its cards are played (never asked at each card: a game
    #: without the hook pays one check a trick). The double-dummy search plays every
    #: deal to its last trick, so a game with the hook scores a deal played on as it
    #: scores the deal ended early (a contract lost at the first trick stays lost
    #: whatever follows).
    ends_early: Callable[[State], bool] | None = None
    #: Derived: whether the engine chooses the first leader when play begins.
    opens_play: bool = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        opens = self.first_leader is not None or self.lead_card is not None
        object.__setattr__(self, "opens_play", opens)


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrickScoring:
    """Points scored trick by trick, as the play goes: the scorer and the running
    figures it keeps (the *tally*), which the state holds, views show, and the deal's
    scorer reads."""

    #: The :data:`TrickScorer` hook.
    score: TrickScorer
    #: The tally's figures: ``(JSON key, how many, lowest, highest)`` per group of
    #: figures (Maverick: ``(("trick_points", 2, -52, 52), ("books", 2, 0, 3))``).
    tally: tuple[tuple[str, int, int, int], ...] = ()


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Scoring(Generic[R]):
    """How a deal scores: at its end, and trick by trick where the game says so."""

    #: The :data:`DealScorer` hook: a finished deal's points.
    deal: DealScorer
    #: Whether tricks won are counted per seat (in the state; the view then needs a
    #: ``tricks_won`` field).
    counts_tricks: bool = False
    #: A :class:`TrickScoring` when each finished trick scores, or None.
    per_trick: TrickScoring | None = None
    #: Derived: the per-trick scorer, or None.
    score_trick: TrickScorer | None = dataclasses.field(init=False)
    #: Derived: the tally's figures (``()`` without per-trick scoring).
    tally: tuple[tuple[str, int, int, int], ...] = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        per_trick = self.per_trick
        object.__setattr__(self, "score_trick", None if per_trick is None else per_trick.score)
        object.__setattr__(self, "tally", () if per_trick is None else per_trick.tally)


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class MatchPlan(Generic[R]):
    """How long a match lasts and who wins it."""

    #: ``deals(rules)``: how many deals the match lasts, or None (the default: no
    #: schedule, the match ends when ``decided`` says, or at ``deal_limit``).
    deals: Callable[[R], int | None] = _no_schedule
    #: ``decided(rules, match)``: the outcome when a finished deal ends the match (a
    #: target reached), or None; :func:`target_decided` makes the usual one.
    decided: Callable[[R, Match], Outcome | None] = _never_decided
    #: ``"high"`` (the default) or ``"low"`` (Hearts: the lowest total wins);
    #: :func:`score` reports it, the schedule's end ranks by it, and the default payoffs
    #: are the totals, negated when low wins.
    better: Literal["high", "low"] = "high"
    #: ``payoffs(totals)``: each seat's payoff from the totals (default None: the
    #: totals, or the totals negated when ``better`` is ``"low"``).
    payoffs: Callable[[tuple[int, ...]], tuple[float, ...]] | None = None
    #: A guard against a match that never ends: when the game has no schedule and the
    #: rules set no ``max_deals``, the game stops after this many deals with the outcome
    #: "truncated" and an event that says the deal cap stopped it. Default
    #: :data:`DEFAULT_DEAL_LIMIT`; None: no guard.
    deal_limit: int | None = DEFAULT_DEAL_LIMIT
    #: ``abandon_event(state)``: an event logged when a safety cap stops a deal, or None.
    abandon_event: Callable[[State], Event] | None = None
    #: ``carry(rules, rows)``: the values carried into a deal from the finished deals'
    #: rows, as (name, value) pairs (see :func:`~cardrules.core.trickgame.carried`), or None.
    carry: Callable[[R, tuple[DealRow, ...]], tuple[tuple[str, int | str], ...]] | None = None

    def __post_init__(self) -> None:
        check_choice("better", self.better, ("high", "low"))


@dataclasses.dataclass(frozen=True, kw_only=True)
class Moves:
    """The players' moves: their numbers and their text.

    Without a ``table``, plays are numbered 0..51 by card, then the bids, the deals,
    the dealers, and the passes by the rank of their cards (:meth:`TrickGame.move_index`).
    """

    #: The most seats the move numbers provide for.
    max_players: int
    #: The text forms of the players' moves, for messages (``("play CARD", "bid N")``).
    forms: tuple[str, ...] = ("play CARD",)
    #: The game's own kinds of move besides plays, bids and the chance outcomes.
    kinds: tuple[type, ...] = ()
    #: Every move in move-number order, when the game numbers its moves itself.
    # cast(Any, default): see docs/contributing.rst.
    # Any: a table mixes move kinds, whose common type mypy does not infer from a tuple.
    table: tuple[Any, ...] = dataclasses.field(default=cast(Any, ()), compare=False, repr=False)
    #: ``parse(text)``: the game's own move notation (default None: the shared one).
    parse: Callable[[str], Move] | None = None
    #: ``refuse(text)``: a message for move text the game refuses outright (Enfle's
    #: "pick up", which is not a move), or None.
    refuse: Callable[[str], str | None] = _no_refusal


@dataclasses.dataclass(frozen=True, kw_only=True)
class Waste:
    """The finished tricks' names."""

    #: Their zone's name (:func:`zones`).
    zone: str = "won tricks"
    #: Their key in the state's JSON form.
    key: str = "waste"


@dataclasses.dataclass(frozen=True, kw_only=True)
class PhaseRoles:
    """Derived from a description: its ``Phase`` members by role, and its rounds."""

    #: The phase in which the first dealer is chosen.
    choose_dealer: enum.IntEnum
    #: The phase in which the cards are dealt.
    dealing: enum.IntEnum
    #: The bidding phase, or None without bidding.
    bidding: enum.IntEnum | None
    #: The phase of the tricks.
    playing: enum.IntEnum
    #: The phase of the tricks; None where announcements are made in it too.
    plain_play: enum.IntEnum | None
    #: The phase of a finished game.
    over: enum.IntEnum
    #: The rounds' phases, in the order of ``TrickGame.rounds``.
    round_phases: tuple[enum.IntEnum, ...]
    #: Each round's phase to its place in ``TrickGame.rounds`` (read-only: every state
    #: reaches the description, so nothing in it may change).
    round_index: Mapping[enum.IntEnum, int] = dataclasses.field(compare=False)
    #: For each round, its place among the declaration rounds (-1 for a passing round).
    round_slots: tuple[int, ...]
    #: The place of the passing round in ``TrickGame.rounds``, or None.
    passing: int | None
    #: For each round, its place among the auction rounds (-1 for any other round).
    auction_slots: tuple[int, ...]
    #: The places of the auction rounds in ``TrickGame.rounds``, in order.
    auctions: tuple[int, ...]


@dataclasses.dataclass(frozen=True, kw_only=True)
class MoveNumbering:
    """Derived from a description: where each kind of move's numbers begin, and how
    many there are (see :meth:`TrickGame.move_index`)."""

    #: The number of a bid of no tricks (the plays are 0..51).
    bid_base: int
    #: The number of the chance move that deals the first card.
    deal_base: int
    #: The number of the chance move that makes seat 0 the first dealer.
    dealer_base: int
    #: The number of the first pass.
    pass_base: int
    #: The cards a pass holds (0 without a passing round).
    pass_count: int
    #: How many move numbers there are.
    num_moves: int
    #: Each move of the description's table by its number (read-only).
    move_numbers: Mapping[Any, int] = dataclasses.field(compare=False, repr=False)
    #: The number of the first call of the auction rounds (after every other move).
    call_base: int
    #: Every call of the auction rounds, in move-number order (each once).
    calls: tuple[Call, ...]
    #: Each call by its number (read-only).
    call_numbers: Mapping[Call, int] = dataclasses.field(compare=False, repr=False)
    #: Each call by its words in lower case, for reading moves (read-only).
    call_words: Mapping[str, Call] = dataclasses.field(compare=False, repr=False)
    #: The number of the first pile move (after the calls): ``take PILE`` for each pile
    #: of :attr:`Dealing.piles` in order, then the lay-aways of each count of
    #: ``lay_counts`` by the rank of their cards (:func:`pass_rank`).
    pile_base: int = 0
    #: The counts of cards the game's :class:`PileStep` rounds lay away, each once.
    lay_counts: tuple[int, ...] = ()
