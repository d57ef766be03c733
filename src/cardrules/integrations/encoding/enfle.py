"""Observation tensors of Enfle (``enfle``), built only from the view.

Action numbers are the game's move numbers (see :mod:`cardrules.games.enfle`):
``play CARD`` = the card's index 0..51, and the chance outcomes ``deal CARD`` =
52 + the card's index, ``dealer SEAT`` = 104 + SEAT; 110 actions in all. The
pick-up is not a move (it happens inside ``apply``).

Sizes below depend on the rules: P = ``players``, D = ``deals``. Seats are
counted from the observer (slot 0 = the observer, slot 1 = the seat on its
left); cards by their index (``13 * suit + rank - 2``, clubs first; the cards
stripped from the deck are always 0). All entries are 0 or 1 except
``hand_sizes`` (cards), ``totals`` (chips) and ``points`` (Parlett points). The
offsets shown are those of ``Rules()`` (P = 4, D = 1).

Observation (what the seat sees now):

==========  ======  ====  ===================================================
piece       offset  size  meaning
==========  ======  ====  ===================================================
phase       0       4     choosing the dealer, dealing, playing, over
to_move     4       5     (P+1) seat to move; last slot: chance
dealer      9       4     (P) the dealer
deal        13      1     (D) the deal in progress, first = 0
hand        14      52    (52) own cards
hand_sizes  66      4     (P) cards in each hand
known       70      208   (P×52) cards each seat is known to hold (picked up)
voids       278     16    (P×4) suits each seat has shown it lacks
leader      294     4     (P) who leads the current trick
trick       298     208   (P×52) the current trick's cards, by who played
waste       506     52    (52) cards of finished tricks (the waste pile)
totals      558     4     (P) chips won or lost so far
points      562     4     (P) Parlett points
==========  ======  ====  ===================================================

Information state: the observation (the pieces above, at the same offsets), then
a summary of the deal in progress and the winners of the finished deals:

============  ======  ====  ==============================================
piece         offset  size  meaning
============  ======  ====  ==============================================
played        566     208   (P×52) cards each seat has played this deal
picked_up     774     208   (P×52) cards each seat has picked up this deal
deal_winners  982     4     (D×P) finished deal K: who went out
============  ======  ====  ==============================================

A deal of Enfle has no fixed length (cards picked up are played again), so the
tensor does not list the plays in order: it keeps, per seat, every card it has
played or picked up this deal. The information-state *string* recalls the whole
public event log, from which the seat's hand at any moment follows (a hand
changes only by dealing, plays and public pick-ups).

``max_decisions``: None. A deal can in principle go round forever (Enfle's rule
EN-4.5), so OpenSpiel needs ``max_moves``. Payoffs are the chip
totals: each deal, the winner gains ``ante * (P - 1)`` and every other player
loses ``ante``.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.game import Event
from cardrules.games.enfle import Phase, Rules, View, card_points, deck_of
from cardrules.integrations.encoding.layout import (
    Layout,
    Piece,
    Recall,
    Tensor,
    put_cards,
    put_to_move,
    relative,
)

NAME = "enfle"
#: Move numbers 0..51 are the seats' moves; the chance outcomes follow.
PLAYER_ACTIONS = 52
_CARDS = 52


def _points_per_deal(rules: Rules) -> int:
    return sum(card_points(card) for card in deck_of(rules))


def observation_layout(rules: Rules) -> Layout:
    """The pieces of the observation tensor."""
    p, d = rules.players, rules.deals
    low, high = payoff_bounds(rules)
    return Layout(
        (
            Piece("phase", (4,), "choosing the dealer, dealing, playing, over"),
            Piece("to_move", (p + 1,), "(P+1) seat to move; last slot: chance"),
            Piece("dealer", (p,), "(P) the dealer"),
            Piece("deal", (d,), "(D) the deal in progress, first = 0"),
            Piece("hand", (_CARDS,), "(52) own cards"),
            Piece("hand_sizes", (p,), "(P) cards in each hand", high=len(deck_of(rules))),
            Piece("known", (p, _CARDS), "(P×52) cards each seat is known to hold (picked up)"),
            Piece("voids", (p, 4), "(P×4) suits each seat has shown it lacks"),
            Piece("leader", (p,), "(P) who leads the current trick"),
            Piece("trick", (p, _CARDS), "(P×52) the current trick's cards, by who played"),
            Piece("waste", (_CARDS,), "(52) cards of finished tricks (the waste pile)"),
            Piece("totals", (p,), "(P) chips won or lost so far", low=low, high=high),
            Piece("points", (p,), "(P) Parlett points", high=d * _points_per_deal(rules)),
        )
    )


def information_state_layout(rules: Rules) -> Layout:
    """The pieces of the information-state tensor: the observation, then the recall."""
    p, d = rules.players, rules.deals
    return Layout(
        (
            *observation_layout(rules).pieces,
            Piece("played", (p, _CARDS), "(P×52) cards each seat has played this deal"),
            Piece("picked_up", (p, _CARDS), "(P×52) cards each seat has picked up this deal"),
            Piece("deal_winners", (d, p), "(D×P) finished deal K: who went out"),
        )
    )


def encode_observation(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the observation of ``view`` into the zeroed named views ``out``."""
    players = view.rules.players
    me = view.seat
    out["phase"][int(view.phase)] = 1.0
    put_to_move(out["to_move"], view.to_move, me, players)
    if view.dealer is not None:
        out["dealer"][relative(view.dealer, me, players)] = 1.0
    if view.phase != Phase.OVER:
        out["deal"][view.deal_number] = 1.0
    put_cards(out["hand"], view.hand)
    for seat in range(players):
        slot = relative(seat, me, players)
        out["hand_sizes"][slot] = view.hand_sizes[seat]
        put_cards(out["known"][slot], view.known[seat])
        for suit in view.voids[seat]:
            out["voids"][slot, int(suit)] = 1.0
        out["totals"][slot] = view.totals[seat]
        if view.points is not None:
            out["points"][slot] = view.points[seat]
    if view.phase == Phase.PLAYING:
        out["leader"][relative(view.leader, me, players)] = 1.0
    for position, card in enumerate(view.trick):
        out["trick"][relative(view.leader + position, me, players), card.index] = 1.0
    put_cards(out["waste"], view.waste)


def _add_event(event: Event, pieces: dict[str, Tensor], me: int) -> None:
    if event.seat is None or event.kind not in ("play", "pickup"):
        return
    piece = pieces["played" if event.kind == "play" else "picked_up"]
    put_cards(piece[(event.seat - me) % piece.shape[0]], event.cards)


#: The cards each seat has played and picked up this deal, extended step by step.
_RECALL = Recall(("played", "picked_up"), _add_event)


def encode_information_state(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the information state of ``view`` into the zeroed named views ``out``."""
    encode_observation(view, out)
    players = view.rules.players
    me = view.seat
    _RECALL.write(view.events, me, out)
    for row in view.score.deals:
        winner = max(range(players), key=lambda seat: row.points[seat])
        if row.points[winner] > 0:
            out["deal_winners"][row.number, relative(winner, me, players)] = 1.0


def max_decisions(rules: Rules) -> int | None:
    """None: a deal of Enfle has no bound on its length (see the module docs)."""
    return None


def payoff_bounds(rules: Rules) -> tuple[float, float]:
    """Chips: at worst ``-ante`` a deal, at best ``ante * (players - 1)`` a deal."""
    return float(-rules.ante * rules.deals), float(rules.ante * (rules.players - 1) * rules.deals)


def utility_sum(rules: Rules) -> float | None:
    """0: zero-sum (a deal's winner takes the antes the others lose; a deal cut by
    ``max_moves`` returns them)."""
    return 0.0


def default_max_moves(rules: Rules) -> int:
    """500 moves per seat and deal (random play ends a deal in about 100 moves a seat)."""
    return 500 * rules.players * rules.deals
