"""Perfect Information Monte Carlo (PIMC) for trick games, on the solver.

The method of the strong card players of trick games (Ginsberg's GIB at bridge,
Kupferschmid and Helmert's Skat player): draw complete deals consistent with what
the bot's seat knows (``sample``, exactly uniform in trick games), value every
legal move in each drawn deal with perfect information, and play the move with
the best mean value. The values come from :mod:`cardrules.solver`, to the end of
the deal, the seat and its partners against all the others: with ``margin`` (the
default) the seat's points less the best points among the seats outside its team,
so that the others are taken to play for their own points as well as against the
bot's (in Up and Down the River they make their own bids, not only break the
bot's), and the bot plays to come first in the deal, not only to score; without
it, the seat's points. Where moves tie on the mean (every drawn deal values them alike),
the bot plays the ``playout`` bot's choice among them.

The solver is exact but its cost grows fast with the cards left (see the
strength page: in the trick engine's double-dummy search, hands of seven cards
take a tenth of a second, pure Python), so the bot solves exactly once every hand
holds at most ``solve_cards`` cards. Before that, and for moves before the play (bids, passes,
declarations), it values a move in a drawn deal by making the move, letting the
``playout`` bot (the game's heuristic bot by default) play every seat's moves
until every hand is down to ``solve_cards`` cards and the play has begun, and
solving from there; every move is tried on the same drawn deals with the same
playout randomness, so the moves compare in pairs. With ``solve_cards`` at least
the cards dealt, it is plain PIMC: every move of the play is solved exactly.

The budget is ``samples`` drawn deals a move, or ``seconds`` a move (as many deals
as fit), whichever ends first. The seconds bind the solver too: a solve still
running when the time is up stops, and its deal is left out of the mean; if not
one deal was valued in the time, the bot plays the ``playout`` bot's move.
Budgeted by samples alone the bot is deterministic: the same view and random
generator give the same move. By name (:func:`cardrules.simulate.make_bot`),
``pimc:20`` draws 20 deals a move and ``pimc:0.5s`` as many as half a second allows.

``equivalent_cards``: search one card of each run of cards that are proven
equivalent (see :mod:`cardrules.solver`); None turns it on for a game whose module
declares ``SOLVER_EQUIVALENT_CARDS = True`` (Up and Down the River and the Whist
example, where the tests prove it).

Games whose tricks can go back into a hand (Enfle's pick-up) have no bounded
deal for the solver (:class:`~cardrules.solver.UnsolvableError`): once the bot
meets one, it values each move by the playout bot's play to the end of the deal
in every sampled world, Monte Carlo without the exact endgame.

>>> import random
>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=4)
>>> bot = PIMCBot(oh_hell, samples=5)
>>> bot.name
'pimc5'
>>> seat = oh_hell.to_move(state)
>>> view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
>>> bot.choose(view, legal, random.Random(1)) in legal
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, TypeVar

from cardrules.bots import Bot, RandomBot
from cardrules.game import Game
from cardrules.moves import Play
from cardrules.solver import SearchBudgetError, Solver, UnsolvableError

__all__ = ["PIMCBot"]

M = TypeVar("M")

#: ``samples`` at least this large count as no limit: the name then gives the seconds.
UNLIMITED = 1_000_000


class PIMCBot:
    """Chooses the move with the best mean solved value over sampled deals.

    ``samples``: deals drawn a move; ``seconds``: a time budget a move (None: none);
    ``solve_cards``: the hand size from which the rest of the deal is solved exactly;
    ``playout``: the bot that plays the moves before that (None: the game's
    heuristic bot, or the random bot for a game without one);
    ``equivalent_cards`` and ``margin``: see the module docs.
    """

    # samples, seconds, solve_cards, equivalent_cards and margin: object, checked below:
    # compiled, a typed parameter would refuse another type with the compiler's TypeError.
    def __init__(
        self,
        game: Game,
        samples: object = 20,
        seconds: object = None,
        solve_cards: object = 4,
        playout: Bot | None = None,
        equivalent_cards: object = None,
        margin: object = True,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be an integer of at least 1, not {samples!r}")
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
        ):
            raise ValueError(f"seconds must be None or a number above 0, not {seconds!r}")
        if isinstance(solve_cards, bool) or not isinstance(solve_cards, int) or solve_cards < 1:
            raise ValueError(f"solve_cards must be an integer of at least 1, not {solve_cards!r}")
        if playout is not None and not callable(getattr(playout, "choose", None)):
            raise ValueError(
                f"playout must be a bot (an object with a choose method), not {playout!r}"
            )
        if equivalent_cards is not None and not isinstance(equivalent_cards, bool):
            raise ValueError(
                f"equivalent_cards must be None, True or False, not {equivalent_cards!r}"
            )
        if not isinstance(margin, bool):
            raise ValueError(f"margin must be True or False, not {margin!r}")
        self.game = game
        self.samples = samples
        self.seconds = None if seconds is None else float(seconds)
        self.solve_cards = solve_cards
        self.playout: Bot = playout if playout is not None else _default_playout(game)
        self.equivalent_cards = (
            bool(getattr(game, "SOLVER_EQUIVALENT_CARDS", False))
            if equivalent_cards is None
            else equivalent_cards
        )
        self.margin = margin
        #: False once a deal of the game proved unsolvable (see the module docs).
        self.solves = True
        if self.seconds is not None and samples >= UNLIMITED:
            self.name = f"pimc{self.seconds:g}s"
        else:
            self.name = f"pimc{samples}"
        if solve_cards != 4:
            self.name += f":{solve_cards}"

    def choose(self, view: Any, legal_moves: Sequence[M], rng: random.Random) -> M:
        """Sample, solve, and return the move of ``legal_moves`` with the best mean."""
        if not legal_moves:
            raise ValueError("no legal move to choose from: the game is over")
        if len(legal_moves) == 1:
            return legal_moves[0]
        game = self.game
        seat: int = view.seat
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        totals = [0.0] * len(legal_moves)
        solver: Solver | None = None
        worlds = 0
        for _ in range(self.samples):
            world = game.sample(view, rng)
            if solver is None:
                # The move's time is the solver's budget too: a long solve stops with it.
                solver = Solver(
                    game,
                    seat,
                    game.deal_number(world),
                    equivalent_cards=self.equivalent_cards,
                    margin=self.margin,
                    seconds=None if deadline is None else max(0.0, deadline - time.perf_counter()),
                )
            try:
                values = self._world_values(solver, world, legal_moves, rng)
            except SearchBudgetError:
                break  # out of time inside a solve: this world is left out
            for index, value in enumerate(values):
                totals[index] += value
            worlds += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        if not worlds:  # not one world solved in the time: the playout bot's move
            return self.playout.choose(view, legal_moves, rng)
        # Points are the value; where low totals are better, the fewest points are best.
        sign = -1.0 if view.score.better == "low" else 1.0
        best = 0
        for index in range(1, len(legal_moves)):
            if sign * totals[index] > sign * totals[best]:
                best = index
        tied = [index for index, total in enumerate(totals) if total == totals[best]]
        if len(tied) > 1:
            preferred = self.playout.choose(view, legal_moves, rng)
            if preferred in legal_moves and legal_moves.index(preferred) in tied:
                return preferred
        return legal_moves[best]

    def _world_values(
        self, solver: Solver, world: Any, legal_moves: Sequence[M], rng: random.Random
    ) -> list[float]:
        """The value of each legal move in one sampled world: solved, or played out by
        the playout bot down to the endgame and solved from there."""
        values = self._solved(solver, world)
        if values is not None:
            return [values[move] for move in legal_moves]
        seed = rng.getrandbits(64)
        return [
            self._played_out(solver, self.game.apply(world, move), random.Random(seed))
            for move in legal_moves
        ]

    def _solved(self, solver: Solver, world: Any) -> dict[Any, float] | None:
        """The solved value of each legal move of ``world``, or None when the endgame is
        not reached yet or the game's deals cannot be solved."""
        if not self._solvable(world):
            return None
        try:
            return dict(solver.move_values(world))
        except UnsolvableError:
            self.solves = False  # tricks go back into hands: play every deal out
            return None

    def _played_out(self, solver: Solver, state: Any, rng: random.Random) -> float:
        """The seat's points for the deal after the playout bot has played every seat
        down to the endgame, solved from there (or played to the deal's end)."""
        end = self._play_to_endgame(state, rng)
        if self.solves:
            try:
                return solver.value(end)
            except UnsolvableError:
                self.solves = False  # tricks go back into hands: play every deal out
                end = self._play_to_endgame(end, rng)
        return solver.value(end)  # the deal is over: its points

    def _solvable(self, state: Any) -> bool:
        """Whether the play has begun and every hand holds at most ``solve_cards`` cards
        (never, in a game whose deals the solver cannot search)."""
        if not self.solves:
            return False
        game = self.game
        if not all(type(move) is Play for move in game.legal_moves(state)):
            return False
        zones = game.zones(state)
        return all(
            len(cards) <= self.solve_cards
            for name, cards in zones.items()
            if name.startswith("hand ")
        )

    def _play_to_endgame(self, state: Any, rng: random.Random) -> Any:
        """``state`` after the playout bot has played every seat down to the endgame
        (or to the end of the deal)."""
        game = self.game
        deal = game.deal_number(state)
        while not game.is_over(state) and game.deal_number(state) == deal:
            mover = game.to_move(state)
            legal = game.legal_moves(state)
            if not isinstance(mover, int):
                state = game.apply(state, legal[rng.randrange(len(legal))])
                continue
            if self._solvable(state):
                return state
            move = (
                legal[0]
                if len(legal) == 1
                else self.playout.choose(game.observe(state, mover), legal, rng)
            )
            state = game.apply(state, move)
        return state


def _default_playout(game: Game) -> Bot:
    """The game's heuristic bot, or the random bot where it has none."""
    from cardrules.bots.heuristics import heuristic_bot
    from cardrules.errors import CardrulesError

    try:
        return heuristic_bot(game)
    except CardrulesError:
        return RandomBot()
