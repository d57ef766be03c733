"""Playing whole games between bots, through the game interface only.

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
from cardrules.errors import (
    ArgumentError,
    BotError,
    CardrulesError,
    GameError,
    IllegalMoveError,
    caused_by,
    describe_error,
)
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

    A bot that raises an error, or chooses a move that is not among the legal
    moves (whatever ``apply`` then raises), stops the game with a
    :class:`~cardrules.errors.BotError`. A listed move that ``apply`` refuses or
    fails on, and any other error from the game's own functions, is a defect of
    the game: it stops the game with a
    :class:`~cardrules.errors.GameError` naming the game, the seed, the move
    number, the seat and the move, chained from the game's error. ``bots`` needs
    one bot per seat (else :class:`~cardrules.errors.ArgumentError`).
    """
    try:
        state = game.deal(rules, seed=seed)
        players = game.players(rules)
    except CardrulesError:
        raise  # bad rules or seed: the caller's to fix, and the error says how
    except Exception as error:
        raise caused_by(game_error(game, seed, "dealing the game", error), error) from error
    if len(bots) != players:
        raise ArgumentError(f"play_game needs one bot per seat: {players} bots, not {len(bots)}")
    rngs = [random.Random(Stream(seed, "bot", seat).below(2**62)) for seat in range(len(bots))]
    while True:
        try:
            if game.is_over(state):
                return state
            seat = game.to_move(state)
            legal = game.legal_moves(state)
            view = None if seat is CHANCE or seat is None else game.observe(state, seat)
        except Exception as error:  # the game's own functions failed on its own state
            failure = game_error(game, seed, at_move(state, "reading the state"), error)
            raise caused_by(failure, error) from error
        if seat is CHANCE or seat is None:
            # play_game deals with seeded chance, in which only players move.
            raise GameError(
                f"the game {game.NAME!r} gives {seat!r} as the player to move "
                f"{at_move(state, 'before its end')} of the game with seed {seed}, with seeded "
                "chance: to_move must give a seat until the game is over (a defect of the game)"
            )
        try:
            move = bots[seat].choose(view, legal, rngs[seat])
        except Exception as error:  # a user's bot failed: say where, keep the cause
            raise caused_by(
                bot_error(bots[seat], seat, seed, state, f"raised {error!r}"), error
            ) from error
        try:
            following = game.apply(state, move)
        except Exception as error:
            # Whom to blame depends on whether the move was listed, not on the kind of
            # error: an unlisted move is the bot's fault whatever apply raises; a listed
            # move that apply refuses or fails on is a defect of the game.
            if move not in legal:
                blamed = bot_error(
                    bots[seat],
                    seat,
                    seed,
                    state,
                    f"chose {move!r}, not one of the legal moves ({error})",
                )
                raise caused_by(blamed, error) from error
            raise caused_by(
                listed_move_error(game, seed, state, seat, move, error), error
            ) from error
        if on_move is not None:
            on_move(state, move, following)
        state = following


def at_move(state: Any, what: str) -> str:
    """``what`` the game was doing, with the move number when the state gives it."""
    made = getattr(state, "moves_made", None)
    return f"{what} at move {made + 1}" if isinstance(made, int) else what


def listed_move_error(
    game: Game,
    seed: int,
    state: Any,
    seat: int,
    move: Any,
    error: Exception,
    *,
    chooser: str = "the bot",
) -> GameError:
    """The :class:`~cardrules.errors.GameError` for ``apply`` refusing (with
    :class:`~cardrules.errors.IllegalMoveError`) or failing on ``move``, one of the
    legal moves the game listed for ``seat``: a defect of the game, not of whoever
    chose the move. Chain it from ``error``."""
    if isinstance(error, IllegalMoveError):
        listed = "one of the legal moves, which apply refused"
    else:
        listed = "one of the legal moves"
    what = at_move(state, f"applying seat {seat}'s move {move} ({listed})")
    return game_error(game, seed, what, error, chooser=chooser)


def game_error(
    game: Game, seed: int, what: str, error: Exception, *, chooser: str = "the bot"
) -> GameError:
    """The :class:`~cardrules.errors.GameError` for the game's own functions failing
    with ``error`` while ``what`` (e.g. "dealing the game") in the game with
    ``seed``: a defect of the game, not of ``chooser``. Chain it from ``error``."""
    return GameError(
        f"the game {getattr(game, 'NAME', game)!r} failed {what} of the game with seed "
        f"{seed}: {describe_error(error)}. This is a defect of the game (its tables or "
        f"hooks), not of {chooser}: fix the game's code at the place named"
    )


def bot_error(bot: Bot, seat: int, seed: int, state: Any, what: str) -> BotError:
    """The :class:`~cardrules.errors.BotError` for seat ``seat``'s bot, which ``what``
    (e.g. "raised ...") in the game with ``seed``. Chain it from the bot's error."""
    name = getattr(bot, "name", None) or type(bot).__name__
    return BotError(
        f"seat {seat}'s bot {name!r} {what}, at move {state.moves_made + 1} of the game "
        f"with seed {seed}"
    )
