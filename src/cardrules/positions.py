"""Positions in one line of text: set up an end-game, a problem or a test case.

Every game gives a state's or a view's position as plain data
(:meth:`cardrules.game.Game.position`) and builds a state from a full position
(:meth:`cardrules.game.Game.setup`). This module writes a position as one line
of text and reads it back, exactly:

* first the rules text (``str(rules)``, e.g. ``oh_hell(players=3)``), which names
  the game;
* then ``key=value`` fields, separated by single spaces, in the position's order.

When a position is typed by hand, one field that holds a place of cards (the stock, the
undealt cards) may be written ``*`` (:data:`REST`): the cards of the deck that no other
place holds, in the deck's order. It is the game's ``setup`` that reads it (so
:func:`read_position` gives it as written), and the library never writes it.

A value is a whole number (``-12``), ``none``, ``true`` or ``false``, a list
``[a/b/c]`` (items separated by ``/``, lists inside lists allowed, ``[]`` the
empty list), or a text: written with its spaces replaced by commas (the cards
``4H 8H QH`` are ``4H,8H,QH``), ``""`` for the empty text, and between double
quotes when it would read as something else (``"12"``, ``"none"``). A text cannot
hold a comma, a slash, a bracket, a double quote or any space but the plain one.

>>> line = format_position("oh_hell(players=3)", {"hands": ["4H 8H", ""], "leader": 0})
>>> line
'oh_hell(players=3) hands=[4H,8H/""] leader=0'
>>> split_position_text(line)
('oh_hell(players=3)', {'hands': ['4H 8H', ''], 'leader': 0})

Text that cannot be read is refused with :class:`~cardrules.errors.PositionError`,
which names the field and the character (counted from 1) where reading stopped:

>>> parse_position_fields("hands=[4H,8H leader=0")
Traceback (most recent call last):
...
cardrules.errors.PositionError: position field 'hands', character 13: the list opened at \
character 7 is not closed: write its items between [ and ], separated by /
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from cardrules import games
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.core.serial import REST as _REST
from cardrules.errors import CardrulesError, PositionError, show_value
from cardrules.game import Game

__all__ = [
    "REST",
    "SEPARATORS",
    "format_position",
    "format_value",
    "parse_position_fields",
    "position_text",
    "read_position",
    "setup_text",
    "split_position_text",
]

#: The characters a text value cannot hold: the notation's own (a space is written
#: as a comma; other spaces, such as tabs and line breaks, are refused too).
SEPARATORS: Final = ',/[]"'

#: The value one field that holds a place of cards may be in a position typed by hand:
#: the cards of the deck that no other place holds, in the deck's order. The game's
#: ``setup`` reads it.
REST: Final = _REST

#: The longest whole number a position's text may hold.
_MAX_DIGITS: Final = 400
#: How deep lists may lie inside lists.
_MAX_DEPTH: Final = 32

_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INT: Final = re.compile(r"-?[0-9]+")
_WORDS: Final = ("none", "true", "false")


# --------------------------------------------------------------------------- writing


def format_value(value: object, key: str = "value") -> str:
    """One value in the notation (``key`` names the field in an error).

    >>> format_value([["AS KS", 3], None, True, "12", ""])
    '[[AS,KS/3]/none/true/"12"/""]'
    """
    return _format(value, key, 0)


def _format(value: object, key: str, depth: int) -> str:
    if value is None:
        return "none"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        text = str(value)
        if len(text.lstrip("-")) > _MAX_DIGITS:
            raise PositionError(f"position field {key!r}: the number is far too large")
        return text
    if isinstance(value, str):
        return _format_text(value, key)
    if isinstance(value, (list, tuple)):
        if depth >= _MAX_DEPTH:
            raise PositionError(f"position field {key!r}: lists lie too deep inside lists")
        return "[" + "/".join(_format(item, key, depth + 1) for item in value) + "]"
    what = "a dict" if isinstance(value, Mapping) else show_value(value)
    raise PositionError(
        f"position field {key!r} holds {what}: a position holds whole numbers, true, false, "
        "none, texts and lists of them"
    )


def _format_text(text: str, key: str) -> str:
    for character in text:
        if character in SEPARATORS or (character != " " and not _plain(character)):
            raise PositionError(
                f"position field {key!r}: the text {show_value(text)} holds {character!r}, "
                'which the notation uses itself; a text may not hold , / [ ] " or a space '
                "other than the plain one"
            )
    if not text:
        return '""'
    written = text.replace(" ", ",")
    if written in _WORDS or _INT.fullmatch(written):
        return f'"{written}"'
    return written


def _plain(character: str) -> bool:
    """Whether a character may stand in a position's text as it is."""
    return character.isprintable() and not character.isspace()


def format_position(rules: object, position: Mapping[str, Any]) -> str:
    """The one-line text of ``position`` under ``rules`` (a rules object, or its text
    form such as ``oh_hell(players=3)``): the rules text, then ``key=value`` fields in
    the position's order.

    >>> format_position("mau_mau()", {"upcard": "7H", "called": None, "stock": 3})
    'mau_mau() upcard=7H called=none stock=3'
    """
    rules_text = rules if isinstance(rules, str) else str(rules)
    if not rules_text or any(character.isspace() for character in rules_text):
        raise PositionError(
            f"the rules text {show_value(rules_text)} cannot begin a position: "
            "write it without spaces, e.g. oh_hell(players=3)"
        )
    parse_rules_text(rules_text)  # refuses a text that is no rules text
    if not isinstance(position, Mapping):
        raise PositionError(f"a position is a dict of fields, not {show_value(position)}")
    parts = [rules_text]
    for key, value in position.items():
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise PositionError(
                f"a position's field is named by a word such as 'hands', not {show_value(key)}"
            )
        parts.append(f"{key}={_format(value, key, 0)}")
    return " ".join(parts)


def position_text(game: str | Game, state_or_view: Any) -> str:
    """The position of a state or a view (see :meth:`cardrules.game.Game.position`)
    as one line of text, beginning with its rules; :func:`read_position` reads it."""
    module = games.get(game)
    rules = getattr(state_or_view, "rules", None)
    if not isinstance(rules, module.Rules):
        rules = module.origin(state_or_view).rules
    return format_position(rules, module.position(state_or_view))


# --------------------------------------------------------------------------- reading


class _Reader:
    """Reads one value of a field, character by character; errors say where."""

    __slots__ = ("end", "index", "key", "offset", "text")

    def __init__(self, text: str, key: str, offset: int) -> None:
        self.text = text  # the value's text
        self.key = key
        self.offset = offset  # where the value begins in the whole line (from 0)
        self.index = 0
        self.end = len(text)

    def fail(self, message: str, index: int | None = None) -> PositionError:
        at = self.offset + (self.index if index is None else index) + 1
        return PositionError(f"position field {self.key!r}, character {at}: {message}")

    def value(self, depth: int) -> object:
        if self.index >= self.end:
            raise self.fail(
                "a value is missing here: write a number, none, true, false, a text or a list"
            )
        first = self.text[self.index]
        if first == "[":
            return self.items(depth)
        if first == '"':
            return self.quoted()
        if first in "]/":
            raise self.fail(f"{first!r} where a value belongs: a value is missing")
        start = self.index
        while self.index < self.end and self.text[self.index] not in "[]/":
            character = self.text[self.index]
            if character == '"':
                raise self.fail('a double quote inside a text: quote a whole text, as "12"')
            self.index += 1
        word = self.text[start : self.index]
        if word in _WORDS:
            return None if word == "none" else word == "true"
        if _INT.fullmatch(word):
            if len(word.lstrip("-")) > _MAX_DIGITS:
                raise self.fail("the number is far too large", start)
            return int(word)
        return word.replace(",", " ")

    def quoted(self) -> object:
        start = self.index
        close = self.text.find('"', start + 1)
        if close < 0:
            raise self.fail('this double quote is not closed: write a quoted text as "12"')
        for index in range(start + 1, close):
            if self.text[index] in SEPARATORS and self.text[index] != ",":
                raise self.fail(f"{self.text[index]!r} inside a quoted text", index)
        self.index = close + 1
        if self.index < self.end and self.text[self.index] not in "]/":
            raise self.fail("a quoted text must end where its value ends")
        return self.text[start + 1 : close].replace(",", " ")

    def items(self, depth: int) -> object:
        opened = self.index
        if depth >= _MAX_DEPTH:
            raise self.fail("lists lie too deep inside lists")
        self.index += 1
        items: list[object] = []
        if self.index < self.end and self.text[self.index] == "]":
            self.index += 1
            return items
        while True:
            items.append(self.value(depth + 1))
            if self.index >= self.end:
                raise self.fail(
                    f"the list opened at character {self.offset + opened + 1} is not closed: "
                    "write its items between [ and ], separated by /"
                )
            character = self.text[self.index]
            self.index += 1
            if character == "]":
                return items
            if character != "/":  # only [ can stand here: a value ends at ] / or [
                raise self.fail(
                    "'[' inside a value: separate a list's items with /", self.index - 1
                )


def _read_value(text: str, key: str, offset: int) -> object:
    reader = _Reader(text, key, offset)
    value = reader.value(0)
    if reader.index < reader.end:
        raise reader.fail(
            f"{text[reader.index]!r} after the value's end: "
            + ("a ] closes no list" if text[reader.index] == "]" else "one value per field")
        )
    return value


def parse_position_fields(text: object, *, offset: int = 0) -> dict[str, Any]:
    """The fields of a position's text, ``key=value`` separated by single spaces (the
    line after its rules text), as a dict in their order. ``offset`` is where ``text``
    begins in the whole line, for the character positions of errors.

    >>> parse_position_fields("trick=3D,8D leader=0 bids=[1/none/2]")
    {'trick': '3D 8D', 'leader': 0, 'bids': [1, None, 2]}
    """
    if not isinstance(text, str):
        raise PositionError(f"a position's text must be a string, not {show_value(text)}")
    fields: dict[str, Any] = {}
    index = 0
    if not text:
        return fields
    for part in text.split(" "):
        at = offset + index + 1
        if not part:
            raise PositionError(
                f"position text, character {at}: two spaces, or a space at an end: "
                "separate the fields by single spaces"
            )
        key, sign, value = part.partition("=")
        if not sign:
            raise PositionError(
                f"position text, character {at}: {show_value(part)} is not a field: write key=value"
            )
        if not _KEY.fullmatch(key):
            raise PositionError(
                f"position text, character {at}: {show_value(key)} cannot name a field: "
                "a field's name is a word such as hands"
            )
        if key in fields:
            raise PositionError(f"position field {key!r}, character {at}: the field is given twice")
        for place, character in enumerate(part):
            if not _plain(character):
                raise PositionError(
                    f"position field {key!r}, character {at + place}: {character!r} cannot "
                    "stand in a position's text (a space in a text is written as a comma)"
                )
        fields[key] = _read_value(value, key, offset + index + len(key) + 1)
        index += len(part) + 1
    return fields


def split_position_text(text: object) -> tuple[str, dict[str, Any]]:
    """A position's whole line: its rules text and its fields (spaces around the line,
    as a file's line break, are ignored)."""
    if not isinstance(text, str):
        raise PositionError(
            f"a position's text must be a string such as 'oh_hell() hands=[...] ...', "
            f"not {show_value(text)}"
        )
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    rules_text, space, rest = stripped.partition(" ")
    if not rules_text:
        raise PositionError("a position's text is empty: it begins with the rules, e.g. oh_hell()")
    if "=" in rules_text and "(" not in rules_text:
        raise PositionError(
            f"position text, character {lead + 1}: it must begin with the rules text, e.g. "
            f"oh_hell(players=3), not the field {show_value(rules_text)}"
        )
    try:
        parse_rules_text(rules_text)
    except CardrulesError as error:
        raise PositionError(f"position field 'rules', character {lead + 1}: {error}") from None
    offset = lead + len(rules_text) + len(space)
    return rules_text, parse_position_fields(rest, offset=offset) if space else {}


def read_position(text: object) -> tuple[Game, Any, dict[str, Any]]:
    """The game, the rules and the position a position's text gives; the game is found
    by its registered name (from the rules text), never by importing a module.

    Refuses with :class:`~cardrules.errors.PositionError` text that cannot be read, an
    unknown game and rules that are not the game's. The position is as written (a field
    written :data:`REST` too): whether it holds together, and which cards ``*`` stands
    for, is for the game's ``setup`` to judge (:func:`setup_text` does both).
    """
    rules_text, fields = split_position_text(text)
    lead = 1 + (len(text) - len(text.lstrip()) if isinstance(text, str) else 0)
    try:
        name, options = parse_rules_text(rules_text)
        game = games.registered(name)
        rules = build_rules(game.Rules, options)
    except CardrulesError as error:
        raise PositionError(f"position field 'rules', character {lead}: {error}") from None
    return game, rules, fields


def setup_text(text: object, *, seed: int = 0) -> Any:
    """The state a position's text sets up: :func:`read_position`, then the game's
    ``setup`` (``seed`` drives every later shuffle)."""
    game, rules, position = read_position(text)
    return game.setup(rules, position, seed=seed)
