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


#: The installed ``cardrules`` console script beside this Python (None if not installed).
SCRIPT: Path | None = next(
    (
        path
        for path in (Path(sys.executable).parent / name for name in ("cardrules", "cardrules.exe"))
        if path.is_file()
    ),
    None,
)


def environment(**extra: str) -> dict[str, str]:
    """This process's environment, with the package under test first on the path.

    Only non-empty parts are joined: an empty entry on PYTHONPATH means the current
    folder, which would let a command import from there however it is run.
    """
    env = dict(os.environ)
    parts = (SOURCE, env.get("PYTHONPATH", ""))
    env["PYTHONPATH"] = os.pathsep.join(part for part in parts if part)
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


def console_script(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``cardrules ARGS`` run by the installed console script, as a user's shell runs
    it: its own folder is first on the path, and the current folder is on it only if
    the command puts it there (the environment's PYTHONPATH has no empty entry)."""
    if SCRIPT is None:
        raise FileNotFoundError(f"no cardrules script beside {sys.executable}")
    env = environment()
    env["PYTHONPATH"] = os.pathsep.join(
        part for part in env["PYTHONPATH"].split(os.pathsep) if part
    )
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, timeout=300, cwd=cwd, env=env
    )
