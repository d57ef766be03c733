"""The contract: what a deal's auction (and the declarer's choices) decide, read by
play, views, sampling, scoring and the solver.

A game with an :class:`~cardrules.core.trickgame.Auction` gets its deal's contract
from the auction's ``contract`` hook when the auction ends; a game whose deal is fixed
when the cards are dealt has the contract the engine makes from its description at
the deal (the trump suit, no declarer, the game's teams, the game's own first leader):

>>> from cardrules.cards import Suit
>>> contract = Contract(trump=Suit.HEARTS, declarer=2, terms=(("level", 4), ("doubled", 1)))
>>> contract.term("level"), contract.dummy
(4, None)
>>> contract.term("vulnerable")
Traceback (most recent call last):
cardrules.errors.RulesError: the contract has no term 'vulnerable': its terms are level, doubled
>>> contract_from_list(contract_to_list(contract)) == contract
True
>>> import pickle
>>> pickle.loads(pickle.dumps(contract)) == contract
True
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from cardrules.cards import Card, Suit, parse_cards
from cardrules.errors import RulesError

__all__ = [
    "Contract",
    "contract_from_list",
    "contract_text",
    "contract_to_list",
    "fixed_contract",
    "partnerships",
    "seating_problem",
]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Contract:
    """What a deal's auction and declaration decide, read by play, views, sampling,
    scoring and the solver."""

    #: The trump suit (None: no trumps).
    trump: Suit | None = None
    #: The seat that plays the contract (None: no declarer, as in a game without an
    #: auction).
    declarer: int | None = None
    #: Each seat's side for this deal (seats with equal numbers are partners; one
    #: number per seat), or None: the game's teams. The deal's partnerships
    #: (:func:`~cardrules.core.trickgame.sides`, a game module's ``sides``) come from
    #: it: the solver and the PIMC bot play a seat and its side against the others
    #: (Skat: the declarer, side 0, against the other two, side 1). The match's totals
    #: stay per seat, and ``score(state).teams`` stays the game's fixed partnerships:
    #: a deal's sides are read from the state or the view (its ``contract``).
    sides: tuple[int, ...] | None = None
    #: The seats that sit this deal out (Euchre's lone hand: the maker's partner).
    #: Their hands take no part: the play skips them (``to_move``, the first leader
    #: when it would be one of them), a trick is complete with a card from each other
    #: seat and goes to the seat that played its winning card, and the deal ends when
    #: the other seats' hands are empty. A seat out keeps its cards in its hand, face
    #: down: its zone (``hand N``) holds them to the end of the deal, the other seats'
    #: views show only how many there are, and ``sample`` deals them as unseen cards.
    out: tuple[int, ...] = ()
    #: A seat whose hand is laid face up after the opening lead and played by its
    #: partner, the declarer (bridge's dummy), or None: ``to_move`` names the declarer at
    #: the dummy's turn, the legal moves come from the dummy's hand, and every view shows
    #: the dummy's hand (``dummy_hand``) once the opening lead is made.
    dummy: int | None = None
    #: Who leads the first trick, or None: the game's own rule (:class:`TrickPlay`).
    leader: int | None = None
    #: The game's own terms that its scoring reads (bridge: level and doubling; Skat:
    #: the game and the bid), as (name, value) pairs of text and whole numbers, in the
    #: order the game gives them (written to JSON as they are).
    terms: tuple[tuple[str, int | str], ...] = ()
    #: Partners that stay secret until a card shows them: the holders of these cards
    #: at the start of play are the declarer's partners (Schafkopf's and Sheepshead's
    #: called ace, five-player Tarot's called king), or, without a declarer, one side
    #: together (Doppelkopf's two queens of clubs); the other seats are the other side.
    #: Side 0 is the declarer's and the holders', side 1 the others'. A declarer who
    #: holds a card himself, or a seat that holds all of them, plays alone with them.
    #: The sides are derived from the hands (``sides(state)``), never stored; a view
    #: shows a seat's side only once its seat can know it (``known_sides``). Empty: the
    #: partners are the contract's ``sides`` (or the game's teams).
    partner_cards: tuple[Card, ...] = ()
    #: Whether every seat knows that the declarer holds none of ``partner_cards`` (the
    #: rules let him call only a card he lacks: Schafkopf's Rufspiel): sampling deals
    #: them to the other hands.
    declarer_lacks: bool = False
    #: Of a deal set up from a position (which keeps no log of the plays): the seat
    #: that played each of ``partner_cards`` before it, None for a card it had not
    #: (public: a card played shows its holder); ``()`` otherwise.
    partners_shown: tuple[int | None, ...] = ()

    def __reduce__(self) -> tuple[Any, tuple[tuple[Any, ...]]]:
        # Pickled by its fields: compiled, a native class does not pickle by itself.
        fields = (
            self.trump,
            self.declarer,
            self.sides,
            self.out,
            self.dummy,
            self.leader,
            self.terms,
            self.partner_cards,
            self.declarer_lacks,
            self.partners_shown,
        )
        return (_unpickled, (fields,))

    def __str__(self) -> str:
        return contract_text(self)

    def term(self, name: str) -> int | str:
        """The value of the term ``name``; a :class:`~cardrules.errors.RulesError`
        naming the terms there are when it has none of that name."""
        for key, value in self.terms:
            if key == name:
                return value
        there = ", ".join(key for key, _ in self.terms) or "none"
        raise RulesError(f"the contract has no term {name!r}: its terms are {there}")


def partnerships(sides: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """A contract's ``sides`` (each seat's side number) as partnerships, the form of
    a game's teams: the seats of each side, the sides in the order of their numbers.

    >>> partnerships((0, 1, 1))
    ((0,), (1, 2))
    """
    numbers = sorted(set(sides))
    return tuple(
        tuple(seat for seat, side in enumerate(sides) if side == number) for number in numbers
    )


def seating_problem(contract: Contract, players: int) -> str | None:
    """What is wrong with ``contract``'s ``out`` and ``sides`` for a game of
    ``players`` seats, or None: the seats out are distinct seats, fewer than all but
    one, none of them the declarer or the leader; the sides give a side to each seat.

    >>> seating_problem(Contract(declarer=1, out=(1,)), 4)
    'the declarer, seat 1, cannot sit the deal out'
    """
    out = contract.out
    if len(set(out)) != len(out) or not all(0 <= seat < players for seat in out):
        return f"the seats out must be distinct seats 0..{players - 1}, not {list(out)}"
    if len(out) > players - 2:
        return f"at most {players - 2} of {players} seats can sit a deal out"
    for what, seat in (("declarer", contract.declarer), ("leader", contract.leader)):
        if seat is not None and seat in out:
            return f"the {what}, seat {seat}, cannot sit the deal out"
    if contract.dummy is not None and out:
        return "a deal with a dummy has no seats out"
    if contract.sides is not None and len(contract.sides) != players:
        sides = list(contract.sides)
        return f"the sides must give a side to each of the {players} seats, not {sides}"
    if contract.partner_cards and contract.sides is not None:
        return "a contract's partners are its sides or the holders of its partner cards, not both"
    if contract.partners_shown and len(contract.partners_shown) != len(contract.partner_cards):
        return "partners_shown gives a seat or None for each partner card"
    if contract.declarer_lacks and (contract.declarer is None or not contract.partner_cards):
        return "declarer_lacks needs a declarer and partner cards"
    return None


def contract_text(contract: Contract) -> str:
    """A contract in words, for events and messages: ``seat 2 declares: trumps
    hearts, level 4, doubled 1, dummy seat 0``.

    >>> from cardrules.cards import Suit
    >>> contract_text(Contract(trump=Suit.HEARTS, declarer=2, terms=(("level", 4),)))
    'seat 2 declares: trumps hearts, level 4'
    """
    who = "no declarer" if contract.declarer is None else f"seat {contract.declarer} declares"
    parts = ["no trumps" if contract.trump is None else f"trumps {contract.trump.plural}"]
    parts += [f"{name} {value}" for name, value in contract.terms]
    if contract.dummy is not None:
        parts.append(f"dummy seat {contract.dummy}")
    if contract.out:
        seats = " and ".join(map(str, contract.out))
        parts.append(f"seat{'s' if len(contract.out) > 1 else ''} {seats} out")
    if contract.sides is not None:
        teams = partnerships(contract.sides)
        parts.append("sides " + " against ".join(" ".join(map(str, t)) for t in teams))
    if contract.partner_cards:
        cards = " and ".join(str(card) for card in contract.partner_cards)
        parts.append(f"partners the holders of {cards}")
    if contract.leader is not None:
        parts.append(f"seat {contract.leader} leads")
    return f"{who}: {', '.join(parts)}"


def _unpickled(fields: tuple[Any, ...]) -> Contract:
    """A pickled :class:`Contract` rebuilt from its fields, in order."""
    trump, declarer, sides, out, dummy, leader, terms, partner_cards, lacks, shown = fields
    return Contract(
        partner_cards=partner_cards,
        declarer_lacks=lacks,
        partners_shown=shown,
        trump=trump,
        declarer=declarer,
        sides=sides,
        out=out,
        dummy=dummy,
        leader=leader,
        terms=terms,
    )


@functools.cache
def fixed_contract(trump: Suit | None) -> Contract:
    """The contract of a deal fixed when the cards are dealt, whose trump suit is
    ``trump`` (built once per suit: a deal reads it, never a card)."""
    return Contract(trump=trump)


def contract_to_list(contract: Contract | None) -> list[Any] | None:
    """A contract as plain data (a state's JSON form and its position hold it): ``[trump,
    declarer, sides, out, dummy, leader, terms]``, the trump a suit's plural or None,
    the terms a list of ``[name, value]``, then, only with partner cards, those cards
    (a list of their texts) and ``declarer_lacks``, and, where set, ``partners_shown``
    (a list); None stays None (no contract yet)."""
    if contract is None:
        return None
    secret: list[Any] = []
    if contract.partner_cards:
        secret = [[str(card) for card in contract.partner_cards], contract.declarer_lacks]
        if contract.partners_shown:
            secret.append(list(contract.partners_shown))
    return [
        None if contract.trump is None else contract.trump.plural,
        contract.declarer,
        None if contract.sides is None else list(contract.sides),
        list(contract.out),
        contract.dummy,
        contract.leader,
        [[name, value] for name, value in contract.terms],
        *secret,
    ]


def _seat_or_none(value: object, what: str, players: int) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 0 <= value < players:
        raise RulesError(f"the contract's {what} must be a seat 0..{players - 1} or null")
    return value


def _seats(value: object, what: str, players: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise RulesError(f"the contract's {what} must be a list of whole numbers")
    if what == "out" and not all(0 <= v < players for v in value):
        raise RulesError(f"the contract's out seats must be seats 0..{players - 1}")
    if what == "sides" and players != 64 and len(value) != players:
        raise RulesError(f"the contract's sides must give a side to each of the {players} seats")
    return tuple(value)


def contract_from_list(data: object, players: int = 64) -> Contract | None:
    """A contract read back from :func:`contract_to_list`'s form (None stays None); a
    :class:`~cardrules.errors.RulesError` says what is wrong with a bad one."""
    if data is None:
        return None
    if not isinstance(data, list) or len(data) not in (7, 9, 10):
        raise RulesError(
            "a contract is a list of seven entries (trump, declarer, sides, out, dummy, "
            "leader, terms), nine or ten with partner cards (then the cards, "
            f"declarer_lacks and the seats that played them), or null, not {data!r}"
        )
    trump_text, declarer, sides, out, dummy, leader, terms = data[:7]
    partner_cards, lacks, shown = _secret(data[7:], players)
    trump = None
    if trump_text is not None:
        if not isinstance(trump_text, str):
            raise RulesError(
                f"the contract's trump must be a suit's name or null, not {trump_text!r}"
            )
        trump = Suit.parse(trump_text)
    if not isinstance(terms, list) or not all(
        isinstance(term, list)
        and len(term) == 2
        and isinstance(term[0], str)
        and (type(term[1]) is int or isinstance(term[1], str))
        for term in terms
    ):
        raise RulesError("the contract's terms must be a list of [name, value] pairs")
    return Contract(
        trump=trump,
        declarer=_seat_or_none(declarer, "declarer", players),
        sides=None if sides is None else _seats(sides, "sides", players),
        out=_seats(out, "out", players),
        dummy=_seat_or_none(dummy, "dummy", players),
        leader=_seat_or_none(leader, "leader", players),
        terms=tuple((name, value) for name, value in terms),
        partner_cards=partner_cards,
        declarer_lacks=lacks,
        partners_shown=shown,
    )


def _secret(data: list[Any], players: int) -> tuple[tuple[Card, ...], bool, tuple[int | None, ...]]:
    """The partner cards, ``declarer_lacks`` and ``partners_shown`` of a contract's
    plain data (none when it has seven entries)."""
    if not data:
        return (), False, ()
    cards, lacks, *rest = data
    if (
        not isinstance(cards, list)
        or not cards
        or not all(isinstance(text, str) for text in cards)
        or type(lacks) is not bool
    ):
        raise RulesError(
            "a contract's partner cards are a list of card texts, then true or false "
            "(declarer_lacks)"
        )
    partner_cards = parse_cards(" ".join(cards))
    if not rest:
        return partner_cards, lacks, ()
    shown = rest[0]
    if (
        not isinstance(shown, list)
        or len(shown) != len(partner_cards)
        or not all(s is None or (type(s) is int and 0 <= s < players) for s in shown)
    ):
        raise RulesError(
            f"a contract's partners shown are a seat or null for each partner card, not {shown!r}"
        )
    return partner_cards, lacks, tuple(shown)
