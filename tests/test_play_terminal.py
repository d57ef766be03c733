"""``cardrules play`` driven through a pseudo-terminal, as a person at a terminal plays it.

A pseudo-terminal makes the command see a real terminal: suit symbols, red suits
in colour, the question before a record is overwritten. Each test answers the
prompts the way a person would and reads the whole screen back.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import cardrules as package

# Pseudo-terminals and controlling terminals are POSIX.
pty = pytest.importorskip("pty")
termios = pytest.importorskip("termios")
fcntl = pytest.importorskip("fcntl")

SOURCE = str(Path(package.__file__).resolve().parents[1])
ANSI = re.compile(r"\x1b\[[0-9;]*m")


#: Ctrl-C typed on the terminal: it interrupts the command.
CTRL_C = "\x03"


def _foreground_command() -> None:
    """In the child, before the command starts: the pseudo-terminal becomes its controlling
    terminal, and Ctrl-C its default meaning, as a shell sets up a foreground command (a test
    run started in the background of a script inherits an ignored SIGINT, and Python keeps
    ignoring a signal ignored at its start)."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def play_in_terminal(
    args: list[str], answer: Callable[[str], str], cwd: Path, *, timeout: float = 120
) -> tuple[str, int]:
    """Run ``cardrules ARGS`` on a pseudo-terminal; ``answer(screen)`` gives the line to type
    at each prompt. Returns everything the terminal showed and the exit status."""
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=SOURCE, PYTHONIOENCODING="utf-8")
    env.pop("NO_COLOR", None)
    main, terminal = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", *args],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=cwd,
        env=env,
        close_fds=True,
        # A session of its own with the pseudo-terminal as its controlling terminal, as a
        # shell gives a command: then Ctrl-C typed on it interrupts the command.
        start_new_session=True,
        preexec_fn=_foreground_command,
    )
    os.close(terminal)
    screen = b""
    answered = 0
    try:
        while True:
            ready, _, _ = select.select([main], [], [], timeout)
            if not ready:
                raise AssertionError(f"no output for {timeout} s; the screen so far:\n{screen!r}")
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the command ended and closed the terminal
                break
            if not chunk:
                break
            screen += chunk
            text = screen.decode("utf-8", "replace")
            if len(text) > answered and text.rstrip(" ").endswith((">", "[y/N]")):
                answered = len(text)
                os.write(main, (answer(text) + "\n").encode())
    finally:
        os.close(main)
        status = process.wait(timeout=timeout)
    return screen.decode("utf-8", "replace").replace("\r\n", "\n"), status


def test_without_a_seed_a_random_one_is_printed_so_the_game_can_be_played_again(
    tmp_path: Path,
) -> None:
    screen, status = play_in_terminal(["play", "oh_hell"], lambda _: "quit", tmp_path)
    assert status == 0, screen
    seed = re.search(r"Seed (\d+) \(play it again with --seed \1\)", ANSI.sub("", screen))
    assert seed is not None, screen
    assert (tmp_path / f"cardrules-oh_hell-{seed.group(1)}.json").exists()


def test_a_whole_game_in_a_terminal_shows_symbols_colour_the_trick_and_the_result(
    tmp_path: Path,
) -> None:
    # Seed 4: seat 0 deals, so the three seats before "you" have played into the first trick
    # when you are asked (with some seeds "you" lead every trick and never see one half-played).
    args = ["play", "oh_hell", "--seed", "4", "--option", "schedule=single"]
    screen, status = play_in_terminal([*args, "--option", "start_hand=3"], lambda _: "1", tmp_path)
    assert status == 0, screen
    plain = ANSI.sub("", screen)
    # suit symbols, red suits in red
    assert re.search(r"(10|[2-9JQKA])[♣♠]", plain) and "\x1b[31m" in screen
    # the game's own words, no internal field names
    assert "deal: 1 of 1, 3 cards each, dealt by seat 0" in plain and "trumps: " in plain
    assert re.search(r"trick: seat 1: \S+ +seat 2: \S+ +seat 3: \S+", plain), plain
    assert re.search(r"^\s+bid\s", plain, re.M) and re.search(r"^\s+score\s", plain, re.M)
    assert "you undertake to win" in plain
    for internal in ("Match(", "Outcome(", "phase:", "deal number", "legal moves:"):
        assert internal not in plain
    # the result in words, the deal numbered from 1, the record saved under the seed's name
    assert re.search(
        r"(You win|You draw|A draw between .+?|Seats? .+? wins?) \(schedule complete\)", plain
    )
    assert re.search(r"^\s+1\s+seat \d", plain, re.M)
    record = tmp_path / "cardrules-oh_hell-4.json"
    assert record.exists() and f"saved in {record.name}" in plain


def test_a_record_is_not_overwritten_without_asking(tmp_path: Path) -> None:
    (tmp_path / "mine.json").write_text("keep me")
    args = ["play", "oh_hell", "--rules", "short", "--seed", "5", "--record", "mine.json"]
    screen, status = play_in_terminal(
        args, lambda s: "n" if s.endswith("[y/N] ") else "quit", tmp_path
    )
    assert status == 2 and "mine.json exists. Overwrite it? [y/N]" in screen
    assert "choose another name" in screen and (tmp_path / "mine.json").read_text() == "keep me"
    screen, status = play_in_terminal(
        args, lambda s: "y" if s.rstrip().endswith("[y/N]") else "quit", tmp_path
    )
    assert status == 0, screen
    assert '"game": "oh_hell"' in (tmp_path / "mine.json").read_text()
    # without --record a new name is found: the same seed twice gives two records
    for _ in range(2):
        play_in_terminal(["play", "oh_hell", "--seed", "5"], lambda _: "quit", tmp_path)
    assert (tmp_path / "cardrules-oh_hell-5.json").exists()
    assert (tmp_path / "cardrules-oh_hell-5-2.json").exists()


def test_undo_hint_and_bad_answers_in_a_terminal(tmp_path: Path) -> None:
    answers = iter(["hint", "²", "9" * 5000, "1", "undo", "help", "quit"])
    screen, status = play_in_terminal(
        ["play", "oh_hell", "--rules", "short", "--seed", "8"], lambda _: next(answers), tmp_path
    )
    assert status == 0, screen
    plain = ANSI.sub("", screen)
    assert re.search(r"hint: \d+\) bid \d", plain)
    assert plain.count("not accepted:") == 2 and "Traceback" not in plain
    assert "undone: back to your previous decision" in plain
    assert "hint   what the heuristic bot would play here" in plain
    assert "The game was left before its end" in plain


def test_ctrl_c_ends_the_game_quietly_and_keeps_its_record(tmp_path: Path) -> None:
    answers = iter(["1", CTRL_C])
    screen, status = play_in_terminal(
        ["play", "oh_hell", "--seed", "9", "--record", "r.json"], lambda _: next(answers), tmp_path
    )
    assert status == 130 and "Traceback" not in screen
    assert "the game so far is saved in r.json" in screen and "cardrules: interrupted" in screen
    assert '"moves"' in (tmp_path / "r.json").read_text()


def test_simulate_in_a_terminal_shows_its_table_after_the_progress_bar(tmp_path: Path) -> None:
    args = ["simulate", "oh_hell", "--rules", "short", "--games", "4", "--workers", "1"]
    screen, status = play_in_terminal(args, lambda _: "", tmp_path)
    assert status == 0, screen
    assert "win rate" in screen and "mean game length" in screen
