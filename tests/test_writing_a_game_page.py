"""The page "Writing your own game" shows code that works as shown.

The page includes its code from the example games (``literalinclude``). These tests
put together exactly what the page shows of each file, in the page's order, import
it as a module of its own and run the conformance kit on it: a reader who copies
the page gets a game that registers and keeps the interface.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules import games, testing

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGE = DOCS / "writing_a_game.rst"
_DIRECTIVE = re.compile(r"^\.\. literalinclude:: (\S+)\n((?:   :[\w-]+:.*\n)*)", re.M)


def _piece(source: str, options: dict[str, str]) -> str:
    """The lines of ``source`` that a literalinclude with these options shows."""
    lines = source.splitlines(keepends=True)
    if "pyobject" in options:
        tree = ast.parse(source)
        node = next(
            n
            for n in tree.body
            if isinstance(n, (ast.ClassDef, ast.FunctionDef)) and n.name == options["pyobject"]
        )
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        assert node.end_lineno is not None
        return "".join(lines[first - 1 : node.end_lineno])
    start = 0
    if "start-at" in options:
        start = next(i for i, line in enumerate(lines) if options["start-at"] in line)
    end = len(lines)
    if "end-before" in options:
        end = next(i for i, line in enumerate(lines) if i > start and options["end-before"] in line)
    elif "end-at" in options:
        end = 1 + next(i for i, line in enumerate(lines) if i > start and options["end-at"] in line)
    return "".join(lines[start:end])


def shown_code(example: str) -> str:
    """Everything the page shows of ``examples/<example>``, in the page's order."""
    pieces = []
    for match in _DIRECTIVE.finditer(PAGE.read_text(encoding="utf-8")):
        path = (DOCS / match.group(1)).resolve()
        if path.name != example:
            continue
        options = dict(
            (name, value.strip())
            for name, value in re.findall(r"   :([\w-]+):(.*)\n", match.group(2))
        )
        pieces.append(_piece(path.read_text(encoding="utf-8"), options))
    assert pieces, f"the page shows nothing of {example}"
    return "\n\n".join(pieces)


@pytest.fixture
def copied(tmp_path: Path) -> Iterator[list[str]]:
    """Names of the modules made from the page, removed (and unregistered) afterwards."""
    made: list[str] = []
    yield made
    for name in made:
        module = sys.modules.pop(name, None)
        registered = getattr(module, "NAME", None)
        if registered in games.names() and games.get(registered) is module:
            games.unregister(registered)


def _import_as_copied(code: str, name: str, folder: Path, made: list[str]) -> object:
    path = folder / f"{name}.py"
    path.write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # states pickle by module name: as an imported module does
    made.append(name)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("example", "preset"), [("crazy_eights.py", "two"), ("whist.py", "one_point")]
)
def test_the_code_the_page_shows_registers_and_keeps_the_interface(
    example: str, preset: str, tmp_path: Path, copied: list[str]
) -> None:
    code = shown_code(example)
    module = _import_as_copied(code, f"copied_{example[:-3]}", tmp_path, copied)
    name = getattr(module, "NAME")  # noqa: B009
    assert games.get(name) is module  # it registered itself on import
    assert testing.check_game(name, presets=[preset], games=1).games == 1


def _defined_names(example: str) -> set[str]:
    """The names an example module assigns or defines at its top level itself."""
    tree = ast.parse((DOCS.parent / "examples" / example).read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def test_the_names_every_game_writes_are_written_by_a_game_of_each_core() -> None:
    """The section "What a game module names": its first bullet lists what every game
    writes itself, whichever core it is on, so a game on the trick engine writes each
    of them too, as does one on the shedding core; none is one the engines install; the
    names the shedding bullet says come from the description are those the description
    installs, and ``teams`` and ``score`` come from the engine, not the game."""
    from cardrules.core import installing, shedding, trickgame

    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("What a game module names") : text.index("\nThe rules\n")]
    bullets = re.findall(r"^\* (.*?)(?=^\*|\Z)", section, re.M | re.S)
    every_game = set(re.findall(r"``(\w+)", bullets[0]))
    assert every_game == {"NAME", "version", "Rules", "PRESETS"}
    for example in ("whist.py", "crazy_eights.py"):
        assert every_game <= _defined_names(example), example
    assert not every_game & set(trickgame.interface.__all__)
    described = set(re.findall(r"``(\w+)", bullets[1].split("come from")[0]))
    assert described == set(installing.DESCRIBED)
    assert described <= set(shedding.interface.__all__)
    assert not described & _defined_names("crazy_eights.py")
    # teams and score come from the engine on both cores: the game writes neither.
    owned = set(re.findall(r"``(\w+)\(", bullets[1].split("come from")[1]))
    assert owned == {"teams", "score"}
    assert owned <= set(shedding.interface.__all__) & set(trickgame.interface.__all__)
    assert not owned & _defined_names("crazy_eights.py")
