"""The engines stay readable: no module of the engines (``cardrules.core``) is longer than
600 lines (counted as ``wc -l`` counts them), so that each module holds one concern."""

from __future__ import annotations

from pathlib import Path

import cardrules.core

LIMIT = 600


def test_no_engine_module_over_600_lines() -> None:
    root = Path(cardrules.core.__file__).parent
    long = {
        str(path.relative_to(root)): count
        for path in sorted(root.rglob("*.py"))
        if (count := path.read_bytes().count(b"\n")) > LIMIT
    }
    assert not long, f"engine modules over {LIMIT} lines (split them by concern): {long}"
