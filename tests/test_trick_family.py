"""The trick engine's description carries the trick-taking family's deals, trumps,
scores and matches.

Each test writes a small game on :class:`cardrules.core.trickgame.TrickGame` with
one feature (Hearts' passes in a cycle of directions, the holder of the two of
clubs leading it, Spades' fixed trump suit, low totals winning, the deal cap)
and checks it through the public interface functions.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs
import pytest

from cardrules import games, testing
from cardrules.cards import DECK52, Card, Suit, cards_of, mask_of, parse_cards
from cardrules.core import trickgame
from cardrules.core.match import Match
from cardrules.core.options import check_int, rules_to_text
from cardrules.core.trickgame import (
    VIEW_FIELDS,
    Bidding,
    Dealing,
    MatchPlan,
    Moves,
    Passing,
    Scoring,
    State,
    TrickGame,
    TrickGameRules,
    TrickPlay,
    Trumps,
    pass_cycle,
)
from cardrules.core.trickgame.numbers import _passes_of
from cardrules.errors import IllegalMoveError, RecordError, RulesError
from cardrules.game import Event, Log, Outcome
from cardrules.moves import Bid, PassCards, Play

TWO_OF_CLUBS = Card("2C")


def _deal_event(rules: Any, match: Match, size: int) -> Event:
    return Event("deal", match.dealer, value=size, text=f"deal {match.deal_number + 1}")


def _tricks_score(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """A point per trick won."""
    return state.tricks_won, (), state.log


def make_game(
    name: str, *, hand: int = 13, view: type | None = None, **description: Any
) -> tuple[TrickGame[Any], type]:
    """A four-handed game of ``hand`` cards a seat on the 52 cards, with ``description``'s
    features; its ``Rules`` class (every game needs its own: the game hangs on it)."""

    @attrs.frozen(slots=True, kw_only=True)
    class Rules(TrickGameRules):
        players: int = 4

        def __attrs_post_init__(self) -> None:
            check_int("players", self.players, 4, 4)
            self.check_first_dealer(self.players)

        def __str__(self) -> str:
            return rules_to_text(name, self)

    Rules.__name__ = f"{name}Rules"
    if view is None:
        view = trickgame.View  # the engine's fields are all these games show
    settings: dict[str, Any] = {
        "name": name,
        "title": name,
        "version": "1",
        "rules_class": Rules,
        "dealing": Dealing(
            deck=lambda rules: DECK52, hand_size=lambda rules, number: hand, event=_deal_event
        ),
        "scoring": Scoring(deal=_tricks_score, counts_tricks=True),
        "match": MatchPlan(deals=lambda rules: 3),
        "moves": Moves(
            max_players=4, forms=("play CARD", "bid N", "pass CARDS"), kinds=(PassCards,)
        ),
        "view_class": view,
    }
    settings.update(description)  # a rules_class of its own: one the kit can pickle
    return TrickGame(**settings), settings["rules_class"]


def play_until(state: State, done: Callable[[State], bool], seed: int = 1) -> State:
    """Random legal moves until ``done``."""
    rng = random.Random(seed)
    while not done(state):
        state = trickgame.apply(state, rng.choice(trickgame.legal_moves(state)))
    return state


def pass_all(state: State) -> State:
    """Every seat passes its lowest cards."""
    while state.phase.name == "PASSING":
        state = trickgame.apply(state, trickgame.legal_moves(state)[0])
    return state


# --------------------------------------------------------------------------- passing

HEARTS_PASS = Passing(count=3, to=pass_cycle("right", "across", "hold"))
PASSER, PASSER_RULES = make_game("passer", hand=5, rounds=(HEARTS_PASS,))


def test_passes_are_listed_in_move_number_order_for_any_hand() -> None:
    """The passes a hand offers come by their rank (their move numbers), for hands of
    any size, jokers included, and passes of one to four cards."""
    rng = random.Random(7)
    for _ in range(200):
        hand = sum(1 << index for index in rng.sample(range(54), rng.randint(4, 14)))
        count = rng.randint(1, 4)
        bits = [card.bit for card in cards_of(hand)]
        ranked = sorted(
            (sum(chosen) for chosen in itertools.combinations(bits, count)),
            key=trickgame.pass_rank,
        )
        passes = _passes_of(hand, count)
        assert [mask_of(p.cards) for p in passes if isinstance(p, PassCards)] == ranked
        assert len(passes) == len(ranked)


@pytest.mark.parametrize(
    ("deal_number", "offset"), [(0, 3), (1, 2)], ids=["deal 1 right", "deal 2 across"]
)
def test_pass_three_cards_right_then_across_by_deal_number(deal_number: int, offset: int) -> None:
    state = PASSER.deal(PASSER_RULES(first_dealer=0), seed=3)
    state = play_until(state, lambda s: s.match.deal_number == deal_number)
    assert state.phase.name == "PASSING"
    hands = state.hands
    seat = trickgame.to_move(state)
    assert seat == (state.match.dealer + 1) % 4
    passes = trickgame.legal_moves(state)
    assert len(passes) == math.comb(5, 3)  # every set of three of the five cards
    assert isinstance(seat, int)
    bits = [card.bit for card in cards_of(hands[seat])]
    assert [mask_of(p.cards) for p in passes if isinstance(p, PassCards)] == sorted(
        (sum(chosen) for chosen in itertools.combinations(bits, 3)), key=trickgame.pass_rank
    )
    given = {s: 0 for s in range(4)}
    while state.phase.name == "PASSING":
        mover = trickgame.to_move(state)
        assert isinstance(mover, int)
        move = trickgame.legal_moves(state)[-1]
        assert isinstance(move, PassCards)
        given[mover] = mask_of(move.cards)
        state = trickgame.apply(state, move)
    assert state.phase.name == "PLAYING"
    for giver in range(4):
        receiver = (giver + offset) % 4
        assert state.hands[receiver] == hands[receiver] & ~given[receiver] | given[giver]
        view = trickgame.observe(state, receiver)
        assert view.received == cards_of(given[giver])
        assert trickgame.observe(state, giver).passed == cards_of(given[giver])
        assert trickgame.observe(state, giver).passed_to == receiver
    # The passer knows where its cards went: every world sampled from its view has them there.
    view = trickgame.observe(state, 0)
    for k in range(5):
        world = trickgame.sample(view, random.Random(k))
        assert world.hands[offset] & given[0] == given[0]
        assert world.hands[0] == state.hands[0]


def test_a_hold_deal_skips_the_pass() -> None:
    state = PASSER.deal(PASSER_RULES(first_dealer=0), seed=3)
    state = play_until(state, lambda s: s.match.deal_number == 2)
    assert state.phase.name == "PLAYING" and state.passed == (0, 0, 0, 0)
    assert trickgame.observe(state, 0).passed_to is None
    assert not any(
        event.kind == "exchange" for event in trickgame.deal_events(trickgame.events(state))
    )


def test_a_pass_must_be_of_the_count_and_in_the_hand() -> None:
    state = PASSER.deal(PASSER_RULES(first_dealer=0), seed=3)
    hand = cards_of(state.hands[1])
    with pytest.raises(IllegalMoveError, match="must pass three cards to the right"):
        trickgame.apply(state, PassCards(hand[:2]))
    before = state
    with pytest.raises(IllegalMoveError, match="only cards of his hand"):
        trickgame.apply(state, PassCards((*hand[:2], cards_of(state.hands[2])[0])))
    assert state == before


def test_passes_are_numbered_by_rank_above_the_other_moves() -> None:
    assert PASSER.numbering.num_moves == PASSER.numbering.pass_base + math.comb(52, 3)
    state = PASSER.deal(PASSER_RULES(first_dealer=0), seed=3)
    passes = trickgame.legal_moves(state)
    numbers = [PASSER.move_index(move) for move in passes]
    assert numbers == sorted(numbers) and numbers[0] >= PASSER.numbering.pass_base
    for move, number in zip(passes, numbers):
        assert PASSER.move_from_index(number) == move
    assert PASSER.move_from_index(PASSER.numbering.num_moves - 1) == PassCards(
        parse_cards("QS KS AS")
    )
    assert PASSER.move_index(PassCards(parse_cards("2C 3C 4C"))) == PASSER.numbering.pass_base
    assert str(PassCards(parse_cards("4H 2C 3D"))) == "pass 2C 3D 4H"
    move = passes[0]
    assert trickgame.parse_move(state, str(move)) == move


def test_two_card_passes_keep_their_old_form() -> None:
    two = PassCards((Card("7D"), Card("2C")))
    assert two.cards == (Card("2C"), Card("7D")) and str(two) == "pass 2C 7D"
    with pytest.raises(IllegalMoveError, match="different Cards"):
        PassCards((Card("2C"), Card("2C")))


# --------------------------------------------------------------------------- first lead

HEARTS, HEARTS_RULES = make_game(
    "hearts_lead",
    rounds=(Passing(count=3, to=pass_cycle("left", "right", "across", "hold")),),
    play=TrickPlay(lead_card=lambda rules, number: TWO_OF_CLUBS),
)


def test_the_holder_of_the_two_of_clubs_leads_it_after_the_pass() -> None:
    state = pass_all(HEARTS.deal(HEARTS_RULES(first_dealer=0), seed=5))
    holder = next(s for s, hand in enumerate(state.hands) if hand & TWO_OF_CLUBS.bit)
    assert trickgame.to_move(state) == holder
    assert trickgame.legal_moves(state) == (Play(TWO_OF_CLUBS),)
    other = next(c for c in cards_of(state.hands[holder]) if c is not TWO_OF_CLUBS)
    with pytest.raises(IllegalMoveError, match="must lead it to the first trick"):
        trickgame.apply(state, Play(other))
    # Everyone knows who holds it: every sampled world puts it in the holder's hand.
    watcher = (holder + 1) % 4
    for k in range(5):
        world = trickgame.sample(trickgame.observe(state, watcher), random.Random(k))
        assert world.hands[holder] & TWO_OF_CLUBS.bit
        assert trickgame.legal_moves(world) == (Play(TWO_OF_CLUBS),)
    after = trickgame.apply(state, Play(TWO_OF_CLUBS))
    assert len(trickgame.legal_moves(after)) >= 1 and after.trick == (TWO_OF_CLUBS,)


def test_the_holder_leads_without_a_pass_too() -> None:
    game, rules = make_game(
        "lead_only", play=TrickPlay(lead_card=lambda rules, number: TWO_OF_CLUBS)
    )
    state = game.deal(rules(first_dealer=0), seed=11)
    holder = next(s for s, hand in enumerate(state.hands) if hand & TWO_OF_CLUBS.bit)
    assert trickgame.to_move(state) == holder
    watcher = (holder + 2) % 4
    world = trickgame.sample(trickgame.observe(state, watcher), random.Random(1))
    assert world.hands[holder] & TWO_OF_CLUBS.bit


def test_the_highest_bidder_leads() -> None:
    bidding: Bidding[Any] = Bidding(
        allowed=lambda state, seat: range(4), hidden=lambda rules: False, most=13
    )
    game, rules = make_game(
        "bidder_leads",
        hand=3,
        bidding=bidding,
        play=TrickPlay(first_leader=trickgame.highest_bidder),
    )
    state = game.deal(rules(first_dealer=0), seed=2)
    for bid in (1, 3, 0, 3):  # seats 1, 2, 3, 0: seat 2 bid 3 first
        state = trickgame.apply(state, Bid(bid))
    assert state.phase.name == "PLAYING" and trickgame.to_move(state) == 2


# --------------------------------------------------------------------------- trumps

SPADES, SPADES_RULES = make_game(
    "spades_trump", hand=3, trumps=Trumps(suit=lambda rules, number: Suit.SPADES)
)


def test_spades_are_trumps_from_the_first_trick() -> None:
    # Seat 1 leads 2H; seat 2, void in hearts, trumps with 2S and wins over the AH.
    top = parse_cards("2H 2S AH 3C  4D 5D 6D 7D  8D 9D 10D JD")
    order = (*top, *(card for card in DECK52 if card not in top))
    state = SPADES.deal(SPADES_RULES(first_dealer=0), seed=1, deck=order)
    assert state.trick_rules.trump is Suit.SPADES
    assert trickgame.observe(state, 0).trump is Suit.SPADES
    for card in parse_cards("2H 2S AH 3C"):
        state = trickgame.apply(state, Play(card))
    assert state.leader == 2 and state.tricks_won == (0, 0, 1, 0)


def test_the_fixed_trump_survives_sample_and_json() -> None:
    state = SPADES.deal(SPADES_RULES(first_dealer=0), seed=4)
    state = play_until(state, lambda s: len(s.trick) == 2)
    world = trickgame.sample(trickgame.observe(state, 1), random.Random(0))
    assert world.trick_rules.trump is Suit.SPADES
    data = json.loads(json.dumps(trickgame.state_to_dict(state)))
    assert data["trump"] == "spades"
    loaded = SPADES.state_from_dict(data)
    assert loaded == state and loaded.trick_rules.trump is Suit.SPADES
    del data["trump"]
    with pytest.raises(RecordError, match="field 'trump' is missing"):
        SPADES.state_from_dict(data)


def test_the_fixed_trump_holds_under_explicit_chance() -> None:
    state = SPADES.deal(SPADES_RULES(first_dealer=0), seed=4, chance="explicit")
    assert state.trick_rules.trump is Suit.SPADES
    state = play_until(state, lambda s: s.phase.name == "PLAYING")
    assert state.trick_rules.trump is Suit.SPADES


def test_trumps_come_from_one_source() -> None:
    """A turned card, a suit fixed without a card and cards turned face up each fix the
    trumps; the description's trumps refuse two of them at once, and a card word they
    do not know."""
    spades = lambda rules, number: Suit.SPADES  # noqa: E731
    face_up: trickgame.FaceUp[Any] = trickgame.FaceUp(
        count=2,
        suits=lambda rules, cards: (Suit.SPADES, None),
        event=lambda rules, cards, trump, second: Event("face up"),
        second_key="x",
    )
    assert Trumps().card == "none" and Trumps().suit is None and Trumps().face_up is None
    with pytest.raises(RulesError, match="trumps come from one source: card='next' or suit"):
        Trumps(card="next", suit=spades)
    with pytest.raises(RulesError, match="suit or face_up, not both"):
        Trumps(suit=spades, face_up=face_up)
    with pytest.raises(RulesError, match="not all three"):
        Trumps(card="dealer's last", suit=spades, face_up=face_up)
    with pytest.raises(RulesError, match="card"):
        Trumps(card="turned")  # type: ignore[arg-type]


def test_a_view_not_on_the_engines_base_is_refused() -> None:
    @attrs.frozen(slots=True, kw_only=True)
    class Rules(TrickGameRules):
        players: int = 4

    view = attrs.make_class("NoBaseView", [*VIEW_FIELDS, "won_cards"], frozen=True)
    with pytest.raises(RulesError, match=r"must derive from cardrules\.core\.trickgame\.View"):
        TrickGame(
            name="no_base_view",
            title="no base view",
            version="1",
            rules_class=Rules,
            dealing=Dealing(
                deck=lambda rules: DECK52, hand_size=lambda rules, number: 3, event=_deal_event
            ),
            scoring=Scoring(deal=_tricks_score),
            match=MatchPlan(deals=lambda rules: 1),
            moves=Moves(max_players=4),
            view_class=view,
            trumps=Trumps(suit=lambda rules, number: Suit.SPADES),
        )


# --------------------------------------------------------------------------- scores


def test_low_totals_win() -> None:
    game, rules = make_game(
        "low_wins", hand=4, match=MatchPlan(deals=lambda rules: 1, better="low")
    )
    final = play_until(game.deal(rules(first_dealer=0), seed=9), trickgame.is_over)
    score = trickgame.score(final)
    assert score.better == "low"
    assert score.outcome is not None and score.outcome.reason == "schedule complete"
    assert score.outcome.winners == tuple(
        s for s, t in enumerate(score.totals) if t == min(score.totals)
    )
    assert score.payoffs == tuple(-float(t) for t in score.totals)


def test_a_target_ends_the_match_and_the_lowest_total_wins() -> None:
    game, rules = make_game(
        "low_target",
        hand=4,
        match=MatchPlan(
            decided=trickgame.target_decided(lambda rules: 6, better="low"),
            better="low",
        ),
    )
    final = play_until(game.deal(rules(first_dealer=0), seed=9), trickgame.is_over)
    outcome = trickgame.score(final).outcome
    totals = final.match.totals
    assert outcome is not None and outcome.reason == "target reached" and max(totals) >= 6
    assert outcome.winners == tuple(s for s, t in enumerate(totals) if t == min(totals))


def test_partners_reaching_the_target_together_win_together() -> None:
    decided = trickgame.target_decided(lambda rules: 10)
    _, rules = make_game("partners", teams=lambda rules: ((0, 2), (1, 3)))
    match = Match.start(0, 4).finish_deal((12, 3, 12, 3), extras=())
    assert decided(rules(), match) == Outcome("target reached", (0, 2), draw=False)


def test_partners_win_a_schedule_together_without_a_draw() -> None:
    game, rules = make_game(
        "partners_schedule",
        hand=3,
        match=MatchPlan(deals=lambda rules: 1),
        teams=lambda rules: SPADES_TEAMS,
        scoring=Scoring(deal=_spades_score, counts_tricks=True),
        bidding=Bidding(allowed=lambda state, seat: range(4), hidden=lambda r: False, most=13),
    )
    state = game.deal(rules(first_dealer=0), seed=3)
    final = play_until(state, trickgame.is_over)
    totals = final.match.totals
    assert totals[0] != totals[1]  # this seed's deal has a winning partnership
    winning = SPADES_TEAMS[0] if totals[0] > totals[1] else SPADES_TEAMS[1]
    assert final.outcome == Outcome("schedule complete", winning, draw=False)


# --------------------------------------------------------------------------- the deal cap


def test_a_match_that_never_reaches_its_target_ends_truncated_at_the_cap() -> None:
    game, rules = make_game(
        "endless",
        hand=2,
        match=MatchPlan(
            decided=trickgame.target_decided(lambda rules: 10**6),
            deal_limit=5,
        ),
    )
    final = play_until(game.deal(rules(first_dealer=0), seed=1), trickgame.is_over)
    assert final.match.deal_number == 5
    outcome = trickgame.score(final).outcome
    assert outcome is not None and outcome.reason == "truncated" and outcome.winners == ()
    capped = [e for e in trickgame.events(final) if e.kind == "capped"]
    assert len(capped) == 1 and "truncated by the deal cap" in str(capped[0])
    # The rules' own cap wins over the game's guard.
    final = play_until(game.deal(rules(first_dealer=0, max_deals=2), seed=1), trickgame.is_over)
    assert final.match.deal_number == 2 and final.outcome == Outcome("truncated", ())


def test_the_guard_is_on_by_default_for_games_without_a_schedule() -> None:
    game, _ = make_game("guarded", match=MatchPlan())
    assert game.match.deal_limit == trickgame.DEFAULT_DEAL_LIMIT


# --------------------------------------------------------------------------- the whole interface


@attrs.frozen(slots=True, kw_only=True)
class HeartsLikeRules(TrickGameRules):
    """The Hearts-like game's rules: four players (a module-level class, so that the
    conformance kit can pickle states)."""

    players: int = 4

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)

    def __str__(self) -> str:
        return rules_to_text("hearts_like", self)


@attrs.frozen(slots=True)
class HeartsLikeView(trickgame.View):
    """The Hearts-like game's view: the engine's fields."""


def _hearts_like_module() -> ModuleType:
    """A Hearts-like game as a module: passes of three left, right, across and hold,
    the two of clubs leads, a point per trick, low totals win, four deals."""
    game, rules = make_game(
        "hearts_like",
        hand=5,
        rules_class=HeartsLikeRules,
        view=HeartsLikeView,
        rounds=(Passing(count=3, to=pass_cycle("left", "right", "across", "hold")),),
        play=TrickPlay(lead_card=lambda rules, number: TWO_OF_CLUBS),
        match=MatchPlan(deals=lambda rules: 4, better="low"),
    )
    return _as_module(game, rules, "hearts_like")


def _as_module(game: TrickGame[Any], rules: type, name: str) -> ModuleType:
    """A game module made of a description, as a game's own module would be."""
    module = ModuleType(name)
    names: dict[str, Any] = {
        "__name__": name,
        "NAME": name,
        "version": "1",
        "Rules": rules,
        "PRESETS": {"default": rules()},
        "describe": lambda view: (),
        "explain_move": lambda view, move: "",
    }
    module.__dict__.update(names)
    trickgame.install(game, module.__dict__)
    return module


def test_a_hearts_like_game_keeps_the_whole_interface() -> None:
    module = _hearts_like_module()
    try:
        report = testing.check_game(module, games=2)
    finally:
        games.unregister("hearts_like")
    # Per game: four deals of twenty plays, and four passes in each deal but the hold deal.
    assert report.games == 2 and report.moves == 2 * (4 * 20 + 3 * 4)


@attrs.frozen(slots=True, kw_only=True)
class SpadesLikeRules(TrickGameRules):
    """The Spades-like game's rules: four players in two partnerships, to ``target``."""

    players: int = 4
    target: int = 500

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("target", self.target, 1)

    def __str__(self) -> str:
        return rules_to_text("spades_like", self)


@attrs.frozen(slots=True)
class SpadesLikeView(trickgame.View):
    """The Spades-like game's view: the engine's fields."""


SPADES_TEAMS = ((0, 2), (1, 3))
SPADES_HAND = 3


def _spades_score(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """Per partnership: ten a trick bid and one an overtrick when the tricks won reach
    the bid, else minus ten a trick bid; each seat gets its partnership's points."""
    team_points = []
    for team in SPADES_TEAMS:
        bid = sum(state.bids[seat] or 0 for seat in team)
        won = sum(state.tricks_won[seat] for seat in team)
        team_points.append(10 * bid + won - bid if won >= bid else -10 * bid)
    points = tuple(team_points[seat % 2] for seat in range(4))
    return points, (("tricks", state.tricks_won),), state.log


def _spades_like_module() -> ModuleType:
    """A Spades-like game as a module: partnerships bidding per seat and scoring per
    partnership, spades always trumps, the first partnership to the target wins."""
    bidding: Bidding[Any] = Bidding(
        allowed=lambda state, seat: range(SPADES_HAND + 1), hidden=lambda rules: False, most=13
    )
    game, rules = make_game(
        "spades_like",
        hand=SPADES_HAND,
        rules_class=SpadesLikeRules,
        view=SpadesLikeView,
        bidding=bidding,
        trumps=Trumps(suit=lambda rules, number: Suit.SPADES),
        teams=lambda rules: SPADES_TEAMS,
        match=MatchPlan(
            decided=trickgame.target_decided(lambda rules: rules.target),
            payoffs=lambda t: (t[0] - t[1], t[1] - t[0], t[0] - t[1], t[1] - t[0]),
        ),
        scoring=Scoring(deal=_spades_score, counts_tricks=True),
    )
    return _as_module(game, rules, "spades_like")


def test_a_spades_like_game_keeps_the_whole_interface() -> None:
    module = _spades_like_module()
    try:
        report = testing.check_game(
            module, presets={"short": SpadesLikeRules(target=40, max_deals=4)}, games=2
        )
    finally:
        games.unregister("spades_like")
    assert report.games == 2


def test_spades_to_500_under_random_bots_ends() -> None:
    module = _spades_like_module()
    state = module.deal(SpadesLikeRules(first_dealer=0), seed=7)
    final = play_until(state, trickgame.is_over, seed=7)
    outcome = trickgame.score(final).outcome
    assert outcome is not None
    if outcome.reason == "truncated":
        assert final.match.deal_number == trickgame.DEFAULT_DEAL_LIMIT
    else:
        assert outcome.reason == "target reached" and max(final.match.totals) >= 500
        assert outcome.winners in SPADES_TEAMS
