"""Exactly uniform deals of unseen cards, for ``sample`` in the trick games.

A seat that sees a view knows its own hand and the public history; the other
cards are *unknown*, and the holders (other hands, the stock, undealt cards) have
known sizes. Public play may show that a holder cannot hold some cards (a seat
that failed to follow suit is void in it). :func:`deal_uniformly` picks one of
the worlds consistent with that knowledge, every world equally likely.

Method: cards that the same holders may receive are exchangeable, so they form a
group. A fast path deals the unknown cards at random and keeps the deal if it
breaks no constraint (accepted deals are uniform over the consistent worlds).
After a few failures it counts the worlds exactly, holder by holder, by dynamic
programming over the number of cards left in each group (a holder that takes
``n`` of the ``u`` cards left in a group can choose them in ``comb(u, n)``
ways), and draws each holder's share with probability proportional to the
number of worlds that extend it. Both paths are exactly uniform, so their mixture is too.

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
from cardrules.errors import CardrulesError, IllegalMoveError

__all__ = ["count_worlds", "deal_requiring", "deal_uniformly"]

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
    return sorted(((m, a) for a, m in by_allowed.items()), key=lambda g: (len(g[1]), g[0]))


def _takes(cap: int, groups: tuple[int, ...], left: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way for one holder to take ``cap`` cards from the groups it may hold
    (``groups``, indices into ``left``), at most ``left[j]`` from group ``j``."""
    if not groups:
        if cap == 0:
            yield ()
        return
    first, rest = groups[0], groups[1:]
    room_after = sum(left[j] for j in rest)
    for n in range(max(0, cap - room_after), min(cap, left[first]) + 1):
        for tail in _takes(cap - n, rest, left):
            yield (n, *tail)


class _Counter:
    """Counts consistent worlds by dynamic programming, holder by holder.

    The state after the first ``h`` holders have taken their cards is the number
    of cards still left in each group: the cards of a group are exchangeable, so
    which ones were taken does not matter to the count. A holder that takes
    ``n_j`` cards of the ``left_j`` left in group ``j`` can choose them in
    ``prod_j comb(left_j, n_j)`` ways. The table is indexed by the groups' counts,
    whose number is small (a trick game's unseen cards form at most a few groups,
    one per pattern of voids), however many holders there are. The last holder
    takes what is left, so its step is never enumerated.
    """

    def __init__(self, groups: list[tuple[int, tuple[int, ...]]], caps: Sequence[int]) -> None:
        self.groups = groups
        self.sizes = tuple(m.bit_count() for m, _ in groups)
        self.caps = tuple(caps)
        self.allowed_groups = tuple(
            tuple(j for j, (_, allowed) in enumerate(groups) if h in allowed)
            for h in range(len(caps))
        )
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def splits(self, h: int, left: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """(counts left after holder h, ways) for each way holder h can take its cards."""
        groups = self.allowed_groups[h]
        for taken in _takes(self.caps[h], groups, left):
            rest = list(left)
            ways = 1
            for j, n in zip(groups, taken):
                ways *= math.comb(left[j], n)
                rest[j] -= n
            yield tuple(rest), ways

    def worlds(self, h: int, left: tuple[int, ...]) -> int:
        """How many ways holders ``h`` onwards can take the cards ``left``."""
        if h == len(self.caps) - 1:
            allowed = self.allowed_groups[h]
            fits = sum(left) == self.caps[h] and all(
                n == 0 or j in allowed for j, n in enumerate(left)
            )
            return 1 if fits else 0
        key = (h, left)
        found = self.memo.get(key)
        if found is None:
            found = sum(ways * self.worlds(h + 1, rest) for rest, ways in self.splits(h, left))
            self.memo[key] = found
        return found


def _counter(unknown: int, holders: Sequence[tuple[int, int]]) -> tuple[_Counter, list[int]]:
    """The counter, with the holders in the order it takes them: the largest last,
    so that its share, which is never enumerated, is the biggest."""
    order = sorted(range(len(holders)), key=lambda h: holders[h][0])
    ordered = [holders[h] for h in order]
    return _Counter(_groups(unknown, ordered), [size for size, _ in ordered]), order


def count_worlds(unknown: int, holders: Sequence[tuple[int, int]]) -> int:
    """How many consistent worlds there are (card-by-card assignments)."""
    if not holders:
        return 1 if not unknown else 0
    counter, _ = _counter(unknown, holders)
    return counter.worlds(0, counter.sizes)


def _deal_by_counting(
    unknown: int, holders: Sequence[tuple[int, int]], rng: random.Random
) -> tuple[int, ...]:
    counter, order = _counter(unknown, holders)
    left = counter.sizes
    if counter.worlds(0, left) == 0:
        raise CardrulesError("no deal of the unseen cards is consistent with the view")
    remaining = [list(cards_of(mask)) for mask, _ in counter.groups]
    masks = [0] * len(holders)
    last = len(holders) - 1
    for h, holder in enumerate(order):
        rest = tuple(0 for _ in left)
        if h < last:
            pick = rng.randrange(counter.worlds(h, left))
            for rest, ways in counter.splits(h, left):
                weight = ways * counter.worlds(h + 1, rest)
                if pick < weight:
                    break
                pick -= weight
        # Which cards of each group: uniform among the subsets of that size.
        for j, (before, after) in enumerate(zip(left, rest)):
            if before > after:
                taken = rng.sample(remaining[j], before - after)
                for card in taken:
                    masks[holder] |= card.bit
                chosen = set(taken)
                remaining[j] = [card for card in remaining[j] if card not in chosen]
        left = rest
    return tuple(masks)


def deal_requiring(
    unknown: int,
    holders: Sequence[tuple[int, int]],
    required: Sequence[tuple[int, int]],
    rng: random.Random,
) -> tuple[int, ...]:
    """Like :func:`deal_uniformly`, and each ``(holder, mask)``
    of ``required`` receives at least one card of ``mask``; exactly uniform.

    A few uniform deals are tried first and kept if they meet the requirements
    (accepted deals are uniform over the consistent worlds); otherwise the worlds
    are counted exactly. Both paths are exactly uniform, so their mixture is too.
    """
    if not required:
        return deal_uniformly(unknown, holders, rng)
    for _ in range(_QUICK_TRIES):
        dealt = deal_uniformly(unknown, holders, rng)
        if all(dealt[h] & mask for h, mask in required):
            return dealt
    return _deal_requiring_by_counting(unknown, holders, required, rng)


def _compositions(total: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to split ``total`` cards among holders of these capacities."""
    if not caps:
        if total == 0:
            yield ()
        return
    room_after = sum(caps[1:])
    for n in range(max(0, total - room_after), min(total, caps[0]) + 1):
        for tail in _compositions(total - n, caps[1:]):
            yield (n, *tail)


class _RequiringCounter:
    """Counts the worlds by groups of exchangeable cards, tracking which
    requirements are met (a bit set) besides the holders' remaining room."""

    def __init__(
        self, unknown: int, holders: Sequence[tuple[int, int]], required: Sequence[tuple[int, int]]
    ) -> None:
        by_key: dict[tuple[tuple[int, ...], int], int] = {}
        for card in cards_of(unknown):
            allowed = tuple(
                h for h, (_, forbidden) in enumerate(holders) if not forbidden & card.bit
            )
            needs = sum(1 << r for r, (_, mask) in enumerate(required) if mask & card.bit)
            by_key[(allowed, needs)] = by_key.get((allowed, needs), 0) | card.bit
        self.groups = sorted(((m, a, n) for (a, n), m in by_key.items()), key=lambda g: g[0])
        self.required = required
        self.full = (1 << len(required)) - 1
        self.memo: dict[tuple[int, tuple[int, ...], int], int] = {}

    def splits(
        self, g: int, caps: tuple[int, ...], met: int
    ) -> Iterator[tuple[tuple[int, ...], int, int, tuple[int, ...]]]:
        """(new caps, new met, weight, counts) for each way to place group g."""
        mask, allowed, needs = self.groups[g]
        size = mask.bit_count()
        for counts in _compositions(size, [caps[h] for h in allowed]):
            new_caps = list(caps)
            ways = math.factorial(size)
            new_met = met
            for holder, n in zip(allowed, counts):
                new_caps[holder] -= n
                ways //= math.factorial(n)
                if n:
                    for r, (req_holder, _) in enumerate(self.required):
                        if req_holder == holder and needs >> r & 1:
                            new_met |= 1 << r
            yield tuple(new_caps), new_met, ways, counts

    def worlds(self, g: int, caps: tuple[int, ...], met: int) -> int:
        if g == len(self.groups):
            return 1 if met == self.full and not any(caps) else 0
        key = (g, caps, met)
        found = self.memo.get(key)
        if found is None:
            found = sum(
                ways * self.worlds(g + 1, rest, new_met)
                for rest, new_met, ways, _ in self.splits(g, caps, met)
            )
            self.memo[key] = found
        return found


def _deal_requiring_by_counting(
    unknown: int,
    holders: Sequence[tuple[int, int]],
    required: Sequence[tuple[int, int]],
    rng: random.Random,
) -> tuple[int, ...]:
    counter = _RequiringCounter(unknown, holders, required)
    caps = tuple(size for size, _ in holders)
    met = 0
    total = counter.worlds(0, caps, met)
    if total == 0:
        raise IllegalMoveError("no deal of the unseen cards is consistent with the view")
    masks = [0] * len(holders)
    for g, (group_mask, allowed, _) in enumerate(counter.groups):
        pick = rng.randrange(counter.worlds(g, caps, met))
        chosen: tuple[int, ...] = ()
        for new_caps, new_met, ways, counts in counter.splits(g, caps, met):
            weight = ways * counter.worlds(g + 1, new_caps, new_met)
            if pick < weight:
                chosen = counts
                break
            pick -= weight
        order = rng.sample(cards_of(group_mask), group_mask.bit_count())
        start = 0
        for holder, n in zip(allowed, chosen):
            for card in order[start : start + n]:
                masks[holder] |= card.bit
            start += n
        caps, met = new_caps, new_met
    return tuple(masks)
