"""The command line: ``cardrules list | rules | demo | play | simulate | tournament | replay |
show | position``.

Every bad input (unknown game, bad option, illegal move, broken record) gets one
clear line on standard error and exit status 2, never a traceback; a name with a
typo gets the nearest known name as a suggestion. Arguments and paths are checked
before the work starts. Tables are plain text on the base install and drawn by
``rich`` when it is installed (``pip install 'cardrules[cli]'``), which also
draws the progress bar of ``simulate`` and ``tournament`` (plain text without it).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import csv
import datetime
import json
import keyword
import os
import random
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn, TextIO, cast

import attrs

import cardrules
from cardrules import games
from cardrules.bots import Bot
from cardrules.core.options import (
    build_rules,
    did_you_mean,
    parse_option_value,
    parse_rules_text,
    rules_to_text,
)
from cardrules.errors import CardrulesError, GameError, IllegalMoveError, NotationError
from cardrules.game import CHANCE, Game

__all__ = ["main", "option_help"]

#: The longest number the command line reads: longer ones are typing accidents, and
#: Python refuses to convert numbers of thousands of digits.
_MAX_DIGITS = 18
#: The longest rules text or option value the command line reads.
_MAX_TEXT = 2000


class UsageError(CardrulesError):
    """A command-line argument is wrong."""


# --------------------------------------------------------------------------- names


def _game(name: str) -> Game:
    if len(name) > 100:
        raise UsageError(f"unknown game {name[:20]!r}...: the games are {', '.join(games.names())}")
    try:
        return games.get(name)
    except CardrulesError as error:
        if "." in name or ":" in name or games.is_file_path(name):
            raise UsageError(str(error)) from None  # a path: the loader says what failed
        if name.isidentifier() and os.path.isfile(f"{name}.py"):
            # A game's file in the current folder, named without its .py.
            return _game(os.path.join(os.curdir, f"{name}.py"))
        raise UsageError(
            f"unknown game {name!r}{did_you_mean(name, games.names())} "
            f"(the games are {', '.join(games.names())})"
        ) from None


def _option_names(game: Game) -> list[str]:
    return [field.name for field in attrs.fields(game.Rules) if field.init]


def _check_digits(text: str, where: str) -> None:
    """Refuse a number too long to be meant before Python's int conversion does, opaquely."""
    if any(len(run) > _MAX_DIGITS for run in re.findall(r"\d+", text)):
        raise UsageError(f"{where}: a number has more than {_MAX_DIGITS} digits")
    if len(text) > _MAX_TEXT:
        raise UsageError(f"{where}: more than {_MAX_TEXT} characters")


def _rules_from(game: Game, rules_text: str | None, options: Sequence[str]) -> Any:
    """The rules given by ``--rules`` (a preset name or rules text) and ``--option``\\ s."""
    from cardrules.simulate import rules_options

    values: dict[str, object] = {}
    if rules_text is not None:
        rules_text = rules_text.strip()
        if not rules_text:
            raise UsageError(
                "--rules is empty: give a preset name (see 'cardrules rules GAME') or rules text"
            )
        _check_digits(rules_text, f"--rules {rules_text[:30]!r}")
        try:
            values = rules_options(game, rules_text)
        except CardrulesError as error:
            raise UsageError(f"--rules: {error}") from None
    known = _option_names(game)
    for option in options:
        key, sep, raw = option.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not raw:
            raise UsageError(f"--option {option[:40]!r}: write NAME=VALUE, e.g. players=4")
        _check_digits(raw, f"--option {key[:30]}")
        if key not in known:
            raise UsageError(
                f"unknown option {key[:40]!r} of {game.NAME}{did_you_mean(key, known)} "
                f"(see 'cardrules rules {game.NAME}')"
            )
        # The error names the option as typed ("--option start_hand='2.5': ..."), once.
        values[key] = parse_option_value(key, raw, where="--option")
    try:
        return build_rules(game.Rules, values)
    except CardrulesError as error:
        unknown = [key for key in values if key not in known]
        if unknown:
            raise UsageError(
                f"unknown option {unknown[0]!r} of {game.NAME}{did_you_mean(unknown[0], known)} "
                f"(see 'cardrules rules {game.NAME}')"
            ) from None
        raise UsageError(str(error)) from None
    except (TypeError, ValueError) as error:
        raise UsageError(f"bad rules for {game.NAME}: {error}") from None


def option_help(game: Game) -> list[tuple[str, str, str]]:
    """Every option of a game: (name, default, meaning), meanings from the Rules docstrings.

    >>> ("players", "4") == option_help(games.get("oh_hell"))[3][:2]
    True
    """
    defaults = game.Rules()
    meanings: dict[str, str] = {}
    for cls in reversed(type(defaults).__mro__):
        doc = _class_docs(cls)
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


#: The docstring the compiled build gives a class it does not make native (an attrs class
#: such as a game's Rules) in place of the class's own.
_COMPILED_FILLER: Final = "mypyc filler docstring"


def _class_docs(cls: type) -> str:
    """A class's docstring; under the compiled build, read from its module's source
    (installed beside the compiled module) where the build left a filler in its place."""
    doc = cls.__doc__ or ""
    if doc != _COMPILED_FILLER:
        return doc
    package, *parts = cls.__module__.split(".")
    folders = getattr(sys.modules.get(package), "__path__", ())
    sources = [Path(folder, *parts).with_suffix(".py") for folder in folders if parts]
    found = [source for source in sources if source.is_file()]
    try:
        tree = ast.parse(found[0].read_text("utf-8")) if found else ast.Module([], [])
    except (OSError, SyntaxError, ValueError):
        return ""
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return ast.get_docstring(node, clean=False) or ""
    return ""


# --------------------------------------------------------------------------- output


def _rich_console(out: TextIO) -> Any:
    """A rich console writing to ``out``, or None on the base install (no rich)."""
    try:
        import rich.console
    except ImportError:
        return None
    return rich.console.Console(file=out, width=max(100, _terminal_width(out)))


def _terminal_width(out: TextIO) -> int:
    try:
        return os.get_terminal_size(out.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return 100


def _print_table(
    out: TextIO, title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]
) -> None:
    """A table: rich's when rich is installed, plain aligned columns otherwise."""
    console = _rich_console(out)
    if console is not None:
        from rich.table import Table

        table = Table(title=title)
        for number, header in enumerate(headers):
            table.add_column(header, justify="left" if number == 0 else "right")
        for row in rows:
            table.add_row(*row)
        console.print(table)
        return
    from cardrules.render import text_table

    out.write(title + "\n")
    for line in text_table(headers, rows, indent=""):
        out.write(line + "\n")


def _writer(out: TextIO) -> Callable[[str], None]:
    def write(line: str) -> None:
        out.write(line + "\n")

    return write


# --------------------------------------------------------------------------- list, rules, demo


def _cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    for name in games.names():
        out.write(f"{name:<18} {games.get(name).TITLE}\n")
    return 0


def _cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    game = _game(args.game)
    rows = [list(row) for row in option_help(game)]
    console = _rich_console(out)
    if console is not None:
        from rich.table import Table

        table = Table(title=f"{game.TITLE}: {game.NAME} options (version {game.version})")
        table.add_column("option", style="bold")
        table.add_column("default")
        table.add_column("meaning")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    else:
        out.write(f"{game.TITLE}: {game.NAME} options (version {game.version})\n\n")
        width = max(len(name) for name, _, _ in rows)
        for name, default, meaning in rows:
            out.write(f"{name:<{width}}  default {default}\n")
            if meaning:
                out.write(f"{'':<{width}}  {meaning}\n")
    out.write("\npresets (use with --rules NAME):\n")
    width = max((len(name) for name in game.PRESETS), default=0)
    for name, preset in game.PRESETS.items():
        out.write(f"  {name:<{width}}  {rules_to_text(game.NAME, preset)}\n")
    return 0


def _cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.demo import run_demo

    game = _game(args.game)
    rules = _rules_from(game, args.rules, args.option)
    run_demo(game.NAME, seed=args.seed, rules=rules, write=_writer(out))
    return 0


# --------------------------------------------------------------------------- simulate


def _has_heuristic(game: Game) -> bool:
    from cardrules.bots.heuristics import heuristic_bot

    try:
        heuristic_bot(game)
    except CardrulesError:
        return False
    return True


def _bots_for(game: Game, specs: Sequence[str]) -> None:
    """Refuse an unknown bot before any game starts, with the nearest name; a game
    without a heuristic bot gets, beside its author's fix, the player's: other bots."""
    from cardrules.simulate import make_bot

    for spec in specs:
        try:
            make_bot(spec, game.NAME)
        except CardrulesError as error:
            known = ("random", "heuristic", "ismcts", "pimc")
            name = spec.split(":")[0]
            hint = "" if name in known else did_you_mean(name, known)
            if "heuristic" in spec.split(":") and not _has_heuristic(game):
                hint = ", or choose other bots, e.g. --bots random"
            raise UsageError(f"{error}{hint}") from None


def _check_backend(args: argparse.Namespace) -> None:
    if args.address and args.backend != "ray":
        raise UsageError("--address is the Ray cluster's address: use it with --backend ray")


def _wins_text(wins: float) -> str:
    """Wins with at most two decimals (a shared first place shares the win).

    >>> _wins_text(12.0), _wins_text(12.5), _wins_text(25.833333)
    ('12', '12.5', '25.83')
    """
    return f"{wins:.2f}".rstrip("0").rstrip(".")


def _check_records_folder(folder: Path, game: str, *, nested: bool = False) -> None:
    """Create the records folder, or refuse one that cannot take the run's records,
    before the run (``nested``: records go to folders inside it, one per match)."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--records {folder}: that is a file; give a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(
            f"--records {folder}: cannot create the folder ({error.strerror})"
        ) from None
    if not os.access(folder, os.W_OK):
        raise UsageError(f"--records {folder}: the folder is not writable")
    if any(folder.glob(f"{'*/' if nested else ''}{game}-game-*.json")):
        raise UsageError(
            f"--records {folder} already holds {game} records: give a new or empty folder "
            "(records are never overwritten)"
        )


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.progress import ProgressBar
    from cardrules.simulate import _truncated_text, simulate

    game = _game(args.game)
    rules = _rules_from(game, args.rules, args.option)
    seats = sum(len(team) for team in game.teams(rules))
    _check_backend(args)
    lineup = list(args.bots)
    if len(lineup) > seats:
        raise UsageError(f"--bots names {len(lineup)} bots for {seats} seats")
    lineup += [lineup[-1]] * (seats - len(lineup))
    _bots_for(game, lineup)
    if args.records is not None:
        _check_records_folder(Path(args.records), game.NAME)
    with ProgressBar(args.games, game.NAME, enabled=not args.quiet) as bar:
        results = simulate(
            game.NAME,
            lineup,
            games=args.games,
            seed=args.seed,
            rules_text=rules_to_text(game.NAME, rules),
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=bar.advance,
            records=args.records is not None,
            max_moves=_cap(args),
        )
    if args.records is not None:
        paths = results.write_records(args.records)
        print(f"{len(paths)} records written to {args.records}", file=sys.stderr)
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
    rows = [
        [
            row.bot,
            str(row.seat_games),
            _wins_text(row.wins),
            f"{row.win_rate:.3f}",
            f"{row.win_low:.3f}..{row.win_high:.3f}",
            f"{row.mean_payoff:.2f}",
        ]
        for row in results.table()
    ]
    _print_table(
        out,
        f"{results.games_played} games of {results.rules}, seed {results.seed}",
        ("bot", "seat-games", "wins", "win rate", "95% CI", "mean payoff"),
        rows,
    )
    out.write(f"mean game length: {results.mean_moves:.1f} moves\n")
    if results.truncated:
        out.write(_truncated_text(results.results, results.max_moves) + "\n")
    return 0


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    """A round robin of bots over duplicate deals: ratings, win rates and margins."""
    from cardrules.progress import ProgressBar
    from cardrules.tournament import planned_games, tournament

    game = _game(args.game)
    rules = _rules_from(game, args.rules, args.option)
    _check_backend(args)
    if len(args.bots) < 2:
        raise UsageError(
            "--bots: a tournament needs at least two bots, e.g. --bots heuristic random"
        )
    _bots_for(game, args.bots)
    if args.records is not None:
        _check_records_folder(Path(args.records), game.NAME, nested=True)
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
            records=args.records is not None,
            max_moves=_cap(args),
        )
    if args.records is not None:
        paths = result.write_records(args.records)
        print(f"{len(paths)} records written to {args.records}", file=sys.stderr)
    out.write((json.dumps(result.to_dict(), indent=1) if args.json else result.format()) + "\n")
    return 0


# --------------------------------------------------------------------------- replay


def _recorded_game(name: object, path: str) -> None:
    """Refuse a record of a game that is neither one of cardrules' nor registered
    nor installed, saying how to name it: its import path with ``--game``."""
    if not isinstance(name, str):
        return  # the record's check says what is wrong with the field
    try:
        games.registered(name)  # a name from a file: never imported
    except CardrulesError:
        # The record keeps the game's NAME, not its module: a module is often named
        # after its game, but the package is the user's to give.
        plausible = re.fullmatch(r"[a-z_][a-z0-9_]{0,39}", name) and not keyword.iskeyword(name)
        example = f"mypackage.{name}" if plausible else "mypackage.mygame"
        raise UsageError(
            f"{path} is a record of {name[:40]!r}, which is not one of the games "
            f"({', '.join(games.names())}): if it is a game of your own, give its import "
            f"path with --game, e.g. --game {example}"
        ) from None


def _read_record(path: str, game_name: str | None) -> Any:
    """The record in the file ``path``; ``game_name`` (``--game``) names a game of one's
    own that is neither registered nor installed, loaded first."""
    from cardrules.records import Record

    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(
            f"{path} is not a game record: not UTF-8 text (byte {error.start})"
        ) from None
    record = Record.from_json(text)
    if game_name is None:
        _recorded_game(record.game, path)
    else:  # load (and so register) a game of one's own first
        named = _game(game_name)
        if record.game != named.NAME:
            raise UsageError(
                f"--game {game_name} is the game {named.NAME!r}, but {path} "
                f"is a record of {record.game!r}"
            )
    return record


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.records import replay, replay_steps, score_sheet
    from cardrules.render import Style, outcome_text, render_table

    if args.sheet and args.seat is not None:
        raise UsageError(
            "--sheet prints the whole record; --seat goes with the step by step replay"
        )

    record = _read_record(args.record, args.game)
    final = replay(record)  # refuses a broken record before anything is printed
    game = _game(record.game)
    _, options = parse_rules_text(record.rules)
    rules = build_rules(game.Rules, options)
    seats = sum(len(team) for team in game.teams(rules))
    if args.seat is not None and not 0 <= args.seat < seats:
        raise UsageError(f"--seat {args.seat}: this game has seats 0 to {seats - 1}")
    style = Style.for_stream(out)
    if args.sheet:
        out.write(style.text(score_sheet(record)) + "\n")
        return 0
    dealt = "dealt by hand" if record.seed is None else f"seed {record.seed}"
    out.write(f"{record.game} {record.rules}, {dealt}, {len(record.moves)} moves\n")
    if record.position is not None:
        out.write(f"set up from: {record.position}\n")
    shown = 0
    for step in replay_steps(record):
        if step.number == 1:
            for event in game.events(step.before):
                out.write(f"        {style.text(str(event))}\n")
        shown = len(game.events(step.before))
        out.write(f"{step.number:>4}. {style.text(step.move)}\n")
        for event in game.events(step.after)[shown:]:
            if event.kind not in ("play", "bid"):
                out.write(f"        {style.text(str(event))}\n")
        if args.seat is not None:
            view = game.observe(step.after, args.seat)
            out.write(render_table(game, view, style=style, you=args.seat) + "\n\n")
        if args.pause:
            sys.stdin.readline()
    out.write(outcome_text(game.score(final)) + "\n")
    return 0


# --------------------------------------------------------------------------- show


def _cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    """Draw a record at one of its moves, or a position given as text, as an SVG picture."""
    from cardrules.svg import draw

    names: tuple[str, ...] = ()
    if args.position is not None:
        if args.record is not None:
            raise UsageError("give a record file or --position, not both")
        if args.move is not None or args.game is not None:
            raise UsageError("--move and --game go with a record file, not with --position")
        from cardrules.positions import read_position

        game, rules, position = read_position(args.position)
        state = cast(Any, game).setup(rules, position)
    elif args.record is not None:
        from cardrules.records import replay, replay_steps

        record = _read_record(args.record, args.game)
        final = replay(record)  # refuses a broken record before anything is drawn
        game = _game(record.game)
        names = record.players or ()
        moves = len(record.moves)
        if args.move is None or args.move == moves:
            state = final
        elif args.move > moves:
            raise UsageError(f"--move {args.move}: the record has moves 0 to {moves}")
        else:
            state = next(
                step.before for step in replay_steps(record) if step.number == args.move + 1
            )
        rules = game.origin(state).rules
    else:
        raise UsageError("give a record file, or a position with --position TEXT")
    seats = game.players(rules)
    if args.seat is not None and not 0 <= args.seat < seats:
        raise UsageError(f"--seat {args.seat}: this game has seats 0 to {seats - 1}")
    picture = draw(game, state, seat=args.seat, names=names)
    if args.output is None:
        out.write(picture)
        return 0
    try:
        Path(args.output).write_text(picture, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror}") from None
    print(f"the picture is in {args.output}", file=sys.stderr)
    return 0


# --------------------------------------------------------------------------- position


def _cmd_position(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.positions import position_text
    from cardrules.records import replay_steps

    record = _read_record(args.record, args.game)
    game = _game(record.game)
    steps = list(replay_steps(record))  # refuses a broken record before anything is printed
    moves = len(steps)
    number = moves if args.move is None else args.move
    if number > moves:
        raise UsageError(f"--move {number}: the record has {moves} moves (0 is the start)")
    if steps:
        state = steps[number - 1].after if number else steps[0].before
    else:
        from cardrules.records import replay

        state = replay(record)
    if args.seat is None:
        out.write(position_text(game, state) + "\n")
        return 0
    seats = game.players(game.origin(state).rules)
    if not 0 <= args.seat < seats:
        raise UsageError(f"--seat {args.seat}: this game has seats 0 to {seats - 1}")
    out.write(position_text(game, game.observe(state, args.seat)) + "\n")
    return 0


# --------------------------------------------------------------------------- play


_HELP = """Type a move's number or its text (e.g. 'play QH', 'bid 2'; suits are the letters
C D H S or the symbols as shown, 10 is 10 or T), or:
  help   this text
  hint   what the heuristic bot would play here
  undo   go back to your previous decision
  quit   leave the game (its record is saved)"""


def _free_name(stem: str) -> Path:
    """``STEM.json``, or ``STEM-2.json``, ``STEM-3.json``... the first that does not exist."""
    path = Path(f"{stem}.json")
    copy = 2
    while path.exists():
        path = Path(f"{stem}-{copy}.json")
        copy += 1
    return path


def _record_path(args: argparse.Namespace, game: Game) -> tuple[Path, bool]:
    """Where the record goes, checked before the game starts, and whether the person
    agreed to overwrite it; never overwrites unasked."""
    if args.record is None:
        path = _free_name(f"cardrules-{game.NAME}-{args.seed}")
        given = f"the record {path}"
    else:
        path = Path(args.record)
        given = f"--record {args.record}"
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"{given}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{given}: the folder {folder} is not writable (choose one with --record)")
    if path.is_dir():
        raise UsageError(f"{given} is a folder: give a file name")
    if path.exists():
        if not sys.stdin.isatty():
            raise UsageError(
                f"{given} exists: choose another name (it is never overwritten without asking)"
            )
        sys.stdout.write(f"{args.record} exists. Overwrite it? [y/N] ")
        sys.stdout.flush()
        if sys.stdin.readline().strip().lower() not in ("y", "yes"):
            raise UsageError(f"{given} exists: choose another name")
        return path, True
    return path, False


def _save_record(path: Path, text: str, overwrite: bool) -> Path:
    """Write the record to ``path``; when a file of that name appeared during the game
    (and the person did not agree to overwrite it) write beside it, numbered."""
    if overwrite:
        path.write_text(text, encoding="utf-8")
        return path
    while True:
        try:
            with path.open("x", encoding="utf-8") as file:
                file.write(text)
            return path
        except FileExistsError:
            path = _free_name(str(path.with_suffix("")))


_SUIT_LETTERS = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})


def _choice(command: str, legal: Sequence[Any], game: Game, state: Any) -> Any:
    """The move a typed command names: a number from the list, or a move's text."""
    if command.isascii() and command.isdigit():
        number = int(command) if len(command) <= _MAX_DIGITS else 0
        if not 1 <= number <= len(legal):
            raise IllegalMoveError(f"choose a number from 1 to {len(legal)}")
        return legal[number - 1]
    if len(command) > 200:
        raise NotationError("that is too long for a move: type its number or its text")
    # A move copied from the screen has suit symbols; the move texts use the letters.
    command = command.translate(_SUIT_LETTERS)
    try:
        return game.parse_move(state, command)
    except CardrulesError:
        raise
    except ValueError:
        raise NotationError(
            f"cannot read {command[:40]!r} as a move: type its number, or its text as listed "
            f"(e.g. {str(legal[0])!r})"
        ) from None


def _apply_chosen(
    game: Game, seed: int, state: Any, seat: int, move: Any, legal: Sequence[Any], chooser: str
) -> Any:
    """``game.apply(state, move)``; a listed move that apply refuses or fails on is a
    defect of the game, reported as ``play_game`` does (an unlisted move's refusal is
    the chooser's)."""
    from cardrules.play import listed_move_error

    try:
        return game.apply(state, move)
    except Exception as error:
        if move not in legal:
            raise
        raise listed_move_error(game, seed, state, seat, move, error, chooser=chooser) from error


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from cardrules.bots.heuristics import heuristic_bot
    from cardrules.play import at_move, bot_error, game_error
    from cardrules.records import record_of
    from cardrules.render import Style, deals_table, outcome_text, render_table
    from cardrules.simulate import make_bot

    game = _game(args.game)
    position: Any = None
    if args.position is None:
        rules = _rules_from(game, args.rules, args.option)
    else:
        from cardrules.positions import read_position

        if args.rules is not None or args.option:
            raise UsageError("--position gives the rules: leave out --rules and --option")
        positioned, rules, position = read_position(args.position)
        if positioned is not game:
            raise UsageError(
                f"--position is a position of {positioned.NAME!r}, not of {game.NAME!r}"
            )
    seats = sum(len(team) for team in game.teams(rules))
    if not 0 <= args.seat < seats:
        raise UsageError(f"--seat {args.seat}: this game has seats 0 to {seats - 1}")
    _bots_for(game, [args.bots])
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 1_000_000)
    record_path, overwrite = _record_path(args, game)
    bots: list[Bot | None] = [
        None if s == args.seat else make_bot(args.bots, game.NAME) for s in range(seats)
    ]
    try:
        adviser: Bot | None = heuristic_bot(game.NAME)
    except CardrulesError:
        adviser = None
    style = Style.for_stream(out)
    rng = random.Random(args.seed)
    try:
        if position is None:
            state = game.deal(rules, seed=args.seed)
        else:
            state = game.setup(rules, position, seed=args.seed)
    except CardrulesError:
        raise  # bad rules or seed: the user's to fix, and the error says how
    except Exception as error:
        raise game_error(game, args.seed, "dealing the game", error, chooser="you") from error
    # Each decision of yours, with the bots' random stream as it stood there: an undo
    # restores both, so the bots answer the same move the same way (no re-rolling them).
    undo: list[tuple[Any, Any]] = []
    shown = 0
    deals_seen = 0
    rendered: Any = None
    write = _writer(out)
    ended_normally = False
    write(f"{game.TITLE}: {rules_to_text(game.NAME, rules)}")
    write(
        f"You are seat {args.seat}; the other seats are '{args.bots}' bots. Seed {args.seed} "
        f"(play it again with --seed {args.seed}). Type 'help' for commands."
    )
    try:
        while not game.is_over(state):
            seat = game.to_move(state)
            log = game.events(state)
            for event in log[shown:]:
                write(f"  {style.text(str(event))}")
            shown = len(log)
            deals = game.score(state).deals
            if len(deals) > deals_seen:
                write(deals_table(game.score(state), you=args.seat))
                deals_seen = len(deals)
            if seat is CHANCE or seat is None:
                raise UsageError("play needs a seeded game")
            bot = bots[seat]
            if bot is not None:
                legal = game.legal_moves(state)
                try:
                    chosen = bot.choose(game.observe(state, seat), legal, rng)
                except CardrulesError:
                    raise
                except Exception as error:
                    raise bot_error(bot, seat, args.seed, state, f"raised {error!r}") from error
                state = _apply_chosen(game, args.seed, state, seat, chosen, legal, "the bot")
                continue
            view = game.observe(state, seat)
            if state is not rendered:
                write("")
                write(render_table(game, view, style=style, you=args.seat))
                rendered = state
            out.write("> ")
            out.flush()
            line = sys.stdin.readline()
            if not line:
                write("")
                break
            command = line.strip()
            legal = game.legal_moves(state)
            if command.lower() in ("help", "?"):
                write(_HELP)
            elif command.lower() == "quit":
                break
            elif command.lower() == "hint":
                if adviser is None:
                    write("no hint: this game has no heuristic bot")
                else:
                    advice = adviser.choose(view, legal, random.Random(0))
                    meaning = game.explain_move(view, advice)
                    number = legal.index(advice) + 1 if advice in legal else "?"
                    write(
                        f"hint: {number}) {style.text(str(advice))}"
                        + (f"   {meaning}" if meaning else "")
                    )
            elif command.lower() == "undo":
                if undo:
                    state, bots_stream = undo.pop()
                    rng.setstate(bots_stream)
                    shown = len(game.events(state))
                    deals_seen = len(game.score(state).deals)
                    write("undone: back to your previous decision")
                else:
                    write("nothing to undo")
            elif command:
                try:
                    move = _choice(command, legal, game, state)
                except CardrulesError as error:
                    write(f"not accepted: {error}")
                    continue
                undo.append((state, rng.getstate()))
                state = _apply_chosen(game, args.seed, state, seat, move, legal, "you")
        ended_normally = True
    except CardrulesError:
        raise
    except Exception as error:  # the game's own functions failed: a defect of the game
        what = at_move(state, "playing")
        raise game_error(game, args.seed, what, error, chooser="you or the bots") from error
    finally:
        # Saved however the game ends: finished, left, or interrupted with Ctrl-C.
        try:
            record = record_of(
                state,
                game=game.NAME,
                players=["you" if s == args.seat else f"{args.bots} bot" for s in range(seats)],
                date=datetime.date.today().isoformat(),
            )
            record_path = _save_record(record_path, record.to_json(), overwrite)
        except OSError as error:
            print(f"cardrules: cannot save {record_path}: {error.strerror}", file=sys.stderr)
        else:
            if not ended_normally:
                print(f"\nthe game so far is saved in {record_path}", file=sys.stderr)
    for event in game.events(state)[shown:]:
        write(f"  {style.text(str(event))}")
    score = game.score(state)
    if score.deals:
        write(deals_table(score, you=args.seat))
    write(outcome_text(score, you=args.seat))
    found_by = games.reference(game)  # a game of your own is found again by its import path
    given = "" if found_by == game.NAME else f" --game {found_by}"
    write(
        f"The record is saved in {record_path} "
        f"(replay it with 'cardrules replay {record_path}{given}')."
    )
    return 0


# --------------------------------------------------------------------------- arguments


def _count(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at most 18 ASCII digits, at least ``low``."""

    def parse(text: str) -> int:
        text = text.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"{text[:30]!r} is not a whole number")
        if len(digits) > _MAX_DIGITS:
            raise argparse.ArgumentTypeError(f"more than {_MAX_DIGITS} digits")
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is too small: use {low} or more")
        return value

    parse.__name__ = "number"
    return parse


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and a suggestion for a mistyped command or choice."""

    def error(self, message: str) -> NoReturn:
        invalid = re.match(
            r"argument (\S+): invalid choice: '([^']*)' \(choose from (.*)\)", message
        )
        if invalid:
            choices = re.findall(r"'([^']*)'", invalid.group(3))
            word = invalid.group(2)
            message = (
                f"{word[:40]!r} is not one of {', '.join(choices)}{did_you_mean(word, choices)}"
            )
        sys.stderr.write(f"cardrules: {message} (see '{self.prog} --help')\n")
        raise SystemExit(2)


class _Format(argparse.HelpFormatter):
    """Help that ends each option with its default, when it has one worth showing."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if default in (None, False, [], argparse.SUPPRESS) or "%(default)" in text:
            return text
        shown = " ".join(map(str, default)) if isinstance(default, list) else str(default)
        return f"{text} (default: {shown.replace('%', '%%')})"


_FORMAT = _Format


_GAME_HELP = (
    "a game name (see 'cardrules list'), or a game of your own: its import path "
    "(mypackage.crazy_eights) or its file (./crazy_eights.py; in the current folder also "
    "crazy_eights)"
)


def _add_game_options(command: argparse.ArgumentParser, *, seed_default: int | None) -> None:
    command.add_argument(
        "--rules",
        help="a preset name (see 'cardrules rules GAME') or rules text, e.g. 'oh_hell(players=5)'",
    )
    command.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one rules option (repeatable), e.g. --option players=5",
    )
    command.add_argument(
        "--seed",
        type=_count(0),
        default=seed_default,
        help="the seed of the shuffles"
        + (
            " (default: a random seed, printed so the game can be replayed)"
            if seed_default is None
            else ""
        ),
    )


def _cap(args: argparse.Namespace) -> int | None:
    """The run's safety cap on each game's moves: ``--max-moves`` (0: none)."""
    cap: int = args.max_moves
    return cap or None


def _add_run_options(command: argparse.ArgumentParser) -> None:
    """Where and how a run of many games goes: processes, Ray, the progress bar, the cap."""
    from cardrules.simulate import DEFAULT_MAX_MOVES

    command.add_argument(
        "--max-moves",
        type=_count(0),
        default=DEFAULT_MAX_MOVES,
        metavar="N",
        help="a game still going after N moves ends as truncated (the summary counts them); "
        "0: no cap; rules that set max_moves keep theirs",
    )
    command.add_argument(
        "--workers", type=_count(1), default=None, help="worker processes (default: all cores)"
    )
    command.add_argument(
        "--backend", choices=("local", "ray"), default="local", help="where to run"
    )
    command.add_argument("--address", help="the Ray cluster's address (with --backend ray)")
    command.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_list(commands: Any) -> None:
    commands.add_parser("list", help="list the games", description="List the games.")


def _add_rules(commands: Any) -> None:
    rules = commands.add_parser(
        "rules",
        help="every option of a game, with its default and meaning, and its presets",
        description="Every option of a game, with its default and meaning, and its presets.",
        formatter_class=_FORMAT,
    )
    rules.add_argument("game", help=_GAME_HELP)


def _add_demo(commands: Any) -> None:
    demo = commands.add_parser(
        "demo",
        help="a whole game between random bots, deal by deal",
        description="A whole game between random bots, deal by deal.",
        formatter_class=_FORMAT,
    )
    demo.add_argument("game", nargs="?", default="oh_hell", help=_GAME_HELP)
    _add_game_options(demo, seed_default=2026)


def _add_play(commands: Any) -> None:
    play = commands.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play against bots in the terminal: type a move's number or text; "
        "'help', 'hint', 'undo' and 'quit' also work.",
        formatter_class=_FORMAT,
    )
    play.add_argument("game", help=_GAME_HELP)
    _add_game_options(play, seed_default=None)
    play.add_argument("--seat", type=_count(0), default=0, help="your seat")
    play.add_argument(
        "--bots",
        default="heuristic",
        help="the other seats' bot: random, heuristic, ismcts:N, pimc:N",
    )
    play.add_argument(
        "--record",
        help="the file the game record is saved to, JSON (default: cardrules-GAME-SEED.json, "
        "numbered so that no record is overwritten)",
    )
    play.add_argument(
        "--position",
        metavar="TEXT",
        help="start from this position instead of a deal: its one-line text, rules first "
        "(as 'cardrules position' prints it); the seed drives the later shuffles",
    )


def _add_simulate(commands: Any) -> None:
    sim = commands.add_parser(
        "simulate",
        help="many games between bots, with a results table",
        description="Many games between bots, seats rotated, with a results table.",
        formatter_class=_FORMAT,
    )
    sim.add_argument("game", help=_GAME_HELP)
    _add_game_options(sim, seed_default=1)
    sim.add_argument(
        "--bots",
        nargs="+",
        default=["heuristic", "random"],
        help="one bot per seat (the last repeats): random, heuristic, ismcts:N, pimc:N",
    )
    sim.add_argument("--games", type=_count(1), default=100, help="how many games")
    _add_run_options(sim)
    sim.add_argument(
        "--records",
        metavar="FOLDER",
        help="save every game's record in this folder (created if need be), as GAME-game-N.json",
    )
    output = sim.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print every result as JSON")
    output.add_argument("--csv", action="store_true", help="print one CSV row per game")


def _add_tournament(commands: Any) -> None:
    tour = commands.add_parser(
        "tournament",
        help="a round robin of bots over the same deals, with ratings",
        description="A round robin of bots over the same duplicate deals: win rates, paired "
        "margins with 95% intervals, and ratings.",
        formatter_class=_FORMAT,
    )
    tour.add_argument("game", help=_GAME_HELP)
    _add_game_options(tour, seed_default=1)
    tour.add_argument(
        "--bots",
        nargs="+",
        required=True,
        help="two or more bots, e.g. heuristic random ismcts:100",
    )
    tour.add_argument("--deals", type=_count(1), default=100, help="deals per match")
    tour.add_argument(
        "--records",
        metavar="FOLDER",
        help="save every game's record in this folder, one folder per match (created)",
    )
    _add_run_options(tour)
    tour.add_argument("--json", action="store_true", help="print the results as JSON")


def _add_replay(commands: Any) -> None:
    replay = commands.add_parser(
        "replay",
        help="step through a game record",
        description="Step through a game record: every move and what followed from it.",
        formatter_class=_FORMAT,
    )
    replay.add_argument("record", help="a record file (JSON)")
    replay.add_argument(
        "--game",
        help="the record's game when it is one of your own that is neither registered nor "
        "installed: its import path (mypackage.crazy_eights) or its file (./crazy_eights.py)",
    )
    replay.add_argument("--seat", type=_count(0), help="show this seat's view after each move")
    # --sheet prints the whole record at once, so it goes with neither --seat nor --pause.
    how = replay.add_mutually_exclusive_group()
    how.add_argument("--pause", action="store_true", help="wait for Enter after each move")
    how.add_argument(
        "--sheet",
        action="store_true",
        help="print the record as a score sheet: players, each deal's hands and moves, the points",
    )


def _add_show(commands: Any) -> None:
    show = commands.add_parser(
        "show",
        help="draw a record at one of its moves, or a position, as a picture (SVG)",
        description="Draw a game as a picture (SVG): a record at one of its moves, or a "
        "position written as one line of text. Every hand is face up, unless --seat draws "
        "what one seat sees.",
        formatter_class=_FORMAT,
    )
    show.add_argument("record", nargs="?", help="a record file (JSON)")
    show.add_argument(
        "--move",
        type=_count(0),
        metavar="N",
        help="the position after the record's move N, numbered as 'cardrules replay' "
        "numbers them (0: before the first move; default: after the last)",
    )
    show.add_argument(
        "--position",
        metavar="TEXT",
        help="a position in its text form (the rules, then its fields), instead of a record",
    )
    show.add_argument(
        "--seat",
        type=_count(0),
        help="draw what this seat sees, from its place at the bottom of the picture",
    )
    show.add_argument(
        "--game",
        help="the record's game when it is one of your own that is neither registered nor "
        "installed: its import path (mypackage.crazy_eights) or its file (./crazy_eights.py)",
    )
    show.add_argument(
        "-o", "--output", metavar="FILE", help="write the picture to FILE (default: print it)"
    )


def _add_position(commands: Any) -> None:
    position = commands.add_parser(
        "position",
        help="the position at a move of a game record, as one line of text",
        description="The position at a move of a game record, as one line of text: the rules, "
        "then key=value fields ('cardrules play GAME --position TEXT' plays on from it).",
        formatter_class=_FORMAT,
    )
    position.add_argument("record", help="a record file (JSON)")
    position.add_argument(
        "--move",
        type=_count(0),
        metavar="N",
        help="the position after move N (0: the start; default: after the last move)",
    )
    position.add_argument("--seat", type=_count(0), help="the position as this seat sees it")
    position.add_argument(
        "--game",
        help="the record's game when it is one of your own that is neither registered nor "
        "installed: its import path (mypackage.crazy_eights) or its file (./crazy_eights.py)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cardrules",
        description="Rules of traditional card games: play them, simulate bots, replay records.",
    )
    parser.add_argument("--version", action="version", version=f"cardrules {cardrules.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in (
        _add_list,
        _add_rules,
        _add_demo,
        _add_play,
        _add_simulate,
        _add_tournament,
        _add_replay,
        _add_show,
        _add_position,
    ):
        add(commands)
    return parser


_COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "list": _cmd_list,
    "rules": _cmd_rules,
    "demo": _cmd_demo,
    "play": _cmd_play,
    "simulate": _cmd_simulate,
    "tournament": _cmd_tournament,
    "replay": _cmd_replay,
    "show": _cmd_show,
    "position": _cmd_position,
}


@contextlib.contextmanager
def _current_folder_importable() -> Iterator[None]:
    """The current folder first on ``sys.path`` while a command runs, so that a game
    given by import path (``cardrules play mypackage.mygame``) is found there.

    ``python -m cardrules`` has the current folder first on the path, but the
    installed ``cardrules`` script has its own folder there instead: the command
    puts the current folder first, as ``python -m`` does (and as tools such as
    uvicorn do), unless Python was asked not to (``-P``, ``PYTHONSAFEPATH``).
    It is taken out again afterwards, so that a program calling :func:`main`
    keeps its path as it was.
    """
    try:
        folder = os.getcwd()
    except OSError:  # the current folder was removed: nothing to import from there
        folder = ""
    if not folder or sys.flags.safe_path or (sys.path and sys.path[0] in ("", folder)):
        yield
        return
    sys.path.insert(0, folder)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(folder)  # the first occurrence: the one put there above


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status: 0 done (also for ``--help``),
    1 a defect of a game (its own code failed while it was played) or an unexpected
    error, 2 bad input (arguments, rules, moves, records), 130 interrupted (Ctrl-C)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) if not isinstance(exit_.code, str) else 2
    try:
        with _current_folder_importable():
            return _COMMANDS[args.command](args, out or sys.stdout)
    except GameError as error:  # a defect of a game: its traceback on request
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        print(f"cardrules: {error} (set CARDRULES_DEBUG=1 to see the traceback)", file=sys.stderr)
        return 1
    except CardrulesError as error:
        print(f"cardrules: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ncardrules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0
    except MemoryError:
        raise
    except Exception as error:  # the last guard: a user never sees a traceback
        if os.environ.get("CARDRULES_DEBUG"):
            raise
        print(
            f"cardrules: unexpected error ({type(error).__name__}: {error}); "
            "set CARDRULES_DEBUG=1 to see where it happened",
            file=sys.stderr,
        )
        return 1
