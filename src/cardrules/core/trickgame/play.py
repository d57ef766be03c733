"""Applying a move: a card to the trick (following the rules of play, or a legal revoke),
the trick's winner or, in pick-up games, the player who takes it into his hand; the
illegal-move messages and move notation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardrules.cards import Card, cards_of, format_cards, mask_of
from cardrules.core import changes as changes_core
from cardrules.core import tricks
from cardrules.core.changes import with_item
from cardrules.core.match import Match
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.announcing import announce, announcement_refusal
from cardrules.core.trickgame.auction_round import Auction
from cardrules.core.trickgame.dealing import _begin_deal
from cardrules.core.trickgame.description import Declaring, Passing
from cardrules.core.trickgame.ending import _check_caps, _finish_deal
from cardrules.core.trickgame.pile_round import PileStep, pile_due, pile_refusal
from cardrules.core.trickgame.queries import (
    _bidder,
    _card_seat,
    _round_actor,
    legal_moves,
    to_move,
)
from cardrules.core.trickgame.rounds import (
    _COUNT_WORDS,
    _bid,
    _call,
    _deal_card,
    _declare,
    _lay_away,
    _pass,
    _pass_to,
    _take,
    _to_whom,
)
from cardrules.core.trickgame.state import (
    State,
    _deck_mask,
    _new_state,
    _with,
    _wrong_state,
)
from cardrules.errors import IllegalMoveError, NotationError
from cardrules.game import Event, play_event
from cardrules.moves import (
    BIDS,
    DEALS,
    PILE_FORMS,
    PLAYS,
    Bid,
    Call,
    ChooseDealer,
    DealCard,
    LayAway,
    Move,
    Play,
    TakePile,
    game_forms,
    not_a_move,
    parse_move_text,
    require_move_text,
)

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


def apply(state: object, move: object) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

    The forced steps (a pick-up, the end of a deal, scoring it and dealing the
    next one) happen inside ``apply``.
    """
    if type(state) is not State:
        raise _wrong_state(state)
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    phase = state.phase
    roles = game.roles
    if phase is roles.playing:
        if type(move) is Play and move.call is None and not move.announce:
            trick = state.trick
            hands = state.hands
            turns = deal.turns
            if turns is None:  # every seat plays: a hand per player
                seat = (state.leader + len(trick)) % len(hands)
            else:  # seats sit the deal out (Contract.out): the deal's turns say who
                seat = turns[state.leader][len(trick)]
            trick_rules = deal.trick_rules
            bit = move.card.bit
            hand = hands[seat]
            play = game.play
            if play.lead_card is not None and rules_of_play.opening_lead(state, seat) & ~bit:
                raise IllegalMoveError(_why_illegal(state, move))
            limits = (
                None
                if play.restrictions is None
                else rules_of_play.active(play.restrictions, rules)
            )
            group = 0
            if limits is None:  # follow suit alone: the hot path, called directly
                # The led group (rules_of_play.led_group), read off the lead unless a
                # joker led.
                group = trick_rules.led_masks[trick[0].index] if trick else 0
                if not group and trick:
                    group = rules_of_play.led_group(trick_rules, trick)
                allowed = rules_of_play.follow_suit(hand, group, trick_rules.anytime_mask)
            else:
                allowed = rules_of_play.playable(trick_rules, limits, hand, trick, state.waste)
            if bit & allowed:
                # Follow suit alone: legal cards that hold none of the led group show a
                # void in it (rules_of_play.revealed's first case, read off them here),
                # unless the card played may be played at any time (a suitless joker),
                # which shows nothing of the hand.
                void = 0 if allowed & group or bit & trick_rules.anytime_mask else group
                played = PLAYS[move.card.index]
                return _play(state, game, seat, played, trick_rules, limits, void, False)
            if bit & hand and play.revoking is not None and play.revoking.allowed(rules):
                # Legal and penalised: a revoke, or a card that follows suit but breaks one
                # of the game's restrictions (must trump, say), which is no revoke.
                breach = ""
                if limits is not None:
                    group = rules_of_play.led_group(trick_rules, trick)
                    if bit & rules_of_play.follow_suit(hand, group, trick_rules.anytime_mask):
                        breach = rules_of_play.refusal(
                            trick_rules, limits, hand, trick, state.waste, move.card, seat
                        )[1]
                played = PLAYS[move.card.index]
                return _play(state, game, seat, played, trick_rules, None, 0, True, breach)
    elif phase is roles.bidding:
        if type(move) is Bid:
            assert game.bidding is not None
            seat = _bidder(state)
            if move.tricks in game.bidding.allowed(state, seat):
                # Store the canonical legal move, never the caller's object: an equal
                # Bid(1.0) must not put a float into the history, the log or a cache.
                return _bid(state, game, seat, BIDS[int(move.tricks)])
    elif phase is roles.choose_dealer:
        dealer = move.seat if type(move) is ChooseDealer else None
        if type(dealer) is int and 0 <= dealer < rules.players:
            started = _with(
                state, history=changes_core.extended(state.history, ChooseDealer(dealer))
            )
            return _begin_deal(started, Match.start(dealer, rules.players), state.log)
    elif phase is roles.dealing:
        if type(move) is DealCard and move.card.bit & deal.undealt:
            return _deal_card(state, game, DEALS[move.card.index])
    elif phase in roles.round_index:
        k = roles.round_index[phase]
        round_ = game.rounds[k]
        seat = _round_actor(state, k)
        if isinstance(round_, Auction):
            if type(move) is Call:
                calls = deal.calls[roles.auction_slots[k]]
                for open_call in round_.allowed(state, calls, seat):
                    if open_call == move:  # the round's own call, never the caller's object
                        return _call(state, k, seat, open_call)
        elif isinstance(round_, PileStep):
            if type(move) is TakePile and pile_due(state, k) and move.pile == round_.pile:
                return _take(state, k, seat, move)
            if type(move) is LayAway and pile_refusal(state, k, seat, move) is None:
                return _lay_away(state, k, seat, move)
        elif isinstance(round_, Passing):
            mask = mask_of(round_.cards(move))
            if mask and mask & state.hands[seat] == mask and mask.bit_count() == round_.count:
                return _pass(state, k, seat, move, mask)
        elif move in round_.moves(state, seat):
            return _declare(state, k, seat, move)
    if type(move) is Call and phase is roles.playing and game.announcements:
        # An announcement (never a card: a card played took the path above).
        announced = announce(state, move)
        if announced is not None:
            return _check_caps(announced)
    raise IllegalMoveError(_why_illegal(state, move))


def _pickup_event(seat: int, trick: tuple[Card, ...], trick_rules: tricks.TrickRules) -> Event:
    led = tricks.group_led(trick_rules, trick)
    assert led is not None
    name = trick_rules.group_names[led]  # the suit's name for a group that is a suit
    return Event(
        "pickup",
        seat,
        trick,
        text=f"seat {seat} cannot follow {name} and picks up {format_cards(trick)}",
    )


def _play(
    state: State,
    game: TrickGame[Any],
    seat: int,
    move: Play,
    trick_rules: tricks.TrickRules,
    limits: rules_of_play.Active | None,
    void: int,
    revoked: bool,
    breach: str = "",
) -> State:
    """The state after ``seat`` plays ``move`` (legal, or a legal ``revoked`` play) under
    the restrictions in force ``limits``; without them, ``void`` is the follow group the
    play shows the seat lacks (0: none)."""
    # One unpacking reads every field a move changes at once: cheaper than a dozen
    # attribute reads. The deal stays as it is: playing a card changes nothing it holds.
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
    ) = state
    rules = deal.rules
    play = game.play
    card = move.card
    bit = card.bit
    hand = hands[seat] & ~bit
    hands = with_item(hands, seat, hand)
    if revoked:
        # Legal under the game's option, and announced at once: a revoke shows the seat
        # holds the led suit, so it is no void (MV-4.4); a breach of a restriction (the
        # card follows suit) shows only what following suit shows, a void in the led suit.
        revokes = with_item(revokes, seat, revokes[seat] + 1)
        led = tricks.led_suit(trick_rules, trick)
        revoking = play.revoking
        assert led is not None and revoking is not None
        if breach and revoking.breach is not None:
            absent = rules_of_play.revealed(trick_rules, None, trick, waste, card)
            if absent & ~voids[seat]:
                voids = with_item(voids, seat, voids[seat] | absent)
            event = revoking.breach(rules, seat, breach, led)
        else:
            event = revoking.event(rules, seat, led)
        log = log.append(play_event(seat, card)).append(event)
    else:
        # What the card shows the seat lacks (rules_of_play.revealed): a card that does
        # not follow shows a void in the led group, and the game's restrictions more.
        if limits is not None:
            void = rules_of_play.revealed(trick_rules, limits, trick, waste, card)
        if void & ~voids[seat]:
            voids = with_item(voids, seat, voids[seat] | void)
        log = log.append(play_event(seat, card))
    if known[seat] & bit:
        known = with_item(known, seat, known[seat] & ~bit)
    trick += (card,)  # cheaper than (*trick, card) in both builds (about 0.03 µs)
    if history is not None:
        history = history.append(move)
    players = len(hands)  # a hand per player: no lookup of rules.players by name
    out = play.out_ends_deal and not hand
    turns = deal.turns  # None: every seat plays (see Deal.turns)
    # An empty hand ends such a deal at once, even in mid-trick: the trick then
    # stays as it lies, and nobody picks it up.
    if not out:
        if len(trick) == (players if turns is None else len(turns[leader])):
            # The highest trump, else of the led suit, wins and leads (OH-4.3, OH-4.4,
            # EN-1.3, EN-3.3, MV-4.1, MV-4.3, MV-4.5); with seats out, the seat that
            # played the winning card (a trick of fewer cards).
            if turns is None:
                winner = (leader + tricks.winner(trick_rules, trick)) % players
            else:
                winner = turns[leader][tricks.winner(trick_rules, trick)]
            scoring = game.scoring
            if scoring.counts_tricks:
                tricks_won = with_item(tricks_won, winner, tricks_won[winner] + 1)
            if scoring.score_trick is not None:
                tally, event = scoring.score_trick(state, winner, trick, tally)
                log = log.append(event)
            else:
                log = log.append(Event("trick", winner, trick))
            waste |= mask_of(trick)
            trick = ()
            leader = winner
        elif play.pick_up:  # a player who cannot follow picks the trick up (EN-3.4)
            following = (seat + 1) % players
            group = rules_of_play.led_group(trick_rules, trick)
            if not hands[following] & group:
                # He cannot follow: he takes the trick into his hand and leads next.
                hands = tricks.pick_up(hands, following, trick)
                log = log.append(_pickup_event(following, trick, trick_rules))
                known, voids = _after_pickup(known, voids, following, trick, group)
                trick = ()
                leader = following
    moves_made += 1
    # Built in field order (tests/test_trick_state.py checks these names against
    # State._fields): the keyword build costs more on this, the hottest path.
    moved: State = _new_state(
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
    if out:
        return _finish_deal(moved, seat)
    if not trick:
        if not any(hands):
            return _finish_deal(moved, None)
        if turns is not None and not any(hands[s] for s in turns[0]):
            # The seats that play have played every card: a seat out keeps its hand.
            return _finish_deal(moved, None)
        if play.ends_early is not None and play.ends_early(moved):
            return _finish_deal(moved, None)  # the game ends the deal before its last trick
    if not deal.capped:
        return moved  # no cap can end the game (the usual case: skip the check)
    return _check_caps(moved)


def _after_pickup(
    known: tuple[int, ...],
    voids: tuple[int, ...],
    seat: int,
    trick: Sequence[Card],
    group: int,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The public knowledge after ``seat`` picks up ``trick``: it holds those cards,
    and it holds no card of the led ``group`` besides them."""
    known = with_item(known, seat, known[seat] | mask_of(trick))
    void = voids[seat] | group
    return known, with_item(voids, seat, void)


def _why_illegal(state: State, move: object) -> str:
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    rule_ids = dict(game.rule_ids)

    def cite(kind: str) -> str:
        """The rule a message enforces, when the game names it."""
        return f" (rule {rule_ids[kind]})" if kind in rule_ids else ""

    phase = state.phase
    if phase is game.roles.over:
        return "the game is over: no move is legal"
    kinds: tuple[type, ...] = (Play, Bid, DealCard, ChooseDealer, *game.moves.kinds)
    if game.bidding is None:
        kinds = (Play, DealCard, ChooseDealer, *game.moves.kinds)
    if game.roles.auctions or game.announcements:
        kinds = (*kinds, Call)
    if game.dealing.piles:
        kinds = (*kinds, TakePile, LayAway)
    if not isinstance(move, kinds):
        return not_a_move(move, game.title, game_forms(game.moves.forms, deal.chance))
    if phase is game.roles.choose_dealer or phase is game.roles.dealing:
        wanted = (
            "'dealer SEAT'"
            if phase is game.roles.choose_dealer
            else "'deal CARD' of an undealt card"
        )
        return f"a chance step is due (explicit chance): the move must be {wanted}, not {move}"
    seat = to_move(state)
    assert isinstance(seat, int)
    if phase is game.roles.playing:  # the seat whose card is due (the dummy's, say)
        seat = _card_seat(state)
    hand = state.hands[seat]
    k = game.roles.round_index.get(phase)
    if k is not None:
        round_ = game.rounds[k]
        if isinstance(round_, Declaring):
            return round_.why_not(state, seat, move)
        if isinstance(round_, PileStep):
            return pile_refusal(state, k, seat, move) or f"{move} is not legal now"
        if isinstance(round_, Auction):
            if round_.why_not is not None:
                return round_.why_not(state, seat, move)
            calls = deal.calls[game.roles.auction_slots[k]]
            open_calls = ", ".join(map(str, round_.allowed(state, calls, seat)))
            if type(move) is not Call:
                return f"seat {seat} must call now ({open_calls}), not {move}"
            return f"seat {seat} may not call {move} now; the calls open: {open_calls}"
        words = _COUNT_WORDS[round_.count] if round_.count < len(_COUNT_WORDS) else round_.count
        whom = _to_whom(_pass_to(state, k), rules.players)
        if not round_.cards(move) or len(round_.cards(move)) != round_.count:
            return (
                f"seat {seat} must pass {words} cards to {whom} now ('{round_.form}'), not {move}"
            )
        missing = [c for c in round_.cards(move) if not c.bit & hand]
        rule = f" (rule {round_.rule_id})" if round_.rule_id else ""
        return (
            f"seat {seat} can pass only cards of his hand: {format_cards(missing)} "
            f"not in {format_cards(cards_of(hand))}{rule}"
        )
    if phase is game.roles.bidding:
        assert game.bidding is not None
        if not isinstance(move, Bid):
            return f"seat {seat} must bid now, not {move}"
        allowed = tuple(game.bidding.allowed(state, seat))
        size = state.hand_size
        if not 0 <= move.tricks <= size:
            return f"a bid is 0..{size} in a deal of {size} cards, not {move.tricks}" + cite(
                "bid_range"
            )
        if game.bidding.why_not is not None:
            return game.bidding.why_not(state, seat, move.tricks)
        return f"seat {seat} may not bid {move.tricks} here; allowed: " + ", ".join(
            map(str, allowed)
        )
    if type(move) is Call and game.announcements:
        return announcement_refusal(state, move)
    if not isinstance(move, Play):
        return f"seat {seat} must play a card now, not {move}"
    if move.call is not None or move.announce:
        return f"{game.title} has no calls or announcements: write just 'play CARD'"
    if not move.card.bit & _deck_mask(game.dealing.deck(rules)):
        return f"{move.card} is not in this game's deck{game.dealing.deck_note(rules)}" + cite(
            "deck"
        )
    if not move.card.bit & hand:
        return f"{move.card} is not in seat {seat}'s hand ({format_cards(cards_of(hand))})"
    if game.play.lead_card is not None and rules_of_play.opening_lead(state, seat):
        must = cards_of(rules_of_play.opening_lead(state, seat))[0]
        return (
            f"seat {seat} holds {must} and must lead it to the first trick, not {move.card}"
            + cite("lead_card")
        )
    limits = rules_of_play.active(game.play.restrictions, rules)
    text, kind = rules_of_play.refusal(
        deal.trick_rules, limits, hand, state.trick, state.waste, move.card, seat
    )
    return text + cite(kind)


# text: object, refused by the shared reader unless it is text (public parameters:
# docs/contributing.rst).
def parse_move(state: object, text: object) -> Move:
    """Read a move and check it is legal here (NotationError / IllegalMoveError)."""
    if type(state) is not State:
        raise _wrong_state(state)
    game: TrickGame[Any] = state.deal.game
    refused = game.moves.refuse(require_move_text(text))
    if refused is not None:
        raise NotationError(refused)
    move: Move
    call = game.numbering.call_words.get(text.strip().lower()) if isinstance(text, str) else None
    if call is not None:
        move = call
    elif game.moves.parse is not None and isinstance(text, str):
        move = game.moves.parse(text)
    else:
        forms = game_forms(game.moves.forms, state.deal.chance)
        if game.dealing.piles:
            forms = (*forms, *PILE_FORMS)
        move = parse_move_text(text, forms)
    if move not in legal_moves(state):
        raise IllegalMoveError(_why_illegal(state, move))
    return move
