"""Simulation throughput of :func:`cardrules.simulate.simulate` with 1 and 2 workers.

Run it from the repository root::

    python benchmarks/parallel.py                  # 2,000 games per game and worker count
    python benchmarks/parallel.py --games-per-run 500 --games oh_hell --workers 1 2 4

Each run plays random bots in every seat on the game's benchmark case (see
:func:`playouts.bench_case`), with the same seed for every worker count, so each
count plays the very same games (``simulate`` gives identical results whatever
the parallelism; this script checks that too). Reported: games/s per worker
count and the speed-up over 1 worker. Worker processes are started inside the
timed window, as a user's run starts them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from playouts import bench_case

from cardrules import games
from cardrules.simulate import simulate


def seats(name: str) -> int:
    rules = bench_case(name)
    players = getattr(rules, "players", None)
    return int(players) if players is not None else len(games.get(name).teams(rules))


def measure(name: str, count: int, workers: list[int], seed: int) -> dict[str, Any]:
    """games/s of ``count`` random-bot games of ``name`` for each worker count."""
    rules_text = str(bench_case(name))
    lineup = ["random"] * seats(name)
    row: dict[str, Any] = {"game": name, "rules": rules_text, "games": count}
    first = None
    for n in workers:
        start = time.perf_counter()
        results = simulate(name, lineup, games=count, seed=seed, rules_text=rules_text, workers=n)
        seconds = time.perf_counter() - start
        if first is None:
            first = results
        elif results.results != first.results:
            raise AssertionError(f"{name}: {n} workers played different games than 1")
        row[f"games_per_s_{n}"] = count / seconds
    base = row[f"games_per_s_{workers[0]}"]
    for n in workers[1:]:
        row[f"speedup_{n}"] = row[f"games_per_s_{n}"] / base
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="simulate() throughput by worker count.")
    parser.add_argument("--games-per-run", type=int, default=2000, help="games per run")
    parser.add_argument("--games", nargs="+", metavar="NAME", default=list(games.names()))
    parser.add_argument("--workers", nargs="+", type=int, default=[1, 2])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    args = parser.parse_args(argv)
    if args.games_per_run < 1 or min(args.workers) < 1:
        parser.error("--games-per-run and --workers must be at least 1")
    rows = [
        measure(games.get(g).NAME, args.games_per_run, args.workers, args.seed) for g in args.games
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    heads = " ".join(f"{f'{n} worker(s)':>12}" for n in args.workers)
    ups = " ".join(f"{f'x{n}':>7}" for n in args.workers[1:])
    print(f"{args.games_per_run} games per run, random bots, games/s\n")
    print(f"{'game':<18} {heads} {ups}")
    for r in rows:
        rates = " ".join(f"{r[f'games_per_s_{n}']:>12.1f}" for n in args.workers)
        speedups = " ".join(f"{r[f'speedup_{n}']:>7.2f}" for n in args.workers[1:])
        print(f"{r['game']:<18} {rates} {speedups}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
