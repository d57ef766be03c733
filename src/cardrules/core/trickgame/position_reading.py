"""Reading a trick game's position: its keys, the text of the cards a seat is known to
lack, and the state built from the keys read (checked by
:mod:`cardrules.core.trickgame.position_checks`; :func:`cardrules.core.trickgame.positions.setup`
runs both)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Final, NoReturn

from cardrules.cards import Card, Suit, cards_of, parse_card
from cardrules.core import tricks
from cardrules.core.match import Match
from cardrules.core.serial import _REASONS, StateReader
from cardrules.core.trickgame.description import Passing
from cardrules.core.trickgame.pile_round import PileStep
from cardrules.core.trickgame.scoring import zones
from cardrules.core.trickgame.serialization import read_fields
from cardrules.core.trickgame.state import Deal, State, _rules_values, _seated
from cardrules.core.trickgame.views import suits_of
from cardrules.errors import PositionError, show_value
from cardrules.game import DealRow, Event, Log, Outcome

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


#: The first event of a game set up from a position.
SETUP_EVENT: Final = Event("setup", text="set up from a position")


#: What a view's position holds for a bid it does not show (simultaneous bidding).
HIDDEN_BID: Final = "hidden"


_SUITS_BY_NAME: Final = {suit.plural: suit for suit in Suit}


class PositionReader(StateReader):
    """Typed, checked access to the keys of a position: a :class:`StateReader` whose
    refusals are :class:`~cardrules.errors.PositionError`."""

    def fail(self, message: str) -> NoReturn:
        """Refuse the position."""
        raise PositionError(f"bad position: {message}")


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
        if isinstance(round_, Passing):
            keys.append("passed")
        elif not isinstance(round_, PileStep):  # the piles are keyed once, below
            keys.append(round_.key)
    if game.roles.auctions or game.announcements:
        keys.append("contract")
    if game.announcements:
        keys.append("announced")
    if game.dealing.piles:
        keys.append("piles")
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
    piles = data.get("piles")
    if game.dealing.piles and isinstance(piles, list):
        for pile, item in zip(game.dealing.piles, piles):
            if isinstance(item, list) and item and type(item[0]) is int:
                _hides(r, f"the cards of the {pile.name}", item[0])
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
        deal=_seated(
            Deal(
                rules=rules,
                seed=seed,
                chance="seeded",
                first_deck=None,
                match=match,
                **deal_fields,
                outcome=outcome,
                position=None,
                **_rules_values(rules),
            )
        ),
        phase=phase,
        **state_fields,
        known=known,
        voids=voids,
        moves_made=0,
        log=Log.EMPTY.append(SETUP_EVENT),
        history=Log.EMPTY,
    )
