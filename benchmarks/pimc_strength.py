"""The PIMC bot against ISMCTS and the heuristic bot: a round robin per trick game,
in bounded runs that resume.

Every pair of bots plays duplicate deals (each deal in every rotation of the pair's
line-up, so both bots get the same cards; :func:`cardrules.simulate.simulate` with
``duplicate=True``), one deal after another: deal 0 for every pair, then deal 1, and
so on. Deal ``k`` is played from the seed ``SEED + k``, the same for every pair and
every run. Each finished duplicate deal is appended at once to the results file
(``--results``, JSON lines, one line a deal and pair: the game, rules, line-up, pair,
seats, seeds, payoffs and win shares of each game, with the commit, build, date and
command that made it), so a run that is stopped or killed loses at most the deal in
progress. Run the same command again and it continues from the file: the deals
already there are skipped, the others played with the same seeds in the same order.

``--budget-s`` bounds a run's wall-clock time: no deal starts once it is spent (the
deal in progress is finished). ``--deals`` is the number of deals a pair plays in all,
over every run on the file. The table (ratings, mean deal scores and every pair's
win rates and margin with their 95% intervals, as :func:`cardrules.tournament.tournament`
gives them) is printed at the end of a run, and by ``--table FILE`` from a results
file alone.

Bots are named as :func:`cardrules.simulate.make_bot` names them (``pimc:0.1s``,
``ismcts:450``, ``heuristic``). For equal time a move, name the ISMCTS bot
``ismcts:equal``: before the first deal, the run times the line-up's PIMC bot on
positions of the game (``--calibrate-moves`` of them, from games the heuristic bot
plays) and ISMCTS on the same positions, and gives ISMCTS the iterations that take as
long (in processor time, which other work on the machine changes little); the
measurement is written in every line of the file, and a resumed run reuses it.

Usage: python benchmarks/pimc_strength.py GAME [--rules TEXT] [--bots SPEC ...]
       [--deals N] [--workers N] [--seed N] [--results FILE] [--budget-s SECONDS]
       [--calibrate-moves N] [--json FILE]
       python benchmarks/pimc_strength.py --table FILE [--json FILE]

``GAME`` is a game of the library with a trick-taking engine or one of the example games
(``whist``, ``hearts``, ``spades``, ``bridge``, ``euchre``, ``skat``, imported from
examples/).
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import random
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardrules import games
from cardrules.render import text_table
from cardrules.simulate import (
    make_bot,
    mean_interval,
    rules_options,
    simulate,
    wilson_interval,
)
from cardrules.tournament import fit_ratings

ROOT = Path(__file__).resolve().parent.parent

#: The name of an ISMCTS bot given the PIMC bot's time a move.
EQUAL = "ismcts:equal"
#: The line-ups of the published tables: the PIMC bot with a budget of drawn deals and
#: positions a solve (deterministic, so a deal replays exactly and other work on the
#: machine does not change the play) that takes about 0.1 s of processor time a move in
#: the compiled build, and ISMCTS given the iterations that take as long on the same
#: positions.
LINEUPS: dict[str, tuple[str, list[str]]] = {
    "oh_hell": ("single", ["pimc:12:p5000", EQUAL, "heuristic"]),
    "maverick": ("single", ["pimc:6:p3000", EQUAL, "heuristic"]),
    "whist": ("one_point", ["pimc:10:p5000", EQUAL, "heuristic"]),
    "spades": ("spades(max_deals=1)", ["pimc:6:p3000", EQUAL, "heuristic"]),
    "hearts": ("hearts(max_deals=1)", ["pimc:4:p1000", EQUAL, "heuristic"]),
    "bridge": ("one_board", ["pimc:6:p3000", EQUAL, "heuristic"]),
    "euchre": ("euchre(target=1)", ["pimc:12:p5000", EQUAL, "heuristic"]),
    "skat": ("one_deal", ["pimc:4:p1500", EQUAL, "heuristic"]),
}
#: The games of the examples folder, imported to register them.
EXAMPLES = ("whist", "hearts", "spades", "bridge", "euchre", "skat")


def load_game(name: str) -> Any:
    """The game ``name``, importing its example module first if it is one."""
    if name in EXAMPLES:
        sys.path.insert(0, str(ROOT / "examples"))
        importlib.import_module(name)  # registers the game
    return games.get(name)


def build() -> str:
    """Which build of cardrules is imported: compiled or pure."""
    return "compiled" if games.oh_hell.__file__.endswith((".so", ".pyd")) else "pure"


def commit() -> str:
    """The commit of the checkout, with ``+changes`` when files differ from it."""
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return (head or "unknown") + ("+changes" if changed else "")


# ---------------------------------------------------------------- equal time a move


def _positions(game: Any, rules: Any, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` positions (state, seat to move) with a choice to make, from games the
    heuristic bot plays, spread over the deals."""
    bot = make_bot("heuristic", game)
    found: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    deal_seed = seed
    while len(found) < count:
        state = game.deal(game.Rules() if rules is None else rules, seed=deal_seed)
        deal_seed += 1
        seen: list[tuple[Any, int]] = []
        while not game.is_over(state) and game.deal_number(state) == 0:
            seat = game.to_move(state)
            legal = game.legal_moves(state)
            if not isinstance(seat, int):
                break
            if len(legal) > 1:
                seen.append((state, seat))
            state = game.apply(state, bot.choose(game.observe(state, seat), legal, rng))
        found += rng.sample(seen, min(len(seen), 4, count - len(found)))
    return found


def _seconds_a_move(bot: Any, game: Any, positions: Sequence[tuple[Any, int]]) -> float:
    """The bot's mean processor seconds a move on ``positions`` (processor time, not the
    wall clock: other work on the machine then changes the measurement little)."""
    rng = random.Random(1)
    started = time.process_time()
    for state, seat in positions:
        bot.choose(game.observe(state, seat), game.legal_moves(state), rng)
    return (time.process_time() - started) / len(positions)


def calibrate(game: Any, rules: Any, pimc: str, moves: int, seed: int) -> dict[str, Any]:
    """The ISMCTS iterations that take as long a move as the PIMC bot ``pimc``, with the
    measurement: seconds a move of each, on the same ``moves`` positions."""
    positions = _positions(game, rules, moves, seed)
    pimc_s = _seconds_a_move(make_bot(pimc, game), game, positions)
    probe = 100
    ismcts_s = _seconds_a_move(make_bot(f"ismcts:{probe}", game), game, positions)
    iterations = max(1, round(probe * pimc_s / ismcts_s))
    # A second measurement at the estimate, since the cost of an iteration grows with the tree.
    at_estimate = _seconds_a_move(make_bot(f"ismcts:{iterations}", game), game, positions)
    iterations = max(1, round(iterations * pimc_s / at_estimate))
    return {
        "pimc": pimc,
        "positions": len(positions),
        "pimc_s_a_move": pimc_s,
        "ismcts_probe": [probe, ismcts_s],
        "ismcts_estimate": [round(probe * pimc_s / ismcts_s), at_estimate],
        "iterations": iterations,
        "build": build(),
    }


# ---------------------------------------------------------------- the results file


def read_results(path: Path) -> list[dict[str, Any]]:
    """The deals of a results file (a last line cut short by a killed run is left out)."""
    if not path.exists():
        return []
    deals = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        try:
            deals.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # the deal a killed run was writing
    return deals


def _repair(path: Path) -> None:
    """Cut a last line that a killed run left unfinished, so that appending goes on cleanly."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        path.write_bytes(data[: data.rfind(b"\n") + 1])


def append_deal(path: Path, deal: dict[str, Any]) -> None:
    """Append one deal as a line and make sure it reached the disk."""
    with path.open("a") as file:
        file.write(json.dumps(deal, separators=(",", ":")) + "\n")
        file.flush()
        os.fsync(file.fileno())


# ---------------------------------------------------------------- the table


def table(deals: Sequence[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """The round robin's table from the deals of a results file, as text and as data."""
    if not deals:
        return "no deals yet", {"deals": 0, "pairs": []}
    bots: list[str] = []
    for deal in deals:
        for bot in deal["pair"]:
            if bot not in bots:
                bots.append(bot)
    by_pair: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for deal in deals:
        by_pair.setdefault((deal["pair"][0], deal["pair"][1]), []).append(deal)
    scores: dict[tuple[int, int], float] = {}
    counts: dict[tuple[int, int], float] = {}
    pairs: list[dict[str, Any]] = []
    for (first, second), played in by_pair.items():
        wins = {first: 0.0, second: 0.0}
        seats = {first: 0, second: 0}
        differences = []
        truncated = 0
        for deal in played:
            deal_wins = {first: 0.0, second: 0.0}
            deal_seats = {first: 0, second: 0}
            for game in deal["games"]:
                truncated += game["reason"] == "truncated"
                for seat, bot in enumerate(game["seats"]):
                    deal_wins[bot] += game["payoff_shares"][seat]
                    deal_seats[bot] += 1
            for bot in (first, second):
                wins[bot] += deal_wins[bot]
                seats[bot] += deal_seats[bot]
            differences.append(
                deal_wins[first] / deal_seats[first] - deal_wins[second] / deal_seats[second]
            )
        mean, low, high = mean_interval(differences)
        i, j = bots.index(first), bots.index(second)
        key, score = ((i, j), len(played) * (1 + mean) / 2)
        if i > j:
            key, score = (j, i), len(played) - score
        scores[key] = score
        counts[key] = len(played)
        rates = {
            bot: (wins[bot] / seats[bot], *wilson_interval(wins[bot], seats[bot]))
            for bot in (first, second)
        }
        pairs.append(
            {
                "first": first,
                "second": second,
                "deals": len(played),
                "games": sum(len(deal["games"]) for deal in played),
                "truncated": truncated,
                "first_rate": list(rates[first]),
                "second_rate": list(rates[second]),
                "margin": [mean, low, high],
            }
        )
    ratings = fit_ratings(scores, counts, len(bots))
    standings: list[dict[str, Any]] = []
    for index, bot in enumerate(bots):
        score = played_deals = 0.0
        for (i, j), count in counts.items():
            if index in (i, j):
                score += scores[i, j] if index == i else count - scores[i, j]
                played_deals += count
        standings.append(
            {
                "bot": bot,
                "rating": ratings[index],
                "score": score / max(played_deals, 1),
                "deals": int(played_deals),
            }
        )
    standings.sort(key=lambda row: -float(row["rating"]))
    first_deal = deals[0]
    calibrations = {json.dumps(deal.get("calibration"), sort_keys=True) for deal in deals}
    made = sorted({(deal["commit"], deal["build"]) for deal in deals})
    lines = [
        f"{first_deal['game']}: {first_deal['rules']}, deals from seed {first_deal['base_seed']},"
        f" {len(deals)} duplicate deals in all",
        "",
        *text_table(
            ["bot", "rating", "score", "deals"],
            [
                [row["bot"], f"{row['rating']:+.0f}", f"{row['score']:.3f}", str(row["deals"])]
                for row in standings
            ],
            indent="",
        ),
        "",
        *text_table(
            ["match (95% intervals)", "first's win rate", "second's win rate", "margin", "deals"],
            [
                [
                    f"{pair['first']} v {pair['second']}",
                    "{:.3f} ({:.3f}-{:.3f})".format(*pair["first_rate"]),
                    "{:.3f} ({:.3f}-{:.3f})".format(*pair["second_rate"]),
                    "{:+.3f} ({:+.3f} to {:+.3f})".format(*pair["margin"]),
                    str(pair["deals"]),
                ]
                for pair in pairs
            ],
            indent="",
        ),
        "",
        "made by " + "; ".join(f"commit {sha}, {kind} build" for sha, kind in made),
        f"dates {min(deal['date'] for deal in deals)} to {max(deal['date'] for deal in deals)}",
    ]
    truncated_games = sum(int(pair["truncated"]) for pair in pairs)
    if truncated_games:
        lines.append(
            f"{truncated_games} games ended by a safety cap (max_deals or max_moves), not by"
            " the rules (rules of one deal, max_deals=1, end every game so)"
        )
    for text in sorted(calibrations):
        calibration = json.loads(text)
        if calibration:
            lines.append(
                f"equal time a move: {calibration['pimc']} took"
                f" {calibration['pimc_s_a_move']:.3f} s of processor time a move on"
                f" {calibration['positions']} positions; ISMCTS gets"
                f" {calibration['iterations']} iterations ({calibration['build']} build)"
            )
    data = {
        "game": first_deal["game"],
        "rules": first_deal["rules"],
        "deals": len(deals),
        "standings": standings,
        "pairs": pairs,
        "made": [list(pair) for pair in made],
    }
    return "\n".join(lines), data


# ---------------------------------------------------------------- a run


def _configuration(deal: dict[str, Any]) -> tuple[str, str, tuple[str, ...], int]:
    """What makes deals of a file one run: the game, rules, line-up and seed given."""
    return deal["game"], deal["rules_given"], tuple(deal["specs"]), int(deal["base_seed"])


def _finished(deals: Sequence[dict[str, Any]]) -> set[tuple[str, str, int]]:
    return {(deal["pair"][0], deal["pair"][1], int(deal["deal"])) for deal in deals}


def _resolve(
    game: Any, rules: Any, bots: list[str], done: Sequence[dict[str, Any]], args: Any
) -> tuple[list[str], dict[str, Any] | None]:
    """The line-up with ``ismcts:equal`` made a number of iterations: the one the
    results file recorded, else a new measurement."""
    if EQUAL not in bots:
        return bots, None
    for deal in done:
        if deal.get("calibration") and deal.get("specs") == bots:
            calibration: dict[str, Any] = deal["calibration"]
            break
    else:
        pimcs = [bot for bot in bots if bot.startswith("pimc")]
        if not pimcs:
            raise SystemExit(f"{EQUAL} needs a PIMC bot in the line-up to take its time from")
        print(f"measuring {pimcs[0]}'s time a move and ISMCTS's ...", flush=True)
        calibration = calibrate(game, rules, pimcs[0], args.calibrate_moves, args.seed)
    ismcts = f"ismcts:{calibration['iterations']}"
    return [ismcts if bot == EQUAL else bot for bot in bots], calibration


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Play the deals the results file lacks, within the budget; the file's deals after."""
    started = time.perf_counter()
    game = load_game(args.game)
    preset, lineup = LINEUPS[args.game]
    rules_text = args.rules or preset
    rules = game.Rules(**rules_options(game, rules_text))
    specs = list(args.bots or lineup)
    path = Path(args.results or f"pimc-{args.game}.jsonl")
    _repair(path)
    done = [
        deal
        for deal in read_results(path)
        if _configuration(deal) == (args.game, rules_text, tuple(specs), args.seed)
    ]
    bots, calibration = _resolve(game, rules, specs, done, args)
    finished = _finished(done)
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1 :]]
    header = {
        "game": args.game,
        "rules_given": rules_text,
        "specs": specs,
        "bots": bots,
        "base_seed": args.seed,
        "commit": commit(),
        "build": build(),
        "command": shlex.join([Path(sys.executable).name, *sys.argv]),
    }
    if calibration is not None:
        header["calibration"] = calibration
    seats = sum(len(team) for team in game.teams(rules))
    played = 0
    for index in range(args.deals):
        for first, second in pairs:
            if (first, second, index) in finished:
                continue
            if args.budget_s is not None and time.perf_counter() - started >= args.budget_s:
                print(f"budget spent: {played} deals played in this run", flush=True)
                return read_results(path)
            deal_started = time.perf_counter()
            line_up = [first if seat % 2 == 0 else second for seat in range(seats)]
            results = simulate(
                game,
                line_up,
                games=_rotations(line_up),
                seed=args.seed + index,
                rules=rules,
                workers=args.workers,
                duplicate=True,
            )
            deal = {
                **header,
                "rules": results.rules,
                "pair": [first, second],
                "deal": index,
                "seed": args.seed + index,
                "games": [
                    {
                        "seats": list(result.seats),
                        "game_seed": result.seed,
                        "payoffs": list(result.payoffs),
                        "payoff_shares": list(result.payoff_shares),
                        "reason": result.reason,
                        "moves": result.moves,
                    }
                    for result in results.results
                ],
                "seconds": round(time.perf_counter() - deal_started, 3),
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            }
            append_deal(path, deal)
            played += 1
            margin = results.margin(first, second)
            print(f"deal {index}, {first} v {second}: margin {margin.mean:+.3f}", flush=True)
    print(f"every deal played: {played} in this run", flush=True)
    return read_results(path)


def _rotations(line_up: Sequence[str]) -> int:
    """How many different seatings rotating the line-up gives (2 for A B A B), as
    :func:`cardrules.simulate.simulate` plays a duplicate deal."""
    players = len(line_up)
    for period in range(1, players + 1):
        if players % period == 0 and [*line_up[period:], *line_up[:period]] == list(line_up):
            return period
    return players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=sorted(LINEUPS))
    parser.add_argument("--rules", default=None)
    parser.add_argument("--bots", nargs="*", default=None)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--results", default=None, help="the results file (JSON lines)")
    parser.add_argument("--budget-s", type=float, default=None)
    parser.add_argument("--calibrate-moves", type=int, default=40)
    parser.add_argument("--table", default=None, metavar="FILE")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    if args.table:
        deals = read_results(Path(args.table))
    elif args.game:
        try:
            deals = run(args)
        except KeyboardInterrupt:
            print("stopped: the deal in progress is lost, the others are in the file")
            deals = read_results(Path(args.results or f"pimc-{args.game}.jsonl"))
    else:
        parser.error("name a GAME to play, or give --table FILE")
    # One table for each run the file holds (a game, rules, line-up and seed).
    runs: dict[tuple[str, str, tuple[str, ...], int], list[dict[str, Any]]] = {}
    for deal in deals:
        runs.setdefault(_configuration(deal), []).append(deal)
    tables = [table(part) for part in runs.values()] or [table([])]
    print("\n\n".join(text for text, _ in tables))
    if args.json:
        data = [part for _, part in tables]
        Path(args.json).write_text(json.dumps(data[0] if len(data) == 1 else data, indent=1))


if __name__ == "__main__":
    main()
