"""Maverick: one test per rule (the rule ids of docs/games/maverick.rst), on hand-built deals."""

from __future__ import annotations

import dataclasses
import itertools
import math
import pickle
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from cardrules import testing
from cardrules.cards import (
    BIG_JOKER,
    DECK54,
    LITTLE_JOKER,
    Card,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
)
from cardrules.core import sampling, tricks
from cardrules.core.match import Match
from cardrules.errors import (
    ArgumentError,
    IllegalMoveError,
    NotationError,
    RecordError,
    RulesError,
)
from cardrules.game import CHANCE, DealRow
from cardrules.games import maverick
from cardrules.games.maverick import (
    BID_ELEGANT,
    BID_ZERO,
    BLIND,
    NO_BID,
    NO_BLIND,
    Phase,
    Rules,
    State,
)
from cardrules.moves import ChooseDealer, DealCard, Play
from cardrules.records import state_from_json, state_to_json

# A deal by seat 3, so that seat 0 (the dealer's left) receives the first card and
# leads. The face-up cards KH 3C make hearts trumps and clubs the adder suit.
HANDS = (
    "2C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D",
    "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2H",
    "3H 4H 5H 6H 7H 8H 9H 10H JH QH AH LJ BJ",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
)
FACE_UP = "KH 3C"
DEALER_3 = Rules(first_dealer=3)


def deck_order(hands: Sequence[str] = HANDS, face_up: str = FACE_UP, dealer: int = 3) -> list[Card]:
    """The deck order that deals ``hands[seat]`` to each seat and turns ``face_up``."""
    cards = [list(parse_cards(hand)) for hand in hands]
    order = [cards[(dealer + 1 + i) % 4][i // 4] for i in range(52)]
    return order + list(parse_cards(face_up))


def rest_hands(face_up: str) -> list[str]:
    """Thirteen cards each of what the face-up cards leave, in card order."""
    rest = [c.text for c in DECK54 if c not in parse_cards(face_up)]
    return [" ".join(rest[13 * seat : 13 * seat + 13]) for seat in range(4)]


def dealt(
    rules: Rules = DEALER_3, hands: Sequence[str] | None = None, face_up: str = FACE_UP
) -> State:
    if hands is None:
        hands = HANDS if face_up == FACE_UP else rest_hands(face_up)
    return maverick.deal(rules, seed=0, deck=deck_order(hands, face_up, rules.first_dealer or 0))


def play_all(state: State, *texts: str) -> State:
    for text in texts:
        state = maverick.apply(state, maverick.parse_move(state, text))
    return state


def hand(state: State, seat: int) -> tuple[Card, ...]:
    return cards_of(state.hands[seat])


def position(
    hands: Sequence[str],
    *,
    rules: Rules = DEALER_3,
    face_up: str = FACE_UP,
    leader: int = 0,
    **fields: object,
) -> State:
    """A deal in play with these hands (the other cards are in finished tricks)."""
    state = dealt(rules, face_up=face_up)
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    taken = mask_of(parse_cards(face_up))
    for mask in masks:
        taken |= mask
    values: dict[str, Any] = {
        "phase": Phase.PLAYING,
        "hands": masks,
        "won": mask_of(DECK54) & ~taken,
        "passed": (0, 0, 0, 0),
        "bids": (None,) * 4 if not rules.bidding else ("no bid",) * 4,
        "blinds": (None, None) if not rules.bidding else (False, False),
        "leader": leader,
    }
    values.update(fields)
    # The engine keeps the bids of both rounds in ``declared``, the trick points and
    # books in ``tally`` and the finished tricks in ``waste``.
    values["declared"] = (values.pop("blinds"), values.pop("bids"))
    values["tally"] = tuple(values.pop("trick_points", (0, 0))) + tuple(values.pop("books", (0, 0)))
    values["waste"] = values.pop("won")
    # What the deal fixes (the passes, the declarations) is in the state's deal.
    fixed = {name: values.pop(name) for name in list(values) if name in state.deal._fields}
    return state._replace(deal=state.deal._replace(**fixed), **values)


def last_trick_winner(state: State) -> int | None:
    return [e for e in maverick.events(state) if e.kind == "trick"][-1].seat


def last_trick_points(state: State) -> int:
    trick_events = [e for e in maverick.events(state) if e.kind == "trick"]
    value = trick_events[-1].value
    assert value is not None
    return value


# --------------------------------------------------------------------------- players, deck


def test_four_players_in_two_partnerships_sitting_opposite() -> None:
    """Rule MV-1.1."""
    assert maverick.teams(Rules()) == ((0, 2), (1, 3))
    with pytest.raises(RulesError, match="players=5 is not allowed: players must be 4"):
        Rules(players=5)


def test_the_deck_is_52_cards_and_a_big_and_a_little_joker() -> None:
    """Rule MV-1.2."""
    deck = maverick.deck_of(Rules())
    assert len(deck) == 54 and set(deck) == set(DECK54)
    assert BIG_JOKER in deck and LITTLE_JOKER in deck


def test_jokers_rank_above_the_ace_the_big_one_highest() -> None:
    # Spades trump (fallback): a trick of trumps is won by the big joker, then the little.
    """Rule MV-1.2."""
    state = position(["AS", "LJ", "BJ", "KS"], face_up="2D 9D")
    state = play_all(state, "play AS", "play LJ", "play BJ", "play KS")
    assert last_trick_winner(state) == 2
    state = position(["AS", "LJ", "2S", "KS"], face_up="2D 9D")
    state = play_all(state, "play AS", "play LJ", "play 2S", "play KS")
    assert last_trick_winner(state) == 1


def test_dealing_order_13_each_one_at_a_time_from_the_dealers_left_then_two_face_up() -> None:
    """Rule MV-2.2."""
    from cardrules.cards import format_cards

    state = maverick.deal(Rules(first_dealer=0), seed=0, deck=DECK54)
    zones = maverick.zones(state)
    assert format_cards(zones["hand 1"][:3]) == "2C 6C 10C"  # cards 0, 4, 8 of the order
    assert format_cards(zones["hand 0"][:3]) == "5C 9C KC"  # cards 3, 7, 11
    assert all(len(zones[f"hand {s}"]) == 13 for s in range(4))
    assert zones["face up"] == (LITTLE_JOKER, BIG_JOKER)  # cards 52 and 53
    state = dealt()
    assert [hand(state, s) for s in range(4)] == [tuple(sorted(parse_cards(h))) for h in HANDS]


@pytest.mark.parametrize(
    ("face_up", "rule", "trump", "adder"),
    [
        ("KH 3C", "default", Suit.HEARTS, Suit.CLUBS),  # the higher card's suit is trump
        ("3C KH", "default", Suit.HEARTS, Suit.CLUBS),  # in either order
        ("9D 2D", "default", Suit.SPADES, Suit.DIAMONDS),  # one suit: spades and diamonds
        ("7H 7C", "default", Suit.SPADES, Suit.DIAMONDS),  # equal rank: the default pair
        ("7H 7C", "suit_order", Suit.HEARTS, Suit.CLUBS),  # or bridge order S > H > D > C
        ("7C 7S", "suit_order", Suit.SPADES, Suit.CLUBS),
        ("BJ 5H", "default", Suit.SPADES, Suit.DIAMONDS),  # a joker: spades and diamonds
        ("AC LJ", "default", Suit.SPADES, Suit.DIAMONDS),
        ("AS 2H", "default", Suit.SPADES, Suit.HEARTS),
    ],
)
def test_face_up_pair_fixes_trump_and_adder(
    face_up: str, rule: str, trump: Suit, adder: Suit
) -> None:
    """Rule MV-2.3, MV-2.4, MV-2.5."""
    assert maverick.trump_and_adder(parse_cards(face_up), rule) == (trump, adder)
    state = dealt(Rules(first_dealer=3, equal_rank_rule=rule), face_up=face_up)
    assert (state.trick_rules.trump, state.second_suit) == (trump, adder)
    assert maverick.zones(state)["face up"] == parse_cards(face_up)


def test_face_up_cards_stay_out_of_play_for_the_whole_deal() -> None:
    """Rule MV-2.2."""
    state = dealt()
    rng = random.Random(2)
    while state.match.deal_number == 0:
        assert maverick.zones(state)["face up"] == parse_cards(FACE_UP)
        assert not any(state.hands[s] & mask_of(parse_cards(FACE_UP)) for s in range(4))
        state = maverick.apply(state, rng.choice(maverick.legal_moves(state)))


def test_the_first_dealer_is_drawn_from_the_seed_and_the_deal_passes_clockwise() -> None:
    """Rule MV-2.1."""
    dealers = Counter(maverick.deal(Rules(), seed=s).match.dealer for s in range(200))
    assert set(dealers) == {0, 1, 2, 3}
    state = maverick.deal(Rules(first_dealer=2, target=30), seed=4)
    rng = random.Random(0)
    while not maverick.is_over(state):
        state = maverick.apply(state, rng.choice(maverick.legal_moves(state)))
    rows = maverick.score(state).deals
    assert [row.dealer for row in rows] == [(2 + k) % 4 for k in range(len(rows))]


# --------------------------------------------------------------------------- passing


def test_each_player_passes_two_cards_to_his_left_neighbour() -> None:
    """Rule MV-3.1."""
    state = dealt()
    assert state.phase == Phase.PASSING
    state = play_all(state, "pass 2C 4C", "pass 3D 4D", "pass 3H 4H", "pass 2S 3S")
    assert set(parse_cards("3S 2S")) <= set(hand(state, 0))  # from seat 3, on its right
    assert set(parse_cards("2C 4C")) <= set(hand(state, 1))
    assert set(parse_cards("3D 4D")) <= set(hand(state, 2))
    assert set(parse_cards("3H 4H")) <= set(hand(state, 3))
    assert not set(parse_cards("2C 4C")) & set(hand(state, 0))
    assert all(len(hand(state, s)) == 13 for s in range(4))
    assert state.phase == Phase.PLAYING


def test_passes_are_made_one_seat_at_a_time_from_the_dealers_left() -> None:
    """Rule MV-3.2."""
    state = dealt()
    order = []
    while state.phase == Phase.PASSING:
        seat = maverick.to_move(state)
        order.append(seat)
        state = maverick.apply(state, maverick.legal_moves(state)[0])
    assert order == [0, 1, 2, 3]


def test_any_two_cards_of_the_hand_may_be_passed_and_nothing_else() -> None:
    """Rule MV-3.1."""
    state = dealt()
    legal = maverick.legal_moves(state)
    assert len(legal) == math.comb(13, 2)
    with pytest.raises(IllegalMoveError, match=r"seat 0 can pass only cards of his hand: 3D"):
        maverick.apply(state, maverick.PassCards((Card("2C"), Card("3D"))))
    with pytest.raises(IllegalMoveError, match="must pass two cards"):
        maverick.apply(state, Play(Card("2C")))


@pytest.mark.parametrize("seed", range(8))
def test_the_passes_are_every_pair_of_the_hand_in_move_number_order(seed: int) -> None:
    """Rule MV-3.1: the legal passes, made from the hand's mask bit by bit, are exactly
    the pairs of its cards, in move-number order."""
    state = maverick.deal(Rules(first_dealer=seed % 4), seed=seed)
    while state.phase == Phase.PASSING:
        seat = maverick.to_move(state)
        assert isinstance(seat, int)
        legal = maverick.legal_moves(state)
        passes = [move for move in legal if isinstance(move, maverick.PassCards)]
        assert len(passes) == len(legal)
        pairs = {frozenset(pair) for pair in itertools.combinations(hand(state, seat), 2)}
        assert {frozenset(move.cards) for move in passes} == pairs
        numbers = [maverick.move_index(move) for move in legal]
        assert numbers == sorted(numbers)
        state = maverick.apply(state, legal[seed * 7 % len(legal)])


def test_no_seat_receives_before_it_has_passed_and_received_cards_cannot_be_passed_on() -> None:
    """Rule MV-3.2."""
    state = play_all(dealt(), "pass 2C 4C")
    # Seat 1 has not received seat 0's cards: it passes from its own 13.
    assert not set(parse_cards("2C 4C")) & set(hand(state, 1))
    assert "pass 2C 4C" not in {str(m) for m in maverick.legal_moves(state)}
    state = play_all(state, "pass 3D 4D", "pass 3H 4H")
    assert not set(parse_cards("3H 4H")) & set(hand(state, 3))


def test_passes_stay_hidden_from_other_seats_until_all_have_passed() -> None:
    """Rule MV-3.2."""
    state = play_all(dealt(), "pass 2C 4C", "pass 3D 4D")
    view = maverick.observe(state, 1)
    assert view.passed == parse_cards("3D 4D") and view.received == ()
    assert view.has_passed == (True, True, False, False)
    assert view.hand_sizes == (11, 11, 13, 13)
    assert maverick.observe(state, 2).passed == ()
    passes = [e for e in view.events if e.kind == "pass"]
    assert [str(e) for e in passes] == ["seat 0 passes two cards", "seat 1 passes two cards"]
    assert all(e.cards == () for e in passes)
    state = play_all(state, "pass 3H 4H", "pass 2S 3S")
    view = maverick.observe(state, 1)
    assert view.received == parse_cards("2C 4C") and view.passed == parse_cards("3D 4D")
    assert maverick.observe(state, 3).received == parse_cards("3H 4H")


# --------------------------------------------------------------------------- play


def passed_out(state: State) -> State:
    while state.phase in (Phase.PASSING, Phase.BLIND, Phase.BIDDING):
        state = maverick.apply(state, maverick.legal_moves(state)[0])
    return state


def test_the_player_left_of_the_dealer_leads_any_card() -> None:
    """Rule MV-4.1."""
    state = passed_out(dealt())
    assert maverick.to_move(state) == 0
    assert {m.card for m in maverick.legal_moves(state) if isinstance(m, Play)} == set(
        hand(state, 0)
    )


def test_followers_must_follow_the_led_suit_by_default() -> None:
    """Rule MV-4.2, MV-4.4."""
    state = position(["9S 2C", "AS 4D", "2S 5S", "3D 7D"])
    state = play_all(state, "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play AS"]
    before = pickle.dumps(state)
    with pytest.raises(IllegalMoveError, match=r"seat 1 must follow suit: spades \(AS\)"):
        maverick.apply(state, Play(Card("4D")))
    assert pickle.dumps(state) == before


def test_jokers_are_trumps_a_joker_lead_is_a_trump_lead() -> None:
    """Rule MV-4.3."""
    state = position(["BJ 2C", "2H 4D", "LJ 5S", "3D 7D"])  # hearts trump
    state = play_all(state, "play BJ")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 2H"]


def test_a_player_whose_only_trumps_are_jokers_must_follow_a_trump_lead_with_one() -> None:
    """Rule MV-4.3."""
    state = position(["5H 2C", "2H 4D", "LJ 5S", "3D 7D"])
    state = play_all(state, "play 5H", "play 2H")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play LJ"]


def test_a_void_player_may_play_any_card_with_no_obligation_to_trump() -> None:
    """Rule MV-4.2."""
    state = position(["9S 2C", "2H 4D", "2S 5S", "3D 7D"])
    state = play_all(state, "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 4D", "play 2H"]


MUST_TRUMP = Rules(first_dealer=3, must_trump=True)


def test_with_must_trump_a_void_player_holding_a_trump_must_play_one() -> None:
    """Rule MV-4.6: Pagat's "If a player does not have any of the suit led then they
    must trump the trick". Seat 1 holds no spade but the two of hearts (trumps)."""
    state = play_all(position(["9S 2C", "2H 4D", "2S 5S", "3D 7D"], rules=MUST_TRUMP), "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 2H"]
    with pytest.raises(IllegalMoveError, match=r"MV-4\.6"):
        maverick.apply(state, maverick.parse_move(state, "play 4D"))
    # The option off (the default): the same seat may discard (MV-4.2).
    state = play_all(position(["9S 2C", "2H 4D", "2S 5S", "3D 7D"]), "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 4D", "play 2H"]


def test_with_must_trump_a_joker_is_a_trump_and_without_one_any_card_is_legal() -> None:
    """Rule MV-4.6: jokers are trumps (MV-4.3); a void player with no trump plays
    any card, and following suit still comes first."""
    state = play_all(position(["9S 2C", "LJ 4D", "2S 5S", "3D 7D"], rules=MUST_TRUMP), "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play LJ"]
    state = play_all(position(["9S 2C", "3C 4D", "2S 5S", "3D 7D"], rules=MUST_TRUMP), "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 3C", "play 4D"]
    state = play_all(position(["9S 2C", "2H 4S", "2S 5S", "3D 7D"], rules=MUST_TRUMP), "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 4S"]


def test_with_must_trump_a_discard_shows_the_others_that_he_holds_no_trump() -> None:
    """Rule MV-4.6: seat 1 (diamonds, and the clubs seat 0 passed him) discards on a
    spade lead; under ``must_trump`` that shows he holds no trump, so no world seat 0
    samples gives him one. By default it shows only the spade void, and some do."""
    hands = [
        "2C 4C 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "5C 6C KS AS 2H 3H 4H 5H 6H 7H 8H 9H 10H",
        "7C 8C 9C 10C JC QC KC AC JH QH AH LJ BJ",
    ]
    trumps = tricks.SUIT_MASKS[Suit.HEARTS] | tricks.JOKERS_MASK
    for rules, may_hold_trump in ((MUST_TRUMP, False), (DEALER_3, True)):
        state = play_all(passed_out(dealt(rules, hands)), "play 2S", "play 4D")
        view = maverick.observe(state, 0)
        rng = random.Random(3)
        worlds = [maverick.sample(view, rng) for _ in range(40)]
        assert all(maverick.observe(world, 0) == view for world in worlds)
        assert any(world.hands[1] & trumps for world in worlds) is may_hold_trump


def test_must_trump_is_an_option_off_by_default() -> None:
    """Rule MV-4.6."""
    from cardrules.core.options import build_rules, parse_rules_text

    assert Rules().must_trump is False
    rules = Rules(must_trump=True)
    assert str(rules) == "maverick(must_trump=true)"
    name, options = parse_rules_text(str(rules))
    assert name == "maverick" and build_rules(Rules, options) == rules


def test_the_highest_trump_wins_else_the_highest_card_of_the_led_suit() -> None:
    """Rule MV-4.5."""
    state = position(["9S", "2H", "AS", "5H"])
    state = play_all(state, "play 9S", "play 2H", "play AS", "play 5H")
    assert last_trick_winner(state) == 3
    state = position(["9S", "AD", "AS", "5C"])
    state = play_all(state, "play 9S", "play AD", "play AS", "play 5C")
    assert last_trick_winner(state) == 2


def test_the_winner_of_a_trick_leads_the_next() -> None:
    """Rule MV-4.1."""
    state = position(["9S 2C", "2H 4D", "AS 5S", "3D 7D"])
    state = play_all(state, "play 9S", "play 2H", "play AS", "play 3D")
    assert state.leader == 1 and maverick.to_move(state) == 1


def test_when_trumps_do_not_win_only_the_led_suit_or_a_joker_wins() -> None:
    """Rule MV-4.5."""
    rules = Rules(first_dealer=3, trumps_win=False)
    state = position(["9S", "AH", "AS", "5H"], rules=rules)
    state = play_all(state, "play 9S", "play AH", "play AS", "play 5H")
    assert last_trick_winner(state) == 2
    assert last_trick_points(state) == -1  # the trumps still score
    state = position(["9S", "AH", "AS", "LJ"], rules=rules)
    state = play_all(state, "play 9S", "play AH", "play AS", "play LJ")
    assert last_trick_winner(state) == 3
    state = position(["2H", "AH", "AS", "5H"], rules=rules)  # a trump lead: trumps are led
    state = play_all(state, "play 2H", "play AH", "play AS", "play 5H")
    assert last_trick_winner(state) == 1


def test_suitless_jokers_are_playable_at_any_time_and_always_win() -> None:
    """Rule MV-4.3."""
    rules = Rules(first_dealer=3, jokers="suitless")
    state = position(["9S 2C", "LJ 4S", "AS 5S", "2H 7D"], rules=rules)
    state = play_all(state, "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 4S", "play LJ"]
    state = play_all(state, "play LJ", "play AS", "play 2H")
    assert last_trick_winner(state) == 1
    assert last_trick_points(state) == -1  # the joker is no trump; 2H is one


def test_a_suitless_joker_played_to_a_trick_shows_no_void_mv_4_3() -> None:
    """Rule MV-4.3: a suitless joker may be played at any time, so playing one to a spade
    lead says nothing of the player's spades (here he has none, which only he knows)."""
    rules = Rules(first_dealer=3, jokers="suitless")
    state = position(["9S 2C", "LJ 4D", "AS 5S", "2H 7D"], rules=rules)
    state = play_all(state, "play 9S", "play LJ")
    assert state.voids[1] == 0
    state = play_all(state, "play AS", "play 2H")
    assert state.voids[3] == mask_of(parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"))


def test_after_a_suitless_joker_lead_the_next_card_sets_the_suit() -> None:
    """Rule MV-4.3."""
    rules = Rules(first_dealer=3, jokers="suitless")
    state = position(["BJ 2C", "4D 4S", "AS 5D", "2H 7D"], rules=rules)
    state = play_all(state, "play BJ")
    assert len(maverick.legal_moves(state)) == 2  # anything
    state = play_all(state, "play 4D")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 5D"]


# --------------------------------------------------------------------------- revoke penalty


def test_a_revoke_is_legal_with_the_penalty_option_and_costs_the_team_4_at_once() -> None:
    """Rule MV-4.4."""
    rules = Rules(first_dealer=3, revoke="penalty")
    state = position(["9S 2C", "AS 4D", "2S 5S", "3D 7D"], rules=rules)
    state = play_all(state, "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 4D", "play AS"]
    state = play_all(state, "play 4D")
    assert state.revokes == (0, 1, 0, 0)
    assert maverick.raw_scores(state) == (0, -4)
    revoke = maverick.events(state)[-1]
    assert revoke.kind == "revoke" and revoke.seat == 1 and revoke.value == -4
    assert str(revoke) == "seat 1 revokes (holds spades): -4 for seats 1 and 3"
    assert revoke in maverick.observe(state, 0).events


def test_a_discard_that_must_trump_forbids_is_no_revoke_under_the_penalty_rule_mv_4_6() -> None:
    """Rules MV-4.6 and MV-4.4: with ``must_trump`` and the legal revoke both on, seat 1,
    out of spades and holding a trump (2H), may discard 4D: it costs 4 as a revoke does,
    but it is announced as what it is, and it shows a spade void, not spades held (no
    sampled world gives seat 1 a spade; each gives him his trump)."""
    rules = Rules(first_dealer=3, must_trump=True, revoke="penalty")
    state = play_all(position(["9S 2C", "2H 4D", "2S 5S", "3D 7D"], rules=rules), "play 9S")
    assert [str(m) for m in maverick.legal_moves(state)] == ["play 4D", "play 2H"]
    state = play_all(state, "play 4D")
    assert state.revokes == (0, 1, 0, 0) and maverick.raw_scores(state) == (0, -4)
    breach = maverick.events(state)[-1]
    assert breach.kind == "must_trump" and breach.seat == 1 and breach.value == -4
    assert (
        str(breach) == "seat 1 does not trump (out of spades, holds a trump): -4 for seats 1 and 3"
    )
    view = maverick.observe(state, 0)
    assert breach in view.events
    spades = tricks.SUIT_MASKS[Suit.SPADES]
    assert state.voids[1] & spades == spades and not state.voids[1] & ~spades
    rng = random.Random(5)
    for _ in range(10):
        world = maverick.sample(view, rng)
        assert maverick.observe(world, 0) == view
        assert world.hands[1] == mask_of(parse_cards("2H"))
    # Holding the suit led, the same discard is a revoke, as without must trump.
    state = play_all(position(["9S 2C", "2H 4D 4S", "2S 5S", "3D 7D"], rules=rules), "play 9S")
    assert maverick.events(play_all(state, "play 4D"))[-1].kind == "revoke"


def test_the_contract_holds_with_must_trump_and_the_legal_revoke_rule_mv_4_6() -> None:
    """Rules MV-4.6 and MV-4.4 together keep every promise of the contract (views,
    sampled worlds, positions, records) along random games, whose breaches of must trump
    are announced as such."""
    rules = Rules(must_trump=True, revoke="penalty", max_deals=1)
    testing.check_game(maverick, presets={"must_trump_penalty": rules}, games=4)
    state = maverick.deal(rules, seed=2)
    rng = random.Random(2)
    while not maverick.is_over(state):
        state = maverick.apply(state, rng.choice(maverick.legal_moves(state)))
    assert any(event.kind == "must_trump" for event in maverick.events(state))


def test_each_revoke_costs_4_and_a_void_player_is_not_penalised() -> None:
    """Rule MV-4.4, MV-5.4."""
    rules = Rules(first_dealer=3, revoke="penalty")
    state = position(["9S 2S", "AS 4D", "3D 4H", "3S 7D"], rules=rules)
    state = play_all(state, "play 9S", "play 4D", "play 3D", "play 7D")  # two revokes, a void
    assert state.revokes == (0, 1, 0, 1)
    assert maverick.raw_scores(state) == (1, -8)
    rules = Rules(first_dealer=3, revoke="penalty")
    state = position(["9S", "4D", "5S", "3S"], rules=rules)
    state = play_all(state, "play 9S", "play 4D")
    assert state.revokes == (0, 0, 0, 0)


# --------------------------------------------------------------------------- trick scoring


@pytest.mark.parametrize(
    ("cards", "points", "book"),
    [
        ("2H 5H 9H AH", -4, False),  # all trumps
        ("2H 5H BJ AH", -4, False),  # all trumps, a joker among them
        ("5S 2H 7S 9S", -1, False),  # a trump, no adder
        ("5S 2H 7S LJ", -1, False),  # two trumps (one a joker), no adder
        ("2H 5H 9H 7S", -1, False),  # three trumps, no adder
        ("5S 6S 7S 9S", 1, False),  # sans atout: no trump, no adder
        ("4C 5S 6S 7S", 1, False),  # one adder
        ("4C 5C 2H 9S", 2, False),  # two adders and a trump: +a (MV-5.1)
        ("2H 5H 9H 4C", 1, False),  # three trumps and an adder
        ("4C 5C 6C 2S", 3, False),
        ("4C 5C 6C 7C", 4, True),  # a book: all four adders
    ],
)
def test_trick_scoring_table(cards: str, points: int, book: bool) -> None:
    """Rule MV-5.1, MV-5.2, MV-5.3."""
    trick = parse_cards(cards)
    assert maverick.trick_score(trick, Suit.HEARTS, Suit.CLUBS) == points
    state = position([c.text for c in trick])
    state = play_all(state, *(f"play {c}" for c in trick))
    assert last_trick_points(state) == points
    row = maverick.score(state).deals[0]
    team = row.extra("tricks").index(1) % 2
    assert row.extra("raw")[team] == points and row.extra("raw")[1 - team] == 0
    assert row.extra("books")[team] == int(book)


def test_suitless_jokers_count_as_neither_trump_nor_adder() -> None:
    """Rule MV-5.1."""
    assert (
        maverick.trick_score(parse_cards("BJ 5S 6S 7S"), Suit.HEARTS, Suit.CLUBS, "suitless") == 1
    )
    assert (
        maverick.trick_score(parse_cards("BJ 2H 3H 4H"), Suit.HEARTS, Suit.CLUBS, "suitless") == -1
    )
    assert maverick.trick_score(parse_cards("BJ 2H 3H 4H"), Suit.HEARTS, Suit.CLUBS, "trump") == -4


def test_the_trick_points_go_to_the_team_that_won_it() -> None:
    """Rule MV-5.1, MV-5.4."""
    state = position(["4C 9S", "5C 8S", "6C 7S", "AC 6S"])
    state = play_all(state, "play 4C", "play 5C", "play 6C", "play AC")  # seat 3 wins a book
    assert state.tally == (0, 4, 0, 1)  # trick points, then books, per team
    state = play_all(state, "play 6S", "play 9S", "play 8S", "play 7S")  # seat 0 wins +1
    row = maverick.score(state).deals[0]
    assert row.points == (1, 4, 1, 4)
    assert maverick.score(state).totals == (1, 4, 1, 4)


PAGAT_ADDERS = Rules(first_dealer=3, adder_points="plus_one")


@pytest.mark.parametrize(
    ("cards", "points", "book"),
    [
        ("2H 5H 9H AH", -4, False),  # all trumps: as by default
        ("5S 2H 7S 9S", -1, False),  # a trump, no adder: as by default
        ("5S 6S 7S 9S", 1, False),  # no trump, no adder: as by default
        ("4C 5S 6S 7S", 2, False),  # one adder: 1 + 1
        ("4C 5C 2H 9S", 3, False),  # two adders and a trump: 1 + 2
        ("4C 5C 6C 2S", 4, False),  # three adders: 1 + 3, not a book
        ("4C 5C 6C 7C", 5, True),  # a book: 1 + 4
    ],
)
def test_pagats_adder_reading_scores_one_more_for_a_trick_with_adders(
    cards: str, points: int, book: bool
) -> None:
    """Rule MV-5.5: Pagat's "Plus 1 point, and Plus ? (? = number of adders in the
    trick)" read literally, with ``adder_points="plus_one"``."""
    trick = parse_cards(cards)
    assert maverick.trick_score(trick, Suit.HEARTS, Suit.CLUBS, adder_points="plus_one") == points
    state = position([c.text for c in trick], rules=PAGAT_ADDERS)
    state = play_all(state, *(f"play {c}" for c in trick))
    assert last_trick_points(state) == points
    row = maverick.score(state).deals[0]
    team = row.extra("tricks").index(1) % 2
    assert row.extra("raw")[team] == points and row.extra("books")[team] == int(book)


def test_the_adder_reading_is_an_option_defaulting_to_the_german_text() -> None:
    """Rule MV-5.5: ``adder_points`` is ``"per_adder"`` by default, and the text form
    names the other reading."""
    from cardrules.core.options import build_rules, parse_rules_text

    assert Rules().adder_points == "per_adder"
    rules = Rules(adder_points="plus_one")
    assert str(rules) == "maverick(adder_points=plus_one)"
    name, options = parse_rules_text(str(rules))
    assert name == "maverick" and build_rules(Rules, options) == rules
    with pytest.raises(RulesError, match="adder_points"):
        Rules(adder_points="double")
    with pytest.raises(ArgumentError, match="adder_points must be one of"):
        maverick.trick_score(parse_cards("4C 5S 6S 7S"), Suit.HEARTS, Suit.CLUBS, adder_points="x")


# --------------------------------------------------------------------------- match


def finish(state: State) -> State:
    """Play the four cards left (one per seat) to end the deal."""
    while state.phase == Phase.PLAYING:
        state = maverick.apply(state, maverick.legal_moves(state)[0])
    return state


def at_totals(totals: tuple[int, int], rules: Rules, **fields: Any) -> State:
    """A last trick of a deal (5S 6S 7S 9S: +1 for seat 3's team) after earlier totals."""
    row = DealRow(0, 2, (totals[0], totals[1]) * 2, ())
    match = Match(1, 3, (totals[0], totals[1]) * 2, (row,))
    return position(["5S", "6S", "7S", "9S"], rules=rules, match=match, **fields)


def test_the_first_team_to_reach_the_target_wins() -> None:
    """Rule MV-7.1."""
    rules = Rules(first_dealer=3, target=30)
    state = finish(at_totals((20, 29), rules))
    outcome = maverick.score(state).outcome
    assert outcome is not None and outcome.reason == "target reached"
    assert outcome.winners == (1, 3) and not outcome.draw
    assert maverick.score(state).totals == (20, 30, 20, 30)
    assert maverick.score(state).payoffs == (-10.0, 10.0, -10.0, 10.0)


def test_below_the_target_the_match_goes_on_with_the_next_deal() -> None:
    """Rule MV-7.1."""
    state = finish(at_totals((20, 28), Rules(first_dealer=3, target=30)))
    assert not maverick.is_over(state)
    assert state.match.deal_number == 2 and state.phase == Phase.PASSING


@pytest.mark.parametrize("target", [30, 40, 50, 7])
def test_the_target_is_agreed_before_play_30_40_or_50(target: int) -> None:
    """Rule MV-7.1."""
    assert Rules(target=target).target == target
    assert Rules().target == 50
    state = finish(at_totals((0, target - 1), Rules(first_dealer=3, target=target)))
    assert maverick.is_over(state)


def test_when_both_teams_reach_the_target_the_higher_total_wins() -> None:
    """Rule MV-7.2."""
    rules = Rules(first_dealer=3, target=30)
    match = Match(1, 3, (29, 28, 29, 28), (DealRow(0, 2, (29, 28, 29, 28), ()),))
    state = position(["9S 4C", "5S 5C", "6S 6C", "7S AC"], rules=rules, match=match)
    state = play_all(state, "play 9S", "play 5S", "play 6S", "play 7S")  # seat 0: +1
    state = play_all(state, "play 4C", "play 5C", "play 6C", "play AC")  # seat 3: a book, +4
    outcome = maverick.score(state).outcome
    assert maverick.score(state).totals == (30, 32, 30, 32)
    assert outcome is not None and outcome.winners == (1, 3)


def test_equal_totals_at_the_target_play_on() -> None:
    """Rule MV-7.2."""
    rules = Rules(first_dealer=3, target=30)
    state = finish(at_totals((31, 30), rules))  # seat 3's team +1: 31 all
    assert maverick.score(state).totals == (31, 31, 31, 31)
    assert not maverick.is_over(state)


def test_totals_may_be_negative() -> None:
    """Rule MV-7.1."""
    state = position(["2H", "5H", "9H", "AH"])
    state = finish(state)
    assert maverick.score(state).totals == (0, -4, 0, -4)


def test_max_deals_caps_the_game_as_truncated() -> None:
    state = maverick.deal(maverick.PRESETS["revoke_penalty"], seed=3)
    rng = random.Random(3)
    while not maverick.is_over(state):
        state = maverick.apply(state, rng.choice(maverick.legal_moves(state)))
    score = maverick.score(state)
    assert score.outcome is not None and score.outcome.reason == "truncated"
    assert len(score.deals) == 1


# --------------------------------------------------------------------------- bids


BIDDING = Rules(first_dealer=3, bidding=True)


def test_blind_is_declared_by_each_partnership_before_its_cards_are_seen() -> None:
    """Rule MV-6.1."""
    state = dealt(BIDDING)
    assert state.phase == Phase.BLIND
    assert maverick.to_move(state) == 0  # the team left of the dealer, its first member
    assert maverick.legal_moves(state) == (BLIND, NO_BLIND)
    assert maverick.observe(state, 0).hand == ()
    assert maverick.observe(state, 0).face_up == parse_cards(FACE_UP)
    state = play_all(state, "blind")
    assert maverick.to_move(state) == 1  # then the dealer's team, its first member
    assert maverick.observe(state, 2).blinds == (True, None)
    state = play_all(state, "no blind")
    assert state.phase == Phase.PASSING
    assert maverick.observe(state, 0).hand == tuple(sorted(parse_cards(HANDS[0])))


def test_bids_follow_the_pass_clockwise_from_the_dealers_left() -> None:
    """Rule MV-6.1."""
    state = play_all(dealt(BIDDING), "no blind", "no blind")
    state = play_all(state, "pass 2C 4C", "pass 3D 4D", "pass 3H 4H", "pass 2S 3S")
    assert state.phase == Phase.BIDDING
    order = []
    while state.phase == Phase.BIDDING:
        order.append(maverick.to_move(state))
        state = maverick.apply(state, NO_BID)
    assert order == [0, 1, 2, 3]
    assert state.phase == Phase.PLAYING and maverick.to_move(state) == 0


def test_one_bid_per_partnership_per_deal() -> None:
    """Rule MV-6.5."""
    state = play_all(dealt(BIDDING), "blind", "no blind")
    state = play_all(state, "pass 2C 4C", "pass 3D 4D", "pass 3H 4H", "pass 2S 3S")
    assert maverick.legal_moves(state) == (NO_BID,)  # seat 0's team declared blind
    with pytest.raises(IllegalMoveError, match="seats 0 and 2 declared blind"):
        maverick.apply(state, BID_ZERO)
    state = play_all(state, "no bid")
    assert maverick.legal_moves(state) == (BID_ZERO, BID_ELEGANT, NO_BID)
    state = play_all(state, "bid zero", "no bid")
    assert maverick.legal_moves(state) == (NO_BID,)  # seat 3's partner has bid
    assert [str(e) for e in maverick.events(state) if e.kind == "bid"][1] == (
        "seat 1 bids zero: he will win no trick"
    )


def test_several_bids_per_team_when_one_bid_per_team_is_off() -> None:
    """Rule MV-6.6."""
    rules = Rules(first_dealer=3, bidding=True, one_bid_per_team=False)
    state = play_all(dealt(rules), "blind", "no blind")
    state = play_all(state, "pass 2C 4C", "pass 3D 4D", "pass 3H 4H", "pass 2S 3S")
    assert maverick.legal_moves(state) == (BID_ZERO, BID_ELEGANT, NO_BID)
    state = play_all(state, "bid elegant", "no bid")
    assert maverick.legal_moves(state) == (BID_ZERO, NO_BID)  # elegant once per team


def bid_deal(
    rules: Rules,
    *,
    bids: tuple[str, ...] = ("no bid",) * 4,
    blinds: tuple[bool, bool] = (False, False),
    trick_points: tuple[int, int] = (0, 0),
    tricks_won: tuple[int, ...] = (0, 0, 0, 0),
    books: tuple[int, int] = (0, 0),
    last: str = "5S 6S 7S 9S",
    totals: tuple[int, int] = (0, 0),
) -> DealRow:
    """Play the last trick of a deal (seat 0 leads) and return the deal's row."""
    row = DealRow(0, 2, totals * 2, ())
    match = Match(1, 3, totals * 2, (row,))
    state = position(
        last.split(),
        rules=rules,
        bids=bids,
        blinds=blinds,
        trick_points=trick_points,
        tricks_won=tricks_won,
        books=books,
        match=match,
    )
    state = finish(state)
    return maverick.score(state).deals[-1]


def test_zero_bid_success_triples_a_positive_team_score() -> None:
    # Seat 1 bid zero and wins no trick; his partner's tricks give the team 5 (+1 last trick).
    """Rule MV-6.2."""
    row = bid_deal(
        BIDDING,
        bids=("no bid", "zero", "no bid", "no bid"),
        trick_points=(2, 5),
        tricks_won=(6, 0, 0, 6),
    )
    assert row.extra("raw")[1] == 6 and row.points[1] == 18
    assert row.points[0] == 2


def test_zero_bid_success_with_a_score_of_zero_or_less_gives_plus_one() -> None:
    """Rule MV-6.2."""
    row = bid_deal(
        BIDDING,
        bids=("no bid", "zero", "no bid", "no bid"),
        trick_points=(2, -3),
        tricks_won=(6, 0, 0, 6),
    )
    assert row.extra("raw")[1] == -2 and row.points[1] == 1


def test_a_zero_bid_made_at_a_deal_score_of_exactly_zero_scores_plus_one_rule_mv_6_2() -> None:
    """Rule MV-6.2: a successful zero bid triples the team's deal score only when it is
    above 0; at exactly 0 the team scores +1 (not 3 x 0)."""
    row = bid_deal(
        BIDDING,
        bids=("no bid", "zero", "no bid", "no bid"),
        trick_points=(2, -1),  # -1, and +1 for the last trick: a deal score of 0
        tricks_won=(6, 0, 0, 6),
    )
    assert row.extra("raw")[1] == 0 and row.points[1] == 1
    assert row.points[0] == 2


def test_zero_bid_failure_scores_minus_one_or_subtracts_one_with_zero_fail_add() -> None:
    """Rule MV-6.2."""
    bids = ("no bid", "no bid", "no bid", "zero")  # seat 3 wins the last trick
    row = bid_deal(BIDDING, bids=bids, trick_points=(2, 7), tricks_won=(6, 0, 6, 0))
    assert row.extra("raw")[1] == 8 and row.points[1] == -1
    add = attrs.evolve(BIDDING, zero_fail="add")
    row = bid_deal(add, bids=bids, trick_points=(2, 7), tricks_won=(6, 0, 6, 0))
    assert row.points[1] == 7


def test_blind_success_doubles_and_failure_scores_minus_three() -> None:
    """Rule MV-6.3."""
    row = bid_deal(BIDDING, blinds=(False, True), trick_points=(2, 7))
    assert row.extra("raw") == (2, 8, 2, 8) and row.points == (2, 16, 2, 16)
    row = bid_deal(BIDDING, blinds=(True, False), trick_points=(2, 7))
    assert row.points == (-3, 8, -3, 8)
    row = bid_deal(BIDDING, blinds=(True, False), trick_points=(7, 7))  # 7 vs 8: not more
    assert row.points[0] == -3
    add = attrs.evolve(BIDDING, blind_fail="add")
    row = bid_deal(add, blinds=(True, False), trick_points=(2, 7))
    assert row.points[0] == -1


def test_a_blind_team_scores_more_only_when_strictly_ahead() -> None:
    """Rule MV-6.3."""
    row = bid_deal(BIDDING, blinds=(False, True), trick_points=(8, 7))  # 8 vs 8
    assert row.points[1] == -3


def test_elegant_success_doubles_failure_zeroes_the_deal() -> None:
    """Rule MV-6.4."""
    bids = ("no bid", "elegant", "no bid", "no bid")
    row = bid_deal(BIDDING, bids=bids, trick_points=(0, 15), books=(0, 3))
    assert row.points[1] == 32
    row = bid_deal(BIDDING, bids=bids, trick_points=(0, 15), books=(0, 2))
    assert row.points[1] == 0
    one = attrs.evolve(BIDDING, elegant_books=2)
    row = bid_deal(one, bids=bids, trick_points=(0, 15), books=(0, 2))
    assert row.points[1] == 32


def test_elegant_failure_can_reset_the_teams_total_to_zero() -> None:
    """Rule MV-6.4."""
    rules = attrs.evolve(BIDDING, elegant_fail="reset_total")
    bids = ("no bid", "elegant", "no bid", "no bid")
    state = position(
        ["5S", "6S", "7S", "9S"],
        rules=rules,
        bids=bids,
        trick_points=(0, 15),
        match=Match(1, 3, (10, 20, 10, 20), (DealRow(0, 2, (10, 20, 10, 20), ()),)),
    )
    state = finish(state)
    assert maverick.score(state).deals[-1].points[1] == -20
    assert maverick.score(state).totals == (10, 0, 10, 0)


def test_each_teams_bids_are_settled_independently_from_both_raw_scores() -> None:
    """Rule MV-6.5."""
    bids = ("no bid", "no bid", "zero", "no bid")  # seat 2 bids zero and wins nothing
    row = bid_deal(
        BIDDING, bids=bids, blinds=(False, True), trick_points=(4, 7), tricks_won=(6, 0, 0, 6)
    )
    assert row.extra("raw") == (4, 8, 4, 8)
    assert row.points == (12, 16, 12, 16)


def test_bid_options_apply_only_with_bidding() -> None:
    """Rule MV-6.1."""
    assert Rules().zero_fail is None and Rules(bidding=True).zero_fail == "replace"
    assert Rules(bidding=True).one_bid_per_team is True
    assert Rules(bidding=True).elegant_books == 3
    assert Rules(bidding=True).elegant_fail == "deal_zero"
    with pytest.raises(RulesError, match="zero_fail='add' does not apply without bidding"):
        Rules(zero_fail="add")


# --------------------------------------------------------------------------- hidden information


def test_observe_shows_own_hand_and_public_play_only() -> None:
    state = play_all(dealt(), "pass 2C 4C", "pass 3D 4D", "pass 3H 4H", "pass 2S 3S")
    state = play_all(state, "play 5C")
    view = maverick.observe(state, 1)
    assert set(parse_cards("2C 4C")) <= set(view.hand)
    assert view.trick == parse_cards("5C")
    assert view.hand_sizes == (12, 13, 13, 13)
    assert view.trump is Suit.HEARTS and view.adder is Suit.CLUBS
    assert view.legal_moves and maverick.observe(state, 2).legal_moves == ()
    assert not hasattr(view, "seed") and not hasattr(view, "hands")


def test_sample_keeps_the_passed_cards_in_the_left_neighbours_hand_until_played() -> None:
    state = play_all(dealt(), "pass 2C 4C", "pass 3D 4D", "pass 3H 4H", "pass 2S 3S")
    state = play_all(state, "play 5C", "play 4C")  # seat 1 plays one of the passed cards
    view = maverick.observe(state, 0)
    rng = random.Random(1)
    for _ in range(100):
        world = maverick.sample(view, rng)
        assert Card("2C").bit & world.hands[1]
        assert maverick.observe(world, 0) == view
        assert maverick.to_move(world) == maverick.to_move(state)


def test_sample_respects_voids_shown_by_failing_to_follow() -> None:
    state = passed_out(dealt())
    # Seat 0 leads a club; seats without clubs show a void.
    state = play_all(state, f"play {next(c for c in hand(state, 0) if c.suit is Suit.CLUBS)}")
    while state.trick:
        state = maverick.apply(state, maverick.legal_moves(state)[0])
    rules = state.trick_rules
    voids = []
    for event in maverick.events(state)[-5:-1]:
        if event.kind == "play" and event.cards[0].suit is not Suit.CLUBS:
            voids.append(event.seat)
    assert voids
    view = maverick.observe(state, 0)
    rng = random.Random(2)
    for _ in range(50):
        world = maverick.sample(view, rng)
        for seat in voids:
            assert seat is not None
            assert not world.hands[seat] & rules.follow_masks[Suit.CLUBS]


def test_sample_knows_a_penalised_revoker_held_the_led_suit() -> None:
    rules = Rules(first_dealer=3, revoke="penalty")
    state = position(
        ["9S 2C 3C", "AS 4D 5D", "2S 5S 6S", "3D 7D 8D"],
        rules=rules,
        tricks_won=(10, 0, 0, 0),
    )
    state = play_all(state, "play 9S", "play 4D")  # seat 1 revokes: it holds a spade
    view = maverick.observe(state, 0)
    rng = random.Random(3)
    spades = tricks.SUIT_MASKS[Suit.SPADES]
    seen: Counter[tuple[Card, ...]] = Counter()
    for _ in range(200):
        world = maverick.sample(view, rng)
        assert world.hands[1] & spades
        assert maverick.observe(world, 0) == view
        seen[cards_of(world.hands[1])] += 1
    assert len(seen) > 1


def test_sample_with_a_revoker_is_exactly_uniform_chi_square(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Worlds where the first holder gets two of 2S 3S 4H 5H 6H with at least one
    spade; both the quick and the counting path."""
    unknown = mask_of(parse_cards("2S 3S 4H 5H 6H"))
    holders = [(2, 0), (3, 0)]
    required = [(0, tricks.SUIT_MASKS[Suit.SPADES])]
    worlds = [
        mask_of(pair)
        for pair in itertools.combinations(parse_cards("2S 3S 4H 5H 6H"), 2)
        if mask_of(pair) & tricks.SUIT_MASKS[Suit.SPADES]
    ]
    assert len(worlds) == 7
    for quick in (32, 0):
        monkeypatch.setattr("cardrules.core.sampling._QUICK_TRIES", quick)
        rng = random.Random(7)
        samples = 7 * 300
        counts = Counter(
            sampling.deal_requiring(unknown, holders, required, rng)[0] for _ in range(samples)
        )
        assert set(counts) == set(worlds)
        expected = samples / 7
        chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
        assert chi2 < 22.5  # the 0.999 quantile with 6 degrees of freedom


def test_during_the_blind_declarations_sample_deals_even_the_own_hand() -> None:
    state = dealt(BIDDING)
    view = maverick.observe(state, 0)
    world = maverick.sample(view, random.Random(4))
    assert maverick.observe(world, 0) == view
    assert sum(h.bit_count() for h in world.hands) == 52


# --------------------------------------------------------------------------- explicit chance


def test_explicit_chance_deals_the_54_cards_one_at_a_time() -> None:
    state = maverick.deal(Rules(), seed=0, chance="explicit")
    assert maverick.to_move(state) is CHANCE
    assert [str(m) for m, _ in maverick.chance_outcomes(state)] == [
        "dealer 0",
        "dealer 1",
        "dealer 2",
        "dealer 3",
    ]
    state = maverick.apply(state, ChooseDealer(3))
    order = deck_order()
    for step, card in enumerate(order):
        outcomes = maverick.chance_outcomes(state)
        assert len(outcomes) == 54 - step
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        state = maverick.apply(state, DealCard(card))
    assert maverick.to_move(state) == 0
    assert [hand(state, s) for s in range(4)] == [tuple(sorted(parse_cards(h))) for h in HANDS]
    assert (state.trick_rules.trump, state.second_suit) == (Suit.HEARTS, Suit.CLUBS)


# --------------------------------------------------------------------------- rules, moves, records


def test_rules_text_form_round_trips() -> None:
    from cardrules.core.options import build_rules, parse_rules_text

    for rules in [*maverick.PRESETS.values(), Rules(target=30, jokers="suitless")]:
        name, options = parse_rules_text(str(rules))
        assert name == "maverick"
        assert build_rules(Rules, options) == rules
    assert str(Rules()) == "maverick()"
    assert str(Rules(target=40)) == "maverick(target=40)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "target=0 is out of range"),
        ({"jokers": "wild"}, "jokers='wild' is not allowed: use one of 'trump', 'suitless'"),
        ({"revoke": "allow"}, "revoke='allow' is not allowed"),
        ({"equal_rank_rule": "x"}, "equal_rank_rule='x' is not allowed"),
        ({"trumps_win": 1}, "trumps_win must be true or false"),
        ({"elegant_books": 2}, "elegant_books=2 does not apply without bidding"),
        ({"bidding": True, "elegant_books": 4}, r"elegant_books=4 is out of range: allowed 1\.\.3"),
        ({"bidding": True, "elegant_fail": "x"}, "use one of 'deal_zero', 'reset_total'"),
        ({"first_dealer": 4}, r"first_dealer=4 is out of range"),
    ],
)
def test_bad_rules_are_refused_with_the_reason(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_move_text_forms_parse_back() -> None:
    for text in (
        "pass 2C 7D",
        "blind",
        "no blind",
        "bid zero",
        "bid elegant",
        "no bid",
        "play QH",
        "play BJ",
        "deal LJ",
        "dealer 2",
    ):
        assert str(maverick.parse_move_text(text)) == text
    assert str(maverick.parse_move_text("pass 7d 2c")) == "pass 2C 7D"
    with pytest.raises(NotationError, match="two different cards"):
        maverick.parse_move_text("pass 2C 2C")
    with pytest.raises(NotationError, match="'bid zero', 'bid elegant' and 'no bid'"):
        maverick.parse_move_text("bid 3")
    with pytest.raises(NotationError, match="a pass names two cards"):
        maverick.parse_move_text("pass 2C")


def test_move_numbers_are_fixed() -> None:
    assert maverick.NUM_MOVES == 1548
    assert maverick.move_index(Play(Card("2C"))) == 0
    assert maverick.move_index(Play(BIG_JOKER)) == 53
    assert maverick.move_index(maverick.parse_move_text("pass 2C 3C")) == 54
    assert maverick.move_index(maverick.parse_move_text("pass LJ BJ")) == 1484
    assert [maverick.move_index(m) for m in (BLIND, NO_BLIND, BID_ZERO, BID_ELEGANT, NO_BID)] == [
        1485,
        1486,
        1487,
        1488,
        1489,
    ]
    assert str(maverick.move_from_index(1490)) == "deal 2C"
    assert str(maverick.move_from_index(1547)) == "dealer 3"
    for index in range(maverick.NUM_MOVES):
        assert maverick.move_index(maverick.move_from_index(index)) == index
    with pytest.raises(IllegalMoveError):
        maverick.move_from_index(1548)


def test_state_json_round_trips_and_refuses_a_card_in_two_places() -> None:
    state = play_all(dealt(), "pass 2C 4C", "pass 3D 4D")
    assert state_from_json(state_to_json(state)) == state
    import json

    data = json.loads(state_to_json(state))
    data["hands"][0] = data["hands"][0] + " 2H"
    with pytest.raises(RecordError, match="cards in two places: 2H"):
        state_from_json(json.dumps(data))


def test_state_json_keeps_the_fields_of_version_1() -> None:
    """A state written before Maverick ran on the trick engine loads, and a state is still
    written in that form: the same fields with the same values (and the position a game was
    set up from, null for a dealt game, which a state written before positions lacks)."""
    state = play_all(dealt(Rules(first_dealer=3, revoke="penalty")), "pass 2C 4C", "pass 3D 4D")
    data = maverick.state_to_dict(state)
    assert data.pop("position") is None
    common = {"game", "version", "rules", "seed", "chance", "first_deck", "match", "phase"}
    common |= {"moves_made", "events", "history", "outcome"}
    assert set(data) - common == {
        "hands", "undealt", "dealt", "face_up", "trump", "adder", "blinds", "passed", "bids",
        "leader", "trick", "tricks_won", "trick_points", "books", "revokes", "won",
    }  # fmt: skip
    assert (data["trump"], data["adder"], data["blinds"], data["bids"]) == (
        "hearts",
        "clubs",
        [None, None],
        [None, None, None, None],
    )
    assert data["passed"][:2] == ["2C 4C", "3D 4D"] and data["revokes"] == [0, 0, 0, 0]
    assert (data["trick_points"], data["books"], data["won"]) == ([0, 0], [0, 0], "")
    assert maverick.state_from_dict(data) == state


def test_a_passing_game_that_does_not_count_tricks_samples_without_tricks_won() -> None:
    """A view shows no tricks won when the game does not count tricks (its state's counts
    then stay at zero): sampling a game with a passing round (Maverick's, here without
    counts_tricks) rebuilds them as zeros."""
    import attrs

    from cardrules.core import trickgame

    @attrs.frozen(slots=True, kw_only=True)
    class UncountedRules(maverick.Rules):
        pass

    dataclasses.replace(
        maverick.GAME,
        rules_class=UncountedRules,
        scoring=dataclasses.replace(maverick.GAME.scoring, counts_tricks=False),
    )
    state = trickgame.new_game(UncountedRules(), seed=3)
    for _ in range(8):  # through the blind and passing rounds
        seat = trickgame.to_move(state)
        assert isinstance(seat, int)
        view = trickgame.observe(state, seat)
        assert view.tricks_won == ()
        world = trickgame.sample(view, random.Random(1))
        assert world.tricks_won == (0,) * 4
        state = trickgame.apply(state, trickgame.legal_moves(state)[0])


def test_a_view_without_the_games_own_fields_is_refused() -> None:
    """The engine fills the keys of the rounds of declarations, of the second face-up
    suit and of the tally by name, and sample reads them: a game whose view class lacks
    one is refused when described, with the fix."""
    import attrs

    from cardrules.core import trickgame
    from cardrules.errors import RulesError

    @attrs.frozen(slots=True, kw_only=True)
    class OtherRules(maverick.Rules):
        pass

    @attrs.frozen(slots=True)
    class ShortView(trickgame.View):
        adder: Suit | None

    with pytest.raises(
        RulesError, match=r"ShortView lacks the fields blinds, trick_points, books: "
    ):
        dataclasses.replace(maverick.GAME, rules_class=OtherRules, view_class=ShortView)
