"""Playing whole games between bots, through the game contract only.

>>> from cardrules import games
>>> from cardrules.bots import RandomBot
>>> game = games.get("oh_hell")
>>> final = play_game(game, game.Rules(start_hand=2), [RandomBot()] * 4, seed=3)
>>> game.is_over(final)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.bots import Bot
from cardrules.core.randomness import Stream
from cardrules.errors import BotError
from cardrules.game import CHANCE, Game

__all__ = ["play_game"]


def play_game(
    game: Game,
    rules: Any,
    bots: Sequence[Bot],
    *,
    seed: int,
    on_move: Callable[[Any, Any, Any], None] | None = None,
) -> Any:
    """Play one game from ``seed`` with ``bots[seat]`` in each seat; return the final state.

    Each bot draws from its own random generator, derived from ``seed`` and its
    seat, so a game is reproducible. ``on_move(state, move, next_state)`` is
    called after every move (to print or record the game).
    """
    state = game.deal(rules, seed=seed)
    rngs = [random.Random(Stream(seed, "bot", seat).below(2**62)) for seat in range(len(bots))]
    while not game.is_over(state):
        seat = game.to_move(state)
        if seat is CHANCE or seat is None:
            raise ValueError("play_game plays seeded games; explicit chance needs a chance player")
        legal = game.legal_moves(state)
        try:
            move = bots[seat].choose(game.observe(state, seat), legal, rngs[seat])
        except Exception as error:  # a user's bot failed: say where, keep the cause
            raise _bot_error(bots[seat], seat, seed, state, f"raised {error!r}") from error
        try:
            following = game.apply(state, move)
        except Exception as error:
            raise _bot_error(
                bots[seat],
                seat,
                seed,
                state,
                f"chose {move!r}, not one of the legal moves ({error})",
            ) from error
        if on_move is not None:
            on_move(state, move, following)
        state = following
    return state


def _bot_error(bot: Bot, seat: int, seed: int, state: Any, what: str) -> BotError:
    name = getattr(bot, "name", None) or type(bot).__name__
    return BotError(
        f"seat {seat}'s bot {name!r} {what}, at move {state.moves_made + 1} of the game "
        f"with seed {seed}"
    )
