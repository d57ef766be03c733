"""Deterministic, version-stable randomness derived from a game's seed.

A game's only source of randomness is its integer ``seed``. Every random event
(the first dealer, the shuffle of deal *k*, the *j*-th restock of a stock in
deal *k*) reads its own stream, named by labels, so that events do not disturb
one another and a record replays identically across releases and platforms.

The derivation, which another implementation can reproduce:

* the stream for ``(seed, *labels)`` is the output of the extendable-output
  function SHAKE-256 (FIPS 202) on ``key``, the UTF-8 text
  ``"cardrules/1/" + "/".join([seed, *labels])`` (seed in decimal);
* a draw ``below(n)`` reads the next 8 bytes as a big-endian unsigned integer
  ``x`` and returns ``x % n``, rejecting ``x`` when ``x >= 2**64 - 2**64 % n``
  (so every value is equally likely);
* ``shuffle(cards)`` is Fisher-Yates: for ``i`` from ``len - 1`` down to 1, swap
  position ``i`` with position ``below(i + 1)``. Position 0 is the top card.

>>> from cardrules.core.randomness import Stream
>>> Stream(7, "deal", 0).below(52) == Stream(7, "deal", 0).below(52)
True
>>> Stream(7, "deal", 0).shuffle([1, 2, 3, 4, 5])
[2, 1, 4, 5, 3]
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from typing import Final, TypeVar

__all__ = ["Stream", "fresh_seed"]

T = TypeVar("T")
_TWO_64: Final = 1 << 64
#: ``_LIMITS[i]``: draws at or above it are rejected by ``below(i + 1)`` (see _limits).
_LIMITS: tuple[int, ...] = tuple(_TWO_64 - _TWO_64 % (i + 1) for i in range(64))


class Stream:
    """A deterministic stream of random draws named by a seed and labels."""

    __slots__ = ("_draws", "_key", "_position")

    def __init__(self, seed: int, *labels: int | str) -> None:
        self._key = "/".join(["cardrules/1", str(seed), *map(str, labels)]).encode()
        self._draws: tuple[int, ...] = ()
        self._position = 0

    def _reserve(self, count: int) -> None:
        """Make sure ``count`` more draws are ready."""
        if len(self._draws) - self._position < count:
            # SHAKE-256 output is a prefix of any longer output: extend by recomputing.
            total = max(2 * len(self._draws), self._position + count)
            self._draws = struct.unpack(
                f">{total}Q", hashlib.shake_256(self._key).digest(8 * total)
            )

    def _next64(self) -> int:
        self._reserve(1)
        value = self._draws[self._position]
        self._position += 1
        return value

    def below(self, n: int) -> int:
        """A uniformly random integer in ``range(n)``."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, not {n}")
        limit = _TWO_64 - _TWO_64 % n
        while True:
            value = self._next64()
            if value < limit:
                return value % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in uniformly random order (Fisher-Yates)."""
        result = list(items)
        size = len(result)
        if size < 2:
            return result
        # below(i + 1) for each i, inlined (a shuffle is a good part of dealing a
        # hand): the draws are taken at once, and in the rare case of a rejected
        # draw (chance below 2**-56 per draw) the shuffle is redone draw by draw.
        limits = _limits(size)
        self._reserve(size - 1)
        start = self._position
        for i, value in zip(range(size - 1, 0, -1), self._draws[start : start + size - 1]):
            if value >= limits[i]:
                break
            j = value % (i + 1)
            result[i], result[j] = result[j], result[i]
        else:
            self._position = start + size - 1
            return result
        result = list(items)
        for i in range(size - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


def _limits(size: int) -> tuple[int, ...]:
    """``limits[i]``: ``below(i + 1)`` rejects draws at or above it (for ``i < size``)."""
    global _LIMITS
    if len(_LIMITS) < size:
        _LIMITS = tuple(_TWO_64 - _TWO_64 % (i + 1) for i in range(size))
    return _LIMITS


def fresh_seed(draw: int) -> int:
    """A game seed from 63 random bits a caller drew (used by ``sample``)."""
    return draw & ((1 << 63) - 1)
