"""The shedding core on a table like the standard German Mau Mau.

The two-handed Mau-Mau is tested in test_mau_mau.py. These tests check the core's
mechanics that only the standard game uses: more than two players, direction
and reverse, skips, stacked sevens, the draw-once rule with ``end turn``, the
"Mau" penalty drawn at the end of the turn, wild jacks that must call, and
blocked rounds with several players.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple, cast

import attrs
import pytest

import cardrules
from cardrules.cards import ACE, DECK52, JACK, Card, Suit, cards_of, mask_of, parse_cards
from cardrules.core import shedding
from cardrules.core.options import rules_to_text, set_resolved
from cardrules.core.shedding import AnnounceOn, Effect, State, Stops, StopsRules, interface
from cardrules.errors import ArgumentError, IllegalMoveError, RulesError
from cardrules.game import Score
from cardrules.games import mau_mau
from cardrules.moves import DRAW, END_TURN, Play, parse_move_text


@attrs.frozen(slots=True, kw_only=True)
class StandardLike(StopsRules):
    """A test table: the standard game's defaults plus nine-reverses and ace-skips."""

    players: int = 3
    jack_on_jack: bool = False
    restock: bool = True
    announce_on: str = "one_card"  # an option: int, bool or str ("one_card", "last_card")

    def __attrs_post_init__(self) -> None:
        table = Stops(
            players=self.players,
            hand_size=5,
            deck=DECK52,
            effects={
                7: Effect(draw=2, stack=True),
                8: Effect(skip=1),
                9: Effect(reverse=True),
                JACK: Effect(call=True, wild=True, on_itself=self.jack_on_jack),
                ACE: Effect(skip=1),
            },
            call_own_suit=True,
            call_required=True,
            draw_rule="once",
            voluntary_draw=True,
            announce=True,
            announce_on=cast(AnnounceOn, self.announce_on),
            announce_penalty="draw",
            announce_cards=2,
            restock=self.restock,
        )
        set_resolved(self, "stops", table)

    def __str__(self) -> str:
        return rules_to_text("standard_like", self)


def position(
    hands: list[str],
    upcard: str,
    *,
    stock: str | None = None,
    called: Suit | None = None,
    **options: Any,
) -> State:
    """Seat 0 to move; ``stock`` top first, or every other card; the rest in the pile."""
    rules = StandardLike(first_dealer=0, **options)
    state = shedding.new_game(rules, seed=0, deck=None, chance="seeded")
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    placed = Card(upcard).bit
    for mask in masks:
        placed |= mask
    if stock is None:
        stock_cards = tuple(c for c in DECK52 if not c.bit & placed)
    else:
        stock_cards = parse_cards(stock)
    pile = mask_of(c for c in DECK52 if not c.bit & (placed | mask_of(stock_cards)))
    return state._replace(
        hands=masks, upcard=Card(upcard), stock=stock_cards, pile=pile, turn=0, called=called
    )


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = shedding.apply(state, parse_move_text(text))
    return state


def texts(state: State) -> list[str]:
    return [str(m) for m in shedding.legal_moves(state)]


def size(state: State, seat: int) -> int:
    return state.hands[seat].bit_count()


def test_turns_go_clockwise_among_three_players() -> None:
    state = play(position(["5H 2C 3C", "6H 2D 3D", "7D 8S 4S"], "4H"), "play 5H", "play 6H")
    assert shedding.to_move(state) == 2


def test_a_nine_reverses_the_direction() -> None:
    state = play(position(["9H 2C 3C", "6H 2D 3D", "9C 8S 4S"], "4H"), "play 9H")
    assert state.direction == -1 and shedding.to_move(state) == 2


def test_with_two_players_a_reverse_acts_as_a_skip() -> None:
    state = play(position(["9H 2C 3C", "6H 2D 3D"], "4H", players=2), "play 9H")
    assert shedding.to_move(state) == 0


def test_an_eight_and_an_ace_skip_the_next_player() -> None:
    state = play(position(["8H 2C 3C", "6H 2D 3D", "5H 8S 4S"], "4H"), "play 8H")
    assert shedding.to_move(state) == 2
    state = play(position(["AH 2C 3C", "6H 2D 3D", "5H 8S 4S"], "4H"), "play AH")
    assert shedding.to_move(state) == 2


def test_a_seven_may_be_answered_with_a_seven_and_the_draw_grows() -> None:
    state = play(position(["7H 2C 3C", "7D 2D 3D", "5H 8S 4S"], "4H"), "play 7H")
    assert shedding.to_move(state) == 1 and state.pending == 2
    assert texts(state) == ["play 7D", "draw"]
    state = play(state, "play 7D")
    assert shedding.to_move(state) == 0  # seat 2 held no seven: he drew four, his turn ended
    assert size(state, 2) == 3 + 4 and state.pending == 0


def test_drawing_the_sevens_owed_ends_the_turn() -> None:
    state = play(position(["7H 2C 3C", "7D 2D 3D", "5H 8S 4S"], "4H"), "play 7H", "draw")
    assert size(state, 1) == 5 and shedding.to_move(state) == 2


def test_only_a_seven_answers_a_pending_seven_not_a_jack() -> None:
    state = play(position(["7H 2C 3C", "JH 7D 3D", "5H 8S 4S"], "4H"), "play 7H")
    assert texts(state) == ["play 7D", "draw"]


def test_after_a_draw_only_the_drawn_card_may_be_played_or_end_turn() -> None:
    state = position(["5H 2C 3C", "6H 2D 3D", "5D 8S 4S"], "4H", stock="9H")
    assert texts(state)[-1] == "draw"  # voluntary: he holds the 5H
    state = play(state, "draw")
    assert texts(state) == ["play 9H", "end turn"]
    with pytest.raises(IllegalMoveError, match=r"only the drawn card \(9H\) may be played"):
        play(state, "play 5H")
    state = play(state, "end turn")
    assert shedding.to_move(state) == 1 and state.drawn is None


def test_a_wild_jack_must_call_any_suit_and_may_not_go_on_a_jack() -> None:
    state = position(["JC 2C 3D", "6H 2D 3D", "5D 8S 4S"], "4H")
    assert texts(state) == [
        "play JC call clubs",
        "play JC call diamonds",
        "play JC call hearts",
        "play JC call spades",
        "draw",
    ]
    with pytest.raises(IllegalMoveError, match="a jack must call a suit"):
        play(state, "play JC")
    state = position(["JC 2C 3D", "6H 2D 3D", "5D 8S 4S"], "JH", called=Suit.HEARTS)
    assert texts(state) == ["draw"]
    state = position(
        ["JC 2C 3D", "6D 2D 3D"], "JH", called=Suit.HEARTS, players=2, jack_on_jack=True
    )
    assert texts(state)[0] == "play JC call clubs"


def test_a_missed_mau_costs_two_cards_at_the_end_of_that_turn() -> None:
    state = play(position(["5H 2C", "6D 2D 3D", "5D 8S 4S"], "4H"), "play 5H")
    assert size(state, 0) == 3 and shedding.to_move(state) == 1
    state = play(position(["5H 2C", "6D 2D 3D", "5D 8S 4S"], "4H"), "play 5H announce")
    assert size(state, 0) == 1


def test_a_last_card_called_on_goes_out_or_costs_the_penalty_and_play_goes_on() -> None:
    """The core of rule MMS-4.3 (``announce_on="last_card"``)."""
    state = position(["5H", "6D 2D 3D", "5D 8S 4S"], "4H", announce_on="last_card")
    assert texts(state) == ["play 5H", "play 5H announce", "draw"]
    assert play(state, "play 5H announce").phase is shedding.Phase.SCORING
    state = play(state, "play 5H")
    assert size(state, 0) == 2 and shedding.to_move(state) == 1


def test_a_last_card_without_its_call_goes_out_when_no_card_is_left_to_draw() -> None:
    """The library's choice for rule MMS-4.3: a penalty nobody can draw is not owed."""
    state = position(
        ["5H", "6D 2D 3D", "5D 8S 4S"], "4H", stock="", restock=False, announce_on="last_card"
    )
    state = play(state, "play 5H")
    assert state.phase is shedding.Phase.SCORING and size(state, 0) == 0
    assert [e.kind for e in state.log][-2:] == ["unannounced", "out"]


def test_the_call_on_the_last_card_refuses_a_penalty_at_the_next_turn() -> None:
    with pytest.raises(RulesError, match="announce_penalty='next_turn' does not apply"):
        Stops(players=2, hand_size=5, deck=DECK52, announce_on="last_card")


def test_every_player_passing_in_succession_blocks_the_round() -> None:
    state = position(["5H 2C 3C", "6D 2D", "6S 8S"], "4H", stock="", restock=False)
    state = play(state, "play 5H")
    assert state.phase is shedding.Phase.SCORING
    assert [e.kind for e in state.log].count("pass") == 3


def test_cards_are_conserved_through_restocks_with_four_players() -> None:
    import random

    rng = random.Random(3)
    state = shedding.new_game(StandardLike(players=4), seed=9, deck=None, chance="seeded")
    for _ in range(400):
        if state.phase is not shedding.Phase.PLAYING:
            break
        state = shedding.apply(state, rng.choice(shedding.legal_moves(state)))
        cards = [c for zone in shedding.zones(state).values() for c in zone]
        assert sorted(cards) == list(DECK52)


def test_a_starter_with_effects_acts_as_if_the_dealer_played_it() -> None:
    rules = attrs.evolve(StandardLike(first_dealer=0), players=4)
    table = attrs.evolve(rules.stops, starter_effects=True)
    set_resolved(rules, "stops", table)
    state = shedding.new_game(rules, seed=0, deck=DECK52, chance="seeded")
    # Card 20 of the index order (9D) is the starter after 4 x 5 cards: a reverse.
    assert state.upcard == Card("9D") and state.direction == -1
    assert shedding.to_move(state) == 3
    assert cards_of(state.hands[1])[0] == Card("2C")


def test_plays_are_listed_with_their_calls_and_announcements() -> None:
    state = position(["JS 2C", "6D 2D 3D"], "4S", players=2)
    assert [m for m in shedding.legal_moves(state) if isinstance(m, Play)][:2] == [
        Play(Card("JS"), Suit.CLUBS),
        Play(Card("JS"), Suit.CLUBS, True),
    ]
    assert DRAW in shedding.legal_moves(state) and END_TURN not in shedding.legal_moves(state)


def _after_a_restock(game: Any, rules: Any, seed: int) -> tuple[Any, int]:
    """Random play until the turn after the deal's first restock: the state and the
    restocked cards (the discard pile under the upcard just before the restock)."""
    rng = random.Random(seed)
    state = game.deal(rules, seed=seed)
    pile = state.pile
    while not game.is_over(state):
        before = state
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        if state.restocks > before.restocks and state.match is before.match:
            # The pile of the state before the move, plus any card played in it.
            pile = before.pile | (before.upcard.bit if state.upcard is not before.upcard else 0)
            return state, pile
    raise AssertionError("no restock")


@pytest.mark.parametrize(
    ("name", "seed"), [("mau_mau", 0), ("mau_mau", 1), ("mau_mau_standard", 0), ("strafpoint", 2)]
)
def test_sample_after_a_restock_keeps_old_cards_out_of_the_stock(name: str, seed: int) -> None:
    # Rule: a restock turns the discard pile into the stock, so later the stock
    # holds only cards of that pile, and each seat holds exactly as many of them
    # as it drew since and has not played (public). Cards from before stay in hands.
    from cardrules import games

    game = games.get(name)
    rules = game.PRESETS["single"]
    state, restocked = _after_a_restock(game, rules, seed)
    seat = game.to_move(state)
    assert isinstance(seat, int), "the seed must leave a seat to move after the restock"
    view = game.observe(state, seat)
    sampler = random.Random(seed)
    for _ in range(200):
        world = game.sample(view, sampler)
        assert mask_of(world.stock) & ~restocked == 0
        for other in range(len(state.hands)):
            assert (world.hands[other] & restocked).bit_count() == (
                state.hands[other] & restocked
            ).bit_count()


def _table(values: Any) -> Stops:
    return Stops(players=2, hand_size=5, deck=DECK52, values=values)


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        ((1,) * 13, r"not 13 numbers: for ranks 2 to ace alone, put \(0, 0\) before and \(0, 0\)"),
        ((1,) * 18, "not 18 numbers$"),
        (
            {2: 2, 14: 11},
            r"not a mapping; .* tuple\(points.get\(rank, 0\) for rank in range\(17\)\)",
        ),
        ("2345", "not '2345'"),
        (17, "not 17$"),
        ((0,) * 16 + (1.5,), "1.5 is no whole number"),
        ((0,) * 16 + (True,), "True is no whole number"),
    ],
)
def test_a_values_table_of_another_shape_is_refused_when_the_table_is_made(
    values: Any, problem: str
) -> None:
    """The scoring reads ``values[card.rank]``: 17 numbers, by rank 0..16 (jokers 15, 16).
    A table of another shape used to fail only when a deal was scored."""
    from cardrules.errors import RulesError

    with pytest.raises(
        RulesError,
        match=r"^Stops\(values=...\) must be 17 whole numbers indexed by card rank: "
        r"0 and 1 unused \(give 0\), 2 to 10 the pip cards, 11 jack, 12 queen, 13 king, "
        r"14 ace, 15 little joker, 16 big joker[,;] " + problem,
    ):
        _table(values)


def test_a_values_table_is_read_by_card_rank() -> None:
    values = [0] * 17
    values[JACK], values[ACE], values[2] = 20, 11, 2
    table = _table(values)  # a list is taken as the tuple it gives
    assert table.values == tuple(values)
    assert shedding.hand_value(table, mask_of(parse_cards("JS AH 2C 5D"))) == 20 + 11 + 2


def _positional_state_code() -> list[tuple[str, str, list[str]]]:
    """Every place in the shedding core that reads or builds a state by position:
    (module, function, the names it uses, in order)."""
    import ast
    import pathlib

    found = []
    # The folder from cardrules' own file: the compiled build names its compiled modules'
    # (and packages') folders wrongly, with the package's folder twice.
    for path in sorted(
        (pathlib.Path(cardrules.__file__).parent / "core" / "shedding").glob("*.py")
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
                    and node.value.id == "state"
                ):
                    names = [getattr(e, "id", "?") for e in node.targets[0].elts]
                    found.append((path.stem, function.name, names))
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
                    "_new",
                    "State",
                    "_STATE",
                ):
                    built = node.args[1:2]
                    values = built[0].elts if built and isinstance(built[0], ast.Tuple) else []
                    values = values or node.args
                    if values:
                        names = [getattr(e, "id", "?") for e in values]
                        found.append((path.stem, function.name, names))
    return found


def test_states_are_built_by_keyword_but_in_the_two_hottest_functions() -> None:
    """Rule: a state is built by keyword; the hot path's positional reads and builds
    (in _play and _give alone) use names that are the fields' own, in their order."""
    positional = _positional_state_code()
    assert {(module, function) for module, function, _ in positional} == {
        ("play", "_play"),
        ("drawing", "_give"),
    }
    for module, function, names in positional:
        assert names == list(State._fields), (module, function)


@pytest.mark.parametrize(
    "function",
    [shedding.to_move, shedding.legal_moves, shedding.chance_outcomes, shedding.zones],
    ids=lambda function: function.__name__,
)
def test_the_engine_functions_check_their_state_where_they_are_defined(function: Any) -> None:
    """Rule: as the trick engine's, each function of the shedding engine that a game module
    takes refuses what is no state of a Stops game itself, not through a wrapper; a
    value of a Stops game is named by that game's own title."""
    with pytest.raises(ArgumentError, match=r"^a Stops game's functions need a state of a "):
        function(None)
    assert interface.legal_moves is shedding.legal_moves  # the game modules' function
    state = position(["2H 3H", "4C 5C", "6D 7D"], "9H")
    view = shedding.observe(state, 0, _NO_SCORE)
    with pytest.raises(ArgumentError, match=r"^a Stops game's functions need a state of "):
        function(view)  # a view of a game not described (no StopsGame): no title to name
    with pytest.raises(
        ArgumentError,
        match=r"^Mau-Mau for two players needs a state of Mau-Mau for two players \(from ",
    ):
        function(mau_mau.observe(mau_mau.deal(mau_mau.Rules(), seed=1), 0))


def test_sample_checks_its_view_and_its_random_generator() -> None:
    state = mau_mau.deal(mau_mau.Rules(), seed=1)
    with pytest.raises(
        ArgumentError,
        match=r"^Mau-Mau for two players needs a view of Mau-Mau for two players \(from ",
    ):
        shedding.sample(state, random.Random(1))
    with pytest.raises(ArgumentError, match=r"^rng must be a random.Random"):
        shedding.sample(mau_mau.observe(state, 0), 1)


def test_the_table_pickles_as_its_options_and_rebuilds_its_hot_values() -> None:
    """Rule: a table (and the rules that hold it) pickles, and its hot values come back."""
    import pickle

    table = Stops(
        players=3,
        hand_size=5,
        deck=DECK52,
        effects={7: Effect(draw=2, stack=True), JACK: Effect(call=True, wild=True)},
        draw_rule="once",
    )
    again = pickle.loads(pickle.dumps(table))
    assert again == table
    assert again.hot == table.hot
    assert again.hot.draw_once and again.hot.players == 3


def test_a_state_of_an_unregistered_game_is_checked_against_its_history() -> None:
    """Rule: a loaded state must equal the replay of its own history, for every game,
    registered or not (the engine that loads it replays it)."""
    from cardrules.errors import RecordError
    from cardrules.game import Event

    def finish_deal(state: State) -> shedding.DealEnd:
        match = state.match.finish_deal(tuple(int(not h) for h in state.hands), ())
        return shedding.DealEnd(state, match, Event("scored", text="scored"), None)

    game = shedding.StopsGame(
        name="standard_like",
        title="Standard-like",
        version="1",
        rules_class=StandardLike,
        numbers=shedding.MoveNumbers(3),
        finish_deal=finish_deal,
        deals=lambda rules: 1,
    )
    state = game.deal(StandardLike(), seed=4)
    for _ in range(6):
        state = interface.apply(state, interface.legal_moves(state)[-1])
    data = interface.state_to_dict(state)
    assert game.state_from_dict(data) == state
    hands = data["hands"]
    first, second = hands[0].split(), hands[1].split()
    first[0], second[0] = second[0], first[0]  # the cards are still the deck's
    tampered = {**data, "hands": [" ".join(first), " ".join(second), *hands[2:]]}
    with pytest.raises(RecordError, match="contradicts its own history"):
        game.state_from_dict(tampered)


class _Forced(NamedTuple):
    """A hand-built position where the seat to move must hold a card (see below)."""

    players: int
    hand: str  # seat 0's, who plays first and whose view is sampled
    upcard: str
    unseen: str  # the other hands' and the stock's cards
    sizes: tuple[int, ...]  # how many of them each other seat holds, then the stock
    move: str  # seat 0's play
    mover: int  # the seat to move after it, in the true world (first split of ``unseen``)


_FORCED = {
    # Stock and pile empty: seat 1 may neither draw nor pass, so he holds the heart.
    "playable": _Forced(3, "5H 2C 3C", "4H", "6H 2D 3S 4S 7C", (2, 3, 0), "play 5H", 1),
    # Seat 1 passes (he holds no heart, five or jack); seat 2 is left to choose: he
    # holds the heart, and seat 3 does not.
    "after a pass": _Forced(4, "5H 2C 3C", "4H", "2D 3S 6H 4S 7C 8C", (2, 2, 2, 0), "play 5H", 2),
    # Two cards owed: seat 1 would have drawn them at once without a seven to answer
    # with, so he holds the seven, although the stock holds a card.
    "cards owed": _Forced(3, "7H 2C 3C", "4H", "7C 2D 3S 4S 6S 8D", (2, 3, 1), "play 7H", 1),
}


#: The score the views below show: the deal goes on, so nothing is scored yet.
_NO_SCORE = Score(totals=(0, 0, 0, 0), teams=(), better="low", deals=(), outcome=None, payoffs=())


def _forced_worlds(case: _Forced, split: Sequence[int]) -> State:
    """The position of ``case`` with the unseen cards split as ``split`` (a mask per
    other seat, then the stock), after seat 0's move."""
    hands = [case.hand] + [" ".join(str(c) for c in cards_of(mask)) for mask in split[:-1]]
    stock = " ".join(str(c) for c in cards_of(split[-1]))
    state = position(hands, case.upcard, stock=stock, restock=False, players=case.players)
    return play(state, case.move)


@pytest.mark.parametrize("name", list(_FORCED))
def test_sample_gives_the_seat_left_to_choose_a_card_and_is_uniform(name: str) -> None:
    # Rules MMS-2.3 and MMS-3.1: the engine makes a seat that can neither play nor draw
    # pass, and draws the cards owed for a seat with no card to answer with; so a seat
    # left to choose has shown that he holds such a card, and a pass that he held none.
    # The consistent worlds are found by replaying every split of the unseen cards and
    # keeping those that show seat 0 the same view; sample must give only those, each
    # equally often.
    from tests.test_sampling_uniformity import chi_square_p

    case = _FORCED[name]
    unseen = parse_cards(case.unseen)
    first = [0]
    for size in case.sizes:
        first.append(first[-1] + size)
    truth = _forced_worlds(case, [mask_of(unseen[a:b]) for a, b in itertools.pairwise(first)])
    assert shedding.to_move(truth) == case.mover
    view = shedding.observe(truth, 0, _NO_SCORE)
    consistent = []
    for order in itertools.permutations(unseen):
        split = tuple(mask_of(order[a:b]) for a, b in itertools.pairwise(first))
        if (
            split not in consistent
            and shedding.observe(_forced_worlds(case, split), 0, _NO_SCORE) == view
        ):
            consistent.append(split)
    assert 1 < len(consistent) < math.prod(range(1, len(unseen) + 1))
    rng = random.Random(5)
    observed: Counter[tuple[int, ...]] = Counter()
    for _ in range(25 * len(consistent)):
        world = shedding.sample(view, rng)
        split = (*(world.hands[s] for s in range(1, case.players)), mask_of(world.stock))
        assert split in consistent, f"an inconsistent world: {[cards_of(part) for part in split]}"
        assert shedding.legal_moves(world)
        observed[split] += 1
    assert chi_square_p(observed, consistent) > 1e-4, "sample is not uniform over the worlds"


def test_after_a_restock_the_card_the_seat_to_move_holds_may_be_old_or_drawn_since() -> None:
    # Rule MMS-2.3 after a restock: the unseen cards are dealt in two parts (the restocked
    # cards: the stock and what each seat drew since; the others, in hands since before),
    # and the card the seat to move must hold may be in either. Counted here by hand: the
    # fresh cards AS 2S 3S 4S go one to each seat and two to the stock (12 ways), the old
    # cards AH 2H 3H 4H two to each seat (6 ways); seat 0 must hold AS or AH: 72 pairs
    # less the 9 x 3 where he holds neither, 45 worlds, each equally likely.
    from cardrules.core.shedding.sampling import _Deal
    from tests.test_sampling_uniformity import chi_square_p

    fresh, old = mask_of(parse_cards("AS 2S 3S 4S")), mask_of(parse_cards("AH 2H 3H 4H"))
    required = mask_of(parse_cards("AS AH"))
    deal = _Deal(fresh, old, [1, 1, 2], [2, 2], [0, 0], [])
    cells = sorted(
        {
            ((d[0].bit, d[1].bit, d[2].bit | d[3].bit), (h[0].bit | h[1].bit, h[2].bit | h[3].bit))
            for d in itertools.permutations(cards_of(fresh))
            for h in itertools.permutations(cards_of(old))
            if (d[0].bit | h[0].bit | h[1].bit) & required
        }
    )
    assert len(cells) == 45
    rng = random.Random(8)
    observed: Counter[Any] = Counter()
    for _ in range(25 * len(cells)):
        parts = deal._parts_by_counting(0, required, rng)
        assert parts in cells, f"seat 0 holds neither ace: {parts}"
        observed[parts] += 1
    assert chi_square_p(observed, cells) > 1e-4, "the deal is not uniform over the worlds"
