"""Crazy Eights, a game of the Stops family written only against cardrules' public API.

Two to five players, 52 cards, seven each with two players and five with more.
Play a card that matches the upcard in suit or rank. An eight is wild: it may
be played on anything, and its player names the suit to follow (``play 8H call
spades``). A player who cannot play draws one card; he plays it if it fits, or
ends his turn (``end turn``). An eight turned as the starter is buried in the
stock and the next card turned. The stock is not rebuilt: when it is empty and
nobody can play, the deal is blocked and nobody pays. The first player out
wins the deal, and each loser pays him the value of the cards left in his hand:
an eight 50, a king, queen or jack 10, an ace 1, any other card its face value.

Importing this module registers the game as ``crazy_eights`` (alias
``eights``), so every cardrules tool plays it: the bots, ``simulate``,
records, the conformance kit, and the command line, which also finds it by its
import path (``cardrules simulate examples.crazy_eights``). Run it to pit the
heuristic bot against a random bot.
"""

import random
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.cards import DECK52
from cardrules.core import shedding
from cardrules.core.options import check_int, rules_to_text, set_resolved
from cardrules.core.shedding import Effect, State, Stops, StopsRules
from cardrules.game import Event
from cardrules.moves import Play

if TYPE_CHECKING:  # the names shedding.install gives, for the type checker
    from cardrules.core.shedding.interface import *  # noqa: F403

NAME: Final = "crazy_eights"
version: Final = "1"
#: What a card left in a hand costs, indexed by rank 0..16 (2..10 pips, 11..13 courts, 14 ace;
#: 0, 1 and the jokers' 15, 16 unused): an eight 50, courts 10, ace 1.
VALUES: Final = (0, 0, 2, 3, 4, 5, 6, 7, 50, 9, 10, 10, 10, 10, 1, 0, 0)
NUMBERS: Final = shedding.MoveNumbers(5, call_ranks=(8,))  # up to five seats; eights call suits


@attrs.frozen(slots=True, kw_only=True)
class Rules(StopsRules):
    """The options; ``Rules()`` is a game for two.

    * ``players``: 2 to 5 (default 2).
    * ``hand_size``: the cards dealt to each player (default 7 with two players, else 5).
    """

    players: int = 2
    hand_size: int | None = None

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 2, 5)
        if self.first_dealer is not None:
            check_int("first_dealer", self.first_dealer, 0, self.players - 1)
        size = self.hand_size if self.hand_size is not None else 7 if self.players == 2 else 5
        set_resolved(self, "hand_size", check_int("hand_size", size, 1, 51 // self.players))
        # The table of the shedding core: eights wild and calling, draw one, no restock.
        table = Stops(players=self.players, hand_size=size, deck=DECK52, values=VALUES,
                      effects={8: Effect(call=True, wild=True)}, bury_ranks=(8,),
                      call_own_suit=True, call_required=True, draw_rule="once",
                      announce=False, announce_penalty="none", restock=False)  # fmt: skip
        set_resolved(self, "stops", table)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


#: Named rules for the tests, the docs and the command line.
PRESETS: Final[Mapping[str, Rules]] = {"two": Rules(max_moves=500), "four": Rules(players=4)}


def _finish_deal(state: State) -> shedding.DealEnd:
    """The player out collects from each loser the value of the loser's cards."""
    values = [shedding.hand_value(state.rules.stops, hand) for hand in state.hands]
    out = [seat for seat, hand in enumerate(state.hands) if not hand]
    points, text = [0] * len(values), "the deal is blocked: nobody pays"
    if out:
        points = [sum(values) if seat == out[0] else -value for seat, value in enumerate(values)]
        text = f"seat {out[0]} went out and collects {sum(values)}"
    match = state.match.finish_deal(points, (("hand_values", tuple(values)),))
    # No verdict of its own: the game is one deal (deals= below), and the core ends it.
    return shedding.DealEnd(state, match, Event("scored", text=text), None)


# The game's description; shedding.install gives the module the rest of the interface,
# ``score`` and ``teams`` too: each player for himself, net points, payoffs the totals.
GAME: Final = shedding.StopsGame(
    name=NAME,
    title="Crazy Eights",
    version=version,
    rules_class=Rules,
    numbers=NUMBERS,
    finish_deal=_finish_deal,
    deals=lambda rules: 1,  # one deal: the core ends the game after it
)
shedding.install(GAME, globals())


class EightsBot:
    """A simple heuristic: keep the eights for last, call the suit held most."""

    name = "heuristic"

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A play that keeps eights, of the longest suit; else draw or end the turn."""
        plays = [move for move in legal_moves if isinstance(move, Play)]
        if not plays:
            return legal_moves[0]
        length = Counter(card.suit for card in view.hand if card.rank != 8)

        def preference(move: Play) -> tuple[bool, int, int]:
            suit = move.call if move.call is not None else move.card.suit
            return (move.card.rank != 8, length[suit], move.card.rank)

        return max(plays, key=preference)


games.register(sys.modules[__name__], aliases=("eights",), heuristic=EightsBot)


if __name__ == "__main__":
    from cardrules.simulate import simulate

    for row in simulate(NAME, ["heuristic", "random"], games=40, seed=1, workers=1).table():
        print(f"{row.bot:<10} mean payoff {row.mean_payoff:+7.1f}  wins {row.win_rate:.2f}")
