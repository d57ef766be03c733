"""A hypothesis rule-based state machine per registered game and preset.

Each machine deals a game and then mixes, in any order hypothesis finds: legal
moves, illegal moves (refused, nothing changed), observe and sample, record and
state-JSON round-trips, and undo (going back to a kept earlier state, which must
be unchanged). After every step it checks the invariants every game promises.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cardrules import games
from cardrules.errors import IllegalMoveError
from cardrules.game import Game
from cardrules.records import Record, record_of, replay, state_from_json, state_to_json

CASES = [(name, preset) for name in games.names() for preset in games.get(name).PRESETS]


class GameMachine(RuleBasedStateMachine):
    """The machine for one game and preset (set by :func:`machine_for`)."""

    game: Game
    preset: str

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        # Undo stack: (state, its pickle when it was current).
        self.kept: list[tuple[Any, bytes]] = []

    @initialize(seed=st.integers(0, 2**63 - 1))
    def deal(self, seed: int) -> None:
        self.state = self.game.deal(self.game.PRESETS[self.preset], seed=seed)

    def _over(self) -> bool:
        return self.game.is_over(self.state)

    @precondition(lambda self: not self._over())
    @rule(choice=st.integers(0, 10_000))
    def legal_move(self, choice: int) -> None:
        legal = self.game.legal_moves(self.state)
        self.kept.append((self.state, pickle.dumps(self.state)))
        self.state = self.game.apply(self.state, legal[choice % len(legal)])

    @precondition(lambda self: not self._over())
    @rule(choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=8))
    def many_legal_moves(self, choices: list[int]) -> None:
        for choice in choices:
            if self._over():
                return
            self.legal_move(choice)

    @rule(number=st.integers(0, 10**6))
    def illegal_move(self, number: int) -> None:
        move = self.game.move_from_index(number % self.game.NUM_MOVES)
        if move in self.game.legal_moves(self.state):
            return
        before = pickle.dumps(self.state)
        with pytest.raises(IllegalMoveError) as error:
            self.game.apply(self.state, move)
        assert str(error.value), "an illegal move's error names the problem"
        assert pickle.dumps(self.state) == before, "a refused move changed the state"

    @rule(seat=st.integers(0, 7), rng_seed=st.integers(0, 2**32))
    def observe_and_sample(self, seat: int, rng_seed: int) -> None:
        seat %= self.state.rules.players
        view = self.game.observe(self.state, seat)
        assert view == self.game.observe(self.state, seat), "observe is deterministic"
        world = self.game.sample(view, random.Random(rng_seed))
        _check_cards(self.game, world)
        assert self.game.observe(world, seat) == view, "sample is consistent with the view"
        assert self.game.to_move(world) == self.game.to_move(self.state)

    @rule()
    def record_round_trip(self) -> None:
        record = record_of(self.state)
        assert replay(Record.from_json(record.to_json())) == self.state

    @rule()
    def state_json_round_trip(self) -> None:
        assert state_from_json(state_to_json(self.state)) == self.state
        assert pickle.loads(pickle.dumps(self.state)) == self.state

    @precondition(lambda self: bool(self.kept))
    @rule(back=st.integers(1, 5))
    def undo(self, back: int) -> None:
        for _ in range(min(back, len(self.kept))):
            state, frozen = self.kept.pop()
            assert pickle.dumps(state) == frozen, "a kept state changed after later moves"
            self.state = state

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is None:
            return
        _check_cards(self.game, self.state)
        legal = self.game.legal_moves(self.state)
        over = self.game.is_over(self.state)
        assert (legal == ()) == over, "legal_moves is empty iff the game is over"
        assert (self.game.to_move(self.state) is None) == over
        assert len(set(legal)) == len(legal), "legal moves are distinct"
        assert [self.game.move_from_index(self.game.move_index(m)) for m in legal] == list(legal)
        if over:
            assert self.game.score(self.state).outcome is not None


def _check_cards(game: Game, state: Any) -> None:
    zones = game.zones(state)
    counts = Counter(card for cards in zones.values() for card in cards)
    assert all(n == 1 for n in counts.values()), f"a card is in two zones: {zones}"
    assert set(counts) == set(game.deck_of(state.rules)), "the zones are not the deck"


def machine_for(name: str, preset: str) -> type[GameMachine]:
    """A machine class for one game and preset."""
    return type(
        f"Machine_{name}_{preset}", (GameMachine,), {"game": games.get(name), "preset": preset}
    )


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_state_machine(name: str, preset: str) -> None:
    machine = machine_for(name, preset)
    current = settings()
    machine.TestCase.settings = settings(
        current, max_examples=max(5, current.max_examples // 4), stateful_step_count=30
    )
    machine.TestCase().runTest()
