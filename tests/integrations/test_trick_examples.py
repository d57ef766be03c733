"""The adapters on the trick games written outside the package (examples/whist.py,
examples/spades.py), through the generic trick encoder
(cardrules.integrations.encoding.trick); needs cardrules[openspiel] and
cardrules[pettingzoo].

Each example registers itself without an encoder (importing numpy is the adapters'
business); a user who wants the adapters registers it again with a
``TrickEncoder`` of its description, as the fixture here does.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'")
pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install -e '.[pettingzoo]'"
)

import attrs
import numpy as np

from cardrules import games
from cardrules.errors import RulesError
from cardrules.integrations import encoding, openspiel
from cardrules.integrations.encoding.trick import TrickEncoder
from cardrules.integrations.openspiel import pyspiel
from cardrules.integrations.pettingzoo import env, raw_env

pettingzoo_test: Any = importlib.import_module("pettingzoo.test")

pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
]


def _deals(rules: Any, deal_moves: int) -> int:
    """The most deals a game can have under ``rules``: its caps, else the engine's
    guard (1000 deals)."""
    caps = [1000]
    if rules.max_deals is not None:
        caps.append(rules.max_deals)
    if rules.max_moves is not None:
        caps.append(rules.max_moves // deal_moves + 1)
    return min(caps)


def _spades_totals(rules: Any) -> tuple[float, float]:
    """A side scores between -400 and 250 in a deal (two failed nils, all 13 tricks as
    bags and two bag penalties at worst; 13 tricks bid and made beside a nil at best)."""
    deals = _deals(rules, 56)
    return -400.0 * deals, 250.0 * deals


def _whist_totals(rules: Any) -> tuple[float, float]:
    """At most 7 points a deal, and the game stops once a side reaches the target."""
    return 0.0, float(rules.target - 1 + 7)


def _difference(totals: Any) -> Any:
    """The payoffs of both examples: a side's total less the other's."""

    def bounds(rules: Any) -> tuple[float, float]:
        low, high = totals(rules)
        return low - high, high - low

    return bounds


CASES = {
    "whist": (_whist_totals, "one_point"),
    "spades": (_spades_totals, "quick"),
}


@pytest.fixture(params=sorted(CASES))
def example(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The example, registered with a trick encoder for the test, unregistered after."""
    name = request.param
    module = importlib.import_module(f"examples.{name}")
    totals, _ = CASES[name]
    encoder = TrickEncoder(
        module.GAME, payoff_bounds=_difference(totals), totals_bounds=totals, utility_sum=0.0
    )
    games.register(module, encoder=encoder)
    yield module
    games.unregister(module.NAME)
    del sys.modules[f"examples.{name}"]


def _rules(example: Any) -> Any:
    return example.PRESETS[CASES[example.NAME][1]]


def test_pettingzoo_api_test_passes(example: Any) -> None:
    pettingzoo_test.api_test(env(example.NAME, _rules(example)), num_cycles=300)
    pettingzoo_test.api_test(env(example.NAME, _rules(example), perfect_recall=True))


def test_pettingzoo_seed_test_passes(example: Any) -> None:
    pettingzoo_test.seed_test(lambda: env(example.NAME, _rules(example)), num_cycles=300)


def test_openspiel_random_sim_test_passes(example: Any) -> None:
    """OpenSpiel's C++ checks: clones, serialization, masks, tensor sizes, chance
    outcomes, the length and utility bounds, the utility sum (capped at 300 moves)."""
    game = openspiel.load_game(example.NAME, attrs.evolve(_rules(example), max_moves=300))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_tensors_are_those_of_the_view(example: Any) -> None:
    """The observation shows the seat's hand, the trump suit and the totals; the
    information state recalls the cards played in the deal."""
    rules = _rules(example)
    enc = encoding.for_game(example.NAME, rules)
    environment = raw_env(example.NAME, rules, perfect_recall=True)
    environment.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(12):
        agent = environment.agent_selection
        observation = environment.observe(agent)
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = environment.cardrules_state
    seat = example.to_move(state)
    view = example.observe(state, seat)
    _, pieces = enc.information_state_layout.new()
    enc.encoder.encode_information_state(view, pieces)
    assert sorted(np.flatnonzero(pieces["hand"])) == sorted(card.index for card in view.hand)
    assert pieces["trump"].sum() == 1.0
    assert pieces["plays"].sum() == len(view.trick) + len(view.won_cards)
    assert environment.observe(environment.agent_selection)["observation"].shape == (
        enc.information_state_layout.size,
    )


def test_a_game_the_trick_encoder_cannot_number_is_refused() -> None:
    """Maverick numbers its moves with a move table (jokers, declarations, passes)."""
    from cardrules.games import maverick

    with pytest.raises(RulesError, match="the trick encoder numbers plays, bids"):
        TrickEncoder(
            maverick.GAME,
            payoff_bounds=lambda r: (0.0, 1.0),
            totals_bounds=lambda r: (0.0, 1.0),
            utility_sum=None,
        )
