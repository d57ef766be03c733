"""Up and Down the River: one test per rule (the rule ids of docs/games/oh_hell.rst)."""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter

import attrs
import pytest

from cardrules.cards import DECK52, Card, cards_of, parse_cards
from cardrules.errors import IllegalMoveError, NotationError, RulesError
from cardrules.game import CHANCE
from cardrules.games import oh_hell
from cardrules.games.oh_hell import Rules
from cardrules.moves import Bid, Play


def stacked(order_text: str) -> list[Card]:
    """A full deck whose top cards are ``order_text``; the rest follow in index order."""
    top = list(parse_cards(order_text))
    return top + [c for c in DECK52 if c not in top]


def legal_bids(state: oh_hell.State) -> list[int]:
    return [m.tricks for m in oh_hell.legal_moves(state) if isinstance(m, Bid)]


def play_all(state: oh_hell.State, *texts: str) -> oh_hell.State:
    for text in texts:
        state = oh_hell.apply(state, oh_hell.parse_move(state, text))
    return state


# A 4-player, 2-card deal dealt by seat 3: seat 0 gets cards 0 and 4 of the order,
# seat 1 cards 1 and 5, seat 2 cards 2 and 6, seat 3 cards 3 and 7; card 8 is trump.
TWO_CARDS = Rules(schedule="single", start_hand=2, first_dealer=3)
ORDER = "AS KS 2H 3S  5C 9D 7D 8D  4H"


def test_schedule_goes_down_to_one_and_back_up() -> None:
    """Rule OH-2.1."""
    assert oh_hell.schedule_sizes(Rules(start_hand=5)) == (5, 4, 3, 2, 1, 2, 3, 4, 5)


@pytest.mark.parametrize(
    ("schedule", "sizes"),
    [
        ("up_down", (1, 2, 3, 2, 1)),
        ("down", (3, 2, 1)),
        ("up", (1, 2, 3)),
        ("single", (3,)),
    ],
)
def test_other_schedules(schedule: str, sizes: tuple[int, ...]) -> None:
    """Rule OH-2.3."""
    assert oh_hell.schedule_sizes(Rules(start_hand=3, schedule=schedule)) == sizes


def test_default_start_hand_is_eight_or_what_leaves_a_trump_card() -> None:
    """Rule OH-2.2."""
    assert Rules().start_hand == 8
    assert Rules(players=7).start_hand == 7
    assert Rules(players=8).start_hand == 6
    with pytest.raises(RulesError, match=r"start_hand=13 is out of range: allowed 1\.\.12"):
        Rules(players=4, start_hand=13)


def test_dealing_order_one_card_at_a_time_from_the_dealers_left_then_trump() -> None:
    """Rule OH-2.6."""
    state = oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER))
    zones = oh_hell.zones(state)
    assert zones["hand 0"] == parse_cards("5C AS")
    assert zones["hand 1"] == parse_cards("9D KS")
    assert zones["hand 2"] == parse_cards("7D 2H")
    assert zones["hand 3"] == parse_cards("8D 3S")
    assert state.trump_card == Card("4H")
    assert len(zones["undealt"]) == 52 - 9


def test_the_player_left_of_the_dealer_bids_first_and_the_dealer_last() -> None:
    """Rule OH-3.1."""
    state = oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER))
    order = []
    for _ in range(4):
        seat = oh_hell.to_move(state)
        order.append(seat)
        state = oh_hell.apply(state, Bid(0) if seat != 3 else oh_hell.legal_moves(state)[0])
    assert order == [0, 1, 2, 3]


def test_hook_example_of_the_source_five_cards_four_bid_dealer_may_not_bid_one() -> None:
    """Rule OH-3.2."""
    state = oh_hell.deal(Rules(schedule="single", start_hand=5, first_dealer=3), seed=1)
    state = play_all(state, "bid 2", "bid 1", "bid 1")
    assert oh_hell.to_move(state) == 3
    assert legal_bids(state) == [0, 2, 3, 4, 5]
    with pytest.raises(IllegalMoveError, match="the dealer may not bid 1"):
        oh_hell.apply(state, Bid(1))


def test_the_hook_can_forbid_the_dealer_a_bid_of_zero_rule_oh_3_2() -> None:
    """Rule OH-3.2 when the forbidden bid is 0: the others' bids already total the hand
    size (2 + 2 + 1 of 5), so a dealer's 0 would make the total the hand size; every other
    bid stays open to him."""
    state = oh_hell.deal(Rules(schedule="single", start_hand=5, first_dealer=3), seed=1)
    state = play_all(state, "bid 2", "bid 2", "bid 1")
    assert oh_hell.to_move(state) == 3
    assert legal_bids(state) == [1, 2, 3, 4, 5]
    with pytest.raises(IllegalMoveError, match="the dealer may not bid 0"):
        oh_hell.apply(state, Bid(0))
    assert oh_hell.apply(state, Bid(1)).deal.bids == (2, 2, 1, 1)


def test_the_dealer_is_told_which_bid_the_hook_forbids_rule_oh_3_2() -> None:
    """Rule OH-3.2: the missing bid is explained before the dealer chooses."""
    state = oh_hell.deal(Rules(schedule="single", start_hand=5, first_dealer=3), seed=1)
    state = play_all(state, "bid 2", "bid 1", "bid 1")
    facts = {fact.label: fact.value for fact in oh_hell.describe(oh_hell.observe(state, 3))}
    assert facts["bids so far"] == "4 for 5 tricks"
    assert str(facts["hook"]).startswith("you may not bid 1: as the dealer")
    assert "hook" not in {fact.label for fact in oh_hell.describe(oh_hell.observe(state, 0))}


def test_hidden_simultaneous_bids_are_not_summed_as_bids_so_far_rule_oh_3_4() -> None:
    """Rule OH-3.4: the sum of the bids is unknown until all are in."""
    rules = Rules(schedule="single", start_hand=2, first_dealer=3, bidding="simultaneous")
    state = play_all(oh_hell.deal(rules, seed=1), "bid 1", "bid 2")
    facts = {fact.label: fact.value for fact in oh_hell.describe(oh_hell.observe(state, 2))}
    assert facts["bids so far"] == "secret until every seat has bid (2 tricks)"


def test_hook_binds_the_dealer_only() -> None:
    """Rule OH-3.2."""
    state = oh_hell.deal(Rules(schedule="single", start_hand=2, first_dealer=3), seed=1)
    state = play_all(state, "bid 2")
    assert legal_bids(state) == [0, 1, 2]


def test_simultaneous_bidding_may_total_the_hand_size_closed_fists() -> None:
    """Rule OH-3.4."""
    rules = Rules(schedule="single", start_hand=2, first_dealer=3, bidding="simultaneous")
    state = play_all(oh_hell.deal(rules, seed=1), "bid 1", "bid 0", "bid 0")
    assert legal_bids(state) == [0, 1, 2]


def test_simultaneous_bids_stay_hidden_until_all_are_in() -> None:
    """Rule OH-3.4."""
    rules = Rules(schedule="single", start_hand=2, first_dealer=3, bidding="simultaneous")
    state = play_all(oh_hell.deal(rules, seed=1), "bid 1", "bid 2")
    view = oh_hell.observe(state, 2)
    assert view.bids == (None, None, None, None)
    assert view.has_bid == (True, True, False, False)
    assert oh_hell.observe(state, 0).bids == (1, None, None, None)
    assert [str(e) for e in view.events if e.kind == "bid"] == ["seat 0 has bid", "seat 1 has bid"]
    assert all(e.value is None for e in view.events if e.kind == "bid")
    state = play_all(state, "bid 0", "bid 2")
    assert oh_hell.observe(state, 2).bids == (1, 2, 0, 2)


def test_hook_is_not_an_option_with_simultaneous_bidding() -> None:
    """Rule OH-3.4."""
    with pytest.raises(RulesError, match="hook=true does not apply with simultaneous bidding"):
        Rules(bidding="simultaneous", hook=True)


def test_hook_in_the_one_card_round_can_be_lifted() -> None:
    """Rule OH-3.3."""
    rules = Rules(schedule="single", start_hand=1, first_dealer=3, hook_in_one_card_round=False)
    state = play_all(oh_hell.deal(rules, seed=1), "bid 0", "bid 0", "bid 1")
    assert legal_bids(state) == [0, 1]
    hooked = attrs.evolve(rules, hook_in_one_card_round=True)
    state = play_all(oh_hell.deal(hooked, seed=1), "bid 0", "bid 0", "bid 0")
    assert legal_bids(state) == [0]


def bid_out(state: oh_hell.State) -> oh_hell.State:
    while state.phase == oh_hell.Phase.BIDDING:
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    return state


def test_the_player_left_of_the_dealer_leads_any_card() -> None:
    """Rule OH-4.2."""
    state = bid_out(oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER)))
    assert oh_hell.to_move(state) == 0
    assert oh_hell.legal_moves(state) == (Play(Card("5C")), Play(Card("AS")))


def test_followers_must_follow_the_led_suit_when_able() -> None:
    """Rule OH-4.1."""
    state = bid_out(oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER)))
    state = play_all(state, "play AS")
    assert oh_hell.legal_moves(state) == (Play(Card("KS")),)
    before = pickle.dumps(state)
    with pytest.raises(IllegalMoveError, match=r"seat 1 must follow suit: spades \(KS\)"):
        oh_hell.apply(state, Play(Card("9D")))
    assert pickle.dumps(state) == before


def test_a_void_player_may_play_any_card_trumps_included() -> None:
    """Rule OH-4.1."""
    state = bid_out(oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER)))
    state = play_all(state, "play AS", "play KS")
    assert oh_hell.legal_moves(state) == (Play(Card("7D")), Play(Card("2H")))


def test_a_trump_beats_the_led_suit_and_the_winner_leads() -> None:
    """Rule OH-4.3, OH-4.4."""
    state = bid_out(oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER)))
    state = play_all(state, "play AS", "play KS", "play 2H", "play 3S")
    assert state.tricks_won == (0, 0, 1, 0)
    assert oh_hell.to_move(state) == 2


def test_without_trumps_the_highest_card_of_the_led_suit_wins() -> None:
    """Rule OH-4.3, OH-1.2."""
    state = bid_out(oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER)))
    state = play_all(state, "play AS", "play KS", "play 7D", "play 3S")
    assert state.tricks_won == (1, 0, 0, 0)
    assert oh_hell.to_move(state) == 0


def test_one_point_per_trick_and_ten_more_for_an_exact_bid() -> None:
    """Rule OH-5.1."""
    state = oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER))
    state = play_all(state, "bid 1", "bid 0", "bid 1", "bid 1")
    # Trick 1: the 2 of trumps wins; seat 2 then leads 7D and seat 0's 5C is a discard.
    state = play_all(state, "play AS", "play KS", "play 2H", "play 3S")
    state = play_all(state, "play 7D", "play 8D", "play 5C", "play 9D")
    row = oh_hell.score(state).deals[0]
    assert row.extra("tricks") == (0, 1, 1, 0)
    assert row.extra("bids") == (1, 0, 1, 1)
    assert row.points == (0, 1, 11, 0)
    assert oh_hell.score(state).totals == (0, 1, 11, 0)


def test_the_game_ends_after_the_schedule_and_the_highest_total_wins() -> None:
    """Rule OH-5.2, OH-4.4."""
    state = oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER))
    state = play_all(state, "bid 1", "bid 0", "bid 1", "bid 1")
    state = play_all(state, "play AS", "play KS", "play 2H", "play 3S")
    state = play_all(state, "play 7D", "play 8D", "play 5C", "play 9D")
    assert oh_hell.is_over(state)
    outcome = oh_hell.score(state).outcome
    assert outcome is not None
    assert (outcome.reason, outcome.winners, outcome.draw) == ("schedule complete", (2,), False)
    assert oh_hell.legal_moves(state) == ()


def test_equal_highest_totals_are_co_winners() -> None:
    """Rule OH-5.2."""
    state = oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER))
    state = play_all(state, "bid 0", "bid 0", "bid 0", "bid 0")
    state = play_all(state, "play AS", "play KS", "play 2H", "play 3S")
    state = play_all(state, "play 7D", "play 8D", "play 5C", "play 9D")
    # Seats 0 and 3 take no trick and bid 0: ten points each; seats 1 and 2 one each.
    totals = oh_hell.score(state).totals
    outcome = oh_hell.score(state).outcome
    assert outcome is not None
    best = max(totals)
    assert outcome.winners == tuple(s for s, t in enumerate(totals) if t == best)
    assert totals == (10, 1, 1, 10)
    assert outcome.winners == (0, 3) and outcome.draw


def test_the_deal_passes_to_the_left() -> None:
    """Rule OH-2.5."""
    rules = Rules(start_hand=2, schedule="down", first_dealer=1)
    state = oh_hell.deal(rules, seed=4)
    rng = random.Random(0)
    while not oh_hell.is_over(state):
        state = oh_hell.apply(state, rng.choice(oh_hell.legal_moves(state)))
    assert [row.dealer for row in oh_hell.score(state).deals] == [1, 2]


def test_the_first_dealer_is_drawn_from_the_seed_when_not_given() -> None:
    """Rule OH-2.4."""
    dealers = Counter(oh_hell.deal(Rules(), seed=s).match.dealer for s in range(400))
    assert set(dealers) == {0, 1, 2, 3}
    assert oh_hell.deal(Rules(), seed=5).match.dealer == oh_hell.deal(Rules(), seed=5).match.dealer


def test_explicit_chance_makes_every_card_dealt_a_chance_step() -> None:
    state = oh_hell.deal(Rules(schedule="single", start_hand=1), seed=0, chance="explicit")
    assert oh_hell.to_move(state) is CHANCE
    outcomes = oh_hell.chance_outcomes(state)
    assert [str(m) for m, _ in outcomes] == ["dealer 0", "dealer 1", "dealer 2", "dealer 3"]
    state = oh_hell.apply(state, oh_hell.parse_move(state, "dealer 2"))
    steps = 0
    while oh_hell.to_move(state) is CHANCE:
        outcomes = oh_hell.chance_outcomes(state)
        assert len(outcomes) == 52 - steps
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        state = oh_hell.apply(state, outcomes[0][0])
        steps += 1
    assert steps == 4 + 1  # one card each, then the trump card
    assert oh_hell.to_move(state) == 3


def test_max_moves_ends_the_game_as_truncated() -> None:
    state = oh_hell.deal(Rules(max_moves=5), seed=2)
    for _ in range(5):
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    outcome = oh_hell.score(state).outcome
    assert oh_hell.is_over(state) and outcome is not None and outcome.reason == "truncated"


def test_max_deals_ends_the_game_as_truncated_after_that_many_deals() -> None:
    state = oh_hell.deal(Rules(start_hand=3, max_deals=2), seed=2)
    rng = random.Random(1)
    while not oh_hell.is_over(state):
        state = oh_hell.apply(state, rng.choice(oh_hell.legal_moves(state)))
    score = oh_hell.score(state)
    assert len(score.deals) == 2 and score.outcome is not None
    assert score.outcome.reason == "truncated"


def test_observe_shows_own_hand_and_public_play_only() -> None:
    state = bid_out(oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER)))
    state = play_all(state, "play AS")
    view = oh_hell.observe(state, 1)
    assert view.hand == parse_cards("9D KS")
    assert view.trick == (Card("AS"),)
    assert view.hand_sizes == (1, 2, 2, 2)
    assert view.legal_moves == (Play(Card("KS")),)
    assert oh_hell.observe(state, 2).legal_moves == ()
    assert not hasattr(view, "seed")


def test_sample_respects_voids_shown_by_failing_to_follow() -> None:
    state = bid_out(oh_hell.deal(TWO_CARDS, seed=0, deck=stacked(ORDER)))
    state = play_all(state, "play AS", "play KS", "play 2H")  # seat 2 shows a void in spades
    view = oh_hell.observe(state, 0)
    rng = random.Random(3)
    for _ in range(200):
        world = oh_hell.sample(view, rng)
        assert not any(
            c.suit is not None and c.suit.name == "SPADES" for c in cards_of(world.hands[2])
        )
        assert oh_hell.observe(world, 0) == view


def test_sample_is_uniform_over_consistent_worlds_chi_square() -> None:
    """Three players, two cards each: seat 1 leads a spade, seat 2 fails to follow;
    seat 0 (to move) places the unseen cards. Every consistent world is counted."""
    rules = Rules(players=3, schedule="single", start_hand=2, first_dealer=0)
    state = oh_hell.deal(rules, seed=0, deck=stacked("2S 3H 4D 5S 6H 7D 8C"))
    state = play_all(state, "bid 0", "bid 0", "bid 0", "play 2S", "play 3H")
    view = oh_hell.observe(state, 0)
    # Seat 1 holds one unseen card (anything unseen), seat 2 one card that is not a
    # spade (it failed to follow spades). Unseen: 52 - 2 (seat 0) - 2 (trick) - 1 (trump).
    unseen = [c for c in DECK52 if c not in {*view.hand, *view.trick, view.trump_card}]
    worlds = [
        (a, b)
        for a in unseen
        for b in unseen
        if a != b and b.suit is not None and b.suit.name != "SPADES"
    ]
    rng = random.Random(11)
    samples = 25 * len(worlds)
    counts = Counter(
        (cards_of(w.hands[1])[0], cards_of(w.hands[2])[0])
        for w in (oh_hell.sample(view, rng) for _ in range(samples))
    )
    assert set(counts) <= set(worlds)
    expected = samples / len(worlds)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)
    dof = len(worlds) - 1
    # Wilson-Hilferty: the 0.999 quantile of chi-square with dof degrees of freedom.
    z = 3.09
    critical = dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3
    assert chi2 < critical, f"chi-square {chi2:.0f} over {dof} degrees of freedom"


def test_rules_text_form_round_trips() -> None:
    from cardrules.core.options import build_rules, parse_rules_text

    for rules in [*oh_hell.PRESETS.values(), Rules(players=5, start_hand=7)]:
        name, options = parse_rules_text(str(rules))
        assert name == "oh_hell"
        assert build_rules(Rules, options) == rules
    assert str(Rules(players=5, start_hand=7)) == "oh_hell(players=5,start_hand=7)"
    assert str(Rules()) == "oh_hell()"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 9}, r"players=9 is out of range: allowed 3\.\.8"),
        ({"players": "4"}, "players must be a whole number"),
        ({"schedule": "sideways"}, "schedule='sideways' is not allowed: use one of 'down_up'"),
        ({"bidding": "simultaneous", "hook_in_one_card_round": False}, "does not apply without"),
        ({"hook": False, "hook_in_one_card_round": True}, "does not apply without the hook"),
        ({"first_dealer": 4}, r"first_dealer=4 is out of range: allowed 0\.\.3"),
        ({"max_moves": 0}, "max_moves=0 is out of range"),
    ],
)
def test_bad_rules_are_refused_with_the_reason(options: dict[str, object], message: str) -> None:
    """Rule OH-1.1, OH-2.2, OH-2.3."""
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_bad_move_text_names_the_problem() -> None:
    state = oh_hell.deal(TWO_CARDS, seed=0)
    with pytest.raises(NotationError, match="bad card 'XS'"):
        oh_hell.parse_move(state, "play XS")
    with pytest.raises(IllegalMoveError, match="must bid now"):
        oh_hell.parse_move(state, "play AS")
    with pytest.raises(IllegalMoveError, match=r"a bid is 0\.\.2"):
        oh_hell.parse_move(state, "bid 3")


def test_move_numbers_are_fixed() -> None:
    assert oh_hell.move_index(Play(Card("2C"))) == 0
    assert oh_hell.move_index(Play(Card("AS"))) == 51
    assert oh_hell.move_index(Bid(0)) == 52
    assert oh_hell.move_from_index(55) == Bid(3)
    assert str(oh_hell.move_from_index(70)) == "deal 2C"
    assert str(oh_hell.move_from_index(129)) == "dealer 7"
    with pytest.raises(IllegalMoveError):
        oh_hell.move_from_index(130)


def test_a_bid_of_another_type_is_refused_and_leaves_no_trace() -> None:
    """A caller's Bid(1.0) is refused when it is built (a bid is a whole number), so
    no float reaches the history, the log or a later game through a cache."""
    rules = oh_hell.Rules(schedule="single", start_hand=3, first_dealer=0)
    with pytest.raises(IllegalMoveError, match="whole number"):
        Bid(1.0)
    later = oh_hell.apply(oh_hell.deal(rules, seed=2), Bid(1))
    assert type(oh_hell.events(later)[-1].value) is int
    assert type(oh_hell.moves_played(later)[-1].tricks) is int  # type: ignore[union-attr]


def test_the_deck_is_52_cards_without_jokers() -> None:
    """Rule OH-1.2."""
    deck = oh_hell.deck_of(Rules())
    assert len(deck) == 52 == len(set(deck))
    assert all(2 <= card.rank <= 14 for card in deck)
