"""Skat (examples/skat.py): the deal, card points, the auction two at a time, a deal
thrown in, the skat or a hand game, the games and their announcements, the card orders,
matadors, game values, winning, schneider and schwarz, overbidding, a null game ended at
the declarer's first trick, the list and the match, each test naming the rule (SK-n) of
the module's docstring it checks, most on hand-built deals (explicit decks); then every
generic tool playing it (the kit, the bots, simulate, records, positions, pictures, the
command line)."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import games, positions, testing
from cardrules.cards import Card, cards_of, parse_cards
from cardrules.cli import main
from cardrules.core import trickgame, tricks
from cardrules.errors import IllegalMoveError
from cardrules.moves import LayAway, Play, TakePile
from cardrules.play import play_game
from cardrules.records import Record, record_of, replay
from cardrules.render import render_view
from cardrules.simulate import make_bot, simulate

#: The schwarz hand: the four jacks and clubs from the ace to the eight (with 10).
TOP = "JC JS JH JD AC 10C KC QC 9C 8C"


@pytest.fixture
def skat() -> Iterator[ModuleType]:
    """The example module, registered for the test and removed afterwards (so that
    the other tests see only the games of cardrules)."""
    module = importlib.import_module("examples.skat")
    games.register(module, heuristic=module.SkatBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.skat"]  # the next import registers it again


def _dealt(skat: Any, forehand: str, pile: str, **options: Any) -> Any:
    """Deal 1 of a hand-built deck, seat 2 dealing: seat 0 (forehand) holds ``forehand``,
    the skat ``pile``, seats 1 (middlehand) and 2 (rearhand) the rest in the deck's order."""
    mine, skat_cards = parse_cards(forehand), parse_cards(pile)
    rest = [c for c in skat.DECK32 if c not in mine and c not in skat_cards]
    hands = (mine, rest[:10], rest[10:])
    deck = (*(hands[i % 3][i // 3] for i in range(30)), *skat_cards)
    return skat.deal(skat.Rules(first_dealer=2, **options), seed=0, deck=deck)


def _moves(skat: Any, state: Any, *texts: str) -> Any:
    """``state`` after these moves, each read from its text."""
    for text in texts:
        state = skat.apply(state, skat.parse_move(state, text))
    return state


def _open(skat: Any, state: Any) -> list[str]:
    return [str(move) for move in skat.legal_moves(state)]


def _played_out(skat: Any, state: Any, seed: int = 0) -> Any:
    """``state`` after random legal moves to the end of its deal."""
    rng, number = random.Random(seed), state.match.deal_number
    while not skat.is_over(state) and state.match.deal_number == number:
        state = skat.apply(state, rng.choice(skat.legal_moves(state)))
    return state


def _terms(**terms: Any) -> dict[str, Any]:
    return {"bid": 18, "hand": 0, "announced": 0, "matadors": 1, **terms}


# --------------------------------------------------------------------------- SK-1, SK-2


def test_sk_1_ten_cards_each_two_in_the_skat_and_middlehand_speaks_first(skat: Any) -> None:
    state = _dealt(skat, TOP, "7D 8D")
    assert set(cards_of(state.hands[0])) == set(parse_cards(TOP))
    assert [len(cards_of(hand)) for hand in state.hands] == [10, 10, 10]
    assert skat.zones(state)["pile skat"] == parse_cards("7D 8D")
    assert skat.to_move(state) == 1  # the dealer's second left, middlehand, bids first
    state = _moves(skat, state, "pass", "pass", "pass")  # thrown in: the next dealer deals
    assert state.match.dealer == 0 and skat.to_move(state) == 2


def test_sk_2_card_points(skat: Any) -> None:
    assert skat.points(skat.DECK32) == 120
    assert skat.points(parse_cards("AC 10C KC QC JC 9C 8C 7C")) == 30
    assert skat.points(parse_cards("AS 10H KD QC JS")) == 11 + 10 + 4 + 3 + 2


# --------------------------------------------------------------------------- SK-3, SK-4


def test_sk_3_middlehand_bids_to_forehand_then_rearhand_to_the_survivor(skat: Any) -> None:
    state = _dealt(skat, TOP, "7D 8D")
    assert _open(skat, state)[:4] == ["pass", "18", "20", "22"] and "yes" not in _open(skat, state)
    state = _moves(skat, state, "18")
    assert skat.to_move(state) == 0 and _open(skat, state) == ["pass", "yes"]
    state = _moves(skat, state, "yes", "20", "pass")  # forehand drops out at 20
    assert skat.to_move(state) == 2 and _open(skat, state)[:2] == ["pass", "22"]
    with pytest.raises(IllegalMoveError):
        skat.apply(state, skat.parse_move(state, "20"))  # not above the last number said
    state = _moves(skat, state, "22", "yes", "24", "pass")  # middlehand holds 22, not 24
    contract = state.contract
    assert (contract.declarer, contract.terms) == (2, (("bid", 24),))
    assert contract.sides == (1, 1, 0) and contract.leader == 0


def test_sk_3_the_senior_seat_holds_the_same_number(skat: Any) -> None:
    state = _moves(skat, _dealt(skat, TOP, "7D 8D"), "pass", "18", "yes", "pass")
    assert (state.contract.declarer, state.contract.term("bid")) == (0, 18)


def test_sk_4_all_pass_throws_the_deal_in(skat: Any) -> None:
    state = _moves(skat, _dealt(skat, TOP, "7D 8D"), "pass", "pass")
    assert skat.to_move(state) == 0 and _open(skat, state)[:2] == ["pass", "18"]
    thrown = _moves(skat, state, "pass")
    assert thrown.match.deal_number == 1 and thrown.match.rows[0].points == (0, 0, 0)
    assert any(event.kind == "throw in" for event in skat.events(thrown))
    opened = _moves(skat, state, "18")  # forehand may open at the lowest bid instead
    assert (opened.contract.declarer, opened.contract.term("bid")) == (0, 18)


# --------------------------------------------------------------------------- SK-5, SK-6


def _forehand_declares(skat: Any, forehand: str = TOP, pile: str = "7D 8D", **options: Any) -> Any:
    """Forehand declarer at 18 (middlehand and rearhand pass)."""
    return _moves(skat, _dealt(skat, forehand, pile, **options), "pass", "pass", "18")


def test_sk_5_the_declarer_takes_the_skat_and_lays_two_away(skat: Any) -> None:
    state = _forehand_declares(skat)
    assert skat.to_move(state) == 0 and _open(skat, state) == ["hand", "pick up"]
    state = _moves(skat, state, "pick up")
    assert skat.legal_moves(state) == (TakePile("skat"),)
    state = _moves(skat, state, "take skat")
    assert len(cards_of(state.hands[0])) == 12
    state = skat.apply(state, LayAway(parse_cards("7D 8C")))
    assert len(cards_of(state.hands[0])) == 10 and state.phase.name == "DECLARE"
    assert set(trickgame.pile_cards(state, "skat")[0]) == set(parse_cards("7D 8C"))
    # SK-6: without a hand game, no schneider, schwarz nor suit or grand ouvert.
    assert _open(skat, state) == [str(call) for call in skat.OPEN]
    assert "clubs schneider" not in _open(skat, state) and "null ouvert" in _open(skat, state)


def test_sk_5_sk_6_a_hand_game_leaves_the_skat_and_may_announce(skat: Any) -> None:
    state = _moves(skat, _forehand_declares(skat), "hand")
    assert state.phase.name == "DECLARE" and trickgame.pile_cards(state, "skat")[1] is None
    assert _open(skat, state) == [str(call) for call in skat.DECLARE]
    assert {"grand schneider", "clubs schwarz", "hearts ouvert", "null ouvert"} <= set(
        _open(skat, state)
    )
    state = _moves(skat, state, "clubs schwarz")
    assert dict(state.contract.terms) == {
        "bid": 18,
        "hand": 1,
        "game": "clubs",
        "announced": 2,
        "matadors": 10,
    }


# --------------------------------------------------------------------------- SK-7, SK-8


def _wins(skat: Any, game: str, trick: str) -> str:
    cards = parse_cards(trick)
    return str(cards[tricks.winner(skat.ORDERS[game], cards)])


def test_sk_7_the_card_orders_of_suit_grand_and_null(skat: Any) -> None:
    assert _wins(skat, "grand", "AC JD 10C") == "JD"  # the jacks are grand's trumps
    assert _wins(skat, "grand", "JD JC") == "JC"
    assert _wins(skat, "grand", "KC 10C QC") == "10C"  # the ten above the king
    assert _wins(skat, "hearts", "AH 7H JD") == "JD"
    assert _wins(skat, "hearts", "AC 7H 10C") == "7H"
    assert _wins(skat, "spades", "JS JC JH") == "JC"
    assert _wins(skat, "null", "10C JC KC") == "KC"  # null: A K Q J 10 9 8 7, no trumps
    assert _wins(skat, "null", "10C JC 9C") == "JC"
    assert _wins(skat, "null", "7C AH JD") == "7C"
    assert tricks.led_suit(skat.ORDERS["grand"], parse_cards("JC")) is None  # jacks follow trumps
    assert tricks.led_suit(skat.ORDERS["null"], parse_cards("JC")) is skat.Suit.CLUBS


def test_sk_7_a_jack_follows_trumps_not_its_suit(skat: Any) -> None:
    # In a clubs game the ace of clubs led calls for trumps: the jacks and the clubs.
    state = _moves(skat, _forehand_declares(skat), "hand", "clubs")
    state = _moves(skat, state, "play AC")  # a trump led: every jack is a trump
    second = cards_of(state.hands[1])
    allowed = {move.card for move in skat.legal_moves(state)}
    trumps = {c for c in second if c.rank == 11 or c.suit is skat.Suit.CLUBS}
    assert allowed == (trumps or set(second))


def test_sk_8_forehand_leads_and_the_defenders_are_partners(skat: Any) -> None:
    state = _moves(skat, _forehand_declares(skat), "hand", "grand")
    assert skat.to_move(state) == 0 and state.leader == 0
    assert skat.sides(state) == ((0,), (1, 2))
    assert skat.sides(skat.observe(state, 1)) == ((0,), (1, 2))


# --------------------------------------------------------------------------- SK-11


def test_sk_11_matadors_with_and_without(skat: Any) -> None:
    assert skat.matadors(parse_cards("JC JS 7C"), "clubs") == 2  # with 2
    assert skat.matadors(parse_cards("JH JD AC"), "clubs") == 2  # without 2
    assert skat.matadors(parse_cards("JC JS JH JD"), "grand") == 4
    assert skat.matadors(parse_cards("JD"), "grand") == 3
    assert skat.matadors(parse_cards(TOP + " 7C"), "clubs") == 11
    assert skat.matadors(parse_cards(TOP), "null") == 0


def test_sk_11_matadors_count_the_skat_in_a_hand_game(skat: Any) -> None:
    # Forehand holds the jacks of spades and hearts; the jack of clubs is in the skat.
    hand = "JS JH AD 10D KD QD 9D 8D 7D AC"
    state = _moves(skat, _forehand_declares(skat, hand, "JC 7S"), "hand", "diamonds")
    assert state.contract.term("matadors") == 3  # with 3, not without 1


def test_sk_11_matadors_count_the_cards_laid_away(skat: Any) -> None:
    hand = "JS JH AD 10D KD QD 9D 8D 7D AC"
    state = _moves(skat, _forehand_declares(skat, hand, "JC 7S"), "pick up", "take skat")
    state = skat.apply(state, LayAway(parse_cards("JC 7S")))  # laid away, still counted
    state = _moves(skat, state, "diamonds")
    assert state.contract.term("matadors") == 3


def test_sk_11_game_values(skat: Any) -> None:
    value = skat.game_value
    assert value({**_terms(), "game": "diamonds"}) == 18
    assert value({**_terms(), "game": "clubs"}) == 24
    assert value({**_terms(matadors=2), "game": "hearts"}) == 30
    assert value({**_terms(), "game": "grand"}) == 48
    assert value({**_terms(hand=1), "game": "spades"}, 1) == 11 * 4  # with 1, game, hand, schneider
    assert value({**_terms(hand=1, announced=1), "game": "clubs"}) == 12 * 5  # schneider counts
    assert value({**_terms(hand=1, announced=2), "game": "clubs"}) == 12 * 7
    assert value({**_terms(hand=1, announced=3, matadors=4), "game": "grand"}) == 24 * 11
    assert value({**_terms(matadors=11, hand=1, announced=2), "game": "clubs"}) == 204
    nulls = [value({**_terms(hand=h, announced=a), "game": "null"}) for h, a in ((0, 0), (1, 0))]
    ouverts = [value({**_terms(hand=h, announced=3), "game": "null"}) for h in (0, 1)]
    assert nulls + ouverts == [23, 35, 46, 59]
    bids = [int(call.words) for call in skat.BIDS]
    assert bids[:11] == [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40] and bids[-1] == 264


# --------------------------------------------------------------------------- SK-9, SK-12


def test_sk_9_sixty_one_wins_ninety_is_schneider_all_tricks_schwarz(skat: Any) -> None:
    clubs = _terms(game="clubs")  # with 1: 24, schneider 36, schwarz 48
    assert skat.outcome(clubs, 61, 5) == (True, 24)
    assert skat.outcome(clubs, 60, 5) == (False, 24)
    assert skat.outcome(clubs, 90, 7) == (True, 36)
    assert skat.outcome(clubs, 30, 2) == (False, 36)  # the declarer is schneider
    assert skat.outcome(clubs, 120, 10) == (True, 48)
    assert skat.outcome(clubs, 4, 0) == (False, 48)  # the declarer is schwarz (a skat of 4)
    announced = _terms(game="clubs", hand=1, announced=1)  # 12 x (1 + 1 + 1 + 2)
    assert skat.outcome(announced, 89, 8) == (False, 60)
    assert skat.outcome(announced, 90, 8) == (True, 60)
    schwarz = _terms(game="clubs", hand=1, announced=2)
    assert skat.outcome(schwarz, 118, 9) == (False, 84)
    assert skat.outcome(schwarz, 120, 10) == (True, 84)


def test_sk_10_sk_12_null_is_won_without_a_trick(skat: Any) -> None:
    null = _terms(game="null", matadors=0, bid=23)
    assert skat.outcome(null, 0, 0) == (True, 23)
    assert skat.outcome(null, 7, 1) == (False, 23)
    assert skat.outcome({**null, "bid": 24}, 0, 0) == (False, 46)  # overbid


def test_sk_12_an_overbid_game_is_lost_at_a_multiple_of_its_base(skat: Any) -> None:
    clubs = _terms(game="clubs", bid=30)
    assert skat.outcome(clubs, 100, 8) == (True, 36)  # schneider lifts it to the bid
    assert skat.outcome(clubs, 70, 6) == (False, 36)  # 24 < 30: lost at 36


# --------------------------------------------------------------------------- played deals


def test_sk_9_sk_14_a_schwarz_hand_game_played_out(skat: Any) -> None:
    state = _moves(skat, _forehand_declares(skat), "hand", "clubs")
    row = _played_out(skat, state).match.rows[0]
    assert row.extra("card points") == (120, 0, 0)
    value = 12 * (10 + 1 + 1 + 2)  # with 10, game, hand, schneider, schwarz
    assert row.points == (value + 50, 0, 0)


def test_sk_6_sk_13_schwarz_announced_and_the_plain_list(skat: Any) -> None:
    state = _moves(skat, _forehand_declares(skat, tournament=False), "hand", "clubs schwarz")
    row = _played_out(skat, state).match.rows[0]
    assert row.points == (12 * (10 + 1 + 1 + 2 + 2), 0, 0)


def test_sk_12_sk_13_sk_14_an_overbid_hand_game_is_lost(skat: Any) -> None:
    # Forehand holds spades A to 7 and no jack; it holds 60, plays spades by hand, and
    # the jack of clubs in the skat makes it "with 1": at most 11 x 5 = 55 < 60.
    hand, pile = "AS 10S KS QS 9S 8S 7S AH 10H KH", "JC 7D"
    for tournament, points in ((True, (-182, 40, 40)), (False, (-132, 0, 0))):
        state = _dealt(skat, hand, pile, tournament=tournament)
        state = _moves(skat, state, "60", "yes", "pass", "pass", "hand", "spades")
        assert state.contract.term("matadors") == 1
        row = _played_out(skat, state).match.rows[0]
        assert row.points == points  # lost at 66, the lowest multiple of 11 from 60


def test_sk_10_a_null_game_ends_at_the_declarers_first_trick(skat: Any) -> None:
    hand = "AC KC QC JC 10C 9C 8C 7C AS KS"  # every club: the ace of clubs wins the lead
    state = _moves(skat, _forehand_declares(skat, hand), "hand", "null")
    state = _moves(skat, state, "play AC")
    state = skat.apply(state, skat.legal_moves(state)[0])
    state = skat.apply(state, skat.legal_moves(state)[0])
    assert state.match.deal_number == 1  # the deal ended after its first trick
    row = state.match.rows[0]
    assert row.points == (-2 * 35 - 50, 40, 40)  # null hand lost
    tricks_played = [e for e in skat.events(state) if e.kind == "trick"]
    assert len(tricks_played) == 1


def test_sk_10_a_suit_game_goes_on_after_the_declarers_first_trick(skat: Any) -> None:
    state = _moves(skat, _forehand_declares(skat), "hand", "clubs", "play JC")
    state = skat.apply(state, skat.legal_moves(state)[0])
    state = skat.apply(state, skat.legal_moves(state)[0])
    assert state.match.deal_number == 0 and state.tricks_won[0] == 1


def test_sk_15_a_match_lasts_its_deals(skat: Any) -> None:
    bots = [make_bot("heuristic", skat)] * 3
    final = play_game(skat, skat.Rules(deals=4), bots, seed=3)
    score = skat.score(final)
    assert len(score.deals) == 4 and score.outcome.reason == "schedule complete"
    assert score.totals == tuple(sum(row.points[s] for row in score.deals) for s in range(3))


# --------------------------------------------------------------------------- the tools


def test_the_kit_passes(skat: Any) -> None:
    report = testing.check_game(skat, games=1)
    assert report.presets == ("default", "one_deal", "list")


@pytest.mark.parametrize("spec", ["random", "ismcts:8", "ismcts:4:heuristic"])
def test_the_bots_play_a_deal(skat: Any, spec: str) -> None:
    state, rng = skat.deal(skat.Rules(deals=1), seed=5), random.Random(1)
    bots = [make_bot(spec, skat), make_bot("heuristic", skat), make_bot("heuristic", skat)]
    while not skat.is_over(state):
        seat = skat.to_move(state)
        move = bots[seat].choose(skat.observe(state, seat), skat.legal_moves(state), rng)
        state = skat.apply(state, move)
    assert len(skat.score(state).deals) == 1


def test_pimc_calls_declares_and_plays(skat: Any) -> None:
    pimc, rng = make_bot("pimc:1", skat), random.Random(0)
    state = _dealt(skat, TOP, "7D 8D")
    assert pimc.choose(skat.observe(state, 1), skat.legal_moves(state), rng) in skat.legal_moves(
        state
    )
    state = _moves(skat, _forehand_declares(skat), "hand")
    assert str(pimc.choose(skat.observe(state, 0), skat.legal_moves(state), rng)) in _open(
        skat, state
    )
    state = _moves(skat, state, "grand", "play JC")
    assert pimc.choose(skat.observe(state, 1), skat.legal_moves(state), rng) in skat.legal_moves(
        state
    )


def test_the_heuristic_bids_its_hand_and_passes_a_weak_one(skat: Any) -> None:
    bot, rng = skat.SkatBot(), random.Random(0)
    strong = _moves(skat, _dealt(skat, TOP, "7D 8D"), "18")  # forehand answers 18
    assert str(bot.choose(skat.observe(strong, 0), skat.legal_moves(strong), rng)) == "yes"
    weak = _dealt(skat, "7S 8S 9S 7H 8H 9H 7D 8D 9D QD", "AC AS")
    weak = _moves(skat, weak, "18")
    assert str(bot.choose(skat.observe(weak, 0), skat.legal_moves(weak), rng)) == "pass"


def test_simulate_records_positions_pictures_and_the_command_line(
    skat: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = simulate(skat, ["heuristic", "random", "random"], games=2, seed=2, workers=1)
    assert results.game == "skat" and results.games_played == 2
    state = _moves(skat, _forehand_declares(skat), "pick up", "take skat")
    for spot in (state, _moves(skat, skat.apply(state, skat.legal_moves(state)[0]), "grand")):
        assert skat.state_from_dict(skat.state_to_dict(spot)) == spot
        for move in skat.legal_moves(spot):
            assert skat.move_from_index(skat.move_index(move)) == move
        text = positions.position_text(skat.NAME, spot)
        assert skat.position(positions.setup_text(text)) == skat.position(spot)
        assert "contract" in render_view(skat.observe(spot, 0))
    final = _played_out(skat, state)
    path = tmp_path / "skat.json"
    path.write_text(record_of(final).to_json(), encoding="utf-8")
    assert replay(Record.from_json(path.read_text(encoding="utf-8"))) == final
    assert main(["rules", "skat"]) == 0
    assert "tournament" in capsys.readouterr().out
    argv = ["simulate", "skat", "--games", "2", "--workers", "1", "--csv", "--quiet"]
    assert main(argv) == 0


def test_a_card_out_of_the_deck_is_refused(skat: Any) -> None:
    state = _moves(skat, _forehand_declares(skat), "hand", "grand")
    with pytest.raises(IllegalMoveError):
        skat.apply(state, Play(Card("2C")))
