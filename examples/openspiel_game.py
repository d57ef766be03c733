"""OpenSpiel: OpenSpiel's IS-MCTS bot (seat 0) against random players, with
cardrules' own sampler as its resampler. Needs ``pip install 'cardrules[openspiel]'``;
without it the script says so and stops.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from typing import Any


def main() -> None:
    if importlib.util.find_spec("pyspiel") is None:
        print("skipped: OpenSpiel is not installed (pip install 'cardrules[openspiel]')")
        return
    import numpy as np

    from cardrules import games
    from cardrules.integrations import openspiel
    from cardrules.integrations.openspiel import pyspiel

    ismcts: Any = importlib.import_module("open_spiel.python.algorithms.ismcts")
    mcts: Any = importlib.import_module("open_spiel.python.algorithms.mcts")

    game = pyspiel.load_game("python_cardrules_oh_hell(schedule=single,start_hand=5)")
    print(f"{game}: {game.num_players()} players, {game.num_distinct_actions()} actions")
    numbers = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(2, numbers),
        uct_c=2.0,
        max_simulations=100,
        random_state=numbers,
    )
    bot.set_resampler(openspiel.resampler(seed=0))
    rng = random.Random(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            action = rng.choices(actions, probabilities)[0]
        elif player == 0:
            action = int(bot.step(state))
            print(f"IS-MCTS (seat 0): {state.action_to_string(player, action)}")
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    print("returns:", state.returns())
    print(games.get("oh_hell").score(openspiel.cardrules_state(state)).outcome)


if __name__ == "__main__":
    main()
