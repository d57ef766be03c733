"""The rules of play of the trick engine (cardrules.core.trickgame.rules_of_play) and the play
restrictions a game switches on: a suit not led until broken, cards barred on the
first trick, must trump, must beat. Each is checked on hand-built positions of a small
game written here on the engine (rule identifiers TOY-1 to TOY-5), with what the play
reveals; then random games with every restriction on check that ``sample`` respects
every card a play showed absent. Last, two sampling cases of bidding and declaring.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from cardrules.cards import ALL_CARDS, DECK52, Card, Suit, cards_of, mask_of, parse_cards
from cardrules.core import trickgame, tricks
from cardrules.core.options import rules_to_text
from cardrules.core.sampling import count_worlds
from cardrules.core.trickgame import State, rules_of_play
from cardrules.core.trickgame.rules_of_play import Restrictions
from cardrules.errors import ArgumentError, IllegalMoveError
from cardrules.game import Event, Log
from cardrules.moves import BIDS, Declaration, Play

HEARTS = tricks.SUIT_MASKS[Suit.HEARTS]
QUEEN_OF_SPADES = parse_cards("QS")[0].bit
HAND = 6


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """Four players, six cards each, the next card turned for trump (when ``trumps``)."""

    players: int = 4
    trumps: bool = False
    unbroken: bool = False
    queen_breaks: bool = False
    first_trick: bool = False
    must_trump: bool = False
    must_beat: bool = False

    def __str__(self) -> str:
        return rules_to_text("toy_tricks", self)


@attrs.frozen(slots=True)
class View(trickgame.View):
    known: tuple[tuple[Card, ...], ...]
    voids: tuple[tuple[Suit, ...], ...]
    absent: tuple[tuple[Card, ...], ...]


def _score(state: State, out: int | None) -> tuple[tuple[int, ...], Any, Log[Event]]:
    return (0,) * state.rules.players, (), state.log


RESTRICTIONS = Restrictions(
    unbroken=lambda rules: HEARTS if rules.unbroken else 0,
    breaking=lambda rules: HEARTS | (QUEEN_OF_SPADES if rules.queen_breaks else 0),
    first_trick_barred=lambda rules: HEARTS | QUEEN_OF_SPADES if rules.first_trick else 0,
    must_trump=lambda rules: rules.must_trump,
    must_beat=lambda rules: rules.must_beat,
)

GAME = trickgame.TrickGame(
    name="toy_tricks",
    title="Toy Tricks",
    version="1",
    rules_class=Rules,
    dealing=trickgame.Dealing(
        deck=lambda rules: DECK52,
        hand_size=lambda rules, number: HAND,
        event=lambda rules, match, size: Event("deal", match.dealer, value=size),
    ),
    trumps=trickgame.Trumps(
        card="next",
        trick_rules=lambda rules, contract: tricks.trick_rules(
            contract.trump if rules.trumps else None
        ),
    ),
    play=trickgame.TrickPlay(restrictions=RESTRICTIONS),
    scoring=trickgame.Scoring(deal=_score),
    match=trickgame.MatchPlan(deals=lambda rules: 1),
    moves=trickgame.Moves(max_players=4),
    view_class=View,
    rule_ids=(
        ("follow", "TOY-1"),
        ("unbroken", "TOY-2"),
        ("first_trick", "TOY-3"),
        ("must_trump", "TOY-4"),
        ("must_beat", "TOY-5"),
    ),
)


def deal(rules: Rules, hands: Sequence[str], trump: str = "KC") -> State:
    """A deal with these hands (seat 0 leads) and this card turned for trump."""
    held = [parse_cards(hand) for hand in hands]
    turned = parse_cards(trump)
    used = [c for hand in held for c in hand] + list(turned)
    assert len(set(used)) == len(used), "a card in two places"
    order = [held[i % 4][i // 4] for i in range(4 * HAND)] + list(turned)
    order += [c for c in DECK52 if c not in order]
    return GAME.deal(attrs.evolve(rules, first_dealer=3), seed=1, deck=order)


def play(state: State, *cards: str) -> State:
    for text in cards:
        state = trickgame.apply(state, Play(parse_cards(text)[0]))
    return state


def legal(state: State) -> set[str]:
    return {
        m.card.text.replace("10", "T") for m in trickgame.legal_moves(state) if isinstance(m, Play)
    }


def refused(state: State, card: str) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        trickgame.apply(state, Play(parse_cards(card)[0]))
    return str(caught.value)


def absent(state: State, seat: int) -> int:
    return state.voids[seat]


def mask(text: str) -> int:
    return mask_of(parse_cards(text))


EAST = "2C 3D 4D 5D 6D 7D"  # seat 1 .. 3: filler hands without hearts
NORTH = "3C 8D 9D TD JD QD"
WEST = "4C 8C 2D KD AD TC"


# ------------------------------------------------------------------ a suit not led until broken


def test_unbroken_suit_may_not_be_led() -> None:
    """Rule TOY-2."""
    state = deal(Rules(unbroken=True), ["AC 2H 3H 4H 5H 6H", EAST, NORTH, WEST])
    assert legal(state) == {"AC"}
    assert "may not be led until broken" in refused(state, "2H")
    assert "(rule TOY-2)" in refused(state, "2H")
    # Off, any card leads.
    assert "2H" in legal(deal(Rules(), ["AC 2H 3H 4H 5H 6H", EAST, NORTH, WEST]))


def test_leading_unbroken_with_nothing_else_reveals_the_rest() -> None:
    """Rule TOY-2."""
    state = deal(Rules(unbroken=True), ["AC 2H 3H 4H 5H 6H", EAST, NORTH, WEST])
    state = play(state, "AC", "2C", "3C", "4C")  # seat 0 wins and holds only hearts
    assert legal(state) == {"2H", "3H", "4H", "5H", "6H"}
    state = play(state, "2H")
    assert absent(state, 0) == rules_of_play.ALL_MASK & ~HEARTS


def test_a_discarded_heart_breaks_hearts() -> None:
    """Rule TOY-2."""
    hands = ["AC 2H 3H 4H 5H 7S", "5S 8H 9H TH JH QH", NORTH, WEST]
    state = play(deal(Rules(unbroken=True), hands), "AC", "8H", "3C", "4C")
    assert {"2H", "7S"} <= legal(state)  # broken: hearts lead


def test_the_queen_of_spades_breaks_hearts_when_the_rules_say_so() -> None:
    """Rule TOY-2."""
    hands = ["AC 2H 3H 4H 5H 7S", "QS 8S 9S TS JS KS", NORTH, WEST]
    for queen_breaks, leads in ((False, {"7S"}), (True, {"2H", "3H", "4H", "5H", "7S"})):
        state = deal(Rules(unbroken=True, queen_breaks=queen_breaks), hands)
        assert legal(play(state, "AC", "QS", "3C", "4C")) == leads


# ----------------------------------------------------------------------- the first trick


def test_points_barred_on_the_first_trick() -> None:
    """Rule TOY-3."""
    hands = ["AC 3D 4D 5D 6D 7D", "QS 2H 7S 8S 9S TS", NORTH, WEST]
    state = play(deal(Rules(first_trick=True), hands), "AC")
    assert legal(state) == {"7S", "8S", "9S", "TS"}
    message = refused(state, "QS")
    assert "may not be played to the first trick" in message and "(rule TOY-3)" in message
    # The next trick: no bar.
    state = play(state, "7S", "3C", "4C")
    assert legal(play(state, "3D")) >= {"QS", "2H"}


def test_only_point_cards_may_play_one_and_show_no_other_card() -> None:
    """Rule TOY-3."""
    hands = ["AC 3D 4D 5D 6D 7D", "QS 2H 3H 4H 5H 6H", NORTH, WEST]
    state = play(deal(Rules(first_trick=True), hands), "AC")
    assert legal(state) == {"QS", "2H", "3H", "4H", "5H", "6H"}
    state = play(state, "QS")
    assert absent(state, 1) == rules_of_play.ALL_MASK & ~(HEARTS | QUEEN_OF_SPADES)
    assert trickgame.observe(state, 0).voids[1] == (Suit.CLUBS, Suit.DIAMONDS)


def test_a_barred_card_of_the_led_suit_shows_no_unbarred_one() -> None:
    """Rule TOY-3."""
    hands = ["7S 3D 4D 5D 6D 7D", "QS 8S 2H 3H 4H 5H", NORTH, "9S TS JS KS AS 2C"]
    state = play(deal(Rules(first_trick=True), hands), "7S")
    assert legal(state) == {"8S"}  # the queen is barred, the eight is not
    hands[1] = "QS 2H 3H 4H 5H 6H"
    state = play(deal(Rules(first_trick=True), hands), "7S")
    assert legal(state) == {"QS"}  # must follow, and every spade held is barred
    spades = tricks.SUIT_MASKS[Suit.SPADES]
    assert absent(play(state, "QS"), 1) == spades & ~QUEEN_OF_SPADES


# ----------------------------------------------------------------------- must trump


def test_must_trump_when_void() -> None:
    """Rule TOY-4."""
    hands = ["AC 3D 4D 5D 6D 7D", "2S 3S 7H 8H 9H TH", NORTH, WEST]
    rules = Rules(trumps=True, must_trump=True)
    state = play(deal(rules, hands, trump="5S"), "AC")
    assert legal(state) == {"2S", "3S"}
    message = refused(state, "7H")
    assert "must trump: spades" in message and "(rule TOY-4)" in message
    off = play(deal(Rules(trumps=True), hands, trump="5S"), "AC")
    assert legal(off) == {"2S", "3S", "7H", "8H", "9H", "TH"}


def test_a_discard_under_must_trump_shows_no_trumps() -> None:
    """Rule TOY-4."""
    hands = ["AC 3D 4D 5D 6D 7D", "7H 8H 9H TH JH QH", NORTH, WEST]
    state = play(deal(Rules(trumps=True, must_trump=True), hands, trump="5S"), "AC", "7H")
    spades = tricks.SUIT_MASKS[Suit.SPADES]
    assert absent(state, 1) == tricks.SUIT_MASKS[Suit.CLUBS] | spades
    # Without the rule the discard shows only the void.
    state = play(deal(Rules(trumps=True), hands, trump="5S"), "AC", "7H")
    assert absent(state, 1) == tricks.SUIT_MASKS[Suit.CLUBS]


# ----------------------------------------------------------------------- must beat


def test_must_beat_in_the_led_suit() -> None:
    """Rule TOY-5."""
    hands = ["9C 3D 4D 5D 6D 7D", "5C JC 7H 8H 9H TH", NORTH, WEST]
    state = play(deal(Rules(must_beat=True), hands), "9C")
    assert legal(state) == {"JC"}
    message = refused(state, "5C")
    assert "must beat the trick" in message and "(rule TOY-5)" in message


def test_a_card_that_does_not_beat_shows_no_card_that_would() -> None:
    """Rule TOY-5."""
    hands = ["9C 3D 4D 5D 6D 7D", "5C 7C 7H 8H 9H TH", NORTH, WEST]
    state = play(deal(Rules(must_beat=True), hands), "9C")
    assert legal(state) == {"5C", "7C"}
    assert absent(play(state, "5C"), 1) == mask("TC JC QC KC AC")


def test_must_overtrump_and_may_undertrump_only_without_a_higher_trump() -> None:
    """Rule TOY-5."""
    rules = Rules(trumps=True, must_trump=True, must_beat=True)
    hands = ["9C 3D 4D 5D 6D 7D", "3S 7H 8H 9H TH JH", "2S 5S QH KH AH 9D", WEST]
    state = play(deal(rules, hands, trump="4S"), "9C", "3S")
    assert legal(state) == {"5S"}
    hands[2] = "2S 6H QH KH AH 9D"
    state = play(deal(rules, hands, trump="4S"), "9C", "3S")
    assert legal(state) == {"2S"}
    after = play(state, "2S")
    assert absent(after, 2) & mask("4S 5S 6S AS") == mask("4S 5S 6S AS")


def test_following_a_trumped_trick_needs_no_beating() -> None:
    """Rule TOY-5."""
    rules = Rules(trumps=True, must_beat=True)
    hands = ["9C 3D 4D 5D 6D 7D", "3S 7H 8H 9H TH JH", "5C JC QH KH AH TD", WEST]
    state = play(deal(rules, hands, trump="4S"), "9C", "3S")
    assert legal(state) == {"5C", "JC"}


def test_the_rules_of_the_shipped_games_are_plain_follow_suit() -> None:
    """Oh Hell and Enfle add no restriction; Maverick adds must trump only with its
    option ``must_trump`` (rule MV-4.6), so its default rules are follow suit alone."""
    from cardrules.games import enfle, maverick, oh_hell

    for module in (oh_hell, enfle):
        assert module.Rules.trick_game.play.restrictions is None
    restrictions = maverick.GAME.play.restrictions
    assert rules_of_play.active(restrictions, maverick.Rules()) is None
    limits = rules_of_play.active(restrictions, maverick.Rules(must_trump=True))
    assert limits is not None and limits.must_trump and not limits.must_beat


# ----------------------------------------------------------------------- sampling


def _check_views(state: State, rng: random.Random) -> None:
    for seat in range(4):
        view = trickgame.observe(state, seat)
        for _ in range(2):
            world = trickgame.sample(view, rng)
            assert trickgame.observe(world, seat) == view
            for other in range(4):
                if other != seat:
                    assert not world.hands[other] & state.voids[other]


@pytest.mark.parametrize("seed", range(6))
def test_sampled_worlds_respect_every_absent_card(seed: int) -> None:
    """Every restriction on: a seat's true hand never holds a card its plays showed
    absent (what a play reveals is implied by it), and every world ``sample`` draws
    shows the same view and keeps every seat's absent cards out of its hand."""
    rules = Rules(trumps=True, unbroken=True, first_trick=True, must_trump=True, must_beat=True)
    rng = random.Random(seed)
    state = GAME.deal(rules, seed=seed)
    while not trickgame.is_over(state):
        for seat in range(4):
            assert not state.hands[seat] & state.voids[seat]
        if rng.random() < 0.4:
            _check_views(state, rng)
        _, voids = trickgame.knowledge(
            state.log.to_tuple(), 4, state.trick_rules, rules_of_play.active(RESTRICTIONS, rules)
        )
        assert voids == state.voids  # the log and play agree
        if rng.random() < 0.2:  # a saved state reads the same absent cards back from its log
            assert GAME.state_from_dict(trickgame.state_to_dict(state)) == state
        state = trickgame.apply(state, rng.choice(trickgame.legal_moves(state)))


# ----------------------------------------------------------------------- bidding and declaring


@attrs.frozen(slots=True, kw_only=True)
class EvenRules(trickgame.TrickGameRules):
    players: int = 3


@attrs.frozen(slots=True)
class BidView(trickgame.View):
    known: tuple[tuple[Card, ...], ...]
    voids: tuple[tuple[Suit, ...], ...]


EVEN_BIDS = trickgame.TrickGame(
    name="even_bids",
    title="Even Bids",
    version="1",
    rules_class=EvenRules,
    dealing=trickgame.Dealing(
        deck=lambda rules: DECK52,
        hand_size=lambda rules, number: 5,
        event=lambda rules, match, size: Event("deal", match.dealer, value=size),
    ),
    bidding=trickgame.Bidding(
        allowed=lambda state, seat: (0, 2, 4), hidden=lambda rules: True, most=5
    ),
    scoring=trickgame.Scoring(deal=_score, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: 1),
    moves=trickgame.Moves(max_players=3),
    view_class=BidView,
)


@attrs.frozen(slots=True, kw_only=True)
class EvenPassRules(trickgame.TrickGameRules):
    players: int = 3


# The same bids in a game with a passing round (held in every deal): its sample takes the
# passing route, which draws hidden bids by the same rule.
EVEN_BIDS_PASSING: trickgame.TrickGame[Any] = trickgame.TrickGame(
    name="even_bids_passing",
    title="Even Bids, passing",
    version="1",
    rules_class=EvenPassRules,
    dealing=EVEN_BIDS.dealing,
    bidding=EVEN_BIDS.bidding,
    scoring=EVEN_BIDS.scoring,
    match=EVEN_BIDS.match,
    moves=EVEN_BIDS.moves,
    view_class=BidView,
    rounds=(trickgame.Passing(count=1, to=lambda rules, number: 0),),
)


@pytest.mark.parametrize("game", [EVEN_BIDS, EVEN_BIDS_PASSING], ids=lambda g: g.name)
def test_sampled_hidden_bids_are_allowed_bids_on_both_routes(game: Any) -> None:
    state = game.deal(game.rules_class(first_dealer=2), seed=3)
    state = trickgame.apply(trickgame.apply(state, BIDS[2]), BIDS[4])  # seats 0 and 1
    view = trickgame.observe(state, 2)
    assert view.bids == (None, None, None) and view.has_bid == (True, True, False)
    rng = random.Random(5)
    drawn = {trickgame.sample(view, rng).bids[:2] for _ in range(60)}
    assert all(bid in (0, 2, 4) for bids in drawn for bid in bids)
    assert len(drawn) > 3  # drawn, not copied
    assert trickgame.observe(trickgame.sample(view, rng), 2) == view


@attrs.frozen(slots=True)
class DeclareView(trickgame.View):
    known: tuple[tuple[Card, ...], ...]
    voids: tuple[tuple[Suit, ...], ...]
    declared: tuple[bool | None, ...]


@attrs.frozen(slots=True, kw_only=True)
class DeclareRules(trickgame.TrickGameRules):
    players: int = 3


ZERO, NONE = Declaration("zero"), Declaration(None)

DECLARING = trickgame.TrickGame(
    name="declaring",
    title="Declaring",
    version="1",
    rules_class=DeclareRules,
    dealing=trickgame.Dealing(
        deck=lambda rules: DECK52,
        hand_size=lambda rules, number: 5,
        event=lambda rules, match, size: Event("deal", match.dealer, value=size),
    ),
    scoring=trickgame.Scoring(deal=_score),
    match=trickgame.MatchPlan(deals=lambda rules: 1),
    moves=trickgame.Moves(max_players=3, kinds=(Declaration,)),
    view_class=DeclareView,
    rounds=(
        trickgame.Declaring(
            phase="DECLARE",
            key="declared",
            moves=lambda state, seat: (ZERO, NONE),
            value=lambda move: move.kind == "zero",
            values=(True, False),
            event=lambda state, seat, move: Event("declare", seat, value=int(move == ZERO)),
            why_not=lambda state, seat, move: "declare 'bid zero' or 'no bid'",
        ),
    ),
)


def test_sample_keeps_the_declarations() -> None:
    state = DECLARING.deal(DeclareRules(first_dealer=2), seed=4)
    for move in (ZERO, NONE, ZERO):
        state = trickgame.apply(state, move)
    state = trickgame.apply(state, trickgame.legal_moves(state)[0])
    view = trickgame.observe(state, 1)
    assert view.declared == (True, False, True)
    world = trickgame.sample(view, random.Random(2))
    assert world.declared == ((True, False, True),)
    assert trickgame.observe(world, 1) == view


def test_wrong_state_messages_name_the_game() -> None:
    from cardrules.games import oh_hell

    assert oh_hell.NAME
    with pytest.raises(ArgumentError) as caught:
        trickgame.legal_moves("a state")
    assert str(caught.value) == (
        "a trick game's functions need a state of a trick game (from the game's deal, "
        "apply or sample), not 'a state'"
    )
    view = trickgame.observe(deal(Rules(), ["AC 2H 3H 4H 5H 6H", EAST, NORTH, WEST]), 0)
    with pytest.raises(ArgumentError) as caught:
        trickgame.legal_moves(view)
    assert str(caught.value) == (
        "Toy Tricks needs a state of Toy Tricks (from its deal, apply or sample), "
        "not a view of Toy Tricks"
    )


def test_sampling_with_absent_cards_is_uniform() -> None:
    """Each unseen card lies in a hand as often as the exact count of the worlds that
    respect every absent card says (every world equally likely)."""
    rules = Rules(trumps=True, unbroken=True, first_trick=True, must_trump=True, must_beat=True)
    rng = random.Random(11)
    state = GAME.deal(rules, seed=11)
    while sum(1 for v in state.voids if v & ~_whole(v)) < 2 or state.trick:
        state = trickgame.apply(state, rng.choice(trickgame.legal_moves(state)))
    view = trickgame.observe(state, 0)
    seen = state.hands[0] | state.waste | (state.trump_card.bit if state.trump_card else 0)
    unknown = mask_of(DECK52) & ~seen
    holders = [(state.hands[s].bit_count(), state.voids[s]) for s in (1, 2, 3)]
    holders.append((state.undealt.bit_count(), 0))
    total = count_worlds(unknown, holders)
    draws = 1500
    counts = [[0] * 4 for _ in range(54)]
    for _ in range(draws):
        world = trickgame.sample(view, rng)
        for h, seat in enumerate((1, 2, 3)):
            for card in cards_of(world.hands[seat]):
                counts[card.index][h] += 1
    for card in cards_of(unknown):
        for h in range(3):
            size, forbidden = holders[h]
            if forbidden & card.bit:
                assert counts[card.index][h] == 0
                continue
            fewer = list(holders)
            fewer[h] = (size - 1, forbidden)
            exact = count_worlds(unknown & ~card.bit, fewer) / total
            spread = 4.5 * (exact * (1 - exact) / draws) ** 0.5 + 1e-9
            assert abs(counts[card.index][h] / draws - exact) <= spread, (card, h, exact)


def _whole(mask: int) -> int:
    return sum(
        tricks.SUIT_MASKS[s] for s in Suit if mask & tricks.SUIT_MASKS[s] == tricks.SUIT_MASKS[s]
    )


def test_a_card_counted_in_another_suit_leads_follows_and_wins_as_that_suit() -> None:
    """The trick rules may move a card to another suit (Euchre's left bower): it is led,
    followed and ranked as that suit, and a void is revealed by that suit."""
    plain = tricks.trick_rules(Suit.HEARTS)
    follow = list(plain.follow_masks)
    follow[Suit.HEARTS] |= Card("JC").bit
    follow[Suit.CLUBS] &= ~Card("JC").bit
    ranks = list(card.rank for card in ALL_CARDS)
    ranks[Card("JC").index] = 15  # above the ace of hearts
    rules = tricks.TrickRules(Suit.HEARTS, None, True, tuple(follow), 0, tuple(ranks))
    hand = mask_of(parse_cards("2C 9H"))
    for lead, follows in (("JC", "9H"), ("AC", "2C")):
        group = rules_of_play.led_group(rules, parse_cards(lead))
        assert rules_of_play.follow_suit(hand, group, 0) == Card(follows).bit
    assert tricks.winner(rules, parse_cards("AH JC KH")) == 1
    assert tricks.winner(rules, parse_cards("AC JC")) == 1  # a trump on a club lead
    assert (
        rules_of_play.revealed(rules, None, parse_cards("JC"), 0, Card("2C")) == follow[Suit.HEARTS]
    )


def test_follow_suit_is_a_test_over_any_follow_group() -> None:
    """Follow suit reads a follow group as a mask of cards, never as a suit: a group that
    is no suit (Skat's grand makes the four jacks a group of their own) is followed the
    same way, and cards playable at any time stay playable."""
    jacks = mask_of(parse_cards("JC JS JH JD"))
    hand = mask_of(parse_cards("JS 7C AH"))
    assert rules_of_play.follow_suit(hand, jacks, 0) == Card("JS").bit
    clubs = tricks.SUIT_MASKS[Suit.CLUBS] & ~jacks
    assert rules_of_play.follow_suit(hand, clubs, Card("AH").bit) == mask_of(parse_cards("7C AH"))
    assert rules_of_play.follow_suit(hand & ~jacks, jacks, 0) == hand & ~jacks  # void: any card
    assert rules_of_play.follow_suit(hand, 0, 0) == hand  # nothing led yet: any card
