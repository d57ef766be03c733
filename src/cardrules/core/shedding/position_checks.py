"""The checks of a Stops position in play: what the table allows, and what the effects,
the draws and the rules of play leave behind (:func:`cardrules.core.shedding.positions.setup`
runs them on the state it builds)."""

from __future__ import annotations

from typing import NoReturn

from cardrules.cards import cards_of, format_cards
from cardrules.core.shedding.description import _RANK_NAMES
from cardrules.core.shedding.rules_of_play import _can_draw, legal_moves
from cardrules.core.shedding.state import State
from cardrules.errors import PositionError


def _refuse(message: str) -> NoReturn:
    raise PositionError(f"cannot set up this position: {message}")


def _check_playing(state: State) -> None:
    """The checks of a deal in play: what the table allows, and what the effects and
    the rules of play leave behind (a seat on turn always has a choice)."""
    _check_sizes(state)
    _check_effects(state)
    _check_drawing(state)
    _check_knowledge(state)
    if not legal_moves(state):
        _refuse(
            f"seat {state.turn} can neither play nor draw, so he would have passed: "
            "set up the position after his pass"
        )


def _count(number: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _check_sizes(state: State) -> None:
    stops = state.rules.stops
    for seat, hand in enumerate(state.hands):
        if not hand:  # going out ends the deal (MM-7.1, MMS-5.1)
            _refuse(
                f"seat {seat} holds no card, but the deal is in play: a player who plays his "
                "last card ends the deal (give phase 'over' and its outcome, or a card)"
            )
    if not state.pile and not state.restocks:
        # Each play puts the upcard before it on the pile: with none there (and no
        # restock), nobody has played yet, and a hand only grows by drawing.
        for seat, hand in enumerate(state.hands):
            if hand.bit_count() < stops.hand_size:
                _refuse(
                    f"seat {seat} holds {_count(hand.bit_count(), 'card')}, but nobody has "
                    f"played yet (the discard pile is empty) and {stops.hand_size} were dealt "
                    "to each: put the cards played on the discard pile"
                )
    expected = stops.players * stops.hand_size
    if state.dealt != expected:
        _refuse(f"dealt={state.dealt}: a deal in play has dealt all {expected} cards")
    if state.owed or state.after:
        _refuse("owed and after are 0 in a deal in play (they count draws of explicit chance)")


def _check_effects(state: State) -> None:
    """Draws owed, a called suit, free play and the direction need the card that
    causes them: the upcard (or, for the direction, a reversing rank in the rules)."""
    stops = state.rules.stops
    up = state.upcard
    assert up is not None
    effect = stops.effect(up.rank)
    rank = _RANK_NAMES.get(up.rank, str(up.rank))
    if state.pending:
        # Cards owed wait for the seat on turn only while he may answer them with a card
        # of a stacking rank (MMS-3.1); otherwise he draws them at once (MM-5.1, MM-5.2).
        if not effect.draw:
            _refuse(f"pending={state.pending} cards owed, but the upcard {up} makes no one draw")
        if not effect.stack:
            _refuse(
                f"pending={state.pending}: cards owed for a {rank} are drawn at once at the "
                "start of the turn (the rules do not let a player answer them)"
            )
        stacked = 1 + sum(1 for card in cards_of(state.pile) if card.rank == up.rank)
        restocked = _may_restock_in_stack(state)
        if state.pending % effect.draw or (
            state.pending > effect.draw * stacked
            and not (restocked and state.pile.bit_count() == stacked - 1)
        ):
            _refuse(
                f"pending={state.pending}: each {rank} played in a row adds {effect.draw} "
                f"cards owed, and the upcard and the discard pile hold {_count(stacked, rank)}"
                + (
                    f" (a reshuffle in the middle of the stack leaves only {rank}s on the pile)"
                    if restocked and not state.pending % effect.draw
                    else ""
                )
            )
        if not stops.stack_masks[up.rank] & state.hands[state.turn]:
            _refuse(
                f"seat {state.turn} owes {state.pending} cards and holds no {rank} to answer "
                "with: he would have drawn them at the start of his turn"
            )
    if state.called is not None:  # a calling card names a suit (MM-5.3, MMS-3.5)
        if not effect.call:
            _refuse(f"{state.called.plural} were called, but the upcard {up} calls no suit")
        if state.called is up.suit and not stops.call_own_suit:
            _refuse(f"the upcard {up} cannot call its own suit ({up.suit.plural}) in these rules")
    if state.free:  # a calling card that named no suit (MM-5.4), or a calling starter
        if not effect.call or state.called is not None:
            _refuse(
                "free=true (any card may follow) needs a calling upcard that named no suit, "
                f"not {up}" + (f" with {state.called.plural} called" if state.called else "")
            )
        if stops.call_required and not stops.starter_effects:
            _refuse("free=true, but in these rules a calling card must name a suit")
    # A reversing card (MMS-3.3) turns the direction; with two players it skips instead.
    if state.direction == -1 and (stops.players == 2 or not any(e.reverse for e in stops.effects)):
        _refuse(
            "direction=-1, but no card reverses the direction in these rules "
            "(with two players a reversing card acts as a skip)"
        )


def _may_restock_in_stack(state: State) -> bool:
    """Whether the discard pile may have been shuffled into the stock while the cards
    owed were being stacked, taking earlier cards of the stack with it.

    A player who does not announce his last card (or his last but one) draws his
    penalty in the middle of the stack (MMS-4.1, MMS-4.3, MM-6.2); when that draw
    empties the stock, the discard pile under the upcard, cards of the stack and all,
    becomes the new stock (MMS-2.3, MM-4.4), and the next player still owes the whole
    stack (MMS-3.1). The pile then holds only the cards of the stack played since.
    """
    stops = state.rules.stops
    hot = stops.hot
    return (
        state.restocks > 0
        and stops.restock
        and (hot.one_card_call or hot.last_card_call)
        and hot.announce_penalty != "none"
    )


def _check_drawing(state: State) -> None:
    """The drawn card, passes, the drawing penalty, restocks and buried starters."""
    stops = state.rules.stops
    if state.drawn is not None:  # the draw-once rule (MMS-2.2), not drawing on (MM-4.1)
        if stops.draw_rule != "once":
            _refuse("drawn is set, but in these rules a player draws until he can play")
        if state.pending:
            _refuse("a drawn card and cards owed at once: the cards owed are drawn first")
    # A seat passes only when he can neither play nor draw; all in turn: blocked (MM-4.4,
    # MMS-2.3).
    if state.passes >= stops.players:
        _refuse(f"passes={state.passes}: when every player has passed the deal is blocked")
    if state.passes and _can_draw(state):
        _refuse(
            f"passes={state.passes}, but a card can be drawn: a player passes only when he "
            "can neither play nor draw"
        )
    # The drawing penalty (MM-4.2), at most once per turn, off the offender or to the others.
    if state.charged is not None and not stops.draw_penalty:
        _refuse("charged is set, but these rules have no drawing penalty")
    for seat, points in enumerate(state.penalties):
        step = stops.draw_penalty
        sign = -1 if stops.penalty_to == "offender" else 1
        if (points and not step) or (step and (points % step or points * sign < 0)):
            _refuse(
                f"penalties[{seat}]={points}: "
                + (
                    f"the drawing penalty counts {sign * step} points at a time"
                    if step
                    else "these rules have no drawing penalty"
                )
            )
    if state.restocks and not stops.restock:
        _refuse(f"restocks={state.restocks}, but these rules never restock the stock")
    for card in state.buried:
        if card.rank not in stops.bury_ranks:
            _refuse(f"{card} is buried under the stock, but only starters of a buried rank are")


def _check_knowledge(state: State) -> None:
    """Unannounced last cards, and what draws and passes showed (``absent``)."""
    stops = state.rules.stops
    # An unannounced last card (MM-6.2, MMS-4.1): its penalty is drawn at the end of the
    # play or at the seat's next turn, so the seat holds that one card and is not on turn.
    for seat in range(stops.players):
        if not state.unannounced >> seat & 1:
            continue
        if not stops.hot.one_card_call or stops.announce_penalty == "none":
            _refuse(f"seat {seat} is listed as unannounced, but these rules have no such penalty")
        if state.hands[seat].bit_count() != 1:
            _refuse(
                f"seat {seat} is listed as unannounced, but holds "
                f"{state.hands[seat].bit_count()} cards (the penalty is for one last card)"
            )
        if seat == state.turn:
            _refuse(
                f"seat {seat} is on turn with an unannounced last card: he would have drawn "
                "the penalty at the start of his turn"
            )
    for seat, (absent, allowance) in enumerate(zip(state.absent, state.allowance)):
        if allowance > absent.bit_count():
            _refuse(
                f"allowance[{seat}]={allowance} is more than the {absent.bit_count()} cards "
                f"of absent[{seat}]"
            )
        held = (state.hands[seat] & absent).bit_count()
        if held > allowance:
            _refuse(
                f"seat {seat} holds {_count(held, 'card')} of absent[{seat}] "
                f"({format_cards(cards_of(state.hands[seat] & absent))}), "
                f"but allowance[{seat}]={allowance} says he may hold at most {allowance}"
            )
