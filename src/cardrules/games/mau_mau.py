"""Mau-Mau, the two-handed Stops game: match the upcard; sevens and eights draw.

The rules are MM-1.1 to MM-7.4 of the game's page in the docs; the functions that
implement them name them.

Two players, 52 cards, seven each. Play a card that matches the upcard in suit
or rank; a 7 makes the opponent draw one card and an 8 three, and he may not
play on that turn; a jack may change the suit, or leave it free so that any card
may follow. A player who cannot play draws until he can. The play that leaves
one card must be announced ("One card!"), or the player must draw instead of
going out. The first player out scores the values of his opponent's cards; the
game goes to 500 points and the winner is paid the difference. This is not the
modern German Mau Mau (see :mod:`cardrules.core.shedding` for both).

>>> from cardrules.games import mau_mau
>>> from cardrules.cards import DECK52
>>> state = mau_mau.deal(mau_mau.Rules(first_dealer=1), seed=3)
>>> mau_mau.to_move(state)      # the non-dealer starts
0
>>> len(mau_mau.observe(state, 0).hand), mau_mau.observe(state, 0).stock_size
(7, 37)

Dealing order, for ``deal(..., deck=cards)`` and in explicit-chance mode: the
dealer deals one card at a time, alternately, starting with the non-dealer
(card ``i`` of the order goes to seat ``(dealer + 1 + i) % 2``) until each
player has 7; the next card is turned as the starter; the rest is the stock,
top card first. With ``bury_special_starter`` a J, 7 or 8 turned as starter
goes to the bottom of the stock and the next card is turned. Every later card
comes from the top of the stock (explicit chance: a ``deal CARD`` step for each).

Moves: ``play CARD``, ``play JX call SUIT`` (a jack naming another suit),
``play CARD announce`` (the play that leaves one card: "One card!"), ``draw``;
chance outcomes ``deal CARD`` and ``dealer SEAT``. Move numbers
(:func:`move_index`): ``play CARD`` = the card's index 0..51, ``play CARD
announce`` = 52 + index, ``play JX call Y`` = 104 + 4 * (jack's suit) + (called
suit), the same announced = 120 + ..., ``draw`` = 136, ``end turn`` = 137 (never
legal here; it is shared with the standard game), ``deal CARD`` = 138 + index,
``dealer SEAT`` = 190 + SEAT; :data:`NUM_MOVES` = 192. Suits count clubs 0,
diamonds 1, hearts 2, spades 3.

``score(state).payoffs`` are the difference of the totals, ``(t0 - t1, t1 - t0)``:
at the end, what the winner is paid (rule MM-7.4: "Der Gewinner wird in der Regel auf die
Differenz zwischen den beiden Punkten ausbezahlt").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from cardrules.cards import DECK52, JACK, Card
from cardrules.core import options, shedding
from cardrules.core.shedding import Effect, Stops, StopsRules, hand_value
from cardrules.errors import RulesError
from cardrules.game import Event, Outcome, winners_by_total

if TYPE_CHECKING:  # the names shedding.install gives, for the type checker
    from cardrules.core.shedding.interface import *  # noqa: F403

NAME: Final = "mau_mau"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "2"
_NUMBERS: Final = shedding.MoveNumbers(2)

#: Card values for scoring, by rank (rule MM-1.2): J 20, 8 20, 7 15, A 15, Q 10, K 10,
#: the other cards their face value.
VALUES: Final[tuple[int, ...]] = (0, 0, 2, 3, 4, 5, 6, 15, 20, 9, 10, 20, 10, 10, 15, 0, 0)
#: The 50-point rule's penalty (rule MM-4.2).
PENALTY: Final = 50
#: The rules that the error messages of the shedding core cite (see ``Stops.rule_ids``).
_RULE_IDS: Final = (
    ("match", "MM-3.2"),
    ("call", "MM-5.3"),
    ("own_suit", "MM-5.3"),
    ("last_call", "MM-5.5"),
    ("must_play", "MM-4.2"),
    ("announce", "MM-6.1"),
)
#: The ranks with an effect: 7, 8 and jack.
SPECIAL_RANKS: Final = (7, 8, JACK)


def _no_target(value: object) -> object:
    """``target=0`` means no target (None): the text form writes None as 0, a whole
    number like every other target, so that the text is also an OpenSpiel game string."""
    return None if type(value) is int and value == 0 else value


def _restock_word(value: object) -> object:
    """``restock=none`` in the rules' text form reads as None: it means ``"none"``."""
    return "none" if value is None else value


@attrs.frozen(slots=True, kw_only=True)
class Rules(StopsRules):
    """The options of the game; ``Rules()`` is the docs' game to 500.

    * ``players``: 2 (the game is "rein zweihändig", strictly two-handed; MM-1.1).
    * ``target``: 500 (a whole number >= 1), or None for a single deal (MM-7.3);
      0 also means None, and the text form writes None as ``target=0``.
    * ``must_play``: ``"enforce"`` (drawing while holding a playable card is
      illegal) or ``"penalty"`` (legal, and costs 50 points once per turn; MM-4.2).
    * ``penalty_target``: who the 50 points go against: ``"offender"`` (deducted)
      or ``"opponent"`` (credited); None (not applicable) with ``"enforce"``.
    * ``jacks_wild``: a jack may be played on any card (default False; MM-3.3).
    * ``last_card_effects``: a 7 or 8 played as the last card still makes the
      opponent draw (default True; MM-7.2).
    * ``starter_effects``: a 7, 8 or J turned as starter acts on the non-dealer
      (default False; MM-2.3).
    * ``bury_special_starter``: a 7, 8 or J turned as starter is put at the
      bottom of the stock and the next card turned (default False).
    * ``restock``: ``"reshuffle"`` (an empty stock is rebuilt from the discard
      pile) or ``"none"`` (None is read as ``"none"``, so that the text form
      ``restock=none`` parses back; MM-4.4).
    * ``one_card_penalty_ends_turn``: the draw for a missed "One card" is the
      whole turn (default True; MM-6.2).
    """

    players: int = 2
    target: int | None = options.optional(
        int, default=500, converter=_no_target, metadata={options.NONE_TEXT: "0"}
    )
    must_play: str = "enforce"
    penalty_target: str | None = options.optional(str)
    jacks_wild: bool = False
    last_card_effects: bool = True
    starter_effects: bool = False
    bury_special_starter: bool = False
    # cast(Any, default): compiled, a class-body value is checked against the type inferred
    # for it, and attrs.field(default=X) would be taken for the type of X.
    restock: str = attrs.field(default=cast(Any, "reshuffle"), converter=_restock_word)
    one_card_penalty_ends_turn: bool = True

    def __attrs_post_init__(self) -> None:
        options.check_int("players", self.players, 2, 2)
        self.check_first_dealer(self.players)
        if self.target is not None:
            options.check_int("target", self.target, 1, none_allowed=True)
        options.check_choice("must_play", self.must_play, ("enforce", "penalty"))
        if self.must_play == "enforce":
            options.not_applicable(
                "penalty_target", self.penalty_target, "when must_play='enforce' (no penalty)"
            )
        elif self.penalty_target is None:
            options.set_resolved(self, "penalty_target", "offender")
        else:
            options.check_choice("penalty_target", self.penalty_target, ("offender", "opponent"))
        for name in (
            "jacks_wild",
            "last_card_effects",
            "starter_effects",
            "bury_special_starter",
            "one_card_penalty_ends_turn",
        ):
            options.check_bool(name, getattr(self, name))
        if self.starter_effects and self.bury_special_starter:
            raise RulesError(
                "starter_effects=true does not apply with bury_special_starter=true "
                "(a special starter is buried, so it never acts): choose one"
            )
        options.check_choice("restock", self.restock, ("reshuffle", "none"))
        options.set_resolved(self, "stops", shedding.cached_table(self, _table))

    def __str__(self) -> str:
        return options.rules_to_text(NAME, self)


def _table(rules: Rules) -> Stops:
    """The shedding core's table for these rules (rules MM-1.1 to MM-7.2)."""
    penalty = rules.must_play == "penalty"
    return Stops(
        players=2,
        hand_size=7,
        deck=DECK52,
        effects={
            7: Effect(draw=1),
            8: Effect(draw=3),
            JACK: Effect(call=True, wild=rules.jacks_wild),
        },
        choice_ranks=SPECIAL_RANKS,
        call_own_suit=False,
        call_required=False,
        draw_rule="until_playable",
        voluntary_draw=penalty,
        draw_penalty=PENALTY if penalty else 0,
        penalty_to="others" if rules.penalty_target == "opponent" else "offender",
        announce=True,
        announce_penalty="next_turn",
        announce_cards=1,
        announce_ends_turn=rules.one_card_penalty_ends_turn,
        last_card_effects=rules.last_card_effects,
        starter_effects=rules.starter_effects,
        bury_ranks=SPECIAL_RANKS if rules.bury_special_starter else (),
        restock=rules.restock == "reshuffle",
        values=VALUES,
        rule_ids=_RULE_IDS,
    )


#: Named rules used by the tests, the docs and the command line.
_PRESETS: Final = {
    "single": Rules(target=None),
    "short": Rules(target=100, max_moves=200),
    "penalty": Rules(target=None, must_play="penalty", max_moves=150),
    "penalty_to_opponent": Rules(
        target=100, must_play="penalty", penalty_target="opponent", max_moves=200
    ),
    "variants": Rules(
        target=100,
        jacks_wild=True,
        last_card_effects=False,
        starter_effects=True,
        one_card_penalty_ends_turn=False,
        max_moves=200,
    ),
    "no_restock": Rules(target=100, restock="none", bury_special_starter=True, max_moves=200),
}
#: The same, read-only: a caller cannot change them for everyone else.
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(_PRESETS)


def hand_points(cards: Sequence[Card]) -> int:
    """The value of cards for scoring (rule MM-1.2).

    >>> from cardrules.cards import parse_cards
    >>> hand_points(parse_cards("JS 8H 7D AC QS KH 10C 2D"))
    102
    """
    return sum(VALUES[card.rank] for card in cards)


def _rules(state: State) -> Rules:
    return cast(Rules, state.rules)


# --------------------------------------------------------------------------- play


def _deal_points(state: State) -> tuple[tuple[int, int], tuple[int, int], bool]:
    """The points of a finished deal from its cards, the hand values, and whether it was blocked.

    The player who went out scores the values of his opponent's cards (rule MM-7.1).
    In a blocked deal the player with the lower hand value scores the difference,
    and nobody scores on equal values (rule MM-4.4).
    """
    stops = state.rules.stops
    values = (hand_value(stops, state.hands[0]), hand_value(stops, state.hands[1]))
    for seat in (0, 1):
        if not state.hands[seat]:
            points = [0, 0]
            points[seat] = values[1 - seat]
            return (points[0], points[1]), values, False
    low = 0 if values[0] < values[1] else 1
    points = [0, 0]
    points[low] = abs(values[0] - values[1])
    return (points[0], points[1]), values, True


def _finish_deal(state: State) -> shedding.DealEnd:
    """Score the deal; end the game at the target (unless tied).

    The deal's row (``score(state).deals``) has the extras ``cards`` (points for
    cards), ``penalties`` (the 50-point rule; while a deal runs, ``score`` counts them
    in the totals), ``hand_values`` (the value of each hand at the end) and ``blocked``
    (1 if the deal was blocked).
    """
    rules = _rules(state)
    cards, values, blocked = _deal_points(state)
    penalties = state.penalties
    points = tuple(c + p for c, p in zip(cards, penalties))
    extras = (
        ("cards", cards),
        ("penalties", penalties),
        ("hand_values", values),
        ("blocked", (int(blocked), int(blocked))),
    )
    match = state.match.finish_deal(points, extras)
    shown = ", ".join(f"seat {s}: {p}" for s, p in enumerate(points))
    event = Event("scored", text=f"deal {state.match.deal_number + 1} scored: {shown}")
    state = state._replace(penalties=(0, 0))
    totals = match.totals
    outcome: Outcome | None = None
    # The first to the target wins; the higher total if both; a tie deals again (MM-7.3).
    if rules.target is not None and max(totals) >= rules.target:
        winners = winners_by_total(totals, "high")
        if len(winners) == 1:
            outcome = Outcome("target reached", winners)
    return shedding.DealEnd(state, match, event, outcome)


def _deals(rules: Rules) -> int | None:
    """Without a target the game is one deal (rule MM-7.3); the higher total wins it."""
    return 1 if rules.target is None else None


# --------------------------------------------------------------------------- scores


def _payoffs(totals: tuple[int, ...]) -> tuple[float, ...]:
    """The winner is paid the difference of the totals, while the game runs too (MM-7.4)."""
    difference = float(totals[0] - totals[1])
    return (difference, -difference)


# The game's description; shedding.install gives the module the rest of the interface.
GAME: Final = shedding.StopsGame(
    name=NAME,
    title="Mau-Mau for two players",
    version=version,
    rules_class=Rules,
    numbers=_NUMBERS,
    finish_deal=_finish_deal,
    deals=_deals,
    payoffs=_payoffs,
)
shedding.install(GAME, globals())
