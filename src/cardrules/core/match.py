"""Deal after deal: the dealer, the running totals, the shuffles, and the caps.

A game in cardrules is the whole match its source describes. This module holds
what every game's match layer shares:

* :class:`Match`, the part of a state that changes only between deals (deal
  number, dealer, running totals, the rows of finished deals);
* where the randomness of each deal comes from: deal ``k`` is dealt from
  :func:`shuffled` ``(seed, k, deck)``, the first dealer from :func:`first_dealer`
  (see :mod:`cardrules.core.randomness` for the exact derivation);
* the safety caps ``max_deals`` and ``max_moves``.

>>> m = Match.start(dealer=1, players=3)
>>> m = m.finish_deal((5, 0, 11), extras=())
>>> m.totals, m.deal_number, m.dealer
((5, 0, 11), 1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Literal

from cardrules.cards import Card, validate_deck_order
from cardrules.core.options import BaseRules
from cardrules.core.randomness import Stream
from cardrules.errors import DeckError
from cardrules.frozen import Frozen
from cardrules.game import DealRow, EndReason, Outcome, winners_by_total

__all__ = [
    "Match",
    "cap_reached",
    "first_deal_order",
    "first_dealer",
    "match_over",
    "shuffled",
]


class Match(Frozen):
    """The match so far: which deal is on, who deals it, and the totals.

    Frozen: assigning a field raises ``attrs.exceptions.FrozenInstanceError``.
    """

    # A hot-path value on Frozen (docs/contributing.rst): every deal reads and makes one.
    __slots__ = ("deal_number", "dealer", "rows", "totals")
    __match_args__: ClassVar[tuple[str, ...]] = ("deal_number", "dealer", "totals", "rows")
    deal_number: int
    dealer: int
    totals: tuple[int, ...]
    rows: tuple[DealRow, ...]

    def __init__(
        self, deal_number: int, dealer: int, totals: tuple[int, ...], rows: tuple[DealRow, ...]
    ) -> None:
        object.__setattr__(self, "deal_number", deal_number)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "rows", rows)

    def _values(self) -> tuple[object, ...]:
        return (self.deal_number, self.dealer, self.totals, self.rows)

    @classmethod
    def start(cls, dealer: int, players: int) -> Match:
        """The match before its first deal."""
        return Match(0, dealer, (0,) * players, ())

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.totals)

    def finish_deal(
        self,
        points: Sequence[int],
        extras: tuple[tuple[str, tuple[int, ...]], ...],
        *,
        next_dealer: int | None = None,
    ) -> Match:
        """Record a finished deal; the deal passes to the left unless ``next_dealer`` says.

        Passing the deal to the left is rule OH-2.5, EN-2.3, MV-2.1 and MM-2.1 (which
        alternates between two players) of the games' pages.
        """
        row = DealRow(self.deal_number, self.dealer, tuple(points), extras)
        totals = tuple(t + p for t, p in zip(self.totals, points))
        dealer = (self.dealer + 1) % self.players if next_dealer is None else next_dealer
        return Match(self.deal_number + 1, dealer, totals, (*self.rows, row))


def first_dealer(rules: BaseRules, seed: int, players: int) -> int:
    """The first dealer: ``rules.first_dealer``, or drawn uniformly from the seed."""
    if rules.first_dealer is not None:
        return rules.first_dealer
    return Stream(seed, "first-dealer").below(players)


def first_deal_order(
    deck: Iterable[Card] | None, expected: Sequence[Card], chance: str
) -> tuple[Card, ...] | None:
    """The fixed order of the first deal given to ``deal(..., deck=...)``, checked
    (None when no deck is given: the deal is shuffled from the seed).

    Every game's ``deal`` checks its ``deck`` here. Raises
    :class:`~cardrules.errors.DeckError` if it is not ``expected`` in some order,
    or if explicit chance is asked for too (both would decide the first deal).
    """
    if deck is None:
        return None
    if chance == "explicit":
        raise DeckError(
            "a fixed deck and explicit chance both decide the first deal: give one of them"
        )
    return validate_deck_order(deck, expected)


def shuffled(seed: int, deal_number: int, deck: Sequence[Card]) -> list[Card]:
    """The order (top card first) in which deal ``deal_number`` is dealt."""
    return Stream(seed, "deal", deal_number).shuffle(deck)


def cap_reached(rules: BaseRules, deals_finished: int, moves_made: int) -> bool:
    """Whether a safety cap (``max_deals``, ``max_moves``) ends the game now."""
    return (rules.max_deals is not None and deals_finished >= rules.max_deals) or (
        rules.max_moves is not None and moves_made >= rules.max_moves
    )


def truncated() -> Outcome:
    """The outcome of a game stopped by a safety cap: no winner is declared."""
    return Outcome("truncated", (), False)


def match_over(
    rules: BaseRules,
    match: Match,
    moves_made: int,
    *,
    deals: int | None = None,
    better: Literal["high", "low"] = "high",
    decided: Outcome | None = None,
    blocked: bool = False,
    teams: tuple[tuple[int, ...], ...] | None = None,
) -> Outcome | None:
    """After a deal is scored: how the match ends now, or None when it goes on.

    ``decided`` is the game's own verdict (a target reached, say) and wins; then
    the schedule: after ``deals`` deals the best total wins (several best totals
    are a draw between them; the reason is "blocked" when the last deal was,
    ``blocked``, else "schedule complete"; with ``teams``, partners who share the best
    total win together, and it is a draw only between partnerships); then the safety
    caps (:func:`cap_reached`).

    >>> from cardrules.core.options import BaseRules
    >>> m = Match.start(dealer=0, players=2).finish_deal((3, 5), extras=())
    >>> match_over(BaseRules(), m, moves_made=40, deals=1)
    Outcome(reason='schedule complete', winners=(1,), draw=False)
    >>> match_over(BaseRules(), m, moves_made=40, deals=2) is None
    True
    """
    if decided is not None:
        return decided
    if deals is not None and match.deal_number >= deals:
        winners = winners_by_total(match.totals, better)
        reason: EndReason = "blocked" if blocked else "schedule complete"
        sides = len(winners)
        if teams is not None:
            sides = sum(1 for team in teams if any(seat in team for seat in winners))
        return Outcome(reason, winners, draw=sides > 1)
    if cap_reached(rules, match.deal_number, moves_made):
        return truncated()
    return None
