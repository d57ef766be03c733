"""The command line: ``python -m cardrules demo`` (more commands come with the CLI)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cardrules import games
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.demo import run_demo
from cardrules.errors import CardrulesError

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="cardrules", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="a whole game between bots, deal by deal")
    demo.add_argument("--game", default="oh_hell", help="a game name (default oh_hell)")
    demo.add_argument("--seed", type=int, default=2026, help="the game's seed")
    demo.add_argument("--rules", help="rules text, e.g. 'oh_hell(players=5,start_hand=6)'")
    commands.add_parser("list", help="list the games")
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            for name in games.names():
                print(name)
            return 0
        rules = None
        game_name = args.game
        if args.rules:
            game_name, options = parse_rules_text(args.rules)
            rules = build_rules(games.get(game_name).Rules, options)
        run_demo(game_name, seed=args.seed, rules=rules)
    except CardrulesError as error:
        print(f"cardrules: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
