"""The trick engine's state keeps what a deal fixes apart from what a move changes.

A :class:`cardrules.core.trickgame.State` holds the fields a move changes and one
:class:`cardrules.core.trickgame.Deal` of what the deal fixes (the rules, the
seed, the match, the trumps, what the rounds before play recorded): a card played
copies only the first and shares the second. The deal's fields still read on the
state by name.
"""

from __future__ import annotations

import ast
import itertools
import json
import pathlib
import pickle
import random
from types import ModuleType

import pytest

import cardrules
from cardrules.core.trickgame import Deal, State
from cardrules.errors import RecordError
from cardrules.games import enfle, maverick, oh_hell
from cardrules.moves import Play
from cardrules.records import state_from_json, state_to_json

GAMES = (oh_hell, enfle, maverick)
#: The deal's fields that its rules give, read by every move (not state fields).
DERIVED = ("game", "capped", "turns")


def _positional_state_code() -> list[tuple[str, str, list[str]]]:
    """Every place in the trick engine that reads or builds a state (or a deal) by
    position: (module, function, the names it uses, in order)."""
    found = []
    # The folder from cardrules' own file: the compiled build names its compiled modules'
    # (and packages') folders wrongly, with the package's folder twice.
    for path in sorted(
        (pathlib.Path(cardrules.__file__).parent / "core" / "trickgame").glob("*.py")
    ):
        tree = ast.parse(path.read_text())
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if (
                    isinstance(node, ast.Assign)
                    and isinstance(node.targets[0], ast.Tuple)
                    and isinstance(node.value, ast.Name)
                    and node.value.id in ("state", "deal")
                ):
                    names = [getattr(e, "id", "?") for e in node.targets[0].elts]
                    found.append((path.stem, function.name, names))
                called = getattr(node.func, "id", None) if isinstance(node, ast.Call) else None
                if isinstance(node, ast.Call) and called in (
                    "_new_state",
                    "_new_deal",
                    "State",
                    "Deal",
                ):
                    built = node.args[1:2] if called in ("_new_state", "_new_deal") else []
                    values = built[0].elts if built and isinstance(built[0], ast.Tuple) else []
                    values = values or node.args
                    if values:
                        names = [getattr(e, "id", "?") for e in values]
                        found.append((path.stem, function.name, names))
    return found


def test_states_are_built_by_keyword_but_in_play_and_dealing() -> None:
    """Rule: a state is built by keyword; the hot paths' positional reads and builds (a
    card played, in play._play; a new deal, in dealing) use names that are the fields'
    own, in their order."""
    positional = _positional_state_code()
    assert {(module, function) for module, function, _ in positional} == {
        ("play", "_play"),
        ("dealing", "_new_deal_of"),
        ("dealing", "_new_opening"),
    }
    # _play's one unpacking and one build; a new deal's one build and its state's
    assert len(positional) == 4
    for module, function, names in positional:
        fields = Deal._fields if function == "_new_deal_of" else State._fields
        assert names == list(fields), (module, function)


def test_the_deal_and_the_state_share_no_field() -> None:
    """Rule: each field lives in one place, the deal or the state."""
    assert not set(Deal._fields) & set(State._fields)
    assert "deal" in State._fields


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_every_field_of_the_deal_reads_on_the_state(game: ModuleType) -> None:
    """Rule: ``state.rules``, ``state.match``, ``state.trump_card``, ... read as before;
    the values the deal keeps for every move (the game's description, whether a cap is
    set) are its rules' own."""
    state = game.deal(game.Rules(), seed=5)
    for name in Deal._fields:
        if name not in DERIVED:
            value, expected = getattr(state, name), getattr(state.deal, name)
            # The same object, but for a whole number: the compiled build makes a new int
            # object for a large one at each read of a field that holds it unboxed.
            assert value is expected or (type(value) is int and value == expected), name
    assert state.deal.game is state.rules.trick_game
    assert state.deal.capped is False
    assert game.deal(game.Rules(max_moves=30), seed=5).deal.capped is True
    assert game.deal(game.Rules(max_deals=1), seed=5).deal.capped is True


def test_a_state_shows_its_deal_without_the_game_s_description() -> None:
    """Rule: a state's text shows the deal's own fields, not the description it keeps."""
    shown = repr(oh_hell.deal(oh_hell.Rules(), seed=2))
    assert "Deal(rules=" in shown and "position=None" in shown
    assert "game=" not in shown and "capped=" not in shown


def _random_game(game: ModuleType, seed: int) -> list[tuple[State, object, State]]:
    """The steps (state, move, next state) of a random game."""
    rng = random.Random(seed)
    state = game.deal(game.Rules(max_deals=2), seed=seed)
    steps = []
    while not game.is_over(state):
        move = rng.choice(game.legal_moves(state))
        after = game.apply(state, move)
        steps.append((state, move, after))
        state = after
    return steps


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_a_card_played_copies_only_what_it_changes(game: ModuleType) -> None:
    """Rule: a card that does not end the deal keeps the state's deal, the same object;
    the deal changes only with the deal's chance steps, the rounds before play and the
    end of the deal."""
    kept = renewed = 0
    for before, move, after in _random_game(game, 11):
        same_deal = after.deal.match.deal_number == before.deal.match.deal_number
        if isinstance(move, Play) and same_deal and not game.is_over(after):
            assert after.deal is before.deal, move
            kept += 1
        elif after.deal is not before.deal:
            renewed += 1
    assert kept > 20 and renewed > 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.NAME)
def test_a_state_pickles_and_loads_as_itself(game: ModuleType) -> None:
    """Rule: a state (and the deal it holds) pickles; states of one deal still share
    one deal once loaded together."""
    steps = _random_game(game, 3)
    states = [after for _, _, after in steps[-8:]]
    again = pickle.loads(pickle.dumps(states))
    assert again == states
    for loaded, state in zip(again, states):
        assert type(loaded) is State and type(loaded.deal) is Deal
        assert loaded.deal.game is state.deal.game
        assert game.legal_moves(loaded) == game.legal_moves(state)
    for (a, b), (c, d) in zip(itertools.pairwise(states), itertools.pairwise(again)):
        assert (a.deal is b.deal) == (c.deal is d.deal)


def test_a_contradicted_field_of_the_deal_is_named_by_its_own_name() -> None:
    """Rule: a loaded state that its history contradicts is refused, naming the field
    that differs; a field of the deal by its name (``bids``), not as ``deal``."""
    rng = random.Random(0)
    state = oh_hell.deal(oh_hell.Rules(), seed=4)
    while state.phase is not oh_hell.Phase.PLAYING:
        state = oh_hell.apply(state, rng.choice(oh_hell.legal_moves(state)))
    data = json.loads(state_to_json(state))
    data["bids"][0] = 1 if data["bids"][0] == 0 else 0
    with pytest.raises(RecordError, match=r"gives a different bids$"):
        state_from_json(json.dumps(data))
