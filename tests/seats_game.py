"""A small contract game whose contract seats a seat out or sets the sides for the
deal, written on the trick engine to test those two fields of the contract apart from
any real game (Euchre's lone hand, Skat's declarer against the other two).

A 12-card deck (jack to ace of clubs, diamonds and hearts), dealt out: three cards
each to four players, four each to three. One auction round from the dealer's left:
each seat in turn may ``take`` (hearts are trumps and the taker declares) or ``hold``;
the first ``take`` ends it, and when all hold the deal is thrown in. The dealer's
left leads the first trick. The declaring side must take more than half of the
tricks: each of its seats then scores the contract's value, and each other seat loses
as much (the other way round when it fails).

* With four players (``players=4``), partners sit opposite (seats 0 and 2 against 1
  and 3). Once the contract is made, the declarer alone calls ``alone`` or
  ``partner`` (a round of one seat after the contract): alone, its partner sits the
  deal out (the contract's ``out``: tricks of three cards, the first lead passes
  over the partner when it is the dealer's left) and the value is 2, else 1.
* With three players (``players=3``), every player plays for himself over the match,
  and the contract sets the deal's sides: the declarer (side 0) against the other
  two (side 1). The value is 1.

The tests register it (as ``seats_tricks``) while they run and remove it afterwards.
:data:`POINTS_GAME` is the same game scored by card points trick by trick (a tally).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules.cards import Card, Suit, parse_cards
from cardrules.core import trickgame
from cardrules.core.options import check_int, rules_to_text
from cardrules.core.trickgame import auctions
from cardrules.game import Event, Fact, Log
from cardrules.moves import Call, Move

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "seats_tricks"
version: Final = "1"
DECK: Final = parse_cards("JC QC KC AC JD QD KD AD JH QH KH AH")
TRUMP: Final = Suit.HEARTS
HOLD: Final = Call("hold", "pass")
TAKE: Final = Call("take")
PARTNER: Final = Call("partner", "pass")
ALONE: Final = Call("alone")


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options (see the module's docs): ``players`` (3 or 4), ``deals``."""

    players: int = 4
    deals: int = 2

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 3, 4)
        self.check_first_dealer(self.players)
        check_int("deals", self.deals, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {
    "default": Rules(),
    "sides": Rules(players=3),
}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """The engine's fields say it all (the calls and the contract among them)."""


def _taken(state: trickgame.State, calls: trickgame.Calls) -> trickgame.Contract | None:
    """The taker declares hearts; with three players, against the other two."""
    if not calls or calls[-1][1] != TAKE:
        return None
    declarer = calls[-1][0]
    players = state.rules.players
    sides = None
    if players == 3:
        sides = tuple(0 if seat == declarer else 1 for seat in range(players))
    return trickgame.Contract(trump=TRUMP, declarer=declarer, sides=sides, terms=(("value", 1),))


def _alone(state: trickgame.State, calls: trickgame.Calls) -> trickgame.Contract | None:
    """Alone: the declarer's partner sits the deal out, for twice the value; None:
    the contract stands."""
    contract = state.contract
    if contract is None or contract.declarer is None or calls[-1][1] != ALONE:
        return None
    partner = (contract.declarer + 2) % 4
    return trickgame.Contract(
        trump=contract.trump, declarer=contract.declarer, out=(partner,), terms=(("value", 2),)
    )


def _teams(rules: Any) -> tuple[tuple[int, ...], ...]:
    if rules.players == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(rules.players))


def _score_deal(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The declaring side (its seats by the deal's sides) scores the value per seat if
    it took more than half of the tricks; the other seats lose as much."""
    contract = state.contract
    assert contract is not None and contract.declarer is not None
    value = contract.term("value")
    assert isinstance(value, int)
    side = next(team for team in trickgame.sides(state) if contract.declarer in team)
    taken = sum(state.tricks_won[seat] for seat in side)
    made = 2 * taken > sum(state.tricks_won)
    sign = 1 if made else -1
    points = tuple(sign * value if s in side else -sign * value for s in range(state.rules.players))
    text = f"the declaring side takes {taken} tricks: {'made' if made else 'down'}"
    return points, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Seats tricks",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(
        deck=lambda rules: DECK, hand_size=lambda rules, number: len(DECK) // rules.players
    ),
    rounds=(
        trickgame.Auction(
            calls=(HOLD, TAKE),
            allowed=lambda state, calls, seat: (HOLD, TAKE),
            next_caller=auctions.turns(auctions.in_rotation, auctions.first_acceptance),
            contract=_taken,
        ),
        trickgame.Auction(
            phase="ALONE",
            key="alone",
            calls=(PARTNER, ALONE),
            applies=lambda rules: rules.players == 4,
            after_contract=True,
            allowed=lambda state, calls, seat: (PARTNER, ALONE),
            next_caller=auctions.declarer_once,
            contract=_alone,
        ),
    ),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: rules.deals),
    teams=_teams,
    moves=trickgame.Moves(max_players=4, forms=("play CARD", "CALL")),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The calls, the contract (who sits out, the sides), the trick and the own hand."""
    return (
        Fact("calls", tuple(f"{seat}: {call}" for calls in view.calls for seat, call in calls)),
        Fact("contract", None if view.contract is None else trickgame.contract_text(view.contract)),
        Fact("trick", view.trick),
        Fact("hand", view.hand),
    )


def explain_move(view: View, move: Move) -> str:
    """A call and a card say what they are in their text."""
    return ""


@attrs.frozen(slots=True, kw_only=True)
class PointsRules(Rules):
    """The rules of :data:`POINTS_GAME`."""


@attrs.frozen(slots=True)
class PointsView(trickgame.View):
    """``taken``: each seat's card points so far in this deal (an ace counts 1)."""

    taken: tuple[int, ...]


def _score_points(
    state: trickgame.State, winner: int, trick: tuple[Card, ...], taken: tuple[int, ...]
) -> tuple[tuple[int, ...], Event]:
    """The trick's aces, a point each, go to its winner."""
    points = sum(card.rank == 14 for card in trick)
    taken = tuple(total + points * (seat == winner) for seat, total in enumerate(taken))
    return taken, Event("trick", winner, trick, value=points, text=f"seat {winner} wins")


def _score_by_points(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """Each seat scores the card points it took."""
    players = state.rules.players
    return state.tally[:players], (), state.log.append(Event("scored", text="points"))


#: The same game scored by the aces each seat takes, trick by trick.
POINTS_GAME: Final = dataclasses.replace(
    GAME,
    name="seats_tricks_points",
    rules_class=PointsRules,
    scoring=trickgame.Scoring(
        deal=_score_by_points,
        counts_tricks=True,
        per_trick=trickgame.TrickScoring(score=_score_points, tally=(("taken", 4, 0, 4),)),
    ),
    view_class=PointsView,
)
