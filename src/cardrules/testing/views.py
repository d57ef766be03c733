"""The kit's checks of views and of the worlds sampled from them: a view agrees with its
state and shows what the state's hands hold, a sampled world is one the view could come
from, and it can be played on.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from cardrules.cards import cards_of, format_cards, mask_of
from cardrules.errors import IllegalMoveError, caused_by, describe_error
from cardrules.game import Event, Game, Score
from cardrules.moves import Bid
from cardrules.testing.common import ConformanceError, _fail
from cardrules.testing.invariants import check_cards_conserved
from cardrules.testing.voids import _check_voids_shown, _voids, suit_rules


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


# The random moves check_sampled_world_plays applies to a sampled world (described where
# the package's __init__ binds it again, for the reference page).
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
