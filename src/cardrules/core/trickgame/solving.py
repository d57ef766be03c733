"""The double-dummy search over the play of a trick game's deal, in the engine's own
terms: alpha-beta with null-window searches and a transposition table over card masks,
the search behind :class:`~cardrules.core.trickgame.double_dummy.DoubleDummy` (whose
module says how it works and what it declines)."""

from __future__ import annotations

from typing import Final

from cardrules.cards import ALL_CARDS
from cardrules.core.budget import TICK
from cardrules.core.changes import with_item
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.rules_of_play import follow_suit
from cardrules.core.trickgame.solving_tables import (
    _ALL_COUNTS,
    _INFINITY,
    _TEAM_TOTAL,
    _DealTables,
)

__all__: list[str] = []  # the search behind double_dummy.DoubleDummy

#: The most entries the transposition table keeps (about a hundred bytes each).
_TABLE_LIMIT: Final = 1 << 20


class _Deal(_DealTables):
    """The search of one seat in one deal, over its tables (see :class:`_DealTables`)."""

    # ------------------------------------------------------------------ the moves

    def _legal(self, hand: int, trick: list[int], waste: int) -> int:
        """The mask of the cards of ``hand`` that may be played to ``trick`` under the
        game's restrictions (without them the search calls follow suit directly)."""
        cards = tuple(ALL_CARDS[index] for index in trick)
        return rules_of_play.playable(self.trick_rules, self.limits, hand, cards, waste)

    def _distinct(self, legal: int, hands: list[int], mover: int, trick: list[int]) -> int:
        """``legal`` less each card that has the next higher card of its suit among the
        cards still out (in another hand or the trick) in the same hand: only the
        highest of a run of equivalent cards is searched."""
        out = 0
        for seat in range(self.players):
            if seat != mover:
                out |= hands[seat]
        for index in trick:
            out |= 1 << index
        live = legal | out
        kept = legal
        rest = legal
        follow = self.follow
        suits = self.suit
        while rest:
            low = rest & -rest
            rest ^= low
            suit = suits[low.bit_length() - 1]
            if suit < 0:
                continue
            higher = live & follow[suit] & ~((low << 1) - 1)
            if higher & -higher & legal:
                kept ^= low
        return kept

    def _ordered(
        self, legal: int, led: int, top: int, best_card: int, partner_wins: bool, held: int
    ) -> list[int]:
        """The cards of ``legal`` in the order searched: the table's best move, then
        (to lead) the highest card of each suit, those that are the highest of their
        suit in ``held`` (the cards in the hands; 0: none given) first, then the others
        from the highest down;
        (to follow) where a partner wins the trick so far, the cards that would not win
        it from the lowest up, then the others; else the cards that would win it from the
        lowest up, then the others from the lowest up."""
        cards: list[int] = []
        rest = legal
        while rest:
            low = rest & -rest
            rest ^= low
            cards.append(low.bit_length() - 1)
        if led < 0 and top < 0:
            cards.reverse()
            heads: list[int] = []
            tails: list[int] = []
            suits = self.suit
            last_suit = -2
            masters: list[int] = []
            follow = self.follow
            for card in cards:
                suit = suits[card]
                if suit != last_suit:
                    if held and suit >= 0 and not held & follow[suit] & ~((2 << card) - 1):
                        masters.append(card)
                    else:
                        heads.append(card)
                    last_suit = suit
                else:
                    tails.append(card)
            cards = masters + heads + tails
        else:
            winning: list[int] = []
            losing: list[int] = []
            for card in cards:
                if self._strength(card, led) > top:
                    winning.append(card)
                else:
                    losing.append(card)
            cards = losing + winning if partner_wins else winning + losing
        if best_card >= 0 and legal >> best_card & 1:
            cards.remove(best_card)
            cards.insert(0, best_card)
        return cards

    def _strength(self, card: int, led: int) -> int:
        """The strength ``card`` has in a trick where ``led`` was led (-1: none yet;
        the card then leads): -1 where it cannot win."""
        strength = self.trump_strength[card]
        if strength >= 0:
            return strength
        suit = self.suit[card]
        if led < 0 or suit == led:
            return self.plain_strength[card]
        return -1

    def _key_hands(self, hands: list[int]) -> tuple[int, ...]:
        """The hands as the table's key writes them: each card by its rank among the
        cards of its suit still held, with equivalent cards; as they are, without."""
        if not self.equivalent:
            return tuple(hands)
        held = 0
        for hand in hands:
            held |= hand
        relative: list[int] = []
        suits = self.suit
        follow = self.follow
        for hand in hands:
            written = 0
            rest = hand
            while rest:
                low = rest & -rest
                rest ^= low
                suit = suits[low.bit_length() - 1]
                # The card's place among the cards of its suit still held.
                written |= 1 << (suit * 16 + (held & follow[suit] & (low - 1)).bit_count())
            relative.append(written)
        return tuple(relative)

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
        if self.tricks_mode:
            count = 0
            for member in self.team:
                count += won[member]
            left = 0
            for hand in hands:
                left = max(left, hand.bit_count())
            lower = float(count)
            upper = float(count + left)
            if not lower <= guess <= upper:
                guess = float(count + (left + 1) // 2)
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
        if not any(hands):
            return float(count) if tricks_mode else self._leaf(won, tally, leader)
        last = True
        for hand in hands:
            if not hand or hand & (hand - 1):
                last = False
        if last:
            return self._last_trick(hands, leader, won, tally, count)
        if projection != _ALL_COUNTS or self.score_trick is None:
            left = 0
            for hand in hands:
                if hand:
                    left = max(left, hand.bit_count())
            if self.quick:
                # The tricks each side's top trumps take whenever they are played: on
                # every line of play, so they bound the points whatever their shape.
                ours = theirs = 0
                if self.trumps:
                    ours = self._top_trumps(hands, True)
                    theirs = self._top_trumps(hands, False)
                if tricks_mode:
                    # The tricks the side on lead can cash from the top: sure for it if
                    # it wants them, which it does where more tricks are never worse
                    # (not under an exact bid, where it may want to lose them).
                    sure = self._quick_tricks(hands, leader, waste)
                    if self.maximizing[leader]:
                        ours = max(ours, sure)
                    else:
                        theirs = max(theirs, sure)
                least = count + ours
                most = count + left - theirs
                if tricks_mode:
                    low = float(least)
                    high = float(most)
                else:
                    low, high = self._bounds(least, most - least)
            elif tricks_mode:
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
        key: tuple[object, ...]
        # In tricks mode the entry holds the tricks still to come: the key holds nothing
        # of the past, and positions reached with other counts share it.
        offset = 0.0
        if tricks_mode:
            key = (leader, self._key_hands(hands), waste if self.limits else 0)
            offset = float(count)
        else:
            figures: object = won if projection == _ALL_COUNTS else count
            key = (leader, self._key_hands(hands), figures, tally, waste if self.limits else 0)
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

    def _quick_tricks(self, hands: list[int], leader: int, waste: int) -> int:
        """The tricks the leader's side takes for sure by leading, from the leader's hand:
        in each suit the leader's cards above every card of the suit held by another
        seat (each wins and keeps the lead), as many as no opponent can trump (one
        holding trumps must follow that often; trumps cannot be trumped), in the suits
        whose top cards the leader may lead now.

        Sound where a suit's cards rank in their order (``quick``): each such card is
        the highest of its suit left when led, and a seat holding the suit led must
        follow it (the rules of play only narrow follow suit), so an opponent who
        follows cannot trump. What may be led only widens as tricks are played (a suit
        gets broken; the first trick's bars end)."""
        mine = hands[leader]
        leadable = mine
        if self.limits is not None:
            leadable = self._legal(mine, [], waste)
        side = self.maximizing[leader]
        trumps = self.trumps
        held = 0
        trumping: list[int] = []
        for seat in range(self.players):
            hand = hands[seat]
            held |= hand
            if self.maximizing[seat] != side and hand & trumps:
                trumping.append(hand)
        sure = 0
        for group in self.follow:
            ours = mine & group
            if not ours:
                continue
            theirs = held & group & ~ours
            if theirs:
                ours &= ~((2 << (theirs.bit_length() - 1)) - 1)
            if ours & ~leadable:
                continue
            tops = ours.bit_count()
            if tops and not group & trumps:
                for hand in trumping:
                    tops = min(tops, (hand & group).bit_count())
            sure += tops
        return sure

    def _top_trumps(self, hands: list[int], team: bool) -> int:
        """The tricks one side (the team's, or the others') takes for sure with its top
        trumps: the most trumps one hand of the side holds above every trump of the other
        side. Each wins the trick it is played to, whenever that is (only a higher trump
        beats a trump, where a suit's cards rank in order and there are no jokers), and
        one hand's cards fall to different tricks."""
        trumps = self.trumps
        maximizing = self.maximizing
        other = 0
        for seat in range(self.players):
            if maximizing[seat] != team:
                other |= hands[seat] & trumps
        above = trumps
        if other:
            above &= ~((2 << (other.bit_length() - 1)) - 1)
        most = 0
        for seat in range(self.players):
            if maximizing[seat] == team:
                most = max(most, (hands[seat] & above).bit_count())
        return most

    def _last_trick(
        self,
        hands: list[int],
        leader: int,
        won: tuple[int, ...],
        tally: tuple[int, ...],
        count: int,
    ) -> float:
        """The value where one card a hand is left to lead: each seat plays it (its only
        legal card), so the last trick is scored directly instead of searched."""
        players = self.players
        trick: list[int] = []
        led = -1
        top = -1
        top_at = 0
        for position in range(players):
            seat = (leader + position) % players
            card = hands[seat].bit_length() - 1
            trick.append(card)
            if led < 0:
                led = self.suit[card]
            strength = self._strength(card, led)
            if strength > top:
                top, top_at = strength, position
        winner = (leader + top_at) % players
        if self.tricks_mode:
            return float(count + 1 if self.maximizing[winner] else count)
        after_won = won
        if self.counts_tricks:
            after_won = with_item(won, winner, won[winner] + 1)
        after_tally = tally
        if self.score_trick is not None:
            after_tally = self._tally_after([0] * players, leader, trick, won, tally, winner)
        return self._leaf(after_won, after_tally, winner)

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
        for card in self._ordered(legal, led, top, best_card, partner_wins, held):
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
                trick_before = trick[:]
                del trick[:]
                value = self._search(
                    hands,
                    winner,
                    trick,
                    after_won,
                    after_tally,
                    waste | played,
                    alpha,
                    beta,
                    -1,
                    -1,
                    0,
                )
                trick.extend(trick_before)
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
                break
        return best, chosen
