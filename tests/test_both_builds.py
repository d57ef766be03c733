"""The pure and the compiled build refuse bad input alike, and read options alike.

These are ordinary tests: ``sh scripts/compiled.sh`` runs the whole suite a second time
against the compiled build, where a typed parameter or field would otherwise refuse a
value of the wrong type with the compiler's own ``TypeError`` before the library's check
could name the problem, and where an annotation such as ``int | None`` is not kept at run
time.
"""

from __future__ import annotations

import typing
from typing import Any

import attrs
import pytest

from cardrules import games
from cardrules.cards import Card
from cardrules.core.options import (
    KIND,
    BaseRules,
    check_int,
    option_kinds,
    optional,
)
from cardrules.errors import ArgumentError, CardrulesError, NotationError, RulesError
from cardrules.games import enfle, mau_mau, oh_hell

NAMES = list(games.names())


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: Card(5), NotationError, "a card is written as text such as 'QH', not 5"),
        (
            lambda: oh_hell.Rules(players="x"),  # type: ignore[arg-type]
            RulesError,
            "players must be a whole number in 3..8, not 'x'",
        ),
        (
            lambda: mau_mau.deal(mau_mau.Rules(), seed="x"),  # type: ignore[arg-type]
            ArgumentError,
            "seed must be a whole number (an int), not 'x'",
        ),
        (
            lambda: oh_hell.deal(oh_hell.Rules(), seed="x"),  # type: ignore[arg-type]
            ArgumentError,
            "seed must be a whole number (an int), not 'x'",
        ),
        # An option that may be None, given a value of the wrong kind, in both branches of
        # its game's check: checked (sequential bidding) and "does not apply" (simultaneous).
        (lambda: oh_hell.Rules(hook="x"), RulesError, "hook must be true or false, not 'x'"),  # type: ignore[arg-type]
        (
            lambda: oh_hell.Rules(bidding="simultaneous", hook="x"),  # type: ignore[arg-type]
            RulesError,
            "hook='x' does not apply with simultaneous bidding (rule OH-3.4); leave it out",
        ),
        (
            lambda: oh_hell.Rules(start_hand="9"),  # type: ignore[arg-type]
            RulesError,
            "start_hand must be a whole number in 1..12, not '9'",
        ),
        # A bool is no whole number, though the compiled build could read it as 0 or 1.
        (
            lambda: oh_hell.Rules(players=True),
            RulesError,
            "players must be a whole number in 3..8, not true",
        ),
        (
            lambda: enfle.Rules(deal_packet=True),
            RulesError,
            "deal_packet=true is not allowed: use one of 1, 2",
        ),
        # An option with a converter takes what the converter reads, beside any bool.
        (
            lambda: mau_mau.Rules(jacks_wild=True, restock=None, target=True),
            RulesError,
            "target must be a whole number >= 1 (or none), not true",
        ),
        (
            lambda: oh_hell.Rules(schedule=5),  # type: ignore[arg-type]
            RulesError,
            "schedule=5 is not allowed: use one of 'down_up', 'up_down', 'down', 'up', 'single'",
        ),
    ],
)
def test_bad_input_gets_the_library_error_and_message_in_either_build(
    build: Any, error: type[CardrulesError], message: str
) -> None:
    with pytest.raises(error) as caught:
        build()
    assert str(caught.value) == message


@pytest.mark.parametrize("name", NAMES)
def test_option_kinds_come_from_the_definitions_and_match_the_annotations(name: str) -> None:
    """Every option's kind is int, bool or str, from its definition (an option that may
    be None says its kind with ``optional``); where the annotations are kept (the pure
    build), they say the same."""
    rules_class = games.get(name).Rules
    kinds = option_kinds(rules_class)
    fields = [field for field in attrs.fields(rules_class) if field.init]
    assert list(kinds) == [field.name for field in fields]
    for field in fields:
        kind, none = kinds[field.name]
        assert kind in (int, bool, str), field.name
        assert (KIND in field.metadata) == none, f"{field.name}: None allowed, no optional()"
        if isinstance(field.type, str):  # the pure build keeps the annotations as text
            hint = typing.get_type_hints(rules_class)[field.name]
            expected = kind | None if none else kind
            assert hint == expected, field.name


@attrs.frozen(slots=True, kw_only=True)
class _Rules(BaseRules):
    """Rules whose check reads an option as the compiled build does: as its declared kind,
    refusing any other with a TypeError before the library's check sees the value."""

    players: int = 4
    start_hand: int | None = optional(int)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.players, int):
            raise TypeError("int object expected")
        check_int("players", self.players, 2, 5)
        if self.start_hand is not None:
            if not isinstance(self.start_hand, int):
                raise TypeError("int object expected")
            check_int("start_hand", self.start_hand, 1, 52 // self.players)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": "x"}, "players must be a whole number in 2..5, not 'x'"),
        ({"players": None}, "players must be a whole number in 2..5, not none"),
        ({"start_hand": 1.5}, "start_hand must be a whole number in 1..13, not 1.5"),
        # Checks run in the game's order: the first refused option is named.
        ({"players": 9, "start_hand": "x"}, "players=9 is out of range: allowed 2..5"),
    ],
)
def test_a_value_the_compiled_check_cannot_read_is_refused_by_the_games_own_check(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(RulesError) as caught:
        _Rules(**options)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert _Rules(players=3, start_hand=5).start_hand == 5  # the stand-ins are gone
