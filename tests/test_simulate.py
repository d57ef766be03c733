"""Simulation: deterministic from one seed, the same whatever the number of workers."""

from __future__ import annotations

import importlib.util

import pytest

from cardrules.errors import RulesError
from cardrules.simulate import simulate, wilson_interval

SINGLE = "oh_hell(schedule=single,start_hand=5)"
LINEUP = ["heuristic", "random", "random", "random"]


def test_one_and_two_workers_give_identical_results() -> None:
    one = simulate("oh_hell", LINEUP, games=40, seed=9, rules_text=SINGLE, workers=1)
    two = simulate("oh_hell", LINEUP, games=40, seed=9, rules_text=SINGLE, workers=2)
    assert one == two
    assert one.table() == two.table()


def test_seats_rotate_so_each_bot_sits_everywhere() -> None:
    results = simulate("oh_hell", LINEUP, games=8, seed=1, rules_text=SINGLE, workers=1)
    seats_of_heuristic = [r.seats.index("heuristic") for r in results.results]
    assert sorted(seats_of_heuristic) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_a_different_seed_gives_different_games() -> None:
    a = simulate("oh_hell", LINEUP, games=5, seed=1, rules_text=SINGLE, workers=1)
    b = simulate("oh_hell", LINEUP, games=5, seed=2, rules_text=SINGLE, workers=1)
    assert [r.seed for r in a.results] != [r.seed for r in b.results]


def test_bad_line_ups_are_refused() -> None:
    with pytest.raises(RulesError, match="seats 4 bots; 2 given"):
        simulate("oh_hell", ["random", "random"], games=1, seed=1)
    with pytest.raises(RulesError, match="unknown backend"):
        simulate("oh_hell", LINEUP, games=1, seed=1, backend="slurm")


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson_interval(30, 40)
    assert low < 0.75 < high
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="the ray extra is not installed"
)
def test_the_ray_backend_on_a_local_instance_gives_the_same_results() -> None:
    local = simulate("oh_hell", LINEUP, games=12, seed=4, rules_text=SINGLE, workers=1)
    on_ray = simulate("oh_hell", LINEUP, games=12, seed=4, rules_text=SINGLE, backend="ray")
    assert on_ray == local
