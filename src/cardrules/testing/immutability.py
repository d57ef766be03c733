"""The kit's check that states are immutable all through: no list, dict, set or
bytearray is reachable from a state (its deal, rules, log) or from the game's
description.
"""

from __future__ import annotations

import array
import collections
import dataclasses
import enum
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from cardrules.cards import Card
from cardrules.game import Game, Log
from cardrules.moves import (
    Bid,
    Blind,
    ChooseDealer,
    DealCard,
    Declaration,
    Draw,
    EndTurn,
    PassCards,
    Play,
)
from cardrules.testing.common import ConformanceError

#: The mutable containers that no value reachable from a state may be.
_MUTABLE: Final = (list, dict, set, bytearray, collections.deque, array.array)
#: Values that hold nothing further: nothing to walk into.
_ATOMS: Final = (bool, int, float, complex, str, bytes, range, enum.Enum)
#: The library's own frozen values whose fields are frozen too (a description can hold
#: thousands of moves): not walked into.
_FROZEN_VALUES: Final = frozenset(
    (Card, Play, Bid, DealCard, ChooseDealer, Draw, EndTurn, PassCards, Blind, Declaration)
)


def check_immutable(game: Game, state: Any) -> None:
    """Every data value reachable from ``state`` is immutable: no list, dict, set,
    bytearray (or deque, array) anywhere in its fields, its deal, its rules, its log,
    or the game's description (the module's ``GAME``, when it has one). Classes and
    functions (hooks) are not walked into.

    A mutable value there is shared by every state of the game: a caller who changes it
    changes them all. The :class:`ConformanceError` names its path, such as
    ``state.deal.game.roles.round_index``.
    """
    description = getattr(game, "GAME", None)
    if description is not None and id(description) not in _IMMUTABLE:
        _check_frozen(description, f"{game.NAME}.GAME", set())
        _IMMUTABLE[id(description)] = description  # walked once: descriptions are large
    _check_frozen(state, "state", set(_IMMUTABLE))


#: The descriptions found immutable, by id (each kept, so that its id stays its own).
_IMMUTABLE: dict[int, object] = {}


def _check_frozen(root: object, name: str, seen: set[int]) -> None:
    """Walk the values reachable from ``root`` (each once, none of ``seen``), refusing a
    mutable container.

    Each value's path is a chain of (parent, key) pairs, written out only for the
    message: a long log would make long paths, and most values pass."""
    stack: list[tuple[object, tuple[Any, object]]] = [(root, (None, name))]
    while stack:
        value, path = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, _MUTABLE):
            raise ConformanceError(
                f"{_path_text(path)} is a {type(value).__name__}, which can be changed: every "
                "value a state holds or reaches (its deal, rules, log and the game's "
                "description) must be immutable (a tuple, a frozenset, a "
                "types.MappingProxyType, a frozen class), or whoever changes it changes "
                "every state that shares it"
            )
        for key, part in _parts(value):
            # Values that hold nothing further, classes and functions (hooks): not walked.
            if not (
                part is None
                or type(part) in _FROZEN_VALUES
                or isinstance(part, _ATOMS)
                or callable(part)
            ):
                stack.append((part, (path, key)))


def _path_text(path: tuple[Any, object]) -> str:
    """A value's path, written out from its chain of (parent, key) pairs: a number is
    an index (``[3]``), a string a field (``.round_index``), a one-item tuple a mapping's
    key (``[...]``), a two-item tuple an item of a set or a mapping's key itself."""
    labels: list[str] = []
    node: Any = path
    while node[0] is not None:
        key = node[1]
        if isinstance(key, int):
            labels.append(f"[{key}]")
        elif isinstance(key, str):
            labels.append(f".{key}")
        elif len(key) == 1:
            labels.append(f"[{key[0]!r}]")
        else:
            labels.append(f" ({key[0]} {key[1]!r})")
        node = node[0]
    labels.append(str(node[1]))
    return "".join(reversed(labels))


def _parts(value: object) -> Iterable[tuple[object, object]]:
    """The values ``value`` holds, each with its key in a path (see :func:`_path_text`)."""
    if isinstance(value, tuple):
        fields = getattr(type(value), "_fields", None)  # a named tuple
        if isinstance(fields, tuple) and len(fields) == len(value):
            return zip(fields, value)
        return enumerate(value)
    if isinstance(value, Log):
        return enumerate(value)
    if isinstance(value, frozenset):
        return [(("item", item), item) for item in value]
    if isinstance(value, Mapping):  # a read-only mapping (a dict is refused)
        parts: list[tuple[object, object]] = []
        for key, item in value.items():
            parts.append((("key", key), key))
            parts.append(((key,), item))
        return parts
    return [(name, part) for name, part in _attributes(value)]


def _attributes(value: object) -> list[tuple[str, object]]:
    """An object's fields (attrs, dataclass, ``__match_args__``, ``__dict__``, slots)."""
    names = _FIELD_NAMES.get(type(value))
    if names is None:
        names = _field_names(type(value))
        _FIELD_NAMES[type(value)] = names
    if hasattr(value, "__dict__"):
        names = names + tuple(name for name in vars(value) if name not in names)
    missing = object()
    parts: list[tuple[str, object]] = []
    for name in names:
        part = getattr(value, name, missing)
        if part is not missing:
            parts.append((name, part))
    return parts


#: The declared fields of each class met (a description can hold thousands of moves).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """The fields a class declares: attrs or dataclass fields, else ``__match_args__``,
    slots and the compiled build's attributes."""
    if attrs.has(kind):
        return tuple(field.name for field in attrs.fields(kind))
    if dataclasses.is_dataclass(kind):
        return tuple(field.name for field in dataclasses.fields(kind))
    found: dict[str, None] = {}  # the names in order, each once
    for name in getattr(kind, "__match_args__", ()):
        found[name] = None
    for klass in kind.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            found[name] = None
    for name in getattr(kind, "__mypyc_attrs__", ()):
        found[name] = None
    return tuple(name for name in found if not name.startswith("__"))
