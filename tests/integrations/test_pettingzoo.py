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
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.game import CHANCE
from cardrules.games import mau_mau, maverick, oh_hell, strafpoint
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
    assert [rewards[a] for a in environment.possible_agents] == list(enc.payoffs(final))


def test_the_raw_env_refuses_an_illegal_action() -> None:
    environment = raw_env("oh_hell", oh_hell.Rules(schedule="single", start_hand=2))
    environment.reset(seed=1)
    play_two_of_clubs = 0  # a play during the bidding
    with pytest.raises(IllegalMoveError):
        environment.step(play_two_of_clubs)


@pytest.mark.parametrize("name", games.names())
def test_an_illegal_action_costs_at_least_the_worst_real_outcome(name: str) -> None:
    """Rule: by default the wrapped env charges the game's lowest payoff for an illegal
    action (never milder than losing); ``illegal_reward`` sets another."""
    rules = _capped(name, "single")
    environment = env(name, rules)
    environment.reset(seed=1)
    agent = environment.agent_selection
    illegal = int(np.flatnonzero(environment.observe(agent)["action_mask"] == 0)[0])
    environment.step(illegal)  # PettingZoo logs "Illegal move made, game terminating"
    assert environment.rewards[agent] == encoding.for_game(name, rules).payoff_bounds()[0]
    assert all(environment.terminations.values())
    custom = env(name, rules, illegal_reward=-5000.0)
    custom.reset(seed=1)
    custom.step(illegal)
    assert custom.rewards[agent] == -5000.0


def test_an_illegal_move_penalty_is_needed_when_payoffs_have_no_floor() -> None:
    unbounded = mau_mau.Rules(target=None, must_play="penalty")
    with pytest.raises(RulesError, match="give illegal_reward, or max_moves"):
        env("mau_mau", unbounded)
    assert env("mau_mau", unbounded, illegal_reward=-1000.0) is not None


def test_the_metadata_names_the_game_and_version() -> None:
    environment = raw_env("up_and_down_the_river")
    assert environment.metadata["name"] == "cardrules_oh_hell_v0"
    assert environment.possible_agents == ["player_0", "player_1", "player_2", "player_3"]


@pytest.mark.parametrize("name", games.names())
def test_actions_are_the_seats_move_numbers_without_chance_outcomes(name: str) -> None:
    """Rule: the action space holds the seats' move numbers only; every chance outcome
    is numbered from ``PLAYER_ACTIONS`` on and is never an agent's action."""
    game = games.get(name)
    rules = _capped(name, "single")
    enc = encoding.for_game(name, rules)
    environment = raw_env(name, rules)
    assert environment.action_space("player_0").n == enc.player_actions < game.NUM_MOVES
    state = game.deal(rules, seed=4, chance="explicit")
    rng = np.random.default_rng(4)
    while not game.is_over(state):
        if game.to_move(state) is CHANCE:
            outcomes = game.chance_outcomes(state)
            assert all(game.move_index(m) >= enc.player_actions for m, _ in outcomes)
            move = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            legal = game.legal_moves(state)
            assert all(game.move_index(m) < enc.player_actions for m in legal)
            move = legal[int(rng.integers(len(legal)))]
        state = game.apply(state, move)


def test_actions_read_and_write_as_move_text() -> None:
    environment = raw_env("oh_hell", oh_hell.Rules(schedule="single", start_hand=2))
    environment.reset(seed=7)
    assert environment.action_to_string(53) == "bid 1"
    assert environment.string_to_action("bid 1") == 53
    assert (
        environment.action_to_string(
            oh_hell.move_index(oh_hell.parse_move(environment.cardrules_state, "bid 0"))
        )
        == "bid 0"
    )
    with pytest.raises(IllegalMoveError, match=r"action numbers are 0\.\.69"):
        environment.action_to_string(70)
    wrapped = env("oh_hell", oh_hell.Rules(schedule="single", start_hand=2))
    wrapped.reset(seed=7)
    assert wrapped.unwrapped.action_to_string(52) == "bid 0"


def _final_flags(
    name: str, rules: Any, seed: int
) -> tuple[Any, dict[str, float], dict[str, bool], dict[str, bool]]:
    """Play a random game; each agent's final reward, termination and truncation flags."""
    environment = raw_env(name, rules)
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, terminations, truncations = {}, {}, {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            rewards[agent], terminations[agent], truncations[agent] = reward, terminated, truncated
            environment.step(None)
            continue
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return environment, rewards, terminations, truncations


def test_a_game_of_max_deals_deals_played_out_is_terminated_not_truncated() -> None:
    """Rule: only a cut by max_moves truncates; a single-deal Maverick game that ends
    normally is a complete game."""
    for seed in range(3):
        _, _, terminations, truncations = _final_flags("maverick", maverick.PRESETS["single"], seed)
        assert all(terminations.values()) and not any(truncations.values())


def test_a_general_sum_game_cut_by_max_moves_pays_every_seat_its_lowest_payoff() -> None:
    """Rule: stalling until the cap never pays: a truncated Strafpoint game pays every
    seat the lowest payoff, however far it had got."""
    rules = strafpoint.Rules(limit=1, max_moves=12)
    _, rewards, terminations, truncations = _final_flags("strafpoint", rules, 2)
    assert all(truncations.values()) and not any(terminations.values())
    lowest = encoding.for_game("strafpoint", rules).payoff_bounds()[0]
    assert list(rewards.values()) == [lowest] * 4
    assert lowest < 0


def test_a_zero_sum_game_cut_by_max_moves_pays_the_score_at_the_cut() -> None:
    """Rule: a truncated zero-sum game pays the game's score as it stands (the sum holds)."""
    rules = mau_mau.Rules(target=100, max_moves=40)
    environment, rewards, _, truncations = _final_flags("mau_mau", rules, 3)
    assert all(truncations.values())
    final = environment.cardrules_state
    assert [rewards[a] for a in environment.possible_agents] == list(mau_mau.score(final).payoffs)
    assert sum(rewards.values()) == 0
