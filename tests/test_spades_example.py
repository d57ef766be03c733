"""Spades (examples/spades.py), a partnership game with bids and nil on the trick engine.

Each test names the rule of the example's docstring it checks (SP-1 ... SP-6), most
on hand-built deals (``deal(rules, seed=..., deck=...)`` with a chosen order); the
rest check that the example keeps the interface (the conformance kit) and that every
generic tool plays it: the bots, simulate, records and the command line.
"""

from __future__ import annotations

import importlib
import itertools
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import games, testing
from cardrules.bots import RandomBot
from cardrules.bots.heuristics import heuristic_bot
from cardrules.cards import DECK52, Card, Suit, parse_cards
from cardrules.cli import main
from cardrules.core.match import Match
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.moves import Bid, Play, parse_move_text
from cardrules.play import play_game
from cardrules.records import Record, record_of, replay
from cardrules.simulate import make_bot, simulate
from tests.commands import ROOT, cardrules


@pytest.fixture
def spades() -> Iterator[ModuleType]:
    """The example module, registered for the test and removed afterwards (so that
    the other tests see only the games of cardrules)."""
    module = importlib.import_module("examples.spades")
    games.register(module, heuristic=module.SpadesBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.spades"]  # the next import registers it again


def _deck(*hands: str) -> list[Card]:
    """The deck order that deals these four 13-card hands to seats 0..3 when seat 3
    deals (card i goes to seat i % 4, one at a time from the dealer's left)."""
    cards = [parse_cards(hand) for hand in hands]
    assert all(len(hand) == 13 for hand in cards)
    return [cards[seat][k] for k in range(13) for seat in range(4)]


#: One suit a seat: seat 0 holds the clubs, 1 the diamonds, 2 the hearts, 3 the spades.
SUITED = _deck(
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
)


def _bid(spades: Any, state: Any, *bids: int) -> Any:
    for tricks in bids:
        state = spades.apply(state, Bid(tricks))
    return state


def _play(spades: Any, state: Any, *cards: str) -> Any:
    for card in cards:
        state = spades.apply(state, parse_move_text(f"play {card}"))
    return state


def _first_legal_to_the_end_of_the_deal(spades: Any, state: Any) -> Any:
    while not spades.score(state).deals:
        state = spades.apply(state, spades.legal_moves(state)[0])
    return state


def _random_game(spades: Any, seed: int, rules: object = None) -> Any:
    bots = [RandomBot() for _ in range(4)]
    return play_game(spades, rules or spades.Rules(), bots, seed=seed)


# --------------------------------------------------------------------------- the interface


def test_the_kit_passes(spades: Any) -> None:
    report = testing.check_game(spades, games=3)
    assert report.presets == ("default", "quick") and report.moves > 6 * 56
    assert report.solver_worlds == 2 * 3


def test_registered_by_name_and_import_path(spades: Any) -> None:
    assert isinstance(heuristic_bot("spades"), spades.SpadesBot)
    assert games.get("spades") is spades and "spades" in games.names()
    assert games.get("examples.spades") is spades


def test_the_options_are_checked(spades: Any) -> None:
    with pytest.raises(RulesError, match="players must be 4"):
        spades.Rules(players=5)
    with pytest.raises(RulesError, match=r"losing_floor=500 is out of range: allowed"):
        spades.Rules(losing_floor=500)
    with pytest.raises(RulesError, match="nil_tricks_count must be true or false"):
        spades.Rules(nil_tricks_count="yes")
    assert str(spades.Rules(losing_floor=None)) == "spades(losing_floor=none)"


# --------------------------------------------------------------------------- SP-1, SP-2


def test_sp1_partners_sit_opposite_and_share_their_total(spades: Any) -> None:
    """SP-1: seats 0 and 2 against 1 and 3; partners score together."""
    assert spades.teams(spades.Rules()) == ((0, 2), (1, 3))
    totals = spades.score(_random_game(spades, 3)).totals
    assert totals[0] == totals[2] and totals[1] == totals[3]


def test_sp2_thirteen_cards_each_one_at_a_time_from_the_dealers_left(spades: Any) -> None:
    """SP-2: the whole deck, one card at a time clockwise from the dealer's left."""
    state = spades.deal(spades.Rules(first_dealer=1), seed=0, deck=DECK52)
    # Card i goes to seat (1 + 1 + i) % 4: seat 2 gets the first card.
    for seat in range(4):
        hand = set(spades.observe(state, seat).hand)
        assert hand == set(DECK52[(seat - 2) % 4 :: 4]) and len(hand) == 13
    assert state.undealt == 0


def test_sp2_the_deal_passes_to_the_left(spades: Any) -> None:
    """SP-2: each deal's dealer sits on the left of the last one's."""
    rows = spades.score(
        _random_game(spades, 11, spades.Rules(losing_floor=None, max_deals=5))
    ).deals
    assert len(rows) == 5
    assert all(b.dealer == (a.dealer + 1) % 4 for a, b in itertools.pairwise(rows))


# --------------------------------------------------------------------------- SP-3


def test_sp3_1_each_bids_0_to_13_in_turn_from_the_dealers_left(spades: Any) -> None:
    """SP-3.1: the seat on the dealer's left bids first, then clockwise; 0..13; the bids
    are open."""
    state = spades.deal(spades.Rules(first_dealer=2), seed=4)
    assert spades.to_move(state) == 3
    assert spades.legal_moves(state) == tuple(Bid(n) for n in range(14))
    with pytest.raises(IllegalMoveError, match=r"rule SP-3\.1"):
        spades.apply(state, Bid(14))
    state = _bid(spades, state, 4, 0)
    assert spades.to_move(state) == 1
    assert spades.observe(state, 1).bids == (0, None, None, 4)


def test_sp3_2_a_bid_of_0_is_nil(spades: Any) -> None:
    """SP-3.2: bidding 0 is nil, and the move says so."""
    state = spades.deal(spades.Rules(first_dealer=3), seed=0)
    view = spades.observe(state, 0)
    assert spades.explain_move(view, Bid(0)) == "nil: you undertake to win no trick"
    assert spades.explain_move(view, Bid(3)) == ""


def test_sp3_3_the_contract_is_the_sum_of_the_partners_bids(spades: Any) -> None:
    """SP-3.3: 4 + 3 = 7 tricks for seats 0 and 2; a nil adds nothing to 1 and 3's 5."""
    rules = spades.Rules()
    # 7 needed, 7 taken: 70. 5 needed, 6 taken by seat 3: 51, and seat 1's nil kept: 100.
    points, _ = spades.deal_points(rules, (4, 0, 3, 5), (4, 0, 3, 6), (0, 0, 0, 0))
    assert points == (70, 151, 70, 151)
    points, _ = spades.deal_points(rules, (4, 0, 3, 5), (5, 0, 4, 4), (0, 0, 0, 0))
    assert points[1] == -50 + 100  # 4 taken for the 5: set


# --------------------------------------------------------------------------- SP-4


def test_sp4_1_and_4_5_spades_trump_and_the_winner_leads(spades: Any) -> None:
    """SP-4.1, SP-4.5: seat 3, void in clubs, trumps the club lead and leads next."""
    state = spades.deal(spades.Rules(first_dealer=3), seed=0, deck=SUITED)
    state = _bid(spades, state, 1, 1, 1, 1)
    state = _play(spades, state, "AC", "2D", "2H", "2S")
    assert state.tricks_won == (0, 0, 0, 1)
    assert spades.to_move(state) == 3


def test_sp4_5_the_highest_card_of_the_suit_led_wins_without_a_spade(spades: Any) -> None:
    """SP-4.5: with no spade in the trick the highest card of the suit led wins; a higher
    card of another plain suit does not."""
    deck = _deck(
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D",
        "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD AC",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S",
        "AH 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    )
    state = _bid(spades, spades.deal(spades.Rules(first_dealer=3), seed=0, deck=deck), 1, 1, 1, 1)
    state = _play(spades, state, "2D", "AD", "KH", "AH")  # the AH is no diamond
    assert state.tricks_won == (0, 1, 0, 0) and spades.to_move(state) == 1
    state = _play(spades, state, "AC", "2S", "3S", "KC")  # the highest spade wins
    assert state.tricks_won == (0, 1, 0, 1) and spades.to_move(state) == 3


def test_sp4_2_the_dealers_left_leads_the_first_trick(spades: Any) -> None:
    """SP-4.2: after the bidding, the seat on the dealer's left plays first."""
    state = spades.deal(spades.Rules(first_dealer=1), seed=5)
    state = _bid(spades, state, 2, 3, 4, 3)
    assert spades.to_move(state) == 2 and isinstance(spades.legal_moves(state)[0], Play)


def test_sp4_3_players_must_follow_suit(spades: Any) -> None:
    """SP-4.3: a seat holding the suit led may play only that suit; void, any card."""
    state = spades.deal(spades.Rules(first_dealer=3), seed=0, deck=DECK52)
    state = _bid(spades, state, 3, 3, 3, 3)
    state = _play(spades, state, "AC")
    assert {m.card.suit for m in spades.legal_moves(state)} == {Suit.CLUBS}
    with pytest.raises(IllegalMoveError, match=r"rule SP-4\.3"):
        _play(spades, state, "2D")  # seat 1 holds clubs
    state = spades.deal(spades.Rules(first_dealer=3), seed=0, deck=SUITED)
    state = _play(spades, _bid(spades, state, 3, 3, 3, 3), "AC")
    assert len(spades.legal_moves(state)) == 13  # seat 1 has no club


def test_sp4_4_spades_may_not_be_led_until_broken(spades: Any) -> None:
    """SP-4.4: the leader may not lead a spade while he holds another suit, until a
    spade has been played in an earlier trick."""
    deck = _deck(
        "2C 3C 4C 5C 6C 7C 8C 9C 10C 2S 3S 4S 5S",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JC QC KC AC",
        "JH QH KH AH 6S 7S 8S 9S 10S JS QS KS AS",
    )
    state = _bid(spades, spades.deal(spades.Rules(first_dealer=3), seed=0, deck=deck), 2, 1, 1, 9)
    assert {m.card.suit for m in spades.legal_moves(state)} == {Suit.CLUBS}
    with pytest.raises(IllegalMoveError, match=r"may not be led until broken.*rule SP-4\.4"):
        spades.apply(state, parse_move_text("play 5S"))
    # Clubs led: seat 1 discards a diamond, seat 2 follows, seat 3 plays a heart.
    state = _play(spades, state, "2C", "2D", "AC", "JH")
    assert spades.to_move(state) == 2  # the AC won; spades are still unbroken
    state = _play(spades, state, "KC", "6S", "3C", "3D")  # seat 3 trumps: broken
    assert spades.to_move(state) == 3
    assert Play(parse_cards("AS")[0]) in spades.legal_moves(state)  # spades may be led now


def test_sp4_4_a_leader_with_only_spades_leads_one(spades: Any) -> None:
    """SP-4.4: a leader who holds nothing but spades leads one, broken or not."""
    deck = _deck(
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    )
    state = spades.deal(spades.Rules(first_dealer=3), seed=0, deck=deck)
    # Seat 0 (the dealer's left) holds only spades, and no spade has been played.
    state = _bid(spades, state, 13, 0, 0, 0)
    assert spades.to_move(state) == 0
    assert {m.card.suit for m in spades.legal_moves(state)} == {Suit.SPADES}


# --------------------------------------------------------------------------- SP-5


@pytest.mark.parametrize(
    ("bids", "won", "expected"),
    [
        ((3, 2, 4, 2), (4, 2, 3, 4), (70, 42)),  # SP-5.1: made exactly; 4 needed, 6 taken
        ((5, 2, 4, 2), (4, 2, 3, 4), (-90, 42)),  # SP-5.2: 9 bid, 7 taken: set
        ((0, 3, 4, 3), (0, 4, 4, 5), (140, 63)),  # SP-5.3: nil kept: 100 + 40
        ((0, 3, 4, 3), (1, 4, 4, 4), (-59, 62)),  # SP-5.3, SP-5.5: nil lost; 5 count for 4
        ((0, 3, 0, 3), (0, 7, 0, 6), (200, 67)),  # both nil kept: a contract of 0
    ],
)
def test_sp5_contracts_overtricks_and_nil(
    spades: Any, bids: tuple[int, ...], won: tuple[int, ...], expected: tuple[int, int]
) -> None:
    """SP-5.1 to SP-5.3 and SP-5.5 (the default: a nil bidder's tricks count)."""
    points, _ = spades.deal_points(spades.Rules(), bids, won, (0, 0, 0, 0))
    assert points == (*expected, *expected)


def test_sp5_5_a_failed_nil_bidders_tricks_can_count_only_as_bags(spades: Any) -> None:
    """SP-5.5, nil_tricks_count=False: seat 0's trick does not make seat 2's 4, but is a
    bag once seat 2 makes it."""
    rules = spades.Rules(nil_tricks_count=False)
    points, bags = spades.deal_points(rules, (0, 3, 4, 3), (1, 4, 3, 5), (0, 0, 0, 0))
    assert points[0] == -100 - 40 and bags[0] == 0
    points, bags = spades.deal_points(rules, (0, 3, 4, 3), (1, 4, 4, 4), (0, 0, 0, 0))
    assert points[0] == -100 + 41 and bags[0] == 1
    points, _ = spades.deal_points(spades.Rules(), (0, 3, 4, 3), (1, 4, 3, 5), (0, 0, 0, 0))
    assert points[0] == -100 + 40  # the default: his trick makes the 4


def test_sp5_4_every_tenth_bag_costs_100_and_the_rest_carry_on(spades: Any) -> None:
    """SP-5.4: 8 bags carried in, 3 more: 100 off, 1 bag carried on; a set side adds none."""
    bids, won = (2, 3, 2, 3), (4, 3, 3, 3)  # seats 0 and 2: 4 needed, 7 taken
    points, bags = spades.deal_points(spades.Rules(), bids, won, (8, 5, 8, 5))
    assert points == (43 - 100, 60, 43 - 100, 60) and bags == (1, 5, 1, 5)
    points, bags = spades.deal_points(spades.Rules(), (2, 3, 2, 3), won, (9, 9, 9, 9))
    assert points[1] == 60 and bags[1] == 9  # 6 bid, 6 taken: no bag


def test_sp5_a_whole_deal_is_scored_and_its_bags_kept_in_the_deal_row(spades: Any) -> None:
    """SP-5 on a played deal: seat 3 holds every spade and takes all 13 tricks."""
    state = spades.deal(spades.Rules(first_dealer=3), seed=0, deck=SUITED)
    state = _bid(spades, state, 0, 0, 3, 10)  # two nils; 3 for seats 0 and 2, 10 for 1 and 3
    state = _first_legal_to_the_end_of_the_deal(spades, state)
    row = spades.score(state).deals[0]
    assert row.extra("tricks") == (0, 0, 0, 13) and row.extra("bids") == (0, 0, 3, 10)
    # Seats 0 and 2: set (-30), nil kept (+100); seats 1 and 3: 100 + 3 bags, nil kept.
    assert row.points == (70, 203, 70, 203) and row.extra("bags") == (0, 3, 0, 3)
    assert "deal 1: points (70, 203), bags (0, 3)" in [str(e) for e in spades.events(state)]


@pytest.mark.parametrize("seed", range(3))
def test_sp5_4_the_bags_carry_over_from_deal_to_deal(spades: Any, seed: int) -> None:
    """SP-5.4: each deal's bags start from the previous deal row's."""
    rules = spades.Rules(losing_floor=None, max_deals=6)
    rows = spades.score(_random_game(spades, seed, rules)).deals
    carried = (0, 0, 0, 0)
    for row in rows:
        points, carried = spades.deal_points(rules, row.extra("bids"), row.extra("tricks"), carried)
        assert row.points == points and row.extra("bags") == carried


# --------------------------------------------------------------------------- SP-6


def _decided(spades: Any, rules: Any, *totals: tuple[int, int]) -> Any:
    match = Match.start(dealer=0, players=4)
    for first, second in totals:
        match = match.finish_deal((first, second, first, second), extras=())
    return spades.GAME.match.decided(rules, match)


def test_sp6_the_target_or_the_losing_floor_ends_the_game(spades: Any) -> None:
    """SP-6.1 to SP-6.4."""
    rules = spades.Rules()
    assert _decided(spades, rules, (499, 300)) is None
    won = _decided(spades, rules, (480, 300), (30, 10))  # SP-6.1: 510
    assert won.reason == "target reached" and won.winners == (0, 2) and not won.draw
    lost = _decided(spades, rules, (100, -150), (-30, -60))  # SP-6.2: -210
    assert lost.reason == "limit reached" and lost.winners == (0, 2)
    both = _decided(spades, rules, (520, 560))  # SP-6.3: the higher wins
    assert both.winners == (1, 3)
    assert _decided(spades, rules, (510, 510)) is None  # SP-6.4: a tie plays on
    assert _decided(spades, rules, (-250, -250)) is None
    assert _decided(spades, spades.Rules(losing_floor=None), (-900, 10)) is None


@pytest.mark.parametrize("seed", range(3))
def test_sp6_a_game_ends_after_the_deal_that_decides_it(spades: Any, seed: int) -> None:
    """SP-6: the last deal reached the target or the floor; none before it did."""
    final = _random_game(spades, seed, spades.Rules(target=150))
    score = spades.score(final)
    totals, rows = score.totals, score.deals
    assert max(totals) >= 150 or min(totals) <= -200
    assert score.outcome.winners == ((0, 2) if totals[0] > totals[1] else (1, 3))
    before = [t - p for t, p in zip(totals, rows[-1].points)]
    assert (max(before) < 150 and min(before) > -200) or before[0] == before[1]
    assert sum(score.payoffs) == 0


# --------------------------------------------------------------------------- the tools


def test_the_heuristic_bids_and_plays_nil(spades: Any) -> None:
    """The heuristic: nil with no ace, no king or queen of spades, no spade above the
    nine; as a nil bidder it plays its highest card that loses the trick."""
    bot, rng = spades.SpadesBot(), random.Random(0)

    def choice(state: Any) -> str:
        view = spades.observe(state, spades.to_move(state))
        return str(bot.choose(view, spades.legal_moves(state), rng))

    state = spades.deal(spades.Rules(first_dealer=3), seed=0, deck=SUITED)
    assert choice(state) == "bid 1"  # seat 0, all the clubs: the AC
    assert choice(_bid(spades, state, 1, 1, 1)) == "bid 13"  # seat 3, all the spades
    no_ace = _deck(
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D",
        "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD AC",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S",
        "AH 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    )
    assert choice(spades.deal(spades.Rules(first_dealer=3), seed=0, deck=no_ace)) == "bid 0"
    state = spades.deal(spades.Rules(first_dealer=3), seed=0, deck=DECK52)
    # Seat 0: 2C 6C 10C AC 5D 9D KD 4H 8H QH 3S 7S JS: the AC; three spades, no K or Q.
    assert choice(state) == "bid 1"
    state = _play(spades, _bid(spades, state, 2, 0, 3, 3), "KD")
    # Seat 1, nil, holds 2D 6D 10D AD: its highest diamond below the king.
    assert choice(state) == "play 10D"
    assert choice(_play(spades, state, "10D")) == "play 3D"  # seat 2: the partner's KD wins


def test_the_bots_play_it(spades: Any) -> None:
    state = spades.deal(spades.Rules(), seed=5)
    rng = random.Random(1)
    bots = [heuristic_bot("spades"), make_bot("ismcts:8:heuristic", "spades")]
    bots += [make_bot("random", spades), make_bot("ismcts:8", spades)]
    for _ in range(60):
        seat = spades.to_move(state)
        view = spades.observe(state, seat)
        state = spades.apply(state, bots[seat].choose(view, spades.legal_moves(state), rng))
    assert spades.score(state).deals  # a whole deal bid, played and scored


def test_simulate_and_records(spades: Any, tmp_path: Path) -> None:
    results = simulate(spades, ["heuristic", "random"] * 2, games=4, seed=2, workers=1)
    assert results.game == "spades" and results.games_played == 4
    final = _random_game(spades, 3, spades.PRESETS["quick"])
    record = record_of(final)
    path = tmp_path / "spades.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert replay(Record.from_json(path.read_text(encoding="utf-8"))) == final
    assert spades.state_from_dict(spades.state_to_dict(final)) == final


def test_the_command_line_plays_it(capsys: pytest.CaptureFixture[str], spades: Any) -> None:
    assert main(["rules", "spades"]) == 0
    out = capsys.readouterr().out
    assert "losing_floor" in out and "nil_tricks_count" in out
    argv = ["simulate", "spades", "--games", "3", "--workers", "1", "--csv", "--quiet"]
    assert main(argv) == 0
    assert capsys.readouterr().out.count("\n") == 4


def test_the_command_line_finds_it_by_import_path() -> None:
    """A fresh process loads the example by its import path, which registers it."""
    argv: Sequence[str] = ("simulate", "examples.spades", "--games", "2", "--workers", "1")
    result = cardrules(*argv, "--quiet", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "2 games of spades" in result.stdout
    result = cardrules("rules", "examples.spades", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "the points that end the game (default 500, SP-6.1)" in result.stdout
