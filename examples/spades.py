"""Spades, the partnership game, written on the cardrules trick-taking engine.

The rules, after the standard game of John McLeod's Spades page on pagat.com
(https://www.pagat.com/auctionwhist/spades.html); each has an identifier that the
tests name:

* SP-1 Players: four, two partnerships of partners sitting opposite: seats 0 and 2
  against seats 1 and 3.
* SP-2 The deal: the whole 52-card deck, 13 cards each, dealt one at a time clockwise
  from the dealer's left. The deal passes to the left.
* SP-3 Bidding: each player in turn, from the dealer's left, bids the number of tricks
  he expects to win, 0 to 13 (SP-3.1). A bid of 0 is *nil*: the player undertakes to
  win no trick at all (SP-3.2). A partnership's *contract* is the sum of its partners'
  bids, a nil counting nothing (SP-3.3).
* SP-4 Play: spades are always trumps (SP-4.1). The player on the dealer's left leads
  to the first trick (SP-4.2). Everyone follows suit if he can, and may play any card
  if he cannot (SP-4.3). Spades may not be led until a spade has been played in an
  earlier trick of the deal ("broken"), unless the leader holds nothing but spades
  (SP-4.4). The highest spade wins the trick, else the highest card of the suit led;
  the winner leads next (SP-4.5).
* SP-5 Scoring, per partnership: a side that wins at least its contract scores 10
  points per trick of it and 1 point per overtrick, its *bags* (SP-5.1); a side that
  wins fewer loses 10 points per trick of its contract (SP-5.2). A nil bidder's side
  scores 100 more if he takes no trick and 100 less if he takes any, whatever the
  contract does (SP-5.3). Bags add up from deal to deal: each time a side's bags
  reach 10, it loses 100 points and its count starts again from the bags beyond 10
  (SP-5.4). A failed nil bidder's tricks count toward his side's contract (SP-5.5).
  Sources differ here: Card Games For Dummies calls counting them "the more standard
  position", while other rules pages count them only as bags, which
  ``nil_tricks_count=False`` plays.
* SP-6 The end: after a deal in which a side reaches the target, 500 points (SP-6.1),
  or falls to the losing floor, -200 points or below (SP-6.2), the side with the
  higher total wins (SP-6.3); equal totals play another deal (SP-6.4).

This file is the whole game: its options, its description for the engine
(:class:`cardrules.core.trickgame.TrickGame`), its view, its scoring and a heuristic
bot. Importing it registers the game as ``spades``, so every cardrules tool plays
it (``cardrules simulate examples.spades``, ``cardrules rules examples.spades``).
Run it to watch the bots play one game: ``python examples/spades.py [SEED]``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.bots import Bot, RandomBot
from cardrules.bots.ismcts import ISMCTSBot
from cardrules.cards import DECK52, Suit
from cardrules.core import trickgame, tricks
from cardrules.core.match import Match
from cardrules.core.options import check_bool, check_int, rules_to_text
from cardrules.game import Event, Fact, Log, Outcome
from cardrules.moves import Bid, Move
from cardrules.play import play_game

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "spades"
#: Cards adjacent in rank in one hand are equivalent for the solver: the points follow
#: the tricks each seat wins, and the rules of play read only suits (SP-4).
SOLVER_EQUIVALENT_CARDS: Final = True
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
#: Partners sit opposite: team 0 is seats 0 and 2, team 1 seats 1 and 3 (SP-1).
TEAMS: Final = ((0, 2), (1, 3))
Ints = tuple[int, ...]
Extras = tuple[tuple[str, Ints], ...]  # a deal row's named figures, one value per seat


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options; ``Rules()`` is the standard game. ``cardrules rules examples.spades``
    shows each option with its meaning, read from these bullets.

    * ``players``: 4, two partnerships of partners sitting opposite (SP-1).
    * ``target``: the points that end the game (default 500, SP-6.1).
    * ``losing_floor``: a side whose total falls to this or below ends the game
      (default -200; none: no floor, SP-6.2).
    * ``nil_tricks_count``: whether a failed nil bidder's tricks count toward his side's
      contract (default true); false: they count only as bags (SP-5.5).
    """

    players: int = 4
    target: int = 500
    losing_floor: int | None = -200
    nil_tricks_count: bool = True

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("target", self.target, 1)
        if self.losing_floor is not None:
            check_int("losing_floor", self.losing_floor, -(10**6), self.target - 1)
        check_bool("nil_tricks_count", self.nil_tricks_count)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "quick": Rules(target=150, nil_tricks_count=False)}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its hand, the bids, the tricks, the scores (the engine's
    fields say it all)."""


def deal_points(rules: Rules, bids: Ints, won: Ints, bags: Ints) -> tuple[Ints, Ints]:
    """Each seat's points for a deal (its side's, SP-5) and its side's bags after the deal,
    from the bids, the tricks won and the bags each seat's side carried into the deal."""
    points, carried = [0, 0], [0, 0]
    for side, team in enumerate(TEAMS):
        contract, taken = sum(bids[s] for s in team), sum(won[s] for s in team)  # SP-3.3
        # A failed nil bidder's tricks count toward the contract, or only as bags (SP-5.5).
        made = sum(won[s] for s in team if bids[s] or rules.nil_tricks_count) >= contract
        points[side] = 9 * contract + taken if made else -10 * contract  # SP-5.1, SP-5.2
        points[side] += sum(-100 if won[s] else 100 for s in team if not bids[s])  # SP-5.3
        tens, carried[side] = divmod(bags[side] + (taken - contract if made else 0), 10)
        points[side] -= 100 * tens  # SP-5.4
    return (*points, *points), (*carried, *carried)


def _score_deal(state: State, out: int | None) -> tuple[Ints, Extras, Log[Event]]:
    """The deal's points (SP-5); the bags each side carries on are a deal row extra."""
    bids, won, rows = tuple(bid or 0 for bid in state.bids), state.tricks_won, state.match.rows
    points, bags = deal_points(state.rules, bids, won, rows[-1].extra("bags") if rows else (0,) * 4)
    text = f"deal {state.match.deal_number + 1}: points {points[:2]}, bags {bags[:2]}"
    extras = (("bids", bids), ("tricks", won), ("bags", bags))
    return points, extras, state.log.append(Event("scored", text=text))


def _decided(rules: Rules, match: Match) -> Outcome | None:
    """SP-6: a side at the target or the losing floor ends the game, the higher total
    winning; equal totals play on."""
    high, low, floor = max(match.totals), min(match.totals), rules.losing_floor
    over = high >= rules.target or (floor is not None and low <= floor)
    reason: Final = "target reached" if high >= rules.target else "limit reached"
    return Outcome(reason, TEAMS[match.totals[1] == high]) if over and high != low else None


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Spades",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK52, hand_size=lambda rules, number: 13),
    bidding=trickgame.Bidding(allowed=lambda s, n: range(14), hidden=lambda r: False, most=13),
    trumps=trickgame.Trumps(suit=lambda rules, number: Suit.SPADES),
    play=trickgame.TrickPlay(
        restrictions=trickgame.Restrictions(unbroken=lambda rules: tricks.SUIT_MASKS[Suit.SPADES])
    ),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(
        decided=_decided, payoffs=lambda t: (t[0] - t[1], t[1] - t[0], t[0] - t[1], t[1] - t[0])
    ),
    teams=lambda rules: TEAMS,
    moves=trickgame.Moves(max_players=4, forms=("play CARD", "bid N")),
    rule_ids=(("bid_range", "SP-3.1"), ("follow", "SP-4.3"), ("unbroken", "SP-4.4")),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the trick, bids and tricks per seat, the bags, the hand."""
    rows, facts = view.score.deals, [Fact("bid", view.bids, per_seat=True)]
    if view.trick:
        facts.insert(0, Fact("trick", tricks.trick_plays(view.leader, view.trick, 4)))
    facts.append(Fact("tricks won", view.tricks_won, per_seat=True))
    facts.append(Fact("bags", rows[-1].extra("bags") if rows else (0,) * 4, per_seat=True))
    return (*facts, Fact("hand", view.hand))


def explain_move(view: View, move: Move) -> str:
    """A bid of 0 is nil; every other move says what it is in its text."""
    return "nil: you undertake to win no trick" if move == Bid(0) else ""


class SpadesBot:
    """Bid the aces, the king and queen of spades and each spade beyond the third, or nil
    with none of these and no spade above the nine. A nil bidder leads his lowest card
    and follows with his highest card that loses. Otherwise lead the highest card, take
    a trick the opponents hold with the cheapest winner, and play the lowest card over
    a partner's winning card or when nothing wins."""

    name = "heuristic"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A bid or a card, as the class docstring describes."""
        if view.phase == Phase.BIDDING:
            spades = [card.rank for card in view.hand if card.suit is Suit.SPADES]
            guess = sum(card.rank == 14 for card in view.hand) + max(0, len(spades) - 3)
            guess += sum(rank in (12, 13) for rank in spades)
            return Bid(guess or int(max(spades, default=0) > 9))
        plays = sorted(legal_moves, key=lambda m: (m.card.suit is Suit.SPADES, m.card.rank))
        rules, trick = tricks.trick_rules(Suit.SPADES), view.trick
        wins = [m for m in plays if tricks.winner(rules, (*trick, m.card)) == len(trick)]
        if view.bids[view.seat] == 0:
            return ([m for m in plays if m not in wins] or plays)[-1 if trick else 0]
        partner = trick and tricks.winning_seat(rules, trick, view.leader, 4) == (view.seat + 2) % 4
        return plays[0] if partner or not wins else wins[0 if trick else -1]


games.register(sys.modules[__name__], heuristic=SpadesBot)


def main(argv: list[str]) -> None:
    """Play one game to 200 points: two searching partners (seats 0 and 2) against a
    random and a heuristic player; print each deal's result."""
    seed = int(argv[1]) if len(argv) > 1 else 1
    search = ISMCTSBot(sys.modules[__name__], iterations=8, playout_limit=20)
    bots: list[Bot] = [search, RandomBot(), search, SpadesBot()]
    final = play_game(sys.modules[__name__], Rules(target=200), bots, seed=seed)
    print(*(e for e in trickgame.events(final) if e.kind in ("scored", "over")), sep="\n")
    print(f"totals {trickgame.score(final).totals}, payoffs {trickgame.score(final).payoffs}")


if __name__ == "__main__":
    main(sys.argv)
