"""Fixed action numbers, legal-action masks and observation tensors for every game.

This is what the OpenSpiel and PettingZoo adapters share; it needs numpy.

**Actions.** Every game already numbers its moves, chance outcomes included,
with fixed integers, documented in its module: ``game.move_index(move)``,
``game.move_from_index(number)``, ``0 <= number < game.NUM_MOVES``. These
numbers *are* the action ids of both adapters; there is no second encoding. A
legal-action mask is a vector of ``NUM_MOVES`` zeros and ones.

**Tensors.** Each game has an encoder module, ``encoding/<game>.py``, which
defines two flat ``float32`` tensors and a layout table for each in its
docstring (piece, offset, size, meaning):

* the *observation*: what the seat sees now (its hand, the table, the visible
  bids, the scores);
* the *information state*: the observation and the seat's recall of the play,
  read from the view's public event log and score (every card played in the
  deal, by whom, where a deal has a fixed length; a per-seat summary where it
  has not; each encoder module says which).

Both are computed from the seat's view (``game.observe(state, seat)``) and
nothing else, so a tensor cannot show a card the view hides. Seats are counted
from the observer: slot 0 is the observing seat, slot 1 the seat on its left
(the next clockwise), and so on.

**Strings.** :func:`observation_string` and :func:`information_state_string`
write the view as text, one line per field (as
:func:`cardrules.render.render_view` does), and for the information state the
whole public event log too.

>>> from cardrules.games import oh_hell
>>> from cardrules.integrations import encoding
>>> rules = oh_hell.Rules(schedule="single", start_hand=3)
>>> enc = encoding.for_game("oh_hell", rules)
>>> state = oh_hell.deal(rules, seed=3)
>>> view = oh_hell.observe(state, oh_hell.to_move(state))
>>> enc.observation(view).shape == (enc.observation_layout.size,)
True
>>> [str(oh_hell.move_from_index(a)) for a in enc.legal_actions(view)]
['bid 0', 'bid 1', 'bid 2', 'bid 3']
>>> int(enc.action_mask(view).sum())
4
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

try:
    import numpy as np
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        "cardrules.integrations needs numpy: pip install 'cardrules[openspiel]' "
        "or 'cardrules[pettingzoo]'"
    ) from error
import numpy.typing as npt

from cardrules import games
from cardrules.errors import RulesError
from cardrules.game import CHANCE, Game
from cardrules.integrations.encoding.layout import Layout, Piece, Tensor
from cardrules.render import format_value, shown_fields

__all__ = [
    "Encoder",
    "GameEncoding",
    "Layout",
    "Piece",
    "Tensor",
    "encoder",
    "for_game",
    "information_state_string",
    "names",
    "observation_string",
]


class Encoder(Protocol):
    """What each module ``cardrules.integrations.encoding.<game>`` provides."""

    @property
    def NAME(self) -> str: ...  # noqa: N802

    def observation_layout(self, rules: Any) -> Layout:
        """The pieces of the observation tensor under these rules."""
        ...

    def information_state_layout(self, rules: Any) -> Layout:
        """The pieces of the information-state tensor under these rules."""
        ...

    def encode_observation(self, view: Any, out: Mapping[str, Tensor]) -> None:
        """Write the observation of ``view`` into the zeroed named views ``out``."""
        ...

    def encode_information_state(self, view: Any, out: Mapping[str, Tensor]) -> None:
        """Write the information state of ``view`` into the zeroed named views ``out``."""
        ...

    def max_decisions(self, rules: Any) -> int | None:
        """The most moves by seats (chance steps not counted) that a game can take
        under these rules, before the ``max_moves`` cap; None if there is no bound."""
        ...

    def payoff_bounds(self, rules: Any) -> tuple[float, float]:
        """The lowest and highest value of ``score(state).payoffs`` under these rules."""
        ...

    @property
    def PLAYER_ACTIONS(self) -> int:  # noqa: N802
        """How many move numbers seats can play: ``0 .. PLAYER_ACTIONS - 1``; the chance
        outcomes are numbered from ``PLAYER_ACTIONS`` to ``NUM_MOVES - 1``."""
        ...

    def utility_sum(self, rules: Any) -> float | None:
        """The sum of the payoffs of every game (also one cut by ``max_moves``), or None
        if it varies (a general-sum game)."""
        ...

    def default_max_moves(self, rules: Any) -> int:
        """The ``max_moves`` cap the adapters use by default when the rules do not bound
        the game: generous enough that games between sensible players rarely reach it."""
        ...


def names() -> tuple[str, ...]:
    """The registered games that have an encoder (the games of cardrules first)."""
    return tuple(name for name in games.names() if games.registration(name).encoder is not None)


def encoder(name: str | Game) -> Encoder:
    """The encoder of a game (a name, alias or game module); LookupError if it has none.

    A game has the ``encoder`` given to :func:`cardrules.games.register` (the games of
    cardrules too, registered with the modules of this package).
    """
    registration = games.registration(name)
    found: Encoder | None = registration.load_encoder()
    if found is None:
        raise LookupError(
            f"no observation encoder for {registration.game.NAME}: give one with "
            "cardrules.games.register(module, encoder=...), an object with the "
            "functions of cardrules.integrations.encoding.Encoder"
        )
    return found


_NOT_SHOWN: Final = frozenset(
    {"rules", "seat", "events", "legal_moves", "score", "to_move", "chance"}
)


def _view_text(view: Any, with_events: bool) -> str:
    # Like render_view, without the rules (the same for the whole game, and slow to format).
    mover = view.to_move
    who = "game over" if mover is None else "chance" if mover is CHANCE else f"seat {mover}"
    lines = [f"seat {view.seat} observes · to move: {who}"]
    for name in shown_fields(view):
        if name not in _NOT_SHOWN:
            lines.append(f"{name}: {format_value(getattr(view, name))}")
    if not hasattr(view, "totals"):
        lines.append("totals: " + format_value(view.score.totals))
    if with_events:
        lines.append("events:")
        lines.extend(f"  {event}" for event in view.events)
    return "\n".join(lines)


def observation_string(view: Any) -> str:
    """The view as text, without the event log (what the seat sees now)."""
    return _view_text(view, with_events=False)


def information_state_string(view: Any) -> str:
    """The view as text with its whole public event log (what the seat recalls)."""
    return _view_text(view, with_events=True)


#: Tensors up to this length go to a list whole, longer ones by their nonzero entries.
_SHORT_TENSOR: Final = 1024


class GameEncoding:
    """The action numbers, masks, tensors and bounds of one game under one set of rules.

    Build it with :func:`for_game`.
    """

    def __init__(self, game: Game, rules: Any, encoder: Encoder) -> None:
        self.game = game
        self.rules = rules
        self.encoder = encoder
        self.players: int = game.players(rules)
        self.num_actions: int = game.NUM_MOVES
        #: Move numbers below this are the seats' moves; the rest are chance outcomes.
        self.player_actions: int = encoder.PLAYER_ACTIONS
        self.chance_actions: int = self.num_actions - self.player_actions
        # Legal masks are written with one numpy call from these index arrays.
        self._mask_cache: dict[tuple[Any, ...], npt.NDArray[np.intp]] = {}
        self.observation_layout = encoder.observation_layout(rules)
        self.information_state_layout = encoder.information_state_layout(rules)
        # One scratch tensor per kind, its named views made once: encoding writes it and
        # hands out a copy (cheaper than building the views of a new tensor every time).
        self._scratch = {
            False: self.observation_layout.new(),
            True: self.information_state_layout.new(),
        }
        self._sizes = {
            False: self.observation_layout.size,
            True: self.information_state_layout.size,
        }

    def layout(self, perfect_recall: bool) -> Layout:
        """The information-state layout if ``perfect_recall``, else the observation layout."""
        return self.information_state_layout if perfect_recall else self.observation_layout

    def encode(
        self, view: Any, tensor: Tensor, views: Mapping[str, Tensor], perfect_recall: bool
    ) -> None:
        """Overwrite ``tensor`` (with its named ``views`` from ``Layout.new``) with ``view``."""
        tensor.fill(0.0)
        if perfect_recall:
            self.encoder.encode_information_state(view, views)
        else:
            self.encoder.encode_observation(view, views)

    def observation(self, view: Any) -> Tensor:
        """A new observation tensor of ``view``."""
        tensor, views = self._scratch[False]
        self.encode(view, tensor, views, False)
        return tensor.copy()

    def information_state(self, view: Any) -> Tensor:
        """A new information-state tensor of ``view``."""
        tensor, views = self._scratch[True]
        self.encode(view, tensor, views, True)
        return tensor.copy()

    def tensor_list(self, view: Any, perfect_recall: bool) -> list[float]:
        """The information state (if ``perfect_recall``) or the observation of ``view``
        as a list of floats, the form pyspiel hands to Python.

        A long tensor is built from its nonzero entries on a list of zeros: an
        information state is mostly zeros, and converting every entry to a Python
        float costs more than encoding it. A short one is converted whole (finding
        its nonzero entries costs more).
        """
        if self._sizes[perfect_recall] > _SHORT_TENSOR:
            return self.list_of(*self.sparse(view, perfect_recall), perfect_recall)
        tensor, views = self._scratch[perfect_recall]
        self.encode(view, tensor, views, perfect_recall)
        found: list[float] = tensor.tolist()
        return found

    def sparse(self, view: Any, perfect_recall: bool) -> tuple[list[int], list[float]]:
        """The positions and values of the nonzero entries of ``view``'s tensor."""
        tensor, views = self._scratch[perfect_recall]
        self.encode(view, tensor, views, perfect_recall)
        # Through a boolean mask: numpy finds the nonzero entries of a bool array several
        # times faster than those of a float array.
        where = (tensor != 0.0).nonzero()[0]
        return where.tolist(), tensor[where].tolist()

    def list_of(self, where: list[int], values: list[float], perfect_recall: bool) -> list[float]:
        """The tensor whose nonzero entries are ``values`` at ``where``, as a list."""
        found = [0.0] * self._sizes[perfect_recall]
        for position, value in zip(where, values):
            found[position] = value
        return found

    def legal_actions(self, view: Any) -> list[int]:
        """The numbers of the view's legal moves, ascending (empty unless the seat is to move)."""
        return sorted(self.game.move_index(move) for move in view.legal_moves)

    def legal_indices(self, moves: tuple[Any, ...]) -> npt.NDArray[np.intp]:
        """The move numbers of ``moves`` as an index array, remembered per tuple of moves
        (the same few lists of legal moves come back again and again)."""
        found = self._mask_cache.get(moves)
        if found is None:
            if len(self._mask_cache) >= 4096:
                self._mask_cache.clear()
            found = np.fromiter(map(self.game.move_index, moves), np.intp, len(moves))
            self._mask_cache[moves] = found
        return found

    def action_mask(self, view: Any) -> npt.NDArray[np.int8]:
        """1 at the number of each legal move of the view, 0 elsewhere (``player_actions``
        long: the seats' move numbers only)."""
        mask = np.zeros(self.player_actions, np.int8)
        mask[self.legal_indices(tuple(view.legal_moves))] = 1
        return mask

    def own_bound(self) -> int | None:
        """The most moves by seats the rules allow, ``max_moves`` aside (None: no bound)."""
        return self.encoder.max_decisions(self.rules)

    def can_truncate(self) -> bool:
        """Whether ``max_moves`` can cut a game short under these rules."""
        cap: int | None = self.rules.max_moves
        if cap is None:
            return False
        own = self.own_bound()
        return own is None or own > cap

    def max_decisions(self) -> int:
        """A true bound on the moves by seats in one game: the game's own bound,
        or ``max_moves`` if smaller. RulesError if neither bounds the game."""
        bound = self.encoder.max_decisions(self.rules)
        cap: int | None = self.rules.max_moves
        if cap is not None:
            bound = cap if bound is None else min(bound, cap)
        if bound is None:
            raise RulesError(
                f"{self.rules} has no bound on its length: give max_moves (a safety cap)"
            )
        return bound

    def payoff_bounds(self) -> tuple[float, float]:
        """The lowest and highest payoff of a seat."""
        return self.encoder.payoff_bounds(self.rules)

    def utility_sum(self) -> float | None:
        """The sum of every game's payoffs (0 for a zero-sum game), None for general-sum."""
        return self.encoder.utility_sum(self.rules)

    def truncated(self, state: Any) -> bool:
        """Whether a finished game was cut short by ``max_moves``.

        A game that ends because its ``max_deals`` deals are all played out is complete,
        not truncated: every deal was played to its end.
        """
        outcome = self.game.score(state).outcome
        if outcome is None or outcome.reason != "truncated":
            return False
        deals: int | None = self.rules.max_deals
        return deals is None or len(self.game.score(state).deals) < deals

    def payoffs(self, state: Any) -> tuple[float, ...]:
        """What each seat receives at the end of a game.

        The game's payoffs (``score(state).payoffs``), except for a game cut short by
        ``max_moves`` (:meth:`truncated`): a zero-sum or constant-sum game pays the score
        as it stands at the cut (as if the game had ended there; the sum holds), and a
        general-sum game pays every seat its lowest payoff, so that stalling until the
        cap never pays.
        """
        score = self.game.score(state)
        if self.utility_sum() is None and self.truncated(state):
            return (self.payoff_bounds()[0],) * self.players
        return tuple(float(payoff) for payoff in score.payoffs)

    def default_max_moves(self) -> int | None:
        """The cap the adapters add by default: None if the rules bound the game (or
        already have a cap), else the encoder's generous default."""
        if self.rules.max_moves is not None or self.own_bound() is not None:
            return None
        return self.encoder.default_max_moves(self.rules)


def for_game(name: str | Game, rules: Any = None) -> GameEncoding:
    """The encoding of game ``name`` (a name or a game module) under ``rules``
    (``Rules()`` if None)."""
    game = games.get(name)
    found = encoder(name)
    if rules is None:
        rules = game.Rules()
    elif not isinstance(rules, game.Rules):
        raise TypeError(f"rules must be {game.NAME}.Rules, not {type(rules).__name__}")
    return GameEncoding(game, rules, found)
