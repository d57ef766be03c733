"""Records and state JSON: round trips, and broken input refused with the reason."""

from __future__ import annotations

import json
import random

import pytest

from cardrules.errors import RecordError
from cardrules.games import oh_hell
from cardrules.records import Record, record_of, replay, state_from_json, state_to_json


def finished_game(seed: int = 4) -> oh_hell.State:
    state = oh_hell.deal(oh_hell.Rules(start_hand=3), seed=seed)
    rng = random.Random(seed)
    while not oh_hell.is_over(state):
        state = oh_hell.apply(state, rng.choice(oh_hell.legal_moves(state)))
    return state


def test_a_record_replays_to_the_same_state() -> None:
    state = finished_game()
    record = record_of(state)
    assert record.game == "oh_hell" and record.rules == "oh_hell(start_hand=3)"
    assert replay(Record.from_json(record.to_json())) == state


def test_a_record_keeps_an_explicit_first_deck() -> None:
    deck = list(oh_hell.deck_of(oh_hell.Rules()))[::-1]
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=2), seed=1, deck=deck)
    state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    record = Record.from_json(record_of(state).to_json())
    assert record.deck == tuple(deck)
    assert replay(record) == state


def test_an_illegal_move_is_refused_with_its_number_and_reason() -> None:
    record = record_of(finished_game())
    moves = list(record.moves)
    moves[5] = "bid 9"
    broken = Record(record.game, record.version, record.rules, record.seed, tuple(moves))
    with pytest.raises(RecordError, match=r"record move 6 \('bid 9'\)"):
        replay(broken)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "pgn"}, "not a cardrules record"),
        ({"seed": "7"}, "'seed' must be a whole number"),
        ({"moves": "bid 1"}, "'moves' must be a list"),
        ({"deck": "AS AS"}, "duplicated AS"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"version": "0"}, "version '0'"),
        ({"rules": "oh_hell(players=12)"}, "players=12 is out of range"),
        ({"rules": "oh_hell(colour=red)"}, "unknown option colour"),
    ],
)
def test_broken_records_are_refused(change: dict[str, object], message: str) -> None:
    data = record_of(finished_game()).to_dict() | change
    with pytest.raises(RecordError, match=message):
        replay(Record.from_dict(data))


def test_states_round_trip_through_json_mid_game() -> None:
    state = oh_hell.deal(oh_hell.Rules(), seed=3)
    rng = random.Random(0)
    for _ in range(30):
        state = oh_hell.apply(state, rng.choice(oh_hell.legal_moves(state)))
        assert state_from_json(state_to_json(state)) == state


def test_a_state_whose_cards_are_not_the_deck_is_refused() -> None:
    data = json.loads(state_to_json(oh_hell.deal(oh_hell.Rules(), seed=3)))
    hand = data["hands"][0].split()
    data["hands"][0] = " ".join([hand[0], *hand])  # a duplicated card
    with pytest.raises(RecordError, match="names a card twice"):
        state_from_json(json.dumps(data))
    data["hands"][0] = " ".join([*hand, data["hands"][1].split()[0]])  # a card in two hands
    with pytest.raises(RecordError, match="cards in two places"):
        state_from_json(json.dumps(data))
    data["hands"][0] = " ".join(hand[1:])  # a missing card
    with pytest.raises(RecordError, match="cards missing"):
        state_from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "[]", "{", '{"game": 3}', '{"game": "oh_hell"}', "[" * 5000])
def test_garbage_state_json_is_refused(text: str) -> None:
    with pytest.raises(RecordError):
        state_from_json(text)
