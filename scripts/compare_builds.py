"""Play every registered game under the pure and the compiled build and compare, move for move.

Usage, from the repository root (``sh scripts/compiled.sh`` builds the compiled venv and
runs this)::

    python scripts/compare_builds.py .venv-compiled/bin/python [--games 200]

The given interpreter must have the compiled build installed. It runs this script twice,
at the same time: once as it is (the compiled build) and once with ``src`` first on
``PYTHONPATH`` (the pure source). Each run plays, for every registered game and a few of
its rule sets, ``--games`` random games from seeds 0, 1, 2, ... (each move drawn from the
legal moves by a generator seeded the same way) and writes every game's moves, its public
events, its score and its final state as a dictionary. Any difference is printed with the
game, the rules, the seed and the first move where the two builds part; the exit status is
1 then, 0 when every game is identical.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: A game longer than this many moves is compared up to here (a few rule sets play
#: whole matches of several deals; their first deals are what differs if anything does).
MOVE_CAP = 1500

#: Rule sets compared per game besides its one-deal case.
MORE_PRESETS = 2


def rule_sets(game: Any) -> list[tuple[str, Any]]:
    """The game's one-deal rules, then the first few of its other named presets."""
    presets = game.PRESETS
    first = presets.get("single")
    cases = [("single", first if first is not None else game.Rules(max_deals=1))]
    others = sorted(name for name in presets if name not in ("single", "default"))
    cases.extend((name, presets[name]) for name in others[:MORE_PRESETS])
    return cases


def play(game: Any, rules: Any, seed: int) -> dict[str, Any]:
    """One random game: its moves, public events, score and final state."""
    rng = random.Random(seed)
    state = game.deal(rules, seed=seed)
    moves: list[str] = []
    while not game.is_over(state) and len(moves) < MOVE_CAP:
        move = rng.choice(game.legal_moves(state))
        moves.append(str(move))
        state = game.apply(state, move)
    return {
        "moves": moves,
        "events": [str(event) for event in game.events(state)],
        "score": repr(game.score(state)),
        "state": json.dumps(game.state_to_dict(state), sort_keys=True, default=str),
    }


def dump(count: int, out: Path) -> None:
    """Write this build's games, one JSON line each, after a line naming the build."""
    import cardrules
    from cardrules import games

    with out.open("w", encoding="utf-8") as file:
        header = {"compiled": cardrules.compiled, "from": str(Path(cardrules.__file__).parent)}
        file.write(json.dumps(header) + "\n")
        for name in games.names():
            game = games.get(name)
            for label, rules in rule_sets(game):
                for seed in range(count):
                    record = {"game": name, "rules": label, "seed": seed, **play(game, rules, seed)}
                    file.write(json.dumps(record) + "\n")


def first_difference(pure: dict[str, Any], compiled: dict[str, Any]) -> str:
    """Where two records of one game part, in words."""
    for index, (a, b) in enumerate(zip(pure["moves"], compiled["moves"], strict=False)):
        if a != b:
            return f"move {index + 1}: pure {a!r}, compiled {b!r}"
    if len(pure["moves"]) != len(compiled["moves"]):
        return f"pure played {len(pure['moves'])} moves, compiled {len(compiled['moves'])}"
    for key in ("events", "score", "state"):
        if pure[key] != compiled[key]:
            return f"same moves, different {key}"
    return "identical"


def compare(python: str, count: int) -> int:
    """Run both builds at once, compare their games; 0 when all are identical."""
    with tempfile.TemporaryDirectory() as folder:
        outputs = {build: Path(folder) / f"{build}.jsonl" for build in ("pure", "compiled")}
        environment = dict(os.environ)
        environment.pop("PYTHONPATH", None)
        pure_environment = {**environment, "PYTHONPATH": str(ROOT / "src")}
        script = str(Path(__file__).resolve())
        start = time.perf_counter()
        python = os.path.abspath(python)  # the runs start in the temporary folder
        runs = [
            subprocess.Popen(
                [python, script, "--dump", str(outputs[build]), "--games", str(count)],
                env=pure_environment if build == "pure" else environment,
                cwd=folder,
            )
            for build in ("pure", "compiled")
        ]
        if any(run.wait() != 0 for run in runs):
            print("a build failed to play its games (see above)")
            return 1
        seconds = time.perf_counter() - start
        with outputs["pure"].open(encoding="utf-8") as a, outputs["compiled"].open() as b:
            pure_header, compiled_header = json.loads(next(a)), json.loads(next(b))
            if pure_header["compiled"] or not compiled_header["compiled"]:
                print(f"not one pure and one compiled build: {pure_header}, {compiled_header}")
                return 1
            games = moves = differences = 0
            for line_a, line_b in zip(a, b, strict=True):
                pure, compiled = json.loads(line_a), json.loads(line_b)
                games += 1
                moves += len(pure["moves"])
                if pure != compiled:
                    differences += 1
                    where = f"{pure['game']} ({pure['rules']}, seed {pure['seed']})"
                    print(f"DIFFERENT {where}: {first_difference(pure, compiled)}")
    print(
        f"pure ({pure_header['from']}) and compiled ({compiled_header['from']}): "
        f"{games} games, {moves} moves, {differences} different ({seconds:.0f} s)"
    )
    return 1 if differences else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("python", nargs="?", help="an interpreter with the compiled build")
    parser.add_argument("--games", type=int, default=200, help="games per game and rule set")
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.dump is not None:
        dump(args.games, args.dump)
        return 0
    if args.python is None:
        parser.error("name the interpreter that has the compiled build")
    return compare(args.python, args.games)


if __name__ == "__main__":
    sys.exit(main())
