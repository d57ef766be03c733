"""The bibliography can be checked: every entry says who published what, in which
language, when, and how to find it, and every entry is cited by a rule of a game page.
Every quote of a game page names its source and is in that source's language (or names
the translation it is quoted from), and the bibliography says when the quotes were last
checked by hand against the pages.

An entry is a citation whose body is a field list (``:Title: ...``). It names an
``Author`` or a ``Publisher``, a ``Title``, a ``Language`` and a ``Date`` (a year, or
"undated"), and either a ``URL`` with the month it was ``Accessed``, or, for a book, an
``Edition``, an ``ISBN`` (with a valid check digit) and the ``Sections`` or ``Pages``
cited. A source that cannot be read online says so (``Availability: not available
online``) and gives an archive address or says that no archived copy is known.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

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


# --- Quotes ----------------------------------------------------------------------------------

#: The languages the sources are written in.
LANGUAGES = ("English", "German", "Danish", "Swedish", "Russian", "French")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Common words of the rule texts that belong to one language only (words two of these
#: languages share, such as "der", "den", "in" or "for", are left out).
MARKERS = {
    "English": _words(
        "the and of to is are a an with player players card cards each if they or not that"
        " his their from by on any must may which can trick tricks when who this"
    ),
    "German": _words(
        "und ist nicht ein eine einen einer mit von zu dem des wird sind kann auf für wenn sie"
        " oder auch spieler karte karten im zum zur werden muss darf dann aus bis als jeder"
        " jede seine seiner sich noch nur"
    ),
    "Danish": _words(
        "og af ikke et med som hver kortene spilleren spiller når så vinder eller ingen sin"
        " har til på efter spillet hånden hånd"
    ),
}
#: The month the quotes were last checked by hand against the pages they quote.
CHECKED = re.compile(rf"checked by hand against the pages in ({'|'.join(MONTHS.split())}) \d{{4}}")
#: A quote's own translation right after it, "(...)", which may hold quotes of its own.
TRANSLATION = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\)")
#: The reference right after a quote (and its translation), as the tables cite, with the
#: translation it quotes from if it names one: ``"..." (...) [Key]_ (German translation)``.
FOLLOWING = re.compile(
    rf"(?:{TRANSLATION.pattern})?\s*\[([A-Za-z][\w-]*)\]_(?:\s*\((\w+) translation\))?"
)
REFERENCE = re.compile(r"\[([A-Za-z][\w-]*)\]_")
#: A quote taken from a translation of its source says so: "(German translation)".
NAMED_TRANSLATION = re.compile(rf"\b({'|'.join(LANGUAGES)}) translation\b")


class Quote(NamedTuple):
    where: str
    words: str
    #: The reference of the source it quotes: the one right after it, or else the nearest
    #: one before it in the same field or cell.
    source: str | None
    #: The language of the translation it is named to be quoted from, if any.
    translation: str | None


def language_of(quote: str) -> str | None:
    """The language most of a quote's marker words belong to, if at least two do."""
    tokens = re.findall(r"[^\W\d_]+", quote.lower())
    counts = sorted(
        ((sum(token in words for token in tokens), lang) for lang, words in MARKERS.items()),
        reverse=True,
    )
    (best, lang), (second, _) = counts[0], counts[1]
    return lang if best >= 2 and best > second else None


def quoting_texts() -> list[tuple[str, str]]:
    """Every text of a game page that quotes sources, with where it is: the ``Source`` and
    ``Decision`` fields of the rule entries, and the cells of the tables of readings
    ("Where the sources disagree")."""
    texts: list[tuple[str, list[str]]] = []
    for page in sorted((DOCS / "games").glob("*.rst")):
        lines = page.read_text(encoding="utf-8").split("\n")
        current: list[str] | None = None
        in_readings = False
        for number, line in enumerate(lines):
            if number + 1 < len(lines) and re.fullmatch(r"-{3,}", lines[number + 1]):
                in_readings = line == "Where the sources disagree"
            field = re.match(r"^:(?:Source|Decision): ", line)
            cell = re.match(r"^\s+(?:\* )?- ", line) if in_readings else None
            start = field or cell
            if start:
                current = [line[start.end() :]]
                texts.append((f"{page.name} line {number + 1}", current))
            elif current is not None and line.startswith("   "):
                current.append(line.strip())
            else:
                current = None
    return [(where, " ".join(parts)) for where, parts in texts]


def quotes_of(where: str, text: str) -> list[Quote]:
    """Each quote of a text, with the source it names and the translation it names."""
    text = re.sub(r"``.*?``", lambda m: "_" * len(m.group(0)), text)
    found = []
    position = 0
    while (start := text.find('"', position)) >= 0:
        end = text.find('"', start + 1)
        assert end > 0, f"{where}: an unclosed quote: {text[start : start + 60]!r}"
        position = end + 1
        following = FOLLOWING.match(text, position)
        before = list(REFERENCE.finditer(text, 0, start))
        source: str | None = None
        translation: str | None = None
        if following:
            source, translation = following.group(1), following.group(2)
        elif before:
            source = before[-1].group(1)
            names = NAMED_TRANSLATION.findall(text, before[-1].end(), start)
            translation = names[-1] if names else None
        found.append(Quote(where, text[start + 1 : end], source, translation))
        own = TRANSLATION.match(text, position)  # cardrules' translation, skipped
        if own:
            position = own.end()
    return found


QUOTES = [quote for where, text in quoting_texts() for quote in quotes_of(where, text)]


def test_the_game_pages_quote_their_sources() -> None:
    assert len(QUOTES) >= 150
    assert {language_of(q.words) for q in QUOTES} >= {"English", "German", "Danish"}


@pytest.mark.parametrize("key", sorted({**ENTRIES, **FAMILY_ENTRIES}))
def test_every_entry_names_its_language(key: str) -> None:
    fields = {**ENTRIES, **FAMILY_ENTRIES}[key]
    assert fields.get("Language", "").split(" ")[0] in LANGUAGES, f"{key}: language?"


def test_every_quote_names_its_source_and_is_in_its_language() -> None:
    """A quote is its source's own words in the source's own language (the ``Language``
    of its bibliography entry), unless the text names the translation it quotes
    ("(German translation)"): a quote in another language would send a reader to a page
    where the words cannot be found."""
    known = {**ENTRIES, **FAMILY_ENTRIES}
    problems = []
    for quote in QUOTES:
        start = f"{quote.where}: {quote.words[:50]!r}"
        if quote.source is None or quote.source not in known:
            problems.append(f"{start} names no source")
            continue
        language = quote.translation or known[quote.source].get("Language", "").split(" ")[0]
        found = language_of(quote.words)
        if found is not None and found != language:
            problems.append(f"{start} is {found}, but {quote.source} is quoted in {language}")
    assert not problems, "\n".join(problems)


def test_a_quote_in_the_wrong_language_is_found() -> None:
    """The check above can fail: a German sentence quoted for an English page."""
    (quote,) = quotes_of("here", '[YouthMatters]_: "ist für 4 bis 8 Spieler" (for 4 to 8)')
    assert (quote.source, quote.translation, language_of(quote.words)) == (
        "YouthMatters",
        None,
        "German",
    )
    (marked,) = quotes_of("here", '[YouthMatters]_ (German translation): "ist für 4 bis 8 Spieler"')
    assert marked.translation == "German"
    (cited,) = quotes_of("here", '"Players 3-7 is best" (three to seven) [Guardian-OhHell]_;')
    assert cited.source == "Guardian-OhHell"
    assert quotes_of("here", 'as "the highest card" wins')[0].source is None


def test_the_bibliography_records_when_the_quotes_were_checked() -> None:
    assert CHECKED.search(" ".join(BIBLIOGRAPHY.read_text(encoding="utf-8").split()))


def test_pages_quoting_other_languages_mark_their_own_translations() -> None:
    """Where a page quotes words that are not English, it says that the English given
    with them is cardrules' own translation."""
    for page in sorted((DOCS / "games").glob("*.rst")):
        quoted = [q for q in QUOTES if q.where.startswith(page.name + " ")]
        if any(language_of(q.words) not in (None, "English") for q in quoted):
            text = " ".join(page.read_text(encoding="utf-8").split())
            assert "cardrules' own English translation" in text, page.name
