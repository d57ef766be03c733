"""The per-deal figures and tables of the double-dummy search
(:mod:`cardrules.core.trickgame.solving`): what the deal fixes, read once (teams, the
cards' suits and strengths), and the deal's points, each read once per distinct end of
the deal and kept (the leaves, what the points depend on among the tricks won and their
bounds, the tally after a finished trick)."""

from __future__ import annotations

import itertools
from typing import Final

from cardrules.cards import ALL_CARDS
from cardrules.core import tricks
from cardrules.core.budget import Budget
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.partners import sides_fixed
from cardrules.core.trickgame.scoring import sides
from cardrules.core.trickgame.state import State, _deal_with, _with
from cardrules.solver import objective

_INFINITY: Final = float("inf")

#: What the points depend on, among the tricks won (see _DealTables.projection).
_CONSTANT: Final = 0
_TEAM_TOTAL: Final = 1
_ALL_COUNTS: Final = 2

#: The projections found (see _DealTables._shared_projection), kept for the next deal
#: whose end is scored from the same figures (PIMC's sampled worlds), at most _KEPT.
#: Each holds the projection, the points per count, the leaves, the bounds and the
#: spreads (all read from the points of the deal's ends alone).
_PROJECTIONS: Final[
    dict[
        tuple[object, ...],
        tuple[
            int,
            list[float],
            dict[tuple[object, ...], float],
            dict[tuple[int, int], tuple[float, float]],
            dict[tuple[tuple[int, ...], int, int, int], tuple[float, float]],
        ],
    ]
] = {}
_KEPT: Final = 64


class _DealTables:
    """What one seat's search of one deal reads: what the deal fixes, and its tables.

    The hands, the trick, the tricks won and the tally vary from position to
    position; everything else the points or the play read is the deal's.
    """

    def __init__(
        self, state: State, seat: int, equivalent: bool, margin: bool, apart: int = 0
    ) -> None:
        deal = state.deal
        rules = deal.rules
        game = rules.trick_game
        self.root = sides_fixed(state)  # partners by cards: the end is scored without a log
        self.game = game
        self.seat = seat
        everyone: int = rules.players
        # The seats that play, in turn order from seat 0, when seats sit the deal out
        # (the contract's ``out``; None: every seat plays). The search then plays a
        # table of just these seats: its seat i is seats[i], its hands and tricks won
        # theirs, in that order (the turn order skips the seats out, so it still goes
        # round from each leader), and tricks have as many cards as they are.
        self.seats: tuple[int, ...] | None = None
        #: Where seats sit out: every hand at the end of the deal (theirs as dealt,
        #: the others empty), and the tricks won per seat as the search leaves them
        #: (the seats out keep theirs).
        self.end_hands: tuple[int, ...] = (0,) * everyone
        self.root_won: tuple[int, ...] = state.tricks_won
        if deal.turns is not None:
            seats = tuple(sorted(deal.turns[0]))
            self.seats = seats
            self.end_hands = tuple(
                0 if seat in seats else state.hands[seat] for seat in range(everyone)
            )
        players = everyone if self.seats is None else len(self.seats)
        self.players = players
        trick_rules: tricks.TrickRules = deal.trick_rules
        self.trick_rules = trick_rules
        limits = rules_of_play.active(game.play.restrictions, rules)
        self.limits = limits
        #: Whether a restriction can force a card on a seat void in the suit led: the sure
        #: tricks and the later tricks (see _Deal._quick_tricks, _Deal._later_tricks)
        #: assume such a seat may discard any card, and are not counted then.
        self.forcing = rules_of_play.forces_cards(limits)
        self.follow = trick_rules.follow_masks
        self.anytime = trick_rules.anytime_mask
        # By the follow group led (the search's ``led``; -1, the last entry, for none
        # yet): its mask, as rules_of_play.follow_suit takes it.
        self.groups = [*trick_rules.follow_masks, 0]
        self.counts_tricks: bool = game.scoring.counts_tricks
        self.score_trick = game.scoring.score_trick
        team: tuple[int, ...] = (seat,)
        for members in sides(state):  # the deal's partnerships (the contract's sides)
            if seat in members:
                team = members
        # The seats outside the team, among all (the points are every seat's).
        self.others = [other for other in range(everyone) if other not in team]
        self.margin = margin and bool(self.others)
        # The team and who maximizes, by the search's seats (those that play).
        self.maximizing = [self._seat(index) in team for index in range(players)]
        self.team = tuple(index for index in range(players) if self.maximizing[index])
        self.sign = -1.0 if game.match.better == "low" else 1.0
        # Per card index: the follow group it counts in (-1: none, a suitless joker),
        # its strength as a trump, as the led group, and as a joker (winner's order,
        # tricks.winner).
        trump = trick_rules.winning_trumps
        jokers = trick_rules.jokers is not None
        self.suit: list[int] = []
        self.trump_strength: list[int] = []
        self.plain_strength: list[int] = []
        for card in ALL_CARDS:
            counted = trick_rules.card_groups[card.index]
            self.suit.append(counted)
            if jokers and card.suit is None:
                self.trump_strength.append(300 + card.rank)
                self.plain_strength.append(300 + card.rank)
            elif counted >= 0 and counted == trump:
                self.trump_strength.append(200 + trick_rules.strengths[card.index])
                self.plain_strength.append(200 + trick_rules.strengths[card.index])
            else:
                self.trump_strength.append(-1)
                self.plain_strength.append(100 + trick_rules.strengths[card.index])
        # Equivalent cards by mask need each suit's cards in rank order by index.
        natural = _natural_order(trick_rules)
        self.equivalent = equivalent and _ordered_groups(
            trick_rules, self.trump_strength, self.plain_strength
        )
        #: With equivalent cards, the mask of the cards that score apart from the rest of
        #: their suit (a trick scorer's queen of spades): never one move with a card next
        #: to them in rank, and written apart in the table's key (see _key_hands).
        self.apart = apart if self.equivalent else 0
        # The trumps, as a mask (0: none, or trumps that do not win).
        self.trumps = 0
        for index, strength in enumerate(self.trump_strength):
            if strength >= 0:
                self.trumps |= 1 << index
        self.table: dict[tuple[object, ...], tuple[float, float, int]] = {}
        #: Partition search (see _Deal._search): where the points follow the tricks
        #: won alone, each suit ranks in its order and the rules of play read suits
        #: alone (follow suit, and restrictions of whole suits), a trick is won by the
        #: ranks of its cards or by suit alone, so a value proved with only some ranks
        #: winning by rank holds for every position that agrees on the hands' suit
        #: lengths, what the restrictions read of the finished tricks and the holders
        #: of those ranks.
        self.partition = (
            self.equivalent
            and rules_of_play.reads_suits_alone(limits, trick_rules)
            and self.score_trick is None
            and len(trick_rules.follow_masks) == 4
        )
        #: Per table key less the hands (the leader, the suit lengths, the figures):
        #: per mask of the ranks that matter, per hands so masked, the entry.
        self.classes: dict[tuple[object, ...], dict[int, dict[int, tuple[float, float, int]]]] = {}
        self.stored = 0
        #: Per suit's holding (each hand's cards of the suit): its cards by relative
        #: rank, each hand's in its own 64 bits, and the hands' lengths in the suit.
        self.suit_forms: dict[tuple[int, ...], tuple[int, int]] = {}
        #: One bit at each hand's 64 bits: a mask of one hand's relative ranks times
        #: this is the mask of every hand's.
        self.every_hand = 0
        for member in range(players):
            self.every_hand |= 1 << (64 * member)
        #: The cards that won a trick by rank in the last position searched (with what
        #: else its value was proved from, see _Deal._search): set by every search.
        self.ranks = 0
        #: The ranks the last count of sure tricks depends on (see _Deal._quick_tricks).
        self.sure_ranks = 0
        #: The ranks the last count of later tricks depends on (see _Deal._later_tricks).
        self.later_ranks = 0
        self.leaves: dict[tuple[object, ...], float] = {}
        self.trick_scores: dict[tuple[object, ...], tuple[int, ...]] = {}
        self.nodes = 0
        #: The last value found (the first guess of the next search; none yet).
        self.guess = _INFINITY
        #: What the search may spend (the :class:`DoubleDummy`'s, set for each search).
        self.budget = Budget()
        self.projection = _ALL_COUNTS
        # Per projected count: the points, and per (count, tricks left) their bounds.
        self.by_count: list[float] = []
        self.bounds: dict[tuple[int, int], tuple[float, float]] = {}
        self.spreads: dict[tuple[tuple[int, ...], int, int, int], tuple[float, float]] = {}
        if self.score_trick is None:
            self._shared_projection(state)
        #: Whether the search counts the team's tricks instead of points: where the
        #: points follow the team's trick total and never fall as it grows, the best
        #: play for the tricks is the best for the points (a rising function keeps the
        #: order of every max and min), and the table can hold bounds on the tricks
        #: still to come, whatever was won before (by_count gives the points at the end).
        self.tricks_mode = self.projection == _TEAM_TOTAL and all(
            low <= high for low, high in zip(self.by_count, self.by_count[1:])
        )
        #: Whether the search counts sure tricks where a trick is led (see
        #: _Deal._quick_tricks): where the points follow the team's trick total and
        #: each suit's cards rank in their order (the rules of play may narrow follow
        #: suit: the leader counts only the cards it may lead now).
        self.quick = self.projection == _TEAM_TOTAL and natural and not self.forcing
        #: Whether the search counts the tricks a seat's top trumps take where a trick is
        #: led and the points follow each seat's count (see _Deal._search): where each
        #: suit's cards rank in their order.
        self.seat_trumps = (
            self.projection == _ALL_COUNTS
            and self.score_trick is None
            and natural
            and bool(self.trumps)
        )

    # ------------------------------------------------------------------ the seats

    def _seat(self, index: int) -> int:
        """The seat the search's seat ``index`` is (the same where every seat plays)."""
        seats = self.seats
        return index if seats is None else seats[index]

    def _position(self, state: State) -> tuple[list[int], int, tuple[int, ...]]:
        """The hands, the leader and the tricks won of ``state`` by the search's seats
        (a leader that sits out, as a position may give it, passes the lead on)."""
        seats = self.seats
        if seats is None:
            return list(state.hands), state.leader, state.tricks_won
        turns = state.deal.turns
        assert turns is not None
        hands = state.hands
        won = state.tricks_won
        leader = seats.index(turns[state.leader][0])
        return [hands[seat] for seat in seats], leader, tuple(won[seat] for seat in seats)

    def _all_hands(self, hands: list[int]) -> tuple[int, ...]:
        """The search's ``hands`` as every seat's (the seats out keep theirs)."""
        seats = self.seats
        if seats is None:
            return tuple(hands)
        every = list(self.end_hands)
        for index, seat in enumerate(seats):
            every[seat] = hands[index]
        return tuple(every)

    def _all_won(self, won: tuple[int, ...]) -> tuple[int, ...]:
        """The search's tricks ``won`` as every seat's (the seats out keep theirs)."""
        seats = self.seats
        if seats is None:
            return won
        every = list(self.root_won)
        for index, seat in enumerate(seats):
            every[seat] = won[index]
        return tuple(every)

    # ------------------------------------------------------------------ the points

    def _leaf(self, won: tuple[int, ...], tally: tuple[int, ...], leader: int) -> float:
        """The seat's points (times sign) for a deal that ended with these figures."""
        key = (won, tally)
        found = self.leaves.get(key)
        if found is not None:
            return found
        if self.score_trick is None:
            leader = 0  # as the projection scores every end (the points read no leader)
        root = self.root
        final = _with(
            root,
            hands=self.end_hands,
            trick=(),
            leader=self._seat(leader),
            tricks_won=self._all_won(won),
            tally=tally,
            waste=root.waste | _in_play(root),
        )
        points = self.game.scoring.deal(final, None)[0]
        value = self.sign * objective(points, self.seat, self.others, self.margin, self.sign > 0)
        self.leaves[key] = value
        return value

    def _shared_projection(self, state: State) -> None:
        """The projection and the leaves (:meth:`_project`), shared by the deals whose
        end is scored from the same figures (PIMC's sampled worlds, played on to where
        they are solved). A deal's points read what the deal fixes (its rules, contract,
        bids and match), the tricks won, the tally and the revokes, never where the
        cards are or were (the hands, the undealt cards, the finished tricks, what the
        log shows: the scoring only adds to the log); nor the seed, which shuffles the
        later deals. The key holds all the rest, and what the search values the points
        by (the seat, its team, the others, the margin, the tricks in all)."""
        root = self.root
        figures = (
            _deal_with(root.deal, seed=0, undealt=0),
            root.phase,
            root.tally,
            root.revokes,
            self.end_hands,
            None if self.seats is None else self.root_won,  # the seats out keep theirs
            self._seat(0),
        )
        total = sum(self._position(state)[2]) + _tricks_left(state, self.players)
        key = (figures, self.seat, self.team, tuple(self.others), self.margin, total)
        found = _PROJECTIONS.get(key)
        if found is not None:
            self.projection, self.by_count, self.leaves, self.bounds, self.spreads = found
            return
        self._project(state)
        if len(_PROJECTIONS) >= _KEPT:
            _PROJECTIONS.clear()
        _PROJECTIONS[key] = (
            self.projection,
            self.by_count,
            self.leaves,
            self.bounds,
            self.spreads,
        )

    def _project(self, state: State) -> None:
        """Find what of the tricks won the points depend on, by scoring every way the
        deal's tricks can fall among the seats (the tally is fixed: no trick scorer)."""
        tally = state.tally
        players = self.players
        won = self._position(state)[2]
        if not self.counts_tricks:
            self.projection = _CONSTANT
            value = self._leaf(won, tally, 0)
            self.by_count = [value]
            return
        total = sum(won) + _tricks_left(state, players)
        team = self.team
        finals: list[tuple[int, ...]] = []
        for split in itertools.product(range(total + 1), repeat=players - 1):
            rest = total - sum(split)
            if rest >= 0:
                finals.append((*split, rest))
        constant = True
        by_total: dict[int, float] = {}
        by_team_total = True
        first = self._leaf(finals[0], tally, 0)
        for won in finals:
            value = self._leaf(won, tally, 0)
            if value != first:
                constant = False
            count = 0
            for member in team:
                count += won[member]
            seen = by_total.get(count)
            if seen is None:
                by_total[count] = value
            elif seen != value:
                by_team_total = False
            if not constant and not by_team_total:
                break  # each seat's count matters: no need to score the other ends
        if constant:
            self.projection = _CONSTANT
            self.by_count = [first]
        elif by_team_total:
            self.projection = _TEAM_TOTAL
            self.by_count = [by_total.get(count, 0.0) for count in range(total + 1)]
        else:
            self.projection = _ALL_COUNTS

    def _bounds(self, count: int, left: int) -> tuple[float, float]:
        """The least and most points the team can end with, from ``count`` tricks
        (projected) with ``left`` tricks to play."""
        key = (count, left)
        found = self.bounds.get(key)
        if found is None:
            if self.projection == _CONSTANT:
                found = (self.by_count[0], self.by_count[0])
            else:
                values = self.by_count[count : count + left + 1]
                found = (min(values), max(values))
            self.bounds[key] = found
        return found

    def _spread(
        self, won: tuple[int, ...], left: int, seat: int = -1, least: int = 0
    ) -> tuple[float, float]:
        """The least and most points from the tricks ``won`` so far with ``left``
        tricks to play, however they fall (no trick scorer: the tally is fixed), and
        ``seat`` (-1: none) taking at least ``least`` of them."""
        key = (won, left, seat, least)
        found = self.spreads.get(key)
        if found is None:
            tally = self.root.tally
            low = _INFINITY
            high = -_INFINITY
            for split in itertools.product(range(left + 1), repeat=self.players - 1):
                rest = left - sum(split)
                more = (*split, rest)
                if rest >= 0 and (seat < 0 or more[seat] >= least):
                    final = tuple(count + taken for count, taken in zip(won, more))
                    value = self._leaf(final, tally, 0)
                    low = min(low, value)
                    high = max(high, value)
            found = self.spreads[key] = (low, high)
        return found

    def _tally_after(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: tuple[int, ...],
        tally: tuple[int, ...],
        winner: int,
    ) -> tuple[int, ...]:
        """The tally after a finished trick, from the game's trick scorer."""
        key = (winner, tuple(trick), tally)
        found = self.trick_scores.get(key)
        if found is None:
            scorer = self.score_trick
            assert scorer is not None
            cards = tuple(ALL_CARDS[index] for index in trick)
            before = _with(
                self.root,
                hands=self._all_hands(hands),
                leader=self._seat(leader),
                trick=cards[:-1],
                tricks_won=self._all_won(won),
                tally=tally,
            )
            found = scorer(before, self._seat(winner), cards, tally)[0]
            self.trick_scores[key] = found
        return found


def _natural_order(trick_rules: tricks.TrickRules) -> bool:
    """Whether each suit's cards rank in the order of their indices (no card moved to
    another suit, no joker): then a card's neighbours in rank are its neighbours in
    the suit's mask."""
    if trick_rules.follow_masks != tricks.SUIT_MASKS:
        return False
    if trick_rules.anytime_mask:
        return False
    strengths = trick_rules.strengths
    for index in range(1, 52):
        if index % 13 and strengths[index] <= strengths[index - 1]:
            return False
    return True


def _ordered_groups(
    trick_rules: tricks.TrickRules, trump_strength: list[int], plain_strength: list[int]
) -> bool:
    """Whether each follow group's cards rank in the order of their indices and beat
    or lose to every card outside the group alike (all of them trumps, or none: jokers
    counted into the trump suit above its ace, not above trumps that do not win), at
    most 16 to a group, and no card may be played at any time: then two cards of a
    group with no card between them in the group win the same tricks (the natural
    order of :func:`_natural_order` is one such)."""
    if trick_rules.anytime_mask:
        return False
    for index, group in enumerate(trick_rules.follow_masks):
        if group.bit_count() > 16:
            return False
        previous = -1
        trumps = -1
        rest = group
        while rest:
            low = rest & -rest
            rest ^= low
            card = low.bit_length() - 1
            if trick_rules.card_groups[card] != index or plain_strength[card] <= previous:
                return False
            trump = int(trump_strength[card] >= 0)
            if trumps >= 0 and trump != trumps:
                return False
            previous, trumps = plain_strength[card], trump
    return True


def _in_play(state: State) -> int:
    """The mask of the cards in the hands and the trick (not those of the seats that
    sit the deal out: they keep them)."""
    mask = 0
    turns = state.deal.turns
    for seat, hand in enumerate(state.hands):
        if turns is None or seat in turns[0]:
            mask |= hand
    for card in state.trick:
        mask |= card.bit
    return mask


def _tricks_left(state: State, players: int) -> int:
    """The tricks still to finish: the cards in play over the players."""
    return (_in_play(state).bit_count() + players - 1) // players
