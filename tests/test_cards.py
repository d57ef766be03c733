"""Cards: singletons, notation, decks, masks."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.cards import (
    ALL_CARDS,
    BIG_JOKER,
    DECK32,
    DECK52,
    DECK54,
    LITTLE_JOKER,
    Card,
    Suit,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    stripped_deck,
)
from cardrules.errors import NotationError


def test_cards_are_singletons_through_copy_and_pickle() -> None:
    card = Card("QH")
    assert Card("qh") is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert pickle.loads(pickle.dumps(ALL_CARDS)) == ALL_CARDS


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card("QH").rank = 3


def test_text_notation_rank_then_suit_jokers_bj_lj() -> None:
    assert format_cards(parse_cards("AS KH QD JC 10S 2H")) == "AS KH QD JC 10S 2H"
    assert parse_card("BJ") is BIG_JOKER and parse_card("lj") is LITTLE_JOKER
    assert parse_card("T♠") is Card("10S")
    assert Card("10S").rank == 10 and Card("10S").suit is Suit.SPADES
    assert BIG_JOKER.is_joker and BIG_JOKER.rank > LITTLE_JOKER.rank > Card("AS").rank


@pytest.mark.parametrize("bad", ["", "X", "1S", "11H", "QZ", "AS10", "JJ", "10"])
def test_bad_card_text_is_refused_with_the_token(bad: str) -> None:
    with pytest.raises(NotationError, match="bad card"):
        parse_card(bad)


def test_parse_cards_names_the_bad_token_position() -> None:
    with pytest.raises(NotationError, match="token 3 of 'AS KH ZZ'"):
        parse_cards("AS KH ZZ")


def test_decks_52_32_54_and_stripped() -> None:
    assert len(DECK52) == 52 and len(set(DECK52)) == 52
    assert len(DECK32) == 32 and min(c.rank for c in DECK32) == 7
    assert len(DECK54) == 54 and BIG_JOKER in DECK54
    assert len(stripped_deck(3)) == 48 and len(stripped_deck(5)) == 40
    with pytest.raises(ValueError):
        stripped_deck(15)


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_masks_round_trip(cards: set[Card]) -> None:
    assert set(cards_of(mask_of(cards))) == cards
    assert list(cards_of(mask_of(cards))) == sorted(cards)


@pytest.mark.parametrize("mask", [-1, 1 << len(ALL_CARDS), (1 << 60) | 1])
def test_cards_of_refuses_a_mask_with_bits_outside_the_cards(mask: int) -> None:
    with pytest.raises(ValueError, match="not a card mask"):
        cards_of(mask)


@given(st.lists(st.sampled_from(ALL_CARDS)))
def test_text_round_trips(cards: list[Card]) -> None:
    assert list(parse_cards(format_cards(cards))) == cards


def test_a_suit_reads_as_its_name_not_its_number() -> None:
    # A program that prints a called suit must print a word ("called diamonds").
    assert str(Suit.DIAMONDS) == "diamonds"
    assert f"called {Suit.HEARTS}" == "called hearts"
    assert int(Suit.DIAMONDS) == 1 and Suit.DIAMONDS < Suit.SPADES
