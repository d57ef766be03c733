"""Move text: each game lists only its own move forms; text given to apply points to parse_move."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import games
from cardrules.errors import IllegalMoveError, NotationError
from cardrules.games import mau_mau, mau_mau_standard, maverick, oh_hell
from cardrules.moves import parse_move_text


@pytest.mark.parametrize("game", [mau_mau, mau_mau_standard])
def test_a_mau_mau_typo_lists_only_mau_mau_forms(game: Any) -> None:
    state = game.deal(game.Rules(), seed=1)
    with pytest.raises(NotationError) as raised:
        game.parse_move(state, "plya 7H")
    message = str(raised.value)
    assert "'play CARD'" in message and "'draw'" in message
    for foreign in ("bid N", "deal CARD", "dealer SEAT"):
        assert foreign not in message
    with pytest.raises(NotationError, match="the forms are 'play CARD'"):
        game.parse_move(state, "bid 1")


def test_under_explicit_chance_the_chance_forms_are_listed() -> None:
    state = mau_mau.deal(mau_mau.Rules(), seed=1, chance="explicit")
    with pytest.raises(NotationError, match="'deal CARD', 'dealer SEAT'"):
        mau_mau.parse_move(state, "plya 7H")


def test_an_oh_hell_typo_lists_play_and_bid_only() -> None:
    state = oh_hell.deal(oh_hell.Rules(), seed=1)
    with pytest.raises(NotationError, match=r"the forms are 'play CARD', 'bid N'$"):
        oh_hell.parse_move(state, "draw")


def test_a_maverick_typo_lists_maverick_forms() -> None:
    state = maverick.deal(maverick.Rules(), seed=1)
    with pytest.raises(NotationError, match="'pass C1 C2'") as raised:
        maverick.parse_move(state, "plya 7H")
    assert "draw" not in str(raised.value) and "end turn" not in str(raised.value)


@pytest.mark.parametrize("name", games.names())
def test_apply_given_text_points_to_parse_move(name: str) -> None:
    game = games.get(name)
    state = game.deal(game.Rules(), seed=1)
    text = str(game.legal_moves(state)[0])
    with pytest.raises(IllegalMoveError, match=r"is text, not a move: read it with parse_move"):
        game.apply(state, text)


def test_the_shared_reader_still_reads_every_form() -> None:
    assert [str(parse_move_text(t)) for t in ("bid 2", "deal QH", "dealer 1", "end turn")] == [
        "bid 2",
        "deal QH",
        "dealer 1",
        "end turn",
    ]
    with pytest.raises(NotationError, match="a move's text must be a string"):
        parse_move_text(5)
