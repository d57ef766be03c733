"""The conformance kit: the contract's invariants, checked on any game module.

One call checks a game against everything the :class:`~cardrules.game.Game`
contract promises, along complete random games of each preset:

>>> from cardrules import testing
>>> from cardrules.games import mau_mau_standard
>>> report = testing.check_game(mau_mau_standard, presets=["single"], games=2)
>>> report.games, report.presets
(2, ('single',))

In a test suite of your own (pytest or any other runner), a test is the call::

    def test_my_game_keeps_the_contract():
        cardrules.testing.check_game(my_game)

A broken promise raises :class:`ContractError` (an ``AssertionError``, so test
runners show it as a failure) that says which rule broke, in which game,
preset, seed and step, so that the failure can be replayed. The kit needs
neither pytest nor hypothesis; the functions :func:`check_random_game`,
:func:`check_listed_moves` and :func:`check_explicit_chance` take the seeds
explicitly, so that a property-testing library can choose them (cardrules' own
suite drives them with hypothesis).

What is checked (the invariants of the contract):

* **cards are conserved**: at every step the zones (``zones``) hold each card
  of the deck (``deck_of``) exactly once;
* ``legal_moves`` is empty if and only if the game is over, and ``to_move`` is
  None if and only if it is over; legal moves are distinct and their move
  numbers round-trip;
* **legality**: in a trick game (a view with ``hand`` and ``trick``) a seat that
  holds the suit led plays that suit; in a Stops game (a view with ``upcard``)
  every card played matches the upcard, the called suit or is wild;
* **every listed move applies**; a move not listed raises
  :class:`~cardrules.errors.IllegalMoveError` and changes nothing;
* ``apply`` **never changes its input**; the same move gives an equal state;
  the same seed gives the same game;
* **seeded and explicit chance** give the same game for the same outcomes, and
  the chance probabilities sum to one;
* random play **ends** (within the presets' caps) with an outcome, and totals
  and payoffs have one entry per seat;
* **views hide what is hidden**: the view of a world sampled from a view is
  that view, the world conserves the cards and has the same player to move;
  every view has the fields of :class:`cardrules.game.View` (seat, player to
  move, the seat's legal moves, score, public log), consistent with the state;
* **records, state JSON and pickles round-trip**;
* the game's functions **raise only the contract's errors**: any other error (an
  ``IndexError`` in a scoring hook, say) is reported as a :class:`ContractError`
  that says where it was raised and has it as its cause.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from types import TracebackType
from typing import Any

import attrs

from cardrules import games as registry
from cardrules._mypyc import mypyc_attr
from cardrules.errors import CardrulesError, IllegalMoveError, describe_error
from cardrules.game import CHANCE, Event, Game, Score
from cardrules.moves import ChooseDealer, DealCard, Play

__all__ = [
    "ContractError",
    "Report",
    "check_cards_conserved",
    "check_explicit_chance",
    "check_game",
    "check_legality",
    "check_listed_moves",
    "check_random_game",
    "check_unlisted_moves_refused",
    "check_view_fields",
    "check_views",
]


# Two built-in bases (Exception, AssertionError): a native class can have only one.
@mypyc_attr(native_class=False)
class ContractError(CardrulesError, AssertionError):
    """A game broke a promise of the contract; the message says which and where."""


def _fail(condition: bool, message: str) -> None:
    if not condition:
        raise ContractError(message)


def _game_failed(where: str, error: Exception) -> ContractError:
    """The ContractError for an error a game's own function raised (raise it ``from``
    that error, which keeps its traceback)."""
    return ContractError(
        f"{where}: the game raised {describe_error(error)}; its functions may raise only "
        "the cardrules errors the contract names (IllegalMoveError for a move that is not legal)"
    )


class _GameErrorsReported:
    """A context in which an error of the game's own code (anything but a
    :class:`ContractError`) becomes the ContractError of :func:`_game_failed`, chained
    from it. A ContractError passes through, with ``where`` put before its message
    when ``prefix_contract_errors``. ``where`` is called only on an error, so that a
    check that enters this context at every move does not format it at every move."""

    __slots__ = ("_prefix_contract_errors", "_where")

    def __init__(self, where: Callable[[], str], *, prefix_contract_errors: bool = False) -> None:
        self._where = where
        self._prefix_contract_errors = prefix_contract_errors

    def __enter__(self) -> None:
        return None

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if not isinstance(error, Exception):
            return  # no error, or one such as KeyboardInterrupt: let it go
        if isinstance(error, ContractError):
            if not self._prefix_contract_errors:
                return
            raise ContractError(f"{self._where()}: {error}") from None
        raise _game_failed(self._where(), error) from error


def _apply_listed(game: Game, state: Any, move: Any) -> Any:
    """``game.apply(state, move)`` for a move the game listed as legal: a refusal
    contradicts its own list."""
    try:
        return game.apply(state, move)
    except IllegalMoveError as error:
        raise ContractError(f"the listed move {move} is refused: {error}") from None


@attrs.frozen(slots=True)
class Report:
    """What :func:`check_game` checked: the game, the presets, games and moves played."""

    game: str
    presets: tuple[str, ...]
    games: int
    moves: int


# --------------------------------------------------------------------------- single checks


def check_cards_conserved(game: Game, state: Any, rules: Any) -> None:
    """Every card of the deck is in exactly one zone."""
    zones = game.zones(state)
    counts = Counter(card for cards in zones.values() for card in cards)
    twice = sorted(str(card) for card, n in counts.items() if n > 1)
    _fail(not twice, f"cards in two zones at once: {' '.join(twice)}")
    deck = set(game.deck_of(rules))
    missing = sorted(str(card) for card in deck - set(counts))
    extra = sorted(str(card) for card in set(counts) - deck)
    _fail(not missing and not extra, f"zones lack {missing} and hold cards not in the deck {extra}")


def check_unlisted_moves_refused(
    game: Game, state: Any, rng: random.Random, *, deep: bool = True
) -> None:
    """A dozen moves that ``legal_moves`` does not list each raise IllegalMoveError,
    and (``deep``: compared as whole pickles) the state is unchanged."""
    legal = set(game.legal_moves(state))
    before = pickle.dumps(state) if deep else None
    numbers = rng.sample(range(game.NUM_MOVES), min(12, game.NUM_MOVES))
    for move in (game.move_from_index(number) for number in numbers):
        if move in legal:
            continue
        try:
            game.apply(state, move)
        except IllegalMoveError as error:
            _fail(bool(str(error)), f"refusing {move} gave no reason")
        else:
            raise ContractError(f"{move} is not a legal move, but apply accepted it")
    if before is not None:
        _fail(pickle.dumps(state) == before, "refusing an illegal move changed the state")


def check_views(game: Game, state: Any, rules: Any, seat: int, rng: random.Random) -> None:
    """The view of a world sampled from a seat's view is that view; the world
    conserves the cards and has the same player to move."""
    view = game.observe(state, seat)
    check_view_fields(game, state, view, seat)
    world = game.sample(view, random.Random(rng.getrandbits(32)))
    check_cards_conserved(game, world, rules)
    _fail(
        game.observe(world, seat) == view,
        f"a world sampled from seat {seat}'s view looks different to that seat: "
        "the view shows something hidden, or sample ignores something the view shows",
    )
    _fail(game.to_move(world) == game.to_move(state), "a sampled world has another player to move")


def check_view_fields(game: Game, state: Any, view: Any, seat: int) -> None:
    """The view has the fields of :class:`cardrules.game.View`, and they agree with the
    state: its seat, the player to move, the seat's legal moves (none unless it is to
    move), a score with one total per seat, the public log as a tuple of events."""
    missing = [name for name in ("rules", "seat", "to_move", "score", "events", "legal_moves")
               if not hasattr(view, name)]  # fmt: skip
    _fail(not missing, f"a view lacks {', '.join(missing)} (see cardrules.game.View)")
    _fail(view.seat == seat, f"the view of seat {seat} says it is seat {view.seat}'s")
    to_move = game.to_move(state)
    _fail(view.to_move == to_move, f"the view says {view.to_move} is to move, not {to_move}")
    legal = game.legal_moves(state) if to_move == seat else ()
    _fail(tuple(view.legal_moves) == legal, f"the view of seat {seat} lists other legal moves")
    _fail(
        isinstance(view.score, Score) and len(view.score.totals) == game.players(view.rules),
        "a view's score must be a Score with one total per seat",
    )
    _fail(
        isinstance(view.events, tuple) and all(isinstance(e, Event) for e in view.events),
        "a view's events must be a tuple of Event",
    )


def check_legality(game: Game, state: Any) -> None:
    """The moves listed follow suit (trick games) or match the upcard (Stops games).

    Judged from the view of the seat to move: in a trick game (a view with
    ``hand`` and ``trick``) a seat holding a card of the suit led may play only
    that suit (or a joker), unless the rules' option ``revoke`` makes a revoke
    legal (any value but ``"forbid"``); in a Stops game (a view with ``upcard`` and a
    ``rules.stops`` table) every card played is of the called suit (after a
    call) or the upcard's suit, of the upcard's rank, or wild, unless the last
    calling card called nothing. Other games pass unchecked.
    """
    seat = game.to_move(state)
    if not isinstance(seat, int):
        return
    view = game.observe(state, seat)
    plays = [move for move in game.legal_moves(state) if isinstance(move, Play)]
    hand = getattr(view, "hand", None)
    if hand is not None:
        held = set(hand)
        for move in plays:
            _fail(move.card in held, f"{move} is listed, but seat {seat} does not hold it")
    trick = getattr(view, "trick", None)
    revoke_allowed = getattr(game.origin(state).rules, "revoke", "forbid") != "forbid"
    if hand is not None and trick and trick[0].suit is not None and not revoke_allowed:
        led = trick[0].suit
        if any(card.suit == led for card in hand):
            wrong = [str(m) for m in plays if m.card.suit not in (led, None)]
            _fail(not wrong, f"seat {seat} holds the suit led, yet may play {wrong}")
    upcard = getattr(view, "upcard", None)
    stops = getattr(getattr(view, "rules", None), "stops", None)
    if upcard is not None and stops is not None and not getattr(view, "free", False):
        called = getattr(view, "called", None)
        suit = upcard.suit if called is None else called
        for move in plays:
            card = move.card
            _fail(
                card.suit == suit or card.rank == upcard.rank or stops.effect(card.rank).wild,
                f"{move} is listed on the upcard {upcard}"
                + (f" with {called.plural} called" if called is not None else "")
                + ": it matches neither suit nor rank and is not wild",
            )


# --------------------------------------------------------------------------- whole games


def _resolve(game: str | Game) -> Game:
    """A registered game by name; a module as it is (checked, not registered)."""
    if isinstance(game, str):
        return registry.get(game)
    registry.check_protocol(game)
    return game


def check_random_game(
    game: str | Game, rules: Any, *, seed: int, choices: int, every: int = 7
) -> int:
    """Play one complete random game and check every invariant along it.

    ``seed`` deals the game, ``choices`` seeds the random choice of moves;
    the costlier checks (card conservation, legality, unlisted moves, views,
    mutation) run every ``every`` steps, card conservation also at the end
    (whole-state pickle comparisons every tenth time after the first ten).
    Returns the number of moves played.
    """
    game = _resolve(game)
    rng = random.Random(choices)
    label = f"{game.NAME} {rules}"  # formatting rules costs more than a move: do it once
    with _GameErrorsReported(lambda: f"{label}, seed {seed}, dealing", prefix_contract_errors=True):
        state = game.deal(rules, seed=seed)
        _fail(game.deal(rules, seed=seed) == state, "the same rules and seed dealt different games")
        players = game.players(rules)
    steps = 0
    over = False
    while not over:  # no break out of the with below: the compiled build cannot compile one
        # The lambda is called, if at all, before the step ends: it sees this step's number.
        with _GameErrorsReported(
            lambda: f"{label}, seed {seed}, choices {choices}, step {steps}",  # noqa: B023
            prefix_contract_errors=True,
        ):
            legal = game.legal_moves(state)
            over = game.is_over(state)
            _fail((legal == ()) == over, "legal_moves must be empty iff the game is over")
            _fail((game.to_move(state) is None) == over, "to_move is None iff the game is over")
            if over:
                check_cards_conserved(game, state, rules)
            else:
                _fail(len(set(legal)) == len(legal), "legal moves must be distinct")
                numbered = [game.move_from_index(game.move_index(m)) for m in legal]
                _fail(numbered == list(legal), "move numbers must round-trip")
                move = rng.choice(legal)
                if steps % every == 0:
                    # A pickle costs O(game length): whole-state comparisons thin out to
                    # every tenth check once a game is long, or they would dominate.
                    deep = steps < 10 * every or steps % (10 * every) == 0
                    # A lost or doubled card stays lost or doubled: a check every few steps
                    # and at the end finds it.
                    check_cards_conserved(game, state, rules)
                    check_legality(game, state)
                    check_unlisted_moves_refused(game, state, rng, deep=deep)
                    check_views(game, state, rules, rng.randrange(players), rng)
                    frozen = pickle.dumps(state) if deep else None
                    after = _apply_listed(game, state, move)
                    if frozen is not None:
                        _fail(pickle.dumps(state) == frozen, f"apply({move}) changed its input")
                    again = _apply_listed(game, state, move)
                    _fail(again == after, f"apply({move}) twice gave two states")
                else:
                    after = _apply_listed(game, state, move)
                state = after
                steps += 1
    where = f"{label}, seed {seed}"
    with _GameErrorsReported(lambda: f"{where}, at the end (score, record, JSON, pickle)"):
        _check_end(game, state, rules, players, where)
    return steps


def _check_end(game: Game, state: Any, rules: Any, players: int, where: str) -> None:
    from cardrules.records import Record, record_of, replay, state_from_json, state_to_json

    game = registry.get(game)  # records find their game by name: register it
    score = game.score(state)
    _fail(score.outcome is not None, f"{where}: the game is over without an outcome")
    _fail(
        len(score.totals) == len(score.payoffs) == players,
        f"{where}: totals and payoffs need one entry per seat",
    )
    record = record_of(state, game=game)
    _fail(replay(Record.from_json(record.to_json())) == state, f"{where}: the record replays wrong")
    text = state_to_json(state, game=game)
    _fail(state_from_json(text) == state, f"{where}: the state's JSON does not load back equal")
    _fail(pickle.loads(pickle.dumps(state)) == state, f"{where}: the state does not unpickle equal")


def check_listed_moves(game: str | Game, rules: Any, *, seed: int, choices: int) -> None:
    """Along a random stretch of play, every listed move applies, and states
    round-trip through JSON and pickle."""
    from cardrules.records import state_from_json, state_to_json

    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}"
    step = 0
    with _GameErrorsReported(lambda: f"{where}, choices {choices}, step {step}"):
        state = game.deal(rules, seed=seed)
        for step in range(rng.randrange(1, 60)):
            if game.is_over(state):
                break
            for move in game.legal_moves(state):
                try:
                    game.apply(state, move)
                except IllegalMoveError as error:
                    raise ContractError(
                        f"{where}, step {step}: the listed move {move} is refused: {error}"
                    ) from None
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        text = state_to_json(state, game=game)
        _fail(state_from_json(text) == state, f"{where}: the state's JSON does not load back equal")
        _fail(
            pickle.loads(pickle.dumps(state)) == state,
            f"{where}: the state does not unpickle equal",
        )


def check_explicit_chance(game: str | Game, rules: Any, *, seed: int, choices: int) -> None:
    """Seeded and explicit chance play the same game for the same outcomes.

    The explicit game's first deal is drawn at random (``dealer SEAT`` and ``deal
    CARD`` outcomes, whose probabilities must sum to one); the seeded game is dealt
    from the same cards in the same order (and the same first dealer), and both
    are played with the same moves until the first deal ends.
    """
    game = _resolve(game)
    rng = random.Random(choices)
    where = f"{game.NAME} {rules}, seed {seed}, choices {choices}"
    with _GameErrorsReported(lambda: f"{where}, checking explicit chance"):
        _check_explicit_chance(game, rules, rng, seed, where)


def _check_explicit_chance(
    game: Game, rules: Any, rng: random.Random, seed: int, where: str
) -> None:
    explicit = game.deal(rules, seed=seed, chance="explicit")
    dealer = rules.first_dealer
    dealt: list[Any] = []
    while game.to_move(explicit) is CHANCE:
        outcomes = game.chance_outcomes(explicit)
        _fail(abs(sum(p for _, p in outcomes) - 1) < 1e-9, f"{where}: chances do not sum to 1")
        _fail(
            [m for m, _ in outcomes] == list(game.legal_moves(explicit)),
            f"{where}: the chance outcomes are not the legal moves",
        )
        move = rng.choice([m for m, _ in outcomes])
        if isinstance(move, ChooseDealer):
            dealer = move.seat
        elif isinstance(move, DealCard):
            dealt.append(move.card)
        else:
            raise ContractError(f"{where}: a chance outcome of the deal is {move}, not a card")
        explicit = game.apply(explicit, move)
    rest = [card for card in game.deck_of(rules) if card not in dealt]
    seeded = game.deal(attrs.evolve(rules, first_dealer=dealer), seed=seed, deck=dealt + rest)
    first_deals = game.deal_number(seeded)
    while not game.is_over(seeded) and game.to_move(explicit) is not CHANCE:
        _fail(game.events(seeded) == game.events(explicit), f"{where}: the event logs differ")
        zones_seeded = {k: set(v) for k, v in game.zones(seeded).items()}
        zones_explicit = {k: set(v) for k, v in game.zones(explicit).items()}
        _fail(zones_seeded == zones_explicit, f"{where}: the cards lie in different zones")
        legal = game.legal_moves(seeded)
        _fail(legal == game.legal_moves(explicit), f"{where}: the legal moves differ")
        if game.deal_number(seeded) != first_deals:
            break
        move = rng.choice(legal)
        seeded, explicit = game.apply(seeded, move), game.apply(explicit, move)
    # The explicit game may wait at a chance step (a card drawn) that the seeded game
    # resolved inside apply: so far, the logs agree.
    explicit_events = game.events(explicit)
    _fail(
        game.events(seeded)[: len(explicit_events)] == explicit_events,
        f"{where}: the event logs differ",
    )
    if game.to_move(explicit) is not CHANCE:
        _fail(
            game.score(seeded).deals == game.score(explicit).deals,
            f"{where}: the deals scored differ",
        )


def check_game(
    game: str | Game,
    *,
    presets: Iterable[str] | Mapping[str, Any] | None = None,
    games: int = 10,
    seed: int = 0,
) -> Report:
    """Check a game against the whole contract: ``games`` random games per preset.

    ``game``: a game module (registered under its ``NAME`` if it is not yet),
    or a registered name. ``presets``: names of the game's ``PRESETS`` (default:
    all of them), or a mapping of names to ``Rules``; give presets with the
    safety caps ``max_moves``/``max_deals`` if a random game could last long.
    ``seed`` makes the run reproducible: game ``i`` of a preset is dealt and
    played from seeds drawn from ``(seed, preset, i)``. Raises
    :class:`ContractError` at the first broken promise; returns a
    :class:`Report` of what was checked.
    """
    module = registry.get(game)
    if presets is None:
        chosen: Mapping[str, Any] = module.PRESETS
    elif isinstance(presets, Mapping):
        chosen = presets
    else:
        names = list(presets)
        unknown = [name for name in names if name not in module.PRESETS]
        if unknown:
            raise ContractError(
                f"{module.NAME} has no preset {', '.join(unknown)}: "
                f"its presets are {', '.join(module.PRESETS)}"
            )
        chosen = {name: module.PRESETS[name] for name in names}
    _fail(bool(chosen), f"{module.NAME}: no presets to check (give PRESETS or presets=...)")
    moves = 0
    for name, rules in chosen.items():
        for index in range(games):
            rng = random.Random(f"{seed}/{name}/{index}")
            deal_seed, choices = rng.getrandbits(63), rng.getrandbits(63)
            try:
                moves += check_random_game(module, rules, seed=deal_seed, choices=choices)
                check_listed_moves(module, rules, seed=deal_seed, choices=choices)
                check_explicit_chance(module, rules, seed=deal_seed, choices=choices)
            except ContractError as error:
                # Keep the game's own error (if any) as the cause: its traceback shows where.
                raise ContractError(f"preset {name!r}, {error}") from (error.__cause__ or error)
    return Report(module.NAME, tuple(chosen), games * len(chosen), moves)
