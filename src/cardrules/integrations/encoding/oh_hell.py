"""Observation tensors of Up and Down the River (``oh_hell``), built only from the view.

Action numbers are the game's move numbers (see :mod:`cardrules.games.oh_hell`):
``play CARD`` = the card's index 0..51, ``bid N`` = 52 + N, and the chance
outcomes ``deal CARD`` = 70 + the card's index, ``dealer SEAT`` = 122 + SEAT;
130 actions in all.

Sizes below depend on the rules: P = ``players``, M = the largest hand size
(``start_hand``), D = the number of deals of the schedule. Seats are counted
from the observer (slot 0 = the observer, slot 1 = the seat on its left); cards
by their index (``13 * suit + rank - 2``, clubs first). All entries are 0 or 1
except ``totals`` (points). The offsets shown are those of ``Rules()`` (P = 4,
M = 8, D = 15).

Observation (what the seat sees now):

==========  ======  ====  ====================================================
piece       offset  size  meaning
==========  ======  ====  ====================================================
phase       0       5     choosing the dealer, dealing, bidding, playing, over
to_move     5       5     (P+1) seat to move; last slot: chance
dealer      10      4     (P) the dealer
deal        14      15    (D) the deal in progress, first = 0
hand_size   29      8     (M) its hand size N at slot N-1
hand        37      52    (52) own cards
trump_card  89      52    (52) the turned-up trump card
bids        141     40    (P×(M+2)) bid N at slot N; last slot: bid, not shown
leader      181     4     (P) who leads the current trick
trick       185     208   (P×52) the current trick's cards, by who played
tricks_won  393     36    (P×(M+1)) tricks won this deal, N at slot N
won_cards   429     52    (52) cards of this deal's finished tricks
totals      481     4     (P) points so far
==========  ======  ====  ====================================================

Information state: the observation (the pieces above, at the same offsets), then
the seat's recall of the deal in progress and of the finished deals' results:

=============  ======  ====  ================================================
piece          offset  size  meaning
=============  ======  ====  ================================================
plays          485     1664  (M×P×52) trick T of this deal: card of each seat
trick_leaders  2149    32    (M×P) trick T of this deal: who led
past_bids      2181    540   (D×P×(M+1)) finished deal K: bids
past_tricks    2721    540   (D×P×(M+1)) finished deal K: tricks won
=============  ======  ====  ================================================

The tensor recalls every card played in the current deal, and the bids and
trick counts of the earlier deals but not their cards (every deal is dealt
afresh from a full deck); the information-state *string* recalls the whole
public event log.

``max_decisions``: each deal of size N takes P bids and P·N plays.
Payoffs are the final totals: 0 up to the sum over the deals of N + 10.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.games.oh_hell import Phase, Rules, View
from cardrules.integrations.encoding.layout import (
    Layout,
    Piece,
    Tensor,
    one_hot,
    put_cards,
    put_to_move,
    relative,
    trick_recall,
)

NAME = "oh_hell"
#: Move numbers 0..69 are the seats' moves; the chance outcomes follow.
PLAYER_ACTIONS = 70
_CARDS = 52


def _deals(rules: Rules) -> tuple[int, ...]:
    sizes = rules.hand_sizes
    return sizes if rules.max_deals is None else sizes[: rules.max_deals]


def _max_points(rules: Rules) -> int:
    return sum(size + 10 for size in rules.hand_sizes)


def observation_layout(rules: Rules) -> Layout:
    """The pieces of the observation tensor."""
    p, m, d = rules.players, max(rules.hand_sizes), len(rules.hand_sizes)
    return Layout(
        (
            Piece("phase", (5,), "choosing the dealer, dealing, bidding, playing, over"),
            Piece("to_move", (p + 1,), "(P+1) seat to move; last slot: chance"),
            Piece("dealer", (p,), "(P) the dealer"),
            Piece("deal", (d,), "(D) the deal in progress, first = 0"),
            Piece("hand_size", (m,), "(M) its hand size N at slot N-1"),
            Piece("hand", (_CARDS,), "(52) own cards"),
            Piece("trump_card", (_CARDS,), "(52) the turned-up trump card"),
            Piece("bids", (p, m + 2), "(P×(M+2)) bid N at slot N; last slot: bid, not shown"),
            Piece("leader", (p,), "(P) who leads the current trick"),
            Piece("trick", (p, _CARDS), "(P×52) the current trick's cards, by who played"),
            Piece("tricks_won", (p, m + 1), "(P×(M+1)) tricks won this deal, N at slot N"),
            Piece("won_cards", (_CARDS,), "(52) cards of this deal's finished tricks"),
            Piece("totals", (p,), "(P) points so far", high=_max_points(rules)),
        )
    )


def information_state_layout(rules: Rules) -> Layout:
    """The pieces of the information-state tensor: the observation, then the recall."""
    p, m, d = rules.players, max(rules.hand_sizes), len(rules.hand_sizes)
    return Layout(
        (
            *observation_layout(rules).pieces,
            Piece("plays", (m, p, _CARDS), "(M×P×52) trick T of this deal: card of each seat"),
            Piece("trick_leaders", (m, p), "(M×P) trick T of this deal: who led"),
            Piece("past_bids", (d, p, m + 1), "(D×P×(M+1)) finished deal K: bids"),
            Piece("past_tricks", (d, p, m + 1), "(D×P×(M+1)) finished deal K: tricks won"),
        )
    )


def encode_observation(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the observation of ``view`` into the zeroed named views ``out``."""
    players = view.rules.players
    me = view.seat
    phase = view.phase
    out["phase"][int(phase)] = 1.0
    put_to_move(out["to_move"], view.to_move, me, players)
    if view.dealer is not None:
        out["dealer"][(view.dealer - me) % players] = 1.0
    if phase != Phase.OVER:
        out["deal"][view.deal_number] = 1.0
        out["hand_size"][view.hand_size - 1] = 1.0
    put_cards(out["hand"], view.hand)
    if view.trump_card is not None:
        out["trump_card"][view.trump_card.index] = 1.0
    bids = out["bids"]
    hidden = bids.shape[1] - 1
    for seat, (bid, made) in enumerate(zip(view.bids, view.has_bid)):
        if made:
            bids[(seat - me) % players, hidden if bid is None else bid] = 1.0
    if phase in (Phase.BIDDING, Phase.PLAYING):
        out["leader"][(view.leader - me) % players] = 1.0
    trick = out["trick"]
    first = view.leader - me
    for position, card in enumerate(view.trick):
        trick[(first + position) % players, card.index] = 1.0
    tricks_won, totals = out["tricks_won"], out["totals"]
    for seat in range(players):
        slot = (seat - me) % players
        tricks_won[slot, view.tricks_won[seat]] = 1.0
        totals[slot] = view.totals[seat]
    put_cards(out["won_cards"], view.won_cards)


#: Every card played this deal, and who led each trick, extended step by step.
_RECALL = trick_recall()


def encode_information_state(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the information state of ``view`` into the zeroed named views ``out``."""
    encode_observation(view, out)
    players = view.rules.players
    me = view.seat
    _RECALL.write(view.events, me, out)
    for row in view.score.deals:
        for seat, (bid, won) in enumerate(zip(row.extra("bids"), row.extra("tricks"))):
            slot = relative(seat, me, players)
            one_hot(out["past_bids"][row.number, slot], bid)
            one_hot(out["past_tricks"][row.number, slot], won)


def max_decisions(rules: Rules) -> int:
    """Each deal of N cards: one bid per seat, N plays per seat."""
    return sum(rules.players * (1 + size) for size in _deals(rules))


def payoff_bounds(rules: Rules) -> tuple[float, float]:
    """Payoffs are the totals: at least 0, at most N + 10 points per deal of N cards."""
    return 0.0, float(_max_points(rules))


def utility_sum(rules: Rules) -> float | None:
    """None: general-sum (every seat scores its own points)."""
    return None


def default_max_moves(rules: Rules) -> int:
    """Never needed: the schedule bounds the game (its bound, for completeness)."""
    return max_decisions(rules)
