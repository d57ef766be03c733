"""Enfle (Schwellen, Rolling Stone): rules EN-1.1 to EN-4.5 of the docs.

Each player antes to a pot and is dealt eight cards from a deck stripped from
the deuces up (32, 40 or 48 cards for 4, 5 or 6 players). Tricks follow suit,
with no trumps. When every player follows, the highest card wins and the trick
goes to a common waste pile; the winner leads. A player who cannot follow takes
the cards already in the trick into his hand (the *pick-up*, done inside
``apply``) and leads the next trick. The first player to empty his hand, even in
the middle of a trick, wins the pot.

>>> from cardrules.games import enfle
>>> rules = enfle.Rules(players=4, first_dealer=3)
>>> [len(enfle.deck_of(enfle.Rules(players=n))) for n in (3, 4, 5, 6)]
[24, 32, 40, 48]
>>> state = enfle.deal(rules, seed=7)
>>> enfle.to_move(state), len(enfle.legal_moves(state))
(0, 8)

Dealing order, for ``deal(..., deck=cards)`` and in explicit-chance mode: the
dealer deals the whole deck in packets of ``deal_packet`` cards, clockwise,
starting with the player on his left, until the deck is gone: card ``i`` of the
order (top card first) goes to seat ``(dealer + 1 + i // deal_packet) % players``.
Each player gets eight cards. The player on the dealer's left leads.

Moves: ``play CARD``; chance outcomes ``deal CARD`` and ``dealer SEAT``. The
pick-up is not a move. Move numbers (:func:`move_index`): ``play`` = the card's
index 0..51, ``deal CARD`` = 52 + the card's index, ``dealer SEAT`` = 104 + SEAT;
:data:`NUM_MOVES` = 110.

Score: ``totals`` are chips won or lost, net, per seat. A deal's winner gains
``ante * (players - 1)``, every other player loses ``ante``. Each deal row holds
these chips as its ``points``, the extra ``cards_left`` and, with
``parlett_scoring``, the extra ``points`` (Parlett's count of the cards left in
the other hands, scored by the winner). ``score(state).payoffs`` are the chip
totals. A deal stopped by ``max_moves`` returns the antes: it scores nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardrules.cards import (
    ACE,
    ALL_CARDS,
    JACK,
    Card,
    Suit,
    cards_of,
    mask_of,
    stripped_deck,
)
from cardrules.core import trickgame, tricks
from cardrules.core.checks import check_view_of
from cardrules.core.match import Match
from cardrules.core.options import check_bool, check_choice, check_int, rules_to_text
from cardrules.core.serial import StateReader
from cardrules.game import Event, Fact, Log

if TYPE_CHECKING:  # the names trickgame.install gives, for the type checker
    from cardrules.core.trickgame.interface import *  # noqa: F403

NAME: Final = "enfle"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
_MAX_PLAYERS: Final = 6
#: Cards dealt to each player ("hands of eight cards"; rules EN-1.2, EN-2.4).
CARDS_EACH: Final = 8
#: By card index, the mask of that card's suit (Enfle's deck has no jokers).
_SUIT_MASK_OF: Final = tuple(
    tricks.SUIT_MASKS[c.suit] if c.suit is not None else 0 for c in ALL_CARDS
)


def lowest_rank(players: int) -> int:
    """The lowest rank kept: whole ranks are removed from the deuces up until eight
    cards per player remain (rule EN-1.2).

    >>> [lowest_rank(n) for n in (3, 4, 5, 6)]
    [9, 7, 5, 3]
    """
    return 2 + (52 - CARDS_EACH * players) // 4


_DECKS: Final[dict[int, tuple[Card, ...]]] = {
    n: stripped_deck(lowest_rank(n)) for n in range(3, _MAX_PLAYERS + 1)
}
_DECK_MASKS: Final[dict[int, int]] = {n: mask_of(d) for n, d in _DECKS.items()}


@attrs.frozen(slots=True, kw_only=True)
class Rules(trickgame.TrickGameRules):
    """The options of the game; ``Rules()`` is the docs' game for four players, one deal.

    * ``players``: 4 (3..6; the source says four to six, 3 is an extension; rule EN-1.1).
    * ``ante``: chips each player puts into the pot before each deal; 1 (>= 1; rule EN-2.1).
    * ``deal_packet``: cards dealt at a time, 1 or 2 ("one or two at a time"; rule EN-2.4).
    * ``deals``: how many deals the game lasts; 1 (the source describes one deal; EN-4.3).
    * ``parlett_scoring``: the winner of a deal also scores the cards left in the
      other hands, A=1, 2..10 face value, courts 10 (Parlett); recorded in the deal
      rows' ``points`` extra. False (rule EN-4.4).
    """

    players: int = 4
    ante: int = 1
    deal_packet: int = 1
    deals: int = 1
    parlett_scoring: bool = False

    def __attrs_post_init__(self) -> None:
        check_int("players", self.players, 3, _MAX_PLAYERS)
        self.check_first_dealer(self.players)
        check_int("ante", self.ante, 1)
        check_choice("deal_packet", self.deal_packet, (1, 2))
        check_int("deals", self.deals, 1)
        check_bool("parlett_scoring", self.parlett_scoring)

    def __str__(self) -> str:
        return rules_to_text(NAME, self)


#: Named rules used by the tests, the docs and the command line. Random play can in
#: principle go round forever (rule EN-4.5), so every preset but
#: "default" carries a ``max_moves`` cap far above the usual length of a random game.
_PRESETS: Final = {
    "default": Rules(),
    "single": Rules(max_moves=2000),
    "three_players": Rules(players=3, max_moves=2000),
    "five_pairs": Rules(players=5, deal_packet=2, max_moves=3000),
    "six_players": Rules(players=6, ante=2, max_moves=3000),
    "series": Rules(deals=4, ante=3, parlett_scoring=True, max_moves=6000),
    "parlett": Rules(players=5, parlett_scoring=True, max_moves=3000),
    "capped": Rules(players=6, deals=3, deal_packet=2, max_moves=60),
}
#: The same, read-only: a caller cannot change them for everyone else.
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(_PRESETS)


def card_points(card: Card) -> int:
    """A card's value in Parlett's scoring: ace 1, two to ten face value, courts 10.

    >>> [card_points(Card(t)) for t in ("AS", "9H", "10D", "JC", "KS")]
    [1, 9, 10, 10, 10]
    """
    if card.rank == ACE:
        return 1
    return 10 if card.rank >= JACK else card.rank


# --------------------------------------------------------------------------- the deal


def _deal_event(rules: Rules, match: Match, size: int) -> Event:
    """Every player antes (EN-2.1); the dealer deals the whole deck (EN-2.4)."""
    players = rules.players
    packets = "one at a time" if rules.deal_packet == 1 else "two at a time"
    chips = "1 chip" if rules.ante == 1 else f"{rules.ante} chips"
    return Event(
        "deal",
        match.dealer,
        value=rules.ante * players,
        text=f"deal {match.deal_number + 1}: every player antes {chips} "
        f"(pot {rules.ante * players}); seat {match.dealer} deals {CARDS_EACH} cards "
        f"each, {packets}",
    )


def _score_deal(
    state: State, winner: int | None
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...], Log[Event]]:
    """The player who emptied his hand takes the pot (EN-4.1, EN-4.2)."""
    assert winner is not None
    deal = state.deal  # what the deal fixes (read there: this ends every game)
    rules = deal.rules
    players = rules.players
    ante = rules.ante
    pot = ante * players
    # Lists, not generators, and the two chip texts formatted once: this ends every game.
    chips_of = [-ante] * players
    chips_of[winner] = pot - ante
    chips = tuple(chips_of)
    cards_left = tuple([hand.bit_count() for hand in state.hands])
    extras: list[tuple[str, tuple[int, ...]]] = [("cards_left", cards_left)]
    log = state.log.append(
        Event(
            "out",
            winner,
            value=pot,
            text=f"seat {winner} has played his last card and takes the pot of {pot} chips",
        )
    )
    if rules.parlett_scoring:
        left = sum(
            card_points(c) for s, h in enumerate(state.hands) if s != winner for c in cards_of(h)
        )
        extras.append(("points", tuple(left if s == winner else 0 for s in range(players))))
        log = log.append(
            Event("points", winner, value=left, text=f"seat {winner} scores {left} points")
        )
    # The winner's gain (never zero) with its sign, and a loss, which has its own.
    won, lost = f"+{pot - ante}", str(-ante)
    shown = " ".join([f"seat {s}: {won if s == winner else lost}" for s in range(players)])
    log = log.append(Event("scored", text=f"deal {deal.match.deal_number + 1} chips: {shown}"))
    return chips, tuple(extras), log


def _abandoned(state: State) -> Event:
    """A deal stopped by a safety cap is abandoned and its antes go back (rule EN-4.5)."""
    return Event("abandoned", text=f"deal {state.match.deal_number + 1} abandoned: antes returned")


# --------------------------------------------------------------------------- hidden information


@attrs.frozen(slots=True)
class View(trickgame.View):
    """What one seat may know: its own hand and everything public, nothing else.

    ``waste``: the cards of the finished tricks (the base's ``won_cards``), as the game
    calls them. ``known[s]``: the cards seat ``s`` is publicly known to hold (picked up and not
    played since). ``voids[s]``: the suits seat ``s`` has shown it lacks by failing
    to follow this deal; its cards other than ``known[s]`` hold none of them, for
    a hand grows only by public pick-ups. ``pot``: the chips in the pot (0 between
    games). ``points``: the running Parlett points, or None without
    ``parlett_scoring``.
    """

    known: tuple[tuple[Card, ...], ...]
    voids: tuple[tuple[Suit, ...], ...]
    waste: tuple[Card, ...]
    pot: int
    points: tuple[int, ...] | None


def _points_totals(state: State) -> tuple[int, ...] | None:
    if not state.rules.parlett_scoring:
        return None
    totals = [0] * state.rules.players
    for row in state.match.rows:
        for seat, points in enumerate(row.extra("points")):
            totals[seat] += points
    return tuple(totals)


def _view_extras(state: State, seat: int) -> dict[str, Any]:
    in_deal = state.phase in (Phase.DEALING, Phase.PLAYING)
    return {
        "pot": state.rules.ante * state.rules.players if in_deal else 0,
        "points": _points_totals(state),
    }


def _refuse_pick_up(text: str) -> str | None:
    """The pick-up is not a move: it happens by itself.

    >>> state = deal(Rules(first_dealer=0), seed=1)
    >>> parse_move(state, "pick up")
    Traceback (most recent call last):
    ...
    cardrules.errors.NotationError: the pick-up is not a move in Enfle: ...
    >>> [str(move_from_index(n)) for n in (0, 51, 52, 104)]
    ['play 2C', 'play AS', 'deal 2C', 'dealer 0']
    """
    if text.strip().lower().startswith("pick"):
        return (
            "the pick-up is not a move in Enfle: a player who cannot follow suit "
            "takes the trick by himself; write 'play CARD'"
        )
    return None


def _check_consistent(state: State, r: StateReader) -> None:
    rules = state.rules
    players = rules.players
    deck = _DECKS[players]
    if state.match.deal_number > rules.deals or (
        state.phase != Phase.OVER and state.match.deal_number >= rules.deals
    ):
        r.fail(f"deal {state.match.deal_number} is past the game's {rules.deals} deals")
    if state.phase in (Phase.CHOOSE_DEALER, Phase.DEALING):
        if state.trick or state.waste:
            r.fail("no card is played before the deal is complete")
        if state.dealt != len(deck) - state.undealt.bit_count():
            r.fail(f"{state.dealt} cards counted as dealt, but the hands hold a different number")
        for seat, hand in enumerate(state.hands):
            expected = sum(
                1
                for position in range(state.dealt)
                if (state.match.dealer + 1 + position // rules.deal_packet) % players == seat
            )
            if hand.bit_count() != expected:
                r.fail(f"seat {seat} holds {hand.bit_count()} cards; the deal gave it {expected}")
    if state.phase == Phase.PLAYING:
        if state.undealt or state.dealt != len(deck):
            r.fail("play cannot start before the whole deck is dealt")
        if not all(state.hands):
            r.fail("a hand is empty, so the deal is over: the phase cannot be 'playing'")
        if state.trick:
            led = state.trick[0].suit
            if any(card.suit is not led for card in state.trick):
                r.fail("every card of a trick follows the led suit in Enfle")
            mover = tricks.seat_to_play(state.leader, len(state.trick), players)
            if not state.hands[mover] & _SUIT_MASK_OF[state.trick[0].index]:
                r.fail(f"seat {mover} cannot follow: it would have picked the trick up")


GAME: Final = trickgame.TrickGame(
    name=NAME,
    rule_ids=(("deck", "EN-1.2"), ("follow", "EN-3.2")),
    title="Enfle (Schwellen, Rolling Stone)",
    version=version,
    rules_class=Rules,
    dealing=trickgame.Dealing(
        deck=lambda rules: _DECKS[rules.players],
        hand_size=lambda rules, number: CARDS_EACH,
        packet=lambda rules: rules.deal_packet,
        event=_deal_event,
        deck_note=lambda rules: f" (ranks {lowest_rank(rules.players)} to ace)",
    ),
    play=trickgame.TrickPlay(pick_up=True, out_ends_deal=True),
    scoring=trickgame.Scoring(deal=_score_deal),
    match=trickgame.MatchPlan(deals=lambda rules: rules.deals, abandon_event=_abandoned),
    moves=trickgame.Moves(max_players=_MAX_PLAYERS, refuse=_refuse_pick_up),
    waste=trickgame.Waste(zone="waste"),
    view_class=View,
    view_extras=_view_extras,
    check_state=_check_consistent,
)
trickgame.install(GAME, globals())


def describe(view: object) -> tuple[Fact, ...]:
    """The view for a person: the deal, the pot, the trick, what each seat holds and lacks.

    >>> rules = Rules(first_dealer=3)
    >>> [fact.label for fact in describe(observe(deal(rules, seed=0), 0))]
    ['deal', 'pot', 'cards', 'picked up', 'lacks', 'hand']
    """
    view = check_view_of(view, View, NAME)
    rules = view.rules
    number = min(view.deal_number, rules.deals - 1)
    facts = [
        Fact("deal", f"{number + 1} of {rules.deals}, dealt by seat {view.dealer}"),
        Fact("pot", f"{view.pot} chips"),
    ]
    if view.trick:
        facts.append(Fact("trick", tricks.trick_plays(view.leader, view.trick, rules.players)))
    facts.append(Fact("cards", view.hand_sizes, per_seat=True))
    facts.append(Fact("picked up", view.known, per_seat=True))
    facts.append(Fact("lacks", view.voids, per_seat=True))
    if view.points is not None:
        facts.append(Fact("points", view.points, per_seat=True))
    facts.append(Fact("hand", view.hand))
    return tuple(facts)


def explain_move(view: object, move: object) -> str:
    """What choosing ``move`` means; every Enfle move says it in its text (a card to play)."""
    view = check_view_of(view, View, NAME)
    return ""
