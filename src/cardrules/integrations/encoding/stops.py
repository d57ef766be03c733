"""The observation tensors shared by the Stops games (Mau-Mau and Mau Mau), from the view.

Every Stops game has the same view (:class:`cardrules.core.shedding.View`), so
the pieces are the same; each game's encoder module gives its own bounds and
documents the layout under its default rules. Seats are counted from the
observer (slot 0 = the observer, slot 1 = the next seat clockwise); cards by
their index (``13 * suit + rank - 2``, clubs first). P = ``players``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cardrules.core.shedding import Phase, View
from cardrules.game import Event
from cardrules.integrations.encoding.layout import (
    Layout,
    Piece,
    Recall,
    Tensor,
    one_hot,
    put_cards,
    put_to_move,
    relative,
)

__all__ = ["encode_information_state", "encode_observation", "layouts"]

_CARDS = 52


def layouts(players: int, low: float, high: float) -> tuple[Layout, Layout]:
    """The observation and information-state layouts; ``low``/``high`` bound the totals."""
    p = players
    observation = Layout(
        (
            Piece("phase", (6,), "dealer, dealing, playing, drawing, scoring, over"),
            Piece("to_move", (p + 1,), "(P+1) seat to move; last slot: chance"),
            Piece("dealer", (p,), "(P) the dealer"),
            Piece("turn", (p,), "(P) whose turn it is (also while chance draws for him)"),
            Piece("reversed", (1,), "(1) play goes anticlockwise"),
            Piece("hand", (_CARDS,), "(52) own cards"),
            Piece("hand_sizes", (p,), "(P) cards in each hand", high=_CARDS),
            Piece("stock_size", (1,), "(1) cards in the stock", high=_CARDS),
            Piece("buried", (_CARDS,), "(52) starters buried under the stock"),
            Piece("upcard", (_CARDS,), "(52) the upcard"),
            Piece("discard_pile", (_CARDS,), "(52) the cards under the upcard"),
            Piece("called", (4,), "(4) the suit a jack called"),
            Piece("free", (1,), "(1) the last jack called no suit: any card may follow"),
            Piece("pending", (1,), "(1) cards owed by the seat on turn", high=_CARDS),
            Piece("passes", (1,), "(1) passes in succession", high=math.inf),
            Piece("drawn", (_CARDS,), "(52) the card this seat drew this turn"),
            Piece("has_drawn", (1,), "(1) the seat on turn has drawn"),
            Piece("charged", (1,), "(1) the drawing penalty was charged this turn"),
            Piece("unannounced", (p,), "(P) last one-card play not announced"),
            Piece("penalties", (p,), "(P) penalty points this deal", low=-math.inf, high=math.inf),
            Piece("absent", (p, _CARDS), "(P×52) per seat: cards it holds at most allowance of"),
            Piece(
                "allowance",
                (p,),
                "(P) per seat: that allowance (what its plays showed)",
                high=_CARDS,
            ),
            Piece("restocks", (1,), "(1) restocks this deal", high=math.inf),
            Piece("totals", (p,), "(P) points so far", low=low, high=high),
        )
    )
    information = Layout(
        (
            *observation.pieces,
            Piece("played", (p, _CARDS), "(P×52) cards each seat has played this deal"),
            Piece("draws", (p,), "(P) cards each seat has drawn this deal", high=math.inf),
        )
    )
    return observation, information


def encode_observation(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the observation of ``view`` into the zeroed named views ``out``."""
    players = len(view.hand_sizes)
    me = view.seat
    out["phase"][int(view.phase)] = 1.0
    put_to_move(out["to_move"], view.to_move, me, players)
    if view.phase != Phase.CHOOSE_DEALER:
        out["dealer"][relative(view.match.dealer, me, players)] = 1.0
    if view.phase not in (Phase.CHOOSE_DEALER, Phase.OVER):
        out["turn"][relative(view.turn, me, players)] = 1.0
    out["reversed"][0] = float(view.direction != 1)
    put_cards(out["hand"], view.hand)
    out["stock_size"][0] = view.stock_size
    put_cards(out["buried"], view.buried)
    if view.upcard is not None:
        out["upcard"][view.upcard.index] = 1.0
    put_cards(out["discard_pile"], view.discard_pile)
    one_hot(out["called"], None if view.called is None else int(view.called))
    out["free"][0] = float(view.free)
    out["pending"][0] = view.pending
    out["passes"][0] = view.passes
    if view.drawn is not None:
        out["drawn"][view.drawn.index] = 1.0
    out["has_drawn"][0] = float(view.has_drawn)
    out["charged"][0] = float(view.charged)
    out["restocks"][0] = view.restocks
    totals = view.score.totals
    for seat in range(players):
        slot = relative(seat, me, players)
        out["hand_sizes"][slot] = view.hand_sizes[seat]
        out["unannounced"][slot] = float(view.unannounced[seat])
        out["penalties"][slot] = view.penalties[seat]
        put_cards(out["absent"][slot], view.absent[seat])
        out["allowance"][slot] = view.allowance[seat]
        out["totals"][slot] = totals[seat]


def _add_event(event: Event, pieces: dict[str, Tensor], me: int) -> None:
    if event.seat is None:
        return
    players = pieces["draws"].shape[0]
    if event.kind == "play":
        slot = (event.seat - me) % players
        for card in event.cards:
            pieces["played"][slot, card.index] = 1.0
    elif event.kind == "draw":
        pieces["draws"][(event.seat - me) % players] += 1.0


#: The cards each seat has played and the draws it made this deal, extended step by step.
_RECALL = Recall(("played", "draws"), _add_event)


def encode_information_state(view: View, out: Mapping[str, Tensor]) -> None:
    """Write the information state of ``view`` into the zeroed named views ``out``."""
    encode_observation(view, out)
    _RECALL.write(view.events, view.seat, out)
