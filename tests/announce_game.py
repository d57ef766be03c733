"""A small game with announcements during play, written on the trick engine to test
them apart from any real game.

Four players, partners opposite (seats 0 and 2, side 0, against 1 and 3, side 1), a
24-card deck (nine to ace), six cards each, hearts trumps. The side that takes more
tricks scores its stake for each of its seats (none on three all); the stake is 1,
doubled by each of these announcements, made by the seat whose card is due before it
plays (the turn does not pass):

* ``re`` (side 0) and ``kontra`` (side 1): once a side, until the seat's second card;
  each shows its maker's side;
* ``all``: the side announces it takes every trick, before the seat's first card,
  once its side has said ``re`` or ``kontra``: it then scores 3 stakes if it does,
  and the other side 3 stakes if not;
* ``pair``: a seat holding the king and queen of trumps shows them, at any time
  before it plays one: its side scores one point more.

:data:`KONTRA_GAME` adds Skat's kind of announcements to the auction game of the
tests (``tests/auction_game.py``): a defender says ``kontra`` before its first card,
and the declaring side may answer ``re`` until its second; each counts one doubling.

The tests register these games while they run and remove them afterwards.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules.cards import Card, Suit, parse_cards
from cardrules.core import trickgame
from cardrules.core.options import check_int, rules_to_text
from cardrules.core.trickgame import announcing
from cardrules.game import Event, Fact, Log
from cardrules.moves import Call, Move
from tests import auction_game

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "announce_tricks"
version: Final = "1"
TEAMS: Final = ((0, 2), (1, 3))
DECK: Final = parse_cards(
    "9C 10C JC QC KC AC 9D 10D JD QD KD AD 9H 10H JH QH KH AH 9S 10S JS QS KS AS"
)
HAND: Final = 6
RE: Final = Call("re", "announce")
KONTRA: Final = Call("kontra", "announce")
ALL: Final = Call("all", "announce")
PAIR: Final = Call("pair", "announce")
PAIR_CARDS: Final = Card("KH").bit | Card("QH").bit


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """``deals``: the deals the match lasts."""

    players: int = 4
    deals: int = 2

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("deals", self.deals, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules()}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """The engine's fields say it all (the announcements and the contract among them)."""


def _side(seat: int) -> int:
    return seat % 2


def _side_said(state: trickgame.State, seat: int, calls: tuple[Call, ...]) -> bool:
    """Whether ``seat``'s side has made one of ``calls``."""
    return any(_side(s) == _side(seat) and c in calls for s, c in trickgame.announced(state))


def _all_terms(contract: trickgame.Contract, seat: int) -> announcing.Terms:
    return announcing.setting("all", _side(seat))(contract, seat)


def _pair_terms(contract: trickgame.Contract, seat: int) -> announcing.Terms:
    return announcing.adding(f"pair {_side(seat)}")(contract, seat)


def _may_all(state: trickgame.State, seat: int) -> bool:
    """Once its side has said ``re`` or ``kontra``, and no ``all`` yet."""
    contract = state.contract
    assert contract is not None
    return _side_said(state, seat, (RE, KONTRA)) and "all" not in dict(contract.terms)


ANNOUNCEMENTS: Final[tuple[trickgame.Announcement[Rules], ...]] = (
    trickgame.Announcement(
        call=RE,
        until_card=2,
        may=lambda state, seat: _side(seat) == 0 and not _side_said(state, seat, (RE,)),
        terms=announcing.doubling("stake"),
        side=0,
        rule_id="AT-1",
    ),
    trickgame.Announcement(
        call=KONTRA,
        until_card=2,
        may=lambda state, seat: _side(seat) == 1 and not _side_said(state, seat, (KONTRA,)),
        terms=announcing.doubling("stake"),
        side=1,
        rule_id="AT-1",
    ),
    trickgame.Announcement(
        call=ALL,
        may=_may_all,
        terms=_all_terms,
        rule_id="AT-2",
    ),
    trickgame.Announcement(
        call=PAIR,
        until_card=None,
        may=lambda state, seat: state.hands[seat] & PAIR_CARDS == PAIR_CARDS,
        terms=_pair_terms,
        shows=lambda state, seat: PAIR_CARDS,
        rule_id="AT-3",
    ),
)


def _term(contract: trickgame.Contract, name: str, default: int) -> int:
    value = dict(contract.terms).get(name, default)
    assert isinstance(value, int)
    return value


def _score_deal(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The side with more tricks scores the stake a seat; an ``all`` announced scores
    three stakes for whichever side it favours; a ``pair`` one point."""
    contract = state.contract
    assert contract is not None
    stake = _term(contract, "stake", 1)
    taken = [state.tricks_won[0] + state.tricks_won[2], state.tricks_won[1] + state.tricks_won[3]]
    gains = [0, 0]
    if "all" in dict(contract.terms):
        side = _term(contract, "all", 0)
        winner = side if taken[side] == HAND else 1 - side
        gains[winner] += 3 * stake
    elif taken[0] != taken[1]:
        gains[0 if taken[0] > taken[1] else 1] += stake
    for side in (0, 1):
        gains[side] += _term(contract, f"pair {side}", 0)
    points = tuple(gains[_side(seat)] for seat in range(4))
    text = f"the sides take {taken[0]} and {taken[1]} tricks: stake {stake}"
    return points, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Announcement tricks",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK, hand_size=lambda rules, number: HAND),
    trumps=trickgame.Trumps(suit=lambda rules, number: Suit.HEARTS),
    announcements=ANNOUNCEMENTS,
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: rules.deals),
    teams=lambda rules: TEAMS,
    moves=trickgame.Moves(max_players=4, forms=("play CARD", "ANNOUNCEMENT")),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The announcements, the contract, the trick and the own hand."""
    return (
        Fact("announced", tuple(f"{seat}: {call}" for seat, call in view.announced)),
        Fact("contract", None if view.contract is None else trickgame.contract_text(view.contract)),
        Fact("trick", view.trick),
        Fact("hand", view.hand),
    )


def explain_move(view: View, move: Move) -> str:
    """An announcement and a card say what they are in their text."""
    return ""


# ---------------------------------------------------------------- Kontra in the auction game

SKAT_KONTRA: Final = Call("kontra", "announce")
SKAT_RE: Final = Call("re", "announce")


def _declaring_side(state: trickgame.State, seat: int) -> bool:
    contract = state.contract
    return (
        contract is not None
        and contract.declarer is not None
        and ((seat - contract.declarer) % 2 == 0)
    )


def _said(state: trickgame.State, call: Call) -> bool:
    return any(made == call for _, made in trickgame.announced(state))


@attrs.frozen(slots=True, kw_only=True)
class KontraRules(auction_game.Rules):
    """The rules of :data:`KONTRA_GAME`."""

    def __str__(self) -> str:
        return rules_to_text("auction_tricks_kontra", self)


#: The auction game with Kontra and Re announced during play (one doubling each).
KONTRA_GAME: Final = dataclasses.replace(
    auction_game.GAME,
    name="auction_tricks_kontra",
    rules_class=KontraRules,
    announcements=(
        trickgame.Announcement(
            call=SKAT_KONTRA,
            may=lambda state, seat: (
                not _declaring_side(state, seat) and not _said(state, SKAT_KONTRA)
            ),
            terms=announcing.adding("doubled"),
        ),
        trickgame.Announcement(
            call=SKAT_RE,
            until_card=2,
            may=lambda state, seat: (
                _declaring_side(state, seat)
                and _said(state, SKAT_KONTRA)
                and not _said(state, SKAT_RE)
            ),
            terms=announcing.adding("doubled"),
        ),
    ),
)


def kontra_module() -> Any:
    """A module object for :data:`KONTRA_GAME`, as a game module would be."""
    import types

    module = types.ModuleType("tests.announce_game_kontra")
    namespace: dict[str, Any] = vars(module)
    namespace.update(
        {
            "NAME": KONTRA_GAME.name,
            "version": KONTRA_GAME.version,
            "Rules": KontraRules,
            "PRESETS": {"default": KontraRules()},
            "View": auction_game.View,
            "describe": auction_game.describe,
            "explain_move": auction_game.explain_move,
        }
    )
    trickgame.install(KONTRA_GAME, namespace)
    return module
