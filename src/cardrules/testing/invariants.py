"""The kit's checks of one state and its moves: every card in one zone, moves not listed
refused (and the state unchanged), and the moves listed legal (follow suit in a trick
game, match the upcard in a Stops game).
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

from cardrules.errors import IllegalMoveError
from cardrules.game import Game
from cardrules.moves import Play
from cardrules.testing.common import ConformanceError, _fail
from cardrules.testing.voids import _led_group, suit_rules


def check_cards_conserved(game: Game, state: Any, rules: Any) -> None:
    """Every card of the deck is in exactly one zone."""
    zones = game.zones(state)
    counts = Counter(card for cards in zones.values() for card in cards)
    twice = sorted(str(card) for card, n in counts.items() if n > 1)
    _fail(not twice, f"cards in two zones at once: {' '.join(twice)}")
    deck = set(game.deck_of(rules))
    missing = sorted(str(card) for card in deck - set(counts))
    extra = sorted(str(card) for card in set(counts) - deck)
    _fail(not missing and not extra, f"zones lack {missing} and hold cards not in the deck {extra}")


def check_unlisted_moves_refused(
    game: Game, state: Any, rng: random.Random, *, deep: bool = True
) -> None:
    """A dozen moves that ``legal_moves`` does not list each raise IllegalMoveError,
    and (``deep``: compared as whole pickles) the state is unchanged."""
    legal = set(game.legal_moves(state))
    before = pickle.dumps(state) if deep else None
    numbers = rng.sample(range(game.NUM_MOVES), min(12, game.NUM_MOVES))
    for move in (game.move_from_index(number) for number in numbers):
        if move in legal:
            continue
        try:
            game.apply(state, move)
        except IllegalMoveError as error:
            _fail(bool(str(error)), f"refusing {move} gave no reason")
        else:
            raise ConformanceError(f"{move} is not a legal move, but apply accepted it")
    if before is not None:
        _fail(pickle.dumps(state) == before, "refusing an illegal move changed the state")


def check_legality(game: Game, state: Any) -> None:
    """The moves listed follow suit (trick games) or match the upcard (Stops games).

    Every card a listed move plays lies in a hand (``zones``: ``hand N``), not
    necessarily the mover's own (a seat may play a partner's exposed cards). In a
    trick game whose state says what suit each card counts as (:func:`suit_rules`: a
    jack may count as a trump, a joker as no suit), a hand that holds a card of the
    suit led may play only cards of that suit (or cards playable at any time), unless
    the rules' option ``revoke`` makes a revoke legal (any value but ``"forbid"``);
    in a Stops game (a view with ``upcard`` and a ``rules.stops`` table) every card
    played is of the called suit (after a call) or the upcard's suit, of the upcard's
    rank, or wild, unless the last calling card called nothing. Other games pass
    unchecked.
    """
    seat = game.to_move(state)
    if not isinstance(seat, int):
        return
    view = game.observe(state, seat)
    plays = [move for move in game.legal_moves(state) if isinstance(move, Play)]
    if not plays:
        return
    # Where each card played lies: the mover's own hand (its view shows it), else the
    # hand the zones name (a partner's exposed cards, say).
    own = getattr(view, "hand", ())
    holder: dict[Any, str] = dict.fromkeys(own, f"hand {seat}")
    if any(move.card not in holder for move in plays):
        holder = {}
        for zone, cards in game.zones(state).items():
            if zone.startswith("hand "):
                holder.update(dict.fromkeys(cards, zone))
        for move in plays:
            _fail(move.card in holder, f"{move} is listed for seat {seat}, but no hand holds it")
    trick = getattr(view, "trick", None)
    counted = suit_rules(state)
    revoke_allowed = getattr(game.origin(state).rules, "revoke", "forbid") != "forbid"
    if trick and counted is not None and not revoke_allowed:
        led = _led_group(counted, trick)
        if led is not None:
            follow = counted.follow_masks[led]
            allowed = follow | counted.anytime_mask
            hands = {zone: 0 for zone in holder.values()}
            for card, zone in holder.items():
                hands[zone] |= card.bit
            wrong = [
                str(m) for m in plays if hands[holder[m.card]] & follow and not m.card.bit & allowed
            ]
            if wrong:
                raise ConformanceError(
                    f"seat {seat} holds a card that counts as the suit led, "
                    f"{counted.group_names[led]}, "
                    f"yet may play {wrong}"
                )
    upcard = getattr(view, "upcard", None)
    stops = getattr(getattr(view, "rules", None), "stops", None)
    if upcard is not None and stops is not None and not getattr(view, "free", False):
        called = getattr(view, "called", None)
        suit = upcard.suit if called is None else called
        for move in plays:
            card = move.card
            _fail(
                card.suit == suit or card.rank == upcard.rank or stops.effect(card.rank).wild,
                f"{move} is listed on the upcard {upcard}"
                + (f" with {called.plural} called" if called is not None else "")
                + ": it matches neither suit nor rank and is not wild",
            )
