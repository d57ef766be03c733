"""Sampling a complete state consistent with a view (for search bots)."""

from __future__ import annotations

import random
from typing import Final

from cardrules.cards import Card, cards_of, mask_of
from cardrules.core.sampling import deal_uniformly
from cardrules.core.shedding.state import State
from cardrules.core.shedding.views import View
from cardrules.game import Log

_SOFT_TRIES: Final = 64


def sample(view: View, rng: random.Random) -> State:
    """A complete state consistent with ``view``, with a fresh seed and no history.

    The unseen cards (the other hands and the stock) are dealt uniformly at
    random among the deals that respect:

    * the known cards: the seat's own hand, the upcard, the discard pile and
      the buried starters are where the view shows them; every hand and the
      stock get their known sizes (cards drawn are unknown);
    * what draws and passes showed: a seat that drew because it had no card it
      was bound to play (or passed), or drew the cards it owed without a move
      because it had no card to answer with, held none of those cards at that
      moment. The view keeps, per seat, one such set ``absent`` and how many
      cards of it the seat may hold since (``allowance``: +1 per card drawn
      since, up to the size of the set, -1 per card of the set played since).
      A new set joins the old one while the allowance is 0, else replaces it.
      With an allowance of 0 the seat holds none of the set: an exact
      constraint (like a void in a trick game). A positive allowance is
      respected by rejection: up to 64 uniform deals are tried, and if all
      fail it is dropped (rare: it needs a seat that drew several unknown
      cards since and a nearly exhausted set);
    * restocks: after the deal's last restock the stock holds only cards of
      the pile that was restocked, and each seat exactly as many of them as it
      drew since and has not played (both public, read from the log); the
      other unseen cards were in the hands before the restock and stay there.

    Within these constraints the deal is exactly uniform. It is not the exact
    posterior: a set replaced by a later one, that a seat that chose to draw
    the cards it owed held a card to answer with, what the 50-point penalty
    shows (the seat held a playable card), and the players' strategy are not
    modelled; ``docs/testing.rst`` measures the difference. The stock gets a
    random order (index order in explicit mode); under the draw-once rule
    another seat's drawn card is a random card of its hand.
    """
    stops = view.rules.stops
    players = stops.players
    seat = view.seat
    own = mask_of(view.hand)
    known = own | mask_of(view.discard_pile) | mask_of(view.buried)
    if view.upcard is not None:
        known |= view.upcard.bit
    unknown = stops.deck_mask & ~known
    absent = tuple(mask_of(cards) for cards in view.absent)
    others = [s for s in range(players) if s != seat]
    forbidden = [absent[s] if not view.allowance[s] else 0 for s in others]
    soft = [(i, absent[s], view.allowance[s]) for i, s in enumerate(others) if view.allowance[s]]
    restocked, from_restock = _since_restock(view)
    if not from_restock:  # no restock in this deal: any unseen card may be anywhere
        from_restock = view.hand_sizes
    # Since the last restock the stock holds only cards of the restocked pile, and
    # each seat holds exactly from_restock[s] of them (drawn since, not played):
    # the other unseen cards were in hands all along. Two uniform deals, one per part.
    fresh = unknown & restocked
    old_cards = unknown & ~restocked
    for _ in range(1 + (_SOFT_TRIES if soft else 0)):
        drawn_part = deal_uniformly(
            fresh,
            [*((from_restock[s], f) for s, f in zip(others, forbidden)), (view.stock_size, 0)],
            rng,
        )
        held_part = deal_uniformly(
            old_cards,
            [(view.hand_sizes[s] - from_restock[s], f) for s, f in zip(others, forbidden)],
            rng,
        )
        dealt = [a | b for a, b in zip(drawn_part, held_part)]
        if all((dealt[i] & cards).bit_count() <= limit for i, cards, limit in soft):
            break
    hands = [0] * players
    hands[seat] = own
    for s, hand in zip(others, dealt):
        hands[s] = hand
    stock = list(cards_of(drawn_part[-1]))
    if view.chance == "seeded":
        rng.shuffle(stock)
    drawn = view.drawn
    if view.has_drawn and drawn is None:
        turn = view.turn
        # The card drawn this turn came from the stock: since a restock, from its cards.
        choices = hands[turn] & restocked if from_restock[turn] else hands[turn]
        drawn = rng.choice(cards_of(choices))
    unannounced = sum(1 << s for s, flag in enumerate(view.unannounced) if flag)
    return State(
        rules=view.rules,
        seed=rng.getrandbits(63),
        chance=view.chance,
        first_deck=None,
        match=view.match,
        phase=view.phase,
        hands=tuple(hands),
        stock=tuple(stock),
        buried=view.buried,
        pile=mask_of(view.discard_pile),
        upcard=view.upcard,
        called=view.called,
        free=view.free,
        turn=view.turn,
        direction=view.direction,
        pending=view.pending,
        passes=view.passes,
        drawn=drawn,
        charged=view.charged_seat,
        owed=view.owed,
        after=view.after,
        dealt=view.dealt,
        unannounced=unannounced,
        penalties=view.penalties,
        absent=absent,
        allowance=view.allowance,
        restocks=view.restocks,
        moves_made=view.moves_made,
        log=Log.of(view.events),
        history=None,
        outcome=view.score.outcome,
    )


def _since_restock(view: View) -> tuple[int, tuple[int, ...]]:
    """The cards of the deal's last restock, and per seat how many of them it has
    drawn since and not played (its share of them in hand); all cards and ``()``
    if the deal has had no restock.

    Read from the public log: the discard pile is rebuilt from the plays, and a
    restock turns the pile under the upcard into the stock.
    """
    players = view.rules.stops.players
    deck = view.rules.stops.deck_mask
    restocked = deck
    counts = [0] * players
    pile = 0
    upcard: Card | None = None
    for event in view.events:
        kind = event.kind
        if kind == "deal":
            restocked, counts, pile, upcard = deck, [0] * players, 0, None
        elif kind == "starter":
            upcard = event.cards[0]
        elif kind == "play":
            card = event.cards[0]
            if upcard is not None:
                pile |= upcard.bit
            upcard = card
            if restocked != deck and card.bit & restocked and event.seat is not None:
                counts[event.seat] -= 1
        elif kind == "restock":
            restocked, counts, pile = pile, [0] * players, 0
        elif kind == "draw" and restocked != deck and event.seat is not None:
            counts[event.seat] += 1
    if restocked == deck:
        return deck, ()  # no restock yet
    return restocked, tuple(counts)
