"""The trick engine's double-dummy search on deals that seats sit out (the contract's
``out``), on the small contract game of the tests (tests/seats_game.py): a lone hand,
whose partner sits out, plays tricks of three cards; so does a deal written by hand
with the dealer out and the declarer against the other two (four-hand Skat's shape).
The fast search plays such deals (it declined them before, leaving them to the generic
search) and its values equal plain minimax over the game's interface, for every seat
(the one out too), with and without equivalent cards and the margin, with the deal's
points read from the tricks won or from a trick scorer's tally; PIMC on the game
solves through it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

from cardrules import games
from cardrules.bots.pimc import PIMCBot
from cardrules.core import trickgame
from cardrules.core.trickgame.double_dummy import DoubleDummy
from cardrules.solver import Solver, objective
from tests import seats_game as game
from tests.seats_game import Rules


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    games.register(game)
    yield
    games.unregister(game.NAME)


def _points_module() -> ModuleType:
    """The seats game scored by the aces each seat takes (a trick scorer's tally)."""
    module = ModuleType("seats_points_dd")
    trickgame.install(game.POINTS_GAME, module.__dict__)
    return module


def _lone(module: Any, rules: Any, seed: int, moves: int) -> Any:
    """The deal of ``seed`` (dealer 0) where ``seed % 4`` seats hold, the next takes
    and goes alone (its partner sits out; with two holds that is the dealer's left,
    and the lead passes over it), after ``moves`` random cards of the play."""
    state = module.deal(rules, seed=seed)
    for word in ["hold"] * (seed % 4) + ["take", "alone"]:
        state = module.apply(state, module.parse_move(state, word))
    rng = random.Random(seed)
    for _ in range(moves):
        state = module.apply(state, rng.choice(module.legal_moves(state)))
    return state


def _minimax(module: Any, state: Any, seat: int, margin: bool) -> float:
    """Plain minimax over the interface: the seat's points (or, with ``margin``, less
    the best points outside its team), the deal's sides maximizing them."""
    team = next(members for members in module.sides(state) if seat in members)
    others = [other for other in range(state.rules.players) if other not in team]

    def search(node: Any) -> float:
        if module.deal_number(node) != 0 or module.is_over(node):
            points = module.score(node).deals[0].points
            return objective(points, seat, others, margin and bool(others), True)
        values = [search(module.apply(node, move)) for move in module.legal_moves(node)]
        return max(values) if module.to_move(node) in team else min(values)

    return search(state)


def _minimax_moves(module: Any, state: Any, seat: int, margin: bool) -> list[tuple[Any, float]]:
    return [
        (move, _minimax(module, module.apply(state, move), seat, margin))
        for move in module.legal_moves(state)
    ]


@pytest.mark.parametrize("scored", ["tricks", "tally"])
def test_the_fast_search_plays_a_lone_hand_as_minimax_does(scored: str) -> None:
    """Contract out: on random lone-hand deals, from the first lead and later, the
    fast search gives every seat's values (the seat out's too) and they equal plain
    minimax, with and without the margin and (where only tricks score: an ace's
    neighbour is no equal where aces score) equivalent cards."""
    module: Any = game if scored == "tricks" else _points_module()
    rules = Rules(first_dealer=0) if scored == "tricks" else game.PointsRules(first_dealer=0)
    options = [(False, False), (False, True)]
    if scored == "tricks":
        options.append((True, False))
    checked = 0
    for seed in range(8):
        state = _lone(module, rules, seed, seed % 4)
        assert state.deal.turns is not None and state.contract.out
        for seat in range(4):
            for equivalent, margin in options:
                fast = DoubleDummy(seat, equivalent, margin)
                found = fast.move_values(state)
                assert found is not None  # the fast search plays it: no decline
                assert found == _minimax_moves(module, state, seat, margin)
                assert fast.value(state) == _minimax(module, state, seat, margin)
                checked += 1
    assert checked == 8 * 4 * len(options)


def test_hand_built_lone_hands_are_valued_as_minimax_does() -> None:
    """Contract out: positions written by hand (each seat's cards drawn at random, the
    same calls and contract; the declarer, and so the seat out, by the number of
    holds) are valued by the fast search as plain minimax values them."""
    rng = random.Random(41)
    for number in range(12):
        dealt = _lone(game, Rules(first_dealer=0), number % 4, 0)
        position = game.position(dealt)
        cards = [str(card) for card in game.DECK]
        rng.shuffle(cards)
        position["hands"] = [" ".join(cards[seat * 3 : seat * 3 + 3]) for seat in range(4)]
        state = game.setup(dealt.rules, position)
        for _ in range(rng.randrange(4)):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        seat = rng.randrange(4)
        found = DoubleDummy(seat).move_values(state)
        assert found is not None
        assert found == _minimax_moves(game, state, seat, False)


def test_the_dealer_out_and_a_declarer_against_two_are_valued_as_minimax_does() -> None:
    """Contract out and sides together, as in four-hand Skat: positions written by hand
    where the dealer sits out and the declarer (on its side alone) plays against the
    other two (the dealer on their side), each seat's cards drawn at random; the fast
    search plays the declarer against both, as plain minimax does."""
    rng = random.Random(42)
    values: set[float] = set()
    for number in range(10):
        dealt = _lone(game, Rules(first_dealer=0), 0, 0)  # seat 1 declares
        position = game.position(dealt)
        position["contract"] = ["hearts", 1, [1, 0, 1, 1], [0], None, None, [["value", 2]]]
        cards = [str(card) for card in game.DECK]
        rng.shuffle(cards)
        position["hands"] = [" ".join(cards[seat * 3 : seat * 3 + 3]) for seat in range(4)]
        state = game.setup(dealt.rules, position)
        assert game.sides(state) == ((1,), (0, 2, 3)) and state.deal.turns is not None
        for _ in range(number % 3):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        for seat in range(4):
            found = DoubleDummy(seat).move_values(state)
            assert found is not None
            assert found == _minimax_moves(game, state, seat, False)
            values.update(value for _, value in found)
    assert values == {-2.0, 2.0}  # made and down both occur: the test can fail


def test_the_solver_hands_a_lone_hand_to_the_fast_search() -> None:
    """Contract out: :class:`~cardrules.solver.Solver` values a lone hand through the
    fast search (its generic search never runs), where the lead passed over the seat
    out at the first trick too, and the values are minimax's."""
    for seed in (2, 6):
        state = _lone(game, Rules(first_dealer=0), seed, 0)
        out = state.contract.out[0]
        assert out == 1 and state.leader == 2 and state.hands[out]  # it keeps its cards
        solver = Solver(game, 0, 0)
        values = solver.move_values(state)
        assert solver.searched == 0 and solver.nodes > 0
        assert values == _minimax_moves(game, state, 0, False)


def _recording(record: Callable[[str, Any, Any], None]) -> Any:
    """The engine's search wrapped (compiled, it takes no subclass) so that each answer
    is handed to ``record(kind, state, answer)``, ``kind`` the method asked."""

    class Recorded:
        def __init__(self, seat: int, equivalent_cards: bool = False, margin: bool = False):
            self.inner = DoubleDummy(seat, equivalent_cards, margin)
            self.budget = self.inner.budget

        @property
        def nodes(self) -> int:
            return self.inner.nodes

        def value(self, state: Any) -> float | None:
            self.inner.budget = self.budget
            found = self.inner.value(state)
            record("value", state, found)
            return found

        def move_values(self, state: Any) -> Any:
            self.inner.budget = self.budget
            found = self.inner.move_values(state)
            record("move_values", state, found)
            return found

    return Recorded


def test_pimc_solves_a_lone_hand_through_the_fast_search() -> None:
    """Contract out: PIMC on the seats game solves each sampled deal with the fast
    search (every call answered: none left to the generic search)."""
    module: Any = ModuleType("seats_recorded")
    trickgame.install(game.GAME, module.__dict__)
    answers: list[bool] = []
    module.double_dummy = _recording(lambda kind, state, found: answers.append(found is not None))
    state = _lone(module, Rules(first_dealer=0), 2, 0)
    bot = PIMCBot(module, samples=6)
    rng = random.Random(4)
    while module.deal_number(state) == 0:
        seat = module.to_move(state)
        moves = module.legal_moves(state)
        move = bot.choose(module.observe(state, seat), moves, rng)
        assert move in moves
        state = module.apply(state, move)
    assert answers and all(answers)


def test_pimc_counts_only_the_hands_of_the_seats_that_play() -> None:
    """Contract out: PIMC's ``solve_cards`` waits for the hands of the seats that play
    (the seat out keeps its three cards to the end): once the first trick is played and
    they hold two cards each, a bot that solves from two cards solves each drawn deal
    from the position itself, and the seats game's ``seats_out`` names the seat out."""
    module: Any = ModuleType("seats_solved")
    trickgame.install(game.GAME, module.__dict__)
    solved: list[int] = []
    module.double_dummy = _recording(
        lambda kind, state, found: (
            solved.append(module.to_move(state)) if kind == "move_values" else None
        )
    )
    state = _lone(module, Rules(first_dealer=0), 2, 3)  # the first trick played
    out = state.contract.out
    assert module.seats_out(state) == out == (1,)
    assert module.seats_out(module.observe(state, 0)) == out
    assert state.hands[1].bit_count() == 3
    assert {state.hands[seat].bit_count() for seat in (0, 2, 3)} == {2}
    seat = module.to_move(state)
    bot = PIMCBot(module, samples=4, solve_cards=2)
    move = bot.choose(module.observe(state, seat), module.legal_moves(state), random.Random(1))
    assert move in module.legal_moves(state)
    assert solved == [seat] * 4 and bot.last_depth == 2
