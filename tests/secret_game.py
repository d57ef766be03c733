"""A small contract game whose partners stay secret until a card shows them, written
on the trick engine to test the contract's partner cards apart from any real game
(as Schafkopf's Rufspiel: the declarer calls an ace, and its holder is his partner).

Four players, each for himself across the match, a 24-card deck (nine to ace), six
cards each, hearts trumps. One auction round from the dealer's left: each seat in
turn passes or calls the ace of a plain suit (clubs, diamonds, spades), allowed only
for an ace it lacks while it holds a card of that suit; the first call ends the round
and the caller declares, with the holder of the called ace as his secret partner
(everyone knows the caller lacks it); when all pass the deal is thrown in. The
declarer's side must take four of the six tricks: each of its seats scores 10, each
other seat loses 10; or the other way round.

With ``queens=True`` (as Doppelkopf's two queens of clubs) the first seat to say
``play`` makes a contract without a declarer: the holders of the queens of clubs and
spades are one side, secret until a queen falls or is announced; before its second
card a holder may announce ``re`` (showing side 0), another seat ``kontra`` (side 1).

The tests register it (as ``secret_tricks``) while they run and remove it afterwards.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Final

import attrs

from cardrules.cards import Card, Suit, parse_cards
from cardrules.core import trickgame
from cardrules.core.options import check_int, rules_to_text
from cardrules.core.trickgame import auctions
from cardrules.game import Event, Fact, Log
from cardrules.moves import Call, Move

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "secret_tricks"
version: Final = "1"
DECK: Final = parse_cards(
    "9C 10C JC QC KC AC 9D 10D JD QD KD AD 9H 10H JH QH KH AH 9S 10S JS QS KS AS"
)
HAND: Final = 6
NEEDED: Final = 4  # tricks the declarer's side must take
PASS: Final = Call("pass", "pass")
#: The aces that may be called: those of the plain suits.
ACES: Final = parse_cards("AC AD AS")
CALLS: Final = tuple(Call(f"call {ace}") for ace in ACES)
PLAY: Final = Call("play")
#: The cards whose holders are one side with ``queens=True``.
QUEENS: Final = parse_cards("QC QS")
RE: Final = Call("re", "announce")
KONTRA: Final = Call("kontra", "announce")


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options: ``deals``, the deals the match lasts; ``queens``, the side of the
    queens' holders instead of a called ace."""

    players: int = 4
    deals: int = 4
    queens: bool = False

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("deals", self.deals, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "queens": Rules(queens=True)}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """The engine's fields say it all (the calls and the contract among them)."""


def callable_aces(hand: int) -> tuple[Card, ...]:
    """The aces a seat holding ``hand`` (a card mask) may call: of a plain suit it
    holds a card of, but not the ace."""
    return tuple(
        ace
        for ace in ACES
        if not hand & ace.bit and any(hand & card.bit for card in DECK if card.suit is ace.suit)
    )


def _allowed(state: trickgame.State, calls: trickgame.Calls, seat: int) -> tuple[Call, ...]:
    """Pass, or call an ace the seat may call; ``play`` with ``queens=True``."""
    if state.rules.queens:
        return (PASS, PLAY)
    aces = callable_aces(state.hands[seat])
    return (PASS, *(call for call, ace in zip(CALLS, ACES) if ace in aces))


def _holds_queen(state: trickgame.State, seat: int) -> bool:
    """Whether ``seat`` held a queen of :data:`QUEENS` at the start of play (a
    ``queens`` contract)."""
    contract = state.contract
    if contract is None or contract.partner_cards != QUEENS:
        return False
    return seat in {s for side in trickgame.sides(state)[:1] for s in side}


def _contract(state: trickgame.State, calls: trickgame.Calls) -> trickgame.Contract | None:
    """The caller declares, hearts trumps, the called ace's holder his secret partner;
    None when all passed."""
    if not calls or calls[-1][1] == PASS:
        return None
    seat, call = calls[-1]
    if call == PLAY:
        return trickgame.Contract(trump=Suit.HEARTS, partner_cards=QUEENS)
    ace = ACES[CALLS.index(call)]
    return trickgame.Contract(
        trump=Suit.HEARTS, declarer=seat, partner_cards=(ace,), declarer_lacks=True
    )


def _score_deal(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """Side 0 (the declarer's, as the cards made the sides) wins 10 a seat if it
    took four tricks, else loses as much; the other seats the other way round."""
    side = trickgame.sides(state)[0]
    taken = sum(state.tricks_won[seat] for seat in side)
    made = taken >= NEEDED
    points = tuple((10 if made == (seat in side) else -10) for seat in range(4))
    seats = " and ".join(map(str, side))
    text = f"seat{'s' if len(side) > 1 else ''} {seats} take {taken} tricks"
    return points, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Secret partner tricks",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK, hand_size=lambda rules, number: HAND),
    rounds=(
        trickgame.Auction(
            calls=(PASS, *CALLS, PLAY),
            allowed=_allowed,
            next_caller=auctions.turns(auctions.in_rotation, auctions.first_acceptance),
            contract=_contract,
        ),
    ),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: rules.deals),
    moves=trickgame.Moves(max_players=4, forms=("play CARD", "CALL")),
    view_class=View,
    announcements=(
        trickgame.Announcement(
            call=RE, until_card=2, may=lambda state, seat: _holds_queen(state, seat), side=0
        ),
        trickgame.Announcement(
            call=KONTRA,
            until_card=2,
            may=lambda state, seat: state.rules.queens and not _holds_queen(state, seat),
            side=1,
        ),
    ),
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The calls, the contract, the sides this seat knows, the trick and the hand."""
    return (
        Fact("calls", tuple(f"{seat}: {call}" for calls in view.calls for seat, call in calls)),
        Fact("contract", None if view.contract is None else trickgame.contract_text(view.contract)),
        Fact("sides", trickgame.known_sides(view)),
        Fact("trick", view.trick),
        Fact("hand", view.hand),
    )


def explain_move(view: View, move: Move) -> str:
    """A call and a card say what they are in their text."""
    return ""


@attrs.frozen(slots=True, kw_only=True)
class RevokeRules(Rules):
    """The rules of :data:`REVOKE_GAME`: revokes are legal and penalised."""


#: The same game with legal revokes (sampled by the engine's other sampler).
REVOKE_GAME: Final = dataclasses.replace(
    GAME,
    name="secret_tricks_revokes",
    rules_class=RevokeRules,
    play=trickgame.TrickPlay(
        revoking=trickgame.Revoking(
            allowed=lambda rules: True,
            event=lambda rules, seat, led: Event("revoke", seat, text=f"seat {seat} revokes"),
        )
    ),
)
