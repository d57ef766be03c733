"""The bytes a new state adds after one move, in a search-tree-like workload.

Run it from the repository root::

    python benchmarks/memory.py                    # 100,000 children per game
    python benchmarks/memory.py --states 1000000 --games oh_hell

For each game (its benchmark case, see :func:`playouts.bench_case`) random
playouts collect ``--states`` parent states from all stages of the game; they stay
alive, as the nodes of a search tree do. Then, with :mod:`tracemalloc` tracing,
one child per parent is made with ``game.apply`` (a uniformly random legal move,
chosen before tracing starts) and every child is kept. The traced bytes still held
after that, divided by the number of children, is what one new state adds to a tree
whose parent is already stored: with structural sharing that is the changed fields
only, independent of how long the game has run. The per-child figure is reported
for the early, middle and late thirds of the games as well, so a copy of something
that grows with the game (a log, a history) would show as a growing figure.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import tracemalloc
from typing import Any

from playouts import bench_case

from cardrules import games


def collect(name: str, count: int, rng: random.Random) -> list[tuple[Any, Any, float]]:
    """``count`` (state, move, progress) triples from random playouts of ``name``."""
    game = games.get(name)
    rules = bench_case(name)
    found: list[tuple[Any, Any, float]] = []
    while len(found) < count:
        state = game.deal(rules, seed=rng.getrandbits(32))
        line = []
        while not game.is_over(state):
            move = rng.choice(game.legal_moves(state))
            line.append((state, move))
            state = game.apply(state, move)
        found.extend((s, m, i / len(line)) for i, (s, m) in enumerate(line))
    return found[:count]


def measure(name: str, count: int, seed: int) -> dict[str, Any]:
    """Bytes per child state of ``name``, overall and by thirds of the game."""
    game = games.get(name)
    parents = collect(name, count, random.Random(seed))
    thirds: list[list[tuple[Any, Any, float]]] = [[], [], []]
    for triple in parents:
        thirds[min(2, int(triple[2] * 3))].append(triple)
    figures: dict[str, Any] = {"game": name, "rules": str(bench_case(name)), "states": count}
    total_bytes = 0
    for label, part in zip(("early", "middle", "late"), thirds, strict=True):
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        children = [game.apply(state, move) for state, move, _ in part]
        gc.collect()
        added = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        del children
        total_bytes += added
        figures[label] = added / max(1, len(part))
    figures["bytes_per_state"] = total_bytes / count
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bytes a new state adds after one move.")
    parser.add_argument("--states", type=int, default=100_000, help="children per game")
    parser.add_argument("--games", nargs="+", metavar="NAME", default=list(games.names()))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    args = parser.parse_args(argv)
    if args.states < 3:
        parser.error("--states must be at least 3")
    rows = [measure(games.get(name).NAME, args.states, args.seed) for name in args.games]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{args.states:,} child states per game, each kept with its parent\n")
    print(f"{'game':<18} {'bytes/state':>11} {'early':>8} {'middle':>8} {'late':>8}")
    for r in rows:
        print(
            f"{r['game']:<18} {r['bytes_per_state']:>11.0f} "
            f"{r['early']:>8.0f} {r['middle']:>8.0f} {r['late']:>8.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
