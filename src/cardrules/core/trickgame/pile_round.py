"""The pile step of a trick game's description: :class:`PileStep` (a seat takes a named
pile into its hand and lays cards away onto it, after the auction), and what the
deal's scoring reads of the piles (:func:`pile_cards`, :func:`pile_owner`,
:func:`laid_away`)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Generic, NamedTuple

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card, cards_of, mask_of
from cardrules.core.trickgame.numbers import _pass_of_rank, pass_rank
from cardrules.core.trickgame.parts import R
from cardrules.core.trickgame.state import State, _wrong_state
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.moves import LayAway, Move, TakePile

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame

__all__ = ["PileSight", "PileStep", "declarer_takes", "laid_away", "pile_cards", "pile_owner"]

#: The holder recorded for a pile as dealt (no seat has taken it).
AS_DEALT: Final = -1


class PileSight(NamedTuple):
    """What a view shows of one pile (the view's ``piles``, in the order of
    :attr:`Dealing.piles <cardrules.core.trickgame.Dealing.piles>`): its ``name``, how
    many cards lie on it (``size``), the ones the seat sees (``cards``: a turned pile's
    top card while it lies there, and the cards the seat itself laid away), and the
    seat that took it (``holder``; None while it is as dealt)."""

    name: str
    size: int
    cards: tuple[Card, ...]
    holder: int | None


def pile_sights(state: State, seat: int) -> tuple[PileSight, ...]:
    """What ``seat`` sees of each pile of the deal (see :class:`PileSight`)."""
    game: TrickGame[Any] = state.deal.game
    sights = []
    for pile, (mask, holder) in zip(game.dealing.piles, state.deal.piles):
        cards: tuple[Card, ...] = ()
        if holder == seat or (holder == AS_DEALT and pile.turned):
            cards = cards_of(mask)
        sights.append(
            PileSight(pile.name, mask.bit_count(), cards, None if holder == AS_DEALT else holder)
        )
    return tuple(sights)


def declarer_takes(state: State) -> int | None:
    """The default :attr:`PileStep.taker`: the contract's declarer (None: no declarer,
    the step is skipped)."""
    contract = state.deal.contract
    return None if contract is None else contract.declarer


def _always(rules: Any) -> bool:
    return True


def _nothing_refused(state: State, seat: int, cards: tuple[Card, ...]) -> str | None:
    return None


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class PileStep(Generic[R]):
    """A step after the auction (beside :class:`~cardrules.core.trickgame.Auction`
    rounds in ``TrickGame.rounds``, played once the deal has a contract): the seat that
    ``taker`` names takes the pile ``pile`` (a :class:`~cardrules.core.trickgame.Pile`
    of :attr:`Dealing.piles <cardrules.core.trickgame.Dealing.piles>`) into its hand
    (``take skat``, its only move), then lays ``lay_away`` cards of its hand away face
    down onto the pile (``lay away 7C 8D``); the step then ends. When ``taker`` gives
    None as the step comes due, the step is skipped and the pile stays as dealt: Skat's
    hand game, chosen by a call of an ``after_contract`` auction round that ``taker``
    reads.

    The moves are the library's :class:`~cardrules.moves.TakePile` and
    :class:`~cardrules.moves.LayAway`, numbered after the game's calls (one number for
    the take, then the lay-aways by the rank of their cards, as passes are); a game
    writes neither numbers nor a parser for them. ``refuse(state, seat, cards)`` names,
    in the game's words, why cards may not be laid away (Tarot: no kings or trumps), or
    gives None.

    Euchre's dealer picks up the turned card when trumps are ordered up::

        PileStep(pile="upcard", phase="PICK_UP", lay_away=1,
                 taker=lambda state: state.match.dealer)
    """

    #: The name of the pile it moves.
    pile: str
    #: The name of its ``Phase`` member (default ``PILE``; each step of a game has its own).
    phase: str = "PILE"
    #: How many cards the taker lays away after taking the pile (0: none).
    lay_away: int = 0
    #: ``taker(state)``: the seat that takes the pile, or None: the step is skipped
    #: (default :func:`declarer_takes`).
    taker: Callable[[State], int | None] = declarer_takes
    #: ``refuse(state, seat, cards)``: why the game forbids laying these cards away, or
    #: None (default: any cards of the hand).
    refuse: Callable[[State, int, tuple[Card, ...]], str | None] = _nothing_refused
    #: ``applies(rules)``: whether the step is played (default: always).
    applies: Callable[[R], bool] = _always

    def __post_init__(self) -> None:
        if self.lay_away < 0:
            raise RulesError(f"pile step {self.phase}: lay_away is 0 or more, not {self.lay_away}")


def pile_index(game: TrickGame[Any], name: str) -> int:
    """The place of the pile ``name`` in the game's :attr:`Dealing.piles`; a
    RulesError naming the game's piles when it has none of that name."""
    for k, pile in enumerate(game.dealing.piles):
        if pile.name == name:
            return k
    names = ", ".join(pile.name for pile in game.dealing.piles) or "none"
    raise RulesError(f"{game.title} has no pile {name!r} (its piles: {names})")


def pile_due(state: State, k: int) -> bool:
    """Whether pile step ``k``'s pile is still to be taken (else cards are to be laid
    away)."""
    game: TrickGame[Any] = state.deal.game
    step = game.rounds[k]
    assert isinstance(step, PileStep)
    return state.deal.piles[pile_index(game, step.pile)][1] == AS_DEALT


def pile_refusal(state: State, k: int, seat: int, move: object) -> str | None:
    """Why ``move`` is refused in pile step ``k`` (its taker ``seat``), in words naming
    the fix; None when it is legal."""
    game: TrickGame[Any] = state.deal.game
    step = game.rounds[k]
    assert isinstance(step, PileStep)
    if pile_due(state, k):
        if type(move) is TakePile and move.pile == step.pile:
            return None
        return f"seat {seat} must take the {step.pile} now ('take {step.pile}'), not {move}"
    if type(move) is not LayAway:
        return (
            f"seat {seat} must lay {step.lay_away} cards away onto the {step.pile} now "
            f"('lay away CARDS'), not {move}"
        )
    if len(move.cards) != step.lay_away:
        return (
            f"seat {seat} lays away exactly {step.lay_away} cards onto the {step.pile}, "
            f"not {len(move.cards)}"
        )
    hand = state.hands[seat]
    missing = [card for card in move.cards if not card.bit & hand]
    if missing:
        return (
            f"seat {seat} can lay away only cards of its hand: "
            f"{' '.join(card.text for card in missing)} not in "
            f"{' '.join(card.text for card in cards_of(hand))}"
        )
    return step.refuse(state, seat, move.cards)


def pile_cards(state: object, name: str) -> tuple[tuple[Card, ...], int | None]:
    """The cards of the pile ``name`` now and the seat that laid them away there (None:
    the pile is as dealt; a seat with no cards: it took the pile and has not laid
    cards away yet). The whole state's truth: a seat's view shows only what it knows
    (the view's ``piles``)."""
    if type(state) is not State:
        raise _wrong_state(state)
    game: TrickGame[Any] = state.deal.game
    mask, holder = state.deal.piles[pile_index(game, name)]
    return cards_of(mask), None if holder == AS_DEALT else holder


def laid_away(state: object) -> tuple[tuple[str, tuple[Card, ...], int | None], ...]:
    """Every pile of the deal as ``(name, cards, holder)`` (see :func:`pile_cards`),
    in the description's order: the scoring reads the cards laid away (or left as
    dealt), and, with :func:`pile_owner`, whose points they are. The declarer's cards
    at the start of play (Skat's matadors are counted over hand and skat) are its hand
    at the first card plus the cards of the piles that count for it."""
    if type(state) is not State:
        raise _wrong_state(state)
    game: TrickGame[Any] = state.deal.game
    return tuple(
        (pile.name, cards_of(mask), None if holder == AS_DEALT else holder)
        for pile, (mask, holder) in zip(game.dealing.piles, state.deal.piles)
    )


def pile_owner(state: object, name: str) -> int | None:
    """The seat whose card points the pile ``name``'s cards count for: the contract's
    declarer when the pile counts for the declarer (:attr:`Pile.counts_for`), else None
    (also before the deal has a declarer)."""
    if type(state) is not State:
        raise _wrong_state(state)
    game: TrickGame[Any] = state.deal.game
    pile = game.dealing.piles[pile_index(game, name)]
    contract = state.deal.contract
    if pile.counts_for != "declarer" or contract is None:
        return None
    return contract.declarer


def _check_piles(game: TrickGame[Any]) -> tuple[int, ...]:
    """Refuse piles the engine cannot deal yet and pile steps of no pile; the counts of
    cards the pile steps lay away, each once, in the order of the rounds."""
    piles = game.dealing.piles
    if piles and (game.trumps.card != "none" or game.trumps.face_up is not None):
        raise RulesError(
            f"{game.title}: piles cannot be dealt beside a turned trump card or face-up cards "
            "yet: make the turned card a Pile(turned=True) that a PileStep takes, and the "
            "trumps the auction's contract"
        )
    if piles and (game.roles.passing is not None or game.play.revoking is not None):
        raise RulesError(
            f"{game.title}: piles cannot be dealt in a game that passes cards or lets a "
            "revoke stand yet"
        )
    names = {pile.name for pile in piles}
    counts: list[int] = []
    for step in game.rounds:
        if isinstance(step, PileStep):
            if step.pile not in names:
                raise RulesError(
                    f"{game.title}'s pile step {step.phase} takes the pile {step.pile!r}, which "
                    f"is none of Dealing.piles ({', '.join(sorted(names)) or 'none'})"
                )
            if step.lay_away and step.lay_away not in counts:
                counts.append(step.lay_away)
    return tuple(counts)


def _pile_move_index(game: TrickGame[Any], move: TakePile | LayAway) -> int:
    """The number of a pile move (see :attr:`MoveNumbering.pile_base`)."""
    numbering = game.numbering
    number = numbering.pile_base
    if type(move) is TakePile:
        for k, pile in enumerate(game.dealing.piles):
            if pile.name == move.pile:
                return number + k
        raise IllegalMoveError(f"{move} has no number in {game.title}: it has no such pile")
    assert type(move) is LayAway
    number += len(game.dealing.piles)
    for count in numbering.lay_counts:
        if count == len(move.cards) and all(card.index < 52 for card in move.cards):
            return number + pass_rank(mask_of(move.cards))
        number += math.comb(52, count)
    raise IllegalMoveError(f"{move} has no number in {game.title}")


def _pile_move_of(game: TrickGame[Any], offset: int) -> Move:
    """The pile move ``offset`` numbers after :attr:`MoveNumbering.pile_base`."""
    piles = game.dealing.piles
    if offset < len(piles):
        return TakePile(piles[offset].name)
    offset -= len(piles)
    for count in game.numbering.lay_counts:
        if offset < math.comb(52, count):
            return LayAway(_pass_of_rank(offset, count).cards)
        offset -= math.comb(52, count)
    raise AssertionError("a checked move number is a pile move")
