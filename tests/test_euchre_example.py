"""Euchre (examples/euchre.py): the partnerships, the deck, the deal and the turned
card, the two rounds of making trumps, going alone, the bowers, the play and the score,
each test naming the rule (EU-n) of the module's docstring it checks, on hands built
from an explicit deck where a rule needs them; then every generic tool playing it (the
kit, the bots, simulate, records, positions, pictures, the command line)."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cardrules import games, positions, svg, testing
from cardrules.cards import Card, Suit, cards_of, parse_cards
from cardrules.cli import main
from cardrules.core import tricks
from cardrules.errors import IllegalMoveError
from cardrules.moves import LayAway, Play, TakePile
from cardrules.play import play_game
from cardrules.records import Record, record_of, replay
from cardrules.render import render_table, render_view
from cardrules.simulate import make_bot, simulate


@pytest.fixture
def euchre() -> Iterator[ModuleType]:
    """The example module, registered for the test and removed afterwards (so that
    the other tests see only the games of cardrules)."""
    module = importlib.import_module("examples.euchre")
    games.register(module, heuristic=module.EuchreBot)
    yield module
    games.unregister(module.NAME)
    del sys.modules["examples.euchre"]  # the next import registers it again


def _stacked(euchre: Any, hands: Sequence[str], turned: str, dealer: int = 0) -> list[Card]:
    """A deck that deals ``hands[seat]`` to each seat and turns ``turned`` when
    ``dealer`` deals (one card at a time from the dealer's left: EU-3)."""
    deck: list[Card | None] = [None] * 21
    for seat, hand in enumerate(hands):
        for k, card in enumerate(parse_cards(hand)):
            deck[4 * k + (seat - dealer - 1) % 4] = card
    deck[20] = Card(turned)
    rest = [card for card in euchre.DECK if card not in deck]
    return [card for card in deck if card is not None] + rest


#: Seat 1 holds the left bower of hearts and clubs; seat 2 one heart and four diamonds;
#: seat 3 the right bower and two more hearts; the king of hearts is turned.
HANDS = ("9S 10S QS KS AS", "JD 9C 10C QC KC", "9H AD KD QD 10D", "JH AH QH AC JC")


def _dealt(euchre: Any, rules: Any = None, turned: str = "KH") -> Any:
    deck = _stacked(euchre, HANDS, turned)
    return euchre.deal(rules or euchre.Rules(first_dealer=0), seed=0, deck=deck)


def _moves(euchre: Any, state: Any, *texts: str) -> Any:
    """``state`` after the moves ``texts``, read from their text."""
    for text in texts:
        state = euchre.apply(state, euchre.parse_move(state, text))
    return state


def _played_out(euchre: Any, state: Any, seed: int = 0) -> Any:
    """``state`` after random moves to the end of its deal."""
    rng, deal = random.Random(seed), state.match.deal_number
    while not euchre.is_over(state) and state.match.deal_number == deal:
        state = euchre.apply(state, rng.choice(euchre.legal_moves(state)))
    return state


def _hand(state: Any, seat: int) -> tuple[Card, ...]:
    return cards_of(state.hands[seat])


# --------------------------------------------------------------------------- the rules


def test_eu_1_partners_sit_opposite_and_score_together(euchre: Any) -> None:
    assert euchre.teams(euchre.Rules()) == ((0, 2), (1, 3))
    state = _played_out(euchre, _moves(euchre, _dealt(euchre), "order up", "take upcard"))
    points = state.match.rows[0].points
    assert points[0] == points[2] and points[1] == points[3] and max(points) > 0


def test_eu_2_twenty_four_cards_nine_to_ace(euchre: Any) -> None:
    deck = euchre.deck_of(euchre.Rules())
    assert len(deck) == len(set(deck)) == 24
    assert {card.rank for card in deck} == {9, 10, 11, 12, 13, 14}
    assert all(sum(card.suit is suit for card in deck) == 6 for suit in Suit)


def test_eu_3_five_cards_each_and_the_next_card_turned_for_all_to_see(euchre: Any) -> None:
    state = _dealt(euchre)
    for seat, hand in enumerate(HANDS):
        assert set(_hand(state, seat)) == set(parse_cards(hand))
    assert euchre.upcard(state) == Card("KH") and state.match.dealer == 0
    assert all(euchre.observe(state, seat).piles[0].cards == (Card("KH"),) for seat in range(4))
    assert euchre.observe(state, 2).undealt_count == 3


def test_eu_4_the_first_round_runs_from_the_dealers_left(euchre: Any) -> None:
    state = _dealt(euchre)
    seen = []
    for _ in range(4):
        seen.append(euchre.to_move(state))
        assert [str(m) for m in euchre.legal_moves(state)] == ["pass", "order up", "order up alone"]
        state = _moves(euchre, state, "pass")
    assert seen == [1, 2, 3, 0] and state.contract is None


def test_eu_4_an_order_up_ends_the_round_and_the_dealer_takes_the_card(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre), "pass", "order up")  # seat 2 orders up
    contract = state.contract
    assert (contract.declarer, contract.trump, contract.out) == (2, Suit.HEARTS, ())
    assert euchre.to_move(state) == 0 and euchre.legal_moves(state) == (TakePile("upcard"),)
    state = _moves(euchre, state, "take upcard")
    assert Card("KH") in _hand(state, 0) and len(_hand(state, 0)) == 6
    assert all(isinstance(m, LayAway) and len(m.cards) == 1 for m in euchre.legal_moves(state))
    state = _moves(euchre, state, "lay away 9S")
    assert Card("9S") not in _hand(state, 0) and len(_hand(state, 0)) == 5
    assert euchre.observe(state, 1).piles[0].cards == ()  # face down
    assert euchre.observe(state, 0).piles[0].cards == (Card("9S"),)
    assert euchre.to_move(state) == 1 and state.leader == 1  # EU-8


def test_eu_4_the_dealer_may_take_it_up_himself(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre), "pass", "pass", "pass", "order up")
    assert state.contract.declarer == 0 and euchre.legal_moves(state) == (TakePile("upcard"),)


def test_eu_5_the_second_round_names_another_suit_without_a_pick_up(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre), *["pass"] * 4)
    assert euchre.to_move(state) == 1
    named = [str(m) for m in euchre.legal_moves(state)]
    pairs = [[suit, f"{suit} alone"] for suit in ("clubs", "diamonds", "spades")]
    assert named == ["pass", *(call for pair in pairs for call in pair)]
    with pytest.raises(IllegalMoveError):
        euchre.apply(state, euchre.NAMES[Suit.HEARTS][0])  # the turned suit
    state = _moves(euchre, state, "pass", "diamonds")
    assert (state.contract.declarer, state.contract.trump) == (2, Suit.DIAMONDS)
    assert isinstance(euchre.legal_moves(state)[0], Play)  # no pick-up
    assert euchre.upcard(state) == Card("KH") and euchre.to_move(state) == 1


def test_eu_5_all_passing_twice_throws_the_deal_in_and_the_next_dealer_deals(
    euchre: Any,
) -> None:
    state = _moves(euchre, _dealt(euchre), *["pass"] * 8)
    assert state.match.deal_number == 1 and state.match.dealer == 1
    assert state.match.totals == (0, 0, 0, 0) and state.contract is None
    assert euchre.to_move(state) == 2


def test_eu_5_stick_the_dealer_makes_the_dealer_name_a_suit(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre, euchre.Rules(first_dealer=0, stick_the_dealer=True)))
    state = _moves(euchre, state, *["pass"] * 7)
    assert euchre.to_move(state) == 0
    assert euchre.PASS not in euchre.legal_moves(state) and len(euchre.legal_moves(state)) == 6
    with pytest.raises(IllegalMoveError):
        euchre.apply(state, euchre.PASS)
    state = _moves(euchre, state, "spades")
    assert (state.contract.declarer, state.contract.trump) == (0, Suit.SPADES)


def test_eu_6_alone_the_partner_sits_out_and_tricks_have_three_cards(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre), "order up alone", "take upcard", "lay away 9S")
    assert state.contract.out == (3,) and euchre.to_move(state) == 1
    rng = random.Random(0)
    while state.match.deal_number == 0:
        assert euchre.to_move(state) != 3
        before = len(_hand(state, 3))
        state = euchre.apply(state, rng.choice(euchre.legal_moves(state)))
        if state.match.deal_number == 0:
            assert len(_hand(state, 3)) == before == 5  # its cards stay out of play
    tricks_won = state.match.rows[0].extra("tricks")
    assert sum(tricks_won) == 5 and tricks_won[3] == 0


def test_eu_6_the_dealer_out_leaves_the_turned_card(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre), "pass", "order up alone")  # seat 2: dealer out
    assert state.contract.out == (0,)
    assert isinstance(euchre.legal_moves(state)[0], Play)
    assert euchre.upcard(state) == Card("KH") and Card("KH") not in _hand(state, 0)


def test_eu_7_the_bowers_head_the_trump_suit(euchre: Any) -> None:
    assert euchre.bowers(Suit.HEARTS) == (Card("JH"), Card("JD"))
    assert euchre.bowers(Suit.CLUBS) == (Card("JC"), Card("JS"))
    rules = euchre.card_rules(Suit.HEARTS)
    assert tricks.winner(rules, parse_cards("AH JD KH")) == 1  # left over ace
    assert tricks.winner(rules, parse_cards("JD JH")) == 1  # right over left
    assert tricks.winner(rules, parse_cards("AD 9H")) == 1  # any trump over a plain card
    assert tricks.winner(rules, parse_cards("9D JD")) == 1  # the left bower trumps diamonds
    assert tricks.winner(rules, parse_cards("JS AS")) == 1  # a plain jack ranks as printed
    assert tricks.led_suit(rules, [Card("JD")]) is Suit.HEARTS


def test_eu_7_the_left_bower_led_calls_for_trumps(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre), "order up", "take upcard", "lay away 9S", "play JD")
    assert euchre.to_move(state) == 2
    assert [m.card for m in euchre.legal_moves(state)] == [Card("9H")]  # not a diamond


def test_eu_7_a_diamond_lead_does_not_call_for_the_left_bower(euchre: Any) -> None:
    # Seat 3 deals; seat 1 holds the jack of diamonds and no other diamond.
    hands = ("9D 9S 10S QS KS", *HANDS[1:])
    deck = _stacked(euchre, hands, "KH", dealer=3)
    state = euchre.deal(euchre.Rules(first_dealer=3), seed=0, deck=deck)
    state = _moves(euchre, state, "order up", "take upcard", "lay away JC", "play 9D")
    assert euchre.to_move(state) == 1
    assert {m.card for m in euchre.legal_moves(state)} == set(parse_cards(HANDS[1]))


def test_eu_8_the_dealers_left_leads_or_the_next_seat_when_it_sits_out(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre), *["pass"] * 4, "pass", "pass", "clubs alone")
    assert state.contract.out == (1,) and state.leader == 2 and euchre.to_move(state) == 2
    state = _moves(euchre, _dealt(euchre), *["pass"] * 4, "clubs")
    assert state.leader == 1


@pytest.mark.parametrize(
    ("taken", "alone", "points"),
    [
        (3, False, (1, True)),
        (4, False, (1, True)),
        (5, False, (2, True)),
        (3, True, (1, True)),
        (4, True, (1, True)),
        (5, True, (4, True)),
        (2, False, (2, False)),
        (0, False, (2, False)),
        (2, True, (2, False)),
    ],
)
def test_eu_9_the_score_table(
    euchre: Any, taken: int, alone: bool, points: tuple[int, bool]
) -> None:
    assert euchre.deal_points(taken, alone) == points


@pytest.mark.parametrize("seed", range(4))
def test_eu_9_a_played_deal_scores_by_the_table(euchre: Any, seed: int) -> None:
    calls = ("order up alone",) if seed % 2 else ("pass", "order up")
    state = _moves(euchre, euchre.deal(euchre.Rules(first_dealer=0), seed=seed), *calls)
    maker, alone = state.contract.declarer, bool(state.contract.out)
    row = _played_out(euchre, state, seed).match.rows[0]
    taken = row.extra("tricks")[maker] + row.extra("tricks")[(maker + 2) % 4]
    points, makers = euchre.deal_points(taken, alone)
    scorer = maker % 2 if makers else 1 - maker % 2
    assert row.points == tuple(points if seat % 2 == scorer else 0 for seat in range(4))


def test_eu_10_the_first_side_to_ten_wins_and_the_deal_passes_left(euchre: Any) -> None:
    bots = [make_bot("heuristic", euchre), make_bot("random", euchre)] * 2
    final = play_game(euchre, euchre.Rules(first_dealer=0), bots, seed=2)
    score = euchre.score(final)
    assert score.outcome.reason == "target reached" and max(score.totals) >= 10
    assert max(score.totals[w] for w in score.outcome.winners) == max(score.totals)
    dealers = [e.seat for e in euchre.events(final) if e.kind == "deal"]
    assert dealers == [n % 4 for n in range(len(dealers))]


def test_eu_10_a_game_to_five(euchre: Any) -> None:
    bots = [make_bot("heuristic", euchre)] * 4
    final = play_game(euchre, euchre.Rules(target=5), bots, seed=1)
    assert 5 <= max(euchre.score(final).totals) < 10


# --------------------------------------------------------------------------- the bot


def test_the_heuristic_orders_up_strength_and_passes_weakness(euchre: Any) -> None:
    bot, rng = euchre.EuchreBot(), random.Random(0)
    state = _dealt(euchre)  # seat 1: the left bower only; seat 3: AH QH 10H AC JC
    assert bot.choose(euchre.observe(state, 1), euchre.legal_moves(state), rng) == euchre.PASS
    state = _moves(euchre, state, "pass", "pass")
    assert bot.choose(euchre.observe(state, 3), euchre.legal_moves(state), rng) == euchre.ORDER_UP


def test_the_heuristic_lays_away_its_weakest_card(euchre: Any) -> None:
    bot, rng = euchre.EuchreBot(), random.Random(0)
    state = _moves(euchre, _dealt(euchre), "order up", "take upcard")
    move = bot.choose(euchre.observe(state, 0), euchre.legal_moves(state), rng)
    assert move == LayAway((Card("9S"),))


# --------------------------------------------------------------------------- the tools


def test_the_kit_passes(euchre: Any) -> None:
    report = testing.check_game(euchre, games=2)
    assert report.presets == ("default", "stick_the_dealer") and report.moves > 100
    assert report.solver_worlds == 2 * 3


@pytest.mark.parametrize("spec", ["ismcts:8", "ismcts:8:heuristic", "pimc:2"])
def test_the_search_bots_call_and_play(euchre: Any, spec: str) -> None:
    state, rng = euchre.deal(euchre.Rules(), seed=5), random.Random(1)
    bots = [make_bot(spec, euchre), make_bot("heuristic", euchre)] * 2
    while state.match.deal_number < 1:
        seat = euchre.to_move(state)
        move = bots[seat].choose(euchre.observe(state, seat), euchre.legal_moves(state), rng)
        state = euchre.apply(state, move)
    assert len(euchre.score(state).deals) == 1


def test_simulate_plays_with_the_random_ismcts_and_pimc_bots_with_inference_too(
    euchre: Any,
) -> None:
    lineup = ["random", "ismcts:8", "pimc:1", "pimc:1:infer"]
    results = simulate(euchre, lineup, games=2, seed=3, workers=1, rules=euchre.Rules(target=2))
    assert results.games_played == 2
    assert all(game.reason == "target reached" for game in results.results)


def test_simulate_records_and_the_command_line(
    euchre: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = simulate(euchre, ["heuristic", "random"] * 2, games=2, seed=2, workers=1)
    assert results.game == "euchre" and results.games_played == 2
    state = _moves(euchre, _dealt(euchre), "pass", "order up", "take upcard")
    assert euchre.state_from_dict(euchre.state_to_dict(state)) == state
    for move in euchre.legal_moves(state):
        assert euchre.move_from_index(euchre.move_index(move)) == move
    for call in euchre.GAME.numbering.calls:
        assert euchre.move_from_index(euchre.move_index(call)) == call
    final = _played_out(euchre, state)
    path = tmp_path / "euchre.json"
    path.write_text(record_of(final).to_json(), encoding="utf-8")
    assert replay(Record.from_json(path.read_text(encoding="utf-8"))) == final
    assert main(["rules", "euchre"]) == 0
    assert "stick_the_dealer" in capsys.readouterr().out
    argv = ["simulate", "euchre", "--games", "2", "--workers", "1", "--csv", "--quiet"]
    assert main(argv) == 0


@pytest.mark.parametrize(
    "calls",
    [
        (),
        ("pass", "order up", "take upcard"),  # the lay-away is due
        ("order up alone", "take upcard", "lay away 9S", "play JD"),
        ("pass", "pass", "order up alone"),  # the dealer's left sits out; the pick-up is due
        ("pass",) * 5 + ("clubs alone",),
    ],
)
def test_positions_set_up_the_same_state(euchre: Any, calls: tuple[str, ...]) -> None:
    state = _moves(euchre, _dealt(euchre), *calls)
    position = euchre.position(state)
    again = euchre.setup(state.rules, position, seed=1)
    assert euchre.to_move(again) == euchre.to_move(state)
    assert euchre.legal_moves(again) == euchre.legal_moves(state)
    assert euchre.position(again) == position
    for seat in range(4):
        seen = euchre.position(euchre.observe(state, seat))
        assert euchre.position(euchre.observe(again, seat)) == seen
    text = positions.position_text(euchre, state)
    assert positions.read_position(text) == (euchre, state.rules, position)
    for move in euchre.legal_moves(state):  # the set-up state plays on
        after = euchre.position(euchre.apply(again, move))
        assert after == euchre.position(euchre.apply(state, move))


def test_pictures_show_the_turned_card_the_contract_and_the_seat_out(euchre: Any) -> None:
    state = _moves(euchre, _dealt(euchre), "pass", "order up alone", "play 10C")
    view = euchre.observe(state, 3)
    text = render_view(view)
    assert "contract: seat 2 declares: trumps hearts, seat 0 out" in text
    table = render_table(euchre, view)
    assert "turned card: KH" in table and "calls: 1:pass 2:order up alone" in table
    assert "trick: seat 1: 10C" in table
    assert svg.draw(euchre, state, seat=3).startswith("<svg")
    state = _moves(euchre, _dealt(euchre), "pass", "order up", "take upcard", "lay away 9S")
    table = render_table(euchre, euchre.observe(state, 1))
    assert "turned card: KH, taken up by seat 0" in table
