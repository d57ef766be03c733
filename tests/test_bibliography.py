"""The bibliography can be checked: every entry says who published what, when, and how
to find it, and every entry is cited by a rule of a game page.

An entry is a citation whose body is a field list (``:Title: ...``). It names an
``Author`` or a ``Publisher``, a ``Title`` and a ``Date`` (a year, or "undated"), and
either a ``URL`` with the month it was ``Accessed``, or, for a book, an ``Edition``,
an ``ISBN`` (with a valid check digit) and the ``Sections`` or ``Pages`` cited. A
source that can no longer be read says so (``Availability: not available online``)
and gives an archive address or says that no archived copy is known.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
BIBLIOGRAPHY = DOCS / "bibliography.rst"
#: The page of the trick-taking family, whose table cites sources of its own.
FAMILY = DOCS / "trick_family.rst"

ENTRY = re.compile(r"^\.\. \[([A-Za-z][\w-]*)\]\s*$", re.MULTILINE)
FIELD = re.compile(r"^   :(\w+): ?(.*)$")
MONTHS = "January February March April May June July August September October November December"
ACCESSED = re.compile(rf"^(?:\d{{1,2}} )?(?:{'|'.join(MONTHS.split())}) \d{{4}}$")
RULE_LABEL = re.compile(r"^\.\. _((?:OH|EN|MMS|MM|SP|MV)-\d+\.\d+):$", re.MULTILINE)
#: The underline of a section or group heading: a rule entry ends before it.
SECTION_UNDERLINE = re.compile(r"^[-=^]{3,}$", re.MULTILINE)
#: Hosts of unauthorised copies of books: never a reference.
UNAUTHORISED = (
    "read-online-books.com",
    "readonlinefree.net",
    "vampirenovels",
    "pdfslide",
    "fdocuments",
)
#: The file names of the texts the rules were first written from, which no reader can obtain.
WORKING_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")


def entries(page: Path = BIBLIOGRAPHY) -> dict[str, dict[str, str]]:
    """Each entry's fields, by its reference; continuation lines join their field."""
    lines = page.read_text(encoding="utf-8").split("\n")
    found: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    field = ""
    for line in lines:
        start = ENTRY.match(line)
        if start:
            current = found.setdefault(start.group(1), {})
            continue
        if current is None:
            continue
        match = FIELD.match(line)
        if match:
            field = match.group(1)
            current[field] = match.group(2).strip()
        elif line.startswith("      ") and field:
            current[field] += " " + line.strip()
        elif line.strip() and not line.startswith("   "):
            current, field = None, ""
    return found


def isbn13_is_valid(isbn: str) -> bool:
    digits = [int(d) for d in isbn if d.isdigit()]
    if len(digits) != 13:
        return False
    return sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10 == 0


ENTRIES = entries()
#: The sources of the trick-taking family's table, on its own page.
FAMILY_ENTRIES = entries(FAMILY)


def test_the_bibliography_has_entries() -> None:
    assert len(ENTRIES) >= 20
    assert all(fields for fields in ENTRIES.values()), "an entry without fields"


@pytest.mark.parametrize("key", sorted({**ENTRIES, **FAMILY_ENTRIES}))
def test_every_entry_names_who_what_and_when(key: str) -> None:
    fields = {**ENTRIES, **FAMILY_ENTRIES}[key]
    assert fields.get("Author") or fields.get("Publisher"), f"{key}: no author or publisher"
    assert fields.get("Title"), f"{key}: no title"
    date = fields.get("Date", "")
    assert re.search(r"\b\d{4}\b", date) or date.startswith("undated"), f"{key}: date {date!r}"


@pytest.mark.parametrize("key", sorted({**ENTRIES, **FAMILY_ENTRIES}))
def test_every_entry_says_how_to_find_it(key: str) -> None:
    """A web address with its own access month, or a book's edition, ISBN and sections;
    a source no reader can reach says so, with an archive address or "archived copy not
    known"."""
    fields = {**ENTRIES, **FAMILY_ENTRIES}[key]
    availability = fields.get("Availability", "")
    if availability:
        assert availability.startswith("not available online"), key
        assert "web.archive.org" in availability or "archived copy not known" in availability
        return
    if "ISBN" in fields:
        assert isbn13_is_valid(fields["ISBN"]), f"{key}: ISBN {fields['ISBN']}"
        assert fields.get("Edition"), f"{key}: a book needs its edition"
        assert fields.get("Sections") or fields.get("Pages"), f"{key}: say what is cited"
        return
    assert fields.get("URL", "").startswith(("http://", "https://")), f"{key}: no address"
    assert ACCESSED.match(fields.get("Accessed", "")), f"{key}: accessed {fields.get('Accessed')!r}"


def test_no_entry_links_to_an_unauthorised_copy() -> None:
    text = BIBLIOGRAPHY.read_text(encoding="utf-8")
    assert not [host for host in UNAUTHORISED if host in text]


def test_the_docs_name_no_file_a_reader_cannot_obtain() -> None:
    for path in sorted(DOCS.rglob("*.rst")):
        assert not WORKING_FILE.search(path.read_text(encoding="utf-8")), path.name


def rule_entries() -> list[str]:
    """The text of every rule entry of the game pages: from its label to the next label
    or the next section heading, whichever comes first."""
    texts = []
    for page in sorted((DOCS / "games").glob("*.rst")):
        text = page.read_text(encoding="utf-8")
        starts = [m.start() for m in RULE_LABEL.finditer(text)]
        for begin, end in zip(starts, [*starts[1:], len(text)]):
            heading = SECTION_UNDERLINE.search(text, begin, end)
            texts.append(text[begin : heading.start() if heading else end])
    return texts


def test_every_entry_is_cited_by_a_rule() -> None:
    rules = rule_entries()
    uncited = [key for key in ENTRIES if not any(f"[{key}]_" in rule for rule in rules)]
    assert not uncited, f"bibliography entries no rule cites: {uncited}"


def test_every_reference_of_the_docs_has_an_entry() -> None:
    cited = set()
    for path in sorted(DOCS.rglob("*.rst")):
        cited |= set(re.findall(r"\[([A-Za-z][\w-]*)\]_", path.read_text(encoding="utf-8")))
    known = set(ENTRIES) | set(FAMILY_ENTRIES)
    assert cited <= known, sorted(cited - known)


def test_every_source_of_the_family_table_is_cited_by_the_table() -> None:
    table = FAMILY.read_text(encoding="utf-8").split("\nSources\n")[0]
    assert FAMILY_ENTRIES
    uncited = [key for key in FAMILY_ENTRIES if f"[{key}]_" not in table]
    assert not uncited, f"sources the table does not cite: {uncited}"
