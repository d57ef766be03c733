"""What one seat may know: the public knowledge each play reveals (cards picked up, cards
known absent) and the view built from it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card, Suit, cards_of, mask_of
from cardrules.core import tricks
from cardrules.core.checks import check_seat
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.description import Declaring
from cardrules.core.trickgame.pile_round import pile_sights
from cardrules.core.trickgame.queries import hand_hidden, legal_moves, to_move
from cardrules.core.trickgame.rounds import _pass_to
from cardrules.core.trickgame.scoring import score
from cardrules.core.trickgame.state import State, _wrong_state
from cardrules.errors import RulesError
from cardrules.game import Event

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


def deal_events(log: Sequence[Event]) -> list[Event]:
    """The events of the deal in progress (or the last one), oldest first: those after
    its ``deal`` event, or after the ``setup`` event of a deal set up from a position."""
    found: list[Event] = []
    for event in reversed(log):
        if event.kind == "deal" or event.kind == "setup":
            break
        found.append(event)
    found.reverse()
    return found


def set_up_deal(log: Sequence[Event]) -> bool:
    """Whether the deal in progress was set up from a position (its events follow a
    ``setup`` event, not a ``deal`` event): what was public before it is not in the log."""
    for event in reversed(log):
        if event.kind == "deal":
            return False
        if event.kind == "setup":
            return True
    return False


#: What a deal set up from a position starts from, for :func:`knowledge`: per seat the
#: cards known held and known absent, then the trick on the table and the cards of the
#: finished tricks (a mask).
Start = tuple[tuple[int, ...], tuple[int, ...], tuple[Card, ...], int]


def knowledge(
    log: Sequence[Event],
    players: int,
    trick_rules: tricks.TrickRules,
    limits: rules_of_play.Active | None = None,
    start: Start | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per seat, the cards it is publicly known to hold and the cards it cannot hold.

    Read from the public log of this deal: a seat that failed to follow a suit
    holds none of it, nor any card another play of it showed absent under the
    game's restrictions ``limits`` (see :func:`cardrules.core.trickgame.rules_of_play.revealed`);
    a seat that picked up a trick holds its cards until it plays them, and no other
    card of the led suit. (Play keeps a state's ``known`` and ``voids`` up to date;
    this reads them back from a log.)

    A deal set up from a position starts from what the position says (``start``,
    see :data:`Start`). Without it, the trick on the table and the finished tricks
    at the set-up are unknown, so only what is certain is read: nothing from the
    plays before the first trick after the set-up is finished, and follow suit alone.
    """
    known = [0] * players
    voids = [0] * players
    revoked = 0  # the voids of the seat that played last, before its card
    trick: list[Card] = []
    waste = 0  # the cards of the deal's finished tricks
    reading = True  # whether the trick on the table is known from its lead
    if set_up_deal(log):
        if start is None:
            reading = False
            limits = None  # the finished tricks before the set-up are unknown
        else:
            known, voids = list(start[0]), list(start[1])
            trick, waste = list(start[2]), start[3]
    for event in deal_events(log):
        if event.kind == "play":
            assert event.seat is not None
            card = event.cards[0]
            revoked = voids[event.seat]
            if reading:
                voids[event.seat] |= rules_of_play.revealed(trick_rules, limits, trick, waste, card)
            known[event.seat] &= ~card.bit
            trick.append(card)
        elif event.kind == "revoke":
            assert event.seat is not None
            # A penalised revoke shows the seat held the led suit: no void after all.
            voids[event.seat] = revoked
        elif event.kind in rules_of_play.RESTRICTION_KINDS:
            assert event.seat is not None
            # A penalised breach of a restriction (the card follows suit) shows what
            # following suit shows, not what keeping the restriction would.
            shown = 0
            if reading:
                shown = rules_of_play.revealed(trick_rules, None, trick[:-1], waste, trick[-1])
            voids[event.seat] = revoked | shown
        elif event.kind == "trick":
            waste |= mask_of(trick)
            trick = []
            reading = True
        elif event.kind == "trump" and event.seat is not None:
            known[event.seat] |= event.cards[0].bit  # the dealer keeps the trump card
        elif event.kind in ("take", "announce") and event.seat is not None:
            # A pile's turned card, taken; the cards an announcement shows held.
            known[event.seat] |= mask_of(event.cards)
        elif event.kind == "lay away" and event.seat is not None:
            # Any card may be laid away: a turned card taken is no longer known held.
            known[event.seat] &= ~mask_of(event.cards)
        elif event.kind == "pickup":
            assert event.seat is not None
            known[event.seat] |= mask_of(event.cards)
            voids[event.seat] |= rules_of_play.led_group(trick_rules, event.cards)
            trick = []
            reading = True
    return tuple(known), tuple(voids)


_SUITS_OF: dict[int, tuple[Suit, ...]] = {}


def suits_of(void: int) -> tuple[Suit, ...]:
    """The printed suits whose every card a mask covers, cached. A seat's voids are
    read by the deal's follow groups instead: see :func:`void_suits`."""
    suits = _SUITS_OF.get(void)
    if suits is None:
        suits = tuple(s for s in Suit if void & tricks.SUIT_MASKS[s] == tricks.SUIT_MASKS[s])
        if len(_SUITS_OF) > 4096:  # a bounded cache: absent cards need not be whole suits
            _SUITS_OF.clear()
        _SUITS_OF[void] = suits
    return suits


_VOID_GROUPS: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}


def void_groups(trick_rules: tricks.TrickRules, void: int) -> tuple[int, ...]:
    """The follow groups of the deal (their numbers, see
    :class:`~cardrules.core.tricks.TrickRules`) whose every card the mask ``void`` covers:
    the groups a seat is void in, among the cards it has shown it lacks. Cached."""
    masks = trick_rules.follow_masks
    key = (void, masks)
    found = _VOID_GROUPS.get(key)
    if found is None:
        found = tuple(g for g, mask in enumerate(masks) if void & mask == mask)
        if len(_VOID_GROUPS) > 4096:  # a bounded cache: absent cards need not be groups
            _VOID_GROUPS.clear()
        _VOID_GROUPS[key] = found
    return found


def void_suits(trick_rules: tricks.TrickRules, void: int) -> tuple[Suit, ...]:
    """The suits naming the follow groups a seat is void in (:func:`void_groups`), as
    a view's ``voids`` shows them: with Euchre's left bower a trump, a seat that failed to
    follow the other suit of its colour is void in that suit, which lacks the bower. A
    group that is no suit (Skat's grand jacks) has no suit to show: a game with such
    groups shows ``absent`` (the cards) instead."""
    suits = trick_rules.group_suits
    found = []
    for g in void_groups(trick_rules, void):
        suit = suits[g]
        if suit is not None:
            found.append(suit)
    return tuple(found)


def suits_mask(trick_rules: tricks.TrickRules, suits: Sequence[Suit]) -> int:
    """The cards of the follow groups named by ``suits`` (a view's ``voids`` for one
    seat, see :func:`void_suits`): for plain suits, the suits' cards; with a left
    bower, the bower's own suit without it."""
    mask = 0
    for g, suit in enumerate(trick_rules.group_suits):
        if suit is not None and suit in suits:
            mask |= trick_rules.follow_masks[g]
    return mask


# seat: object, checked here (public parameters: docs/contributing.rst).
def observe(state: object, seat: object) -> Any:
    """The view of ``seat``: own hand and everything public, nothing else."""
    if type(state) is not State:
        raise _wrong_state(state)
    return _observe(state, check_seat(seat, state.deal.rules.players))


def _observe(state: State, seat: int) -> Any:
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    players = rules.players
    phase = state.phase
    mover = to_move(state)
    hidden = game.rounds and hand_hidden(rules, phase)
    # The fields of every view, then those the description's features imply (the base
    # View's defaults stand for the features the game lacks), then the game's own.
    values: dict[str, Any] = {
        "rules": rules,
        "seat": seat,
        "chance": deal.chance,
        "phase": phase,
        "to_move": mover,
        "deal_number": deal.match.deal_number,
        "dealer": None if phase is game.roles.choose_dealer else deal.match.dealer,
        "hand": () if hidden else cards_of(state.hands[seat]),
        "hand_sizes": tuple(h.bit_count() for h in state.hands),
        "undealt_count": deal.undealt.bit_count(),
        "leader": state.leader,
        "trick": state.trick,
        "totals": deal.match.totals,
        "score": score(state),
        "moves_made": state.moves_made,
        "events": state.log.to_tuple(),
        "legal_moves": legal_moves(state) if mover == seat else (),
        "won_cards": cards_of(state.waste),
    }
    if game.trumps.card != "none":
        values["trump_card"] = deal.trump_card
    if game.trumps.suit is not None or game.trumps.face_up is not None:
        values["trump"] = deal.trick_rules.trump
    if game.trumps.face_up is not None:
        values["face_up"] = deal.face_up
    if game.bidding is not None:
        bids = deal.bids
        if phase is game.roles.bidding and game.bidding.hidden(rules):
            bids = tuple(bid if s == seat else None for s, bid in enumerate(bids))
        values["hand_size"] = state.hand_size
        values["bids"] = bids
        values["has_bid"] = tuple(b is not None for b in deal.bids)
    if game.roles.auctions:
        contract = deal.contract
        values["calls"] = deal.calls
        values["contract"] = contract
        dummy = None if contract is None else contract.dummy
        # The dummy's hand lies face up once the opening lead is made.
        shown_dummy = dummy is not None and bool(state.trick or state.waste)
        values["dummy_hand"] = (
            cards_of(state.hands[dummy]) if dummy is not None and shown_dummy else ()
        )
    if game.announcements:  # what the announcements made the contract, and who made them
        values["contract"] = deal.contract
        values["announced"] = deal.announced
    if game.dealing.piles:
        values["piles"] = pile_sights(state, seat)
    if game.scoring.counts_tricks:
        values["tricks_won"] = state.tricks_won
    if game.play.revoking is not None:
        values["revokes"] = state.revokes
    fields = game.view_fields
    # What a game's view may show besides, under its own names.
    if "waste" in fields:  # the finished tricks' cards, as Enfle calls them
        values["waste"] = values["won_cards"]
    if "known" in fields:
        values["known"] = tuple(cards_of(k) for k in state.known)
    if "voids" in fields:
        values["voids"] = tuple(void_suits(deal.trick_rules, v) for v in state.voids)
    if "absent" in fields:  # the cards each seat has shown it lacks, beyond whole suits
        values["absent"] = tuple(cards_of(v) for v in state.voids)
    for k, round_ in enumerate(game.rounds):
        if isinstance(round_, Declaring):
            values[round_.key] = deal.declared[game.roles.round_slots[k]]
    if game.roles.passing is not None:
        passed = deal.passed
        values["has_passed"] = tuple(bool(p) for p in passed)
        values["passed"] = cards_of(passed[seat])
        exchanged = 0 not in passed
        offset = _pass_to(state, game.roles.passing)
        values["received"] = cards_of(passed[(seat - offset) % players]) if exchanged else ()
        values["passed_to"] = (seat + offset) % players if offset else None
    if game.trumps.face_up is not None:
        values[game.trumps.face_up.second_key] = deal.second_suit
    start = 0
    for key, size, _, _ in game.scoring.tally:
        values[key] = state.tally[start : start + size]
        start += size
    values.update(game.view_extras(state, seat))
    try:
        shown = {name: values[name] for name in fields}
    except KeyError:
        raise _unfilled(game, values) from None
    shown["won_cards"] = values["won_cards"]  # read by sample, shown or not
    return game.view_class(**shown)


def _unfilled(game: TrickGame[Any], values: dict[str, Any]) -> RulesError:
    """The error for a view class with fields that neither the engine nor the game's
    ``view_extras`` fills."""
    missing = [name for name in game.view_fields if name not in values]
    return RulesError(
        f"{game.title}'s view class {game.view_class.__name__} has "
        f"{'the field' if len(missing) == 1 else 'the fields'} {', '.join(missing)}, which "
        "neither the engine nor the game's view_extras fills: return them from view_extras, "
        "or give them as the key of a round of declarations, of the second face-up suit or "
        "of a tally"
    )
