"""Announcements during play: an :class:`Announcement` of a description (moves allowed
beside card play until a deadline, which change the contract's terms and may show a
seat's side or cards), the ready-made effects on the terms, and the engine's reading of
them (the announcements open to a seat, making one, why one is refused).

An announcement is a :class:`~cardrules.moves.Call` of kind ``"announce"``, made by the
seat whose card is due before it plays that card: it does not pass the turn (the same
seat then plays). A game without announcements reads none of this on its play path.

>>> RE = Call("re", "announce")
>>> re = Announcement(call=RE, until_card=2, terms=doubling("multiplier"))
>>> re.terms(Contract(terms=(("multiplier", 2),)), 0)
(('multiplier', 4),)
>>> setting("limit", 90)(Contract(terms=(("limit", 120),)), 1)
(('limit', 90),)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic

from cardrules._mypyc import mypyc_attr
from cardrules.cards import cards_of
from cardrules.core import changes as changes_core
from cardrules.core.changes import with_item
from cardrules.core.trickgame.contract import Contract
from cardrules.core.trickgame.parts import R
from cardrules.core.trickgame.state import State, _deal_with, _with
from cardrules.errors import RulesError
from cardrules.game import Event
from cardrules.moves import Call

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame

# Announcement, announced and shown_sides are documented where the package exports them.
__all__ = ["Terms", "adding", "doubling", "setting"]

#: A contract's terms: ``(name, value)`` pairs (see :attr:`Contract.terms`).
Terms = tuple[tuple[str, int | str], ...]


def _anyone(state: State, seat: int) -> bool:
    return True


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Announcement(Generic[R]):
    """A move allowed beside card play until a deadline (Doppelkopf's Re and Kontra,
    Skat's Kontra and Re, Tarot's poignée, Belote's belote): the seat whose card is due
    makes it before playing that card, and then plays (the turn does not pass). It is
    public: every view shows it (``announced``), and it changes the deal's contract by
    its ``terms`` hook, which the deal's scoring reads.

    A seat makes each announcement at most once a deal; the dummy makes none. An
    announcement that every seat may make before the first card of the deal whatever
    its turn (Schafkopf's Stoß, made by either defender) is better an
    :class:`~cardrules.core.trickgame.Auction` round ``after_contract``: here a seat
    announces on its turn.
    """

    #: The move: a :class:`~cardrules.moves.Call` of kind ``"announce"``, read back from
    #: its words (numbered after the game's auction calls).
    call: Call
    #: The deadline: the seat may make it while it has played fewer than this many
    #: cards of the deal (1, the default: before its first card; 2: until it plays its
    #: second), counted as the tricks finished (the seat to play has not played to the
    #: trick on the table). None: until the end of the play.
    until_card: int | None = 1
    #: ``may(state, seat)``: whether the game lets this seat make it now, besides the
    #: deadline (a defender only; an answer to another announcement; a seat holding
    #: both the king and queen of trumps). Default: every seat.
    may: Callable[[State, int], bool] = _anyone
    #: ``terms(contract, seat)``: the contract's terms once ``seat`` has made it (see
    #: :func:`doubling`, :func:`setting`); None (the default): the terms stay.
    terms: Callable[[Contract, int], Terms] | None = None
    #: The side its maker shows it plays for (Doppelkopf's Re: the side of the queens
    #: of clubs), a public fact read by :func:`shown_sides`; None: it shows no side.
    side: int | None = None
    #: ``shows(state, seat)``: the cards (a card mask of the seat's hand) its maker
    #: shows it holds (Belote's king and queen of trumps): public, in the event, kept
    #: in the seat's known cards, which ``sample`` respects. None: it shows no card.
    shows: Callable[[State, int], int] | None = None
    #: The game's rule identifier, cited when the announcement is refused.
    rule_id: str = ""

    def __post_init__(self) -> None:
        if type(self.call) is not Call or self.call.kind != "announce":
            raise RulesError(
                "an Announcement's call is a Call of kind 'announce', as "
                f"Call('re', 'announce'), not {self.call!r}"
            )
        if self.until_card is not None and (
            type(self.until_card) is not int or self.until_card < 1
        ):
            raise RulesError(
                f"announcement {self.call}: until_card is a number of cards, 1 or more "
                f"(1: before the seat's first card), or None, not {self.until_card!r}"
            )


def doubling(name: str, factor: int = 2) -> Callable[[Contract, int], Terms]:
    """An :attr:`Announcement.terms` hook: the term ``name`` times ``factor`` (a term
    not there yet counts as 1 and is added at the end).

    >>> doubling("multiplier")(Contract(), 0)
    (('multiplier', 2),)
    """

    def terms(contract: Contract, seat: int) -> Terms:
        for key, value in contract.terms:
            if key == name:
                if not isinstance(value, int):
                    raise RulesError(f"the contract's term {name!r} is no number to double")
                return _set(contract.terms, name, value * factor)
        return (*contract.terms, (name, factor))

    return terms


def adding(name: str, amount: int = 1) -> Callable[[Contract, int], Terms]:
    """An :attr:`Announcement.terms` hook: the term ``name`` plus ``amount`` (a term
    not there yet counts as 0 and is added at the end).

    >>> adding("doubled")(Contract(terms=(("level", 2), ("doubled", 1))), 0)
    (('level', 2), ('doubled', 2))
    """

    def terms(contract: Contract, seat: int) -> Terms:
        for key, value in contract.terms:
            if key == name:
                if not isinstance(value, int):
                    raise RulesError(f"the contract's term {name!r} is no number to add to")
                return _set(contract.terms, name, value + amount)
        return (*contract.terms, (name, amount))

    return terms


def setting(name: str, value: int | str) -> Callable[[Contract, int], Terms]:
    """An :attr:`Announcement.terms` hook: the term ``name`` set to ``value`` (added
    at the end when it is not there yet)."""

    def terms(contract: Contract, seat: int) -> Terms:
        return _set(contract.terms, name, value)

    return terms


def _set(terms: Terms, name: str, value: int | str) -> Terms:
    if any(key == name for key, _ in terms):
        return tuple((key, value if key == name else old) for key, old in terms)
    return (*terms, (name, value))


def _with_terms(contract: Contract, terms: Terms) -> Contract:
    """``contract`` with other terms."""
    return dataclasses.replace(contract, terms=terms)


def announced(state: Any) -> tuple[tuple[int, Call], ...]:
    """The announcements made in the deal so far, ``(seat, call)`` pairs, oldest first,
    of a state or a view."""
    if type(state) is State:
        made: tuple[tuple[int, Call], ...] = state.deal.announced
        return made
    shown: tuple[tuple[int, Call], ...] = state.announced
    return shown


def shown_sides(state: Any) -> tuple[int | None, ...]:
    """Per seat, the side its announcements have shown it plays for (the last one
    that shows a side), or None, of a state or a view."""
    game: TrickGame[Any] = state.rules.trick_game
    sides: list[int | None] = [None] * state.rules.players
    by_call = {a.call: a.side for a in game.announcements}
    for seat, call in announced(state):
        side = by_call.get(call)
        if side is not None:
            sides[seat] = side
    return tuple(sides)


def check_announcements(game: TrickGame[Any]) -> None:
    """Refuse announcements a description cannot have: two of the same words, or in a
    game whose tricks go back into a hand (the tricks finished count the cards played)."""
    words: set[str] = set()
    for announcement in game.announcements:
        if type(announcement) is not Announcement:
            raise RulesError(
                f"{game.title}'s announcements are Announcement values, not {announcement!r}"
            )
        text = announcement.call.words.lower()
        if text in words:
            raise RulesError(f"{game.title} has two announcements {text!r}: give each its words")
        words.add(text)
    if game.announcements and game.play.pick_up:
        raise RulesError(
            f"{game.title}: announcements need tricks that stay won (no pick_up): their "
            "deadlines count the tricks finished"
        )


def _cards_played(state: State) -> int:
    """How many cards the seat to play has played this deal: the tricks finished."""
    deal = state.deal
    turns = deal.turns
    size = len(state.hands) if turns is None else len(turns[0])
    return int(state.waste.bit_count() // size)


def _announcer(state: State) -> int | None:
    """The seat that may announce now: the seat whose card is due, unless it is the
    dummy (played by the declarer: it announces nothing)."""
    deal = state.deal
    turns = deal.turns
    if turns is None:
        seat = (state.leader + len(state.trick)) % len(state.hands)
    else:
        seat = turns[state.leader][len(state.trick)]
    contract = deal.contract
    if contract is not None and contract.dummy == seat:
        return None
    return seat


def _refusal(state: State, seat: int, announcement: Announcement[Any], played: int) -> str:
    """Why ``seat`` may not make ``announcement`` now, or ``""``."""
    call = announcement.call
    if (seat, call) in state.deal.announced:
        return f"seat {seat} has announced {call} already: each announcement once a deal"
    until = announcement.until_card
    if until is not None and played >= until:
        return (
            f"{call} is announced before the seat plays its {_ordinal(until)} card; "
            f"seat {seat} has played {played}"
        )
    if not announcement.may(state, seat):
        return f"the rules do not let seat {seat} announce {call} now"
    return ""


def open_announcements(state: State, seat: int) -> tuple[Call, ...]:
    """The announcements ``seat`` (the seat whose card is due) may make now, in the
    order of the description."""
    if _announcer(state) != seat:
        return ()
    game: TrickGame[Any] = state.deal.game
    played = _cards_played(state)
    return tuple(a.call for a in game.announcements if not _refusal(state, seat, a, played))


def announce(state: State, move: Call) -> State | None:
    """The state after the seat whose card is due makes the announcement ``move``, or
    None when it may not (then :func:`announcement_refusal` says why)."""
    seat = _announcer(state)
    if seat is None:
        return None
    deal = state.deal
    game: TrickGame[Any] = deal.game
    found = [a for a in game.announcements if a.call == move]
    if not found or _refusal(state, seat, found[0], _cards_played(state)):
        return None
    announcement = found[0]
    call = announcement.call  # the description's own call, never the caller's object
    contract = deal.contract
    changes: dict[str, Any] = {"announced": (*deal.announced, (seat, call))}
    if announcement.terms is not None and contract is not None:
        terms = announcement.terms(contract, seat)
        changes["contract"] = _with_terms(contract, tuple(terms))
    shown = 0 if announcement.shows is None else announcement.shows(state, seat)
    known = state.known
    if shown & ~state.hands[seat]:
        raise RulesError(
            f"{game.title}'s announcement {call} shows cards seat {seat} does not hold"
        )
    if shown:
        known = with_item(known, seat, known[seat] | shown)
    event = Event("announce", seat, cards=cards_of(shown), text=f"seat {seat} announces {call}")
    return _with(
        state,
        deal=_deal_with(deal, **changes),
        known=known,
        moves_made=state.moves_made + 1,
        log=state.log.append(event),
        history=changes_core.extended(state.history, call),
    )


def announcement_refusal(state: State, move: object) -> str:
    """Why the announcement ``move`` is refused now, naming the fix."""
    game: TrickGame[Any] = state.deal.game
    seat = _announcer(state)
    found = [a for a in game.announcements if a.call == move]
    words = ", ".join(str(a.call) for a in game.announcements)
    if not found:
        return f"{move} is no announcement of {game.title}: its announcements are {words}"
    announcement = found[0]
    rule = f" (rule {announcement.rule_id})" if announcement.rule_id else ""
    if seat is None:
        return f"the dummy's card is due: it makes no announcement; play a card{rule}"
    why = _refusal(state, seat, announcement, _cards_played(state))
    others = ", ".join(map(str, open_announcements(state, seat))) or "none"
    return f"{why}{rule}; play a card, or make an announcement open now ({others})"
