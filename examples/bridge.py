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
* BR-2 (the deal; http://boardgamesarefun.com/games/item.php?id=97). "One of the
  players deals all of the cards, 13 to each player, in clockwise rotation,
  beginning with the player to the left of the dealer."
* BR-3 (the calls; Law 18, https://www.bridgehands.com/Laws/ACBL/Rubber/The_Auction.htm).
  "Each bid must name a number of odd tricks, from one to seven, and a denomination.
  A bid supersedes the previous bid if it names either a greater number of odd
  tricks or the same number of odd tricks in a higher denomination." "The
  denominations rank in descending order: notrump, spades, hearts, diamonds, clubs."
  A call is a bid (``1C`` .. ``7NT``), ``pass``, ``double`` or ``redouble``. The
  engine's ``auctions.ladder`` over :data:`CALLS` opens the bids above the standing
  one.
* BR-4 (doubles and redoubles; Law 19, same address). "A player may double only the
  last preceding bid, and then only if it was made by an opponent and no calls other
  than pass have intervened." "A player may redouble only the last preceding double,
  and then only if it was made by an opponent and no calls other than pass have
  intervened." "All doubles and redoubles are superseded by a subsequent legal bid."
  ``auctions.ladder`` carries this rule too: a double of the other side's standing
  bid not yet doubled, a redouble of one's own side's bid doubled once (the double,
  then, an opponent's, with only passes since); ``auctions.doubling`` reads the
  doubling of the standing bid, which a new bid clears.
* BR-5 (the order of calls; Law 17,
  https://www.pzbs.pl/sedziowie/mpb/2017/en/l17.html). "The player designated by the
  board as dealer makes the first call." "The player to dealer's left makes the
  second call, and thereafter each player calls in turn in a clockwise rotation."
  The engine's order ``auctions.from_dealer`` carries this rule.
* BR-6 (the end of the auction; Law 22,
  https://www.pzbs.pl/sedziowie/mpb/2017/en/l22.html). "The auction ends when: one or
  more players having bid, there are three consecutive passes in rotation subsequent
  to the last bid. The last bid becomes the contract"; when "all four players pass
  ... The hands are returned to the board without play. There shall not be a
  redeal." (Law 77: "If all four players pass (see Law 22) each side enters a zero
  score.") The engine's end rule ``auctions.passes_after_bid(3)`` carries this rule
  (without a bid, a pass by each of the four seats), joined to BR-5's order by
  ``auctions.turns``.
* BR-7 (the declarer; https://metaglossary.com/define/declarer). "the player who
  first named the strain of the final contract for his or her side"; the contract is
  the final bid and its doubling. The final bid is ``auctions.standing_bid``, its
  declarer ``auctions.first_of_side`` (the first of the bidder's side to bid the
  strain).
* BR-8 (the opening lead and the dummy; Law 41,
  https://www.pzbs.pl/sedziowie/mpb/2017/en/l41.html). "the defender on presumed
  declarer's left makes the opening lead"; "the opening lead is faced, the play
  period begins irrevocably, and dummy's hand is spread"; "Declarer plays both his
  hand and that of dummy." The dummy is the declarer's partner.
* BR-9 (the play; the same page as BR-2). "After the lead, however, the next three
  players have an obligation to play the same suit as the lead, if possible." "If
  a trick contains no trump card, it is won by the highest card of the suit led. If
  a trick contains a trump card, it is won by the highest trump played." The trump
  suit is the contract's denomination (none at notrump).
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
its description for the engine (:class:`cardrules.core.trickgame.TrickGame`: an
``Auction`` round whose hooks are the engine's auction helpers from
:mod:`cardrules.core.trickgame.auctions`, as each rule above names them, and the
``Contract`` it makes) and a
heuristic bot (:class:`BridgeBot`, which bids by a simple count of points). The
engine supplies dealing, the calls as moves, the throw-in of a board passed out, the
dummy, trick play, views, sampling, records and move numbers. Importing this module
registers the game as ``bridge``, so every cardrules tool plays it: the ISMCTS and
PIMC bots search calls as they search cards (PIMC values a call by the heuristic's
play to an endgame and the solver), ``simulate``, records, the conformance kit and
the command line (``cardrules play examples.bridge``). Run it to watch the bots play
a match: ``python examples/bridge.py [SEED]``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.cards import DECK52, Suit
from cardrules.core import trickgame, tricks
from cardrules.core.match import Match
from cardrules.core.options import check_int, rules_to_text
from cardrules.core.trickgame import Auction, Calls, Contract, State, auctions
from cardrules.game import Event, Fact, Log
from cardrules.moves import Call, Move
from cardrules.play import play_game
from cardrules.simulate import make_bot

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

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


#: Who is vulnerable, in the order of :func:`vulnerable`'s steps.
VULNERABLE: Final = ("none", "North-South", "East-West", "both")
#: Each call as a move, by its words.
CALL_MOVES: Final = {w: Call(w, w if w in (PASS, DOUBLE, REDOUBLE) else "bid") for w in CALLS}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its hand, the calls, the contract, the dummy's hand once
    the opening lead is made, the tricks, the scores (the engine's fields say it all)."""


def _contract(state: State, calls: Calls) -> Contract | None:
    """The final bid's contract (BR-7): trumps from its denomination (BR-9), its
    declarer, the declarer's partner as dummy and his left leading (BR-8); None when
    all four passed (the engine throws the deal in, unscored, and the next board
    follows: BR-6)."""
    bid = auctions.standing_bid(calls)
    if bid is None:
        return None
    level, name = int(bid[1].words[0]), bid[1].words[1:]
    seat = auctions.first_of_side(
        state, calls, bid[0], lambda call: call.kind == "bid" and call.words[1:] == name
    )
    terms = (("level", level), ("denomination", name), ("doubling", auctions.doubling(calls)))
    partner, left = (seat + 2) % 4, (seat + 1) % 4
    return Contract(trump=trump_of(name), declarer=seat, dummy=partner, leader=left, terms=terms)


def _deal_event(rules: Rules, match: Match, size: int) -> Event:
    """A board opens: its number, its dealer, who is vulnerable (BR-1)."""
    board = match.deal_number + 1
    vul = VULNERABLE[vulnerable(board, 0) + 2 * vulnerable(board, 1)]
    text = f"board {board}: seat {match.dealer} deals, vulnerable: {vul}"
    return Event("deal", match.dealer, value=size, text=text)


def _score_deal(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The declaring side scores the contract's figure, the other side its negation (BR-10)."""
    contract, board = state.deal.contract, state.match.deal_number + 1
    assert contract is not None and contract.declarer is not None  # played deals have one
    side = contract.declarer % 2
    taken = state.tricks_won[side] + state.tricks_won[side + 2]
    level, denomination = int(contract.term("level")), str(contract.term("denomination"))
    doubling = int(contract.term("doubling"))
    score = contract_score(level, denomination, doubling, vulnerable(board, side), taken)
    points = tuple(score if seat % 2 == side else -score for seat in range(4))
    bid = f"{level}{denomination}{['', ' doubled', ' redoubled'][doubling]}"
    text = f"board {board}: {bid} by seat {contract.declarer}, {taken} tricks: {score}"
    return points, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Contract bridge",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(
        deck=lambda rules: DECK52, hand_size=lambda rules, number: 13, event=_deal_event
    ),
    rounds=(
        Auction(
            calls=tuple(CALL_MOVES.values()),
            allowed=auctions.ladder(tuple(CALL_MOVES.values())),  # BR-3, BR-4
            next_caller=auctions.turns(auctions.from_dealer, auctions.passes_after_bid(3)),
            contract=_contract,
        ),
    ),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: rules.boards),
    teams=lambda rules: TEAMS,
    moves=trickgame.Moves(max_players=4, forms=("play CARD", "1C .. 7NT, pass, double, redouble")),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the calls, the contract, the dummy, the trick, the hand."""
    facts = [Fact("calls", " ".join(f"{seat}:{call}" for seat, call in view.calls[0]))]
    if view.contract is not None:
        facts.append(Fact("contract", trickgame.contract_text(view.contract)))
    facts.append(Fact("dummy", view.dummy_hand))
    if view.trick:
        facts.append(Fact("trick", tricks.trick_plays(view.leader, view.trick, 4)))
    facts.append(Fact("tricks won", view.tricks_won, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def explain_move(view: View, move: Move) -> str:
    """Every move says what it is in its text (a call or a card)."""
    return ""


class BridgeBot:
    """Bid the longest suit (at notrump with no suit of five) at the lowest level open,
    while that level is at most ``(points - 10) // 3`` counting ace 4, king 3, queen 2,
    jack 1, and partner has not bid; else pass; never double. Play as Whist's heuristic:
    lead the highest card, take a trick the opponents hold with the lowest card that
    wins it, else play the lowest card."""

    name = "heuristic"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A call or a card, as the class docstring describes."""
        if view.contract is None:
            points = sum(max(0, card.rank - 10) for card in view.hand)
            lengths = [sum(card.suit is suit for card in view.hand) for suit in Suit]
            longest = max(Suit, key=lambda suit: (lengths[suit], suit))
            name = longest.letter if lengths[longest] >= 5 else "NT"
            partner_bid = any(
                s == (view.seat + 2) % 4 and c.kind == "bid" for s, c in view.calls[0]
            )
            bids = [m for m in legal_moves if m.kind == "bid" and m.words[1:] == name]
            if bids and not partner_bid and int(bids[0].words[0]) <= (points - 10) // 3:
                return bids[0]
            return CALL_MOVES[PASS]
        trump = view.contract.trump
        rules = tricks.trick_rules(trump)
        plays = sorted(legal_moves, key=lambda m: (m.card.suit is trump, m.card.rank))
        if not view.trick:
            return plays[-1]
        partner = (view.leader + len(view.trick) + 2) % 4
        if tricks.winning_seat(rules, view.trick, view.leader, 4) == partner:
            return plays[0]
        led = len(view.trick)
        winning = [m for m in plays if tricks.winner(rules, (*view.trick, m.card)) == led]
        return winning[0] if winning else plays[0]


games.register(sys.modules[__name__], heuristic=BridgeBot)


def main(argv: list[str]) -> None:
    """Play a match: two heuristic players against a searching and a random one."""
    seed = int(argv[1]) if len(argv) > 1 else 1
    bots = [make_bot(spec, NAME) for spec in ("heuristic", "ismcts:8", "heuristic", "random")]
    final = play_game(sys.modules[__name__], Rules(), bots, seed=seed)
    kinds = ("deal", "contract", "scored", "throw in", "over")
    print(*(e for e in trickgame.events(final) if e.kind in kinds), sep="\n")
    print(f"totals {trickgame.score(final).totals}, payoffs {trickgame.score(final).payoffs}")


if __name__ == "__main__":
    main(sys.argv)
