"""The OpenSpiel adapter (cardrules.integrations.openspiel); needs cardrules[openspiel].

Parametrised over every registered game: a game without an encoder fails with
"no observation encoder for <game>" until one is written.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'")

import attrs
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import games
from cardrules.core.options import option_kinds
from cardrules.errors import RulesError
from cardrules.games import oh_hell
from cardrules.integrations import encoding, openspiel
from cardrules.integrations.openspiel import pyspiel

#: The presets that random_sim_test plays for each game, besides "single".
SIM_PRESETS: dict[str, tuple[str, ...]] = {
    "oh_hell": ("default", "three_players", "simultaneous", "no_hook", "free_last_round"),
}

games_sim_test: Any = pytest.importorskip(
    "open_spiel.python.tests.games_sim_test", reason="OpenSpiel's Python test suite is missing"
)


def _sim_cases() -> list[tuple[str, str]]:
    cases = []
    for name in games.names():
        presets = list(games.get(name).PRESETS)
        chosen = ("single", *SIM_PRESETS.get(name, presets[:4]))
        cases += [(name, preset) for preset in dict.fromkeys(chosen) if preset in presets]
    return cases


def _all_presets() -> list[tuple[str, str]]:
    return [(n, p) for n in games.names() for p in games.get(n).PRESETS]


def _single(name: str, cap: int = 300) -> Any:
    """The game's "single" preset, its ``max_moves`` cap lowered to ``cap`` where it
    has one or needs one (a test's time, not a rule)."""
    game = games.get(name)
    rules = game.PRESETS.get("single", game.Rules())
    if rules.max_moves is not None:
        return attrs.evolve(rules, max_moves=min(rules.max_moves, cap))
    return _loadable(name, rules, cap)


def _capped(rules: Any, cap: int) -> Any:
    """``rules`` ending at ``cap`` moves at the latest. A random game of the Mau Mau
    games runs to its cap (1,000 moves in their "single" presets), and every step
    re-encodes a history as long as the game so far: a few hundred moves exercise
    every encoding and the truncated ending as well, in a fraction of the time."""
    return attrs.evolve(rules, max_moves=min(cap, rules.max_moves or cap))


def _loadable(name: str, rules: Any, cap: int = 300) -> Any:
    """``rules``, with ``max_moves=cap`` if nothing else bounds the game's length."""
    if encoding.for_game(name, rules).own_bound() is not None or rules.max_moves is not None:
        return rules
    return attrs.evolve(rules, max_moves=cap)


@pytest.mark.parametrize(("name", "preset"), _sim_cases())
def test_random_sim_test_passes_with_serialization(name: str, preset: str) -> None:
    """OpenSpiel's C++ checks through the Python bridge: clones, serialization, masks,
    tensor sizes, chance outcomes, the length and utility bounds, the utility sum
    (every preset capped at 300 moves, see _capped)."""
    game = openspiel.load_game(name, _capped(games.get(name).PRESETS[preset], 300))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "preset"), _all_presets())
def test_openspiels_own_python_game_test_passes(name: str, preset: str, capsys: Any) -> None:
    """``games_sim_test.sim_game``, as OpenSpiel runs it on its own games: pickling of
    the game, its type and its states, pyspiel serialization, clones, a random game
    within the utility bounds; loaded from the rules text the library prints."""
    rules = games.get(name).PRESETS[preset]
    text = str(rules)
    game = pyspiel.load_game("python_cardrules_" + text)
    case = games_sim_test.GamesSimTest("test_pig")
    np.random.seed(len(text))  # sim_game draws with numpy's global generator
    case.sim_game(game)
    assert "Sim of game" in capsys.readouterr().out


def _loaded_rules(name: str, rules: Any) -> Any:
    """``rules`` as pyspiel loads them: with the default cap where nothing bounds them."""
    cap = encoding.for_game(name, rules).default_max_moves()
    return rules if cap is None else attrs.evolve(rules, max_moves=cap)


@pytest.mark.parametrize(("name", "preset"), _all_presets())
def test_every_rules_text_is_an_openspiel_game_string(name: str, preset: str) -> None:
    """Rule: ``python_cardrules_`` + the rules text loads those rules (a cap added only
    where nothing bounds the game); so does ``game_string``."""
    rules = games.get(name).PRESETS[preset]
    expected = _loaded_rules(name, rules)
    assert pyspiel.load_game("python_cardrules_" + str(rules)).rules == expected
    assert pyspiel.load_game(openspiel.game_string(rules)).rules == expected


def _option_values(name: str) -> dict[str, st.SearchStrategy[Any]]:
    """Each option of a game with values to try: true/false, small whole numbers, the
    words its presets use, and None where the option allows it."""
    game = games.get(name)
    found: dict[str, st.SearchStrategy[Any]] = {}
    # The options' kinds from their definitions: the compiled build keeps no annotation
    # such as int | None at run time.
    for option, (kind, none) in option_kinds(game.Rules).items():
        values: st.SearchStrategy[Any]
        if kind is bool:
            values = st.booleans()
        elif kind is int:
            values = st.integers(0, 12) | st.sampled_from([20, 100, 500])
        else:
            words = {getattr(rules, option) for rules in game.PRESETS.values()}
            words.add(getattr(game.Rules(), option))
            values = st.sampled_from(sorted(word for word in words if word is not None))
        if none:
            values = values | st.none()
        found[option] = values
    return found


@pytest.mark.parametrize("name", games.names())
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_text_of_random_rules_is_an_openspiel_game_string(name: str, data: Any) -> None:
    """Rule: for any valid options (not only the presets), every value the rules text
    writes has the type OpenSpiel declares for the option, so the text loads."""
    game = games.get(name)
    chosen: dict[str, Any] = {}
    options = _option_values(name)
    # Options one at a time, each kept only if the rules stay valid (rejecting whole
    # option sets would throw most of them away).
    for option in data.draw(st.permutations(sorted(options)), label="order"):
        value = data.draw(options[option], label=option)
        try:
            game.Rules(**chosen, **{option: value})
        except RulesError:
            continue
        chosen[option] = value
    rules = game.Rules(**chosen)
    assert pyspiel.load_game("python_cardrules_" + str(rules)).rules == _loaded_rules(name, rules)


@pytest.mark.parametrize("name", games.names())
def test_every_game_loads_without_options(name: str) -> None:
    """Rule: every game loads by its name alone; where ``Rules()`` do not bound the game,
    the default ``max_moves=0`` adds the encoder's cap (``default_max_moves``)."""
    assert openspiel.short_name(name) in pyspiel.registered_names()
    cardrules_game = games.get(name)
    rules = cardrules_game.Rules()
    game = pyspiel.load_game(openspiel.short_name(name))
    enc = encoding.for_game(name, rules)
    cap = enc.default_max_moves()
    assert game.rules == (rules if cap is None else attrs.evolve(rules, max_moves=cap))
    assert openspiel.GAME_TYPES[name].default_loadable
    assert game.max_game_length() == encoding.for_game(name, game.rules).max_decisions()
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize("name", games.names())
def test_player_actions_and_chance_outcomes_are_separate_spaces(name: str) -> None:
    """Rule: agents choose among the seats' move numbers only (``PLAYER_ACTIONS``); chance
    outcomes are numbered apart, from 0, in ``max_chance_outcomes``."""
    cardrules_game = games.get(name)
    enc = encoding.for_game(name, _single(name))
    game = openspiel.load_game(name, enc.rules)
    assert game.num_distinct_actions() == enc.player_actions
    assert game.max_chance_outcomes() == cardrules_game.NUM_MOVES - enc.player_actions
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
            state.apply_action(rng.choice(outcomes)[0])
        else:
            legal = state.legal_actions()
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            state.apply_action(rng.choice(legal))


def test_games_and_states_pickle_and_keep_their_shared_data() -> None:
    game = pyspiel.load_game("python_cardrules_oh_hell(schedule=single,start_hand=3)")
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    assert again.rules == game.rules and again.shared is game.shared
    state = game.new_initial_state()
    for _ in range(20):
        state.apply_action(
            state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        )
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert openspiel.cardrules_state(copy) == openspiel.cardrules_state(state)
    assert copy.information_state_tensor() == state.information_state_tensor()


def test_bool_options_take_true_and_false_and_resolve_when_left_out() -> None:
    """A ``bool | None`` option is a pyspiel bool; its default stands for "left out"."""
    game = pyspiel.load_game("python_cardrules_oh_hell(players=5,start_hand=6,hook=false)")
    assert game.rules == oh_hell.Rules(players=5, start_hand=6, hook=False)
    default = pyspiel.load_game("python_cardrules_oh_hell")
    assert default.get_parameters()["start_hand"] == -1
    assert default.get_parameters()["hook"] is True
    assert default.rules == oh_hell.Rules()
    simultaneous = pyspiel.load_game("python_cardrules_oh_hell(bidding=simultaneous)")
    assert simultaneous.rules.hook is None


def test_bad_parameters_are_refused_with_the_rules_message() -> None:
    with pytest.raises(RulesError, match="players=12 is out of range"):
        pyspiel.load_game("python_cardrules_oh_hell(players=12)")
    with pytest.raises(RulesError, match="hook=false does not apply"):
        pyspiel.load_game("python_cardrules_oh_hell(bidding=simultaneous,hook=false)")


def test_rules_without_a_length_bound_are_refused_without_a_cap() -> None:
    """Rule: max_game_length is a true bound; max_moves=-1 asks for no cap."""
    enc = encoding.for_game("oh_hell")
    assert enc.max_decisions() == pyspiel.load_game("python_cardrules_oh_hell").max_game_length()
    capped = openspiel.load_game("oh_hell", oh_hell.Rules(max_moves=30))
    assert capped.max_game_length() == 30
    with pytest.raises(RulesError, match="no bound on its length: give max_moves"):
        pyspiel.load_game("python_cardrules_enfle(max_moves=-1)")


@pytest.mark.parametrize("name", games.names())
def test_chance_nodes_are_the_games_chance_outcomes(name: str) -> None:
    game = openspiel.load_game(name, _single(name))
    state = game.new_initial_state()
    assert state.is_chance_node()
    cardrules_game = games.get(name)
    inner = openspiel.cardrules_state(state)
    first = encoding.for_game(name, game.rules).player_actions
    expected = sorted(
        (cardrules_game.move_index(m) - first, p) for m, p in cardrules_game.chance_outcomes(inner)
    )
    assert state.chance_outcomes() == expected
    assert abs(sum(p for _, p in expected) - 1) < 1e-9


@pytest.mark.parametrize("name", games.names())
def test_the_states_python_answers_are_pyspiels_own(name: str) -> None:
    """The tensors, legal actions and chance checks the states answer from Python are
    those pyspiel's own methods (the route C++ code takes) give, at every node."""
    game = openspiel.load_game(name, _capped(_single(name), 120))
    state = game.new_initial_state()
    rng = random.Random(7)
    while True:
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in range(game.num_players()):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
            assert state.information_state_tensor(player) == (
                pyspiel.State.information_state_tensor(state, player)
            )
            assert state.observation_tensor(player) == (
                pyspiel.State.observation_tensor(state, player)
            )
        if state.is_terminal():
            break
        if not state.is_chance_node():
            assert state.information_state_tensor() == (
                pyspiel.State.information_state_tensor(state)
            )
            with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                state.legal_actions(-4)
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError):
        state.information_state_tensor()
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(game.num_players())


@pytest.mark.parametrize("name", games.names())
def test_tensors_strings_and_returns_are_the_encodings_of_the_view(name: str) -> None:
    cardrules_game = games.get(name)
    game = openspiel.load_game(name, _capped(_single(name), 200))
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
    assert state.returns() == list(enc.payoffs(final))


@pytest.mark.parametrize("name", games.names())
def test_openspiel_ismcts_bot_plays_with_cardrules_sample_as_resampler(name: str) -> None:
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    # 60 moves are plenty to exercise the resampler at every kind of decision; a whole
    # Strafpoint round of random rollouts (up to 1,000 moves each) only costs minutes.
    rules = games.get(name).PRESETS.get("single", games.get(name).Rules())
    game = openspiel.load_game(name, attrs.evolve(rules, max_moves=60))
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
