"""The rules of play: what may be played on what, and why a move is illegal.

Legal moves, ``apply``, the illegal-move messages, the views' notes and sampling
all read what may be played from here.
"""

from __future__ import annotations

from typing import Final

from cardrules.cards import Card, Suit, cards_of, format_cards
from cardrules.core.shedding.description import (
    _RANK_NAMES,
    RANK_MASKS,
    SUIT_MASKS,
    Stops,
    _Hot,
    title_of,
)
from cardrules.core.shedding.state import _PLAYING, _STATE, Phase, State, _wrong_state
from cardrules.game import CHANCE, Chance
from cardrules.moves import (
    DEALS,
    DRAW,
    END_TURN,
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


# state: object, checked here, as in every function a game module takes from the engine
# (public parameters: docs/contributing.rst).
def to_move(state: object) -> int | Chance | None:
    """The seat to move, CHANCE at a random event (explicit chance), None when over."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
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
    return _playable(state.deal.hot, state, hand)


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


def _option_cards(called: Suit | None, up: Card) -> int:
    """The cards the J/7/8 option (rule MM-4.3) lets a player keep: of the upcard's rank,
    and not of the suit to follow. After a called jack (``called``) that suit is the called
    one, so a jack of the called suit follows suit and must be played like any card of it."""
    cards = RANK_MASKS[up.rank]
    if called is not None:
        cards &= ~SUIT_MASKS[called]
    return cards


def _optional(hot: _Hot, called: Suit | None, up: Card, plays: int) -> bool:
    """The J/7/8 option (rule MM-4.3): the upcard is a J, 7 or 8, the player cannot follow
    suit (the called suit after a called jack, otherwise the upcard's suit) and his
    only playable cards are of the upcard's rank: he may draw instead. ``hot`` is the
    table's ``hot`` values, which the hot path has read already."""
    return bool(hot.choice_ranks >> up.rank & 1 and not plays & ~_option_cards(called, up))


def _can_draw(state: State) -> bool:
    """Whether a card can be drawn (from the stock, or after a restock)."""
    return bool(state.stock or state.buried or (state.pile and state.deal.hot.restock))


def _may_draw(hot: _Hot, state: State, plays: int) -> bool:
    """Whether the seat on turn may choose to draw (no cards owed, nothing drawn yet)."""
    if not (state.stock or state.buried or (state.pile and hot.restock)):
        return False  # no card can be drawn (see _can_draw)
    if hot.voluntary_draw or not plays:
        return True
    up = state.upcard
    assert up is not None
    return _optional(hot, state.called, up, plays)


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


def legal_moves(state: object) -> tuple[Move, ...]:
    """Every legal move in canonical order; ``()`` if and only if the game is over.

    Plays come by card index; the versions of one card's play are the plain
    play, its announcement, then each call (with and without announcement);
    then ``draw``, then ``end turn``.
    """
    if type(state) is not _STATE:
        raise _wrong_state(state)
    phase = state.phase
    if phase is _PLAYING:
        hot = state.deal.hot
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


def chance_outcomes(state: object) -> tuple[tuple[Move, float], ...]:
    """At a CHANCE step, each possible outcome with its probability; else ``()``."""
    if type(state) is not _STATE:
        raise _wrong_state(state)
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


def _play_is_legal(hot: _Hot, state: State, move: Play) -> bool:
    """Whether ``move`` is legal (``hot``: the table's hot values, read by the caller)."""
    card = move.card
    bit = card.bit
    hand = state.hands[state.turn]
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
    return not move.announce or size == hot.announce_size


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


def parse_text(state: State, text: object) -> Move:
    """Read a move of this game from its text form (NotationError naming its forms)."""
    return parse_move_text(text, move_forms(state))


def why_illegal(state: State, move: object) -> str:
    """Why ``move`` is not legal in ``state``, in words a person understands; a message
    that names the game names it by its own title (:func:`title_of` its rules)."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over: no move is legal"
    if not isinstance(move, (Play, Draw, EndTurn, DealCard, ChooseDealer)):
        return not_a_move(move, title_of(state.rules), move_forms(state))
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
            f"'end turn' is allowed only after drawing a card "
            f"({title_of(state.rules)}: {_options(state)})" + cite("end_turn")
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
    if move.announce and size != stops.hot.announce_size:
        which = (
            "the last card"
            if stops.announce_on == "last_card"
            else "the play that leaves one card in the hand"
        )
        return f"'announce' goes only with {which}" + cite("announce")
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
