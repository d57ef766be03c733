"""The PettingZoo adapter (cardrules.integrations.pettingzoo); needs cardrules[pettingzoo].

Parametrised over every registered game: a game without an encoder fails with
"no observation encoder for <game>" until one is written.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install -e '.[pettingzoo]'"
)

import attrs
import numpy as np

from cardrules import games
from cardrules.errors import IllegalMoveError
from cardrules.games import oh_hell
from cardrules.integrations import encoding
from cardrules.integrations.pettingzoo import env, raw_env

pettingzoo_test: Any = importlib.import_module("pettingzoo.test")

#: api_test checks dict observations as if they were arrays, and warns for every
#: masked environment (PettingZoo's own classic environments included).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
]


def _cases() -> list[tuple[str, str]]:
    cases = []
    for name in games.names():
        presets = games.get(name).PRESETS
        chosen = [p for p in ("single", "default") if p in presets] or list(presets)[:1]
        cases += [(name, preset) for preset in chosen]
    return cases


def _rules(name: str, preset: str) -> Any:
    return games.get(name).PRESETS[preset]


def _capped(name: str, preset: str) -> Any:
    """The preset with a ``max_moves`` cap: random Mau-Mau runs to thousands of moves."""
    rules = _rules(name, preset)
    return rules if rules.max_moves is not None else attrs.evolve(rules, max_moves=300)


@pytest.mark.parametrize(("name", "preset"), _cases())
def test_api_test_passes(name: str, preset: str) -> None:
    pettingzoo_test.api_test(env(name, _rules(name, preset)), num_cycles=1000)


@pytest.mark.parametrize("name", games.names())
def test_api_test_passes_with_the_information_state(name: str) -> None:
    pettingzoo_test.api_test(
        env(name, _rules(name, "single"), perfect_recall=True, render_mode="ansi")
    )


@pytest.mark.parametrize(("name", "preset"), _cases())
def test_seed_test_passes(name: str, preset: str) -> None:
    pettingzoo_test.seed_test(lambda: env(name, _rules(name, preset)), num_cycles=1000)


def _play_to_the_end(environment: Any, seed: int) -> list[int]:
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        environment.step(action)
    return actions


@pytest.mark.parametrize("name", games.names())
def test_the_seed_of_reset_decides_the_deal(name: str) -> None:
    first = raw_env(name, _capped(name, "single"))
    second = raw_env(name, _capped(name, "single"))
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.cardrules_state == second.cardrules_state
    second.reset(seed=6)
    assert first.cardrules_state != second.cardrules_state
    assert _play_to_the_end(first, 9) == _play_to_the_end(second, 9)


@pytest.mark.parametrize("name", games.names())
def test_agents_see_only_decisions_and_are_rewarded_with_the_payoffs(name: str) -> None:
    game = games.get(name)
    environment = raw_env(name, _capped(name, "single"))
    environment.reset(seed=3)
    enc = encoding.for_game(name, _capped(name, "single"))
    rng = np.random.default_rng(3)
    rewards = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] = reward
        if terminated or truncated:
            environment.step(None)
            continue
        state = environment.cardrules_state
        seat = environment.possible_agents.index(agent)
        assert game.to_move(state) == seat
        view = game.observe(state, seat)
        assert np.array_equal(observation["observation"], enc.observation(view))
        assert np.array_equal(observation["action_mask"], enc.action_mask(view))
        other = environment.possible_agents[(seat + 1) % len(environment.possible_agents)]
        assert not environment.observe(other)["action_mask"].any()
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    final = environment.cardrules_state
    payoffs = game.score(final).payoffs
    assert [rewards[a] for a in environment.possible_agents] == list(payoffs)


def test_the_raw_env_refuses_an_illegal_action() -> None:
    environment = raw_env("oh_hell", oh_hell.Rules(schedule="single", start_hand=2))
    environment.reset(seed=1)
    play_two_of_clubs = 0  # a play during the bidding
    with pytest.raises(IllegalMoveError):
        environment.step(play_two_of_clubs)


def test_the_wrapped_env_ends_the_game_on_an_illegal_action() -> None:
    environment = env("oh_hell", oh_hell.Rules(schedule="single", start_hand=2))
    environment.reset(seed=1)
    agent = environment.agent_selection
    environment.step(0)  # PettingZoo logs "Illegal move made, game terminating"
    assert environment.rewards[agent] == -1
    assert all(environment.terminations.values())


def test_the_metadata_names_the_game_and_version() -> None:
    environment = raw_env("up_and_down_the_river")
    assert environment.metadata["name"] == "cardrules_oh_hell_v0"
    assert environment.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert environment.action_space("player_0").n == oh_hell.NUM_MOVES
