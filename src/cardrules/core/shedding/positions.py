"""Positions of a Stops game: a state or a view as plain data, and a state set up from one.

A *position* is everything a move depends on, as JSON-ready data: the JSON form
of the state (:func:`cardrules.core.shedding.serialization.state_to_dict`)
without the game's origin (rules, seed, chance, fixed first deck), its event log
and its history, with the match flattened into ``deal_number``, ``dealer``,
``totals`` and ``rows`` and the outcome as ``[reason, [winners...], draw]`` or
None. Its keys, in order, are :data:`POSITION_KEYS`. A view's position has the
same keys with what its seat knows: the other hands, the stock and a card
another seat drew this turn are counts (whole numbers) instead of cards.

:func:`setup` builds a state from a full position, and refuses one that does not
hold together with a :class:`~cardrules.errors.PositionError` naming the problem.
The reader of the fields of the deal in progress (:func:`read_deal_fields`) is the
one :func:`~cardrules.core.shedding.serialization.state_from_reader` uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from cardrules.cards import Suit, cards_of, format_cards, mask_of
from cardrules.core.match import Match
from cardrules.core.serial import _REASONS, StateReader, frozen_position
from cardrules.core.shedding.description import StopsRules
from cardrules.core.shedding.position_checks import _check_playing, _refuse
from cardrules.core.shedding.state import END_DEAL, Phase, State, _built, _deal_with, _with
from cardrules.core.shedding.views import View, zones
from cardrules.errors import RecordError, show_value
from cardrules.game import DealRow, Event, Log, Outcome

__all__ = [
    "CARD_KEYS",
    "DEAL_KEYS",
    "POSITION_KEYS",
    "check_deal",
    "deal_fields",
    "position_of_state",
    "position_of_view",
    "read_deal_fields",
    "setup",
]

#: The keys of the match, first in a position (the phase with them).
MATCH_KEYS: Final = ("phase", "deal_number", "dealer", "totals", "rows")
#: The keys of the deal in progress, in a position and in the JSON form of a state.
DEAL_KEYS: Final = (
    "hands",
    "stock",
    "buried",
    "discard_pile",
    "upcard",
    "called",
    "free",
    "turn",
    "direction",
    "pending",
    "passes",
    "drawn",
    "charged",
    "owed",
    "after",
    "dealt",
    "unannounced",
    "penalties",
    "absent",
    "allowance",
    "restocks",
)
#: Every key of a position, in order.
POSITION_KEYS: Final = (*MATCH_KEYS, *DEAL_KEYS, "outcome")
#: The keys of a position that hold a place of cards as one text: with the hands, each
#: card of the deck lies in one of them. They are the keys that may be ``"*"``
#: (:data:`~cardrules.positions.REST`); the others that name cards (``drawn``,
#: ``absent``) say what is known of cards in the hands.
CARD_KEYS: Final = ("stock", "buried", "discard_pile", "upcard")
#: The text of the event a set-up state's log starts with.
SETUP_TEXT: Final = "set up from a position"
_PHASE_NAMES: Final = {phase.name.lower(): phase for phase in Phase}


# --------------------------------------------------------------------------- writing


def deal_fields(state: State) -> dict[str, Any]:
    """The deal in progress, JSON-ready (hidden cards included: it is the state's)."""
    return {
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


def _match_fields(phase: Phase, match: Match) -> dict[str, Any]:
    return {
        "phase": phase.name.lower(),
        "deal_number": match.deal_number,
        "dealer": match.dealer,
        "totals": list(match.totals),
        "rows": [
            [
                row.number,
                row.dealer,
                list(row.points),
                [[key, *values] for key, values in row.extras],
            ]
            for row in match.rows
        ],
    }


def _outcome_list(outcome: Outcome | None) -> list[Any] | None:
    if outcome is None:
        return None
    return [outcome.reason, list(outcome.winners), outcome.draw]


def position_of_state(state: State) -> dict[str, Any]:
    """The position of a state: everything a move depends on (see the module docs)."""
    return (
        _match_fields(state.phase, state.match)
        | deal_fields(state)
        | {"outcome": _outcome_list(state.outcome)}
    )


def position_of_view(view: View) -> dict[str, Any]:
    """The position as ``view.seat`` knows it: another seat's hand, the stock and a card
    another seat drew this turn are counts."""
    players = len(view.hand_sizes)
    drawn: str | int | None = None
    if view.drawn is not None:
        drawn = view.drawn.text
    elif view.has_drawn:
        drawn = 1
    hands: list[str | int] = [
        format_cards(view.hand) if s == view.seat else view.hand_sizes[s] for s in range(players)
    ]
    fields: dict[str, Any] = {
        "hands": hands,
        "stock": view.stock_size,
        "buried": format_cards(view.buried),
        "discard_pile": format_cards(view.discard_pile),
        "upcard": view.upcard.text if view.upcard is not None else None,
        "called": view.called.plural if view.called is not None else None,
        "free": view.free,
        "turn": view.turn,
        "direction": view.direction,
        "pending": view.pending,
        "passes": view.passes,
        "drawn": drawn,
        "charged": view.charged_seat,
        "owed": view.owed,
        "after": view.after,
        "dealt": view.dealt,
        "unannounced": [s for s, flag in enumerate(view.unannounced) if flag],
        "penalties": list(view.penalties),
        "absent": [format_cards(cards) for cards in view.absent],
        "allowance": list(view.allowance),
        "restocks": view.restocks,
    }
    return (
        _match_fields(view.phase, view.match)
        | fields
        | {"outcome": _outcome_list(view.score.outcome)}
    )


# --------------------------------------------------------------------------- reading


def _optional_seat(r: StateReader, key: str, players: int) -> int | None:
    value = r.data.get(key)
    if value is None:
        return None
    return r.integer(key, 0, players - 1)


def _flag(r: StateReader, key: str) -> bool:
    value = r.data.get(key)
    if not isinstance(value, bool):
        r.fail(f"field {key!r} must be true or false, not {show_value(value)}")
    return value


def read_deal_fields(r: StateReader, rules: StopsRules) -> dict[str, Any]:
    """The fields of the deal in progress (:data:`DEAL_KEYS`), read and range-checked,
    as keyword arguments for :class:`State`."""
    stops = rules.stops
    players = stops.players
    called = r.data.get("called")
    if called is not None and not isinstance(called, str):
        r.fail(f"field 'called' must be a suit or null, not {show_value(called)}")
    direction = r.integer("direction", -1, 1)
    if direction == 0:
        r.fail("field 'direction' must be 1 or -1")
    unannounced = 0
    for seat in r.data.get("unannounced") or []:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            r.fail(f"field 'unannounced' must list seats 0..{players - 1}, not {show_value(seat)}")
        unannounced |= 1 << seat
    return {
        "hands": r.masks_per_seat("hands", players),
        "stock": r.cards("stock"),
        "buried": r.cards("buried"),
        "pile": mask_of(r.cards("discard_pile")),
        "upcard": r.optional_card("upcard"),
        "called": None if called is None else r.guard("called", lambda: Suit.parse(called)),
        "free": _flag(r, "free"),
        "turn": r.integer("turn", 0, players - 1),
        "direction": direction,
        "pending": r.integer("pending", 0, len(stops.deck)),
        "passes": r.integer("passes", 0, players),
        "drawn": r.optional_card("drawn"),
        "charged": _optional_seat(r, "charged", players),
        "owed": r.integer("owed", 0, len(stops.deck)),
        "after": r.integer("after", END_DEAL, players - 1),
        "dealt": r.integer("dealt", 0, players * stops.hand_size),
        "unannounced": unannounced,
        "penalties": tuple(r.int_list("penalties", players)),
        "absent": r.masks_per_seat("absent", players),
        "allowance": tuple(r.int_list("allowance", players, 0, len(stops.deck))),
        "restocks": r.integer("restocks", 0),
    }


def check_deal(r: StateReader, state: State) -> None:
    """The checks every state read back passes: each card of the deck once, an upcard
    in play, the drawn card in the hand on turn, a drawing state owing a card, an
    undecided stock in index order."""
    r.check_partition(zones(state), state.rules.stops.deck)
    if state.phase in (Phase.PLAYING, Phase.DRAWING) and state.upcard is None:
        r.fail("a deal in play needs an upcard")
    if state.drawn is not None and not state.drawn.bit & state.hands[state.turn]:
        r.fail(f"the drawn card {state.drawn} is not in the hand of seat {state.turn}")
    if state.phase is Phase.DRAWING and not state.owed:
        r.fail("a state drawing cards must owe at least one")
    if state.chance == "explicit" and list(state.stock) != sorted(state.stock):
        r.fail("in explicit chance the stock's order is not decided: list it in index order")


# --------------------------------------------------------------------------- set-up


def _whole(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _refuse(f"{where} must be a whole number, not {show_value(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        _refuse(f"{where}={value} is out of range {low}..{high}")
    return value


def _list(value: object, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        _refuse(f"{where} must be a list, not {show_value(value)}")
    if length is not None and len(value) != length:
        _refuse(f"{where} must have {length} entries, not {len(value)}")
    return value


def _check_keys(data: Mapping[Any, Any]) -> None:
    unknown = [key for key in data if key not in POSITION_KEYS]
    if unknown:
        _refuse(
            f"unknown key {show_value(unknown[0])}; a position of this game has the keys "
            + ", ".join(POSITION_KEYS)
        )
    missing = [key for key in POSITION_KEYS if key not in data]
    if missing:
        _refuse("missing key" + ("s " if len(missing) > 1 else " ") + ", ".join(missing))


def _check_full(data: Mapping[str, Any], players: int) -> None:
    """Refuse a view's position: it hides cards, given as counts."""
    full = "; set up a full position (the position of a state, not of a view)"
    hands = _list(data["hands"], "field 'hands'", players)
    for seat, hand in enumerate(hands):
        if isinstance(hand, int) and not isinstance(hand, bool):
            _refuse(f"this position hides seat {seat}'s hand ({hand} cards){full}")
    stock = data["stock"]
    if isinstance(stock, int) and not isinstance(stock, bool):
        _refuse(f"this position hides the stock ({stock} cards){full}")
    drawn = data["drawn"]
    if isinstance(drawn, int) and not isinstance(drawn, bool):
        _refuse(f"this position hides the card seat {data['turn']} drew{full}")


def _read_phase(value: object) -> Phase:
    phase = _PHASE_NAMES.get(value) if isinstance(value, str) else None
    if phase is Phase.PLAYING or phase is Phase.OVER:
        return phase
    if phase is not None:
        _refuse(
            f"a position in phase {value!r} (a step of the deal that no seat chooses) cannot be "
            "set up: set up a position in phase 'playing' or 'over'"
        )
    _refuse(f"field 'phase' must be 'playing' or 'over', not {show_value(value)}")


def _read_rows(value: object, players: int) -> tuple[DealRow, ...]:
    rows = []
    for i, item in enumerate(_list(value, "field 'rows'")):
        where = f"rows[{i}]"
        row = _list(item, where, 4)
        extras = []
        for j, extra in enumerate(_list(row[3], f"{where} extras")):
            entry = _list(extra, f"{where} extra {j}", players + 1)
            if not isinstance(entry[0], str):
                _refuse(f"{where} extra {j} must start with its name, not {show_value(entry[0])}")
            numbers = (_whole(v, f"{where} extra {entry[0]!r}") for v in entry[1:])
            extras.append((entry[0], tuple(numbers)))
        points = _list(row[2], f"{where} points", players)
        rows.append(
            DealRow(
                _whole(row[0], f"{where} number", 0),
                _whole(row[1], f"{where} dealer", 0, players - 1),
                tuple(_whole(p, f"{where} points") for p in points),
                tuple(extras),
            )
        )
    return tuple(rows)


def _read_match(
    data: Mapping[str, Any], rules: StopsRules, phase: Phase, deals: int | None
) -> Match:
    """The match, checked: one row per finished deal, totals their sums, the deal number
    within the game's schedule and caps, the first dealer the rules' when they name one."""
    players = rules.stops.players
    number = _whole(data["deal_number"], "field 'deal_number'", 0)
    dealer = _whole(data["dealer"], "field 'dealer'", 0, players - 1)
    totals = tuple(_whole(t, "totals") for t in _list(data["totals"], "field 'totals'", players))
    rows = _read_rows(data["rows"], players)
    if len(rows) != number:
        _refuse(
            f"deal_number={number} says {number} deals are finished, but rows lists {len(rows)}:"
            " give one row per finished deal"
        )
    for i, row in enumerate(rows):
        if row.number != i:
            _refuse(f"rows[{i}] is numbered {row.number}: the rows are numbered 0, 1, 2, ...")
    sums = tuple(sum(row.points[s] for row in rows) for s in range(players))
    if totals != sums:
        _refuse(f"totals {list(totals)} are not the sums of the rows' points {list(sums)}")
    first = rows[0].dealer if rows else dealer
    if rules.first_dealer is not None and first != rules.first_dealer:
        _refuse(
            f"the first deal was dealt by seat {first}, but the rules say seat "
            f"{rules.first_dealer} deals first (first_dealer)"
        )
    playing = phase is Phase.PLAYING
    if deals is not None and (number >= deals if playing else number > deals):
        _refuse(f"deal_number={number}, but this game lasts {deals} deal(s)")
    if playing and rules.max_deals is not None and number >= rules.max_deals:
        _refuse(f"deal_number={number} is at the rules' cap of {rules.max_deals} deals (max_deals)")
    return Match(number, dealer, totals, rows)


def _read_outcome(value: object, players: int, phase: Phase) -> Outcome | None:
    if (phase is Phase.OVER) != (value is not None):
        _refuse("a position has an outcome exactly when its phase is 'over'")
    if value is None:
        return None
    item = _list(value, "field 'outcome'", 3)
    reason, winners, draw = item[0], _list(item[1], "the outcome's winners"), item[2]
    if reason not in _REASONS:
        _refuse(f"the outcome's reason must be one of {', '.join(_REASONS)}, not {reason!r}")
    if not isinstance(draw, bool):
        _refuse(f"the outcome's draw must be true or false, not {show_value(draw)}")
    seats = tuple(_whole(w, "a winner", 0, players - 1) for w in winners)
    if len(set(seats)) != len(seats):
        _refuse(f"the outcome names a winner twice: {list(seats)}")
    return Outcome(reason, seats, draw)


def setup(rules: StopsRules, data: object, *, seed: int, deals: int | None) -> State:
    """A state from a full position, refused with a :class:`PositionError` unless it holds
    together (``deals``: how many deals the game lasts, None if its hook decides).

    One of :data:`CARD_KEYS` may be ``"*"`` (:data:`~cardrules.positions.REST`): the cards
    of the deck that the hands and the others do not hold, in the deck's order. The
    state is in seeded chance mode, its log holds one ``setup`` event (the cards
    it shows are the discard pile and the upcard, which the sampler reads), its
    history is empty and ``moves_made`` is 0; ``seed`` drives every later shuffle.
    """
    if not isinstance(data, Mapping):
        _refuse(f"a position is a dict, as position(...) gives, not {show_value(data)}")
    _check_keys(data)
    players = rules.stops.players
    data = _fill_rest(data, rules)
    _check_full(data, players)
    phase = _read_phase(data["phase"])
    match = _read_match(data, rules, phase, deals)
    outcome = _read_outcome(data["outcome"], players, phase)
    reader = StateReader(data, "", "")
    try:
        fields = read_deal_fields(reader, rules)
    except RecordError as error:
        _refuse(_reader_problem(error))
    upcard = fields["upcard"]
    shown = (*cards_of(fields["pile"]), *(() if upcard is None else (upcard,)))
    state = _built(
        rules=rules,
        seed=seed,
        position=None,
        chance="seeded",
        first_deck=None,
        match=match,
        phase=phase,
        **fields,
        moves_made=0,
        log=Log.of((Event("setup", cards=shown, text=SETUP_TEXT),)),
        history=Log.EMPTY,
        outcome=outcome,
    )
    try:
        check_deal(reader, state)
    except RecordError as error:
        _refuse(_reader_problem(error))
    if phase is Phase.PLAYING:
        _check_playing(state)
    return _with(
        state, deal=_deal_with(state.deal, position=frozen_position(position_of_state(state)))
    )


def _fill_rest(data: Mapping[str, Any], rules: StopsRules) -> Mapping[str, Any]:
    """The position with its field written ``"*"``, if any, holding the cards of the deck
    that the hands and the other :data:`CARD_KEYS` do not hold."""
    reader = StateReader(data, "", "")
    try:
        key = reader.rest_key(CARD_KEYS)
        if key is None:
            return data
        _check_full(data, rules.stops.players)  # hidden hands are named as such
        hands = reader.masks_per_seat("hands", rules.stops.players)
        placed = [card for hand in hands for card in cards_of(hand)]
        for other in CARD_KEYS:
            if other == key:
                continue
            if other == "upcard":
                upcard = reader.optional_card(other)
                placed += [] if upcard is None else [upcard]
            else:
                placed += reader.cards(other)
        return reader.with_rest(key, rules.stops.deck, placed)
    except RecordError as error:
        _refuse(_reader_problem(error))


def _reader_problem(error: RecordError) -> str:
    """A state reader's message, for a position."""
    text = str(error)
    prefix = "bad state: "
    return text[len(prefix) :] if text.startswith(prefix) else text
