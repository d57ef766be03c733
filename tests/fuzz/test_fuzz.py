"""Adversarial input: only cardrules' own errors escape, each naming the problem,
and nothing is half-applied (inputs are unchanged, no partial state returned).

Targets: card notation, move notation, rules options (keywords and text form),
deck orders given to ``deal`` (missing, repeated or foreign cards, wrong length,
text, numbers, iterators, anything at all), records (wrong types, missing or
duplicated cards, moves illegal at step k, another game's moves, huge or deeply
nested JSON), state JSON (any field, and the history and events reordered,
dropped or edited), move objects built with wrong-typed fields, and non-ASCII
digits and huge numbers everywhere a number is read. The number of inputs each
target tried is printed at the end of the run ("fuzz inputs tried").
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import games
from cardrules.cards import ALL_CARDS, Suit, format_cards, parse_cards
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.errors import CardrulesError
from cardrules.game import Game
from cardrules.games import maverick
from cardrules.moves import Bid, ChooseDealer, DealCard, Play
from cardrules.records import Record, record_of, replay, state_from_json, state_to_json
from tests.fuzz import TRIED

NAMES = list(games.names())
TOKENS = [
    "AS", "10H", "1H", "11S", "QD", "JC", "KH", "2C", "BJ", "LJ", "XX", "play", "bid", "pass",
    "draw", "end", "turn", "call", "announce", "hearts", "spades", "blind", "no", "zero",
    "elegant", "deal", "dealer", "-1", "0", "3", "99", ",",
    "  ", "\x00", "é", "🂡", "=", "(", ")", "none", "true", "knock", "mau", "²", "①", "٣",
    "9" * 60, "1" * 5000,
]  # fmt: skip
texts = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(TOKENS), max_size=8).map(" ".join),
)
json_values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def refuses_cleanly(target: str, action: Callable[[], Any]) -> Any:
    """Run ``action``; a failure must be a CardrulesError with a message. Count the input."""
    TRIED[target] += 1
    try:
        return action()
    except CardrulesError as error:
        assert str(error).strip(), f"{target}: {type(error).__name__} without a message"
        return None


def _played(game: Game, preset: str, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    state = game.deal(game.PRESETS[preset], seed=seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def _conserved(game: Game, state: Any) -> None:
    counts = Counter(card for cards in game.zones(state).values() for card in cards)
    assert set(counts) == set(game.deck_of(state.rules)) and max(counts.values()) == 1


@given(text=texts)
def test_fuzz_parse_cards(text: str) -> None:
    cards = refuses_cleanly("parse_cards", lambda: parse_cards(text))
    if cards is not None:
        assert parse_cards(format_cards(cards)) == cards


#: What a caller might wrongly hand ``parse_move`` instead of text.
not_text: st.SearchStrategy[Any] = st.one_of(
    json_values.filter(lambda value: not isinstance(value, str)),
    st.binary(max_size=12),
    st.sampled_from([b"play AS", b"pass 2C 7D", bytearray(b"blind"), ("play", "AS"), ALL_CARDS[0]]),
)


@pytest.mark.parametrize("name", NAMES)
@given(text=st.one_of(texts, not_text), seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_fuzz_parse_move(name: str, text: Any, seed: int, steps: int) -> None:
    """Any text, or anything that is not text, is read as a legal move or refused."""
    game = games.get(name)
    state = _played(game, "single", seed, steps)
    before = copy.deepcopy(state)
    move = refuses_cleanly("parse_move", lambda: game.parse_move(state, text))
    if move is not None:
        after = refuses_cleanly("apply parsed move", lambda: game.apply(state, move))
        if after is not None:
            _conserved(game, after)
    assert state == before, "parsing or applying a move changed the state"


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
def test_fuzz_rules_options(name: str, data: st.DataObject) -> None:
    game = games.get(name)
    fields = [f.name for f in attrs.fields(game.Rules) if f.init]
    keys = st.sampled_from([*fields, "colour", "", "players "])
    options = data.draw(st.dictionaries(keys, json_values, max_size=3))
    rules = refuses_cleanly("rules options", lambda: build_rules(game.Rules, options))
    if rules is not None:
        assert build_rules(game.Rules, parse_rules_text(str(rules))[1]) == rules
    text = data.draw(
        st.one_of(
            texts,
            st.builds(
                lambda k, v: f"{name}({k}={v})", keys, st.text(max_size=8) | st.integers().map(str)
            ),
        )
    )
    refuses_cleanly("rules text", lambda: build_rules(game.Rules, parse_rules_text(text)[1]))


DECK_MUTATIONS = [
    "valid", "valid iterator", "drop", "duplicate", "foreign", "swap in junk", "truncate",
    "extend", "text", "anything",
]  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_fuzz_deck_orders(name: str, data: st.DataObject, seed: int) -> None:
    game = games.get(name)
    rules = game.PRESETS["single"]
    deck = list(game.deck_of(rules))
    random.Random(seed).shuffle(deck)
    kind = data.draw(st.sampled_from(DECK_MUTATIONS))
    i = data.draw(st.integers(0, len(deck) - 1))
    order: Any = deck
    if kind == "valid iterator":
        order = iter(deck)
    elif kind == "drop":
        order = deck[:i] + deck[i + 1 :]
    elif kind == "duplicate":
        order = [*deck[:i], deck[(i + 1) % len(deck)], *deck[i + 1 :]]
    elif kind == "foreign":
        outside = [c for c in ALL_CARDS if c not in deck] or deck[:1]
        order = [*deck[:i], data.draw(st.sampled_from(outside)), *deck[i + 1 :]]
    elif kind == "swap in junk":
        order = [*deck[:i], data.draw(json_values), *deck[i + 1 :]]
    elif kind == "truncate":
        order = deck[:i]
    elif kind == "extend":
        order = deck + data.draw(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=3))
    elif kind == "text":
        order = format_cards(deck)
    elif kind == "anything":
        order = data.draw(json_values)
    state = refuses_cleanly("deck order", lambda: game.deal(rules, seed=seed, deck=order))
    if kind.startswith("valid"):
        assert state is not None, "a shuffled deck was refused"
    if state is not None:
        _conserved(game, state)


def _mutations(data: st.DataObject, record: dict[str, Any], other: list[str]) -> dict[str, Any]:
    record = copy.deepcopy(record)
    kind = data.draw(
        st.sampled_from(
            ["field", "drop", "deck dup", "deck missing", "illegal at k", "other game", "nested"]
        )
    )
    if kind == "field":
        record[data.draw(st.sampled_from(sorted(record)))] = data.draw(json_values)
    elif kind == "drop":
        del record[data.draw(st.sampled_from(sorted(record)))]
    elif kind in ("deck dup", "deck missing"):
        deck = (record["deck"] or "").split() or ["AS", "KH", "QD"]
        i = data.draw(st.integers(0, len(deck) - 1))
        deck = deck[:i] + deck[i + 1 :] if kind == "deck missing" else [*deck, deck[i]]
        record["deck"] = " ".join(deck)
    elif kind == "illegal at k":
        moves = record["moves"]
        k = data.draw(st.integers(0, len(moves)))
        record["moves"] = [*moves[:k], data.draw(texts), *moves[k:]]
    elif kind == "other game":
        record["moves"] = other
    else:
        depth = data.draw(st.integers(1, 3000))
        # Built as text: json itself cannot dump a list this deep.
        record[data.draw(st.sampled_from(sorted(record)))] = f"<nested {depth}>"
    return record


def _dump(record: dict[str, Any]) -> str:
    text = json.dumps(record)
    for value in record.values():
        if isinstance(value, str) and value.startswith("<nested "):
            depth = int(value[8:-1])
            text = text.replace(json.dumps(value), "[" * depth + "]" * depth)
    return text


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(0, 30))
def test_fuzz_records(name: str, data: st.DataObject, seed: int, steps: int) -> None:
    game = games.get(name)
    state = _played(game, "single", seed, steps)
    if data.draw(st.booleans()):
        deck = list(game.deck_of(state.rules))
        random.Random(seed).shuffle(deck)
        state = game.deal(state.rules, seed=seed, deck=deck)
    good = record_of(state).to_dict()
    other_name = NAMES[(NAMES.index(name) + 1) % len(NAMES)]
    other = list(record_of(_played(games.get(other_name), "single", seed, 10)).moves)
    bad = _mutations(data, good, other)
    text = _dump(bad)
    result = refuses_cleanly("record", lambda: replay(Record.from_json(text)))
    if result is not None:
        _conserved(game if bad.get("game") == name else games.get(str(bad["game"])), result)


# A tenth of the profile's examples: each builds text of up to 50 MB, and three sizes and
# a nesting depth need few examples to be covered (the deep profile still plays 200).
@settings(max_examples=max(3, settings().max_examples // 10))
@given(size=st.sampled_from([10**3, 10**6, 5 * 10**7 + 1]), nested=st.integers(1, 200_000))
def test_fuzz_huge_json(size: int, nested: int) -> None:
    deep, long = "[" * nested + "]" * nested, '{"moves": "' + "x" * size + '"}'
    refuses_cleanly("record", lambda: Record.from_json(deep))
    refuses_cleanly("record", lambda: Record.from_json(long))
    refuses_cleanly("state json", lambda: state_from_json(deep))
    refuses_cleanly("state json", lambda: state_from_json(long))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:20]):
            found += _paths(item, (*prefix, i))
    return found


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_fuzz_state_json(name: str, data: st.DataObject, seed: int, steps: int) -> None:
    game = games.get(name)
    state = _played(game, "single", seed, steps)
    tree = json.loads(state_to_json(state))
    path = data.draw(st.sampled_from(_paths(tree)[1:]))
    parent = tree
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(json_values)
    loaded = refuses_cleanly("state json", lambda: state_from_json(json.dumps(tree)))
    if loaded is not None:
        _conserved(game if tree.get("game") == name else games.get(tree["game"]), loaded)
        assert state_from_json(state_to_json(loaded)) == loaded


#: Values of every type a move field might wrongly be given.
field_values: st.SearchStrategy[Any] = st.one_of(
    json_values,
    st.sampled_from(ALL_CARDS),
    st.sampled_from(list(Suit)),
    st.integers(-3, 60),
    st.builds(lambda: 10**5000),  # built, not st.just: its repr would fail
    st.sampled_from(["AS", "QH", "hearts", "1", "²"]),
)
MOVE_BUILDERS: list[Callable[[Any, Any, Any], Any]] = [
    lambda a, b, c: Play(a, b, c),
    lambda a, b, c: Play(a),
    lambda a, b, c: Bid(a),
    lambda a, b, c: DealCard(a),
    lambda a, b, c: ChooseDealer(a),
    lambda a, b, c: maverick.Blind(a),
    lambda a, b, c: maverick.PassCards((a, b)),
    lambda a, b, c: maverick.PassCards(a),
    lambda a, b, c: maverick.Declaration(a),
]


@pytest.mark.parametrize("name", NAMES)
@given(
    data=st.data(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 40),
    values=st.tuples(field_values, field_values, field_values),
)
def test_fuzz_move_objects(
    name: str, data: st.DataObject, seed: int, steps: int, values: tuple[Any, Any, Any]
) -> None:
    """A move built with any field values is refused when built or when applied, and
    leaves no trace: the state is unchanged and a later game still saves and loads."""
    game = games.get(name)
    build = data.draw(st.sampled_from(MOVE_BUILDERS))
    move = refuses_cleanly("move object", lambda: build(*values))
    state = _played(game, "single", seed, steps)
    before = copy.deepcopy(state)
    if move is not None:
        after = refuses_cleanly("apply move object", lambda: game.apply(state, move))
        if after is not None:
            assert move in game.legal_moves(state)
            assert state_from_json(state_to_json(after)) == after
    assert state == before
    later = _played(game, "single", seed + 1, steps)
    assert state_from_json(state_to_json(later)) == later


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(1, 40))
def test_fuzz_tampered_history(name: str, data: st.DataObject, seed: int, steps: int) -> None:
    """A state whose history or events were reordered, dropped, repeated or edited
    loads only if it is still exactly what its history gives."""
    game = games.get(name)
    state = _played(game, "single", seed, steps)
    tree = json.loads(state_to_json(state))
    key = data.draw(st.sampled_from(["history", "events"]))
    items = tree[key]
    if not items:
        return
    i = data.draw(st.integers(0, len(items) - 1))
    kind = data.draw(st.sampled_from(["swap", "drop", "repeat", "edit"]))
    if kind == "swap":
        j = data.draw(st.integers(0, len(items) - 1))
        items[i], items[j] = items[j], items[i]
    elif kind == "drop":
        del items[i]
    elif kind == "repeat":
        items.insert(i, copy.deepcopy(items[i]))
    elif key == "history":
        items[i] = data.draw(texts)
    else:
        field = data.draw(st.sampled_from(["kind", "seat", "cards", "value", "text"]))
        items[i][field] = data.draw(
            field_values.filter(lambda v: not isinstance(v, int) or abs(v) < 10**100).map(
                lambda v: v.text if hasattr(v, "text") else v
            )
        )
    loaded = refuses_cleanly("tampered history", lambda: state_from_json(json.dumps(tree)))
    if loaded is not None:
        assert loaded == state_from_json(state_to_json(loaded))
        if tree.get("history") is not None:
            assert loaded == _replayed(game, loaded)


def _replayed(game: Game, state: Any) -> Any:
    again = game.deal(state.rules, seed=state.seed, deck=state.first_deck, chance=state.chance)
    for move in state.history:
        again = game.apply(again, move)
    return again


@pytest.mark.parametrize("name", NAMES)
@given(digits=st.sampled_from(["9" * 5000, "1" * 400, "²", "①", "٣", "-" + "7" * 4400]))
def test_fuzz_huge_and_non_ascii_numbers(name: str, digits: str) -> None:
    """Numbers too long or not in ASCII digits get a library error wherever they are read."""
    game = games.get(name)
    state = game.deal(game.PRESETS["single"], seed=1)
    for text in (f"bid {digits}", f"dealer {digits}", f"play {digits}"):
        refuses_cleanly("number in move", lambda text=text: game.parse_move(state, text))  # type: ignore[misc]
    refuses_cleanly("number in rules", lambda: parse_rules_text(f"{name}(players={digits})"))
    raw = state_to_json(state).replace('"seed": 1,', f'"seed": {digits},', 1)
    refuses_cleanly("number in state json", lambda: state_from_json(raw))
    if digits.lstrip("-").isascii():
        # Built arithmetically: int() of so many digits is itself refused by Python.
        huge = (10 ** len(digits.lstrip("-")) - 1) * (-1 if digits.startswith("-") else 1)
        refuses_cleanly("huge seed", lambda: game.deal(game.PRESETS["single"], seed=huge))


@pytest.mark.parametrize("name", NAMES)
@given(seed=st.integers(0, 2**32), form=st.sampled_from(["iterator", "generator", "tuple"]))
def test_fuzz_deck_iterables(name: str, seed: int, form: str) -> None:
    """A deck given as any iterable of the cards deals exactly as the same list does."""
    game = games.get(name)
    rules = game.PRESETS["single"]
    order = list(game.deck_of(rules))
    random.Random(seed).shuffle(order)
    given_deck: Any = (
        iter(order)
        if form == "iterator"
        else (c for c in order)
        if form == "generator"
        else tuple(order)
    )
    dealt = refuses_cleanly("deck iterable", lambda: game.deal(rules, seed=seed, deck=given_deck))
    assert dealt == game.deal(rules, seed=seed, deck=order)
