"""The auction game of the tests (``tests/auction_game.py``) with values the match
carries from deal to deal, read by the auction and the scoring, to test
:attr:`MatchPlan.carry` apart from any real game:

* a pot: each deal thrown in (all passed: a row of zeros with no extras) puts one
  stake into the pot; the next contract takes it (the auction's contract hook writes
  it into the contract's terms, ``pot``), and the declaring side wins it if it makes
  the contract, 10 points a stake a seat; a deal played empties it;
* vulnerability, as in rubber bridge: a side that has made a contract is vulnerable
  (``vulnerable 0``, ``vulnerable 1``); going down vulnerable costs double, and only
  a vulnerable side may redouble (the auction's ``allowed`` hook reads it).

The tests register it while they run and remove it afterwards.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules.core import trickgame
from cardrules.core.options import rules_to_text
from cardrules.game import DealRow, Event, Log
from cardrules.moves import Call
from tests import auction_game
from tests.auction_game import REDOUBLE, TEAMS

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "carry_tricks"
version: Final = "1"
_BIDDING: Final = auction_game.GAME.rounds[1]
assert isinstance(_BIDDING, trickgame.Auction)


@attrs.frozen(slots=True, kw_only=True)
class Rules(auction_game.Rules):
    """The auction game's options; ``deals`` 6 by default."""

    deals: int = 6

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "once": Rules(order="once")}
View: Final = auction_game.View
describe: Final = auction_game.describe
explain_move: Final = auction_game.explain_move


def carry(rules: Any, rows: tuple[DealRow, ...]) -> tuple[tuple[str, int | str], ...]:
    """The pot (the deals thrown in since the last deal played) and which sides are
    vulnerable (have made a contract), folded over the finished deals' rows."""
    pot = 0
    vulnerable = [0, 0]
    for row in rows:
        if not row.extras:  # thrown in
            pot += 1
            continue
        pot = 0
        made = dict(row.extras)["made"]
        for side, (seat, _) in enumerate(TEAMS):
            if made[seat]:
                vulnerable[side] = 1
    return (("pot", pot), ("vulnerable 0", vulnerable[0]), ("vulnerable 1", vulnerable[1]))


def _int(value: int | str) -> int:
    assert isinstance(value, int)
    return value


def _allowed(state: trickgame.State, calls: trickgame.Calls, seat: int) -> tuple[Call, ...]:
    """The auction game's calls; a redouble only for a vulnerable side."""
    allowed = _BIDDING.allowed(state, calls, seat)
    if _int(trickgame.carried_value(state, f"vulnerable {seat % 2}")):
        return allowed
    return tuple(call for call in allowed if call != REDOUBLE)


def _contract(state: trickgame.State, calls: trickgame.Calls) -> trickgame.Contract | None:
    """The auction game's contract, taking the pot."""
    made = _BIDDING.contract(state, calls)
    if made is None:
        return None
    pot = trickgame.carried_value(state, "pot")
    return dataclasses.replace(made, terms=(*made.terms, ("pot", pot)))


def _score_deal(
    state: trickgame.State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The auction game's score, the pot won by a contract made, going down doubled
    when vulnerable; the row says which seats made a contract."""
    contract = state.contract
    assert contract is not None and contract.declarer is not None
    side = contract.declarer % 2
    seats = TEAMS[side]
    level, doubled = _int(contract.term("level")), _int(contract.term("doubled"))
    taken = sum(state.tricks_won[seat] for seat in seats)
    value = 10 * level * 2**doubled
    made = taken >= level + auction_game.BOOK
    if made:
        value += 10 * _int(contract.term("pot"))
    elif _int(trickgame.carried_value(state, f"vulnerable {side}")):
        value *= 2
    points = tuple((value if made else -value) if seat in seats else 0 for seat in range(4))
    made_row = tuple(int(made and seat in seats) for seat in range(4))
    text = f"seats {seats[0]} and {seats[1]} take {taken} tricks: {'made' if made else 'down'}"
    log = state.log.append(Event("scored", text=text))
    return points, (("tricks", state.tricks_won), ("made", made_row)), log


GAME: Final = dataclasses.replace(
    auction_game.GAME,
    name=NAME,
    title="Carry tricks",
    version=version,
    rules_class=Rules,
    rounds=(
        auction_game.GAME.rounds[0],
        dataclasses.replace(_BIDDING, allowed=_allowed, contract=_contract),
        auction_game.GAME.rounds[2],
    ),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: rules.deals, carry=carry),
)
trickgame.install(GAME, globals())
