"""A Stops state to JSON and back, checked."""

from __future__ import annotations

from typing import Any

from cardrules.cards import Card, Suit, cards_of, format_cards, mask_of
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.core.serial import StateReader, common_to_dict
from cardrules.core.shedding.description import StopsRules
from cardrules.core.shedding.state import END_DEAL, Phase, State
from cardrules.core.shedding.views import zones
from cardrules.errors import RecordError
from cardrules.moves import parse_move_text


def state_to_dict(state: State, name: str, version: str) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
    return common_to_dict(state, name, version) | {
        "hands": [format_cards(cards_of(h)) for h in state.hands],
        "stock": format_cards(state.stock),
        "buried": format_cards(state.buried),
        "discard_pile": format_cards(cards_of(state.pile)),
        "upcard": state.upcard.text if state.upcard is not None else None,
        "called": state.called.plural if state.called is not None else None,
        "free": state.free,
        "turn": state.turn,
        "direction": state.direction,
        "pending": state.pending,
        "passes": state.passes,
        "drawn": state.drawn.text if state.drawn is not None else None,
        "charged": state.charged,
        "owed": state.owed,
        "after": state.after,
        "dealt": state.dealt,
        "unannounced": [s for s in range(len(state.hands)) if state.unannounced >> s & 1],
        "penalties": list(state.penalties),
        "absent": [format_cards(cards_of(m)) for m in state.absent],
        "allowance": list(state.allowance),
        "restocks": state.restocks,
    }


def _optional_seat(r: StateReader, key: str, players: int) -> int | None:
    value = r.data.get(key)
    if value is None:
        return None
    return r.integer(key, 0, players - 1)


def _flag(r: StateReader, key: str) -> bool:
    value = r.data.get(key)
    if not isinstance(value, bool):
        r.fail(f"field {key!r} must be true or false, not {value!r}")
    return value


def state_from_reader(r: StateReader, rules_class: type[StopsRules]) -> State:
    """Build a state from a :class:`StateReader` on :func:`state_to_dict`'s form, checked."""
    common = r.common(rules_class, _deck_of_reader(r, rules_class), Phase, parse_move_text)
    rules: StopsRules = common["rules"]
    stops = rules.stops
    players = stops.players
    called = r.data.get("called")
    if called is not None and not isinstance(called, str):
        r.fail(f"field 'called' must be a suit or null, not {called!r}")
    direction = r.integer("direction", -1, 1)
    if direction == 0:
        r.fail("field 'direction' must be 1 or -1")
    unannounced = 0
    for seat in r.data.get("unannounced") or []:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            r.fail(f"field 'unannounced' must list seats 0..{players - 1}, not {seat!r}")
        unannounced |= 1 << seat
    state = State(
        **common,
        hands=r.masks_per_seat("hands", players),
        stock=r.cards("stock"),
        buried=r.cards("buried"),
        pile=mask_of(r.cards("discard_pile")),
        upcard=r.optional_card("upcard"),
        called=None if called is None else r.guard("called", lambda: Suit.parse(called)),
        free=_flag(r, "free"),
        turn=r.integer("turn", 0, players - 1),
        direction=direction,
        pending=r.integer("pending", 0, len(stops.deck)),
        passes=r.integer("passes", 0, players),
        drawn=r.optional_card("drawn"),
        charged=_optional_seat(r, "charged", players),
        owed=r.integer("owed", 0, len(stops.deck)),
        after=r.integer("after", END_DEAL, players - 1),
        dealt=r.integer("dealt", 0, players * stops.hand_size),
        unannounced=unannounced,
        penalties=tuple(r.int_list("penalties", players)),
        absent=r.masks_per_seat("absent", players),
        allowance=tuple(r.int_list("allowance", players, 0, len(stops.deck))),
        restocks=r.integer("restocks", 0),
    )
    r.check_partition(zones(state), stops.deck)
    if state.phase in (Phase.PLAYING, Phase.DRAWING) and state.upcard is None:
        r.fail("a deal in play needs an upcard")
    if state.drawn is not None and not state.drawn.bit & state.hands[state.turn]:
        r.fail(f"the drawn card {state.drawn} is not in the hand of seat {state.turn}")
    if state.phase is Phase.DRAWING and not state.owed:
        r.fail("a state drawing cards must owe at least one")
    if state.chance == "explicit" and list(state.stock) != sorted(state.stock):
        r.fail("in explicit chance the stock's order is not decided: list it in index order")
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
