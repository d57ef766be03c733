"""The engine's checks of a trick game's position once read: the cards, the deal's trumps,
the rounds before play and the bids (in turn, as far as the phase says), the trick, what
the public play showed and the hand sizes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import cards_of, format_cards, mask_of
from cardrules.core.serial import StateReader
from cardrules.core.trickgame.auction_round import Auction
from cardrules.core.trickgame.description import Declaring, Passing, _team_of
from cardrules.core.trickgame.pile_round import PileStep, pile_index
from cardrules.core.trickgame.position_reading import lacks_text
from cardrules.core.trickgame.scoring import zones
from cardrules.core.trickgame.state import State, _deal_with, _with
from cardrules.errors import show_value

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


def _check_position(r: StateReader, state: State) -> None:
    """The engine's checks of a position that was read: the cards, the deal's trumps, the
    rounds before play and the bids (in turn, as far as the phase says), the trick, what
    the public play showed, the hand sizes."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    r.check_partition(zones(state), game.dealing.deck(rules))
    phase = state.phase
    if phase is game.roles.over:
        return
    # How far the deal has come: the rounds before play, the bidding, the play.
    now = [*game.roles.round_phases, game.roles.bidding, game.roles.playing].index(phase)
    _check_deal(r, state)
    for k, round_ in enumerate(game.rounds):
        if isinstance(round_, Declaring):
            _check_declaring(r, state, k, round_, now)
        elif isinstance(round_, Auction):
            _check_auction(r, state, k, round_, now)
        elif isinstance(round_, Passing):
            _check_passing(r, state, k, round_, now)
        else:
            _check_pile_step(r, state, k, round_, now)
    if game.bidding is not None:
        _check_bids(r, state, now)
    _check_play(r, state)


def _check_pile_step(r: StateReader, state: State, k: int, step: PileStep[Any], now: int) -> None:
    """Pile step ``k``'s pile: as dealt before the step, taken (and its cards not yet laid
    away) or as dealt during it, and after it as dealt (a skipped step) or holding the
    cards laid away."""
    game: TrickGame[Any] = state.deal.game
    j = pile_index(game, step.pile)
    mask, holder = state.deal.piles[j]
    size = game.dealing.piles[j].size
    name = step.pile
    if holder < 0 and mask.bit_count() != size:
        r.fail(f"the {name} as dealt holds {size} cards, not {mask.bit_count()}")
    if now < k and holder >= 0:
        r.fail(f"the {name} is taken only in round {step.phase.lower()!r}")
    if now == k and holder >= 0 and mask:
        r.fail(f"in round {step.phase.lower()!r} the cards laid away on the {name} come last")
    if now > k and holder >= 0 and mask.bit_count() != step.lay_away:
        r.fail(f"the {name}'s taker lays {step.lay_away} cards away on it")


def _in_turn(
    r: StateReader, done: list[bool], dealer: int, players: int, what: str, whose: list[int]
) -> int:
    """Check that the entries made (``done``, by index) are those of the first seats
    clockwise from the dealer's left: the ``k``-th of them, seat ``dealer + 1 + k``,
    makes entry ``whose[k]`` (its seat, or its team). Returns how many are made."""
    count = 0
    while count < len(whose) and done[whose[count]]:
        count += 1
    expected = {whose[k] for k in range(count)}
    made = {i for i, flag in enumerate(done) if flag}
    if made != expected:
        label = "team" if len(whose) < players else "seat"
        late = min(made - expected)
        r.fail(
            f"{what} go in turn from the dealer's left (seat {(dealer + 1) % players}): "
            f"{label} {late} has one, but seat {(dealer + 1 + count) % players}, due "
            "before it, has not"
        )
    return count


def _check_deal(r: StateReader, state: State) -> None:
    """The deal's trumps and the cards it leaves undealt."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    number = deal.match.deal_number
    if game.trumps.card != "none" and deal.trump_card is None:
        r.fail("a deal in progress needs its trump card (trump_card)")
    if game.trumps.suit is not None and not game.roles.auctions:  # an auction's trumps
        expected = game.trumps.suit(rules, number)
        if deal.trick_rules.trump is not expected:
            named = "no trumps" if expected is None else expected.plural
            r.fail(f"the trump suit of deal {number} is {named}")
    if game.trumps.face_up is not None and len(deal.face_up) != game.trumps.face_up.count:
        r.fail(f"a deal in progress has {game.trumps.face_up.count} face-up cards")
    size = game.dealing.hand_size(rules, number)
    left = len(game.dealing.deck(rules)) - size * rules.players - len(deal.face_up)
    left -= 1 if game.trumps.card == "next" else 0
    left -= sum(pile.size for pile in game.dealing.piles)
    if deal.undealt.bit_count() != left:
        r.fail(
            f"a deal of {size} cards each leaves {left} cards undealt, not "
            f"{deal.undealt.bit_count()}"
        )


def _seats_in_turn(state: State) -> list[int]:
    """The seats clockwise from the dealer's left, the order of every round and bid."""
    deal = state.deal
    players: int = deal.rules.players
    return [(deal.match.dealer + 1 + j) % players for j in range(players)]


def _check_declaring(
    r: StateReader, state: State, k: int, round_: Declaring[Any], now: int
) -> None:
    """Round ``k``'s declarations: made in turn as far as the phase says, each one of the
    choices its seat had when it declared."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    name = game.roles.round_phases[k].name.lower()
    values = deal.declared[game.roles.round_slots[k]]
    seats = _seats_in_turn(state)
    whose = seats
    what = f"the {round_.key}"
    if round_.by_team:
        whose = list(dict.fromkeys(_team_of(rules, seat) for seat in seats))
        what += " (one per team)"
    made = _in_turn(r, [v is not None for v in values], deal.match.dealer, len(seats), what, whose)
    _check_round_progress(r, state, k, round_, now, made, len(values))
    before = _before_round(state, k)
    for j in range(made):
        value = values[whose[j]]
        allowed = [round_.value(m) for m in round_.moves(before, seats[j])]
        if value not in allowed:
            r.fail(
                f"seat {seats[j]} could not declare {show_value(value)} in {name!r} "
                f"when it did: the choices were {', '.join(map(show_value, allowed))}"
            )
        declared = _with_declared(before, k, whose[j], value)
        before = _with(before, deal=_deal_with(before.deal, declared=declared))


def _check_auction(r: StateReader, state: State, k: int, round_: Auction[Any], now: int) -> None:
    """An auction round's calls: none before it; during it, each call allowed to the
    seat whose turn it was, and the round not over; after it, a contract unless a
    later auction round is under way."""
    deal = state.deal
    game: TrickGame[Any] = deal.game
    name = game.roles.round_phases[k].name.lower()
    calls = deal.calls[game.roles.auction_slots[k]]
    if now < k and calls:
        r.fail(f"round {name!r} comes later, yet it has calls")
    if now > k or not calls:
        if now > len(game.rounds) - 1 and deal.contract is None:
            r.fail("play cannot start before the auction has made a contract")
        return
    before = state if round_.after_contract else _with(state, deal=_deal_with(deal, contract=None))
    for made in range(len(calls)):
        so_far = calls[:made]
        seat, call = calls[made]
        caller = round_.next_caller(before, so_far)
        if caller != seat:
            r.fail(f"round {name!r}: call {made + 1} is seat {caller}'s, not seat {seat}'s")
        if call not in round_.allowed(before, so_far, seat):
            r.fail(f"round {name!r}: seat {seat} may not call {call} after the calls before it")
    if round_.next_caller(before, calls) is None:
        r.fail(f"the calls of round {name!r} are over, so its phase is over")


def _check_passing(r: StateReader, state: State, k: int, round_: Passing[Any], now: int) -> None:
    """The passes: made in turn as far as the phase says, each of the round's count."""
    passed = state.deal.passed
    seats = _seats_in_turn(state)
    dealer = state.deal.match.dealer
    made = _in_turn(r, [p != 0 for p in passed], dealer, len(seats), "the passes", seats)
    _check_round_progress(r, state, k, round_, now, made, len(seats))
    for seat, cards in enumerate(passed):
        if cards and cards.bit_count() != round_.count:
            r.fail(f"seat {seat} passed {cards.bit_count()} cards: a pass is {round_.count} cards")


def _check_bids(r: StateReader, state: State, now: int) -> None:
    """The bids: made in turn as far as the phase says, each in range and one its seat
    was allowed when it bid (the game's constraint, such as Oh Hell's hook)."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    assert game.bidding is not None
    bids = deal.bids
    seats = _seats_in_turn(state)
    made = _in_turn(
        r, [b is not None for b in bids], deal.match.dealer, len(seats), "the bids", seats
    )
    bidding_at = len(game.rounds)  # the bidding phase's place among the phases
    if now < bidding_at and made:
        r.fail("no seat bids before the rounds before the bidding are over")
    if now == bidding_at and made == len(seats):
        r.fail("every seat has bid, so the phase is 'playing', not 'bidding'")
    if now > bidding_at and made < len(seats):
        r.fail(f"play starts once every seat has bid: seat {seats[made]} has not")
    size = game.dealing.hand_size(rules, deal.match.deal_number)
    before = _with(state, deal=_deal_with(deal, bids=(None,) * len(seats)))
    for seat in seats[:made]:
        bid = bids[seat]
        assert bid is not None
        if bid > size:
            r.fail(f"seat {seat} bid {bid} in a deal of {size} cards (bids are 0..{size})")
        if bid not in game.bidding.allowed(before, seat):
            why = game.bidding.why_not
            text = why(before, seat, bid) if why is not None else "the bidding forbids it"
            r.fail(f"seat {seat} could not bid {bid} when it did: {text}")
        before = _with(before, deal=_deal_with(before.deal, bids=_with_bid(before, seat, bid)))


def _check_play(r: StateReader, state: State) -> None:
    """The trick on the table and the finished tricks, what the public play showed about
    the hands, each hand's size and the first trick's leader."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    players: int = rules.players
    phase = state.phase
    trick = state.trick
    finished = state.waste.bit_count()
    # With seats out (the contract's out), tricks have a card from each seat that plays.
    out = () if deal.turns is None or deal.contract is None else deal.contract.out
    playing = [seat for seat in range(players) if seat not in out]
    if phase is not game.roles.playing and (trick or finished):
        r.fail(f"no card is played before the play: the phase is {phase.name.lower()!r}")
    if len(trick) >= len(playing):
        r.fail(
            f"the trick holds {len(trick)} cards: with {len(playing)} players a trick is "
            f"over at {len(playing)} cards, so at most {len(playing) - 1} lie on the table"
        )
    if not any(state.hands[seat] for seat in playing):
        r.fail(
            "every hand is empty, so the deal is over: set up the position after it (the "
            "next deal, or the end of the game)"
        )
    for seat in range(players):
        missing = state.known[seat] & ~state.hands[seat]
        if missing:
            r.fail(f"seat {seat} is known to hold {format_cards(cards_of(missing))}, but does not")
        clash = state.hands[seat] & state.voids[seat] & ~state.known[seat]
        if clash:
            r.fail(
                f"seat {seat} is known to lack {lacks_text(state.voids[seat])}, but holds "
                f"{format_cards(cards_of(clash))}"
            )
    if game.play.pick_up:
        return  # hands grow by pick-ups: the game's own checks judge them
    tricks_done, odd = divmod(finished, len(playing))
    if odd:
        r.fail(f"the finished tricks hold {finished} cards: not whole tricks of {len(playing)}")
    if game.scoring.counts_tricks and sum(state.tricks_won) != tricks_done:
        r.fail(
            f"the tricks won add up to {sum(state.tricks_won)}, but the finished tricks "
            f"hold {tricks_done}"
        )
    _check_leader(r, state, tricks_done)
    size = game.dealing.hand_size(rules, deal.match.deal_number)
    exchanged = game.roles.passing is None or 0 not in deal.passed
    for seat, hand in enumerate(state.hands):
        expected = size
        if not exchanged:  # the cards passed are in no hand until the exchange
            expected -= deal.passed[seat].bit_count()
        for pile, (mask, holder) in zip(game.dealing.piles, deal.piles):
            if holder == seat:  # the pile taken, less the cards laid away
                expected += pile.size - mask.bit_count()
        if phase is game.roles.playing and deal.turns is not None:
            if seat not in out:  # a seat out keeps its hand
                expected -= tricks_done + int(seat in deal.turns[state.leader][: len(trick)])
        elif phase is game.roles.playing:
            expected -= tricks_done + (1 if (seat - state.leader) % players < len(trick) else 0)
        if hand.bit_count() != expected:
            r.fail(
                f"seat {seat} holds {hand.bit_count()} cards; at this point of a deal of "
                f"{size} cards each it must hold {expected}"
            )


def _round_played(rules: Any, round_: Declaring[Any] | Passing[Any], number: int) -> bool:
    """Whether a round before play is played in deal ``number``."""
    if not round_.applies(rules):
        return False
    return not (isinstance(round_, Passing) and not round_.to(rules, number) % rules.players)


def _check_round_progress(
    r: StateReader,
    state: State,
    k: int,
    round_: Declaring[Any] | Passing[Any],
    now: int,
    made: int,
    total: int,
) -> None:
    """Round ``k``'s entries agree with the phase (``now``, its place among the phases):
    none before the round or in a round not played, some during it, all after it."""
    game: TrickGame[Any] = state.deal.game
    name = game.roles.round_phases[k].name.lower()
    if not _round_played(state.deal.rules, round_, state.deal.match.deal_number):
        if now == k:
            r.fail(f"phase {name!r} is not played in this deal under these rules")
        if made:
            r.fail(f"round {name!r} is not played in this deal, yet it has entries")
        return
    if now < k and made:
        r.fail(f"round {name!r} comes later, yet it has entries")
    if now == k and made == total:
        r.fail(f"every entry of round {name!r} is made, so its phase is over")
    if now > k and made < total:
        r.fail(f"round {name!r} is not over ({made} of {total} made), yet the phase is later")


def _before_round(state: State, k: int) -> State:
    """The state with round ``k``'s entries and those after it not made (to ask which
    choices a seat had)."""
    deal = state.deal
    game: TrickGame[Any] = deal.game
    declared = list(deal.declared)
    for j in range(k, len(game.rounds)):
        slot = game.roles.round_slots[j]
        if slot >= 0:
            declared[slot] = (None,) * len(declared[slot])
    bids = (None,) * len(deal.bids)
    return _with(state, deal=_deal_with(deal, declared=tuple(declared), bids=bids))


def _with_declared(state: State, k: int, index: int, value: Any) -> tuple[tuple[Any, ...], ...]:
    game: TrickGame[Any] = state.deal.game
    slot = game.roles.round_slots[k]
    declared = list(state.deal.declared)
    values = list(declared[slot])
    values[index] = value
    declared[slot] = tuple(values)
    return tuple(declared)


def _with_bid(state: State, seat: int, bid: int) -> tuple[int | None, ...]:
    bids = list(state.deal.bids)
    bids[seat] = bid
    return tuple(bids)


def _check_leader(r: StateReader, state: State, tricks_done: int) -> None:
    """Before any trick is finished, the first trick's leader is the one the game names:
    the holder of the card to lead, or its first-leader rule, or the dealer's left, past
    the seats that sit the deal out once play begins."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    players: int = rules.players
    if tricks_done:
        return
    expected = (deal.match.dealer + 1) % players
    what = "the dealer's left"
    contract = deal.contract
    if state.phase is game.roles.playing and contract is not None and contract.leader is not None:
        expected, what = contract.leader, "the contract's leader"
    elif state.phase is game.roles.playing:
        if game.play.first_leader is not None:
            expected = game.play.first_leader(state)
            what = "the game's first leader"
        card = (
            None
            if game.play.lead_card is None
            else game.play.lead_card(rules, deal.match.deal_number)
        )
        if card is not None:
            if state.trick and state.trick[0] is not card and card.bit & _dealt_mask(state):
                r.fail(f"the first trick of a deal is led with {card}, not {state.trick[0]}")
            if state.trick and state.trick[0] is card:
                return  # its holder led it: whoever that was
            for seat, hand in enumerate(state.hands):
                if hand & card.bit:
                    expected, what = seat, f"the holder of {card}"
    playing = state.phase is game.roles.playing
    if playing and deal.turns is not None and contract is not None and expected in contract.out:
        # Once play begins (not in a step between the contract and the play, where the
        # state keeps the dealer's left), the next seat that plays leads instead.
        expected = deal.turns[expected][0]
        what += ", past the seats that sit the deal out"
    if state.leader != expected:
        r.fail(
            f"seat {state.leader} cannot lead the first trick of the deal: {what}, seat "
            f"{expected}, leads it"
        )


def _dealt_mask(state: State) -> int:
    mask = state.waste | mask_of(state.trick)
    for hand in state.hands:
        mask |= hand
    return mask
