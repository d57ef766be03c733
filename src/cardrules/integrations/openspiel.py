# mypy: disallow-subclassing-any=False
"""Every cardrules game as an OpenSpiel (``pyspiel``) game; ``pip install 'cardrules[openspiel]'``.

Importing this module registers ``python_cardrules_<game>`` for every game of
:func:`cardrules.games.names`, with its rules options as game parameters:

>>> import pyspiel
>>> from cardrules.integrations import openspiel
>>> game = pyspiel.load_game("python_cardrules_oh_hell(schedule=single,start_hand=2)")
>>> game.num_players(), game.num_distinct_actions(), game.max_game_length()
(4, 70, 12)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.action_to_string(state.chance_outcomes()[0][0])
(True, 'dealer 0')

* **Actions** are the seats' move numbers (``move_index``, below the encoder's
  ``PLAYER_ACTIONS``); chance outcomes are numbered apart, from 0: chance action
  ``a`` is move number ``PLAYER_ACTIONS + a``.
* **Chance is explicit**: the cardrules game runs with ``chance="explicit"``,
  so drawing the first dealer and every card dealt, turned or drawn is a chance
  node whose outcomes and probabilities come from ``chance_outcomes``. The
  game's seed decides nothing.
* **Observations**: the information state (perfect recall) and the observation,
  as strings and tensors, come from the seat's view only
  (:mod:`cardrules.integrations.encoding`; the layout tables are in each
  game's encoder module).
* **Utilities** are the game's payoffs at the end (terminal rewards), bounded by
  the encoder's ``payoff_bounds``; zero-sum or general-sum as the encoder's
  ``utility_sum`` says for the rules. A game cut short by ``max_moves`` pays the
  score at the cut if it is zero-sum, else every seat the lowest payoff
  (:meth:`cardrules.integrations.encoding.GameEncoding.payoffs`).
* **Length**: ``max_game_length`` counts the moves by seats (chance nodes not
  counted) and is a true bound: the game's own bound, or ``max_moves`` when it is
  smaller. ``max_moves=0``, the default, adds the encoder's ``default_max_moves``
  where the rules have no bound; ``max_moves=-1`` asks for none (such rules are
  then refused).
* **Pickling**: games pickle as their game string, states as the game, the
  cardrules state and the action history.

Game parameters are the rules options, with ``Rules()``'s defaults, so that the
rules text is a game string (``"python_cardrules_" + str(rules)``). An option
whose value may be None has a pyspiel form: a whole-number option (``int |
None``) is an int with ``-1`` for None (or the number the rules text writes for
None, such as Mau-Mau's ``target=0``); a true/false option (``bool | None``) is a
bool whose default, the value it takes wherever it applies, stands for "left
out"; a word option (``str | None``) is the word or ``none``. For example
``python_cardrules_oh_hell(players=5,start_hand=6,hook=false)``.
:func:`parameters` and :func:`rules_from_parameters` convert; :func:`game_string`
writes a game string with every option given.

The states hold the immutable cardrules state (``cardrules_state(state)``);
cloning copies a reference. OpenSpiel cannot take a resampler from Python
(``resample_from_infostate``); for its Python IS-MCTS bot, install
:func:`resampler`, which draws worlds with the game's own ``sample``.
"""

from __future__ import annotations

import importlib
import random
import typing
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, Final

import attrs
import numpy as np

from cardrules import games
from cardrules.cards import format_cards
from cardrules.core.options import NONE_TEXT as _NONE_TEXT_KEY
from cardrules.core.options import option_kinds
from cardrules.errors import RulesError
from cardrules.game import CHANCE, Chance, Game
from cardrules.integrations import encoding
from cardrules.integrations.encoding import GameEncoding, Tensor

try:
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        "cardrules.integrations.openspiel needs OpenSpiel: pip install 'cardrules[openspiel]'"
    ) from error

__all__ = [
    "AUTO_MAX_MOVES",
    "GAME_CLASSES",
    "GAME_TYPES",
    "NONE_INT",
    "NONE_TEXT",
    "CardrulesGame",
    "CardrulesObserver",
    "CardrulesState",
    "cardrules_state",
    "game_string",
    "load_game",
    "parameters",
    "register_game",
    "resampler",
    "rules_from_parameters",
    "short_name",
    "with_cardrules_state",
]

#: The value standing for None in an ``int | None`` option.
NONE_INT: Final = -1
#: The value standing for None in a ``str | None`` option.
NONE_TEXT: Final = "none"
#: The ``max_moves`` parameter that asks for the default cap (see :func:`rules_from_parameters`).
AUTO_MAX_MOVES: Final = 0
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)


def short_name(name: str | Game) -> str:
    """The OpenSpiel name of a game: ``python_cardrules_<game>``."""
    return f"python_cardrules_{games.get(name).NAME}"


# --------------------------------------------------------------------------- parameters


@attrs.frozen
class _Option:
    name: str
    kind: type  # int, bool or str
    optional: bool  # whether None is allowed
    default: Any  # the pyspiel default
    none: Any = None  # the pyspiel value of None: NONE_INT, NONE_TEXT or the option's own


def _applied_value(rules_class: Any, name: str) -> bool:
    """The value a ``bool | None`` option resolves to where it applies: its value in
    ``Rules()``, or else where one true/false option is switched (e.g. with bidding)."""
    defaults = rules_class()
    value = getattr(defaults, name)
    if value is not None:
        return bool(value)
    kinds = option_kinds(rules_class)
    for field in attrs.fields(rules_class):
        if field.init and kinds[field.name] == (bool, False) and field.name != name:
            try:
                switched = rules_class(**{field.name: not getattr(defaults, field.name)})
            except RulesError:
                continue
            if getattr(switched, name) is not None:
                return bool(getattr(switched, name))
    return False


@cache
def _options(name: str) -> tuple[_Option, ...]:
    rules_class = games.get(name).Rules
    # From the options' definitions, not their annotations: the compiled build keeps
    # none of ``int | None`` at run time.
    kinds = option_kinds(rules_class)
    defaults = rules_class()
    options = []
    for field in attrs.fields(rules_class):
        if not field.init:
            continue
        kind, optional = kinds[field.name]
        none = _none_parameter(kind, field.metadata.get(_NONE_TEXT_KEY))
        default: Any
        if field.name == "max_moves":
            default = AUTO_MAX_MOVES
        elif optional and kind is bool:
            # OpenSpiel fills in every default, so "left out" must be a true/false value:
            # the one the option takes wherever it applies.
            default = _applied_value(rules_class, field.name)
        elif optional:
            # None-able options keep their declared default (often None: "resolved from
            # the other options"); the others take Rules()'s value.
            declared = None if field.default is attrs.NOTHING else field.default
            default = none if declared is None else declared
        else:
            default = getattr(defaults, field.name)
        options.append(_Option(field.name, kind, optional, default, none))
    return tuple(options)


def _none_parameter(kind: type, text: str | None) -> Any:
    """The pyspiel value of None for an option of this kind: the number the rules
    text writes for it (e.g. Mau-Mau's ``target=0``), else ``NONE_INT`` or ``NONE_TEXT``."""
    if kind is int:
        return NONE_INT if text is None else int(text)
    if kind is str:
        return NONE_TEXT if text is None else text
    return None


def _to_parameter(option: _Option, value: Any) -> int | bool | str:
    if not option.optional:
        return typing.cast(int | bool | str, value)
    if option.kind is bool:
        return option.default if value is None else bool(value)
    return typing.cast(int | str, option.none if value is None else value)


def _from_parameter(option: _Option, value: Any) -> Any:
    if not option.optional:
        return value
    if option.kind is int:
        # NONE_INT stays None for every option (older game strings wrote it).
        return None if value in (NONE_INT, option.none) else value
    if option.kind is bool:
        # The default stands for "left out": the rules resolve it from the other options.
        return None if value == option.default else value
    return None if str(value).lower() == NONE_TEXT else value


def parameters(rules: Any) -> dict[str, int | bool | str]:
    """The pyspiel game parameters of a game's rules (every option, in pyspiel form)."""
    name = _game_of_rules(rules).NAME
    found: dict[str, int | bool | str] = {}
    for option in _options(name):
        found[option.name] = _to_parameter(option, getattr(rules, option.name))
    return found


def rules_from_parameters(name: str, params: Mapping[str, Any]) -> Any:
    """The game's ``Rules`` from pyspiel parameters (missing ones take their defaults).

    ``max_moves=0`` (the default) adds a cap only where the rules need one to bound
    the game (the encoder's ``default_max_moves``); ``max_moves=-1`` asks for no cap.

    >>> rules_from_parameters("oh_hell", {"players": 5, "start_hand": -1, "hook": False})
    Rules(first_dealer=None, max_deals=None, max_moves=None, players=5, start_hand=8, ...)
    """
    game = games.get(name)
    options = {option.name: option for option in _options(game.NAME)}
    unknown = sorted(set(params) - set(options))
    if unknown:
        raise RulesError(f"unknown parameter {', '.join(unknown)}: the options are {list(options)}")
    given = {key: _from_parameter(options[key], value) for key, value in params.items()}
    automatic = given.get("max_moves", AUTO_MAX_MOVES) == AUTO_MAX_MOVES
    if automatic:
        given["max_moves"] = None
    rules = game.Rules(**given)
    if automatic:
        cap = encoding.for_game(game.NAME, rules).default_max_moves()
        if cap is not None:
            rules = attrs.evolve(rules, max_moves=cap)
    return rules


def game_string(rules: Any) -> str:
    """The OpenSpiel game string of these rules, every option given (the rules text,
    ``"python_cardrules_" + str(rules)``, gives only those that differ from the
    defaults; both load). Rules without ``max_moves`` get ``max_moves=0``: the
    default cap where nothing else bounds the game.

    >>> from cardrules.games import mau_mau
    >>> text = game_string(mau_mau.Rules(target=None))
    >>> "target=0" in text, pyspiel.load_game(text).rules.target is None
    (True, True)
    """
    name = _game_of_rules(rules).NAME
    params = parameters(rules)
    if rules.max_moves is None:
        params["max_moves"] = AUTO_MAX_MOVES

    def text(value: int | bool | str) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)

    return f"{short_name(name)}({','.join(f'{k}={text(v)}' for k, v in params.items())})"


def _game_of_rules(rules: Any) -> Game:
    for name in games.names():
        game = games.get(name)
        if type(rules) is game.Rules:
            return game
    raise TypeError(f"{rules!r} are not the rules of a registered game")


def _players_range(game: Game) -> tuple[int, int]:
    if "players" not in {f.name for f in attrs.fields(game.Rules) if f.init}:
        players: int = game.Rules().players
        return players, players
    allowed = []
    for players in range(1, 17):
        try:
            game.Rules(players=players)
        except RulesError:
            continue
        allowed.append(players)
    return min(allowed), max(allowed)


# --------------------------------------------------------------------------- game, state


_UTILITY: Final = {
    None: "GENERAL_SUM",
    0.0: "ZERO_SUM",
}


def _game_type(name: str, utility_sum: float | None = None) -> Any:
    """The GameType of a game; its utility kind is that of the rules it is loaded with
    (registered as general-sum: some option sets of a game may be, others not)."""
    game = games.get(name)
    low, high = _players_range(game)
    kind = _UTILITY.get(utility_sum, "CONSTANT_SUM")
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardrules {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=getattr(pyspiel.GameType.Utility, kind),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={option.name: option.default for option in _options(name)},
        # Every game loads without options: max_moves=0 caps the unbounded ones.
        default_loadable=True,
    )


class _Shared:
    """What every state of one game shares: the game module, rules and encodings.

    Immutable: deep copies (OpenSpiel's clone) return it, and pickling (its
    serialization) stores the game's name and rules.
    """

    __slots__ = (
        "_actions",
        "_chance_numbers",
        "_views",
        "encoding",
        "game",
        "initial",
        "name",
    )

    def __init__(self, name: str, rules: Any) -> None:
        self.name = name
        self.encoding: GameEncoding = encoding.for_game(name, rules)
        self.game: Game = self.encoding.game
        # Explicit chance: every random event is a chance node, so the seed decides nothing.
        self.initial: Any = self.game.deal(rules, seed=0, chance="explicit")
        self._views: dict[tuple[int, int], tuple[Any, Any]] = {}
        self._actions: dict[tuple[int, ...], tuple[tuple[Any, ...], list[int]]] = {}
        # Chance outcomes are the game's few chance moves (a card dealt, a dealer chosen).
        self._chance_numbers: dict[int, tuple[Any, int]] = {}

    def chance_actions(self, outcomes: Sequence[tuple[Any, float]]) -> list[tuple[int, float]]:
        """The chance outcomes as OpenSpiel numbers (move number less ``PLAYER_ACTIONS``)
        and probabilities, ascending. The numbers are remembered by the move objects
        themselves: games hand out the same few dozen (one per card) again and again,
        and looking an object up costs less than hashing a move."""
        get = self._chance_numbers.get
        # An entry holds the move itself, so its id cannot be reused while it is kept.
        found = [
            (entry[1], probability)
            for move, probability in outcomes
            if (entry := get(id(move))) is not None and entry[0] is move
        ]
        if len(found) < len(outcomes):  # moves not seen before: number them once
            if len(self._chance_numbers) >= 4096:
                self._chance_numbers.clear()
            offset = self.encoding.player_actions
            found = []
            for move, probability in outcomes:
                number = self.game.move_index(move) - offset
                self._chance_numbers[id(move)] = (move, number)
                found.append((number, probability))
        found.sort()
        return found

    def sorted_actions(self, moves: tuple[Any, ...]) -> list[int]:
        """The move numbers of ``moves``, ascending (remembered: the same few lists of
        legal moves come back again and again, mostly made of the same move objects)."""
        key = tuple(map(id, moves))
        found = self._actions.get(key)
        # Equal tuples of the same objects compare at once; the entry holds the moves,
        # so their ids cannot be reused while it is kept.
        if found is None or found[0] != moves:
            if len(self._actions) >= 4096:
                self._actions.clear()
            found = self._actions[key] = (moves, sorted(map(self.game.move_index, moves)))
        return list(found[1])

    def view(self, state: Any, player: int) -> Any:
        """``observe(state, player)``, remembered for the few latest states: OpenSpiel asks
        for several tensors and strings of the same state and seat in a row."""
        key = (id(state), player)
        found = self._views.get(key)
        # The entry holds the state itself, so its id cannot be reused while it is cached.
        if found is not None and found[0] is state:
            return found[1]
        if len(self._views) >= 16:
            self._views.clear()
        view = self.game.observe(state, player)
        self._views[key] = (state, view)
        return view

    def legal_moves(self, state: Any, mover: int) -> tuple[Any, ...]:
        """``legal_moves(state)``, from the mover's view if it was just made (an
        OpenSpiel step asks for the tensor, then for the legal actions)."""
        found = self._views.get((id(state), mover))
        if found is not None and found[0] is state:
            moves: tuple[Any, ...] = found[1].legal_moves
            return moves
        return self.game.legal_moves(state)

    def tensor_list(self, state: Any, player: int, perfect_recall: bool) -> list[float]:
        """The information state (``perfect_recall``) or observation tensor of ``state``
        seen by ``player``, as a new list of floats."""
        return self.encoding.tensor_list(self.view(state, player), perfect_recall)

    def __deepcopy__(self, memo: object) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, Any]]:
        return (_shared, (self.name, self.encoding.rules))


@cache
def _shared(name: str, rules: Any) -> _Shared:
    return _Shared(name, rules)


class _Frozen:
    """An immutable cardrules state and who moves in it (``to_move``, asked for several
    times a step), which OpenSpiel's clone (a deep copy) shares instead of copying."""

    __slots__ = ("mover", "value")

    def __init__(self, value: Any, mover: int | Chance | None) -> None:
        self.value = value
        self.mover = mover

    def __deepcopy__(self, memo: object) -> _Frozen:
        return self

    def __getstate__(self) -> Any:
        return self.value, self.mover

    def __setstate__(self, state: tuple[Any, int | Chance | None]) -> None:
        self.value, self.mover = state


class CardrulesGame(pyspiel.Game):
    """A cardrules game under one set of rules, as an OpenSpiel game.

    Each game has its own subclass (``GAME_CLASSES[name]``), registered with
    OpenSpiel; ``pyspiel.load_game`` calls it with the parameters.
    """

    #: The cardrules name of the game (set by each game's subclass).
    cardrules_name: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = self.cardrules_name
        rules = rules_from_parameters(name, params)
        self.shared = _shared(name, rules)
        enc = self.shared.encoding
        low, high = enc.payoff_bounds()
        utility_sum = enc.utility_sum()
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.player_actions,
            max_chance_outcomes=enc.chance_actions,
            num_players=enc.players,
            min_utility=low,
            max_utility=high,
            utility_sum=utility_sum,
            max_game_length=enc.max_decisions(),
        )
        super().__init__(_game_type(name, utility_sum), info, params)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Pickled as its game string: unpickling loads the game again, shared data and all.
        return (_load_game_string, (str(self),))

    @property
    def rules(self) -> Any:
        """The cardrules rules of this game."""
        return self.shared.encoding.rules

    def new_initial_state(self) -> CardrulesState:
        """The game before its first chance node (the first dealer, or the first card)."""
        return CardrulesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CardrulesObserver:
        """An observer of one seat: its information state if ``perfect_recall``, else its
        observation. Only single-seat observers exist: a cardrules view is one seat's."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        perfect_recall = False
        if iig_obs_type is not None:
            if (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info
            ):
                raise ValueError(
                    "cardrules observes from one seat's view: only private_info=SINGLE_PLAYER "
                    "with public_info=True is supported"
                )
            perfect_recall = bool(iig_obs_type.perfect_recall)
        return CardrulesObserver(self.shared.encoding, perfect_recall)


class CardrulesState(pyspiel.State):
    """An OpenSpiel state holding an immutable cardrules state (explicit chance)."""

    def __init__(self, game: CardrulesGame, state: Any = None) -> None:
        super().__init__(game)
        self._shared = game.shared
        value = game.shared.initial if state is None else state
        self._state = _Frozen(value, game.shared.game.to_move(value))

    @property
    def cardrules_state(self) -> Any:
        """The cardrules state (immutable)."""
        return self._state.value

    def current_player(self) -> int:
        """The seat to move, or ``PlayerId.CHANCE`` / ``PlayerId.TERMINAL``."""
        mover = self._state.mover
        if mover is None:
            return _TERMINAL
        if mover is CHANCE:
            return _CHANCE
        assert isinstance(mover, int)
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        moves = self._shared.game.legal_moves(self._state.value)
        return self._shared.sorted_actions(moves)

    # The methods below answer Python callers directly, with what pyspiel's own
    # methods return (C++ code keeps reaching the same answers through pyspiel):
    # pyspiel's route calls back into Python several times a call and copies each
    # tensor element by element, which costs more than the game's own move.

    def is_chance_node(self) -> bool:
        """Whether chance moves next (a card dealt, turned or drawn, a dealer drawn)."""
        return self._state.mover is CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the player to move if None), ascending: the
        chance outcomes' numbers at a chance node, none at the end or for a seat not
        to move (as pyspiel's ``State.legal_actions``)."""
        mover = self._state.mover
        if mover is None:
            return []
        if mover is CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if player is None or player == mover:
            return self._shared.sorted_actions(self._shared.legal_moves(self._state.value, mover))
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information-state tensor (the player to move if None), as a list
        (as pyspiel's ``State.information_state_tensor``)."""
        return self._tensor(player, True)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (the player to move if None), as a list
        (as pyspiel's ``State.observation_tensor``)."""
        return self._tensor(player, False)

    def _tensor(self, player: int | None, perfect_recall: bool) -> list[float]:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._shared.encoding.players:
            raise pyspiel.SpielError(
                f"a tensor is seen by a player 0..{self._shared.encoding.players - 1}, "
                f"not {player} (at a chance node or the end, name the player)"
            )
        return self._shared.tensor_list(self._state.value, player, perfect_recall)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes (move number minus ``PLAYER_ACTIONS``) and their probabilities."""
        shared = self._shared
        return shared.chance_actions(shared.game.chance_outcomes(self._state.value))

    def _move(self, action: int, chance: bool) -> Any:
        offset = self._shared.encoding.player_actions if chance else 0
        return self._shared.game.move_from_index(int(action) + offset)

    def _apply_action(self, action: int) -> None:
        game = self._shared.game
        state = game.apply(self._state.value, self._move(action, self._state.mover is CHANCE))
        self._state = _Frozen(state, game.to_move(state))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._move(action, player == int(pyspiel.PlayerId.CHANCE)))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The game (by its game string), the cardrules state and the action history.
        return (_restore_state, (self.get_game(), self._state.value, list(self.history())))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._state.mover is None

    def returns(self) -> list[float]:
        """The payoffs at the end (``score(state).payoffs``), zeros before."""
        if self._state.mover is not None:
            return [0.0] * self._shared.encoding.players
        return list(self._shared.encoding.payoffs(self._state.value))

    def __str__(self) -> str:
        game = self._shared.game
        state = self._state.value
        mover = game.to_move(state)
        lines = [str(game.origin(state).rules), f"to move: {'over' if mover is None else mover}"]
        lines += [f"{zone}: {format_cards(cards)}" for zone, cards in game.zones(state).items()]
        lines.append("totals: " + " ".join(map(str, game.score(state).totals)))
        return "\n".join(lines)


class CardrulesObserver:
    """One seat's information state or observation, as a tensor and a string (the
    PyObserver interface of ``open_spiel.python.observation``)."""

    def __init__(self, enc: GameEncoding, perfect_recall: bool) -> None:
        self._encoding = enc
        self._perfect_recall = perfect_recall
        self.tensor, self.dict = enc.layout(perfect_recall).new()
        # The latest few tensors, by (state, player): OpenSpiel asks for the same ones
        # several times in a row (for one tensor of a Python game it also encodes the
        # game's first state for player 0). The entry holds the immutable state itself,
        # so its id cannot be reused while it is remembered.
        self._latest: dict[tuple[int, int], tuple[Any, Tensor]] = {}

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill ``tensor`` (and ``dict``) with ``state`` seen by ``player``."""
        inner = state.cardrules_state
        key = (id(inner), player)
        found = self._latest.get(key)
        if found is not None and found[0] is inner:
            np.copyto(self.tensor, found[1])
            return
        view = state._shared.view(inner, player)
        self._encoding.encode(view, self.tensor, self.dict, self._perfect_recall)
        if len(self._latest) >= 8:
            self._latest.clear()
        self._latest[key] = (inner, self.tensor.copy())

    def string_from(self, state: CardrulesState, player: int) -> str:
        """``state`` seen by ``player``, as text."""
        view = state._shared.view(state.cardrules_state, player)
        if self._perfect_recall:
            return encoding.information_state_string(view)
        return encoding.observation_string(view)


# --------------------------------------------------------------------------- helpers


def load_game(name: str | Game, rules: Any = None) -> Any:
    """``pyspiel.load_game`` of a cardrules game (a name or game module, registered with
    OpenSpiel on first use) under ``rules`` (``Rules()`` if None)."""
    params = parameters(rules) if rules is not None else {}
    return pyspiel.load_game(register_game(name), params)


def cardrules_state(state: Any) -> Any:
    """The immutable cardrules state inside an OpenSpiel state of this adapter."""
    if not isinstance(state, CardrulesState):
        raise TypeError(f"not a cardrules OpenSpiel state: {type(state).__name__}")
    return state.cardrules_state


def with_cardrules_state(state: Any, new: Any) -> CardrulesState:
    """A new OpenSpiel state of ``state``'s game holding the cardrules state ``new``
    (its OpenSpiel action history is empty)."""
    return CardrulesState(state.get_game(), new)


def resampler(seed: int | None = None) -> Callable[[Any, int], CardrulesState]:
    """A resampler for ``open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler``:
    ``(state, player) -> state`` drawing a world consistent with ``player``'s view
    with the game's own ``sample`` (uniform where the game documents it)."""
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> CardrulesState:
        game = state._shared.game
        world = game.sample(game.observe(cardrules_state(state), player), rng)
        return with_cardrules_state(state, world)

    return resample


def _load_game_string(game_string: str) -> Any:
    """``pyspiel.load_game``, for unpickling (importing this module registers the games)."""
    return pyspiel.load_game(game_string)


def _restore_state(game: Any, state: Any, history: list[int]) -> CardrulesState:
    """An unpickled state: the cardrules state, with the OpenSpiel history replayed on
    a fresh state when it leads there (so ``history()`` survives as well)."""
    replayed = game.new_initial_state()
    for action in history:
        replayed.apply_action(action)
    if cardrules_state(replayed) == state:
        return typing.cast(CardrulesState, replayed)
    return CardrulesState(game, state)


#: The ``pyspiel.GameType`` of each game and its game class, by cardrules name
#: (registered at import, or later by :func:`register_game`).
GAME_TYPES: dict[str, Any] = {}
GAME_CLASSES: dict[str, type[CardrulesGame]] = {}


def register_game(game: str | Game) -> str:
    """Register a game with OpenSpiel (a name or module, e.g. one added with
    :func:`cardrules.games.register` after this module was imported); returns its
    OpenSpiel name. Registering a game twice does nothing the second time."""
    name = games.get(game).NAME
    if name not in GAME_TYPES:
        GAME_TYPES[name] = _game_type(name)
        class_name = f"Cardrules_{name}_Game"
        game_class = type(class_name, (CardrulesGame,), {"cardrules_name": name})
        # A module attribute: pickle finds classes by module and name, and OpenSpiel's
        # registry outlives the interpreter (a creator that only the registry holds
        # crashes Python at exit).
        game_class.__module__ = __name__
        game_class.__qualname__ = class_name
        globals()[class_name] = game_class
        GAME_CLASSES[name] = game_class
        pyspiel.register_game(GAME_TYPES[name], game_class)
    return short_name(name)


for _name in games.names():
    register_game(_name)
