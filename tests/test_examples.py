"""Every script in examples/ runs and exits cleanly, as a user would run it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_demo_command_plays_a_whole_game() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "demo", "--seed", "5"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "deal 15" in result.stdout and "schedule complete" in result.stdout


def test_demo_refuses_bad_rules_with_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardrules", "demo", "--rules", "oh_hell(players=12)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == ("cardrules: players=12 is out of range: allowed 3..8")
