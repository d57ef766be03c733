"""The kit's check of a registered game's tensor encoder (with numpy installed): move
numbers on the right side of ``PLAYER_ACTIONS``, the action mask, the tensors' sizes and
bounds.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from cardrules import games as registry
from cardrules.errors import CardrulesError
from cardrules.game import CHANCE, Game
from cardrules.testing.common import ConformanceError, _fail


def _encoding_of(game: Game, rules: Any) -> Any:
    """The game's tensor encoding under ``rules`` (see
    :mod:`cardrules.integrations.encoding`), or None when it has no encoder or numpy,
    which the encodings need, is not installed. A game not registered has none (and
    is not registered here: a check leaves the registry as it was)."""
    try:
        if registry.registered(game.NAME) is not game:
            return None
    except CardrulesError:
        return None
    try:
        # Imported by name: the adapters, and numpy under them, are optional, and the
        # compiled build type-checks only what the library itself needs.
        encoding: Any = importlib.import_module("cardrules.integrations.encoding")
    except ImportError:
        return None
    try:
        found = encoding.encoder(game)
    except LookupError:
        return None
    key = (game.NAME, id(found), rules)
    made = _ENCODINGS.get(key)
    if made is None or made.game is not game:
        if len(_ENCODINGS) > 64:
            _ENCODINGS.clear()
        made = _ENCODINGS[key] = encoding.GameEncoding(game, rules, found)
    return made


#: The encodings made so far, by game, encoder and rules: making one builds its layouts
#: and tensors, which costs more than checking a short game.
_ENCODINGS: dict[tuple[str, int, Any], Any] = {}


@functools.lru_cache(maxsize=64)
def _bounds(layout: Any) -> tuple[Any, Any]:
    """A layout's bounds, built once (layouts are frozen, and building them costs more
    than encoding a view)."""
    return layout.bounds()  # type: ignore[no-any-return]  # numpy arrays, typed Any here


def check_encoding(encoding: Any, game: Game, state: Any) -> None:
    """The game's encoder (a :class:`cardrules.integrations.encoding.GameEncoding`)
    keeps its word on ``state``: the seats' move numbers lie below its
    ``PLAYER_ACTIONS`` and the chance outcomes' from there up to ``NUM_MOVES``; the
    legal-action mask of the mover's view marks exactly its legal moves; the
    observation and information-state tensors of a view have their layouts' sizes,
    and every value lies within its piece's stated bounds."""
    player_actions = encoding.player_actions
    _fail(
        0 < player_actions <= game.NUM_MOVES,
        f"the encoder's PLAYER_ACTIONS, {player_actions}, must lie in 1..NUM_MOVES "
        f"({game.NUM_MOVES})",
    )
    mover = game.to_move(state)
    legal = game.legal_moves(state)
    if mover is CHANCE:
        low, high = player_actions, game.NUM_MOVES
    else:
        low, high = 0, player_actions
    for move in legal:
        number = game.move_index(move)
        _fail(
            low <= number < high,
            f"the move {move} is number {number}, outside the encoder's "
            f"{'chance outcomes' if mover is CHANCE else 'seat actions'} {low}..{high - 1}",
        )
    seat = mover if isinstance(mover, int) else 0
    view = game.observe(state, seat)
    if isinstance(mover, int):
        mask = encoding.action_mask(view)
        _fail(
            len(mask) == player_actions and int(mask.sum()) == len(legal),
            f"the encoder's action mask marks {int(mask.sum())} of {len(mask)} actions for "
            f"{len(legal)} legal moves",
        )
    for perfect_recall, kind in ((False, "observation"), (True, "information state")):
        layout = encoding.layout(perfect_recall)
        tensor = encoding.information_state(view) if perfect_recall else encoding.observation(view)
        _fail(
            tensor.shape == (layout.size,),
            f"the encoder's {kind} has shape {tensor.shape}; its layout says {layout.size}",
        )
        low_bounds, high_bounds = _bounds(layout)
        outside = ~((tensor >= low_bounds) & (tensor <= high_bounds))
        if outside.any():
            offsets = layout.offsets()
            position = int(outside.nonzero()[0][0])
            piece = max((o, name) for name, o in offsets.items() if o <= position)[1]
            raise ConformanceError(
                f"the encoder's {kind} puts {float(tensor[position])} in the piece {piece!r} "
                "(or a value that is not a number), outside the bounds its layout states"
            )
