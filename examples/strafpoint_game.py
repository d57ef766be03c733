"""Standard Mau Mau and Strafpoint: one deal of the standard game, move by move, then
a game of Strafpoint to 100 between two players who shed their jacks and high cards
early (each card left in hand costs its value in penalty points) and two random
players.

Usage: python examples/strafpoint_game.py [SEED]
"""

from __future__ import annotations

import random
import sys

from cardrules.bots import Bot, RandomBot
from cardrules.bots.heuristics import heuristic_bot
from cardrules.games import mau_mau_standard, strafpoint
from cardrules.play import play_game


def opening(seed: int) -> None:
    """The first moves of a standard deal (four players, heuristic bots), with the events."""
    state = mau_mau_standard.deal(mau_mau_standard.Rules(nine_reverses=True), seed=seed)
    bot = heuristic_bot("mau_mau_standard")
    rng = random.Random(seed)
    for event in mau_mau_standard.events(state):
        print(" ", event)
    seen = len(mau_mau_standard.events(state))
    for _ in range(14):
        if mau_mau_standard.is_over(state):
            break
        seat = mau_mau_standard.to_move(state)
        assert isinstance(seat, int)
        view = mau_mau_standard.observe(state, seat)
        move = bot.choose(view, view.legal_moves, rng)
        print(f"  seat {seat} holds {' '.join(map(str, view.hand))} on {view.upcard}: {move}")
        state = mau_mau_standard.apply(state, move)
        for event in mau_mau_standard.events(state)[seen:]:
            if event.kind not in ("play", "call", "announce"):
                print("   ", event)
        seen = len(mau_mau_standard.events(state))
    print()


def series(seed: int) -> None:
    """A whole game of Strafpoint: seats 0 and 2 heuristic, seats 1 and 3 random."""
    rules = strafpoint.Rules()
    bots: list[Bot] = [heuristic_bot("strafpoint"), RandomBot()] * 2
    state = play_game(strafpoint, rules, bots, seed=seed)
    score = strafpoint.score(state)
    print(f"{rules}, random seed {seed}")
    print("seats 0 and 2 shed their high cards early, seats 1 and 3 play at random")
    print("round  starts  " + "  ".join(f"seat {s}" for s in range(4)) + "  (went out)")
    for row in score.deals:
        won = row.extra("won")
        out = f"seat {won.index(1)}" if 1 in won else "blocked"
        points = "  ".join(f"{p:>6}" for p in row.points)
        print(f"{row.number + 1:>5}  {(row.dealer + 1) % 4:>6}  {points}  ({out})")
    print("total         " + "  ".join(f"{t:>6}" for t in score.totals))
    assert score.outcome is not None
    verdict = "drawn between" if score.outcome.draw else "won by"
    winners = ", ".join(f"seat {s}" for s in score.outcome.winners)
    print(f"{score.outcome.reason}: {verdict} {winners} (fewest penalty points)")
    print(f"rounds won: {strafpoint.rounds_won(score.deals, 4)}")


def main(argv: list[str]) -> None:
    seed = int(argv[1]) if len(argv) > 1 else 4
    opening(seed)
    series(seed)


if __name__ == "__main__":
    main(sys.argv)
