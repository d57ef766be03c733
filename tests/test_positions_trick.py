"""Positions of the trick games: ``position`` and ``setup`` for Oh Hell, Maverick, Enfle and
the Whist, Hearts and Spades examples.

The round trip is checked on states taken along random games: the set-up state moves,
scores and shows every seat what the state it came from does, plays on to the end,
serializes and reloads. Each refusal of ``setup`` is checked with a position broken by
hand from a real one; where a check implements a rule, the test names the rule.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from cardrules import games
from cardrules.cards import Card, Suit, cards_of, format_cards, mask_of, parse_cards
from cardrules.core.trickgame import position_reading, positions
from cardrules.errors import ArgumentError, CardrulesError, PositionError, RecordError
from cardrules.games import enfle, maverick, oh_hell
from cardrules.moves import Bid, Play
from cardrules.positions import REST

STATES_PER_GAME = 50


@pytest.fixture(scope="module")
def examples() -> Iterator[dict[str, ModuleType]]:
    """The Whist, Hearts and Spades examples, registered for these tests and removed
    afterwards (so that the other tests see only the games of cardrules)."""
    modules = {name: importlib.import_module(f"examples.{name}") for name in EXAMPLES}
    yield modules
    for name, module in modules.items():
        games.unregister(module.NAME)
        del sys.modules[f"examples.{name}"]


EXAMPLES = ("whist", "hearts", "spades")

#: Each game with short rules (so that a random game ends in a few hundred moves).
CASES: dict[str, tuple[str, dict[str, Any]]] = {
    "oh_hell": ("oh_hell", {"players": 4, "start_hand": 3}),
    "oh_hell_simultaneous": ("oh_hell", {"players": 5, "start_hand": 2, "bidding": "simultaneous"}),
    "maverick": ("maverick", {"max_deals": 2, "target": 20}),
    "maverick_bidding": ("maverick", {"bidding": True, "revoke": "penalty", "max_deals": 1}),
    "maverick_must_trump": ("maverick", {"must_trump": True, "max_deals": 1}),
    "enfle": ("enfle", {"players": 4, "deals": 2}),
    "whist": ("whist", {"target": 1}),
    "hearts": ("hearts", {"target": 26}),
    "spades": ("spades", {"target": 120}),
}


def module_of(name: str, examples: dict[str, ModuleType]) -> Any:
    return {"oh_hell": oh_hell, "maverick": maverick, "enfle": enfle}.get(name) or examples[name]


def states_along(game: Any, rules: Any, rng: random.Random, count: int) -> list[Any]:
    """``count`` states taken along random games (their last states included)."""
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = game.deal(rules, seed=seed)
        seed += 1
        along = [state]
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            along.append(state)
        found += [*rng.sample(along, min(len(along), 12)), along[-1]]
    return found[:count]


def check_same_game(game: Any, state: Any, twin: Any) -> None:
    """``twin`` moves, scores and shows each seat what ``state`` does."""
    assert game.to_move(twin) == game.to_move(state)
    assert game.legal_moves(twin) == game.legal_moves(state)
    assert game.score(twin) == game.score(state)
    assert game.position(twin) == game.position(state)
    for seat in range(state.rules.players):
        assert game.position(game.observe(twin, seat)) == game.position(game.observe(state, seat))


@pytest.mark.parametrize("case", list(CASES))
def test_a_state_set_up_from_its_position_plays_as_the_state_does(
    case: str, examples: dict[str, ModuleType]
) -> None:
    name, options = CASES[case]
    game = module_of(name, examples)
    rules = game.Rules(**options)
    rng = random.Random(case)
    for k, state in enumerate(states_along(game, rules, rng, STATES_PER_GAME)):
        spot = game.position(state)
        twin = game.setup(rules, spot, seed=k)
        check_same_game(game, state, twin)
        assert game.position(game.setup(rules, game.position(twin))) == spot
        assert game.state_from_dict(game.state_to_dict(twin)) == twin
        # The set-up state says so.
        assert game.events(twin)[0].kind == "setup"
        assert str(game.events(twin)[0]) == "set up from a position"
        assert game.moves_played(twin) == () and game.moves_made(twin) == 0
        assert game.origin(twin).position == spot and game.state_to_dict(twin)["position"] == spot
        assert game.origin(state).position is None
        hash(twin)  # a state stays hashable with its position
        if k % 5:
            continue
        # It plays on to the end, and reloads after any move (replayed from the position).
        moves = 0
        while not game.is_over(twin):
            twin = game.apply(twin, rng.choice(game.legal_moves(twin)))
            moves += 1
            if moves % 23 == 1:
                assert game.state_from_dict(game.state_to_dict(twin)) == twin
                seat = rng.randrange(rules.players)
                world = game.sample(game.observe(twin, seat), rng)
                assert game.observe(world, seat) == game.observe(twin, seat)
        assert game.state_from_dict(game.state_to_dict(twin)) == twin
        assert len(game.moves_played(twin)) >= moves and game.origin(twin).position == spot


@pytest.mark.parametrize("case", list(CASES))
def test_a_position_is_plain_data_in_a_fixed_order(
    case: str, examples: dict[str, ModuleType]
) -> None:
    name, options = CASES[case]
    game = module_of(name, examples)
    rules = game.Rules(**options)
    state = states_along(game, rules, random.Random(1), 3)[1]

    def plain(value: object) -> bool:
        if isinstance(value, list):
            return all(plain(item) for item in value)
        return value is None or isinstance(value, (bool, int, str))

    spot = game.position(state)
    assert all(plain(value) for value in spot.values())
    assert list(spot)[:6] == ["phase", "deal_number", "dealer", "totals", "rows", "outcome"]
    assert list(spot) == position_reading._keys(rules.trick_game)
    for key in ("game", "version", "rules", "seed", "chance", "first_deck", "events"):
        assert key not in spot
    for key in ("history", "moves_made", "match", "dealt", "position"):
        assert key not in spot
    for seat in range(rules.players):
        seen = game.position(game.observe(state, seat))
        assert list(seen) == list(spot)
        assert seen["hands"][seat] == spot["hands"][seat] or state.phase.name == "BLIND"
        assert all(isinstance(hand, int) for s, hand in enumerate(seen["hands"]) if s != seat)


def test_the_seed_drives_the_deals_after_the_set_up() -> None:
    rules = oh_hell.Rules(players=3, start_hand=2, schedule="down")
    state = oh_hell.deal(rules, seed=4)
    spot = oh_hell.position(state)

    def next_deal(seed: int) -> Any:
        twin = oh_hell.setup(rules, spot, seed=seed)
        while oh_hell.deal_number(twin) == 0:
            twin = oh_hell.apply(twin, oh_hell.legal_moves(twin)[0])
        return twin.hands

    assert next_deal(7) == next_deal(7)
    assert len({next_deal(seed) for seed in range(6)}) > 1


def test_a_finished_game_keeps_its_outcome() -> None:
    rules = oh_hell.Rules(players=3, start_hand=1, schedule="single")
    state = oh_hell.deal(rules, seed=2)
    while not oh_hell.is_over(state):
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    spot = oh_hell.position(state)
    outcome = oh_hell.score(state).outcome
    assert outcome is not None
    assert spot["outcome"] == [outcome.reason, list(outcome.winners), outcome.draw]
    twin = oh_hell.setup(rules, spot)
    assert oh_hell.is_over(twin) and oh_hell.score(twin) == oh_hell.score(state)


def test_a_state_set_up_from_a_position_refuses_a_history_it_does_not_replay() -> None:
    rules = oh_hell.Rules(players=3, start_hand=3, schedule="single", first_dealer=2)
    twin = oh_hell.setup(rules, oh_hell.position(oh_hell.deal(rules, seed=1)))
    twin = oh_hell.apply(twin, oh_hell.legal_moves(twin)[0])
    data = oh_hell.state_to_dict(twin)
    data["history"] = ["bid 3"]
    with pytest.raises(RecordError, match=r"contradicts its own history|does not replay"):
        oh_hell.state_from_dict(data)
    data = oh_hell.state_to_dict(twin)
    data["position"] = dict(data["position"], leader=2)
    with pytest.raises(RecordError, match="position"):
        oh_hell.state_from_dict(data)


# --------------------------------------------------------------------------- refusals


def oh_hell_in_play() -> tuple[Any, Any, dict[str, Any]]:
    """Oh Hell for four, 3 cards each, seat 3 dealing: every seat has bid 1, and seat 0
    has led (a position with a trick on the table)."""
    rules = oh_hell.Rules(players=4, start_hand=3, schedule="single", first_dealer=3)
    state = oh_hell.deal(rules, seed=5)
    for _ in range(4):
        state = oh_hell.apply(state, Bid(1) if Bid(1) in oh_hell.legal_moves(state) else Bid(0))
    state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    return rules, state, oh_hell.position(state)


def refused(rules: Any, spot: dict[str, Any], pattern: str, game: Any = oh_hell) -> None:
    with pytest.raises(PositionError, match=pattern):
        game.setup(rules, spot)


def test_the_reference_position_sets_up() -> None:
    rules, state, spot = oh_hell_in_play()
    check_same_game(oh_hell, state, oh_hell.setup(rules, spot))


def test_a_card_twice_is_refused_and_named() -> None:
    rules, _, spot = oh_hell_in_play()
    card = spot["hands"][1].split()[0]
    spot["hands"][2] += " " + card
    refused(rules, spot, f"cards in two places: {card}")


def test_a_missing_card_is_refused_and_named() -> None:
    rules, _, spot = oh_hell_in_play()
    card, *rest = spot["hands"][2].split()
    spot["hands"][2] = " ".join(rest)
    refused(rules, spot, f"cards missing: {card}")


def test_a_card_not_in_the_deck_is_refused() -> None:
    """OH-1.2: the 52 cards, no jokers."""
    rules, _, spot = oh_hell_in_play()
    spot["hands"][2] += " BJ"
    refused(rules, spot, "not in this game's deck: BJ")


def test_a_hand_of_the_wrong_size_is_refused() -> None:
    """OH-2.6: each seat is dealt the deal's hand size; a card played leaves one less."""
    rules, _, spot = oh_hell_in_play()
    card, *rest = spot["hands"][1].split()
    spot["hands"][1] = " ".join(rest)
    spot["hands"][2] += " " + card
    refused(
        rules, spot, "seat 1 holds 2 cards; at this point of a deal of 3 cards each it must hold 3"
    )


def test_a_trick_too_long_is_refused() -> None:
    rules, _, spot = oh_hell_in_play()
    for seat in (1, 2, 3):
        card, *rest = spot["hands"][seat].split()
        spot["hands"][seat] = " ".join(rest)
        spot["trick"] += " " + card
    refused(rules, spot, "the trick holds 4 cards: with 4 players a trick is over at 4 cards")


def test_a_deal_with_every_card_played_is_refused() -> None:
    """OH-4.4: the deal ends when every card is played; its position is the next deal's."""
    rules, _, spot = oh_hell_in_play()
    played = " ".join([*spot["hands"], spot["trick"], spot["waste"]]).split()
    spot |= {"hands": ["", "", "", ""], "trick": "", "waste": " ".join(played)}
    spot |= {"tricks_won": [3, 0, 0, 0]}
    refused(rules, spot, "every hand is empty, so the deal is over")


def test_a_first_trick_led_by_the_wrong_seat_is_refused() -> None:
    """OH-4.2: the dealer's left leads the first trick."""
    rules, _, spot = oh_hell_in_play()
    # Seat 0 led; give its card back and make seat 1 the leader of the card.
    card = spot["trick"]
    spot["trick"] = spot["hands"][1].split()[0]
    spot["hands"][1] = " ".join([c for c in spot["hands"][1].split()[1:]] + [card])
    spot["leader"] = 1
    refused(
        rules, spot, "seat 1 cannot lead the first trick of the deal: the dealer's left, seat 0"
    )


def test_a_bid_out_of_range_is_refused() -> None:
    """OH-3.1: a bid is 0 to the hand size."""
    rules, _, spot = oh_hell_in_play()
    spot["bids"][2] = 4
    refused(rules, spot, r"seat 2 bid 4 in a deal of 3 cards \(bids are 0..3\)")
    spot["bids"][2] = 18
    refused(rules, spot, "out of range 0..17")
    spot["bids"][2] = "two"
    refused(rules, spot, "must be a whole number")


def test_a_bid_against_the_hook_is_refused() -> None:
    """OH-3.2: the dealer may not make the bids total the hand size."""
    rules, _, spot = oh_hell_in_play()
    spot["bids"] = [1, 1, 0, 1]
    refused(rules, spot, r"seat 3 could not bid 1 when it did: the dealer may not bid 1.*OH-3.2")


def test_bids_out_of_turn_are_refused() -> None:
    """OH-3.1: the seats bid in turn, clockwise from the dealer's left."""
    rules = oh_hell.Rules(players=4, start_hand=3, schedule="single", first_dealer=3)
    state = oh_hell.apply(oh_hell.deal(rules, seed=5), Bid(1))
    spot = oh_hell.position(state)
    assert spot["phase"] == "bidding" and spot["bids"] == [1, None, None, None]
    spot["bids"] = [None, None, 1, None]
    refused(rules, spot, r"the bids go in turn from the dealer's left \(seat 0\): seat 2 has one")
    spot["bids"] = [1, 1, 1, 0]
    refused(rules, spot, "every seat has bid, so the phase is 'playing', not 'bidding'")
    spot = oh_hell.position(state)
    spot["phase"] = "playing"
    refused(rules, spot, "play starts once every seat has bid: seat 1 has not")


def test_a_play_during_the_bidding_is_refused() -> None:
    rules, _, spot = oh_hell_in_play()
    spot["phase"] = "bidding"
    spot["bids"] = [1, 1, 1, None]
    refused(rules, spot, "no card is played before the play: the phase is 'bidding'")


def test_unknown_and_missing_keys_are_refused() -> None:
    rules, _, spot = oh_hell_in_play()
    refused(rules, {**spot, "turn": 2}, "unknown key 'turn': a position of .* has the keys phase,")
    del spot["trick"]
    refused(rules, spot, "the key 'trick' is missing")


def test_a_views_position_is_refused() -> None:
    rules, state, _ = oh_hell_in_play()
    seen = oh_hell.position(oh_hell.observe(state, 2))
    assert seen["hands"][:2] == [2, 3] and seen["undealt"] == 39
    refused(
        rules, seen, "this position hides seat 0's hand .*: it is a view's; set up a full position"
    )


def test_a_hidden_bid_is_refused() -> None:
    """OH-3.4: simultaneous bids stay hidden until every seat has bid."""
    rules = oh_hell.Rules(players=3, start_hand=2, bidding="simultaneous", first_dealer=0)
    state = oh_hell.apply(oh_hell.deal(rules, seed=1), Bid(1))
    seen = oh_hell.position(oh_hell.observe(state, 2))
    assert seen["bids"] == [None, "hidden", None]
    seen["hands"] = oh_hell.position(state)["hands"]
    seen["undealt"] = oh_hell.position(state)["undealt"]
    refused(rules, seen, "this position hides seat 1's bid")


def test_a_match_that_does_not_add_up_is_refused() -> None:
    """OH-2.5: the deal passes to the left; the totals are the sums of the deals' points."""
    rules = oh_hell.Rules(players=3, start_hand=2, schedule="down", first_dealer=0)
    state = oh_hell.deal(rules, seed=3)
    while oh_hell.deal_number(state) == 0:
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    spot = oh_hell.position(state)
    assert spot["deal_number"] == 1 and spot["dealer"] == 1 and len(spot["rows"]) == 1
    refused(rules, {**spot, "totals": [t + 1 for t in spot["totals"]]}, "are not the sums")
    refused(rules, {**spot, "dealer": 2}, "the deal passes to the left")
    refused(rules, {**spot, "rows": []}, "deal_number 1 needs a row for each finished deal")
    second = [1, 1, [0, 0, 0], spot["rows"][0][3]]
    later = {**spot, "deal_number": 2, "dealer": 2, "rows": [*spot["rows"], second]}
    refused(rules, later, "deal_number 2 is past the match: it has 2 deals")
    refused(rules, {**spot, "totals": [0, 0]}, "must have 3 entries")


def test_a_position_while_dealing_and_other_bad_values_are_refused() -> None:
    rules, _, spot = oh_hell_in_play()
    refused(rules, {**spot, "phase": "dealing"}, "a chance step while dealing")
    refused(rules, {**spot, "phase": "won"}, "field 'phase' must be one of")
    refused(rules, {**spot, "outcome": ["target reached", [0], False]}, "exactly when its phase")
    undealt = spot["undealt"] + " " + spot["trump_card"]
    refused(rules, {**spot, "trump_card": None, "undealt": undealt}, "needs its trump card")
    with pytest.raises(PositionError, match="must be a dict"):
        oh_hell.setup(rules, [spot])
    with pytest.raises(
        ArgumentError, match=r"^setup needs the rules of a trick game \(the game module's Rules"
    ):
        oh_hell.setup("oh_hell(players=4)", spot)
    # The rules say the game: an Oh Hell position is no Maverick position.
    with pytest.raises(PositionError, match="unknown key 'trump_card': a position of Maverick"):
        oh_hell.setup(maverick.Rules(), spot)
    with pytest.raises(CardrulesError):
        oh_hell.setup(rules, spot, seed="1")
    with pytest.raises(ArgumentError):
        oh_hell.position("a state")


def test_maverick_passes_must_be_whole_and_in_turn() -> None:
    """MV-3.1: each seat in turn passes two cards to its left."""
    rules = maverick.Rules(first_dealer=3)
    state = maverick.deal(rules, seed=7)
    state = maverick.apply(state, maverick.legal_moves(state)[0])
    spot = maverick.position(state)
    assert spot["phase"] == "passing" and spot["passed"][0] and not spot["passed"][1]
    maverick.setup(rules, spot)
    broken = dict(spot, passed=["", "", "", ""])
    broken["hands"] = list(spot["hands"])
    broken["hands"][0] += " " + spot["passed"][0]
    maverick.setup(rules, broken)  # nobody has passed yet: a position of its own
    # Seat 1 has passed, but seat 0, before it from the dealer's left, has not.
    second = format_cards(parse_cards(spot["hands"][1])[:2])
    moved = dict(broken, passed=["", second, "", ""])
    moved["hands"] = [broken["hands"][0], format_cards(parse_cards(spot["hands"][1])[2:])]
    moved["hands"] += spot["hands"][2:]
    with pytest.raises(PositionError, match="the passes go in turn from the dealer's left"):
        maverick.setup(rules, moved)
    one = dict(spot, passed=[spot["passed"][0].split()[0], "", "", ""])
    one["hands"] = list(spot["hands"])
    one["hands"][0] += " " + spot["passed"][0].split()[1]
    with pytest.raises(PositionError, match="seat 0 passed 1 cards: a pass is 2 cards"):
        maverick.setup(rules, one)


def test_maverick_rounds_follow_the_rules_and_the_phase() -> None:
    """MV-6.1: the blind declarations are made only with bidding; MV-3.2: play starts once
    every seat has passed."""
    rules = maverick.Rules(first_dealer=3)
    spot = maverick.position(maverick.deal(rules, seed=7))
    with pytest.raises(PositionError, match="phase 'blind' is not played in this deal"):
        maverick.setup(rules, {**spot, "phase": "blind"})
    with pytest.raises(PositionError, match=r"round 'passing' is not over \(0 of 4 made\)"):
        maverick.setup(rules, {**spot, "phase": "playing"})


def test_maverick_face_up_cards_must_fix_the_trumps() -> None:
    """MV-2.3: the higher face-up card's suit is trump."""
    rules = maverick.Rules(first_dealer=3)
    spot = maverick.position(maverick.deal(rules, seed=7))
    other = next(s.plural for s in Suit if s.plural not in (spot["trump"], spot["adder"]))
    with pytest.raises(PositionError, match="do not fix these suits"):
        maverick.setup(rules, {**spot, "trump": other})


def test_maverick_declarations_in_turn_and_allowed() -> None:
    """MV-6.1: the first seat of each partnership from the dealer's left declares for it;
    MV-6.5: one bid per partnership."""
    rules = maverick.Rules(first_dealer=3, bidding=True, max_deals=1)
    state = maverick.deal(rules, seed=2)
    state = maverick.apply(state, maverick.BLIND)
    spot = maverick.position(state)
    assert spot["phase"] == "blind" and spot["blinds"] == [True, None]
    maverick.setup(rules, spot)
    with pytest.raises(PositionError, match=r"the blinds .* go in turn from the dealer's left"):
        maverick.setup(rules, {**spot, "blinds": [None, True]})
    while maverick.to_move(state) is not None and state.phase.name != "PLAYING":
        state = maverick.apply(state, maverick.legal_moves(state)[-1])
    spot = maverick.position(state)
    assert spot["blinds"] == [True, False]
    with pytest.raises(PositionError, match="could not declare 'zero'"):
        maverick.setup(rules, {**spot, "bids": ["zero", "no bid", "no bid", "no bid"]})


def test_hearts_first_trick_is_led_with_the_two_of_clubs(
    examples: dict[str, ModuleType],
) -> None:
    """HE-3: the holder of the two of clubs leads it to the first trick."""
    hearts = examples["hearts"]
    rules = hearts.Rules(first_dealer=3)
    state = hearts.deal(rules, seed=4)
    while state.phase.name != "PLAYING":
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    spot = hearts.position(state)
    holder = next(s for s, hand in enumerate(spot["hands"]) if "2C" in hand.split())
    assert spot["leader"] == holder and spot["trick"] == ""
    twin = hearts.setup(rules, spot)
    assert hearts.legal_moves(twin) == (Play(Card("2C")),)
    other = (holder + 1) % 4
    refused(rules, {**spot, "leader": other}, f"the holder of 2C, seat {holder}, leads it", hearts)
    led = spot["hands"][other].split()[0]
    moved = dict(spot, leader=other, trick=led)
    moved["hands"] = list(spot["hands"])
    moved["hands"][other] = " ".join(spot["hands"][other].split()[1:])
    refused(rules, moved, f"the first trick of a deal is led with 2C, not {led}", hearts)


def test_spades_trumps_are_spades(examples: dict[str, ModuleType]) -> None:
    """SP-4.1: spades are always trumps."""
    spades = examples["spades"]
    rules = spades.Rules(first_dealer=0)
    spot = spades.position(spades.deal(rules, seed=1))
    assert spot["trump"] == "spades"
    refused(rules, {**spot, "trump": "hearts"}, "the trump suit of deal 0 is spades", spades)


def test_whist_dealers_trump_card_stays_known(examples: dict[str, ModuleType]) -> None:
    """The dealer's last card is turned for trump and stays in his hand, known to all:
    a set-up deal says so in its log, so that sampling keeps it there."""
    whist = examples["whist"]
    rules = whist.Rules(first_dealer=1)
    state = whist.deal(rules, seed=3)
    twin = whist.setup(rules, whist.position(state))
    trump = state.trump_card
    assert [e.kind for e in whist.events(twin)] == ["setup", "trump"]
    assert twin.known == state.known and twin.known[1] == trump.bit
    rng = random.Random(2)
    for _ in range(10):
        world = whist.sample(whist.observe(twin, 0), rng)
        assert world.hands[1] & trump.bit


def test_enfle_knowledge_is_part_of_the_position() -> None:
    """EN-3.4: a seat that cannot follow picks the trick up: it is then known to hold
    those cards and to lack the suit led, and its view shows it."""
    rules = enfle.Rules(players=4, first_dealer=3)
    rng = random.Random(5)
    state = enfle.deal(rules, seed=1)
    while not any(state.known) and not enfle.is_over(state):
        state = enfle.apply(state, rng.choice(enfle.legal_moves(state)))
    spot = enfle.position(state)
    assert any(spot["known"]) and any(spot["voids"])
    twin = enfle.setup(rules, spot)
    assert (twin.known, twin.voids) == (state.known, state.voids)
    seat = next(s for s, cards in enumerate(spot["known"]) if cards)
    lacked = spot["voids"][seat].split()[0]
    clash = dict(spot, voids=list(spot["voids"]))
    owned = [c for c in parse_cards(spot["hands"][seat]) if c.suit is not None]
    suit = next(c.suit for c in owned if c.bit & ~mask_of(parse_cards(spot["known"][seat])))
    assert suit is not None
    clash["voids"][seat] = f"{lacked} {suit.plural}"
    with pytest.raises(PositionError, match=f"seat {seat} is known to lack .*{suit.plural}"):
        enfle.setup(rules, clash)
    wrong = dict(spot, known=list(spot["known"]))
    wrong["known"][(seat + 1) % 4] = spot["known"][seat]
    with pytest.raises(PositionError, match=r"is known to hold .* but does not"):
        enfle.setup(rules, wrong)


def test_enfle_trick_must_follow_the_led_suit() -> None:
    """EN-3.2: every card of a trick follows the led suit (a seat that cannot picks it up)."""
    rules = enfle.Rules(players=4, first_dealer=3)
    spot = enfle.position(enfle.deal(rules, seed=1))
    hands = [parse_cards(hand) for hand in spot["hands"]]
    lead = hands[0][0]
    other = next(c for c in hands[1] if c.suit is not lead.suit)
    broken = dict(spot, trick=f"{lead} {other}")
    broken["hands"] = [format_cards([c for c in hand if c not in (lead, other)]) for hand in hands]
    with pytest.raises(PositionError, match="every card of a trick follows the led suit"):
        enfle.setup(rules, broken)


def test_lacks_text_round_trips() -> None:
    from cardrules.core.tricks import SUIT_MASKS

    reader = positions.PositionReader({}, "x", "1")
    for mask in (0, SUIT_MASKS[Suit.HEARTS], SUIT_MASKS[Suit.CLUBS] | Card("BJ").bit):
        text = positions.lacks_text(mask)
        assert position_reading._read_lacks(reader, text, "voids[0]") == mask
    assert cards_of(position_reading._read_lacks(reader, "QS", "voids[0]")) == (Card("QS"),)
    with pytest.raises(PositionError, match=r"voids\[0\]"):
        position_reading._read_lacks(reader, "hearts ZZ", "voids[0]")


def set_up_or_refused(game: Any, rules: Any, spot: dict[str, Any]) -> object:
    """The position of the state set up from ``spot``, or the refusal's message."""
    try:
        return game.position(game.setup(rules, spot))
    except PositionError as error:
        return str(error)


def in_deck_order(value: object, deck: tuple[Card, ...]) -> object:
    """A field's cards in the deck's order (the order ``"*"`` gives them)."""
    if not isinstance(value, str):
        return value
    return format_cards(sorted(parse_cards(value), key=deck.index))


@pytest.mark.parametrize("case", list(CASES))
def test_a_place_of_cards_written_star_holds_the_rest_of_the_deck(
    case: str, examples: dict[str, ModuleType]
) -> None:
    """Each field that is a place of cards (the undealt cards, the trick, the finished
    tricks, a turned-up trump card, the face-up cards), written "*", holds the cards of
    the deck that the others and the hands (and a pass not yet exchanged) do not: the
    same state, its cards in the deck's order."""
    name, options = CASES[case]
    game = module_of(name, examples)
    rules = game.Rules(**options)
    deck = game.deck_of(rules)
    keys = position_reading._card_keys(rules.trick_game)
    same = 0
    for state in states_along(game, rules, random.Random(case), 12):
        spot = game.position(state)
        for key in keys:
            typed = set_up_or_refused(game, rules, {**spot, key: REST})
            ordered = in_deck_order(spot[key], deck)
            assert typed == set_up_or_refused(game, rules, {**spot, key: ordered}), key
            if ordered == spot[key]:
                assert typed == spot, key
                same += 1
    assert same >= 12 * len(keys) // 2


@pytest.mark.parametrize("case", ["maverick", "enfle", "hearts", "whist"])
def test_no_other_field_may_be_star(case: str, examples: dict[str, ModuleType]) -> None:
    """A field that notes what is known of cards lying elsewhere (Maverick's and Hearts'
    passes once exchanged, Enfle's known cards and voids, Whist's trump card in the
    dealer's hand), a hand, any other field and two fields at once cannot be "*"; the
    refusal names the fields that may."""
    name, options = CASES[case]
    game = module_of(name, examples)
    rules = game.Rules(**options)
    keys = position_reading._card_keys(rules.trick_game)
    allowed = f"one of the fields {', '.join(keys)} may be '\\*'"
    refusal = "field '{}' cannot be '\\*' .*" + allowed
    for state in states_along(game, rules, random.Random(case), 3):
        spot = game.position(state)
        for key in spot:
            if key not in keys:
                with pytest.raises(PositionError, match=refusal.format(key)):
                    game.setup(rules, {**spot, key: REST})
        hands = [REST, *spot["hands"][1:]]
        with pytest.raises(PositionError, match="field 'hands' cannot be '\\*' or hold it"):
            game.setup(rules, {**spot, "hands": hands})
        with pytest.raises(PositionError, match=f"'trick', '{keys[-1]}' are all '\\*'"):
            game.setup(rules, {**spot, "trick": REST, keys[-1]: REST})
