"""The trick-taking engine: one implementation of the game contract for every trick game.

:mod:`cardrules.core.tricks` says which card may be played to a trick and which
card wins it; this module carries a whole game around those rules, the way
:mod:`cardrules.core.shedding` carries the Mau Mau family. A game module writes a
:class:`TrickGame` (its *description*: the deck, how cards are dealt, whether a
card is turned for trump, the bidding, what happens to a player who cannot follow,
when a deal ends) and a few *hooks* for what a table cannot say (the deal's score,
the game's own events and view fields). Everything else is here, once:

* dealing, seeded or one chance step a card (explicit chance), in packets
  clockwise from the dealer's left, the turned trump card;
* a bidding phase, open or simultaneous (the bids stay hidden until all are in),
  with the game's constraint on the bids (such as the hook);
* rounds before play: declarations, per seat or per partnership, open or made
  before looking at the cards, and passing cards to the left neighbour; several
  cards turned face up that fix the trump suit and a second suit;
* trick play: follow suit, trumps, jokers, the winner leads; or, in pick-up games
  (Enfle), a player who cannot follow takes the trick into his hand and leads;
  revokes made legal and penalised by a rules option; per-trick scoring;
* the end of a deal (all hands played out, or the first empty hand), scoring it
  through the game's hook, the end of the match (:func:`cardrules.core.match.match_over`)
  and the safety caps;
* the public event log, :func:`observe` with the voids and the publicly known
  cards every seat has shown, exact uniform :func:`sample`, serialization, move
  numbering and notation.

A game's ``Rules`` derive from :class:`TrickGameRules`; building the game's
:class:`TrickGame` sets ``Rules.trick_game``, and every contract function reads
it from the state, so a game module simply exports the functions of
:mod:`cardrules.core.trick_contract`, plus what its :class:`TrickGame` makes for
it (``deal = GAME.deal``, ``move_index = GAME.move_index``, ...).
:file:`examples/whist.py` is a whole game written this way.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal, NamedTuple, Protocol, TypeVar, cast

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import ALL_CARDS, Card, Suit, cards_of, format_cards, mask_of
from cardrules.core import changes as changes_core
from cardrules.core import match as match_core
from cardrules.core import tricks
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
from cardrules.core.options import BaseRules, check_choice
from cardrules.core.sampling import count_worlds, deal_requiring, deal_uniformly
from cardrules.core.serial import StateReader, common_to_dict
from cardrules.errors import IllegalMoveError, NotationError, RecordError, RulesError
from cardrules.game import (
    CHANCE,
    Chance,
    ChanceMode,
    Event,
    Log,
    Outcome,
    Score,
    over_event,
    play_event,
)
from cardrules.moves import (
    BIDS,
    DEALS,
    PLAYS,
    Bid,
    Blind,
    ChooseDealer,
    DealCard,
    Declaration,
    Move,
    PassCards,
    Play,
    game_forms,
    not_a_move,
    parse_move_text,
)

__all__ = [
    "BIDDING_VIEW_FIELDS",
    "VIEW_FIELDS",
    "Bidding",
    "Declaring",
    "FaceUp",
    "Passing",
    "Revoking",
    "State",
    "TrickGame",
    "TrickGameRules",
    "TrickScorer",
    "apply",
    "chance_outcomes",
    "deal_events",
    "events",
    "hand_hidden",
    "is_over",
    "knowledge",
    "legal_moves",
    "moves_played",
    "new_game",
    "observe",
    "parse_move",
    "sample",
    "score",
    "state_to_dict",
    "suits_of",
    "teams",
    "to_move",
    "zones",
]


# Each game's Rules derives from this class, in this library or outside it: the compiled
# build must accept subclasses wherever the class is expected, not this class alone.
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class TrickGameRules(BaseRules):
    """The base of a trick game's ``Rules``: it has ``players``, and names the game.

    Building a :class:`TrickGame` sets ``Rules.trick_game`` to it, which is how
    every contract function finds the game from a state.
    """

    # A field without a default: every game's Rules redefines it with its own default
    # and range, in the place the game gives it.
    players: int


#: Scores a finished deal: ``(state, seat that went out or None)`` to ``(points per
#: seat, the deal row's extras, the log with the game's scoring events)``.
DealScorer = Callable[
    [Any, "int | None"], tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]
]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bidding:
    """A bidding phase between the deal and the play: each seat bids a number of tricks.

    ``allowed(state, seat)``: the bids the seat may make (a range or a tuple, in
    order; the hook is such a constraint). ``hidden(rules)``: whether bids are
    simultaneous (each seat sees only its own until all are in). ``most``: the
    largest bid a move number exists for.
    """

    allowed: Callable[[Any, int], range | tuple[int, ...]]
    hidden: Callable[[Any], bool]
    most: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class FaceUp:
    """Several cards turned face up after the hands, fixing the trump suit and a second
    suit that the game's scoring reads (Maverick's two face-up cards: trumps and adders).

    ``count``: how many cards are turned. ``suits(rules, cards)``: the trump suit and
    the second suit they fix. ``event(rules, cards, trump, second)``: the public event.
    ``second_key``: the second suit's name in the state's JSON form.
    """

    count: int
    suits: Callable[[Any, tuple[Card, ...]], tuple[Suit, Suit | None]]
    event: Callable[[Any, tuple[Card, ...], Suit, Suit | None], Event]
    second_key: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class Declaring:
    """A round of declarations before play: each seat (or each partnership, by its
    first seat from the dealer's left) chooses one of a few moves, openly, in turn
    clockwise from the dealer's left.

    ``phase``: the name of its ``Phase`` member. ``key``: its name in views and in the
    state's JSON form. ``applies(rules)``: whether the round is played. ``by_team``:
    one declaration per partnership. ``unseen``: made before the declarers look at
    their cards (views show no hand until the round is over). ``moves(state, seat)``:
    the declarations open to the seat, in order. ``value(move)``: what the state
    records (``values``: every value it may record, for loading). ``event(state,
    seat, move)``: the public event. ``why_not(state, seat, move)``: why a move is
    refused.
    """

    phase: str
    key: str
    applies: Callable[[Any], bool] = lambda rules: True
    by_team: bool = False
    unseen: bool = False
    moves: Callable[[Any, int], tuple[Any, ...]]
    value: Callable[[Any], Any]
    values: tuple[Any, ...]
    event: Callable[[Any, int, Any], Event]
    why_not: Callable[[Any, int, object], str]


@dataclasses.dataclass(frozen=True, kw_only=True)
class Passing:
    """A passing round before play: each seat in turn, from the dealer's left, passes
    ``count`` cards face down to its left neighbour; the cards are exchanged, and
    the phase ends, once every seat has passed (until then they are in no hand).

    ``moves(hand)``: the passes a hand may make, in order. ``cards(move)``: the
    cards a move passes (``()`` for any other move). ``form``: the move's text
    form for messages (``"pass C1 C2"``). ``rule_id``: the rule cited when a pass
    names a card not in the hand.
    """

    phase: str = "PASSING"
    count: int
    applies: Callable[[Any], bool] = lambda rules: True
    moves: Callable[[int], tuple[Any, ...]]
    cards: Callable[[object], tuple[Card, ...]]
    form: str
    rule_id: str = ""


@dataclasses.dataclass(frozen=True, kw_only=True)
class Revoking:
    """A rules option under which a revoke (not following suit while able) is legal
    and penalised instead of forbidden: ``allowed(rules)`` says whether it is on,
    ``event(rules, seat, led)`` announces a revoke (the penalty is the scoring
    hooks' business: the state counts each seat's revokes)."""

    allowed: Callable[[Any], bool]
    event: Callable[[Any, int, Suit], Event]


#: Scores a finished trick: ``(state before its last card, winner, the trick, the
#: tally so far)`` to ``(the new tally, the trick's public event)``.
TrickScorer = Callable[[Any, int, tuple[Card, ...], tuple[int, ...]], tuple[tuple[int, ...], Event]]


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrickGame:
    """The description of a trick game: what the engine needs to play it.

    * ``name``, ``title``, ``version``: the registry name, the name shown to users,
      the behaviour version recorded in states.
    * ``rules_class``, ``phases``: the game's ``Rules`` and ``Phase`` enum; the enum
      has CHOOSE_DEALER, DEALING, PLAYING and OVER, and BIDDING when there is bidding.
    * ``deck(rules)``: the cards, in their canonical order.
    * ``hand_size(rules, deal_number)``: the cards each seat gets in a deal.
    * ``packet(rules)``: cards dealt to a seat at a time, clockwise from the
      dealer's left (card ``i`` goes to seat ``(dealer + 1 + i // packet) % players``).
    * ``trump_card``: which card is turned for trump: ``"none"`` (no trumps),
      ``"next"`` (the card after the hands, out of play) or ``"dealer's last"``
      (the dealer's last card, shown to all; it stays in his hand).
    * ``deal_event(rules, match, hand_size)``: the public event that opens a deal.
    * ``bidding``: a :class:`Bidding`, or None.
    * ``pick_up``: a player who cannot follow takes the trick into his hand and
      leads the next one (Enfle); play goes on to the next seat after each card.
    * ``out_ends_deal``: the first seat to empty its hand ends the deal at once,
      even in mid-trick; otherwise the deal ends when every card has been played.
    * ``counts_tricks``: whether tricks won are counted per seat (in the state).
    * ``deals(rules)``: how many deals the match lasts, or None (no schedule: the
      match ends when ``decided`` says).
    * ``teams(rules)``: the partnerships (default: every seat for itself).
    * ``decided(rules, match)``: the outcome when a finished deal ends the match
      (a target reached), or None.
    * ``payoffs(totals)``: each seat's payoff from the totals (default: the totals).
    * ``score_deal``: the :data:`DealScorer` hook.
    * ``abandon_event(state)``: an event logged when a safety cap stops a deal, or None.
    * ``waste_zone``: the name of the finished tricks' zone.
    * ``move_forms``: the text forms of the players' moves (``("play CARD", "bid N")``).
    * ``deck_note(rules)``: said after "not in this game's deck".
    * ``refuse_text(text)``: a message for move text the game refuses outright
      (Enfle's "pick up", which is not a move), or None.
    * ``max_players``: the most seats the move numbers provide for.
    * ``view_class``, ``view_extras(state, seat)``: the game's view (an attrs class
      whose fields the engine fills by name) and the values only the game knows.
      The view needs the fields of :data:`VIEW_FIELDS` (``sample`` rebuilds a
      world from them), ``won_cards`` or ``waste`` (the finished tricks' cards),
      with bidding :data:`BIDDING_VIEW_FIELDS`, and with ``counts_tricks``
      ``tricks_won``; the engine also fills ``trump_card`` (and ``tricks_won``
      when the view has it).
    * ``check_state(state, reader)``: the game's consistency checks on a loaded state.
    * ``face_up``: a :class:`FaceUp` when several cards are turned face up after the
      hands (then ``trump_card`` is ``"none"``).
    * ``trick_rules(rules, trump)``: the follow-suit and trick-winning rules of a deal
      with this trump suit (default: plain suits, no jokers).
    * ``rounds``: the :class:`Declaring` and :class:`Passing` rounds between the deal
      and the bidding (or the play), in order.
    * ``revoking``: a :class:`Revoking` when a rules option makes revokes legal.
    * ``score_trick``: a :data:`TrickScorer` when each finished trick scores; its
      running figures (the *tally*) are ``tally``: ``(JSON key, how many, lowest,
      highest)`` per group of figures.
    * ``waste_key``: the finished tricks' name in the state's JSON form.
    * ``parse_text(text)``: the game's own move notation (default: the shared one).
    """

    name: str
    title: str
    version: str
    rules_class: type[TrickGameRules]
    phases: type[enum.IntEnum]
    deck: Callable[[Any], tuple[Card, ...]]
    hand_size: Callable[[Any, int], int]
    packet: Callable[[Any], int] = lambda rules: 1
    trump_card: Literal["none", "next", "dealer's last"] = "none"
    deal_event: Callable[[Any, Match, int], Event]
    bidding: Bidding | None = None
    pick_up: bool = False
    out_ends_deal: bool = False
    counts_tricks: bool = False
    deals: Callable[[Any], int | None]
    teams: Callable[[Any], tuple[tuple[int, ...], ...]] | None = None
    decided: Callable[[Any, Match], Outcome | None] = lambda rules, match: None
    payoffs: Callable[[tuple[int, ...]], tuple[float, ...]] = lambda totals: tuple(
        float(t) for t in totals
    )
    score_deal: DealScorer
    abandon_event: Callable[[Any], Event] | None = None
    waste_zone: str = "won tricks"
    move_forms: tuple[str, ...] = ("play CARD",)
    deck_note: Callable[[Any], str] = lambda rules: ""
    refuse_text: Callable[[str], str | None] = lambda text: None
    max_players: int
    view_class: type
    view_extras: Callable[[Any, int], dict[str, Any]] = lambda state, seat: {}
    check_state: Callable[[Any, StateReader], None] = lambda state, reader: None
    #: The game's rule identifiers that error messages cite, as (kind, identifier) pairs;
    #: the kinds are ``bid_range``, ``hook``, ``deck`` and ``follow``.
    # cast(Any, default): compiled, a class-body value is checked against the type inferred
    # for it, and dataclasses.field(default=X) would be taken for the type of X.
    rule_ids: tuple[tuple[str, str], ...] = dataclasses.field(
        default=cast(Any, ()), compare=False, repr=False
    )
    face_up: FaceUp | None = None
    trick_rules: Callable[[Any, Suit | None], tricks.TrickRules] = lambda rules, trump: (
        _TRICK_RULES[trump]
    )
    rounds: tuple[Declaring | Passing, ...] = ()
    revoking: Revoking | None = None
    score_trick: TrickScorer | None = None
    tally: tuple[tuple[str, int, int, int], ...] = ()
    waste_key: str = "waste"
    parse_text: Callable[[str], Any] | None = None
    #: The game's own kinds of move besides plays, bids and the chance outcomes.
    move_kinds: tuple[type, ...] = ()
    #: Every move in move-number order, when the game numbers its moves itself.
    move_table: tuple[Any, ...] = dataclasses.field(
        default=cast(Any, ()), compare=False, repr=False
    )
    # Derived: the phases by role, the move numbers' bases.
    choose_dealer: Any = dataclasses.field(init=False)
    dealing: Any = dataclasses.field(init=False)
    bidding_phase: Any = dataclasses.field(init=False)
    playing: Any = dataclasses.field(init=False)
    over: Any = dataclasses.field(init=False)
    bid_base: int = dataclasses.field(init=False)
    deal_base: int = dataclasses.field(init=False)
    dealer_base: int = dataclasses.field(init=False)
    num_moves: int = dataclasses.field(init=False)
    view_fields: tuple[str, ...] = dataclasses.field(init=False)
    move_numbers: dict[Any, int] = dataclasses.field(init=False, compare=False, repr=False)
    round_phases: tuple[Any, ...] = dataclasses.field(init=False)
    round_index: dict[Any, int] = dataclasses.field(init=False, compare=False)
    round_slots: tuple[int, ...] = dataclasses.field(init=False)
    passing: int | None = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        phases = self.phases
        put = functools.partial(object.__setattr__, self)
        put("round_phases", tuple(phases[r.phase] for r in self.rounds))
        put("round_index", {phase: k for k, phase in enumerate(self.round_phases)})
        declaring = [k for k, r in enumerate(self.rounds) if isinstance(r, Declaring)]
        put(
            "round_slots",
            tuple(declaring.index(k) if k in declaring else -1 for k in range(len(self.rounds))),
        )
        passing = [k for k, r in enumerate(self.rounds) if isinstance(r, Passing)]
        put("passing", passing[0] if passing else None)
        put("choose_dealer", phases["CHOOSE_DEALER"])
        put("dealing", phases["DEALING"])
        put("bidding_phase", phases["BIDDING"] if self.bidding is not None else None)
        put("playing", phases["PLAYING"])
        put("over", phases["OVER"])
        bids = 0 if self.bidding is None else self.bidding.most + 1
        put("bid_base", 52)
        put("deal_base", 52 + bids)
        put("dealer_base", 104 + bids)
        put("num_moves", len(self.move_table) or 104 + bids + self.max_players)
        put("move_numbers", {move: number for number, move in enumerate(self.move_table)})
        put("view_fields", _checked_view_fields(self))
        # The contract functions find the game from the rules of a state.
        type.__setattr__(self.rules_class, "trick_game", self)

    def deal(
        self,
        rules: Any,
        *,
        seed: int,
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State:
        """A new game with its first deal dealt (or, with explicit chance, about to be).

        ``deck`` fixes the order of the first deal (top card first; see the game's
        docs for the dealing order); later deals are shuffled from ``seed``.
        """
        check_rules(rules, self.rules_class, self.name)
        return new_game(rules, seed=seed, deck=deck, chance=chance)

    def exports(
        self,
    ) -> tuple[
        int,
        Callable[..., State],
        Callable[[Move], int],
        Callable[[int], Move],
        Callable[[Mapping[str, Any]], State],
    ]:
        """What a game module exports from its description: ``NUM_MOVES``, ``deal``,
        ``move_index``, ``move_from_index`` and ``state_from_dict``."""
        return (
            self.num_moves,
            self.deal,
            self.move_index,
            self.move_from_index,
            self.state_from_dict,
        )

    # ------------------------------------------------------------------ move numbers

    def move_index(self, move: Move) -> int:
        """The fixed number of a move: its place in the game's move table, or else plays
        0..51 by card, then bids, deals, dealers."""
        if self.move_table:
            number = self.move_numbers.get(move) if isinstance(move, _MOVE_KINDS) else None
            if number is None:
                raise IllegalMoveError(f"{move} has no number in {self.title}")
            return number
        if (
            isinstance(move, Play)
            and move.call is None
            and not move.announce
            and move.card.index < 52
        ):
            return move.card.index
        bidding = self.bidding
        if bidding is not None and isinstance(move, Bid) and 0 <= move.tricks <= bidding.most:
            return self.bid_base + move.tricks
        if isinstance(move, DealCard) and move.card.index < 52:
            return self.deal_base + move.card.index
        if isinstance(move, ChooseDealer) and 0 <= move.seat < self.max_players:
            return self.dealer_base + move.seat
        raise IllegalMoveError(f"{move} has no number in {self.title}")

    def move_from_index(self, index: int) -> Move:
        """The move with this number (see :meth:`move_index`)."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.num_moves:
            raise IllegalMoveError(f"move numbers are 0..{self.num_moves - 1}, not {index!r}")
        if self.move_table:
            move: Move = self.move_table[index]
            return move
        if index < self.bid_base:
            return PLAYS[index]
        if index < self.deal_base:
            return BIDS[index - self.bid_base]
        if index < self.dealer_base:
            return DEALS[index - self.deal_base]
        return ChooseDealer(index - self.dealer_base)

    # ------------------------------------------------------------------ loading

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Load a state from :func:`state_to_dict`'s form, refusing anything inconsistent."""
        reader = StateReader(data, self.name, self.version)
        return reader.read(self._state_from_reader, deal=self.deal, apply=apply)

    def _state_from_reader(self, r: StateReader) -> State:
        return _state_from_reader(self, r)


class State(NamedTuple):
    """A complete game position. Use the module's functions; never build one by hand.

    Hands, the undealt cards and the cards of finished tricks (``waste``) are card
    masks (see :mod:`cardrules.cards`); :func:`zones` gives them as cards. ``bids``
    holds each seat's bid (None before it bids; empty without bidding),
    ``tricks_won`` the tricks each seat has won (when the game counts them).
    ``known`` and ``voids`` are what the public log of this deal shows, per seat:
    the cards it picked up and has not played since, and the suits it has shown
    it lacks (as card masks); play keeps them up to date so that :func:`observe`
    need not read the log. ``trick_rules`` are the deal's follow-suit and
    trick-winning rules; ``face_up`` and ``second_suit`` the cards turned face up
    and the second suit they fix (see :class:`FaceUp`); ``passed`` the cards each
    seat passed this deal (in transit until every seat has passed); ``declared``
    the values of each :class:`Declaring` round (per seat, or per team); ``tally``
    the trick scorer's running figures; ``revokes`` each seat's penalised revokes.
    A state is an immutable named tuple, because building one is the cost of every move.
    """

    rules: Any
    seed: int
    chance: ChanceMode
    first_deck: tuple[Card, ...] | None
    match: Match
    phase: Any
    hands: tuple[int, ...]
    undealt: int
    trump_card: Card | None
    bids: tuple[int | None, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks_won: tuple[int, ...]
    waste: int
    dealt: int
    known: tuple[int, ...]
    voids: tuple[int, ...]
    trick_rules: tricks.TrickRules
    face_up: tuple[Card, ...]
    second_suit: Suit | None
    passed: tuple[int, ...]
    declared: tuple[tuple[Any, ...], ...]
    tally: tuple[int, ...]
    revokes: tuple[int, ...]
    moves_made: int
    log: Log[Event]
    history: Log[Move] | None
    outcome: Outcome | None

    @property
    def hand_size(self) -> int:
        """The hand size of the deal in progress (of the last one, once the game is over)."""
        game: TrickGame = self.rules.trick_game
        number = self.match.deal_number
        deals = game.deals(self.rules)
        return int(game.hand_size(self.rules, number if deals is None else min(number, deals - 1)))


# The per-move path builds states with tuple.__new__: NamedTuple's own __new__ is a
# Python function, and calling it costs more than twice as much. Arguments go in
# field order, as with State(...).
_new_state: Final = tuple.__new__
_FIELD_INDEX: Final = changes_core.field_index(State)


def _with(state: State, **changes: Any) -> State:
    """``state._replace(**changes)``, faster (see :mod:`cardrules.core.changes`)."""
    return changes_core.replaced(state, _FIELD_INDEX, changes)


M = TypeVar("M")

#: The fields every trick game's view has (the engine fills them; ``sample`` reads them).
VIEW_FIELDS: Final = (
    "rules",
    "seat",
    "chance",
    "phase",
    "to_move",
    "deal_number",
    "dealer",
    "hand",
    "hand_sizes",
    "undealt_count",
    "leader",
    "trick",
    "totals",
    "score",
    "moves_made",
    "events",
    "legal_moves",
)
#: The fields a view needs besides when the game has bidding.
BIDDING_VIEW_FIELDS: Final = ("hand_size", "bids", "has_bid")


def _checked_view_fields(game: TrickGame) -> tuple[str, ...]:
    """The fields of the game's view, refused with the fix if it lacks any it needs."""
    view_class = game.view_class
    if not attrs.has(view_class):
        raise RulesError(
            f"{game.title}'s view_class must be an attrs class (@attrs.frozen), not {view_class!r}"
        )
    fields = tuple(field.name for field in attrs.fields(view_class))
    needed = VIEW_FIELDS + (BIDDING_VIEW_FIELDS if game.bidding is not None else ())
    missing = [name for name in needed if name not in fields]
    if "won_cards" not in fields and "waste" not in fields:
        missing.append("won_cards")
    if game.counts_tricks and "tricks_won" not in fields:
        missing.append("tricks_won")  # sample could not rebuild the counts without it
    if missing:
        raise RulesError(
            f"{game.title}'s view class {view_class.__name__} lacks "
            f"{'the field' if len(missing) == 1 else 'the fields'} {', '.join(missing)}: "
            "the trick engine fills them and sample reads them; add them (every trick "
            "game's view has cardrules.core.trickgame.VIEW_FIELDS and won_cards or waste, "
            "with bidding also BIDDING_VIEW_FIELDS, and with counts_tricks also tricks_won)"
        )
    return fields


#: The kinds of move a move table may hold (all hashable frozen values).
_MOVE_KINDS: Final = (Play, Bid, DealCard, ChooseDealer, PassCards, Blind, Declaration)

_TRICK_RULES: Final[dict[Suit | None, tricks.TrickRules]] = {
    suit: tricks.trick_rules(suit) for suit in (*Suit, None)
}
#: By card index, the mask of the cards of that card's suit (0 for a joker).
_SUIT_MASK_OF: Final = tuple(
    tricks.SUIT_MASKS[c.suit] if c.suit is not None else 0 for c in ALL_CARDS
)


_DECK_MASKS: dict[int, tuple[tuple[Card, ...], int]] = {}


def _deck_mask(cards: tuple[Card, ...]) -> int:
    """The mask of a deck, cached by identity (hashing 52 cards costs more than the mask)."""
    found = _DECK_MASKS.get(id(cards))
    if found is None or found[0] is not cards:
        found = _DECK_MASKS[id(cards)] = (cards, mask_of(cards))
    return found[1]


def teams(rules: Any) -> tuple[tuple[int, ...], ...]:
    """The partnerships: every player for himself, unless the game says otherwise."""
    game: TrickGame = rules.trick_game
    if game.teams is not None:
        return game.teams(rules)
    return tuple((seat,) for seat in range(rules.players))


# --------------------------------------------------------------------------- dealing


def new_game(
    rules: TrickGameRules,
    *,
    seed: int,
    deck: Sequence[Card] | None = None,
    chance: ChanceMode = "seeded",
) -> State:
    """A new game with its first deal dealt (or, with explicit chance, about to be).

    ``deck`` fixes the order of the first deal (top card first; see the game's
    docs for the dealing order); later deals are shuffled from ``seed``.
    """
    game = getattr(type(rules), "trick_game", None)
    if not isinstance(rules, TrickGameRules) or game is None:
        raise TypeError(f"rules must be a trick game's Rules, not {type(rules).__name__}")
    seed = check_seed(seed)
    check_choice("chance", chance, ("seeded", "explicit"))
    cards = game.deck(rules)
    order = match_core.first_deal_order(deck, cards, chance)
    players = rules.players
    start = State(
        rules=rules,
        seed=seed,
        chance=chance,
        first_deck=order,
        match=Match.start(rules.first_dealer or 0, players),
        phase=game.choose_dealer,
        hands=(0,) * players,
        undealt=_deck_mask(cards),
        trump_card=None,
        bids=(None,) * players if game.bidding is not None else (),
        leader=0,
        trick=(),
        tricks_won=(0,) * players,
        waste=0,
        dealt=0,
        known=(0,) * players,
        voids=(0,) * players,
        **_fresh_deal(rules),
        moves_made=0,
        log=Log.EMPTY,
        history=Log.EMPTY,
        outcome=None,
    )
    if chance == "explicit" and rules.first_dealer is None:
        return start
    dealer = match_core.first_dealer(rules, seed, players)  # OH-2.4, EN-2.2
    return _begin_deal(start, Match.start(dealer, players), start.log, order)


_FRESH_DEALS: dict[int, tuple[Any, dict[str, Any]]] = {}


def _fresh_deal(rules: Any) -> dict[str, Any]:
    """The fields of the rounds before play, the tally and the revokes before a deal
    (remembered per rules object, by identity: every deal starts from them; callers
    must not change the dict)."""
    found = _FRESH_DEALS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    game: TrickGame = rules.trick_game
    players: int = rules.players
    fresh = {
        "trick_rules": _TRICK_RULES[None],
        "face_up": (),
        "second_suit": None,
        "passed": (0,) * players if game.passing is not None else (),
        "declared": tuple(
            (None,) * (len(teams(rules)) if r.by_team else players)
            for r in game.rounds
            if isinstance(r, Declaring)
        ),
        "tally": (0,) * sum(size for _, size, _, _ in game.tally),
        "revokes": (0,) * players if game.revoking is not None else (),
    }
    if len(_FRESH_DEALS) > 256:  # a bounded cache: rules objects come and go
        _FRESH_DEALS.clear()
    _FRESH_DEALS[id(rules)] = (rules, fresh)
    return fresh


def _recipient(dealer: int, players: int, packet: int, position: int) -> int:
    """Who receives card ``position`` of a deal: packets clockwise from the dealer's left.

    Rules OH-2.6 and EN-2.4.
    """
    return (dealer + 1 + position // packet) % players


@functools.cache
def _trump_event(trump_card: Card, holder: int | None = None) -> Event:
    """The public event of the turned trump card (built once per card): ``holder``
    is the dealer when the card stays in his hand."""
    assert trump_card.suit is not None
    text = f"trump card {trump_card}: {trump_card.suit.plural} are trumps"
    if holder is not None:
        text += f" (seat {holder} keeps it)"
    return Event("trump", holder, cards=(trump_card,), text=text)


def _begin_deal(
    state: State, match: Match, log: Log[Event], order: Sequence[Card] | None = None
) -> State:
    """Start deal ``match.deal_number``: deal it at once (seeded) or wait for chance."""
    rules = state.rules
    game: TrickGame = rules.trick_game
    players = rules.players
    size = game.hand_size(rules, match.deal_number)
    log = log.append(game.deal_event(rules, match, size))
    cards = game.deck(rules)
    fresh = _with(
        state,
        match=match,
        phase=game.dealing,
        hands=(0,) * players,
        undealt=_deck_mask(cards),
        trump_card=None,
        bids=(None,) * players if game.bidding is not None else (),
        leader=(match.dealer + 1) % players,
        trick=(),
        tricks_won=(0,) * players,
        waste=0,
        dealt=0,
        known=(0,) * players,
        voids=(0,) * players,
        **_fresh_deal(rules),
        log=log,
    )
    if state.chance == "explicit" and order is None:
        return fresh
    if order is None:
        order = match_core.shuffled(state.seed, match.deal_number, cards)
    dealt = size * players
    packet = game.packet(rules)
    hands = [0] * players
    if packet == 1:
        # Card i goes to seat (dealer + 1 + i) % players: every players-th card from
        # position k goes to one seat.
        for position in range(players):
            mask = 0
            for card in order[position:dealt:players]:
                mask |= card.bit
            hands[(match.dealer + 1 + position) % players] = mask
    else:
        for position in range(dealt):
            hands[_recipient(match.dealer, players, packet, position)] |= order[position].bit
    undealt = _deck_mask(cards) & ~sum(hands)
    if game.face_up is not None:
        shown = tuple(order[dealt : dealt + game.face_up.count])
        fresh = _with(fresh, undealt=undealt & ~mask_of(shown), dealt=dealt + len(shown))
        return _turn_face_up(fresh, tuple(hands), shown)
    if game.trump_card == "next":
        return _turn_trump(fresh, tuple(hands), order[dealt], undealt & ~order[dealt].bit)
    if game.trump_card == "dealer's last":
        return _turn_trump(fresh, tuple(hands), order[dealt - 1], undealt)
    return _with(
        fresh, phase=_phase_after(rules, 0), hands=tuple(hands), undealt=undealt, dealt=dealt
    )


def _phase_after(rules: Any, start: int) -> Any:
    """The first phase from round ``start`` on that these rules play: a round before
    play, else the bidding, else the play."""
    game: TrickGame = rules.trick_game
    for k in range(start, len(game.rounds)):
        if game.rounds[k].applies(rules):
            return game.round_phases[k]
    return game.bidding_phase if game.bidding is not None else game.playing


def _turn_face_up(state: State, hands: tuple[int, ...], face_up: tuple[Card, ...]) -> State:
    """Turn the face-up cards: they fix the trump suit and the second suit."""
    rules = state.rules
    described = rules.trick_game.face_up
    trump, second = described.suits(rules, face_up)
    return _with(
        state,
        phase=_phase_after(rules, 0),
        hands=hands,
        face_up=face_up,
        second_suit=second,
        trick_rules=rules.trick_game.trick_rules(rules, trump),
        log=state.log.append(described.event(rules, face_up, trump, second)),
    )


def _turn_trump(state: State, hands: tuple[int, ...], trump_card: Card, undealt: int) -> State:
    """Turn the trump card: the next card (out of play) or the dealer's last (kept by
    him, so everyone knows he holds it until he plays it)."""
    rules = state.rules
    game: TrickGame = rules.trick_game
    dealt = sum(h.bit_count() for h in hands)
    assert trump_card.suit is not None
    trick_rules = game.trick_rules(rules, trump_card.suit)
    if game.trump_card == "next":
        return _with(
            state,
            phase=_phase_after(rules, 0),
            hands=hands,
            trump_card=trump_card,
            trick_rules=trick_rules,
            undealt=undealt,
            dealt=dealt + 1,
            log=state.log.append(_trump_event(trump_card)),
        )
    dealer = state.match.dealer
    known = list(state.known)
    known[dealer] |= trump_card.bit
    return _with(
        state,
        phase=_phase_after(rules, 0),
        hands=hands,
        trump_card=trump_card,
        trick_rules=trick_rules,
        undealt=undealt,
        dealt=dealt,
        known=tuple(known),
        log=state.log.append(_trump_event(trump_card, dealer)),
    )


# --------------------------------------------------------------------------- queries


def to_move(state: State) -> int | Chance | None:
    """The seat to move, CHANCE at a random event (explicit chance), None when over."""
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    game: TrickGame = state.rules.trick_game
    phase = state.phase
    if phase is game.playing:
        seat: int = (state.leader + len(state.trick)) % state.rules.players
        return seat
    if phase is game.bidding_phase:
        return _bidder(state)
    if phase is game.over:
        return None
    k = game.round_index.get(phase)
    if k is not None:
        return _round_actor(state, k)
    return CHANCE


def _bidder(state: State) -> int:
    """The seat to bid: clockwise from the dealer's left."""
    players: int = state.rules.players
    return (state.match.dealer + 1 + players - state.bids.count(None)) % players


def _round_actor(state: State, k: int) -> int:
    """The seat to act in round ``k`` before play: clockwise from the dealer's left
    (in a round by partnership, the first seat of each partnership in that order)."""
    game: TrickGame = state.rules.trick_game
    players: int = state.rules.players
    if k == game.passing:
        done = players - state.passed.count(0)
    else:
        values = state.declared[game.round_slots[k]]
        done = len(values) - values.count(None)
    return (state.match.dealer + 1 + done) % players


def _team_of(rules: Any, seat: int) -> int:
    """The number of the partnership ``seat`` belongs to."""
    return next(t for t, members in enumerate(teams(rules)) if seat in members)


def hand_hidden(rules: Any, phase: Any) -> bool:
    """Whether the seats have not looked at their cards yet: before and during a
    :class:`Declaring` round made unseen (dealing included)."""
    game: TrickGame = rules.trick_game
    for k, declaring in enumerate(game.rounds):
        if (
            isinstance(declaring, Declaring)
            and declaring.unseen
            and declaring.applies(rules)
            # Two tests, not one over a starred tuple, which the compiler cannot build.
            and (phase in (game.choose_dealer, game.dealing) or phase in game.round_phases[: k + 1])
        ):
            return True
    return False


def is_over(state: State) -> bool:
    """Whether the game has ended (its deals played, or a cap reached)."""
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    game: TrickGame = state.rules.trick_game
    return state.phase is game.over


_SUIT_CHUNK: Final = (1 << 13) - 1
#: Per chunk of thirteen card indices (the four suits, then the jokers), the plays of
#: each mask of that chunk, filled as they are met: a list indexed by the chunk's mask,
#: because indexing a list is cheaper than looking an integer up in a dict.
_PLAY_CHUNKS: Final[list[list[tuple[Play, ...] | None]]] = [
    [None] * (_SUIT_CHUNK + 1) for _ in range(5)
]


def _chunk_plays(suit: int, chunk: int) -> tuple[Play, ...]:
    """The plays of the cards of one chunk's mask (``chunk`` is shifted to bit 0)."""
    table = _PLAY_CHUNKS[suit]
    found = table[chunk]
    if found is None:
        found = tuple(PLAYS[c.index] for c in cards_of(chunk << (13 * suit)))
        table[chunk] = found
    return found


def _plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of a mask, by card index (cached per suit and for jokers)."""
    if not mask:
        return ()
    suit = ((mask & -mask).bit_length() - 1) // 13
    if suit == (mask.bit_length() - 1) // 13:  # one suit, as when following: one lookup
        return _chunk_plays(suit, mask >> (13 * suit))
    plays: tuple[Play, ...] = ()
    for suit in range(5 if mask >> 52 else 4):  # the jokers' chunk only when it holds one
        chunk = (mask >> (13 * suit)) & _SUIT_CHUNK
        if chunk:
            plays += _chunk_plays(suit, chunk)
    return plays


@functools.cache
def _bids_of(numbers: range | tuple[int, ...]) -> tuple[Move, ...]:
    """The bid moves of these numbers (few distinct lists: built once each)."""
    return tuple(BIDS[n] for n in numbers)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in canonical order; ``()`` if and only if the game is over."""
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    rules = state.rules
    game: TrickGame = rules.trick_game
    phase = state.phase
    if phase is game.playing:
        trick = state.trick
        hands = state.hands
        seat = (state.leader + len(trick)) % len(hands)  # a hand per player
        if game.revoking is not None and game.revoking.allowed(rules):
            return _plays_of(hands[seat])  # a revoke is legal and penalised (MV-4.4)
        # Any lead, then the led suit if held (OH-4.1, OH-4.2, OH-4.4, EN-3.1, EN-3.2,
        # MV-4.1 to MV-4.3).
        return _plays_of(tricks.playable_to(state.trick_rules, hands[seat], trick))
    if phase is game.bidding_phase:
        assert game.bidding is not None  # a bidding phase comes with a bidding
        return _bids_of(game.bidding.allowed(state, _bidder(state)))
    if phase is game.over:
        return ()
    k = game.round_index.get(phase)
    if k is not None:
        round_ = game.rounds[k]
        seat = _round_actor(state, k)
        moves: tuple[Move, ...] = (
            round_.moves(state.hands[seat])
            if isinstance(round_, Passing)
            else round_.moves(state, seat)
        )
        return moves
    return tuple(move for move, _ in chance_outcomes(state))


def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
    """At a CHANCE step, each possible outcome with its probability; else ``()``.

    The first dealer is drawn uniformly; cards are dealt one at a time, each
    undealt card equally likely.
    """
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    game: TrickGame = state.rules.trick_game
    if state.phase is game.choose_dealer:
        players = state.rules.players
        return tuple((ChooseDealer(seat), 1 / players) for seat in range(players))
    if state.phase is game.dealing:
        remaining = cards_of(state.undealt)
        return tuple((DEALS[card.index], 1 / len(remaining)) for card in remaining)
    return ()


# --------------------------------------------------------------------------- applying


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMoveError` if it is not legal.

    The forced steps (a pick-up, the end of a deal, scoring it and dealing the
    next one) happen inside ``apply``.
    """
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    rules = state.rules
    game: TrickGame = rules.trick_game
    phase = state.phase
    if phase is game.playing:
        if type(move) is Play and move.call is None and not move.announce:
            trick = state.trick
            hands = state.hands
            seat = (state.leader + len(trick)) % len(hands)  # a hand per player
            trick_rules = state.trick_rules
            bit = move.card.bit
            hand = hands[seat]
            if bit & tricks.playable_to(trick_rules, hand, trick):
                return _play(state, game, seat, PLAYS[move.card.index], trick_rules, False)
            if bit & hand and game.revoking is not None and game.revoking.allowed(rules):
                return _play(state, game, seat, PLAYS[move.card.index], trick_rules, True)
    elif phase is game.bidding_phase:
        if type(move) is Bid:
            assert game.bidding is not None
            seat = _bidder(state)
            if move.tricks in game.bidding.allowed(state, seat):
                # Store the canonical legal move, never the caller's object: an equal
                # Bid(1.0) must not put a float into the history, the log or a cache.
                return _bid(state, game, seat, BIDS[int(move.tricks)])
    elif phase is game.choose_dealer:
        dealer = move.seat if type(move) is ChooseDealer else None
        if type(dealer) is int and 0 <= dealer < rules.players:
            started = _with(
                state, history=changes_core.extended(state.history, ChooseDealer(dealer))
            )
            return _begin_deal(started, Match.start(dealer, rules.players), state.log)
    elif phase is game.dealing:
        if type(move) is DealCard and move.card.bit & state.undealt:
            return _deal_card(state, game, DEALS[move.card.index])
    elif phase in game.round_index:
        k = game.round_index[phase]
        round_ = game.rounds[k]
        seat = _round_actor(state, k)
        if isinstance(round_, Passing):
            mask = mask_of(round_.cards(move))
            if mask and mask & state.hands[seat] == mask:
                return _pass(state, k, seat, move, mask)
        elif move in round_.moves(state, seat):
            return _declare(state, k, seat, move)
    raise IllegalMoveError(_why_illegal(state, move))


def _deal_card(state: State, game: TrickGame, move: DealCard) -> State:
    rules = state.rules
    players = rules.players
    card = move.card
    undealt = state.undealt & ~card.bit
    state = _with(state, history=changes_core.extended(state.history, move))
    size = game.hand_size(rules, state.match.deal_number) * players
    if state.dealt < size:
        seat = _recipient(state.match.dealer, players, game.packet(rules), state.dealt)
        hands = list(state.hands)
        hands[seat] |= card.bit
        dealt = state.dealt + 1
        state = _with(state, hands=tuple(hands), undealt=undealt, dealt=dealt)
        if dealt < size:
            return state
        if game.trump_card == "dealer's last":
            return _turn_trump(state, state.hands, card, undealt)
        if game.trump_card == "none" and game.face_up is None:
            return _with(state, phase=_phase_after(rules, 0))
        return state
    if game.face_up is not None:
        face_up = (*state.face_up, card)
        state = _with(state, undealt=undealt, dealt=state.dealt + 1, face_up=face_up)
        if len(face_up) < game.face_up.count:
            return state
        return _turn_face_up(state, state.hands, face_up)
    return _turn_trump(state, state.hands, card, undealt)


def _declare(state: State, k: int, seat: int, move: Any) -> State:
    """A declaration of round ``k``; the round ends when every declarer has declared."""
    rules = state.rules
    game: TrickGame = rules.trick_game
    declaring = game.rounds[k]
    assert isinstance(declaring, Declaring)
    slot = game.round_slots[k]
    values = list(state.declared[slot])
    values[_team_of(rules, seat) if declaring.by_team else seat] = declaring.value(move)
    declared = with_item(state.declared, slot, tuple(values))
    moved = _with(
        state,
        phase=state.phase if None in values else _phase_after(rules, k + 1),
        declared=declared,
        moves_made=state.moves_made + 1,
        log=state.log.append(declaring.event(state, seat, move)),
        history=changes_core.extended(state.history, move),
    )
    return _check_caps(moved)


_COUNT_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six")


def _pass(state: State, k: int, seat: int, move: Move, mask: int) -> State:
    """Cards passed face down to the left neighbour, exchanged once every seat has passed
    (the pass is secret until then: the log says only that it happened)."""
    rules = state.rules
    players = rules.players
    count = mask.bit_count()
    words = _COUNT_WORDS[count] if count < len(_COUNT_WORDS) else str(count)
    hands = list(state.hands)
    hands[seat] &= ~mask
    passed = list(state.passed)
    passed[seat] = mask
    log = state.log.append(Event("pass", seat, text=f"seat {seat} passes {words} cards"))
    phase = state.phase
    if 0 not in passed:
        for giver in range(players):
            hands[(giver + 1) % players] |= passed[giver]
        text = f"the passed cards are exchanged: each seat receives {words} cards from its right"
        log = log.append(Event("exchange", text=text))
        phase = _phase_after(rules, k + 1)
    moved = _with(
        state,
        phase=phase,
        hands=tuple(hands),
        passed=tuple(passed),
        moves_made=state.moves_made + 1,
        log=log,
        history=changes_core.extended(state.history, move),
    )
    return _check_caps(moved)


@functools.cache
def _bid_event(seat: int, tricks: int) -> Event:
    """The public event of an open bid (built once: events are immutable)."""
    return Event("bid", seat, value=tricks)


def _bid(state: State, game: TrickGame, seat: int, move: Bid) -> State:
    rules = state.rules
    bids = list(state.bids)
    bids[seat] = move.tricks
    log = state.log
    assert game.bidding is not None
    hidden = game.bidding.hidden(rules)
    if hidden:
        log = log.append(Event("bid", seat, text=f"seat {seat} has bid"))
    else:
        log = log.append(_bid_event(seat, move.tricks))
    phase = game.bidding_phase
    if None not in bids:
        phase = game.playing
        if hidden:
            shown = " ".join(f"seat {s}: {b}" for s, b in enumerate(bids))
            log = log.append(Event("bids", text=f"bids revealed: {shown}"))
    moved = _with(
        state,
        phase=phase,
        bids=tuple(bids),
        moves_made=state.moves_made + 1,
        log=log,
        history=changes_core.extended(state.history, move),
        outcome=None,
    )
    return _check_caps(moved)


def _pickup_event(seat: int, trick: tuple[Card, ...]) -> Event:
    suit = trick[0].suit
    assert suit is not None
    return Event(
        "pickup",
        seat,
        trick,
        text=f"seat {seat} cannot follow {suit.plural} and picks up {format_cards(trick)}",
    )


def _play(
    state: State,
    game: TrickGame,
    seat: int,
    move: Play,
    trick_rules: tricks.TrickRules,
    revoked: bool,
) -> State:
    # One unpacking reads every field at once: cheaper than a dozen attribute reads.
    (
        rules,
        seed,
        chance,
        first_deck,
        match,
        _phase,
        hands,
        undealt,
        trump_card,
        bids,
        leader,
        trick,
        tricks_won,
        waste,
        dealt,
        known,
        voids,
        _trick_rules,
        face_up,
        second_suit,
        passed,
        declared,
        tally,
        revokes,
        moves_made,
        log,
        history,
        _outcome,
    ) = state
    card = move.card
    bit = card.bit
    hand = hands[seat] & ~bit
    hands = with_item(hands, seat, hand)
    if revoked:
        # Legal under the game's option, and announced at once: it shows the seat holds
        # the led suit, so it is no void (MV-4.4).
        revokes = with_item(revokes, seat, revokes[seat] + 1)
        led = tricks.led_suit(trick_rules, trick)
        assert led is not None and game.revoking is not None
        log = log.append(play_event(seat, card)).append(game.revoking.event(rules, seat, led))
    else:
        if trick:  # a card that does not follow shows the seat void in the led suit
            if trick_rules.jokers is None:
                follow = _SUIT_MASK_OF[trick[0].index]
                if not bit & follow and not voids[seat] & follow:
                    voids = with_item(voids, seat, voids[seat] | follow)
            else:
                led = trick[0].suit  # a joker lead needs a look further
                if led is None:
                    led = tricks.led_suit(trick_rules, trick)
                if led is not None:
                    follow = trick_rules.follow_masks[led]
                    if not bit & (follow | trick_rules.anytime_mask) and not voids[seat] & follow:
                        voids = with_item(voids, seat, voids[seat] | follow)
        log = log.append(play_event(seat, card))
    if known[seat] & bit:
        known = with_item(known, seat, known[seat] & ~bit)
    trick = (*trick, card)
    if history is not None:
        history = history.append(move)
    players = rules.players
    out = game.out_ends_deal and not hand
    # An empty hand ends such a deal at once, even in mid-trick: the trick then
    # stays as it lies, and nobody picks it up.
    if not out:
        if len(trick) == players:
            # The highest trump, else of the led suit, wins and leads (OH-4.3, OH-4.4,
            # EN-1.3, EN-3.3, MV-4.1, MV-4.3, MV-4.5).
            winner = (leader + tricks.winner(trick_rules, trick)) % players
            if game.counts_tricks:
                tricks_won = with_item(tricks_won, winner, tricks_won[winner] + 1)
            if game.score_trick is not None:
                tally, event = game.score_trick(state, winner, trick, tally)
                log = log.append(event)
            else:
                log = log.append(Event("trick", winner, trick))
            waste |= mask_of(trick)
            trick = ()
            leader = winner
        elif game.pick_up:  # a player who cannot follow picks the trick up (EN-3.4)
            following = (seat + 1) % players
            if not hands[following] & _SUIT_MASK_OF[trick[0].index]:
                # He cannot follow: he takes the trick into his hand and leads next.
                hands = tricks.pick_up(hands, following, trick)
                log = log.append(_pickup_event(following, trick))
                known, voids = _after_pickup(known, voids, following, trick)
                trick = ()
                leader = following
    moved: State = _new_state(
        State,
        (
            rules,
            seed,
            chance,
            first_deck,
            match,
            game.playing,
            hands,
            undealt,
            trump_card,
            bids,
            leader,
            trick,
            tricks_won,
            waste,
            dealt,
            known,
            voids,
            trick_rules,
            face_up,
            second_suit,
            passed,
            declared,
            tally,
            revokes,
            moves_made + 1,
            log,
            history,
            None,
        ),
    )
    if out:
        return _finish_deal(moved, seat)
    if not trick and not any(hands):
        return _finish_deal(moved, None)
    if rules.max_moves is None and rules.max_deals is None:
        return moved  # no cap can end the game (the usual case: skip the check)
    return _check_caps(moved)


def _after_pickup(
    known: tuple[int, ...], voids: tuple[int, ...], seat: int, trick: Sequence[Card]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The public knowledge after ``seat`` picks up ``trick``: it holds those cards,
    and it holds no card of the led suit besides them."""
    known = with_item(known, seat, known[seat] | mask_of(trick))
    void = voids[seat] | _SUIT_MASK_OF[trick[0].index]
    return known, with_item(voids, seat, void)


def _finish_deal(state: State, out: int | None) -> State:
    """Score the deal through the game's hook; end the match or deal the next deal.

    ``out`` is the player whose empty hand ended the deal (EN-4.1, EN-4.2).
    """
    rules = state.rules
    game: TrickGame = rules.trick_game
    points, extras, log = game.score_deal(state, out)
    match = state.match.finish_deal(points, extras)
    outcome = match_core.match_over(
        rules,
        match,
        state.moves_made,
        deals=game.deals(rules),
        decided=game.decided(rules, match),
    )
    if outcome is not None:
        return _game_over(state, match, log, outcome)
    return _begin_deal(state, match, log)


def _check_caps(state: State) -> State:
    rules = state.rules
    if match_core.cap_reached(rules, state.match.deal_number, state.moves_made):
        log = state.log
        abandon = rules.trick_game.abandon_event
        if abandon is not None:
            log = log.append(abandon(state))
        return _game_over(state, state.match, log, match_core.truncated())
    return state


def _game_over(state: State, match: Match, log: Log[Event], outcome: Outcome) -> State:
    return _with(
        state,
        match=match,
        phase=state.rules.trick_game.over,
        log=log.append(over_event(outcome)),
        outcome=outcome,
    )


def _why_illegal(state: State, move: object) -> str:
    game: TrickGame = state.rules.trick_game
    rule_ids = dict(game.rule_ids)

    def cite(kind: str) -> str:
        """The rule a message enforces, when the game names it."""
        return f" (rule {rule_ids[kind]})" if kind in rule_ids else ""

    phase = state.phase
    if phase is game.over:
        return "the game is over: no move is legal"
    kinds: tuple[type, ...] = (Play, Bid, DealCard, ChooseDealer, *game.move_kinds)
    if game.bidding is None:
        kinds = (Play, DealCard, ChooseDealer, *game.move_kinds)
    if not isinstance(move, kinds):
        return not_a_move(move, game.title, game_forms(game.move_forms, state.chance))
    if phase is game.choose_dealer or phase is game.dealing:
        wanted = (
            "'dealer SEAT'" if phase is game.choose_dealer else "'deal CARD' of an undealt card"
        )
        return f"a chance step is due (explicit chance): the move must be {wanted}, not {move}"
    seat = to_move(state)
    assert isinstance(seat, int)
    hand = state.hands[seat]
    k = game.round_index.get(phase)
    if k is not None:
        round_ = game.rounds[k]
        if isinstance(round_, Declaring):
            return round_.why_not(state, seat, move)
        words = _COUNT_WORDS[round_.count] if round_.count < len(_COUNT_WORDS) else round_.count
        if not round_.cards(move):
            return (
                f"seat {seat} must pass {words} cards to the left now ('{round_.form}'), not {move}"
            )
        missing = [c for c in round_.cards(move) if not c.bit & hand]
        rule = f" (rule {round_.rule_id})" if round_.rule_id else ""
        return (
            f"seat {seat} can pass only cards of his hand: {format_cards(missing)} "
            f"not in {format_cards(cards_of(hand))}{rule}"
        )
    if phase is game.bidding_phase:
        assert game.bidding is not None
        if not isinstance(move, Bid):
            return f"seat {seat} must bid now, not {move}"
        allowed = tuple(game.bidding.allowed(state, seat))
        size = state.hand_size
        if not 0 <= move.tricks <= size:
            return f"a bid is 0..{size} in a deal of {size} cards, not {move.tricks}" + cite(
                "bid_range"
            )
        return (
            f"the dealer may not bid {move.tricks}: the bids would total the hand size {size} "
            f"(the hook); allowed: {', '.join(map(str, allowed))}" + cite("hook")
        )
    if not isinstance(move, Play):
        return f"seat {seat} must play a card now, not {move}"
    if move.call is not None or move.announce:
        return f"{game.title} has no calls or announcements: write just 'play CARD'"
    if not move.card.bit & _deck_mask(game.deck(state.rules)):
        return f"{move.card} is not in this game's deck{game.deck_note(state.rules)}" + cite("deck")
    if not move.card.bit & hand:
        return f"{move.card} is not in seat {seat}'s hand ({format_cards(cards_of(hand))})"
    trick_rules = state.trick_rules
    led = tricks.led_suit(trick_rules, state.trick)
    assert led is not None
    following = cards_of(hand & trick_rules.follow_masks[led])
    return f"seat {seat} must follow suit: {led.plural} ({format_cards(following)})" + cite(
        "follow"
    )


def parse_move(state: State, text: str) -> Move:
    """Read a move and check it is legal here (NotationError / IllegalMoveError)."""
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    refused = state.rules.trick_game.refuse_text(text) if isinstance(text, str) else None
    if refused is not None:
        raise NotationError(refused)
    game: TrickGame = state.rules.trick_game
    move: Move
    if game.parse_text is not None:
        move = game.parse_text(text)
    else:
        move = parse_move_text(text, game_forms(game.move_forms, state.chance))
    if move not in legal_moves(state):
        raise IllegalMoveError(_why_illegal(state, move))
    return move


# --------------------------------------------------------------------------- scores


def score(state: State) -> Score:
    """Totals, per-deal rows with the game's extras, outcome, payoffs = totals."""
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    totals = state.match.totals
    return Score(
        totals=totals,
        teams=teams(state.rules),
        better="high",
        deals=state.match.rows,
        outcome=state.outcome,
        payoffs=state.rules.trick_game.payoffs(totals),
    )


class _Logged(Protocol[M]):
    """A state with a public event log and a move history (every game's state)."""

    @property
    def log(self) -> Log[Event]: ...

    @property
    def history(self) -> Log[M] | None: ...


def events(state: _Logged[Any]) -> tuple[Event, ...]:
    """The public event log, oldest first."""
    return state.log.to_tuple()


def moves_played(state: _Logged[M]) -> tuple[M, ...]:
    """Every move applied since the deal (chance outcomes included in explicit mode)."""
    if state.history is None:
        raise RecordError("this state was made by sample(): it has no move history")
    return state.history.to_tuple()


def zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Where every card is: each hand, the trick, the finished tricks, the trump card, undealt."""
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    game: TrickGame = state.rules.trick_game
    result = {f"hand {seat}": cards_of(hand) for seat, hand in enumerate(state.hands)}
    if game.passing is not None:  # passed cards are in no hand until the exchange
        transit = 0 in state.passed and any(state.passed)
        for seat, passed in enumerate(state.passed):
            result[f"passing {seat}"] = cards_of(passed) if transit else ()
    result["trick"] = tuple(state.trick)
    result[game.waste_zone] = cards_of(state.waste)
    if game.trump_card == "next":
        result["trump card"] = (state.trump_card,) if state.trump_card is not None else ()
    if game.face_up is not None:
        result["face up"] = state.face_up
    result["undealt"] = cards_of(state.undealt)
    return result


# --------------------------------------------------------------------------- hidden information


def deal_events(log: Sequence[Event]) -> list[Event]:
    """The events of the deal in progress (or the last one), oldest first."""
    found: list[Event] = []
    for event in reversed(log):
        if event.kind == "deal":
            break
        found.append(event)
    found.reverse()
    return found


def knowledge(
    log: Sequence[Event], players: int, trick_rules: tricks.TrickRules
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per seat, the cards it is publicly known to hold and the cards it cannot hold.

    Read from the public log of this deal: a seat that failed to follow a suit
    holds none of it; a seat that picked up a trick holds its cards until it
    plays them, and no other card of the led suit. (Play keeps a state's
    ``known`` and ``voids`` up to date; this reads them back from a log.)
    """
    known = [0] * players
    voids = [0] * players
    revoked = 0  # the voids of the seat that played last, before its card
    trick: list[Card] = []
    for event in deal_events(log):
        if event.kind == "play":
            assert event.seat is not None
            card = event.cards[0]
            led = tricks.led_suit(trick_rules, trick)
            revoked = voids[event.seat]
            if led is not None:
                follow = trick_rules.follow_masks[led]
                if not card.bit & (follow | trick_rules.anytime_mask):
                    voids[event.seat] |= follow
            known[event.seat] &= ~card.bit
            trick.append(card)
        elif event.kind == "revoke":
            assert event.seat is not None
            # A penalised revoke shows the seat held the led suit: no void after all.
            voids[event.seat] = revoked
        elif event.kind == "trick":
            trick = []
        elif event.kind == "trump" and event.seat is not None:
            known[event.seat] |= event.cards[0].bit  # the dealer keeps the trump card
        elif event.kind == "pickup":
            assert event.seat is not None
            known[event.seat] |= mask_of(event.cards)
            voids[event.seat] |= _SUIT_MASK_OF[event.cards[0].index]
            trick = []
    return tuple(known), tuple(voids)


_SUITS_OF: dict[int, tuple[Suit, ...]] = {}


def suits_of(void: int) -> tuple[Suit, ...]:
    """The suits whose cards a mask covers (a union of whole suits), cached."""
    suits = _SUITS_OF.get(void)
    if suits is None:
        suits = _SUITS_OF[void] = tuple(s for s in Suit if void & tricks.SUIT_MASKS[s])
    return suits


def observe(state: State, seat: int) -> Any:
    """The view of ``seat``: own hand and everything public, nothing else."""
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    rules = state.rules
    game: TrickGame = rules.trick_game
    players = rules.players
    check_seat(seat, players)
    phase = state.phase
    bids = state.bids
    if game.bidding is not None and phase is game.bidding_phase and game.bidding.hidden(rules):
        bids = tuple(bid if s == seat else None for s, bid in enumerate(bids))
    mover = to_move(state)
    values: dict[str, Any] = {
        "rules": rules,
        "seat": seat,
        "chance": state.chance,
        "phase": phase,
        "to_move": mover,
        "deal_number": state.match.deal_number,
        "dealer": None if phase is game.choose_dealer else state.match.dealer,
        "hand": cards_of(state.hands[seat]),
        "hand_sizes": tuple(h.bit_count() for h in state.hands),
        "undealt_count": state.undealt.bit_count(),
        "trump_card": state.trump_card,
        "bids": bids,
        "has_bid": tuple(b is not None for b in state.bids),
        "known": tuple(cards_of(k) for k in state.known),
        "voids": tuple(suits_of(v) for v in state.voids),
        "leader": state.leader,
        "trick": state.trick,
        "tricks_won": state.tricks_won,
        "won_cards": None,
        "waste": None,
        "totals": state.match.totals,
        "score": score(state),
        "moves_made": state.moves_made,
        "events": state.log.to_tuple(),
        "legal_moves": legal_moves(state) if mover == seat else (),
    }
    fields = game.view_fields
    if "hand_size" in fields:
        values["hand_size"] = state.hand_size
    values["won_cards"] = values["waste"] = cards_of(state.waste)
    if game.rounds:
        if hand_hidden(rules, phase):
            values["hand"] = ()
        values["face_up"] = state.face_up
        values["trump"] = state.trick_rules.trump
        values["revokes"] = state.revokes
        for k, round_ in enumerate(game.rounds):
            if isinstance(round_, Declaring):
                values[round_.key] = state.declared[game.round_slots[k]]
        if game.passing is not None:
            passed = state.passed
            values["has_passed"] = tuple(bool(p) for p in passed)
            values["passed"] = cards_of(passed[seat])
            exchanged = 0 not in passed
            values["received"] = cards_of(passed[(seat - 1) % players]) if exchanged else ()
    values.update(game.view_extras(state, seat))
    return game.view_class(**{name: values[name] for name in fields})


_QUICK_TRIES: Final = 32


def _deal_hidden(
    unknown: int,
    holders: list[tuple[int, int]],
    needs: tuple[int, int] | None,
    rng: random.Random,
) -> tuple[int, ...]:
    """:func:`deal_uniformly`, with one more constraint when ``needs`` is ``(holder,
    suit mask)``: that holder must receive at least one card of the mask.

    Exactly uniform over the worlds that keep every constraint: deals are drawn
    uniformly under the forbidden masks and kept if the holder got such a card;
    after a few misses the worlds are counted by the number ``j`` of those cards
    the holder gets (the cards of one suit are exchangeable, since every forbidden
    mask here is a union of suits), ``j`` is drawn by its count, the ``j`` cards at
    random, and the rest dealt uniformly with the holder barred from that suit.
    """
    if needs is None:
        return deal_uniformly(unknown, holders, rng)
    holder, suit_mask = needs
    for _ in range(_QUICK_TRIES):
        dealt = deal_uniformly(unknown, holders, rng)
        if dealt[holder] & suit_mask:
            return dealt
    wanted = cards_of(unknown & suit_mask & ~holders[holder][1])
    size, forbidden = holders[holder]
    weights = []
    for j in range(1, min(size, len(wanted)) + 1):
        # Any j of the wanted cards to the holder, then nothing more of them.
        rest = unknown & ~mask_of(wanted[:j])
        others = list(holders)
        others[holder] = (size - j, forbidden | suit_mask)
        weights.append(math.comb(len(wanted), j) * count_worlds(rest, others))
    pick = rng.randrange(sum(weights))
    j = 1
    while pick >= weights[j - 1]:
        pick -= weights[j - 1]
        j += 1
    given = mask_of(rng.sample(wanted, j))
    others = list(holders)
    others[holder] = (size - j, forbidden | suit_mask)
    hidden = list(deal_uniformly(unknown & ~given, others, rng))
    hidden[holder] |= given
    return tuple(hidden)


def sample(view: Any, rng: random.Random) -> State:
    """A complete state consistent with ``view``, exactly uniform over the consistent worlds.

    The unseen cards (other hands, undealt cards) are dealt uniformly among the
    deals that respect everything the public log shows: the voids shown by a
    failure to follow suit, the cards publicly picked up (which stay in their
    holders' hands), and, in a pick-up game, that a seat due to follow holds a
    card of the led suit. Hidden simultaneous bids of other seats are drawn
    uniformly from 0..hand size. The state gets a fresh seed from ``rng`` (so
    later deals are new too) and no move history.
    """
    check_rng(rng)
    if getattr(type(getattr(view, "rules", None)), "trick_game", None) is None:
        raise wrong_state(view, "Oh Hell, Enfle or Maverick", "view")
    check_view(view)
    rules = view.rules
    game: TrickGame = rules.trick_game
    if game.passing is not None or game.revoking is not None:
        return _sample_passing(view, rng)
    players = rules.players
    seat = view.seat
    trump_card = getattr(view, "trump_card", None)
    waste = mask_of(view.won_cards if hasattr(view, "won_cards") else view.waste)
    if hasattr(view, "voids"):
        public_known = tuple(mask_of(cards) for cards in view.known)
        voids = tuple(sum(tricks.SUIT_MASKS[s] for s in suits) for suits in view.voids)
    else:
        rules_now = _trick_rules_for(rules, trump_card)
        public_known, voids = knowledge(view.events, players, rules_now)
    known = list(public_known)
    known[seat] = mask_of(view.hand)
    public = mask_of(view.trick) | waste
    if trump_card is not None:
        public |= trump_card.bit
    for mask in known:
        public |= mask
    deck = game.deck(rules)
    unknown = _deck_mask(deck) & ~public
    others = [s for s in range(players) if s != seat]
    holders = [(view.hand_sizes[s] - known[s].bit_count(), voids[s]) for s in others]
    holders.append((view.undealt_count, 0))
    needs = None
    mover = view.to_move
    if game.pick_up and view.phase is game.playing and view.trick and mover != seat:
        assert isinstance(mover, int)
        suit_mask = _SUIT_MASK_OF[view.trick[0].index]
        if not known[mover] & suit_mask:
            needs = (others.index(mover), suit_mask)
    dealt = _deal_hidden(unknown, holders, needs, rng)
    hands = list(known)
    for s, mask in zip(others, dealt):
        hands[s] |= mask
    bids: tuple[int | None, ...] = ()
    if game.bidding is not None:
        shown = list(view.bids)
        for s in range(players):
            if view.has_bid[s] and shown[s] is None:
                shown[s] = rng.randrange(view.hand_size + 1)
        bids = tuple(shown)
    dealer = view.dealer if view.dealer is not None else 0
    match = Match(view.deal_number, dealer, view.totals, view.score.deals)
    if view.phase is game.dealing:
        cards_dealt = sum(view.hand_sizes)
    else:
        cards_dealt = len(deck) - view.undealt_count
    return State(
        rules=rules,
        seed=rng.getrandbits(63),
        chance=view.chance,
        first_deck=None,
        match=match,
        phase=view.phase,
        hands=tuple(hands),
        undealt=dealt[-1],
        trump_card=trump_card,
        bids=bids,
        leader=view.leader,
        trick=view.trick,
        tricks_won=getattr(view, "tricks_won", (0,) * players),
        waste=waste,
        dealt=cards_dealt,
        known=public_known,
        voids=voids,
        **(_fresh_deal(rules) | {"trick_rules": _trick_rules_for(rules, trump_card)}),
        moves_made=view.moves_made,
        log=Log.of(view.events),
        history=None,
        outcome=view.score.outcome,
    )


def _trick_rules_for(rules: Any, trump_card: Card | None) -> tricks.TrickRules:
    """The trick rules of a deal whose trump card is ``trump_card`` (None: no trumps)."""
    if trump_card is None or trump_card.suit is None:
        return _TRICK_RULES[None]
    game: TrickGame = rules.trick_game
    return game.trick_rules(rules, trump_card.suit)


class _Shown(NamedTuple):
    """What the public play of the current deal shows about the hands."""

    forbidden: tuple[int, ...]  # per seat: cards it cannot hold (suits it failed to follow)
    required: tuple[tuple[int, int], ...]  # (seat, mask): it holds a card of the mask
    played: tuple[int, ...]  # per seat: the cards it played this deal


def _shown(view: Any, trick_rules: tricks.TrickRules) -> _Shown:
    """Voids shown by failing to follow without a revoke, and, where a revoke is legal
    and penalised, suits a revoker is known to hold (until he plays one of them)."""
    players = view.rules.players
    forbidden = [0] * players
    played = [0] * players
    pending: dict[tuple[int, Suit], int] = {}
    shown = deal_events(view.events)
    trick: list[Card] = []
    for position, event in enumerate(shown):
        if event.kind == "play":
            card = event.cards[0]
            seat = event.seat
            assert seat is not None
            led = tricks.led_suit(trick_rules, trick)
            follow = 0 if led is None else trick_rules.follow_masks[led]
            if led is not None and not card.bit & (follow | trick_rules.anytime_mask):
                following = shown[position + 1] if position + 1 < len(shown) else None
                if following is not None and following.kind == "revoke":
                    pending[(seat, led)] = follow
                else:
                    forbidden[seat] |= follow
            for key, mask in list(pending.items()):
                if key[0] == seat and card.bit & mask:
                    del pending[key]
            played[seat] |= card.bit
            trick.append(card)
        elif event.kind == "trick":
            trick = []
    required = tuple((seat, mask) for (seat, _), mask in pending.items())
    return _Shown(tuple(forbidden), required, tuple(played))


def _sample_passing(view: Any, rng: random.Random) -> State:
    """:func:`sample` for a game with a passing round or penalised revokes.

    The unseen cards are dealt uniformly among the deals that respect every void
    shown by a failure to follow suit, every suit a revoker is known to hold (a
    penalised revoke is public, so it shows the revoker held the led suit), and
    the cards this seat passed, which are in its left neighbour's hand until
    played. While the passes are in transit, the passes of other seats that have
    passed are unseen cards each; after the exchange, the hidden passes of the
    other seats are drawn uniformly from the cards their receivers held after the
    exchange. Before the seats look at their cards, even the own hand is dealt.
    """
    rules = view.rules
    game: TrickGame = rules.trick_game
    players: int = rules.players
    deck = game.deck(rules)
    seat = view.seat
    left = (seat + 1) % players
    phase = view.phase
    trump = getattr(view, "trump", None)
    if trump is None:
        trick_rules = _trick_rules_for(rules, getattr(view, "trump_card", None))
    else:
        trick_rules = game.trick_rules(rules, trump)
    trick = mask_of(view.trick)
    won = mask_of(view.won_cards)
    own_hand = mask_of(view.hand)
    hand_known = not hand_hidden(rules, phase)
    has_passed = getattr(view, "has_passed", (False,) * players)
    own_pass = mask_of(getattr(view, "passed", ()))
    exchanged = all(has_passed)
    transit = any(has_passed) and not exchanged
    shown = _shown(view, trick_rules)
    known_left = own_pass & ~(won | trick) if exchanged else 0
    known = mask_of(getattr(view, "face_up", ())) | trick | won | known_left
    if hand_known:
        known |= own_hand
    if transit:
        known |= own_pass
    # Holders of unseen cards: the hands, then the passes in transit, then the undealt.
    holders: list[tuple[int, int]] = []
    hand_holders = [s for s in range(players) if s != seat or not hand_known]
    for s in hand_holders:
        size = view.hand_sizes[s] - (known_left.bit_count() if s == left else 0)
        holders.append((size, shown.forbidden[s]))
    pass_holders = [s for s in range(players) if transit and has_passed[s] and s != seat]
    count = 0
    if game.passing is not None:
        passing = game.rounds[game.passing]
        assert isinstance(passing, Passing)
        count = passing.count
    holders.extend((count, 0) for _ in pass_holders)
    holders.append((view.undealt_count, 0))
    # A requirement met by a known card (one this seat passed to its left) is no constraint.
    required = tuple(
        (hand_holders.index(s), mask)
        for s, mask in shown.required
        if s in hand_holders and not (s == left and known_left & mask)
    )
    dealt = deal_requiring(_deck_mask(deck) & ~known, holders, required, rng)
    hands = [0] * players
    if hand_known:
        hands[seat] = own_hand
    for s, mask in zip(hand_holders, dealt):
        hands[s] = mask
    hands[left] |= known_left
    passed = [0] * players if game.passing is not None else []
    if passed and has_passed[seat]:
        passed[seat] = own_pass
    for s, mask in zip(pass_holders, dealt[len(hand_holders) :]):
        passed[s] = mask
    if passed and exchanged:
        passed[(seat - 1) % players] = mask_of(view.received)
        for giver in ((seat + k) % players for k in range(1, players - 1)):
            receiver = (giver + 1) % players
            held = cards_of(hands[receiver] | shown.played[receiver])
            passed[giver] = mask_of(rng.sample(held, count))
    dealer = view.dealer if view.dealer is not None else 0
    fields = dict(_fresh_deal(rules))
    fields["declared"] = tuple(
        getattr(view, r.key) for r in game.rounds if isinstance(r, Declaring)
    )
    fields["tally"] = tuple(n for key, _, _, _ in game.tally for n in getattr(view, key))
    if game.face_up is not None:
        fields["face_up"] = view.face_up
        fields["second_suit"] = getattr(view, game.face_up.second_key)
    if game.revoking is not None:
        fields["revokes"] = view.revokes
    return State(
        rules=rules,
        seed=rng.getrandbits(63),
        chance=view.chance,
        first_deck=None,
        match=Match(view.deal_number, dealer, view.totals, view.score.deals),
        phase=phase,
        hands=tuple(hands),
        undealt=dealt[-1],
        trump_card=getattr(view, "trump_card", None),
        bids=(),
        leader=view.leader,
        trick=view.trick,
        # Without counts_tricks the state's count stays all zeros, and a game that
        # counts tricks must show them in its view (_checked_view_fields).
        tricks_won=getattr(view, "tricks_won", (0,) * players),
        waste=won,
        dealt=len(deck) - view.undealt_count,
        known=(0,) * players,
        voids=shown.forbidden,
        **(fields | {"trick_rules": trick_rules, "passed": tuple(passed)}),
        moves_made=view.moves_made,
        log=Log.of(view.events),
        history=None,
        outcome=view.score.outcome,
    )


# --------------------------------------------------------------------------- serialization


def state_to_dict(state: State) -> dict[str, Any]:
    """A JSON-ready dict of the whole state (hidden cards included: it is the state)."""
    if type(state) is not State:
        raise wrong_state(state, "Oh Hell, Enfle or Maverick")
    game: TrickGame = state.rules.trick_game
    data = common_to_dict(state, game.name, game.version)
    data["hands"] = [format_cards(cards_of(h)) for h in state.hands]
    data["undealt"] = format_cards(cards_of(state.undealt))
    if game.trump_card != "none":
        data["trump_card"] = state.trump_card.text if state.trump_card else None
    if game.face_up is not None:
        data["face_up"] = format_cards(state.face_up)
        for key, suit in (
            ("trump", state.trick_rules.trump),
            (game.face_up.second_key, state.second_suit),
        ):
            data[key] = None if suit is None else suit.plural
    for k, round_ in enumerate(game.rounds):
        if isinstance(round_, Declaring):
            data[round_.key] = list(state.declared[game.round_slots[k]])
        else:
            data["passed"] = [format_cards(cards_of(p)) for p in state.passed]
    if game.bidding is not None:
        data["bids"] = list(state.bids)
    data["leader"] = state.leader
    data["trick"] = format_cards(state.trick)
    if game.counts_tricks:
        data["tricks_won"] = list(state.tricks_won)
    start = 0
    for key, size, _, _ in game.tally:
        data[key] = list(state.tally[start : start + size])
        start += size
    if game.revoking is not None:
        data["revokes"] = list(state.revokes)
    data[game.waste_key] = format_cards(cards_of(state.waste))
    data["dealt"] = state.dealt
    return data


def _optional_suit(r: StateReader, key: str) -> Suit | None:
    value = r.data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        r.fail(f"field {key!r} must be a suit name or null, not {value!r}")
    return r.guard(key, lambda: Suit.parse(value))


_JSON_FORMS: Final = {True: "true", False: "false", None: "null"}


def _declared(r: StateReader, declaring: Declaring, size: int) -> tuple[Any, ...]:
    """The values of a :class:`Declaring` round, each one it may record or null."""
    value = r.data.get(declaring.key)
    whose = "team" if declaring.by_team else "seat"
    if not isinstance(value, list) or len(value) != size:
        count = _COUNT_WORDS[size] if size < len(_COUNT_WORDS) else size
        r.fail(f"field {declaring.key!r} must be a list of {count} entries, one per {whose}")
    for item in value:
        if item is not None and not any(
            item is v or (type(item) is type(v) and item == v) for v in declaring.values
        ):
            forms = ", ".join(_JSON_FORMS.get(v, repr(v)) for v in declaring.values)
            r.fail(f"field {declaring.key!r} holds {forms} or null, not {item!r}")
    return tuple(value)


def _state_from_reader(game: TrickGame, r: StateReader) -> State:
    from cardrules.core.options import build_rules, parse_rules_text

    # The deck may depend on the rules (the number of players): read them first.
    name, options = r.guard("rules", lambda: parse_rules_text(r.string("rules")))
    if name != game.name:
        r.fail(f"the rules are for {name!r}, not {game.name!r}")
    deck = game.deck(r.guard("rules", lambda: build_rules(game.rules_class, options)))
    common = r.common(game.rules_class, deck, game.phases, game.parse_text or parse_move_text)
    players = common["rules"].players
    log = common["log"].to_tuple()
    for event in deal_events(log):
        if event.kind in ("play", "pickup") and (
            not isinstance(event.seat, int) or not 0 <= event.seat < players or not event.cards
        ):
            r.fail(
                f"a {event.kind!r} event of this deal needs a seat 0..{players - 1} and its "
                f"cards, not seat {event.seat!r} and cards {format_cards(event.cards)!r}"
            )
    hands = r.masks_per_seat("hands", players)
    undealt = mask_of(r.cards("undealt"))
    trump_card = r.optional_card("trump_card") if game.trump_card != "none" else None
    bids: tuple[int | None, ...] = ()
    most = 0
    if game.bidding is not None:
        most = game.bidding.most
        bids = tuple(
            r.optional_int_at("bids", i, 0, most) for i in range(r.list_length("bids", players))
        )
    leader = r.integer("leader", 0, players - 1)
    trick = r.cards("trick")
    tricks_won = (0,) * players
    if game.counts_tricks:
        most_tricks = most if game.bidding is not None else len(deck) // players
        tricks_won = tuple(r.int_list("tricks_won", players, 0, most_tricks))
    fields = dict(_fresh_deal(common["rules"]))
    fields["trick_rules"] = _trick_rules_for(common["rules"], trump_card)
    if game.face_up is not None:
        fields["face_up"] = r.cards("face_up")
        trump = _optional_suit(r, "trump")
        if trump is not None:
            fields["trick_rules"] = game.trick_rules(common["rules"], trump)
        fields["second_suit"] = _optional_suit(r, game.face_up.second_key)
    declared = []
    for k, round_ in enumerate(game.rounds):
        if isinstance(round_, Declaring):
            declared.append(_declared(r, round_, len(fields["declared"][game.round_slots[k]])))
        else:
            fields["passed"] = r.masks_per_seat("passed", players)
    fields["declared"] = tuple(declared)
    tally: list[int] = []
    for key, size, low, high in game.tally:
        tally.extend(r.int_list(key, size, low, high))
    fields["tally"] = tuple(tally)
    if game.revoking is not None:
        fields["revokes"] = tuple(r.int_list("revokes", players, 0, len(deck) // players))
    waste = mask_of(r.cards(game.waste_key))
    dealt = r.integer("dealt", 0, len(deck))
    known, voids = knowledge(log, players, fields["trick_rules"])
    state = State(
        **common,
        hands=hands,
        undealt=undealt,
        trump_card=trump_card,
        bids=bids,
        leader=leader,
        trick=trick,
        tricks_won=tricks_won,
        waste=waste,
        dealt=dealt,
        known=known,
        voids=voids,
        **fields,
    )
    r.check_partition(zones(state), deck)
    game.check_state(state, r)
    return state
