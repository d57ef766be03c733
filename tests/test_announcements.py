"""The trick engine's announcements during play, each part on its own, on the small
games of the tests (tests/announce_game.py): the moves offered beside the cards, the
turn kept, the deadline, who may, the contract's terms, the sides and cards shown,
refusals, move numbers and text, JSON, records, positions, views, sampling, the
solver and PIMC, and the games without announcements left as they were."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardrules import games, positions, records
from cardrules.bots.pimc import PIMCBot
from cardrules.cards import Card
from cardrules.core import trickgame
from cardrules.core.trickgame import announcing
from cardrules.errors import IllegalMoveError, RecordError, RulesError
from cardrules.games import oh_hell
from cardrules.moves import Call, Play
from cardrules.solver import solve_moves
from cardrules.testing import check_game
from tests import announce_game as game
from tests import auction_game
from tests.announce_game import ALL, KONTRA, PAIR, PAIR_CARDS, RE, Rules
from tests.test_sampling_uniformity import chi_square_p


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    games.register(game)
    yield
    games.unregister(game.NAME)


def _dealt(seed: int = 3) -> Any:
    return game.deal(Rules(first_dealer=0), seed=seed)


def _moves(state: Any, *texts: str) -> Any:
    """The state after these moves, each read from its text."""
    for text in texts:
        state = game.apply(state, game.parse_move(state, text))
    return state


def _first_play(state: Any) -> Any:
    return next(m for m in game.legal_moves(state) if type(m) is Play)


def _seat(state: Any) -> int:
    seat = game.to_move(state)
    assert isinstance(seat, int)
    return seat


def _play_cards(state: Any, count: int) -> Any:
    for _ in range(count):
        state = game.apply(state, _first_play(state))
    return state


def _with_pair(seed_from: int = 0) -> tuple[Any, int]:
    """A deal in which a seat holds the king and queen of trumps, and that seat."""
    for seed in range(seed_from, seed_from + 200):
        state = _dealt(seed)
        for seat, hand in enumerate(state.hands):
            if hand & PAIR_CARDS == PAIR_CARDS:
                return state, seat
    raise AssertionError("no deal with the pair")


def test_the_kit_passes_the_announcement_game() -> None:
    assert check_game(game, games=4).games == 4


def test_legal_moves_in_play_are_the_cards_then_the_open_announcements() -> None:
    state = _dealt()
    assert game.to_move(state) == 1
    legal = game.legal_moves(state)
    plays = [m for m in legal if type(m) is Play]
    assert legal == (*plays, KONTRA)  # side 1 may say kontra, not re (rule AT-1)
    assert len(plays) == 6


def test_an_announcement_keeps_the_turn_and_doubles_the_stake() -> None:
    state = _dealt()
    after = _moves(state, "kontra")
    assert game.to_move(after) == game.to_move(state) == 1
    assert after.hands == state.hands and after.trick == state.trick
    assert after.contract.term("stake") == 2
    assert trickgame.announced(after) == ((1, KONTRA),)
    assert after.moves_made == state.moves_made + 1
    assert game.events(after)[-1].text == "seat 1 announces kontra"
    assert KONTRA not in game.legal_moves(after)  # once a side (rule AT-1)
    assert ALL in game.legal_moves(after)  # open once its side has said kontra (AT-2)
    seat_2 = _play_cards(after, 1)
    assert game.to_move(seat_2) == 2 and RE in game.legal_moves(seat_2)
    both = _moves(seat_2, "re")
    assert both.contract.term("stake") == 4


def test_the_deadline_closes_re_after_the_seats_second_card() -> None:
    state = _dealt()
    # Seat 1 leads; after one trick its second card is due: kontra is still open.
    one_trick = _play_cards(state, 4)
    assert one_trick.waste.bit_count() == 4
    leader = game.to_move(one_trick)
    assert isinstance(leader, int)
    while _seat(one_trick) % 2 != 1:  # a seat of side 1 to play
        one_trick = _play_cards(one_trick, 1)
    assert KONTRA in game.legal_moves(one_trick)
    # ``all`` closes before the seat's first card.
    assert ALL not in game.legal_moves(_moves(one_trick, "kontra"))
    two_tricks = _play_cards(one_trick, 4)
    assert two_tricks.waste.bit_count() == 8
    assert not [m for m in game.legal_moves(two_tricks) if type(m) is Call]
    with pytest.raises(IllegalMoveError, match="before the seat plays its 2nd card"):
        game.apply(two_tricks, KONTRA)


def test_the_dummy_makes_no_announcement() -> None:
    module = game.kontra_module()
    games.register(module)
    try:
        state = module.deal(game.KontraRules(first_dealer=0, dummy=True), seed=7)
        for text in ("1C", "pass", "pass", "pass", "kontra"):
            state = module.apply(state, module.parse_move(state, text))
        assert state.contract.dummy == 3 and state.announced == ((2, game.SKAT_KONTRA),)
        state = module.apply(state, module.legal_moves(state)[0])  # seat 2 leads
        assert module.to_move(state) == 1  # the declarer plays the dummy's card
        assert all(type(move) is Play for move in module.legal_moves(state))
        with pytest.raises(IllegalMoveError, match="the dummy's card is due"):
            module.apply(state, game.SKAT_RE)
    finally:
        games.unregister(module.NAME)


def test_announcements_the_seat_may_not_make_are_refused() -> None:
    state = _dealt()
    with pytest.raises(IllegalMoveError, match="the rules do not let seat 1 announce re now"):
        game.apply(state, RE)
    with pytest.raises(IllegalMoveError, match="no announcement of Announcement tricks"):
        game.apply(state, Call("double", "announce"))


def test_an_illegal_announcement_leaves_the_state_as_it_was_and_names_the_fix() -> None:
    state = _moves(_dealt(), "kontra")
    data = game.state_to_dict(state)
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(state, KONTRA)
    message = str(refused.value)
    assert "seat 1 has announced kontra already" in message
    assert "play a card, or make an announcement open now (all)" in message
    assert "(rule AT-1)" in message
    assert game.state_to_dict(state) == data
    with pytest.raises(IllegalMoveError, match="announced kontra already"):
        game.parse_move(state, "kontra")


def test_announcements_are_read_from_their_words_and_numbered_after_the_cards() -> None:
    numbering = game.GAME.numbering
    numbers = [game.move_index(call) for call in (RE, KONTRA, ALL, PAIR)]
    assert numbers == list(range(numbering.call_base, numbering.call_base + 4))
    assert numbers[-1] == game.NUM_MOVES - 1
    for call, number in zip((RE, KONTRA, ALL, PAIR), numbers):
        assert game.move_from_index(number) == call
        assert str(call) == call.words
    assert game.parse_move(_dealt(), "KONTRA") == KONTRA


def test_the_contract_and_the_announcements_round_trip_through_json() -> None:
    state = _moves(_dealt(), "kontra")
    state = _play_cards(state, 1)
    state = _moves(state, "re")
    data = game.state_to_dict(state)
    assert data["announced"] == [[1, "kontra"], [2, "re"]]
    assert data["contract"][-1] == [["stake", 4]]
    assert game.state_from_dict(data) == state
    bad = dict(data, announced=[[1, "schwarz"]])
    with pytest.raises(RecordError, match="'announced' holds"):
        game.state_from_dict(bad)
    twice = dict(data, announced=[[1, "kontra"], [1, "kontra"]], history=None)
    with pytest.raises(RecordError, match="seat 1 makes 'kontra' twice"):
        game.state_from_dict(twice)


def test_records_replay_a_game_with_announcements() -> None:
    state = _moves(_dealt(), "kontra")
    state = _play_cards(state, 1)
    state = _moves(state, "re")
    record = records.record_of(state)
    again = records.replay(records.Record.from_json(record.to_json()))
    assert again == state
    assert "kontra" in record.to_json()


def test_a_position_keeps_the_announcements_and_the_contract() -> None:
    rules = Rules(first_dealer=0)
    state = _play_cards(_moves(game.deal(rules, seed=3), "kontra"), 2)
    spot = game.position(state)
    assert spot["announced"] == [[1, "kontra"]]
    assert spot["contract"][-1] == [["stake", 2]]
    again = game.setup(rules, spot)
    assert game.position(again) == spot
    assert KONTRA not in game.legal_moves(again) and again.contract == state.contract
    text = positions.position_text(game.NAME, state)
    assert game.position(positions.setup_text(text)) == spot
    view_spot = game.position(game.observe(state, 0))
    assert view_spot["announced"] == spot["announced"]
    ended = game.position(_play_cards(state, 22))  # the next deal: none made yet
    assert ended["announced"] == [] and ended["contract"][-1] == []


def test_views_show_the_announcements_the_contract_and_the_sides_shown() -> None:
    state = _play_cards(_moves(_dealt(), "kontra"), 1)
    state = _moves(state, "re")
    view = game.observe(state, 3)
    assert view.announced == ((1, KONTRA), (2, RE))
    assert view.contract.term("stake") == 4
    assert {"announced", "contract"} <= set(view.shown_fields())
    assert trickgame.shown_sides(view) == (None, 1, 0, None)
    assert trickgame.shown_sides(state) == trickgame.shown_sides(view)


def test_an_announcement_showing_cards_makes_them_known_and_sampling_keeps_them() -> None:
    state, seat = _with_pair()
    while game.to_move(state) != seat:
        state = _play_cards(state, 1)
    assert PAIR in game.legal_moves(state)
    shown = _moves(state, "pair")
    assert game.events(shown)[-1].cards == (Card("QH"), Card("KH"))
    assert shown.known[seat] & PAIR_CARDS == PAIR_CARDS
    assert shown.contract.term(f"pair {seat % 2}") == 1
    other = (seat + 1) % 4
    view = game.observe(shown, other)
    for k in range(30):
        world = game.sample(view, random.Random(k))
        assert world.hands[seat] & PAIR_CARDS == PAIR_CARDS
        assert world.announced == shown.announced and world.contract == shown.contract
    loaded = game.state_from_dict(game.state_to_dict(shown))
    assert loaded.known == shown.known


def test_sampled_worlds_offer_what_the_state_offers() -> None:
    state = _moves(_dealt(), "kontra")
    view = game.observe(state, 1)
    world = game.sample(view, random.Random(5))
    assert world.announced == state.announced
    assert game.legal_moves(world) == game.legal_moves(state)  # its own hand: seat 1's


def test_the_deals_scoring_reads_the_terms_the_announcements_set() -> None:
    state = _moves(_dealt(), "kontra")
    while game.deal_number(state) == 0:
        state = game.apply(state, _first_play(state))
    row = game.score(state).deals[0]
    stake = 2
    assert sorted(set(row.points)) in ([0, stake], [0])


def test_the_solver_values_the_card_plays_and_pimc_never_announces() -> None:
    state = _play_cards(_dealt(), 20)  # four cards left: a small endgame
    while _seat(state) % 2 != 1 or KONTRA not in game.legal_moves(state):
        state = _dealt(state.seed + 1)
        state = _play_cards(state, 4)
    values = solve_moves(game, state)
    assert [move for move, _ in values] == [m for m in game.legal_moves(state) if type(m) is Play]
    bot = PIMCBot(game, samples=2)
    seat = game.to_move(state)
    move = bot.choose(game.observe(state, seat), game.legal_moves(state), random.Random(1))
    assert type(move) is Play


def test_kontra_and_re_after_an_auction_count_doublings() -> None:
    module = game.kontra_module()
    games.register(module)
    try:
        rules = game.KontraRules(first_dealer=0)
        state = module.deal(rules, seed=7)
        for text in ("1C", "pass", "pass", "pass"):
            state = module.apply(state, module.parse_move(state, text))
        assert state.contract.declarer == 1 and state.contract.term("doubled") == 0
        leader = module.to_move(state)
        assert leader == 2  # a defender leads: kontra is open to it
        assert game.SKAT_KONTRA in module.legal_moves(state)
        state = module.apply(state, game.SKAT_KONTRA)
        assert state.contract.term("doubled") == 1
        state = module.apply(state, module.legal_moves(state)[0])
        assert module.to_move(state) == 3 and game.SKAT_RE in module.legal_moves(state)
        state = module.apply(state, game.SKAT_RE)
        assert state.contract.term("doubled") == 2
        data = module.state_to_dict(state)
        assert data["contract"][-1] == [["level", 1], ["doubled", 2]]
        assert module.state_from_dict(data) == state
        assert check_game(module, games=3).games == 3
    finally:
        games.unregister(module.NAME)


def test_games_without_announcements_write_and_read_nothing_more() -> None:
    state = oh_hell.deal(oh_hell.Rules(players=3), seed=1)
    data = oh_hell.state_to_dict(state)
    assert "announced" not in data and "contract" not in data
    assert oh_hell.GAME.roles.plain_play is oh_hell.GAME.roles.playing
    assert game.GAME.roles.plain_play is None
    assert "announced" not in oh_hell.observe(state, 0).shown_fields()
    auction = auction_game.deal(auction_game.Rules(), seed=1)
    assert "announced" not in auction_game.state_to_dict(auction)


def test_bad_announcements_are_refused_with_the_fix() -> None:
    with pytest.raises(RulesError, match="a Call of kind 'announce'"):
        trickgame.Announcement(call=Call("re"))
    with pytest.raises(RulesError, match="until_card is a number of cards"):
        trickgame.Announcement(call=RE, until_card=0)
    twice = (*game.ANNOUNCEMENTS, trickgame.Announcement(call=Call("RE", "announce")))
    with pytest.raises(RulesError, match="two announcements 're'"):
        dataclasses.replace(game.GAME, announcements=twice)
    clash: tuple[trickgame.Announcement[Any], ...] = (
        trickgame.Announcement(call=Call("pass", "announce")),
    )
    with pytest.raises(RulesError, match="the same words"):
        dataclasses.replace(auction_game.GAME, announcements=clash)
    with pytest.raises(RulesError, match="no pick_up"):
        dataclasses.replace(game.GAME, play=trickgame.TrickPlay(pick_up=True))


def test_the_ready_made_effects_on_the_terms() -> None:
    contract = trickgame.Contract(terms=(("stake", 3), ("game", "grand")))
    assert announcing.doubling("stake")(contract, 0) == (("stake", 6), ("game", "grand"))
    assert announcing.adding("bock", 2)(contract, 0)[-1] == ("bock", 2)
    assert announcing.setting("game", "null")(contract, 0)[-1] == ("game", "null")
    with pytest.raises(RulesError, match="no number"):
        announcing.doubling("game")(contract, 0)


def test_sampling_is_uniform_with_cards_an_announcement_showed() -> None:
    """Rule: ``sample`` stays exactly uniform over the worlds a view allows when an
    announcement showed cards: before any card is played, the announcer's four other
    cards are a uniform choice among the cards the viewer has not seen (every choice
    leaves the same number of ways to deal the rest)."""
    state, seat = _with_pair()
    while game.to_move(state) != seat:  # the pair's holder leads: no card played yet
        state, seat = _with_pair(state.seed + 1)
    shown = _moves(state, "pair")
    viewer = (seat + 1) % 4
    view = game.observe(shown, viewer)
    unseen = [
        card
        for card in game.deck_of(shown.rules)
        if not card.bit & (shown.hands[viewer] | PAIR_CARDS)
    ]
    assert len(unseen) == 16
    cells = [frozenset(cards) for cards in itertools.combinations(unseen, 4)]
    rng = random.Random(11)
    observed: Counter[frozenset[Card]] = Counter()
    for _ in range(6 * len(cells)):
        world = game.sample(view, rng)
        observed[frozenset(c for c in unseen if c.bit & world.hands[seat])] += 1
    assert set(observed) <= set(cells)
    assert chi_square_p(observed, cells) > 1e-4
