"""Heuristic bots: each plays the advice of its game's sources, from the view alone.

:func:`heuristic_bot` returns the heuristic bot of a game by name.

>>> import random
>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=5), seed=2)
>>> bot = heuristic_bot("oh_hell")
>>> seat = oh_hell.to_move(state)
>>> view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
>>> bot.choose(view, legal, random.Random(0)) in legal
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.bots import Bot
from cardrules.cards import ACE, JACK, KING, QUEEN, Card, Suit
from cardrules.core import tricks
from cardrules.errors import RulesError
from cardrules.game import Game
from cardrules.moves import Bid, Play

__all__ = [
    "EnfleBot",
    "MauMauBot",
    "MauMauStandardBot",
    "MaverickBot",
    "OhHellBot",
    "StrafpointBot",
    "heuristic_bot",
]


def _wins(rules: tricks.TrickRules, trick: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` would win the trick as it stands now."""
    return tricks.winner(rules, (*trick, card)) == len(trick)


class OhHellBot:
    """Up and Down the River: bid from high cards and trumps, then play to the bid.

    The bid counts a trick for each trump of queen or higher and each side ace,
    half a trick for other trumps and side kings (the usual advice of Oh Hell
    texts: "bid your aces and high trumps"). In play it tries to win tricks while
    it has fewer than it bid, with the lowest card that wins, and otherwise
    sheds its highest card that loses.
    """

    name = "heuristic"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A bid or a card, as the class docstring describes."""
        if isinstance(legal_moves[0], Bid):
            return self._bid(view, legal_moves)
        return self._play(view, legal_moves)

    def _bid(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        trump = view.trump_card.suit
        estimate = 0.0
        for card in view.hand:
            if card.suit is trump:
                estimate += 1.0 if card.rank >= QUEEN else 0.5
            elif card.rank == ACE:
                estimate += 1.0
            elif card.rank == KING:
                estimate += 0.5
        target = round(estimate)
        bids = [m for m in legal_moves if isinstance(m, Bid)]
        return min(bids, key=lambda m: (abs(m.tricks - target), m.tricks))

    def _play(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        rules = tricks.trick_rules(view.trump_card.suit)
        plays = [m for m in legal_moves if isinstance(m, Play)]
        bid = view.bids[view.seat] or 0
        wants_tricks = view.tricks_won[view.seat] < bid

        def strength(move: Play) -> tuple[int, int]:
            card = move.card
            return (1 if card.suit is rules.trump else 0, card.rank)

        ordered = sorted(plays, key=strength)
        if not view.trick:
            return ordered[-1] if wants_tricks else ordered[0]
        winning = [m for m in ordered if _wins(rules, view.trick, m.card)]
        losing = [m for m in ordered if not _wins(rules, view.trick, m.card)]
        if wants_tricks:
            return winning[0] if winning else ordered[0]
        return losing[-1] if losing else ordered[-1]


class EnfleBot:
    """Enfle: lead where the next player must pick up, else from the longest suit.

    A player who cannot follow picks the trick up, so a card led into a suit the
    next player is known to lack leaves the leader's hand for good and lands in
    his: the best lead there is. The public log shows such voids (a pick-up shows
    that the picker held no other card of the led suit; he is void again once he
    has played the cards he picked up). Otherwise the bot leads from its longest
    suit (the sources' advice), which makes the others likely to be short in it,
    choosing at random between suits of equal length. It leads the highest card of
    the suit and follows with its highest card of the led suit, since winning a
    trick gives the lead, the one real choice.

    Some randomness matters here, since no rule makes a card leave play: with
    every choice fixed, four such bots can pass the same cards round the table
    forever. So the bot chooses at random between suits of equal length, and one
    time in four (``void_lead_skip``) it passes up a lead into a void, which
    otherwise can send one card round a table of players void in its suit
    again and again (see :doc:`/strength` for the figures).
    """

    name = "heuristic"
    #: How often the bot leads from its longest suit even though the next player
    #: is known to lack another suit.
    void_lead_skip = 0.25

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """The highest card of the suit chosen as the class docstring says, or the
        highest legal card when following."""
        plays = [m for m in legal_moves if isinstance(m, Play)]
        if view.trick:
            return max(plays, key=lambda m: m.card.rank)
        following = (view.seat + 1) % len(view.hand_sizes)
        known_held = {card.suit for card in view.known[following]}
        lacking = set(view.voids[following]) - known_held
        if lacking and rng.random() < self.void_lead_skip:
            lacking = set()
        length: Counter[Suit | None] = Counter(m.card.suit for m in plays)
        tie_break: dict[Suit | None, float] = {s: rng.random() for s in Suit if s in length}
        return max(
            plays,
            key=lambda m: (
                m.card.suit in lacking,
                length[m.card.suit],
                tie_break[m.card.suit],
                m.card.rank,
            ),
        )


class MaverickBot:
    """Maverick: avoid winning trumps without adders, take tricks that hold adders.

    Following the sources' scoring, a trick with trumps and no adders costs its
    winner -1 (-4 when all are trumps), a trick with adders is worth +1 each. For
    every legal card the bot scores the trick as it would stand (for the team that
    would then be winning it) and plays the card that is best for its side, the
    lowest such card on a tie. It leads its lowest card outside trumps and adders,
    passes its two highest trumps to the opponents (trumps are costly to hold),
    and makes no bids.
    """

    name = "heuristic"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A pass, a declaration or a card, as the class docstring describes."""
        from cardrules.games import maverick

        first = legal_moves[0]
        if isinstance(first, (maverick.Blind, maverick.Declaration)):
            return next(m for m in legal_moves if str(m) in ("no blind", "no bid"))
        if isinstance(first, maverick.PassCards):
            return self._pass(view, legal_moves)
        return self._play(view, [m for m in legal_moves if isinstance(m, Play)])

    def _danger(self, view: Any, card: Card) -> tuple[int, int]:
        is_trump = card.suit is None or card.suit is view.trump
        return (1 if is_trump else 0, card.rank)

    def _pass(self, view: Any, legal_moves: Sequence[Any]) -> Any:
        worst = sorted(view.hand, key=lambda c: self._danger(view, c))[-2:]
        wanted = frozenset(worst)
        return next(m for m in legal_moves if frozenset(m.cards) == wanted)

    def _play(self, view: Any, plays: list[Play]) -> Play:
        from cardrules.games import maverick

        trump, adder = view.trump, view.adder
        jokers = view.rules.jokers
        if not view.trick:
            quiet = [m for m in plays if m.card.suit not in (trump, adder, None)]
            return min(quiet or plays, key=lambda m: self._danger(view, m.card))
        rules = tricks.trick_rules(trump, jokers, view.rules.trumps_win)
        leader = view.leader
        team = view.seat % 2

        def value(move: Play) -> tuple[int, int]:
            trick = (*view.trick, move.card)
            winner_seat = (leader + tricks.winner(rules, trick)) % 4
            points = maverick.trick_score(trick, trump, adder, jokers, view.rules.adder_points)
            mine = points if winner_seat % 2 == team else -points
            return (mine, -move.card.rank)

        return max(plays, key=value)


def _shed(view: Any, legal_moves: Sequence[Any], preference: Callable[[Card], Any]) -> Any:
    """A Stops game's move: the best card by ``preference`` (lowest first), announced,
    a jack calling the longest suit left in hand; ``draw`` or ``end turn`` only when no
    card can be played."""
    plays = [m for m in legal_moves if isinstance(m, Play)]
    if not plays:
        return legal_moves[0]
    card = min({m.card for m in plays}, key=lambda c: (preference(c), c.index))
    left = Counter(c.suit for c in view.hand if c is not card and c.rank != JACK)

    def variant(move: Play) -> tuple[int, int, int]:
        called = -1 if move.call is None else left[move.call]
        return (-int(move.announce), -called, int(move.call or 0))

    return min((m for m in plays if m.card is card), key=variant)


class MauMauStandardBot:
    """Standard Mau Mau: play a long suit, keep sevens for the end.

    The usual advice of Mau Mau texts: play from the suit you hold most of, so
    that you can follow it again, and keep sevens (and jacks, the wild cards)
    for the end of the hand, when a seven stops the next player and a jack gets
    you out. The bot always calls "Mau", answers a seven with a seven rather
    than draw, has a jack wish the suit it holds most of, draws only when it
    cannot play, and plays a drawn card when it fits.
    """

    name = "heuristic"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A move, as the class docstring describes."""
        length = Counter(c.suit for c in view.hand if c.rank != JACK)
        keep = len(view.hand) > 2 and not view.pending

        def preference(card: Card) -> tuple[bool, bool, int]:
            return (keep and card.rank == 7, card.rank == JACK, -length[card.suit])

        return _shed(view, legal_moves, preference)


class StrafpointBot:
    """Strafpoint: shed high cards and jacks early.

    The Strafpoint rules warn that jacks are "the most useful card in the hand and
    the most expensive to be caught with" (20 points, rule SP-2.1); the sources' advice is to get
    rid of the cards that cost most while the round lasts. The bot plays the
    legal card worth the most penalty points (a jack first), from its longest
    suit on a tie; it always calls "Mau", has a jack wish the suit it holds most
    of, draws only when it cannot play, and plays a drawn card when it fits.
    """

    name = "heuristic"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A move, as the class docstring describes."""
        from cardrules.games.strafpoint import VALUES

        length = Counter(c.suit for c in view.hand)
        return _shed(view, legal_moves, lambda c: (-VALUES[c.rank], -length[c.suit]))


class MauMauBot:
    """Two-handed Mau-Mau: play a long suit, keep sevens and eights for the end.

    The source's advice (see rule MM-7.2): save the sevens and eights "so they can be played in
    succession ... forcing him to increase his hand ... while you go out", and
    follow your longest suit. The bot always announces "One card", plays rather
    than draws, keeps jacks as a last resort (calling its longest suit), holds
    sevens and eights until it has three cards or fewer and then plays them
    first, and otherwise sheds the most valuable card of its longest suit (the
    opponent scores what is left in its hand).
    """

    name = "heuristic"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A play as the class docstring describes, else the first legal move."""
        plays = [m for m in legal_moves if isinstance(m, Play)]
        if not plays:
            return legal_moves[0]
        if any(m.announce for m in plays):
            plays = [m for m in plays if m.announce]
        length = Counter(card.suit for card in view.hand)
        endgame = len(view.hand) <= 3

        def preference(move: Play) -> tuple[int, int, int, int]:
            card = move.card
            forcing = card.rank in (7, 8)
            jack = card.rank == 11
            call_length = length[move.call] if move.call is not None else -1
            return (
                (2 if endgame else -1) if forcing else (-2 if jack else 0),
                length[card.suit],
                card.rank,
                call_length,
            )

        return max(plays, key=preference)


def heuristic_bot(game: str | Game) -> Bot:
    """The heuristic bot of ``game`` (a name or a game module).

    A game registered with :func:`cardrules.games.register` has the bot its
    ``heuristic`` factory makes.
    """
    from cardrules import games

    registration = games.registration(game)
    make = registration.load_heuristic()
    if make is not None:
        bot: Bot = make()
        return bot
    raise RulesError(
        f"no heuristic bot for {registration.game.NAME!r}: give one with "
        f"cardrules.games.register(module, heuristic=...)"
    )
