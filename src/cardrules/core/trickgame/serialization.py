"""A trick game's state as JSON-ready data and back, refusing anything inconsistent (the
replay of the state's own history must give the state)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from cardrules.cards import Suit, cards_of, format_cards, mask_of, parse_cards
from cardrules.core.serial import StateReader, common_to_dict
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.auction_round import Auction
from cardrules.core.trickgame.contract import (
    Contract,
    contract_from_list,
    contract_to_list,
    fixed_contract,
)
from cardrules.core.trickgame.dealing import _fresh_deal, _untrumped_trick_rules
from cardrules.core.trickgame.description import VIEW_FIELDS, Declaring, Passing
from cardrules.core.trickgame.rounds import _COUNT_WORDS
from cardrules.core.trickgame.scoring import zones
from cardrules.core.trickgame.state import Deal, State, _rules_values, _seated, _wrong_state
from cardrules.core.trickgame.views import Start, deal_events, knowledge
from cardrules.errors import CardrulesError, RulesError
from cardrules.moves import ALL_FORMS, PILE_FORMS, Call, parse_move_text

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


def state_to_dict(state: object) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state): the
    fields every game has, the engine's fields, and the ``position`` the game was set up
    from (None for a dealt game)."""
    if type(state) is not State:
        raise _wrong_state(state)
    deal = state.deal
    game: TrickGame[Any] = deal.game
    data = common_to_dict(state, game.name, game.version)
    data.update(fields_to_dict(state))
    data["dealt"] = deal.dealt
    data["position"] = state.position
    return data


#: The keys of a trick game's state's JSON form and position that every game has: those
#: of every state (:func:`~cardrules.core.serial.common_to_dict`), the engine's
#: (:func:`state_to_dict`, :func:`fields_to_dict`) and a position's.
_EVERY_GAME_KEYS: Final = (
    *("game", "version", "rules", "seed", "chance", "first_deck", "match", "phase"),
    *("moves_made", "events", "history", "outcome", "dealt", "position"),
    *("hands", "undealt", "leader", "trick"),
    *("deal_number", "dealer", "totals", "rows", "known", "voids"),
)


def taken_keys(game: TrickGame[Any]) -> tuple[str, ...]:
    """The keys of the state's JSON form and position the engine writes for ``game``,
    whatever names its description gives: those of every game and those its features
    bring (the trump card, the trump suit, the face-up cards, the passes, the bids, the
    auction's contract, the tricks won, the revokes, the piles)."""
    trumps = game.trumps
    features = (
        ("trump_card", trumps.card != "none"),
        ("trump", trumps.suit is not None or trumps.face_up is not None),
        ("face_up", trumps.face_up is not None),
        ("passed", any(isinstance(r, Passing) for r in game.rounds)),
        ("bids", game.bidding is not None),
        ("contract", any(isinstance(r, Auction) for r in game.rounds) or bool(game.announcements)),
        ("announced", bool(game.announcements)),
        ("tricks_won", game.scoring.counts_tricks),
        ("revokes", game.play.revoking is not None),
        ("piles", bool(game.dealing.piles)),
    )
    return (*_EVERY_GAME_KEYS, *(key for key, present in features if present))


def check_named_keys(game: TrickGame[Any]) -> None:
    """Refuse a description that names a key of the state's JSON form (a round of
    declarations, the second face-up suit, a tally, the finished tricks) with a key the
    engine writes already, or with another name it gives (the one would overwrite the
    other, and the state would not load), or, for the names that are the view's fields
    too, with a field every view has."""
    named = [
        (f"the round {r.phase}'s key", r.key, True)
        for r in game.rounds
        if isinstance(r, (Declaring, Auction))
    ]
    if game.trumps.face_up is not None:
        named.append(("the second face-up suit's key", game.trumps.face_up.second_key, True))
    named += [("a tally's key", key, True) for key, _, _, _ in game.scoring.tally]
    named.append(("the finished tricks' key (Waste.key)", game.waste.key, False))
    taken = list(taken_keys(game))
    for what, key, in_view in named:
        clash = key in taken or (in_view and key in VIEW_FIELDS)
        if clash:
            fields = f"; nor a field every view has: {', '.join(VIEW_FIELDS)}" if in_view else ""
            raise RulesError(
                f"{game.title}: {what} {key!r} is a key the state's JSON form or view has "
                f"already: choose another name (taken: {', '.join(taken)}{fields})"
            )
        taken.append(key)


def fields_to_dict(state: State) -> dict[str, Any]:
    """The engine's fields of a state, JSON-ready, in their fixed order: the cards of each
    zone, the trumps, the rounds before play, the bids, the trick and the tricks won, the
    trick scorer's tally, the revokes. Both a state's JSON form and its position hold
    them (:func:`read_fields` reads them back)."""
    deal = state.deal
    game: TrickGame[Any] = deal.game
    data: dict[str, Any] = {}
    data["hands"] = [format_cards(cards_of(h)) for h in state.hands]
    data["undealt"] = format_cards(cards_of(deal.undealt))
    if game.trumps.card != "none":
        data["trump_card"] = deal.trump_card.text if deal.trump_card else None
    if game.trumps.suit is not None:
        trump = deal.trick_rules.trump
        data["trump"] = None if trump is None else trump.plural
    if game.trumps.face_up is not None:
        data["face_up"] = format_cards(deal.face_up)
        for key, suit in (
            ("trump", deal.trick_rules.trump),
            (game.trumps.face_up.second_key, deal.second_suit),
        ):
            data[key] = None if suit is None else suit.plural
    for k, round_ in enumerate(game.rounds):
        if isinstance(round_, Declaring):
            data[round_.key] = list(deal.declared[game.roles.round_slots[k]])
        elif isinstance(round_, Auction):
            calls = deal.calls[game.roles.auction_slots[k]]
            data[round_.key] = [[seat, call.words] for seat, call in calls]
        elif isinstance(round_, Passing):
            data["passed"] = [format_cards(cards_of(p)) for p in deal.passed]
    if game.roles.auctions or game.announcements:
        data["contract"] = contract_to_list(deal.contract)
    if game.announcements:
        data["announced"] = [[seat, call.words] for seat, call in deal.announced]
    if game.dealing.piles:
        data["piles"] = [
            [format_cards(cards_of(mask)), None if holder < 0 else holder]
            for mask, holder in deal.piles
        ]
    if game.bidding is not None:
        data["bids"] = list(deal.bids)
    data["leader"] = state.leader
    data["trick"] = format_cards(state.trick)
    if game.scoring.counts_tricks:
        data["tricks_won"] = list(state.tricks_won)
    start = 0
    for key, size, _, _ in game.scoring.tally:
        data[key] = list(state.tally[start : start + size])
        start += size
    if game.play.revoking is not None:
        data["revokes"] = list(state.revokes)
    data[game.waste.key] = format_cards(cards_of(state.waste))
    return data


def _optional_suit(r: StateReader, key: str) -> Suit | None:
    value = r.data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        r.fail(f"field {key!r} must be a suit name or null, not {value!r}")
    return r.guard(key, lambda: Suit.parse(value))


_JSON_FORMS: Final = {True: "true", False: "false", None: "null"}


def _declared(r: StateReader, declaring: Declaring[Any], size: int) -> tuple[Any, ...]:
    """The values of a :class:`Declaring` round, each one it may record or null."""
    value = r.data.get(declaring.key)
    whose = "team" if declaring.by_team else "seat"
    if not isinstance(value, list) or len(value) != size:
        count = _COUNT_WORDS[size] if size < len(_COUNT_WORDS) else size
        r.fail(f"field {declaring.key!r} must be a list of {count} entries, one per {whose}")
    for item in value:
        if item is not None and not any(
            item is v or (type(item) is type(v) and item == v) for v in declaring.values
        ):
            forms = ", ".join(_JSON_FORMS.get(v, repr(v)) for v in declaring.values)
            r.fail(f"field {declaring.key!r} holds {forms} or null, not {item!r}")
    return tuple(value)


def _state_from_reader(game: TrickGame[Any], r: StateReader) -> State:
    from cardrules.core.options import build_rules, parse_rules_text

    # The deck may depend on the rules (the number of players): read them first.
    name, options = r.guard("rules", lambda: parse_rules_text(r.string("rules")))
    if name != game.name:
        r.fail(f"the rules are for {name!r}, not {game.name!r}")
    deck = game.dealing.deck(r.guard("rules", lambda: build_rules(game.rules_class, options)))
    parse: Callable[[str], Any] = parse_move_text
    if game.moves.parse is not None:
        parse = game.moves.parse
    elif game.roles.passing is not None:  # the shared notation reads passes when asked to
        parse = functools.partial(parse_move_text, forms=(*ALL_FORMS, "pass CARDS"))
    elif game.dealing.piles:  # and the pile moves
        parse = functools.partial(parse_move_text, forms=(*ALL_FORMS, *PILE_FORMS))
    if game.numbering.calls:  # a call is read from its words
        parse = functools.partial(_call_or, game.numbering.call_words, parse)
    common = r.common(game.rules_class, deck, game.phases, parse)
    rules = common["rules"]
    players = rules.players
    log = common["log"].to_tuple()
    for event in deal_events(log):
        if event.kind in ("play", "pickup") and (
            not isinstance(event.seat, int) or not 0 <= event.seat < players or not event.cards
        ):
            r.fail(
                f"a {event.kind!r} event of this deal needs a seat 0..{players - 1} and its "
                f"cards, not seat {event.seat!r} and cards {format_cards(event.cards)!r}"
            )
    deal_fields, state_fields = read_fields(game, r, rules, r.integer("dealt", 0, len(deck)))
    # A game set up from a position starts from it: what the position says is public
    # knowledge, and its history replays from it.
    start: Start | None = None
    frozen = None
    position = r.data.get("position")
    if position is not None:
        from cardrules.core.trickgame.positions import setup

        if common["first_deck"] is not None or common["chance"] != "seeded":
            r.fail("a game set up from a position has no first deck, and seeded chance")
        begun = r.guard("position", lambda: setup(rules, position, seed=common["seed"]))
        start = (begun.known, begun.voids, begun.trick, begun.waste)
        frozen = begun.deal.position
    limits = rules_of_play.active(game.play.restrictions, rules)
    known, voids = knowledge(log, players, deal_fields["trick_rules"], limits, start)
    state = State(
        deal=_seated(
            Deal(
                rules=rules,
                seed=common["seed"],
                chance=common["chance"],
                first_deck=common["first_deck"],
                match=common["match"],
                **deal_fields,
                outcome=common["outcome"],
                position=frozen,
                **_rules_values(rules),
            )
        ),
        phase=common["phase"],
        **state_fields,
        known=known,
        voids=voids,
        moves_made=common["moves_made"],
        log=common["log"],
        history=common["history"],
    )
    r.check_partition(zones(state), deck)
    _check_play(game, state, r)
    game.check_state(state, r)
    return state


def _call_or(words: Any, parse: Callable[[str], Any], text: str) -> Any:
    """The call whose words ``text`` is, else the move ``parse`` reads."""
    call = words.get(text.strip().lower())
    return parse(text) if call is None else call


def _calls(r: StateReader, game: TrickGame[Any], auction: Auction[Any], players: int) -> Any:
    """The calls of an :class:`Auction` round: ``[seat, words]`` pairs of its calls."""
    value = r.data.get(auction.key)
    if not isinstance(value, list):
        r.fail(f"field {auction.key!r} must be a list of [seat, call] pairs, oldest first")
    calls: list[tuple[int, Call]] = []
    for item in value:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or type(item[0]) is not int
            or not 0 <= item[0] < players
            or not isinstance(item[1], str)
        ):
            r.fail(
                f"field {auction.key!r} holds [seat, call] pairs (a seat 0..{players - 1} and "
                f"a call's words), not {item!r}"
            )
        call = game.numbering.call_words.get(item[1].lower())
        if call is None or call not in auction.calls:
            known = ", ".join(str(c) for c in auction.calls)
            r.fail(f"field {auction.key!r}: {item[1]!r} is no call of the round ({known})")
        calls.append((item[0], call))
    return tuple(calls)


def _announced(r: StateReader, game: TrickGame[Any], players: int) -> Any:
    """The announcements made: ``[seat, words]`` pairs of the game's announcements."""
    value = r.data.get("announced")
    if not isinstance(value, list):
        r.fail("field 'announced' must be a list of [seat, announcement] pairs, oldest first")
    made: list[tuple[int, Call]] = []
    calls = {a.call.words.lower(): a.call for a in game.announcements}
    for item in value:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or type(item[0]) is not int
            or not 0 <= item[0] < players
            or not isinstance(item[1], str)
            or item[1].lower() not in calls
        ):
            known = ", ".join(map(str, calls.values()))
            r.fail(
                f"field 'announced' holds [seat, announcement] pairs (a seat 0..{players - 1} "
                f"and one of {known}), not {item!r}"
            )
        pair = (item[0], calls[item[1].lower()])
        if pair in made:
            r.fail(f"field 'announced': seat {item[0]} makes {item[1]!r} twice (once a deal)")
        made.append(pair)
    return tuple(made)


def _contract(r: StateReader, players: int) -> Contract | None:
    if "contract" not in r.data:
        r.fail("field 'contract' is missing: the deal's contract, or null before it is made")
    data = r.data["contract"]
    try:
        return contract_from_list(data, players)
    except CardrulesError as error:
        r.fail(f"field 'contract': {error}")


def _piles(r: StateReader, game: TrickGame[Any], players: int) -> tuple[tuple[int, int], ...]:
    """The piles: ``[cards, holder]`` for each pile of the description, in order (the
    holder a seat, or null while the pile is as dealt)."""
    value = r.data.get("piles")
    piles = game.dealing.piles
    names = ", ".join(pile.name for pile in piles)
    if not isinstance(value, list) or len(value) != len(piles):
        r.fail(
            f"field 'piles' must hold [cards, holder] for each pile ({names}), in order, "
            "the holder a seat or null while the pile is as dealt"
        )
    read = []
    for pile, item in zip(piles, value):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], str)
            or not (item[1] is None or (type(item[1]) is int and 0 <= item[1] < players))
        ):
            r.fail(
                f"field 'piles': pile {pile.name!r} is [cards, holder], the holder a seat "
                f"0..{players - 1} or null, not {item!r}"
            )
        mask = mask_of(r.guard("piles", functools.partial(parse_cards, item[0])))
        holder = -1 if item[1] is None else int(item[1])
        if mask.bit_count() > pile.size:
            r.fail(f"field 'piles': pile {pile.name!r} holds at most {pile.size} cards")
        read.append((mask, holder))
    return tuple(read)


def _check_play(game: TrickGame[Any], state: State, r: StateReader) -> None:
    """The checks of a loaded state that hold in every trick game: the trick on the
    table, the trump card of a deal under way, and the bids."""
    phase = state.phase
    players = state.deal.rules.players
    under_way = phase is game.roles.playing or phase is game.roles.bidding
    if under_way and len(state.trick) >= players:
        r.fail("the current trick holds too many cards")
    if game.trumps.card != "none" and under_way and state.deal.trump_card is None:
        r.fail("a deal in bidding or play needs a trump card")
    if under_way and state.deal.contract is None:
        r.fail("play cannot start before the auction has made a contract")
    if state.deal.announced and phase is not game.roles.playing and phase is not game.roles.over:
        r.fail("announcements are made in the play: a deal before it has none")
    k = game.roles.round_index.get(phase)
    auction = None if k is None else game.rounds[k]
    if isinstance(auction, Auction) and (state.trick or state.waste):
        r.fail("in an auction no card is played")
    if isinstance(auction, Auction) and auction.after_contract != (state.deal.contract is not None):
        has = "has" if auction.after_contract else "has no"
        r.fail(f"the deal {has} contract in round {phase.name.lower()!r}")
    if game.bidding is None:
        return
    if phase is game.roles.bidding and (state.trick or state.waste):
        r.fail("no card is played before the bidding ends")
    if phase is game.roles.playing and None in state.deal.bids:
        r.fail("play cannot start before every seat has bid")
    if under_way:
        for seat, bid in enumerate(state.deal.bids):
            if bid is not None and bid > state.hand_size:
                r.fail(f"seat {seat} bid {bid} in a deal of {state.hand_size} cards")


def read_fields(
    game: TrickGame[Any], r: StateReader, rules: Any, dealt: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Read the fields :func:`fields_to_dict` writes, checked one by one: the keyword
    arguments of the :class:`Deal` (but its rules, seed, chance, first deck, match,
    outcome and position) and of the :class:`State` (its hands, leader, trick, tricks
    won, finished tricks, tally and revokes). ``dealt`` is how many cards were dealt."""
    players = rules.players
    deck = game.dealing.deck(rules)
    hands = r.masks_per_seat("hands", players)
    undealt = mask_of(r.cards("undealt"))
    trump_card = r.optional_card("trump_card") if game.trumps.card != "none" else None
    bids: tuple[int | None, ...] = ()
    most = 0
    if game.bidding is not None:
        most = game.bidding.most
        bids = tuple(
            r.optional_int_at("bids", i, 0, most) for i in range(r.list_length("bids", players))
        )
    leader = r.integer("leader", 0, players - 1)
    trick = r.cards("trick")
    tricks_won = (0,) * players
    if game.scoring.counts_tricks:
        most_tricks = most if game.bidding is not None else len(deck) // players
        tricks_won = tuple(r.int_list("tricks_won", players, 0, most_tricks))
    fresh, counts = _fresh_deal(rules)
    fields = dict(fresh)
    fields["undealt"] = undealt
    fields["dealt"] = dealt
    fields["trump_card"] = trump_card
    fields["bids"] = bids
    trumps = game.trumps
    # The contract the description fixes (as dealing makes it), and its trick rules.
    contract: Contract | None = fixed_contract(None)
    fields["trick_rules"] = _untrumped_trick_rules(rules)
    if trump_card is not None and trump_card.suit is not None:
        contract = fixed_contract(trump_card.suit)
        fields["trick_rules"] = trumps.trick_rules(rules, contract)
    if trumps.suit is not None:
        if "trump" not in r.data:
            r.fail("field 'trump' is missing: the deal's trump suit, or null for no trumps")
        contract = fixed_contract(_optional_suit(r, "trump"))
        fields["trick_rules"] = trumps.trick_rules(rules, contract)
    if trumps.face_up is not None:
        fields["face_up"] = r.cards("face_up")
        trump = _optional_suit(r, "trump")
        contract = fixed_contract(trump)
        if trump is not None:
            fields["trick_rules"] = trumps.trick_rules(rules, contract)
        fields["second_suit"] = _optional_suit(r, trumps.face_up.second_key)
    declared = []
    calls = []
    for k, round_ in enumerate(game.rounds):
        if isinstance(round_, Declaring):
            declared.append(
                _declared(r, round_, len(fields["declared"][game.roles.round_slots[k]]))
            )
        elif isinstance(round_, Auction):
            calls.append(_calls(r, game, round_, players))
        elif isinstance(round_, Passing):
            fields["passed"] = r.masks_per_seat("passed", players)
    if game.dealing.piles:
        fields["piles"] = _piles(r, game, players)
    fields["declared"] = tuple(declared)
    fields["calls"] = tuple(calls)
    if game.roles.auctions:  # the auction's contract, when it has made one
        contract = _contract(r, players)
        if contract is not None:
            fields["trick_rules"] = trumps.trick_rules(rules, contract)
    if game.announcements:  # the announcements made, and the contract's terms they set
        fields["announced"] = _announced(r, game, players)
        if not game.roles.auctions:
            read = _contract(r, players)
            if read is None or read.trump != (None if contract is None else contract.trump):
                r.fail("field 'contract' must be the deal's contract, with its trump suit")
            contract = read
    fields["contract"] = contract
    tally: list[int] = []
    for key, size, low, high in game.scoring.tally:
        tally.extend(r.int_list(key, size, low, high))
    revokes = counts["revokes"]
    if game.play.revoking is not None:
        revokes = tuple(r.int_list("revokes", players, 0, len(deck) // players))
    waste = mask_of(r.cards(game.waste.key))
    return fields, {
        "hands": hands,
        "leader": leader,
        "trick": trick,
        "tricks_won": tricks_won,
        "waste": waste,
        "tally": tuple(tally),
        "revokes": revokes,
    }
