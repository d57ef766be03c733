"""Running the ``cardrules`` command in a fresh process, as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cardrules as package

#: The source of the package under test, so that a subprocess run in another folder
#: imports this cardrules and not an installed one.
SOURCE = str(Path(package.__file__).resolve().parents[1])
#: The repository, whose folder ``examples`` a command run there can import from.
ROOT = Path(__file__).resolve().parent.parent


def environment(**extra: str) -> dict[str, str]:
    """This process's environment, with the package under test first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([SOURCE, env.get("PYTHONPATH", "")])
    env.update(extra)
    return env


def cardrules(
    *args: str, stdin: str = "", cwd: Path | None = None, without_rich: bool = False
) -> subprocess.CompletedProcess[str]:
    """``cardrules ARGS`` with ``stdin`` typed in; the output is captured as text."""
    # Without rich: the base install, where `import rich` fails.
    command = (
        [
            "-c",
            "import sys; sys.modules['rich'] = None; from cardrules.cli import main; "
            "sys.exit(main())",
        ]
        if without_rich
        else ["-m", "cardrules"]
    )
    return subprocess.run(
        [sys.executable, *command, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        env=environment(),
    )
