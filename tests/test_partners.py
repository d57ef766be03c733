"""The contract's partner cards: partners that stay secret until a card shows them
(Schafkopf's called ace), on a small test game (tests/secret_game.py): the sides
derived from the hands, the views that keep them secret, sampling that keeps to what
each seat knows (exactly uniform), the solver and PIMC reading each world's sides,
and the forms (JSON, positions, pickle)."""

from __future__ import annotations

import itertools
import json
import math
import pickle
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from cardrules import games
from cardrules.bots.pimc import PIMCBot
from cardrules.cards import Card, Suit, cards_of, mask_of, parse_cards
from cardrules.core import trickgame
from cardrules.core.trickgame import Contract
from cardrules.core.trickgame.contract import contract_from_list, contract_to_list
from cardrules.errors import RulesError
from cardrules.solver import Solver
from cardrules.testing import check_game, minimax_value
from tests import secret_game as game
from tests.secret_game import Rules


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    games.register(game)
    yield
    games.unregister(game.NAME)


def chi_square_p(observed: Counter[Any], cells: Sequence[Any]) -> float:
    """The p-value of Pearson's chi-square test of ``observed`` against uniform over
    ``cells`` (Wilson-Hilferty), as in tests/test_sampling_uniformity.py."""
    total = sum(observed.values())
    expected = total / len(cells)
    stat = sum((observed.get(cell, 0) - expected) ** 2 / expected for cell in cells)
    df = len(cells) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _called(seed: int) -> Any:
    """A deal (dealer 0) after its auction: each seat passes until one may call an
    ace, and calls the first it may; None when no seat may."""
    state = game.deal(Rules(first_dealer=0), seed=seed)
    while state.contract is None and game.deal_number(state) == 0:
        legal = game.legal_moves(state)
        state = game.apply(state, legal[1] if len(legal) > 1 else legal[0])
    return state if game.deal_number(state) == 0 else None


def _deals() -> Iterator[Any]:
    for seed in range(40):
        state = _called(seed)
        if state is not None:
            yield state


def _holder(state: Any) -> int:
    (card,) = state.contract.partner_cards
    return next(s for s, hand in enumerate(state.hands) if hand & card.bit)


def _played(state: Any, until: Any, rng: random.Random) -> Any:
    """``state`` played at random until ``until(state)``; None if the deal ends first."""
    while not until(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        if game.deal_number(state) != 0:
            return None
    return state


def _partner_card_played(state: Any) -> bool:
    (card,) = state.contract.partner_cards
    return bool(state.waste & card.bit) and not state.trick


# ---------------------------------------------------------------- the kit and the call


def test_the_kit_passes_the_secret_partner_game() -> None:
    """Contract partner_cards: the conformance kit passes the game (views, sampling,
    JSON, positions, records of deals with secret partners)."""
    assert check_game(game, games=6).games > 0


def test_a_seat_may_call_only_an_ace_it_lacks_of_a_suit_it_holds() -> None:
    """The test game's call: an ace of a plain suit, lacked, with a card of its suit."""
    assert game.callable_aces(mask_of(parse_cards("9C KC AD 9H"))) == parse_cards("AC")
    assert game.callable_aces(mask_of(parse_cards("AH KH"))) == ()
    state = _called(1)
    assert state is not None
    declarer = state.contract.declarer
    assert not state.hands[declarer] & state.contract.partner_cards[0].bit


# ---------------------------------------------------------------- the truth


def test_the_holder_of_the_called_card_is_the_declarer_s_partner() -> None:
    """Contract partner_cards: sides(state) puts the declarer and the card's holder on
    side 0, the other two on side 1, before the card falls and after it."""
    count = 0
    for state in _deals():
        declarer, holder = state.contract.declarer, _holder(state)
        partners = tuple(sorted((declarer, holder)))
        others = tuple(s for s in range(4) if s not in partners)
        assert game.sides(state) == (partners, others)
        later = _played(state, _partner_card_played, random.Random(1))
        if later is not None:
            assert game.sides(later) == (partners, others)  # from the log, once played
            count += 1
    assert count >= 5


def test_holders_and_sides_number_the_declarer_s_side_zero() -> None:
    """Contract partner_cards: a declarer holding the card, or one seat holding every
    card (Doppelkopf's two queens), plays alone; without a declarer the holders are
    one side."""
    numbered = trickgame.partners.numbered
    ace = parse_cards("AC")
    assert numbered(Contract(declarer=1, partner_cards=ace), (1,), 4) == (1, 0, 1, 1)
    queens = parse_cards("QC QC")
    assert numbered(Contract(partner_cards=queens), (0, 2), 4) == (0, 1, 0, 1)
    assert numbered(Contract(partner_cards=queens), (3, 3), 4) == (1, 1, 1, 0)


# ---------------------------------------------------------------- views


def _deal_with_the_card_shown(seed: int) -> tuple[Any, Any]:
    """A deal after its auction, and the same deal once the called card has been
    played (in a trick before the last)."""
    for state in _deals():
        later = _played(state, _partner_card_played, random.Random(seed))
        if later is not None:
            return state, later
    raise AssertionError("no deal shows its called card before its last trick")


def test_views_show_the_partner_only_once_a_seat_can_know_it() -> None:
    """Contract partner_cards: the declarer knows only his own side, the holder knows
    every side, a third seat knows its own; the card played shows every side; sides()
    of a view with secret partners is refused by name."""
    state, later = _deal_with_the_card_shown(2)
    declarer, holder = state.contract.declarer, _holder(state)
    third = next(s for s in range(4) if s not in (declarer, holder))
    truth = trickgame.known_sides(state)
    assert None not in truth
    seen = trickgame.known_sides(game.observe(state, declarer))
    assert seen[declarer] == 0 and seen.count(None) == 3
    assert trickgame.known_sides(game.observe(state, holder)) == truth
    seen = trickgame.known_sides(game.observe(state, third))
    assert seen[third] == 1 and seen[declarer] == 0 and seen[holder] is None
    with pytest.raises(RulesError, match="secret"):
        game.sides(game.observe(state, third))
    for seat in range(4):
        assert trickgame.known_sides(game.observe(later, seat)) == truth
        assert game.sides(game.observe(later, seat)) == game.sides(state)


# ---------------------------------------------------------------- sampling


def test_worlds_put_the_called_card_in_any_hand_but_the_declarer_s() -> None:
    """Contract declarer_lacks: a seat that does not hold the card samples worlds with
    it in each other hand, never the declarer's; the partner follows it."""
    state = next(_deals())
    declarer, holder = state.contract.declarer, _holder(state)
    third = next(s for s in range(4) if s not in (declarer, holder))
    view = game.observe(state, third)
    rng = random.Random(5)
    partners: Counter[int] = Counter()
    for _ in range(200):
        world = game.sample(view, rng)
        assert game.observe(world, third) == view
        found = _holder(world)
        assert found != declarer
        assert game.sides(world)[0] == tuple(sorted((declarer, found)))
        partners[found] += 1
    assert set(partners) == {s for s in range(4) if s not in (declarer, third)}


def _lacks_the_ace(state: Any) -> Any:
    """Whether the hands (masks in seat order) keep the declarer's lack of the ace."""
    (ace,) = state.contract.partner_cards
    return lambda hands: not hands[state.contract.declarer] & ace.bit


def _consistent_worlds(view: Any, state: Any, keeps: Any) -> list[tuple[int, ...]]:
    """Every deal of the cards ``view``'s seat cannot see to the other hands that keeps
    the voids the play showed (counted here from the tricks, hearts trumps) and what
    ``keeps(hands)`` asks, as hand masks in seat order."""
    seat = view.seat
    voids = [0] * 4
    trick: list[tuple[int, Card]] = []
    for event in game.events(state):
        if event.kind == "deal":
            trick = []
        if event.kind == "play":
            assert event.seat is not None
            trick.append((event.seat, event.cards[0]))
            led = trick[0][1].suit
            if event.cards[0].suit is not led:
                voids[event.seat] |= mask_of(c for c in game.DECK if c.suit is led)
            if len(trick) == 4:
                trick = []
    hidden = [c for c in game.DECK if c.bit & sum(state.hands[s] for s in range(4) if s != seat)]
    others = [s for s in range(4) if s != seat]
    sizes = [view.hand_sizes[s] for s in others]
    worlds = []
    for order in itertools.combinations(hidden, sizes[0]):
        rest = [c for c in hidden if c not in order]
        for second in itertools.combinations(rest, sizes[1]):
            third = tuple(c for c in rest if c not in second)
            hands = [0] * 4
            hands[seat] = state.hands[seat]
            for s, cards in zip(others, (order, second, third)):
                hands[s] = mask_of(cards)
            if any(hands[s] & voids[s] for s in others):
                continue
            if not keeps(hands):
                continue
            worlds.append(tuple(hands))
    return worlds


def test_sampling_stays_exactly_uniform_with_a_secret_partner() -> None:
    """Contract partner_cards and declarer_lacks: over a small end position (three
    cards a hand, the worlds counted), the sampled worlds are exactly the consistent
    ones, each as likely (chi-square)."""
    checked = 0
    for state in _deals():
        later = _played(
            state, lambda s: len(s.trick) == 0 and s.waste.bit_count() == 12, random.Random(3)
        )
        declarer = later.contract.declarer
        (ace,) = later.contract.partner_cards
        if not any(h & ace.bit for h in later.hands):
            continue  # the card has fallen: nothing secret left
        seat = next(s for s in range(4) if s != declarer and not later.hands[s] & ace.bit)
        view = game.observe(later, seat)
        cells = _consistent_worlds(view, later, _lacks_the_ace(later))
        if len(cells) < 8:
            continue
        rng = random.Random(11)
        observed = Counter(game.sample(view, rng).hands for _ in range(40 * len(cells)))
        assert set(observed) <= set(cells)
        assert chi_square_p(observed, cells) > 1e-4
        checked += 1
        if checked == 3:
            break
    assert checked


# ---------------------------------------------------------------- solver and PIMC


def test_the_solver_plays_each_world_s_partner() -> None:
    """Contract partner_cards: in each world sampled for a seat, the solver's value
    equals plain minimax with that world's sides (the holder of the card there)."""
    varied = 0
    for state in _deals():
        declarer, holder = state.contract.declarer, _holder(state)
        third = next(s for s in range(4) if s not in (declarer, holder))
        later = _played(
            state, lambda s: len(s.trick) == 1 and s.waste.bit_count() == 12, random.Random(4)
        )
        (ace,) = state.contract.partner_cards
        if later is None or not any(hand & ace.bit for hand in later.hands):
            continue
        view = game.observe(later, third)
        rng = random.Random(6)
        partners = set()
        for _ in range(6):
            world = game.sample(view, rng)
            sides = game.sides(world)
            partners.add(sides[0])
            for seat in range(4):
                team = frozenset(next(t for t in sides if seat in t))
                expected = minimax_value(game, world, seat, team, 0)
                assert Solver(game, seat, 0).value(world) == expected
        varied += len(partners) > 1  # the partner differs by world
        if varied == 2:
            break
    assert varied


def test_pimc_plays_the_secret_partner_game() -> None:
    """Contract partner_cards: PIMC chooses legal moves through the auction and play."""
    state = game.deal(Rules(first_dealer=0, deals=1), seed=2)
    bot = PIMCBot(game, samples=3)
    rng = random.Random(0)
    for _ in range(30):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        legal = game.legal_moves(state)
        move = bot.choose(game.observe(state, seat), legal, rng)
        assert move in legal
        state = game.apply(state, move)


# ---------------------------------------------------------------- forms


def test_partner_cards_round_trip_through_json_pickle_and_positions() -> None:
    """Contract partner_cards: the contract's form holds the cards (and nothing more
    about the sides); JSON, pickle and a position mid-deal keep the sides."""
    contract = Contract(
        trump=Suit.HEARTS, declarer=1, partner_cards=parse_cards("AD"), declarer_lacks=True
    )
    data = contract_to_list(contract)
    assert data is not None and data[7:] == [["AD"], True]
    assert contract_from_list(data) == contract
    assert contract_to_list(Contract(declarer=1)) == [None, 1, None, [], None, None, []]
    with pytest.raises(RulesError, match="partner cards"):
        contract_from_list([*data[:7], "AD", True])
    state, shown = _deal_with_the_card_shown(8)
    for later in (_played(state, lambda s: s.waste.bit_count() == 4, random.Random(8)), shown):
        assert later is not None
        loaded = game.state_from_dict(json.loads(json.dumps(game.state_to_dict(later))))
        assert loaded == later and game.sides(loaded) == game.sides(state)
        assert pickle.loads(pickle.dumps(later)) == later
        again = game.setup(later.rules, game.position(later))
        assert game.sides(again) == game.sides(state)
        assert game.legal_moves(again) == game.legal_moves(later)


def test_a_contract_s_partner_cards_are_checked() -> None:
    """Contract partner_cards: a contract the auction gives that cannot be played is
    refused by name (sides and partner cards both, declarer_lacks without a declarer)."""
    problem = trickgame.contract.seating_problem
    ace = parse_cards("AC")
    assert problem(Contract(declarer=0, partner_cards=ace, declarer_lacks=True), 4) is None
    assert problem(Contract(partner_cards=ace, sides=(0, 1, 0, 1)), 4) is not None
    assert problem(Contract(partner_cards=ace, declarer_lacks=True), 4) is not None
    assert problem(Contract(declarer=0, partner_cards=ace, partners_shown=(1, 2)), 4)


def test_a_game_without_partner_cards_keeps_its_contract_form() -> None:
    """Contract partner_cards: a contract without them writes the seven entries it
    always wrote, and its sides are the game's."""
    contract = Contract(trump=Suit.SPADES, declarer=0, sides=(0, 1, 1))
    data = contract_to_list(contract)
    assert data is not None and len(data) == 7
    assert cards_of(0) == ()


# ---------------------------------------------------------------- two cards, no declarer


def _queens(seed: int) -> Any:
    """A ``queens`` deal (dealer 0) after its auction: seat 1 says play."""
    state = game.deal(Rules(first_dealer=0, queens=True), seed=seed)
    return game.apply(state, game.parse_move(state, "play"))


def _queen_holders(state: Any) -> set[int]:
    return {s for s in range(4) for q in game.QUEENS if state.hands[s] & q.bit}


def test_the_holders_of_two_cards_are_one_side_without_a_declarer() -> None:
    """Contract partner_cards without a declarer (Doppelkopf's queens of clubs): the
    holders are side 0, the others side 1; one seat holding both plays alone."""
    alone = 0
    for seed in range(30):
        state = _queens(seed)
        holders = tuple(sorted(_queen_holders(state)))
        assert game.sides(state)[0] == holders
        alone += len(holders) == 1
    assert alone  # a seat holding both queens occurs and plays alone against three


def _first_announced(seed: int, call: Any) -> Any:
    """A ``queens`` deal at the first seat that may make ``call``, after it made it."""
    state = _queens(seed)
    while call not in game.legal_moves(state):
        state = game.apply(state, game.legal_moves(state)[0])
    return game.apply(state, call)


def test_an_announcement_shows_its_side_and_sampling_keeps_to_it() -> None:
    """Contract partner_cards with announcements (Re shows a queen, Kontra none): a
    third seat's view knows the announcer's side, and every sampled world gives the
    Re announcer a queen and the Kontra announcer none."""
    for call, side in ((game.RE, 0), (game.KONTRA, 1)):
        state = _first_announced(3, call)
        announcer = state.deal.announced[-1][0]
        seat = next(s for s in range(4) if s != announcer and s not in _queen_holders(state))
        view = game.observe(state, seat)
        assert trickgame.known_sides(view)[announcer] == side
        rng = random.Random(2)
        for _ in range(100):
            world = game.sample(view, rng)
            assert (announcer in _queen_holders(world)) == (side == 0)
            assert next(i for i, t in enumerate(game.sides(world)) if announcer in t) == side


def test_a_position_keeps_who_played_a_partner_card() -> None:
    """Contract partners_shown: a position after one queen fell (a position keeps no
    log) sets up a state with the same sides, moves and views' positions."""
    done = 0
    for seed in range(20):
        state = _queens(seed)
        rng = random.Random(seed)
        while game.deal_number(state) == 0:
            fallen = [q for q in game.QUEENS if state.waste & q.bit]
            if len(fallen) == 1 and not state.trick:
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if game.deal_number(state) != 0:
            continue
        position = game.position(state)
        assert any(seat is not None for seat in position["contract"][9])
        again = game.setup(state.rules, position)
        assert game.sides(again) == game.sides(state)
        assert game.legal_moves(again) == game.legal_moves(state)
        for seat in range(4):
            assert game.position(game.observe(again, seat)) == game.position(
                game.observe(state, seat)
            )
            assert trickgame.known_sides(game.observe(again, seat)) == trickgame.known_sides(
                game.observe(state, seat)
            )
        loaded = game.state_from_dict(json.loads(json.dumps(game.state_to_dict(again))))
        assert loaded == again
        done += 1
    assert done


def test_sampling_stays_exactly_uniform_with_a_side_announced() -> None:
    """Contract partner_cards with a Re announced: over a small end position (the
    worlds counted), the sampled worlds are exactly those where each Re announcer
    holds a queen and each Kontra announcer none, each as likely (chi-square)."""
    checked = 0
    queens = mask_of(game.QUEENS)
    for seed in range(30):
        state = _first_announced(seed, game.RE)
        announcer = state.deal.announced[-1][0]
        later = _played(
            state, lambda s: len(s.trick) == 0 and s.waste.bit_count() == 12, random.Random(seed)
        )
        if later is None or later.waste & queens:
            continue  # no queen may have fallen: the announcement is what tells
        seat = next(s for s in range(4) if s != announcer and not later.hands[s] & queens)
        view = game.observe(later, seat)
        said = later.deal.announced  # Re: a queen held; Kontra: none

        def keeps(hands: Sequence[int], said: Any = said) -> bool:
            return all(bool(hands[s] & queens) == (call == game.RE) for s, call in said)

        cells = _consistent_worlds(view, later, keeps)
        if len(cells) < 8:
            continue
        rng = random.Random(12)
        observed = Counter(game.sample(view, rng).hands for _ in range(40 * len(cells)))
        assert set(observed) <= set(cells)
        assert chi_square_p(observed, cells) > 1e-4
        checked += 1
        if checked == 3:
            break
    assert checked


def test_the_other_sampler_keeps_to_the_secret_partner_too() -> None:
    """Contract declarer_lacks and announced sides, with legal revokes (sampled by the
    engine's sampler for passes and revokes): the called ace never in the declarer's
    hand, a Re announcer's queen kept."""
    rules = game.RevokeRules(first_dealer=0)
    state = trickgame.new_game(rules, seed=4)
    while state.contract is None:
        legal = trickgame.legal_moves(state)
        state = trickgame.apply(state, legal[-1])
    declarer = state.contract.declarer
    assert declarer is not None
    (ace,) = state.contract.partner_cards
    seat = next(s for s in range(4) if s != declarer and not state.hands[s] & ace.bit)
    view = trickgame.observe(state, seat)
    rng = random.Random(4)
    for _ in range(100):
        assert not trickgame.sample(view, rng).hands[declarer] & ace.bit
    state = trickgame.new_game(game.RevokeRules(first_dealer=0, queens=True), seed=3)
    state = trickgame.apply(state, trickgame.parse_move(state, "play"))
    while game.RE not in trickgame.legal_moves(state):
        state = trickgame.apply(state, trickgame.legal_moves(state)[0])
    state = trickgame.apply(state, game.RE)
    announcer = state.deal.announced[-1][0]
    seat = next(s for s in range(4) if s != announcer and s not in _queen_holders(state))
    view = trickgame.observe(state, seat)
    for _ in range(100):
        assert announcer in _queen_holders(trickgame.sample(view, rng))
