"""Bad input gets a library error, and never corrupts, loses or hangs.

Each test names the promise it checks: only :class:`CardrulesError` subclasses
escape a public function given bad input; a bad input leaves nothing changed
for later calls; a loaded state agrees with its own history; ``sample`` is quick
however many players share the unseen cards.
"""

from __future__ import annotations

import importlib
import json
import random
import re
import sys
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from cardrules import games
from cardrules.cards import Card, Suit, parse_card, parse_cards
from cardrules.core.options import parse_rules_text
from cardrules.errors import (
    ArgumentError,
    CardrulesError,
    IllegalMoveError,
    NotationError,
    RecordError,
    RulesError,
    show_value,
)
from cardrules.games import enfle, mau_mau, maverick, oh_hell
from cardrules.moves import Bid, ChooseDealer, DealCard, Play, parse_move_text
from cardrules.records import state_from_json, state_to_json

NAMES = list(games.names())


def _played(game: Any, rules: Any, seed: int, moves: int) -> Any:
    """The state after ``moves`` moves chosen by ``random.Random(seed)``."""
    state = game.deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


# --------------------------------------------------------------------------- moves


@pytest.mark.parametrize(
    "build",
    [
        lambda: Bid(1.0),
        lambda: Bid(True),
        lambda: Bid("1"),
        lambda: Bid(-1),
        lambda: ChooseDealer(True),
        lambda: ChooseDealer(0.0),
        lambda: Play(Card("JC"), call=2),
        lambda: Play(Card("JC"), call=True),
        lambda: Play(Card("QH"), announce=None),
        lambda: Play(card="QH"),
        lambda: DealCard("AS"),
        lambda: maverick.Blind(1),  # type: ignore[arg-type]
        lambda: maverick.PassCards(("AS", "KS")),  # type: ignore[arg-type]
        lambda: maverick.PassCards(None),  # type: ignore[arg-type]
        lambda: maverick.PassCards(5),  # type: ignore[arg-type]
        lambda: maverick.PassCards("AS KS"),  # type: ignore[arg-type]
        lambda: maverick.Declaration("high"),  # type: ignore[arg-type]
    ],
)
def test_a_move_with_a_wrong_typed_field_is_refused_when_built(build: Any) -> None:
    """Rule: a move's fields have their documented types, checked when it is built."""
    with pytest.raises(IllegalMoveError):
        build()


def test_moves_compare_by_canonical_value() -> None:
    """Rule: an integer of another type (here a bool-free int subclass) is stored as int."""

    class Number(int):
        pass

    move = Bid(Number(2))
    assert move == Bid(2) and type(move.tricks) is int
    assert ChooseDealer(Number(1)).seat.__class__ is int


def test_a_refused_bid_does_not_corrupt_later_games() -> None:
    """Rule: a bad move changes nothing, not even the events of later games."""
    rules = oh_hell.Rules(schedule="single", start_hand=3, first_dealer=3)
    with pytest.raises(CardrulesError):
        oh_hell.apply(oh_hell.deal(rules, seed=1), Bid(1.0))
    state = oh_hell.apply(oh_hell.deal(rules, seed=2), Bid(1))
    assert state_from_json(state_to_json(state)) == state
    assert all(type(e.value) is int for e in state.log if e.value is not None)


def test_a_refused_dealer_choice_does_not_corrupt_the_deal_event() -> None:
    """Rule: the deal event names seat 1 as a number, whatever was tried before."""
    rules = oh_hell.Rules(schedule="single", start_hand=3)
    start = oh_hell.deal(rules, seed=1, chance="explicit")
    with pytest.raises(CardrulesError):
        oh_hell.apply(start, ChooseDealer(True))
    after = oh_hell.apply(start, ChooseDealer(1))
    assert "seat 1 deals" in after.log.to_tuple()[-1].text


@pytest.mark.parametrize(
    "text", ["bid ²", "dealer ①", "bid ٣", "bid " + "9" * 5000, "dealer " + "1" * 40]
)
def test_move_text_takes_short_ascii_numbers_only(text: str) -> None:
    """Rule: numbers in move texts are ASCII digits, a few at most."""
    with pytest.raises(NotationError):
        parse_move_text(text)
    state = oh_hell.deal(oh_hell.Rules(), seed=1)
    with pytest.raises(NotationError):
        oh_hell.parse_move(state, text)


# --------------------------------------------------------------------------- numbers, texts


def test_rules_text_refuses_huge_and_non_ascii_numbers() -> None:
    """Rule: a rules text's numbers are ASCII digits of bounded length."""
    with pytest.raises(NotationError, match="too large"):
        parse_rules_text("oh_hell(players=" + "9" * 5000 + ")")
    with pytest.raises(NotationError):
        parse_rules_text("oh_hell(players=٣)")


def test_huge_numbers_get_library_errors_with_readable_messages() -> None:
    """Rule: no message asks the user to raise Python's digit limit."""
    for action in (
        lambda: oh_hell.deal(oh_hell.Rules(), seed=10**5000),
        lambda: oh_hell.Rules(players=10**5000),
        lambda: state_from_json('{"game": "oh_hell", "seed": ' + "9" * 5000 + "}"),
    ):
        with pytest.raises(CardrulesError) as caught:
            action()
        assert "set_int_max_str_digits" not in str(caught.value)


@pytest.mark.parametrize(
    "action",
    [
        lambda: Card(5),
        lambda: parse_card(None),
        lambda: parse_cards(["AS"]),
        lambda: parse_rules_text(7),
        lambda: parse_move_text(b"draw"),
    ],
)
def test_text_functions_refuse_non_text(action: Any) -> None:
    """Rule: the notation functions take text and say so."""
    with pytest.raises(NotationError):
        action()


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("value", [5, None, b"play AS", ("play", "AS")])
def test_every_games_parse_move_refuses_non_text(name: str, value: object) -> None:
    """Rule: every game's parse_move takes text, and says so with the same message."""
    game = games.get(name)
    state = game.deal(game.Rules(), seed=1)
    with pytest.raises(NotationError, match="a move's text must be a string such as 'play QH'"):
        game.parse_move(state, value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda: maverick.trump_and_adder(5),  # type: ignore[arg-type]
        lambda: maverick.trump_and_adder(parse_cards("AS")),
        lambda: maverick.trump_and_adder(["AS", "KH"]),  # type: ignore[list-item]
        lambda: maverick.trump_and_adder(parse_cards("7H 7C"), "bridge"),
        lambda: maverick.trick_score(None, Suit.HEARTS, Suit.CLUBS),  # type: ignore[arg-type]
        lambda: maverick.trick_score(parse_cards("2H 5S"), None, Suit.CLUBS),
        lambda: maverick.trick_score(parse_cards("2H 5S"), Suit.HEARTS, Suit.CLUBS, "wild"),
        lambda: maverick.raw_scores(5),
        lambda: maverick.raw_scores(oh_hell.deal(oh_hell.Rules(), seed=1)),
    ],
)
def test_maverick_scoring_helpers_refuse_wrong_arguments(call: Any) -> None:
    """Rule: Maverick's public helpers (trump and adder, trick points, raw scores) refuse
    arguments of the wrong type with a library error naming what they take."""
    with pytest.raises(
        ArgumentError, match=r"must be|^Maverick, for two partnerships needs a state of Maverick"
    ):
        call()


@pytest.mark.parametrize("value", [5, None, b"pass 2C 7D"])
def test_maverick_parse_move_text_refuses_non_text(value: object) -> None:
    """Rule: Maverick's own move reader refuses what is not text as the shared one does."""
    with pytest.raises(NotationError, match="must be a string"):
        maverick.parse_move_text(value)


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("value", ["1", 2.5, None, True, False])
def test_every_games_move_from_index_refuses_a_wrong_type(name: str, value: object) -> None:
    """Rule: a move number is an int; text, a float, None and a bool (True is not the
    number 1 here) are refused with the library's error for a bad number, in the pure and
    the compiled build alike."""
    game = games.get(name)
    with pytest.raises(IllegalMoveError, match=r"^move numbers are whole numbers 0\.\.\d+ "):
        game.move_from_index(value)  # type: ignore[arg-type]
    assert game.move_index(game.move_from_index(1)) == 1  # an int is still a number


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("value", ["play AS", None, object(), 5, Card("AS")])
def test_every_games_move_index_refuses_what_is_not_a_move(name: str, value: object) -> None:
    """Rule: move_index takes a move; text (which parse_move reads), None, a card or any
    other object is refused with the library's error, in both builds."""
    game = games.get(name)
    with pytest.raises(IllegalMoveError, match=r"^move_index takes a move, such as "):
        game.move_index(value)


# --------------------------------------------------------------------------- arguments


def test_unknown_rules_options_raise_rules_error() -> None:
    """Rule: an unknown option is a RulesError that lists the options (as documented)."""
    with pytest.raises(RulesError, match=r"no_such_option.*players"):
        oh_hell.Rules(no_such_option=1)  # type: ignore[call-arg]
    with pytest.raises(RulesError):
        oh_hell.Rules(4)  # type: ignore[misc]


def test_games_get_refuses_non_text() -> None:
    """Rule: a game is looked up by name."""
    with pytest.raises(RulesError):
        games.get([])  # type: ignore[arg-type]


def test_a_game_file_that_cannot_load_is_a_rules_error(tmp_path: Any) -> None:
    """Rule: every tool's game lookup loads a game's file, and says in one line why not."""
    (tmp_path / "half.py").write_text("def broken(:\n")
    (tmp_path / "raises.py").write_text("{}['key']\n")
    for path, why in (
        (tmp_path / "absent.py", "there is no such file"),
        (tmp_path / "half.py", "SyntaxError"),
        (tmp_path / "raises.py", "KeyError: 'key'"),
        (tmp_path / "half.txt", "a Python file"),
    ):
        with pytest.raises(RulesError, match=f"cannot load the game .*: .*{why}"):
            games.get(str(path))
    with pytest.raises(RulesError, match="is a game's file, not a game's name"):
        games.registered("./half.py")


@pytest.mark.parametrize("name", NAMES)
def test_deal_refuses_bad_seeds_and_rules(name: str) -> None:
    """Rule: deal takes the game's own Rules and a whole-number seed."""
    game = games.get(name)
    other = games.get(NAMES[(NAMES.index(name) + 1) % len(NAMES)])
    seeds: list[Any] = ["1", 1.5, True, None, 2**2000]
    for seed in seeds:
        with pytest.raises(ArgumentError):
            game.deal(game.Rules(), seed=seed)
    for rules in (None, "default", other.Rules()):
        with pytest.raises(ArgumentError):
            game.deal(rules, seed=1)


@pytest.mark.parametrize("name", NAMES)
def test_observe_and_sample_refuse_bad_arguments(name: str) -> None:
    """Rule: a seat is a number 0..players-1; sample needs a random.Random."""
    game = games.get(name)
    state = game.deal(game.Rules(), seed=1)
    seats: list[Any] = [-1, 99, "0", True, 0.0]
    for seat in seats:
        with pytest.raises(ArgumentError):
            game.observe(state, seat)
    with pytest.raises(ArgumentError):
        game.sample(game.observe(state, 0), None)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_a_game_refuses_another_games_state(name: str) -> None:
    """Rule: a game's functions answer only for its own states (never silently wrongly)."""
    game = games.get(name)
    # Games on one engine share its functions, which read the game from the state's
    # rules: they answer for either game's states, correctly.
    engines = ({"mau_mau", "mau_mau_standard", "strafpoint"}, {"oh_hell", "enfle", "maverick"})
    for other_name in NAMES:
        if other_name == name or any({name, other_name} <= engine for engine in engines):
            continue
        other = games.get(other_name)
        state = other.deal(other.Rules(), seed=1)
        for function in (game.to_move, game.legal_moves, game.score, game.is_over):
            with pytest.raises(ArgumentError, match=other_name):
                function(state)
        with pytest.raises(ArgumentError):
            game.apply(state, other.legal_moves(state)[0])
        with pytest.raises(ArgumentError):
            game.observe(state, 0)
        with pytest.raises(ArgumentError):
            game.sample(other.observe(state, 0), random.Random(1))


def test_games_on_one_engine_play_each_others_states_as_their_own_game() -> None:
    """Rule: the functions two games share answer for a state as the state's own game
    (the engine reads the game from its rules), ``score`` and ``teams`` too, as on the
    trick engine."""
    from cardrules.games import mau_mau_standard, strafpoint

    rng = random.Random(3)
    state = mau_mau_standard.deal(mau_mau_standard.Rules(max_moves=300), seed=1)
    while not mau_mau_standard.is_over(state):
        move = rng.choice(mau_mau_standard.legal_moves(state))
        assert strafpoint.apply(state, move) == mau_mau_standard.apply(state, move)
        state = mau_mau_standard.apply(state, move)
    assert mau_mau_standard.score(state).outcome is not None
    assert strafpoint.score(state) == mau_mau_standard.score(state)
    assert strafpoint.score(state).better == "high"  # the standard game's, not Strafpoint's
    rules = mau_mau_standard.Rules(players=3)
    assert strafpoint.teams(rules) == mau_mau_standard.teams(rules) == ((0,), (1,), (2,))


# --------------------------------------------------------------------------- states and history


def _tampered(state_json: str, change: Any) -> str:
    tree = json.loads(state_json)
    change(tree)
    return json.dumps(tree)


def _swap_two_hand_cards(tree: dict[str, Any]) -> None:
    hands = tree["hands"]
    first, second = hands[0].split(), hands[1].split()
    first[0], second[0] = second[0], first[0]
    hands[0], hands[1] = " ".join(first), " ".join(second)


TAMPERS = {
    "a changed seed": lambda t: t.__setitem__("seed", t["seed"] + 1),
    "a changed move count": lambda t: t.__setitem__("moves_made", t["moves_made"] + 1),
    "the last history entry dropped": lambda t: t["history"].pop(),
    "an edited event": lambda t: t["events"][-1].__setitem__("text", "edited"),
    "a huge deal number": lambda t: t["match"].__setitem__("deal_number", 10**30),
    "a play event with no cards": lambda t: t["events"].append(
        {"kind": "play", "seat": 0, "cards": "", "value": None, "text": ""}
    ),
    "a play event of seat 99": lambda t: t["events"].append(
        {"kind": "play", "seat": 99, "cards": "AS", "value": None, "text": ""}
    ),
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("tamper", sorted(TAMPERS))
def test_a_state_that_contradicts_its_history_is_refused(name: str, tamper: str) -> None:
    """Rule: a state with a history is exactly what replaying that history gives."""
    game = games.get(name)
    text = state_to_json(_played(game, game.PRESETS["single"], 1, 25))
    with pytest.raises(RecordError):
        state_from_json(_tampered(text, TAMPERS[tamper]))


def test_two_swapped_hand_cards_are_refused() -> None:
    """Rule: the hands must be the ones the history deals."""
    state = _played(oh_hell, oh_hell.Rules(), 1, 6)
    with pytest.raises(RecordError, match="history"):
        state_from_json(_tampered(state_to_json(state), _swap_two_hand_cards))


# --------------------------------------------------------------------------- data loss


@pytest.mark.parametrize("name", NAMES)
def test_deal_reads_an_iterator_deck_once(name: str) -> None:
    """Rule: ``deck`` may be any iterable of the game's cards; none is lost."""
    game = games.get(name)
    rules = game.Rules()
    order = list(game.deck_of(rules))
    random.Random(5).shuffle(order)
    once: Any = iter(order)
    assert game.deal(rules, seed=1, deck=once) == game.deal(rules, seed=1, deck=order)


def test_a_truncated_mau_mau_game_has_totals_equal_to_its_rows() -> None:
    """Rule: the final totals are the sums of the deal rows, even when a cap ends a deal."""
    state = _played(mau_mau, mau_mau.PRESETS["penalty"], 1, 10_000)
    score = mau_mau.score(state)
    assert score.outcome is not None and score.outcome.reason == "truncated"
    sums = tuple(sum(row.points[s] for row in score.deals) for s in range(2))
    assert score.totals == sums


# --------------------------------------------------------------------------- presets, sample


@pytest.mark.parametrize("name", NAMES)
def test_presets_are_read_only(name: str) -> None:
    """Rule: no caller can change the named rules for the rest of the process."""
    presets: Any = games.get(name).PRESETS
    with pytest.raises(TypeError):
        presets["mine"] = None
    with pytest.raises(TypeError):
        del presets[next(iter(presets))]


@pytest.mark.parametrize("name", NAMES)
def test_sample_refuses_impossible_views(name: str) -> None:
    """Rule: sample refuses a view no game shows, rather than return a state that
    does not match it."""
    game = games.get(name)
    view = game.observe(game.deal(game.Rules(), seed=1), 0)
    twice = attrs.evolve(view, hand=(*view.hand, view.hand[0]))
    short = attrs.evolve(view, hand_sizes=view.hand_sizes[:-1])
    for bad in (twice, short):
        with pytest.raises(ArgumentError):
            game.sample(bad, random.Random(1))


def test_sample_with_eight_players_matches_the_view() -> None:
    """Rule: sample's world is consistent with the view, on the 8-player view whose
    exact count once enumerated every split over the holders (benchmarks/sampling.py
    times it)."""
    rules = oh_hell.Rules(players=8, schedule="down")
    view = oh_hell.observe(_played(oh_hell, rules, 3, 18), 4)
    for draw in range(3):
        world = oh_hell.sample(view, random.Random(draw))
        assert oh_hell.observe(world, 4) == view


def test_enfle_iterator_deck_keeps_every_card() -> None:
    """Rule: an Enfle deal from an iterator holds all the cards (none silently lost)."""
    rules = enfle.Rules()
    order = list(enfle.deck_of(rules))
    once: Any = iter(order)
    state = enfle.deal(rules, seed=1, deck=once)
    held = sum(len(cards) for cards in enfle.zones(state).values())
    assert held == len(order)


def test_suit_call_accepts_a_suit() -> None:
    """Rule: a jack's call is a Suit; the valid form is still accepted."""
    assert str(Play(Card("JC"), call=Suit.HEARTS)) == "play JC call hearts"


#: Every function of the Game protocol that takes a state, a view or rules first, with
#: the arguments that follow it.
_FIRST_ARGUMENT_TAKERS = {
    "to_move": (),
    "is_over": (),
    "legal_moves": (),
    "chance_outcomes": (),
    "apply": (Play(Card("AS")),),
    "parse_move": ("play AS",),
    "score": (),
    "events": (),
    "moves_played": (),
    "zones": (),
    "state_to_dict": (),
    "observe": (0,),
    "deal_number": (),
    "moves_made": (),
    "origin": (),
    "players": (),
    "teams": (),
    "deck_of": (),
    "describe": (),
    "explain_move": (Play(Card("AS")),),
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("function", sorted(_FIRST_ARGUMENT_TAKERS))
@pytest.mark.parametrize("wrong", [5, None, "a state"])
def test_a_wrong_first_argument_is_refused_with_a_library_error(
    name: str, function: str, wrong: object
) -> None:
    """Rule: every public function refuses a value that is not its game's state, view or
    rules with a library error naming the problem, never a Python error."""
    call = getattr(games.get(name), function)
    with pytest.raises(CardrulesError) as caught:
        call(wrong, *_FIRST_ARGUMENT_TAKERS[function])
    assert show_value(wrong) in str(caught.value) or "rules must be" in str(caught.value)


@pytest.fixture(params=[*NAMES, "examples.crazy_eights", "examples.whist", "examples.hearts",
                        "examples.spades"])  # fmt: skip
def any_game(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Each built-in game and each game example, on either engine (an example is
    registered for the test only: the other tests see the games of cardrules)."""
    name: str = request.param
    if not name.startswith("examples."):
        yield games.get(name)
        return
    loaded = name in sys.modules  # by another test, which then cleans up after itself
    module: Any = importlib.import_module(name)
    yield module
    if not loaded:
        if module.NAME in games.names():
            games.unregister(module.NAME)
        del sys.modules[name]  # the next import registers it again


def test_score_and_teams_refuse_what_is_not_a_state_or_rules_on_both_engines(
    any_game: Any,
) -> None:
    """Rule: each engine's ``score`` and ``teams`` serve every game of the engine and
    check their argument, alike on both engines: nothing, a view, or rules for a state,
    and nothing or a state for rules, get a library error naming what was given (the
    game's own title for a value of the game)."""
    game = any_game
    state = game.deal(game.Rules(), seed=1)
    view = game.observe(state, 0)
    title = game.TITLE
    for wrong, words in ((None, "not None"), (view, f"not a view of {title}"),
                         (game.Rules(), f"not {game.NAME}.Rules")):  # fmt: skip
        with pytest.raises(ArgumentError, match=re.escape(words)):
            game.score(wrong)
    with pytest.raises(ArgumentError, match=r"^teams needs the rules of a .* game .*not None$"):
        game.teams(None)
    with pytest.raises(ArgumentError, match=re.escape(f"not a State of {game.NAME} (give its")):
        game.teams(state)
    assert game.score(state).teams == game.teams(game.Rules())
