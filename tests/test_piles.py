"""The trick engine's named piles and the pile step after the auction, each mechanism on
its own, on a small game of the tests (tests/pile_game.py): a two-card skat taken by
the auction's winner who lays two away, a hand game that leaves it, Euchre's turned
card taken up by the dealer, illegal lay-aways refused with the state unchanged, what
each seat's view shows, exact sampling with cards laid away, JSON mid-step, move
numbers and the conformance kit."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import games
from cardrules.cards import Card, cards_of, parse_cards
from cardrules.core import trickgame
from cardrules.errors import CardrulesError, IllegalMoveError, PositionError, RulesError
from cardrules.game import CHANCE
from cardrules.moves import PILE_FORMS, DealCard, LayAway, TakePile, parse_move_text
from cardrules.testing import check_game
from tests import pile_game as game
from tests.pile_game import Rules, UpcardRules
from tests.test_sampling_uniformity import chi_square_p


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    games.register(game)
    yield
    games.unregister(game.NAME)


def _play(state: Any, *texts: str) -> Any:
    """The state after these moves, each read from its text."""
    for text in texts:
        state = trickgame.apply(state, trickgame.parse_move(state, text))
    return state


def _dealt(rules: Any = None, seed: int = 3) -> Any:
    return game.deal(rules or Rules(first_dealer=0), seed=seed)


def _hand(state: Any, seat: int) -> tuple[Card, ...]:
    return cards_of(state.hands[seat])


def test_the_kit_passes_the_pile_game() -> None:
    report = check_game(game, games=3)
    assert report.games == 9


def test_piles_are_dealt_after_the_hands_and_partition_the_deck() -> None:
    state = _dealt()
    zones = trickgame.zones(state)
    assert len(zones["pile skat"]) == 2
    assert sorted(c for cards in zones.values() for c in cards) == sorted(game.DECK)
    assert trickgame.pile_cards(state, "skat") == (zones["pile skat"], None)


def test_the_auctions_winner_takes_the_skat_and_lays_two_away() -> None:
    state = _play(_dealt(), "take")  # seat 1, the dealer's left, declares
    assert state.contract.declarer == 1
    assert game.to_move(state) == 1
    assert game.legal_moves(state) == (TakePile("skat"),)
    skat, _ = trickgame.pile_cards(state, "skat")
    before = _hand(state, 1)
    state = _play(state, "take skat")
    assert set(_hand(state, 1)) == set(before) | set(skat)
    assert trickgame.pile_cards(state, "skat") == ((), 1)
    moves = game.legal_moves(state)
    assert len(moves) == 15 and all(type(m) is LayAway and len(m.cards) == 2 for m in moves)
    laid = (before[0], skat[0])
    state = _play(state, str(LayAway(laid)))
    assert state.phase is game.Phase.PLAYING
    assert trickgame.pile_cards(state, "skat") == (tuple(sorted(laid)), 1)
    assert not set(laid) & set(_hand(state, 1)) and len(_hand(state, 1)) == 4
    assert trickgame.pile_owner(state, "skat") == 1
    assert trickgame.laid_away(state) == (("skat", tuple(sorted(laid)), 1),)


def test_a_hand_game_leaves_the_skat_as_dealt() -> None:
    state = _play(_dealt(Rules(first_dealer=0, hand_game=True)), "take")
    assert game.legal_moves(state) == (game.HAND, game.PICK_UP)
    skat = trickgame.pile_cards(state, "skat")
    state = _play(state, "hand")
    assert state.phase is game.Phase.PLAYING
    assert trickgame.pile_cards(state, "skat") == skat  # as dealt, no holder
    assert trickgame.pile_owner(state, "skat") == 1  # its points still count for the declarer
    picked = _play(_play(_dealt(Rules(first_dealer=0, hand_game=True)), "take"), "pick up")
    assert game.legal_moves(picked) == (TakePile("skat"),)


def test_the_skat_counts_for_the_declarer_in_the_deals_score() -> None:
    state = _play(_dealt(Rules(first_dealer=0, deals=1)), "take", "take skat")
    rng = random.Random(1)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    row = state.match.rows[0]
    laid = trickgame.laid_away(state)[0][1]
    tricks = sum(
        game.points(e.cards)
        for e in trickgame.deal_events(trickgame.events(state))
        if e.kind == "trick" and e.seat == 1
    )
    assert row.points == (0, tricks + game.points(laid), 0)


def test_the_turned_card_is_seen_by_all_and_taken_by_the_dealer() -> None:
    state = game.UPCARD_GAME.deal(UpcardRules(first_dealer=0, hand=2), seed=5)
    upcard = trickgame.pile_cards(state, "upcard")[0][0]
    for seat in range(3):
        sight = game.observe(state, seat).piles[0]
        assert (sight.name, sight.size, sight.cards, sight.holder) == ("upcard", 1, (upcard,), None)
    state = _play(state, "take")  # seat 1 orders it up: its suit is trumps
    assert state.contract.trump is upcard.suit
    assert game.to_move(state) == 0  # the dealer takes it up
    state = _play(state, "take upcard")
    assert upcard in _hand(state, 0) and state.known[0] == upcard.bit  # known to be there
    assert game.legal_moves(state) == tuple(
        LayAway((c,)) for c in sorted(_hand(state, 0), key=lambda c: c.index)
    )
    state = _play(state, f"lay away {upcard}")
    assert state.known[0] == 0  # laid away or kept: no longer known held
    assert game.observe(state, 1).piles[0].cards == ()
    assert game.observe(state, 0).piles[0].cards == (upcard,)


def test_a_state_set_up_after_the_turned_card_is_taken_up_lays_a_card_away() -> None:
    """A position taken between the take and the lay-away does not name the turned card
    (the taker holds it): the state set up from it plays on, and every lay-away leaves
    the same position as in the game it came from."""
    state = game.UPCARD_GAME.deal(UpcardRules(first_dealer=0, hand=2), seed=5)
    state = _play(state, "take", "take upcard")
    again = trickgame.setup(state.rules, trickgame.position(state))
    assert game.legal_moves(again) == game.legal_moves(state)
    for move in game.legal_moves(state):
        after = trickgame.apply(again, move)
        assert trickgame.position(after) == trickgame.position(trickgame.apply(state, move))
        assert after.known[0] & ~after.hands[0] == 0


def test_illegal_lay_aways_are_refused_and_the_state_is_unchanged() -> None:
    state = _play(_dealt(Rules(first_dealer=0, no_aces=True)), "take")
    with pytest.raises(IllegalMoveError, match="must take the skat"):
        trickgame.apply(state, LayAway(_hand(state, 1)[:2]))
    with pytest.raises(IllegalMoveError, match="must take the skat"):
        trickgame.apply(state, TakePile("widow"))
    state = _play(state, "take skat")
    saved = trickgame.state_to_dict(state)
    hand = _hand(state, 1)
    outside = next(c for c in game.DECK if c not in hand)
    refusals = {
        "only cards of its hand": LayAway((hand[0], outside)),
        "exactly 2 cards": LayAway(hand[:1]),
        "lay 2 cards away": TakePile("skat"),
    }
    for words, move in refusals.items():
        with pytest.raises(IllegalMoveError, match=words):
            trickgame.apply(state, move)
        assert trickgame.state_to_dict(state) == saved
    with pytest.raises(IllegalMoveError, match="exactly 2 cards"):
        trickgame.parse_move(state, f"lay away {hand[0]}")


def test_an_ace_may_not_be_laid_away_when_the_game_forbids_it() -> None:
    for seed in range(40):
        state = _play(_dealt(Rules(first_dealer=0, no_aces=True), seed=seed), "take", "take skat")
        aces = [c for c in _hand(state, 1) if c.rank == 14]
        if aces:
            break
    assert aces
    moves = game.legal_moves(state)
    assert all(type(m) is LayAway and not any(c.rank == 14 for c in m.cards) for m in moves)
    others = [c for c in _hand(state, 1) if c.rank != 14]
    with pytest.raises(IllegalMoveError, match="an ace may not be laid away"):
        trickgame.apply(state, LayAway((aces[0], others[0])))


def test_each_seat_sees_what_it_knows_of_the_skat() -> None:
    state = _play(_dealt(), "take")
    for seat in range(3):
        assert game.observe(state, seat).piles == (trickgame.PileSight("skat", 2, (), None),)
    state = _play(state, "take skat")
    assert game.observe(state, 0).piles == (trickgame.PileSight("skat", 0, (), 1),)
    laid = game.legal_moves(state)[0]
    assert type(laid) is LayAway
    state = trickgame.apply(state, laid)
    assert game.observe(state, 1).piles == (trickgame.PileSight("skat", 2, laid.cards, 1),)
    for seat in (0, 2):
        assert game.observe(state, seat).piles == (trickgame.PileSight("skat", 2, (), 1),)
        assert not set(laid.cards) & set(game.observe(state, seat).hand)


def test_json_round_trips_mid_step() -> None:
    state = _play(_dealt(), "take", "take skat")
    again = game.state_from_dict(trickgame.state_to_dict(state))
    assert again == state
    done = trickgame.apply(state, game.legal_moves(state)[0])
    assert game.state_from_dict(trickgame.state_to_dict(done)) == done
    data = trickgame.state_to_dict(done)
    data["piles"] = [["", None]]
    with pytest.raises(CardrulesError, match=r"piles|contradicts|partition|card"):
        game.state_from_dict(data)


def test_pile_moves_have_numbers_and_text() -> None:
    state = _play(_dealt(), "take", "take skat")
    for move in (TakePile("skat"), *game.legal_moves(state)):
        number = game.move_index(move)
        assert game.move_from_index(number) == move
        assert parse_move_text(str(move), forms=PILE_FORMS) == move
    assert str(LayAway(parse_cards("8D 7C"))) == "lay away 7C 8D"


def test_a_description_with_a_step_of_no_pile_is_refused() -> None:
    import dataclasses

    with pytest.raises(RulesError, match=r"none of Dealing\.piles"):
        dataclasses.replace(game.GAME, rounds=(trickgame.PileStep(pile="widow"),))
    with pytest.raises(RulesError, match="a turned pile holds one card"):
        trickgame.Pile(name="kitty", size=3, turned=True)


def _sampled_worlds(view: Any, seat: int, draws: int) -> Counter[Any]:
    rng = random.Random(11)
    seen: Counter[Any] = Counter()
    for _ in range(draws):
        world = game.sample(view, rng)
        zones = trickgame.zones(world)
        seen[tuple(frozenset(zones[z]) for z in sorted(zones) if zones[z])] += 1
    return seen


def _worlds(fixed: dict[str, frozenset[Card]], pool: set[Card], sizes: dict[str, int]) -> list[Any]:
    """Every split of ``pool`` into the zones of ``sizes``, with the ``fixed`` zones."""
    names = sorted(sizes)
    worlds = []
    for order in itertools.permutations(sorted(pool, key=lambda c: c.index)):
        zones = dict(fixed)
        start = 0
        for name in names:
            zones[name] = frozenset(order[start : start + sizes[name]])
            start += sizes[name]
        worlds.append(tuple(zones[z] for z in sorted(zones) if zones[z]))
    return sorted(set(worlds), key=repr)


def test_sampling_is_uniform_with_cards_laid_away() -> None:
    """A defender's worlds: the declarer's hand, the other defender's and the two cards
    laid away are any split of the cards it has not seen (90 worlds); the declarer's
    own worlds keep its laid-away cards exactly (6 worlds)."""
    state = _play(_dealt(Rules(first_dealer=0, hand=2)), "take", "take skat")
    state = trickgame.apply(state, game.legal_moves(state)[0])
    zones = trickgame.zones(state)
    own = frozenset(zones["hand 0"])
    pool = set(game.DECK[:8]) - own
    cells = _worlds({"hand 0": own}, pool, {"hand 1": 2, "hand 2": 2, "pile skat": 2})
    assert len(cells) == 90
    seen = _sampled_worlds(game.observe(state, 0), 0, 1800)
    assert set(seen) <= set(cells)
    assert chi_square_p(seen, cells) > 1e-4
    laid = frozenset(zones["pile skat"])
    mine = frozenset(zones["hand 1"])
    cells = _worlds(
        {"hand 1": mine, "pile skat": laid},
        set(game.DECK[:8]) - mine - laid,
        {"hand 0": 2, "hand 2": 2},
    )
    assert len(cells) == 6
    seen = _sampled_worlds(game.observe(state, 1), 1, 600)
    assert set(seen) <= set(cells)
    assert chi_square_p(seen, cells) > 1e-4


def test_sampling_keeps_a_turned_card_laid_away_in_the_takers_hand_or_the_pile() -> None:
    state = game.UPCARD_GAME.deal(UpcardRules(first_dealer=0, hand=2), seed=5)
    upcard = trickgame.pile_cards(state, "upcard")[0][0]
    state = _play(state, "take", "take upcard")
    state = trickgame.apply(state, game.legal_moves(state)[0])
    view = game.observe(state, 1)
    seen = _sampled_worlds(view, 1, 1800)
    own = frozenset(trickgame.zones(state)["hand 1"])
    pool = set(game.DECK[:8]) - own
    names = ["hand 0", "hand 1", "hand 2", "pile upcard", "undealt"]
    sizes = {"hand 0": 2, "hand 2": 2, "pile upcard": 1, "undealt": 1}
    cells = [
        w
        for w in _worlds({"hand 1": own}, pool, sizes)
        if upcard in w[names.index("hand 0")] | w[names.index("pile upcard")]
    ]
    assert len(cells) == 90
    assert set(seen) <= set(cells)
    assert chi_square_p(seen, cells) > 1e-4


def test_pile_moves_refuse_bad_values_with_library_errors() -> None:
    with pytest.raises(IllegalMoveError, match="LayAway: the cards laid away"):
        LayAway(())
    with pytest.raises(IllegalMoveError, match="TakePile: the pile's name is one word"):
        TakePile("Skat pile")


def test_a_game_without_piles_writes_and_shows_none() -> None:
    from cardrules.games import oh_hell

    state = oh_hell.deal(oh_hell.Rules(), seed=1)
    assert "piles" not in oh_hell.state_to_dict(state)
    assert "piles" not in oh_hell.GAME.view_fields
    assert state.deal.piles == ()


def test_explicit_chance_deals_the_piles_after_the_hands() -> None:
    rules = UpcardRules(first_dealer=0, hand=2)
    state = game.UPCARD_GAME.deal(rules, seed=1, chance="explicit")
    rng = random.Random(2)
    dealt = []
    while trickgame.to_move(state) == CHANCE:
        move = rng.choice(trickgame.legal_moves(state))
        assert isinstance(move, DealCard)  # the chance outcomes of the deal
        dealt.append(move.card)
        state = trickgame.apply(state, move)
    upcard = dealt[6]  # the card after the three hands of two
    assert trickgame.pile_cards(state, "upcard") == ((upcard,), None)
    assert game.observe(state, 2).piles[0].cards == (upcard,)
    assert trickgame.legal_moves(state) == (game.PASS, game.TAKE)


def test_positions_hold_the_piles_and_refuse_cards_laid_away_too_soon() -> None:
    state = _play(_dealt(), "take", "take skat")
    data = trickgame.position(state)
    assert data["piles"] == [["", 1]]
    assert trickgame.setup(state.rules, data).deal.piles == state.deal.piles
    hand = _hand(state, 1)
    data["hands"][1] = " ".join(c.text for c in hand[2:])
    data["piles"] = [[" ".join(c.text for c in hand[:2]), 1]]
    with pytest.raises(PositionError, match="the cards laid away on the skat come last"):
        trickgame.setup(state.rules, data)
