"""The kit's check of a game's own search of the play (a ``double_dummy`` function):
its values are plain minimax's (:func:`minimax_value`).
"""

from __future__ import annotations

import random
from typing import Any, Final

from cardrules.game import Game
from cardrules.moves import Play
from cardrules.testing.common import _fail, _GameErrorsReported, _resolve

#: The cards a hand from which :func:`check_solver` compares the solver with minimax.
SOLVER_CARDS: Final = 2


def check_solver(game: str | Game, rules: Any, *, seed: int, choices: int) -> int:
    """Where the game offers its own search of the play (a ``double_dummy`` function,
    as every game on the trick engine has), the solver's value of each legal move
    equals plain minimax over the interface (the seat to move and its partners, as
    :func:`cardrules.solver.partnerships` gives them, against the others, for the seat's
    points in the deal): at the first position of the play, reached by random moves,
    where the seat to move holds at most :data:`SOLVER_CARDS` cards, and in two worlds
    sampled from its view there; with equivalent cards too where the game declares
    them (``SOLVER_EQUIVALENT_CARDS``, ``SOLVER_CARDS_APART``). The search scores the
    ends of a deal it has not played from the deal's figures alone (what the deal
    fixes, the tricks won, the tally, the revokes) and shares that reading between
    sampled worlds: a deal scorer that reads where the cards are or were (hands,
    finished tricks, the log's plays) breaks it, and fails here. Returns the number of
    worlds compared (the position and the two sampled), 0 where nothing is checked: a
    game without a search of its own, a random game that ends before such a position,
    or deals the solver cannot search (a trick that goes back into a hand)."""
    from cardrules.solver import Solver, UnsolvableError, partnerships, team_of

    game = _resolve(game)
    if not callable(getattr(game, "double_dummy", None)):
        return 0
    equivalence = [False]
    if getattr(game, "SOLVER_EQUIVALENT_CARDS", False):
        equivalence.append(True)
    rng = random.Random(choices)
    with _GameErrorsReported(lambda: f"{game.NAME} {rules}, seed {seed}, the solver"):
        state = game.deal(rules, seed=seed)
        while True:
            if game.is_over(state):
                return 0
            legal = game.legal_moves(state)
            mover = game.to_move(state)
            if (
                isinstance(mover, int)
                and all(type(move) is Play for move in legal)
                and len(game.zones(state)[f"hand {mover}"]) <= SOLVER_CARDS
            ):
                break
            state = game.apply(state, rng.choice(legal))
        deal = game.deal_number(state)
        high = game.score(state).better == "high"
        view = game.observe(state, mover)
        compared = 0
        for world in (state, game.sample(view, rng), game.sample(view, rng)):
            try:  # first: plain minimax would not end where the solver cannot search
                found = [
                    (
                        equivalent,
                        Solver(game, mover, deal, equivalent_cards=equivalent).move_values(world),
                    )
                    for equivalent in equivalence
                ]
            except UnsolvableError:
                return compared
            team = team_of(partnerships(game, world), mover)
            expected = [
                minimax_value(game, game.apply(world, move), mover, team, deal, high=high)
                for move in game.legal_moves(world)
            ]
            for equivalent, solved in found:
                _fail(
                    [value for _, value in solved] == expected,
                    f"{game.NAME} {rules}, seed {seed}, choices {choices}: the solver "
                    f"{'with equivalent cards ' * equivalent}values the moves of seat "
                    f"{mover} ({', '.join(str(move) for move, _ in solved)}) as "
                    f"{[value for _, value in solved]}, plain minimax as {expected}. The "
                    "search scores the ends of a deal from the deal's figures (what the deal "
                    "fixes, the tricks won, the tally, the revokes): a deal scorer must not "
                    "read where the cards are or were (score such points trick by trick, "
                    "with a TrickScoring)"
                    + (
                        "; and cards declared equivalent must win and score alike "
                        "(name the cards that score apart in SOLVER_CARDS_APART)"
                        if equivalent
                        else ""
                    ),
                )
            compared += 1
    return compared


def minimax_value(
    game: Game,
    state: Any,
    seat: int,
    team: frozenset[int],
    deal: int,
    *,
    high: bool | None = None,
) -> float:
    """The seat's points for the deal numbered ``deal``, by plain minimax over the
    interface: the seat's team (``team``, the seats that play with it, the seat among
    them) making them best and the others worst, over every line of play from ``state``
    to the end of the deal (0 if the game ends before the deal is scored). Best is most
    points where the game's score is better high, fewest where it is better low
    (``high``; by default read from the score of ``state``).

    Every line of play is searched, so it suits positions near the end of a deal; it is
    what :func:`check_solver` compares a game's own search with, and a test can compare
    a solver or a bot's values with it too."""
    if high is None:
        high = game.score(state).better == "high"
    if game.deal_number(state) != deal or game.is_over(state):
        deals = game.score(state).deals
        return float(deals[deal].points[seat]) if len(deals) > deal else 0.0
    mover = game.to_move(state)
    values = [
        minimax_value(game, game.apply(state, move), seat, team, deal, high=high)
        for move in game.legal_moves(state)
    ]
    return max(values) if (mover in team) == high else min(values)
