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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardrules.cards import cards_of, format_cards, mask_of
from cardrules.core.checks import check_seed, not_rules
from cardrules.core.serial import frozen_position
from cardrules.core.trickgame import sampling, views
from cardrules.core.trickgame.auction_round import Auction
from cardrules.core.trickgame.contract import contract_to_list
from cardrules.core.trickgame.dealing import _trump_event
from cardrules.core.trickgame.description import Declaring, Passing, TrickGameRules
from cardrules.core.trickgame.partners import shown_contract
from cardrules.core.trickgame.position_checks import _check_position
from cardrules.core.trickgame.position_reading import (
    HIDDEN_BID,
    PositionReader,
    _build,
    _check_keys,
    _fill_rest,
    _refuse_hidden,
    _shows_known,
    _shows_voids,
    lacks_text,
)
from cardrules.core.trickgame.queries import hand_hidden
from cardrules.core.trickgame.serialization import fields_to_dict
from cardrules.core.trickgame.state import State, _deal_with, _with, _wrong_state
from cardrules.errors import ArgumentError, PositionError, show_value
from cardrules.game import DealRow, Event, Outcome

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame

__all__ = ["PositionReader", "lacks_text", "position", "setup"]


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
    rules = getattr(state_or_view, "rules", None)
    if getattr(type(rules), "trick_game", None) is not None and hasattr(state_or_view, "seat"):
        return _view_position(state_or_view)
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


def _state_position(state: State) -> dict[str, Any]:
    deal = state.deal
    game: TrickGame[Any] = deal.game
    match = deal.match
    data = _match_fields(state.phase, match.deal_number, match.dealer, match.totals, match.rows)
    data["outcome"] = _outcome_list(deal.outcome)
    data.update(fields_to_dict(state))
    if "contract" in data:  # partners shown by cards played: the sides they made
        data["contract"] = contract_to_list(shown_contract(state))
    if _shows_known(game):
        data["known"] = [format_cards(cards_of(k)) for k in state.known]
    if _shows_voids(game):
        data["voids"] = [lacks_text(v) for v in state.voids]
    return data


def _view_position(view: Any) -> dict[str, Any]:
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
        second_key = game.trumps.face_up.second_key  # the game's own field, by its key
        second = getattr(view, second_key)
        data[second_key] = None if second is None else second.plural
    for k, round_ in enumerate(game.rounds):
        if isinstance(round_, Declaring):
            data[round_.key] = list(getattr(view, round_.key))
        elif isinstance(round_, Auction):
            calls = view.calls[game.roles.auction_slots[k]]
            data[round_.key] = [[s, call.words] for s, call in calls]
        elif isinstance(round_, Passing):
            data["passed"] = _view_passes(view, round_, game)
    if game.roles.auctions:
        data["contract"] = contract_to_list(shown_contract(view))
        dummy = None if view.contract is None else view.contract.dummy
        if dummy is not None and view.dummy_hand and dummy != seat:  # face up: shown
            data["hands"][dummy] = format_cards(view.dummy_hand)
    if game.announcements:
        data["contract"] = contract_to_list(shown_contract(view))
        data["announced"] = [[s, call.words] for s, call in view.announced]
    if game.dealing.piles:  # the cards this seat sees of a pile, or their count
        data["piles"] = [
            [
                format_cards(sight.cards) if len(sight.cards) == sight.size else sight.size,
                sight.holder,
            ]
            for sight in view.piles
        ]
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
    data[game.waste.key] = format_cards(view.won_cards)  # filled shown or not
    if _shows_known(game):
        data["known"] = [format_cards(cards) for cards in view.known]
    if _shows_voids(game):
        data["voids"] = [lacks_text(v) for v in _view_voids(view, game)]
    return data


def _view_passes(view: Any, passing: Passing[Any], game: TrickGame[Any]) -> list[Any]:
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


def _giver(view: Any, game: TrickGame[Any]) -> int:
    """The seat whose pass this seat received in this deal."""
    rules = view.rules
    passing = game.rounds[game.roles.passing] if game.roles.passing is not None else None
    assert isinstance(passing, Passing)
    offset = passing.to(rules, view.deal_number) % rules.players
    giver: int = (view.seat - offset) % rules.players
    return giver


def _view_voids(view: Any, game: TrickGame[Any]) -> tuple[int, ...]:
    """The cards each seat is known to lack, as the view shows them: every absent card
    when it shows them, else its voids (the deal's follow groups its suits name; a game
    whose groups are not all suits shows ``absent`` to keep its other voids)."""
    if "absent" in game.view_fields:
        return tuple(mask_of(cards) for cards in view.absent)
    trick_rules = sampling._view_trick_rules(view)
    return tuple(views.suits_mask(trick_rules, suits) for suits in view.voids)


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
        raise not_rules("setup", "trick game", rules)
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
    for pile, (mask, holder) in zip(game.dealing.piles, deal.piles):
        if pile.turned and holder < 0:  # a turned card as dealt, shown to all
            turned = cards_of(mask)[0]
            text = f"{turned} is turned on the {pile.name}"
            log = log.append(Event("turned", None, cards=(turned,), text=text))
    if game.play.lead_card is not None and state.phase is game.roles.playing:
        card = game.play.lead_card(rules, deal.match.deal_number)
        if card is not None and not state.trick and not state.waste:
            for seat, hand in enumerate(state.hands):
                if hand & card.bit:
                    text = f"seat {seat} holds {card} and leads it to the first trick"
                    log = log.append(Event("lead card", seat, cards=(card,), text=text))
    return _with(state, log=log, known=known)
