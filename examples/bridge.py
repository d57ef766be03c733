"""Contract bridge (duplicate), written on the cardrules trick-taking engine.

The rules, after the Laws of Duplicate Bridge (WBF, 2017 text at
https://www.pzbs.pl/sedziowie/mpb/2017/en/, and the scoring table of Law 77 in the
2007 text, https://pzbs.pl/sedziowie/mpb/2007/ang/law77.htm), quoted in their own
words; each rule's identifier is the one the tests name. Seats 0, 1, 2, 3 are North,
East, South and West; North-South (0 and 2) play East-West (1 and 3).

* BR-1 (boards: dealer and vulnerability; Law 2, https://ibescore.com/5219-2). Deal
  ``n`` of the match is board ``n + 1``. North deals "boards 1 5 9 13", East "2 6 10
  14", South "3 7 11 15", West "4 8 12 16"; "Neither Side Vulnerable | Boards 1 8 11
  14", "North-South Vulnerable | Boards 2 5 12 15", "East-West Vulnerable | Boards 3
  6 9 16", "Both Sides Vulnerable | Boards 4 7 10 13"; "The same sequence is repeated
  for Boards 17-32 and for each subsequent group of 16 boards."
* BR-2 (the deal; Law 6, https://docslib.org/doc/3514857/the-laws-of-duplicate-bridge-2017).
  "The cards must be dealt face down, one card at a time, into four hands of thirteen
  cards each".
* BR-3 (the calls; Law 18, https://www.bridgehands.com/Laws/ACBL/Rubber/The_Auction.htm).
  "Each bid must name a number of odd tricks, from one to seven, and a denomination.
  A bid supersedes the previous bid if it names either a greater number of odd
  tricks or the same number of odd tricks in a higher denomination." "The
  denominations rank in descending order: notrump, spades, hearts, diamonds, clubs."
  A call is a bid (``1C`` .. ``7NT``), ``pass``, ``double`` or ``redouble``.
* BR-4 (doubles and redoubles; Law 19, same address). "A player may double only the
  last preceding bid, and then only if it was made by an opponent and no calls other
  than pass have intervened." "A player may redouble only the last preceding double,
  and then only if it was made by an opponent and no calls other than pass have
  intervened." "All doubles and redoubles are superseded by a subsequent legal bid."
* BR-5 (the order of calls; Law 17,
  https://www.pzbs.pl/sedziowie/mpb/2017/en/l17.html). "The player designated by the
  board as dealer makes the first call." "The player to dealer's left makes the
  second call, and thereafter each player calls in turn in a clockwise rotation."
* BR-6 (the end of the auction; Law 22,
  https://www.pzbs.pl/sedziowie/mpb/2017/en/l22.html). "The auction ends when: one or
  more players having bid, there are three consecutive passes in rotation subsequent
  to the last bid. The last bid becomes the contract"; when "all four players pass
  ... The hands are returned to the board without play. There shall not be a
  redeal." (Law 77: "If all four players pass (see Law 22) each side enters a zero
  score.")
* BR-7 (the declarer; https://metaglossary.com/define/declarer). "the player who
  first named the strain of the final contract for his or her side"; the contract is
  the final bid and its doubling.
* BR-8 (the opening lead and the dummy; Law 41,
  https://www.pzbs.pl/sedziowie/mpb/2017/en/l41.html). "the defender on presumed
  declarer's left makes the opening lead"; "the opening lead is faced, the play
  period begins irrevocably, and dummy's hand is spread"; "Declarer plays both his
  hand and that of dummy." The dummy is the declarer's partner.
* BR-9 (the play; https://docslib.org/doc/1773317/the-object-in-bridge-play-is-to-win-tricks-for-your-side).
  "You must follow suit (play the same suit as the lead) if possible." "If a trick
  contains no trump card, the highest card of the suit led wins it." "If a trick
  contains a trump card, the highest trump played wins it." The trump suit is the
  contract's denomination (none at notrump).
* BR-10 (the score; Law 77, https://pzbs.pl/sedziowie/mpb/2007/ang/law77.htm). Each
  trick over six bid and made scores 20 in a minor, 30 in a major, at notrump 40 the
  first and 30 each other; doubled twice that, redoubled four times. "A trick score
  of 100 points or more, made on one board, is GAME": 300 not vulnerable, 500
  vulnerable; less is a partscore, 50. A small slam (six bid and made) 500 or 750, a
  grand slam (seven) 1000 or 1500. Overtricks: their trick value undoubled; doubled
  100 (vulnerable 200) each, redoubled 200 (400). Making a doubled contract 50,
  redoubled 100. Undertricks: undoubled 50 (vulnerable 100) each; doubled the first
  100 (200), the second and third 200 (300) each, the fourth and each later 300
  (300); redoubled twice the doubled figures. The declaring side scores the figure,
  the other side its negation.
* BR-11 (the match; a decision of this example). A match is a fixed number of boards
  (option ``boards``); each seat's total is the sum of its side's scores. (Duplicate
  compares a board's score with other tables' by matchpoints or IMPs; a game at one
  table has no other table, so the scores are added.)

This file is the whole game: its options, its calls and their rules, its scoring,
and its description for the engine (:class:`cardrules.core.trickgame.TrickGame`).
Run it to watch the bots play: ``python examples/bridge.py [SEED]``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Final

import attrs

from cardrules.cards import Suit
from cardrules.core import trickgame
from cardrules.core.options import check_int, rules_to_text

NAME: Final = "bridge"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
#: North-South (seats 0 and 2) against East-West (seats 1 and 3).
TEAMS: Final = ((0, 2), (1, 3))
#: The denominations from the lowest to the highest (BR-3); None: notrump.
DENOMINATIONS: Final = ("C", "D", "H", "S", "NT")
#: Every bid, each superseding those before it (BR-3).
BIDS: Final = tuple(f"{level}{name}" for level in range(1, 8) for name in DENOMINATIONS)
PASS: Final = "pass"
DOUBLE: Final = "double"
REDOUBLE: Final = "redouble"
#: Every call, in move-number order.
CALLS: Final = (PASS, *BIDS, DOUBLE, REDOUBLE)
#: A call so far: the seat that made it and the call (its text is the call's words).
CallsSoFar = Sequence[tuple[int, object]]


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options; ``Rules()`` is a short duplicate match. ``cardrules rules
    examples.bridge`` shows each option with its meaning, read from these bullets.

    * ``players``: 4, two partnerships of partners sitting opposite (bridge has no other).
    * ``boards``: how many boards the match lasts (default 4), from board 1 on.
    * ``first_dealer``: 0, North, the dealer of board 1 (BR-1; no other).
    """

    players: int = 4
    boards: int = 4
    first_dealer: int | None = 0

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        check_int("boards", self.boards, 1)
        check_int("first_dealer", self.first_dealer, 0, 0)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "one_board": Rules(boards=1), "sixteen": Rules(boards=16)}


def dealer(board: int) -> int:
    """The dealer of a board (numbered from 1): North, East, South, West in turn (BR-1)."""
    return (board - 1) % 4


def vulnerable(board: int, seat: int) -> bool:
    """Whether the seat's side is vulnerable on the board (BR-1): none, North-South,
    East-West, both, each board of four moving one step further."""
    step = (board - 1 + (board - 1) // 4) % 4  # 0 none, 1 North-South, 2 East-West, 3 both
    return bool(step >> (seat % 2) & 1)


def last_bid(calls: CallsSoFar) -> tuple[int, str, int] | None:
    """The last bid, who made it and its doubling (0, 1 doubled, 2 redoubled), or None."""
    doubling = 0
    for seat, call in reversed(calls):
        if str(call) in BIDS:
            return seat, str(call), doubling
        doubling = max(doubling, (str(call) == DOUBLE) + 2 * (str(call) == REDOUBLE))
    return None


def legal_calls(calls: CallsSoFar, seat: int) -> tuple[str, ...]:
    """The calls open to the seat after ``calls``, in the order of :data:`CALLS`: pass,
    a bid that supersedes the last (BR-3), a double of an opponent's bid or a redouble
    of an opponent's double with only passes since (BR-4)."""
    bid = last_bid(calls)
    if bid is None:
        return (PASS, *BIDS)
    bidder, word, doubling = bid
    theirs = (bidder - seat) % 2 == 1
    extra = (DOUBLE,) * (theirs and doubling == 0) + (REDOUBLE,) * (not theirs and doubling == 1)
    return (PASS, *BIDS[BIDS.index(word) + 1 :], *extra)


def auction_over(calls: CallsSoFar) -> bool:
    """Three passes after a bid, or four passes without one, end the auction (BR-6)."""
    passes = len(calls) - max(
        (n + 1 for n, (_, c) in enumerate(calls) if str(c) != PASS), default=0
    )
    return len(calls) >= 4 and passes >= 3


def final_contract(calls: CallsSoFar) -> tuple[int, int, str, int] | None:
    """The declarer, the level, the denomination and the doubling of a finished auction
    (BR-7), or None: passed out (BR-6)."""
    bid = last_bid(calls)
    if bid is None:
        return None
    bidder, word, doubling = bid
    first = next(s for s, c in calls if (s - bidder) % 2 == 0 and str(c)[1:] == word[1:])
    return first, int(word[0]), word[1:], doubling


def trump_of(denomination: str) -> Suit | None:
    """The trump suit a denomination names (None at notrump; BR-9)."""
    return None if denomination == "NT" else Suit.parse(denomination)


def contract_score(
    level: int, denomination: str, doubling: int, vulnerable: bool, tricks: int
) -> int:
    """The declaring side's score for a contract and the tricks it took (BR-10)."""
    factor, over = (1, 2, 4)[doubling], tricks - 6 - level
    if over < 0:
        if not doubling:
            return (50 + 50 * vulnerable) * over
        each = [200 if vulnerable else 100] + [300 if vulnerable else 200] * 2 + [300] * 10
        return -sum(each[:-over]) * doubling
    trick = 20 if denomination in ("C", "D") else 30
    trick_score = (trick * level + 10 * (denomination == "NT")) * factor
    score = trick_score + (50 if trick_score < 100 else 500 if vulnerable else 300)
    score += {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(level, 0)
    per_over = trick if not doubling else (200 if vulnerable else 100) * doubling
    return score + over * per_over + 50 * doubling


def main(argv: list[str]) -> None:
    """Show a few scores of the Law 77 table."""
    for contract in ((4, "S", 0, False, 10), (3, "NT", 0, False, 9), (1, "NT", 1, False, 6)):
        print(*contract, contract_score(*contract))


if __name__ == "__main__":
    main(sys.argv)
