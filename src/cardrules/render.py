"""Text renderings of any game's view, for people and for language-model agents.

:func:`render_table` is the view as a person at the table sees it: the game's
own description (``Game.describe``) in words, a table of the seats, the hand
sorted by suit, and the numbered moves with what each means (suit symbols and
colour where the terminal has them, see :class:`Style`). :func:`render_view`
reads the fields of the view (all views are attrs classes) and writes one
labelled line for each, cards in their text form, then the latest public
events and the numbered legal moves.

>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=2, first_dealer=3),
...                      seed=0, deck=oh_hell.deck_of(oh_hell.Rules()))
>>> print(render_view(oh_hell.observe(state, 0)))  # doctest: +ELLIPSIS
oh_hell(...) · seat 0 · seat 0 to move
phase: bidding
...
hand: 2C 6C
...
legal moves: 1) bid 0  2) bid 1  3) bid 2
"""

from __future__ import annotations

import enum
import os
import re
from collections.abc import Sequence
from typing import Any, Final, TextIO, cast

import attrs

from cardrules.cards import Card, Suit
from cardrules.game import Chance, Fact, Game, Score, View
from cardrules.moves import Call

__all__ = [
    "Style",
    "calls_text",
    "contract_facts",
    "deals_table",
    "describe_fields",
    "fact_value_text",
    "format_value",
    "hand_text",
    "moves_text",
    "outcome_text",
    "render_table",
    "render_view",
    "seat_roles",
    "text_table",
]

_NOT_SHOWN: Final = frozenset(
    {"rules", "seat", "events", "legal_moves", "score", "to_move", "chance"}
)


def format_value(value: Any) -> str:
    """A value of a view as short text: cards as ``QH``, tuples spaced, None as ``-``."""
    if value is None:
        return "-"
    if isinstance(value, Card):
        return value.text
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (enum.Enum, Chance)):
        return str(value.name).lower().replace("_", " ")
    if isinstance(value, tuple):
        if value and all(isinstance(item, Card) for item in value):
            return " ".join(card.text for card in value)
        if not value:
            return "-"
        if _is_call(value):  # (seat, call)
            return f"{value[0]}:{value[1]}"
        if _is_pile(value):  # a pile sight is a named tuple
            return _pile_text(value)
        if any(value) and all(_is_round(item) for item in value):  # an auction's calls
            return " / ".join(format_value(item) for item in value if item)
        return " ".join(format_value(item) for item in value)
    return str(value)


def _mover(view: View) -> str:
    mover = view.to_move
    if mover is None:
        return "game over"
    if isinstance(mover, Chance):
        return "chance to move"
    return f"seat {mover} to move"


def render_view(view: Any, *, events: int = 8, numbered: bool = True) -> str:
    """The view as text: a header, one line per field, recent events, legal moves.

    The header and the last lines come from the fields every view has
    (:class:`cardrules.game.View`); the lines between, from the fields of the
    game's own view class (an attrs class).
    """
    common: View = view  # what every game's view has
    lines = [f"{common.rules} · seat {common.seat} · {_mover(common)}"]
    for name in shown_fields(view):
        if name in _NOT_SHOWN:
            continue
        lines.append(f"{name.replace('_', ' ')}: {format_value(getattr(view, name))}")
    score = common.score
    if not hasattr(view, "totals"):
        lines.append("totals: " + " ".join(f"seat {s}: {t}" for s, t in enumerate(score.totals)))
    log = common.events
    if log and events:
        lines.append("recent events:")
        lines.extend(f"  {event}" for event in log[-events:])
    legal = common.legal_moves
    if legal:
        if numbered:
            lines.append(
                "legal moves: " + "  ".join(f"{i}) {move}" for i, move in enumerate(legal, start=1))
            )
        else:
            lines.append("legal moves: " + ", ".join(str(move) for move in legal))
    return "\n".join(lines)


# --------------------------------------------------------------------------- for people


_SYMBOLS: Final = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_RED: Final = frozenset({Suit.DIAMONDS, Suit.HEARTS})
_CARD_TOKEN: Final = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")


@attrs.frozen(slots=True)
class Style:
    """How cards are drawn: suit symbols (``Q♥``) or letters (``QH``), red suits in colour.

    >>> Style(symbols=True).card(Card("QH")), Style().card(Card("QH"))
    ('Q♥', 'QH')
    """

    symbols: bool = False
    colour: bool = False

    @classmethod
    def for_stream(cls, stream: TextIO) -> Style:
        """Symbols when the stream can encode them, colour when it is a terminal that has it
        (and ``NO_COLOR`` is not set)."""
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            "♣♦♥♠".encode(encoding)
            symbols = True
        except (UnicodeEncodeError, LookupError):
            symbols = False
        isatty = getattr(stream, "isatty", None)
        colour = bool(
            isatty is not None
            and isatty()
            and os.environ.get("TERM", "dumb") != "dumb"
            and "NO_COLOR" not in os.environ
        )
        return cls(symbols=symbols, colour=colour)

    def suit(self, suit: Suit) -> str:
        """A suit by its name, with its symbol when the terminal has symbols."""
        if not self.symbols:
            return suit.plural
        return f"{suit.plural} {self._paint(_SYMBOLS[suit], suit)}"

    def card(self, card: Card) -> str:
        """A card as ``Q♥`` (red in colour) or ``QH``."""
        if card.suit is None or not self.symbols:
            return card.text
        return self._paint(card.text[:-1] + _SYMBOLS[card.suit], card.suit)

    def text(self, line: str) -> str:
        """A sentence with its card names (``QH``) drawn in this style."""
        if not self.symbols:
            return line
        return _CARD_TOKEN.sub(self._card_token, line)

    def _card_token(self, token: re.Match[str]) -> str:
        return self.card(Card(token.group(0)))

    def _paint(self, text: str, suit: Suit) -> str:
        if self.colour and suit in _RED:
            return f"\x1b[31m{text}\x1b[0m"
        return text


def hand_text(cards: Sequence[Card], style: Style = Style()) -> str:
    """A hand sorted by suit, the suits apart: ``3♣ J♣ · 7♦ · 6♠ 7♠`` (plain ASCII without
    symbols, for terminals that have only ASCII).

    >>> from cardrules.cards import parse_cards
    >>> hand_text(parse_cards("7S JC 3C 7D 6S"))
    '3C JC | 7D | 6S 7S'
    """
    groups: dict[object, list[Card]] = {}
    for card in sorted(cards, key=lambda c: (c.suit is None, c.suit or 0, c.rank)):
        groups.setdefault(card.suit, []).append(card)
    gap = "  ·  " if style.symbols else " | "
    return gap.join(" ".join(style.card(c) for c in group) for group in groups.values())


def fact_value_text(value: object, style: Style = Style()) -> str:
    """A value of a :class:`~cardrules.game.Fact` as text (cards and suits in ``style``)."""
    if value is None:
        return ""
    if isinstance(value, Card):
        return style.card(value)
    if isinstance(value, Suit):
        return style.suit(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return style.text(value)
    if isinstance(value, tuple):
        if value and all(isinstance(item, tuple) and len(item) == 2 for item in value):
            return "   ".join(f"seat {seat}: {style.card(card)}" for seat, card in value)
        if value and all(isinstance(item, Suit) for item in value):
            return " ".join(_SYMBOLS[s] if style.symbols else s.plural for s in value)
        return " ".join(fact_value_text(item, style) for item in value)
    return str(value)


def text_table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], indent: str = "  "
) -> list[str]:
    """Plain text columns, the first left-aligned, the rest right-aligned.

    >>> print("\\n".join(text_table(["bot", "wins"], [["random", "3"], ["heuristic", "12"]])))
      bot        wins
      random        3
      heuristic    12
    """
    widths = [max(_visible_len(row[i]) for row in (headers, *rows)) for i in range(len(headers))]
    lines = []
    for row in (headers, *rows):
        cells = [_pad(cell, widths[i], left=(i == 0)) for i, cell in enumerate(row)]
        lines.append((indent + "  ".join(cells)).rstrip())
    return lines


_ANSI: Final = re.compile(r"\x1b\[[0-9;]*m")


def _visible_len(text: str) -> int:
    return len(_ANSI.sub("", text))


def _pad(text: str, width: int, *, left: bool) -> str:
    gap = " " * (width - _visible_len(text))
    return text + gap if left else gap + text


def shown_fields(view: Any) -> tuple[str, ...]:
    """The names of the fields of a view that its text shows, in order: those its
    ``shown_fields()`` method lists where it has one (a trick game's view leaves out the
    engine's fields its game has no use for), else every field of its attrs class."""
    listed = getattr(view, "shown_fields", None)
    if callable(listed):
        return tuple(listed())
    return tuple(field.name for field in attrs.fields(cast(Any, type(view))))


def describe_fields(view: Any) -> tuple[Fact, ...]:
    """A plain ``describe`` for a new game: one fact per field of its view, the field name as
    the label, tuples as long as the seats shown per seat. A game written for people
    replaces it with its own words (see the built-in games' ``describe``).

    >>> from cardrules.games import oh_hell
    >>> rules = oh_hell.Rules(schedule="single", start_hand=2, first_dealer=3)
    >>> facts = describe_fields(oh_hell.observe(oh_hell.deal(rules, seed=0), 0))
    >>> [fact.label for fact in facts if fact.per_seat]
    ['hand sizes', 'totals', 'bids', 'has bid', 'tricks won']
    """
    seats = len(view.score.totals)
    facts = []
    for name in shown_fields(view):
        if name in _NOT_SHOWN or name == "moves_made":
            continue
        value = getattr(view, name)
        label = "hand" if name == "hand" else name.replace("_", " ")
        per_seat = (
            isinstance(value, tuple)
            and len(value) == seats
            and name != "hand"
            and not all(isinstance(item, Card) for item in value)
        )
        if isinstance(value, (enum.Enum, Chance)) and not isinstance(value, Suit):
            value = str(value.name).lower().replace("_", " ")
        elif isinstance(value, tuple) and any(value) and all(_is_round(v) for v in value):
            value = calls_text(value)  # an auction's calls, in order
        elif isinstance(value, tuple) and value and all(_is_pile(item) for item in value):
            value = "; ".join(_pile_text(pile) for pile in value)
        elif not per_seat and not isinstance(value, (str, int, Card, Suit, tuple, type(None))):
            value = str(value)
        facts.append(Fact(label, value, per_seat))
    return tuple(facts)


# --------------------------------------------------------------------------- contracts


def _is_call(value: object) -> bool:
    """Whether ``value`` is a call of an auction as a view holds it: ``(seat, call)``."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], int)
        and isinstance(value[1], Call)
    )


def _is_round(value: object) -> bool:
    """Whether ``value`` is an auction round's calls as a view holds them."""
    return isinstance(value, tuple) and all(_is_call(item) for item in value)


def _is_pile(value: object) -> bool:
    """Whether ``value`` is what a view shows of a pile (a trick game's pile sight: its
    ``name``, ``size``, the ``cards`` the seat sees and the ``holder`` that took it)."""
    return all(hasattr(value, name) for name in ("name", "size", "cards", "holder"))


def _seat_name(seat: object, labels: Sequence[str]) -> str:
    if isinstance(seat, int) and 0 <= seat < len(labels):
        return labels[seat]
    return f"seat {seat}"


def _pile_text(pile: Any, labels: Sequence[str] = (), style: Style = Style()) -> str:
    """A pile as a seat sees it: ``skat: 2 cards face down``, ``upcard: JD face up``,
    ``skat: laid away by seat 1: 7C 8D`` (the seat's own), ``skat: 2 cards laid away
    by seat 1, face down``."""
    size = int(pile.size)
    cards = tuple(pile.cards)
    count = f"{size} card{'' if size == 1 else 's'}"
    if pile.holder is None:
        if cards and len(cards) == size:
            return f"{pile.name}: {' '.join(style.card(card) for card in cards)} face up"
        return f"{pile.name}: {count} face down"
    who = _seat_name(pile.holder, labels)
    if not size:
        return f"{pile.name}: taken by {who}"
    if cards and len(cards) == size:
        return f"{pile.name}: laid away by {who}: {' '.join(style.card(card) for card in cards)}"
    return f"{pile.name}: {count} laid away by {who}, face down"


def _dummy_label(contract: Any, labels: Sequence[str] = ()) -> str:
    """``dummy (seat 3, played by seat 1)``: the dummy of ``contract`` and its player."""
    declarer = getattr(contract, "declarer", None)
    played = "" if declarer is None else f", played by {_seat_name(declarer, labels)}"
    return f"dummy ({_seat_name(getattr(contract, 'dummy', None), labels)}{played})"


def seat_roles(view: Any) -> tuple[str, ...]:
    """Each seat's part in the deal's contract, as the view holds it (a trick game's
    ``contract``, read by its public fields ``declarer``, ``dummy`` and ``out``):
    ``"declarer"``, ``"dummy"`` (its hand played by the declarer), ``"out"`` (it sits
    the deal out) or ``""``; ``()`` for a view without a contract (every game without
    an auction).

    >>> from cardrules.games import oh_hell
    >>> seat_roles(oh_hell.observe(oh_hell.deal(oh_hell.Rules(), seed=0), 0))
    ()
    """
    contract = getattr(view, "contract", None)
    if contract is None:
        return ()
    seats = len(view.score.totals)
    roles = [""] * seats
    declarer = getattr(contract, "declarer", None)
    dummy = getattr(contract, "dummy", None)
    for seat in range(seats):
        if seat in tuple(getattr(contract, "out", ())):
            roles[seat] = "out"
        elif seat == dummy:
            roles[seat] = "dummy"
        elif seat == declarer:
            roles[seat] = "declarer"
    return tuple(roles)


def calls_text(calls: Any, labels: Sequence[str] = ()) -> str:
    """An auction's calls so far in words, in the order they were made: ``seat 2 pass,
    seat 3 pass, seat 0 1C`` (each auction round after a ``;``); ``labels`` name the
    seats.

    >>> calls_text((((2, Call("pass", "pass")), (3, Call("1C"))), ((3, Call("alone")),)))
    'seat 2 pass, seat 3 1C; seat 3 alone'
    """
    return "; ".join(
        ", ".join(f"{_seat_name(seat, labels)} {call}" for seat, call in round_)
        for round_ in calls
        if round_
    )


def contract_facts(
    view: Any, shown: Sequence[Fact] = (), labels: Sequence[str] = ()
) -> tuple[Fact, ...]:
    """The auction and the contract that a view holds, in words, as facts (read from its
    public fields, where it has them: a trick game's ``calls``, ``contract``,
    ``dummy_hand`` and ``piles``): the calls so far, the contract, the dummy's hand once
    it is face up (labelled with the seat that plays it) and what the seat sees of each
    pile. A fact already among ``shown`` (the game's own ``describe``: the same label, or
    the same value) is left out; ``labels`` name the seats. Empty for a view without an
    auction or piles (every game without them).

    >>> from cardrules.games import oh_hell
    >>> contract_facts(oh_hell.observe(oh_hell.deal(oh_hell.Rules(), seed=0), 0))
    ()
    """
    labels_shown = {fact.label for fact in shown}
    values_shown = [fact.value for fact in shown]
    facts: list[Fact] = []
    calls = getattr(view, "calls", ())
    if isinstance(calls, tuple) and any(calls) and "calls" not in labels_shown:
        facts.append(Fact("calls", calls_text(calls, labels)))
    contract = getattr(view, "contract", None)
    if contract is not None:
        text = str(contract)
        if "contract" not in labels_shown and text not in values_shown:
            facts.append(Fact("contract", text))
        hand = tuple(getattr(view, "dummy_hand", ()))
        if getattr(contract, "dummy", None) is not None and hand and hand not in values_shown:
            facts.append(Fact(_dummy_label(contract, labels), hand))
    piles = getattr(view, "piles", ())
    if isinstance(piles, tuple) and piles and "piles" not in labels_shown:
        facts.append(Fact("piles", "; ".join(_pile_text(pile, labels) for pile in piles)))
    return tuple(facts)


def render_table(game: Game, view: Any, *, style: Style = Style(), you: int | None = None) -> str:
    """The view of a seat as a person at the table sees it: the game's facts in words
    (:func:`Game.describe`), a table of the seats with their scores, the hand, and
    the numbered moves with what they mean (:func:`Game.explain_move`). The view
    has the fields of :class:`cardrules.game.View` and whatever ``describe`` reads.

    >>> from cardrules.games import oh_hell
    >>> rules = oh_hell.Rules(schedule="single", start_hand=2, first_dealer=3)
    >>> print(render_table(oh_hell, oh_hell.observe(oh_hell.deal(rules, seed=0), 0), you=0))
    deal: 1 of 1, 2 cards each, dealt by seat 3
    trumps: diamonds
    trump card: 8D
    bids so far: 0 for 2 tricks
                  seat 0 (you)  seat 1  seat 2  seat 3
      cards                  2       2       2       2
      bid
      tricks won             0       0       0       0
      score                  0       0       0       0
    your hand: 2H | 2S
    seat 0 (you) to move:
      1) bid 0   you undertake to win no trick
      2) bid 1   you undertake to win exactly 1 trick
      3) bid 2   you undertake to win exactly 2 tricks
    """
    you = view.seat if you is None else you
    facts = game.describe(view)
    facts = (*facts, *contract_facts(view, facts))
    roles = seat_roles(view)
    dummy_hand = tuple(getattr(view, "dummy_hand", ())) if "dummy" in roles else ()
    seats = len(view.hand_sizes) if hasattr(view, "hand_sizes") else len(view.score.totals)
    lines: list[str] = []
    rows: list[list[str]] = []
    hand = ""
    for fact in facts:
        if fact.per_seat:
            values = tuple(fact.value) if isinstance(fact.value, tuple) else ()
            rows.append([fact.label, *(fact_value_text(v, style) for v in values)])
        elif dummy_hand and fact.value == dummy_hand and fact.label != "hand":  # face up
            lines.append(f"{_dummy_label(view.contract)}: {hand_text(dummy_hand, style)}")
        elif fact.label == "hand":
            hand = (
                hand_text(fact.value, style)
                if isinstance(fact.value, tuple)
                else fact_value_text(fact.value, style)
            )
        else:
            lines.append(f"{fact.label}: {fact_value_text(fact.value, style)}")
    score: Score = view.score
    rows.append(["score", *(str(total) for total in score.totals)])
    headers = [""]
    for s in range(seats):
        marks = ["you"] if s == you else []
        if s < len(roles) and roles[s]:
            marks.append(roles[s])
        headers.append(f"seat {s} ({', '.join(marks)})" if marks else f"seat {s}")
    lines.extend(text_table(headers, [row + [""] * (len(headers) - len(row)) for row in rows]))
    lines.append(f"your hand: {hand if hand else '(empty)'}")
    legal = getattr(view, "legal_moves", ())
    mover = view.to_move
    if legal:
        lines.append(f"seat {mover}{' (you)' if mover == you else ''} to move:")
        lines.extend(moves_text(game, view, legal, style))
    elif isinstance(mover, int):
        lines.append(f"seat {mover} to move")
    return "\n".join(lines)


def moves_text(game: Game, view: Any, legal: Sequence[Any], style: Style = Style()) -> list[str]:
    """The legal moves numbered from 1, each with its meaning; many moves in columns."""
    texts = [style.text(str(move)) for move in legal]
    numbers = [f"{i})".rjust(len(str(len(legal))) + 1) for i in range(1, len(legal) + 1)]
    width = max(_visible_len(t) for t in texts)
    if len(legal) <= 16:
        lines = []
        for number, text, move in zip(numbers, texts, legal):
            meaning = game.explain_move(view, move)
            if meaning == str(move):
                meaning = ""  # a meaning that only repeats the move ('no bid') says nothing
            cell = f"  {number} {_pad(text, width, left=True)}"
            lines.append(f"{cell}   {meaning}".rstrip())
        return lines
    cells = [f"{n} {_pad(t, width, left=True)}" for n, t in zip(numbers, texts)]
    per_line = max(1, 78 // (width + 7))
    lines = [
        "  " + "  ".join(cells[i : i + per_line]).rstrip() for i in range(0, len(cells), per_line)
    ]
    meanings = {game.explain_move(view, move) for move in legal}
    if len(meanings) == 1 and "" not in meanings:
        lines.append(f"  ({meanings.pop()})")
    lines.append(f"  (type a number, or a move as text, e.g. '{legal[0]}')")
    return lines


def outcome_text(score: Score, you: int | None = None) -> str:
    """The result of a finished game in words.

    >>> from cardrules.game import Outcome
    >>> score = Score((45, 12), ((0,), (1,)), "high", (), Outcome("target reached", (0,)), (1, -1))
    >>> outcome_text(score, you=0)
    'You win (target reached): seat 0 (you) 45, seat 1 12.'
    """
    outcome = score.outcome
    totals = ", ".join(
        f"seat {s}{' (you)' if s == you else ''} {t}" for s, t in enumerate(score.totals)
    )
    if outcome is None:
        return f"The game was left before its end. Totals: {totals}."
    if outcome.reason == "truncated":
        ahead = _leaders(score, you)
        return f"The game stopped at its move or deal limit{ahead}: {totals}."
    names = [f"seat {s}{' (you)' if s == you else ''}" for s in outcome.winners]
    who = " and ".join(names) if len(names) <= 2 else ", ".join(names)
    if you is not None and you in outcome.winners:
        head = "You draw" if outcome.draw else "You win"
    elif outcome.draw:
        head = f"A draw between {who}"
    elif not names:
        head = "Nobody wins"
    else:
        head = f"{who[0].upper()}{who[1:]} win{'s' if len(names) == 1 else ''}"
    return f"{head} ({outcome.reason}): {totals}."


def _leaders(score: Score, you: int | None) -> str:
    """``" with seats 1 and 3 ahead"`` for a game stopped early: the team with the best
    total, or nothing when the teams are level."""
    team_totals = [score.totals[team[0]] for team in score.teams]
    if len(set(team_totals)) <= 1:
        return " with the scores level"
    best = max(team_totals) if score.better == "high" else min(team_totals)
    leading = [team for team, total in zip(score.teams, team_totals) if total == best]
    if len(leading) != 1:
        return ""
    team = leading[0]
    if you is not None and you in team:
        return " with you ahead" if len(team) == 1 else " with your side ahead"
    if len(team) == 1:
        return f" with seat {team[0]} ahead"
    return f" with seats {' and '.join(map(str, team))} ahead"


def deals_table(score: Score, you: int | None = None) -> str:
    """The finished deals (numbered from 1), each seat's points and running total."""
    players = len(score.totals)
    headers = [
        "deal",
        "dealer",
        *(f"seat {s} (you)" if s == you else f"seat {s}" for s in range(players)),
    ]
    running = [0] * players
    rows = []
    for row in score.deals:
        running = [r + p for r, p in zip(running, row.points)]
        rows.append(
            [
                str(row.number + 1),
                f"seat {row.dealer}",
                *(f"{p:+d} = {t}" for p, t in zip(row.points, running)),
            ]
        )
    return "\n".join(text_table(headers, rows))
