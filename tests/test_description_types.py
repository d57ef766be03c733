"""A trick game's description is typed by the game's ``Rules``: a hook written with the
wrong parameter types, or reading a rules field the game's ``Rules`` lacks, fails
``mypy --strict`` where the description is built (one mypy run over one small module)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import cardrules

SNIPPET = textwrap.dedent(
    """
    import attrs

    from cardrules.cards import DECK52, Card
    from cardrules.core import trickgame
    from cardrules.game import Event

    @attrs.frozen(slots=True, kw_only=True)
    class Rules(trickgame.TrickGameRules):
        players: int = 4
        hand: int = 13


    def deck(rules: Rules) -> tuple[Card, ...]:
        return DECK52


    def hand_size(rules: Rules, number: str) -> int:  # WRONG-PARAMETER
        return rules.hand


    GAME = trickgame.TrickGame(
        name="typed",
        title="Typed",
        version="1",
        rules_class=Rules,
        dealing=trickgame.Dealing(
            deck=deck,
            hand_size=hand_size,
            event=lambda rules, match, size: Event("deal", value=rules.hand),
        ),
        trumps=trickgame.Trumps(card="next"),
        scoring=trickgame.Scoring(deal=lambda state, out: (state.tricks_won, (), state.log)),
        match=trickgame.MatchPlan(deals=lambda rules: rules.deals),  # UNKNOWN-FIELD
        moves=trickgame.Moves(max_players=4),
        view_class=trickgame.View,
    )
    reveal_type(GAME)  # REVEAL
    """
)


def _line(marker: str) -> int:
    return next(n for n, line in enumerate(SNIPPET.splitlines(), 1) if marker in line)


def test_hooks_are_checked_against_the_games_rules(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    library = Path(cardrules.__file__).parent
    if not (library / "core" / "trickgame" / "description.py").exists():
        pytest.skip("the installed library has no Python sources for mypy to read")
    (tmp_path / "typed_game.py").write_text(SNIPPET)
    # The library this test runs against, wherever it is installed: from a source tree
    # through mypy_path; installed (the compiled build), where mypy finds packages itself.
    installed = library.parent.name == "site-packages"
    path = "" if installed else f"mypy_path = {library.parent}\n"
    (tmp_path / "mypy.ini").write_text(f"[mypy]\n{path}")
    stdout, _, _ = api.run(
        [
            "--strict",
            "--config-file",
            str(tmp_path / "mypy.ini"),
            "--cache-dir",
            str(tmp_path / "cache"),
            str(tmp_path / "typed_game.py"),
        ]
    )
    lines = stdout.splitlines()
    # The description's type is read from rules_class: a TrickGame[Rules].
    assert any(
        f":{_line('# REVEAL')}: note: Revealed type is" in line
        and line.endswith('TrickGame[typed_game.Rules]"')
        for line in lines
    ), stdout
    # A hook whose deal number is a str instead of an int.
    assert any(
        'Argument "hand_size" to "Dealing" has incompatible type' in line
        and '"Callable[[Rules, str], int]"' in line
        for line in lines
    ), stdout
    # A lambda hook that reads a field the game's Rules does not have.
    assert any(
        f":{_line('# UNKNOWN-FIELD')}: error:" in line
        and '"Rules" has no attribute "deals"' in line
        for line in lines
    ), stdout
    errors = [line for line in lines if ": error:" in line]
    assert len(errors) == 2, stdout
