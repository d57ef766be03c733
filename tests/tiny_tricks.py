"""A tiny trick game written on no engine, with its own ``position`` and ``setup``: the
generic code of positions (the notation, the kit's check, records, the command line) is
tested on it. Seven spades; two or three seats get one or two cards each, the rest stay
undealt; each seat in turn plays any card, the highest wins the trick and leads the
next; a seat scores a point a trick. The tests register it (as ``tiny_tricks``) while
they run and remove it afterwards: other tests list the registered games. The command
line finds it by its import path, ``tests.tiny_tricks``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from cardrules.cards import Card, format_cards, parse_cards, validate_deck_order
from cardrules.core.options import (
    BaseRules,
    build_rules,
    check_int,
    parse_rules_text,
    rules_to_text,
)
from cardrules.errors import (
    ArgumentError,
    DeckError,
    IllegalMoveError,
    NotationError,
    PositionError,
    RecordError,
)
from cardrules.game import (
    CHANCE,
    Chance,
    ChanceMode,
    DealRow,
    Event,
    Fact,
    Origin,
    Outcome,
    Score,
    over_event,
    play_event,
    winners_by_total,
)
from cardrules.moves import ChooseDealer, DealCard, Move, Play, parse_move_text

NAME: Final = "tiny_tricks"
TITLE: Final = "Tiny tricks"
version: Final = "1"
DECK: Final = parse_cards("AS KS QS JS 10S 9S 8S")
NUM_MOVES: Final = 111  # plays 0..53, deals 54..107, dealers 108..110
#: The keys of a position, in order.
KEYS: Final = (
    "phase",
    "deal_number",
    "dealer",
    "totals",
    "rows",
    "hands",
    "undealt",
    "trick",
    "leader",
    "won",
    "tricks",
    "outcome",
)


@attrs.frozen(slots=True, kw_only=True)
class Rules(BaseRules):
    """``players`` (2 or 3) and ``hand`` (the cards each gets: 1 or 2)."""

    players: int = 2
    hand: int = 2

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 2, 3)
        check_int("hand", self.hand, 1, 2)
        self.check_first_dealer(self.players)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


PRESETS: Final = {"default": Rules(), "three": Rules(players=3, hand=1)}


@attrs.frozen(slots=True)
class State:
    rules: Rules
    seed: int
    first_deck: tuple[Card, ...] | None
    chance: ChanceMode
    position: dict[str, Any] | None = attrs.field(hash=False)
    dealer: int | None
    to_deal: int
    hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    trick: tuple[Card, ...]
    leader: int
    won: tuple[Card, ...]
    tricks: tuple[int, ...]
    events: tuple[Event, ...]
    history: tuple[Move, ...]
    outcome: Outcome | None = None


@attrs.frozen(slots=True)
class View:
    rules: Rules
    seat: int
    to_move: int | Chance | None
    score: Score
    events: tuple[Event, ...]
    legal_moves: tuple[Move, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    undealt: int
    trick: tuple[Card, ...]
    leader: int
    won: tuple[Card, ...]
    tricks: tuple[int, ...]
    dealer: int | None


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=DECK.index))


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise ArgumentError(f"{NAME} plays by its Rules, not {type(rules).__name__}")
    return rules


def deck_of(rules: Any) -> tuple[Card, ...]:
    return DECK


def players(rules: Any) -> int:
    return int(_check_rules(rules).players)


def teams(rules: Any) -> tuple[tuple[int, ...], ...]:
    return tuple((seat,) for seat in range(players(rules)))


def deal(
    rules: Any, *, seed: int, deck: Sequence[Card] | None = None, chance: ChanceMode = "seeded"
) -> State:
    rules = _check_rules(rules)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError(f"the seed must be a whole number, not {seed!r}")
    rng = random.Random(seed)
    first = None if deck is None else validate_deck_order(deck, DECK)
    count = rules.players
    empty: tuple[tuple[Card, ...], ...] = ((),) * count
    start = State(rules, seed, first, chance, None, None, 0, empty, DECK, (), 0, (), (0,) * count,
                  (), ())  # fmt: skip
    if chance == "explicit":
        if first is not None:
            raise DeckError("a fixed deck is dealt with seeded chance, not explicit")
        if rules.first_dealer is None:
            return start
        return _dealer_chosen(start, rules.first_dealer)
    dealer = rules.first_dealer if rules.first_dealer is not None else rng.randrange(count)
    order = list(first) if first is not None else rng.sample(DECK, len(DECK))
    dealt = count * rules.hand
    hands = [[] for _ in range(count)]  # type: list[list[Card]]
    for index, card in enumerate(order[:dealt]):
        hands[(dealer + 1 + index) % count].append(card)
    return attrs.evolve(
        start,
        dealer=dealer,
        hands=tuple(_sorted(hand) for hand in hands),
        undealt=_sorted(order[dealt:]),
        leader=(dealer + 1) % count,
        events=(Event("deal", dealer),),
    )


def _dealer_chosen(state: State, dealer: int) -> State:
    return attrs.evolve(
        state,
        dealer=dealer,
        to_deal=state.rules.players * state.rules.hand,
        leader=(dealer + 1) % state.rules.players,
        events=(*state.events, Event("deal", dealer)),
    )


def to_move(state: State) -> int | Chance | None:
    if state.outcome is not None:
        return None
    if state.dealer is None or state.to_deal:
        return CHANCE
    return (state.leader + len(state.trick)) % state.rules.players


def legal_moves(state: State) -> tuple[Move, ...]:
    mover = to_move(state)
    if mover is None:
        return ()
    if state.dealer is None:
        return tuple(ChooseDealer(seat) for seat in range(state.rules.players))
    if mover is CHANCE:
        return tuple(DealCard(card) for card in state.undealt)
    return tuple(Play(card) for card in state.hands[mover])


def apply(state: State, move: Any) -> State:
    if move not in legal_moves(state):
        raise IllegalMoveError(f"{move} is not a legal move here")
    history = (*state.history, move)
    if isinstance(move, ChooseDealer):
        return attrs.evolve(_dealer_chosen(state, move.seat), history=history)
    count = state.rules.players
    hands = list(state.hands)
    if isinstance(move, DealCard):
        assert state.dealer is not None
        dealt = count * state.rules.hand - state.to_deal
        seat = (state.dealer + 1 + dealt) % count
        hands[seat] = _sorted((*hands[seat], move.card))
        undealt = tuple(card for card in state.undealt if card != move.card)
        return attrs.evolve(
            state, hands=tuple(hands), undealt=undealt, to_deal=state.to_deal - 1, history=history
        )
    mover = to_move(state)
    assert isinstance(mover, int)
    hands[mover] = tuple(card for card in hands[mover] if card != move.card)
    trick = (*state.trick, move.card)
    events = (*state.events, play_event(mover, move.card))
    changes: dict[str, Any] = {}
    if len(trick) == count:
        best = max(range(count), key=lambda i: -DECK.index(trick[i]))
        winner = (state.leader + best) % count
        tricks = list(state.tricks)
        tricks[winner] += 1
        events = (*events, Event("trick", winner, trick))
        changes = {"trick": (), "leader": winner, "won": state.won + trick, "tricks": tuple(tricks)}
        if not any(hands):
            outcome = _outcome(tuple(tricks))
            events = (*events, over_event(outcome))
            changes["outcome"] = outcome
    else:
        changes = {"trick": trick}
    return attrs.evolve(state, hands=tuple(hands), events=events, history=history, **changes)


def _outcome(tricks: tuple[int, ...]) -> Outcome:
    winners = winners_by_total(tricks, "high")
    return Outcome("schedule complete", winners, len(winners) > 1)


def chance_outcomes(state: State) -> tuple[tuple[Any, float], ...]:
    if to_move(state) is not CHANCE:
        return ()
    moves = legal_moves(state)
    return tuple((move, 1 / len(moves)) for move in moves)


def _rows(state: State) -> tuple[DealRow, ...]:
    if state.outcome is None:
        return ()
    return (DealRow(1, state.dealer or 0, state.tricks, (("tricks", state.tricks),)),)


def score(state: State) -> Score:
    return Score(
        state.tricks,
        teams(state.rules),
        "high",
        _rows(state),
        state.outcome,
        tuple(float(points) for points in state.tricks),
    )


def is_over(state: State) -> bool:
    return state.outcome is not None


def observe(state: State, seat: int) -> View:
    mover = to_move(state)
    return View(
        state.rules,
        seat,
        mover,
        score(state),
        state.events,
        legal_moves(state) if mover == seat else (),
        state.hands[seat],
        tuple(len(hand) for hand in state.hands),
        len(state.undealt),
        state.trick,
        state.leader,
        state.won,
        state.tricks,
        state.dealer,
    )


def sample(view: View, rng: random.Random) -> State:
    hidden = [
        card
        for card in DECK
        if card not in view.hand and card not in view.trick and card not in view.won
    ]
    rng.shuffle(hidden)
    hands = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(_sorted(hidden[:size]))
            del hidden[:size]
    rules = view.rules
    dealt = sum(view.hand_sizes) + len(view.trick) + len(view.won)
    return State(
        rules, 0, None, "seeded", None, view.dealer,
        0 if view.dealer is None else rules.players * rules.hand - dealt,
        tuple(hands), _sorted(hidden), view.trick, view.leader, view.won, view.tricks,
        view.events, (), view.score.outcome,
    )  # fmt: skip


def parse_move(state: State, text: str) -> Move:
    return parse_move_text(text, ("play CARD", "deal CARD", "dealer SEAT"))


def move_index(move: Any) -> int:
    if isinstance(move, Play):
        return move.card.index
    if isinstance(move, DealCard):
        return 54 + move.card.index
    if isinstance(move, ChooseDealer):
        return 108 + move.seat
    raise ArgumentError(f"{move!r} is no move of {NAME}")


def move_from_index(index: int) -> Move:
    from cardrules.cards import ALL_CARDS

    if 0 <= index < 54:
        return Play(ALL_CARDS[index])
    if 54 <= index < 108:
        return DealCard(ALL_CARDS[index - 54])
    if 108 <= index < NUM_MOVES:
        return ChooseDealer(index - 108)
    raise ArgumentError(f"{NAME} numbers its moves 0..{NUM_MOVES - 1}, not {index!r}")


def events(state: State) -> tuple[Event, ...]:
    return state.events


def moves_played(state: State) -> tuple[Move, ...]:
    return state.history


def zones(state: State) -> Mapping[str, tuple[Card, ...]]:
    found = {f"hand {seat}": hand for seat, hand in enumerate(state.hands)}
    return {**found, "undealt": state.undealt, "trick": state.trick, "won": state.won}


def deal_number(state: State) -> int:
    return 0 if state.outcome is None else 1


def moves_made(state: State) -> int:
    return sum(1 for move in state.history if isinstance(move, Play))


def origin(state: State) -> Origin:
    return Origin(state.rules, state.seed, state.first_deck, state.chance, state.position)


def state_to_dict(state: State) -> dict[str, Any]:
    return {
        "game": NAME,
        "version": version,
        "rules": str(state.rules),
        "seed": state.seed,
        "first_deck": None if state.first_deck is None else format_cards(state.first_deck),
        "chance": state.chance,
        "position": state.position,
        "history": [str(move) for move in state.history],
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    if data.get("game") != NAME or data.get("version") != version:
        raise RecordError(f"not a state of {NAME} version {version}")
    try:
        _, options = parse_rules_text(data["rules"])
        rules = build_rules(Rules, options)
        if data["position"] is not None:
            state = setup(rules, data["position"], seed=data["seed"])
        else:
            deck = None if data["first_deck"] is None else parse_cards(data["first_deck"])
            state = deal(rules, seed=data["seed"], deck=deck, chance=data["chance"])
        for text in data["history"]:
            state = apply(state, parse_move(state, text))
    except (KeyError, TypeError) as error:
        raise RecordError(f"a state of {NAME} lacks or mistypes {error}") from None
    return state


def describe(view: View) -> tuple[Fact, ...]:
    return (Fact("trick", view.trick), Fact("tricks", view.tricks, per_seat=True))


def explain_move(view: View, move: Any) -> str:
    return ""


# --------------------------------------------------------------------------- positions


def position(state_or_view: Any) -> dict[str, Any]:
    """The state's or view's position: a view shows other hands and the undealt cards
    as counts."""
    view = state_or_view if isinstance(state_or_view, View) else None
    state = state_or_view if view is None else None
    if state is not None:
        the_score = score(state)
        hands: list[Any] = [format_cards(hand) for hand in state.hands]
        undealt: Any = format_cards(state.undealt)
        subject: Any = state
        phase = (
            "dealing"
            if state.dealer is None or state.to_deal
            else "over"
            if state.outcome
            else "playing"
        )
    else:
        assert view is not None
        the_score = view.score
        hands = [
            format_cards(view.hand) if seat == view.seat else size
            for seat, size in enumerate(view.hand_sizes)
        ]
        undealt = view.undealt
        subject = view
        phase = "dealing" if view.to_move is CHANCE else "over" if view.score.outcome else "playing"
    outcome = the_score.outcome
    return {
        "phase": phase,
        "deal_number": len(the_score.deals),
        "dealer": subject.dealer,
        "totals": list(the_score.totals),
        "rows": [
            [row.number, row.dealer, list(row.points), [[k, *v] for k, v in row.extras]]
            for row in the_score.deals
        ],
        "hands": hands,
        "undealt": undealt,
        "trick": format_cards(subject.trick),
        "leader": subject.leader,
        "won": format_cards(subject.won),
        "tricks": list(subject.tricks),
        "outcome": None
        if outcome is None
        else [outcome.reason, list(outcome.winners), outcome.draw],
    }


_position_of = position


def _cards_of(key: str, value: object) -> tuple[Card, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        raise PositionError(
            f"this position hides {key} ({value} cards): set up a full position, "
            "taken from a state, not a view"
        )
    if not isinstance(value, str):
        raise PositionError(f"{key} must be cards such as '4H 8H', not {value!r}")
    try:
        return parse_cards(value) if value.strip() else ()
    except NotationError as error:
        raise PositionError(f"{key}: {error}") from None


def _whole(position: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = position[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PositionError(f"{key} must be a whole number in {low}..{high}, not {value!r}")
    return int(value)


def setup(rules: Any, position: Mapping[str, Any], *, seed: int = 0) -> State:
    """The state of a full position; refuses one that does not hold together."""
    rules = _check_rules(rules)
    if not isinstance(position, Mapping):
        raise PositionError(f"a position is a dict, not {type(position).__name__}")
    unknown = [key for key in position if key not in KEYS]
    missing = [key for key in KEYS if key not in position]
    if unknown or missing:
        raise PositionError(f"unknown keys {unknown}, missing keys {missing}")
    count = rules.players
    if position["phase"] not in ("playing", "over"):
        raise PositionError(f"phase {position['phase']!r}: set up a position after the deal")
    dealer = _whole(position, "dealer", 0, count - 1)
    leader = _whole(position, "leader", 0, count - 1)
    hands_given = position["hands"]
    if not isinstance(hands_given, list) or len(hands_given) != count:
        raise PositionError(f"hands must give one hand for each of the {count} seats")
    hands = tuple(
        _sorted(_cards_of(f"seat {seat}'s hand", hand)) for seat, hand in enumerate(hands_given)
    )
    undealt = _cards_of("the undealt cards", position["undealt"])
    trick = _cards_of("the trick", position["trick"])
    won = _cards_of("the won cards", position["won"])
    every = [*[card for hand in hands for card in hand], *undealt, *trick, *won]
    twice = sorted({card.text for card in every if every.count(card) > 1})
    if twice:
        raise PositionError(f"the cards {' '.join(twice)} lie in two places")
    foreign = [card.text for card in every if card not in DECK]
    if foreign:
        raise PositionError(f"the cards {' '.join(foreign)} are not in this game's deck")
    lacking = [card.text for card in DECK if card not in every]
    if lacking:
        raise PositionError(f"the cards {' '.join(lacking)} are missing")
    if len(undealt) != len(DECK) - count * rules.hand:
        raise PositionError(f"{len(undealt)} cards undealt, not {len(DECK) - count * rules.hand}")
    tricks = position["tricks"]
    if not isinstance(tricks, list) or len(tricks) != count:
        raise PositionError(f"tricks must give a number for each of the {count} seats")
    done = sum(tricks)
    if len(trick) >= count or len(won) != done * count:
        raise PositionError("the trick or the won cards do not fit the tricks won")
    played = {(leader + i) % count for i in range(len(trick))}
    for seat, hand in enumerate(hands):
        size = rules.hand - done - (seat in played)
        if len(hand) != size:
            raise PositionError(f"seat {seat} holds {len(hand)} cards, not {size}")
    over = not any(hands)
    outcome = _outcome(tuple(tricks)) if over else None
    state = State(
        rules, seed, None, "seeded", dict(position), dealer, 0, hands, _sorted(undealt), trick,
        leader, won, tuple(tricks), (Event("setup", text="set up from a position"),), (), outcome,
    )  # fmt: skip
    expected = _position_of(state)
    for key in ("phase", "deal_number", "totals", "rows", "outcome"):
        if position[key] != expected[key]:
            raise PositionError(f"{key} is {position[key]!r}; this position has {expected[key]!r}")
    return state
