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
needs ``max_moves``. Payoffs are ``t0 - t1`` and ``t1 - t0``, bounded from the
scoring rules:

* A deal's winner scores the cards left in the opponent's hand. When the winner
  plays his last card, that card and the upcard under it are on the table, so
  the opponent holds at most the other 50: the deck's 516 points less the two
  lowest cards (two 2s), 512. A 7 or 8 played as the last card makes him draw
  (``last_card_effects``), at most every card but that 7 or 8: 516 - 15 = 501,
  less. A blocked deal scores the difference of two hands, less again.
* Without the 50-point rule no total falls. A game goes on after a deal only
  while both totals are below the target (or equal), so the lead is at most
  ``target - 1`` then, and the last deal adds at most 512: ``target - 1 + 512``
  (512 for a single deal).
* With ``must_play="penalty"`` each penalty (at most one a turn, each on a
  draw) moves the lead by 50, whoever it is deducted from or credited to, so
  ``50 · max_moves`` more; without ``max_moves`` the bounds are infinite.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cardrules.core.shedding import View
from cardrules.games.mau_mau import PENALTY, Rules, deck_of, hand_points
from cardrules.integrations.encoding import stops
from cardrules.integrations.encoding.layout import Layout, Tensor

NAME = "mau_mau"
#: Move numbers 0..137 are the seats' moves; the chance outcomes follow.
PLAYER_ACTIONS = 138


def _total_bounds(rules: Rules) -> tuple[float, float]:
    """The lowest and highest total a seat can have."""
    before_last = (rules.target - 1) if rules.target is not None else 0
    penalties = _most_penalties(rules)
    return -penalties, before_last + _most_points(rules) + penalties


def _most_penalties(rules: Rules) -> float:
    """The most the 50-point rule can move a total, or the lead: one penalty per draw."""
    if rules.must_play != "penalty":
        return 0.0
    return math.inf if rules.max_moves is None else float(PENALTY * rules.max_moves)


def _most_points(rules: Rules) -> int:
    """The most a deal's winner can score (see the module docs): the opponent holds
    every card but the winner's last card and the upcard under it, or, when a last
    7 or 8 makes him draw, every card but that one."""
    deck = deck_of(rules)
    values = sorted(hand_points((card,)) for card in deck)
    most = sum(values[2:])
    if rules.last_card_effects:
        draw_cards = [hand_points((c,)) for c in deck if c.rank in (7, 8)]
        most = max(most, sum(values) - min(draw_cards))
    return most


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
    """The lead of one seat over the other (derived in the module docs)."""
    before_last = (rules.target - 1) if rules.target is not None else 0
    bound = before_last + _most_points(rules) + _most_penalties(rules)
    return -bound, bound


def utility_sum(rules: Rules) -> float | None:
    """0: zero-sum (the payoffs are the difference of the two totals)."""
    return 0.0


def default_max_moves(rules: Rules) -> int:
    """300 moves per deal, counting one deal per 25 points of the target."""
    deals = 1 if rules.target is None else max(1, rules.target // 25)
    return 300 * deals
