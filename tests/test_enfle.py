"""Enfle: one test per rule (the rule ids of docs/games/enfle.rst), on hand-built deals."""

from __future__ import annotations

import itertools
import math
import pickle
import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

from cardrules.bots import RandomBot
from cardrules.bots.heuristics import heuristic_bot
from cardrules.cards import Card, Suit, cards_of, format_cards, mask_of, parse_cards
from cardrules.core import trickgame, tricks
from cardrules.errors import IllegalMoveError, NotationError, RecordError, RulesError
from cardrules.game import CHANCE, Event
from cardrules.games import enfle
from cardrules.games.enfle import Rules
from cardrules.moves import Bid, ChooseDealer, DealCard, Play
from cardrules.play import play_game

# Seat 3 deals, so seat 0 (on his left) receives the first card and leads.
FOUR = Rules(players=4, first_dealer=3)


def order_for(rules: Rules, hands: Sequence[str]) -> list[Card]:
    """The deck order that deals these eight-card hands, by the documented dealing
    order: card i goes to seat (dealer + 1 + i // deal_packet) % players."""
    assert rules.first_dealer is not None
    queues = [list(parse_cards(h)) for h in hands]
    order = []
    for i in range(len(enfle.deck_of(rules))):
        seat = (rules.first_dealer + 1 + i // rules.deal_packet) % rules.players
        order.append(queues[seat].pop(0))
    return order


def position(rules: Rules, hands: Sequence[str], *, leader: int, trick: str = "") -> enfle.State:
    """A hand-built position in play: these hands and trick; every other card has
    already gone to the waste pile."""
    data = enfle.state_to_dict(enfle.deal(rules, seed=0))
    used = set(parse_cards(" ".join([*hands, trick])))
    waste = [c for c in enfle.deck_of(rules) if c not in used]
    data |= {
        "hands": list(hands),
        "trick": trick,
        "leader": leader,
        "waste": format_cards(waste),
        "history": None,
    }
    return enfle.state_from_dict(data)


def play(state: enfle.State, *texts: str) -> enfle.State:
    for text in texts:
        state = enfle.apply(state, enfle.parse_move(state, text))
    return state


def plays(state: enfle.State) -> list[Play]:
    """The legal moves, which in Enfle are all plays."""
    return [m for m in enfle.legal_moves(state) if isinstance(m, Play)]


def hand(state: enfle.State, seat: int) -> tuple[Card, ...]:
    return cards_of(state.hands[seat])


# --------------------------------------------------------------------------- deck and deal


@pytest.mark.parametrize(
    ("players", "size", "lowest"), [(4, 32, 7), (5, 40, 5), (6, 48, 3), (3, 24, 9)]
)
def test_deck_is_stripped_from_the_deuces_up_to_eight_cards_per_player(
    players: int, size: int, lowest: int
) -> None:
    """Rule EN-1.2."""
    deck = enfle.deck_of(Rules(players=players))
    assert len(deck) == size == 8 * players
    assert min(c.rank for c in deck) == lowest
    # "an equal number from each suit": whole ranks go, every suit keeps the same cards.
    assert Counter(c.suit for c in deck) == {s: size // 4 for s in Suit}
    assert {c.rank for c in deck} == set(range(lowest, 15))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_whole_deck_is_dealt_eight_cards_each(players: int) -> None:
    """Rule EN-2.4."""
    state = enfle.deal(Rules(players=players), seed=11)
    assert [h.bit_count() for h in state.hands] == [8] * players
    assert enfle.zones(state)["undealt"] == ()


def test_cards_are_dealt_one_at_a_time_clockwise_from_the_dealers_left() -> None:
    """Rule EN-2.4."""
    rules = Rules(first_dealer=0)
    state = enfle.deal(rules, seed=0, deck=enfle.deck_of(rules))  # 7C 8C ... AC 7D ... AS
    assert format_cards(hand(state, 1)) == "7C JC 7D JD 7H JH 7S JS"
    assert format_cards(hand(state, 2)) == "8C QC 8D QD 8H QH 8S QS"
    assert format_cards(hand(state, 0)) == "10C AC 10D AD 10H AH 10S AS"


def test_deal_packet_two_deals_the_cards_two_at_a_time() -> None:
    """Rule EN-2.4."""
    rules = Rules(first_dealer=0, deal_packet=2)
    state = enfle.deal(rules, seed=0, deck=enfle.deck_of(rules))
    assert format_cards(hand(state, 1)) == "7C 8C 7D 8D 7H 8H 7S 8S"
    assert format_cards(hand(state, 3)) == "JC QC JD QD JH QH JS QS"
    assert format_cards(hand(state, 0)) == "KC AC KD AD KH AH KS AS"


def test_each_player_antes_to_the_pot_before_the_deal() -> None:
    """Rule EN-2.1."""
    state = enfle.deal(Rules(players=5, ante=3), seed=1)
    assert enfle.observe(state, 0).pot == 15
    assert "every player antes 3 chips (pot 15)" in str(enfle.events(state)[0])


def test_the_first_dealer_is_drawn_uniformly_from_the_seed() -> None:
    """Rule EN-2.2."""
    dealers = Counter(enfle.deal(Rules(), seed=s).match.dealer for s in range(400))
    assert set(dealers) == {0, 1, 2, 3}
    assert all(60 < n < 140 for n in dealers.values())


def test_explicit_chance_draws_the_dealer_then_deals_every_card() -> None:
    """Rule EN-2.2."""
    state = enfle.deal(Rules(players=5), seed=0, chance="explicit")
    assert enfle.to_move(state) is CHANCE
    assert [m for m, _ in enfle.chance_outcomes(state)] == [ChooseDealer(s) for s in range(5)]
    state = enfle.apply(state, ChooseDealer(2))
    steps = 0
    while enfle.to_move(state) is CHANCE:
        outcomes = enfle.chance_outcomes(state)
        assert len(outcomes) == 40 - steps
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        state = enfle.apply(state, outcomes[-1][0])
        steps += 1
    assert steps == 40
    assert enfle.to_move(state) == 3
    assert isinstance(enfle.moves_played(state)[1], DealCard)


# --------------------------------------------------------------------------- play


def test_the_player_left_of_the_dealer_leads_any_card() -> None:
    """Rule EN-3.1."""
    state = enfle.deal(FOUR, seed=5)
    assert enfle.to_move(state) == 0
    assert [m.card for m in plays(state)] == list(hand(state, 0))


def test_followers_must_follow_suit_when_able() -> None:
    """Rule EN-3.2."""
    state = position(FOUR, ["AS 7C", "KS 8D", "9H 10H", "QS JD"], leader=0)
    state = play(state, "play AS")
    assert enfle.legal_moves(state) == (Play(Card("KS")),)
    before = pickle.dumps(state)
    with pytest.raises(IllegalMoveError, match=r"seat 1 must follow suit: spades \(KS\)"):
        enfle.apply(state, Play(Card("8D")))
    assert pickle.dumps(state) == before


def test_when_all_follow_the_highest_card_wins_the_trick_goes_to_the_waste_and_winner_leads() -> (
    None
):
    """Rule EN-3.3, EN-1.3."""
    state = position(FOUR, ["9S 7C", "AS 8D", "7S 9H", "8S JD"], leader=0)
    waste_before = state.waste
    state = play(state, "play 9S", "play AS", "play 7S", "play 8S")
    assert state.trick == ()
    assert state.waste == waste_before | mask_of(parse_cards("9S AS 7S 8S"))
    assert enfle.to_move(state) == 1
    assert enfle.events(state)[-1].kind == "trick" and enfle.events(state)[-1].seat == 1


def test_a_player_who_cannot_follow_picks_up_exactly_the_cards_of_the_trick() -> None:
    """Rule EN-3.4."""
    state = position(FOUR, ["AS 7C", "KS 8D", "9H 10H", "QS JD"], leader=0)
    others = (state.hands[0], state.hands[3])
    waste = state.waste
    state = play(state, "play AS", "play KS")
    assert format_cards(hand(state, 2)) == "9H 10H KS AS"
    assert state.trick == ()
    assert state.waste == waste
    assert format_cards(hand(state, 0)) == "7C" and format_cards(hand(state, 1)) == "8D"
    assert state.hands[3] == others[1]
    pickup = enfle.events(state)[-1]
    assert (pickup.kind, pickup.seat, pickup.cards) == ("pickup", 2, parse_cards("AS KS"))
    assert str(pickup) == "seat 2 cannot follow spades and picks up AS KS"


def test_the_pick_up_is_not_a_move_and_cannot_replace_following() -> None:
    """Rule EN-3.2, EN-3.4."""
    state = play(position(FOUR, ["AS 7C", "KS 8D", "9H 10H", "QS JD"], leader=0), "play AS")
    assert enfle.legal_moves(state) == (Play(Card("KS")),)  # seat 1 can follow: it must
    with pytest.raises(NotationError, match="the pick-up is not a move"):
        enfle.parse_move(state, "pick up")


def test_the_picker_leads_next_and_may_lead_the_suit_he_just_failed() -> None:
    """Rule EN-3.4."""
    state = position(FOUR, ["AS 7C", "KS 8D", "9H 10H", "QS JD"], leader=0)
    state = play(state, "play AS", "play KS")
    assert enfle.to_move(state) == 2
    assert {m.card for m in plays(state)} == set(parse_cards("9H 10H KS AS"))


def test_a_void_player_right_after_the_lead_picks_up_the_lead_alone() -> None:
    """Rule EN-3.4."""
    state = position(FOUR, ["AS 7C", "8D 9D", "9H 10H", "QS JD"], leader=0)
    state = play(state, "play AS")
    assert format_cards(hand(state, 1)) == "8D 9D AS"
    assert enfle.to_move(state) == 1


def test_the_last_player_of_the_trick_who_cannot_follow_takes_n_minus_one_cards() -> None:
    """Rule EN-3.4."""
    state = position(FOUR, ["AS 7C", "KS 8D", "QS 10H", "9D JD"], leader=0)
    state = play(state, "play AS", "play KS", "play QS")
    assert format_cards(hand(state, 3)) == "9D JD QS KS AS"
    assert enfle.to_move(state) == 3


# --------------------------------------------------------------------------- end of the deal


def test_a_leader_who_leads_his_last_card_wins_at_once() -> None:
    """Rule EN-4.1."""
    state = position(FOUR, ["AS", "7H 8H", "9D", "KC QC"], leader=0)
    state = play(state, "play AS")
    assert enfle.is_over(state)
    assert not any(e.kind == "pickup" for e in enfle.events(state))  # seat 1 picks up nothing
    assert state.trick == (Card("AS"),)
    outcome = enfle.score(state).outcome
    assert outcome is not None and outcome.winners == (0,) and not outcome.draw
    assert enfle.score(state).totals == (3, -1, -1, -1)


def test_a_follower_who_plays_his_last_card_wins_even_if_a_later_player_would_pick_it_up() -> None:
    """Rule EN-4.1."""
    state = position(FOUR, ["AS 7C", "KS", "9H 10H", "QS JD"], leader=0)
    state = play(state, "play AS", "play KS")
    assert enfle.is_over(state)
    assert format_cards(hand(state, 2)) == "9H 10H"  # seat 2 could not follow; no pick-up
    outcome = enfle.score(state).outcome
    assert outcome is not None and outcome.reason == "schedule complete"
    assert outcome.winners == (1,)
    assert enfle.legal_moves(state) == ()


def test_the_winner_takes_the_pot_winner_gains_ante_times_others() -> None:
    """Rule EN-4.2."""
    rules = Rules(players=5, ante=2, first_dealer=4)
    state = position(rules, ["AS", "7H 8H", "9D", "KC QC", "5S"], leader=0)
    state = play(state, "play AS")
    row = enfle.score(state).deals[0]
    assert row.points == (8, -2, -2, -2, -2)
    assert row.extra("cards_left") == (0, 2, 1, 2, 1)
    assert enfle.score(state).payoffs == (8.0, -2.0, -2.0, -2.0, -2.0)


def test_parlett_scoring_winner_scores_the_cards_left_in_the_other_hands() -> None:
    """Rule EN-4.4."""
    rules = Rules(players=4, first_dealer=3, parlett_scoring=True)
    state = position(rules, ["AS", "KH 9D", "AH", "10C JC"], leader=0)
    state = play(state, "play AS")
    row = enfle.score(state).deals[0]
    # K 10 + 9, A 1, 10 + J 10: 40 points; chips are as without the option.
    assert row.extra("points") == (40, 0, 0, 0)
    assert row.points == (3, -1, -1, -1)
    assert enfle.observe(state, 2).points == (40, 0, 0, 0)
    assert enfle.card_points(Card("AD")) == 1 and enfle.card_points(Card("QD")) == 10


def test_a_series_of_deals_passes_the_deal_left_and_adds_up_the_chips() -> None:
    """Rule EN-4.3, EN-2.3."""
    rules = Rules(deals=3, first_dealer=1, max_moves=5000)
    state = enfle.deal(rules, seed=4)
    rng = random.Random(0)
    while not enfle.is_over(state):
        state = enfle.apply(state, rng.choice(enfle.legal_moves(state)))
    score = enfle.score(state)
    assert [row.dealer for row in score.deals] == [1, 2, 3]
    assert score.totals == tuple(sum(r.points[s] for r in score.deals) for s in range(4))
    assert sum(score.totals) == 0
    assert score.outcome is not None and score.outcome.reason == "schedule complete"
    best = max(score.totals)
    assert score.outcome.winners == tuple(s for s, t in enumerate(score.totals) if t == best)


def test_equal_best_totals_after_the_last_deal_are_a_draw() -> None:
    """Rule EN-4.3."""
    for seed in range(100):
        state = enfle.deal(Rules(deals=2, max_moves=5000), seed=seed)
        rng = random.Random(seed)
        while not enfle.is_over(state):
            state = enfle.apply(state, rng.choice(enfle.legal_moves(state)))
        outcome = enfle.score(state).outcome
        assert outcome is not None
        if len(outcome.winners) == 2:
            assert outcome.draw
            assert enfle.score(state).totals.count(2) == 2  # two deals, two winners: +3 -1
            return
    pytest.fail("no seed gave two different deal winners")


def test_max_moves_ends_a_deal_that_does_not_end_antes_returned() -> None:
    """Rule EN-4.5."""
    state = enfle.deal(Rules(max_moves=3), seed=2)
    for _ in range(3):
        state = enfle.apply(state, enfle.legal_moves(state)[0])
    score = enfle.score(state)
    assert enfle.is_over(state)
    assert score.outcome is not None and score.outcome.reason == "truncated"
    assert score.totals == (0, 0, 0, 0) and score.deals == ()
    assert "antes returned" in str(enfle.events(state)[-2])


def test_a_cap_after_finished_deals_keeps_their_chips() -> None:
    """Rule EN-4.5."""
    rules = Rules(deals=5, max_moves=80, first_dealer=0)
    for seed in range(50):
        state = enfle.deal(rules, seed=seed)
        rng = random.Random(seed)
        while not enfle.is_over(state):
            state = enfle.apply(state, rng.choice(enfle.legal_moves(state)))
        score = enfle.score(state)
        if score.deals and score.outcome is not None and score.outcome.reason == "truncated":
            assert score.totals == tuple(sum(r.points[s] for r in score.deals) for s in range(4))
            return
    pytest.fail("no seed finished a deal before the cap")


# --------------------------------------------------------------------------- what a seat knows


def test_observe_shows_own_hand_public_pickups_and_voids_nothing_hidden() -> None:
    state = position(FOUR, ["AS 7C", "KS 8D", "9H 10H", "QS JD"], leader=0)
    state = play(state, "play AS", "play KS")
    view = enfle.observe(state, 0)
    assert view.hand == parse_cards("7C")
    assert view.hand_sizes == (1, 1, 4, 2)
    assert view.known[2] == parse_cards("KS AS")
    assert view.voids == ((), (), (Suit.SPADES,), ())
    assert view.legal_moves == ()
    assert enfle.observe(state, 2).legal_moves == enfle.legal_moves(state)
    assert "pickup" in [e.kind for e in view.events]
    assert not hasattr(view, "seed") and not hasattr(view, "hands")
    # A played picked-up card is no longer known to be held.
    assert enfle.observe(play(state, "play AS"), 0).known[2] == parse_cards("KS")


def knowledge(log: Sequence[Event], players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A state's ``known`` and ``voids``, read afresh from the public log of its deal
    (Enfle has no trumps: a player who does not follow suit is void in it)."""
    return trickgame.knowledge(log, players, tricks.trick_rules(None))


def test_public_knowledge_kept_move_by_move_matches_a_reading_of_the_log() -> None:
    # observe reads known cards and voids from the state, which play keeps up to date;
    # a state loaded from a record rebuilds them from the log. Both must agree, in
    # every deal (the knowledge starts afresh with each deal).
    rules = Rules(players=5, deals=3)
    pickups = 0
    for seed in range(6):
        state = enfle.deal(rules, seed=seed)
        rng = random.Random(seed)
        while not enfle.is_over(state):
            state = enfle.apply(state, rng.choice(enfle.legal_moves(state)))
            pickups += state.log.last(1)[0].kind == "pickup"
            assert (state.known, state.voids) == knowledge(state.log.to_tuple(), 5)
            if state.moves_made % 37 == 0:
                loaded = enfle.state_from_dict(enfle.state_to_dict(state))
                assert loaded == state
    assert pickups > 0


def played_out(seed: int, rules: Rules, steps: int) -> enfle.State:
    state = enfle.deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if enfle.is_over(state):
            break
        state = enfle.apply(state, rng.choice(enfle.legal_moves(state)))
    return state


def test_sample_keeps_picked_up_cards_in_their_hands_and_voids_for_the_rest_of_the_deal() -> None:
    checked = 0
    for seed in range(40):
        state = played_out(seed, Rules(players=5), 25)
        if enfle.is_over(state):
            continue
        for seat in range(5):
            view = enfle.observe(state, seat)
            rng = random.Random(seed)
            for _ in range(20):
                world = enfle.sample(view, rng)
                assert enfle.observe(world, seat) == view
                for s in range(5):
                    if s == seat:
                        continue
                    held = world.hands[s]
                    assert mask_of(view.known[s]) & ~held == 0
                    hidden = held & ~mask_of(view.known[s])
                    assert not any(c.suit in view.voids[s] for c in cards_of(hidden))
                checked += 1
    assert checked > 1000


def test_sample_gives_the_seat_to_follow_a_card_of_the_led_suit() -> None:
    state = position(FOUR, ["AS 7C", "KS 8D 9D", "9H 10H", "QS JD"], leader=0)
    state = play(state, "play AS")
    view = enfle.observe(state, 3)
    rng = random.Random(4)
    for _ in range(300):
        world = enfle.sample(view, rng)
        assert world.hands[1] & mask_of(enfle.deck_of(FOUR)[24:])  # a spade
        assert enfle.legal_moves(world)


CHI_RULES = Rules(players=3, first_dealer=2)


def chi_square_position() -> enfle.State:
    """Three players, 24 cards (9 to ace). Earlier in the deal seat 2 failed to follow
    spades and picked up QS; now seat 0 has led 9C and seat 1 is to follow."""
    data = enfle.state_to_dict(
        position(CHI_RULES, ["AS", "KS 10C JD", "QS JC KD 10H KH"], leader=0, trick="9C")
    )
    data["events"] += [
        {"kind": "pickup", "seat": 2, "cards": "QS", "value": None, "text": "seat 2 picks up QS"},
        {"kind": "play", "seat": 0, "cards": "9C", "value": None, "text": ""},
    ]
    return enfle.state_from_dict(data)


@pytest.mark.parametrize("quick_tries", [32, 0])
def test_sample_is_uniform_over_the_consistent_worlds_chi_square(
    quick_tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 sees 7 unseen cards: 3 in seat 1's hand, which holds a club (it is to
    follow 9C), and 4 beside QS in seat 2's hand, which holds no spade (it failed to
    follow spades and has only picked up QS since). Every consistent world is counted
    by hand and must be equally likely, by the quick path (rejection) and by the
    exact counting path alone (``quick_tries=0``)."""
    monkeypatch.setattr(trickgame.sampling, "_QUICK_TRIES", quick_tries)
    view = enfle.observe(chi_square_position(), 0)
    assert view.known[2] == parse_cards("QS") and view.voids[2] == (Suit.SPADES,)
    unseen = parse_cards("10C JC JD KD 10H KH KS")
    worlds = [
        frozenset(one)
        for one in itertools.combinations(unseen, 3)
        if any(c.suit is Suit.CLUBS for c in one)
        and not any(c.suit is Suit.SPADES for c in unseen if c not in one)
    ]
    assert len(worlds) == 9
    rng = random.Random(17)
    samples = 200 * len(worlds)
    counts: Counter[frozenset[Card]] = Counter()
    for _ in range(samples):
        world = enfle.sample(view, rng)
        assert enfle.observe(world, 0) == view
        assert Card("QS").bit & world.hands[2]
        counts[frozenset(cards_of(world.hands[1]))] += 1
    assert set(counts) <= set(worlds)
    expected = samples / len(worlds)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    # The 0.999 quantile of chi-square with 8 degrees of freedom is 26.1.
    assert chi2 < 26.1, f"chi-square {chi2:.1f} over 8 degrees of freedom"


# --------------------------------------------------------------------------- the heuristic bot


def _lead_of(view: enfle.View, seed: int = 0) -> str:
    return str(heuristic_bot("enfle").choose(view, view.legal_moves, random.Random(seed)))


def test_heuristic_leads_the_highest_card_of_its_longest_suit() -> None:
    state = position(FOUR, ["AS KS 9S 7C", "8S 8C", "9H 10H", "QS JD"], leader=0)
    assert _lead_of(enfle.observe(state, 0)) == "play AS"


def test_heuristic_leads_a_suit_the_next_player_is_known_to_lack() -> None:
    # Seat 1 picked up a trick of clubs: it holds no other club. A club led to it
    # must be picked up, so the leader sheds it for good.
    state = position(FOUR, ["AS KS 9S 7C", "8S 8C", "9H 10H", "QS JD"], leader=0)
    view = enfle.observe(state, 0)
    lacking = attrs.evolve(view, voids=((), (Suit.CLUBS,), (), ()))
    leads = Counter(_lead_of(lacking, seed) for seed in range(400))
    # One time in four it leads from its longest suit anyway (so that a card cannot
    # be sent round a table of void players forever).
    assert set(leads) == {"play 7C", "play AS"}
    assert 0.18 < leads["play AS"] / 400 < 0.32
    # Once it holds a club it picked up (public), it can follow: back to the longest suit.
    holding = attrs.evolve(lacking, known=((), parse_cards("8C"), (), ()))
    assert {_lead_of(holding, seed) for seed in range(20)} == {"play AS"}


def test_heuristic_chooses_at_random_between_equally_long_suits() -> None:
    state = position(FOUR, ["AS KS 7C 8C", "8S 9C", "9H 10H", "QS JD"], leader=0)
    view = enfle.observe(state, 0)
    assert {_lead_of(view, seed) for seed in range(20)} == {"play AS", "play 8C"}


def test_heuristic_bots_finish_their_deals_without_going_round_in_circles() -> None:
    # With every choice fixed, bots could pass the same cards round forever (no rule
    # makes a card leave play); the bot's random choices break such cycles, so deals
    # stay short, also when other bots at the table play otherwise.
    rules = enfle.PRESETS["single"]
    lineups = [[heuristic_bot("enfle")] * 4, [heuristic_bot("enfle"), RandomBot()] * 2]
    for seed in range(30):
        for lineup in lineups:
            state = play_game(enfle, rules, lineup, seed=seed)
            assert enfle.is_over(state) and state.moves_made < 400, seed


# --------------------------------------------------------------------------- options and notation


def test_rules_text_form_round_trips() -> None:
    from cardrules.core.options import build_rules, parse_rules_text

    for rules in [*enfle.PRESETS.values(), Rules(players=5, deal_packet=2, ante=3)]:
        name, options = parse_rules_text(str(rules))
        assert name == "enfle"
        assert build_rules(Rules, options) == rules
    assert str(Rules()) == "enfle()"
    assert str(Rules(players=6, parlett_scoring=True)) == "enfle(players=6,parlett_scoring=true)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 2}, r"players=2 is out of range: allowed 3\.\.6"),
        ({"players": 7}, r"players=7 is out of range: allowed 3\.\.6"),
        ({"ante": 0}, r"ante=0 is out of range: allowed >= 1"),
        ({"deal_packet": 3}, r"deal_packet=3 is not allowed: use one of 1, 2"),
        ({"deal_packet": True}, r"deal_packet=true is not allowed"),
        ({"deals": 0}, r"deals=0 is out of range"),
        ({"parlett_scoring": 1}, "parlett_scoring must be true or false"),
        ({"first_dealer": 4}, r"first_dealer=4 is out of range: allowed 0\.\.3"),
    ],
)
def test_bad_rules_are_refused_with_the_reason(options: dict[str, object], message: str) -> None:
    """Rule EN-1.1."""
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_bad_moves_name_the_problem() -> None:
    state = enfle.deal(FOUR, seed=0)
    with pytest.raises(IllegalMoveError, match=r"2C is not in this game's deck \(ranks 7 to ace\)"):
        enfle.parse_move(state, "play 2C")
    with pytest.raises(IllegalMoveError, match="no calls or announcements"):
        enfle.apply(state, Play(hand(state, 0)[0], announce=True))
    with pytest.raises(IllegalMoveError, match="is not in seat 0's hand"):
        enfle.apply(state, Play(next(c for c in enfle.deck_of(FOUR) if c not in hand(state, 0))))
    with pytest.raises(IllegalMoveError, match="must play a card now"):
        enfle.apply(state, DealCard(Card("AS")))
    with pytest.raises(
        IllegalMoveError,
        match=r"'bid 1' is not a move of Enfle \(Schwellen, Rolling Stone\): "
        r"its moves are 'play CARD'$",
    ):
        enfle.apply(state, Bid(1))


def test_move_numbers_are_fixed() -> None:
    assert enfle.NUM_MOVES == 110
    assert enfle.move_index(Play(Card("2C"))) == 0
    assert enfle.move_index(Play(Card("AS"))) == 51
    assert enfle.move_index(DealCard(Card("2C"))) == 52
    assert enfle.move_index(ChooseDealer(5)) == 109
    assert enfle.move_from_index(103) == DealCard(Card("AS"))
    with pytest.raises(IllegalMoveError):
        enfle.move_from_index(110)
    with pytest.raises(IllegalMoveError):
        enfle.move_index(ChooseDealer(6))


def test_loading_a_state_refuses_a_seat_to_move_that_cannot_follow() -> None:
    data = enfle.state_to_dict(position(FOUR, ["AS 7C", "KS 8D", "9H 10H", "QS JD"], leader=0))
    data |= {"hands": ["7C", "KS 8D", "9H 10H", "QS JD"], "trick": "AS", "leader": 1}
    # Seat 1 led AS, so seat 2 is to follow spades, but it holds none.
    with pytest.raises(
        RecordError, match="seat 2 cannot follow: it would have picked the trick up"
    ):
        enfle.state_from_dict(data)


def test_registered_with_its_other_names() -> None:
    from cardrules import games

    assert games.get("enfle") is enfle
    assert games.get("rolling_stone") is enfle and games.get("schwellen") is enfle
    assert attrs.evolve(Rules(), players=6).players == 6
