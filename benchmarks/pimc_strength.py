"""The PIMC bot against ISMCTS and the heuristic bot: a round robin per trick game.

Each game's bots get about the same time per move: the PIMC bot's budget is fixed
and ISMCTS gets the iterations that take about as long on the same positions
(measured beforehand, see docs/strength.rst). Every match is a duplicate match of
single deals (:func:`cardrules.tournament.tournament`); the output is the
tournament's table (ratings, mean deal scores and every pair's margin with its
95% interval) and the tournament as JSON.

Usage: python benchmarks/pimc_strength.py GAME [--rules TEXT] [--bots SPEC ...]
       [--deals N] [--workers N] [--json FILE]

``GAME`` may be ``whist`` (the example game, imported from examples/whist.py).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path

from cardrules.tournament import tournament

#: The line-ups of the published table: bots of about equal time per move.
LINEUPS: dict[str, tuple[str, list[str]]] = {
    "oh_hell": ("single", ["pimc:6:5", "ismcts:450", "heuristic"]),
    "maverick": ("single", ["pimc:12:3", "ismcts:1200", "heuristic"]),
    "whist": ("one_point", ["pimc:6:6", "ismcts:450", "heuristic"]),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(LINEUPS))
    parser.add_argument("--rules", default=None)
    parser.add_argument("--bots", nargs="*", default=None)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    if args.game == "whist":
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
        importlib.import_module("whist")  # registers the game

    rules, bots = LINEUPS[args.game]
    started = time.perf_counter()
    result = tournament(
        args.game,
        args.bots or bots,
        deals=args.deals,
        seed=2026,
        rules=args.rules or rules,
        workers=args.workers,
    )
    print(result.format())
    print(f"({time.perf_counter() - started:.0f} s)")
    if args.json:
        Path(args.json).write_text(json.dumps(result.to_dict(), indent=1))


if __name__ == "__main__":
    main()
