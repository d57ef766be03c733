"""Many games between bots, in parallel, with the same results whatever the parallelism.

Game ``i`` of a run is fully determined by the run's seed and ``i``: its game seed
is drawn from ``Stream(seed, "simulate", i)`` and the line-up is rotated by ``i``
seats, so that over the run each bot sits in each seat equally often and no bot
gains from its seat. With ``duplicate=True`` the seed is drawn from
``Stream(seed, "simulate", i // r)`` instead, where ``r`` is the number of
different seatings the rotations give (4 for A B C D, 2 for A B A B): every deal
is played once in each seating, so the line-ups are compared on the same cards (as in duplicate
bridge), which removes most of the luck of the deal from the comparison. Results
come back in game order, so a run gives identical tables with 1 worker, 2 workers
or a Ray cluster.

Bots are named by text, so that they can travel to other processes:
``random``, ``heuristic``, ``ismcts`` (200 iterations), ``ismcts:N``,
``ismcts:N:heuristic`` (the game's heuristic bot plays out each iteration) or
``ismcts:N:heuristic:L`` (playouts cut off after L moves); see
:class:`cardrules.bots.ismcts.ISMCTSBot`.

>>> results = simulate("oh_hell", ["heuristic", "random", "random", "random"], games=8,
...                    seed=1, rules_text="oh_hell(schedule=single,start_hand=4)", workers=1)
>>> [row.bot for row in results.table()]
['heuristic', 'random']
>>> results.games_played
8
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Literal

import attrs

from cardrules import games as registry
from cardrules.bots import Bot, RandomBot
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.core.randomness import Stream
from cardrules.errors import RulesError
from cardrules.play import play_game

__all__ = ["BotRow", "GameResult", "Results", "make_bot", "simulate", "wilson_interval"]


_ISMCTS_FORM = (
    "write ismcts, ismcts:N, ismcts:N:PLAYOUT or ismcts:N:PLAYOUT:LIMIT, with N the "
    "iterations per move, PLAYOUT random or heuristic (the bot that plays out each "
    "iteration) and LIMIT the most moves of a playout"
)


def make_bot(spec: str, game: str) -> Bot:
    """The bot named by ``spec`` for the game named ``game``.

    >>> make_bot("ismcts:100:heuristic:300", "enfle").name
    'ismcts100:heuristic:300'
    """
    from cardrules.bots.heuristics import heuristic_bot
    from cardrules.bots.ismcts import ISMCTSBot

    name, _, argument = spec.partition(":")
    if name == "random" and not argument:
        return RandomBot()
    if name == "heuristic" and not argument:
        return heuristic_bot(game)
    if name == "ismcts":
        parts = argument.split(":") if argument else []
        if (
            len(parts) > 3
            or not all(parts)
            or any(not part.isdigit() for part in parts[:1] + parts[2:])
        ):
            raise RulesError(f"bot {spec!r}: {_ISMCTS_FORM}")
        iterations = int(parts[0]) if parts else 200
        playout: Bot | None = None
        if len(parts) > 1:
            if parts[1] not in ("random", "heuristic"):
                raise RulesError(f"bot {spec!r}: {_ISMCTS_FORM}")
            playout = heuristic_bot(game) if parts[1] == "heuristic" else None
        limit = int(parts[2]) if len(parts) > 2 else None
        try:
            return ISMCTSBot(
                registry.get(game), iterations=iterations, playout=playout, playout_limit=limit
            )
        except ValueError as error:
            raise RulesError(f"bot {spec!r}: {error}") from None
    raise RulesError(
        f"unknown bot {spec!r}: use random, heuristic, ismcts or ismcts:N[:PLAYOUT[:LIMIT]]"
    )


@attrs.frozen(slots=True)
class GameResult:
    """One game of a run: who sat where, what each seat scored, who won."""

    index: int
    seed: int
    seats: tuple[str, ...]
    payoffs: tuple[float, ...]
    winners: tuple[int, ...]
    shares: tuple[float, ...]
    payoff_shares: tuple[float, ...]
    draw: bool
    reason: str
    moves: int
    deals: int


@attrs.frozen(slots=True)
class BotRow:
    """The summary of one bot over a run (all the seats it filled)."""

    bot: str
    seat_games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_payoff: float


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen(slots=True)
class Results:
    """All the games of a run, in order, and tables derived from them."""

    game: str
    rules: str
    lineup: tuple[str, ...]
    seed: int
    results: tuple[GameResult, ...]

    @property
    def games_played(self) -> int:
        """How many games the run played."""
        return len(self.results)

    def table(self, by: Literal["outcome", "payoff"] = "outcome") -> list[BotRow]:
        """Per bot: wins (a winning team's seats each win; a draw shares the win
        between the drawn teams), win rate with a 95% Wilson interval over the seats
        it filled, and its mean payoff.

        ``by="outcome"`` counts the winners the game names; ``by="payoff"`` counts
        the team with the highest payoff as the winner, which also judges games
        that a cap ended without a winner (single deals of a longer match).
        """
        rows = []
        for bot in dict.fromkeys(self.lineup):
            wins = 0.0
            count = 0
            payoff = 0.0
            for result in self.results:
                for seat, name in enumerate(result.seats):
                    if name != bot:
                        continue
                    count += 1
                    payoff += result.payoffs[seat]
                    wins += (result.shares if by == "outcome" else result.payoff_shares)[seat]
            low, high = wilson_interval(wins, count)
            rows.append(
                BotRow(
                    bot,
                    count,
                    wins,
                    wins / count if count else 0.0,
                    low,
                    high,
                    payoff / max(count, 1),
                )
            )
        return rows

    @property
    def mean_moves(self) -> float:
        """The mean number of moves per game."""
        return sum(r.moves for r in self.results) / max(len(self.results), 1)

    def to_dict(self) -> dict[str, Any]:
        """Everything, JSON-ready."""
        return {
            "game": self.game,
            "rules": self.rules,
            "lineup": list(self.lineup),
            "seed": self.seed,
            "games": self.games_played,
            "mean_moves": self.mean_moves,
            "table": [attrs.asdict(row) for row in self.table()],
            "results": [attrs.asdict(r) for r in self.results],
        }


def _play_one(
    game_name: str,
    rules_text: str,
    lineup: tuple[str, ...],
    seed: int,
    index: int,
    duplicate: bool,
) -> GameResult:
    game = registry.get(game_name)
    _, options = parse_rules_text(rules_text)
    rules = build_rules(game.Rules, options)
    players = len(lineup)
    seats = tuple(lineup[(seat + index) % players] for seat in range(players))
    deal_index = index // _rotations(lineup) if duplicate else index
    bots = [make_bot(spec, game_name) for spec in seats]
    game_seed = Stream(seed, "simulate", deal_index).below(2**62)
    final = play_game(game, rules, bots, seed=game_seed)
    score = game.score(final)
    assert score.outcome is not None
    return GameResult(
        index,
        game_seed,
        seats,
        score.payoffs,
        score.outcome.winners,
        _win_shares(score.outcome.winners, score.teams, players),
        _win_shares(_best_by_payoff(score.payoffs, score.teams), score.teams, players),
        score.outcome.draw,
        score.outcome.reason,
        final.moves_made,
        len(score.deals),
    )


def _rotations(lineup: tuple[str, ...]) -> int:
    """How many different seatings rotating the line-up gives (2 for A B A B)."""
    players = len(lineup)
    for period in range(1, players + 1):
        if players % period == 0 and lineup[period:] + lineup[:period] == lineup:
            return period
    return players


def _best_by_payoff(
    payoffs: tuple[float, ...], teams: tuple[tuple[int, ...], ...]
) -> tuple[int, ...]:
    """The seats of the teams whose mean payoff is highest."""
    value = {team: sum(payoffs[s] for s in team) / len(team) for team in teams}
    best = max(value.values())
    return tuple(sorted(s for team in teams if value[team] == best for s in team))


def _win_shares(
    winners: tuple[int, ...], teams: tuple[tuple[int, ...], ...], players: int
) -> tuple[float, ...]:
    """Each seat's share of the win: 1 for a winning team's seats, split between
    the teams that share first place (a draw), 0 for the rest."""
    winning_teams = [team for team in teams if any(seat in winners for seat in team)]
    share = 1.0 / len(winning_teams) if winning_teams else 0.0
    return tuple(share if seat in winners else 0.0 for seat in range(players))


_Job = tuple[str, str, tuple[str, ...], int, list[int], bool]


def _play_chunk(job: _Job) -> list[GameResult]:
    game_name, rules_text, lineup, seed, indices, duplicate = job
    return [_play_one(game_name, rules_text, lineup, seed, i, duplicate) for i in indices]


def simulate(
    game: str,
    lineup: Sequence[str],
    *,
    games: int,
    seed: int,
    rules_text: str | None = None,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    duplicate: bool = False,
) -> Results:
    """Play ``games`` games of ``game`` with one bot per seat, seats rotated each game.

    ``workers``: processes to use (default: every core; 1 plays in this process).
    ``backend="ray"`` runs the same chunks as Ray tasks (``address`` of the
    cluster, or None to start a local Ray). ``progress(n)`` is called as games finish.
    ``duplicate``: play each deal in every rotation of the line-up (see above).
    """
    module = registry.get(game)
    rules_text = rules_text or str(module.Rules())
    name, options = parse_rules_text(rules_text)
    if registry.get(name) is not module:
        raise RulesError(f"rules {rules_text!r} are not rules of {game!r}")
    rules = build_rules(module.Rules, options)
    players = len(module.teams(rules)) if not hasattr(rules, "players") else rules.players
    if len(lineup) != players:
        raise RulesError(
            f"{module.NAME} with these rules seats {players} bots; {len(lineup)} given"
        )
    for spec in lineup:
        make_bot(spec, module.NAME)
    if games < 1:
        raise RulesError(f"games must be at least 1, not {games}")
    canonical = str(rules)
    line = tuple(lineup)
    workers = workers or os.cpu_count() or 1
    chunk = max(1, min(50, games // (workers * 4) or 1))
    chunks = [list(range(start, min(start + chunk, games))) for start in range(0, games, chunk)]
    jobs: list[_Job] = [(module.NAME, canonical, line, seed, i, duplicate) for i in chunks]
    results: list[GameResult] = []
    if backend == "ray":
        results = _run_ray(jobs, address, progress)
    elif backend != "local":
        raise RulesError(f"unknown backend {backend!r}: use local or ray")
    elif workers == 1:
        for job in jobs:
            results.extend(_play_chunk(job))
            if progress is not None:
                progress(len(job[4]))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for done in pool.map(_play_chunk, jobs):
                results.extend(done)
                if progress is not None:
                    progress(len(done))
    results.sort(key=lambda r: r.index)
    return Results(module.NAME, canonical, line, seed, tuple(results))


def _run_ray(
    jobs: list[_Job],
    address: str | None,
    progress: Callable[[int], None] | None,
) -> list[GameResult]:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise RulesError("the ray backend needs Ray: pip install 'cardrules[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    try:
        remote = ray.remote(_play_chunk)
        pending = [remote.remote(job) for job in jobs]
        results: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            chunk = ray.get(done[0])
            results.extend(chunk)
            if progress is not None:
                progress(len(chunk))
        return results
    finally:
        if started:
            ray.shutdown()
