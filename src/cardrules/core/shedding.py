"""The shedding core: the mechanics of the Stops family (Mau-Mau, Mau Mau, Crazy Eights).

Each player tries to get rid of his cards by playing them, one per turn, on a
discard pile. A card may be played on the *upcard* (the top of the pile) when
it matches it in suit or rank, or when a card's *effect* says otherwise. A
player who cannot, or will not, play draws from the *stock*; an empty stock is
restocked from the discard pile. The first player to play his last card ends
the deal. This module holds all of that, once, for every game of the family:

* the deal in progress: the hands, the stock, the discard pile and its upcard,
  a called suit, the direction of play, draws owed, the turn (:class:`State`,
  shared by the games; a game adds nothing to it but its ``Rules``);
* the *table* of a game (:class:`Stops`): what each rank does (:class:`Effect`:
  draw N, skip, reverse, call a suit, wild, stack) and a few flags for the
  rules that really differ between the games (how drawing works, what an
  omitted announcement costs, restocking, special starters);
* legal moves, ``apply``, the forced steps nobody chooses (draws owed, the
  one-card penalty, passing), restocking, explicit chance, the public event log,
  ``observe`` and ``sample``, and serialization.

A game module (:mod:`cardrules.games.mau_mau`) builds a :class:`Stops` from its
``Rules``, stores it as ``rules.stops`` (its ``Rules`` derive from
:class:`StopsRules`), and adds only what is its own: the options, the score of
a finished deal and the end of the game. :func:`apply` returns a state in the
phase :attr:`Phase.SCORING` when a deal ends; the game scores it and either
ends the game or calls :func:`begin_deal` for the next deal.

The two Mau Mau games on this core
----------------------------------

The two-handed Mau-Mau of the Stops family (:mod:`cardrules.games.mau_mau`) is this table::

    Stops(players=2, hand_size=7, deck=DECK52,
          effects={7: Effect(draw=1), 8: Effect(draw=3), JACK: Effect(call=True)},
          choice_ranks=(7, 8, JACK),        # the J/7/8 option, rule MM-4.3
          call_own_suit=False, call_required=False,   # no call = "any card may follow"
          draw_rule="until_playable", voluntary_draw=False,  # or True with draw_penalty=50
          announce_penalty="next_turn", announce_cards=1, ...)

The standard German Mau Mau (:mod:`cardrules.games.mau_mau_standard`,
for 2 to 5 players, and its Strafpoint series, :mod:`cardrules.games.strafpoint`)
is a different table and a few flags, with no new mechanics::

    Stops(players=4, hand_size=5, deck=DECK52 or DECK32,
          effects={7: Effect(draw=2, stack=True),          # stack_sevens
                   8: Effect(skip=1),
                   JACK: Effect(call=True, wild=True, on_itself=jack_on_jack),
                   9: Effect(reverse=True),                # nine_reverses
                   ACE: Effect(skip=1)},                   # ace_skips
          choice_ranks=(), call_own_suit=True, call_required=True,
          draw_rule="once", voluntary_draw=True,    # draw, then play it or 'end turn'
          announce_penalty="draw", announce_cards=2,      # "Mau", else 2 cards
          restock=True)

Everything the standard game needs is here: N players and a direction (a
reverse with two players acts as a skip), skips, stacked draws (a player who
owes cards may answer with a card of a stacking rank or draw them all with the
move ``draw``; without such a card the draw is forced), the draw-once rule
(after ``draw`` only the drawn card may be played, or ``end turn``), the
announcement penalty drawn at the end of the turn, and blocked rounds (every
player in succession can neither play nor draw; with ``restock`` this cannot
happen in play, since the cards of the suit to follow are then all in the
hands, but the core handles it). Strafpoint's scoring and the rotating start
are match rules and belong to its game module.

Rules of the core (each game's docs page gives the sources)
-----------------------------------------------------------

* Dealing: the dealer deals ``hand_size`` cards to each player, one at a time,
  starting on his left (card ``i`` of the order goes to seat
  ``(dealer + 1 + i) % players``); the next card is turned as the *starter*,
  the first upcard. With ``bury_ranks``, a starter of such a rank is put at the
  bottom of the stock and the next card is turned. The player on the dealer's
  left plays first.
* Playable cards: after a calling card played without a call (when calls are
  optional), or a calling starter with ``starter_effects``, every card (but
  not one of the upcard's rank if that rank has ``on_itself=False``); after a
  call, a card of the called suit or of the upcard's rank; otherwise a card of
  the upcard's suit or rank; wild ranks always; a rank whose effect has
  ``on_itself=False`` never on its own rank.
  While cards are owed (a stacking draw), only a card of the upcard's rank.
* Effects of a played card: ``draw`` adds cards owed by the next player (he
  draws them at the start of his turn, which then ends); ``skip`` skips
  players; ``reverse`` turns the direction (a skip with two players); ``call``
  lets the player name a suit.
* ``choice_ranks``: when the upcard has such a rank, the player cannot follow
  suit (the called suit after a call, otherwise the upcard's suit) and the only
  playable cards are of that rank, the player may draw instead of playing. A
  card of that rank and of the called suit follows suit: it must be played.
* Drawing: ``draw_rule="until_playable"``: after each draw the turn goes on,
  and the player plays or draws again; ``"once"``: one draw, then only the
  drawn card may be played, or ``end turn``. ``voluntary_draw``: drawing is
  allowed while holding a playable card (costing ``draw_penalty`` points once
  per turn, to the offender or credited to the others).
* A player who can neither play nor draw passes (a public event). When every
  player in turn has passed, the deal is *blocked* and ends.
* Announcement ("One card", "Mau"): the play that leaves one card may carry
  ``announce``. Omitting it costs: ``"next_turn"``: if the player still holds
  one card when his next turn starts, he draws ``announce_cards`` instead
  of playing (the turn ends, unless ``announce_ends_turn`` is False); if no
  card is left to draw he passes, and his last card stays barred until he
  holds more than one;
  ``"draw"``: he draws ``announce_cards`` at the end of that turn.
* The deal ends when a player plays his last card. With ``last_card_effects``,
  cards owed by that card are still drawn first.
* Restocking: when a card must be drawn and the stock is empty, the discard
  pile under the upcard is shuffled into a new stock (with ``restock``); if no
  card is left to draw, a player owing cards draws what there is.

Chance
------

Seeded mode takes every card from the top of the stock; the order of deal
``k`` is :func:`cardrules.core.match.shuffled` ``(seed, k, deck)`` and the
``j``-th restock of deal ``k`` shuffles the discard pile (cards in index order)
with ``Stream(seed, "restock", k, j)``. In explicit-chance mode the stock is an
unordered set (kept in index order): each card dealt, turned or drawn is a
CHANCE step whose outcomes ``deal CARD`` are the stock's cards, equally likely
(a buried starter stays at the bottom, so it is drawn after the rest, with
probability 1). Both modes run the same code.

>>> from cardrules.cards import DECK52, JACK
>>> table = Stops(players=2, hand_size=7, deck=DECK52,
...               effects={7: Effect(draw=1), JACK: Effect(call=True)})
>>> table.effect(7).draw, table.effect(5).draw
(1, 0)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, Literal, NamedTuple, Protocol, cast

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import (
    ALL_CARDS,
    JACK,
    Card,
    Suit,
    cards_of,
    format_cards,
    mask_of,
)
from cardrules.core import bookkeeping
from cardrules.core import changes as changes_core
from cardrules.core import match as match_core
from cardrules.core.changes import with_item
from cardrules.core.checks import (
    check_rng,
    check_rules,
    check_seat,
    check_seed,
    check_view,
    wrong_state,
)
from cardrules.core.match import Match
from cardrules.core.options import BaseRules, build_rules, check_choice, parse_rules_text
from cardrules.core.randomness import Stream
from cardrules.core.sampling import deal_uniformly
from cardrules.core.serial import StateReader, common_to_dict
from cardrules.errors import IllegalMoveError, RecordError, RulesError
from cardrules.frozen import Frozen
from cardrules.game import (
    CHANCE,
    Chance,
    ChanceMode,
    Event,
    Fact,
    Log,
    Origin,
    Outcome,
    Score,
    over_event,
    play_event,
)
from cardrules.moves import (
    DEALS,
    DRAW,
    END_TURN,
    PLAYS,
    ChooseDealer,
    DealCard,
    Draw,
    EndTurn,
    Move,
    Play,
    game_forms,
    not_a_move,
    parse_move_text,
)

__all__ = [
    "CONTINUE",
    "END_DEAL",
    "NO_EFFECT",
    "DealEnd",
    "Effect",
    "GameFunctions",
    "MoveNumbers",
    "Phase",
    "State",
    "Stops",
    "StopsRules",
    "View",
    "apply",
    "begin_deal",
    "cached_table",
    "chance_outcomes",
    "game_functions",
    "game_over",
    "hand_value",
    "legal_moves",
    "mask_value",
    "move_forms",
    "new_game",
    "observe",
    "parse_text",
    "playable",
    "sample",
    "state_from_reader",
    "state_to_dict",
    "to_move",
    "why_illegal",
    "zones",
]

#: ``State.after`` when, after the cards owed are drawn, the same seat goes on.
CONTINUE: Final = -1
#: ``State.after`` when, after the cards owed are drawn, the deal ends.
END_DEAL: Final = -2

SUIT_MASKS: Final = tuple(mask_of(c for c in ALL_CARDS[:52] if c.suit is s) for s in Suit)
RANK_MASKS: Final = tuple(mask_of(c for c in ALL_CARDS[:52] if c.rank == r) for r in range(17))
_RANK_NAMES: Final = {
    **{r: str(r) for r in range(2, 11)},
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}


# --------------------------------------------------------------------------- the table


@attrs.frozen(slots=True)
class Effect:
    """What playing a card of one rank does (data, not code).

    * ``draw``: the next player owes this many cards; he draws them when his
      turn starts, and that is his whole turn (the two-handed game's 7 and 8, rule
      MM-5.1; the standard game's 7, rule MMS-3.1).
    * ``stack``: a player who owes cards may answer with a card of this rank,
      which adds its own ``draw`` for the player after him (stacking sevens).
    * ``skip``: this many players after the next lose their turn (8, or an ace).
    * ``reverse``: the direction of play turns (a 9); with two players it acts
      as a skip, so the same player plays again.
    * ``call``: the player may (or must, see :attr:`Stops.call_required`) name
      a suit that the next card must follow (a jack).
    * ``wild``: playable on any upcard (the standard game's jack).
    * ``on_itself``: whether a card of this rank may be played on a card of
      the same rank (False: the standard game's ``jack_on_jack=False``).
    """

    draw: int = 0
    stack: bool = False
    skip: int = 0
    reverse: bool = False
    call: bool = False
    wild: bool = False
    on_itself: bool = True


#: The effect of an ordinary card.
NO_EFFECT: Final = Effect()

DrawRule = Literal["until_playable", "once"]
AnnouncePenalty = Literal["none", "next_turn", "draw"]


def _effects_table(value: Mapping[int, Effect] | Sequence[Effect]) -> tuple[Effect, ...]:
    if isinstance(value, Mapping):
        return tuple(value.get(rank, NO_EFFECT) for rank in range(17))
    return tuple(value) or (NO_EFFECT,) * 17


def _rank_set(value: Iterable[int]) -> frozenset[int]:
    return frozenset(value)


#: How ``Stops.values`` is read, for its docs and its error message.
_VALUES_SHAPE: Final = (
    "17 whole numbers indexed by card rank: 0 and 1 unused (give 0), 2 to 10 the pip "
    "cards, 11 jack, 12 queen, 13 king, 14 ace, 15 little joker, 16 big joker"
)


def _values_table(value: Sequence[int]) -> tuple[int, ...]:
    """``values`` checked: the points of each rank, as the scoring reads them (by rank)."""
    if isinstance(value, Mapping):
        raise RulesError(
            f"Stops(values=...) must be {_VALUES_SHAPE}, not a mapping; from a mapping of rank to "
            "points, give tuple(points.get(rank, 0) for rank in range(17))"
        )
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise RulesError(f"Stops(values=...) must be {_VALUES_SHAPE}, not {value!r}")
    table = tuple(value)
    wrong = [v for v in table if isinstance(v, bool) or not isinstance(v, int)]
    if wrong:
        raise RulesError(
            f"Stops(values=...) must be {_VALUES_SHAPE}; {wrong[0]!r} is no whole number"
        )
    if len(table) != 17:
        hint = (
            ": for ranks 2 to ace alone, put (0, 0) before and (0, 0) after them"
            if len(table) == 13
            else ""
        )
        raise RulesError(
            f"Stops(values=...) must be {_VALUES_SHAPE}, not {len(table)} numbers{hint}"
        )
    return table


_CALL_STYLES: dict[tuple[int, bool, bool, bool], int] = {}


def _call_style(key: tuple[int, bool, bool, bool]) -> int:
    """A small number for each way of calling and announcing (the plays cache key)."""
    return _CALL_STYLES.setdefault(key, len(_CALL_STYLES))


# Defined before Stops, whose field names it: the compiled build reads the annotations of
# an attrs class when it makes the class, and a native class it has not made yet crashes it.
class _Hot(Frozen):
    """What every move reads of a :class:`Stops` table (its ``hot`` field).

    A plain frozen class, not attrs, so that the compiled build makes it native: the
    fields of the attrs table are Python attributes, each read looked up by name.
    The fields are the table's own, but ``choice_ranks``, a mask of ranks (bit ``r``
    for rank ``r``), ``draw_once``, whether the draw rule is ``"once"``, and
    ``plays[kind]``, :func:`_card_plays` of each kind.
    """

    __slots__ = (
        "announce",
        "announce_penalty",
        "call_mask",
        "call_required",
        "called_masks",
        "choice_ranks",
        "deck_mask",
        "draw_once",
        "draw_penalty",
        "effects",
        "free_masks",
        "match_masks",
        "players",
        "plays",
        "restock",
        "stack_masks",
        "voluntary_draw",
    )
    __match_args__: ClassVar[tuple[str, ...]] = (
        "players",
        "match_masks",
        "called_masks",
        "stack_masks",
        "free_masks",
        "call_mask",
        "call_required",
        "choice_ranks",
        "restock",
        "voluntary_draw",
        "draw_once",
        "draw_penalty",
        "deck_mask",
        "announce",
        "announce_penalty",
        "plays",
        "effects",
    )
    players: int
    match_masks: tuple[int, ...]
    called_masks: tuple[int, ...]
    stack_masks: tuple[int, ...]
    free_masks: tuple[int, ...]
    call_mask: int
    call_required: bool
    choice_ranks: int
    restock: bool
    voluntary_draw: bool
    draw_once: bool
    draw_penalty: int
    deck_mask: int
    announce: bool
    announce_penalty: str
    plays: tuple[tuple[tuple[Play, ...], ...], ...]
    effects: tuple[Effect, ...]

    def __init__(
        self,
        players: int,
        match_masks: tuple[int, ...],
        called_masks: tuple[int, ...],
        stack_masks: tuple[int, ...],
        free_masks: tuple[int, ...],
        call_mask: int,
        call_required: bool,
        choice_ranks: int,
        restock: bool,
        voluntary_draw: bool,
        draw_once: bool,
        draw_penalty: int,
        deck_mask: int,
        announce: bool,
        announce_penalty: str,
        plays: tuple[tuple[tuple[Play, ...], ...], ...],
        effects: tuple[Effect, ...],
    ) -> None:
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "match_masks", match_masks)
        object.__setattr__(self, "called_masks", called_masks)
        object.__setattr__(self, "stack_masks", stack_masks)
        object.__setattr__(self, "free_masks", free_masks)
        object.__setattr__(self, "call_mask", call_mask)
        object.__setattr__(self, "call_required", call_required)
        object.__setattr__(self, "choice_ranks", choice_ranks)
        object.__setattr__(self, "restock", restock)
        object.__setattr__(self, "voluntary_draw", voluntary_draw)
        object.__setattr__(self, "draw_once", draw_once)
        object.__setattr__(self, "draw_penalty", draw_penalty)
        object.__setattr__(self, "deck_mask", deck_mask)
        object.__setattr__(self, "announce", announce)
        object.__setattr__(self, "announce_penalty", announce_penalty)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "effects", effects)

    def _values(self) -> tuple[object, ...]:
        return (
            self.players,
            self.match_masks,
            self.called_masks,
            self.stack_masks,
            self.free_masks,
            self.call_mask,
            self.call_required,
            self.choice_ranks,
            self.restock,
            self.voluntary_draw,
            self.draw_once,
            self.draw_penalty,
            self.deck_mask,
            self.announce,
            self.announce_penalty,
            self.plays,
            self.effects,
        )


@attrs.frozen(slots=True, kw_only=True)
class Stops:
    """The table of a Stops game: its deck, the effect of each rank, and its flags.

    The module docs show the tables of both Mau Mau games. Fields:

    * ``players``, ``hand_size``, ``deck`` (the cards of the game, index order);
    * ``effects``: an :class:`Effect` per rank (a mapping rank -> effect; the
      other ranks have :data:`NO_EFFECT`);
    * ``choice_ranks``: ranks of the J/7/8 option (rule MM-4.3: may draw instead of
      playing a card of the upcard's rank when it is the only kind playable and
      not of the suit to follow);
    * ``call_own_suit``: a calling card may name its own suit;
      ``call_required``: it must name one (otherwise playing it without a call
      lets the next player play any card);
    * ``draw_rule``: ``"until_playable"`` or ``"once"`` (see the module docs);
      ``voluntary_draw``: drawing allowed while holding a playable card;
      ``draw_penalty``: points it costs, at most once per turn;
      ``penalty_to``: ``"offender"`` (deducted) or ``"others"`` (credited);
    * ``announce``: whether the play leaving one card may carry ``announce``;
      ``announce_penalty``: ``"none"``, ``"next_turn"`` or ``"draw"``;
      ``announce_cards``: the cards it costs; ``announce_ends_turn``;
    * ``last_card_effects``: cards owed by a last card are still drawn;
    * ``starter_effects``: the starter acts as if the dealer had played it
      (a calling starter names no suit);
      ``bury_ranks``: starters of these ranks go to the bottom of the stock;
    * ``restock``: an empty stock is rebuilt from the discard pile;
    * ``values``: the points of a card left in a hand, for scoring: 17 whole numbers
      indexed by card rank (0 and 1 unused, give 0; 2 to 10 the pip cards, 11 jack,
      12 queen, 13 king, 14 ace, 15 little joker, 16 big joker), so that
      ``values[card.rank]`` is a card's value; any other shape is refused with a
      :class:`~cardrules.errors.RulesError` when the table is made;
    * ``rule_ids``: the game's rule identifiers that error messages cite, as (kind,
      identifier) pairs; the kinds are ``match``, ``sevens``, ``call``, ``own_suit``,
      ``last_call``, ``must_play``, ``drawn_only``, ``end_turn`` and ``announce``.
    """

    players: int
    hand_size: int
    deck: tuple[Card, ...]
    # cast(Any, default): compiled, a class-body value is checked against the type inferred
    # for it, and attrs.field(default=X) would be taken for the type of X.
    effects: tuple[Effect, ...] = attrs.field(converter=_effects_table, default=cast(Any, ()))
    choice_ranks: frozenset[int] = attrs.field(converter=_rank_set, default=cast(Any, frozenset()))
    call_own_suit: bool = False
    call_required: bool = False
    draw_rule: DrawRule = "until_playable"
    voluntary_draw: bool = False
    draw_penalty: int = 0
    penalty_to: Literal["offender", "others"] = "offender"
    announce: bool = True
    announce_penalty: AnnouncePenalty = "next_turn"
    announce_cards: int = 1
    announce_ends_turn: bool = True
    last_card_effects: bool = True
    starter_effects: bool = False
    bury_ranks: frozenset[int] = attrs.field(converter=_rank_set, default=cast(Any, frozenset()))
    restock: bool = True
    values: tuple[int, ...] = attrs.field(
        converter=_values_table, default=cast(Any, tuple(range(17)))
    )
    # cast(Any, default): compiled, a class-body value is checked against the type inferred
    # for it, and attrs.field(default=X) would be taken for the type of X.
    rule_ids: tuple[tuple[str, str], ...] = attrs.field(default=cast(Any, ()), eq=False, repr=False)
    # Derived tables, for speed (see __attrs_post_init__).
    deck_mask: int = attrs.field(init=False, eq=False, repr=False)
    match_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    called_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    stack_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    free_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    call_mask: int = attrs.field(init=False, eq=False, repr=False)
    call_style: int = attrs.field(init=False, eq=False, repr=False)
    hot: _Hot = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        effects = self.effects
        if len(effects) != 17:
            raise RulesError("effects must give one Effect per rank 0..16")
        if list(self.deck) != sorted(self.deck):
            raise RulesError("the deck must list its cards in index order")
        check_choice("draw_rule", self.draw_rule, ("until_playable", "once"))
        check_choice("announce_penalty", self.announce_penalty, ("none", "next_turn", "draw"))
        check_choice("penalty_to", self.penalty_to, ("offender", "others"))
        deck_mask = mask_of(self.deck)
        wild = 0
        calls = 0
        for rank, effect in enumerate(effects):
            if effect.wild:
                wild |= RANK_MASKS[rank]
            if effect.call:
                calls |= RANK_MASKS[rank]
        match_masks = []
        for card in ALL_CARDS[:52]:
            base = SUIT_MASKS[card.suit or 0] | RANK_MASKS[card.rank] | wild
            if not effects[card.rank].on_itself:
                base &= ~RANK_MASKS[card.rank]
            match_masks.append(base & deck_mask)
        called_masks = []
        for rank in range(17):
            for suit in Suit:
                base = SUIT_MASKS[suit] | RANK_MASKS[rank] | wild
                if not effects[rank].on_itself:
                    base &= ~RANK_MASKS[rank]
                called_masks.append(base & deck_mask)
        stack_masks = tuple(
            RANK_MASKS[rank] & deck_mask if effects[rank].stack else 0 for rank in range(17)
        )
        # Free play (a calling card played without a call, or a calling starter):
        # any card, except one of the upcard's rank when that rank may not go on itself.
        free_masks = tuple(
            deck_mask & ~RANK_MASKS[rank] if not effects[rank].on_itself else deck_mask
            for rank in range(17)
        )
        for name, value in (
            ("deck_mask", deck_mask),
            ("free_masks", free_masks),
            ("match_masks", tuple(match_masks)),
            ("called_masks", tuple(called_masks)),
            ("stack_masks", stack_masks),
            ("call_mask", calls & deck_mask),
            (
                "call_style",
                _call_style((calls, self.call_own_suit, self.call_required, self.announce)),
            ),
        ):
            object.__setattr__(self, name, value)
        choice_ranks = 0
        for rank in self.choice_ranks:
            choice_ranks |= 1 << rank
        hot = _Hot(
            self.players,
            tuple(match_masks),
            tuple(called_masks),
            stack_masks,
            free_masks,
            self.call_mask,
            self.call_required,
            choice_ranks,
            self.restock,
            self.voluntary_draw,
            self.draw_rule == "once",
            self.draw_penalty,
            deck_mask,
            self.announce,
            self.announce_penalty,
            tuple(_card_plays(self, kind) for kind in range(3)),
            effects,
        )
        object.__setattr__(self, "hot", hot)

    def effect(self, rank: int) -> Effect:
        """The effect of playing a card of ``rank``."""
        return self.effects[rank]


def hand_value(stops: Stops, hand: int) -> int:
    """The point value of the cards of a hand mask (``stops.values`` by rank).

    >>> from cardrules.cards import DECK52, parse_cards
    >>> table = Stops(players=2, hand_size=7, deck=DECK52)
    >>> hand_value(table, mask_of(parse_cards("2C 10H AS")))
    26
    """
    return mask_value(stops.values, hand)


def mask_value(values: Sequence[int], hand: int) -> int:
    """The point value of the cards of a hand mask, with ``values`` by rank (index 2..14).

    >>> from cardrules.cards import parse_cards
    >>> values = (0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 10, 10, 11)
    >>> mask_value(values, mask_of(parse_cards("JS 2H")))
    22
    """
    total = 0
    while hand:
        low = hand & -hand
        total += values[ALL_CARDS[low.bit_length() - 1].rank]
        hand ^= low
    return total


# Each game's Rules derives from this class, in this library or outside it: the compiled
# build must accept subclasses wherever the class is expected, not this class alone.
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class StopsRules(BaseRules):
    """Base class of the ``Rules`` of a Stops game: they carry their table as ``stops``.

    A game's ``Rules.__attrs_post_init__`` validates its options and stores the
    :class:`Stops` built from them with ``set_resolved(self, "stops", ...)``.
    """

    stops: Stops = attrs.field(init=False, eq=False, repr=False)


_TABLES: dict[tuple[object, ...], Stops] = {}
#: The options no table depends on: the first dealer and the safety caps.
_NOT_IN_TABLES: Final = frozenset(field.name for field in attrs.fields(BaseRules))


def cached_table(rules: StopsRules, build: Callable[[Any], Stops]) -> Stops:
    """``build(rules)``, the game's table for these rules, built once for each set of
    options (the first dealer and the caps aside): rules are made often, tables rarely.

    A game's ``Rules.__attrs_post_init__`` calls it once all its options are checked
    and resolved (they make the key): ``set_resolved(self, "stops", cached_table(self, build))``.
    """
    fields = attrs.fields(type(rules))
    options = (getattr(rules, f.name) for f in fields if f.init and f.name not in _NOT_IN_TABLES)
    key = (build, *options)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = build(rules)
    return table


# --------------------------------------------------------------------------- the state


class Phase(enum.IntEnum):
    """Where a game stands."""

    CHOOSE_DEALER = 0  # explicit chance: the first dealer is drawn
    DEALING = 1  # explicit chance: a card is dealt or the starter turned
    PLAYING = 2  # a seat chooses
    DRAWING = 3  # explicit chance: a card is drawn from the stock
    SCORING = 4  # the deal is over; the game module scores it (never seen outside apply)
    OVER = 5


class State(NamedTuple):
    """A complete position of a Stops game. Use the functions; never build one by hand.

    Hands, the discard pile (the cards under the upcard) and the knowledge
    masks are card masks. ``stock`` is the stock top card first (seeded mode)
    or in index order (explicit mode, where its order is not yet decided);
    ``buried`` are starters put under the stock, drawn after it. ``called`` is
    the suit a jack named, ``free`` says the last calling card named none (any
    card may follow). ``pending`` counts cards owed by the seat on turn (only
    while he may answer them), ``passes`` the passes in succession, ``drawn``
    the card drawn this turn under the draw-once rule, ``charged`` the seat
    charged the drawing penalty in its current turn (a turn lasts until another
    seat makes a move; rule MM-4.2), or None. In explicit mode ``owed`` cards are
    still to be drawn by the seat on turn, and ``after`` says what follows (a
    seat, :data:`CONTINUE` or :data:`END_DEAL`); ``dealt`` counts cards dealt.
    ``unannounced`` has bit ``s`` when seat ``s``'s last one-card play was not
    announced; ``penalties`` are the drawing penalties of the deal; ``absent`` and
    ``allowance`` are public knowledge: seat ``s`` holds at most ``allowance[s]``
    cards of ``absent[s]`` (see :func:`sample`); ``restocks`` counts restocks.
    """

    rules: StopsRules
    seed: int
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    phase: Phase
    hands: tuple[int, ...]
    stock: tuple[Card, ...]
    buried: tuple[Card, ...]
    pile: int
    upcard: Card | None
    called: Suit | None
    free: bool
    turn: int
    direction: int
    pending: int
    passes: int
    drawn: Card | None
    charged: int | None
    owed: int
    after: int
    dealt: int
    unannounced: int
    penalties: tuple[int, ...]
    absent: tuple[int, ...]
    allowance: tuple[int, ...]
    restocks: int
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None
    outcome: Outcome | None


_new: Final = tuple.__new__
_PLAYING: Final = Phase.PLAYING
# Compiled, a Final name is a constant, the name of a class that is not native (a named
# tuple, an attrs class) a lookup in the module's dict at every use: the hot path names
# these classes through constants.
_STATE: Final = State
_DRAW: Final = Draw
_END_TURN: Final = EndTurn
_FIELD_INDEX: Final[dict[str, int]] = changes_core.field_index(State)


def _with(state: State, **changes: Any) -> State:
    """``state._replace(**changes)``, faster (see :mod:`cardrules.core.changes`)."""
    return changes_core.replaced(state, _FIELD_INDEX, changes)


def new_game(
    rules: StopsRules,
    *,
    seed: int,
    deck: Sequence[Card] | None,
    chance: ChanceMode,
) -> State:
    """A new game with its first deal dealt (or, with explicit chance, about to be).

    Returns a state in :attr:`Phase.SCORING` if the first deal is blocked at once.
    """
    seed = check_seed(seed)
    check_choice("chance", chance, ("seeded", "explicit"))
    stops = rules.stops
    order = match_core.first_deal_order(deck, stops.deck, chance)
    players = stops.players
    zeros = (0,) * players
    start = State(
        rules,
        seed,
        chance,
        order,
        Match.start(rules.first_dealer or 0, players),
        Phase.CHOOSE_DEALER,
        zeros,
        stops.deck,
        (),
        0,
        None,
        None,
        False,
        0,
        1,
        0,
        0,
        None,
        None,
        0,
        0,
        0,
        0,
        zeros,
        zeros,
        zeros,
        0,
        0,
        Log.EMPTY,
        Log.EMPTY,
        None,
    )
    if chance == "explicit" and rules.first_dealer is None:
        return start
    dealer = match_core.first_dealer(rules, seed, players)
    return begin_deal(start, Match.start(dealer, players), start.log, order)


def begin_deal(
    state: State, match: Match, log: Log[Event], order: Sequence[Card] | None = None
) -> State:
    """Start deal ``match.deal_number``: deal it at once (seeded) or wait for chance.

    ``order`` fixes the deal's cards, top first (the first deal's ``deck``). The cards
    go out one at a time from the dealer's left, then the starter is turned, and the
    player on the dealer's left plays first (rules MM-2.2, MM-3.1, MMS-1.4).
    """
    stops = state.rules.stops
    players = stops.players
    log = log.append(
        Event(
            "deal",
            match.dealer,
            value=stops.hand_size,
            text=f"deal {match.deal_number + 1}: seat {match.dealer} deals "
            f"{stops.hand_size} cards each",
        )
    )
    if order is not None:
        stock = tuple(order)
    elif state.chance == "explicit":
        stock = stops.deck
    else:
        stock = tuple(match_core.shuffled(state.seed, match.deal_number, stops.deck))
    zeros = (0,) * players
    hands, dealt = zeros, 0
    if state.chance != "explicit" or order is not None:
        # The hands at once, as _deal_card deals them card by card from the dealer's
        # left: one new state instead of one per card.
        dealt = players * stops.hand_size
        dealing = [0] * players
        for i in range(dealt):
            dealing[(match.dealer + 1 + i) % players] |= stock[i].bit
        hands, stock = tuple(dealing), stock[dealt:]
    fresh = _with(
        state,
        match=match,
        phase=Phase.DEALING,
        hands=hands,
        stock=stock,
        buried=(),
        pile=0,
        upcard=None,
        called=None,
        free=False,
        turn=(match.dealer + 1) % players,
        direction=1,
        pending=0,
        passes=0,
        drawn=None,
        charged=None,
        owed=0,
        after=0,
        dealt=dealt,
        unannounced=0,
        penalties=zeros,
        absent=zeros,
        allowance=zeros,
        restocks=0,
        log=log,
    )
    if state.chance == "explicit" and order is None:
        return fresh
    while fresh.phase is Phase.DEALING:
        fresh = _deal_card(fresh, fresh.stock[0] if fresh.stock else fresh.buried[0])
    return fresh


def _take(state: State, card: Card) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The stock and the buried cards once ``card`` is taken from them."""
    stock = state.stock
    if stock:
        if stock[0] is card:
            return stock[1:], state.buried
        return tuple(c for c in stock if c is not card), state.buried
    return stock, state.buried[1:]


def _deal_card(state: State, card: Card) -> State:
    """The next card of the deal: to a hand, or turned as the starter."""
    stops = state.rules.stops
    players = stops.players
    stock, buried = _take(state, card)
    dealer = state.match.dealer
    if state.dealt < players * stops.hand_size:
        seat = (dealer + 1 + state.dealt) % players
        hands = list(state.hands)
        hands[seat] |= card.bit
        return _with(state, hands=tuple(hands), stock=stock, buried=buried, dealt=state.dealt + 1)
    if card.rank in stops.bury_ranks and stock:
        log = state.log.append(
            Event(
                "bury",
                cards=(card,),
                text=f"starter {card} is put at the bottom of the stock; the next card is turned",
            )
        )
        return _with(state, stock=stock, buried=(*buried, card), log=log)
    log = state.log.append(Event("starter", cards=(card,), text=f"starter: {card}"))
    state = _with(state, stock=stock, buried=buried, upcard=card, phase=Phase.PLAYING, log=log)
    first = (dealer + 1) % players
    if stops.starter_effects:
        effect = stops.effects[card.rank]
        if effect != NO_EFFECT:
            return _starter_effect(state, card, effect)
    return _begin_turn(state, first)


def _starter_effect(state: State, card: Card, effect: Effect) -> State:
    """The starter acts as if the dealer had played it, naming no suit."""
    players = state.rules.stops.players
    dealer = state.match.dealer
    direction, step = _direction_and_step(effect, players, 1)
    log = state.log.append(
        Event("starter effect", cards=(card,), text=f"the starter {card} takes effect")
    )
    state = _with(
        state,
        direction=direction,
        pending=effect.draw,
        free=effect.call,
        log=log,
    )
    return _begin_turn(state, (dealer + direction * step) % players)


def _direction_and_step(effect: Effect, players: int, direction: int) -> tuple[int, int]:
    """The new direction, and how many seats on the next player is."""
    step = 1 + effect.skip
    if effect.reverse:
        if players == 2:
            step += 1  # with two players a reverse acts as a skip
        else:
            direction = -direction
    return direction, step


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | Chance | None:
    """The seat to move, CHANCE at a random event (explicit chance), None when over."""
    phase = state.phase
    if phase is _PLAYING:
        return state.turn
    if phase is Phase.OVER:
        return None
    return CHANCE


def playable(state: State, hand: int | None = None) -> int:
    """The mask of the cards of ``hand`` (default: the hand on turn) that may be played.

    This is the matching rule only (suit or rank, a called suit, free play,
    wild ranks, cards owed); the draw-once rule is applied by :func:`legal_moves`.
    """
    if hand is None:
        hand = state.hands[state.turn]
    return _playable(state.rules.stops.hot, state, hand)


def _playable(hot: _Hot, state: State, hand: int) -> int:
    """:func:`playable`, given the table's ``hot`` values (the hot path reads them once)."""
    up = state.upcard
    if up is None:
        return 0
    if state.pending:
        return hand & hot.stack_masks[up.rank]
    if state.free:
        return hand & hot.free_masks[up.rank]
    if state.called is not None:
        return hand & hot.called_masks[4 * up.rank + state.called]
    return hand & hot.match_masks[up.index]


def _option_cards(state: State | View, up: Card) -> int:
    """The cards the J/7/8 option (rule MM-4.3) lets a player keep: of the upcard's rank,
    and not of the suit to follow. After a called jack that suit is the called one, so a
    jack of the called suit follows suit and must be played like any card of it."""
    cards = RANK_MASKS[up.rank]
    if state.called is not None:
        cards &= ~SUIT_MASKS[state.called]
    return cards


def _optional(hot: _Hot, state: State | View, up: Card, plays: int) -> bool:
    """The J/7/8 option (rule MM-4.3): the upcard is a J, 7 or 8, the player cannot follow
    suit (the called suit after a called jack, otherwise the upcard's suit) and his
    only playable cards are of the upcard's rank: he may draw instead. ``hot`` is the
    table's ``hot`` values, which the hot path has read already."""
    return bool(hot.choice_ranks >> up.rank & 1 and not plays & ~_option_cards(state, up))


def _can_draw(state: State) -> bool:
    """Whether a card can be drawn (from the stock, or after a restock)."""
    return bool(state.stock or state.buried or (state.pile and state.rules.stops.hot.restock))


def _may_draw(hot: _Hot, state: State, plays: int) -> bool:
    """Whether the seat on turn may choose to draw (no cards owed, nothing drawn yet)."""
    if not (state.stock or state.buried or (state.pile and hot.restock)):
        return False  # no card can be drawn (see _can_draw)
    if hot.voluntary_draw or not plays:
        return True
    up = state.upcard
    assert up is not None
    return _optional(hot, state, up, plays)


#: The plays of each card (by index), keyed by ``3 * call_style + kind``.
_CARD_PLAYS: dict[int, tuple[tuple[Play, ...], ...]] = {}


def _variants(stops: Stops, card: Card, kind: int) -> tuple[Play, ...]:
    """Every play of ``card``: kind 0 = ordinary, 1 = leaves one card, 2 = last card."""
    calls: list[Suit | None] = []
    if kind != 2 and card.bit & stops.call_mask:
        if not stops.call_required:
            calls.append(None)
        calls.extend(s for s in Suit if stops.call_own_suit or s is not card.suit)
    else:
        calls.append(None)
    announces = (False, True) if kind == 1 and stops.announce else (False,)
    return tuple(
        PLAYS[card.index] if call is None and not announce else Play(card, call, announce)
        for call in calls
        for announce in announces
    )


def _card_plays(stops: Stops, kind: int) -> tuple[tuple[Play, ...], ...]:
    """The plays of each card (by index) of a kind (see :func:`_variants`), made once
    for each way of calling and announcing; the table keeps them as ``hot.plays``."""
    key = 3 * stops.call_style + kind
    table = _CARD_PLAYS.get(key)
    if table is None:
        table = _CARD_PLAYS[key] = tuple(_variants(stops, card, kind) for card in ALL_CARDS)
    return table


def _plays_of(table: tuple[tuple[Play, ...], ...], mask: int) -> tuple[Play, ...]:
    """Every play of the cards of ``mask``, by card index (``table``: :func:`_card_plays`).

    A playable mask holds a few cards at most, so walking its bits through a
    per-card table beats caching whole masks (most masks are new).
    """
    plays: tuple[Play, ...] = ()
    while mask:
        low = mask & -mask
        plays += table[low.bit_length() - 1]
        mask ^= low
    return plays


_DRAW_ALONE: Final[tuple[Move, ...]] = (DRAW,)
_END_TURN_ALONE: Final[tuple[Move, ...]] = (END_TURN,)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in canonical order; ``()`` if and only if the game is over.

    Plays come by card index; the versions of one card's play are the plain
    play, its announcement, then each call (with and without announcement);
    then ``draw``, then ``end turn``.
    """
    phase = state.phase
    if phase is _PLAYING:
        hot = state.rules.stops.hot
        hand = state.hands[state.turn]
        plays = _playable(hot, state, hand)
        size = hand.bit_count()
        table = hot.plays[2 if size == 1 else 1 if size == 2 else 0]  # see _variants
        # Tuples joined with +: cheaper than unpacking into a new one, compiled or not.
        if state.pending:
            return _plays_of(table, plays) + _DRAW_ALONE
        drawn = state.drawn
        if drawn is not None:
            return _plays_of(table, plays & drawn.bit) + _END_TURN_ALONE
        moves = _plays_of(table, plays)
        if _may_draw(hot, state, plays):
            return moves + _DRAW_ALONE
        return moves
    if phase is Phase.OVER or phase is Phase.SCORING:
        return ()
    return tuple(move for move, _ in chance_outcomes(state))


def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
    """At a CHANCE step, each possible outcome with its probability; else ``()``."""
    phase = state.phase
    if phase is Phase.DEALING or phase is Phase.DRAWING:
        stock = state.stock
        if stock:
            p = 1 / len(stock)
            return tuple((DEALS[card.index], p) for card in stock)
        return ((DEALS[state.buried[0].index], 1.0),)
    if phase is Phase.CHOOSE_DEALER:
        players = state.rules.stops.players
        return tuple((ChooseDealer(seat), 1 / players) for seat in range(players))
    return ()


# --------------------------------------------------------------------------- applying


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

    Forced draws, passes, restocks and the next turn happen inside. When the
    deal ends the result is in :attr:`Phase.SCORING`, for the game to score.
    """
    phase = state.phase
    if phase is _PLAYING:
        kind = type(move)
        if kind is Play:
            assert isinstance(move, Play)
            if _play_is_legal(state, move):
                return _capped(_play(state, move))
        elif kind is _DRAW:
            if state.pending:
                return _capped(_draw_owed(_moved(state, move)))
            if state.drawn is None:
                hot = state.rules.stops.hot
                plays = _playable(hot, state, state.hands[state.turn])
                if _may_draw(hot, state, plays):
                    return _capped(_voluntary_draw(state, move, plays))
        elif kind is _END_TURN and state.drawn is not None:
            return _capped(_end_turn(state, move))
    elif phase is Phase.DRAWING or phase is Phase.DEALING:
        if type(move) is DealCard:
            assert isinstance(move, DealCard)
            card = move.card
            if (card in state.stock) if state.stock else (state.buried[:1] == (card,)):
                moved = _with(state, history=changes_core.extended(state.history, move))
                if phase is Phase.DEALING:
                    return _deal_card(moved, card)
                moved = _give(moved, card)
                return _draw_loop(moved, state.owed - 1, state.after)
    elif phase is Phase.CHOOSE_DEALER and type(move) is ChooseDealer:
        assert isinstance(move, ChooseDealer)
        players = state.rules.stops.players
        if 0 <= move.seat < players:
            moved = _with(state, history=changes_core.extended(state.history, move))
            return begin_deal(moved, Match.start(move.seat, players), state.log)
    raise IllegalMoveError(why_illegal(state, move))


def _play_is_legal(state: State, move: Play) -> bool:
    card = move.card
    bit = card.bit
    hand = state.hands[state.turn]
    hot = state.rules.stops.hot
    if not bit & _playable(hot, state, hand):
        return False
    if state.drawn is not None and card is not state.drawn:
        return False
    size = hand.bit_count()
    call = move.call
    if call is not None or (bit & hot.call_mask and hot.call_required and size > 1):
        if size == 1 or not bit & hot.call_mask or call is None:
            return False
        if call is card.suit and not state.rules.stops.call_own_suit:
            return False
    return not move.announce or (size == 2 and hot.announce)


def _moved(state: State, move: Move, **changes: Any) -> State:
    """The state with a seat's move counted and recorded (and ``changes`` made, in the
    same new state)."""
    return _with(
        state,
        moves_made=state.moves_made + 1,
        history=changes_core.extended(state.history, move),
        passes=0,
        charged=state.charged if state.charged == state.turn else None,
        **changes,
    )


def _capped(state: State) -> State:
    """End the game as "truncated" if ``max_moves`` is reached (and the deal is not over)."""
    rules = state.rules
    if (
        rules.max_moves is not None
        and state.moves_made >= rules.max_moves
        and state.phase is not Phase.SCORING
        and state.phase is not Phase.OVER
    ):
        return game_over(state, state.match, state.log, match_core.truncated())
    return state


def game_over(state: State, match: Match, log: Log[Event], outcome: Outcome) -> State:
    """The game ended: phase OVER, the outcome and its event."""
    return _with(
        state, match=match, phase=Phase.OVER, log=log.append(over_event(outcome)), outcome=outcome
    )


def _next_seat(state: State, seat: int, step: int = 1) -> int:
    return (seat + state.direction * step) % state.rules.stops.players


def _play(state: State, move: Play) -> State:
    # One unpacking reads every field at once: cheaper than a dozen attribute reads.
    (
        rules,
        seed,
        chance,
        first_deck,
        match,
        _phase,
        hands,
        stock,
        buried,
        pile,
        up,
        _called,
        _free,
        seat,
        direction,
        pending,
        _passes,
        _drawn,
        charged,
        _owed,
        _after,
        dealt,
        unannounced,
        penalties,
        absent,
        allowance,
        restocks,
        moves_made,
        log,
        history,
        _outcome,
    ) = state
    hot = rules.stops.hot
    card = move.card
    bit = card.bit
    assert up is not None
    hand = hands[seat] & ~bit
    hands = with_item(hands, seat, hand)
    log = log.append(play_event(seat, card))
    effect = hot.effects[card.rank]
    ordinary = effect is NO_EFFECT  # the usual case: the effect's fields are not read
    called = move.call
    free = False
    if called is not None:
        log = log.append(_seat_event("call", seat, int(called)))
    elif not ordinary and effect.call and hand:
        # A jack without a call frees the next play (MM-5.4); a last jack calls nothing
        # (MM-5.5, MMS-3.6).
        free = not hot.call_required
        log = log.append(_seat_event("no call", seat))
    unannounced &= ~(1 << seat)
    if hot.announce and hand.bit_count() == 1:
        if move.announce:
            log = log.append(_seat_event("announce", seat))
        elif hot.announce_penalty != "none":
            log = log.append(_seat_event("unannounced", seat))
            unannounced |= 1 << seat
    if absent[seat] & bit and allowance[seat]:
        allowance = with_item(allowance, seat, allowance[seat] - 1)
    players = hot.players
    if ordinary:
        following = (seat + direction) % players
        pending = 0
    else:
        # Draws (MM-5.1, MMS-3.1), stacking only where the table allows it (MM-5.2),
        # skips and reversals (MMS-3.2 to MMS-3.4).
        direction, step = _direction_and_step(effect, players, direction)
        pending = pending + effect.draw if effect.draw else 0
        following = (seat + direction * step) % players
    # Built for the next turn (turn, drawn), the usual case; see below.
    moved: State = _new(
        _STATE,
        (
            rules,
            seed,
            chance,
            first_deck,
            match,
            _PLAYING,
            hands,
            stock,
            buried,
            pile | up.bit,
            card,
            called,
            free,
            following,
            direction,
            pending,
            0,
            None,
            charged if charged == seat else None,
            0,
            0,
            dealt,
            unannounced,
            penalties,
            absent,
            allowance,
            restocks,
            moves_made + 1,
            log,
            None if history is None else history.append(move),
            None,
        ),
    )
    if not hand:
        # Going out ends the deal, with no call (MM-7.1, MMS-4.2, MMS-5.1); a last 7 or 8
        # still makes the next player draw (MM-7.2, MMS-5.2, SP-1.2).
        moved = _with(moved, log=log.append(_seat_event("out", seat)))
        if pending and rules.stops.last_card_effects:
            return _begin_draw(_with(moved, pending=0), pending, END_DEAL, "owed")
        return _with(moved, phase=Phase.SCORING, pending=0, turn=seat)
    if unannounced >> seat & 1 and hot.announce_penalty == "draw":
        moved = _with(moved, turn=seat)
        return _begin_draw(moved, rules.stops.announce_cards, following, "for not announcing")
    if not pending and not unannounced >> following & 1 and stock:
        return moved  # nothing is forced on the next player (the usual case; see _begin_turn)
    return _begin_turn(moved, following)


def _begin_turn(state: State, seat: int) -> State:
    """The turn of ``seat`` starts: forced steps first, then his choice (or a pass)."""
    stops = state.rules.stops
    if state.turn != seat or state.drawn is not None:
        state = _with(state, turn=seat, drawn=None)
    hand = state.hands[seat]
    if state.pending:
        up = state.upcard
        assert up is not None
        stacking = stops.stack_masks[up.rank]
        if stacking & hand:
            return state  # he may answer with a card of the same rank, or draw
        if stacking:  # the forced draw shows he held no card to answer with
            absent, allowance = _revealed(state, seat, stacking)
            state = _with(state, absent=absent, allowance=allowance)
        return _draw_owed(state)
    if state.unannounced >> seat & 1 and hand.bit_count() == 1:
        why = "for not announcing his last card"
        if not _can_draw(state):
            # He may not play his last card and no card is left to draw: he passes.
            # The omission still bars that card (it is forgotten only once he holds
            # more than one), so this pass counts towards a blocked deal.
            count = stops.announce_cards
            text = f"seat {seat} must draw {_count_text(count)} {why}"
            log = state.log.append(Event("must draw", seat, value=count, text=text))
            log = log.append(_seat_event("no cards", seat))
            return _pass(_with(state, log=log), None)
        state = _with(state, unannounced=state.unannounced & ~(1 << seat))
        then = _next_seat(state, seat) if stops.announce_ends_turn else CONTINUE
        return _begin_draw(state, stops.announce_cards, then, why)
    return _resume(state)


def _resume(state: State) -> State:
    """The seat on turn chooses, unless he can neither play nor draw: then he passes.

    When every seat has passed in succession the deal is blocked (MM-4.4, MMS-2.3).
    """
    if state.stock or state.drawn is not None or playable(state) or _can_draw(state):
        return state
    return _pass(state, playable(state, state.rules.stops.deck_mask))


def _pass(state: State, shown: int | None) -> State:
    """The seat on turn passes; when every player has passed in succession the deal is blocked.

    ``shown``: the cards the pass shows he does not hold (None: it shows nothing).
    """
    seat = state.turn
    players = state.rules.stops.players
    passes = state.passes + 1
    log = state.log.append(_seat_event("pass", seat))
    state = _with(state, passes=passes, log=log)
    if shown is not None:
        absent, allowance = _revealed(state, seat, shown)
        state = _with(state, absent=absent, allowance=allowance)
    if passes >= players:
        log = log.append(Event("blocked", text="the deal is blocked: no one can play or draw"))
        return _with(state, phase=Phase.SCORING, log=log)
    return _begin_turn(state, _next_seat(state, seat))


def _revealed(state: State, seat: int, cards: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Public knowledge: ``seat`` has just shown that he holds none of ``cards``."""
    absent = list(state.absent)
    allowance = list(state.allowance)
    absent[seat] = _absent_after(absent[seat], allowance[seat], cards)
    allowance[seat] = 0
    return tuple(absent), tuple(allowance)


def _absent_after(absent: int, allowance: int, cards: int) -> int:
    """The set a seat holds none of once it shows it holds none of ``cards``.

    While it still holds none of its known set (allowance 0), both sets hold
    exactly, so they join; otherwise the new set replaces the old one, whose
    count is only a bound (the knowledge kept is one set and one count)."""
    return absent | cards if allowance == 0 else cards


def _draw_owed(state: State) -> State:
    """The seat on turn draws the cards he owes; that is his whole turn."""
    owed = state.pending
    seat = state.turn
    # What _begin_draw does, with the debt cleared in the same new state.
    log = state.log.append(_must_draw_event(seat, owed, "owed"))
    state = _with(state, pending=0, log=log)
    return _draw_loop(state, owed, _next_seat(state, seat))


def _begin_draw(state: State, count: int, then: int, why: str = "") -> State:
    """The seat on turn must draw ``count`` cards (a public event), then ``then``."""
    if why:
        state = _with(state, log=state.log.append(_must_draw_event(state.turn, count, why)))
    return _draw_loop(state, count, then)


def _must_draw_event(seat: int, count: int, why: str) -> Event:
    """The public event: ``seat`` must draw ``count`` cards, and why (``"owed"``: no words)."""
    cards = _count_text(count)
    text = (
        f"seat {seat} must draw {cards}"
        if why == "owed"
        else f"seat {seat} must draw {cards} {why}"
    )
    return Event("must draw", seat, value=count, text=text)


def _count_text(count: int) -> str:
    return "a card" if count == 1 else f"{count} cards"


def _draw_loop(state: State, count: int, then: int) -> State:
    """Draw ``count`` cards for the seat on turn (chance steps in explicit mode).

    An empty stock is rebuilt from the discard pile when the table allows it, and a
    seat owing more cards than exist takes what there is (MM-4.4, MMS-2.3).
    """
    while count > 0:
        if not state.stock and not state.buried:
            if state.pile and state.rules.stops.restock:
                state = _restock(state)
            else:
                if count:
                    seat = state.turn
                    state = _with(state, log=state.log.append(_seat_event("no cards", seat)))
                break
        if state.chance == "explicit":
            return _with(state, phase=Phase.DRAWING, owed=count, after=then)
        state = _give(state, state.stock[0] if state.stock else state.buried[0])
        count -= 1
    if state.phase is Phase.DRAWING:
        state = _with(state, phase=Phase.PLAYING, owed=0, after=0)
    if then == CONTINUE:
        return _resume(state)
    if then == END_DEAL:
        return _with(state, phase=Phase.SCORING)
    return _begin_turn(state, then)


#: The text of each recurring event of a seat ("{suit}": the suit a call names).
_SEAT_EVENT_TEXTS: Final = {
    "call": "seat {seat} calls {suit}",
    "no call": "seat {seat} calls no suit: any card may follow",
    "announce": "seat {seat}: one card!",
    "unannounced": "seat {seat} did not announce his last card",
    "out": "seat {seat} goes out",
    "pass": "seat {seat} can neither play nor draw",
    "no cards": "no card is left for seat {seat} to draw",
    "draw": "seat {seat} draws a card",
    "end turn": "seat {seat} ends his turn",
}
_SEAT_EVENTS: dict[tuple[str, int, int | None], Event] = {}


def _seat_event(kind: str, seat: int, value: int | None = None) -> Event:
    """The event ``kind`` of ``seat``, shared: events are immutable and these recur
    every few moves, so building each once saves the cost on the hot path."""
    key = (kind, seat, value)
    event = _SEAT_EVENTS.get(key)
    if event is None:
        suit = Suit(value).plural if kind == "call" and value is not None else ""
        text = _SEAT_EVENT_TEXTS[kind].format(seat=seat, suit=suit)
        event = _SEAT_EVENTS[key] = Event(kind, seat, value=value, text=text)
    return event


#: The most frequent events, by seat (no key to hash).
_DRAW_EVENTS: Final = tuple(_seat_event("draw", seat) for seat in range(8))
_END_TURN_EVENTS: Final = tuple(_seat_event("end turn", seat) for seat in range(8))


def _give(state: State, card: Card, move: Move | None = None, shown: int | None = None) -> State:
    """``card`` leaves the stock for the hand of the seat on turn.

    With ``move`` (the seat's own ``draw``) the move is counted and recorded in
    the same step, and with ``shown`` the draw also showed that the seat held
    none of those cards: one new state per draw instead of two.
    """
    (
        rules,
        seed,
        chance,
        first_deck,
        match,
        phase,
        hands,
        stock,
        buried,
        pile,
        upcard,
        called,
        free,
        seat,
        direction,
        pending,
        passes,
        _drawn,
        charged,
        owed,
        after,
        dealt,
        unannounced,
        penalties,
        absent,
        allowance,
        restocks,
        moves_made,
        log,
        history,
        outcome,
    ) = state
    if stock:
        stock = stock[1:] if stock[0] is card else tuple(c for c in stock if c is not card)
    else:
        buried = buried[1:]
    if move is not None:
        moves_made += 1
        passes = 0
        if history is not None:
            history = history.append(move)
        if charged != seat:
            charged = None
    hands = with_item(hands, seat, hands[seat] | card.bit)
    held = absent[seat]
    allowed = allowance[seat]
    if shown is not None:
        held = _absent_after(held, allowed, shown)
        allowed = 0
        absent = with_item(absent, seat, held)
    if held and allowed < held.bit_count():
        # He may now hold one more card of the set, but never more than the set
        # holds (so the count stays bounded, however many restocks a deal has).
        allowed += 1
    if allowed != allowance[seat]:
        allowance = with_item(allowance, seat, allowed)
    return _new(
        _STATE,
        (
            rules,
            seed,
            chance,
            first_deck,
            match,
            phase,
            hands,
            stock,
            buried,
            pile,
            upcard,
            called,
            free,
            seat,
            direction,
            pending,
            passes,
            card if rules.stops.hot.draw_once else None,
            charged,
            owed,
            after,
            dealt,
            unannounced & ~(1 << seat),
            penalties,
            absent,
            allowance,
            restocks,
            moves_made,
            log.append(_DRAW_EVENTS[seat] if seat < 8 else _seat_event("draw", seat)),
            history,
            outcome,
        ),
    )


def _restock(state: State) -> State:
    """The discard pile under the upcard becomes the new stock, shuffled."""
    cards = cards_of(state.pile)
    if state.chance == "explicit":
        stock = cards
    else:
        stream = Stream(state.seed, "restock", state.match.deal_number, state.restocks)
        stock = tuple(stream.shuffle(cards))
    log = state.log.append(
        Event(
            "restock",
            value=len(cards),
            text=f"the discard pile ({len(cards)} cards) is shuffled into a new stock",
        )
    )
    return _with(state, stock=stock, pile=0, restocks=state.restocks + 1, log=log)


def _voluntary_draw(state: State, move: Move, plays: int) -> State:
    """The seat on turn chooses to draw a card (``plays``: his playable cards); his turn goes on.

    Drawing one card at a time until able to play (MM-4.1), or once, after which only
    the drawn card may be played (MMS-2.2).
    """
    hot = state.rules.stops.hot
    seat = state.turn
    up = state.upcard
    assert up is not None
    offence = bool(plays) and not _optional(hot, state, up, plays)
    charged = state.charged == seat  # already charged in this turn
    if offence and hot.draw_penalty and not charged:
        return _draw_loop(_charge(_moved(state, move), seat), 1, CONTINUE)
    shown = None
    if not hot.voluntary_draw or (hot.draw_penalty and not charged):
        # The draw shows that he held no card he was bound to play.
        shown = _playable(hot, state, hot.deck_mask)
        if hot.choice_ranks >> up.rank & 1:  # the J/7/8 option's cards show nothing
            shown &= ~_option_cards(state, up)
    if state.stock and state.chance == "seeded":
        return _resume(_give(state, state.stock[0], move, shown))  # the usual case, in one step
    if shown is None:
        return _draw_loop(_moved(state, move), 1, CONTINUE)
    absent, allowance = _revealed(state, seat, shown)
    state = _with(
        state,
        moves_made=state.moves_made + 1,
        history=changes_core.extended(state.history, move),
        passes=0,
        charged=None,
        absent=absent,
        allowance=allowance,
    )
    return _draw_loop(state, 1, CONTINUE)


def _charge(state: State, seat: int) -> State:
    """The drawing penalty (the 50 points of rule MM-4.2), once per turn."""
    stops = state.rules.stops
    points = stops.draw_penalty
    if stops.penalty_to == "offender":
        penalties = tuple(p - points if s == seat else p for s, p in enumerate(state.penalties))
        text = f"seat {seat} draws holding a playable card: {points} points off"
    else:
        penalties = tuple(p if s == seat else p + points for s, p in enumerate(state.penalties))
        text = f"seat {seat} draws holding a playable card: {points} points to the opponent"
    log = state.log.append(Event("penalty", seat, value=points, text=text))
    return _with(state, penalties=penalties, charged=seat, log=log)


def _end_turn(state: State, move: Move) -> State:
    seat = state.turn
    following = _next_seat(state, seat)
    # The move, its event and the next turn in one new state, not three.
    state = _moved(
        state,
        move,
        log=state.log.append(_END_TURN_EVENTS[seat] if seat < 8 else _seat_event("end turn", seat)),
        turn=following,
        drawn=None,
    )
    return _begin_turn(state, following)


# --------------------------------------------------------------------------- errors


def move_forms(state: State) -> tuple[str, ...]:
    """The text forms this game's moves take, as a typo's message lists them."""
    stops = state.rules.stops
    forms = ["play CARD"]
    if any(effect.call for effect in stops.effects):
        forms.append("play CARD call SUIT")
    if stops.announce:
        forms.append("play CARD announce")
    forms.append("draw")
    if stops.draw_rule == "once":
        forms.append("end turn")
    return game_forms(forms, state.chance)


def parse_text(state: State, text: str) -> Move:
    """Read a move of this game from its text form (NotationError naming its forms)."""
    return parse_move_text(text, move_forms(state))


def why_illegal(state: State, move: object, game: str = "Mau-Mau") -> str:
    """Why ``move`` is not legal in ``state``, in words a person understands."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over: no move is legal"
    if not isinstance(move, (Play, Draw, EndTurn, DealCard, ChooseDealer)):
        return not_a_move(move, game, move_forms(state))
    if phase is Phase.CHOOSE_DEALER:
        return f"a chance step is due (explicit chance): the move must be 'dealer SEAT', not {move}"
    if phase is Phase.DEALING or phase is Phase.DRAWING:
        return (
            "a chance step is due (explicit chance): the move must be 'deal CARD' "
            f"with a card of the stock, not {move}"
        )
    if phase is Phase.SCORING:
        return "the deal is being scored"
    stops = state.rules.stops
    rule_ids = dict(stops.rule_ids)

    def cite(kind: str) -> str:
        """The rule a message enforces, when the game names it."""
        return f" (rule {rule_ids[kind]})" if kind in rule_ids else ""

    seat = state.turn
    hand = state.hands[seat]
    plays = playable(state, hand)
    up = state.upcard
    assert up is not None
    if isinstance(move, (DealCard, ChooseDealer)):
        return f"seat {seat} is to move; '{move}' is a chance outcome, for explicit chance only"
    if isinstance(move, EndTurn):
        return (
            f"'end turn' is allowed only after drawing a card ({game}: {_options(state)})"
            + cite("end_turn")
        )
    if isinstance(move, Draw):
        if state.drawn is not None:
            return (
                f"seat {seat} has drawn a card: he may play it ({state.drawn}) or end his turn"
                + cite("drawn_only")
            )
        if not _can_draw(state):
            return "no card is left to draw: the stock and the discard pile are empty"
        held = format_cards(cards_of(plays))
        if up.rank in stops.choice_ranks and not state.free:
            follow = state.called if state.called is not None else up.suit
            assert follow is not None
            return (
                f"seat {seat} holds a playable card ({held}) and must play it: drawing is "
                f"allowed only when no card can be played, or when the only playable cards "
                f"are {_RANK_NAMES[up.rank]}s and none is of the suit to follow ({follow.plural})"
                + cite("must_play")
            )
        return (
            f"seat {seat} holds a playable card ({held}) and must play "
            f"it: drawing is allowed only when no card can be played" + cite("must_play")
        )
    assert isinstance(move, Play)
    card = move.card
    if not card.bit & hand:
        return f"{card} is not in seat {seat}'s hand ({format_cards(cards_of(hand))})"
    if not card.bit & plays:
        kind = "sevens" if state.pending else "call" if state.called is not None else "match"
        return f"{card} cannot be played now: {_options(state)}{cite(kind)}"
    if state.drawn is not None and card is not state.drawn:
        return (
            f"after drawing, only the drawn card ({state.drawn}) may be played, or 'end turn'"
            + cite("drawn_only")
        )
    size = hand.bit_count()
    if move.announce and (size != 2 or not stops.announce):
        return "'announce' goes only with the play that leaves one card in the hand" + cite(
            "announce"
        )
    if not card.bit & stops.call_mask:
        return f"only a {_call_ranks(stops)} may call a suit{cite('call')}"
    if size == 1:
        return f"{card} is the last card: it needs no call{cite('last_call')}"
    if move.call is None:
        return (
            f"a {_RANK_NAMES[card.rank]} must call a suit, e.g. 'play {card} call hearts'"
            + cite("call")
        )
    others = ", ".join(s.plural for s in Suit if s is not card.suit)
    return f"{card} may call another suit than its own: {others}{cite('own_suit')}"


def _call_ranks(stops: Stops) -> str:
    ranks = sorted({c.rank for c in cards_of(stops.call_mask)})
    return " or ".join(_RANK_NAMES[r] for r in ranks) or "card of no rank"


def _options(state: State) -> str:
    """What may be played now, for messages."""
    up = state.upcard
    assert up is not None
    seat = state.turn
    hand = state.hands[seat]
    plays = playable(state, hand)
    shown = format_cards(cards_of(plays)) or "none in hand"
    if state.pending:
        return (
            f"seat {seat} owes {state.pending} cards: he may only answer with a "
            f"{_RANK_NAMES[up.rank]} ({shown}) or draw them"
        )
    if state.free:
        return "any card may be played"
    if state.called is not None:
        return (
            f"{state.called.plural} were called: play a {state.called.plural[:-1]} or a "
            f"{_RANK_NAMES[up.rank]} ({shown})"
        )
    assert up.suit is not None
    return (
        f"match the upcard {up} by suit ({up.suit.plural}) or rank ({_RANK_NAMES[up.rank]}); "
        f"playable: {shown}"
    )


# --------------------------------------------------------------------------- zones, views


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card is: each hand, the stock (buried starters last), the pile, the upcard."""
    result = {f"hand {seat}": cards_of(hand) for seat, hand in enumerate(state.hands)}
    result["stock"] = state.stock + state.buried
    result["discard pile"] = cards_of(state.pile)
    result["upcard"] = (state.upcard,) if state.upcard is not None else ()
    return result


@attrs.frozen(slots=True)
class View:
    """What one seat may know: its own hand and everything public, nothing else.

    ``hand`` is the seat's hand; ``hand_sizes`` every hand's size; the stock
    shows only its size and the buried starters at its bottom; ``discard_pile``
    holds the cards under the upcard (index order). ``drawn`` is the card this
    seat drew this turn (draw-once rule), ``has_drawn`` whether the seat on turn
    has drawn. ``charged`` says that the drawing penalty was charged in the
    current turn and ``charged_seat`` to whom (a turn lasts until another seat
    makes a move). ``unannounced`` says, per seat, whether its last one-card play
    went unannounced; ``penalties`` are the deal's drawing penalties;
    ``absent`` and ``allowance`` what plays and draws showed (see
    :func:`sample`). ``score`` is the game's score; ``events`` the public log.
    """

    rules: StopsRules
    seat: int
    chance: ChanceMode
    phase: Phase
    to_move: int | Chance | None
    match: Match
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    buried: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    upcard: Card | None
    called: Suit | None
    free: bool
    turn: int
    direction: int
    pending: int
    passes: int
    drawn: Card | None
    has_drawn: bool
    charged: bool
    charged_seat: int | None
    owed: int
    after: int
    dealt: int
    unannounced: tuple[bool, ...]
    penalties: tuple[int, ...]
    absent: tuple[tuple[Card, ...], ...]
    allowance: tuple[int, ...]
    restocks: int
    score: Score
    moves_made: int
    events: tuple[Event, ...]
    legal_moves: tuple[Move, ...]


def observe(state: State, seat: int, score: Score) -> View:
    """The view of ``seat`` (``score`` is the game's ``score(state)``)."""
    players = state.rules.stops.players
    check_seat(seat, players)
    mover = to_move(state)
    return View(
        rules=state.rules,
        seat=seat,
        chance=state.chance,
        phase=state.phase,
        to_move=mover,
        match=state.match,
        hand=cards_of(state.hands[seat]),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        stock_size=len(state.stock),
        buried=state.buried,
        discard_pile=cards_of(state.pile),
        upcard=state.upcard,
        called=state.called,
        free=state.free,
        turn=state.turn,
        direction=state.direction,
        pending=state.pending,
        passes=state.passes,
        drawn=state.drawn if seat == state.turn else None,
        has_drawn=state.drawn is not None,
        charged=state.charged is not None,
        charged_seat=state.charged,
        owed=state.owed,
        after=state.after,
        dealt=state.dealt,
        unannounced=tuple(bool(state.unannounced >> s & 1) for s in range(players)),
        penalties=state.penalties,
        absent=tuple(cards_of(m) for m in state.absent),
        allowance=state.allowance,
        restocks=state.restocks,
        score=score,
        moves_made=state.moves_made,
        events=state.log.to_tuple(),
        legal_moves=legal_moves(state) if mover == seat else (),
    )


def describe(view: View) -> tuple[Fact, ...]:
    """The view for a person: the deal, the upcard and the suit to play, draws owed,
    the seats' hand sizes and penalties, the hand (see ``Game.describe``)."""
    stops = view.rules.stops
    facts = [
        Fact("deal", f"{view.match.deal_number + 1}, dealt by seat {view.match.dealer}"),
        Fact("upcard", view.upcard if view.upcard is not None else "none yet"),
    ]
    if view.called is not None:
        facts.append(Fact("suit called", view.called))
    elif view.free:
        facts.append(Fact("suit called", "none: any card may follow"))
    if view.pending and isinstance(view.to_move, int):
        facts.append(Fact("cards owed", f"seat {view.to_move} must draw {view.pending}"))
    if stops.players > 2:
        facts.append(Fact("direction", "to the left" if view.direction == 1 else "to the right"))
    facts.append(Fact("stock", f"{view.stock_size} cards"))
    if view.drawn is not None:
        facts.append(Fact("you drew", view.drawn))
    facts.append(Fact("cards", view.hand_sizes, per_seat=True))
    if any(view.penalties):
        facts.append(Fact("penalty draws", view.penalties, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def explain_move(view: View, move: object) -> str:
    """What a move means: a special card's effect, what announcing is, what drawing does."""
    stops = view.rules.stops
    if isinstance(move, Draw):
        if view.pending:
            return f"draw the {view.pending} cards owed"
        return "take the top card of the stock" + _draw_penalty_note(view)
    if isinstance(move, EndTurn):
        return "end your turn without playing"
    if not isinstance(move, Play):
        return ""
    effect = stops.effect(move.card.rank)
    parts = []
    if effect.draw:
        answer = f" unless they play a {move.card.text[:-1]} on it" if effect.stack else ""
        parts.append(f"the next player draws {effect.draw}{answer}")
    if effect.skip:
        parts.append("skips the next player" if effect.skip == 1 else f"skips {effect.skip}")
    if effect.reverse:
        parts.append("reverses the direction")
    if move.call is not None:
        parts.append(f"names {move.call.plural} as the suit to follow")
    elif effect.call and view.hand_sizes[view.seat] > 1:
        parts.append("names no suit: any card may follow")
    leaves_one = view.hand_sizes[view.seat] == 2
    if leaves_one and stops.announce:
        cards = f"{stops.announce_cards} card{'s' if stops.announce_cards > 1 else ''}"
        if move.announce:
            parts.append("announces that you have one card left")
        elif stops.announce_penalty == "draw":
            parts.append(f"without announcing your last card: you draw {cards} as a penalty")
        elif stops.announce_penalty == "next_turn":
            parts.append(
                "without announcing your last card: if you still hold it at your next turn, "
                f"you draw {cards}" + (" instead of playing" if stops.announce_ends_turn else "")
            )
        else:
            parts.append("without announcing your last card (no penalty in these rules)")
    if view.hand_sizes[view.seat] == 1:
        parts.append("your last card")
    return ", ".join(parts)


def _draw_penalty_note(view: View) -> str:
    """What drawing costs now: the drawing penalty when the seat could play instead."""
    stops = view.rules.stops
    up = view.upcard
    if not stops.draw_penalty or view.charged or up is None:
        return ""
    plays = mask_of(move.card for move in view.legal_moves if isinstance(move, Play))
    if not plays or _optional(stops.hot, view, up, plays):
        return ""
    if stops.penalty_to == "offender":
        whom = "off your score"
    else:
        whom = "to your opponent" if stops.players == 2 else "to each other player"
    return f"; you could play a card, so drawing costs {stops.draw_penalty} points {whom}"


_SOFT_TRIES: Final = 64


def sample(view: View, rng: random.Random) -> State:
    """A complete state consistent with ``view``, with a fresh seed and no history.

    The unseen cards (the other hands and the stock) are dealt uniformly at
    random among the deals that respect:

    * the known cards: the seat's own hand, the upcard, the discard pile and
      the buried starters are where the view shows them; every hand and the
      stock get their known sizes (cards drawn are unknown);
    * what draws and passes showed: a seat that drew because it had no card it
      was bound to play (or passed), or drew the cards it owed without a move
      because it had no card to answer with, held none of those cards at that
      moment. The view keeps, per seat, one such set ``absent`` and how many
      cards of it the seat may hold since (``allowance``: +1 per card drawn
      since, up to the size of the set, -1 per card of the set played since).
      A new set joins the old one while the allowance is 0, else replaces it.
      With an allowance of 0 the seat holds none of the set: an exact
      constraint (like a void in a trick game). A positive allowance is
      respected by rejection: up to 64 uniform deals are tried, and if all
      fail it is dropped (rare: it needs a seat that drew several unknown
      cards since and a nearly exhausted set);
    * restocks: after the deal's last restock the stock holds only cards of
      the pile that was restocked, and each seat exactly as many of them as it
      drew since and has not played (both public, read from the log); the
      other unseen cards were in the hands before the restock and stay there.

    Within these constraints the deal is exactly uniform. It is not the exact
    posterior: a set replaced by a later one, that a seat that chose to draw
    the cards it owed held a card to answer with, what the 50-point penalty
    shows (the seat held a playable card), and the players' strategy are not
    modelled; ``docs/testing.rst`` measures the difference. The stock gets a
    random order (index order in explicit mode); under the draw-once rule
    another seat's drawn card is a random card of its hand.
    """
    stops = view.rules.stops
    players = stops.players
    seat = view.seat
    own = mask_of(view.hand)
    known = own | mask_of(view.discard_pile) | mask_of(view.buried)
    if view.upcard is not None:
        known |= view.upcard.bit
    unknown = stops.deck_mask & ~known
    absent = tuple(mask_of(cards) for cards in view.absent)
    others = [s for s in range(players) if s != seat]
    forbidden = [absent[s] if not view.allowance[s] else 0 for s in others]
    soft = [(i, absent[s], view.allowance[s]) for i, s in enumerate(others) if view.allowance[s]]
    restocked, from_restock = _since_restock(view)
    if not from_restock:  # no restock in this deal: any unseen card may be anywhere
        from_restock = view.hand_sizes
    # Since the last restock the stock holds only cards of the restocked pile, and
    # each seat holds exactly from_restock[s] of them (drawn since, not played):
    # the other unseen cards were in hands all along. Two uniform deals, one per part.
    fresh = unknown & restocked
    old_cards = unknown & ~restocked
    for _ in range(1 + (_SOFT_TRIES if soft else 0)):
        drawn_part = deal_uniformly(
            fresh,
            [*((from_restock[s], f) for s, f in zip(others, forbidden)), (view.stock_size, 0)],
            rng,
        )
        held_part = deal_uniformly(
            old_cards,
            [(view.hand_sizes[s] - from_restock[s], f) for s, f in zip(others, forbidden)],
            rng,
        )
        dealt = [a | b for a, b in zip(drawn_part, held_part)]
        if all((dealt[i] & cards).bit_count() <= limit for i, cards, limit in soft):
            break
    hands = [0] * players
    hands[seat] = own
    for s, hand in zip(others, dealt):
        hands[s] = hand
    stock = list(cards_of(drawn_part[-1]))
    if view.chance == "seeded":
        rng.shuffle(stock)
    drawn = view.drawn
    if view.has_drawn and drawn is None:
        turn = view.turn
        # The card drawn this turn came from the stock: since a restock, from its cards.
        choices = hands[turn] & restocked if from_restock[turn] else hands[turn]
        drawn = rng.choice(cards_of(choices))
    unannounced = sum(1 << s for s, flag in enumerate(view.unannounced) if flag)
    return State(
        view.rules,
        rng.getrandbits(63),
        view.chance,
        None,
        view.match,
        view.phase,
        tuple(hands),
        tuple(stock),
        view.buried,
        mask_of(view.discard_pile),
        view.upcard,
        view.called,
        view.free,
        view.turn,
        view.direction,
        view.pending,
        view.passes,
        drawn,
        view.charged_seat,
        view.owed,
        view.after,
        view.dealt,
        unannounced,
        view.penalties,
        absent,
        view.allowance,
        view.restocks,
        view.moves_made,
        Log.of(view.events),
        None,
        view.score.outcome,
    )


def _since_restock(view: View) -> tuple[int, tuple[int, ...]]:
    """The cards of the deal's last restock, and per seat how many of them it has
    drawn since and not played (its share of them in hand); all cards and ``()``
    if the deal has had no restock.

    Read from the public log: the discard pile is rebuilt from the plays, and a
    restock turns the pile under the upcard into the stock.
    """
    players = view.rules.stops.players
    deck = view.rules.stops.deck_mask
    restocked = deck
    counts = [0] * players
    pile = 0
    upcard: Card | None = None
    for event in view.events:
        kind = event.kind
        if kind == "deal":
            restocked, counts, pile, upcard = deck, [0] * players, 0, None
        elif kind == "starter":
            upcard = event.cards[0]
        elif kind == "play":
            card = event.cards[0]
            if upcard is not None:
                pile |= upcard.bit
            upcard = card
            if restocked != deck and card.bit & restocked and event.seat is not None:
                counts[event.seat] -= 1
        elif kind == "restock":
            restocked, counts, pile = pile, [0] * players, 0
        elif kind == "draw" and restocked != deck and event.seat is not None:
            counts[event.seat] += 1
    if restocked == deck:
        return deck, ()  # no restock yet
    return restocked, tuple(counts)


# --------------------------------------------------------------------------- move numbers


@attrs.frozen(slots=True)
class MoveNumbers:
    """The fixed move numbers of a Stops game (``seats`` chance outcomes, ``call_ranks`` calling).

    With ``k`` calling ranks (default: the jack alone, ``k = 1``): ``play CARD`` =
    the card's index 0..51; ``play CARD announce`` = 52 + index; ``play XY call Z``
    = 104 + 16 * (X's place in ``call_ranks``) + 4 * (Y, the card's suit) + (Z, the
    called suit); the same announced = 104 + 16 * k + the same; then, from
    ``base`` = 104 + 32 * k: ``draw`` = base, ``end turn`` = base + 1, ``deal CARD``
    = base + 2 + index, ``dealer SEAT`` = base + 54 + SEAT. Suits count clubs 0,
    diamonds 1, hearts 2, spades 3. With the jack alone: ``play JX call Y`` = 104 +
    4 * X + Y, announced 120 + ..., ``draw`` = 136, ``end turn`` = 137, ``deal
    CARD`` = 138 + index, ``dealer SEAT`` = 190 + SEAT.

    >>> numbers = MoveNumbers(2)
    >>> numbers.count, str(numbers.move(104 + 4 * 3 + 2))
    (192, 'play JS call hearts')
    >>> eights = MoveNumbers(4, call_ranks=(8,))
    >>> str(eights.move(104 + 4 * 2)), eights.index(eights.move(136), "Crazy Eights")
    ('play 8H call clubs', 136)
    """

    seats: int
    call_ranks: tuple[int, ...] = (JACK,)

    @property
    def _base(self) -> int:
        """The number of ``draw``: the first after the calls."""
        return 104 + 32 * len(self.call_ranks)

    @property
    def count(self) -> int:
        """How many move numbers there are (``NUM_MOVES``)."""
        return self._base + 54 + self.seats

    def index(self, move: Move, game: str) -> int:
        """The number of ``move``."""
        kind = type(move)
        if kind is Play:
            assert isinstance(move, Play)
            card = move.card
            if card.index < 52:
                if move.call is None:
                    return card.index + (52 if move.announce else 0)
                if card.rank in self.call_ranks:
                    assert card.suit is not None
                    place = self.call_ranks.index(card.rank)
                    calls = 16 * len(self.call_ranks) if move.announce else 0
                    return 104 + calls + 16 * place + 4 * card.suit + move.call
        elif kind is Draw:
            return self._base
        elif kind is EndTurn:
            return self._base + 1
        elif kind is DealCard:
            assert isinstance(move, DealCard)
            if move.card.index < 52:
                return self._base + 2 + move.card.index
        elif kind is ChooseDealer:
            assert isinstance(move, ChooseDealer)
            if 0 <= move.seat < self.seats:
                return self._base + 54 + move.seat
        raise IllegalMoveError(f"{move} has no number in {game}")

    def move(self, index: int) -> Move:
        """The move with number ``index``."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.count:
            raise IllegalMoveError(f"move numbers are 0..{self.count - 1}, not {index!r}")
        if index < 52:
            return PLAYS[index]
        if index < 104:
            return Play(ALL_CARDS[index - 52], None, True)
        base = self._base
        if index < base:
            calls = 16 * len(self.call_ranks)
            announce = index >= 104 + calls
            number = index - 104 - (calls if announce else 0)
            rank = self.call_ranks[number // 16]
            card = ALL_CARDS[13 * (number % 16 // 4) + rank - 2]
            return Play(card, Suit(number % 4), announce)
        if index == base:
            return DRAW
        if index == base + 1:
            return END_TURN
        if index < base + 54:
            return DEALS[index - base - 2]
        return ChooseDealer(index - base - 54)


# --------------------------------------------------------------------------- serialization


def state_to_dict(state: State, name: str, version: str) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
    return common_to_dict(state, name, version) | {
        "hands": [format_cards(cards_of(h)) for h in state.hands],
        "stock": format_cards(state.stock),
        "buried": format_cards(state.buried),
        "discard_pile": format_cards(cards_of(state.pile)),
        "upcard": state.upcard.text if state.upcard is not None else None,
        "called": state.called.plural if state.called is not None else None,
        "free": state.free,
        "turn": state.turn,
        "direction": state.direction,
        "pending": state.pending,
        "passes": state.passes,
        "drawn": state.drawn.text if state.drawn is not None else None,
        "charged": state.charged,
        "owed": state.owed,
        "after": state.after,
        "dealt": state.dealt,
        "unannounced": [s for s in range(len(state.hands)) if state.unannounced >> s & 1],
        "penalties": list(state.penalties),
        "absent": [format_cards(cards_of(m)) for m in state.absent],
        "allowance": list(state.allowance),
        "restocks": state.restocks,
    }


def _optional_seat(r: StateReader, key: str, players: int) -> int | None:
    value = r.data.get(key)
    if value is None:
        return None
    return r.integer(key, 0, players - 1)


def _flag(r: StateReader, key: str) -> bool:
    value = r.data.get(key)
    if not isinstance(value, bool):
        r.fail(f"field {key!r} must be true or false, not {value!r}")
    return value


def state_from_reader(r: StateReader, rules_class: type[StopsRules]) -> State:
    """Build a state from a :class:`StateReader` on :func:`state_to_dict`'s form, checked."""
    common = r.common(rules_class, _deck_of_reader(r, rules_class), Phase, parse_move_text)
    rules: StopsRules = common["rules"]
    stops = rules.stops
    players = stops.players
    called = r.data.get("called")
    if called is not None and not isinstance(called, str):
        r.fail(f"field 'called' must be a suit or null, not {called!r}")
    direction = r.integer("direction", -1, 1)
    if direction == 0:
        r.fail("field 'direction' must be 1 or -1")
    unannounced = 0
    for seat in r.data.get("unannounced") or []:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            r.fail(f"field 'unannounced' must list seats 0..{players - 1}, not {seat!r}")
        unannounced |= 1 << seat
    state = State(
        **common,
        hands=r.masks_per_seat("hands", players),
        stock=r.cards("stock"),
        buried=r.cards("buried"),
        pile=mask_of(r.cards("discard_pile")),
        upcard=r.optional_card("upcard"),
        called=None if called is None else r.guard("called", lambda: Suit.parse(called)),
        free=_flag(r, "free"),
        turn=r.integer("turn", 0, players - 1),
        direction=direction,
        pending=r.integer("pending", 0, len(stops.deck)),
        passes=r.integer("passes", 0, players),
        drawn=r.optional_card("drawn"),
        charged=_optional_seat(r, "charged", players),
        owed=r.integer("owed", 0, len(stops.deck)),
        after=r.integer("after", END_DEAL, players - 1),
        dealt=r.integer("dealt", 0, players * stops.hand_size),
        unannounced=unannounced,
        penalties=tuple(r.int_list("penalties", players)),
        absent=r.masks_per_seat("absent", players),
        allowance=tuple(r.int_list("allowance", players, 0, len(stops.deck))),
        restocks=r.integer("restocks", 0),
    )
    r.check_partition(zones(state), stops.deck)
    if state.phase in (Phase.PLAYING, Phase.DRAWING) and state.upcard is None:
        r.fail("a deal in play needs an upcard")
    if state.drawn is not None and not state.drawn.bit & state.hands[state.turn]:
        r.fail(f"the drawn card {state.drawn} is not in the hand of seat {state.turn}")
    if state.phase is Phase.DRAWING and not state.owed:
        r.fail("a state drawing cards must owe at least one")
    if state.chance == "explicit" and list(state.stock) != sorted(state.stock):
        r.fail("in explicit chance the stock's order is not decided: list it in index order")
    return state


def _deck_of_reader(r: StateReader, rules_class: type[StopsRules]) -> tuple[Card, ...]:
    """The deck of the rules named in the serialized state (for reading ``first_deck``)."""
    try:
        _, options = parse_rules_text(r.string("rules"))
        rules: StopsRules = build_rules(rules_class, options)
    except RecordError:
        raise
    except (ValueError, TypeError) as error:
        r.fail(f"field 'rules': {error}")
    return rules.stops.deck


# --------------------------------------------------------------------------- a game's functions


class DealEnd(NamedTuple):
    """What a game's ``finish_deal`` hook says about a deal that has just ended.

    ``state`` is the finished deal (with any field of the game reset, such as
    drawing penalties already counted); ``match`` the match with the deal
    recorded (``state.match.finish_deal(...)``); ``event`` the public event that
    reports the score; ``outcome`` the game's own verdict (a target reached,
    say), or None: the core then ends the game when its schedule of deals is
    complete (``game_functions(deals=...)``) or at a safety cap, else deals the
    next deal (:func:`cardrules.core.match.match_over`).
    """

    state: State
    match: Match
    event: Event
    outcome: Outcome | None


class DealFunction(Protocol):
    """The type of a game's ``deal``."""

    def __call__(
        self,
        rules: Any,
        *,
        seed: int,
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State: ...


class GameFunctions(NamedTuple):
    """The contract functions of a Stops game, made by :func:`game_functions`.

    A game module unpacks them into its own names, in this order.
    """

    deal: DealFunction
    to_move: Callable[[State], int | Chance | None]
    is_over: Callable[[State], bool]
    legal_moves: Callable[[State], tuple[Move, ...]]
    chance_outcomes: Callable[[State], tuple[tuple[Move, float], ...]]
    apply: Callable[[State, Move], State]
    parse_move: Callable[[State, str], Move]
    move_index: Callable[[Move], int]
    move_from_index: Callable[[int], Move]
    events: Callable[[State], tuple[Event, ...]]
    moves_played: Callable[[State], tuple[Move, ...]]
    zones: Callable[[State], dict[str, tuple[Card, ...]]]
    observe: Callable[[State, int], View]
    sample: Callable[[View, random.Random], State]
    state_to_dict: Callable[[State], dict[str, Any]]
    state_from_dict: Callable[[Mapping[str, Any]], State]
    players: Callable[[Any], int]
    deal_number: Callable[[Any], int]
    moves_made: Callable[[Any], int]
    origin: Callable[[Any], Origin]
    describe: Callable[[View], tuple[Fact, ...]]
    explain_move: Callable[[View, Move], str]


def game_functions(
    *,
    module: str,
    name: str,
    version: str,
    rules_class: type[StopsRules],
    numbers: MoveNumbers,
    finish_deal: Callable[[State], DealEnd],
    score: Callable[[State], Score],
    title: str = "Mau-Mau",
    state_rules: type[StopsRules] | None = None,
    deals: Callable[[Any], int | None] | None = None,
    better: Literal["high", "low"] = "high",
) -> GameFunctions:
    """Every contract function of a Stops game, from its ``Rules`` and two hooks.

    ``module`` is the game module's ``__name__`` (the functions say they belong
    to it, so that they pickle and are documented there), ``name`` and
    ``version`` its ``NAME`` and ``version``; ``numbers`` its move numbering;
    ``finish_deal`` scores a deal that has just ended (see :class:`DealEnd`);
    ``score`` is the game's ``score``; ``title`` names the game in messages;
    ``state_rules`` is the rules class whose states the functions accept
    (default ``rules_class``; a game whose variants share its mechanics names
    their common base); ``deals(rules)`` is the number of deals the game lasts
    (None, the default: until the hook's verdict), after which the ``better``
    total wins. Every function refuses another game's state or view with an
    :class:`~cardrules.errors.ArgumentError`.
    After a deal the core ends the game on the hook's verdict, else when the
    schedule is complete (a blocked last deal ends it as "blocked"), else at a
    safety cap (:func:`cardrules.core.match.match_over`), else deals the next deal.

    >>> from cardrules.games import mau_mau_standard
    >>> mau_mau_standard.apply.__module__
    'cardrules.games.mau_mau_standard'
    """
    scoring, over = Phase.SCORING, Phase.OVER
    accepted = rules_class if state_rules is None else state_rules

    def check(state: Any) -> None:
        if type(state) is not _STATE:
            raise wrong_state(state, name)
        # The exact class first: isinstance is slow for rules classes, which have a metaclass.
        rules = state.rules
        if type(rules) is not rules_class and not isinstance(rules, accepted):
            raise wrong_state(state, name)

    def deal(
        rules: Any,
        *,
        seed: int,
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State:
        """A new game with its first deal dealt (or, with explicit chance, about to be).

        ``deck`` fixes the order of the first deal (top card first; see the module
        docs for the dealing order); later deals are shuffled from ``seed``.
        """
        check_rules(rules, rules_class, name)
        return settle(new_game(rules, seed=seed, deck=deck, chance=chance))

    def settle(state: State) -> State:
        while state.phase is scoring:
            end = finish_deal(state)
            log = end.state.log.append(end.event)
            rules = end.state.rules
            outcome = match_core.match_over(
                rules,
                end.match,
                end.state.moves_made,
                deals=None if deals is None else deals(rules),
                better=better,
                decided=end.outcome,
                blocked=all(end.state.hands),  # nobody went out
            )
            if outcome is not None:
                return game_over(end.state, end.match, log, outcome)
            state = begin_deal(end.state, end.match, log)
        return state

    def is_over(state: State) -> bool:
        """Whether the game has ended (its end was reached, or a safety cap)."""
        check(state)
        return state.phase is over

    def apply(state: State, move: Move) -> State:
        """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

        Forced draws, skips, passes, restocks, scoring a finished deal and dealing
        the next one happen inside ``apply`` and are written to the event log.
        """
        check(state)
        after = _core_apply(state, move)
        if after.phase is scoring:
            return settle(after)
        return after

    def parse_move(state: State, text: str) -> Move:
        """Read a move and check it is legal here (NotationError / IllegalMoveError)."""
        check(state)
        move = parse_text(state, text)
        if move not in _core_legal_moves(state):
            raise IllegalMoveError(why_illegal(state, move, title))
        return move

    def move_index(move: Move) -> int:
        """The fixed number of a move (see the module docs)."""
        return numbers.index(move, title)

    def move_from_index(index: int) -> Move:
        """The move with this number (see the module docs)."""
        return numbers.move(index)

    def events(state: State) -> tuple[Event, ...]:
        """The public event log, oldest first."""
        check(state)
        return state.log.to_tuple()

    def moves_played(state: State) -> tuple[Move, ...]:
        """Every move applied since the deal (chance outcomes included in explicit mode)."""
        check(state)
        if state.history is None:
            raise RecordError("this state was made by sample(): it has no move history")
        return state.history.to_tuple()

    def observe(state: State, seat: int) -> View:
        """The view of ``seat``: own hand, upcard, called suit, sizes, pile, direction,
        the public log and the scores."""
        check(state)
        return _core_observe(state, seat, score(state))

    def state_to_dict(state: State) -> dict[str, Any]:
        """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
        check(state)
        return _core_state_to_dict(state, name, version)

    def to_move(state: State) -> int | Chance | None:
        """The seat to move, CHANCE at a random event (explicit chance), None when over."""
        check(state)
        return _core_to_move(state)

    def legal_moves(state: State) -> tuple[Move, ...]:
        """Every legal move, in the canonical order (empty iff the game is over)."""
        check(state)
        return _core_legal_moves(state)

    def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
        """At a CHANCE step, each possible outcome with its probability; else ``()``."""
        check(state)
        return _core_chance_outcomes(state)

    def zones(state: State) -> dict[str, tuple[Card, ...]]:
        """Where every card is: the hands, the stock, the discard pile, the upcard."""
        check(state)
        return _core_zones(state)

    def sample(view: View, rng: random.Random) -> State:
        """A complete state consistent with ``view``, drawn by the shedding core's ``sample``."""
        if type(view) is not View or not isinstance(view.rules, accepted):
            raise wrong_state(view, name, "view")
        check_rng(rng)
        check_view(view)
        return _core_sample(view, rng)

    def state_from_dict(data: Mapping[str, Any]) -> State:
        """Load a state from :func:`state_to_dict`'s form, refusing anything inconsistent."""
        return StateReader(data, name, version).read(lambda r: state_from_reader(r, rules_class))

    # The functions made here present themselves as the game module's own (for help() and
    # the docs), named by their fields: a compiled closure has no __name__ to copy.
    made = (deal, to_move, is_over, legal_moves, chance_outcomes, apply, parse_move)
    more = (move_index, move_from_index, events, moves_played, zones, observe, sample)
    own = (*made, *more, state_to_dict, state_from_dict)
    for field_name, function in zip(GameFunctions._fields, own, strict=False):
        function.__module__ = module
        function.__qualname__ = field_name
    return GameFunctions(
        deal,
        to_move,
        is_over,
        legal_moves,
        chance_outcomes,
        apply,
        parse_move,
        move_index,
        move_from_index,
        events,
        moves_played,
        zones,
        observe,
        sample,
        state_to_dict,
        state_from_dict,
        bookkeeping.players,
        bookkeeping.deal_number,
        bookkeeping.moves_made,
        bookkeeping.origin,
        describe,
        explain_move,
    )


# The core's own functions, under names that the game's functions above do not shadow.
_core_apply, _core_legal_moves, _core_observe = apply, legal_moves, observe
_core_to_move, _core_chance_outcomes, _core_zones = to_move, chance_outcomes, zones
_core_sample, _core_state_to_dict = sample, state_to_dict
