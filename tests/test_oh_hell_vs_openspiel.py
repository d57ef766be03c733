"""Up and Down the River against an independent implementation: OpenSpiel's ``oh_hell``.

OpenSpiel's game (with its default scoring: one point per trick and ten for an
exact bid, and the dealer's hook) plays one deal of the same rules. Both engines
get the same hands, trump card and dealer; then, move by move, the legal moves
must agree exactly, and so must the final points. Skipped, with the reason, when
OpenSpiel (the ``bench`` or ``openspiel`` extra) is not installed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules.cards import Card, Suit, cards_of
from cardrules.games import oh_hell
from cardrules.moves import Bid, Play

pyspiel: Any = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (the openspiel extra)"
)

# OpenSpiel numbers a card rank_index * 4 + suit_index, suits in the order C D S H.
_OPENSPIEL_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
_BID_BASE = 52


def openspiel_card(card: Card) -> int:
    assert card.suit is not None
    return (card.rank - 2) * 4 + _OPENSPIEL_SUIT[card.suit]


def openspiel_action(move: object) -> int:
    if isinstance(move, Play):
        return openspiel_card(move.card)
    assert isinstance(move, Bid)
    return _BID_BASE + move.tricks


def play_both(players: int, hand: int, seed: int) -> int:
    """Play one deal in both engines with the same random choices; return its length."""
    rng = random.Random(seed)
    rules = oh_hell.Rules(players=players, start_hand=hand, schedule="single")
    state = oh_hell.deal(rules, seed=seed)
    dealer = state.match.dealer
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": hand})
    spiel = game.new_initial_state()
    spiel.apply_action(hand)  # the number of tricks (fixed)
    spiel.apply_action(dealer)
    # OpenSpiel deals card i to player i % players: feed each player his cardrules hand.
    hands = [list(cards_of(h)) for h in state.hands]
    for i in range(hand * players):
        spiel.apply_action(openspiel_card(hands[i % players].pop()))
    assert state.trump_card is not None
    spiel.apply_action(openspiel_card(state.trump_card))
    steps = 0
    while not oh_hell.is_over(state):
        assert spiel.current_player() == oh_hell.to_move(state)
        legal = oh_hell.legal_moves(state)
        assert sorted(openspiel_action(m) for m in legal) == spiel.legal_actions()
        move = rng.choice(legal)
        state = oh_hell.apply(state, move)
        spiel.apply_action(openspiel_action(move))
        steps += 1
    assert spiel.is_terminal()
    assert list(oh_hell.score(state).deals[0].points) == [int(r) for r in spiel.returns()]
    return steps


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_legal_moves_and_scores_agree_with_openspiel(players: int) -> None:
    rng = random.Random(players)
    for game_number in range(60):
        hand = rng.randint(1, 51 // players)
        play_both(players, hand, seed=1000 * players + game_number)


def test_the_hook_agrees_in_a_one_card_deal() -> None:
    for seed in range(100):
        assert play_both(4, 1, seed) == 8
