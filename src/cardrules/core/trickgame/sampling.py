"""Sampling: a full state consistent with a view, drawn uniformly among every deal of the
hidden cards that agrees with what the view shows (voids and other cards known absent,
cards known held, passes, hidden bids, declarations)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from cardrules.cards import Card, cards_of, mask_of
from cardrules.core import tricks
from cardrules.core.changes import with_item
from cardrules.core.checks import check_rng, check_view
from cardrules.core.match import Match
from cardrules.core.sampling import count_worlds, deal_requiring, deal_uniformly
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.contract import Contract, fixed_contract
from cardrules.core.trickgame.dealing import _fresh_deal, _untrumped_trick_rules
from cardrules.core.trickgame.description import _TRICK_RULES, Declaring, Passing, View
from cardrules.core.trickgame.partners import barred
from cardrules.core.trickgame.queries import hand_hidden
from cardrules.core.trickgame.state import (
    Deal,
    State,
    _deal_with,
    _deck_mask,
    _rules_values,
    _seated,
    _with,
    _wrong_state,
)
from cardrules.core.trickgame.views import (
    deal_events,
    knowledge,
    set_up_deal,
    suits_mask,
    void_groups,
)
from cardrules.game import Log

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


_QUICK_TRIES: Final = 32


def _deal_hidden(
    unknown: int,
    holders: list[tuple[int, int]],
    needs: tuple[int, int] | None,
    rng: random.Random,
) -> tuple[int, ...]:
    """:func:`deal_uniformly`, with one more constraint when ``needs`` is ``(holder,
    suit mask)``: that holder must receive at least one card of the mask.

    Exactly uniform over the worlds that keep every constraint: deals are drawn
    uniformly under the forbidden masks and kept if the holder got such a card;
    after a few misses the worlds are counted by the number ``j`` of those cards
    the holder gets (the cards of one suit are exchangeable, since every forbidden
    mask here is a union of suits), ``j`` is drawn by its count, the ``j`` cards at
    random, and the rest dealt uniformly with the holder barred from that suit.
    """
    if needs is None:
        return deal_uniformly(unknown, holders, rng)
    holder, suit_mask = needs
    for _ in range(_QUICK_TRIES):
        dealt = deal_uniformly(unknown, holders, rng)
        if dealt[holder] & suit_mask:
            return dealt
    wanted = cards_of(unknown & suit_mask & ~holders[holder][1])
    size, forbidden = holders[holder]
    weights = []
    for j in range(1, min(size, len(wanted)) + 1):
        # Any j of the wanted cards to the holder, then nothing more of them.
        rest = unknown & ~mask_of(wanted[:j])
        others = list(holders)
        others[holder] = (size - j, forbidden | suit_mask)
        weights.append(math.comb(len(wanted), j) * count_worlds(rest, others))
    pick = rng.randrange(sum(weights))
    j = 1
    while pick >= weights[j - 1]:
        pick -= weights[j - 1]
        j += 1
    given = mask_of(rng.sample(wanted, j))
    others = list(holders)
    others[holder] = (size - j, forbidden | suit_mask)
    hidden = list(deal_uniformly(unknown & ~given, others, rng))
    hidden[holder] |= given
    return tuple(hidden)


# rng: object, checked here (public parameters: docs/contributing.rst).
def sample(view: Any, rng: object) -> State:
    """A complete state consistent with ``view``, exactly uniform over the consistent worlds.

    The unseen cards (other hands, undealt cards) are dealt uniformly among the
    deals that respect everything the public log shows: the voids shown by a
    failure to follow suit and every card a play showed absent under the game's
    restrictions, the cards publicly picked up (which stay in their holders'
    hands), and, in a pick-up game, that a seat due to follow holds a card of the
    led suit. Hidden simultaneous bids of other seats are drawn uniformly, in
    bidding order, among the bids each seat was allowed. The values of the rounds
    of declarations are kept. The state gets a fresh seed from ``rng`` (so later
    deals are new too) and no move history.
    """
    return _sample(view, check_rng(rng))


def _sample(view: object, rng: random.Random) -> State:
    if not isinstance(view, View) or getattr(type(view.rules), "trick_game", None) is None:
        raise _wrong_state(view, "view")
    check_view(view)
    rules = view.rules
    game: TrickGame[Any] = rules.trick_game
    if game.roles.passing is not None or game.play.revoking is not None:
        return _sample_passing(view, rng)
    players = rules.players
    seat = view.seat
    trump_card = view.trump_card
    waste = mask_of(view.won_cards)
    # The public knowledge a game's view shows under its own names (Enfle's pick-ups).
    shown: Any = view
    own = game.view_fields
    rules_now = _view_trick_rules(view)
    if "known" in own and "absent" in own:
        public_known = tuple(mask_of(cards) for cards in shown.known)
        voids = tuple(mask_of(cards) for cards in shown.absent)
    elif (
        "known" in own
        and "voids" in own
        and game.play.restrictions is None
        and None not in rules_now.group_suits
    ):
        public_known = tuple(mask_of(cards) for cards in shown.known)
        # The suits name the deal's follow groups (views.void_suits): with a left bower
        # a trump, a void in its own suit is that suit without it.
        voids = tuple(suits_mask(rules_now, suits) for suits in shown.voids)
    else:  # absent cards need not be whole groups, nor groups suits: read the log
        limits = rules_of_play.active(game.play.restrictions, rules)
        public_known, voids = knowledge(view.events, players, rules_now, limits)
    known = list(public_known)
    known[seat] = mask_of(view.hand)
    dummy = None if view.contract is None else view.contract.dummy
    if dummy is not None and dummy != seat:  # the dummy's hand, face up: kept as it is
        known[dummy] |= mask_of(view.dummy_hand)
    if game.play.lead_card is not None:  # the holder of the card to lead has it still
        lead = _with_lead_card(view, (0,) * players)
        known = [k | m for k, m in zip(known, lead)]
    public = mask_of(view.trick) | waste | mask_of(view.face_up)
    if trump_card is not None:
        public |= trump_card.bit
    for mask in known:
        public |= mask
    deck = game.dealing.deck(rules)
    piles, pile_holders, only = _pile_parts(view, seat) if game.dealing.piles else ((), [], {})
    for mask, _ in piles:
        public |= mask
    unknown = _deck_mask(deck) & ~public
    others = [s for s in range(players) if s != seat]
    holders = [(view.hand_sizes[s] - known[s].bit_count(), voids[s]) for s in others]
    holders, required = barred(view, others, holders, known, unknown)
    holders += [(size, 0) for _, size in pile_holders]
    holders.append((view.undealt_count, 0))
    for card_mask, places in only.items():  # a turned card taken, then laid away or kept
        holders = [
            (size, forbidden | (0 if k in places else card_mask))
            for k, (size, forbidden) in enumerate(holders)
        ]
    needs = None
    mover = view.to_move
    if game.play.pick_up and view.phase is game.roles.playing and view.trick and mover != seat:
        assert isinstance(mover, int)
        suit_mask = rules_of_play.led_group(rules_now, view.trick)
        if not known[mover] & suit_mask:
            needs = (others.index(mover), suit_mask)
    if required or (
        needs is not None
        and any(
            forbidden & unknown != _whole_groups(rules_now, forbidden) & unknown
            for _, forbidden in holders
        )
    ):
        # _deal_hidden counts by whole follow groups: absent cards of the restrictions
        # are not (nor a shown side's partner cards).
        dealt = deal_requiring(unknown, holders, (*required, *([needs] if needs else [])), rng)
    else:
        dealt = _deal_hidden(unknown, holders, needs, rng)
    hands = list(known)
    for s, mask in zip(others, dealt):
        hands[s] |= mask
    sampled_piles = list(piles)
    for (j, _), mask in zip(pile_holders, dealt[len(others) :]):
        sampled_piles[j] = (sampled_piles[j][0] | mask, sampled_piles[j][1])
    bids: tuple[int | None, ...] = () if game.bidding is None else tuple(view.bids)
    dealer = view.dealer if view.dealer is not None else 0
    match = Match(view.deal_number, dealer, view.totals, view.score.deals)
    if view.phase is game.roles.dealing:
        cards_dealt = sum(view.hand_sizes)
    else:
        cards_dealt = len(deck) - view.undealt_count
    fields, tally = _shown_values(view)
    fields["trick_rules"] = rules_now
    fields["bids"] = bids
    fields["piles"] = tuple(sampled_piles)
    world = State(
        deal=_seated(
            Deal(
                rules=rules,
                seed=rng.getrandbits(63),
                chance=view.chance,
                first_deck=None,
                match=match,
                undealt=dealt[-1],
                dealt=cards_dealt,
                trump_card=trump_card,
                **fields,
                outcome=view.score.outcome,
                position=None,
                **_rules_values(rules),
            )
        ),
        phase=view.phase,
        hands=tuple(hands),
        leader=view.leader,
        trick=view.trick,
        tricks_won=view.tricks_won or (0,) * players,
        waste=waste,
        known=public_known,
        voids=voids,
        tally=tally,
        revokes=view.revokes,  # () without penalised revokes, as a fresh deal's
        moves_made=view.moves_made,
        log=Log.of(view.events),
        history=None,
    )
    return _with_hidden_bids(world, view, rng)


def _pile_parts(
    view: View, seat: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], dict[int, tuple[int, ...]]]:
    """What ``seat`` knows of the piles, for sampling: each pile's cards it sees and
    its holder (-1 as dealt); the piles with unseen cards, as ``(pile, count)``; and the
    turned cards taken and laid away by another seat, each with the places it may be in
    (indices of the sampling's holders: the taker's hand or the pile)."""
    players = len(view.hand_sizes)
    piles: list[tuple[int, int]] = []
    unseen: list[tuple[int, int]] = []
    for j, sight in enumerate(view.piles):
        holder = -1 if sight.holder is None else sight.holder
        piles.append((mask_of(sight.cards), holder))
        if sight.size > len(sight.cards):
            unseen.append((j, sight.size - len(sight.cards)))
    only: dict[int, tuple[int, ...]] = {}
    taken = {event.seat: event.cards for event in deal_events(view.events) if event.kind == "take"}
    laid = [event for event in deal_events(view.events) if event.kind == "lay away" and event.cards]
    for event in laid:
        taker = event.seat
        if taker is None or taker == seat or not taken.get(taker):
            continue
        held = [k for k, s in enumerate(view.piles) if s.holder == taker]
        if not held:
            continue
        j = held[0]
        hand_slot = taker - (taker > seat)  # the holders start with the other seats
        pile_slot = (players - 1) + [p for p, _ in unseen].index(j)
        only[event.cards[0].bit] = (hand_slot, pile_slot)
    return piles, unseen, only


def _shown_values(view: View) -> tuple[dict[str, Any], tuple[int, ...]]:
    """The fields of a sampled :class:`Deal` before play, from a fresh deal's, with what
    the rounds before play recorded kept (it is all public: the declarations, the face-up
    cards and the second suit, read from the view's fields of the description's keys),
    and the tally the view shows."""
    game: TrickGame[Any] = view.rules.trick_game
    fresh, _ = _fresh_deal(view.rules)
    fields = dict(fresh)
    fields["declared"] = tuple(
        getattr(view, r.key) for r in game.rounds if isinstance(r, Declaring)
    )
    fields["calls"] = view.calls if game.roles.auctions else ()
    fields["piles"] = ()
    fields["contract"] = _view_contract(view)
    fields["announced"] = view.announced
    if game.trumps.face_up is not None:
        fields["face_up"] = view.face_up
        fields["second_suit"] = getattr(view, game.trumps.face_up.second_key)
    tally = tuple(n for key, _, _, _ in game.scoring.tally for n in getattr(view, key))
    return fields, tally


def _whole_groups(trick_rules: tricks.TrickRules, mask: int) -> int:
    """The cards of the deal's follow groups a mask covers entirely."""
    whole = 0
    for g in void_groups(trick_rules, mask):
        whole |= trick_rules.follow_masks[g]
    return whole


def _with_hidden_bids(world: State, view: View, rng: random.Random) -> State:
    """A sampled ``world`` (holding the bids ``view`` shows) with the hidden bids of the
    seats that have bid drawn by :func:`_hidden_bids`: the one rule of both samplers."""
    game: TrickGame[Any] = world.deal.game
    if game.bidding is None or None not in world.deal.bids or not any(view.has_bid):
        return world
    hidden = _hidden_bids(world, view.has_bid, rng)
    return _with(world, deal=_deal_with(world.deal, bids=hidden))


def _hidden_bids(
    world: State, has_bid: Sequence[bool], rng: random.Random
) -> tuple[int | None, ...]:
    """The bids of a sampled world with every hidden bid drawn, in bidding order from the
    dealer's left, uniformly among the bids its seat was allowed (``Bidding.allowed``,
    as the bids before it stood)."""
    deal = world.deal
    game: TrickGame[Any] = deal.game
    assert game.bidding is not None
    players: int = deal.rules.players
    dealer = deal.match.dealer
    bids = list(deal.bids)
    for turn in range(players):
        s = (dealer + 1 + turn) % players
        if not has_bid[s]:
            break
        if bids[s] is None:
            # The bids so far, as they stood when this seat bid (later ones not yet made).
            earlier = tuple(
                bids[q] if (q - dealer - 1) % players < turn else None for q in range(players)
            )
            allowed = game.bidding.allowed(_with(world, deal=_deal_with(deal, bids=earlier)), s)
            bids[s] = allowed[rng.randrange(len(allowed))]
    return tuple(bids)


def _view_contract(view: View) -> Contract | None:
    """The contract of the deal a view shows: the auction's (None before it ends), else
    the one the description fixes (its ``trump`` suit, or its trump card's)."""
    game: TrickGame[Any] = view.rules.trick_game
    if game.roles.auctions or game.announcements:  # as the auction or announcements made it
        return view.contract
    if game.trumps.suit is not None or game.trumps.face_up is not None:
        return fixed_contract(view.trump)
    card = view.trump_card
    return fixed_contract(None if card is None else card.suit)


def _view_trick_rules(view: View) -> tricks.TrickRules:
    """The trick rules of the deal a view shows: its contract's when an auction made
    one, its ``trump`` suit when the game fixes one (:attr:`Trumps.suit`) or the face-up
    cards have fixed it, else from its trump card."""
    rules = view.rules
    game: TrickGame[Any] = rules.trick_game
    if view.contract is not None:
        return game.trumps.trick_rules(rules, view.contract)
    if game.trumps.suit is not None or (game.trumps.face_up is not None and view.face_up):
        return game.trumps.trick_rules(rules, fixed_contract(view.trump))
    return _trick_rules_for(rules, view.trump_card)


def _with_lead_card(view: View, known: tuple[int, ...]) -> tuple[int, ...]:
    """``known`` with the card to lead to the first trick in its holder's hand, while
    the holder, known to all since play began, has not led it yet."""
    rules = view.rules
    game: TrickGame[Any] = rules.trick_game
    assert game.play.lead_card is not None
    if view.phase is not game.roles.playing or view.trick or view.won_cards:
        return known
    card = game.play.lead_card(rules, view.deal_number)
    if card is None:
        return known
    for event in deal_events(view.events):
        if event.kind == "lead card" and event.seat is not None and event.cards == (card,):
            return with_item(known, event.seat, known[event.seat] | card.bit)
    return known


def _trick_rules_for(rules: Any, trump_card: Card | None) -> tricks.TrickRules:
    """The trick rules of a deal whose trump card is ``trump_card`` (None: none turned,
    or none in this game: its trick rules for no trumps)."""
    if trump_card is None:
        return _untrumped_trick_rules(rules)
    if trump_card.suit is None:
        return _TRICK_RULES[None]
    game: TrickGame[Any] = rules.trick_game
    return game.trumps.trick_rules(rules, fixed_contract(trump_card.suit))


class _Shown(NamedTuple):
    """What the public play of the current deal shows about the hands."""

    forbidden: tuple[int, ...]  # per seat: cards it cannot hold (suits it failed to follow)
    required: tuple[tuple[int, int], ...]  # (seat, mask): it holds a card of the mask
    played: tuple[int, ...]  # per seat: the cards it played this deal


def _shown(view: View, trick_rules: tricks.TrickRules) -> _Shown:
    """The cards shown absent by plays without a revoke (voids, and what the game's
    restrictions reveal), and, where a revoke is legal and penalised, suits a revoker
    is known to hold (until he plays one of them)."""
    rules = view.rules
    players = rules.players
    limits = rules_of_play.active(rules.trick_game.play.restrictions, rules)
    forbidden = [0] * players
    played = [0] * players
    pending: dict[tuple[int, int], int] = {}  # by seat and group led: the group
    shown = deal_events(view.events)
    trick: list[Card] = []
    waste = 0  # the cards of the deal's finished tricks
    # A deal set up from a position: the trick on the table and the finished tricks at
    # the set-up are not in the log, so only what is certain is read (see knowledge).
    reading = not set_up_deal(view.events)
    if not reading:
        limits = None
    for position, event in enumerate(shown):
        if event.kind == "play":
            card = event.cards[0]
            seat = event.seat
            assert seat is not None
            absent = 0
            if reading:
                absent = rules_of_play.revealed(trick_rules, limits, trick, waste, card)
            if absent:
                following = shown[position + 1] if position + 1 < len(shown) else None
                if following is not None and following.kind == "revoke":
                    group = rules_of_play.led_group(trick_rules, trick)
                    pending[(seat, group)] = group
                elif following is not None and following.kind in rules_of_play.RESTRICTION_KINDS:
                    # A penalised breach (the card follows suit): a void in the led suit
                    # only, and a breach of must trump shows the seat holds a trump.
                    forbidden[seat] |= rules_of_play.revealed(trick_rules, None, trick, waste, card)
                    trumps = trick_rules.trump_mask
                    if following.kind == "must_trump" and trumps:
                        pending[(seat, trumps)] = trumps
                else:
                    forbidden[seat] |= absent
            for key, mask in list(pending.items()):
                if key[0] == seat and card.bit & mask:
                    del pending[key]
            played[seat] |= card.bit
            trick.append(card)
        elif event.kind == "trick":
            waste |= mask_of(trick)
            trick = []
            reading = True
    required = tuple((seat, mask) for (seat, _), mask in pending.items())
    return _Shown(tuple(forbidden), required, tuple(played))


def _sample_passing(view: View, rng: random.Random) -> State:
    """:func:`sample` for a game with a passing round or penalised revokes.

    The unseen cards are dealt uniformly among the deals that respect every void
    shown by a failure to follow suit, every suit a revoker is known to hold (a
    penalised revoke is public, so it shows the revoker held the led suit), and
    the cards this seat passed, which are in its receiver's hand (in the deal's
    direction) until played, and the card to lead to the first trick, in its
    holder's hand until led. While the passes are in transit, the passes of other
    seats that have passed are unseen cards each; after the exchange, the hidden
    passes of the other seats are drawn uniformly from the cards their receivers
    held after the exchange. Hidden simultaneous bids are drawn as :func:`sample`
    draws them (:func:`_hidden_bids`). Before the seats look at their cards, even the
    own hand is dealt.
    """
    rules = view.rules
    game: TrickGame[Any] = rules.trick_game
    players: int = rules.players
    deck = game.dealing.deck(rules)
    seat = view.seat
    offset = 1
    if game.roles.passing is not None:
        passing = game.rounds[game.roles.passing]
        assert isinstance(passing, Passing)
        offset = passing.to(rules, view.deal_number) % players
    left = (seat + offset) % players  # the seat that received this seat's pass
    phase = view.phase
    trump = view.trump
    if game.trumps.suit is not None or view.contract is not None:
        trick_rules = _view_trick_rules(view)
    elif trump is None:
        trick_rules = _trick_rules_for(rules, view.trump_card)
    else:
        trick_rules = game.trumps.trick_rules(rules, fixed_contract(trump))
    trick = mask_of(view.trick)
    won = mask_of(view.won_cards)
    own_hand = mask_of(view.hand)
    hand_known = not hand_hidden(rules, phase)
    has_passed = view.has_passed or (False,) * players
    own_pass = mask_of(view.passed)
    exchanged = all(has_passed)
    transit = any(has_passed) and not exchanged
    shown = _shown(view, trick_rules)
    known_left = own_pass & ~(won | trick) if exchanged else 0
    known = mask_of(view.face_up) | trick | won | known_left
    if hand_known:
        known |= own_hand
    if transit:
        known |= own_pass
    lead = (0,) * players
    if game.play.lead_card is not None and hand_known:
        lead = _with_lead_card(view, lead)
        lead = tuple(0 if s == seat else m & ~known for s, m in enumerate(lead))
        known |= sum(lead)
    dummy = None if view.contract is None else view.contract.dummy
    if dummy is not None and dummy != seat:  # the dummy's hand, face up: kept as it is
        shown_dummy = mask_of(view.dummy_hand) & ~known
        lead = with_item(lead, dummy, lead[dummy] | shown_dummy)
        known |= shown_dummy
    # Holders of unseen cards: the hands, then the passes in transit, then the undealt.
    holders: list[tuple[int, int]] = []
    hand_holders = [s for s in range(players) if s != seat or not hand_known]
    for s in hand_holders:
        size = view.hand_sizes[s] - (known_left.bit_count() if s == left else 0)
        holders.append((size - lead[s].bit_count(), shown.forbidden[s]))
    pass_holders = [s for s in range(players) if transit and has_passed[s] and s != seat]
    count = 0
    if game.roles.passing is not None:
        passing = game.rounds[game.roles.passing]
        assert isinstance(passing, Passing)
        count = passing.count
    holders.extend((count, 0) for _ in pass_holders)
    holders.append((view.undealt_count, 0))
    # A requirement met by a known card (one this seat passed to its left) is no constraint.
    required = tuple(
        (hand_holders.index(s), mask)
        for s, mask in shown.required
        if s in hand_holders and not (s == left and known_left & mask)
    )
    kept = [m | (known_left if s == left else 0) for s, m in enumerate(lead)]
    holders, more = barred(view, hand_holders, holders, kept, _deck_mask(deck) & ~known)
    dealt = deal_requiring(_deck_mask(deck) & ~known, holders, (*required, *more), rng)
    hands = [0] * players
    if hand_known:
        hands[seat] = own_hand
    for s, mask in zip(hand_holders, dealt):
        hands[s] = mask
    hands[left] |= known_left
    for s, mask in enumerate(lead):
        hands[s] |= mask
    passed = [0] * players if game.roles.passing is not None else []
    if passed and has_passed[seat]:
        passed[seat] = own_pass
    for s, mask in zip(pass_holders, dealt[len(hand_holders) :]):
        passed[s] = mask
    if passed and exchanged:
        mine = (seat - offset) % players  # the seat that passed to this one
        passed[mine] = mask_of(view.received)
        # In a deal set up from a position, who played the cards on the table before the
        # set-up is not in the log: any of them may have been a receiver's.
        unattributed = 0
        if set_up_deal(view.events):
            unattributed = (won | trick) & ~sum(shown.played) & ~own_pass & ~passed[mine]
        for giver in ((seat + k) % players for k in range(1, players)):
            if giver == mine:
                continue
            receiver = (giver + offset) % players
            held = cards_of(hands[receiver] | shown.played[receiver] | unattributed)
            passed[giver] = mask_of(rng.sample(held, count))
    bids: tuple[int | None, ...] = () if game.bidding is None else tuple(view.bids)
    dealer = view.dealer if view.dealer is not None else 0
    fields, tally = _shown_values(view)
    world = State(
        deal=_seated(
            Deal(
                rules=rules,
                seed=rng.getrandbits(63),
                chance=view.chance,
                first_deck=None,
                match=Match(view.deal_number, dealer, view.totals, view.score.deals),
                undealt=dealt[-1],
                dealt=len(deck) - view.undealt_count,
                trump_card=view.trump_card,
                **(fields | {"trick_rules": trick_rules, "passed": tuple(passed), "bids": bids}),
                outcome=view.score.outcome,
                position=None,
                **_rules_values(rules),
            )
        ),
        phase=phase,
        hands=tuple(hands),
        leader=view.leader,
        trick=view.trick,
        # Without counts_tricks the state's count stays all zeros (the view shows none).
        tricks_won=view.tricks_won or (0,) * players,
        waste=won,
        known=(0,) * players,
        voids=shown.forbidden,
        tally=tally,
        revokes=view.revokes,  # () without penalised revokes, as a fresh deal's
        moves_made=view.moves_made,
        log=Log.of(view.events),
        history=None,
    )
    return _with_hidden_bids(world, view, rng)
