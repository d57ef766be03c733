"""The kit's checks along whole games: a random game with every invariant checked at its
steps (:func:`check_random_game`), every listed move applied, seeded and explicit
chance compared, random play ending; and :func:`check_game`, which runs every check of
the kit on each preset of a game.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from cardrules import games as registry
from cardrules.errors import IllegalMoveError, caused_by
from cardrules.game import CHANCE, Game
from cardrules.moves import Bid, ChooseDealer, DealCard
from cardrules.testing.common import (
    MOST_MOVES,
    ConformanceError,
    Report,
    _apply_listed,
    _fail,
    _GameErrorsReported,
    _resolve,
)
from cardrules.testing.encoding import _encoding_of, check_encoding
from cardrules.testing.immutability import check_immutable
from cardrules.testing.invariants import (
    check_cards_conserved,
    check_legality,
    check_unlisted_moves_refused,
)
from cardrules.testing.positions import check_position, check_positions
from cardrules.testing.rules_text import check_rules_text
from cardrules.testing.solving import check_solver
from cardrules.testing.views import check_sampled_world_plays, check_views


def check_ends(
    game: str | Game, rules: Any, *, seed: int, choices: int, max_moves: int = MOST_MOVES
) -> int:
    """A random game of ``rules`` ends, within their cap (``max_moves``/``max_deals``)
    or, if they set none, within ``max_moves`` moves; only the moves are played (no
    other check runs), so that a long game costs little. Returns its number of moves."""
    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}, choices {choices}"
    moves = 0
    with _GameErrorsReported(lambda: f"{where}, step {moves}"):
        state = game.deal(rules, seed=seed)
        while not game.is_over(state):
            if moves >= max_moves:
                raise ConformanceError(
                    f"{where}: random play has not ended after {max_moves} moves: give the "
                    "rules a safety cap (max_moves or max_deals), or make sure the game ends"
                )
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            moves += 1
    return moves


def check_random_game(
    game: str | Game,
    rules: Any,
    *,
    seed: int,
    choices: int,
    every: int = 7,
    max_moves: int = MOST_MOVES,
) -> int:
    """Play one complete random game and check every invariant along it.

    ``seed`` deals the game, ``choices`` seeds the random choice of moves;
    the costlier checks (card conservation, legality, unlisted moves, views and
    sampled worlds, the encoder, mutation) run every ``every`` steps, card
    conservation also at the end (whole-state pickle comparisons every tenth time
    after the first ten). A game still going after ``max_moves`` moves breaks the
    promise that random play ends. Returns the number of moves played.
    """
    game = _resolve(game)
    rng = random.Random(choices)
    encoding = _encoding_of(game, rules)
    player_actions = encoding.player_actions if encoding is not None else 0
    offered: dict[int, frozenset[Any]] = {}  # the bids each seat was offered this deal
    deal_number = -1
    label = f"{game.NAME} {rules}"  # formatting rules costs more than a move: do it once
    with _GameErrorsReported(
        lambda: f"{label}, seed {seed}, dealing", prefix_conformance_errors=True
    ):
        state = game.deal(rules, seed=seed)
        _fail(game.deal(rules, seed=seed) == state, "the same rules and seed dealt different games")
        players = game.players(rules)
        check_immutable(game, state)
    steps = 0
    over = False
    while not over:  # no break out of the with below: the compiled build cannot compile one
        # The lambda is called, if at all, before the step ends: it sees this step's number.
        with _GameErrorsReported(
            lambda: f"{label}, seed {seed}, choices {choices}, step {steps}",  # noqa: B023
            prefix_conformance_errors=True,
        ):
            legal = game.legal_moves(state)
            over = game.is_over(state)
            _fail((legal == ()) == over, "legal_moves must be empty iff the game is over")
            mover = game.to_move(state)
            _fail((mover is None) == over, "to_move is None iff the game is over")
            if over:
                check_cards_conserved(game, state, rules)
                check_immutable(game, state)
            else:
                if steps >= max_moves:  # not _fail: its message would be built every step
                    raise ConformanceError(
                        f"random play has not ended after {max_moves} moves: give the rules "
                        "a safety cap (max_moves or max_deals), or make sure the game ends"
                    )
                _fail(len(set(legal)) == len(legal), "legal moves must be distinct")
                numbers = [game.move_index(m) for m in legal]
                numbered = [game.move_from_index(number) for number in numbers]
                _fail(numbered == list(legal), "move numbers must round-trip")
                if encoding is not None:
                    # Cheap, so at every step: the numbers lie where the encoder says.
                    low, high = (
                        (0, player_actions)
                        if mover is not CHANCE
                        else (player_actions, game.NUM_MOVES)
                    )
                    if min(numbers) < low or max(numbers) >= high:
                        check_encoding(encoding, game, state)  # says which move, and why
                move = rng.choice(legal)
                if type(move) is Bid:
                    if game.deal_number(state) != deal_number:
                        deal_number = game.deal_number(state)
                        offered = {}
                    assert isinstance(mover, int)
                    offered[mover] = frozenset(m for m in legal if type(m) is Bid)
                if steps % every == 0:
                    # A pickle costs O(game length): whole-state comparisons thin out to
                    # every tenth check once a game is long, or they would dominate.
                    deep = steps < 10 * every or steps % (10 * every) == 0
                    # A lost or doubled card stays lost or doubled: a check every few steps
                    # and at the end finds it.
                    check_cards_conserved(game, state, rules)
                    check_legality(game, state)
                    check_unlisted_moves_refused(game, state, rng, deep=deep)
                    checks = steps // every
                    # What a view shows of the state's own hands: every fourth check (a
                    # wrong fact stays wrong for a while; the sampled world is checked always).
                    seat = rng.randrange(players)
                    view, world = check_views(
                        game, state, rules, seat, rng, offered, shown=checks % 4 == 0
                    )
                    if checks % 4 == 2:
                        # A position set up again is the same state (to the players).
                        check_position(game, rules, state, seed=seed)
                    if encoding is not None and checks % 16 == 1:
                        # The tensors cost more than the other checks together: every 16th
                        # check (a game or two of any length finds a wrong size or bound).
                        check_encoding(encoding, game, state)
                    frozen = pickle.dumps(state) if deep else None
                    after = _apply_listed(game, state, move)
                    if frozen is not None:
                        _fail(pickle.dumps(state) == frozen, f"apply({move}) changed its input")
                    again = _apply_listed(game, state, move)
                    _fail(again == after, f"apply({move}) twice gave two states")
                    # After the state's own move: a move apply fails on anywhere is
                    # reported as that, not as a defect of sampled worlds.
                    plies = random.Random(f"{choices}/{steps}")
                    check_sampled_world_plays(game, world, view, plies)
                else:
                    after = _apply_listed(game, state, move)
                state = after
                steps += 1
    where = f"{label}, seed {seed}"
    with _GameErrorsReported(lambda: f"{where}, at the end (score, record, JSON, pickle)"):
        _check_end(game, state, rules, players, where)
    return steps


def _check_end(game: Game, state: Any, rules: Any, players: int, where: str) -> None:
    from cardrules.records import Record, record_of, replay, state_from_json, state_to_json

    game = registry.get(game)  # records find their game by name: register it
    score = game.score(state)
    _fail(score.outcome is not None, f"{where}: the game is over without an outcome")
    _fail(
        len(score.totals) == len(score.payoffs) == players,
        f"{where}: totals and payoffs need one entry per seat",
    )
    record = record_of(state, game=game)
    _fail(replay(Record.from_json(record.to_json())) == state, f"{where}: the record replays wrong")
    text = state_to_json(state, game=game)
    _fail(state_from_json(text) == state, f"{where}: the state's JSON does not load back equal")
    _fail(pickle.loads(pickle.dumps(state)) == state, f"{where}: the state does not unpickle equal")


def check_listed_moves(game: str | Game, rules: Any, *, seed: int, choices: int) -> None:
    """Along a random stretch of play, every listed move applies, and states
    round-trip through JSON and pickle."""
    from cardrules.records import state_from_json, state_to_json

    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}"
    step = 0
    with _GameErrorsReported(lambda: f"{where}, choices {choices}, step {step}"):
        state = game.deal(rules, seed=seed)
        for step in range(rng.randrange(1, 60)):
            if game.is_over(state):
                break
            for move in game.legal_moves(state):
                try:
                    game.apply(state, move)
                except IllegalMoveError as error:
                    raise ConformanceError(
                        f"{where}, step {step}: the listed move {move} is refused: {error}"
                    ) from None
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        text = state_to_json(state, game=game)
        _fail(state_from_json(text) == state, f"{where}: the state's JSON does not load back equal")
        _fail(
            pickle.loads(pickle.dumps(state)) == state,
            f"{where}: the state does not unpickle equal",
        )


def check_explicit_chance(game: str | Game, rules: Any, *, seed: int, choices: int) -> None:
    """Seeded and explicit chance play the same game for the same outcomes.

    The explicit game's first deal is drawn at random (``dealer SEAT`` and ``deal
    CARD`` outcomes, whose probabilities must sum to one); the seeded game is dealt
    from the same cards in the same order (and the same first dealer), and both
    are played with the same moves until the first deal ends.
    """
    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}, choices {choices}"
    with _GameErrorsReported(lambda: f"{where}, checking explicit chance"):
        _check_explicit_chance(game, rules, rng, seed, where)


def _check_explicit_chance(
    game: Game, rules: Any, rng: random.Random, seed: int, where: str
) -> None:
    explicit = game.deal(rules, seed=seed, chance="explicit")
    dealer = rules.first_dealer
    dealt: list[Any] = []
    while game.to_move(explicit) is CHANCE:
        outcomes = game.chance_outcomes(explicit)
        _fail(abs(sum(p for _, p in outcomes) - 1) < 1e-9, f"{where}: chances do not sum to 1")
        _fail(
            [m for m, _ in outcomes] == list(game.legal_moves(explicit)),
            f"{where}: the chance outcomes are not the legal moves",
        )
        move = rng.choice([m for m, _ in outcomes])
        if isinstance(move, ChooseDealer):
            dealer = move.seat
        elif isinstance(move, DealCard):
            dealt.append(move.card)
        else:
            raise ConformanceError(f"{where}: a chance outcome of the deal is {move}, not a card")
        explicit = game.apply(explicit, move)
    rest = [card for card in game.deck_of(rules) if card not in dealt]
    seeded = game.deal(attrs.evolve(rules, first_dealer=dealer), seed=seed, deck=dealt + rest)
    first_deals = game.deal_number(seeded)
    while not game.is_over(seeded) and game.to_move(explicit) is not CHANCE:
        _fail(game.events(seeded) == game.events(explicit), f"{where}: the event logs differ")
        zones_seeded = {k: set(v) for k, v in game.zones(seeded).items()}
        zones_explicit = {k: set(v) for k, v in game.zones(explicit).items()}
        _fail(zones_seeded == zones_explicit, f"{where}: the cards lie in different zones")
        legal = game.legal_moves(seeded)
        _fail(legal == game.legal_moves(explicit), f"{where}: the legal moves differ")
        if game.deal_number(seeded) != first_deals:
            break
        move = rng.choice(legal)
        seeded, explicit = game.apply(seeded, move), game.apply(explicit, move)
    # The explicit game may wait at a chance step (a card drawn) that the seeded game
    # resolved inside apply: so far, the logs agree.
    explicit_events = game.events(explicit)
    _fail(
        game.events(seeded)[: len(explicit_events)] == explicit_events,
        f"{where}: the event logs differ",
    )
    if game.to_move(explicit) is not CHANCE:
        _fail(
            game.score(seeded).deals == game.score(explicit).deals,
            f"{where}: the deals scored differ",
        )


def check_game(
    game: str | Game,
    *,
    presets: Iterable[str] | Mapping[str, Any] | None = None,
    games: int = 10,
    seed: int = 0,
    max_moves: int = MOST_MOVES,
) -> Report:
    """Check a game against the whole interface: ``games`` random games per preset.

    ``game``: a game module (registered under its ``NAME`` if it is not yet),
    or a registered name. ``presets``: names of the game's ``PRESETS`` (default:
    all of them), or a mapping of names to ``Rules``; give presets with the
    safety caps ``max_moves``/``max_deals`` if a random game could last long.
    ``seed`` makes the run reproducible: game ``i`` of a preset is dealt and
    played from seeds drawn from ``(seed, preset, i)``. Raises
    :class:`ConformanceError` at the first broken promise; returns a
    :class:`Report` of what was checked.
    """
    module = registry.get(game)
    if presets is None:
        chosen: Mapping[str, Any] = module.PRESETS
    elif isinstance(presets, Mapping):
        chosen = presets
    else:
        names = list(presets)
        unknown = [name for name in names if name not in module.PRESETS]
        if unknown:
            raise ConformanceError(
                f"{module.NAME} has no preset {', '.join(unknown)}: "
                f"its presets are {', '.join(module.PRESETS)}"
            )
        chosen = {name: module.PRESETS[name] for name in names}
    _fail(bool(chosen), f"{module.NAME}: no presets to check (give PRESETS or presets=...)")
    for name, rules in chosen.items():
        try:
            check_rules_text(module, rules)
        except ConformanceError as error:
            raise ConformanceError(f"preset {name!r}, {error}") from None
    moves = solver_worlds = 0
    for name, rules in chosen.items():
        compared = 0
        for index in range(games):
            rng = random.Random(f"{seed}/{name}/{index}")
            deal_seed, choices = rng.getrandbits(63), rng.getrandbits(63)
            try:
                moves += check_random_game(
                    module, rules, seed=deal_seed, choices=choices, max_moves=max_moves
                )
                check_listed_moves(module, rules, seed=deal_seed, choices=choices)
                check_explicit_chance(module, rules, seed=deal_seed, choices=choices)
                if index == 0:  # a set-up state plays on to the end: once a preset
                    check_positions(module, rules, seed=deal_seed, choices=choices)
                if not compared:  # once a preset, from the first game that reaches it
                    compared = check_solver(module, rules, seed=deal_seed, choices=choices)
            except ConformanceError as error:
                # Keep the game's own error (if any) as the cause: its traceback shows where.
                failed = ConformanceError(f"preset {name!r}, {error}")
                raise caused_by(failed, error.__cause__ or error) from (error.__cause__ or error)
        solver_worlds += compared
    # Random play ends within its cap: Rules() (unless presets were chosen) and each preset.
    ending = dict(chosen) if presets is not None else {"Rules()": module.Rules(), **chosen}
    for name, rules in ending.items():
        rng = random.Random(f"{seed}/{name}/ends")
        deal_seed, choices = rng.getrandbits(63), rng.getrandbits(63)
        try:
            check_ends(module, rules, seed=deal_seed, choices=choices, max_moves=max_moves)
        except ConformanceError as error:
            failed = ConformanceError(f"preset {name!r}, {error}")
            raise caused_by(failed, error.__cause__ or error) from (error.__cause__ or error)
    return Report(module.NAME, tuple(chosen), games * len(chosen), moves, solver_worlds)
