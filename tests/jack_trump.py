"""Whist (examples/whist.py) in which the jack of clubs counts as a trump, whatever the
trump suit (as the bowers of Euchre do): a jack led calls for trumps, a seat holding it
must play it when trumps are led, and it does not follow clubs. Only the follow-suit
rules change (through the trick engine's ``trick_rules`` hook); the kit must judge
them by the game's suits, not by the suit printed on a card. Importing this module
registers it as ``jack_trump_whist``."""

from __future__ import annotations

import dataclasses
import importlib
import sys
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.cards import Card, Suit
from cardrules.core import trickgame, tricks
from cardrules.core.options import check_int, rules_to_text

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

# By name: mypy sees examples/whist.py as the script "whist", not as a module of a package.
whist: Any = importlib.import_module("examples.whist")

NAME: Final = "jack_trump_whist"
version: Final = "1"
JACK: Final = Card("JC")
describe = whist.describe
explain_move = whist.explain_move


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """Whist's options: ``players`` (4) and ``target`` (the points that win, default 1)."""

    players: int = 4
    target: int = 1

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("target", self.target, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


def jack_trump_rules(rules: Rules, trump: Suit | None) -> tricks.TrickRules:
    """The follow-suit rules of a deal: plain suits, but the jack of clubs is a trump."""
    plain = tricks.trick_rules(trump)
    if trump is None or trump is Suit.CLUBS:
        return plain
    follow = list(plain.follow_masks)
    follow[trump] |= JACK.bit
    follow[Suit.CLUBS] &= ~JACK.bit
    return tricks.TrickRules(trump, None, True, tuple(follow), 0)


PRESETS: Final = {"default": Rules()}
GAME: Final = dataclasses.replace(
    whist.GAME,
    name=NAME,
    title="Whist with the jack of clubs a trump",
    rules_class=Rules,
    trumps=dataclasses.replace(
        whist.GAME.trumps,
        trick_rules=lambda rules, contract: jack_trump_rules(rules, contract.trump),
    ),
)
trickgame.install(GAME, globals())
games.register(sys.modules[__name__], replace=True)
