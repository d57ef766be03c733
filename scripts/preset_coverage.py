"""Which presets of a game reach code that the game's other presets do not.

The property tests (tests/properties/test_contract.py) play random games of every
registered game and preset. This measures, with coverage.py (lines and branches of
src/cardrules), what each preset's random games reach, and picks for each game the
presets whose games reach everything that any of the game's presets reaches: the game's
default preset (the one called "default", else the first), then, while some line or
branch is still missing, the preset that adds the most. The other presets add nothing over
those; the test module gives them fewer random games in the ``dev`` and ``ci`` profiles
(the ``deep`` profile plays as many of every preset).

    python scripts/preset_coverage.py                 # every game, 40 random games a preset
    python scripts/preset_coverage.py --games 60 oh_hell maverick

Needs coverage.py (``pip install coverage``). Prints, per game and preset, the lines and
branches (arcs) reached, how many of them no other preset of the game reaches, after how many
games the preset's games reached nothing new, the time a game took (under coverage), and
the choice (FULL).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

CHECKS = ("check_random_game", "check_listed_moves", "check_explicit_chance")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="games (default: every registered game)")
    parser.add_argument("--games", type=int, default=40, help="random games a preset")
    parser.add_argument("--check", choices=CHECKS, default=CHECKS[0], help="the kit's check")
    options = parser.parse_args()

    import coverage

    warnings.filterwarnings("ignore", message="Module cardrules was previously imported")

    from cardrules import games, testing

    check: Callable[..., Any] = getattr(testing, options.check)
    names = options.names or list(games.names())
    seeds = {
        (name, preset): [
            (rng.getrandbits(63), rng.getrandbits(63))
            for rng in [random.Random(f"{name}-{preset}")]
            for _ in range(options.games)
        ]
        for name in names
        for preset in games.get(name).PRESETS
    }
    # One game of each preset first, outside the measurement: what only the first game of
    # a preset runs (imports, cached tables) runs whatever the count, so is not compared.
    for (name, preset), pairs in seeds.items():
        game = games.get(name)
        seed, choices = pairs[0]
        check(game, game.PRESETS[preset], seed=seed, choices=choices)
    cov = coverage.Coverage(branch=True, source=["cardrules"], data_file=None)
    cov.start()
    spent: dict[tuple[str, str], float] = {}
    for (name, preset), pairs in seeds.items():
        game = games.get(name)
        start = time.process_time()
        for number, (seed, choices) in enumerate(pairs):
            cov.switch_context(f"{name}:{preset}:{number}")
            check(game, game.PRESETS[preset], seed=seed, choices=choices)
        spent[name, preset] = time.process_time() - start
    cov.stop()
    data = cov.get_data()

    def reached(context: str) -> set[tuple[str, object]]:
        data.set_query_contexts([context])
        found: set[tuple[str, object]] = set()
        for path in data.measured_files():
            found.update((path, line) for line in data.lines(path) or ())
            found.update((path, arc) for arc in data.arcs(path) or ())
        return found

    #: By game and preset: the games' lines and arcs, and the number of games after which
    #: the preset's games reached nothing new.
    sets: dict[str, dict[str, set[tuple[str, object]]]] = {}
    saturated: dict[tuple[str, str], int] = {}
    for name, preset in seeds:
        found: set[tuple[str, object]] = set()
        saturated[name, preset] = 0
        for number in range(options.games):
            new = reached(f"^{name}:{preset}:{number}$") - found
            if new:
                found |= new
                saturated[name, preset] = number + 1
        sets.setdefault(name, {})[preset] = found

    print(f"{options.check}, {options.games} random games a preset")
    for name in names:
        presets = list(games.get(name).PRESETS)
        of = sets[name]
        everything = set().union(*of.values())
        chosen = ["default" if "default" in presets else presets[0]]
        while missing := everything - set().union(*(of[p] for p in chosen)):
            chosen.append(max(presets, key=lambda p: (len(of[p] & missing), -spent[name, p])))
        print(f"\n{name}: {len(everything)} lines and arcs in all; full count: {chosen}")
        for preset in presets:
            others = set().union(*(of[p] for p in presets if p != preset))
            print(
                f"  {preset:24} {len(of[preset]):6} reached, {len(of[preset] - others):4} "
                f"only here, all by game {saturated[name, preset]:3}, "
                f"{spent[name, preset] / options.games * 1000:6.0f} ms a game"
                f"{'  FULL' if preset in chosen else ''}"
            )


if __name__ == "__main__":
    main()
