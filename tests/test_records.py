"""Records and state JSON: round trips, and broken input refused with the reason."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardrules.errors import RecordError
from cardrules.games import oh_hell
from cardrules.records import (
    Record,
    record_of,
    record_schema,
    replay,
    score_sheet,
    state_from_json,
    state_to_json,
)


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


# --------------------------------------------------------------------------- readable records

#: A record written by the first format (rules, seed and move texts): it must still load.
FIRST_FORMAT = """{
 "format": "cardrules-record/1",
 "game": "oh_hell",
 "version": "1",
 "rules": "oh_hell(start_hand=2,schedule=single)",
 "seed": 3,
 "deck": null,
 "chance": "seeded",
 "moves": ["bid 0", "bid 2", "bid 0", "bid 2", "play 8D", "play 9D", "play 7D", "play 3S",
           "play 8S", "play 6S", "play 10C", "play 5S"]
}"""


def test_a_record_of_the_first_format_still_loads_and_replays() -> None:
    record = Record.from_json(FIRST_FORMAT)
    assert record.seats is None and record.deals is None
    final = replay(record)
    assert oh_hell.score(final).totals == (12, 10, 0, 10)
    assert "bid 0" in score_sheet(record)


def test_a_record_gives_each_deals_hands_turned_card_and_the_seat_of_every_move() -> None:
    state = finished_game()
    record = record_of(state)
    assert record.deals is not None and len(record.deals) == len(oh_hell.score(state).deals)
    start = oh_hell.deal(state.rules, seed=state.seed)
    first = record.deals[0]
    for seat in range(4):
        assert first.hands[seat] == oh_hell.zones(start)[f"hand {seat}"]
    assert first.turned == oh_hell.zones(start)["trump card"]
    assert record.seats is not None and record.seats[0] == oh_hell.to_move(start)
    data = json.loads(record.to_json())
    assert data["moves"][0] == {"seat": record.seats[0], "move": record.moves[0]}
    assert data["deals"][0]["turned"] == str(first.turned[0])


def test_hands_that_differ_from_the_seed_are_refused() -> None:
    data = json.loads(record_of(finished_game()).to_json())
    hands = data["deals"][1]["hands"]
    first, second = hands[0].split(), hands[1].split()
    first[0], second[0] = second[0], first[0]
    hands[0], hands[1] = " ".join(first), " ".join(second)
    with pytest.raises(RecordError, match=r"deal 2: the record gives seat 0 .* but the seed deals"):
        replay(Record.from_dict(data))


def test_a_move_given_to_the_wrong_seat_is_refused() -> None:
    data = json.loads(record_of(finished_game()).to_json())
    data["moves"][0]["seat"] = (data["moves"][0]["seat"] + 1) % 4
    with pytest.raises(RecordError, match=r"record move 1 \('bid \d'\) is given to seat"):
        replay(Record.from_dict(data))


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        # Plain texts (the first format) are accepted: the bad entry is the fourth.
        (["bid 0", "bid 1", "bid 0", 7], r"record move 4 must be a move's text .* not 7$"),
        ([{"seat": 0, "move": "bid 0"}, {"seat": 1}], r'record move 2 .* not \{"seat": 1\}$'),
        ([None], 'record move 1 must be a move\'s text such as "play QH" or an object such as'),
        (["bid 0", {"seat": 1, "move": "bid 1"}], "record moves 1 and 2 mix the two forms"),
    ],
)
def test_a_move_entry_of_neither_form_is_blamed_by_its_own_number(
    moves: list[object], message: str
) -> None:
    """A record's moves are all texts or all {seat, move} objects (both forms are read)."""
    data = json.loads(record_of(finished_game()).to_json())
    data["moves"] = moves
    with pytest.raises(RecordError, match=message):
        Record.from_dict(data)


def test_metadata_round_trips_and_players_must_name_every_seat() -> None:
    state = finished_game()
    record = record_of(
        state, players=["Ann", "Bob", "Cy", "Di"], date="2026-12-01", event="Club", site="Bonn"
    )
    again = Record.from_json(record.to_json())
    assert again == record
    assert (again.players, again.date, again.event, again.site) == (
        ("Ann", "Bob", "Cy", "Di"),
        "2026-12-01",
        "Club",
        "Bonn",
    )
    with pytest.raises(RecordError, match="players must name each of the 4 seats"):
        record_of(state, players=["Ann"])


def test_a_record_of_a_game_without_moves_round_trips() -> None:
    record = record_of(oh_hell.deal(oh_hell.Rules(), seed=2))
    assert record.moves == () and record.deals is not None and len(record.deals) == 1
    assert Record.from_json(record.to_json()) == record


def test_a_missing_seed_or_a_wrong_number_of_players_is_refused() -> None:
    data = json.loads(record_of(finished_game()).to_json())
    with pytest.raises(RecordError, match="'seed' is missing: give the seed, or null"):
        Record.from_dict({k: v for k, v in data.items() if k != "seed"})
    with pytest.raises(RecordError, match="names 2 players for 4 seats"):
        replay(Record.from_dict(data | {"players": ["Ann", "Bob"]}))


def test_a_record_without_a_seed_replays_from_its_hands() -> None:
    state = finished_game()
    record = record_of(state, with_seed=False)
    assert record.seed is None and not any(text.startswith("deal ") for text in record.moves)
    loaded = Record.from_json(record.to_json())
    assert json.loads(record.to_json())["seed"] is None
    assert oh_hell.score(replay(loaded)) == oh_hell.score(state)


def test_a_hand_typed_record_without_a_seed_replays() -> None:
    # One deal of one card each, as a person would write it down from real cards.
    rules = "oh_hell(players=3,start_hand=1,schedule=single,first_dealer=0)"
    data = {
        "format": "cardrules-record/2",
        "game": "oh_hell",
        "version": oh_hell.version,
        "players": ["Ann", "Bob", "Cy"],
        "rules": rules,
        "seed": None,
        "chance": "seeded",
        "deals": [{"number": 1, "dealer": 0, "hands": ["AS", "KS", "2H"], "turned": "3C"}],
        "moves": [
            {"seat": 1, "move": "bid 1"},
            {"seat": 2, "move": "bid 1"},
            {"seat": 0, "move": "bid 0"},
            {"seat": 1, "move": "play KS"},
            {"seat": 2, "move": "play 2H"},
            {"seat": 0, "move": "play AS"},
        ],
    }
    final = replay(Record.from_dict(data))
    assert oh_hell.is_over(final)
    assert oh_hell.score(final).deals[0].extra("tricks") == (1, 0, 0)
    sheet = score_sheet(Record.from_dict(data))
    assert "Ann  AS" in sheet and "turned: 3C" in sheet and "Seed: none" in sheet


def test_a_game_with_draws_needs_its_seed_or_its_drawn_cards() -> None:
    from cardrules.games import mau_mau

    rules = mau_mau.Rules(max_deals=1)
    seeded = _random_game(mau_mau, mau_mau.deal(rules, seed=2))
    with pytest.raises(RecordError, match="cannot be recorded without its seed"):
        record_of(seeded, with_seed=False)
    explicit = _random_game(mau_mau, mau_mau.deal(rules, seed=2, chance="explicit"))
    record = record_of(explicit, with_seed=False)
    assert "chance" in {str(move["seat"]) for move in json.loads(record.to_json())["moves"]}
    assert mau_mau.score(replay(Record.from_json(record.to_json()))) == mau_mau.score(explicit)


def _random_game(game: Any, state: Any) -> Any:
    rng = random.Random(0)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def test_a_record_refuses_fields_of_the_wrong_type_when_made() -> None:
    with pytest.raises(RecordError, match="'moves' must be a tuple of move texts"):
        Record("oh_hell", oh_hell.version, "oh_hell()", 1, (5,))  # type: ignore[arg-type]
    no_hands = Record("oh_hell", oh_hell.version, "oh_hell()", None, ("bid 1",))
    with pytest.raises(RecordError, match="the record has no seed and no hands for deal 1"):
        replay(no_hands)
    with pytest.raises(RecordError, match="replay takes a Record"):
        replay("oh_hell()")


def test_record_of_refuses_a_state_of_another_game() -> None:
    with pytest.raises(RecordError, match="is not a state of 'enfle'"):
        record_of(finished_game(), game="enfle")


def test_a_move_text_that_breaks_a_parser_is_a_record_error(monkeypatch: Any) -> None:
    def broken(state: Any, text: str) -> Any:
        raise ValueError("parser bug")

    monkeypatch.setattr(oh_hell, "parse_move", broken)
    with pytest.raises(RecordError, match=r"record move 1 \('bid 0'\) cannot be read"):
        replay(Record.from_json(FIRST_FORMAT))


def test_written_records_match_the_published_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from cardrules import games
    from cardrules.bots import RandomBot
    from cardrules.play import play_game

    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    validator.validate(json.loads(FIRST_FORMAT))
    for name in games.names():
        game = games.get(name)
        rules = game.Rules(max_deals=1, max_moves=400)
        seats = sum(len(team) for team in game.teams(rules))
        final = play_game(game, rules, [RandomBot()] * seats, seed=1)
        record = record_of(final, players=[f"p{s}" for s in range(seats)], date="2026-12-01")
        validator.validate(json.loads(record.to_json()))
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(json.loads(record.to_json()) | {"seed": "7"})


def test_the_score_sheet_reads_as_a_sheet() -> None:
    state = finished_game()
    sheet = score_sheet(record_of(state, players=["Ann", "Bob", "Cy", "Di"], event="Club"))
    lines = sheet.splitlines()
    assert lines[1] == "Event: Club"
    assert "Deal 1 · dealer: " in sheet
    totals = next(line for line in lines if line.startswith("total"))
    assert totals.split()[1:] == [str(t) for t in oh_hell.score(state).totals]
    assert lines[-1].startswith("Result: won by ")


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
@pytest.mark.parametrize("name", ["oh_hell", "enfle", "mau_mau", "mau_mau_standard", "maverick"])
def test_every_game_records_its_deals_and_replays_without_its_seed_when_it_can(
    name: str, chance: str
) -> None:
    from cardrules import games

    game = games.get(name)
    rules = game.Rules(max_deals=2, max_moves=300)
    state = _random_game(game, game.deal(rules, seed=5, chance=chance))  # type: ignore[arg-type]
    record = record_of(state)
    assert replay(Record.from_json(record.to_json())) == state
    assert record.deals is not None and len(record.deals) >= 1
    seats = sum(len(team) for team in game.teams(rules))
    assert all(len(deal.hands) == seats for deal in record.deals)
    # Draws during play (the Mau Mau games) are known only to the seed in seeded mode.
    draws = name.startswith("mau_mau") and chance == "seeded"
    if draws:
        with pytest.raises(RecordError, match="cannot be recorded without its seed"):
            record_of(state, with_seed=False)
        return
    seedless = Record.from_json(record_of(state, with_seed=False).to_json())
    assert game.score(replay(seedless)).deals == game.score(state).deals


@pytest.mark.parametrize("text", ["bid " + "9" * 5000, "bid ²", "play " + "Q" * 3000])
def test_a_huge_or_strange_move_text_gets_a_short_record_error(text: str) -> None:
    data = json.loads(FIRST_FORMAT)
    data["moves"] = [text]
    with pytest.raises(RecordError, match=r"record move 1 \('(bid|play) ") as caught:
        replay(Record.from_dict(data))
    message = str(caught.value)
    assert len(message) < 400 and "set_int_max_str_digits" not in message
    assert "invalid literal" not in message


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("game", "planted_game.x", "is an import path, not a game's name"),
        ("rules", "planted_game.x(players=4)", "bad rules text 'planted_game.x"),
    ],
)
def test_a_record_never_makes_the_process_import_a_module(
    field: str, value: str, message: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record is data that may come from anywhere: an import path in it is refused,
    and the module it names is not imported (importing it would raise SystemExit)."""
    (tmp_path / "planted_game.py").write_text("raise SystemExit('imported by a record')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    data = record_of(finished_game()).to_dict() | {field: value}
    with pytest.raises(RecordError, match=message):
        replay(Record.from_dict(data))


def test_a_saved_state_never_makes_the_process_import_a_module(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "planted_game.py").write_text("raise SystemExit('imported by a state')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(RecordError, match="is an import path, not a game's name"):
        state_from_json(json.dumps({"game": "planted_game.x"}))
