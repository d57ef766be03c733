"""Defects of the trick engine found by writing contract games on it, each with the test
that found it: face-up cards without a passing round, the names a description gives the
state's JSON form, and the card order of a deal without trumps."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from cardrules import games, testing
from cardrules.cards import Card, Suit
from cardrules.core import trickgame
from cardrules.core.trickgame import serialization
from cardrules.errors import RulesError
from cardrules.game import Event
from cardrules.moves import Declaration, Play
from tests import face_up_tricks, low_wins


@pytest.fixture
def face_up() -> Iterator[Any]:
    """The face-up game (trumps from two cards turned after the hands, no passing),
    registered while the test runs."""
    game = games.register(face_up_tricks, replace=True)
    yield game
    games.unregister(game.NAME)


@pytest.fixture
def low() -> Iterator[Any]:
    """Low wins (no trumps, the lowest card of the suit led wins), registered."""
    game = games.register(low_wins, replace=True)
    yield game
    games.unregister(game.NAME)


# --------------------------------------------------------------------------- face-up cards


def test_face_up_cards_without_a_passing_round_are_observed_and_sampled(face_up: Any) -> None:
    """Every view of a game of face-up cards and no passing round can be sampled: the
    sampled world keeps the face-up cards out of the hands, and plays by the trumps
    they fixed."""
    rng = random.Random(5)
    state = face_up_tricks.deal(face_up_tricks.Rules(), seed=3)
    while not face_up_tricks.is_over(state):
        for seat in range(3):
            view = face_up_tricks.observe(state, seat)
            assert view.face_up and view.trump is not None
            world = face_up_tricks.sample(view, rng)
            held = {card for hand in world.hands for card in parse_cards_of(hand)}
            assert not held & set(view.face_up)
            assert world.deal.trick_rules.trump is view.trump
            assert face_up_tricks.observe(world, seat) == view
        state = face_up_tricks.apply(state, rng.choice(face_up_tricks.legal_moves(state)))


def parse_cards_of(mask: int) -> tuple[Card, ...]:
    from cardrules.cards import cards_of

    return cards_of(mask)


def test_a_game_of_face_up_cards_without_passing_keeps_the_whole_interface(face_up: Any) -> None:
    assert testing.check_game(face_up_tricks, games=4).games == 4


# --------------------------------------------------------------------------- names in JSON


def _declaring(key: str) -> trickgame.Declaring[Any]:
    """A round of declarations keyed ``key``: each seat bids zero or not."""
    return trickgame.Declaring(
        phase="CALL",
        key=key,
        moves=lambda state, seat: (Declaration("zero"), Declaration(None)),
        value=lambda move: move.kind,
        values=("zero", None),
        event=lambda state, seat, move: Event("call", seat, text=str(move)),
        why_not=lambda state, seat, move: "bid zero or no bid",
    )


def _described(view_fields: dict[str, Any], **changes: Any) -> Any:
    """Face-up tricks with ``changes`` to its description, its own Rules class (a refused
    description must not become the game of face-up tricks' rules) and a view with the
    fields ``view_fields`` (name to type) besides."""

    @attrs.frozen(slots=True, kw_only=True)
    class OwnRules(face_up_tricks.Rules):
        pass

    view = attrs.make_class(
        "OwnView",
        {name: attrs.field(type=kind) for name, kind in view_fields.items()},
        bases=(face_up_tricks.View,),
        slots=True,
        frozen=True,
    )
    return dataclasses.replace(
        face_up_tricks.GAME, rules_class=OwnRules, view_class=view, **changes
    )


@pytest.mark.parametrize("key", ["game", "rules", "seed", "phase", "history", "trick", "trump"])
def test_a_round_of_declarations_keyed_as_the_state_s_own_key_is_refused(key: str) -> None:
    """A round's key is a key of the state's JSON form: one the engine writes already would
    be overwritten, and the state refused on loading."""
    with pytest.raises(RulesError, match=f"key {key!r} is a key the state's JSON form") as info:
        _described({key: tuple}, rounds=(_declaring(key),))
    message = str(info.value)
    assert "choose another name" in message
    assert "taken: game, version, rules, seed" in message


def test_every_name_a_description_gives_the_json_form_is_checked() -> None:
    """The second face-up suit's key, a tally's key, the finished tricks' key: each is
    refused when taken, naming what it is."""
    face_up = face_up_tricks.GAME.trumps.face_up
    assert face_up is not None
    second = dataclasses.replace(face_up, second_key="seed")
    trumps = dataclasses.replace(face_up_tricks.GAME.trumps, face_up=second)
    with pytest.raises(RulesError, match="second face-up suit's key 'seed'"):
        _described({"seed": Suit}, trumps=trumps)
    tallied = face_up_tricks.GAME.scoring.per_trick
    assert tallied is not None
    per_trick = dataclasses.replace(tallied, tally=(("history", 3, 0, 6),))
    scoring = dataclasses.replace(face_up_tricks.GAME.scoring, per_trick=per_trick)
    with pytest.raises(RulesError, match="a tally's key 'history'"):
        _described({"history": tuple}, scoring=scoring)
    with pytest.raises(RulesError, match=r"finished tricks' key \(Waste.key\) 'rules'"):
        _described({}, waste=trickgame.Waste(key="rules"))
    # Two names the description gives: the second would overwrite the first.
    with pytest.raises(RulesError, match=r"finished tricks' key .* 'bonus'"):
        _described({}, waste=trickgame.Waste(key="bonus"))
    # A key the engine writes only with a feature this game has (the trump suit).
    with pytest.raises(RulesError, match=r"key \(Waste.key\) 'trump' is a key"):
        _described({}, waste=trickgame.Waste(key="trump"))
    # A view's own field that every view has.
    with pytest.raises(RulesError, match="nor a field every view has"):
        _described({"hand": tuple}, rounds=(_declaring("hand"),))


def test_a_key_the_engine_writes_only_with_a_feature_is_free_without_it() -> None:
    """A round keyed ``bids`` in a game without bidding (as Maverick's) is allowed."""
    game = _described({"bids": tuple}, rounds=(_declaring("bids"),))
    assert "bids" not in serialization.taken_keys(game)


#: The library's trick games and the examples on the trick engine, the examples by their
#: import path: imported at collection, an example would register itself for the tests
#: that list every registered game (the golden data has none of them).
TRICK_GAMES = (
    *(name for name in games.names() if hasattr(games.get(name).Rules, "trick_game")),
    "examples.hearts",
    "examples.spades",
    "examples.whist",
    "examples.bridge",
    "examples.euchre",
    "examples.skat",
)


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_every_trick_game_s_description_passes_and_its_keys_are_the_taken_ones(name: str) -> None:
    """The built-in games and examples build; the keys their states write are those
    :func:`taken_keys` names and the description's own names (so the check knows every
    key the engine writes)."""
    module = games.get(name)
    game = module.Rules.trick_game
    serialization.check_named_keys(game)
    own = {r.key for r in game.rounds if isinstance(r, (trickgame.Declaring, trickgame.Auction))}
    if game.trumps.face_up is not None:
        own.add(game.trumps.face_up.second_key)
    own |= {key for key, _, _, _ in game.scoring.tally} | {game.waste.key}
    state = module.deal(next(iter(module.PRESETS.values())), seed=1)
    written = set(module.state_to_dict(state)) | set(module.position(state))
    assert written - own <= set(serialization.taken_keys(game))


# --------------------------------------------------------------------------- no trumps


def test_a_deal_without_trumps_plays_by_the_game_s_own_card_order(low: Any) -> None:
    """The ``trick_rules`` hook makes every deal's rules, a deal without trumps too: in
    low wins the ten of clubs beats the king and the ace."""
    order = [Card("10C"), Card("AC"), Card("KC")]
    rest = [card for card in face_up_tricks.DECK if card not in order]
    state = low_wins.deal(low_wins.Rules(first_dealer=2), seed=1, deck=order + rest)
    for card in order:  # seats 0, 1, 2 in turn
        state = low_wins.apply(state, Play(card))
    assert low_wins.observe(state, 0).tricks_won == (1, 0, 0)
    assert low_wins.to_move(state) == 0


def test_a_game_with_its_own_order_without_trumps_keeps_the_whole_interface(low: Any) -> None:
    """Loading, positions and sampled worlds give the deal the same rules as dealing."""
    assert testing.check_game(low_wins, games=3).games == 3


def test_a_view_field_nothing_fills_is_named_when_observed() -> None:
    """A view class with a field of its own that neither the engine nor ``view_extras``
    fills (a view copied from another game, say) is told which, not a KeyError."""
    game = _described({"adder": Suit})
    state = game.deal(game.rules_class(), seed=1)
    with pytest.raises(RulesError, match=r"OwnView has the field adder, which neither"):
        trickgame.observe(state, 0)
