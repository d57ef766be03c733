"""Illustrated rules: a position on a rules page, drawn and checked against the library.

A rules page writes::

    .. position::
       :legal: play 7C, play 9D, draw
       :then: play 7C
       :shows: draws 1

       mau_mau() phase=playing ...  (the position's text, over as many lines as it needs)

When the docs are built, the text is set up with :func:`cardrules.positions.setup_text`,
drawn with :func:`cardrules.svg.draw`, and the claims are checked: ``:legal:`` must be
exactly the legal moves there (in any order), ``:then:`` moves (separated by ``;``) must be
legal one after the other, and each ``:shows:`` phrase (separated by ``;``) must appear in
the events they cause. A claim the library does not bear out stops the build, so a page
cannot show a rule the library does not play. ``tests/test_illustrated_rules.py`` runs the
same checks on every page without building the docs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective


@dataclass(frozen=True)
class Illustration:
    """What a checked position shows: the game, the state, its picture and its moves."""

    game: Any
    state: Any
    picture: str
    legal: tuple[str, ...]
    after: tuple[str, ...]
    to_move: str


class ClaimError(Exception):
    """A page claims what the library does not do there."""


def _items(text: str | None, separator: str) -> tuple[str, ...]:
    if not text:
        return ()
    return tuple(item.strip() for item in text.split(separator) if item.strip())


def illustrate(
    text: str, *, legal: str | None = None, then: str | None = None, shows: str | None = None
) -> Illustration:
    """Set the position up, check the claims made about it, and draw it."""
    from cardrules import svg
    from cardrules.errors import CardrulesError
    from cardrules.positions import read_position, setup_text

    try:
        game, _, _ = read_position(text)
        state = setup_text(text)
    except CardrulesError as error:
        raise ClaimError(f"the position does not set up: {error}") from None
    moves = tuple(str(m) for m in game.legal_moves(state))
    claimed = _items(legal, ",")
    if legal is not None and sorted(claimed) != sorted(moves):
        raise ClaimError(
            f"the page says the legal moves are {', '.join(claimed) or 'none'}; "
            f"the library has {', '.join(moves) or 'none'}"
        )
    after: list[str] = []
    current, seen = state, len(game.events(state))
    for move_text in _items(then, ";"):
        try:
            current = game.apply(current, game.parse_move(current, move_text))
        except CardrulesError as error:
            raise ClaimError(f"{move_text!r} cannot be played there: {error}") from None
    if then:
        after = [str(event) for event in game.events(current)[seen:]]
        happened = " / ".join(after)
        for phrase in _items(shows, ";"):
            if phrase not in happened:
                raise ClaimError(
                    f"after {then!r} the page expects {phrase!r}; the events are: "
                    f"{happened or 'none'}"
                )
    mover = game.to_move(state)
    to_move = f"seat {mover}" if isinstance(mover, int) else "nobody (the game is over)"
    if mover is not None and not isinstance(mover, int):
        to_move = "chance"
    return Illustration(game, state, svg.draw(game, state), moves, tuple(after), to_move)


#: More legal moves than this are counted, not all listed (a pass of two cards out of
#: thirteen has 78).
LISTED_MOVES = 24


def _listed(moves: tuple[str, ...]) -> str:
    """The legal moves for the caption: all of them, or their number and a few."""
    if len(moves) <= LISTED_MOVES:
        return ", ".join(moves) or "none"
    return f"{len(moves)} of them ({', '.join(moves[:4])}, ..., {moves[-1]})"


class PositionDirective(SphinxDirective):
    """``.. position::`` — see the module's docstring."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "legal": directives.unchanged,
        "then": directives.unchanged,
        "shows": directives.unchanged,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        text = " ".join(line.strip() for line in self.content if line.strip())
        try:
            shown = illustrate(
                text,
                legal=self.options.get("legal"),
                then=self.options.get("then"),
                shows=self.options.get("shows"),
            )
        except ClaimError as error:
            where = f"{self.env.docname}:{self.lineno}"
            raise ExtensionError(f"{where}: illustrated rule: {error}") from None
        container = nodes.container(classes=["cardrules-position"])
        container += nodes.raw(
            "", f'<div class="cardrules-picture">{shown.picture}</div>', format="html"
        )
        if "caption" in self.options:
            container += nodes.paragraph(text=self.options["caption"])
        container += nodes.paragraph(
            text=f"To move: {shown.to_move}. Legal moves: {_listed(shown.legal)}."
        )
        if shown.after:
            container += nodes.paragraph(
                text=f"After {self.options['then']}: " + "; ".join(shown.after) + "."
            )
        literal = nodes.literal_block(text, text, classes=["cardrules-position-text"])
        literal["language"] = "text"  # a position, not Python: no highlighting
        container += literal
        return [container]


#: The style sheet that fits the pictures to the page (``static/illustrated.css``).
STATIC = Path(__file__).parent / "static"


def _add_static(app: Sphinx) -> None:
    app.config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("position", PositionDirective)
    app.connect("builder-inited", _add_static)
    app.add_css_file("illustrated.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["ClaimError", "Illustration", "illustrate", "setup"]
