"""Two-handed Mau-Mau (the Stops game): one test per rule, on hand-built positions.

Each test names the rule it checks by its id on docs/games/mau_mau.rst, where the
rule's source and, for a point the source leaves open, the decision taken are given.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest

from cardrules.cards import DECK52, Card, Suit, cards_of, format_cards, mask_of, parse_cards
from cardrules.core.match import Match
from cardrules.core.options import build_rules, parse_rules_text
from cardrules.core.randomness import Stream
from cardrules.errors import IllegalMoveError, NotationError, RecordError, RulesError
from cardrules.game import CHANCE
from cardrules.games import mau_mau
from cardrules.games.mau_mau import Phase, Rules, State
from cardrules.moves import DRAW, END_TURN, DealCard, Play
from cardrules.records import state_from_json, state_to_json

SINGLE = Rules(first_dealer=1, target=None)


def stacked(h0: str, h1: str, starter: str, top: str = "") -> list[Card]:
    """A deck dealt by seat 1: seat 0 gets ``h0``, seat 1 ``h1``, then the starter, then ``top``."""
    a, b = parse_cards(h0), parse_cards(h1)
    order = [card for pair in zip(a, b) for card in pair]
    order += [Card(starter), *parse_cards(top)]
    return order + [c for c in DECK52 if c not in order]


def dealt(h0: str, h1: str, starter: str, top: str = "", **options: Any) -> State:
    rules = attrs.evolve(SINGLE, **options)
    return mau_mau.deal(rules, seed=0, deck=stacked(h0, h1, starter, top))


def position(
    h0: str,
    h1: str,
    upcard: str,
    *,
    pile: str = "",
    stock: str | None = None,
    rules: Rules = SINGLE,
    **fields: Any,
) -> State:
    """Seat 0 to move with these hands; ``stock`` (top first) or, if None, every other card.

    With ``stock`` given, the cards not placed anywhere go to the discard pile.
    """
    state = mau_mau.deal(rules, seed=0)
    hands = (mask_of(parse_cards(h0)), mask_of(parse_cards(h1)))
    placed = hands[0] | hands[1] | Card(upcard).bit | mask_of(parse_cards(pile))
    if stock is None:
        stock_cards = tuple(c for c in DECK52 if not c.bit & placed)
        pile_mask = mask_of(parse_cards(pile))
    else:
        stock_cards = parse_cards(stock)
        pile_mask = mask_of(c for c in DECK52 if not c.bit & (placed | mask_of(stock_cards)))
    fields.setdefault("turn", 0)
    # No move history leads to a hand-built position (a loaded state with a history
    # must be what that history gives).
    fields.setdefault("history", None)
    return state._replace(
        hands=hands, upcard=Card(upcard), pile=pile_mask, stock=stock_cards, **fields
    )


def cs(text: str) -> tuple[Card, ...]:
    """Cards in index order, as hands and zones list them."""
    return tuple(sorted(parse_cards(text)))


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = mau_mau.apply(state, mau_mau.parse_move(state, text))
    return state


def texts(state: State) -> list[str]:
    return [str(m) for m in mau_mau.legal_moves(state)]


def hand(state: State, seat: int) -> tuple[Card, ...]:
    return cards_of(state.hands[seat])


def conserved(state: State) -> bool:
    cards = [c for zone in mau_mau.zones(state).values() for c in zone]
    return len(cards) == 52 and set(cards) == set(DECK52)


# --------------------------------------------------------------------------- options


def test_default_options_are_the_documented_ones() -> None:
    rules = Rules()
    assert (rules.players, rules.target, rules.must_play, rules.penalty_target) == (
        2,
        500,
        "enforce",
        None,
    )
    assert (rules.jacks_wild, rules.last_card_effects, rules.starter_effects) == (
        False,
        True,
        False,
    )
    assert (rules.bury_special_starter, rules.restock, rules.one_card_penalty_ends_turn) == (
        False,
        "reshuffle",
        True,
    )
    assert str(rules) == "mau_mau()"


def test_the_game_is_strictly_two_handed() -> None:
    """Rule MM-1.1."""
    with pytest.raises(RulesError, match="players=3 is not allowed: players must be 2"):
        Rules(players=3)


def test_penalty_target_applies_only_with_the_penalty_option() -> None:
    """Rule MM-4.2."""
    assert Rules(must_play="penalty").penalty_target == "offender"
    assert Rules(must_play="penalty", penalty_target="opponent").penalty_target == "opponent"
    with pytest.raises(RulesError, match="penalty_target='opponent' does not apply"):
        Rules(penalty_target="opponent")
    with pytest.raises(RulesError, match="must_play='always' is not allowed"):
        Rules(must_play="always")


def test_starter_effects_and_burying_special_starters_exclude_each_other() -> None:
    """Rule MM-2.3."""
    with pytest.raises(RulesError, match="starter_effects=true does not apply"):
        Rules(starter_effects=True, bury_special_starter=True)


def test_rules_text_form_parses_back_including_restock_none() -> None:
    rules = Rules(target=None, restock="none", must_play="penalty", penalty_target="opponent")
    name, options = parse_rules_text(str(rules))
    assert name == "mau_mau" and build_rules(Rules, options) == rules
    assert str(rules) == (
        "mau_mau(target=0,must_play=penalty,penalty_target=opponent,restock=none)"
    )
    with pytest.raises(RulesError, match="target=-1 is out of range"):
        Rules(target=-1)


def test_no_target_is_written_0_and_read_from_0_or_none() -> None:
    """Rule MM-7.3: a single deal (no target) is ``target=None``; the text form writes
    it as the number 0, so that the text stays a whole number, and reads the older
    ``target=none`` too."""
    assert Rules(target=0) == Rules(target=None)
    assert Rules(target=0).target is None
    assert str(Rules(target=None)) == "mau_mau(target=0)"
    for text in ("mau_mau(target=0)", "mau_mau(target=none)"):
        name, options = parse_rules_text(text)
        assert name == "mau_mau" and build_rules(Rules, options) == Rules(target=None)
    with pytest.raises(RulesError, match="target must be a whole number"):
        Rules(target=False)


# --------------------------------------------------------------------------- the deal


def test_dealer_gives_seven_each_alternately_from_the_non_dealer_then_turns_the_starter() -> None:
    """Rule MM-2.2."""
    order = stacked("2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D", "9H", "KS")
    state = mau_mau.deal(SINGLE, seed=0, deck=order)
    assert order[0] == Card("2C") and order[1] == Card("2D")
    assert hand(state, 0) == cs("2C 3C 4C 5C 6C 7C 8C")
    assert hand(state, 1) == cs("2D 3D 4D 5D 6D 7D 8D")
    assert state.upcard == Card("9H")
    assert state.stock[0] == Card("KS") and len(state.stock) == 52 - 15
    assert [e.kind for e in mau_mau.events(state)] == ["deal", "starter"]


def test_the_non_dealer_plays_first() -> None:
    """Rule MM-3.1."""
    for dealer in (0, 1):
        state = mau_mau.deal(Rules(first_dealer=dealer), seed=4)
        assert mau_mau.to_move(state) == 1 - dealer


def test_the_first_dealer_is_cut_from_the_seed_and_then_the_deal_alternates() -> None:
    """Rule MM-2.1."""
    dealers = {mau_mau.deal(Rules(), seed=seed).match.dealer for seed in range(20)}
    assert dealers == {0, 1}
    state = position("QH", "2C 3C", "QS", rules=Rules(first_dealer=1, target=200))
    state = play(state, "play QH")
    assert state.match.deal_number == 1 and state.match.dealer == 0
    assert mau_mau.to_move(state) == 1


# --------------------------------------------------------------------------- playing


def test_a_card_must_match_the_upcard_in_suit_or_rank_seed_example_five_of_diamonds() -> None:
    """Rule MM-3.2."""
    state = position("2D KD 5C 5S 9H 3C QS", "2C 3H 4H", "5D")
    assert texts(state) == ["play 5C", "play 2D", "play KD", "play 5S"]
    with pytest.raises(IllegalMoveError, match=r"9H cannot be played now: match the upcard 5D"):
        play(state, "play 9H")


def test_jacks_are_not_wild_by_default() -> None:
    """Rule MM-3.3."""
    state = position("JC 9H 2S", "2C 3H 4H", "5D")
    assert texts(state) == ["draw"]
    with pytest.raises(IllegalMoveError, match="JC cannot be played now"):
        play(state, "play JC")


def test_jacks_wild_option_lets_a_jack_go_on_anything() -> None:
    """Rule MM-3.3."""
    rules = attrs.evolve(SINGLE, jacks_wild=True)
    state = position("JC 9H 2S", "2C 3H 4H", "5D", rules=rules)
    assert texts(state) == [
        "play JC",
        "play JC call diamonds",
        "play JC call hearts",
        "play JC call spades",
    ]


def test_a_player_holding_a_playable_card_must_play_it_the_50_point_rule_enforced() -> None:
    """Rule MM-4.2."""
    state = position("2D 9H", "2C 3H 4H", "5D")
    assert "draw" not in texts(state)
    with pytest.raises(IllegalMoveError, match=r"holds a playable card \(2D\) and must play it"):
        mau_mau.apply(state, DRAW)


def test_a_player_who_cannot_play_draws_one_card_at_a_time_until_he_can() -> None:
    """Rule MM-4.1."""
    state = position("9H 2S", "2C 3H 4H", "5D", stock="KS 8C 7D 4C")
    state = play(state, "draw")
    assert hand(state, 0) == cs("9H 2S KS") and mau_mau.to_move(state) == 0
    assert texts(state) == ["draw"]
    state = play(state, "draw", "draw")
    assert Card("7D") in hand(state, 0)
    assert texts(state) == ["play 7D"]


def test_after_drawing_any_playable_card_may_be_played_not_only_the_drawn_one() -> None:
    # On a 7, the J/7/8 option let him draw while holding the 7C; he drew the 9H.
    """Rule MM-4.1."""
    state = position("7C 2D", "2S 3S 4S", "7H", stock="9H")
    state = play(state, "draw")
    assert texts(state) == ["play 7C", "play 9H"]


def test_a_seven_makes_the_opponent_draw_one_and_the_same_player_moves_again() -> None:
    """Rule MM-5.1."""
    state = position("7H 9H 2C", "2D 3D 4D", "5H")
    state = play(state, "play 7H")
    assert len(hand(state, 1)) == 4
    assert mau_mau.to_move(state) == 0
    assert state.upcard == Card("7H")
    assert "seat 1 must draw a card" in [str(e) for e in mau_mau.events(state)]


def test_an_eight_makes_the_opponent_draw_three_and_he_may_not_discard() -> None:
    """Rule MM-5.1."""
    state = position("8H 9H 2C", "2D 3D 4D", "5H")
    state = play(state, "play 8H")
    assert len(hand(state, 1)) == 6
    assert mau_mau.to_move(state) == 0
    assert texts(state) == ["play 9H", "play 9H announce"]


def test_sevens_and_eights_cannot_be_answered_or_stacked() -> None:
    """Rule MM-5.2."""
    state = position("7H 9H 2C", "7D 7S 8H", "5H")
    state = play(state, "play 7H")
    assert len(hand(state, 1)) == 4 and mau_mau.to_move(state) == 0


def test_a_jack_calling_a_suit_restricts_the_next_play_to_that_suit_or_a_jack() -> None:
    """Rule MM-5.3."""
    state = position("JH 9H 2C", "2D 3D 4S JS KH", "5H")
    state = play(state, "play JH call spades")
    assert state.called is Suit.SPADES
    assert texts(state) == [
        "play 4S",
        "play JS",
        "play JS call clubs",
        "play JS call diamonds",
        "play JS call hearts",
    ]
    with pytest.raises(
        IllegalMoveError, match=r"spades were called: play a spade or a jack \(4S JS\)"
    ):
        play(state, "play KH")


def test_a_jack_without_a_call_lets_any_card_be_played() -> None:
    """Rule MM-5.4."""
    state = position("JH 9H 2C", "2D 3D 4S", "5H")
    state = play(state, "play JH")
    assert state.free and state.called is None
    assert texts(state) == ["play 2D", "play 3D", "play 4S"]


def test_a_jack_may_call_only_one_of_the_three_other_suits() -> None:
    """Rule MM-5.3."""
    state = position("JH 9H 2C", "2D 3D 4S", "5H")
    calls = [
        m.call for m in mau_mau.legal_moves(state) if isinstance(m, Play) and m.card == Card("JH")
    ]
    assert calls == [None, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES]
    with pytest.raises(IllegalMoveError, match="JH may call another suit than its own"):
        play(state, "play JH call hearts")
    with pytest.raises(IllegalMoveError, match="only a jack may call a suit"):
        play(state, "play 9H call clubs")


def test_the_called_suit_applies_to_the_next_play_only() -> None:
    """Rule MM-5.3."""
    state = position("JH 9H 2C", "4S 3D 2D", "5H")
    state = play(state, "play JH call spades", "play 4S")
    assert state.called is None and not state.free and state.upcard == Card("4S")


def test_a_last_jack_needs_no_call() -> None:
    """Rule MM-5.5."""
    state = position("JH", "2D 3D 4S", "5H")
    assert texts(state) == ["play JH"]
    with pytest.raises(IllegalMoveError, match="JH is the last card: it needs no call"):
        play(state, "play JH call spades")


def test_j78_option_the_same_rank_may_be_played_or_kept_while_drawing() -> None:
    """Rule MM-4.3."""
    state = position("7C 2D 3D", "2S 3S 4S", "7H", stock="KD 9H")
    assert texts(state) == ["play 7C", "draw"]
    state = play(state, "draw")  # KD: still no heart, the option holds
    assert texts(state) == ["play 7C", "draw"]
    state = play(state, "draw")  # 9H: a heart, so he must play a card
    assert texts(state) == ["play 7C", "play 9H"]


def test_j78_option_under_a_called_jack_counts_the_called_suit() -> None:
    """Rule MM-4.3."""
    state = position("JC 2D", "2S 3S 4S", "JH", called=Suit.SPADES)
    assert texts(state)[-1] == "draw"
    state = position("JC 2S", "2D 3D 4D", "JH", called=Suit.SPADES)
    assert "draw" not in texts(state)


def _after_jack_of_diamonds_calls_spades(**options: Any) -> State:
    """Seat 0 holds JS after ``play JD call spades`` (a position reported by users)."""
    order = parse_cards("9D JD JS 2C 2H 3C 3H 4C 5H 5C 6H 6C KC 8C 4D QS 10C")
    deck = [*order, *[c for c in DECK52 if c not in order]]
    state = mau_mau.deal(attrs.evolve(SINGLE, **options), seed=11, deck=deck)
    state = play(state, "play 9D", "play JD call spades")
    assert hand(state, 0) == cs("JS 2H 3H 5H 6H KC")
    return state


def test_j78_option_a_jack_of_the_called_suit_follows_suit_so_he_must_play_it() -> None:
    state = _after_jack_of_diamonds_calls_spades()
    # "cannot follow suit" means the called suit after a called jack: JS is a spade.
    assert texts(state) == [
        "play JS",
        "play JS call clubs",
        "play JS call diamonds",
        "play JS call hearts",
    ]
    with pytest.raises(IllegalMoveError, match=r"none is of the suit to follow \(spades\)"):
        play(state, "draw")


def test_penalty_mode_drawing_instead_of_a_jack_of_the_called_suit_costs_50() -> None:
    state = _after_jack_of_diamonds_calls_spades(must_play="penalty")
    assert texts(state)[-1] == "draw"
    state = play(state, "draw")
    assert mau_mau.score(state).totals == (-50, 0)
    assert "seat 0 draws holding a playable card: 50 points off" in [
        str(e) for e in mau_mau.events(state)
    ]


def test_penalty_mode_keeping_a_jack_not_of_the_called_suit_costs_nothing() -> None:
    rules = attrs.evolve(SINGLE, must_play="penalty")
    state = position("JC 2D", "2S 3S 4S", "JH", called=Suit.SPADES, rules=rules)
    state = play(state, "draw")
    assert mau_mau.score(state).totals == (0, 0)


def test_the_meaning_of_a_draw_says_what_the_50_point_penalty_costs_rule_mm_4_2() -> None:
    """Rule MM-4.2: the player is told before drawing that the draw costs 50 points."""
    rules = attrs.evolve(SINGLE, must_play="penalty")
    state = position("9H 2C", "2D 3D 4S", "5H", rules=rules)
    view = mau_mau.observe(state, 0)
    assert mau_mau.explain_move(view, DRAW) == (
        "take the top card of the stock; you could play a card, so drawing costs 50 points "
        "off your score"
    )
    opponent = attrs.evolve(rules, penalty_target="opponent")
    view = mau_mau.observe(position("9H 2C", "2D 3D 4S", "5H", rules=opponent), 0)
    assert mau_mau.explain_move(view, DRAW).endswith("costs 50 points to your opponent")


def test_the_meaning_of_a_draw_names_no_penalty_when_none_is_due_rule_mm_4_2() -> None:
    """Rule MM-4.2 (no playable card) and MM-4.3 (keeping a J, 7 or 8 is free)."""
    rules = attrs.evolve(SINGLE, must_play="penalty")
    for hand, upcard in (("2C 3C", "5H"), ("JC 2D", "JH")):
        view = mau_mau.observe(position(hand, "2S 3S 4S", upcard, rules=rules), 0)
        assert mau_mau.explain_move(view, DRAW) == "take the top card of the stock"


def test_a_draw_after_a_called_jack_shows_no_card_of_the_called_suit_its_jack_included() -> None:
    state = position("JC 2D", "2S 3S 4S", "JH", called=Suit.SPADES)
    state = play(state, "draw")  # he may keep JC, but would have had to play JS
    shown = cards_of(state.absent[0])
    assert Card("JS") in shown and Card("AS") in shown and Card("JC") not in shown


def test_j78_option_does_not_apply_to_other_ranks() -> None:
    """Rule MM-4.3."""
    state = position("5C 2D 3D", "2S 3S 4S", "5H")
    assert texts(state) == ["play 5C"]


# --------------------------------------------------------------------------- one card


def test_the_play_leaving_one_card_is_listed_with_and_without_the_announcement() -> None:
    """Rule MM-6.1."""
    state = position("9H 2C", "2D 3D 4S", "5H")
    assert texts(state) == ["play 9H", "play 9H announce"]
    state = play(state, "play 9H announce")
    assert "seat 0: one card!" in [str(e) for e in mau_mau.events(state)]
    assert not state.unannounced


def test_announce_goes_only_with_the_play_that_leaves_one_card() -> None:
    """Rule MM-6.1."""
    state = position("9H 2C 3C", "2D 3D 4S", "5H")
    with pytest.raises(IllegalMoveError, match="'announce' goes only with the play"):
        play(state, "play 9H announce")


def test_a_missed_one_card_announcement_forces_a_draw_instead_of_going_out() -> None:
    """Rule MM-6.2."""
    state = position("9H 2S", "9S 4D 5D", "5H", stock="KC QC")
    state = play(state, "play 9H")  # leaves one card, silently
    assert state.unannounced == 0b01
    assert "seat 0 did not announce his last card" in [str(e) for e in mau_mau.events(state)]
    state = play(state, "play 9S")  # seat 0's turn: his 2S would go out on the 9S
    assert hand(state, 0) == cs("2S KC")
    assert mau_mau.to_move(state) == 1  # the draw was his whole turn (MM-6.2)
    assert not state.unannounced
    assert "seat 0 must draw a card for not announcing his last card" in [
        str(e) for e in mau_mau.events(state)
    ]


def _one_card_left_unannounced_position(seat_1: str) -> State:
    """Seat 0 (KH 5H) to play on 9H; seat 1 holds ``seat_1``; no card left to draw
    (a position reported by users)."""
    held = parse_cards(f"KH 5H {seat_1} 9H")
    rules = attrs.evolve(SINGLE, restock="none")
    data = mau_mau.state_to_dict(mau_mau.deal(rules, seed=2))
    data.update(
        hands=["KH 5H", seat_1],
        stock="",
        discard_pile=format_cards([c for c in DECK52 if c not in held]),
        upcard="9H",
        turn=0,
        called=None,
        free=False,
        unannounced=[],
        history=None,  # no history leads to a hand-built position
    )
    return mau_mau.state_from_dict(data)


def test_a_missed_one_card_still_bars_the_last_card_when_the_penalty_draw_finds_nothing() -> None:
    state = _one_card_left_unannounced_position("6H 2D 4S")
    state = play(state, "play KH", "play 6H")  # seat 0 does not announce "one card"
    # Seat 0 may not play his 5H and finds nothing to draw: he passes; so does seat 1.
    events = [str(e) for e in mau_mau.events(state)]
    assert events[-7:-3] == [
        "seat 0 must draw a card for not announcing his last card",
        "no card is left for seat 0 to draw",
        "seat 0 can neither play nor draw",
        "seat 1 can neither play nor draw",
    ]
    score = mau_mau.score(state)
    assert score.outcome is not None and score.outcome.reason == "blocked"
    assert score.deals[0].extra("hand_values") == (5, 6)
    assert score.totals == (1, 0)


def test_a_missed_one_card_blocks_the_deal_alike_whoever_passes_first() -> None:
    state = _one_card_left_unannounced_position("2D 4S")
    state = play(state, "play KH")  # unannounced; seat 1 cannot play on KH nor draw
    events = [str(e) for e in mau_mau.events(state)]
    assert events[-7:-3] == [
        "seat 1 can neither play nor draw",
        "seat 0 must draw a card for not announcing his last card",
        "no card is left for seat 0 to draw",
        "seat 0 can neither play nor draw",
    ]
    score = mau_mau.score(state)
    assert score.outcome is not None and score.outcome.reason == "blocked"
    assert score.totals == (1, 0)


def test_a_missed_one_card_keeps_the_last_card_barred_while_nothing_can_be_drawn() -> None:
    rules = attrs.evolve(SINGLE, restock="none")
    state = position("9H 5H", "6H 3H 2D", "4H", stock="", rules=rules)
    state = play(state, "play 9H", "play 6H")  # seat 0 passes, barred; seat 1 plays on
    assert state.unannounced == 0b01 and hand(state, 0) == cs("5H")
    assert mau_mau.to_move(state) == 1 and texts(state) == ["play 3H", "play 3H announce"]


def test_the_one_card_flag_clears_once_the_hand_grows() -> None:
    """Rule MM-6.2."""
    state = position("9H 2H", "7H 4D 5S", "5H", stock="KC QC")
    state = play(state, "play 9H", "play 7H")  # seat 0 draws one for the seven
    assert not state.unannounced and hand(state, 0) == cs("2H KC")
    assert mau_mau.to_move(state) == 1


def test_one_card_penalty_may_leave_the_turn_going_on_option() -> None:
    """Rule MM-6.2."""
    rules = attrs.evolve(SINGLE, one_card_penalty_ends_turn=False)
    state = position("9H 2H", "9S 4D 5D", "5H", stock="KS QC", rules=rules)
    state = play(state, "play 9H", "play 9S")
    assert hand(state, 0) == cs("2H KS")
    assert mau_mau.to_move(state) == 0
    assert texts(state) == ["play KS", "play KS announce"]


# --------------------------------------------------------------------------- the 50-point rule


def test_penalty_mode_drawing_with_a_playable_card_costs_the_offender_50_once_per_turn() -> None:
    """Rule MM-4.2."""
    rules = attrs.evolve(SINGLE, must_play="penalty")
    state = position("9H 2C", "2D 3D 4S", "5H", stock="KC QC", rules=rules)
    assert texts(state) == ["play 9H", "play 9H announce", "draw"]
    state = play(state, "draw", "draw")
    assert mau_mau.score(state).totals == (-50, 0)
    assert [e.kind for e in mau_mau.events(state)].count("penalty") == 1
    assert mau_mau.to_move(state) == 0


def test_penalty_mode_a_turn_lasts_until_the_other_seat_acts() -> None:
    """Rule MM-4.2."""
    rules = attrs.evolve(SINGLE, must_play="penalty")
    state = position("7H 9H 2C 3C", "4D 5D 6D", "5H", stock="KC QC 2S 9D 9S AS", rules=rules)
    state = play(state, "draw", "draw", "play 7H")  # 50 points; seat 1 draws for the seven
    state = play(state, "draw")  # still seat 0's turn: seat 1 has not acted
    assert mau_mau.score(state).totals == (-50, 0)
    state = play(state, "play 9H", "draw", "play 9S")  # seat 1 acts
    state = play(state, "draw")  # a new turn of seat 0, holding the 9D
    assert mau_mau.score(state).totals == (-100, 0)


def test_penalty_mode_a_draw_without_a_playable_card_costs_nothing() -> None:
    """Rule MM-4.2."""
    rules = attrs.evolve(SINGLE, must_play="penalty")
    state = position("9C 2C", "2D 3D 4S", "5H", stock="KC QC", rules=rules)
    state = play(state, "draw")
    assert mau_mau.score(state).totals == (0, 0)


def test_penalty_mode_can_credit_the_opponent_instead() -> None:
    """Rule MM-4.2."""
    rules = attrs.evolve(SINGLE, must_play="penalty", penalty_target="opponent")
    state = position("9H 2C", "2D 3D 4S", "5H", stock="KC QC", rules=rules)
    state = play(state, "draw")
    assert mau_mau.score(state).totals == (0, 50)


def test_penalty_points_go_into_the_deal_row() -> None:
    """Rule MM-4.2."""
    rules = attrs.evolve(SINGLE, must_play="penalty")
    state = position("9H", "2D 3D", "5H", rules=rules, penalties=(-50, 0))
    assert mau_mau.score(state).totals == (-50, 0)
    state = play(state, "play 9H")
    row = mau_mau.score(state).deals[0]
    assert row.extra("penalties") == (-50, 0) and row.extra("cards") == (5, 0)
    assert row.points == (5 - 50, 0) and mau_mau.score(state).totals == (-45, 0)


# --------------------------------------------------------------------------- scoring


def test_card_values_j20_8_20_7_15_a15_q10_k10_others_face_value() -> None:
    """Rule MM-1.2."""
    assert mau_mau.hand_points(parse_cards("JS 8H 7D AC QS KH 10C 2D")) == (
        20 + 20 + 15 + 15 + 10 + 10 + 10 + 2
    )
    assert [mau_mau.hand_points([Card(f"{r}C")]) for r in "23456789"] == [2, 3, 4, 5, 6, 15, 20, 9]


def test_the_player_who_goes_out_scores_the_values_of_the_opponents_cards() -> None:
    """Rule MM-7.1."""
    state = position("9H", "JS 8D 2C", "5H")
    state = play(state, "play 9H")
    row = mau_mau.score(state).deals[0]
    assert row.points == (42, 0) and row.extra("hand_values") == (0, 42)
    assert mau_mau.score(state).outcome is not None


def test_a_last_seven_or_eight_still_makes_the_opponent_draw() -> None:
    """Rule MM-7.2."""
    state = position("8H", "2C", "5H", stock="KS QS JS 4C")
    state = play(state, "play 8H")
    assert mau_mau.score(state).deals[0].points == (2 + 10 + 10 + 20, 0)


def test_last_card_effects_option_off_the_last_seven_costs_nothing() -> None:
    """Rule MM-7.2."""
    rules = attrs.evolve(SINGLE, last_card_effects=False)
    state = position("7H", "2C", "5H", stock="KS", rules=rules)
    state = play(state, "play 7H")
    assert mau_mau.score(state).deals[0].points == (2, 0)


def test_the_game_goes_to_500_and_the_winner_is_paid_the_difference() -> None:
    """Rule MM-7.3."""
    rules = Rules(first_dealer=1)
    state = position("9H", "JS JC JD 8C", "5H", rules=rules)
    state = state._replace(
        deal=state.deal._replace(match=Match(3, 1, (430, 120), state.match.rows))
    )
    state = play(state, "play 9H")
    score = mau_mau.score(state)
    assert score.totals == (510, 120)
    assert score.outcome is not None and score.outcome.reason == "target reached"
    assert score.outcome.winners == (0,)
    assert score.payoffs == (390.0, -390.0)


def test_the_payoffs_are_the_difference_of_the_totals_during_and_at_the_end() -> None:
    """Rule MM-7.4: the winner is paid the difference between the two scores; the
    payoffs add up to zero, during the game as at its end."""
    rules = Rules(first_dealer=1)
    state = position("9H", "JS 8C", "5H", rules=rules)
    state = state._replace(
        deal=state.deal._replace(match=Match(3, 1, (120, 200), state.match.rows))
    )
    assert mau_mau.score(state).payoffs == (-80.0, 80.0)
    state = play(state, "play 9H")  # seat 0 scores 40: 160 to 200, the game goes on
    assert not mau_mau.is_over(state)
    assert mau_mau.score(state).payoffs == (-40.0, 40.0)
    state = position("9H", "JS JC JD 8C", "5H", rules=rules)
    state = state._replace(
        deal=state.deal._replace(match=Match(3, 1, (430, 120), state.match.rows))
    )
    state = play(state, "play 9H")  # seat 0 reaches 510 and wins
    score = mau_mau.score(state)
    assert score.outcome is not None and score.outcome.winners == (0,)
    assert score.payoffs == (390.0, -390.0) and sum(score.payoffs) == 0


def test_below_the_target_another_deal_is_dealt() -> None:
    """Rule MM-7.3."""
    state = position("9H", "JS 8C", "5H", rules=Rules(first_dealer=1))
    state = play(state, "play 9H")
    assert not mau_mau.is_over(state)
    assert state.match.totals == (40, 0) and state.match.deal_number == 1
    assert len(hand(state, 0)) == len(hand(state, 1)) == 7 and conserved(state)


def test_target_reached_by_both_the_higher_total_wins_and_a_tie_plays_on() -> None:
    """Rule MM-7.3."""
    rules = Rules(first_dealer=1, target=100, must_play="penalty", penalty_target="opponent")
    state = position("9H", "2C", "5H", stock="KC", rules=rules)
    state = state._replace(
        deal=state.deal._replace(match=Match(2, 1, (98, 140), ())), penalties=(0, 0)
    )
    state = play(state, "play 9H")  # seat 0: 100, seat 1: 140
    assert state.outcome is not None and state.outcome.winners == (1,)
    state = position("9H", "2C", "5H", stock="KC", rules=rules)
    state = state._replace(deal=state.deal._replace(match=Match(2, 1, (98, 100), ())))
    state = play(state, "play 9H")  # 100 each: play another deal
    assert not mau_mau.is_over(state) and state.match.deal_number == 3


def test_target_none_plays_a_single_deal() -> None:
    """Rule MM-7.3."""
    state = position("9H", "2C", "5H")
    state = play(state, "play 9H")
    outcome = mau_mau.score(state).outcome
    assert outcome is not None and outcome.reason == "schedule complete"
    assert outcome.winners == (0,) and len(mau_mau.score(state).deals) == 1


# --------------------------------------------------------------------------- the stock


def test_an_empty_stock_is_restocked_from_the_discard_pile_except_the_upcard() -> None:
    """Rule MM-4.4."""
    state = position("9C", "2D 3D 4S", "5H", stock="")
    pile = cards_of(state.pile)
    state = play(state, "draw")
    assert state.upcard == Card("5H") and state.pile == 0
    assert len(state.stock) == len(pile) - 1
    assert "restock" in [e.kind for e in mau_mau.events(state)] and conserved(state)


def test_the_restock_is_shuffled_from_the_seeds_restock_stream() -> None:
    """Rule MM-4.4."""
    state = position("9C", "2D 3D 4S", "5H", stock="")
    order = Stream(state.seed, "restock", 0, 0).shuffle(cards_of(state.pile))
    state = play(state, "draw")
    assert hand(state, 0) == tuple(sorted((Card("9C"), order[0])))
    assert state.stock == tuple(order[1:])


def test_an_eight_finding_fewer_than_three_cards_restocks_mid_draw() -> None:
    """Rule MM-4.4."""
    state = position("8H 2C", "3D 4S", "5H", stock="KS")
    pile_size = state.pile.bit_count()
    state = play(state, "play 8H announce")
    assert len(hand(state, 1)) == 5
    assert len(state.stock) == pile_size + 1 - 2 and conserved(state)


def test_without_restock_a_player_who_can_neither_play_nor_draw_passes() -> None:
    """Rule MM-4.4."""
    rules = attrs.evolve(SINGLE, restock="none")
    state = position("9H 9C 3C", "5D 4S", "5H", stock="", rules=rules)
    state = play(state, "play 9H")
    assert "seat 1 can neither play nor draw" in [str(e) for e in mau_mau.events(state)]
    assert mau_mau.to_move(state) == 0 and texts(state) == ["play 9C", "play 9C announce"]


def test_two_passes_in_succession_block_the_deal_and_the_lower_hand_scores_the_difference() -> None:
    """Rule MM-4.4."""
    rules = attrs.evolve(SINGLE, restock="none")
    state = position("9H 3C 2C", "5D KS", "5H", stock="", rules=rules)
    state = play(state, "play 9H")  # seat 1 passes, seat 0 (3C 2C) passes: blocked
    score = mau_mau.score(state)
    assert score.outcome is not None and score.outcome.reason == "blocked"
    row = score.deals[0]
    assert row.extra("blocked") == (1, 1) and row.extra("hand_values") == (5, 15)
    assert row.points == (10, 0) and score.outcome.winners == (0,)


def test_a_blocked_deal_with_equal_hands_scores_nothing() -> None:
    """Rule MM-4.4."""
    rules = attrs.evolve(SINGLE, restock="none")
    state = position("9H 3C 2C", "5D", "5H", stock="", rules=rules)
    state = play(state, "play 9H")
    score = mau_mau.score(state)
    assert score.deals[0].points == (0, 0)
    assert score.outcome is not None and score.outcome.draw


def test_without_restock_an_eight_takes_what_is_left() -> None:
    """Rule MM-4.4."""
    rules = attrs.evolve(SINGLE, restock="none")
    state = position("8H 2C", "3D 4S", "5H", stock="KS", rules=rules)
    state = play(state, "play 8H")
    assert len(hand(state, 1)) == 3 and state.stock == ()
    assert "no card is left for seat 1 to draw" in [str(e) for e in mau_mau.events(state)]


# --------------------------------------------------------------------------- starters


def test_a_seven_eight_or_jack_starter_is_an_ordinary_upcard() -> None:
    """Rule MM-2.3."""
    state = dealt("2C 3C 4C 5C 6C 9D 10D", "2D 3D 4D 5D 6D 7D 8D", "7C")
    assert len(hand(state, 0)) == 7 and mau_mau.to_move(state) == 0
    assert texts(state) == ["play 2C", "play 3C", "play 4C", "play 5C", "play 6C"]
    state = dealt("2C 3C 4C 5C 6C 9D 10D", "2D 3D 4D 5D 6D 7D 8D", "JH")
    assert state.called is None and not state.free and texts(state) == ["draw"]


def test_starter_effects_option_a_seven_or_eight_starter_makes_the_non_dealer_draw() -> None:
    """Rule MM-2.3."""
    state = dealt("2C 3C 4C 5C 6C 9D 10D", "2D 3D 4D 5D 6D 7D 8D", "8C", starter_effects=True)
    assert len(hand(state, 0)) == 10
    assert mau_mau.to_move(state) == 1  # the dealer plays first on his own eight
    state = dealt("2H 3H 4H 5H 6H 9D 10D", "2D 3D 4D 5D 6D 7D 8D", "JC", starter_effects=True)
    assert state.free and mau_mau.to_move(state) == 0 and len(texts(state)) == 7


def test_bury_special_starter_option_puts_it_under_the_stock_and_turns_again() -> None:
    """Rule MM-2.3."""
    state = dealt(
        "2C 3C 4C 5C 6C 9D 10D", "2D 3D 4D 5D 6D 7D 8D", "JC", "8H 4H", bury_special_starter=True
    )
    assert state.upcard == Card("4H")
    assert state.buried == parse_cards("JC 8H")
    assert mau_mau.zones(state)["stock"][-2:] == parse_cards("JC 8H")


# --------------------------------------------------------------------------- chance


def test_explicit_chance_deals_and_turns_the_starter_as_chance_steps() -> None:
    state = mau_mau.deal(Rules(first_dealer=1, target=None), seed=3, chance="explicit")
    for _ in range(15):
        assert mau_mau.to_move(state) is CHANCE
        outcomes = mau_mau.chance_outcomes(state)
        assert len({p for _, p in outcomes}) == 1 and len(outcomes) == len(state.stock)
        state = mau_mau.apply(state, outcomes[-1][0])
    assert state.phase is Phase.PLAYING and len(state.stock) == 37
    assert state.upcard == sorted(DECK52)[-15]


def test_explicit_chance_every_card_drawn_is_a_chance_step_over_the_stock() -> None:
    state = position("9C", "2D", "5H")
    state = state._replace(
        deal=state.deal._replace(chance="explicit"), stock=tuple(sorted(state.stock))
    )
    state = mau_mau.apply(state, DRAW)
    assert mau_mau.to_move(state) is CHANCE
    outcomes = mau_mau.chance_outcomes(state)
    assert {m.card for m, _ in outcomes if isinstance(m, DealCard)} == set(state.stock)
    assert all(abs(p - 1 / len(state.stock)) < 1e-12 for _, p in outcomes)
    state = mau_mau.apply(state, DealCard(Card("KH")))
    assert hand(state, 0) == cs("9C KH") and mau_mau.to_move(state) == 0
    assert texts(state) == ["play KH", "play KH announce"]


def test_the_first_dealer_is_a_chance_step_in_explicit_mode() -> None:
    """Rule MM-2.1."""
    state = mau_mau.deal(Rules(target=None), seed=3, chance="explicit")
    assert [str(m) for m in mau_mau.legal_moves(state)] == ["dealer 0", "dealer 1"]
    with pytest.raises(ValueError, match="a fixed deck and explicit chance"):
        mau_mau.deal(Rules(), seed=3, chance="explicit", deck=DECK52)


# --------------------------------------------------------------------------- moves and errors


def test_move_text_forms_and_numbers() -> None:
    assert mau_mau.NUM_MOVES == 192
    for text, number in [
        ("play 2C", 0),
        ("play AS", 51),
        ("play 9H announce", 52 + 33),
        ("play JC call hearts", 104 + 2),
        ("play JS call hearts announce", 120 + 12 + 2),
        ("draw", 136),
        ("end turn", 137),
        ("deal 2C", 138),
        ("dealer 1", 191),
    ]:
        move = mau_mau.move_from_index(number)
        assert str(move) == text and mau_mau.move_index(move) == number
    with pytest.raises(IllegalMoveError, match="has no number"):
        mau_mau.move_index(Play(Card("9H"), Suit.CLUBS))


def test_end_turn_is_never_legal_in_this_game() -> None:
    state = position("9C", "2D", "5H")
    with pytest.raises(IllegalMoveError, match="'end turn' is allowed only after drawing"):
        mau_mau.apply(state, END_TURN)


def test_an_illegal_move_is_refused_with_its_reason_and_changes_nothing() -> None:
    state = position("9H 2C", "2D 3D 4S", "5H")
    copy = state._replace()
    with pytest.raises(IllegalMoveError, match=r"2D is not in seat 0's hand \(2C 9H\)"):
        play(state, "play 2D")
    with pytest.raises(NotationError):
        mau_mau.parse_move(state, "play 2X")
    assert state == copy


# --------------------------------------------------------------------------- views and sampling


def test_a_view_shows_the_own_hand_and_the_public_facts_only() -> None:
    state = position("JH 9H 2C", "2D 3D 4S", "5H", stock="KC QC AC")
    state = play(state, "play JH call spades")
    view = mau_mau.observe(state, 0)
    assert view.hand == parse_cards("2C 9H")
    assert view.hand_sizes == (2, 3) and view.stock_size == 3
    assert view.upcard == Card("JH") and view.called is Suit.SPADES
    assert Card("5H") in view.discard_pile
    assert not hasattr(view, "seed") and not hasattr(view, "stock")
    assert view.legal_moves == ()
    assert mau_mau.observe(state, 1).legal_moves == mau_mau.legal_moves(state)


def test_sample_respects_that_a_draw_showed_no_playable_card() -> None:
    # Seat 1 draws on the 5H until he can play: he held no heart and no five.
    state = position("9C 2C 3C", "2D 3D 4S", "5H", stock="KC QC 9H", turn=1)
    state = play(state, "draw")
    view = mau_mau.observe(state, 0)
    assert view.allowance[1] == 1  # he may have drawn one since
    state = play(state, "draw", "draw", "play 9H")  # the 9H was the card drawn last
    view = mau_mau.observe(state, 0)
    assert view.allowance[1] == 0
    shown = mask_of(c for c in DECK52 if c.suit is Suit.HEARTS or c.rank == 5)
    assert mask_of(view.absent[1]) == shown
    rng = random.Random(1)
    for _ in range(100):
        world = mau_mau.sample(view, rng)
        assert mau_mau.observe(world, 0) == view and conserved(world)
        assert not world.hands[1] & shown


def test_sample_is_uniform_over_the_unseen_cards_when_nothing_is_shown() -> None:
    state = mau_mau.deal(Rules(first_dealer=1, target=None), seed=5)
    view = mau_mau.observe(state, 0)
    rng = random.Random(2)
    counts: Counter[Card] = Counter()
    trials = 3000
    for _ in range(trials):
        counts.update(cards_of(mau_mau.sample(view, rng).hands[1]))
    unseen = 52 - 7 - 1
    expected = trials * 7 / unseen
    chi2 = sum(
        (counts[c] - expected) ** 2 / expected
        for c in DECK52
        if c.bit & ~mask_of(view.hand) and c != view.upcard
    )
    assert chi2 < 95  # 43 degrees of freedom: p < 0.0001 beyond about 90


def test_a_sampled_world_gets_a_fresh_seed_and_no_history() -> None:
    state = mau_mau.deal(Rules(first_dealer=1), seed=5)
    world = mau_mau.sample(mau_mau.observe(state, 1), random.Random(0))
    assert world.seed != state.seed and world.history is None
    with pytest.raises(RecordError, match="no move history"):
        mau_mau.moves_played(world)


# --------------------------------------------------------------------------- serialization


def test_state_json_round_trips_and_refuses_a_card_in_two_places() -> None:
    state = play(position("JH 9H 2C", "2D 3D 4S", "5H"), "play JH call spades")
    assert state_from_json(state_to_json(state)) == state
    data = mau_mau.state_to_dict(state)
    data["hands"][0] = data["hands"][0] + " 2D"
    with pytest.raises(RecordError, match="cards in two places: 2D"):
        mau_mau.state_from_dict(data)
