"""Hearts (examples/hearts.py) in the OpenSpiel and PettingZoo adapters, through the
encoder of examples/hearts_encoding.py, which registers the game with it.

A game from outside the package reaches the adapters with
``games.register(module, encoder=...)``; these tests check the encoder (its layout
tables, tensors read from the view only) and run each adapter's own checks on it.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the adapters need numpy: pip install -e '.[pettingzoo]'")

import numpy as np

from cardrules import games
from cardrules.cards import DECK52, mask_of
from cardrules.integrations import encoding
from cardrules.moves import DealCard

#: api_test checks dict observations as if they were arrays, and warns for every
#: masked environment (PettingZoo's own classic environments included).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
]


@pytest.fixture
def hearts() -> Iterator[ModuleType]:
    """The example and its encoder, registered for the test and removed afterwards."""
    module = importlib.import_module("examples.hearts")  # fresh: the last test removed it
    encoder = importlib.import_module("examples.hearts_encoding")
    assert games.registration("hearts").encoder is encoder
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.hearts_encoding"], sys.modules["examples.hearts"]


def test_the_layout_tables_in_the_encoder_docstring_are_current(hearts: Any) -> None:
    module = encoding.encoder("hearts")
    observation = module.observation_layout(hearts.Rules())
    information = module.information_state_layout(hearts.Rules())
    assert observation.table() in (module.__doc__ or "")
    assert information.table(len(observation.pieces)) in (module.__doc__ or "")
    assert hearts.move_index(DealCard(DECK52[0])) == module.PLAYER_ACTIONS  # the first chance


def test_the_tensors_show_what_the_view_shows(hearts: Any) -> None:
    """The hand, the cards passed and received, and the points taken, seen by seat 1
    (slots counted from the observer)."""
    enc = encoding.for_game("hearts", hearts.Rules(first_dealer=3))
    state = hearts.deal(hearts.Rules(first_dealer=3), seed=0, deck=DECK52)
    rng = random.Random(0)
    for _ in range(4 + 20):
        state = hearts.apply(state, rng.choice(hearts.legal_moves(state)))
    view = hearts.observe(state, 1)
    tensor = enc.information_state(view)
    offsets = enc.information_state_layout.offsets()

    def cards(piece: str) -> int:
        found = tensor[offsets[piece] : offsets[piece] + 52].nonzero()[0]
        return mask_of(DECK52[int(i)] for i in found)

    assert cards("hand") == mask_of(view.hand) == state.hands[1]
    assert cards("passed") == mask_of(view.passed) and cards("received") == mask_of(view.received)
    assert cards("won_cards") == mask_of(view.won_cards)
    taken = tensor[offsets["taken"] : offsets["taken"] + 4]
    assert taken.tolist() == [view.taken[(1 + slot) % 4] for slot in range(4)]
    plays = tensor[offsets["plays"] : offsets["trick_leaders"]]
    assert int(plays.sum()) == 20  # every card played this deal, recalled
    pass_to = tensor[offsets["pass_to"] : offsets["pass_to"] + 4]
    assert pass_to.tolist() == [0.0, 1.0, 0.0, 0.0]  # the first deal passes left
    assert enc.action_mask(hearts.observe(state, hearts.to_move(state))).sum() == len(
        hearts.legal_moves(state)
    )


def test_pettingzoo_api_and_seed_tests_pass(hearts: Any) -> None:
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")
    pettingzoo_test: Any = importlib.import_module("pettingzoo.test")
    from cardrules.integrations.pettingzoo import env

    rules = hearts.Rules(target=20)
    pettingzoo_test.api_test(env("hearts", rules), num_cycles=300)
    pettingzoo_test.seed_test(lambda: env("hearts", rules), num_cycles=300)


def test_pettingzoo_pays_the_negated_totals(hearts: Any) -> None:
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")
    from cardrules.integrations.pettingzoo import env

    environment = env("hearts", hearts.Rules(target=20))
    environment.reset(seed=3)
    rng = np.random.default_rng(3)
    rewards = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
    assert all(r <= 0 for r in rewards.values()) and max(rewards.values()) > -20
    assert min(rewards.values()) <= -20  # someone reached the target


def test_openspiel_random_sim_test_passes(hearts: Any) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    from cardrules.integrations import openspiel
    from cardrules.integrations.openspiel import pyspiel

    game = openspiel.load_game("hearts", hearts.Rules(target=20))
    assert game.num_distinct_actions() == 22152 and game.max_chance_outcomes() == 56
    assert game.max_game_length() == (4 * 19 // 26 + 1) * 56  # the target bounds the game
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    loaded = pyspiel.load_game("python_cardrules_" + str(hearts.Rules(target=20)))
    assert loaded.rules == hearts.Rules(target=20)


def test_the_kit_checks_the_encoder(hearts: Any) -> None:
    """Registered with its encoder, the game's action numbers, masks and tensor bounds
    are checked along random games by the conformance kit."""
    from cardrules import testing

    report = testing.check_game(hearts, presets=["default"], games=2)
    assert report.games == 2 and report.moves > 2 * 4 * 56  # several deals each
