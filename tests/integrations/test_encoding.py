"""Action numbers, masks and observation tensors (cardrules.integrations.encoding).

Parametrised over every registered game: a game without an encoder fails here
with "no observation encoder for <game>" until one is written.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy", reason="numpy is not installed: pip install -e '.[openspiel]'")

import numpy as np

from cardrules import games
from cardrules.cards import DECK52, DECK54, Card, mask_of, parse_cards
from cardrules.errors import RulesError
from cardrules.game import CHANCE, Game
from cardrules.games import enfle, mau_mau, maverick, oh_hell
from cardrules.integrations import encoding
from cardrules.integrations.encoding.layout import Tensor, since_last

CASES = [(name, preset) for name in games.names() for preset in games.get(name).PRESETS]


#: Random games of the shedding games can run to thousands of moves: the tests
#: play the presets under this safety cap when they have none.
CAP = 400


def _capped(rules: Any) -> Any:
    return rules if rules.max_moves is not None else attrs.evolve(rules, max_moves=CAP)


def _random_game(game: Game, rules: Any, seed: int) -> list[Any]:
    """The states of one random game (seeded chance), first to last."""
    rng = random.Random(seed)
    state = game.deal(rules, seed=seed)
    states = [state]
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        states.append(state)
    return states


def _spread(states: list[Any], count: int = 40) -> list[Any]:
    """About ``count`` states spread over the game, the first and the last included."""
    step = max(1, len(states) // count)
    return [*states[::step], states[-1]]


@pytest.mark.parametrize("name", games.names())
def test_every_game_has_an_observation_encoder(name: str) -> None:
    assert encoding.encoder(name).NAME == games.get(name).NAME


def test_a_game_without_encoder_is_named_in_the_error(monkeypatch: pytest.MonkeyPatch) -> None:
    registered = games.registration("oh_hell")
    monkeypatch.setitem(games._GAMES, "oh_hell", attrs.evolve(registered, encoder=None))
    with pytest.raises(LookupError, match="no observation encoder for oh_hell"):
        encoding.encoder("oh_hell")


def test_the_games_of_cardrules_register_their_encoders_by_import_path() -> None:
    """The games of cardrules give their encoders to the registry as any game does, by
    import path (registering needs no numpy); the adapters import them when first needed."""
    for name in games.names():
        registered = games.registration(name)
        if registered.builtin:
            assert registered.encoder == f"cardrules.integrations.encoding.{name}"
            assert registered.load_encoder() is encoding.encoder(name)
    assert set(encoding.names()) >= {
        name for name in games.names() if games.registration(name).builtin
    }


@pytest.mark.parametrize("name", games.names())
def test_the_layout_tables_in_the_encoder_docstring_are_current(name: str) -> None:
    module = encoding.encoder(name)
    doc = getattr(module, "__doc__", "") or ""
    rules = games.get(name).Rules()
    observation = module.observation_layout(rules)
    information = module.information_state_layout(rules)
    assert observation.table() in doc
    assert information.pieces[: len(observation.pieces)] == observation.pieces
    assert information.table(first=len(observation.pieces)) in doc


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_tensors_do_not_change_when_hidden_cards_change(name: str, preset: str) -> None:
    """Rule: the tensors carry only what observe allows. A world sampled from a
    seat's view (other hands, stock and undealt cards redealt) gives the seat the
    same observation and information-state tensors and strings."""
    game = games.get(name)
    enc = encoding.for_game(name, _capped(game.PRESETS[preset]))
    rng = random.Random(5)
    for state in _spread(_random_game(game, enc.rules, seed=11)):
        for seat in range(enc.players):
            view = game.observe(state, seat)
            world = game.sample(view, rng)
            seen = game.observe(world, seat)
            assert np.array_equal(enc.observation(seen), enc.observation(view))
            assert np.array_equal(enc.information_state(seen), enc.information_state(view))
            assert encoding.information_state_string(seen) == encoding.information_state_string(
                view
            )


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_tensors_masks_and_bounds_hold_through_a_random_game(name: str, preset: str) -> None:
    """Rules: tensors have their layout's size and stay within its bounds; the mask
    marks exactly the legal move numbers of the seat to move; a game takes at most
    max_decisions moves and its payoffs stay within payoff_bounds."""
    game = games.get(name)
    enc = encoding.for_game(name, _capped(game.PRESETS[preset]))
    low, high = enc.information_state_layout.bounds()
    states = _random_game(game, enc.rules, seed=3)
    for state in _spread(states):
        mover = game.to_move(state)
        for seat in range(enc.players):
            view = game.observe(state, seat)
            tensor = enc.information_state(view)
            assert tensor.shape == (enc.information_state_layout.size,)
            assert tensor.dtype == np.float32
            assert bool(np.all(tensor >= low)) and bool(np.all(tensor <= high))
            mask = enc.action_mask(view)
            legal = (
                {game.move_index(m) for m in game.legal_moves(state)} if mover == seat else set()
            )
            assert set(np.flatnonzero(mask).tolist()) == legal
            assert enc.legal_actions(view) == sorted(legal)
    final = states[-1]
    rules_cap = enc.rules.max_moves
    bound = enc.encoder.max_decisions(enc.rules)
    if bound is not None or rules_cap is not None:
        assert len(states) - 1 <= enc.max_decisions()
    lowest, highest = enc.payoff_bounds()
    assert lowest < highest
    assert all(lowest <= p <= highest for p in game.score(final).payoffs)


@pytest.mark.parametrize("name", games.names())
def test_in_explicit_chance_mode_the_seed_decides_nothing(name: str) -> None:
    """Rule (what the OpenSpiel adapter relies on): with explicit chance, two seeds
    and the same chance outcomes and moves give every seat the same views."""
    game = games.get(name)
    rules = _capped(game.PRESETS.get("single", game.Rules()))
    rng = random.Random(2)
    first = game.deal(rules, seed=1, chance="explicit")
    second = game.deal(rules, seed=2, chance="explicit")
    while not game.is_over(first):
        players = rules.players
        assert [game.observe(first, s) for s in range(players)] == [
            game.observe(second, s) for s in range(players)
        ]
        assert game.legal_moves(first) == game.legal_moves(second)
        if game.to_move(first) is CHANCE:
            assert game.chance_outcomes(first) == game.chance_outcomes(second)
        move = rng.choice(game.legal_moves(first))
        first, second = game.apply(first, move), game.apply(second, move)
    assert game.is_over(second)
    assert game.score(first) == game.score(second)


def test_max_moves_caps_the_length_bound() -> None:
    assert encoding.for_game("oh_hell", oh_hell.Rules(max_moves=10)).max_decisions() == 10
    assert encoding.for_game("oh_hell", oh_hell.Rules(max_moves=10**6)).max_decisions() == 344


def test_rules_without_a_length_bound_need_max_moves() -> None:
    with pytest.raises(RulesError, match="no bound on its length: give max_moves"):
        encoding.for_game("enfle").max_decisions()
    assert encoding.for_game("enfle", enfle.Rules(max_moves=50)).max_decisions() == 50


# --------------------------------------------------------------------------- oh_hell


def _play(state: Any, text: str) -> Any:
    return oh_hell.apply(state, oh_hell.parse_move(state, text))


def _oh_hell_in_play() -> tuple[Any, dict[str, Tensor], Any]:
    """Four players, one deal of 2 cards, dealer 3; seat 0 is dealt 2C 3C, seat 1
    4C 5C, seat 2 6C 7C, seat 3 8C 9C; the trump card is 10C."""
    rules = oh_hell.Rules(schedule="single", start_hand=2, first_dealer=3)
    order = list(parse_cards("2C 4C 6C 8C 3C 5C 7C 9C 10C"))
    rest = [card for card in oh_hell.deck_of(rules) if card not in order]
    state = oh_hell.deal(rules, seed=0, deck=order + rest)
    for bid in (1, 0, 1, 1):  # seats 0, 1, 2, 3 (the dealer bids last)
        state = _play(state, f"bid {bid}")
    state = _play(state, "play 3C")  # seat 0 leads
    state = _play(state, "play 5C")  # seat 1
    enc = encoding.for_game("oh_hell", rules)
    _, views = enc.information_state_layout.new()
    view = oh_hell.observe(state, 1)
    enc.encoder.encode_information_state(view, views)
    return state, views, view


def _cards(row: Tensor) -> list[Card]:
    return [card for card in oh_hell.deck_of(oh_hell.Rules()) if row[card.index] == 1]


def test_oh_hell_tensor_shows_the_seat_its_own_hand_and_the_trump_card() -> None:
    _, views, _ = _oh_hell_in_play()
    assert _cards(views["hand"]) == list(parse_cards("4C"))
    assert _cards(views["trump_card"]) == list(parse_cards("10C"))


def test_oh_hell_tensor_counts_seats_from_the_observer() -> None:
    """Seat 1 observes: slot 0 is seat 1, slot 3 is seat 0 (who led 3C)."""
    _, views, _ = _oh_hell_in_play()
    assert _cards(views["trick"][3]) == list(parse_cards("3C"))
    assert _cards(views["trick"][0]) == list(parse_cards("5C"))
    assert views["leader"].tolist() == [0, 0, 0, 1]
    assert views["to_move"].tolist() == [0, 1, 0, 0, 0]  # seat 2, the seat on the left
    assert views["dealer"].tolist() == [0, 0, 1, 0]  # seat 3
    bids = [int(np.argmax(row)) for row in views["bids"]]
    assert bids == [0, 1, 1, 1]  # seats 1, 2, 3, 0


def test_oh_hell_information_state_recalls_the_plays_of_the_deal() -> None:
    _, views, _ = _oh_hell_in_play()
    assert _cards(views["plays"][0][3]) == list(parse_cards("3C"))
    assert _cards(views["plays"][0][0]) == list(parse_cards("5C"))
    assert views["trick_leaders"][0].tolist() == [0, 0, 0, 1]
    assert not views["plays"][1].any()


def test_oh_hell_simultaneous_bids_are_marked_made_but_not_shown() -> None:
    rules = oh_hell.Rules(players=3, start_hand=2, schedule="single", bidding="simultaneous")
    state = oh_hell.deal(rules, seed=4)
    bidder = oh_hell.to_move(state)
    assert isinstance(bidder, int)
    state = _play(state, "bid 2")
    enc = encoding.for_game("oh_hell", rules)
    observer = (bidder + 1) % 3
    _, views = enc.observation_layout.new()
    enc.encoder.encode_observation(oh_hell.observe(state, observer), views)
    hidden = views["bids"].shape[1] - 1
    assert views["bids"][2].tolist() == [0] * hidden + [1]  # the bidder, on the observer's right
    _, own = enc.observation_layout.new()
    enc.encoder.encode_observation(oh_hell.observe(state, bidder), own)
    assert int(np.argmax(own["bids"][0])) == 2


def _bounds_cases() -> list[tuple[str, str]]:
    return [(n, p) for n in encoding.names() for p in games.get(n).PRESETS]


@pytest.mark.parametrize(("name", "preset"), _bounds_cases())
def test_played_games_stay_within_the_payoff_bounds_and_keep_the_utility_sum(
    name: str, preset: str
) -> None:
    """Rule: the adapters' bounds and utility sum hold for played games: random games
    never leave ``payoff_bounds``, and zero-sum games sum to 0 (truncated ones too)."""
    game = games.get(name)
    rules = game.PRESETS[preset]
    enc = encoding.for_game(name, rules)
    low, high = enc.payoff_bounds()
    assert low < high
    for seed in range(3):
        rng = random.Random(seed)
        state = game.deal(rules, seed=seed)
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        payoffs = enc.payoffs(state)
        assert all(low <= payoff <= high for payoff in payoffs), (payoffs, low, high)
        if enc.utility_sum() is not None:
            assert sum(payoffs) == pytest.approx(enc.utility_sum())


@pytest.mark.parametrize("name", encoding.names())
def test_the_information_state_step_by_step_equals_a_fresh_encoding(name: str) -> None:
    """The recall extended from the previous step (and views out of order, as search
    visits them) gives the tensor a first encoding of the same view gives."""
    game = games.get(name)
    rules = game.PRESETS.get("single", game.Rules())
    if rules.max_moves is None or rules.max_moves > 300:
        rules = attrs.evolve(rules, max_moves=300)
    enc = encoding.for_game(name, rules)
    rng = random.Random(5)
    state = game.deal(rules, seed=5)
    views = []
    while not game.is_over(state):
        seat = game.to_move(state)
        assert isinstance(seat, int)
        views.append(game.observe(state, seat))
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    in_order = [enc.information_state(view) for view in views]
    shuffled = list(range(len(views)))
    rng.shuffle(shuffled)
    for position in shuffled:
        fresh = encoding.for_game(name, rules).information_state(views[position])
        assert np.array_equal(in_order[position], fresh)
        assert np.array_equal(enc.information_state(views[position]), fresh)


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_maverick_tricks_of_a_deal_stay_within_the_derived_bounds(rng: random.Random) -> None:
    """Rule (Maverick trick scoring): however the 52 cards in play fall into 13
    tricks, their scores sum to at most 31 in absolute value, and one team's share
    lies within ±22, the figures the payoff bounds are built on."""
    face_up = rng.sample(DECK54, 2)
    trump, adder = maverick.trump_and_adder(face_up)
    jokers = rng.choice(("trump", "suitless"))
    in_play = [card for card in DECK54 if card not in face_up]
    # Concentrate the trumps and the adders now and then: those are the extreme deals.
    order = rng.choice(("shuffle", "trumps", "adders"))
    rng.shuffle(in_play)
    if order != "shuffle":
        suit = trump if order == "trumps" else adder
        in_play.sort(key=lambda card: card.suit is not suit and card.suit is not None)
    scores = [
        maverick.trick_score(in_play[4 * t : 4 * t + 4], trump, adder, jokers) for t in range(13)
    ]
    assert sum(abs(s) for s in scores) <= 31
    team = [s for s in scores if rng.random() < 0.5]
    assert -22 <= sum(team) <= 22


def test_maverick_trick_bound_is_reached_by_some_deal() -> None:
    """The 31 of the Maverick bound is tight for the tricks: face-up 7H 7C (spades
    trump, diamonds adder), three tricks of four trumps, every diamond in four tricks
    and six more tricks of one point each."""
    trump, adder = maverick.trump_and_adder(parse_cards("7H 7C"))
    tricks = [
        "2S 3S 4S 5S", "6S 7S 8S 9S", "10S JS QS KS",
        "2D 3D 4D 5D", "6D 7D 8D 9D", "10D JD QD KD", "AD 2H 3H 4H",
        "AS 5H 6H 8H", "BJ 9H 10H JH", "LJ QH KH AH",
        "2C 3C 4C 5C", "6C 8C 9C 10C", "JC QC KC AC",
    ]  # fmt: skip
    scores = [maverick.trick_score(parse_cards(t), trump, adder) for t in tricks]
    assert sum(abs(s) for s in scores) == 31
    single = maverick.PRESETS["single"]
    assert encoding.for_game("maverick", single).payoff_bounds() == (-31.0, 31.0)


def test_maverick_plus_one_adder_bound_is_reached_by_the_same_deal() -> None:
    """Rule MV-5.5: with ``adder_points="plus_one"`` every adder trick scores one more,
    so the same deal's tricks reach 35, the bound of a single deal."""
    trump, adder = maverick.trump_and_adder(parse_cards("7H 7C"))
    tricks = [
        "2S 3S 4S 5S", "6S 7S 8S 9S", "10S JS QS KS",
        "2D 3D 4D 5D", "6D 7D 8D 9D", "10D JD QD KD", "AD 2H 3H 4H",
        "AS 5H 6H 8H", "BJ 9H 10H JH", "LJ QH KH AH",
        "2C 3C 4C 5C", "6C 8C 9C 10C", "JC QC KC AC",
    ]  # fmt: skip
    scores = [
        maverick.trick_score(parse_cards(t), trump, adder, adder_points="plus_one") for t in tricks
    ]
    assert sum(abs(s) for s in scores) == 35
    single = maverick.PRESETS["pagat_readings"]
    assert encoding.for_game("maverick", single).payoff_bounds() == (-35.0, 35.0)


def test_mau_mau_single_deal_bound_is_reached_by_a_position() -> None:
    """Rule (Mau-Mau scoring): the winner scores the opponent's cards, at most every
    card but his last one and the upcard under it. Seat 0 goes out with 2C on 2D
    while seat 1 holds the other 50 cards: 512 points, the bound of a single deal."""
    rules = mau_mau.PRESETS["single"]
    state = mau_mau.deal(rules, seed=0)
    rest = mask_of(c for c in DECK52 if c not in parse_cards("2C 2D"))
    state = state._replace(
        hands=(Card("2C").bit, rest), upcard=Card("2D"), pile=0, stock=(), turn=0, history=None
    )
    assert mau_mau.to_move(state) == 0
    state = mau_mau.apply(state, mau_mau.parse_move(state, "play 2C"))
    enc = encoding.for_game("mau_mau", rules)
    assert enc.payoffs(state) == (512.0, -512.0)
    assert enc.payoff_bounds() == (-512.0, 512.0)


def _plays_from_the_log(view: Any, shape: tuple[int, ...]) -> tuple[Tensor, Tensor]:
    """The trick-by-trick recall read from the whole event log, as a reference."""
    tricks, players = shape[0], shape[1]
    plays = np.zeros(shape, np.float32)
    leaders = np.zeros((tricks, players), np.float32)
    trick_number, position = 0, 0
    for event in since_last(view.events, "deal"):
        if event.kind == "play" and event.seat is not None:
            slot = (event.seat - view.seat) % players
            if position == 0:
                leaders[trick_number, slot] = 1.0
            plays[trick_number, slot, event.cards[0].index] = 1.0
            position += 1
        elif event.kind == "trick":
            trick_number, position = trick_number + 1, 0
    return plays, leaders


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("oh_hell", oh_hell.Rules(players=3, start_hand=3)),
        ("maverick", maverick.Rules(max_deals=2)),
    ],
)
def test_the_trick_recall_over_several_deals_matches_the_event_log(name: str, rules: Any) -> None:
    """The plays and trick leaders of the deal in progress (views in order, then out
    of order as a search visits them) are those the event log lists since the last
    deal; a new deal clears them."""
    game = games.get(name)
    enc = encoding.for_game(name, rules)
    rng = random.Random(11)
    views = [
        game.observe(state, seat)
        for state in _random_game(game, rules, 11)
        for seat in range(rules.players)
        if not game.is_over(state)
    ]
    assert sum(1 for event in views[-1].events if event.kind == "deal") >= 2
    order = list(range(len(views))) + rng.sample(range(len(views)), len(views))
    _, named = enc.information_state_layout.new()
    for position in order:
        view = views[position]
        tensor = enc.information_state(view)
        plays, leaders = _plays_from_the_log(view, named["plays"].shape)
        offsets = enc.information_state_layout.offsets()
        start = offsets["plays"]
        assert np.array_equal(tensor[start : start + plays.size], plays.ravel())
        start = offsets["trick_leaders"]
        assert np.array_equal(tensor[start : start + leaders.size], leaders.ravel())
