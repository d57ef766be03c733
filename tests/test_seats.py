"""Seats out and sides per deal, the contract's ``out`` and ``sides``, on the small
contract game of the tests (tests/seats_game.py): a lone hand (a call ``alone`` after
the contract; the partner sits out; tricks of three cards; who leads; the partner's
cards never played nor shown; sampling uniform over the unseen cards), the sides of a
deal (the declarer against the other two: the solver plays for them), the kit, and the
JSON and position forms of a deal with a seat out."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import pickle
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any

import attrs
import pytest

from cardrules import games
from cardrules.cards import Card, cards_of, mask_of
from cardrules.core import trickgame, tricks
from cardrules.core.trickgame import Contract
from cardrules.core.trickgame.contract import contract_from_list, contract_to_list
from cardrules.errors import RulesError
from cardrules.moves import Play
from cardrules.solver import Solver
from cardrules.testing import check_game, minimax_value
from tests import seats_game as game
from tests.seats_game import Rules


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    games.register(game)
    yield
    games.unregister(game.NAME)


def _calls(state: Any, *words: str) -> Any:
    for text in words:
        state = game.apply(state, game.parse_move(state, text))
    return state


def _lone(seed: int = 3) -> Any:
    """Dealer 0; seats 1 and 2 hold, seat 3 takes and goes alone: its partner, seat 1
    (the dealer's left), sits the deal out."""
    state = game.deal(Rules(first_dealer=0), seed=seed)
    return _calls(state, "hold", "hold", "take", "alone")


def chi_square_p(observed: Counter[Any], cells: Sequence[Any]) -> float:
    """The p-value of Pearson's chi-square test of ``observed`` against uniform over
    ``cells`` (Wilson-Hilferty), as in tests/test_sampling_uniformity.py."""
    total = sum(observed.values())
    expected = total / len(cells)
    stat = sum((observed.get(cell, 0) - expected) ** 2 / expected for cell in cells)
    df = len(cells) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


# ---------------------------------------------------------------- the kit


def test_the_kit_passes_the_seats_game_presets() -> None:
    """Contract out and sides: the conformance kit passes both presets."""
    report = check_game(game, games=4)
    assert report.games > 0


# ---------------------------------------------------------------- a lone hand


def test_a_lone_hand_seats_the_partner_out_and_the_next_seat_leads() -> None:
    """Contract out: the partner sits out; the dealer's left sits out, so the seat
    after it leads the first trick."""
    state = _lone()
    assert state.contract.out == (1,) and state.contract.declarer == 3
    assert state.leader == 2 and game.to_move(state) == 2
    assert "seat 1 out" in str(state.contract)


def test_a_lone_hand_plays_tricks_of_three_and_never_the_partners_cards() -> None:
    """Contract out: to_move skips the seat out, a trick is complete at three cards and
    goes to the seat that played its winner, the deal ends when the three hands are
    empty, the partner's cards stay in its hand (its zone) and are never played."""
    for seed in range(12):
        state = _lone(seed)
        partner_cards = state.hands[1]
        rng = random.Random(seed)
        seats = []
        while game.deal_number(state) == 0:
            seat = game.to_move(state)
            seats.append(seat)
            assert seat != 1
            before = state
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            if len(before.trick) == 2 and game.deal_number(state) == 0:
                assert state.trick == ()  # three cards make a trick
                events = [e for e in state.log.to_tuple() if e.kind == "trick"]
                winner = events[-1].seat
                assert state.leader == winner and winner != 1
                assert events[-1].cards[:2] == before.trick
            if game.deal_number(state) == 0:
                assert game.zones(state)["hand 1"] == cards_of(partner_cards)
        assert len(seats) == 9  # three tricks of three cards
        row = state.match.rows[0]
        assert sum(dict(row.extras)["tricks"]) == 3
        assert dict(row.extras)["tricks"][1] == 0
        played = {e.cards[0] for e in state.log.to_tuple() if e.kind == "play"}
        assert not played & set(cards_of(partner_cards))


def test_the_winner_of_a_trick_of_three_is_the_seat_that_played_its_best_card() -> None:
    """Contract out: the trick's winner is mapped back to its seat past the seat out."""
    state = _lone(5)
    plays: list[tuple[Any, Card]] = []
    while len(plays) < 3:
        seat = game.to_move(state)
        move = game.legal_moves(state)[0]
        assert isinstance(move, Play)
        plays.append((seat, move.card))
        state = game.apply(state, move)
    trick = tuple(card for _, card in plays)
    assert state.leader == plays[tricks.winner(state.trick_rules, trick)][0]
    assert [seat for seat, _ in plays] == [2, 3, 0]


def test_the_seat_out_s_cards_are_shown_to_nobody_else() -> None:
    """Contract out: every other seat's view shows the seat out's hand by its size
    only, and the contract says who sits out."""
    state = _lone()
    rng = random.Random(2)
    while game.deal_number(state) == 0:
        for seat in (0, 2, 3):
            view = game.observe(state, seat)
            assert view.contract.out == (1,)
            assert view.hand_sizes[1] == 3
            assert not set(view.hand) & set(cards_of(state.hands[1]))
            assert not set(view.dummy_hand)
        assert game.observe(state, 1).hand == cards_of(state.hands[1])
        state = game.apply(state, rng.choice(game.legal_moves(state)))


def test_the_seat_out_keeps_card_conservation() -> None:
    """Contract out: every card is in exactly one zone, the seat out's in its hand."""
    state = _lone(4)
    rng = random.Random(4)
    while game.deal_number(state) == 0:
        zones = game.zones(state)
        cards = [card for cards in zones.values() for card in cards]
        assert sorted(cards) == sorted(game.DECK) and len(set(cards)) == len(cards)
        state = game.apply(state, rng.choice(game.legal_moves(state)))


def _hidden_worlds(view: Any, state: Any) -> list[tuple[int, ...]]:
    """Every split of the cards the seat has not seen among the hidden hands, by their
    sizes, that the public play allows: a seat that did not follow the led suit holds
    none of it (the seats out never played)."""
    seat = view.seat
    unseen = [card for card in game.DECK if card not in view.hand]
    seen_public = {e.cards[0] for e in view.events if e.kind == "play"}
    unseen = [card for card in unseen if card not in seen_public]
    hidden = [s for s in range(4) if s != seat]
    lacks = dict.fromkeys(range(4), 0)
    for trick in _tricks_of(view.events):
        led = trick[0][1].suit
        for s, card in trick[1:]:
            if card.suit is not led:
                lacks[s] |= mask_of(c for c in game.DECK if c.suit is led)
    worlds = []
    sizes = [view.hand_sizes[s] for s in hidden]

    def splits(cards: list[Card], sizes: list[int]) -> Iterator[list[int]]:
        if not sizes:
            yield []
            return
        for chosen in itertools.combinations(cards, sizes[0]):
            rest = [c for c in cards if c not in chosen]
            for more in splits(rest, sizes[1:]):
                yield [mask_of(chosen), *more]

    for split in splits(unseen, sizes):
        if all(not (mask & lacks[s]) for s, mask in zip(hidden, split)):
            worlds.append(tuple(split))
    return worlds


def _tricks_of(events: Sequence[Any]) -> list[list[tuple[int, Card]]]:
    """The tricks of the log's play events (three cards each with a seat out)."""
    tricks: list[list[tuple[int, Card]]] = []
    current: list[tuple[int, Card]] = []
    for event in events:
        if event.kind == "play":
            current.append((event.seat, event.cards[0]))
        elif event.kind == "trick":
            tricks.append(current)
            current = []
    if current:
        tricks.append(current)
    return tricks


def test_sampling_deals_the_seat_out_s_cards_uniformly() -> None:
    """Contract out: sample deals the seat out's hidden cards as unseen cards like any
    other, uniformly over the worlds the view allows (chi-square)."""
    state = _lone(7)
    rng = random.Random(7)
    for _ in range(4):  # into the second trick: the seat out holds 3, the others fewer
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    seat = 0
    view = game.observe(state, seat)
    worlds = _hidden_worlds(view, state)
    truth = tuple(state.hands[s] for s in range(4) if s != seat)
    assert truth in worlds and len(worlds) > 10
    counts: Counter[tuple[int, ...]] = Counter()
    draws = 40 * len(worlds)
    sampler = random.Random(11)
    for _ in range(draws):
        world = game.sample(view, sampler)
        assert world.contract is not None and world.contract.out == (1,)
        assert world.deal.turns == state.deal.turns
        assert game.to_move(world) == game.to_move(state)
        key = tuple(world.hands[s] for s in range(4) if s != seat)
        assert key in worlds
        counts[key] += 1
    assert chi_square_p(counts, worlds) > 1e-4


# ---------------------------------------------------------------- sides per deal


def test_a_deal_s_sides_come_from_the_contract() -> None:
    """Contract sides: the deal's partnerships are the declarer against the other two;
    the match's teams stay every player for himself."""
    state = game.deal(game.PRESETS["sides"], seed=1)
    first = game.to_move(state)
    state = _calls(state, "take")
    assert game.sides(state) == ((first,), tuple(s for s in range(3) if s != first))
    assert game.score(state).teams == ((0,), (1,), (2,))
    view = game.observe(state, 0)
    assert game.sides(view) == game.sides(state)
    assert game.sides(game.observe(game.deal(game.PRESETS["sides"], seed=1), 0)) == (
        (0,),
        (1,),
        (2,),
    )


def test_the_solver_plays_the_declarer_against_the_other_two() -> None:
    """Contract sides: the solver's value for each seat equals plain minimax with the
    deal's sides (the two defenders play together), not the match's teams."""
    differs = 0
    for seed in range(6):
        state = _calls(game.deal(game.PRESETS["sides"], seed=seed), "take")
        rng = random.Random(seed)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        for seat in range(3):
            team = frozenset(next(t for t in game.sides(state) if seat in t))
            value = Solver(game, seat, game.deal_number(state)).value(state)
            assert value == minimax_value(game, state, seat, team, 0)
            alone = minimax_value(game, state, seat, frozenset((seat,)), 0)
            differs += alone != value
    assert differs  # the sides matter somewhere: the test can fail


def test_the_solver_plays_a_lone_hand() -> None:
    """Contract out: the solver searches tricks of three cards and ignores the seat
    out (plain minimax over the interface agrees)."""
    for seed in range(3):
        state = _lone(seed)
        state = game.apply(state, game.legal_moves(state)[0])
        for seat in (0, 3):
            team = frozenset(next(t for t in game.teams(state.rules) if seat in t))
            assert Solver(game, seat, 0).value(state) == minimax_value(game, state, seat, team, 0)


# ---------------------------------------------------------------- forms


def test_a_deal_with_a_seat_out_round_trips_through_json_and_pickle() -> None:
    """Contract out: JSON, pickle and the position mid-deal keep the seat out."""
    state = _lone(6)
    state = game.apply(state, game.legal_moves(state)[0])
    state = game.apply(state, game.legal_moves(state)[0])
    data = json.loads(json.dumps(game.state_to_dict(state)))
    loaded = game.state_from_dict(data)
    assert loaded == state and loaded.deal.turns == state.deal.turns
    assert game.to_move(loaded) == game.to_move(state) == 0
    assert pickle.loads(pickle.dumps(state)).deal.turns == state.deal.turns
    again = game.setup(state.rules, game.position(state))
    assert again.deal.turns == state.deal.turns
    assert game.to_move(again) == 0 and game.legal_moves(again) == game.legal_moves(state)


def test_a_contract_s_seats_are_checked() -> None:
    """Contract out and sides: a contract that cannot be played is refused by name."""
    problem = trickgame.contract.seating_problem
    assert problem(Contract(out=(1,), declarer=1), 4) is not None
    assert problem(Contract(out=(0, 1, 2)), 4) is not None
    assert problem(Contract(sides=(0, 1)), 3) is not None
    assert problem(Contract(out=(2,), sides=(0, 1, 0, 1)), 4) is None
    with pytest.raises(RulesError, match="sides"):
        contract_from_list(contract_to_list(Contract(sides=(0, 1))), 3)


def test_a_deal_without_seats_out_keeps_the_fast_path() -> None:
    """Contract out: a deal whose contract seats nobody out has no turns (the play
    reads the seat to move off the leader, as before), also after a lone hand."""
    state = game.deal(Rules(first_dealer=0), seed=3)
    assert state.deal.turns is None
    assert _calls(state, "hold", "hold", "take", "partner").deal.turns is None
    lone = _lone()
    assert lone.deal.turns is not None
    rng = random.Random(1)
    while game.deal_number(lone) == 0:
        lone = game.apply(lone, rng.choice(game.legal_moves(lone)))
    assert lone.contract is None and lone.deal.turns is None  # the next deal's auction


def test_a_trick_scorer_credits_the_seat_that_won_a_trick_of_three() -> None:
    """Contract out: the trick scorer's tally goes to the seat that played the winning
    card of a trick of three, and the deal's points read it, per seat."""
    module = ModuleType("seats_points")
    trickgame.install(game.POINTS_GAME, module.__dict__)
    state = module.deal(game.PointsRules(first_dealer=0), seed=3)
    for text in ("hold", "hold", "take", "alone"):
        state = module.apply(state, module.parse_move(state, text))
    rng = random.Random(3)
    aces: Counter[int] = Counter()
    while module.deal_number(state) == 0:
        before = state
        state = module.apply(state, rng.choice(module.legal_moves(state)))
        if len(before.trick) == 2:
            winner = [e for e in state.log.to_tuple() if e.kind == "trick"][-1].seat
            trick = [e for e in state.log.to_tuple() if e.kind == "trick"][-1].cards
            aces[winner] += sum(card.rank == 14 for card in trick)
    points = state.match.rows[0].points
    assert points == tuple(aces[seat] for seat in range(4))
    assert points[1] == 0 and sum(points) == sum(
        card.rank == 14 for card in game.DECK if not card.bit & before.hands[1]
    )


@attrs.frozen(slots=True, kw_only=True)
class _BadRules(Rules):
    """The rules of a game whose auction seats its own declarer out."""


def test_an_auction_that_seats_its_declarer_out_is_refused() -> None:
    """Contract out: a contract that cannot be played is refused when the auction
    gives it, with a message that names the problem."""
    auction = game.GAME.rounds[0]
    assert isinstance(auction, trickgame.Auction)

    def seated_out(state: Any, calls: Any) -> Contract | None:
        if not calls or calls[-1][1] != game.TAKE:
            return None
        return Contract(declarer=calls[-1][0], out=(calls[-1][0],))

    bad = dataclasses.replace(
        game.GAME,
        name="seats_tricks_bad",
        rules_class=_BadRules,
        rounds=(dataclasses.replace(auction, contract=seated_out),),
    )
    module = ModuleType("seats_bad")
    trickgame.install(bad, module.__dict__)
    state = module.deal(_BadRules(first_dealer=0), seed=1)
    with pytest.raises(RulesError, match="cannot sit the deal out"):
        module.apply(state, game.TAKE)


@attrs.frozen(slots=True, kw_only=True)
class _KittyRules(Rules):
    """The rules of a game with a step after the lone hand: the declarer takes a kitty."""


def test_a_position_before_play_keeps_the_dealers_left_as_leader_though_it_sits_out() -> None:
    """Contract out, with a step between the contract and the play (Euchre's dealer
    takes up the turned card after a lone hand is called): the first lead passes over
    the seat out only when play begins, so a position taken in that step sets up the
    same state, and the lead passes on once play begins."""
    kitty = dataclasses.replace(
        game.GAME,
        name="seats_tricks_kitty",
        rules_class=_KittyRules,
        dealing=trickgame.Dealing(
            deck=lambda rules: game.DECK,
            hand_size=lambda rules, number: 2,
            piles=(trickgame.Pile(name="kitty", size=1),),
        ),
        rounds=(*game.GAME.rounds, trickgame.PileStep(pile="kitty", lay_away=1)),
    )
    module = ModuleType("seats_kitty")
    trickgame.install(kitty, module.__dict__)
    state = module.deal(_KittyRules(first_dealer=0), seed=1)
    for call in ("hold", "hold", "take", "alone"):  # seat 3 alone: seat 1 sits out
        state = module.apply(state, module.parse_move(state, call))
    assert state.contract.out == (1,) and module.to_move(state) == 3
    again = module.setup(state.rules, module.position(state))
    assert module.position(again) == module.position(state)
    state = module.apply(state, module.legal_moves(state)[0])  # take kitty
    again = module.setup(state.rules, module.position(state))
    assert module.legal_moves(again) == module.legal_moves(state)
    state = module.apply(state, module.legal_moves(state)[0])  # lay a card away
    assert state.leader == 2 and module.to_move(state) == 2
