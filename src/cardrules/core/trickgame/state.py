"""The state of a trick game: one immutable named tuple, copied on every move, and the
error for a value that is not one of its states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from cardrules.cards import ALL_CARDS, Card, Suit, mask_of
from cardrules.core import changes as changes_core
from cardrules.core import tricks
from cardrules.core.checks import described, wrong_state
from cardrules.core.match import Match
from cardrules.errors import ArgumentError
from cardrules.game import ChanceMode, Event, Log, Outcome
from cardrules.moves import Move

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.contract import TrickGame


class State(NamedTuple):
    """A complete game position. Use the module's functions; never build one by hand.

    Hands, the undealt cards and the cards of finished tricks (``waste``) are card
    masks (see :mod:`cardrules.cards`); :func:`zones` gives them as cards. ``bids``
    holds each seat's bid (None before it bids; empty without bidding),
    ``tricks_won`` the tricks each seat has won (when the game counts them).
    ``known`` and ``voids`` are what the public log of this deal shows, per seat:
    the cards it picked up and has not played since, and the cards it has shown
    it lacks (card masks: the suits it failed to follow, and whatever the game's
    restrictions revealed, see :func:`cardrules.core.trickgame.rules_of_play.revealed`);
    play keeps them up to date so that :func:`observe` need not read the log.
    ``trick_rules`` are the deal's follow-suit and trick-winning rules; ``face_up``
    and ``second_suit`` the cards turned face up and the second suit they fix (see
    :class:`FaceUp`); ``passed`` the cards each seat passed this deal (in transit
    until every seat has passed); ``declared`` the values of each :class:`Declaring`
    round (per seat, or per team); ``tally`` the trick scorer's running figures;
    ``revokes`` each seat's penalised revokes.
    A state is an immutable named tuple, because building one is the cost of every move.
    """

    rules: Any
    seed: int
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    phase: Any
    hands: tuple[int, ...]
    undealt: int
    trump_card: Card | None
    bids: tuple[int | None, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    waste: int
    dealt: int
    known: tuple[int, ...]
    voids: tuple[int, ...]
    trick_rules: tricks.TrickRules
    face_up: tuple[Card, ...]
    second_suit: Suit | None
    passed: tuple[int, ...]
    declared: tuple[tuple[Any, ...], ...]
    tally: tuple[int, ...]
    revokes: tuple[int, ...]
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None
    outcome: Outcome | None

    @property
    def hand_size(self) -> int:
        """The hand size of the deal in progress (of the last one, once the game is over)."""
        game: TrickGame = self.rules.trick_game
        number = self.match.deal_number
        deals = game.deals(self.rules)
        return int(game.hand_size(self.rules, number if deals is None else min(number, deals - 1)))


# The per-move path builds states with tuple.__new__: NamedTuple's own __new__ is a
# Python function, and calling it costs more than twice as much. Arguments go in
# field order, as with State(...).
_new_state: Final = tuple.__new__


_FIELD_INDEX: Final = changes_core.field_index(State)


def _with(state: State, **changes: Any) -> State:
    """``state._replace(**changes)``, faster (see :mod:`cardrules.core.changes`)."""
    return changes_core.replaced(state, _FIELD_INDEX, changes)


#: By card index, the mask of the cards of that card's suit (0 for a joker).
_SUIT_MASK_OF: Final = tuple(
    tricks.SUIT_MASKS[c.suit] if c.suit is not None else 0 for c in ALL_CARDS
)


_DECK_MASKS: dict[int, tuple[tuple[Card, ...], int]] = {}


def _deck_mask(cards: tuple[Card, ...]) -> int:
    """The mask of a deck, cached by identity (hashing 52 cards costs more than the mask)."""
    found = _DECK_MASKS.get(id(cards))
    if found is None or found[0] is not cards:
        found = _DECK_MASKS[id(cards)] = (cards, mask_of(cards))
    return found[1]


def _wrong_state(value: object, what: str = "state") -> Exception:
    """The error for a ``what`` that is no trick game's state: it names the game of the
    value's rules when they are a trick game's (a view given for a state); otherwise the
    function, shared by every trick game, cannot know which game was meant."""
    # Only a trick game's description sets trick_game on a Rules class.
    game = getattr(type(getattr(value, "rules", None)), "trick_game", None)
    if game is not None:
        return wrong_state(value, game.title, what)
    source = "observe" if what == "view" else "deal, apply or sample"
    return ArgumentError(
        f"a trick game's functions need one of its {what}s (from the game's {source}), "
        f"not {described(value, what)}"
    )
