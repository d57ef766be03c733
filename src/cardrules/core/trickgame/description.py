"""The parts of a trick game's description (:class:`~cardrules.core.trickgame.TrickGame`):
the rules' base class, the bidding, declaration and passing rounds, cards turned face
up, legal revokes, the scoring hooks' types, ready-made hooks (``pass_cycle``,
``highest_bidder``, ``target_decided``), the fields every view has, and the
partnerships."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card, Suit
from cardrules.core import tricks
from cardrules.core.match import Match
from cardrules.core.options import BaseRules, check_choice
from cardrules.errors import ArgumentError, RulesError, show_value
from cardrules.game import (
    Chance,
    ChanceMode,
    Event,
    Log,
    Outcome,
    Score,
    notebook_picture,
    winners_by_total,
)
from cardrules.moves import Move, PassCards

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.contract import TrickGame


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
    hooks' business: the state counts each seat's revokes).

    ``breach(rules, seat, kind, led)``, when given, announces a card that follows suit
    but breaks one of the game's restrictions (``kind``: ``must_trump``, say; see
    :class:`~cardrules.core.trickgame.rules_of_play.Restrictions`), which the option
    makes legal and penalised too and the state counts with the revokes; its event's
    kind is ``kind``. Without it such a card is announced as a revoke."""

    allowed: Callable[[Any], bool]
    event: Callable[[Any, int, Suit], Event]
    breach: Callable[[Any, int, str, Suit], Event] | None = None


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
        return notebook_picture(self)


#: The fields every trick game's view has: those of :class:`View`.
VIEW_FIELDS: Final = tuple(field.name for field in attrs.fields(View))


#: The fields a view needs besides when the game has bidding.
BIDDING_VIEW_FIELDS: Final = ("hand_size", "bids", "has_bid")


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
