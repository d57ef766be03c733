"""Hidden information: a bot sees a view, never the state, and samples worlds from it.

Estimates, for the seat to move, how often each legal card wins the current trick
when the unseen cards are dealt uniformly among the worlds consistent with its view.
"""

from __future__ import annotations

import random
from collections import Counter

from cardrules.games import oh_hell


def main() -> None:
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=6), seed=11)
    while state.phase != oh_hell.Phase.PLAYING:
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])  # someone leads
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int)
    view = oh_hell.observe(state, seat)
    rng = random.Random(0)
    wins: Counter[str] = Counter()
    worlds = 200
    for _ in range(worlds):
        world = oh_hell.sample(view, rng)
        for move in view.legal_moves:
            after = oh_hell.apply(world, move)
            while len(after.trick) != 0 and not oh_hell.is_over(after):
                after = oh_hell.apply(after, rng.choice(oh_hell.legal_moves(after)))
            if after.tricks_won[seat] > world.tricks_won[seat]:
                wins[str(move)] += 1
    print(f"seat {seat} holds {' '.join(map(str, view.hand))}; trick so far {view.trick}")
    for move in view.legal_moves:
        print(f"  {move}: wins the trick in {wins[str(move)] / worlds:.0%} of sampled worlds")


if __name__ == "__main__":
    main()
