"""Turns, draws, passes and restocks: the steps nobody chooses.

A turn starts with what is forced on the seat (cards owed, the penalty for an
unannounced last card); a seat that can neither play nor draw passes; drawing
restocks an empty stock from the discard pile.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Card, Suit, cards_of
from cardrules.core.changes import with_item
from cardrules.core.randomness import Stream
from cardrules.core.shedding.description import Effect
from cardrules.core.shedding.rules_of_play import _can_draw, playable
from cardrules.core.shedding.state import (
    _STATE,
    CONTINUE,
    END_DEAL,
    Phase,
    State,
    _deal_with,
    _new,
    _with,
)
from cardrules.game import Event
from cardrules.moves import Move


def _direction_and_step(effect: Effect, players: int, direction: int) -> tuple[int, int]:
    """The new direction, and how many seats on the next player is."""
    step = 1 + effect.skip
    if effect.reverse:
        if players == 2:
            step += 1  # with two players a reverse acts as a skip
        else:
            direction = -direction
    return direction, step


def _next_seat(state: State, seat: int, step: int = 1) -> int:
    return (seat + state.direction * step) % state.deal.hot.players


def _begin_turn(state: State, seat: int) -> State:
    """The turn of ``seat`` starts: forced steps first, then his choice (or a pass)."""
    if state.turn != seat or state.drawn is not None:
        state = _with(state, turn=seat, drawn=None)
    hand = state.hands[seat]
    if state.pending:
        up = state.upcard
        assert up is not None
        stacking = state.deal.hot.stack_masks[up.rank]
        if stacking & hand:
            return state  # he may answer with a card of the same rank, or draw
        if stacking:  # the forced draw shows he held no card to answer with
            absent, allowance = _revealed(state, seat, stacking)
            state = _with(state, absent=absent, allowance=allowance)
        return _draw_owed(state)
    if state.unannounced >> seat & 1 and hand.bit_count() == 1:
        stops = state.rules.stops
        why = "for not announcing his last card"
        if not _can_draw(state):
            # He may not play his last card and no card is left to draw: he passes.
            # The omission still bars that card (it is forgotten only once he holds
            # more than one), so this pass counts towards a blocked deal.
            count = stops.announce_cards
            text = f"seat {seat} must draw {_count_text(count)} {why}"
            log = state.log.append(Event("must draw", seat, value=count, text=text))
            log = log.append(_seat_event("no cards", seat))
            return _pass(_with(state, log=log), None)
        state = _with(state, unannounced=state.unannounced & ~(1 << seat))
        then = _next_seat(state, seat) if stops.announce_ends_turn else CONTINUE
        return _begin_draw(state, stops.announce_cards, then, why)
    return _resume(state)


def _resume(state: State) -> State:
    """The seat on turn chooses, unless he can neither play nor draw: then he passes.

    When every seat has passed in succession the deal is blocked (MM-4.4, MMS-2.3).
    """
    if state.stock or state.drawn is not None or playable(state) or _can_draw(state):
        return state
    return _pass(state, playable(state, state.rules.stops.deck_mask))


def _shown_held(state: State) -> int:
    """The cards of which the seat on turn has shown he holds at least one (0: none).

    The engine moves for a seat that has no choice (:func:`_begin_turn`,
    :func:`_resume`): he draws the cards he owes when he holds no card to answer
    them with, and passes when he can neither play nor draw. So a seat left to
    choose has shown everyone that he holds a card to answer the cards owed with,
    or, when no card can be drawn, a card he may play. After a draw under the
    draw-once rule he may end his turn, which shows nothing. Reads only what the
    seat's view shows, not the hands: ``sample`` asks it of the worlds it deals.
    """
    up = state.upcard
    if state.phase is not Phase.PLAYING or state.drawn is not None or up is None:
        return 0
    stops = state.rules.stops
    if state.pending:
        return stops.stack_masks[up.rank]
    if _can_draw(state):
        return 0
    return playable(state, stops.deck_mask)


def _pass(state: State, shown: int | None) -> State:
    """The seat on turn passes; when every player has passed in succession the deal is blocked.

    ``shown``: the cards the pass shows he does not hold (None: it shows nothing).
    """
    seat = state.turn
    players = state.rules.stops.players
    passes = state.passes + 1
    log = state.log.append(_seat_event("pass", seat))
    state = _with(state, passes=passes, log=log)
    if shown is not None:
        absent, allowance = _revealed(state, seat, shown)
        state = _with(state, absent=absent, allowance=allowance)
    if passes >= players:
        log = log.append(Event("blocked", text="the deal is blocked: no one can play or draw"))
        return _with(state, phase=Phase.SCORING, log=log)
    return _begin_turn(state, _next_seat(state, seat))


def _revealed(state: State, seat: int, cards: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Public knowledge: ``seat`` has just shown that he holds none of ``cards``."""
    absent = list(state.absent)
    allowance = list(state.allowance)
    absent[seat] = _absent_after(absent[seat], allowance[seat], cards)
    allowance[seat] = 0
    return tuple(absent), tuple(allowance)


def _absent_after(absent: int, allowance: int, cards: int) -> int:
    """The set a seat holds none of once it shows it holds none of ``cards``.

    While it still holds none of its known set (allowance 0), both sets hold
    exactly, so they join; otherwise the new set replaces the old one, whose
    count is only a bound (the knowledge kept is one set and one count)."""
    return absent | cards if allowance == 0 else cards


def _draw_owed(state: State) -> State:
    """The seat on turn draws the cards he owes; that is his whole turn."""
    owed = state.pending
    seat = state.turn
    # What _begin_draw does, with the debt cleared in the same new state.
    log = state.log.append(_must_draw_event(seat, owed, "owed"))
    state = _with(state, pending=0, log=log)
    return _draw_loop(state, owed, _next_seat(state, seat))


def _begin_draw(state: State, count: int, then: int, why: str = "") -> State:
    """The seat on turn must draw ``count`` cards (a public event), then ``then``."""
    if why:
        state = _with(state, log=state.log.append(_must_draw_event(state.turn, count, why)))
    return _draw_loop(state, count, then)


def _must_draw_event(seat: int, count: int, why: str) -> Event:
    """The public event: ``seat`` must draw ``count`` cards, and why (``"owed"``: no words)."""
    cards = _count_text(count)
    text = (
        f"seat {seat} must draw {cards}"
        if why == "owed"
        else f"seat {seat} must draw {cards} {why}"
    )
    return Event("must draw", seat, value=count, text=text)


def _count_text(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _draw_loop(state: State, count: int, then: int) -> State:
    """Draw ``count`` cards for the seat on turn (chance steps in explicit mode).

    An empty stock is rebuilt from the discard pile when the table allows it, and a
    seat owing more cards than exist takes what there is (MM-4.4, MMS-2.3).
    """
    hot = state.deal.hot
    draw_once = hot.draw_once
    explicit = state.deal.chance == "explicit"
    while count > 0:
        if not state.stock and not state.buried:
            if state.pile and hot.restock:
                state = _restock(state)
            else:
                if count:
                    seat = state.turn
                    state = _with(state, log=state.log.append(_seat_event("no cards", seat)))
                break
        if explicit:
            return _with(state, phase=Phase.DRAWING, owed=count, after=then)
        state = _give(state, state.stock[0] if state.stock else state.buried[0], draw_once)
        count -= 1
    if state.phase is Phase.DRAWING:
        state = _with(state, phase=Phase.PLAYING, owed=0, after=0)
    if then == CONTINUE:
        return _resume(state)
    if then == END_DEAL:
        return _with(state, phase=Phase.SCORING)
    return _begin_turn(state, then)


#: The text of each recurring event of a seat ("{suit}": the suit a call names).
_SEAT_EVENT_TEXTS: Final = {
    "call": "seat {seat} calls {suit}",
    "no call": "seat {seat} calls no suit: any card may follow",
    "announce": "seat {seat}: one card!",
    "last card": "seat {seat}: last card!",
    "unannounced": "seat {seat} did not announce his last card",
    "out": "seat {seat} goes out",
    "pass": "seat {seat} can neither play nor draw",
    "no cards": "no card is left for seat {seat} to draw",
    "draw": "seat {seat} draws a card",
    "end turn": "seat {seat} ends his turn",
}
_SEAT_EVENTS: dict[tuple[str, int, int | None], Event] = {}


def _seat_event(kind: str, seat: int, value: int | None = None) -> Event:
    """The event ``kind`` of ``seat``, shared: events are immutable and these recur
    every few moves, so building each once saves the cost on the hot path."""
    key = (kind, seat, value)
    event = _SEAT_EVENTS.get(key)
    if event is None:
        suit = Suit(value).plural if kind == "call" and value is not None else ""
        text = _SEAT_EVENT_TEXTS[kind].format(seat=seat, suit=suit)
        event = _SEAT_EVENTS[key] = Event(kind, seat, value=value, text=text)
    return event


#: The most frequent events, by seat (no key to hash).
_DRAW_EVENTS: Final = tuple(_seat_event("draw", seat) for seat in range(8))
_END_TURN_EVENTS: Final = tuple(_seat_event("end turn", seat) for seat in range(8))


def _give(
    state: State, card: Card, draw_once: bool, move: Move | None = None, shown: int | None = None
) -> State:
    """``card`` leaves the stock for the hand of the seat on turn (and is kept as the card
    drawn this turn if ``draw_once``, the table's draw-once rule).

    With ``move`` (the seat's own ``draw``) the move is counted and recorded in
    the same step, and with ``shown`` the draw also showed that the seat held
    none of those cards: one new state per draw instead of two.
    """
    # The hottest function (a draw, most moves): it reads every field by position and
    # builds the new state by position, from names that are the fields' own names, in
    # their order (test_shedding checks both against State._fields); every other
    # state is built by keyword. By keyword, this build made random play 25% slower.
    # The fields only passed on are read as objects (typed fields: docs/contributing.rst).
    deal: object
    pile: object
    upcard: object
    called: object
    free: object
    direction: object
    pending: object
    owed: object
    after: object
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
    if stock:
        stock = stock[1:] if stock[0] is card else tuple(c for c in stock if c is not card)
    else:
        buried = buried[1:]
    if move is not None:
        moves_made += 1
        passes = 0
        if history is not None:
            history = history.append(move)
        if charged != turn:
            charged = None
    hands = with_item(hands, turn, hands[turn] | card.bit)
    held = absent[turn]
    allowed = allowance[turn]
    if shown is not None:
        held = _absent_after(held, allowed, shown)
        allowed = 0
        absent = with_item(absent, turn, held)
    if held and allowed < held.bit_count():
        # He may now hold one more card of the set, but never more than the set
        # holds (so the count stays bounded, however many restocks a deal has).
        allowed += 1
    if allowed != allowance[turn]:
        allowance = with_item(allowance, turn, allowed)
    drawn = card if draw_once else None
    unannounced &= ~(1 << turn)
    log = log.append(_DRAW_EVENTS[turn] if turn < 8 else _seat_event("draw", turn))
    return _new(
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


def _restock(state: State) -> State:
    """The discard pile under the upcard becomes the new stock, shuffled."""
    cards = cards_of(state.pile)
    if state.chance == "explicit":
        stock = cards
    else:
        stream = Stream(state.seed, "restock", state.match.deal_number, state.restocks)
        stock = tuple(stream.shuffle(cards))
    log = state.log.append(
        Event(
            "restock",
            value=len(cards),
            text=f"the discard pile ({len(cards)} cards) is shuffled into a new stock",
        )
    )
    deal = state.deal
    return _with(
        state, deal=_deal_with(deal, restocks=deal.restocks + 1), stock=stock, pile=0, log=log
    )
