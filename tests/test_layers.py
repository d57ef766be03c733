"""The import direction of the library's base: cards, errors, frozen -> game, moves -> core.

The base modules are read with :mod:`ast`, not imported, so that an import made inside
a function (which runs only when it is called) is seen too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardrules

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
