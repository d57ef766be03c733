"""A perfect-information solver for trick games, built only on the game interface.

Given a full state (every hand known) in the play of a deal, :func:`solve_moves`
gives the value of each legal move for the seat to move and :func:`deal_value`
the value of the position: the points the deal scores for that seat (its
``score(state).deals`` row, read once the deal has ended), when it plays as
well as it can and the other seats play as well as they can against it. This
is the *paranoid* assumption: the seat to move and its partners (the seats of
its team in ``score(state).teams``, who play with it; where the game module has a
``sides(state)``, the deal's partnerships it gives, as a trick game's contract may
set them for one deal) against a coalition of all
the others, who are taken to minimize its points. In a partnership game of two
teams that is ordinary minimax; where every player plays for himself it is a
pessimistic bound, as in every PIMC player built on a two-sided solver. Where
lower totals are better (``Score.better == "low"``) the seat minimizes its
points and the others maximize them; the values are still the points.

With ``margin=True`` the value is instead the seat's points less the best points
among the seats outside its team (the most; the fewest where low totals are
better), which is what decides whether the seat comes first in the deal: the
others then play for their own points as well as against the seat's, which is
nearer the truth where every player plays for himself (in Up and Down the River
the others try to make their own bids, not only to break the seat's). Between two
teams it is the one team's points less the other's.

The search is alpha-beta with a transposition table and move ordering, over
``legal_moves`` and ``apply`` alone: it plays until ``deal_number`` changes (or
the game ends) and reads the deal's points from ``score``. Whatever moves the
state offers are searched, so a state before the play (bidding, passing) is
searched through those phases too, which is correct but slow; the PIMC bot
(:class:`cardrules.bots.pimc.PIMCBot`) plays those with a bot and solves from
the play. A random event inside the deal (a chance step) cannot be solved and
raises :class:`UnsolvableError`.

A game may offer its own search of the play: a module function
``double_dummy(seat, equivalent_cards, margin)`` (and ``cards_apart=``, where the
game declares cards that score apart, below) returning an object whose
``value(state)`` and ``move_values(state)`` give the same values, or None for a
position it does not search. Every game on the trick engine has one: a
double-dummy search over card masks (the engine's ``solving`` module) that never
builds a state a card, tens to hundreds of times faster than the search below;
positions it declines (before the play, Enfle's pick-up, revokes the rules make
legal, a move cap that the rest of the deal could reach, the opening lead of a
game whose holder of a card must lead it) are searched as described here.

The transposition table is consulted where a trick is about to be led (the
``"trick"`` zone of ``zones(state)`` is empty), as double-dummy solvers do. Its
key is the seat to move, each seat's hand (from ``zones``) and the rest of the
position (``position(state)`` less the hands: tricks won, bids, trick points,
revokes, trumps, the cards gone, ...). The position holds everything the play
from there depends on, so two positions with the same key have the same future
and the same points, and share one entry; the tests check this against plain
minimax over the game's interface, for every option that changes a deal's points.
With equivalent cards (below) the hands in the key are written by each card's
rank among the cards of its suit still held, as bridge double-dummy solvers do.

*A budget:* a :class:`Solver` (and :func:`solve_moves`, :func:`deal_value`) may be
given ``seconds`` or ``positions`` to spend; once they are spent the search raises
:class:`~cardrules.errors.SearchBudgetError`. With or without a budget, a search lets
Python handle signals every thousand positions or so, so Ctrl-C (or a timer's
signal) stops a long solve within a moment, in the compiled build too.

*Equivalent cards* (``equivalent_cards=True``): two cards of one suit in the
mover's hand with no card of that suit between them in rank left in another
hand or in the current trick win and lose the same tricks, so only one of them
is searched and both get its value. This holds only where the rank order of a
suit decides tricks and cards score the same whatever their rank: it is right
for Up and Down the River, Whist, Spades and Maverick (whose trick points count
cards by suit; the tests prove it against plain minimax there) and wrong where
cards carry points of their own, unless the game names them: a module's
``SOLVER_CARDS_APART`` lists the cards that score apart from the rest of their suit
(Hearts' queen of spades, where each heart scores alike), which are then never
equivalent to another card and are written apart in the table's key. The declaration
says that every other card scores as the rest of its suit does. The engine's search
also treats trump jokers as the trump suit's top cards, where trumps win. It is
off by default.

Games where a trick can go back into a hand (Enfle's pick-up) have deals of no
bounded length, which a depth-first search cannot finish: the solver notices a
trick that left as many cards in the hands as before it and raises
:class:`UnsolvableError`.

>>> from cardrules.games import oh_hell
>>> from cardrules.moves import Bid
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=5)
>>> while isinstance(oh_hell.legal_moves(state)[0], Bid):
...     state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
>>> values = solve_moves(oh_hell, state)
>>> [move for move, _ in values] == list(oh_hell.legal_moves(state))
True
>>> max(value for _, value in values) == deal_value(oh_hell, state)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardrules.cards import Card
from cardrules.core.budget import TICK, Budget
from cardrules.errors import CardrulesError, SearchBudgetError
from cardrules.game import Game
from cardrules.moves import Play

__all__ = [
    "SearchBudgetError",
    "Solver",
    "UnsolvableError",
    "deal_value",
    "objective",
    "partnerships",
    "solve_moves",
    "team_of",
]

#: Larger than any deal's points.
_INFINITY: Final = float("inf")


class UnsolvableError(CardrulesError):
    """The solver cannot search this position: a random event inside the deal, a
    game without a trick, or a trick that went back into a hand."""


class Solver:
    """A search for one seat of one deal, with its transposition table.

    ``seat`` is the seat whose points are the value (the seat to move at the root,
    usually). The table is kept between calls, so one solver may value many
    positions of the same deal for the same seat (different deals of cards too:
    the key holds every hand). ``margin``: value the seat's points less the best
    points among the seats outside its team (see the module docs). ``seconds`` and
    ``positions``: the solver's budget, over all its calls from its making (None: no
    limit); a call that runs out of it raises
    :class:`~cardrules.errors.SearchBudgetError`. ``nodes`` counts the positions searched.
    """

    def __init__(
        self,
        game: Game,
        seat: int,
        deal: int,
        *,
        equivalent_cards: bool = False,
        margin: bool = False,
        seconds: float | None = None,
        positions: int | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.deal = deal
        self.equivalent_cards = equivalent_cards
        self.margin = margin
        self.searched = 0
        # The game's own fast search of the play, where it offers one (the trick engine
        # does: cardrules.core.trickgame.double_dummy); None where it declines a position.
        #: With equivalent cards: the cards the game declares to score apart from the rest
        #: of their suit (``SOLVER_CARDS_APART``), never equivalent to another card.
        self.apart: frozenset[Card] = frozenset(
            getattr(game, "SOLVER_CARDS_APART", ()) if equivalent_cards else ()
        )
        fast = getattr(game, "double_dummy", None)
        self.fast: Any = None
        if callable(fast):
            # The cards apart go only to a search of a game that declares them.
            apart = {"cards_apart": tuple(self.apart)} if self.apart else {}
            self.fast = fast(seat, equivalent_cards, margin, **apart)
        #: What the solver may spend, from now on, over every call (see the module docs).
        self.budget = Budget(seconds, positions)
        if self.fast is not None and hasattr(self.fast, "budget"):
            self.fast.budget = self.budget
        self.table: dict[tuple[object, ...], tuple[float, float, object]] = {}
        self.team: frozenset[int] = frozenset()
        self.others: list[int] = []
        self.sign = 1.0
        # The figures of a position where a trick is led, by the figures of the last
        # such position and the moves since: the state there follows from those.
        self.figures: dict[tuple[object, ...], tuple[object, ...]] = {}

    @property
    def nodes(self) -> int:
        """The positions searched so far."""
        return self.searched + (0 if self.fast is None else int(self.fast.nodes))

    def _prepare(self, state: Any) -> None:
        """The seat's team and the direction of its points, from the score."""
        if self.team:
            return
        score = self.game.score(state)
        partners = partnerships(self.game, state)
        self.team = team_of(partners, self.seat)
        players = sum(len(members) for members in partners)
        self.others = [other for other in range(players) if other not in self.team]
        self.sign = 1.0 if score.better == "high" else -1.0

    def value(self, state: Any) -> float:
        """The seat's points for the deal from ``state``, all playing their best."""
        if self.fast is not None and self.game.deal_number(state) == self.deal:
            found = self.fast.value(state)
            if found is not None:
                return float(found)
        self._prepare(state)
        return self.sign * self._search(state, -_INFINITY, _INFINITY, -1, self._root(state))

    def move_values(self, state: Any) -> list[tuple[Any, float]]:
        """Each legal move of ``state`` with the seat's points after it (legal order)."""
        if self.fast is not None and self.game.deal_number(state) == self.deal:
            found = self.fast.move_values(state)
            if found is not None:
                return list(found)
        self._prepare(state)
        game = self.game
        moves = game.legal_moves(state)
        distinct = moves
        if self.equivalent_cards:
            mover = game.to_move(state)
            if isinstance(mover, int):
                distinct = tuple(_distinct_moves(moves, game.zones(state), mover, self.apart))
        values: dict[Any, float] = {}
        root = self._root(state)
        for move in distinct:
            values[move] = self.sign * self._search(
                game.apply(state, move), -_INFINITY, _INFINITY, -1, (*root, move)
            )
        result: list[tuple[Any, float]] = []
        if len(distinct) < len(moves):
            mover = game.to_move(state)
            assert isinstance(mover, int)
            live = _live_cards(game.zones(state), mover)
            for move in moves:
                result.append((move, values[_representative(move, moves, live, self.apart)]))
            return result
        for move in moves:
            result.append((move, values[move]))
        return result

    def _root(self, state: Any) -> tuple[object, ...]:
        """The start of the paths from ``state``: everything the position shows."""
        mover = self.game.to_move(state)
        if not isinstance(mover, int):
            return ()
        zones = self.game.zones(state)
        return ((mover, _hand_masks(zones)[0], _figures(self.game, state, mover)),)

    def _leaf(self, state: Any) -> float:
        """The seat's points once the deal has ended (0 if a cap cut it short)."""
        deals = self.game.score(state).deals
        if len(deals) > self.deal:
            points = deals[self.deal].points
            return self.sign * objective(points, self.seat, self.others, self.margin, self.sign > 0)
        return 0.0

    def _search(
        self, state: Any, alpha: float, beta: float, cards_before: int, path: tuple[object, ...]
    ) -> float:
        """Fail-soft alpha-beta: the value (seat's points times ``sign``) of ``state``.

        ``cards_before``: the cards in all hands where the last trick was led (-1 at
        the root), to notice a trick that returned to a hand. ``path``: that
        position (seat to move, hands, figures) and the moves made since.
        """
        game = self.game
        self.searched += 1
        if not self.searched & (TICK - 1):
            self.budget.tick()
        if game.deal_number(state) != self.deal or game.is_over(state):
            return self._leaf(state)
        mover = game.to_move(state)
        if not isinstance(mover, int):
            raise UnsolvableError(
                "the solver met a random event inside the deal: it solves only the play "
                "of cards already dealt; solve from a position where every card is dealt"
            )
        zones = game.zones(state)
        trick = zones.get("trick")
        if trick is None:
            raise UnsolvableError("the solver solves trick games: this game's zones have no trick")
        moves: Sequence[Any] = game.legal_moves(state)
        key: tuple[object, ...] | None = None
        best_move: object = None
        stored_low = -_INFINITY
        stored_high = _INFINITY
        if not trick:
            masks, cards = _hand_masks(zones)
            # Cards played since the last such position and as many cards in the hands:
            # the trick went back (moves of other kinds, bids, leave the hands as they are).
            if 0 <= cards_before <= cards and any(type(move) is Play for move in path[1:]):
                raise UnsolvableError(
                    "a trick went back into a hand (a pick-up): deals of this game have no "
                    "bounded length, and the solver cannot search them to their end"
                )
            cards_before = cards
            figures = self.figures.get(path)
            if figures is None:
                figures = self.figures[path] = _figures(game, state, mover)
            # The next trick's figures follow from this position and the moves made.
            path = ((mover, masks, figures),)
            if self.equivalent_cards:
                masks = _relative_masks(zones, self.apart)
            key = (mover, masks, figures)
            entry = self.table.get(key)
            if entry is not None:
                stored_low, stored_high, best_move = entry
                if stored_low >= beta:
                    return stored_low
                if stored_high <= alpha:
                    return stored_high
                if stored_low == stored_high:
                    return stored_low
        if self.equivalent_cards and len(moves) > 1:
            moves = _distinct_moves(moves, zones, mover, self.apart)
        if best_move is not None and best_move in moves:
            moves = [best_move, *(move for move in moves if move != best_move)]
        maximizing = mover in self.team
        best = -_INFINITY if maximizing else _INFINITY
        chosen: object = None
        low = alpha
        high = beta
        for move in moves:
            value = self._search(game.apply(state, move), low, high, cards_before, (*path, move))
            if maximizing:
                if value > best:
                    best = value
                    chosen = move
                    if value > low:
                        low = value
            elif value < best:
                best = value
                chosen = move
                if value < high:
                    high = value
            if low >= high:
                break
        if key is not None:
            if best <= alpha:
                entry_low, entry_high = stored_low, min(stored_high, best)
            elif best >= beta:
                entry_low, entry_high = max(stored_low, best), stored_high
            else:
                entry_low = entry_high = best
            self.table[key] = (entry_low, entry_high, chosen)
        return best


def solve_moves(
    game: Game,
    state: Any,
    *,
    equivalent_cards: bool = False,
    margin: bool = False,
    seconds: float | None = None,
    positions: int | None = None,
) -> list[tuple[Any, float]]:
    """Each legal move of ``state``, in ``legal_moves`` order, with the points the
    deal scores for the seat to move after it, every seat playing its best (the
    others against the mover and its partners; see the module docs). ``seconds`` and
    ``positions`` limit the search (:class:`~cardrules.errors.SearchBudgetError` when
    spent)."""
    seat = game.to_move(state)
    if not isinstance(seat, int):
        raise UnsolvableError("no seat is to move here: the game is over or chance moves next")
    solver = Solver(
        game,
        seat,
        game.deal_number(state),
        equivalent_cards=equivalent_cards,
        margin=margin,
        seconds=seconds,
        positions=positions,
    )
    return solver.move_values(state)


def deal_value(
    game: Game,
    state: Any,
    seat: int | None = None,
    *,
    equivalent_cards: bool = False,
    margin: bool = False,
    seconds: float | None = None,
    positions: int | None = None,
) -> float:
    """The points the deal of ``state`` scores for ``seat`` (default: the seat to
    move), every seat playing its best (see the module docs). ``seconds`` and
    ``positions`` limit the search (:class:`~cardrules.errors.SearchBudgetError` when
    spent)."""
    if seat is None:
        mover = game.to_move(state)
        if not isinstance(mover, int):
            raise UnsolvableError("no seat is to move here: name the seat whose points are wanted")
        seat = mover
    solver = Solver(
        game,
        seat,
        game.deal_number(state),
        equivalent_cards=equivalent_cards,
        margin=margin,
        seconds=seconds,
        positions=positions,
    )
    return solver.value(state)


def partnerships(game: Game, state: Any) -> tuple[tuple[int, ...], ...]:
    """The deal's partnerships, which the solver plays for: the game's ``sides(state)``
    where it has them (a trick game's: its contract's sides, Skat's declarer against the
    other two, partners shown by their cards in each drawn deal), else the teams of its
    score."""
    read_sides = getattr(game, "sides", None)
    if callable(read_sides):
        return tuple(tuple(members) for members in read_sides(state))
    return tuple(tuple(members) for members in game.score(state).teams)


def team_of(partners: Sequence[Sequence[int]], seat: int) -> frozenset[int]:
    """The seats of ``partners`` (see :func:`partnerships`) that play with ``seat``,
    itself included."""
    for members in partners:
        if seat in members:
            return frozenset(members)
    return frozenset((seat,))


def objective(
    points: Sequence[float], seat: int, others: Sequence[int], margin: bool, high: bool = True
) -> float:
    """The value of a deal's ``points`` (one per seat) for ``seat``: its points, or with
    ``margin`` (and seats in ``others``) those less the best points among ``others``
    (the most, or the fewest where ``high`` is False: low totals are better).

    >>> objective((10, 0, 12, 3), 0, [1, 3], margin=True)
    7.0
    """
    if not margin or not others:
        return float(points[seat])
    theirs = [points[other] for other in others]
    return float(points[seat] - (max(theirs) if high else min(theirs)))


def _hand_masks(zones: Any) -> tuple[tuple[int, ...], int]:
    """Each seat's hand as a bit mask of card indices, and the cards in all hands."""
    masks: list[int] = []
    cards = 0
    seat = 0
    while True:
        hand = zones.get(f"hand {seat}")
        if hand is None:
            break
        mask = 0
        for card in hand:
            mask |= 1 << card.index
        masks.append(mask)
        cards += len(hand)
        seat += 1
    return tuple(masks), cards


def _relative_masks(zones: Any, apart: frozenset[Card]) -> tuple[int, ...]:
    """Each seat's hand as a bit mask of (suit, rank among the cards of its suit still
    in a hand): positions that differ only in which lower cards are gone become one
    (valid exactly where equivalent cards are). Where cards score apart (``apart``), two
    masks more: the places where they lie, and which of them are held; positions that
    agree on both hold each of them at the same place."""
    held: list[tuple[int, int, int, bool]] = []  # (suit, rank, seat, whether apart)
    held_apart = 0
    seats = 0
    while True:
        hand = zones.get(f"hand {seats}")
        if hand is None:
            break
        for card in hand:
            suit = -1 if card.suit is None else int(card.suit)
            scores_apart = card in apart
            held.append((suit, card.rank, seats, scores_apart))
            if scores_apart:
                held_apart |= card.bit
        seats += 1
    held.sort()
    masks = [0] * seats
    places = 0  # where the cards that score apart lie
    last_suit = -2
    place = 0
    for card_suit, _, seat, scores_apart in held:
        if card_suit != last_suit:
            last_suit = card_suit
            place = 0
        bit = 1 << ((card_suit + 1) * 16 + place)
        masks[seat] |= bit
        if scores_apart:
            places |= bit
        place += 1
    if apart:
        masks += [places, held_apart]
    return tuple(masks)


def _figures(game: Game, state: Any, mover: int) -> tuple[object, ...]:
    """Everything of the position but the hands, which the key holds as masks: a
    position holds everything the play from here depends on (the :class:`Game`
    protocol's promise), so two positions with the same seat to move, figures and
    hands have the same future and score the same points."""
    figures: list[object] = [mover]
    for key, value in game.position(state).items():
        if key != "hands":
            figures.append((key, _hashable(value)))
    return tuple(figures)


def _hashable(value: object) -> object:
    """A position's value with its lists made tuples (the rest is already hashable)."""
    if isinstance(value, list):
        return tuple(_hashable(item) for item in value)
    return value


def _plain_card(move: object) -> Card | None:
    """The card of a plain play (no call, no announcement), else None."""
    if type(move) is Play and move.call is None and not move.announce and move.card.suit:
        return move.card
    return None


def _live_cards(zones: Any, mover: int) -> list[Card]:
    """The cards still to be reckoned with by the mover: other hands and the trick."""
    live: list[Card] = list(zones.get("trick", ()))
    seat = 0
    while True:
        hand = zones.get(f"hand {seat}")
        if hand is None:
            break
        if seat != mover:
            live.extend(hand)
        seat += 1
    return live


def _distinct_moves(
    moves: Sequence[Any], zones: Any, mover: int, apart: frozenset[Card]
) -> list[Any]:
    """``moves`` with one plain play kept of each run of equivalent cards (the highest)."""
    live = _live_cards(zones, mover)
    kept: list[Any] = []
    for move in moves:
        card = _plain_card(move)
        if card is None or _higher_equivalent(card, moves, live, apart) is None:
            kept.append(move)
    return kept


def _higher_equivalent(
    card: Card, moves: Sequence[Any], live: list[Card], apart: frozenset[Card]
) -> Any:
    """The play of the next higher card of ``card``'s suit among ``moves`` if no live
    card lies between them in rank and neither scores apart (then the two are
    equivalent), else None."""
    if card in apart:
        return None
    nearest: Any = None
    nearest_rank = 99
    for move in moves:
        other = _plain_card(move)
        if other is not None and other.suit == card.suit and card.rank < other.rank < nearest_rank:
            nearest = move
            nearest_rank = other.rank
    if nearest is None or _plain_card(nearest) in apart:
        return None
    for other in live:
        if other.suit == card.suit and card.rank < other.rank < nearest_rank:
            return None
    return nearest


def _representative(
    move: Any, moves: Sequence[Any], live: list[Card], apart: frozenset[Card]
) -> Any:
    """The move searched in place of ``move``: itself, or the highest card of its run
    of equivalent cards (each card's next higher equivalent, in turn)."""
    current = move
    while True:
        card = _plain_card(current)
        if card is None:
            return current
        higher = _higher_equivalent(card, moves, live, apart)
        if higher is None:
            return current
        current = higher
