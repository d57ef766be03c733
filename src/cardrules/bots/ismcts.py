"""Information-set Monte Carlo tree search, built only on the game interface.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): each iteration
draws one world consistent with the bot's view (``sample``), walks a tree of
moves shared by all worlds, choosing among the moves legal in *this* world by UCB
with availability counts, adds one node, plays the rest of the deal at random and
backs up the result. The bot sees only its view: hidden cards come from
``sample``, never from the real state.

The result of a playout is judged at the end of the deal being played (or the
game, if it ends first): 1 for each seat whose team scored best in that deal, 0.5
shared on a tie, 0 otherwise (the lowest score is best where ``better`` is "low").

Two options make the search fit games whose random deals are long:

* ``playout``: a bot that plays the rest of the deal in each iteration instead
  of uniform random moves. It sees what the bot whose turn it is would see in
  the sampled world (``observe``), so any bot works, e.g. the game's heuristic
  bot. In the Mau Mau games, where random players draw when they could play,
  heuristic playouts end a deal in tens of moves instead of hundreds.
* ``playout_limit``: the most moves a playout plays. A playout cut off there
  counts as a draw between all teams (every seat gets one share in the number
  of teams), so that a playout policy that can go round in circles (in Enfle
  no card need ever leave play) cannot stall the search.

With a playout bot the search is *guided*: it improves on that bot's play
rather than starting from scratch. Every sampled world is played from every
legal move at the root, with the same random numbers for each move, so the
moves compare in pairs on the same worlds. Below each root move a tree grows as
above, but slowly (a node gets one more child per ``widening`` visits, the
playout bot's choice first), so most of each iteration follows the playout bot.
The bot's own move stands unless another beats it on the paired results by
``margin`` standard errors: over a few hundred noisy playouts, moves that only
look better by chance would otherwise replace good moves about as often as
better moves replace bad ones.

>>> import random
>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=4)
>>> seat = oh_hell.to_move(state)
>>> bot = ISMCTSBot(oh_hell, iterations=50)
>>> view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
>>> bot.choose(view, legal, random.Random(1)) in legal
True
>>> from cardrules.bots.heuristics import heuristic_bot
>>> guided = ISMCTSBot(oh_hell, iterations=50, playout=heuristic_bot("oh_hell"))
>>> guided.name
'ismcts50:heuristic'
>>> guided.choose(view, legal, random.Random(1)) in legal
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, TypeVar

from cardrules.bots import Bot
from cardrules.game import CHANCE, Game

__all__ = ["ISMCTSBot"]

M = TypeVar("M")


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def deal_result(game: Game, state: Any, deal_number: int) -> tuple[float, ...] | None:
    """Per seat, the playout reward once deal ``deal_number`` has ended (None while it runs).

    ``game.deal_number(state)`` counts the finished deals.
    """
    if game.deal_number(state) == deal_number and not game.is_over(state):
        return None
    score = game.score(state)
    players = len(score.totals)
    points: Sequence[float] = (
        score.deals[deal_number].points if len(score.deals) > deal_number else score.payoffs
    )
    team_of = {seat: team for team in score.teams for seat in team}
    team_points = {team: sum(points[s] for s in team) / len(team) for team in score.teams}
    best = (max if score.better == "high" else min)(team_points.values())
    winners = [team for team, value in team_points.items() if value == best]
    share = 1.0 / len(winners)
    return tuple(share if team_of[seat] in winners else 0.0 for seat in range(players))


def _draw_result(game: Game, state: Any) -> tuple[float, ...]:
    """Per seat, one share in the number of teams: the reward of a cut-off playout."""
    teams = game.score(state).teams
    share = 1.0 / len(teams)
    return (share,) * sum(len(team) for team in teams)


class ISMCTSBot:
    """Chooses the move with the most visits after ``iterations`` sampled playouts.

    ``playout``: the bot that plays out each iteration (None: uniform random moves);
    a playout bot also turns on the guided search described in the module docstring.
    ``playout_limit``: the most moves of one playout (None: no limit); a playout
    cut off there counts as a draw between all teams.
    """

    #: Guided search: a node below the root gets one more child per this many visits.
    widening = 8
    #: Guided search: how many standard errors of the paired difference a move must
    #: gain over the playout bot's own choice to replace it.
    margin = 2.0

    # iterations, exploration and playout_limit: object, checked below: compiled, a typed
    # parameter would refuse another type with the compiler's TypeError, not this error.
    def __init__(
        self,
        game: Game,
        iterations: object = 200,
        exploration: object = 0.7,
        playout: Bot | None = None,
        playout_limit: object = None,
    ) -> None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be an integer of at least 1, not {iterations!r}")
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)):
            raise ValueError(f"exploration must be a number, not {exploration!r}")
        if not exploration >= 0:  # also refuses NaN
            raise ValueError(f"exploration must be at least 0, not {exploration!r}")
        if playout is not None and not callable(getattr(playout, "choose", None)):
            raise ValueError(
                f"playout must be a bot (an object with a choose method), not {playout!r}"
            )
        if playout_limit is not None and (
            isinstance(playout_limit, bool)
            or not isinstance(playout_limit, int)
            or playout_limit < 1
        ):
            raise ValueError(
                f"playout_limit must be None or an integer of at least 1, not {playout_limit!r}"
            )
        self.game = game
        self.iterations = iterations
        self.exploration = float(exploration)
        self.playout = playout
        self.playout_limit = playout_limit
        self.name = f"ismcts{iterations}"
        if playout is not None or playout_limit is not None:
            self.name += f":{'random' if playout is None else playout.name}"
        if playout_limit is not None:
            self.name += f":{playout_limit}"

    def choose(self, view: Any, legal_moves: Sequence[M], rng: random.Random) -> M:
        """Search from ``view`` and return one of ``legal_moves``."""
        if not legal_moves:
            raise ValueError("no legal move to choose from: the game is over")
        if len(legal_moves) == 1:
            return legal_moves[0]
        if self.playout is not None:
            return self._guided(self.playout, view, legal_moves, rng)
        game = self.game
        root = _Node()
        for _ in range(self.iterations):
            state = game.sample(view, rng)
            self._descend(root, state, game.deal_number(state), rng)
        best = max(legal_moves, key=lambda m: root.children[m].visits if m in root.children else -1)
        return best

    def _guided(self, policy: Bot, view: Any, legal_moves: Sequence[M], rng: random.Random) -> M:
        """The guided search: every sampled world is searched from every root move.

        The root moves share worlds and playout randomness (common random numbers),
        so their rewards compare in pairs; the playout bot's own choice stands
        unless another move beats it on those pairs by ``margin`` standard errors.
        """
        game = self.game
        base = policy.choose(view, legal_moves, rng)
        children = [_Node() for _ in legal_moves]
        gains = [0.0] * len(legal_moves)
        squares = [0.0] * len(legal_moves)
        index = legal_moves.index(base)
        for _ in range(max(1, -(-self.iterations // len(legal_moves)))):
            world = game.sample(view, rng)
            seat = game.to_move(world)
            assert isinstance(seat, int)
            deals_before = game.deal_number(world)
            seed = rng.getrandbits(64)
            rewards = []
            for move, child in zip(legal_moves, children):
                state = game.apply(world, move)
                result = self._descend(child, state, deals_before, random.Random(seed))
                child.visits += 1
                child.reward += result[seat]
                rewards.append(result[seat])
            for i, reward in enumerate(rewards):
                difference = reward - rewards[index]
                gains[i] += difference
                squares[i] += difference * difference
        best = index
        for i in range(len(legal_moves)):
            if gains[i] > self.margin * math.sqrt(squares[i]) and gains[i] > gains[best]:
                best = i
        return legal_moves[best]

    def _descend(
        self, node: _Node, state: Any, deals_before: int, rng: random.Random
    ) -> tuple[float, ...]:
        """One iteration below ``node``: select and expand, play out, back up.

        Unguided, a node gets a child for every legal move before UCB chooses
        among them, each new one at random. Guided by a playout bot, it gets one
        more child per ``widening`` visits, the playout bot's choice first.
        """
        game = self.game
        guide = self.playout
        path: list[tuple[_Node, int]] = []
        result = deal_result(game, state, deals_before)
        while result is None:
            mover = game.to_move(state)
            legal = game.legal_moves(state)
            if mover is CHANCE or mover is None:
                state = game.apply(state, legal[rng.randrange(len(legal))])
                result = deal_result(game, state, deals_before)
                continue
            tried = [m for m in legal if m in node.children]
            for move in tried:
                node.children[move].available += 1
            if len(tried) < len(legal) and (
                guide is None or not tried or len(node.children) <= node.visits // self.widening
            ):
                move = (
                    None if guide is None else guide.choose(game.observe(state, mover), legal, rng)
                )
                if move is None or move in node.children:
                    untried = [m for m in legal if m not in node.children]
                    move = untried[rng.randrange(len(untried))]
                child = node.children[move] = _Node()
                child.available = 1
                path.append((child, mover))
                state = game.apply(state, move)
                result = deal_result(game, state, deals_before)
                break
            move = self._select(node, tried)
            node = node.children[move]
            path.append((node, mover))
            state = game.apply(state, move)
            result = deal_result(game, state, deals_before)
        if result is None:
            result = self._playout(state, deals_before, rng)
        for visited, mover in path:
            visited.visits += 1
            visited.reward += result[mover]
        return result

    def _select(self, node: _Node, tried: Sequence[Any]) -> Any:
        """The child to descend to, by UCB with availability counts."""
        best_value = -1.0
        move = tried[0]
        for candidate in tried:
            c = node.children[candidate]
            value = c.reward / c.visits + self.exploration * math.sqrt(
                math.log(c.available) / c.visits
            )
            if value > best_value:
                best_value, move = value, candidate
        return move

    def _playout(self, state: Any, deals_before: int, rng: random.Random) -> tuple[float, ...]:
        """Play from ``state`` to the end of the deal (or the limit); the rewards per seat."""
        game = self.game
        policy = self.playout
        remaining = -1 if self.playout_limit is None else self.playout_limit
        while remaining != 0:
            legal = game.legal_moves(state)
            mover = game.to_move(state)
            if policy is None or len(legal) == 1 or mover is CHANCE or mover is None:
                move = legal[rng.randrange(len(legal))]
            else:
                # The playout bot sees only the mover's view of the sampled world.
                move = policy.choose(game.observe(state, mover), legal, rng)
            state = game.apply(state, move)
            result = deal_result(game, state, deals_before)
            if result is not None:
                return result
            remaining -= 1
        return _draw_result(game, state)
