"""Partners that stay secret until a card shows them: the sides of a deal whose
contract names :attr:`~cardrules.core.trickgame.Contract.partner_cards` (Schafkopf's
and Sheepshead's called ace, five-player Tarot's called king, Doppelkopf's two queens
of clubs).

The sides are never stored: they follow from where the cards were at the start of
play, which a full state (dealt, loaded, set up or sampled) holds in its hands and
its log of the deal's plays. So the solver and the PIMC bot, reading the sides of a
sampled world, find the partner wherever the card lies in that world. A view shows
only what its seat can know (:func:`known_sides`).

>>> from cardrules.cards import parse_cards
>>> contract = Contract(declarer=0, partner_cards=parse_cards("AH"))
>>> numbered(contract, (2,), 4)
(0, 1, 0, 1)
>>> numbered(Contract(partner_cards=parse_cards("QC QC")), (1, 1), 4)
(1, 0, 1, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card, mask_of
from cardrules.core.trickgame.announcing import shown_sides
from cardrules.core.trickgame.contract import Contract
from cardrules.core.trickgame.state import State, _deal_with, _with
from cardrules.game import Event

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame

__all__ = ["barred", "card_holders", "known_sides", "numbered", "shown_contract", "sides_fixed"]


def numbered(contract: Contract, holders: Sequence[int | None], players: int) -> tuple[int, ...]:
    """Each seat's side number when the partner cards' holders are ``holders`` (None:
    a card no seat held at the start of play, laid away or undealt): side 0 the
    declarer and the holders, side 1 the other seats."""
    side = {seat for seat in holders if seat is not None}
    if contract.declarer is not None:
        side.add(contract.declarer)
    return tuple(0 if seat in side else 1 for seat in range(players))


def _plays(contract: Contract, events: Sequence[Event]) -> dict[Card, int]:
    """The seat that played each partner card of ``contract`` played so far: those a
    position shows (:attr:`~cardrules.core.trickgame.Contract.partners_shown`) and
    those the deal's events show (after its ``deal`` or ``setup`` event)."""
    played: dict[Card, int] = {}
    for card, seat in zip(contract.partner_cards, contract.partners_shown):
        if seat is not None:
            played[card] = seat
    cards = mask_of(contract.partner_cards)
    for event in reversed(events):
        if event.kind == "deal" or event.kind == "setup":
            break
        if (
            event.kind == "play"
            and event.seat is not None
            and event.cards
            and event.cards[0].bit & cards
        ):
            played[event.cards[0]] = event.seat
    return played


def card_holders(state: State) -> tuple[int | None, ...]:
    """The seat that held each of the contract's partner cards at the start of play:
    the hand it is in, or the seat whose play of it the log shows; None where no seat
    did (a card laid away or undealt)."""
    contract = state.deal.contract
    assert contract is not None
    played: dict[Card, int] | None = None
    holders: list[int | None] = []
    for card in contract.partner_cards:
        seat = next((s for s, hand in enumerate(state.hands) if hand & card.bit), None)
        if seat is None:
            if played is None:
                played = _plays(contract, state.log.to_tuple())
            seat = played.get(card)
        holders.append(seat)
    return tuple(holders)


def known_sides(state_or_view: Any) -> tuple[int | None, ...]:
    """Per seat, its side in the deal in progress (seats with equal numbers are
    partners) as far as the seat of a view can know it, None where it cannot; every
    seat's side of a state. With :attr:`~cardrules.core.trickgame.Contract.partner_cards`
    a view knows the declarer's side (0), the side of every seat that has played one of
    the cards or holds one in the view's own hand (0), its own side (from its hand),
    the sides the announcements have shown, and every side once each card is located.
    Without them, the sides are public: the contract's, else the game's teams."""
    from cardrules.core.trickgame.scoring import sides

    rules = state_or_view.rules
    players: int = rules.players
    contract = state_or_view.contract
    if (
        type(state_or_view) is State
        or not isinstance(contract, Contract)
        or not contract.partner_cards
        or contract.sides is not None
    ):
        numbers = [0] * players
        for number, members in enumerate(sides(state_or_view)):
            for member in members:
                numbers[member] = number
        return tuple(numbers)
    view = state_or_view
    seat: int = view.seat
    own = mask_of(view.hand) | mask_of(view.dummy_hand)
    played = _plays(contract, view.events)
    holders: list[int | None] = []
    located = True
    for card in contract.partner_cards:
        if own & card.bit:
            dummy = contract.dummy
            holders.append(seat if mask_of(view.hand) & card.bit or dummy is None else dummy)
        elif card in played:
            holders.append(played[card])
        else:
            located = False
    if located:
        return numbered(contract, holders, players)
    known: list[int | None] = [None] * players
    game: TrickGame[Any] = rules.trick_game
    if game.announcements:
        known = list(shown_sides(view))
    for holder in (contract.declarer, *holders):
        if holder is not None:
            known[holder] = 0
    if known[seat] is None:  # no partner card in its hand, and not the declarer
        known[seat] = 1
    return tuple(known)


def barred(
    view: Any,
    others: Sequence[int],
    holders: list[tuple[int, int]],
    known: Sequence[int],
    unknown: int,
) -> tuple[list[tuple[int, int]], tuple[tuple[int, int], ...]]:
    """What a view's partner cards add to the sampler's ``(size, forbidden)`` per
    holder (the ``others`` seats first; ``known``, each seat's cards known held;
    ``unknown``, the cards dealt): the cards forbidden to the declarer's hand where
    every seat knows he lacks them
    (:attr:`~cardrules.core.trickgame.Contract.declarer_lacks`) and to a seat whose
    announcement showed it on side 1; and, as ``(holder, mask)`` requirements, one of
    the unseen cards in the hand of a seat shown on side 0 that has not played one."""
    contract = view.contract
    if not isinstance(contract, Contract) or not contract.partner_cards:
        return holders, ()
    if contract.sides is not None:
        return holders, ()
    cards = mask_of(contract.partner_cards)
    result = list(holders)
    required: list[tuple[int, int]] = []
    game: TrickGame[Any] = view.rules.trick_game
    shown = shown_sides(view) if game.announcements else (None,) * len(view.hand_sizes)
    played = _plays(contract, view.events)
    for k, seat in enumerate(others):
        size, forbidden = result[k]
        side = shown[seat]
        if (contract.declarer_lacks and seat == contract.declarer) or side == 1:
            result[k] = (size, forbidden | cards)
        elif (
            side == 0
            and seat != contract.declarer
            and not known[seat] & cards
            and not any(played.get(card) == seat for card in contract.partner_cards)
        ):
            required.append((k, cards & unknown))
    return result, tuple(required)


def shown_contract(state_or_view: Any) -> Contract | None:
    """The contract a position writes: with the seat that played each partner card
    played so far set as its ``partners_shown`` (a position keeps no log of the plays,
    and a card played shows its holder to all); else the deal's contract as it is."""
    contract: Contract | None = state_or_view.contract
    if contract is None or not contract.partner_cards:
        return contract
    if type(state_or_view) is State:
        played = _plays(contract, state_or_view.log.to_tuple())
    else:
        played = _plays(contract, state_or_view.events)
    if not played:
        return contract
    shown = tuple(played.get(card) for card in contract.partner_cards)
    return dataclasses.replace(contract, partners_shown=shown)


def _with_sides(contract: Contract, sides: tuple[int, ...]) -> Contract:
    """``contract`` with ``sides`` set (those its partner cards made)."""
    return dataclasses.replace(contract, sides=sides)


def sides_fixed(state: State) -> State:
    """``state`` with the sides its contract's partner cards make set on the contract,
    for a search that plays on without a log (the solver scores the deal's end from a
    state whose hands are empty); ``state`` itself without partner cards."""
    contract = state.deal.contract
    if contract is None or not contract.partner_cards or contract.sides is not None:
        return state
    fixed = _with_sides(contract, numbered(contract, card_holders(state), len(state.hands)))
    return _with(state, deal=_deal_with(state.deal, contract=fixed))
