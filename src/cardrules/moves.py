"""Moves shared by the games, with their text form.

Moves are small frozen values. ``str(move)`` gives the text form and
:func:`parse_move_text` reads it back (each game's ``parse_move`` then checks
that the move is legal in a state). Chance outcomes, in explicit-chance mode,
are moves too: ``deal QH`` (the next card dealt is the queen of hearts) and
``dealer 2`` (seat 2 deals first).

>>> from cardrules.cards import Card
>>> str(Play(Card("QH"))), str(Bid(3)), str(DealCard(Card("10S"))), str(ChooseDealer(2))
('play QH', 'bid 3', 'deal 10S', 'dealer 2')
>>> parse_move_text("play 10s") == Play(Card("10S"))
True
>>> parse_move_text("draw") is DRAW, str(END_TURN)
(True, 'end turn')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from cardrules.cards import ALL_CARDS, Card, Suit, parse_card
from cardrules.errors import NotationError

__all__ = [
    "ALL_FORMS",
    "DRAW",
    "END_TURN",
    "PLAYS",
    "Bid",
    "ChooseDealer",
    "DealCard",
    "Draw",
    "EndTurn",
    "Move",
    "Play",
    "game_forms",
    "not_a_move",
    "parse_move_text",
]


@attrs.frozen(slots=True)
class Play:
    """Play a card; in the Mau Mau games a jack may ``call`` a suit and the play
    that leaves one card may ``announce`` it ("One card" / "Mau")."""

    card: Card
    call: Suit | None = None
    announce: bool = False

    def __str__(self) -> str:
        text = "play " + self.card.text
        if self.call is not None:
            text += " call " + self.call.plural
        if self.announce:
            text += " announce"
        return text


@attrs.frozen(slots=True)
class Bid:
    """Bid a number of tricks."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@attrs.frozen(slots=True)
class DealCard:
    """Chance outcome: the next card dealt (or turned, or drawn) is ``card``."""

    card: Card

    def __str__(self) -> str:
        return "deal " + self.card.text


@attrs.frozen(slots=True)
class ChooseDealer:
    """Chance outcome: seat ``seat`` deals first (the sources' cut or draw for deal)."""

    seat: int

    def __str__(self) -> str:
        return f"dealer {self.seat}"


@attrs.frozen(slots=True)
class Draw:
    """Take the top card of the stock (the shedding games: Mau-Mau, Mau Mau)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True)
class EndTurn:
    """End one's turn without playing (Mau Mau: after drawing a card one keeps it)."""

    def __str__(self) -> str:
        return "end turn"


Move = Play | Bid | DealCard | ChooseDealer | Draw | EndTurn

#: The move ``draw`` (every ``Draw()`` is equal to it).
DRAW: Final = Draw()
#: The move ``end turn`` (every ``EndTurn()`` is equal to it).
END_TURN: Final = EndTurn()

#: ``PLAYS[card.index]`` is the plain play of that card (no call, no announcement).
PLAYS: Final[tuple[Play, ...]] = tuple(Play(card) for card in ALL_CARDS)
#: ``DEALS[card.index]`` is the chance outcome "deal that card".
DEALS: Final[tuple[DealCard, ...]] = tuple(DealCard(card) for card in ALL_CARDS)
#: ``BIDS[n]`` is "bid n" for n up to 52.
BIDS: Final[tuple[Bid, ...]] = tuple(Bid(n) for n in range(53))


def _number(word: str, what: str, text: str) -> int:
    if not word.isdigit():
        raise NotationError(f"bad move {text!r}: {what} must be a whole number, not {word!r}")
    return int(word)


#: Every text form :func:`parse_move_text` reads, as an error message lists them.
ALL_FORMS: Final = ("play CARD", "bid N", "draw", "end turn", "deal CARD", "dealer SEAT")


def _forms_text(forms: Sequence[str]) -> str:
    return ", ".join(f"'{form}'" for form in forms)


def parse_move_text(text: str, forms: Sequence[str] = ALL_FORMS) -> Move:
    """Read a move from its text form, without checking it against a state.

    Forms: ``play QH``, ``play JS call hearts``, ``play 9H announce``,
    ``bid 3``, ``draw``, ``end turn``, ``deal QH``, ``dealer 2``. A game passes
    ``forms``, the forms its moves take (e.g. ``("play CARD", "draw")``): a move
    of another form is refused, and a typo's message lists only these.

    >>> parse_move_text("bid 2", forms=("play CARD", "draw"))
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: bad move 'bid 2': the forms are 'play CARD', 'draw'
    """
    if not isinstance(text, str):
        raise NotationError(f"a move's text must be a string, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise NotationError(f"empty move: write one of {_forms_text(forms)}")
    verb, rest = words[0].lower(), words[1:]
    if verb not in {form.split()[0] for form in forms}:
        raise NotationError(f"bad move {text!r}: the forms are {_forms_text(forms)}")
    if verb == "draw" and not rest:
        return DRAW
    if verb == "end" and len(rest) == 1 and rest[0].lower() == "turn":
        return END_TURN
    if verb == "play" and rest:
        card = PLAYS[parse_card(rest[0]).index].card
        call: Suit | None = None
        announce = False
        extra = [w.lower() for w in rest[1:]]
        while extra:
            word = extra.pop(0)
            if word == "call" and extra and call is None:
                call = Suit.parse(extra.pop(0))
            elif word == "announce" and not announce:
                announce = True
            else:
                raise NotationError(
                    f"bad move {text!r}: after the card only 'call SUIT' and 'announce' may follow"
                )
        if call is None and not announce:
            return PLAYS[card.index]
        return Play(card, call, announce)
    if verb == "bid" and len(rest) == 1:
        return Bid(_number(rest[0], "a bid", text))
    if verb == "deal" and len(rest) == 1:
        return DEALS[parse_card(rest[0]).index]
    if verb == "dealer" and len(rest) == 1:
        return ChooseDealer(_number(rest[0], "a seat", text))
    raise NotationError(f"bad move {text!r}: the forms are {_forms_text(forms)}")


def game_forms(forms: Sequence[str], chance: str) -> tuple[str, ...]:
    """A game's move forms, with the chance outcomes' forms under explicit chance."""
    return (*forms, "deal CARD", "dealer SEAT") if chance == "explicit" else tuple(forms)


def not_a_move(move: object, game: str, forms: Sequence[str]) -> str:
    """Why ``move`` is no move of ``game`` at all: text that should go through
    ``parse_move``, or a value of another game or type (the message lists ``forms``).

    >>> not_a_move("bid 1", "Up and Down the River", ("play CARD", "bid N"))
    "'bid 1' is text, not a move: read it with parse_move(state, 'bid 1') first"
    """
    if isinstance(move, str):
        return f"{move!r} is text, not a move: read it with parse_move(state, {move!r}) first"
    return f"'{move}' is not a move of {game}: its moves are {_forms_text(forms)}"
