"""Bridge card play as a trick game: the problem a double-dummy solver answers.

Four players, partners sitting opposite (seats 0 and 2 against seats 1 and 3), each
dealt ``cards`` cards from a shuffled 52-card deck; the trump suit is fixed by
``strain`` (``"clubs"``, ``"diamonds"``, ``"hearts"``, ``"spades"`` or ``"notrump"``) and
seat ``leader`` leads the first trick. Follow suit if you can; the highest trump wins,
else the highest card of the suit led; the winner leads next. Each partnership scores
the tricks it takes, so a seat's points are its side's tricks: the value a double-dummy
solver gives. This is Whist with a chosen trump and leader and no book; the bidding of
bridge is not part of it. :mod:`benchmarks.solver` uses it to compare cardrules' solver
with DDS on the same deals.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Final

import attrs

from cardrules.cards import DECK52, Suit
from cardrules.core import trickgame, tricks
from cardrules.core.match import Match
from cardrules.core.options import check_choice, check_int, rules_to_text
from cardrules.core.trickgame import State
from cardrules.game import Event, Fact, Log
from cardrules.moves import Move

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "bridge_play"
SOLVER_EQUIVALENT_CARDS: Final = True
version: Final = "1"
TEAMS: Final = ((0, 2), (1, 3))
#: The strains by name: a trump suit, or none.
STRAINS: Final[dict[str, Suit | None]] = {
    "clubs": Suit.CLUBS,
    "diamonds": Suit.DIAMONDS,
    "hearts": Suit.HEARTS,
    "spades": Suit.SPADES,
    "notrump": None,
}


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options.

    * ``players``: 4, two partnerships of partners sitting opposite.
    * ``cards``: the cards dealt to each seat (1 to 13, default 13).
    * ``strain``: the trump suit, or ``notrump`` (default).
    * ``leader``: the seat that leads the first trick (default 0).
    """

    players: int = 4
    cards: int = 13
    strain: str = "notrump"
    leader: int = 0

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("cards", self.cards, 1, 13)
        check_choice("strain", self.strain, tuple(STRAINS))
        check_int("leader", self.leader, 0, 3)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its hand, the trump suit, the tricks (the engine's fields
    say it all)."""


def _deal_event(rules: Rules, match: Match, size: int) -> Event:
    return Event("deal", match.dealer, value=size, text=f"{size} cards each")


def _score_deal(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """Each seat scores its partnership's tricks."""
    won = [sum(state.tricks_won[seat] for seat in team) for team in TEAMS]
    points = tuple(won[seat % 2] for seat in range(4))
    text = f"tricks {won[0]} to {won[1]}"
    return points, (("tricks", state.tricks_won),), state.log.append(Event("scored", text=text))


def _leader(state: State) -> int:
    leader: int = state.rules.leader
    return leader


GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Bridge card play",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(
        deck=lambda rules: DECK52, hand_size=lambda rules, number: rules.cards, event=_deal_event
    ),
    trumps=trickgame.Trumps(suit=lambda rules, number: STRAINS[rules.strain]),
    play=trickgame.TrickPlay(first_leader=_leader),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: 1),
    teams=lambda rules: TEAMS,
    moves=trickgame.Moves(max_players=4),
    view_class=View,
)
trickgame.install(GAME, globals())

PRESETS: Final = {"default": Rules()}


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the trump suit, the trick, tricks per seat, the hand."""
    facts = [Fact("trump", view.trump)]
    if view.trick:
        facts.append(Fact("trick", tricks.trick_plays(view.leader, view.trick, 4)))
    facts.append(Fact("tricks won", view.tricks_won, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def explain_move(view: View, move: Move) -> str:
    """A card says what it is in its text."""
    return ""


#: The game (the module is the game, as every cardrules game is).
game: Final = sys.modules[__name__]
