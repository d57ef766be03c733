"""The perfect-information solver against plain minimax over the game interface.

Each case deals a game, plays random moves (bids and passes included) into the
play until every hand holds at most a few cards, and compares the solver's value
of every legal move with a plain minimax over ``legal_moves`` and ``apply`` (the
mover's team against the others, to the end of the deal; with alpha-beta cut-offs,
which leave every value as it is, and nothing more: no table, no move ordering, so
it shares nothing with the solver's search). The default run checks
a few hundred positions per game; ``HYPOTHESIS_PROFILE=deep`` (scripts/deep.sh)
checks 1,000 per game with up to four cards per hand.
"""

from __future__ import annotations

import importlib
import itertools
import math
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, cast

import attrs
import pytest

from cardrules import games
from cardrules.cards import ALL_CARDS, DECK52, Card, Suit, parse_cards
from cardrules.core import tricks
from cardrules.core.budget import TICK
from cardrules.core.trickgame.double_dummy import DoubleDummy
from cardrules.errors import ArgumentError
from cardrules.game import Game
from cardrules.moves import Play
from cardrules.simulate import make_bot
from cardrules.solver import SearchBudgetError, Solver, UnsolvableError, deal_value, solve_moves

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
#: Positions per game, and the most cards per hand.
POSITIONS = 1000 if DEEP else 200
MOST_CARDS = 4 if DEEP else 3


def minimax(
    game: Game,
    state: Any,
    seat: int,
    team: frozenset[int],
    deal: int,
    margin: bool = False,
    high: bool | None = None,
    alpha: float = -math.inf,
    beta: float = math.inf,
) -> float:
    """The seat's points for the deal (with ``margin``: less the best points among
    the seats outside its team): its team maximizes them, the others minimize them (the
    other way round where low totals are better: ``high``, read from the score once).

    Minimax over ``legal_moves`` and ``apply`` with alpha-beta cut-offs and nothing
    else (no table, no move ordering): called with the whole window, as every caller
    here does, the value is exactly the minimax value (the cut-offs skip only moves
    that cannot change it; :func:`plain_minimax` confirms it on random positions)."""
    if high is None:
        high = game.score(state).better == "high"
    if game.deal_number(state) != deal or game.is_over(state):
        return _points(game, state, seat, team, deal, margin, high)
    mover = game.to_move(state)
    assert isinstance(mover, int)
    maximizing = (mover in team) == high
    best = -math.inf if maximizing else math.inf
    for move in game.legal_moves(state):
        value = minimax(game, game.apply(state, move), seat, team, deal, margin, high, alpha, beta)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def plain_minimax(
    game: Game, state: Any, seat: int, team: frozenset[int], deal: int, margin: bool, high: bool
) -> float:
    """:func:`minimax` without the cut-offs: every line of play to the end of the deal."""
    if game.deal_number(state) != deal or game.is_over(state):
        return _points(game, state, seat, team, deal, margin, high)
    mover = game.to_move(state)
    values = [
        plain_minimax(game, game.apply(state, m), seat, team, deal, margin, high)
        for m in game.legal_moves(state)
    ]
    return max(values) if (mover in team) == high else min(values)


def _points(
    game: Game, state: Any, seat: int, team: frozenset[int], deal: int, margin: bool, high: bool
) -> float:
    """The seat's points (or margin) for the deal, once it has ended."""
    deals = game.score(state).deals
    if len(deals) <= deal:
        return 0.0
    points = deals[deal].points
    others = [other for other in range(len(points)) if other not in team]
    if not margin or not others:
        return float(points[seat])
    return float(points[seat] - (max if high else min)(points[other] for other in others))


def _team(game: Game, state: Any, seat: int) -> frozenset[int]:
    for members in game.score(state).teams:
        if seat in members:
            return frozenset(members)
    return frozenset((seat,))


def _seated_positions(game: Game, name: str, label: str, count: int) -> Iterator[tuple[Any, int]]:
    """``count`` random positions of the case ``name`` (with up to ``MOST_CARDS`` cards a
    hand; the generator seeded by ``label`` and the name), each with its seat to move."""
    make_rules = CASES[name][1]
    rng = random.Random(f"{label} {name}")
    found = 0
    while found < count:
        state = random_position(game, make_rules(rng), rng, MOST_CARDS)
        if state is None:
            continue
        seat = game.to_move(state)
        assert isinstance(seat, int)
        yield state, seat
        found += 1


def _cards_in_hand(game: Game, state: Any) -> int:
    zones = game.zones(state)
    return max(len(cards) for name, cards in zones.items() if name.startswith("hand "))


def random_position(game: Game, rules: Any, rng: random.Random, most_cards: int) -> Any:
    """A position in the play, every hand at most ``most_cards`` cards, reached by
    random moves (None if the deal ended first)."""
    state = game.deal(rules, seed=rng.randrange(1 << 30))
    target = rng.randint(1, most_cards)
    while True:
        legal = game.legal_moves(state)
        if game.deal_number(state) > 0 or game.is_over(state):
            return None
        in_play = all(type(move) is Play for move in legal)
        if in_play and _cards_in_hand(game, state) <= target and rng.random() < 0.5:
            return state
        state = game.apply(state, legal[rng.randrange(len(legal))])


def _oh_hell_rules(rng: random.Random) -> Any:
    return games.get("oh_hell").Rules(schedule="single", start_hand=rng.randint(1, 6))


def _maverick(preset: str) -> Callable[[random.Random], Any]:
    """Maverick's rules of one preset (each has a cap of one or two deals)."""
    return lambda rng: games.get("maverick").PRESETS[preset]


def _example(path: str, **options: Any) -> Callable[[random.Random], Any]:
    """An example game's rules, one deal to the target."""
    return lambda rng: importlib.import_module(path).Rules(target=1, **options)


#: Per case: the module's import path, its rules for a random position, and whether
#: equivalent cards are proven there (both searches are then checked). Every option
#: that changes a deal's points or the cards a seat may play has a case of its own:
#: Maverick's revokes (a penalty, with and without bidding), must-trump and the
#: adders' points, trumps that do not win, suitless jokers, the bidding options;
#: Hearts' queen breaking hearts; Spades' nil tricks not counted for the partner.
CASES: dict[str, tuple[str, Callable[[random.Random], Any], bool]] = {
    "oh_hell": ("cardrules.games.oh_hell", _oh_hell_rules, True),
    **{
        f"maverick {preset}": ("cardrules.games.maverick", _maverick(preset), True)
        for preset in (
            "single",
            "bidding",
            "bidding_options",
            "trumps_do_not_win",
            "suitless_jokers",
            "pagat_readings",
            "revoke_penalty",
            "revoke_penalty_bidding",
        )
    },
    "whist": ("examples.whist", _example("examples.whist"), True),
    # Restrictions on play (hearts not led until broken), a trick scorer, a low total.
    "hearts": ("examples.hearts", _example("examples.hearts"), True),
    "hearts queen_breaks_hearts": (
        "examples.hearts",
        _example("examples.hearts", queen_breaks_hearts=True),
        True,
    ),
    "spades": ("examples.spades", _example("examples.spades"), True),
    "spades nil_tricks_not_counted": (
        "examples.spades",
        _example("examples.spades", nil_tricks_count=False),
        True,
    ),
}
#: The cases whose margin (the seat's points less the best other seat's) is checked too.
MARGIN_CASES = ("oh_hell", "maverick single", "whist", "hearts", "spades")


@pytest.fixture
def game_of() -> Iterator[Callable[[str], Game]]:
    """The game module of an import path; an example registered by importing it is
    removed from the registry afterwards (other tests list the registered games)."""
    before = set(games.names())
    yield lambda path: cast(Game, importlib.import_module(path))
    for name in set(games.names()) - before:
        games.unregister(name)


@pytest.mark.parametrize(
    ("name", "margin"),
    [(name, False) for name in CASES] + [(name, True) for name in MARGIN_CASES],
    ids=[f"{name} points" for name in CASES] + [f"{name} margin" for name in MARGIN_CASES],
)
def test_solver_equals_plain_minimax(
    name: str, margin: bool, game_of: Callable[[str], Game]
) -> None:
    """The points, and the margin (the seat's points less the best points among the
    seats outside its team), each with the others playing to make it small; the margin on
    half as many positions."""
    path, make_rules, equivalent = CASES[name]
    game = game_of(path)
    rng = random.Random(f"solver {name}" + (" margin" if margin else ""))
    checked = 0
    revoked = 0
    while checked < (POSITIONS // 2 if margin else POSITIONS):
        state = random_position(game, make_rules(rng), rng, MOST_CARDS)
        if state is None:
            continue
        _check_against_minimax(game, state, margin, equivalent)
        revoked += any(game.position(state).get("revokes", ()))
        checked += 1
    if "revoke" in name:
        # The option is tested only where revokes have been made (MV-4.4: a revoke is
        # legal and costs the revoker's team 4 points).
        assert revoked >= checked // 4, revoked


def _check_against_minimax(game: Game, state: Any, margin: bool, equivalent: bool) -> None:
    """Every legal move's solved value, and the position's, equal plain minimax's."""
    seat = game.to_move(state)
    assert isinstance(seat, int)
    team = _team(game, state, seat)
    deal = game.deal_number(state)
    expected = [
        minimax(game, game.apply(state, move), seat, team, deal, margin)
        for move in game.legal_moves(state)
    ]
    for flag in (False, True) if equivalent else (False,):
        got = solve_moves(game, state, equivalent_cards=flag, margin=margin)
        assert [value for _, value in got] == expected, (flag, game.zones(state))
    high = game.score(state).better == "high"
    best = max(expected) if high else min(expected)
    assert deal_value(game, state, margin=margin) == best


@pytest.mark.parametrize(
    ("name", "margin"),
    [("hearts", False), ("maverick revoke_penalty", False), ("spades", True), ("oh_hell", True)],
    ids=["hearts points", "maverick revoke_penalty points", "spades margin", "oh_hell margin"],
)
def test_the_references_cut_offs_change_no_value(
    name: str, margin: bool, game_of: Callable[[str], Game]
) -> None:
    """The reference above (minimax with alpha-beta cut-offs) gives every legal move
    the value of a walk of every line of play, where higher and lower totals are better,
    for the points and the margin, with revokes."""
    game = game_of(CASES[name][0])
    for state, seat in _seated_positions(game, name, "reference", 20):
        team = _team(game, state, seat)
        deal = game.deal_number(state)
        high = game.score(state).better == "high"
        for move in game.legal_moves(state):
            after = game.apply(state, move)
            assert minimax(game, after, seat, team, deal, margin) == plain_minimax(
                game, after, seat, team, deal, margin, high
            )


@pytest.mark.parametrize("name", [name for name in CASES if "revoke" not in name])
def test_the_play_is_searched_by_the_engines_double_dummy_search(
    name: str, game_of: Callable[[str], Game]
) -> None:
    """The positions of the play go to the trick engine's search over card masks, not
    to the generic search over the interface (which the test above would pass too)."""
    path, _, equivalent = CASES[name]
    game = game_of(path)
    for state, seat in _seated_positions(game, name, "double dummy", 20):
        solver = Solver(game, seat, game.deal_number(state), equivalent_cards=equivalent)
        solver.move_values(state)
        assert solver.searched == 0
        assert solver.nodes > 0


@pytest.mark.parametrize(
    ("preset", "expected"),
    [("single", True), ("trumps_do_not_win", False), ("suitless_jokers", False)],
)
def test_trump_jokers_are_equivalent_to_the_trumps_below_them_where_trumps_win(
    preset: str, expected: bool
) -> None:
    """MV-4.3: jokers counted into the trump suit rank above its ace, so the engine's
    search takes a joker and the trumps next below it as equivalent cards; not where
    trumps do not win (a joker still wins every trick, a trump not) nor where jokers are
    suitless (playable at any time)."""
    module = importlib.import_module("cardrules.games.maverick")
    game = cast(Game, module)
    rng = random.Random(f"trump jokers {preset}")
    state = None
    while state is None:
        state = random_position(game, module.PRESETS[preset], rng, MOST_CARDS)
    seat = game.to_move(state)
    assert isinstance(seat, int)
    solver = Solver(game, seat, game.deal_number(state), equivalent_cards=True)
    solver.move_values(state)
    searches = list(cast(Any, solver.fast).deals.values())
    assert searches
    assert all(search.equivalent == expected for search in searches)


def test_a_trick_back_in_a_hand_is_refused() -> None:
    """Enfle's pick-up returns a trick to a hand, so a deal has no bounded length:
    the solver says so instead of searching for ever."""
    enfle = games.get("enfle")
    state = enfle.deal(enfle.PRESETS["single"], seed=0)
    with pytest.raises(UnsolvableError, match="pick-up"):
        solve_moves(enfle, state)


def test_the_engines_search_declines_what_it_cannot_express() -> None:
    """Positions before the play (bids) and games whose tricks go back into a hand are
    left to the generic search."""
    oh_hell = games.get("oh_hell")
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=1), seed=3)
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int) and type(oh_hell.legal_moves(state)[0]) is not Play
    solver = Solver(oh_hell, seat, 0)
    assert [move for move, _ in solver.move_values(state)] == list(oh_hell.legal_moves(state))
    assert solver.searched > 0
    enfle: Any = games.get("enfle")
    assert enfle.double_dummy(0).value(enfle.deal(enfle.PRESETS["single"], seed=0)) is None


def test_a_move_cap_the_deal_cannot_reach_leaves_the_engines_search_on() -> None:
    """The safety cap that simulate and tournaments add (thousands of moves) cannot end
    a deal of ten cards a hand: the play is still searched over card masks. A cap the
    rest of the deal could reach sends it to the generic search, which plays it."""
    oh_hell = games.get("oh_hell")
    for cap, fast in ((20_000, True), (14, False)):
        state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3, max_moves=cap), seed=2)
        while type(oh_hell.legal_moves(state)[0]) is not Play:
            state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
        seat = oh_hell.to_move(state)
        assert isinstance(seat, int)
        solver = Solver(oh_hell, seat, 0)
        values = solver.move_values(state)
        assert (solver.searched == 0) is fast
        team = _team(oh_hell, state, seat)
        assert [value for _, value in values] == [
            minimax(oh_hell, oh_hell.apply(state, move), seat, team, 0)
            for move in oh_hell.legal_moves(state)
        ]


def test_a_chance_step_inside_the_deal_is_refused() -> None:
    """With explicit chance the deal is dealt card by card: no seat is to move."""
    oh_hell = games.get("oh_hell")
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=2), seed=1, chance="explicit")
    with pytest.raises(UnsolvableError, match="chance"):
        solve_moves(oh_hell, state)


def test_solver_equals_plain_minimax_where_a_seat_can_still_shoot_the_moon(
    game_of: Callable[[str], Game],
) -> None:
    """Hearts' moon (HE-8) changes every seat's points at the last card: positions where
    one seat has taken every penalty point played so far, and some are still out, are
    drawn on purpose (random play seldom reaches them)."""
    game = game_of("examples.hearts")
    rules = cast(Any, game).Rules(target=1)
    rng = random.Random("solver hearts moon")
    checked = 0
    while checked < POSITIONS // 2:
        state = random_position(game, rules, rng, MOST_CARDS)
        if state is None:
            continue
        position = game.position(state)
        taken = sum(position["taken"])
        if taken == 0 or taken == 26:
            continue
        shooter = rng.randrange(4)
        position["taken"] = [taken if seat == shooter else 0 for seat in range(4)]
        _check_against_minimax(game, game.setup(rules, position), False, True)
        checked += 1


def test_the_queen_of_spades_stands_apart_from_the_spades_next_to_her(
    game_of: Callable[[str], Game],
) -> None:
    """HE-7: the queen of spades scores 13 and the other spades nothing, so the Hearts
    example names her to the solver (``SOLVER_CARDS_APART``): where a hand holds her and
    a spade next to her in rank (among the cards still in play), the engine's search with
    equivalent cards gives minimax's values, and without her named it gives wrong ones."""
    game = game_of("examples.hearts")
    rules = cast(Any, game).Rules(target=1)
    queen = Card("QS")
    rng = random.Random("queen apart")
    checked = 0
    wrong = 0
    while checked < 8:
        state = random_position(game, rules, rng, 3)
        if state is None:
            continue
        zones = game.zones(state)
        hands = [cards for name, cards in zones.items() if name.startswith("hand ")]
        holder = next((cards for cards in hands if queen in cards), None)
        if holder is None:
            continue
        live = [card for cards in [*hands, zones["trick"]] for card in cards]
        spades = sorted((card for card in live if card.suit is Suit.SPADES), key=_rank)
        place = spades.index(queen)
        neighbours = [spades[index] for index in (place - 1, place + 1) if 0 <= index < len(spades)]
        if not any(card in holder for card in neighbours):
            continue
        seat = game.to_move(state)
        assert isinstance(seat, int)
        named = DoubleDummy(seat, True, False, (queen,)).move_values(state)
        unnamed = DoubleDummy(seat, True, False).move_values(state)
        if named is None or unnamed is None:
            continue
        team = _team(game, state, seat)
        deal = game.deal_number(state)
        expected = [
            minimax(game, game.apply(state, move), seat, team, deal)
            for move in game.legal_moves(state)
        ]
        assert [value for _, value in named] == expected
        wrong += [value for _, value in unnamed] != expected
        checked += 1
    assert wrong > 0


def _rank(card: Card) -> int:
    return card.rank


#: Two positions of Maverick with the revoke penalty (MV-4.4) where the revokes made
#: and the books decide the points, though no seat's view shows them: a table keyed on
#: what the seats see gave two of them the value of another position.
REVOKE_POSITIONS = (
    (
        "maverick(max_deals=1,revoke=penalty) phase=playing deal_number=0 dealer=0 "
        "totals=[0/0/0/0] rows=[] outcome=none "
        'hands=[2C,8D,8H,6S/QC,10S,KS,AS/JC,KC,AH,QS/4C,KD,9S,JS] undealt="" '
        "face_up=7H,5D trump=hearts adder=diamonds blinds=[none/none] "
        'passed=[3S,KS/JH,QS/4C,2D/2H,4H] bids=[none/none/none/none] leader=2 trick="" '
        "tricks_won=[1/1/4/3] trick_points=[0/7] books=[0/0] revokes=[7/1/4/3] "
        "won=3C,5C,6C,7C,8C,9C,10C,AC,2D,3D,4D,6D,7D,9D,10D,JD,QD,AD,2H,3H,4H,5H,6H,9H,10H,JH,QH,KH,2S,3S,4S,5S,7S,8S,LJ,BJ"
    ),
    (
        "maverick(max_deals=1,revoke=penalty) phase=playing deal_number=0 dealer=2 "
        "totals=[0/0/0/0] rows=[] outcome=none "
        'hands=[9C,KD,3S,7S/5C,2D,10D,3H/3C,9H,4S,10S/JD,8H,KS,AS] undealt="" '
        "face_up=KH,4H trump=spades adder=diamonds blinds=[none/none] "
        'passed=[6C,3H/AH,LJ/2C,7D/4C,9C] bids=[none/none/none/none] leader=3 trick="" '
        "tricks_won=[1/3/4/1] trick_points=[6/1] books=[0/0] revokes=[5/5/3/7] "
        "won=2C,4C,6C,7C,8C,10C,JC,QC,KC,AC,3D,4D,5D,6D,7D,8D,9D,QD,AD,2H,5H,6H,7H,10H,JH,QH,AH,2S,5S,6S,8S,9S,JS,QS,LJ,BJ"
    ),
)


#: What plain minimax gives each legal move of those positions (the seat to move's
#: points, in the order of the legal moves): minimax over four cards a hand takes minutes.
REVOKE_VALUES = ((-44.0, -43.0, -44.0, -43.0), (-47.0, -47.0, -45.0, -45.0))


@pytest.mark.parametrize(
    ("text", "values"), list(zip(REVOKE_POSITIONS, REVOKE_VALUES)), ids=["1", "2"]
)
def test_revokes_made_count_in_the_value_of_a_position(
    text: str, values: tuple[float, ...]
) -> None:
    """MV-4.4: the solver's values are minimax's where earlier revokes cost points."""
    from cardrules.positions import setup_text

    maverick = games.get("maverick")
    state = setup_text(text)
    assert tuple(value for _, value in solve_moves(maverick, state)) == values


def _first_lead(cards: int) -> tuple[Game, Any]:
    """Up and Down the River, one deal of ``cards`` cards a hand, at its first lead."""
    oh_hell = games.get("oh_hell")
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=cards), seed=11)
    while type(oh_hell.legal_moves(state)[0]) is not Play:
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    return oh_hell, state


def test_a_budget_of_positions_is_kept() -> None:
    """A solve given fewer positions than it needs stops with SearchBudgetError, having
    searched about as many as it was given (to within one tick)."""
    game, state = _first_lead(8)
    seat = game.to_move(state)
    assert isinstance(seat, int)
    solver = Solver(game, seat, 0, positions=1_000)  # the solve needs about 5,000
    with pytest.raises(SearchBudgetError, match="1000 positions"):
        solver.move_values(state)
    assert 1_000 <= solver.nodes <= 1_000 + 2 * TICK
    with pytest.raises(SearchBudgetError):
        deal_value(game, state, positions=1)


def test_a_budget_of_time_is_kept() -> None:
    """A whole deal of twelve cards a hand takes far longer than a tenth of a second: the
    solve stops within a generous bound of its time (this is responsiveness, not speed)."""
    game, state = _first_lead(12)
    started = time.monotonic()
    with pytest.raises(SearchBudgetError, match="seconds"):
        solve_moves(game, state, seconds=0.1)
    assert time.monotonic() - started < 5


def test_a_budget_of_nothing_is_refused() -> None:
    with pytest.raises(ArgumentError, match="seconds"):
        Solver(games.get("oh_hell"), 0, 0, seconds=-1)
    with pytest.raises(ArgumentError, match="positions"):
        Solver(games.get("oh_hell"), 0, 0, positions=True)


_LONG_SOLVE = """
import sys
from cardrules import games
from cardrules.moves import Play
from cardrules.solver import solve_moves
oh_hell = games.get("oh_hell")
print("solving", flush=True)
try:
    for seed in range(1000):  # deal after deal, should one be solved quickly
        rules = oh_hell.Rules(schedule="single", start_hand=12, players=4)
        state = oh_hell.deal(rules, seed=seed)
        while type(oh_hell.legal_moves(state)[0]) is not Play:
            state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
        solve_moves(oh_hell, state)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


def _ctrl_c_as_in_a_shell() -> None:
    """In the child, before it starts: Ctrl-C its default meaning, as a shell sets up a
    foreground command (a test run started in the background of a script inherits an
    ignored SIGINT, and Python keeps ignoring a signal ignored at its start)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT, as Ctrl-C does")
def test_ctrl_c_stops_a_long_solve() -> None:
    """Ctrl-C (SIGINT) stops a solve of a whole deal of twelve cards a hand within a few
    seconds, in whichever build runs the tests (compiled code runs no signal handler
    unless the search lets it in)."""
    process = subprocess.Popen(
        [sys.executable, "-c", _LONG_SOLVE],
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_as_in_a_shell,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "solving"
        time.sleep(1.0)
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        output, _ = process.communicate(timeout=30)
        assert time.monotonic() - sent < 10
        assert output.strip() == "interrupted"
        assert process.returncode == 3
    finally:
        process.kill()


def _side_tricks(
    game: Game, state: Any, side: frozenset[int], deal: int, worst: bool = False
) -> int:
    """The most tricks ``side`` takes from ``state`` (the others taking the most for
    themselves; with ``worst``, the fewest it takes however anyone plays), by plain minimax
    over the interface, to the last trick (whose play ends the deal, and a new deal counts
    afresh)."""
    won: int = sum(state.tricks_won[seat] for seat in side)
    if not any(hand & (hand - 1) for hand in state.hands) and not state.trick:
        players = len(state.hands)
        cards = [
            ALL_CARDS[state.hands[(state.leader + position) % players].bit_length() - 1]
            for position in range(players)
        ]
        winner = tricks.winning_seat(state.deal.trick_rules, cards, state.leader, players)
        return won + int(winner in side)
    mover = game.to_move(state)
    values = [
        _side_tricks(game, game.apply(state, move), side, deal, worst)
        for move in game.legal_moves(state)
    ]
    return max(values) if mover in side and not worst else min(values)


def test_sp_4_4_unbroken_spades_keep_the_partition_search_exact(
    game_of: Callable[[str], Game],
) -> None:
    """SP-4.4 (spades not led until broken) reads suits alone, so Spades keeps the
    partition search: with equivalent cards (partition search, one table shared by the
    worlds sampled from a seat's view, as the PIMC bot shares it) the values are those
    of the search without them, on deals of six cards a hand, played down by the
    heuristic bot, where spades are not yet broken. A restriction on a single card
    (Hearts' queen of spades, barred from the first trick) or on ranks (must beat)
    keeps the partition search off."""
    from cardrules.core.trickgame.rules_of_play import Active, reads_suits_alone

    game = game_of("examples.spades")
    spades = tricks.SUIT_MASKS[Suit.SPADES]
    bot = make_bot("heuristic", game)
    rng = random.Random("SP-4.4 partition")
    checked = 0
    for seed in itertools.count():
        state = game.deal(game.Rules(target=1), seed=seed)
        while len(game.zones(state)["hand 0"]) > 6 or not all(
            type(move) is Play for move in game.legal_moves(state)
        ):
            mover = game.to_move(state)
            assert isinstance(mover, int)  # Spades deals by the seed: no chance moves
            legal = game.legal_moves(state)
            state = game.apply(state, bot.choose(game.observe(state, mover), legal, rng))
        if state.waste & spades:
            continue
        for _ in range(rng.randrange(3)):  # sometimes a trick under way
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        seat = game.to_move(state)
        assert isinstance(seat, int)
        shared = Solver(game, seat, 0, equivalent_cards=True)
        for world in (state, *(game.sample(game.observe(state, seat), rng) for _ in range(3))):
            plain = Solver(game, seat, 0, equivalent_cards=False).move_values(world)
            assert shared.move_values(world) == plain, game.position(world)
        checked += 1
        if checked == 6:
            break
    trick_rules = tricks.trick_rules(Suit.SPADES)
    hearts = tricks.SUIT_MASKS[Suit.HEARTS]
    queen = Card("QS").bit
    assert reads_suits_alone(Active(spades, spades, 0, False, False), trick_rules)
    assert not reads_suits_alone(Active(hearts, hearts, hearts | queen, False, False), trick_rules)
    assert not reads_suits_alone(Active(0, 0, 0, False, True), trick_rules)


@pytest.mark.parametrize("name", ["oh_hell", "whist", "spades"])
def test_sure_tricks_never_exceed_what_the_side_on_lead_takes(
    name: str, game_of: Callable[[str], Game]
) -> None:
    """The tricks the search counts as sure for the side on lead, where a trick is led,
    are never more than it takes against the best defence, and those of each side's top
    trumps never more than it takes on any line of play (so the cut-offs they make never
    change a value); both are counted on some positions (the test can fail)."""
    from cardrules.core.trickgame.solving import _Deal

    path, make_rules, _ = CASES[name]
    game = game_of(path)
    rng = random.Random(f"sure tricks {name}")
    checked = counted = trumped = 0
    while checked < 60:
        state = random_position(game, make_rules(rng), rng, MOST_CARDS)
        if state is None or state.trick:
            continue
        leader = state.leader
        search = _Deal(state, leader, False, False)
        if not search.quick:  # Spades' nil: the points follow a seat's own tricks
            assert name == "spades"
            continue
        sure = search._quick_tricks(list(state.hands), leader, state.waste)
        side = _team(game, state, leader)
        before = sum(state.tricks_won[seat] for seat in side)
        deal = game.deal_number(state)
        assert before + sure <= _side_tricks(game, state, side, deal), game.zones(state)
        counted += sure > 0
        # A side's top trumps win on every line of play, even where it wants to lose.
        if search.trumps:
            for team in (True, False):
                members = frozenset(s for s in range(4) if search.maximizing[s] == team)
                top = search._top_trumps(list(state.hands), team)
                least = _side_tricks(game, state, members, deal, worst=True)
                assert sum(state.tricks_won[s] for s in members) + top <= least
                trumped += top > 0
        checked += 1
    assert counted >= 6, counted
    assert trumped >= 6, trumped


def test_the_table_holds_the_tricks_to_come_whatever_was_won_before(
    game_of: Callable[[str], Game],
) -> None:
    """Where the points rise with the team's tricks (Whist), the table's entry holds the
    tricks still to come: the same hands with other tricks won so far are valued from
    the entry (a few positions searched, not the whole tree) and still equal minimax."""
    game = game_of("examples.whist")
    rules = cast(Any, game).Rules(target=1)
    rng = random.Random("future table")
    checked = 0
    while checked < 10:
        state = random_position(game, rules, rng, 4)
        if state is None or state.trick or _cards_in_hand(game, state) < 3:
            continue
        seat = game.to_move(state)
        assert isinstance(seat, int)
        solver = Solver(game, seat, game.deal_number(state), equivalent_cards=True)
        solver.value(state)
        first = solver.nodes
        position = game.position(state)
        won = list(position["tricks_won"])
        if not won[(seat + 1) % 4]:
            continue
        won[seat] += 1
        won[(seat + 1) % 4] -= 1
        position["tricks_won"] = won
        other = game.setup(rules, position)
        team = _team(game, other, seat)
        expected = [
            minimax(game, game.apply(other, move), seat, team, 0)
            for move in game.legal_moves(other)
        ]
        assert solver.value(other) == max(expected)
        # One position per null-window search, each answered by the entry.
        assert solver.nodes - first <= 3, (first, solver.nodes)
        checked += 1


#: Up and Down the River positions of five cards a hand where the bidder's best play
#: takes fewer tricks than it could cash (OH-5.1: ten points for making the bid exactly), with
#: plain minimax's values: a cut-off on the tricks a side could take gave some of them
#: the value of taking those tricks.
EXACT_BID_POSITIONS = (
    (
        "oh_hell(start_hand=5,schedule=single) phase=playing deal_number=0 dealer=2 "
        "totals=[0/0/0/0] rows=[] outcome=none "
        "hands=[2D,6D,8D,9D,9S/8C,10C,QD,5H,6S/5D,KD,7H,2S,KS/7C,4H,10H,8S,QS] "
        "undealt=2C,3C,4C,5C,6C,9C,JC,QC,KC,AC,3D,4D,7D,10D,JD,AD,2H,3H,6H,8H,9H,JH,QH,KH,"
        'AH,3S,4S,5S,7S,10S,AS trump_card=JS bids=[0/2/1/1] leader=3 trick="" '
        'tricks_won=[0/0/0/0] waste=""',
        (2.0, 2.0, 2.0, 11.0, 11.0),
    ),
    (
        "oh_hell(start_hand=6,schedule=single) phase=playing deal_number=0 dealer=1 "
        "totals=[0/0/0/0] rows=[] outcome=none "
        "hands=[4C,8C,9C,KD,7S/2D,AD,5S,9S,AS/2C,10C,QC,6D,7H/JC,AC,9D,AH,QS] "
        "undealt=3C,5C,6C,7C,KC,3D,4D,5D,7D,8D,10D,JD,QD,3H,5H,6H,8H,9H,KH,2S,3S,4S,6S,"
        '8S,10S,JS,KS trump_card=JH bids=[4/6/3/2] leader=3 trick="" tricks_won=[0/0/0/1] '
        "waste=2H,4H,10H,QH",
        (3.0, 3.0, 3.0, 4.0, 3.0),
    ),
)


@pytest.mark.parametrize(("text", "values"), EXACT_BID_POSITIONS, ids=["1", "2"])
def test_an_exact_bid_is_valued_by_the_tricks_the_bidder_wants(
    text: str, values: tuple[float, ...]
) -> None:
    """OH-5.1: the solver's values are minimax's where taking every trick a seat could cash
    would break its bid."""
    from cardrules.positions import setup_text

    oh_hell = games.get("oh_hell")
    state = setup_text(text)
    for equivalent in (False, True):
        got = solve_moves(oh_hell, state, equivalent_cards=equivalent)
        assert tuple(value for _, value in got) == values


def _bridge_play(rng: random.Random) -> Any:
    """Bridge card play (Whist with a chosen trump and leader, the side's tricks as its
    points) from five cards a hand: the values vary with the cards."""
    module: Any = importlib.import_module("benchmarks.bridge_play")
    strain = rng.choice(sorted(module.STRAINS))
    return module.Rules(cards=5, strain=strain, leader=rng.randrange(4))


@pytest.mark.parametrize(
    ("path", "make_rules"),
    [("benchmarks.bridge_play", _bridge_play), ("cardrules.games.oh_hell", _oh_hell_rules)],
    ids=["bridge card play", "oh_hell"],
)
def test_one_table_serves_other_deals_of_the_cards_exactly(
    path: str, make_rules: Callable[[random.Random], Any], game_of: Callable[[str], Game]
) -> None:
    """With equivalent cards, a table entry holds for every position whose suit lengths
    and whose holders of the ranks that won tricks by rank (and of those above them) are
    the same (partition search): one solver values many deals of the hidden cards (as
    the PIMC bot does), each exactly as a search without equivalent cards (checked
    against plain minimax above), and its table serves some of them."""
    game = game_of(path)
    rng = random.Random(f"partition {path}")
    checked = 0
    served = False
    while checked < 8:
        state = random_position(game, make_rules(rng), rng, 5)
        if state is None or _cards_in_hand(game, state) < 3:
            continue
        seat = game.to_move(state)
        assert isinstance(seat, int)
        shared = Solver(game, seat, game.deal_number(state), equivalent_cards=True)
        for _ in range(8):
            world = game.sample(game.observe(state, seat), rng)
            before = shared.nodes
            values = shared.move_values(world)
            fresh = Solver(game, seat, game.deal_number(world), equivalent_cards=True)
            assert fresh.move_values(world) == values
            plain = Solver(game, seat, game.deal_number(world))
            assert plain.move_values(world) == values, game.zones(world)
            served |= shared.nodes - before < fresh.nodes
        checked += 1
    assert served


@pytest.mark.parametrize(
    ("strain", "hands", "tricks"),
    [
        # No trump: the leader's heart puts the partner in, whose two top hearts win.
        ("notrump", ["2H 3D", "3H 5D", "AH KH", "4H 6D"], 2),
        # Spades trumps: the fourth seat holds one heart and a trump, so it follows the
        # first heart and trumps the second: one trick is sure.
        ("spades", ["2H 3D", "3H 5D", "AH KH", "4H 2S"], 1),
        # The partner, in with the ace of hearts, cashes its spades too.
        ("notrump", ["2H 3D 4D", "3H 5D 6D", "AH AS KS", "4H 7D 8D"], 3),
    ],
    ids=["partner cashes", "an opponent trumps", "partner cashes another suit"],
)
def test_the_tricks_a_partner_cashes_after_the_lead_bound_the_value(
    strain: str, hands: list[str], tricks: int, game_of: Callable[[str], Game]
) -> None:
    """Where a trick is led, the tricks the leader's side takes for sure count those its
    partner cashes after a lead of a suit in which the partner holds the top cards (in
    each suit as many as an opponent holding trumps must follow): here they decide the
    value where the search starts, which plain minimax confirms."""
    game: Any = game_of("benchmarks.bridge_play")
    rules = game.Rules(cards=len(hands[0].split()), strain=strain, leader=0)
    position = game.position(game.deal(rules, seed=0))
    held = " ".join(hands).split()
    position["hands"] = hands
    position["undealt"] = " ".join(str(card) for card in DECK52 if str(card) not in held)
    state = game.setup(rules, position)
    team = _team(game, state, 0)
    assert minimax(game, state, 0, team, 0) == tricks
    solver = Solver(game, 0, 0, equivalent_cards=True)
    assert solver.value(state) == tricks
    assert solver.nodes <= 2  # a null-window search or two, each ended where it starts
    expected = [
        minimax(game, game.apply(state, move), 0, team, 0) for move in game.legal_moves(state)
    ]
    assert [value for _, value in solve_moves(game, state)] == expected


def test_top_trumps_bound_each_seats_count_exactly_in_the_margin(
    game_of: Callable[[str], Game],
) -> None:
    """OH-5.1: where the points follow each seat's own count (the margin of an exact bid
    over the best other seat), the trumps the holder of the top trump holds above every
    other seat's are tricks it takes whatever the play, and narrow the points the search
    may still reach: drawn where a trick is to be led and trumps are still held, the
    values stay plain minimax's."""
    game = game_of("cardrules.games.oh_hell")
    rng = random.Random("solver oh_hell top trumps margin")
    checked = 0
    while checked < POSITIONS // 4:
        state = random_position(game, _oh_hell_rules(rng), rng, MOST_CARDS)
        if state is None:
            continue
        position = game.position(state)
        trump = str(position["trump_card"] or "")[-1:]
        held = " ".join(position["hands"]).split()
        if position["trick"] or not trump or not any(card[-1] == trump for card in held):
            continue
        _check_against_minimax(game, state, True, True)
        checked += 1


#: Positions of bridge card play (the strain, the seat to lead) where the side on lead
#: needs every trick left, with the tricks it takes (plain minimax's value) and whether
#: the count of later tricks proves it cannot take them all.
LATER_TRICKS_POSITIONS = (
    # A squeeze: East tops spades but must bare its ace of spades or its king-queen of
    # hearts on the ace of clubs, and North-South take all three tricks. The suits
    # North-South top hold three rounds (clubs one, hearts two): no cut.
    ("notrump", 0, ["AC KS 2H", "AS KH QH", "AH JH 2C", "2D 3D 4D"], 3, False),
    # East's ace of spades takes a trick: North-South top clubs and hearts, a round
    # each, fewer than the three tricks left, and South's last cards are spades.
    ("notrump", 0, ["AC KS 2H", "AS 3H 4H", "AH 2S 3S", "2D 3D 4D"], 2, True),
    # The same with South's spades for clubs: North-South take the three tricks (two
    # rounds of clubs), and East's ace of spades is never led to.
    ("notrump", 0, ["AC KS 2H", "AS 3H 4H", "AH 2C 3C", "2D 3D 4D"], 3, False),
    # Spades trumps: East, next after North's ace, holds the king and another trump,
    # and takes a trick with one of them.
    ("spades", 0, ["AS AH", "KS 2S", "KH QH", "2D 3D"], 1, True),
    # West's king of trumps sits before North's ace-queen: South leads through it and
    # North-South take both tricks (no cut, though the other side holds the king and
    # another trump).
    ("spades", 2, ["AS QS", "2H 3H", "3S AH", "KS 2S"], 2, False),
)


@pytest.mark.parametrize(
    ("strain", "leader", "hands", "tricks", "cut"),
    LATER_TRICKS_POSITIONS,
    ids=["squeeze", "ace held", "ace never led to", "king behind the ace", "finesse"],
)
def test_later_tricks_prove_the_side_on_lead_cannot_take_every_trick(
    strain: str,
    leader: int,
    hands: list[str],
    tricks: int,
    cut: bool,
    game_of: Callable[[str], Game],
) -> None:
    """Where the side on lead needs every trick left, it cannot take them all when (no
    trumps held) the suits whose highest card it holds hold fewer rounds (the longer of
    its hands in each) than the tricks left, or when (trumps held) it holds the highest
    trump and the seat next after its holder, of the other side, the second highest and
    another trump: the search then ends where it starts. A squeeze takes every trick with
    a top card held by the other side, and a finesse every trick against the second
    highest trump, so counts that left out the side's rounds or the seats' order would
    be wrong there."""
    from cardrules.core.trickgame.solving import _Deal

    game: Any = game_of("benchmarks.bridge_play")
    rules = game.Rules(cards=len(hands[0].split()), strain=strain, leader=leader)
    position = game.position(game.deal(rules, seed=0))
    held = " ".join(hands).split()
    position["hands"] = hands
    position["undealt"] = " ".join(str(card) for card in DECK52 if str(card) not in held)
    state = game.setup(rules, position)
    team = _team(game, state, leader)
    assert minimax(game, state, leader, team, 0) == tricks
    search = _Deal(state, leader, True, False)
    assert search._later_tricks(list(state.hands), leader) == cut
    expected = [
        minimax(game, game.apply(state, move), leader, team, 0) for move in game.legal_moves(state)
    ]
    assert [value for _, value in solve_moves(game, state, equivalent_cards=True)] == expected
    assert [value for _, value in solve_moves(game, state)] == expected


def test_the_tricks_the_side_on_lead_cashes_bound_an_exact_bid_from_its_side(
    game_of: Callable[[str], Game],
) -> None:
    """OH-5.1: where the points rise and fall with the bidder's tricks (an exact bid), the
    tricks the side on lead can cash from the top are its own to take or leave: the
    bidder's cashing tricks only raise the least points it can make sure of (the least
    over the counts from them up), the others' only lower the most it can reach. Drawn
    where a trick is to be led and the side on lead has tricks to cash, the values of the
    seat on lead and of the next seat (for whom the leader is an opponent) stay plain
    minimax's: a bound that took the cashing tricks as taken on every line of play, or
    gave them to the wrong side, fails here."""
    from cardrules.core.trickgame.solving import _Deal

    game = game_of("cardrules.games.oh_hell")
    rng = random.Random("solver oh_hell cashing")
    checked = 0
    while checked < POSITIONS // 4:
        state = random_position(game, _oh_hell_rules(rng), rng, MOST_CARDS)
        if state is None or state.trick:
            continue
        leader = state.leader
        search = _Deal(state, leader, True, False)
        assert search.quick
        if search.tricks_mode:  # the bid is already broken: more tricks are never worse
            continue
        if not search._quick_tricks(list(state.hands), leader, state.waste):
            continue
        _check_against_minimax(game, state, False, True)
        deal = game.deal_number(state)
        for seat in (leader, (leader + 1) % 4):
            expected = minimax(game, state, seat, frozenset((seat,)), deal)
            for equivalent in (False, True):
                solver = Solver(game, seat, deal, equivalent_cards=equivalent)
                assert solver.value(state) == expected, game.zones(state)
        checked += 1


def test_a_kept_projection_of_the_points_serves_only_deals_scored_from_the_same_figures() -> None:
    """The search keeps what of the tricks won a deal's points depend on, and the points
    of each end, for the next deal scored from the same figures (PIMC's sampled worlds):
    the same hands under other bids, solved after it, still get their own values, those
    found with nothing kept."""
    from cardrules.core.trickgame import solving_tables

    oh_hell = games.get("oh_hell")
    differed = 0
    for seed in range(6):
        ends = []
        for pick in (0, -1):  # every seat bids the least, or the most
            state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=4), seed=seed)
            while not isinstance(oh_hell.legal_moves(state)[0], Play):
                state = oh_hell.apply(state, oh_hell.legal_moves(state)[pick])
            ends.append(state)
        for margin in (False, True):
            kept = [deal_value(oh_hell, state, margin=margin) for state in ends]
            solving_tables._PROJECTIONS.clear()
            fresh = [deal_value(oh_hell, state, margin=margin) for state in reversed(ends)]
            assert kept == fresh[::-1]
            differed += kept[0] != kept[1]
    assert differed >= 4, differed


def _whist_variant(
    game_of: Callable[[str], Game], name: str, restrictions: Any, hand_size: int
) -> Any:
    """The Whist example with ``restrictions`` on its play, ``hand_size`` cards a hand and
    each side scoring the tricks it takes: a module of the trick engine's interface."""
    import dataclasses
    import types

    from cardrules.core import trickgame
    from cardrules.game import Event

    whist: Any = game_of("examples.whist")

    # A class of its own: a description binds its rules class to itself (trick_game),
    # and Whist's own must stay bound to Whist for the other tests.
    @attrs.frozen(slots=True, kw_only=True)
    class Rules(whist.Rules):  # type: ignore[misc]  # the example module is loaded as Any
        """Whist's options, for the variant."""

    def score(state: Any, out: int | None) -> Any:
        won = [sum(state.tricks_won[seat] for seat in team) for team in whist.TEAMS]
        text = f"tricks {won[0]} and {won[1]}"
        points = tuple(won[seat % 2] for seat in range(4))
        return points, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))

    module = types.ModuleType(name)
    module.__dict__.update(Rules=Rules, View=whist.View, NAME=name, version="1", TEAMS=whist.TEAMS)
    module.__dict__["PRESETS"] = whist.PRESETS
    module.__dict__["SOLVER_EQUIVALENT_CARDS"] = True
    engine = whist.GAME
    variant = dataclasses.replace(
        engine,
        name=name,
        rules_class=Rules,
        dealing=dataclasses.replace(engine.dealing, hand_size=lambda rules, number: hand_size),
        scoring=dataclasses.replace(engine.scoring, deal=score),
        play=dataclasses.replace(engine.play, restrictions=restrictions),
    )
    trickgame.install(variant, module.__dict__)
    return module


@pytest.mark.parametrize(
    ("restriction", "hands", "side_tricks"),
    [
        # Must trump: East, void in spades, must ruff North's ace with the heart two and
        # then leads clubs; North's king and queen of spades are stuck (sure tricks). Ten
        # tricks of thirteen are played, six of them North and South's.
        ("must_trump", ["AS KS QS", "AC KC JS", "2H 2C 3C", "4C 5C 6C"], 6 + 1),
        # Hearts barred from the first trick: South, void in spades, holds only hearts
        # and the club two, the trump, which it must play (sure tricks).
        ("barred", ["AS KS QS", "AH KH JS", "2C 2H 3H", "4D 5D 6D"], 1),
        # Hearts barred from the first trick: East must play the ace of diamonds, which
        # later tricks count as kept, under North's ace of spades.
        ("barred", ["AS 3D", "AD 2H", "4H 5H", "6S KH"], 2),
    ],
    ids=["must trump: sure tricks", "barred: sure tricks", "barred: later tricks"],
)
def test_restrictions_that_force_a_card_keep_the_trick_counts_out(
    restriction: str, hands: list[str], side_tricks: int, game_of: Callable[[str], Game]
) -> None:
    """The sure tricks and later tricks the search counts where a trick is led assume a
    seat void in the suit led may discard any card; a restriction that forces a card
    (must trump, the first trick's bars) breaks that, so the search does not count them
    there: the value (North and South's tricks) is plain minimax's (before, the counts
    gave their side 8, 3 and 1 tricks)."""
    from cardrules.core.trickgame import Restrictions
    from cardrules.testing import minimax_value

    hearts = tricks.SUIT_MASKS[Suit.HEARTS]
    restrictions = (
        Restrictions(must_trump=lambda rules: True)
        if restriction == "must_trump"
        else Restrictions(first_trick_barred=lambda rules: hearts)
    )
    first_trick = restriction == "barred"  # the bars hold in the first trick alone
    size = len(hands[0].split()) if first_trick else 13
    game = _whist_variant(game_of, f"whist_{restriction}_{size}", restrictions, size)
    trump = "7C" if first_trick else "7H"
    held = {card for hand in hands for card in parse_cards(hand)}
    rest = " ".join(str(card) for card in DECK52 if card not in held)
    position = {
        "phase": "playing",
        "deal_number": 0,
        "dealer": 3,
        "totals": [0, 0, 0, 0],
        "rows": [],
        "outcome": None,
        "hands": hands,
        "undealt": rest if first_trick else "",
        "trump_card": trump,
        "leader": 0,
        "trick": "",
        "tricks_won": [0, 0, 0, 0] if first_trick else [3, 2, 3, 2],
        "waste": "" if first_trick else rest,
    }
    state = game.setup(game.Rules(target=1), position)
    assert minimax_value(game, state, 0, frozenset((0, 2)), 0) == side_tricks
    for equivalent in (False, True):
        solver = Solver(game, 0, 0, equivalent_cards=equivalent)
        assert solver.value(state) == side_tricks
        assert max(value for _, value in solver.move_values(state)) == side_tricks
