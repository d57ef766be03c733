"""Random playouts of every registered game, timed through the public API only.

Run it from the repository root::

    python benchmarks/playouts.py                      # every game, 3 s per case
    python benchmarks/playouts.py --seconds 2 --games oh_hell --json

Each playout deals with ``game.deal(rules, seed=...)`` (seeded chance) and then,
until ``game.is_over``, picks a uniformly random move from ``game.legal_moves``
with a ``random.Random`` and plays it with ``game.apply``: every decision, bids
included, goes through the API. The case of a game is :func:`bench_case`.

With the ``bench`` extra (``pip install -e '.[bench]'``: open_spiel, numpy) the
same run plays OpenSpiel's ``oh_hell`` (4 players, 10 tricks) as its users must:
chance outcomes drawn by their probabilities, uniform random legal actions. The
time window of a case is split into rounds interleaved with its OpenSpiel twin's,
so machine noise hits both alike; the median round is reported, and the ratio
cardrules deals/s / OpenSpiel deals/s.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import cardrules
from cardrules import games
from cardrules.errors import RulesError
from cardrules.game import Game
from cardrules.games import oh_hell

#: The only place that names games: a game's headline rules, and the OpenSpiel game (name,
#: parameters) to compare it with. Every other registered game is timed generically.
HEADLINE: dict[str, tuple[Any, tuple[str, dict[str, int]] | None]] = {
    "oh_hell": (
        oh_hell.Rules(players=4, start_hand=10, schedule="single"),
        ("oh_hell", {"players": 4, "num_tricks_fixed": 10}),
    ),
}

#: Plays one game with the given generator and returns how many decisions it took.
Playout = Callable[[random.Random], int]


def bench_case(name: str) -> Any:
    """The rules timed for a game: its headline case, else one deal of its usual game."""
    if name in HEADLINE:
        return HEADLINE[name][0]
    game = games.get(name)
    preset = game.PRESETS.get("single")
    return preset if preset is not None else game.Rules(max_deals=1)


def cardrules_playout(game: Game, rules: Any) -> Playout:
    def play(rng: random.Random) -> int:
        state = game.deal(rules, seed=rng.getrandbits(32))
        decisions = 0
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            decisions += 1
        return decisions

    return play


def sample_outcome(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """An action drawn by its probability (the fastest of the ways tried, so fair to it)."""
    left = rng.random()
    for action, probability in outcomes:
        left -= probability
        if left < 0:
            return action
    return outcomes[-1][0]  # float round-off


def openspiel_playout(pyspiel: ModuleType, name: str, params: dict[str, int]) -> Playout:
    spiel_game = pyspiel.load_game(name, params)

    def play(rng: random.Random) -> int:
        state = spiel_game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


@dataclass
class Case:
    """One timed contestant and its rounds so far."""

    label: str
    rules: str
    play: Playout
    rng: random.Random
    rounds: list[tuple[int, int, float]] = field(default_factory=list)  # games, decisions, s

    def run_round(self, window: float) -> None:
        games_played = decisions = 0
        start = now = time.perf_counter()
        while now - start < window:
            decisions += self.play(self.rng)
            games_played += 1
            now = time.perf_counter()
        self.rounds.append((games_played, decisions, now - start))

    def median(self) -> dict[str, Any]:
        """The round with the median games/s (the lower one for an even count)."""
        ranked = sorted(self.rounds, key=lambda r: r[0] / r[2])
        played, decisions, seconds = ranked[(len(ranked) - 1) // 2]
        return {
            "case": self.label,
            "rules": self.rules,
            "games_per_s": played / seconds,
            "decisions_per_s": decisions / seconds,
            "decisions_per_game": decisions / played,
            "rounds": [{"games": g, "decisions": d, "seconds": s} for g, d, s in self.rounds],
        }


def machine(pyspiel: ModuleType | None) -> dict[str, Any]:
    """The machine and versions the figures were measured with."""
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "cardrules": importlib.metadata.version("cardrules"),
        "build": "compiled" if cardrules.compiled else "pure Python",
        "open_spiel": importlib.metadata.version("open_spiel") if pyspiel else None,
    }


def measure(name: str, pyspiel: ModuleType | None, args: argparse.Namespace) -> list[Case]:
    """Time one game's case, interleaved round by round with its OpenSpiel counterpart."""
    rules = bench_case(name)
    play = cardrules_playout(games.get(name), rules)
    cases = [Case(f"cardrules {name}", str(rules), play, random.Random(args.seed))]
    reference = HEADLINE[name][1] if name in HEADLINE else None
    if reference is not None and pyspiel is not None:
        spiel_name, params = reference
        text = f"{spiel_name}({','.join(f'{k}={v}' for k, v in params.items())})"
        play = openspiel_playout(pyspiel, spiel_name, params)
        cases.append(Case(f"OpenSpiel {spiel_name}", text, play, random.Random(args.seed)))
    for case in cases:
        case.play(case.rng)  # warm-up, untimed
    for _ in range(args.rounds):
        for case in cases:
            case.run_round(args.seconds / args.rounds)
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random playouts of every registered game.")
    parser.add_argument("--seconds", type=float, default=3.0, help="time window per case")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per window")
    parser.add_argument("--games", nargs="+", metavar="NAME", default=list(games.names()))
    parser.add_argument("--seed", type=int, default=0, help="seed of the move generators")
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    try:
        selected = list(dict.fromkeys(games.get(name).NAME for name in args.games))
    except RulesError as error:
        parser.error(str(error))
    try:
        pyspiel: ModuleType | None = importlib.import_module("pyspiel")
    except ImportError:
        pyspiel = None
    info = machine(pyspiel)
    results: list[dict[str, Any]] = []
    ratios: dict[str, dict[str, float]] = {}
    for name in selected:
        cases = measure(name, pyspiel, args)
        results.extend(case.median() for case in cases)
        if len(cases) == 2:
            ours, theirs = (case.median()["games_per_s"] for case in cases)
            rates = [[g / s for g, _, s in case.rounds] for case in cases]
            per_round = [a / b for a, b in zip(*rates, strict=True)]
            pair = " / ".join(case.label for case in cases)
            ratios[pair] = {"ratio": ours / theirs, "min": min(per_round), "max": max(per_round)}
    if args.json:
        report = {"machine": info, "seconds": args.seconds, "rounds": args.rounds}
        print(json.dumps({**report, "results": results, "ratios": ratios}, indent=2))
        return 0
    print(", ".join(f"{key} {value}" for key, value in info.items() if value is not None))
    print(f"{args.seconds:g} s per case in {args.rounds} interleaved rounds; median round shown")
    if pyspiel is None:
        print("pyspiel not installed (pip install -e '.[bench]'): OpenSpiel comparison skipped")
    print(f"\n{'case':<20} {'rules':<42} {'games/s':>9} {'decisions/s':>12} {'dec/game':>9}")
    for row in results:
        figures = f"{row['games_per_s']:>9.1f} {row['decisions_per_s']:>12.0f}"
        print(f"{row['case']:<20} {row['rules']:<42} {figures} {row['decisions_per_game']:>9.1f}")
    for pair, r in ratios.items():
        print(f"\nratio of deals/s, {pair}: {r['ratio']:.2f}")
        print(f"  (per-round ratios {r['min']:.2f}..{r['max']:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
