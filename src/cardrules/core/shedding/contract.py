"""The contract functions of a Stops game, made from its ``Rules`` and two hooks."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, NamedTuple, Protocol

from cardrules.cards import Card
from cardrules.core import bookkeeping
from cardrules.core import match as match_core
from cardrules.core.checks import check_rng, check_rules, check_view, wrong_state
from cardrules.core.match import Match
from cardrules.core.serial import StateReader
from cardrules.core.shedding.dealing import begin_deal, new_game
from cardrules.core.shedding.description import StopsRules
from cardrules.core.shedding.numbers import MoveNumbers
from cardrules.core.shedding.play import apply as _core_apply
from cardrules.core.shedding.play import game_over
from cardrules.core.shedding.rules_of_play import chance_outcomes as _core_chance_outcomes
from cardrules.core.shedding.rules_of_play import legal_moves as _core_legal_moves
from cardrules.core.shedding.rules_of_play import parse_text, why_illegal
from cardrules.core.shedding.rules_of_play import to_move as _core_to_move
from cardrules.core.shedding.sampling import sample as _core_sample
from cardrules.core.shedding.serialization import state_from_reader
from cardrules.core.shedding.serialization import state_to_dict as _core_state_to_dict
from cardrules.core.shedding.state import _STATE, Phase, State
from cardrules.core.shedding.views import View, describe, explain_move
from cardrules.core.shedding.views import observe as _core_observe
from cardrules.core.shedding.views import zones as _core_zones
from cardrules.errors import IllegalMoveError, RecordError
from cardrules.game import Chance, ChanceMode, Event, Fact, Origin, Outcome, Score
from cardrules.moves import Move


class DealEnd(NamedTuple):
    """What a game's ``finish_deal`` hook says about a deal that has just ended.

    ``state`` is the finished deal (with any field of the game reset, such as
    drawing penalties already counted); ``match`` the match with the deal
    recorded (``state.match.finish_deal(...)``); ``event`` the public event that
    reports the score; ``outcome`` the game's own verdict (a target reached,
    say), or None: the core then ends the game when its schedule of deals is
    complete (``game_functions(deals=...)``) or at a safety cap, else deals the
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


class GameFunctions(NamedTuple):
    """The contract functions of a Stops game, made by :func:`game_functions`.

    A game module unpacks them into its own names, in this order.
    """

    deal: DealFunction
    to_move: Callable[[State], int | Chance | None]
    is_over: Callable[[State], bool]
    legal_moves: Callable[[State], tuple[Move, ...]]
    chance_outcomes: Callable[[State], tuple[tuple[Move, float], ...]]
    apply: Callable[[State, Move], State]
    parse_move: Callable[[State, str], Move]
    move_index: Callable[[Move], int]
    move_from_index: Callable[[int], Move]
    events: Callable[[State], tuple[Event, ...]]
    moves_played: Callable[[State], tuple[Move, ...]]
    zones: Callable[[State], dict[str, tuple[Card, ...]]]
    observe: Callable[[State, int], View]
    sample: Callable[[View, random.Random], State]
    state_to_dict: Callable[[State], dict[str, Any]]
    state_from_dict: Callable[[Mapping[str, Any]], State]
    players: Callable[[Any], int]
    deal_number: Callable[[Any], int]
    moves_made: Callable[[Any], int]
    origin: Callable[[Any], Origin]
    describe: Callable[[View], tuple[Fact, ...]]
    explain_move: Callable[[View, Move], str]


def game_functions(
    *,
    module: str,
    name: str,
    version: str,
    rules_class: type[StopsRules],
    numbers: MoveNumbers,
    finish_deal: Callable[[State], DealEnd],
    score: Callable[[State], Score],
    title: str = "Mau-Mau",
    state_rules: type[StopsRules] | None = None,
    deals: Callable[[Any], int | None] | None = None,
    better: Literal["high", "low"] = "high",
) -> GameFunctions:
    """Every contract function of a Stops game, from its ``Rules`` and two hooks.

    ``module`` is the game module's ``__name__`` (the functions say they belong
    to it, so that they pickle and are documented there), ``name`` and
    ``version`` its ``NAME`` and ``version``; ``numbers`` its move numbering;
    ``finish_deal`` scores a deal that has just ended (see :class:`DealEnd`);
    ``score`` is the game's ``score``; ``title`` names the game in messages;
    ``state_rules`` is the rules class whose states the functions accept
    (default ``rules_class``; a game whose variants share its mechanics names
    their common base); ``deals(rules)`` is the number of deals the game lasts
    (None, the default: until the hook's verdict), after which the ``better``
    total wins. Every function refuses another game's state or view with an
    :class:`~cardrules.errors.ArgumentError`.
    After a deal the core ends the game on the hook's verdict, else when the
    schedule is complete (a blocked last deal ends it as "blocked"), else at a
    safety cap (:func:`cardrules.core.match.match_over`), else deals the next deal.

    >>> from cardrules.games import mau_mau_standard
    >>> mau_mau_standard.apply.__module__
    'cardrules.games.mau_mau_standard'
    """
    scoring, over = Phase.SCORING, Phase.OVER
    accepted = rules_class if state_rules is None else state_rules

    def check(state: Any) -> None:
        if type(state) is not _STATE:
            raise wrong_state(state, name)
        # The exact class first: isinstance is slow for rules classes, which have a metaclass.
        rules = state.rules
        if type(rules) is not rules_class and not isinstance(rules, accepted):
            raise wrong_state(state, name)

    def deal(
        rules: Any,
        *,
        seed: int,
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State:
        """A new game with its first deal dealt (or, with explicit chance, about to be).

        ``deck`` fixes the order of the first deal (top card first; see the module
        docs for the dealing order); later deals are shuffled from ``seed``.
        """
        check_rules(rules, rules_class, name)
        return settle(new_game(rules, seed=seed, deck=deck, chance=chance))

    def settle(state: State) -> State:
        while state.phase is scoring:
            end = finish_deal(state)
            log = end.state.log.append(end.event)
            rules = end.state.rules
            outcome = match_core.match_over(
                rules,
                end.match,
                end.state.moves_made,
                deals=None if deals is None else deals(rules),
                better=better,
                decided=end.outcome,
                blocked=all(end.state.hands),  # nobody went out
            )
            if outcome is not None:
                return game_over(end.state, end.match, log, outcome)
            state = begin_deal(end.state, end.match, log)
        return state

    def is_over(state: State) -> bool:
        """Whether the game has ended (its end was reached, or a safety cap)."""
        check(state)
        return state.phase is over

    def apply(state: State, move: Move) -> State:
        """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

        Forced draws, skips, passes, restocks, scoring a finished deal and dealing
        the next one happen inside ``apply`` and are written to the event log.
        """
        check(state)
        after = _core_apply(state, move)
        if after.phase is scoring:
            return settle(after)
        return after

    def parse_move(state: State, text: str) -> Move:
        """Read a move and check it is legal here (NotationError / IllegalMoveError)."""
        check(state)
        move = parse_text(state, text)
        if move not in _core_legal_moves(state):
            raise IllegalMoveError(why_illegal(state, move, title))
        return move

    def move_index(move: Move) -> int:
        """The fixed number of a move (see the module docs)."""
        return numbers.index(move, title)

    def move_from_index(index: int) -> Move:
        """The move with this number (see the module docs)."""
        return numbers.move(index)

    def events(state: State) -> tuple[Event, ...]:
        """The public event log, oldest first."""
        check(state)
        return state.log.to_tuple()

    def moves_played(state: State) -> tuple[Move, ...]:
        """Every move applied since the deal (chance outcomes included in explicit mode)."""
        check(state)
        if state.history is None:
            raise RecordError("this state was made by sample(): it has no move history")
        return state.history.to_tuple()

    def observe(state: State, seat: int) -> View:
        """The view of ``seat``: own hand, upcard, called suit, sizes, pile, direction,
        the public log and the scores."""
        check(state)
        return _core_observe(state, seat, score(state))

    def state_to_dict(state: State) -> dict[str, Any]:
        """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
        check(state)
        return _core_state_to_dict(state, name, version)

    def to_move(state: State) -> int | Chance | None:
        """The seat to move, CHANCE at a random event (explicit chance), None when over."""
        check(state)
        return _core_to_move(state)

    def legal_moves(state: State) -> tuple[Move, ...]:
        """Every legal move, in the canonical order (empty iff the game is over)."""
        check(state)
        return _core_legal_moves(state)

    def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
        """At a CHANCE step, each possible outcome with its probability; else ``()``."""
        check(state)
        return _core_chance_outcomes(state)

    def zones(state: State) -> dict[str, tuple[Card, ...]]:
        """Where every card is: the hands, the stock, the discard pile, the upcard."""
        check(state)
        return _core_zones(state)

    def sample(view: View, rng: random.Random) -> State:
        """A complete state consistent with ``view``, drawn by the shedding core's ``sample``."""
        if type(view) is not View or not isinstance(view.rules, accepted):
            raise wrong_state(view, name, "view")
        check_rng(rng)
        check_view(view)
        return _core_sample(view, rng)

    def state_from_dict(data: Mapping[str, Any]) -> State:
        """Load a state from :func:`state_to_dict`'s form, refusing anything inconsistent."""
        reader = StateReader(data, name, version)
        return reader.read(lambda r: state_from_reader(r, rules_class), deal=deal, apply=apply)

    # The functions made here present themselves as the game module's own (for help() and
    # the docs), named by their fields: a compiled closure has no __name__ to copy.
    made = (deal, to_move, is_over, legal_moves, chance_outcomes, apply, parse_move)
    more = (move_index, move_from_index, events, moves_played, zones, observe, sample)
    own = (*made, *more, state_to_dict, state_from_dict)
    for field_name, function in zip(GameFunctions._fields, own, strict=False):
        function.__module__ = module
        function.__qualname__ = field_name
    return GameFunctions(
        deal,
        to_move,
        is_over,
        legal_moves,
        chance_outcomes,
        apply,
        parse_move,
        move_index,
        move_from_index,
        events,
        moves_played,
        zones,
        observe,
        sample,
        state_to_dict,
        state_from_dict,
        bookkeeping.players,
        bookkeeping.deal_number,
        bookkeeping.moves_made,
        bookkeeping.origin,
        describe,
        explain_move,
    )
