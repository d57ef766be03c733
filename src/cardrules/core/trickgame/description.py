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
from typing import TYPE_CHECKING, Any, Final, Literal, cast

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
    every interface function finds the game from a state.
    """

    # A field without a default: every game's Rules redefines it with its own default
    # and range, in the place the game gives it.
    players: int


#: Scores a finished deal: ``(state, seat that went out or None)`` to ``(points per
#: seat, the deal row's extras, the log with the game's scoring events)``.
DealScorer = Callable[
    [Any, "int | None"], tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]
]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bidding:
    """A bidding phase between the deal and the play: each seat bids a number of tricks.

    ``allowed(state, seat)``: the bids the seat may make (a range or a tuple, in
    order; the hook is such a constraint). ``hidden(rules)``: whether bids are
    simultaneous (each seat sees only its own until all are in). ``most``: the
    largest bid a move number exists for. ``why_not(state, seat, bid)``: in the
    game's own words, why a bid of 0..the hand size that ``allowed`` refuses is
    refused (default: the bids allowed).
    """

    allowed: Callable[[Any, int], range | tuple[int, ...]]
    hidden: Callable[[Any], bool]
    most: int
    why_not: Callable[[Any, int, int], str] | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class FaceUp:
    """Several cards turned face up after the hands, fixing the trump suit and a second
    suit that the game's scoring reads (Maverick's two face-up cards: trumps and adders).

    ``count``: how many cards are turned. ``suits(rules, cards)``: the trump suit and
    the second suit they fix. ``event(rules, cards, trump, second)``: the public event.
    ``second_key``: the second suit's name in the state's JSON form.
    """

    count: int
    suits: Callable[[Any, tuple[Card, ...]], tuple[Suit, Suit | None]]
    event: Callable[[Any, tuple[Card, ...], Suit, Suit | None], Event]
    second_key: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class Declaring:
    """A round of declarations before play: each seat (or each partnership, by its
    first seat from the dealer's left) chooses one of a few moves, openly, in turn
    clockwise from the dealer's left.

    ``phase``: the name of its ``Phase`` member. ``key``: its name in views and in the
    state's JSON form. ``applies(rules)``: whether the round is played. ``by_team``:
    one declaration per partnership. ``unseen``: made before the declarers look at
    their cards (views show no hand until the round is over). ``moves(state, seat)``:
    the declarations open to the seat, in order. ``value(move)``: what the state
    records (``values``: every value it may record, for loading). ``event(state,
    seat, move)``: the public event. ``why_not(state, seat, move)``: why a move is
    refused.
    """

    phase: str
    key: str
    applies: Callable[[Any], bool] = lambda rules: True
    by_team: bool = False
    unseen: bool = False
    moves: Callable[[Any, int], tuple[Any, ...]]
    value: Callable[[Any], Any]
    values: tuple[Any, ...]
    event: Callable[[Any, int, Any], Event]
    why_not: Callable[[Any, int, object], str]


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
class Passing:
    """A passing round before play: each seat in turn, from the dealer's left, passes
    ``count`` cards face down to another seat; the cards are exchanged, and the phase
    ends, once every seat has passed (until then they are in no hand).

    ``to(rules, deal_number)``: how many seats clockwise the cards go in that deal
    (1: the left neighbour, the default; ``players - 1``: the right; 0: no pass, the
    phase is skipped). :func:`pass_cycle` makes the hook from words, for Hearts
    ``pass_cycle("left", "right", "across", "hold")``. ``moves(hand)``: the passes a
    hand may make, in move-number order; None (the default): every set of ``count``
    cards of the hand, as :class:`~cardrules.moves.PassCards`, numbered by
    :meth:`TrickGame.move_index`. ``cards(move)``: the cards a move passes (``()`` for
    any other move; the default reads a ``PassCards``). ``form``: the move's text form
    for messages (default ``"pass C1 C2 C3"`` for three cards). ``rule_id``: the rule
    cited when a pass names a card not in the hand. A game whose passes are
    ``PassCards`` lists ``PassCards`` in :attr:`TrickGame.move_kinds` and its form in
    :attr:`TrickGame.move_forms` (the shared notation reads ``pass 2C 7D QS``). The
    numbers by rank cover the 52 cards: a deck with jokers numbers its passes with a
    ``move_table`` (as Maverick does). The numbers grow with ``count``: 22,100 for
    three cards, 270,725 for four. A view may have a ``passed_to`` field: the seat
    this seat's pass goes to in this deal (None in a deal without a pass).

    Hearts' pass of three cards, left, right, across and hold::

        Passing(count=3, to=pass_cycle("left", "right", "across", "hold"))
    """

    phase: str = "PASSING"
    count: int
    applies: Callable[[Any], bool] = lambda rules: True
    to: Callable[[Any, int], int] = _to_the_left
    moves: Callable[[int], tuple[Any, ...]] | None = None
    cards: Callable[[object], tuple[Card, ...]] = _passed_cards
    form: str = ""
    rule_id: str = ""

    def __post_init__(self) -> None:
        if not self.form:
            names = " ".join(f"C{n + 1}" for n in range(self.count))
            object.__setattr__(self, "form", f"pass {names}")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Revoking:
    """A rules option under which a revoke (not following suit while able) is legal
    and penalised instead of forbidden: ``allowed(rules)`` says whether it is on,
    ``event(rules, seat, led)`` announces a revoke (the penalty is the scoring
    hooks' business: the state counts each seat's revokes)."""

    allowed: Callable[[Any], bool]
    event: Callable[[Any, int, Suit], Event]


#: Scores a finished trick: ``(state before its last card, winner, the trick, the
#: tally so far)`` to ``(the new tally, the trick's public event)``.
TrickScorer = Callable[[Any, int, tuple[Card, ...], tuple[int, ...]], tuple[tuple[int, ...], Event]]


#: The deals after which a match with no schedule stops, truncated, unless the rules
#: set ``max_deals`` or the game its own :attr:`TrickGame.deal_limit`: fifty times the
#: longest Maverick match in hundreds of random games, so only a match that has lost
#: its way meets it.
DEFAULT_DEAL_LIMIT: Final = 1000


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
# kw_only: the fields with defaults come before a game's own fields, which need none.
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class View:
    """What one seat may know: the fields every trick game's view has, which the engine
    fills (and :func:`~cardrules.core.trickgame.sample` reads).

    The first fields are those of every deal. The fields after ``legal_moves`` come with
    a feature of the description; a game without the feature keeps their default:

    * ``trump_card``: the card turned for trumps (``trump_card`` other than ``"none"``);
    * ``trump``: the trump suit fixed without turning a card (``trump_suit``, ``face_up``);
    * ``face_up``: the cards turned face up after the hands (``face_up``);
    * ``hand_size``, ``bids``, ``has_bid``: the cards dealt each seat in this deal, the
      bids this seat may see (during simultaneous bidding only its own: the others are
      None until every seat has bid) and who has bid (``bidding``); a round of
      declarations keyed ``bids`` shows its words there instead (Maverick);
    * ``has_passed``, ``passed``, ``received``, ``passed_to``: who has passed, the cards
      this seat passed, those it received once every seat has passed, and the seat its
      pass goes to in this deal (None: no pass) (a :class:`Passing` round);
    * ``tricks_won``: the tricks each seat has won in this deal (``counts_tricks``);
    * ``won_cards``: the cards of the finished tricks (every game);
    * ``revokes``: each seat's penalised revokes in this deal (``revoking``).

    A game's ``View`` derives from it and declares only its own fields: a round's key,
    the second face-up suit's key, the tally's keys, the public knowledge it shows
    (``known``, ``voids``, ``absent``) and what its ``view_extras`` hook gives.

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class HeartsView(View):
    ...     taken: tuple[int, ...]
    >>> [field.name for field in attrs.fields(HeartsView)][-3:]
    ['won_cards', 'revokes', 'taken']
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
    trump_card: Card | None = None
    trump: Suit | None = None
    face_up: tuple[Card, ...] = ()
    hand_size: int = 0
    bids: tuple[Any, ...] = ()
    has_bid: tuple[bool, ...] = ()
    has_passed: tuple[bool, ...] = ()
    passed: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    passed_to: int | None = None
    tricks_won: tuple[int, ...] = ()
    won_cards: tuple[Card, ...] = ()
    revokes: tuple[int, ...] = ()

    def shown_fields(self) -> tuple[str, ...]:
        """The names of the fields this view shows, in order: those of every view, those
        its game's features imply and the game's own (the others keep their defaults).
        The text renderings of a view show these."""
        shown: tuple[str, ...] = self.rules.trick_game.view_fields
        return shown

    def _repr_svg_(self) -> str | None:
        """The picture notebooks show of this view (see :mod:`cardrules.svg`)."""
        from cardrules.svg import repr_svg

        return repr_svg(self)


#: The fields every trick game's view has (the first of :class:`View`).
VIEW_FIELDS: Final = (
    *(field.name for field in attrs.fields(View) if field.default is attrs.NOTHING),
    "won_cards",
)


#: The fields a view shows with bidding.
BIDDING_VIEW_FIELDS: Final = ("hand_size", "bids", "has_bid")


def _implied_fields(game: TrickGame) -> frozenset[str]:
    """The fields of the base :class:`View` after ``legal_moves`` that the features of
    ``game``'s description imply (a round of declarations implies the one it is keyed by)."""
    implied = {"won_cards"}
    if game.trump_card != "none":
        implied.add("trump_card")
    if game.trump_suit is not None or game.face_up is not None:
        implied.add("trump")
    if game.face_up is not None:
        implied.add("face_up")
    if game.bidding is not None:
        implied.update(BIDDING_VIEW_FIELDS)
    if game.passing is not None:
        implied.update(("has_passed", "passed", "received", "passed_to"))
    if game.counts_tricks:
        implied.add("tricks_won")
    if game.revoking is not None:
        implied.add("revokes")
    implied.update(r.key for r in game.rounds if isinstance(r, Declaring))
    return frozenset(implied)


def default_deal_event(rules: Any, match: Match, size: int) -> Event:
    """The public event that opens a deal, unless the game says otherwise
    (:attr:`TrickGame.deal_event`): ``deal 3: seat 1 deals 13 cards each``."""
    return _deal_event_of(match.deal_number, match.dealer, size)


@functools.cache
def _deal_event_of(deal_number: int, dealer: int, size: int) -> Event:
    """Built once: events are immutable."""
    cards = "1 card each" if size == 1 else f"{size} cards each"
    return Event(
        "deal", dealer, value=size, text=f"deal {deal_number + 1}: seat {dealer} deals {cards}"
    )


_TRICK_RULES: Final = tricks.PLAIN


def teams(rules: Any) -> tuple[tuple[int, ...], ...]:
    """The partnerships: every player for himself, unless the game says otherwise."""
    if getattr(rules, "trick_game", None) is None:
        raise ArgumentError(f"teams needs a trick game's Rules, not {show_value(rules)}")
    game: TrickGame = rules.trick_game
    if game.teams is not None:
        return game.teams(rules)
    return tuple((seat,) for seat in range(rules.players))


def _team_of(rules: Any, seat: int) -> int:
    """The number of the partnership ``seat`` belongs to."""
    return next(t for t, members in enumerate(teams(rules)) if seat in members)


def phases_of(
    rounds: Sequence[Declaring | Passing], bidding: bool, module: str
) -> type[enum.IntEnum]:
    """A game's ``Phase`` enumeration, numbered from 0 in the order a deal goes through
    them: CHOOSE_DEALER and DEALING (explicit chance steps), the phase of each round
    before play (its ``phase`` name), BIDDING with bidding, PLAYING and OVER.

    >>> [(phase.name, int(phase)) for phase in phases_of((Passing(count=3),), False, __name__)]
    [('CHOOSE_DEALER', 0), ('DEALING', 1), ('PASSING', 2), ('PLAYING', 3), ('OVER', 4)]
    """
    names = ["CHOOSE_DEALER", "DEALING", *(r.phase for r in rounds)]
    if bidding:
        names.append("BIDDING")
    names += ["PLAYING", "OVER"]
    if len(set(names)) != len(names):
        raise RulesError(f"the phases {', '.join(names)} must have different names")
    phases = enum.IntEnum(  # type: ignore[misc]  # the names are the game's
        "Phase", [(name, number) for number, name in enumerate(names)], module=module
    )
    phases.__doc__ = "Where a game stands: CHOOSE_DEALER and DEALING are explicit chance steps."
    return phases


def _phase_of(rules_class: type[TrickGameRules], name: str) -> enum.IntEnum:
    """The phase ``name`` of the game of ``rules_class`` (how a phase is unpickled)."""
    game: TrickGame = cast(Any, rules_class).trick_game
    phase: enum.IntEnum = game.phases[name]
    return phase


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrickGame:
    """The description of a trick game: what the engine needs to play it.

    * ``name``, ``title``, ``version``: the registry name, the name shown to users,
      the behaviour version recorded in states.
    * ``rules_class``: the game's ``Rules``.
    * ``deck(rules)``: the cards, in their canonical order.
    * ``hand_size(rules, deal_number)``: the cards each seat gets in a deal.
    * ``packet(rules)``: cards dealt to a seat at a time, clockwise from the
      dealer's left (card ``i`` goes to seat ``(dealer + 1 + i // packet) % players``).
    * ``trump_card``: which card is turned for trump: ``"none"`` (no trumps),
      ``"next"`` (the card after the hands, out of play) or ``"dealer's last"``
      (the dealer's last card, shown to all; it stays in his hand).
    * ``deal_event(rules, match, hand_size)``: the public event that opens a deal
      (default :func:`default_deal_event`: ``deal 1: seat 3 deals 8 cards each``).
    * ``bidding``: a :class:`Bidding`, or None.
    * ``pick_up``: a player who cannot follow takes the trick into his hand and
      leads the next one (Enfle); play goes on to the next seat after each card.
    * ``out_ends_deal``: the first seat to empty its hand ends the deal at once,
      even in mid-trick; otherwise the deal ends when every card has been played.
    * ``counts_tricks``: whether tricks won are counted per seat (in the state).
    * ``deals(rules)``: how many deals the match lasts, or None (no schedule: the
      match ends when ``decided`` says).
    * ``teams(rules)``: the partnerships (default: every seat for itself).
    * ``decided(rules, match)``: the outcome when a finished deal ends the match
      (a target reached), or None.
    * ``payoffs(totals)``: each seat's payoff from the totals (default: the totals, or
      the totals negated when ``better`` is ``"low"``).
    * ``score_deal``: the :data:`DealScorer` hook.
    * ``abandon_event(state)``: an event logged when a safety cap stops a deal, or None.
    * ``waste_zone``: the name of the finished tricks' zone.
    * ``move_forms``: the text forms of the players' moves (``("play CARD", "bid N")``).
    * ``deck_note(rules)``: said after "not in this game's deck".
    * ``refuse_text(text)``: a message for move text the game refuses outright
      (Enfle's "pick up", which is not a move), or None.
    * ``max_players``: the most seats the move numbers provide for.
    * ``view_class``, ``view_extras(state, seat)``: the game's view (an attrs class
      deriving from :class:`View`, whose fields the engine fills by name) and the values
      only the game knows. The view declares the keys of the rounds of declarations,
      of the second face-up suit and of the tally; the base has the rest.
    * ``check_state(state, reader)``: the game's consistency checks on a loaded state.
    * ``face_up``: a :class:`FaceUp` when several cards are turned face up after the
      hands (then ``trump_card`` is ``"none"``).
    * ``trick_rules(rules, trump)``: the follow-suit and trick-winning rules of a deal
      with this trump suit (default: plain suits, no jokers).
    * ``rounds``: the :class:`Declaring` and :class:`Passing` rounds between the deal
      and the bidding (or the play), in order.
    * ``revoking``: a :class:`Revoking` when a rules option makes revokes legal.
    * ``restrictions``: the play restrictions the game adds to follow suit (a suit not
      led until broken, cards barred on the first trick, must trump, must beat; see
      :class:`~cardrules.core.trickgame.rules_of_play.Restrictions`), or None.
    * ``score_trick``: a :data:`TrickScorer` when each finished trick scores; its
      running figures (the *tally*) are ``tally``: ``(JSON key, how many, lowest,
      highest)`` per group of figures.
    * ``waste_key``: the finished tricks' name in the state's JSON form.
    * ``parse_text(text)``: the game's own move notation (default: the shared one).

    The trick-taking family's deals, trumps, scores and matches, each defaulting to
    the behaviour of a game that does not set it:

    * ``trump_suit(rules, deal_number)``: a trump suit fixed without turning a card
      (Spades: ``lambda rules, number: Suit.SPADES``), in force from the deal on; None
      from the hook means no trumps in that deal. Use it with ``trump_card="none"``;
      the view then needs a ``trump`` field (the suit). Default None: trumps come
      only from ``trump_card`` or ``face_up``.
    * ``first_leader(state)``: who leads the first trick of a deal, asked when play
      begins (after the rounds and the bidding), for instance :func:`highest_bidder`.
      Default None: the dealer's left.
    * ``lead_card(rules, deal_number)``: a card whose holder leads the first trick
      and must lead it (Hearts: ``lambda rules, number: Card("2C")``); it wins over
      ``first_leader`` when it is in a hand. The holder is public once play begins
      (an event says so). Default None.
    * ``better``: ``"high"`` (the default) or ``"low"`` (Hearts: the lowest total
      wins); :func:`score` reports it, the schedule's end ranks by it, and the default
      payoffs are the totals, negated when low wins.
    * ``deal_limit``: a guard against a match that never ends: when the game has no
      schedule (``deals(rules)`` is None) and the rules set no ``max_deals``, the game
      stops after this many deals with the outcome "truncated" and an event that says
      the deal cap stopped it. Default :data:`DEFAULT_DEAL_LIMIT`; None: no guard.

    A Spades-like description sets, besides the usual fields::

        trump_suit=lambda rules, number: Suit.SPADES,
        deals=lambda rules: None,
        decided=target_decided(lambda rules: 500),
        deal_limit=200,
    """

    name: str
    title: str
    version: str
    rules_class: type[TrickGameRules]
    deck: Callable[[Any], tuple[Card, ...]]
    hand_size: Callable[[Any, int], int]
    packet: Callable[[Any], int] = lambda rules: 1
    trump_card: Literal["none", "next", "dealer's last"] = "none"
    deal_event: Callable[[Any, Match, int], Event] = default_deal_event
    bidding: Bidding | None = None
    pick_up: bool = False
    out_ends_deal: bool = False
    counts_tricks: bool = False
    deals: Callable[[Any], int | None]
    teams: Callable[[Any], tuple[tuple[int, ...], ...]] | None = None
    decided: Callable[[Any, Match], Outcome | None] = lambda rules, match: None
    payoffs: Callable[[tuple[int, ...]], tuple[float, ...]] | None = None
    score_deal: DealScorer
    abandon_event: Callable[[Any], Event] | None = None
    waste_zone: str = "won tricks"
    move_forms: tuple[str, ...] = ("play CARD",)
    deck_note: Callable[[Any], str] = lambda rules: ""
    refuse_text: Callable[[str], str | None] = lambda text: None
    max_players: int
    view_class: type
    view_extras: Callable[[Any, int], dict[str, Any]] = lambda state, seat: {}
    check_state: Callable[[Any, StateReader], None] = lambda state, reader: None
    #: The game's rule identifiers that error messages cite, as (kind, identifier) pairs;
    #: the kinds are ``bid_range``, ``deck``, ``follow`` and the kinds of the
    #: :class:`~cardrules.core.trickgame.rules_of_play.Restrictions` (``unbroken``, ``first_trick``,
    #: ``must_trump``, ``must_beat``).
    # cast(Any, default): compiled, a class-body value is checked against the type inferred
    # for it, and dataclasses.field(default=X) would be taken for the type of X.
    rule_ids: tuple[tuple[str, str], ...] = dataclasses.field(
        default=cast(Any, ()), compare=False, repr=False
    )
    face_up: FaceUp | None = None
    trick_rules: Callable[[Any, Suit | None], tricks.TrickRules] = lambda rules, trump: (
        _TRICK_RULES[trump]
    )
    rounds: tuple[Declaring | Passing, ...] = ()
    revoking: Revoking | None = None
    restrictions: Restrictions | None = None
    score_trick: TrickScorer | None = None
    tally: tuple[tuple[str, int, int, int], ...] = ()
    waste_key: str = "waste"
    parse_text: Callable[[str], Any] | None = None
    #: The game's own kinds of move besides plays, bids and the chance outcomes.
    move_kinds: tuple[type, ...] = ()
    #: Every move in move-number order, when the game numbers its moves itself.
    move_table: tuple[Any, ...] = dataclasses.field(
        default=cast(Any, ()), compare=False, repr=False
    )
    trump_suit: Callable[[Any, int], Suit | None] | None = None
    first_leader: Callable[[Any], int] | None = None
    lead_card: Callable[[Any, int], Card | None] | None = None
    better: Literal["high", "low"] = "high"
    deal_limit: int | None = DEFAULT_DEAL_LIMIT
    # Derived: the phases, by role, the move numbers' bases.
    #: The game's ``Phase`` enumeration, from its rounds (see :func:`phases_of`).
    phases: type[enum.IntEnum] = dataclasses.field(init=False)
    choose_dealer: Any = dataclasses.field(init=False)
    dealing: Any = dataclasses.field(init=False)
    bidding_phase: Any = dataclasses.field(init=False)
    playing: Any = dataclasses.field(init=False)
    over: Any = dataclasses.field(init=False)
    bid_base: int = dataclasses.field(init=False)
    deal_base: int = dataclasses.field(init=False)
    dealer_base: int = dataclasses.field(init=False)
    num_moves: int = dataclasses.field(init=False)
    view_fields: tuple[str, ...] = dataclasses.field(init=False)
    move_numbers: dict[Any, int] = dataclasses.field(init=False, compare=False, repr=False)
    round_phases: tuple[Any, ...] = dataclasses.field(init=False)
    round_index: dict[Any, int] = dataclasses.field(init=False, compare=False)
    round_slots: tuple[int, ...] = dataclasses.field(init=False)
    passing: int | None = dataclasses.field(init=False)
    pass_base: int = dataclasses.field(init=False)
    opens_play: bool = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        put = functools.partial(object.__setattr__, self)
        phases = phases_of(self.rounds, self.bidding is not None, self.rules_class.__module__)
        # A phase pickles as its game's phase of that name, found through the game's Rules.
        rules_class = self.rules_class
        phases.__reduce_ex__ = lambda phase, protocol: (  # type: ignore[assignment,method-assign]
            _phase_of,
            (rules_class, phase.name),
        )
        put("phases", phases)
        put("round_phases", tuple(phases[r.phase] for r in self.rounds))
        put("round_index", {phase: k for k, phase in enumerate(self.round_phases)})
        declaring = [k for k, r in enumerate(self.rounds) if isinstance(r, Declaring)]
        put(
            "round_slots",
            tuple(declaring.index(k) if k in declaring else -1 for k in range(len(self.rounds))),
        )
        passing = [k for k, r in enumerate(self.rounds) if isinstance(r, Passing)]
        put("passing", passing[0] if passing else None)
        put("choose_dealer", phases["CHOOSE_DEALER"])
        put("dealing", phases["DEALING"])
        put("bidding_phase", phases["BIDDING"] if self.bidding is not None else None)
        put("playing", phases["PLAYING"])
        put("over", phases["OVER"])
        bids = 0 if self.bidding is None else self.bidding.most + 1
        put("bid_base", 52)
        put("deal_base", 52 + bids)
        put("dealer_base", 104 + bids)
        put("pass_base", 104 + bids + self.max_players)
        passes = 0
        if passing and not self.move_table:
            described = self.rounds[passing[0]]
            assert isinstance(described, Passing)
            passes = math.comb(52, described.count)  # numbered by rank (see move_index)
        put("num_moves", len(self.move_table) or self.pass_base + passes)
        put("opens_play", self.first_leader is not None or self.lead_card is not None)
        check_choice("better", self.better, ("high", "low"))
        put("move_numbers", {move: number for number, move in enumerate(self.move_table)})
        put("view_fields", _checked_view_fields(self))
        # The interface functions find the game from the rules of a state.
        type.__setattr__(self.rules_class, "trick_game", self)

    def deal(
        self,
        rules: Any,
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

    def deck_of(self, rules: object) -> tuple[Card, ...]:
        """The cards of the game under ``rules``, in their canonical order."""
        check_rules(rules, self.rules_class, self.name)
        return self.deck(rules)

    # ------------------------------------------------------------------ move numbers

    def move_index(self, move: Move) -> int:
        """The fixed number of a move: its place in the game's move table, or else plays
        0..51 by card, then bids, deals, dealers, and the passes from ``pass_base`` on by
        the rank of their cards (:func:`pass_rank`)."""
        if self.move_table:
            number = self.move_numbers.get(move) if isinstance(move, _MOVE_KINDS) else None
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
            return self.bid_base + move.tricks
        if isinstance(move, DealCard) and move.card.index < 52:
            return self.deal_base + move.card.index
        if isinstance(move, ChooseDealer) and 0 <= move.seat < self.max_players:
            return self.dealer_base + move.seat
        if (
            isinstance(move, PassCards)
            and self.num_moves > self.pass_base
            and len(move.cards) == self._pass_count()
            and all(card.index < 52 for card in move.cards)
        ):
            return self.pass_base + pass_rank(mask_of(move.cards))
        raise IllegalMoveError(f"{move} has no number in {self.title}")

    def _pass_count(self) -> int:
        """The cards a pass holds (0 without a passing round)."""
        if self.passing is None:
            return 0
        passing = self.rounds[self.passing]
        assert isinstance(passing, Passing)
        return passing.count

    def move_from_index(self, index: int) -> Move:
        """The move with this number (see :meth:`move_index`)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.num_moves:
            raise IllegalMoveError(f"move numbers are 0..{self.num_moves - 1}, not {index!r}")
        if self.move_table:
            move: Move = self.move_table[index]
            return move
        if index < self.bid_base:
            return PLAYS[index]
        if index < self.deal_base:
            return BIDS[index - self.bid_base]
        if index < self.dealer_base:
            return DEALS[index - self.deal_base]
        if index < self.pass_base:
            return ChooseDealer(index - self.dealer_base)
        return _pass_of_rank(index - self.pass_base, self._pass_count())

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


def _checked_view_fields(game: TrickGame) -> tuple[str, ...]:
    """The fields the game's view shows (:meth:`View.shown_fields`), refused with the fix
    if it lacks any it needs."""
    view_class = game.view_class
    if not (isinstance(view_class, type) and issubclass(view_class, View)):
        raise RulesError(
            f"{game.title}'s view_class must derive from cardrules.core.trickgame.View "
            f"(@attrs.frozen(slots=True) class View(trickgame.View): ...), not {view_class!r}"
        )
    implied = _implied_fields(game)
    features = {field.name for field in attrs.fields(View)} - set(VIEW_FIELDS)
    if "waste" in attrs.fields_dict(view_class):  # shown under the game's own name (Enfle)
        features.add("won_cards")
        implied -= {"won_cards"}
    fields = tuple(
        field.name
        for field in attrs.fields(view_class)
        if field.name not in features or field.name in implied
    )
    needed = [r.key for r in game.rounds if isinstance(r, Declaring)]
    if game.face_up is not None:
        needed.append(game.face_up.second_key)
    needed += [key for key, _, _, _ in game.tally]
    missing = [name for name in needed if name not in fields]
    if missing:
        raise RulesError(
            f"{game.title}'s view class {view_class.__name__} lacks "
            f"{'the field' if len(missing) == 1 else 'the fields'} {', '.join(missing)}: "
            "the trick engine fills them and sample reads them; add them (a view declares "
            "the key of each round of declarations, of the second face-up suit and of "
            "each tally)"
        )
    return fields
