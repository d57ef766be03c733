"""Observation tensors of Strafpoint (``strafpoint``, penalty-point Mau Mau), built only
from the view.

Action numbers are the game's move numbers, those of the standard game (see
:mod:`cardrules.games.strafpoint`): ``play CARD`` = the card's index 0..51,
``play CARD announce`` ("Mau") = 52 + index, ``play JX call Y`` = 104 + 4 · (the
jack's suit) + (the wished suit), the same announced = 120 + ..., ``draw`` =
136, ``end turn`` = 137; the chance outcomes ``deal CARD`` = 138 + index,
``dealer SEAT`` = 190 + SEAT; 195 actions in all. Suits count clubs 0, diamonds
1, hearts 2, spades 3.

The pieces are those of every Stops game (:mod:`cardrules.integrations.encoding.stops`),
read as in the standard game (:mod:`cardrules.integrations.encoding.mau_mau_standard`),
plus ``rounds_won``, the tie-break at the limit. ``totals`` are the penalty
points of the rounds played. Seats are counted from the observer (slot 0 = the
observer, slot 1 = the next seat clockwise); cards by their index. P =
``players``; the offsets below are those of the default rules (P = 4, limit 100).

Observation (what the seat sees now):

============  ======  ====  ======================================================
piece         offset  size  meaning
============  ======  ====  ======================================================
phase         0       6     dealer, dealing, playing, drawing, scoring, over
to_move       6       5     (P+1) seat to move; last slot: chance
dealer        11      4     (P) the dealer
turn          15      4     (P) whose turn it is (also while chance draws for him)
reversed      19      1     (1) play goes anticlockwise
hand          20      52    (52) own cards
hand_sizes    72      4     (P) cards in each hand
stock_size    76      1     (1) cards in the stock
buried        77      52    (52) starters buried under the stock
upcard        129     52    (52) the upcard
discard_pile  181     52    (52) the cards under the upcard
called        233     4     (4) the suit a jack called
free          237     1     (1) the last jack called no suit: any card may follow
pending       238     1     (1) cards owed by the seat on turn
passes        239     1     (1) passes in succession
drawn         240     52    (52) the card this seat drew this turn
has_drawn     292     1     (1) the seat on turn has drawn
charged       293     1     (1) the drawing penalty was charged this turn
unannounced   294     4     (P) last one-card play not announced
penalties     298     4     (P) penalty points this deal
absent        302     208   (P×52) per seat: cards it holds at most allowance of
allowance     510     4     (P) per seat: that allowance (what its plays showed)
restocks      514     1     (1) restocks this deal
totals        515     4     (P) points so far
rounds_won    519     4     (P) rounds each seat has won
============  ======  ====  ======================================================

Information state: the observation (the pieces above, at the same offsets), then
a summary of the round in progress:

======  ======  ====  ===========================================
piece   offset  size  meaning
======  ======  ====  ===========================================
played  523     208   (P×52) cards each seat has played this deal
draws   731     4     (P) cards each seat has drawn this deal
======  ======  ====  ===========================================

The summary starts afresh with each round; the rounds before are in ``totals``
and ``rounds_won`` (and the information-state *string* recalls the whole public
event log).

``max_decisions``: None; a round can in principle go on forever, so OpenSpiel
needs ``max_moves``. Payoffs are minus each seat's penalty total ("higher is
better"); before the last round every total is below the limit, and a round
adds at most the value of the whole deck (420 points with 52 cards, 340 with
32), so a payoff lies between -(limit - 1 + that value) and 0.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cardrules.core.shedding import View
from cardrules.games.strafpoint import Rules, deck_of, hand_points, rounds_won
from cardrules.integrations.encoding import stops
from cardrules.integrations.encoding.layout import Layout, Piece, Tensor, relative

NAME = "strafpoint"
#: Move numbers 0..137 are the seats' moves; the chance outcomes follow.
PLAYER_ACTIONS = 138


def _highest_total(rules: Rules) -> float:
    """The highest total a seat can have: below the limit, plus one round's worst."""
    return float(rules.limit - 1 + hand_points(deck_of(rules)))


def _layouts(rules: Rules) -> tuple[Layout, Layout]:
    observation, information = stops.layouts(rules.players, 0.0, _highest_total(rules))
    won = Piece("rounds_won", (rules.players,), "(P) rounds each seat has won", high=math.inf)
    extra = information.pieces[len(observation.pieces) :]
    with_won = (*observation.pieces, won)
    return Layout(with_won), Layout((*with_won, *extra))


def observation_layout(rules: Rules) -> Layout:
    """The pieces of the observation tensor."""
    return _layouts(rules)[0]


def information_state_layout(rules: Rules) -> Layout:
    """The pieces of the information-state tensor: the observation, then the summary."""
    return _layouts(rules)[1]


def _rounds_won(view: View, out: Mapping[str, Tensor]) -> None:
    players = len(view.hand_sizes)
    for seat, won in enumerate(rounds_won(view.score.deals, players)):
        out["rounds_won"][relative(seat, view.seat, players)] = won


def encode_observation(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the observation of ``view`` into the zeroed named views ``out``."""
    stops.encode_observation(view, out)
    _rounds_won(view, out)


def encode_information_state(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the information state of ``view`` into the zeroed named views ``out``."""
    stops.encode_information_state(view, out)
    _rounds_won(view, out)


def max_decisions(rules: Rules) -> int | None:
    """None: a round of Strafpoint has no bound on its length (see the module docs)."""
    return None


def payoff_bounds(rules: Rules) -> tuple[float, float]:
    """Minus the highest total a seat can have, and 0."""
    return -_highest_total(rules), 0.0


def utility_sum(rules: Rules) -> float | None:
    """None: general-sum (each seat pays its own penalty points)."""
    return None


def default_max_moves(rules: Rules) -> int:
    """250 moves per seat and round, one round per 25 points of the limit."""
    return 250 * rules.players * max(1, rules.limit // 25)
