"""Dealing a trick game: a new game, each deal's cards (seeded, or one chance step a
card under explicit chance) in packets clockwise from the dealer's left, the trump
card or suit, the cards turned face up, and who leads the first trick."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card, mask_of
from cardrules.core import match as match_core
from cardrules.core import tricks
from cardrules.core.checks import check_seed
from cardrules.core.match import Match
from cardrules.core.options import check_choice
from cardrules.core.trickgame.description import (
    _TRICK_RULES,
    Declaring,
    Passing,
    TrickGameRules,
    teams,
)
from cardrules.core.trickgame.state import Deal, State, _deal_with, _deck_mask, _rules_values, _with
from cardrules.game import ChanceMode, Event, Log

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.contract import TrickGame


def new_game(
    rules: TrickGameRules,
    *,
    seed: int,
    deck: Sequence[Card] | None = None,
    chance: ChanceMode = "seeded",
) -> State:
    """A new game with its first deal dealt (or, with explicit chance, about to be).

    ``deck`` fixes the order of the first deal (top card first; see the game's
    docs for the dealing order); later deals are shuffled from ``seed``.
    """
    game = getattr(type(rules), "trick_game", None)
    if not isinstance(rules, TrickGameRules) or game is None:
        raise TypeError(f"rules must be a trick game's Rules, not {type(rules).__name__}")
    seed = check_seed(seed)
    check_choice("chance", chance, ("seeded", "explicit"))
    cards = game.deck(rules)
    order = match_core.first_deal_order(deck, cards, chance)
    players = rules.players
    fresh, counts = _fresh_deal(rules)
    start = State(
        deal=Deal(
            rules=rules,
            seed=seed,
            chance=chance,
            first_deck=order,
            match=Match.start(rules.first_dealer or 0, players),
            undealt=_deck_mask(cards),
            dealt=0,
            trump_card=None,
            **fresh,
            outcome=None,
            position=None,
            **_rules_values(rules),
        ),
        phase=game.choose_dealer,
        hands=(0,) * players,
        leader=0,
        trick=(),
        tricks_won=(0,) * players,
        waste=0,
        known=(0,) * players,
        voids=(0,) * players,
        **counts,
        moves_made=0,
        log=Log.EMPTY,
        history=Log.EMPTY,
    )
    if chance == "explicit" and rules.first_dealer is None:
        return start
    dealer = match_core.first_dealer(rules, seed, players)  # OH-2.4, EN-2.2
    return _begin_deal(start, Match.start(dealer, players), start.log, order)


_FRESH_DEALS: dict[int, tuple[Any, dict[str, Any], dict[str, Any]]] = {}


def _fresh_deal(rules: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields a deal starts from: of its :class:`Deal`, the trick rules before any
    trump is fixed and the rounds before play (face-up cards, passes, bids,
    declarations); of the :class:`State`, the tally and the revokes. Remembered per
    rules object, by identity: every deal starts from them; callers must not change
    the dicts."""
    found = _FRESH_DEALS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1], found[2]
    game: TrickGame = rules.trick_game
    players: int = rules.players
    deal = {
        "trick_rules": _TRICK_RULES[None],
        "face_up": (),
        "second_suit": None,
        "passed": (0,) * players if game.passing is not None else (),
        "bids": (None,) * players if game.bidding is not None else (),
        "declared": tuple(
            (None,) * (len(teams(rules)) if r.by_team else players)
            for r in game.rounds
            if isinstance(r, Declaring)
        ),
    }
    counts = {
        "tally": (0,) * sum(size for _, size, _, _ in game.tally),
        "revokes": (0,) * players if game.revoking is not None else (),
    }
    if len(_FRESH_DEALS) > 256:  # a bounded cache: rules objects come and go
        _FRESH_DEALS.clear()
    _FRESH_DEALS[id(rules)] = (rules, deal, counts)
    return deal, counts


def _recipient(dealer: int, players: int, packet: int, position: int) -> int:
    """Who receives card ``position`` of a deal: packets clockwise from the dealer's left.

    Rules OH-2.6 and EN-2.4.
    """
    return (dealer + 1 + position // packet) % players


@functools.cache
def _trump_event(trump_card: Card, holder: int | None = None) -> Event:
    """The public event of the turned trump card (built once per card): ``holder``
    is the dealer when the card stays in his hand."""
    assert trump_card.suit is not None
    text = f"trump card {trump_card}: {trump_card.suit.plural} are trumps"
    if holder is not None:
        text += f" (seat {holder} keeps it)"
    return Event("trump", holder, cards=(trump_card,), text=text)


def _begin_deal(
    state: State, match: Match, log: Log[Event], order: Sequence[Card] | None = None
) -> State:
    """Start deal ``match.deal_number``: deal it at once (seeded) or wait for chance."""
    before = state.deal
    rules = before.rules
    game: TrickGame = rules.trick_game
    players = rules.players
    size = game.hand_size(rules, match.deal_number)
    log = log.append(game.deal_event(rules, match, size))
    cards = game.deck(rules)
    deal_fields, counts = _fresh_deal(rules)
    deal = Deal(
        rules=rules,
        seed=before.seed,
        chance=before.chance,
        first_deck=before.first_deck,
        match=match,
        undealt=_deck_mask(cards),
        dealt=0,
        trump_card=None,
        **deal_fields,
        outcome=None,
        position=before.position,
        **_rules_values(rules),
    )
    if game.trump_suit is not None:  # a fixed trump suit holds from the deal on
        deal = _deal_with(deal, trick_rules=_fixed_trick_rules(rules, match.deal_number))
    fresh = _with(
        state,
        deal=deal,
        phase=game.dealing,
        hands=(0,) * players,
        leader=(match.dealer + 1) % players,
        trick=(),
        tricks_won=(0,) * players,
        waste=0,
        known=(0,) * players,
        voids=(0,) * players,
        **counts,
        log=log,
    )
    if deal.chance == "explicit" and order is None:
        return fresh
    if order is None:
        order = match_core.shuffled(deal.seed, match.deal_number, cards)
    dealt = size * players
    packet = game.packet(rules)
    hands = [0] * players
    if packet == 1:
        # Card i goes to seat (dealer + 1 + i) % players: every players-th card from
        # position k goes to one seat.
        for position in range(players):
            mask = 0
            for card in order[position:dealt:players]:
                mask |= card.bit
            hands[(match.dealer + 1 + position) % players] = mask
    else:
        for position in range(dealt):
            hands[_recipient(match.dealer, players, packet, position)] |= order[position].bit
    undealt = _deck_mask(cards) & ~sum(hands)
    if game.face_up is not None:
        shown = tuple(order[dealt : dealt + game.face_up.count])
        deal = _deal_with(deal, undealt=undealt & ~mask_of(shown), dealt=dealt + len(shown))
        return _turn_face_up(_with(fresh, deal=deal), tuple(hands), shown)
    if game.trump_card == "next":
        return _turn_trump(fresh, tuple(hands), order[dealt], undealt & ~order[dealt].bit)
    if game.trump_card == "dealer's last":
        return _turn_trump(fresh, tuple(hands), order[dealt - 1], undealt)
    return _opened(
        _with(
            fresh,
            deal=_deal_with(deal, undealt=undealt, dealt=dealt),
            phase=_phase_after(rules, 0, match.deal_number),
            hands=tuple(hands),
        )
    )


def _fixed_trick_rules(rules: Any, deal_number: int) -> tricks.TrickRules:
    """The trick rules of a deal under the game's :attr:`TrickGame.trump_suit`."""
    game: TrickGame = rules.trick_game
    assert game.trump_suit is not None
    return game.trick_rules(rules, game.trump_suit(rules, deal_number))


def _phase_after(rules: Any, start: int, deal_number: int) -> Any:
    """The first phase from round ``start`` on that these rules play in this deal: a
    round before play (a passing round only in a deal that passes), else the bidding,
    else the play."""
    game: TrickGame = rules.trick_game
    for k in range(start, len(game.rounds)):
        round_ = game.rounds[k]
        if round_.applies(rules) and not (
            isinstance(round_, Passing) and not round_.to(rules, deal_number) % rules.players
        ):
            return game.round_phases[k]
    return game.bidding_phase if game.bidding is not None else game.playing


def _opened(state: State) -> State:
    """The state as play begins, when the game says who leads the first trick
    (:attr:`TrickGame.first_leader`, :attr:`TrickGame.lead_card`); otherwise as it is."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame = deal.game
    if not game.opens_play or state.phase is not game.playing:
        return state
    if game.lead_card is not None:
        card = game.lead_card(rules, deal.match.deal_number)
        if card is not None:
            for seat, hand in enumerate(state.hands):
                if hand & card.bit:
                    text = f"seat {seat} holds {card} and leads it to the first trick"
                    event = Event("lead card", seat, cards=(card,), text=text)
                    return _with(state, leader=seat, log=state.log.append(event))
    if game.first_leader is not None:
        return _with(state, leader=game.first_leader(state))
    return state


def _turn_face_up(state: State, hands: tuple[int, ...], face_up: tuple[Card, ...]) -> State:
    """Turn the face-up cards: they fix the trump suit and the second suit."""
    deal = state.deal
    rules = deal.rules
    described = rules.trick_game.face_up
    trump, second = described.suits(rules, face_up)
    opened = _with(
        state,
        deal=_deal_with(
            deal,
            face_up=face_up,
            second_suit=second,
            trick_rules=rules.trick_game.trick_rules(rules, trump),
        ),
        phase=_phase_after(rules, 0, deal.match.deal_number),
        hands=hands,
        log=state.log.append(described.event(rules, face_up, trump, second)),
    )
    return _opened(opened)


def _turn_trump(state: State, hands: tuple[int, ...], trump_card: Card, undealt: int) -> State:
    """Turn the trump card: the next card (out of play) or the dealer's last (kept by
    him, so everyone knows he holds it until he plays it)."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame = deal.game
    dealt = sum(h.bit_count() for h in hands)
    assert trump_card.suit is not None
    trick_rules = game.trick_rules(rules, trump_card.suit)
    phase = _phase_after(rules, 0, deal.match.deal_number)
    if game.trump_card == "next":
        turned = _with(
            state,
            deal=_deal_with(
                deal,
                trump_card=trump_card,
                trick_rules=trick_rules,
                undealt=undealt,
                dealt=dealt + 1,
            ),
            phase=phase,
            hands=hands,
            log=state.log.append(_trump_event(trump_card)),
        )
        return _opened(turned)
    dealer = deal.match.dealer
    known = list(state.known)
    known[dealer] |= trump_card.bit
    kept = _with(
        state,
        deal=_deal_with(
            deal, trump_card=trump_card, trick_rules=trick_rules, undealt=undealt, dealt=dealt
        ),
        phase=phase,
        hands=hands,
        known=tuple(known),
        log=state.log.append(_trump_event(trump_card, dealer)),
    )
    return _opened(kept)
