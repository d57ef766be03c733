"""The views in words: every game describes its view and its moves for a person."""

from __future__ import annotations

import random
import re

import pytest

from cardrules import games
from cardrules.cards import Card, Suit
from cardrules.game import Fact, Game
from cardrules.moves import Play
from cardrules.render import Style, describe_fields, hand_text, render_table

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
