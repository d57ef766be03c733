"""Exactly uniform deals of unseen cards, for ``sample`` in the trick games.

A seat that sees a view knows its own hand and the public history; the other
cards are *unknown*, and the holders (other hands, the stock, undealt cards) have
known sizes. Public play may show that a holder cannot hold some cards (a seat
that failed to follow suit is void in it). :func:`deal_uniformly` picks one of
the worlds consistent with that knowledge, every world equally likely.

Method: cards that the same holders may receive are exchangeable, so they form a
group. A fast path deals the unknown cards at random and keeps the deal if it
breaks no constraint (accepted deals are uniform over the consistent worlds).
After a few failures it counts the worlds exactly, group by group (the number of
ways to split a group of ``u`` cards as ``n_1 + ... + n_k`` is the multinomial
``u! / (n_1! ... n_k!)``), and draws a split with probability proportional to its
count. Both paths are exactly uniform, so their mixture is too.

>>> import random
>>> from cardrules.cards import mask_of, parse_cards, cards_of, Suit
>>> from cardrules.core.tricks import SUIT_MASKS
>>> unknown = mask_of(parse_cards("2S 3S 4H 5H"))
>>> hands = deal_uniformly(unknown, [(2, SUIT_MASKS[Suit.SPADES]), (2, 0)], random.Random(1))
>>> [cards_of(h) for h in hands]   # the first holder is void in spades
[(Card('4H'), Card('5H')), (Card('2S'), Card('3S'))]
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from typing import Final

from cardrules.cards import cards_of
from cardrules.errors import CardrulesError

__all__ = ["count_worlds", "deal_uniformly"]

_QUICK_TRIES: Final = 32


def deal_uniformly(
    unknown: int, holders: Sequence[tuple[int, int]], rng: random.Random
) -> tuple[int, ...]:
    """Deal the ``unknown`` cards (a mask) to holders, uniformly over consistent worlds.

    ``holders`` gives for each holder ``(size, forbidden)``: how many cards it
    receives and the mask of cards it cannot hold. Returns one mask per holder.
    Raises :class:`CardrulesError` if no world is consistent.
    """
    cards = cards_of(unknown)
    sizes = [size for size, _ in holders]
    if sum(sizes) != len(cards):
        raise CardrulesError(f"cannot deal {len(cards)} unseen cards into holders of sizes {sizes}")
    if not any(forbidden & unknown for _, forbidden in holders):
        return _split(rng.sample(cards, len(cards)), sizes)
    for _ in range(_QUICK_TRIES):
        dealt = _split(rng.sample(cards, len(cards)), sizes)
        if all(not (hand & forbidden) for hand, (_, forbidden) in zip(dealt, holders)):
            return dealt
    return _deal_by_counting(unknown, holders, rng)


def _split(order: Sequence[object], sizes: Sequence[int]) -> tuple[int, ...]:
    masks = []
    start = 0
    for size in sizes:
        mask = 0
        for card in order[start : start + size]:
            mask |= card.bit  # type: ignore[attr-defined]
        masks.append(mask)
        start += size
    return tuple(masks)


def _groups(unknown: int, holders: Sequence[tuple[int, int]]) -> list[tuple[int, tuple[int, ...]]]:
    """Unknown cards grouped by the holders allowed to take them: (mask, allowed holders)."""
    by_allowed: dict[tuple[int, ...], int] = {}
    for card in cards_of(unknown):
        allowed = tuple(h for h, (_, forbidden) in enumerate(holders) if not forbidden & card.bit)
        by_allowed[allowed] = by_allowed.get(allowed, 0) | card.bit
    # The most constrained groups first keeps the counting table small.
    return sorted(((m, a) for a, m in by_allowed.items()), key=lambda g: (len(g[1]), g[0]))


def _compositions(
    total: int, allowed: tuple[int, ...], caps: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    """Every way to give ``total`` cards to the allowed holders within their capacities."""
    if not allowed:
        if total == 0:
            yield ()
        return
    first, rest = allowed[0], allowed[1:]
    room_after = sum(caps[h] for h in rest)
    for n in range(max(0, total - room_after), min(total, caps[first]) + 1):
        for tail in _compositions(total - n, rest, caps):
            yield (n, *tail)


class _Counter:
    def __init__(self, groups: list[tuple[int, tuple[int, ...]]], holders: int) -> None:
        self.groups = groups
        self.sizes = [m.bit_count() for m, _ in groups]
        self.holders = holders
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def splits(self, g: int, caps: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """(new caps, weight) for each way to place group g."""
        allowed = self.groups[g][1]
        size = self.sizes[g]
        for counts in _compositions(size, allowed, caps):
            new_caps = list(caps)
            ways = math.factorial(size)
            for holder, n in zip(allowed, counts):
                new_caps[holder] -= n
                ways //= math.factorial(n)
            yield tuple(new_caps), ways

    def worlds(self, g: int, caps: tuple[int, ...]) -> int:
        if g == len(self.groups):
            return 1 if not any(caps) else 0
        key = (g, caps)
        found = self.memo.get(key)
        if found is None:
            found = sum(ways * self.worlds(g + 1, rest) for rest, ways in self.splits(g, caps))
            self.memo[key] = found
        return found


def count_worlds(unknown: int, holders: Sequence[tuple[int, int]]) -> int:
    """How many consistent worlds there are (card-by-card assignments)."""
    counter = _Counter(_groups(unknown, holders), len(holders))
    return counter.worlds(0, tuple(size for size, _ in holders))


def _deal_by_counting(
    unknown: int, holders: Sequence[tuple[int, int]], rng: random.Random
) -> tuple[int, ...]:
    counter = _Counter(_groups(unknown, holders), len(holders))
    caps = tuple(size for size, _ in holders)
    total = counter.worlds(0, caps)
    if total == 0:
        raise CardrulesError("no deal of the unseen cards is consistent with the view")
    masks = [0] * len(holders)
    for g, (group_mask, allowed) in enumerate(counter.groups):
        pick = rng.randrange(counter.worlds(g, caps))
        for new_caps, ways in counter.splits(g, caps):
            weight = ways * counter.worlds(g + 1, new_caps)
            if pick < weight:
                break
            pick -= weight
        order = rng.sample(cards_of(group_mask), group_mask.bit_count())
        start = 0
        for holder in allowed:
            n = caps[holder] - new_caps[holder]
            for card in order[start : start + n]:
                masks[holder] |= card.bit
            start += n
        caps = new_caps
    return tuple(masks)
