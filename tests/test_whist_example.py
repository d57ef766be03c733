"""examples/whist.py: classic Whist written on the trick engine, checked as a game.

Rules checked: the dealer's last card is the trump card and stays in his hand;
players follow suit; a partnership scores one point per trick over six; the
first partnership to the target wins; records, move numbers and sampling work
for a game defined outside the package.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardrules.bots import RandomBot
from cardrules.cards import DECK52, mask_of
from cardrules.core import tricks
from cardrules.play import play_game


def _load() -> ModuleType:
    path = Path(__file__).parent.parent / "examples" / "whist.py"
    spec = importlib.util.spec_from_file_location("whist_example", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["whist_example"] = module
    spec.loader.exec_module(module)
    return module


whist = _load()


def _random_game(seed: int, rules: object = None) -> object:
    bots = [RandomBot() for _ in range(4)]
    return play_game(whist, rules or whist.Rules(), bots, seed=seed)


def test_the_dealers_last_card_is_trump_and_stays_in_his_hand() -> None:
    state = whist.deal(whist.Rules(first_dealer=2), seed=0, deck=DECK52)
    # Card i goes to seat (2 + 1 + i) % 4: the last card, AS, goes to the dealer.
    assert state.trump_card == DECK52[-1]
    assert state.trump_card.bit & state.hands[2]
    assert [h.bit_count() for h in state.hands] == [13] * 4
    assert state.undealt == 0
    assert whist.observe(state, 0).trump_card == DECK52[-1]


def test_sample_keeps_the_trump_card_in_the_dealers_hand() -> None:
    state = whist.deal(whist.Rules(first_dealer=1), seed=4)
    view = whist.observe(state, 0)
    rng = random.Random(1)
    for _ in range(20):
        world = whist.sample(view, rng)
        assert world.trump_card.bit & world.hands[1]
        assert world.hands[0] == state.hands[0]
        assert sum(h.bit_count() for h in world.hands) == 52


def test_players_must_follow_suit() -> None:
    state = whist.deal(whist.Rules(first_dealer=0), seed=9)
    state = whist.apply(state, whist.legal_moves(state)[0])
    seat = whist.to_move(state)
    led = state.trick[0].suit
    held = state.hands[seat] & tricks.SUIT_MASKS[led]
    expected = held or state.hands[seat]
    assert mask_of(m.card for m in whist.legal_moves(state)) == expected


@pytest.mark.parametrize("seed", range(4))
def test_one_point_per_trick_over_six_to_the_partnership(seed: int) -> None:
    final = _random_game(seed)
    for row in whist.score(final).deals:
        won = row.extra("tricks")
        team_tricks = (won[0] + won[2], won[1] + won[3])
        assert sum(team_tricks) == 13
        expected = [max(0, t - 6) for t in team_tricks]
        assert row.points == tuple(expected[seat % 2] for seat in range(4))


@pytest.mark.parametrize("target", [1, 5])
def test_the_first_partnership_to_the_target_wins(target: int) -> None:
    final = _random_game(7, whist.Rules(target=target))
    score = whist.score(final)
    totals = score.totals
    assert totals[0] == totals[2] and totals[1] == totals[3]
    assert max(totals) >= target
    winners = (0, 2) if totals[0] > totals[1] else (1, 3)
    assert score.outcome.reason == "target reached"
    assert score.outcome.winners == winners
    assert sum(score.payoffs) == 0
    before = score.deals[-1].points
    assert max(t - p for t, p in zip(totals, before)) < target  # not over a deal earlier


def test_records_and_move_numbers_round_trip() -> None:
    state = whist.deal(whist.Rules(), seed=2)
    rng = random.Random(2)
    for _ in range(30):
        state = whist.apply(state, rng.choice(whist.legal_moves(state)))
    assert whist.state_from_dict(whist.state_to_dict(state)) == state
    for move in whist.legal_moves(state):
        assert whist.move_from_index(whist.move_index(move)) == move
    placed = [card for zone in whist.zones(state).values() for card in zone]
    assert sorted(placed) == sorted(DECK52)  # every card in exactly one zone


def test_explicit_chance_deals_the_same_way() -> None:
    rules = whist.Rules(first_dealer=3)
    state = whist.deal(rules, seed=0, chance="explicit")
    for card in DECK52:
        state = whist.apply(state, whist.parse_move(state, f"deal {card}"))
    fixed = whist.deal(rules, seed=0, deck=DECK52)
    assert state.hands == fixed.hands and state.trump_card == fixed.trump_card
