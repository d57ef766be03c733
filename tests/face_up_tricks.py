"""A small trick game whose trumps come from cards turned face up after the hands, with
no passing round (as Maverick turns its two cards, but Maverick also passes). Three
seats, the twenty cards from the ten to the ace; six cards each, the two left over are
turned face up: the first fixes the trump suit, the second the bonus suit (the suit of
the first card of another suit after it, or none). Follow suit; the highest trump, else
the highest card of the suit led, wins. A trick scores one point, and one more if it
holds a card of the bonus suit; one deal. The kit checks it (``check_game``), the
tests register it while they run. Importing this module does not register it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from cardrules.cards import Card, Suit, parse_cards
from cardrules.core import trickgame
from cardrules.core.options import check_int, rules_to_text
from cardrules.game import Event, Fact, Log
from cardrules.moves import Move

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "face_up_tricks"
version: Final = "1"
DECK: Final = parse_cards("10C JC QC KC AC 10D JD QD KD AD 10H JH QH KH AH 10S JS QS KS AS")
HAND: Final = 6


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
    """The engine's fields and the bonus suit (the second face-up suit's key)."""

    bonus: Suit | None
    extra: tuple[int, ...]


def _suits(rules: Rules, cards: tuple[Card, ...]) -> tuple[Suit, Suit | None]:
    """The first card's suit is trumps; the second card's, if another, the bonus suit."""
    trump, second = cards[0].suit, cards[1].suit
    assert trump is not None
    return trump, None if second is trump else second


def _event(rules: Rules, cards: tuple[Card, ...], trump: Suit, bonus: Suit | None) -> Event:
    text = f"face-up cards {cards[0]} {cards[1]}: {trump.plural} are trumps"
    return Event("trump", cards=cards, text=text)


def _score_deal(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """A point a trick (the tally counts the bonus cards' extra points as the tricks go)."""
    points = tuple(won + extra for won, extra in zip(state.tricks_won, state.tally))
    return points, (("tricks", state.tricks_won),), state.log


def _score_trick(
    state: trickgame.State, winner: int, trick: tuple[Card, ...], tally: tuple[int, ...]
) -> tuple[tuple[int, ...], Event]:
    bonus = state.deal.second_suit
    extra = 1 if any(card.suit is bonus for card in trick) else 0
    counted = tuple(n + extra if seat == winner else n for seat, n in enumerate(tally))
    text = f"seat {winner} takes {' '.join(card.text for card in trick)}: {1 + extra} points"
    return counted, Event("trick", winner, trick, value=1 + extra, text=text)


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Face-up tricks",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK, hand_size=lambda rules, number: HAND),
    trumps=trickgame.Trumps(
        face_up=trickgame.FaceUp(count=2, suits=_suits, event=_event, second_key="bonus")
    ),
    scoring=trickgame.Scoring(
        deal=_score_deal,
        counts_tricks=True,
        per_trick=trickgame.TrickScoring(score=_score_trick, tally=(("extra", 3, 0, HAND),)),
    ),
    match=trickgame.MatchPlan(deals=lambda rules: 1),
    moves=trickgame.Moves(max_players=3),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: trumps and the bonus suit, the trick, the hand."""
    return (
        Fact("trumps", view.trump),
        Fact("bonus suit", view.bonus),
        Fact("trick", view.trick),
        Fact("tricks won", view.tricks_won, per_seat=True),
        Fact("hand", view.hand),
    )


def explain_move(view: View, move: Move) -> str:
    """A play says what it is in its text."""
    return ""
