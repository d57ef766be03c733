"""Dealing a trick game: a new game, each deal's cards (seeded, or one chance step a
card under explicit chance) in packets clockwise from the dealer's left, the trump
card or suit, the cards turned face up, and who leads the first trick."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardrules.cards import Card, mask_of
from cardrules.core import match as match_core
from cardrules.core import tricks
from cardrules.core.checks import check_seed
from cardrules.core.match import Match
from cardrules.core.options import check_choice
from cardrules.core.trickgame.auction_round import Auction
from cardrules.core.trickgame.contract import Contract, fixed_contract
from cardrules.core.trickgame.description import (
    _TRICK_RULES,
    Declaring,
    Passing,
    TrickGameRules,
    teams,
)
from cardrules.core.trickgame.state import (
    Deal,
    State,
    _deal_with,
    _deck_mask,
    _new_state,
    _rules_values,
    _with,
)
from cardrules.game import ChanceMode, Event, Log, Outcome

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


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
    cards = game.dealing.deck(rules)
    order = match_core.first_deal_order(deck, cards, chance)
    players = rules.players
    if chance == "explicit" and rules.first_dealer is None:
        # The first dealer is a chance step: a state waits for it (a new deal's values
        # but the dealer's, whom no one has chosen yet).
        no_hands = (0,) * players
        waiting = _new_deal_of(
            rules,
            seed,
            chance,
            order,
            None,
            Match.start(0, players),
            _deck_mask(cards),
            0,
            None,
            _untrumped_trick_rules(rules),
            fixed_contract(None),
            tuple((0, -1) for _ in game.dealing.piles),
        )
        return _new_opening(
            waiting, game.roles.choose_dealer, no_hands, 0, no_hands, 0, Log.EMPTY, Log.EMPTY
        )
    dealer = match_core.first_dealer(rules, seed, players)  # OH-2.4, EN-2.2
    # No state before the first deal: building one only to copy it is a fifth of a deal.
    return _dealt(
        rules,
        seed,
        chance,
        order,
        None,
        0,
        Log.EMPTY,
        Match.start(dealer, players),
        Log.EMPTY,
        order,
    )


_FRESH_DEALS: dict[int, tuple[Any, dict[str, Any], dict[str, Any], tuple[Any, ...]]] = {}


def _fresh_deal(rules: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields a deal starts from: of its :class:`Deal`, the trick rules before any
    trump is fixed and the rounds before play (face-up cards, passes, bids,
    declarations); of the :class:`State`, the tally and the revokes. Remembered per
    rules object, by identity: every deal starts from them; callers must not change
    the dicts."""
    found = _FRESH_DEALS.get(id(rules))
    if found is None or found[0] is not rules:
        found = _remember_fresh_deal(rules)
    return found[1], found[2]


def _fresh_values(rules: Any) -> tuple[Any, ...]:
    """:func:`_fresh_deal`'s values and the rules' (``game``, ``capped``), in the order a
    new deal is built from them by position: ``face_up``, ``second_suit``, ``passed``,
    ``bids``, ``declared``, ``tally``, ``revokes``, ``game``, ``capped``, then ``calls``
    and whether an auction round applies (the deal's contract waits for it)."""
    found = _FRESH_DEALS.get(id(rules))
    if found is None or found[0] is not rules:
        found = _remember_fresh_deal(rules)
    return found[3]


def _remember_fresh_deal(
    rules: Any,
) -> tuple[Any, dict[str, Any], dict[str, Any], tuple[Any, ...]]:
    """Work out and cache :func:`_fresh_deal`'s and :func:`_fresh_values`' answers."""
    game: TrickGame[Any] = rules.trick_game
    players: int = rules.players
    deal: dict[str, Any] = {
        "trick_rules": _TRICK_RULES[None],
        "face_up": (),
        "second_suit": None,
        "passed": (0,) * players if game.roles.passing is not None else (),
        "bids": (None,) * players if game.bidding is not None else (),
        "declared": tuple(
            (None,) * (len(teams(rules)) if r.by_team else players)
            for r in game.rounds
            if isinstance(r, Declaring)
        ),
        "calls": tuple(() for r in game.rounds if isinstance(r, Auction)),
        "contract": None,
        "piles": (),
        "announced": (),
    }
    auctioned = any(
        isinstance(r, Auction) and not r.after_contract and r.applies(rules) for r in game.rounds
    )
    counts = {
        "tally": (0,) * sum(size for _, size, _, _ in game.scoring.tally),
        "revokes": (0,) * players if game.play.revoking is not None else (),
    }
    derived = _rules_values(rules)
    ordered = (
        deal["face_up"],
        deal["second_suit"],
        deal["passed"],
        deal["bids"],
        deal["declared"],
        counts["tally"],
        counts["revokes"],
        derived["game"],
        derived["capped"],
        deal["calls"],
        auctioned,
    )
    if len(_FRESH_DEALS) > 256:  # a bounded cache: rules objects come and go
        _FRESH_DEALS.clear()
    found = _FRESH_DEALS[id(rules)] = (rules, deal, counts, ordered)
    return found


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
    deal = state.deal
    return _dealt(
        deal.rules,
        deal.seed,
        deal.chance,
        deal.first_deck,
        deal.position,
        state.moves_made,
        state.history,
        match,
        log,
        order,
    )


def _dealt(
    rules: Any,
    seed: int,
    chance: ChanceMode,
    first_deck: tuple[Card, ...] | None,
    position: tuple[tuple[str, Any], ...] | None,
    moves_made: int,
    history: Log[Any] | None,
    match: Match,
    log: Log[Event],
    order: Sequence[Card] | None,
) -> State:
    """Deal ``match.deal_number`` (the game's ``seed``, ``chance``, ``first_deck`` and
    ``position``, the ``moves_made``, ``history`` and ``log`` so far go on): at once,
    from ``order`` or shuffled from the seed, or, under explicit chance without an
    order, a state that waits for the first card.

    A seeded deal with a trump card (or none) builds its deal and its state once, by
    position, with the turned trump card in them: this runs at every deal, and each
    copy by keyword costs about as much as a fifth of the shuffle.
    """
    game: TrickGame[Any] = rules.trick_game
    players: int = rules.players
    size = game.dealing.hand_size(rules, match.deal_number)
    log = log.append(game.dealing.event(rules, match, size))
    cards = game.dealing.deck(rules)
    contract = fixed_contract(None)
    if game.trumps.suit is not None:  # a fixed trump suit holds from the deal on
        contract = fixed_contract(game.trumps.suit(rules, match.deal_number))
        trick_rules = game.trumps.trick_rules(rules, contract)
    else:
        trick_rules = _untrumped_trick_rules(rules)
    no_hands = (0,) * players
    leader = (match.dealer + 1) % players
    if chance == "explicit" and order is None:
        waiting = _new_deal_of(
            rules,
            seed,
            chance,
            first_deck,
            position,
            match,
            _deck_mask(cards),
            0,
            None,
            trick_rules,
            contract,
            tuple((0, -1) for _ in game.dealing.piles),
        )
        return _new_opening(
            waiting, game.roles.dealing, no_hands, leader, no_hands, moves_made, log, history
        )
    if order is None:
        order = match_core.shuffled(seed, match.deal_number, cards)
    dealt = size * players
    packet = game.dealing.packet(rules)
    hands = [0] * players
    if packet == 1:
        # Card i goes to seat (dealer + 1 + i) % players: every players-th card from
        # position k goes to one seat.
        for start in range(players):
            mask = 0
            for card in order[start:dealt:players]:
                mask |= card.bit
            hands[(match.dealer + 1 + start) % players] = mask
    else:
        for k in range(dealt):
            hands[_recipient(match.dealer, players, packet, k)] |= order[k].bit
    undealt = _deck_mask(cards) & ~sum(hands)
    piles: tuple[tuple[int, int], ...] = ()
    if game.dealing.piles:  # dealt after the hands, in order (checked: no trump card)
        piles, dealt, log = _dealt_piles(game, order, dealt, log)
        for mask, _ in piles:
            undealt &= ~mask
    if game.trumps.face_up is not None:
        shown = tuple(order[dealt : dealt + game.trumps.face_up.count])
        dealing = _new_deal_of(
            rules,
            seed,
            chance,
            first_deck,
            position,
            match,
            undealt & ~mask_of(shown),
            dealt + len(shown),
            None,
            trick_rules,
            contract,
        )
        before = _new_opening(
            dealing, game.roles.dealing, no_hands, leader, no_hands, moves_made, log, history
        )
        return _turn_face_up(before, tuple(hands), shown)
    trump_card = None
    known = no_hands
    if game.trumps.card != "none":
        trump_card = order[dealt] if game.trumps.card == "next" else order[dealt - 1]
        trick_rules, undealt, dealt, known, event = _trump_turned(
            rules, match.dealer, trump_card, undealt, dealt, known
        )
        contract = fixed_contract(trump_card.suit)
        log = log.append(event)
    deal = _new_deal_of(
        rules,
        seed,
        chance,
        first_deck,
        position,
        match,
        undealt,
        dealt,
        trump_card,
        trick_rules,
        contract,
        piles,
    )
    phase = _phase_after(rules, 0, match.deal_number)
    return _opened(_new_opening(deal, phase, tuple(hands), leader, known, moves_made, log, history))


def _dealt_piles(
    game: TrickGame[Any], order: Sequence[Card], dealt: int, log: Log[Event]
) -> tuple[tuple[tuple[int, int], ...], int, Log[Event]]:
    """The piles of :attr:`Dealing.piles`, dealt from card ``dealt`` of ``order`` on, each
    as dealt (no holder); how many cards are dealt then; the log with each turned
    pile's top card shown to all."""
    piles = []
    for pile in game.dealing.piles:
        taken = order[dealt : dealt + pile.size]
        dealt += pile.size
        piles.append((mask_of(taken), -1))
        if pile.turned:
            text = f"{taken[0]} is turned on the {pile.name}"
            log = log.append(Event("turned", None, cards=(taken[0],), text=text))
    return tuple(piles), dealt, log


# A Deal built by position, like a State (see _new_state); arguments in field order.
_new_deal: Final = tuple.__new__


def _new_deal_of(
    rules: Any,
    seed: int,
    chance: ChanceMode,
    first_deck: tuple[Card, ...] | None,
    position: tuple[tuple[str, Any], ...] | None,
    match: Match,
    undealt: int,
    dealt: int,
    trump_card: Card | None,
    trick_rules: tricks.TrickRules,
    contract: Contract | None,
    piles: tuple[tuple[int, int], ...] = (),
) -> Deal:
    """A new deal, before the rounds before play (see :func:`_fresh_values`), built by
    position (each value named as its field, in their order); its contract is
    ``contract`` unless an auction round applies (None until the auction ends); its
    ``piles`` as dealt (``()`` without piles)."""
    face_up, second_suit, passed, bids, declared, _, _, game, capped, calls, auctioned = (
        _fresh_values(rules)
    )
    outcome: Outcome | None = None
    # A fresh deal's contract is fixed (every seat plays) or waits for its auction.
    turns: tuple[tuple[int, ...], ...] | None = None
    announced: tuple[Any, ...] = ()  # none before play
    if auctioned:
        contract = None
    return _new_deal(
        Deal,
        (
            rules,
            seed,
            chance,
            first_deck,
            match,
            undealt,
            dealt,
            trump_card,
            trick_rules,
            face_up,
            second_suit,
            passed,
            bids,
            declared,
            calls,
            contract,
            outcome,
            position,
            piles,
            announced,
            game,
            capped,
            turns,
        ),
    )


def _new_opening(
    deal: Deal,
    phase: Any,
    hands: tuple[int, ...],
    leader: int,
    known: tuple[int, ...],
    moves_made: int,
    log: Log[Event],
    history: Log[Any] | None,
) -> State:
    """A new deal's state before any card is played, built by position (each value
    named as its field, in their order)."""
    tally, revokes = _fresh_values(deal.rules)[5:7]
    trick: tuple[Card, ...] = ()
    tricks_won = voids = (0,) * len(hands)
    waste = 0
    return _new_state(
        State,
        (
            deal,
            phase,
            hands,
            leader,
            trick,
            tricks_won,
            waste,
            known,
            voids,
            tally,
            revokes,
            moves_made,
            log,
            history,
        ),
    )


def _untrumped_trick_rules(rules: Any) -> tricks.TrickRules:
    """The trick rules of a deal before a card fixes its trumps (plain suits: no card is
    played before), or of every deal of a game whose trumps nothing fixes: the game's
    :attr:`Trumps.trick_rules` for no trumps (its own card order, say)."""
    trumps = rules.trick_game.trumps
    if trumps.card != "none" or trumps.face_up is not None or trumps.suit is not None:
        return _TRICK_RULES[None]
    found: tricks.TrickRules = trumps.trick_rules(rules, fixed_contract(None))
    return found


def _phase_after(rules: Any, start: int, deal_number: int) -> Any:
    """The first phase from round ``start`` on that these rules play in this deal: a
    round before play (a passing round only in a deal that passes), else the bidding,
    else the play."""
    game: TrickGame[Any] = rules.trick_game
    for k in range(start, len(game.rounds)):
        round_ = game.rounds[k]
        if round_.applies(rules) and not (
            isinstance(round_, Passing) and not round_.to(rules, deal_number) % rules.players
        ):
            return game.roles.round_phases[k]
    return game.roles.bidding if game.bidding is not None else game.roles.playing


def _opened(state: State) -> State:
    """The state as play begins, when the contract or the game says who leads the first
    trick (:attr:`Contract.leader`, :attr:`TrickPlay.first_leader`,
    :attr:`TrickPlay.lead_card`); otherwise as it is. A leader that sits the deal out
    (:attr:`Contract.out`) passes the lead to the next seat round that plays."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    if state.phase is not game.roles.playing:
        return state
    contract = deal.contract
    if contract is not None and contract.leader is not None:
        return _with(state, leader=contract.leader)
    opened = _lead_opened(state, game, rules)
    turns = deal.turns
    if turns is not None and contract is not None and opened.leader in contract.out:
        # A seat that sits the deal out leads nothing: the next seat round leads
        # (Euchre: the dealer's left, or the seat after it when that seat sits out).
        return _with(opened, leader=turns[opened.leader][0])
    return opened


def _lead_opened(state: State, game: TrickGame[Any], rules: Any) -> State:
    """The state as play begins, by the game's own rule of the first lead."""
    deal = state.deal
    if not game.play.opens_play:
        return state
    if game.play.lead_card is not None:
        card = game.play.lead_card(rules, deal.match.deal_number)
        if card is not None:
            for seat, hand in enumerate(state.hands):
                if hand & card.bit:
                    text = f"seat {seat} holds {card} and leads it to the first trick"
                    event = Event("lead card", seat, cards=(card,), text=text)
                    return _with(state, leader=seat, log=state.log.append(event))
    if game.play.first_leader is not None:
        return _with(state, leader=game.play.first_leader(state))
    return state


def _turn_face_up(state: State, hands: tuple[int, ...], face_up: tuple[Card, ...]) -> State:
    """Turn the face-up cards: they fix the trump suit and the second suit."""
    deal = state.deal
    rules = deal.rules
    described = rules.trick_game.trumps.face_up
    trump, second = described.suits(rules, face_up)
    contract = fixed_contract(trump)
    opened = _with(
        state,
        deal=_deal_with(
            deal,
            face_up=face_up,
            second_suit=second,
            trick_rules=rules.trick_game.trumps.trick_rules(rules, contract),
            contract=None if deal.contract is None else contract,
        ),
        phase=_phase_after(rules, 0, deal.match.deal_number),
        hands=hands,
        log=state.log.append(described.event(rules, face_up, trump, second)),
    )
    return _opened(opened)


def _trump_turned(
    rules: Any,
    dealer: int,
    trump_card: Card,
    undealt: int,
    dealt: int,
    known: tuple[int, ...],
) -> tuple[tricks.TrickRules, int, int, tuple[int, ...], Event]:
    """What turning the trump card changes: the deal's trick rules, the undealt cards and
    the count dealt (the next card leaves play and counts as dealt; the dealer's last
    stays in his hand, so everyone knows he holds it until he plays it), the known
    cards, and the event."""
    game: TrickGame[Any] = rules.trick_game
    assert trump_card.suit is not None
    trick_rules = game.trumps.trick_rules(rules, fixed_contract(trump_card.suit))
    if game.trumps.card == "next":
        return trick_rules, undealt & ~trump_card.bit, dealt + 1, known, _trump_event(trump_card)
    shown = list(known)
    shown[dealer] |= trump_card.bit
    return trick_rules, undealt, dealt, tuple(shown), _trump_event(trump_card, dealer)


def _turn_trump(state: State, hands: tuple[int, ...], trump_card: Card, undealt: int) -> State:
    """Turn the trump card (a deal under explicit chance: a seeded deal turns it as it
    deals, in :func:`_dealt`); ``undealt`` is without the trump card."""
    deal = state.deal
    rules = deal.rules
    dealt = sum(h.bit_count() for h in hands)
    trick_rules, undealt, dealt, known, event = _trump_turned(
        rules, deal.match.dealer, trump_card, undealt, dealt, state.known
    )
    turned = _with(
        state,
        deal=_deal_with(
            deal,
            trump_card=trump_card,
            trick_rules=trick_rules,
            contract=None if deal.contract is None else fixed_contract(trump_card.suit),
            undealt=undealt,
            dealt=dealt,
        ),
        phase=_phase_after(rules, 0, deal.match.deal_number),
        hands=hands,
        known=known,
        log=state.log.append(event),
    )
    return _opened(turned)
