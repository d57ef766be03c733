"""The conformance kit: the interface's invariants, checked on any game module.

One call checks a game against everything the :class:`~cardrules.game.Game`
interface promises, along complete random games of each preset:

>>> from cardrules import testing
>>> from cardrules.games import mau_mau_standard
>>> report = testing.check_game(mau_mau_standard, presets=["single"], games=2)
>>> report.games, report.presets
(2, ('single',))

In a test suite of your own (pytest or any other runner), a test is the call::

    def test_my_game_keeps_the_interface():
        cardrules.testing.check_game(my_game)

A broken promise raises :class:`ConformanceError` (an ``AssertionError``, so test
runners show it as a failure) that says which rule broke, in which game,
preset, seed and step, so that the failure can be replayed. The kit needs
neither pytest nor hypothesis; the functions :func:`check_random_game`,
:func:`check_listed_moves` and :func:`check_explicit_chance` take the seeds
explicitly, so that a property-testing library can choose them (cardrules' own
suite drives them with hypothesis).

What is checked (the invariants of the interface):

* **cards are conserved**: at every step the zones (``zones``) hold each card
  of the deck (``deck_of``) exactly once;
* ``legal_moves`` is empty if and only if the game is over, and ``to_move`` is
  None if and only if it is over; legal moves are distinct and their move
  numbers round-trip;
* **legality**: every card played lies in a hand (``zones``); in a trick game
  whose state says what suit each card counts as (:func:`suit_rules`) a hand
  that holds the suit led plays that suit; in a Stops game (a view with
  ``upcard``) every card played matches the upcard, the called suit or is wild;
* **every listed move applies**; a move not listed raises
  :class:`~cardrules.errors.IllegalMoveError` and changes nothing;
* ``apply`` **never changes its input**; the same move gives an equal state;
  the same seed gives the same game;
* **seeded and explicit chance** give the same game for the same outcomes, and
  the chance probabilities sum to one;
* random play **ends** (within the presets' caps, or :data:`MOST_MOVES`) with
  an outcome, and totals and payoffs have one entry per seat; :func:`check_game`
  also plays ``Rules()`` and every preset to the end (:func:`check_ends`);
* **views hide what is hidden, and sampled worlds keep what views show**: the
  view of a world sampled from a view is that view; the world conserves the
  cards, has the same player to move, who has a legal move there, and keeps
  what the view shows of the hands: own hand, known and absent cards, hand
  sizes, voids (:func:`check_sampled_world`), and offered bids; every view has
  the fields of :class:`cardrules.game.View` (seat, player to move, the seat's
  legal moves, score, public log), consistent with the state; and a few random
  legal moves apply to each sampled world, as searching bots play on it
  (:func:`check_sampled_world_plays`), once the state's own move has applied;
* **the rules' text names the game** (:func:`check_rules_text`): ``str(rules)`` of
  each preset names the game and reads back as the same rules;
* **the encoder** of a registered game that has one (with numpy installed):
  move numbers on the right side of ``PLAYER_ACTIONS``, the action mask, the
  tensors' sizes and bounds (:func:`check_encoding`);
* **records, state JSON and pickles round-trip**;
* **states are immutable all through** (:func:`check_immutable`): no list, dict, set
  or bytearray is reachable from a state (its deal, rules, log) or from the game's
  description, at the start and at the end of each random game;
* **positions set up the state they come from** (:func:`check_positions`,
  :func:`check_position`): ``setup(rules, position(s))`` has the same player to
  move, legal moves, score, position and views' positions as ``s``, and plays on
  to the end; the position's one-line text reads back; ``setup`` refuses a view's
  position, a card twice and a card missing (:func:`check_setup_refusals`);
* **the solver's values are plain minimax's** where the game offers its own search
  of the play (a ``double_dummy`` function, as every game on the trick engine has;
  :func:`check_solver`): near the end of a deal, and in worlds sampled from a view
  there, so a deal scorer that reads where the cards are or were is found;
* the game's functions **raise only the interface's errors**: any other error (an
  ``IndexError`` in a scoring hook, say) is reported as a :class:`ConformanceError`
  that says where it was raised and has it as its cause.
"""

from __future__ import annotations

import array
import collections
import dataclasses
import enum
import functools
import importlib
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from types import TracebackType
from typing import Any, Final

import attrs

from cardrules import games as registry
from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card, Suit, cards_of, format_cards, mask_of
from cardrules.core import tricks
from cardrules.errors import (
    CardrulesError,
    IllegalMoveError,
    PositionError,
    caused_by,
    describe_error,
)
from cardrules.game import CHANCE, Event, Game, Log, Score
from cardrules.moves import (
    Bid,
    Blind,
    ChooseDealer,
    DealCard,
    Declaration,
    Draw,
    EndTurn,
    PassCards,
    Play,
)

__all__ = [
    "MOST_MOVES",
    "SAMPLED_PLIES",
    "ConformanceError",
    "Report",
    "check_cards_conserved",
    "check_encoding",
    "check_ends",
    "check_explicit_chance",
    "check_game",
    "check_immutable",
    "check_legality",
    "check_listed_moves",
    "check_position",
    "check_positions",
    "check_random_game",
    "check_rules_text",
    "check_sampled_world",
    "check_sampled_world_plays",
    "check_setup_refusals",
    "check_solver",
    "check_unlisted_moves_refused",
    "check_view_fields",
    "check_view_shows_the_state",
    "check_views",
    "suit_rules",
]


# Two built-in bases (Exception, AssertionError): a native class can have only one.
@mypyc_attr(native_class=False)
class ConformanceError(CardrulesError, AssertionError):
    """A game broke a promise of the interface; the message says which and where."""


def _fail(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def _game_failed(where: str, error: Exception) -> ConformanceError:
    """The ConformanceError for an error a game's own function raised (raise it ``from``
    that error, which keeps its traceback)."""
    return ConformanceError(
        f"{where}: the game raised {describe_error(error)}; its functions may raise only "
        "the cardrules errors the interface names (IllegalMoveError for a move that is not legal)"
    )


class _GameErrorsReported:
    """A context in which an error of the game's own code (anything but a
    :class:`ConformanceError`) becomes the ConformanceError of :func:`_game_failed`, chained
    from it. A ConformanceError passes through, with ``where`` put before its message
    when ``prefix_conformance_errors``. ``where`` is called only on an error, so that a
    check that enters this context at every move does not format it at every move."""

    __slots__ = ("_prefix_conformance_errors", "_where")

    def __init__(
        self, where: Callable[[], str], *, prefix_conformance_errors: bool = False
    ) -> None:
        self._where = where
        self._prefix_conformance_errors = prefix_conformance_errors

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if not isinstance(error, Exception):
            return  # no error, or one such as KeyboardInterrupt: let it go
        if isinstance(error, ConformanceError):
            if not self._prefix_conformance_errors:
                return
            raise ConformanceError(f"{self._where()}: {error}") from None
        raise caused_by(_game_failed(self._where(), error), error) from error


def _apply_listed(game: Game, state: Any, move: Any) -> Any:
    """``game.apply(state, move)`` for a move the game listed as legal: a refusal
    contradicts its own list."""
    try:
        return game.apply(state, move)
    except IllegalMoveError as error:
        raise ConformanceError(f"the listed move {move} is refused: {error}") from None


@attrs.frozen(slots=True)
class Report:
    """What :func:`check_game` checked: the game, the presets, games and moves played,
    and the worlds in which :func:`check_solver` compared the solver with plain minimax
    (0 for a game without a search of its own)."""

    game: str
    presets: tuple[str, ...]
    games: int
    moves: int
    solver_worlds: int = 0


# --------------------------------------------------------------------------- single checks


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


def check_views(
    game: Game,
    state: Any,
    rules: Any,
    seat: int,
    rng: random.Random,
    offered: Mapping[int, frozenset[Any]] | None = None,
    *,
    shown: bool = True,
) -> tuple[Any, Any]:
    """The view agrees with the state it shows (with ``shown``: also what it shows of
    the hands, :func:`check_view_shows_the_state`), and a world sampled from it is one
    the view could come from (:func:`check_sampled_world`). Returns the view and the
    world (:func:`check_random_game` then plays on the world:
    :func:`check_sampled_world_plays`)."""
    view = game.observe(state, seat)
    check_view_fields(game, state, view, seat)
    if shown:
        check_view_shows_the_state(game, state, view, "the state")
    world = game.sample(view, random.Random(rng.getrandbits(32)))
    check_sampled_world(game, world, view, rules, offered)
    return view, world


def check_sampled_world(
    game: Game,
    world: Any,
    view: Any,
    rules: Any,
    offered: Mapping[int, frozenset[Any]] | None = None,
) -> None:
    """A world ``sample`` drew from ``view`` is a state the view could come from:

    * it conserves the cards, and its player to move has a legal move (it can be
      played on) and is the view's;
    * it keeps what the view shows (:func:`check_view_shows_the_state`): the seat's
      hand, the cards the view shows in other hands (``known``), the hand sizes
      (``hand_sizes``), and the voids (``voids``: a seat that has shown it cannot
      follow a suit holds no card that counts as that suit);
    * each seat's bid (a view's ``bids``, read from that seat's own view of the
      world) is one the seat was offered (``offered``: the bids each seat was
      offered in this deal, when the caller knows them);
    * the view of the world is the view itself (:func:`_differences` names the
      fields that differ, such as the trick or its leader).
    """
    seat = view.seat
    check_cards_conserved(game, world, rules)
    mover = game.to_move(world)
    _fail(mover == view.to_move, "a sampled world has another player to move")
    # The checks below run on every sampled world: their messages are built on failure only.
    if isinstance(mover, int) and not game.legal_moves(world):
        raise ConformanceError(
            f"seat {mover} is to move in a world sampled from seat {seat}'s view, "
            "but has no legal move there"
        )
    check_view_shows_the_state(
        game, world, view, f"a world sampled from seat {seat}'s view", sampled=True
    )
    if offered and hasattr(view, "bids"):
        # A bid the view shows is the world's too (its view is the view); only hidden
        # bids (simultaneous bidding) are the sampler's to choose.
        for other, bids in offered.items():
            if view.bids[other] is not None:
                continue
            bid = game.observe(world, other).bids[other]
            if bid is not None and Bid(bid) not in bids:
                raise ConformanceError(
                    f"a world sampled from seat {seat}'s view gives seat {other} the bid "
                    f"{bid}, which it was not offered (it was offered {_texts(bids)})"
                )
    again = game.observe(world, seat)
    if again != view:
        raise ConformanceError(
            f"a world sampled from seat {seat}'s view looks different to that seat"
            f"{_differences(view, again)}: the view shows something hidden, or sample "
            "ignores something the view shows"
        )


#: How many random moves :func:`check_sampled_world_plays` applies to a sampled world.
SAMPLED_PLIES: Final = 3


def check_sampled_world_plays(
    game: Game, world: Any, view: Any, rng: random.Random, *, plies: int = SAMPLED_PLIES
) -> None:
    """A world ``sample`` drew from ``view`` can be played on, as searching bots (ISMCTS,
    PIMC) play on it: ``plies`` random moves, each one of the legal moves the world
    lists then, apply one after another (fewer if the game ends). A game whose
    ``apply`` reads something ``sample`` does not rebuild (the move history, say)
    breaks this promise."""
    seat = view.seat
    state = world
    for ply in range(plies):
        if game.is_over(state):
            return
        legal = game.legal_moves(state)
        if not legal:
            raise ConformanceError(
                f"a world sampled from seat {seat}'s view lists no legal move after "
                f"{ply} moves played on it, but is not over"
            )
        move = rng.choice(legal)
        try:
            state = game.apply(state, move)
        except IllegalMoveError as error:
            raise ConformanceError(
                f"the move {move}, listed as legal in a world sampled from seat {seat}'s "
                f"view after {ply} moves played on it, is refused: {error}"
            ) from None
        except Exception as error:  # any error: the game's own code failed on the world
            raise caused_by(
                ConformanceError(
                    f"a world sampled from seat {seat}'s view cannot be played on: "
                    f"apply({move}), move {ply + 1} played on it, raised "
                    f"{describe_error(error)}; sample must rebuild everything apply reads "
                    "(searching bots such as ISMCTS and PIMC play moves on sampled worlds)"
                ),
                error,
            ) from error


def check_view_shows_the_state(
    game: Game, state: Any, view: Any, what: str, *, sampled: bool = False
) -> None:
    """What ``view`` shows of the hands holds in ``state``: the seat's own hand is in
    its hand, the cards the view shows in a seat's hand (``known``) are there, the hand
    sizes (``hand_sizes``) are right, no seat holds a card the view shows it lacks
    (``absent``, but for as many as its ``allowance`` says, when the view has one; in a
    ``sampled`` world only a zero allowance is checked), no seat holds a hidden card
    of a follow group it has shown it lacks (the view's ``voids``, or what its public
    log shows: see :func:`_voids`; which group a card counts in is the game's to say
    for the deal, see :func:`suit_rules`), and a view with ``voids`` or ``absent``
    shows every void its log shows (:func:`_check_voids_shown`). Fields a view does not
    have are not checked."""
    # Card masks (see cardrules.cards): every check is a few bit operations, and the
    # messages, built only on a failure, name the cards.
    zones = game.zones(state)
    hands = [mask_of(zones.get(f"hand {s}", ())) for s in range(game.players(view.rules))]
    seat = view.seat
    own = mask_of(getattr(view, "hand", ()))
    if own & ~hands[seat]:
        raise ConformanceError(
            f"{what}: seat {seat}'s hand lacks {format_cards(cards_of(own & ~hands[seat]))}, "
            "which its view shows"
        )
    sizes = getattr(view, "hand_sizes", None)
    if sizes is not None:
        actual = tuple(hand.bit_count() for hand in hands)
        if tuple(sizes) != actual:
            raise ConformanceError(
                f"{what}: the hands hold {actual} cards, the view shows {tuple(sizes)}"
            )
    known = [mask_of(cards) for cards in getattr(view, "known", ())]
    for other, cards in enumerate(known):
        if cards & ~hands[other]:
            raise ConformanceError(
                f"{what}: seat {other}'s hand lacks {format_cards(cards_of(cards & ~hands[other]))}"
                ", which the view shows there"
            )
    allowance = getattr(view, "allowance", None)
    # Its own name: compiled, a loop variable keeps the type of its first use (masks above).
    for other, absent_cards in enumerate(getattr(view, "absent", ())):
        # With an ``allowance``, a seat may hold that many of them again (cards drawn
        # since); a sampler may give up on a positive allowance (the shedding engine
        # documents it), so only the state's own hands answer for one.
        most = allowance[other] if allowance is not None else 0
        if most and sampled:
            continue
        held = mask_of(absent_cards) & hands[other]
        if held.bit_count() > most:
            raise ConformanceError(
                f"{what}: seat {other} has shown it lacks {format_cards(cards_of(held))}"
                + (f" (all but {most} of them)" if most else "")
                + ", yet holds them"
            )
    counted = suit_rules(state)
    if counted is None:
        return  # the game does not say what suit a card counts as: voids cannot be judged
    for other, groups in enumerate(_voids(view, counted)):
        # A void says what the hidden part of a hand lacks: cards the view shows there
        # (picked up after the void was shown, say) are not hidden.
        hidden = hands[other] & ~(known[other] if other < len(known) else 0)
        if other == seat:
            hidden &= ~own
        for group in groups:
            held = hidden & counted.follow_masks[group]
            if held:
                raise ConformanceError(
                    f"{what}: seat {other} has shown it has no {counted.group_names[group]}, "
                    f"yet holds {format_cards(cards_of(held))}"
                )
    _check_voids_shown(view, counted, what)


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


def _texts(items: Iterable[Any]) -> str:
    return ", ".join(sorted(map(str, items))) or "nothing"


def _differences(view: Any, other: Any) -> str:
    """`` (FIELD, FIELD differ)`` for the fields of two attrs views that differ, or ""."""
    if type(view) is not type(other) or not attrs.has(type(view)):
        return ""
    fields = [
        f.name for f in attrs.fields(type(view)) if getattr(view, f.name) != getattr(other, f.name)
    ]
    return f" ({', '.join(fields)} differ)" if fields else ""


def check_view_fields(game: Game, state: Any, view: Any, seat: int) -> None:
    """The view has the fields of :class:`cardrules.game.View`, and they agree with the
    state: its seat, the player to move, the seat's legal moves (none unless it is to
    move), a score with one total per seat, the public log as a tuple of events."""
    missing = [name for name in ("rules", "seat", "to_move", "score", "events", "legal_moves")
               if not hasattr(view, name)]  # fmt: skip
    _fail(not missing, f"a view lacks {', '.join(missing)} (see cardrules.game.View)")
    _fail(view.seat == seat, f"the view of seat {seat} says it is seat {view.seat}'s")
    to_move = game.to_move(state)
    _fail(view.to_move == to_move, f"the view says {view.to_move} is to move, not {to_move}")
    legal = game.legal_moves(state) if to_move == seat else ()
    _fail(tuple(view.legal_moves) == legal, f"the view of seat {seat} lists other legal moves")
    _fail(
        isinstance(view.score, Score) and len(view.score.totals) == game.players(view.rules),
        "a view's score must be a Score with one total per seat",
    )
    _fail(
        isinstance(view.events, tuple) and all(isinstance(e, Event) for e in view.events),
        "a view's events must be a tuple of Event",
    )


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


def _led_group(counted: Any, trick: Iterable[Card]) -> int | None:
    """The follow group led to a trick (its number in the deal's ``TrickRules``): that
    of its first card that counts in one (a card playable at any time counts in none)."""
    for card in trick:
        for group, mask in enumerate(counted.follow_masks):
            if card.bit & mask:
                return group
    return None


def _encoding_of(game: Game, rules: Any) -> Any:
    """The game's tensor encoding under ``rules`` (see
    :mod:`cardrules.integrations.encoding`), or None when it has no encoder or numpy,
    which the encodings need, is not installed. A game not registered has none (and
    is not registered here: a check leaves the registry as it was)."""
    try:
        if registry.registered(game.NAME) is not game:
            return None
    except CardrulesError:
        return None
    try:
        # Imported by name: the adapters, and numpy under them, are optional, and the
        # compiled build type-checks only what the library itself needs.
        encoding: Any = importlib.import_module("cardrules.integrations.encoding")
    except ImportError:
        return None
    try:
        found = encoding.encoder(game)
    except LookupError:
        return None
    key = (game.NAME, id(found), rules)
    made = _ENCODINGS.get(key)
    if made is None or made.game is not game:
        if len(_ENCODINGS) > 64:
            _ENCODINGS.clear()
        made = _ENCODINGS[key] = encoding.GameEncoding(game, rules, found)
    return made


#: The encodings made so far, by game, encoder and rules: making one builds its layouts
#: and tensors, which costs more than checking a short game.
_ENCODINGS: dict[tuple[str, int, Any], Any] = {}


@functools.lru_cache(maxsize=64)
def _bounds(layout: Any) -> tuple[Any, Any]:
    """A layout's bounds, built once (layouts are frozen, and building them costs more
    than encoding a view)."""
    return layout.bounds()  # type: ignore[no-any-return]  # numpy arrays, typed Any here


def check_encoding(encoding: Any, game: Game, state: Any) -> None:
    """The game's encoder (a :class:`cardrules.integrations.encoding.GameEncoding`)
    keeps its word on ``state``: the seats' move numbers lie below its
    ``PLAYER_ACTIONS`` and the chance outcomes' from there up to ``NUM_MOVES``; the
    legal-action mask of the mover's view marks exactly its legal moves; the
    observation and information-state tensors of a view have their layouts' sizes,
    and every value lies within its piece's stated bounds."""
    player_actions = encoding.player_actions
    _fail(
        0 < player_actions <= game.NUM_MOVES,
        f"the encoder's PLAYER_ACTIONS, {player_actions}, must lie in 1..NUM_MOVES "
        f"({game.NUM_MOVES})",
    )
    mover = game.to_move(state)
    legal = game.legal_moves(state)
    if mover is CHANCE:
        low, high = player_actions, game.NUM_MOVES
    else:
        low, high = 0, player_actions
    for move in legal:
        number = game.move_index(move)
        _fail(
            low <= number < high,
            f"the move {move} is number {number}, outside the encoder's "
            f"{'chance outcomes' if mover is CHANCE else 'seat actions'} {low}..{high - 1}",
        )
    seat = mover if isinstance(mover, int) else 0
    view = game.observe(state, seat)
    if isinstance(mover, int):
        mask = encoding.action_mask(view)
        _fail(
            len(mask) == player_actions and int(mask.sum()) == len(legal),
            f"the encoder's action mask marks {int(mask.sum())} of {len(mask)} actions for "
            f"{len(legal)} legal moves",
        )
    for perfect_recall, kind in ((False, "observation"), (True, "information state")):
        layout = encoding.layout(perfect_recall)
        tensor = encoding.information_state(view) if perfect_recall else encoding.observation(view)
        _fail(
            tensor.shape == (layout.size,),
            f"the encoder's {kind} has shape {tensor.shape}; its layout says {layout.size}",
        )
        low_bounds, high_bounds = _bounds(layout)
        outside = ~((tensor >= low_bounds) & (tensor <= high_bounds))
        if outside.any():
            offsets = layout.offsets()
            position = int(outside.nonzero()[0][0])
            piece = max((o, name) for name, o in offsets.items() if o <= position)[1]
            raise ConformanceError(
                f"the encoder's {kind} puts {float(tensor[position])} in the piece {piece!r} "
                "(or a value that is not a number), outside the bounds its layout states"
            )


#: The most moves the kit lets a random game last when its rules set no cap: far
#: more than a complete game of any kind takes (random play of the longest, matches
#: of Mau-Mau to 500 points, lasts a few thousand moves).
MOST_MOVES = 100_000


def check_ends(
    game: str | Game, rules: Any, *, seed: int, choices: int, max_moves: int = MOST_MOVES
) -> int:
    """A random game of ``rules`` ends, within their cap (``max_moves``/``max_deals``)
    or, if they set none, within ``max_moves`` moves; only the moves are played (no
    other check runs), so that a long game costs little. Returns its number of moves."""
    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}, choices {choices}"
    moves = 0
    with _GameErrorsReported(lambda: f"{where}, step {moves}"):
        state = game.deal(rules, seed=seed)
        while not game.is_over(state):
            if moves >= max_moves:
                raise ConformanceError(
                    f"{where}: random play has not ended after {max_moves} moves: give the "
                    "rules a safety cap (max_moves or max_deals), or make sure the game ends"
                )
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            moves += 1
    return moves


#: The mutable containers that no value reachable from a state may be.
_MUTABLE: Final = (list, dict, set, bytearray, collections.deque, array.array)
#: Values that hold nothing further: nothing to walk into.
_ATOMS: Final = (bool, int, float, complex, str, bytes, range, enum.Enum)
#: The library's own frozen values whose fields are frozen too (a description can hold
#: thousands of moves): not walked into.
_FROZEN_VALUES: Final = frozenset(
    (Card, Play, Bid, DealCard, ChooseDealer, Draw, EndTurn, PassCards, Blind, Declaration)
)


def check_immutable(game: Game, state: Any) -> None:
    """Every data value reachable from ``state`` is immutable: no list, dict, set,
    bytearray (or deque, array) anywhere in its fields, its deal, its rules, its log,
    or the game's description (the module's ``GAME``, when it has one). Classes and
    functions (hooks) are not walked into.

    A mutable value there is shared by every state of the game: a caller who changes it
    changes them all. The :class:`ConformanceError` names its path, such as
    ``state.deal.game.roles.round_index``.
    """
    description = getattr(game, "GAME", None)
    if description is not None and id(description) not in _IMMUTABLE:
        _check_frozen(description, f"{game.NAME}.GAME", set())
        _IMMUTABLE[id(description)] = description  # walked once: descriptions are large
    _check_frozen(state, "state", set(_IMMUTABLE))


#: The descriptions found immutable, by id (each kept, so that its id stays its own).
_IMMUTABLE: dict[int, object] = {}


def _check_frozen(root: object, name: str, seen: set[int]) -> None:
    """Walk the values reachable from ``root`` (each once, none of ``seen``), refusing a
    mutable container.

    Each value's path is a chain of (parent, key) pairs, written out only for the
    message: a long log would make long paths, and most values pass."""
    stack: list[tuple[object, tuple[Any, object]]] = [(root, (None, name))]
    while stack:
        value, path = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, _MUTABLE):
            raise ConformanceError(
                f"{_path_text(path)} is a {type(value).__name__}, which can be changed: every "
                "value a state holds or reaches (its deal, rules, log and the game's "
                "description) must be immutable (a tuple, a frozenset, a "
                "types.MappingProxyType, a frozen class), or whoever changes it changes "
                "every state that shares it"
            )
        for key, part in _parts(value):
            # Values that hold nothing further, classes and functions (hooks): not walked.
            if not (
                part is None
                or type(part) in _FROZEN_VALUES
                or isinstance(part, _ATOMS)
                or callable(part)
            ):
                stack.append((part, (path, key)))


def _path_text(path: tuple[Any, object]) -> str:
    """A value's path, written out from its chain of (parent, key) pairs: a number is
    an index (``[3]``), a string a field (``.round_index``), a one-item tuple a mapping's
    key (``[...]``), a two-item tuple an item of a set or a mapping's key itself."""
    labels: list[str] = []
    node: Any = path
    while node[0] is not None:
        key = node[1]
        if isinstance(key, int):
            labels.append(f"[{key}]")
        elif isinstance(key, str):
            labels.append(f".{key}")
        elif len(key) == 1:
            labels.append(f"[{key[0]!r}]")
        else:
            labels.append(f" ({key[0]} {key[1]!r})")
        node = node[0]
    labels.append(str(node[1]))
    return "".join(reversed(labels))


def _parts(value: object) -> Iterable[tuple[object, object]]:
    """The values ``value`` holds, each with its key in a path (see :func:`_path_text`)."""
    if isinstance(value, tuple):
        fields = getattr(type(value), "_fields", None)  # a named tuple
        if isinstance(fields, tuple) and len(fields) == len(value):
            return zip(fields, value)
        return enumerate(value)
    if isinstance(value, Log):
        return enumerate(value)
    if isinstance(value, frozenset):
        return [(("item", item), item) for item in value]
    if isinstance(value, Mapping):  # a read-only mapping (a dict is refused)
        parts: list[tuple[object, object]] = []
        for key, item in value.items():
            parts.append((("key", key), key))
            parts.append(((key,), item))
        return parts
    return [(name, part) for name, part in _attributes(value)]


def _attributes(value: object) -> list[tuple[str, object]]:
    """An object's fields (attrs, dataclass, ``__match_args__``, ``__dict__``, slots)."""
    names = _FIELD_NAMES.get(type(value))
    if names is None:
        names = _field_names(type(value))
        _FIELD_NAMES[type(value)] = names
    if hasattr(value, "__dict__"):
        names = names + tuple(name for name in vars(value) if name not in names)
    missing = object()
    parts: list[tuple[str, object]] = []
    for name in names:
        part = getattr(value, name, missing)
        if part is not missing:
            parts.append((name, part))
    return parts


#: The declared fields of each class met (a description can hold thousands of moves).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """The fields a class declares: attrs or dataclass fields, else ``__match_args__``,
    slots and the compiled build's attributes."""
    if attrs.has(kind):
        return tuple(field.name for field in attrs.fields(kind))
    if dataclasses.is_dataclass(kind):
        return tuple(field.name for field in dataclasses.fields(kind))
    found: dict[str, None] = {}  # the names in order, each once
    for name in getattr(kind, "__match_args__", ()):
        found[name] = None
    for klass in kind.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            found[name] = None
    for name in getattr(kind, "__mypyc_attrs__", ()):
        found[name] = None
    return tuple(name for name in found if not name.startswith("__"))


# --------------------------------------------------------------------------- whole games


def check_rules_text(game: Game, rules: Any) -> None:
    """The rules' text names the game they belong to: ``str(rules)`` (the text records,
    saved states and the command line write, ``name(option=value,...)``) names the
    game (its ``NAME``, or a name the registry gives it) and reads back as these rules;
    rules of a game described for an engine (a trick or a Stops game) belong to the
    description of this ``NAME`` and ``TITLE``. A game that took another game's
    ``Rules`` unchanged, or copied a description without renaming it, fails here."""
    from cardrules.core.options import build_rules, parse_rules_text

    text = str(rules)
    try:
        name, options = parse_rules_text(text)
    except CardrulesError as error:
        raise ConformanceError(
            f"{game.NAME}: the rules' text {text!r} is not name(option=value,...): {error}"
        ) from None
    if name != game.NAME and not _registered_as(game, name):
        raise ConformanceError(
            f"{game.NAME}: the rules' text {text!r} names the game {name!r}, not "
            f"{game.NAME!r}: give the game its own Rules, whose __str__ names it "
            f"(rules_to_text({game.NAME!r}, self))"
        )
    try:
        again = build_rules(type(rules), options)
    except CardrulesError as error:
        raise ConformanceError(
            f"{game.NAME}: the rules' text {text!r} does not read back: {error}"
        ) from None
    _fail(again == rules, f"{game.NAME}: the rules' text {text!r} reads back as other rules")
    for link in ("trick_game", "stops_game"):
        described = getattr(type(rules), link, None)
        if described is None:
            continue
        if (described.name, described.title) != (game.NAME, game.TITLE):
            raise ConformanceError(
                f"{game.NAME}: its rules belong to the description of {described.name!r} "
                f"({described.title!r}), not of {game.NAME!r} ({game.TITLE!r}): give the "
                "game its own Rules class and its own name and title in its description"
            )


def _registered_as(game: Game, name: str) -> bool:
    """Whether the registry finds ``game`` under ``name`` (an alias)."""
    try:
        return registry.registered(name) is game
    except CardrulesError:
        return False


def _resolve(game: str | Game) -> Game:
    """A registered game by name; a module as it is (checked, not registered)."""
    if isinstance(game, str):
        return registry.get(game)
    registry.check_protocol(game)
    return game


def check_random_game(
    game: str | Game,
    rules: Any,
    *,
    seed: int,
    choices: int,
    every: int = 7,
    max_moves: int = MOST_MOVES,
) -> int:
    """Play one complete random game and check every invariant along it.

    ``seed`` deals the game, ``choices`` seeds the random choice of moves;
    the costlier checks (card conservation, legality, unlisted moves, views and
    sampled worlds, the encoder, mutation) run every ``every`` steps, card
    conservation also at the end (whole-state pickle comparisons every tenth time
    after the first ten). A game still going after ``max_moves`` moves breaks the
    promise that random play ends. Returns the number of moves played.
    """
    game = _resolve(game)
    rng = random.Random(choices)
    encoding = _encoding_of(game, rules)
    player_actions = encoding.player_actions if encoding is not None else 0
    offered: dict[int, frozenset[Any]] = {}  # the bids each seat was offered this deal
    deal_number = -1
    label = f"{game.NAME} {rules}"  # formatting rules costs more than a move: do it once
    with _GameErrorsReported(
        lambda: f"{label}, seed {seed}, dealing", prefix_conformance_errors=True
    ):
        state = game.deal(rules, seed=seed)
        _fail(game.deal(rules, seed=seed) == state, "the same rules and seed dealt different games")
        players = game.players(rules)
        check_immutable(game, state)
    steps = 0
    over = False
    while not over:  # no break out of the with below: the compiled build cannot compile one
        # The lambda is called, if at all, before the step ends: it sees this step's number.
        with _GameErrorsReported(
            lambda: f"{label}, seed {seed}, choices {choices}, step {steps}",  # noqa: B023
            prefix_conformance_errors=True,
        ):
            legal = game.legal_moves(state)
            over = game.is_over(state)
            _fail((legal == ()) == over, "legal_moves must be empty iff the game is over")
            mover = game.to_move(state)
            _fail((mover is None) == over, "to_move is None iff the game is over")
            if over:
                check_cards_conserved(game, state, rules)
                check_immutable(game, state)
            else:
                if steps >= max_moves:  # not _fail: its message would be built every step
                    raise ConformanceError(
                        f"random play has not ended after {max_moves} moves: give the rules "
                        "a safety cap (max_moves or max_deals), or make sure the game ends"
                    )
                _fail(len(set(legal)) == len(legal), "legal moves must be distinct")
                numbers = [game.move_index(m) for m in legal]
                numbered = [game.move_from_index(number) for number in numbers]
                _fail(numbered == list(legal), "move numbers must round-trip")
                if encoding is not None:
                    # Cheap, so at every step: the numbers lie where the encoder says.
                    low, high = (
                        (0, player_actions)
                        if mover is not CHANCE
                        else (player_actions, game.NUM_MOVES)
                    )
                    if min(numbers) < low or max(numbers) >= high:
                        check_encoding(encoding, game, state)  # says which move, and why
                move = rng.choice(legal)
                if type(move) is Bid:
                    if game.deal_number(state) != deal_number:
                        deal_number = game.deal_number(state)
                        offered = {}
                    assert isinstance(mover, int)
                    offered[mover] = frozenset(m for m in legal if type(m) is Bid)
                if steps % every == 0:
                    # A pickle costs O(game length): whole-state comparisons thin out to
                    # every tenth check once a game is long, or they would dominate.
                    deep = steps < 10 * every or steps % (10 * every) == 0
                    # A lost or doubled card stays lost or doubled: a check every few steps
                    # and at the end finds it.
                    check_cards_conserved(game, state, rules)
                    check_legality(game, state)
                    check_unlisted_moves_refused(game, state, rng, deep=deep)
                    checks = steps // every
                    # What a view shows of the state's own hands: every fourth check (a
                    # wrong fact stays wrong for a while; the sampled world is checked always).
                    seat = rng.randrange(players)
                    view, world = check_views(
                        game, state, rules, seat, rng, offered, shown=checks % 4 == 0
                    )
                    if checks % 4 == 2:
                        # A position set up again is the same state (to the players).
                        check_position(game, rules, state, seed=seed)
                    if encoding is not None and checks % 16 == 1:
                        # The tensors cost more than the other checks together: every 16th
                        # check (a game or two of any length finds a wrong size or bound).
                        check_encoding(encoding, game, state)
                    frozen = pickle.dumps(state) if deep else None
                    after = _apply_listed(game, state, move)
                    if frozen is not None:
                        _fail(pickle.dumps(state) == frozen, f"apply({move}) changed its input")
                    again = _apply_listed(game, state, move)
                    _fail(again == after, f"apply({move}) twice gave two states")
                    # After the state's own move: a move apply fails on anywhere is
                    # reported as that, not as a defect of sampled worlds.
                    plies = random.Random(f"{choices}/{steps}")
                    check_sampled_world_plays(game, world, view, plies)
                else:
                    after = _apply_listed(game, state, move)
                state = after
                steps += 1
    where = f"{label}, seed {seed}"
    with _GameErrorsReported(lambda: f"{where}, at the end (score, record, JSON, pickle)"):
        _check_end(game, state, rules, players, where)
    return steps


def _check_end(game: Game, state: Any, rules: Any, players: int, where: str) -> None:
    from cardrules.records import Record, record_of, replay, state_from_json, state_to_json

    game = registry.get(game)  # records find their game by name: register it
    score = game.score(state)
    _fail(score.outcome is not None, f"{where}: the game is over without an outcome")
    _fail(
        len(score.totals) == len(score.payoffs) == players,
        f"{where}: totals and payoffs need one entry per seat",
    )
    record = record_of(state, game=game)
    _fail(replay(Record.from_json(record.to_json())) == state, f"{where}: the record replays wrong")
    text = state_to_json(state, game=game)
    _fail(state_from_json(text) == state, f"{where}: the state's JSON does not load back equal")
    _fail(pickle.loads(pickle.dumps(state)) == state, f"{where}: the state does not unpickle equal")


def check_listed_moves(game: str | Game, rules: Any, *, seed: int, choices: int) -> None:
    """Along a random stretch of play, every listed move applies, and states
    round-trip through JSON and pickle."""
    from cardrules.records import state_from_json, state_to_json

    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}"
    step = 0
    with _GameErrorsReported(lambda: f"{where}, choices {choices}, step {step}"):
        state = game.deal(rules, seed=seed)
        for step in range(rng.randrange(1, 60)):
            if game.is_over(state):
                break
            for move in game.legal_moves(state):
                try:
                    game.apply(state, move)
                except IllegalMoveError as error:
                    raise ConformanceError(
                        f"{where}, step {step}: the listed move {move} is refused: {error}"
                    ) from None
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        text = state_to_json(state, game=game)
        _fail(state_from_json(text) == state, f"{where}: the state's JSON does not load back equal")
        _fail(
            pickle.loads(pickle.dumps(state)) == state,
            f"{where}: the state does not unpickle equal",
        )


def check_explicit_chance(game: str | Game, rules: Any, *, seed: int, choices: int) -> None:
    """Seeded and explicit chance play the same game for the same outcomes.

    The explicit game's first deal is drawn at random (``dealer SEAT`` and ``deal
    CARD`` outcomes, whose probabilities must sum to one); the seeded game is dealt
    from the same cards in the same order (and the same first dealer), and both
    are played with the same moves until the first deal ends.
    """
    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}, choices {choices}"
    with _GameErrorsReported(lambda: f"{where}, checking explicit chance"):
        _check_explicit_chance(game, rules, rng, seed, where)


def _check_explicit_chance(
    game: Game, rules: Any, rng: random.Random, seed: int, where: str
) -> None:
    explicit = game.deal(rules, seed=seed, chance="explicit")
    dealer = rules.first_dealer
    dealt: list[Any] = []
    while game.to_move(explicit) is CHANCE:
        outcomes = game.chance_outcomes(explicit)
        _fail(abs(sum(p for _, p in outcomes) - 1) < 1e-9, f"{where}: chances do not sum to 1")
        _fail(
            [m for m, _ in outcomes] == list(game.legal_moves(explicit)),
            f"{where}: the chance outcomes are not the legal moves",
        )
        move = rng.choice([m for m, _ in outcomes])
        if isinstance(move, ChooseDealer):
            dealer = move.seat
        elif isinstance(move, DealCard):
            dealt.append(move.card)
        else:
            raise ConformanceError(f"{where}: a chance outcome of the deal is {move}, not a card")
        explicit = game.apply(explicit, move)
    rest = [card for card in game.deck_of(rules) if card not in dealt]
    seeded = game.deal(attrs.evolve(rules, first_dealer=dealer), seed=seed, deck=dealt + rest)
    first_deals = game.deal_number(seeded)
    while not game.is_over(seeded) and game.to_move(explicit) is not CHANCE:
        _fail(game.events(seeded) == game.events(explicit), f"{where}: the event logs differ")
        zones_seeded = {k: set(v) for k, v in game.zones(seeded).items()}
        zones_explicit = {k: set(v) for k, v in game.zones(explicit).items()}
        _fail(zones_seeded == zones_explicit, f"{where}: the cards lie in different zones")
        legal = game.legal_moves(seeded)
        _fail(legal == game.legal_moves(explicit), f"{where}: the legal moves differ")
        if game.deal_number(seeded) != first_deals:
            break
        move = rng.choice(legal)
        seeded, explicit = game.apply(seeded, move), game.apply(explicit, move)
    # The explicit game may wait at a chance step (a card drawn) that the seeded game
    # resolved inside apply: so far, the logs agree.
    explicit_events = game.events(explicit)
    _fail(
        game.events(seeded)[: len(explicit_events)] == explicit_events,
        f"{where}: the event logs differ",
    )
    if game.to_move(explicit) is not CHANCE:
        _fail(
            game.score(seeded).deals == game.score(explicit).deals,
            f"{where}: the deals scored differ",
        )


def check_game(
    game: str | Game,
    *,
    presets: Iterable[str] | Mapping[str, Any] | None = None,
    games: int = 10,
    seed: int = 0,
    max_moves: int = MOST_MOVES,
) -> Report:
    """Check a game against the whole interface: ``games`` random games per preset.

    ``game``: a game module (registered under its ``NAME`` if it is not yet),
    or a registered name. ``presets``: names of the game's ``PRESETS`` (default:
    all of them), or a mapping of names to ``Rules``; give presets with the
    safety caps ``max_moves``/``max_deals`` if a random game could last long.
    ``seed`` makes the run reproducible: game ``i`` of a preset is dealt and
    played from seeds drawn from ``(seed, preset, i)``. Raises
    :class:`ConformanceError` at the first broken promise; returns a
    :class:`Report` of what was checked.
    """
    module = registry.get(game)
    if presets is None:
        chosen: Mapping[str, Any] = module.PRESETS
    elif isinstance(presets, Mapping):
        chosen = presets
    else:
        names = list(presets)
        unknown = [name for name in names if name not in module.PRESETS]
        if unknown:
            raise ConformanceError(
                f"{module.NAME} has no preset {', '.join(unknown)}: "
                f"its presets are {', '.join(module.PRESETS)}"
            )
        chosen = {name: module.PRESETS[name] for name in names}
    _fail(bool(chosen), f"{module.NAME}: no presets to check (give PRESETS or presets=...)")
    for name, rules in chosen.items():
        try:
            check_rules_text(module, rules)
        except ConformanceError as error:
            raise ConformanceError(f"preset {name!r}, {error}") from None
    moves = solver_worlds = 0
    for name, rules in chosen.items():
        compared = 0
        for index in range(games):
            rng = random.Random(f"{seed}/{name}/{index}")
            deal_seed, choices = rng.getrandbits(63), rng.getrandbits(63)
            try:
                moves += check_random_game(
                    module, rules, seed=deal_seed, choices=choices, max_moves=max_moves
                )
                check_listed_moves(module, rules, seed=deal_seed, choices=choices)
                check_explicit_chance(module, rules, seed=deal_seed, choices=choices)
                if index == 0:  # a set-up state plays on to the end: once a preset
                    check_positions(module, rules, seed=deal_seed, choices=choices)
                if not compared:  # once a preset, from the first game that reaches it
                    compared = check_solver(module, rules, seed=deal_seed, choices=choices)
            except ConformanceError as error:
                # Keep the game's own error (if any) as the cause: its traceback shows where.
                failed = ConformanceError(f"preset {name!r}, {error}")
                raise caused_by(failed, error.__cause__ or error) from (error.__cause__ or error)
        solver_worlds += compared
    # Random play ends within its cap: Rules() (unless presets were chosen) and each preset.
    ending = dict(chosen) if presets is not None else {"Rules()": module.Rules(), **chosen}
    for name, rules in ending.items():
        rng = random.Random(f"{seed}/{name}/ends")
        deal_seed, choices = rng.getrandbits(63), rng.getrandbits(63)
        try:
            check_ends(module, rules, seed=deal_seed, choices=choices, max_moves=max_moves)
        except ConformanceError as error:
            failed = ConformanceError(f"preset {name!r}, {error}")
            raise caused_by(failed, error.__cause__ or error) from (error.__cause__ or error)
    return Report(module.NAME, tuple(chosen), games * len(chosen), moves, solver_worlds)


# --------------------------------------------------------------------------- the solver


#: The cards a hand from which :func:`check_solver` compares the solver with minimax.
SOLVER_CARDS: Final = 2


def check_solver(game: str | Game, rules: Any, *, seed: int, choices: int) -> int:
    """Where the game offers its own search of the play (a ``double_dummy`` function,
    as every game on the trick engine has), the solver's value of each legal move
    equals plain minimax over the interface (the seat to move and its partners, as
    :func:`cardrules.solver.partnerships` gives them, against the others, for the seat's
    points in the deal): at the first position of the play, reached by random moves,
    where the seat to move holds at most :data:`SOLVER_CARDS` cards, and in two worlds
    sampled from its view there; with equivalent cards too where the game declares
    them (``SOLVER_EQUIVALENT_CARDS``, ``SOLVER_CARDS_APART``). The search scores the
    ends of a deal it has not played from the deal's figures alone (what the deal
    fixes, the tricks won, the tally, the revokes) and shares that reading between
    sampled worlds: a deal scorer that reads where the cards are or were (hands,
    finished tricks, the log's plays) breaks it, and fails here. Returns the number of
    worlds compared (the position and the two sampled), 0 where nothing is checked: a
    game without a search of its own, a random game that ends before such a position,
    or deals the solver cannot search (a trick that goes back into a hand)."""
    from cardrules.solver import Solver, UnsolvableError, partnerships, team_of

    game = _resolve(game)
    if not callable(getattr(game, "double_dummy", None)):
        return 0
    equivalence = [False]
    if getattr(game, "SOLVER_EQUIVALENT_CARDS", False):
        equivalence.append(True)
    rng = random.Random(choices)
    with _GameErrorsReported(lambda: f"{game.NAME} {rules}, seed {seed}, the solver"):
        state = game.deal(rules, seed=seed)
        while True:
            if game.is_over(state):
                return 0
            legal = game.legal_moves(state)
            mover = game.to_move(state)
            if (
                isinstance(mover, int)
                and all(type(move) is Play for move in legal)
                and len(game.zones(state)[f"hand {mover}"]) <= SOLVER_CARDS
            ):
                break
            state = game.apply(state, rng.choice(legal))
        deal = game.deal_number(state)
        high = game.score(state).better == "high"
        view = game.observe(state, mover)
        compared = 0
        for world in (state, game.sample(view, rng), game.sample(view, rng)):
            try:  # first: plain minimax would not end where the solver cannot search
                found = [
                    (
                        equivalent,
                        Solver(game, mover, deal, equivalent_cards=equivalent).move_values(world),
                    )
                    for equivalent in equivalence
                ]
            except UnsolvableError:
                return compared
            team = team_of(partnerships(game, world), mover)
            expected = [
                _minimax(game, game.apply(world, move), mover, team, deal, high)
                for move in game.legal_moves(world)
            ]
            for equivalent, solved in found:
                _fail(
                    [value for _, value in solved] == expected,
                    f"{game.NAME} {rules}, seed {seed}, choices {choices}: the solver "
                    f"{'with equivalent cards ' * equivalent}values the moves of seat "
                    f"{mover} ({', '.join(str(move) for move, _ in solved)}) as "
                    f"{[value for _, value in solved]}, plain minimax as {expected}. The "
                    "search scores the ends of a deal from the deal's figures (what the deal "
                    "fixes, the tricks won, the tally, the revokes): a deal scorer must not "
                    "read where the cards are or were (score such points trick by trick, "
                    "with a TrickScoring)"
                    + (
                        "; and cards declared equivalent must win and score alike "
                        "(name the cards that score apart in SOLVER_CARDS_APART)"
                        if equivalent
                        else ""
                    ),
                )
            compared += 1
    return compared


def _minimax(
    game: Game, state: Any, seat: int, team: frozenset[int], deal: int, high: bool
) -> float:
    """The seat's points for the deal, its team making them best and the others worst,
    over every line of play to the end of the deal."""
    if game.deal_number(state) != deal or game.is_over(state):
        deals = game.score(state).deals
        return float(deals[deal].points[seat]) if len(deals) > deal else 0.0
    mover = game.to_move(state)
    values = [
        _minimax(game, game.apply(state, move), seat, team, deal, high)
        for move in game.legal_moves(state)
    ]
    return max(values) if (mover in team) == high else min(values)


# --------------------------------------------------------------------------- positions


def _plain_data(value: object, depth: int = 0) -> bool:
    """Whether ``value`` is a position's value: None, a bool, an int, a str or a list
    of such values (no dicts, no tuples)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, list) and depth < 32:
        return all(_plain_data(item, depth + 1) for item in value)
    return False


def _hands_of(position: Mapping[str, Any], players: int, what: str) -> list[Any]:
    """A position's standard ``hands``: one entry per seat, a card string or a count."""
    hands = position.get("hands")
    _fail(
        isinstance(hands, list) and len(hands) == players,
        f"{what} has no 'hands' with one entry per seat (a card string, or a count when "
        f"hidden): {hands!r}",
    )
    assert isinstance(hands, list)
    for hand in hands:
        _fail(
            isinstance(hand, str) or (isinstance(hand, int) and not isinstance(hand, bool)),
            f"{what}: a hand is a card string such as '4H 8H' or a count, not {hand!r}",
        )
    return hands


def _check_plain(position: object, what: str) -> None:
    _fail(isinstance(position, dict), f"{what} is a dict, not {type(position).__name__}")
    assert isinstance(position, dict)
    for key, value in position.items():
        _fail(isinstance(key, str), f"{what} has a key that is no text: {key!r}")
        _fail(
            _plain_data(value),
            f"{what}: {key!r} holds {value!r}; a position holds only lists, whole numbers, "
            "true/false, None and texts",
        )


def check_position(game: Game, rules: Any, state: Any, *, seed: int = 0, text: bool = True) -> Any:
    """The state that the position of ``state`` sets up is the same to the players.

    ``position(state)`` is plain data with the standard key ``hands`` (one card string
    per seat); ``setup(rules, position, seed=seed)`` accepts it and gives a state with
    the same player to move, legal moves, score and position, the same position of
    every seat's view, every card once, that position as its origin, an empty history
    and a log that begins with one ``"setup"`` event. With ``text``, the position's
    one-line text (:mod:`cardrules.positions`) reads back, and, for a registered game,
    names the game and the rules. Returns the set-up state.
    """
    from cardrules import positions

    players = game.players(rules)
    position = game.position(state)
    _check_plain(position, "a state's position")
    hands = _hands_of(position, players, "a state's position")
    hidden = [seat for seat, hand in enumerate(hands) if not isinstance(hand, str)]
    _fail(not hidden, f"a state's position hides the hands of seats {hidden}")
    try:
        again = game.setup(rules, position, seed=seed)
    except PositionError as error:
        raise ConformanceError(f"setup refuses the position of a state: {error}") from None
    _fail(
        game.origin(again).position == position,
        "the origin of a set-up state does not hold its position",
    )
    _fail(not game.moves_played(again), "a set-up state has moves in its history")
    _fail(game.moves_made(again) == 0, "a set-up state counts moves made before it")
    setups = [event for event in game.events(again) if event.kind == "setup"]
    log = game.events(again)
    _fail(
        bool(log) and log[0].kind == "setup" and len(setups) == 1,
        "the log of a set-up state must begin with one 'setup' event",
    )
    check_cards_conserved(game, again, rules)
    _fail(game.position(again) == position, "setup(rules, position(s)) has another position")
    _fail(game.to_move(again) == game.to_move(state), "a set-up state has another player to move")
    _fail(
        game.legal_moves(again) == game.legal_moves(state),
        "a set-up state has other legal moves",
    )
    _fail(game.score(again) == game.score(state), "a set-up state has another score")
    for seat in range(players):
        seen = game.position(game.observe(state, seat))
        _check_plain(seen, f"the position of seat {seat}'s view")
        _hands_of(seen, players, f"the position of seat {seat}'s view")
        _fail(
            game.position(game.observe(again, seat)) == seen,
            f"seat {seat}'s view of a set-up state has another position",
        )
    if text:
        try:
            line = positions.format_position(rules, position)
        except PositionError as error:
            raise ConformanceError(
                f"a state's position cannot be written as text: {error}"
            ) from None
        _fail(
            positions.split_position_text(line) == (str(rules), position),
            f"the position's text does not read back: {line}",
        )
        try:
            known = registry.registered(game.NAME) is game
        except CardrulesError:
            known = False
        if known:
            read = positions.read_position(positions.position_text(game, state))
            _fail(
                read[0] is game and read[1] == rules and read[2] == position,
                "read_position(position_text(game, state)) gives another game, rules or position",
            )
    return again


def check_setup_refusals(
    game: Game, rules: Any, state: Any, *, sizes_refused: bool = False
) -> None:
    """``setup`` refuses positions built from ``position(state)`` that cannot be:

    * a view's position that hides cards of a hand (a count above 0 in ``hands``);
    * a card twice: a card of one hand added to another seat's hand;
    * a card missing: a card taken out of a hand;
    * one card moved from a hand to another seat's hand: refused when
      ``sizes_refused`` (a game whose hand sizes follow from the play, as in most
      trick games); otherwise, when setup accepts it, the state holds every card once
      and the hands the position gives.

    Each refusal must be a :class:`~cardrules.errors.PositionError` with a message.
    The edits use only the standard key ``hands``; a state whose hands are all empty
    is checked for the view's position only.
    """
    players = game.players(rules)
    position = game.position(state)
    hands = _hands_of(position, players, "a state's position")

    def refused(edited: dict[str, Any], what: str) -> None:
        try:
            game.setup(rules, edited)
        except PositionError as error:
            _fail(bool(str(error)), f"setup refuses {what} without a reason")
            return
        except CardrulesError as error:
            raise ConformanceError(
                f"setup refuses {what} with {type(error).__name__}, not PositionError: {error}"
            ) from None
        raise ConformanceError(f"setup accepts {what}")

    for seat in range(players):
        seen = game.position(game.observe(state, seat))
        hands_seen = _hands_of(seen, players, "a view")
        if any(not isinstance(hand, str) and hand > 0 for hand in hands_seen):
            refused(seen, f"seat {seat}'s view's position, which hides a hand")
            break
    holders = [seat for seat, hand in enumerate(hands) if isinstance(hand, str) and hand.split()]
    if not holders or players < 2:
        return
    seat = holders[0]
    other = (seat + 1) % players
    cards = hands[seat].split()
    card = cards[0]

    def with_hands(changed: dict[int, list[str]]) -> dict[str, Any]:
        new = [" ".join(changed[s]) if s in changed else hand for s, hand in enumerate(hands)]
        return {**position, "hands": new}

    receiving = hands[other].split()
    refused(
        with_hands({other: [*receiving, card]}),
        f"a position with {card} twice (in seat {seat}'s and seat {other}'s hands)",
    )
    refused(with_hands({seat: cards[1:]}), f"a position without {card} (taken out of seat "
            f"{seat}'s hand)")  # fmt: skip
    moved = with_hands({seat: cards[1:], other: [*receiving, card]})
    what = f"a position with {card} moved from seat {seat}'s hand to seat {other}'s"
    if sizes_refused:
        refused(moved, what)
        return
    try:
        placed = game.setup(rules, moved)
    except PositionError as error:
        _fail(bool(str(error)), f"setup refuses {what} without a reason")
        return
    check_cards_conserved(game, placed, rules)
    shown = _hands_of(game.position(placed), players, "a set-up state's position")
    _fail(
        [sorted(str(h).split()) for h in shown] == [sorted(str(h).split()) for h in moved["hands"]],
        f"setup accepts {what}, but its state has other hands",
    )


def check_positions(
    game: str | Game,
    rules: Any,
    *,
    seed: int,
    choices: int = 0,
    states: int = 20,
    sizes_refused: bool = False,
    max_moves: int = MOST_MOVES,
) -> int:
    """Positions taken along a random game set up the same game, which plays on.

    ``seed`` deals the game and ``choices`` seeds the random moves. Of its states
    (the first and the last among them), ``states`` spread along the game are set up
    again (:func:`check_position`); each set-up state is played on to the end with
    random moves, and ends with an outcome, every card once. The set-up game halfway
    through is recorded and replayed (its record starts from the position), and its
    state's JSON loads back equal. :func:`check_setup_refusals` runs on the first,
    the middle and the last of them (``sizes_refused`` as there). Returns the number of
    states checked.
    """
    from cardrules.records import Record, record_of, replay, state_from_json, state_to_json

    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}, choices {choices}"
    taken: list[Any] = []
    step = 0
    with _GameErrorsReported(lambda: f"{where}, step {step}, playing"):
        state = game.deal(rules, seed=seed)
        taken.append(state)
        while not game.is_over(state) and step < max_moves:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            taken.append(state)
            step += 1
    count = max(1, min(states, len(taken)))
    picked = sorted({round(i * (len(taken) - 1) / max(1, count - 1)) for i in range(count)})
    for number, index in enumerate(picked):
        step = index
        with _GameErrorsReported(
            lambda: f"{where}, the position after move {step}",  # noqa: B023
            prefix_conformance_errors=True,
        ):
            original = taken[index]
            again = check_position(game, rules, original, seed=seed)
            if number in (0, len(picked) // 2, len(picked) - 1):
                check_setup_refusals(game, rules, original, sizes_refused=sizes_refused)
            moves = 0
            while not game.is_over(again):
                if moves >= max_moves:
                    raise ConformanceError(
                        f"a set-up game has not ended after {max_moves} random moves"
                    )
                again = _apply_listed(game, again, rng.choice(game.legal_moves(again)))
                moves += 1
            check_cards_conserved(game, again, rules)
            _fail(game.score(again).outcome is not None, "a set-up game ends without an outcome")
            if number == len(picked) // 2:
                known = registry.get(game)  # records find their game by name
                record = record_of(again, game=known)
                _fail(
                    replay(Record.from_json(record.to_json())) == again,
                    "the record of a set-up game replays wrong",
                )
                _fail(
                    state_from_json(state_to_json(again, game=known)) == again,
                    "the JSON of a set-up game's state does not load back equal",
                )
    return len(picked)
