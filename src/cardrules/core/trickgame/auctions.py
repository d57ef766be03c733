"""Ready-made hooks for an :class:`~cardrules.core.trickgame.Auction`: who calls next
(an order and an end rule, joined by :func:`turns`), the calls allowed on a ladder of
bids with doubles (:func:`ladder`), and what the calls so far say (the standing bid,
its doubling, the seats that passed), so that a game gives its calls as data plus a
hook for its own contract.

Every hook sees the state and the calls of the round so far, ``(seat, call)`` pairs,
oldest first (:data:`~cardrules.core.trickgame.parts.Calls`). A call's ``kind``
(:class:`~cardrules.moves.Call`) is what these hooks read: ``"pass"``, ``"double"``,
``"redouble"``, or ``"bid"`` for any call that names or accepts a contract.

The orders: :func:`in_rotation` (clockwise from the dealer's left, every seat in
turn), :func:`from_dealer` (the same from the dealer, as in bridge),
:func:`skipping_passed` (from the dealer's left, but a seat that has passed is not
asked again). The end rules: :func:`passes_after_bid` (bridge: three passes after a bid, or
every seat passing), :func:`one_bidder_left` (Five Hundred, Pinochle), :func:`once_each`
(one call per seat), :func:`first_acceptance` (Euchre: the first bid ends the round).
A round of one seat after the contract: :func:`declarer_once`. Bidding two at a time
(Skat): :func:`in_pairs` and :func:`pair_calls`.

>>> from cardrules.moves import Call
>>> PASS, ONE, TWO = Call("pass", "pass"), Call("1"), Call("2")
>>> calls = ((1, ONE), (2, PASS), (3, TWO), (0, PASS))
>>> standing_bid(calls), passed_seats(calls)
((3, Call(words='2', kind='bid')), frozenset({0, 2}))
>>> class Rules: players = 4
>>> class Match: dealer = 0
>>> class Deal: rules, match = Rules(), Match()
>>> class State: deal = Deal()
>>> skipping_passed(State(), calls), one_bidder_left(State(), calls)
(1, False)
>>> one_bidder_left(State(), (*calls, (1, PASS)))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardrules.core.trickgame.auction_round import Calls
from cardrules.core.trickgame.description import teams
from cardrules.core.trickgame.state import State
from cardrules.errors import RulesError
from cardrules.moves import Call

__all__ = [
    "declarer_once",
    "doubling",
    "first_acceptance",
    "first_of_side",
    "from_dealer",
    "in_pairs",
    "in_rotation",
    "ladder",
    "once_each",
    "one_bidder_left",
    "pair_calls",
    "pair_survivor",
    "passed_seats",
    "passes_after_bid",
    "skipping_passed",
    "standing_bid",
    "trailing_passes",
    "turns",
]

#: A caller order: ``(state, calls)`` to the seat to call next (the round not over).
Order = Callable[[State, Calls], int]
#: An end rule: ``(state, calls)`` to whether the round is over.
Ended = Callable[[State, Calls], bool]


def standing_bid(calls: Calls) -> tuple[int, Call] | None:
    """The last bid so far (a call of kind ``"bid"``) and who made it, or None."""
    for seat, call in reversed(calls):
        if call.kind == "bid":
            return seat, call
    return None


def doubling(calls: Calls) -> int:
    """How far the standing bid is doubled: 0, 1 (doubled) or 2 (redoubled)."""
    level = 0
    for _, call in reversed(calls):
        if call.kind == "bid":
            return level
        if call.kind == "double":
            level = max(level, 1)
        elif call.kind == "redouble":
            level = 2
    return level


def passed_seats(calls: Calls) -> frozenset[int]:
    """The seats that have passed at least once in the round."""
    return frozenset(seat for seat, call in calls if call.kind == "pass")


def trailing_passes(calls: Calls) -> int:
    """How many passes end the calls so far."""
    count = 0
    for _, call in reversed(calls):
        if call.kind != "pass":
            break
        count += 1
    return count


def _players(state: State) -> int:
    players: int = state.deal.rules.players
    return players


def in_rotation(state: State, calls: Calls) -> int:
    """An order: clockwise from the dealer's left, every seat in turn."""
    players = _players(state)
    if not calls:
        return (state.deal.match.dealer + 1) % players
    return (calls[-1][0] + 1) % players


def from_dealer(state: State, calls: Calls) -> int:
    """An order: the dealer first, then clockwise, every seat in turn (bridge: "The
    player designated by the board as dealer makes the first call")."""
    players = _players(state)
    if not calls:
        return state.deal.match.dealer % players
    return (calls[-1][0] + 1) % players


def skipping_passed(state: State, calls: Calls) -> int:
    """An order: clockwise from the dealer's left, skipping the seats that have passed
    (a pass is final). When every seat has passed, the next seat in turn."""
    players = _players(state)
    out = passed_seats(calls)
    seat = in_rotation(state, calls)
    for _ in range(players):
        if seat not in out:
            return seat
        seat = (seat + 1) % players
    return seat


def passes_after_bid(k: int) -> Ended:
    """An end rule: ``k`` passes in a row after a bid end the round (bridge: 3); without
    a bid, a pass by every seat ends it (all passed)."""
    if k < 1:
        raise RulesError(f"passes_after_bid needs one pass or more, not {k}")

    def ended(state: State, calls: Calls) -> bool:
        if standing_bid(calls) is None:
            return len(calls) >= _players(state)
        return trailing_passes(calls) >= k

    return ended


def one_bidder_left(state: State, calls: Calls) -> bool:
    """An end rule: every seat but the standing bidder has passed (a pass is final), or
    every seat has passed without a bid."""
    players = _players(state)
    out = passed_seats(calls)
    bid = standing_bid(calls)
    if bid is None:
        return len(out) >= players
    return len(out - {bid[0]}) >= players - 1


def once_each(state: State, calls: Calls) -> bool:
    """An end rule: every seat has made one call."""
    return len(calls) >= _players(state)


def first_acceptance(state: State, calls: Calls) -> bool:
    """An end rule: the first bid (an acceptance: "order up", "take") ends the round;
    otherwise it ends when every seat has passed once."""
    return (bool(calls) and calls[-1][1].kind == "bid") or len(calls) >= _players(state)


def first_of_side(state: State, calls: Calls, seat: int, matches: Callable[[Call], bool]) -> int:
    """The first seat of ``seat``'s side (the game's teams) to make a call that
    ``matches``, or ``seat`` when none did: bridge's declarer is the first of the side
    that won the auction to name the final strain (``matches``: the call names it)."""
    rules: Any = state.deal.rules
    side = _side(rules, seat)
    for caller, call in calls:
        if _side(rules, caller) == side and matches(call):
            return caller
    return seat


def _pairs_so_far(seniority: Sequence[int], calls: Calls) -> tuple[int | None, int, bool]:
    """Where a bidding two at a time stands: the seat to call next (None: over), the
    seat that survives so far, and whether that next caller is the one who answers
    (holds or passes) rather than bids."""
    answerer, asker = seniority[0], seniority[1]
    waiting = list(seniority[2:])
    turn: int | None = asker
    answering = False
    bid = False
    for seat, call in calls:
        if call.kind == "pass":
            survivor = answerer if seat == asker else asker
            if waiting:
                answerer, asker = survivor, waiting.pop(0)
                turn, answering = asker, False
            elif not bid and seat != survivor:
                # Nobody bid: the survivor, the senior seat, may still open or pass.
                answerer = asker = survivor
                turn, answering = survivor, False
            else:
                return None, survivor, False
        elif call.kind == "bid":
            bid = True
            if asker == answerer:  # the last seat opened alone: it has the bid
                return None, seat, False
            turn, answering = answerer, True
        else:  # a hold
            turn, answering = asker, False
    return turn, answerer, answering


def pair_survivor(seniority: Sequence[int], calls: Calls) -> int:
    """The seat that survives bidding two at a time so far (:func:`in_pairs`), from the
    seats in ``seniority`` and the calls: once the round is over, the declarer."""
    return _pairs_so_far(seniority, calls)[1]


def in_pairs(
    seniority: Callable[[State], Sequence[int]],
) -> Callable[[State, Calls], int | None]:
    """An :attr:`Auction.next_caller` hook for bidding two at a time (Skat):
    ``seniority(state)`` gives the seats from the most senior (Skat: forehand,
    middlehand, rearhand). The second bids to the first, who holds (a call of kind
    ``"hold"``) or passes; the bidder bids higher or passes; the survivor then faces
    the next seat, and so on. When nobody has bid, the senior survivor may open at
    last or pass. The survivor of the last pair (:func:`pair_survivor`) has the auction
    at the last bid (:func:`standing_bid`, which names who bid it: a seat that held
    takes it over); with no bid all passed."""

    def next_caller(state: State, calls: Calls) -> int | None:
        return _pairs_so_far(seniority(state), calls)[0]

    return next_caller


def pair_calls(
    calls: Sequence[Call], seniority: Callable[[State], Sequence[int]]
) -> Callable[[State, Calls, int], tuple[Call, ...]]:
    """The :attr:`Auction.allowed` hook that goes with :func:`in_pairs` over ``calls``
    (the round's calls, the bids from lowest to highest): the seat that answers may
    hold or pass, the seat that bids may bid above the standing bid or pass."""
    table = tuple(calls)
    rank = {call: n for n, call in enumerate(table)}

    def allowed(state: State, so_far: Calls, seat: int) -> tuple[Call, ...]:
        answering = _pairs_so_far(seniority(state), so_far)[2]
        bid = standing_bid(so_far)
        floor = -1 if bid is None else rank[bid[1]]
        return tuple(
            call
            for call in table
            if call.kind == "pass"
            or (answering and call.kind == "hold")
            or (not answering and call.kind == "bid" and rank[call] > floor)
        )

    return allowed


def _side(rules: Any, seat: int) -> int:
    """The number of the partnership ``seat`` belongs to (the game's teams)."""
    return next(t for t, members in enumerate(teams(rules)) if seat in members)


def declarer_once(state: State, calls: Calls) -> int | None:
    """An :attr:`Auction.next_caller` hook for a round of one seat after the contract
    (``after_contract=True``): the declarer calls once."""
    contract = state.deal.contract
    if calls or contract is None or contract.declarer is None:
        return None
    return contract.declarer


def turns(order: Order, ended: Ended) -> Callable[[State, Calls], int | None]:
    """An :attr:`Auction.next_caller` hook from an order and an end rule: None once
    ``ended`` says the round is over, else the seat ``order`` names.

    A bridge auction: ``turns(from_dealer, passes_after_bid(3))``; Five Hundred:
    ``turns(skipping_passed, one_bidder_left)``; Euchre's first round:
    ``turns(in_rotation, first_acceptance)``."""

    def next_caller(state: State, calls: Calls) -> int | None:
        return None if ended(state, calls) else order(state, calls)

    return next_caller


def ladder(
    calls: Sequence[Call], *, doubles: bool = True
) -> Callable[[State, Calls, int], tuple[Call, ...]]:
    """An :attr:`Auction.allowed` hook over ``calls`` (the round's calls, the bids from
    lowest to highest): a pass whenever a seat may pass, any bid above the standing
    one, and, with ``doubles``, a double of the standing bid when the other side made
    it and it is not doubled yet, and a redouble when the other side doubled it (the
    sides are the game's teams)."""
    table = tuple(calls)
    rank = {call: n for n, call in enumerate(table)}

    def allowed(state: State, so_far: Calls, seat: int) -> tuple[Call, ...]:
        rules: Any = state.deal.rules
        bid = standing_bid(so_far)
        floor = -1 if bid is None else rank[bid[1]]
        level = doubling(so_far)
        theirs = bid is not None and _side(rules, bid[0]) != _side(rules, seat)
        open_: list[Call] = []
        for call in table:
            if call.kind == "pass":
                open_.append(call)
            elif call.kind == "bid":
                if rank[call] > floor:
                    open_.append(call)
            elif doubles and bid is not None:
                doubles_theirs = call.kind == "double" and theirs and level == 0
                redoubles_ours = call.kind == "redouble" and not theirs and level == 1
                open_ += [call] if doubles_theirs or redoubles_ours else []
        return tuple(open_)

    return allowed
