"""What a long search may spend: a time, a number of positions, or no limit.

A search calls :meth:`Budget.tick` once every :data:`TICK` positions it searches. The
tick lets Python handle a signal that is due (so Ctrl-C stops a search within a moment
in both builds, see :mod:`cardrules._interrupt`) and raises
:class:`~cardrules.errors.SearchBudgetError` once the time or the positions are spent.
"""

from __future__ import annotations

import time
from typing import Final

from cardrules._interrupt import let_signals_in
from cardrules.errors import ArgumentError, SearchBudgetError

__all__ = ["TICK", "Budget"]

#: Positions searched between two ticks: a tick costs about as much as a position, so
#: a search spends well under a thousandth of its time on them; a budget of positions
#: is kept to within this many.
TICK: Final = 1024


class Budget:
    """The limits of one search, counted from the moment the budget is made.

    ``seconds``: the time it may take (None: no limit); ``positions``: how many
    positions it may search (None: no limit). A budget without limits still ticks, so
    that Ctrl-C stops the search.

    >>> budget = Budget(positions=2000)
    >>> budget.tick(); budget.tick()
    Traceback (most recent call last):
    ...
    cardrules.errors.SearchBudgetError: the search used up its budget of 2000 positions ...
    """

    def __init__(self, seconds: object = None, positions: object = None) -> None:
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0
        ):
            raise ArgumentError(f"seconds must be a number of at least 0 or None, not {seconds!r}")
        if positions is not None and (
            isinstance(positions, bool) or not isinstance(positions, int) or positions < 0
        ):
            raise ArgumentError(
                f"positions must be a whole number of at least 0 or None, not {positions!r}"
            )
        self.seconds: float | None = None if seconds is None else float(seconds)
        self.deadline: float | None = (
            None if self.seconds is None else time.monotonic() + self.seconds
        )
        self.positions: int | None = positions
        #: Positions searched so far, as the ticks count them.
        self.spent = 0

    def tick(self) -> None:
        """Count :data:`TICK` more positions searched; let a due signal in; stop the
        search if the time or the positions are spent."""
        self.spent += TICK
        let_signals_in()
        if self.positions is not None and self.spent > self.positions:
            raise SearchBudgetError(
                f"the search used up its budget of {self.positions} positions before it "
                "finished: give it more positions, or none"
            )
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchBudgetError(
                f"the search used up its budget of {self.seconds:g} seconds before it "
                "finished: give it more time, or none"
            )
