"""Dealing: a new game, each deal's cards, the starter and its effect."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.core import match as match_core
from cardrules.core.checks import check_seed
from cardrules.core.match import Match
from cardrules.core.options import check_choice
from cardrules.core.shedding.description import NO_EFFECT, Effect, StopsRules
from cardrules.core.shedding.drawing import _begin_turn, _direction_and_step
from cardrules.core.shedding.state import Phase, State, _built, _deal_with, _take, _with
from cardrules.game import ChanceMode, Event, Log


def new_game(
    rules: StopsRules,
    *,
    seed: int,
    deck: Sequence[Card] | None,
    chance: ChanceMode,
) -> State:
    """A new game with its first deal dealt (or, with explicit chance, about to be).

    Returns a state in :attr:`Phase.SCORING` if the first deal is blocked at once.
    """
    seed = check_seed(seed)
    check_choice("chance", chance, ("seeded", "explicit"))
    stops = rules.stops
    order = match_core.first_deal_order(deck, stops.deck, chance)
    players = stops.players
    zeros = (0,) * players
    start = _built(
        rules=rules,
        seed=seed,
        position=None,
        chance=chance,
        first_deck=order,
        match=Match.start(rules.first_dealer or 0, players),
        phase=Phase.CHOOSE_DEALER,
        hands=zeros,
        stock=stops.deck,
        **_fresh_fields(players),
        turn=0,
        dealt=0,
        restocks=0,
        moves_made=0,
        log=Log.EMPTY,
        history=Log.EMPTY,
        outcome=None,
    )
    if chance == "explicit" and rules.first_dealer is None:
        return start
    dealer = match_core.first_dealer(rules, seed, players)
    return begin_deal(start, Match.start(dealer, players), start.log, order)


_FRESH_FIELDS: dict[int, dict[str, Any]] = {}


def _fresh_fields(players: int) -> dict[str, Any]:
    """The state's fields as every deal starts them, before its first card is dealt: no
    pile, upcard or call, play clockwise, nothing pending, drawn or owed, and no
    penalties, absent cards or allowances. Remembered by the number of players; callers
    must not change the dict."""
    found = _FRESH_FIELDS.get(players)
    if found is None:
        zeros = (0,) * players
        found = _FRESH_FIELDS[players] = {
            "buried": (),
            "pile": 0,
            "upcard": None,
            "called": None,
            "free": False,
            "direction": 1,
            "pending": 0,
            "passes": 0,
            "drawn": None,
            "charged": None,
            "owed": 0,
            "after": 0,
            "unannounced": 0,
            "penalties": zeros,
            "absent": zeros,
            "allowance": zeros,
        }
    return found


def begin_deal(
    state: State, match: Match, log: Log[Event], order: Sequence[Card] | None = None
) -> State:
    """Start deal ``match.deal_number``: deal it at once (seeded) or wait for chance.

    ``order`` fixes the deal's cards, top first (the first deal's ``deck``). The cards
    go out one at a time from the dealer's left, then the starter is turned, and the
    player on the dealer's left plays first (rules MM-2.2, MM-3.1, MMS-1.4).
    """
    stops = state.rules.stops
    players = stops.players
    log = log.append(
        Event(
            "deal",
            match.dealer,
            value=stops.hand_size,
            text=f"deal {match.deal_number + 1}: seat {match.dealer} deals "
            f"{stops.hand_size} cards each",
        )
    )
    if order is not None:
        stock = tuple(order)
    elif state.chance == "explicit":
        stock = stops.deck
    else:
        stock = tuple(match_core.shuffled(state.seed, match.deal_number, stops.deck))
    zeros = (0,) * players
    hands, dealt = zeros, 0
    if state.chance != "explicit" or order is not None:
        # The hands at once, as _deal_card deals them card by card from the dealer's
        # left: one new state instead of one per card.
        dealt = players * stops.hand_size
        dealing = [0] * players
        for i in range(dealt):
            dealing[(match.dealer + 1 + i) % players] |= stock[i].bit
        hands, stock = tuple(dealing), stock[dealt:]
    fresh = _with(
        state,
        deal=_deal_with(state.deal, match=match, dealt=dealt, restocks=0),
        phase=Phase.DEALING,
        hands=hands,
        stock=stock,
        **_fresh_fields(players),
        turn=(match.dealer + 1) % players,
        log=log,
    )
    if state.chance == "explicit" and order is None:
        return fresh
    while fresh.phase is Phase.DEALING:
        fresh = _deal_card(fresh, fresh.stock[0] if fresh.stock else fresh.buried[0])
    return fresh


def _deal_card(state: State, card: Card) -> State:
    """The next card of the deal: to a hand, or turned as the starter."""
    stops = state.rules.stops
    players = stops.players
    stock, buried = _take(state, card)
    dealer = state.match.dealer
    deal = state.deal
    if deal.dealt < players * stops.hand_size:
        seat = (dealer + 1 + deal.dealt) % players
        hands = list(state.hands)
        hands[seat] |= card.bit
        return _with(
            state,
            deal=_deal_with(deal, dealt=deal.dealt + 1),
            hands=tuple(hands),
            stock=stock,
            buried=buried,
        )
    if card.rank in stops.bury_ranks and stock:
        log = state.log.append(
            Event(
                "bury",
                cards=(card,),
                text=f"starter {card} is put at the bottom of the stock; the next card is turned",
            )
        )
        return _with(state, stock=stock, buried=(*buried, card), log=log)
    log = state.log.append(Event("starter", cards=(card,), text=f"starter: {card}"))
    state = _with(state, stock=stock, buried=buried, upcard=card, phase=Phase.PLAYING, log=log)
    first = (dealer + 1) % players
    if stops.starter_effects:
        effect = stops.effects[card.rank]
        if effect != NO_EFFECT:
            return _starter_effect(state, card, effect)
    return _begin_turn(state, first)


def _starter_effect(state: State, card: Card, effect: Effect) -> State:
    """The starter acts as if the dealer had played it, naming no suit."""
    players = state.rules.stops.players
    dealer = state.match.dealer
    direction, step = _direction_and_step(effect, players, 1)
    log = state.log.append(
        Event("starter effect", cards=(card,), text=f"the starter {card} takes effect")
    )
    state = _with(
        state,
        direction=direction,
        pending=effect.draw,
        free=effect.call,
        log=log,
    )
    return _begin_turn(state, (dealer + direction * step) % players)
