"""Bad input to the public functions raises the library's own errors, naming what is allowed.

A malformed deck order given to any game's ``deal`` is a :class:`DeckError`; a
rules option out of range or of the wrong type is a :class:`RulesError` whose
message names the allowed values (for ``first_dealer``: the seats of the game).
"""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from cardrules import games
from cardrules.cards import ALL_CARDS, DECK52, format_cards, parse_cards
from cardrules.errors import ArgumentError, CardrulesError, DeckError, RulesError
from cardrules.games import enfle, oh_hell

NAMES = list(games.names())


def _bad_decks(deck: list[Any]) -> dict[str, tuple[object, str]]:
    """Malformed deck orders, each with the words its error must contain."""
    bad: dict[str, tuple[object, str]] = {
        "a card missing": (deck[1:], f"missing {deck[0]}"),
        "a card twice": ([deck[1], *deck[1:]], f"duplicated {deck[1]}; missing {deck[0]}"),
        "one card too many": ([*deck, deck[0]], f"duplicated {deck[0]}"),
        "empty": ([], "missing"),
        "card text": (format_cards(deck), "read card text with parse_cards()"),
        "a number": (52, "not int 52"),
        "strings for cards": ([str(c) for c in deck], "cards only"),
        "an unhashable item": ([[1], *deck[1:]], "cards only"),
    }
    for foreign in [c for c in ALL_CARDS if c not in deck][:1]:  # none for a 54-card game
        bad["a foreign card"] = ([foreign, *deck[1:]], f"not in this game's deck {foreign}")
    return bad


@pytest.mark.parametrize("name", NAMES)
def test_every_game_refuses_a_malformed_deck_order_with_a_deck_error(name: str) -> None:
    game = games.get(name)
    rules = game.PRESETS["single"]
    deck = list(reversed(game.deck_of(rules)))
    for order, words in _bad_decks(deck).values():
        with pytest.raises(DeckError, match=re.escape(words)):
            game.deal(rules, seed=1, deck=order)  # type: ignore[arg-type]
    assert issubclass(DeckError, CardrulesError)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_takes_its_deck_order_from_any_iterable_of_cards(name: str) -> None:
    game = games.get(name)
    rules = game.PRESETS["single"]
    deck = list(reversed(game.deck_of(rules)))
    from_list = game.deal(rules, seed=1, deck=deck)
    # Typed as a sequence; an iterator is accepted too (it is read once).
    from_iterator = game.deal(rules, seed=1, deck=iter(deck))  # type: ignore[arg-type]
    assert game.zones(from_iterator) == game.zones(from_list)


@pytest.mark.parametrize("name", NAMES)
def test_a_fixed_deck_and_explicit_chance_exclude_each_other(name: str) -> None:
    game = games.get(name)
    rules = game.PRESETS["single"]
    with pytest.raises(DeckError, match="a fixed deck and explicit chance"):
        game.deal(rules, seed=1, deck=game.deck_of(rules), chance="explicit")


def test_a_deck_error_names_the_problem_and_the_fix() -> None:
    with pytest.raises(DeckError, match=r"each of the game's 52 cards exactly once: missing AS"):
        oh_hell.deal(oh_hell.Rules(), seed=0, deck=[c for c in DECK52 if c != parse_cards("AS")[0]])


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (-1, r"first_dealer=-1 is out of range: allowed 0\.\.3, or none"),
        (4, r"first_dealer=4 is out of range: allowed 0\.\.3, or none"),
        ("north", r"first_dealer must be a whole number in 0\.\.3 \(or none\), not 'north'"),
    ],
)
def test_first_dealer_errors_name_the_seats_of_the_game(value: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        enfle.Rules(first_dealer=value)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"allowed 0\.\.4"):
        enfle.Rules(players=5, first_dealer=-1)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        # A range of one value names that value.
        ({"players": 3}, "players=3 is not allowed: players must be 4"),
        ({"players": "four"}, "players must be 4, not 'four'"),
        # Values are spelt as in the rules text: true, false, none.
        ({"trumps_win": None}, "trumps_win must be true or false, not none"),
        ({"bidding": False, "zero_fail": "replace"}, "zero_fail='replace' does not apply"),
    ],
)
def test_maverick_option_errors_name_the_value_allowed(
    options: dict[str, object], message: str
) -> None:
    from cardrules.games import maverick

    with pytest.raises(RulesError, match=re.escape(message)):
        maverick.Rules(**options)  # type: ignore[arg-type]


def test_an_option_that_does_not_apply_is_shown_as_the_rules_text_spells_it() -> None:
    with pytest.raises(RulesError) as caught:
        oh_hell.Rules(bidding="simultaneous", hook=False)
    assert str(caught.value).startswith("hook=false does not apply with simultaneous bidding")
    assert str(caught.value).endswith("; leave it out")


#: Words by which a message names the allowed values (a range, the one value of a
#: range of one, the choices, the booleans, or "leave it out" for an option another
#: option makes meaningless).
ALLOWED = re.compile(
    r"allowed |must be \d|use one of |true or false|leave it out|whole number in |>= "
)


@pytest.mark.parametrize("name", NAMES)
def test_every_option_error_of_every_game_names_the_allowed_values(name: str) -> None:
    game = games.get(name)
    refused = 0
    for field in attrs.fields(game.Rules):
        if not field.init:
            continue
        bad: object
        for bad in (-1, 0, 10**6, "zzz", 1.5, [], True, None):
            try:
                game.Rules(**{field.name: bad})
            except RulesError as error:
                refused += 1
                assert ALLOWED.search(str(error)), (field.name, bad, error)
    assert refused > 0


@pytest.mark.parametrize("name", ["oh_hell", "maverick", "enfle"])
def test_a_game_of_its_own_names_its_title_for_a_wrong_view(name: str) -> None:
    """Rule: a game's own functions word a wrong view as the engines do, naming the
    game's title (and the module whose observe makes a view)."""
    game = games.get(name)
    with pytest.raises(ArgumentError) as raised:
        game.describe(game.Rules())
    assert str(raised.value).startswith(
        f"{game.TITLE} needs a view of {game.TITLE} (from {name}.observe), not "
    )
