"""Golden data: perft counts and playthrough transcripts of fixed deals, per game.

Regenerate with one command (all registered games, or the games named)::

    python -m tests.golden.regenerate            # every game in cardrules.games.names()
    python -m tests.golden.regenerate oh_hell    # one game

and review the diff (``git diff tests/golden``): a change in a game's behaviour
shows there. The suite (``tests/golden/test_golden.py``) recomputes everything
from the committed files and fails with a diff when the library disagrees.

For each game, under ``tests/golden/<game>/``:

* ``perft.json``: the number of legal move sequences of depth 1..k from the
  ``single`` preset dealt with seed :data:`PERFT_SEED` (seeded chance, so every
  counted move is a player's move; a sequence that ends the game early counts
  at its own depth and is not extended). ``k`` is the largest depth whose count
  stays within :data:`PERFT_LEAF_LIMIT`, at most :data:`PERFT_MAX_DEPTH`.
* ``transcript_<seed>.txt``: a complete game of the ``single`` preset from that
  seed, moves chosen by ``random.Random(seed)``: at every step every seat's view
  (:func:`cardrules.render.render_view`), the legal moves with their move
  numbers, and the move made; then the final views and score. The seeds are the
  first seeds from 1 whose game takes at most :data:`TRANSCRIPT_MAX_STEPS` steps.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from cardrules import games
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.game import Game
from cardrules.render import render_view

__all__ = [
    "COMMAND",
    "GOLDEN_DIR",
    "PERFT_LEAF_LIMIT",
    "PERFT_MAX_DEPTH",
    "PERFT_SEED",
    "TRANSCRIPTS",
    "TRANSCRIPT_MAX_STEPS",
    "main",
    "perft",
    "perft_data",
    "regenerate",
    "transcript",
    "transcript_moves",
]

GOLDEN_DIR: Final = Path(__file__).parent
COMMAND: Final = "python -m tests.golden.regenerate"
PERFT_SEED: Final = 1
PERFT_LEAF_LIMIT: Final = 30_000
PERFT_MAX_DEPTH: Final = 12
TRANSCRIPTS: Final = 2
TRANSCRIPT_MAX_STEPS: Final = 120


def perft(game: Game, state: Any, depth: int) -> int:
    """The number of legal move sequences of length ``depth`` from ``state``
    (a sequence that ends the game sooner counts once, as in chess perft)."""
    if depth == 0 or game.is_over(state):
        return 1
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.apply(state, move), depth - 1) for move in moves)


def perft_data(name: str, depth: int | None = None) -> dict[str, Any]:
    """The perft figures of ``name``: to ``depth``, or as deep as the limits allow."""
    game = games.get(name)
    rules = game.PRESETS["single"]
    state = game.deal(rules, seed=PERFT_SEED)
    counts: list[int] = []
    for d in range(1, (depth or PERFT_MAX_DEPTH) + 1):
        count = perft(game, state, d)
        if depth is None and counts and count > PERFT_LEAF_LIMIT:
            break
        counts.append(count)
    return {
        "game": name,
        "version": game.version,
        "rules": str(rules),
        "seed": PERFT_SEED,
        "perft": {str(d): n for d, n in enumerate(counts, start=1)},
    }


def _views(game: Game, state: Any) -> Iterator[str]:
    for seat in range(state.rules.players):
        yield f"--- view of seat {seat}"
        yield render_view(game.observe(state, seat))


def transcript(game: Game, rules_text: str, seed: int, moves: Sequence[str]) -> str:
    """The transcript text of the game ``rules_text``/``seed`` played with ``moves``
    (move texts, parsed with ``parse_move``)."""
    _, options = parse_rules_text(rules_text)
    rules = build_rules(game.Rules, options)
    state = game.deal(rules, seed=seed)
    lines = [
        f"game: {game.NAME}",
        f"version: {game.version}",
        f"rules: {rules}",
        f"seed: {seed}",
        f"steps: {len(moves)}",
    ]
    for step, text in enumerate(moves, start=1):
        lines.append(f"=== step {step}: to move {game.to_move(state)}")
        lines.extend(_views(game, state))
        legal = game.legal_moves(state)
        lines.append("legal: " + " | ".join(f"{m} #{game.move_index(m)}" for m in legal))
        move = game.parse_move(state, text)
        lines.append(f"move: {move}")
        state = game.apply(state, move)
    lines.append(f"=== final: over {game.is_over(state)}")
    lines.extend(_views(game, state))
    score = game.score(state)
    lines.append(f"totals: {list(score.totals)}")
    lines.append(f"payoffs: {list(score.payoffs)}")
    lines.append(f"outcome: {score.outcome}")
    return "\n".join(lines) + "\n"


def transcript_moves(text: str) -> tuple[str, tuple[str, ...], int]:
    """The rules text, the moves and the seed written in a transcript."""
    rules = next(line[7:] for line in text.splitlines() if line.startswith("rules: "))
    seed = int(next(line[6:] for line in text.splitlines() if line.startswith("seed: ")))
    moves = tuple(line[6:] for line in text.splitlines() if line.startswith("move: "))
    return rules, moves, seed


def _random_game(game: Game, seed: int) -> list[str] | None:
    state = game.deal(game.PRESETS["single"], seed=seed)
    rng = random.Random(seed)
    moves: list[str] = []
    while not game.is_over(state):
        if len(moves) >= TRANSCRIPT_MAX_STEPS:
            return None
        move = rng.choice(game.legal_moves(state))
        moves.append(str(move))
        state = game.apply(state, move)
    return moves


def regenerate(name: str) -> list[Path]:
    """Write the golden files of ``name``; return their paths."""
    game = games.get(name)
    folder = GOLDEN_DIR / name
    folder.mkdir(exist_ok=True)
    for old in folder.glob("transcript_*.txt"):
        old.unlink()
    written = [folder / "perft.json"]
    written[0].write_text(json.dumps(perft_data(name), indent=1) + "\n", encoding="utf-8")
    seed = 0
    while len(written) < 1 + TRANSCRIPTS:
        seed += 1
        moves = _random_game(game, seed)
        if moves is None:
            continue
        path = folder / f"transcript_{seed}.txt"
        path.write_text(
            transcript(game, str(game.PRESETS["single"]), seed, moves), encoding="utf-8"
        )
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate the golden files of the named games (default: all)."""
    names = list(argv if argv is not None else sys.argv[1:]) or list(games.names())
    for name in names:
        for path in regenerate(name):
            print(path.relative_to(GOLDEN_DIR.parent.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
