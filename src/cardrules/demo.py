"""The demo: a whole game between bots, printing each deal and the running scores.

Run it with ``cardrules demo [GAME]`` (``--seed``, ``--rules``, ``--option``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules import games
from cardrules.bots import RandomBot
from cardrules.game import Game, Score
from cardrules.play import play_game
from cardrules.render import deals_table, outcome_text

__all__ = ["run_demo", "score_table"]


def score_table(score: Score) -> str:
    """The deals played so far and the running totals, as a text table (the same
    table as the terminal game's, :func:`cardrules.render.deals_table`)."""
    return deals_table(score)


#: The events the demo prints as they happen; the rest shows in each deal's summary.
_HEADLINE_EVENTS = ("deal", "trump", "bids")


def _deal_summary(game: Game, state: Any) -> str:
    row = game.score(state).deals[-1]
    parts = [f"deal {row.number + 1} (dealer seat {row.dealer})"]
    for name, values in row.extras:
        parts.append(f"{name.replace('_', ' ')}: {' '.join(map(str, values))}")
    parts.append(f"points: {' '.join(map(str, row.points))}")
    return "; ".join(parts)


def run_demo(
    game_name: str = "oh_hell",
    *,
    seed: int = 2026,
    rules: Any = None,
    write: Callable[[str], None] = print,
) -> Any:
    """Play one game between random bots and print every deal and the score table."""
    game = games.get(game_name)
    rules = game.Rules() if rules is None else rules
    seats = game.players(rules)
    write(f"{game.NAME} {rules} with {seats} random bots, seed {seed}\n")

    def show(events: Any) -> None:
        for event in events:
            if event.kind in _HEADLINE_EVENTS:
                write(f"  {event}")

    def on_move(before: Any, move: Any, after: Any) -> None:
        if len(game.score(after).deals) > len(game.score(before).deals):
            write("  " + _deal_summary(game, after) + "\n")
        show(game.events(after)[len(game.events(before)) :])

    show(game.events(game.deal(rules, seed=seed)))
    final = play_game(game, rules, [RandomBot()] * seats, seed=seed, on_move=on_move)
    score = game.score(final)
    write(score_table(score))
    write("\n" + outcome_text(score))
    return final
