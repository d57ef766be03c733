"""Game records (rules + seed + moves) and states, to and from JSON; replay.

A record says everything needed to replay a game exactly: the game and its
rules version, the rules in their text form, the seed, the explicit first deck
if one was given, the chance mode, and every move in text form. Loading a record
replays it; a malformed or illegal move is refused with an error that names the
move number and the reason, and nothing half-applied is returned.

>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=2), seed=3)
>>> state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
>>> record = record_of(state)
>>> replay(Record.from_json(record.to_json())) == state
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import attrs

from cardrules import games
from cardrules.cards import Card, format_cards, parse_cards
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.errors import CardrulesError, RecordError
from cardrules.game import ChanceMode

__all__ = [
    "FORMAT",
    "Record",
    "record_of",
    "replay",
    "state_from_json",
    "state_to_json",
]

#: The record format's name and version, written into every record.
FORMAT: Final = "cardrules-record/1"
_MAX_JSON_CHARS: Final = 50_000_000


@attrs.frozen(slots=True)
class Record:
    """A complete game record. ``moves`` are the moves' text forms, in order."""

    game: str
    version: str
    rules: str
    seed: int
    moves: tuple[str, ...]
    deck: tuple[Card, ...] | None = None
    chance: ChanceMode = "seeded"

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "rules": self.rules,
            "seed": self.seed,
            "deck": None if self.deck is None else format_cards(self.deck),
            "chance": self.chance,
            "moves": list(self.moves),
        }

    def to_json(self, *, indent: int | None = 1) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        """Read a record from its dict form, checking every field's type."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a cardrules record: 'format' must be {FORMAT!r}")
        for key, kind in (("game", str), ("version", str), ("rules", str), ("chance", str)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"record field {key!r} must be a string, not {data.get(key)!r}")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError(f"record field 'seed' must be a whole number, not {seed!r}")
        if data["chance"] not in ("seeded", "explicit"):
            raise RecordError(
                f"record field 'chance' must be seeded or explicit, not {data['chance']!r}"
            )
        moves = data.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("record field 'moves' must be a list of move texts")
        deck_text = data.get("deck")
        deck: tuple[Card, ...] | None = None
        if deck_text is not None:
            if not isinstance(deck_text, str):
                raise RecordError("record field 'deck' must be a string of cards or null")
            try:
                deck = parse_cards(deck_text)
            except CardrulesError as error:
                raise RecordError(f"record field 'deck': {error}") from None
        return cls(
            data["game"], data["version"], data["rules"], seed, tuple(moves), deck, data["chance"]
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record from JSON text."""
        return cls.from_dict(_load_json(text))


def _load_json(text: str | bytes) -> Any:
    if not isinstance(text, (str, bytes)):
        raise RecordError(f"JSON must be text, not {type(text).__name__}")
    if len(text) > _MAX_JSON_CHARS:
        raise RecordError(f"JSON of {len(text)} characters is larger than any game needs")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise RecordError(f"not valid JSON: {error}") from None


def record_of(state: Any, *, game: str | None = None) -> Record:
    """The record of the game that led to ``state``.

    The game is found from the state's rules unless ``game`` names it. The first
    deck is recorded when the game was dealt from an explicit deck.
    """
    module = _module_of(state, game)
    moves = module.moves_played(state)
    first_deck = getattr(state, "first_deck", None)
    return Record(
        module.NAME,
        module.version,
        str(state.rules),
        state.seed,
        tuple(str(move) for move in moves),
        first_deck,
        state.chance,
    )


def _module_of(state: Any, game: str | None) -> Any:
    if game is not None:
        return games.get(game)
    for name in games.names():
        module = games.get(name)
        if isinstance(getattr(state, "rules", None), module.Rules):
            return module
    raise RecordError(f"{type(state).__name__} is not a state of a registered game")


def replay(record: Record) -> Any:
    """Play a record through and return the final state.

    Raises :class:`RecordError` naming the move number (from 1) and the reason if
    a move is malformed or illegal, or if the game, version or rules do not fit.
    """
    try:
        module = games.get(record.game)
    except CardrulesError as error:
        raise RecordError(f"record: {error}") from None
    if record.version != module.version:
        raise RecordError(
            f"the record was made by {record.game} version {record.version!r}; "
            f"this cardrules plays version {module.version!r}, whose rules may differ"
        )
    try:
        name, options = parse_rules_text(record.rules)
        if games.get(name) is not module:
            raise RecordError(f"the record's rules are for {name!r}, not {record.game!r}")
        rules = build_rules(module.Rules, options)
        state = module.deal(rules, seed=record.seed, deck=record.deck, chance=record.chance)
    except RecordError:
        raise
    except (CardrulesError, ValueError, TypeError) as error:
        raise RecordError(f"record: cannot start the game: {error}") from None
    for number, text in enumerate(record.moves, start=1):
        try:
            move = module.parse_move(state, text)
            state = module.apply(state, move)
        except CardrulesError as error:
            raise RecordError(f"record move {number} ({text!r}): {error}") from None
    return state


def state_to_json(state: Any, *, game: str | None = None, indent: int | None = None) -> str:
    """A state as JSON text (hidden cards included: this is the full state)."""
    module = _module_of(state, game)
    return json.dumps(module.state_to_dict(state), indent=indent, ensure_ascii=False)


def state_from_json(text: str | bytes) -> Any:
    """Load a state from :func:`state_to_json`'s text, refusing anything inconsistent."""
    data = _load_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise RecordError("a state must be a JSON object with a 'game' field")
    try:
        module = games.get(data["game"])
    except CardrulesError as error:
        raise RecordError(f"state: {error}") from None
    return module.state_from_dict(data)
