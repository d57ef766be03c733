"""Quickstart: deal a game, look at the legal moves, play, and read the score."""

from __future__ import annotations

from cardrules.games import oh_hell


def main() -> None:
    rules = oh_hell.Rules(players=4, start_hand=5)
    state = oh_hell.deal(rules, seed=7)
    print("rules:", rules)
    print("seat to move:", oh_hell.to_move(state))
    print("legal moves:", ", ".join(str(m) for m in oh_hell.legal_moves(state)))

    state = oh_hell.apply(state, oh_hell.parse_move(state, "bid 1"))
    view = oh_hell.observe(state, 0)
    print("seat 0 holds", " ".join(str(c) for c in view.hand), "- trump card", view.trump_card)

    while not oh_hell.is_over(state):
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    score = oh_hell.score(state)
    print("totals:", score.totals, "-", score.outcome)


if __name__ == "__main__":
    main()
