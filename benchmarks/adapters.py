"""The cost of the OpenSpiel and PettingZoo adapters, against the direct API, in one run.

Run it from the repository root (needs the ``openspiel`` and ``pettingzoo`` extras)::

    python benchmarks/adapters.py                  # every game, 2 s per case
    python benchmarks/adapters.py --seconds 1 --games oh_hell maverick

For each game (its ``single`` preset, or ``Rules(max_deals=1)``; a game without a
length bound gets ``max_moves=2000``) three loops play random games, one decision
at a time, each move chosen uniformly from the legal ones:

* **direct**: ``game.apply(state, move)`` then ``game.observe(state, seat)`` for
  the seat to move (chance resolved inside ``apply`` from the seed);
* **PettingZoo**: ``env.step(action)`` then ``env.last()`` (the observation tensor
  and the action mask of the next agent), through ``env()`` (with the classic checks), and
  through the bare ``raw_env`` (``raw``);
* **OpenSpiel**: ``state.apply_action(action)`` then
  ``state.information_state_tensor()`` for the player to move, the chance nodes
  played as OpenSpiel users must (drawn by their probabilities); and the same with
  the tensor read from an observer (``make_observation(...).set_from``: a numpy
  array, without the copy into a Python list) (``OSobs``).

It prints microseconds per decision (the process's CPU time, so that other work on
a busy machine does not count) and the ratios to the direct loop, and, as a
yardstick, OpenSpiel's own C++ ``oh_hell`` (4 players, 10 tricks) with its
information-state tensor at every decision. The time
window of a case is split into rounds that alternate between the loops, so machine
noise hits them alike; the median round of each is reported.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np

from cardrules import games
from cardrules.integrations import encoding

#: Plays one game and returns how many decisions it took.
Loop = Callable[[random.Random], int]


def bench_rules(name: str) -> Any:
    """The rules timed for a game: one deal, with a move cap where nothing else bounds it."""
    game = games.get(name)
    rules = game.PRESETS.get("single", None)
    if rules is None:
        rules = game.Rules(max_deals=1)
    if encoding.for_game(name, rules).own_bound() is None and rules.max_moves is None:
        rules = attrs.evolve(rules, max_moves=2000)
    return rules


def direct_loop(name: str, rules: Any) -> Loop:
    """``apply`` + ``observe`` of the seat to move, per decision."""
    game = games.get(name)

    def play(rng: random.Random) -> int:
        state = game.deal(rules, seed=rng.getrandbits(32))
        decisions = 0
        while not game.is_over(state):
            seat = game.to_move(state)
            assert isinstance(seat, int)  # seeded chance: a seat is always to move
            game.observe(state, seat)
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            decisions += 1
        return decisions

    return play


def pettingzoo_loop(name: str, rules: Any, wrapped: bool = True) -> Loop:
    """``env.step`` + ``env.last()`` per decision, through ``env()`` (or the bare
    ``raw_env``, without the classic checks)."""
    pettingzoo = importlib.import_module("cardrules.integrations.pettingzoo")
    environment = pettingzoo.env(name, rules) if wrapped else pettingzoo.raw_env(name, rules)

    def play(rng: random.Random) -> int:
        environment.reset(seed=rng.getrandbits(32))
        decisions = 0
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
        return decisions

    return play


def _openspiel_play(game: Any, observer: bool = False) -> Loop:
    """Random games of an OpenSpiel game with the information-state tensor at every
    decision: ``state.information_state_tensor()`` (a Python list, as most OpenSpiel
    code reads it), or with ``observer`` an observer's numpy tensor (``set_from``)."""
    if observer:
        observation = importlib.import_module("open_spiel.python.observation")
        pyspiel = importlib.import_module("pyspiel")
        recall = observation.make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            if observer:
                recall.set_from(state, state.current_player())
            else:
                state.information_state_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    return play


def openspiel_loop(name: str, rules: Any, observer: bool = False) -> Loop:
    """``apply_action`` + the information-state tensor per decision, chance nodes included."""
    openspiel = importlib.import_module("cardrules.integrations.openspiel")
    return _openspiel_play(openspiel.load_game(name, rules), observer)


def native_oh_hell_loop(observer: bool = False) -> Loop:
    """OpenSpiel's C++ ``oh_hell`` (4 players, 10 tricks) with its information-state tensor."""
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 10})
    return _openspiel_play(game, observer)


def per_decision(loop: Loop, seconds: float, rng: random.Random) -> float:
    """Microseconds of this process's CPU time per decision over about ``seconds`` of it
    (CPU time, so that other work on a busy machine does not count)."""
    decisions = 0
    start = time.process_time()
    while True:
        decisions += loop(rng)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return 1e6 * elapsed / max(decisions, 1)


def measure(loops: dict[str, Loop], seconds: float, rounds: int, seed: int) -> dict[str, float]:
    """The median microseconds per decision of each loop, rounds interleaved."""
    samples: dict[str, list[float]] = {label: [] for label in loops}
    rngs = {label: random.Random(seed) for label in loops}
    for loop in loops.values():  # warm the caches once
        loop(random.Random(seed))
    for _ in range(rounds):
        for label, loop in loops.items():
            samples[label].append(per_decision(loop, seconds / rounds, rngs[label]))
    return {label: statistics.median(values) for label, values in samples.items()}


def main(argv: list[str] | None = None) -> int:
    """Print µs per decision and the adapter ratios of every game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per loop and game")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds per window")
    parser.add_argument("--games", nargs="*", default=None, help="games to time (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    names = args.games or list(encoding.names())
    print(f"Python {platform.python_version()} on {platform.platform()}")
    native = measure(
        {"list": native_oh_hell_loop(), "observer": native_oh_hell_loop(observer=True)},
        args.seconds,
        args.rounds,
        args.seed,
    )
    print(
        f"OpenSpiel C++ oh_hell(players=4,num_tricks_fixed=10) with information-state "
        f"tensors: {native['list']:.1f} µs per decision "
        f"({native['observer']:.1f} through an observer)"
    )
    columns = (
        "direct µs",
        "PZ µs",
        "raw µs",
        "OS µs",
        "OSobs µs",
        "PZ/direct",
        "raw/direct",
        "OS/direct",
        "OSobs/dir",
    )
    print(f"{'game':<18}" + "".join(f"{column:>11}" for column in columns))
    for name in names:
        rules = bench_rules(name)
        loops = {
            "direct": direct_loop(name, rules),
            "pettingzoo": pettingzoo_loop(name, rules),
            "raw": pettingzoo_loop(name, rules, wrapped=False),
            "openspiel": openspiel_loop(name, rules),
            "observer": openspiel_loop(name, rules, observer=True),
        }
        found = measure(loops, args.seconds, args.rounds, args.seed)
        direct = found["direct"]
        times = [found[k] for k in ("direct", "pettingzoo", "raw", "openspiel", "observer")]
        ratios = [found[k] / direct for k in ("pettingzoo", "raw", "openspiel", "observer")]
        print(
            f"{name:<18}"
            + "".join(f"{value:>11.1f}" for value in times)
            + "".join(f"{value:>11.2f}" for value in ratios)
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
