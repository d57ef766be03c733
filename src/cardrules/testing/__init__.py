"""The conformance kit: the interface's invariants, checked on any game module.

One call checks a game against everything the :class:`~cardrules.game.Game`
interface promises, along complete random games of each preset:

>>> from cardrules import testing
>>> from cardrules.games import mau_mau_standard
>>> report = testing.check_game(mau_mau_standard, presets=["single"], games=2)
>>> report.games, report.presets
(2, ('single',))

In a test suite of your own (pytest or any other runner), a test is the call::

    def test_my_game_keeps_the_interface():
        cardrules.testing.check_game(my_game)

A broken promise raises :class:`ConformanceError` (an ``AssertionError``, so test
runners show it as a failure) that says which rule broke, in which game,
preset, seed and step, so that the failure can be replayed. The kit needs
neither pytest nor hypothesis; the functions :func:`check_random_game`,
:func:`check_listed_moves` and :func:`check_explicit_chance` take the seeds
explicitly, so that a property-testing library can choose them (cardrules' own
suite drives them with hypothesis).

What is checked (the invariants of the interface):

* **cards are conserved**: at every step the zones (``zones``) hold each card
  of the deck (``deck_of``) exactly once;
* ``legal_moves`` is empty if and only if the game is over, and ``to_move`` is
  None if and only if it is over; legal moves are distinct and their move
  numbers round-trip;
* **legality**: every card played lies in a hand (``zones``); in a trick game
  whose state says what suit each card counts as (:func:`suit_rules`) a hand
  that holds the suit led plays that suit; in a Stops game (a view with
  ``upcard``) every card played matches the upcard, the called suit or is wild;
* **every listed move applies**; a move not listed raises
  :class:`~cardrules.errors.IllegalMoveError` and changes nothing;
* ``apply`` **never changes its input**; the same move gives an equal state;
  the same seed gives the same game;
* **seeded and explicit chance** give the same game for the same outcomes, and
  the chance probabilities sum to one;
* random play **ends** (within the presets' caps, or :data:`MOST_MOVES`) with
  an outcome, and totals and payoffs have one entry per seat; :func:`check_game`
  also plays ``Rules()`` and every preset to the end (:func:`check_ends`);
* **views hide what is hidden, and sampled worlds keep what views show**: the
  view of a world sampled from a view is that view; the world conserves the
  cards, has the same player to move, who has a legal move there, and keeps
  what the view shows of the hands: own hand, known and absent cards, hand
  sizes, voids (:func:`check_sampled_world`), and offered bids; every view has
  the fields of :class:`cardrules.game.View` (seat, player to move, the seat's
  legal moves, score, public log), consistent with the state; and a few random
  legal moves apply to each sampled world, as searching bots play on it
  (:func:`check_sampled_world_plays`), once the state's own move has applied;
* **the rules' text names the game** (:func:`check_rules_text`): ``str(rules)`` of
  each preset names the game and reads back as the same rules;
* **the encoder** of a registered game that has one (with numpy installed):
  move numbers on the right side of ``PLAYER_ACTIONS``, the action mask, the
  tensors' sizes and bounds (:func:`check_encoding`);
* **records, state JSON and pickles round-trip**;
* **states are immutable all through** (:func:`check_immutable`): no list, dict, set
  or bytearray is reachable from a state (its deal, rules, log) or from the game's
  description, at the start and at the end of each random game;
* **positions set up the state they come from** (:func:`check_positions`,
  :func:`check_position`): ``setup(rules, position(s))`` has the same player to
  move, legal moves, score, position and views' positions as ``s``, and plays on
  to the end; the position's one-line text reads back; ``setup`` refuses a view's
  position, a card twice and a card missing (:func:`check_setup_refusals`);
* **the solver's values are plain minimax's** where the game offers its own search
  of the play (a ``double_dummy`` function, as every game on the trick engine has;
  :func:`check_solver`): near the end of a deal, and in worlds sampled from a view
  there, so a deal scorer that reads where the cards are or were is found;
* the game's functions **raise only the interface's errors**: any other error (an
  ``IndexError`` in a scoring hook, say) is reported as a :class:`ConformanceError`
  that says where it was raised and has it as its cause.
"""

from __future__ import annotations

from typing import Final

from cardrules.testing import common, views
from cardrules.testing.common import ConformanceError, Report
from cardrules.testing.encoding import check_encoding
from cardrules.testing.immutability import check_immutable
from cardrules.testing.invariants import (
    check_cards_conserved,
    check_legality,
    check_unlisted_moves_refused,
)
from cardrules.testing.positions import check_position, check_positions, check_setup_refusals
from cardrules.testing.rules_text import check_rules_text
from cardrules.testing.solving import SOLVER_CARDS as SOLVER_CARDS
from cardrules.testing.solving import check_solver, minimax_value
from cardrules.testing.views import (
    check_sampled_world,
    check_sampled_world_plays,
    check_view_fields,
    check_view_shows_the_state,
    check_views,
)
from cardrules.testing.voids import suit_rules
from cardrules.testing.whole_games import (
    check_ends,
    check_explicit_chance,
    check_game,
    check_listed_moves,
    check_random_game,
)

# The constants are bound here again with their documentation: the reference page reads
# the comments of the package's own names.
#: The most moves the kit lets a random game last when its rules set no cap: far
#: more than a complete game of any kind takes (random play of the longest, matches
#: of Mau-Mau to 500 points, lasts a few thousand moves).
MOST_MOVES = common.MOST_MOVES
#: How many random moves :func:`check_sampled_world_plays` applies to a sampled world.
SAMPLED_PLIES: Final = views.SAMPLED_PLIES

__all__ = [
    "MOST_MOVES",
    "SAMPLED_PLIES",
    "ConformanceError",
    "Report",
    "check_cards_conserved",
    "check_encoding",
    "check_ends",
    "check_explicit_chance",
    "check_game",
    "check_immutable",
    "check_legality",
    "check_listed_moves",
    "check_position",
    "check_positions",
    "check_random_game",
    "check_rules_text",
    "check_sampled_world",
    "check_sampled_world_plays",
    "check_setup_refusals",
    "check_solver",
    "check_unlisted_moves_refused",
    "check_view_fields",
    "check_view_shows_the_state",
    "check_views",
    "minimax_value",
    "suit_rules",
]
