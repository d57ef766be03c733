"""Perfect Information Monte Carlo (PIMC) for trick games, on the solver.

The method of the strong card players of trick games (Ginsberg's GIB at bridge,
Kupferschmid and Helmert's Skat player): draw complete deals consistent with what
the bot's seat knows (``sample``, exactly uniform in trick games), value every
legal move in each drawn deal with perfect information, and play the move with
the best mean value. The values come from :mod:`cardrules.solver`, to the end of
the deal, the seat and its partners against all the others: with ``margin`` (the
default) the seat's points less the best points among the seats outside its team,
so that the others are taken to play for their own points as well as against the
bot's (in Up and Down the River they make their own bids, not only break the
bot's), and the bot plays to come first in the deal, not only to score; without
it, the seat's points. Where moves tie on the mean (every drawn deal values them alike),
the bot plays the ``playout`` bot's choice among them. Where a game allows
announcements during play (Doppelkopf's Re, Skat's Kontra), the bot never announces:
it chooses among the card plays, solved with the contract's terms as they stand.

*How deep it solves.* By default the bot solves each drawn deal exactly to the
end of the deal whenever its budget allows, and solves less deep only where that
does not fit: the first try at a drawn deal gets a share of the budget (the
solver's ``seconds``/``positions`` budget); when the share is spent
(:class:`~cardrules.errors.SearchBudgetError`), the bot values that deal again by
letting the ``playout`` bot (the game's heuristic bot by default) play every seat's
moves until every hand is down to four cards (the endgame) and solving from there,
with the rest of the move's time; should that not fit either, two cards fewer each
time, down to playing the deal out. The move's later deals start from the depth
that fitted, and with a time budget the next move starts one card deeper than the
last one ended (the whole deal, once the hands are that small), so a faster solver
means deeper solving, with no guess from hand sizes. The share: with ``seconds``,
the time left divided by the deals still to value (of ``samples``, at most 8
planned; more are drawn while time is left); without, ``positions`` positions a
deal (20,000 by default; deterministic). ``solve_cards`` caps the depth for users
who want it: solve only once every hand holds at most that many cards (the bot's
behaviour before this default, which had 4).

*Moves before the play* (bids, passes, declarations) are valued for the game's own
objective: in each drawn deal the bot makes the move, the ``playout`` bot makes
every seat's moves up to the first lead, and the play is solved from there to the
deal's end (or as deep as the budget allows), so a bid is worth what the solved
deal scores with that bid (Up and Down the River's exact bid included). Every
move is tried on the same drawn deals with the same playout randomness (each drawn
deal that needs a playout draws 64 random bits from the generator once, after the
deal), so the moves compare in pairs. With ``solve_cards`` at least the cards
dealt, or no cap, every move of the play is solved exactly when the budget allows:
plain PIMC.

The budget is ``samples`` drawn deals a move, or ``seconds`` a move (as many deals
as fit), whichever ends first. The seconds bind the solver too: a solve still
running when the time is up stops, and its deal is left out of the mean; if not
one deal was valued in the time, the bot plays the ``playout`` bot's move.
Budgeted by samples (and positions) alone the bot is deterministic: the same view
and random generator give the same move. After each move, ``last_worlds``,
``last_cuts`` (solves stopped by their share), ``last_positions`` (positions
searched) and ``last_depth`` (the depth the move ended at: None for the whole
deal, else the cards a hand from which it solved, 0 for deals played out) say
what the move cost.

*Inference* (``inference=True``, off by default): the sampler stays uniform, and
each drawn deal is weighted in the mean by how likely the other seats' calls of
this deal were with the hands the deal gives them (:meth:`PIMCBot.call_likelihood`).
The calls are the other seats' events of the public log since the deal began, of
the kind the bot's own call makes (a bid, for a bid). The model: a seat calls what
the ``playout`` bot would call with its hand (the mode: the ``playout`` bot asked
with that seat's view of the drawn deal and the calls legal to the bot now), and a
call ``d`` steps from the mode (the difference of the numbers the two calls carry,
such as two bids; 1 for another call without a number) is ``0.25 ** d`` times as
likely; the seats' calls are taken as independent, so a deal's weight is the
product over the calls. A deal whose hands would make a seat's bid of three tricks
a bid of none for the model weighs 0.25 ** 3, about 1/64, of a deal where it fits.
Before the play the drawn deal is the table the calls were made at. In the play
the bot rebuilds that table from its own last call of the deal (it keeps the view
of each seat's last call): a deal drawn for its view then, relabelled card for
card (hidden cards only) so that every other seat holds what the drawn deal gives
it now plus the cards the public log shows it played since the deal began, and
set up with ``setup``; where the bot made no call in the deal, or cards changed
hands between the calls and the play (passes), its deals are unweighted. Where
every deal weighs nothing, the plain mean decides. Inference uses no random
numbers of the bot's generator: the same deals are drawn with it and without.

By name (:func:`cardrules.simulate.make_bot`), ``pimc:20`` draws 20 deals a move,
``pimc:0.5s`` as many as half a second allows, ``pimc:20:4`` solves exactly only
from four cards a hand, ``pimc:20:p5000`` gives each deal's solve 5,000 positions,
and a last ``:infer`` turns inference on (``pimc:0.1s:infer``); the bot's ``name``
is written the same way without the first colon (``pimc0.1s:infer``).

``equivalent_cards``: search one card of each run of cards that are proven
equivalent (see :mod:`cardrules.solver`); None turns it on for a game whose module
declares ``SOLVER_EQUIVALENT_CARDS = True`` (Up and Down the River, Maverick and
the Whist, Spades and Hearts examples, where the tests prove it; Hearts with the queen
of spades apart, ``SOLVER_CARDS_APART``).

Games whose tricks can go back into a hand (Enfle's pick-up) have no bounded
deal for the solver (:class:`~cardrules.solver.UnsolvableError`): once the bot
meets one, it values each move by the playout bot's play to the end of the deal
in every sampled world, Monte Carlo without the exact endgame.

>>> import random
>>> from cardrules.games import oh_hell
>>> state = oh_hell.deal(oh_hell.Rules(schedule="single", start_hand=3), seed=4)
>>> bot = PIMCBot(oh_hell, samples=5)
>>> bot.name
'pimc5'
>>> seat = oh_hell.to_move(state)
>>> view, legal = oh_hell.observe(state, seat), oh_hell.legal_moves(state)
>>> bot.choose(view, legal, random.Random(1)) in legal
True
>>> bot.last_depth is None  # three cards a hand: every deal solved to its end
True
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Sequence
from typing import Any, Final, TypeVar

from cardrules.bots import Bot, RandomBot
from cardrules.errors import CardrulesError
from cardrules.game import Event, Game
from cardrules.moves import Call, Play
from cardrules.solver import SearchBudgetError, Solver, UnsolvableError

__all__ = ["PIMCBot"]

M = TypeVar("M")

#: ``samples`` at least this large count as no limit: the name then gives the seconds.
UNLIMITED: Final = 1_000_000
#: Positions a drawn deal's solve may search, without a time budget or ``positions``.
POSITIONS: Final = 20_000
#: With a time budget, the drawn deals a move's time is shared among (at most), for
#: the first try of each.
PLANNED: Final = 8
#: The cards a hand from which a drawn deal whose first try did not fit is solved.
FALLBACK: Final = 4
#: Cards a hand fewer at each further step down, where the endgame does not fit either.
STEP: Final = 2
#: Inference: how much less likely a call is for each step from the model's call.
FALL_OFF: Final = 0.25


class PIMCBot:
    """Chooses the move with the best mean solved value over sampled deals.

    ``samples``: deals drawn a move; ``seconds``: a time budget a move (None: none);
    ``solve_cards``: solve exactly only once every hand holds at most this many cards
    (None, the default: to the end of the deal whenever the budget allows);
    ``positions``: the positions a drawn deal's solve may search before the bot
    solves that deal less deep (None: 20,000 without ``seconds``, else only the time);
    ``playout``: the bot that plays the moves before the solve (None: the game's
    heuristic bot, or the random bot for a game without one); ``inference``: weight
    the drawn deals by the other seats' calls; ``equivalent_cards`` and ``margin``:
    see the module docs.
    """

    # samples, seconds, solve_cards, positions, equivalent_cards, margin and inference:
    # object, checked below: compiled, a typed parameter would refuse another type with
    # the compiler's TypeError.
    def __init__(
        self,
        game: Game,
        samples: object = 20,
        seconds: object = None,
        solve_cards: object = None,
        playout: Bot | None = None,
        equivalent_cards: object = None,
        margin: object = True,
        positions: object = None,
        inference: object = False,
    ) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be an integer of at least 1, not {samples!r}")
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
        ):
            raise ValueError(f"seconds must be None or a number above 0, not {seconds!r}")
        if solve_cards is not None and (
            isinstance(solve_cards, bool) or not isinstance(solve_cards, int) or solve_cards < 1
        ):
            raise ValueError(
                f"solve_cards must be None or an integer of at least 1, not {solve_cards!r}"
            )
        if positions is not None and (
            isinstance(positions, bool) or not isinstance(positions, int) or positions < 1
        ):
            raise ValueError(
                f"positions must be None or an integer of at least 1, not {positions!r}"
            )
        if playout is not None and not callable(getattr(playout, "choose", None)):
            raise ValueError(
                f"playout must be a bot (an object with a choose method), not {playout!r}"
            )
        if equivalent_cards is not None and not isinstance(equivalent_cards, bool):
            raise ValueError(
                f"equivalent_cards must be None, True or False, not {equivalent_cards!r}"
            )
        if not isinstance(margin, bool):
            raise ValueError(f"margin must be True or False, not {margin!r}")
        if not isinstance(inference, bool):
            raise ValueError(f"inference must be True or False, not {inference!r}")
        self.game = game
        self.samples = samples
        self.seconds = None if seconds is None else float(seconds)
        self.solve_cards: int | None = solve_cards
        self.positions: int | None = positions
        self.playout: Bot = playout if playout is not None else _default_playout(game)
        self.equivalent_cards = (
            bool(getattr(game, "SOLVER_EQUIVALENT_CARDS", False))
            if equivalent_cards is None
            else equivalent_cards
        )
        self.margin = margin
        self.inference = inference
        #: False once a deal of the game proved unsolvable (see the module docs).
        self.solves = True
        #: What the last move cost (see the module docs).
        self.last_worlds = 0
        self.last_cuts = 0
        self.last_positions = 0
        self.last_depth: int | None = None
        # With a time budget: the depth the last move ended at (the next starts deeper).
        self._reach: int | None = None
        # With inference: each seat's view at its last call (see call_likelihood).
        self._call_views: dict[int, Any] = {}
        if self.seconds is not None and samples >= UNLIMITED:
            self.name = f"pimc{self.seconds:g}s"
        else:
            self.name = f"pimc{samples}"
        if solve_cards is not None:
            self.name += f":{solve_cards}"
        if positions is not None:
            self.name += f":p{positions}"
        if inference:
            self.name += ":infer"

    def choose(self, view: Any, legal_moves: Sequence[M], rng: random.Random) -> M:
        """Sample, solve, and return the move of ``legal_moves`` with the best mean."""
        if not legal_moves:
            raise ValueError("no legal move to choose from: the game is over")
        if self.inference and type(legal_moves[0]) is not Play:
            self._call_views[view.seat] = view  # the table of the calls, for the play
        if type(legal_moves[0]) is Play and type(legal_moves[-1]) is Call:
            # Announcements beside the cards: the bot never announces, it plays a card.
            legal_moves = [move for move in legal_moves if type(move) is Play]
        if len(legal_moves) == 1:
            return legal_moves[0]
        game = self.game
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        totals = [0.0] * len(legal_moves)
        weighted = [0.0] * len(legal_moves)
        weights = 0.0
        self.last_worlds = self.last_cuts = self.last_positions = 0
        depth = self.last_depth = self._first_depth()
        planned = min(self.samples, PLANNED)
        worlds = 0
        for _ in range(self.samples):
            world = game.sample(view, rng)
            try:
                values, depth = self._world_values(
                    view.seat, world, legal_moves, rng, depth, deadline, max(1, planned - worlds)
                )
            except SearchBudgetError:
                break  # out of time inside a solve: this world is left out
            weight = self.call_likelihood(view, world) if self.inference else 1.0
            for index, value in enumerate(values):
                totals[index] += value
                weighted[index] += weight * value
            weights += weight
            worlds += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_worlds = worlds
        if deadline is not None:
            self._reach = self.last_depth
        if not worlds:  # not one world solved in the time: the playout bot's move
            return self.playout.choose(view, legal_moves, rng)
        if weights > 0.0:
            totals = weighted
        # Points are the value; where low totals are better, the fewest points are best.
        sign = -1.0 if view.score.better == "low" else 1.0
        best = 0
        for index in range(1, len(legal_moves)):
            if sign * totals[index] > sign * totals[best]:
                best = index
        tied = [index for index, total in enumerate(totals) if total == totals[best]]
        if len(tied) > 1:
            preferred = self.playout.choose(view, legal_moves, rng)
            if preferred in legal_moves and legal_moves.index(preferred) in tied:
                return preferred
        return legal_moves[best]

    def _first_depth(self) -> int | None:
        """The depth a move starts at: the cap, or with a time budget one card deeper
        than the last move ended (None: to the end of the deal)."""
        depth = self.solve_cards
        if self.seconds is not None and self._reach is not None:
            deeper = self._reach + 1
            depth = deeper if depth is None else min(depth, deeper)
        return depth

    def _world_values(
        self,
        seat: int,
        world: Any,
        legal_moves: Sequence[M],
        rng: random.Random,
        depth: int | None,
        deadline: float | None,
        worlds_left: int,
    ) -> tuple[list[float], int | None]:
        """The value of each legal move in one sampled world, solved from ``depth``
        (or less deep, when its share of the budget does not allow), and that depth."""
        game = self.game
        seed: int | None = None
        tries = 0
        while True:
            seconds = None
            if deadline is not None:
                seconds = max(0.0, deadline - time.perf_counter())
                if not tries:  # the first try: this world's share of the time left
                    seconds /= worlds_left
            positions = self.positions
            if positions is None and deadline is None:
                positions = POSITIONS
            solver = Solver(
                game,
                seat,
                game.deal_number(world),
                equivalent_cards=self.equivalent_cards,
                margin=self.margin,
                seconds=seconds,
                positions=positions,
            )
            tries += 1
            try:
                values = self._solved(solver, world, depth)
                if values is not None:
                    return [values[move] for move in legal_moves], depth
                if seed is None:
                    seed = rng.getrandbits(64)
                return [
                    self._played_out(solver, game.apply(world, move), random.Random(seed), depth)
                    for move in legal_moves
                ], depth
            except SearchBudgetError:
                self.last_cuts += 1
                if depth == 0 or (deadline is not None and time.perf_counter() >= deadline):
                    raise
                depth = self._shallower(world, depth, tries == 1)
                self.last_depth = depth
            finally:
                self.last_positions += solver.nodes

    def _shallower(self, world: Any, depth: int | None, first: bool) -> int:
        """The depth to try after a solve from ``depth`` did not fit: the endgame of
        ``FALLBACK`` cards a hand (or the cap) after the first try, then ``STEP`` cards
        fewer each time (0: play the deal out)."""
        largest = _largest_hand(self.game, world)
        current = largest if depth is None else min(depth, largest)
        if first:
            fallback = FALLBACK if self.solve_cards is None else min(FALLBACK, self.solve_cards)
            if fallback < current:
                return fallback
        return max(0, current - STEP)

    def _solved(self, solver: Solver, world: Any, depth: int | None) -> dict[Any, float] | None:
        """The solved value of each legal move of ``world``, or None when ``depth`` is
        not reached yet or the game's deals cannot be solved."""
        if not self._ready(world, depth):
            return None
        try:
            return dict(solver.move_values(world))
        except UnsolvableError:
            self.solves = False  # tricks go back into hands: play every deal out
            return None

    def _played_out(
        self, solver: Solver, state: Any, rng: random.Random, depth: int | None
    ) -> float:
        """The seat's points for the deal after the playout bot has played every seat
        down to ``depth``, solved from there (or played to the deal's end)."""
        end = self._play_to(state, rng, depth)
        if self.solves:
            try:
                return solver.value(end)
            except UnsolvableError:
                self.solves = False  # tricks go back into hands: play every deal out
                end = self._play_to(end, rng, 0)
        return solver.value(end)  # the deal is over: its points

    def _ready(self, state: Any, depth: int | None, legal: Sequence[Any] | None = None) -> bool:
        """Whether the play has begun and every hand holds at most ``depth`` cards (any
        number for None; never, in a game whose deals the solver cannot search);
        ``legal``: the legal moves of ``state``, where the caller has them."""
        if not self.solves or depth == 0:
            return False
        game = self.game
        if legal is None:
            legal = game.legal_moves(state)
        if not all(
            type(move) is Play or (type(move) is Call and move.kind == "announce") for move in legal
        ):
            return False
        return depth is None or _largest_hand(game, state) <= depth

    def _play_to(self, state: Any, rng: random.Random, depth: int | None) -> Any:
        """``state`` after the playout bot has played every seat down to ``depth``
        (or to the end of the deal)."""
        game = self.game
        deal = game.deal_number(state)
        while not game.is_over(state) and game.deal_number(state) == deal:
            mover = game.to_move(state)
            legal = game.legal_moves(state)
            if not isinstance(mover, int):
                state = game.apply(state, legal[rng.randrange(len(legal))])
                continue
            if self._ready(state, depth, legal):
                return state
            move = (
                legal[0]
                if len(legal) == 1
                else self.playout.choose(game.observe(state, mover), legal, rng)
            )
            state = game.apply(state, move)
        return state

    def call_likelihood(self, view: Any, world: Any) -> float:
        """How likely the other seats' calls of this deal were with the hands ``world``
        (a deal drawn for ``view``) gives them, under the model of the module docs, up to
        a constant factor: 1.0 where the model does not apply (no call seen; in the play,
        no call of the bot's own in this deal to rebuild the calls' table from)."""
        calls = _calls_of_deal(view.events, view.seat)
        if not calls:
            return 1.0
        game = self.game
        table: Any = world
        legal = game.legal_moves(world)
        if not legal or type(legal[0]) is Play:  # in the play: the table of the calls
            table = self._call_table(view, world)
            if table is None:
                return 1.0
            legal = game.legal_moves(table)
        mover = game.to_move(table)
        if not isinstance(mover, int) or not legal or type(legal[0]) is Play:
            return 1.0
        known = len(game.events(table))
        made: dict[int, Event | None] = {}  # each candidate call's event, by its index

        def event_of(index: int) -> Event | None:
            if index not in made:
                after = game.events(game.apply(table, legal[index]))[known:]
                made[index] = next((event for event in after if event.seat == mover), None)
            return made[index]

        kind = event_of(0)
        if kind is None:
            return 1.0
        weight = 1.0
        for call in calls:
            if call.kind != kind.kind:
                continue
            assert call.seat is not None
            seat_view = game.observe(table, call.seat)
            mode = self.playout.choose(seat_view, legal, random.Random(0))
            if mode not in legal:
                continue
            predicted = event_of(legal.index(mode))
            if predicted is not None:
                weight *= FALL_OFF ** _distance(call, predicted)
        return weight

    def _call_table(self, view: Any, world: Any) -> Any:
        """The deal as it stood at the bot's last call of this deal, with the hands
        ``world`` gives the other seats then (their hands now and the cards they have
        played since the deal began), or None where the bot has no such call."""
        stored = self._call_views.get(view.seat)
        if stored is None:
            return None
        before: tuple[Event, ...] = tuple(stored.events)
        events: tuple[Event, ...] = tuple(view.events)
        start = _deal_start(events)
        if not start <= len(before) <= len(events) or events[: len(before)] != before:
            return None  # a call of another deal, or of another game
        game = self.game
        table = game.sample(stored, random.Random(0))
        played: dict[int, list[str]] = {}
        for event in events[start:]:
            if event.kind == "play" and event.seat is not None:
                played.setdefault(event.seat, []).extend(str(card) for card in event.cards)
        now = game.zones(world)
        then = game.zones(table)
        names = {str(card) for card in game.deck_of(stored.rules)}
        # Relabel hidden cards, two at a time, until each other seat holds its hand then.
        relabel = {name: name for name in names}
        back = dict(relabel)  # a label's card: the inverse of relabel
        for name, cards in then.items():
            if not name.startswith("hand ") or name == f"hand {view.seat}":
                continue
            seat = int(name[5:])
            wanted = {str(card) for card in now.get(name, ())} | set(played.get(seat, []))
            held = {relabel[str(card)] for card in cards}
            if len(wanted) != len(held):
                return None  # cards changed hands between the calls and now
            for card, other in zip(sorted(wanted - held), sorted(held - wanted)):
                # swap the labels of the cards labelled ``card`` and ``other``
                first, second = back[card], back[other]
                relabel[first], relabel[second] = other, card
                back[card], back[other] = second, first
        position = _relabelled(game.position(table), relabel)
        try:
            return game.setup(stored.rules, position)
        except CardrulesError:
            return None


def _relabelled(value: Any, relabel: dict[str, str]) -> Any:
    """``value`` (plain position data) with every card name in its texts relabelled."""
    if isinstance(value, str):
        return "".join(relabel.get(part, part) for part in re.split(r"([\s,/]+)", value))
    if isinstance(value, list):
        return [_relabelled(item, relabel) for item in value]
    if isinstance(value, dict):
        return {key: _relabelled(item, relabel) for key, item in value.items()}
    return value


def _deal_start(events: Sequence[Event]) -> int:
    """The index in ``events`` after the event that began the deal under way."""
    start = 0
    for index, event in enumerate(events):
        if event.kind in ("deal", "setup"):
            start = index + 1
    return start


def _calls_of_deal(events: Sequence[Event], seat: int) -> list[Event]:
    """The other seats' events of the deal under way before its first card was played:
    the calls, among others."""
    calls: list[Event] = []
    for event in events[_deal_start(events) :]:
        if event.kind == "play":
            break
        if event.seat is not None and event.seat != seat:
            calls.append(event)
    return calls


def _distance(call: Event, predicted: Event) -> int:
    """How many steps ``call`` lies from ``predicted``: the difference of the numbers
    they carry, else 0 for the same call and 1 for another."""
    if call.value is not None and predicted.value is not None:
        return abs(call.value - predicted.value)
    return 0 if (call.value, call.cards) == (predicted.value, predicted.cards) else 1


def _largest_hand(game: Game, state: Any) -> int:
    """The most cards any hand of ``state`` holds, of the seats that play the deal: a
    seat that sits it out (a lone hand's partner: the module's ``seats_out``, where it
    has one) keeps its cards to the end."""
    read_out = getattr(game, "seats_out", None)
    out = {f"hand {seat}" for seat in read_out(state)} if callable(read_out) else set()
    return max(
        (
            len(cards)
            for name, cards in game.zones(state).items()
            if name.startswith("hand ") and name not in out
        ),
        default=0,
    )


def _default_playout(game: Game) -> Bot:
    """The game's heuristic bot, or the random bot where it has none."""
    from cardrules.bots.heuristics import heuristic_bot
    from cardrules.errors import CardrulesError

    try:
        return heuristic_bot(game)
    except CardrulesError:
        return RandomBot()
