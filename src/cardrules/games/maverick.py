"""Maverick: rules MV-1.1 to MV-7.2 of the docs.

Four players in two partnerships (seats 0 and 2 against 1 and 3) play 54 cards:
the 52 and two jokers ranked above the ace. Each player gets 13 cards; the two
left over are turned face up and fix the *trump* suit (the higher card's suit)
and the *adder* suit (the lower card's), with spades and diamonds as the
fallback. Each player passes two cards to his left. Tricks follow suit. A trick
scores for the team that wins it: -4 if it is all trumps, -1 if it holds trumps
but no adders, +1 if it holds neither, and +1 for each adder it holds. The first
team to reach the target (50 by default) with the higher total wins. Optional
bids (zero, blind, elegant) multiply or replace a team's deal score.

>>> from cardrules.cards import parse_cards
>>> from cardrules.games import maverick
>>> maverick.trump_and_adder(parse_cards("KH 3C"))
(<Suit.HEARTS: 2>, <Suit.CLUBS: 0>)
>>> state = maverick.deal(maverick.Rules(first_dealer=3), seed=7)
>>> maverick.to_move(state), len(maverick.legal_moves(state))   # seat 0 passes 2 of 13
(0, 78)

Dealing order, for ``deal(..., deck=cards)`` and in explicit-chance mode: the
dealer deals one card at a time, clockwise, starting with the player on his
left (card ``i`` of the order, for ``i`` < 52, goes to seat
``(dealer + 1 + i) % 4``), so each player has 13; cards 52 and 53 of the order
are then turned face up, in that order. In explicit-chance mode each of the 54
cards is one chance step ``deal CARD``.

Moves: ``pass C1 C2`` (two cards to the left neighbour), ``blind`` and ``no
blind`` (a partnership's blind declaration), ``bid zero``, ``bid elegant`` and
``no bid``, ``play CARD``; chance outcomes ``deal CARD`` and ``dealer SEAT``.
Move numbers (:func:`move_index`): ``play`` = the card's index 0..53 (the little
joker is 52, the big joker 53); ``pass`` of cards with indices i < j = 54 +
j * (j - 1) / 2 + i (54..1484); ``blind`` 1485, ``no blind`` 1486, ``bid zero``
1487, ``bid elegant`` 1488, ``no bid`` 1489; ``deal CARD`` = 1490 + the card's
index; ``dealer SEAT`` = 1544 + SEAT; :data:`NUM_MOVES` = 1548.

``score(state).totals`` gives each seat its team's total; ``payoffs`` give each
seat its team's total minus the other team's (zero-sum between the teams; at the
end the winners' payoff is positive).
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple

import attrs

from cardrules.cards import (
    ALL_CARDS,
    DECK54,
    Card,
    Suit,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
)
from cardrules.core import match as match_core
from cardrules.core import tricks
from cardrules.core.bookkeeping import deal_number, moves_made, origin, players
from cardrules.core.checks import (
    check_rng,
    check_rules,
    check_seat,
    check_seed,
    check_view,
    wrong_state,
)
from cardrules.core.match import Match
from cardrules.core.options import (
    BaseRules,
    check_bool,
    check_choice,
    check_int,
    not_applicable,
    rules_to_text,
    set_resolved,
    show_value,
)
from cardrules.core.sampling import deal_uniformly
from cardrules.core.serial import StateReader, common_to_dict
from cardrules.core.trickgame import events, moves_played
from cardrules.errors import IllegalMoveError, NotationError
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
)
from cardrules.moves import (
    DEALS,
    PLAYS,
    ChooseDealer,
    DealCard,
    Play,
    game_forms,
    not_a_move,
    require_flag,
)
from cardrules.moves import parse_move_text as _parse_shared_move_text

__all__ = [
    "BID_ELEGANT",
    "BID_ZERO",
    "BLIND",
    "NAME",
    "NO_BID",
    "NO_BLIND",
    "NUM_MOVES",
    "PASSES",
    "PRESETS",
    "TITLE",
    "Blind",
    "Declaration",
    "Move",
    "PassCards",
    "Phase",
    "Rules",
    "State",
    "View",
    "apply",
    "chance_outcomes",
    "deal",
    "deal_number",
    "deck_of",
    "describe",
    "events",
    "explain_move",
    "is_over",
    "legal_moves",
    "move_from_index",
    "move_index",
    "moves_made",
    "moves_played",
    "observe",
    "origin",
    "parse_move",
    "parse_move_text",
    "players",
    "raw_scores",
    "sample",
    "score",
    "state_from_dict",
    "state_to_dict",
    "teams",
    "to_move",
    "trick_score",
    "trump_and_adder",
    "version",
    "zones",
]

NAME: Final = "maverick"
#: The game's name for people (menus, the command line).
TITLE: Final = "Maverick, for two partnerships"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
PLAYERS: Final = 4
HAND: Final = 13
#: Each team's seats: team 0 is seats 0 and 2, team 1 is seats 1 and 3 (partners sit opposite).
TEAMS: Final = ((0, 2), (1, 3))
REVOKE_PENALTY: Final = 4

_PAIRS: Final = 54 * 53 // 2
_PASS_BASE: Final = 54
_BLIND_BASE: Final = _PASS_BASE + _PAIRS  # 1485
_BID_BASE: Final = _BLIND_BASE + 2  # 1487
_DEAL_BASE: Final = _BID_BASE + 3  # 1490
_DEALER_BASE: Final = _DEAL_BASE + 54  # 1544
NUM_MOVES: Final = _DEALER_BASE + PLAYERS  # 1548

JOKER_MODES: Final = ("trump", "suitless")
REVOKE_MODES: Final = ("forbid", "penalty")
EQUAL_RANK_RULES: Final = ("default", "suit_order")
FAIL_MODES: Final = ("replace", "add")
ELEGANT_FAIL_MODES: Final = ("deal_zero", "reset_total")


# --------------------------------------------------------------------------- moves


def _card_pair(cards: Sequence[Card]) -> tuple[Card, Card]:
    pair = tuple(cards)
    if len(pair) != 2 or not all(isinstance(c, Card) for c in pair) or pair[0] is pair[1]:
        raise IllegalMoveError(f"PassCards: a pass is two different Cards, not {show_value(pair)}")
    first, second = sorted(pair)
    return (first, second)


@attrs.frozen(slots=True)
class PassCards:
    """Pass two cards to the left neighbour: ``pass 2C 7D`` (kept in card order)."""

    cards: tuple[Card, Card] = attrs.field(converter=_card_pair)

    def __str__(self) -> str:
        return f"pass {self.cards[0].text} {self.cards[1].text}"


@attrs.frozen(slots=True)
class Blind:
    """A partnership's blind declaration, made before it sees its cards: ``blind`` or
    ``no blind``."""

    declare: bool = attrs.field(
        validator=lambda _, __, flag: require_flag(flag, "Blind", "declare")
    )

    def __str__(self) -> str:
        return "blind" if self.declare else "no blind"


def _check_kind(kind: object) -> None:
    if kind not in ("zero", "elegant", None) or not (kind is None or type(kind) is str):
        raise IllegalMoveError(
            f"Declaration: kind must be 'zero', 'elegant' or None, not {show_value(kind)}"
        )


@attrs.frozen(slots=True)
class Declaration:
    """A bid after the pass: ``bid zero``, ``bid elegant``, or ``no bid`` (``kind`` None)."""

    kind: Literal["zero", "elegant"] | None = attrs.field(
        validator=lambda _, __, kind: _check_kind(kind)
    )

    def __str__(self) -> str:
        return "no bid" if self.kind is None else f"bid {self.kind}"


Move = Play | PassCards | Blind | Declaration | DealCard | ChooseDealer

BLIND: Final = Blind(True)
NO_BLIND: Final = Blind(False)
BID_ZERO: Final = Declaration("zero")
BID_ELEGANT: Final = Declaration("elegant")
NO_BID: Final = Declaration(None)
_DECLARATIONS: Final = (BID_ZERO, BID_ELEGANT, NO_BID)
#: The bids as stored in states and views: what each seat said after the pass.
_BID_WORDS: Final = {BID_ZERO: "zero", BID_ELEGANT: "elegant", NO_BID: "no bid"}
_BID_CODES: Final = {None: 0, "no bid": 0, "zero": 1, "elegant": 2}


def _pair_index(low: int, high: int) -> int:
    return high * (high - 1) // 2 + low


#: ``PASSES[n]`` is the pass of pair number n (see the module docs), in move-number order.
PASSES: Final[tuple[PassCards, ...]] = tuple(
    PassCards((ALL_CARDS[i], ALL_CARDS[j])) for j in range(54) for i in range(j)
)
#: ``_PASS_ROWS[j][i]`` is the pass of the cards with indices i < j.
_PASS_ROWS: Final = tuple(PASSES[_pair_index(0, j) : _pair_index(0, j) + j] for j in range(54))


# --------------------------------------------------------------------------- rules


@attrs.frozen(slots=True, kw_only=True)
class Rules(BaseRules):
    """The options of the game; ``Rules()`` is the docs' game to 50 points, without bids.

    * ``players``: 4 (two partnerships; nothing else is allowed).
    * ``target``: the points a team needs to win (30, 40 or 50 in the source; any
      int >= 1; rule MV-7.1).
    * ``trumps_win``: a trump beats the led suit (True); with False only the highest
      card of the led suit or a joker wins, and trumps only score (rule MV-4.5).
    * ``jokers``: ``"trump"`` (the highest trumps) or ``"suitless"`` (playable at any
      time, always win, neither trump nor adder; rule MV-4.3).
    * ``revoke``: ``"forbid"`` (following suit is enforced) or ``"penalty"`` (a revoke
      is legal and costs the revoker's team 4 points; rule MV-4.4).
    * ``equal_rank_rule``: face-up cards of equal rank in different suits give spades
      and diamonds (``"default"``) or the higher suit in bridge order is trump
      (``"suit_order"``; rule MV-2.5).
    * ``bidding``: the optional bids zero, blind and elegant (rules MV-6.1 to MV-6.6).
    * ``one_bid_per_team``: at most one bid of any kind per partnership and deal;
      True by default with bidding (None, not applicable, without bidding; so the
      four options below).
    * ``zero_fail``: a failed zero bid makes the team's deal score -1 (``"replace"``)
      or subtracts 1 from it (``"add"``).
    * ``blind_fail``: a failed blind bid makes the team's deal score -3
      (``"replace"``) or subtracts 3 from it (``"add"``).
    * ``elegant_fail``: a failed elegant bid makes the team's deal score 0
      (``"deal_zero"``) or its total 0 (``"reset_total"``).
    * ``elegant_books``: the books an elegant bid promises, 1 to 3 (3 in the source).
    """

    players: int = PLAYERS
    target: int = 50
    trumps_win: bool = True
    jokers: str = "trump"
    revoke: str = "forbid"
    equal_rank_rule: str = "default"
    bidding: bool = False
    one_bid_per_team: bool | None = None
    zero_fail: str | None = None
    blind_fail: str | None = None
    elegant_fail: str | None = None
    elegant_books: int | None = None

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, PLAYERS, PLAYERS)
        self._check_first_dealer(self.players)
        check_int("target", self.target, 1)
        check_bool("trumps_win", self.trumps_win)
        check_choice("jokers", self.jokers, JOKER_MODES)
        check_choice("revoke", self.revoke, REVOKE_MODES)
        check_choice("equal_rank_rule", self.equal_rank_rule, EQUAL_RANK_RULES)
        check_bool("bidding", self.bidding)
        bid_options: tuple[tuple[str, object], ...] = (
            ("one_bid_per_team", True),
            ("zero_fail", "replace"),
            ("blind_fail", "replace"),
            ("elegant_fail", "deal_zero"),
            ("elegant_books", 3),
        )
        for name, default in bid_options:
            value = getattr(self, name)
            if not self.bidding:
                not_applicable(name, value, "without bidding (bidding=false)")
            elif value is None:
                set_resolved(self, name, default)
        if self.bidding:
            check_bool("one_bid_per_team", self.one_bid_per_team)
            check_choice("zero_fail", self.zero_fail, FAIL_MODES)
            check_choice("blind_fail", self.blind_fail, FAIL_MODES)
            check_choice("elegant_fail", self.elegant_fail, ELEGANT_FAIL_MODES)
            check_int("elegant_books", self.elegant_books, 1, 3)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


#: Named rules used by the tests, the docs and the command line. The property suite
#: plays 200 random games on each, so the presets are short: one or two deals, or a
#: match to a low target; ``Rules()`` is the full game to 50. Random play with the
#: revoke penalty drives totals down, so those presets carry a ``max_deals`` cap.
_PRESETS: Final = {
    "single": Rules(max_deals=1),
    "match": Rules(target=10),
    "bidding": Rules(bidding=True, max_deals=1),
    "bidding_options": Rules(
        bidding=True,
        one_bid_per_team=False,
        zero_fail="add",
        blind_fail="add",
        elegant_fail="reset_total",
        elegant_books=1,
        max_deals=2,
    ),
    "trumps_do_not_win": Rules(trumps_win=False, max_deals=1),
    "suitless_jokers": Rules(jokers="suitless", equal_rank_rule="suit_order", max_deals=1),
    "revoke_penalty": Rules(revoke="penalty", max_deals=1),
    "revoke_penalty_bidding": Rules(
        revoke="penalty", bidding=True, jokers="suitless", trumps_win=False, max_deals=1
    ),
}
#: The same, read-only: a caller cannot change them for everyone else.
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(_PRESETS)


def teams(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Two partnerships; partners sit opposite: seats 0 and 2, seats 1 and 3."""
    return TEAMS


def deck_of(rules: Rules) -> tuple[Card, ...]:
    """The 52 cards and the two jokers, little and big (rule MV-1.2)."""
    return DECK54


def trump_and_adder(face_up: Sequence[Card], equal_rank_rule: str = "default") -> tuple[Suit, Suit]:
    """The trump suit and the adder suit fixed by the two face-up cards.

    The higher card's suit is trump, the lower card's the adder suit (rule MV-2.3).
    Cards of one suit, or a joker among them, give spades and diamonds (MV-2.4); so
    do equal ranks in different suits, unless ``equal_rank_rule="suit_order"`` makes
    the higher suit in bridge order (S > H > D > C) trump (MV-2.5).

    >>> from cardrules.cards import parse_cards
    >>> [trump_and_adder(parse_cards(pair)) for pair in ("9D 2D", "7H 7C", "BJ 5H")]
    [(<Suit.SPADES: 3>, <Suit.DIAMONDS: 1>), (<Suit.SPADES: 3>, <Suit.DIAMONDS: 1>), \
(<Suit.SPADES: 3>, <Suit.DIAMONDS: 1>)]
    >>> trump_and_adder(parse_cards("7H 7C"), "suit_order")
    (<Suit.HEARTS: 2>, <Suit.CLUBS: 0>)
    """
    first, second = face_up
    high_suit, low_suit = first.suit, second.suit
    if high_suit is None or low_suit is None or high_suit is low_suit:
        return Suit.SPADES, Suit.DIAMONDS
    if first.rank == second.rank:
        if equal_rank_rule != "suit_order":
            return Suit.SPADES, Suit.DIAMONDS
        if high_suit < low_suit:
            high_suit, low_suit = low_suit, high_suit
    elif first.rank < second.rank:
        high_suit, low_suit = low_suit, high_suit
    return high_suit, low_suit


def trick_score(trick: Sequence[Card], trump: Suit, adder: Suit, jokers: str = "trump") -> int:
    """The points of a finished trick for the team that wins it (rules MV-5.1 to MV-5.3).

    With ``a`` adder cards and ``t`` trumps (trump jokers count as trumps; suitless
    jokers as neither): ``a`` when ``a >= 1``; else -4 when all four are trumps, -1
    for 1 to 3 trumps, +1 for none; four adders are a book.

    >>> from cardrules.cards import Suit, parse_cards
    >>> [trick_score(parse_cards(t), Suit.HEARTS, Suit.CLUBS)
    ...  for t in ("2H 5H BJ AH", "2H 5S 6S 7S", "2S 5S 6S 7D", "2C 3C 4H 5S", "2C 3C 4C 5C")]
    [-4, -1, 1, 2, 4]
    """
    trumps, adders = _scoring_masks(trump, adder, jokers)
    return _points_of(mask_of(trick), trumps, adders)


def _points_of(mask: int, trumps: int, adders: int) -> int:
    """Trick points (MV-5.1): adders count first, even beside trumps (MV-5.2)."""
    a = (mask & adders).bit_count()
    if a:
        return a
    t = (mask & trumps).bit_count()
    if t == PLAYERS:
        return -4
    return -1 if t else 1


_SCORING: dict[tuple[Suit, Suit, str], tuple[int, int]] = {}


def _scoring_masks(trump: Suit, adder: Suit, jokers: str) -> tuple[int, int]:
    key = (trump, adder, jokers)
    found = _SCORING.get(key)
    if found is None:
        trumps = tricks.SUIT_MASKS[trump] | (tricks.JOKERS_MASK if jokers == "trump" else 0)
        found = _SCORING[key] = (trumps, tricks.SUIT_MASKS[adder])
    return found


_TRICK_RULES: Final[dict[tuple[Suit | None, str, bool], tricks.TrickRules]] = {
    (suit, jokers, win): tricks.trick_rules(suit, jokers, win)
    for suit in Suit
    for jokers in JOKER_MODES
    for win in (True, False)
}


def _trick_rules_of(rules: Rules, trump: Suit | None) -> tricks.TrickRules:
    return _TRICK_RULES[(trump, rules.jokers, rules.trumps_win)]


# --------------------------------------------------------------------------- state


class Phase(enum.IntEnum):
    """Where a game stands."""

    CHOOSE_DEALER = 0  # explicit chance: the first dealer is drawn
    DEALING = 1  # explicit chance: cards are dealt one at a time
    BLIND = 2  # with bidding: the partnerships declare blind or not, cards unseen
    PASSING = 3  # each seat passes two cards to its left, hidden until all have
    BIDDING = 4  # with bidding: zero, elegant or no bid, from the dealer's left
    PLAYING = 5
    OVER = 6


# The phases as module constants: a global is several times faster to read than an
# enum member, and the hot path compares the phase on every move.
_CHOOSE_DEALER, _DEALING, _BLIND, _PASSING, _BIDDING, _PLAYING, _OVER = (
    Phase.CHOOSE_DEALER,
    Phase.DEALING,
    Phase.BLIND,
    Phase.PASSING,
    Phase.BIDDING,
    Phase.PLAYING,
    Phase.OVER,
)


class State(NamedTuple):
    """A complete game position. Use the module's functions; never build one by hand.

    Hands and the cards of finished tricks are card masks (see
    :mod:`cardrules.cards`); :func:`zones` gives them as cards. Per-team fields are
    indexed by team (``seat % 2``). ``passed[seat]`` is the two cards that seat
    passed this deal (0 before it passes); until every seat has passed they are in
    transit, in no hand. ``bids[seat]`` is ``"zero"``, ``"elegant"``, ``"no bid"``
    or None (not yet, or no bidding).
    """

    rules: Rules
    seed: int
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    phase: Phase
    hands: tuple[int, ...]
    undealt: int
    dealt: int
    face_up: tuple[Card, ...]
    trump: Suit | None
    adder: Suit | None
    blinds: tuple[bool | None, ...]
    passed: tuple[int, ...]
    bids: tuple[str | None, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    trick_points: tuple[int, ...]
    books: tuple[int, ...]
    revokes: tuple[int, ...]
    won: int
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None
    outcome: Outcome | None

    @property
    def trick_rules(self) -> tricks.TrickRules:
        """Follow-suit and trick-winning rules of the deal in progress."""
        return _trick_rules_of(self.rules, self.trump)


# The per-move path builds states with tuple.__new__: NamedTuple's own __new__ is a
# Python function, and calling it costs more than twice as much. Arguments go in
# field order, as with State(...).
_new_state: Final = tuple.__new__


def _team_name(team: int) -> str:
    return f"seats {team} and {team + 2}"


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
    check_rules(rules, Rules, NAME)
    seed = check_seed(seed)
    check_choice("chance", chance, ("seeded", "explicit"))
    order = match_core.first_deal_order(deck, DECK54, chance)
    start = State(
        rules,
        seed,
        chance,
        order,
        Match.start(rules.first_dealer or 0, PLAYERS),
        _CHOOSE_DEALER,
        (0,) * PLAYERS,
        _FULL_DECK,
        0,
        (),
        None,
        None,
        (None, None),
        (0,) * PLAYERS,
        (None,) * PLAYERS,
        0,
        (),
        (0,) * PLAYERS,
        (0, 0),
        (0, 0),
        (0,) * PLAYERS,
        0,
        0,
        Log.EMPTY,
        Log.EMPTY,
        None,
    )
    if chance == "explicit" and rules.first_dealer is None:
        return start
    dealer = match_core.first_dealer(rules, seed, PLAYERS)
    return _begin_deal(start, Match.start(dealer, PLAYERS), start.log, order)


_FULL_DECK: Final = mask_of(DECK54)


def _begin_deal(
    state: State, match: Match, log: Log[Event], order: Sequence[Card] | None = None
) -> State:
    """Start deal ``match.deal_number``: deal it at once (seeded) or wait for chance.

    Thirteen cards each, one at a time from the dealer's left; the last two are turned
    face up and fix the trump and adder suits (rules MV-2.2 to MV-2.5).
    """
    log = log.append(
        Event(
            "deal",
            match.dealer,
            value=HAND,
            text=f"deal {match.deal_number + 1}: seat {match.dealer} deals 13 cards each",
        )
    )
    fresh = state._replace(
        match=match,
        phase=_DEALING,
        hands=(0,) * PLAYERS,
        undealt=_FULL_DECK,
        dealt=0,
        face_up=(),
        trump=None,
        adder=None,
        blinds=(None, None),
        passed=(0,) * PLAYERS,
        bids=(None,) * PLAYERS,
        leader=(match.dealer + 1) % PLAYERS,
        trick=(),
        tricks_won=(0,) * PLAYERS,
        trick_points=(0, 0),
        books=(0, 0),
        revokes=(0,) * PLAYERS,
        won=0,
        log=log,
    )
    if state.chance == "explicit" and order is None:
        return fresh
    if order is None:
        order = match_core.shuffled(state.seed, match.deal_number, DECK54)
    hands = [0] * PLAYERS
    for position, card in enumerate(order[: PLAYERS * HAND]):
        hands[(match.dealer + 1 + position) % PLAYERS] |= card.bit
    return _turn_face_up(fresh, tuple(hands), tuple(order[PLAYERS * HAND :]))


def _turn_face_up(state: State, hands: tuple[int, ...], face_up: tuple[Card, ...]) -> State:
    rules = state.rules
    trump, adder = trump_and_adder(face_up, rules.equal_rank_rule)
    shown = format_cards(face_up)
    log = state.log.append(
        Event(
            "trump",
            cards=face_up,
            text=f"face-up cards {shown}: {trump.plural} are trumps, {adder.plural} the adder suit",
        )
    )
    return state._replace(
        phase=_BLIND if rules.bidding else _PASSING,
        hands=hands,
        undealt=0,
        dealt=len(DECK54),
        face_up=face_up,
        trump=trump,
        adder=adder,
        log=log,
    )


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | Chance | None:
    """The seat to move, CHANCE at a random event (explicit chance), None when over."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    phase = state.phase
    if phase == _PLAYING:
        return (state.leader + len(state.trick)) % PLAYERS
    if phase in (_PASSING, _BIDDING, _BLIND):
        return _actor(state)
    if phase == _OVER:
        return None
    return CHANCE


def _actor(state: State) -> int:
    """The seat to pass, bid or declare: clockwise from the dealer's left. The blind
    declarations are made by the first member of each team in that order."""
    phase = state.phase
    if phase == _PASSING:
        done = PLAYERS - state.passed.count(0)
    elif phase == _BIDDING:
        done = PLAYERS - state.bids.count(None)
    else:
        done = 2 - state.blinds.count(None)
    return (state.match.dealer + 1 + done) % PLAYERS


def is_over(state: State) -> bool:
    """Whether the game has ended (a team reached the target, or a cap was reached)."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    return state.phase == _OVER


_CHUNK: Final = (1 << 13) - 1
_PLAY_CHUNKS: list[dict[int, tuple[Play, ...]]] = [{} for _ in range(5)]


def _plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of a mask, by card index (cached per suit and for jokers)."""
    plays: tuple[Play, ...] = ()
    for chunk_number in range(5):
        chunk = (mask >> (13 * chunk_number)) & _CHUNK
        if chunk:
            table = _PLAY_CHUNKS[chunk_number]
            found = table.get(chunk)
            if found is None:
                found = tuple(PLAYS[c.index] for c in cards_of(chunk << (13 * chunk_number)))
                table[chunk] = found
            plays += found
    return plays


def _passes_of(hand: int) -> tuple[PassCards, ...]:
    """Every pass of two cards of ``hand``, in move-number order."""
    indices = [card.index for card in cards_of(hand)]
    result: list[PassCards] = []
    for position, high in enumerate(indices):
        row = _PASS_ROWS[high]
        result.extend([row[low] for low in indices[:position]])
    return tuple(result)


def _legal_declarations(state: State, seat: int) -> tuple[Declaration, ...]:
    """The bids open to a seat: one per partnership with ``one_bid_per_team`` (MV-6.5);
    an elegant bid is a partnership's promise, so it is made at most once per team (MV-6.6)."""
    team = seat % 2
    partner_bid = state.bids[(seat + 2) % PLAYERS]
    if state.rules.one_bid_per_team:
        if state.blinds[team] or partner_bid in ("zero", "elegant"):
            return (NO_BID,)
        return _DECLARATIONS
    if partner_bid == "elegant":
        return (BID_ZERO, NO_BID)
    return _DECLARATIONS


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in canonical order; ``()`` if and only if the game is over."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    phase = state.phase
    if phase == _PLAYING:
        seat = (state.leader + len(state.trick)) % PLAYERS
        hand = state.hands[seat]
        if state.rules.revoke == "penalty":
            return _plays_of(hand)  # a revoke is legal and penalised (MV-4.4)
        rules = _TRICK_RULES[(state.trump, state.rules.jokers, state.rules.trumps_win)]
        # Any lead (MV-4.1); then the led suit if held, else any card (MV-4.2, MV-4.3).
        return _plays_of(tricks.playable_to(rules, hand, state.trick))
    if phase == _PASSING:
        return _passes_of(state.hands[_actor(state)])
    if phase == _BIDDING:
        return _legal_declarations(state, _actor(state))
    if phase == _BLIND:
        return (BLIND, NO_BLIND)
    if phase == _OVER:
        return ()
    return tuple(move for move, _ in chance_outcomes(state))


def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
    """At a CHANCE step, each possible outcome with its probability; else ``()``."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    if state.phase == _CHOOSE_DEALER:
        return tuple((ChooseDealer(seat), 1 / PLAYERS) for seat in range(PLAYERS))
    if state.phase == _DEALING:
        remaining = cards_of(state.undealt)
        return tuple((DEALS[card.index], 1 / len(remaining)) for card in remaining)
    return ()


# --------------------------------------------------------------------------- applying


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

    Exchanging the passed cards, scoring tricks, revoke penalties, scoring a
    finished deal and dealing the next one happen inside ``apply``.
    """
    if type(state) is not State:
        raise wrong_state(state, NAME)
    phase = state.phase
    if phase == _PLAYING:
        if type(move) is Play and move.call is None and not move.announce:
            seat = (state.leader + len(state.trick)) % PLAYERS
            hand = state.hands[seat]
            bit = move.card.bit
            if bit & hand:
                rules = _TRICK_RULES[(state.trump, state.rules.jokers, state.rules.trumps_win)]
                if bit & tricks.playable_to(rules, hand, state.trick):
                    return _play(state, seat, move, rules, False)
                if state.rules.revoke == "penalty":
                    return _play(state, seat, move, rules, True)
    elif phase == _PASSING:
        if type(move) is PassCards:
            seat = _actor(state)
            mask = move.cards[0].bit | move.cards[1].bit
            if mask & state.hands[seat] == mask:
                return _pass(state, seat, move, mask)
    elif phase == _BIDDING:
        if type(move) is Declaration:
            seat = _actor(state)
            if move in _legal_declarations(state, seat):
                return _declare(state, seat, move)
    elif phase == _BLIND:
        if type(move) is Blind:
            return _blind(state, move)
    elif phase == _CHOOSE_DEALER:
        if type(move) is ChooseDealer and 0 <= move.seat < PLAYERS:
            started = state._replace(history=_extend(state.history, move))
            return _begin_deal(started, Match.start(move.seat, PLAYERS), state.log)
    elif phase == _DEALING and type(move) is DealCard and move.card.bit & state.undealt:
        return _deal_card(state, move)
    raise IllegalMoveError(_why_illegal(state, move))


def _extend(history: Log[Move] | None, move: Move) -> Log[Move] | None:
    return None if history is None else history.append(move)


def _deal_card(state: State, move: DealCard) -> State:
    card = move.card
    state = state._replace(
        history=_extend(state.history, move),
        undealt=state.undealt & ~card.bit,
        dealt=state.dealt + 1,
    )
    position = state.dealt - 1
    if position < PLAYERS * HAND:
        hands = list(state.hands)
        hands[(state.match.dealer + 1 + position) % PLAYERS] |= card.bit
        return state._replace(hands=tuple(hands))
    face_up = (*state.face_up, card)
    if len(face_up) < 2:
        return state._replace(face_up=face_up)
    return _turn_face_up(state, state.hands, face_up)


def _blind(state: State, move: Blind) -> State:
    seat = _actor(state)
    team = seat % 2
    blinds = list(state.blinds)
    blinds[team] = move.declare
    said = "declares blind" if move.declare else "does not declare blind"
    log = state.log.append(
        Event(
            "blind",
            seat,
            value=int(move.declare),
            text=f"seat {seat} {said} for {_team_name(team)}",
        )
    )
    phase = _BLIND if None in blinds else _PASSING
    moved = state._replace(
        phase=phase,
        blinds=tuple(blinds),
        moves_made=state.moves_made + 1,
        log=log,
        history=_extend(state.history, move),
    )
    return _check_caps(moved)


def _pass(state: State, seat: int, move: PassCards, mask: int) -> State:
    """Two cards to the left neighbour (MV-3.1), exchanged once every seat has passed (MV-3.2)."""
    hands = list(state.hands)
    hands[seat] &= ~mask
    passed = list(state.passed)
    passed[seat] = mask
    # The pass is secret until every seat has passed: the log says only that it happened.
    log = state.log.append(Event("pass", seat, text=f"seat {seat} passes two cards"))
    phase = _PASSING
    if 0 not in passed:
        for giver in range(PLAYERS):
            hands[(giver + 1) % PLAYERS] |= passed[giver]
        log = log.append(
            Event(
                "exchange",
                text="the passed cards are exchanged: each seat receives two cards from its right",
            )
        )
        phase = _BIDDING if state.rules.bidding else _PLAYING
    moved = state._replace(
        phase=phase,
        hands=tuple(hands),
        passed=tuple(passed),
        moves_made=state.moves_made + 1,
        log=log,
        history=_extend(state.history, move),
    )
    return _check_caps(moved)


def _declare(state: State, seat: int, move: Declaration) -> State:
    bids = list(state.bids)
    word = _BID_WORDS[move]
    bids[seat] = word
    if move.kind is None:
        text = f"seat {seat}: no bid"
    elif move.kind == "zero":
        text = f"seat {seat} bids zero: he will win no trick"
    else:
        text = f"seat {seat} bids elegant for {_team_name(seat % 2)}"
    log = state.log.append(Event("bid", seat, value=_BID_CODES[word], text=text))
    moved = state._replace(
        phase=_BIDDING if None in bids else _PLAYING,
        bids=tuple(bids),
        moves_made=state.moves_made + 1,
        log=log,
        history=_extend(state.history, move),
    )
    return _check_caps(moved)


def _play(state: State, seat: int, move: Play, rules: tricks.TrickRules, revoked: bool) -> State:
    card = move.card
    hands = list(state.hands)
    hands[seat] &= ~card.bit
    trick = (*state.trick, card)
    log = state.log.append(play_event(seat, card))
    revokes = state.revokes
    if revoked:  # legal under revoke="penalty": -4 for the team, announced at once (MV-4.4)
        counts = list(revokes)
        counts[seat] += 1
        revokes = tuple(counts)
        led = tricks.led_suit(rules, state.trick)
        assert led is not None
        log = log.append(
            Event(
                "revoke",
                seat,
                value=-REVOKE_PENALTY,
                text=f"seat {seat} revokes (holds {led.plural}): -{REVOKE_PENALTY} for "
                f"{_team_name(seat % 2)}",
            )
        )
    leader = state.leader
    tricks_won = state.tricks_won
    trick_points = state.trick_points
    books = state.books
    won = state.won
    if len(trick) == PLAYERS:
        # The highest trump (jokers on top), else of the led suit, wins (MV-4.5, MV-4.3) and
        # leads next (MV-4.1); the trick scores for the winner's team (MV-5.1 to MV-5.3).
        winner = (leader + tricks.winner(rules, trick)) % PLAYERS
        assert state.trump is not None and state.adder is not None
        trumps, adders = _scoring_masks(state.trump, state.adder, state.rules.jokers)
        mask = trick[0].bit | trick[1].bit | trick[2].bit | trick[3].bit
        points = _points_of(mask, trumps, adders)
        team = winner % 2
        counts = list(tricks_won)
        counts[winner] += 1
        tricks_won = tuple(counts)
        team_points = list(trick_points)
        team_points[team] += points
        trick_points = tuple(team_points)
        book = points == PLAYERS and (mask & adders) == mask
        if book:
            team_books = list(books)
            team_books[team] += 1
            books = tuple(team_books)
        log = log.append(
            Event(
                "trick",
                winner,
                trick,
                value=points,
                text=f"seat {winner} wins the trick {format_cards(trick)}: {points:+d} for "
                f"{_team_name(team)}" + (" (a book)" if book else ""),
            )
        )
        won |= mask
        trick = ()
        leader = winner
    moved: State = _new_state(
        State,
        (
            state.rules,
            state.seed,
            state.chance,
            state.first_deck,
            state.match,
            _PLAYING,
            tuple(hands),
            state.undealt,
            state.dealt,
            state.face_up,
            state.trump,
            state.adder,
            state.blinds,
            state.passed,
            state.bids,
            leader,
            trick,
            tricks_won,
            trick_points,
            books,
            revokes,
            won,
            state.moves_made + 1,
            log,
            _extend(state.history, move),
            None,
        ),
    )
    if not trick and not any(hands):
        return _finish_deal(moved)
    return _check_caps(moved)


def raw_scores(state: State) -> tuple[int, int]:
    """Each team's raw deal score so far: its trick points minus 4 per revoke (MV-5.4)."""
    return (
        state.trick_points[0] - REVOKE_PENALTY * (state.revokes[0] + state.revokes[2]),
        state.trick_points[1] - REVOKE_PENALTY * (state.revokes[1] + state.revokes[3]),
    )


def _settle(state: State, raw: tuple[int, int]) -> tuple[int, int]:
    """Each team's deal points: the raw score, transformed by the team's bids.

    Blind (rule MV-6.3), zero (MV-6.2) and elegant (MV-6.4), each team settled
    independently (MV-6.5). The bids of a team are settled in the order they were
    made (blind first, then the bids after the pass from the dealer's left), each
    on the result of the one before (MV-6.6); with ``one_bid_per_team`` (the
    default) a team has at most one.
    ``elegant_fail="reset_total"`` sets the team's total to 0 after the deal.
    """
    rules = state.rules
    if not rules.bidding:
        return raw
    result = []
    order = [(state.match.dealer + 1 + k) % PLAYERS for k in range(PLAYERS)]
    for team in (0, 1):
        points = raw[team]
        reset = False
        if state.blinds[team]:
            if raw[team] > raw[1 - team]:
                points = 2 * points
            else:
                points = -3 if rules.blind_fail == "replace" else points - 3
        for seat in order:
            if seat % 2 != team:
                continue
            bid = state.bids[seat]
            if bid == "zero":
                if state.tricks_won[seat] == 0:
                    points = 3 * points if points > 0 else 1
                else:
                    points = -1 if rules.zero_fail == "replace" else points - 1
            elif bid == "elegant":
                assert rules.elegant_books is not None
                if state.books[team] >= rules.elegant_books:
                    points = 2 * points
                elif rules.elegant_fail == "deal_zero":
                    points = 0
                else:
                    reset = True
        if reset:
            points = -state.match.totals[team]
        result.append(points)
    return result[0], result[1]


def _finish_deal(state: State) -> State:
    raw = raw_scores(state)
    team_points = _settle(state, raw)
    points = tuple(team_points[seat % 2] for seat in range(PLAYERS))
    extras: tuple[tuple[str, tuple[int, ...]], ...] = (
        ("raw", tuple(raw[seat % 2] for seat in range(PLAYERS))),
        ("tricks", state.tricks_won),
        ("books", tuple(state.books[seat % 2] for seat in range(PLAYERS))),
        ("revokes", state.revokes),
    )
    if state.rules.bidding:
        extras += (
            ("blind", tuple(int(bool(state.blinds[seat % 2])) for seat in range(PLAYERS))),
            ("bids", tuple(_BID_CODES[bid] for bid in state.bids)),
        )
    match = state.match.finish_deal(points, extras)
    log = state.log.append(
        Event(
            "scored",
            text=f"deal {state.match.deal_number + 1} scored: seats 0 and 2 {team_points[0]:+d}"
            f" (total {match.totals[0]}), seats 1 and 3 {team_points[1]:+d}"
            f" (total {match.totals[1]})",
        )
    )
    outcome = match_core.match_over(
        state.rules, match, state.moves_made, decided=_target_reached(state.rules, match)
    )
    if outcome is not None:
        return _game_over(state, match, log, outcome)
    return _begin_deal(state, match, log)


def _target_reached(rules: Rules, match: Match) -> Outcome | None:
    """The team with the higher total wins once a total reaches the target (MV-7.1, MV-7.2)."""
    first, second = match.totals[0], match.totals[1]
    if max(first, second) >= rules.target and first != second:
        return Outcome("target reached", TEAMS[0] if first > second else TEAMS[1], False)
    return None


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
    if not isinstance(move, (Play, PassCards, Blind, Declaration, DealCard, ChooseDealer)):
        forms = (*_WORD_MOVES, "pass C1 C2", "play CARD")
        return not_a_move(move, "Maverick", game_forms(forms, state.chance))
    if phase in (_CHOOSE_DEALER, _DEALING):
        wanted = "'dealer SEAT'" if phase == _CHOOSE_DEALER else "'deal CARD' of an undealt card"
        return f"a chance step is due (explicit chance): the move must be {wanted}, not {move}"
    seat = to_move(state)
    assert isinstance(seat, int)
    hand = state.hands[seat]
    if phase == _BLIND:
        return (
            f"seat {seat} must declare for {_team_name(seat % 2)} before seeing the cards: "
            f"'blind' or 'no blind', not {move} (rule MV-6.1)"
        )
    if phase == _PASSING:
        if not isinstance(move, PassCards):
            return f"seat {seat} must pass two cards to the left now ('pass C1 C2'), not {move}"
        missing = [c for c in move.cards if not c.bit & hand]
        return (
            f"seat {seat} can pass only cards of his hand: {format_cards(missing)} "
            f"not in {format_cards(cards_of(hand))} (rule MV-3.1)"
        )
    if phase == _BIDDING:
        if not isinstance(move, Declaration):
            return f"seat {seat} must bid now: 'bid zero', 'bid elegant' or 'no bid', not {move}"
        team = seat % 2
        if state.blinds[team]:
            why = f"{_team_name(team)} declared blind"
        elif move.kind == "elegant" and not state.rules.one_bid_per_team:
            why = "an elegant bid is made once per partnership, and the partner made it"
        else:
            why = f"the partner already bid {state.bids[(seat + 2) % PLAYERS]}"
        rule = "MV-6.5" if state.rules.one_bid_per_team else "MV-6.6"
        return (
            f"{why}: one bid per partnership per deal; allowed: "
            + ", ".join(str(m) for m in _legal_declarations(state, seat))
            + f" (rule {rule})"
        )
    if not isinstance(move, Play):
        return f"seat {seat} must play a card now, not {move}"
    if move.call is not None or move.announce:
        return "Maverick has no calls or announcements: write just 'play CARD'"
    if not move.card.bit & hand:
        return f"{move.card} is not in seat {seat}'s hand ({format_cards(cards_of(hand))})"
    rules = state.trick_rules
    led = tricks.led_suit(rules, state.trick)
    assert led is not None
    following = cards_of(hand & rules.follow_masks[led])
    return f"seat {seat} must follow suit: {led.plural} ({format_cards(following)}) (rule MV-4.2)"


# --------------------------------------------------------------------------- notation


_WORD_MOVES: Final[dict[str, Move]] = {
    "blind": BLIND,
    "no blind": NO_BLIND,
    "bid zero": BID_ZERO,
    "bid elegant": BID_ELEGANT,
    "no bid": NO_BID,
}


def parse_move_text(text: str) -> Move:
    """Read a Maverick move from its text form, without checking it against a state.

    Forms: ``pass C1 C2``, ``blind``, ``no blind``, ``bid zero``, ``bid elegant``,
    ``no bid``, ``play CARD``, ``deal CARD``, ``dealer SEAT``.

    >>> str(parse_move_text("pass 7d 2c")), str(parse_move_text("Bid  Zero"))
    ('pass 2C 7D', 'bid zero')
    """
    words = text.strip().split()
    joined = " ".join(w.lower() for w in words)
    found = _WORD_MOVES.get(joined)
    if found is not None:
        return found
    if words and words[0].lower() == "pass":
        if len(words) != 3:
            raise NotationError(f"bad move {text!r}: a pass names two cards, e.g. 'pass 2C 7D'")
        first, second = parse_card(words[1]), parse_card(words[2])
        if first is second:
            raise NotationError(f"bad move {text!r}: a pass is two different cards")
        low, high = sorted((first.index, second.index))
        return PASSES[_pair_index(low, high)]
    if words and words[0].lower() == "bid":
        raise NotationError(
            f"bad move {text!r}: Maverick's bids are 'bid zero', 'bid elegant' and 'no bid'"
        )
    if not words or words[0].lower() not in ("play", "deal", "dealer"):
        forms = "', '".join((*_WORD_MOVES, "pass C1 C2", "play CARD", "deal CARD", "dealer SEAT"))
        raise NotationError(f"bad move {text!r}: the forms are '{forms}'")
    move = _parse_shared_move_text(text)
    if not isinstance(move, (Play, DealCard, ChooseDealer)):
        raise NotationError(f"bad move {text!r}: not a Maverick move")
    return move


def parse_move(state: State, text: str) -> Move:
    """Read a move and check it is legal here (NotationError / IllegalMoveError)."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    move = parse_move_text(text)
    if move not in legal_moves(state):
        raise IllegalMoveError(_why_illegal(state, move))
    return move


def move_index(move: Move) -> int:
    """The fixed number of a move (see the module docs)."""
    if isinstance(move, Play) and move.call is None and not move.announce:
        return move.card.index
    if isinstance(move, PassCards):
        low, high = move.cards
        return _PASS_BASE + _pair_index(low.index, high.index)
    if isinstance(move, Blind):
        return _BLIND_BASE + (0 if move.declare else 1)
    if isinstance(move, Declaration):
        return _BID_BASE + _DECLARATIONS.index(move)
    if isinstance(move, DealCard):
        return _DEAL_BASE + move.card.index
    if isinstance(move, ChooseDealer) and 0 <= move.seat < PLAYERS:
        return _DEALER_BASE + move.seat
    raise IllegalMoveError(f"{move} has no number in Maverick")


def move_from_index(index: int) -> Move:
    """The move with this number (see the module docs)."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_MOVES:
        raise IllegalMoveError(f"move numbers are 0..{NUM_MOVES - 1}, not {index!r}")
    if index < _PASS_BASE:
        return PLAYS[index]
    if index < _BLIND_BASE:
        return PASSES[index - _PASS_BASE]
    if index < _BID_BASE:
        return BLIND if index == _BLIND_BASE else NO_BLIND
    if index < _DEAL_BASE:
        return _DECLARATIONS[index - _BID_BASE]
    if index < _DEALER_BASE:
        return DEALS[index - _DEAL_BASE]
    return ChooseDealer(index - _DEALER_BASE)


# --------------------------------------------------------------------------- scores


def score(state: State) -> Score:
    """Team totals per seat, per-deal rows, outcome; payoffs = own team minus the other."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    totals = state.match.totals
    lead = totals[0] - totals[1]
    return Score(
        totals=totals,
        teams=TEAMS,
        better="high",
        deals=state.match.rows,
        outcome=state.outcome,
        payoffs=(float(lead), float(-lead), float(lead), float(-lead)),
    )


def _in_transit(state: State) -> bool:
    """Whether passed cards are on their way (some seats passed, not all)."""
    return 0 in state.passed and any(state.passed)


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card is: each hand, each pass in transit, the trick, the finished
    tricks, the face-up cards, the undealt cards."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    result = {f"hand {seat}": cards_of(hand) for seat, hand in enumerate(state.hands)}
    transit = _in_transit(state)
    for seat, passed in enumerate(state.passed):
        result[f"passing {seat}"] = cards_of(passed) if transit else ()
    result["trick"] = tuple(state.trick)
    result["won tricks"] = cards_of(state.won)
    result["face up"] = state.face_up
    result["undealt"] = cards_of(state.undealt)
    return result


# --------------------------------------------------------------------------- hidden information


@attrs.frozen(slots=True)
class View:
    """What one seat may know: its own hand and everything public, nothing else.

    ``hand`` is empty while the seat may not look at its cards yet (with bidding,
    until the blind declarations are made). ``passed`` is the two cards this seat
    passed (known to be in its left neighbour's hand until played) and
    ``received`` the two it received from its right, once the passes are
    exchanged; other seats' passes stay hidden. ``has_passed`` tells who has
    passed. Per-team tuples are indexed by team (``seat % 2``).
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
    face_up: tuple[Card, ...]
    trump: Suit | None
    adder: Suit | None
    blinds: tuple[bool | None, ...]
    has_passed: tuple[bool, ...]
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    bids: tuple[str | None, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    won_cards: tuple[Card, ...]
    trick_points: tuple[int, ...]
    books: tuple[int, ...]
    revokes: tuple[int, ...]
    totals: tuple[int, ...]
    score: Score
    moves_made: int
    events: tuple[Event, ...]
    legal_moves: tuple[Move, ...]


def _hand_hidden(rules: Rules, phase: Phase) -> bool:
    """With bidding, no seat sees its cards before the blind declarations (rule MV-6.1)."""
    return rules.bidding and phase in (_CHOOSE_DEALER, _DEALING, _BLIND)


def observe(state: State, seat: int) -> View:
    """The view of ``seat``: own hand, own pass, face-up cards, public bids and play."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    check_seat(seat, PLAYERS)
    mover = to_move(state)
    exchanged = 0 not in state.passed
    return View(
        rules=state.rules,
        seat=seat,
        chance=state.chance,
        phase=state.phase,
        to_move=mover,
        deal_number=state.match.deal_number,
        dealer=None if state.phase == _CHOOSE_DEALER else state.match.dealer,
        hand=() if _hand_hidden(state.rules, state.phase) else cards_of(state.hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        undealt_count=state.undealt.bit_count(),
        face_up=state.face_up,
        trump=state.trump,
        adder=state.adder,
        blinds=state.blinds,
        has_passed=tuple(bool(p) for p in state.passed),
        passed=cards_of(state.passed[seat]),
        received=cards_of(state.passed[(seat - 1) % PLAYERS]) if exchanged else (),
        bids=state.bids,
        leader=state.leader,
        trick=state.trick,
        tricks_won=state.tricks_won,
        won_cards=cards_of(state.won),
        trick_points=state.trick_points,
        books=state.books,
        revokes=state.revokes,
        totals=state.match.totals,
        score=score(state),
        moves_made=state.moves_made,
        events=state.log.to_tuple(),
        legal_moves=legal_moves(state) if mover == seat else (),
    )


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the deal, trumps and adders, the passes, the trick, the bids,
    tricks and team points, the hand.

    >>> state = deal(Rules(first_dealer=3), seed=7)
    >>> [fact.label for fact in describe(observe(state, 0))][:4]
    ['deal', 'trumps', 'adders', 'face-up cards']
    """
    facts = [Fact("deal", f"{view.deal_number + 1}, dealt by seat {view.dealer}")]
    if view.trump is not None and view.adder is not None:
        facts.append(Fact("trumps", view.trump))
        facts.append(Fact("adders", view.adder))
    if view.face_up:
        facts.append(Fact("face-up cards", view.face_up))
    facts.append(Fact("partners", "seats 0 and 2 against seats 1 and 3"))
    if view.passed:
        facts.append(Fact(f"you passed to seat {(view.seat + 1) % PLAYERS}", view.passed))
    if view.received:
        facts.append(Fact(f"you received from seat {(view.seat - 1) % PLAYERS}", view.received))
    if view.trick:
        facts.append(Fact("trick", tricks.trick_plays(view.leader, view.trick, PLAYERS)))
    if any(blind is not None for blind in view.blinds):
        blinds = tuple(
            None if view.blinds[s % 2] is None else "blind" if view.blinds[s % 2] else "no"
            for s in range(PLAYERS)
        )
        facts.append(Fact("blind", blinds, per_seat=True))
    if any(bid is not None for bid in view.bids):
        facts.append(Fact("bid", view.bids, per_seat=True))
    facts.append(Fact("cards", view.hand_sizes, per_seat=True))
    facts.append(Fact("tricks won", view.tricks_won, per_seat=True))
    facts.append(
        Fact("team trick points", tuple(view.trick_points[s % 2] for s in range(PLAYERS)), True)
    )
    facts.append(Fact("hand", view.hand if view.hand else "not seen yet (declare blind first)"))
    return tuple(facts)


def explain_move(view: View, move: Move) -> str:
    """What choosing ``move`` means: where a pass goes, what each bid promises and risks.

    >>> explain_move(observe(deal(Rules(first_dealer=3), seed=7), 0), PASSES[0])
    'give these two cards to seat 1'
    """
    rules = view.rules
    if isinstance(move, PassCards):
        return f"give these two cards to seat {(view.seat + 1) % PLAYERS}"
    if isinstance(move, Blind):
        if not move.declare:
            return "your partnership plays normally"
        fail = "-3" if rules.blind_fail == "replace" else "3 less"
        return (
            "before seeing the cards: if your partnership outscores the other this deal "
            f"its points double, otherwise it scores {fail}"
        )
    if isinstance(move, Declaration):
        if move.kind == "zero":
            fail = "-1" if rules.zero_fail == "replace" else "1 less"
            return f"you win no trick: your team's points triple (1 if not positive); else {fail}"
        if move.kind == "elegant":
            return (
                f"your team wins at least {rules.elegant_books} books (tricks of four adders): "
                "its points double; else they are lost"
            )
        return "no bid"
    if isinstance(move, Play) and move.card.suit is not None:
        if move.card.suit == view.trump:
            return "a trump"
        if move.card.suit == view.adder:
            return "an adder: it adds a point to the trick it is in"
    return ""


class _Knowledge(NamedTuple):
    """What the public play of the current deal shows about the hands."""

    forbidden: tuple[int, ...]  # per seat: cards it cannot hold (suits it failed to follow)
    required: tuple[tuple[int, int], ...]  # (seat, mask): it holds a card of the mask
    played: tuple[int, ...]  # per seat: the cards it played this deal


def _knowledge(view: View) -> _Knowledge:
    """Voids shown by failing to follow without a revoke, and, with the revoke
    penalty, suits a revoker is known to hold (until he plays one of them)."""
    forbidden = [0] * PLAYERS
    played = [0] * PLAYERS
    pending: dict[tuple[int, Suit], int] = {}
    if view.trump is None:
        return _Knowledge(tuple(forbidden), (), tuple(played))
    rules = _trick_rules_of(view.rules, view.trump)
    deal_events: list[Event] = []
    for event in reversed(view.events):
        if event.kind == "deal":
            break
        deal_events.append(event)
    deal_events.reverse()
    trick: list[Card] = []
    for position, event in enumerate(deal_events):
        if event.kind == "play":
            card = event.cards[0]
            seat = event.seat
            assert seat is not None
            led = tricks.led_suit(rules, trick)
            if led is not None and not card.bit & (rules.follow_masks[led] | rules.anytime_mask):
                following = deal_events[position + 1] if position + 1 < len(deal_events) else None
                if following is not None and following.kind == "revoke":
                    pending[(seat, led)] = rules.follow_masks[led]
                else:
                    forbidden[seat] |= rules.follow_masks[led]
            for key, mask in list(pending.items()):
                if key[0] == seat and card.bit & mask:
                    del pending[key]
            played[seat] |= card.bit
            trick.append(card)
        elif event.kind == "trick":
            trick = []
    required = tuple((seat, mask) for (seat, _), mask in pending.items())
    return _Knowledge(tuple(forbidden), required, tuple(played))


def sample(view: View, rng: random.Random) -> State:
    """A complete state consistent with ``view``, exactly uniform over the consistent worlds.

    The unseen cards are dealt uniformly among the deals that respect every void
    shown by a failure to follow suit, every suit a revoker is known to hold (with
    ``revoke="penalty"`` a revoke is public, so it shows the revoker held the led
    suit), and the two cards this seat passed, which are in its left neighbour's
    hand until played. While the passes are in transit, the passes of other seats
    that have passed are two unseen cards each; after the exchange, the hidden
    passes of the other seats are drawn uniformly from the cards their receivers
    held after the exchange. The state gets a fresh seed from ``rng`` (so later
    deals are new too) and no move history.
    """
    if type(view) is not View:
        raise wrong_state(view, NAME, "view")
    check_rng(rng)
    check_view(view)
    rules = view.rules
    seat = view.seat
    left = (seat + 1) % PLAYERS
    phase = view.phase
    face_up = mask_of(view.face_up)
    trick = mask_of(view.trick)
    won = mask_of(view.won_cards)
    own_hand = mask_of(view.hand)
    hand_known = not _hand_hidden(rules, phase)
    own_pass = mask_of(view.passed)
    exchanged = all(view.has_passed)
    transit = any(view.has_passed) and not exchanged
    knowledge = _knowledge(view)
    known_left = own_pass & ~(won | trick) if exchanged else 0
    known = face_up | trick | won | known_left
    if hand_known:
        known |= own_hand
    if transit:
        known |= own_pass
    unknown = _FULL_DECK & ~known
    # Holders of unseen cards: the hands, then the passes in transit, then the undealt.
    holders: list[tuple[int, int]] = []
    hand_holders = [s for s in range(PLAYERS) if s != seat or not hand_known]
    for s in hand_holders:
        size = view.hand_sizes[s] - (known_left.bit_count() if s == left else 0)
        holders.append((size, knowledge.forbidden[s]))
    pass_holders = [s for s in range(PLAYERS) if transit and view.has_passed[s] and s != seat]
    holders.extend((2, 0) for _ in pass_holders)
    holders.append((view.undealt_count, 0))
    # A requirement met by a known card (one this seat passed to its left) is no constraint.
    required = tuple(
        (hand_holders.index(s), mask)
        for s, mask in knowledge.required
        if s in hand_holders and not (s == left and known_left & mask)
    )
    dealt = _deal_requiring(unknown, holders, required, rng)
    hands = [0] * PLAYERS
    if hand_known:
        hands[seat] = own_hand
    for s, mask in zip(hand_holders, dealt):
        hands[s] = mask
    hands[left] |= known_left
    passed = [0] * PLAYERS
    if view.has_passed[seat]:
        passed[seat] = own_pass
    for s, mask in zip(pass_holders, dealt[len(hand_holders) :]):
        passed[s] = mask
    if exchanged:
        passed[(seat - 1) % PLAYERS] = mask_of(view.received)
        for giver in ((seat + 1) % PLAYERS, (seat + 2) % PLAYERS):
            receiver = (giver + 1) % PLAYERS
            held = cards_of(hands[receiver] | knowledge.played[receiver])
            passed[giver] = mask_of(rng.sample(held, 2))
    dealer = view.dealer if view.dealer is not None else 0
    match = Match(view.deal_number, dealer, view.totals, view.score.deals)
    return State(
        rules,
        rng.getrandbits(63),
        view.chance,
        None,
        match,
        phase,
        tuple(hands),
        dealt[-1],
        len(DECK54) - view.undealt_count,
        view.face_up,
        view.trump,
        view.adder,
        view.blinds,
        tuple(passed),
        view.bids,
        view.leader,
        view.trick,
        view.tricks_won,
        view.trick_points,
        view.books,
        view.revokes,
        won,
        view.moves_made,
        Log.of(view.events),
        None,
        view.score.outcome,
    )


_QUICK_TRIES: Final = 32


def _deal_requiring(
    unknown: int,
    holders: Sequence[tuple[int, int]],
    required: Sequence[tuple[int, int]],
    rng: random.Random,
) -> tuple[int, ...]:
    """Like :func:`~cardrules.core.sampling.deal_uniformly`, and each ``(holder, mask)``
    of ``required`` receives at least one card of ``mask``; exactly uniform.

    A few uniform deals are tried first and kept if they meet the requirements
    (accepted deals are uniform over the consistent worlds); otherwise the worlds
    are counted exactly. Both paths are exactly uniform, so their mixture is too.
    """
    if not required:
        return deal_uniformly(unknown, holders, rng)
    for _ in range(_QUICK_TRIES):
        dealt = deal_uniformly(unknown, holders, rng)
        if all(dealt[h] & mask for h, mask in required):
            return dealt
    return _deal_requiring_by_counting(unknown, holders, required, rng)


def _compositions(total: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to split ``total`` cards among holders of these capacities."""
    if not caps:
        if total == 0:
            yield ()
        return
    room_after = sum(caps[1:])
    for n in range(max(0, total - room_after), min(total, caps[0]) + 1):
        for tail in _compositions(total - n, caps[1:]):
            yield (n, *tail)


class _RequiringCounter:
    """Counts the worlds by groups of exchangeable cards, tracking which
    requirements are met (a bit set) besides the holders' remaining room."""

    def __init__(
        self, unknown: int, holders: Sequence[tuple[int, int]], required: Sequence[tuple[int, int]]
    ) -> None:
        by_key: dict[tuple[tuple[int, ...], int], int] = {}
        for card in cards_of(unknown):
            allowed = tuple(
                h for h, (_, forbidden) in enumerate(holders) if not forbidden & card.bit
            )
            needs = sum(1 << r for r, (_, mask) in enumerate(required) if mask & card.bit)
            by_key[(allowed, needs)] = by_key.get((allowed, needs), 0) | card.bit
        self.groups = sorted(((m, a, n) for (a, n), m in by_key.items()), key=lambda g: g[0])
        self.required = required
        self.full = (1 << len(required)) - 1
        self.memo: dict[tuple[int, tuple[int, ...], int], int] = {}

    def splits(
        self, g: int, caps: tuple[int, ...], met: int
    ) -> Iterator[tuple[tuple[int, ...], int, int, tuple[int, ...]]]:
        """(new caps, new met, weight, counts) for each way to place group g."""
        mask, allowed, needs = self.groups[g]
        size = mask.bit_count()
        for counts in _compositions(size, [caps[h] for h in allowed]):
            new_caps = list(caps)
            ways = math.factorial(size)
            new_met = met
            for holder, n in zip(allowed, counts):
                new_caps[holder] -= n
                ways //= math.factorial(n)
                if n:
                    for r, (req_holder, _) in enumerate(self.required):
                        if req_holder == holder and needs >> r & 1:
                            new_met |= 1 << r
            yield tuple(new_caps), new_met, ways, counts

    def worlds(self, g: int, caps: tuple[int, ...], met: int) -> int:
        if g == len(self.groups):
            return 1 if met == self.full and not any(caps) else 0
        key = (g, caps, met)
        found = self.memo.get(key)
        if found is None:
            found = sum(
                ways * self.worlds(g + 1, rest, new_met)
                for rest, new_met, ways, _ in self.splits(g, caps, met)
            )
            self.memo[key] = found
        return found


def _deal_requiring_by_counting(
    unknown: int,
    holders: Sequence[tuple[int, int]],
    required: Sequence[tuple[int, int]],
    rng: random.Random,
) -> tuple[int, ...]:
    counter = _RequiringCounter(unknown, holders, required)
    caps = tuple(size for size, _ in holders)
    met = 0
    total = counter.worlds(0, caps, met)
    if total == 0:
        raise IllegalMoveError("no deal of the unseen cards is consistent with the view")
    masks = [0] * len(holders)
    for g, (group_mask, allowed, _) in enumerate(counter.groups):
        pick = rng.randrange(counter.worlds(g, caps, met))
        chosen: tuple[int, ...] = ()
        for new_caps, new_met, ways, counts in counter.splits(g, caps, met):
            weight = ways * counter.worlds(g + 1, new_caps, new_met)
            if pick < weight:
                chosen = counts
                break
            pick -= weight
        order = rng.sample(cards_of(group_mask), group_mask.bit_count())
        start = 0
        for holder, n in zip(allowed, chosen):
            for card in order[start : start + n]:
                masks[holder] |= card.bit
            start += n
        caps, met = new_caps, new_met
    return tuple(masks)


# --------------------------------------------------------------------------- serialization


def state_to_dict(state: State) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
    if type(state) is not State:
        raise wrong_state(state, NAME)
    return common_to_dict(state, NAME, version) | {
        "hands": [format_cards(cards_of(h)) for h in state.hands],
        "undealt": format_cards(cards_of(state.undealt)),
        "dealt": state.dealt,
        "face_up": format_cards(state.face_up),
        "trump": None if state.trump is None else state.trump.plural,
        "adder": None if state.adder is None else state.adder.plural,
        "blinds": list(state.blinds),
        "passed": [format_cards(cards_of(p)) for p in state.passed],
        "bids": list(state.bids),
        "leader": state.leader,
        "trick": format_cards(state.trick),
        "tricks_won": list(state.tricks_won),
        "trick_points": list(state.trick_points),
        "books": list(state.books),
        "revokes": list(state.revokes),
        "won": format_cards(cards_of(state.won)),
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Load a state from :func:`state_to_dict`'s form, refusing anything inconsistent."""
    return StateReader(data, NAME, version).read(_state_from_reader)


def _optional_suit(r: StateReader, key: str) -> Suit | None:
    value = r.data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        r.fail(f"field {key!r} must be a suit name or null, not {value!r}")
    return r.guard(key, lambda: Suit.parse(value))


def _blinds(r: StateReader) -> tuple[bool | None, ...]:
    value = r.data.get("blinds")
    if not isinstance(value, list) or len(value) != 2:
        r.fail("field 'blinds' must be a list of two entries, one per team")
    for item in value:
        if item is not None and not isinstance(item, bool):
            r.fail(f"field 'blinds' holds true, false or null, not {item!r}")
    return tuple(value)


def _bids(r: StateReader) -> tuple[str | None, ...]:
    value = r.data.get("bids")
    if not isinstance(value, list) or len(value) != PLAYERS:
        r.fail("field 'bids' must be a list of four entries, one per seat")
    for item in value:
        if item is not None and item not in _BID_CODES:
            r.fail(f"field 'bids' holds 'zero', 'elegant', 'no bid' or null, not {item!r}")
    return tuple(value)


def _state_from_reader(r: StateReader) -> State:
    common = r.common(Rules, DECK54, Phase, parse_move_text)
    state = State(
        **common,
        hands=r.masks_per_seat("hands", PLAYERS),
        undealt=mask_of(r.cards("undealt")),
        dealt=r.integer("dealt", 0, len(DECK54)),
        face_up=r.cards("face_up"),
        trump=_optional_suit(r, "trump"),
        adder=_optional_suit(r, "adder"),
        blinds=_blinds(r),
        passed=r.masks_per_seat("passed", PLAYERS),
        bids=_bids(r),
        leader=r.integer("leader", 0, PLAYERS - 1),
        trick=r.cards("trick"),
        tricks_won=tuple(r.int_list("tricks_won", PLAYERS, 0, HAND)),
        trick_points=tuple(r.int_list("trick_points", 2, -4 * HAND, 4 * HAND)),
        books=tuple(r.int_list("books", 2, 0, 3)),
        revokes=tuple(r.int_list("revokes", PLAYERS, 0, HAND)),
        won=mask_of(r.cards("won")),
    )
    _check_consistent(state, r)
    return state


def _check_consistent(state: State, r: StateReader) -> None:
    r.check_partition(zones(state), DECK54)
    rules = state.rules
    phase = state.phase
    if len(state.face_up) > 2:
        r.fail("there are two face-up cards")
    if state.dealt != len(DECK54) - state.undealt.bit_count():
        r.fail(f"{state.dealt} cards dealt, but {state.undealt.bit_count()} remain undealt")
    if len(state.face_up) == 2:
        if (state.trump, state.adder) != trump_and_adder(state.face_up, rules.equal_rank_rule):
            r.fail(f"the face-up cards {format_cards(state.face_up)} do not fix these suits")
    elif state.trump is not None or state.adder is not None:
        r.fail("the trump and adder suits are fixed only by two face-up cards")
    for seat, passed in enumerate(state.passed):
        if passed.bit_count() not in (0, 2):
            r.fail(f"seat {seat} passed {passed.bit_count()} cards; a pass is two cards")
    if not rules.bidding and (any(b is not None for b in state.blinds) or any(state.bids)):
        r.fail("there are bids, but bidding is off")
    if phase in (_CHOOSE_DEALER, _DEALING):
        return
    if state.undealt and phase != _OVER:
        r.fail("every card is dealt before the first pass or play")
    finished = state.won.bit_count() // PLAYERS
    if state.won.bit_count() % PLAYERS or sum(state.tricks_won) != finished:
        r.fail(
            f"the won tricks hold {state.won.bit_count()} cards: not {sum(state.tricks_won)} "
            "whole tricks"
        )
    if len(state.trick) >= PLAYERS:
        r.fail("the current trick holds too many cards")
    if phase == _OVER:
        return
    if phase == _BLIND and (any(state.passed) or None not in state.blinds):
        r.fail("the blind declarations come before the passes")
    exchanged = 0 not in state.passed
    if phase == _PASSING and exchanged:
        r.fail("every seat has passed, yet the passing is not over")
    if phase in (_BIDDING, _PLAYING) and not exchanged:
        r.fail("bidding and play start only after every seat has passed")
    if phase == _PLAYING and rules.bidding and None in state.bids:
        r.fail("play cannot start before every seat has bid")
    if phase in (_BLIND, _PASSING, _BIDDING) and (state.trick or finished):
        r.fail("no card is played before the passes and bids are over")
    for seat, hand in enumerate(state.hands):
        if phase == _PASSING:
            expected = HAND - state.passed[seat].bit_count()
        else:
            in_trick = 1 if (seat - state.leader) % PLAYERS < len(state.trick) else 0
            expected = HAND - finished - in_trick
        if hand.bit_count() != expected:
            r.fail(f"seat {seat} holds {hand.bit_count()} cards; it must hold {expected}")
