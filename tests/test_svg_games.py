"""Pictures of the games themselves: every game's states and views drawn through the Game
protocol (its ``position``), shown by notebooks, and drawn by ``cardrules show``."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from cardrules import games
from cardrules.cli import main
from cardrules.game import Game
from cardrules.records import record_of
from cardrules.svg import draw

SVG = "{http://www.w3.org/2000/svg}"


def played(game: Game, seed: int, moves: int) -> Any:
    """A state of ``game`` after ``moves`` random moves (fewer if it ends)."""
    rng = random.Random(seed)
    state = game.deal(game.Rules(), seed=seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def groups(root: ET.Element, kind: str, zone: str) -> list[ET.Element]:
    return [
        g for g in root.iter(f"{SVG}g") if g.get("class") == kind and g.get("data-zone") == zone
    ]


@pytest.mark.parametrize("name", games.names())
def test_every_game_draws_its_states_and_views(name: str) -> None:
    game = games.get(name)
    state = played(game, seed=5, moves=15)
    players = game.players(game.origin(state).rules)
    zones = game.zones(state)
    root = ET.fromstring(draw(game, state))
    assert game.TITLE in ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    for seat in range(players):
        drawn = [g.attrib["data-card"] for g in groups(root, "card", f"hand {seat}")]
        assert sorted(drawn) == sorted(card.text for card in zones[f"hand {seat}"])
    view = game.observe(state, 1)
    seen = ET.fromstring(draw(game, view))
    own = [g.attrib["data-card"] for g in groups(seen, "card", "hand 1")]
    assert sorted(own) == sorted(card.text for card in zones["hand 1"])
    for seat in set(range(players)) - {1}:
        assert not groups(seen, "card", f"hand {seat}")  # hidden: backs only
        hidden = len(zones[f"hand {seat}"])
        assert len(groups(seen, "back", f"hand {seat}")) == min(hidden, 8)
    assert draw(game, state, seat=1) == draw(game, view)


@pytest.mark.parametrize("name", games.names())
def test_notebooks_show_states_and_views_as_pictures(name: str) -> None:
    game = games.get(name)
    state = played(game, seed=2, moves=4)
    assert state._repr_svg_() == draw(game, state)
    view = game.observe(state, 0)
    assert view._repr_svg_() == draw(game, view)


def test_show_draws_a_record_at_a_move_as_a_seat_sees_it(tmp_path: Path) -> None:
    game = games.get("oh_hell")
    state = played(game, seed=3, moves=10)
    record = record_of(state, game="oh_hell", players=["Ann", "Bo", "Cy", "Di"])
    (tmp_path / "r.json").write_text(record.to_json(), encoding="utf-8")
    picture = tmp_path / "p.svg"
    out = io.StringIO()
    assert (
        main(
            ["show", str(tmp_path / "r.json"), "--move", "6", "--seat", "2", "-o", str(picture)],
            out=out,
        )
        == 0
    )
    root = ET.fromstring(picture.read_text(encoding="utf-8"))
    assert groups(root, "card", "hand 2") and not groups(root, "card", "hand 0")
    words = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert any("Cy" in word for word in words)
    # without -o the picture is printed; without --move it is the record's end
    printed = io.StringIO()
    assert main(["show", str(tmp_path / "r.json")], out=printed) == 0
    assert printed.getvalue() == draw(game, state, names=["Ann", "Bo", "Cy", "Di"])


def test_show_draws_a_position_given_as_text(tmp_path: Path) -> None:
    from cardrules.positions import position_text

    game = games.get("mau_mau")
    state = played(game, seed=4, moves=6)
    text = position_text(game, state)
    picture = tmp_path / "p.svg"
    assert main(["show", "--position", text, "-o", str(picture)], out=io.StringIO()) == 0
    root = ET.fromstring(picture.read_text(encoding="utf-8"))
    upcard = game.zones(state)["upcard"]
    assert [g.attrib["data-card"] for g in groups(root, "card", "upcard")] == [
        card.text for card in upcard
    ]


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def seat_texts(root: ET.Element, seat: int) -> list[str]:
    group = next(
        g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "seat" and g.get("data-seat") == str(seat)
    )
    return texts(group)


@pytest.mark.parametrize("name", ["mau_mau", "mau_mau_standard", "strafpoint"])
def test_a_shedding_picture_shows_no_bookkeeping(name: str) -> None:
    """The engine's bookkeeping in the position (allowance, penalties, what is owed, ...)
    is not drawn; what the game describes is."""
    game = games.get(name)
    state = played(game, seed=6, moves=12)
    position: dict[str, Any] = game.position(state)
    assert "allowance" in position and "penalties" in position  # there, but internal
    for picture in (draw(game, state), draw(game, game.observe(state, 1))):
        parts = [part for word in texts(ET.fromstring(picture)) for part in word.split(" · ")]
        for key in ("allowance", "penalties", "absent", "owed", "after", "dealt", "passes"):
            assert not [part for part in parts if part.startswith((f"{key} ", f"{key}:"))], key
        assert not [part for part in parts if "allowance" in part]
    described = {fact.label for fact in game.describe(game.observe(state, 0))}
    if "direction" in described:
        assert [word for word in texts(ET.fromstring(draw(game, state))) if "direction:" in word]


def test_an_oh_hell_picture_shows_the_bids_at_the_seats() -> None:
    game = games.get("oh_hell")
    state = played(game, seed=3, moves=6)  # the four bids made, play begun
    bids = game.position(state)["bids"]
    assert None not in bids
    for picture in (draw(game, state), draw(game, game.observe(state, 2))):
        root = ET.fromstring(picture)
        for seat, bid in enumerate(bids):
            assert any(f"bid {bid}" in word for word in seat_texts(root, seat)), seat
        # the tricks won at the seats too; the trick and the trump card are drawn, not told
        assert any("tricks won" in word for word in seat_texts(root, 0))
        assert not [word for word in texts(root) if word.startswith(("trick:", "trumps:"))]


def test_an_enfle_picture_shows_the_pot() -> None:
    game = games.get("enfle")
    state = played(game, seed=2, moves=10)
    pot = next(fact for fact in game.describe(game.observe(state, 0)) if fact.label == "pot")
    assert f"pot: {pot.value}" in texts(ET.fromstring(draw(game, state)))
    assert f"pot: {pot.value}" in texts(ET.fromstring(draw(game, game.observe(state, 3))))
