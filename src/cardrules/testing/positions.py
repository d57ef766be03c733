"""The kit's checks of positions: the position of a state sets up the same state (to the
players), which plays on to the end, and ``setup`` refuses positions that cannot be.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardrules import games as registry
from cardrules.errors import CardrulesError, PositionError
from cardrules.game import Game
from cardrules.testing.common import (
    MOST_MOVES,
    ConformanceError,
    _apply_listed,
    _fail,
    _GameErrorsReported,
    _resolve,
)
from cardrules.testing.invariants import check_cards_conserved


def _plain_data(value: object, depth: int = 0) -> bool:
    """Whether ``value`` is a position's value: None, a bool, an int, a str or a list
    of such values (no dicts, no tuples)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, list) and depth < 32:
        return all(_plain_data(item, depth + 1) for item in value)
    return False


def _hands_of(position: Mapping[str, Any], players: int, what: str) -> list[Any]:
    """A position's standard ``hands``: one entry per seat, a card string or a count."""
    hands = position.get("hands")
    _fail(
        isinstance(hands, list) and len(hands) == players,
        f"{what} has no 'hands' with one entry per seat (a card string, or a count when "
        f"hidden): {hands!r}",
    )
    assert isinstance(hands, list)
    for hand in hands:
        _fail(
            isinstance(hand, str) or (isinstance(hand, int) and not isinstance(hand, bool)),
            f"{what}: a hand is a card string such as '4H 8H' or a count, not {hand!r}",
        )
    return hands


def _check_plain(position: object, what: str) -> None:
    _fail(isinstance(position, dict), f"{what} is a dict, not {type(position).__name__}")
    assert isinstance(position, dict)
    for key, value in position.items():
        _fail(isinstance(key, str), f"{what} has a key that is no text: {key!r}")
        _fail(
            _plain_data(value),
            f"{what}: {key!r} holds {value!r}; a position holds only lists, whole numbers, "
            "true/false, None and texts",
        )


def check_position(game: Game, rules: Any, state: Any, *, seed: int = 0, text: bool = True) -> Any:
    """The state that the position of ``state`` sets up is the same to the players.

    ``position(state)`` is plain data with the standard key ``hands`` (one card string
    per seat); ``setup(rules, position, seed=seed)`` accepts it and gives a state with
    the same player to move, legal moves, score and position, the same position of
    every seat's view, every card once, that position as its origin, an empty history
    and a log that begins with one ``"setup"`` event. With ``text``, the position's
    one-line text (:mod:`cardrules.positions`) reads back, and, for a registered game,
    names the game and the rules. Returns the set-up state.
    """
    from cardrules import positions

    players = game.players(rules)
    position = game.position(state)
    _check_plain(position, "a state's position")
    hands = _hands_of(position, players, "a state's position")
    hidden = [seat for seat, hand in enumerate(hands) if not isinstance(hand, str)]
    _fail(not hidden, f"a state's position hides the hands of seats {hidden}")
    try:
        again = game.setup(rules, position, seed=seed)
    except PositionError as error:
        raise ConformanceError(f"setup refuses the position of a state: {error}") from None
    _fail(
        game.origin(again).position == position,
        "the origin of a set-up state does not hold its position",
    )
    _fail(not game.moves_played(again), "a set-up state has moves in its history")
    _fail(game.moves_made(again) == 0, "a set-up state counts moves made before it")
    setups = [event for event in game.events(again) if event.kind == "setup"]
    log = game.events(again)
    _fail(
        bool(log) and log[0].kind == "setup" and len(setups) == 1,
        "the log of a set-up state must begin with one 'setup' event",
    )
    check_cards_conserved(game, again, rules)
    _fail(game.position(again) == position, "setup(rules, position(s)) has another position")
    _fail(game.to_move(again) == game.to_move(state), "a set-up state has another player to move")
    _fail(
        game.legal_moves(again) == game.legal_moves(state),
        "a set-up state has other legal moves",
    )
    _fail(game.score(again) == game.score(state), "a set-up state has another score")
    for seat in range(players):
        seen = game.position(game.observe(state, seat))
        _check_plain(seen, f"the position of seat {seat}'s view")
        _hands_of(seen, players, f"the position of seat {seat}'s view")
        _fail(
            game.position(game.observe(again, seat)) == seen,
            f"seat {seat}'s view of a set-up state has another position",
        )
    if text:
        try:
            line = positions.format_position(rules, position)
        except PositionError as error:
            raise ConformanceError(
                f"a state's position cannot be written as text: {error}"
            ) from None
        _fail(
            positions.split_position_text(line) == (str(rules), position),
            f"the position's text does not read back: {line}",
        )
        try:
            known = registry.registered(game.NAME) is game
        except CardrulesError:
            known = False
        if known:
            read = positions.read_position(positions.position_text(game, state))
            _fail(
                read[0] is game and read[1] == rules and read[2] == position,
                "read_position(position_text(game, state)) gives another game, rules or position",
            )
    return again


def check_setup_refusals(
    game: Game, rules: Any, state: Any, *, sizes_refused: bool = False
) -> None:
    """``setup`` refuses positions built from ``position(state)`` that cannot be:

    * a view's position that hides cards of a hand (a count above 0 in ``hands``);
    * a card twice: a card of one hand added to another seat's hand;
    * a card missing: a card taken out of a hand;
    * one card moved from a hand to another seat's hand: refused when
      ``sizes_refused`` (a game whose hand sizes follow from the play, as in most
      trick games); otherwise, when setup accepts it, the state holds every card once
      and the hands the position gives.

    Each refusal must be a :class:`~cardrules.errors.PositionError` with a message.
    The edits use only the standard key ``hands``; a state whose hands are all empty
    is checked for the view's position only.
    """
    players = game.players(rules)
    position = game.position(state)
    hands = _hands_of(position, players, "a state's position")

    def refused(edited: dict[str, Any], what: str) -> None:
        try:
            game.setup(rules, edited)
        except PositionError as error:
            _fail(bool(str(error)), f"setup refuses {what} without a reason")
            return
        except CardrulesError as error:
            raise ConformanceError(
                f"setup refuses {what} with {type(error).__name__}, not PositionError: {error}"
            ) from None
        raise ConformanceError(f"setup accepts {what}")

    for seat in range(players):
        seen = game.position(game.observe(state, seat))
        hands_seen = _hands_of(seen, players, "a view")
        if any(not isinstance(hand, str) and hand > 0 for hand in hands_seen):
            refused(seen, f"seat {seat}'s view's position, which hides a hand")
            break
    holders = [seat for seat, hand in enumerate(hands) if isinstance(hand, str) and hand.split()]
    if not holders or players < 2:
        return
    seat = holders[0]
    other = (seat + 1) % players
    cards = hands[seat].split()
    card = cards[0]

    def with_hands(changed: dict[int, list[str]]) -> dict[str, Any]:
        new = [" ".join(changed[s]) if s in changed else hand for s, hand in enumerate(hands)]
        return {**position, "hands": new}

    receiving = hands[other].split()
    refused(
        with_hands({other: [*receiving, card]}),
        f"a position with {card} twice (in seat {seat}'s and seat {other}'s hands)",
    )
    refused(with_hands({seat: cards[1:]}), f"a position without {card} (taken out of seat "
            f"{seat}'s hand)")  # fmt: skip
    moved = with_hands({seat: cards[1:], other: [*receiving, card]})
    what = f"a position with {card} moved from seat {seat}'s hand to seat {other}'s"
    if sizes_refused:
        refused(moved, what)
        return
    try:
        placed = game.setup(rules, moved)
    except PositionError as error:
        _fail(bool(str(error)), f"setup refuses {what} without a reason")
        return
    check_cards_conserved(game, placed, rules)
    shown = _hands_of(game.position(placed), players, "a set-up state's position")
    _fail(
        [sorted(str(h).split()) for h in shown] == [sorted(str(h).split()) for h in moved["hands"]],
        f"setup accepts {what}, but its state has other hands",
    )


def check_positions(
    game: str | Game,
    rules: Any,
    *,
    seed: int,
    choices: int = 0,
    states: int = 20,
    sizes_refused: bool = False,
    max_moves: int = MOST_MOVES,
) -> int:
    """Positions taken along a random game set up the same game, which plays on.

    ``seed`` deals the game and ``choices`` seeds the random moves. Of its states
    (the first and the last among them), ``states`` spread along the game are set up
    again (:func:`check_position`); each set-up state is played on to the end with
    random moves, and ends with an outcome, every card once. The set-up game halfway
    through is recorded and replayed (its record starts from the position), and its
    state's JSON loads back equal. :func:`check_setup_refusals` runs on the first,
    the middle and the last of them (``sizes_refused`` as there). Returns the number of
    states checked.
    """
    from cardrules.records import Record, record_of, replay, state_from_json, state_to_json

    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}, choices {choices}"
    taken: list[Any] = []
    step = 0
    with _GameErrorsReported(lambda: f"{where}, step {step}, playing"):
        state = game.deal(rules, seed=seed)
        taken.append(state)
        while not game.is_over(state) and step < max_moves:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            taken.append(state)
            step += 1
    count = max(1, min(states, len(taken)))
    picked = sorted({round(i * (len(taken) - 1) / max(1, count - 1)) for i in range(count)})
    for number, index in enumerate(picked):
        step = index
        with _GameErrorsReported(
            lambda: f"{where}, the position after move {step}",  # noqa: B023
            prefix_conformance_errors=True,
        ):
            original = taken[index]
            again = check_position(game, rules, original, seed=seed)
            if number in (0, len(picked) // 2, len(picked) - 1):
                check_setup_refusals(game, rules, original, sizes_refused=sizes_refused)
            moves = 0
            while not game.is_over(again):
                if moves >= max_moves:
                    raise ConformanceError(
                        f"a set-up game has not ended after {max_moves} random moves"
                    )
                again = _apply_listed(game, again, rng.choice(game.legal_moves(again)))
                moves += 1
            check_cards_conserved(game, again, rules)
            _fail(game.score(again).outcome is not None, "a set-up game ends without an outcome")
            if number == len(picked) // 2:
                known = registry.get(game)  # records find their game by name
                record = record_of(again, game=known)
                _fail(
                    replay(Record.from_json(record.to_json())) == again,
                    "the record of a set-up game replays wrong",
                )
                _fail(
                    state_from_json(state_to_json(again, game=known)) == again,
                    "the JSON of a set-up game's state does not load back equal",
                )
    return len(picked)
