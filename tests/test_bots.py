"""Bots see only views, return legal moves, and the stronger ones are stronger."""

from __future__ import annotations

import random

import pytest

from cardrules import games
from cardrules.bots import Bot, RandomBot
from cardrules.bots.heuristics import OhHellBot, heuristic_bot
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.cards import parse_cards
from cardrules.errors import RulesError
from cardrules.games import oh_hell
from cardrules.moves import Bid, Play
from cardrules.play import play_game
from cardrules.render import render_view


@pytest.mark.parametrize("name", games.names())
def test_random_bot_plays_every_game_to_the_end(name: str) -> None:
    game = games.get(name)
    rules = game.PRESETS.get("single", game.Rules())
    seats = sum(len(team) for team in game.teams(rules))
    final = play_game(game, rules, [RandomBot()] * seats, seed=3)
    assert game.is_over(final)


@pytest.mark.parametrize("name", games.names())
def test_every_view_renders_as_text(name: str) -> None:
    game = games.get(name)
    state = game.deal(game.PRESETS.get("single", game.Rules()), seed=1)
    seat = game.to_move(state)
    assert isinstance(seat, int)
    text = render_view(game.observe(state, seat))
    assert f"seat {seat} to move" in text and "legal moves: 1)" in text


def test_oh_hell_heuristic_bids_its_high_cards_and_trumps() -> None:
    rules = oh_hell.Rules(schedule="single", start_hand=5, first_dealer=3)
    # Seat 0 gets AS AH QD(trump) 2C 3C; trump card is a diamond.
    deck = parse_cards("AS 2S 3S 4S AH 2H 3H 4H QD 5S 6S 7S 2C 5H 6H 7H 3C 8S 9S 10S 4D")
    rest = [c for c in oh_hell.deck_of(rules) if c not in deck]
    state = oh_hell.deal(rules, seed=0, deck=[*deck, *rest])
    move = OhHellBot().choose(
        oh_hell.observe(state, 0), oh_hell.legal_moves(state), random.Random(0)
    )
    assert move == Bid(3)


def test_oh_hell_heuristic_ducks_when_its_bid_is_made() -> None:
    rules = oh_hell.Rules(schedule="single", start_hand=2, first_dealer=3)
    deck = parse_cards("AS KS 2H 3S 5C QS 7D 8D 4H")
    rest = [c for c in oh_hell.deck_of(rules) if c not in deck]
    state = oh_hell.deal(rules, seed=0, deck=[*deck, *rest])
    for text in ("bid 0", "bid 0", "bid 0", "bid 0", "play AS"):
        state = oh_hell.apply(state, oh_hell.parse_move(state, text))
    # Seat 1 bid 0 and holds KS QS: it must follow spades and cannot beat the ace: any.
    move = OhHellBot().choose(
        oh_hell.observe(state, 1), oh_hell.legal_moves(state), random.Random(0)
    )
    assert isinstance(move, Play) and move.card.text == "KS"


def test_heuristic_bot_for_an_unknown_game_is_refused() -> None:
    with pytest.raises(RulesError):
        heuristic_bot("chess")


def test_heuristic_beats_random_at_up_and_down_the_river() -> None:
    rules = oh_hell.Rules(schedule="single", start_hand=8)
    points = {"heuristic": 0, "random": 0}
    for seed in range(60):
        bots: list[Bot] = [OhHellBot(), RandomBot(), OhHellBot(), RandomBot()]
        if seed % 2:
            bots = bots[1:] + bots[:1]
        final = play_game(oh_hell, rules, bots, seed=seed)
        for seat, total in enumerate(oh_hell.score(final).totals):
            points[bots[seat].name] += total
    assert points["heuristic"] > 1.5 * points["random"]


def test_ismcts_returns_a_legal_move_from_the_view_only() -> None:
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=8)
    bot = ISMCTSBot(oh_hell, iterations=30)
    rng = random.Random(2)
    while not oh_hell.is_over(state):
        seat = oh_hell.to_move(state)
        assert isinstance(seat, int)
        legal = oh_hell.legal_moves(state)
        move = bot.choose(oh_hell.observe(state, seat), legal, rng)
        assert move in legal
        state = oh_hell.apply(state, move)
    with pytest.raises(ValueError):
        ISMCTSBot(oh_hell, iterations=0)
