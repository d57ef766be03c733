"""The rule identifiers of the docs, and the text users read.

Every rule on a game's docs page has an identifier (``OH-4.1``) that is never
renumbered or dropped, and at least one test names it. User-facing text (the
docs, README, CITATION.cff, the package description and the strings of the
library: CLI output, error messages, docstrings) cites sources by their
bibliography references, never by internal file numbers or working documents.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GAME_PAGES = {
    "OH": "oh_hell",
    "EN": "enfle",
    "MM": "mau_mau",
    "MMS": "mau_mau_standard",
    "SP": "strafpoint",
    "MV": "maverick",
}
LABEL = re.compile(r"^\.\. _((?:OH|EN|MMS|MM|SP|MV)-\d+\.\d+):$", re.MULTILINE)

#: Every identifier ever published. An identifier is never removed from the
#: docs: a withdrawn rule keeps its entry, marked withdrawn. Add new ones here.
PUBLISHED = {
    "OH": "1.1 1.2 2.1 2.2 2.3 2.4 2.5 2.6 3.1 3.2 3.3 3.4 4.1 4.2 4.3 4.4 5.1 5.2",
    "EN": "1.1 1.2 1.3 2.1 2.2 2.3 2.4 3.1 3.2 3.3 3.4 4.1 4.2 4.3 4.4 4.5",
    "MM": (
        "1.1 1.2 2.1 2.2 2.3 3.1 3.2 3.3 4.1 4.2 4.3 4.4 5.1 5.2 5.3 5.4 5.5 6.1 6.2 7.1 7.2 7.3"
        " 7.4"
    ),
    "MMS": "1.1 1.2 1.3 1.4 1.5 2.1 2.2 2.3 3.1 3.2 3.3 3.4 3.5 3.6 4.1 4.2 4.3 5.1 5.2",
    "SP": "1.1 1.2 1.3 2.1 3.1 3.2 4.1 4.2 5.1 5.2",
    "MV": (
        "1.1 1.2 2.1 2.2 2.3 2.4 2.5 3.1 3.2 4.1 4.2 4.3 4.4 4.5 4.6 5.1 5.2 5.3 5.4 5.5"
        " 6.1 6.2 6.3 6.4 6.5 6.6 7.1 7.2"
    ),
}


def page_identifiers(prefix: str) -> list[str]:
    """The identifiers labelled on a game's page, in page order."""
    text = (DOCS / "games" / f"{GAME_PAGES[prefix]}.rst").read_text(encoding="utf-8")
    return LABEL.findall(text)


def all_page_identifiers() -> list[str]:
    return [ident for prefix in GAME_PAGES for ident in page_identifiers(prefix)]


def test_every_published_identifier_is_still_on_its_page() -> None:
    """Identifiers are never renumbered or dropped."""
    for prefix, numbers in PUBLISHED.items():
        on_page = set(page_identifiers(prefix))
        missing = [f"{prefix}-{n}" for n in numbers.split() if f"{prefix}-{n}" not in on_page]
        assert not missing, f"rule identifiers gone from the {GAME_PAGES[prefix]} page: {missing}"


def test_every_identifier_on_a_page_is_published_once() -> None:
    """A new rule is added to PUBLISHED; no identifier labels two rules."""
    published = {f"{p}-{n}" for p, numbers in PUBLISHED.items() for n in numbers.split()}
    found = all_page_identifiers()
    assert len(found) == len(set(found)), "an identifier labels two rules"
    assert set(found) <= published, f"add to PUBLISHED: {sorted(set(found) - published)}"


@pytest.mark.parametrize("prefix", sorted(GAME_PAGES))
def test_each_label_heads_a_rule_entry_with_its_identifier(prefix: str) -> None:
    """``.. _OH-4.1:`` is followed by the heading ``OH-4.1 ...``, so a search finds it."""
    lines = (DOCS / "games" / f"{GAME_PAGES[prefix]}.rst").read_text(encoding="utf-8").split("\n")
    for index, line in enumerate(lines):
        match = LABEL.match(line)
        if match:
            heading = lines[index + 2]
            assert heading.startswith(match.group(1) + " "), (match.group(1), heading)
            assert set(lines[index + 3]) == {'"'}, f"{match.group(1)}: heading underline"


def names(text: str, ident: str) -> bool:
    """Whether ``text`` names ``ident`` as a whole identifier: not inside a longer word or
    number (``OH-4.1`` is not named by ``XOH-4.1``, ``OH-4.12`` or ``1.OH-4.1``), as the
    pattern ``(?<![\\w.-])OH-4\\.1(?!\\d)`` finds it, but found by ``str.find`` (a
    pattern that starts with a look-behind is tried at every place in the text)."""
    start = text.find(ident)
    while start >= 0:
        before = text[start - 1] if start else ""
        after = text[start + len(ident) : start + len(ident) + 1]
        if not (before.isalnum() or before in ("_", ".", "-")) and not after.isdecimal():
            return True
        start = text.find(ident, start + 1)
    return False


@pytest.mark.parametrize(
    "text",
    [
        "OH-4.1",
        "(OH-4.1)",
        "OH-4.1.",
        "OH-4.12",
        "OH-4.1x",
        "XOH-4.1",
        "_OH-4.1",
        "1.OH-4.1",
        "-OH-4.1",
        "OH-4.1 and OH-4.12",
        "OH-4.12 and OH-4.1",
        "éOH-4.1",
        "OH-4.1٣",
        "OH-4.10H-4.1",
        "rule OH-4.1: x",
        "",
    ],
)
def test_names_finds_what_the_pattern_finds(text: str) -> None:
    assert names(text, "OH-4.1") == bool(re.search(r"(?<![\w.-])OH-4\.1(?!\d)", text))


def test_every_rule_identifier_is_named_by_a_test() -> None:
    """The test that checks a rule names its identifier (in its name or docstring)."""
    this_file = Path(__file__).resolve()
    test_text = "\n".join(
        path.read_text(encoding="utf-8")
        for path in (ROOT / "tests").rglob("*.py")
        if path.resolve() != this_file
    )
    untested = [ident for ident in all_page_identifiers() if not names(test_text, ident)]
    assert not untested, f"rules no test names: {untested}"


def test_every_rule_identifier_is_named_in_the_library() -> None:
    """The function that implements a rule names its identifier (docstring or comment)."""
    source = "\n".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "src" / "cardrules").rglob("*.py")
    )
    unnamed = [ident for ident in all_page_identifiers() if not names(source, ident)]
    assert not unnamed, f"rules no function names: {unnamed}"


# --- User-facing text -------------------------------------------------------------------------

#: Internal references users cannot follow: the project's working documents, the numbered
#: source texts, section signs, issue numbers, and descriptions of the development machine.
FORBIDDEN = re.compile(
    r"(?:RULES|DESIGN|ANCHORS)\.md|\bseeds? 0\d\d\b|§|\bissues? #?\d+"
    r"|(?<![\w&])#\d{1,5}(?![\dA-Fa-f])|\b\d+-core\b",
    re.IGNORECASE,
)


def user_facing_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "CITATION.cff", ROOT / "CHANGELOG.md"]
    files += sorted(DOCS.rglob("*.rst")) + sorted(DOCS.rglob("*.inc"))
    return [path for path in files if path.exists()]


@pytest.mark.parametrize("path", user_facing_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_user_facing_files_make_no_internal_references(path: Path) -> None:
    """Docs, README, CITATION.cff and CHANGELOG cite sources by their bibliography references."""
    text = path.read_text(encoding="utf-8")
    hits = [
        f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}"
        for m in FORBIDDEN.finditer(text)
    ]
    assert not hits, f"{path.relative_to(ROOT)}: {hits}"


def test_the_package_description_makes_no_internal_references() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    description = re.search(r'^description = "(.*)"$', text, re.MULTILINE)
    assert description is not None
    assert not FORBIDDEN.search(description.group(1))
    assert "six" in description.group(1)


def strings_of(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module (messages, CLI text, docstrings), with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "src" / "cardrules").rglob("*.py")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_library_strings_make_no_internal_references(path: Path) -> None:
    """CLI output, error messages and docstrings (the API reference) speak to users."""
    hits = [
        f"line {line}: {m.group(0)!r}"
        for line, text in strings_of(path)
        for m in FORBIDDEN.finditer(text)
    ]
    assert not hits, f"{path.relative_to(ROOT)}: {hits}"


#: Working names that must not come back into examples or test names: the numbered source
#: texts and the sections and open points of a working document no user has.
WORKING_NAMES = re.compile(r"\bseed_?\d{3}\b|rules_md|ambiguity_\d", re.IGNORECASE)


def test_examples_and_tests_make_no_internal_references() -> None:
    """Examples are read by users and test names show in their reports: no file numbers,
    working documents or issue numbers there either (this file names them to find them)."""
    this_file = Path(__file__).resolve()
    files = sorted((ROOT / "examples").glob("*.py")) + sorted((ROOT / "tests").rglob("*.py"))
    hits = [
        f"{path.relative_to(ROOT)} line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}"
        for path in files
        if path.resolve() != this_file
        for text in [path.read_text(encoding="utf-8")]
        for pattern in (FORBIDDEN, WORKING_NAMES)
        for m in pattern.finditer(text)
    ]
    assert not hits, hits


def test_readme_citation_and_docs_agree_on_six_games() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    citation = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    for text in (readme, citation, index):
        assert "six" in text and "five" not in text
    for name in ("Oh Hell", "Enfle", "Mau-Mau", "Strafpoint", "Maverick"):
        assert name in readme and name in citation and name in index
