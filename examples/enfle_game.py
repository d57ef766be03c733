"""Enfle (Rolling Stone): one deal between random players, with every pick-up shown,
then a short series of deals scored in chips and Parlett's points.

Usage: python examples/enfle_game.py [SEED]
"""

from __future__ import annotations

import random
import sys

from cardrules.games import enfle


def one_deal(seed: int) -> None:
    rules = enfle.Rules(players=4, max_moves=2000)
    state = enfle.deal(rules, seed=seed)
    rng = random.Random(seed)
    print(f"{rules}, seed {seed}")
    print(" ", enfle.events(state)[0])
    seen = 1
    while not enfle.is_over(state):
        state = enfle.apply(state, rng.choice(enfle.legal_moves(state)))
        for event in enfle.events(state)[seen:]:
            if event.kind in ("pickup", "trick", "out", "scored", "abandoned"):
                print(" ", event)
        seen = len(enfle.events(state))
    score = enfle.score(state)
    print(f"  after {state.moves_made} plays: chips {score.totals}, outcome {score.outcome}\n")


def series(seed: int) -> None:
    rules = enfle.Rules(players=5, deals=4, ante=2, parlett_scoring=True, max_moves=8000)
    state = enfle.deal(rules, seed=seed)
    rng = random.Random(seed)
    while not enfle.is_over(state):
        state = enfle.apply(state, rng.choice(enfle.legal_moves(state)))
    print(rules)
    print("deal  dealer  chips per seat          Parlett points")
    for row in enfle.score(state).deals:
        chips = " ".join(f"{c:+3d}" for c in row.points)
        points = " ".join(f"{p:3d}" for p in row.extra("points"))
        print(f"{row.number + 1:>4}  {row.dealer:>6}  {chips}   {points}")
    view = enfle.observe(state, 0)
    print(f"totals: chips {view.totals}, points {view.points}")
    print(f"outcome: {enfle.score(state).outcome}")


def main(argv: list[str]) -> None:
    seed = int(argv[1]) if len(argv) > 1 else 3
    one_deal(seed)
    series(seed)


if __name__ == "__main__":
    main(sys.argv)
