"""Pictures of positions (cardrules.svg): hand-written positions of a trick game and of a
shedding game, drawn and read back as XML."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from cardrules import games
from cardrules.cards import Card, Suit, parse_cards
from cardrules.cli import main
from cardrules.errors import ArgumentError
from cardrules.game import CHANCE, Event, Fact
from cardrules.svg import draw, draw_position, game_of, repr_svg, trick_seats

SVG = "{http://www.w3.org/2000/svg}"

#: Three seats of a trick game in play: seat 1 led 3D, seat 2 followed with 8D.
TRICK_POSITION: dict[str, Any] = {
    "phase": "playing",
    "deal_number": 2,
    "dealer": 0,
    "totals": [12, 7, 3],
    "rows": [],
    "hands": ["4H 8H QH", "7C AC", "2D 9S"],
    "undealt": "2C 3C 4C 5C",
    "trump_card": "6D",
    "bids": [1, 0, 2],
    "leader": 1,
    "trick": "3D 8D",
    "tricks_won": [0, 1, 0],
    "tally": [5, 9],
}

#: Two seats of a shedding game: seat 1 called hearts with a jack.
SHEDDING_POSITION: dict[str, Any] = {
    "phase": "playing",
    "deal_number": 0,
    "dealer": 1,
    "totals": [0, 0],
    "rows": [],
    "hands": ["7H 9C KS", "8D"],
    "stock": "2S 3S 4S 5S 6S",
    "discard_pile": "10C 10D 2H",
    "upcard": "JC",
    "called": "hearts",
    "turn": 0,
    "direction": 1,
}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def cards(root: ET.Element, zone: str | None = None) -> list[str]:
    """The cards drawn face up (in ``zone``), in document order."""
    return [
        g.attrib["data-card"]
        for g in root.iter(f"{SVG}g")
        if "card" in g.attrib.get("class", "").split()
        and (zone is None or g.attrib["data-zone"] == zone)
    ]


def backs(root: ET.Element, zone: str) -> int:
    return sum(
        1
        for g in root.iter(f"{SVG}g")
        if g.attrib.get("class") == "back" and g.attrib["data-zone"] == zone
    )


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def origin_of(group: ET.Element) -> tuple[float, float]:
    found = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", group.attrib["transform"])
    assert found is not None
    return float(found.group(1)), float(found.group(2))


def card_origins(root: ET.Element, zone: str) -> list[tuple[float, float]]:
    return [
        origin_of(g)
        for g in root.iter(f"{SVG}g")
        if g.attrib.get("class") in ("card", "back") and g.attrib.get("data-zone") == zone
    ]


def test_a_trick_position_draws_every_card_where_it_is() -> None:
    root = parse(draw_position(TRICK_POSITION, title="A trick game", to_move=0))
    assert root.attrib["viewBox"] == "0 0 1000 760"
    assert cards(root, "hand 0") == ["4H", "8H", "QH"]
    assert cards(root, "hand 1") == ["7C", "AC"]
    assert cards(root, "hand 2") == ["2D", "9S"]
    assert cards(root, "trick") == ["3D", "8D"]
    assert cards(root, "trump") == ["6D"]
    assert backs(root, "undealt") == 4
    words = texts(root)
    assert "A trick game" in words
    assert "deal 3 · playing" in words  # deal numbers count from 1 for people
    assert "seat 1 led" in words and "seat 2" in words  # who played each trick card
    assert "4 cards" in words  # the undealt stack


def test_the_seats_show_their_totals_the_dealer_and_who_is_to_move() -> None:
    facts = [
        Fact("deal", "3 of 5, dealt by seat 0"),
        Fact("bid", (1, 0, None), per_seat=True),
        Fact("tricks won", (0, 1, 0), per_seat=True),
        Fact("tally", "5 to 9"),
    ]
    root = parse(
        draw_position(TRICK_POSITION, title="T", to_move=0, names=["Ann", "Bo", "Cy"], facts=facts)
    )
    seats = {g.attrib["data-seat"]: g for g in root.iter(f"{SVG}g") if g.get("class") == "seat"}
    assert [s for s, g in seats.items() if g.get("data-to-move") == "true"] == ["0"]
    assert "▶ Ann (to move)" in texts(seats["0"])
    assert "D" in texts(seats["0"])  # the dealer's chip
    assert "D" not in texts(seats["1"])
    # the totals and the game's per-seat facts, at each seat (nothing where it has none)
    assert "total 7 · bid 0 · tricks won 1" in texts(seats["1"])
    assert "total 3 · tricks won 0" in texts(seats["2"])
    # a fact that is not per seat goes to the corner, the deal's to the heading
    assert "tally: 5 to 9" in texts(root)
    assert "deal 3 of 5, dealt by seat 0 · playing" in texts(root)


def test_the_position_s_bookkeeping_is_not_drawn_only_the_facts() -> None:
    """The keys of a position beyond the standard ones are the engines' bookkeeping:
    without facts, the picture has no text for them."""
    words = " ".join(texts(parse(draw_position(TRICK_POSITION, title="T"))))
    assert "bids" not in words and "tally" not in words and "tricks won" not in words


def test_facts_the_picture_draws_already_are_not_written_again() -> None:
    position = dict(SHEDDING_POSITION, trump_card="6D")
    facts = [
        Fact("upcard", Card("JC")),
        Fact("top card", Card("JC")),  # the upcard, by its value
        Fact("trump card", Card("6D")),
        Fact("trumps", Suit.DIAMONDS),  # the trump card's suit
        Fact("suit called", Suit.HEARTS),
        Fact("stock", "5 cards"),  # named like the position's stock
        Fact("trick", ((0, Card("2C")), (1, Card("3C")))),
        Fact("hand", (Card("KS"), Card("7H"), Card("9C"))),  # seat 0's hand, face up
        Fact("cards", (3, 1), per_seat=True),  # the hands' sizes
        Fact("adders", Suit.CLUBS),  # not drawn: written
        Fact("you drew", Card("8D")),
        Fact("cards", (3, 2), per_seat=True),  # not the hands' sizes: written
    ]
    root = parse(draw_position(position, title="Stops", facts=facts))
    corner = [t for t in texts(root) if ":" in t and not t.startswith(("called", "last"))]
    assert corner == ["adders: clubs ♣", "you drew: 8♦"]
    seats = [g for g in root.iter(f"{SVG}g") if g.get("class") == "seat"]
    assert "total 0 · cards 2" in texts(seats[1]) and "total 0 · cards 3" in texts(seats[0])
    assert "total 0 · cards 1" not in texts(seats[1])


def test_the_view_s_seat_sits_at_the_bottom_and_play_goes_round_to_its_left() -> None:
    root = parse(draw_position(TRICK_POSITION, title="T", seat=2))
    bottom = card_origins(root, "hand 2")[0]
    left = card_origins(root, "hand 0")[0]  # the next seat after 2: at its left
    right = card_origins(root, "hand 1")[0]
    assert bottom[1] > max(left[1], right[1])
    assert left[0] < bottom[0] < right[0]
    # each trick card lies between the centre and the seat that played it
    led, followed = card_origins(root, "trick")  # seat 1 (right), then seat 2 (bottom)
    assert led[0] > followed[0] and followed[1] > led[1]


def test_hidden_hands_are_drawn_as_backs_with_their_number() -> None:
    view = dict(TRICK_POSITION, hands=["4H 8H QH", 2, 12], undealt=4)
    root = parse(draw_position(view, title="T", seat=0))
    assert cards(root, "hand 0") == ["4H", "8H", "QH"]
    assert cards(root, "hand 1") == [] and backs(root, "hand 1") == 2
    assert backs(root, "hand 2") == 8  # a long hand: eight backs, and its number
    words = texts(root)
    assert "2 cards" in words and "12 cards" in words
    assert backs(root, "undealt") == 4  # a count, as views give it


def test_a_card_face_reads_without_colour_rank_symbol_and_letter() -> None:
    root = parse(draw_position({"hands": ["QH 10S", ""]}, title="T"))
    faces = {g.attrib["data-card"]: g for g in root.iter(f"{SVG}g") if g.get("class") == "card"}
    queen = texts(faces["QH"])
    assert queen[:3] == ["Q", "♥", "H"]
    ten = texts(faces["10S"])
    assert ten[:3] == ["10", "♠", "S"]
    fills = {t.attrib["fill"] for t in faces["QH"].iter(f"{SVG}text")}
    assert fills == {"#c62828"}  # hearts in red; spades in black
    assert {t.attrib["fill"] for t in faces["10S"].iter(f"{SVG}text")} == {"#111111"}
    assert "no cards" in texts(root)  # seat 1's empty hand


def test_jokers_are_drawn_with_their_names() -> None:
    root = parse(draw_position({"hands": ["BJ LJ 2C"]}, title="T"))
    assert cards(root, "hand 0") == ["BJ", "LJ", "2C"]
    big = next(g for g in root.iter(f"{SVG}g") if g.get("data-card") == "BJ")
    assert "BJ" in texts(big) and "★" in texts(big)


def test_a_shedding_position_draws_the_upcard_pile_stock_and_called_suit() -> None:
    events = [Event("play", 1, parse_cards("JC"), text="seat 1 plays JC and calls hearts")]
    root = parse(draw_position(SHEDDING_POSITION, title="Stops", events=events))
    assert cards(root, "upcard") == ["JC"]
    assert backs(root, "stock") == 5
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("class") == "pile"]) == 3
    words = texts(root)
    assert "5 cards" in words  # the stock
    assert "3 under it" in words  # the discard pile
    assert "called: ♥ H hearts" in words
    assert "played by seat 1" in words
    assert "last: seat 1 plays JC and calls hearts" in words
    # whose turn it is comes from the position's turn when to_move is not given
    moving = [g.get("data-seat") for g in root.iter(f"{SVG}g") if g.get("data-to-move")]
    assert moving == ["0"]
    assert not [word for word in words if "direction" in word]  # bookkeeping: not drawn


def test_a_view_of_a_shedding_game_counts_the_stock() -> None:
    view = dict(SHEDDING_POSITION, hands=["7H 9C KS", 1], stock=30)
    root = parse(draw_position(view, title="Stops"))
    assert backs(root, "stock") == 8 and "30 cards" in texts(root)
    assert backs(root, "hand 1") == 1 and "1 card" in texts(root)


def test_text_is_escaped() -> None:
    svg = draw_position(
        SHEDDING_POSITION,
        title="Rock & <Roll>",
        names=["A<1>", "B&2"],
        subtitle='x="1"',
        facts=[Fact("note", '<b> & "quoted"')],
    )
    root = parse(svg)
    words = texts(root)
    assert "Rock & <Roll>" in words
    assert any("A<1>" in word for word in words) and any("B&2" in word for word in words)
    assert 'note: <b> & "quoted"' in words
    assert "<Roll>" not in svg


def test_a_finished_game_shows_its_outcome_and_chance_is_named() -> None:
    over = dict(SHEDDING_POSITION, outcome=["target reached", [1], False])
    root = parse(draw_position(over, title="Stops", names=["Ann", "Bo"]))
    assert "Game over (target reached): won by Bo" in texts(root)
    assert not [g for g in root.iter(f"{SVG}g") if g.get("data-to-move")]
    drawn = dict(SHEDDING_POSITION, outcome=["blocked", [0, 1], True])
    assert "Game over (blocked): drawn between seat 0, seat 1" in texts(
        parse(draw_position(drawn, title="Stops"))
    )
    dealing = parse(draw_position(TRICK_POSITION, title="T", to_move=CHANCE))
    assert "chance to move" in texts(dealing)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_gets_its_own_place_on_the_page(players: int) -> None:
    hands = ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"] + [13] * (players - 1)
    root = parse(draw_position({"hands": hands}, title="T"))
    places = [card_origins(root, f"hand {s}")[0] for s in range(players)]
    assert len(set(places)) == players
    for x, y in (xy for s in range(players) for xy in card_origins(root, f"hand {s}")):
        assert 0 <= x <= 1000 - 50 and 0 <= y <= 760 - 72


def test_a_long_hand_wraps_into_rows_that_stay_on_the_page() -> None:
    long_hand = " ".join(f"{r}{s}" for s in "CDHS" for r in ("7", "8", "9", "10", "J", "Q"))
    root = parse(draw_position({"hands": ["2C", long_hand, "3C", "4C"]}, title="T"))
    origins = card_origins(root, "hand 1")
    assert len(origins) == 24 and len({y for _, y in origins}) > 1
    assert all(0 <= x <= 1000 - 50 for x, _ in origins)


def test_trick_seats_follow_the_log_else_the_leader() -> None:
    trick = parse_cards("3D 8D")
    assert trick_seats(trick, 1, 3) == [1, 2]
    assert trick_seats(trick, 2, 3) == [2, 0]
    log = [
        Event("play", 0, parse_cards("AS")),
        Event("trick", 0, parse_cards("AS KS QS")),
        Event("play", 2, parse_cards("3D")),
        Event("play", 1, parse_cards("8D")),
    ]
    assert trick_seats(trick, 0, 3, log) == [2, 1]
    # a trick set up with a card the log does not show: the log tells the newer cards
    setup = [Event("setup", text="set up from a position"), Event("play", 0, parse_cards("8D"))]
    assert trick_seats(trick, 2, 3, setup) == [2, 0]
    # the log's plays belong to another trick: the leader decides
    assert trick_seats(trick, 1, 3, log[:2]) == [1, 2]


def test_bad_positions_are_refused_with_the_reason() -> None:
    with pytest.raises(ArgumentError, match="mapping"):
        draw_position(["4H"], title="T")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"seat must be a whole number 0\.\.1, not 2"):
        draw_position({"hands": ["4H", "5H"]}, title="T", seat=2)
    with pytest.raises(ArgumentError, match="trick must be a card string"):
        draw_position({"hands": ["4H", "5H"], "trick": ["4H"]}, title="T")
    with pytest.raises(ArgumentError, match="players must be a whole number of seats"):
        draw_position({"hands": ["4H", "5H"]}, title="T", players="2")
    with pytest.raises(ArgumentError, match="needs at least one seat"):
        draw_position({"hands": []}, title="T")


def test_the_game_of_a_state_or_view_is_found_from_its_rules() -> None:
    game = games.get("mau_mau")
    state = game.deal(game.Rules(), seed=1)
    assert game_of(state) is game
    assert game_of(game.observe(state, 1)) is game
    with pytest.raises(ArgumentError, match="cannot tell the game"):
        game_of(object())
    assert repr_svg(object()) is None


def test_draw_refuses_a_seat_that_is_not_the_view_s() -> None:
    game = games.get("oh_hell")
    state = game.deal(game.Rules(), seed=1)
    with pytest.raises(ArgumentError, match="this is seat 1's view"):
        draw(game, game.observe(state, 1), seat=2)
    with pytest.raises(ArgumentError, match=r"seat must be a whole number 0\.\.3, not 4"):
        draw(game, state, seat=4)
    with pytest.raises(ArgumentError, match=r"seat must be a whole number 0\.\.3, not True"):
        draw(game, state, seat=True)


def test_the_show_command_refuses_what_it_cannot_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.records import record_of

    game = games.get("mau_mau")
    start = game.deal(game.Rules(), seed=1)
    state = game.apply(start, game.legal_moves(start)[0])
    record = tmp_path / "r.json"
    record.write_text(record_of(state).to_json(), encoding="utf-8")
    cases = [
        ([], "give a record file, or a position with --position TEXT"),
        ([str(record), "--position", "x"], "give a record file or --position, not both"),
        (["--position", "x", "--move", "1"], "--move and --game go with a record file"),
        ([str(record), "--move", "2"], "--move 2: the record has moves 0 to 1"),
        ([str(record), "--seat", "2"], "--seat 2: this game has seats 0 to 1"),
        ([str(tmp_path / "missing.json")], "cannot read"),
    ]
    for arguments, message in cases:
        assert main(["show", *arguments], out=io.StringIO()) == 2
        assert message in capsys.readouterr().err


#: The position of the docs' picture (docs/pictures/table.svg): seat 0's view of a deal
#: of seven cards to four, seat 1 having won the first trick and led the second; the
#: facts are those Oh Hell describes there.
DOCS_POSITION: dict[str, Any] = {
    "phase": "playing",
    "deal_number": 6,
    "dealer": 3,
    "totals": [23, 31, 12, 18],
    "rows": [],
    "hands": ["2C 9C KC 4D QH 10S", 5, 5, 5],
    "undealt": 23,
    "trump_card": "8D",
    "bids": [2, 1, 0, 2],
    "leader": 1,
    "trick": "JS AS 3S",
    "tricks_won": [0, 1, 0, 0],
}
DOCS_PICTURE = Path(__file__).resolve().parent.parent / "docs" / "pictures" / "table.svg"


def docs_picture() -> str:
    return draw_position(
        DOCS_POSITION,
        title="Up and Down the River (Oh Hell)",
        to_move=0,
        subtitle="oh_hell()",
        facts=[
            Fact("bid", (2, 1, 0, 2), per_seat=True),
            Fact("tricks won", (0, 1, 0, 0), per_seat=True),
        ],
    )


def test_the_docs_picture_is_the_drawing_of_its_position() -> None:
    """The picture in the docs is what draw_position draws today (python -m
    tests.test_svg writes it again)."""
    assert DOCS_PICTURE.read_text(encoding="utf-8") == docs_picture()


if __name__ == "__main__":
    DOCS_PICTURE.write_text(docs_picture(), encoding="utf-8")


def test_a_position_s_piles_are_drawn_by_name_and_a_seat_out_faded() -> None:
    """A contract deal's position: each pile by its name, face up where its cards are
    written (a turned card), else its number of backs with the seat that took it; a
    seat that sits the deal out drawn faded; a fact with an empty label written at the
    seats by its values alone."""
    position = {**TRICK_POSITION, "piles": [["JD", None], [2, 1]]}
    root = parse(
        draw_position(
            position,
            title="A contract game",
            out=(2,),
            pile_names=("upcard", "skat"),
            facts=[Fact("", ("", "declarer", ""), per_seat=True)],
        )
    )
    assert cards(root, "pile upcard") == ["JD"] and backs(root, "pile skat") == 2
    assert "upcard" in texts(root) and "skat: laid away by seat 1" in texts(root)
    seats = {g.get("data-seat"): g for g in root.iter(f"{SVG}g") if g.get("class") == "seat"}
    assert seats["2"].get("data-out") == "true" and seats["2"].get("opacity") == "0.45"
    assert seats["0"].get("data-out") is None
    assert any(text.endswith(" · declarer") for text in texts(seats["1"]))
    unnamed = parse(draw_position(position, title="A contract game"))
    assert cards(unnamed, "pile pile 1") == ["JD"]  # no names given: numbered
