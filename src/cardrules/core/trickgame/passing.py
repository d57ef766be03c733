"""The passing round of a trick game's description (Hearts' three cards left, right,
across and hold): :class:`Passing`, and the words of its directions."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Generic, Literal

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card
from cardrules.core.options import check_choice
from cardrules.core.trickgame.parts import R, _always
from cardrules.errors import RulesError
from cardrules.moves import Move, PassCards

#: Where the passed cards go, as :attr:`Passing.to` words them.
PassDirection = Literal["left", "right", "across", "hold"]


def pass_offset(direction: PassDirection, players: int) -> int:
    """How many seats clockwise a pass in ``direction`` goes (0: no pass).

    >>> pass_offset("left", 4), pass_offset("right", 4), pass_offset("across", 4)
    (1, 3, 2)
    """
    check_choice("direction", direction, ("left", "right", "across", "hold"))
    if direction == "across" and players % 2:
        raise RulesError(f"no seat sits across the table with {players} players")
    return {"left": 1, "right": players - 1, "across": players // 2, "hold": 0}[direction]


def pass_cycle(*directions: PassDirection) -> Callable[[Any, int], int]:
    """A :attr:`Passing.to` hook that cycles through ``directions`` deal by deal.

    Hearts passes left, right, across, then holds (no pass), over and over:

    >>> to = pass_cycle("left", "right", "across", "hold")
    >>> class FourPlayers: players = 4
    >>> [to(FourPlayers(), number) for number in range(5)]
    [1, 3, 2, 0, 1]
    """
    if not directions:
        raise RulesError("pass_cycle needs at least one direction")
    for direction in directions:
        check_choice("direction", direction, ("left", "right", "across", "hold"))

    def to(rules: Any, deal_number: int) -> int:
        return pass_offset(directions[deal_number % len(directions)], rules.players)

    return to


def _to_the_left(rules: Any, deal_number: int) -> int:
    return 1


def _passed_cards(move: object) -> tuple[Card, ...]:
    return move.cards if type(move) is PassCards else ()


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Passing(Generic[R]):
    """A passing round before play: each seat in turn, from the dealer's left, passes
    ``count`` cards face down to another seat; the cards are exchanged, and the phase
    ends, once every seat has passed (until then they are in no hand).

    A game whose passes are ``PassCards`` lists ``PassCards`` in
    :attr:`~cardrules.core.trickgame.Moves.kinds` and its form in
    :attr:`~cardrules.core.trickgame.Moves.forms` (the shared notation reads
    ``pass 2C 7D QS``). The numbers by rank cover the 52 cards: a deck with jokers
    numbers its passes with a :attr:`~cardrules.core.trickgame.Moves.table` (as
    Maverick does). The numbers grow with ``count``: 22,100 for three cards, 270,725
    for four. A view may have a ``passed_to`` field: the seat
    this seat's pass goes to in this deal (None in a deal without a pass).

    Hearts' pass of three cards, left, right, across and hold::

        Passing(count=3, to=pass_cycle("left", "right", "across", "hold"))
    """

    #: The name of its ``Phase`` member.
    phase: str = "PASSING"
    #: How many cards each seat passes.
    count: int
    #: ``applies(rules)``: whether the round is played (default: always).
    applies: Callable[[R], bool] = _always
    #: ``to(rules, deal_number)``: how many seats clockwise the cards go in that deal
    #: (1, the default: the left neighbour; ``players - 1``: the right; 0: no pass, the
    #: phase is skipped). :func:`pass_cycle` makes the hook from words.
    to: Callable[[R, int], int] = _to_the_left
    #: ``moves(hand)``: the passes a hand may make, in move-number order; None (the
    #: default): every set of ``count`` cards of the hand, as
    #: :class:`~cardrules.moves.PassCards`, numbered by
    #: :meth:`~cardrules.core.trickgame.TrickGame.move_index`.
    moves: Callable[[int], tuple[Move, ...]] | None = None
    #: ``cards(move)``: the cards a move passes (``()`` for any other move; the default
    #: reads a ``PassCards``).
    cards: Callable[[object], tuple[Card, ...]] = _passed_cards
    #: The move's text form for messages (default ``"pass C1 C2 C3"`` for three cards).
    form: str = ""
    #: The rule cited when a pass names a card not in the hand.
    rule_id: str = ""

    def __post_init__(self) -> None:
        if not self.form:
            names = " ".join(f"C{n + 1}" for n in range(self.count))
            object.__setattr__(self, "form", f"pass {names}")
