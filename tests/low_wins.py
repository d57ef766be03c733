"""A small trick game without trumps whose deals have their own card order, given by the
trick engine's ``trick_rules`` hook (as a game of the contract family gives its
no-trump deals theirs): the lowest card of the suit led wins the trick. Three seats,
the twenty cards from the ten to the ace, six cards each, two left undealt; follow
suit; a point a trick; one deal. Importing this module does not register it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules.cards import ALL_CARDS
from cardrules.core import trickgame, tricks
from cardrules.core.options import check_int, rules_to_text
from cardrules.game import Event, Fact, Log
from cardrules.moves import Move
from tests.face_up_tricks import DECK, HAND

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "low_wins"
version: Final = "1"
#: Each card's strength within its suit: the lower the rank, the stronger.
LOW_FIRST: Final = tuple(-card.rank for card in ALL_CARDS)


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """``players`` (3, the only number)."""

    players: int = 3

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 3, 3)
        self.check_first_dealer(self.players)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules()}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """The engine's fields say it all."""


# The deal's trumps are not read (there are none): the hook's second argument is Any.
def low_wins_rules(rules: Rules, trumps: Any) -> tricks.TrickRules:
    """Plain suits, no trumps, the lowest card of the suit led wins."""
    plain = tricks.PLAIN[None]
    return tricks.TrickRules(None, None, True, plain.follow_masks, 0, LOW_FIRST)


def _score_deal(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """A point a trick."""
    return state.tricks_won, (("tricks", state.tricks_won),), state.log


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Low wins",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK, hand_size=lambda rules, number: HAND),
    trumps=trickgame.Trumps(trick_rules=low_wins_rules),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: 1),
    moves=trickgame.Moves(max_players=3),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the trick, the tricks won, the hand."""
    return (
        Fact("trick", view.trick),
        Fact("tricks won", view.tricks_won, per_seat=True),
        Fact("hand", view.hand),
    )


def explain_move(view: View, move: Move) -> str:
    """A play says what it is in its text."""
    return ""
