"""Pictures of a game: any state or view drawn as an SVG image of the table.

:func:`draw` draws a state or a view of any game: the seats around the table, each hand
face up when it is known and face down (card backs, with their number) when it is
hidden, the trick in the middle with the seat that played each card, the trump card or
trump suit, the upcard, the discard pile, the stock and the called suit where the game
has them, the totals, the dealer and the seat to move. A deal with a contract (a view
that holds an auction's ``calls``, a ``contract``, a ``dummy_hand`` or ``piles``, as a
trick game's does) shows the calls so far and the contract in words (where the game's
own words do not), the declarer and the dummy marked at their seats (the dummy's hand
face up once it is shown, "played by" its declarer), a seat that sits the deal out
drawn faded and marked so, and each pile by its name: its cards face up where the seat
sees them (a turned card, the cards it laid away itself), else face down with their
number, and the seat that took it. What else a person at the table
should see comes from the game's own words (``game.describe``, see
:class:`~cardrules.game.Fact`): the facts held per seat (bids, tricks won, cards picked
up, ...) are written at the seats, the others (a pot, the direction of play, ...) in a
corner, and the deal's in the heading. A fact the picture already draws is left out:
the trick (a fact whose value is ``(seat, card)`` pairs), a card that is the trump card
or the upcard, a suit that is the trump suit (or the trump card's) or the called suit,
the cards of a hand drawn face up, the number of cards each seat holds, and a fact
named like a drawn position key (``stock``, ``upcard``, ...). The position's other
keys (the engines' bookkeeping) are not drawn. It reads only the
:class:`~cardrules.game.Game` protocol (the game's ``position``, ``describe``,
``observe``, ``to_move``, ``events``, ``players`` and ``TITLE``), so it draws a game of
your own as well. :func:`draw_position` draws a position (the plain data of
``game.position``) by itself, with the facts given to it.

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
from cardrules.game import Chance, Event, Fact, Game
from cardrules.render import Style, contract_facts, fact_value_text, seat_roles

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
#: The gap between rows of a hand too long for one row, when the page has room.
_ROW_GAP: Final = 6.0
#: The least step between rows that overlap: the corner of the card beneath shows.
_CORNER_H: Final = 46.0
#: The table's half axes, and the gap kept between it and the seats' cards and labels.
_TABLE_RX: Final = 280.0
_TABLE_RY: Final = 190.0
_CLEAR: Final = 12.0
#: The top of the bottom seat's hand, and the width it may fill.
_BOTTOM_TOP: Final = _CY + _SEAT_RY - 26
_BOTTOM_ROOM: Final = 540.0
#: The least distance from the page's edge to what a seat draws.
_MARGIN: Final = 10.0
#: The width of a character (about) in a seat's name and in its figures.
_TITLE_CHAR: Final = 9.0
_FIGURE_CHAR: Final = 6.6
#: The most card backs drawn for a hidden hand or a stack (the number says the rest).
_MAX_BACKS: Final = 8
#: The most lines of other figures drawn in the corner.
_MAX_EXTRA_LINES: Final = 9
_EXTRA_WIDTH: Final = 32

_RED: Final = "#c62828"
_BLACK: Final = "#111111"
_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_FONT: Final = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"

#: The keys this module draws itself (the positions' standard keys); a fact named like
#: one of them (``trump card`` for ``trump_card``) is not written again. The other keys
#: of a position are the engines' bookkeeping and are not drawn.
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
        "piles",
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
        seen = state_or_view
    else:
        to_move = game.to_move(state_or_view)
        events = game.events(state_or_view)
        bottom = 0
        seen = game.observe(state_or_view, bottom)
    # what a person at the table sees; for a whole state, what the bottom seat sees
    facts = game.describe(seen)
    players = game.players(rules)
    labels = [names[s] if s < len(names) else f"seat {s}" for s in range(players)]
    # The deal's auction and contract, where the view holds them (a contract game's).
    facts = (*facts, *contract_facts(seen, facts, labels))
    roles = seat_roles(seen)
    if any(roles):
        facts = (*facts, Fact("", tuple(_role_text(role, seen, labels) for role in roles), True))
    return draw_position(
        cast(Any, game).position(state_or_view),
        title=game.TITLE,
        players=players,
        to_move=to_move,
        seat=bottom,
        names=names,
        events=events,
        subtitle=str(rules),
        facts=facts,
        out=tuple(seat for seat, role in enumerate(roles) if role == "out"),
        pile_names=tuple(str(getattr(pile, "name", "")) for pile in getattr(seen, "piles", ())),
    )


def _role_text(role: str, view: Any, labels: Sequence[str]) -> str:
    """A seat's part in the contract as written at the seat (see :func:`seat_roles`)."""
    if role == "out":
        return "sits this deal out"
    if role == "dummy":
        declarer = getattr(view.contract, "declarer", None)
        if isinstance(declarer, int) and 0 <= declarer < len(labels):
            return f"dummy, played by {labels[declarer]}"
    return role


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
    facts: Sequence[Fact] = (),
    out: Sequence[int] = (),
    pile_names: Sequence[str] = (),
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
    ``undealt``, and a contract game's ``piles``, each ``[cards or count, holder]``,
    named by ``pile_names``); the other keys are not drawn. ``facts`` (what
    ``game.describe`` gives) are written as small text: a per-seat fact at each seat (a
    fact with an empty label by its values alone), the fact labelled ``deal`` in the
    heading, the others in a corner; a fact the picture already draws (the trick, the
    trump card, a hand, ...: see the module's description) is left out. ``out``: the
    seats that sit the deal out, their hands drawn faded and passed over by the trick.
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
    deal, per_seat, extra = _fact_figures(facts, position, seats)
    picture.header(title, subtitle, position, deal)
    totals = position.get("totals")
    dealer = position.get("dealer")
    for s in range(seats):
        hand = hands[s] if s < len(hands) else None
        figures = list(per_seat[s])
        if isinstance(totals, list) and len(totals) == seats:
            figures.insert(0, f"total {totals[s]}")
        picture.seat(s, labels[s], hand, figures, to_move == s, dealer == s, s in out)
    trick = _cards(position.get("trick"), "trick")
    if "trick" in position:
        leader = position.get("leader")
        picture.trick(
            trick,
            trick_seats(trick, leader if isinstance(leader, int) else 0, seats, events, out),
            labels,
        )
    picture.centre_pieces(position, events, labels, pile_names)
    picture.footer(extra, to_move, outcome, labels, events)
    return picture.document(title)


def trick_seats(
    trick: Sequence[Card],
    leader: int,
    players: int,
    events: Sequence[Event] = (),
    out: Sequence[int] = (),
) -> list[int]:
    """The seat that played each card of ``trick``: read from the newest ``play`` events
    of the log where they match the trick's cards (a trick goes to the next seat after
    each card in every game drawn here, but the log is the record), else the leader
    and the seats after him in order, passing over the seats ``out`` (those that sit
    the deal out).

    >>> from cardrules.cards import parse_cards
    >>> trick_seats(parse_cards("3D 8D"), 2, 3)
    [2, 0]
    >>> trick_seats(parse_cards("3D 8D"), 0, 3, [Event("play", 1, parse_cards("3D")),
    ...                                          Event("play", 2, parse_cards("8D"))])
    [1, 2]
    >>> trick_seats(parse_cards("3D 8D 9D"), 2, 4, out=[3])
    [2, 0, 1]
    """
    order = [(leader + i) % players for i in range(players)]
    playing = [seat for seat in order if seat not in out] or order
    seats = [playing[i % len(playing)] for i in range(len(trick))]
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


def _broken(line: str, width: int) -> list[str]:
    """``line`` broken at its spaces into lines of at most ``width`` characters, the
    lines after the first indented (a word longer than that is cut).

    >>> _broken("partners: seats 0 and 2 against seats 1 and 3", 24)
    ['partners: seats 0 and 2', '  against seats 1 and 3']
    """
    lines: list[str] = []
    for word in line.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(("  " if lines else "") + word)
    return [text if len(text) <= width else text[: width - 1] + "…" for text in lines]


def _words(key: str) -> str:
    return key.replace("_", " ")


#: Facts' cards and suits as text: with the suits' symbols (``Q♥``).
_FACT_STYLE: Final = Style(symbols=True)


def _fact_text(value: object) -> str:
    return fact_value_text(value, _FACT_STYLE)


def _suit_of(value: object) -> Suit | None:
    if value is None:
        return None
    try:
        return Suit.parse(str(value))
    except CardrulesError:
        return None


def _hand_sizes(position: Mapping[str, Any], seats: int) -> list[int | None]:
    """The number of cards each seat holds: a count (hidden) or a card string's length."""
    hands = position.get("hands", [])
    return [_count(hands[s]) if s < len(hands) else None for s in range(seats)]


def _already_drawn(fact: Fact, position: Mapping[str, Any], seats: int) -> bool:
    """Whether the picture draws ``fact`` already, told by its value (or, for the stock
    and the like, by its label being a drawn key's name)."""
    value = fact.value
    key = fact.label.replace(" ", "_")
    if key in STANDARD_KEYS and key in position:
        return True
    if fact.per_seat:  # the cards each seat holds, drawn as its hand or its backs
        return isinstance(value, tuple) and list(value) == _hand_sizes(position, seats)
    if isinstance(value, Card):
        return value.text in (position.get("trump_card"), position.get("upcard"))
    if isinstance(value, Suit):  # the trump suit (or the trump card's), the called suit
        trump_card = _cards(position.get("trump_card"), "trump_card")
        return value in (
            _suit_of(position.get("trump")),
            _suit_of(position.get("called")),
            trump_card[0].suit if trump_card else None,
        )
    if isinstance(value, tuple) and value:
        if all(isinstance(item, tuple) and len(item) == 2 for item in value):
            return True  # (seat, card) pairs: the trick
        if all(isinstance(item, Card) for item in value):  # a hand drawn face up
            drawn = sorted(card.text for card in cast(tuple[Card, ...], value))
            hands = position.get("hands", [])
            return any(isinstance(hand, str) and sorted(hand.split()) == drawn for hand in hands)
    return False


def _fact_figures(
    facts: Sequence[Fact], position: Mapping[str, Any], seats: int
) -> tuple[str, list[list[str]], list[str]]:
    """The facts as text, but those the picture draws: the deal's (for the heading), each
    seat's figures, and the others (``label: value``) for the corner; empty values left
    out.

    >>> _fact_figures([Fact("deal", "2 of 5"), Fact("bid", (1, None), per_seat=True),
    ...                Fact("pot", "4 chips"), Fact("cards", (1, 2), per_seat=True)],
    ...               {"hands": ["4H", 2]}, 2)
    ('2 of 5', [['bid 1'], []], ['pot: 4 chips'])
    """
    deal = ""
    per_seat: list[list[str]] = [[] for _ in range(seats)]
    corner: list[str] = []
    for fact in facts:
        if fact.label == "deal" and not fact.per_seat:
            deal = _fact_text(fact.value)
        elif _already_drawn(fact, position, seats):
            continue
        elif fact.per_seat:
            values = fact.value if isinstance(fact.value, tuple) else ()
            for s, item in enumerate(values[:seats]):
                if item is None or item is False or item == "" or item == ():
                    continue
                if item is True:
                    per_seat[s].append(fact.label)
                elif fact.label:
                    per_seat[s].append(f"{fact.label} {_fact_text(item)}")
                else:
                    per_seat[s].append(_fact_text(item))
        elif fact.value is not None and fact.value != "" and fact.value != ():
            corner.append(f"{fact.label}: {_fact_text(fact.value)}")
    return deal, per_seat, corner


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


def _table_reach(top: float, bottom: float) -> float:
    """How far the table, with a gap around it, reaches left and right of its centre at
    the heights from ``top`` to ``bottom`` (0 where it does not reach)."""
    ry = _TABLE_RY + _CLEAR
    dy = 0.0 if top <= _CY <= bottom else min(abs(top - _CY), abs(bottom - _CY))
    if dy >= ry:
        return 0.0
    return (_TABLE_RX + _CLEAR) * math.sqrt(1 - (dy / ry) ** 2)


def _strip(x: float, top: float, bottom: float, room: float) -> tuple[float, float]:
    """The stretch of the page (left, right) that what a seat at ``x`` draws between
    ``top`` and ``bottom`` may fill: beside the table, between it and the page's edge,
    for a seat at its side; ``room`` around ``x`` on the page otherwise.

    >>> _strip(120, 374, 524, 216)  # the left seat of four: the table's edge is at 210
    (10.0, 208.0)
    """
    reach = _table_reach(top, bottom)
    if reach and x < _CX - reach:
        return _MARGIN, _CX - reach
    if reach and x > _CX + reach:
        return _CX + reach, WIDTH - _MARGIN
    return max(_MARGIN, x - room / 2), min(WIDTH - _MARGIN, x + room / 2)


def _shift(left: float, right: float, low: float, high: float) -> float:
    """How far to move the stretch from ``left`` to ``right`` to lie between ``low``
    and ``high`` (to start at ``low`` when it is wider)."""
    if right > high:
        return max(high - right, low - left)
    return max(low - left, 0.0)


def _hand_places(
    count: int, x: float, top: float, room: float
) -> tuple[list[tuple[float, float]], float]:
    """Where the cards of a face-up hand of ``count`` cards go (their top left corners),
    and the hand's top: one row near ``x`` when it fits with each card's corner showing,
    else rows of equal length one under the other, apart when the page has room (else
    overlapping below the corners: each card's rank, symbol and letter stay visible)."""
    left, right = _strip(x, top, top + _CARD_H, room)
    per_row, step = count, _CARD_W + 6
    if count > 1 and (count - 1) * step + _CARD_W > right - left:
        step = (right - left - _CARD_W) / (count - 1)
        if step < _MIN_STEP:  # rows: the strip beside two of them
            left, right = _strip(x, top, top + 2 * _CARD_H + _ROW_GAP, room)
            most = max(1, int((right - left - _CARD_W) // _MIN_STEP) + 1)
            per_row = math.ceil(count / math.ceil(count / most))
            step = min(_CARD_W + 6, (right - left - _CARD_W) / max(per_row - 1, 1))
    rows = math.ceil(count / per_row)
    row_step = _CARD_H + _ROW_GAP
    if rows > 1:
        # The rows stay on the page, and above the bottom seat's hand when they reach
        # over it (a seat low at the side of six).
        limit = HEIGHT - _MARGIN
        first = (per_row - 1) * step + _CARD_W
        reach = abs(x + _shift(x - first / 2, x + first / 2, left, right) - _CX) - first / 2
        if top < _BOTTOM_TOP and reach < _BOTTOM_ROOM / 2:
            limit = _BOTTOM_TOP - _ROW_GAP
        below = limit - _CARD_H - top
        if (rows - 1) * row_step > below:
            row_step = max(_CORNER_H, below / (rows - 1))
            top = min(top, HEIGHT - _MARGIN - _CARD_H - (rows - 1) * row_step)
    places: list[tuple[float, float]] = []
    for i in range(count):
        row, column = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        width = (in_row - 1) * step + _CARD_W
        start = x - width / 2 + _shift(x - width / 2, x + width / 2, left, right)
        places.append((start + column * step, top + row * row_step))
    return places, top


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
            f'<ellipse class="table" cx="{_num(_CX)}" cy="{_num(_CY)}" rx="{_num(_TABLE_RX)}" '
            f'ry="{_num(_TABLE_RY)}" '
            'fill="#2e7d4f" stroke="#1d5234" stroke-width="6"/>'
        )

    def header(self, title: str, subtitle: str, position: Mapping[str, Any], deal: str) -> None:
        self.parts.append(_label(20, 28, title, size=20, anchor="start", weight="bold"))
        facts = [subtitle] if subtitle else []
        number = position.get("deal_number")
        if deal:
            facts.append(f"deal {deal}")
        elif isinstance(number, int) and not isinstance(number, bool):
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
        out: bool = False,
    ) -> None:
        theta = self.angle(seat)
        x = _CX - _SEAT_RX * math.sin(theta)
        y = _CY + _SEAT_RY * math.cos(theta)
        # A seat above or below the table has most of the page's width, less towards the
        # sides; a seat beside the table has the strip between the table and the page's edge.
        room = min(_BOTTOM_ROOM - 300.0 * abs(math.sin(theta)), 2 * (min(x, WIDTH - x) - _MARGIN))
        zone = f"hand {seat}"
        top = y - 26
        mark = ' data-to-move="true"' if moving else ""
        if out:  # it sits the deal out: its hand drawn faded, not as one in play
            mark += ' data-out="true" opacity="0.45"'
        self.parts.append(f'<g class="seat" data-seat="{seat}"{mark}>')
        drawn: list[str] = []
        if isinstance(hand, int) and not isinstance(hand, bool):
            left, right = _strip(x, top, top + _CARD_H + 20, room)
            width = (min(hand, _MAX_BACKS) - 1) * 10.0 + _CARD_W
            centre = x + _shift(x - width / 2, x + width / 2, left, right)
            self.backs(hand, centre, top, zone, "card" if hand == 1 else "cards", into=drawn)
        elif isinstance(hand, str):
            cards = _cards(hand, f"hands[{seat}]")
            if cards:
                places, top = _hand_places(len(cards), x, top, room)
                drawn.extend(
                    _card_face(card, left, row_top, zone)
                    for card, (left, row_top) in zip(cards, places, strict=True)
                )
            else:
                drawn.append(_label(x, top + 40, "no cards", size=12, fill="#555555"))
        self.labels(x, top, room, label, figures, moving, dealing)
        self.parts.extend(drawn)
        self.parts.append("</g>")

    def labels(
        self,
        x: float,
        top: float,
        room: float,
        label: str,
        figures: Sequence[str],
        moving: bool,
        dealing: bool,
    ) -> None:
        """The seat's name (marked when it is to move, with the dealer's chip) and its
        figures above its hand, whose top is at ``top``: kept off the table."""
        left, right = _strip(x, top - 16 - 15 * 4, top, room)
        lines = _wrapped(figures, int((right - left) // _FIGURE_CHAR))
        title = ("▶ " if moving else "") + label + (" (to move)" if moving else "")
        half = _TITLE_CHAR / 2 * len(title) + (8 if moving else 0)
        chip = 4.6 * len(title) + 22  # the dealer's chip, right of the name
        widest = max((_FIGURE_CHAR / 2 * len(line) for line in lines), default=0.0)
        x += _shift(
            x - max(half, widest), x + max(chip + 9 if dealing else half, widest), left, right
        )
        name_y = top - 10 - 15 * len(lines)  # the to-move mark clear of the figures
        if moving:
            self.parts.append(
                f'<rect x="{_num(x - half)}" y="{_num(name_y - 16)}" width="{_num(2 * half)}" '
                'height="22" rx="11" fill="#ffd54f" stroke="#b28704"/>'
            )
        self.parts.append(_label(x, name_y, title, size=15, weight="bold", cls="seat-label"))
        if dealing:
            self.parts.append(
                f'<circle cx="{_num(x + chip)}" cy="{_num(name_y - 5)}" r="9" fill="#ffffff" '
                'stroke="#333333"/>' + _label(x + chip, name_y - 1, "D", size=11, weight="bold")
            )
        for number, line in enumerate(lines):
            self.parts.append(
                _label(x, top - 7 - 15 * (len(lines) - 1 - number), line, size=12, cls="figures")
            )

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
        into: list[str] | None = None,
    ) -> None:
        """A face-down stack of ``count`` cards (a hidden hand, the stock) centred on
        ``x``, and its number under it (added to ``into``, else to the picture)."""
        parts = self.parts if into is None else into
        shown = min(count, _MAX_BACKS)
        width = (shown - 1) * step + _CARD_W if shown else _CARD_W
        left = x - width / 2
        for i in range(shown):
            parts.append(_card_back(left + i * step, top, zone))
        parts.append(
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
        self,
        position: Mapping[str, Any],
        events: Sequence[Event],
        labels: Sequence[str],
        pile_names: Sequence[str] = (),
    ) -> None:
        """The trump card or suit, the upcard on the discard pile, the stock, the called
        suit, the undealt cards and the piles, where the position has them."""
        left_x, right_x = _CX - 200, _CX + 200
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
            right_y += _CARD_H + 40
        piles = position.get("piles")
        if isinstance(piles, list):
            for number, pile in enumerate(piles):
                if not isinstance(pile, list) or len(pile) != 2:
                    continue
                name = pile_names[number] if number < len(pile_names) else ""
                name = name or f"pile {number + 1}"
                self.pile(name, pile[0], pile[1], right_x, right_y, labels)
                right_y += _CARD_H + 40

    def pile(
        self, name: str, cards: object, holder: object, x: float, top: float, labels: Sequence[str]
    ) -> None:
        """A pile centred on ``x``: its cards face up where they are shown (a turned
        card, the cards a seat laid away in its own view, every pile of a state), else
        face down with their number; named, with the seat that took it."""
        zone = f"pile {name}"
        caption = name
        if isinstance(holder, int) and not isinstance(holder, bool):
            who = labels[holder] if 0 <= holder < len(labels) else f"seat {holder}"
            caption = f"{name}: laid away by {who}"
        self.parts.append(_label(x, top - 8, caption, size=11, fill="#ffffff", cls="pile-name"))
        if isinstance(cards, str) and cards:
            shown = _cards(cards, "piles")
            for i, card in enumerate(shown):
                self.parts.append(_card_face(card, x - _CARD_W / 2 + 16.0 * i, top, zone))
            return
        count = _count(cards) or 0
        if count:
            noun = "card" if count == 1 else "cards"
            self.backs(count, x, top, zone, noun, step=4.0, fill="#ffffff")
        else:
            self.parts.append(_label(x, top + 30, "no cards", size=11, fill="#ffffff"))

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
        lines = [part for line in extra for part in _broken(line, _EXTRA_WIDTH)]
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
