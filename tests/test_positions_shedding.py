"""Positions of the shedding engine's games: ``position`` and ``setup``.

For states taken along random games of Mau-Mau, standard Mau Mau, Strafpoint and
the Crazy Eights example, the state set up from a state's position plays like it
(same seat to move, legal moves, score, position and views), plays on to the end,
and serializes. Then each check of ``setup`` refuses a position broken in one way,
with a message naming the problem; the checks that implement a rule name it.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from collections.abc import Iterator
from types import ModuleType, SimpleNamespace
from typing import Any

import attrs
import pytest

from cardrules import games, testing
from cardrules.cards import Card, format_cards, parse_cards
from cardrules.core import shedding
from cardrules.core.shedding.positions import CARD_KEYS
from cardrules.errors import ArgumentError, PositionError, RecordError
from cardrules.game import Event
from cardrules.games import mau_mau, mau_mau_standard, oh_hell, strafpoint
from cardrules.positions import REST
from tests.test_shedding import StandardLike

EIGHTS: ModuleType = importlib.import_module("examples.crazy_eights")
# Importing the example registers it; the tests parametrised over the registered games
# must not meet it (see tests/conftest.py), and these tests call it directly.
if EIGHTS.NAME in games.names():
    games.unregister(EIGHTS.NAME)


def _finish_deal(state: shedding.State) -> shedding.DealEnd:
    match = state.match.finish_deal(tuple(int(not hand) for hand in state.hands), ())
    return shedding.DealEnd(state, match, Event("scored", text="scored"), None)


@attrs.frozen(slots=True, kw_only=True)
class Table(StandardLike):
    """The test table of the shedding engine's tests (nines reverse, aces skip, stacking
    sevens, a wild jack that must call), in a class of its own: describing a game sets
    the class's game, and the engine's tests describe another on ``StandardLike``."""


#: The test table as a game of two deals, installed as a game module would be.
_STANDARD_LIKE = shedding.StopsGame(
    name="standard_like",
    title="Standard-like",
    version="1",
    rules_class=Table,
    numbers=shedding.MoveNumbers(4),
    finish_deal=_finish_deal,
    deals=lambda rules: 2,
)
STANDARD_LIKE = SimpleNamespace()
shedding.install(_STANDARD_LIKE, vars(STANDARD_LIKE))

#: Each game with rule sets that between them use its options (multi-deal matches,
#: penalties, restocks and none, reversing and skipping cards, stacking, calls).
CASES: dict[str, tuple[Any, tuple[Any, ...]]] = {
    "mau_mau": (
        mau_mau,
        (
            mau_mau.Rules(target=150),
            mau_mau.PRESETS["penalty"],
            mau_mau.PRESETS["penalty_to_opponent"],
            mau_mau.PRESETS["variants"],
            mau_mau.PRESETS["no_restock"],
        ),
    ),
    "mau_mau_standard": (
        mau_mau_standard,
        (
            mau_mau_standard.PRESETS["single"],
            mau_mau_standard.PRESETS["special_starters"],
            mau_mau_standard.PRESETS["site_options"],
            mau_mau_standard.PRESETS["parlett_mau_call"],
            mau_mau_standard.PRESETS["variants"],
        ),
    ),
    "strafpoint": (
        strafpoint,
        (strafpoint.Rules(limit=40, max_moves=400), strafpoint.PRESETS["long_two_players"]),
    ),
    "crazy_eights": (EIGHTS, (EIGHTS.Rules(), EIGHTS.Rules(players=4))),
    "standard_like": (
        STANDARD_LIKE,
        (
            Table(),
            Table(players=4, jack_on_jack=True, restock=False, announce_on="last_card"),
        ),
    ),
}
STATES_PER_GAME = 50


def sampled_states(game: Any, rules_list: tuple[Any, ...], seed: int) -> Iterator[Any]:
    """About :data:`STATES_PER_GAME` states along random games, with their rules: a
    few at random moves of each game, the rarer ones (cards owed, passes, a penalty
    charged, an unannounced last card) often when they occur,
    and each game's end."""
    rng = random.Random(seed)
    taken = played = 0
    while taken < STATES_PER_GAME:
        rules = rules_list[played % len(rules_list)]
        played += 1
        state = game.deal(rules, seed=rng.getrandbits(32))
        picks = set(rng.sample(range(300), 6))
        step = 0
        while not game.is_over(state):
            rare = state.pending or state.passes or state.charged is not None or state.unannounced
            if (step in picks or (rare and rng.random() < 0.5)) and taken < STATES_PER_GAME:
                taken += 1
                yield rules, state
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            step += 1
        taken += 1
        yield rules, state


def same_play(game: Any, state: Any, other: Any) -> None:
    """``other`` plays as ``state`` does: to move, legal moves, score, position, views."""
    assert game.to_move(other) == game.to_move(state)
    assert game.legal_moves(other) == game.legal_moves(state)
    assert game.score(other) == game.score(state)
    assert game.position(other) == game.position(state)
    for seat in range(game.players(state.rules)):
        assert game.position(game.observe(other, seat)) == game.position(game.observe(state, seat))


def reloads(game: Any, state: Any) -> None:
    data = json.loads(json.dumps(game.state_to_dict(state)))
    assert game.state_from_dict(data) == state


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_state_set_up_from_a_position_plays_like_the_state(name: str) -> None:
    game, rules_list = CASES[name]
    rng = random.Random(11)
    for number, (rules, state) in enumerate(sampled_states(game, rules_list, seed=len(name))):
        position = game.position(state)
        assert list(position) == list(game.position(game.observe(state, 0)))
        assert json.loads(json.dumps(position)) == position
        assert not any(isinstance(value, dict) for value in position.values())
        set_up = game.setup(rules, position, seed=number)
        same_play(game, state, set_up)
        assert game.position(set_up) == position
        assert game.origin(set_up).position == position
        assert game.moves_made(set_up) == 0 and game.moves_played(set_up) == ()
        assert [event.kind for event in game.events(set_up)] == ["setup"]
        reloads(game, set_up)
        # It plays on to the end, serializes after moves, and its views sample.
        moves = 0
        while not game.is_over(set_up):
            set_up = game.apply(set_up, rng.choice(game.legal_moves(set_up)))
            moves += 1
            if moves in (1, 7):
                reloads(game, set_up)
                seat = rng.randrange(game.players(rules))
                testing.check_views(game, set_up, rules, seat, rng)
        assert game.origin(set_up).position == position
        assert len(game.moves_played(set_up)) >= game.moves_made(set_up) == moves
        reloads(game, set_up)


def test_a_set_up_state_replays_from_its_position() -> None:
    """A loaded set-up state must be the replay of its history from its position."""
    state = mau_mau.deal(mau_mau.Rules(), seed=4)
    set_up = mau_mau.setup(mau_mau.Rules(), mau_mau.position(state), seed=9)
    after = mau_mau.apply(set_up, mau_mau.legal_moves(set_up)[0])
    data = mau_mau.state_to_dict(after)
    assert data["position"] == mau_mau.position(state)
    assert mau_mau.state_from_dict(data) == after
    # The seed drives the shuffles after the set-up: another seed is another state.
    tampered = copy.deepcopy(data) | {"seed": 10}
    assert mau_mau.state_from_dict(tampered).seed == 10  # nothing shuffled yet: replays
    moved = copy.deepcopy(data)
    moved["position"]["turn"] = 1 - moved["position"]["turn"]
    with pytest.raises(RecordError, match="history"):
        mau_mau.state_from_dict(moved)
    broken = copy.deepcopy(data)
    broken["position"]["pending"] = 3
    with pytest.raises(RecordError, match=r"field 'position'.*pending=3"):
        mau_mau.state_from_dict(broken)


def test_the_seed_of_a_set_up_state_drives_its_restocks() -> None:
    """MM-4.4: the discard pile is shuffled into a new stock, from the set-up's seed."""
    state = mau_mau.deal(mau_mau.Rules(target=None), seed=1)
    position = mau_mau.position(state)
    pile = parse_cards(position["stock"])[1:] + parse_cards(position["discard_pile"])
    position["discard_pile"] = format_cards(sorted(pile))
    position["stock"] = position["stock"].split()[0]
    stocks = set()
    for seed in range(4):
        set_up = mau_mau.setup(mau_mau.Rules(target=None), position, seed=seed)
        while "restock" not in [event.kind for event in mau_mau.events(set_up)]:
            set_up = mau_mau.apply(set_up, mau_mau.legal_moves(set_up)[-1])
        stocks.add(set_up.stock)
    assert len(stocks) > 1


def test_a_set_up_state_samples_after_a_restock() -> None:
    """MM-4.4, MMS-2.3: the restocked stock holds the set-up's discard pile too, and the
    sampler reads the pile from the set-up event, as it reads a deal's from its plays."""
    for game, rules in (
        (mau_mau, mau_mau.Rules(target=None)),
        (mau_mau_standard, mau_mau_standard.PRESETS["single"]),
    ):
        rng = random.Random(5)
        state = game.deal(rules, seed=8)
        for _ in range(12):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        position = game.position(state)
        stock = parse_cards(position["stock"])
        position["stock"] = format_cards(stock[:2])
        position["discard_pile"] = format_cards(
            sorted([*parse_cards(position["discard_pile"]), *stock[2:]])
        )
        set_up = game.setup(rules, position, seed=1)
        checked = 0
        while not game.is_over(set_up) and checked < 12:
            set_up = game.apply(set_up, rng.choice(game.legal_moves(set_up)))
            if set_up.restocks:
                checked += 1
                for seat in range(game.players(rules)):
                    testing.check_views(game, set_up, rules, seat, rng)
        assert checked


# --------------------------------------------------------------------------- the checks


def base(game: ModuleType = mau_mau, rules: Any = None, seed: int = 3) -> dict[str, Any]:
    """A position at the start of a deal (seat to move holds his dealt hand)."""
    rules = rules if rules is not None else game.Rules(target=None)
    position: dict[str, Any] = game.position(game.deal(rules, seed=seed))
    return position


def refused(position: dict[str, Any], pattern: str, game: ModuleType = mau_mau, **kw: Any) -> None:
    rules = kw.pop("rules", None) or game.Rules(target=None)
    with pytest.raises(PositionError, match=pattern):
        game.setup(rules, position, **kw)


def move_card(position: dict[str, Any], card: str, to_hand: int | None = None) -> None:
    """Take ``card`` from a hand, the stock or buried and put it in a hand (or on the
    discard pile)."""
    position["buried"] = format_cards(c for c in parse_cards(position["buried"]) if c.text != card)
    for seat, hand in enumerate(position["hands"]):
        position["hands"][seat] = format_cards(c for c in parse_cards(hand) if c.text != card)
    position["stock"] = format_cards(c for c in parse_cards(position["stock"]) if c.text != card)
    pile = [c for c in parse_cards(position["discard_pile"]) if c.text != card]
    if to_hand is None:
        pile.append(Card(card))
    else:
        hand = [*parse_cards(position["hands"][to_hand]), Card(card)]
        position["hands"][to_hand] = format_cards(sorted(hand))
    position["discard_pile"] = format_cards(sorted(pile))


def with_upcard(position: dict[str, Any], card: str) -> dict[str, Any]:
    """The position with ``card`` as the upcard (the old upcard on the pile)."""
    old = position["upcard"]
    move_card(position, card)
    pile = [c for c in parse_cards(position["discard_pile"]) if c.text != card]
    position["discard_pile"] = format_cards(sorted([*pile, Card(old)]))
    position["upcard"] = card
    return position


def test_a_position_must_be_a_dict_with_exactly_the_keys() -> None:
    with pytest.raises(PositionError, match="a position is a dict"):
        mau_mau.setup(mau_mau.Rules(), "phase=playing")
    refused(base() | {"trump": None}, "unknown key 'trump'")
    position = base()
    del position["turn"], position["stock"]
    refused(position, "missing keys stock, turn")


def test_the_rules_and_seed_are_checked() -> None:
    with pytest.raises(ArgumentError, match="rules of a Stops game"):
        mau_mau.setup(object(), base())
    with pytest.raises(ArgumentError, match="rules of a Stops game"):
        mau_mau.setup(oh_hell.Rules(), base())
    # The rules say the game: Strafpoint's rules set up a Strafpoint position (4 seats).
    refused(base(), "field 'hands' must have 4 entries", rules=strafpoint.Rules())
    with pytest.raises(ArgumentError, match="seed"):
        mau_mau.setup(mau_mau.Rules(target=None), base(), seed="1")


def test_a_views_position_is_refused_as_hiding_cards() -> None:
    state = mau_mau.deal(mau_mau.Rules(target=None), seed=3)
    view = mau_mau.position(mau_mau.observe(state, 0))
    refused(view, "hides seat 1's hand \\(7 cards\\); set up a full position")
    view["hands"][1] = mau_mau.position(state)["hands"][1]
    refused(view, "hides the stock \\(37 cards\\)")
    standard = mau_mau_standard.PRESETS["single"]
    state = mau_mau_standard.deal(standard, seed=1)
    while state.drawn is None:
        state = mau_mau_standard.apply(state, mau_mau_standard.legal_moves(state)[-1])
    other = (state.turn + 1) % 4
    position = mau_mau_standard.position(state)
    position["drawn"] = mau_mau_standard.position(mau_mau_standard.observe(state, other))["drawn"]
    assert position["drawn"] == 1
    refused(position, f"hides the card seat {state.turn} drew", mau_mau_standard, rules=standard)


def test_a_position_is_in_play_or_over() -> None:
    refused(base() | {"phase": "drawing"}, "phase 'drawing' .* cannot be set up")
    refused(base() | {"phase": "bidding"}, "'phase' must be 'playing' or 'over'")
    refused(base() | {"outcome": ["blocked", [0], False]}, "outcome exactly when .* 'over'")
    refused(base() | {"phase": "over"}, "outcome exactly when")
    refused(base() | {"phase": "over", "outcome": ["won", [0], False]}, "reason must be one of")
    refused(base() | {"phase": "over", "outcome": ["blocked", [0, 0], True]}, "winner twice")


def test_a_position_of_explicit_chance_sets_up_in_play_only() -> None:
    """A deal in play under explicit chance sets up (seeded from then on); a chance step
    (a card being dealt or drawn) does not."""
    rules = mau_mau_standard.PRESETS["single"]
    rng = random.Random(3)
    state = mau_mau_standard.deal(rules, seed=2, chance="explicit")
    refused(
        mau_mau_standard.position(state), "phase 'choose_dealer'", mau_mau_standard, rules=rules
    )
    kinds = set()
    while not mau_mau_standard.is_over(state):
        position = mau_mau_standard.position(state)
        if position["phase"] == "playing":
            set_up = mau_mau_standard.setup(rules, position)
            assert mau_mau_standard.legal_moves(set_up) == mau_mau_standard.legal_moves(state)
        else:
            refused(position, f"phase '{position['phase']}'", mau_mau_standard, rules=rules)
        kinds.add(position["phase"])
        state = mau_mau_standard.apply(state, rng.choice(mau_mau_standard.legal_moves(state)))
    assert kinds == {"choose_dealer", "dealing", "playing", "drawing"}
    assert mau_mau_standard.setup(rules, mau_mau_standard.position(state)).outcome == state.outcome


def test_an_over_position_sets_up_a_finished_game() -> None:
    position = base() | {"phase": "over", "outcome": ["truncated", [], False]}
    state = mau_mau.setup(mau_mau.Rules(target=None), position)
    assert mau_mau.is_over(state) and mau_mau.legal_moves(state) == ()
    assert mau_mau.to_move(state) is None and mau_mau.position(state) == position


def test_every_card_of_the_deck_is_in_one_place() -> None:
    """MM-1.1: the 52 cards, each once."""
    position = base()
    card = position["hands"][0].split()[0]
    position["hands"][1] += " " + card
    refused(position, f"cards in two places: {card}")
    position = base()
    position["stock"] = " ".join(position["stock"].split()[1:])
    refused(position, "cards missing: ")
    position = base(mau_mau_standard, mau_mau_standard.PRESETS["parlett_mau_call"])
    position["stock"] += " 2C"  # the 32-card deck (MMS-1.2) has no 2
    refused(
        position,
        "not in this game's deck: 2C",
        mau_mau_standard,
        rules=mau_mau_standard.PRESETS["parlett_mau_call"],
    )


def test_a_deal_in_play_has_every_hand_holding_a_card() -> None:
    """MM-7.1: a player who plays his last card ends the deal."""
    position = base()
    for card in position["hands"][1].split():
        move_card(position, card)
    refused(position, "seat 1 holds no card, but the deal is in play")


def test_before_the_first_play_every_hand_holds_the_cards_dealt() -> None:
    """MM-2.2: seven cards each; a hand only grows by drawing until someone plays."""
    position = base()
    card = position["hands"][1].split()[0]
    position["hands"][1] = " ".join(position["hands"][1].split()[1:])
    refused(position | {"stock": f"{card} {position['stock']}"}, "seat 1 holds 6 cards, but nob")
    move_card(position, card)  # on the pile: it has been played
    assert mau_mau.setup(mau_mau.Rules(target=None), position)


def test_dealing_fields_are_those_of_a_finished_deal() -> None:
    refused(base() | {"dealt": 13}, "dealt=13: a deal in play has dealt all 14 cards")
    refused(base() | {"owed": 2}, "owed and after are 0")
    refused(base() | {"turn": 2}, "turn=2 is out of range 0..1")
    refused(base() | {"direction": 0}, "'direction' must be 1 or -1")


def test_cards_owed_need_a_drawing_upcard_that_can_be_answered() -> None:
    """MM-5.1, MM-5.2: a 7 or 8 is drawn for at once; MMS-3.1: sevens stack."""
    refused(with_upcard(base(), "5H") | {"pending": 1}, "upcard 5H makes no one draw")
    refused(with_upcard(base(), "7H") | {"pending": 1}, "drawn at once at the start of the turn")
    rules = mau_mau_standard.PRESETS["single"]
    position = with_upcard(base(mau_mau_standard, rules), "7H")
    turn = position["turn"]
    move_card(position, "7C", to_hand=turn)
    kw: dict[str, Any] = {"game": mau_mau_standard, "rules": rules}
    assert mau_mau_standard.setup(rules, position | {"pending": 2}).pending == 2
    refused(position | {"pending": 3}, "each 7 played in a row adds 2 cards owed", **kw)
    refused(position | {"pending": 4}, "the discard pile hold 1 7$", **kw)
    move_card(position, "7D")
    assert mau_mau_standard.setup(rules, position | {"pending": 4}).pending == 4
    move_card(position, "7C")
    refused(position | {"pending": 2}, f"seat {turn} owes 2 cards and holds no 7", **kw)
    refused(position | {"pending": 2, "drawn": "7D"}, "drawn card 7D is not in the hand", **kw)


def test_sevens_owed_across_a_reshuffle_on_a_missed_last_card_call_mms_4_3() -> None:
    """MMS-4.3, MMS-2.3, MMS-3.1: a last seven played without its call draws the penalty
    and plays on; the draw reshuffles the discard pile, the first seven with it, into the
    stock, and the next player owes four with one seven on the table."""
    rules = mau_mau_standard.Rules(
        players=3, deck32=True, mau_call="last_card", mau_penalty_cards=1, first_dealer=2
    )
    hands = tuple(parse_cards(text) for text in ("7C AC", "7S", "7D 9D"))
    held = Card("9C").bit
    for hand in hands:
        held |= sum(card.bit for card in hand)
    rest = sum(card.bit for card in mau_mau_standard.deck_of(rules) if not card.bit & held)
    state = mau_mau_standard.deal(rules, seed=0)._replace(
        hands=tuple(sum(card.bit for card in hand) for hand in hands),
        upcard=Card("9C"),
        stock=(),
        pile=rest,
        turn=0,
        called=None,
        free=False,
        pending=0,
        direction=1,
    )
    for text in ("play 7C", "play 7S"):
        state = mau_mau_standard.apply(state, mau_mau_standard.parse_move(state, text))
    assert (state.pending, state.pile, state.restocks, state.turn) == (4, 0, 1, 2)
    assert mau_mau_standard.setup(rules, mau_mau_standard.position(state)).pending == 4
    testing.check_position(mau_mau_standard, rules, state, seed=0)


def test_a_called_suit_or_free_play_needs_a_calling_upcard() -> None:
    """MM-5.3: a jack may call a suit, not its own; MM-5.4: a jack without a call
    frees the next play; MMS-3.5: the standard jack must call."""
    refused(with_upcard(base(), "5H") | {"called": "spades"}, "upcard 5H calls no suit")
    refused(with_upcard(base(), "JH") | {"called": "hearts"}, "cannot call its own suit")
    assert (
        mau_mau.setup(
            mau_mau.Rules(target=None), with_upcard(base(), "JH") | {"called": "spades"}
        ).called
        is not None
    )
    refused(with_upcard(base(), "5H") | {"free": True}, "free=true .* needs a calling upcard")
    refused(
        with_upcard(base(), "JH") | {"free": True, "called": "spades"},
        "named no suit, not JH with spades called",
    )
    assert mau_mau.setup(mau_mau.Rules(target=None), with_upcard(base(), "JH") | {"free": True})
    rules = mau_mau_standard.PRESETS["single"]
    position = with_upcard(base(mau_mau_standard, rules), "JH") | {"free": True}
    refused(position, "a calling card must name a suit", mau_mau_standard, rules=rules)
    # Crazy Eights: the eight calls (its own suit too), a jack does not.
    eights = EIGHTS.Rules()
    position = with_upcard(base(EIGHTS, eights), "8H") | {"called": "hearts"}
    assert EIGHTS.setup(eights, position).called is not None
    refused(
        with_upcard(base(EIGHTS, eights), "JH") | {"called": "clubs"},
        "calls no suit",
        EIGHTS,
        rules=eights,
    )


def test_the_direction_turns_only_with_a_reversing_card() -> None:
    """MMS-3.3: nines reverse (an option); with two players a reverse is a skip."""
    refused(base() | {"direction": -1}, "no card reverses the direction")
    plain = mau_mau_standard.PRESETS["single"]
    refused(
        base(mau_mau_standard, plain) | {"direction": -1},
        "no card reverses",
        mau_mau_standard,
        rules=plain,
    )
    nines = mau_mau_standard.PRESETS["special_starters"]
    position = base(mau_mau_standard, nines) | {"direction": -1}
    assert mau_mau_standard.setup(nines, position).direction == -1


def test_a_drawn_card_only_under_the_draw_once_rule() -> None:
    """MM-4.1: Mau-Mau draws until able to play; MMS-2.2: the standard game draws once."""
    position = base()
    card = position["hands"][position["turn"]].split()[0]
    refused(position | {"drawn": card}, "draws until he can play")
    rules = mau_mau_standard.PRESETS["single"]
    position = base(mau_mau_standard, rules)
    card = position["hands"][position["turn"]].split()[0]
    assert mau_mau_standard.setup(rules, position | {"drawn": card}).drawn == Card(card)
    other = position["hands"][(position["turn"] + 1) % 4].split()[0]
    refused(
        position | {"drawn": other},
        f"drawn card {other} is not in the hand",
        mau_mau_standard,
        rules=rules,
    )


def test_passes_only_when_no_card_can_be_drawn() -> None:
    """MM-4.4: a player who can neither play nor draw passes; all pass, the deal is blocked."""
    refused(base() | {"passes": 1}, "passes=1, but a card can be drawn")
    refused(base() | {"passes": 2}, "every player has passed the deal is blocked")
    rules = mau_mau.PRESETS["no_restock"]
    position = with_upcard(base(rules=rules), "5H")
    for card in (*position["stock"].split(), *position["buried"].split()):
        move_card(position, card)
    move_card(position, "6H", to_hand=position["turn"])
    assert mau_mau.setup(rules, position | {"passes": 1}).passes == 1


def test_a_seat_on_turn_that_cannot_move_is_refused() -> None:
    """MM-4.4: he would have passed."""
    rules = mau_mau.PRESETS["no_restock"]
    position = with_upcard(base(rules=rules), "5H")
    turn = position["turn"]
    for card in (*position["stock"].split(), *position["buried"].split()):
        move_card(position, card)
    for card in position["hands"][turn].split():
        move_card(position, card, to_hand=1 - turn)
    move_card(position, "2S", to_hand=turn)
    position = with_upcard(position, "4D")
    refused(position, f"seat {turn} can neither play nor draw", rules=rules)


def test_the_drawing_penalty_needs_its_rule() -> None:
    """MM-4.2: the 50-point rule, 50 points at a time, off the offender or to the others."""
    refused(base() | {"charged": 0}, "these rules have no drawing penalty")
    refused(base() | {"penalties": [0, 50]}, "penalties\\[1\\]=50: these rules have no")
    rules = mau_mau.PRESETS["penalty"]
    assert mau_mau.setup(rules, base(rules=rules) | {"penalties": [-50, 0], "charged": 0})
    refused(base(rules=rules) | {"penalties": [50, 0]}, "counts -50 points at a time", rules=rules)
    refused(base(rules=rules) | {"penalties": [-20, 0]}, "penalties\\[0\\]=-20", rules=rules)
    opponent = mau_mau.PRESETS["penalty_to_opponent"]
    refused(base(rules=opponent) | {"penalties": [-50, 0]}, "counts 50 points", rules=opponent)


def test_restocks_and_buried_starters_need_their_rules() -> None:
    """MM-4.4 (restock), MM-2.3 (special starters: bury_special_starter)."""
    rules = mau_mau.PRESETS["no_restock"]
    refused(base(rules=rules) | {"restocks": 1}, "never restock", rules=rules)
    position = base()
    stock = position["stock"].split()
    position["stock"], position["buried"] = " ".join(stock[1:]), stock[0]
    refused(position, f"{stock[0]} is buried under the stock")


def test_an_unannounced_last_card_is_held_by_a_seat_not_on_turn() -> None:
    """MM-6.2: the one-card penalty; MMS-4.3: "Mau" on the last card is checked on going out."""
    position = base()
    off = 1 - position["turn"]
    refused(position | {"unannounced": [off]}, f"seat {off} .* holds 7 cards")
    for card in position["hands"][off].split()[1:]:
        move_card(position, card)
    assert mau_mau.setup(mau_mau.Rules(target=None), position | {"unannounced": [off]})
    for card in position["hands"][1 - off].split()[1:]:
        move_card(position, card)
    refused(position | {"unannounced": [1 - off]}, "on turn with an unannounced last card")
    rules = mau_mau_standard.PRESETS["parlett_mau_call"]
    refused(
        base(mau_mau_standard, rules) | {"unannounced": [0]},
        "no such penalty",
        mau_mau_standard,
        rules=rules,
    )
    refused(
        base(EIGHTS, EIGHTS.Rules()) | {"unannounced": [0]},
        "no such penalty",
        EIGHTS,
        rules=EIGHTS.Rules(),
    )


def test_what_draws_showed_agrees_with_the_hands() -> None:
    position = base()
    seat = position["turn"]
    held = position["hands"][seat].split()[0]
    refused(
        position | {"absent": [held, ""] if seat == 0 else ["", held], "allowance": [0, 0]},
        f"seat {seat} holds 1 card of absent\\[{seat}\\] \\({held}\\)",
    )
    refused(position | {"allowance": [1, 0]}, "allowance\\[0\\]=1 is more than the 0 cards")


def test_the_match_is_its_rows() -> None:
    """MM-7.3: the game to 500 over deals; MM-2.1: the first dealer the rules name."""
    rules = mau_mau.Rules(first_dealer=0)
    state = mau_mau.deal(rules, seed=5)
    rng = random.Random(2)
    while mau_mau.deal_number(state) == 0:
        state = mau_mau.apply(state, rng.choice(mau_mau.legal_moves(state)))
    position = mau_mau.position(state)
    assert position["deal_number"] == 1 and len(position["rows"]) == 1
    assert position["totals"] != [0, 0]
    assert mau_mau.score(mau_mau.setup(rules, position)) == mau_mau.score(state)
    refused(
        position | {"deal_number": 2}, "deal_number=2 says 2 deals .* rows lists 1", rules=rules
    )
    refused(position | {"totals": [0, 0]}, "are not the sums of the rows", rules=rules)
    refused(position | {"totals": [0]}, "field 'totals' must have 2 entries", rules=rules)
    row = position["rows"][0]
    refused(position | {"rows": [[1, *row[1:]]]}, "rows\\[0\\] is numbered 1", rules=rules)
    refused(
        position | {"rows": [[0, 1, *row[2:]]]},
        "dealt by seat 1, but .* seat 0 deals first",
        rules=rules,
    )
    refused(position | {"rows": [row[:3]]}, "rows\\[0\\] must have 4 entries", rules=rules)
    refused(
        position | {"rows": [[*row[:3], [["cards", 1]]]]},
        "extra 0 must have 3 entries",
        rules=rules,
    )
    # A single deal (MM-7.3 without a target) has no second deal; nor has a capped game.
    single = mau_mau.Rules(target=None, first_dealer=0)
    refused(position, "this game lasts 1 deal", rules=single)
    capped = mau_mau.Rules(first_dealer=0, max_deals=1)
    refused(position, "cap of 1 deals", rules=capped)


def test_position_refuses_what_is_no_state_or_view() -> None:
    with pytest.raises(ArgumentError, match="state or view"):
        mau_mau.position("not a state")


def test_the_positions_the_checks_break_set_up_unbroken() -> None:
    """The positions the tests above break set up as they are: each is refused for the
    one thing broken."""
    for game, rules in (
        (mau_mau, mau_mau.Rules(target=None)),
        (mau_mau, mau_mau.PRESETS["no_restock"]),
        (mau_mau, mau_mau.PRESETS["penalty"]),
        (mau_mau_standard, mau_mau_standard.PRESETS["single"]),
        (mau_mau_standard, mau_mau_standard.PRESETS["parlett_mau_call"]),
        (EIGHTS, EIGHTS.Rules()),
    ):
        position = base(game, rules)
        assert game.position(game.setup(rules, position)) == position


def set_up_or_refused(game: Any, rules: Any, position: dict[str, Any]) -> object:
    """The position of the state set up from ``position``, or the refusal's message."""
    try:
        return game.position(game.setup(rules, position))
    except PositionError as error:
        return str(error)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_place_of_cards_written_star_holds_the_rest_of_the_deck(name: str) -> None:
    """The stock, the buried starters, the discard pile or the upcard, written "*", holds
    the cards of the deck that the hands and the others do not: the same state, its
    cards in the deck's order (the stock's order is the one thing "*" cannot give)."""
    game, rules_list = CASES[name]
    same = 0
    for number, (rules, state) in enumerate(sampled_states(game, rules_list, seed=len(name))):
        if number == 12:
            break
        deck = game.deck_of(rules)
        position = game.position(state)
        for key in CARD_KEYS:
            typed = set_up_or_refused(game, rules, position | {key: REST})
            ordered = position[key]
            if isinstance(ordered, str):
                ordered = format_cards(sorted(parse_cards(ordered), key=deck.index))
            assert typed == set_up_or_refused(game, rules, position | {key: ordered}), key
            if ordered == position[key]:
                assert typed == position, key
                same += 1
    assert same >= 12 * 3


def test_no_other_field_may_be_star() -> None:
    """What is known of the cards in the hands (the card drawn, the cards absent), a
    hand, any other field and two fields at once cannot be "*"; the refusal names the
    fields that may."""
    position = base()
    allowed = "one of the fields stock, buried, discard_pile, upcard may be '\\*'"
    for key in position:
        if key not in CARD_KEYS:
            refused(position | {key: REST}, f"field '{key}' cannot be '\\*' .*{allowed}")
    refused(position | {"absent": [REST, ""]}, "field 'absent' cannot be '\\*' or hold it")
    refused(position | {"stock": REST, "buried": REST}, "'stock', 'buried' are all '\\*'")
    rules = mau_mau.Rules(target=None)
    hidden = mau_mau.position(mau_mau.observe(mau_mau.setup(rules, position), 0))
    refused(hidden | {"stock": REST}, "this position hides seat 1's hand")
