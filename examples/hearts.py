"""Hearts, written on the cardrules trick-taking engine as a new game would be.

The rules, after the American game described on pagat.com (John McLeod,
"Hearts", https://www.pagat.com/reverse/hearts.html); each rule's identifier is
the one the tests name:

* HE-1 (players and deal). Four players, each for himself, with the 52-card pack
  ranking from ace (high) down to two. The dealer deals all the cards one at a
  time, clockwise from his left: 13 each. The deal passes to the left.
* HE-2 (passing). After the deal each player chooses three cards and passes them
  face down: to the left in the first deal, to the right in the second, across
  the table in the third; in the fourth there is no pass; and so on in that
  cycle. The cards are exchanged together once every player has passed.
* HE-3 (the first lead). The player who holds the two of clubs (after the pass)
  leads it to the first trick.
* HE-4 (tricks). Players must follow suit if they can; otherwise they may play
  any card. There are no trumps: the highest card of the suit led wins the trick,
  and its winner leads the next.
* HE-5 (the first trick). No penalty card (a heart or the queen of spades) may be
  played to the first trick, unless the player holds nothing else he may play.
* HE-6 (breaking hearts). Hearts may not be led until a heart has been played to
  an earlier trick, unless the leader holds only hearts. The option
  ``queen_breaks_hearts`` lets the queen of spades break hearts too, as some play.
* HE-7 (penalty points). At the end of a deal each heart a player has taken in
  tricks counts one penalty point against him, and the queen of spades 13.
* HE-8 (shooting the moon). A player who takes all thirteen hearts and the queen
  of spades scores nothing for the deal, and every other player scores 26.
* HE-9 (the end). The game ends at the end of the deal in which some player
  reaches 100 points (option ``target``) or more; the lowest total wins. Equal
  lowest totals are a draw among those players. The payoffs are the totals,
  negated (higher is better).

This file is the whole game: its options, its description for the engine
(:class:`cardrules.core.trickgame.TrickGame`), its view, its scoring and a
heuristic bot; the engine supplies dealing, passing, trick play and the rules of
play (HE-3, HE-5 and HE-6 are data in the description), views, sampling,
records and move numbers. Importing this module registers the game as
``hearts``; ``examples/hearts_encoding.py`` adds the tensors the OpenSpiel and
PettingZoo adapters need. Run it to watch the bots play one game:
``python examples/hearts.py [SEED]``.
"""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules import games
from cardrules.cards import DECK52, Card, Suit
from cardrules.core import trickgame, tricks
from cardrules.core.options import check_bool, check_int, rules_to_text
from cardrules.core.trickgame import Passing, Restrictions, pass_cycle, target_decided
from cardrules.core.tricks import SUIT_MASKS
from cardrules.game import Event, Fact, Log
from cardrules.moves import DEALS, PLAYS, ChooseDealer, Move, PassCards, Play
from cardrules.play import play_game
from cardrules.simulate import make_bot

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "hearts"
#: Cards adjacent in rank in one hand are equivalent for the solver where they score
#: alike: every heart scores one point whatever its rank, the other cards none, but the
#: queen of spades 13 (HE-7), so she stands apart; the rules of play read suits, and
#: the queen as the card that cannot go to the first trick or may break hearts.
SOLVER_EQUIVALENT_CARDS: Final = True
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
QUEEN_OF_SPADES: Final = Card("QS")
#: The card that scores apart from the rest of its suit, for the solver.
SOLVER_CARDS_APART: Final = (QUEEN_OF_SPADES,)
HEARTS: Final = SUIT_MASKS[Suit.HEARTS]


def penalty_points(card: Card) -> int:
    """A card's penalty points (HE-7): one a heart, 13 the queen of spades, else none."""
    return 13 if card is QUEEN_OF_SPADES else int(card.suit is Suit.HEARTS)


#: Every penalty point of a deal: the thirteen hearts and the queen of spades (HE-7).
MOON: Final = sum(map(penalty_points, DECK52))


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options; ``Rules()`` is the game of pagat.com. ``cardrules rules
    examples.hearts`` shows each option with its meaning, read from these bullets.

    * ``players``: 4, each for himself (this game has no other).
    * ``target``: the total that ends the game at the end of a deal (default 100).
    * ``queen_breaks_hearts``: whether the queen of spades played to a trick also
      lets hearts be led (default false).
    """

    players: int = 4
    target: int = 100
    queen_breaks_hearts: bool = False

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 4, 4)
        self.check_first_dealer(self.players)
        check_int("target", self.target, 1)
        check_bool("queen_breaks_hearts", self.queen_breaks_hearts)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "short": Rules(target=30, queen_breaks_hearts=True)}


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its hand, its pass, the tricks, the points taken, the scores.
    The engine gives the pass (``passed``, ``passed_to``, ``received``); ``taken`` is each
    seat's penalty points so far in this deal."""

    taken: tuple[int, ...]


def _score_trick(
    state: State, winner: int, trick: tuple[Card, ...], taken: tuple[int, ...]
) -> tuple[tuple[int, ...], Event]:
    """The trick's penalty points go to its winner (HE-7); ``taken`` is each seat's so far."""
    points = sum(map(penalty_points, trick))
    taken = tuple(total + points * (seat == winner) for seat, total in enumerate(taken))
    cards = " ".join(card.text for card in trick)
    text = f"seat {winner} takes {cards}: {points} penalty point{'s' * (points != 1)}"
    return taken, Event("trick", winner, trick, value=points, text=text)


def _score_deal(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The points taken (HE-7), unless a seat took them all: then it scores 0 and every
    other seat 26 (HE-8)."""
    moon = state.tally.index(MOON) if MOON in state.tally else None
    points = state.tally if moon is None else tuple(MOON * (seat != moon) for seat in range(4))
    text = f"deal {state.match.deal_number + 1}: penalty points {', '.join(map(str, points))}"
    text += "" if moon is None else f" (seat {moon} shoots the moon)"
    return points, (("taken", state.tally),), state.log.append(Event("scored", text=text))


#: The move numbers: the plays by card (0..51), the passes in the order of
#: :func:`cardrules.core.trickgame.pass_rank` (52..22151: by the highest card, then the
#: next), then the chance outcomes (the adapters number the seats' moves first).
_PASSES: Final = list(itertools.combinations(DECK52[::-1], 3))[::-1]
MOVES: Final = (*PLAYS[:52], *map(PassCards, _PASSES), *DEALS[:52], *map(ChooseDealer, range(4)))

GAME: Final = trickgame.TrickGame(
    name=NAME,
    title="Hearts",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(deck=lambda rules: DECK52, hand_size=lambda rules, number: 13),
    rounds=(Passing(count=3, to=pass_cycle("left", "right", "across", "hold"), rule_id="HE-2"),),
    play=trickgame.TrickPlay(
        lead_card=lambda rules, number: Card("2C"),
        restrictions=Restrictions(
            unbroken=lambda rules: HEARTS,
            breaking=lambda rules: HEARTS | QUEEN_OF_SPADES.bit * rules.queen_breaks_hearts,
            first_trick_barred=lambda rules: HEARTS | QUEEN_OF_SPADES.bit,
        ),
    ),
    rule_ids=(
        ("lead_card", "HE-3"),
        ("follow", "HE-4"),
        ("first_trick", "HE-5"),
        ("unbroken", "HE-6"),
    ),
    scoring=trickgame.Scoring(
        deal=_score_deal,
        per_trick=trickgame.TrickScoring(score=_score_trick, tally=(("taken", 4, 0, MOON),)),
    ),
    match=trickgame.MatchPlan(
        decided=target_decided(lambda rules: rules.target, better="low"), better="low"
    ),
    moves=trickgame.Moves(
        max_players=4, forms=("pass C1 C2 C3", "play CARD"), kinds=(PassCards,), table=MOVES
    ),
    view_class=View,
)
trickgame.install(GAME, globals())


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the pass, the trick, the points taken, the cards, the hand."""
    facts = (
        Fact(f"you passed to seat {view.passed_to}", view.passed),
        Fact("you received", view.received),
        Fact("trick", tricks.trick_plays(view.leader, view.trick, 4)),
        Fact("points taken", view.taken, per_seat=True),
        Fact("cards", view.hand_sizes, per_seat=True),
        Fact("hand", view.hand),
    )
    return tuple(fact for fact in facts if fact.value or fact.label == "hand")


def explain_move(view: View, move: Move) -> str:
    """A pass says where its cards go; a play says what it is in its text."""
    return f"to seat {view.passed_to}" if isinstance(move, PassCards) else ""


def _danger(card: Card) -> tuple[bool, int, bool]:
    """How much a card is worth passing on: the top spades first, then high cards."""
    return (card.suit is Suit.SPADES and card.rank >= 12, card.rank, card.suit is Suit.HEARTS)


class HeartsBot:
    """Pass the three most dangerous cards (the ace, king and queen of spades, then
    the highest); lead the lowest card; when following, play the highest card that
    loses the trick, else the highest when last to play and the lowest before; when
    void, throw the queen of spades, else the highest heart, else the highest card."""

    name = "heuristic"

    def choose(self, view: View, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """A pass or a card, as the class docstring describes."""
        plays = sorted((m for m in legal_moves if isinstance(m, Play)), key=lambda m: m.card.rank)
        if not plays:
            return PassCards(tuple(sorted(view.hand, key=_danger)[-3:]))
        if view.trick and plays[0].card.suit is not view.trick[0].suit:  # void in the suit led
            return max(plays, key=lambda m: (m.card is QUEEN_OF_SPADES, _danger(m.card)[::-1]))
        best = max((card.rank for card in view.trick if card.suit is plays[0].card.suit), default=0)
        under = [move for move in plays if move.card.rank < best]
        return under[-1] if under else plays[-1] if len(view.trick) == 3 else plays[0]


games.register(sys.modules[__name__], heuristic=HeartsBot)


def main(argv: list[str]) -> None:
    """Play one game: a searching player, a random one and two heuristic ones."""
    seed = int(argv[1]) if len(argv) > 1 else 1
    bots = [make_bot(spec, NAME) for spec in ("ismcts:8", "random", "heuristic", "heuristic")]
    final = play_game(sys.modules[__name__], Rules(), bots, seed=seed)
    print(*(e for e in trickgame.events(final) if e.kind in ("scored", "over")), sep="\n")
    print(f"totals {trickgame.score(final).totals}, payoffs {trickgame.score(final).payoffs}")


if __name__ == "__main__":
    main(sys.argv)
