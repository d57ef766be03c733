"""A Stops state to JSON and back, checked.

The JSON form is the fields every game has
(:func:`cardrules.core.serial.common_to_dict`), the deal in progress as a position
writes it (:func:`~cardrules.core.shedding.positions.deal_fields`, read back by the
same reader as a position's), and ``position``: the position the game was set up
from, or None for a dealt game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.cards import Card
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.core.serial import StateReader, common_to_dict
from cardrules.core.shedding.description import StopsRules
from cardrules.core.shedding.positions import check_deal, deal_fields, read_deal_fields
from cardrules.core.shedding.state import Phase, State, _built
from cardrules.errors import PositionError, RecordError
from cardrules.moves import parse_move_text

#: ``set_up(rules, position)``: the state set up from a position (for a set-up state's
#: ``position`` field), raising :class:`PositionError` if the position does not hold together.
SetUp = Callable[[StopsRules, object], State]


def state_to_dict(state: State, name: str, version: str) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
    return common_to_dict(state, name, version) | deal_fields(state) | {"position": state.position}


def state_from_reader(
    r: StateReader, rules_class: type[StopsRules], set_up: SetUp | None = None
) -> State:
    """Build a state from a :class:`StateReader` on :func:`state_to_dict`'s form, checked.

    A state with a ``position`` (set up from it) needs ``set_up`` to read it.
    """
    common = r.common(rules_class, _deck_of_reader(r, rules_class), Phase, parse_move_text)
    rules: StopsRules = common["rules"]
    position = r.data.get("position")  # absent from the states of earlier versions
    if position is not None:
        if set_up is None:
            r.fail("this state was set up from a position, which this reader cannot read")
        try:
            position = set_up(rules, position).position
        except PositionError as error:
            r.fail(f"field 'position': {error}")
    state = _built(**common, position=position, **read_deal_fields(r, rules))
    check_deal(r, state)
    return state


def _deck_of_reader(r: StateReader, rules_class: type[StopsRules]) -> tuple[Card, ...]:
    """The deck of the rules named in the serialized state (for reading ``first_deck``)."""
    try:
        _, options = parse_rules_text(r.string("rules"))
        rules: StopsRules = build_rules(rules_class, options)
    except RecordError:
        raise
    except (ValueError, TypeError) as error:
        r.fail(f"field 'rules': {error}")
    return rules.stops.deck
