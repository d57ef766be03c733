"""Deliberately broken games, for the conformance kit's tests: the standard Mau Mau, whose
``apply`` fails with a plain Python error (as a bug in a game's own hook would) from a
given move on, and low wins with one promise broken at a time."""

from __future__ import annotations

import dataclasses
import types
from typing import Any, cast

import attrs

from cardrules.game import INTERFACE_NAMES, Game
from cardrules.games import mau_mau_standard

#: The registered name of the broken game.
NAME = "broken_mau_mau"


def broken_game(*, from_move: int, base: Any = None) -> Game:
    """A game module with every function of the standard Mau Mau (or of ``base``, under
    its own name, which its rules' text gives), except that ``apply`` raises IndexError
    on a state with ``from_move`` moves made or more (legal or not)."""
    game = mau_mau_standard if base is None else base
    module = types.ModuleType(NAME if base is None else base.NAME)
    for name in INTERFACE_NAMES:
        setattr(module, name, getattr(game, name))

    def apply(state: Any, move: Any) -> Any:
        if game.moves_made(state) >= from_move:
            raise IndexError("a bug in the game's own code")
        return game.apply(state, move)

    if base is None:
        setattr(module, "NAME", NAME)  # noqa: B010  # a module's attribute, unknown to mypy
    setattr(module, "apply", apply)  # noqa: B010
    return cast(Game, module)  # it has every name of the protocol: set just above


def refusing_game() -> Game:
    """The standard Mau Mau, except that ``apply`` refuses every move with
    IllegalMoveError, the moves it lists as legal too (a defect of the game)."""
    from cardrules.errors import IllegalMoveError

    module = types.ModuleType("refusing_mau_mau")
    for name in INTERFACE_NAMES:
        setattr(module, name, getattr(mau_mau_standard, name))

    def apply(state: Any, move: Any) -> Any:
        raise IllegalMoveError(f"{move} is refused")

    setattr(module, "NAME", "refusing_mau_mau")  # noqa: B010
    setattr(module, "apply", apply)  # noqa: B010
    return cast(Game, module)


def history_reading_game() -> Game:
    """Low wins (tests/low_wins.py, under its own name), except that ``apply`` reads the
    move history (``moves_played``), which a world ``sample`` draws does not have (as a
    game's own code might, to find the last move): it keeps every promise of the kit
    but one, that moves apply to a sampled world."""
    from tests import low_wins

    module = types.ModuleType(low_wins.NAME)
    for name in INTERFACE_NAMES:
        setattr(module, name, getattr(low_wins, name))

    def apply(state: Any, move: Any) -> Any:
        low_wins.moves_played(state)  # a sampled world has no history: this refuses it
        return low_wins.apply(state, move)

    setattr(module, "NAME", low_wins.NAME)  # noqa: B010
    setattr(module, "apply", apply)  # noqa: B010
    return cast(Game, module)


def renamed_game(name: str) -> Game:
    """Low wins (tests/low_wins.py) registered as ``name``, with low wins' own rules:
    their text names low wins, not ``name``."""
    from tests import low_wins

    module = types.ModuleType(name)
    for attribute in INTERFACE_NAMES:
        setattr(module, attribute, getattr(low_wins, attribute))
    setattr(module, "NAME", name)  # noqa: B010
    return cast(Game, module)


def log_scoring_game() -> Game:
    """Low wins (tests/low_wins.py, under its own name), except that its deal scorer also
    gives five points to the seat that played the ten of spades, which it finds in the
    log's plays: the points then depend on where a card went, which the solver's
    search, scoring the ends of a deal from the tricks won, cannot see."""
    from cardrules.cards import Card
    from cardrules.core import trickgame
    from tests import low_wins

    ten = Card("10S")

    # Rules of its own: the description is found through the rules' class, and low wins'
    # own must keep finding low wins.
    @attrs.frozen(slots=True, kw_only=True)
    class Rules(low_wins.Rules):
        """Low wins' rules."""

    def score_deal(state: Any, out: int | None) -> Any:
        points, rows, log = low_wins._score_deal(state, out)
        for event in state.log:
            if event.kind == "play" and ten in event.cards:
                points = tuple(p + 5 * (seat == event.seat) for seat, p in enumerate(points))
        return points, rows, log

    scoring = dataclasses.replace(low_wins.GAME.scoring, deal=score_deal)
    namespace: dict[str, Any] = {"NAME": low_wins.NAME, "Rules": Rules}
    namespace.update(describe=low_wins.describe, explain_move=low_wins.explain_move)
    namespace.update(PRESETS={"default": Rules()}, version=low_wins.version)
    description = dataclasses.replace(low_wins.GAME, rules_class=Rules, scoring=scoring)
    trickgame.install(description, namespace)
    module = types.ModuleType(low_wins.NAME)
    module.__dict__.update(namespace)  # the interface and the engine's search
    return cast(Game, module)
