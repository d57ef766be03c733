"""The shedding core: the mechanics of the Stops family (Mau-Mau, Mau Mau, Crazy Eights).

Each player tries to get rid of his cards by playing them, one per turn, on a
discard pile. A card may be played on the *upcard* (the top of the pile) when
it matches it in suit or rank, or when a card's *effect* says otherwise. A
player who cannot, or will not, play draws from the *stock*; an empty stock is
restocked from the discard pile. The first player to play his last card ends
the deal. This package holds all of that, once, for every game of the family:

* the deal in progress: the hands, the stock, the discard pile and its upcard,
  a called suit, the direction of play, draws owed, the turn (:class:`State`,
  shared by the games; a game adds nothing to it but its ``Rules``);
* the *table* of a game (:class:`Stops`): what each rank does (:class:`Effect`:
  draw N, skip, reverse, call a suit, wild, stack) and a few flags for the
  rules that really differ between the games (how drawing works, what an
  omitted announcement costs, restocking, special starters);
* legal moves, ``apply``, the forced steps nobody chooses (draws owed, the
  one-card penalty, passing), restocking, explicit chance, the public event log,
  ``observe`` and ``sample``, and serialization.

A game module (the two-handed Mau-Mau's, say) builds a :class:`Stops` from its
``Rules``, stores it as ``rules.stops`` (its ``Rules`` derive from
:class:`StopsRules`), and adds only what is its own: the options, the score of
a finished deal and the end of the game, described by a :class:`StopsGame`. The
core's :func:`apply` returns a state in the phase :attr:`Phase.SCORING` when a
deal ends; the game's ``apply`` (from :mod:`cardrules.core.shedding.interface`)
has the game's hook score it, then ends the game or calls :func:`begin_deal` for
the next deal.

Where each part lives (every public name is importable from this package; each
module imports only those above it):

* ``description``: :class:`Effect`, the :class:`Stops` table, the values every move
  reads from it (``Stops.hot``), :class:`StopsRules`;
* ``state``: :class:`State` (what a move changes) and the :class:`Deal` it holds (what
  a deal fixes), and :class:`Phase`;
* ``rules_of_play``: what may be played on what, the legal moves, why a move is
  illegal (the one place that legal moves, messages, views and sampling read);
* ``drawing``: the start of a turn, draws owed, passes, restocks;
* ``dealing``: a new game, a deal, the starter;
* ``play``: :func:`apply` (plays, calls, announcements, voluntary draws, the end of a turn);
* ``views``: :func:`zones`, :class:`View`, :func:`observe`; ``sampling``: :func:`sample`;
* ``numbers``: :class:`MoveNumbers`; ``positions``: a state or view as plain data, and
  a state set up from it; ``serialization``: states to JSON and back;
* ``interface``: :class:`StopsGame`, a game's description, the functions every Stops
  game module takes, and :func:`install`, which gives them to it (see
  :mod:`cardrules.core.shedding.interface`).

The two Mau Mau games on this core
----------------------------------

The two-handed Mau-Mau of the Stops family (:doc:`/games/mau_mau`) is this table::

    Stops(players=2, hand_size=7, deck=DECK52,
          effects={7: Effect(draw=1), 8: Effect(draw=3), JACK: Effect(call=True)},
          choice_ranks=(7, 8, JACK),        # the J/7/8 option, rule MM-4.3
          call_own_suit=False, call_required=False,   # no call = "any card may follow"
          draw_rule="until_playable", voluntary_draw=False,  # or True with draw_penalty=50
          announce_penalty="next_turn", announce_cards=1, ...)

The standard German Mau Mau (:doc:`/games/mau_mau_standard`, for 2 to 5
players, and its Strafpoint series, :doc:`/games/strafpoint`)
is a different table and a few flags, with no new mechanics::

    Stops(players=4, hand_size=5, deck=DECK52 or DECK32,
          effects={7: Effect(draw=2, stack=True),          # stack_sevens
                   8: Effect(skip=1),
                   JACK: Effect(call=True, wild=True, on_itself=jack_on_jack),
                   9: Effect(reverse=True),                # nine_reverses
                   ACE: Effect(skip=1)},                   # ace_skips
          choice_ranks=(), call_own_suit=True, call_required=True,
          draw_rule="once", voluntary_draw=True,    # draw, then play it or 'end turn'
          announce_penalty="draw", announce_cards=2,      # "Mau", else 2 cards
          restock=True)

Everything the standard game needs is here: N players and a direction (a
reverse with two players acts as a skip), skips, stacked draws (a player who
owes cards may answer with a card of a stacking rank or draw them all with the
move ``draw``; without such a card the draw is forced), the draw-once rule
(after ``draw`` only the drawn card may be played, or ``end turn``), the
announcement penalty drawn at the end of the turn, and blocked rounds (every
player in succession can neither play nor draw; with ``restock`` this cannot
happen in play, since the cards of the suit to follow are then all in the
hands, but the core handles it). Strafpoint's scoring and the rotating start
are match rules and belong to its game module.

Rules of the core (each game's docs page gives the sources)
-----------------------------------------------------------

* Dealing: the dealer deals ``hand_size`` cards to each player, one at a time,
  starting on his left (card ``i`` of the order goes to seat
  ``(dealer + 1 + i) % players``); the next card is turned as the *starter*,
  the first upcard. With ``bury_ranks``, a starter of such a rank is put at the
  bottom of the stock and the next card is turned. The player on the dealer's
  left plays first.
* Playable cards: after a calling card played without a call (when calls are
  optional), or a calling starter with ``starter_effects``, every card (but
  not one of the upcard's rank if that rank has ``on_itself=False``); after a
  call, a card of the called suit or of the upcard's rank; otherwise a card of
  the upcard's suit or rank; wild ranks always; a rank whose effect has
  ``on_itself=False`` never on its own rank.
  While cards are owed (a stacking draw), only a card of the upcard's rank.
* Effects of a played card: ``draw`` adds cards owed by the next player (he
  draws them at the start of his turn, which then ends); ``skip`` skips
  players; ``reverse`` turns the direction (a skip with two players); ``call``
  lets the player name a suit.
* ``choice_ranks``: when the upcard has such a rank, the player cannot follow
  suit (the called suit after a call, otherwise the upcard's suit) and the only
  playable cards are of that rank, the player may draw instead of playing. A
  card of that rank and of the called suit follows suit: it must be played.
* Drawing: ``draw_rule="until_playable"``: after each draw the turn goes on,
  and the player plays or draws again; ``"once"``: one draw, then only the
  drawn card may be played, or ``end turn``. ``voluntary_draw``: drawing is
  allowed while holding a playable card (costing ``draw_penalty`` points once
  per turn, to the offender or credited to the others).
* A player who can neither play nor draw passes (a public event). When every
  player in turn has passed, the deal is *blocked* and ends.
* Announcement ("One card", "Mau"): the play that leaves one card may carry
  ``announce``. Omitting it costs: ``"next_turn"``: if the player still holds
  one card when his next turn starts, he draws ``announce_cards`` instead
  of playing (the turn ends, unless ``announce_ends_turn`` is False); if no
  card is left to draw he passes, and his last card stays barred until he
  holds more than one;
  ``"draw"``: he draws ``announce_cards`` at the end of that turn.
  With ``announce_on="last_card"`` the last card carries the call instead
  (both ``play X`` and ``play X announce`` are listed for it, and the play that
  leaves one card has none): with the call he goes out; without it, and with
  ``announce_penalty="draw"``, he does not go out: he draws ``announce_cards``
  at once and play passes on (cards owed for his last card stay owed by the
  next player). If no card is left to draw he goes out all the same, since he
  can neither pay the penalty nor play on.
* The deal ends when a player plays his last card. With ``last_card_effects``,
  cards owed by that card are still drawn first.
* Restocking: when a card must be drawn and the stock is empty, the discard
  pile under the upcard is shuffled into a new stock (with ``restock``); if no
  card is left to draw, a player owing cards draws what there is.

Chance
------

Seeded mode takes every card from the top of the stock; the order of deal
``k`` is :func:`cardrules.core.match.shuffled` ``(seed, k, deck)`` and the
``j``-th restock of deal ``k`` shuffles the discard pile (cards in index order)
with ``Stream(seed, "restock", k, j)``. In explicit-chance mode the stock is an
unordered set (kept in index order): each card dealt, turned or drawn is a
CHANCE step whose outcomes ``deal CARD`` are the stock's cards, equally likely
(a buried starter stays at the bottom, so it is drawn after the rest, with
probability 1). Both modes run the same code.

>>> from cardrules.cards import DECK52, JACK
>>> table = Stops(players=2, hand_size=7, deck=DECK52,
...               effects={7: Effect(draw=1), JACK: Effect(call=True)})
>>> table.effect(7).draw, table.effect(5).draw
(1, 0)
"""

from __future__ import annotations

from cardrules.core.shedding.dealing import begin_deal as begin_deal
from cardrules.core.shedding.dealing import new_game as new_game
from cardrules.core.shedding.description import NO_EFFECT as NO_EFFECT
from cardrules.core.shedding.description import RANK_MASKS as RANK_MASKS
from cardrules.core.shedding.description import SUIT_MASKS as SUIT_MASKS
from cardrules.core.shedding.description import AnnounceOn as AnnounceOn
from cardrules.core.shedding.description import AnnouncePenalty as AnnouncePenalty
from cardrules.core.shedding.description import DrawRule as DrawRule
from cardrules.core.shedding.description import Effect as Effect
from cardrules.core.shedding.description import Stops as Stops
from cardrules.core.shedding.description import StopsRules as StopsRules
from cardrules.core.shedding.description import cached_table as cached_table
from cardrules.core.shedding.description import hand_value as hand_value
from cardrules.core.shedding.description import mask_value as mask_value
from cardrules.core.shedding.interface import DealEnd as DealEnd
from cardrules.core.shedding.interface import DealFunction as DealFunction
from cardrules.core.shedding.interface import StopsGame as StopsGame
from cardrules.core.shedding.interface import install as install
from cardrules.core.shedding.numbers import MoveNumbers as MoveNumbers
from cardrules.core.shedding.play import apply as apply
from cardrules.core.shedding.play import game_over as game_over
from cardrules.core.shedding.rules_of_play import chance_outcomes as chance_outcomes
from cardrules.core.shedding.rules_of_play import legal_moves as legal_moves
from cardrules.core.shedding.rules_of_play import move_forms as move_forms
from cardrules.core.shedding.rules_of_play import parse_text as parse_text
from cardrules.core.shedding.rules_of_play import playable as playable
from cardrules.core.shedding.rules_of_play import to_move as to_move
from cardrules.core.shedding.rules_of_play import why_illegal as why_illegal
from cardrules.core.shedding.sampling import sample as sample
from cardrules.core.shedding.serialization import state_from_reader as state_from_reader
from cardrules.core.shedding.serialization import state_to_dict as state_to_dict
from cardrules.core.shedding.state import CONTINUE as CONTINUE
from cardrules.core.shedding.state import END_DEAL as END_DEAL
from cardrules.core.shedding.state import Deal as Deal
from cardrules.core.shedding.state import Phase as Phase
from cardrules.core.shedding.state import State as State
from cardrules.core.shedding.views import View as View
from cardrules.core.shedding.views import describe as describe
from cardrules.core.shedding.views import explain_move as explain_move
from cardrules.core.shedding.views import observe as observe
from cardrules.core.shedding.views import zones as zones

__all__ = [
    "CONTINUE",
    "END_DEAL",
    "NO_EFFECT",
    "Deal",
    "DealEnd",
    "Effect",
    "MoveNumbers",
    "Phase",
    "State",
    "Stops",
    "StopsGame",
    "StopsRules",
    "View",
    "apply",
    "begin_deal",
    "cached_table",
    "chance_outcomes",
    "game_over",
    "hand_value",
    "install",
    "legal_moves",
    "mask_value",
    "move_forms",
    "new_game",
    "observe",
    "parse_text",
    "playable",
    "sample",
    "state_from_reader",
    "state_to_dict",
    "to_move",
    "why_illegal",
    "zones",
]
