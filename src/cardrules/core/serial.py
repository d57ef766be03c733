"""Reading serialized states back, validated: the shared checks every game uses.

A state loaded from JSON is refused with a :class:`RecordError` that names the
field and the problem if any field has the wrong type or range, or if its cards
are not exactly the game's deck.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, NoReturn, TypeVar

from cardrules.cards import (
    Card,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    validate_deck_order,
)
from cardrules.core.checks import check_seed
from cardrules.core.match import Match
from cardrules.core.options import build_rules, parse_rules_text, show_value
from cardrules.errors import CardrulesError, RecordError
from cardrules.game import DealRow, Event, Log, Outcome

__all__ = ["REST", "StateReader", "common_to_dict", "frozen_position", "thawed_position"]

#: The value that one field of a position typed by hand may hold instead of its cards:
#: the cards of the deck that no other field places, in the deck's order (see
#: :meth:`StateReader.rest_key`).
REST: Final = "*"

T = TypeVar("T")
S = TypeVar("S")
_REASONS = (
    "target reached",
    "schedule complete",
    "limit reached",
    "blocked",
    "voided",
    "truncated",
)


def frozen_position(position: dict[str, Any] | None) -> tuple[tuple[str, Any], ...] | None:
    """A position dict as a state keeps it: its items, its lists made tuples (hashable,
    as a state must be); None stays None. :func:`thawed_position` gives it back."""
    if position is None:
        return None
    return tuple([(key, _frozen(value)) for key, value in position.items()])


def thawed_position(frozen: tuple[tuple[str, Any], ...] | None) -> dict[str, Any] | None:
    """The position dict of a :func:`frozen_position` (a new dict, JSON-ready)."""
    if frozen is None:
        return None
    return {key: _thawed(value) for key, value in frozen}


def _frozen(value: Any) -> Any:
    """A position's value with its lists made tuples."""
    if isinstance(value, list):
        return tuple([_frozen(item) for item in value])
    return value


def _thawed(value: Any) -> Any:
    """A frozen position's value with its tuples made lists again."""
    if isinstance(value, tuple):
        return [_thawed(item) for item in value]
    return value


def _event_to_dict(event: Event) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "seat": event.seat,
        "cards": format_cards(event.cards),
        "value": event.value,
        "text": event.text,
    }


def common_to_dict(state: Any, game: str, version: str) -> dict[str, Any]:
    """The fields every game's state has, JSON-ready.

    Every state has ``rules``, ``seed``, ``chance``, ``first_deck``, ``match``,
    ``phase`` (an enum), ``moves_made``, ``log``, ``history`` and ``outcome``; a game
    adds its own fields to this dict and reads them back with :class:`StateReader`.
    """
    match: Match = state.match
    outcome: Outcome | None = state.outcome
    return {
        "game": game,
        "version": version,
        "rules": str(state.rules),
        "seed": state.seed,
        "chance": state.chance,
        "first_deck": None if state.first_deck is None else format_cards(state.first_deck),
        "match": {
            "deal_number": match.deal_number,
            "dealer": match.dealer,
            "totals": list(match.totals),
            "rows": [
                {
                    "number": r.number,
                    "dealer": r.dealer,
                    "points": list(r.points),
                    "extras": {k: list(v) for k, v in r.extras},
                }
                for r in match.rows
            ],
        },
        "phase": state.phase.name.lower(),
        "moves_made": state.moves_made,
        "events": [_event_to_dict(e) for e in state.log],
        "history": None if state.history is None else [str(m) for m in state.history],
        "outcome": None
        if outcome is None
        else {"reason": outcome.reason, "winners": list(outcome.winners), "draw": outcome.draw},
    }


class StateReader:
    """Typed, checked access to the fields of a serialized state."""

    def __init__(self, data: Mapping[str, Any], game: str, version: str) -> None:
        if not isinstance(data, Mapping):
            raise RecordError(f"a state must be a JSON object, not {type(data).__name__}")
        self.data = data
        self.game = game
        self.version = version

    def read(
        self,
        build: Callable[[StateReader], S],
        *,
        deal: Callable[..., S],
        apply: Callable[[S, Any], S],
    ) -> S:
        """Check the game and version, then build the state; wrap stray errors.

        ``deal`` and ``apply`` are the game's own (the engine that loads the state
        passes them): a state with a history must equal the replay of that history.
        """
        if self.data.get("game") != self.game:
            found = show_value(self.data.get("game"))
            self.fail(f"this is a state of {found}, not of {self.game!r}")
        if self.data.get("version") != self.version:
            self.fail(
                f"this state was made by {self.game} version "
                f"{show_value(self.data.get('version'))}; "
                f"this cardrules plays version {self.version!r}"
            )
        try:
            state = build(self)
        except RecordError:
            raise
        except (CardrulesError, ValueError, TypeError, KeyError, IndexError) as error:
            raise RecordError(f"bad state: {error}") from None
        self.check_history(state, deal, apply)
        return state

    def check_history(self, state: S, deal: Callable[..., S], apply: Callable[[S, Any], S]) -> None:
        """Refuse a state that its own history contradicts.

        A state with a move history is determined by its rules, seed, first deck,
        chance mode and moves: replaying them with the game's ``deal`` and ``apply``
        must give the state itself, every field of it (hands, scores, events,
        outcome). A state without a history (as ``sample`` makes) has only its shape
        and its cards checked.
        """
        history = getattr(state, "history", None)
        if history is None:
            return
        found: Any = state
        replayed = None
        step, move = 0, None
        try:
            replayed = deal(
                found.rules, seed=found.seed, deck=found.first_deck, chance=found.chance
            )
            for move in history:
                replayed = apply(replayed, move)
                step += 1
        except CardrulesError as error:
            where = "its first deal" if move is None else f"move {step + 1} ({move})"
            self.fail(f"its history does not replay: {where}: {error}")
        if replayed != state:
            changed = _differing(replayed, state)
            self.fail(
                f"it contradicts its own history: replaying its {len(history)} moves from its "
                f"seed gives a different {', '.join(changed) or 'state'}"
            )

    def common(
        self,
        rules_class: type[T],
        deck: Sequence[Card],
        phases: type[enum.Enum],
        parse_move: Callable[[str], object],
    ) -> dict[str, Any]:
        """Read the fields of :func:`common_to_dict`, as keyword arguments for the state."""
        rules_name, options = self.guard("rules", lambda: parse_rules_text(self.string("rules")))
        if rules_name != self.game:
            self.fail(f"the rules are for {rules_name!r}, not {self.game!r}")
        rules: Any = self.guard("rules", lambda: build_rules(rules_class, options))
        phase = self.choice("phase", {p.name.lower(): p for p in phases})
        outcome = self.outcome("outcome")
        if (phase.name == "OVER") != (outcome is not None):
            self.fail("a state has an outcome exactly when its phase is 'over'")
        return {
            "rules": rules,
            "seed": self.guard("seed", lambda: check_seed(self.integer("seed"))),
            "chance": self.choice("chance", {"seeded": "seeded", "explicit": "explicit"}),
            "first_deck": self.optional_deck("first_deck", deck),
            "match": self.match(self.mapping("match"), rules.players),
            "phase": phase,
            "moves_made": self.integer("moves_made", 0),
            "log": Log.of(self.events("events", rules.players)),
            "history": self.history("history", parse_move),
            "outcome": outcome,
        }

    def fail(self, message: str) -> NoReturn:
        """Refuse the state."""
        raise RecordError(f"bad state: {message}")

    def _get(self, key: str) -> Any:
        if key not in self.data:
            self.fail(f"field {key!r} is missing")
        return self.data[key]

    def guard(self, key: str, build: Callable[[], T]) -> T:
        """Run ``build``, reporting its error against field ``key``."""
        try:
            return build()
        except (CardrulesError, ValueError, TypeError) as error:
            self.fail(f"field {key!r}: {error}")

    def string(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str):
            self.fail(f"field {key!r} must be a string, not {show_value(value)}")
        return value

    def integer(self, key: str, low: int | None = None, high: int | None = None) -> int:
        return self._int(key, self._get(key), low, high)

    def _int(self, where: str, value: object, low: int | None, high: int | None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{where} must be a whole number, not {show_value(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(f"{where}={show_value(value)} is out of range {low}..{high}")
        return value

    def choice(self, key: str, allowed: Mapping[str, T]) -> T:
        value = self._get(key)
        if not isinstance(value, str) or value not in allowed:
            self.fail(f"field {key!r} must be one of {', '.join(allowed)}, not {show_value(value)}")
        return allowed[value]

    def mapping(self, key: str) -> Mapping[str, Any]:
        value = self._get(key)
        if not isinstance(value, Mapping):
            self.fail(f"field {key!r} must be an object, not {show_value(value)}")
        return value

    def _list(self, key: str, value: Any = None) -> Sequence[Any]:
        value = self._get(key) if value is None else value
        if not isinstance(value, list):
            self.fail(f"field {key!r} must be a list, not {show_value(value)}")
        return value

    def list_length(self, key: str, expected: int) -> int:
        value = self._list(key)
        if len(value) != expected:
            self.fail(f"field {key!r} must have {expected} entries, one per seat, not {len(value)}")
        return expected

    def _cards_text(self, where: str, value: Any) -> tuple[Card, ...]:
        if not isinstance(value, str):
            self.fail(f"{where} must be a string of cards like 'AS 10H', not {show_value(value)}")
        try:
            cards = parse_cards(value)
        except CardrulesError as error:
            self.fail(f"{where}: {error}")
        if len(set(cards)) != len(cards):
            self.fail(f"{where} names a card twice: {show_value(value)}")
        return cards

    def cards(self, key: str) -> tuple[Card, ...]:
        return self._cards_text(f"field {key!r}", self._get(key))

    def cards_at(self, key: str, index: int) -> tuple[Card, ...]:
        return self._cards_text(f"{key}[{index}]", self._list(key)[index])

    def masks_per_seat(self, key: str, players: int) -> tuple[int, ...]:
        """One card mask per seat, from a list of card strings (hands)."""
        return tuple(mask_of(self.cards_at(key, i)) for i in range(self.list_length(key, players)))

    def optional_deck(self, key: str, deck: Sequence[Card]) -> tuple[Card, ...] | None:
        """A whole deck in order (each card of ``deck`` once), or None."""
        if self._get(key) is None:
            return None
        order = self.cards(key)
        return self.guard(key, lambda: validate_deck_order(order, deck))

    def optional_card(self, key: str) -> Card | None:
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(f"field {key!r} must be a card or null, not {show_value(value)}")
        return self.guard(key, lambda: parse_card(value))

    def optional_int_at(self, key: str, index: int, low: int, high: int) -> int | None:
        value = self._list(key)[index]
        return None if value is None else self._int(f"{key}[{index}]", value, low, high)

    def int_list(
        self, key: str, length: int, low: int | None = None, high: int | None = None
    ) -> list[int]:
        values = self._list(key)
        if len(values) != length:
            self.fail(f"field {key!r} must have {length} entries, not {len(values)}")
        return [self._int(f"{key}[{i}]", v, low, high) for i, v in enumerate(values)]

    def match(self, data: Mapping[str, Any], players: int) -> Match:
        sub = StateReader(
            {**data, "game": self.game, "version": self.version}, self.game, self.version
        )
        rows = []
        for i, row in enumerate(sub._list("rows")):
            if not isinstance(row, Mapping):
                self.fail(f"match.rows[{i}] must be an object")
            r = StateReader(row, self.game, self.version)
            extras = r.mapping("extras")
            rows.append(
                DealRow(
                    r.integer("number", 0),
                    r.integer("dealer", 0, players - 1),
                    tuple(r.int_list("points", players)),
                    tuple(
                        (str(k), tuple(StateReader(extras, "", "").int_list(k, players)))
                        for k in extras
                    ),
                )
            )
        totals = tuple(sub.int_list("totals", players))
        sums = tuple(sum(row.points[s] for row in rows) for s in range(players))
        if totals != sums:
            self.fail(f"match totals {totals} are not the sums of the deal rows {sums}")
        return Match(
            sub.integer("deal_number", 0),
            sub.integer("dealer", 0, players - 1),
            totals,
            tuple(rows),
        )

    def events(self, key: str, players: int) -> list[Event]:
        """The public event log: each event's seat is a seat of the game, and a
        ``play`` event names its seat and the one card played."""
        events = []
        for i, item in enumerate(self._list(key)):
            if not isinstance(item, Mapping):
                self.fail(f"{key}[{i}] must be an object")
            r = StateReader(item, "", "")
            seat = item.get("seat")
            value = item.get("value")
            event = Event(
                r.string("kind"),
                None if seat is None else r._int(f"{key}[{i}].seat", seat, 0, players - 1),
                r.cards("cards"),
                None if value is None else r._int(f"{key}[{i}].value", value, None, None),
                r.string("text"),
            )
            if event.kind == "play" and (event.seat is None or len(event.cards) != 1):
                self.fail(f"{key}[{i}]: a play event names its seat and the one card played")
            events.append(event)
        return events

    def history(self, key: str, parse: Callable[[str], T]) -> Log[T] | None:
        value = self._get(key)
        if value is None:
            return None
        moves = []
        for i, text in enumerate(self._list(key)):
            if not isinstance(text, str):
                self.fail(f"{key}[{i}] must be a move's text")
            moves.append(self.guard(f"{key}[{i}]", lambda text=text: parse(text)))  # type: ignore[misc]
        return Log.of(moves)

    def outcome(self, key: str) -> Outcome | None:
        value = self._get(key)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.fail(f"field {key!r} must be an object or null")
        r = StateReader(value, "", "")
        reason = r.string("reason")
        if reason not in _REASONS:
            self.fail(
                f"outcome reason must be one of {', '.join(_REASONS)}, not {show_value(reason)}"
            )
        draw = value.get("draw")
        if not isinstance(draw, bool):
            self.fail("outcome.draw must be true or false")
        winners = tuple(r._int(f"winner {show_value(w)}", w, 0, None) for w in r._list("winners"))
        return Outcome(reason, winners, draw)  # type: ignore[arg-type]

    def rest_key(self, zone_keys: Sequence[str]) -> str | None:
        """The one field written :data:`REST`, or None. Only a field that is a place of
        cards (``zone_keys``: a stock, the undealt cards) may be: not a field that notes
        what is known of cards lying elsewhere, nor a list's item, nor two fields."""
        written = [key for key, value in self.data.items() if _holds_rest(value)]
        where = (
            f"{REST!r} stands for the cards of the deck that no other field places, and "
            f"one of the fields {', '.join(zone_keys)} may be {REST!r}"
        )
        for key in written:
            if key not in zone_keys or self.data[key] != REST:
                self.fail(f"field {key!r} cannot be {REST!r} or hold it: {where}")
        if len(written) > 1:
            named = ", ".join(map(repr, written))
            self.fail(f"the fields {named} are all {REST!r}: only one field may be ({where})")
        return written[0] if written else None

    def with_rest(self, key: str, deck: Sequence[Card], placed: Iterable[Card]) -> dict[str, Any]:
        """The fields, with ``key`` (written :data:`REST`) holding the cards of ``deck``
        that are not ``placed``, in the deck's order."""
        taken = set(placed)
        return {**self.data, key: format_cards([card for card in deck if card not in taken])}

    def check_partition(self, zones: Mapping[str, Sequence[Card]], deck: Sequence[Card]) -> None:
        """Refuse the state unless its zones hold exactly the deck, each card once."""
        counts = Counter(card for cards in zones.values() for card in cards)
        duplicated = sorted(c for c, n in counts.items() if n > 1)
        missing = sorted(set(deck) - set(counts))
        foreign = sorted(set(counts) - set(deck))
        problems = []
        if duplicated:
            problems.append("cards in two places: " + format_cards(duplicated))
        if missing:
            problems.append("cards missing: " + format_cards(missing))
        if foreign:
            problems.append("cards not in this game's deck: " + format_cards(foreign))
        if problems:
            self.fail("its cards are not exactly the deck (" + "; ".join(problems) + ")")


def _holds_rest(value: object) -> bool:
    """Whether a field's value is :data:`REST` or a list holding it."""
    if isinstance(value, list):
        return any(_holds_rest(item) for item in value)
    return value == REST


def _differing(replayed: Any, state: Any) -> list[str]:
    """The names of the fields in which two states differ. A part of the state whose
    fields read on the state itself (a trick state's deal) is named by those fields."""
    names: list[str] = []
    for name in getattr(state, "_fields", ()):
        mine, theirs = getattr(state, name), getattr(replayed, name, None)
        if mine == theirs:
            continue
        inner: tuple[str, ...] = getattr(mine, "_fields", ())
        if inner and type(theirs) is type(mine) and any(hasattr(state, f) for f in inner):
            names += _differing(theirs, mine)
        else:
            names.append(name)
    return names
