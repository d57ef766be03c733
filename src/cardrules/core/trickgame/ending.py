"""The end of a deal (scored through the game's hook), of the match, and the safety
caps that stop a game that would not end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.core import match as match_core
from cardrules.core.match import Match
from cardrules.core.trickgame.dealing import _begin_deal
from cardrules.core.trickgame.state import State, _deal_with, _with, _wrong_state
from cardrules.game import Event, Log, Outcome, over_event

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


def _finish_deal(state: State, out: int | None) -> State:
    """Score the deal through the game's hook; end the match or deal the next deal.

    ``out`` is the player whose empty hand ended the deal (EN-4.1, EN-4.2).
    """
    points, extras, log = state.deal.game.scoring.deal(state, out)
    return _after_deal(state, points, extras, log)


def throw_in(state: object, event: Event | None = None) -> State:
    """The deal in progress thrown in: it ends unscored (its row in the match's deals
    gives every seat 0 points), with ``event`` in the log (default ``the deal is thrown
    in``), and the match ends or the next dealer deals, as after a scored deal. The
    engine throws a deal in when every seat passes in its last auction round; a game
    hook may return it too (an :attr:`Auction.contract` cannot: it is asked for a
    contract).

    >>> from cardrules.games import oh_hell
    >>> state = oh_hell.deal(oh_hell.Rules(players=3), seed=1)
    >>> after = throw_in(state)
    >>> after.match.deal_number, after.match.dealer == (state.match.dealer + 1) % 3
    (1, True)
    >>> after.match.rows[0].points
    (0, 0, 0)
    """
    if type(state) is not State:
        raise _wrong_state(state)
    players: int = state.deal.rules.players
    if event is None:
        event = Event("throw in", text="the deal is thrown in: no score, the next dealer deals")
    return _after_deal(state, (0,) * players, (), state.log.append(event))


def _after_deal(
    state: State,
    points: tuple[int, ...],
    extras: tuple[tuple[str, tuple[int, ...]], ...],
    log: Log[Event],
) -> State:
    """Record the finished deal's points; end the match or deal the next deal."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    match = deal.match.finish_deal(points, extras)
    deals = game.match.deals(rules)
    outcome = match_core.match_over(
        rules,
        match,
        state.moves_made,
        deals=deals,
        better=game.match.better,
        decided=game.match.decided(rules, match),
        teams=None if game.teams is None else game.teams(rules),
    )
    if (
        outcome is None
        and deals is None
        and rules.max_deals is None
        and game.match.deal_limit is not None
        and match.deal_number >= game.match.deal_limit
    ):
        # The guard against a match that never ends (MatchPlan.deal_limit).
        text = (
            f"the match is stopped after {match.deal_number} deals without a winner: "
            "truncated by the deal cap"
        )
        log = log.append(Event("capped", value=match.deal_number, text=text))
        outcome = match_core.truncated()
    if outcome is not None:
        return _game_over(state, match, log, outcome)
    return _begin_deal(state, match, log)


def _check_caps(state: State) -> State:
    deal = state.deal
    rules = deal.rules
    if match_core.cap_reached(rules, deal.match.deal_number, state.moves_made):
        log = state.log
        abandon = rules.trick_game.match.abandon_event
        if abandon is not None:
            log = log.append(abandon(state))
        return _game_over(state, deal.match, log, match_core.truncated())
    return state


def _game_over(state: State, match: Match, log: Log[Event], outcome: Outcome) -> State:
    deal = state.deal
    return _with(
        state,
        deal=_deal_with(deal, match=match, outcome=outcome),
        phase=deal.game.roles.over,
        log=log.append(over_event(outcome)),
    )
