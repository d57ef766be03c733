"""Maverick: a match to 30 points between two partnerships, through the public API.

Seats 0 and 2 pass their two highest trumps to the opponent on their left (trumps
cost points: a trick with trumps and no adders scores -1, or -4 if all four are
trumps) and otherwise play at random; seats 1 and 3 play at random. Prints the
face-up cards of the first deal, what seat 0 sees after the pass, and the score
deal by deal.

Usage: python examples/maverick_game.py [SEED]
"""

from __future__ import annotations

import random
import sys

from cardrules.cards import format_cards
from cardrules.games import maverick
from cardrules.moves import Move


def choose(state: maverick.State, rng: random.Random) -> Move:
    seat = maverick.to_move(state)
    assert isinstance(seat, int)
    view: maverick.View = maverick.observe(state, seat)  # a player decides from his view only
    legal = view.legal_moves
    if view.phase == maverick.Phase.PASSING and seat % 2 == 0:
        ranked = sorted(view.hand, key=lambda c: (c.suit is view.trump or c.is_joker, c.rank))
        wanted = maverick.PassCards((ranked[-1], ranked[-2]))
        if wanted in legal:
            return wanted
    return legal[rng.randrange(len(legal))]


def main(argv: list[str]) -> None:
    seed = int(argv[1]) if len(argv) > 1 else 3
    rules = maverick.Rules(target=30, first_dealer=3)
    state = maverick.deal(rules, seed=seed)
    print("rules:", rules)
    table = maverick.observe(state, 0)  # the face-up cards and the suits they fix are public
    assert table.trump is not None and table.adder is not None
    face_up = format_cards(table.face_up)
    print(f"face up {face_up}: {table.trump.plural} are trumps, {table.adder.plural} adders")
    rng = random.Random(seed)
    shown = False
    while not maverick.is_over(state):
        state = maverick.apply(state, choose(state, rng))
        if not shown and state.phase == maverick.Phase.PLAYING:
            view = maverick.observe(state, 0)
            print(
                "seat 0 passed",
                format_cards(view.passed),
                "and received",
                format_cards(view.received),
            )
            print("seat 0 now holds", format_cards(view.hand))
            shown = True
    score = maverick.score(state)
    print("\ndeal  seats 0+2  seats 1+3")
    for row in score.deals:
        print(f"{row.number + 1:>4}  {row.points[0]:>+9}  {row.points[1]:>+9}")
    print(f"totals: seats 0+2 {score.totals[0]}, seats 1+3 {score.totals[1]}")
    assert score.outcome is not None
    print(f"{score.outcome.reason}; winners: seats {score.outcome.winners}")


if __name__ == "__main__":
    main(sys.argv)
