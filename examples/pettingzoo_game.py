"""PettingZoo: a complete training loop to copy. A linear softmax policy, masked to the
legal actions, learns one deal of Up and Down the River by self-play with REINFORCE,
then plays seat 0 against random agents. Needs ``pip install 'cardrules[pettingzoo]'``;
without it the script says so and stops.
"""

from __future__ import annotations

import importlib.util
from typing import Any

EPISODES = 400
EVALUATION_GAMES = 200
LEARNING_RATE = 0.05


def masked_policy(weights: Any, observation: Any, mask: Any) -> Any:
    """Softmax of the linear scores over the legal actions (0 for the illegal ones)."""
    import numpy as np

    scores = np.where(mask, weights @ observation, -np.inf)
    scores -= scores.max()
    probabilities = np.exp(scores)
    return probabilities / probabilities.sum()


def main() -> None:
    if importlib.util.find_spec("pettingzoo") is None:
        print("skipped: PettingZoo is not installed (pip install 'cardrules[pettingzoo]')")
        return
    import numpy as np

    from cardrules.games import oh_hell
    from cardrules.integrations.pettingzoo import env

    rules = oh_hell.Rules(schedule="single", start_hand=3)
    environment = env("oh_hell", rules)
    agent = environment.possible_agents[0]
    actions = environment.action_space(agent).n
    features = environment.observation_space(agent)["observation"].shape[0]
    low, high = environment.unwrapped.payoff_bounds
    print(f"{environment.metadata['name']}: {actions} actions, {features} features")

    rng = np.random.default_rng(0)
    weights = np.zeros((actions, features))
    for episode in range(EPISODES):
        environment.reset(seed=episode)
        steps: dict[str, list[tuple[Any, Any, int]]] = {a: [] for a in environment.agents}
        final: dict[str, float] = {}
        for current in environment.agent_iter():
            observation, reward, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                final[current] = reward
                environment.step(None)
                continue
            features_now = observation["observation"]
            probabilities = masked_policy(weights, features_now, observation["action_mask"] == 1)
            action = int(rng.choice(actions, p=probabilities))
            steps[current].append((features_now, probabilities, action))
            environment.step(action)
        # REINFORCE: the reward (scaled to the payoff range) against the table's mean.
        baseline = sum(final.values()) / len(final)
        for current, trajectory in steps.items():
            advantage = (final[current] - baseline) / (high - low)
            for features_now, probabilities, action in trajectory:
                gradient = -np.outer(probabilities, features_now)
                gradient[action] += features_now
                weights += LEARNING_RATE * advantage * gradient

    def average_reward(learned: bool) -> float:
        """Seat 0's mean reward against random seats (the same deals either way)."""
        total = 0.0
        play = np.random.default_rng(1)
        for game_number in range(EVALUATION_GAMES):
            environment.reset(seed=10_000 + game_number)
            for current in environment.agent_iter():
                observation, reward, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    total += reward if current == agent else 0.0
                    environment.step(None)
                    continue
                mask = observation["action_mask"] == 1
                if learned and current == agent:
                    probabilities = masked_policy(weights, observation["observation"], mask)
                    action = int(np.argmax(probabilities))
                else:
                    action = int(play.choice(np.flatnonzero(mask)))
                environment.step(action)
        return total / EVALUATION_GAMES

    print(f"seat 0 against random seats, mean points over {EVALUATION_GAMES} deals:")
    print(f"  random policy:  {average_reward(False):.2f}")
    print(f"  after {EPISODES} training deals: {average_reward(True):.2f}")
    # Decode what the policy does in the first position of a new deal.
    environment.reset(seed=99)
    observation, *_ = environment.last()
    mask = observation["action_mask"] == 1
    best = int(np.argmax(masked_policy(weights, observation["observation"], mask)))
    move = environment.unwrapped.action_to_string(best)
    print(f"deal 99, {environment.agent_selection} to move: the policy chooses {move}")


if __name__ == "__main__":
    main()
