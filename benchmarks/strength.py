"""Bot strength per game, on single deals: heuristic against random, ISMCTS against heuristic.

Each comparison is a duplicate match: every deal is played in every rotation of
the line-up (the two bots alternate round the table; in two-handed games they
face each other), so both bots get the same cards and the luck of the deal
largely cancels. A bot "wins" a deal when its seats have the best payoff after
it (a tie shares the win). The table gives each bot's win rate with a 95% Wilson
interval over the seats it filled, and the margin (the stronger bot's win rate
minus the weaker one's) with a 95% interval over the deals, which accounts for
the pairing of the seatings of one deal (``Results.margin`` in
:mod:`cardrules.simulate`). The stronger bot should be above the weaker one
with intervals that do not overlap, or at least with a margin whose interval
excludes 0.

Usage: python benchmarks/strength.py [--games NAME ...] [--deals N] [--search-deals N]
       [--iterations N] [--search [GAME=]SPEC ...] [--workers N] [--no-random]
       [--no-search] [--markdown]

``--search`` names the search bot as the command line does, for every game or,
written ``GAME=SPEC``, for one game: e.g. ``--search ismcts:200:heuristic:500
enfle=ismcts:200`` searches with heuristic playouts (at most 500 moves each)
everywhere but in Enfle. Without it, the games in ``SEARCH_BOTS`` (Enfle and the
Mau Mau games) get the published table's search bot and the others
``ismcts:N``, N from ``--iterations``; so the bare command reproduces the table.

Single deals run under the game's "single" preset; a preset without a move cap
gets ``max_moves=5000`` (a search bot's unusual moves can lead a deal of
two-handed Mau-Mau into a cycle that no rule ends, and a benchmark must finish).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import attrs

from cardrules import games
from cardrules.bots.heuristics import heuristic_bot
from cardrules.errors import CardrulesError
from cardrules.simulate import Results, make_bot, simulate

#: The move cap given to single deals whose preset has none.
MOVE_CAP = 5000


def single_deal_rules(name: str) -> Any:
    """The rules of one deal of a game: its "single" preset, or one deal of the default,
    capped at ``MOVE_CAP`` moves when the preset has no cap."""
    game = games.get(name)
    rules = game.PRESETS["single"] if "single" in game.PRESETS else game.Rules(max_deals=1)
    if rules.max_moves is None:
        rules = attrs.evolve(rules, max_moves=MOVE_CAP)
    return rules


def lineup(strong: str, weak: str, seats: int) -> list[str]:
    """The two bots alternating round the table."""
    return [strong if seat % 2 == 0 else weak for seat in range(seats)]


def compare(name: str, strong: str, weak: str, deals: int, workers: int | None) -> Results:
    """A duplicate match of ``deals`` deals between two bots."""
    game = games.get(name)
    rules = single_deal_rules(name)
    seats = sum(len(team) for team in game.teams(rules))
    seatings = 2 if seats % 2 == 0 else seats  # distinct rotations of the alternating line-up
    return simulate(
        name,
        lineup(strong, weak, seats),
        games=deals * seatings,
        seed=2026,
        rules_text=str(rules),
        workers=workers,
        duplicate=True,
    )


#: The search bot of the published table, where random playouts do not fit this
#: machine (see docs/strength.rst): heuristic playouts, with a budget per game that
#: keeps a 200-deal match under an hour on two cores.
SEARCH_BOTS: dict[str, str] = {
    "enfle": "ismcts:200:heuristic:500",
    "mau_mau": "ismcts:200:heuristic:500",
    "mau_mau_standard": "ismcts:800:heuristic:500",
    "strafpoint": "ismcts:800:heuristic:500",
}


def search_specs(texts: list[str], iterations: int) -> tuple[str, dict[str, str]]:
    """The default search spec and the per-game ones, from ``--search`` arguments.

    A ``GAME=SPEC`` argument wins for its game; a bare ``SPEC`` sets the bot of
    every other game; without one, the games of ``SEARCH_BOTS`` get theirs and the
    rest ``ismcts:ITERATIONS``.
    """
    default = f"ismcts:{iterations}"
    per_game: dict[str, str] = {}
    for text in texts:
        game, sep, spec = text.rpartition("=")
        if sep:
            per_game[games.get(game).NAME] = spec
        else:
            default = spec
    if all("=" in text for text in texts):
        per_game = SEARCH_BOTS | per_game
    return default, per_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(games.names()))
    parser.add_argument("--deals", type=int, default=2000, help="deals for heuristic v random")
    parser.add_argument(
        "--search-deals", type=int, default=200, help="deals for ISMCTS v heuristic"
    )
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations per move")
    parser.add_argument(
        "--search",
        nargs="*",
        default=[],
        metavar="[GAME=]SPEC",
        help="the search bot (default: ismcts:ITERATIONS), for all games or for GAME",
    )
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--no-search", action="store_true", help="skip ISMCTS v heuristic")
    parser.add_argument("--no-random", action="store_true", help="skip heuristic v random")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    default_search, per_game = search_specs(args.search, args.iterations)
    rows = []
    for name in args.games:
        try:
            heuristic_bot(name)
        except CardrulesError:
            print(f"{name}: no heuristic bot yet, skipped")
            continue
        search = per_game.get(games.get(name).NAME, default_search)
        make_bot(search, name)  # refuse a bad spec before the first long match
        matches = [] if args.no_random else [("heuristic", "random", args.deals)]
        if not args.no_search:
            matches.append((search, "heuristic", args.search_deals))
        for strong, weak, deals in matches:
            started = time.perf_counter()
            results = compare(name, strong, weak, deals, args.workers)
            seconds = time.perf_counter() - started
            table = {row.bot: row for row in results.table(by="payoff")}
            s, w = table[strong], table[weak]
            margin = results.margin(strong, weak)
            diff = (margin.mean, margin.low, margin.high)
            truncated = sum(r.reason == "truncated" for r in results.results)
            rows.append((name, strong, weak, deals, results, s, w, diff, seconds, truncated))
            print(
                f"{name:<18} {strong:>10} {s.win_rate:.3f} [{s.win_low:.3f}, {s.win_high:.3f}]"
                f"  v  {weak:<10} {w.win_rate:.3f} [{w.win_low:.3f}, {w.win_high:.3f}]"
                f"  margin {diff[0]:+.3f} [{diff[1]:+.3f}, {diff[2]:+.3f}]"
                f"  ({deals} deals, {results.games_played} games, {truncated} truncated,"
                f" {results.mean_moves:.0f} moves/game, {seconds:.0f} s,"
                f" {seconds / results.games_played:.2f} s/game)",
                flush=True,
            )
    if args.markdown:
        print()
        print(
            "| game | stronger bot | win rate (95% CI) | weaker bot | win rate (95% CI) "
            "| margin (95% CI) | deals | s/game |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for name, strong, weak, deals, results, s, w, diff, seconds, _ in rows:
            print(
                f"| {name} | {strong} | {s.win_rate:.3f} ({s.win_low:.3f}-{s.win_high:.3f}) "
                f"| {weak} | {w.win_rate:.3f} ({w.win_low:.3f}-{w.win_high:.3f}) "
                f"| {diff[0]:+.3f} ({diff[1]:+.3f} to {diff[2]:+.3f}) | {deals} "
                f"| {seconds / results.games_played:.2f} |"
            )


if __name__ == "__main__":
    main()
