"""The rules of play of a trick game, in one place: which cards may be played, why
a card is refused, and what a play shows about the hand it came from.

Follow suit is the base, written once over card masks: each card counts in one *follow
group* (a suit, as a rule; a deal's :class:`~cardrules.core.tricks.TrickRules` may move a
card to another group, as Euchre's left bower counts as a trump), or in none (a joker
playable at any time). :func:`led_group` is the group led to a trick so far, as the mask
of its cards, and :func:`follow_suit` the cards of a hand that follow it. Legal moves, the
engine's check of a play, the illegal-move message, what a play reveals (the voids views
show and ``sample`` respects) and the double-dummy search all call these two; they read
only the masks of the deal's groups (``TrickRules.led_masks``, ``anytime_mask``), never a
suit, so a deal that sets its own groups (more or fewer than the four suits) is followed,
revealed and searched the same way.

A game adds the restrictions of its family through a :class:`Restrictions` in its
description:

* a suit that may not be led until broken (Hearts, Spades);
* cards barred on the first trick of a deal (Hearts: hearts and the queen of spades);
* must trump when void in the suit led (Maverick's source, as an option);
* must beat: head the trick when able, in the suit led and when trumping (Belote).

Three functions read them, so that each rule is written once: :func:`playable` (the
legal cards: the engine's legal moves and its check of a play), :func:`refusal`
(why a card of the hand is refused, for the illegal-move message) and :func:`revealed`
(the cards a play shows the player does not hold: the engine's per-seat
*known-absent* masks, which views report and ``sample`` respects). The restrictions
read only public facts (the trick so far, the cards of finished tricks), so what a
play reveals follows from the public log alone. For the double-dummy search three more
describe them: :func:`finished_tricks_read` (what they read of the finished tricks),
:func:`forces_cards` (whether one can force a card on a seat void in the suit led) and
:func:`reads_suits_alone` (whether they read suits and never ranks or single cards).

>>> from cardrules.cards import Suit, cards_of, mask_of, parse_cards
>>> from cardrules.core.tricks import trick_rules
>>> hand = mask_of(parse_cards("2S 9S 3H KD"))
>>> spades = led_group(trick_rules(Suit.HEARTS), parse_cards("5S"))
>>> cards_of(follow_suit(hand, spades, 0))                      # must follow suit
(Card('2S'), Card('9S'))
>>> follow_suit(hand, SUIT_MASKS[Suit.CLUBS], 0) == hand        # void: anything
True
>>> hearts = Restrictions(unbroken=lambda rules: SUIT_MASKS[Suit.HEARTS])
>>> limits = active(hearts, None)
>>> hand = mask_of(parse_cards("2H 9H KS"))
>>> cards_of(playable(trick_rules(None), limits, hand, (), 0))   # hearts not broken
(Card('KS'),)
>>> cards_of(revealed(trick_rules(None), limits, (), 0, parse_cards("2H")[0]))[:3]
(Card('2C'), Card('3C'), Card('4C'))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from cardrules.cards import ALL_CARDS, Card, cards_of, format_cards, mask_of
from cardrules.core import tricks
from cardrules.core.tricks import SUIT_MASKS

if TYPE_CHECKING:  # read here, built above this module
    from cardrules.core.trickgame.description import TrickGame
    from cardrules.core.trickgame.state import State

__all__ = [
    "ALL_MASK",
    "SUIT_MASKS",
    "Active",
    "Restrictions",
    "active",
    "beaters",
    "finished_tricks_read",
    "follow_suit",
    "forces_cards",
    "led_group",
    "playable",
    "reads_suits_alone",
    "refusal",
    "revealed",
]

#: Every card, jokers included: what a player who may hold nothing else is known to lack
#: (masked with the unseen cards where it is used).
ALL_MASK: Final = mask_of(ALL_CARDS)


def _no_cards(rules: Any) -> int:
    return 0


def _off(rules: Any) -> bool:
    return False


@dataclasses.dataclass(frozen=True, kw_only=True)
class Restrictions:
    """The play restrictions a trick game adds to follow suit; each reads the game's
    ``rules``, so a rules option can switch it. Every one is off by default.

    * ``unbroken(rules)``: the cards that may not be *led* until broken (a card mask,
      usually whole suits). They are broken once a card of ``breaking(rules)`` (default:
      the same cards) lies in a finished trick of the deal; before that a player may
      lead one only when he holds nothing else. Hearts::

          unbroken=lambda rules: SUIT_MASKS[Suit.HEARTS],
          breaking=lambda rules: SUIT_MASKS[Suit.HEARTS] | QS.bit,   # if the queen breaks too

      Leading one unbroken shows the leader held no other card.
    * ``first_trick_barred(rules)``: cards that may not be played to the first trick of a
      deal (led or followed; the first trick is the one before any trick is finished)
      unless the cards the player may otherwise play are all barred: then he may play
      any of them. Hearts: ``SUIT_MASKS[Suit.HEARTS] | QS.bit`` (a player with only
      point cards plays one). Playing a barred card shows the player held no unbarred
      card he could have played.
    * ``must_trump(rules)``: a player who cannot follow the suit led must play a trump
      if he holds one (jokers that may be played at any time stay playable). Discarding
      another suit shows he holds no trump. Maverick's source asks for it::

          must_trump=lambda rules: rules.must_trump

    * ``must_beat(rules)``: a player must head the trick when able, in the suit led and
      when trumping: a player who plays a card of the suit led must play one that wins
      the trick as it stands (see :func:`beaters`) if he holds such a card, and a player
      void in the suit led who plays a trump must play one that wins it if he holds
      one (overtrump; he may undertrump only when no trump of his would win, and with
      ``must_trump`` off he may still discard another suit). Following with a card of
      the suit led once the trick is trumped needs no beating (no such card wins).
      Belote, with ``must_trump`` on: ``must_beat=lambda rules: True``. Playing a card
      that does not win shows the player held no card of that kind that would.

    The illegal-move messages cite the game's rule identifiers for these restrictions
    by kind in ``TrickGame.rule_ids``: ``unbroken``, ``first_trick``, ``must_trump``,
    ``must_beat``.
    """

    unbroken: Callable[[Any], int] = _no_cards
    breaking: Callable[[Any], int] | None = None
    first_trick_barred: Callable[[Any], int] = _no_cards
    must_trump: Callable[[Any], bool] = _off
    must_beat: Callable[[Any], bool] = _off


#: The kinds of the restrictions: also the kinds of the events that announce a breach of
#: one where a rules option makes it legal and penalised (see ``Revoking.breach``).
RESTRICTION_KINDS: Final = frozenset(("unbroken", "first_trick", "must_trump", "must_beat"))


class Active(NamedTuple):
    """The restrictions in force under one game's rules, as masks and flags (see
    :func:`active`): the cards not led until broken and those that break them, the
    cards barred on the first trick, must trump, must beat."""

    unbroken: int
    breaking: int
    barred: int
    must_trump: bool
    must_beat: bool


_ACTIVE: dict[int, tuple[Any, Active | None]] = {}


def active(restrictions: Restrictions | None, rules: Any) -> Active | None:
    """The restrictions these rules switch on, or None when none is on (the fast path).

    Remembered per rules object, by identity, as every move asks.
    """
    if restrictions is None:
        return None
    found = _ACTIVE.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    unbroken = restrictions.unbroken(rules)
    breaking = unbroken if restrictions.breaking is None else restrictions.breaking(rules)
    limits: Active | None = Active(
        unbroken,
        breaking if unbroken else 0,
        restrictions.first_trick_barred(rules),
        bool(restrictions.must_trump(rules)),
        bool(restrictions.must_beat(rules)),
    )
    if limits == (0, 0, 0, False, False):
        limits = None
    if len(_ACTIVE) > 256:  # a bounded cache: rules objects come and go
        _ACTIVE.clear()
    _ACTIVE[id(rules)] = (rules, limits)
    return limits


def led_group(trick_rules: tricks.TrickRules, trick: Sequence[Card]) -> int:
    """The follow group led to ``trick`` so far, as the mask of its cards: the group of
    the first card that counts in one (a joker playable at any time sets none: the next
    card does); 0 before the lead.

    >>> from cardrules.cards import BIG_JOKER, Suit, parse_cards
    >>> from cardrules.core.tricks import trick_rules
    >>> suitless = trick_rules(Suit.SPADES, "suitless")
    >>> led_group(suitless, (BIG_JOKER, *parse_cards("3D"))) == SUIT_MASKS[Suit.DIAMONDS]
    True
    """
    led_masks = trick_rules.led_masks
    for card in trick:
        group = led_masks[card.index]
        if group:
            return group
    return 0


def follow_suit(hand: int, group: int, anytime: int) -> int:
    """Follow suit, the one body every caller shares: the cards of ``hand`` (a mask) that
    may be played to a trick whose led follow group is ``group`` (a mask, see
    :func:`led_group`; 0 when nothing is led yet), where the cards of ``anytime`` may be
    played whatever was led: the cards of the group the hand holds, with its cards
    playable at any time, else (a void, or the lead) any card of the hand.

    What a legal play shows follows from it: a card outside ``follow_suit(ALL_MASK,
    group, anytime)`` (the cards a holder of the group may play) shows a void in the
    group (see :func:`revealed`).
    """
    following = hand & group
    if following:
        return following | (hand & anytime)
    return hand


def _trumps(trick_rules: tricks.TrickRules, group: int) -> int:
    """The trumps a player void in the led ``group`` may trump with (0 when no trump
    group, or when trumps were led)."""
    trumps = trick_rules.trump_mask
    return 0 if trumps == group else trumps


def beaters(trick_rules: tricks.TrickRules, trick: Sequence[Card], cards: int) -> int:
    """The cards of the mask ``cards`` that would win ``trick`` as it stands if played now.

    >>> from cardrules.cards import Suit, cards_of, mask_of, parse_cards
    >>> from cardrules.core.tricks import trick_rules
    >>> held = mask_of(parse_cards("TH QH 2S"))
    >>> cards_of(beaters(trick_rules(Suit.SPADES), parse_cards("9H JH"), held))
    (Card('QH'), Card('2S'))
    """
    position = len(trick)
    found = 0
    for card in cards_of(cards):
        if tricks.winner(trick_rules, (*trick, card)) == position:
            found |= card.bit
    return found


def _narrow(
    trick_rules: tricks.TrickRules,
    limits: Active,
    hand: int,
    trick: Sequence[Card],
    group: int,
    waste: int,
    allowed: int,
    watched: int,
) -> tuple[int, str]:
    """The restrictions applied in turn to ``allowed`` (the cards that follow the led
    ``group``), and the kind of the one that removed the ``watched`` card ("" if none
    did)."""
    dropped = ""
    # What this reads of waste, finished_tricks_read says for the search: keep them alike.
    if not trick:
        if limits.unbroken and not waste & limits.breaking:
            rest = allowed & ~limits.unbroken
            if rest:
                if watched & allowed and not watched & rest:
                    dropped = "unbroken"
                allowed = rest
    elif group:
        trumps = _trumps(trick_rules, group)
        if limits.must_trump and trumps and not hand & group and hand & trumps:
            rest = hand & (trumps | trick_rules.anytime_mask)
            if watched & allowed and not watched & rest:
                dropped = "must_trump"
            allowed = rest
        if limits.must_beat:
            for kind in (group, trumps):
                part = allowed & kind
                if part:
                    winning = beaters(trick_rules, trick, part)
                    if winning:
                        rest = (allowed & ~kind) | winning
                        if not dropped and watched & allowed and not watched & rest:
                            dropped = "must_beat"
                        allowed = rest
    if limits.barred and not waste:
        rest = allowed & ~limits.barred
        if rest:
            if not dropped and watched & allowed and not watched & rest:
                dropped = "first_trick"
            allowed = rest
    return allowed, dropped


def finished_tricks_read(limits: Active | None, waste: int) -> int:
    """What the restrictions read of ``waste``, the cards in the deal's finished tricks,
    as :func:`playable` reads them: 1 once the cards not led until broken are broken, 2
    once the first trick is over where it bars cards (0: nothing read). Two positions
    that agree on this and on the hands and the trick have the same playable cards, so
    the double-dummy search keys its table on it rather than on the cards."""
    if limits is None:
        return 0
    read = 1 if waste & limits.breaking else 0
    if limits.barred and waste:
        read |= 2
    return read


def forces_cards(limits: Active | None) -> bool:
    """Whether a restriction can make a seat void in the suit led play a card follow suit
    would leave to its choice: must trump, must beat, or the first trick's bars (which
    leave a seat holding only barred cards and a trump the trump)."""
    return limits is not None and (limits.must_trump or limits.must_beat or limits.barred != 0)


def reads_suits_alone(limits: Active | None, trick_rules: tricks.TrickRules) -> bool:
    """Whether the restrictions read suits alone, as follow suit does: no must-beat (which
    reads ranks), and the cards not led until broken, those that break them and those
    barred from the first trick each whole follow groups (no single card such as Hearts'
    queen of spades). Then which cards are playable follows from the hands' lengths in
    each group, the trick's groups and :func:`finished_tricks_read`."""
    if limits is None:
        return True
    if limits.must_beat:
        return False
    groups = trick_rules.follow_masks
    every = 0
    for group in groups:
        every |= group
    for mask in (limits.unbroken, limits.breaking, limits.barred):
        if mask & ~every:
            return False
        for group in groups:
            if mask & group and mask & group != group:
                return False
    return True


def playable(
    trick_rules: tricks.TrickRules,
    limits: Active | None,
    hand: int,
    trick: Sequence[Card],
    waste: int,
) -> int:
    """The mask of the cards of ``hand`` the seat to move may play to ``trick``.

    Follow suit first (:func:`follow_suit`: the led group when held, suitless jokers at
    any time), then the restrictions ``limits`` holds (None: none), in this order: not
    leading an unbroken suit, must trump, must beat, the first trick's barred cards;
    each one narrows the cards left unless it would leave none. ``waste`` is the mask of
    the cards in the deal's finished tricks.
    """
    group = led_group(trick_rules, trick)
    allowed = follow_suit(hand, group, trick_rules.anytime_mask)
    if limits is None:
        return allowed
    return _narrow(trick_rules, limits, hand, trick, group, waste, allowed, 0)[0]


def refusal(
    trick_rules: tricks.TrickRules,
    limits: Active | None,
    hand: int,
    trick: Sequence[Card],
    waste: int,
    card: Card,
    seat: int,
) -> tuple[str, str]:
    """Why ``seat`` may not play ``card`` of his ``hand`` here: the message and the kind
    of rule it enforces (``follow`` or one of the :class:`Restrictions` kinds), so that
    the caller can cite the game's rule identifier. The card must be refused by
    :func:`playable`."""
    group = led_group(trick_rules, trick)
    following = follow_suit(hand, group, trick_rules.anytime_mask)
    if not card.bit & following:
        led = tricks.group_led(trick_rules, trick)
        assert led is not None
        cards = format_cards(cards_of(hand & group))
        return f"seat {seat} must follow {_follow_what(trick_rules, led)} ({cards})", "follow"
    assert limits is not None
    allowed, kind = _narrow(trick_rules, limits, hand, trick, group, waste, following, card.bit)
    cards = format_cards(cards_of(allowed))
    if kind == "unbroken":
        text = f"{card} may not be led until broken while seat {seat} holds another card"
    elif kind == "must_trump":
        trump = trick_rules.trump_group
        assert trump is not None
        text = f"seat {seat} cannot follow suit and must trump: {trick_rules.group_names[trump]}"
    elif kind == "must_beat":
        text = f"seat {seat} must beat the trick when able"
    else:
        text = f"{card} may not be played to the first trick while seat {seat} has another card"
    return f"{text} ({cards})", kind


def _follow_what(trick_rules: tricks.TrickRules, group: int) -> str:
    """What a seat must follow, for the illegal-move message: ``suit: hearts`` for a
    group named by a suit, under the suit's name (as for plain suits), else the group's
    name (``the trumps``, ``the jacks``)."""
    name = trick_rules.group_names[group]
    suit = trick_rules.group_suits[group]
    if suit is not None and name == suit.plural:
        return f"suit: {name}"
    return f"the {name}"


def revealed(
    trick_rules: tricks.TrickRules,
    limits: Active | None,
    trick: Sequence[Card],
    waste: int,
    card: Card,
) -> int:
    """The cards a legal play of ``card`` to ``trick`` shows the player did not hold.

    A card that does not follow (see :func:`follow_suit`) shows a void in the group led;
    under the restrictions:
    leading an unbroken card shows no other card, a discard under must trump shows no
    trump, a card that does not win under must beat shows none of its kind that would,
    and a barred card on the first trick shows no unbarred card the player could have
    played. Every mask is implied by the play (the engine's ``voids``, generalised to
    any cards); where the rules leave a choice between two kinds of cards (must beat
    with must trump off, a discard on the first trick), only what is certain is kept.
    """
    bit = card.bit
    absent = 0
    scope = ALL_MASK  # the cards the player could have chosen from, as far as is certain
    if trick:
        group = led_group(trick_rules, trick)
        if not group:
            return 0
        anytime = trick_rules.anytime_mask
        followers = follow_suit(ALL_MASK, group, anytime)  # what a holder of the group plays
        if not bit & followers:
            absent = group
        elif bit & group:
            scope = followers
        if limits is None:
            return absent
        trumps = _trumps(trick_rules, group)
        if limits.must_trump and trumps and absent:
            if bit & trumps:
                scope = trumps | anytime
            else:
                absent |= trumps
        if limits.must_beat:
            for kind in (group, trumps):
                if not kind or (kind == trumps and not absent):
                    continue  # the trumps are a kind only for a player void in the led suit
                winning = beaters(trick_rules, trick, kind)
                if bit & kind:
                    if bit & winning:
                        scope = (scope & ~kind) | winning
                    else:
                        absent |= winning
                else:
                    scope &= ~kind | winning
    elif limits is None:
        return 0
    elif limits.unbroken and not waste & limits.breaking:
        if bit & limits.unbroken:
            absent = ALL_MASK & ~limits.unbroken
        else:
            scope = ALL_MASK & ~limits.unbroken
    if limits.barred and not waste and bit & limits.barred:
        absent |= scope & ~limits.barred
    return absent


def opening_lead(state: State, seat: int) -> int:
    """The card ``seat`` must lead now, as a mask, else 0: the holder of the game's
    :attr:`~cardrules.core.trickgame.TrickPlay.lead_card` leads it to the deal's first
    trick (Hearts' two of clubs).

    Only games with a ``lead_card`` call it; legal moves, ``apply`` and the illegal-move
    message read it.
    """
    if state.trick or state.waste:
        return 0
    deal = state.deal
    rules = deal.rules
    game: TrickGame[Any] = deal.game
    assert game.play.lead_card is not None
    card = game.play.lead_card(rules, deal.match.deal_number)
    if card is None or not card.bit & state.hands[seat]:
        return 0
    return card.bit
