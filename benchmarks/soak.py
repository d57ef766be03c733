"""Soak test: play many random deals of every game, across its presets, checking invariants.

Usage::

    python benchmarks/soak.py --deals 100000            # every registered game
    python benchmarks/soak.py --games oh_hell --deals 1000 --seed 7

Each game is played from seeds ``seed, seed+1, ...`` with the presets taken in turn
and moves chosen by a seeded random generator, so a failure is reproducible from
the printed game, preset and seed. After every step it checks: the zones hold
exactly the deck (cards conserved); ``legal_moves`` is empty iff the game is over
and ``to_move`` is None iff it is over; legal moves are distinct and their move
numbers round-trip. At the end of each game it checks that there is an outcome and
that payoffs and totals have one entry per seat; every 50th game it also checks
that the record replays to the same state and that the state JSON round-trips.
It counts *deals* (the score's deal rows, at least one per game), games and moves.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import Any

from cardrules import games
from cardrules.game import Game
from cardrules.records import Record, record_of, replay, state_from_json, state_to_json


class SoakError(AssertionError):
    """An invariant failed; the message names game, preset and seed."""


def _check_step(game: Game, state: Any, deck: frozenset[Any], where: str) -> tuple[Any, ...]:
    zones = game.zones(state)
    counts = Counter(card for cards in zones.values() for card in cards)
    if len(counts) != len(deck) or set(counts) != deck or max(counts.values()) != 1:
        raise SoakError(f"{where}: cards not conserved: {zones}")
    legal = game.legal_moves(state)
    over = game.is_over(state)
    if (legal == ()) != over or (game.to_move(state) is None) != over:
        raise SoakError(f"{where}: legal_moves/to_move disagree with is_over")
    if len(set(legal)) != len(legal):
        raise SoakError(f"{where}: duplicate legal moves {legal}")
    return legal


def soak_game(name: str, deals: int, seed: int) -> dict[str, int]:
    """Play random games of ``name`` until ``deals`` deals are done; return the counts."""
    game = games.get(name)
    presets = list(game.PRESETS)
    counts: Counter[str] = Counter()
    index = 0
    while counts["deals"] < deals:
        preset = presets[index % len(presets)]
        game_seed = seed + index
        rules = game.PRESETS[preset]
        deck = frozenset(game.deck_of(rules))
        where = f"{name} preset {preset!r} seed {game_seed}"
        rng = random.Random(game_seed)
        state = game.deal(rules, seed=game_seed)
        while True:
            legal = _check_step(game, state, deck, where)
            if not legal:
                break
            move = rng.choice(legal)
            if game.move_from_index(game.move_index(move)) != move:
                raise SoakError(f"{where}: move number of {move} does not round-trip")
            state = game.apply(state, move)
            counts["moves"] += 1
        score = game.score(state)
        if score.outcome is None:
            raise SoakError(f"{where}: game over without an outcome")
        if not len(score.totals) == len(score.payoffs) == rules.players:
            raise SoakError(f"{where}: totals/payoffs do not have one entry per seat")
        if index % 50 == 0:
            if replay(Record.from_json(record_of(state).to_json())) != state:
                raise SoakError(f"{where}: the record does not replay to the same state")
            if state_from_json(state_to_json(state)) != state:
                raise SoakError(f"{where}: the state JSON does not round-trip")
            counts["round trips"] += 1
        counts["deals"] += max(1, len(score.deals))
        counts["games"] += 1
        counts[f"outcome {score.outcome.reason}"] += 1
        index += 1
    return dict(counts)


def main(argv: list[str] | None = None) -> int:
    """Run the soak from the command line; print one line of counts per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(games.names()))
    parser.add_argument("--deals", type=int, default=100_000, help="deals per game")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    failed = False
    for name in args.games:
        start = time.perf_counter()
        try:
            counts = soak_game(name, args.deals, args.seed)
        except SoakError as failure:
            print(f"FAIL {failure}", flush=True)
            failed = True
            continue
        seconds = time.perf_counter() - start
        figures = ", ".join(f"{key}={value}" for key, value in sorted(counts.items()))
        print(f"{name}: {figures} in {seconds:.0f} s: every invariant held", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
