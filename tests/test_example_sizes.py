"""The examples written on the engines stay short: a game on an engine is its rules, not
the engine's mechanics written again. Code lines are those that are not blank, not
comments and not docstrings."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parent.parent / "examples"

#: The most code lines each example may have.
LIMITS = {
    "whist.py": 123,
    "crazy_eights.py": 80,
    "spades.py": 150,
    "hearts.py": 150,
    "bridge.py": 200,
    "euchre.py": 200,
    "skat.py": 200,
}

_LAYOUT = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)


def code_lines(source: str) -> int:
    """The lines of ``source`` that hold code: not blank, not comments, not docstrings."""
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                docstrings.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in _LAYOUT or token.type == tokenize.ENDMARKER:
            continue
        lines.update(n for n in range(token.start[0], token.end[0] + 1) if n not in docstrings)
    return len(lines)


def test_code_lines_counts_neither_comments_nor_docstrings() -> None:
    source = '"""Module."""\n\n# a comment\ndef f() -> int:\n'
    source += '    """Doc\n    string."""\n    return 1\n'
    assert code_lines(source) == 2


@pytest.mark.parametrize("name", sorted(LIMITS))
def test_example_is_short(name: str) -> None:
    assert code_lines((EXAMPLES / name).read_text()) <= LIMITS[name]
