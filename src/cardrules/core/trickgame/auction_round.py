"""The auction round of a trick game's description: :class:`Auction` (a round of calls
that decides the deal's :class:`~cardrules.core.trickgame.Contract`), the calls so far
its hooks see (:data:`Calls`), and the contract in words."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic

from cardrules._mypyc import mypyc_attr
from cardrules.core.trickgame.contract import Contract, contract_text
from cardrules.core.trickgame.parts import Declaring, R
from cardrules.core.trickgame.state import State
from cardrules.errors import RulesError
from cardrules.game import Event
from cardrules.moves import Call

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame

__all__ = ["Auction", "Calls", "auction_calls", "default_contract_event"]


#: The calls of an auction so far, oldest first: ``(seat, call)`` pairs.
Calls = tuple[tuple[int, Call], ...]


def _always(rules: Any) -> bool:
    return True


def _call_event(state: State, seat: int, call: Call) -> Event:
    return Event("call", seat, text=f"seat {seat} calls {call}")


def default_contract_event(state: State, contract: Contract) -> Event:
    """The public event that announces an auction's contract, unless the game says
    otherwise (:attr:`Auction.contract_event`): ``contract: seat 2 declares: trumps
    hearts, level 4``."""
    return Event("contract", contract.declarer, text=f"contract: {contract_text(contract)}")


def _none_forced(state: State) -> Contract | None:
    return None


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Auction(Generic[R]):
    """A round of calls before play that decides the deal's
    :class:`~cardrules.core.trickgame.Contract` (bridge, Euchre, Skat, Five Hundred,
    Pinochle, ...): who calls next, the calls allowed to that seat and the contract the
    calls make are hooks over the calls so far (a tuple of ``(seat, call)`` pairs;
    :data:`Calls`); :mod:`~cardrules.core.trickgame.auctions` has them ready-made for
    the common schemes. Every call is a :class:`~cardrules.moves.Call`, public, and
    read back from its words.

    When the round ends (``next_caller`` gives None), ``contract`` gives the deal's
    contract, which every later part reads (its trumps, its first leader, its dummy).
    When it gives None (all passed), ``all_passed`` may force one (stick the dealer);
    otherwise the deal goes on to the next auction round, if the game has one that
    applies (Euchre's second round), or else is thrown in: it ends unscored and the
    next dealer deals (:func:`~cardrules.core.trickgame.throw_in`). An auction round
    is skipped once the deal has a contract, unless it is made ``after_contract``: such
    a round is played only once the deal has one (the declarer's choices, as going
    alone or raising the stakes; a round of one seat:
    ``next_caller=auctions.declarer_once``), and its ``contract`` hook gives the
    contract as its calls change it (None: as it was). A view shows the calls of every
    auction round (``calls``, one tuple per round) and the ``contract``.

    A bridge auction, in outline::

        Auction(
            calls=(PASS, *BIDS, DOUBLE, REDOUBLE),
            allowed=...,            # higher bids; double an opponent's bid, ...
            next_caller=auctions.turns(auctions.from_dealer, auctions.passes_after_bid(3)),
            contract=...,           # the last bid, its doubling, the declarer
        )
    """

    #: The name of its ``Phase`` member.
    phase: str = "AUCTION"
    #: Its calls' key in the state's JSON form and positions (each auction round of a
    #: game has its own).
    key: str = "calls"
    #: Every call of the round, in move-number order (a game's calls are numbered after
    #: its other moves, in the order of its rounds, each call once).
    calls: tuple[Call, ...]
    #: ``allowed(state, calls, seat)``: the calls open to the seat, in the order of
    #: ``calls``.
    allowed: Callable[[State, Calls, int], tuple[Call, ...]]
    #: ``next_caller(state, calls)``: the seat to call next, or None: the round is over.
    next_caller: Callable[[State, Calls], int | None]
    #: ``contract(state, calls)``: the contract the round's calls make, asked when the
    #: round is over; None: all passed.
    contract: Callable[[State, Calls], Contract | None]
    #: ``all_passed(state)``: a contract forced when all passed (stick the dealer), or
    #: None (the default): the next auction round, else a throw-in.
    all_passed: Callable[[State], Contract | None] = _none_forced
    #: ``applies(rules)``: whether the round is played (default: always).
    applies: Callable[[R], bool] = _always
    #: Played once the deal has a contract, which its calls may change (default
    #: False: played until the deal has one).
    after_contract: bool = False
    #: ``event(state, seat, call)``: the call's public event (default ``seat 1 calls 1NT``).
    event: Callable[[State, int, Call], Event] = _call_event
    #: ``contract_event(state, contract)``: the public event when the contract is made
    #: (default :func:`default_contract_event`).
    contract_event: Callable[[State, Contract], Event] = default_contract_event
    #: ``why_not(state, seat, move)``: in the game's words, why a move is refused
    #: (default None: the calls allowed are listed).
    why_not: Callable[[State, int, object], str] | None = None

    def __post_init__(self) -> None:
        if not self.calls or len(set(self.calls)) != len(self.calls):
            raise RulesError(f"auction {self.phase}: its calls are one or more different Calls")


def auction_calls(game: TrickGame[Any]) -> tuple[Call, ...]:
    """Every call of the game's auction rounds, each once, in the order of the rounds,
    then its announcements (:class:`~cardrules.core.trickgame.Announcement`); refused
    when two calls share their words (a call is read back from them) or two auction
    rounds their key."""
    calls: dict[Call, None] = {}
    keys: set[str] = set()
    others = {r.key for r in game.rounds if isinstance(r, Declaring)} | {"contract", "passed"}
    for round_ in game.rounds:
        if isinstance(round_, Auction):
            if round_.key in others:
                raise RulesError(
                    f"{game.title}'s auction round {round_.phase} cannot be keyed "
                    f"{round_.key!r}: the state's JSON form holds another field of that name "
                    "(Auction(key=...))"
                )
            if round_.key in keys:
                raise RulesError(
                    f"{game.title}'s auction rounds need keys of their own: {round_.key!r} "
                    "is given twice (Auction(key=...))"
                )
            keys.add(round_.key)
            calls.update(dict.fromkeys(round_.calls))
    calls.update(dict.fromkeys(a.call for a in game.announcements))
    words: dict[str, Call] = {}
    for call in calls:
        other = words.setdefault(call.words.lower(), call)
        if other != call:
            raise RulesError(
                f"{game.title}'s calls {other!r} and {call!r} have the same words: a call is "
                "read back from its words"
            )
    return tuple(calls)
