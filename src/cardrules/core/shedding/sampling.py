"""Sampling a complete state consistent with a view (for search bots)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardrules.cards import Card, cards_of, mask_of
from cardrules.core.checks import check_rng, check_view
from cardrules.core.sampling import count_worlds, deal_requiring, deal_uniformly
from cardrules.core.shedding.description import StopsRules
from cardrules.core.shedding.drawing import _shown_held
from cardrules.core.shedding.state import State, _built, _with, _wrong_state
from cardrules.core.shedding.views import View
from cardrules.game import Log

_SOFT_TRIES: Final = 64
#: Uniform deals tried before the worlds are counted, when the seat to move must hold a card.
_QUICK_TRIES: Final = 32


# view and rng: object, checked here (see rules_of_play.to_move).
def sample(view: object, rng: object) -> State:
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
      other unseen cards were in the hands before the restock and stay there;
    * what the seat to move being left to choose shows: the engine moves for a
      seat with no choice, so he holds a card to answer the cards he owes with,
      and, when no card can be drawn (the stock is empty and the discard pile
      cannot be restocked), a card he may play (exact: the worlds where he holds
      none are never dealt).

    Within these constraints the deal is exactly uniform. It is not the exact
    posterior: a set replaced by a later one, that a seat that chose to draw
    the cards it owed held a card to answer with, what the 50-point penalty
    shows (the seat held a playable card), and the players' strategy are not
    modelled; ``docs/testing.rst`` measures the difference. The stock gets a
    random order (index order in explicit mode); under the draw-once rule
    another seat's drawn card is a random card of its hand.
    """
    if type(view) is not View or not isinstance(view.rules, StopsRules):
        raise _wrong_state(view, "view")
    checked = check_rng(rng)
    check_view(view)
    return _sample(view, checked)


def _sample(view: View, rng: random.Random) -> State:
    """:func:`sample` of a checked view."""
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
    drawn_sizes = [*(from_restock[s] for s in others), view.stock_size]
    held_sizes = [view.hand_sizes[s] - from_restock[s] for s in others]
    deal = _Deal(fresh, old_cards, drawn_sizes, held_sizes, forbidden, soft)
    hands, stock_mask = deal.hands(seat, own, others, 0, 0, rng)
    stock = _stock_order(stock_mask, view.chance, rng)
    drawn = view.drawn
    if view.has_drawn and drawn is None:
        turn = view.turn
        # The card drawn this turn came from the stock: since a restock, from its cards.
        choices = hands[turn] & restocked if from_restock[turn] else hands[turn]
        drawn = rng.choice(cards_of(choices))
    unannounced = sum(1 << s for s, flag in enumerate(view.unannounced) if flag)
    world = _built(
        rules=view.rules,
        seed=rng.getrandbits(63),
        position=None,
        chance=view.chance,
        first_deck=None,
        match=view.match,
        phase=view.phase,
        hands=hands,
        stock=stock,
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
    # Had the seat to move held none of these cards, the engine would have moved for
    # him (drawn the cards owed, or passed): a world where he holds none is dealt again,
    # among the worlds where he holds one (the first deal is kept when it qualifies,
    # which keeps the deals uniform among those worlds).
    turn = view.turn
    required = _shown_held(world) if turn != seat else 0
    if required and not hands[turn] & required:
        hands, stock_mask = deal.hands(seat, own, others, others.index(turn), required, rng)
        world = _with(world, hands=hands, stock=_stock_order(stock_mask, view.chance, rng))
    return world


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
        elif kind == "setup":
            # A set-up position shows its discard pile, then its upcard; a restock
            # before it is not known.
            restocked, counts = deck, [0] * players
            upcard = event.cards[-1] if event.cards else None
            pile = mask_of(event.cards[:-1])
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


def _stock_order(stock: int, chance: str, rng: random.Random) -> tuple[Card, ...]:
    """The stock's cards in a random order (index order in explicit mode)."""
    cards = list(cards_of(stock))
    if chance == "seeded":
        rng.shuffle(cards)
    return tuple(cards)


class _Deal:
    """The unseen cards' deal to the other seats and the stock, in two parts: the
    cards of the last restock (``fresh``: the stock and what each seat drew since)
    and the others (``old``: in hands since before it), each dealt uniformly.

    ``drawn_sizes``: per other seat, then the stock, its share of the fresh cards;
    ``held_sizes``: per other seat, its share of the old cards; ``forbidden``: per
    other seat, the cards it holds none of; ``soft``: (other seat's index, cards,
    how many of them it may hold), respected by rejection.
    """

    def __init__(
        self,
        fresh: int,
        old: int,
        drawn_sizes: Sequence[int],
        held_sizes: Sequence[int],
        forbidden: Sequence[int],
        soft: Sequence[tuple[int, int, int]],
    ) -> None:
        self.fresh = fresh
        self.old = old
        self.drawn_holders = [*zip(drawn_sizes, [*forbidden, 0])]
        self.held_holders = [*zip(held_sizes, forbidden)]
        self.soft = soft

    def hands(
        self,
        seat: int,
        own: int,
        others: Sequence[int],
        mover: int,
        required: int,
        rng: random.Random,
    ) -> tuple[tuple[int, ...], int]:
        """Every seat's hand (``own`` for ``seat``) and the stock; with ``required``,
        the other seat of index ``mover`` holds at least one of those cards."""
        for _ in range(1 + (_SOFT_TRIES if self.soft else 0)):
            drawn_part, held_part = self._parts(mover, required, rng)
            dealt = [a | b for a, b in zip(drawn_part, held_part)]
            if all((dealt[i] & cards).bit_count() <= limit for i, cards, limit in self.soft):
                break
        hands = [0] * (len(others) + 1)
        hands[seat] = own
        for s, hand in zip(others, dealt):
            hands[s] = hand
        return tuple(hands), drawn_part[-1]

    def _parts(
        self, mover: int, required: int, rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The two parts, uniform among the deals where the other seat of index
        ``mover`` holds a card of ``required`` (if given) in one part or the other."""
        if required:
            # Uniform deals, kept when they qualify; then the exact count.
            for _ in range(_QUICK_TRIES):
                parts = self._parts(mover, 0, rng)
                if (parts[0][mover] | parts[1][mover]) & required:
                    return parts
            return self._parts_by_counting(mover, required, rng)
        return (
            deal_uniformly(self.fresh, self.drawn_holders, rng),
            deal_uniformly(self.old, self.held_holders, rng),
        )

    def _parts_by_counting(
        self, mover: int, required: int, rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """:meth:`_parts` with ``required``, by counting: the deals where the seat holds
        a required card among his fresh cards, and those where he holds none there but
        one among his old cards, drawn in proportion to their numbers."""
        drawn_avoiding = _avoiding(self.drawn_holders, mover, required)
        held_avoiding = _avoiding(self.held_holders, mover, required)
        fresh_worlds = count_worlds(self.fresh, self.drawn_holders)
        fresh_without = count_worlds(self.fresh, drawn_avoiding)
        old_worlds = count_worlds(self.old, self.held_holders)
        old_without = count_worlds(self.old, held_avoiding)
        in_fresh = (fresh_worlds - fresh_without) * old_worlds
        in_old_only = fresh_without * (old_worlds - old_without)
        if not in_fresh + in_old_only:
            # No world qualifies: a position play cannot reach (built by hand). The
            # requirement is dropped rather than failing the search that asked.
            return self._parts(mover, 0, rng)
        needs = [(mover, required)]
        if rng.randrange(in_fresh + in_old_only) < in_fresh:
            return (
                deal_requiring(self.fresh, self.drawn_holders, needs, rng),
                deal_uniformly(self.old, self.held_holders, rng),
            )
        return (
            deal_uniformly(self.fresh, drawn_avoiding, rng),
            deal_requiring(self.old, self.held_holders, needs, rng),
        )


def _avoiding(holders: Sequence[tuple[int, int]], mover: int, cards: int) -> list[tuple[int, int]]:
    """``holders`` with the holder of index ``mover`` forbidden ``cards`` too."""
    return [
        (size, forbidden | cards if h == mover else forbidden)
        for h, (size, forbidden) in enumerate(holders)
    ]
