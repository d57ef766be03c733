"""The slowest ``sample`` calls, over many views per game.

Run it from the repository root::

    python benchmarks/sampling.py                     # every game, 300 views per case
    python benchmarks/sampling.py --views 2000 --games oh_hell

For every game, each of its named rules (``PRESETS``) is a case, and Oh Hell has an
extra case with 8 players, where the most holders share the unseen cards. For each
case, seeded random play stops at a random point of a random deal, a random seat's
view is taken and ``sample(view, rng)`` is timed. The report gives, per case, the
number of views, the median, the 99th percentile and the slowest sample with the
seeds that reproduce it (play ``deal(rules, seed=S)`` with moves chosen by
``random.Random(S)`` for the number of moves shown). The first case below the game
list is a known hard view: 8 players, 18 random moves into the "down" schedule.

Figures depend on the machine: compare runs from the same machine only.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from cardrules import games


def cases(name: str) -> list[tuple[str, Any]]:
    """The rules timed for game ``name``: its presets, plus 8 players for Oh Hell."""
    game = games.get(name)
    found = [(preset, rules) for preset, rules in sorted(game.PRESETS.items())]
    if name == "oh_hell":
        found.append(("8 players, down", game.Rules(players=8, schedule="down")))
    return found


def time_view(game: Any, rules: Any, seed: int, moves: int, seat: int, draw: int) -> float:
    """Seconds one ``sample`` takes, for the view reached by ``moves`` random moves."""
    state = game.deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    view = game.observe(state, seat)
    start = time.perf_counter()
    game.sample(view, random.Random(draw))
    return time.perf_counter() - start


def seats_of(game: Any, state: Any) -> int:
    """How many seats the game in ``state`` has."""
    return len(game.score(state).totals)


def measure(name: str, label: str, rules: Any, views: int, seed: int) -> dict[str, Any]:
    """Timings of ``views`` samples for one case."""
    game = games.get(name)
    rng = random.Random(seed)
    times: list[tuple[float, int, int, int, int]] = []
    for _ in range(views):
        game_seed = rng.getrandbits(32)
        state = game.deal(rules, seed=game_seed)
        players = seats_of(game, state)
        # The length of a game up to the cap of 150 moves, to stop at a random point of it.
        length = 0
        play = random.Random(game_seed)
        while not game.is_over(state) and length < 150:
            state = game.apply(state, play.choice(game.legal_moves(state)))
            length += 1
        moves = rng.randrange(length + 1)
        seat = rng.randrange(players)
        draw = rng.getrandbits(32)
        times.append(
            (time_view(game, rules, game_seed, moves, seat, draw), game_seed, moves, seat, draw)
        )
    times.sort()
    worst = times[-1]
    return {
        "game": name,
        "case": label,
        "views": views,
        "median_ms": 1000 * statistics.median(t for t, *_ in times),
        "p99_ms": 1000 * times[int(0.99 * (len(times) - 1))][0],
        "worst_ms": 1000 * worst[0],
        "worst": {"seed": worst[1], "moves": worst[2], "seat": worst[3], "sample_seed": worst[4]},
    }


def known_hard_view() -> dict[str, Any]:
    """The 8-player Oh Hell view that once took seconds: seed 3, 18 moves, seat 4."""
    game = games.get("oh_hell")
    rules = game.Rules(players=8, schedule="down")
    state = game.deal(rules, seed=3)
    play = random.Random(3)
    for _ in range(18):
        state = game.apply(state, play.choice(game.legal_moves(state)))
    view = game.observe(state, 4)
    start = time.perf_counter()
    game.sample(view, random.Random(2))
    return {
        "game": "oh_hell",
        "case": "known hard view",
        "ms": 1000 * (time.perf_counter() - start),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--views", type=int, default=300, help="views per case (default 300)")
    parser.add_argument("--games", nargs="*", default=None, help="games to run (default: all)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run")
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    args = parser.parse_args(argv)
    names = args.games or list(games.names())
    results: list[dict[str, Any]] = [known_hard_view()]
    for name in names:
        for label, rules in cases(name):
            results.append(measure(name, label, rules, args.views, args.seed))
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"Python {sys.version.split()[0]}; {args.views} views per case")
    hard = results[0]
    print(f"known hard view (oh_hell, 8 players): {hard['ms']:.1f} ms")
    print(f"{'game':<18}{'case':<24}{'median ms':>10}{'p99 ms':>10}{'worst ms':>10}  worst at")
    for row in results[1:]:
        w = row["worst"]
        print(
            f"{row['game']:<18}{row['case']:<24}{row['median_ms']:>10.2f}{row['p99_ms']:>10.2f}"
            f"{row['worst_ms']:>10.2f}  seed {w['seed']}, {w['moves']} moves, seat {w['seat']},"
            f" sample seed {w['sample_seed']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
