"""Applying a move: plays (calls and announcements), voluntary draws, the end of a turn."""

from __future__ import annotations

from cardrules.cards import Card
from cardrules.core import changes as changes_core
from cardrules.core import match as match_core
from cardrules.core.changes import with_item
from cardrules.core.match import Match
from cardrules.core.shedding.dealing import _deal_card, begin_deal
from cardrules.core.shedding.description import NO_EFFECT, _Hot
from cardrules.core.shedding.drawing import (
    _END_TURN_EVENTS,
    _begin_draw,
    _begin_turn,
    _direction_and_step,
    _draw_loop,
    _draw_owed,
    _give,
    _next_seat,
    _resume,
    _revealed,
    _seat_event,
)
from cardrules.core.shedding.rules_of_play import (
    _can_draw,
    _may_draw,
    _option_cards,
    _optional,
    _play_is_legal,
    _playable,
    why_illegal,
)
from cardrules.core.shedding.state import (
    _DRAW,
    _END_TURN,
    _PLAYING,
    _STATE,
    CONTINUE,
    END_DEAL,
    Phase,
    State,
    _deal_with,
    _moved,
    _new,
    _with,
)
from cardrules.errors import IllegalMoveError
from cardrules.game import Event, Log, Outcome, over_event, play_event
from cardrules.moves import ChooseDealer, DealCard, Move, Play


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

    Forced draws, passes, restocks and the next turn happen inside. When the
    deal ends the result is in :attr:`Phase.SCORING`, for the game to score.
    """
    phase = state.phase
    if phase is _PLAYING:
        kind = type(move)
        # The table's hot values, read once here (from the deal, by position) and passed on.
        hot = state.deal.hot
        if kind is Play:
            assert isinstance(move, Play)
            if _play_is_legal(hot, state, move):
                return _capped(_play(state, move, hot))
        elif kind is _DRAW:
            if state.pending:
                return _capped(_draw_owed(_moved(state, move)))
            if state.drawn is None:
                plays = _playable(hot, state, state.hands[state.turn])
                if _may_draw(hot, state, plays):
                    return _capped(_voluntary_draw(state, move, plays, hot))
        elif kind is _END_TURN and state.drawn is not None:
            return _capped(_end_turn(state, move))
    elif phase is Phase.DRAWING or phase is Phase.DEALING:
        if type(move) is DealCard:
            assert isinstance(move, DealCard)
            card = move.card
            if (card in state.stock) if state.stock else (state.buried[:1] == (card,)):
                moved = _with(state, history=changes_core.extended(state.history, move))
                if phase is Phase.DEALING:
                    return _deal_card(moved, card)
                moved = _give(moved, card, state.deal.hot.draw_once)
                return _draw_loop(moved, state.owed - 1, state.after)
    elif phase is Phase.CHOOSE_DEALER and type(move) is ChooseDealer:
        assert isinstance(move, ChooseDealer)
        players = state.rules.stops.players
        if 0 <= move.seat < players:
            moved = _with(state, history=changes_core.extended(state.history, move))
            return begin_deal(moved, Match.start(move.seat, players), state.log)
    raise IllegalMoveError(why_illegal(state, move))


def _capped(state: State) -> State:
    """End the game as "truncated" if ``max_moves`` is reached (and the deal is not over)."""
    deal = state.deal
    cap = deal.max_moves
    if (
        cap is not None
        and state.moves_made >= cap
        and state.phase is not Phase.SCORING
        and state.phase is not Phase.OVER
    ):
        return game_over(state, deal.match, state.log, match_core.truncated())
    return state


def game_over(state: State, match: Match, log: Log[Event], outcome: Outcome) -> State:
    """The game ended: phase OVER, the outcome and its event."""
    return _with(
        state,
        deal=_deal_with(state.deal, match=match, outcome=outcome),
        phase=Phase.OVER,
        log=log.append(over_event(outcome)),
    )


def _play(state: State, move: Play, hot: _Hot) -> State:
    # With _give, one of the two hottest functions (a play, most moves): it reads every
    # field by position and builds the new state by position, from names that are the
    # fields' own names, in their order (test_shedding checks both against
    # State._fields); every other state is built by keyword. By keyword, this build made
    # random play 20% slower.
    drawn: Card | None  # set to None below: the compiled build needs the type
    # The fields only passed on are read as objects (typed fields: docs/contributing.rst).
    deal: object
    buried: object
    penalties: object
    (
        deal,
        phase,
        hands,
        stock,
        buried,
        pile,
        upcard,
        called,
        free,
        turn,
        direction,
        pending,
        passes,
        drawn,
        charged,
        owed,
        after,
        unannounced,
        penalties,
        absent,
        allowance,
        moves_made,
        log,
        history,
    ) = state
    seat = turn
    card = move.card
    bit = card.bit
    assert upcard is not None
    hand = hands[seat] & ~bit
    hands = with_item(hands, seat, hand)
    log = log.append(play_event(seat, card))
    effect = hot.effects[card.rank]
    ordinary = effect is NO_EFFECT  # the usual case: the effect's fields are not read
    called = move.call
    free = False
    if called is not None:
        log = log.append(_seat_event("call", seat, int(called)))
    elif not ordinary and effect.call and hand:
        # A jack without a call frees the next play (MM-5.4); a last jack calls nothing
        # (MM-5.5, MMS-3.6).
        free = not hot.call_required
        log = log.append(_seat_event("no call", seat))
    unannounced &= ~(1 << seat)
    if hot.one_card_call and hand.bit_count() == 1:
        if move.announce:
            log = log.append(_seat_event("announce", seat))
        elif hot.announce_penalty != "none":
            log = log.append(_seat_event("unannounced", seat))
            unannounced |= 1 << seat
    if absent[seat] & bit and allowance[seat]:
        allowance = with_item(allowance, seat, allowance[seat] - 1)
    players = hot.players
    if ordinary:
        following = (seat + direction) % players
        pending = 0
    else:
        # Draws (MM-5.1, MMS-3.1), stacking only where the table allows it (MM-5.2),
        # skips and reversals (MMS-3.2 to MMS-3.4).
        direction, step = _direction_and_step(effect, players, direction)
        pending = pending + effect.draw if effect.draw else 0
        following = (seat + direction * step) % players
    # Built for the next turn (turn, drawn), the usual case; see below.
    phase = _PLAYING
    pile |= upcard.bit
    upcard = card
    turn = following
    passes = 0
    drawn = None
    if charged != seat:
        charged = None
    owed = after = 0
    moves_made += 1
    if history is not None:
        history = history.append(move)
    moved: State = _new(
        _STATE,
        (
            deal,
            phase,
            hands,
            stock,
            buried,
            pile,
            upcard,
            called,
            free,
            turn,
            direction,
            pending,
            passes,
            drawn,
            charged,
            owed,
            after,
            unannounced,
            penalties,
            absent,
            allowance,
            moves_made,
            log,
            history,
        ),
    )
    if not hand:
        if hot.last_card_call:
            # The call goes with the last card (MMS-4.3).
            if move.announce:
                log = log.append(_seat_event("last card", seat))
            elif hot.announce_penalty != "none":
                log = log.append(_seat_event("unannounced", seat))
                if _can_draw(moved):
                    # He does not go out: he draws the penalty at once and play passes on
                    # (cards owed for his last card stay owed by the next player).
                    moved = _with(moved, log=log, turn=seat)
                    why = "for not announcing his last card"
                    cards = state.rules.stops.announce_cards
                    return _begin_draw(moved, cards, following, why)
                # The library's choice: no card is left to pay the penalty with, and a
                # player with no card cannot play on, so he goes out all the same.
        # Going out ends the deal, by default with no call (MM-7.1, MMS-4.2, MMS-5.1); a last 7 or 8
        # still makes the next player draw (MM-7.2, MMS-5.2, SP-1.2).
        moved = _with(moved, log=log.append(_seat_event("out", seat)))
        if pending and state.rules.stops.last_card_effects:
            return _begin_draw(_with(moved, pending=0), pending, END_DEAL, "owed")
        return _with(moved, phase=Phase.SCORING, pending=0, turn=seat)
    if unannounced >> seat & 1 and hot.announce_penalty == "draw":
        moved = _with(moved, turn=seat)
        cards = state.rules.stops.announce_cards
        return _begin_draw(moved, cards, following, "for not announcing")
    if not pending and not unannounced >> following & 1 and stock:
        return moved  # nothing is forced on the next player (the usual case; see _begin_turn)
    return _begin_turn(moved, following)


def _voluntary_draw(state: State, move: Move, plays: int, hot: _Hot) -> State:
    """The seat on turn chooses to draw a card (``plays``: his playable cards, ``hot``: the
    table's hot values); his turn goes on.

    Drawing one card at a time until able to play (MM-4.1), or once, after which only
    the drawn card may be played (MMS-2.2).
    """
    seat = state.turn
    up = state.upcard
    assert up is not None
    offence = bool(plays) and not _optional(hot, state.called, up, plays)
    charged = state.charged == seat  # already charged in this turn
    if offence and hot.draw_penalty and not charged:
        return _draw_loop(_charge(_moved(state, move), seat), 1, CONTINUE)
    shown = None
    if not hot.voluntary_draw or (hot.draw_penalty and not charged):
        # The draw shows that he held no card he was bound to play.
        shown = _playable(hot, state, hot.deck_mask)
        if hot.choice_ranks >> up.rank & 1:  # the J/7/8 option's cards show nothing
            shown &= ~_option_cards(state.called, up)
    if state.stock and state.deal.chance == "seeded":
        # The usual case, in one step.
        return _resume(_give(state, state.stock[0], hot.draw_once, move, shown))
    if shown is None:
        return _draw_loop(_moved(state, move), 1, CONTINUE)
    absent, allowance = _revealed(state, seat, shown)
    state = _with(
        state,
        moves_made=state.moves_made + 1,
        history=changes_core.extended(state.history, move),
        passes=0,
        charged=None,
        absent=absent,
        allowance=allowance,
    )
    return _draw_loop(state, 1, CONTINUE)


def _charge(state: State, seat: int) -> State:
    """The drawing penalty (the 50 points of rule MM-4.2), once per turn."""
    stops = state.rules.stops
    points = stops.draw_penalty
    if stops.penalty_to == "offender":
        penalties = tuple(p - points if s == seat else p for s, p in enumerate(state.penalties))
        text = f"seat {seat} draws holding a playable card: {points} points off"
    else:
        penalties = tuple(p if s == seat else p + points for s, p in enumerate(state.penalties))
        text = f"seat {seat} draws holding a playable card: {points} points to the opponent"
    log = state.log.append(Event("penalty", seat, value=points, text=text))
    return _with(state, penalties=penalties, charged=seat, log=log)


def _end_turn(state: State, move: Move) -> State:
    seat = state.turn
    following = _next_seat(state, seat)
    # The move, its event and the next turn in one new state, not three.
    state = _moved(
        state,
        move,
        log=state.log.append(_END_TURN_EVENTS[seat] if seat < 8 else _seat_event("end turn", seat)),
        turn=following,
        drawn=None,
    )
    return _begin_turn(state, following)
