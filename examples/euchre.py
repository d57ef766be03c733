"""Euchre, written on the cardrules trick-taking engine.

The rules of the four-handed partnership game, after Hoyle's Rules of Games (third
edition, 2001, pages 179-181, at http://ohioeuchre.com/E_Hoyle_2001.php), the
Bicycle rules (http://www.umich.edu/~umeuchre/Bicyclerules.html) and a summary at
https://fedest.com/question/20061125123714AAQBSg6, quoted in their own words; each
rule's identifier is the one the tests name.

* EU-1 (players; Hoyle 2001). "The four-handed partner-ship game is described below.
  Partners face each other across the table." Seats 0 and 2 play seats 1 and 3.
* EU-2 (the cards; Bicycle). "Game is played with 24 cards – 9 through Ace."
* EU-3 (the deal; fedest). "Each player receives five cards, and one is turned up as
  a proposed trump suit." (Bicycle: "dealt 3-at-a-time to each player, followed by
  2-at-a-time. The remaining 4 cards are placed down in front of the dealer, who then
  turns up the top card.") A decision of this example: the cards are dealt one at a
  time from the dealer's left (the engine's deal): from a shuffled deck any fixed
  order of dealing gives every seat the same chances of every hand, so packets of 3
  and 2 change nothing. The turned card is a turned pile (``upcard``) that every
  seat sees; three cards stay undealt.
* EU-4 (the first round; fedest). "Starting with the dealer's left, each player in
  turn may either agree to the turned-up suit as trump ("ordering up") or pass. If a
  player orders up, the dealer must pick up the turn-up and discard a card from his
  hand." The calls are ``pass`` and ``order up`` (the dealer's own "take it up"
  too); the first order up ends the round (``auctions.first_acceptance``), and the
  dealer then takes the card (``take upcard``) and lays one card away face down
  (``lay away 9S``): a ``PileStep``.
* EU-5 (the second round; fedest). "If no player orders up, the turn-up is turned
  face down, and each player in turn gets an opportunity to either name a different
  trump suit or pass. If all players pass this second round, the hand is thrown in
  and redealt. (In the popular "stick the dealer" variant, the dealer may NOT pass
  the second round, but must name a trump suit if no one else does." Hoyle 2001:
  "The named trump suit must be different from the turn-up." The calls name a suit
  (``clubs``) or pass; a deal thrown in scores nothing and the next dealer deals (the
  engine's throw-in; Bicycle: "deal passes left after each hand"). With the option
  ``stick_the_dealer`` the dealer may not pass in this round. Nobody takes the turned
  card up after this round.
* EU-6 (going alone; Hoyle 2001). "Whoever decides the trump suit by accepting the
  turn-up or naming trump in the second round, becomes the maker. The maker has the
  right to say 'I play alone,' whereupon his partner must discard his hand and stay
  out of the play." The Laws of Euchre (rules 97 and 98,
  https://playingcardgames.net/CardGames/Playing-Alone.html): "A player must announce
  his intention to play alone before naming the trump"; "The declaration must be, "I
  play alone at hearts," or, "Alone at hearts."" So going alone is one call with the
  making: ``order up alone``, ``hearts alone``. The maker's partner sits the deal out
  (the contract's ``out``; tricks of three). Decisions of this example: when the
  dealer is the partner who sits out, he does not take the turned card up (a seat out
  takes no part; no source found says either way); a defender may not defend alone
  (Hoyle's "I defend alone" is left out).
* EU-7 (the bowers; Hoyle 2001). "The highest trump is the jack, called right bower.
  The second-highest is the other jack of the same color, called left bower." "The
  rest of the trump suit ranks: A(third-best) K, Q, 10, 9, 8, 7. In each non-trump
  suit the rank is: A (high) k, Q, J (if not left bower)10, 9, 8, 7." (Hoyle's pack
  has 32 cards; this one stops at the nine.) Hoyle's Games Modernized
  (https://en.wikisource.org/wiki/Hoyle%27s_Games_Modernized/Euchre): "The Left Bower
  is considered for the time being to belong to the trump suit, so that if this card
  is led, the trump suit, and not its own, must be played to it." The deal's card
  order comes from ``tricks.card_order`` through the ``trick_rules`` hook, which sees
  the contract.
* EU-8 (the play; Hoyle, quoted at
  https://rc.conquerclub.com/forum/viewtopic.php?f=445&p=1160469&t=44694). "Play
  normally begins with the player on the dealer's left, who leads a card. The others
  follow suit in rotation, until all four have played, making a trick. If unable to
  follow suit, a player may play any card he wants. The highest card of the suit led
  wins the trick; but trumps take all others. Whoever wins the first trick leads to
  the next". A decision of this example: when the dealer's left sits out (his
  partner plays alone), the next seat clockwise leads (the engine's rule for a seat
  out; the sources found do not say).
* EU-9 (the score; Bicycle). "1 point: Trump partners winning 3 or 4 tricks. 2
  points: Trump partners winning 5 tricks. 1 point: Lone hand winning 3 or 4 tricks.
  4 points: Lone hand winning 5 tricks. 2 points: Euchre – either lone hand or
  partnership". fedest: "If the maker's side fails to take three tricks, they are
  said to be "euchred", and their opponents score two points". Both seats of a side
  score its points.
* EU-10 (the game; Bicycle). "First team to score 10 or more points wins game." The
  option ``target`` sets another (5, 7 and 11 are played too).

This file is the whole game: its options, its calls, its card order, its scoring, its
description for the engine (:class:`cardrules.core.trickgame.TrickGame`: the turned
card as a ``Pile``, two ``Auction`` rounds whose hooks are the engine's auction
helpers, the ``Contract`` they make with the seat out, and the dealer's ``PileStep``)
and a heuristic bot (:class:`EuchreBot`, which makes trumps by a count of trumps,
bowers and aces). The engine supplies dealing, the calls and the pick-up as moves,
the throw-in of a deal all pass, the seat out, trick play, views, sampling, records
and move numbers. Importing this module registers the game as ``euchre``, so every
cardrules tool plays it: the ISMCTS and PIMC bots search calls as they search cards,
``simulate``, records, the conformance kit and the command line (``cardrules play
examples.euchre``). Run it to watch the bots play a game: ``python examples/euchre.py
[SEED]``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.cards import Card, Suit
from cardrules.core import trickgame, tricks
from cardrules.core.options import check_int, rules_to_text
from cardrules.core.trickgame import Auction, Calls, Contract, State, auctions
from cardrules.game import Event, Fact, Log
from cardrules.moves import Call, LayAway, Move, TakePile
from cardrules.play import play_game
from cardrules.simulate import make_bot

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "euchre"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
#: Seats 0 and 2 against seats 1 and 3 (EU-1).
TEAMS: Final = ((0, 2), (1, 3))
#: The ranks of a plain suit, the highest first (EU-2, EU-7).
RANKS: Final = ("A", "K", "Q", "J", "10", "9")
#: The 24 cards, nine to ace of each suit (EU-2).
DECK: Final = tuple(Card(rank + suit.letter) for suit in Suit for rank in reversed(RANKS))
PASS: Final = Call("pass", "pass")
ORDER_UP: Final = Call("order up")
ORDER_UP_ALONE: Final = Call("order up alone")
#: The second round's calls that name a suit, with a partner and alone (EU-5, EU-6).
NAMES: Final = {suit: (Call(suit.plural), Call(f"{suit.plural} alone")) for suit in Suit}


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options; ``Rules()`` is a game to 10 points without stick the dealer.
    ``cardrules rules examples.euchre`` shows each option with its meaning, read from
    these bullets.

    * ``players``: 4, two partnerships of partners sitting opposite (EU-1).
    * ``target``: the points that win the game (default 10; EU-10).
    * ``stick_the_dealer``: when the first three seats pass in the second round, the
      dealer must name a suit, and no deal is thrown in (default False; EU-5).
    """

    players: int = 4
    target: int = 10
    stick_the_dealer: bool = False

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("target", self.target, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "stick_the_dealer": Rules(stick_the_dealer=True)}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its hand, the turned card, the calls, the contract (who
    sits out), the tricks, the scores (the engine's fields say it all)."""


def bowers(trump: Suit) -> tuple[Card, Card]:
    """The right bower (the jack of trumps) and the left bower (the jack of the other
    suit of the same colour: clubs and spades, diamonds and hearts) (EU-7)."""
    return Card(f"J{trump.letter}"), Card(f"J{Suit(3 - trump).letter}")


def card_rules(trump: Suit | None) -> tricks.TrickRules:
    """A deal's card order (EU-7): the trump group is the right bower, the left bower,
    then the trump suit's ace, king, queen, ten and nine; each other suit ranks ace
    high, the left bower's without it."""
    if trump is None:
        return tricks.trick_rules(None)
    right, left = bowers(trump)
    groups = [[right, left, *(Card(r + trump.letter) for r in RANKS if r != "J")]]
    for suit in Suit:
        if suit is not trump:
            groups.append([c for c in (Card(r + suit.letter) for r in RANKS) if c != left])
    return tricks.card_order(groups, trump=0)


def upcard(state: State) -> Card:
    """The turned card (EU-3), read while the pile is as dealt (once the dealer has
    taken it up, the pile holds the card he laid away)."""
    return trickgame.pile_cards(state, "upcard")[0][0]


def _made(state: State, calls: Calls) -> Contract | None:
    """The maker's contract (EU-4, EU-5): the turned suit ordered up, or the suit named;
    alone, the maker's partner sits the deal out (EU-6). None: all passed."""
    if not calls or calls[-1][1].kind != "bid":
        return None
    seat, call = calls[-1]
    trump = next((s for s, named in NAMES.items() if call in named), upcard(state).suit)
    alone = call.words.endswith("alone")
    return Contract(trump=trump, declarer=seat, out=((seat + 2) % 4,) if alone else ())


def _naming(state: State, calls: Calls, seat: int) -> tuple[Call, ...]:
    """The second round's calls (EU-5): a suit other than the turned one, or pass, which
    the dealer may not do with ``stick_the_dealer``."""
    stuck = state.rules.stick_the_dealer and seat == state.match.dealer
    named = tuple(c for s, pair in NAMES.items() if s is not upcard(state).suit for c in pair)
    return named if stuck else (PASS, *named)


def _dealer_takes(state: State) -> int | None:
    """The dealer takes the turned card up when it was ordered up in the first round
    (EU-4), unless the dealer sits the deal out (EU-6)."""
    contract, dealer = state.contract, state.match.dealer
    ordered = bool(state.calls[0]) and state.calls[0][-1][1].kind == "bid"
    return dealer if ordered and contract is not None and dealer not in contract.out else None


def deal_points(tricks_taken: int, alone: bool) -> tuple[int, bool]:
    """The points a deal scores and whether the makers score them (EU-9): 3 or 4
    tricks 1, all five (a march) 2, alone 4; fewer than 3 (euchred): the defenders 2."""
    if tricks_taken < 3:
        return 2, False
    return (4 if alone else 2) if tricks_taken == 5 else 1, True


def _score_deal(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The makers' side or the defenders' scores the deal's points (EU-9)."""
    contract = state.contract
    assert contract is not None and contract.declarer is not None  # played deals have one
    side = contract.declarer % 2
    taken = state.tricks_won[side] + state.tricks_won[side + 2]
    points, makers = deal_points(taken, bool(contract.out))
    scorer = side if makers else 1 - side
    result = tuple(points if seat % 2 == scorer else 0 for seat in range(4))
    how, verdict = " alone" if contract.out else "", "made" if makers else "euchred"
    text = f"seat {contract.declarer}{how}: {taken} tricks, {verdict}: seats {scorer} and "
    text += f"{scorer + 2} score {points}"
    return result, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Euchre",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(
        deck=lambda rules: DECK,
        hand_size=lambda rules, number: 5,
        piles=(trickgame.Pile(name="upcard", size=1, turned=True),),
    ),
    trumps=trickgame.Trumps(trick_rules=lambda rules, contract: card_rules(contract.trump)),
    rounds=(
        Auction(
            phase="ORDERING",
            key="ordering",
            calls=(PASS, ORDER_UP, ORDER_UP_ALONE),
            allowed=lambda state, calls, seat: (PASS, ORDER_UP, ORDER_UP_ALONE),
            next_caller=auctions.turns(auctions.in_rotation, auctions.first_acceptance),
            contract=_made,
        ),
        Auction(
            phase="NAMING",
            key="naming",
            calls=(PASS, *(call for pair in NAMES.values() for call in pair)),
            allowed=_naming,
            next_caller=auctions.turns(auctions.in_rotation, auctions.first_acceptance),
            contract=_made,
        ),
        trickgame.PileStep(pile="upcard", phase="PICK_UP", lay_away=1, taker=_dealer_takes),
    ),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(
        decided=trickgame.target_decided(lambda rules: rules.target),
        payoffs=lambda t: (t[0] - t[1], t[1] - t[0], t[0] - t[1], t[1] - t[0]),
    ),
    teams=lambda rules: TEAMS,
    moves=trickgame.Moves(
        max_players=4,
        forms=("play CARD", "pass, order up (alone), clubs .. spades (alone)"),
    ),
    view_class=View,
)
trickgame.install(GAME, globals())


def playing_seats(view: View) -> tuple[int, ...]:
    """The seats that play the trick in progress, from its leader (EU-6, EU-8)."""
    out = () if view.contract is None else view.contract.out
    return tuple(s for s in ((view.leader + k) % 4 for k in range(4)) if s not in out)


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the turned card, the calls, the contract, the trick, the
    tricks won, the hand."""
    deal, holder = trickgame.deal_events(view.events), view.piles[0].holder
    turned = [str(card) for e in deal if e.kind == "turned" for card in e.cards]
    taken = ", ".join([*turned, f"taken up by seat {holder}"])
    facts = [Fact("turned card", " ".join(turned) if holder is None else taken)]
    calls = " ".join(f"{seat}:{call}" for round_ in view.calls for seat, call in round_)
    facts.append(Fact("calls", calls))
    if view.contract is not None:
        facts.append(Fact("contract", trickgame.contract_text(view.contract)))
    if view.trick:
        facts.append(Fact("trick", tuple(zip(playing_seats(view), view.trick))))
    facts.append(Fact("tricks won", view.tricks_won, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def explain_move(view: View, move: Move) -> str:
    """Every move says what it is in its text (a call, the pick-up, a card)."""
    return ""


def strength(hand: Sequence[Card], trump: Suit) -> int:
    """The heuristic's count of a hand for a trump suit: 3 for the right bower, 2 for
    the left bower, 1 for each other trump and each other suit's ace."""
    right, left = bowers(trump)
    return sum(
        3 if c == right else 2 if c == left else c.suit is trump or c.rank == 14 for c in hand
    )


class EuchreBot:
    """Make trumps by :func:`strength`: order up or name the best suit at 5 or more
    (the dealer counting the turned card), alone at 8 or more; when stuck, name the
    best suit. Lay away the weakest card (a plain one). Play as Whist's heuristic under
    the deal's card order: lead the highest card, take a trick the opponents hold with
    the lowest card that wins it, else play the lowest card."""

    name = "heuristic"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A call, the pick-up, a card laid away or a card, as the class docstring says."""
        first = legal_moves[0]
        if isinstance(first, Call):
            return self.call(view, legal_moves)
        if isinstance(first, TakePile) or view.contract is None:
            return first  # take the turned card up
        rules = card_rules(view.contract.trump)

        def weight(card: Card) -> tuple[bool, int]:
            return bool(card.bit & rules.trump_mask), rules.strengths[card.index]

        if isinstance(first, LayAway):
            return min(legal_moves, key=lambda m: weight(m.cards[0]))
        plays = sorted(legal_moves, key=lambda m: weight(m.card))
        if not view.trick:
            return plays[-1]
        seats = playing_seats(view)
        if seats[tricks.winner(rules, view.trick)] == (view.seat + 2) % 4:
            return plays[0]
        led = len(view.trick)
        winning = [m for m in plays if tricks.winner(rules, (*view.trick, m.card)) == led]
        return winning[0] if winning else plays[0]

    def call(self, view: View, legal_moves: Sequence[Any]) -> Call:
        """A call of either round (EU-4, EU-5), by the count of :func:`strength`."""
        hand, turned = list(view.hand), view.piles[0].cards
        if ORDER_UP in legal_moves:
            suit = turned[0].suit
            assert suit is not None  # the deck has no jokers
            count = strength(hand + ([*turned] if view.seat == view.dealer else []), suit)
            pair = (ORDER_UP, ORDER_UP_ALONE)
        else:
            open_ = [s for s, named in NAMES.items() if named[0] in legal_moves]
            suit = max(open_, key=lambda s: strength(hand, s))
            count, pair = strength(hand, suit), NAMES[suit]
        if count >= 8:
            return pair[1]
        return pair[0] if count >= 5 or PASS not in legal_moves else PASS


games.register(sys.modules[__name__], heuristic=EuchreBot)


def main(argv: list[str]) -> None:
    """Play a game: two heuristic partners against a searching and a random player."""
    seed = int(argv[1]) if len(argv) > 1 else 1
    bots = [make_bot(spec, NAME) for spec in ("heuristic", "ismcts:8", "heuristic", "random")]
    final = play_game(sys.modules[__name__], Rules(), bots, seed=seed)
    kinds = ("contract", "scored", "throw in", "over")
    print(*(e for e in trickgame.events(final) if e.kind in kinds), sep="\n")
    print(f"totals {trickgame.score(final).totals}, payoffs {trickgame.score(final).payoffs}")


if __name__ == "__main__":
    main(sys.argv)
