"""Up and Down the River (Oh Hell): rules OH-1.1 to OH-5.2 of the docs.

Each player is dealt a hand; the next card is turned and its suit is trump. Each
player bids how many tricks he will win; the dealer, bidding last, may not make
the bids total the hand size (the *hook*). Tricks follow suit, trumps win. A
player scores one point per trick and ten more for an exact bid. The hand size
goes down from ``start_hand`` to 1 and back up again; the highest total wins.

>>> from cardrules.games import oh_hell
>>> rules = oh_hell.Rules(players=4, start_hand=5)
>>> oh_hell.schedule_sizes(rules)
(5, 4, 3, 2, 1, 2, 3, 4, 5)
>>> state = oh_hell.deal(rules, seed=7)
>>> [str(m) for m in oh_hell.legal_moves(state)]
['bid 0', 'bid 1', 'bid 2', 'bid 3', 'bid 4', 'bid 5']

Dealing order, for ``deal(..., deck=cards)`` and in explicit-chance mode: the
dealer deals one card at a time, clockwise, starting with the player on his left
(card ``i`` of the order goes to seat ``(dealer + 1 + i) % players``) until each
player has the round's hand size; the next card is turned up as the trump card;
the rest stays face down, undealt.

Moves: ``bid N`` and ``play CARD``; chance outcomes ``dealer SEAT`` and ``deal
CARD``. Move numbers (:func:`move_index`): ``play`` = the card's index 0..51,
``bid N`` = 52 + N (N <= 17), ``deal CARD`` = 70 + the card's index,
``dealer SEAT`` = 122 + SEAT; :data:`NUM_MOVES` = 130.

``score(state).payoffs`` are the running totals (points).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

import attrs

from cardrules.cards import DECK52
from cardrules.core import options, trickgame, tricks
from cardrules.core.checks import check_view_of
from cardrules.core.serial import StateReader
from cardrules.game import Event, Fact, Log
from cardrules.moves import Bid, Play

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "oh_hell"
#: Cards adjacent in rank in one hand are equivalent once the cards between them are
#: played (the score counts tricks only): the solver may search one of them.
SOLVER_EQUIVALENT_CARDS: Final = True
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
_MAX_BID: Final = 17

SCHEDULES: Final = ("down_up", "up_down", "down", "up", "single")
BIDDINGS: Final = ("sequential", "simultaneous")


def _schedule(start_hand: int, schedule: str) -> tuple[int, ...]:
    """The hand sizes of a schedule (rules OH-2.1 and OH-2.3)."""
    down = tuple(range(start_hand, 0, -1))
    up = tuple(range(1, start_hand + 1))
    return {
        "down_up": down + up[1:],
        "up_down": up + down[1:],
        "down": down,
        "up": up,
        "single": (start_hand,),
    }[schedule]


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options of the game; ``Rules()`` is the game of the docs' rules for four players.

    * ``players``: 4 (3..8; the source says 4 to 8, 3 is an extension; rule OH-1.1).
    * ``start_hand``: the largest hand (the first deal of "down_up" and "down"); default
      ``min(8, 51 // players)``,
      at most ``51 // players`` so that a trump card remains (rule OH-2.2).
    * ``schedule``: ``"down_up"`` (N, N-1, ..., 1, ..., N; rule OH-2.1), ``"up_down"``,
      ``"down"``, ``"up"``, or ``"single"`` (one deal of ``start_hand`` cards; rule OH-2.3).
    * ``bidding``: ``"sequential"`` (clockwise from the dealer's left, rule OH-3.1) or
      ``"simultaneous"`` (everyone reveals a bid at once, rule OH-3.4).
    * ``hook``: the dealer may not make the bids total the hand size (rule OH-3.2);
      True by default with sequential bidding, None (not applicable) with simultaneous.
    * ``hook_in_one_card_round``: whether the hook applies in one-card rounds
      (rule OH-3.3); True by default, None when there is no hook.
    """

    players: int = 4
    start_hand: int | None = options.optional(int)
    schedule: str = "down_up"
    bidding: str = "sequential"
    hook: bool | None = options.optional(bool)
    hook_in_one_card_round: bool | None = options.optional(bool)
    #: The hand size of every deal, in order (derived from ``start_hand`` and ``schedule``).
    hand_sizes: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        options.check_int("players", self.players, 3, 8)
        self.check_first_dealer(self.players)
        largest = 51 // self.players
        if self.start_hand is None:
            options.set_resolved(self, "start_hand", min(8, largest))
        else:
            options.check_int("start_hand", self.start_hand, 1, largest)
        options.check_choice("schedule", self.schedule, SCHEDULES)
        options.check_choice("bidding", self.bidding, BIDDINGS)
        if self.bidding == "simultaneous":
            options.not_applicable("hook", self.hook, "with simultaneous bidding (rule OH-3.4)")
        elif self.hook is None:
            options.set_resolved(self, "hook", True)
        else:
            options.check_bool("hook", self.hook)
        if not self.hook:
            options.not_applicable(
                "hook_in_one_card_round", self.hook_in_one_card_round, "without the hook"
            )
        elif self.hook_in_one_card_round is None:
            options.set_resolved(self, "hook_in_one_card_round", True)
        else:
            options.check_bool("hook_in_one_card_round", self.hook_in_one_card_round)
        assert self.start_hand is not None
        options.set_resolved(self, "hand_sizes", _schedule(self.start_hand, self.schedule))

    def __str__(self) -> str:
        return options.rules_to_text(NAME, self)


#: Named rules used by the tests, the docs and the command line.
_PRESETS: Final = {
    "default": Rules(),
    "single": Rules(schedule="single", start_hand=10),
    "short": Rules(start_hand=3),
    "three_players": Rules(players=3, start_hand=4, schedule="up_down"),
    "eight_players": Rules(players=8, schedule="down"),
    "simultaneous": Rules(players=5, start_hand=4, bidding="simultaneous"),
    "no_hook": Rules(start_hand=3, hook=False, schedule="up"),
    "free_last_round": Rules(players=6, start_hand=2, hook_in_one_card_round=False),
}
#: The same, read-only: a caller cannot change them for everyone else.
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(_PRESETS)


def schedule_sizes(rules: Rules) -> tuple[int, ...]:
    """The hand size of every deal of the game, in order."""
    return rules.hand_sizes


# --------------------------------------------------------------------------- the deal


def _legal_bids(state: State, seat: int) -> range | tuple[int, ...]:
    """0 to the hand size (rule OH-3.1); the dealer, bidding last, may not make the bids
    total the hand size (the hook, OH-3.2 and OH-3.3)."""
    size = state.hand_size
    deal = state.deal  # what the deal fixes (read there: every bid asks)
    rules = deal.rules
    if seat == deal.match.dealer and rules.hook and (size > 1 or rules.hook_in_one_card_round):
        forbidden = size - sum(b for b in deal.bids if b is not None)
        if 0 <= forbidden <= size:
            return tuple(n for n in range(size + 1) if n != forbidden)
    return range(size + 1)


def _why_not_bid(state: State, seat: int, bid: int) -> str:
    """Why a bid of 0..the hand size is refused: only the hook refuses one (OH-3.2)."""
    allowed = ", ".join(map(str, _legal_bids(state, seat)))
    return (
        f"the dealer may not bid {bid}: the bids would total the hand size {state.hand_size} "
        f"(the hook); allowed: {allowed} (rule OH-3.2)"
    )


def _deal_points(bids: tuple[int, ...], tricks_won: tuple[int, ...]) -> tuple[int, ...]:
    """One point per trick, ten more for making the bid exactly (rule OH-5.1)."""
    return tuple(won + (10 if won == bid else 0) for bid, won in zip(bids, tricks_won))


def _score_deal(
    state: State, out: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    deal = state.deal  # what the deal fixes (read there: this ends every deal)
    bids = tuple(b if b is not None else 0 for b in deal.bids)
    points = _deal_points(bids, state.tricks_won)
    extras = (
        ("hand_size", (state.hand_size,) * deal.rules.players),
        ("bids", bids),
        ("tricks", state.tricks_won),
    )
    shown = " ".join(f"seat {s}: {p}" for s, p in enumerate(points))
    log = state.log.append(
        Event("scored", text=f"deal {deal.match.deal_number + 1} scored: {shown}")
    )
    return points, extras, log


# --------------------------------------------------------------------------- hidden information


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its own hand and everything public, nothing else; the
    engine's fields say it all (``bids``, ``has_bid``, ``trump_card``, ``tricks_won``)."""


def _check_consistent(state: State, r: StateReader) -> None:
    if state.phase in (Phase.BIDDING, Phase.PLAYING):
        if state.match.deal_number >= len(state.rules.hand_sizes):
            r.fail(f"deal {state.match.deal_number} is past the schedule's last deal")
        size = state.hand_size
        played = sum(state.tricks_won)
        for seat, hand in enumerate(state.hands):
            in_trick = 1 if (seat - state.leader) % state.rules.players < len(state.trick) else 0
            if hand.bit_count() != size - played - in_trick:
                r.fail(
                    f"seat {seat} holds {hand.bit_count()} cards; after {played} tricks of a "
                    f"{size}-card deal it must hold {size - played - in_trick}"
                )


GAME: Final = trickgame.TrickGame(
    name=NAME,
    rule_ids=(("bid_range", "OH-3.1"), ("follow", "OH-4.1")),
    title="Up and Down the River (Oh Hell)",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(
        deck=lambda rules: DECK52,  # the 52-card deck, no jokers (OH-1.2)
        hand_size=lambda rules, number: rules.hand_sizes[number],
    ),
    trumps=trickgame.Trumps(card="next"),
    bidding=trickgame.Bidding(
        allowed=_legal_bids,
        hidden=lambda rules: rules.bidding == "simultaneous",
        most=_MAX_BID,
        why_not=_why_not_bid,
    ),
    scoring=trickgame.Scoring(deal=_score_deal, counts_tricks=True),
    match=trickgame.MatchPlan(deals=lambda rules: len(rules.hand_sizes)),
    moves=trickgame.Moves(max_players=8, forms=("play CARD", "bid N")),
    view_class=View,
    check_state=_check_consistent,
)
trickgame.install(GAME, globals())


def describe(view: object) -> tuple[Fact, ...]:
    """The view for a person: the deal, trumps, the trick, bids and tricks per seat, the hand.

    >>> rules = Rules(schedule="single", start_hand=2, first_dealer=3)
    >>> [fact.label for fact in describe(observe(deal(rules, seed=0), 0))]
    ['deal', 'trumps', 'trump card', 'bids so far', 'cards', 'bid', 'tricks won', 'hand']
    """
    view = check_view_of(view, View, NAME)
    rules = view.rules
    sizes = schedule_sizes(rules)
    number = min(view.deal_number, len(sizes) - 1)
    facts = [
        Fact(
            "deal",
            f"{number + 1} of {len(sizes)}, {view.hand_size} cards each, "
            f"dealt by seat {view.dealer}",
        )
    ]
    if view.trump_card is not None and view.trump_card.suit is not None:
        facts.append(Fact("trumps", view.trump_card.suit))
        facts.append(Fact("trump card", view.trump_card))
    else:
        facts.append(Fact("trumps", "none this deal"))
    if view.trick:
        facts.append(Fact("trick", tricks.trick_plays(view.leader, view.trick, rules.players)))
    if view.phase == Phase.BIDDING:
        facts.extend(_bidding_facts(view))
    facts.append(Fact("cards", view.hand_sizes, per_seat=True))
    shown = tuple(
        "?" if bid is None and done else bid for bid, done in zip(view.bids, view.has_bid)
    )
    facts.append(Fact("bid", shown, per_seat=True))
    facts.append(Fact("tricks won", view.tricks_won, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def _bidding_facts(view: View) -> tuple[Fact, ...]:
    """The bids so far (hidden ones are not counted) and, for the dealer, the bid the hook
    forbids (rule OH-3.2)."""
    if view.rules.bidding == "simultaneous":
        facts = [Fact("bids so far", f"secret until every seat has bid ({view.hand_size} tricks)")]
    else:
        made = sum(bid for bid in view.bids if bid is not None)
        facts = [Fact("bids so far", f"{made} for {view.hand_size} tricks")]
    offered = {move.tricks for move in view.legal_moves if isinstance(move, Bid)}
    barred = [n for n in range(view.hand_size + 1) if n not in offered]
    if offered and barred:
        facts.append(
            Fact(
                "hook",
                f"you may not bid {barred[0]}: as the dealer, your bid must not make the "
                f"bids total {view.hand_size} (rule OH-3.2)",
            )
        )
    return tuple(facts)


def explain_move(view: object, move: object) -> str:
    """What choosing ``move`` means: a bid is the number of tricks you undertake to win;
    a play says when its card is a trump.

    >>> from cardrules.cards import Card
    >>> view = observe(deal(Rules(schedule="single", start_hand=2, first_dealer=3), seed=0), 0)
    >>> explain_move(view, Bid(0)), view.trump_card, explain_move(view, Play(Card("2D")))
    ('you undertake to win no trick', Card('8D'), 'a trump')
    """
    view = check_view_of(view, View, NAME)
    if isinstance(move, Bid):
        if move.tricks == 0:
            return "you undertake to win no trick"
        return f"you undertake to win exactly {move.tricks} trick{'s' if move.tricks > 1 else ''}"
    trump = view.trump_card.suit if view.trump_card is not None else None
    if isinstance(move, Play) and trump is not None and move.card.suit == trump:
        return "a trump"
    return ""
