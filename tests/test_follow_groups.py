"""Card order and follow groups per deal (:func:`cardrules.core.tricks.card_order`): the
orders of the contract family (Euchre's bowers, Skat's suit, grand and null games, a
Schafkopf-style trump group of whole ranks and a suit), read by the winner, follow suit,
the illegal-move message, what a play reveals, views' voids, sampling and the kit.

Two defects are pinned here: a view's voids were once computed in printed suits, so with a
left bower a seat's void in the bower's own suit was not shown and sampling dealt it that
suit (defect 3); and a play once recorded a void only when the seat's known-absent cards
did not already touch the led suit (defect 4)."""

from __future__ import annotations

import importlib
import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import games, testing
from cardrules.cards import Card, Suit, cards_of, mask_of, parse_cards
from cardrules.core import tricks
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.views import void_groups, void_suits
from cardrules.errors import RulesError
from cardrules.moves import Play
from tests.test_sampling_uniformity import chi_square_p

#: The bowers' Whist (tests/left_bower.py), imported by the fixture below: importing it
#: registers it (and examples/whist.py), which other tests' lists of games must not see.
left_bower: Any = None


@pytest.fixture(autouse=True)
def _bowers_registered_for_the_test_only() -> Iterator[None]:
    """Import the bowers' Whist for a test and unregister what the import registered."""
    global left_bower
    before = set(games.names())
    left_bower = importlib.import_module("tests.left_bower")
    yield
    for name in set(games.names()) - before:
        games.unregister(name)


# --------------------------------------------------------------------------- the orders

EUCHRE = tricks.card_order(
    ["JH JD AH KH QH TH 9H", "AD KD QD TD 9D", "AC KC QC JC TC 9C", "AS KS QS JS TS 9S"],
    trump=0,
)


def _skat_suit(trump: Suit) -> tricks.TrickRules:
    """Skat's suit game: the four jacks (clubs, spades, hearts, diamonds) then A 10 K Q 9 8
    7 of the trump suit are one group; the other suits A 10 K Q 9 8 7."""
    plain = ["A", "T", "K", "Q", "9", "8", "7"]
    trumps = ["JC", "JS", "JH", "JD", *(rank + trump.letter for rank in plain)]
    others = [[rank + suit.letter for rank in plain] for suit in Suit if suit is not trump]
    return tricks.card_order([" ".join(trumps), *(" ".join(group) for group in others)], trump=0)


GRAND = tricks.card_order(
    [
        "JC JS JH JD",
        "AC TC KC QC 9C 8C 7C",
        "AS TS KS QS 9S 8S 7S",
        "AH TH KH QH 9H 8H 7H",
        "AD TD KD QD 9D 8D 7D",
    ],
    trump=0,
)
NULL = tricks.card_order([f"A{s} K{s} Q{s} J{s} T{s} 9{s} 8{s} 7{s}" for s in "CSHD"])


def _follows(rules: tricks.TrickRules, lead: str, hand: str) -> str:
    """The cards of ``hand`` that may be played to a trick led by ``lead``."""
    group = rules_of_play.led_group(rules, parse_cards(lead))
    allowed = rules_of_play.follow_suit(mask_of(parse_cards(hand)), group, rules.anytime_mask)
    return " ".join(str(card).replace("10", "T") for card in cards_of(allowed))


def _wins(rules: tricks.TrickRules, trick: str) -> str:
    cards = parse_cards(trick)
    return str(cards[tricks.winner(rules, cards)]).replace("10", "T")


def test_euchre_the_bowers_are_the_highest_trumps_and_the_left_leaves_its_suit() -> None:
    """Euchre, hearts trumps: the jack of hearts (right bower), then the jack of diamonds
    (left bower), then A K Q 10 9 of hearts; diamonds has five cards."""
    assert _wins(EUCHRE, "AH JD KH") == "JD"
    assert _wins(EUCHRE, "JD JH") == "JH"
    assert _wins(EUCHRE, "AD JD KD") == "JD"  # a trump on a diamond lead
    assert _wins(EUCHRE, "KD AD 9H") == "9H"
    assert _wins(EUCHRE, "KD AD AC") == "AD"
    # The left bower follows trumps, not diamonds; a diamond lead does not call it.
    assert _follows(EUCHRE, "JD", "9H QD AC") == "9H"
    assert _follows(EUCHRE, "9H", "JD QD") == "JD"
    assert _follows(EUCHRE, "AD", "JD 9D AC") == "9D"
    assert _follows(EUCHRE, "AD", "JD AC") == "AC JD"
    assert tricks.led_suit(EUCHRE, parse_cards("JD")) is Suit.HEARTS
    assert tricks.suit_of(EUCHRE, Card("JD")) is Suit.HEARTS


def test_euchre_a_void_in_the_left_bowers_suit_is_five_cards() -> None:
    """Failing to follow diamonds shows no diamond of the group (A K Q 10 9), and says
    nothing of the left bower; failing to follow trumps shows no bower."""
    diamonds = rules_of_play.revealed(EUCHRE, None, parse_cards("AD"), 0, Card("AC"))
    assert diamonds == mask_of(parse_cards("AD KD QD TD 9D"))
    assert not diamonds & Card("JD").bit
    trumps = rules_of_play.revealed(EUCHRE, None, parse_cards("9H"), 0, Card("AC"))
    assert trumps == mask_of(parse_cards("JH JD AH KH QH TH 9H"))
    assert void_suits(EUCHRE, diamonds) == (Suit.DIAMONDS,)
    assert void_suits(EUCHRE, trumps) == (Suit.HEARTS,)


def test_skat_suit_game_jacks_then_the_trump_suit_and_tens_above_kings() -> None:
    """Skat, diamonds trumps: jacks clubs, spades, hearts, diamonds, then A 10 K Q 9 8 7
    of diamonds; the other suits A 10 K Q 9 8 7; a jack follows trumps."""
    rules = _skat_suit(Suit.DIAMONDS)
    assert _wins(rules, "JD JS JH") == "JS"
    assert _wins(rules, "AD JD") == "JD"
    assert _wins(rules, "KC TC AC") == "AC"
    assert _wins(rules, "KC TC QC") == "TC"
    assert _wins(rules, "AC 7D TC") == "7D"
    assert _follows(rules, "JS", "7D AC JC") == "JC 7D"
    assert _follows(rules, "AC", "JC 7C 7D") == "7C"
    assert _follows(rules, "AC", "JC 7D") == "JC 7D"
    void = rules_of_play.revealed(rules, None, parse_cards("JH"), 0, Card("AC"))
    assert void == mask_of(parse_cards("JC JS JH JD AD TD KD QD 9D 8D 7D"))
    clubs = rules_of_play.revealed(rules, None, parse_cards("AC"), 0, Card("7D"))
    assert clubs == mask_of(parse_cards("AC TC KC QC 9C 8C 7C"))


def test_skat_grand_has_five_groups_the_jacks_the_only_trumps() -> None:
    """Skat's grand: the four jacks are the trumps, a group of their own, and each suit
    is a group without its jack; the message for a jack lead names the trumps."""
    assert len(GRAND.follow_masks) == 5 and GRAND.trump is None
    assert GRAND.trump_mask == mask_of(parse_cards("JC JS JH JD"))
    assert _wins(GRAND, "AC JD TC") == "JD"
    assert _wins(GRAND, "JD JC") == "JC"
    assert _wins(GRAND, "KD TD AC") == "TD"
    assert _follows(GRAND, "JS", "AD 7C JD") == "JD"
    assert _follows(GRAND, "JS", "AD 7C") == "7C AD"
    assert _follows(GRAND, "AD", "JD 7D") == "7D"
    assert _follows(GRAND, "AD", "JD 7C") == "7C JD"
    assert tricks.led_suit(GRAND, parse_cards("JS")) is None
    assert tricks.led_suit(GRAND, parse_cards("AS")) is Suit.SPADES
    void = rules_of_play.revealed(GRAND, None, parse_cards("JS"), 0, Card("AD"))
    assert void == GRAND.trump_mask
    assert void_groups(GRAND, void) == (0,) and void_suits(GRAND, void) == ()
    diamonds = rules_of_play.revealed(GRAND, None, parse_cards("AD"), 0, Card("AC"))
    assert void_suits(GRAND, diamonds) == (Suit.DIAMONDS,) and not diamonds & Card("JD").bit
    hand = mask_of(parse_cards("JD 7C"))
    text, kind = rules_of_play.refusal(GRAND, None, hand, parse_cards("JS"), 0, Card("7C"), 2)
    assert (text, kind) == ("seat 2 must follow the trumps (JD)", "follow")


def test_skat_null_has_no_trumps_and_the_jack_between_queen_and_ten() -> None:
    """Skat's null: no trumps, four groups A K Q J 10 9 8 7."""
    assert NULL.trump is None and NULL.trump_group is None and NULL.trump_mask == 0
    assert _wins(NULL, "TC JC") == "JC"
    assert _wins(NULL, "JC QC") == "QC"
    assert _wins(NULL, "7C AD") == "7C"  # no trumps: another suit never wins
    assert _follows(NULL, "TC", "JC 7D") == "JC"
    text, _ = rules_of_play.refusal(NULL, None, mask_of(parse_cards("JC 7D")), parse_cards("TC"),
                                    0, Card("7D"), 1)  # fmt: skip
    assert text == "seat 1 must follow suit: clubs (JC)"


def test_a_trump_group_of_whole_ranks_and_a_suit() -> None:
    """A Schafkopf-style trump group of fourteen: the four queens, the four jacks, then
    A 10 K 9 8 7 of hearts, and three groups A 10 K 9 8 7 (Doppelkopf's trumps are
    built the same way)."""
    rules = tricks.card_order(
        [
            "QC QS QH QD JC JS JH JD AH TH KH 9H 8H 7H",
            "AC TC KC 9C 8C 7C",
            "AS TS KS 9S 8S 7S",
            "AD TD KD 9D 8D 7D",
        ],
        trump=0,
    )
    assert rules.trump is Suit.HEARTS  # most of the group's cards are hearts
    assert _wins(rules, "AH QD JC") == "QD"
    assert _wins(rules, "AC TC QS") == "QS"
    assert _wins(rules, "AC TC KC") == "AC"
    assert _follows(rules, "KH", "QC AC") == "QC"
    assert _follows(rules, "AD", "QD 7C") == "7C QD"
    assert _follows(rules, "AD", "QD KD") == "KD"


def test_suitless_jokers_given_as_cards_playable_at_any_time_win() -> None:
    """Cards playable at any time (Maverick's suitless jokers) follow anything and win,
    the big joker over the little; the plain rules of trick_rules are unchanged."""
    rules = tricks.card_order(
        [" ".join(rank + s for rank in "AKQJT98765432") for s in "CDHS"],
        trump=3,
        anytime="LJ BJ",
    )
    suitless = tricks.trick_rules(Suit.SPADES, "suitless")
    for trick in ("AC LJ KC", "AC BJ LJ", "2S AC", "LJ 3D AD", "AH KH"):
        assert _wins(rules, trick) == _wins(suitless, trick), trick
    assert rules.anytime_mask == suitless.anytime_mask
    assert rules.follow_masks == suitless.follow_masks
    assert _follows(rules, "AC", "2C LJ 3D") == "2C LJ"
    assert tricks.PLAIN[Suit.HEARTS].follow_masks == tricks.SUIT_MASKS
    assert tricks.PLAIN[Suit.HEARTS].trump_group == int(Suit.HEARTS)
    assert tricks.PLAIN[None].trump_group is None


def test_card_order_refuses_groups_that_share_a_card_or_a_trump_group_out_of_range() -> None:
    """Bad card orders get a rules error naming the fix."""
    with pytest.raises(RulesError, match="share JC"):
        tricks.card_order(["JC JS", "AC JC"])
    with pytest.raises(RulesError, match="listed twice"):
        tricks.card_order(["JC JS JC"])
    with pytest.raises(RulesError, match="trump group is number 2"):
        tricks.card_order(["JC JS", "AC KC"], trump=2)


def test_trick_rules_survive_pickling_and_compare_by_value() -> None:
    """The rules of a deal are a value: equal when built alike, and pickled whole."""
    import pickle

    assert pickle.loads(pickle.dumps(GRAND)) == GRAND
    assert hash(_skat_suit(Suit.CLUBS)) == hash(_skat_suit(Suit.CLUBS))
    assert _skat_suit(Suit.CLUBS) != _skat_suit(Suit.SPADES)


# --------------------------------------------------------------------------- a deal with bowers


def _play_until(seed: int, stop: Any) -> tuple[Any, list[Any]] | None:
    """Random play of the bowers' Whist from ``seed`` until ``stop(state)`` holds (None
    if the deal ends first), with the moves played."""
    rules = left_bower.Rules(first_dealer=0)
    state = left_bower.deal(rules, seed=seed)
    rng = random.Random(seed)
    moves: list[Any] = []
    while left_bower.to_move(state) is not None and left_bower.GAME.roles.playing is state.phase:
        if stop(state):
            return state, moves
        move = rng.choice(left_bower.legal_moves(state))
        moves.append(move)
        state = left_bower.apply(state, move)
    return None


def _void_in_bower_suit(state: Any) -> int | None:
    """The seat, other than the one to move, void in the left bower's suit (the group
    without the bower) while the bower is still in some other hand, or None."""
    rules = state.deal.trick_rules
    if rules.trump is None:
        return None
    left = Card(f"J{left_bower.PARTNER[rules.trump].letter}")
    assert left.suit is not None
    group = rules.follow_masks[rules.card_groups[Card(f"A{left.suit.letter}").index]]
    mover = left_bower.to_move(state)
    holders = [s for s, hand in enumerate(state.hands) if hand & left.bit]
    for seat, void in enumerate(state.voids):
        hidden = bool(holders) and holders[0] != mover
        many = state.hands[seat].bit_count() >= 2
        if seat != mover and void & group == group and hidden and many:
            return seat
    return None


def _holds_bower(state: Any) -> bool:
    rules = state.deal.trick_rules
    if rules.trump is None:
        return False
    left = Card(f"J{left_bower.PARTNER[rules.trump].letter}").bit
    return any(hand & left for hand in state.hands)


def _bower_void_position() -> tuple[Any, int]:
    for seed in range(200):
        found = _play_until(seed, lambda s: _holds_bower(s) and _void_in_bower_suit(s) is not None)
        if found is not None:
            state = found[0]
            seat = _void_in_bower_suit(state)
            assert seat is not None
            return state, seat
    raise AssertionError("no seed reaches a void in the left bower's suit")


def test_defect_3_a_void_in_the_left_bowers_suit_is_shown_and_sampled() -> None:
    """A seat that fails to follow the left bower's suit is void in that suit as the deal
    counts it (without the bower): the view shows the void, and no sampled world gives
    the seat a card of that suit, while some may give it the bower."""
    state, seat = _bower_void_position()
    rules = state.deal.trick_rules
    mover = left_bower.to_move(state)
    group_suit = left_bower.PARTNER[rules.trump]
    group = rules.follow_masks[rules.group_suits.index(group_suit)]
    view = left_bower.observe(state, mover)
    assert group_suit in view.voids[seat]
    testing.check_view_shows_the_state(left_bower, state, view, "the deal")
    given = 0
    for k in range(50):
        world = left_bower.sample(view, random.Random(k))
        given |= world.hands[seat] & group
        testing.check_view_shows_the_state(left_bower, world, view, "a sampled world", sampled=True)
    assert not given, f"sampled worlds give seat {seat} {cards_of(given)}"


def test_the_kit_judges_voids_by_the_deals_groups() -> None:
    """A view that hid the void in the left bower's suit (showing printed suits only) is
    caught by the kit."""
    state, seat = _bower_void_position()
    mover = left_bower.to_move(state)
    view = left_bower.observe(state, mover)
    hidden = (*view.voids[:seat], (), *view.voids[seat + 1 :])
    import attrs

    wrong = attrs.evolve(view, voids=hidden)
    with pytest.raises(testing.ConformanceError, match=f"seat {seat} failed to follow"):
        testing.check_view_shows_the_state(left_bower, state, wrong, "the deal")


def _spread_position(lead: str = "") -> Any:
    """A Whist deal with the bowers (hearts trumps): seat 0 holds the diamonds but the
    jack, seat 1 the clubs but the two and the jack of diamonds, seat 2 the hearts and
    the two of clubs, seat 3 the spades; seat 0 leads, and has led ``lead`` if given."""
    rules = left_bower.Rules(first_dealer=3)
    state = left_bower.deal(rules, seed=1)
    hands = [
        tricks.SUIT_MASKS[Suit.DIAMONDS] & ~Card("JD").bit,
        tricks.SUIT_MASKS[Suit.CLUBS] & ~Card("2C").bit | Card("JD").bit,
        tricks.SUIT_MASKS[Suit.HEARTS] | Card("2C").bit,
        tricks.SUIT_MASKS[Suit.SPADES],
    ]
    trick = parse_cards(lead)
    for card in trick:
        hands[0] &= ~card.bit
        hands[2] = hands[2] & ~card.bit | Card("2C").bit
    if not trick:
        hands[0] |= Card("2C").bit
        hands[2] &= ~Card("2C").bit
    trick_rules = left_bower.bower_order(Suit.HEARTS)
    return state._replace(
        hands=tuple(hands),
        known=(0, 0, 0, 0),
        leader=0,
        trick=trick,
        deal=state.deal._replace(trick_rules=trick_rules),
    )


def test_defect_4_a_known_absent_card_does_not_hide_a_later_void() -> None:
    """A seat with one card of the led group known absent that then fails to follow is
    void in the whole group (the play's fast path records it)."""
    state = _spread_position()
    one = Card("QD").bit
    state = state._replace(voids=(0, one, 0, 0))
    state = left_bower.apply(state, Play(Card("AD")))
    state = left_bower.apply(state, Play(Card("AC")))
    group = state.deal.trick_rules.led_masks[Card("AD").index]
    assert state.voids[1] & group == group
    assert not state.voids[1] & Card("JD").bit  # the left bower is no diamond
    assert Suit.DIAMONDS in left_bower.observe(state, 2).voids[1]


def test_the_kit_catches_a_void_hidden_by_a_known_absent_card() -> None:
    """A state whose play kept only the card known absent before (the void it showed
    lost) is caught: the view does not show the void the log shows."""
    state = _spread_position()
    state = state._replace(voids=(0, Card("QD").bit, 0, 0))
    state = left_bower.apply(state, Play(Card("AD")))
    state = left_bower.apply(state, Play(Card("AC")))
    lost = state._replace(voids=(0, Card("QD").bit, 0, 0))
    testing.check_view_shows_the_state(left_bower, state, left_bower.observe(state, 2), "ok")
    with pytest.raises(testing.ConformanceError, match="seat 1 failed to follow diamonds"):
        testing.check_view_shows_the_state(left_bower, lost, left_bower.observe(lost, 2), "lost")


def test_the_kit_judges_follow_suit_by_the_left_bowers_group() -> None:
    """Seat 1 holds the left bower and clubs: to a diamond lead it may play anything
    (the kit agrees); to a heart lead only the bower."""
    state = _spread_position()
    diamond = left_bower.apply(state, Play(Card("AD")))
    assert {str(m) for m in left_bower.legal_moves(diamond)} >= {"play JD", "play AC"}
    testing.check_legality(left_bower, diamond)
    heart = _spread_position("AH")
    assert [str(m) for m in left_bower.legal_moves(heart)] == ["play JD"]
    testing.check_legality(left_bower, heart)


# --------------------------------------------------------------------------- uniformity


def _uniform_position() -> tuple[Any, list[Any]]:
    """A late position of the bowers' Whist: the seat to move holds at most three cards,
    another seat is void in the left bower's suit while the bower is hidden."""
    for seed in range(400):
        found = _play_until(
            seed,
            lambda s: (
                sum(h.bit_count() for h in s.hands) <= 11
                and _holds_bower(s)
                and _void_in_bower_suit(s) is not None
            ),
        )
        if found is not None:
            return found
    raise AssertionError("no seed reaches the position")


def _consistent(state: Any, moves: list[Any], split: dict[int, int]) -> bool:
    """Whether the hidden hands ``split`` (seat -> mask) are consistent with the public
    play: the deal they imply, replayed move by move, keeps every move legal."""
    played = [0] * 4
    for event in state.log.to_tuple():
        if event.kind == "play" and event.seat is not None:
            played[event.seat] |= event.cards[0].bit
    start = left_bower.deal(state.deal.rules, seed=state.deal.seed)
    hands = tuple((split[s] if s in split else state.hands[s]) | played[s] for s in range(4))
    replay = start._replace(hands=hands)
    for move in moves:
        if move not in left_bower.legal_moves(replay):
            return False
        replay = left_bower.apply(replay, move)
    return True


def test_sampling_is_uniform_with_a_void_in_a_group_that_is_no_printed_suit() -> None:
    """With a seat void in the left bower's suit (twelve cards: no printed suit) and the
    bower hidden, ``sample`` hits every consistent world (found by replaying the public
    moves, not by reading voids) equally often, and no other (chi-square)."""
    state, moves = _uniform_position()
    mover = left_bower.to_move(state)
    others = [s for s in range(4) if s != mover]
    unseen = 0
    for s in others:
        unseen |= state.hands[s]
    pool = cards_of(unseen)
    sizes = [state.hands[s].bit_count() for s in others]
    worlds = []
    for first in itertools.combinations(pool, sizes[0]):
        rest = [c for c in pool if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [c for c in rest if c not in second]
            split = {
                others[0]: mask_of(first),
                others[1]: mask_of(second),
                others[2]: mask_of(third),
            }
            if _consistent(state, moves, split):
                worlds.append(tuple(split[s] for s in others))
    assert 2 <= len(worlds) < 2000
    view = left_bower.observe(state, mover)
    rng = random.Random(7)
    draws = 40 * len(worlds)
    observed: Counter[Any] = Counter()
    for _ in range(draws):
        world = left_bower.sample(view, rng)
        key = tuple(world.hands[s] for s in others)
        assert key in worlds, "sample left the consistent worlds"
        observed[key] += 1
    assert chi_square_p(observed, worlds) > 1e-4


# --------------------------------------------------------------------------- the search


@pytest.mark.parametrize("order", ["bowers", "grand"])
def test_the_solver_equals_plain_minimax_under_the_deals_groups(order: str) -> None:
    """The double-dummy search reads the deal's follow groups and order (the bowers;
    grand's five groups, the jacks the only trumps): its values are plain minimax's."""
    from tests.test_solver import _check_against_minimax, random_position

    rng = random.Random(f"groups {order}")
    checked = 0
    while checked < 40:
        rules = left_bower.Rules(target=1, order=order, first_dealer=rng.randrange(4))
        state = random_position(left_bower, rules, rng, 3)
        if state is None:
            continue
        _check_against_minimax(left_bower, state, False, False)
        checked += 1


def test_grand_messages_name_the_jacks() -> None:
    """In grand, a seat holding a jack that plays another card to a jack lead is told to
    follow the jacks (the group's name), and the jack alone is legal."""
    from cardrules.errors import IllegalMoveError

    state = left_bower.deal(left_bower.Rules(order="grand", first_dealer=3), seed=3)
    hands = tuple(tricks.SUIT_MASKS[suit] for suit in Suit)
    led = state._replace(
        hands=(hands[0] & ~Card("JC").bit, *hands[1:]),
        known=(0, 0, 0, 0),
        leader=0,
        trick=(Card("JC"),),
    )
    follower = left_bower.to_move(led)
    assert follower == 1
    jack = cards_of(led.hands[follower] & left_bower.GRAND.trump_mask)
    assert [str(m) for m in left_bower.legal_moves(led)] == [f"play {jack[0]}"]
    other = cards_of(led.hands[follower] & ~left_bower.GRAND.trump_mask)[0]
    with pytest.raises(IllegalMoveError, match=f"must follow the jacks \\({jack[0]}\\)"):
        left_bower.apply(led, Play(other))


def test_the_kit_passes_a_game_with_the_bowers_and_one_with_grands_groups() -> None:
    """The conformance kit (views, sampled worlds, follow suit, positions) passes the
    bowers' Whist and its grand order, whose jacks are a group that is no suit (a view's
    voids cannot name it: its voids are read from the log)."""
    report = testing.check_game(
        left_bower,
        presets={"bowers": left_bower.Rules(), "grand": left_bower.Rules(order="grand")},
        games=6,
    )
    assert report.games == 12
