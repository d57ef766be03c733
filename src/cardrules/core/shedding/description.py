"""The description of a Stops game: the effect of each rank, the table, the rules base.

A game's :class:`Stops` table says what each rank does (:class:`Effect`) and which
flags of the family it uses; its :class:`StopsRules` carry the table as ``stops``.
The table also keeps, as ``hot``, the values every move reads.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, cast

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import ALL_CARDS, Card, Suit, mask_of
from cardrules.core.options import BaseRules, check_choice
from cardrules.errors import RulesError
from cardrules.moves import PLAYS, Play

if TYPE_CHECKING:  # the description of a game: a type here, built above this module
    from cardrules.core.shedding.interface import StopsGame

SUIT_MASKS: Final = tuple(mask_of(c for c in ALL_CARDS[:52] if c.suit is s) for s in Suit)
RANK_MASKS: Final = tuple(mask_of(c for c in ALL_CARDS[:52] if c.rank == r) for r in range(17))
_RANK_NAMES: Final = {
    **{r: str(r) for r in range(2, 11)},
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}


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
AnnounceOn = Literal["one_card", "last_card"]


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


# value: object, checked here, items included (public parameters: docs/contributing.rst).
def _values_table(value: object) -> tuple[int, ...]:
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


_CALL_STYLES: dict[tuple[int, bool, bool, bool, bool], int] = {}


def _call_style(key: tuple[int, bool, bool, bool, bool]) -> int:
    """A small number for each way of calling and announcing (the plays cache key)."""
    return _CALL_STYLES.setdefault(key, len(_CALL_STYLES))


# Defined before Stops, whose field names it (order of definition: docs/contributing.rst).
@dataclasses.dataclass(frozen=True, kw_only=True)
class _Hot:
    """What every move reads of a :class:`Stops` table (its ``hot`` field).

    A frozen dataclass, not attrs, as the values every move reads are: the compiled
    build makes it native, where the attrs table's fields are looked up by name.
    Never pickled: a pickled table is rebuilt from its options (see ``Stops.__reduce__``).
    """

    players: int
    #: By upcard index: the cards that match it (suit, rank, wild ranks).
    match_masks: tuple[int, ...]
    #: By ``4 * upcard rank + called suit``: the cards playable after a call.
    called_masks: tuple[int, ...]
    #: By upcard rank: the cards that answer cards owed (stacking ranks).
    stack_masks: tuple[int, ...]
    #: By upcard rank: the cards playable in free play (a calling card without a call).
    free_masks: tuple[int, ...]
    call_mask: int
    call_required: bool
    #: The ranks of the J/7/8 option, as a mask of ranks (bit ``r`` for rank ``r``).
    choice_ranks: int
    restock: bool
    voluntary_draw: bool
    #: Whether the draw rule is ``"once"``.
    draw_once: bool
    draw_penalty: int
    deck_mask: int
    announce: bool
    #: The hand size at which a play may carry ``announce``: 2 (the play that leaves one
    #: card), 1 (the last card, ``announce_on="last_card"``), 0 (no play: no ``announce``).
    announce_size: int
    #: Whether the play that leaves one card is checked for its call (``announce_on="one_card"``).
    one_card_call: bool
    #: Whether going out is checked for its call (``announce_on="last_card"``).
    last_card_call: bool
    announce_penalty: str
    #: ``plays[kind]``: :func:`_card_plays` of each kind.
    plays: tuple[tuple[tuple[Play, ...], ...], ...]
    effects: tuple[Effect, ...]


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
    * ``announce``: whether a play may carry ``announce``; ``announce_on``: which
      play carries it, ``"one_card"`` (the play that leaves one card, the default)
      or ``"last_card"`` (the last card: a player who goes out without it draws the
      penalty at once and plays on, see the module docs);
      ``announce_penalty``: ``"none"``, ``"next_turn"`` or ``"draw"`` (with
      ``"last_card"``, ``"none"`` or ``"draw"``);
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
    # cast(Any, default): see docs/contributing.rst.
    effects: tuple[Effect, ...] = attrs.field(converter=_effects_table, default=cast(Any, ()))
    choice_ranks: frozenset[int] = attrs.field(converter=_rank_set, default=cast(Any, frozenset()))
    call_own_suit: bool = False
    call_required: bool = False
    draw_rule: DrawRule = "until_playable"
    voluntary_draw: bool = False
    draw_penalty: int = 0
    penalty_to: Literal["offender", "others"] = "offender"
    announce: bool = True
    announce_on: AnnounceOn = "one_card"
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
    # cast(Any, default): see docs/contributing.rst.
    rule_ids: tuple[tuple[str, str], ...] = attrs.field(default=cast(Any, ()), eq=False, repr=False)
    # Derived tables, for speed (see __attrs_post_init__).
    deck_mask: int = attrs.field(init=False, eq=False, repr=False)
    stack_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
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
        check_choice("announce_on", self.announce_on, ("one_card", "last_card"))
        last_card = self.announce_on == "last_card"
        if last_card and self.announce_penalty == "next_turn":
            # A player who goes out holds no card at his next turn: the penalty must be drawn
            # at once, and saying so is clearer than reading "next_turn" as "draw".
            raise RulesError(
                "announce_penalty='next_turn' does not apply with announce_on='last_card' "
                "(a player who goes out has no next turn): give 'draw' or 'none'"
            )
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
            ("stack_masks", stack_masks),
            ("call_mask", calls & deck_mask),
            (
                "call_style",
                _call_style(
                    (calls, self.call_own_suit, self.call_required, self.announce, last_card)
                ),
            ),
        ):
            object.__setattr__(self, name, value)
        choice_ranks = 0
        for rank in self.choice_ranks:
            choice_ranks |= 1 << rank
        hot = _Hot(
            players=self.players,
            match_masks=tuple(match_masks),
            called_masks=tuple(called_masks),
            stack_masks=stack_masks,
            free_masks=free_masks,
            call_mask=self.call_mask,
            call_required=self.call_required,
            choice_ranks=choice_ranks,
            restock=self.restock,
            voluntary_draw=self.voluntary_draw,
            draw_once=self.draw_rule == "once",
            draw_penalty=self.draw_penalty,
            deck_mask=deck_mask,
            announce=self.announce,
            announce_size=(1 if last_card else 2) if self.announce else 0,
            one_card_call=self.announce and not last_card,
            last_card_call=self.announce and last_card,
            announce_penalty=self.announce_penalty,
            plays=tuple(_card_plays(self, kind) for kind in range(3)),
            effects=effects,
        )
        object.__setattr__(self, "hot", hot)

    def effect(self, rank: int) -> Effect:
        """The effect of playing a card of ``rank``."""
        return self.effects[rank]

    def __reduce__(self) -> tuple[Callable[..., Stops], tuple[dict[str, Any]]]:
        """Pickled as its options, and rebuilt from them: the derived tables (``hot``
        among them) are made again, never pickled."""
        options = {f.name: getattr(self, f.name) for f in attrs.fields(Stops) if f.init}
        return (_stops_from_options, (options,))


def _stops_from_options(options: dict[str, Any]) -> Stops:
    """A pickled :class:`Stops` rebuilt from its options."""
    return Stops(**options)


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


# Each game's Rules derives from this class (classes games derive from: docs/contributing.rst).
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class StopsRules(BaseRules):
    """Base class of the ``Rules`` of a Stops game: they carry their table as ``stops``.

    A game's ``Rules.__attrs_post_init__`` validates its options and stores the
    :class:`Stops` built from them with ``set_resolved(self, "stops", ...)``.
    """

    stops: Stops = attrs.field(init=False, eq=False, repr=False)


def described_game(rules: object) -> StopsGame | None:
    """The description of the game these rules are of: describing a game with a
    ``StopsGame`` sets it on the game's ``Rules`` class as ``stops_game``; None for
    rules of a game not yet described, or no Stops game's."""
    game: StopsGame | None = getattr(type(rules), "stops_game", None)
    return game


def title_of(rules: StopsRules) -> str:
    """The title of the game these rules are of, for messages: its description's
    ``title``; "this game" for rules of a game not yet described."""
    game = described_game(rules)
    return "this game" if game is None else game.title


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


#: The plays of each card (by index), keyed by ``3 * call_style + kind``.
_CARD_PLAYS: dict[int, tuple[tuple[Play, ...], ...]] = {}


def _variants(stops: Stops, card: Card, kind: int) -> tuple[Play, ...]:
    """Every play of ``card``: kind 0 = ordinary, 1 = leaves one card, 2 = last card.

    The kind the call goes with (``announce_on``) lists each play with and without it."""
    calls: list[Suit | None] = []
    if kind != 2 and card.bit & stops.call_mask:
        if not stops.call_required:
            calls.append(None)
        calls.extend(s for s in Suit if stops.call_own_suit or s is not card.suit)
    else:
        calls.append(None)
    called_kind = 2 if stops.announce_on == "last_card" else 1
    announces = (False, True) if kind == called_kind and stops.announce else (False,)
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
