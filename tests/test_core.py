"""The shared cores: randomness, tricks, sampling, options, logs."""

from __future__ import annotations

import copyreg
import io
import itertools
import math
import pickle
import random
from collections import Counter

import attrs
import pytest

from cardrules.cards import (
    BIG_JOKER,
    DECK52,
    LITTLE_JOKER,
    Card,
    Suit,
    cards_of,
    mask_of,
    parse_cards,
)
from cardrules.core import tricks
from cardrules.core.match import Match, first_dealer, shuffled
from cardrules.core.options import parse_rules_text
from cardrules.core.randomness import Stream
from cardrules.core.sampling import count_worlds, deal_uniformly
from cardrules.core.trickgame import rules_of_play
from cardrules.errors import NotationError
from cardrules.game import Event, Log, winners_by_total
from cardrules.games.oh_hell import Rules


def test_random_streams_are_pinned_so_records_replay_across_releases() -> None:
    # These values are part of the record format: changing them breaks old records.
    assert Stream(7, "deal", 0).shuffle(range(10)) == [0, 5, 4, 1, 6, 3, 7, 8, 9, 2]
    assert [Stream(1, "first-dealer").below(4) for _ in range(2)] == [2, 2]
    assert Stream(7, "deal", 0).below(52) != Stream(7, "deal", 1).below(52)


def test_stream_below_is_uniform() -> None:
    stream = Stream(3, "test")
    counts = Counter(stream.below(6) for _ in range(6000))
    assert all(900 < n < 1100 for n in counts.values())
    with pytest.raises(ValueError):
        stream.below(0)


def _reference_shuffle(stream: Stream, items: list[int]) -> list[int]:
    """Fisher-Yates exactly as the module docs define it, one ``below`` per swap."""
    for i in range(len(items) - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def test_shuffle_is_the_documented_fisher_yates_over_below() -> None:
    for seed in range(200):
        for size in (0, 1, 2, 32, 52, 54, 100):
            fast, slow = Stream(seed, "deal", 3), Stream(seed, "deal", 3)
            assert fast.shuffle(range(size)) == _reference_shuffle(slow, list(range(size)))
            assert fast.below(1000) == slow.below(1000)  # the same draws were used


def test_shuffle_rejects_a_biased_draw_like_below() -> None:
    # A rejected draw has a chance below 2**-56, so plant one: the second draw
    # of a 6-item shuffle, below(5), must reject values >= 2**64 - 2**64 % 5.
    planted = (7, 2**64 - 1, 11, 12, 13, 14, 15)
    fast, slow = Stream(0, "planted"), Stream(0, "planted")
    for stream in (fast, slow):
        stream._draws, stream._position = planted + (0,) * 57, 0
    assert fast.shuffle(range(6)) == _reference_shuffle(slow, list(range(6)))
    assert fast._position == slow._position == 6  # five swaps and the one rejection


def test_deal_k_is_shuffled_from_seed_and_k() -> None:
    deck = DECK52
    assert shuffled(5, 2, deck) == shuffled(5, 2, deck)
    assert shuffled(5, 2, deck) != shuffled(5, 3, deck)
    assert first_dealer(Rules(first_dealer=2), 9, 4) == 2


def test_match_records_deals_and_passes_the_deal_left() -> None:
    m = Match.start(3, 4).finish_deal((1, 2, 3, 4), ())
    assert (m.deal_number, m.dealer, m.totals) == (1, 0, (1, 2, 3, 4))
    assert m.rows[0].dealer == 3


def _follow(rules: tricks.TrickRules, hand: int, lead: str) -> int:
    """The cards of ``hand`` that follow suit to a trick led with ``lead`` (cards)."""
    group = rules_of_play.led_group(rules, parse_cards(lead))
    return rules_of_play.follow_suit(hand, group, rules.anytime_mask)


def test_follow_suit_and_void() -> None:
    rules = tricks.trick_rules(Suit.HEARTS)
    hand = mask_of(parse_cards("2S 9S 3H KD"))
    assert cards_of(_follow(rules, hand, "5S")) == parse_cards("2S 9S")
    assert _follow(rules, hand, "5C") == hand
    assert _follow(rules, hand, "") == hand  # the lead: any card
    assert not parse_cards("KD")[0].bit & _follow(rules, hand, "5S")  # a revoke


def test_trick_winner_trump_then_led_suit() -> None:
    no_trump = tricks.trick_rules(None)
    assert tricks.winner(no_trump, parse_cards("KS 2H AS 5S")) == 2
    hearts = tricks.trick_rules(Suit.HEARTS)
    assert tricks.winner(hearts, parse_cards("KS 2H AS 5H")) == 3
    assert tricks.winner(hearts, parse_cards("KS AD QS 9C")) == 0


def test_jokers_as_highest_trumps_and_as_suitless() -> None:
    trump_jokers = tricks.trick_rules(Suit.SPADES, "trump")
    trick = (parse_cards("AS")[0], LITTLE_JOKER, BIG_JOKER, parse_cards("KS")[0])
    assert tricks.winner(trump_jokers, trick) == 2
    hand = mask_of([LITTLE_JOKER, *parse_cards("2H")])
    assert cards_of(_follow(trump_jokers, hand, "5S")) == (LITTLE_JOKER,)
    suitless = tricks.trick_rules(Suit.SPADES, "suitless")
    assert tricks.led_suit(suitless, (BIG_JOKER, *parse_cards("3D"))) is Suit.DIAMONDS
    assert tricks.winner(suitless, (*parse_cards("3D AS"), LITTLE_JOKER)) == 2
    hand = mask_of([LITTLE_JOKER, *parse_cards("2D 4C")])
    assert cards_of(_follow(suitless, hand, "5D")) == (
        *parse_cards("2D"),
        LITTLE_JOKER,
    )


def test_trumps_that_do_not_win() -> None:
    rules = tricks.trick_rules(Suit.HEARTS, trumps_win=False)
    assert tricks.winner(rules, parse_cards("KS 2H AS 5H")) == 2


def test_trump_jokers_still_win_when_trumps_do_not() -> None:
    # Maverick with trumps_win=False: only the led suit or a joker wins (rule MV-4.5).
    rules = tricks.trick_rules(Suit.HEARTS, "trump", trumps_win=False)
    assert tricks.winner(rules, (*parse_cards("KS AH AS"), LITTLE_JOKER)) == 3
    assert tricks.winner(rules, (*parse_cards("KS"), BIG_JOKER, LITTLE_JOKER)) == 1
    assert tricks.winner(rules, parse_cards("2H AS AH 5H")) == 2  # hearts led: the led suit


def _all_worlds(unknown: list[Card], holders: list[tuple[int, int]]) -> list[tuple[int, ...]]:
    worlds = []
    for perm in itertools.permutations(unknown):
        masks, start = [], 0
        for size, forbidden in holders:
            mask = mask_of(perm[start : start + size])
            if mask & forbidden:
                break
            masks.append(mask)
            start += size
        else:
            worlds.append(tuple(masks))
    return sorted(set(worlds))


@pytest.mark.parametrize("force_counting", [False, True])
def test_deal_uniformly_is_exactly_uniform_chi_square(
    force_counting: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every consistent world is equally likely, on both the fast and the exact path."""
    if force_counting:
        monkeypatch.setattr("cardrules.core.sampling._QUICK_TRIES", 0)
    unknown = list(parse_cards("2S 3S 4S 5H 6H 7D 8D"))
    spades = tricks.SUIT_MASKS[Suit.SPADES]
    hearts = tricks.SUIT_MASKS[Suit.HEARTS]
    holders = [(2, spades), (3, hearts), (2, 0)]
    worlds = _all_worlds(unknown, holders)
    assert count_worlds(mask_of(unknown), holders) == len(worlds)
    rng = random.Random(5)
    samples = 60 * len(worlds)
    counts = Counter(deal_uniformly(mask_of(unknown), holders, rng) for _ in range(samples))
    assert set(counts) == set(worlds)
    expected = samples / len(worlds)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in worlds)
    dof = len(worlds) - 1
    critical = dof * (1 - 2 / (9 * dof) + 3.09 * math.sqrt(2 / (9 * dof))) ** 3
    assert chi2 < critical


def test_deal_uniformly_refuses_an_impossible_view() -> None:
    from cardrules.errors import CardrulesError

    spades = tricks.SUIT_MASKS[Suit.SPADES]
    with pytest.raises(CardrulesError):
        deal_uniformly(mask_of(parse_cards("2S 3S")), [(1, spades), (1, spades)], random.Random(1))


def test_rules_text_parsing_errors() -> None:
    assert parse_rules_text("oh_hell") == ("oh_hell", {})
    for bad in ["oh_hell(players)", "oh_hell(players=4,players=5)", "Oh Hell", "x(a=[1])"]:
        with pytest.raises(NotationError):
            parse_rules_text(bad)


def test_logs_share_their_past_and_compare_by_content() -> None:
    base = Log.of([1, 2])
    a, b = base.append(3), base.append(3)
    assert a == b and hash(a) == hash(b) and a != base.append(4)
    assert list(a) == [1, 2, 3] and a.last(2) == (2, 3)


def test_log_to_tuple_is_right_across_checkpoints_and_branches() -> None:
    # to_tuple keeps tuples on checkpoint nodes; branches share them, and a log
    # asked at any length, in any order, still gives exactly its own items.
    step = Log.CHECKPOINT
    middle = Log.of(range(step + 3))
    trunk = middle
    for item in range(step + 3, 2 * step + 5):
        trunk = trunk.append(item)
    assert trunk.to_tuple() == tuple(range(2 * step + 5))
    branch = middle.append(-1).append(-2)
    assert branch.to_tuple() == (*range(step + 3), -1, -2)
    assert middle.to_tuple() == tuple(range(step + 3))
    longer = Log.of(range(5 * step))
    assert all(longer.to_tuple() == tuple(range(5 * step)) for _ in range(2))
    assert Log.EMPTY.to_tuple() == () and list(Log.EMPTY.append(7)) == [7]


def test_winners_by_total_keeps_ties() -> None:
    assert winners_by_total((4, 7, 7), "high") == (1, 2)


def test_events_are_frozen_values() -> None:
    """An event compares, hashes and pickles by its fields, and refuses to change (a
    plain class, so that the compiled build makes it native, but a frozen one)."""
    event = Event("trick", 2, (Card("QH"), Card("2H")), text="seat 2 wins")
    same = Event("trick", seat=2, cards=(Card("QH"), Card("2H")), text="seat 2 wins")
    assert event == same and hash(event) == hash(same)
    assert event != Event("trick", 3, event.cards, text=event.text) != ("trick", 2)
    assert pickle.loads(pickle.dumps(event)) == event
    assert repr(event) == (
        "Event(kind='trick', seat=2, cards=(Card('QH'), Card('2H')), value=None, "
        "text='seat 2 wins')"
    )
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        event.seat = 3
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del event.text
    assert event.seat == 2 and event.text == "seat 2 wins"


def _pickled_as_an_attrs_event(event: Event, state: object) -> bytes:
    """An event pickled as an earlier release's attrs class did: the class, then its
    fields as a dict (or a tuple)."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer)
    pickler.dispatch_table = {Event: lambda _: (copyreg.__newobj__, (Event,), state)}  # type: ignore[attr-defined]
    pickler.dump(event)
    return buffer.getvalue()


@pytest.mark.parametrize("as_dict", [True, False])
def test_events_pickled_by_an_earlier_release_still_load(as_dict: bool) -> None:
    fields = {"kind": "bid", "seat": 1, "cards": (), "value": 3, "text": ""}
    state = fields if as_dict else tuple(fields.values())
    loaded = pickle.loads(_pickled_as_an_attrs_event(Event("other"), state))
    assert loaded == Event("bid", 1, value=3) and str(loaded) == "seat 1 bids 3"
    match loaded:
        case Event("bid", seat, _, value):
            assert (seat, value) == (1, 3)
        case _:
            pytest.fail("an event matches by position: kind, seat, cards, value, text")


@pytest.mark.parametrize("name", ["oh_hell", "mau_mau"])
def test_moves_made_counts_the_players_moves_over_the_whole_game_not_chance_steps(
    name: str,
) -> None:
    """``moves_made``, as the Game protocol documents it, in both engines (a trick game and
    a shedding game, explicit chance): the players' moves since the game began, over
    every deal; chance steps are not counted; the ``max_moves`` cap counts the same."""
    from cardrules import games
    from cardrules.game import CHANCE

    game = games.get(name)
    state = game.deal(game.Rules(), seed=5, chance="explicit")
    rng = random.Random(5)
    while game.to_move(state) is CHANCE:  # the first deal, card by card
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert len(game.moves_played(state)) > 1 and game.moves_made(state) == 0
    by_players = 0
    chance_steps = len(game.moves_played(state))
    while game.deal_number(state) < 2:  # into the third deal: the count runs on
        seat = game.to_move(state)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        by_players += seat is not CHANCE
        chance_steps += seat is CHANCE
        assert game.moves_made(state) == by_players
    assert by_players > 0 and chance_steps > 0
    capped = game.deal(game.Rules(max_moves=3), seed=5, chance="explicit")
    while not game.is_over(capped):
        capped = game.apply(capped, rng.choice(game.legal_moves(capped)))
    outcome = game.score(capped).outcome
    assert outcome is not None and outcome.reason == "truncated"
    assert game.moves_made(capped) == 3 < len(game.moves_played(capped))
