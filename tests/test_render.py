"""The views in words: every game describes its view and its moves for a person."""

from __future__ import annotations

import importlib
import random
import re
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from cardrules import games
from cardrules.cards import Card, Suit
from cardrules.core import trickgame
from cardrules.core.trickgame import contract_text
from cardrules.game import Fact, Game
from cardrules.moves import Play
from cardrules.render import (
    Style,
    contract_facts,
    describe_fields,
    hand_text,
    render_table,
    render_view,
    seat_roles,
)
from tests import pile_game, seats_game
from tests.contract_pictures import bridge_after, plain_game

#: Names of view fields and internal values that must never reach a person's screen.
INTERNAL = ("Match(", "free", "pending", "owed", "absent", "allowance", "phase", "Phase.", "None")


def positions(game: Game, seed: int, moves: int = 60) -> list[object]:
    """The views of the seat to move along a random game (at most ``moves`` steps)."""
    rng = random.Random(seed)
    state = game.deal(game.Rules(), seed=seed)
    views = []
    for _ in range(moves):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        assert isinstance(seat, int)
        views.append(game.observe(state, seat))
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return views


def allowed_value(value: object) -> bool:
    if isinstance(value, (str, int, Card, Suit)) or value is None:
        return True
    if isinstance(value, tuple):
        return all(
            allowed_value(item)
            or (isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], Card))
            for item in value
        )
    return False


@pytest.mark.parametrize("name", games.names())
def test_each_game_describes_its_view_in_words_with_one_value_per_seat(name: str) -> None:
    game = games.get(name)
    for view in positions(game, seed=11):
        facts = game.describe(view)
        assert all(isinstance(fact, Fact) and allowed_value(fact.value) for fact in facts)
        seats = len(view.score.totals)  # type: ignore[attr-defined]
        for fact in facts:
            if fact.per_seat:
                assert isinstance(fact.value, tuple) and len(fact.value) == seats, fact
        assert [fact.label for fact in facts].count("hand") == 1
        # deals are numbered from 1: the deal in progress follows the finished ones
        deal = facts[0].value
        assert facts[0].label == "deal" and isinstance(deal, str)
        assert deal.split(",")[0].split()[0] == str(len(view.score.deals) + 1)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", games.names())
def test_the_screen_shows_no_internal_names_and_every_legal_move(name: str) -> None:
    game = games.get(name)
    for view in positions(game, seed=5):
        screen = render_table(game, view)
        for internal in INTERNAL:
            assert internal not in screen, (internal, screen)
        for move in view.legal_moves:  # type: ignore[attr-defined]
            assert str(move) in screen


@pytest.mark.parametrize("name", ["mau_mau", "mau_mau_standard", "strafpoint"])
def test_announcing_the_last_card_says_what_forgetting_costs(name: str) -> None:
    """Announce rule: the play that leaves one card may carry ``announce``; not
    announcing costs cards, and both choices say so."""
    game = games.get(name)
    for seed in range(40):
        for view in positions(game, seed=seed, moves=300):
            announced = [m for m in view.legal_moves if isinstance(m, Play) and m.announce]  # type: ignore[attr-defined]
            if announced:
                plain = Play(announced[0].card, announced[0].call)
                assert "announces that you have one card left" in game.explain_move(
                    view, announced[0]
                )
                assert re.search(
                    r"without announcing your last card: .*you draw \d cards?",
                    game.explain_move(view, plain),
                )
                return
    pytest.fail("no position with an announcing play in 40 random games")


def test_hands_are_sorted_by_suit_with_symbols_and_red_suits_in_colour() -> None:
    cards = tuple(Card(text) for text in ("AS", "2H", "10C", "3C", "KD"))
    assert hand_text(cards) == "3C 10C | KD | 2H | AS"
    assert hand_text(cards, Style(symbols=True)) == "3♣ 10♣  ·  K♦  ·  2♥  ·  A♠"
    coloured = hand_text(cards, Style(symbols=True, colour=True))
    assert "\x1b[31mK♦\x1b[0m" in coloured and "\x1b[31m" not in hand_text(cards[:1])
    assert Style(symbols=True).text("seat 2 plays QH") == "seat 2 plays Q♥"


@pytest.mark.parametrize("name", games.names())
def test_a_new_game_can_start_from_the_plain_description_of_its_view_fields(name: str) -> None:
    game = games.get(name)

    class PlainGame:
        """The game with the plain ``describe`` a newly written game could start from."""

        def __getattr__(self, attribute: str) -> object:
            return getattr(game, attribute)

        describe = staticmethod(describe_fields)

    for view in positions(game, seed=2, moves=20):
        screen = render_table(PlainGame(), view)  # type: ignore[arg-type]
        assert "your hand: " in screen and "score" in screen
        assert all(str(move) in screen for move in view.legal_moves)  # type: ignore[attr-defined]


def test_a_meaning_that_only_repeats_the_move_is_not_shown() -> None:
    from cardrules.render import moves_text

    class Echo:  # a game whose meanings repeat the move ('no bid   no bid')
        @staticmethod
        def explain_move(view: object, move: object) -> str:
            return str(move)

    lines = moves_text(Echo, None, ["no bid", "bid zero"])  # type: ignore[arg-type]
    assert lines == ["  1) no bid", "  2) bid zero"]


@pytest.mark.parametrize(
    ("totals", "you", "ahead"),
    [
        ((-1, 8, -1, 8), None, "seats 1 and 3 ahead"),
        ((-1, 8, -1, 8), 3, "your side ahead"),
        ((5, 5, 5, 5), 0, "the scores level"),
    ],
)
def test_a_game_stopped_at_its_limit_says_who_is_ahead(
    totals: tuple[int, ...], you: int | None, ahead: str
) -> None:
    from cardrules.game import Outcome, Score
    from cardrules.render import outcome_text

    score = Score(totals, ((0, 2), (1, 3)), "high", (), Outcome("truncated", ()), (0.0,) * 4)
    assert outcome_text(score, you=you).startswith(
        f"The game stopped at its move or deal limit with {ahead}: seat 0"
    )


# --------------------------------------------------------------------------- contract deals


@pytest.fixture
def bridge() -> Iterator[ModuleType]:
    """The bridge example, registered for the test and removed afterwards."""
    module = importlib.import_module("examples.bridge")
    games.register(module, heuristic=module.BridgeBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.bridge"]  # the next import registers it again


def test_a_bridge_table_shows_the_calls_the_contract_and_the_dummy_played_by_its_declarer(
    bridge: Any,
) -> None:
    """The table of a contract deal: the calls so far and the contract in words (the
    engine's contract text), the declarer and the dummy marked over their seats, and
    the dummy's hand, once face up after the opening lead, labelled with who plays
    it; with the game's own words and with the plain ones."""
    before = bridge_after(bridge, 0)
    contract = before.contract
    declarer, dummy = contract.declarer, contract.dummy
    seat = (dummy + 1) % 4  # a defender: the opening lead is its own or to come
    after = bridge_after(bridge, 1)
    label = f"dummy (seat {dummy}, played by seat {declarer})"
    for game in (bridge, plain_game(bridge)):
        screen = render_table(game, bridge.observe(before, seat))
        assert f"contract: {contract_text(contract)}" in screen
        assert f"seat {declarer} (declarer)" in screen and f"seat {dummy} (dummy)" in screen
        assert label not in screen  # not face up before the opening lead
        view = bridge.observe(after, seat)
        screen = render_table(game, view)
        assert f"{label}: {hand_text(view.dummy_hand)}" in screen
        calls = ", ".join(f"seat {s} {call}" for s, call in after.deal.calls[0])
        assert (f"calls: {calls}" in screen) is (game is not bridge)  # bridge has its own
        assert "Call(" not in screen and "Contract(" not in screen
        own = render_table(game, bridge.observe(after, dummy))  # the dummy's own hand
        assert f"your hand: {hand_text(view.dummy_hand)}" in own
    assert "calls: " in render_view(bridge.observe(after, seat))


def test_a_seat_that_sits_the_deal_out_is_marked_over_its_seat() -> None:
    """A lone hand (the seats game of the tests): the seat out is marked, and the
    contract says so; a deal without seats out marks none."""
    state = seats_game.deal(seats_game.Rules(first_dealer=0), seed=2)
    for word in ("hold", "hold", "take"):
        state = seats_game.apply(state, seats_game.parse_move(state, word))
    partner = seats_game.apply(state, seats_game.parse_move(state, "partner"))
    lone = seats_game.apply(state, seats_game.parse_move(state, "alone"))
    screen = render_table(seats_game, seats_game.observe(lone, 0))
    assert "seat 1 (out)" in screen and "seat 3 (declarer)" in screen
    assert "seat 1 out" in screen  # the contract's words
    assert seat_roles(seats_game.observe(lone, 0)) == ("", "out", "", "declarer")
    plain = render_table(plain_game(seats_game), seats_game.observe(partner, 0))
    assert "(out)" not in plain
    assert "calls: seat 1 hold, seat 2 hold, seat 3 take; seat 3 partner" in plain


def test_piles_are_shown_as_each_seat_sees_them() -> None:
    """Piles (the pile game of the tests): face down with their count, the turned card
    face up, the cards a seat laid away shown to it alone; where the game's own words
    do not show them, the table does."""
    state = pile_game.deal(pile_game.Rules(first_dealer=0), seed=3)
    plain = plain_game(pile_game)
    assert "piles: skat: 2 cards face down" in render_table(plain, pile_game.observe(state, 0))
    state = pile_game.apply(state, pile_game.parse_move(state, "take"))
    state = pile_game.apply(state, pile_game.parse_move(state, "take skat"))
    state = pile_game.apply(state, pile_game.legal_moves(state)[0])
    laid = " ".join(card.text for card in pile_game.observe(state, 1).piles[0].cards)
    assert f"skat: laid away by seat 1: {laid}" in render_table(plain, pile_game.observe(state, 1))
    other = render_table(plain, pile_game.observe(state, 2))
    hidden = "skat: 2 cards laid away by seat 1, face down"
    assert hidden in other and laid not in other
    assert hidden in render_view(pile_game.observe(state, 2))
    upcard = pile_game.UPCARD_GAME
    module = ModuleType("pile_upcard_render")
    trickgame.install(upcard, module.__dict__)
    turned = module.deal(pile_game.UpcardRules(first_dealer=0, hand=2), seed=5)
    card = module.observe(turned, 2).piles[0].cards[0]
    assert f"upcard: {card} face up" in render_table(plain_game(module), module.observe(turned, 2))


@pytest.mark.parametrize("name", games.names())
def test_a_game_without_a_contract_shows_nothing_of_one(name: str) -> None:
    """The games of cardrules have no auction, contract or piles: nothing is added."""
    game = games.get(name)
    for view in positions(game, seed=4, moves=12):
        assert seat_roles(view) == () and contract_facts(view) == ()
