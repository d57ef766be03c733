"""The interface of a Stops game module, its description, and the call that installs it.

A Stops game module writes its ``Rules`` and a ``finish_deal`` hook (and the other
hooks where it differs: ``payoffs``, ``teams``), describes the game with a
:class:`StopsGame`, and installs the rest with one call, as a trick game does
(:mod:`cardrules.core.trickgame.interface`)::

    from typing import TYPE_CHECKING, Final

    from cardrules.core import shedding

    if TYPE_CHECKING:  # the names install gives, as the type checker sees them
        from cardrules.core.shedding.interface import *
    ...
    GAME: Final = shedding.StopsGame(name=NAME, title="Crazy Eights", version=version,
                                     rules_class=Rules, numbers=NUMBERS,
                                     finish_deal=_finish_deal)
    shedding.install(GAME, globals())

:func:`install` gives the module the engine's functions listed below, :func:`score`
and :func:`teams` among them, which serve every Stops game (they find the game of a
state from its rules: building the description sets ``Rules.stops_game``; ``setup``
and ``teams`` find it from the rules they are given), and the names the description
makes for this game: ``TITLE``, ``Phase`` (the engine's), ``NUM_MOVES``, ``deal``,
``move_index``, ``move_from_index``, ``state_from_dict`` and ``deck_of`` (see
:mod:`cardrules.core.installing` for why the type checker reads them here). Each
checks its arguments itself, where it is defined, as the trick engine's functions do:
it refuses anything but a state (or a view) of a Stops game, or a Stops game's rules,
with an :class:`~cardrules.errors.ArgumentError`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal, NamedTuple, Protocol

from cardrules.cards import Card
from cardrules.core import installing
from cardrules.core import match as match_core
from cardrules.core.bookkeeping import deal_number, moves_made, origin, players
from cardrules.core.checks import (
    check_rules,
    check_seat,
    check_seed,
    not_rules,
)
from cardrules.core.match import Match
from cardrules.core.options import check_choice
from cardrules.core.serial import StateReader
from cardrules.core.shedding import state as state_module
from cardrules.core.shedding.dealing import begin_deal, new_game
from cardrules.core.shedding.description import StopsRules, described_game
from cardrules.core.shedding.numbers import MoveNumbers
from cardrules.core.shedding.play import apply as _core_apply
from cardrules.core.shedding.play import game_over
from cardrules.core.shedding.positions import position_of_state, position_of_view
from cardrules.core.shedding.positions import setup as _core_setup
from cardrules.core.shedding.rules_of_play import (
    chance_outcomes,
    legal_moves,
    parse_text,
    to_move,
    why_illegal,
)
from cardrules.core.shedding.sampling import sample
from cardrules.core.shedding.serialization import state_from_reader
from cardrules.core.shedding.serialization import state_to_dict as _core_state_to_dict
from cardrules.core.shedding.state import _STATE, Phase, State, _game_of, _wrong_state
from cardrules.core.shedding.views import View, describe, explain_move, zones
from cardrules.core.shedding.views import observe as _core_observe
from cardrules.errors import IllegalMoveError, RecordError
from cardrules.game import ChanceMode, Event, Outcome, Score
from cardrules.moves import (
    Bid,
    Blind,
    ChooseDealer,
    DealCard,
    Declaration,
    Draw,
    EndTurn,
    Move,
    PassCards,
    Play,
)

__all__ = [
    "NUM_MOVES",
    "TITLE",
    "Phase",
    "State",
    "View",
    "apply",
    "chance_outcomes",
    "deal",
    "deal_number",
    "deck_of",
    "describe",
    "events",
    "explain_move",
    "is_over",
    "legal_moves",
    "move_from_index",
    "move_index",
    "moves_made",
    "moves_played",
    "observe",
    "origin",
    "parse_move",
    "players",
    "position",
    "sample",
    "score",
    "setup",
    "state_from_dict",
    "state_to_dict",
    "teams",
    "to_move",
    "zones",
]


class DealEnd(NamedTuple):
    """What a game's ``finish_deal`` hook says about a deal that has just ended.

    ``state`` is the finished deal (with any field of the game reset, such as
    drawing penalties already counted); ``match`` the match with the deal
    recorded (``state.match.finish_deal(...)``); ``event`` the public event that
    reports the score; ``outcome`` the game's own verdict (a target reached,
    say), or None: the core then ends the game when its schedule of deals is
    complete (``StopsGame(deals=...)``) or at a safety cap, else deals the
    next deal (:func:`cardrules.core.match.match_over`).
    """

    state: State
    match: Match
    event: Event
    outcome: Outcome | None


class DealFunction(Protocol):
    """The type of a game's ``deal``."""

    def __call__(
        self,
        rules: Any,
        *,
        seed: int,
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State: ...


@dataclasses.dataclass(frozen=True, kw_only=True)
class StopsGame:
    """The description of a Stops game: what the core needs beyond its table.

    * ``name``, ``title``, ``version``: the registry name, the game's name for people
      (menus, messages; the module's ``TITLE``), the behaviour version recorded in states;
    * ``rules_class``: the game's ``Rules`` (a :class:`StopsRules`; their ``stops``
      is the table); building the description sets ``Rules.stops_game`` to it;
    * ``numbers``: the game's :class:`MoveNumbers`;
    * ``finish_deal(state)``: scores a deal that has just ended: its row of the match
      (the points, and the extras the game keeps) and the game's own verdict (see
      :class:`DealEnd`);
    * ``deals(rules)``: the number of deals the game lasts (None, the default: until
      the hook's verdict), after which the ``better`` total wins;
    * ``better``: ``"high"`` (the default) or ``"low"`` (penalty points: the lowest
      total wins); :func:`score` reports it, the schedule's end ranks by it, and the
      default payoffs are the totals, negated when low wins;
    * ``payoffs(totals)``: each seat's payoff from the totals (default None: the totals,
      or the totals negated when ``better`` is ``"low"``);
    * ``teams(rules)``: the partnerships (default None: every player for himself).

    The engine's :func:`score` and :func:`teams` serve every Stops game from these.

    After a deal the core ends the game on the hook's verdict, else when the
    schedule is complete (a blocked last deal ends it as "blocked"), else at a
    safety cap (:func:`cardrules.core.match.match_over`), else deals the next deal.
    """

    name: str
    title: str
    version: str
    rules_class: type[StopsRules]
    numbers: MoveNumbers
    finish_deal: Callable[[State], DealEnd]
    deals: Callable[[Any], int | None] | None = None
    better: Literal["high", "low"] = "high"
    payoffs: Callable[[tuple[int, ...]], tuple[float, ...]] | None = None
    teams: Callable[[Any], tuple[tuple[int, ...], ...]] | None = None

    def __post_init__(self) -> None:
        check_choice("better", self.better, ("high", "low"))
        # The interface functions find the game from the rules of a state.
        type.__setattr__(self.rules_class, "stops_game", self)

    @property
    def phases(self) -> type[Phase]:
        """The phases of every Stops game: the engine's :class:`Phase`."""
        return Phase

    @property
    def num_moves(self) -> int:
        """How many move numbers the game has."""
        return self.numbers.count

    def deck_of(self, rules: object) -> tuple[Card, ...]:
        """The cards of the game under ``rules``: its table's deck, in index order."""
        check_rules(rules, self.rules_class, self.name)
        assert isinstance(rules, StopsRules)
        return rules.stops.deck

    def deal(
        self,
        rules: Any,
        *,
        seed: object,  # checked here (public parameters: docs/contributing.rst)
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State:
        """A new game with its first deal dealt (or, with explicit chance, about to be).

        ``deck`` fixes the order of the first deal (top card first; see the game's
        docs for the dealing order); later deals are shuffled from ``seed``.
        """
        check_rules(rules, self.rules_class, self.name)
        return _settle(new_game(rules, seed=check_seed(seed), deck=deck, chance=chance))

    # The public move-number functions take object, which the numbers check (docs/contributing.rst).
    def move_index(self, move: object) -> int:
        """The fixed number of a move (see the game's docs)."""
        return self.numbers.index(move, self.title)

    def move_from_index(self, index: object) -> Move:
        """The move with this number (see the game's docs)."""
        return self.numbers.move(index)

    def setup(self, rules: Any, position: object, *, seed: object = 0) -> State:
        """The state of ``position`` (from :func:`position` of a state), checked; ``seed``
        drives every later shuffle (see :func:`setup`)."""
        check_rules(rules, self.rules_class, self.name)
        deals = None if self.deals is None else self.deals(rules)
        return _core_setup(rules, position, seed=check_seed(seed), deals=deals)

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Load a state from ``state_to_dict``'s form, refusing anything inconsistent.

        A state with a history must be its replay: from its deal, or from the position it
        was set up from.
        """
        reader = StateReader(data, self.name, self.version)
        position = data.get("position") if isinstance(data, Mapping) else None
        start = self.deal if position is None else self._start_from(position)
        return reader.read(self._state_from_reader, deal=start, apply=apply)

    def _start_from(self, position: object) -> DealFunction:
        """A ``deal`` that sets the game up from ``position`` instead (the replay of a
        set-up state's history starts there)."""

        def start(
            rules: Any,
            *,
            seed: int,
            deck: Sequence[Card] | None = None,
            chance: ChanceMode = "seeded",
        ) -> State:
            if deck is not None or chance != "seeded":
                raise RecordError(
                    "a state set up from a position has no fixed deck and seeded chance"
                )
            return self.setup(rules, position, seed=seed)

        return start

    def _state_from_reader(self, r: StateReader) -> State:
        return state_from_reader(r, self.rules_class, self._set_up_for_reading)

    def _set_up_for_reading(self, rules: StopsRules, position: object) -> State:
        return self.setup(rules, position)


# Read on every call of the functions below: constants, not attribute lookups.
_SCORING: Final = Phase.SCORING
_OVER: Final = Phase.OVER
_MOVE_CLASSES: Final = (
    Play,
    Bid,
    DealCard,
    ChooseDealer,
    Draw,
    EndTurn,
    PassCards,
    Blind,
    Declaration,
)


def _settle(state: State) -> State:
    """Score each finished deal, then end the game or deal the next deal."""
    while state.phase is _SCORING:
        game = _game_of(state)
        end = game.finish_deal(state)
        log = end.state.log.append(end.event)
        rules = end.state.rules
        outcome = match_core.match_over(
            rules,
            end.match,
            end.state.moves_made,
            deals=None if game.deals is None else game.deals(rules),
            better=game.better,
            decided=end.outcome,
            blocked=all(end.state.hands),  # nobody went out
            teams=None if game.teams is None else game.teams(rules),
        )
        if outcome is not None:
            return game_over(end.state, end.match, log, outcome)
        state = begin_deal(end.state, end.match, log)
    return state


def is_over(state: object) -> bool:
    """Whether the game has ended (its end was reached, or a safety cap)."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
    return state.phase is _OVER


def apply(state: object, move: object) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

    Forced draws, skips, passes, restocks, scoring a finished deal and dealing
    the next one happen inside ``apply`` and are written to the event log.
    """
    if type(state) is not _STATE:
        raise _wrong_state(state)
    try:
        after = _core_apply(state, move)  # type: ignore[arg-type]  # refused below
    except TypeError:
        # Compiled, the engine's Move parameter refuses anything that is no move with
        # the compiler's TypeError; the pure engine's own refusal is raised instead (a
        # try costs nothing on this hot path, a check of the move's type would).
        if isinstance(move, _MOVE_CLASSES):
            raise
        raise IllegalMoveError(why_illegal(state, move)) from None
    if after.phase is _SCORING:
        return _settle(after)
    return after


def parse_move(state: object, text: object) -> Move:
    """Read a move and check it is legal here (NotationError / IllegalMoveError)."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
    move = parse_text(state, text)
    if move not in legal_moves(state):
        raise IllegalMoveError(why_illegal(state, move))
    return move


def events(state: object) -> tuple[Event, ...]:
    """The public event log, oldest first."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
    return state.log.to_tuple()


def moves_played(state: object) -> tuple[Move, ...]:
    """Every move applied since the deal (chance outcomes included in explicit mode)."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
    if state.history is None:
        raise RecordError("this state was made by sample(): it has no move history")
    return state.history.to_tuple()


# seat, view and rng: object, checked here (public parameters: docs/contributing.rst).
def observe(state: object, seat: object) -> View:
    """The view of ``seat``: own hand, upcard, called suit, sizes, pile, direction,
    the public log and the scores."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
    checked = check_seat(seat, state.rules.stops.players)
    return _core_observe(state, checked, score(state))


def score(state: object) -> Score:
    """Totals, per-deal rows with the game's extras, outcome, payoffs (by default the
    totals, negated when low totals win), and which totals are better.

    While a deal runs, its drawing penalties count in the totals (a game stopped by a
    safety cap mid-deal has no row for that deal, and its penalties do not count).
    """
    if type(state) is not _STATE:
        raise _wrong_state(state)
    game = _game_of(state)
    totals = state.match.totals
    if state.outcome is None and any(state.penalties):
        totals = tuple(t + p for t, p in zip(totals, state.penalties))
    if game.payoffs is not None:
        payoffs = game.payoffs(totals)
    elif game.better == "low":
        payoffs = tuple(float(-t) for t in totals)  # a total of 0 pays 0.0, not -0.0
    else:
        payoffs = tuple(float(t) for t in totals)
    return Score(
        totals=totals,
        teams=teams(state.rules),
        better=game.better,
        deals=state.match.rows,
        outcome=state.outcome,
        payoffs=payoffs,
    )


def teams(rules: object) -> tuple[tuple[int, ...], ...]:
    """The partnerships: every player for himself, unless the game says otherwise."""
    game = described_game(rules)
    if game is None or not isinstance(rules, StopsRules):
        raise not_rules("teams", "Stops game", rules)
    if game.teams is not None:
        return game.teams(rules)
    return tuple((seat,) for seat in range(rules.stops.players))


def position(state_or_view: object) -> dict[str, Any]:
    """The position of a state or a view: everything a move depends on, as plain data
    (lists, whole numbers, true/false, None and strings), keys in a fixed order.

    For a state it is the JSON form of :func:`state_to_dict` without the origin (rules,
    seed, chance, fixed first deck), the events and the history, with the match as
    ``deal_number``, ``dealer``, ``totals`` and ``rows`` (``[number, dealer, [points...],
    [[extra, value per seat...], ...]]``) and the outcome as ``[reason, [winners...],
    draw]`` or None. For a view, what its seat knows: another seat's hand and the stock
    are counts, and so is a card another seat drew this turn (1). :func:`setup` makes
    the state of a state's position again.
    """
    if type(state_or_view) is _STATE:
        assert isinstance(state_or_view, State)
        return position_of_state(state_or_view)
    if type(state_or_view) is View:
        assert isinstance(state_or_view, View)
        if isinstance(state_or_view.rules, StopsRules):
            return position_of_view(state_or_view)
    raise _wrong_state(state_or_view, "state or view")


def setup(rules: object, position: object, *, seed: object = 0) -> State:
    """The state of a position (from :func:`position` of a state, or written by hand).

    Refuses with a :class:`~cardrules.errors.PositionError` a position that does not
    hold together (each card of the deck once, hand sizes, whose turn, cards owed and a
    called suit only after the card that causes them, ...) or that hides cards (a
    view's). The state is in seeded chance: ``seed`` drives every later shuffle (a
    restock, the next deals of the match). Its log starts with one ``setup`` event, its
    history is empty, ``moves_made`` is 0, and ``origin(state).position`` is the position.

    >>> from cardrules.games import mau_mau
    >>> rules = mau_mau.Rules(target=None, first_dealer=1)
    >>> position = mau_mau.position(mau_mau.deal(rules, seed=3))
    >>> position["hands"], position["upcard"], position["turn"]
    (['3C 7D 8D JD 5S 6S 9S', '4C 10C 9D AD 3S 8S JS'], 'JC', 0)
    >>> position["hands"][0] = "3C 7D 8D JD 5S 6S 9H"
    >>> mau_mau.setup(rules, position)
    Traceback (most recent call last):
    ...
    cardrules.errors.PositionError: ... (cards in two places: 9H; cards missing: 9S)
    >>> position["hands"][0] = "3C 7D 8D JD 5S 6S 9S"
    >>> state = mau_mau.setup(rules, position)
    >>> [str(move) for move in mau_mau.legal_moves(state)]
    ['play 3C', 'play JD', 'play JD call clubs', 'play JD call hearts', 'play JD call spades']
    """
    game = described_game(rules)
    if game is None or not isinstance(rules, StopsRules):
        raise not_rules("setup", "Stops game", rules)
    return game.setup(rules, position, seed=seed)


def state_to_dict(state: object) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
    game = _game_of(state)
    return _core_state_to_dict(state, game.name, game.version)


#: What the engine gives every Stops game module, by name: its types and functions.
PROVIDED: Final[Mapping[str, object]] = {
    "State": State,
    "View": View,
    "apply": apply,
    "chance_outcomes": chance_outcomes,
    "deal_number": deal_number,
    "describe": describe,
    "events": events,
    "explain_move": explain_move,
    "is_over": is_over,
    "legal_moves": legal_moves,
    "moves_made": moves_made,
    "moves_played": moves_played,
    "observe": observe,
    "origin": origin,
    "parse_move": parse_move,
    "players": players,
    "position": position,
    "sample": sample,
    "score": score,
    "setup": setup,
    "state_to_dict": state_to_dict,
    "teams": teams,
    "to_move": to_move,
    "zones": zones,
}


def install(game: StopsGame, namespace: dict[str, Any]) -> None:
    """Make the module whose ``globals()`` is ``namespace`` the Stops game ``game``
    describes: give it the engine's functions and the names the description makes,
    each unless the module defines it itself (see :func:`cardrules.core.installing.install`).
    """
    installing.install(game, namespace, PROVIDED)


# The names the description makes, for the type checker (install gives their values).
#: The game's name for people (menus, messages).
TITLE: str
#: How many move numbers the game has (:func:`move_index`).
NUM_MOVES: int
#: A new game with its first deal dealt (:meth:`StopsGame.deal`).
deal: DealFunction
#: The fixed number of a move (:meth:`StopsGame.move_index`).
move_index: Callable[[Move], int]
#: The move with this number (:meth:`StopsGame.move_from_index`).
move_from_index: Callable[[int], Move]
#: Load a state from :func:`state_to_dict`'s form (:meth:`StopsGame.state_from_dict`).
state_from_dict: Callable[[Mapping[str, Any]], state_module.State]
#: The cards of the game under some rules (:meth:`StopsGame.deck_of`).
deck_of: Callable[[object], tuple[Card, ...]]
