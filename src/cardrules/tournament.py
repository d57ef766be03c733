"""A round robin of bots over duplicate deals, with paired margins and ratings.

Every pair of bots plays a duplicate match (see :func:`cardrules.simulate.simulate`):
the two bots alternate round the table (A B A B; in a two-handed game they face
each other), and every deal is played in each rotation of that line-up, so
both bots get the same cards. Every pair plays the same deals (the deals come
from the tournament's seed), so the matches are comparable too.

For each pair the tournament gives both bots' win rates with 95% Wilson
intervals and the paired margin (the first bot's win rate minus the second's)
with a 95% interval over the deals. A bot "wins" a game when its seats have the
best payoff (a tie shares the win), which also judges single deals and games
that a cap ended.

The ratings are Bradley–Terry strengths fitted to the deal scores on the Elo
scale: each deal of a match scores ``(1 + d) / 2`` for the first bot, where
``d`` is its margin on that deal, and the second bot the rest. A difference of
400 points means odds of 10 to 1 of doing better on a deal; the ratings average 0.
One drawn deal between each pair is added to the counts (a weak prior), so that a
bot that wins every deal still gets a finite rating.

>>> result = tournament("oh_hell", ["heuristic", "random", "ismcts:30"], deals=4, seed=1,
...                     rules="oh_hell(schedule=single,start_hand=3)", workers=1)
>>> [pair.first + " v " + pair.second for pair in result.pairs]
['heuristic v random', 'heuristic v ismcts:30', 'random v ismcts:30']
>>> [row.bot for row in result.standings()][0] != "random"
True
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardrules import games as registry
from cardrules.render import text_table
from cardrules.simulate import (
    DEFAULT_MAX_MOVES,
    BotEntry,
    Margin,
    Results,
    SimulationError,
    _rotations,
    _rules_of,
    _truncated_text,
    _whole_number,
    bot_label,
    simulate,
)

__all__ = ["Pair", "Standing", "Tournament", "fit_ratings", "planned_games", "tournament"]


@attrs.frozen(slots=True)
class Pair:
    """One match of the round robin: both bots' win rates (95% Wilson intervals),
    the paired margin, and the run itself (every game, and the kept records)."""

    first: str
    second: str
    first_rate: tuple[float, float, float]
    second_rate: tuple[float, float, float]
    margin: Margin
    results: Results

    @property
    def first_score(self) -> float:
        """The first bot's deal score: the deals it did better on, a draw counting half."""
        return self.margin.deals * (1 + self.margin.mean) / 2


@attrs.frozen(slots=True)
class Standing:
    """One bot's line of the table: its rating, its mean score per deal against all
    the others (0.5 is even) and the deals it played."""

    bot: str
    rating: float
    score: float
    deals: int


@attrs.frozen(slots=True)
class Tournament:
    """The result of :func:`tournament`."""

    game: str
    rules: str
    seed: int
    deals: int
    bots: tuple[str, ...]
    pairs: tuple[Pair, ...]
    ratings: tuple[float, ...]

    @property
    def truncated(self) -> int:
        """How many games of all the matches a safety cap ended (see ``max_moves``)."""
        return sum(pair.results.truncated for pair in self.pairs)

    def standings(self) -> list[Standing]:
        """The bots from the highest rating down."""
        rows = []
        for index, bot in enumerate(self.bots):
            score = 0.0
            played = 0
            for pair in self.pairs:
                if bot == pair.first:
                    score += pair.first_score
                elif bot == pair.second:
                    score += pair.margin.deals - pair.first_score
                else:
                    continue
                played += pair.margin.deals
            rows.append(Standing(bot, self.ratings[index], score / max(played, 1), played))
        return sorted(rows, key=lambda row: -row.rating)

    def match_folders(self) -> list[str]:
        """The folder name of each match's records, in the order of ``pairs``:
        ``NN-FIRST-v-SECOND``, the bots' names with any character but letters,
        digits, dots and hyphens as ``_``.

        >>> result = tournament("mau_mau_standard", ["heuristic", "ismcts:4"], deals=1, seed=1,
        ...                     rules="single", workers=1)
        >>> result.match_folders()
        ['1-heuristic-v-ismcts_4']
        """
        width = len(str(len(self.pairs)))
        return [
            f"{number:0{width}d}-{_file_name(pair.first)}-v-{_file_name(pair.second)}"
            for number, pair in enumerate(self.pairs, start=1)
        ]

    def write_records(self, folder: str | os.PathLike[str]) -> list[Path]:
        """Write the records the matches kept (``tournament(..., records=True)``) to
        ``folder``, each match's in its own folder (:meth:`match_folders`) as
        :meth:`Results.write_records <cardrules.simulate.Results.write_records>` does;
        returns the paths. An existing file is never overwritten."""
        paths: list[Path] = []
        for pair, name in zip(self.pairs, self.match_folders(), strict=True):
            paths += pair.results.write_records(Path(folder) / name)
        return paths

    def to_dict(self) -> dict[str, Any]:
        """Everything but the single games, JSON-ready."""
        return {
            "game": self.game,
            "rules": self.rules,
            "seed": self.seed,
            "deals": self.deals,
            "truncated": self.truncated,
            "standings": [attrs.asdict(row) for row in self.standings()],
            "pairs": [
                {
                    "first": pair.first,
                    "second": pair.second,
                    "games": pair.results.games_played,
                    "truncated": pair.results.truncated,
                    "first_rate": list(pair.first_rate),
                    "second_rate": list(pair.second_rate),
                    "margin": [pair.margin.mean, pair.margin.low, pair.margin.high],
                }
                for pair in self.pairs
            ],
        }

    def format(self) -> str:
        """The standings and the matches as a plain text table."""
        standings = [["bot", "rating", "score", "deals"]]
        standings += [
            [row.bot, f"{row.rating:+.0f}", f"{row.score:.3f}", str(row.deals)]
            for row in self.standings()
        ]
        matches = [["match (95% intervals)", "first's win rate", "second's win rate", "margin"]]
        for pair in self.pairs:
            a, b, m = pair.first_rate, pair.second_rate, pair.margin
            matches.append(
                [
                    f"{pair.first} v {pair.second}",
                    f"{a[0]:.3f} ({a[1]:.3f}-{a[2]:.3f})",
                    f"{b[0]:.3f} ({b[1]:.3f}-{b[2]:.3f})",
                    f"{m.mean:+.3f} ({m.low:+.3f} to {m.high:+.3f})",
                ]
            )
        lines = [f"{self.deals} deals per match of {self.rules}, seed {self.seed}", ""]
        lines += [
            *text_table(standings[0], standings[1:], indent=""),
            "",
            *text_table(matches[0], matches[1:], indent=""),
        ]
        if self.truncated:
            ended = [result for pair in self.pairs for result in pair.results.results]
            lines += ["", _truncated_text(ended, self.pairs[0].results.max_moves)]
        return "\n".join(lines)


def fit_ratings(
    scores: dict[tuple[int, int], float], counts: dict[tuple[int, int], float], players: int
) -> tuple[float, ...]:
    """Bradley–Terry ratings on the Elo scale (mean 0) from pairwise results.

    ``scores[i, j]`` is what ``i`` scored against ``j`` out of ``counts[i, j]``
    (which counts both directions' games once, under the key with ``i < j``).
    The fit is the maximum-likelihood one, by the minorization–maximization
    iteration (Hunter 2004), with one drawn game added per pair.

    >>> [round(r) for r in fit_ratings({(0, 1): 10.0}, {(0, 1): 10.0}, 2)]
    [264, -264]
    """
    wins = [0.0] * players
    games: dict[tuple[int, int], float] = {}
    for (i, j), count in counts.items():
        score = scores.get((i, j), 0.0)
        wins[i] += score + 0.5
        wins[j] += count - score + 0.5
        games[i, j] = count + 1
    strength = [1.0] * players
    for _ in range(10_000):
        updated = []
        for i in range(players):
            denominator = sum(
                n / (strength[i] + strength[j if a == i else a])
                for (a, j), n in games.items()
                if i in (a, j)
            )
            updated.append(wins[i] / denominator if denominator else strength[i])
        mean_log = sum(math.log(s) for s in updated) / players
        updated = [s / math.exp(mean_log) for s in updated]
        change = max(abs(math.log(u / s)) for u, s in zip(updated, strength, strict=True))
        strength = updated
        if change < 1e-10:
            break
    return tuple(400 * math.log10(s) for s in strength)


def _file_name(label: str) -> str:
    """A bot's name as a part of a file name: letters, digits, dots and hyphens kept."""
    return re.sub(r"[^A-Za-z0-9.-]", "_", label)


def _line_up(first: Any, second: Any, seats: int) -> list[Any]:
    return [first if seat % 2 == 0 else second for seat in range(seats)]


def planned_games(game: str, bots: int, deals: int, rules: Any = None) -> int:
    """How many games a tournament of ``bots`` bots over ``deals`` deals plays
    (for a progress bar's total).

    >>> planned_games("oh_hell", 3, 10)
    60
    """
    module = registry.get(game)
    seats = sum(len(team) for team in module.teams(_rules_of(module, rules, game)))
    labels = tuple(_line_up("a", "b", seats))
    return bots * (bots - 1) // 2 * deals * _rotations(labels)


# deals, seed, workers and max_moves: object, checked below or by simulate: compiled, a typed
# parameter would refuse another type with the compiler's TypeError, not the library's error.
def tournament(
    game: str,
    bots: Sequence[BotEntry],
    *,
    deals: object,
    seed: object,
    rules: Any = None,
    workers: object = None,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    records: bool = False,
    max_moves: object = DEFAULT_MAX_MOVES,
) -> Tournament:
    """Play a round robin of ``bots`` (names, bot objects or factories, as
    :func:`~cardrules.simulate.simulate` takes them) over ``deals`` duplicate deals
    per match, and fit ratings. ``rules``: the game's Rules or their text; for a
    comparison deal by deal, give one deal's rules (e.g. the game's ``single``
    preset). ``workers``, ``backend``, ``address`` and ``progress`` are those of
    ``simulate``; ``records=True`` keeps every game's record in ``pair.results``.
    ``max_moves``: the safety cap on each game's moves when the rules set none, as in
    ``simulate``; :attr:`Tournament.truncated` counts the games it ended.
    """
    module = registry.get(game)
    chosen = _rules_of(module, rules, game)
    deals = _whole_number("deals", deals, 1)
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence) or len(bots) < 2:
        raise SimulationError(
            f"a tournament needs a list of at least two bots, e.g. ['heuristic', 'random'], "
            f"not {bots!r}"
        )
    labels = [bot_label(bot, module.NAME) for bot in bots]
    for index, label in enumerate(labels):
        if labels.index(label) != index:
            raise SimulationError(
                f"two of the bots are named {label!r}: each bot plays once in a round robin; "
                "give different bots, with different names"
            )
    seats = sum(len(team) for team in module.teams(chosen))
    pairs = []
    scores: dict[tuple[int, int], float] = {}
    counts: dict[tuple[int, int], float] = {}
    for i in range(len(bots)):
        for j in range(i + 1, len(bots)):
            lineup = _line_up(bots[i], bots[j], seats)
            rotations = _rotations(tuple(_line_up(labels[i], labels[j], seats)))
            results = simulate(
                module.NAME,
                lineup,
                games=deals * rotations,
                seed=seed,
                rules=chosen,
                workers=workers,
                backend=backend,
                address=address,
                progress=progress,
                duplicate=True,
                records=records,
                max_moves=max_moves,
            )
            rows = {row.bot: row for row in results.table(by="payoff")}
            first, second = rows[labels[i]], rows[labels[j]]
            margin = results.margin(labels[i], labels[j])
            pair = Pair(
                labels[i],
                labels[j],
                (first.win_rate, first.win_low, first.win_high),
                (second.win_rate, second.win_low, second.win_high),
                margin,
                results,
            )
            pairs.append(pair)
            scores[i, j] = pair.first_score
            counts[i, j] = margin.deals
    ratings = fit_ratings(scores, counts, len(bots))
    seed = _whole_number("seed", seed)  # simulate refused any other (in its order of checks)
    return Tournament(module.NAME, str(chosen), seed, deals, tuple(labels), tuple(pairs), ratings)
