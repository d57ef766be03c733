"""Hearts (examples/hearts.py), a trick game from outside the package.

It is written on the public trick engine and registers itself. Each rule test
names the rule of the example's docstring it checks (HE-1 ... HE-9) and builds
its position by hand: the four hands a deal leaves once every seat has passed,
dealt from a chosen deck order. The other tests check that the game keeps the
interface (the conformance kit) and that every generic tool plays it: the bots,
simulate, records and the command line.
"""

from __future__ import annotations

import importlib
import math
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
from cardrules.cards import DECK52, Card, Suit, cards_of, mask_of, parse_cards
from cardrules.cli import main
from cardrules.core import trickgame
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.moves import ChooseDealer, DealCard, PassCards, Play
from cardrules.play import play_game
from cardrules.records import Record, record_of, replay
from cardrules.simulate import make_bot, simulate
from tests.commands import ROOT, cardrules


@pytest.fixture(scope="module")
def hearts() -> Iterator[ModuleType]:
    """The example module, registered for these tests and removed afterwards (so that
    the other tests see only the games of cardrules)."""
    module = importlib.import_module("examples.hearts")
    games.register(module, heuristic=module.HeartsBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.hearts"]  # the next import registers it again


def start(hearts: Any, hands: Sequence[str], **options: Any) -> Any:
    """The first deal, in play, with ``hands`` (seats 0 to 3) once the passes are made.

    Seat 3 deals, so card ``i`` of the deck goes to seat ``i % 4``; in the first deal
    every seat passes to its left, here the three lowest cards its left neighbour
    ends up with, so the deck deals each seat its hand less what it receives, plus
    what it passes."""
    cards = [parse_cards(hand) for hand in hands]
    assert sorted(card for hand in cards for card in hand) == sorted(DECK52)
    passes = [sorted(cards[(seat + 1) % 4])[:3] for seat in range(4)]
    dealt = [
        sorted((set(cards[seat]) - set(passes[seat - 1])) | set(passes[seat])) for seat in range(4)
    ]
    deck = [dealt[i % 4][i // 4] for i in range(52)]
    state = hearts.deal(hearts.Rules(first_dealer=3, **options), seed=0, deck=deck)
    for seat in range(4):
        assert hearts.to_move(state) == seat  # the passes go round from the dealer's left
        state = hearts.apply(state, PassCards(tuple(passes[seat])))
    assert state.hands == tuple(mask_of(hand) for hand in cards)
    return state


def play(hearts: Any, state: Any, *cards: str) -> Any:
    """``state`` after the cards are played in turn."""
    for card in cards:
        state = hearts.apply(state, Play(Card(card)))
    return state


def legal_cards(hearts: Any, state: Any) -> set[str]:
    return {move.card.text for move in hearts.legal_moves(state)}


def random_game(hearts: Any, seed: int, rules: object = None) -> Any:
    return play_game(hearts, rules or hearts.Rules(), [RandomBot()] * 4, seed=seed)


#: Seat 0 leads 2C; seat 1 must follow with its one club, AC; seats 2 and 3 hold no
#: club: seat 2 holds hearts and spades, seat 3 diamonds and spades; seat 1 holds the
#: queen of spades, hearts and diamonds.
POSITION = (
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2S",
    "AC QS AH KH QH JH 10H 2D 3D 4D 5D 6D 7D",
    "2H 3H 4H 5H 6H 7H 8H 9H AS KS JS 10S 9S",
    "8D 9D 10D JD QD KD AD 3S 4S 5S 6S 7S 8S",
)


# --------------------------------------------------------------------------- the rules


def test_he_1_the_dealer_deals_one_card_at_a_time_from_his_left(hearts: Any) -> None:
    state = hearts.deal(hearts.Rules(first_dealer=1), seed=0, deck=DECK52)
    # Card i goes to seat (1 + 1 + i) % 4: seat 2 gets cards 0, 4, 8, ...
    for offset in range(4):
        assert state.hands[(2 + offset) % 4] == mask_of(DECK52[offset::4])
    assert state.undealt == 0 and state.phase is hearts.Phase.PASSING


def test_he_1_four_players_each_for_himself(hearts: Any) -> None:
    assert hearts.teams(hearts.Rules()) == ((0,), (1,), (2,), (3,))
    with pytest.raises(RulesError, match="players=5 is not allowed: players must be 4"):
        hearts.Rules(players=5)
    with pytest.raises(RulesError, match="queen_breaks_hearts must be true or false"):
        hearts.Rules(queen_breaks_hearts="yes")
    assert str(hearts.PRESETS["short"]) == "hearts(target=30,queen_breaks_hearts=true)"


def test_he_1_the_deal_passes_to_the_left(hearts: Any) -> None:
    state = hearts.deal(hearts.Rules(first_dealer=2), seed=4)
    rng = random.Random(4)
    dealers: list[tuple[int, int]] = []
    while state.match.deal_number < 3:
        if not dealers or dealers[-1][0] != state.match.deal_number:
            dealers.append((state.match.deal_number, state.match.dealer))
        state = hearts.apply(state, rng.choice(hearts.legal_moves(state)))
    assert dealers == [(0, 2), (1, 3), (2, 0)]


def test_he_2_three_cards_are_passed_face_down_and_exchanged_together(hearts: Any) -> None:
    state = hearts.deal(hearts.Rules(first_dealer=3), seed=0, deck=DECK52)
    assert len(hearts.legal_moves(state)) == 286  # every three of the thirteen cards
    dealt = state.hands
    passes = [PassCards(cards_of(dealt[seat])[:3]) for seat in range(4)]
    for seat in range(3):
        state = hearts.apply(state, passes[seat])
    # In transit: seat 0's cards are in no hand, and seat 1 sees only its own hand.
    assert not state.hands[0] & mask_of(passes[0].cards)
    assert not state.hands[1] & mask_of(passes[0].cards)
    view = hearts.observe(state, 1)
    assert view.passed == passes[1].cards and view.received == ()
    assert view.has_passed == (True, True, True, False) and view.passed_to == 2
    assert hearts.sample(view, random.Random(0)).hands[1] == state.hands[1]
    state = hearts.apply(state, passes[3])
    for seat in range(4):  # each seat got the cards of its right neighbour (deal 1: left)
        kept = dealt[seat] & ~mask_of(passes[seat].cards)
        assert state.hands[seat] == kept | mask_of(passes[seat - 1].cards)
    assert hearts.observe(state, 1).received == passes[0].cards
    assert state.phase is hearts.Phase.PLAYING


def test_he_2_a_pass_is_three_cards_of_the_hand(hearts: Any) -> None:
    state = hearts.deal(hearts.Rules(first_dealer=3), seed=0, deck=DECK52)
    with pytest.raises(IllegalMoveError, match="must pass three cards to the left"):
        hearts.parse_move(state, "pass 2C 5D")
    with pytest.raises(IllegalMoveError, match=r"only cards of his hand: 3C .*\(rule HE-2\)"):
        hearts.apply(state, PassCards(parse_cards("2C 3C 6C")))


@pytest.mark.parametrize(("deal_number", "to"), [(0, 1), (1, 3), (2, 2), (3, None), (4, 1), (5, 3)])
def test_he_2_passes_go_left_right_across_then_none_in_a_cycle(
    hearts: Any, deal_number: int, to: int | None
) -> None:
    state = hearts.deal(hearts.Rules(first_dealer=0, target=1000), seed=2)
    rng = random.Random(2)
    while state.match.deal_number < deal_number:
        state = hearts.apply(state, rng.choice(hearts.legal_moves(state)))
    view = hearts.observe(state, 2)
    assert view.passed_to == (None if to is None else (2 + to) % 4)
    if to is None:  # no pass: play begins at once
        assert state.phase is hearts.Phase.PLAYING
        assert all(isinstance(move, Play) for move in hearts.legal_moves(state))
    else:
        assert state.phase is hearts.Phase.PASSING


def test_he_3_the_holder_of_the_two_of_clubs_leads_it(hearts: Any) -> None:
    hands = (POSITION[1], POSITION[2], POSITION[0], POSITION[3])  # 2C now with seat 2
    state = start(hearts, hands)
    assert hearts.to_move(state) == 2
    assert [str(move) for move in hearts.legal_moves(state)] == ["play 2C"]
    with pytest.raises(
        IllegalMoveError, match=r"seat 2 holds 2C and must lead it .*\(rule HE-3\)$"
    ):
        play(hearts, state, "3C")


def test_he_4_follow_suit_no_trumps_the_highest_of_the_suit_led_wins(hearts: Any) -> None:
    state = play(hearts, start(hearts, POSITION), "2C")
    assert legal_cards(hearts, state) == {"AC"}  # seat 1 must follow with its club
    with pytest.raises(IllegalMoveError, match=r"must follow suit: clubs \(AC\) \(rule HE-4\)"):
        play(hearts, state, "2D")
    state = play(hearts, state, "AC", "AS", "AD")  # the ace of spades and of diamonds lose
    assert hearts.to_move(state) == 1  # the winner leads
    assert trickgame.events(state)[-1].seat == 1


def test_he_5_no_penalty_card_on_the_first_trick(hearts: Any) -> None:
    state = play(hearts, start(hearts, POSITION), "2C", "AC")
    # Seat 2, void in clubs, holds hearts and spades: only its spades may go.
    assert legal_cards(hearts, state) == {"AS", "KS", "JS", "10S", "9S"}
    with pytest.raises(IllegalMoveError, match=r"may not be played to the first .*\(rule HE-5\)"):
        play(hearts, state, "2H")
    # After the first trick, a void seat may discard a heart.
    state = play(hearts, state, "9S", "AD", "2D")
    assert "2H" in legal_cards(hearts, state)


def test_he_5_a_player_with_only_penalty_cards_plays_one(hearts: Any) -> None:
    hands = (
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "AH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS",
    )
    state = play(hearts, start(hearts, hands), "2C")
    assert len(legal_cards(hearts, state)) == 13  # nothing else: any of them
    state = play(hearts, state, "QS")
    assert legal_cards(hearts, state) == {c.text for c in parse_cards(hands[2])[1:]}


def test_he_6_hearts_are_not_led_until_broken(hearts: Any) -> None:
    state = play(hearts, start(hearts, POSITION), "2C", "AC", "9S", "AD")
    assert legal_cards(hearts, state) == {"QS", "2D", "3D", "4D", "5D", "6D", "7D"}
    with pytest.raises(IllegalMoveError, match=r"AH may not be led until broken .*\(rule HE-6\)"):
        play(hearts, state, "AH")
    # Seat 2 discards a heart to the second trick: hearts are broken from the next.
    state = play(hearts, state, "2D", "2H", "8D", "2S")
    assert hearts.to_move(state) == 3
    state = play(hearts, state, "3S", "3C", "QS", "AS")  # seat 2 wins, holding hearts
    assert {"3H", "KS"} <= legal_cards(hearts, state)


def test_he_6_a_leader_with_only_hearts_leads_one(hearts: Any) -> None:
    hands = (
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AH",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    )
    state = play(hearts, start(hearts, hands), "2C", "AC", "2D", "2S")
    assert hearts.to_move(state) == 1  # it won with its only club, no heart played yet
    assert len(legal_cards(hearts, state)) == 12


@pytest.mark.parametrize("queen_breaks", [False, True])
def test_he_6_the_queen_of_spades_breaks_hearts_only_under_the_option(
    hearts: Any, queen_breaks: bool
) -> None:
    state = start(hearts, POSITION, queen_breaks_hearts=queen_breaks)
    state = play(hearts, state, "2C", "AC", "9S", "AD", "QS", "AS", "3S", "2S")
    assert hearts.to_move(state) == 2  # its ace of spades took the queen
    assert ("2H" in legal_cards(hearts, state)) is queen_breaks


def _penalties_taken(events: Sequence[Any]) -> list[list[int]]:
    """Per deal, per seat: the hearts and 13 for the queen of spades in its tricks."""
    deals: list[list[int]] = []
    for event in events:
        if event.kind == "deal":
            deals.append([0] * 4)
        elif event.kind == "trick":
            points = sum(1 for c in event.cards if c.suit is Suit.HEARTS)
            deals[-1][event.seat] += points + 13 * (Card("QS") in event.cards)
    return deals


@pytest.mark.parametrize("seed", range(3))
def test_he_7_a_point_a_heart_and_13_for_the_queen_of_spades(hearts: Any, seed: int) -> None:
    final = random_game(hearts, seed)
    rows = hearts.score(final).deals
    taken = _penalties_taken(trickgame.events(final))
    assert len(rows) == len(taken) and len(rows) > 1
    for row, points in zip(rows, taken):
        assert row.extra("taken") == tuple(points) and sum(points) == 26
        if 26 not in points:  # HE-8 aside, each seat scores what it took
            assert row.points == tuple(points)


def test_he_8_taking_every_penalty_card_shoots_the_moon(hearts: Any) -> None:
    """Seat 0 holds the top four clubs, diamonds and spades and the ace of hearts: it
    wins every trick, playing its highest card each time."""
    hands = (
        "AC KC QC JC AD KD QD JD AS KS QS JS AH",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D",
        "6D 7D 8D 9D 10D 2S 3S 4S 5S 6S 7S 8S 9S",
        "10S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    )
    state = start(hearts, hands)
    while hearts.score(state).deals == ():
        moves = hearts.legal_moves(state)
        pick = max if hearts.to_move(state) == 0 else min
        state = hearts.apply(state, pick(moves, key=lambda move: move.card.rank))
    row = hearts.score(state).deals[0]
    assert row.extra("taken") == (26, 0, 0, 0)
    assert row.points == (0, 26, 26, 26)
    scored = [e for e in trickgame.events(state) if e.kind == "scored"]
    assert str(scored[0]) == "deal 1: penalty points 0, 26, 26, 26 (seat 0 shoots the moon)"


@pytest.mark.parametrize("target", [1, 40, 100])
def test_he_9_a_total_reaching_the_target_ends_the_game_lowest_wins(
    hearts: Any, target: int
) -> None:
    for seed in range(4):
        score = hearts.score(random_game(hearts, seed, hearts.Rules(target=target)))
        totals = score.totals
        assert score.better == "low" and max(totals) >= target
        before = [t - p for t, p in zip(totals, score.deals[-1].points)]
        assert max(before) < target  # not over a deal earlier
        lowest = tuple(seat for seat in range(4) if totals[seat] == min(totals))
        assert score.outcome.reason == "target reached" and score.outcome.winners == lowest
        assert score.outcome.draw is (len(lowest) > 1)  # equal lowest totals: a draw
        assert score.payoffs == tuple(-float(total) for total in totals)


def test_he_9_equal_lowest_totals_are_a_draw(hearts: Any) -> None:
    draws = [
        hearts.score(random_game(hearts, seed, hearts.Rules(target=1))).outcome
        for seed in range(12)
    ]
    assert any(outcome.draw and len(outcome.winners) > 1 for outcome in draws)


# --------------------------------------------------------------------------- the bot


def test_the_heuristic_passes_the_top_spades_then_the_highest_cards(hearts: Any) -> None:
    state = hearts.deal(hearts.Rules(first_dealer=3), seed=0, deck=DECK52)
    bot, rng = hearts.HeartsBot(), random.Random(0)
    # Seat 0 holds 2C 6C 10C AC 5D 9D KD 4H 8H QH 3S 7S JS; seat 3 5C 9C KC 4D 8D QD
    # 3H 7H JH 2S 6S 10S AS.
    choice = bot.choose(hearts.observe(state, 0), hearts.legal_moves(state), rng)
    assert str(choice) == "pass AC KD QH"
    for _ in range(3):
        state = hearts.apply(state, hearts.legal_moves(state)[0])
    choice = bot.choose(hearts.observe(state, 3), hearts.legal_moves(state), rng)
    assert str(choice) == "pass KC QD AS"


def test_the_heuristic_ducks_and_throws_the_queen(hearts: Any) -> None:
    bot, rng = hearts.HeartsBot(), random.Random(0)

    def choice(state: Any) -> str:
        view = hearts.observe(state, hearts.to_move(state))
        return str(bot.choose(view, hearts.legal_moves(state), rng))

    state = play(hearts, start(hearts, POSITION), "2C", "AC", "9S", "AD")
    assert choice(state) == "play 2D"  # the lowest lead
    state = play(hearts, state, "2D")
    assert choice(state) == "play 9H"  # void: the highest heart (no queen held)
    state = play(hearts, state, "9H", "8D", "2S", "3S", "3C")
    assert choice(state) == "play QS"  # must follow with its only spade
    state = play(hearts, state, "QS")
    assert choice(state) == "play JS"  # last: the highest spade under the queen
    state = play(hearts, state, "JS", "3D")  # seat 1 took its own queen, and leads
    assert choice(state) == "play 8H"
    state = play(hearts, state, "8H")
    assert choice(state) == "play 9D"  # every diamond wins, not last: the lowest
    state = play(hearts, state, "9D")
    assert choice(state) == "play KC"  # void, no penalty card: the highest


# --------------------------------------------------------------------------- the tools


def test_describe_and_explain_move_put_the_pass_and_the_points_into_words(hearts: Any) -> None:
    state = hearts.deal(hearts.Rules(first_dealer=3), seed=0, deck=DECK52)
    view = hearts.observe(state, 0)
    assert hearts.explain_move(view, hearts.legal_moves(state)[0]) == "to seat 1"
    assert [fact.label for fact in hearts.describe(view)] == ["points taken", "cards", "hand"]
    state = play(hearts, start(hearts, POSITION), "2C", "AC", "9S", "AD", "2D", "2H", "8D")
    facts = {fact.label: fact.value for fact in hearts.describe(hearts.observe(state, 1))}
    assert facts["you passed to seat 2"] == parse_cards("2H 3H 4H")
    assert facts["you received"] == parse_cards("AC 2D 3D")  # its three lowest
    assert facts["trick"] == ((1, Card("2D")), (2, Card("2H")), (3, Card("8D")))
    assert facts["points taken"] == (0, 0, 0, 0)
    assert hearts.explain_move(hearts.observe(state, 0), Play(Card("2S"))) == ""
    state = play(hearts, state, "2S")  # seat 3 takes the heart
    assert hearts.observe(state, 1).taken == (0, 0, 0, 1)
    assert str(trickgame.events(state)[-1]) == "seat 3 takes 2D 2H 8D 2S: 1 penalty point"


def test_the_kit_passes(hearts: Any) -> None:
    report = testing.check_game(hearts, games=2)
    assert report.presets == ("default", "short") and report.moves > 4 * 56
    assert report.solver_worlds == 2 * 3


def test_registered_by_name_and_import_path(hearts: Any) -> None:
    assert isinstance(heuristic_bot("hearts"), hearts.HeartsBot)
    assert games.get("hearts") is hearts and "hearts" in games.names()
    assert games.get("examples.hearts") is hearts


def test_move_numbers_put_the_seats_moves_before_chance(hearts: Any) -> None:
    """Plays 0..51, passes 52..22151 by rank, then the chance outcomes (the adapters
    number the seats' moves first)."""
    assert hearts.NUM_MOVES == 52 + 22100 + 52 + 4
    assert hearts.move_index(Play(Card("2C"))) == 0
    assert hearts.move_index(PassCards(parse_cards("2C 3C 4C"))) == 52
    assert hearts.move_index(PassCards(parse_cards("2C 3C 5C"))) == 53
    assert hearts.move_index(PassCards(parse_cards("QS KS AS"))) == 22151
    assert hearts.move_index(DealCard(Card("2C"))) == 22152
    assert hearts.move_index(ChooseDealer(3)) == 22207
    state = hearts.deal(hearts.Rules(), seed=2)
    for move in hearts.legal_moves(state):
        assert hearts.move_from_index(hearts.move_index(move)) == move
    numbers = [hearts.move_index(move) for move in hearts.legal_moves(state)]
    assert numbers == sorted(numbers)


def test_explicit_chance_deals_the_same_way(hearts: Any) -> None:
    rules = hearts.Rules(first_dealer=3)
    state = hearts.deal(rules, seed=0, chance="explicit")
    for card in DECK52:
        state = hearts.apply(state, hearts.parse_move(state, f"deal {card}"))
    assert state.hands == hearts.deal(rules, seed=0, deck=DECK52).hands


def test_the_bots_play_it(hearts: Any) -> None:
    state = hearts.deal(hearts.Rules(), seed=5)
    rng = random.Random(1)
    bots = [heuristic_bot("hearts"), make_bot("ismcts:8:heuristic", "hearts")]
    bots += [make_bot("random", hearts), make_bot("ismcts:8", hearts)]
    for _ in range(60):
        seat = hearts.to_move(state)
        view = hearts.observe(state, seat)
        state = hearts.apply(state, bots[seat].choose(view, hearts.legal_moves(state), rng))
    assert hearts.score(state).deals  # a whole deal, passes and play, scored


def test_simulate_and_records(hearts: Any, tmp_path: Path) -> None:
    results = simulate(hearts, ["heuristic", "random"] * 2, games=3, seed=2, workers=1)
    assert results.game == "hearts" and results.games_played == 3
    final = random_game(hearts, 3, hearts.PRESETS["short"])
    record = record_of(final)
    assert record.game == "hearts"
    path = tmp_path / "hearts.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert replay(Record.from_json(path.read_text(encoding="utf-8"))) == final
    assert hearts.state_from_dict(hearts.state_to_dict(final)) == final


def test_the_command_line_plays_it(capsys: pytest.CaptureFixture[str], hearts: Any) -> None:
    assert main(["rules", "hearts"]) == 0
    out = capsys.readouterr().out
    assert "queen_breaks_hearts" in out and "target" in out
    argv = ["simulate", "hearts", "--games", "2", "--workers", "1", "--csv", "--quiet"]
    assert main(argv) == 0
    assert capsys.readouterr().out.count("\n") == 3


def test_the_command_line_finds_it_by_import_path() -> None:
    """A fresh process: the import path loads the module, which registers itself."""
    result = cardrules("rules", "examples.hearts", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "queen_breaks_hearts" in result.stdout
    argv = ["simulate", "examples.hearts", "--games", "2", "--workers", "1", "--quiet"]
    result = cardrules(*argv, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert "2 games of hearts" in result.stdout


def test_he_9_a_zero_total_pays_zero_not_minus_zero(hearts: Any) -> None:
    """Low totals win, so payoffs are the totals negated; a total of 0 pays 0.0, not
    -0.0 (which prints as "-0.0" in tables and JSON)."""
    score = hearts.score(hearts.deal(hearts.Rules(), seed=1))
    assert set(score.totals) == {0}
    assert [math.copysign(1.0, payoff) for payoff in score.payoffs] == [1.0] * 4
