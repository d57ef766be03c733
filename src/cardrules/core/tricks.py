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

from cardrules.cards import (
    ALL_CARDS,
    BIG_JOKER,
    LITTLE_JOKER,
    Card,
    Suit,
    cards_of,
    format_cards,
    parse_cards,
)
from cardrules.core.changes import with_item
from cardrules.errors import RulesError
from cardrules.frozen import Frozen

__all__ = [
    "PLAIN",
    "TrickRules",
    "card_order",
    "group_led",
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
#: The default of :class:`TrickRules`' ``trump_group``: the group named by the trump suit.
SUIT_TRUMPS: Final = -1


class TrickRules(Frozen):
    """How tricks work in one deal: the follow groups, their order, the trumps, how jokers
    behave.

    Each card counts in one *follow group* (the cards that count as one suit for
    following: a printed suit as a rule, but a game may move a card to another group or
    make groups of its own: Euchre's left bower is a trump, Skat's grand makes the four
    jacks a group and each suit a group without its jack), or in none: a card playable
    at any time (a suitless joker). Any number of groups; build them with
    :func:`card_order` (the groups as card lists, strongest first) or, for plain suits,
    :func:`trick_rules`. A game never builds the masks by hand.

    ``trump``: the printed suit of the trumps, or None (no trumps, or a trump group that
    is no suit, as Skat's grand jacks). ``jokers``: None when the deck has no jokers or
    the groups place them; ``"trump"`` when they belong to the trump group above its
    ace; ``"suitless"`` when they may be played at any time and win the trick.
    ``trumps_win``: whether a trump beats the led group (Maverick can turn it off:
    trumps then only score). ``follow_masks[g]`` is the mask of the cards of group ``g``
    (for the plain rules of :func:`trick_rules`, group ``g`` is the suit numbered ``g``);
    ``anytime_mask`` the cards playable whatever was led. ``ranks``: each card's strength
    within its group, by card index, higher wins (None: ace high, as printed).
    ``trump_group``: the number of the trump group, or None (no trumps); by default the
    group named by the suit ``trump``. ``group_suits[g]``: the printed suit group ``g``
    is named by (None for a group that is no suit; by default group ``g`` is the suit
    numbered ``g``). ``group_names[g]``: how messages name the group (by default its
    suit's plural, else ``"trumps"`` for the trump group, else ``"group g"``).

    Derived, for the hot path, each a tuple by card index: ``card_groups[i]``, the group
    card ``i`` counts in (-1 for none); ``card_suits[i]``, the suit naming that group
    (None for none); ``led_masks[i]``, the mask of that group (0 for none: the cards
    that follow card ``i`` when it is led); ``strengths[i]``, its strength in its group.
    ``trump_mask`` is the trump group's mask (0 without trumps) and ``winning_trumps``
    the trump group's number where trumps win, else -1. :func:`winner` reads two more
    tables by card: ``trump_strengths[i]``, what card ``i`` scores whatever was led (300
    and up for a joker, 200 and up for a trump that wins, else -1), and
    ``plain_strengths[i]``, what it scores in the led group (100 and up; -1 in no group).
    The rules of play read the groups from these masks alone
    (:func:`~cardrules.core.trickgame.rules_of_play.led_group`,
    :func:`~cardrules.core.trickgame.rules_of_play.follow_suit`).

    >>> from cardrules.cards import Card, Suit
    >>> rules = card_order(["JS JC AS KS QS TS 9S", "AH KH QH JH TH 9H",
    ...                     "AD KD QD JD TD 9D", "AC KC QC TC 9C"], trump=0)
    >>> suit_of(rules, Card("JC")), led_suit(rules, [Card("JC")])   # the left bower
    (<Suit.SPADES: 3>, <Suit.SPADES: 3>)
    >>> winner(rules, parse_cards("AC JC KC"))                     # a trump wins
    1
    """

    # A hot-path value on Frozen (docs/contributing.rst): every play reads it.
    __slots__ = (
        "anytime_mask",
        "card_groups",
        "card_suits",
        "follow_masks",
        "group_names",
        "group_suits",
        "jokers",
        "led_masks",
        "plain_strengths",
        "ranks",
        "strengths",
        "trump",
        "trump_group",
        "trump_mask",
        "trump_strengths",
        "trumps_win",
        "winning_trumps",
    )
    __match_args__: ClassVar[tuple[str, ...]] = (
        "trump",
        "jokers",
        "trumps_win",
        "follow_masks",
        "anytime_mask",
        "ranks",
        "trump_group",
        "group_suits",
        "group_names",
    )
    trump: Suit | None
    jokers: JokerMode | None
    trumps_win: bool
    follow_masks: tuple[int, ...]
    anytime_mask: int
    ranks: tuple[int, ...] | None
    trump_group: int | None
    group_suits: tuple[Suit | None, ...]
    group_names: tuple[str, ...]
    card_groups: tuple[int, ...]
    card_suits: tuple[Suit | None, ...]
    led_masks: tuple[int, ...]
    strengths: tuple[int, ...]
    trump_mask: int
    winning_trumps: int
    trump_strengths: tuple[int, ...]
    plain_strengths: tuple[int, ...]

    def __init__(
        self,
        trump: Suit | None,
        jokers: JokerMode | None,
        trumps_win: bool,
        follow_masks: tuple[int, ...],
        anytime_mask: int,
        ranks: tuple[int, ...] | None = None,
        trump_group: int | None = SUIT_TRUMPS,
        group_suits: tuple[Suit | None, ...] | None = None,
        group_names: tuple[str, ...] | None = None,
    ) -> None:
        count = len(follow_masks)
        if group_suits is None:
            group_suits = tuple(Suit(g) if g < 4 else None for g in range(count))
        if trump_group == SUIT_TRUMPS:
            trump_group = group_suits.index(trump) if trump in group_suits else None
        _check_groups(follow_masks, anytime_mask, trump_group, group_suits, group_names)
        if group_names is None:
            group_names = tuple(
                suit.plural
                if suit is not None
                else ("trumps" if g == trump_group else f"group {g}")
                for g, suit in enumerate(group_suits)
            )
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "jokers", jokers)
        object.__setattr__(self, "trumps_win", trumps_win)
        object.__setattr__(self, "follow_masks", follow_masks)
        object.__setattr__(self, "anytime_mask", anytime_mask)
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "trump_group", trump_group)
        object.__setattr__(self, "group_suits", group_suits)
        object.__setattr__(self, "group_names", group_names)
        groups: list[int] = []
        for card in ALL_CARDS:
            found = -1
            for g in range(count):
                if card.bit & follow_masks[g]:
                    found = g
                    break
            groups.append(found)
        object.__setattr__(self, "card_groups", tuple(groups))
        suits = tuple(group_suits[g] if g >= 0 else None for g in groups)
        object.__setattr__(self, "card_suits", suits)
        led = tuple(follow_masks[g] if g >= 0 else 0 for g in groups)
        object.__setattr__(self, "led_masks", led)
        strengths = ranks if ranks is not None else tuple(card.rank for card in ALL_CARDS)
        object.__setattr__(self, "strengths", strengths)
        trumps = follow_masks[trump_group] if trump_group is not None else 0
        object.__setattr__(self, "trump_mask", trumps)
        winning = trump_group if trump_group is not None and trumps_win else -1
        object.__setattr__(self, "winning_trumps", winning)
        over: list[int] = []
        plain: list[int] = []
        for card in ALL_CARDS:
            group = groups[card.index]
            strength = strengths[card.index]
            if jokers is not None and card.suit is None:
                over.append(300 + card.rank)  # a joker, suitless or trump, wins
            elif group >= 0 and group == winning:
                over.append(200 + strength)
            else:
                over.append(-1)
            plain.append(100 + strength if group >= 0 else -1)
        object.__setattr__(self, "trump_strengths", tuple(over))
        object.__setattr__(self, "plain_strengths", tuple(plain))

    def _values(self) -> tuple[object, ...]:
        return (
            self.trump,
            self.jokers,
            self.trumps_win,
            self.follow_masks,
            self.anytime_mask,
            self.ranks,
            self.trump_group,
            self.group_suits,
            self.group_names,
        )


def _check_groups(
    follow_masks: tuple[int, ...],
    anytime_mask: int,
    trump_group: int | None,
    group_suits: tuple[Suit | None, ...],
    group_names: tuple[str, ...] | None,
) -> None:
    """Refuse follow groups that overlap, or a trump group, suits or names that do not
    fit them, with the fix."""
    count = len(follow_masks)
    seen = anytime_mask
    for g, mask in enumerate(follow_masks):
        if mask & seen:
            raise RulesError(
                f"the follow groups share {format_cards(cards_of(mask & seen))}: each card "
                "counts in one group at most (or is playable at any time)"
            )
        if not mask:
            raise RulesError(
                f"follow group {g} (numbered from 0) has no cards: give each group its cards"
            )
        seen |= mask
    if trump_group is not None and not 0 <= trump_group < count:
        raise RulesError(
            f"the trump group is group {trump_group} of {count} groups numbered from 0: "
            "give the number of one of them, or None for no trumps"
        )
    if len(group_suits) != count or (group_names is not None and len(group_names) != count):
        raise RulesError(
            f"there are {count} follow groups: give one suit (or None) and one name per group"
        )


@functools.cache
def trick_rules(
    trump: Suit | None = None, jokers: JokerMode | None = None, trumps_win: bool = True
) -> TrickRules:
    """The (cached) :class:`TrickRules` of the four printed suits, ace high, for a trump
    suit and a joker treatment: group ``g`` is the suit numbered ``g``."""
    if jokers == "trump" and trump is None:
        raise ValueError("jokers can belong to the trump suit only when there is a trump suit")
    follow = list(SUIT_MASKS)
    if jokers == "trump" and trump is not None:
        follow[trump] |= JOKERS_MASK
    anytime = JOKERS_MASK if jokers == "suitless" else 0
    return TrickRules(trump, jokers, trumps_win, tuple(follow), anytime)


#: The plain trick rules of each trump suit and of no trumps (no jokers, trumps win).
PLAIN: Final[dict[Suit | None, TrickRules]] = {suit: trick_rules(suit) for suit in (*Suit, None)}


def card_order(
    groups: Sequence[str | Sequence[Card]],
    trump: int | None = None,
    *,
    names: Sequence[str] | None = None,
    suits: Sequence[Suit | None] | None = None,
    anytime: str | Sequence[Card] = (),
    trumps_win: bool = True,
) -> TrickRules:
    """The :class:`TrickRules` of a deal from its follow groups, each given as its cards
    in order, strongest first (a list of cards, or their text as :func:`parse_cards`
    reads it), and the number of the trump group among them (None: no trumps).

    A card in no group and not in ``anytime`` is not in play (a card left out of the
    deck). ``anytime``: cards playable whatever was led; jokers among them win the trick
    (the big one over the little one: suitless jokers), other cards never win. Jokers
    listed in a group rank where they are listed. ``suits[g]``: the printed suit naming
    group ``g`` (None: a group that is no suit), by default the suit more than half its
    cards carry, if any. ``names[g]``: how messages name the group (see
    :class:`TrickRules`). ``trumps_win``: whether a trump beats the led group.

    Skat's grand (the jacks are the only trumps, five groups):

    >>> from cardrules.cards import Card
    >>> grand = card_order(
    ...     ["JC JS JH JD", "AC TC KC QC 9C 8C 7C", "AS TS KS QS 9S 8S 7S",
    ...      "AH TH KH QH 9H 8H 7H", "AD TD KD QD 9D 8D 7D"],
    ...     trump=0, names=["jacks", "clubs", "spades", "hearts", "diamonds"])
    >>> winner(grand, parse_cards("AC JD TC")), winner(grand, parse_cards("TC KC"))
    (1, 0)
    >>> grand.trump is None, grand.group_names[grand.card_groups[Card("JC").index]]
    (True, 'jacks')
    """
    lists: list[tuple[Card, ...]] = [
        parse_cards(group) if isinstance(group, str) else tuple(group) for group in groups
    ]
    extra = parse_cards(anytime) if isinstance(anytime, str) else tuple(anytime)
    if trump is not None and not 0 <= trump < len(lists):
        raise RulesError(
            f"the trump group is number {trump}, but there are {len(lists)} groups "
            "numbered from 0: give the number of one of them, or None for no trumps"
        )
    ranks = [card.rank for card in ALL_CARDS]
    masks: list[int] = []
    for group in lists:
        mask = 0
        for position, card in enumerate(group):
            if card.bit & mask:
                raise RulesError(f"{card} is listed twice in a follow group: list it once")
            mask |= card.bit
            ranks[card.index] = len(group) - position
        masks.append(mask)
    if suits is None:
        named: list[Suit | None] = []
        for group in lists:
            counts = [sum(1 for card in group if card.suit is suit) for suit in Suit]
            best = max(range(4), key=lambda s: counts[s])
            named.append(Suit(best) if 2 * counts[best] > len(group) else None)
        suits = named
    group_suits = tuple(suits)
    anytime_mask = 0
    for card in extra:
        anytime_mask |= card.bit
    trump_suit = group_suits[trump] if trump is not None and trump < len(group_suits) else None
    jokers: JokerMode | None = "suitless" if anytime_mask & JOKERS_MASK else None
    return TrickRules(
        trump_suit,
        jokers,
        trumps_win,
        tuple(masks),
        anytime_mask,
        tuple(ranks),
        trump,
        group_suits,
        None if names is None else tuple(names),
    )


def suit_of(rules: TrickRules, card: Card) -> Suit | None:
    """The suit naming the follow group a card counts in: its own unless the game moved
    it to another (see :class:`TrickRules`), the trump suit for a trump joker, or None
    (a card playable at any time, or a group that is no suit)."""
    return rules.card_suits[card.index]


def group_led(rules: TrickRules, trick: Sequence[Card]) -> int | None:
    """The number of the follow group led to a trick so far (None before the lead).

    A card playable at any time (a suitless joker) sets no group: the first card after
    it does.
    """
    groups = rules.card_groups
    for card in trick:
        group = groups[card.index]
        if group >= 0:
            return group
    return None


def led_suit(rules: TrickRules, trick: Sequence[Card]) -> Suit | None:
    """The suit naming the follow group led to a trick so far (None before the lead, or
    when the group led is no suit: see :func:`group_led`).

    A suitless joker sets no suit: the first card after it does.
    """
    group = group_led(rules, trick)
    return None if group is None else rules.group_suits[group]


def winner(rules: TrickRules, trick: Sequence[Card]) -> int:
    """The position in ``trick`` (0 = the lead) of the card that wins it.

    Where the rules treat jokers (``jokers`` set), a joker wins (the big one over the
    little one): a suitless joker always, and a trump joker too, as the highest trump,
    or, when trumps do not win, as the one card besides the led group that still wins
    (Maverick's rules MV-4.3 and MV-4.5). Otherwise, when trumps win and a trump was
    played, the highest trump; otherwise the highest card of the led group, by the
    rules' ranks (ace high unless the game orders a group otherwise).
    """
    # Read off the per-card tables (TrickRules.trump_strengths, plain_strengths): the
    # led group is that of the first card in a group.
    groups = rules.card_groups
    over = rules.trump_strengths
    plain = rules.plain_strengths
    led = -1
    best_position = 0
    best_strength = -1
    for position, card in enumerate(trick):
        index = card.index
        group = groups[index]
        if led < 0:
            led = group
        strength = over[index]
        if strength < 0:
            if group != led:
                continue
            strength = plain[index]
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
