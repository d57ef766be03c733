"""Observation tensors of Maverick (``maverick``), built only from the view.

Action numbers are the game's move numbers (see :mod:`cardrules.games.maverick`):
``play CARD`` = the card's index 0..53 (little joker 52, big joker 53);
``pass C1 C2`` with card indices i < j = 54 + j·(j-1)/2 + i (54..1484);
``blind`` 1485, ``no blind`` 1486, ``bid zero`` 1487, ``bid elegant`` 1488,
``no bid`` 1489; and the chance outcomes ``deal CARD`` = 1490 + the card's index,
``dealer SEAT`` = 1544 + SEAT; 1548 actions in all.

Four seats in two partnerships. Seats are counted from the observer (slot 0 =
the observer, slot 1 = the opponent on its left, slot 2 = the partner); teams
too (slot 0 = the observer's team). Cards by their index (``13 * suit + rank -
2``, clubs first, then the little and the big joker). All entries are 0 or 1
except the counts (``hand_sizes``, ``tricks_won``, ``books``, ``revokes``) and
the points (``trick_points``, ``totals``).

Observation (what the seat sees now):

============  ======  ====  =======================================================
piece         offset  size  meaning
============  ======  ====  =======================================================
phase         0       7     dealer, dealing, blind, passing, bidding, playing, over
to_move       7       5     (5) seat to move; last slot: chance
dealer        12      4     (4) the dealer
hand          16      54    (54) own cards (none before a blind declaration)
hand_sizes    70      4     (4) cards in each hand
face_up       74      54    (54) the two face-up cards
trump         128     4     (4) the trump suit
adder         132     4     (4) the adder suit
blinds        136     4     (2×2) per team: declared blind, declared not blind
has_passed    140     4     (4) who has passed
passed        144     54    (54) the two cards this seat passed
received      198     54    (54) the two cards it received
bids          252     12    (4×3) bid zero, bid elegant, no bid
leader        264     4     (4) who leads the current trick
trick         268     216   (4×54) the current trick's cards, by who
tricks_won    484     4     (4) tricks won this deal
won_cards     488     54    (54) cards of this deal's finished tricks
trick_points  542     2     (2) per team: trick points this deal
books         544     2     (2) per team: books this deal
revokes       546     4     (4) revokes this deal
totals        550     4     (4) each seat's team total
============  ======  ====  =======================================================

Information state: the observation (the pieces above, at the same offsets), then
the seat's recall of the deal in progress:

=============  ======  ====  =================================================
piece          offset  size  meaning
=============  ======  ====  =================================================
plays          554     2808  (13×4×54) trick T of this deal: card of each seat
trick_leaders  3362    52    (13×4) trick T of this deal: who led
=============  ======  ====  =================================================

The tensor recalls every card played in the current deal (own pass and
receipt, the blind declarations and bids are in the observation); the results
of earlier deals are summed up in ``totals``. The information-state *string*
recalls the whole public event log.

``max_decisions``: a game to a target has no bound; with ``max_deals`` it is
``max_deals`` times 56 (4 passes, 52 plays), 62 with bidding (2 blind
declarations, 4 bids). Payoffs are the team's total minus the other team's;
they are bounded only when the number of deals is (``max_deals``, or
``max_moves`` / 56); unbounded rules get infinite bounds. The bound per deal
comes from the scoring rules:

* A trick scores at most 1 in absolute value, except a trick with ``a`` adders
  (``a``: ``a - 1`` more) and a trick of four trumps (-4: 3 more). At most 13
  adders and 15 trumps (a suit and the two jokers) are played, so the adders
  add at most 13 - 4 = 9 (in four tricks) and the all-trump tricks 3 · 3 = 9:
  the 13 tricks of a deal score at most 31 in absolute value together, and one
  team's tricks between -22 and +22. With ``adder_points="plus_one"`` a trick
  with ``a`` adders scores ``1 + a`` (``a`` more), so the adders add at most 13:
  35 together, one team's between -26 and +26.
* With ``revoke="penalty"`` a team revokes at most twice a trick, never in the
  last one (one card left): 24 revokes, -96.
* Without bids a deal moves the lead by at most 31 (127 with revokes). With
  bids a team's deal score is its raw score transformed by its bids (blind,
  zero, elegant, in turn); the bounds apply each possible transform to the
  raw score's bounds: one zero bid triples +22, a blind or elegant bid doubles
  -22 (-118 with revokes). An elegant ``reset_total`` leaves a total of 0,
  within the same bounds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from cardrules.games.maverick import Phase, Rules, View
from cardrules.integrations.encoding.layout import (
    CARD_SLOTS,
    Layout,
    Piece,
    Tensor,
    one_hot,
    put_cards,
    put_to_move,
    relative,
    trick_recall,
)

NAME = "maverick"
#: Move numbers 0..1489 are the seats' moves; the chance outcomes follow.
PLAYER_ACTIONS = 1490
_SEATS = 4
_TRICKS = 13
_BIDS = {"zero": 0, "elegant": 1, "no bid": 2}
#: The fewest moves a deal takes: four passes and 52 plays.
_FEWEST_PER_DEAL = 4 + 52
#: Tricks in a deal, and the most adders and trumps (a suit and two jokers) played.
_MOST_ADDERS, _MOST_TRUMPS = 13, 15
#: A trick scores +-1, but ``a`` for ``a`` adders (up to 4) and -4 for four trumps.
#: The adders add at most ``adders - ceil(adders / 4)`` (a trick holds 4), the
#: all-trump tricks 3 each: |all the tricks of a deal| <= 13 + 9 + 9 = 31.
_ADDER_EXTRA = _MOST_ADDERS - -(-_MOST_ADDERS // 4)
_TRUMP_EXTRA = 3 * (_MOST_TRUMPS // 4)
#: With ``adder_points="plus_one"`` every adder adds one more than a plain trick's 1.
_PLUS_ONE_ADDER_EXTRA = _MOST_ADDERS


def _trick_bounds(rules: Rules) -> tuple[int, int]:
    """|All the tricks of a deal| and |one team's tricks|: at most 31 and 22 (35 and 26
    with ``adder_points="plus_one"``); each trick's extra is of one sign."""
    adder_extra = _PLUS_ONE_ADDER_EXTRA if rules.adder_points == "plus_one" else _ADDER_EXTRA
    return (
        _TRICKS + adder_extra + _TRUMP_EXTRA,
        _TRICKS + max(adder_extra, _TRUMP_EXTRA),
    )


#: With revoke="penalty": two revokes a trick for a team, none in the last (one card).
_MOST_REVOKES = 2 * (_TRICKS - 1)
_REVOKE_PENALTY = 4


def _deals_bound(rules: Rules) -> int | None:
    if rules.max_deals is not None:
        return rules.max_deals
    if rules.max_moves is not None:
        return rules.max_moves // _FEWEST_PER_DEAL + 1
    return None


def observation_layout(rules: Rules) -> Layout:
    """The pieces of the observation tensor."""
    low, high = payoff_bounds(rules)
    return Layout(
        (
            Piece("phase", (7,), "dealer, dealing, blind, passing, bidding, playing, over"),
            Piece("to_move", (_SEATS + 1,), "(5) seat to move; last slot: chance"),
            Piece("dealer", (_SEATS,), "(4) the dealer"),
            Piece("hand", (CARD_SLOTS,), "(54) own cards (none before a blind declaration)"),
            Piece("hand_sizes", (_SEATS,), "(4) cards in each hand", high=15),
            Piece("face_up", (CARD_SLOTS,), "(54) the two face-up cards"),
            Piece("trump", (4,), "(4) the trump suit"),
            Piece("adder", (4,), "(4) the adder suit"),
            Piece("blinds", (2, 2), "(2×2) per team: declared blind, declared not blind"),
            Piece("has_passed", (_SEATS,), "(4) who has passed"),
            Piece("passed", (CARD_SLOTS,), "(54) the two cards this seat passed"),
            Piece("received", (CARD_SLOTS,), "(54) the two cards it received"),
            Piece("bids", (_SEATS, 3), "(4×3) bid zero, bid elegant, no bid"),
            Piece("leader", (_SEATS,), "(4) who leads the current trick"),
            Piece("trick", (_SEATS, CARD_SLOTS), "(4×54) the current trick's cards, by who"),
            Piece("tricks_won", (_SEATS,), "(4) tricks won this deal", high=_TRICKS),
            Piece("won_cards", (CARD_SLOTS,), "(54) cards of this deal's finished tricks"),
            Piece("trick_points", (2,), "(2) per team: trick points this deal", low=-52, high=52),
            Piece("books", (2,), "(2) per team: books this deal", high=_TRICKS),
            Piece("revokes", (_SEATS,), "(4) revokes this deal", high=_TRICKS),
            Piece("totals", (_SEATS,), "(4) each seat's team total", low=low / 2, high=high / 2),
        )
    )


def information_state_layout(rules: Rules) -> Layout:
    """The pieces of the information-state tensor: the observation, then the recall."""
    return Layout(
        (
            *observation_layout(rules).pieces,
            Piece(
                "plays",
                (_TRICKS, _SEATS, CARD_SLOTS),
                "(13×4×54) trick T of this deal: card of each seat",
            ),
            Piece("trick_leaders", (_TRICKS, _SEATS), "(13×4) trick T of this deal: who led"),
        )
    )


def encode_observation(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the observation of ``view`` into the zeroed named views ``out``."""
    me = view.seat
    out["phase"][int(view.phase)] = 1.0
    put_to_move(out["to_move"], view.to_move, me, _SEATS)
    if view.dealer is not None:
        out["dealer"][relative(view.dealer, me, _SEATS)] = 1.0
    put_cards(out["hand"], view.hand)
    put_cards(out["face_up"], view.face_up)
    one_hot(out["trump"], None if view.trump is None else int(view.trump))
    one_hot(out["adder"], None if view.adder is None else int(view.adder))
    for team, blind in enumerate(view.blinds):
        if blind is not None:
            out["blinds"][relative(team, me, 2), 0 if blind else 1] = 1.0
    put_cards(out["passed"], view.passed)
    put_cards(out["received"], view.received)
    for seat in range(_SEATS):
        slot = relative(seat, me, _SEATS)
        out["hand_sizes"][slot] = view.hand_sizes[seat]
        out["has_passed"][slot] = float(view.has_passed[seat])
        bid = view.bids[seat]
        if bid is not None:
            out["bids"][slot, _BIDS[bid]] = 1.0
        out["tricks_won"][slot] = view.tricks_won[seat]
        out["revokes"][slot] = view.revokes[seat]
        out["totals"][slot] = view.totals[seat]
    for team in range(2):
        out["trick_points"][relative(team, me, 2)] = view.trick_points[team]
        out["books"][relative(team, me, 2)] = view.books[team]
    if view.phase == Phase.PLAYING:
        out["leader"][relative(view.leader, me, _SEATS)] = 1.0
    for position, card in enumerate(view.trick):
        out["trick"][relative(view.leader + position, me, _SEATS), card.index] = 1.0
    put_cards(out["won_cards"], view.won_cards)


#: Every card played this deal, and who led each trick, extended step by step.
_RECALL = trick_recall()


def encode_information_state(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the information state of ``view`` into the zeroed named views ``out``."""
    encode_observation(view, out)
    _RECALL.write(view.events, view.seat, out)


def max_decisions(rules: Rules) -> int | None:
    """``max_deals`` deals of at most 56 moves (62 with bidding); None without it."""
    if rules.max_deals is None:
        return None
    return rules.max_deals * (_FEWEST_PER_DEAL + (6 if rules.bidding else 0))


def _raw_bounds(rules: Rules) -> tuple[int, int]:
    """The lowest and highest raw deal score of a team."""
    revokes = _MOST_REVOKES * _REVOKE_PENALTY if rules.revoke == "penalty" else 0
    team_tricks = _trick_bounds(rules)[1]
    return -team_tricks - revokes, team_tricks


#: A bid's settlement: the team's deal score so far to the score after it.
_Settle = Callable[[int], int]


def _bid_transforms(rules: Rules) -> list[tuple[_Settle, ...]]:
    """Every sequence of bid settlements a team's raw score can go through in a deal
    (each a nondecreasing function of the score so far)."""

    def double(x: int) -> int:  # a blind or elegant bid met
        return 2 * x

    def blind_failed(x: int) -> int:
        return -3 if rules.blind_fail == "replace" else x - 3

    def zero_met(x: int) -> int:
        return 3 * x if x > 0 else 1

    def zero_failed(x: int) -> int:
        return -1 if rules.zero_fail == "replace" else x - 1

    def elegant_failed(x: int) -> int:  # 0, or a reset total (within the same bounds)
        return 0

    blind: tuple[_Settle, ...] = (double, blind_failed)
    zero: tuple[_Settle, ...] = (zero_met, zero_failed)
    elegant: tuple[_Settle, ...] = (double, elegant_failed)
    if rules.one_bid_per_team:
        return [(), *((t,) for t in (*blind, *zero, *elegant))]
    # Blind first; then each partner's bid after the pass in seat order: zero or
    # elegant, the team's elegant bid at most once.
    after_pass: list[tuple[_Settle, ...]] = [(), *((t,) for t in (*zero, *elegant))]
    after_pass += [(a, b) for a in zero for b in (*zero, *elegant)]
    after_pass += [(a, b) for a in elegant for b in zero]
    return [first + rest for first in [(), *((t,) for t in blind)] for rest in after_pass]


def _deal_bound(rules: Rules) -> int:
    """How far one deal can move a team's lead over the other."""
    low, high = _raw_bounds(rules)
    if not rules.bidding:
        # The tricks of both teams, and the other team's revokes.
        tricks_total, team_tricks = _trick_bounds(rules)
        return tricks_total + (-low - team_tricks)
    lowest, highest = 0, 0
    for sequence in _bid_transforms(rules):
        bottom, top = low, high
        for transform in sequence:  # nondecreasing: the bounds map to the bounds
            bottom, top = transform(bottom), transform(top)
        lowest, highest = min(lowest, bottom), max(highest, top)
    return highest - lowest


def payoff_bounds(rules: Rules) -> tuple[float, float]:
    """Bounds on a team's lead over the other (infinite when the deals are unbounded).

    A team's total after ``k`` deals lies between ``k`` times the lowest and the
    highest deal score (a reset total of 0 too), so the lead moves by at most the
    per-deal bound each deal (the module docs derive it from the scoring rules).
    """
    deals = _deals_bound(rules)
    if deals is None:
        return -math.inf, math.inf
    bound = float(deals * _deal_bound(rules))
    return -bound, bound


def utility_sum(rules: Rules) -> float | None:
    """0: zero-sum (each team receives its lead over the other)."""
    return 0.0


def default_max_moves(rules: Rules) -> int:
    """62 moves per deal (passes, bids and plays), one deal per 5 points of the target."""
    return (_FEWEST_PER_DEAL + 6) * max(1, rules.target // 5)
