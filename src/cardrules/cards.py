"""Suits, ranks, cards, decks and their text notation.

Cards are preallocated singletons: there is exactly one ``Card`` object per card,
``Card("QH") is Card("QH")``, and copying or pickling a card gives the same object
back. Each card has a small integer :attr:`Card.index` and a bit :attr:`Card.bit`,
so a set of cards can be held as one ``int`` (a *mask*); the game engines do so
on their hot path.

Text notation: rank then suit, ``AS KH QD JC 10S 2H``; jokers are ``BJ`` (big) and
``LJ`` (little). Parsing accepts lower case, ``T`` for ten and the suit symbols.

>>> from cardrules.cards import Card, parse_cards, format_cards
>>> parse_cards("AS 10h qd")
(Card('AS'), Card('10H'), Card('QD'))
>>> format_cards(sorted(parse_cards("2C BJ AS")))
'2C AS BJ'
>>> Card("QH").suit, Card("QH").rank
(<Suit.HEARTS: 2>, 12)
"""

from __future__ import annotations

import enum
import reprlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, cast

from cardrules.errors import DeckError, NotationError, show_value

__all__ = [
    "ACE",
    "BIG_JOKER",
    "DECK32",
    "DECK52",
    "DECK54",
    "JACK",
    "KING",
    "LITTLE_JOKER",
    "QUEEN",
    "Card",
    "Suit",
    "cards_of",
    "deck",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
    "stripped_deck",
]


class Suit(enum.IntEnum):
    """The four suits, numbered in bridge order from the lowest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __str__(self) -> str:
        """The suit's name, e.g. ``diamonds`` (as in moves and messages).

        >>> str(Suit.DIAMONDS), f"called {Suit.HEARTS}"
        ('diamonds', 'called hearts')
        """
        return _PLURALS[self]

    @property
    def letter(self) -> str:
        """The one-letter text form: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def plural(self) -> str:
        """The lower-case name used in moves and messages, e.g. ``hearts``."""
        return _PLURALS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter, symbol or name (``"H"``, ``"♥"``, ``"hearts"``).

        >>> Suit.parse("hearts")
        <Suit.HEARTS: 2>
        """
        found = _SUIT_WORDS.get(text.strip().lower())
        if found is None:
            raise NotationError(
                f"unknown suit {text!r}: use one of S, H, D, C or spades, hearts, diamonds, clubs"
            )
        return found


#: Each suit's name in lower case, by suit: events and messages name suits often, and an
#: enum member's ``name`` is a Python-level property even in the compiled build.
_PLURALS: Final = ("clubs", "diamonds", "hearts", "spades")

_SUIT_WORDS: Final = {
    **{s.letter.lower(): s for s in Suit},
    **{s.name.lower(): s for s in Suit},
    **{s.name.lower()[:-1]: s for s in Suit},
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
}

JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14
LITTLE_JOKER_RANK: Final = 15
BIG_JOKER_RANK: Final = 16

_RANK_TEXT: Final = {
    **{r: str(r) for r in range(2, 11)},
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
}
_RANK_WORDS: Final = {**{t: r for r, t in _RANK_TEXT.items()}, "T": 10}


#: The cards made so far, by text: all 54 once the module is imported (see ALL_CARDS).
_BY_TEXT: Final[dict[str, Card]] = {}
#: The text of each card, in index order, with its rank and suit.
_CARD_PARTS: Final[dict[str, tuple[int, Suit | None]]] = {
    **{_RANK_TEXT[rank] + suit.letter: (rank, suit) for suit in Suit for rank in range(2, 15)},
    "LJ": (LITTLE_JOKER_RANK, None),
    "BJ": (BIG_JOKER_RANK, None),
}


class Card:
    """One playing card; ``Card("QH")`` returns the singleton queen of hearts.

    Attributes: ``rank`` (2..10, 11 J, 12 Q, 13 K, 14 A, 15 little joker, 16 big
    joker), ``suit`` (a :class:`Suit`, or ``None`` for a joker), ``index`` (0..53:
    ``13 * suit + rank - 2`` for suited cards, 52 little joker, 53 big joker) and
    ``bit`` (``1 << index``). Cards order by index: suit by suit from clubs, rank
    upwards, jokers last.
    """

    # A plain class that the compiled build makes native, so that reading a card's
    # fields (on every move) is a direct load.
    __slots__ = ("bit", "index", "rank", "suit", "text")
    rank: int
    suit: Suit | None
    index: int
    bit: int
    text: str

    # text: object, refused below unless it is text: compiled, a parameter typed str
    # would refuse anything else with the compiler's TypeError, not the library's error.
    def __new__(cls, text: object) -> Card:
        if not isinstance(text, str):
            raise NotationError(f"a card is written as text such as 'QH', not {show_value(text)}")
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        parts = _CARD_PARTS.get(text)
        if parts is None:
            return parse_card(text)
        # Only while ALL_CARDS is made, at import: each card is made once, from its text.
        card = object.__new__(cls)
        rank, suit = parts
        index = 13 * suit + rank - 2 if suit is not None else 52 + rank - LITTLE_JOKER_RANK
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        object.__setattr__(card, "text", text)
        _BY_TEXT[text] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    @property
    def is_joker(self) -> bool:
        """True for the big and the little joker."""
        return self.suit is None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (self.text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


#: Every card, by index: 52 suited cards, then the little and the big joker.
ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card(text) for text in _CARD_PARTS)
LITTLE_JOKER: Final = ALL_CARDS[52]
BIG_JOKER: Final = ALL_CARDS[53]


# text: object, here and in parse_cards: see Card.__new__.
def parse_card(text: object) -> Card:
    """Read one card: ``"QH"``, ``"10s"``, ``"Td"``, ``"A♠"``, ``"BJ"``, ``"LJ"``.

    >>> parse_card("td")
    Card('10D')
    """
    if not isinstance(text, str):
        raise NotationError(f"a card is written as text such as 'QH', not {show_value(text)}")
    token = text.strip().upper()
    found = _BY_TEXT.get(token)
    if found is not None:
        return found
    if len(token) >= 2:
        rank = _RANK_WORDS.get(token[:-1])
        suit = _SUIT_WORDS.get(token[-1].lower())
        if rank is not None and suit is not None:
            return ALL_CARDS[13 * suit + rank - 2]
    raise NotationError(
        f"bad card {text!r}: write rank then suit, ranks 2-10 J Q K A (T for 10), "
        "suits S H D C, jokers BJ and LJ, e.g. 'QH' or '10S'"
    )


def parse_cards(text: object) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; the error names the bad token.

    >>> parse_cards("AS, 10H")
    (Card('AS'), Card('10H'))
    >>> parse_cards("AS XS")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: token 2 of 'AS XS': bad card 'XS': ...
    """
    if not isinstance(text, str):
        raise NotationError(f"cards are written as text such as 'AS 10H', not {show_value(text)}")
    cards = []
    for position, token in enumerate(text.replace(",", " ").split(), start=1):
        try:
            cards.append(parse_card(token))
        except NotationError as error:
            raise NotationError(f"token {position} of {text!r}: {error}") from None
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """The text form of cards, separated by single spaces, in the order given."""
    return " ".join(card.text for card in cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask holding these cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


# The cards of each byte of a mask, per byte position: views turn hands and piles
# into cards at every move, and a table lookup per byte beats a loop per card.
_BYTE_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            ALL_CARDS[8 * k + i] for i in range(8) if byte >> i & 1 and 8 * k + i < len(ALL_CARDS)
        )
        for byte in range(256)
    )
    for k in range((len(ALL_CARDS) + 7) // 8)
)
_ALL_BITS: Final = (1 << len(ALL_CARDS)) - 1


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask as a tuple, by index.

    >>> cards_of(mask_of(parse_cards("QH 2C")))
    (Card('2C'), Card('QH'))
    """
    if mask & ~_ALL_BITS:
        raise ValueError(f"{mask!r} is not a card mask: bits 0..{len(ALL_CARDS) - 1} only")
    cards: tuple[Card, ...] = ()
    for table in _BYTE_CARDS:
        if not mask:
            break
        byte = mask & 255
        if byte:
            cards += table[byte]
        mask >>= 8
    return cards


def stripped_deck(lowest_rank: int, *, jokers: bool = False) -> tuple[Card, ...]:
    """The cards of rank ``lowest_rank`` to ace in every suit (plus both jokers).

    >>> len(stripped_deck(7)), stripped_deck(7)[0]
    (32, Card('7C'))
    """
    if not 2 <= lowest_rank <= ACE:
        raise ValueError(f"lowest_rank must be 2..14, not {lowest_rank}")
    cards = [c for c in ALL_CARDS[:52] if c.rank >= lowest_rank]
    if jokers:
        cards += [LITTLE_JOKER, BIG_JOKER]
    return tuple(cards)


DECK52: Final = stripped_deck(2)
DECK32: Final = stripped_deck(7)
DECK54: Final = stripped_deck(2, jokers=True)


def deck(size: int) -> tuple[Card, ...]:
    """A named deck by size: 52, 32 (7..A) or 54 (52 and two jokers).

    >>> len(deck(54))
    54
    """
    decks = {52: DECK52, 32: DECK32, 54: DECK54}
    if size not in decks:
        raise ValueError(f"no deck of {size} cards: use 52, 32 or 54, or stripped_deck()")
    return decks[size]


def validate_deck_order(order: Iterable[Card], expected: Sequence[Card]) -> tuple[Card, ...]:
    """``order`` as a tuple, checked to hold exactly the cards of ``expected``, each once.

    Any iterable of cards will do (a list, a tuple, an iterator); anything else,
    a string of card text included, is refused. Raises
    :class:`~cardrules.errors.DeckError` naming the missing, duplicated or
    foreign cards.

    >>> validate_deck_order(parse_cards("AS KH"), parse_cards("KH AS"))
    (Card('AS'), Card('KH'))
    >>> validate_deck_order(parse_cards("AS AS"), parse_cards("KH AS"))
    Traceback (most recent call last):
    ...
    cardrules.errors.DeckError: the deck must hold ... exactly once: duplicated AS; missing KH
    """
    want = set(expected)
    if isinstance(order, (str, bytes)):
        raise DeckError(
            f"the deck must be a sequence of cards, not text {reprlib.repr(order)}: "
            "read card text with parse_cards()"
        )
    # Read as objects until checked: compiled, an item read as a Card that is not one
    # would stop with the compiler's TypeError instead of the DeckError below.
    try:
        items: tuple[object, ...] = tuple(order)
    except TypeError:
        raise DeckError(
            f"the deck must be a sequence of the game's {len(want)} cards, "
            f"not {type(order).__name__} {reprlib.repr(order)}"
        ) from None
    strangers = [item for item in items if not isinstance(item, Card)]
    if strangers:
        raise DeckError(
            f"the deck must hold cards only (Card objects, e.g. from parse_cards()), "
            f"not {reprlib.repr(strangers[0])}"
        )
    cards = cast(tuple[Card, ...], items)
    counts = Counter(cards)
    duplicated = sorted(c for c, n in counts.items() if n > 1)
    foreign = sorted(c for c in counts if c not in want)
    missing = sorted(want - set(counts))
    problems = []
    if duplicated:
        problems.append("duplicated " + format_cards(duplicated))
    if foreign:
        problems.append("not in this game's deck " + format_cards(foreign))
    if missing:
        problems.append("missing " + format_cards(missing))
    if problems:
        raise DeckError(
            f"the deck must hold each of the game's {len(want)} cards exactly once: "
            + "; ".join(problems)
        )
    return cards
