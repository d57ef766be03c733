"""The conformance kit plays moves on sampled worlds, as searching bots do, and checks
that the rules' text names the game they belong to."""

from __future__ import annotations

import importlib
from typing import cast

import pytest

from cardrules import games, testing
from cardrules.game import Game
from tests.broken import history_reading_game, log_scoring_game, renamed_game


def test_a_game_whose_apply_needs_what_sample_does_not_rebuild_fails_the_kit() -> None:
    """Low wins, with an ``apply`` that reads the move history, which a sampled world
    has not: ISMCTS and PIMC would break on it; the kit says so."""
    game = games.register(history_reading_game())
    try:
        with pytest.raises(testing.ConformanceError) as info:
            testing.check_game(game, games=2)
    finally:
        games.unregister(game.NAME)
    message = str(info.value)
    assert "a world sampled from seat" in message
    assert "cannot be played on: apply(play " in message
    assert "sample must rebuild everything apply reads" in message
    assert "RecordError" in message and "no move history" in message


def test_moves_apply_to_the_worlds_sampled_from_every_view_of_a_registered_game() -> None:
    """The check itself, on a few views of each registered game."""
    import random

    for name in games.names():
        game = games.get(name)
        rules = next(iter(game.PRESETS.values()))
        state = game.deal(rules, seed=2)
        rng = random.Random(2)
        for _ in range(12):
            if game.is_over(state):
                break
            for seat in range(game.players(rules)):
                view = game.observe(state, seat)
                world = game.sample(view, rng)
                testing.check_sampled_world_plays(game, world, view, rng, plies=6)
            state = game.apply(state, rng.choice(game.legal_moves(state)))


def test_a_game_whose_rules_name_another_game_fails_the_kit() -> None:
    """A game that took another's rules writes the other's name in its records."""
    game = games.register(renamed_game("copied_low_wins"))
    try:
        with pytest.raises(testing.ConformanceError) as info:
            testing.check_game(game, games=1)
    finally:
        games.unregister(game.NAME)
    message = str(info.value)
    assert message.startswith("preset 'default', copied_low_wins: the rules' text 'low_wins()'")
    assert "names the game 'low_wins', not 'copied_low_wins'" in message


def test_the_rules_of_every_registered_game_name_it() -> None:
    for name in games.names():
        game = games.get(name)
        for rules in game.PRESETS.values():
            testing.check_rules_text(game, rules)


def test_a_deal_scorer_that_reads_the_log_s_plays_fails_the_solver_check() -> None:
    """Low wins, whose deal scorer gives points to the seat that played a card (read from
    the log): the solver scores the ends of a deal from the tricks won and the tally, so
    its values differ from plain minimax's, and the kit says why."""
    game = log_scoring_game()
    rules = game.PRESETS["default"]
    failures = []
    for seed in range(6):
        try:
            testing.check_solver(game, rules, seed=seed, choices=seed)
        except testing.ConformanceError as error:
            failures.append(str(error))
    assert failures
    assert "plain minimax as" in failures[0]
    assert "a deal scorer must not read where the cards are or were" in failures[0]


@pytest.mark.parametrize(
    "path",
    [
        "tests.secret_game",
        "tests.seats_game",
        "tests.pile_game",
        "tests.carry_game",
        "tests.auction_game",
        "tests.announce_game",
    ],
)
def test_the_solver_agrees_with_plain_minimax_in_the_test_games(path: str) -> None:
    """The check itself, on the small games of the tests: partners shown by their cards,
    seats that sit a deal out, piles, carried values, auctions, announcements (each
    world's partnerships are its own: the secret partners' game drew a failure where
    the check took the score's teams instead)."""
    module = cast(Game, importlib.import_module(path))
    for rules in module.PRESETS.values():
        compared = [
            testing.check_solver(module, rules, seed=seed, choices=seed) for seed in (*range(3), 9)
        ]
        assert sum(compared) >= 3, f"{path} {rules}: the solver was compared in {compared} worlds"


def test_the_solver_agrees_with_plain_minimax_in_every_registered_trick_game() -> None:
    """The check itself, a few deals of each preset of each registered game (those
    without a search of their own pass at once and compare nothing; Enfle, where a
    pick-up may follow, compares only where none can)."""
    for name in games.names():
        game = games.get(name)
        searched = callable(getattr(game, "double_dummy", None))
        for rules in game.PRESETS.values():
            compared = [
                testing.check_solver(game, rules, seed=seed, choices=seed) for seed in (0, 1)
            ]
            if not searched:
                assert compared == [0, 0], f"{name} {rules}: compared in {compared}"
            elif name != "enfle":
                assert sum(compared) >= 3, f"{name} {rules}: compared in {compared}"
