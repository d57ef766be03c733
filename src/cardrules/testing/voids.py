"""What the kit reads of following suit: the follow groups a state's deal plays by
(:func:`suit_rules`), the group led to a trick, and the voids each seat has shown (a
view's ``voids``, or read from its public log), which a view that shows voids must show.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardrules.cards import Card, Suit, mask_of
from cardrules.core import tricks
from cardrules.testing.common import ConformanceError


def _voids(view: Any, counted: Any) -> list[tuple[int, ...]]:
    """The follow groups (their numbers in the deal's ``TrickRules``) each seat has shown
    it lacks in this deal: those the view's ``voids`` name (by the suits naming the
    deal's groups) when it has them, else read from its public log (see
    :func:`_log_voids`), as are the voids in groups that are no suit."""
    for seen, found in _LAST_VOIDS:  # the state's and the sampled world's checks share a view
        if seen is view:
            return found
    found = _log_voids(view, counted)
    if hasattr(view, "voids"):
        # A group that is no suit (Skat's grand jacks) has no name in a view's voids:
        # its voids are read from the log.
        unnamed = {g for g, suit in enumerate(counted.group_suits) if suit is None}
        found = [
            tuple(sorted({*_named_groups(counted, suits), *(g for g in logged if g in unnamed)}))
            for suits, logged in zip(view.voids, found)
        ]
    _LAST_VOIDS[:] = [(view, found)]
    return found


#: The last view :func:`_voids` read, and what it found.
_LAST_VOIDS: list[tuple[object, list[tuple[int, ...]]]] = []


def _named_groups(counted: Any, suits: Iterable[Suit]) -> tuple[int, ...]:
    """The numbers of the deal's follow groups that ``suits`` name (a view's voids)."""
    named = set(suits)
    return tuple(g for g, suit in enumerate(counted.group_suits) if suit in named)


def _log_voids(view: Any, counted: Any) -> list[tuple[int, ...]]:
    """The follow groups each seat has shown it lacks, read from the view's public log:
    a play that does not follow the group led (judged by the game's groups for the deal,
    not by printed suits) shows a void, unless a rules option makes a revoke legal (a
    card that does not follow then shows nothing). In a deal set up from a position,
    reading starts after the first trick finished since (the trick on the table at the
    set-up is not in the log)."""
    for seen, found in _LAST_LOG_VOIDS:  # the state's and the sampled world's checks
        if seen is view:
            return found
    found = _read_log_voids(view, counted)
    _LAST_LOG_VOIDS[:] = [(view, found)]
    return found


#: The last view :func:`_log_voids` read, and what it found.
_LAST_LOG_VOIDS: list[tuple[object, list[tuple[int, ...]]]] = []


def _read_log_voids(view: Any, counted: Any) -> list[tuple[int, ...]]:
    players = len(view.score.totals)
    if getattr(view.rules, "revoke", "forbid") != "forbid":
        return [()] * players
    events = view.events
    start = len(events)
    while start > 0 and events[start - 1].kind not in ("deal", "setup"):
        start -= 1
    reading = start == 0 or events[start - 1].kind == "deal"
    voids: list[set[int]] = [set() for _ in range(players)]
    trick: list[Card] = []
    for event in events[start:]:
        if event.kind == "play" and event.seat is not None and event.cards:
            card = event.cards[0]
            led = _led_group(counted, trick)
            if (
                reading
                and led is not None
                and not card.bit & (counted.follow_masks[led] | counted.anytime_mask)
            ):
                voids[event.seat].add(led)
            trick.append(card)
        elif event.kind in ("trick", "pickup"):
            trick = []
            reading = True
    return [tuple(sorted(groups)) for groups in voids]


def _check_voids_shown(view: Any, counted: Any, what: str) -> None:
    """A view that shows voids (``voids``) or absent cards (``absent``) shows every void
    its public log shows (:func:`_log_voids`), by the game's follow groups for the deal:
    a seat that failed to follow a group is void in all of it, even when one of its cards
    was known absent before (a void that such a card hid would let ``sample`` deal that
    seat the group's other cards)."""
    absent = getattr(view, "absent", None)
    if absent is None and not hasattr(view, "voids"):
        return
    for other, groups in enumerate(_log_voids(view, counted)):
        if absent is not None:
            shown = mask_of(absent[other])
            missing = [g for g in groups if counted.follow_masks[g] & ~shown]
        else:  # a group that is no suit cannot be named in voids
            named = _named_groups(counted, view.voids[other])
            missing = [g for g in groups if g not in named and counted.group_suits[g]]
        if missing:
            names = ", ".join(counted.group_names[g] for g in missing)
            raise ConformanceError(
                f"{what}: seat {other} failed to follow {names}, yet the view does not "
                f"show it void there ({'absent' if absent is not None else 'voids'})"
            )


def suit_rules(state: Any) -> Any:
    """The follow-suit rules a state's game plays by, when it says them: the
    :class:`cardrules.core.tricks.TrickRules` of the deal (``trick_rules``, as every game
    of the trick engine has), whose ``follow_masks[g]`` are the cards of follow group
    ``g`` (a suit, or a group of the game's own: a jack that belongs to the trumps, Skat's
    grand jacks), ``group_names`` and ``group_suits`` name them and ``anytime_mask`` is
    the cards playable whatever was led; None when the state does not say."""
    found = getattr(state, "trick_rules", None)
    return found if isinstance(found, tricks.TrickRules) else None


def _led_group(counted: Any, trick: Iterable[Card]) -> int | None:
    """The follow group led to a trick (its number in the deal's ``TrickRules``): that
    of its first card that counts in one (a card playable at any time counts in none)."""
    for card in trick:
        for group, mask in enumerate(counted.follow_masks):
            if card.bit & mask:
                return group
    return None
