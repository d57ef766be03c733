"""The rounds between the deal and the play: dealing a card under explicit chance,
auctions (the calls, the contract they make, a deal thrown in), declarations, passing
cards (to a seat chosen by the deal number), and bidding."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Final

from cardrules.cards import Card, cards_of, mask_of
from cardrules.core import changes as changes_core
from cardrules.core.changes import with_item
from cardrules.core.trickgame.auction_round import Auction
from cardrules.core.trickgame.contract import Contract, seating_problem
from cardrules.core.trickgame.dealing import (
    _opened,
    _phase_after,
    _recipient,
    _turn_face_up,
    _turn_trump,
)
from cardrules.core.trickgame.description import Declaring, Passing, _team_of
from cardrules.core.trickgame.ending import _check_caps, throw_in
from cardrules.core.trickgame.pile_round import PileStep, pile_index
from cardrules.core.trickgame.state import State, _deal_with, _with
from cardrules.errors import RulesError
from cardrules.game import Event
from cardrules.moves import Bid, Call, DealCard, LayAway, TakePile

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


def _deal_card(state: State, game: TrickGame[Any], move: DealCard) -> State:
    deal = state.deal
    rules = deal.rules
    players = rules.players
    card = move.card
    undealt = deal.undealt & ~card.bit
    history = changes_core.extended(state.history, move)
    size = game.dealing.hand_size(rules, deal.match.deal_number) * players
    if deal.dealt < size:
        seat = _recipient(deal.match.dealer, players, game.dealing.packet(rules), deal.dealt)
        hands = list(state.hands)
        hands[seat] |= card.bit
        dealt = deal.dealt + 1
        state = _with(
            state,
            deal=_deal_with(deal, undealt=undealt, dealt=dealt),
            hands=tuple(hands),
            history=history,
        )
        if dealt < size or game.dealing.piles:
            return state
        if game.trumps.card == "dealer's last":
            return _turn_trump(state, state.hands, card, undealt)
        if game.trumps.card == "none" and game.trumps.face_up is None:
            return _opened(_with(state, phase=_phase_after(rules, 0, deal.match.deal_number)))
        return state
    if game.dealing.piles:  # the piles, in order, after the hands (no trump card)
        return _deal_pile_card(state, game, move, undealt, history, deal.dealt - size)
    if game.trumps.face_up is not None:
        face_up = (*deal.face_up, card)
        state = _with(
            state,
            deal=_deal_with(deal, undealt=undealt, dealt=deal.dealt + 1, face_up=face_up),
            history=history,
        )
        if len(face_up) < game.trumps.face_up.count:
            return state
        return _turn_face_up(state, state.hands, face_up)
    return _turn_trump(_with(state, history=history), state.hands, card, undealt)


def _deal_pile_card(
    state: State, game: TrickGame[Any], move: DealCard, undealt: int, history: Any, place: int
) -> State:
    """A card dealt to a pile under explicit chance: card ``place`` after the hands goes
    to the pile it falls in (a turned pile's card shown to all); the last one opens the
    rounds after the deal."""
    deal = state.deal
    card = move.card
    log = state.log
    piles = list(deal.piles)
    last = False
    for j, pile in enumerate(game.dealing.piles):
        if place < pile.size:
            piles[j] = (piles[j][0] | card.bit, -1)
            if pile.turned:
                text = f"{card} is turned on the {pile.name}"
                log = log.append(Event("turned", None, cards=(card,), text=text))
            last = j == len(piles) - 1 and place == pile.size - 1
            break
        place -= pile.size
    state = _with(
        state,
        deal=_deal_with(deal, undealt=undealt, dealt=deal.dealt + 1, piles=tuple(piles)),
        log=log,
        history=history,
    )
    if not last:
        return state
    rules = deal.rules
    return _opened(_with(state, phase=_phase_after(rules, 0, deal.match.deal_number)))


def _declare(state: State, k: int, seat: int, move: Any) -> State:
    """A declaration of round ``k``; the round ends when every declarer has declared."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    declaring = game.rounds[k]
    assert isinstance(declaring, Declaring)
    slot = game.roles.round_slots[k]
    values = list(deal.declared[slot])
    values[_team_of(rules, seat) if declaring.by_team else seat] = declaring.value(move)
    declared = with_item(deal.declared, slot, tuple(values))
    moved = _with(
        state,
        deal=_deal_with(deal, declared=declared),
        phase=state.phase if None in values else _phase_after(rules, k + 1, deal.match.deal_number),
        moves_made=state.moves_made + 1,
        log=state.log.append(declaring.event(state, seat, move)),
        history=changes_core.extended(state.history, move),
    )
    return _check_caps(_opened(moved))


def _call(state: State, k: int, seat: int, call: Call) -> State:
    """A call of auction round ``k``; when the round is over, the contract it makes
    (or forces, or changes), else the next auction round, else the deal thrown in."""
    deal = state.deal
    game: TrickGame[Any] = deal.game
    auction = game.rounds[k]
    assert isinstance(auction, Auction)
    slot = game.roles.auction_slots[k]
    calls = (*deal.calls[slot], (seat, call))
    moved = _with(
        state,
        deal=_deal_with(deal, calls=with_item(deal.calls, slot, calls)),
        moves_made=state.moves_made + 1,
        log=state.log.append(auction.event(state, seat, call)),
        history=changes_core.extended(state.history, call),
    )
    if auction.next_caller(moved, calls) is not None:
        return _check_caps(moved)
    contract = auction.contract(moved, calls)
    if auction.after_contract:
        if contract is None:  # the contract stands as it was
            return _check_caps(_opened(_with(moved, phase=_next_round(moved, k, True))))
    elif contract is None:
        contract = auction.all_passed(moved)
    if contract is not None:
        return _check_caps(_opened(_contracted(moved, auction, contract, k)))
    phase = _next_round(moved, k, False)
    if game.roles.round_index.get(phase) is None:
        return throw_in(moved)
    return _check_caps(_with(moved, phase=phase))


def _next_round(state: State, k: int, contracted: bool) -> Any:
    """The phase after round ``k``: with a contract, the next round that is not an
    auction before the contract (then the bidding or the play); without one, the next
    auction before the contract (or, when there is none, the play's phase: the caller
    throws the deal in)."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    number = deal.match.deal_number
    phase = _phase_after(rules, k + 1, number)
    j = game.roles.round_index.get(phase)
    while j is not None:
        round_ = game.rounds[j]
        before = isinstance(round_, Auction) and not round_.after_contract
        # A pile step whose taker is None is skipped (Skat's hand game).
        if before != contracted and not (
            isinstance(round_, PileStep) and round_.taker(state) is None
        ):
            break
        phase = _phase_after(rules, j + 1, number)
        j = game.roles.round_index.get(phase)
    return phase


def _contracted(state: State, auction: Auction[Any], contract: Contract, k: int) -> State:
    """The state once auction round ``k`` has made ``contract``: its trick rules, its
    event, and the next round that is no auction before the contract."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    if type(contract) is not Contract:
        raise TypeError(f"{game.title}'s auction must give a Contract or None, not {contract!r}")
    problem = seating_problem(contract, rules.players)
    if problem is not None:
        raise RulesError(f"{game.title}'s auction gave a contract that cannot be played: {problem}")
    made = _with(
        state,
        deal=_deal_with(
            deal, contract=contract, trick_rules=game.trumps.trick_rules(rules, contract)
        ),
        log=state.log.append(auction.contract_event(state, contract)),
    )
    # The next round's hooks (a pile step's taker) see the contract.
    return _with(made, phase=_next_round(made, k, True))


def _take(state: State, k: int, seat: int, move: TakePile) -> State:
    """Pile step ``k``'s taker takes its pile into its hand (a turned card it takes is
    then known to be in its hand); the step ends unless it lays cards away."""
    deal = state.deal
    game: TrickGame[Any] = deal.game
    step = game.rounds[k]
    assert isinstance(step, PileStep)
    j = pile_index(game, step.pile)
    mask = deal.piles[j][0]
    pile = game.dealing.piles[j]
    hands = list(state.hands)
    hands[seat] |= mask
    shown: tuple[Card, ...] = ()
    known = state.known
    if pile.turned:
        turned = cards_of(mask)[0]
        shown = (turned,)
        known = with_item(known, seat, known[seat] | turned.bit)
    event = Event("take", seat, cards=shown, text=f"seat {seat} takes the {pile.name}")
    moved = _with(
        state,
        deal=_deal_with(deal, piles=with_item(deal.piles, j, (0, seat))),
        hands=tuple(hands),
        known=known,
        moves_made=state.moves_made + 1,
        log=state.log.append(event),
        history=changes_core.extended(state.history, move),
    )
    if step.lay_away:
        return _check_caps(moved)
    return _check_caps(_opened(_with(moved, phase=_next_round(moved, k, True))))


def _taken_card(state: State, seat: int) -> Card | None:
    """The turned card ``seat`` took, as its take event showed; None in a state set up
    from a position taken after the take (a position does not name it)."""
    for event in reversed(state.log.to_tuple()):
        if event.kind == "take" and event.seat == seat and event.cards:
            return event.cards[0]
    return None


def _lay_away(state: State, k: int, seat: int, move: LayAway) -> State:
    """Pile step ``k``'s taker lays cards away face down onto its pile (the others
    learn only how many); the step ends."""
    deal = state.deal
    game: TrickGame[Any] = deal.game
    step = game.rounds[k]
    assert isinstance(step, PileStep)
    j = pile_index(game, step.pile)
    mask = mask_of(move.cards)
    hands = list(state.hands)
    hands[seat] &= ~mask
    # A turned card taken is no longer known held: it may lie on the pile now. The event
    # names it (it was public), not the cards laid away; no card laid away is held.
    taken = _taken_card(state, seat) if game.dealing.piles[j].turned else None
    unsure = () if taken is None else (taken,)
    known = with_item(state.known, seat, state.known[seat] & ~mask_of(unsure) & ~mask)
    count = len(move.cards)
    words = _COUNT_WORDS[count] if count < len(_COUNT_WORDS) else str(count)
    text = f"seat {seat} lays {words} card{'s' if count != 1 else ''} away"
    moved = _with(
        state,
        deal=_deal_with(deal, piles=with_item(deal.piles, j, (mask, seat))),
        hands=tuple(hands),
        known=known,
        moves_made=state.moves_made + 1,
        log=state.log.append(Event("lay away", seat, cards=unsure, text=text)),
        history=changes_core.extended(state.history, move),
    )
    return _check_caps(_opened(_with(moved, phase=_next_round(moved, k, True))))


_COUNT_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six")


def _pass_to(state: State, k: int) -> int:
    """How many seats clockwise the cards of passing round ``k`` go in this deal."""
    deal = state.deal
    passing = deal.game.rounds[k]
    assert isinstance(passing, Passing)
    offset: int = passing.to(deal.rules, deal.match.deal_number) % deal.rules.players
    return offset


def _from_whom(offset: int, players: int) -> str:
    """Where a seat's received cards come from, in words."""
    if offset == 1:
        return "its right"
    if offset == players - 1:
        return "its left"
    if 2 * offset == players:
        return "across the table"
    return f"the seat {offset} places to its right"


def _to_whom(offset: int, players: int) -> str:
    """Where a seat's passed cards go, in words."""
    if offset == 1:
        return "the left"
    if offset == players - 1:
        return "the right"
    if 2 * offset == players:
        return "the seat across"
    return f"the seat {offset} places to the left"


def _pass(state: State, k: int, seat: int, move: Any, mask: int) -> State:
    """Cards passed face down to another seat (by the deal's direction), exchanged once
    every seat has passed (the pass is secret until then: the log says only that it
    happened)."""
    deal = state.deal
    rules = deal.rules
    players = rules.players
    count = mask.bit_count()
    words = _COUNT_WORDS[count] if count < len(_COUNT_WORDS) else str(count)
    hands = list(state.hands)
    hands[seat] &= ~mask
    passed = list(deal.passed)
    passed[seat] = mask
    log = state.log.append(Event("pass", seat, text=f"seat {seat} passes {words} cards"))
    phase = state.phase
    if 0 not in passed:
        offset = _pass_to(state, k)
        for giver in range(players):
            hands[(giver + offset) % players] |= passed[giver]
        text = (
            f"the passed cards are exchanged: each seat receives {words} cards "
            f"from {_from_whom(offset, players)}"
        )
        log = log.append(Event("exchange", text=text))
        phase = _phase_after(rules, k + 1, deal.match.deal_number)
    moved = _with(
        state,
        deal=_deal_with(deal, passed=tuple(passed)),
        phase=phase,
        hands=tuple(hands),
        moves_made=state.moves_made + 1,
        log=log,
        history=changes_core.extended(state.history, move),
    )
    return _check_caps(_opened(moved))


@functools.cache
def _bid_event(seat: int, tricks: int) -> Event:
    """The public event of an open bid (built once: events are immutable)."""
    return Event("bid", seat, value=tricks)


def _bid(state: State, game: TrickGame[Any], seat: int, move: Bid) -> State:
    deal = state.deal
    rules = deal.rules
    bids = list(deal.bids)
    bids[seat] = move.tricks
    log = state.log
    assert game.bidding is not None
    hidden = game.bidding.hidden(rules)
    if hidden:
        log = log.append(Event("bid", seat, text=f"seat {seat} has bid"))
    else:
        log = log.append(_bid_event(seat, move.tricks))
    phase = game.roles.bidding
    if None not in bids:
        phase = game.roles.playing
        if hidden:
            shown = " ".join(f"seat {s}: {b}" for s, b in enumerate(bids))
            log = log.append(Event("bids", text=f"bids revealed: {shown}"))
    moved = _with(
        state,
        deal=_deal_with(deal, bids=tuple(bids)),
        phase=phase,
        moves_made=state.moves_made + 1,
        log=log,
        history=changes_core.extended(state.history, move),
    )
    if game.play.opens_play:
        moved = _opened(moved)
    return _check_caps(moved)
