"""Observation tensors for a game written on the trick engine, read from its description.

A game of your own on :class:`cardrules.core.trickgame.TrickGame` (``examples/whist.py``,
``examples/spades.py``) gets the OpenSpiel and PettingZoo adapters by registering a
:class:`TrickEncoder` of its description::

    from cardrules import games
    from cardrules.integrations.encoding.trick import TrickEncoder

    games.register(spades, encoder=TrickEncoder(
        spades.GAME, payoff_bounds=..., totals_bounds=..., utility_sum=0.0))

The encoder reads only the fields every trick game's view has (and the bids, the
trump suit or card and the tricks won where the game has them), so it fits the plain
trick games: every card of a 52-card deck, plays and bids as the moves of the seats.
It refuses a game whose moves it cannot number this way (jokers or a move table,
passes, pick-up tricks). The game's own bounds, which its description cannot say,
are given: the lowest and highest payoff and running total under given rules, and
the sum of the payoffs (0 for a zero-sum game, None for general-sum).

Action numbers are the game's move numbers: ``play CARD`` = the card's index 0..51,
``bid N`` = 52 + N, then the chance outcomes (``deal CARD``, ``dealer SEAT``).

Sizes: P = ``players``, H = the most cards a hand holds (the deck shared out),
B = the largest bid + 1. Seats are counted from the observer (slot 0 = the observer,
slot 1 = the seat on its left); cards by their index (clubs first).

Observation (what the seat sees now):

==========  ============  ======================================================
piece       size          meaning
==========  ============  ======================================================
phase       the phases    the phase of the game (the game's ``Phase`` numbers)
to_move     P+1           seat to move; last slot: chance
dealer      P             the dealer
hand        52            own cards
trump       5             the trump suit (clubs .. spades); last slot: no trumps
bids        P×(B+1)       with bidding: bid N at slot N; last slot: bid, not shown
leader      P             who leads the current trick (in play)
trick       P×52          the current trick's cards, by who played
tricks_won  P×(H+1)       when the game counts tricks: tricks won this deal
won_cards   52            cards of this deal's finished tricks
totals      P             points so far (bounded by ``totals_bounds``)
==========  ============  ======================================================

Information state: the observation, then every card played in the deal in progress
(``plays``, H×P×52: trick T, card of each seat) and who led each trick
(``trick_leaders``, H×P). The information-state *string* recalls the whole public
event log.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardrules.core.trickgame import TrickGame
from cardrules.errors import RulesError
from cardrules.integrations.encoding.layout import (
    Layout,
    Piece,
    Tensor,
    put_cards,
    put_to_move,
    relative,
    trick_recall,
)

__all__ = ["TrickEncoder"]

_CARDS = 52
#: Deals a game without a schedule is given by default before ``max_moves`` stops it.
DEFAULT_DEALS = 20


class TrickEncoder:
    """The :class:`~cardrules.integrations.encoding.Encoder` of a plain trick game,
    made from its :class:`~cardrules.core.trickgame.TrickGame` description.

    ``payoff_bounds(rules)`` and ``totals_bounds(rules)``: the lowest and highest
    payoff, and running total, of a seat under ``rules`` (the adapters add a
    ``max_moves`` cap to rules that set none when the game has no schedule: see
    :meth:`default_max_moves`). ``utility_sum``: the sum of every game's payoffs,
    or None for a general-sum game.
    """

    def __init__(
        self,
        game: TrickGame[Any],
        *,
        payoff_bounds: Callable[[Any], tuple[float, float]],
        totals_bounds: Callable[[Any], tuple[float, float]],
        utility_sum: float | None,
    ) -> None:
        refused = [
            why
            for why, found in (
                ("numbers its moves with a move table", bool(game.moves.table)),
                ("has rounds of passes or declarations", bool(game.rounds)),
                ("takes tricks into the hand (pick-up)", game.play.pick_up),
                ("turns several cards face up", game.trumps.face_up is not None),
            )
            if found
        ]
        if refused:
            raise RulesError(
                f"{game.title} {' and '.join(refused)}: the trick encoder numbers plays, "
                "bids and chance outcomes only; give the game an encoder of its own"
            )
        self.game = game
        self._payoff_bounds = payoff_bounds
        self._totals_bounds = totals_bounds
        self._utility_sum = utility_sum
        self._recall = trick_recall()

    @property
    def NAME(self) -> str:  # noqa: N802 - the Encoder protocol's name
        """The game's registered name."""
        return self.game.name

    @property
    def PLAYER_ACTIONS(self) -> int:  # noqa: N802 - the Encoder protocol's name
        """Plays and bids: the numbers below the first chance outcome."""
        return self.game.numbering.deal_base

    def _hand(self, rules: Any) -> int:
        deck = self.game.dealing.deck(rules)
        if any(card.index >= _CARDS for card in deck):
            raise RulesError(f"{rules} deals jokers: the trick encoder has 52 card slots")
        return len(deck) // int(rules.players)

    def observation_layout(self, rules: Any) -> Layout:
        """The pieces of the observation tensor."""
        p, h, game = rules.players, self._hand(rules), self.game
        low, high = self._totals_bounds(rules)
        pieces = [
            Piece("phase", (len(game.phases),), "the phase of the game"),
            Piece("to_move", (p + 1,), "(P+1) seat to move; last slot: chance"),
            Piece("dealer", (p,), "(P) the dealer"),
            Piece("hand", (_CARDS,), "(52) own cards"),
            Piece("trump", (5,), "the trump suit, clubs to spades; last slot: no trumps"),
        ]
        if game.bidding is not None:
            most = game.bidding.most
            pieces.append(Piece("bids", (p, most + 2), "bid N at slot N; last slot: not shown"))
        pieces += [
            Piece("leader", (p,), "(P) who leads the current trick"),
            Piece("trick", (p, _CARDS), "(P×52) the current trick's cards, by who played"),
        ]
        if game.scoring.counts_tricks:
            pieces.append(Piece("tricks_won", (p, h + 1), "(P×(H+1)) tricks won this deal"))
        pieces += [
            Piece("won_cards", (_CARDS,), "(52) cards of this deal's finished tricks"),
            Piece("totals", (p,), "(P) points so far", low=low, high=high),
        ]
        return Layout(tuple(pieces))

    def information_state_layout(self, rules: Any) -> Layout:
        """The observation's pieces, then the recall of the deal in progress."""
        p, h = rules.players, self._hand(rules)
        return Layout(
            (
                *self.observation_layout(rules).pieces,
                Piece("plays", (h, p, _CARDS), "(H×P×52) trick T of this deal: card of each seat"),
                Piece("trick_leaders", (h, p), "(H×P) trick T of this deal: who led"),
            )
        )

    def encode_observation(self, view: Any, out: Mapping[str, Tensor]) -> None:
        """Write the observation of ``view`` into the zeroed named views ``out``."""
        players, me, game = view.rules.players, view.seat, self.game
        out["phase"][int(view.phase)] = 1.0
        put_to_move(out["to_move"], view.to_move, me, players)
        if view.dealer is not None:
            out["dealer"][relative(view.dealer, me, players)] = 1.0
        put_cards(out["hand"], view.hand)
        trump = view.trump  # a trick game's view has both (cardrules.core.trickgame.View)
        if trump is None and view.trump_card is not None:
            trump = view.trump_card.suit
        out["trump"][4 if trump is None else int(trump)] = 1.0
        if game.bidding is not None:
            bids = out["bids"]
            hidden = bids.shape[1] - 1
            for seat, (bid, made) in enumerate(zip(view.bids, view.has_bid)):
                if made:
                    bids[relative(seat, me, players), hidden if bid is None else bid] = 1.0
        if view.phase == game.roles.playing:
            out["leader"][relative(view.leader, me, players)] = 1.0
        for position, card in enumerate(view.trick):
            out["trick"][relative(view.leader + position, me, players), card.index] = 1.0
        for seat in range(players):
            slot = relative(seat, me, players)
            if game.scoring.counts_tricks:
                out["tricks_won"][slot, view.tricks_won[seat]] = 1.0
            out["totals"][slot] = view.totals[seat]
        put_cards(out["won_cards"], view.won_cards)

    def encode_information_state(self, view: Any, out: Mapping[str, Tensor]) -> None:
        """Write the information state of ``view`` into the zeroed named views ``out``."""
        self.encode_observation(view, out)
        self._recall.write(view.events, view.seat, out)

    def max_decisions(self, rules: Any) -> int | None:
        """With a schedule, each deal's bids and plays; None without one."""
        deals = self.game.match.deals(rules)
        if deals is None:
            return None
        bids = 1 if self.game.bidding is not None else 0
        players: int = rules.players
        hands = (self.game.dealing.hand_size(rules, number) for number in range(deals))
        return sum(players * (bids + size) for size in hands)

    def payoff_bounds(self, rules: Any) -> tuple[float, float]:
        """The lowest and highest payoff of a seat, as the game's author gave them."""
        return self._payoff_bounds(rules)

    def utility_sum(self, rules: Any) -> float | None:
        """The sum of every game's payoffs (None: general-sum)."""
        return self._utility_sum

    def default_max_moves(self, rules: Any) -> int:
        """Room for :data:`DEFAULT_DEALS` deals of full hands, bids included."""
        bids = 1 if self.game.bidding is not None else 0
        players: int = rules.players
        return DEFAULT_DEALS * players * (self._hand(rules) + bids)
