"""The shared invariants of the game interface, checked on every registered game and preset.

The checks are the public conformance kit, :mod:`cardrules.testing`; here
hypothesis chooses the seeds (and shrinks a failure to a small case). Each
example plays one complete random game and checks every invariant after every
step. A game registered in :mod:`cardrules.games` is covered the day it is
registered.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import games, testing

CASES = [(name, preset) for name in games.names() for preset in games.get(name).PRESETS]
seeds = st.integers(min_value=0, max_value=2**63 - 1)


@pytest.mark.parametrize(("name", "preset"), CASES)
@given(seed=seeds, choices=seeds)
def test_random_games_keep_every_invariant(name: str, preset: str, seed: int, choices: int) -> None:
    """Rules: cards conserved, legal_moves empty iff over, legality (follow suit,
    match the upcard), unlisted moves refused without change, apply never mutates,
    views hide what is hidden, random play ends, records and JSON round-trip."""
    game = games.get(name)
    testing.check_random_game(game, game.PRESETS[preset], seed=seed, choices=choices)


@pytest.mark.parametrize(("name", "preset"), CASES)
@given(seed=seeds, choices=seeds)
def test_every_listed_move_applies_and_states_round_trip(
    name: str, preset: str, seed: int, choices: int
) -> None:
    game = games.get(name)
    testing.check_listed_moves(game, game.PRESETS[preset], seed=seed, choices=choices)


@pytest.mark.parametrize(("name", "preset"), CASES)
@given(seed=seeds, choices=seeds)
def test_explicit_chance_plays_the_same_game_as_seeded(
    name: str, preset: str, seed: int, choices: int
) -> None:
    """Rule: the seeded and the explicit-chance mode give the same game for the
    same chance outcomes (here: the first deal, dealt from the same cards)."""
    game = games.get(name)
    testing.check_explicit_chance(game, game.PRESETS[preset], seed=seed, choices=choices)


@pytest.mark.parametrize(("name", "preset"), CASES)
@settings(max_examples=3)
@given(seed=seeds, choices=seeds)
def test_positions_set_up_the_same_game(name: str, preset: str, seed: int, choices: int) -> None:
    """Positions taken along a random game set up states that are the same to every
    player, read back from their text and play on to the end; setup refuses a view's
    position, a card twice and a card missing."""
    game = games.get(name)
    testing.check_positions(game, game.PRESETS[preset], seed=seed, choices=choices, states=8)


def test_the_kit_reports_a_broken_promise() -> None:
    """The kit fails a game that breaks the interface: here, one that lists a move twice."""
    from types import SimpleNamespace

    base = games.get("mau_mau_standard")
    broken = SimpleNamespace(**{name: getattr(base, name) for name in games.PROTOCOL_NAMES})
    broken.NAME = "broken_stops"
    broken.legal_moves = lambda state: base.legal_moves(state)[:1] * 2
    with pytest.raises(testing.ConformanceError, match="legal moves must be distinct"):
        testing.check_random_game(broken, base.PRESETS["single"], seed=1, choices=2)


def test_check_game_in_one_call() -> None:
    report = testing.check_game("mau_mau", presets=["single"], games=1, seed=3)
    assert report.game == "mau_mau" and report.games == 1 and report.moves > 0
    with pytest.raises(testing.ConformanceError, match="no preset"):
        testing.check_game("mau_mau", presets=["nonsense"])
