"""cardrules against its peers: random playouts through each library's public Python API.

Run it from the repository root (the peers install with ``pip install -e '.[bench]'``)::

    python benchmarks/peers.py                     # 3 s per case, 5 interleaved rounds
    python benchmarks/peers.py --seconds 2 --json

With the compiled build in ``.venv-compiled`` (``sh scripts/compiled.sh`` makes it), the
same run also times every cardrules case under the compiled build ("compiled" rows): a
worker process with that venv's Python plays them, each round interleaved with the
others as if it were in this process. ``--compiled-python`` names another interpreter;
``--compiled-python ''`` leaves the compiled rows out.

One run times, round by round and interleaved so that machine noise hits all alike:

* cardrules Up and Down the River (``oh_hell``: one deal, 4 players, 10 cards) and
  OpenSpiel ``oh_hell`` of the same size, its chance nodes played as its users must;
* cardrules two-handed Mau-Mau and every other registered game (one deal each, see
  :func:`playouts.bench_case`), plus Enfle with six players (long pick-up chains),
  OpenSpiel ``crazy_eights`` (2 players) and RLCard ``uno`` (2 players), stepping
  ``env.step`` with a uniformly random legal action.

It prints each case's median round (games/s, decisions/s) and the ratios the
targets are stated in (see docs/performance.rst). A peer that is not installed is
skipped with a note.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from playouts import Case, Playout, bench_case, cardrules_playout, machine, openspiel_playout

import cardrules
from cardrules import games

#: Targets: (numerator case, denominator case, measure, at least). "cardrules *" stands
#: for every pure Python cardrules case, "compiled *" for every compiled one.
TARGETS: tuple[tuple[str, str, str, float], ...] = (
    ("cardrules oh_hell", "OpenSpiel oh_hell", "games_per_s", 0.7),
    ("cardrules mau_mau", "RLCard uno", "decisions_per_s", 3.0),
    ("cardrules *", "RLCard uno", "decisions_per_s", 2.0),
    ("compiled oh_hell", "OpenSpiel oh_hell", "games_per_s", 1.5),
    ("compiled mau_mau", "OpenSpiel crazy_eights", "decisions_per_s", 1.0),
    ("compiled *", "RLCard uno", "decisions_per_s", 6.0),
)

#: Where the compiled build lives when scripts/compiled.sh made it.
COMPILED_PYTHON = Path(__file__).resolve().parent.parent / ".venv-compiled" / "bin" / "python"

#: More cardrules cases, (game, preset): Enfle with six players has the longest
#: pick-up chains (about 27 pick-ups and 83 moves a game, up to 360 moves, against
#: 15 and 49 with four).
EXTRA_CASES: tuple[tuple[str, str], ...] = (("enfle", "six_players"),)

#: Ratios printed for information, without a target.
INFO: tuple[tuple[str, str, str], ...] = (
    ("cardrules mau_mau", "OpenSpiel crazy_eights", "games_per_s"),
    ("cardrules mau_mau", "OpenSpiel crazy_eights", "decisions_per_s"),
    ("cardrules mau_mau_standard", "OpenSpiel crazy_eights", "decisions_per_s"),
    ("cardrules mau_mau", "RLCard uno", "games_per_s"),
    ("cardrules mau_mau_standard", "RLCard uno", "games_per_s"),
)


def rlcard_playout(rlcard: ModuleType, seed: int) -> Playout:
    """RLCard's 2-player ``uno`` as its users play it: ``reset``, then ``step`` to the end."""
    env = rlcard.make("uno", config={"seed": seed})

    def play(rng: random.Random) -> int:
        state, _ = env.reset()
        decisions = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        return decisions

    return play


def cardrules_cases(seed: int, prefix: str = "cardrules") -> list[Case]:
    """The cardrules contestants: every registered game, then the extra cases."""
    cases = []
    for name in games.names():
        rules = bench_case(name)
        play = cardrules_playout(games.get(name), rules)
        cases.append(Case(f"{prefix} {name}", str(rules), play, random.Random(seed)))
    for name, preset in EXTRA_CASES:
        rules = games.get(name).PRESETS[preset]
        play = cardrules_playout(games.get(name), rules)
        label = f"{prefix} {name} {preset}"
        cases.append(Case(label, str(rules), play, random.Random(seed)))
    return cases


def serve_compiled_cases(seed: int) -> int:
    """The worker's side: list the cases, then play what the parent asks, one line each."""
    if not cardrules.compiled:
        print(json.dumps({"error": f"cardrules at {cardrules.__file__} is not compiled"}))
        return 1
    cases = cardrules_cases(seed, prefix="compiled")
    print(json.dumps({"cases": [[case.label, case.rules] for case in cases]}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        case = cases[request["case"]]
        if request["window"] is None:
            reply = {"decisions": case.play(case.rng)}
        else:
            case.run_round(request["window"])
            reply = {"round": case.rounds[-1]}
        print(json.dumps(reply), flush=True)
    return 0


class CompiledCase(Case):
    """A case that a worker process plays under the compiled build, round by round."""

    def __init__(self, label: str, rules: str, index: int, worker: subprocess.Popen[str]):
        super().__init__(label, rules, self._warm_up, random.Random())
        self.index = index
        self.worker = worker

    def _ask(self, window: float | None) -> dict[str, Any]:
        assert self.worker.stdin is not None and self.worker.stdout is not None
        self.worker.stdin.write(json.dumps({"case": self.index, "window": window}) + "\n")
        self.worker.stdin.flush()
        reply: dict[str, Any] = json.loads(self.worker.stdout.readline())
        return reply

    def _warm_up(self, rng: random.Random) -> int:
        decisions: int = self._ask(None)["decisions"]
        return decisions

    def run_round(self, window: float) -> None:
        played, decisions, seconds = self._ask(window)["round"]
        self.rounds.append((played, decisions, seconds))


def compiled_cases(python: str, seed: int) -> tuple[list[Case], str | None]:
    """The compiled build's cases, played by a worker; or none and a note why."""
    if not python:
        return [], None
    if not Path(python).exists():
        return [], f"no compiled build at {python} (sh scripts/compiled.sh makes it)"
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    worker = subprocess.Popen(
        [python, __file__, "--serve-compiled", "--seed", str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    assert worker.stdout is not None
    hello = json.loads(worker.stdout.readline() or '{"error": "the worker did not start"}')
    if "error" in hello:
        worker.kill()
        return [], f"compiled cases skipped: {hello['error']}"
    cases: list[Case] = [
        CompiledCase(label, rules, index, worker)
        for index, (label, rules) in enumerate(hello["cases"])
    ]
    return cases, f"compiled rows: played by {python}, whose cardrules.compiled is True"


def build_cases(args: argparse.Namespace) -> tuple[list[Case], list[str]]:
    """Every contestant of the run, and a note for each peer that is missing."""
    notes: list[str] = []
    cases: list[Case] = cardrules_cases(args.seed)

    def add(label: str, rules: str, play: Playout) -> None:
        cases.append(Case(label, rules, play, random.Random(args.seed)))

    compiled, note = compiled_cases(args.compiled_python, args.seed)
    cases.extend(compiled)
    if note is not None:
        notes.append(note)
    try:
        pyspiel: ModuleType = importlib.import_module("pyspiel")
    except ImportError:
        notes.append("pyspiel not installed: OpenSpiel cases skipped")
    else:
        for spiel_name, params in (
            ("oh_hell", {"players": 4, "num_tricks_fixed": 10}),
            ("crazy_eights", {"players": 2}),
        ):
            text = f"{spiel_name}({','.join(f'{k}={v}' for k, v in params.items())})"
            add(f"OpenSpiel {spiel_name}", text, openspiel_playout(pyspiel, spiel_name, params))
    try:
        rlcard: ModuleType = importlib.import_module("rlcard")
    except ImportError:
        notes.append("rlcard not installed: RLCard uno skipped")
    else:
        add("RLCard uno", "uno(2 players)", rlcard_playout(rlcard, args.seed))
    return cases, notes


def ratios(cases: list[Case]) -> list[dict[str, Any]]:
    """The target and information ratios between the median rounds, with per-round ranges."""
    by_label = {case.label: case for case in cases}
    wanted: list[tuple[str, str, str, float | None]] = []
    for top, bottom, measure, goal in TARGETS:
        if top.endswith(" *"):
            tops = [c.label for c in cases if c.label.startswith(top[:-1])]
        else:
            tops = [top]
        wanted.extend((label, bottom, measure, goal) for label in tops)
    wanted.extend((top, bottom, measure, None) for top, bottom, measure in INFO)
    wanted.extend(
        (case.label, "cardrules" + case.label.removeprefix("compiled"), "decisions_per_s", None)
        for case in cases
        if case.label.startswith("compiled ")
    )
    rows = []
    for top, bottom, measure, target in wanted:
        if top not in by_label or bottom not in by_label:
            continue
        ours, theirs = by_label[top], by_label[bottom]
        index = 0 if measure == "games_per_s" else 1
        per_round = [
            (a[index] / a[2]) / (b[index] / b[2])
            for a, b in zip(ours.rounds, theirs.rounds, strict=True)
        ]
        ratio = ours.median()[measure] / theirs.median()[measure]
        rows.append(
            {
                "top": top,
                "bottom": bottom,
                "measure": measure,
                "ratio": ratio,
                "min": min(per_round),
                "max": max(per_round),
                "target": target,
                "met": None if target is None else ratio >= target,
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="cardrules against OpenSpiel and RLCard.")
    parser.add_argument("--seconds", type=float, default=3.0, help="time window per case")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds per window")
    parser.add_argument("--seed", type=int, default=0, help="seed of the move generators")
    parser.add_argument("--json", action="store_true", help="print machine-readable results")
    parser.add_argument(
        "--compiled-python",
        default=str(COMPILED_PYTHON),
        help="an interpreter with the compiled build, for the compiled rows ('' for none)",
    )
    parser.add_argument("--serve-compiled", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_compiled:
        return serve_compiled_cases(args.seed)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    cases, notes = build_cases(args)
    for case in cases:
        case.play(case.rng)  # warm-up, untimed
    for _ in range(args.rounds):
        for case in cases:
            case.run_round(args.seconds / args.rounds)
    info = machine(sys.modules.get("pyspiel"))
    info["rlcard"] = importlib.metadata.version("rlcard") if "rlcard" in sys.modules else None
    results = [case.median() for case in cases]
    rows = ratios(cases)
    if args.json:
        report = {"machine": info, "seconds": args.seconds, "rounds": args.rounds}
        print(json.dumps({**report, "results": results, "ratios": rows, "notes": notes}, indent=2))
        return 0
    print(", ".join(f"{key} {value}" for key, value in info.items() if value is not None))
    print(f"{args.seconds:g} s per case in {args.rounds} interleaved rounds; median round shown")
    for note in notes:
        print(note)
    print(f"\n{'case':<28} {'rules':<42} {'games/s':>9} {'decisions/s':>12} {'dec/game':>9}")
    for row in results:
        figures = f"{row['games_per_s']:>9.1f} {row['decisions_per_s']:>12.0f}"
        print(f"{row['case']:<28} {row['rules']:<42} {figures} {row['decisions_per_game']:>9.1f}")
    print(f"\n{'ratio':<72} {'value':>6} {'rounds':>11} {'target':>8}")
    for r in rows:
        what = f"{r['top']} / {r['bottom']}, {r['measure'].replace('_per_s', '/s')}"
        span = f"{r['min']:.2f}..{r['max']:.2f}"
        goal = (
            "" if r["target"] is None else f">= {r['target']:g} {'met' if r['met'] else 'MISSED'}"
        )
        print(f"{what:<72} {r['ratio']:>6.2f} {span:>11} {goal:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
