# mypy: disallow-subclassing-any=False
"""Every cardrules game as an OpenSpiel (``pyspiel``) game; ``pip install 'cardrules[openspiel]'``.

Importing this module registers ``python_cardrules_<game>`` for every game of
:func:`cardrules.games.names`, with its rules options as game parameters:

>>> import pyspiel
>>> from cardrules.integrations import openspiel
>>> game = pyspiel.load_game("python_cardrules_oh_hell(schedule=single,start_hand=2)")
>>> game.num_players(), game.num_distinct_actions(), game.max_game_length()
(4, 130, 12)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.action_to_string(state.chance_outcomes()[0][0])
(True, 'dealer 0')

* **Actions** are the game's own move numbers (``move_index``), chance outcomes
  included; ``num_distinct_actions`` and ``max_chance_outcomes`` are both
  ``NUM_MOVES``.
* **Chance is explicit**: the cardrules game runs with ``chance="explicit"``,
  so drawing the first dealer and every card dealt, turned or drawn is a chance
  node whose outcomes and probabilities come from ``chance_outcomes``. The
  game's seed decides nothing.
* **Observations**: the information state (perfect recall) and the observation,
  as strings and tensors, come from the seat's view only
  (:mod:`cardrules.integrations.encoding`; the layout tables are in each
  game's encoder module).
* **Utilities** are the game's payoffs (``score(state).payoffs``) at the end
  (terminal rewards; general-sum), bounded by the encoder's ``payoff_bounds``.
* **Length**: ``max_game_length`` counts the moves by seats (chance nodes not
  counted) and is a true bound: the game's own bound, or ``max_moves`` when it is
  smaller. Rules with neither are refused.

Game parameters are the rules options, with ``Rules()``'s defaults. An option
whose value may be None has a pyspiel form that survives OpenSpiel's game
strings: a whole-number option (``int | None``) is an int with ``-1`` for None;
a true/false option (``bool | None``) is a string ``yes``, ``no`` or ``none``; a
word option (``str | None``) is the word or ``none``. For example
``python_cardrules_oh_hell(players=5,start_hand=6,hook=no)``.
:func:`parameters` and :func:`rules_from_parameters` convert.

The states hold the immutable cardrules state (``cardrules_state(state)``);
cloning copies a reference. OpenSpiel cannot take a resampler from Python
(``resample_from_infostate``); for its Python IS-MCTS bot, install
:func:`resampler`, which draws worlds with the game's own ``sample``.
"""

from __future__ import annotations

import importlib
import random
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final

import attrs

from cardrules import games
from cardrules.cards import format_cards
from cardrules.errors import RulesError
from cardrules.game import CHANCE, Game
from cardrules.integrations import encoding
from cardrules.integrations.encoding import GameEncoding

try:
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        "cardrules.integrations.openspiel needs OpenSpiel: pip install 'cardrules[openspiel]'"
    ) from error

__all__ = [
    "GAME_CLASSES",
    "GAME_TYPES",
    "NONE_INT",
    "NONE_TEXT",
    "CardrulesGame",
    "CardrulesObserver",
    "CardrulesState",
    "cardrules_state",
    "load_game",
    "parameters",
    "resampler",
    "rules_from_parameters",
    "short_name",
    "with_cardrules_state",
]

#: The value standing for None in an ``int | None`` option.
NONE_INT: Final = -1
#: The value standing for None in a ``bool | None`` or ``str | None`` option.
NONE_TEXT: Final = "none"
_BOOL_WORDS: Final = {"yes": True, "no": False, "true": True, "false": False}


def short_name(name: str) -> str:
    """The OpenSpiel name of a game: ``python_cardrules_<game>``."""
    return f"python_cardrules_{games.get(name).NAME}"


# --------------------------------------------------------------------------- parameters


@attrs.frozen
class _Option:
    name: str
    kind: type  # int, bool or str
    optional: bool  # whether None is allowed
    default: Any  # the pyspiel default


@cache
def _options(name: str) -> tuple[_Option, ...]:
    rules_class = games.get(name).Rules
    hints = typing.get_type_hints(rules_class)
    defaults = rules_class()
    options = []
    for field in attrs.fields(rules_class):
        if not field.init:
            continue
        kinds = list(typing.get_args(hints[field.name]) or (hints[field.name],))
        optional = type(None) in kinds
        kind = next(k for k in kinds if k is not type(None))
        if kind not in (int, bool, str):
            raise TypeError(f"{name} option {field.name}: no pyspiel form for {hints[field.name]}")
        # None-able options keep their declared default (often None: "resolved from the
        # other options"); the others take Rules()'s value.
        declared = None if field.default is attrs.NOTHING else field.default
        value = declared if optional else getattr(defaults, field.name)
        options.append(_Option(field.name, kind, optional, _to_parameter(kind, optional, value)))
    return tuple(options)


def _to_parameter(kind: type, optional: bool, value: Any) -> int | bool | str:
    if not optional:
        return typing.cast(int | bool | str, value)
    if kind is int:
        return NONE_INT if value is None else int(value)
    if value is None:
        return NONE_TEXT
    if kind is bool:
        # Not "true"/"false": OpenSpiel would read those back from a game string as booleans.
        return "yes" if value else "no"
    return str(value)


def _from_parameter(option: _Option, value: Any) -> Any:
    if not option.optional:
        return value
    if option.kind is int:
        return None if value == NONE_INT else value
    text = str(value).strip().strip("'\"")
    if text.lower() == NONE_TEXT:
        return None
    if option.kind is bool:
        if text.lower() not in _BOOL_WORDS:
            raise RulesError(f"{option.name} must be yes, no or none, not {value!r}")
        return _BOOL_WORDS[text.lower()]
    return text


def parameters(rules: Any) -> dict[str, int | bool | str]:
    """The pyspiel game parameters of a game's rules (every option, in pyspiel form)."""
    name = _game_of_rules(rules).NAME
    return {
        option.name: _to_parameter(option.kind, option.optional, getattr(rules, option.name))
        for option in _options(name)
    }


def rules_from_parameters(name: str, params: Mapping[str, Any]) -> Any:
    """The game's ``Rules`` from pyspiel parameters (missing ones take their defaults).

    >>> rules_from_parameters("oh_hell", {"players": 5, "start_hand": -1, "hook": "no"})
    Rules(first_dealer=None, max_deals=None, max_moves=None, players=5, start_hand=8, ...)
    """
    game = games.get(name)
    options = {option.name: option for option in _options(game.NAME)}
    unknown = sorted(set(params) - set(options))
    if unknown:
        raise RulesError(f"unknown parameter {', '.join(unknown)}: the options are {list(options)}")
    given = {key: _from_parameter(options[key], value) for key, value in params.items()}
    return game.Rules(**given)


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


def _game_type(name: str) -> Any:
    game = games.get(name)
    low, high = _players_range(game)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardrules {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={option.name: option.default for option in _options(name)},
        default_loadable=_bounded(name),
    )


def _bounded(name: str) -> bool:
    """Whether ``Rules()`` bound the game's length (else loading needs ``max_moves``)."""
    try:
        encoding.for_game(name).max_decisions()
    except RulesError:
        return False
    except LookupError:  # no encoder yet: loading fails and says so
        return True
    return True


class _Shared:
    """What every state of one game shares: the game module, rules and encodings.

    Immutable: deep copies (OpenSpiel's clone) return it, and pickling (its
    serialization) stores the game's name and rules.
    """

    __slots__ = ("_views", "encoding", "game", "initial", "name")

    def __init__(self, name: str, rules: Any) -> None:
        self.name = name
        self.encoding: GameEncoding = encoding.for_game(name, rules)
        self.game: Game = self.encoding.game
        # Explicit chance: every random event is a chance node, so the seed decides nothing.
        self.initial: Any = self.game.deal(rules, seed=0, chance="explicit")
        self._views: dict[tuple[int, int], tuple[Any, Any]] = {}

    def view(self, state: Any, player: int) -> Any:
        """``observe(state, player)``, remembered for the few latest states: OpenSpiel asks
        for several tensors and strings of the same state and seat in a row."""
        key = (id(state), player)
        found = self._views.get(key)
        # The entry holds the state itself, so its id cannot be reused while it is cached.
        if found is not None and found[0] is state:
            return found[1]
        if len(self._views) >= 64:
            self._views.clear()
        view = self.game.observe(state, player)
        self._views[key] = (state, view)
        return view

    def __deepcopy__(self, memo: object) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, Any]]:
        return (_shared, (self.name, self.encoding.rules))


@cache
def _shared(name: str, rules: Any) -> _Shared:
    return _Shared(name, rules)


class _Frozen:
    """An immutable value that OpenSpiel's clone (a deep copy) shares instead of copying."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: object) -> _Frozen:
        return self

    def __getstate__(self) -> Any:
        return self.value

    def __setstate__(self, value: Any) -> None:
        self.value = value


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
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_actions,
            max_chance_outcomes=enc.num_actions,
            num_players=enc.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=enc.max_decisions(),
        )
        super().__init__(GAME_TYPES[self.shared.name], info, params)

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
        self._state = _Frozen(game.shared.initial if state is None else state)

    @property
    def cardrules_state(self) -> Any:
        """The cardrules state (immutable)."""
        return self._state.value

    def current_player(self) -> int:
        """The seat to move, or ``PlayerId.CHANCE`` / ``PlayerId.TERMINAL``."""
        mover = self._shared.game.to_move(self._state.value)
        if mover is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if mover is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        assert isinstance(mover, int)
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        game = self._shared.game
        return sorted(game.move_index(move) for move in game.legal_moves(self._state.value))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes (move numbers) and their probabilities."""
        game = self._shared.game
        return sorted(
            (game.move_index(move), probability)
            for move, probability in game.chance_outcomes(self._state.value)
        )

    def _apply_action(self, action: int) -> None:
        game = self._shared.game
        self._state = _Frozen(game.apply(self._state.value, game.move_from_index(int(action))))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._shared.game.move_from_index(int(action)))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self._shared.game.is_over(self._state.value))

    def returns(self) -> list[float]:
        """The payoffs at the end (``score(state).payoffs``), zeros before."""
        game = self._shared.game
        state = self._state.value
        if not game.is_over(state):
            return [0.0] * self._shared.encoding.players
        return [float(payoff) for payoff in game.score(state).payoffs]

    def __str__(self) -> str:
        game = self._shared.game
        state = self._state.value
        mover = game.to_move(state)
        lines = [str(state.rules), f"to move: {'over' if mover is None else mover}"]
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

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill ``tensor`` (and ``dict``) with ``state`` seen by ``player``."""
        view = state._shared.view(state.cardrules_state, player)
        self._encoding.encode(view, self.tensor, self.dict, self._perfect_recall)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """``state`` seen by ``player``, as text."""
        view = state._shared.view(state.cardrules_state, player)
        if self._perfect_recall:
            return encoding.information_state_string(view)
        return encoding.observation_string(view)


# --------------------------------------------------------------------------- helpers


def load_game(name: str, rules: Any = None) -> Any:
    """``pyspiel.load_game`` of a cardrules game under ``rules`` (``Rules()`` if None)."""
    params = parameters(rules) if rules is not None else {}
    return pyspiel.load_game(short_name(name), params)


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


def _register() -> tuple[dict[str, Any], dict[str, type[CardrulesGame]]]:
    types: dict[str, Any] = {}
    classes: dict[str, type[CardrulesGame]] = {}
    for name in games.names():
        types[name] = _game_type(name)
        # The class stays referenced from this module: OpenSpiel's registry outlives the
        # interpreter, and a creator that only the registry holds crashes Python at exit.
        classes[name] = type(f"Cardrules_{name}_Game", (CardrulesGame,), {"cardrules_name": name})
        pyspiel.register_game(types[name], classes[name])
    return types, classes


#: The ``pyspiel.GameType`` of each game and its game class, by cardrules name
#: (registered at import).
GAME_TYPES, GAME_CLASSES = _register()
