"""What the double-dummy search does at one position, beside the search itself
(:mod:`~cardrules.core.trickgame.solving`): the cards a seat may play and their order,
the keys of the transposition table (relative ranks, and the ranks that won by rank for
partition search), the sure-trick bounds, and the last trick read off directly."""

from __future__ import annotations

from cardrules.cards import ALL_CARDS
from cardrules.core.changes import with_item
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.solving_tables import _DealTables

__all__: list[str] = []  # a part of the search behind double_dummy.DoubleDummy


class _DealSteps(_DealTables):
    """The per-position work of the search of one seat in one deal (see
    :class:`~cardrules.core.trickgame.solving._Deal`)."""

    def _legal(self, hand: int, trick: list[int], waste: int) -> int:
        """The mask of the cards of ``hand`` that may be played to ``trick`` under the
        game's restrictions (without them the search calls follow suit directly)."""
        cards = tuple(ALL_CARDS[index] for index in trick)
        return rules_of_play.playable(self.trick_rules, self.limits, hand, cards, waste)

    def _distinct(self, legal: int, hands: list[int], mover: int, trick: list[int]) -> int:
        """``legal`` less each card that has the next higher card of its suit among the
        cards still out (in another hand or the trick) in the same hand: only the
        highest of a run of equivalent cards is searched. A card that scores apart
        (:attr:`apart`) is in no run: swapping two cards in every line of play keeps each
        trick's winner, and its points only where the two score alike."""
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
        apart = self.apart
        while rest:
            low = rest & -rest
            rest ^= low
            suit = suits[low.bit_length() - 1]
            if suit < 0 or low & apart:
                continue
            higher = live & follow[suit] & ~((low << 1) - 1)
            if higher & -higher & legal & ~apart:
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
        cards of its suit still held, with equivalent cards; as they are, without.
        Where cards score apart (:attr:`apart`), two masks follow the hands: the places
        where they lie, and which of them are held. Two positions that agree on the key
        then hold each card that scores apart at the same place, and each other card
        where the other holds one of the same suit that is not apart, which scores the
        same (the rest of a suit scores alike: what naming cards apart declares)."""
        if not self.equivalent:
            return tuple(hands)
        held = 0
        for hand in hands:
            held |= hand
        relative: list[int] = []
        suits = self.suit
        follow = self.follow
        apart = self.apart
        places = 0  # where the cards that score apart lie
        for hand in hands:
            written = 0
            rest = hand
            while rest:
                low = rest & -rest
                rest ^= low
                suit = suits[low.bit_length() - 1]
                # The card's place among the cards of its suit still held.
                place = 1 << (suit * 16 + (held & follow[suit] & (low - 1)).bit_count())
                written |= place
                if low & apart:
                    places |= place
            relative.append(written)
        if apart:
            relative += [places, held & apart]
        return tuple(relative)

    def _relative(self, hands: list[int]) -> tuple[int, int]:
        """The hands by relative rank (each card by its rank among the cards of its suit
        still held, 16 bits a suit, each hand in 64 bits of its own) and their suit
        lengths (4 bits a suit, 16 a hand): partition search's form of a position."""
        written = 0
        lengths = 0
        forms = self.suit_forms
        for suit, group in enumerate(self.follow):
            holding = tuple([hand & group for hand in hands])
            found = forms.get(holding)
            if found is None:
                found = self._suit_form(holding, suit)
            written |= found[0]
            lengths |= found[1]
        return written, lengths

    def _suit_form(self, holding: tuple[int, ...], suit: int) -> tuple[int, int]:
        """One suit's part of :meth:`_relative`, from each hand's cards of the suit."""
        held = 0
        for cards in holding:
            held |= cards
        written = 0
        lengths = 0
        place = 0
        rest = held
        while rest:
            low = rest & -rest
            rest ^= low
            for seat, cards in enumerate(holding):
                if cards & low:
                    written |= 1 << (64 * seat + 16 * suit + place)
            place += 1
        for seat, cards in enumerate(holding):
            lengths |= cards.bit_count() << (16 * seat + 4 * suit)
        found = (written, lengths)
        self.suit_forms[holding] = found
        return found

    def _extend(self, hands: list[int], ranks: int) -> int:
        """``ranks`` with, below the lowest of each suit, the cards of the same hand
        next to it in rank: a run of one hand's cards that an equivalent-card move
        stands for is then either all among the ranks that matter or all below them."""
        held = 0
        for hand in hands:
            held |= hand
        for group in self.follow:
            mine = ranks & group
            if not mine:
                continue
            low = mine & -mine
            owner = 0
            for hand in hands:
                if hand & low:
                    owner = hand
            below = held & group & (low - 1)
            while below:
                high = 1 << (below.bit_length() - 1)
                if not owner & high:
                    break
                ranks |= high
                below ^= high
        return ranks

    def _class_mask(self, hands: list[int], ranks: int) -> int:
        """The relative ranks (as :meth:`_relative` writes one hand) from the lowest of
        ``ranks`` in each suit up: the ranks whose holders the value was proved from."""
        held = 0
        for hand in hands:
            held |= hand
        mask = 0
        for suit, group in enumerate(self.follow):
            mine = ranks & group
            if not mine:
                continue
            cards = held & group
            below = (cards & ((mine & -mine) - 1)).bit_count()
            mask |= ((1 << cards.bit_count()) - (1 << below)) << (16 * suit)
        return mask

    def _ranks_of(self, hands: list[int], mask: int) -> int:
        """The cards of ``hands`` at the lowest relative rank of ``mask`` in each suit
        (the inverse of :meth:`_class_mask`)."""
        held = 0
        for hand in hands:
            held |= hand
        ranks = 0
        for suit, group in enumerate(self.follow):
            field = mask >> (16 * suit) & 0xFFFF
            if not field:
                continue
            cards = held & group
            for _ in range((field & -field).bit_length() - 1):
                cards &= cards - 1
            ranks |= cards & -cards
        return ranks

    def _bound_ranks(self, hands: list[int], leader: int, team: bool, cashing: bool) -> int:
        """The ranks one side's sure tricks counted where a trick is led depend on (the
        team's side, or the others'): with ``cashing`` (the leader's side cashing its
        top cards) those :meth:`_quick_tricks` found, else (top trumps, see
        :meth:`_top_trumps`) the other side's highest trump. Every position with the
        same suit lengths and the same holders of these ranks and those above them
        counts at least as many sure tricks for the side."""
        if cashing:
            return self.sure_ranks
        ranks = 0
        trumps = self.trumps
        maximizing = self.maximizing
        other = 0
        for seat in range(self.players):
            if maximizing[seat] != team:
                other |= hands[seat] & trumps
        if other:
            ranks |= 1 << (other.bit_length() - 1)
        return ranks

    def _quick_tricks(self, hands: list[int], leader: int, waste: int) -> int:
        """The tricks the leader's side takes for sure by leading: from the leader's hand,
        in each suit the leader's cards above every card of the suit held by another
        seat (each wins and keeps the lead), as many as no opponent can trump (one
        holding trumps must follow that often; trumps cannot be trumped), in the suits
        whose top cards the leader may lead now; or, where follow suit is the only rule,
        the lead given to a partner by a card of a suit in which the partner holds cards
        above every other card of the suit, and the partner's cards above every other
        card of their suits, in each suit as many as no opponent can trump (an opponent
        holding trumps follows each suit cashed, so it discards none of the others).
        :attr:`sure_ranks` is then the ranks the count depends on (in each suit counted,
        the highest card outside the hand whose cards above it count).

        Sound where a suit's cards rank in their order (``quick``): each such card is
        the highest of its suit left when led (or played to the partner's lead), and a
        seat holding the suit led must follow it, so an opponent who follows cannot
        trump; a seat void in it may discard (not counted where a restriction can force
        a card: must trump, must beat, the first trick's bars). What may be led only
        widens as tricks are played (a suit gets broken)."""
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
        ranks = 0
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
            if tops and theirs:
                ranks |= 1 << (theirs.bit_length() - 1)
            sure += tops
        if self.limits is None:
            for seat in range(self.players):
                if seat == leader or self.maximizing[seat] != side:
                    continue
                partner = hands[seat]
                cashed = 0
                cashed_ranks = 0
                entry = False
                for group in self.follow:
                    theirs = held & group & ~partner
                    tops = partner & group
                    if theirs:
                        tops &= ~((2 << (theirs.bit_length() - 1)) - 1)
                    count = tops.bit_count()
                    if count and not group & trumps:
                        for hand in trumping:
                            count = min(count, (hand & group).bit_count())
                    if count:
                        cashed += count
                        if theirs:
                            cashed_ranks |= 1 << (theirs.bit_length() - 1)
                        if mine & group:
                            entry = True
                if entry and cashed > sure:
                    sure = cashed
                    ranks = cashed_ranks
        self.sure_ranks = ranks
        return sure

    def _later_tricks(self, hands: list[int], leader: int) -> bool:
        """Whether the side on lead, where no trumps are held, cannot take every trick
        left: as double-dummy bridge solvers count it, the side takes tricks only in
        the suits whose highest card it holds, and at most as many in each as the
        longer of its hands holds there (each round of a suit takes a card of the suit
        from each of its hands that holds one); fewer in all than the tricks left, and
        the other side keeps the highest card of a suit it holds until that suit is
        led. :attr:`later_ranks` is then the ranks the count depends on: the other
        side's highest card of each suit it tops where another hand holds the suit.

        Checked against a full search of tens of thousands of random positions of up
        to six cards a hand with no trumps (squeezes included): where it says so, the
        side never takes every trick. Not asked where a restriction can force a card
        (must trump, must beat, the first trick's bars): the other side might have to
        give up its highest card.

        Where trumps are held: the side on lead holds the highest trump, and the seat
        next after its holder, of the other side, holds the second highest and another
        trump. That seat sees the highest played before it in every trick the side on
        lead leads: under it, it plays another card (a low trump on a trump lead: it
        needs one only once); in a trick without it, its second highest takes the trick;
        and once the highest is gone, the second highest takes the trick it is played to.
        :attr:`later_ranks` is then the second highest trump."""
        trumps = self.trumps
        held = 0
        for hand in hands:
            held |= hand
        maximizing = self.maximizing
        if held & trumps:
            highest = 1 << ((held & trumps).bit_length() - 1)
            rest = held & trumps & ~highest
            if not rest:
                return False
            second = 1 << (rest.bit_length() - 1)
            players = self.players
            for seat in range(players):
                if hands[seat] & highest:
                    behind = (seat + 1) % players
                    mine = hands[behind] & trumps
                    if (
                        maximizing[seat] == maximizing[leader]
                        and maximizing[behind] != maximizing[leader]
                        and mine & second
                        and mine & (mine - 1)
                    ):
                        self.later_ranks = second
                        return True
            return False
        side = maximizing[leader]
        players = self.players
        total = 0
        ranks = 0
        for group in self.follow:
            cards = held & group
            if not cards:
                continue
            highest = 1 << (cards.bit_length() - 1)
            holder = 0
            for seat in range(players):
                if hands[seat] & highest:
                    holder = seat
            if maximizing[holder] == side:
                longest = 0
                for seat in range(players):
                    if maximizing[seat] == side:
                        longest = max(longest, (hands[seat] & group).bit_count())
                total += longest
            elif cards & ~hands[holder]:
                ranks |= highest
        left = hands[leader].bit_count()
        self.later_ranks = ranks
        return total < left

    def _top_trumps(self, hands: list[int], team: bool) -> int:
        """The tricks one side (the team's, or the others') takes for sure with its top
        trumps (see :meth:`_top_trump_pair`)."""
        return self._top_trump_pair(hands)[0 if team else 1]

    def _top_trump_pair(self, hands: list[int]) -> tuple[int, int]:
        """The tricks the team's side and the others take for sure with their top
        trumps: for each, the most trumps one hand of the side holds above every trump
        of the other side. Each wins the trick it is played to, whenever that is (only
        a higher trump beats a trump, where a suit's cards rank in order and there are
        no jokers), and one hand's cards fall to different tricks."""
        trumps = self.trumps
        maximizing = self.maximizing
        players = self.players
        mine = 0
        other = 0
        for seat in range(players):
            if maximizing[seat]:
                mine |= hands[seat] & trumps
            else:
                other |= hands[seat] & trumps
        if not mine:
            return 0, self._longest(hands, other, False)
        if not other:
            return self._longest(hands, mine, True), 0
        above_mine = mine & ~((2 << (other.bit_length() - 1)) - 1)
        above_other = other & ~((2 << (mine.bit_length() - 1)) - 1)
        ours = 0
        theirs = 0
        for seat in range(players):
            if maximizing[seat]:
                if above_mine:
                    ours = max(ours, (hands[seat] & above_mine).bit_count())
            elif above_other:
                theirs = max(theirs, (hands[seat] & above_other).bit_count())
        return ours, theirs

    def _longest(self, hands: list[int], held: int, team: bool) -> int:
        """The most cards of ``held`` one hand of a side (the team's, or the others')
        holds."""
        most = 0
        for seat in range(self.players):
            if self.maximizing[seat] == team:
                most = max(most, (hands[seat] & held).bit_count())
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
        if self.partition:
            self.ranks = self._won_by_rank(trick, trick[top_at])
        if self.tricks_mode:
            return float(count + 1 if self.maximizing[winner] else count)
        after_won = won
        if self.counts_tricks:
            after_won = with_item(won, winner, won[winner] + 1)
        after_tally = tally
        if self.score_trick is not None:
            after_tally = self._tally_after([0] * players, leader, trick, won, tally, winner)
        return self._leaf(after_won, after_tally, winner)

    def _won_by_rank(self, trick: list[int], card: int) -> int:
        """``card`` (the card winning ``trick``) as a mask where it wins by rank (another
        card of its suit is in the trick), else 0 (it wins by suit alone)."""
        group = self.follow[self.suit[card]]
        others = 0
        for index in trick:
            if index != card:
                others |= 1 << index
        return 1 << card if others & group else 0
