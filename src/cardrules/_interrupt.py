"""The point where a long search lets Python handle a signal (Ctrl-C, a timer).

Python runs a signal's handler only between the instructions it interprets; compiled
code runs none, so a search in the compiled build would not notice Ctrl-C until it
ended. This module is never compiled (see pyproject.toml): calling :func:`let_signals_in`
from compiled code enters the interpreter, which runs any handler that is due there
(Ctrl-C's raises :class:`KeyboardInterrupt`, which then unwinds the search).
"""

from __future__ import annotations


def let_signals_in() -> None:
    """Do nothing, in the interpreter: where a due signal's handler runs."""
