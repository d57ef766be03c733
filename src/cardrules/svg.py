"""Pictures of a game: any state or view drawn as an SVG image of the table.

:func:`draw` draws a state or a view of any game: the seats around the table, each hand
face up when it is known and face down (card backs, with their number) when it is
hidden, the trick in the middle with the seat that played each card, the trump card or
trump suit, the upcard, the discard pile, the stock and the called suit where the game
has them, the totals, the dealer and the seat to move. It reads only the
:class:`~cardrules.game.Game` protocol (the game's ``position``, ``to_move``, ``score``,
``events``, ``players`` and ``TITLE``), so it draws a game of your own as well.
:func:`draw_position` draws a position (the plain data of ``game.position``) by itself.

Cards show their rank, their suit's symbol and its letter (``Q`` ``♥`` ``H``), hearts and
diamonds in red: a card reads the same without colour. The picture is one SVG document
with a ``viewBox``, no external resources and no script; each card is a group
``<g class="card" data-card="QH" data-zone="hand 0">`` (a card back: ``class="back"``),
so that a program can find it. Notebooks (Jupyter) show states and views as these
pictures.

>>> svg = draw_position(
...     {"hands": ["4H 8H QH", 3, 3], "trick": "3D", "leader": 1, "totals": [0, 0, 0]},
...     title="A trick game", to_move=2)
>>> svg.startswith("<svg") and 'data-card="QH" data-zone="hand 0"' in svg
True
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from cardrules.cards import Card, Suit, parse_cards
from cardrules.core.checks import check_seat
from cardrules.errors import ArgumentError, CardrulesError, show_value
from cardrules.game import Chance, Event, Game

__all__ = ["draw", "draw_position", "game_of", "repr_svg", "trick_seats"]

WIDTH: Final = 1000
HEIGHT: Final = 760
_CX: Final = 500.0
_CY: Final = 400.0
#: The ellipse the seats sit on (their hands' centres), around the table's.
_SEAT_RX: Final = 380.0
_SEAT_RY: Final = 290.0
#: The ellipse of the trick's cards: each lies towards the seat that played it.
_TRICK_RX: Final = 95.0
_TRICK_RY: Final = 80.0
_CARD_W: Final = 50.0
_CARD_H: Final = 72.0
#: The narrowest step between overlapping cards of a hand: the rank, symbol and letter
#: in a card's corner stay readable.
_MIN_STEP: Final = 24.0
#: The step between rows of a hand too long for one row.
_ROW_STEP: Final = 38.0
#: The most card backs drawn for a hidden hand or a stack (the number says the rest).
_MAX_BACKS: Final = 8
#: The most lines of other figures drawn in the corner.
_MAX_EXTRA_LINES: Final = 9
_EXTRA_WIDTH: Final = 32

_RED: Final = "#c62828"
_BLACK: Final = "#111111"
_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_FONT: Final = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"

#: The keys this module draws itself (POSITIONS' standard keys); any other key of a
#: position is listed as small text, at its seats when it holds one value per seat.
STANDARD_KEYS: Final = frozenset(
    {
        "hands",
        "trick",
        "leader",
        "trump_card",
        "trump",
        "upcard",
        "stock",
        "discard_pile",
        "called",
        "turn",
        "totals",
        "deal_number",
        "dealer",
        "phase",
        "rows",
        "outcome",
        "undealt",
    }
)

#: Events after which the cards on the table belong to a new trick.
_TRICK_BOUNDARIES: Final = frozenset({"trick", "pickup", "deal", "setup"})


# --------------------------------------------------------------------------- the generic entry


# seat: object, checked here: compiled, an int parameter would refuse another type with
# the compiler's TypeError instead of the library's error.
def draw(game: Game, state_or_view: Any, *, seat: object = None, names: Sequence[str] = ()) -> str:
    """An SVG picture of a state or a view of ``game``.

    A view is drawn as its seat sees the table: its own hand face up at the bottom,
    the hidden hands as card backs. A state shows every hand; with ``seat`` it is drawn
    as that seat sees it (``game.observe(state, seat)``). ``names`` labels the seats
    (default "seat 0", "seat 1", ...). The quickstart's section "Pictures" shows one.
    """
    view = _is_view(state_or_view)
    if view:
        own = state_or_view.seat
        if seat is not None and seat != own:
            raise ArgumentError(
                f"this is seat {own}'s view: draw it with seat={own} or without seat, or draw "
                f"the state with seat={seat}"
            )
        rules = state_or_view.rules
    else:
        rules = game.origin(state_or_view).rules
        if seat is not None:
            seat = check_seat(seat, game.players(rules))
            state_or_view = game.observe(state_or_view, seat)
            view = True
    if view:
        to_move = state_or_view.to_move
        events: Sequence[Event] = state_or_view.events
        bottom = int(state_or_view.seat)
    else:
        to_move = game.to_move(state_or_view)
        events = game.events(state_or_view)
        bottom = 0
    return draw_position(
        cast(Any, game).position(state_or_view),
        title=game.TITLE,
        players=game.players(rules),
        to_move=to_move,
        seat=bottom,
        names=names,
        events=events,
        subtitle=str(rules),
    )


def _is_view(value: Any) -> bool:
    """Whether ``value`` is a view (it has the fields of :class:`cardrules.game.View`)
    rather than a state."""
    return all(hasattr(value, name) for name in ("seat", "to_move", "legal_moves", "events"))


def game_of(state_or_view: Any) -> Game:
    """The game module a state or view belongs to, found from its rules: a registered
    game whose ``Rules`` are exactly the rules' class, else the module that defines
    that class if it is a game. Raises :class:`~cardrules.errors.ArgumentError` otherwise.
    """
    from cardrules import games

    rules = getattr(state_or_view, "rules", None)
    kind = type(rules)
    if rules is not None:
        for name in games.names():
            module = games.get(name)
            if module.Rules is kind:
                return module
        defining = sys.modules.get(kind.__module__)
        if defining is not None and getattr(defining, "Rules", None) is kind:
            try:
                games.check_protocol(defining)
            except CardrulesError:
                pass
            else:
                return cast(Game, defining)  # it has every name of the protocol
    raise ArgumentError(
        f"cannot tell the game of {show_value(state_or_view)}: draw it with "
        "cardrules.svg.draw(game, state)"
    )


def repr_svg(state_or_view: Any) -> str | None:
    """What a notebook shows for a state or a view: its picture, or None (the notebook
    then shows its text) when its game cannot be found from its rules."""
    try:
        game = game_of(state_or_view)
    except ArgumentError:
        return None
    return draw(game, state_or_view)


# --------------------------------------------------------------------------- the position


def draw_position(
    position: Mapping[str, Any],
    *,
    title: str,
    players: object = None,
    to_move: int | Chance | None = None,
    seat: object = 0,
    names: Sequence[str] = (),
    events: Sequence[Event] = (),
    subtitle: str = "",
) -> str:
    """An SVG picture of a position (the plain data ``game.position`` gives).

    ``title`` heads the picture (the game's name), ``subtitle`` follows it (the rules);
    ``players`` is the number of seats (default: one per hand); ``to_move`` the seat
    to move (default: the position's ``turn``, if it has one), :data:`~cardrules.game.CHANCE`
    or None; ``seat`` the seat drawn at the bottom; ``names`` the seats' labels;
    ``events`` the public log, which says who played each card of the trick (without
    it, the seats follow the ``leader`` in order).

    The standard keys are drawn where they belong (``hands``, ``trick``, ``leader``,
    ``trump_card``, ``trump``, ``upcard``, ``stock``, ``discard_pile``, ``called``,
    ``turn``, ``totals``, ``deal_number``, ``dealer``, ``phase``, ``outcome``, and
    ``undealt``); any other key is written as small text: at each seat when it holds
    one value per seat, in a corner otherwise.
    """
    if not isinstance(position, Mapping):
        raise ArgumentError(
            f"a position is a mapping of keys to values, not {show_value(position)}"
        )
    hands = position.get("hands", [])
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise ArgumentError(f"the position's hands must be a list, not {show_value(hands)}")
    if players is None:
        seats = len(hands)
    elif isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise ArgumentError(
            f"players must be a whole number of seats, 1 or more, not {show_value(players)}"
        )
    else:
        seats = players
    if seats < 1:
        raise ArgumentError("a position to draw needs at least one seat: give its hands")
    bottom = check_seat(seat, seats)
    outcome = position.get("outcome")
    if to_move is None and outcome is None and isinstance(position.get("turn"), int):
        to_move = position["turn"]
    labels = [names[s] if s < len(names) else f"seat {s}" for s in range(seats)]
    picture = _Picture(seats, bottom)
    picture.table()
    picture.header(title, subtitle, position)
    per_seat, extra = _other_figures(position, seats)
    totals = position.get("totals")
    dealer = position.get("dealer")
    for s in range(seats):
        hand = hands[s] if s < len(hands) else None
        figures = list(per_seat[s])
        if isinstance(totals, list) and len(totals) == seats:
            figures.insert(0, f"total {totals[s]}")
        picture.seat(s, labels[s], hand, figures, to_move == s, dealer == s)
    trick = _cards(position.get("trick"), "trick")
    if "trick" in position:
        leader = position.get("leader")
        picture.trick(
            trick,
            trick_seats(trick, leader if isinstance(leader, int) else 0, seats, events),
            labels,
        )
    picture.centre_pieces(position, events, labels)
    picture.footer(extra, to_move, outcome, labels, events)
    return picture.document(title)


def trick_seats(
    trick: Sequence[Card], leader: int, players: int, events: Sequence[Event] = ()
) -> list[int]:
    """The seat that played each card of ``trick``: read from the newest ``play`` events
    of the log where they match the trick's cards (a trick goes to the next seat after
    each card in every game drawn here, but the log is the record), else the leader
    and the seats after him in order.

    >>> from cardrules.cards import parse_cards
    >>> trick_seats(parse_cards("3D 8D"), 2, 3)
    [2, 0]
    >>> trick_seats(parse_cards("3D 8D"), 0, 3, [Event("play", 1, parse_cards("3D")),
    ...                                          Event("play", 2, parse_cards("8D"))])
    [1, 2]
    """
    seats = [(leader + i) % players for i in range(len(trick))]
    plays: list[Event] = []
    for event in reversed(events):
        if event.kind == "play":
            plays.append(event)
            if len(plays) == len(trick):
                break
        elif event.kind in _TRICK_BOUNDARIES:
            break
    for back, event in enumerate(plays, start=1):  # newest first
        if event.seat is None or not event.cards or event.cards[0] is not trick[-back]:
            break
        seats[-back] = event.seat
    return seats


def _cards(value: object, key: str) -> tuple[Card, ...]:
    """The cards of a position's card string (``"4H 8H QH"``; ``""`` or None: none)."""
    if value is None or value == "":
        return ()
    if not isinstance(value, str):
        raise ArgumentError(f"the position's {key} must be a card string, not {show_value(value)}")
    return parse_cards(value)


def _count(value: object) -> int | None:
    """How many cards a stack holds: a count (views) or a card string (states)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return len(value.split())
    return None


def _wrapped(items: Sequence[str], width: int, most: int = 3) -> list[str]:
    """``items`` joined with " · " into lines of at most ``width`` characters (an item
    longer than that is cut), at most ``most`` lines.

    >>> _wrapped(["total 3", "bids 2", "tricks won 1"], 18)
    ['total 3 · bids 2', 'tricks won 1']
    """
    lines: list[str] = []
    for item in items:
        if len(item) > width:
            item = item[: max(width - 1, 1)] + "…"
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    if len(lines) > most:
        lines = [*lines[: most - 1], lines[most - 1] + " …"]
    return lines


def _words(key: str) -> str:
    return key.replace("_", " ")


def _short(value: object) -> str:
    """A value of a position as a few words."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        parts = value.split()
        if len(parts) > 5 and all(_is_card(part) for part in parts):
            return f"{len(parts)} cards"
        return value
    if isinstance(value, list):
        return " / ".join(_short(item) for item in value) if value else "-"
    return str(value)


def _is_card(text: str) -> bool:
    try:
        parse_cards(text)
    except CardrulesError:
        return False
    return True


def _other_figures(position: Mapping[str, Any], seats: int) -> tuple[list[list[str]], list[str]]:
    """The position's other keys as text: per seat (a list of one plain value per seat)
    and in general (``key: value``), empty values left out."""
    per_seat: list[list[str]] = [[] for _ in range(seats)]
    extra: list[str] = []
    for key, value in position.items():
        if key in STANDARD_KEYS or value is None or value == "" or value == []:
            continue
        if (
            isinstance(value, list)
            and len(value) == seats
            and all(item is None or isinstance(item, (int, str)) for item in value)
        ):
            for s, item in enumerate(value):
                if item is None or item is False or item == "":
                    continue
                per_seat[s].append(_words(key) if item is True else f"{_words(key)} {_short(item)}")
            continue
        extra.append(f"{_words(key)}: {_short(value)}")
    return per_seat, extra


# --------------------------------------------------------------------------- drawing


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attr(value: str) -> str:
    return '"' + _text(value).replace('"', "&quot;") + '"'


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _label(
    x: float,
    y: float,
    text: str,
    *,
    size: int = 12,
    anchor: str = "middle",
    weight: str = "normal",
    fill: str = "#1b1b1b",
    cls: str = "",
) -> str:
    shown = _text(text)
    extra = f" class={_attr(cls)}" if cls else ""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" text-anchor="{anchor}"'
        f'{bold} fill="{fill}"{extra}>{shown}</text>'
    )


def _card_face(card: Card, x: float, y: float, zone: str) -> str:
    """One card face up, its top left corner at ``(x, y)``: rank, suit symbol and suit
    letter in the corner (readable when cards overlap), a large symbol in the middle."""
    suit = card.suit
    if suit is None:  # a joker: the big one red, the little one black
        colour = _RED if card.text == "BJ" else _BLACK
        corner = ("★", card.text, "")
        middle = "★"
    else:
        colour = _RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
        corner = (card.text[:-1], _SYMBOLS[suit], suit.letter)
        middle = _SYMBOLS[suit]
    parts = [
        f'<g class="card" data-card={_attr(card.text)} data-zone={_attr(zone)} '
        f'transform="translate({_num(x)},{_num(y)})">',
        f'<rect width="{_num(_CARD_W)}" height="{_num(_CARD_H)}" rx="5" fill="#ffffff" '
        'stroke="#333333" stroke-width="1"/>',
        _label(4, 16, corner[0], size=14, anchor="start", weight="bold", fill=colour),
        _label(4, 31, corner[1], size=13 if suit is not None else 9, anchor="start", fill=colour),
    ]
    if corner[2]:
        parts.append(_label(5, 42, corner[2], size=9, anchor="start", weight="bold", fill=colour))
    parts.append(_label(33, 62, middle, size=24, fill=colour))
    parts.append("</g>")
    return "".join(parts)


def _card_back(x: float, y: float, zone: str) -> str:
    """One card face down, its top left corner at ``(x, y)``: a hatched blue back."""
    w, h = _CARD_W, _CARD_H
    return (
        f'<g class="back" data-zone={_attr(zone)} transform="translate({_num(x)},{_num(y)})">'
        f'<rect width="{_num(w)}" height="{_num(h)}" rx="5" fill="#1f4e8c" stroke="#0d2748"/>'
        f'<rect x="5" y="5" width="{_num(w - 10)}" height="{_num(h - 10)}" rx="3" fill="none" '
        'stroke="#cfdcf0" stroke-width="1"/>'
        f'<path d="M5 5 L{_num(w - 5)} {_num(h - 5)} M{_num(w - 5)} 5 L5 {_num(h - 5)}" '
        'stroke="#cfdcf0" stroke-width="1"/>'
        "</g>"
    )


class _Picture:
    """The SVG elements of one picture, built part by part."""

    def __init__(self, seats: int, bottom: int) -> None:
        self.seats = seats
        self.bottom = bottom
        self.parts: list[str] = []

    def angle(self, seat: int) -> float:
        """The seat's direction from the table's centre, clockwise on the page from the
        bottom (the next seat sits at the left of the one before, as play goes)."""
        return 2 * math.pi * ((seat - self.bottom) % self.seats) / self.seats

    def table(self) -> None:
        self.parts.append(
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#f4f1e8"/>'
            f'<ellipse class="table" cx="{_num(_CX)}" cy="{_num(_CY)}" rx="300" ry="190" '
            'fill="#2e7d4f" stroke="#1d5234" stroke-width="6"/>'
        )

    def header(self, title: str, subtitle: str, position: Mapping[str, Any]) -> None:
        self.parts.append(_label(20, 28, title, size=20, anchor="start", weight="bold"))
        facts = [subtitle] if subtitle else []
        number = position.get("deal_number")
        if isinstance(number, int) and not isinstance(number, bool):
            facts.append(f"deal {number + 1}")
        phase = position.get("phase")
        if isinstance(phase, str) and phase:
            facts.append(_words(phase))
        if facts:
            self.parts.append(_label(20, 48, " · ".join(facts), size=13, anchor="start"))

    def seat(
        self,
        seat: int,
        label: str,
        hand: object,
        figures: Sequence[str],
        moving: bool,
        dealing: bool,
    ) -> None:
        theta = self.angle(seat)
        x = _CX - _SEAT_RX * math.sin(theta)
        y = _CY + _SEAT_RY * math.cos(theta)
        # Side seats have less room: their hands stay on the page.
        room = min(540.0 - 300.0 * abs(math.sin(theta)), 2 * (min(x, WIDTH - x) - 12))
        zone = f"hand {seat}"
        title = ("▶ " if moving else "") + label + (" (to move)" if moving else "")
        mark = ' data-to-move="true"' if moving else ""
        self.parts.append(f'<g class="seat" data-seat="{seat}"{mark}>')
        lines = _wrapped(figures, int(room // 6.6))
        name_y = y - 33 - 15 * len(lines)
        if moving:
            width = 9.0 * len(title) + 16
            self.parts.append(
                f'<rect x="{_num(x - width / 2)}" y="{_num(name_y - 16)}" width="{_num(width)}" '
                'height="22" rx="11" fill="#ffd54f" stroke="#b28704"/>'
            )
        self.parts.append(_label(x, name_y, title, size=15, weight="bold", cls="seat-label"))
        if dealing:
            chip = x + 4.6 * len(title) + 22
            self.parts.append(
                f'<circle cx="{_num(chip)}" cy="{_num(name_y - 5)}" r="9" fill="#ffffff" '
                'stroke="#333333"/>' + _label(chip, name_y - 1, "D", size=11, weight="bold")
            )
        for number, line in enumerate(lines):
            self.parts.append(
                _label(x, y - 33 - 15 * (len(lines) - 1 - number), line, size=12, cls="figures")
            )
        top = y - 26
        if isinstance(hand, int) and not isinstance(hand, bool):
            self.backs(hand, x, top, zone, "card" if hand == 1 else "cards")
        elif isinstance(hand, str):
            self.hand(_cards(hand, f"hands[{seat}]"), x, top, room, zone)
        self.parts.append("</g>")

    def hand(self, cards: Sequence[Card], x: float, top: float, room: float, zone: str) -> None:
        count = len(cards)
        if count == 0:
            self.parts.append(_label(x, top + 40, "no cards", size=12, fill="#555555"))
            return
        per_row = count
        step = _CARD_W + 6
        if count > 1 and (count - 1) * step + _CARD_W > room:
            step = (room - _CARD_W) / (count - 1)
            if step < _MIN_STEP:
                step = _MIN_STEP
                per_row = int((room - _CARD_W) // _MIN_STEP) + 1
        for i, card in enumerate(cards):
            row, column = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            left = x - ((in_row - 1) * step + _CARD_W) / 2
            self.parts.append(_card_face(card, left + column * step, top + row * _ROW_STEP, zone))

    def backs(
        self,
        count: int,
        x: float,
        top: float,
        zone: str,
        noun: str,
        *,
        step: float = 10.0,
        fill: str = "#1b1b1b",
    ) -> None:
        """A face-down stack of ``count`` cards (a hidden hand, the stock) centred on
        ``x``, and its number under it."""
        shown = min(count, _MAX_BACKS)
        width = (shown - 1) * step + _CARD_W if shown else _CARD_W
        left = x - width / 2
        for i in range(shown):
            self.parts.append(_card_back(left + i * step, top, zone))
        self.parts.append(
            _label(
                x,
                top + _CARD_H + 15,
                f"{count} {noun}",
                size=13,
                weight="bold",
                fill=fill,
                cls="count",
            )
        )

    def trick(self, trick: Sequence[Card], seats: Sequence[int], labels: Sequence[str]) -> None:
        placed: dict[int, int] = {}
        for index, (card, seat) in enumerate(zip(trick, seats, strict=True)):
            theta = self.angle(seat)
            shift = 16.0 * placed.get(seat, 0)
            placed[seat] = placed.get(seat, 0) + 1
            cx = _CX - _TRICK_RX * math.sin(theta) + shift
            cy = _CY + _TRICK_RY * math.cos(theta)
            x, y = cx - _CARD_W / 2, cy - _CARD_H / 2
            self.parts.append(_card_face(card, x, y, "trick"))
            caption = labels[seat] + (" led" if index == 0 else "")
            self.parts.append(_label(cx, y + _CARD_H + 12, caption, size=10, fill="#ffffff"))

    def centre_pieces(
        self, position: Mapping[str, Any], events: Sequence[Event], labels: Sequence[str]
    ) -> None:
        """The trump card or suit, the upcard on the discard pile, the stock, the called
        suit and the undealt cards, where the position has them."""
        left_x, right_x = _CX - 210, _CX + 210
        top = _CY - _CARD_H / 2
        trump_card = _cards(position.get("trump_card"), "trump_card")
        left_used = False
        if trump_card:
            self.parts.append(_label(left_x, top - 8, "trump card", size=11, fill="#ffffff"))
            self.parts.append(_card_face(trump_card[0], left_x - _CARD_W / 2, top, "trump"))
            left_used = True
        if "trump" in position:
            trump = position["trump"]
            text = "no trumps" if trump is None else f"trumps: {self.suit_text(trump)}"
            y = top + _CARD_H + 18 if left_used else _CY
            self.parts.append(_label(left_x, y, text, size=13, fill="#ffffff", cls="trump"))
            left_used = True
        if "upcard" in position:
            upcard = _cards(position.get("upcard"), "upcard")
            under = _count(position.get("discard_pile")) or 0
            for i in range(min(under, 3), 0, -1):
                self.parts.append(
                    f'<rect class="pile" x="{_num(_CX - _CARD_W / 2 - 3 * i)}" '
                    f'y="{_num(top + 3 * i)}" width="{_num(_CARD_W)}" height="{_num(_CARD_H)}" '
                    'rx="5" fill="#fafafa" stroke="#555555"/>'
                )
            self.parts.append(_label(_CX, top - 8, "upcard", size=11, fill="#ffffff"))
            if upcard:
                self.parts.append(_card_face(upcard[0], _CX - _CARD_W / 2, top, "upcard"))
                player = _player_of(upcard[0], events)
                if player is not None and 0 <= player < len(labels):
                    self.parts.append(
                        _label(
                            _CX,
                            top + _CARD_H + 22,
                            f"played by {labels[player]}",
                            size=11,
                            fill="#ffffff",
                        )
                    )
            if under:
                self.parts.append(
                    _label(
                        _CX,
                        top + _CARD_H + 38,
                        f"{under} under it",
                        size=11,
                        fill="#ffffff",
                        cls="pile-count",
                    )
                )
        if "stock" in position:
            stock = _count(position.get("stock")) or 0
            y = top + _CARD_H + 30 if left_used else top
            self.parts.append(_label(left_x, y - 8, "stock", size=11, fill="#ffffff"))
            self.backs(
                stock,
                left_x,
                y,
                "stock",
                "card" if stock == 1 else "cards",
                step=4.0,
                fill="#ffffff",
            )
        right_y = top
        if position.get("called") is not None:
            text = f"called: {self.suit_text(position['called'])}"
            self.parts.append(_label(right_x, right_y, text, size=13, fill="#ffffff", cls="called"))
            right_y += 26
        undealt = _count(position.get("undealt"))
        if undealt:
            self.parts.append(_label(right_x, right_y - 8, "undealt", size=11, fill="#ffffff"))
            self.backs(undealt, right_x, right_y, "undealt", "cards", step=4.0, fill="#ffffff")

    @staticmethod
    def suit_text(value: object) -> str:
        """A suit as its symbol, letter and name: ``♥ H hearts``."""
        try:
            suit = Suit.parse(str(value))
        except CardrulesError:
            return str(value)
        return f"{_SYMBOLS[suit]} {suit.letter} {suit.plural}"

    def footer(
        self,
        extra: Sequence[str],
        to_move: int | Chance | None,
        outcome: object,
        labels: Sequence[str],
        events: Sequence[Event],
    ) -> None:
        lines = [
            line if len(line) <= _EXTRA_WIDTH else line[: _EXTRA_WIDTH - 1] + "…" for line in extra
        ]
        if len(lines) > _MAX_EXTRA_LINES:
            lines = [
                *lines[: _MAX_EXTRA_LINES - 1],
                f"and {len(lines) - _MAX_EXTRA_LINES + 1} more",
            ]
        y = HEIGHT - 14 - 14 * (len(lines) - 1)
        for line in lines:
            self.parts.append(_label(14, y, line, size=11, anchor="start", cls="extra"))
            y += 14
        if isinstance(outcome, list) and len(outcome) == 3:
            reason, winners, drawn = outcome
            seats = ", ".join(
                labels[w] if isinstance(w, int) and 0 <= w < len(labels) else str(w)
                for w in (winners if isinstance(winners, list) else [])
            )
            verdict = "drawn between" if drawn else "won by"
            text = f"Game over ({reason}): {verdict} {seats}"
            self.parts.append(
                f'<rect x="{_num(_CX - 230)}" y="{_num(_CY - 182)}" width="460" height="30" '
                'rx="8" fill="#ffffff" stroke="#1d5234"/>'
            )
            self.parts.append(_label(_CX, _CY - 161, text, size=15, weight="bold", cls="outcome"))
        elif isinstance(to_move, Chance):
            self.parts.append(_label(WIDTH - 14, 28, "chance to move", size=13, anchor="end"))
        if events:
            self.parts.append(
                _label(
                    WIDTH - 14,
                    HEIGHT - 14,
                    f"last: {events[-1]}",
                    size=11,
                    anchor="end",
                    cls="last-event",
                )
            )

    def document(self, title: str) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" font-family={_attr(_FONT)} role="img">'
            f"<title>{_text(title)}</title>"
        )
        return head + "".join(self.parts) + "</svg>\n"


def _player_of(card: Card, events: Sequence[Event]) -> int | None:
    """The seat whose newest play is ``card`` (the upcard's player), if the log says."""
    for event in reversed(events):
        if event.kind in ("deal", "setup"):
            return None
        if event.kind == "play" and event.cards and card in event.cards:
            return event.seat
    return None
