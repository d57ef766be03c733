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

import operator
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Literal, SupportsIndex, cast

import attrs

from cardrules.cards import ALL_CARDS, Card, Suit, parse_card
from cardrules.errors import IllegalMoveError, NotationError, show_value
from cardrules.frozen import Frozen

__all__ = [
    "ALL_FORMS",
    "DRAW",
    "END_TURN",
    "PLAYS",
    "Bid",
    "Blind",
    "Call",
    "ChooseDealer",
    "DealCard",
    "Declaration",
    "Draw",
    "EndTurn",
    "LayAway",
    "Move",
    "PassCards",
    "Play",
    "TakePile",
    "game_forms",
    "not_a_move",
    "parse_move_text",
    "parse_whole_number",
    "require_card",
    "require_flag",
    "require_move_text",
    "require_whole_number",
]

#: Longest number a move's text may hold: more digits than any count in a card game.
MAX_DIGITS: Final = 6
#: Largest number a move holds (a bid, a seat): far above any legal one.
MAX_NUMBER: Final = 10**MAX_DIGITS - 1


def require_card(value: object, move: str) -> Card:
    """``value`` if it is a card; else :class:`IllegalMoveError` naming the fix."""
    if type(value) is Card:
        return value
    hint = f" (write Card({show_value(value)}))" if isinstance(value, str) else ""
    raise IllegalMoveError(f"{move}: the card must be a Card, not {show_value(value)}{hint}")


def require_flag(value: object, move: str, what: str) -> bool:
    """``value`` if it is True or False; else :class:`IllegalMoveError`."""
    if type(value) is bool:
        return value
    raise IllegalMoveError(f"{move}: {what} must be True or False, not {show_value(value)}")


def require_whole_number(value: object, move: str, what: str) -> int:
    """``value`` as a plain ``int`` in ``0 ..`` :data:`MAX_NUMBER` (an integer type such
    as a NumPy integer is converted); else :class:`IllegalMoveError`. ``True`` is no number."""
    if type(value) is int and 0 <= value <= MAX_NUMBER:
        return value
    number: int | None = None
    if not isinstance(value, bool):
        try:
            number = operator.index(cast(SupportsIndex, value))
        except TypeError:
            number = None
    if number is None or not 0 <= number <= MAX_NUMBER:
        raise IllegalMoveError(
            f"{move}: {what} must be a whole number 0..{MAX_NUMBER}, not {show_value(value)}"
        )
    return int(number)


def parse_whole_number(word: str, what: str, text: str) -> int:
    """A number written in ASCII digits (at most a few), for move texts."""
    if not (word.isascii() and word.isdigit()):
        raise NotationError(
            f"bad move {text[:40]!r}: {what} must be a whole number, not {word[:20]!r}"
        )
    if len(word) > MAX_DIGITS:
        raise NotationError(f"bad move {text[:40]!r}: {what} is far too large ({len(word)} digits)")
    return int(word)


# Play, Bid, DealCard and ChooseDealer are plain frozen classes, not attrs, so that the
# compiled build makes them native: every move of the trick and shedding games reads one
# (see cardrules.frozen). The moves of one game only stay attrs classes.
# Their parameters are typed object and checked in the body: compiled, a parameter typed
# int or Card would refuse another type with the compiler's TypeError, not the library's
# error, and would take a bool for the whole number 0 or 1.


class Play(Frozen):
    """Play a card; in the Mau Mau games a jack may ``call`` a suit and the play
    that leaves one card may ``announce`` it ("One card" / "Mau")."""

    __slots__ = ("announce", "call", "card")
    __match_args__: ClassVar[tuple[str, ...]] = ("card", "call", "announce")
    card: Card
    call: Suit | None
    announce: bool

    def __init__(self, card: object, call: object = None, announce: object = False) -> None:
        if (
            type(card) is not Card
            or type(announce) is not bool
            or (call is not None and type(call) is not Suit)
        ):
            require_card(card, "Play")
            require_flag(announce, "Play", "announce")
            raise IllegalMoveError(
                f"Play: call must be a Suit (such as Suit.HEARTS) or None, not {show_value(call)}"
            )
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "call", call)
        object.__setattr__(self, "announce", announce)

    def _values(self) -> tuple[object, ...]:
        return (self.card, self.call, self.announce)

    def __str__(self) -> str:
        text = "play " + self.card.text
        if self.call is not None:
            text += " call " + self.call.plural
        if self.announce:
            text += " announce"
        return text


class Bid(Frozen):
    """Bid a number of tricks."""

    __slots__ = ("tricks",)
    __match_args__: ClassVar[tuple[str, ...]] = ("tricks",)
    tricks: int

    def __init__(self, tricks: object) -> None:
        if type(tricks) is not int or not 0 <= tricks <= MAX_NUMBER:
            tricks = require_whole_number(tricks, "Bid", "the number of tricks")
        object.__setattr__(self, "tricks", tricks)

    def _values(self) -> tuple[object, ...]:
        return (self.tricks,)

    def __str__(self) -> str:
        return f"bid {self.tricks}"


class DealCard(Frozen):
    """Chance outcome: the next card dealt (or turned, or drawn) is ``card``."""

    __slots__ = ("card",)
    __match_args__: ClassVar[tuple[str, ...]] = ("card",)
    card: Card

    def __init__(self, card: object) -> None:
        if type(card) is not Card:
            require_card(card, "DealCard")
        object.__setattr__(self, "card", card)

    def _values(self) -> tuple[object, ...]:
        return (self.card,)

    def __str__(self) -> str:
        return "deal " + self.card.text


class ChooseDealer(Frozen):
    """Chance outcome: seat ``seat`` deals first (the sources' cut or draw for deal)."""

    __slots__ = ("seat",)
    __match_args__: ClassVar[tuple[str, ...]] = ("seat",)
    seat: int

    def __init__(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat <= MAX_NUMBER:
            seat = require_whole_number(seat, "ChooseDealer", "the seat")
        object.__setattr__(self, "seat", seat)

    def _values(self) -> tuple[object, ...]:
        return (self.seat,)

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


def _card_set(cards: Sequence[Card]) -> tuple[Card, ...]:
    if not isinstance(cards, (tuple, list)):
        raise IllegalMoveError(
            f"PassCards: the cards are a tuple of different Cards, not {show_value(cards)}"
        )
    chosen = tuple(cards)
    if (
        not chosen
        or not all(isinstance(c, Card) for c in chosen)
        or len(set(chosen)) != len(chosen)
    ):
        raise IllegalMoveError(
            f"PassCards: a pass is one or more different Cards, not {show_value(chosen)}"
        )
    return tuple(sorted(chosen))


@attrs.frozen(slots=True)
class PassCards:
    """Pass cards face down to another seat (Maverick passes two to the left, Hearts
    three by the deal's direction): ``pass 2C 7D`` (kept in card order).

    >>> from cardrules.cards import parse_cards
    >>> str(PassCards(parse_cards("7D 2C QS")))
    'pass 2C 7D QS'
    """

    # cast(Any, field): compiled, a class-body value is checked against the type the field
    # call is inferred to return (here the field's own type), which the field is not.
    cards: tuple[Card, ...] = cast(Any, attrs.field(converter=_card_set))

    def __str__(self) -> str:
        return "pass " + " ".join(card.text for card in self.cards)


def _check_pile_name(name: object) -> None:
    if not isinstance(name, str) or not name or not name.isalnum() or name != name.lower():
        raise IllegalMoveError(
            "TakePile: the pile's name is one word in lower case, such as 'skat' or 'kitty', "
            f"not {show_value(name)}"
        )


def _laid_set(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of a :class:`LayAway`, in card order (its errors name it)."""
    try:
        return _card_set(cards)
    except IllegalMoveError:
        raise IllegalMoveError(
            f"LayAway: the cards laid away are one or more different Cards, not {show_value(cards)}"
        ) from None


@attrs.frozen(slots=True)
class TakePile:
    """Take a pile of cards into one's hand after the deal (Skat's skat, Five Hundred's
    widow, Euchre's turned card): ``take skat``. The pile is named by the game's
    description (:class:`~cardrules.core.trickgame.Pile`).

    >>> str(TakePile("skat"))
    'take skat'
    """

    # cast(Any, field): see PassCards.
    pile: str = cast(Any, attrs.field(validator=lambda _, __, name: _check_pile_name(name)))

    def __str__(self) -> str:
        return "take " + self.pile


@attrs.frozen(slots=True)
class LayAway:
    """Lay cards of one's hand away face down onto a pile (Skat's two cards laid away,
    Euchre's dealer's discard): ``lay away 7C 8D`` (kept in card order).

    >>> from cardrules.cards import parse_cards
    >>> str(LayAway(parse_cards("8D 7C")))
    'lay away 7C 8D'
    """

    # cast(Any, field): see PassCards.
    cards: tuple[Card, ...] = cast(Any, attrs.field(converter=_laid_set))

    def __str__(self) -> str:
        return "lay away " + " ".join(card.text for card in self.cards)


@attrs.frozen(slots=True)
class Blind:
    """A partnership's blind declaration (Maverick), made before it sees its cards:
    ``blind`` or ``no blind``."""

    # cast(Any, field): see PassCards.
    declare: bool = cast(
        Any, attrs.field(validator=lambda _, __, flag: require_flag(flag, "Blind", "declare"))
    )

    def __str__(self) -> str:
        return "blind" if self.declare else "no blind"


def _check_kind(kind: object) -> None:
    if kind not in ("zero", "elegant", None) or not (kind is None or type(kind) is str):
        raise IllegalMoveError(
            f"Declaration: kind must be 'zero', 'elegant' or None, not {show_value(kind)}"
        )


@attrs.frozen(slots=True)
class Declaration:
    """A bid after the pass (Maverick): ``bid zero``, ``bid elegant``, or ``no bid``
    (``kind`` None)."""

    # cast(Any, field): see PassCards.
    kind: Literal["zero", "elegant"] | None = cast(
        Any, attrs.field(validator=lambda _, __, kind: _check_kind(kind))
    )

    def __str__(self) -> str:
        return "no bid" if self.kind is None else f"bid {self.kind}"


#: The kinds of call :class:`Call` knows by meaning (any other is a bid).
CALL_KINDS: Final = ("bid", "pass", "double", "redouble", "hold", "announce")


def _check_words(words: object) -> None:
    if (
        not isinstance(words, str)
        or not words
        or words != words.strip()
        or "  " in words
        or not words.isprintable()
    ):
        raise IllegalMoveError(
            "Call: the words are the call's own text, such as '1NT', 'pass' or 'order up' "
            f"(no space at either end), not {show_value(words)}"
        )


def _check_call_kind(kind: object) -> None:
    if not isinstance(kind, str) or kind not in CALL_KINDS:
        raise IllegalMoveError(
            f"Call: kind must be one of {', '.join(CALL_KINDS)}, not {show_value(kind)}"
        )


@attrs.frozen(slots=True)
class Call:
    """A call in an auction (a round of :class:`~cardrules.core.trickgame.Auction`):
    its text is its own ``words`` (``1NT``, ``pass``, ``double``, ``18``, ``order up``),
    and its ``kind`` says what the auction's ready-made hooks read of it: ``"bid"`` (the
    default: any call that names or accepts a contract), ``"pass"``, ``"double"``,
    ``"redouble"`` or ``"hold"`` (holds the bid just made against the seat: Skat's
    "yes"). A call of kind ``"announce"`` is an announcement made during the play
    (:class:`~cardrules.core.trickgame.Announcement`: Doppelkopf's ``re``, Skat's
    ``kontra``).

    >>> str(Call("1NT")), str(Call("pass", "pass")), Call("18") == Call("18", "bid")
    ('1NT', 'pass', True)
    """

    # cast(Any, field): see PassCards.
    words: str = cast(Any, attrs.field(validator=lambda _, __, words: _check_words(words)))
    # A plain default, checked after the fields are set: compiled, a field call with a
    # default in the class body fails its str type check when the module loads.
    kind: str = "bid"

    def __attrs_post_init__(self) -> None:
        _check_call_kind(self.kind)

    def __str__(self) -> str:
        return self.words


Move = (
    Play
    | Bid
    | DealCard
    | ChooseDealer
    | Draw
    | EndTurn
    | PassCards
    | Blind
    | Declaration
    | Call
    | TakePile
    | LayAway
)

#: The text forms of the moves that move cards between a hand and a pile (a game with
#: :class:`~cardrules.core.trickgame.PileStep` rounds reads them).
PILE_FORMS: Final = ("take PILE", "lay away CARDS")

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


#: Every text form :func:`parse_move_text` reads, as an error message lists them.
ALL_FORMS: Final = ("play CARD", "bid N", "draw", "end turn", "deal CARD", "dealer SEAT")


def _forms_text(forms: Sequence[str]) -> str:
    return ", ".join(f"'{form}'" for form in forms)


def require_move_text(text: object) -> str:
    """``text`` if it is a string; else the :class:`NotationError` every game gives for
    a move's text that is not text (a game's own move reader may then assume text).

    >>> require_move_text(b"play QH")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: a move's text must be a string such as 'play QH', not b'play QH'
    """
    if not isinstance(text, str):
        raise NotationError(
            f"a move's text must be a string such as 'play QH', not {show_value(text)}"
        )
    return text


def parse_move_text(text: object, forms: Sequence[str] = ALL_FORMS) -> Move:
    """Read a move from its text form, without checking it against a state.

    Forms: ``play QH``, ``play JS call hearts``, ``play 9H announce``,
    ``bid 3``, ``draw``, ``end turn``, ``deal QH``, ``dealer 2``, and ``pass 2C 7D QS``
    when the game's forms have a pass (``"pass CARDS"``). A game passes
    ``forms``, the forms its moves take (e.g. ``("play CARD", "draw")``): a move
    of another form is refused, and a typo's message lists only these.

    >>> parse_move_text("bid 2", forms=("play CARD", "draw"))
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: bad move 'bid 2': the forms are 'play CARD', 'draw'
    """
    text = require_move_text(text)
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
        return Bid(parse_whole_number(rest[0], "a bid", text))
    if verb == "deal" and len(rest) == 1:
        return DEALS[parse_card(rest[0]).index]
    if verb == "dealer" and len(rest) == 1:
        return ChooseDealer(parse_whole_number(rest[0], "a seat", text))
    if verb == "pass" and rest:
        cards = [parse_card(word) for word in rest]
        if len(set(cards)) != len(cards):
            raise NotationError(f"bad move {text!r}: a pass names different cards")
        return PassCards(tuple(cards))
    if verb == "take" and len(rest) == 1:
        return TakePile(rest[0].lower())
    if verb == "lay" and len(rest) > 1 and rest[0].lower() == "away":
        laid = [parse_card(word) for word in rest[1:]]
        if len(set(laid)) != len(laid):
            raise NotationError(f"bad move {text!r}: cards laid away are different cards")
        return LayAway(tuple(laid))
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
