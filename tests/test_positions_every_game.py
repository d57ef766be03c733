"""Set-up positions in every registered game, a thousand states each: the position of a
state taken from a random game sets up a state with the same player to move, legal moves,
score and views (their positions), and its one-line text reads back; every twentieth
set-up state is played on to the end of the game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import games, positions
from cardrules.game import CHANCE, Game

#: The built-in games (tests register games of their own while they run).
BUILT_IN = ("oh_hell", "enfle", "mau_mau", "mau_mau_standard", "strafpoint", "maverick")
STATES = 1000
PLAYED_ON = 20  # every this many states, the set-up state is played to the end


def _states(game: Game, count: int, rng: random.Random) -> list[Any]:
    """``count`` states spread over random games of the default rules, one in three kept."""
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = game.deal(game.Rules(), seed=seed)
        seed += 1
        while not game.is_over(state) and len(found) < count:
            if rng.random() < 1 / 3:
                found.append(state)
            if game.to_move(state) is CHANCE:
                outcomes = game.chance_outcomes(state)
                state = game.apply(state, rng.choice(outcomes)[0])
            else:
                state = game.apply(state, rng.choice(game.legal_moves(state)))
    return found


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_thousand_positions_set_up_the_same_game(name: str) -> None:
    game = games.get(name)
    rng = random.Random(name)
    rules = game.Rules()
    players = game.players(rules)
    for number, state in enumerate(_states(game, STATES, rng)):
        position = game.position(state)
        again = game.setup(rules, position, seed=number)
        where = f"{name}, state {number}"
        assert game.to_move(again) == game.to_move(state), where
        assert game.legal_moves(again) == game.legal_moves(state), where
        assert game.score(again) == game.score(state), where
        assert game.position(again) == position, where
        for seat in range(players):
            seen = game.position(game.observe(state, seat))
            assert game.position(game.observe(again, seat)) == seen, f"{where}, seat {seat}"
        text = positions.position_text(game, state)
        assert positions.read_position(text) == (game, rules, position), where
        if number % PLAYED_ON == 0:
            while not game.is_over(again):
                again = game.apply(again, rng.choice(game.legal_moves(again)))
            assert game.score(again).outcome is not None, where
