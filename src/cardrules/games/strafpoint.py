"""Strafpoint: rounds of standard Mau Mau scored in penalty points; the fewest win.

The rules are SP-1.1 to SP-5.2 of the game's page in the docs; the functions that
implement them name them.

A game is a series of rounds, each played exactly like one deal of standard Mau
Mau (:mod:`cardrules.games.mau_mau_standard`, whose options Strafpoint takes
over, plus ``limit``). When a player goes out, every other player adds the
points of the cards left in his hand to his penalty total: 2 to 10 their face
value, jack 20, queen 10, king 10, ace 11. The player who went out adds nothing
and has won the round. After each round the cards are shuffled and dealt again,
play goes clockwise again, and the next player round the table starts. The game
ends after the round in which a total reaches the limit (100 or 150, or any
whole number): the fewest points win; on a tie, the most rounds won; then the
game is drawn.

>>> from cardrules.games import strafpoint
>>> from cardrules.cards import parse_cards
>>> strafpoint.hand_points(parse_cards("JS QH KD AC 10S 2H"))
63
>>> state = strafpoint.deal(strafpoint.Rules(first_dealer=3), seed=3)
>>> strafpoint.to_move(state), strafpoint.score(state).better
(0, 'low')

Dealing order, for ``deal(..., deck=cards)`` (the first round) and in
explicit-chance mode: as in the standard game, card ``i`` of the order goes to
seat ``(dealer + 1 + i) % players`` until each player has ``hand_size`` cards,
the next card is turned as the starter, and the rest is the stock, top card
first. The deal, and with it the start, moves one seat clockwise each round
(rules SP-4.1 and SP-4.2).

Moves and move numbers are those of the standard game: ``play CARD`` = the
card's index 0..51, ``play CARD announce`` = 52 + index, ``play JX call Y`` =
104 + 4 * (jack's suit) + (called suit), the same announced = 120 + ...,
``draw`` = 136, ``end turn`` = 137, ``deal CARD`` = 138 + index, ``dealer
SEAT`` = 190 + SEAT; :data:`NUM_MOVES` = 195.

``score(state).better`` is "low": totals are penalty points. ``payoffs`` are
"higher is better", for search and learning: minus each player's penalty total.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from cardrules.cards import Card
from cardrules.core import shedding
from cardrules.core.options import check_int, rules_to_text
from cardrules.game import DealRow, Event, Outcome, winners_by_total
from cardrules.games import mau_mau_standard
from cardrules.games.mau_mau_standard import NUMBERS, StandardOptions

if TYPE_CHECKING:  # the names shedding.install gives, for the type checker
    from cardrules.core.shedding.interface import *  # noqa: F403

NAME: Final = "strafpoint"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"

#: Penalty points by rank (rule SP-2.1): 2 to 10 face value, jack 20, queen 10, king 10, ace 11.
VALUES: Final[tuple[int, ...]] = (0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 10, 10, 11, 0, 0)


@attrs.frozen(slots=True, kw_only=True)
class Rules(StandardOptions):
    """The standard game's options (:class:`~cardrules.games.mau_mau_standard.StandardOptions`)
    plus ``limit``: the game ends after the round in which a total reaches it.

    * ``limit``: the game ends after the round in which a total reaches it:
      100 (default) or 150, the choices at set-up (rule SP-3.1), or any whole
      number >= 1 (``limit=1`` plays a single round).
    """

    limit: int = 100

    def __attrs_post_init__(self) -> None:
        check_int("limit", self.limit, 1)  # first: the standard options then build the table
        StandardOptions.__attrs_post_init__(self)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


def _series(options: StandardOptions, **changes: Any) -> Rules:
    """The rounds of the standard game with these ``options``, as a Strafpoint series."""
    fields = [field.name for field in attrs.fields(StandardOptions) if field.init]
    return Rules(**{**{name: getattr(options, name) for name in fields}, **changes})


#: Named rules used by the tests, the docs and the command line.
_PRESETS: Final = {
    "single": Rules(limit=1, max_moves=1000),
    "default": Rules(max_moves=400),
    "long_two_players": Rules(
        limit=150,
        players=2,
        ace_skips=True,
        ace_skips_replaces_eight=True,
        stack_sevens=False,
        jack_on_jack=True,
        voluntary_draw=False,
        starter_effects=True,
        max_moves=400,
    ),
    "site_options": _series(mau_mau_standard.PRESETS["site_options"], max_moves=400),
    "variants": Rules(
        players=3,
        hand_size=7,
        deck32=True,
        mau_penalty_cards=1,
        voluntary_draw=False,
        last_card_effects=False,
    ),
}
#: The same, read-only: a caller cannot change them for everyone else.
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(_PRESETS)


def hand_points(cards: Iterable[Card]) -> int:
    """The penalty points of cards (rule SP-2.1).

    >>> from cardrules.cards import parse_cards
    >>> hand_points(parse_cards("7S 8S 9S 10S JS QS KS AS"))
    85
    """
    return sum(VALUES[card.rank] for card in cards)


def _rules(state: State) -> Rules:
    return cast(Rules, state.rules)


# --------------------------------------------------------------------------- play


def _finish_round(state: State) -> shedding.DealEnd:
    """Score the round (SP-1.1); the game ends after the round in which a total reaches
    the limit (SP-3.2).

    Every player who did not go out adds the points of his cards; in a blocked
    round nobody went out, and every hand counts (rule SP-1.3). The round's row
    (``score(state).deals``) holds the penalty points of the round and the extras
    ``won`` (1 for the player who went out), ``cards_left`` and ``blocked``.
    """
    hands = state.hands
    players = len(hands)
    points = tuple(shedding.mask_value(VALUES, hand) for hand in hands)
    won = tuple(int(not hand) for hand in hands)
    blocked = not any(won)
    extras = (
        ("won", won),
        ("cards_left", tuple(hand.bit_count() for hand in hands)),
        ("blocked", (int(blocked),) * players),
    )
    match = state.match.finish_deal(points, extras)
    shown = ", ".join(f"seat {s}: {p}" for s, p in enumerate(points))
    note = "blocked, nobody wins" if blocked else f"seat {won.index(1)} went out"
    round_number = state.match.deal_number + 1
    text = f"round {round_number} ({note}): penalty points {shown}"
    outcome = None
    if max(match.totals) >= _rules(state).limit:
        outcome = final_outcome(match.totals, match.rows)
    return shedding.DealEnd(state, match, Event("scored", text=text), outcome)


def rounds_won(rows: Sequence[DealRow], players: int) -> tuple[int, ...]:
    """How many rounds each seat has won (gone out in), from the rows of ``score().deals``."""
    won = [0] * players
    for row in rows:
        for seat, flag in enumerate(row.extra("won")):
            won[seat] += flag
    return tuple(won)


def final_outcome(totals: Sequence[int], rows: Sequence[DealRow]) -> Outcome:
    """The result at the limit: fewest points, then most rounds won, then a draw.

    Rules SP-5.1 and SP-5.2.

    >>> from cardrules.game import DealRow
    >>> rows = (DealRow(0, 0, (0, 60, 60), (("won", (1, 0, 0)),)),
    ...         DealRow(1, 1, (60, 0, 45), (("won", (0, 1, 0)),)),
    ...         DealRow(2, 2, (45, 45, 0), (("won", (0, 0, 1)),)))
    >>> final_outcome((105, 105, 105), rows)
    Outcome(reason='limit reached', winners=(0, 1, 2), draw=True)
    """
    tied = winners_by_total(totals, "low")
    if len(tied) > 1:
        won = rounds_won(rows, len(totals))
        most = max(won[seat] for seat in tied)
        tied = tuple(seat for seat in tied if won[seat] == most)
    return Outcome("limit reached", tied, draw=len(tied) > 1)


# The game's description; shedding.install gives the module the rest of the interface.
GAME: Final = shedding.StopsGame(
    name=NAME,
    title="Strafpoint",
    version=version,
    rules_class=Rules,
    numbers=NUMBERS,
    finish_deal=_finish_round,
    better="low",  # penalty points: the fewest win; payoffs are minus each total
)
shedding.install(GAME, globals())
