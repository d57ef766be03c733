"""Move numbers of a trick game: plays by card, then bids, deals, dealers, and passes by
the rank of their cards; and the tables of plays by card mask that legal moves use."""

from __future__ import annotations

import functools
import itertools
import math
from typing import Final

from cardrules.cards import cards_of
from cardrules.moves import (
    BIDS,
    PLAYS,
    Bid,
    Blind,
    ChooseDealer,
    DealCard,
    Declaration,
    Move,
    PassCards,
    Play,
)

#: The kinds of move a move table may hold (all hashable frozen values).
_MOVE_KINDS: Final = (Play, Bid, DealCard, ChooseDealer, PassCards, Blind, Declaration)


_SUIT_CHUNK: Final = (1 << 13) - 1


#: Per chunk of thirteen card indices (the four suits, then the jokers), the plays of
#: each mask of that chunk, filled as they are met: a list indexed by the chunk's mask,
#: because indexing a list is cheaper than looking an integer up in a dict.
_PLAY_CHUNKS: Final[list[list[tuple[Play, ...] | None]]] = [
    [None] * (_SUIT_CHUNK + 1) for _ in range(5)
]


def _chunk_plays(suit: int, chunk: int) -> tuple[Play, ...]:
    """The plays of the cards of one chunk's mask (``chunk`` is shifted to bit 0)."""
    table = _PLAY_CHUNKS[suit]
    found = table[chunk]
    if found is None:
        found = tuple(PLAYS[c.index] for c in cards_of(chunk << (13 * suit)))
        table[chunk] = found
    return found


def _plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of a mask, by card index (cached per suit and for jokers)."""
    if not mask:
        return ()
    suit = ((mask & -mask).bit_length() - 1) // 13
    if suit == (mask.bit_length() - 1) // 13:  # one suit, as when following: one lookup
        return _chunk_plays(suit, mask >> (13 * suit))
    plays: tuple[Play, ...] = ()
    for suit in range(5 if mask >> 52 else 4):  # the jokers' chunk only when it holds one
        chunk = (mask >> (13 * suit)) & _SUIT_CHUNK
        if chunk:
            plays += _chunk_plays(suit, chunk)
    return plays


def pass_rank(mask: int) -> int:
    """The rank of a set of cards (a mask of cards of the 52) among the sets of its size,
    in the combinatorial number system: cards ``c1 < c2 < ... < ck`` by index rank
    ``C(c1, 1) + C(c2, 2) + ... + C(ck, k)``. A pass's move number is the game's
    ``pass_base`` plus this rank.

    >>> from cardrules.cards import mask_of, parse_cards
    >>> pass_rank(mask_of(parse_cards("2C 3C 4C"))), pass_rank(mask_of(parse_cards("2C 3C 5C")))
    (0, 1)
    """
    rank = 0
    k = 0
    while mask:
        bit = mask & -mask
        mask ^= bit
        k += 1
        rank += math.comb(bit.bit_length() - 1, k)
    return rank


def _pass_of_rank(rank: int, count: int) -> PassCards:
    """The pass of ``count`` cards of the 52 whose :func:`pass_rank` is ``rank``."""
    indices: list[int] = []
    for k in range(count, 0, -1):
        c = k - 1
        while math.comb(c + 1, k) <= rank:
            c += 1
        indices.append(c)
        rank -= math.comb(c, k)
    return _pass_move(sum(1 << c for c in indices))


@functools.lru_cache(maxsize=1 << 16)
def _pass_move(mask: int) -> PassCards:
    """The pass of the cards of ``mask`` (built once per set: hands repeat in search)."""
    return PassCards(cards_of(mask))


@functools.lru_cache(maxsize=1 << 12)
def _passes_of(hand: int, count: int) -> tuple[Move, ...]:
    """Every pass of ``count`` cards of ``hand``, in move-number order (by rank; built
    once per hand: a seat's hand repeats in search).

    :func:`pass_rank` orders sets colexicographically (by their highest card, then the
    next highest, ...): the combinations of the cards taken highest first come in the
    reverse of that order, so no sort is needed.

    >>> from cardrules.cards import mask_of, parse_cards
    >>> hand = mask_of(parse_cards("2C 9D 4H KS"))
    >>> [pass_rank(mask_of(move.cards)) for move in _passes_of(hand, 2)]
    [190, 378, 398, 1225, 1245, 1253]
    """
    bits = [1 << c.index for c in reversed(cards_of(hand))]
    masks = [sum(chosen) for chosen in itertools.combinations(bits, count)]
    masks.reverse()
    return tuple(_pass_move(mask) for mask in masks)


@functools.cache
def _bids_of(numbers: range | tuple[int, ...]) -> tuple[Move, ...]:
    """The bid moves of these numbers (few distinct lists: built once each)."""
    return tuple(BIDS[n] for n in numbers)
