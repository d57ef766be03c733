"""Set-up positions, on the generic side: the one-line notation (cardrules.positions),
the kit's checks, records that start from a position and the command line. The games
of the engines are checked by the same kit (tests/properties); here a tiny game of its
own (tests/tiny_tricks.py) gives real positions to set up."""

from __future__ import annotations

import io
import json
import re
import string
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import games, positions, testing
from cardrules.cards import parse_cards
from cardrules.errors import PositionError, RecordError
from cardrules.game import Game
from cardrules.positions import (
    format_position,
    format_value,
    parse_position_fields,
    read_position,
    setup_text,
    split_position_text,
)
from cardrules.records import Record, record_of, record_schema, replay, score_sheet
from tests import tiny_tricks


@pytest.fixture(autouse=True)
def _tiny_tricks_registered() -> Iterator[None]:
    """The tiny game registered while a test runs; every game a test registers (the
    kit registers the variants it records) is removed again: other tests list the
    registered games."""
    before = set(games.names())
    games.register(tiny_tricks)
    yield
    for name in set(games.names()) - before:
        games.unregister(name)


# --------------------------------------------------------------------------- the notation


def test_the_notation_writes_each_kind_of_value() -> None:
    """Whole numbers, none, true/false, lists with / between items, texts with their
    spaces as commas, "" for the empty text, quotes for a text that reads otherwise."""
    position = {
        "phase": "playing",
        "deal_number": 0,
        "dealer": -1,
        "totals": [0, 12, 3],
        "hands": ["4H 8H QH", "", "2D"],
        "trump": None,
        "revokes": [True, False],
        "rows": [[1, 0, [5, -2], [["bids", 1, 2]]]],
        "words": ["12", "none", "true", "-7", "None", "a b"],
        "empty": [],
        "one_empty": [""],
    }
    line = format_position("oh_hell(players=3)", position)
    assert line == (
        "oh_hell(players=3) phase=playing deal_number=0 dealer=-1 totals=[0/12/3] "
        'hands=[4H,8H,QH/""/2D] trump=none revokes=[true/false] rows=[[1/0/[5/-2]/[[bids/1/2]]]] '
        'words=["12"/"none"/"true"/"-7"/None/a,b] empty=[] one_empty=[""]'
    )
    assert split_position_text(line) == ("oh_hell(players=3)", position)


def test_the_notation_takes_tuples_as_lists_and_reads_lists() -> None:
    assert format_value(("AS", (1, 2))) == "[AS/[1/2]]"
    assert parse_position_fields("x=[AS/[1/2]]") == {"x": ["AS", [1, 2]]}


def test_a_quoted_text_that_needs_no_quotes_reads_as_the_text() -> None:
    assert parse_position_fields('a="KS" b="4H,8H"') == {"a": "KS", "b": "4H 8H"}


_PLAIN_CHARACTERS = st.characters(
    blacklist_characters=positions.SEPARATORS,
    blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Zs", "Cf", "Co", "Cn"),
)
_TEXTS = st.text(st.one_of(_PLAIN_CHARACTERS, st.just(" ")), max_size=12)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | _TEXTS,
    lambda inner: st.lists(inner, max_size=5),
    max_leaves=25,
)
_KEYS = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,10}", fullmatch=True)


@given(st.dictionaries(_KEYS, _VALUES, max_size=8))
def test_every_position_round_trips_exactly(position: dict[str, Any]) -> None:
    """Any JSON-like value without dicts (texts with spaces, words that read as other
    values, empty texts and lists, lists in lists) reads back equal, in its order."""
    line = format_position("tiny_tricks(players=3)", position)
    rules, fields = split_position_text(line)
    assert rules == "tiny_tricks(players=3)"
    assert fields == position and list(fields) == list(position)
    assert all(type(fields[k]) is type(v) for k, v in position.items())
    assert format_position(rules, fields) == line


@given(_VALUES)
def test_a_value_written_again_is_written_the_same(value: Any) -> None:
    text = format_value(value)
    assert " " not in text
    assert format_value(parse_position_fields(f"v={text}")["v"]) == text


@given(st.text(string.printable + "é♠", max_size=40))
def test_any_text_reads_or_is_refused_with_a_position_error(text: str) -> None:
    try:
        fields = parse_position_fields(text)
    except PositionError as error:
        assert "character" in str(error) or "position" in str(error)
    else:
        assert isinstance(fields, dict)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "hands=[4H/8H",
            "position field 'hands', character 13: the list opened at character 7 is not closed",
        ),
        (
            "hands=[[4H]/8H",
            "position field 'hands', character 15: the list opened at character 7 is not closed",
        ),
        (
            "hands=4H]",
            "position field 'hands', character 9: ']' after the value's end: a ] closes no list",
        ),
        ("hands=[4H]] leader=0", "character 11: ']' after the value's end"),
        ("leader=0 hands", "position text, character 10: 'hands' is not a field: write key=value"),
        ("leader=0 leader=1", "position field 'leader', character 10: the field is given twice"),
        ('a="12', "position field 'a', character 3: this double quote is not closed"),
        ('a=1"2"', "position field 'a', character 4: a double quote inside a text"),
        ('a="1"2', "position field 'a', character 6: a quoted text must end where its value"),
        ('a=["1/2"]', "position field 'a', character 6: '/' inside a quoted text"),
        ("a=[1//2]", "position field 'a', character 6: '/' where a value belongs"),
        ("a=", "position field 'a', character 3: a value is missing here"),
        ("a=[1[2]]", "position field 'a', character 5: '[' inside a value"),
        ("a=1  b=2", "position text, character 5: two spaces"),
        ("a=1\tb=2", "position field 'a', character 4: '\\t' cannot stand"),
        ("=1", "position text, character 1: '' cannot name a field"),
        ("9a=1", "position text, character 1: '9a' cannot name a field"),
    ],
)
def test_unreadable_text_is_refused_naming_the_field_and_the_character(
    text: str, message: str
) -> None:
    with pytest.raises(PositionError) as refused:
        parse_position_fields(text)
    assert message in str(refused.value)


def test_the_character_is_counted_in_the_whole_line() -> None:
    with pytest.raises(PositionError, match=r"field 'b', character 24: this double quote"):
        split_position_text('tiny_tricks() a=1 b=[2/"3]')


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"a": "4H/8H"}, "the text '4H/8H' holds '/'"),
        ({"a": ["x,y"]}, "the text 'x,y' holds ','"),
        ({"a": 'say "hi"'}, "holds '\"'"),
        ({"a": "tab\there"}, "holds '\\t'"),
        ({"a": {"b": 1}}, "position field 'a' holds a dict"),
        ({"a": 1.5}, "position field 'a' holds 1.5"),
        ({"a b": 1}, "named by a word such as 'hands', not 'a b'"),
    ],
)
def test_a_value_the_notation_cannot_write_is_refused(
    position: dict[str, Any], message: str
) -> None:
    with pytest.raises(PositionError) as refused:
        format_position("tiny_tricks()", position)
    assert message in str(refused.value)


def test_the_rules_text_begins_the_line_and_is_checked() -> None:
    with pytest.raises(PositionError, match="must begin with the rules text"):
        split_position_text("hands=[AS] leader=0")
    with pytest.raises(
        PositionError, match="position field 'rules', character 1: bad option 'players'"
    ):
        split_position_text("tiny_tricks(players) a=1")
    with pytest.raises(PositionError, match="write it without spaces"):
        format_position("tiny_tricks(players=3, hand=1)", {})
    with pytest.raises(PositionError, match="is empty"):
        split_position_text("  ")
    assert split_position_text("tiny_tricks()\n") == ("tiny_tricks()", {})


def test_read_position_finds_the_game_by_name_and_builds_its_rules() -> None:
    game, rules, position = read_position("tiny_tricks(players=3) leader=1")
    assert game is tiny_tricks and rules == tiny_tricks.Rules(players=3)
    assert position == {"leader": 1}
    with pytest.raises(PositionError, match=r"field 'rules', character 1: unknown game 'no_game'"):
        read_position("no_game() leader=1")
    with pytest.raises(PositionError, match=r"field 'rules', character 1: players=9 is out"):
        read_position("tiny_tricks(players=9) leader=1")
    with pytest.raises(PositionError, match="field 'rules', character 1: bad rules text"):
        read_position("tests.tiny_tricks() leader=1")  # a name, never a module to import


# --------------------------------------------------------------------------- setting up


def _state(players: int = 3, seed: int = 5, moves: int = 1) -> Any:
    state = tiny_tricks.deal(tiny_tricks.Rules(players=players), seed=seed)
    for _ in range(moves):
        state = tiny_tricks.apply(state, tiny_tricks.legal_moves(state)[0])
    return state


def test_a_positions_text_sets_up_the_same_position() -> None:
    state = _state()
    line = positions.position_text(tiny_tricks, state)
    assert line.startswith("tiny_tricks(players=3) phase=playing deal_number=0 ")
    again = setup_text(line, seed=7)
    assert tiny_tricks.position(again) == tiny_tricks.position(state)
    assert tiny_tricks.origin(again).position == tiny_tricks.position(state)
    assert tiny_tricks.origin(again).seed == 7
    assert positions.position_text("tiny_tricks", again) == line


def test_a_views_text_shows_hidden_hands_as_counts_and_cannot_be_set_up() -> None:
    state = _state()
    line = positions.position_text(tiny_tricks, tiny_tricks.observe(state, 0))
    assert "hands=[QS/2/2]" in line and " undealt=1 " in line
    with pytest.raises(PositionError, match="hides seat 1's hand"):
        setup_text(line)


# --------------------------------------------------------------------------- the kit


def test_the_kit_passes_a_game_whose_positions_set_up_its_states() -> None:
    for seed in range(6):
        for rules in (tiny_tricks.Rules(), tiny_tricks.Rules(players=3, hand=2)):
            checked = testing.check_positions(
                tiny_tricks, rules, seed=seed, choices=seed, sizes_refused=True
            )
            assert checked == min(20, 1 + rules.players * rules.hand)  # every state
    report = testing.check_game(tiny_tricks, games=3)
    assert report.games == 6


def _variant(name: str, **functions: Any) -> Game:
    """The tiny game with some of its functions replaced (registered under ``name``)."""
    from cardrules.game import INTERFACE_NAMES

    module = types.ModuleType(name)
    for attribute in (*INTERFACE_NAMES, "State", "View"):
        setattr(module, attribute, getattr(tiny_tricks, attribute))
    setattr(module, "NAME", name)  # noqa: B010  # a module's attribute, unknown to mypy
    for attribute, function in functions.items():
        setattr(module, attribute, function)
    return cast(Game, module)


def test_the_kit_finds_a_setup_that_loses_part_of_the_position() -> None:
    """Rule: setup(rules, position(s)) is s to the players. A setup that forgets the
    trick under way gives another position (and other legal moves)."""

    def forgetful(rules: Any, position: Any, *, seed: int = 0) -> Any:
        state = tiny_tricks.setup(rules, position, seed=seed)
        return attrs.evolve(state, trick=(), undealt=state.undealt + state.trick)

    game = _variant("forgetful_tricks", setup=forgetful)
    state = _state(moves=1)
    with pytest.raises(testing.ConformanceError, match="has another position"):
        testing.check_position(game, tiny_tricks.Rules(players=3), state)
    # At the start of a trick nothing is lost: the same check passes there.
    testing.check_position(game, tiny_tricks.Rules(players=3), _state(moves=0))


def test_the_kit_finds_a_setup_that_accepts_a_card_twice() -> None:
    def careless(rules: Any, position: Any, *, seed: int = 0) -> Any:
        if not all(isinstance(hand, str) for hand in position["hands"]):
            return tiny_tricks.setup(rules, position, seed=seed)  # a view's: refused
        try:
            return tiny_tricks.setup(rules, position, seed=seed)
        except PositionError:
            # Takes a card given twice as given once: repairs instead of refusing.
            seen: set[str] = set()
            kept = []
            for hand in position["hands"]:
                cards = [card for card in hand.split() if card not in seen]
                seen.update(cards)
                kept.append(" ".join(cards))
            return tiny_tricks.setup(rules, {**position, "hands": kept}, seed=seed)

    game = _variant("careless_tricks", setup=careless)
    with pytest.raises(testing.ConformanceError, match=r"setup accepts a position with \S+ twice"):
        testing.check_setup_refusals(game, tiny_tricks.Rules(players=3), _state())


def test_moving_a_card_between_hands_is_refused_when_sizes_follow_from_the_play() -> None:
    def sizes_unchecked(rules: Any, position: Any, *, seed: int = 0) -> Any:
        # Set up with the hands cut to equal sizes, then given the hands as they are.
        if not all(isinstance(hand, str) for hand in position["hands"]):
            return tiny_tricks.setup(rules, position, seed=seed)  # a view's: refused
        honest = tiny_tricks.setup(rules, _equal_hands(position), seed=seed)
        hands = tuple(tiny_tricks._sorted(parse_cards(h) if h else ()) for h in position["hands"])
        return attrs.evolve(honest, hands=hands, position=dict(position))

    game = _variant("sizeless_tricks", setup=sizes_unchecked)
    rules = tiny_tricks.Rules(players=3)
    testing.check_setup_refusals(game, rules, _state(moves=0))  # sizes may vary: accepted
    with pytest.raises(testing.ConformanceError, match=r"setup accepts a position with \S+ moved"):
        testing.check_setup_refusals(game, rules, _state(moves=0), sizes_refused=True)
    testing.check_setup_refusals(tiny_tricks, rules, _state(moves=0), sizes_refused=True)


def _equal_hands(position: dict[str, Any]) -> dict[str, Any]:
    """The position with the cards of the hands cut again into hands of equal sizes
    (as they are between two tricks)."""
    cards = [card for hand in position["hands"] for card in hand.split()]
    size = len(cards) // len(position["hands"])
    hands = [
        " ".join(cards[seat * size : (seat + 1) * size]) for seat in range(len(position["hands"]))
    ]
    return {**position, "hands": hands}


def test_the_kit_refuses_a_position_that_is_no_plain_data() -> None:
    def with_a_dict(state: Any) -> dict[str, Any]:
        return {**tiny_tricks.position(state), "extra": {"a": 1}}

    game = _variant("dict_tricks", position=with_a_dict)
    with pytest.raises(testing.ConformanceError, match="'extra' holds"):
        testing.check_position(game, tiny_tricks.Rules(players=3), _state())


def test_the_kit_refuses_a_position_the_notation_cannot_write() -> None:
    def with_a_slash(state: Any) -> dict[str, Any]:
        return {**tiny_tricks.position(state), "phase": "play/ing"}

    def setup(rules: Any, position: Any, *, seed: int = 0) -> Any:
        state = tiny_tricks.setup(rules, {**position, "phase": "playing"}, seed=seed)
        return attrs.evolve(state, position=dict(position))

    game = _variant("slashed_tricks", position=with_a_slash, setup=setup)
    with pytest.raises(testing.ConformanceError, match=r"cannot be written as text: .* holds '/'"):
        testing.check_position(game, tiny_tricks.Rules(players=3), _state())


def test_the_kit_refuses_a_setup_without_its_origin() -> None:
    def originless(rules: Any, position: Any, *, seed: int = 0) -> Any:
        return attrs.evolve(tiny_tricks.setup(rules, position, seed=seed), position=None)

    game = _variant("originless_tricks", setup=originless)
    with pytest.raises(testing.ConformanceError, match="origin of a set-up state"):
        testing.check_position(game, tiny_tricks.Rules(players=3), _state())


# --------------------------------------------------------------------------- records


def _set_up_game(moves: int = 2, seed: int = 11) -> Any:
    state = setup_text(positions.position_text(tiny_tricks, _state()), seed=seed)
    for _ in range(moves):
        state = tiny_tricks.apply(state, tiny_tricks.legal_moves(state)[-1])
    return state


def test_a_set_up_games_record_starts_from_its_position_and_replays() -> None:
    final = _set_up_game()
    record = record_of(final)
    assert record.position == positions.position_text(tiny_tricks, _state())
    assert record.seed == 11 and record.moves == ("play 9S", "play 8S")
    data = json.loads(record.to_json())
    assert data["position"] == record.position
    assert replay(Record.from_json(record.to_json())) == final
    assert "Set up from: tiny_tricks(players=3) phase=playing " in score_sheet(record)


def test_a_set_up_games_record_matches_the_published_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(record_schema())
    validator.validate(record_of(_set_up_game()).to_dict())
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({**record_of(_set_up_game()).to_dict(), "position": 3})


def test_a_record_with_a_position_that_does_not_fit_is_refused() -> None:
    record = record_of(_set_up_game())
    assert record.position is not None
    with pytest.raises(RecordError, match="record field 'position': position field 'hands'"):
        replay(attrs.evolve(record, position=record.position.replace("hands=[", "hands=[[")))
    other = record.position.replace("tiny_tricks(players=3)", "tiny_tricks(players=2)")
    with pytest.raises(RecordError, match="is a position of 'tiny_tricks"):
        replay(attrs.evolve(record, position=other))
    missing = record.position.replace(" leader=", " leadr=")
    with pytest.raises(RecordError, match="record field 'position': "):
        replay(attrs.evolve(record, position=missing))
    with pytest.raises(RecordError, match="gives its seed"):
        attrs.evolve(record, seed=None)
    with pytest.raises(RecordError, match="'position' must be a position's text"):
        Record.from_dict({**record.to_dict(), "position": ["a"]})


def test_a_set_up_game_is_not_recorded_without_its_seed() -> None:
    with pytest.raises(RecordError, match="recorded with its seed"):
        record_of(_set_up_game(), with_seed=False)


def test_a_record_without_a_position_is_written_as_before() -> None:
    state = _state()
    record = record_of(state)
    assert record.position is None and "position" not in record.to_dict()
    assert replay(record) == state


# --------------------------------------------------------------------------- command line


def _run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    import contextlib
    import sys

    from cardrules.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stderr(err):
            status = main(list(args), out=out)
    finally:
        sys.stdin = old
    return status, out.getvalue(), err.getvalue()


def test_the_position_command_prints_the_position_at_a_move(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(record_of(_set_up_game()).to_json(), encoding="utf-8")
    status, out, err = _run("position", str(path))
    assert status == 0, err
    assert out == positions.position_text(tiny_tricks, _set_up_game()) + "\n"
    status, out, _ = _run("position", str(path), "--move", "0")
    assert out == positions.position_text(tiny_tricks, _state()) + "\n"
    status, out, _ = _run("position", str(path), "--move", "1", "--seat", "0")
    assert (
        out
        == positions.position_text(tiny_tricks, tiny_tricks.observe(_set_up_game(moves=1), 0))
        + "\n"
    )
    status, _, err = _run("position", str(path), "--move", "3")
    assert status == 2 and "--move 3: the record has 2 moves (0 is the start)" in err


def test_play_starts_from_a_position(tmp_path: Path) -> None:
    line = positions.position_text(tiny_tricks, _state())
    record = tmp_path / "r.json"
    status, out, err = _run(
        "play", "tiny_tricks", "--position", line, "--seed", "3", "--seat", "1",
        "--bots", "random", "--record", str(record), stdin="1\n",
    )  # fmt: skip
    assert status == 0, err
    assert "set up from a position" in out
    saved = Record.from_json(record.read_text(encoding="utf-8"))
    assert saved.position == line and saved.seed == 3 and saved.moves[0] == "play KS"
    status, _, err = _run("play", "tiny_tricks", "--position", line, "--rules", "default")
    assert status == 2 and "--position gives the rules" in err
    status, _, err = _run("play", "oh_hell", "--position", line)
    assert status == 2 and "is a position of 'tiny_tricks', not of 'oh_hell'" in err


def test_one_field_may_stand_for_the_rest_of_the_deck() -> None:
    from cardrules.games import oh_hell

    state = oh_hell.deal(oh_hell.Rules(players=3), seed=5)
    while oh_hell.to_move(state) is not None and len(oh_hell.moves_played(state)) < 6:
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    written = positions.position_text(oh_hell, state)
    typed = re.sub(r"undealt=\S+", "undealt=*", written)
    assert typed != written
    _, _, position = positions.read_position(typed)
    assert position["undealt"] == positions.REST  # as written: the game's setup reads it
    assert oh_hell.position(positions.setup_text(typed)) == oh_hell.position(state)
    twice = re.sub(r"waste=\S+", "waste=*", typed)
    with pytest.raises(PositionError, match="only one field may be"):
        positions.setup_text(twice)
    known = re.sub(r"bids=\S+", "bids=*", written)
    with pytest.raises(PositionError, match="field 'bids' cannot be '\\*'"):
        positions.setup_text(known)
