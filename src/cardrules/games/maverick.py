"""Maverick: rules MV-1.1 to MV-7.2 of the docs.

Four players in two partnerships (seats 0 and 2 against 1 and 3) play 54 cards:
the 52 and two jokers ranked above the ace. Each player gets 13 cards; the two
left over are turned face up and fix the *trump* suit (the higher card's suit)
and the *adder* suit (the lower card's), with spades and diamonds as the
fallback. Each player passes two cards to his left. Tricks follow suit. A trick
scores for the team that wins it: -4 if it is all trumps, -1 if it holds trumps
but no adders, +1 if it holds neither, and +1 for each adder it holds. The first
team to reach the target (50 by default) with the higher total wins. Optional
bids (zero, blind, elegant) multiply or replace a team's deal score. The rules
follow the German text the game was first written from; ``must_trump`` and
``adder_points`` select Pagat's readings (rules MV-4.6 and MV-5.5).

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

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

import attrs

from cardrules.cards import (
    ALL_CARDS,
    DECK54,
    Card,
    Suit,
    format_cards,
    mask_of,
    parse_card,
)
from cardrules.core import options, trickgame, tricks
from cardrules.core.checks import check_view_of, wrong_state
from cardrules.core.match import Match
from cardrules.core.serial import StateReader
from cardrules.core.trickgame.rules_of_play import Restrictions
from cardrules.errors import ArgumentError, NotationError, show_value
from cardrules.game import Event, Fact, Log, Outcome
from cardrules.moves import DEALS, PLAYS, ChooseDealer, DealCard, Play
from cardrules.moves import Blind as Blind
from cardrules.moves import Declaration as Declaration
from cardrules.moves import PassCards as PassCards
from cardrules.moves import parse_move_text as _parse_shared_move_text

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "maverick"
#: Cards adjacent in rank in one hand are equivalent for the solver: a trick's points
#: count its adders and trumps by suit (trump jokers with the trumps), whatever their
#: rank, and the rules of play read only suits (MV-4, MV-5).
SOLVER_EQUIVALENT_CARDS: Final = True
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "2"
PLAYERS: Final = 4
HAND: Final = 13
#: Each team's seats: team 0 is seats 0 and 2, team 1 is seats 1 and 3 (partners sit opposite).
TEAMS: Final = ((0, 2), (1, 3))
REVOKE_PENALTY: Final = 4

JOKER_MODES: Final = ("trump", "suitless")
REVOKE_MODES: Final = ("forbid", "penalty")
EQUAL_RANK_RULES: Final = ("default", "suit_order")
#: How a trick with adders scores: one point per adder (the German text), or one point
#: and one per adder (Pagat's "Plus 1 point, and Plus ?"; rule MV-5.5).
ADDER_POINTS: Final = ("per_adder", "plus_one")
FAIL_MODES: Final = ("replace", "add")
ELEGANT_FAIL_MODES: Final = ("deal_zero", "reset_total")


# --------------------------------------------------------------------------- moves


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
class Rules(trickgame.TrickGameRules):
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
    * ``must_trump``: a player void in the suit led must play a trump if he holds one
      (True, Pagat's reading) or may play any card (False, the German text's; rule
      MV-4.6).
    * ``equal_rank_rule``: face-up cards of equal rank in different suits give spades
      and diamonds (``"default"``) or the higher suit in bridge order is trump
      (``"suit_order"``; rule MV-2.5).
    * ``adder_points``: a trick with ``a`` adders scores ``a`` (``"per_adder"``, the
      German text's reading) or ``1 + a`` (``"plus_one"``, Pagat's; rule MV-5.5).
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
    must_trump: bool = False
    equal_rank_rule: str = "default"
    adder_points: str = "per_adder"
    bidding: bool = False
    one_bid_per_team: bool | None = options.optional(bool)
    zero_fail: str | None = options.optional(str)
    blind_fail: str | None = options.optional(str)
    elegant_fail: str | None = options.optional(str)
    elegant_books: int | None = options.optional(int)

    def __attrs_post_init__(self) -> None:
        options.check_int("players", self.players, PLAYERS, PLAYERS)
        self.check_first_dealer(self.players)
        options.check_int("target", self.target, 1)
        options.check_bool("trumps_win", self.trumps_win)
        options.check_choice("jokers", self.jokers, JOKER_MODES)
        options.check_choice("revoke", self.revoke, REVOKE_MODES)
        options.check_bool("must_trump", self.must_trump)
        options.check_choice("equal_rank_rule", self.equal_rank_rule, EQUAL_RANK_RULES)
        options.check_choice("adder_points", self.adder_points, ADDER_POINTS)
        options.check_bool("bidding", self.bidding)
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
                options.not_applicable(name, value, "without bidding (bidding=false)")
            elif value is None:
                options.set_resolved(self, name, default)
        if self.bidding:
            options.check_bool("one_bid_per_team", self.one_bid_per_team)
            options.check_choice("zero_fail", self.zero_fail, FAIL_MODES)
            options.check_choice("blind_fail", self.blind_fail, FAIL_MODES)
            options.check_choice("elegant_fail", self.elegant_fail, ELEGANT_FAIL_MODES)
            options.check_int("elegant_books", self.elegant_books, 1, 3)

    def __str__(self) -> str:
        return options.rules_to_text(NAME, self)


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
    "pagat_readings": Rules(must_trump=True, adder_points="plus_one", max_deals=1),
    "revoke_penalty": Rules(revoke="penalty", max_deals=1),
    "revoke_penalty_bidding": Rules(
        revoke="penalty", bidding=True, jokers="suitless", trumps_win=False, max_deals=1
    ),
}
#: The same, read-only: a caller cannot change them for everyone else.
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(_PRESETS)


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
    # The items read as objects: compiled, a Card loop variable would refuse another type
    # with the compiler's TypeError before this check could name the problem.
    items: Sequence[object] = face_up
    if (
        type(items) not in (tuple, list)
        or len(items) != 2
        or not all(type(c) is Card for c in items)
    ):
        raise ArgumentError(
            "the face-up cards must be two Cards, e.g. parse_cards('9D 2D'), "
            f"not {show_value(face_up)}"
        )
    if equal_rank_rule not in EQUAL_RANK_RULES:
        raise ArgumentError(
            f"equal_rank_rule must be one of {', '.join(map(repr, EQUAL_RANK_RULES))}, "
            f"not {show_value(equal_rank_rule)}"
        )
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


def trick_score(
    trick: Sequence[Card],
    trump: object,
    adder: object,
    jokers: str = "trump",
    adder_points: str = "per_adder",
) -> int:
    """The points of a finished trick for the team that wins it (rules MV-5.1 to MV-5.3).

    With ``a`` adder cards and ``t`` trumps (trump jokers count as trumps; suitless
    jokers as neither): ``a`` when ``a >= 1`` (``1 + a`` with
    ``adder_points="plus_one"``, rule MV-5.5); else -4 when all four are trumps, -1
    for 1 to 3 trumps, +1 for none; four adders are a book.

    >>> from cardrules.cards import Suit, parse_cards
    >>> [trick_score(parse_cards(t), Suit.HEARTS, Suit.CLUBS)
    ...  for t in ("2H 5H BJ AH", "2H 5S 6S 7S", "2S 5S 6S 7D", "2C 3C 4H 5S", "2C 3C 4C 5C")]
    [-4, -1, 1, 2, 4]
    >>> [trick_score(parse_cards(t), Suit.HEARTS, Suit.CLUBS, adder_points="plus_one")
    ...  for t in ("2H 5S 6S 7S", "2C 3C 4H 5S", "2C 3C 4C 5C")]
    [-1, 3, 5]
    """
    if type(trump) is not Suit or type(adder) is not Suit:
        raise ArgumentError(
            f"trump and adder must be Suits (such as Suit.HEARTS), not {show_value(trump)} "
            f"and {show_value(adder)}"
        )
    if jokers not in JOKER_MODES:
        raise ArgumentError(
            f"jokers must be one of {', '.join(map(repr, JOKER_MODES))}, not {show_value(jokers)}"
        )
    items: Sequence[object] = trick  # objects: see trump_and_adder
    if type(items) not in (tuple, list) or not all(type(card) is Card for card in items):
        raise ArgumentError(
            f"the trick must be a sequence of Cards, e.g. parse_cards('2H 5S 6S 7S'), "
            f"not {show_value(trick)}"
        )
    if adder_points not in ADDER_POINTS:
        raise ArgumentError(
            f"adder_points must be one of {', '.join(map(repr, ADDER_POINTS))}, "
            f"not {show_value(adder_points)}"
        )
    trumps, adders = _scoring_masks(trump, adder, jokers)
    return _points_of(mask_of(trick), trumps, adders, int(adder_points == "plus_one"))


def _points_of(mask: int, trumps: int, adders: int, adder_bonus: int) -> int:
    """Trick points (MV-5.1): adders count first, even beside trumps (MV-5.2); with
    ``adder_bonus`` 1 a trick with adders scores one more (Pagat's reading, MV-5.5)."""
    a = (mask & adders).bit_count()
    if a:
        return a + adder_bonus
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


def _team_name(team: int) -> str:
    return f"seats {team} and {team + 2}"


def _signed(points: int) -> str:
    """Points with their sign: "+3", "+0", "-1". As ``f"{points:+d}"`` writes them, but
    the compiled build makes a format spec a ``str.format`` call, which parses it each time.
    """
    return f"+{points}" if points >= 0 else str(points)


#: The texts events use often, made once: each team's name, by team, and a trick's
#: points (-4 to +5) with their sign, by points + 4.
_TEAM_NAMES: Final = (_team_name(0), _team_name(1))
_SIGNED_POINTS: Final = tuple(_signed(points) for points in range(-4, 6))


# --------------------------------------------------------------------------- the deal


def _face_up_event(
    rules: Rules, face_up: tuple[Card, ...], trump: Suit, adder: Suit | None
) -> Event:
    """The two cards left over are turned face up: trumps and adders (MV-2.3 to MV-2.5)."""
    assert adder is not None
    return Event(
        "trump",
        cards=face_up,
        text=f"face-up cards {format_cards(face_up)}: {trump.plural} are trumps, "
        f"{adder.plural} the adder suit",
    )


def _trick_rules(rules: Rules, contract: trickgame.Contract) -> tricks.TrickRules:
    """Jokers above the ace or suitless (MV-4.3); trumps win or only score (MV-4.5)."""
    return tricks.trick_rules(contract.trump, rules.jokers, rules.trumps_win)


# --------------------------------------------------------------------------- before play


def _blind_event(state: State, seat: int, move: Blind) -> Event:
    """The first seat of each partnership from the dealer's left declares for it (MV-6.1)."""
    said = "declares blind" if move.declare else "does not declare blind"
    text = f"seat {seat} {said} for {_team_name(seat % 2)}"
    return Event("blind", seat, value=int(move.declare), text=text)


def _why_not_blind(state: State, seat: int, move: object) -> str:
    return (
        f"seat {seat} must declare for {_team_name(seat % 2)} before seeing the cards: "
        f"'blind' or 'no blind', not {move} (rule MV-6.1)"
    )


def _passes_of(hand: int) -> tuple[Move, ...]:
    """Every pass of two cards of ``hand`` to the left neighbour (MV-3.1), in move-number
    order; the passes are exchanged once every seat has passed (MV-3.2)."""
    # Card by card upwards, each with every lower card of the hand: move-number order.
    # The card indices come from the mask's bits, with no Card object to read (twice
    # as fast, pure or compiled).
    below: list[int] = []
    passes: list[Move] = []
    while hand:
        bit = hand & -hand
        hand ^= bit
        high = bit.bit_length() - 1
        row = _PASS_ROWS[high]
        for low in below:
            passes.append(row[low])
        below.append(high)
    return tuple(passes)


def _legal_declarations(state: State, seat: int) -> tuple[Move, ...]:
    """The bids open to a seat: one per partnership with ``one_bid_per_team`` (MV-6.5);
    an elegant bid is a partnership's promise, so it is made at most once per team (MV-6.6)."""
    deal = state.deal  # what the deal fixes (read there: every bid asks)
    blinds, bids = deal.declared
    partner_bid = bids[(seat + 2) % PLAYERS]
    if deal.rules.one_bid_per_team:
        if blinds[seat % 2] or partner_bid in ("zero", "elegant"):
            return (NO_BID,)
        return _DECLARATIONS
    if partner_bid == "elegant":
        return (BID_ZERO, NO_BID)
    return _DECLARATIONS


def _bid_event(state: State, seat: int, move: Declaration) -> Event:
    word = _BID_WORDS[move]
    if move.kind is None:
        text = f"seat {seat}: no bid"
    elif move.kind == "zero":
        text = f"seat {seat} bids zero: he will win no trick"
    else:
        text = f"seat {seat} bids elegant for {_team_name(seat % 2)}"
    return Event("bid", seat, value=_BID_CODES[word], text=text)


def _why_not_bid(state: State, seat: int, move: object) -> str:
    if not isinstance(move, Declaration):
        return f"seat {seat} must bid now: 'bid zero', 'bid elegant' or 'no bid', not {move}"
    blinds, bids = state.declared
    team = seat % 2
    if blinds[team]:
        why = f"{_team_name(team)} declared blind"
    elif move.kind == "elegant" and not state.rules.one_bid_per_team:
        why = "an elegant bid is made once per partnership, and the partner made it"
    else:
        why = f"the partner already bid {bids[(seat + 2) % PLAYERS]}"
    rule = "MV-6.5" if state.rules.one_bid_per_team else "MV-6.6"
    allowed = ", ".join(str(m) for m in _legal_declarations(state, seat))
    return f"{why}: one bid per partnership per deal; allowed: {allowed} (rule {rule})"


def _revoke_event(rules: Rules, seat: int, led: Suit) -> Event:
    """With ``revoke="penalty"`` a revoke is legal, costs the revoker's team 4 points and
    is announced at once (MV-4.4)."""
    return Event(
        "revoke",
        seat,
        value=-REVOKE_PENALTY,
        text=f"seat {seat} revokes (holds {led.plural}): -{REVOKE_PENALTY} for "
        f"{_team_name(seat % 2)}",
    )


def _breach_event(rules: Rules, seat: int, kind: str, led: Suit) -> Event:
    """With ``revoke="penalty"`` and ``must_trump`` a discard by a player out of the suit
    led who holds a trump is legal too, penalised as a revoke and announced at once as
    what it is (MV-4.6): he holds no card of the suit led, so it is no revoke."""
    return Event(
        kind,
        seat,
        value=-REVOKE_PENALTY,
        text=f"seat {seat} does not trump (out of {led.plural}, holds a trump): "
        f"-{REVOKE_PENALTY} for {_team_name(seat % 2)}",
    )


# --------------------------------------------------------------------------- scoring


def _score_trick(
    state: State, winner: int, trick: tuple[Card, ...], tally: tuple[int, ...]
) -> tuple[tuple[int, ...], Event]:
    """A finished trick scores for the winner's team (MV-5.1 to MV-5.3); four adders are
    a book. The tally is each team's trick points, then each team's books."""
    # Every trick of every deal ends here, so this reads one option only: the deal's
    # trick rules already count trump jokers into the trump suit (MV-4.3).
    deal = state.deal  # what the deal fixes
    trick_rules = deal.trick_rules
    trump, adder = trick_rules.trump, deal.second_suit
    assert trump is not None and adder is not None
    adders = tricks.SUIT_MASKS[adder]
    bonus = 1 if deal.rules.adder_points == "plus_one" else 0
    first, second, third, fourth = trick
    points = _points_of(
        first.bit | second.bit | third.bit | fourth.bit,
        trick_rules.follow_masks[trump],
        adders,
        bonus,
    )
    book = points == PLAYERS + bonus  # only four adders make that many points
    team = winner % 2
    points_0, points_1, books_0, books_1 = tally
    if team == 0:
        tally = (points_0 + points, points_1, books_0 + book, books_1)
    else:
        tally = (points_0, points_1 + points, books_0, books_1 + book)
    text = (
        f"seat {winner} wins the trick {first.text} {second.text} {third.text} {fourth.text}: "
        f"{_SIGNED_POINTS[points + 4]} for {_TEAM_NAMES[team]}"
    )
    return tally, Event("trick", winner, trick, value=points, text=text + " (a book)" * book)


def raw_scores(state: object) -> tuple[int, int]:
    """Each team's raw deal score so far: its trick points minus 4 per revoke (MV-5.4)."""
    if type(state) is not State or type(state.rules) is not Rules:
        raise wrong_state(state, NAME, title=TITLE)
    return (
        state.tally[0] - REVOKE_PENALTY * (state.revokes[0] + state.revokes[2]),
        state.tally[1] - REVOKE_PENALTY * (state.revokes[1] + state.revokes[3]),
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
    deal = state.deal  # what the deal fixes
    rules = deal.rules
    if not rules.bidding:
        return raw
    blinds, bids = deal.declared
    result = []
    order = [(deal.match.dealer + 1 + k) % PLAYERS for k in range(PLAYERS)]
    for team in (0, 1):
        points = raw[team]
        reset = False
        if blinds[team]:
            if raw[team] > raw[1 - team]:
                points = 2 * points
            else:
                points = -3 if rules.blind_fail == "replace" else points - 3
        for seat in order:
            if seat % 2 != team:
                continue
            if bids[seat] == "zero":
                if state.tricks_won[seat] == 0:
                    points = 3 * points if points > 0 else 1
                else:
                    points = -1 if rules.zero_fail == "replace" else points - 1
            elif bids[seat] == "elegant":
                assert rules.elegant_books is not None
                if state.tally[2 + team] >= rules.elegant_books:
                    points = 2 * points
                elif rules.elegant_fail == "deal_zero":
                    points = 0
                else:
                    reset = True
        if reset:
            points = -deal.match.totals[team]
        result.append(points)
    return result[0], result[1]


def _score_deal(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    raw = raw_scores(state)
    team_points = _settle(state, raw)
    # Per seat, from per team: seats 0 to 3 are teams 0, 1, 0, 1, so a team pair repeated
    # (cheaper than a generator by seat, and this ends every deal).
    points = team_points * 2
    extras: tuple[tuple[str, tuple[int, ...]], ...] = (
        ("raw", raw * 2),
        ("tricks", state.tricks_won),
        ("books", state.tally[2:] * 2),
        ("revokes", state.revokes),
    )
    deal = state.deal  # what the deal fixes
    if deal.rules.bidding:
        blinds, bids = deal.declared
        extras += (
            ("blind", tuple(int(bool(blinds[seat % 2])) for seat in range(PLAYERS))),
            ("bids", tuple(_BID_CODES[bid] for bid in bids)),
        )
    before = deal.match.totals
    totals = (before[0] + team_points[0], before[1] + team_points[1])
    log = state.log.append(
        Event(
            "scored",
            text=f"deal {deal.match.deal_number + 1} scored: seats 0 and 2 "
            f"{_signed(team_points[0])} (total {totals[0]}), seats 1 and 3 "
            f"{_signed(team_points[1])} (total {totals[1]})",
        )
    )
    return points, extras, log


def _target_reached(rules: Rules, match: Match) -> Outcome | None:
    """The team with the higher total wins once a total reaches the target (MV-7.1, MV-7.2)."""
    first, second = match.totals[0], match.totals[1]
    if max(first, second) >= rules.target and first != second:
        return Outcome("target reached", TEAMS[0] if first > second else TEAMS[1], False)
    return None


def _payoffs(totals: tuple[int, ...]) -> tuple[float, ...]:
    """Each seat's team total minus the other team's (zero-sum between the teams)."""
    lead = float(totals[0] - totals[1])
    return (lead, -lead, lead, -lead)


# --------------------------------------------------------------------------- hidden information


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its own hand and everything public, nothing else.

    ``hand`` is empty while the seat may not look at its cards yet (with bidding,
    until the blind declarations are made). ``passed`` is the two cards this seat
    passed (known to be in its left neighbour's hand until played) and
    ``received`` the two it received from its right, once the passes are
    exchanged; other seats' passes stay hidden. ``has_passed`` tells who has
    passed. ``bids`` holds each seat's bid word ("zero", "elegant", "no bid").
    The game's own fields: ``adder``, the adder suit; ``blinds``, each team's blind
    declaration; ``trick_points`` and ``books``, per team. Per-team tuples are
    indexed by team (``seat % 2``).
    """

    adder: Suit | None
    blinds: tuple[bool | None, ...]
    trick_points: tuple[int, ...]
    books: tuple[int, ...]


def describe(view: object) -> tuple[Fact, ...]:
    """The view for a person: the deal, trumps and adders, the passes, the trick, the bids,
    tricks and team points, the hand.

    >>> state = deal(Rules(first_dealer=3), seed=7)
    >>> [fact.label for fact in describe(observe(state, 0))][:4]
    ['deal', 'trumps', 'adders', 'face-up cards']
    """
    view = check_view_of(view, View, NAME)
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


def explain_move(view: object, move: object) -> str:
    """What choosing ``move`` means: where a pass goes, what each bid promises and risks.

    >>> explain_move(observe(deal(Rules(first_dealer=3), seed=7), 0), PASSES[0])
    'give these two cards to seat 1'
    """
    view = check_view_of(view, View, NAME)
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


# --------------------------------------------------------------------------- notation


_WORD_MOVES: Final[dict[str, Move]] = {
    "blind": BLIND,
    "no blind": NO_BLIND,
    "bid zero": BID_ZERO,
    "bid elegant": BID_ELEGANT,
    "no bid": NO_BID,
}


#: Every form of a Maverick move, as the error messages list them.
_FORMS: Final = (*_WORD_MOVES, "pass C1 C2", "play CARD", "deal CARD", "dealer SEAT")


def parse_move_text(text: object) -> Move:
    """Read a Maverick move from its text form, without checking it against a state.

    Forms: ``pass C1 C2``, ``blind``, ``no blind``, ``bid zero``, ``bid elegant``,
    ``no bid``, ``play CARD``, ``deal CARD``, ``dealer SEAT``.

    >>> str(parse_move_text("pass 7d 2c")), str(parse_move_text("Bid  Zero"))
    ('pass 2C 7D', 'bid zero')
    >>> parse_move_text(5)
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: a move's text must be a string such as 'play QH', not 5
    """
    # Maverick's own forms first; every other text, and anything that is not text at
    # all, goes to the shared reader, which refuses it as it does for every game.
    if isinstance(text, str):
        words = text.split()
        found = _WORD_MOVES.get(" ".join(w.lower() for w in words))
        if found is not None:
            return found
        verb = words[0].lower() if words else ""
        if verb == "pass":
            if len(words) != 3:
                raise NotationError(f"bad move {text!r}: a pass names two cards, e.g. 'pass 2C 7D'")
            first, second = parse_card(words[1]), parse_card(words[2])
            if first is second:
                raise NotationError(f"bad move {text!r}: a pass is two different cards")
            low, high = sorted((first.index, second.index))
            return PASSES[_pair_index(low, high)]
        if verb == "bid":
            raise NotationError(
                f"bad move {text!r}: Maverick's bids are 'bid zero', 'bid elegant' and 'no bid'"
            )
    move = _parse_shared_move_text(text, _FORMS)
    if not isinstance(move, (Play, DealCard, ChooseDealer)):
        raise NotationError(f"bad move {text!r}: not a Maverick move")
    return move


# --------------------------------------------------------------------------- loading


def _check_consistent(state: State, r: StateReader) -> None:
    rules = state.rules
    phase = state.phase
    blinds, bids = state.declared
    trump = state.trick_rules.trump
    if len(state.face_up) > 2:
        r.fail("there are two face-up cards")
    if state.dealt != len(DECK54) - state.undealt.bit_count():
        r.fail(f"{state.dealt} cards dealt, but {state.undealt.bit_count()} remain undealt")
    if len(state.face_up) == 2:
        if (trump, state.second_suit) != trump_and_adder(state.face_up, rules.equal_rank_rule):
            r.fail(f"the face-up cards {format_cards(state.face_up)} do not fix these suits")
    elif trump is not None or state.second_suit is not None:
        r.fail("the trump and adder suits are fixed only by two face-up cards")
    for seat, passed in enumerate(state.passed):
        if passed.bit_count() not in (0, 2):
            r.fail(f"seat {seat} passed {passed.bit_count()} cards; a pass is two cards")
    if not rules.bidding and (any(b is not None for b in blinds) or any(bids)):
        r.fail("there are bids, but bidding is off")
    if phase in (Phase.CHOOSE_DEALER, Phase.DEALING):
        return
    if state.undealt and phase != Phase.OVER:
        r.fail("every card is dealt before the first pass or play")
    finished = state.waste.bit_count() // PLAYERS
    if state.waste.bit_count() % PLAYERS or sum(state.tricks_won) != finished:
        r.fail(
            f"the won tricks hold {state.waste.bit_count()} cards: not {sum(state.tricks_won)} "
            "whole tricks"
        )
    if phase == Phase.OVER:
        return
    if phase == Phase.BLIND and (any(state.passed) or None not in blinds):
        r.fail("the blind declarations come before the passes")
    exchanged = 0 not in state.passed
    if phase == Phase.PASSING and exchanged:
        r.fail("every seat has passed, yet the passing is not over")
    if phase in (Phase.BIDDING, Phase.PLAYING) and not exchanged:
        r.fail("bidding and play start only after every seat has passed")
    if phase == Phase.PLAYING and rules.bidding and None in bids:
        r.fail("play cannot start before every seat has bid")
    if phase in (Phase.BLIND, Phase.PASSING, Phase.BIDDING) and (state.trick or finished):
        r.fail("no card is played before the passes and bids are over")
    for seat, hand in enumerate(state.hands):
        if phase == Phase.PASSING:
            expected = HAND - state.passed[seat].bit_count()
        else:
            in_trick = 1 if (seat - state.leader) % PLAYERS < len(state.trick) else 0
            expected = HAND - finished - in_trick
        if hand.bit_count() != expected:
            r.fail(f"seat {seat} holds {hand.bit_count()} cards; it must hold {expected}")


def _bidding(rules: Rules) -> bool:
    return rules.bidding


def _must_trump(rules: Rules) -> bool:
    """A player void in the suit led must play a trump if he holds one (MV-4.6)."""
    return rules.must_trump


GAME: Final = trickgame.TrickGame(
    name=NAME,
    rule_ids=(("follow", "MV-4.2"), ("must_trump", "MV-4.6")),
    title="Maverick, for two partnerships",
    version=version,
    rules_class=Rules,
    # The 52 cards and the two jokers (MV-1.2); thirteen cards each, one at a time from
    # the dealer's left (MV-2.2).
    dealing=trickgame.Dealing(deck=lambda rules: DECK54, hand_size=lambda rules, number: HAND),
    trumps=trickgame.Trumps(
        face_up=trickgame.FaceUp(
            count=2,
            suits=lambda rules, cards: trump_and_adder(cards, rules.equal_rank_rule),
            event=_face_up_event,
            second_key="adder",
        ),
        trick_rules=_trick_rules,
    ),
    rounds=(
        trickgame.Declaring(
            phase="BLIND",
            key="blinds",
            applies=_bidding,
            by_team=True,
            unseen=True,
            moves=lambda state, seat: (BLIND, NO_BLIND),
            value=lambda move: move.declare,
            values=(True, False),
            event=_blind_event,
            why_not=_why_not_blind,
        ),
        trickgame.Passing(
            count=2,
            moves=_passes_of,
            cards=lambda move: move.cards if type(move) is PassCards else (),
            form="pass C1 C2",
            rule_id="MV-3.1",
        ),
        trickgame.Declaring(
            phase="BIDDING",
            key="bids",
            applies=_bidding,
            moves=_legal_declarations,
            value=lambda move: _BID_WORDS[move],
            values=("zero", "elegant", "no bid"),
            event=_bid_event,
            why_not=_why_not_bid,
        ),
    ),
    play=trickgame.TrickPlay(
        # Pagat's reading: a player void in the suit led must trump if he can (MV-4.6).
        restrictions=Restrictions(must_trump=_must_trump),
        revoking=trickgame.Revoking(
            allowed=lambda rules: rules.revoke == "penalty",
            event=_revoke_event,
            breach=_breach_event,
        ),
    ),
    scoring=trickgame.Scoring(
        deal=_score_deal,
        counts_tricks=True,
        per_trick=trickgame.TrickScoring(
            score=_score_trick,
            tally=(("trick_points", 2, -4 * HAND, 4 * HAND), ("books", 2, 0, 3)),
        ),
    ),
    match=trickgame.MatchPlan(decided=_target_reached, payoffs=_payoffs),
    teams=lambda rules: TEAMS,
    moves=trickgame.Moves(
        max_players=PLAYERS,
        forms=(*_WORD_MOVES, "pass C1 C2", "play CARD"),
        kinds=(PassCards, Blind, Declaration),
        parse=parse_move_text,
        # Plays by card index; passes by pair; blind, no blind; the bids; deals; dealers.
        table=(
            *PLAYS[:54],
            *PASSES,
            BLIND,
            NO_BLIND,
            *_DECLARATIONS,
            *DEALS[:54],
            *(ChooseDealer(seat) for seat in range(PLAYERS)),
        ),
    ),
    waste=trickgame.Waste(key="won"),
    view_class=View,
    check_state=_check_consistent,
)
trickgame.install(GAME, globals())
