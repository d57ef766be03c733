"""A fast perfect-information (double-dummy) search over the play of a trick game's deal:
:class:`DoubleDummy`, the search of one seat (the search itself is in
:mod:`~cardrules.core.trickgame.solving`).

:mod:`cardrules.solver` searches any game through ``legal_moves`` and ``apply``;
for the play of a trick game it hands the position to :class:`DoubleDummy`, which
searches in the engine's own terms instead of building a state a card: each hand
is a card mask, the trick a list of card indices, the legal cards the led suit's
mask of the hand (or the whole hand), the trick's winner the highest strength of
the deal's :class:`~cardrules.core.tricks.TrickRules`. It is alpha-beta with a
transposition table consulted where a trick is led, keyed on the seat to lead,
the hands and the deal's running figures that the points can still depend on.

The value is the same as the generic search's (see :mod:`cardrules.solver`): the
points the deal scores for the seat (or, with ``margin``, those points less the
best points among the seats outside its team), from the game's own deal scorer, the
seat and its partners against the others. The deal's points are read once per distinct end
of the deal: a state at the end of the play is built (no cards in hand, the tricks
won and the trick scorer's tally as the search reached them) and the game's
``score_deal`` hook scores it. So the search assumes what every trick game of this
library does: a deal's points follow from what the deal fixes, the tricks each
seat won and the tally. It plays every deal to its last trick: a game whose deal
may end early (``TrickPlay.ends_early``) scores a deal played on as it scores the
deal ended early. A finished trick's tally comes from the game's
``score_trick`` hook (called once per distinct trick and tally).

Where the points depend on the tricks won alone, the search finds out, once per
deal, which of the counts they depend on (by scoring every way the deal's tricks
can fall): none, the total of the seat's team, or more. The table's key holds only
that figure, and the search stops early where no future trick can move the points
out of the bounds it is searching.

Each value is found by null-window searches (is the value at least t?) from a guess,
the last value found, as double-dummy bridge solvers do (MTD(f)); the table keeps
the bounds each search proves. Where the points follow the team's trick total and
never fall as it grows (Whist, bridge card play) the search counts the team's tricks
instead (the best play for the tricks is then the best for the points) and the table
holds bounds on the tricks still to come, so its key holds nothing of the past. Where
the points follow the team's trick total at all and each suit ranks in order, sure
tricks are counted where a trick is led and narrow the points the position can still
reach: the tricks each side's top trumps take on every line of play (so they bound Oh
Hell's exact bid too, whose points rise and fall), and, where more tricks are never
worse, the tricks the side on lead can cash from the top (a bidder may not want
them). The last trick is scored directly.

Where seats sit the deal out (the contract's ``out``: a lone hand, the dealer at
four-hand Skat) the search plays a table of the seats that play: tricks of as many
cards as they are, the turn order passing over the seats out, whose cards take no
part (they count as neither in play nor gone, and stay in their hands for the
deal's points); the sides are the deal's (``sides(state)``), as everywhere.
Games with a trick scorer (Hearts, Maverick) or with points on each seat's own count
(Spades' nil) keep their figures in the key and are searched by the points; in the
latter, the trumps the holder of the top trump holds above every other seat's are
tricks it takes on every line of play and narrow the points likewise.

*Equivalent cards* (asked by the caller where the game declares them, see
:mod:`cardrules.solver`): cards of one suit adjacent in rank among the cards still
out are one move, and the table's key writes each card by its rank among the cards
of its suit still held, as double-dummy bridge solvers do. Cards that score apart
from the rest of their suit (``cards_apart``: Hearts' queen of spades) are never one
move with another card, and the key writes where they lie among those ranks. Where the
rules of play read suits alone (follow suit, and restrictions of whole suits such as
Spades' unbroken trumps) and the points follow the tricks won alone, the search
is a partition search: it notes which cards won a trick by rank (over a lower card
of their suit) in the search of each position, and the table serves the value to
every position with the same suit lengths whose holders of those ranks, and of the
ranks above them, are the same; lower cards of a suit below every rank that won
are then searched once. Of the cards in finished tricks, a key holds only what the
restrictions read of them (whether the cards not led until broken are broken, and
whether the first trick is over), so positions alike by relative rank share entries.
Sure tricks also count those a partner cashes after a lead to its top cards.

The search does not express, and declines (:meth:`DoubleDummy.move_values` and
:meth:`DoubleDummy.value` return None; the generic search then runs): a position
outside the play (bidding, passing), a game whose tricks go back into a hand (the
pick-up) or whose deal ends when a hand is empty, revokes made legal by the rules,
a move cap (``max_moves``) that the rest of the deal could reach, the opening lead of a game
whose holder of a card must lead it, and plays with calls or announcements.
Announcements during play (:class:`~cardrules.core.trickgame.Announcement`) are not
searched: :meth:`DoubleDummy.move_values` values the card plays alone, with the
contract's terms as they stand.
"""

from __future__ import annotations

from cardrules.cards import Card
from cardrules.core.budget import Budget
from cardrules.core.trickgame import rules_of_play
from cardrules.core.trickgame.queries import _card_seat, legal_moves
from cardrules.core.trickgame.scoring import sides
from cardrules.core.trickgame.solving import _Deal
from cardrules.core.trickgame.solving_tables import _in_play
from cardrules.core.trickgame.state import State
from cardrules.moves import Call, Play

__all__ = ["DoubleDummy"]


class DoubleDummy:
    """The double-dummy search of one seat, over positions of one deal's play (or of
    several deals: one search a set of what the deals fix).

    :meth:`move_values` and :meth:`value` give what :class:`cardrules.solver.Solver`
    gives, or None where this search does not apply (see the module docs).
    ``nodes`` counts the positions searched.
    """

    def __init__(
        self,
        seat: int,
        equivalent_cards: bool = False,
        margin: bool = False,
        cards_apart: tuple[Card, ...] = (),
    ) -> None:
        self.seat = seat
        self.equivalent_cards = equivalent_cards
        self.margin = margin
        #: With equivalent cards: the cards never equivalent to another (see _DealTables).
        self.apart = 0
        for card in cards_apart:
            self.apart |= card.bit
        self.deals: dict[tuple[object, ...], _Deal] = {}
        self.searched = 0
        #: What a search may spend: :class:`cardrules.solver.Solver` gives its own.
        self.budget = Budget()

    @property
    def nodes(self) -> int:
        """The positions searched so far."""
        return self.searched + sum(deal.nodes for deal in self.deals.values())

    def _deal(self, state: object) -> _Deal | None:
        """The search for the deal of ``state``, or None where it does not apply."""
        if type(state) is not State:
            return None
        deal = state.deal
        rules = deal.rules
        game = rules.trick_game
        if state.phase is not game.roles.playing:
            return None
        if game.play.pick_up or game.play.out_ends_deal:
            return None
        # A safety cap (simulate's, say) is no matter where the deal's cards run out first.
        cap = rules.max_moves
        if cap is not None and state.moves_made + _in_play(state).bit_count() >= cap:
            return None
        if game.play.revoking is not None and game.play.revoking.allowed(rules):
            return None
        if game.play.lead_card is not None and rules_of_play.opening_lead(state, _card_seat(state)):
            return None
        # Seats that sit the deal out keep their hands and win no trick: a search of
        # the seats that play, one per such hand (the points may read it).
        out: tuple[object, ...] = ()
        if deal.turns is not None:
            playing = deal.turns[0]
            out = tuple(
                (hand, state.tricks_won[seat])
                for seat, hand in enumerate(state.hands)
                if seat not in playing
            )
        key = (
            rules,
            deal.match,
            deal.trick_rules,
            deal.trump_card,
            deal.second_suit,
            deal.bids,
            deal.declared,
            deal.contract,  # its sides: whom the seat plays with
            # Partners by the holders of cards: this world's (sides derived from its hands).
            sides(state) if deal.contract is not None and deal.contract.partner_cards else (),
            state.revokes,
            out,
            # Without a trick scorer the search scores every end of the deal from the
            # tally as it stands: one search per tally.
            state.tally if game.scoring.score_trick is None else (),
        )
        found = self.deals.get(key)
        if found is None:
            if len(self.deals) > 64:  # searches of other deals: keep the memory bounded
                self.searched += sum(deal.nodes for deal in self.deals.values())
                self.deals.clear()
            found = self.deals[key] = _Deal(
                state, self.seat, self.equivalent_cards, self.margin, self.apart
            )
        found.budget = self.budget
        return found

    def move_values(self, state: object) -> list[tuple[Play, float]] | None:
        """Each legal move of ``state`` with the seat's points after it (legal order),
        or None where this search does not apply."""
        search = self._deal(state)
        if search is None:
            return None
        assert type(state) is State
        moves: list[Play] = []
        cards: list[int] = []
        for move in legal_moves(state):
            if type(move) is Call and move.kind == "announce":
                continue  # the play is searched with the contract's terms as they stand
            if type(move) is not Play or move.call is not None or move.announce:
                return None
            moves.append(move)
            cards.append(move.card.index)
        hands, leader, won = search._position(state)
        trick = [card.index for card in state.trick]
        mover = (leader + len(trick)) % search.players
        legal = 0
        for card in cards:
            legal |= 1 << card
        distinct = legal
        if search.equivalent and legal & (legal - 1):
            distinct = search._distinct(legal, hands, mover, trick)
        values: dict[int, float] = {}
        for card in cards:
            if distinct >> card & 1:
                values[card] = search.sign * search.solve(
                    list(hands), leader, trick[:], won, state.tally, state.waste, 1 << card
                )
        result: list[tuple[Play, float]] = []
        for move, card in zip(moves, cards):
            searched = card
            if searched not in values:  # the highest card of its run was searched
                searched = _next_higher(search, distinct, card)
            result.append((move, values[searched]))
        return result

    def value(self, state: object) -> float | None:
        """The seat's points from ``state``, every seat playing its best, or None where
        this search does not apply."""
        search = self._deal(state)
        if search is None:
            return None
        assert type(state) is State
        for move in legal_moves(state):
            if type(move) is Call and move.kind == "announce":
                continue
            if type(move) is not Play or move.call is not None or move.announce:
                return None
        hands, leader, won = search._position(state)
        return search.sign * search.solve(
            hands, leader, [card.index for card in state.trick], won, state.tally, state.waste, 0
        )


def _next_higher(search: _Deal, distinct: int, card: int) -> int:
    """The lowest card of ``distinct`` above ``card`` in its suit: the card searched
    for ``card`` when equivalent cards are one move."""
    suit = search.suit[card]
    higher = distinct & search.follow[suit] & ~((2 << card) - 1)
    return (higher & -higher).bit_length() - 1
