"""Standard Mau Mau (the game Strafpoint builds on): one test per rule, on hand-built positions.

Each test names the rule it checks by its id on docs/games/mau_mau_standard.rst, where
the rule's sources and, for a point they leave open, the decision taken are given.
"""

from __future__ import annotations

import random
from typing import Any, Final

import pytest

from cardrules.cards import DECK32, DECK52, Card, Suit, cards_of, mask_of, parse_cards
from cardrules.core.options import parse_rules_text
from cardrules.errors import IllegalMoveError, RecordError, RulesError
from cardrules.game import CHANCE
from cardrules.games import mau_mau_standard
from cardrules.games.mau_mau_standard import Phase, Rules, State
from cardrules.moves import DRAW, END_TURN, ChooseDealer, DealCard, Play
from cardrules.records import state_from_json, state_to_json

#: Seat 3 deals, so seat 0 plays first and card i of a deck order goes to seat i % 4.
BASE = Rules(first_dealer=3)


def stacked(
    hands: list[str], starter: str, top: str = "", deck: tuple[Card, ...] = DECK52
) -> list[Card]:
    """A deck dealt by the last seat: card i to seat i % players; the starter; ``top``."""
    parsed = [parse_cards(h) for h in hands]
    order = [hand[k] for k in range(len(parsed[0])) for hand in parsed]
    order += [Card(starter), *parse_cards(top)]
    return order + [c for c in deck if c not in order]


def dealt(hands: list[str], starter: str, top: str = "", **options: Any) -> State:
    size = len(parse_cards(hands[0]))
    rules = Rules(first_dealer=len(hands) - 1, players=len(hands), hand_size=size, **options)
    deck = DECK32 if rules.deck32 else DECK52
    return mau_mau_standard.deal(rules, seed=0, deck=stacked(hands, starter, top, deck))


def position(
    hands: list[str],
    upcard: str,
    *,
    stock: str | None = None,
    turn: int = 0,
    **options: Any,
) -> State:
    """``hands[s]`` for seat s, ``turn`` to move; ``stock`` top first (or every other
    card); the cards placed nowhere form the discard pile."""
    rules = Rules(first_dealer=len(hands) - 1, players=len(hands), **options)
    state = mau_mau_standard.deal(rules, seed=0)
    deck = mau_mau_standard.deck_of(rules)
    masks = tuple(mask_of(parse_cards(h)) for h in hands)
    placed = Card(upcard).bit
    for m in masks:
        placed |= m
    if stock is None:
        stock_cards = tuple(c for c in deck if not c.bit & placed)
    else:
        stock_cards = parse_cards(stock)
    pile = mask_of(c for c in deck if not c.bit & (placed | mask_of(stock_cards)))
    # No move history leads to a hand-built position (a loaded state with a history
    # must be what that history gives).
    return state._replace(
        history=None,
        hands=masks,
        upcard=Card(upcard),
        stock=stock_cards,
        pile=pile,
        turn=turn,
        called=None,
        free=False,
        pending=0,
        direction=1,
    )


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = mau_mau_standard.apply(state, mau_mau_standard.parse_move(state, text))
    return state


def texts(state: State) -> list[str]:
    return [str(m) for m in mau_mau_standard.legal_moves(state)]


def size(state: State, seat: int) -> int:
    return state.hands[seat].bit_count()


def hand(state: State, seat: int) -> tuple[Card, ...]:
    return cards_of(state.hands[seat])


def cs(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def said(state: State) -> list[str]:
    return [str(e) for e in mau_mau_standard.events(state)]


# --------------------------------------------------------------------------- options


def test_default_options_are_the_documented_ones() -> None:
    rules = Rules()
    assert (rules.players, rules.hand_size, rules.deck32) == (4, 5, False)
    assert (rules.nine_reverses, rules.ace_skips, rules.ace_skips_replaces_eight) == (
        False,
        False,
        None,
    )
    assert (rules.mau_penalty, rules.mau_penalty_cards, rules.stack_sevens) == (True, 2, True)
    assert (rules.jack_on_jack, rules.voluntary_draw) == (False, True)
    assert (rules.starter_effects, rules.last_card_effects) == (False, True)
    assert str(rules) == "mau_mau_standard()"


def test_two_to_five_players() -> None:
    """Rule MMS-1.1."""
    for players in (2, 5):
        assert Rules(players=players).players == players
    for players in (1, 6):
        with pytest.raises(RulesError, match=rf"players={players} is out of range: allowed 2\.\.5"):
            Rules(players=players)


def test_hand_size_is_at_most_the_deck_less_the_starter_shared_out() -> None:
    """Rule MMS-1.3."""
    assert Rules(players=5, hand_size=10).hand_size == 10  # 51 // 5
    with pytest.raises(RulesError, match=r"hand_size=11 is out of range: allowed 1\.\.10"):
        Rules(players=5, hand_size=11)
    with pytest.raises(RulesError, match=r"hand_size=7 is out of range: allowed 1\.\.6"):
        Rules(players=5, deck32=True, hand_size=7)  # 31 // 5


def test_ace_skips_replaces_eight_applies_only_with_ace_skips() -> None:
    """Rule MMS-3.4."""
    assert Rules(ace_skips=True).ace_skips_replaces_eight is False
    with pytest.raises(RulesError, match="ace_skips_replaces_eight=true does not apply"):
        Rules(ace_skips_replaces_eight=True)


def test_mau_penalty_cards_apply_only_with_the_mau_penalty() -> None:
    """Rule MMS-4.1."""
    assert Rules(mau_penalty=False).mau_penalty_cards is None
    assert Rules(mau_penalty_cards=1).mau_penalty_cards == 1
    with pytest.raises(RulesError, match="mau_penalty_cards=2 does not apply"):
        Rules(mau_penalty=False, mau_penalty_cards=2)
    with pytest.raises(RulesError, match="mau_penalty_cards=0 is out of range"):
        Rules(mau_penalty_cards=0)


def test_rules_text_form_parses_back() -> None:
    rules = Rules(players=5, deck32=True, nine_reverses=True, ace_skips=True, mau_penalty=False)
    assert str(rules) == (
        "mau_mau_standard(players=5,deck32=true,nine_reverses=true,ace_skips=true,"
        "mau_penalty=false)"
    )
    name, options = parse_rules_text(str(rules))
    assert name == "mau_mau_standard" and Rules(**options) == rules  # type: ignore[arg-type]


def test_every_site_option_combines_with_every_other() -> None:
    site = ("deck32", "nine_reverses", "ace_skips")
    for mask in range(16):
        chosen: dict[str, Any] = {name: bool(mask >> i & 1) for i, name in enumerate(site)}
        rules = Rules(players=5, mau_penalty=not mask & 8, **chosen)
        state = mau_mau_standard.deal(rules, seed=mask)
        rng = random.Random(mask)
        for _ in range(200):
            if mau_mau_standard.is_over(state):
                break
            state = mau_mau_standard.apply(state, rng.choice(mau_mau_standard.legal_moves(state)))


# --------------------------------------------------------------------------- the deal


def test_fifty_two_cards_five_each_dealt_one_at_a_time_from_the_dealers_left() -> None:
    """Rule MMS-1.2, MMS-1.3, MMS-1.4."""
    order = stacked(["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H", "2S 3S 4S 5S 6S"], "9H")
    state = mau_mau_standard.deal(BASE, seed=0, deck=order)
    assert order[:4] == list(parse_cards("2C 2D 2H 2S"))
    assert hand(state, 0) == cs("2C 3C 4C 5C 6C") and hand(state, 3) == cs("2S 3S 4S 5S 6S")
    assert state.upcard == Card("9H") and len(state.stock) == 52 - 21
    assert mau_mau_standard.to_move(state) == 0  # the player left of the dealer starts


def test_the_32_card_deck_keeps_seven_to_ace() -> None:
    """Rule MMS-1.2."""
    rules = Rules(deck32=True, players=5)
    assert mau_mau_standard.deck_of(rules) == DECK32
    assert min(c.rank for c in DECK32) == 7 and len(DECK32) == 32
    state = mau_mau_standard.deal(rules, seed=1)
    assert len(state.stock) == 32 - 26


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    """Rule MMS-1.4."""
    dealers = {mau_mau_standard.deal(Rules(), seed=seed).match.dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}


def test_explicit_chance_deals_each_card_as_a_chance_step() -> None:
    state = mau_mau_standard.deal(Rules(), seed=5, chance="explicit")
    assert mau_mau_standard.to_move(state) is CHANCE
    outcomes = mau_mau_standard.chance_outcomes(state)
    assert [m for m, _ in outcomes] == [ChooseDealer(s) for s in range(4)]
    state = mau_mau_standard.apply(state, ChooseDealer(3))
    for card in parse_cards("2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 9H"):
        assert len(mau_mau_standard.chance_outcomes(state)) == 52 - state.dealt
        state = mau_mau_standard.apply(state, DealCard(card))
    assert mau_mau_standard.to_move(state) == 0 and hand(state, 0) == cs("2C 3C 4C 5C 6C")


# --------------------------------------------------------------------------- matching


def test_a_card_must_match_the_upcard_in_suit_or_rank() -> None:
    """Rule MMS-2.1."""
    state = position(["5D 2D 9H 5S QC", "2C", "3C", "4C"], "5H", stock="KS")
    assert texts(state) == ["play 5D", "play 9H", "play 5S", "draw"]
    with pytest.raises(IllegalMoveError, match="QC cannot be played now: match the upcard 5H"):
        play(state, "play QC")


def test_turns_go_clockwise() -> None:
    """Rule MMS-2.1."""
    state = position(["5H 2C 3C", "6H 2D 3D", "7H 2S 3S", "8S 4S 5S"], "4H")
    state = play(state, "play 5H", "play 6H")
    assert mau_mau_standard.to_move(state) == 2


# --------------------------------------------------------------------------- sevens


def test_a_seven_makes_the_next_player_draw_two_and_ends_his_turn() -> None:
    """Rule MMS-3.1."""
    state = position(["7H 2C 3C", "6D 2D 3D", "9S 4S 5S", "8S 10S QS"], "4H")
    state = play(state, "play 7H")
    assert size(state, 1) == 5 and mau_mau_standard.to_move(state) == 2
    assert "seat 1 must draw 2 cards" in said(state)


def test_sevens_stack_the_next_player_owes_four() -> None:
    """Rule MMS-3.1."""
    state = position(["7H 2C 3C", "7D 2D 3D", "9S 4S 5S", "8S 10S QS"], "4H")
    state = play(state, "play 7H")
    assert mau_mau_standard.to_move(state) == 1 and state.pending == 2
    assert texts(state) == ["play 7D", "draw"]  # while a draw is pending: a 7 or draw
    state = play(state, "play 7D")
    assert size(state, 2) == 3 + 4 and mau_mau_standard.to_move(state) == 3


def test_a_player_owing_cards_may_draw_them_instead_of_answering() -> None:
    """Rule MMS-3.1."""
    state = position(["7H 2C 3C", "7D 2D 3D", "9S 4S 5S", "8S 10S QS"], "4H")
    state = play(state, "play 7H", "draw")
    assert size(state, 1) == 5 and mau_mau_standard.to_move(state) == 2


def test_without_stacking_a_seven_cannot_be_answered() -> None:
    """Rule MMS-3.1."""
    state = position(["7H 2C 3C", "7D 2D 3D", "9S 4S 5S"], "4H", stack_sevens=False)
    state = play(state, "play 7H")
    assert size(state, 1) == 5 and mau_mau_standard.to_move(state) == 2


def test_a_jack_is_not_playable_on_a_pending_seven() -> None:
    """Rule MMS-3.1, MMS-3.5."""
    state = position(["7H 2C 3C", "JD 7D 3D", "9S 4S 5S"], "4H")
    state = play(state, "play 7H")
    assert texts(state) == ["play 7D", "draw"]


# --------------------------------------------------------------------------- skips and reverses


def test_an_eight_skips_the_next_player() -> None:
    """Rule MMS-3.2."""
    state = position(["8H 2C 3C", "6H 2D 3D", "9H 4S 5S", "10H QS KS"], "4H")
    state = play(state, "play 8H")
    assert mau_mau_standard.to_move(state) == 2


def test_nine_and_ace_are_not_special_by_default() -> None:
    """Rule MMS-3.3, MMS-3.4."""
    state = play(position(["9H 2C 3C", "6H 2D 3D", "9S 4S 5S"], "4H"), "play 9H")
    assert mau_mau_standard.to_move(state) == 1 and state.direction == 1
    state = play(position(["AH 2C 3C", "6H 2D 3D", "9S 4S 5S"], "4H"), "play AH")
    assert mau_mau_standard.to_move(state) == 1


def test_nine_reverses_the_direction() -> None:
    """Rule MMS-3.3."""
    state = position(["9H 2C 3C", "6H 2D 3D", "9S 4S 5S", "10H QS KS"], "4H", nine_reverses=True)
    state = play(state, "play 9H")
    assert state.direction == -1 and mau_mau_standard.to_move(state) == 3
    state = play(state, "play 10H")
    assert mau_mau_standard.to_move(state) == 2


def test_with_two_players_nine_reverses_acts_as_a_skip() -> None:
    """Rule MMS-3.3."""
    state = position(["9H 2C 3C", "6H 2D 3D"], "4H", nine_reverses=True)
    state = play(state, "play 9H")
    assert mau_mau_standard.to_move(state) == 0


def test_ace_skips_in_addition_to_the_eight() -> None:
    """Rule MMS-3.4."""
    options: dict[str, Any] = {"ace_skips": True}
    state = play(position(["AH 2C 3C", "6H 2D 3D", "9S 4S 5S"], "4H", **options), "play AH")
    assert mau_mau_standard.to_move(state) == 2
    state = play(position(["8H 2C 3C", "6H 2D 3D", "9S 4S 5S"], "4H", **options), "play 8H")
    assert mau_mau_standard.to_move(state) == 2


def test_ace_skips_replaces_eight_option_leaves_the_eight_ordinary() -> None:
    """Rule MMS-3.4."""
    options: dict[str, Any] = {"ace_skips": True, "ace_skips_replaces_eight": True}
    state = play(position(["8H 2C 3C", "6H 2D 3D", "9S 4S 5S"], "4H", **options), "play 8H")
    assert mau_mau_standard.to_move(state) == 1
    state = play(position(["AH 2C 3C", "6H 2D 3D", "9S 4S 5S"], "4H", **options), "play AH")
    assert mau_mau_standard.to_move(state) == 2


# --------------------------------------------------------------------------- jacks


def test_a_jack_is_wild_and_must_wish_any_suit_its_own_included() -> None:
    """Rule MMS-3.5."""
    state = position(["JC 2D 3D", "6H 2H 3H", "9S 4S 5S"], "4H", stock="KS")
    assert texts(state) == [
        "play JC call clubs",
        "play JC call diamonds",
        "play JC call hearts",
        "play JC call spades",
        "draw",
    ]
    with pytest.raises(IllegalMoveError, match="a jack must call a suit"):
        play(state, "play JC")


def test_the_next_player_must_follow_the_wished_suit() -> None:
    """Rule MMS-3.5."""
    state = position(["JC 2D 3D", "6H 2S 3H KD", "9S 4S 5S"], "4H", stock="KS")
    state = play(state, "play JC call spades")
    assert state.called is Suit.SPADES
    assert texts(state) == ["play 2S", "draw"]
    with pytest.raises(IllegalMoveError, match="spades were called: play a spade"):
        play(state, "play 6H")


def test_a_jack_may_not_go_on_a_jack_by_default() -> None:
    """Rule MMS-3.5."""
    state = position(["JD 2D 3D", "6H 2S 3H KD", "9S 4S 5S"], "JC", stock="KS")
    state = state._replace(called=Suit.HEARTS)
    assert texts(state) == ["draw"]


def test_jack_on_jack_option_lets_a_jack_follow_a_jack() -> None:
    """Rule MMS-3.5."""
    state = position(["JD 2D 3D", "6H 2S", "9S"], "JC", stock="KS", jack_on_jack=True)
    state = state._replace(called=Suit.HEARTS)
    assert texts(state)[:1] == ["play JD call clubs"]


def test_a_last_jack_wishes_nothing() -> None:
    """Rule MMS-3.6."""
    state = position(["JD", "6H 2S 3H", "9S 4S"], "4H")
    assert texts(state) == ["play JD", "draw"]
    with pytest.raises(IllegalMoveError, match="JD is the last card: it needs no call"):
        play(state, "play JD call hearts")
    state = play(state, "play JD")
    assert mau_mau_standard.is_over(state)


# --------------------------------------------------------------------------- drawing


def test_a_player_may_draw_while_holding_a_playable_card() -> None:
    """Rule MMS-2.2."""
    state = position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H", stock="KS")
    assert texts(state)[-1] == "draw"


def test_after_drawing_only_the_drawn_card_may_be_played_or_end_turn() -> None:
    """Rule MMS-2.2."""
    state = position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H", stock="9H KS")
    state = play(state, "draw")
    assert texts(state) == ["play 9H", "end turn"]
    with pytest.raises(IllegalMoveError, match=r"only the drawn card \(9H\) may be played"):
        play(state, "play 5H")
    state = play(state, "end turn")
    assert mau_mau_standard.to_move(state) == 1 and size(state, 0) == 4


def test_a_drawn_card_that_does_not_fit_is_kept() -> None:
    """Rule MMS-2.2."""
    state = position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H", stock="KS 9H")
    state = play(state, "draw")
    assert texts(state) == ["end turn"]


def test_end_turn_is_legal_only_after_a_draw() -> None:
    """Rule MMS-2.2."""
    state = position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H")
    with pytest.raises(IllegalMoveError, match="'end turn' is allowed only after drawing"):
        mau_mau_standard.apply(state, END_TURN)


def test_without_voluntary_draw_a_player_with_a_playable_card_must_play() -> None:
    """Rule MMS-2.2."""
    state = position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H", voluntary_draw=False)
    assert "draw" not in texts(state)
    with pytest.raises(IllegalMoveError, match="must play it"):
        mau_mau_standard.apply(state, DRAW)
    state = position(["2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H", voluntary_draw=False)
    assert texts(state) == ["draw"]


# --------------------------------------------------------------------------- Mau


def test_the_play_leaving_one_card_may_call_mau() -> None:
    """Rule MMS-4.1."""
    state = position(["5H 2C", "6D 2D 3D", "9S 4S 5S"], "4H")
    assert texts(state)[:2] == ["play 5H", "play 5H announce"]
    state = play(state, "play 5H announce")
    assert size(state, 0) == 1 and not state.unannounced


def test_a_missed_mau_costs_two_cards_at_the_end_of_that_turn() -> None:
    """Rule MMS-4.1."""
    state = position(["5H 2C", "6D 2D 3D", "9S 4S 5S"], "4H")
    state = play(state, "play 5H")
    assert size(state, 0) == 3 and mau_mau_standard.to_move(state) == 1
    assert "seat 0 must draw 2 cards for not announcing" in said(state)


def test_mau_penalty_cards_option_sets_the_cards_drawn() -> None:
    """Rule MMS-4.1."""
    state = position(["5H 2C", "6D 2D 3D", "9S 4S 5S"], "4H", mau_penalty_cards=1)
    assert size(play(state, "play 5H"), 0) == 2


def test_without_the_mau_penalty_there_is_no_call_and_no_penalty() -> None:
    """Rule MMS-4.1."""
    state = position(["5H 2C", "6D 2D 3D", "9S 4S 5S"], "4H", mau_penalty=False)
    assert texts(state) == ["play 5H", "draw"]
    assert size(play(state, "play 5H"), 0) == 1
    with pytest.raises(IllegalMoveError, match="'announce' goes only with"):
        mau_mau_standard.apply(state, Play(Card("5H"), None, True))


def test_going_out_needs_no_call() -> None:
    """Rule MMS-4.2."""
    state = position(["5H", "6D 2D 3D", "9S 4S 5S"], "4H")
    assert texts(state) == ["play 5H", "draw"]


#: Parlett's reading (rule MMS-4.3): "Mau" on the last card, or one card from stock.
LAST_CARD: Final[dict[str, Any]] = {"mau_call": "last_card", "mau_penalty_cards": 1}


def test_mau_call_on_the_last_card_lists_the_last_card_with_and_without_the_call() -> None:
    """Rule MMS-4.3."""
    state = position(["5H", "6D 2D 3D", "9S 4S 5S"], "4H", stock="KC QC", **LAST_CARD)
    assert texts(state) == ["play 5H", "play 5H announce", "draw"]


def test_mau_call_on_the_last_card_the_play_leaving_one_card_has_no_call() -> None:
    """Rule MMS-4.3."""
    state = position(["5H 2C", "6D 2D 3D", "9S 4S 5S"], "4H", **LAST_CARD)
    assert texts(state) == ["play 5H", "draw"]
    with pytest.raises(IllegalMoveError, match=r"goes only with the last card \(rule MMS-4\.3\)"):
        mau_mau_standard.apply(state, Play(Card("5H"), None, True))
    state = play(state, "play 5H")
    assert size(state, 0) == 1 and mau_mau_standard.to_move(state) == 1
    assert not any("announce" in text for text in said(state))


def test_mau_call_on_the_last_card_with_the_call_goes_out_and_wins() -> None:
    """Rule MMS-4.3."""
    state = position(["5H", "6D 2D 3D", "9S 4S 5S"], "4H", stock="KC QC", **LAST_CARD)
    state = play(state, "play 5H announce")
    assert mau_mau_standard.is_over(state)
    outcome = mau_mau_standard.score(state).outcome
    assert outcome is not None and outcome.winners == (0,)
    assert said(state)[-4:-2] == ["seat 0: last card!", "seat 0 goes out"]


def test_mau_call_on_the_last_card_without_the_call_draws_and_plays_on() -> None:
    """Rule MMS-4.3."""
    state = position(["5H", "6D 2D 3D", "9S 4S 5S"], "4H", stock="KC QC", **LAST_CARD)
    state = play(state, "play 5H")
    assert not mau_mau_standard.is_over(state)
    assert hand(state, 0) == cs("KC") and mau_mau_standard.to_move(state) == 1
    assert said(state)[-3:] == [
        "seat 0 did not announce his last card",
        "seat 0 must draw a card for not announcing his last card",
        "seat 0 draws a card",
    ]


def test_mau_call_on_the_last_card_a_last_seven_is_still_owed_by_the_next_player() -> None:
    """Rule MMS-4.3."""
    state = position(["7H", "6D 2D 3D", "9S 4S 5S"], "4H", stock="KC QC AD 2H", **LAST_CARD)
    state = play(state, "play 7H")
    assert hand(state, 0) == cs("KC") and hand(state, 1) == cs("QC AD 6D 2D 3D")
    assert mau_mau_standard.to_move(state) == 2


def test_mau_call_on_the_last_card_is_explained() -> None:
    """Rule MMS-4.3."""
    state = position(["5H", "6D 2D 3D", "9S 4S 5S"], "4H", stock="KC QC", **LAST_CARD)
    view = mau_mau_standard.observe(state, 0)
    plain = mau_mau_standard.explain_move(view, Play(Card("5H")))
    called = mau_mau_standard.explain_move(view, Play(Card("5H"), None, True))
    assert "not announced: you do not go out but draw 1 card" in plain
    assert called == "your last card, announced: you go out"


def test_mau_call_applies_only_with_the_mau_penalty() -> None:
    """Rule MMS-4.3."""
    assert Rules().mau_call == "last_but_one" and Rules(mau_penalty=False).mau_call is None
    assert str(Rules(mau_call="last_card")) == "mau_mau_standard(mau_call=last_card)"
    with pytest.raises(RulesError, match="mau_call='last_card' does not apply when mau_penalty"):
        Rules(mau_penalty=False, mau_call="last_card")
    with pytest.raises(RulesError, match="mau_call='first' is not allowed"):
        Rules(mau_call="first")


# --------------------------------------------------------------------------- starters


def test_a_special_starter_has_no_effect_by_default() -> None:
    """Rule MMS-1.5."""
    state = dealt(["2C 3C 4C", "2D 3D 4D", "2S 3S 4S"], "7H")
    assert state.pending == 0 and mau_mau_standard.to_move(state) == 0
    state = dealt(["2C 3C 4C", "2D 3D 4D", "2S 3S 4S"], "8H")
    assert mau_mau_standard.to_move(state) == 0


def test_starter_effects_a_seven_makes_the_first_player_owe_two() -> None:
    """Rule MMS-1.5."""
    state = dealt(["2C 3C 4C", "2D 3D 4D", "2S 3S 4S"], "7H", starter_effects=True)
    assert size(state, 0) == 5 and mau_mau_standard.to_move(state) == 1
    state = dealt(["7C 3C 4C", "2D 3D 4D", "2S 3S 4S"], "7H", starter_effects=True)
    assert texts(state) == ["play 7C", "draw"]


def test_starter_effects_an_eight_skips_the_first_player() -> None:
    """Rule MMS-1.5."""
    state = dealt(["2C 3C 4C", "2D 3D 4D", "2S 3S 4S"], "8H", starter_effects=True)
    assert mau_mau_standard.to_move(state) == 1


def test_starter_effects_a_jack_lets_the_first_player_play_any_card_but_a_jack() -> None:
    """Rule MMS-1.5."""
    state = dealt(["2C JD 4C", "2D 3D 4D", "2S 3S 4S"], "JH", starter_effects=True)
    assert state.free and texts(state) == ["play 2C", "play 4C", "draw"]
    state = dealt(
        ["2C JD 4C", "2D 3D 4D", "2S 3S 4S"], "JH", starter_effects=True, jack_on_jack=True
    )
    assert "play JD call clubs" in texts(state)


def test_starter_effects_a_nine_reverses_when_nine_reverses() -> None:
    """Rule MMS-1.5."""
    hands = ["2C 3C 4C", "2D 3D 4D", "2S 3S 4S"]
    state = dealt(hands, "9H", starter_effects=True, nine_reverses=True)
    assert state.direction == -1 and mau_mau_standard.to_move(state) == 1  # the dealer's right


# --------------------------------------------------------------------------- the end


def test_the_first_player_out_wins_the_single_deal() -> None:
    """Rule MMS-5.1."""
    state = position(["5H", "6D 2D 3D", "9S 4S 5S"], "4H")
    state = play(state, "play 5H")
    assert mau_mau_standard.is_over(state) and mau_mau_standard.legal_moves(state) == ()
    score = mau_mau_standard.score(state)
    assert score.outcome is not None
    assert (score.outcome.reason, score.outcome.winners, score.outcome.draw) == (
        "schedule complete",
        (0,),
        False,
    )
    assert score.payoffs == (1.0, -1.0, -1.0) and score.totals == (1, 0, 0)
    assert score.deals[0].extra("cards_left") == (0, 3, 3)


def test_a_last_seven_still_makes_the_next_player_draw() -> None:
    """Rule MMS-5.2."""
    state = position(["7H", "7D 2D 3D", "9S 4S 5S"], "4H")
    state = play(state, "play 7H")
    assert mau_mau_standard.is_over(state) and size(state, 1) == 5
    assert said(state)[-5:-2] == [
        "seat 1 must draw 2 cards",
        "seat 1 draws a card",
        "seat 1 draws a card",
    ]


def test_without_last_card_effects_a_last_seven_has_none() -> None:
    """Rule MMS-5.2."""
    state = position(["7H", "7D 2D 3D", "9S 4S 5S"], "4H", last_card_effects=False)
    state = play(state, "play 7H")
    assert mau_mau_standard.is_over(state) and size(state, 1) == 3


def test_an_empty_stock_is_rebuilt_from_the_discard_pile_under_the_upcard() -> None:
    """Rule MMS-2.3."""
    state = position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H", stock="")
    pile = state.pile
    state = play(state, "draw")
    assert state.upcard == Card("4H") and state.restocks == 1
    assert len(state.stock) == pile.bit_count() - 1 and not state.pile
    assert "the discard pile" in said(state)[-2]


def test_a_player_owing_more_cards_than_exist_takes_what_there_is() -> None:
    # 2 cards owed; the stock is empty and the discard pile will hold only the 4H.
    """Rule MMS-2.3."""
    state = position(["7H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H", stock="")
    rest = [c for c in DECK52 if c.bit & state.pile]
    state = state._replace(
        pile=0, hands=(state.hands[0], state.hands[1], state.hands[2] | mask_of(rest))
    )
    state = play(state, "play 7H")
    assert said(state)[-3:] == [
        "the discard pile (1 cards) is shuffled into a new stock",
        "seat 1 draws a card",
        "no card is left for seat 1 to draw",
    ]
    assert size(state, 1) == 4 and mau_mau_standard.to_move(state) == 2


def test_a_player_who_can_neither_play_nor_draw_passes() -> None:
    # Seat 0 draws the last card of the stock; the discard pile is empty and seat 1
    # holds no heart, no four and no jack.
    """Rule MMS-2.3."""
    state = position(["5H 2C 3C", "6D 2D", "6S 8S"], "4H", stock="KS")
    rest = [c for c in DECK52 if c.bit & state.pile]
    state = state._replace(
        pile=0, hands=(state.hands[0], state.hands[1], state.hands[2] | mask_of(rest))
    )
    state = play(state, "draw", "end turn")
    assert said(state)[-1] == "seat 1 can neither play nor draw"
    assert mau_mau_standard.to_move(state) == 2


def test_a_blocked_round_is_drawn() -> None:
    """With restocking a round cannot block in play (whoever holds a card of the
    upcard's suit can play it); the rule is checked on a position made by hand,
    in which those cards are missing.

    Rule MMS-2.3, MMS-5.1.
    """
    state = position(["2C 3C", "6D 2D", "6S 8S"], "4H", stock="KS")
    state = state._replace(pile=0)  # the hearts, fours and jacks are nowhere
    state = play(state, "draw", "end turn")  # seats 1, 2 and 0 can neither play nor draw
    assert mau_mau_standard.is_over(state)
    assert said(state).count("seat 1 can neither play nor draw") == 1
    score = mau_mau_standard.score(state)
    assert score.outcome is not None and score.outcome.reason == "blocked"
    assert score.outcome.draw and score.outcome.winners == (0, 1, 2)
    assert score.payoffs == (0.0, 0.0, 0.0)
    assert score.deals[0].extra("blocked") == (1, 1, 1)


def test_max_moves_truncates_the_deal() -> None:
    state = position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H", max_moves=1)
    state = play(state, "play 5H")
    outcome = mau_mau_standard.score(state).outcome
    assert outcome is not None and outcome.reason == "truncated"
    assert mau_mau_standard.score(state).payoffs == (0.0, 0.0, 0.0)


# --------------------------------------------------------------------------- moves, views, records


def test_move_numbers_cover_five_seats() -> None:
    assert mau_mau_standard.NUM_MOVES == 195
    for text, number in (
        ("play 2C", 0),
        ("play 9H announce", 85),
        ("play JS call hearts", 104 + 4 * 3 + 2),
        ("play JS call spades announce", 120 + 4 * 3 + 3),
        ("draw", 136),
        ("end turn", 137),
        ("deal 2C", 138),
        ("dealer 4", 194),
    ):
        move = mau_mau_standard.move_from_index(number)
        assert str(move) == text and mau_mau_standard.move_index(move) == number


def test_a_view_shows_the_own_hand_and_the_public_table_only() -> None:
    state = position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H")
    view = mau_mau_standard.observe(state, 1)
    assert view.hand == cs("2D 3D 6D") and view.hand_sizes == (3, 3, 3)
    assert view.legal_moves == () and view.upcard == Card("4H")
    other = state._replace(hands=(state.hands[2], state.hands[1], state.hands[0]))
    assert mau_mau_standard.observe(other, 1) == view
    world = mau_mau_standard.sample(view, random.Random(1))
    assert mau_mau_standard.observe(world, 1) == view


def test_states_round_trip_through_json_and_bad_ones_are_refused() -> None:
    state = play(position(["5H 2C 3C", "6D 2D 3D", "9S 4S 5S"], "4H"), "play 5H")
    assert state_from_json(state_to_json(state)) == state
    data = mau_mau_standard.state_to_dict(state)
    data["hands"][0] = "5H 2C"
    with pytest.raises(RecordError):
        mau_mau_standard.state_from_dict(data)


def test_a_seeded_game_is_determined_by_its_inputs() -> None:
    rules = Rules(players=3)
    a = mau_mau_standard.deal(rules, seed=11)
    b = mau_mau_standard.deal(rules, seed=11)
    assert a == b
    assert mau_mau_standard.deal(rules, seed=12) != a


def test_deal_refuses_other_rules() -> None:
    from cardrules.games import strafpoint

    with pytest.raises(TypeError, match=r"mau_mau_standard\.Rules"):
        mau_mau_standard.deal(strafpoint.Rules(), seed=0)


def test_the_round_is_one_deal_whatever_happens() -> None:
    state = mau_mau_standard.deal(Rules(players=2, hand_size=1, first_dealer=1), seed=3)
    rng = random.Random(0)
    while not mau_mau_standard.is_over(state):
        state = mau_mau_standard.apply(state, rng.choice(mau_mau_standard.legal_moves(state)))
    assert len(mau_mau_standard.score(state).deals) == 1
    assert state.phase is Phase.OVER


# --------------------------------------------------------------------------- the heuristic bot


def choose(state: State) -> str:
    from cardrules.bots.heuristics import heuristic_bot

    seat = mau_mau_standard.to_move(state)
    assert isinstance(seat, int)
    bot = heuristic_bot("mau_mau_standard")
    view = mau_mau_standard.observe(state, seat)
    return str(bot.choose(view, mau_mau_standard.legal_moves(state), random.Random(0)))


def test_heuristic_plays_its_long_suit() -> None:
    # On the 4S: the 4H (hearts, three long) rather than the 9S (one spade).
    state = position(["4H 5H 6H 9S 2C", "6D 2D 3D", "9D 4D 5D"], "4S")
    assert choose(state) == "play 4H"


def test_heuristic_keeps_its_sevens_for_the_end() -> None:
    state = position(["7H 9H 2C 3C", "6D 2D 3D", "9D 4D 5D"], "4H")
    assert choose(state) == "play 9H"
    state = position(["7H 9H", "6D 2D 3D", "9D 4D 5D"], "4H")  # the end: out with 9H next
    assert choose(state) == "play 7H announce"


def test_heuristic_answers_a_seven_with_a_seven_and_wishes_its_long_suit() -> None:
    state = play(position(["7H 2C 3C", "7D 2D 3D JS", "9S 4S 5S"], "4H"), "play 7H")
    assert choose(state) == "play 7D"
    state = position(["JC 2D 3D 5D 9S", "6C 2C 3C", "9C 4C 5C"], "4H")
    assert choose(state) == "play JC call diamonds"
