"""The illustrated rules on the games' pages: every position sets up, its picture is drawn,
and what the page says of it (the legal moves, what a move causes) is what the library does.

The docs build makes the same checks (``docs/_ext/illustrated.py``); this runs them without
building the docs, and counts the illustrated rules of each game's page.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cardrules import games

DOCS = Path(__file__).parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

from illustrated import ClaimError, illustrate  # noqa: E402

RULE_ID = re.compile(r"\b[A-Z]{2,3}-\d+\.\d+\b")

#: Each game's page illustrates at least this many of its key rules.
AT_LEAST = 5


@dataclass
class Block:
    page: str
    line: int
    options: dict[str, str] = field(default_factory=dict)
    text: list[str] = field(default_factory=list)

    @property
    def rule(self) -> str:
        return f"{self.page}:{self.line}"


def position_blocks(page: Path) -> list[Block]:
    """The ``.. position::`` blocks of a page: their options and their position text."""
    blocks: list[Block] = []
    current: Block | None = None
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip() == ".. position::":
            current = Block(page.name, number)
            blocks.append(current)
            continue
        if current is None:
            continue
        if line.strip() and not line.startswith("   "):
            current = None
            continue
        stripped = line.strip()
        if stripped.startswith(":") and not current.text:
            name, _, value = stripped[1:].partition(":")
            current.options[name] = value.strip()
        elif stripped:
            current.text.append(stripped)
    return blocks


PAGES = sorted((DOCS / "games").glob("*.rst"))
BLOCKS = [block for page in PAGES for block in position_blocks(page)]


def test_every_game_page_illustrates_its_key_rules() -> None:
    counts = {page.stem: len(position_blocks(page)) for page in PAGES}
    assert set(counts) <= set(games.names()), "a page for a game that is not registered"
    short = {name: n for name, n in counts.items() if n < AT_LEAST}
    assert not short, f"pages with fewer than {AT_LEAST} illustrated rules: {short}"


@pytest.mark.parametrize("block", BLOCKS, ids=[block.rule for block in BLOCKS])
def test_the_illustration_is_what_the_library_does(block: Block) -> None:
    assert block.text, f"{block.rule}: a position without its text"
    caption = block.options.get("caption", "")
    assert RULE_ID.search(caption), f"{block.rule}: the caption names the rule it shows"
    try:
        shown = illustrate(
            " ".join(block.text),
            legal=block.options.get("legal"),
            then=block.options.get("then"),
            shows=block.options.get("shows"),
        )
    except ClaimError as error:
        pytest.fail(f"{block.rule}: {error}")
    root = ElementTree.fromstring(shown.picture)
    assert root.tag.endswith("svg")


def test_a_false_claim_is_caught() -> None:
    block = BLOCKS[0]
    with pytest.raises(ClaimError, match="legal moves"):
        illustrate(" ".join(block.text), legal="no such move")
