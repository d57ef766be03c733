"""The conformance kit reports a game's own failures as broken promises, with where."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import MappingProxyType, SimpleNamespace
from typing import Any, cast

import pytest

from cardrules import games, testing
from cardrules.game import Game
from cardrules.games import oh_hell
from tests.broken import broken_game


@pytest.fixture
def broken() -> Iterator[Any]:
    """The standard Mau Mau with a bug in its ``apply`` from move 3 on, registered."""
    game = games.register(broken_game(from_move=3))
    yield game
    games.unregister(game.NAME)


def test_an_error_raised_by_the_game_becomes_a_conformance_error_naming_preset_seeds_step() -> None:
    """The interface lets a game's functions raise only cardrules' errors; anything else
    is a broken promise, reported like the others: preset, seeds and step, the game's
    error and where it was raised, with the game's error kept as the cause. (A game of
    the tests under its own name: the kit first checks that the rules name the game.)"""
    from tests import low_wins

    broken = games.register(broken_game(from_move=3, base=low_wins))
    try:
        with pytest.raises(testing.ConformanceError) as raised:
            testing.check_game(broken, presets={"four": broken.Rules()}, games=3)
    finally:
        games.unregister(broken.NAME)
    message = str(raised.value)
    assert message.startswith("preset 'four', low_wins ")
    assert ", seed " in message and ", choices " in message and ", step 3: " in message
    assert "the game raised IndexError: a bug in the game's own code (raised in " in message
    assert "broken.py" in message
    assert isinstance(raised.value.__cause__, IndexError)


def test_each_check_names_where_the_game_failed(broken: Any) -> None:
    rules = broken.Rules()
    with pytest.raises(
        testing.ConformanceError, match=r"seed 4, choices 2, step 3: the game raised"
    ):
        testing.check_random_game(broken, rules, seed=4, choices=2)
    with pytest.raises(
        testing.ConformanceError, match=r"seed 4, choices \d+, step 3: the game raised"
    ):
        testing.check_listed_moves(broken, rules, seed=4, choices=7)


@pytest.mark.parametrize("every", [1, 1000])
def test_a_listed_move_that_apply_refuses_is_reported_as_refused(every: int) -> None:
    """A move among legal_moves that apply refuses with IllegalMoveError contradicts the
    game's own list: the random game says so, as check_listed_moves does, whether or not
    the step runs the costlier checks."""
    from tests.broken import refusing_game

    game = refusing_game()
    with pytest.raises(testing.ConformanceError) as raised:
        testing.check_random_game(game, game.Rules(), seed=4, choices=2, every=every)
    message = str(raised.value)
    assert ", seed 4, choices 2, step 0: the listed move play " in message
    assert " is refused: play " in message
    assert "the game raised" not in message


def test_a_module_lacking_names_is_told_them_once_and_how_to_get_them() -> None:
    """A module lacking names of the interface gets the list of names it lacks once, and
    the call that installs them for a game on one of the engines."""
    import types

    from cardrules.errors import RulesError

    module = types.ModuleType("half_a_game")
    module.NAME = "half_a_game"  # type: ignore[attr-defined]
    with pytest.raises(RulesError) as refused:
        games.check_protocol(module)
    message = str(refused.value)
    assert message.startswith("half_a_game is not a game: it lacks TITLE, ")
    assert " (a game provides every name of the cardrules.game.Game protocol: " in message
    assert "trickgame.install(GAME, globals())" in message and message.count("TITLE") == 1


# --------------------------------------------------------------------------- sampled worlds


def _with_sample(base: Any, name: str, sample: Any, **more: Any) -> Any:
    """A game module with every function of ``base`` but ``sample`` (and ``more``)."""
    import types

    from cardrules.game import INTERFACE_NAMES

    module = types.ModuleType(name)
    for attribute in INTERFACE_NAMES:
        setattr(module, attribute, getattr(base, attribute))
    setattr(module, "NAME", name)  # noqa: B010  # a module's attribute, unknown to mypy
    setattr(module, "sample", sample)  # noqa: B010
    for attribute, value in more.items():
        setattr(module, attribute, value)
    return module


def _ignoring_voids(view: Any, rng: random.Random) -> Any:
    """Oh Hell's sample, with the hidden cards dealt again at random among the other
    seats and the undealt cards, as if no seat had ever shown a void."""
    from cardrules.cards import cards_of, mask_of

    world = oh_hell.sample(view, rng)
    others = [s for s in range(len(world.hands)) if s != view.seat]
    known = [0] * len(world.hands)  # Oh Hell shows no card in another hand
    hidden = world.undealt
    for seat in others:
        hidden |= world.hands[seat] & ~known[seat]
    cards = list(cards_of(hidden))
    rng.shuffle(cards)
    hands = list(world.hands)
    for seat in others:
        count = (world.hands[seat] & ~known[seat]).bit_count()
        hands[seat] = known[seat] | mask_of(cards[:count])
        del cards[:count]
    deal = world.deal._replace(undealt=mask_of(cards))
    return world._replace(hands=tuple(hands), deal=deal)


def test_a_sample_that_ignores_voids_is_caught() -> None:
    """The view of a world drawn this way is the view itself (the voids are copied from
    it), so only the check that each seat's hidden cards keep its voids finds it."""
    game = _with_sample(oh_hell, "voidless_oh_hell", _ignoring_voids)
    rules = oh_hell.PRESETS["single"]
    with pytest.raises(testing.ConformanceError) as raised:
        for seed in range(5):
            testing.check_random_game(game, rules, seed=seed, choices=seed, every=1)
    message = str(raised.value)
    assert message.startswith("voidless_oh_hell oh_hell(start_hand=10,schedule=single), seed ")
    assert "a world sampled from seat " in message and " has shown it has no " in message
    assert ", yet holds " in message
    # Oh Hell's own sample keeps them: the same games pass.
    for seed in range(5):
        testing.check_random_game(oh_hell, rules, seed=seed, choices=seed, every=1)


def test_a_sample_that_gives_a_hidden_bid_the_rules_forbid_is_caught() -> None:
    """Simultaneous bids stay hidden until all are in; a world must give each seat that
    has bid a bid it was offered (here: one trick more than the hand holds)."""

    def sample(view: Any, rng: random.Random) -> Any:
        world = oh_hell.sample(view, rng)
        bids = tuple(
            view.hand_size + 1 if shown is None and made else shown
            for shown, made in zip(view.bids, view.has_bid, strict=True)
        )
        return world._replace(deal=world.deal._replace(bids=bids))

    game = _with_sample(oh_hell, "overbidding_oh_hell", sample)
    rules = oh_hell.Rules(players=5, start_hand=4, bidding="simultaneous", schedule="single")
    offered = r"bid 0, bid 1, bid 2, bid 3, bid 4"
    wrong = rf"gives seat \d the bid 5, which it was not offered \(it was offered {offered}\)"
    with pytest.raises(testing.ConformanceError, match=wrong):
        for seed in range(20):
            testing.check_random_game(game, rules, seed=seed, choices=seed, every=1)


def test_a_view_that_does_not_survive_observe_of_sample_is_caught_with_the_fields() -> None:
    def sample(view: Any, rng: random.Random) -> Any:
        world = oh_hell.sample(view, rng)
        return world._replace(tricks_won=tuple(t + 1 for t in world.tricks_won))

    game = _with_sample(oh_hell, "miscounting_oh_hell", sample)
    with pytest.raises(testing.ConformanceError, match=r"looks different to that seat "
                       r"\(tricks_won differ\): the view shows something hidden, or sample "
                       r"ignores something the view shows"):  # fmt: skip
        testing.check_random_game(game, oh_hell.PRESETS["short"], seed=1, choices=1, every=1)


def test_a_world_that_moves_a_card_the_view_shows_is_caught() -> None:
    """Known cards (in Enfle, the cards a seat picked up) stay in their hands."""
    from cardrules.cards import mask_of
    from cardrules.games import enfle

    def sample(view: Any, rng: random.Random) -> Any:
        world = enfle.sample(view, rng)
        holders = [s for s, cards in enumerate(view.known) if cards and s != view.seat]
        others = [s for s in range(len(world.hands)) if s not in (view.seat, *holders[:1])]
        if not holders or not others:
            return world
        holder, other = holders[0], others[0]
        hands = list(world.hands)
        shown = view.known[holder][0].bit
        hidden = hands[other] & ~mask_of(view.known[other])
        if not hidden:
            return world
        swapped = hidden & -hidden  # its lowest hidden card
        hands[holder] = hands[holder] & ~shown | swapped
        hands[other] = hands[other] & ~swapped | shown
        return world._replace(hands=tuple(hands))

    game = _with_sample(enfle, "forgetful_enfle", sample)
    with pytest.raises(testing.ConformanceError, match=r"seat \d's hand lacks \w+, which the view "
                       r"shows there"):  # fmt: skip
        for seed in range(20):
            testing.check_random_game(game, enfle.Rules(), seed=seed, choices=seed, every=1)


def test_a_world_that_breaks_a_void_shown_in_the_log_is_caught() -> None:
    """Whist's view has no voids field: the kit reads them from its public log (a
    card that does not follow shows a void), by the suits the game counts."""
    from tests import endless

    def sample(view: Any, rng: random.Random) -> Any:
        world = endless.sample(view, rng)
        # The dealer's trump card swapped with the lowest card of another seat.
        trump = view.trump_card.bit
        if view.seat == view.dealer or not trump & world.hands[view.dealer]:
            return world
        other = next(s for s in range(4) if s not in (view.seat, view.dealer))
        hands = list(world.hands)
        given = hands[other] & -hands[other]
        hands[view.dealer] = hands[view.dealer] & ~trump | given
        hands[other] = hands[other] & ~given | trump
        return world._replace(hands=tuple(hands))

    game = _with_sample(endless, "void_breaking_whist", sample)
    with pytest.raises(testing.ConformanceError, match=r"a world sampled from seat \d's view: seat "
                       r"\d has shown it has no \w+, yet holds \w+"):  # fmt: skip
        testing.check_random_game(game, endless.Rules(max_moves=100), seed=3, choices=3, every=1)


# --------------------------------------------------------------------------- follow suit


def _position(led: str, hand: str) -> Any:
    """A Whist position of the game where the jack of clubs is a trump (hearts trumps):
    seat 0 has led ``led`` and seat 1, to play, holds ``hand`` (13 cards); the other
    cards are in the other hands."""
    from cardrules.cards import DECK52, Card, Suit, mask_of, parse_cards
    from tests import jack_trump

    rules = jack_trump.Rules(first_dealer=3)
    state = jack_trump.deal(rules, seed=1)
    lead = Card(led)
    mine = parse_cards(hand)
    rest = [card for card in DECK52 if card != lead and card not in mine]
    hands = (mask_of(rest[:12]), mask_of(mine), mask_of(rest[12:25]), mask_of(rest[25:]))
    return state._replace(
        hands=hands,
        trick=(lead,),
        leader=0,
        deal=state.deal._replace(trick_rules=jack_trump.jack_trump_rules(rules, Suit.HEARTS)),
    )


def test_follow_suit_is_judged_by_the_suits_the_game_counts_not_the_printed_suit() -> None:
    """With the jack of clubs a trump, a seat holding it and no other club may play
    anything to a club lead (a check by printed suit would call that a revoke), and a
    seat holding it and no heart must play it to a heart lead."""
    from cardrules.cards import cards_of
    from cardrules.moves import Play
    from tests import jack_trump

    spades = "2S 3S 4S 5S 6S 7S 8S 9S 10S 2D 3D"
    club_lead = _position("5C", f"JC 9H {spades}")
    assert {str(m) for m in jack_trump.legal_moves(club_lead)} >= {"play JC", "play 9H", "play 2S"}
    testing.check_legality(jack_trump, club_lead)
    heart_lead = _position("5H", f"JC 4D {spades}")
    assert [str(m) for m in jack_trump.legal_moves(heart_lead)] == ["play JC"]
    testing.check_legality(jack_trump, heart_lead)
    # A game that let that seat play a spade to the heart lead would be caught.
    loose = _with_sample(
        jack_trump,
        "loose_whist",
        jack_trump.sample,
        legal_moves=lambda state: tuple(Play(card) for card in cards_of(state.hands[1])),
    )
    revoke = r"seat 1 holds a card that counts as the suit led, hearts, yet may play \['play 2D'"
    with pytest.raises(testing.ConformanceError, match=revoke):
        testing.check_legality(loose, heart_lead)


# --------------------------------------------------------------------------- encoders, ends


def test_an_encoder_whose_numbers_do_not_cover_the_moves_is_caught() -> None:
    """An encoder's PLAYER_ACTIONS must cover every seat's move number (and leave the
    chance outcomes above it); here it stops short of the bids."""
    pytest.importorskip("numpy")
    import types

    from cardrules.integrations.encoding import oh_hell as oh_hell_encoder

    short = types.SimpleNamespace(
        **{
            name: getattr(oh_hell_encoder, name)
            for name in dir(oh_hell_encoder)
            if not name.startswith("_")
        }
    )
    short.PLAYER_ACTIONS = 52  # the plays only
    game = _with_sample(oh_hell, "short_encoded_oh_hell", oh_hell.sample)
    games.register(game, encoder=short)
    try:
        with pytest.raises(testing.ConformanceError, match=r"the move bid \d+ is number \d+, "
                           r"outside the encoder's seat actions 0..51"):  # fmt: skip
            testing.check_random_game(game, oh_hell.PRESETS["short"], seed=1, choices=1, every=1)
    finally:
        games.unregister(game.NAME)


def test_a_game_whose_random_play_never_ends_is_reported_with_preset_and_seed() -> None:
    """check_game plays Rules() and every preset to the end; a game still going at the
    cap (Whist without a target, whose only preset sets no cap) is named with them."""
    from tests import endless

    with pytest.raises(testing.ConformanceError) as raised:
        testing.check_game(endless, games=0, max_moves=500)
    message = str(raised.value)
    assert message.startswith("preset 'Rules()', endless_whist endless_whist(), seed ")
    assert ", choices " in message
    assert "random play has not ended after 500 moves: give the rules a safety cap" in message
    with pytest.raises(testing.ConformanceError, match="has not ended after 300 moves"):
        testing.check_random_game(endless, endless.Rules(), seed=1, choices=1, max_moves=300)
    # With a cap, the same game ends (truncated) and keeps the interface.
    capped = {"capped": endless.Rules(max_moves=300)}
    assert testing.check_game(endless, presets=capped, games=1).moves == 300


def test_a_game_whose_card_counts_as_another_suit_passes_the_whole_kit() -> None:
    """The engine plays, reveals voids and samples by the suit a card counts as (the jack
    of clubs is a trump here), so such a game passes the whole conformance kit."""
    from tests import jack_trump

    report = testing.check_game(jack_trump, games=6)
    assert report.moves > 0


# --------------------------------------------------------------------------- immutability


def _played(game: Any, moves: int, seed: int = 3) -> Any:
    """A state of ``game`` after a few random moves."""
    state = game.deal(game.Rules(), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


@pytest.mark.parametrize("name", games.names())
def test_no_mutable_value_is_reachable_from_a_state_of_any_game(name: str) -> None:
    """What every state shares (its deal, its rules, the game's description) cannot be
    changed by a caller: the kit walks it all and finds no list, dict, set or bytearray."""
    game = games.get(name)
    for moves in (0, 40):
        testing.check_immutable(game, _played(game, moves))


def test_the_trick_game_description_s_tables_are_read_only() -> None:
    """The description every state of a trick game reaches (``state.deal.game``) holds
    read-only mappings: assigning into them is refused."""
    description = _played(oh_hell, 0).deal.game
    for table in (description.roles.round_index, description.numbering.move_numbers):
        with pytest.raises(TypeError):
            table["anything"] = 0


def test_a_list_in_a_state_is_refused_with_its_path() -> None:
    state = _played(oh_hell, 10)
    with pytest.raises(testing.ConformanceError, match=r"^state\.trick is a list, which can be"):
        testing.check_immutable(oh_hell, state._replace(trick=list(state.trick)))
    events = state.log
    changed = state._replace(log=events.append(SimpleNamespace(kinds={"play"})))
    where = rf"^state\.log\[{len(events)}\]\.kinds is a set"
    with pytest.raises(testing.ConformanceError, match=where):
        testing.check_immutable(oh_hell, changed)


def test_a_dict_in_the_description_is_refused_with_its_path() -> None:
    """The description is walked through the state's deal and as the module's ``GAME``."""
    state = _played(oh_hell, 0)
    description = SimpleNamespace(round_index=MappingProxyType({"bid": [1, 2]}))
    changed = state._replace(deal=state.deal._replace(game=description))
    with pytest.raises(
        testing.ConformanceError, match=r"^state\.deal\.game\.round_index\['bid'\] is a list"
    ):
        testing.check_immutable(oh_hell, changed)
    module = SimpleNamespace(NAME="made_up", GAME=SimpleNamespace(tables=({"a": 1},)))
    with pytest.raises(testing.ConformanceError, match=r"^made_up\.GAME\.tables\[0\] is a dict"):
        testing.check_immutable(cast(Game, module), state)
