"""Game records, to and from JSON, replayed move by move; states to and from JSON.

A record says everything needed to replay a game exactly, in a form a person can
read: the game and its rules version, the rules in their text form, the seed,
each deal's hands and turned cards, every move in text form with the seat that
made it, and optional details of the occasion (the players' names, the date,
the event, the site). The format is published as a JSON Schema
(:func:`record_schema`, the file ``record.schema.json`` in the package) and
:func:`score_sheet` prints a record as a score sheet.

Loading a record replays it: a malformed or illegal move is refused with an
error that names the move number and the reason, and a record whose hands or
seats differ from what its seed deals is refused. A record without a seed
(a game played with real cards) replays from its hands. A record may start from
a set-up position (its ``position``, in the one-line text of
:mod:`cardrules.positions`): it replays from the game's ``setup``.

>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=2), seed=3)
>>> state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
>>> record = record_of(state)
>>> replay(Record.from_json(record.to_json())) == state
True
>>> record.deals[0].hands[0], record.deals[0].turned, record.seats[0]
((Card('9D'), Card('8S')), (Card('JD'),), 3)
"""

from __future__ import annotations

import importlib.resources
import json
from collections.abc import Generator, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from cardrules import games
from cardrules.cards import Card, format_cards, parse_cards
from cardrules.core.options import build_rules, parse_rules_text, show_value
from cardrules.errors import CardrulesError, PositionError, RecordError
from cardrules.game import CHANCE, ChanceMode, Game
from cardrules.render import text_table

__all__ = [
    "FORMAT",
    "DealLayout",
    "Record",
    "Step",
    "record_of",
    "record_schema",
    "replay",
    "replay_steps",
    "score_sheet",
    "state_from_json",
    "state_to_json",
]

#: The record format's name and version, written into every record.
FORMAT: Final = "cardrules-record/2"
#: The first format (rules, seed and move texts only); records in it still load.
FORMAT_1: Final = "cardrules-record/1"
_MAX_JSON_CHARS: Final = 50_000_000
_METADATA: Final = ("date", "event", "site")


@attrs.frozen(slots=True)
class DealLayout:
    """How one deal was dealt: its number (from 1), the dealer, each seat's hand
    when play began (in card order), and the cards turned face up (a trump card,
    a starter), in the order they were turned."""

    number: int
    dealer: int | None
    hands: tuple[tuple[Card, ...], ...]
    turned: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The layout as JSON-ready data."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "hands": [format_cards(hand) for hand in self.hands],
            "turned": format_cards(self.turned),
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> DealLayout:
        """Read a layout, checking every field (``where`` names it in errors)."""
        if not isinstance(data, Mapping):
            raise RecordError(f"record field {where} must be an object with number, dealer, hands")
        number = data.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise RecordError(f"record field {where}.number must be a deal number from 1")
        dealer = data.get("dealer")
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
            raise RecordError(f"record field {where}.dealer must be a seat number or null")
        hands = data.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, str) for h in hands):
            raise RecordError(f"record field {where}.hands must be a list of cards per seat")
        turned = data.get("turned", "")
        if not isinstance(turned, str):
            raise RecordError(f"record field {where}.turned must be a string of cards")
        try:
            return cls(number, dealer, tuple(_cards(h) for h in hands), _cards(turned))
        except CardrulesError as error:
            raise RecordError(f"record field {where}: {error}") from None


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text) if text.strip() else ()


def _check_record(record: Any) -> None:
    """Every field of a record has the right type (a RecordError names the one that has not).

    ``record``: Any, so that its fields are read as they are: compiled, a field read
    through its declared type is checked against it with the compiler's TypeError."""
    for name in ("game", "version", "rules"):
        if not isinstance(getattr(record, name), str):
            raise RecordError(
                f"record field {name!r} must be a string, not {getattr(record, name)!r}"
            )
    seed = record.seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError(f"record field 'seed' must be a whole number or None, not {seed!r}")
    if record.chance not in ("seeded", "explicit"):
        raise RecordError(
            f"record field 'chance' must be seeded or explicit, not {record.chance!r}"
        )
    if not isinstance(record.moves, tuple) or not all(isinstance(m, str) for m in record.moves):
        raise RecordError("record field 'moves' must be a tuple of move texts such as 'play QH'")
    if record.seats is not None:
        if not isinstance(record.seats, tuple) or len(record.seats) != len(record.moves):
            raise RecordError("record field 'seats' must give one seat (or None) per move")
        for seat in record.seats:
            if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
                raise RecordError(f"record field 'seats' holds {seat!r}: a seat number or None")
    if record.deck is not None and not (
        isinstance(record.deck, tuple) and all(isinstance(c, Card) for c in record.deck)
    ):
        raise RecordError("record field 'deck' must be a tuple of cards or None")
    if record.deals is not None and not (
        isinstance(record.deals, tuple) and all(isinstance(d, DealLayout) for d in record.deals)
    ):
        raise RecordError("record field 'deals' must be a tuple of DealLayout or None")
    if record.players is not None and not (
        isinstance(record.players, tuple) and all(isinstance(p, str) for p in record.players)
    ):
        raise RecordError("record field 'players' must be a tuple of names, one per seat")
    for name in _METADATA:
        value = getattr(record, name)
        if value is not None and not isinstance(value, str):
            raise RecordError(f"record field {name!r} must be text, not {value!r}")
    if record.position is not None:
        if not isinstance(record.position, str):
            raise RecordError(
                f"record field 'position' must be a position's text or None, not "
                f"{show_value(record.position)}"
            )
        if record.seed is None or record.deck is not None or record.chance != "seeded":
            raise RecordError(
                "a record that starts from a position gives its seed (which drives the "
                "later shuffles), no deck, and seeded chance"
            )


@attrs.frozen(slots=True)
class Record:
    """A complete game record. ``moves`` are the moves' text forms, in order.

    ``seed`` None means the game is replayed from ``deals`` (each deal's hands
    and turned cards) instead of the seed; ``seats`` gives the seat that made
    each move (None for a chance outcome); ``players`` one name per seat.
    ``position``, when given, is the text of the position the game was set up
    from (see :mod:`cardrules.positions`): the record replays from it, with
    ``seed`` driving the later shuffles.
    A record checks its fields when it is made (:class:`RecordError`).
    """

    game: str
    version: str
    rules: str
    seed: int | None
    moves: tuple[str, ...]
    deck: tuple[Card, ...] | None = None
    chance: ChanceMode = "seeded"
    seats: tuple[int | None, ...] | None = None
    deals: tuple[DealLayout, ...] | None = None
    players: tuple[str, ...] | None = None
    date: str | None = None
    event: str | None = None
    site: str | None = None
    position: str | None = None

    def __attrs_post_init__(self) -> None:
        _check_record(self)

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (the published format, see :func:`record_schema`)."""
        data: dict[str, Any] = {"format": FORMAT, "game": self.game, "version": self.version}
        if self.players is not None:
            data["players"] = list(self.players)
        for name in _METADATA:
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        data |= {
            "rules": self.rules,
            "seed": self.seed,
            "deck": None if self.deck is None else format_cards(self.deck),
            "chance": self.chance,
        }
        if self.position is not None:
            data["position"] = self.position
        if self.deals is not None:
            data["deals"] = [deal.to_dict() for deal in self.deals]
        if self.seats is None:
            data["moves"] = list(self.moves)
        else:
            data["moves"] = [
                {"seat": "chance" if seat is None else seat, "move": move}
                for seat, move in zip(self.seats, self.moves, strict=True)
            ]
        return data

    def to_json(self, *, indent: int | None = 1) -> str:
        """The record as JSON text: one line per move, per hand and per field."""
        if indent is None:
            return json.dumps(self.to_dict(), ensure_ascii=False)
        data = self.to_dict()
        # Pretty-print, but keep each move, each deal and each list of names on one line.
        lines = ["{"]
        items = list(data.items())
        for number, (key, value) in enumerate(items):
            comma = "," if number < len(items) - 1 else ""
            if key in ("moves", "deals") and value:
                inner = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in value)
                lines.append(f" {json.dumps(key)}: [\n{inner}\n ]{comma}")
            else:
                lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
        lines.append("}")
        return "\n".join(lines)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        """Read a record from its dict form (this format or the first), checking every field."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record must be a JSON object, not {type(data).__name__}")
        if data.get("format") not in (FORMAT, FORMAT_1):
            raise RecordError(
                f"not a cardrules record: 'format' must be {FORMAT!r} (or the older {FORMAT_1!r})"
            )
        for key in ("game", "version", "rules", "chance"):
            if not isinstance(data.get(key), str):
                raise RecordError(f"record field {key!r} must be a string, not {data.get(key)!r}")
        if "seed" not in data:
            raise RecordError(
                "record field 'seed' is missing: give the seed, or null for a game dealt by hand"
            )
        seed = data.get("seed")
        if (seed is None and data["format"] == FORMAT_1) or (
            seed is not None and (isinstance(seed, bool) or not isinstance(seed, int))
        ):
            raise RecordError(f"record field 'seed' must be a whole number, not {seed!r}")
        moves, seats = _moves_of(data.get("moves"))
        if seats is None and not moves and data["format"] == FORMAT:
            seats = ()  # this format gives every move's seat, even when there is no move
        deck_text = data.get("deck")
        deck: tuple[Card, ...] | None = None
        if deck_text is not None:
            if not isinstance(deck_text, str):
                raise RecordError("record field 'deck' must be a string of cards or null")
            try:
                deck = parse_cards(deck_text)
            except CardrulesError as error:
                raise RecordError(f"record field 'deck': {error}") from None
        deals: tuple[DealLayout, ...] | None = None
        if data.get("deals") is not None:
            if not isinstance(data["deals"], list):
                raise RecordError("record field 'deals' must be a list of deals")
            deals = tuple(
                DealLayout.from_dict(item, f"deals[{i}]") for i, item in enumerate(data["deals"])
            )
        players = data.get("players")
        if players is not None and (
            not isinstance(players, list) or not all(isinstance(p, str) for p in players)
        ):
            raise RecordError("record field 'players' must be a list of names, one per seat")
        position = data.get("position")
        if position is not None and not isinstance(position, str):
            raise RecordError(
                "record field 'position' must be a position's text, such as "
                "'oh_hell() phase=playing ...', or null"
            )
        return cls(
            data["game"],
            data["version"],
            data["rules"],
            seed,
            moves,
            deck,
            data["chance"],
            seats,
            deals,
            None if players is None else tuple(players),
            date=data.get("date"),
            event=data.get("event"),
            site=data.get("site"),
            position=position,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record from JSON text."""
        return cls.from_dict(_load_json(text))


def _moves_of(moves: object) -> tuple[tuple[str, ...], tuple[int | None, ...] | None]:
    """The move texts and their seats, from a list of texts or of {seat, move} objects."""
    if not isinstance(moves, list):
        raise RecordError("record field 'moves' must be a list of moves")
    # The first entry that is neither form is the one to blame, wherever it stands.
    for number, item in enumerate(moves, start=1):
        if not isinstance(item, str) and not (
            isinstance(item, Mapping) and isinstance(item.get("move"), str)
        ):
            raise RecordError(
                f'record move {number} must be a move\'s text such as "play QH" '
                f'or an object such as {{"seat": 0, "move": "play QH"}}, not {_as_json(item)}'
            )
    if all(isinstance(m, str) for m in moves):
        return tuple(moves), None
    if not all(isinstance(m, Mapping) for m in moves):
        text = next(n for n, m in enumerate(moves, start=1) if isinstance(m, str))
        item = next(n for n, m in enumerate(moves, start=1) if isinstance(m, Mapping))
        raise RecordError(
            f"record moves {min(text, item)} and {max(text, item)} mix the two forms: give "
            f'every move as its text ("play QH") or every move as an object '
            f'({{"seat": 0, "move": "play QH"}})'
        )
    texts: list[str] = []
    seats: list[int | None] = []
    for number, item in enumerate(moves, start=1):
        seat = item.get("seat")
        if seat == "chance":
            seats.append(None)
        elif isinstance(seat, int) and not isinstance(seat, bool):
            seats.append(seat)
        else:
            raise RecordError(f"record move {number}: 'seat' must be a seat number or \"chance\"")
        texts.append(item["move"])
    return tuple(texts), tuple(seats)


def _as_json(value: object) -> str:
    """A record's value in a message as its JSON text (as the file has it), shortened."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # from_dict given a non-JSON value
        return show_value(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _load_json(text: str | bytes) -> Any:
    if not isinstance(text, (str, bytes)):
        raise RecordError(f"JSON must be text, not {type(text).__name__}")
    if len(text) > _MAX_JSON_CHARS:
        raise RecordError(f"JSON of {len(text)} characters is larger than any game needs")
    try:
        return json.loads(text, parse_int=_json_int)
    except RecordError:
        raise
    except (ValueError, RecursionError) as error:
        raise RecordError(f"not valid JSON: {error}") from None


def record_schema() -> dict[str, Any]:
    """The JSON Schema of the record format (the package's ``record.schema.json``)."""
    text = importlib.resources.files("cardrules").joinpath("record.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


#: Longest whole number a record or state may hold: seeds have at most 1024 bits.
_MAX_JSON_DIGITS = 400


def _json_int(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_JSON_DIGITS:
        raise RecordError(f"a number of {len(digits)} digits is larger than any game needs")
    return int(digits)


# --------------------------------------------------------------------------- replay


@attrs.frozen(slots=True)
class Step:
    """One move of a replayed record: its number (from 1), the deal it belongs to
    (from 1), the seat that made it (None: chance), its text, and the states
    before and after it."""

    number: int
    deal: int
    seat: int | None
    move: str
    before: Any
    after: Any


def _deal_in_play(game: Any, state: Any) -> int:
    """The number of the deal under way (from 1): one more than the deals finished."""
    return len(game.score(state).deals) + 1


def _layout(game: Any, state: Any, number: int) -> DealLayout:
    """The layout of the deal that ``state`` has just begun to play."""
    zones = game.zones(state)
    players = game.players(game.origin(state).rules)
    hands = tuple(tuple(zones.get(f"hand {seat}", ())) for seat in range(players))
    events = game.events(state)
    starts = [i for i, event in enumerate(events) if event.kind == "deal"]
    if not starts:
        return DealLayout(number, None, hands, ())
    turned = tuple(card for event in events[starts[-1] + 1 :] for card in event.cards)
    return DealLayout(number, events[starts[-1]].seat, hands, turned)


class _Layouts:
    """Follows a game move by move and notes each deal's layout when its play begins."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.layouts: list[DealLayout] = []

    def dealing(self, state: Any) -> bool:
        """Whether the deal under way has not yet begun its play (its cards are being dealt).

        Judged by the number of the last deal noted, not by how many were noted: a game
        set up from a position begins with a later deal."""
        noted = self.layouts[-1].number if self.layouts else 0
        return _deal_in_play(self.game, state) > noted

    def see(self, state: Any) -> None:
        seat = self.game.to_move(state)
        if isinstance(seat, int) and self.dealing(state):
            number = _deal_in_play(self.game, state)
            self.layouts.append(_layout(self.game, state, number))


def _start(record: Record) -> tuple[Any, Any]:
    """The game module and the first state of a record (RecordError if it does not fit)."""
    module = _registered(record.game)
    if record.version != module.version:
        raise RecordError(
            f"the record was made by {record.game} version {record.version!r}; "
            f"this cardrules plays version {module.version!r}, whose rules may differ"
        )
    try:
        name, options = parse_rules_text(record.rules)
        if _registered(name) is not module:
            raise RecordError(f"the record's rules are for {name!r}, not {record.game!r}")
        rules = build_rules(module.Rules, options)
        if record.position is not None:
            return module, _set_up(module, rules, record)
        if record.seed is None:
            state = module.deal(rules, seed=0, deck=None, chance="explicit")
        else:
            state = module.deal(rules, seed=record.seed, deck=record.deck, chance=record.chance)
    except RecordError:
        raise
    except Exception as error:  # a library error, or a bad value a game did not foresee
        raise RecordError(f"record: cannot start the game: {error}") from None
    return module, state


def _set_up(module: Any, rules: Any, record: Record) -> Any:
    """The first state of a record that starts from a position."""
    from cardrules.positions import read_position

    assert record.position is not None and record.seed is not None  # checked with the record
    try:
        game, given, position = read_position(record.position)
    except PositionError as error:
        raise RecordError(f"record field 'position': {error}") from None
    if game is not module or given != rules:
        raise RecordError(
            f"record field 'position' is a position of {str(given)!r}, "
            f"but the record's rules are {record.rules!r}"
        )
    try:
        return module.setup(rules, position, seed=record.seed)
    except PositionError as error:
        raise RecordError(f"record field 'position': {error}") from None


def _registered(name: str) -> Any:
    """The registered game a record names: a record is data, perhaps from elsewhere, so
    it may name a game but never make this process import a module."""
    try:
        return games.registered(name)
    except CardrulesError as error:
        raise RecordError(f"record: {error}") from None


def _apply_text(module: Any, state: Any, text: str, number: int) -> Any:
    shown = repr(text) if len(text) <= 60 else f"{text[:40]!r}... ({len(text)} characters)"
    try:
        return module.apply(state, module.parse_move(state, text))
    except CardrulesError as error:
        message = str(error)
        if len(message) > 300:  # a message quoting a huge move text: the start says enough
            message = message[:200] + "..."
        raise RecordError(f"record move {number} ({shown}): {message}") from None
    except Exception:  # never let a bad move text escape as a plain error
        legal = module.legal_moves(state)
        example = f" (e.g. {str(legal[0])!r})" if legal else ""
        raise RecordError(
            f"record move {number} ({shown}) cannot be read as a move of {module.NAME}: "
            f"write it as the game writes its moves{example}"
        ) from None


def _deal_from_layout(module: Any, state: Any, layout: DealLayout | None, deal: int) -> Any:
    """Resolve one chance step of dealing from the record's layout of the deal."""
    if layout is None:
        raise RecordError(
            f"the record has no seed and no hands for deal {deal}: give the deal's "
            "hands (deals) or the seed"
        )
    legal = module.legal_moves(state)
    before = module.zones(state)
    probe = module.apply(state, legal[0])
    after = module.zones(probe)
    grown = [name for name in after if len(after[name]) > len(before.get(name, ()))]
    if not grown:  # the outcome places no card: the choice of the dealer
        wanted = f"dealer {layout.dealer}"
        if layout.dealer is None or wanted not in {str(move) for move in legal}:
            raise RecordError(f"deal {deal}: the record must name its dealer (a seat)")
        return module.apply(state, module.parse_move(state, wanted))
    zone = grown[0]
    held = set(before.get(zone, ()))
    if zone.startswith("hand ") and zone[5:].isdigit() and int(zone[5:]) < len(layout.hands):
        candidates = [c for c in layout.hands[int(zone[5:])] if c not in held]
    else:
        candidates = [c for c in layout.turned if c not in held]
    for card in candidates:
        try:
            return module.apply(state, module.parse_move(state, f"deal {card.text}"))
        except CardrulesError:
            continue
    raise RecordError(
        f"deal {deal}: the record's hands and turned cards do not fit the deal "
        f"(no card left for {zone}); each card of the deck may be dealt once"
    )


def replay_steps(record: Record) -> Iterator[Step]:
    """Replay a record move by move, yielding a :class:`Step` per recorded move.

    With a seed, the hands and seats the record gives are checked against the
    game; without one, the game is dealt from the record's hands (as explicit
    chance steps) and the cards drawn later come from the record's chance moves.
    """
    yield from _walk(record)


def _walk(record: Record) -> Generator[Step, None, Any]:
    _check_record(record)
    module, state = _start(record)
    seats = module.players(module.origin(state).rules)
    if record.players is not None and len(record.players) != seats:
        raise RecordError(
            f"the record names {len(record.players)} players for {seats} seats: "
            "give one name per seat"
        )
    layouts = _Layouts(module)
    layouts.see(state)
    given = {layout.number: layout for layout in record.deals or ()}
    seedless = record.seed is None
    number = 0
    moves = record.moves
    while True:
        seat = module.to_move(state)
        next_is_chance = (
            number < len(moves) and record.seats is not None and record.seats[number] is None
        )
        if seedless and seat is CHANCE and not next_is_chance:
            deal = _deal_in_play(module, state)
            if not layouts.dealing(state):
                if number >= len(moves):
                    break
                raise RecordError(
                    f"after record move {number} a card is drawn: a record without a seed "
                    "gives each card drawn as a chance move after the draw (e.g. 'deal QH')"
                )
            if deal not in given and number >= len(moves):
                break  # the record ends before this deal was dealt
            state = _deal_from_layout(module, state, given.get(deal), deal)
            layouts.see(state)
            continue
        if number >= len(moves):
            break
        text = moves[number]
        number += 1
        expected = None if seat is CHANCE else seat
        if record.seats is not None and record.seats[number - 1] != expected:
            said = record.seats[number - 1]
            raise RecordError(
                f"record move {number} ({text!r}) is given to "
                f"{'chance' if said is None else f'seat {said}'}, but "
                f"{'chance' if expected is None else f'seat {expected}'} is to move"
            )
        deal = _deal_in_play(module, state)
        after = _apply_text(module, state, text, number)
        yield Step(number, deal, expected, text, state, after)
        state = after
        layouts.see(state)
    if not seedless and record.deals is not None:
        _compare_layouts(record.deals, layouts.layouts)
    return state


def _compare_layouts(given: Sequence[DealLayout], dealt: Sequence[DealLayout]) -> None:
    by_number = {layout.number: layout for layout in dealt}
    for layout in given:
        actual = by_number.get(layout.number)
        if actual is None:
            raise RecordError(
                f"the record gives deal {layout.number}, which the game never reached"
            )
        if layout.dealer is not None and layout.dealer != actual.dealer:
            raise RecordError(
                f"deal {layout.number}: the record says seat {layout.dealer} dealt; "
                f"by the seed seat {actual.dealer} deals"
            )
        if len(layout.hands) != len(actual.hands):
            raise RecordError(
                f"deal {layout.number}: the record gives {len(layout.hands)} hands for "
                f"{len(actual.hands)} seats"
            )
        for seat, (mine, seeded) in enumerate(zip(layout.hands, actual.hands, strict=True)):
            if sorted(mine) != sorted(seeded):
                raise RecordError(
                    f"deal {layout.number}: the record gives seat {seat} "
                    f"{format_cards(mine)}, but the seed deals {format_cards(seeded)}"
                )
        if tuple(layout.turned) != tuple(actual.turned):
            shown, by_seed = format_cards(layout.turned), format_cards(actual.turned)
            raise RecordError(
                f"deal {layout.number}: the record turns {shown or 'nothing'}, "
                f"but the seed turns {by_seed or 'nothing'}"
            )


def replay(record: object) -> Any:
    """Play a record through and return the final state.

    Raises :class:`RecordError` naming the move number (from 1) and the reason if
    a move is malformed or illegal, if the game, version or rules do not fit, or
    if the record's hands or seats differ from the game its seed deals. A record
    without a seed returns a state dealt with explicit chance from its hands.
    """
    if not isinstance(record, Record):
        raise RecordError(f"replay takes a Record, not {type(record).__name__}")
    walker = _walk(record)
    while True:
        try:
            next(walker)
        except StopIteration as stop:
            return stop.value


# --------------------------------------------------------------------------- writing


def record_of(
    state: Any,
    *,
    game: str | Game | None = None,
    players: Sequence[str] | None = None,
    date: str | None = None,
    event: str | None = None,
    site: str | None = None,
    with_seed: bool = True,
) -> Record:
    """The record of the game that led to ``state``, with each deal's hands.

    The game is found from the state's rules unless ``game`` names it (a state of
    another game is refused). The first deck is recorded when the game was dealt
    from an explicit deck. ``players`` (one name per seat), ``date``, ``event``
    and ``site`` describe the occasion. ``with_seed=False`` writes a record that
    replays from its hands alone, as one of a game played with real cards would;
    it is refused for a game whose later draws only its seed knows, and for a game
    set up from a position (:meth:`cardrules.game.Game.setup`), whose record starts
    from that position and keeps its seed.
    """
    module = _module_of(state, game)
    origin = module.origin(state)
    seats_count = module.players(origin.rules)
    if players is not None:
        if isinstance(players, str) or len(players) != seats_count:
            raise RecordError(f"players must name each of the {seats_count} seats, in seat order")
        players = tuple(players)
    moves = module.moves_played(state)
    first_deck = origin.deck
    position_text = None
    try:
        if origin.position is not None:
            from cardrules.positions import format_position

            position_text = format_position(origin.rules, origin.position)
            start = module.setup(origin.rules, origin.position, seed=origin.seed)
        else:
            start = module.deal(
                origin.rules, seed=origin.seed, deck=first_deck, chance=origin.chance
            )
    except CardrulesError as error:
        raise RecordError(f"cannot record this state: {error}") from None
    layouts = _Layouts(module)
    layouts.see(start)
    seats: list[int | None] = []
    texts: list[str] = []
    dealing: list[bool] = []  # whether each move is a chance step of dealing
    current = start
    for move in moves:
        seat = module.to_move(current)
        seats.append(None if seat is CHANCE else seat)
        texts.append(str(move))
        dealing.append(seat is CHANCE and layouts.dealing(current))
        current = module.apply(current, move)
        layouts.see(current)
    if current != state:
        raise RecordError("the state's history does not lead to the state: it cannot be recorded")
    record = Record(
        module.NAME,
        module.version,
        str(origin.rules),
        origin.seed,
        tuple(texts),
        first_deck,
        origin.chance,
        tuple(seats),
        tuple(layouts.layouts),
        players,
        date,
        event,
        site,
        position_text,
    )
    if with_seed:
        return record
    if position_text is not None:
        raise RecordError(
            "a game set up from a position is recorded with its seed, which drives its "
            "later shuffles: leave out with_seed=False"
        )
    kept = [i for i in range(len(texts)) if not dealing[i]]
    seedless = attrs.evolve(
        record,
        seed=None,
        deck=None,
        chance="explicit",
        moves=tuple(texts[i] for i in kept),
        seats=tuple(seats[i] for i in kept),
    )
    try:
        replay(seedless)
    except RecordError as error:
        raise RecordError(
            f"this game cannot be recorded without its seed ({error}); "
            "record it with its seed, or play it with chance='explicit'"
        ) from None
    return seedless


def _rules_of(module: Game, state: Any) -> Any:
    """The rules of ``state`` if it is a state of ``module``'s game, else None."""
    try:
        rules = module.origin(state).rules
    except (AttributeError, TypeError):  # a state of another game's layout
        return None
    return rules if isinstance(rules, module.Rules) else None


def _module_of(state: Any, game: str | Game | None) -> Game:
    if game is not None:
        try:
            module = games.get(game)
        except CardrulesError as error:
            raise RecordError(f"record: {error}") from None
        if _rules_of(module, state) is None:
            raise RecordError(
                f"{type(state).__name__} is not a state of {module.NAME!r}: leave out game= "
                "to have the game found from the state"
            )
        return module
    for name in games.names():
        module = games.get(name)
        if _rules_of(module, state) is not None:
            return module
    raise RecordError(f"{type(state).__name__} is not a state of a registered game")


def state_to_json(state: Any, *, game: str | Game | None = None, indent: int | None = None) -> str:
    """A state as JSON text (hidden cards included: this is the full state)."""
    module = _module_of(state, game)
    return json.dumps(module.state_to_dict(state), indent=indent, ensure_ascii=False)


def state_from_json(text: str | bytes) -> Any:
    """Load a state from :func:`state_to_json`'s text, refusing anything inconsistent."""
    data = _load_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise RecordError("a state must be a JSON object with a 'game' field")
    try:
        module = games.registered(data["game"])
    except CardrulesError as error:
        raise RecordError(f"state: {error}") from None
    return module.state_from_dict(data)


# --------------------------------------------------------------------------- score sheet


def score_sheet(record: Record) -> str:
    """A record as a person would write it down: the occasion, then per deal the
    dealer, the hands, the turned cards and the moves, and a table of the points.

    >>> from cardrules.games import oh_hell
    >>> from cardrules.bots import RandomBot
    >>> from cardrules.play import play_game
    >>> rules = oh_hell.Rules(schedule="single", start_hand=1, first_dealer=0)
    >>> final = play_game(oh_hell, rules, [RandomBot()] * 4, seed=2)
    >>> names = ("Ann", "Bob", "Cy", "Di")
    >>> print(score_sheet(record_of(final, players=names, event="Club night")))
    oh_hell · oh_hell(first_dealer=0,start_hand=1,schedule=single) · version 1
    Event: Club night
    Seed: 2
    Seats: 0 Ann, 1 Bob, 2 Cy, 3 Di
    <BLANKLINE>
    Deal 1 · dealer: Ann (seat 0)
      Ann  7H
      Bob  6S
      Cy   7D
      Di   3S
      turned: 8S
        1. Bob  bid 1
        2. Cy   bid 0
        3. Di   bid 1
        4. Ann  bid 1
        5. Bob  play 6S
        6. Cy   play 7D
        7. Di   play 3S
        8. Ann  play 7H
    <BLANKLINE>
                 Ann  Bob  Cy  Di
    deal 1         0   11  10   0
      hand size    1    1   1   1
      bids         1    1   0   1
      tricks       0    1   0   0
    total          0   11  10   0
    Result: won by Bob (schedule complete)
    """
    steps = list(replay_steps(record))
    module, start = _start(record)
    final = steps[-1].after if steps else replay(record)
    layouts: Sequence[DealLayout]
    if record.deals is not None:
        layouts = record.deals
    else:
        follow = _Layouts(module)
        follow.see(start)
        for step in steps:
            follow.see(step.after)
        layouts = follow.layouts
    seats = module.players(module.origin(final).rules)
    names = record.players or tuple(f"seat {seat}" for seat in range(seats))
    width = max(len(name) for name in names)

    def who(seat: int | None) -> str:
        return "chance" if seat is None else names[seat] if seat < len(names) else f"seat {seat}"

    lines = [f"{record.game} · {record.rules} · version {record.version}"]
    occasion = [
        f"{name.capitalize()}: {getattr(record, name)}" for name in ("event", "site", "date")
    ]
    lines += [
        part
        for part, name in zip(occasion, ("event", "site", "date"), strict=True)
        if getattr(record, name) is not None
    ]
    lines.append(
        f"Seed: {record.seed}" if record.seed is not None else "Seed: none (dealt by hand)"
    )
    if record.position is not None:
        lines.append(f"Set up from: {record.position}")
    lines.append("Seats: " + ", ".join(f"{seat} {name}" for seat, name in enumerate(names)))
    by_deal: dict[int, list[Step]] = {}
    for step in steps:
        by_deal.setdefault(step.deal, []).append(step)
    for layout in layouts:
        lines.append("")
        dealer = (
            ""
            if layout.dealer is None
            else f" · dealer: {who(layout.dealer)} (seat {layout.dealer})"
        )
        lines.append(f"Deal {layout.number}{dealer}")
        for seat, hand in enumerate(layout.hands):
            lines.append(f"  {who(seat):<{width}}  {format_cards(hand)}")
        if layout.turned:
            lines.append(f"  turned: {format_cards(layout.turned)}")
        for step in by_deal.get(layout.number, ()):
            lines.append(f"  {step.number:>3}. {who(step.seat):<{width}}  {step.move}")
    score = module.score(final)
    lines.append("")
    rows = []
    for number, row in enumerate(score.deals, start=1):
        rows.append([f"deal {number}", *map(str, row.points)])
        rows += [
            [f"  {key.replace('_', ' ')}", *map(str, values)]
            for key, values in row.extras
            if len(values) == seats
        ]
    rows.append(["total", *map(str, score.totals)])
    lines += text_table(["", *names], rows, indent="")
    outcome = score.outcome
    if outcome is None:
        lines.append("Result: the game is not finished")
    elif outcome.reason == "truncated":
        lines.append("Result: stopped by a safety cap, no winner")
    else:
        winners = " and ".join(who(seat) for seat in outcome.winners)
        verdict = f"a draw between {winners}" if outcome.draw else f"won by {winners}"
        lines.append(f"Result: {verdict} ({outcome.reason})")
    return "\n".join(lines)
