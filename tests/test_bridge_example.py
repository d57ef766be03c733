"""Contract bridge (examples/bridge.py): the calls and their rules, the declarer, the
boards' dealers and vulnerability, and duplicate scoring, each test naming the rule
(BR-n) of the module's docstring it checks; then the game on the trick engine: the
auction from the dealer, a board passed out, the contract, the dummy, the deal's
score, and every generic tool playing it (the kit, the bots, simulate, records, the
command line)."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import games, testing
from cardrules.cards import cards_of
from cardrules.cli import main
from cardrules.records import Record, record_of, replay
from cardrules.simulate import make_bot, simulate

PASS, DOUBLE, REDOUBLE = "pass", "double", "redouble"

NONE, NS, EW, BOTH = (), (0, 2), (1, 3), (0, 1, 2, 3)


@pytest.fixture
def bridge() -> Iterator[ModuleType]:
    """The example module, registered for the test and removed afterwards (so that
    the other tests see only the games of cardrules)."""
    module = importlib.import_module("examples.bridge")
    games.register(module, heuristic=module.BridgeBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.bridge"]  # the next import registers it again


def _open(bridge: Any, seat: int, *words: str) -> tuple[str, ...]:
    """The calls the game opens to ``seat``, to move after ``words`` on board 1 (North
    deals and calls first: BR-5)."""
    state = _called(bridge, bridge.deal(bridge.Rules(), seed=0), *words)
    assert bridge.to_move(state) == seat and state.contract is None
    return tuple(str(move) for move in bridge.legal_moves(state))


def _after(bridge: Any, board: int, *words: str) -> Any:
    """The state after the boards before ``board`` are passed out and its calls are
    ``words``, from its dealer (BR-1, BR-5)."""
    state = _called(
        bridge, bridge.deal(bridge.Rules(boards=board + 1), seed=0), *[PASS] * 4 * (board - 1)
    )
    assert bridge.to_move(state) == bridge.dealer(board)
    return _called(bridge, state, *words)


def _contract(
    bridge: Any, board: int, *words: str
) -> tuple[int | None, tuple[tuple[str, Any], ...]] | None:
    """The declarer and the terms of the contract the calls make, or None while the
    auction goes on."""
    contract = _after(bridge, board, *words).contract
    return None if contract is None else (contract.declarer, contract.terms)


def _terms(level: int, denomination: str, doubling: int) -> tuple[tuple[str, Any], ...]:
    return (("level", level), ("denomination", denomination), ("doubling", doubling))


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
    assert _open(bridge, 0) == (PASS, *bridge.BIDS)  # no double of nothing
    open_ = _open(bridge, 3, "1S", "1NT", PASS)
    assert open_[:3] == (PASS, "2C", "2D")
    assert "1NT" not in open_ and "1S" not in open_


def test_br_4_double_only_an_opponents_last_bid_with_only_passes_since(bridge: Any) -> None:
    assert DOUBLE in _open(bridge, 1, "1H")  # an opponent's bid
    assert DOUBLE in _open(bridge, 3, "1H", PASS, PASS)  # passes since
    assert DOUBLE not in _open(bridge, 2, "1H", PASS)  # partner's bid
    assert DOUBLE not in _open(bridge, 3, "1H", "2C", PASS)  # a bid since
    assert DOUBLE not in _open(bridge, 3, "1H", DOUBLE, PASS)  # doubled


def test_br_4_redouble_only_an_opponents_double_with_only_passes_since(bridge: Any) -> None:
    assert REDOUBLE in _open(bridge, 2, "1H", DOUBLE)
    assert REDOUBLE in _open(bridge, 0, "1H", DOUBLE, PASS, PASS)
    assert REDOUBLE not in _open(bridge, 3, "1H", DOUBLE, PASS)  # partner's
    assert REDOUBLE not in _open(bridge, 3, "1H", DOUBLE, "2C")  # a bid since
    assert REDOUBLE not in _open(bridge, 2, "1H", PASS)  # nothing doubled
    assert {DOUBLE, REDOUBLE}.isdisjoint(_open(bridge, 3, "1H", DOUBLE, REDOUBLE))


def test_br_4_a_bid_supersedes_the_doubles(bridge: Any) -> None:
    calls = ("1H", DOUBLE, REDOUBLE, "2C")
    assert _contract(bridge, 1, *calls, PASS, PASS, PASS) == (3, _terms(2, "C", 0))
    assert DOUBLE in _open(bridge, 0, *calls)
    assert _contract(bridge, 1, "1H", DOUBLE, REDOUBLE, PASS, PASS, PASS) == (0, _terms(1, "H", 2))


def test_br_6_three_passes_after_a_bid_or_four_passes_end_the_auction(bridge: Any) -> None:
    state = _after(bridge, 1, PASS, PASS, PASS)
    assert state.match.deal_number == 0 and bridge.to_move(state) == 3
    state = _after(bridge, 1, PASS, PASS, PASS, PASS)  # passed out: board 2 follows
    assert state.match.deal_number == 1 and state.contract is None
    assert _contract(bridge, 1, "1C", PASS, PASS) is None
    assert _contract(bridge, 1, "1C", PASS, PASS, PASS) == (0, _terms(1, "C", 0))
    assert _contract(bridge, 1, PASS, "1C", PASS, PASS, PASS) == (1, _terms(1, "C", 0))
    assert _contract(bridge, 1, PASS, "1C", PASS, PASS, DOUBLE, PASS, PASS) is None
    calls = (PASS, "1C", PASS, PASS, DOUBLE, PASS, PASS, PASS)
    assert _contract(bridge, 1, *calls) == (1, _terms(1, "C", 1))


def test_br_7_the_declarer_first_named_the_strain_for_the_side(bridge: Any) -> None:
    # North opens 1H, South raises to 4H: North, who named hearts first, declares.
    calls: tuple[str, ...] = ("1H", "1S", "2H", "2S", "4H", PASS, PASS, PASS)
    assert _contract(bridge, 1, *calls) == (0, _terms(4, "H", 0))
    # Board 4, West deals: East bids spades first, West's 3S ends it doubled: East declares.
    calls = (PASS, "1H", "1S", "2H", "3S", DOUBLE, PASS, PASS, PASS)
    assert _contract(bridge, 4, *calls) == (1, _terms(3, "S", 1))
    # An opponent's earlier bid of the strain does not make him declarer.
    calls = ("1NT", "2H", "4H", PASS, PASS, PASS)
    assert _contract(bridge, 1, *calls) == (2, _terms(4, "H", 0))


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


def _called(bridge: Any, state: Any, *words: str) -> Any:
    """``state`` after the calls ``words``, read from their text."""
    for word in words:
        state = bridge.apply(state, bridge.parse_move(state, word))
    return state


def _played_out(bridge: Any, state: Any, seed: int = 0) -> Any:
    """``state`` after random cards to the end of its deal."""
    rng, deal = random.Random(seed), state.match.deal_number
    while not bridge.is_over(state) and state.match.deal_number == deal:
        state = bridge.apply(state, rng.choice(bridge.legal_moves(state)))
    return state


def test_the_kit_passes(bridge: Any) -> None:
    report = testing.check_game(bridge, games=2)
    assert report.presets == ("default", "one_board", "sixteen") and report.moves > 4 * 52
    assert report.solver_worlds == 3 * 3  # the solver against minimax, three worlds a preset


def test_br_1_each_board_opens_with_its_dealer_and_vulnerability(bridge: Any) -> None:
    state = bridge.deal(bridge.Rules(boards=6), seed=1)
    for board in range(1, 7):
        assert state.match.dealer == bridge.dealer(board)
        state = _called(bridge, state, *["pass"] * 4)
    opened = [event.text for event in bridge.events(state) if event.kind == "deal"]
    vulnerable = ("none", "North-South", "East-West", "both", "North-South", "East-West")
    assert opened == [
        f"board {n}: seat {(n - 1) % 4} deals, vulnerable: {vulnerable[n - 1]}" for n in range(1, 7)
    ]


def test_br_1_the_first_dealer_is_north(bridge: Any) -> None:
    from cardrules.errors import RulesError

    with pytest.raises(RulesError, match="first_dealer"):
        bridge.Rules(first_dealer=2)


def test_br_2_thirteen_cards_each_one_at_a_time_from_the_dealers_left(bridge: Any) -> None:
    state = bridge.deal(bridge.Rules(), seed=0, deck=bridge.DECK52)
    for seat in range(4):  # board 1: North deals, East gets the first card
        assert set(cards_of(state.hands[seat])) == set(bridge.DECK52[(seat + 3) % 4 :: 4])


@pytest.mark.parametrize("seed", range(4))
def test_br_9_follow_suit_and_the_highest_trump_wins(bridge: Any, seed: int) -> None:
    state = bridge.deal(bridge.Rules(), seed=seed)
    state = _called(bridge, state, "1C", "pass", "pass", "pass")  # clubs are trumps
    assert state.contract.trump is bridge.Suit.CLUBS
    rng, played = random.Random(seed), list[tuple[int, Any]]()
    for _ in range(4):  # the first trick
        seat = (state.leader + len(state.trick)) % 4
        hand = cards_of(state.hands[seat])
        if played:
            held = {card for card in hand if card.suit is played[0][1].suit}
            assert {m.card for m in bridge.legal_moves(state)} == (held or set(hand))
        move = rng.choice(bridge.legal_moves(state))
        played.append((seat, move.card))
        state = bridge.apply(state, move)
    trumps = [(card.rank, seat) for seat, card in played if card.suit is bridge.Suit.CLUBS]
    led = [(card.rank, seat) for seat, card in played if card.suit is played[0][1].suit]
    winner = max(trumps or led)[1]
    assert state.leader == winner and state.tricks_won[winner] == 1


def test_br_5_the_dealer_calls_first_then_each_seat_clockwise(bridge: Any) -> None:
    state = bridge.deal(bridge.Rules(), seed=0)
    assert bridge.to_move(state) == 0  # board 1: North deals and calls first
    state = _called(bridge, state, "pass", "1C")
    assert bridge.to_move(state) == 2
    state = _called(bridge, bridge.deal(bridge.Rules(), seed=0), *["pass"] * 4)
    assert bridge.to_move(state) == 1  # board 2: East


def test_br_4_an_illegal_call_is_refused_and_leaves_the_state(bridge: Any) -> None:
    from cardrules.errors import IllegalMoveError

    state = _called(bridge, bridge.deal(bridge.Rules(), seed=0), "1H", "pass")
    for word in ("double", "1D", "redouble"):  # partner's bid; not higher; not doubled
        with pytest.raises(IllegalMoveError, match=f"may not call {word}"):
            bridge.apply(state, bridge.CALL_MOVES[word])
    assert bridge.legal_moves(state)[0] == bridge.CALL_MOVES["pass"]


def test_br_6_a_board_passed_out_scores_nothing_and_the_next_follows(bridge: Any) -> None:
    state = _called(bridge, bridge.deal(bridge.Rules(boards=2), seed=0), *["pass"] * 4)
    assert state.match.deal_number == 1 and state.match.totals == (0, 0, 0, 0)
    assert state.match.rows[0].points == (0, 0, 0, 0)
    state = _called(bridge, state, *["pass"] * 4)
    assert bridge.is_over(state) and bridge.score(state).totals == (0, 0, 0, 0)


def test_br_7_br_8_the_contract_the_dummy_and_the_opening_lead(bridge: Any) -> None:
    state = bridge.deal(bridge.Rules(), seed=4)
    state = _called(bridge, state, "1H", "pass", "4H", "double", "pass", "pass", "pass")
    contract = state.contract
    assert (contract.declarer, contract.dummy, contract.leader) == (0, 2, 1)
    assert contract.trump is bridge.Suit.HEARTS
    assert contract.terms == (("level", 4), ("denomination", "H"), ("doubling", 1))
    assert bridge.to_move(state) == 1  # the declarer's left leads
    assert bridge.observe(state, 1).dummy_hand == ()  # dummy spread after the lead
    state = bridge.apply(state, bridge.legal_moves(state)[0])
    dummy = cards_of(state.hands[2])
    assert all(bridge.observe(state, seat).dummy_hand == dummy for seat in range(4))
    assert bridge.to_move(state) == 0  # the declarer plays the dummy's card
    assert {m.card for m in bridge.legal_moves(state)} <= set(dummy)


@pytest.mark.parametrize("seed", range(3))
def test_br_10_a_played_board_scores_by_law_77_for_the_declaring_side(
    bridge: Any, seed: int
) -> None:
    state = bridge.deal(bridge.Rules(boards=2), seed=seed)
    state = _called(bridge, state, "pass", "1NT", "pass", "3NT", "double", "pass", "pass", "pass")
    row = _played_out(bridge, state, seed).match.rows[0]
    tricks = row.extra("tricks")
    score = bridge.contract_score(3, "NT", 1, False, tricks[1] + tricks[3])  # board 1
    assert row.points == (-score, score, -score, score)


def test_br_10_a_vulnerable_side_scores_by_the_vulnerable_column(bridge: Any) -> None:
    state = _called(bridge, bridge.deal(bridge.Rules(boards=2), seed=7), *["pass"] * 4)
    # Board 2: East deals, North-South vulnerable; South names notrump first.
    state = _called(bridge, state, "pass", "1NT", "pass", "3NT", "double", "pass", "pass", "pass")
    assert state.contract.declarer == 2 and bridge.vulnerable(2, 2)
    row = _played_out(bridge, state, 7).match.rows[1]
    tricks = row.extra("tricks")
    score = bridge.contract_score(3, "NT", 1, True, tricks[0] + tricks[2])
    assert row.points == (score, -score, score, -score)


def test_br_11_a_match_lasts_its_boards(bridge: Any) -> None:
    bots = [make_bot("heuristic", bridge), make_bot("random", bridge)] * 2
    from cardrules.play import play_game

    final = play_game(bridge, bridge.Rules(boards=3), bots, seed=2)
    score = bridge.score(final)
    assert len(score.deals) == 3 and score.outcome.reason == "schedule complete"
    totals = score.totals
    assert totals[0] == totals[2] == -totals[1] == -totals[3]
    assert sum(row.points[0] for row in score.deals) == totals[0]


@pytest.mark.parametrize("spec", ["ismcts:8", "ismcts:8:heuristic", "pimc:2:p500"])
def test_the_search_bots_call_and_play(bridge: Any, spec: str) -> None:
    state, rng = bridge.deal(bridge.Rules(boards=1), seed=5), random.Random(1)
    bots = [make_bot(spec, bridge), make_bot("heuristic", bridge)] * 2
    while not bridge.is_over(state):
        seat = bridge.to_move(state)
        move = bots[seat].choose(bridge.observe(state, seat), bridge.legal_moves(state), rng)
        state = bridge.apply(state, move)
    assert len(bridge.score(state).deals) == 1


def test_the_heuristic_passes_a_hand_of_ten_points(bridge: Any) -> None:
    state = bridge.deal(bridge.Rules(), seed=0, deck=bridge.DECK52)
    # Dealt in order from East: North (seat 0) holds 5C 9C KC 4D 8D QD 3H 7H JH 2S 6S 10S AS.
    bot, view = bridge.BridgeBot(), bridge.observe(state, 0)
    assert str(bot.choose(view, bridge.legal_moves(state), random.Random(0))) == "pass"  # 10


def test_simulate_records_and_the_command_line(
    bridge: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = simulate(bridge, ["heuristic", "random"] * 2, games=2, seed=2, workers=1)
    assert results.game == "bridge" and results.games_played == 2
    state = _called(bridge, bridge.deal(bridge.Rules(), seed=3), "1S", "double", "redouble")
    assert bridge.state_from_dict(bridge.state_to_dict(state)) == state
    for move in bridge.legal_moves(state):
        assert bridge.move_from_index(bridge.move_index(move)) == move
    final = _played_out(bridge, state)
    path = tmp_path / "bridge.json"
    path.write_text(record_of(final).to_json(), encoding="utf-8")
    assert replay(Record.from_json(path.read_text(encoding="utf-8"))) == final
    assert main(["rules", "bridge"]) == 0
    assert "boards" in capsys.readouterr().out
    argv = ["simulate", "bridge", "--games", "2", "--workers", "1", "--csv", "--quiet"]
    assert main(argv) == 0
