"""The shared invariants of DESIGN.md, checked on every registered game and preset.

Each example plays one complete random game (moves chosen by a seeded random
generator) and checks every invariant after every step. A game registered in
:mod:`cardrules.games` is covered the day it is registered.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import games
from cardrules.errors import IllegalMoveError
from cardrules.game import CHANCE, Game
from cardrules.records import Record, record_of, replay, state_from_json, state_to_json

CASES = [(name, preset) for name in games.names() for preset in games.get(name).PRESETS]
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _game(name: str) -> Game:
    return games.get(name)


def check_cards_conserved(game: Game, state: Any) -> None:
    """Rule: every card of the deck is in exactly one zone at every step."""
    zones = game.zones(state)
    counts = Counter(card for cards in zones.values() for card in cards)
    deck = game.deck_of(state.rules)
    assert all(n == 1 for n in counts.values()), f"a card is in two zones: {zones}"
    assert set(counts) == set(deck), "the zones do not hold exactly the deck"


def check_unlisted_moves_refused(
    game: Game, state: Any, rng: random.Random, *, deep: bool = True
) -> None:
    """Rule: a move that legal_moves does not list raises and changes nothing
    (``deep``: compare the whole pickled state before and after)."""
    legal = set(game.legal_moves(state))
    before = pickle.dumps(state) if deep else None
    candidates = [game.move_from_index(i) for i in rng.sample(range(game.NUM_MOVES), 12)]
    for move in candidates:
        if move in legal:
            continue
        with pytest.raises(IllegalMoveError):
            game.apply(state, move)
    if before is not None:
        assert pickle.dumps(state) == before


def pickle_check_due(steps: int) -> bool:
    """Whether to compare whole pickled states at this step. A pickle costs O(game
    length), so the checks thin out as a game grows: every 7th step of the first 70,
    then every 70th (a 1,000-move game would otherwise spend most of its time here)."""
    return steps % 7 == 0 if steps < 70 else steps % 70 == 0


def check_views(game: Game, state: Any, rng: random.Random) -> None:
    """Rules: a view hides everything hidden (a resampled world looks the same to
    the seat), and sample gives a full state consistent with its view."""
    players = state.rules.players
    seat = rng.randrange(players)
    view = game.observe(state, seat)
    world = game.sample(view, random.Random(rng.getrandbits(32)))
    check_cards_conserved(game, world)
    assert game.observe(world, seat) == view
    assert game.to_move(world) == game.to_move(state)


@pytest.mark.parametrize(("name", "preset"), CASES)
@given(seed=seeds, choices=seeds)
def test_random_games_keep_every_invariant(name: str, preset: str, seed: int, choices: int) -> None:
    game = _game(name)
    rules = game.PRESETS[preset]
    rng = random.Random(choices)
    state = game.deal(rules, seed=seed)
    steps = 0
    while True:
        check_cards_conserved(game, state)
        legal = game.legal_moves(state)
        assert (legal == ()) == game.is_over(state), "legal_moves is empty iff the game is over"
        assert (game.to_move(state) is None) == game.is_over(state)
        if game.is_over(state):
            break
        assert len(set(legal)) == len(legal), "legal moves are distinct"
        assert [game.move_from_index(game.move_index(m)) for m in legal] == list(legal)
        deep = pickle_check_due(steps)
        if steps % 7 == 0:
            check_unlisted_moves_refused(game, state, rng, deep=deep)
            check_views(game, state, rng)
        move = rng.choice(legal)
        if deep:
            frozen = pickle.dumps(state)
            after = game.apply(state, move)
            assert pickle.dumps(state) == frozen, "apply mutated its input"
            assert game.apply(state, move) == after, "the same move gives an equal state"
        else:
            after = game.apply(state, move)
        state = after
        steps += 1
    outcome = game.score(state).outcome
    assert outcome is not None
    score = game.score(state)
    assert len(score.totals) == len(score.payoffs) == rules.players
    # Records and state JSON round-trip.
    record = record_of(state)
    assert replay(Record.from_json(record.to_json())) == state
    assert state_from_json(state_to_json(state)) == state


@pytest.mark.parametrize(("name", "preset"), CASES)
@given(seed=seeds, choices=seeds)
def test_every_listed_move_applies_and_states_round_trip(
    name: str, preset: str, seed: int, choices: int
) -> None:
    game = _game(name)
    rng = random.Random(choices)
    state = game.deal(game.PRESETS[preset], seed=seed)
    for _ in range(rng.randrange(1, 60)):
        if game.is_over(state):
            break
        for move in game.legal_moves(state):
            game.apply(state, move)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert state_from_json(state_to_json(state)) == state
    assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize(("name", "preset"), CASES)
@given(seed=seeds, choices=seeds)
def test_explicit_chance_plays_the_same_game_as_seeded(
    name: str, preset: str, seed: int, choices: int
) -> None:
    """Rule: the seeded and the explicit-chance mode give the same game for the
    same chance outcomes (here: the first deal, dealt from the same cards)."""
    game = _game(name)
    rules = game.PRESETS[preset]
    rng = random.Random(choices)
    explicit = game.deal(rules, seed=seed, chance="explicit")
    dealer = rules.first_dealer
    dealt: list[Any] = []
    while game.to_move(explicit) is CHANCE:
        outcomes = game.chance_outcomes(explicit)
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert [m for m, _ in outcomes] == list(game.legal_moves(explicit))
        move = rng.choice([m for m, _ in outcomes])
        if hasattr(move, "seat"):
            dealer = move.seat
        else:
            dealt.append(move.card)
        explicit = game.apply(explicit, move)
    rest = [c for c in game.deck_of(rules) if c not in dealt]
    seeded = game.deal(attrs.evolve(rules, first_dealer=dealer), seed=seed, deck=dealt + rest)
    deal_number = game.score(seeded).deals
    while not game.is_over(seeded) and game.to_move(explicit) is not CHANCE:
        assert game.events(seeded) == game.events(explicit)
        assert {k: set(v) for k, v in game.zones(seeded).items()} == {
            k: set(v) for k, v in game.zones(explicit).items()
        }
        assert game.legal_moves(seeded) == game.legal_moves(explicit)
        if game.score(seeded).deals != deal_number:
            break
        move = rng.choice(game.legal_moves(seeded))
        seeded, explicit = game.apply(seeded, move), game.apply(explicit, move)
    # The explicit game may wait at a chance step (a card drawn, e.g. for a last 7 in
    # Mau-Mau) that the seeded game resolved inside apply: so far, the logs agree.
    explicit_events = game.events(explicit)
    assert game.events(seeded)[: len(explicit_events)] == explicit_events
    if game.to_move(explicit) is not CHANCE:
        assert game.score(seeded).deals == game.score(explicit).deals
