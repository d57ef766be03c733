"""The trick-taking core: how tricks work in one deal (:class:`TrickRules`), and who wins
a trick.

Shared by Up and Down the River (trumps from a turned card), Enfle (no trumps)
and Maverick (trumps with jokers above the ace, a revoke that is legal but
penalised, trumps that may score without winning). Hands are card masks (see
:mod:`cardrules.cards`); a :class:`TrickRules` holds the precomputed masks for
one trump suit and one treatment of jokers. Which cards may be played (follow suit,
and every restriction on it) is :mod:`cardrules.core.trickgame.rules_of_play`'s.

>>> from cardrules.cards import Suit, parse_cards
>>> rules = trick_rules(trump=Suit.HEARTS)
>>> winner(rules, parse_cards("KS 2H AS 5S"))           # the trump wins
1
>>> led_suit(rules, parse_cards("KS 2H"))
<Suit.SPADES: 3>
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import ClassVar, Final, Literal

from cardrules.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card, Suit
from cardrules.core.changes import with_item
from cardrules.frozen import Frozen

__all__ = [
    "PLAIN",
    "TrickRules",
    "led_suit",
    "pick_up",
    "seat_to_play",
    "suit_of",
    "trick_plays",
    "trick_rules",
    "winner",
    "winning_seat",
]

JokerMode = Literal["trump", "suitless"]

#: Mask of the thirteen cards of each suit, by suit number.
SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << 13) - 1) << (13 * suit) for suit in Suit)
JOKERS_MASK: Final = LITTLE_JOKER.bit | BIG_JOKER.bit


class TrickRules(Frozen):
    """How tricks work in one deal: the trump suit, how jokers behave, the suit each card
    counts as and the order of the cards within a suit.

    ``trump``: the trump suit, or None. ``jokers``: None when the deck has no
    jokers; ``"trump"`` when they belong to the trump suit above its ace;
    ``"suitless"`` when they may be played at any time and win the trick.
    ``trumps_win``: whether a trump beats the led suit (Maverick can turn it off:
    trumps then only score). ``follow_masks[s]`` is the mask of cards that count as
    suit ``s`` (a game may move a card to another suit: Euchre's left bower counts as
    a trump); ``anytime_mask`` the cards playable whatever was led. ``ranks``: each
    card's strength within the suit it counts as, by card index (None: ace high, as
    printed; Skat puts the ten above the king, Euchre the bowers above the ace).

    Derived, for the hot path: ``card_suits[i]``, the suit card ``i`` counts as (None
    for a suitless joker), and ``led_masks[i]``, card ``i``'s follow group: the cards
    that follow it when it is led (its suit's follow mask, 0 for a suitless joker). The
    rules of play read the groups from these masks alone
    (:func:`~cardrules.core.trickgame.rules_of_play.led_group`,
    :func:`~cardrules.core.trickgame.rules_of_play.follow_suit`).

    >>> from cardrules.cards import Card, Suit
    >>> plain = trick_rules(Suit.HEARTS)
    >>> follow = list(plain.follow_masks)
    >>> follow[Suit.HEARTS] |= Card("JC").bit      # the jack of clubs counts as a heart
    >>> follow[Suit.CLUBS] &= ~Card("JC").bit
    >>> rules = TrickRules(Suit.HEARTS, None, True, tuple(follow), 0)
    >>> suit_of(rules, Card("JC")), led_suit(rules, [Card("JC")])
    (<Suit.HEARTS: 2>, <Suit.HEARTS: 2>)
    """

    # A hot-path value on Frozen (docs/contributing.rst): every play reads it.
    __slots__ = (
        "anytime_mask",
        "card_suits",
        "follow_masks",
        "jokers",
        "led_masks",
        "ranks",
        "strengths",
        "trump",
        "trumps_win",
    )
    __match_args__: ClassVar[tuple[str, ...]] = (
        "trump",
        "jokers",
        "trumps_win",
        "follow_masks",
        "anytime_mask",
        "ranks",
    )
    trump: Suit | None
    jokers: JokerMode | None
    trumps_win: bool
    follow_masks: tuple[int, ...]
    anytime_mask: int
    ranks: tuple[int, ...] | None
    card_suits: tuple[Suit | None, ...]
    led_masks: tuple[int, ...]
    strengths: tuple[int, ...]

    def __init__(
        self,
        trump: Suit | None,
        jokers: JokerMode | None,
        trumps_win: bool,
        follow_masks: tuple[int, ...],
        anytime_mask: int,
        ranks: tuple[int, ...] | None = None,
    ) -> None:
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "jokers", jokers)
        object.__setattr__(self, "trumps_win", trumps_win)
        object.__setattr__(self, "follow_masks", follow_masks)
        object.__setattr__(self, "anytime_mask", anytime_mask)
        object.__setattr__(self, "ranks", ranks)
        suits: list[Suit | None] = []
        for card in ALL_CARDS:
            found = [suit for suit in Suit if card.bit & follow_masks[suit]]
            suits.append(found[0] if found else None)
        object.__setattr__(self, "card_suits", tuple(suits))
        led = tuple(follow_masks[suit] if suit is not None else 0 for suit in suits)
        object.__setattr__(self, "led_masks", led)
        strengths = ranks if ranks is not None else tuple(card.rank for card in ALL_CARDS)
        object.__setattr__(self, "strengths", strengths)

    def _values(self) -> tuple[object, ...]:
        return (
            self.trump,
            self.jokers,
            self.trumps_win,
            self.follow_masks,
            self.anytime_mask,
            self.ranks,
        )


@functools.cache
def trick_rules(
    trump: Suit | None = None, jokers: JokerMode | None = None, trumps_win: bool = True
) -> TrickRules:
    """The (cached) :class:`TrickRules` for a trump suit and a joker treatment."""
    if jokers == "trump" and trump is None:
        raise ValueError("jokers can belong to the trump suit only when there is a trump suit")
    follow = list(SUIT_MASKS)
    if jokers == "trump" and trump is not None:
        follow[trump] |= JOKERS_MASK
    anytime = JOKERS_MASK if jokers == "suitless" else 0
    return TrickRules(trump, jokers, trumps_win, tuple(follow), anytime)


#: The plain trick rules of each trump suit and of no trumps (no jokers, trumps win).
PLAIN: Final[dict[Suit | None, TrickRules]] = {suit: trick_rules(suit) for suit in (*Suit, None)}


def suit_of(rules: TrickRules, card: Card) -> Suit | None:
    """The suit a card counts as: its own unless the game moved it to another (see
    :class:`TrickRules`), the trump suit for a trump joker, or None."""
    return rules.card_suits[card.index]


def led_suit(rules: TrickRules, trick: Sequence[Card]) -> Suit | None:
    """The suit led to a trick so far (None before the lead).

    A suitless joker sets no suit: the first card after it does.
    """
    if rules.jokers is None:
        return rules.card_suits[trick[0].index] if trick else None
    for card in trick:
        suit = rules.card_suits[card.index]
        if suit is not None:
            return suit
    return None


def winner(rules: TrickRules, trick: Sequence[Card]) -> int:
    """The position in ``trick`` (0 = the lead) of the card that wins it.

    A joker wins (the big one over the little one): a suitless joker always,
    and a trump joker too, as the highest trump, or, when trumps do not win, as
    the one card besides the led suit that still wins (Maverick's rules MV-4.3
    and MV-4.5). Otherwise, when trumps win and a trump was played, the highest
    trump; otherwise the highest card of the led suit, by the rules' ranks (ace high
    unless the game orders a suit otherwise).
    """
    led = led_suit(rules, trick)
    trump = rules.trump if rules.trumps_win else None
    best_position = 0
    best_strength = -1
    ranks = rules.strengths
    for position, card in enumerate(trick):
        if card.suit is None:
            strength = 300 + card.rank  # a joker, suitless or trump
        else:
            suit = rules.card_suits[card.index]
            if suit is trump:
                strength = 200 + ranks[card.index]
            elif suit is led:
                strength = 100 + ranks[card.index]
            else:
                continue
        if strength > best_strength:
            best_position, best_strength = position, strength
    return best_position


def seat_to_play(leader: int, played: int, players: int) -> int:
    """The seat whose turn it is when ``played`` cards lie in a trick: clockwise from the leader.

    >>> seat_to_play(leader=3, played=2, players=4)
    1
    """
    return (leader + played) % players


def winning_seat(rules: TrickRules, trick: Sequence[Card], leader: int, players: int) -> int:
    """The seat that wins a complete trick led by ``leader`` (the card :func:`winner` names).

    >>> from cardrules.cards import parse_cards
    >>> winning_seat(trick_rules(None), parse_cards("KS 2S AS 5S"), leader=2, players=4)
    0
    """
    return (leader + winner(rules, trick)) % players


def pick_up(hands: tuple[int, ...], seat: int, trick: Sequence[Card]) -> tuple[int, ...]:
    """The hands (card masks) after ``seat`` takes every card of ``trick`` into his hand.

    Games where failing to follow, or failing to beat, sends the cards on the table
    into a hand instead of to a winner (Enfle's pick-up, the Durak family's) use it.

    >>> from cardrules.cards import cards_of, mask_of, parse_cards
    >>> hands = pick_up((mask_of(parse_cards("7S")), 0), 1, parse_cards("9H KH"))
    >>> [cards_of(h) for h in hands]
    [(Card('7S'),), (Card('9H'), Card('KH'))]
    """
    taken = 0
    for card in trick:
        taken |= card.bit
    return with_item(hands, seat, hands[seat] | taken)


def trick_plays(leader: int, trick: Sequence[Card], players: int) -> tuple[tuple[int, Card], ...]:
    """Who played each card of a trick in progress: ``(seat, card)`` in the order played.

    >>> trick_plays(3, (ALL_CARDS[0], ALL_CARDS[1]), 4)
    ((3, Card('2C')), (0, Card('3C')))
    """
    return tuple(((leader + i) % players, card) for i, card in enumerate(trick))
