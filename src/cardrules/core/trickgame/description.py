"""A trick game's description, :class:`TrickGame`, made of the parts of
:mod:`~cardrules.core.trickgame.parts`; ready-made hooks (``highest_bidder``,
``target_decided``); and the partnerships (the base of every view is
:mod:`~cardrules.core.trickgame.view_fields`'s)."""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, Literal, cast

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card, mask_of
from cardrules.core.checks import (
    check_move,
    check_move_number,
    check_rules,
    check_seed,
    not_rules,
)
from cardrules.core.match import Match
from cardrules.core.options import check_choice
from cardrules.core.serial import StateReader
from cardrules.core.trickgame.announcing import Announcement, check_announcements
from cardrules.core.trickgame.auction_round import Auction, auction_calls
from cardrules.core.trickgame.numbers import _MOVE_KINDS, _pass_of_rank, pass_rank

# The parts the engine and the games import from here, as they did when they were here.
from cardrules.core.trickgame.parts import _TRICK_RULES as _TRICK_RULES
from cardrules.core.trickgame.parts import DEFAULT_DEAL_LIMIT as DEFAULT_DEAL_LIMIT
from cardrules.core.trickgame.parts import (
    Bidding,
    Dealing,
    MatchPlan,
    MoveNumbering,
    Moves,
    PhaseRoles,
    R,
    Scoring,
    TrickPlay,
    Trumps,
    Waste,
    _no_checks,
    _no_extras,
)
from cardrules.core.trickgame.parts import DealScorer as DealScorer
from cardrules.core.trickgame.parts import Declaring as Declaring
from cardrules.core.trickgame.parts import FaceUp as FaceUp
from cardrules.core.trickgame.parts import Revoking as Revoking
from cardrules.core.trickgame.parts import TrickGameRules as TrickGameRules
from cardrules.core.trickgame.parts import TrickScorer as TrickScorer
from cardrules.core.trickgame.parts import default_deal_event as default_deal_event
from cardrules.core.trickgame.passing import PassDirection as PassDirection
from cardrules.core.trickgame.passing import Passing as Passing
from cardrules.core.trickgame.passing import pass_cycle as pass_cycle
from cardrules.core.trickgame.passing import pass_offset as pass_offset
from cardrules.core.trickgame.pile_round import (
    PileStep,
    _check_piles,
    _pile_move_index,
    _pile_move_of,
)
from cardrules.core.trickgame.state import State
from cardrules.core.trickgame.view_fields import AUCTION_VIEW_FIELDS as AUCTION_VIEW_FIELDS
from cardrules.core.trickgame.view_fields import BIDDING_VIEW_FIELDS as BIDDING_VIEW_FIELDS
from cardrules.core.trickgame.view_fields import VIEW_FIELDS as VIEW_FIELDS
from cardrules.core.trickgame.view_fields import View as View
from cardrules.core.trickgame.view_fields import _checked_view_fields
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.game import (
    ChanceMode,
    Outcome,
    winners_by_total,
)
from cardrules.moves import (
    BIDS,
    DEALS,
    PLAYS,
    Bid,
    Call,
    ChooseDealer,
    DealCard,
    LayAway,
    Move,
    PassCards,
    Play,
    TakePile,
)


def highest_bidder(state: State) -> int:
    """A :attr:`TrickPlay.first_leader` hook: the seat with the highest bid leads (on a
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
    target: Callable[[R], int], better: Literal["high", "low"] = "high"
) -> Callable[[R, Match], Outcome | None]:
    """A :attr:`MatchPlan.decided` hook: once a total reaches ``target(rules)`` (at or
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

    def decided(rules: R, match: Match) -> Outcome | None:
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


def teams(rules: Any) -> tuple[tuple[int, ...], ...]:
    """The partnerships: every player for himself, unless the game says otherwise."""
    if getattr(rules, "trick_game", None) is None:
        raise not_rules("teams", "trick game", rules)
    game: TrickGame[Any] = rules.trick_game
    if game.teams is not None:
        return game.teams(rules)
    return tuple((seat,) for seat in range(rules.players))


def _team_of(rules: Any, seat: int) -> int:
    """The number of the partnership ``seat`` belongs to."""
    return next(t for t, members in enumerate(teams(rules)) if seat in members)


def phases_of(
    rounds: Sequence[Declaring[Any] | Passing[Any] | Auction[Any] | PileStep[Any]],
    bidding: bool,
    module: str,
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
    # Called through a plain name: the enum's members are the game's, unknown to a type
    # checker (and compiled, the enum call form a type checker reads makes no code).
    make: Any = enum.IntEnum
    members = [(name, number) for number, name in enumerate(names)]
    phases: type[enum.IntEnum] = make("Phase", members, module=module)
    # type.__setattr__: compiled, an assignment to a class's attribute must name a ClassVar.
    doc = "Where a game stands: CHOOSE_DEALER and DEALING are explicit chance steps."
    type.__setattr__(phases, "__doc__", doc)
    return phases


def _reduce_phase(
    phase: enum.IntEnum, rules_class: type[TrickGameRules], protocol: object
) -> tuple[Any, tuple[type[TrickGameRules], str]]:
    """How a phase pickles: as the phase of its name of the game of ``rules_class``."""
    return _phase_of, (rules_class, phase.name)


def _phase_of(rules_class: type[TrickGameRules], name: str) -> enum.IntEnum:
    """The phase ``name`` of the game of ``rules_class`` (how a phase is unpickled)."""
    game: TrickGame[Any] = cast(Any, rules_class).trick_game
    phase: enum.IntEnum = game.phases[name]
    return phase


@mypyc_attr(native_class=False)
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
        match=MatchPlan(decided=target_decided(lambda rules: 500), deal_limit=200),
    """

    # Nineteen fields to set and four derived, by concern: a game of the contract family
    # adds its auction, its contract, the piles cards move to after the deal and its
    # announcements each as one grouped value, as the trumps, the play and the scoring
    # are, so that the description stays within 25 fields.

    #: The registry name.
    name: str
    #: The name shown to users.
    title: str
    #: The behaviour version recorded in states.
    version: str
    #: The game's ``Rules`` (a :class:`TrickGameRules`); building the description sets
    #: ``Rules.trick_game`` to it, which is how every function finds the game of a state.
    rules_class: type[R]
    #: The cards and how they are dealt.
    dealing: Dealing[R]
    #: How a deal's trumps are fixed and the trick rules they make (default: none).
    trumps: Trumps[R] = dataclasses.field(default_factory=Trumps)
    #: The :class:`Auction`, :class:`PileStep`, :class:`Declaring` and :class:`Passing`
    #: rounds between the deal and the bidding (or the play), in order.
    rounds: tuple[Declaring[R] | Passing[R] | Auction[R] | PileStep[R], ...] = ()
    #: A :class:`Bidding` phase between the deal and the play, or None.
    bidding: Bidding[R] | None = None
    #: How the tricks are played (default: plain trick play).
    play: TrickPlay[R] = dataclasses.field(default_factory=TrickPlay)
    #: The :class:`Announcement` moves allowed beside card play (default: none).
    announcements: tuple[Announcement[R], ...] = ()
    #: How a deal scores.
    scoring: Scoring[R]
    #: How long a match lasts and who wins it (default: no schedule, no target: the
    #: deal limit ends it).
    match: MatchPlan[R] = dataclasses.field(default_factory=MatchPlan)
    #: ``teams(rules)``: the partnerships (default None: every seat for itself).
    teams: Callable[[R], tuple[tuple[int, ...], ...]] | None = None
    #: The players' moves: their numbers and their text.
    moves: Moves
    #: The game's view: an attrs class deriving from :class:`View`, whose fields the
    #: engine fills by name. It declares the game's own fields (the key of each round of
    #: declarations, of the second face-up suit and of each tally, what ``view_extras``
    #: gives); the base has the rest.
    view_class: type
    #: ``view_extras(state, seat)``: the view's values only the game knows.
    view_extras: Callable[[State, int], dict[str, Any]] = _no_extras
    #: ``check_state(state, reader)``: the game's consistency checks on a loaded state.
    check_state: Callable[[State, StateReader], None] = _no_checks
    #: The finished tricks' names (default: the zone "won tricks", the JSON key "waste").
    waste: Waste = dataclasses.field(default_factory=Waste)
    #: The game's rule identifiers that error messages cite, as (kind, identifier) pairs;
    #: the kinds are ``bid_range``, ``deck``, ``follow``, ``lead_card`` and the kinds of the
    #: :class:`~cardrules.core.trickgame.rules_of_play.Restrictions` (``unbroken``, ``first_trick``,
    #: ``must_trump``, ``must_beat``).
    # cast(Any, default): see docs/contributing.rst.
    rule_ids: tuple[tuple[str, str], ...] = dataclasses.field(
        default=cast(Any, ()), compare=False, repr=False
    )
    #: Derived: the game's ``Phase`` enumeration, from its rounds (see :func:`phases_of`).
    phases: type[enum.IntEnum] = dataclasses.field(init=False)
    #: Derived: the phases by role, and the rounds' phases.
    roles: PhaseRoles = dataclasses.field(init=False)
    #: Derived: where each kind of move's numbers begin.
    numbering: MoveNumbering = dataclasses.field(init=False)
    #: Derived: the fields the view shows (:meth:`View.shown_fields`), checked.
    view_fields: tuple[str, ...] = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        put = functools.partial(object.__setattr__, self)
        phases = phases_of(self.rounds, self.bidding is not None, self.rules_class.__module__)
        # A phase pickles as its game's phase of that name, found through the game's Rules
        # (a partialmethod: compiled, a function set on a class would not bind the member).
        reduce = functools.partialmethod(_reduce_phase, self.rules_class)
        type.__setattr__(phases, "__reduce_ex__", reduce)
        put("phases", phases)
        round_phases = tuple(phases[r.phase] for r in self.rounds)
        declaring = [k for k, r in enumerate(self.rounds) if isinstance(r, Declaring)]
        passing = [k for k, r in enumerate(self.rounds) if isinstance(r, Passing)]
        auctions = [k for k, r in enumerate(self.rounds) if isinstance(r, Auction)]
        roles = PhaseRoles(
            choose_dealer=phases["CHOOSE_DEALER"],
            dealing=phases["DEALING"],
            bidding=phases["BIDDING"] if self.bidding is not None else None,
            playing=phases["PLAYING"],
            plain_play=None if self.announcements else phases["PLAYING"],
            over=phases["OVER"],
            round_phases=round_phases,
            round_index=MappingProxyType({phase: k for k, phase in enumerate(round_phases)}),
            round_slots=tuple(
                declaring.index(k) if k in declaring else -1 for k in range(len(self.rounds))
            ),
            passing=passing[0] if passing else None,
            auction_slots=tuple(
                auctions.index(k) if k in auctions else -1 for k in range(len(self.rounds))
            ),
            auctions=tuple(auctions),
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
        check_announcements(self)
        calls = auction_calls(self)
        call_base = len(table) or pass_base + passes
        lay_counts = _check_piles(self)
        pile_base = call_base + len(calls)
        pile_moves = len(self.dealing.piles) + sum(math.comb(52, c) for c in lay_counts)
        numbering = MoveNumbering(
            bid_base=52,
            deal_base=52 + bids,
            dealer_base=104 + bids,
            pass_base=pass_base,
            pass_count=pass_count,
            num_moves=pile_base + (pile_moves if lay_counts or self.dealing.piles else 0),
            move_numbers=MappingProxyType({move: n for n, move in enumerate(table)}),
            call_base=call_base,
            calls=calls,
            call_numbers=MappingProxyType({call: call_base + n for n, call in enumerate(calls)}),
            call_words=MappingProxyType({call.words.lower(): call for call in calls}),
            pile_base=pile_base,
            lay_counts=lay_counts,
        )
        put("numbering", numbering)
        put("view_fields", _checked_view_fields(self))
        from cardrules.core.trickgame.serialization import check_named_keys  # built above

        check_named_keys(self)
        # The interface functions find the game from the rules of a state.
        type.__setattr__(self.rules_class, "trick_game", self)

    def deal(
        self,
        rules: Any,  # checked here, as the seed (public parameters: docs/contributing.rst)
        *,
        seed: object,
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

    @property
    def num_moves(self) -> int:
        """How many move numbers there are (:attr:`MoveNumbering.num_moves`)."""
        return self.numbering.num_moves

    def deck_of(self, rules: object) -> tuple[Card, ...]:
        """The cards of the game under ``rules``, in their canonical order."""
        check_rules(rules, self.rules_class, self.name)
        return self.dealing.deck(cast(R, rules))

    # ------------------------------------------------------------------ move numbers

    # The public move-number functions take object and check it (docs/contributing.rst).
    def move_index(self, move: object) -> int:
        """The fixed number of a move: its place in the game's move table, or else plays
        0..51 by card, then bids, deals, dealers, and the passes from ``pass_base`` on by
        the rank of their cards (:func:`pass_rank`)."""
        check_move(move)  # a move of another kind has no number: said below
        numbering = self.numbering
        if type(move) is TakePile or type(move) is LayAway:
            return _pile_move_index(self, move)
        if type(move) is Call:
            found = numbering.call_numbers.get(move)
            if found is None:
                raise IllegalMoveError(f"the call {move} has no number in {self.title}")
            return found
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

    def move_from_index(self, index: object) -> Move:
        """The move with this number (see :meth:`move_index`)."""
        numbering = self.numbering
        number = check_move_number(index, numbering.num_moves)
        if numbering.pile_base and number >= numbering.pile_base:
            return _pile_move_of(self, number - numbering.pile_base)
        if number >= numbering.call_base:
            return numbering.calls[number - numbering.call_base]
        if self.moves.table:
            move: Move = self.moves.table[number]
            return move
        if number < numbering.bid_base:
            return PLAYS[number]
        if number < numbering.deal_base:
            return BIDS[number - numbering.bid_base]
        if number < numbering.dealer_base:
            return DEALS[number - numbering.deal_base]
        if number < numbering.pass_base:
            return ChooseDealer(number - numbering.dealer_base)
        return _pass_of_rank(number - numbering.pass_base, numbering.pass_count)

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
