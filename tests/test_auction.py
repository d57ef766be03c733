"""The trick engine's auction and contract, each mechanism on its own, on a small
contract game of the tests (tests/auction_game.py): who calls next, when the auction
ends, all passing (a throw-in or a forced contract), two auction rounds, doubles, the
contract's trumps and leader, the dummy, and every generic tool (JSON, positions,
views, sampling, move numbers, the conformance kit)."""

from __future__ import annotations

import dataclasses
import random
import types
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import games, positions
from cardrules.cards import Suit
from cardrules.core import trickgame
from cardrules.core.trickgame import auctions
from cardrules.core.trickgame.contract import contract_from_list, contract_to_list
from cardrules.errors import CardrulesError, IllegalMoveError, RulesError
from cardrules.moves import Call, Play
from cardrules.testing import check_game
from tests import auction_game as game
from tests.auction_game import DOUBLE, HOLD, PASS, RAISE, REDOUBLE, STAND, TAKE, YES, Rules

ONE_C, ONE_H, TWO_S, ONE_NT = (Call(w) for w in ("1C", "1H", "2S", "1NT"))


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    games.register(game)
    yield
    games.unregister(game.NAME)


def _calls(state: Any, *words: str) -> Any:
    """The state after these calls, each read from its words."""
    for text in words:
        state = trickgame.apply(state, trickgame.parse_move(state, text))
    return state


def _dealt(**options: Any) -> Any:
    return game.deal(Rules(first_dealer=0, **options), seed=7)


def test_the_kit_passes_the_auction_game() -> None:
    report = check_game(game, games=4)
    assert report.games == 20


def test_rotation_asks_every_seat_from_the_dealers_left() -> None:
    state = _dealt()
    assert game.to_move(state) == 1
    state = _calls(state, "pass", "1C", "pass")
    assert game.to_move(state) == 0  # seat 1 passed, yet is asked again in rotation
    state = _calls(state, "pass")
    assert game.to_move(state) == 1


def test_rotation_skipping_passed_seats() -> None:
    state = _dealt(order="skip")
    state = _calls(state, "pass", "1C", "1H", "2S")
    assert game.to_move(state) == 2  # seat 1 passed: after seat 0 comes seat 2
    state = _calls(state, "pass", "pass")
    # Seats 1 and 3 passed, seat 0's 2S stands alone: the auction is over.
    assert state.phase is game.Phase.PLAYING
    assert state.contract is not None and state.contract.declarer == 0


def test_the_auction_ends_after_three_passes_following_a_bid() -> None:
    state = _calls(_dealt(), "1H", "pass", "pass")
    assert state.phase is game.Phase.AUCTION
    state = _calls(state, "pass")
    assert state.phase is game.Phase.PLAYING
    contract = state.contract
    assert contract is not None
    assert (contract.declarer, contract.trump, contract.term("level")) == (1, Suit.HEARTS, 1)
    assert state.trick_rules.trump is Suit.HEARTS  # the contract's trick rules


def test_the_contract_names_the_first_leader() -> None:
    state = _calls(_dealt(), "pass", "1C", "pass", "pass", "pass")
    assert state.contract is not None and state.contract.leader == 3
    assert state.leader == 3 and game.to_move(state) == 3


def test_the_first_acceptance_ends_a_round() -> None:
    state = _dealt(preround=True)
    assert state.phase is game.Phase.PREROUND
    state = _calls(state, "hold", "take")
    assert state.calls[0] == ((1, HOLD), (2, TAKE))
    assert state.phase is game.Phase.PLAYING  # the bidding round is skipped
    assert state.contract is not None and state.contract.declarer == 2
    assert state.contract.trump is Suit.HEARTS


def test_two_auction_rounds_follow_each_other_when_all_pass() -> None:
    state = _calls(_dealt(preround=True), "hold", "hold", "hold", "hold")
    assert state.phase is game.Phase.AUCTION
    assert game.legal_moves(state)[0] == PASS
    state = _calls(state, "1NT", "pass", "pass", "pass")
    assert state.contract is not None and state.contract.trump is None
    assert state.calls[0] == ((1, HOLD), (2, HOLD), (3, HOLD), (0, HOLD))


def test_one_call_per_seat_and_the_last_bid_stands() -> None:
    state = _calls(_dealt(order="once"), "1C", "pass", "1H")
    assert game.to_move(state) == 0
    assert ONE_C not in game.legal_moves(state)  # only higher bids
    state = _calls(state, "pass")
    assert state.contract is not None and state.contract.declarer == 3
    assert state.contract.trump is Suit.HEARTS


def test_a_round_of_one_seat_after_the_contract() -> None:
    state = _calls(_dealt(stakes=True), "pass", "2S", "pass", "pass", "pass")
    assert state.phase is game.Phase.STAKES
    assert game.to_move(state) == 2  # the declarer alone
    assert game.legal_moves(state) == (STAND, RAISE)
    raised = _calls(state, "raise")
    assert raised.phase is game.Phase.PLAYING and raised.leader == 3
    assert raised.contract is not None and raised.contract.term("doubled") == 1
    assert raised.calls[2] == ((2, RAISE),)
    stood = _calls(state, "stand")
    assert stood.contract == state.contract
    assert game.state_from_dict(game.state_to_dict(state)) == state
    assert game.position(game.setup(state.rules, game.position(state))) == game.position(state)


def test_all_pass_throws_the_deal_in_and_the_next_dealer_deals() -> None:
    state = _dealt()
    thrown = _calls(state, "pass", "pass", "pass", "pass")
    assert thrown.match.deal_number == 1
    assert thrown.match.dealer == 1
    assert thrown.match.totals == (0, 0, 0, 0)
    assert thrown.match.rows[0].points == (0, 0, 0, 0)
    assert thrown.phase is game.Phase.AUCTION and thrown.calls == ((), (), ())
    assert any(event.kind == "throw in" for event in game.events(thrown))


def test_throw_in_is_public_and_refuses_what_is_no_state() -> None:
    after = trickgame.throw_in(_dealt(), None)
    assert after.match.deal_number == 1
    with pytest.raises(TypeError):
        trickgame.throw_in("a state")


def test_all_pass_forces_the_dealers_contract() -> None:
    state = _calls(_dealt(all_pass="forced"), "pass", "pass", "pass", "pass")
    assert state.phase is game.Phase.PLAYING
    contract = state.contract
    assert contract is not None
    assert (contract.declarer, contract.trump, contract.term("level")) == (0, None, 1)


def test_double_and_redouble_only_against_the_other_side() -> None:
    state = _calls(_dealt(), "1C")  # seat 1 bids
    assert DOUBLE in game.legal_moves(state)  # seat 2, the other side
    assert REDOUBLE not in game.legal_moves(state)
    state = _calls(state, "pass")  # seat 2
    assert DOUBLE not in game.legal_moves(state)  # seat 3, the bidder's partner
    with pytest.raises(IllegalMoveError, match="may not call double"):
        game.apply(state, DOUBLE)
    state = _calls(state, "pass", "double")  # seat 0 doubles
    assert REDOUBLE in game.legal_moves(state)  # seat 1, the bidder
    assert DOUBLE not in game.legal_moves(state)
    state = _calls(state, "redouble", "pass", "pass", "pass")
    assert state.contract is not None and state.contract.term("doubled") == 2


def test_the_dummy_is_played_by_the_declarer() -> None:
    state = _calls(_dealt(dummy=True), "1H", "pass", "pass", "pass")
    contract = state.contract
    assert contract is not None and (contract.declarer, contract.dummy) == (1, 3)
    assert game.to_move(state) == 2  # the declarer's left leads
    before = game.observe(state, 0)
    assert before.dummy_hand == ()  # not before the opening lead
    state = game.apply(state, game.legal_moves(state)[0])
    assert game.to_move(state) == 1  # the dummy's turn: the declarer moves
    hand = game.zones(state)["hand 3"]
    assert {move.card for move in game.legal_moves(state) if isinstance(move, Play)} <= set(hand)
    for seat in range(4):
        assert game.observe(state, seat).dummy_hand == hand
    view = game.observe(state, 1)
    assert view.legal_moves == game.legal_moves(state)
    assert game.observe(state, 3).legal_moves == ()
    with pytest.raises(IllegalMoveError, match="not in seat 3's hand"):
        game.apply(state, Play(game.zones(state)["hand 1"][0]))


def test_sampling_keeps_the_dummys_hand() -> None:
    state = _calls(_dealt(dummy=True), "1H", "pass", "pass", "pass")
    state = game.apply(state, game.legal_moves(state)[0])
    hand = game.zones(state)["hand 3"]
    rng = random.Random(3)
    for seat in (0, 2):
        view = game.observe(state, seat)
        for _ in range(10):
            world = game.sample(view, rng)
            assert game.zones(world)["hand 3"] == hand
            assert world.contract == state.contract


def test_sampling_keeps_the_dummys_hand_with_revokes_legal() -> None:
    rules = game.RevokeRules(first_dealer=0, dummy=True)
    state = _calls(trickgame.new_game(rules, seed=7), "1H", "pass", "pass", "pass")
    state = trickgame.apply(state, trickgame.legal_moves(state)[0])
    hand = trickgame.zones(state)["hand 3"]
    rng = random.Random(3)
    for seat in (0, 1, 2):
        view = trickgame.observe(state, seat)
        assert view.dummy_hand == hand
        for _ in range(10):
            world = trickgame.sample(view, rng)
            assert trickgame.zones(world)["hand 3"] == hand
            assert world.contract == state.contract


def test_views_show_the_calls_and_the_contract() -> None:
    state = _calls(_dealt(), "1C", "pass")
    view = game.observe(state, 3)
    assert view.calls == ((), ((1, ONE_C), (2, PASS)), ())
    assert view.contract is None
    events = [event for event in game.events(state) if event.kind == "call"]
    assert [event.text for event in events] == ["seat 1 calls 1C", "seat 2 calls pass"]
    assert game.sample(view, random.Random(1)).calls == state.calls


def test_calls_have_move_numbers_and_are_read_from_their_words() -> None:
    state = _dealt()
    assert game.parse_move(state, "1nt") == ONE_NT
    numbers = [game.move_index(move) for move in game.legal_moves(state)]
    assert [game.move_from_index(n) for n in numbers] == list(game.legal_moves(state))
    numbering = game.GAME.numbering
    # The calls are numbered after every other move, in the order of the rounds.
    assert numbering.calls[:3] == (HOLD, TAKE, PASS)
    assert game.move_index(PASS) == numbering.call_base + 2 == min(numbers)
    assert numbering.call_base + len(numbering.calls) == game.NUM_MOVES
    with pytest.raises(IllegalMoveError, match="has no number"):
        game.move_index(Call("7NT"))


def test_json_round_trip_mid_auction_and_mid_play() -> None:
    state = _calls(_dealt(dummy=True, preround=True), "hold", "hold", "hold", "hold", "1C")
    assert game.state_from_dict(game.state_to_dict(state)) == state
    state = _calls(state, "double", "redouble", "pass", "pass", "pass")
    state = game.apply(state, game.legal_moves(state)[0])
    data = game.state_to_dict(state)
    assert data["contract"][:2] == ["clubs", 1]
    assert game.state_from_dict(data) == state


def test_positions_mid_auction_and_mid_play_set_up_the_same_state() -> None:
    rules = Rules(first_dealer=0, dummy=True)
    state = _calls(game.deal(rules, seed=7), "1C", "pass")
    spot = game.position(state)
    assert spot["calls"] == [[1, "1C"], [2, "pass"]] and spot["contract"] is None
    again = game.setup(rules, spot)
    assert game.position(again) == spot
    text = positions.position_text(game.NAME, state)
    assert positions.split_position_text(text)[1] == spot
    assert game.position(positions.setup_text(text)) == spot
    state = _calls(state, "pass", "pass")
    state = game.apply(state, game.legal_moves(state)[0])
    assert game.position(game.setup(rules, game.position(state))) == game.position(state)
    view_spot = game.position(game.observe(state, 0))
    assert view_spot["hands"][3] == game.position(state)["hands"][3]  # the dummy, face up


def test_the_contract_term_and_its_plain_form() -> None:
    contract = trickgame.Contract(trump=Suit.SPADES, declarer=1, terms=(("level", 2),))
    assert contract.term("level") == 2
    with pytest.raises(RulesError, match="its terms are level"):
        contract.term("doubled")
    assert contract_from_list(contract_to_list(contract)) == contract
    with pytest.raises(RulesError, match="seven entries"):
        contract_from_list(["spades"])


def test_a_game_without_an_auction_has_its_fixed_contract() -> None:
    from cardrules.games import oh_hell

    state = oh_hell.deal(oh_hell.Rules(), seed=1)
    assert state.contract == trickgame.Contract(trump=state.trick_rules.trump)
    assert "contract" not in oh_hell.state_to_dict(state)


def test_an_auction_key_may_not_be_another_fields_name() -> None:
    auction = game.GAME.rounds[1]
    assert isinstance(auction, trickgame.Auction)
    bad = dataclasses.replace(auction, key="contract")
    fields = {f.name: getattr(game.GAME, f.name) for f in dataclasses.fields(game.GAME) if f.init}
    with pytest.raises(RulesError, match="cannot be keyed 'contract'"):
        trickgame.TrickGame(**(fields | {"rounds": (bad,)}))
    assert vars(Rules)["trick_game"] is game.GAME  # the refused description took nothing over


def test_the_first_of_the_side_to_name_the_strain_declares() -> None:
    state = _calls(_dealt(), "1H", "pass", "2H", "pass")  # seats 1 and 3 name hearts
    calls = state.calls[1]
    hearts = lambda call: call.words.endswith("H")  # noqa: E731
    assert auctions.first_of_side(state, calls, 3, hearts) == 1
    assert auctions.first_of_side(state, calls, 2, hearts) == 2  # none of its side did


def test_bidding_two_at_a_time() -> None:
    state = _dealt(order="pairs")
    assert game.to_move(state) == 2  # the dealer's second left bids to his left
    assert YES not in game.legal_moves(state)
    state = _calls(state, "1C")
    assert game.to_move(state) == 1 and game.legal_moves(state) == (PASS, YES)
    state = _calls(state, "yes", "1D", "pass")  # seat 1 drops out
    assert game.to_move(state) == 3  # the next seat bids to the survivor, seat 2
    state = _calls(state, "1H", "yes")
    assert game.to_move(state) == 3
    state = _calls(state, "pass", "pass")  # seat 3 drops out; the dealer passes
    contract = state.contract
    assert contract is not None and contract.declarer == 2  # who held 1H declares
    assert contract.trump is Suit.HEARTS


def test_bidding_two_at_a_time_when_nobody_bids() -> None:
    state = _calls(_dealt(order="pairs"), "pass", "pass", "pass")
    assert game.to_move(state) == 1  # the senior survivor may still open
    assert YES not in game.legal_moves(state)
    opened = _calls(state, "1S")
    assert opened.contract is not None and opened.contract.declarer == 1
    thrown = _calls(state, "pass")
    assert thrown.match.deal_number == 1


def test_a_state_with_a_bad_call_or_contract_is_refused() -> None:
    state = _calls(_dealt(), "1C", "pass", "pass", "pass")
    data = game.state_to_dict(state)
    with pytest.raises(CardrulesError, match="contract"):
        game.state_from_dict(data | {"contract": ["clubs", 9, None, [], None, 2, []]})
    with pytest.raises(CardrulesError, match="contract"):
        game.state_from_dict(data | {"contract": "1C"})
    with pytest.raises(CardrulesError, match="'7NT' is no call of the round"):
        game.state_from_dict(data | {"calls": [[1, "7NT"]]})


def test_bad_calls_and_auctions_are_refused() -> None:
    with pytest.raises(IllegalMoveError, match="the words are the call's own text"):
        Call(" 1NT")
    with pytest.raises(IllegalMoveError, match="kind must be one of"):
        Call("1NT", "trump")
    with pytest.raises(RulesError, match="one or more different Calls"):
        trickgame.Auction(
            calls=(PASS, PASS),
            allowed=lambda state, calls, seat: (),
            next_caller=lambda state, calls: None,
            contract=lambda state, calls: None,
        )
    with pytest.raises(IllegalMoveError, match="must call now"):
        game.apply(_dealt(), Play(game.zones(_dealt())["hand 1"][0]))


def test_an_upcard_before_the_auction_and_the_contracts_trumps_after_it() -> None:
    rules = game.UpcardRules(first_dealer=0, preround=True)
    state = trickgame.new_game(rules, seed=7)
    assert state.trump_card is not None and state.contract is None
    upcard = state.trump_card.suit
    other = next(suit for suit in (Suit.CLUBS, Suit.SPADES) if suit is not upcard)
    words = "1C" if other is Suit.CLUBS else "1S"
    state = _calls(state, "hold", "hold", "hold", "hold", words, "pass", "pass", "pass")
    assert state.contract is not None and state.contract.trump is other
    assert state.trick_rules.trump is other and state.trump_card.suit is upcard
    data = trickgame.state_to_dict(state)
    assert game.UPCARD_GAME.state_from_dict(data) == state
    spot = trickgame.position(state)
    assert trickgame.position(trickgame.setup(rules, spot)) == spot
    view = trickgame.observe(state, 2)
    assert trickgame.sample(view, random.Random(2)).trick_rules == state.trick_rules


def test_the_kit_passes_the_game_with_an_upcard() -> None:
    module = types.ModuleType("auction_tricks_upcard")
    namespace: dict[str, Any] = module.__dict__
    namespace.update(
        NAME="auction_tricks_upcard",
        version="1",
        Rules=game.UpcardRules,
        PRESETS={
            "default": game.UpcardRules(),
            "rounds": game.UpcardRules(preround=True, dummy=True, stakes=True),
        },
        describe=game.describe,
        explain_move=game.explain_move,
    )
    trickgame.install(game.UPCARD_GAME, namespace)
    games.register(module)
    try:
        assert check_game(module, games=3).games == 6
    finally:
        games.unregister("auction_tricks_upcard")


def test_an_order_from_the_dealer_asks_the_dealer_first() -> None:
    """``auctions.from_dealer`` (bridge: the dealer makes the first call), then each seat
    clockwise; ``in_rotation`` starts at the dealer's left."""
    from cardrules.core.trickgame import auctions
    from cardrules.moves import Call

    state = _dealt()
    dealer = state.match.dealer
    assert auctions.from_dealer(state, ()) == dealer
    assert auctions.in_rotation(state, ()) == (dealer + 1) % 4
    calls = ((dealer, Call("pass", "pass")),)
    assert auctions.from_dealer(state, calls) == (dealer + 1) % 4
