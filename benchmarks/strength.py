"""Bot strength per game, on single deals: heuristic against random, ISMCTS against heuristic.

Each comparison is a duplicate match: every deal is played in every rotation of
the line-up (the two bots alternate round the table; in two-handed games they
face each other), so both bots get the same cards and the luck of the deal
largely cancels. A bot "wins" a deal when its seats have the best payoff after
it (a tie shares the win). The table gives each bot's win rate with a 95% Wilson
interval over the seats it filled; the stronger bot should be above the weaker
one with intervals that do not overlap.

Usage: python benchmarks/strength.py [--games NAME ...] [--deals N] [--search-deals N]
       [--iterations N] [--workers N] [--markdown]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cardrules import games
from cardrules.bots.heuristics import heuristic_bot
from cardrules.errors import CardrulesError
from cardrules.simulate import Results, simulate


def single_deal_rules(name: str) -> Any:
    """The rules of one deal of a game: its "single" preset, or one deal of the default."""
    game = games.get(name)
    if "single" in game.PRESETS:
        return game.PRESETS["single"]
    return game.Rules(max_deals=1)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(games.names()))
    parser.add_argument("--deals", type=int, default=1000, help="deals for heuristic v random")
    parser.add_argument(
        "--search-deals", type=int, default=200, help="deals for ISMCTS v heuristic"
    )
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations per move")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--no-search", action="store_true", help="skip ISMCTS v heuristic")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    rows = []
    for name in args.games:
        try:
            heuristic_bot(name)
        except CardrulesError:
            print(f"{name}: no heuristic bot yet, skipped")
            continue
        search = f"ismcts:{args.iterations}"
        matches = [("heuristic", "random", args.deals)]
        if not args.no_search:
            matches.append((search, "heuristic", args.search_deals))
        for strong, weak, deals in matches:
            started = time.perf_counter()
            results = compare(name, strong, weak, deals, args.workers)
            seconds = time.perf_counter() - started
            table = {row.bot: row for row in results.table(by="payoff")}
            s, w = table[strong], table[weak]
            rows.append((name, strong, weak, deals, results.games_played, s, w, seconds))
            print(
                f"{name:<18} {strong:>10} {s.win_rate:.3f} [{s.win_low:.3f}, {s.win_high:.3f}]"
                f"  v  {weak:<10} {w.win_rate:.3f} [{w.win_low:.3f}, {w.win_high:.3f}]"
                f"  ({deals} deals, {results.games_played} games, {seconds:.0f} s)",
                flush=True,
            )
    if args.markdown:
        print()
        print(
            "| game | stronger bot | win rate (95% CI) | weaker bot | win rate (95% CI) | deals |"
        )
        print("|---|---|---|---|---|---|")
        for name, strong, weak, deals, _, s, w, _ in rows:
            print(
                f"| {name} | {strong} | {s.win_rate:.3f} ({s.win_low:.3f}-{s.win_high:.3f}) "
                f"| {weak} | {w.win_rate:.3f} ({w.win_low:.3f}-{w.win_high:.3f}) | {deals} |"
            )


if __name__ == "__main__":
    main()
