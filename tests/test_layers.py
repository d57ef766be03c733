"""The import direction of the library's base: cards, errors, frozen -> game, moves -> core;
the engines under core import neither the registry of games nor the pictures.

The base modules are read with :mod:`ast`, not imported, so that an import made inside
a function (which runs only when it is called) is seen too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from tests.commands import environment

SOURCE = Path(cardrules.__file__).parent

#: The base modules, each with its level: a module imports only lower levels of cardrules.
BASE_LEVELS = {
    "cardrules._mypyc": 0,
    "cardrules.errors": 0,
    "cardrules.frozen": 0,
    "cardrules.cards": 1,
    "cardrules.game": 2,
    "cardrules.moves": 2,
}


def _cardrules_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: a relative import"
            module = node.module or ""
            if module == "cardrules":  # ``from cardrules import core``: the subpackage
                found.update(f"cardrules.{alias.name}" for alias in node.names)
            else:
                found.add(module)
    return {name for name in found if name == "cardrules" or name.startswith("cardrules.")}


@pytest.mark.parametrize("module", ["cards", "errors", "frozen", "game", "moves"])
def test_the_base_imports_nothing_above_it(module: str) -> None:
    """Nothing in cards, errors, frozen, game or moves imports the cores (or anything else
    above the base): the imports run one way, from the base up."""
    level = BASE_LEVELS[f"cardrules.{module}"]
    imported = _cardrules_imports(SOURCE / f"{module}.py")
    # The package itself (``import cardrules``) imports everything, so it counts as above.
    above = sorted(name for name in imported if BASE_LEVELS.get(name, level) >= level)
    assert not [name for name in imported if name.startswith("cardrules.core")], imported
    assert above == [], f"cardrules.{module} imports {above}, which are not below it"


def test_the_import_reader_sees_imports_inside_functions(tmp_path: Path) -> None:
    """The check above can fail: an import of the core inside a function is found."""
    source = tmp_path / "late.py"
    source.write_text("def f():\n    from cardrules.core.options import show_value\n")
    assert _cardrules_imports(source) == {"cardrules.core.options"}


def _core_modules() -> list[Path]:
    return sorted((SOURCE / "core").rglob("*.py"))


@pytest.mark.parametrize(
    "path", _core_modules(), ids=lambda path: str(path.relative_to(SOURCE)).removesuffix(".py")
)
def test_the_engines_reach_neither_the_registry_nor_the_pictures(path: Path) -> None:
    """Nothing under cardrules.core imports the registry of games or the pictures, not even
    inside a function: they sit above the engines and import them (an engine's values ask
    for their notebook pictures through cardrules.game, which the package fills in)."""
    reached = sorted(
        name
        for name in _cardrules_imports(path)
        # the package itself (``import cardrules``) imports both
        if name == "cardrules" or name.startswith(("cardrules.games", "cardrules.svg"))
    )
    assert reached == [], f"{path.name} imports {reached}, which are above the engines"


def test_the_import_reader_sees_the_registry_imported_as_a_name(tmp_path: Path) -> None:
    """The check above can fail: ``from cardrules import games`` inside a function is found."""
    source = tmp_path / "late.py"
    source.write_text("def f():\n    from cardrules import games, svg\n")
    assert _cardrules_imports(source) == {"cardrules.games", "cardrules.svg"}


#: Words that would name a game in an engine's message: the games of cardrules and of the
#: examples, and the families' own names.
GAME_WORDS = (
    "Mau",
    "Strafpoint",
    "Crazy",
    "Eights",
    "Oh Hell",
    "Up and Down",
    "Enfle",
    "Rolling Stone",
    "Schwellen",
    "Maverick",
    "Hearts",
    "Spades",
    "Whist",
)


def _message_texts(path: Path) -> list[str]:
    """The string constants of a module that are not docstrings (the texts of its
    messages, f-strings' fixed parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


@pytest.mark.parametrize(
    "path", _core_modules(), ids=lambda path: str(path.relative_to(SOURCE)).removesuffix(".py")
)
def test_no_engine_message_names_a_game(path: Path) -> None:
    """An engine serves every game of its family: its messages name the game by the title
    of its description, never by a name written in the engine."""
    named = [text for text in _message_texts(path) if any(word in text for word in GAME_WORDS)]
    assert named == []


def test_the_message_reader_finds_a_game_named_in_a_message(tmp_path: Path) -> None:
    """The check above can fail: a game named in an f-string is found, in a docstring not."""
    source = tmp_path / "engine.py"
    source.write_text(
        '"""Mau Mau and Hearts."""\n\n\ndef f(x):\n    """Whist."""\n'
        '    return f"{x} is no move of Mau-Mau"\n'
    )
    assert _message_texts(source) == [" is no move of Mau-Mau"]


def test_the_registry_and_the_bots_import_no_encoder_and_not_numpy() -> None:
    """The games of cardrules register their encoders by import path: importing cardrules
    and making every game's heuristic bot imports neither an encoder nor numpy, an optional
    extra (a fresh process, so that no other test has imported them)."""
    code = (
        "import sys, cardrules\n"
        "from cardrules.bots.heuristics import heuristic_bot\n"
        "bots = [heuristic_bot(name) for name in cardrules.games.names()]\n"
        "print(len(bots), sorted(m for m in sys.modules\n"
        "    if m.split('.')[0] == 'numpy' or m.startswith('cardrules.integrations')))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], env=environment(), capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    own = [name for name in cardrules.games.names() if cardrules.games.registration(name).builtin]
    assert run.stdout.split() == [str(len(own)), "[]"]
