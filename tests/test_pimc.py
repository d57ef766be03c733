"""The PIMC bot: its budget, its determinism, its names, and that it plays the solved move."""

from __future__ import annotations

import random
import time

import pytest

from cardrules import games
from cardrules.bots.pimc import PIMCBot
from cardrules.errors import RulesError
from cardrules.moves import Bid, Play
from cardrules.play import play_game
from cardrules.simulate import make_bot, simulate
from cardrules.solver import solve_moves

oh_hell = games.get("oh_hell")


def _first_lead(cards: int, seed: int) -> object:
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=cards), seed=seed)
    while isinstance(oh_hell.legal_moves(state)[0], Bid):
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[-1])
    return state


def test_budgeted_by_samples_the_bot_is_deterministic() -> None:
    state = _first_lead(5, 3)
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int)
    view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
    bot = PIMCBot(oh_hell, samples=4, solve_cards=5)
    chosen = {bot.choose(view, legal, random.Random(7)) for _ in range(3)}
    assert len(chosen) == 1 and chosen <= set(legal)


def test_it_plays_the_move_with_the_best_mean_over_the_sampled_worlds() -> None:
    """Drawing the same worlds with the same generator and solving each gives the
    means the bot compares (the margin over the other seats by default, the points
    without it); its move has the best mean, the heuristic bot's among equals."""
    tied = 0
    for seed in range(8):
        state = _first_lead(3, seed)
        seat = oh_hell.to_move(state)
        assert isinstance(seat, int)
        view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
        for margin in (True, False):
            rng = random.Random(seed)
            totals = [0.0] * len(legal)
            for _ in range(5):
                values = dict(solve_moves(oh_hell, oh_hell.sample(view, rng), margin=margin))
                totals = [total + values[move] for total, move in zip(totals, legal)]
            best = [move for move, total in zip(legal, totals) if total == max(totals)]
            bot = PIMCBot(oh_hell, samples=5, margin=margin)
            chosen = bot.choose(view, legal, random.Random(seed))
            if len(best) > 1:
                preferred = bot.playout.choose(view, legal, rng)
                tied += preferred in best
                assert chosen == (preferred if preferred in best else best[0])
            else:
                assert chosen == best[0]
    assert tied  # the positions include ties the heuristic bot's move breaks


def test_a_time_budget_ends_the_sampling() -> None:
    state = _first_lead(4, 5)
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int)
    bot = PIMCBot(oh_hell, samples=10_000, seconds=0.05)
    move = bot.choose(oh_hell.observe(state, seat), oh_hell.legal_moves(state), random.Random(1))
    assert move in oh_hell.legal_moves(state)


def test_bids_are_chosen_through_the_solved_play() -> None:
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=2)
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int)
    legal = oh_hell.legal_moves(state)
    assert isinstance(legal[0], Bid)
    assert (
        PIMCBot(oh_hell, samples=3).choose(oh_hell.observe(state, seat), legal, random.Random(0))
        in legal
    )


def test_named_for_simulate_and_the_command_line() -> None:
    assert make_bot("pimc", "oh_hell").name == "pimc20"
    assert make_bot("pimc:5:3", "maverick").name == "pimc5:3"
    assert make_bot("pimc:0.1s:infer", "oh_hell").name == "pimc0.1s:infer"
    named = make_bot("pimc:20:3:p500:infer", "oh_hell")
    assert isinstance(named, PIMCBot)
    assert (named.name, named.solve_cards, named.positions, named.inference) == (
        "pimc20:3:p500:infer",
        3,
        500,
        True,
    )
    timed = make_bot("pimc:0.25s:6", "oh_hell")
    assert isinstance(timed, PIMCBot)
    assert (timed.name, timed.seconds, timed.solve_cards) == ("pimc0.25s:6", 0.25, 6)
    for bad in (
        "pimc:x",
        "pimc:0",
        "pimc:1:2:3",
        "pimc::",
        "pimc:0s",
        "pimc:s",
        "pimc:1:2s",
        "pimc:1:infer:3",
        "pimc:1:p0",
        "pimc:1:p",
    ):
        with pytest.raises(RulesError):
            make_bot(bad, "oh_hell")
    results = simulate(
        "oh_hell",
        ["pimc:2", "heuristic", "random", "heuristic"],
        games=2,
        seed=1,
        rules="oh_hell(schedule=single,start_hand=2)",
        workers=1,
    )
    assert results.games_played == 2


def test_bad_budgets_are_refused() -> None:
    for arguments in (
        {"samples": 0},
        {"samples": "5"},
        {"seconds": 0},
        {"solve_cards": 0},
        {"playout": 3},
        {"margin": "yes"},
        {"equivalent_cards": 1},
        {"positions": 0},
        {"solve_cards": True},
        {"inference": 1},
    ):
        with pytest.raises(ValueError):
            PIMCBot(oh_hell, **arguments)


def test_passes_are_valued_through_the_play_that_follows() -> None:
    """Maverick's deal opens with each seat passing two cards: the bot values each
    pass by letting the heuristic bot play on to the endgame and solving it."""
    maverick = games.get("maverick")
    state = maverick.deal(maverick.PRESETS["single"], seed=4)
    seat = maverick.to_move(state)
    assert isinstance(seat, int)
    legal = maverick.legal_moves(state)
    assert not isinstance(legal[0], Play)
    bot = PIMCBot(maverick, samples=1, solve_cards=1)
    assert bot.equivalent_cards  # declared by the game; a pass is no card play
    assert bot.choose(maverick.observe(state, seat), legal, random.Random(2)) in legal


def test_pimc_plays_a_game_whose_deals_the_solver_cannot_search() -> None:
    """In Enfle a trick may go back into a hand: the bot plays every sampled deal out
    instead of solving it, and still plays legal moves to the end of a game."""
    from cardrules.games import enfle

    final = play_game(enfle, enfle.PRESETS["single"], [PIMCBot(enfle, samples=2)] * 4, seed=5)
    assert enfle.is_over(final)


def test_equivalent_cards_are_on_where_the_game_declares_them() -> None:
    from cardrules.games import enfle, maverick, oh_hell

    assert PIMCBot(oh_hell).equivalent_cards
    assert PIMCBot(maverick).equivalent_cards
    assert not PIMCBot(enfle).equivalent_cards


def _ten_card_lead() -> tuple[object, int]:
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=10), seed=4)
    while type(oh_hell.legal_moves(state)[0]) is not Play:
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int)
    return state, seat


def test_a_positions_budget_cuts_a_long_solve_short() -> None:
    """Solving whole deals of ten cards a hand from the first lead searches far more
    than 3,000 positions: the first drawn deal's exact solve is stopped inside the move
    (counted), that deal and the others are valued from the endgame of four cards a hand,
    and no solve searches more than its budget (kept to within a tick of 1,024
    positions)."""
    state, seat = _ten_card_lead()
    bot = PIMCBot(oh_hell, samples=3, positions=3000)
    legal = oh_hell.legal_moves(state)
    move = bot.choose(oh_hell.observe(state, seat), legal, random.Random(0))
    assert move in legal
    assert bot.last_worlds == 3
    assert bot.last_cuts == 1  # the solve of the whole deal was stopped, once
    assert bot.last_depth == 4
    attempts = bot.last_cuts + bot.last_worlds
    assert 3000 < bot.last_positions <= attempts * (3000 + 2 * 1024)


def test_a_time_budget_cuts_a_long_solve_short() -> None:
    """With a tenth of a second a move, the whole ten-card deal does not fit: the solves
    are stopped by their share of the time (counted) and the bot answers in time."""
    state, seat = _ten_card_lead()
    bot = PIMCBot(oh_hell, seconds=0.1)
    legal = oh_hell.legal_moves(state)
    started = time.monotonic()
    move = bot.choose(oh_hell.observe(state, seat), legal, random.Random(0))
    assert time.monotonic() - started < 1.0
    assert move in legal
    # The cut is the budget's work (a busy machine may leave no time for a shallower
    # solve after it: the depth that follows a cut is checked by positions, below).
    assert bot.last_cuts >= 1


def test_the_deal_is_solved_to_its_end_when_the_budget_allows() -> None:
    """No cap by default: with positions enough, every drawn deal of five cards a hand is
    solved from the first lead to the deal's end; with few, the bot solves less deep;
    an explicit ``solve_cards`` still caps the depth."""
    state = _first_lead(5, 3)
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int)
    view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
    deep = PIMCBot(oh_hell, samples=3, positions=1_000_000)
    deep.choose(view, legal, random.Random(1))
    assert (deep.last_cuts, deep.last_depth, deep.last_worlds) == (0, None, 3)
    shallow = PIMCBot(oh_hell, samples=3, positions=1)
    shallow.choose(view, legal, random.Random(1))
    assert shallow.last_cuts >= 1 and shallow.last_depth is not None
    capped = PIMCBot(oh_hell, samples=3, solve_cards=2)
    capped.choose(view, legal, random.Random(1))
    assert (capped.last_cuts, capped.last_depth) == (0, 2)


def _bid_totals(
    view: object, seat: int, legal: tuple[object, ...], seed: int, margin: bool, infer: bool
) -> list[float]:
    """The sum over six deals drawn for ``view`` of each bid's solved score after the
    heuristic bot's bids up to the first lead, weighted by the calls' likelihood with
    ``infer``: what the PIMC bot compares."""
    from cardrules.bots.heuristics import heuristic_bot
    from cardrules.solver import deal_value

    playout = heuristic_bot("oh_hell")
    weigher = PIMCBot(oh_hell)
    rng = random.Random(seed)
    totals = [0.0] * len(legal)
    for _ in range(6):
        world = oh_hell.sample(view, rng)
        rng.getrandbits(64)
        weight = weigher.call_likelihood(view, world) if infer else 1.0
        for index, bid in enumerate(legal):
            after = oh_hell.apply(world, bid)
            while isinstance(oh_hell.legal_moves(after)[0], Bid):
                mover = oh_hell.to_move(after)
                assert isinstance(mover, int)
                choice = playout.choose(
                    oh_hell.observe(after, mover), oh_hell.legal_moves(after), random.Random(0)
                )
                after = oh_hell.apply(after, choice)
            value = deal_value(oh_hell, after, seat, equivalent_cards=True, margin=margin)
            totals[index] += weight * value
    return totals


def test_a_bid_is_the_one_with_the_best_mean_solved_score_rule_oh_5_1() -> None:
    """Rule OH-5.1 (an exact bid scores 10 more): with three cards a hand and every deal
    solved exactly, the bot's bid is the bid whose mean solved score (the margin by default,
    the points without it) over the same drawn deals is best: each deal is followed by one
    draw of 64 bits for its playouts, the heuristic bot makes the other seats' bids, and the
    play is solved from the first lead. With inference, the mean is weighted by the
    likelihood of the bids made before."""
    from cardrules.bots.heuristics import heuristic_bot

    playout = heuristic_bot("oh_hell")
    chosen_bids = set()
    for seed in range(6):
        state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=seed)
        for _ in range(seed % 4):  # bid from different seats
            state = oh_hell.apply(state, oh_hell.legal_moves(state)[-1 if seed % 2 else 0])
        seat = oh_hell.to_move(state)
        assert isinstance(seat, int)
        view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
        assert isinstance(legal[0], Bid)
        for margin, infer in ((True, False), (False, False), (True, True)):
            totals = _bid_totals(view, seat, legal, seed, margin, infer)
            best = [bid for bid, total in zip(legal, totals) if total == max(totals)]
            bot = PIMCBot(oh_hell, samples=6, margin=margin, inference=infer)
            chosen = bot.choose(view, legal, random.Random(seed))
            assert bot.last_depth is None and bot.last_cuts == 0
            if len(best) > 1:
                preferred = playout.choose(view, legal, random.Random(0))
                assert chosen == (preferred if preferred in best else best[0])
            else:
                assert chosen == best[0]
            chosen_bids.add(chosen)
    assert len(chosen_bids) > 1  # not always the same bid


def test_inference_weighs_deals_whose_hands_contradict_the_bids_near_zero() -> None:
    """Seats 1, 2 and 3 each bid all three tricks: a drawn deal weighs 0.25 to the power of
    the steps between each bid and the heuristic bot's bid for that seat's hand, so a deal
    that gives them hands the heuristic bot bids nothing with weighs next to nothing; the
    first bidder (no bid seen) and the play (a card played) leave deals unweighted."""
    from cardrules.bots.heuristics import heuristic_bot

    playout = heuristic_bot("oh_hell")
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=4)
    first = oh_hell.observe(state, 1)
    for _ in range(3):
        state = oh_hell.apply(state, Bid(3))
    seat = oh_hell.to_move(state)
    assert seat == 0
    view = oh_hell.observe(state, seat)
    bot = PIMCBot(oh_hell, inference=True)
    rng = random.Random(1)
    weights = []
    for _ in range(40):
        world = oh_hell.sample(view, rng)
        steps = 0
        for other in (1, 2, 3):
            mode = playout.choose(
                oh_hell.observe(world, other), oh_hell.legal_moves(world), random.Random(0)
            )
            assert isinstance(mode, Bid)
            steps += 3 - mode.tricks
        weight = bot.call_likelihood(view, world)
        assert weight == pytest.approx(0.25**steps)
        if steps == 9:  # no seat's hand would bid a trick: next to impossible
            assert weight < 1e-5
        weights.append(weight)
    assert max(weights) > 100 * min(weights)
    assert bot.call_likelihood(first, oh_hell.sample(first, random.Random(2))) == 1.0
    played = _first_lead(3, 4)
    played = oh_hell.apply(played, oh_hell.legal_moves(played)[0])
    mover = oh_hell.to_move(played)
    assert isinstance(mover, int)
    later = oh_hell.observe(played, mover)
    assert bot.call_likelihood(later, oh_hell.sample(later, random.Random(2))) == 1.0


def test_inference_is_deterministic_and_draws_the_same_deals() -> None:
    """With a seeded generator the bot with inference makes the same choice each time,
    and it leaves the generator where the bot without inference leaves it."""
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=3)
    for _ in range(3):
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[-1])
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int)
    view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
    ends = []
    for inference in (True, True, False):
        rng = random.Random(5)
        chosen = PIMCBot(oh_hell, samples=5, inference=inference).choose(view, legal, rng)
        ends.append((chosen if inference else None, rng.random()))
    assert ends[0] == ends[1]
    assert ends[0][1] == ends[2][1]


def test_inference_weighs_the_deals_of_the_play_by_the_calls_made_before_it() -> None:
    """In the play the bot rebuilds the table of its bid with the hands a drawn deal
    gives the other seats then (their hands now and the cards they played): the real
    deal weighs in the play what it weighed at the bid, the drawn deals of the play are
    weighted, not all alike, and a bot that made no bid in the deal weighs nothing."""
    state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=4), seed=4)
    for _ in range(3):
        state = oh_hell.apply(state, Bid(3))
    seat = oh_hell.to_move(state)
    assert isinstance(seat, int)
    bidding = oh_hell.observe(state, seat)
    bot = PIMCBot(oh_hell, samples=2, inference=True)
    bid = bot.choose(bidding, oh_hell.legal_moves(state), random.Random(3))
    at_the_bid = bot.call_likelihood(bidding, state)
    assert at_the_bid < 0.01
    state = oh_hell.apply(state, bid)
    for _ in range(5):  # the first trick and a lead
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    mover = oh_hell.to_move(state)
    assert mover == seat
    playing = oh_hell.observe(state, seat)
    assert bot.call_likelihood(playing, state) == at_the_bid
    rng = random.Random(1)
    weights = {bot.call_likelihood(playing, oh_hell.sample(playing, rng)) for _ in range(12)}
    assert len(weights) > 1 and max(weights) <= 1.0
    assert PIMCBot(oh_hell, inference=True).call_likelihood(playing, state) == 1.0
