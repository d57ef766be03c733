"""Observation tensors of Mau-Mau (``mau_mau``, two-handed Stops), built only from the view.

Action numbers are the game's move numbers (see :mod:`cardrules.games.mau_mau`):
``play CARD`` = the card's index 0..51, ``play CARD announce`` = 52 + index,
``play JX call Y`` = 104 + 4 · (the jack's suit) + (the called suit), the same
announced = 120 + ..., ``draw`` = 136, ``end turn`` = 137 (never legal in this
game); the chance outcomes ``deal CARD`` = 138 + index, ``dealer SEAT`` = 190 +
SEAT; 192 actions in all. Suits count clubs 0, diamonds 1, hearts 2, spades 3.

The pieces are those of every Stops game (:mod:`cardrules.integrations.encoding.stops`).
Seats are counted from the observer (slot 0 = the observer, slot 1 = the
opponent); cards by their index (``13 * suit + rank - 2``, clubs first). All
entries are 0 or 1 except the counts and ``totals`` (points, the current deal's
50-point penalties included). P = 2.

Observation (what the seat sees now):

============  ======  ====  ======================================================
piece         offset  size  meaning
============  ======  ====  ======================================================
phase         0       6     dealer, dealing, playing, drawing, scoring, over
to_move       6       3     (P+1) seat to move; last slot: chance
dealer        9       2     (P) the dealer
turn          11      2     (P) whose turn it is (also while chance draws for him)
reversed      13      1     (1) play goes anticlockwise
hand          14      52    (52) own cards
hand_sizes    66      2     (P) cards in each hand
stock_size    68      1     (1) cards in the stock
buried        69      52    (52) starters buried under the stock
upcard        121     52    (52) the upcard
discard_pile  173     52    (52) the cards under the upcard
called        225     4     (4) the suit a jack called
free          229     1     (1) the last jack called no suit: any card may follow
pending       230     1     (1) cards owed by the seat on turn
passes        231     1     (1) passes in succession
drawn         232     52    (52) the card this seat drew this turn
has_drawn     284     1     (1) the seat on turn has drawn
charged       285     1     (1) the drawing penalty was charged this turn
unannounced   286     2     (P) last one-card play not announced
penalties     288     2     (P) penalty points this deal
absent        290     104   (P×52) per seat: cards it holds at most allowance of
allowance     394     2     (P) per seat: that allowance (what its plays showed)
restocks      396     1     (1) restocks this deal
totals        397     2     (P) points so far
============  ======  ====  ======================================================

Information state: the observation (the pieces above, at the same offsets), then
a summary of the deal in progress:

======  ======  ====  ===========================================
piece   offset  size  meaning
======  ======  ====  ===========================================
played  399     104   (P×52) cards each seat has played this deal
draws   503     2     (P) cards each seat has drawn this deal
======  ======  ====  ===========================================

A deal has no fixed length (a player draws until he can play, and the stock is
rebuilt from the discard pile), so the tensor does not list the plays in order:
it keeps, per seat, every card played this deal and the number of cards drawn.
The information-state *string* recalls the whole public event log; neither
recalls which of the seat's own cards came from which draw, which the view does
not keep.

``max_decisions``: None; a deal can in principle go on forever, so OpenSpiel
needs ``max_moves``. Payoffs are ``t0 - t1`` and ``t1 - t0``: a deal's winner
scores the opponent's cards, at most 516 (the whole deck less one card); a
total is below the target before the last deal; with ``must_play="penalty"``
every move can cost or earn 50 points, so the bounds need ``max_moves`` (else
they are infinite).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cardrules.core.shedding import View
from cardrules.games.mau_mau import PENALTY, Rules, deck_of, hand_points
from cardrules.integrations.encoding import stops
from cardrules.integrations.encoding.layout import Layout, Tensor

__all__ = [
    "NAME",
    "PLAYER_ACTIONS",
    "default_max_moves",
    "encode_information_state",
    "encode_observation",
    "information_state_layout",
    "max_decisions",
    "observation_layout",
    "payoff_bounds",
    "utility_sum",
]

NAME = "mau_mau"
#: Move numbers 0..137 are the seats' moves; the chance outcomes follow.
PLAYER_ACTIONS = 138


def _total_bounds(rules: Rules) -> tuple[float, float]:
    """The lowest and highest total a seat can have."""
    cards = _most_points(rules)
    before_last = (rules.target - 1) if rules.target is not None else 0
    penalties = 0.0
    if rules.must_play == "penalty":
        penalties = math.inf if rules.max_moves is None else float(PENALTY * rules.max_moves)
    return -penalties, before_last + cards + penalties


def _most_points(rules: Rules) -> int:
    """The most a deal's winner can score: the opponent holding every card but one."""
    values = sorted(hand_points((card,)) for card in deck_of(rules))
    return sum(values[1:])


def observation_layout(rules: Rules) -> Layout:
    """The pieces of the observation tensor."""
    return stops.layouts(rules.players, *_total_bounds(rules))[0]


def information_state_layout(rules: Rules) -> Layout:
    """The pieces of the information-state tensor: the observation, then the summary."""
    return stops.layouts(rules.players, *_total_bounds(rules))[1]


def encode_observation(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the observation of ``view`` into the zeroed named views ``out``."""
    stops.encode_observation(view, out)


def encode_information_state(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the information state of ``view`` into the zeroed named views ``out``."""
    stops.encode_information_state(view, out)


def max_decisions(rules: Rules) -> int | None:
    """None: a deal of Mau-Mau has no bound on its length (see the module docs)."""
    return None


def payoff_bounds(rules: Rules) -> tuple[float, float]:
    """The difference of the totals: at most the spread of the totals' bounds."""
    low, high = _total_bounds(rules)
    return -(high - low), high - low


def utility_sum(rules: Rules) -> float | None:
    """0: zero-sum (the payoffs are the difference of the two totals)."""
    return 0.0


def default_max_moves(rules: Rules) -> int:
    """300 moves per deal, counting one deal per 25 points of the target."""
    deals = 1 if rules.target is None else max(1, rules.target // 25)
    return 300 * deals
