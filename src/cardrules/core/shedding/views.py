"""What a seat may know: where the cards are, its view, and the view told to a person."""

from __future__ import annotations

import attrs

from cardrules.cards import Card, Suit, cards_of, mask_of
from cardrules.core.checks import check_seat
from cardrules.core.match import Match
from cardrules.core.shedding.description import Stops, StopsRules
from cardrules.core.shedding.rules_of_play import _optional, legal_moves, to_move
from cardrules.core.shedding.state import _STATE, Phase, State, _wrong_state
from cardrules.game import Chance, ChanceMode, Event, Fact, Score, notebook_picture
from cardrules.moves import Draw, EndTurn, Move, Play


def zones(state: object) -> dict[str, tuple[Card, ...]]:
    """Where every card is: each hand, the stock (buried starters last), the pile, the upcard."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
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

    def _repr_svg_(self) -> str | None:
        """The picture notebooks show of this view (see :mod:`cardrules.svg`)."""
        return notebook_picture(self)


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


def _check_view(view: object) -> View:
    if type(view) is not View:
        raise _wrong_state(view, "view")
    return view


def describe(view: object) -> tuple[Fact, ...]:
    """The view for a person: the deal, the upcard and the suit to play, draws owed,
    the seats' hand sizes and penalties, the hand (see ``Game.describe``)."""
    view = _check_view(view)
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


def explain_move(view: object, move: object) -> str:
    """What a move means: a special card's effect, what announcing is, what drawing does."""
    view = _check_view(view)
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
    last_card = stops.announce_on == "last_card"
    leaves_one = view.hand_sizes[view.seat] == 2
    if leaves_one and stops.announce and not last_card:
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
    if view.hand_sizes[view.seat] == 1 and last_card and stops.announce:
        parts.append(_last_card_call_text(stops, move.announce))
    elif view.hand_sizes[view.seat] == 1:
        parts.append("your last card")
    return ", ".join(parts)


def _last_card_call_text(stops: Stops, announce: bool) -> str:
    """What playing the last card means when the call goes with it (``announce_on="last_card"``)."""
    if announce:
        return "your last card, announced: you go out"
    cards = f"{stops.announce_cards} card{'s' if stops.announce_cards > 1 else ''}"
    if stops.announce_penalty == "draw":
        return (
            f"your last card, not announced: you do not go out but draw {cards} "
            "as a penalty (unless no card is left to draw), and play passes on"
        )
    return "your last card, not announced (no penalty in these rules)"


def _draw_penalty_note(view: View) -> str:
    """What drawing costs now: the drawing penalty when the seat could play instead."""
    stops = view.rules.stops
    up = view.upcard
    if not stops.draw_penalty or view.charged or up is None:
        return ""
    plays = mask_of(move.card for move in view.legal_moves if isinstance(move, Play))
    if not plays or _optional(stops.hot, view.called, up, plays):
        return ""
    if stops.penalty_to == "offender":
        whom = "off your score"
    else:
        whom = "to your opponent" if stops.players == 2 else "to each other player"
    return f"; you could play a card, so drawing costs {stops.draw_penalty} points {whom}"
