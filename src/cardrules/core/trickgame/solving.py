"""The double-dummy search over the play of a trick game's deal, in the engine's own
terms: alpha-beta with null-window searches and a transposition table over card masks,
the search behind :class:`~cardrules.core.trickgame.double_dummy.DoubleDummy` (whose
module says how it works and what it declines)."""

from __future__ import annotations

from typing import Final

from cardrules.core.budget import TICK
from cardrules.core.changes import with_item
from cardrules.core.trickgame.rules_of_play import finished_tricks_read, follow_suit
from cardrules.core.trickgame.solving_steps import _DealSteps
from cardrules.core.trickgame.solving_tables import (
    _ALL_COUNTS,
    _INFINITY,
    _TEAM_TOTAL,
)

__all__: list[str] = []  # the search behind double_dummy.DoubleDummy

#: The most entries the transposition table keeps (about a hundred bytes each).
_TABLE_LIMIT: Final = 1 << 20


class _Deal(_DealSteps):
    """The search of one seat in one deal, over its tables (see :class:`_DealTables`)."""

    # ------------------------------------------------------------------ the moves

    # ------------------------------------------------------------------ the search

    def solve(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: tuple[int, ...],
        tally: tuple[int, ...],
        waste: int,
        forced: int,
    ) -> float:
        """The exact value (times sign, in points) of a position, or (``forced`` not 0)
        of the mover playing the card of ``forced``: a series of null-window searches,
        each asking whether the value reaches a target, from a guess (the last value
        found) up or down until the least upper and greatest lower bounds meet (MTD(f))."""
        led = -1
        top = -1
        top_at = 0
        for position, card in enumerate(trick):
            if led < 0:
                led = self.suit[card]
            strength = self._strength(card, led)
            if strength > top:
                top, top_at = strength, position
        lower = -_INFINITY
        upper = _INFINITY
        guess = self.guess
        # The team's tricks so far and the tricks left (the most cards a hand holds).
        count = 0
        for member in self.team:
            count += won[member]
        left = 0
        for hand in hands:
            left = max(left, hand.bit_count())
        if self.tricks_mode:
            lower = float(count)
            upper = float(count + left)
            if not lower <= guess <= upper:
                guess = float(count + (left + 1) // 2)
        elif guess == _INFINITY and self.projection == _TEAM_TOTAL:
            # No value found yet: the first guess is the least points the position can
            # reach (fewer positions searched than a first search with no window, and
            # than other guesses tried, in Oh Hell).
            guess = self._bounds(count, left)[0]
        while lower < upper:
            if guess == _INFINITY or guess == -_INFINITY:  # no guess: a full window
                alpha = lower
                beta = upper
            else:
                # The window (target - 1, target): is the value at least the target?
                beta = guess + 1.0 if guess <= lower else guess
                alpha = beta - 1.0
            if forced or trick:
                found = self._moves(
                    hands,
                    leader,
                    trick,
                    won,
                    tally,
                    waste,
                    alpha,
                    beta,
                    led,
                    top,
                    top_at,
                    -1,
                    forced,
                )[0]
            else:
                found = self._search(
                    hands, leader, trick, won, tally, waste, alpha, beta, led, top, top_at
                )
            if found <= alpha:
                upper = found
            elif found >= beta:
                lower = found
            else:  # inside the window: exact
                lower = upper = found
            guess = found
        self.guess = lower
        if self.tricks_mode:
            return self.by_count[int(lower)]
        return lower

    def _search(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: tuple[int, ...],
        tally: tuple[int, ...],
        waste: int,
        alpha: float,
        beta: float,
        led: int,
        top: int,
        top_at: int,
    ) -> float:
        """:meth:`search`, with the trick's led suit (-1: none), the strength of the
        card winning it so far and that card's place in it."""
        self.nodes += 1
        if not self.nodes & (TICK - 1):
            self.budget.tick()
        if trick:
            return self._moves(
                hands, leader, trick, won, tally, waste, alpha, beta, led, top, top_at, -1
            )[0]
        projection = self.projection
        tricks_mode = self.tricks_mode
        count = 0
        if projection == _TEAM_TOTAL:
            for member in self.team:
                count += won[member]
        self.ranks = 0
        # The tricks left (the most cards a hand holds), and the fewest cards a hand holds.
        left = 0
        fewest = 64
        for hand in hands:
            held = hand.bit_count()
            left = max(left, held)
            fewest = min(fewest, held)
        if not left:
            return float(count) if tricks_mode else self._leaf(won, tally, leader)
        if left == 1 and fewest == 1:
            return self._last_trick(hands, leader, won, tally, count)
        if projection != _ALL_COUNTS or self.score_trick is None:
            # The bounds from the figures and the number of tricks left alone (so for
            # every position with them, whoever holds which card).
            if tricks_mode:
                low = float(count)
                high = float(count + left)
            elif projection != _ALL_COUNTS:
                low, high = self._bounds(count, left)
            else:
                low, high = self._spread(won, left)
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if self.quick:
                # The tricks each side's top trumps take whenever they are played: on
                # every line of play, so they bound the points whatever their shape.
                ours = theirs = 0
                if self.trumps:
                    ours, theirs = self._top_trump_pair(hands)
                # Which side's count is the leader's cashing tricks (0: neither).
                cashing = 0
                if tricks_mode:
                    # The tricks the side on lead can cash from the top: sure for it if
                    # it wants them, which it does where more tricks are never worse
                    # (not under an exact bid, where it may want to lose them).
                    sure = self._quick_tricks(hands, leader, waste)
                    if self.maximizing[leader]:
                        if sure > ours:
                            ours, cashing = sure, 1
                    elif sure > theirs:
                        theirs, cashing = sure, -1
                least = count + ours
                most = count + left - theirs
                # Whether the side on lead needs every trick left and cannot take them
                # all (see _later_tricks): 1, the team; -1, the others; 0, neither.
                later = 0
                if tricks_mode and least < beta and most > alpha and not self.forcing:
                    if self.maximizing[leader]:
                        if beta > count + left - 1 and self._later_tricks(hands, leader):
                            most, later = count + left - 1, 1
                    elif alpha < count + 1 and self._later_tricks(hands, leader):
                        least, later = count + 1, -1
                if tricks_mode:
                    low = float(least)
                    high = float(most)
                else:
                    low, high = self._bounds(least, most - least)
                    if low < beta and high > alpha:
                        # The side on lead can cash its tricks from the top and play
                        # on as it likes: the team's count then ends in a narrower
                        # range, so the points reach at least (the team on lead) or at
                        # most (the others) the least or the most over it.
                        sure = self._quick_tricks(hands, leader, waste)
                        if not sure:
                            pass
                        elif self.maximizing[leader]:
                            floor = min(count + sure, most)
                            if floor > least:
                                cashed = self._bounds(floor, most - floor)[0]
                                if cashed > low:
                                    low, cashing = cashed, 1
                        else:
                            ceiling = max(count + left - sure, least)
                            if ceiling < most:
                                cashed = self._bounds(least, ceiling - least)[1]
                                if cashed < high:
                                    high, cashing = cashed, -1
                if low >= beta or low == high or high <= alpha:
                    if self.partition:
                        # The ranks the counts used depend on (in tricks mode, the least
                        # bounds the value from below and the most from above; else
                        # both bound the points between them, and the cashing tricks
                        # one of them).
                        ranks = 0
                        mine = tricks_mode and cashing > 0
                        others = tricks_mode and cashing < 0
                        if ours and (not tricks_mode or low >= beta or low == high):
                            ranks |= self._bound_ranks(hands, leader, True, mine)
                        if theirs and (not tricks_mode or high <= alpha or low == high):
                            ranks |= self._bound_ranks(hands, leader, False, others)
                        if cashing and not tricks_mode:
                            ranks |= self.sure_ranks
                        if later:
                            ranks |= self.later_ranks
                        self.ranks = ranks
                    return low if low >= beta or low == high else high
            elif self.seat_trumps:
                # The tricks the holder of the top trump takes with its trumps above
                # every other seat's: each wins whenever it is played.
                trumps = self.trumps
                highest = 0
                holder = -1
                for seat in range(self.players):
                    if hands[seat] & trumps > highest:
                        highest, holder = hands[seat] & trumps, seat
                if highest:
                    other = 0
                    for seat in range(self.players):
                        if seat != holder:
                            other |= hands[seat] & trumps
                    rank = 0
                    if other:
                        rank = 1 << (other.bit_length() - 1)
                        highest &= ~((rank << 1) - 1)
                    low, high = self._spread(won, left, holder, highest.bit_count())
                    if low >= beta or low == high or high <= alpha:
                        if self.partition:
                            self.ranks = rank
                        return low if low >= beta or low == high else high
        if self.partition:
            return self._partition(hands, leader, won, tally, waste, alpha, beta, count)
        key: tuple[object, ...]
        # In tricks mode the entry holds the tricks still to come: the key holds nothing
        # of the past, and positions reached with other counts share it.
        offset = 0.0
        if tricks_mode:
            key = (leader, self._key_hands(hands), finished_tricks_read(self.limits, waste))
            offset = float(count)
        else:
            figures: object = won if projection == _ALL_COUNTS else count
            key = (
                leader,
                self._key_hands(hands),
                figures,
                tally,
                finished_tricks_read(self.limits, waste),
            )
        entry = self.table.get(key)
        stored_low = -_INFINITY
        stored_high = _INFINITY
        best_card = -1
        if entry is not None:
            stored_low, stored_high, best_card = entry
            stored_low += offset
            stored_high += offset
            if stored_low >= beta:
                return stored_low
            if stored_high <= alpha:
                return stored_high
            if stored_low == stored_high:
                return stored_low
            if stored_low > alpha:
                alpha = stored_low
            if stored_high < beta:
                beta = stored_high
        value, chosen = self._moves(
            hands, leader, trick, won, tally, waste, alpha, beta, -1, -1, 0, best_card
        )
        if value <= alpha:
            entry_low, entry_high = stored_low, min(stored_high, value)
        elif value >= beta:
            entry_low, entry_high = max(stored_low, value), stored_high
        else:
            entry_low = entry_high = value
        table = self.table
        if len(table) >= _TABLE_LIMIT:  # keep the memory bounded: start afresh
            table.clear()
        table[key] = (entry_low - offset, entry_high - offset, chosen)
        return value

    def _partition(
        self,
        hands: list[int],
        leader: int,
        won: tuple[int, ...],
        tally: tuple[int, ...],
        waste: int,
        alpha: float,
        beta: float,
        count: int,
    ) -> float:
        """:meth:`_search` where a trick is to be led, with partition search: the table
        holds each value with the ranks that won a trick by rank in the search that
        proved it (see :attr:`ranks`), by relative rank, and serves it to every
        position with the same leader, suit lengths and figures whose holders of those
        ranks (and those above them) are the same.

        Why that is exact: map such a position's cards to this one's, each of those
        ranks to itself and each hand's lower cards of a suit to its lower cards of the
        suit in this position. Follow suit reads only the suit lengths, and restrictions
        of whole suits only those and the flags of ``where`` (see
        :func:`~cardrules.core.trickgame.rules_of_play.reads_suits_alone`), so the legal
        cards map to legal cards; a trick won by rank here is won by one of those
        ranks over lower cards of its suit, which stay lower, and a trick won by suit
        alone (no other card of the winning suit in it) is won by suit alone there;
        so each line of play wins the same tricks in both. A card left unsearched as
        the equivalent of a higher one (its run, see :meth:`_distinct`) is mapped with
        it: :meth:`_extend` puts a run that reaches the lowest of the ranks among them.
        Equivalent in the other direction (the search skips a low card of a suit after
        another one below every rank that won in its subtree): swapping the two changes
        no trick's winner in that subtree."""
        tricks_mode = self.tricks_mode
        written, lengths = self._relative(hands)
        rest = finished_tricks_read(self.limits, waste)
        if tricks_mode:
            where: tuple[object, ...] = (leader, lengths, rest)
            offset = float(count)
        else:
            figures: object = won if self.projection == _ALL_COUNTS else count
            where = (leader, lengths, figures, tally, rest)
            offset = 0.0
        classes = self.classes.get(where)
        stored_low = -_INFINITY
        stored_high = _INFINITY
        low_mask = 0
        high_mask = 0
        best_card = -1
        narrowed = 0
        if classes is not None:
            for mask, entries in classes.items():
                entry = entries.get(written & mask)
                if entry is None:
                    continue
                entry_low = entry[0] + offset
                entry_high = entry[1] + offset
                if entry_low >= beta or entry_low == entry_high:
                    self.ranks = self._ranks_of(hands, mask)
                    return entry_low
                if entry_high <= alpha:
                    self.ranks = self._ranks_of(hands, mask)
                    return entry_high
                if entry_low > stored_low:
                    stored_low, low_mask = entry_low, mask
                if entry_high < stored_high:
                    stored_high, high_mask = entry_high, mask
                if best_card < 0:
                    best_card = entry[2]
            if stored_low == stored_high:
                self.ranks = self._ranks_of(hands, low_mask | high_mask)
                return stored_low
            if stored_low > alpha:
                alpha = stored_low
                narrowed |= low_mask
            if stored_high < beta:
                beta = stored_high
                narrowed |= high_mask
        value, chosen = self._moves(
            hands, leader, [], won, tally, waste, alpha, beta, -1, -1, 0, best_card
        )
        # The bounds that narrowed the window count in the value (a value at a narrowed
        # bound is exact with it): their ranks join the ranks the moves' searches found.
        ranks = self.ranks
        if narrowed:
            ranks |= self._ranks_of(hands, narrowed)
        ranks = self._extend(hands, ranks)
        self.ranks = ranks
        if value <= alpha:
            entry_low, entry_high = -_INFINITY, value
        elif value >= beta:
            entry_low, entry_high = value, _INFINITY
        else:
            entry_low = entry_high = value
        mask = self._class_mask(hands, ranks) * self.every_hand
        if self.stored >= _TABLE_LIMIT:  # keep the memory bounded: start afresh
            self.classes.clear()
            self.suit_forms.clear()
            self.stored = 0
            classes = None
        if classes is None:
            classes = self.classes[where] = {}
        kept = classes.get(mask)
        if kept is None:
            kept = classes[mask] = {}
        pattern = written & mask
        previous = kept.get(pattern)
        if previous is None:
            self.stored += 1
        else:  # the same positions: both entries' bounds hold
            entry_low = max(entry_low, previous[0] + offset)
            entry_high = min(entry_high, previous[1] + offset)
        kept[pattern] = (entry_low - offset, entry_high - offset, chosen)
        return value

    def _moves(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: tuple[int, ...],
        tally: tuple[int, ...],
        waste: int,
        alpha: float,
        beta: float,
        led: int,
        top: int,
        top_at: int,
        best_card: int,
        forced: int = 0,
    ) -> tuple[float, int]:
        """The best value over the mover's cards (those of ``forced`` alone, when not
        0), and the card that gives it."""
        players = self.players
        position = len(trick)
        mover = (leader + position) % players
        hand = hands[mover]
        if forced:
            legal = forced
        else:
            if self.limits is None:  # follow suit alone: the hot path, called directly
                legal = follow_suit(hand, self.groups[led], self.anytime)
            else:
                legal = self._legal(hand, trick, waste)
            if self.equivalent and legal & (legal - 1):
                legal = self._distinct(legal, hands, mover, trick)
        maximizing = self.maximizing[mover]
        best = -_INFINITY if maximizing else _INFINITY
        chosen = -1
        last = position + 1 == players
        suits = self.suit
        partner_wins = (
            position + 1 == players and maximizing == self.maximizing[(leader + top_at) % players]
        )
        held = 0
        if not position and self.tricks_mode:  # where more tricks are better: winners first
            for other in hands:
                held |= other
        partition = self.partition
        ranks = 0  # the ranks that won by rank in the moves' searches
        searched = 0
        follow = self.follow
        for card in self._ordered(legal, led, top, best_card, partner_wins, held):
            bit = 1 << card
            if partition and searched:
                # One small card a suit: a card of a suit below every rank that won by
                # rank in the searches so far, after one such card was searched, gives
                # the same value (swapping the two changes no trick's winner).
                group = follow[suits[card]]
                mine = ranks & group
                floor = mine & -mine if mine else group + 1
                if bit < floor and searched & group & (floor - 1):
                    continue
            searched |= bit
            hands[mover] = hand & ~(1 << card)
            trick.append(card)
            card_led = led if led >= 0 else suits[card]
            strength = self._strength(card, card_led)
            if last:
                winner = (leader + (position if strength > top else top_at)) % players
                after_won = won
                if self.counts_tricks:
                    after_won = with_item(won, winner, won[winner] + 1)
                after_tally = tally
                if self.score_trick is not None:
                    after_tally = self._tally_after(hands, leader, trick, won, tally, winner)
                played = 0
                for index in trick:
                    played |= 1 << index
                # The next trick starts empty (a list of its own: this one stays).
                value = self._search(
                    hands,
                    winner,
                    [],
                    after_won,
                    after_tally,
                    waste | played,
                    alpha,
                    beta,
                    -1,
                    -1,
                    0,
                )
                if partition:
                    self.ranks |= self._won_by_rank(
                        trick, trick[position if strength > top else top_at]
                    )
            elif strength > top:
                value = self._search(
                    hands,
                    leader,
                    trick,
                    won,
                    tally,
                    waste,
                    alpha,
                    beta,
                    card_led,
                    strength,
                    position,
                )
            else:
                value = self._search(
                    hands, leader, trick, won, tally, waste, alpha, beta, card_led, top, top_at
                )
            trick.pop()
            hands[mover] = hand
            if partition:
                ranks |= self.ranks
            if maximizing:
                if value > best:
                    best, chosen = value, card
                    if value > alpha:
                        alpha = value
            elif value < best:
                best, chosen = value, card
                if value < beta:
                    beta = value
            if alpha >= beta:
                # A cut: the value is this move's, proved by its search alone.
                ranks = self.ranks
                break
        self.ranks = ranks
        return best, chosen
