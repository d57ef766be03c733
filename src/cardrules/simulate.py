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

A seat's bot is given as one of:

* a name: ``random``, ``heuristic``, ``ismcts`` (200 iterations), ``ismcts:N``,
  ``ismcts:N:heuristic`` (the game's heuristic bot plays out each iteration) or
  ``ismcts:N:heuristic:L`` (playouts cut off after L moves); see
  :class:`cardrules.bots.ismcts.ISMCTSBot`; ``pimc`` (20 sampled deals a move),
  ``pimc:N`` (N deals, each solved to the end of the deal as far as the budget
  allows; trick games), where N may be a time instead, such as ``0.5s`` (as many
  deals as half a second a move allows), ``pimc:N:C`` (solved exactly only from C
  cards a hand), ``pimc:N:pP`` (P positions a deal's solve) and a last ``:infer``
  (deals weighted by the other seats' calls); see :class:`cardrules.bots.pimc.PIMCBot`;
* a bot object (anything with a ``name`` and a ``choose`` method, see
  :class:`cardrules.bots.Bot`), used for every game it plays;
* a factory: a class or function that takes no argument and returns a bot; it is
  called for each game, so a bot that keeps state between moves starts afresh.

With more than one worker, or on Ray, the bots travel to other processes by
pickling: a bot object or factory must be picklable, which means its class (or
the function) is defined at the top level of a module that the workers can import,
not inside a function or a notebook cell. ``simulate`` checks this before it starts.

**Nothing runs forever.** Random bots can keep a match to a target score going
for ever (scores that drift down as fast as up). Unless the rules set their own
``max_moves``, every game of a run is played with the safety cap
:data:`DEFAULT_MAX_MOVES` (``max_moves=`` changes it; ``max_moves=None`` plays
without one): a game that reaches it ends "truncated", which its
:class:`GameResult` says (``truncated``) and :attr:`Results.truncated` counts.
The cap is far above the length of any game the bots normally play to its end.
A worker process that dies (out of memory, say) stops the run with a
:class:`~cardrules.errors.WorkerError`, never a bare ``BrokenProcessPool``.

>>> results = simulate("oh_hell", ["heuristic", "random", "random", "random"], games=8,
...                    seed=1, rules="oh_hell(schedule=single,start_hand=4)", workers=1)
>>> [row.bot for row in results.table()]
['heuristic', 'random']
>>> results.games_played
8
"""

from __future__ import annotations

import importlib
import math
import os
import pickle
import re
import statistics
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Literal, TypeAlias, cast

import attrs

from cardrules import games as registry
from cardrules.bots import Bot, RandomBot
from cardrules.core.options import build_rules, did_you_mean, parse_rules_text, rules_to_text
from cardrules.core.randomness import Stream
from cardrules.errors import CardrulesError, RulesError, WorkerError, caused_by
from cardrules.game import Game
from cardrules.play import play_game
from cardrules.records import Record, record_of

__all__ = [
    "DEFAULT_MAX_MOVES",
    "BotEntry",
    "BotRow",
    "GameResult",
    "Margin",
    "Results",
    "SimulationError",
    "bot_label",
    "capped",
    "make_bot",
    "mean_interval",
    "rules_options",
    "simulate",
    "wilson_interval",
]

#: What a seat's bot may be given as: a name, a bot object, or a factory of bots.
BotEntry: TypeAlias = "str | Bot | Callable[[], Bot]"


class SimulationError(RulesError):
    """An argument of :func:`simulate` or :func:`~cardrules.tournament.tournament` is
    wrong (a :class:`~cardrules.errors.RulesError`, as bad line-ups always were)."""


#: The safety cap on the moves of each game in :func:`simulate` and
#: :func:`~cardrules.tournament.tournament` when the rules set no ``max_moves``: a game
#: that reaches it ends "truncated". Complete games between random bots last a few
#: thousand moves at most (the longest: a match of Mau-Mau to 500 points, about 7,000),
#: and a game much longer costs memory out of proportion: every view carries the whole
#: public log, and the logs keep copies of their past to build views fast, which grows
#: with the square of the game's length, as does the time a move takes (a game of 20,000
#: moves between random bots: 2 seconds and 40 MB; of 50,000: 18 seconds and 270 MB).
DEFAULT_MAX_MOVES = 20_000

_ISMCTS_FORM = (
    "write ismcts, ismcts:N, ismcts:N:PLAYOUT or ismcts:N:PLAYOUT:LIMIT, with N the "
    "iterations per move, PLAYOUT random or heuristic (the bot that plays out each "
    "iteration) and LIMIT the most moves of a playout"
)


_PIMC_FORM = (
    "write pimc, pimc:N, pimc:N:C, pimc:N:pP or pimc:N:infer (or several, in that order, "
    "such as pimc:0.1s:p5000:infer), with N the deals sampled a move (or the seconds a "
    "move, such as 0.5s), C the most cards a hand from which the deal is solved exactly, "
    "P the positions a sampled deal's solve may search, and infer to weight the deals by "
    "the other seats' calls"
)


def make_bot(spec: str, game: str | Game) -> Bot:
    """The bot named by ``spec`` for ``game`` (a name, or a game module).

    >>> make_bot("ismcts:100:heuristic:300", "enfle").name
    'ismcts100:heuristic:300'
    >>> make_bot("pimc:10:5", "oh_hell").name
    'pimc10:5'
    >>> make_bot("pimc:0.5s", "oh_hell").name
    'pimc0.5s'
    >>> make_bot("pimc:0.1s:p5000:infer", "oh_hell").name
    'pimc0.1s:p5000:infer'
    """
    from cardrules.bots.heuristics import heuristic_bot
    from cardrules.bots.ismcts import ISMCTSBot

    if not isinstance(spec, str):
        raise SimulationError(f"a bot's name must be text such as 'random', not {spec!r}")
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
            or any(not (part.isascii() and part.isdigit()) for part in parts[:1] + parts[2:])
            or any(len(part) > 9 for part in parts[:1] + parts[2:])
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
    if name == "pimc":
        return _make_pimc(spec, argument, game)
    if "," in spec:  # several bots in one word, as "heuristic,random"
        raise RulesError(
            f"unknown bot {spec!r}: name one bot a word, separating bots with spaces "
            f"({' '.join(spec.split(','))}), not commas"
        )
    raise RulesError(
        f"unknown bot {spec!r}: use random, heuristic, ismcts, ismcts:N[:PLAYOUT[:LIMIT]], "
        "pimc or pimc:N[:C][:pP][:infer] (N deals or seconds, such as 0.5s)"
    )


def _make_pimc(spec: str, argument: str, game: str | Game) -> Bot:
    """The PIMC bot of ``pimc[:N[:C][:pP][:infer]]`` (N a count of deals, or seconds
    such as 0.5s)."""
    from cardrules.bots.pimc import UNLIMITED, PIMCBot

    parts = argument.split(":") if argument else []
    budget = parts[0] if parts else "20"
    seconds: float | None = None
    samples = UNLIMITED
    if budget.endswith("s") and _is_decimal(budget[:-1]):
        seconds = float(budget[:-1])
    elif _is_count(budget):
        samples = int(budget)
    else:
        raise RulesError(f"bot {spec!r}: {_PIMC_FORM}")
    rest = parts[1:]
    inference = bool(rest) and rest[-1] == "infer"
    if inference:
        rest = rest[:-1]
    positions: int | None = None
    if rest and rest[-1].startswith("p") and _is_count(rest[-1][1:]):
        positions = int(rest[-1][1:])
        rest = rest[:-1]
    if len(rest) > 1 or not all(_is_count(part) for part in rest):
        raise RulesError(f"bot {spec!r}: {_PIMC_FORM}")
    solve_cards = int(rest[0]) if rest else None
    try:
        return PIMCBot(
            registry.get(game),
            samples=samples,
            seconds=seconds,
            solve_cards=solve_cards,
            positions=positions,
            inference=inference,
        )
    except ValueError as error:
        raise RulesError(f"bot {spec!r}: {error}") from None


def _is_count(text: str) -> bool:
    """Whether ``text`` is a whole number of at most nine digits."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _is_decimal(text: str) -> bool:
    """Whether ``text`` is a number of digits with at most one decimal point."""
    whole, _, fraction = text.partition(".")
    return bool(whole or fraction) and all(
        not part or _is_count(part) for part in (whole, fraction)
    )


def _is_factory(entry: object) -> bool:
    return isinstance(entry, type) or (callable(entry) and not hasattr(entry, "choose"))


def _build_bot(entry: Any, game: str) -> Bot:
    """The bot of one game for a seat given as ``entry`` (see the module docs)."""
    if isinstance(entry, str):
        return make_bot(entry, game)
    bot = entry() if _is_factory(entry) else entry
    if not callable(getattr(bot, "choose", None)):
        made = f" (made by {entry!r})" if bot is not entry else ""
        raise SimulationError(
            f"{bot!r}{made} is not a bot: a bot has a choose(view, legal_moves, rng) method "
            "and a name; give a bot object, a class or function that makes one, or a bot's "
            "name (random, heuristic, ismcts:N, pimc:N)"
        )
    return cast(Bot, bot)  # it has choose(): checked just above


def bot_label(entry: Any, game: str) -> str:
    """The name a seat's bot has in tables: the text of a named bot, else its ``name``
    (its class name when it has none).

    >>> from cardrules.bots import RandomBot
    >>> bot_label("ismcts:50", "oh_hell"), bot_label(RandomBot, "oh_hell")
    ('ismcts:50', 'random')
    """
    return _label_and_kind(entry, game)[0]


def _label_and_kind(entry: Any, game: str) -> tuple[str, type]:
    """A seat's label and the class of the bot it makes."""
    try:
        bot = _build_bot(entry, game)
    except CardrulesError:
        raise
    except Exception as error:  # a user's factory failed: say so, as a library error
        raise SimulationError(f"making a bot with {entry!r} failed: {error!r}") from None
    if isinstance(entry, str):
        return entry, type(bot)
    name = getattr(bot, "name", None)
    return (name if isinstance(name, str) and name else type(bot).__name__), type(bot)


@attrs.frozen(slots=True)
class GameResult:
    """One game of a run: who sat where, what each seat scored, who won, and the
    game's record when the run kept it."""

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
    record: Record | None = None

    @property
    def truncated(self) -> bool:
        """Whether a safety cap (``max_moves`` or ``max_deals``) ended the game, not its rules."""
        return self.reason == "truncated"


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


@attrs.frozen(slots=True)
class Margin:
    """One bot's win rate minus another's, with its 95% interval over the deals
    (each deal's seatings are paired: they were played on the same cards)."""

    first: str
    second: str
    mean: float
    low: float
    high: float
    deals: int


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


def mean_interval(values: Sequence[float], z: float = 1.959964) -> tuple[float, float, float]:
    """The mean of ``values`` with its normal 95% interval (half-width 1 for one value).

    >>> [round(x, 3) for x in mean_interval([0.5, 0.25, 0.25, 0.0])]
    [0.25, 0.05, 0.45]
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean - 1.0, mean + 1.0
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@attrs.frozen(slots=True)
class Results:
    """All the games of a run, in order, and tables derived from them.

    ``per_deal`` is how many games were played on each deal: the number of
    seatings with ``duplicate=True``, else 1. ``max_moves`` is the safety cap each
    game was played with (the rules' own or the run's; None: none), and
    :attr:`truncated` counts the games it ended.
    """

    game: str
    rules: str
    lineup: tuple[str, ...]
    seed: int
    results: tuple[GameResult, ...]
    per_deal: int = 1
    max_moves: int | None = None

    @property
    def games_played(self) -> int:
        """How many games the run played."""
        return len(self.results)

    @property
    def truncated(self) -> int:
        """How many games a safety cap ended before their rules did (see ``max_moves``)."""
        return sum(result.truncated for result in self.results)

    @property
    def records(self) -> tuple[Record, ...]:
        """The records the run kept (see ``simulate(records=...)``), in game order."""
        return tuple(r.record for r in self.results if r.record is not None)

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

    def margin(
        self, first: str, second: str, by: Literal["outcome", "payoff"] = "payoff"
    ) -> Margin:
        """``first``'s win rate minus ``second``'s, with a 95% interval over deals.

        The seatings of one deal are played on the same cards (``duplicate=True``),
        so they are not independent; the deals are. Each deal gives one difference
        of win rates (over the seats each bot filled in that deal's games); the
        interval is the normal one for the mean of those differences.
        """
        for bot in (first, second):
            if bot not in self.lineup:
                raise SimulationError(
                    f"no bot {bot!r} played in this run; its bots are {', '.join(self.lineup)}"
                )
        differences = []
        for start in range(0, len(self.results), self.per_deal):
            wins = {first: 0.0, second: 0.0}
            seats = {first: 0, second: 0}
            for result in self.results[start : start + self.per_deal]:
                shares = result.shares if by == "outcome" else result.payoff_shares
                for seat, bot in enumerate(result.seats):
                    if bot in wins:
                        wins[bot] += shares[seat]
                        seats[bot] += 1
            differences.append(wins[first] / seats[first] - wins[second] / seats[second])
        mean, low, high = mean_interval(differences)
        return Margin(first, second, mean, low, high, len(differences))

    @property
    def mean_moves(self) -> float:
        """The mean number of moves per game."""
        return sum(r.moves for r in self.results) / max(len(self.results), 1)

    def to_dict(self) -> dict[str, Any]:
        """Everything, JSON-ready (each kept record under the game's ``record``)."""
        results = []
        for r in self.results:
            row = attrs.asdict(r, filter=lambda field, _: field.name != "record")
            row["truncated"] = r.truncated
            if r.record is not None:
                row["record"] = r.record.to_dict()
            results.append(row)
        return {
            "game": self.game,
            "rules": self.rules,
            "lineup": list(self.lineup),
            "seed": self.seed,
            "games": self.games_played,
            "max_moves": self.max_moves,
            "truncated": self.truncated,
            "mean_moves": self.mean_moves,
            "table": [attrs.asdict(row) for row in self.table()],
            "results": results,
        }

    def write_records(self, folder: str | os.PathLike[str]) -> list[Path]:
        """Write each kept record to ``folder`` as ``GAME-game-INDEX.json``; returns
        the paths. The folder is created if need be; an existing file is never
        overwritten (:class:`SimulationError` names it)."""
        directory = Path(folder)
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SimulationError(f"cannot create the folder {directory}: {error}") from None
        width = len(str(max(len(self.results) - 1, 0)))
        paths = []
        for result in self.results:
            if result.record is None:
                continue
            path = directory / f"{self.game}-game-{result.index:0{width}d}.json"
            try:
                with path.open("x", encoding="utf-8") as file:
                    file.write(result.record.to_json())
            except FileExistsError:
                raise SimulationError(
                    f"{path} exists already: write the records to an empty folder"
                ) from None
            except OSError as error:
                raise SimulationError(f"cannot write {path}: {error}") from None
            paths.append(path)
        return paths


def _play_one(
    game_name: str,
    rules_text: str,
    lineup: tuple[Any, ...],
    labels: tuple[str, ...],
    seed: int,
    index: int,
    duplicate: bool,
    keep_record: bool,
) -> GameResult:
    game = registry.from_reference(game_name)
    _, options = parse_rules_text(rules_text)
    rules = build_rules(game.Rules, options)
    players = len(lineup)
    order = [(seat + index) % players for seat in range(players)]
    seats = tuple(labels[i] for i in order)
    deal_index = index // _rotations(labels) if duplicate else index
    bots = [_build_bot(lineup[i], game.NAME) for i in order]
    game_seed = Stream(seed, "simulate", deal_index).below(2**62)
    final = play_game(game, rules, bots, seed=game_seed)
    score = game.score(final)
    assert score.outcome is not None
    record = None
    if keep_record:
        record = record_of(final, game=game, players=seats)
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
        game.moves_made(final),
        len(score.deals),
        record,
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


@attrs.frozen(slots=True)
class _Job:
    game: str
    rules: str
    lineup: tuple[Any, ...]
    labels: tuple[str, ...]
    seed: int
    indices: tuple[int, ...]
    duplicate: bool
    keep: frozenset[int] | None  # the games whose records to keep; None: all


def _play_chunk(job: _Job) -> list[GameResult]:
    results = []
    for i in job.indices:
        try:
            result = _play_one(
                job.game,
                job.rules,
                job.lineup,
                job.labels,
                job.seed,
                i,
                job.duplicate,
                job.keep is None or i in job.keep,
            )
        except CardrulesError:
            raise  # says what went wrong already (a bot's error, a game's defect)
        except Exception as error:  # a bot's own code, say: a library error that says so
            failed = WorkerError(f"game {i} of the run failed: {type(error).__name__}: {error}")
            raise caused_by(failed, error) from error
        results.append(result)
    return results


def _whole_number(name: str, value: object, least: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SimulationError(
            f"{name} must be a whole number, not {value!r}"
            + (
                f" (write {name}={int(value)})"
                if isinstance(value, str) and value.isdigit()
                else ""
            )
        )
    if least is not None and value < least:
        raise SimulationError(f"{name} must be at least {least}, not {value}")
    return value


def rules_options(module: Any, text: str) -> dict[str, object]:
    """The options that a preset name of ``module`` (e.g. ``"short"``) or a rules text
    (``"oh_hell(players=5)"``) sets, checked to be options of that game's rules text;
    the values are checked when the rules are built.

    >>> from cardrules.games import oh_hell
    >>> rules_options(oh_hell, "short"), rules_options(oh_hell, "oh_hell(players=5)")
    ({'start_hand': 3}, {'players': 5})
    """
    text = text.strip()
    if text in module.PRESETS:
        # The preset's explicit options only, so that a caller may change one on which
        # others depend (their resolved values are left to the rules to work out again).
        return parse_rules_text(rules_to_text(module.NAME, module.PRESETS[text]))[1]
    if re.fullmatch(r"\w+", text) and text not in registry.names():
        presets = ", ".join(module.PRESETS) or "none"
        raise SimulationError(
            f"{text[:40]!r} is not a preset of {module.NAME}"
            f"{did_you_mean(text, module.PRESETS)} (presets: {presets}; or write rules "
            f"text such as '{module.NAME}(players=4)')"
        )
    name, options = parse_rules_text(text)
    if registry.get(name) is not module:
        raise SimulationError(
            f"these are rules of {name!r}, not of {module.NAME!r}: write "
            f"{module.NAME}(OPTION=VALUE,...) or a preset name of {module.NAME}"
        )
    return options


def _rules_of(module: Any, rules: object, game: str) -> Any:
    if rules is None:
        return module.Rules()
    if isinstance(rules, str):
        return build_rules(module.Rules, rules_options(module, rules))
    if isinstance(rules, module.Rules):
        return rules
    raise SimulationError(
        f"rules must be {module.NAME}'s Rules or their text, e.g. "
        f"{str(module.Rules())!r}, not {type(rules).__name__}"
    )


def _records_wanted(records: object, games: int) -> frozenset[int] | Literal[False] | None:
    """None: keep every record; False: none; else the indices of the games to keep."""
    if records is True:
        return None
    if records is False or records is None:
        return False
    if isinstance(records, (str, bytes)) or not isinstance(records, Collection):
        raise SimulationError(
            f"records must be True, False or the numbers of the games to keep, not {records!r}"
        )
    wanted = set()
    for index in records:
        _whole_number("a game number in records", index)
        if not 0 <= index < games:
            raise SimulationError(f"records names game {index}; the games are 0..{games - 1}")
        wanted.add(index)
    return frozenset(wanted)


# games, seed, workers, duplicate and max_moves: object, checked below: compiled, a typed
# parameter would refuse another type with the compiler's TypeError, not the library's error.
def simulate(
    game: str | Game,
    lineup: Sequence[BotEntry],
    *,
    games: object,
    seed: object,
    rules: Any = None,
    rules_text: str | None = None,
    workers: object = None,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    duplicate: object = False,
    records: bool | Collection[int] = False,
    max_moves: object = DEFAULT_MAX_MOVES,
) -> Results:
    """Play ``games`` games of ``game`` with one bot per seat, seats rotated each game.

    ``lineup``: one bot per seat, each a name, a bot object or a factory (see the
    module docs); seats may have different bots. ``rules``: the game's ``Rules``,
    their text or a preset name (``rules_text`` is the older name for the text;
    default: the game's default rules). ``workers``: processes to use (default: every core; 1
    plays in this process). ``backend="ray"`` runs the same chunks as Ray tasks
    (``address`` of the cluster, or None to start a local Ray). ``progress(n)`` is
    called as games finish. ``duplicate``: play each deal in every rotation of the
    line-up (see above). ``records``: True keeps every game's record (in
    ``GameResult.record`` and :attr:`Results.records`), or give the numbers of the
    games to keep; the records name the seats' bots as players. ``max_moves``: the
    safety cap on each game's moves when the rules set none (default
    :data:`DEFAULT_MAX_MOVES`; None: no cap); a game it ends is "truncated".

    ``game``: a registered game's name, a game module or its import path (see
    :func:`cardrules.games.get`); worker processes find it again by its name, its
    import path or, for a module outside a package, its file
    (:func:`cardrules.games.reference`). With Ray on a cluster, where that file is
    not, ship the module's folder with your own ``ray.init`` before the run
    (``runtime_env={"working_dir": folder}``): the workers then import the module by
    the file's name.

    Every wrong argument raises :class:`SimulationError` saying what to give instead;
    a worker process that dies raises :class:`WorkerError`.
    """
    module = registry.get(game)
    if rules is not None and rules_text is not None:
        raise SimulationError("give the rules once: rules or rules_text, not both")
    chosen = _rules_of(module, rules if rules is not None else rules_text, module.NAME)
    if max_moves is not None:
        max_moves = _whole_number("max_moves", max_moves, 1)
    played = capped(chosen, max_moves)
    games = _whole_number("games", games, 1)
    seed = _whole_number("seed", seed)
    if workers is not None:
        workers = _whole_number("workers", workers, 1)
    if not isinstance(duplicate, bool):
        raise SimulationError(f"duplicate must be True or False, not {duplicate!r}")
    if backend not in ("local", "ray"):
        raise SimulationError(f"unknown backend {backend!r}: use local or ray")
    if isinstance(lineup, (str, bytes)) or not isinstance(lineup, Sequence):
        raise SimulationError(
            f"lineup must be a list with one bot per seat, e.g. ['heuristic', 'random'], "
            f"not {lineup!r}"
        )
    players = module.players(chosen)
    if len(lineup) != players:
        raise SimulationError(
            f"{module.NAME} with these rules seats {players} bots; {len(lineup)} given"
        )
    line = tuple(lineup)
    described = [_label_and_kind(entry, module.NAME) for entry in line]
    labels = tuple(label for label, _ in described)
    for seat, (label, kind) in enumerate(described):
        other = labels.index(label)
        if described[other][1] is not kind:
            raise SimulationError(
                f"seats {other} and {seat} have different bots with the same name {label!r}: "
                "give each bot its own name (its name attribute), so the tables can tell "
                "them apart"
            )
    keep = _records_wanted(records, games)
    workers = workers or os.cpu_count() or 1
    if backend == "ray" or workers > 1:
        _check_picklable(line)
    canonical = str(chosen)
    chunk = max(1, min(50, games // (workers * 4) or 1))
    chunks = [tuple(range(start, min(start + chunk, games))) for start in range(0, games, chunk)]
    jobs = [
        _Job(
            registry.reference(module),
            str(played),
            line,
            labels,
            seed,
            indices,
            duplicate,
            frozenset() if keep is False else keep,
        )
        for indices in chunks
    ]
    results: list[GameResult] = []
    if backend == "ray":
        results = _run_ray(jobs, address, progress)
    elif workers == 1:
        for job in jobs:
            results.extend(_play_chunk(job))
            if progress is not None:
                progress(len(job.indices))
    else:
        try:
            with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
                for done in pool.map(_play_chunk, jobs):
                    results.extend(done)
                    if progress is not None:
                        progress(len(done))
        except BrokenProcessPool:
            raise WorkerError(
                "a worker process died in the middle of the run (the system may have ended "
                "it for want of memory): run fewer workers (workers=1 plays in this process), "
                "or give a smaller max_moves so that no game grows long"
            ) from None
    results.sort(key=lambda r: r.index)
    per_deal = _rotations(labels) if duplicate else 1
    cap = getattr(played, "max_moves", None)
    return Results(module.NAME, canonical, labels, seed, tuple(results), per_deal, cap)


def _truncated_text(results: Sequence[GameResult], cap: int | None) -> str:
    """The line that says how many games a cap ended (for the summaries): the safety cap
    of ``cap`` moves, or the rules' own cap on deals (``max_deals``)."""
    ended = [result for result in results if result.truncated]
    games = "1 game was" if len(ended) == 1 else f"{len(ended)} games were"
    by_moves = sum(1 for result in ended if cap is not None and result.moves >= cap)
    if by_moves == len(ended):
        what = f"the safety cap of {cap} moves"
    elif by_moves == 0:
        what = "the rules' cap on deals (max_deals)"
    else:
        what = f"the rules' cap on deals (max_deals) or the safety cap of {cap} moves"
    return (
        f"{games} truncated: {what} ended them before their rules did "
        "(a truncated game is judged by the payoffs at the cut)"
    )


def capped(rules: Any, max_moves: int | None) -> Any:
    """``rules`` with the safety cap ``max_moves`` when they set none themselves (rules
    that set one keep theirs; None adds none; rules without a ``max_moves`` option, as a
    game outside the library may have, are left as they are).

    >>> from cardrules.games import mau_mau
    >>> capped(mau_mau.Rules(), 5000).max_moves, capped(mau_mau.Rules(max_moves=9), 5000).max_moves
    (5000, 9)
    """
    if max_moves is None or getattr(rules, "max_moves", 0) is not None:
        return rules
    if not attrs.has(type(rules)):
        return rules
    return attrs.evolve(rules, max_moves=max_moves)


def _check_picklable(lineup: tuple[Any, ...]) -> None:
    for seat, entry in enumerate(lineup):
        if isinstance(entry, str):
            continue
        try:
            pickle.dumps(entry)
        except Exception as error:  # pickling raises several types; all mean the same here
            raise SimulationError(
                f"seat {seat}'s bot {entry!r} cannot be sent to worker processes ({error}): "
                "define its class or factory at the top level of a module, or run with "
                "workers=1"
            ) from None


def _run_ray(
    jobs: list[_Job],
    address: str | None,
    progress: Callable[[int], None] | None,
) -> list[GameResult]:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise SimulationError("the ray backend needs Ray: pip install 'cardrules[ray]'") from None
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
