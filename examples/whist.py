"""Classic Whist, written on the cardrules trick-taking engine as a new game would be.

Four players, partners sitting opposite: seats 0 and 2 against seats 1 and 3.
The dealer deals all 52 cards one at a time, clockwise from his left; his last
card is turned face up for trump and stays in his hand. The player on the
dealer's left leads; everyone must follow suit if he can; the highest trump
wins, else the highest card of the suit led; the winner leads next. A
partnership that wins more than six tricks scores one point for each trick over
six. The deal passes to the left; the first partnership to reach 5 points wins.

This file is the whole game: its options, its description for the engine
(:class:`cardrules.core.trickgame.TrickGame`), its view, its scoring and a
heuristic bot. The engine supplies dealing, trick play, views, sampling,
records and move numbers. Importing this module registers the game as
``whist``, so every cardrules tool plays it: the bots, ``simulate``, records,
the conformance kit, and the command line, which also finds it by its import
path (``cardrules simulate examples.whist``). Run it to watch the bots play one
game: ``python examples/whist.py [SEED]``.
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
from cardrules.cards import DECK52
from cardrules.core import trickgame, tricks
from cardrules.core.match import Match
from cardrules.core.options import check_int, rules_to_text
from cardrules.game import Event, Fact, Log, Outcome
from cardrules.moves import Move, Play
from cardrules.play import play_game

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "whist"
#: Cards adjacent in rank in one hand are equivalent for the solver (tricks only count).
SOLVER_EQUIVALENT_CARDS: Final = True
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
#: Partners sit opposite: team 0 is seats 0 and 2, team 1 seats 1 and 3.
TEAMS: Final = ((0, 2), (1, 3))
BOOK: Final = 6  # tricks that score nothing


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options; ``Rules()`` is the classic game. ``cardrules rules examples.whist``
    shows each option with its meaning, read from these bullets.

    * ``players``: 4, two partnerships of partners sitting opposite (Whist has no other).
    * ``target``: the points that win the game (default 5).
    """

    players: int = 4
    target: int = 5

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("target", self.target, 1)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "one_point": Rules(target=1)}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its hand, the trump card, the tricks, the scores (the
    engine's fields say it all)."""


def _score_deal(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """One point per trick over six, to the partnership that took them."""
    won = [sum(state.tricks_won[seat] for seat in team) for team in TEAMS]
    team_points = [max(0, tricks - BOOK) for tricks in won]
    points = tuple(team_points[seat % 2] for seat in range(4))
    team = 0 if team_points[0] else 1
    text = (
        f"deal {state.match.deal_number + 1}: tricks {won[0]} to {won[1]}, "
        f"seats {TEAMS[team][0]} and {TEAMS[team][1]} score {team_points[team]}"
    )
    return points, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))


def _decided(rules: Rules, match: Match) -> Outcome | None:
    """The first partnership to reach the target wins (only one scores in a deal)."""
    first, second = match.totals[0], match.totals[1]
    if max(first, second) < rules.target:
        return None
    return Outcome("target reached", TEAMS[0] if first > second else TEAMS[1])


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Whist",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK52, hand_size=lambda rules, number: 13),
    trumps=trickgame.Trumps(card="dealer's last"),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(
        decided=_decided, payoffs=lambda t: (t[0] - t[1], t[1] - t[0], t[0] - t[1], t[1] - t[0])
    ),
    teams=lambda rules: TEAMS,
    moves=trickgame.Moves(max_players=4),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: trumps, the trick, cards and tricks per seat, the hand."""
    facts = [Fact("trump card", view.trump_card)]
    if view.trick:
        facts.append(Fact("trick", tricks.trick_plays(view.leader, view.trick, 4)))
    facts.append(Fact("cards", view.hand_sizes, per_seat=True))
    facts.append(Fact("tricks won", view.tricks_won, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def explain_move(view: View, move: Move) -> str:
    """Every Whist move says what it is in its text (a card to play)."""
    return ""


class WhistBot:
    """Lead the highest card; take a trick the opponents hold with the lowest card
    that wins it; otherwise (nothing wins, or the partner wins) play the lowest card."""

    name = "heuristic"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A card, as the class docstring describes."""
        rules = tricks.trick_rules(view.trump_card.suit if view.trump_card else None)
        plays = sorted(
            (move for move in legal_moves if isinstance(move, Play)),
            key=lambda move: (move.card.suit is rules.trump, move.card.rank),
        )
        if not plays or not view.trick:
            return plays[-1] if plays else legal_moves[0]
        partner = (view.seat + 2) % 4
        if tricks.winning_seat(rules, view.trick, view.leader, 4) == partner:
            return plays[0]
        trick, led = view.trick, len(view.trick)
        winning = [move for move in plays if tricks.winner(rules, (*trick, move.card)) == led]
        return winning[0] if winning else plays[0]


games.register(sys.modules[__name__], heuristic=WhistBot)


def main(argv: list[str]) -> None:
    """Play one game: two searching partners (seats 0 and 2) against a random and
    a heuristic player."""
    seed = int(argv[1]) if len(argv) > 1 else 1
    module = sys.modules[__name__]
    search = ISMCTSBot(module, iterations=8, playout_limit=20)
    bots: list[Bot] = [search, RandomBot(), search, WhistBot()]
    final = play_game(module, Rules(), bots, seed=seed)
    for event in trickgame.events(final):
        if event.kind in ("trump", "scored", "over"):
            print(event)
    print(f"totals {trickgame.score(final).totals}, payoffs {trickgame.score(final).payoffs}")


if __name__ == "__main__":
    main(sys.argv)
