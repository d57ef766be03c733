"""Up and Down the River (Oh Hell), as seed 003 and RULES.md section 5 describe it.

Each player is dealt a hand; the next card is turned and its suit is trump. Each
player bids how many tricks he will win; the dealer, bidding last, may not make
the bids total the hand size (the *hook*). Tricks follow suit, trumps win. A
player scores one point per trick and ten more for an exact bid. The hand size
goes down from ``start_hand`` to 1 and back up again; the highest total wins.

>>> from cardrules.games import oh_hell
>>> rules = oh_hell.Rules(players=4, start_hand=5)
>>> oh_hell.schedule_sizes(rules)
(5, 4, 3, 2, 1, 2, 3, 4, 5)
>>> state = oh_hell.deal(rules, seed=7)
>>> [str(m) for m in oh_hell.legal_moves(state)]
['bid 0', 'bid 1', 'bid 2', 'bid 3', 'bid 4', 'bid 5']

Dealing order, for ``deal(..., deck=cards)`` and in explicit-chance mode: the
dealer deals one card at a time, clockwise, starting with the player on his left
(card ``i`` of the order goes to seat ``(dealer + 1 + i) % players``) until each
player has the round's hand size; the next card is turned up as the trump card;
the rest stays face down, undealt.

Moves: ``bid N`` and ``play CARD``; chance outcomes ``dealer SEAT`` and ``deal
CARD``. Move numbers (:func:`move_index`): ``play`` = the card's index 0..51,
``bid N`` = 52 + N (N <= 17), ``deal CARD`` = 70 + the card's index,
``dealer SEAT`` = 122 + SEAT; :data:`NUM_MOVES` = 130.

``score(state).payoffs`` are the running totals (points).
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

import attrs

from cardrules.cards import (
    DECK52,
    Card,
    Suit,
    cards_of,
    format_cards,
    mask_of,
)
from cardrules.core import match as match_core
from cardrules.core import tricks
from cardrules.core.match import Match
from cardrules.core.options import (
    BaseRules,
    check_bool,
    check_choice,
    check_int,
    not_applicable,
    rules_to_text,
    set_resolved,
)
from cardrules.core.sampling import deal_uniformly
from cardrules.core.serial import StateReader, common_to_dict
from cardrules.errors import IllegalMoveError, RecordError
from cardrules.game import (
    CHANCE,
    Chance,
    ChanceMode,
    Event,
    Fact,
    Log,
    Outcome,
    Score,
    over_event,
    play_event,
    winners_by_total,
)
from cardrules.moves import (
    BIDS,
    DEALS,
    PLAYS,
    Bid,
    ChooseDealer,
    DealCard,
    Move,
    Play,
    game_forms,
    not_a_move,
    parse_move_text,
)

__all__ = [
    "NAME",
    "NUM_MOVES",
    "PRESETS",
    "TITLE",
    "Phase",
    "Rules",
    "State",
    "View",
    "apply",
    "chance_outcomes",
    "deal",
    "deck_of",
    "describe",
    "events",
    "explain_move",
    "is_over",
    "legal_moves",
    "move_from_index",
    "move_index",
    "moves_played",
    "observe",
    "parse_move",
    "sample",
    "schedule_sizes",
    "score",
    "state_from_dict",
    "state_to_dict",
    "teams",
    "to_move",
    "version",
    "zones",
]

NAME: Final = "oh_hell"
#: The game's name for people (menus, the command line).
TITLE: Final = "Up and Down the River (Oh Hell)"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
NUM_MOVES: Final = 130
_BID_BASE: Final = 52
_DEAL_BASE: Final = 70
_DEALER_BASE: Final = 122
_MAX_BID: Final = 17

SCHEDULES: Final = ("down_up", "up_down", "down", "up", "single")
BIDDINGS: Final = ("sequential", "simultaneous")


def _schedule(start_hand: int, schedule: str) -> tuple[int, ...]:
    down = tuple(range(start_hand, 0, -1))
    up = tuple(range(1, start_hand + 1))
    return {
        "down_up": down + up[1:],
        "up_down": up + down[1:],
        "down": down,
        "up": up,
        "single": (start_hand,),
    }[schedule]


@attrs.frozen(slots=True, kw_only=True)
class Rules(BaseRules):
    """The options of RULES.md section 6; ``Rules()`` is seed 003's game for four.

    * ``players``: 4 (3..8; seed 003 says 4 to 8, 3 is an extension).
    * ``start_hand``: the largest hand (the first deal of "down_up" and "down"); default
      ``min(8, 51 // players)``,
      at most ``51 // players`` so that a trump card remains.
    * ``schedule``: ``"down_up"`` (N, N-1, ..., 1, ..., N; seed 003), ``"up_down"``,
      ``"down"``, ``"up"``, or ``"single"`` (one deal of ``start_hand`` cards).
    * ``bidding``: ``"sequential"`` (clockwise from the dealer's left, seed 003) or
      ``"simultaneous"`` (the "closed fists" variation of seed 003).
    * ``hook``: the dealer may not make the bids total the hand size (seed 003);
      True by default with sequential bidding, None (not applicable) with simultaneous.
    * ``hook_in_one_card_round``: whether the hook applies in one-card rounds;
      True by default, None when there is no hook.
    """

    players: int = 4
    start_hand: int | None = None
    schedule: str = "down_up"
    bidding: str = "sequential"
    hook: bool | None = None
    hook_in_one_card_round: bool | None = None
    #: The hand size of every deal, in order (derived from ``start_hand`` and ``schedule``).
    hand_sizes: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 3, 8)
        self._check_first_dealer(self.players)
        largest = 51 // self.players
        if self.start_hand is None:
            set_resolved(self, "start_hand", min(8, largest))
        else:
            check_int("start_hand", self.start_hand, 1, largest)
        check_choice("schedule", self.schedule, SCHEDULES)
        check_choice("bidding", self.bidding, BIDDINGS)
        if self.bidding == "simultaneous":
            not_applicable("hook", self.hook, "with simultaneous bidding (seed 003 drops it)")
        elif self.hook is None:
            set_resolved(self, "hook", True)
        else:
            check_bool("hook", self.hook)
        if not self.hook:
            not_applicable(
                "hook_in_one_card_round", self.hook_in_one_card_round, "without the hook"
            )
        elif self.hook_in_one_card_round is None:
            set_resolved(self, "hook_in_one_card_round", True)
        else:
            check_bool("hook_in_one_card_round", self.hook_in_one_card_round)
        assert self.start_hand is not None
        set_resolved(self, "hand_sizes", _schedule(self.start_hand, self.schedule))

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


#: Named rules used by the tests, the docs and the command line.
PRESETS: Final[Mapping[str, Rules]] = {
    "default": Rules(),
    "single": Rules(schedule="single", start_hand=10),
    "short": Rules(start_hand=3),
    "three_players": Rules(players=3, start_hand=4, schedule="up_down"),
    "eight_players": Rules(players=8, schedule="down"),
    "simultaneous": Rules(players=5, start_hand=4, bidding="simultaneous"),
    "no_hook": Rules(start_hand=3, hook=False, schedule="up"),
    "free_last_round": Rules(players=6, start_hand=2, hook_in_one_card_round=False),
}


def schedule_sizes(rules: Rules) -> tuple[int, ...]:
    """The hand size of every deal of the game, in order."""
    return rules.hand_sizes


def teams(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Every player plays for himself."""
    return tuple((seat,) for seat in range(rules.players))


def deck_of(rules: Rules) -> tuple[Card, ...]:
    """The 52-card deck, no jokers (seed 003)."""
    return DECK52


class Phase(enum.IntEnum):
    """Where a game stands."""

    CHOOSE_DEALER = 0  # explicit chance: the first dealer is drawn
    DEALING = 1  # explicit chance: cards are dealt one at a time
    BIDDING = 2
    PLAYING = 3
    OVER = 4


# The phases as module constants: a global is several times faster to read than an
# enum member, and the hot path compares the phase on every move.
_CHOOSE_DEALER, _DEALING, _BIDDING, _PLAYING, _OVER = (
    Phase.CHOOSE_DEALER,
    Phase.DEALING,
    Phase.BIDDING,
    Phase.PLAYING,
    Phase.OVER,
)


class State(NamedTuple):
    """A complete game position. Use the module's functions; never build one by hand.

    Hands, the undealt cards and the cards of finished tricks are card masks
    (see :mod:`cardrules.cards`); :func:`zones` gives them as cards. A state is
    an immutable named tuple, because building one is the cost of every move.
    """

    rules: Rules
    seed: int
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    phase: Phase
    hands: tuple[int, ...]
    undealt: int
    trump_card: Card | None
    bids: tuple[int | None, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    waste: int
    dealt: int
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None
    outcome: Outcome | None

    @property
    def hand_size(self) -> int:
        """The hand size of the deal in progress."""
        sizes = self.rules.hand_sizes
        return sizes[min(self.match.deal_number, len(sizes) - 1)]

    @property
    def trick_rules(self) -> tricks.TrickRules:
        """Follow-suit and trick-winning rules of the deal in progress."""
        return _TRICK_RULES[self.trump_card.suit if self.trump_card is not None else None]


# The per-move path builds states with tuple.__new__: NamedTuple's own __new__ is a
# Python function, and calling it costs more than twice as much. Arguments go in
# field order, as with State(...).
_new_state: Final = tuple.__new__


_DECK_MASK: Final = mask_of(DECK52)

_TRICK_RULES: Final[dict[Suit | None, tricks.TrickRules]] = {
    suit: tricks.trick_rules(suit) for suit in (*Suit, None)
}


def _deals(rules: Rules) -> int:
    return len(rules.hand_sizes)


# --------------------------------------------------------------------------- dealing


def deal(
    rules: Rules,
    *,
    seed: int,
    deck: Sequence[Card] | None = None,
    chance: ChanceMode = "seeded",
) -> State:
    """A new game with its first deal dealt (or, with explicit chance, about to be).

    ``deck`` fixes the order of the first deal (top card first; see the module
    docs for the dealing order); later deals are shuffled from ``seed``.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be oh_hell.Rules, not {type(rules).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {seed!r}")
    check_choice("chance", chance, ("seeded", "explicit"))
    order = match_core.first_deal_order(deck, DECK52, chance)
    players = rules.players
    start = State(
        rules=rules,
        seed=seed,
        chance=chance,
        first_deck=None if order is None else tuple(order),
        match=Match.start(rules.first_dealer or 0, players),
        phase=_CHOOSE_DEALER,
        hands=(0,) * players,
        undealt=_DECK_MASK,
        trump_card=None,
        bids=(None,) * players,
        leader=0,
        trick=(),
        tricks_won=(0,) * players,
        waste=0,
        dealt=0,
        moves_made=0,
        log=Log.EMPTY,
        history=Log.EMPTY,
        outcome=None,
    )
    if chance == "explicit" and rules.first_dealer is None:
        return start
    dealer = match_core.first_dealer(rules, seed, players)
    return _begin_deal(start, Match.start(dealer, players), start.log, order)


def _recipient(dealer: int, players: int, position: int) -> int:
    """Who receives card ``position`` of a deal; ``players`` means the trump card."""
    return (dealer + 1 + position) % players


@functools.cache
def _deal_event(deal_number: int, dealer: int, size: int) -> Event:
    """The public event that opens a deal (built once: events are immutable)."""
    cards = "1 card each" if size == 1 else f"{size} cards each"
    return Event(
        "deal", dealer, value=size, text=f"deal {deal_number + 1}: seat {dealer} deals {cards}"
    )


@functools.cache
def _trump_event(trump_card: Card) -> Event:
    """The public event of the turned trump card (built once per card)."""
    assert trump_card.suit is not None
    return Event(
        "trump",
        cards=(trump_card,),
        text=f"trump card {trump_card}: {trump_card.suit.plural} are trumps",
    )


def _begin_deal(
    state: State, match: Match, log: Log[Event], order: Sequence[Card] | None = None
) -> State:
    """Start deal ``match.deal_number``: deal it at once (seeded) or wait for chance."""
    rules = state.rules
    players = rules.players
    size = schedule_sizes(rules)[match.deal_number]
    log = log.append(_deal_event(match.deal_number, match.dealer, size))
    fresh = state._replace(
        match=match,
        phase=_DEALING,
        hands=(0,) * players,
        undealt=_DECK_MASK,
        trump_card=None,
        bids=(None,) * players,
        leader=(match.dealer + 1) % players,
        trick=(),
        tricks_won=(0,) * players,
        waste=0,
        dealt=0,
        log=log,
    )
    if state.chance == "explicit" and order is None:
        return fresh
    if order is None:
        order = match_core.shuffled(state.seed, match.deal_number, DECK52)
    # Card i goes to seat (dealer + 1 + i) % players (see _recipient): every
    # players-th card from position k goes to one seat.
    dealt = size * players
    hands = [0] * players
    for position in range(players):
        mask = 0
        for card in order[position:dealt:players]:
            mask |= card.bit
        hands[_recipient(match.dealer, players, position)] = mask
    trump_card = order[dealt]
    undealt = _DECK_MASK & ~(trump_card.bit | sum(hands))
    return _turn_trump(fresh, tuple(hands), trump_card, undealt)


def _turn_trump(state: State, hands: tuple[int, ...], trump_card: Card, undealt: int) -> State:
    dealt = sum(h.bit_count() for h in hands) + 1
    return state._replace(
        phase=_BIDDING,
        hands=hands,
        trump_card=trump_card,
        undealt=undealt,
        dealt=dealt,
        log=state.log.append(_trump_event(trump_card)),
    )


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | Chance | None:
    """The seat to move, CHANCE at a random event (explicit chance), None when over."""
    phase = state.phase
    if phase == _PLAYING:
        return (state.leader + len(state.trick)) % state.rules.players
    if phase == _BIDDING:
        return _bidder(state)
    if phase == _OVER:
        return None
    return CHANCE


def _bidder(state: State) -> int:
    """The seat to bid: clockwise from the dealer's left (seed 003)."""
    bids_made = state.rules.players - state.bids.count(None)
    return (state.match.dealer + 1 + bids_made) % state.rules.players


def is_over(state: State) -> bool:
    """Whether the game has ended (its schedule complete, or a cap reached)."""
    return state.phase == _OVER


def _legal_bids(state: State, seat: int) -> range | tuple[int, ...]:
    size = state.hand_size
    rules = state.rules
    if seat == state.match.dealer and rules.hook and (size > 1 or rules.hook_in_one_card_round):
        forbidden = size - sum(b for b in state.bids if b is not None)
        if 0 <= forbidden <= size:
            return tuple(n for n in range(size + 1) if n != forbidden)
    return range(size + 1)


_SUIT_CHUNK: Final = (1 << 13) - 1
_PLAY_CHUNKS: list[dict[int, tuple[Play, ...]]] = [{} for _ in Suit]


def _plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of a mask, by card index (cached per suit)."""
    if not mask:
        return ()
    suit = ((mask & -mask).bit_length() - 1) // 13
    if suit == (mask.bit_length() - 1) // 13:  # one suit, as when following: one lookup
        chunk = mask >> (13 * suit)
        found = _PLAY_CHUNKS[suit].get(chunk)
        if found is not None:
            return found
    plays: tuple[Play, ...] = ()
    for suit in range(4):
        chunk = (mask >> (13 * suit)) & _SUIT_CHUNK
        if chunk:
            table = _PLAY_CHUNKS[suit]
            found = table.get(chunk)
            if found is None:
                found = tuple(PLAYS[c.index] for c in cards_of(chunk << (13 * suit)))
                table[chunk] = found
            plays += found
    return plays


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in canonical order; ``()`` if and only if the game is over."""
    phase = state.phase
    if phase == _PLAYING:
        trick = state.trick
        seat = (state.leader + len(trick)) % state.rules.players
        return _plays_of(tricks.playable_to(state.trick_rules, state.hands[seat], trick))
    if phase == _BIDDING:
        return _bids_of(_legal_bids(state, _bidder(state)))
    if phase == _OVER:
        return ()
    return tuple(move for move, _ in chance_outcomes(state))


@functools.cache
def _bids_of(numbers: range | tuple[int, ...]) -> tuple[Move, ...]:
    """The bid moves of these numbers (few distinct lists: built once each)."""
    return tuple(BIDS[n] for n in numbers)


def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
    """At a CHANCE step, each possible outcome with its probability; else ``()``."""
    if state.phase == _CHOOSE_DEALER:
        players = state.rules.players
        return tuple((ChooseDealer(seat), 1 / players) for seat in range(players))
    if state.phase == _DEALING:
        remaining = cards_of(state.undealt)
        return tuple((DEALS[card.index], 1 / len(remaining)) for card in remaining)
    return ()


# --------------------------------------------------------------------------- applying


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

    Scoring a finished deal and dealing the next one happen inside ``apply``.
    """
    phase = state.phase
    if phase == _PLAYING:
        if type(move) is Play and move.call is None and not move.announce:
            trick = state.trick
            seat = (state.leader + len(trick)) % state.rules.players
            rules = state.trick_rules
            if move.card.bit & tricks.playable_to(rules, state.hands[seat], trick):
                return _play(state, seat, move, rules)
    elif phase == _BIDDING:
        if type(move) is Bid:
            seat = _bidder(state)
            if move.tricks in _legal_bids(state, seat):
                return _bid(state, seat, move)
    elif phase == _CHOOSE_DEALER:
        if type(move) is ChooseDealer and 0 <= move.seat < state.rules.players:
            history = _extend(state.history, move)
            started = state._replace(history=history)
            return _begin_deal(started, Match.start(move.seat, state.rules.players), state.log)
    elif phase == _DEALING and type(move) is DealCard and move.card.bit & state.undealt:
        return _deal_card(state, move)
    raise IllegalMoveError(_why_illegal(state, move))


def _extend(history: Log[Move] | None, move: Move) -> Log[Move] | None:
    return None if history is None else history.append(move)


def _deal_card(state: State, move: DealCard) -> State:
    players = state.rules.players
    size = state.hand_size
    card = move.card
    undealt = state.undealt & ~card.bit
    state = state._replace(history=_extend(state.history, move))
    if state.dealt < size * players:
        seat = _recipient(state.match.dealer, players, state.dealt)
        hands = list(state.hands)
        hands[seat] |= card.bit
        return state._replace(hands=tuple(hands), undealt=undealt, dealt=state.dealt + 1)
    return _turn_trump(state, state.hands, card, undealt)


@functools.cache
def _bid_event(seat: int, tricks: int) -> Event:
    """The public event of an open bid (built once: events are immutable)."""
    return Event("bid", seat, value=tricks)


def _bid(state: State, seat: int, move: Bid) -> State:
    rules = state.rules
    bids = list(state.bids)
    bids[seat] = move.tricks
    log = state.log
    simultaneous = rules.bidding == "simultaneous"
    if simultaneous:
        log = log.append(Event("bid", seat, text=f"seat {seat} has bid"))
    else:
        log = log.append(_bid_event(seat, move.tricks))
    phase = _BIDDING
    if None not in bids:
        phase = _PLAYING
        if simultaneous:
            shown = " ".join(f"seat {s}: {b}" for s, b in enumerate(bids))
            log = log.append(Event("bids", text=f"bids revealed: {shown}"))
    moved: State = _new_state(
        State,
        (
            rules,
            state.seed,
            state.chance,
            state.first_deck,
            state.match,
            phase,
            state.hands,
            state.undealt,
            state.trump_card,
            tuple(bids),
            state.leader,
            state.trick,
            state.tricks_won,
            state.waste,
            state.dealt,
            state.moves_made + 1,
            log,
            _extend(state.history, move),
            None,
        ),
    )
    return _check_caps(moved)


def _play(state: State, seat: int, move: Play, rules: tricks.TrickRules) -> State:
    # One unpacking reads every field at once: cheaper than a dozen attribute reads.
    (
        game_rules,
        seed,
        chance,
        first_deck,
        match,
        _phase,
        hands,
        undealt,
        trump_card,
        bids,
        leader,
        trick,
        tricks_won,
        waste,
        dealt,
        moves_made,
        log,
        history,
        _outcome,
    ) = state
    card = move.card
    hands = (*hands[:seat], hands[seat] & ~card.bit, *hands[seat + 1 :])
    trick = (*trick, card)
    log = log.append(play_event(seat, card))
    if history is not None:
        history = history.append(move)
    players = game_rules.players
    if len(trick) == players:
        winner = (leader + tricks.winner(rules, trick)) % players
        tricks_won = (*tricks_won[:winner], tricks_won[winner] + 1, *tricks_won[winner + 1 :])
        log = log.append(Event("trick", winner, trick))
        waste |= mask_of(trick)
        trick = ()
        leader = winner
    moved: State = _new_state(
        State,
        (
            game_rules,
            seed,
            chance,
            first_deck,
            match,
            _PLAYING,
            hands,
            undealt,
            trump_card,
            bids,
            leader,
            trick,
            tricks_won,
            waste,
            dealt,
            moves_made + 1,
            log,
            history,
            None,
        ),
    )
    if not trick and not any(hands):
        return _finish_deal(moved)
    if game_rules.max_moves is None and game_rules.max_deals is None:
        return moved  # no cap can end the game (the usual case: skip the check)
    return _check_caps(moved)


def _deal_points(bids: Sequence[int | None], tricks_won: Sequence[int]) -> tuple[int, ...]:
    """One point per trick, ten more for making the bid exactly (seed 003)."""
    return tuple(won + (10 if won == bid else 0) for bid, won in zip(bids, tricks_won))


def _finish_deal(state: State) -> State:
    bids = tuple(b if b is not None else 0 for b in state.bids)
    points = _deal_points(bids, state.tricks_won)
    extras = (
        ("hand_size", (state.hand_size,) * state.rules.players),
        ("bids", bids),
        ("tricks", state.tricks_won),
    )
    match = state.match.finish_deal(points, extras)
    shown = " ".join(f"seat {s}: {p}" for s, p in enumerate(points))
    log = state.log.append(
        Event("scored", text=f"deal {state.match.deal_number + 1} scored: {shown}")
    )
    if match.deal_number == _deals(state.rules):
        winners = winners_by_total(match.totals, "high")
        outcome = Outcome("schedule complete", winners, draw=len(winners) > 1)
        return _game_over(state, match, log, outcome)
    if match_core.cap_reached(state.rules, match.deal_number, state.moves_made):
        return _game_over(state, match, log, match_core.truncated())
    return _begin_deal(state, match, log)


def _check_caps(state: State) -> State:
    if match_core.cap_reached(state.rules, state.match.deal_number, state.moves_made):
        return _game_over(state, state.match, state.log, match_core.truncated())
    return state


def _game_over(state: State, match: Match, log: Log[Event], outcome: Outcome) -> State:
    return state._replace(
        match=match, phase=_OVER, log=log.append(over_event(outcome)), outcome=outcome
    )


def _why_illegal(state: State, move: object) -> str:
    phase = state.phase
    if phase == _OVER:
        return "the game is over: no move is legal"
    if not isinstance(move, (Play, Bid, DealCard, ChooseDealer)):
        forms = game_forms(("play CARD", "bid N"), state.chance)
        return not_a_move(move, "Up and Down the River", forms)
    if phase in (_CHOOSE_DEALER, _DEALING):
        wanted = "'dealer SEAT'" if phase == _CHOOSE_DEALER else "'deal CARD' of an undealt card"
        return f"a chance step is due (explicit chance): the move must be {wanted}, not {move}"
    seat = to_move(state)
    assert isinstance(seat, int)
    if phase == _BIDDING:
        if not isinstance(move, Bid):
            return f"seat {seat} must bid now, not {move}"
        allowed = tuple(_legal_bids(state, seat))
        size = state.hand_size
        if not 0 <= move.tricks <= size:
            return f"a bid is 0..{size} in a deal of {size} cards, not {move.tricks}"
        return (
            f"the dealer may not bid {move.tricks}: the bids would total the hand size {size} "
            f"(the hook); allowed: {', '.join(map(str, allowed))}"
        )
    if not isinstance(move, Play):
        return f"seat {seat} must play a card now, not {move}"
    if move.call is not None or move.announce:
        return "Up and Down the River has no calls or announcements: write just 'play CARD'"
    hand = state.hands[seat]
    if not move.card.bit & hand:
        return f"{move.card} is not in seat {seat}'s hand ({format_cards(cards_of(hand))})"
    rules = state.trick_rules
    led = tricks.led_suit(rules, state.trick)
    assert led is not None
    following = cards_of(hand & rules.follow_masks[led])
    return f"seat {seat} must follow suit: {led.plural} ({format_cards(following)})"


def parse_move(state: State, text: str) -> Move:
    """Read a move and check it is legal here (NotationError / IllegalMoveError)."""
    move = parse_move_text(text, game_forms(("play CARD", "bid N"), state.chance))
    if move not in legal_moves(state):
        raise IllegalMoveError(_why_illegal(state, move))
    return move


def move_index(move: Move) -> int:
    """The fixed number of a move (see the module docs)."""
    if isinstance(move, Play) and move.call is None and not move.announce and move.card.index < 52:
        return move.card.index
    if isinstance(move, Bid) and 0 <= move.tricks <= _MAX_BID:
        return _BID_BASE + move.tricks
    if isinstance(move, DealCard) and move.card.index < 52:
        return _DEAL_BASE + move.card.index
    if isinstance(move, ChooseDealer) and 0 <= move.seat < 8:
        return _DEALER_BASE + move.seat
    raise IllegalMoveError(f"{move} has no number in Up and Down the River")


def move_from_index(index: int) -> Move:
    """The move with this number (see the module docs)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_MOVES:
        raise IllegalMoveError(f"move numbers are 0..{NUM_MOVES - 1}, not {index!r}")
    if index < _BID_BASE:
        return PLAYS[index]
    if index < _DEAL_BASE:
        return BIDS[index - _BID_BASE]
    if index < _DEALER_BASE:
        return DEALS[index - _DEAL_BASE]
    return ChooseDealer(index - _DEALER_BASE)


# --------------------------------------------------------------------------- scores


def score(state: State) -> Score:
    """Totals, per-deal rows (with hand size, bids and tricks), outcome, payoffs = totals."""
    totals = state.match.totals
    return Score(
        totals=totals,
        teams=teams(state.rules),
        better="high",
        deals=state.match.rows,
        outcome=state.outcome,
        payoffs=tuple(float(t) for t in totals),
    )


def events(state: State) -> tuple[Event, ...]:
    """The public event log, oldest first."""
    return state.log.to_tuple()


def moves_played(state: State) -> tuple[Move, ...]:
    """Every move applied since the deal (chance outcomes included in explicit mode)."""
    if state.history is None:
        raise RecordError("this state was made by sample(): it has no move history")
    return state.history.to_tuple()


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card is: each hand, the trick, the finished tricks, the trump card, undealt."""
    result = {f"hand {seat}": cards_of(hand) for seat, hand in enumerate(state.hands)}
    result["trick"] = tuple(state.trick)
    result["won tricks"] = cards_of(state.waste)
    result["trump card"] = (state.trump_card,) if state.trump_card is not None else ()
    result["undealt"] = cards_of(state.undealt)
    return result


# --------------------------------------------------------------------------- hidden information


@attrs.frozen(slots=True)
class View:
    """What one seat may know: its own hand and everything public, nothing else.

    ``bids`` shows the bids this seat may see (during simultaneous bidding, only
    its own; the others are None until all are in); ``has_bid`` tells who has bid.
    """

    rules: Rules
    seat: int
    chance: ChanceMode
    phase: Phase
    to_move: int | Chance | None
    deal_number: int
    dealer: int | None
    hand_size: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    undealt_count: int
    trump_card: Card | None
    bids: tuple[int | None, ...]
    has_bid: tuple[bool, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    won_cards: tuple[Card, ...]
    totals: tuple[int, ...]
    score: Score
    moves_made: int
    events: tuple[Event, ...]
    legal_moves: tuple[Move, ...]


def observe(state: State, seat: int) -> View:
    """The view of ``seat``: own hand, trump card, visible bids, tricks, scores, public log."""
    players = state.rules.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
    hidden_bids = state.rules.bidding == "simultaneous" and state.phase == _BIDDING
    bids = tuple(
        bid if (not hidden_bids or s == seat) else None for s, bid in enumerate(state.bids)
    )
    mover = to_move(state)
    return View(
        rules=state.rules,
        seat=seat,
        chance=state.chance,
        phase=state.phase,
        to_move=mover,
        deal_number=state.match.deal_number,
        dealer=None if state.phase == _CHOOSE_DEALER else state.match.dealer,
        hand_size=state.hand_size,
        hand=cards_of(state.hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        undealt_count=state.undealt.bit_count(),
        trump_card=state.trump_card,
        bids=bids,
        has_bid=tuple(b is not None for b in state.bids),
        leader=state.leader,
        trick=state.trick,
        tricks_won=state.tricks_won,
        won_cards=cards_of(state.waste),
        totals=state.match.totals,
        score=score(state),
        moves_made=state.moves_made,
        events=state.log.to_tuple(),
        legal_moves=legal_moves(state) if mover == seat else (),
    )


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the deal, trumps, the trick, bids and tricks per seat, the hand.

    >>> rules = Rules(schedule="single", start_hand=2, first_dealer=3)
    >>> [fact.label for fact in describe(observe(deal(rules, seed=0), 0))]
    ['deal', 'trumps', 'trump card', 'bids so far', 'cards', 'bid', 'tricks won', 'hand']
    """
    rules = view.rules
    sizes = schedule_sizes(rules)
    number = min(view.deal_number, len(sizes) - 1)
    facts = [
        Fact(
            "deal",
            f"{number + 1} of {len(sizes)}, {view.hand_size} cards each, "
            f"dealt by seat {view.dealer}",
        )
    ]
    if view.trump_card is not None and view.trump_card.suit is not None:
        facts.append(Fact("trumps", view.trump_card.suit))
        facts.append(Fact("trump card", view.trump_card))
    else:
        facts.append(Fact("trumps", "none this deal"))
    if view.trick:
        facts.append(Fact("trick", tricks.trick_plays(view.leader, view.trick, rules.players)))
    if view.phase == _BIDDING:
        made = sum(bid for bid in view.bids if bid is not None)
        facts.append(Fact("bids so far", f"{made} for {view.hand_size} tricks"))
    facts.append(Fact("cards", view.hand_sizes, per_seat=True))
    shown = tuple(
        "?" if bid is None and done else bid for bid, done in zip(view.bids, view.has_bid)
    )
    facts.append(Fact("bid", shown, per_seat=True))
    facts.append(Fact("tricks won", view.tricks_won, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def explain_move(view: View, move: Move) -> str:
    """What choosing ``move`` means: a bid is the number of tricks you undertake to win;
    a play says when its card is a trump.

    >>> view = observe(deal(Rules(schedule="single", start_hand=2, first_dealer=3), seed=0), 0)
    >>> explain_move(view, Bid(0)), view.trump_card, explain_move(view, Play(Card("2D")))
    ('you undertake to win no trick', Card('8D'), 'a trump')
    """
    if isinstance(move, Bid):
        if move.tricks == 0:
            return "you undertake to win no trick"
        return f"you undertake to win exactly {move.tricks} trick{'s' if move.tricks > 1 else ''}"
    trump = view.trump_card.suit if view.trump_card is not None else None
    if isinstance(move, Play) and trump is not None and move.card.suit == trump:
        return "a trump"
    return ""


def _voids(view: View) -> tuple[int, ...]:
    """Per seat, the mask of cards it cannot hold: suits it failed to follow this deal."""
    players = view.rules.players
    rules = tricks.trick_rules(view.trump_card.suit if view.trump_card is not None else None)
    forbidden = [0] * players
    trick: list[Card] = []
    deal_events: list[Event] = []
    for event in reversed(view.events):
        if event.kind == "deal":
            break
        deal_events.append(event)
    for event in reversed(deal_events):
        if event.kind == "play":
            card = event.cards[0]
            led = tricks.led_suit(rules, trick)
            if led is not None and tricks.suit_of(rules, card) is not led:
                assert event.seat is not None
                forbidden[event.seat] |= rules.follow_masks[led]
            trick.append(card)
        elif event.kind == "trick":
            trick = []
    return tuple(forbidden)


def sample(view: View, rng: random.Random) -> State:
    """A complete state consistent with ``view``, exactly uniform over the consistent worlds.

    The unseen cards (other hands, undealt cards) are dealt uniformly among the
    deals that respect every void shown by a failure to follow suit. Hidden
    simultaneous bids of other seats are drawn uniformly from 0..hand size. The
    state gets a fresh seed from ``rng`` (so later deals are new too) and no
    move history.
    """
    rules = view.rules
    players = rules.players
    seat = view.seat
    known = mask_of(view.hand) | mask_of(view.trick) | mask_of(view.won_cards)
    if view.trump_card is not None:
        known |= view.trump_card.bit
    unknown = mask_of(DECK52) & ~known
    forbidden = _voids(view)
    others = [s for s in range(players) if s != seat]
    holders = [(view.hand_sizes[s], forbidden[s]) for s in others]
    holders.append((view.undealt_count, 0))
    dealt = deal_uniformly(unknown, holders, rng)
    hands = list(view.hand_sizes)
    hands[seat] = mask_of(view.hand)
    for s, mask in zip(others, dealt):
        hands[s] = mask
    bids = list(view.bids)
    for s in range(players):
        if view.has_bid[s] and bids[s] is None:
            bids[s] = rng.randrange(view.hand_size + 1)
    dealer = view.dealer if view.dealer is not None else 0
    match = Match(view.deal_number, dealer, view.totals, view.score.deals)
    return State(
        rules=rules,
        seed=rng.getrandbits(63),
        chance=view.chance,
        first_deck=None,
        match=match,
        phase=view.phase,
        hands=tuple(hands),
        undealt=dealt[-1],
        trump_card=view.trump_card,
        bids=tuple(bids),
        leader=view.leader,
        trick=view.trick,
        tricks_won=view.tricks_won,
        waste=mask_of(view.won_cards),
        dealt=52 - dealt[-1].bit_count() if view.phase != _DEALING else _dealt_in(view),
        moves_made=view.moves_made,
        log=Log.of(view.events),
        history=None,
        outcome=view.score.outcome,
    )


def _dealt_in(view: View) -> int:
    return sum(view.hand_sizes)


# --------------------------------------------------------------------------- serialization


def state_to_dict(state: State) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
    return common_to_dict(state, NAME, version) | {
        "hands": [format_cards(cards_of(h)) for h in state.hands],
        "undealt": format_cards(cards_of(state.undealt)),
        "trump_card": state.trump_card.text if state.trump_card else None,
        "bids": list(state.bids),
        "leader": state.leader,
        "trick": format_cards(state.trick),
        "tricks_won": list(state.tricks_won),
        "waste": format_cards(cards_of(state.waste)),
        "dealt": state.dealt,
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Load a state from :func:`state_to_dict`'s form, refusing anything inconsistent."""
    return StateReader(data, NAME, version).read(_state_from_reader)


def _state_from_reader(r: StateReader) -> State:
    common = r.common(Rules, DECK52, Phase, parse_move_text)
    players = common["rules"].players
    state = State(
        **common,
        hands=r.masks_per_seat("hands", players),
        undealt=mask_of(r.cards("undealt")),
        trump_card=r.optional_card("trump_card"),
        bids=tuple(
            r.optional_int_at("bids", i, 0, _MAX_BID) for i in range(r.list_length("bids", players))
        ),
        leader=r.integer("leader", 0, players - 1),
        trick=r.cards("trick"),
        tricks_won=tuple(r.int_list("tricks_won", players, 0, _MAX_BID)),
        waste=mask_of(r.cards("waste")),
        dealt=r.integer("dealt", 0, 52),
    )
    _check_consistent(state, r)
    return state


def _check_consistent(state: State, r: StateReader) -> None:
    r.check_partition(zones(state), DECK52)
    if state.phase in (_BIDDING, _PLAYING):
        if state.trump_card is None:
            r.fail("a deal in bidding or play needs a trump card")
        if state.match.deal_number >= _deals(state.rules):
            r.fail(f"deal {state.match.deal_number} is past the schedule's last deal")
        size = state.hand_size
        played = sum(state.tricks_won)
        for seat, hand in enumerate(state.hands):
            in_trick = 1 if (seat - state.leader) % state.rules.players < len(state.trick) else 0
            if hand.bit_count() != size - played - in_trick:
                r.fail(
                    f"seat {seat} holds {hand.bit_count()} cards; after {played} tricks of a "
                    f"{size}-card deal it must hold {size - played - in_trick}"
                )
        if len(state.trick) >= state.rules.players:
            r.fail("the current trick holds too many cards")
        if state.phase == _BIDDING and (state.trick or played):
            r.fail("no card is played before the bidding ends")
        if state.phase == _PLAYING and None in state.bids:
            r.fail("play cannot start before every seat has bid")
        for seat, bid in enumerate(state.bids):
            if bid is not None and bid > size:
                r.fail(f"seat {seat} bid {bid} in a deal of {size} cards")
