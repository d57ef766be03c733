"""The OpenSpiel adapter (cardrules.integrations.openspiel); needs cardrules[openspiel].

Parametrised over every registered game: a game without an encoder fails with
"no observation encoder for <game>" until one is written.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'")

import attrs
import numpy as np

from cardrules import games
from cardrules.errors import RulesError
from cardrules.games import oh_hell
from cardrules.integrations import encoding, openspiel
from cardrules.integrations.openspiel import pyspiel

#: The presets that random_sim_test plays for each game, besides "single".
SIM_PRESETS: dict[str, tuple[str, ...]] = {
    "oh_hell": ("default", "three_players", "simultaneous", "no_hook", "free_last_round"),
}


def _bounded(name: str, rules: Any) -> bool:
    """Whether OpenSpiel can load these rules (a game without encoder counts as
    bounded, so that its tests fail and say why)."""
    try:
        encoding.for_game(name, rules).max_decisions()
    except RulesError:
        return False
    except LookupError:
        return True
    return True


def _sim_cases() -> list[tuple[str, str]]:
    cases = []
    for name in games.names():
        presets = list(games.get(name).PRESETS)
        chosen = ("single", *SIM_PRESETS.get(name, presets[:4]))
        cases += [(name, preset) for preset in dict.fromkeys(chosen) if preset in presets]
    return cases


def _single(name: str, cap: int = 300) -> Any:
    """The game's "single" preset, with a ``max_moves`` cap if it has no length bound."""
    game = games.get(name)
    return _loadable(name, game.PRESETS.get("single", game.Rules()), cap)


def _loadable(name: str, rules: Any, cap: int = 300) -> Any:
    """``rules``, with ``max_moves=cap`` if OpenSpiel could not load them for lack of a
    length bound (Enfle and Mau-Mau deals can in principle go on forever)."""
    if _bounded(name, rules):
        return rules
    return attrs.evolve(rules, max_moves=cap)


@pytest.mark.parametrize(("name", "preset"), _sim_cases())
def test_random_sim_test_passes_with_serialization(name: str, preset: str) -> None:
    """OpenSpiel's own checks: clones, serialization, masks, tensor sizes, the length
    and utility bounds (presets without a length bound get a max_moves cap)."""
    game = openspiel.load_game(name, _loadable(name, games.get(name).PRESETS[preset]))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", games.names())
def test_every_game_is_registered_and_loads_with_the_default_rules(name: str) -> None:
    assert openspiel.short_name(name) in pyspiel.registered_names()
    cardrules_game = games.get(name)
    rules = cardrules_game.Rules()
    game_type = openspiel.GAME_TYPES[name]
    if not _bounded(name, rules):
        # Rule: max_game_length is a true bound; rules with none need max_moves.
        assert not game_type.default_loadable
        with pytest.raises(RulesError, match="no bound on its length: give max_moves"):
            pyspiel.load_game(openspiel.short_name(name))
        return
    assert game_type.default_loadable
    game = pyspiel.load_game(openspiel.short_name(name))
    assert game.rules == rules
    assert game.num_distinct_actions() == cardrules_game.NUM_MOVES
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize(
    ("name", "preset"), [(n, p) for n in games.names() for p in games.get(n).PRESETS]
)
def test_rules_survive_parameters_and_game_strings(name: str, preset: str) -> None:
    rules = games.get(name).PRESETS[preset]
    params = openspiel.parameters(rules)
    assert openspiel.rules_from_parameters(name, params) == rules
    # A move cap bounds every game's length, so that every preset loads.
    capped = rules if rules.max_moves is not None else attrs.evolve(rules, max_moves=5000)
    game = openspiel.load_game(name, capped)
    again = pyspiel.load_game(str(game))
    assert again.rules == game.rules == capped


def test_options_that_may_be_none_have_a_pyspiel_form() -> None:
    """int | None options use -1 for None; bool | None options use yes, no, none."""
    game = pyspiel.load_game("python_cardrules_oh_hell(players=5,start_hand=6,hook=no)")
    assert game.rules == oh_hell.Rules(players=5, start_hand=6, hook=False)
    default = pyspiel.load_game("python_cardrules_oh_hell")
    assert default.get_parameters()["start_hand"] == -1
    assert default.get_parameters()["hook"] == "none"
    assert default.rules == oh_hell.Rules()


def test_bad_parameters_are_refused_with_the_rules_message() -> None:
    with pytest.raises(RulesError, match="players=12 is out of range"):
        pyspiel.load_game("python_cardrules_oh_hell(players=12)")
    with pytest.raises(RulesError, match="hook=True does not apply"):
        pyspiel.load_game("python_cardrules_oh_hell(bidding=simultaneous,hook=yes)")


def test_rules_without_a_length_bound_are_refused() -> None:
    """Rule: max_game_length is a true bound; rules with none need max_moves."""
    enc = encoding.for_game("oh_hell")
    assert enc.max_decisions() == pyspiel.load_game("python_cardrules_oh_hell").max_game_length()
    capped = openspiel.load_game("oh_hell", oh_hell.Rules(max_moves=30))
    assert capped.max_game_length() == 30


@pytest.mark.parametrize("name", games.names())
def test_chance_nodes_are_the_games_chance_outcomes(name: str) -> None:
    game = openspiel.load_game(name, _single(name))
    state = game.new_initial_state()
    assert state.is_chance_node()
    cardrules_game = games.get(name)
    inner = openspiel.cardrules_state(state)
    expected = sorted(
        (cardrules_game.move_index(m), p) for m, p in cardrules_game.chance_outcomes(inner)
    )
    assert state.chance_outcomes() == expected
    assert abs(sum(p for _, p in expected) - 1) < 1e-9


@pytest.mark.parametrize("name", games.names())
def test_tensors_strings_and_returns_are_the_encodings_of_the_view(name: str) -> None:
    cardrules_game = games.get(name)
    game = openspiel.load_game(name, _single(name))
    enc = encoding.for_game(name, game.rules)
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        inner = openspiel.cardrules_state(state)
        for player in range(game.num_players()):
            view = cardrules_game.observe(inner, player)
            assert np.array_equal(
                np.asarray(state.information_state_tensor(player), np.float32),
                enc.information_state(view),
            )
            assert np.array_equal(
                np.asarray(state.observation_tensor(player), np.float32), enc.observation(view)
            )
            assert state.information_state_string(player) == (
                encoding.information_state_string(view)
            )
            assert state.observation_string(player) == encoding.observation_string(view)
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    final = openspiel.cardrules_state(state)
    assert state.returns() == list(cardrules_game.score(final).payoffs)


@pytest.mark.parametrize("name", games.names())
def test_openspiel_ismcts_bot_plays_with_cardrules_sample_as_resampler(name: str) -> None:
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    game = openspiel.load_game(name, _single(name, cap=60))
    random_state = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(1, random_state),
        uct_c=2.0,
        max_simulations=8,
        random_state=random_state,
    )
    bot.set_resampler(openspiel.resampler(seed=7))
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(random_state.choice(actions, p=probabilities)))
        else:
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions <= game.max_game_length()


def test_the_resampler_keeps_the_players_information_state() -> None:
    game = openspiel.load_game("oh_hell", oh_hell.Rules(schedule="single", start_hand=4))
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    resample = openspiel.resampler(seed=3)
    player = state.current_player()
    worlds = [resample(state, player) for _ in range(20)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
    hands = {str(openspiel.cardrules_state(world).hands) for world in worlds}
    assert len(hands) > 1, "the hidden cards differ between sampled worlds"


def test_a_clone_shares_the_immutable_state_and_diverges_when_played() -> None:
    game = openspiel.load_game("oh_hell", oh_hell.Rules(schedule="single", start_hand=2))
    state = game.new_initial_state()
    clone = state.clone()
    assert openspiel.cardrules_state(clone) is openspiel.cardrules_state(state)
    clone.apply_action(clone.chance_outcomes()[0][0])
    assert openspiel.cardrules_state(clone) is not openspiel.cardrules_state(state)
    assert state.is_chance_node() and len(state.history()) == 0
