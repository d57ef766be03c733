"""Evaluate your own bot: a simulation on two processes, a tournament, and saved records.

Usage: python examples/your_own_bot.py [FOLDER]   (FOLDER keeps the saved records)

The bot class is defined at the top level of this module, so that the worker
processes can unpickle it.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Sequence
from typing import Any

from cardrules.games import oh_hell
from cardrules.records import Record, score_sheet
from cardrules.simulate import simulate
from cardrules.tournament import tournament


class CautiousBot:
    """Bids nothing and plays its lowest legal card (the moves are listed lowest first)."""

    name = "cautious"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return legal_moves[0]


def main(argv: list[str]) -> None:
    rules = oh_hell.Rules(schedule="single", start_hand=5)
    results = simulate(
        "oh_hell",
        [CautiousBot, "heuristic", "random", "random"],
        games=40,
        seed=1,
        rules=rules,
        workers=2,
        records=[0],
    )
    for row in results.table():
        print(f"{row.bot:<10} wins {row.win_rate:.3f} ({row.win_low:.3f}-{row.win_high:.3f})")
    with tempfile.TemporaryDirectory(prefix="cardrules-") as scratch:
        for path in results.write_records(argv[1] if len(argv) > 1 else scratch):
            print(f"record saved to {path}")
            print(score_sheet(Record.from_json(path.read_text(encoding="utf-8"))))
    print()
    print(
        tournament(
            "oh_hell",
            [CautiousBot, "heuristic", "random"],
            deals=10,
            seed=1,
            rules=rules,
            workers=1,
        ).format()
    )


if __name__ == "__main__":
    main(sys.argv)
