"""Where a trick game's time goes, move by move, in the pure and the compiled build.

Run it from the repository root::

    python benchmarks/per_move.py                 # Up and Down the River, both builds
    python benchmarks/per_move.py --game maverick --compiled-python ''

It records the positions of random games, sorts the moves by kind (a bid, a card
played into a trick, the card that ends a trick, the card that ends the game) and
times ``apply`` on each kind, ``legal_moves`` and a new game's ``deal``: the best
of several windows of CPU time, in microseconds. It also times the benchmark
loop of ``benchmarks/peers.py`` driving a game whose functions do nothing, which
is the most any game could reach through that loop. With the compiled build in
``.venv-compiled`` (``sh scripts/compiled.sh``) a second process times the same
positions under it, and the two builds are printed side by side.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playouts import bench_case, cardrules_playout, machine, openspiel_playout

import cardrules
from cardrules import games
from cardrules.moves import Bid

COMPILED_PYTHON = Path(__file__).resolve().parent.parent / ".venv-compiled" / "bin" / "python"


class NullGame:
    """A game whose functions do nothing, 44 decisions a deal: the driver's own cost."""

    MOVES = tuple(range(10))

    def deal(self, rules: Any, *, seed: int) -> int:
        return 0

    def is_over(self, state: int) -> bool:
        return state >= 44

    def legal_moves(self, state: int) -> tuple[int, ...]:
        return self.MOVES

    def apply(self, state: int, move: int) -> int:
        return state + 1


def best_of(work: Callable[[], object], count: int, repeats: int = 7) -> float:
    """The least CPU time of ``repeats`` runs of ``work``, per item (``count`` items), in µs."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best / count * 1e6


def kind_of(game: Any, after: Any, move: Any) -> str:
    if type(move) is Bid:
        return "bid"
    if game.is_over(after):
        return "the card that ends the game"
    if not after.trick:
        return "the card that ends a trick"
    return "a card into a trick"


def measure(name: str, games_played: int) -> dict[str, float]:
    game = games.get(name)
    rules = bench_case(name)
    rng = random.Random(1)
    kinds: dict[str, list[tuple[Any, Any]]] = {}
    positions = []
    for _ in range(games_played):
        state = game.deal(rules, seed=rng.getrandbits(32))
        while not game.is_over(state):
            move = rng.choice(game.legal_moves(state))
            after = game.apply(state, move)
            kinds.setdefault(kind_of(game, after, move), []).append((state, move))
            positions.append(state)
            state = after
    times: dict[str, float] = {}
    for kind, items in sorted(kinds.items()):

        def apply_all(items: list[tuple[Any, Any]] = items) -> None:
            for state, move in items:
                game.apply(state, move)

        times[f"apply: {kind}"] = best_of(apply_all, len(items))

    def legal_all() -> None:
        for state in positions:
            game.legal_moves(state)

    times["legal_moves"] = best_of(legal_all, len(positions))
    times["deal (a new game)"] = best_of(lambda: [game.deal(rules, seed=s) for s in range(50)], 50)
    times["decisions per game"] = len(positions) / games_played
    whole = cardrules_playout(game, rules)
    times["a whole game, played by the benchmark's loop"] = best_of(
        lambda: [whole(random.Random(seed)) for seed in range(20)], 20
    )
    if name == "oh_hell":
        try:
            pyspiel = importlib.import_module("pyspiel")
        except ImportError:
            pass
        else:
            spiel = openspiel_playout(pyspiel, "oh_hell", {"players": 4, "num_tricks_fixed": 10})
            times["OpenSpiel oh_hell, a whole deal, the same loop"] = best_of(
                lambda: [spiel(random.Random(seed)) for seed in range(20)], 20
            )
    null = cardrules_playout(NullGame(), None)  # type: ignore[arg-type]
    times["benchmark loop, a game that does nothing (per decision)"] = best_of(
        lambda: [null(random.Random(0)) for _ in range(200)], 200 * 44
    )
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A trick game's time, move by move.")
    parser.add_argument("--game", default="oh_hell", help="a trick game (default oh_hell)")
    parser.add_argument("--games", type=int, default=40, help="random games recorded")
    parser.add_argument(
        "--compiled-python",
        default=str(COMPILED_PYTHON),
        help="an interpreter with the compiled build ('' for none)",
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    pure = measure(args.game, args.games)
    if args.json:
        print(json.dumps(pure))
        return 0
    build = "compiled" if cardrules.compiled else "pure"
    columns = {build: pure}
    if args.compiled_python and Path(args.compiled_python).exists() and not cardrules.compiled:
        command = [args.compiled_python, __file__, "--game", args.game, "--json"]
        result = subprocess.run(
            [*command, "--games", str(args.games)],
            capture_output=True,
            text=True,
            check=True,
            env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        )
        columns["compiled"] = json.loads(result.stdout)
    facts = machine(None)
    print(
        ", ".join(
            f"{key} {value}" for key, value in facts.items() if key not in ("build", "open_spiel")
        )
    )
    print(f"{args.game}: CPU µs (best of 7)")
    print(f"{'':58}" + "".join(f"{label:>10}" for label in columns))
    for key in pure:
        row = "".join(
            f"{column[key]:10.2f}" if key in column else f"{'':10}" for column in columns.values()
        )
        print(f"{key:58}" + row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
