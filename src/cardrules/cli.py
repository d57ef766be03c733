"""The command line: ``cardrules play | simulate | replay | rules | list | demo``.

Every bad input (unknown game, bad option, illegal move, broken record) gets one
clear line on standard error and exit status 2, never a traceback. Tables and
progress bars come from the ``rich`` library (``pip install 'cardrules[cli]'``).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from cardrules import games
from cardrules.bots import Bot
from cardrules.core.options import build_rules, parse_rules_text, rules_to_text
from cardrules.errors import CardrulesError, IllegalMoveError, NotationError, RecordError
from cardrules.game import CHANCE, Game

__all__ = ["main", "option_help"]


class UsageError(CardrulesError):
    """A command-line argument is wrong."""


def _rich() -> Any:
    try:
        import rich.console
    except ImportError:
        raise UsageError("this command needs rich: pip install 'cardrules[cli]'") from None
    return rich


def _rules_from(game: Game, rules_text: str | None, options: Sequence[str]) -> Any:
    values: dict[str, object] = {}
    if rules_text:
        name, values = parse_rules_text(rules_text)
        if games.get(name) is not game:
            raise UsageError(f"--rules {rules_text!r} are rules of {name!r}, not of {game.NAME!r}")
    for option in options:
        key, sep, raw = option.partition("=")
        if not sep:
            raise UsageError(f"--option {option!r}: write NAME=VALUE, e.g. start_hand=5")
        _, parsed = parse_rules_text(f"x({key.strip()}={raw.strip()})")
        values.update(parsed)
    return build_rules(game.Rules, values)


def option_help(game: Game) -> list[tuple[str, str, str]]:
    """Every option of a game: (name, default, meaning), meanings from the Rules docstrings.

    >>> ("players", "4") == option_help(games.get("oh_hell"))[3][:2]
    True
    """
    defaults = game.Rules()
    meanings: dict[str, str] = {}
    for cls in reversed(type(defaults).__mro__):
        doc = cls.__doc__ or ""
        for match in re.finditer(r"\*\s+``(\w+)``:\s*(.+?)(?=\n\s*\*\s+``|\n\s*\n|\Z)", doc, re.S):
            meanings[match.group(1)] = " ".join(match.group(2).replace("``", "").split())
    rows = []
    for field in attrs.fields(type(defaults)):
        if not field.init:
            continue
        value = getattr(defaults, field.name)
        shown = (
            "none"
            if value is None
            else str(value).lower()
            if isinstance(value, bool)
            else str(value)
        )
        rows.append((field.name, shown, meanings.get(field.name, "")))
    return rows


# --------------------------------------------------------------------------- commands


def _writer(out: TextIO) -> Callable[[str], None]:
    def write(line: str) -> None:
        out.write(line + "\n")

    return write


def _cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    for name in games.names():
        game = games.get(name)
        doc = (game.__doc__ or "").strip()
        out.write(f"{name:<18} {doc.splitlines()[0] if doc else ''}\n")
    return 0


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    game = games.get(args.game)
    rich = _rich()
    from rich.table import Table

    table = Table(title=f"{game.NAME} options (version {game.version})")
    table.add_column("option", style="bold")
    table.add_column("default")
    table.add_column("meaning")
    for name, default, meaning in option_help(game):
        table.add_row(name, default, meaning)
    rich.console.Console(file=out, width=120).print(table)
    out.write(f"presets: {', '.join(game.PRESETS)}\n")
    return 0


def _cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.demo import run_demo

    game = games.get(args.game)
    rules = _rules_from(game, args.rules, args.option)
    run_demo(game.NAME, seed=args.seed, rules=rules, write=_writer(out))
    return 0


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.simulate import make_bot, simulate

    game = games.get(args.game)
    rules = _rules_from(game, args.rules, args.option)
    seats = sum(len(team) for team in game.teams(rules))
    lineup = list(args.bots)
    if len(lineup) < seats:
        lineup += [lineup[-1]] * (seats - len(lineup))
    for spec in lineup:
        make_bot(spec, game.NAME)  # refuse an unknown bot before the progress bar starts
    rich = _rich()
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    progress_out = sys.stderr if not args.quiet else io.StringIO()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("[progress.percentage]{task.percentage:>3.0f}%"),
        TimeRemainingColumn(),
        console=rich.console.Console(file=progress_out),
        transient=True,
    ) as bar:
        task = bar.add_task(f"{game.NAME}", total=args.games)
        results = simulate(
            game.NAME,
            lineup,
            games=args.games,
            seed=args.seed,
            rules_text=rules_to_text(game.NAME, rules),
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=lambda n: bar.advance(task, n),
        )
    if args.json:
        out.write(json.dumps(results.to_dict(), indent=1) + "\n")
        return 0
    if args.csv:
        writer = csv.writer(out)
        bots = [f"seat{s}_bot" for s in range(seats)]
        payoffs = [f"seat{s}_payoff" for s in range(seats)]
        writer.writerow(
            ["game", "seed", *bots, *payoffs, "winners", "draw", "reason", "moves", "deals"]
        )
        for r in results.results:
            winners = " ".join(map(str, r.winners))
            writer.writerow(
                [r.index, r.seed, *r.seats, *r.payoffs, winners, r.draw, r.reason, r.moves, r.deals]
            )
        return 0
    from rich.table import Table

    table = Table(title=f"{results.games_played} games of {results.rules}, seed {results.seed}")
    for column in ("bot", "seat-games", "wins", "win rate", "95% CI", "mean payoff"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for row in results.table():
        table.add_row(
            row.bot,
            str(row.seat_games),
            f"{row.wins:g}",
            f"{row.win_rate:.3f}",
            f"{row.win_low:.3f}..{row.win_high:.3f}",
            f"{row.mean_payoff:.2f}",
        )
    console = rich.console.Console(file=out, width=120)
    console.print(table)
    console.print(f"mean game length: {results.mean_moves:.1f} moves")
    return 0


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    """A round robin of bots over duplicate deals: ratings, win rates and margins."""
    from cardrules.progress import ProgressBar
    from cardrules.tournament import planned_games, tournament

    game = games.get(args.game)
    rules = _rules_from(game, args.rules, args.option)
    total = planned_games(game.NAME, len(args.bots), args.deals, rules)
    with ProgressBar(total, f"{game.NAME} tournament", enabled=not args.quiet) as bar:
        result = tournament(
            game.NAME,
            args.bots,
            deals=args.deals,
            seed=args.seed,
            rules=rules,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=bar.advance,
        )
    out.write((json.dumps(result.to_dict(), indent=1) if args.json else result.format()) + "\n")
    return 0


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.records import Record
    from cardrules.render import render_view

    try:
        text = Path(args.record).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {args.record}: {error.strerror}") from None
    record = Record.from_json(text)
    from cardrules.records import replay, replay_steps

    final = replay(record)  # refuses a broken record before anything is printed
    game = games.get(record.game)
    dealt = "dealt by hand" if record.seed is None else f"seed {record.seed}"
    out.write(f"{record.game} {record.rules}, {dealt}, {len(record.moves)} moves\n")
    for step in replay_steps(record):
        number, move_text, state = step.number, step.move, step.after
        before = len(game.events(step.before))
        out.write(f"{number:>4}. {move_text}\n")
        for event in game.events(state)[before:]:
            if event.kind not in ("play", "bid"):
                out.write(f"        {event}\n")
        if args.seat is not None:
            out.write(render_view(game.observe(state, args.seat), events=0) + "\n")
        if args.pause:
            sys.stdin.readline()
    score = game.score(final)
    out.write(f"totals: {' '.join(map(str, score.totals))}; outcome: {score.outcome}\n")
    return 0


# --------------------------------------------------------------------------- play


_HELP = """commands: a move's number or its text (e.g. 'play QH', 'bid 2'),
  help, hint (the heuristic bot's advice), undo (back to your previous decision),
  quit (leave; the record is saved)"""


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.bots.heuristics import heuristic_bot
    from cardrules.records import record_of
    from cardrules.render import render_view
    from cardrules.simulate import make_bot

    game = games.get(args.game)
    rules = _rules_from(game, args.rules, args.option)
    seats = sum(len(team) for team in game.teams(rules))
    if not 0 <= args.seat < seats:
        raise UsageError(f"--seat must be 0..{seats - 1}")
    bots: list[Bot | None] = [
        None if s == args.seat else make_bot(args.bots, game.NAME) for s in range(seats)
    ]
    try:
        adviser: Bot | None = heuristic_bot(game.NAME)
    except CardrulesError:
        adviser = None
    rng = random.Random(args.seed)
    state = game.deal(rules, seed=args.seed)
    undo: list[Any] = []
    shown = 0
    rendered: Any = None
    record_path = Path(args.record or f"cardrules-{game.NAME}-{args.seed}.json")
    write = _writer(out)
    write(f"{game.NAME} {rules} · you are seat {args.seat} · type 'help' for commands")
    try:
        while not game.is_over(state):
            seat = game.to_move(state)
            log = game.events(state)
            for event in log[shown:]:
                write(f"  {event}")
            shown = len(log)
            if seat is CHANCE or seat is None:
                raise UsageError("play needs a seeded game")
            bot = bots[seat]
            if bot is not None:
                state = game.apply(
                    state, bot.choose(game.observe(state, seat), game.legal_moves(state), rng)
                )
                continue
            view = game.observe(state, seat)
            if state is not rendered:
                write(render_view(view, events=0))
                rendered = state
            out.write("> ")
            out.flush()
            line = sys.stdin.readline()
            if not line:
                write("")
                break
            command = line.strip()
            legal = game.legal_moves(state)
            if command in ("help", "?"):
                write(_HELP)
            elif command == "quit":
                break
            elif command == "hint":
                if adviser is None:
                    write(f"no heuristic bot for {game.NAME} yet")
                else:
                    write(f"hint: {adviser.choose(view, legal, random.Random(0))}")
            elif command == "undo":
                if undo:
                    state = undo.pop()
                    shown = 0
                    write("undone: back to your previous decision")
                else:
                    write("nothing to undo")
            elif command:
                try:
                    if command.isdigit():
                        number = int(command)
                        if not 1 <= number <= len(legal):
                            raise IllegalMoveError(f"choose a number from 1 to {len(legal)}")
                        move = legal[number - 1]
                    else:
                        move = game.parse_move(state, command)
                except (IllegalMoveError, NotationError) as error:
                    write(f"not accepted: {error}")
                    continue
                undo.append(state)
                state = game.apply(state, move)
    finally:
        record_path.write_text(record_of(state, game=game.NAME).to_json(), encoding="utf-8")
    for event in game.events(state)[shown:]:
        write(f"  {event}")
    score = game.score(state)
    write(f"totals: {' '.join(map(str, score.totals))}; outcome: {score.outcome}")
    write(f"record saved to {record_path}")
    return 0


# --------------------------------------------------------------------------- main


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardrules", description="Rules of traditional card games."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def game_command(
        name: str, help_text: str, *, game_optional: bool = False
    ) -> argparse.ArgumentParser:
        command = commands.add_parser(name, help=help_text, description=help_text)
        if game_optional:
            command.add_argument("game", nargs="?", default="oh_hell")
        else:
            command.add_argument("game", help="a game name, see 'cardrules list'")
        command.add_argument("--rules", help="rules text, e.g. 'oh_hell(players=5)'")
        command.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
        command.add_argument("--seed", type=int, default=1)
        return command

    commands.add_parser("list", help="list the games")
    rules = commands.add_parser(
        "rules", help="every option of a game, with its default and meaning"
    )
    rules.add_argument("game")
    game_command("demo", "a whole game between bots, deal by deal", game_optional=True)
    play = game_command("play", "play against bots in the terminal")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--bots", default="heuristic", help="the other seats' bot: random, heuristic, ismcts:N"
    )
    play.add_argument("--record", help="where to save the game record (JSON)")
    sim = game_command("simulate", "many games between bots, with a results table")
    sim.add_argument(
        "--bots",
        nargs="+",
        default=["heuristic", "random"],
        help="one bot per seat (the last repeats)",
    )
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    sim.add_argument("--backend", choices=("local", "ray"), default="local")
    sim.add_argument("--address", help="Ray cluster address (with --backend ray)")
    sim.add_argument("--json", action="store_true", help="print every result as JSON")
    sim.add_argument("--csv", action="store_true", help="print one CSV row per game")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    tour = game_command("tournament", "a round robin of bots over the same deals, with ratings")
    tour.add_argument(
        "--bots",
        nargs="+",
        required=True,
        help="two or more bots, e.g. heuristic random ismcts:100",
    )
    tour.add_argument("--deals", type=int, default=100, help="deals per match (default 100)")
    tour.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    tour.add_argument("--backend", choices=("local", "ray"), default="local")
    tour.add_argument("--address", help="Ray cluster address (with --backend ray)")
    tour.add_argument("--json", action="store_true", help="print the results as JSON")
    tour.add_argument("--quiet", action="store_true", help="no progress bar")
    replay = commands.add_parser("replay", help="step through a game record")
    replay.add_argument("record", help="a record file (JSON)")
    replay.add_argument("--seat", type=int, help="show this seat's view after each move")
    replay.add_argument("--pause", action="store_true", help="wait for Enter after each move")
    return parser


_COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "list": _cmd_list,
    "rules": _cmd_rules,
    "demo": _cmd_demo,
    "play": _cmd_play,
    "simulate": _cmd_simulate,
    "replay": _cmd_replay,
    "tournament": _cmd_tournament,
}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        return _COMMANDS[args.command](args, out or sys.stdout)
    except (CardrulesError, RecordError) as error:
        print(f"cardrules: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0
