"""The conformance kit reports a game's own failures as broken promises, with where."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import games, testing
from tests.broken import broken_game


@pytest.fixture
def broken() -> Iterator[Any]:
    """The standard Mau Mau with a bug in its ``apply`` from move 3 on, registered."""
    game = games.register(broken_game(from_move=3))
    yield game
    games.unregister(game.NAME)


def test_an_error_raised_by_the_game_becomes_a_contract_error_naming_preset_seeds_step(
    broken: Any,
) -> None:
    """The contract lets a game's functions raise only cardrules' errors; anything else
    is a broken promise, reported like the others: preset, seeds and step, the game's
    error and where it was raised, with the game's error kept as the cause."""
    with pytest.raises(testing.ContractError) as raised:
        testing.check_game(broken, presets={"four": broken.Rules()}, games=3)
    message = str(raised.value)
    assert message.startswith("preset 'four', broken_mau_mau ")
    assert ", seed " in message and ", choices " in message and ", step 3: " in message
    assert "the game raised IndexError: a bug in the game's own code (raised in " in message
    assert "broken.py" in message
    assert isinstance(raised.value.__cause__, IndexError)


def test_each_check_names_where_the_game_failed(broken: Any) -> None:
    rules = broken.Rules()
    with pytest.raises(testing.ContractError, match=r"seed 4, choices 2, step 3: the game raised"):
        testing.check_random_game(broken, rules, seed=4, choices=2)
    with pytest.raises(
        testing.ContractError, match=r"seed 4, choices \d+, step 3: the game raised"
    ):
        testing.check_listed_moves(broken, rules, seed=4, choices=7)


@pytest.mark.parametrize("every", [1, 1000])
def test_a_listed_move_that_apply_refuses_is_reported_as_refused(every: int) -> None:
    """A move among legal_moves that apply refuses with IllegalMoveError contradicts the
    game's own list: the random game says so, as check_listed_moves does, whether or not
    the step runs the costlier checks."""
    from tests.broken import refusing_game

    game = refusing_game()
    with pytest.raises(testing.ContractError) as raised:
        testing.check_random_game(game, game.Rules(), seed=4, choices=2, every=every)
    message = str(raised.value)
    assert ", seed 4, choices 2, step 0: the listed move play " in message
    assert " is refused: play " in message
    assert "the game raised" not in message


def test_a_module_of_neither_core_lacking_names_is_told_to_define_them_once() -> None:
    """A module that is neither a trick game nor a shedding game gets the list of names
    it lacks once, with "define them in the module", not the list a second time."""
    import types

    from cardrules.errors import RulesError

    module = types.ModuleType("half_a_game")
    module.NAME = "half_a_game"  # type: ignore[attr-defined]
    with pytest.raises(RulesError) as refused:
        games.check_protocol(module)
    message = str(refused.value)
    assert message.startswith("half_a_game is not a game: it lacks TITLE, ")
    assert " (define them in the module; a game provides every name " in message
    assert message.count("TITLE") == 1
