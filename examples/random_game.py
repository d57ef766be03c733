"""A full game of any registered game between random bots, printed deal by deal.

Usage: python examples/random_game.py [GAME] [SEED]
"""

from __future__ import annotations

import sys

from cardrules.demo import run_demo


def main(argv: list[str]) -> None:
    game = argv[1] if len(argv) > 1 else "oh_hell"
    seed = int(argv[2]) if len(argv) > 2 else 1
    run_demo(game, seed=seed)


if __name__ == "__main__":
    main(sys.argv)
