"""Checks of the arguments every game's public functions take.

Each game module calls these at the top of its public functions, so that a bad
argument gets a :class:`~cardrules.errors.ArgumentError` (or, for rules, a
:class:`~cardrules.errors.RulesError`) naming the problem and the fix, never a
plain Python error or a silently wrong answer.

>>> check_seed(7)
7
>>> check_seed("7")
Traceback (most recent call last):
...
cardrules.errors.ArgumentError: seed must be a whole number (an int), not '7'
"""

from __future__ import annotations

import random
import sys
from typing import Any, Final, TypeVar

from cardrules.cards import Card, format_cards
from cardrules.core.options import show_value
from cardrules.errors import ArgumentError, IllegalMoveError
from cardrules.moves import (
    Bid,
    Blind,
    Call,
    ChooseDealer,
    DealCard,
    Declaration,
    Draw,
    EndTurn,
    LayAway,
    Move,
    PassCards,
    Play,
    TakePile,
)

__all__ = [
    "MAX_SEED_BITS",
    "check_move",
    "check_move_number",
    "check_rng",
    "check_rules",
    "check_seat",
    "check_seed",
    "check_view",
    "wrong_state",
]

#: Largest seed, in bits: a seed is written in decimal into the random streams'
#: keys, and a few hundred digits are more than any use needs.
MAX_SEED_BITS: Final = 1024


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number of at most :data:`MAX_SEED_BITS` bits."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError(f"seed must be a whole number (an int), not {show_value(seed)}")
    if seed.bit_length() > MAX_SEED_BITS:
        raise ArgumentError(
            f"seed is too large ({show_value(seed)}): use at most {MAX_SEED_BITS} bits"
        )
    return int(seed)


def check_rules(rules: object, cls: type, game: str) -> None:
    """Refuse anything but this game's ``Rules``."""
    if type(rules) is not cls:
        raise ArgumentError(f"rules must be {game}.Rules, not {_describe(rules)}")


_Checked = TypeVar("_Checked")


# The checks below return what they checked, as the type it was checked for: a public
# function takes its argument as object and reads it through the returned value
# (public parameters: docs/contributing.rst).
def check_rules_of(rules: object, cls: type[_Checked], game: str) -> _Checked:
    """Refuse anything but this game's ``Rules`` or a class derived from them (a game
    built on this one's description)."""
    if not isinstance(rules, cls):
        raise ArgumentError(f"rules must be {game}.Rules, not {_describe(rules)}")
    return rules


def check_view_of(view: object, cls: type[_Checked], game: str) -> _Checked:
    """Refuse anything but a view of this game (``cls``, its ``View``, defined in the
    game's module, whose ``TITLE`` the message names)."""
    if not isinstance(view, cls):
        title = getattr(sys.modules.get(cls.__module__), "TITLE", None)
        raise wrong_state(view, game, "view", title if isinstance(title, str) else None)
    return view


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat number ``0 .. players - 1``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ArgumentError(f"seat must be a whole number 0..{players - 1}, not {show_value(seat)}")
    return int(seat)


#: The kinds of move there are (a game numbers the moves of its own kinds among them).
_MOVES: Final = (
    Play,
    Bid,
    DealCard,
    ChooseDealer,
    Draw,
    EndTurn,
    PassCards,
    Blind,
    Declaration,
    Call,
    TakePile,
    LayAway,
)


# The move numbers' checks raise IllegalMoveError, as for a move or a number the game does
# not have: a wrong type is a number or a move that no game has.
def check_move_number(index: object, count: int) -> int:
    """``index`` if it is a move number ``0 .. count - 1``: an int, not a bool (``True``
    is not the number 1 here), nor text or a float."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
        raise IllegalMoveError(
            f"move numbers are whole numbers 0..{count - 1} (ints), not {show_value(index)}"
        )
    return int(index)


def check_move(move: object) -> Move:
    """``move`` if it is a move (:data:`cardrules.moves.Move`), for ``move_index``."""
    if not isinstance(move, _MOVES):
        read = " (read move text with the game's parse_move)" if isinstance(move, str) else ""
        raise IllegalMoveError(
            f"move_index takes a move, such as Play(Card('AS')), not {show_value(move)}{read}"
        )
    return move


def check_rng(rng: object) -> random.Random:
    """``rng`` if it is a :class:`random.Random` (``sample`` draws only from it)."""
    if not isinstance(rng, random.Random):
        raise ArgumentError(
            f"rng must be a random.Random (e.g. random.Random(1)), not {show_value(rng)}"
        )
    return rng


def check_view(view: Any) -> None:
    """Refuse a view no game could show (one built or changed by hand): a seat out of
    range, a hand with something that is not a card or a card twice, or hand sizes
    that are not one whole number per seat, or a hand larger than its size.
    ``sample`` would otherwise return a state that does not match the view."""
    players = view.rules.players
    check_seat(view.seat, players)
    hand = view.hand
    if not isinstance(hand, tuple) or not all(type(card) is Card for card in hand):
        raise ArgumentError(f"the view's hand must be a tuple of cards, not {show_value(hand)}")
    if len(set(hand)) != len(hand):
        raise ArgumentError(f"the view's hand holds a card twice: {format_cards(hand)}")
    sizes = view.hand_sizes
    if (
        not isinstance(sizes, tuple)
        or len(sizes) != players
        or not all(type(size) is int and size >= 0 for size in sizes)
    ):
        raise ArgumentError(
            f"the view's hand_sizes must give one whole number per seat ({players}), "
            f"not {show_value(sizes)}"
        )
    if len(hand) > sizes[view.seat]:
        raise ArgumentError(
            f"the view's hand_sizes give seat {view.seat} {sizes[view.seat]} cards, "
            f"but its hand holds {len(hand)}"
        )


def described(value: object, what: str = "state") -> str:
    """A wrong argument in a message: ``a state of mau_mau`` when it is another game's
    ``what``, else a short form of the value."""
    other = _game_of(getattr(value, "rules", None))
    return f"a {what} of {other}" if other is not None else _describe(value)


def not_the_engines(value: object, what: str, family: str, title: str | None) -> ArgumentError:
    """The error of an engine's function given a ``what`` (state, view, state or view)
    that is no game's of the engine's ``family`` (``"trick game"``, ``"Stops game"``).

    ``title`` is the game of the value's rules when they are one of the family's (a view
    given for a state, say): the message names it. Otherwise the function, shared by every
    game of the family, cannot know which game was meant. Both engines word it alike.
    """
    source = "observe" if what == "view" else "deal, apply or sample"
    if title is None:
        return ArgumentError(
            f"a {family}'s functions need a {what} of a {family} (from the game's "
            f"{source}), not {described(value, what)}"
        )
    name = type(value).__name__
    given = "state" if name == "State" else "view" if name.endswith("View") else name
    return ArgumentError(
        f"{title} needs a {what} of {title} (from its {source}), not a {given} of {title}"
    )


def not_rules(function: str, family: str, value: object) -> ArgumentError:
    """The error of an engine's ``function`` given ``value`` for the rules of a game of
    the engine's ``family``; both engines word it alike."""
    found = described(value, type(value).__name__)
    if getattr(value, "rules", None) is not None and found.startswith("a "):
        found += " (give its .rules)"
    return ArgumentError(
        f"{function} needs the rules of a {family} (the game module's Rules(...)), not {found}"
    )


def wrong_state(
    value: object, game: str, what: str = "state", title: str | None = None
) -> ArgumentError:
    """The error for a ``what`` (state or view) that is not one of ``game``'s (the game
    module's name; ``title``, the game's title the message names, defaults to it), worded
    as the engines word theirs."""
    other = _game_of(getattr(value, "rules", None))
    found = described(value, what) if other != game else _describe(value)
    source = "observe" if what == "view" else "deal, apply or sample"
    named = game if title is None else title
    return ArgumentError(f"{named} needs a {what} of {named} (from {game}.{source}), not {found}")


def _game_of(rules: object) -> str | None:
    """The name of the game whose ``Rules`` these are (None: no game's rules)."""
    kind = type(rules)
    if kind.__name__ != "Rules":
        return None
    name = getattr(sys.modules.get(kind.__module__), "NAME", None)  # the game module's
    return name if isinstance(name, str) else None


def _describe(value: object) -> str:
    """A short description of a wrong argument for a message."""
    other = _game_of(value)
    return f"{other}.Rules" if other is not None else show_value(value)
