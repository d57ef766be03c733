"""Standard Mau Mau: match the upcard; a 7 draws two, an 8 skips, a jack wishes a suit.

The rules are MMS-1.1 to MMS-5.2 of the game's page in the docs; the functions that
implement them name them.

Two to five players, 52 cards (or 32), five each. Play a card that matches the
upcard in suit or rank. A 7 makes the next player draw two cards unless he
answers with a 7 of his own (the draw then grows by two for the player after
him); an 8 skips the next player; a jack is wild and wishes a suit. A player may
draw one card instead of playing; he may then play that card, if it fits, or
end his turn. The play that leaves one card must carry the call "Mau", or the
player draws two penalty cards at the end of his turn (some sources put the call
on the last card instead, which ``mau_call="last_card"`` plays; the game's page
shows where the sources disagree).
The site's options add
a reversing 9 and a skipping ace, the 32-card deck, and no Mau penalty. The game
is ONE deal: the first player out wins. :mod:`cardrules.games.strafpoint` plays
the same deals as a series scored in penalty points. Both are tables of the
shedding core (:mod:`cardrules.core.shedding`), like the two-handed
:mod:`cardrules.games.mau_mau`.

>>> from cardrules.games import mau_mau_standard
>>> state = mau_mau_standard.deal(mau_mau_standard.Rules(first_dealer=3), seed=3)
>>> mau_mau_standard.to_move(state)      # the player on the dealer's left starts
0
>>> view = mau_mau_standard.observe(state, 0)
>>> len(view.hand), view.hand_sizes, view.stock_size
(5, (5, 5, 5, 5), 31)
>>> mau_mau_standard.parse_move(state, "end turn")
Traceback (most recent call last):
...
cardrules.errors.IllegalMoveError: 'end turn' is allowed only after drawing a card (...)

Legal moves come in a fixed order (here the upcard is 5H: a heart, a five, a jack):

>>> from cardrules.cards import parse_cards
>>> order = parse_cards("JS 2D 9H 3D 4H 5D 6D 7D 8D 9D 10D QD KD AD 5H")
>>> deck = [*order, *[c for c in DECK52 if c not in order]]
>>> state = deal(Rules(players=2, hand_size=7, first_dealer=1), seed=0, deck=deck)
>>> [str(m) for m in legal_moves(state)]
['play 4H', 'play 9H', 'play JS call clubs', 'play JS call diamonds', \
'play JS call hearts', 'play JS call spades', 'draw']

Dealing order, for ``deal(..., deck=cards)`` and in explicit-chance mode: the
dealer deals one card at a time, clockwise, starting on his left (card ``i`` of
the order goes to seat ``(dealer + 1 + i) % players``) until each player has
``hand_size`` cards; the next card is turned as the starter; the rest is the
stock, top card first. Every later card comes from the top of the stock
(explicit chance: a ``deal CARD`` step for each), and an empty stock is rebuilt
from the discard pile under the upcard, shuffled.

Moves: ``play CARD``; ``play JX call SUIT`` (a jack wishes any suit; a jack
played as the last card wishes none); ``play CARD announce`` (the play that
leaves one card, calling "Mau", or with ``mau_call="last_card"`` the last card;
only while ``mau_penalty`` is on); ``draw``;
``end turn`` (after drawing); chance outcomes ``deal CARD`` and ``dealer SEAT``.
Move numbers (:func:`move_index`, shared with the other Stops games):
``play CARD`` = the card's index 0..51, ``play CARD announce`` = 52 + index,
``play JX call Y`` = 104 + 4 * (jack's suit) + (called suit), the same announced
= 120 + ..., ``draw`` = 136, ``end turn`` = 137, ``deal CARD`` = 138 + index,
``dealer SEAT`` = 190 + SEAT; :data:`NUM_MOVES` = 195 (five seats). Suits count
clubs 0, diamonds 1, hearts 2, spades 3.

``score(state).payoffs``: +1 for the player who went out, -1 for each other
player; 0 for everyone when the deal is blocked or truncated by a safety cap.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

import attrs

from cardrules._mypyc import mypyc_attr
from cardrules.cards import ACE, DECK32, DECK52, JACK
from cardrules.core import options, shedding
from cardrules.core.shedding import Effect, Stops, StopsRules
from cardrules.game import Event

if TYPE_CHECKING:  # the names shedding.install gives, for the type checker
    from cardrules.core.shedding.interface import *  # noqa: F403

NAME: Final = "mau_mau_standard"
#: Changes whenever the behaviour of this game changes, so records say which rules made them.
version: Final = "1"
#: The most seats of the game (rule MMS-1.1: 2 to 5 players).
MAX_PLAYERS: Final = 5
NUMBERS: Final = shedding.MoveNumbers(MAX_PLAYERS)
#: The rules that the error messages of the shedding core cite (see ``Stops.rule_ids``);
#: Strafpoint's rounds are played on this table and cite them too.
_RULE_IDS: Final = (
    ("match", "MMS-2.1"),
    ("sevens", "MMS-3.1"),
    ("call", "MMS-3.5"),
    ("last_call", "MMS-3.6"),
    ("must_play", "MMS-2.2"),
    ("drawn_only", "MMS-2.2"),
    ("end_turn", "MMS-2.2"),
    ("announce", "MMS-4.1"),
)
#: The same, with "Mau" called on the last card (``mau_call="last_card"``, rule MMS-4.3).
_LAST_CARD_RULE_IDS: Final = tuple(
    (kind, "MMS-4.3" if kind == "announce" else rule) for kind, rule in _RULE_IDS
)

_BOOLS: Final = (
    "deck32",
    "nine_reverses",
    "ace_skips",
    "mau_penalty",
    "stack_sevens",
    "jack_on_jack",
    "voluntary_draw",
    "starter_effects",
    "last_card_effects",
)


# Each game's Rules derives from this class, in this library or outside it: the compiled
# build must accept subclasses wherever the class is expected, not this class alone.
@mypyc_attr(allow_interpreted_subclasses=True)
@attrs.frozen(slots=True, kw_only=True)
class StandardOptions(StopsRules):
    """The options of the standard game, shared by :class:`Rules` and Strafpoint's rules.

    Each option names the rule of the docs it changes:

    * ``players``: 2 to 5 (default 4; MMS-1.1).
    * ``hand_size``: cards dealt to each player, 1 .. (deck size - 1) // players
      (default 5; MMS-1.3).
    * ``deck32``: play with the 32-card deck, 7 to ace (the site's option;
      default False: 52 cards; MMS-1.2).
    * ``nine_reverses``: a 9 reverses the direction of play; with two players
      it acts as a skip (the site's option; default False; MMS-3.3).
    * ``ace_skips``: an ace skips the next player (the site's option; default
      False; MMS-3.4).
    * ``ace_skips_replaces_eight``: with ``ace_skips``, the 8 no longer skips
      (default False; None, not applicable, without ``ace_skips``; MMS-3.4).
    * ``mau_penalty``: the play that leaves one card must call "Mau" (default
      True; the site's option of no Mau penalty is False; MMS-4.1).
    * ``mau_penalty_cards``: the cards drawn for a missed "Mau" (default 2;
      None, not applicable, when ``mau_penalty`` is False; MMS-4.1).
    * ``mau_call``: which play calls "Mau": ``"last_but_one"``, the play that
      leaves one card (default; MMS-4.1), or ``"last_card"``, the last card,
      without which the player draws the penalty cards and plays on (Parlett's
      and Wikipedia's reading; MMS-4.3). None, not applicable, when
      ``mau_penalty`` is False.
    * ``stack_sevens``: a player who owes cards for a 7 may pass them on with
      a 7 of his own (default True; MMS-3.1).
    * ``jack_on_jack``: a jack may be played on a jack (default False; MMS-3.5).
    * ``voluntary_draw``: a player may draw while holding a playable card
      (default True; MMS-2.2).
    * ``starter_effects``: a special card turned as the starter acts as if the
      dealer had played it (default False; MMS-1.5).
    * ``last_card_effects``: a 7 played as the last card still makes the next
      player draw (default True; MMS-5.2).
    """

    players: int = 4
    hand_size: int = 5
    deck32: bool = False
    nine_reverses: bool = False
    ace_skips: bool = False
    ace_skips_replaces_eight: bool | None = options.optional(bool)
    mau_penalty: bool = True
    mau_penalty_cards: int | None = options.optional(int)
    mau_call: str | None = options.optional(str)
    stack_sevens: bool = True
    jack_on_jack: bool = False
    voluntary_draw: bool = True
    starter_effects: bool = False
    last_card_effects: bool = True

    def __attrs_post_init__(self) -> None:
        options.check_int("players", self.players, 2, MAX_PLAYERS)
        self.check_first_dealer(self.players)
        for name in _BOOLS:
            options.check_bool(name, getattr(self, name))
        deck = DECK32 if self.deck32 else DECK52
        options.check_int("hand_size", self.hand_size, 1, (len(deck) - 1) // self.players)
        if self.ace_skips:
            if self.ace_skips_replaces_eight is None:
                options.set_resolved(self, "ace_skips_replaces_eight", False)
            else:
                options.check_bool("ace_skips_replaces_eight", self.ace_skips_replaces_eight)
        else:
            options.not_applicable(
                "ace_skips_replaces_eight",
                self.ace_skips_replaces_eight,
                "when ace_skips=false (the ace does not skip)",
            )
        if self.mau_penalty:
            if self.mau_penalty_cards is None:
                options.set_resolved(self, "mau_penalty_cards", 2)
            else:
                options.check_int("mau_penalty_cards", self.mau_penalty_cards, 1)
            if self.mau_call is None:
                options.set_resolved(self, "mau_call", "last_but_one")
            else:
                options.check_choice("mau_call", self.mau_call, ("last_but_one", "last_card"))
        else:
            options.not_applicable(
                "mau_penalty_cards",
                self.mau_penalty_cards,
                "when mau_penalty=false (a missed 'Mau' costs nothing)",
            )
            options.not_applicable(
                "mau_call",
                self.mau_call,
                "when mau_penalty=false (no play calls 'Mau')",
            )
        options.set_resolved(self, "stops", shedding.cached_table(self, table))


def table(options: StandardOptions) -> Stops:
    """The shedding core's table for these options (rules MMS-1.1 to MMS-5.2).

    >>> t = table(Rules(ace_skips=True))
    >>> t.effect(7).draw, t.effect(7).stack, t.effect(8).skip, t.effect(14).skip
    (2, True, 1, 1)
    >>> t.effect(9) == shedding.NO_EFFECT, t.effect(11).wild, t.effect(11).on_itself
    (True, True, False)
    """
    effects = {
        7: Effect(draw=2, stack=options.stack_sevens),
        JACK: Effect(call=True, wild=True, on_itself=options.jack_on_jack),
    }
    if not options.ace_skips_replaces_eight:
        effects[8] = Effect(skip=1)
    last_card = options.mau_call == "last_card"
    if options.nine_reverses:
        effects[9] = Effect(reverse=True)
    if options.ace_skips:
        effects[ACE] = Effect(skip=1)
    return Stops(
        players=options.players,
        hand_size=options.hand_size,
        deck=DECK32 if options.deck32 else DECK52,
        effects=effects,
        choice_ranks=(),
        call_own_suit=True,
        call_required=True,
        draw_rule="once",
        voluntary_draw=options.voluntary_draw,
        announce=options.mau_penalty,
        # MMS-4.3: "Mau" on the last card, or the penalty cards and play goes on.
        announce_on="last_card" if last_card else "one_card",
        announce_penalty="draw" if options.mau_penalty else "none",
        announce_cards=options.mau_penalty_cards or 1,
        last_card_effects=options.last_card_effects,
        starter_effects=options.starter_effects,
        restock=True,
        rule_ids=_LAST_CARD_RULE_IDS if last_card else _RULE_IDS,
    )


@attrs.frozen(slots=True, kw_only=True)
class Rules(StandardOptions):
    """The options of :class:`StandardOptions`; ``Rules()`` is the default game.

    Four players, 52 cards, five each; 7 draw two (stackable), 8 skip, jack
    wishes a suit; "Mau" on the penultimate card or two penalty cards; one deal.
    """

    def __str__(self) -> str:
        return options.rules_to_text(NAME, self)


#: Named rules used by the tests, the docs and the command line.
_PRESETS: Final = {
    "single": Rules(max_moves=1000),
    "two_players": Rules(players=2, hand_size=7, nine_reverses=True, max_moves=500),
    "site_options": Rules(
        players=5,
        deck32=True,
        nine_reverses=True,
        ace_skips=True,
        mau_penalty=False,
        max_moves=500,
    ),
    "variants": Rules(
        players=3,
        hand_size=6,
        ace_skips=True,
        ace_skips_replaces_eight=True,
        mau_penalty_cards=1,
        stack_sevens=False,
        jack_on_jack=True,
        voluntary_draw=False,
        starter_effects=True,
        last_card_effects=False,
    ),
    "special_starters": Rules(
        players=3, nine_reverses=True, ace_skips=True, starter_effects=True, max_moves=500
    ),
    # Parlett's game: 32 cards, "Mau" on the last card or one card from stock (MMS-4.3).
    "parlett_mau_call": Rules(
        players=3, deck32=True, mau_call="last_card", mau_penalty_cards=1, max_moves=500
    ),
}
#: The same, read-only: a caller cannot change them for everyone else.
PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(_PRESETS)


# --------------------------------------------------------------------------- play


def _finish_deal(state: State) -> shedding.DealEnd:
    """The deal is over: the player who went out scores 1 and wins (the game is one
    deal, and the core ends it); a blocked deal is drawn.

    The deal's row (``score(state).deals``) has the extras ``cards_left`` (cards in
    each hand at the end) and ``blocked`` (1 if the deal was blocked).
    """
    hands = state.hands
    players = len(hands)
    out = tuple(seat for seat, hand in enumerate(hands) if not hand)
    blocked = not out
    points = tuple(int(not hand) for hand in hands)
    extras = (
        ("cards_left", tuple(hand.bit_count() for hand in hands)),
        ("blocked", (int(blocked),) * players),
    )
    match = state.match.finish_deal(points, extras)
    text = "the deal is blocked: nobody wins" if blocked else f"seat {out[0]} went out and wins"
    return shedding.DealEnd(state, match, Event("scored", text=text), None)


def _one_deal(rules: StandardOptions) -> int:
    """The game is one deal (rule MMS-5.1)."""
    return 1


def _payoffs(totals: tuple[int, ...]) -> tuple[float, ...]:
    """+1 for the player who went out (his total is 1), -1 for each other; 0 each while
    the deal runs, and when it was blocked or cut short (every total is 0)."""
    if not any(totals):
        return (0.0,) * len(totals)
    return tuple(1.0 if total else -1.0 for total in totals)


# The game's description; shedding.install gives the module the rest of the interface.
GAME: Final = shedding.StopsGame(
    name=NAME,
    title="Mau Mau",
    version=version,
    rules_class=Rules,
    numbers=NUMBERS,
    finish_deal=_finish_deal,
    deals=_one_deal,
    payoffs=_payoffs,
)
shedding.install(GAME, globals())
