"""Whist (examples/whist.py) with Euchre's bowers: the jack of the trump suit (the right
bower) and the other jack of its colour (the left bower) are the two highest trumps, and
the left bower leaves its own suit, which has twelve cards; or, with ``order="grand"``,
Skat's grand order on 52 cards: the four jacks (clubs, spades, hearts, diamonds) are the
only trumps and a follow group of their own, and each suit is a group without its jack
(five groups; the turned card then only says nothing). Its view shows each seat's
voids and known cards (as Enfle's does), so that sampling reads the voids the view shows.
The card order is built from data with :func:`cardrules.core.tricks.card_order`, through
the trick engine's ``trick_rules`` hook. Importing this module registers it as
``left_bower_whist``."""

from __future__ import annotations

import dataclasses
import importlib
import sys
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.cards import Card, Suit
from cardrules.core import trickgame, tricks
from cardrules.core.options import check_choice, check_int, rules_to_text

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

# By name: mypy sees examples/whist.py as the script "whist", not as a module of a package.
whist: Any = importlib.import_module("examples.whist")

NAME: Final = "left_bower_whist"
version: Final = "1"
describe = whist.describe
explain_move = whist.explain_move
#: The other suit of each suit's colour.
PARTNER: Final = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
RANKS: Final = "AKQJT98765432"


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """Whist's options: ``players`` (4), ``target`` (the points that win, default 1) and
    ``order`` (``"bowers"``, the default, or ``"grand"``)."""

    players: int = 4
    target: int = 1
    order: str = "bowers"

    def __attrs_post_init__(self) -> None:
        check_choice("order", self.order, ("bowers", "grand"))
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("target", self.target, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


@attrs.frozen(slots=True)
class View(trickgame.View):
    """Whist's view, with ``known`` (the cards each seat is known to hold) and ``voids``
    (the suits naming the follow groups each seat has shown it lacks)."""

    known: tuple[tuple[Card, ...], ...]
    voids: tuple[tuple[Suit, ...], ...]


def bower_order(trump: Suit | None) -> tricks.TrickRules:
    """The card order of a deal: plain suits without trumps; else the trump group (right
    bower, left bower, then the trump suit's other cards, ace high) and the other suits,
    the left bower's without it."""
    if trump is None:
        return tricks.trick_rules(None)
    right = Card(f"J{trump.letter}")
    left = Card(f"J{PARTNER[trump].letter}")
    groups: list[list[Card]] = [[right, left]]
    groups[0] += [Card(rank + trump.letter) for rank in RANKS if rank != "J"]
    for suit in Suit:
        if suit is not trump:
            groups.append([c for c in (Card(r + suit.letter) for r in RANKS) if c != left])
    return tricks.card_order(groups, trump=0)


#: Skat's grand on 52 cards: the jacks, then each suit without its jack.
GRAND: Final = tricks.card_order(
    [
        "JC JS JH JD",
        *(" ".join(rank + suit.letter for rank in RANKS if rank != "J") for suit in Suit),
    ],
    trump=0,
    names=["jacks", *(suit.plural for suit in Suit)],
)


def bower_rules(rules: Rules, contract: trickgame.Contract) -> tricks.TrickRules:
    """The ``trick_rules`` hook: the deal's card order for its contract's trump suit."""
    if rules.order == "grand":
        return GRAND
    return bower_order(contract.trump)


PRESETS: Final = {"default": Rules()}
GAME: Final = dataclasses.replace(
    whist.GAME,
    name=NAME,
    title="Whist with the bowers",
    rules_class=Rules,
    trumps=dataclasses.replace(whist.GAME.trumps, trick_rules=bower_rules),
    view_class=View,
)
trickgame.install(GAME, globals())
games.register(sys.modules[__name__], replace=True)
