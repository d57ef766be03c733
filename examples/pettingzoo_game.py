"""PettingZoo: random agents that respect the action mask play a whole game of
Up and Down the River in the AEC environment. Needs ``pip install
'cardrules[pettingzoo]'``; without it the script says so and stops.
"""

from __future__ import annotations

import importlib.util


def main() -> None:
    if importlib.util.find_spec("pettingzoo") is None:
        print("skipped: PettingZoo is not installed (pip install 'cardrules[pettingzoo]')")
        return
    import numpy as np

    from cardrules.games import oh_hell
    from cardrules.integrations.pettingzoo import env

    game = env("oh_hell", oh_hell.Rules(start_hand=4))
    game.reset(seed=7)
    print(game.metadata["name"], game.possible_agents)
    rng = np.random.default_rng(7)
    steps = 0
    rewards: dict[str, float] = {}
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            rewards[agent] = reward
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))
        steps += 1
    print(f"{steps} decisions; rewards (final points): {rewards}")


if __name__ == "__main__":
    main()
