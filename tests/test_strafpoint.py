"""Strafpoint (penalty-point Mau Mau): one test per rule, on hand-built positions.

Each test names the rule it checks by its id on docs/games/strafpoint.rst (among
them: A=11 and J=20; the tie at the limit broken by rounds won; the limit checked as
>=). The rounds themselves are the standard game's (tests/test_mau_mau_standard.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules.cards import DECK32, DECK52, Card, mask_of, parse_cards
from cardrules.core.match import Match
from cardrules.core.options import parse_rules_text
from cardrules.errors import IllegalMoveError, PositionError, RulesError
from cardrules.game import DealRow
from cardrules.games import mau_mau_standard, strafpoint
from cardrules.games.strafpoint import Phase, Rules, State
from cardrules.moves import END_TURN
from cardrules.records import state_from_json, state_to_json
from cardrules.testing import check_position


def position(
    hands: list[str],
    upcard: str,
    *,
    totals: tuple[int, ...] | None = None,
    won: tuple[int, ...] | None = None,
    turn: int = 0,
    **options: Any,
) -> State:
    """A round in progress: ``hands[s]`` for seat s, ``turn`` to move, every other card
    in the stock; seat ``players - 1`` dealt. ``totals`` and ``won`` (rounds won so
    far, as one earlier row) set the match."""
    players = len(hands)
    rules = Rules(first_dealer=players - 1, players=players, **options)
    state = strafpoint.deal(rules, seed=0)
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    placed = Card(upcard).bit
    for m in masks:
        placed |= m
    stock = tuple(c for c in strafpoint.deck_of(rules) if not c.bit & placed)
    state = state._replace(
        hands=masks,
        upcard=Card(upcard),
        stock=stock,
        pile=0,
        turn=turn,
        called=None,
        free=False,
        pending=0,
        direction=1,
    )
    if totals is not None:
        row = DealRow(0, players - 1, totals, (("won", won or (0,) * players),))
        state = state._replace(deal=state.deal._replace(match=Match(1, 0, totals, (row,))))
    return state


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = strafpoint.apply(state, strafpoint.parse_move(state, text))
    return state


def said(state: State) -> list[str]:
    return [str(e) for e in strafpoint.events(state)]


# --------------------------------------------------------------------------- options


def test_the_rules_are_the_standard_options_plus_the_limit() -> None:
    standard = {f for f in mau_mau_standard.Rules.__attrs_attrs__ if f.init}
    names = {f.name for f in standard}
    ours = {f.name for f in Rules.__attrs_attrs__ if f.init}
    assert ours == names | {"limit"}
    rules = Rules()
    assert rules.limit == 100 and rules.players == 4 and rules.hand_size == 5
    assert str(rules) == "strafpoint()"


def test_the_limit_is_100_or_150_or_any_whole_number() -> None:
    """Rule SP-3.1."""
    assert Rules(limit=150).limit == 150
    assert Rules(limit=1).limit == 1
    with pytest.raises(RulesError, match="limit=0 is out of range"):
        Rules(limit=0)
    with pytest.raises(RulesError, match="limit must be a whole number"):
        Rules(limit="100")  # type: ignore[arg-type]


def test_rules_text_form_parses_back() -> None:
    rules = Rules(limit=150, deck32=True, ace_skips=True)
    assert str(rules) == "strafpoint(deck32=true,ace_skips=true,limit=150)"
    name, options = parse_rules_text(str(rules))
    assert name == "strafpoint" and Rules(**options) == rules  # type: ignore[arg-type]


def test_the_standard_options_are_validated_as_in_the_standard_game() -> None:
    with pytest.raises(RulesError, match="players=6 is out of range"):
        Rules(players=6)
    with pytest.raises(RulesError, match="mau_penalty_cards=2 does not apply"):
        Rules(mau_penalty=False, mau_penalty_cards=2)


# --------------------------------------------------------------------------- card values


def test_card_values_two_to_ten_face_jack_20_queen_king_10_ace_11() -> None:
    """Rule SP-2.1."""
    assert [strafpoint.hand_points([Card(f"{r}S")]) for r in range(2, 11)] == list(range(2, 11))
    assert strafpoint.hand_points(parse_cards("JS QH KD AC")) == 20 + 10 + 10 + 11
    assert strafpoint.hand_points(parse_cards("AS JH")) == 31  # test hook: A=11, J=20


def test_with_the_32_card_deck_every_card_is_worth_at_least_seven() -> None:
    """Rule SP-2.1."""
    assert min(strafpoint.hand_points([card]) for card in DECK32) == 7
    assert strafpoint.hand_points(DECK32) == 4 * (7 + 8 + 9 + 10 + 20 + 10 + 10 + 11)
    assert strafpoint.hand_points(DECK52) == 4 * (54 + 51)


# --------------------------------------------------------------------------- the end of a round


def test_when_a_player_goes_out_the_others_add_the_points_of_their_cards() -> None:
    """Rule SP-1.1."""
    state = position(["5H", "AD JC 2D", "KS 9S", "10C"], "4H")
    state = play(state, "play 5H")
    score = strafpoint.score(state)
    assert score.totals == (0, 11 + 20 + 2, 10 + 9, 10)
    row = score.deals[0]
    assert row.points == (0, 33, 19, 10) and row.extra("won") == (1, 0, 0, 0)
    assert strafpoint.rounds_won(score.deals, 4) == (1, 0, 0, 0)
    assert any(e.startswith("round 1 (seat 0 went out): penalty points") for e in said(state))


def test_with_mau_on_the_last_card_only_a_called_last_card_ends_the_round() -> None:
    """Rules MMS-4.3 and SP-1.1: the rounds take the standard game's ``mau_call``."""
    state = position(["5H", "AD JC 2D", "KS 9S", "10C"], "4H", mau_call="last_card")
    assert strafpoint.score(play(state, "play 5H announce")).totals == (0, 33, 19, 10)
    state = play(state, "play 5H")
    assert strafpoint.score(state).deals == () and state.hands[0].bit_count() == 2
    assert strafpoint.to_move(state) == 1


def test_a_last_seven_makes_the_next_player_draw_and_those_cards_count() -> None:
    """Rule SP-1.2."""
    state = position(["7H", "2D 3D", "2S"], "4H")
    stock_top = state.stock[:2]
    state = play(state, "play 7H")
    points = strafpoint.score(state).deals[0].points
    assert points[1] == 5 + strafpoint.hand_points(stock_top)


def test_without_last_card_effects_a_last_seven_costs_nothing_more() -> None:
    """Rule SP-1.2."""
    state = position(["7H", "2D 3D", "2S"], "4H", last_card_effects=False)
    state = play(state, "play 7H")
    assert strafpoint.score(state).deals[0].points == (0, 5, 2)


def test_the_next_round_is_reshuffled_and_redealt_and_the_next_player_starts() -> None:
    """Rule SP-4.1."""
    state = position(["5H", "AD JC 2D", "KS 9S", "10C"], "4H")
    assert state.match.dealer == 3
    state = play(state, "play 5H")
    assert state.phase is Phase.PLAYING and state.match.deal_number == 1
    assert state.match.dealer == 0 and strafpoint.to_move(state) == 1  # one seat on
    assert [h.bit_count() for h in state.hands] == [5, 5, 5, 5]
    assert said(state)[-2].startswith("deal 2: seat 0 deals 5 cards each")


def test_the_start_moves_one_seat_clockwise_each_round() -> None:
    """Rule SP-4.1, SP-4.2."""
    rules = Rules(first_dealer=1, players=3, limit=10_000, voluntary_draw=False)
    state = strafpoint.deal(rules, seed=4)
    rng = random.Random(4)
    starters = [strafpoint.to_move(state)]
    while len(starters) < 5:
        deal_number = state.match.deal_number
        state = strafpoint.apply(state, rng.choice(strafpoint.legal_moves(state)))
        if state.match.deal_number != deal_number:
            starters.append(strafpoint.to_move(state))  # the new round, before any move
    assert starters == [2, 0, 1, 2, 0]


def test_play_goes_clockwise_again_after_a_reversed_round() -> None:
    """Rule SP-4.1."""
    state = position(["9H 5H", "6D 2D", "KH"], "4H", nine_reverses=True)
    state = play(state, "play 9H announce")
    assert state.direction == -1 and strafpoint.to_move(state) == 2
    state = play(state, "play KH")  # seat 2 goes out
    assert state.match.deal_number == 1 and state.direction == 1


def test_a_blocked_round_counts_every_hand_and_nobody_wins_it() -> None:
    # Made by hand: the hearts, fours and jacks are nowhere (in play a round cannot
    # block while the discard pile can be reshuffled).
    """Rule SP-1.3."""
    state = position(["2C 3C", "6D 2D", "6S 8S"], "4H", limit=20)
    state = state._replace(stock=(Card("KS"),))
    state = play(state, "draw", "end turn")
    score = strafpoint.score(state)
    assert score.deals[0].points == (2 + 3 + 10, 8, 14)
    assert score.deals[0].extra("won") == (0, 0, 0) and score.deals[0].extra("blocked") == (1,) * 3


# --------------------------------------------------------------------------- the end of the game


def test_the_game_ends_after_the_round_in_which_a_total_reaches_the_limit() -> None:
    """Rule SP-3.2."""
    state = position(["5H", "AD JC 2D", "KS 9S", "10C"], "4H", totals=(40, 67, 30, 50))
    state = play(state, "play 5H")  # seat 1: 67 + 33 = 100, exactly the limit
    assert strafpoint.is_over(state)
    score = strafpoint.score(state)
    assert score.totals == (40, 100, 49, 60)
    assert score.outcome is not None and score.outcome.reason == "limit reached"
    assert score.outcome.winners == (0,) and not score.outcome.draw


def test_below_the_limit_the_game_goes_on() -> None:
    """Rule SP-3.2."""
    state = position(["5H", "AD JC 2D", "KS 9S", "10C"], "4H", totals=(40, 66, 30, 50))
    state = play(state, "play 5H")
    assert not strafpoint.is_over(state) and strafpoint.score(state).totals[1] == 99


def test_limit_150_is_checked_the_same_way() -> None:
    """Rule SP-3.1, SP-3.2."""
    state = position(["5H", "AD JC 2D"], "4H", totals=(0, 117), limit=150)
    assert strafpoint.is_over(play(state, "play 5H"))
    state = position(["5H", "AD JC 2D"], "4H", totals=(0, 117), limit=151)
    assert not strafpoint.is_over(play(state, "play 5H"))


def test_the_fewest_penalty_points_win() -> None:
    """Rule SP-5.1."""
    state = position(["5H", "AD JC 2D", "KS 9S"], "4H", totals=(90, 80, 10))
    state = play(state, "play 5H")
    outcome = strafpoint.score(state).outcome
    assert outcome is not None and outcome.winners == (2,)


def test_a_tie_goes_to_the_player_with_the_most_rounds_won() -> None:
    # Seats 0 and 2 both end on 29; seat 0 has won 2 rounds (this one included), seat 2 one.
    """Rule SP-5.2."""
    state = position(
        ["5H", "AD JC 2D 9C 10C 8C 7C", "KS 9S"], "4H", totals=(29, 80, 10), won=(1, 0, 1)
    )
    state = play(state, "play 5H")
    score = strafpoint.score(state)
    assert score.totals[0] == score.totals[2] == 29
    assert strafpoint.rounds_won(score.deals, 3) == (2, 0, 1)
    assert score.outcome is not None and score.outcome.winners == (0,)
    assert not score.outcome.draw


def test_a_tie_in_points_and_rounds_won_is_a_draw() -> None:
    """Rule SP-5.2."""
    state = position(
        ["5H", "AD JC 2D 9C 10C 8C 7C", "KS 9S"], "4H", totals=(29, 80, 10), won=(0, 1, 1)
    )
    state = play(state, "play 5H")
    outcome = strafpoint.score(state).outcome
    assert outcome is not None and outcome.winners == (0, 2) and outcome.draw


def test_payoffs_are_minus_the_penalty_totals_and_lower_totals_are_better() -> None:
    state = position(["5H", "AD JC 2D", "KS 9S"], "4H", totals=(90, 80, 10))
    state = play(state, "play 5H")
    score = strafpoint.score(state)
    assert score.better == "low"
    assert score.payoffs == (-90.0, -113.0, -29.0)


def test_limit_one_plays_a_single_round() -> None:
    """Rule SP-3.1."""
    state = strafpoint.deal(strafpoint.PRESETS["single"], seed=9)
    rng = random.Random(9)
    while not strafpoint.is_over(state):
        state = strafpoint.apply(state, rng.choice(strafpoint.legal_moves(state)))
    score = strafpoint.score(state)
    assert score.outcome is not None
    assert score.outcome.reason == "truncated" or len(score.deals) == 1


def test_max_deals_truncates_the_series() -> None:
    state = position(["5H", "AD JC 2D"], "4H", max_deals=1)
    state = play(state, "play 5H")
    outcome = strafpoint.score(state).outcome
    assert outcome is not None and outcome.reason == "truncated"


def test_a_whole_game_is_recorded_and_replays() -> None:
    rules = Rules(players=3, voluntary_draw=False, first_dealer=0)
    state = strafpoint.deal(rules, seed=21)
    rng = random.Random(21)
    while not strafpoint.is_over(state):
        state = strafpoint.apply(state, rng.choice(strafpoint.legal_moves(state)))
    score = strafpoint.score(state)
    assert score.outcome is not None and score.outcome.reason == "limit reached"
    assert (
        max(score.totals) >= 100 > max(t - p for t, p in zip(score.totals, score.deals[-1].points))
    )
    assert state_from_json(state_to_json(state)) == state


# --------------------------------------------------------------------------- positions


def _stack_across_a_reshuffle() -> State:
    """Two sevens stacked, each played as the last but one card without calling "Mau"
    (MMS-4.1): the second player's penalty card empties the stock, and the discard pile,
    the first seven with it, is shuffled into a new stock (MMS-2.3) while four cards are
    owed (MMS-3.1)."""
    state = position(
        ["7C AC", "7S AH", "7D 9D"], "9C", deck32=True, mau_penalty_cards=1, voluntary_draw=False
    )
    state = state._replace(stock=state.stock[:1], pile=mask_of(state.stock[1:]))
    return play(state, "play 7C", "play 7S")


def test_sevens_owed_across_a_reshuffle_set_up_again_mms_2_3_mms_3_1() -> None:
    """MMS-2.3, MMS-3.1: the state's own position sets up the same state, though its
    discard pile holds none of the sevens played before the reshuffle."""
    state = _stack_across_a_reshuffle()
    assert (state.pending, state.pile, state.restocks, state.upcard) == (4, 0, 1, Card("7S"))
    assert Card("7C").bit & mask_of(state.stock)
    assert strafpoint.setup(state.rules, strafpoint.position(state)).pending == 4
    check_position(strafpoint, state.rules, state, seed=0)


def test_sevens_owed_beyond_the_pile_need_a_reshuffle_inside_the_stack_mms_3_1() -> None:
    """MMS-3.1: without a reshuffle, or with another card on the pile since it (played
    before the stack began), four cards owed need two sevens on the table."""
    state = _stack_across_a_reshuffle()
    data = strafpoint.position(state)
    rules = state.rules
    stock = data["stock"].split()
    other = next(card for card in stock if not card.startswith("7"))
    moved = data | {"stock": " ".join(c for c in stock if c != other), "discard_pile": other}
    with pytest.raises(PositionError, match=r"hold 1 7 \(a reshuffle in the middle of the"):
        strafpoint.setup(rules, moved)
    with pytest.raises(PositionError, match=r"pending=4: .* hold 1 7$"):
        strafpoint.setup(rules, moved | {"restocks": 0})
    # Without the Mau penalty no card is drawn inside a stack: the pile keeps its sevens.
    unpenalised = Rules(players=3, deck32=True, mau_penalty=False, voluntary_draw=False)
    with pytest.raises(PositionError, match=r"pending=4: .* hold 1 7$"):
        strafpoint.setup(unpenalised, data)


# --------------------------------------------------------------------------- messages


def test_messages_name_strafpoint_not_the_standard_game_mms_2_2() -> None:
    """MMS-2.2 ('end turn' only after drawing), refused by ``parse_move`` and by ``apply``:
    the message names Strafpoint, whose rounds are the standard game's."""
    state = position(["2H 10H 3C", "6D 2D 3D", "9D 4D 5D"], "4H")
    refused = r"after drawing a card \(Strafpoint: .* \(rule MMS-2\.2\)$"
    with pytest.raises(IllegalMoveError, match=refused) as caught:
        strafpoint.parse_move(state, "end turn")
    assert "Mau" not in str(caught.value)
    with pytest.raises(IllegalMoveError, match=refused):
        strafpoint.apply(state, END_TURN)
    with pytest.raises(IllegalMoveError, match=r"^'3' is not a move of Strafpoint: "):
        strafpoint.apply(state, 3)


# --------------------------------------------------------------------------- the heuristic bot


def choose(state: State) -> str:
    from cardrules.bots.heuristics import heuristic_bot

    seat = strafpoint.to_move(state)
    assert isinstance(seat, int)
    view = strafpoint.observe(state, seat)
    move = heuristic_bot("strafpoint").choose(view, strafpoint.legal_moves(state), random.Random(0))
    return str(move)


def test_heuristic_sheds_its_jacks_first() -> None:
    state = position(["JC 2H 10H KS QS AS", "6D 2D 3D", "9D 4D 5D"], "4H")
    assert choose(state) == "play JC call spades"


def test_heuristic_sheds_its_highest_card() -> None:
    state = position(["2H 10H 3C", "6D 2D 3D", "9D 4D 5D"], "4H")
    assert choose(state) == "play 10H"
    state = position(["2H AH", "6D 2D 3D", "9D 4D 5D"], "4H")
    assert choose(state) == "play AH announce"
