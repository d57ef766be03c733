"""A progress bar for long runs: rich's bar when rich is installed, else plain text.

>>> import io
>>> out = io.StringIO()
>>> with ProgressBar(4, "games", stream=out, use_rich=False) as bar:
...     bar.advance(2)
...     bar.advance(2)
>>> out.getvalue().splitlines()[-1]
'games [##############################] 4/4 100%'
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any, TextIO

__all__ = ["ProgressBar"]

_WIDTH = 30


class ProgressBar:
    """Counts finished units of work towards ``total`` on ``stream`` (standard error).

    With rich installed (the ``cli`` extra) and ``use_rich`` not False it shows
    rich's bar with the time remaining; otherwise a plain text bar, redrawn in
    place on a terminal and written as a new line every tenth of the way when
    the stream is a file. ``enabled=False`` shows nothing.
    """

    def __init__(
        self,
        total: int,
        description: str,
        *,
        stream: TextIO | None = None,
        use_rich: bool | None = None,
        enabled: bool = True,
    ) -> None:
        self.total = max(total, 1)
        self.description = description
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.done = 0
        self._rich: Any = None
        self._task: Any = None
        self._shown_tenth = 0
        self._last_draw = 0.0
        if enabled and use_rich is not False:
            try:
                from rich.console import Console
                from rich.progress import (
                    BarColumn,
                    MofNCompleteColumn,
                    Progress,
                    TextColumn,
                    TimeRemainingColumn,
                )
            except ImportError:
                return
            self._rich = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("[progress.percentage]{task.percentage:>3.0f}%"),
                TimeRemainingColumn(),
                console=Console(file=self.stream),
                transient=True,
            )

    def __enter__(self) -> ProgressBar:
        if self._rich is not None:
            self._rich.__enter__()
            self._task = self._rich.add_task(self.description, total=self.total)
        return self

    def advance(self, count: int = 1) -> None:
        """Note ``count`` more units done."""
        self.done += count
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.advance(self._task, count)
            return
        self._draw(final=False)

    def _draw(self, *, final: bool) -> None:
        done = min(self.done, self.total)
        filled = _WIDTH * done // self.total
        line = (
            f"{self.description} [{'#' * filled}{'.' * (_WIDTH - filled)}] "
            f"{done}/{self.total} {100 * done // self.total}%"
        )
        if self.stream.isatty():
            now = time.monotonic()
            if final or now - self._last_draw >= 0.1 or done == self.total:
                self._last_draw = now
                self.stream.write("\r" + line + ("\n" if final else ""))
                self.stream.flush()
            return
        tenth = 10 * done // self.total
        if tenth > self._shown_tenth:
            self._shown_tenth = tenth
            self.stream.write(line + "\n")
            self.stream.flush()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._rich is not None:
            self._rich.__exit__(kind, error, traceback)
        elif self.enabled and self.stream.isatty():
            self._draw(final=True)
