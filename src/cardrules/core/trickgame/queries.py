"""What a position says without changing it: whose turn it is, whether the game is
over, its legal moves (read from the rules of play) and its chance outcomes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import cards_of
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.announcing import open_announcements
from cardrules.core.trickgame.auction_round import Auction
from cardrules.core.trickgame.description import Declaring, Passing
from cardrules.core.trickgame.numbers import _bids_of, _passes_of, _plays_of
from cardrules.core.trickgame.pile_round import PileStep, pile_due
from cardrules.core.trickgame.state import State, _wrong_state
from cardrules.game import CHANCE, Chance
from cardrules.moves import DEALS, ChooseDealer, LayAway, Move, PassCards, TakePile

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


def to_move(state: object) -> int | Chance | None:
    """The seat to move, CHANCE at a random event (explicit chance), None when over."""
    if type(state) is not State:
        raise _wrong_state(state)
    game: TrickGame[Any] = state.deal.game
    phase = state.phase
    roles = game.roles
    if phase is roles.playing:
        seat = _card_seat(state)
        contract = state.deal.contract
        if contract is not None and contract.dummy == seat and contract.declarer is not None:
            return contract.declarer  # the declarer plays the dummy's cards
        return seat
    if phase is roles.bidding:
        return _bidder(state)
    if phase is roles.over:
        return None
    k = roles.round_index.get(phase)
    if k is not None:
        return _round_actor(state, k)
    return CHANCE


def _card_seat(state: State) -> int:
    """The seat whose card is due in the play: the next round from the leader, past
    the seats that sit the deal out (:attr:`Contract.out`)."""
    turns = state.deal.turns
    trick = state.trick
    if turns is None:
        return (state.leader + len(trick)) % len(state.hands)
    return turns[state.leader][len(trick)]


def _bidder(state: State) -> int:
    """The seat to bid: clockwise from the dealer's left."""
    deal = state.deal
    players: int = deal.rules.players
    return (deal.match.dealer + 1 + players - deal.bids.count(None)) % players


def _round_actor(state: State, k: int) -> int:
    """The seat to act in round ``k`` before play: in an auction, the one its hook names;
    otherwise clockwise from the dealer's left (in a round by partnership, the first
    seat of each partnership in that order)."""
    deal = state.deal
    game: TrickGame[Any] = deal.game
    players: int = deal.rules.players
    slot = game.roles.auction_slots[k]
    step = game.rounds[k]
    if isinstance(step, PileStep):  # its taker: the pile's holder once taken
        taker = step.taker(state)
        assert taker is not None, "a pile step without a taker is skipped"
        return taker
    if slot >= 0:
        auction = game.rounds[k]
        assert isinstance(auction, Auction)
        caller = auction.next_caller(state, deal.calls[slot])
        assert caller is not None, "an auction round that is over is no longer the phase"
        return caller
    if k == game.roles.passing:
        done = players - deal.passed.count(0)
    else:
        values = deal.declared[game.roles.round_slots[k]]
        done = len(values) - values.count(None)
    return (deal.match.dealer + 1 + done) % players


def hand_hidden(rules: Any, phase: Any) -> bool:
    """Whether the seats have not looked at their cards yet: before and during a
    :class:`Declaring` round made unseen (dealing included)."""
    game: TrickGame[Any] = rules.trick_game
    for k, declaring in enumerate(game.rounds):
        if (
            isinstance(declaring, Declaring)
            and declaring.unseen
            and declaring.applies(rules)
            # Two tests, not one over a starred tuple, which the compiler cannot build.
            and (
                phase in (game.roles.choose_dealer, game.roles.dealing)
                or phase in game.roles.round_phases[: k + 1]
            )
        ):
            return True
    return False


def is_over(state: object) -> bool:
    """Whether the game has ended (its deals played, or a cap reached)."""
    if type(state) is not State:
        raise _wrong_state(state)
    game: TrickGame[Any] = state.deal.game
    return state.phase is game.roles.over


def legal_moves(state: object) -> tuple[Move, ...]:
    """Every legal move in canonical order; ``()`` if and only if the game is over."""
    if type(state) is not State:
        raise _wrong_state(state)
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    phase = state.phase
    roles = game.roles
    # The play of a game with announcements is not plain_play: it takes the path below,
    # which adds them, so that no other game's play reads anything more.
    plain = roles.plain_play
    if phase is plain or phase is roles.playing:
        trick = state.trick
        hands = state.hands
        turns = deal.turns
        if turns is None:  # every seat plays: a hand per player
            seat = (state.leader + len(trick)) % len(hands)
        else:  # seats sit the deal out: the deal's turns say who
            seat = turns[state.leader][len(trick)]
        play = game.play
        if play.lead_card is not None:  # the card its holder must lead (Hearts' 2C)
            must = rules_of_play.opening_lead(state, seat)
            if must:
                return _plays_of(must) if phase is plain else _announcing(state, seat, must)
        if play.revoking is not None and play.revoking.allowed(rules):
            # A revoke is legal and penalised (MV-4.4).
            hand = hands[seat]
            return _plays_of(hand) if phase is plain else _announcing(state, seat, hand)
        # Any lead, then the led suit if held (OH-4.1, OH-4.2, OH-4.4, EN-3.1, EN-3.2,
        # MV-4.1 to MV-4.3), then the game's restrictions (rules_of_play.playable).
        trick_rules = deal.trick_rules
        if play.restrictions is None:  # follow suit alone, called directly on this hot path
            # The led group (rules_of_play.led_group), read off the lead unless a joker led.
            group = trick_rules.led_masks[trick[0].index] if trick else 0
            if not group and trick:
                group = rules_of_play.led_group(trick_rules, trick)
            cards = rules_of_play.follow_suit(hands[seat], group, trick_rules.anytime_mask)
        else:
            limits = rules_of_play.active(play.restrictions, rules)
            cards = rules_of_play.playable(trick_rules, limits, hands[seat], trick, state.waste)
        return _plays_of(cards) if phase is plain else _announcing(state, seat, cards)
    if phase is roles.bidding:
        assert game.bidding is not None  # a bidding phase comes with a bidding
        return _bids_of(game.bidding.allowed(state, _bidder(state)))
    if phase is game.roles.over:
        return ()
    k = game.roles.round_index.get(phase)
    if k is not None:
        round_ = game.rounds[k]
        seat = _round_actor(state, k)
        moves: tuple[Move, ...]
        if isinstance(round_, Auction):
            calls = state.deal.calls[game.roles.auction_slots[k]]
            moves = tuple(round_.allowed(state, calls, seat))
        elif isinstance(round_, PileStep):
            moves = _pile_moves(state, k, seat)
        elif not isinstance(round_, Passing):
            moves = round_.moves(state, seat)
        elif round_.moves is not None:
            moves = round_.moves(state.hands[seat])
        else:
            moves = _passes_of(state.hands[seat], round_.count)
        return moves
    return tuple(move for move, _ in chance_outcomes(state))


def _announcing(state: State, seat: int, cards: int) -> tuple[Move, ...]:
    """The plays of ``cards`` and then the announcements open to ``seat``, the seat
    whose card is due (a game with announcements)."""
    return (*_plays_of(cards), *open_announcements(state, seat))


def _pile_moves(state: State, k: int, seat: int) -> tuple[Move, ...]:
    """The moves of pile step ``k``: take its pile, then lay away its count of cards of
    the hand (those the game does not refuse), by move number."""
    game: TrickGame[Any] = state.deal.game
    step = game.rounds[k]
    assert isinstance(step, PileStep)
    if pile_due(state, k):
        return (TakePile(step.pile),)
    return tuple(
        LayAway(move.cards)
        for move in _passes_of(state.hands[seat], step.lay_away)
        if isinstance(move, PassCards) and step.refuse(state, seat, move.cards) is None
    )


def chance_outcomes(state: object) -> tuple[tuple[Move, float], ...]:
    """At a CHANCE step, each possible outcome with its probability; else ``()``.

    The first dealer is drawn uniformly; cards are dealt one at a time, each
    undealt card equally likely.
    """
    if type(state) is not State:
        raise _wrong_state(state)
    deal = state.deal
    game: TrickGame[Any] = deal.game
    if state.phase is game.roles.choose_dealer:
        players = deal.rules.players
        return tuple((ChooseDealer(seat), 1 / players) for seat in range(players))
    if state.phase is game.roles.dealing:
        remaining = cards_of(deal.undealt)
        return tuple((DEALS[card.index], 1 / len(remaining)) for card in remaining)
    return ()
