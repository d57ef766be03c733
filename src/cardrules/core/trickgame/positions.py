"""Positions of a trick game: a state (or what one seat sees of it) as plain data, and a
state set up from such data, checked so that it holds together.

:func:`position` gives the engine's JSON fields of a state (the cards of each zone, the
trumps, the rounds before play, the bids, the trick, the tricks won, the tally, the
revokes) with its phase and match, and nothing of its history: a position says where a
game stands, not how it got there. :func:`setup` builds the state back, refusing a
position that does not hold together with a :class:`~cardrules.errors.PositionError`
that names the problem.

>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(players=3, schedule="single", start_hand=2), seed=1)
>>> spot = oh_hell.position(state)
>>> list(spot)[:6]
['phase', 'deal_number', 'dealer', 'totals', 'rows', 'outcome']
>>> oh_hell.position(oh_hell.setup(state.rules, spot)) == spot
True
>>> oh_hell.events(oh_hell.setup(state.rules, spot))[0].text
'set up from a position'
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, NoReturn, cast

from cardrules.cards import Card, Suit, cards_of, format_cards, mask_of, parse_card
from cardrules.core import tricks
from cardrules.core.checks import check_seed
from cardrules.core.match import Match
from cardrules.core.serial import _REASONS, StateReader, frozen_position
from cardrules.core.trickgame.dealing import _trump_event
from cardrules.core.trickgame.description import Declaring, Passing, TrickGameRules, View, _team_of
from cardrules.core.trickgame.queries import hand_hidden
from cardrules.core.trickgame.scoring import zones
from cardrules.core.trickgame.serialization import fields_to_dict, read_fields
from cardrules.core.trickgame.state import (
    Deal,
    State,
    _deal_with,
    _rules_values,
    _with,
    _wrong_state,
)
from cardrules.core.trickgame.views import suits_of
from cardrules.errors import ArgumentError, PositionError, show_value
from cardrules.game import DealRow, Event, Log, Outcome

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame

__all__ = ["position", "setup"]

#: The first event of a game set up from a position.
SETUP_EVENT: Final = Event("setup", text="set up from a position")

#: What a view's position holds for a bid it does not show (simultaneous bidding).
HIDDEN_BID: Final = "hidden"

_SUITS_BY_NAME: Final = {suit.plural: suit for suit in Suit}


# --------------------------------------------------------------------------- writing


def position(state_or_view: object) -> dict[str, Any]:
    """Where the game stands, as plain JSON-ready data (lists, numbers, booleans, None
    and text; no dicts), in a fixed key order; :func:`setup` builds the state back.

    Of a state: its ``phase``; the match (``deal_number``, ``dealer``, ``totals`` and
    the finished deals' ``rows``, each ``[number, dealer, [points...], [[extra, v1,
    v2...], ...]]``); the ``outcome`` (``[reason, [winners...], draw]``, or None while
    the game runs); then the engine's fields as the state's JSON form has them
    (``hands``, one card text per seat, ``undealt``, the trumps, the rounds before
    play, ``bids``, ``leader``, ``trick``, ``tricks_won``, the tally, ``revokes``, the
    finished tricks) and what the public play shows, each when the game's views show
    it: the cards each seat is ``known`` to hold and the ``voids`` it has shown (its
    suits, then single cards). Of a view: the same, with what that seat knows: every
    hand it cannot see is a number of cards, as are the undealt cards and the passes
    it has not seen; a bid not shown yet is ``"hidden"``.
    """
    if type(state_or_view) is State:
        return _state_position(state_or_view)
    view = state_or_view
    if isinstance(view, View) and getattr(type(view.rules), "trick_game", None) is not None:
        return _view_position(view)
    raise _wrong_state(state_or_view, "state or view")


def _match_fields(
    phase: Any, number: int, dealer: int, totals: tuple[int, ...], rows: tuple[DealRow, ...]
) -> dict[str, Any]:
    return {
        "phase": phase.name.lower(),
        "deal_number": number,
        "dealer": dealer,
        "totals": list(totals),
        "rows": [
            [
                row.number,
                row.dealer,
                list(row.points),
                [[key, *values] for key, values in row.extras],
            ]
            for row in rows
        ],
    }


def _outcome_list(outcome: Outcome | None) -> list[Any] | None:
    if outcome is None:
        return None
    return [outcome.reason, list(outcome.winners), outcome.draw]


def _shows_known(game: TrickGame[Any]) -> bool:
    """Whether the game's views show the cards each seat is publicly known to hold (cards
    it picked up): then its positions hold them too (``known``)."""
    return "known" in game.view_fields


def _shows_voids(game: TrickGame[Any]) -> bool:
    """Whether the game's views show the cards each seat has shown it lacks (its voids,
    or every absent card): then its positions hold them too (``voids``)."""
    fields = game.view_fields
    return "voids" in fields or "absent" in fields


def lacks_text(mask: int) -> str:
    """The cards a seat is known to lack: the suits it lacks whole, then single cards.

    >>> from cardrules.core.tricks import SUIT_MASKS
    >>> lacks_text(SUIT_MASKS[Suit.HEARTS] | Card("QS").bit)
    'hearts QS'
    """
    suits = suits_of(mask)
    rest = mask
    for suit in suits:
        rest &= ~tricks.SUIT_MASKS[suit]
    return " ".join([suit.plural for suit in suits] + [card.text for card in cards_of(rest)])


def _state_position(state: State) -> dict[str, Any]:
    deal = state.deal
    game: TrickGame[Any] = deal.game
    match = deal.match
    data = _match_fields(state.phase, match.deal_number, match.dealer, match.totals, match.rows)
    data["outcome"] = _outcome_list(deal.outcome)
    data.update(fields_to_dict(state))
    if _shows_known(game):
        data["known"] = [format_cards(cards_of(k)) for k in state.known]
    if _shows_voids(game):
        data["voids"] = [lacks_text(v) for v in state.voids]
    return data


def _view_position(view: View) -> dict[str, Any]:
    rules = view.rules
    game: TrickGame[Any] = rules.trick_game
    players: int = rules.players
    seat: int = view.seat
    score = view.score
    dealer = view.dealer if view.dealer is not None else 0
    data = _match_fields(view.phase, view.deal_number, dealer, view.totals, score.deals)
    data["outcome"] = _outcome_list(score.outcome)
    own_seen = not hand_hidden(rules, view.phase)
    data["hands"] = [
        format_cards(view.hand) if s == seat and own_seen else view.hand_sizes[s]
        for s in range(players)
    ]
    data["undealt"] = view.undealt_count
    if game.trumps.card != "none":
        data["trump_card"] = None if view.trump_card is None else view.trump_card.text
    if game.trumps.suit is not None:
        data["trump"] = None if view.trump is None else view.trump.plural
    if game.trumps.face_up is not None:
        data["face_up"] = format_cards(view.face_up)
        data["trump"] = None if view.trump is None else view.trump.plural
        second = getattr(view, game.trumps.face_up.second_key)  # the game names it
        data[game.trumps.face_up.second_key] = None if second is None else second.plural
    for round_ in game.rounds:
        if isinstance(round_, Declaring):
            data[round_.key] = list(getattr(view, round_.key))
        else:
            data["passed"] = _view_passes(view, round_, game)
    if game.bidding is not None:
        data["bids"] = [
            HIDDEN_BID if bid is None and made else bid
            for bid, made in zip(view.bids, view.has_bid)
        ]
    data["leader"] = view.leader
    data["trick"] = format_cards(view.trick)
    if game.scoring.counts_tricks:
        data["tricks_won"] = list(view.tricks_won)
    for key, _, _, _ in game.scoring.tally:
        data[key] = list(getattr(view, key))
    if game.play.revoking is not None:
        data["revokes"] = list(view.revokes)
    data[game.waste.key] = format_cards(view.won_cards)
    if _shows_known(game):
        data["known"] = [format_cards(cards) for cards in cast(Any, view).known]
    if _shows_voids(game):
        data["voids"] = [lacks_text(v) for v in _view_voids(view, game)]
    return data


def _view_passes(view: View, passing: Passing[Any], game: TrickGame[Any]) -> list[Any]:
    """Per seat, the cards it passed as this seat knows them: its own pass, and once the
    passes are exchanged the one it received; a pass it has not seen is its count."""
    players: int = view.rules.players
    seat: int = view.seat
    has_passed = view.has_passed
    giver = _giver(view, game) if all(has_passed) else seat
    passes: list[Any] = []
    for s in range(players):
        if s == seat:
            passes.append(format_cards(view.passed))
        elif s == giver:
            passes.append(format_cards(view.received))
        else:
            passes.append(passing.count if has_passed[s] else "")
    return passes


def _giver(view: View, game: TrickGame[Any]) -> int:
    """The seat whose pass this seat received in this deal."""
    rules = view.rules
    passing = game.rounds[game.roles.passing] if game.roles.passing is not None else None
    assert isinstance(passing, Passing)
    offset = passing.to(rules, view.deal_number) % rules.players
    giver: int = (view.seat - offset) % rules.players
    return giver


def _view_voids(view: View, game: TrickGame[Any]) -> tuple[int, ...]:
    """The cards each seat is known to lack, as the view shows them (under the game's own
    names): every absent card when it shows them, else its voids (whole suits)."""
    shown: Any = view
    if "absent" in game.view_fields:
        return tuple(mask_of(cards) for cards in shown.absent)
    return tuple(sum([tricks.SUIT_MASKS[suit] for suit in suits]) for suits in shown.voids)


# --------------------------------------------------------------------------- reading


class PositionReader(StateReader):
    """Typed, checked access to the keys of a position: a :class:`StateReader` whose
    refusals are :class:`~cardrules.errors.PositionError`."""

    def fail(self, message: str) -> NoReturn:
        """Refuse the position."""
        raise PositionError(f"bad position: {message}")


def setup(rules: object, position: object, *, seed: object = 0) -> State:
    """A state set up from ``position`` (as :func:`position` gives it for a state), for
    these ``rules``; ``seed`` drives every later shuffle (the next deals of the match).

    One field that holds a place of cards as one text (the undealt cards, the trick,
    the finished tricks, ...) may be ``"*"`` (:data:`~cardrules.positions.REST`): the
    cards of the deck that no other place holds, in the deck's order.

    The position must hold together, or :class:`~cardrules.errors.PositionError` says
    what is wrong: every card of the deck exactly once, hands of the sizes the deal
    allows at this point, a trick shorter than a full one led by a seat that may lead
    it, bids in range and made in turn from the dealer's left exactly as far as the
    phase says, the match's rows and totals, no unknown key and none missing, no
    hidden card (a view's position). The state's log starts with one ``setup`` event
    (and the public facts of the deal so far that play still reads: the dealer's
    trump card, the holder of the card to lead); its history is empty and
    ``moves_made`` 0; its ``origin`` gives the position.
    """
    game: TrickGame[Any] | None = getattr(type(rules), "trick_game", None)
    if game is None or not isinstance(rules, TrickGameRules):
        raise ArgumentError(f"setup needs a trick game's Rules, not {show_value(rules)}")
    if type(rules) is not game.rules_class:
        raise ArgumentError(f"rules must be {game.name}.Rules, not {show_value(rules)}")
    chosen = check_seed(seed)
    if not isinstance(position, Mapping):
        raise PositionError(
            f"a position must be a dict of its keys (as position(state) gives it), "
            f"not {show_value(position)}"
        )
    r = PositionReader(position, game.name, game.version)
    _check_keys(r, game)
    _refuse_hidden(r, game)
    r = _fill_rest(r, game, rules)
    state = _build(r, game, rules, chosen)
    _check_position(r, state)
    game.check_state(state, r)
    state = _opening_events(state)
    frozen = frozen_position(_state_position(state))
    return _with(state, deal=_deal_with(state.deal, position=frozen))


def _replay_start(
    position: Any, rules: Any, *, seed: int, deck: Any = None, chance: Any = "seeded"
) -> State:
    """Where the history of a state set up from ``position`` replays from (the ``deal``
    of :meth:`StateReader.check_history`)."""
    return setup(rules, position, seed=seed)


def _keys(game: TrickGame[Any]) -> list[str]:
    """The keys of a position of this game, in order."""
    keys = ["phase", "deal_number", "dealer", "totals", "rows", "outcome", "hands", "undealt"]
    if game.trumps.card != "none":
        keys.append("trump_card")
    if game.trumps.suit is not None:
        keys.append("trump")
    if game.trumps.face_up is not None:
        keys += ["face_up", "trump", game.trumps.face_up.second_key]
    for round_ in game.rounds:
        keys.append(round_.key if isinstance(round_, Declaring) else "passed")
    if game.bidding is not None:
        keys.append("bids")
    keys += ["leader", "trick"]
    if game.scoring.counts_tricks:
        keys.append("tricks_won")
    keys += [key for key, _, _, _ in game.scoring.tally]
    if game.play.revoking is not None:
        keys.append("revokes")
    keys.append(game.waste.key)
    if _shows_known(game):
        keys.append("known")
    if _shows_voids(game):
        keys.append("voids")
    return list(dict.fromkeys(keys))


def _check_keys(r: StateReader, game: TrickGame[Any]) -> None:
    """Refuse a key the game's positions do not have, and name a missing one."""
    keys = _keys(game)
    unknown = [key for key in r.data if key not in keys]
    if unknown:
        r.fail(
            f"unknown key {show_value(unknown[0])}: a position of {game.title} has the keys "
            + ", ".join(keys)
        )
    missing = [key for key in keys if key not in r.data]
    if missing:
        r.fail(
            f"the key {missing[0]!r} is missing (a position of {game.title} has "
            + ", ".join(keys)
            + ")"
        )


def _card_keys(game: TrickGame[Any]) -> tuple[str, ...]:
    """The keys of a position that hold a place of cards as one text, the keys that may
    be ``"*"`` (each card of the deck lies in one place: these, a hand, a pass not yet
    exchanged). The other keys that name cards say what is known of cards lying
    elsewhere (the cards passed once exchanged, ``known``, ``voids``) or, where the
    dealer keeps it, which of his cards is the trump card."""
    keys = ["undealt"]
    if game.trumps.card == "next":
        keys.append("trump_card")
    if game.trumps.face_up is not None:
        keys.append("face_up")
    return (*keys, "trick", game.waste.key)


def _fill_rest(r: PositionReader, game: TrickGame[Any], rules: Any) -> PositionReader:
    """The position with its field written ``"*"``, if any, holding the cards of the deck
    that no other place holds (the places of the state built without it)."""
    key = r.rest_key(_card_keys(game))
    if key is None:
        return r
    blank = PositionReader(
        {**r.data, key: None if key == "trump_card" else ""}, game.name, game.version
    )
    placed = [card for cards in zones(_build(blank, game, rules, 0)).values() for card in cards]
    return PositionReader(
        r.with_rest(key, game.dealing.deck(rules), placed), game.name, game.version
    )


def _hides(r: StateReader, what: str, value: object) -> NoReturn:
    r.fail(
        f"this position hides {what} ({show_value(value)}): it is a view's; "
        "set up a full position, as position(state) gives it"
    )


def _refuse_hidden(r: StateReader, game: TrickGame[Any]) -> None:
    """Refuse a view's position: a hand, a stack or a pass given as a count, a hidden bid."""
    data = r.data
    hands = data.get("hands")
    if isinstance(hands, list):
        for seat, hand in enumerate(hands):
            if isinstance(hand, int) and not isinstance(hand, bool):
                _hides(r, f"seat {seat}'s hand", hand)
    undealt = data.get("undealt")
    if isinstance(undealt, int) and not isinstance(undealt, bool):
        _hides(r, "the undealt cards", undealt)
    passed = data.get("passed")
    if game.roles.passing is not None and isinstance(passed, list):
        for seat, cards in enumerate(passed):
            if isinstance(cards, int) and not isinstance(cards, bool):
                _hides(r, f"the cards seat {seat} passed", cards)
    bids = data.get("bids")
    if game.bidding is not None and isinstance(bids, list):
        for seat, bid in enumerate(bids):
            if bid == HIDDEN_BID:
                _hides(r, f"seat {seat}'s bid", bid)


def _read_match(r: StateReader, players: int) -> Match:
    """The match of a position: its deal number, dealer, totals and rows (lists)."""
    number = r.integer("deal_number", 0)
    dealer = r.integer("dealer", 0, players - 1)
    totals = tuple(r.int_list("totals", players))
    value = r.data["rows"]
    if not isinstance(value, list):
        r.fail(f"rows must be a list of the finished deals' rows, not {show_value(value)}")
    rows = []
    for i, row in enumerate(value):
        where = f"rows[{i}]"
        if not isinstance(row, list) or len(row) != 4:
            r.fail(f"{where} must be [number, dealer, [points...], [[extra, values...]...]]")
        points, extras = row[2], row[3]
        if not isinstance(points, list) or len(points) != players:
            r.fail(f"{where}'s points must be a list of {players} numbers, one per seat")
        if not isinstance(extras, list):
            r.fail(f"{where}'s extras must be a list of [name, value per seat...]")
        named = []
        for extra in extras:
            if (
                not isinstance(extra, list)
                or len(extra) != players + 1
                or not isinstance(extra[0], str)
            ):
                r.fail(
                    f"{where}: an extra is [name, then one number per seat], "
                    f"not {show_value(extra)}"
                )
            named.append(
                (extra[0], tuple(r._int(f"{where} {extra[0]}", v, None, None) for v in extra[1:]))
            )
        rows.append(
            DealRow(
                r._int(f"{where}'s number", row[0], i, i),
                r._int(f"{where}'s dealer", row[1], 0, players - 1),
                tuple(r._int(f"{where}'s points", p, None, None) for p in points),
                tuple(named),
            )
        )
    if len(rows) != number:
        r.fail(
            f"deal_number {number} needs a row for each finished deal: {number} rows, "
            f"not {len(rows)}"
        )
    sums = tuple(sum(row.points[s] for row in rows) for s in range(players))
    if totals != sums:
        r.fail(f"the totals {list(totals)} are not the sums of the rows' points {list(sums)}")
    return Match(number, dealer, totals, tuple(rows))


def _read_outcome(r: StateReader) -> Outcome | None:
    value = r.data["outcome"]
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 3
        or not isinstance(value[1], list)
        or not isinstance(value[2], bool)
    ):
        r.fail(f"outcome must be [reason, [winners...], draw] or null, not {show_value(value)}")
    reason = value[0]
    if reason not in _REASONS:
        r.fail(
            f"the outcome's reason must be one of {', '.join(_REASONS)}, not {show_value(reason)}"
        )
    winners = tuple(r._int("a winner", w, 0, None) for w in value[1])
    return Outcome(reason, winners, value[2])


def _read_lacks(r: StateReader, text: object, where: str) -> int:
    if not isinstance(text, str):
        r.fail(f"{where} must be text: suits (hearts) and cards (QS), not {show_value(text)}")
    mask = 0
    for word in text.split():
        suit = _SUITS_BY_NAME.get(word.lower())
        if suit is not None:
            mask |= tricks.SUIT_MASKS[suit]
        else:
            card: Card = r.guard(where, functools.partial(parse_card, word))
            mask |= card.bit
    return mask


def _build(r: StateReader, game: TrickGame[Any], rules: Any, seed: int) -> State:
    players: int = rules.players
    deck = game.dealing.deck(rules)
    phases = {p.name.lower(): p for p in game.phases}
    phase = r.choice("phase", phases)
    if phase is game.roles.choose_dealer or phase is game.roles.dealing:
        r.fail(
            f"phase {r.data['phase']!r} is a chance step while dealing: a position is set up "
            "once the cards are dealt"
        )
    match = _read_match(r, players)
    outcome = _read_outcome(r)
    if (phase is game.roles.over) != (outcome is not None):
        r.fail("a position has an outcome exactly when its phase is 'over'")
    deals = game.match.deals(rules)
    if deals is not None and (
        match.deal_number > deals or (phase is not game.roles.over and match.deal_number >= deals)
    ):
        r.fail(f"deal_number {match.deal_number} is past the match: it has {deals} deals")
    if match.rows and match.dealer != (match.rows[-1].dealer + 1) % players:
        r.fail(
            f"the deal passes to the left: after seat {match.rows[-1].dealer} dealt deal "
            f"{match.deal_number - 1}, seat {(match.rows[-1].dealer + 1) % players} deals, "
            f"not seat {match.dealer}"
        )
    undealt = r.cards("undealt") if isinstance(r.data.get("undealt"), str) else ()
    deal_fields, state_fields = read_fields(game, r, rules, len(deck) - len(undealt))
    known = (0,) * players
    voids = (0,) * players
    if _shows_known(game):
        known = r.masks_per_seat("known", players)
    if _shows_voids(game):
        value = r.data["voids"]
        if not isinstance(value, list) or len(value) != players:
            r.fail(f"voids must be a list of {players} texts, one per seat")
        voids = tuple(_read_lacks(r, v, f"voids[{s}]") for s, v in enumerate(value))
    return State(
        deal=Deal(
            rules=rules,
            seed=seed,
            chance="seeded",
            first_deck=None,
            match=match,
            **deal_fields,
            outcome=outcome,
            position=None,
            **_rules_values(rules),
        ),
        phase=phase,
        **state_fields,
        known=known,
        voids=voids,
        moves_made=0,
        log=Log.EMPTY.append(SETUP_EVENT),
        history=Log.EMPTY,
    )


# --------------------------------------------------------------------------- checking


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
        else:
            _check_passing(r, state, k, round_, now)
    if game.bidding is not None:
        _check_bids(r, state, now)
    _check_play(r, state)


def _check_deal(r: StateReader, state: State) -> None:
    """The deal's trumps and the cards it leaves undealt."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    number = deal.match.deal_number
    if game.trumps.card != "none" and deal.trump_card is None:
        r.fail("a deal in progress needs its trump card (trump_card)")
    if game.trumps.suit is not None:
        expected = game.trumps.suit(rules, number)
        if deal.trick_rules.trump is not expected:
            named = "no trumps" if expected is None else expected.plural
            r.fail(f"the trump suit of deal {number} is {named}")
    if game.trumps.face_up is not None and len(deal.face_up) != game.trumps.face_up.count:
        r.fail(f"a deal in progress has {game.trumps.face_up.count} face-up cards")
    size = game.dealing.hand_size(rules, number)
    left = len(game.dealing.deck(rules)) - size * rules.players - len(deal.face_up)
    left -= 1 if game.trumps.card == "next" else 0
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
    if phase is not game.roles.playing and (trick or finished):
        r.fail(f"no card is played before the play: the phase is {phase.name.lower()!r}")
    if len(trick) >= players:
        r.fail(
            f"the trick holds {len(trick)} cards: with {players} players a trick is over at "
            f"{players} cards, so at most {players - 1} lie on the table"
        )
    if not any(state.hands):
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
    tricks_done, odd = divmod(finished, players)
    if odd:
        r.fail(f"the finished tricks hold {finished} cards: not whole tricks of {players}")
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
        if phase is game.roles.playing:
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
    the holder of the card to lead, or its first-leader rule, or the dealer's left."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    players: int = rules.players
    if tricks_done:
        return
    expected = (deal.match.dealer + 1) % players
    what = "the dealer's left"
    if state.phase is game.roles.playing:
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


def _opening_events(state: State) -> State:
    """The public facts of the deal so far that play and sampling read from the log: the
    dealer's trump card while he holds it, the holder of the card to lead."""
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    if state.phase is game.roles.over:
        return state
    log = state.log
    known = state.known
    trump_card = deal.trump_card
    dealer = deal.match.dealer
    if (
        game.trumps.card == "dealer's last"
        and trump_card is not None
        and state.hands[dealer] & trump_card.bit
    ):
        log = log.append(_trump_event(trump_card, dealer))
        known = tuple(k | trump_card.bit if s == dealer else k for s, k in enumerate(known))
    if game.play.lead_card is not None and state.phase is game.roles.playing:
        card = game.play.lead_card(rules, deal.match.deal_number)
        if card is not None and not state.trick and not state.waste:
            for seat, hand in enumerate(state.hands):
                if hand & card.bit:
                    text = f"seat {seat} holds {card} and leads it to the first trick"
                    log = log.append(Event("lead card", seat, cards=(card,), text=text))
    return _with(state, log=log, known=known)
