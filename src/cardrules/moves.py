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

from typing import Final

import attrs

from cardrules.cards import ALL_CARDS, Card, Suit, parse_card
from cardrules.errors import NotationError

__all__ = [
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


def parse_move_text(text: str) -> Move:
    """Read a move from its text form, without checking it against a state.

    Forms: ``play QH``, ``play JS call hearts``, ``play 9H announce``,
    ``bid 3``, ``draw``, ``end turn``, ``deal QH``, ``dealer 2``.
    """
    words = text.strip().split()
    if not words:
        raise NotationError("empty move: write e.g. 'play QH' or 'bid 2'")
    verb, rest = words[0].lower(), words[1:]
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
    raise NotationError(
        f"bad move {text!r}: the forms are 'play CARD', 'bid N', 'draw', 'end turn', "
        "'deal CARD', 'dealer SEAT'"
    )
