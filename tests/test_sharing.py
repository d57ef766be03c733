"""States and views are safe to share across threads and processes.

They are immutable values: a pickle round-trip gives an equal value (cards stay
singletons), and many threads reading one state at once, or a worker process
given a pickled state, compute exactly what a single reader computes.
"""

from __future__ import annotations

import pickle
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from cardrules import games
from cardrules.cards import Card
from cardrules.records import state_to_json

NAMES = list(games.names())


def _midgame(name: str, seed: int = 4, steps: int = 12) -> Any:
    game = games.get(name)
    rng = random.Random(seed)
    state = game.deal(game.PRESETS["single"], seed=seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def _read(name: str, state: Any) -> tuple[Any, ...]:
    """Everything a reader computes from a state (deterministic)."""
    game = games.get(name)
    views = tuple(game.observe(state, seat) for seat in range(state.rules.players))
    worlds = tuple(game.sample(v, random.Random(9)) for v in views)
    legal = game.legal_moves(state)
    return (
        legal,
        tuple(game.apply(state, m) for m in legal[:5]),
        views,
        tuple(state_to_json(w) for w in worlds),
        state_to_json(state),
    )


@pytest.mark.parametrize("name", NAMES)
def test_states_and_views_pickle_round_trip(name: str) -> None:
    game = games.get(name)
    state = _midgame(name)
    assert pickle.loads(pickle.dumps(state)) == state
    for seat in range(state.rules.players):
        view = game.observe(state, seat)
        copy = pickle.loads(pickle.dumps(view))
        assert copy == view and hash(copy) == hash(view)
    card = game.deck_of(state.rules)[0]
    assert isinstance(card, Card) and pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("name", NAMES)
def test_concurrent_readers_of_one_state_agree(name: str) -> None:
    state = _midgame(name)
    frozen = pickle.dumps(state)
    expected = _read(name, state)
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda _: _read(name, state), range(16)))
    assert all(result == expected for result in results)
    assert pickle.dumps(state) == frozen, "readers changed the shared state"


def test_states_cross_process_boundaries() -> None:
    states = {name: _midgame(name) for name in NAMES}
    with ProcessPoolExecutor(max_workers=1) as pool:
        results = dict(zip(NAMES, pool.map(_read, NAMES, [states[n] for n in NAMES]), strict=True))
    for name in NAMES:
        assert results[name] == _read(name, states[name])
