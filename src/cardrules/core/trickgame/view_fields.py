"""The base of every trick game's view (:class:`View`: the fields every view has and
those a description's features imply), and the check that a game's view class shows
what its description needs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import Card, Suit
from cardrules.core.trickgame.contract import Contract
from cardrules.core.trickgame.parts import Declaring
from cardrules.core.trickgame.pile_round import PileSight
from cardrules.errors import RulesError
from cardrules.game import Chance, ChanceMode, Event, Score, notebook_picture
from cardrules.moves import Call, Move

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


# A game's view derives from this class, in this library or outside it (see TrickGameRules).
# kw_only: the fields with defaults come before a game's own fields, which need none.
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class View:
    """What one seat may know: the fields every trick game's view has, which the engine
    fills (and :func:`~cardrules.core.trickgame.sample` reads).

    The first fields are those of every deal. The fields after ``legal_moves`` come with
    a feature of the description; a game without the feature keeps their default:

    * ``trump_card``: the card turned for trumps (``Trumps(card=...)`` other than ``"none"``);
    * ``trump``: the trump suit fixed without turning a card (``Trumps(suit=...)``,
      ``Trumps(face_up=...)``);
    * ``face_up``: the cards turned face up after the hands (``Trumps(face_up=...)``);
    * ``hand_size``, ``bids``, ``has_bid``: the cards dealt each seat in this deal, the
      bids this seat may see (during simultaneous bidding only its own: the others are
      None until every seat has bid) and who has bid (``bidding``); a round of
      declarations keyed ``bids`` shows its words there instead (Maverick);
    * ``has_passed``, ``passed``, ``received``, ``passed_to``: who has passed, the cards
      this seat passed, those it received once every seat has passed, and the seat its
      pass goes to in this deal (None: no pass) (a :class:`Passing` round);
    * ``tricks_won``: the tricks each seat has won in this deal
      (``Scoring(counts_tricks=True)``);
    * ``won_cards``: the cards of the finished tricks (every game);
    * ``revokes``: each seat's penalised revokes in this deal (``TrickPlay(revoking=...)``);
    * ``calls``, ``contract``, ``dummy_hand``: the calls of each auction round so far
      (``(seat, call)`` pairs, one tuple per round), the deal's contract (None until
      the auction ends) and the dummy's hand, shown to every seat once the opening lead
      is made (``()`` before it, and without a dummy) (an :class:`Auction` round);
    * ``piles``: what this seat sees of each pile (:class:`PileSight`: its name, its
      count, the cards this seat sees of it, the seat that took it) (``Dealing.piles``);
    * ``announced``, ``contract``: the announcements made during the play so far
      (``(seat, call)`` pairs, oldest first) and the contract they made (the
      description's ``announcements``).

    A game's ``View`` derives from it and declares only its own fields: a round's key,
    the second face-up suit's key, the tally's keys, the public knowledge it shows
    (``known``, ``voids``, ``absent``) and what its ``view_extras`` hook gives.

    >>> import attrs
    >>> @attrs.frozen(slots=True)
    ... class HeartsView(View):
    ...     taken: tuple[int, ...]
    >>> [field.name for field in attrs.fields(HeartsView)][-3:]
    ['piles', 'announced', 'taken']
    """

    rules: Any
    seat: int
    chance: ChanceMode
    phase: Any
    to_move: int | Chance | None
    deal_number: int
    dealer: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    undealt_count: int
    leader: int
    trick: tuple[Card, ...]
    totals: tuple[int, ...]
    score: Score
    moves_made: int
    events: tuple[Event, ...]
    legal_moves: tuple[Move, ...]
    trump_card: Card | None = None
    trump: Suit | None = None
    face_up: tuple[Card, ...] = ()
    hand_size: int = 0
    bids: tuple[Any, ...] = ()
    has_bid: tuple[bool, ...] = ()
    has_passed: tuple[bool, ...] = ()
    passed: tuple[Card, ...] = ()
    received: tuple[Card, ...] = ()
    passed_to: int | None = None
    tricks_won: tuple[int, ...] = ()
    won_cards: tuple[Card, ...] = ()
    revokes: tuple[int, ...] = ()
    calls: tuple[tuple[tuple[int, Call], ...], ...] = ()
    contract: Contract | None = None
    dummy_hand: tuple[Card, ...] = ()
    piles: tuple[PileSight, ...] = ()
    announced: tuple[tuple[int, Call], ...] = ()

    def shown_fields(self) -> tuple[str, ...]:
        """The names of the fields this view shows, in order: those of every view, those
        its game's features imply and the game's own (the others keep their defaults).
        The text renderings of a view show these."""
        shown: tuple[str, ...] = self.rules.trick_game.view_fields
        return shown

    def _repr_svg_(self) -> str | None:
        """The picture notebooks show of this view (see :mod:`cardrules.svg`)."""
        return notebook_picture(self)


#: The fields every trick game's view has (the first of :class:`View`).
VIEW_FIELDS: Final = (
    *(field.name for field in attrs.fields(View) if field.default is attrs.NOTHING),
    "won_cards",
)


#: The fields a view shows with bidding.
BIDDING_VIEW_FIELDS: Final = ("hand_size", "bids", "has_bid")

#: The fields a view shows with an auction.
AUCTION_VIEW_FIELDS: Final = ("calls", "contract", "dummy_hand")

#: The fields a view shows with announcements during play.
ANNOUNCEMENT_VIEW_FIELDS: Final = ("contract", "announced")


def _implied_fields(game: TrickGame[Any]) -> frozenset[str]:
    """The fields of the base :class:`View` after ``legal_moves`` that the features of
    ``game``'s description imply (a round of declarations implies the one it is keyed by)."""
    implied = {"won_cards"}
    trumps = game.trumps
    if trumps.card != "none":
        implied.add("trump_card")
    if trumps.suit is not None or trumps.face_up is not None:
        implied.add("trump")
    if trumps.face_up is not None:
        implied.add("face_up")
    if game.bidding is not None:
        implied.update(BIDDING_VIEW_FIELDS)
    if game.roles.passing is not None:
        implied.update(("has_passed", "passed", "received", "passed_to"))
    if game.scoring.counts_tricks:
        implied.add("tricks_won")
    if game.play.revoking is not None:
        implied.add("revokes")
    implied.update(r.key for r in game.rounds if isinstance(r, Declaring))
    if game.roles.auctions:
        implied.update(AUCTION_VIEW_FIELDS)
    if game.dealing.piles:
        implied.add("piles")
    if game.announcements:
        implied.update(ANNOUNCEMENT_VIEW_FIELDS)
    return frozenset(implied)


def _checked_view_fields(game: TrickGame[Any]) -> tuple[str, ...]:
    """The fields the game's view shows (:meth:`View.shown_fields`), refused with the fix
    if it lacks any it needs."""
    view_class = game.view_class
    if not (isinstance(view_class, type) and issubclass(view_class, View)):
        raise RulesError(
            f"{game.title}'s view_class must derive from cardrules.core.trickgame.View "
            f"(@attrs.frozen(slots=True) class View(trickgame.View): ...), not {view_class!r}"
        )
    implied = _implied_fields(game)
    features = {field.name for field in attrs.fields(View)} - set(VIEW_FIELDS)
    if "waste" in attrs.fields_dict(view_class):  # shown under the game's own name (Enfle)
        features.add("won_cards")
        implied -= {"won_cards"}
    fields = tuple(
        field.name
        for field in attrs.fields(view_class)
        if field.name not in features or field.name in implied
    )
    needed = [r.key for r in game.rounds if isinstance(r, Declaring)]
    if game.trumps.face_up is not None:
        needed.append(game.trumps.face_up.second_key)
    needed += [key for key, _, _, _ in game.scoring.tally]
    missing = [name for name in needed if name not in fields]
    if missing:
        raise RulesError(
            f"{game.title}'s view class {view_class.__name__} lacks "
            f"{'the field' if len(missing) == 1 else 'the fields'} {', '.join(missing)}: "
            "the trick engine fills them and sample reads them; add them (a view declares "
            "the key of each round of declarations, of the second face-up suit and of "
            "each tally)"
        )
    return fields
