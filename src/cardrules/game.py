"""The interface every game module fulfils, and the types it shares.

Each game is a module under :mod:`cardrules.games` that satisfies the
:class:`Game` protocol: pure functions over frozen values. Generic code (bots,
the simulator, records, the property tests) is written against this protocol and
never branches on a game's name.

>>> from cardrules import games
>>> game = games.get("oh_hell")
>>> state = game.deal(game.Rules(schedule="single", start_hand=3), seed=1)
>>> game.to_move(state) in range(4)
True
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Literal, Protocol, TypeAlias, TypeVar

import attrs

from cardrules.cards import Card
from cardrules.frozen import Frozen

__all__ = [
    "CHANCE",
    "INTERFACE_NAMES",
    "Chance",
    "ChanceMode",
    "DealRow",
    "Event",
    "Fact",
    "Game",
    "Log",
    "Origin",
    "Outcome",
    "Score",
    "View",
]

T = TypeVar("T")

#: ``"seeded"``: chance is resolved inside ``apply`` from the seed.
#: ``"explicit"``: every random event is a visible CHANCE step.
ChanceMode = Literal["seeded", "explicit"]


class Chance(enum.Enum):
    """The type of :data:`CHANCE`, the "player" who moves at a random event."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


#: What ``to_move`` returns when the next step is a random event (explicit chance).
CHANCE = Chance.CHANCE


class Event(Frozen):
    """One public event of a game, in the log every state and view carries.

    ``kind`` names the event (``"play"``, ``"bid"``, ``"trick"``, ``"deal"``, ...),
    ``seat`` is the seat it concerns (or None), ``cards`` the cards it shows to
    everyone and ``value`` a number it carries (a bid, points). ``text``, when
    given, is the sentence ``str(event)`` reads as; otherwise a standard one.
    Events are frozen: assigning a field raises ``attrs.exceptions.FrozenInstanceError``.

    >>> from cardrules.cards import Card
    >>> str(Event("play", 2, (Card("QH"),)))
    'seat 2 plays QH'
    """

    # A plain frozen class, not attrs, so that the compiled build makes it native: the
    # end of every trick makes one (see cardrules.frozen).
    __slots__ = ("cards", "kind", "seat", "text", "value")
    __match_args__: ClassVar[tuple[str, ...]] = ("kind", "seat", "cards", "value", "text")
    kind: str
    seat: int | None
    cards: tuple[Card, ...]
    value: int | None
    text: str

    # kind has a default only for the pickles of an earlier release, which make an event
    # with no arguments, then set its fields: the compiled build runs __init__ there.
    def __init__(
        self,
        kind: str = "",
        seat: int | None = None,
        cards: tuple[Card, ...] = (),
        value: int | None = None,
        text: str = "",
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "text", text)

    def _values(self) -> tuple[object, ...]:
        return (self.kind, self.seat, self.cards, self.value, self.text)

    def __str__(self) -> str:
        if self.text:
            return self.text
        cards = " ".join(card.text for card in self.cards)
        if self.kind == "play":
            return f"seat {self.seat} plays {cards}"
        if self.kind == "bid":
            return f"seat {self.seat} bids {self.value}"
        if self.kind == "trick":
            return f"seat {self.seat} wins the trick {cards}"
        parts = [self.kind]
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if cards:
            parts.append(cards)
        if self.value is not None:
            parts.append(str(self.value))
        return " ".join(parts)


#: The play events met so far, by ``seat << 6 | card.index`` (a list: indexing one is
#: cheaper than hashing a key), for the seats every game has; more seats are built each time.
_PLAY_EVENTS: Final[list[Event | None]] = [None] * (16 << 6)


def play_event(seat: int, card: Card) -> Event:
    """The event "seat plays card" (shared: events are immutable, and plays are frequent)."""
    key = seat << 6 | card.index
    if not 0 <= key < len(_PLAY_EVENTS):
        return Event("play", seat, (card,))
    event = _PLAY_EVENTS[key]
    if event is None:
        event = _PLAY_EVENTS[key] = Event("play", seat, (card,))
    return event


class Log(Generic[T]):
    """An immutable list that shares its past with the list it grew from.

    Appending is O(1) and copies nothing, so a search tree of states costs one
    small node per move. Iterating gives the items oldest first. States keep
    their public events and their move history in logs.

    >>> log = Log.EMPTY.append("a").append("b")
    >>> list(log), len(log)
    (['a', 'b'], 2)
    """

    __slots__ = ("_hash", "_item", "_items", "_length", "_previous")
    EMPTY: ClassVar[Log[Any]]

    def __init__(self, item: T | None, previous: Log[T] | None, length: int) -> None:
        self._item = item
        self._previous = previous
        self._length = length
        self._hash: int | None = None
        # The items as a tuple, kept only on every CHECKPOINT-th node once asked for.
        self._items: tuple[T, ...] | None = None

    def append(self, item: T) -> Log[T]:
        """A new log with ``item`` added at the end."""
        return Log(item, self, self._length + 1)

    @classmethod
    def of(cls, items: Iterable[T]) -> Log[T]:
        """A log holding these items in order."""
        log: Log[T] = cls.EMPTY
        for item in items:
            log = log.append(item)
        return log

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[T]:
        return iter(self.to_tuple())

    #: Every this many items, a node keeps the tuple of its items once it has been
    #: built, so that ``to_tuple`` walks at most this many nodes and copies the rest
    #: at C speed: a view carries the whole public log and is built every move.
    #: The tuples kept cost about length**2 / (2 * CHECKPOINT) references a log.
    #: (Final: compiled, a constant that the class has, where a plain class attribute of
    #: a native class would be a default of each instance's field.)
    CHECKPOINT: Final = 64

    def to_tuple(self) -> tuple[T, ...]:
        """The items, oldest first."""
        pending: list[Log[T]] = []
        node: Log[T] = self
        while node._items is None:
            pending.append(node)
            node = node._previous  # type: ignore[assignment]  # EMPTY's items are ()
        if not pending:
            return node._items
        items = list(node._items)
        checkpoint = self.CHECKPOINT
        for newer in reversed(pending):  # oldest first, without recursion
            items.append(newer._item)  # type: ignore[arg-type]
            if newer._length % checkpoint == 0:
                newer._items = tuple(items)
        return self._items if self._items is not None else tuple(items)

    def last(self, count: int) -> tuple[T, ...]:
        """The newest ``count`` items, oldest first."""
        items: list[T] = []
        node: Log[T] = self
        for _ in range(min(count, self._length)):
            items.append(node._item)  # type: ignore[arg-type]
            node = node._previous  # type: ignore[assignment]
        items.reverse()
        return tuple(items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        if self._length != other._length:
            return False
        a: Log[Any] = self
        b: Log[Any] = other
        while a is not b:
            if a._item != b._item:
                return False
            a, b = a._previous, b._previous  # type: ignore[assignment]
        return True

    def __hash__(self) -> int:
        # A log's hash covers every item; cache it on the node (logs never change),
        # so that hashing states along a game costs O(1) per new node.
        if self._hash is not None:
            return self._hash
        pending: list[Log[T]] = []
        node: Log[T] | None = self
        while node is not None and node._hash is None:
            pending.append(node)
            node = node._previous
        value = 0 if node is None else node._hash
        for item in reversed(pending):  # oldest first, without recursion
            value = hash((value, item._item))
            item._hash = value
        assert value is not None
        return value

    def __repr__(self) -> str:
        return f"Log({list(self.to_tuple())!r})"

    def __reduce__(self) -> tuple[Any, tuple[tuple[T, ...]]]:
        return (_log_of, (self.to_tuple(),))

    def __copy__(self) -> Log[T]:
        return self

    def __deepcopy__(self, memo: object) -> Log[T]:
        return self


def _log_of(items: tuple[T, ...]) -> Log[T]:
    return Log.of(items)


Log.EMPTY = Log(None, None, 0)
Log.EMPTY._items = ()


class DealRow(Frozen):
    """The result of one finished deal.

    ``points`` holds what each seat scored in the deal; ``extras`` holds the
    other figures a game names (``"bids"``, ``"tricks"``, ...), one value per seat.
    Rows are frozen: assigning a field raises ``attrs.exceptions.FrozenInstanceError``.
    """

    # A plain frozen class, not attrs, so that the compiled build makes it native: the
    # end of every deal makes one (see cardrules.frozen).
    __slots__ = ("dealer", "extras", "number", "points")
    __match_args__: ClassVar[tuple[str, ...]] = ("number", "dealer", "points", "extras")
    number: int
    dealer: int
    points: tuple[int, ...]
    extras: tuple[tuple[str, tuple[int, ...]], ...]

    def __init__(
        self,
        number: int,
        dealer: int,
        points: tuple[int, ...],
        extras: tuple[tuple[str, tuple[int, ...]], ...] = (),
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "extras", extras)

    def _values(self) -> tuple[object, ...]:
        return (self.number, self.dealer, self.points, self.extras)

    def extra(self, name: str) -> tuple[int, ...]:
        """The named per-seat figures of this deal, e.g. ``row.extra("bids")``."""
        for key, values in self.extras:
            if key == name:
                return values
        raise KeyError(f"this deal row has no {name!r}; it has {[k for k, _ in self.extras]}")


#: Why a game ended.
EndReason = Literal[
    "target reached", "schedule complete", "limit reached", "blocked", "voided", "truncated"
]


@attrs.frozen(slots=True)
class Outcome:
    """How a game ended: the reason, the winning seats and whether it is a draw."""

    reason: EndReason
    winners: tuple[int, ...]
    draw: bool = False


@attrs.frozen(slots=True)
class Score:
    """Running and final scores, the same shape for every game."""

    totals: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    better: Literal["high", "low"]
    deals: tuple[DealRow, ...]
    outcome: Outcome | None
    payoffs: tuple[float, ...]


# Fact.value may hold anything a person can read. The annotation names it through an
# alias because the compiled build looks an attrs field's type up among the module's
# names, where the built-in ``object`` is not.
_Readable: TypeAlias = object


@attrs.frozen(slots=True)
class Fact:
    """One labelled thing a person at the table should see (see ``Game.describe``).

    ``value`` is text, a number, a :class:`~cardrules.cards.Card`, a
    :class:`~cardrules.cards.Suit`, a tuple of cards, or, for the trick, a tuple
    of ``(seat, card)`` pairs in the order played. With ``per_seat`` it holds one
    such value per seat (None where there is nothing to show) and is shown as a
    row of the seats' table.

    >>> Fact("bid", (1, None, 2), per_seat=True).per_seat
    True
    """

    label: str
    value: _Readable
    per_seat: bool = False


@attrs.frozen(slots=True)
class Origin:
    """What a game was started from: ``deal(rules, seed=seed, deck=deck, chance=chance)``,
    or ``setup(rules, position, seed=seed)``.

    Together with the moves played (``moves_played``), this is everything a record
    needs to replay the game. ``deck`` is None unless the first deal was fixed.
    ``position`` is the position (see :meth:`Game.position`) a set-up game started
    from, or None for a dealt game.
    """

    rules: Any
    seed: int
    deck: tuple[Card, ...] | None
    chance: ChanceMode
    # A position is a dict: left out of the hash, so that an Origin stays hashable.
    position: Any = attrs.field(default=None, hash=False)


def over_event(outcome: Outcome) -> Event:
    """The last event of a game: why it ended and who won."""
    if outcome.reason == "truncated":
        return Event("over", text="game truncated by a safety cap")
    seats = ", ".join(map(str, outcome.winners))
    verdict = "drawn between seats" if outcome.draw else "won by seat"
    return Event("over", text=f"game over ({outcome.reason}): {verdict} {seats}")


def winners_by_total(totals: Sequence[int], better: Literal["high", "low"]) -> tuple[int, ...]:
    """The seats with the best total (several on a tie).

    >>> winners_by_total([3, 9, 9], "high"), winners_by_total([3, 9, 9], "low")
    ((1, 2), (0,))
    """
    best = max(totals) if better == "high" else min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


#: What draws a state or a view for a notebook; empty until the package installs the
#: pictures of :mod:`cardrules.svg` (see :func:`set_notebook_drawing`).
_NOTEBOOK_DRAWING: Final[list[Callable[[Any], str | None]]] = []


def notebook_picture(state_or_view: object) -> str | None:
    """The SVG picture a notebook shows of a state or a view (their ``_repr_svg_``), or
    None, for which the notebook shows its text.

    The engines' values call it: they sit below the pictures (:mod:`cardrules.svg`,
    which finds a value's game in the registry of games), which they never import;
    importing cardrules installs the drawing from above.
    """
    return _NOTEBOOK_DRAWING[0](state_or_view) if _NOTEBOOK_DRAWING else None


def set_notebook_drawing(draw: Callable[[Any], str | None]) -> None:
    """Make ``draw`` the picture notebooks show of every engine's states and views
    (cardrules installs :func:`cardrules.svg.repr_svg` when it is imported)."""
    _NOTEBOOK_DRAWING[:] = [draw]


class View(Protocol):
    """What every game's view holds, whatever else it shows: the fields generic code
    (the text renderings, the adapters' strings) reads of a view.

    ``rules``: the rules of the game; ``seat``: the seat whose view it is;
    ``to_move``: as :meth:`Game.to_move`; ``score``: the score so far, as public
    as the game's scores are; ``events``: the public event log, oldest first;
    ``legal_moves``: the seat's legal moves (none when another seat or chance is
    to move). A game's own ``View`` class adds its table, hand and history.
    """

    @property
    def rules(self) -> Any: ...

    @property
    def seat(self) -> int: ...

    @property
    def to_move(self) -> int | Chance | None: ...

    @property
    def score(self) -> Score: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def legal_moves(self) -> tuple[Any, ...]: ...


class Game(Protocol):
    """What every module in :mod:`cardrules.games` provides.

    The state, view, move and rules types are the game's own; generic code treats
    them as opaque values and passes them back to the same module. It reads
    nothing of them by name: whatever it needs is one of these functions. Besides
    the rules functions (``deal``, ``to_move``, ``legal_moves``, ``apply``, ...),
    that is:

    * ``players(rules)``: how many seats the rules seat;
    * ``deal_number(state)``: how many deals have finished (0 during the first);
    * ``moves_made(state)``: how many moves the players have made since the game
      began, over all its deals; chance steps (``deal CARD``, ``dealer SEAT``
      under explicit chance) are not counted, so a game counts the same under
      seeded and explicit chance. The ``max_moves`` cap compares with it;
    * ``origin(state)``: the :class:`Origin` (rules, seed, fixed first deck,
      chance mode, the position it was set up from) the game was started from, for records;
    * ``position(state_or_view)`` and ``setup(rules, position, seed=...)``: a
      state or view as plain data, and a state built from such data (set-up
      positions: end-games, problems, test cases);
    * ``events``, ``moves_played``, ``zones``, ``deck_of``: the public log, the
      moves so far, where every card is, and the deck of the rules;
    * ``move_index``/``move_from_index``/``NUM_MOVES``: fixed move numbers;
    * ``observe(state, seat)``: the seat's view, with at least the fields of
      :class:`View`.
    """

    @property
    def NAME(self) -> str: ...  # noqa: N802

    @property
    def TITLE(self) -> str: ...  # noqa: N802  # the game's name for people

    @property
    def version(self) -> str: ...

    @property
    def Rules(self) -> type[Any]: ...  # noqa: N802

    @property
    def PRESETS(self) -> Mapping[str, Any]: ...  # noqa: N802

    @property
    def NUM_MOVES(self) -> int: ...  # noqa: N802

    def teams(self, rules: Any) -> tuple[tuple[int, ...], ...]: ...

    def deal(
        self,
        rules: Any,
        *,
        seed: int,
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> Any: ...

    def to_move(self, state: Any) -> int | Chance | None: ...

    def legal_moves(self, state: Any) -> tuple[Any, ...]: ...

    def apply(self, state: Any, move: Any) -> Any: ...

    def chance_outcomes(self, state: Any) -> tuple[tuple[Any, float], ...]: ...

    def score(self, state: Any) -> Score: ...

    def is_over(self, state: Any) -> bool: ...

    def observe(self, state: Any, seat: int) -> Any: ...

    def sample(self, view: Any, rng: random.Random) -> Any: ...

    def parse_move(self, state: Any, text: str) -> Any: ...

    def move_index(self, move: Any) -> int: ...

    def move_from_index(self, index: int) -> Any: ...

    def events(self, state: Any) -> tuple[Event, ...]: ...

    def moves_played(self, state: Any) -> tuple[Any, ...]: ...

    def zones(self, state: Any) -> Mapping[str, tuple[Card, ...]]:
        """Where every card is, by zone name; seat N's hand is the zone ``"hand N"``
        (records read each deal's hands from these when its play begins)."""
        ...

    def deck_of(self, rules: Any) -> tuple[Card, ...]: ...

    def players(self, rules: Any) -> int: ...

    def deal_number(self, state: Any) -> int: ...

    def moves_made(self, state: Any) -> int: ...

    def origin(self, state: Any) -> Origin: ...

    def state_to_dict(self, state: Any) -> dict[str, Any]: ...

    def position(self, state_or_view: Any) -> dict[str, Any]:
        """The position of a state or a view, as plain data: lists, whole numbers,
        booleans, None and strings (no dicts), keys in a fixed order.

        It holds everything the play from here depends on, and nothing of the
        game's past (no seed, no history, no event log). The standard keys, read
        by generic code for every game: ``hands`` (one card string per seat such
        as ``"4H 8H QH"``, or, in a view, a whole number for a hidden hand),
        ``phase``, ``deal_number``, ``dealer``, ``totals``; a finished game adds
        ``outcome``. A view's position shows what its seat knows. See
        :mod:`cardrules.positions` for its one-line text form.
        """
        ...

    def setup(self, rules: Any, position: Mapping[str, Any], *, seed: int = 0) -> Any:
        """A state built from a full position (one taken from a state, or written by
        hand), which plays on from there; ``seed`` drives every later shuffle.

        A position that does not hold together is refused with
        :class:`~cardrules.errors.PositionError` naming what is wrong: a card
        twice or missing, a hand of the wrong size, a key unknown or missing, a
        hidden hand (a view's position). The state's :class:`Origin` holds the
        position, its log starts with one ``"setup"`` event and its history is
        empty, and ``position(setup(rules, p)) == p``.
        """
        ...

    def state_from_dict(self, data: Mapping[str, Any]) -> Any: ...

    # For people at the table (the terminal game, replays): words, never field names.

    def describe(self, view: Any) -> tuple[Fact, ...]:
        """The view for a person: the deal, trumps or upcard, the trick, the per-seat figures."""
        ...

    def explain_move(self, view: Any, move: Any) -> str:
        """What choosing ``move`` means, in a few words, or "" when its text says it all."""
        ...


#: The names every game module provides: those of the :class:`Game` protocol, in its order
#: (its constants, then its functions: the compiled build lists a class's properties after
#: its methods, and the sort, which keeps each group's order, gives both builds one order).
INTERFACE_NAMES: Final[tuple[str, ...]] = tuple(
    sorted(
        (name for name in vars(Game) if not name.startswith("_")),
        key=lambda name: callable(vars(Game)[name]),
    )
)
