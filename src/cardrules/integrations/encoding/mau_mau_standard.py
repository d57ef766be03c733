"""Observation tensors of standard Mau Mau (``mau_mau_standard``), built only from the view.

Action numbers are the game's move numbers (see :mod:`cardrules.games.mau_mau_standard`):
``play CARD`` = the card's index 0..51, ``play CARD announce`` ("Mau") = 52 +
index, ``play JX call Y`` = 104 + 4 · (the jack's suit) + (the wished suit), the
same announced = 120 + ..., ``draw`` = 136, ``end turn`` = 137; the chance
outcomes ``deal CARD`` = 138 + index, ``dealer SEAT`` = 190 + SEAT; 195 actions
in all (five seats). Suits count clubs 0, diamonds 1, hearts 2, spades 3. With
the 32-card deck the numbers of the 2s to 6s are never legal.

The pieces are those of every Stops game (:mod:`cardrules.integrations.encoding.stops`).
Seats are counted from the observer (slot 0 = the observer, slot 1 = the next
seat clockwise); cards by their index (``13 * suit + rank - 2``, clubs first).
All entries are 0 or 1 except the counts. ``reversed`` is set while a 9 has
turned the direction (``nine_reverses``); ``free`` while a jack turned as the
starter (``starter_effects``) lets any card but a jack follow; ``charged``,
``penalties`` and ``buried`` stay 0 in this game; ``totals`` is 1 for the
player who went out, once the deal is over. P = ``players``; the offsets below
are those of the default rules (P = 4).

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
============  ======  ====  ======================================================

Information state: the observation (the pieces above, at the same offsets), then
a summary of the deal:

======  ======  ====  ===========================================
piece   offset  size  meaning
======  ======  ====  ===========================================
played  519     208   (P×52) cards each seat has played this deal
draws   727     4     (P) cards each seat has drawn this deal
======  ======  ====  ===========================================

A deal has no fixed length (drawing is always allowed, and the stock is rebuilt
from the discard pile), so the tensor does not list the plays in order: it
keeps, per seat, every card played this deal and the number of cards drawn. The
information-state *string* recalls the whole public event log.

``max_decisions``: None; a deal can in principle go on forever, so OpenSpiel
needs ``max_moves``. Payoffs: +1 for the player who went out, -1 for each other
player, 0 for all when the deal is blocked or truncated.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.core.shedding import View
from cardrules.games.mau_mau_standard import Rules
from cardrules.integrations.encoding import stops
from cardrules.integrations.encoding.layout import Layout, Tensor

NAME = "mau_mau_standard"
#: Move numbers 0..137 are the seats' moves; the chance outcomes follow.
PLAYER_ACTIONS = 138


def observation_layout(rules: Rules) -> Layout:
    """The pieces of the observation tensor (totals: 0 or 1)."""
    return stops.layouts(rules.players, 0.0, 1.0)[0]


def information_state_layout(rules: Rules) -> Layout:
    """The pieces of the information-state tensor: the observation, then the summary."""
    return stops.layouts(rules.players, 0.0, 1.0)[1]


def encode_observation(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the observation of ``view`` into the zeroed named views ``out``."""
    stops.encode_observation(view, out)


def encode_information_state(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the information state of ``view`` into the zeroed named views ``out``."""
    stops.encode_information_state(view, out)


def max_decisions(rules: Rules) -> int | None:
    """None: a deal of Mau Mau has no bound on its length (see the module docs)."""
    return None


def payoff_bounds(rules: Rules) -> tuple[float, float]:
    """+1 for the winner, -1 for a loser."""
    return -1.0, 1.0


def utility_sum(rules: Rules) -> float | None:
    """0 with two players (+1 and -1, or 0 each); general-sum (None) with more, where
    a won deal pays 1 - (P - 1) and a blocked one 0."""
    return 0.0 if rules.players == 2 else None


def default_max_moves(rules: Rules) -> int:
    """250 moves per seat."""
    return 250 * rules.players
