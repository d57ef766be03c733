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

import enum
import sys
from typing import Final

import attrs
from cardrules.core.trickgame.contract import *  # noqa: F403

from cardrules.cards import DECK52, Card, Suit
from cardrules.core import trickgame, tricks
from cardrules.core.match import Match
from cardrules.core.options import check_choice, check_int, rules_to_text
from cardrules.core.trickgame import State
from cardrules.core.trickgame import contract as _contract
from cardrules.game import Event, Fact, Log
from cardrules.moves import Move

_contract.bind(globals())

NAME: Final = "bridge_play"
TITLE: Final = "Bridge card play"
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
        self._check_first_dealer(self.players)
        check_int("cards", self.cards, 1, 13)
        check_choice("strain", self.strain, tuple(STRAINS))
        check_int("leader", self.leader, 0, 3)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


Phase = enum.IntEnum("Phase", "CHOOSE_DEALER DEALING PLAYING OVER", start=0)


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its hand, the trump suit, the tricks."""

    trump: Suit | None
    tricks_won: tuple[int, ...]
    won_cards: tuple[Card, ...]


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
    title=TITLE,
    version=version,
    rules_class=Rules,
    phases=Phase,
    deck=lambda rules: DECK52,
    hand_size=lambda rules, number: rules.cards,
    trump_suit=lambda rules, number: STRAINS[rules.strain],
    first_leader=_leader,
    deal_event=_deal_event,
    counts_tricks=True,
    deals=lambda rules: 1,
    teams=lambda rules: TEAMS,
    score_deal=_score_deal,
    max_players=4,
    view_class=View,
)
NUM_MOVES, deal, move_index, move_from_index, state_from_dict = GAME.exports()

PRESETS: Final = {"default": Rules()}


def deck_of(rules: Rules) -> tuple[Card, ...]:
    """The 52-card deck."""
    return DECK52


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
