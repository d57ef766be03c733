"""Rules options shared by every game, validation helpers, and the one-line text form.

Every game's ``Rules`` is a frozen attrs class derived from :class:`BaseRules`.
Options that depend on others are resolved when the rules are built, so
``Rules()`` and ``Rules(hook=True)`` are equal when ``True`` is the default.
The text form lists only what differs from the defaults and parses back:

>>> @attrs.frozen(kw_only=True)
... class Rules(BaseRules):
...     players: int = 4
...     start_hand: int = 10
>>> text = rules_to_text("oh_hell", Rules(players=5, start_hand=7))
>>> text
'oh_hell(players=5,start_hand=7)'
>>> parse_rules_text(text)
('oh_hell', {'players': 5, 'start_hand': 7})
"""

from __future__ import annotations

import contextvars
import difflib
import functools
import re
import typing
from collections.abc import Collection, Iterable
from typing import Any, Final, NoReturn, TypeVar, cast

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.errors import NotationError, RulesError
from cardrules.errors import show_value as show_value  # its home was here: kept importable

__all__ = [
    "KIND",
    "NONE_TEXT",
    "BaseRules",
    "check_bool",
    "check_choice",
    "check_int",
    "not_applicable",
    "option_kinds",
    "option_text",
    "optional",
    "parse_option_value",
    "parse_rules_text",
    "rules_to_text",
    "set_resolved",
]

T = TypeVar("T")

#: Longest whole number the rules text accepts: more digits than any option needs.
MAX_DIGITS: Final = 18

#: The key of an option's ``attrs`` metadata that gives the text written for its
#: None (``none`` if absent). A whole-number option whose None is written as a
#: number stays a whole number in the text, and its rules must read that number
#: back as None.
NONE_TEXT: Final = "none_text"

#: The key of an option's ``attrs`` metadata that gives the kind of its values (``int``,
#: ``bool`` or ``str``) when it may also be None: see :func:`optional`.
KIND: Final = "kind"


def optional(kind: type, *, default: Any = None, **field: Any) -> Any:
    """An option that may be None (left out, or worked out from the other options),
    whose other values are of ``kind``: ``int``, ``bool`` or ``str``.

    Written ``start_hand: int | None = optional(int)``; the other arguments are
    :func:`attrs.field`'s. The compiled build keeps a plain ``int`` annotation at run
    time but nothing of ``int | None``, so the kind is given again here, where
    :func:`option_kinds` (the adapters, the errors for a value of the wrong kind) reads it.
    """
    metadata = {**field.pop("metadata", {}), KIND: kind}
    return attrs.field(default=default, metadata=metadata, **field)


#: The words for each kind of option value, in the errors.
_KIND_WORDS: Final[dict[type, str]] = {int: "a whole number", bool: "true or false", str: "a word"}


def option_kinds(rules_class: type) -> dict[str, tuple[type, bool]]:
    """Each option of a game's ``Rules``: the kind of its values (``int``, ``bool`` or
    ``str``) and whether it may be None, from the option's definition, in both builds.

    >>> from cardrules.games import oh_hell
    >>> kinds = option_kinds(oh_hell.Rules)
    >>> kinds["players"], kinds["start_hand"], kinds["hook"]
    ((<class 'int'>, False), (<class 'int'>, True), (<class 'bool'>, True))
    """
    hints: dict[str, Any] | None = None
    found: dict[str, tuple[type, bool]] = {}
    for field in attrs.fields(cast(Any, rules_class)):
        if not field.init:
            continue
        declared = field.metadata.get(KIND)
        if declared is not None:
            found[field.name] = (declared, True)
            continue
        annotation: Any = field.type
        if isinstance(annotation, str):  # the pure build: annotations are kept as text
            if hints is None:
                hints = typing.get_type_hints(rules_class)
            annotation = hints[field.name]
        kinds = typing.get_args(annotation) or (annotation,)
        plain = [kind for kind in kinds if kind is not type(None)]
        if len(plain) != 1 or plain[0] not in _KIND_WORDS:
            raise TypeError(
                f"{rules_class.__name__} option {field.name}: the values of an option are "
                f"int, bool or str, or one of them or None, written "
                f"name: int | None = optional(int); not {annotation}"
            )
        found[field.name] = (plain[0], len(plain) < len(kinds))
    return found


#: While :class:`BaseRules` finds which option a compiled check refused (see
#: ``_RulesType.__call__``): the values given, by option, of the wrong kind.
_GIVEN: Final[contextvars.ContextVar[dict[str, object] | None]] = contextvars.ContextVar(
    "cardrules_options_given", default=None
)


def _given(name: str, value: object) -> object:
    """The value given for option ``name``: ``value``, unless a stand-in holds its place."""
    given = _GIVEN.get()
    if given is not None and name in given:
        return given[name]
    return value


def option_text(value: object) -> str:
    """A value in an option's message, spelt as the rules text and ``--option`` spell
    it: ``none``, ``true``, ``false``, ``5``. A text is quoted (``'penalty'``, which
    the rules text reads too), so that the word ``'none'`` is not taken for none;
    anything else is shown as Python shows it, shortened like :func:`cardrules.errors.show_value`.

    >>> option_text(None), option_text(True), option_text(5), option_text("penalty")
    ('none', 'true', '5', "'penalty'")
    """
    if value is None or isinstance(value, bool):
        return _format_value(value)
    return show_value(value)


def check_int(
    name: str, value: object, low: int, high: int | None = None, *, none_allowed: bool = False
) -> int:
    """``value`` as an int in ``low..high`` (no upper bound when ``high`` is None).

    Both errors name the allowed values; ``none_allowed`` says that None is one
    of them (the caller accepts it before calling).

    >>> check_int("players", "four", 3, 8)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: players must be a whole number in 3..8, not 'four'
    >>> check_int("max_moves", 0, 1, none_allowed=True)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: max_moves=0 is out of range: allowed >= 1, or none
    >>> check_int("players", 3, 4, 4)
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: players=3 is not allowed: players must be 4
    """
    value = _given(name, value)
    if low == high:  # one value: "must be 4", not a range "4..4"
        none = ", or none" if none_allowed else ""
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{name} must be {low}{none}, not {option_text(value)}")
        if value != low:
            raise RulesError(
                f"{name}={option_text(value)} is not allowed: {name} must be {low}{none}"
            )
        return value
    allowed = f"{low}..{high}" if high is not None else f">= {low}"
    if isinstance(value, bool) or not isinstance(value, int):
        where = f"in {allowed}" if high is not None else allowed
        none = " (or none)" if none_allowed else ""
        raise RulesError(f"{name} must be a whole number {where}{none}, not {option_text(value)}")
    if value < low or (high is not None and value > high):
        none = ", or none" if none_allowed else ""
        raise RulesError(f"{name}={option_text(value)} is out of range: allowed {allowed}{none}")
    return value


def check_bool(name: str, value: object) -> bool:
    """``value`` as a bool (True or False, nothing else)."""
    value = _given(name, value)
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be true or false, not {option_text(value)}")
    return value


def check_choice(name: str, value: T, allowed: Collection[T]) -> T:
    """``value`` if it is one of ``allowed``; otherwise an error listing them."""
    value = cast(T, _given(name, value))
    if isinstance(value, bool) or value not in allowed:
        listed = ", ".join(option_text(a) for a in allowed)
        raise RulesError(f"{name}={option_text(value)} is not allowed: use one of {listed}")
    return value


def not_applicable(name: str, value: object, because: str) -> None:
    """Refuse a value for an option that another option makes meaningless.

    >>> not_applicable("hook", True, "with simultaneous bidding")
    Traceback (most recent call last):
    ...
    cardrules.errors.RulesError: hook=true does not apply with simultaneous bidding; leave it out
    """
    value = _given(name, value)
    if value is not None:
        # "Leave it out" is the fix in the rules text, with --option and in Python alike.
        raise RulesError(f"{name}={option_text(value)} does not apply {because}; leave it out")


def set_resolved(rules: object, name: str, value: object) -> None:
    """Store a resolved default on frozen rules while they are being built."""
    object.__setattr__(rules, name, value)


def _optional_int(name: str, low: int) -> Any:
    def validate(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            check_int(name, value, low, none_allowed=True)

    return validate


# A metaclass stays a Python class (native_class=False: docs/contributing.rst).
@mypyc_attr(native_class=False)
class _RulesType(type):
    """Refuses unknown or positional options with a :class:`RulesError` (instead
    of the ``TypeError`` a plain class raises) that lists the known options."""

    def __call__(cls, *args: Any, **options: Any) -> Any:
        known = [f.name for f in attrs.fields(cast(Any, cls)) if f.init]
        unknown = [k for k in options if k not in known]
        if args or unknown:
            what = (
                f"unknown option {', '.join(unknown)}"
                if unknown
                else "options are given by name, e.g. Rules(players=4)"
            )
            raise RulesError(f"{what}: the options are {', '.join(known)}")
        # Compiled, a check reads an option as its declared kind: a value of another kind
        # stops with the compiler's TypeError, and a bool given for a whole number reads as
        # 0 or 1. Those values are refused by _refuse, in both builds alike.
        if any(value is True or value is False for value in options.values()):
            wrong = _wrong_kinds(cls, options)
            if wrong:
                _refuse(cls, options, wrong)
        try:
            return super().__call__(**options)
        except TypeError:
            wrong = _wrong_kinds(cls, options)
            if not wrong:
                raise
            _refuse(cls, options, wrong)


def _refuse(cls: type, options: dict[str, Any], wrong: dict[str, object]) -> NoReturn:
    """Raise the error the game's own check gives for the values of the wrong kind: the
    rules are built again with a stand-in of the right kind in their place, and the check
    of each such option sees the value given instead (see _given)."""
    kinds = option_kinds(cls)
    stand_ins = {name: _STAND_INS[kinds[name][0]] for name in wrong}
    token = _GIVEN.set(wrong)
    try:
        type.__call__(cls, **{**options, **stand_ins})
    except RulesError as error:
        raise error from None
    except TypeError:
        pass
    finally:
        _GIVEN.reset(token)
    name, value = next(iter(wrong.items()))
    kind, none = kinds[name]
    allowed = _KIND_WORDS[kind] + (" or none" if none else "")
    raise RulesError(f"{name} must be {allowed}, not {option_text(value)}")


#: A value of each kind that stands in for a value of the wrong kind (see above).
_STAND_INS: Final[dict[type, object]] = {int: 1, bool: False, str: ""}


def _wrong_kinds(cls: type, options: dict[str, Any]) -> dict[str, object]:
    """The options given a value the compiled build cannot read as the option's kind."""
    kinds = option_kinds(cls)
    # An option with a converter is judged by what its converter makes of the value
    # (restock=None reads as "none").
    converters = {field.name: field.converter for field in attrs.fields(cast(Any, cls))}
    wrong: dict[str, object] = {}
    for name, given in options.items():
        converter = converters[name]
        value = converter(given) if callable(converter) else given
        kind, none = kinds[name]
        fits = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not (fits or (value is None and none)):
            wrong[name] = given
    return wrong


# Each game's Rules derives from this class (classes games derive from: docs/contributing.rst).
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class BaseRules(metaclass=_RulesType):
    """The options every game has.

    * ``first_dealer``: the seat that deals first, or None to draw it from the seed
      (the sources' cut or draw for deal).
    * ``max_deals``: a safety cap for simulation: after this many deals the game
      ends as "truncated" (None: no cap; the rules of the games never need it).
    * ``max_moves``: a safety cap: after this many moves by the players (over all
      deals; chance steps are not counted) the game ends as "truncated" (None: no cap).
    """

    # Checked by each game (``check_first_dealer``), which knows how many seats there are.
    first_dealer: int | None = optional(int)
    max_deals: int | None = optional(int, validator=_optional_int("max_deals", 1))
    max_moves: int | None = optional(int, validator=_optional_int("max_moves", 1))

    def check_first_dealer(self, players: int) -> None:
        """Refuse a first dealer that is not one of the ``players`` seats (each game calls it)."""
        if self.first_dealer is not None:
            check_int("first_dealer", self.first_dealer, 0, players - 1, none_allowed=True)


def _format_value(value: object, none_text: str = "none") -> str:
    if value is None:
        return none_text
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


_NOTHING = object()


def rules_to_text(name: str, rules: Any) -> str:
    """The one-line text form: the game name and every option that is not the default."""
    try:
        return _cached_text(name, rules)
    except TypeError:  # rules with an unhashable option value: work it out each time
        return _rules_text(name, rules)


@functools.lru_cache(maxsize=1024)
def _cached_text(name: str, rules: Any) -> str:
    # Working out the defaults builds the rules once per option: too dear for a
    # value that is asked for on every record, message and log line.
    return _rules_text(name, rules)


def _rules_text(name: str, rules: Any) -> str:
    cls = type(rules)
    fields = [field for field in attrs.fields(cls) if field.init]
    given = {field.name: getattr(rules, field.name) for field in fields}
    none_texts = {field.name: field.metadata.get(NONE_TEXT, "none") for field in fields}
    shown: dict[str, Any] = {}
    for name_, value in given.items():
        others = {k: v for k, v in given.items() if k != name_}
        try:
            omitted_value = getattr(cls(**others), name_)
        except RulesError:
            omitted_value = _NOTHING
        if value != omitted_value:
            shown[name_] = value
    body = ",".join(f"{k}={_format_value(v, none_texts[k])}" for k, v in shown.items())
    return f"{name}({body})"


_TEXT = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*(?:\((.*)\))?\s*$", re.DOTALL)
_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def parse_option_value(key: str, text: str, *, where: str = "option") -> object:
    """The value of option ``key`` written as ``text``, as the rules text reads it.

    An error begins with ``where`` and the option, e.g. ``--option start_hand``
    for the command line.

    >>> parse_option_value("hook", "true"), parse_option_value("target", "none")
    (True, None)
    >>> parse_option_value("start_hand", "2.5", where="--option")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: --option start_hand='2.5': a value is a whole number, \
true, false, none or a word
    """
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    if re.fullmatch(r"[+-]?[0-9]+", text):
        if len(text.lstrip("+-")) > MAX_DIGITS:
            raise NotationError(f"{where} {key}: the number is far too large ({len(text)} digits)")
        return int(text)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    if _WORD.match(text):
        return text
    raise NotationError(
        f"{where} {key}={show_value(text)}: a value is a whole number, true, false, none or a word"
    )


# text: object, refused below unless it is text (public parameters: docs/contributing.rst).
def parse_rules_text(text: object) -> tuple[str, dict[str, object]]:
    """Split ``"game(key=value,...)"`` into the game name and the option values.

    >>> parse_rules_text("mau_mau(target=none,must_play=penalty)")
    ('mau_mau', {'target': None, 'must_play': 'penalty'})
    """
    if not isinstance(text, str):
        raise NotationError(
            f"rules text must be a string such as 'oh_hell(players=5)', not {show_value(text)}"
        )
    match = _TEXT.match(text)
    if match is None:
        raise NotationError(
            f"bad rules text {show_value(text)}: "
            "write name(option=value,...), e.g. oh_hell(players=5)"
        )
    name, body = match.group(1), (match.group(2) or "").strip()
    options: dict[str, object] = {}
    if body:
        for part in body.split(","):
            key, sep, raw = part.partition("=")
            key, raw = key.strip(), raw.strip()
            if not sep or not _WORD.match(key) or not raw:
                raise NotationError(
                    f"bad option {show_value(part.strip())} in {show_value(text)}: "
                    "write option=value"
                )
            if key in options:
                raise NotationError(f"option {key} is given twice in {show_value(text)}")
            options[key] = parse_option_value(key, raw)
    return name, options


def build_rules(cls: type[T], options: dict[str, object]) -> T:
    """``cls(**options)`` with an error that names unknown options and lists the known ones."""
    known = [f.name for f in attrs.fields(cast(Any, cls)) if f.init]
    unknown = [k for k in options if k not in known]
    if unknown:
        raise RulesError(f"unknown option {', '.join(unknown)}: the options are {', '.join(known)}")
    return cls(**options)


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``"; did you mean 'oh_hell'?"`` when a known name is close to ``word``, else ``""``.

    >>> did_you_mean("oh_hel", ["oh_hell", "enfle"])
    "; did you mean 'oh_hell'?"
    """
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""
