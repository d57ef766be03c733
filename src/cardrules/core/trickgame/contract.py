"""The contract of a trick game: its description, and the functions every trick game exports.

A trick game module writes its ``Rules`` (a :class:`TrickGameRules`), its ``Phase``
enum, its view and its hooks, describes the game with a :class:`TrickGame`, and takes
the rest of the contract in the same way as a Stops game
(:mod:`cardrules.core.shedding.contract`)::

    from cardrules.core.trickgame import TrickGame, contract
    from cardrules.core.trickgame.contract import *  # noqa: F403

    contract.bind(globals())  # compiled, the star import binds only what is used
    ...
    GAME: Final = TrickGame(name=NAME, title=TITLE, version=version, rules_class=Rules, ...)
    NUM_MOVES, deal, move_index, move_from_index, state_from_dict = GAME.exports()

The star import gives the functions listed in ``__all__``: they serve every trick
game, and find the game of a state from its rules (``Rules.trick_game``, which the
description sets).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Literal, cast

import attrs

from cardrules.cards import Card, Suit, mask_of
from cardrules.core import tricks
from cardrules.core.bookkeeping import deal_number, moves_made, origin, players
from cardrules.core.checks import check_move, check_move_number, check_rules, check_seed
from cardrules.core.match import Match
from cardrules.core.options import check_choice
from cardrules.core.serial import StateReader
from cardrules.core.trickgame.dealing import new_game
from cardrules.core.trickgame.description import (
    _TRICK_RULES,
    BIDDING_VIEW_FIELDS,
    DEFAULT_DEAL_LIMIT,
    VIEW_FIELDS,
    Bidding,
    DealScorer,
    Declaring,
    FaceUp,
    Passing,
    Revoking,
    TrickGameRules,
    TrickScorer,
    teams,
)
from cardrules.core.trickgame.numbers import _MOVE_KINDS, _pass_of_rank, pass_rank
from cardrules.core.trickgame.play import apply, parse_move
from cardrules.core.trickgame.positions import _replay_start, position, setup
from cardrules.core.trickgame.queries import chance_outcomes, is_over, legal_moves, to_move
from cardrules.core.trickgame.rules_of_play import Restrictions
from cardrules.core.trickgame.sampling import sample
from cardrules.core.trickgame.scoring import events, moves_played, score, zones
from cardrules.core.trickgame.serialization import _state_from_reader, state_to_dict
from cardrules.core.trickgame.solving import DoubleDummy
from cardrules.core.trickgame.state import State
from cardrules.core.trickgame.views import observe
from cardrules.errors import IllegalMoveError, RulesError
from cardrules.game import ChanceMode, Event, Outcome
from cardrules.moves import BIDS, DEALS, PLAYS, Bid, ChooseDealer, DealCard, Move, PassCards, Play

__all__ = [
    "State",
    "apply",
    "chance_outcomes",
    "deal_number",
    "double_dummy",
    "events",
    "is_over",
    "legal_moves",
    "moves_made",
    "moves_played",
    "observe",
    "origin",
    "parse_move",
    "players",
    "position",
    "sample",
    "score",
    "setup",
    "state_to_dict",
    "teams",
    "to_move",
    "zones",
]


def double_dummy(seat: int, equivalent_cards: bool = False, margin: bool = False) -> DoubleDummy:
    """The fast perfect-information search of the play for ``seat``, over card masks,
    which :mod:`cardrules.solver` uses where it applies (the engine's ``solving``
    module says where)."""
    return DoubleDummy(seat, equivalent_cards, margin)


def bind(namespace: dict[str, Any]) -> None:
    """Give a game module every name of ``__all__``, as its star import of this module does.

    A compiled module binds only the names of a star import that it uses itself, so a
    trick game module calls ``bind(globals())`` after the star import; a name the
    module defines itself is left as it is.
    """
    for name in __all__:
        namespace.setdefault(name, globals()[name])


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
    * ``payoffs(totals)``: each seat's payoff from the totals (default: the totals, or
      the totals negated when ``better`` is ``"low"``).
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
    * ``restrictions``: the play restrictions the game adds to follow suit (a suit not
      led until broken, cards barred on the first trick, must trump, must beat; see
      :class:`~cardrules.core.trickgame.rules_of_play.Restrictions`), or None.
    * ``score_trick``: a :data:`TrickScorer` when each finished trick scores; its
      running figures (the *tally*) are ``tally``: ``(JSON key, how many, lowest,
      highest)`` per group of figures.
    * ``waste_key``: the finished tricks' name in the state's JSON form.
    * ``parse_text(text)``: the game's own move notation (default: the shared one).

    The trick-taking family's deals, trumps, scores and matches, each defaulting to
    the behaviour of a game that does not set it:

    * ``trump_suit(rules, deal_number)``: a trump suit fixed without turning a card
      (Spades: ``lambda rules, number: Suit.SPADES``), in force from the deal on; None
      from the hook means no trumps in that deal. Use it with ``trump_card="none"``;
      the view then needs a ``trump`` field (the suit). Default None: trumps come
      only from ``trump_card`` or ``face_up``.
    * ``first_leader(state)``: who leads the first trick of a deal, asked when play
      begins (after the rounds and the bidding), for instance :func:`highest_bidder`.
      Default None: the dealer's left.
    * ``lead_card(rules, deal_number)``: a card whose holder leads the first trick
      and must lead it (Hearts: ``lambda rules, number: Card("2C")``); it wins over
      ``first_leader`` when it is in a hand. The holder is public once play begins
      (an event says so). Default None.
    * ``better``: ``"high"`` (the default) or ``"low"`` (Hearts: the lowest total
      wins); :func:`score` reports it, the schedule's end ranks by it, and the default
      payoffs are the totals, negated when low wins.
    * ``deal_limit``: a guard against a match that never ends: when the game has no
      schedule (``deals(rules)`` is None) and the rules set no ``max_deals``, the game
      stops after this many deals with the outcome "truncated" and an event that says
      the deal cap stopped it. Default :data:`DEFAULT_DEAL_LIMIT`; None: no guard.

    A Spades-like description sets, besides the usual fields::

        trump_suit=lambda rules, number: Suit.SPADES,
        deals=lambda rules: None,
        decided=target_decided(lambda rules: 500),
        deal_limit=200,
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
    payoffs: Callable[[tuple[int, ...]], tuple[float, ...]] | None = None
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
    #: the kinds are ``bid_range``, ``deck``, ``follow``, ``lead_card`` and the kinds of the
    #: :class:`~cardrules.core.trickgame.rules_of_play.Restrictions` (``unbroken``, ``first_trick``,
    #: ``must_trump``, ``must_beat``).
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
    restrictions: Restrictions | None = None
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
    trump_suit: Callable[[Any, int], Suit | None] | None = None
    first_leader: Callable[[Any], int] | None = None
    lead_card: Callable[[Any, int], Card | None] | None = None
    better: Literal["high", "low"] = "high"
    deal_limit: int | None = DEFAULT_DEAL_LIMIT
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
    # Read-only mappings: every state reaches the description, so nothing in it can change.
    move_numbers: Mapping[Any, int] = dataclasses.field(init=False, compare=False, repr=False)
    round_phases: tuple[Any, ...] = dataclasses.field(init=False)
    round_index: Mapping[Any, int] = dataclasses.field(init=False, compare=False)
    round_slots: tuple[int, ...] = dataclasses.field(init=False)
    passing: int | None = dataclasses.field(init=False)
    pass_base: int = dataclasses.field(init=False)
    opens_play: bool = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        phases = self.phases
        put = functools.partial(object.__setattr__, self)
        put("round_phases", tuple(phases[r.phase] for r in self.rounds))
        put(
            "round_index", MappingProxyType({phase: k for k, phase in enumerate(self.round_phases)})
        )
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
        put("pass_base", 104 + bids + self.max_players)
        passes = 0
        if passing and not self.move_table:
            described = self.rounds[passing[0]]
            assert isinstance(described, Passing)
            passes = math.comb(52, described.count)  # numbered by rank (see move_index)
        put("num_moves", len(self.move_table) or self.pass_base + passes)
        put("opens_play", self.first_leader is not None or self.lead_card is not None)
        check_choice("better", self.better, ("high", "low"))
        put("move_numbers", MappingProxyType({move: n for n, move in enumerate(self.move_table)}))
        put("view_fields", _checked_view_fields(self))
        # The contract functions find the game from the rules of a state.
        type.__setattr__(self.rules_class, "trick_game", self)

    def deal(
        self,
        rules: Any,
        *,
        seed: object,  # checked here: compiled, an int parameter refuses with a TypeError
        deck: Sequence[Card] | None = None,
        chance: ChanceMode = "seeded",
    ) -> State:
        """A new game with its first deal dealt (or, with explicit chance, about to be).

        ``deck`` fixes the order of the first deal (top card first; see the game's
        docs for the dealing order); later deals are shuffled from ``seed``.
        """
        check_rules(rules, self.rules_class, self.name)
        return new_game(rules, seed=check_seed(seed), deck=deck, chance=chance)

    def exports(
        self,
    ) -> tuple[
        int,
        Callable[..., State],
        Callable[[object], int],
        Callable[[object], Move],
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

    # The public move-number functions take object and check it (compiled, a typed
    # parameter would refuse another type with the compiler's bare TypeError).
    def move_index(self, move: object) -> int:
        """The fixed number of a move: its place in the game's move table, or else plays
        0..51 by card, then bids, deals, dealers, and the passes from ``pass_base`` on by
        the rank of their cards (:func:`pass_rank`)."""
        check_move(move)  # a move of another kind has no number: said below
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
        if (
            isinstance(move, PassCards)
            and self.num_moves > self.pass_base
            and len(move.cards) == self._pass_count()
            and all(card.index < 52 for card in move.cards)
        ):
            return self.pass_base + pass_rank(mask_of(move.cards))
        raise IllegalMoveError(f"{move} has no number in {self.title}")

    def _pass_count(self) -> int:
        """The cards a pass holds (0 without a passing round)."""
        if self.passing is None:
            return 0
        passing = self.rounds[self.passing]
        assert isinstance(passing, Passing)
        return passing.count

    def move_from_index(self, index: object) -> Move:
        """The move with this number (see :meth:`move_index`)."""
        number = check_move_number(index, self.num_moves)
        if self.move_table:
            move: Move = self.move_table[number]
            return move
        if number < self.bid_base:
            return PLAYS[number]
        if number < self.deal_base:
            return BIDS[number - self.bid_base]
        if number < self.dealer_base:
            return DEALS[number - self.deal_base]
        if number < self.pass_base:
            return ChooseDealer(number - self.dealer_base)
        return _pass_of_rank(number - self.pass_base, self._pass_count())

    # ------------------------------------------------------------------ loading

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Load a state from :func:`state_to_dict`'s form, refusing anything inconsistent."""
        reader = StateReader(data, self.name, self.version)
        # A game set up from a position replays its history from the position.
        set_up = reader.data.get("position")
        start: Callable[..., State] = self.deal
        if set_up is not None:
            start = functools.partial(_replay_start, set_up)
        return reader.read(self._state_from_reader, deal=start, apply=apply)

    def _state_from_reader(self, r: StateReader) -> State:
        return _state_from_reader(self, r)


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
    if game.trump_suit is not None and "trump" not in fields:
        missing.append("trump")  # the deal's trump suit, which sample needs
    if missing:
        raise RulesError(
            f"{game.title}'s view class {view_class.__name__} lacks "
            f"{'the field' if len(missing) == 1 else 'the fields'} {', '.join(missing)}: "
            "the trick engine fills them and sample reads them; add them (every trick "
            "game's view has cardrules.core.trickgame.VIEW_FIELDS and won_cards or waste, "
            "with bidding also BIDDING_VIEW_FIELDS, with counts_tricks also tricks_won, "
            "and with trump_suit also trump)"
        )
    return fields
