"""Information-set Monte Carlo tree search, built only on the game contract.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): each iteration
draws one world consistent with the bot's view (``sample``), walks a tree of
moves shared by all worlds, choosing among the moves legal in *this* world by UCB
with availability counts, adds one node, plays the rest of the deal at random and
backs up the result. The bot sees only its view: hidden cards come from
``sample``, never from the real state.

The result of a playout is judged at the end of the deal being played (or the
game, if it ends first): 1 for each seat whose team scored best in that deal, 0.5
shared on a tie, 0 otherwise (the lowest score is best where ``better`` is "low").

>>> import random
>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=4)
>>> seat = oh_hell.to_move(state)
>>> bot = ISMCTSBot(oh_hell, iterations=50)
>>> view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
>>> bot.choose(view, legal, random.Random(1)) in legal
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, TypeVar

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

    Every state has a ``match`` whose ``deal_number`` counts the finished deals.
    """
    if state.match.deal_number == deal_number and not game.is_over(state):
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


class ISMCTSBot:
    """Chooses the move with the most visits after ``iterations`` sampled playouts."""

    def __init__(self, game: Game, iterations: int = 200, exploration: float = 0.7) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.game = game
        self.iterations = iterations
        self.exploration = exploration
        self.name = f"ismcts{iterations}"

    def choose(self, view: Any, legal_moves: Sequence[M], rng: random.Random) -> M:
        """Search from ``view`` and return one of ``legal_moves``."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        game = self.game
        root = _Node()
        for _ in range(self.iterations):
            state = game.sample(view, rng)
            self._iterate(root, state, state.match.deal_number, rng)
        best = max(legal_moves, key=lambda m: root.children[m].visits if m in root.children else -1)
        return best

    def _iterate(self, root: _Node, state: Any, deals_before: int, rng: random.Random) -> None:
        game = self.game
        path: list[tuple[_Node, int]] = []
        node = root
        result = deal_result(game, state, deals_before)
        # Selection and expansion.
        while result is None:
            mover = game.to_move(state)
            legal = game.legal_moves(state)
            if mover is CHANCE or mover is None:
                state = game.apply(state, legal[rng.randrange(len(legal))])
                result = deal_result(game, state, deals_before)
                continue
            untried = [m for m in legal if m not in node.children]
            for move in legal:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[move] = _Node()
                child.available = 1
                path.append((child, mover))
                state = game.apply(state, move)
                result = deal_result(game, state, deals_before)
                break
            log_available = self.exploration
            best_value = -1.0
            move = legal[0]
            for candidate in legal:
                c = node.children[candidate]
                value = c.reward / c.visits + log_available * math.sqrt(
                    math.log(c.available) / c.visits
                )
                if value > best_value:
                    best_value, move = value, candidate
            node = node.children[move]
            path.append((node, mover))
            state = game.apply(state, move)
            result = deal_result(game, state, deals_before)
        # Playout to the end of the deal.
        while result is None:
            legal = game.legal_moves(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            result = deal_result(game, state, deals_before)
        for visited, mover in path:
            visited.visits += 1
            visited.reward += result[mover]
