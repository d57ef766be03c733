"""A trick game's description, :class:`TrickGame`, made of the parts of
:mod:`~cardrules.core.trickgame.parts`; ready-made hooks (``highest_bidder``,
``target_decided``); the fields every view has; and the partnerships."""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, Literal, cast

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card, mask_of
from cardrules.core.checks import check_rules, check_seed
from cardrules.core.match import Match
from cardrules.core.options import check_choice
from cardrules.core.serial import StateReader
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
from cardrules.core.trickgame.parts import PassDirection as PassDirection
from cardrules.core.trickgame.parts import Passing as Passing
from cardrules.core.trickgame.parts import Revoking as Revoking
from cardrules.core.trickgame.parts import TrickGameRules as TrickGameRules
from cardrules.core.trickgame.parts import TrickScorer as TrickScorer
from cardrules.core.trickgame.parts import pass_cycle as pass_cycle
from cardrules.core.trickgame.parts import pass_offset as pass_offset
from cardrules.core.trickgame.state import State
from cardrules.errors import ArgumentError, IllegalMoveError, RulesError, show_value
from cardrules.game import Chance, ChanceMode, Event, Outcome, Score, winners_by_total
from cardrules.moves import BIDS, DEALS, PLAYS, Bid, ChooseDealer, DealCard, Move, PassCards, Play


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

    # Nineteen fields to set and three derived, by concern: a game of the contract family
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
    #: The game's ``Phase`` enum: CHOOSE_DEALER, DEALING, PLAYING and OVER, BIDDING
    #: when there is bidding, and a member per round.
    phases: type[enum.IntEnum]
    #: The cards and how they are dealt.
    dealing: Dealing[R]
    #: How a deal's trumps are fixed and the trick rules they make (default: none).
    trumps: Trumps[R] = dataclasses.field(default_factory=Trumps)
    #: The :class:`Declaring` and :class:`Passing` rounds between the deal and the
    #: bidding (or the play), in order.
    rounds: tuple[Declaring[R] | Passing[R], ...] = ()
    #: A :class:`Bidding` phase between the deal and the play, or None.
    bidding: Bidding[R] | None = None
    #: How the tricks are played (default: plain trick play).
    play: TrickPlay[R] = dataclasses.field(default_factory=TrickPlay)
    #: How a deal scores.
    scoring: Scoring[R]
    #: How long a match lasts and who wins it (default: no schedule, no target: the
    #: deal limit ends it).
    match: MatchPlan[R] = dataclasses.field(default_factory=MatchPlan)
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
    waste: Waste = dataclasses.field(default_factory=Waste)
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
            "with bidding also BIDDING_VIEW_FIELDS, when it counts tricks also tricks_won, "
            "and with a trump suit fixed without a card also trump)"
        )
    return fields
