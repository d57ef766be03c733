"""How uniform ``sample`` is over the worlds consistent with a view.

Trick games: exactly uniform (DESIGN.md). Checked by a chi-square test on small
positions where every consistent world can be listed: Oh Hell with three players
and two cards each, at the second trick (voids shown in the first trick are
constraints), and Maverick at its last two tricks. The unseen cards (other hands,
undealt cards) must vary between samples.

Shedding games: forced draws reveal only what a hand lacked at one moment, so
``sample`` is not claimed to be uniform. :func:`shedding_marginals` measures the
distance of each unseen card's location from the size-proportional distribution
(exact for uniform sampling at the start of a deal); run this module as a script
(``python -m tests.test_sampling_uniformity``) to print the figures that
docs/testing.rst quotes.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest

from cardrules import games
from cardrules.cards import Card
from cardrules.game import Game
from cardrules.games import maverick, oh_hell

SHEDDING = [n for n in games.names() if n in ("mau_mau", "mau_mau_standard", "strafpoint")]


def chi_square_p(observed: Counter[Any], cells: list[Any]) -> float:
    """The p-value of Pearson's chi-square test of ``observed`` against uniform
    over ``cells`` (Wilson-Hilferty approximation of the chi-square tail)."""
    total = sum(observed.values())
    expected = total / len(cells)
    stat = sum((observed.get(cell, 0) - expected) ** 2 / expected for cell in cells)
    df = len(cells) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _hidden_key(game: Game, world: Any, seat: int) -> tuple[Any, ...]:
    zones = game.zones(world)
    return tuple(
        (name, frozenset(cards))
        for name, cards in sorted(zones.items())
        if name.startswith("hand ") and name != f"hand {seat}"
    )


def _play_until(game: Game, state: Any, rng: random.Random, hand_size: int) -> Any:
    while not game.is_over(state) and not (
        all(len(v) <= hand_size for k, v in game.zones(state).items() if k.startswith("hand "))
        and not game.zones(state)["trick"]
    ):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def _voids(game: Game, state: Any) -> dict[int, set[Any]]:
    """Suits each seat showed it lacks (failed to follow the led suit), Oh Hell."""
    voids: dict[int, set[Any]] = {}
    led = None
    in_trick = 0
    for event in game.events(state):
        if event.kind != "play":
            continue
        card: Card = event.cards[0]
        if in_trick == 0:
            led = card.suit
        elif card.suit != led:
            assert event.seat is not None
            voids.setdefault(event.seat, set()).add(led)
        in_trick = (in_trick + 1) % state.rules.players
    return voids


@pytest.mark.parametrize("seed", [5, 11, 23])
def test_oh_hell_sample_is_uniform_over_consistent_worlds(seed: int) -> None:
    rules = oh_hell.Rules(players=3, start_hand=2, schedule="single")
    rng = random.Random(seed)
    state = _play_until(oh_hell, oh_hell.deal(rules, seed=seed), rng, hand_size=1)
    seat = 0
    zones = oh_hell.zones(state)
    others = [s for s in range(3) if s != seat]
    pool = [c for s in others for c in zones[f"hand {s}"]] + list(zones["undealt"])
    voids = _voids(oh_hell, state)
    cells = [
        tuple((f"hand {s}", frozenset([c])) for s, c in zip(others, pick, strict=True))
        for pick in itertools.permutations(pool, 2)
        if all(c.suit not in voids.get(s, set()) for s, c in zip(others, pick, strict=True))
    ]
    view = oh_hell.observe(state, seat)
    sampler = random.Random(seed)
    observed: Counter[Any] = Counter()
    undealt_seen: set[Card] = set()
    for _ in range(15 * len(cells)):
        world = oh_hell.sample(view, sampler)
        observed[_hidden_key(oh_hell, world, seat)] += 1
        undealt_seen |= set(oh_hell.zones(world)["undealt"])
    assert set(observed) <= set(cells), "sample produced an inconsistent world"
    assert chi_square_p(observed, cells) > 1e-4, "sample is not uniform over the worlds"
    assert undealt_seen == set(pool), "the undealt cards do not vary between samples"


@pytest.mark.parametrize("seed", [3, 8])
def test_maverick_sample_is_uniform_at_the_last_tricks(seed: int) -> None:
    rules = maverick.PRESETS["single"]
    rng = random.Random(seed)
    state = _play_until(maverick, maverick.deal(rules, seed=seed), rng, hand_size=2)
    seat = maverick.to_move(state)
    assert isinstance(seat, int)
    view = maverick.observe(state, seat)
    sampler = random.Random(seed)
    observed: Counter[Any] = Counter(
        _hidden_key(maverick, maverick.sample(view, sampler), seat) for _ in range(6000)
    )
    # The consistent worlds are those sample reaches; every one must be reached about
    # equally often, and at least the true world must be among them.
    assert _hidden_key(maverick, state, seat) in observed
    cells = sorted(observed, key=repr)
    assert len(cells) > 1, "the unseen cards never vary"
    assert chi_square_p(observed, cells) > 1e-4


def shedding_marginals(name: str, seed: int, moves: int, samples: int) -> tuple[float, int]:
    """For the ``single`` preset after ``moves`` random moves, seen from the seat
    to move: the largest difference, over unseen cards and hidden zones, between
    the sampled frequency of "card in zone" and zone size / unseen cards; and the
    number of unseen cards."""
    game = games.get(name)
    rng = random.Random(seed)
    state = game.deal(game.PRESETS["single"], seed=seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    seat = game.to_move(state)
    seat = seat if isinstance(seat, int) else 0
    view = game.observe(state, seat)
    hidden = [
        z
        for z in game.zones(state)
        if z == "stock" or (z.startswith("hand ") and z != f"hand {seat}")
    ]
    sizes = {z: len(game.zones(state)[z]) for z in hidden}
    unseen = sum(sizes.values())
    counts: Counter[tuple[str, Card]] = Counter()
    sampler = random.Random(seed)
    for _ in range(samples):
        zones = game.zones(game.sample(view, sampler))
        counts.update((z, c) for z in hidden for c in zones[z])
    cards = {c for (_, c) in counts}
    worst = max(abs(counts[(z, c)] / samples - sizes[z] / unseen) for z in hidden for c in cards)
    return worst, unseen


@pytest.mark.parametrize("name", SHEDDING)
def test_shedding_sample_is_uniform_at_the_start_of_a_deal(name: str) -> None:
    worst, _ = shedding_marginals(name, seed=1, moves=0, samples=2000)
    assert worst < 0.05


if __name__ == "__main__":
    for name in SHEDDING:
        for moves in (0, 10, 30, 60):
            worst, unseen = shedding_marginals(name, seed=1, moves=moves, samples=5000)
            print(
                f"{name} after {moves} moves: {unseen} unseen cards, "
                f"largest marginal deviation {worst:.3f}"
            )
