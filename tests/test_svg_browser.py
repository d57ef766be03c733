"""The pictures as a browser lays them out: drawings rendered by headless Chromium, which
reports where each card landed (its bounding box on the page).

Skipped, saying why, when no Chromium is installed (the Debian package
``chromium-headless-shell`` or ``chromium`` gives one).
"""

from __future__ import annotations

import html
import itertools
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cardrules.game import Fact
from cardrules.svg import draw_position

BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome")

#: Each drawing's card groups and the seats' labels (names, marks, figures), with where
#: the browser put them, as JSON in the page.
SCRIPT = """
const found = {};
for (const drawing of document.querySelectorAll("div.drawing")) {
  const box = (element) => {
    const r = element.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  found[drawing.id] = {
    svg: box(drawing.querySelector("svg")),
    table: box(drawing.querySelector("ellipse.table")),
    cards: [...drawing.querySelectorAll("g.card, g.back")].map((g) => ({
      kind: g.getAttribute("class"),
      card: g.getAttribute("data-card"),
      zone: g.getAttribute("data-zone"),
      box: box(g),
    })),
    labels: [...drawing.querySelectorAll("g.seat")].map((g) => ({
      seat: g.getAttribute("data-seat"),
      boxes: [...g.querySelectorAll(":scope > text, :scope > rect, :scope > circle")].map(box),
    })),
  };
}
document.getElementById("result").textContent = JSON.stringify(found);
"""

Box = tuple[float, float, float, float]


def browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found is not None:
            return found
    pytest.skip(
        f"no headless browser to lay the pictures out ({', '.join(BROWSERS)} not found): "
        "install one, e.g. the Debian package chromium-headless-shell"
    )


def laid_out(drawings: dict[str, str], folder: Path) -> dict[str, Any]:
    """Where the browser put each drawing's cards: by drawing, the page boxes of the
    picture, its table and each card (left, top, right, bottom)."""
    body = "".join(
        f'<div class="drawing" id="{name}">{svg}</div>' for name, svg in drawings.items()
    )
    page = folder / "drawings.html"
    page.write_text(
        f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">'
        f'{body}<pre id="result"></pre><script>{SCRIPT}</script></body></html>',
        encoding="utf-8",
    )
    command = [
        browser(),
        "--headless",
        "--disable-gpu",
        "--no-sandbox",  # in containers that run tests as root
        f"--user-data-dir={folder / 'profile'}",
        "--dump-dom",
        page.as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    found = re.search(r'<pre id="result">(.*?)</pre>', done.stdout, re.S)
    assert found is not None and found.group(1), (
        f"the browser gave no layout: {done.stderr[-2000:]}"
    )
    result: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    return result


def centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def inside(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0] - 0.5
        and inner[1] >= outer[1] - 0.5
        and inner[2] <= outer[2] + 0.5
        and inner[3] <= outer[3] + 0.5
    )


def union(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def apart(a: Box, b: Box) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def off_table(box: Box, table: Box) -> bool:
    """Whether ``box`` stays clear of the table's ellipse (``table`` is its bounding box):
    the point of the box nearest the table's centre lies outside it."""
    cx, cy = centre(table)
    rx, ry = (table[2] - table[0]) / 2, (table[3] - table[1]) / 2
    x = min(max(cx, box[0]), box[2])
    y = min(max(cy, box[1]), box[3])
    return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 >= 1


def boxes(drawing: dict[str, Any], zone: str) -> list[Box]:
    return [tuple(card["box"]) for card in drawing["cards"] if card["zone"] == zone]


FULL_DECK = [
    f"{r}{s}"
    for s in "CDHS"
    for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
]

#: Four seats in play: seat 1 led 3D, seat 2 and seat 3 followed; seat 0 is to play.
TRICK = {
    "phase": "playing",
    "deal_number": 0,
    "dealer": 0,
    "totals": [0, 0, 0, 0],
    "hands": [
        " ".join(FULL_DECK[0:12]),
        " ".join(FULL_DECK[13:25]),
        " ".join(FULL_DECK[26:38]),
        " ".join(FULL_DECK[39:51]),
    ],
    "trump_card": "AS",
    "leader": 1,
    "trick": "AC AD AH",
}

SHEDDING = {
    "phase": "playing",
    "totals": [0, 0, 0],
    "hands": ["7H 9C KS", 4, 6],
    "stock": 20,
    "discard_pile": "10C 10D",
    "upcard": "JC",
    "called": "hearts",
    "turn": 0,
}


@pytest.fixture(scope="module")
def layout(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    drawings = {
        "trick": draw_position(TRICK, title="Trick game", to_move=0),
        "view": draw_position(
            dict(TRICK, hands=[12, 12, " ".join(FULL_DECK[26:38]), 12]), title="Trick game", seat=2
        ),
        "shedding": draw_position(SHEDDING, title="Stops"),
    }
    for players in range(2, 7):
        hands = [" ".join(FULL_DECK[13 * (s % 4) : 13 * (s % 4) + 13]) for s in range(players)]
        drawings[f"seats{players}"] = draw_position(
            {"hands": hands, "totals": [0] * players, "dealer": players - 1},
            title="Seats",
            to_move=1,
            facts=[Fact("tricks won", (0,) * players, per_seat=True)],
        )
    return laid_out(drawings, tmp_path_factory.mktemp("browser"))


def test_the_hands_sit_around_the_table_seat_0_at_the_bottom(layout: dict[str, Any]) -> None:
    drawing = layout["trick"]
    table = tuple(drawing["table"])
    hands = [union(boxes(drawing, f"hand {s}")) for s in range(4)]
    bottom, left, top, right = (centre(hand) for hand in hands)
    middle = centre(table)
    assert bottom[1] > table[3] - 40 and top[1] < table[1] + 40  # below and above the table
    assert left[0] < middle[0] - 250 < middle[0] + 250 < right[0]
    assert abs(bottom[0] - middle[0]) < 5 and abs(top[0] - middle[0]) < 5
    for hand in hands:
        assert inside(hand, tuple(drawing["svg"]))


def test_the_trick_lies_in_the_middle_each_card_towards_its_player(
    layout: dict[str, Any],
) -> None:
    drawing = layout["trick"]
    middle = centre(tuple(drawing["table"]))
    trick = {
        card["card"]: tuple(card["box"]) for card in drawing["cards"] if card["zone"] == "trick"
    }
    assert set(trick) == {"AC", "AD", "AH"}
    for box in trick.values():
        assert inside(box, tuple(drawing["table"]))
        x, y = centre(box)
        assert abs(x - middle[0]) < 130 and abs(y - middle[1]) < 130
    assert centre(trick["AC"])[0] < middle[0] - 50  # seat 1, at the left, led
    assert centre(trick["AD"])[1] < middle[1] - 50  # seat 2, at the top
    assert centre(trick["AH"])[0] > middle[0] + 50  # seat 3, at the right
    trump = boxes(drawing, "trump")
    assert len(trump) == 1 and inside(trump[0], tuple(drawing["table"]))
    assert all(apart(trump[0], box) for box in trick.values())


def test_a_card_s_corner_stays_visible_in_a_hand(layout: dict[str, Any]) -> None:
    """Cards of a hand overlap, but never so much that the rank, symbol and letter in the
    corner of the card beneath are hidden."""
    for name, drawing in layout.items():
        zones = {card["zone"] for card in drawing["cards"] if card["kind"] == "card"}
        for zone in (z for z in zones if z.startswith("hand")):
            rows: dict[float, list[float]] = {}
            for box in boxes(drawing, zone):
                rows.setdefault(round(box[1]), []).append(box[0])
            for lefts in rows.values():
                steps = [b - a for a, b in itertools.pairwise(lefts)]
                assert all(step >= 20 for step in steps), (name, zone, steps)


def test_a_view_puts_its_seat_at_the_bottom_and_hides_the_others(layout: dict[str, Any]) -> None:
    drawing = layout["view"]
    own = union(boxes(drawing, "hand 2"))
    assert {card["kind"] for card in drawing["cards"] if card["zone"] == "hand 2"} == {"card"}
    for seat in (0, 1, 3):
        hidden = [card for card in drawing["cards"] if card["zone"] == f"hand {seat}"]
        assert {card["kind"] for card in hidden} == {"back"}
        assert centre(union([tuple(card["box"]) for card in hidden]))[1] < centre(own)[1]
    # seat 3 follows seat 2 and sits at its left; seat 1 at its right
    assert centre(union(boxes(drawing, "hand 3")))[0] < centre(own)[0]
    assert centre(union(boxes(drawing, "hand 1")))[0] > centre(own)[0]


def test_the_upcard_lies_in_the_middle_and_the_stock_beside_it(layout: dict[str, Any]) -> None:
    drawing = layout["shedding"]
    table = tuple(drawing["table"])
    middle = centre(table)
    upcard = boxes(drawing, "upcard")
    stock = union(boxes(drawing, "stock"))
    assert len(upcard) == 1 and inside(upcard[0], table) and inside(stock, table)
    assert abs(centre(upcard[0])[0] - middle[0]) < 5
    assert centre(stock)[0] < middle[0] - 100 and apart(stock, upcard[0])


@pytest.mark.parametrize("players", range(2, 7))
def test_every_seat_s_hand_has_a_place_of_its_own(layout: dict[str, Any], players: int) -> None:
    drawing = layout[f"seats{players}"]
    hands = [union(boxes(drawing, f"hand {s}")) for s in range(players)]
    for seat, hand in enumerate(hands):
        assert inside(hand, tuple(drawing["svg"])), seat
        for other in range(seat):
            assert apart(hand, hands[other]), (other, seat)


#: The height of a card's corner (rank, symbol, letter) and the width of its rank "10".
CORNER_H = 44
CORNER_W = 20


def test_no_card_of_a_hand_hides_another_s_corner(layout: dict[str, Any]) -> None:
    """Thirteen cards at a side seat (Maverick's four hands) and every other hand: the
    corner of each card (rank, symbol, letter) is under no card drawn after it."""
    for name, drawing in layout.items():
        zones = {card["zone"] for card in drawing["cards"] if card["kind"] == "card"}
        for zone in (z for z in zones if z.startswith("hand")):
            faces = [tuple(c["box"]) for c in drawing["cards"] if c["zone"] == zone]
            for index, face in enumerate(faces):
                corner = (face[0] + 1, face[1] + 1, face[0] + CORNER_W, face[1] + CORNER_H)
                for later in faces[index + 1 :]:
                    assert apart(corner, later), (name, zone, face, later)


def test_side_hands_of_thirteen_lie_in_rows_apart_beside_the_table(
    layout: dict[str, Any],
) -> None:
    drawing = layout["seats4"]
    table = tuple(drawing["table"])
    for seat in (1, 3):
        faces = boxes(drawing, f"hand {seat}")
        assert len(faces) == 13
        rows = sorted({round(face[1]) for face in faces})
        assert len(rows) == 2 and rows[1] - rows[0] >= 72  # one under the other, not over
        assert all(off_table(face, table) for face in faces), seat


def test_the_seats_labels_and_hands_keep_off_the_table(layout: dict[str, Any]) -> None:
    for name in ("trick", "view", "shedding", *(f"seats{n}" for n in range(2, 7))):
        drawing = layout[name]
        table = tuple(drawing["table"])
        for seat in drawing["labels"]:
            for box in seat["boxes"]:
                assert off_table(tuple(box), table), (name, seat["seat"], box)
                assert inside(tuple(box), tuple(drawing["svg"])), (name, seat["seat"], box)
        hands = [c for c in drawing["cards"] if c["zone"].startswith("hand")]
        for card in hands:
            assert off_table(tuple(card["box"]), table), (name, card)
