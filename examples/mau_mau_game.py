"""Two-handed Mau-Mau (the Stops game): the opening of a deal, move by move, then a
game to 500 between a player who follows the rules' own strategy advice and a random
player.

The advice, from the strategy paragraph of the rules this game follows (the Gaming
Dictionary's Mau-Mau): play your longest suit, and keep sevens and eights for the end
of the hand, so that they can be played one after another, each making the opponent
draw, while you go out. The advised player also always announces "One card".

Usage: python examples/mau_mau_game.py [SEED]
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Sequence

from cardrules.games import mau_mau
from cardrules.moves import Move, Play


def advised_play(view: mau_mau.View, legal: Sequence[Move], rng: random.Random) -> Move:
    """The advice: longest suit first, sevens and eights last, always announce."""
    plays = [m for m in legal if isinstance(m, Play)]
    if not plays:
        return legal[0]  # draw
    lengths = Counter(card.suit for card in view.hand)

    def preference(move: Play) -> tuple[int, int, int, int]:
        card = move.card
        keep_for_the_end = card.rank in (7, 8) and len(view.hand) > 2
        called = lengths[move.call] if move.call is not None else -1
        return (keep_for_the_end, -int(move.announce), -lengths[card.suit], -called)

    best = min(preference(m) for m in plays)
    return rng.choice([m for m in plays if preference(m) == best])


def opening(seed: int) -> None:
    """The first moves of a single deal, with every public event."""
    state = mau_mau.deal(mau_mau.Rules(target=None), seed=seed)
    rng = random.Random(seed)
    for event in mau_mau.events(state):
        print(" ", event)
    seen = len(mau_mau.events(state))
    for _ in range(12):
        if mau_mau.is_over(state):
            break
        seat = mau_mau.to_move(state)
        assert isinstance(seat, int)
        view = mau_mau.observe(state, seat)
        move = advised_play(view, view.legal_moves, rng)
        print(f"  seat {seat} holds {' '.join(map(str, view.hand))}: {move}")
        state = mau_mau.apply(state, move)
        for event in mau_mau.events(state)[seen:]:
            if event.kind != "play":
                print("   ", event)
        seen = len(mau_mau.events(state))
    print()


def game(seed: int) -> None:
    """A whole game to 500: seat 0 follows the advice, seat 1 plays at random."""
    rules = mau_mau.Rules()
    state = mau_mau.deal(rules, seed=seed)
    rng = random.Random(seed)
    while not mau_mau.is_over(state):
        seat = mau_mau.to_move(state)
        assert isinstance(seat, int)
        legal = mau_mau.legal_moves(state)
        if seat == 0:
            move = advised_play(mau_mau.observe(state, 0), legal, rng)
        else:
            move = rng.choice(legal)
        state = mau_mau.apply(state, move)
    score = mau_mau.score(state)
    print(f"{rules}, random seed {seed}")
    print("seat 0 plays its longest suit and keeps sevens and eights to go out on;")
    print("seat 1 plays at random")
    print("deal  dealer  seat 0  seat 1  (cards left: values)")
    for row in score.deals:
        values = " ".join(map(str, row.extra("hand_values")))
        points = f"{row.points[0]:>6}  {row.points[1]:>6}"
        print(f"{row.number + 1:>4}  {row.dealer:>6}  {points}  ({values})")
    assert score.outcome is not None
    print(f"totals {score.totals}: {score.outcome.reason}, seat {score.outcome.winners[0]} wins")
    print(f"the winner is paid the difference: {max(score.payoffs):.0f} points")


def main(argv: list[str]) -> None:
    seed = int(argv[1]) if len(argv) > 1 else 2
    opening(seed)
    game(seed)


if __name__ == "__main__":
    main(sys.argv)
