"""Pictures of the games themselves: every game's states and views drawn through the Game
protocol (its ``position``), shown by notebooks, and drawn by ``cardrules show``."""

from __future__ import annotations

import importlib
import io
import random
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import games
from cardrules.cli import main
from cardrules.core import trickgame
from cardrules.game import Game
from cardrules.records import record_of
from cardrules.svg import draw, draw_position
from tests import pile_game, seats_game
from tests.contract_pictures import bridge_after, plain_game

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


# --------------------------------------------------------------------------- contract deals


@pytest.fixture
def bridge() -> Iterator[ModuleType]:
    """The bridge example, registered for the test and removed afterwards."""
    module = importlib.import_module("examples.bridge")
    games.register(module, heuristic=module.BridgeBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.bridge"]  # the next import registers it again


def corner(root: ET.Element) -> str:
    """The facts written in the corner, their broken lines joined again."""
    lines = [t for t in root.iter(f"{SVG}text") if t.get("class") == "extra"]
    return " ".join("".join(t.itertext()).strip() for t in lines)


def test_a_bridge_picture_shows_the_dummy_face_up_played_by_the_declarer(bridge: Any) -> None:
    """A contract deal: the contract and the calls in words, the declarer marked at its
    seat, the dummy's hand face up once the opening lead is made, marked as the dummy
    played by the declarer; before the lead it is hidden like any other hand. With the
    game's own words and with the plain ones."""
    before = bridge_after(bridge, 0)
    after = bridge_after(bridge, 1)
    contract = after.contract
    dummy, declarer = contract.dummy, contract.declarer
    seat = (dummy + 1) % 4  # a defender
    for game in (bridge, plain_game(bridge)):
        hidden = ET.fromstring(draw(game, bridge.observe(before, seat)))
        assert not groups(hidden, "card", f"hand {dummy}")
        assert groups(hidden, "back", f"hand {dummy}")
        view = bridge.observe(after, seat)
        root = ET.fromstring(draw(game, view))
        drawn = [g.attrib["data-card"] for g in groups(root, "card", f"hand {dummy}")]
        assert sorted(drawn) == sorted(card.text for card in view.dummy_hand)
        assert any(f"dummy, played by seat {declarer}" in w for w in seat_texts(root, dummy))
        assert any("declarer" in w for w in seat_texts(root, declarer))
        assert not any("dummy" in w for w in seat_texts(root, seat))
        words = corner(root)
        assert f"contract: {contract}" in words
        assert "calls: " in words
        if game is not bridge:  # the plain words: the calls in order, by seat
            first_seat, first_call = after.deal.calls[0][0]
            assert f"calls: seat {first_seat} {first_call}," in words
        assert "Call(" not in words and "Contract(" not in words


def test_a_seat_that_sits_the_deal_out_is_drawn_faded_and_marked() -> None:
    """A lone hand (the seats game of the tests): the seat out is drawn faded and marked
    as sitting the deal out, in the state's picture and in a view's; the trick's cards
    pass over it where no log says who played them."""
    state = seats_game.deal(seats_game.Rules(first_dealer=0), seed=2)
    for word in ("hold", "hold", "take", "alone"):
        state = seats_game.apply(state, seats_game.parse_move(state, word))
    assert state.contract is not None
    out = state.contract.out[0]
    assert out == 1 and state.leader == 2
    for picture in (draw(seats_game, state), draw(seats_game, seats_game.observe(state, 0))):
        root = ET.fromstring(picture)
        for seat in range(4):
            group = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == str(seat))
            assert (group.get("data-out") == "true") is (seat == out)
            marked = any("sits this deal out" in w for w in seat_texts(root, seat))
            assert marked is (seat == out)
        assert any("declarer" in w for w in seat_texts(root, 3))
    for _ in range(2):  # seat 2 leads, seat 3 follows: seat 0 plays next, not seat 1
        state = seats_game.apply(state, seats_game.legal_moves(state)[0])
    assert seats_game.to_move(state) == 0
    position = {**seats_game.position(state), "leader": 0}  # had seat 0 led, seat 2 next
    for seats_out, second in (((1,), "seat 2"), ((), "seat 1")):
        root = ET.fromstring(draw_position(position, title="Seats", out=seats_out))
        captions = [
            "".join(t.itertext()) for t in root.iter(f"{SVG}text") if t.get("font-size") == "10"
        ]
        assert captions == ["seat 0 led", second]  # the trick's cards, each by its seat


def test_piles_are_drawn_face_down_or_face_up_as_each_seat_sees_them() -> None:
    """Piles (the pile game of the tests), by name: face down with their number where
    the seat does not see them, face up where it does (every pile of a state, a turned
    card, the cards a seat laid away in its own view), with the seat that took them;
    the game's own words for the piles are not written again."""
    state = pile_game.deal(pile_game.Rules(first_dealer=0), seed=3)
    skat = [card.text for card in pile_game.zones(state)["pile skat"]]
    view = ET.fromstring(draw(pile_game, pile_game.observe(state, 0)))
    assert len(groups(view, "back", "pile skat")) == 2 and not groups(view, "card", "pile skat")
    assert "skat" in texts(view) and "2 cards" in texts(view)
    assert not [w for w in texts(view) if w.startswith("piles:")]
    whole = ET.fromstring(draw(pile_game, state))
    assert sorted(g.attrib["data-card"] for g in groups(whole, "card", "pile skat")) == sorted(skat)
    for text in ("take", "take skat"):
        state = pile_game.apply(state, pile_game.parse_move(state, text))
    state = pile_game.apply(state, pile_game.legal_moves(state)[0])
    laid = [card.text for card in pile_game.observe(state, 1).piles[0].cards]
    own = ET.fromstring(draw(pile_game, pile_game.observe(state, 1)))
    assert sorted(g.attrib["data-card"] for g in groups(own, "card", "pile skat")) == sorted(laid)
    assert "skat: laid away by seat 1" in texts(own)
    other = ET.fromstring(draw(pile_game, pile_game.observe(state, 2)))
    assert not groups(other, "card", "pile skat") and len(groups(other, "back", "pile skat")) == 2
    module = ModuleType("pile_upcard_svg")
    trickgame.install(pile_game.UPCARD_GAME, module.__dict__)
    turned = module.deal(pile_game.UpcardRules(first_dealer=0, hand=2), seed=5)
    card = module.observe(turned, 2).piles[0].cards[0]
    root = ET.fromstring(draw(plain_game(module), module.observe(turned, 2)))
    assert [g.attrib["data-card"] for g in groups(root, "card", "pile upcard")] == [card.text]
