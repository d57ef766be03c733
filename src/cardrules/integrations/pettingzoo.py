# mypy: disallow-subclassing-any=False
"""Every cardrules game as a PettingZoo AEC environment; ``pip install 'cardrules[pettingzoo]'``.

==================  ===========================================================
Creation            ``env("oh_hell")``, ``env("enfle", rules)``, ``raw_env(...)``
Name (metadata)     ``cardrules_<game>_v0``
Agents              ``player_0`` ... ``player_<P-1>`` (the seats)
Actions             Discrete(``PLAYER_ACTIONS``): the seats' move numbers
Observation         Dict: ``observation`` Box(float32, layout size),
                    ``action_mask`` Box(int8, ``PLAYER_ACTIONS``)
Rewards             the game's payoffs at the end, 0 before
Chance              resolved inside the environment from the seed of ``reset``
==================  ===========================================================

>>> from cardrules.integrations.pettingzoo import env
>>> from cardrules.games import oh_hell
>>> game = env("oh_hell", oh_hell.Rules(schedule="single", start_hand=2))
>>> game.reset(seed=7)
>>> game.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = game.last()
>>> [str(oh_hell.move_from_index(int(a))) for a in observation["action_mask"].nonzero()[0]]
['bid 0', 'bid 1', 'bid 2']

**Actions.** An action is a move number of the game (``move_index``; see the
game's module for the table: Up and Down the River numbers ``play CARD`` by the
card's index 0..51 and ``bid N`` as 52 + N). The game numbers its chance outcomes
after the seats' moves, from the encoder's ``PLAYER_ACTIONS`` on; they are not in
the action space: the environment deals every card itself, from the seed given
to ``reset`` (``reset(seed=s)`` always gives the same game; ``reset()`` continues
the environment's own generator), so agents see only decisions.
``action_to_string`` and ``string_to_action`` translate action numbers and move
text. ``raw_env`` refuses an illegal action with
:class:`cardrules.IllegalMoveError`; ``env`` wraps it as PettingZoo's classic
environments are (an illegal action ends the game, with ``illegal_reward`` for
that agent: by default the game's lowest payoff).

**Observations.** ``observe(agent)`` gives ``{"observation": tensor,
"action_mask": mask}``. The tensor is the seat's observation
(``perfect_recall=False``, the default) or its information state
(``perfect_recall=True``), encoded from its view only; the layout tables are in
the game's encoder module (``cardrules.integrations.encoding.<game>``). The mask
has a 1 at each legal move number of the agent to move, and is all zeros for
every other agent.

**Rewards.** Zero until the game ends; then each agent receives its payoff
``score(state).payoffs[seat]`` (Up and Down the River: the final points total;
each game's page says what its payoffs are). Only a game cut short by
``max_moves`` sets ``truncations`` instead of ``terminations`` (``max_deals``
deals played out make a complete game); it pays the score at the cut in a
zero-sum game and every agent the lowest payoff in a general-sum one, so that
stalling never pays. ``infos`` are empty dicts, except ``{"outcome": reason}``
at the end.

**Version history.** v0: first release (cardrules 0.1.0).
"""

from __future__ import annotations

import importlib
import math
import random
from typing import Any, Final

import numpy as np

from cardrules.errors import IllegalMoveError, RulesError
from cardrules.game import Game
from cardrules.integrations import encoding
from cardrules.render import render_view

try:
    _pettingzoo: Any = importlib.import_module("pettingzoo")
    _logger: Any = importlib.import_module("pettingzoo.utils.env_logger").EnvLogger
    _spaces: Any = importlib.import_module("gymnasium.spaces")
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        "cardrules.integrations.pettingzoo needs PettingZoo: pip install 'cardrules[pettingzoo]'"
    ) from error

__all__ = ["ENV_VERSION", "classic_env", "env", "raw_env"]

#: The version suffix of the environment names (``cardrules_<game>_v0``).
ENV_VERSION: Final = 0


def env(
    game: str | Game, rules: Any = None, *, illegal_reward: float | None = None, **kwargs: Any
) -> Any:
    """The AEC environment of ``game`` under ``rules`` (``Rules()`` if None), with the
    checks of PettingZoo's classic environments: an illegal action ends the game with
    reward ``illegal_reward`` for that agent (0 for the others), an action out of range
    raises, and stepping or observing before ``reset`` is refused.

    ``illegal_reward`` defaults to the game's lowest payoff under these rules
    (``payoff_bounds[0]``), so that an illegal action is never better than the worst
    real outcome; rules whose payoffs have no lower bound need it given.

    The checks are those of PettingZoo's ``TerminateIllegalWrapper``,
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, built into one class
    (:class:`classic_env`): three wrappers forwarding every attribute cost more than
    the game itself.
    """
    return classic_env(game, rules, illegal_reward=illegal_reward, **kwargs)


class raw_env(_pettingzoo.AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped env
    """The unwrapped AEC environment of one game (strict: an illegal action raises)."""

    def __init__(
        self,
        game: str | Game,
        rules: Any = None,
        *,
        perfect_recall: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._encoding = encoding.for_game(game, rules)
        self._game = self._encoding.game
        self._perfect_recall = perfect_recall
        name = self._game.NAME
        self.metadata: dict[str, Any] = {
            "name": f"cardrules_{name}_v{ENV_VERSION}",
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.render_mode = render_mode
        players = self._encoding.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        layout = self._encoding.layout(perfect_recall)
        low, high = layout.bounds()
        # The seats' move numbers only: the chance outcomes, numbered after them, are
        # resolved inside the environment and are never an agent's action.
        actions = self._encoding.player_actions
        # api_test requires the same space object on every call.
        self._observation_spaces = {
            agent: _spaces.Dict(
                {
                    "observation": _spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": _spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: _spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng: random.Random | None = None
        self._state: Any = None
        self.agents: list[str] = []

    @property
    def cardrules_state(self) -> Any:
        """The cardrules state of the game in progress (hidden cards included)."""
        return self._state

    @property
    def rules(self) -> Any:
        """The rules of the game."""
        return self._encoding.rules

    @property
    def payoff_bounds(self) -> tuple[float, float]:
        """The lowest and highest reward an agent can receive at the end of a game."""
        return self._encoding.payoff_bounds()

    def action_to_string(self, action: int) -> str:
        """The move that action number ``action`` stands for, as text (``"bid 2"``, ``"QH"``).

        >>> from cardrules.games import oh_hell
        >>> raw_env("oh_hell", oh_hell.Rules(schedule="single", start_hand=2)).action_to_string(54)
        'bid 2'
        """
        if not 0 <= int(action) < self._encoding.player_actions:
            raise IllegalMoveError(
                f"action numbers are 0..{self._encoding.player_actions - 1}, not {action!r}"
            )
        return str(self._game.move_from_index(int(action)))

    def string_to_action(self, text: str) -> int:
        """The action number of a move written as text, in the current position (what
        the game's ``parse_move`` reads; IllegalMoveError or NotationError if it is not
        a legal move here)."""
        if self._state is None:
            raise IllegalMoveError("no game in progress: call reset() first")
        move = self._game.parse_move(self._state, text)
        return int(self._game.move_index(move))

    def observation_space(self, agent: str) -> Any:
        """Dict of ``observation`` (Box) and ``action_mask`` (Box of 0/1)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """Discrete(``PLAYER_ACTIONS``): the game's move numbers for the seats."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: from ``seed`` if given, else from the environment's generator."""
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        rules = self._encoding.rules
        self._state = self._game.deal(rules, seed=self._rng.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._mover()
        if self.render_mode == "human":
            self.render()

    def _mover(self) -> str:
        seat = self._game.to_move(self._state)
        if not isinstance(seat, int):
            raise RuntimeError(f"no seat to move in a seeded game: {seat!r}")
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation tensor and action mask."""
        view = self._game.observe(self._state, self._seats[agent])
        if self._perfect_recall:
            tensor = self._encoding.information_state(view)
        else:
            tensor = self._encoding.observation(view)
        return {"observation": tensor, "action_mask": self._encoding.action_mask(view)}

    def step(self, action: Any) -> None:
        """Play move number ``action`` for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        move = self._game.move_from_index(int(action))
        self._state = self._game.apply(self._state, move)
        if self._game.is_over(self._state):
            score = self._game.score(self._state)
            assert score.outcome is not None
            # Only a cut by max_moves is a truncation; max_deals deals played out end
            # the game as surely as its own rules do.
            truncated = self._encoding.truncated(self._state)
            payoffs = self._encoding.payoffs(self._state)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = payoffs[seat]
                self.terminations[name] = not truncated
                self.truncations[name] = truncated
                self.infos[name] = {"outcome": score.outcome.reason}
            self._accumulate_rewards()
            self.agent_selection = self.possible_agents[(self._seats[agent] + 1) % len(self.agents)]
        else:
            self._accumulate_rewards()
            self.agent_selection = self._mover()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The view of the seat to move as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None or self._state is None:
            return None
        seat = self._game.to_move(self._state)
        view = self._game.observe(self._state, seat if isinstance(seat, int) else 0)
        text = render_view(view)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class classic_env(raw_env):  # noqa: N801 - named like PettingZoo's env classes
    """:class:`raw_env` with the checks of PettingZoo's classic wrappers (see :func:`env`)."""

    def __init__(
        self,
        game: str | Game,
        rules: Any = None,
        *,
        illegal_reward: float | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(game, rules, **kwargs)
        if illegal_reward is None:
            lowest = self.payoff_bounds[0]
            if not math.isfinite(lowest):
                raise RulesError(
                    f"{self.rules} have no lowest payoff to charge for an illegal action: "
                    "give illegal_reward, or max_moves to bound the game"
                )
            illegal_reward = lowest
        self.illegal_reward = float(illegal_reward)
        self._has_reset = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (see :meth:`raw_env.reset`)."""
        self._has_reset = True
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation tensor and action mask (after ``reset``)."""
        if not self._has_reset:
            _logger.error_observe_before_reset()
        return super().observe(agent)

    def render(self) -> str | None:
        """The view of the seat to move as text (after ``reset``)."""
        if not self._has_reset:
            _logger.error_render_before_reset()
        return super().render()

    def step(self, action: Any) -> None:
        """Play ``action``; an illegal one ends the game with ``illegal_reward``."""
        if not self._has_reset:
            _logger.error_step_before_reset()
        if not self.agents:
            _logger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # Discrete.contains, without building numpy's integer limits at every step.
        if not (
            isinstance(action, (int, np.integer))
            and not isinstance(action, bool)
            and 0 <= action < self._encoding.player_actions
        ):
            raise AssertionError("action is not in action space")
        try:
            super().step(action)
        except IllegalMoveError:
            # TerminateIllegalWrapper's outcome: the state is as it was, the game is over.
            _logger.warn_on_illegal_move()
            self._cumulative_rewards[agent] = 0.0
            self.terminations = dict.fromkeys(self.agents, True)
            self.truncations = dict.fromkeys(self.agents, True)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = self.illegal_reward
            self._accumulate_rewards()
            self._deads_step_first()
