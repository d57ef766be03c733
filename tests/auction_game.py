"""A small contract game with an auction, written on the trick engine to test the
auction and the contract apart from any real game.

Four players, partners opposite (seats 0 and 2 against 1 and 3), a 24-card deck (nine
to ace), six cards each. An auction of "level + strain" calls (``1C`` ... ``4NT``, the
strains clubs, diamonds, hearts, spades, no trumps), with ``pass``, ``double`` and
``redouble`` (doubles only against the other side), decides the contract: the last bid
names the trumps and the level, its bidder declares, the declarer's left leads. The
declaring side must take ``level + 2`` of the six tricks: it scores ``10 * level``,
doubled once for each doubling, per seat, or loses as much. Options exercise the
engine's mechanisms:

* ``order``: ``"rotation"`` (every seat in turn; three passes after a bid end the
  auction), ``"skip"`` (a seat that passed is not asked again; the auction ends
  when one bidder is left), ``"once"`` (each seat calls once; the last bid stands)
  or ``"pairs"`` (two at a time, as in Skat: the dealer's second left bids to his
  left, who says ``yes`` or passes; the survivor faces the next seat, then the dealer;
  the survivor declares at the last bid);
* ``dummy``: the declarer's partner is a dummy (its hand is face up after the
  opening lead and the declarer plays it);
* ``all_pass``: ``"throw in"`` (the deal is thrown in; the next dealer deals) or
  ``"forced"`` (the dealer must play 1NT);
* ``preround``: a first auction round before the bidding in which each seat in turn
  may ``take`` (hearts trumps, level 1, the taker declares) or ``hold``; the first
  ``take`` ends it, and when all hold the bidding follows;
* ``stakes``: once the contract is made, the declarer alone may ``raise`` (the
  contract counts one doubling more) or ``stand``;
* ``deals``: the deals the match lasts.

The tests register it (as ``auction_tricks``) while they run and remove it afterwards.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules.cards import Suit, parse_cards
from cardrules.core import trickgame
from cardrules.core.options import check_choice, check_int, rules_to_text
from cardrules.core.trickgame import auctions
from cardrules.game import Event, Fact, Log
from cardrules.moves import Call, Move

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "auction_tricks"
version: Final = "1"
TEAMS: Final = ((0, 2), (1, 3))
DECK: Final = parse_cards(
    "9C 10C JC QC KC AC 9D 10D JD QD KD AD 9H 10H JH QH KH AH 9S 10S JS QS KS AS"
)
HAND: Final = 6
BOOK: Final = 2  # tricks over which the level counts

#: The strains from lowest to highest, with their trump suits.
STRAINS: Final[tuple[tuple[str, Suit | None], ...]] = (
    ("C", Suit.CLUBS),
    ("D", Suit.DIAMONDS),
    ("H", Suit.HEARTS),
    ("S", Suit.SPADES),
    ("NT", None),
)
PASS: Final = Call("pass", "pass")
DOUBLE: Final = Call("double", "double")
REDOUBLE: Final = Call("redouble", "redouble")
BIDS: Final = tuple(Call(f"{level}{strain}") for level in range(1, 5) for strain, _ in STRAINS)
HOLD: Final = Call("hold", "pass")
TAKE: Final = Call("take")
RAISE: Final = Call("raise")
YES: Final = Call("yes", "hold")
STAND: Final = Call("stand", "pass")


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options (see the module's docs): ``order``, ``dummy``, ``all_pass``,
    ``preround``, ``deals``."""

    players: int = 4
    order: str = "rotation"
    dummy: bool = False
    all_pass: str = "throw in"
    preround: bool = False
    stakes: bool = False
    deals: int = 4

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_choice("order", self.order, ("rotation", "skip", "once", "pairs"))
        check_choice("all_pass", self.all_pass, ("throw in", "forced"))
        check_int("deals", self.deals, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {
    "default": Rules(),
    "dummy": Rules(dummy=True, order="skip"),
    "forced": Rules(all_pass="forced", preround=True, dummy=True),
    "once": Rules(order="once", stakes=True),
    "pairs": Rules(order="pairs", dummy=True),
}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """The engine's fields say it all (the calls and the contract among them)."""


def _bid_terms(call: Call) -> tuple[int, Suit | None]:
    """A bid's level and trump suit."""
    level = int(call.words[0])
    trump = next(suit for strain, suit in STRAINS if call.words[1:] == strain)
    return level, trump


def _contract(
    rules: Any, declarer: int, trump: Suit | None, level: int, doubled: int
) -> trickgame.Contract:
    return trickgame.Contract(
        trump=trump,
        declarer=declarer,
        dummy=(declarer + 2) % 4 if rules.dummy else None,
        leader=(declarer + 1) % 4,
        terms=(("level", level), ("doubled", doubled)),
    )


def _bidding_contract(state: trickgame.State, calls: trickgame.Calls) -> trickgame.Contract | None:
    """The last bid's level and trumps, its bidder declaring; None when all passed."""
    standing = auctions.standing_bid(calls)
    if standing is None:
        return None
    level, trump = _bid_terms(standing[1])
    declarer = standing[0]
    if state.rules.order == "pairs":
        declarer = auctions.pair_survivor(_seniority(state), calls)
    return _contract(state.rules, declarer, trump, level, auctions.doubling(calls))


def _forced(state: trickgame.State) -> trickgame.Contract | None:
    """With ``all_pass="forced"``, the dealer must play 1NT."""
    if state.rules.all_pass != "forced":
        return None
    return _contract(state.rules, state.match.dealer, None, 1, 0)


_ROTATION: Final = auctions.turns(auctions.in_rotation, auctions.passes_after_bid(3))


def _seniority(state: trickgame.State) -> tuple[int, ...]:
    """From the dealer's left round to the dealer."""
    return tuple((state.match.dealer + 1 + k) % 4 for k in range(4))


_PAIRS: Final = auctions.in_pairs(_seniority)
_PAIR_CALLS: Final = auctions.pair_calls((PASS, *BIDS, YES), _seniority)
_LADDER: Final = auctions.ladder((PASS, *BIDS, DOUBLE, REDOUBLE))


def _allowed(state: trickgame.State, calls: trickgame.Calls, seat: int) -> tuple[Call, ...]:
    """Two at a time with ``order="pairs"``, else a ladder with doubles."""
    return (_PAIR_CALLS if state.rules.order == "pairs" else _LADDER)(state, calls, seat)


_ORDERS: Final = {
    "pairs": _PAIRS,
    "rotation": _ROTATION,
    "skip": auctions.turns(auctions.skipping_passed, auctions.one_bidder_left),
    "once": auctions.turns(auctions.in_rotation, auctions.once_each),
}


def _next_bidder(state: trickgame.State, calls: trickgame.Calls) -> int | None:
    """By the ``order`` option (see the module's docs)."""
    return _ORDERS[state.rules.order](state, calls)


def _raised(state: trickgame.State, calls: trickgame.Calls) -> trickgame.Contract | None:
    """A raise doubles the contract once more; None: it stands as it was."""
    contract = state.contract
    if contract is None or calls[-1][1] != RAISE:
        return None
    doubled = contract.term("doubled")
    assert isinstance(doubled, int)
    level = contract.term("level")
    assert isinstance(level, int) and contract.declarer is not None
    return _contract(state.rules, contract.declarer, contract.trump, level, doubled + 1)


def _preround_contract(state: trickgame.State, calls: trickgame.Calls) -> trickgame.Contract | None:
    """The taker declares hearts at level 1; None when all held."""
    if calls and calls[-1][1] == TAKE:
        return _contract(state.rules, calls[-1][0], Suit.HEARTS, 1, 0)
    return None


def _score_deal(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The declaring side scores ``10 * level`` (doubled per doubling) per seat if it
    took ``level + 2`` tricks, else loses as much."""
    contract = state.contract
    assert contract is not None and contract.declarer is not None
    side = TEAMS[contract.declarer % 2]
    level, doubled = contract.term("level"), contract.term("doubled")
    assert isinstance(level, int) and isinstance(doubled, int)
    taken = sum(state.tricks_won[seat] for seat in side)
    value = 10 * level * 2**doubled
    made = taken >= level + BOOK
    points = tuple((value if made else -value) if seat in side else 0 for seat in range(4))
    text = f"seats {side[0]} and {side[1]} take {taken} tricks: {'made' if made else 'down'}"
    return points, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Auction tricks",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK, hand_size=lambda rules, number: HAND),
    rounds=(
        trickgame.Auction(
            phase="PREROUND",
            key="preround",
            calls=(HOLD, TAKE),
            applies=lambda rules: rules.preround,
            allowed=lambda state, calls, seat: (HOLD, TAKE),
            next_caller=auctions.turns(auctions.in_rotation, auctions.first_acceptance),
            contract=_preround_contract,
        ),
        trickgame.Auction(
            calls=(PASS, *BIDS, DOUBLE, REDOUBLE, YES),
            allowed=_allowed,
            next_caller=_next_bidder,
            contract=_bidding_contract,
            all_passed=_forced,
        ),
        trickgame.Auction(
            phase="STAKES",
            key="stakes",
            calls=(STAND, RAISE),
            applies=lambda rules: rules.stakes,
            after_contract=True,
            allowed=lambda state, calls, seat: (STAND, RAISE),
            next_caller=auctions.declarer_once,
            contract=_raised,
        ),
    ),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: rules.deals),
    teams=lambda rules: TEAMS,
    moves=trickgame.Moves(max_players=4, forms=("play CARD", "CALL")),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The calls, the contract, the trick, the dummy's hand and the own hand."""
    return (
        Fact("calls", tuple(f"{seat}: {call}" for calls in view.calls for seat, call in calls)),
        Fact("contract", None if view.contract is None else trickgame.contract_text(view.contract)),
        Fact("trick", view.trick),
        Fact("dummy", view.dummy_hand),
        Fact("hand", view.hand),
    )


def explain_move(view: View, move: Move) -> str:
    """A call and a card say what they are in their text."""
    return ""


@attrs.frozen(slots=True, kw_only=True)
class RevokeRules(Rules):
    """The rules of :data:`REVOKE_GAME`: revokes are legal and penalised."""


#: The same game with legal revokes (which views and sampling treat otherwise).
REVOKE_GAME: Final = dataclasses.replace(
    GAME,
    name="auction_tricks_revokes",
    rules_class=RevokeRules,
    play=trickgame.TrickPlay(
        revoking=trickgame.Revoking(
            allowed=lambda rules: True,
            event=lambda rules, seat, led: Event("revoke", seat, text=f"seat {seat} revokes"),
        )
    ),
)


@attrs.frozen(slots=True, kw_only=True)
class UpcardRules(Rules):
    """The rules of :data:`UPCARD_GAME`: five cards each and a card turned up."""

    def __str__(self) -> str:
        return rules_to_text("auction_tricks_upcard", self)


#: The same game with five cards each and the next card turned up, as Euchre's upcard
#: (the auction's contract, not the card, fixes the trumps).
UPCARD_GAME: Final = dataclasses.replace(
    GAME,
    name="auction_tricks_upcard",
    rules_class=UpcardRules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK, hand_size=lambda rules, number: 5),
    trumps=trickgame.Trumps(card="next"),
)
