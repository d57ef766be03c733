"""The kit's check that the rules' text names the game they belong to and reads back as
the same rules.
"""

from __future__ import annotations

from typing import Any

from cardrules import games as registry
from cardrules.errors import CardrulesError
from cardrules.game import Game
from cardrules.testing.common import ConformanceError, _fail


def check_rules_text(game: Game, rules: Any) -> None:
    """The rules' text names the game they belong to: ``str(rules)`` (the text records,
    saved states and the command line write, ``name(option=value,...)``) names the
    game (its ``NAME``, or a name the registry gives it) and reads back as these rules;
    rules of a game described for an engine (a trick or a Stops game) belong to the
    description of this ``NAME`` and ``TITLE``. A game that took another game's
    ``Rules`` unchanged, or copied a description without renaming it, fails here."""
    from cardrules.core.options import build_rules, parse_rules_text

    text = str(rules)
    try:
        name, options = parse_rules_text(text)
    except CardrulesError as error:
        raise ConformanceError(
            f"{game.NAME}: the rules' text {text!r} is not name(option=value,...): {error}"
        ) from None
    if name != game.NAME and not _registered_as(game, name):
        raise ConformanceError(
            f"{game.NAME}: the rules' text {text!r} names the game {name!r}, not "
            f"{game.NAME!r}: give the game its own Rules, whose __str__ names it "
            f"(rules_to_text({game.NAME!r}, self))"
        )
    try:
        again = build_rules(type(rules), options)
    except CardrulesError as error:
        raise ConformanceError(
            f"{game.NAME}: the rules' text {text!r} does not read back: {error}"
        ) from None
    _fail(again == rules, f"{game.NAME}: the rules' text {text!r} reads back as other rules")
    for link in ("trick_game", "stops_game"):
        described = getattr(type(rules), link, None)
        if described is None:
            continue
        if (described.name, described.title) != (game.NAME, game.TITLE):
            raise ConformanceError(
                f"{game.NAME}: its rules belong to the description of {described.name!r} "
                f"({described.title!r}), not of {game.NAME!r} ({game.TITLE!r}): give the "
                "game its own Rules class and its own name and title in its description"
            )


def _registered_as(game: Game, name: str) -> bool:
    """Whether the registry finds ``game`` under ``name`` (an alias)."""
    try:
        return registry.registered(name) is game
    except CardrulesError:
        return False
