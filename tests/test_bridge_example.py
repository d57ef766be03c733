"""Contract bridge (examples/bridge.py): the calls and their rules, the declarer, the
boards' dealers and vulnerability, and duplicate scoring, each test naming the rule
(BR-n) of the module's docstring it checks."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from cardrules import games

PASS, DOUBLE, REDOUBLE = "pass", "double", "redouble"

NONE, NS, EW, BOTH = (), (0, 2), (1, 3), (0, 1, 2, 3)


@pytest.fixture
def bridge() -> Iterator[ModuleType]:
    """The example module, registered for the test and removed afterwards (so that
    the other tests see only the games of cardrules)."""
    module = importlib.import_module("examples.bridge")
    yield module
    if module.NAME in games.names():
        games.unregister(module.NAME)
    del sys.modules["examples.bridge"]  # the next import registers it again


def _calls(dealer: int, *words: str) -> tuple[tuple[int, str], ...]:
    """The calls in turn from the dealer (BR-5)."""
    return tuple(((dealer + n) % 4, word) for n, word in enumerate(words))


# BR-1: Law 2's table, boards 1 to 16, repeated from board 17.
LAW_2 = {
    **dict.fromkeys((1, 8, 11, 14), NONE),
    **dict.fromkeys((2, 5, 12, 15), NS),
    **dict.fromkeys((3, 6, 9, 16), EW),
    **dict.fromkeys((4, 7, 10, 13), BOTH),
}


@pytest.mark.parametrize("board", range(1, 49))
def test_br_1_dealer_and_vulnerability_by_board(bridge: Any, board: int) -> None:
    same = (board - 1) % 16 + 1
    assert bridge.dealer(board) == {
        1: 0,
        5: 0,
        9: 0,
        13: 0,
        2: 1,
        6: 1,
        10: 1,
        14: 1,
        3: 2,
        7: 2,
        11: 2,
        15: 2,
    }.get(same, 3)
    assert tuple(s for s in range(4) if bridge.vulnerable(board, s)) == LAW_2[same]


def test_br_3_the_bids_rank_by_level_then_denomination(bridge: Any) -> None:
    assert bridge.BIDS[:6] == ("1C", "1D", "1H", "1S", "1NT", "2C")
    assert len(bridge.BIDS) == 35 and bridge.BIDS[-1] == "7NT"
    assert bridge.legal_calls((), 0) == (PASS, *bridge.BIDS)  # no double of nothing
    calls = _calls(0, "1S", "1NT", PASS)
    assert bridge.legal_calls(calls, 3)[:3] == (PASS, "2C", "2D")
    assert "1NT" not in bridge.legal_calls(calls, 3) and "1S" not in bridge.legal_calls(calls, 3)


def test_br_4_double_only_an_opponents_last_bid_with_only_passes_since(bridge: Any) -> None:
    assert DOUBLE in bridge.legal_calls(_calls(0, "1H"), 1)  # an opponent's bid
    assert DOUBLE in bridge.legal_calls(_calls(0, "1H", PASS, PASS), 3)  # passes since
    assert DOUBLE not in bridge.legal_calls(_calls(0, "1H", PASS), 2)  # partner's bid
    assert DOUBLE not in bridge.legal_calls(_calls(0, "1H", "2C", PASS), 3)  # a bid since
    assert DOUBLE not in bridge.legal_calls(_calls(0, "1H", DOUBLE, PASS), 3)  # doubled


def test_br_4_redouble_only_an_opponents_double_with_only_passes_since(bridge: Any) -> None:
    assert REDOUBLE in bridge.legal_calls(_calls(0, "1H", DOUBLE), 2)
    assert REDOUBLE in bridge.legal_calls(_calls(0, "1H", DOUBLE, PASS, PASS), 0)
    assert REDOUBLE not in bridge.legal_calls(_calls(0, "1H", DOUBLE, PASS), 3)  # partner's
    assert REDOUBLE not in bridge.legal_calls(_calls(0, "1H", DOUBLE, "2C"), 3)  # a bid since
    assert REDOUBLE not in bridge.legal_calls(_calls(0, "1H", PASS), 2)  # nothing doubled
    redoubled = _calls(0, "1H", DOUBLE, REDOUBLE)
    assert {DOUBLE, REDOUBLE}.isdisjoint(bridge.legal_calls(redoubled, 3))


def test_br_4_a_bid_supersedes_the_doubles(bridge: Any) -> None:
    calls = _calls(0, "1H", DOUBLE, REDOUBLE, "2C")
    assert bridge.last_bid(calls) == (3, "2C", 0)
    assert DOUBLE in bridge.legal_calls(calls, 0)
    assert bridge.last_bid(_calls(0, "1H", DOUBLE, REDOUBLE, PASS)) == (0, "1H", 2)


def test_br_6_three_passes_after_a_bid_or_four_passes_end_the_auction(bridge: Any) -> None:
    assert not bridge.auction_over(_calls(0, PASS, PASS, PASS))
    assert bridge.auction_over(_calls(0, PASS, PASS, PASS, PASS))
    assert bridge.final_contract(_calls(0, PASS, PASS, PASS, PASS)) is None  # passed out
    assert not bridge.auction_over(_calls(0, "1C", PASS, PASS))
    assert bridge.auction_over(_calls(0, "1C", PASS, PASS, PASS))
    assert bridge.auction_over(_calls(0, PASS, "1C", PASS, PASS, PASS))
    assert not bridge.auction_over(_calls(0, PASS, "1C", PASS, PASS, DOUBLE, PASS, PASS))
    assert bridge.auction_over(_calls(0, PASS, "1C", PASS, PASS, DOUBLE, PASS, PASS, PASS))


def test_br_7_the_declarer_first_named_the_strain_for_the_side(bridge: Any) -> None:
    # North opens 1H, South raises to 4H: North, who named hearts first, declares.
    calls = _calls(0, "1H", "1S", "2H", "2S", "4H", PASS, PASS, PASS)
    assert bridge.final_contract(calls) == (0, 4, "H", 0)
    # East bids spades first, West's 3S ends it doubled: East declares.
    calls = _calls(3, PASS, "1H", "1S", "2H", "3S", DOUBLE, PASS, PASS, PASS)
    assert bridge.final_contract(calls) == (1, 3, "S", 1)
    # An opponent's earlier bid of the strain does not make him declarer.
    calls = _calls(0, "1NT", "2H", "4H", PASS, PASS, PASS)
    assert bridge.final_contract(calls) == (2, 4, "H", 0)


@pytest.mark.parametrize(
    ("contract", "score"),
    [
        ((4, "S", 0, False, 10), 420),
        ((4, "S", 0, True, 10), 620),
        ((3, "NT", 0, False, 9), 400),
        ((3, "NT", 0, True, 9), 600),
        ((2, "H", 0, False, 10), 170),
        ((1, "C", 0, False, 7), 70),
        ((1, "NT", 0, False, 7), 90),
        ((5, "D", 0, False, 11), 400),
        ((2, "S", 1, False, 8), 470),  # doubled into game: 120 + 300 + 50
        ((1, "NT", 1, False, 6), -100),
        ((1, "NT", 1, True, 6), -200),
        ((3, "H", 1, False, 5), -800),
        ((3, "H", 1, True, 5), -1100),
        ((3, "H", 2, False, 5), -1600),
        ((3, "H", 0, False, 5), -200),
        ((3, "H", 0, True, 5), -400),
        ((6, "H", 0, False, 12), 980),
        ((6, "NT", 0, True, 13), 1470),
        ((7, "NT", 2, True, 13), 2980),
        ((7, "C", 0, False, 13), 1440),
        ((1, "H", 1, True, 9), 560),  # 60 + partscore 50 + 2 x 200 + 50
        ((1, "H", 2, False, 8), 720),  # 120 + game 300 + 200 + 100
    ],
)
def test_br_10_the_law_77_table(
    bridge: Any, contract: tuple[int, str, int, bool, int], score: int
) -> None:
    assert bridge.contract_score(*contract) == score
