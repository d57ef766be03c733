"""A small game with a pile dealt beside the hands, written on the trick engine to test
named piles and the moves that take them up and lay cards away, apart from any real
game.

Three players, ``hand`` cards each (2 to 4) from a small deck of hearts and spades
(ace high, hearts trumps), and a two-card ``skat`` dealt after the hands. An auction
(each seat once from the dealer's left, ``take`` or ``pass``; the first ``take``
declares, with hearts trumps) decides the declarer; when all pass the deal is thrown
in. With ``hand_game``, the declarer then says ``hand`` (it plays without the skat) or
``pick up``. Unless it plays a hand game, it takes the skat (``take skat``) and lays two
cards away (``lay away ...``); with ``no_aces``, not an ace. The skat counts for the
declarer: the declarer scores the card points (ace 11, king 4, queen 3) of its tricks
and of the skat, the others nothing.

:data:`UPCARD_GAME` is Euchre's turned card instead: one card turned on the ``upcard``
pile; the first ``take`` makes its suit trumps and the dealer takes it up and lays one
card away.

The tests register it (as ``pile_tricks``) while they run and remove it afterwards.
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

NAME: Final = "pile_tricks"
version: Final = "1"
DECK: Final = parse_cards("QH KH AH QS KS AS 10H 10S 9H 9S JH JS 8H 8S")
PASS: Final = Call("pass", "pass")
TAKE: Final = Call("take")
HAND: Final = Call("hand")
PICK_UP: Final = Call("pick up", "pass")
ACE: Final = 14
POINTS: Final = {ACE: 11, 13: 4, 12: 3}  # ace, king, queen


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options (see the module's docs): ``hand`` (cards each), ``hand_game``,
    ``no_aces``, ``deals``."""

    players: int = 3
    hand: int = 4
    hand_game: bool = False
    no_aces: bool = False
    deals: int = 2

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 3, 3)
        self.check_first_dealer(self.players)
        check_int("hand", self.hand, 2, 4)
        check_int("deals", self.deals, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {
    "default": Rules(),
    "hand": Rules(hand_game=True, no_aces=True),
    "small": Rules(hand=2),
}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """The engine's fields (the calls, the contract and the piles among them) and ``taken``,
    each seat's card points in tricks so far."""

    taken: tuple[int, ...]


def points(cards: tuple[Card, ...]) -> int:
    """The card points of these cards."""
    return sum(POINTS.get(card.rank, 0) for card in cards)


def _deck(rules: Any) -> tuple[Card, ...]:
    return DECK[: 3 * rules.hand + 2]


def _contract(state: trickgame.State, calls: trickgame.Calls) -> trickgame.Contract | None:
    """The first ``take`` declares; hearts are trumps (in the upcard game, the turned
    card's suit)."""
    if not calls or calls[-1][1] != TAKE:
        return None
    trump: Suit | None = Suit.HEARTS
    if state.deal.game.dealing.piles[0].turned:
        trump = trickgame.pile_cards(state, "upcard")[0][0].suit
    return trickgame.Contract(trump=trump, declarer=calls[-1][0])


def _skat_taker(state: trickgame.State) -> int | None:
    """The declarer, unless it said ``hand``."""
    for round_calls in state.calls[1:]:
        if any(call == HAND for _, call in round_calls):
            return None
    return trickgame.declarer_takes(state)


def _no_aces(state: trickgame.State, seat: int, cards: tuple[Card, ...]) -> str | None:
    """With ``no_aces``, an ace may not be laid away."""
    if state.rules.no_aces and any(card.rank == ACE for card in cards):
        return "an ace may not be laid away (no_aces)"
    return None


def _score_deal(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The declarer scores the card points of its tricks (the tally, which the trick
    scorer keeps) and of the piles that count for it."""
    contract = state.contract
    assert contract is not None and contract.declarer is not None
    declarer = contract.declarer
    won = state.tally[declarer]
    skat = sum(
        points(cards)
        for name, cards, _ in trickgame.laid_away(state)
        if trickgame.pile_owner(state, name) == declarer
    )
    result = tuple(won + skat if seat == declarer else 0 for seat in range(3))
    text = f"seat {declarer} scores {won} in tricks and {skat} in the skat"
    return result, (), state.log.append(Event("scored", text=text))


def _score_trick(
    state: trickgame.State, winner: int, trick: tuple[Card, ...], taken: tuple[int, ...]
) -> tuple[tuple[int, ...], Event]:
    """The trick's card points go to its winner."""
    won = points(trick)
    taken = tuple(total + won * (seat == winner) for seat, total in enumerate(taken))
    return taken, Event("trick", winner, trick, value=won, text=f"seat {winner} takes {won}")


_AUCTION: Final[trickgame.Auction[Rules]] = trickgame.Auction(
    calls=(PASS, TAKE),
    allowed=lambda state, calls, seat: (PASS, TAKE),
    next_caller=auctions.turns(auctions.in_rotation, auctions.first_acceptance),
    contract=_contract,
)

GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Pile tricks",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(
        deck=_deck,
        hand_size=lambda rules, number: rules.hand,
        piles=(trickgame.Pile(name="skat", size=2, counts_for="declarer"),),
    ),
    rounds=(
        _AUCTION,
        trickgame.Auction(
            phase="HAND",
            key="hand_game",
            calls=(HAND, PICK_UP),
            applies=lambda rules: rules.hand_game,
            after_contract=True,
            allowed=lambda state, calls, seat: (HAND, PICK_UP),
            next_caller=auctions.declarer_once,
            contract=lambda state, calls: None,
        ),
        trickgame.PileStep(pile="skat", lay_away=2, taker=_skat_taker, refuse=_no_aces),
    ),
    scoring=trickgame.Scoring(
        deal=_score_deal,
        per_trick=trickgame.TrickScoring(score=_score_trick, tally=(("taken", 3, 0, 36),)),
    ),
    match=trickgame.MatchPlan(deals=lambda rules: rules.deals),
    moves=trickgame.Moves(
        max_players=3, forms=("play CARD", "CALL", "take PILE", "lay away CARDS")
    ),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The contract, the piles, the trick and the own hand."""
    return (
        Fact("contract", None if view.contract is None else trickgame.contract_text(view.contract)),
        Fact("piles", tuple(f"{p.name}: {p.size} cards" for p in view.piles)),
        Fact("trick", view.trick),
        Fact("hand", view.hand),
    )


def explain_move(view: View, move: Move) -> str:
    """Every move says what it is in its text."""
    return ""


@attrs.frozen(slots=True, kw_only=True)
class UpcardRules(Rules):
    """The rules of :data:`UPCARD_GAME`."""


#: Euchre's turned card: the dealer takes it up and lays one card away.
UPCARD_GAME: Final = dataclasses.replace(
    GAME,
    name="pile_tricks_upcard",
    rules_class=UpcardRules,
    dealing=trickgame.Dealing(
        deck=_deck,
        hand_size=lambda rules, number: rules.hand,
        piles=(trickgame.Pile(name="upcard", size=1, turned=True),),
    ),
    rounds=(
        _AUCTION,
        trickgame.PileStep(
            pile="upcard", phase="PICK_UP", lay_away=1, taker=lambda state: state.match.dealer
        ),
    ),
)
