"""How long the perfect-information solver takes, by cards per hand (Up and Down the River).

For each hand size, deals of four players (one deal of that many cards, bids made
at random) are solved from the first lead: every legal move of the leader gets its
exact value (``cardrules.solver.Solver.move_values``, equivalent cards on, as the
PIMC bot uses it in this game). The script prints the median, the quartiles and the
slowest time in CPU seconds of this process (so that other work on the computer
changes them little) and the median number of positions searched. The build
measured is the one imported (the pure build from a source checkout, the compiled
one when installed).

Usage: python benchmarks/solver.py [--cards 4 6 8 10] [--positions N] [--budget SECONDS]
       [--no-equivalence] [--margin]

``--budget``: stop a hand size once its positions have taken this many seconds
in all (the medians are then over fewer positions; the line says how many).
``--margin``: value the leader's points less the best of the other seats' (the
PIMC bot's value) instead of its points.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from cardrules.games import oh_hell
from cardrules.moves import Play
from cardrules.solver import Solver


def first_lead(cards: int, seed: int) -> Any:
    """A deal of ``cards`` cards each, four players, bids at random, at the first lead."""
    rng = random.Random(seed)
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=cards), seed=seed)
    while not all(type(move) is Play for move in oh_hell.legal_moves(state)):
        legal = oh_hell.legal_moves(state)
        state = oh_hell.apply(state, legal[rng.randrange(len(legal))])
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, nargs="*", default=[4, 6, 8, 10])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--budget", type=float, default=120.0)
    parser.add_argument("--no-equivalence", action="store_true")
    parser.add_argument("--margin", action="store_true")
    args = parser.parse_args()
    print(f"solver: {'compiled' if oh_hell.__file__.endswith(('.so', '.pyd')) else 'pure'} build")
    for cards in args.cards:
        times: list[float] = []
        nodes: list[int] = []
        spent = 0.0
        for index in range(args.positions):
            state = first_lead(cards, 1000 * cards + index)
            seat = oh_hell.to_move(state)
            assert isinstance(seat, int)
            solver = Solver(
                oh_hell,
                seat,
                oh_hell.deal_number(state),
                equivalent_cards=not args.no_equivalence,
                margin=args.margin,
            )
            started = time.process_time()
            solver.move_values(state)
            elapsed = time.process_time() - started
            times.append(elapsed)
            nodes.append(solver.nodes)
            spent += elapsed
            if spent > args.budget:
                break
        spread = ""
        if len(times) >= 4:
            quartiles = statistics.quantiles(times, n=4)
            spread = f"quartiles {quartiles[0]:.3f}-{quartiles[2]:.3f}, "
        print(
            f"{cards:>2} cards: median {statistics.median(times):.3f} s"
            f" ({spread}slowest {max(times):.3f}),"
            f" median {statistics.median(nodes):,.0f} positions, {len(times)} deals",
            flush=True,
        )


if __name__ == "__main__":
    main()
