"""Enfle (Schwellen, Rolling Stone), as seed 000 (first part) and RULES.md section 1 describe it.

Each player antes to a pot and is dealt eight cards from a deck stripped from
the deuces up (32, 40 or 48 cards for 4, 5 or 6 players). Tricks follow suit,
with no trumps. When every player follows, the highest card wins and the trick
goes to a common waste pile; the winner leads. A player who cannot follow takes
the cards already in the trick into his hand (the *pick-up*, done inside
``apply``) and leads the next trick. The first player to empty his hand, even in
the middle of a trick, wins the pot.

>>> from cardrules.games import enfle
>>> rules = enfle.Rules(players=4, first_dealer=3)
>>> [len(enfle.deck_of(enfle.Rules(players=n))) for n in (3, 4, 5, 6)]
[24, 32, 40, 48]
>>> state = enfle.deal(rules, seed=7)
>>> enfle.to_move(state), len(enfle.legal_moves(state))
(0, 8)

Dealing order, for ``deal(..., deck=cards)`` and in explicit-chance mode: the
dealer deals the whole deck in packets of ``deal_packet`` cards, clockwise,
starting with the player on his left, until the deck is gone: card ``i`` of the
order (top card first) goes to seat ``(dealer + 1 + i // deal_packet) % players``.
Each player gets eight cards. The player on the dealer's left leads.

Moves: ``play CARD``; chance outcomes ``deal CARD`` and ``dealer SEAT``. The
pick-up is not a move. Move numbers (:func:`move_index`): ``play`` = the card's
index 0..51, ``deal CARD`` = 52 + the card's index, ``dealer SEAT`` = 104 + SEAT;
:data:`NUM_MOVES` = 110.

Score: ``totals`` are chips won or lost, net, per seat. A deal's winner gains
``ante * (players - 1)``, every other player loses ``ante``. Each deal row holds
these chips as its ``points``, the extra ``cards_left`` and, with
``parlett_scoring``, the extra ``points`` (Parlett's count of the cards left in
the other hands, scored by the winner). ``score(state).payoffs`` are the chip
totals. A deal stopped by ``max_moves`` returns the antes: it scores nothing.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

import attrs

from cardrules.cards import (
    ACE,
    ALL_CARDS,
    JACK,
    Card,
    Suit,
    cards_of,
    format_cards,
    mask_of,
    stripped_deck,
)
from cardrules.core import match as match_core
from cardrules.core import tricks
from cardrules.core.match import Match
from cardrules.core.options import (
    BaseRules,
    build_rules,
    check_bool,
    check_choice,
    check_int,
    parse_rules_text,
    rules_to_text,
)
from cardrules.core.sampling import count_worlds, deal_uniformly
from cardrules.core.serial import StateReader, common_to_dict
from cardrules.errors import IllegalMoveError, NotationError, RecordError
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
    DEALS,
    PLAYS,
    ChooseDealer,
    DealCard,
    Move,
    Play,
    game_forms,
    not_a_move,
    parse_move_text,
)

__all__ = [
    "CARDS_EACH",
    "NAME",
    "NUM_MOVES",
    "PRESETS",
    "TITLE",
    "Phase",
    "Rules",
    "State",
    "View",
    "apply",
    "card_points",
    "chance_outcomes",
    "deal",
    "deck_of",
    "describe",
    "events",
    "explain_move",
    "is_over",
    "legal_moves",
    "lowest_rank",
    "move_from_index",
    "move_index",
    "moves_played",
    "observe",
    "parse_move",
    "sample",
    "score",
    "state_from_dict",
    "state_to_dict",
    "teams",
    "to_move",
    "version",
    "zones",
]

NAME: Final = "enfle"
#: The game's name for people (menus, the command line).
TITLE: Final = "Enfle (Schwellen, Rolling Stone)"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
NUM_MOVES: Final = 110
_DEAL_BASE: Final = 52
_DEALER_BASE: Final = 104
_MAX_PLAYERS: Final = 6
#: Cards dealt to each player (seed 000: "hands of eight cards").
CARDS_EACH: Final = 8
#: No trumps, no jokers: the highest card of the led suit wins (seed 000).
_TRICKS: Final = tricks.trick_rules(None)
_SUIT_MASKS: Final = _TRICKS.follow_masks
#: By card index, the mask of that card's suit (Enfle's deck has no jokers).
_SUIT_MASK_OF: Final = tuple(_SUIT_MASKS[c.suit] if c.suit is not None else 0 for c in ALL_CARDS)


def lowest_rank(players: int) -> int:
    """The lowest rank kept: whole ranks are removed from the deuces up until eight
    cards per player remain (seed 000; RULES.md section 1, Deck).

    >>> [lowest_rank(n) for n in (3, 4, 5, 6)]
    [9, 7, 5, 3]
    """
    return 2 + (52 - CARDS_EACH * players) // 4


_DECKS: Final[dict[int, tuple[Card, ...]]] = {
    n: stripped_deck(lowest_rank(n)) for n in range(3, _MAX_PLAYERS + 1)
}
_DECK_MASKS: Final[dict[int, int]] = {n: mask_of(d) for n, d in _DECKS.items()}


@attrs.frozen(slots=True, kw_only=True)
class Rules(BaseRules):
    """The options of RULES.md section 6; ``Rules()`` is seed 000's game for four, one deal.

    * ``players``: 4 (3..6; seed 000 says four to six, 3 is an extension).
    * ``ante``: chips each player puts into the pot before each deal; 1 (>= 1).
    * ``deal_packet``: cards dealt at a time, 1 or 2 (seed 000: "one or two at a time").
    * ``deals``: how many deals the game lasts; 1 (seed 000 describes one deal).
    * ``parlett_scoring``: the winner of a deal also scores the cards left in the
      other hands, A=1, 2..10 face value, courts 10 (Parlett); recorded in the deal
      rows' ``points`` extra. False.
    """

    players: int = 4
    ante: int = 1
    deal_packet: int = 1
    deals: int = 1
    parlett_scoring: bool = False

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 3, _MAX_PLAYERS)
        self._check_first_dealer(self.players)
        check_int("ante", self.ante, 1)
        check_choice("deal_packet", self.deal_packet, (1, 2))
        check_int("deals", self.deals, 1)
        check_bool("parlett_scoring", self.parlett_scoring)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


#: Named rules used by the tests, the docs and the command line. Random play can in
#: principle go round forever (RULES.md section 1, ambiguity 5), so every preset but
#: "default" carries a ``max_moves`` cap far above the usual length of a random game.
PRESETS: Final[Mapping[str, Rules]] = {
    "default": Rules(),
    "single": Rules(max_moves=2000),
    "three_players": Rules(players=3, max_moves=2000),
    "five_pairs": Rules(players=5, deal_packet=2, max_moves=3000),
    "six_players": Rules(players=6, ante=2, max_moves=3000),
    "series": Rules(deals=4, ante=3, parlett_scoring=True, max_moves=6000),
    "parlett": Rules(players=5, parlett_scoring=True, max_moves=3000),
    "capped": Rules(players=6, deals=3, deal_packet=2, max_moves=60),
}


def teams(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Every player plays for himself."""
    return tuple((seat,) for seat in range(rules.players))


def deck_of(rules: Rules) -> tuple[Card, ...]:
    """The 52-card deck stripped from the deuces up to eight cards per player.

    >>> from cardrules.cards import format_cards
    >>> format_cards(deck_of(Rules(players=6))[:3])
    '3C 4C 5C'
    """
    return _DECKS[rules.players]


def card_points(card: Card) -> int:
    """A card's value in Parlett's scoring: ace 1, two to ten face value, courts 10.

    >>> [card_points(Card(t)) for t in ("AS", "9H", "10D", "JC", "KS")]
    [1, 9, 10, 10, 10]
    """
    if card.rank == ACE:
        return 1
    return 10 if card.rank >= JACK else card.rank


class Phase(enum.IntEnum):
    """Where a game stands."""

    CHOOSE_DEALER = 0  # explicit chance: the first dealer is drawn
    DEALING = 1  # explicit chance: cards are dealt one at a time
    PLAYING = 2
    OVER = 3


# The phases as module constants: a global is several times faster to read than an
# enum member, and the hot path compares the phase on every move.
_CHOOSE_DEALER, _DEALING, _PLAYING, _OVER = (
    Phase.CHOOSE_DEALER,
    Phase.DEALING,
    Phase.PLAYING,
    Phase.OVER,
)


class State(NamedTuple):
    """A complete game position. Use the module's functions; never build one by hand.

    Hands, the undealt cards and the waste pile are card masks (see
    :mod:`cardrules.cards`); :func:`zones` gives them as cards. ``trick`` holds
    the cards of the trick in progress, led by ``leader``. ``known`` and
    ``voids`` are what the public log of this deal shows, per seat: the cards it
    picked up and has not played since, and the suits it has shown void in (as
    card masks); they are kept up to date move by move so that :func:`observe`
    need not read the log.
    """

    rules: Rules
    seed: int
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    phase: Phase
    hands: tuple[int, ...]
    undealt: int
    leader: int
    trick: tuple[Card, ...]
    waste: int
    dealt: int
    known: tuple[int, ...]
    voids: tuple[int, ...]
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None
    outcome: Outcome | None


# The per-move path builds states with tuple.__new__: NamedTuple's own __new__ is a
# Python function, and calling it costs more than twice as much. Arguments go in
# field order, as with State(...).
_new_state: Final = tuple.__new__


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
        raise TypeError(f"rules must be enfle.Rules, not {type(rules).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {seed!r}")
    check_choice("chance", chance, ("seeded", "explicit"))
    order = match_core.first_deal_order(deck, deck_of(rules), chance)
    players = rules.players
    start = State(
        rules=rules,
        seed=seed,
        chance=chance,
        first_deck=order,
        match=Match.start(rules.first_dealer or 0, players),
        phase=_CHOOSE_DEALER,
        hands=(0,) * players,
        undealt=_DECK_MASKS[players],
        leader=0,
        trick=(),
        waste=0,
        dealt=0,
        known=(0,) * players,
        voids=(0,) * players,
        moves_made=0,
        log=Log.EMPTY,
        history=Log.EMPTY,
        outcome=None,
    )
    if chance == "explicit" and rules.first_dealer is None:
        return start
    dealer = match_core.first_dealer(rules, seed, players)
    return _begin_deal(start, Match.start(dealer, players), start.log, order)


def _recipient(dealer: int, rules: Rules, position: int) -> int:
    """Who receives card ``position`` of a deal: packets clockwise from the dealer's left."""
    return (dealer + 1 + position // rules.deal_packet) % rules.players


def _begin_deal(
    state: State, match: Match, log: Log[Event], order: Sequence[Card] | None = None
) -> State:
    """Ante, then deal ``match.deal_number``: at once (seeded) or one chance step a card."""
    rules = state.rules
    players = rules.players
    packets = "one at a time" if rules.deal_packet == 1 else "two at a time"
    chips = "1 chip" if rules.ante == 1 else f"{rules.ante} chips"
    log = log.append(
        Event(
            "deal",
            match.dealer,
            value=rules.ante * players,
            text=f"deal {match.deal_number + 1}: every player antes {chips} "
            f"(pot {rules.ante * players}); seat {match.dealer} deals {CARDS_EACH} cards "
            f"each, {packets}",
        )
    )
    fresh = state._replace(
        match=match,
        phase=_DEALING,
        hands=(0,) * players,
        undealt=_DECK_MASKS[players],
        leader=(match.dealer + 1) % players,
        trick=(),
        waste=0,
        dealt=0,
        known=(0,) * players,
        voids=(0,) * players,
        log=log,
    )
    if state.chance == "explicit" and order is None:
        return fresh
    if order is None:
        order = match_core.shuffled(state.seed, match.deal_number, _DECKS[players])
    hands = [0] * players
    for position, card in enumerate(order):
        hands[_recipient(match.dealer, rules, position)] |= card.bit
    return fresh._replace(phase=_PLAYING, hands=tuple(hands), undealt=0, dealt=len(order))


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | Chance | None:
    """The seat to move, CHANCE at a random event (explicit chance), None when over."""
    phase = state.phase
    if phase == _PLAYING:
        return tricks.seat_to_play(state.leader, len(state.trick), state.rules.players)
    if phase == _OVER:
        return None
    return CHANCE


def is_over(state: State) -> bool:
    """Whether the game has ended (its deals played, or a cap reached)."""
    return state.phase == _OVER


_SUIT_CHUNK: Final = (1 << 13) - 1
_PLAY_CHUNKS: list[dict[int, tuple[Play, ...]]] = [{} for _ in Suit]


def _plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of a mask, by card index (cached per suit)."""
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


def _playable(state: State, seat: int) -> int:
    """The leader plays any card; a follower must follow suit (seed 000). A seat that
    cannot follow never gets the turn: it has picked the trick up already."""
    return tricks.playable_to(_TRICKS, state.hands[seat], state.trick)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in canonical order; ``()`` if and only if the game is over."""
    phase = state.phase
    if phase == _PLAYING:
        seat = tricks.seat_to_play(state.leader, len(state.trick), state.rules.players)
        return _plays_of(_playable(state, seat))
    if phase == _OVER:
        return ()
    return tuple(move for move, _ in chance_outcomes(state))


def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
    """At a CHANCE step, each possible outcome with its probability; else ``()``.

    The first dealer: seed 000 has cards drawn, the highest dealing, ties drawing
    again; every seat is equally likely to deal.
    """
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

    The pick-up of a player who cannot follow, the end of a deal, scoring it and
    dealing the next one all happen inside ``apply``.
    """
    phase = state.phase
    if phase == _PLAYING:
        if type(move) is Play and move.call is None and not move.announce:
            seat = tricks.seat_to_play(state.leader, len(state.trick), state.rules.players)
            if move.card.bit & _playable(state, seat):
                return _play(state, seat, move)
    elif phase == _DEALING:
        if type(move) is DealCard and move.card.bit & state.undealt:
            return _deal_card(state, move)
    elif (
        phase == _CHOOSE_DEALER
        and type(move) is ChooseDealer
        and 0 <= move.seat < state.rules.players
    ):
        started = state._replace(history=_extend(state.history, move))
        return _begin_deal(started, Match.start(move.seat, state.rules.players), state.log)
    raise IllegalMoveError(_why_illegal(state, move))


def _extend(history: Log[Move] | None, move: Move) -> Log[Move] | None:
    return None if history is None else history.append(move)


def _deal_card(state: State, move: DealCard) -> State:
    card = move.card
    seat = _recipient(state.match.dealer, state.rules, state.dealt)
    hands = list(state.hands)
    hands[seat] |= card.bit
    undealt = state.undealt & ~card.bit
    return state._replace(
        phase=_PLAYING if not undealt else _DEALING,
        hands=tuple(hands),
        undealt=undealt,
        dealt=state.dealt + 1,
        history=_extend(state.history, move),
    )


def _pickup_event(seat: int, trick: tuple[Card, ...]) -> Event:
    suit = trick[0].suit
    assert suit is not None
    return Event(
        "pickup",
        seat,
        trick,
        text=f"seat {seat} cannot follow {suit.plural} and picks up {format_cards(trick)}",
    )


def _after_play(known: tuple[int, ...], seat: int, card: Card) -> tuple[int, ...]:
    """The publicly known cards per seat after ``seat`` plays ``card``."""
    return (*known[:seat], known[seat] & ~card.bit, *known[seat + 1 :])


def _after_pickup(
    known: tuple[int, ...], voids: tuple[int, ...], seat: int, trick: tuple[Card, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The public knowledge after ``seat`` picks up ``trick``: it holds those cards,
    and it holds no card of the led suit besides them."""
    known = (*known[:seat], known[seat] | mask_of(trick), *known[seat + 1 :])
    void = voids[seat] | _SUIT_MASK_OF[trick[0].index]
    return known, (*voids[:seat], void, *voids[seat + 1 :])


def _play(state: State, seat: int, move: Play) -> State:
    card = move.card
    players = state.rules.players
    hands = state.hands
    hand = hands[seat] & ~card.bit
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    trick = (*state.trick, card)
    log = state.log.append(play_event(seat, card))
    leader = state.leader
    waste = state.waste
    known = state.known
    voids = state.voids
    if known[seat] & card.bit:
        known = _after_play(known, seat, card)
    if len(trick) == players and hand:
        # Everyone followed: the highest card wins, the trick goes to the waste pile.
        leader = tricks.winning_seat(_TRICKS, trick, leader, players)
        log = log.append(Event("trick", leader, trick))
        waste |= mask_of(trick)
        trick = ()
    elif hand:
        following = (seat + 1) % players
        if not hands[following] & _SUIT_MASK_OF[trick[0].index]:
            # He cannot follow: he takes the trick into his hand and leads next (seed 000).
            hands = tricks.pick_up(hands, following, trick)
            log = log.append(_pickup_event(following, trick))
            known, voids = _after_pickup(known, voids, following, trick)
            trick = ()
            leader = following
    # An empty hand ends the deal at once, even in mid-trick (RULES.md 1, ambiguity 3):
    # the trick then stays as it lies, and nobody picks it up.
    moved: State = _new_state(
        State,
        (
            state.rules,
            state.seed,
            state.chance,
            state.first_deck,
            state.match,
            _PLAYING,
            hands,
            state.undealt,
            leader,
            trick,
            waste,
            state.dealt,
            known,
            voids,
            state.moves_made + 1,
            log,
            _extend(state.history, move),
            None,
        ),
    )
    if not hand:
        return _finish_deal(moved, seat)
    return _check_caps(moved)


def _finish_deal(state: State, winner: int) -> State:
    """The player who emptied his hand takes the pot (seed 000); score the deal."""
    rules = state.rules
    players = rules.players
    ante = rules.ante
    chips = tuple(ante * (players - 1) if s == winner else -ante for s in range(players))
    cards_left = tuple(h.bit_count() for h in state.hands)
    extras: list[tuple[str, tuple[int, ...]]] = [("cards_left", cards_left)]
    log = state.log.append(
        Event(
            "out",
            winner,
            value=ante * players,
            text=f"seat {winner} has played his last card and takes the pot of "
            f"{ante * players} chips",
        )
    )
    if rules.parlett_scoring:
        left = sum(
            card_points(c) for s, h in enumerate(state.hands) if s != winner for c in cards_of(h)
        )
        extras.append(("points", tuple(left if s == winner else 0 for s in range(players))))
        log = log.append(
            Event("points", winner, value=left, text=f"seat {winner} scores {left} points")
        )
    match = state.match.finish_deal(chips, tuple(extras))
    shown = " ".join(f"seat {s}: {c:+d}" for s, c in enumerate(chips))
    log = log.append(Event("scored", text=f"deal {state.match.deal_number + 1} chips: {shown}"))
    if match.deal_number == rules.deals:
        winners = winners_by_total(match.totals, "high")
        outcome = Outcome("schedule complete", winners, draw=len(winners) > 1)
        return _game_over(state, match, log, outcome)
    if match_core.cap_reached(rules, match.deal_number, state.moves_made):
        return _game_over(state, match, log, match_core.truncated())
    return _begin_deal(state, match, log)


def _check_caps(state: State) -> State:
    if match_core.cap_reached(state.rules, state.match.deal_number, state.moves_made):
        # The unfinished deal is abandoned and its antes go back (RULES.md 1, amb. 5).
        log = state.log.append(
            Event("abandoned", text=f"deal {state.match.deal_number + 1} abandoned: antes returned")
        )
        return _game_over(state, state.match, log, match_core.truncated())
    return state


def _game_over(state: State, match: Match, log: Log[Event], outcome: Outcome) -> State:
    return state._replace(
        match=match, phase=_OVER, log=log.append(over_event(outcome)), outcome=outcome
    )


def _why_illegal(state: State, move: object) -> str:
    phase = state.phase
    if phase == _OVER:
        return "the game is over: no move is legal"
    if not isinstance(move, (Play, DealCard, ChooseDealer)):
        return not_a_move(move, "Enfle", game_forms(("play CARD",), state.chance))
    if phase in (_CHOOSE_DEALER, _DEALING):
        wanted = "'dealer SEAT'" if phase == _CHOOSE_DEALER else "'deal CARD' of an undealt card"
        return f"a chance step is due (explicit chance): the move must be {wanted}, not {move}"
    seat = to_move(state)
    assert isinstance(seat, int)
    if not isinstance(move, Play):
        return f"seat {seat} must play a card now, not {move}"
    if move.call is not None or move.announce:
        return "Enfle has no calls or announcements: write just 'play CARD'"
    hand = state.hands[seat]
    if not move.card.bit & _DECK_MASKS[state.rules.players]:
        lowest = lowest_rank(state.rules.players)
        return f"{move.card} is not in this game's deck (ranks {lowest} to ace)"
    if not move.card.bit & hand:
        return f"{move.card} is not in seat {seat}'s hand ({format_cards(cards_of(hand))})"
    led = tricks.led_suit(_TRICKS, state.trick)
    assert led is not None
    following = cards_of(hand & _SUIT_MASKS[led])
    return f"seat {seat} must follow suit: {led.plural} ({format_cards(following)})"


def parse_move(state: State, text: str) -> Move:
    """Read a move and check it is legal here (NotationError / IllegalMoveError).

    >>> state = deal(Rules(first_dealer=0), seed=1)
    >>> parse_move(state, "pick up")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: the pick-up is not a move in Enfle: ...
    """
    if text.strip().lower().startswith("pick"):
        raise NotationError(
            "the pick-up is not a move in Enfle: a player who cannot follow suit "
            "takes the trick by himself; write 'play CARD'"
        )
    move = parse_move_text(text, game_forms(("play CARD",), state.chance))
    if move not in legal_moves(state):
        raise IllegalMoveError(_why_illegal(state, move))
    return move


def move_index(move: Move) -> int:
    """The fixed number of a move (see the module docs)."""
    if isinstance(move, Play) and move.call is None and not move.announce and move.card.index < 52:
        return move.card.index
    if isinstance(move, DealCard) and move.card.index < 52:
        return _DEAL_BASE + move.card.index
    if isinstance(move, ChooseDealer) and 0 <= move.seat < _MAX_PLAYERS:
        return _DEALER_BASE + move.seat
    raise IllegalMoveError(f"{move} has no number in Enfle")


def move_from_index(index: int) -> Move:
    """The move with this number (see the module docs).

    >>> [str(move_from_index(n)) for n in (0, 51, 52, 104)]
    ['play 2C', 'play AS', 'deal 2C', 'dealer 0']
    """
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_MOVES:
        raise IllegalMoveError(f"move numbers are 0..{NUM_MOVES - 1}, not {index!r}")
    if index < _DEAL_BASE:
        return PLAYS[index]
    if index < _DEALER_BASE:
        return DEALS[index - _DEAL_BASE]
    return ChooseDealer(index - _DEALER_BASE)


# --------------------------------------------------------------------------- scores


def score(state: State) -> Score:
    """Chip totals, per-deal rows (chips, ``cards_left``, Parlett ``points``), outcome,
    payoffs = chip totals."""
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
    """Where every card is: each hand, the trick, the waste pile, undealt."""
    result = {f"hand {seat}": cards_of(hand) for seat, hand in enumerate(state.hands)}
    result["trick"] = tuple(state.trick)
    result["waste"] = cards_of(state.waste)
    result["undealt"] = cards_of(state.undealt)
    return result


# --------------------------------------------------------------------------- hidden information


@attrs.frozen(slots=True)
class View:
    """What one seat may know: its own hand and everything public, nothing else.

    ``known[s]``: the cards seat ``s`` is publicly known to hold (picked up and not
    played since). ``voids[s]``: the suits seat ``s`` has shown it lacks by failing
    to follow this deal; its cards other than ``known[s]`` hold none of them, for
    a hand grows only by public pick-ups. ``pot``: the chips in the pot (0 between
    games). ``points``: the running Parlett points, or None without
    ``parlett_scoring``.
    """

    rules: Rules
    seat: int
    chance: ChanceMode
    phase: Phase
    to_move: int | Chance | None
    deal_number: int
    dealer: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    undealt_count: int
    known: tuple[tuple[Card, ...], ...]
    voids: tuple[tuple[Suit, ...], ...]
    leader: int
    trick: tuple[Card, ...]
    waste: tuple[Card, ...]
    pot: int
    totals: tuple[int, ...]
    points: tuple[int, ...] | None
    score: Score
    moves_made: int
    events: tuple[Event, ...]
    legal_moves: tuple[Move, ...]


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the deal, the pot, the trick, what each seat holds and lacks.

    >>> rules = Rules(first_dealer=3)
    >>> [fact.label for fact in describe(observe(deal(rules, seed=0), 0))]
    ['deal', 'pot', 'cards', 'picked up', 'lacks', 'hand']
    """
    rules = view.rules
    number = min(view.deal_number, rules.deals - 1)
    facts = [
        Fact("deal", f"{number + 1} of {rules.deals}, dealt by seat {view.dealer}"),
        Fact("pot", f"{view.pot} chips"),
    ]
    if view.trick:
        facts.append(Fact("trick", tricks.trick_plays(view.leader, view.trick, rules.players)))
    facts.append(Fact("cards", view.hand_sizes, per_seat=True))
    facts.append(Fact("picked up", view.known, per_seat=True))
    facts.append(Fact("lacks", view.voids, per_seat=True))
    if view.points is not None:
        facts.append(Fact("points", view.points, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def explain_move(view: View, move: Move) -> str:
    """What choosing ``move`` means; every Enfle move says it in its text (a card to play)."""
    return ""


def _deal_events(log: Sequence[Event]) -> list[Event]:
    """The events of the deal in progress (or the last one), oldest first."""
    found: list[Event] = []
    for event in reversed(log):
        if event.kind == "deal":
            break
        found.append(event)
    found.reverse()
    return found


def _knowledge(log: Sequence[Event], players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The state's ``known`` and ``voids``, found by reading the public log of this
    deal (for a state loaded from a record; play keeps them up to date)."""
    known = (0,) * players
    voids = (0,) * players
    for event in _deal_events(log):
        if event.kind == "play":
            assert event.seat is not None
            known = _after_play(known, event.seat, event.cards[0])
        elif event.kind == "pickup":
            assert event.seat is not None
            known, voids = _after_pickup(known, voids, event.seat, event.cards)
    return known, voids


_SUITS_OF: dict[int, tuple[Suit, ...]] = {}


def _suits_of(void: int) -> tuple[Suit, ...]:
    """The suits whose cards a mask covers (a union of whole suits), cached."""
    suits = _SUITS_OF.get(void)
    if suits is None:
        suits = _SUITS_OF[void] = tuple(s for s in Suit if void & _SUIT_MASKS[s])
    return suits


def _points_totals(state: State) -> tuple[int, ...] | None:
    if not state.rules.parlett_scoring:
        return None
    totals = [0] * state.rules.players
    for row in state.match.rows:
        for seat, points in enumerate(row.extra("points")):
            totals[seat] += points
    return tuple(totals)


def observe(state: State, seat: int) -> View:
    """The view of ``seat``: own hand, hand sizes, public knowledge, trick, waste, chips, log."""
    rules = state.rules
    players = rules.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
    log = state.log.to_tuple()
    mover = to_move(state)
    in_deal = state.phase in (_DEALING, _PLAYING)
    return View(
        rules=rules,
        seat=seat,
        chance=state.chance,
        phase=state.phase,
        to_move=mover,
        deal_number=state.match.deal_number,
        dealer=None if state.phase == _CHOOSE_DEALER else state.match.dealer,
        hand=cards_of(state.hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        undealt_count=state.undealt.bit_count(),
        known=tuple(cards_of(k) for k in state.known),
        voids=tuple(_suits_of(v) for v in state.voids),
        leader=state.leader,
        trick=state.trick,
        waste=cards_of(state.waste),
        pot=rules.ante * players if in_deal else 0,
        totals=state.match.totals,
        points=_points_totals(state),
        score=score(state),
        moves_made=state.moves_made,
        events=log,
        legal_moves=legal_moves(state) if mover == seat else (),
    )


_QUICK_TRIES: Final = 32


def _deal_hidden(
    unknown: int,
    holders: list[tuple[int, int]],
    needs: tuple[int, int] | None,
    rng: random.Random,
) -> tuple[int, ...]:
    """:func:`deal_uniformly`, with one more constraint when ``needs`` is ``(holder,
    suit mask)``: that holder must receive at least one card of the mask.

    Exactly uniform over the worlds that keep every constraint: deals are drawn
    uniformly under the forbidden masks and kept if the holder got such a card;
    after a few misses the worlds are counted by the number ``j`` of those cards
    the holder gets (the cards of one suit are exchangeable, since every forbidden
    mask here is a union of suits), ``j`` is drawn by its count, the ``j`` cards at
    random, and the rest dealt uniformly with the holder barred from that suit.
    """
    if needs is None:
        return deal_uniformly(unknown, holders, rng)
    holder, suit_mask = needs
    for _ in range(_QUICK_TRIES):
        dealt = deal_uniformly(unknown, holders, rng)
        if dealt[holder] & suit_mask:
            return dealt
    wanted = cards_of(unknown & suit_mask & ~holders[holder][1])
    size, forbidden = holders[holder]
    weights = []
    for j in range(1, min(size, len(wanted)) + 1):
        # Any j of the wanted cards to the holder, then nothing more of them.
        rest = unknown & ~mask_of(wanted[:j])
        others = list(holders)
        others[holder] = (size - j, forbidden | suit_mask)
        weights.append(math.comb(len(wanted), j) * count_worlds(rest, others))
    pick = rng.randrange(sum(weights))
    j = 1
    while pick >= weights[j - 1]:
        pick -= weights[j - 1]
        j += 1
    given = mask_of(rng.sample(wanted, j))
    others = list(holders)
    others[holder] = (size - j, forbidden | suit_mask)
    hidden = list(deal_uniformly(unknown & ~given, others, rng))
    hidden[holder] |= given
    return tuple(hidden)


def sample(view: View, rng: random.Random) -> State:
    """A complete state consistent with ``view``, exactly uniform over the consistent worlds.

    Publicly known cards (picked up and not played since) stay in their holders'
    hands. The other unseen cards are dealt uniformly among the other hands' unknown
    places (and the undealt cards, while dealing), respecting every void shown by a
    pick-up in this deal; and when another seat is to follow a trick, it holds a card
    of the led suit (it would have picked the trick up otherwise). The state gets a
    fresh seed from ``rng`` (so later deals are new too) and no move history.
    """
    rules = view.rules
    players = rules.players
    seat = view.seat
    public_known = tuple(mask_of(cards) for cards in view.known)
    voids = tuple(sum(_SUIT_MASKS[s] for s in suits) for suits in view.voids)
    known = list(public_known)
    known[seat] = mask_of(view.hand)
    public = mask_of(view.trick) | mask_of(view.waste)
    for mask in known:
        public |= mask
    unknown = _DECK_MASKS[players] & ~public
    others = [s for s in range(players) if s != seat]
    holders = [(view.hand_sizes[s] - known[s].bit_count(), voids[s]) for s in others]
    holders.append((view.undealt_count, 0))
    needs = None
    mover = view.to_move
    if view.phase == _PLAYING and view.trick and mover != seat:
        assert isinstance(mover, int)
        suit_mask = _SUIT_MASK_OF[view.trick[0].index]
        if not known[mover] & suit_mask:
            needs = (others.index(mover), suit_mask)
    dealt = _deal_hidden(unknown, holders, needs, rng)
    hands = list(known)
    for s, mask in zip(others, dealt):
        hands[s] |= mask
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
        leader=view.leader,
        trick=view.trick,
        waste=mask_of(view.waste),
        dealt=sum(view.hand_sizes) if view.phase == _DEALING else _dealt_after(view),
        known=public_known,
        voids=voids,
        moves_made=view.moves_made,
        log=Log.of(view.events),
        history=None,
        outcome=view.score.outcome,
    )


def _dealt_after(view: View) -> int:
    return 0 if view.phase == _CHOOSE_DEALER else len(_DECKS[view.rules.players])


# --------------------------------------------------------------------------- serialization


def state_to_dict(state: State) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
    return common_to_dict(state, NAME, version) | {
        "hands": [format_cards(cards_of(h)) for h in state.hands],
        "undealt": format_cards(cards_of(state.undealt)),
        "leader": state.leader,
        "trick": format_cards(state.trick),
        "waste": format_cards(cards_of(state.waste)),
        "dealt": state.dealt,
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Load a state from :func:`state_to_dict`'s form, refusing anything inconsistent."""
    return StateReader(data, NAME, version).read(_state_from_reader)


def _state_from_reader(r: StateReader) -> State:
    # The deck depends on the number of players: read the rules first.
    name, options = r.guard("rules", lambda: parse_rules_text(r.string("rules")))
    if name != NAME:
        r.fail(f"the rules are for {name!r}, not {NAME!r}")
    deck = deck_of(r.guard("rules", lambda: build_rules(Rules, options)))
    common = r.common(Rules, deck, Phase, parse_move_text)
    players = common["rules"].players
    events = common["log"].to_tuple()
    for event in _deal_events(events):
        if event.kind in ("play", "pickup") and (
            not isinstance(event.seat, int) or not 0 <= event.seat < players or not event.cards
        ):
            r.fail(
                f"a {event.kind!r} event of this deal needs a seat 0..{players - 1} and its "
                f"cards, not seat {event.seat!r} and cards {format_cards(event.cards)!r}"
            )
    known, voids = _knowledge(events, players)
    state = State(
        **common,
        hands=r.masks_per_seat("hands", players),
        undealt=mask_of(r.cards("undealt")),
        leader=r.integer("leader", 0, players - 1),
        trick=r.cards("trick"),
        waste=mask_of(r.cards("waste")),
        dealt=r.integer("dealt", 0, len(deck)),
        known=known,
        voids=voids,
    )
    _check_consistent(state, r)
    return state


def _check_consistent(state: State, r: StateReader) -> None:
    rules = state.rules
    players = rules.players
    deck = deck_of(rules)
    r.check_partition(zones(state), deck)
    if state.match.deal_number > rules.deals or (
        state.phase != _OVER and state.match.deal_number >= rules.deals
    ):
        r.fail(f"deal {state.match.deal_number} is past the game's {rules.deals} deals")
    if state.phase in (_CHOOSE_DEALER, _DEALING):
        if state.trick or state.waste:
            r.fail("no card is played before the deal is complete")
        if state.dealt != len(deck) - state.undealt.bit_count():
            r.fail(f"{state.dealt} cards counted as dealt, but the hands hold a different number")
        for seat, hand in enumerate(state.hands):
            expected = sum(
                1
                for position in range(state.dealt)
                if _recipient(state.match.dealer, rules, position) == seat
            )
            if hand.bit_count() != expected:
                r.fail(f"seat {seat} holds {hand.bit_count()} cards; the deal gave it {expected}")
    if state.phase == _PLAYING:
        if state.undealt or state.dealt != len(deck):
            r.fail("play cannot start before the whole deck is dealt")
        if not all(state.hands):
            r.fail("a hand is empty, so the deal is over: the phase cannot be 'playing'")
        if len(state.trick) >= players:
            r.fail("the current trick holds too many cards")
        if state.trick:
            led = state.trick[0].suit
            if any(card.suit is not led for card in state.trick):
                r.fail("every card of a trick follows the led suit in Enfle")
            mover = tricks.seat_to_play(state.leader, len(state.trick), players)
            if not state.hands[mover] & _SUIT_MASK_OF[state.trick[0].index]:
                r.fail(f"seat {mover} cannot follow: it would have picked the trick up")
