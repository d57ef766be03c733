"""The parts of a trick game's description (:class:`~cardrules.core.trickgame.TrickGame`):
the rules' base class, the bidding, declaration and passing rounds, cards turned face
up, legal revokes, the scoring hooks' types, ready-made hooks (``pass_cycle``,
``highest_bidder``, ``target_decided``), the fields every view has, and the
partnerships."""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, TypeVar, cast

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card, Suit, mask_of
from cardrules.core import tricks
from cardrules.core.checks import check_rules, check_seed
from cardrules.core.match import Match
from cardrules.core.options import BaseRules, check_choice
from cardrules.core.serial import StateReader
from cardrules.core.trickgame.numbers import _MOVE_KINDS, _pass_of_rank, pass_rank
from cardrules.core.trickgame.rules_of_play import Restrictions
from cardrules.errors import ArgumentError, IllegalMoveError, RulesError, show_value
from cardrules.game import Chance, ChanceMode, Event, Log, Outcome, Score, winners_by_total
from cardrules.moves import BIDS, DEALS, PLAYS, Bid, ChooseDealer, DealCard, Move, PassCards, Play

if TYPE_CHECKING:  # read here, built above this module
    from cardrules.core.trickgame.state import State


# Each game's Rules derives from this class, in this library or outside it: the compiled
# build must accept subclasses wherever the class is expected, not this class alone.
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class TrickGameRules(BaseRules):
    """The base of a trick game's ``Rules``: it has ``players``, and names the game.

    Building a :class:`TrickGame` sets ``Rules.trick_game`` to it, which is how
    every contract function finds the game from a state.
    """

    # A field without a default: every game's Rules redefines it with its own default
    # and range, in the place the game gives it.
    players: int


#: A game's ``Rules`` class, which every hook that sees the rules is typed by: a
#: description is a ``TrickGame[Rules]``, and a hook written for other rules fails the
#: type check.
R = TypeVar("R", bound=TrickGameRules)


#: Scores a finished deal: ``(state, seat that went out or None)`` to ``(points per
#: seat, the deal row's extras, the log with the game's scoring events)``.
DealScorer = Callable[
    ["State", "int | None"],
    tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]],
]


#: Scores a finished trick: ``(state before its last card, winner, the trick, the
#: tally so far)`` to ``(the new tally, the trick's public event)``.
TrickScorer = Callable[
    ["State", int, tuple[Card, ...], tuple[int, ...]], tuple[tuple[int, ...], Event]
]


#: The deals after which a match with no schedule stops, truncated, unless the rules
#: set ``max_deals`` or the game its own :attr:`MatchPlan.deal_limit`: fifty times the
#: longest Maverick match in hundreds of random games, so only a match that has lost
#: its way meets it.
DEFAULT_DEAL_LIMIT: Final = 1000


# The defaults of the hooks, named: the compiled build types a lambda default as the
# field's type, and a name reads better in the docs.


def _one_card(rules: Any) -> int:
    return 1


def _no_note(rules: Any) -> str:
    return ""


def _plain_tricks(rules: Any, trump: Suit | None) -> tricks.TrickRules:
    return _TRICK_RULES[trump]


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
    #: ``event(rules, match, hand_size)``: the public event that opens a deal.
    event: Callable[[R, Match, int], Event]
    #: ``packet(rules)``: the cards dealt to a seat at a time (default 1).
    packet: Callable[[R], int] = _one_card
    #: ``deck_note(rules)``: said after "not in this game's deck" (default nothing).
    deck_note: Callable[[R], str] = _no_note


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
    #: ``trick_rules(rules, trump)``: the follow-suit and trick-winning rules of a deal
    #: with this trump suit (default: plain suits, no jokers).
    trick_rules: Callable[[R, Suit | None], tricks.TrickRules] = _plain_tricks

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
    moves: Callable[[State, int], tuple[Any, ...]]
    #: ``value(move)``: what the state records of a declaration.
    value: Callable[[Any], Any]
    #: Every value the state may record, for loading.
    values: tuple[Any, ...]
    #: ``event(state, seat, move)``: the public event.
    event: Callable[[State, int, Any], Event]
    #: ``why_not(state, seat, move)``: why a move is refused.
    why_not: Callable[[State, int, object], str]


#: Where the passed cards go, as :attr:`Passing.to` words them.
PassDirection = Literal["left", "right", "across", "hold"]


def pass_offset(direction: PassDirection, players: int) -> int:
    """How many seats clockwise a pass in ``direction`` goes (0: no pass).

    >>> pass_offset("left", 4), pass_offset("right", 4), pass_offset("across", 4)
    (1, 3, 2)
    """
    check_choice("direction", direction, ("left", "right", "across", "hold"))
    if direction == "across" and players % 2:
        raise RulesError(f"no seat sits across the table with {players} players")
    return {"left": 1, "right": players - 1, "across": players // 2, "hold": 0}[direction]


def pass_cycle(*directions: PassDirection) -> Callable[[Any, int], int]:
    """A :attr:`Passing.to` hook that cycles through ``directions`` deal by deal.

    Hearts passes left, right, across, then holds (no pass), over and over:

    >>> to = pass_cycle("left", "right", "across", "hold")
    >>> class FourPlayers: players = 4
    >>> [to(FourPlayers(), number) for number in range(5)]
    [1, 3, 2, 0, 1]
    """
    if not directions:
        raise RulesError("pass_cycle needs at least one direction")
    for direction in directions:
        check_choice("direction", direction, ("left", "right", "across", "hold"))

    def to(rules: Any, deal_number: int) -> int:
        return pass_offset(directions[deal_number % len(directions)], rules.players)

    return to


def _to_the_left(rules: Any, deal_number: int) -> int:
    return 1


def _passed_cards(move: object) -> tuple[Card, ...]:
    return move.cards if type(move) is PassCards else ()


@dataclasses.dataclass(frozen=True, kw_only=True)
class Passing(Generic[R]):
    """A passing round before play: each seat in turn, from the dealer's left, passes
    ``count`` cards face down to another seat; the cards are exchanged, and the phase
    ends, once every seat has passed (until then they are in no hand).

    A game whose passes are ``PassCards`` lists ``PassCards`` in :attr:`Moves.kinds`
    and its form in :attr:`Moves.forms` (the shared notation reads ``pass 2C 7D QS``).
    The numbers by rank cover the 52 cards: a deck with jokers numbers its passes with
    a :attr:`Moves.table` (as Maverick does). The numbers grow with ``count``: 22,100
    for three cards, 270,725 for four. A view may have a ``passed_to`` field: the seat
    this seat's pass goes to in this deal (None in a deal without a pass).

    Hearts' pass of three cards, left, right, across and hold::

        Passing(count=3, to=pass_cycle("left", "right", "across", "hold"))
    """

    #: The name of its ``Phase`` member.
    phase: str = "PASSING"
    #: How many cards each seat passes.
    count: int
    #: ``applies(rules)``: whether the round is played (default: always).
    applies: Callable[[R], bool] = _always
    #: ``to(rules, deal_number)``: how many seats clockwise the cards go in that deal
    #: (1, the default: the left neighbour; ``players - 1``: the right; 0: no pass, the
    #: phase is skipped). :func:`pass_cycle` makes the hook from words.
    to: Callable[[R, int], int] = _to_the_left
    #: ``moves(hand)``: the passes a hand may make, in move-number order; None (the
    #: default): every set of ``count`` cards of the hand, as
    #: :class:`~cardrules.moves.PassCards`, numbered by :meth:`TrickGame.move_index`.
    moves: Callable[[int], tuple[Any, ...]] | None = None
    #: ``cards(move)``: the cards a move passes (``()`` for any other move; the default
    #: reads a ``PassCards``).
    cards: Callable[[object], tuple[Card, ...]] = _passed_cards
    #: The move's text form for messages (default ``"pass C1 C2 C3"`` for three cards).
    form: str = ""
    #: The rule cited when a pass names a card not in the hand.
    rule_id: str = ""

    def __post_init__(self) -> None:
        if not self.form:
            names = " ".join(f"C{n + 1}" for n in range(self.count))
            object.__setattr__(self, "form", f"pass {names}")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Revoking(Generic[R]):
    """A rules option under which a revoke (not following suit while able) is legal
    and penalised instead of forbidden (the penalty is the scoring hooks' business: the
    state counts each seat's revokes)."""

    #: ``allowed(rules)``: whether the option is on.
    allowed: Callable[[R], bool]
    #: ``event(rules, seat, led)``: announces a revoke.
    event: Callable[[R, int, Suit], Event]


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
    # cast(Any, default): compiled, a class-body value is checked against the type inferred
    # for it, and dataclasses.field(default=X) would be taken for the type of X.
    table: tuple[Any, ...] = dataclasses.field(default=cast(Any, ()), compare=False, repr=False)
    #: ``parse(text)``: the game's own move notation (default None: the shared one).
    parse: Callable[[str], Any] | None = None
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

    #: The phases every trick game has (``bidding``: None without bidding).
    choose_dealer: Any
    dealing: Any
    bidding: Any
    playing: Any
    over: Any
    #: The rounds' phases, in order, and each one's place in ``TrickGame.rounds``.
    round_phases: tuple[Any, ...]
    round_index: dict[Any, int] = dataclasses.field(compare=False)
    #: For each round, its place among the declaration rounds (-1 for a passing round).
    round_slots: tuple[int, ...]
    #: The place of the passing round in ``TrickGame.rounds``, or None.
    passing: int | None


@dataclasses.dataclass(frozen=True, kw_only=True)
class MoveNumbering:
    """Derived from a description: where each kind of move's numbers begin, and how
    many there are (see :meth:`TrickGame.move_index`)."""

    bid_base: int
    deal_base: int
    dealer_base: int
    pass_base: int
    #: The cards a pass holds (0 without a passing round).
    pass_count: int
    num_moves: int
    #: Each move of the description's table by its number.
    move_numbers: dict[Any, int] = dataclasses.field(compare=False, repr=False)


def highest_bidder(state: Any) -> int:
    """A :attr:`TrickGame.first_leader` hook: the seat with the highest bid leads (on a
    tie, the first of them from the dealer's left)."""
    players: int = state.rules.players
    bids: tuple[int | None, ...] = state.bids
    dealer: int = state.match.dealer
    best = (dealer + 1) % players
    for k in range(1, players):
        seat = (dealer + 1 + k) % players
        if (bids[seat] or 0) > (bids[best] or 0):
            best = seat
    return best


def target_decided(
    target: Callable[[Any], int], better: Literal["high", "low"] = "high"
) -> Callable[[Any, Match], Outcome | None]:
    """A :attr:`TrickGame.decided` hook: once a total reaches ``target(rules)`` (at or
    above it), the best total wins (the lowest when ``better`` is ``"low"``, as in
    Hearts, where a player reaching 100 ends the game); partners share a total, so a
    partnership's seats win together; equal best totals are a draw.

    >>> from cardrules.core.options import BaseRules
    >>> decided = target_decided(lambda rules: 100, better="low")
    >>> m = Match.start(dealer=0, players=3).finish_deal((104, 60, 60), extras=())
    >>> decided(BaseRules(), m)
    Outcome(reason='target reached', winners=(1, 2), draw=True)
    """
    check_choice("better", better, ("high", "low"))

    def decided(rules: Any, match: Match) -> Outcome | None:
        totals = match.totals
        if max(totals) < target(rules):
            return None
        winners = winners_by_total(totals, better)
        game = getattr(type(rules), "trick_game", None)
        sides = {t for seat in winners for t in _sides(rules, game, seat)}
        return Outcome("target reached", winners, draw=len(sides) > 1)

    return decided


def _sides(rules: Any, game: Any, seat: int) -> tuple[int, ...]:
    """The number of ``seat``'s partnership (the seat itself outside a trick game)."""
    if game is None:
        return (seat,)
    return (_team_of(rules, seat),)


# A game's view derives from this class, in this library or outside it (see TrickGameRules).
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True)
class View:
    """What one seat may know: the fields every trick game's view has, which the engine
    fills (and :func:`~cardrules.core.trickgame.sample` reads). A game's ``View`` derives
    from it and adds only its own fields, which the engine fills by name too when it
    knows them: ``trump_card``, ``trump``; with bidding ``hand_size``, ``bids`` and
    ``has_bid``; ``tricks_won``; ``won_cards`` or ``waste``; ``known``, ``voids`` and
    ``absent``; a round's key, ``has_passed``, ``passed``, ``received``, ``passed_to``;
    ``face_up``, ``revokes``. A game's own values come from its ``view_extras`` hook.

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class WhistView(View):
    ...     trump_card: Card | None
    ...     tricks_won: tuple[int, ...]
    ...     won_cards: tuple[Card, ...]
    >>> [field.name for field in attrs.fields(WhistView)][-3:]
    ['trump_card', 'tricks_won', 'won_cards']
    """

    rules: Any
    seat: int
    chance: ChanceMode
    phase: Any
    to_move: int | Chance | None
    deal_number: int
    dealer: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    undealt_count: int
    leader: int
    trick: tuple[Card, ...]
    totals: tuple[int, ...]
    score: Score
    moves_made: int
    events: tuple[Event, ...]
    legal_moves: tuple[Move, ...]

    def _repr_svg_(self) -> str | None:
        """The picture notebooks show of this view (see :mod:`cardrules.svg`)."""
        from cardrules.svg import repr_svg

        return repr_svg(self)


#: The fields every trick game's view has: those of :class:`View`.
VIEW_FIELDS: Final = tuple(field.name for field in attrs.fields(View))


#: The fields a view needs besides when the game has bidding.
BIDDING_VIEW_FIELDS: Final = ("hand_size", "bids", "has_bid")


_TRICK_RULES: Final = tricks.PLAIN


def teams(rules: Any) -> tuple[tuple[int, ...], ...]:
    """The partnerships: every player for himself, unless the game says otherwise."""
    if getattr(rules, "trick_game", None) is None:
        raise ArgumentError(f"teams needs a trick game's Rules, not {show_value(rules)}")
    game: TrickGame[Any] = rules.trick_game
    if game.teams is not None:
        return game.teams(rules)
    return tuple((seat,) for seat in range(rules.players))


def _team_of(rules: Any, seat: int) -> int:
    """The number of the partnership ``seat`` belongs to."""
    return next(t for t, members in enumerate(teams(rules)) if seat in members)


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrickGame(Generic[R]):
    """The description of a trick game: what the engine needs to play it, grouped by
    concern. A group left out takes its default, the common case (no trumps, plain trick
    play, no rounds before play, no bidding, every seat for itself), so a description
    names only what differs. The description is typed by the game's ``Rules``: a
    ``TrickGame[Rules]``, whose hooks see a ``Rules`` (a hook written for other rules
    fails ``mypy --strict``); hooks that see a state see the engine's :class:`State`.

    A Spades-like description sets, besides the usual fields::

        trumps=Trumps(suit=lambda rules, number: Suit.SPADES),
        match=MatchPlan(
            deals=lambda rules: None,
            decided=target_decided(lambda rules: 500),
            deal_limit=200,
        ),
    """

    #: The registry name.
    name: str
    #: The name shown to users.
    title: str
    #: The behaviour version recorded in states.
    version: str
    #: The game's ``Rules`` (a :class:`TrickGameRules`); building the description sets
    #: ``Rules.trick_game`` to it, which is how every function finds the game of a state.
    rules_class: type[R]
    #: The game's ``Phase`` enum: CHOOSE_DEALER, DEALING, PLAYING and OVER, BIDDING
    #: when there is bidding, and a member per round.
    phases: type[enum.IntEnum]
    #: The cards and how they are dealt.
    dealing: Dealing[R]
    #: How a deal's trumps are fixed and the trick rules they make (default: none).
    trumps: Trumps[R] = Trumps()
    #: The :class:`Declaring` and :class:`Passing` rounds between the deal and the
    #: bidding (or the play), in order.
    rounds: tuple[Declaring[R] | Passing[R], ...] = ()
    #: A :class:`Bidding` phase between the deal and the play, or None.
    bidding: Bidding[R] | None = None
    #: How the tricks are played (default: plain trick play).
    play: TrickPlay[R] = TrickPlay()
    #: How a deal scores.
    scoring: Scoring[R]
    #: How long a match lasts and who wins it (default: no schedule, no target: the
    #: deal limit ends it).
    match: MatchPlan[R] = MatchPlan()
    #: ``teams(rules)``: the partnerships (default None: every seat for itself).
    teams: Callable[[R], tuple[tuple[int, ...], ...]] | None = None
    #: The players' moves: their numbers and their text.
    moves: Moves
    #: The game's view: an attrs class whose fields the engine fills by name. It needs
    #: the fields of :data:`VIEW_FIELDS` (``sample`` rebuilds a world from them),
    #: ``won_cards`` or ``waste`` (the finished tricks' cards), with bidding
    #: :data:`BIDDING_VIEW_FIELDS`, with ``counts_tricks`` ``tricks_won``, with a trump
    #: ``suit`` ``trump``; the engine also fills ``trump_card`` (and ``tricks_won`` when
    #: the view has it).
    view_class: type
    #: ``view_extras(state, seat)``: the view's values only the game knows.
    view_extras: Callable[[State, int], dict[str, Any]] = _no_extras
    #: ``check_state(state, reader)``: the game's consistency checks on a loaded state.
    check_state: Callable[[State, StateReader], None] = _no_checks
    #: The finished tricks' names (default: the zone "won tricks", the JSON key "waste").
    waste: Waste = Waste()
    #: The game's rule identifiers that error messages cite, as (kind, identifier) pairs;
    #: the kinds are ``bid_range``, ``deck``, ``follow`` and the kinds of the
    #: :class:`~cardrules.core.trickgame.rules_of_play.Restrictions` (``unbroken``, ``first_trick``,
    #: ``must_trump``, ``must_beat``).
    # cast(Any, default): compiled, a class-body value is checked against the type inferred
    # for it, and dataclasses.field(default=X) would be taken for the type of X.
    rule_ids: tuple[tuple[str, str], ...] = dataclasses.field(
        default=cast(Any, ()), compare=False, repr=False
    )
    #: Derived: the phases by role, and the rounds' phases.
    roles: PhaseRoles = dataclasses.field(init=False)
    #: Derived: where each kind of move's numbers begin.
    numbering: MoveNumbering = dataclasses.field(init=False)
    #: Derived: the fields of the view, checked.
    view_fields: tuple[str, ...] = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        phases = self.phases
        put = functools.partial(object.__setattr__, self)
        round_phases = tuple(phases[r.phase] for r in self.rounds)
        declaring = [k for k, r in enumerate(self.rounds) if isinstance(r, Declaring)]
        passing = [k for k, r in enumerate(self.rounds) if isinstance(r, Passing)]
        roles = PhaseRoles(
            choose_dealer=phases["CHOOSE_DEALER"],
            dealing=phases["DEALING"],
            bidding=phases["BIDDING"] if self.bidding is not None else None,
            playing=phases["PLAYING"],
            over=phases["OVER"],
            round_phases=round_phases,
            round_index={phase: k for k, phase in enumerate(round_phases)},
            round_slots=tuple(
                declaring.index(k) if k in declaring else -1 for k in range(len(self.rounds))
            ),
            passing=passing[0] if passing else None,
        )
        put("roles", roles)
        bids = 0 if self.bidding is None else self.bidding.most + 1
        pass_base = 104 + bids + self.moves.max_players
        pass_count = 0
        if passing:
            described = self.rounds[passing[0]]
            assert isinstance(described, Passing)
            pass_count = described.count
        table = self.moves.table
        passes = math.comb(52, pass_count) if passing and not table else 0  # by rank
        numbering = MoveNumbering(
            bid_base=52,
            deal_base=52 + bids,
            dealer_base=104 + bids,
            pass_base=pass_base,
            pass_count=pass_count,
            num_moves=len(table) or pass_base + passes,
            move_numbers={move: number for number, move in enumerate(table)},
        )
        put("numbering", numbering)
        put("view_fields", _checked_view_fields(self))
        # The contract functions find the game from the rules of a state.
        type.__setattr__(self.rules_class, "trick_game", self)

    def deal(
        self,
        rules: R,
        *,
        seed: object,  # checked here: compiled, an int parameter refuses with a TypeError
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State:
        """A new game with its first deal dealt (or, with explicit chance, about to be).

        ``deck`` fixes the order of the first deal (top card first; see the game's
        docs for the dealing order); later deals are shuffled from ``seed``.
        """
        from cardrules.core.trickgame.dealing import new_game  # built above this module

        check_rules(rules, self.rules_class, self.name)
        return new_game(rules, seed=check_seed(seed), deck=deck, chance=chance)

    def exports(
        self,
    ) -> tuple[
        int,
        Callable[..., State],
        Callable[[Move], int],
        Callable[[int], Move],
        Callable[[Mapping[str, Any]], State],
    ]:
        """What a game module exports from its description: ``NUM_MOVES``, ``deal``,
        ``move_index``, ``move_from_index`` and ``state_from_dict``."""
        return (
            self.numbering.num_moves,
            self.deal,
            self.move_index,
            self.move_from_index,
            self.state_from_dict,
        )

    # ------------------------------------------------------------------ move numbers

    def move_index(self, move: Move) -> int:
        """The fixed number of a move: its place in the game's move table, or else plays
        0..51 by card, then bids, deals, dealers, and the passes from ``pass_base`` on by
        the rank of their cards (:func:`pass_rank`)."""
        numbering = self.numbering
        if self.moves.table:
            number = numbering.move_numbers.get(move) if isinstance(move, _MOVE_KINDS) else None
            if number is None:
                raise IllegalMoveError(f"{move} has no number in {self.title}")
            return number
        if (
            isinstance(move, Play)
            and move.call is None
            and not move.announce
            and move.card.index < 52
        ):
            return move.card.index
        bidding = self.bidding
        if bidding is not None and isinstance(move, Bid) and 0 <= move.tricks <= bidding.most:
            return numbering.bid_base + move.tricks
        if isinstance(move, DealCard) and move.card.index < 52:
            return numbering.deal_base + move.card.index
        if isinstance(move, ChooseDealer) and 0 <= move.seat < self.moves.max_players:
            return numbering.dealer_base + move.seat
        if (
            isinstance(move, PassCards)
            and numbering.num_moves > numbering.pass_base
            and len(move.cards) == numbering.pass_count
            and all(card.index < 52 for card in move.cards)
        ):
            return numbering.pass_base + pass_rank(mask_of(move.cards))
        raise IllegalMoveError(f"{move} has no number in {self.title}")

    def move_from_index(self, index: int) -> Move:
        """The move with this number (see :meth:`move_index`)."""
        numbering = self.numbering
        num_moves = numbering.num_moves
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < num_moves:
            raise IllegalMoveError(f"move numbers are 0..{num_moves - 1}, not {index!r}")
        if self.moves.table:
            move: Move = self.moves.table[index]
            return move
        if index < numbering.bid_base:
            return PLAYS[index]
        if index < numbering.deal_base:
            return BIDS[index - numbering.bid_base]
        if index < numbering.dealer_base:
            return DEALS[index - numbering.deal_base]
        if index < numbering.pass_base:
            return ChooseDealer(index - numbering.dealer_base)
        return _pass_of_rank(index - numbering.pass_base, numbering.pass_count)

    # ------------------------------------------------------------------ loading

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Load a state from :func:`state_to_dict`'s form, refusing anything inconsistent."""
        from cardrules.core.trickgame.play import apply  # built above this module
        from cardrules.core.trickgame.positions import _replay_start

        reader = StateReader(data, self.name, self.version)
        # A game set up from a position replays its history from the position.
        set_up = reader.data.get("position")
        start: Callable[..., State] = self.deal
        if set_up is not None:
            start = functools.partial(_replay_start, set_up)
        return reader.read(self._state_from_reader, deal=start, apply=apply)

    def _state_from_reader(self, r: StateReader) -> State:
        from cardrules.core.trickgame.serialization import _state_from_reader  # built above

        return _state_from_reader(self, r)


def _checked_view_fields(game: TrickGame[Any]) -> tuple[str, ...]:
    """The fields of the game's view, refused with the fix if it lacks any it needs."""
    view_class = game.view_class
    if not attrs.has(view_class):
        raise RulesError(
            f"{game.title}'s view_class must be an attrs class (@attrs.frozen), not {view_class!r}"
        )
    fields = tuple(field.name for field in attrs.fields(view_class))
    needed = VIEW_FIELDS + (BIDDING_VIEW_FIELDS if game.bidding is not None else ())
    missing = [name for name in needed if name not in fields]
    if "won_cards" not in fields and "waste" not in fields:
        missing.append("won_cards")
    if game.scoring.counts_tricks and "tricks_won" not in fields:
        missing.append("tricks_won")  # sample could not rebuild the counts without it
    if game.trumps.suit is not None and "trump" not in fields:
        missing.append("trump")  # the deal's trump suit, which sample needs
    if missing:
        raise RulesError(
            f"{game.title}'s view class {view_class.__name__} lacks "
            f"{'the field' if len(missing) == 1 else 'the fields'} {', '.join(missing)}: "
            "the trick engine fills them and sample reads them; add them (every trick "
            "game's view has cardrules.core.trickgame.VIEW_FIELDS and won_cards or waste, "
            "with bidding also BIDDING_VIEW_FIELDS, with counts_tricks also tricks_won, "
            "and with trump_suit also trump)"
        )
    return fields
