"""Skat, after the International Skat Order (ISkO), written on the cardrules trick engine.

The rules, quoted in their sources' own words; each rule's identifier is the one the
tests name. Three players: seat ``dealer + 1`` is forehand, ``dealer + 2``
middlehand, the dealer rearhand. (Four-handed Skat, the dealer sitting out, is left
out.)

* SK-1 (the cards and the deal; ISkO 1.2.1, http://weddslist.com/skat/ordnung/skatordnung3.html).
  "The Skat pack consists of 32 cards divided into four suits"; ten cards each and
  "the so-called 'skat' of two cards dealt face down to the table" (ISkO 1.1.3). The
  engine deals the cards one at a time, the skat after the hands, not in packets of
  3, 4 and 3 with the skat after the first round: each seat and the skat get the same
  cards at random either way. The deal passes to the left.
* SK-2 (card points; ISkO 1.2.2, same page). "Ace (Deuce) 11, Ten 10, King 4, Queen
  (Over) 3, Jack (Under) 2, Nine-Eight-Seven 0 each. This yields 30 card-points in
  each suit and 120 in the whole pack."
* SK-3 (the auction; http://rama.nu/rules-for-skat.php). "a senior player only has to
  equal a junior player's bid to win the auction"; "M speaks first, either passing or
  bidding a number"; "F can either give up the chance to be declarer by saying
  "pass" or compete by saying "yes""; then "R either passes or bids a succession of
  numbers, the first of which must be higher than any number mentioned in the first
  part"; "the bid is the last number the declarer said or accepted." A bid is a game
  value (SK-11): ``18``, ``20``, ``22``, ``23``, ``24``, ``27``, ...; the answer
  ``yes`` or ``pass``. The engine's ``auctions.in_pairs`` and ``pair_calls`` carry it.
* SK-4 (all pass; same page). "If both M and R pass without having bid, then F can
  either be declarer at the lowest bid 18, or can throw in the cards without play. If
  the cards are thrown in there is no score for the hand, and the next dealer deals."
  (No Ramsch: the ISkO has none.)
* SK-5 (the skat or a hand game; http://www.britannica.com/topic/skat/Auction-bidding).
  "the declarer adds the skat to his hand without showing it, makes any two discards
  facedown, and then announces his game"; "If playing from the hand, the announcement
  should include "hand" and any other declaration that may apply (schneider,
  schwarz, ouvert)." The declarer calls ``hand`` or ``pick up``; then ``take skat``
  and ``lay away C1 C2``.
* SK-6 (the games; ISkO 2.1.1 and the tournament digest at
  https://stura.htw-dresden.de/stura/vorstand/esp/2010/asta/sm/skat/regelwerk).
  A suit game (``clubs``, ``spades``, ``hearts``, ``diamonds``), ``grand`` or
  ``null``; schneider and schwarz "kann nur angesagt werden, wenn Hand gespielt wird"
  (may be announced only in a hand game);
  "Ouvert schließt Schwarz angesagt mit ein" (ouvert includes schwarz announced):
  ``grand schneider``, ``clubs schwarz``, ``grand ouvert``, only in a hand game;
  ``null ouvert`` with or without the skat.
  The engine cannot lay a hand open before the lead (only a dummy's, after it): an
  ouvert game is valued as one, but its hand is not shown.
* SK-7 (the order of the cards; ISkO 2.1.1, and http://gambiter.com/cards/Skat_card_game.html).
  A suit game's trumps are "four Jacks and the seven remaining cards of a trump suit"
  (jacks clubs, spades, hearts, diamonds, then A 10 K Q 9 8 7); in grand the jacks
  alone; plain suits "(J) A 10 K Q 9 8 7", null "A K Q J 10 9 8 7 (only for
  Null-Games)", without trumps. A jack follows trumps, not its suit.
* SK-8 (the play). Forehand leads the first trick; follow the led group if you can;
  the trick's winner leads the next. The declarer plays alone against the other two,
  partners for the deal (the contract's ``sides``).
* SK-9 (winning; the Wikipedia article "Skat (card game)", read in its copy at
  https://wiki.niidae.com/index.php?title=Skat_%28card_game%29).
  "To win a suit or grand game, declarer needs at least 61 card points in tricks. If
  declarer announced Schneider, at least 90 card points are needed"; "The two cards
  in the Skat count towards declarer's tricks. If declarer announced Schwarz, all ten
  tricks must be taken to win." A side with 30 or fewer is schneider, one without a
  trick schwarz (the digest: "Schneider bei 30 oder weniger Augen").
* SK-10 (null; same page). "To win a null game, the declarer must not take any
  tricks." The deal ends at the declarer's first trick (``TrickPlay.ends_early``).
* SK-11 (the game value; same page and http://www.pokerwiner.com/games-of-playing-cards/skat-1.html).
  "game value = base value" times the level: clubs 12, spades 11, hearts 10,
  diamonds 9, grand 24, times the matadors "with" or "without" (the trumps held from
  the jack of clubs down without a gap, or missing, over the hand and the skat) plus
  1 for the game, 1 each for hand, schneider, schneider announced, schwarz, schwarz
  announced and ouvert. Null is "Null | 23", "Null hand | 35", "Null open | 46", "Null
  hand open | 59".
  The matadors are counted when the game is named and kept in the contract's terms,
  which every seat sees (the search scores a deal's end from the contract): at a
  table they are known only when the game is scored.
* SK-12 (overbidding; pokerwiner, same page). "If the declarer overbids ... he loses
  the next higher multiple of his base value above his bid": the game is lost.
* SK-13 (the score; the digest of SK-6). A won game scores its value, a lost one
  minus twice it: "Verlorene Handspiele werden normal verdoppelt" (lost hand games are
  doubled as any other); an overbid game: "Nächstmöglicher Spielwert der gespielten
  Farbe über dem Reizwert wird verdoppelt als Minuspunkte eingetragen".
* SK-14 (the match's scoring, a decision of this example: the Seeger-Fabian system of
  the tournament rules, option ``tournament``). "Spielpunkte + eigene (gewonnene minus
  verlorene) Spiele x 50 + verlorene Spiele der Mitspieler x 30 (oder 40)" (the
  digest: the game points, plus 50 for each game won less each game lost, plus 30, or
  40 at a table of three, for each game the others lost). Each deal: the declarer
  scores the value plus 50 for a won game, minus twice the value and 50 for a lost
  one, and each other seat 40 for the declarer's lost game. With
  ``tournament=False``, the plain list of SK-13.
* SK-15 (the match; a decision). A fixed number of deals (option ``deals``, default
  3: each seat deals once); a deal thrown in counts as one of them.

This file is the whole game: its calls, its card orders, its values and scoring, its
description for the engine (:class:`cardrules.core.trickgame.TrickGame`: an auction
of values two at a time, an ``after_contract`` round for ``hand``, a ``PileStep`` for
the skat, an ``after_contract`` round naming the game, card points by a trick scorer,
a null game ended early) and a heuristic bot, :class:`SkatBot`, which bids by a
simple count of its hand. Importing it registers the game as ``skat``, so every
cardrules tool plays it (ISMCTS, PIMC, ``simulate``, records, the kit, ``cardrules
play examples.skat``). Run it to watch a match: ``python examples/skat.py [SEED]``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.cards import DECK32, Card, Suit, cards_of
from cardrules.core import trickgame, tricks
from cardrules.core.options import check_int, rules_to_text
from cardrules.core.trickgame import Auction, Calls, Contract, State, auctions
from cardrules.game import Event, Fact, Log
from cardrules.moves import Call, Move
from cardrules.play import play_game
from cardrules.simulate import make_bot

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "skat"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
POINTS: Final = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}  # SK-2, by rank (the ace is 14)
#: The base values (SK-11), and null's fixed values by (hand, ouvert).
BASE: Final = {"clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9, "grand": 24}
NULL: Final = {(0, 0): 23, (1, 0): 35, (0, 1): 46, (1, 1): 59}
SUITS: Final = {suit.plural: suit for suit in Suit}
#: Each game's trumps, strongest first (SK-7).
TRUMPS: Final = {
    g: ["JC", "JS", "JH", "JD", *(r + g[0].upper() for r in "ATKQ987" if g in SUITS)] for g in BASE
}
#: Every game value a bid may name (SK-3, SK-11): a suit's base times 2 to 18, grand's
#: times 2 to 11, and null's values.
VALUES: Final = sorted({b * m for b in BASE.values() for m in range(2, 19 - 7 * (b == 24))})
BIDS: Final = tuple(Call(str(value)) for value in sorted({*VALUES, *NULL.values()}))
PASS, YES, HAND, PICK_UP = Call("pass", "pass"), Call("yes", "hold"), Call("hand"), Call("pick up")
#: The announcements (SK-6): none, schneider, schwarz (with schneider), ouvert (with both).
ANNOUNCE: Final = ("", " schneider", " schwarz", " ouvert")
DECLARE: Final = (*(Call(g + a) for g in BASE for a in ANNOUNCE), Call("null"), Call("null ouvert"))
#: The games open without a hand game: no schneider, schwarz, nor suit or grand ouvert (SK-6).
OPEN: Final = tuple(c for c in DECLARE if " " not in c.words or c.words[:4] == "null")


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options; ``Rules()`` is one round of three deals. ``cardrules rules
    examples.skat`` shows each option with its meaning, read from these bullets.

    * ``players``: 3 (four-handed Skat is not written).
    * ``deals``: how many deals the match lasts (default 3; SK-15).
    * ``tournament``: score by the Seeger-Fabian system (default True; SK-14), else
      by the plain list (SK-13).
    """

    players: int = 3
    deals: int = 3
    tournament: bool = True

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 3, 3)
        self.check_first_dealer(self.players)
        check_int("deals", self.deals, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "one_deal": Rules(deals=1), "list": Rules(tournament=False)}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """The engine's fields, and ``taken``: each seat's card points in tricks so far."""

    taken: tuple[int, ...]


def order(game: str) -> tricks.TrickRules:
    """The follow groups and order of a game (SK-7)."""
    if game == "null":
        return tricks.card_order([" ".join(r + s for r in "AKQJT987") for s in "CSHD"])
    plain = [" ".join(r + s.letter for r in "ATKQ987") for s in Suit if s.plural != game]
    return tricks.card_order([" ".join(TRUMPS[game]), *plain], trump=0)


ORDERS: Final[dict[Any, tricks.TrickRules]] = {game: order(game) for game in (*BASE, "null")}


def points(cards: Sequence[Card]) -> int:
    """The card points of these cards (SK-2)."""
    return sum(POINTS.get(card.rank, 0) for card in cards)


def matadors(cards: Sequence[Card], game: str) -> int:
    """How many trumps from the top the cards hold without a gap ("with"), or lack
    ("without") (SK-11); 0 in null."""
    run = [Card(text) in cards for text in TRUMPS.get(game, [])]
    return next((n for n, has in enumerate(run) if has != run[0]), len(run))


def game_value(terms: dict[str, Any], made: int = 0) -> int:
    """The value of a game (SK-11) from its terms and ``made``: 1 for schneider, 2 for
    schwarz (either side's), else 0; an announcement counts what it announces."""
    announced, hand, game = int(terms["announced"]), int(terms["hand"]), str(terms["game"])
    if game == "null":
        return NULL[hand, int(announced == 3)]
    level = int(terms["matadors"]) + 1 + hand + max(made, min(announced, 2))
    return BASE[game] * (level + min(announced, 2) + int(announced == 3))


def _seniority(state: State) -> tuple[int, ...]:
    """Forehand, middlehand, rearhand (the dealer) (SK-3)."""
    return tuple((state.match.dealer + k) % 3 for k in (1, 2, 3))


def _term(state: State | View, name: str) -> Any:
    """A term of the deal's contract (0 when it has none yet)."""
    return dict(state.contract.terms if state.contract else ()).get(name, 0)


def _taker(state: State) -> int | None:
    """The declarer takes the skat, unless he called ``hand`` (SK-5)."""
    return None if HAND in (call for _, call in state.calls[1]) else trickgame.declarer_takes(state)


def _contract(state: State, seat: int, game: str, *terms: tuple[str, int | str]) -> Contract:
    """The declarer alone against the other two, forehand leading (SK-8)."""
    sides, leader = tuple(int(s != seat) for s in range(3)), _seniority(state)[0]
    return Contract(trump=SUITS.get(game), declarer=seat, sides=sides, leader=leader, terms=terms)


def _bid_contract(state: State, calls: Calls) -> Contract | None:
    """The survivor declares at the last bid (SK-3); None when all pass: the deal is
    thrown in (SK-4)."""
    bid, seat = auctions.standing_bid(calls), auctions.pair_survivor(_seniority(state), calls)
    return None if bid is None else _contract(state, seat, "", ("bid", int(bid[1].words)))


def _declared(state: State, calls: Calls) -> Contract:
    """The game named, its announcement and its matadors over hand and skat (SK-11)."""
    (seat, call), skat = calls[-1], trickgame.pile_cards(state, "skat")[0]
    game, *said = call.words.split()
    held = matadors([*cards_of(state.hands[seat]), *skat], game)
    hand = int(_taker(state) is None)
    terms = (("bid", _term(state, "bid")), ("hand", hand), ("game", game))
    announced = ANNOUNCE.index(" " + said[0]) if said else 0
    return _contract(state, seat, game, *terms, ("announced", announced), ("matadors", held))


def _score_trick(
    state: State, winner: int, trick: tuple[Card, ...], taken: tuple[int, ...]
) -> tuple[tuple[int, ...], Event]:
    """The trick's card points go to its winner (SK-2)."""
    won = points(trick)
    taken = tuple(t + won * (seat == winner) for seat, t in enumerate(taken))
    return taken, Event("trick", winner, trick, value=won, text=f"seat {winner} takes {won}")


def outcome(terms: dict[str, Any], own: int, taken: int) -> tuple[bool, int]:
    """Whether the declarer won (SK-9, SK-10) and the game's value (SK-11, SK-12), from the
    contract's terms, the declarer's card points (the skat counted) and tricks."""
    made = 2 if taken in (0, 10) else 1 if own >= 90 or own <= 30 else 0
    value, need = game_value(terms, made), (61, 90, 121, 121)[terms["announced"]]
    won = taken == 0 if terms["game"] == "null" else own >= need if need <= 120 else taken == 10
    base = BASE.get(terms["game"], value)
    if value < terms["bid"]:  # overbid: lost, at the lowest multiple of the base not below it
        won, value = False, -(-terms["bid"] // base) * base
    return won, value


def _score_deal(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """Won or lost (SK-9, SK-10), the value (SK-11, SK-12); a won game scores its value, a
    lost one minus twice it (SK-13); with ``tournament`` 50 more or less, and 40 to each
    other seat for a lost game (SK-14). Each seat's card points, the skat counted."""
    terms: dict[str, Any] = dict(state.contract.terms if state.contract else ())
    seat = auctions.declarer_once(state, ()) or 0
    own = state.tally[seat] + (skat := points(trickgame.pile_cards(state, "skat")[0]))
    won, value = outcome(terms, own, state.tricks_won[seat])
    fabian = int(state.rules.tournament)
    score = value + 50 * fabian if won else -2 * value - 50 * fabian
    result = tuple(score if s == seat else 40 * fabian * (not won) for s in range(3))
    text = f"seat {seat} {'wins' if won else 'loses'} with {own} card points: {score}"
    own_points = tuple(t + skat * (s == seat) for s, t in enumerate(state.tally))
    log = state.log.append(Event("scored", seat, value=value, text=text))
    return result, (("card points", own_points),), log


def _null_lost(state: State) -> bool:
    """A null game ends at the declarer's first trick (SK-10)."""
    seat = auctions.declarer_once(state, ()) or 0
    return _term(state, "game") == "null" and state.tricks_won[seat] > 0


def _once(phase: str, calls: Any, allowed: Any, contract: Any) -> Auction[Rules]:
    """A round in which the declarer calls once (SK-5, SK-6)."""
    named: Any = {"phase": phase, "key": phase.lower(), "allowed": allowed, "contract": contract}
    return Auction(calls=calls, next_caller=auctions.declarer_once, after_contract=True, **named)


SKAT: Final = (trickgame.Pile(name="skat", size=2, counts_for="declarer"),)  # SK-1, SK-9
TALLY: Final = trickgame.TrickScoring(score=_score_trick, tally=(("taken", 3, 0, 120),))

GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Skat",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK32, hand_size=lambda r, n: 10, piles=SKAT),
    trumps=trickgame.Trumps(trick_rules=lambda r, c: ORDERS[dict(c.terms).get("game", "grand")]),
    rounds=(
        Auction(
            calls=(PASS, *BIDS, YES),
            allowed=auctions.pair_calls((PASS, *BIDS, YES), _seniority),
            next_caller=auctions.in_pairs(_seniority),
            contract=_bid_contract,
        ),
        _once("HAND_GAME", (HAND, PICK_UP), lambda *_: (HAND, PICK_UP), lambda *_: None),
        trickgame.PileStep(pile="skat", lay_away=2, taker=_taker),
        _once("DECLARE", DECLARE, lambda s, *_: DECLARE if _taker(s) is None else OPEN, _declared),
    ),
    play=trickgame.TrickPlay(ends_early=_null_lost),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True, per_trick=TALLY),
    match=trickgame.MatchPlan(deals=lambda rules: rules.deals),
    moves=trickgame.Moves(max_players=3, forms=("play CARD", "18 .. 264, yes, pass, hand, GAME")),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the calls, the contract, the trick, the points, the hand."""
    calls = " ".join(f"{seat}:{call}" for round_ in view.calls for seat, call in round_)
    contract = None if view.contract is None else trickgame.contract_text(view.contract)
    trick = tricks.trick_plays(view.leader, view.trick, 3)
    facts = [("calls", calls), ("contract", contract), ("trick", trick), ("hand", view.hand)]
    return (*(Fact(*fact) for fact in facts), Fact("card points", view.taken, per_seat=True))


def explain_move(view: View, move: Move) -> str:
    """Every move says what it is in its text."""
    return ""


def _best(cards: Sequence[Card]) -> tuple[str, int]:
    """The game a hand is best at and its value before the extras: grand with three
    jacks and two aces, else the suit of most trumps, if it has five or more."""
    if sum(c.rank == 11 for c in cards) >= 3 and sum(c.rank == 14 for c in cards) >= 2:
        return "grand", 24 * (matadors(cards, "grand") + 1)
    count = {g: sum(c.bit & ORDERS[g].trump_mask > 0 for c in cards) for g in SUITS}
    suit = max(SUITS, key=lambda g: (count[g], BASE[g]))
    return suit, BASE[suit] * (matadors(cards, suit) + 1) * (count[suit] >= 5)


def _key(rules: tricks.TrickRules, card: Card) -> tuple[bool, int]:
    """How strong a card is in the deal: a trump over any other, then by rank."""
    return card.bit & rules.trump_mask > 0, rules.strengths[card.index]


class SkatBot:
    """A heuristic. Bid (or hold) up to the value of the hand's best game (:func:`_best`);
    always pick the skat up; lay away the two cards of most points outside the trumps,
    aces kept; name the best game if its value reaches the bid, else the first suit game
    whose value does. Play: lead the strongest card; let a partner's trick stand with the
    lowest card; else win with the lowest card that wins, or play the lowest."""

    name = "heuristic"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A call, a skat move or a card, as the class docstring describes."""
        phase, cards, limit = view.phase.name, list(view.hand), _best(view.hand)[1]
        if phase == "AUCTION":
            at = int(bid[1].words) if (bid := auctions.standing_bid(view.calls[0])) else 0
            ok = [m for m in BIDS if m in legal_moves and int(m.words) <= limit]
            return YES if YES in legal_moves and at <= limit else next(iter(ok), PASS)
        if phase in ("HAND_GAME", "PILE"):
            trumps = ORDERS[_best(cards)[0]].trump_mask
            spare = sorted(cards, key=lambda c: (c.bit & trumps > 0, c.rank == 14, -points([c])))
            laid = (m for m in legal_moves if set(getattr(m, "cards", ())) == set(spare[:2]))
            return PICK_UP if phase == "HAND_GAME" else next(laid, legal_moves[0])
        if phase == "DECLARE":
            mine, bid = [*cards, *view.piles[0].cards], _term(view, "bid")
            value = {g: BASE[g] * (matadors(mine, g) + 1) for g in BASE}
            best = _best(mine)[0]
            return Call(next((g for g in (best, *SUITS) if value[g] >= bid), best))
        rules = ORDERS[_term(view, "game")]
        plays = sorted(legal_moves, key=lambda m: _key(rules, m.card))
        if not view.trick:
            return plays[-1]
        ahead = tricks.winning_seat(rules, view.trick, view.leader, 3)
        if any({ahead, view.seat} <= set(side) for side in trickgame.sides(view)):
            return plays[0]
        led = len(view.trick)
        winning = [m for m in plays if tricks.winner(rules, (*view.trick, m.card)) == led]
        return winning[0] if winning else plays[0]


games.register(sys.modules[__name__], heuristic=SkatBot)


def main(argv: list[str]) -> None:
    """Play a match: two heuristic players against a searching one."""
    seed = int(argv[1]) if len(argv) > 1 else 1
    bots = [make_bot(spec, NAME) for spec in ("heuristic", "ismcts:8", "heuristic")]
    final = play_game(sys.modules[__name__], Rules(), bots, seed=seed)
    print(
        *(e for e in trickgame.events(final) if e.kind not in ("call", "play", "trick")), sep="\n"
    )
    print(f"totals {trickgame.score(final).totals}")


if __name__ == "__main__":
    main(sys.argv)
