"""The trick-taking engine: one implementation of the game interface for every trick game.

:mod:`cardrules.core.tricks` says which card may be played to a trick and which
card wins it; this package carries a whole game around those rules, the way
:mod:`cardrules.core.shedding` carries the Mau Mau family. A game module writes a
:class:`TrickGame` (its *description*: the deck, how cards are dealt, the trumps,
the rounds before play, the bidding, the rules of play, what happens to a player
who cannot follow, when a deal ends, low or high totals winning) and a few *hooks*
for what a table cannot say (the deal's score, the game's own events and view
fields). Everything else is here, once, a module per concern, each importing only
those above it in this list:

* :mod:`~cardrules.core.trickgame.numbers`: move numbers;
* :mod:`~cardrules.core.trickgame.rules_of_play`: which cards may be played (follow
  suit and the restrictions a game switches on: a suit not led until broken, cards
  barred on the first trick, must trump, must beat), why a card is refused, and what
  a play reveals; legal moves, messages, views and sampling all read it;
* :mod:`~cardrules.core.trickgame.state`: the state (what a move changes) and the
  :class:`Deal` it holds (what the deal fixes);
* :mod:`~cardrules.core.trickgame.parts`: the parts of a description, each a small
  value typed by the game's ``Rules`` (the deal, the trumps, the rounds before play,
  the play, the scoring, the match, the moves' numbers and text);
* :mod:`~cardrules.core.trickgame.contract`: the :class:`Contract` a deal's auction
  decides (or the description fixes at the deal), which play, views and scoring read;
* :mod:`~cardrules.core.trickgame.auction_round`: the :class:`Auction` round of a
  description;
* :mod:`~cardrules.core.trickgame.pile_round`: the :class:`PileStep` round (a seat
  takes a named :class:`Pile` and lays cards away onto it) and what scoring reads of
  the piles;
* :mod:`~cardrules.core.trickgame.announcing`: the :class:`Announcement` moves
  allowed beside card play until a deadline, which change the contract's terms, and
  ready-made effects on the terms;
* :mod:`~cardrules.core.trickgame.auctions`: ready-made hooks for an :class:`Auction`
  round (who calls next, the calls allowed on a ladder of bids with doubles);
* :mod:`~cardrules.core.trickgame.description`: the description, :class:`TrickGame`,
  ready-made hooks, the fields every view has, the partnerships;
* :mod:`~cardrules.core.trickgame.dealing`: dealing, seeded or one chance step a card
  (explicit chance), trumps (none, a fixed suit, a turned card, the dealer's last
  card, cards turned face up), who leads first;
* :mod:`~cardrules.core.trickgame.queries`: whose turn, legal moves, chance outcomes;
* :mod:`~cardrules.core.trickgame.ending`: the end of a deal, of the match, the caps;
* :mod:`~cardrules.core.trickgame.rounds`: auctions (the calls, the contract, a deal
  thrown in when all pass), declarations, passing (to a seat chosen by the deal
  number), bidding (open or simultaneous, with the game's constraint);
* :mod:`~cardrules.core.trickgame.play`: trick play, pick-up, legal revokes,
  per-trick scoring, illegal-move messages, notation;
* :mod:`~cardrules.core.trickgame.scoring`: score, events, zones, the values a match
  carries into a deal (:func:`carried`);
* :mod:`~cardrules.core.trickgame.views`: what a seat may know;
* :mod:`~cardrules.core.trickgame.sampling`: exact uniform :func:`sample`;
* :mod:`~cardrules.core.trickgame.serialization`: JSON and back;
* :mod:`~cardrules.core.trickgame.positions`: a state as a position (plain data, no
  history) and a state set up from one, checked;
* ``cardrules.core.trickgame.double_dummy`` (and ``solving``, the search itself): the
  double-dummy search of a deal's play over card masks, for :mod:`cardrules.solver`;
* :mod:`~cardrules.core.trickgame.interface`: the functions every trick game module
  takes, and :func:`install`, which gives them to it.

A game's ``Rules`` derive from :class:`TrickGameRules` and its view from :class:`View`
(declaring only the game's own fields); building the game's :class:`TrickGame` sets
``Rules.trick_game``, and every interface function reads it from the state. A game
module ends with one call, ``trickgame.install(GAME, globals())``, which gives it the
engine's functions and what the description makes (``TITLE``, ``Phase``, the move
numbers, ``deal``, ``state_from_dict``, ``deck_of``), with a star import of
:mod:`cardrules.core.trickgame.interface` under ``if TYPE_CHECKING:`` for the type
checker (see :mod:`cardrules.core.installing`). :file:`examples/whist.py`,
:file:`examples/hearts.py` and :file:`examples/spades.py` are whole games written
this way.
"""

from cardrules.core.trickgame import announcing, auctions, interface, rules_of_play, sampling
from cardrules.core.trickgame.announcing import Announcement, announced, shown_sides
from cardrules.core.trickgame.auction_round import (
    Auction,
    Calls,
    default_contract_event,
)
from cardrules.core.trickgame.contract import Contract, contract_text
from cardrules.core.trickgame.dealing import new_game
from cardrules.core.trickgame.description import (
    AUCTION_VIEW_FIELDS,
    BIDDING_VIEW_FIELDS,
    VIEW_FIELDS,
    TrickGame,
    View,
    highest_bidder,
    phases_of,
    target_decided,
    teams,
)
from cardrules.core.trickgame.ending import throw_in
from cardrules.core.trickgame.interface import install
from cardrules.core.trickgame.numbers import pass_rank
from cardrules.core.trickgame.partners import known_sides
from cardrules.core.trickgame.parts import (
    DEFAULT_DEAL_LIMIT,
    Bidding,
    Dealing,
    DealScorer,
    Declaring,
    FaceUp,
    MatchPlan,
    Moves,
    Revoking,
    Scoring,
    TrickGameRules,
    TrickPlay,
    TrickScorer,
    TrickScoring,
    Trumps,
    Waste,
    default_deal_event,
)
from cardrules.core.trickgame.passing import PassDirection, Passing, pass_cycle, pass_offset
from cardrules.core.trickgame.pile import Pile
from cardrules.core.trickgame.pile_round import (
    PileSight,
    PileStep,
    declarer_takes,
    laid_away,
    pile_cards,
    pile_owner,
)
from cardrules.core.trickgame.play import apply, parse_move
from cardrules.core.trickgame.positions import position, setup
from cardrules.core.trickgame.queries import (
    chance_outcomes,
    hand_hidden,
    is_over,
    legal_moves,
    to_move,
)
from cardrules.core.trickgame.rules_of_play import Restrictions
from cardrules.core.trickgame.sampling import sample
from cardrules.core.trickgame.scoring import (
    carried,
    carried_value,
    events,
    moves_played,
    score,
    seats_out,
    sides,
    zones,
)
from cardrules.core.trickgame.serialization import state_to_dict
from cardrules.core.trickgame.state import Deal, State
from cardrules.core.trickgame.views import deal_events, knowledge, observe, suits_of

__all__ = [
    "AUCTION_VIEW_FIELDS",
    "BIDDING_VIEW_FIELDS",
    "DEFAULT_DEAL_LIMIT",
    "VIEW_FIELDS",
    "Announcement",
    "Auction",
    "Bidding",
    "Calls",
    "Contract",
    "Deal",
    "DealScorer",
    "Dealing",
    "Declaring",
    "FaceUp",
    "MatchPlan",
    "Moves",
    "PassDirection",
    "Passing",
    "Pile",
    "PileSight",
    "PileStep",
    "Restrictions",
    "Revoking",
    "Scoring",
    "State",
    "TrickGame",
    "TrickGameRules",
    "TrickPlay",
    "TrickScorer",
    "TrickScoring",
    "Trumps",
    "View",
    "Waste",
    "announced",
    "announcing",
    "apply",
    "auctions",
    "carried",
    "carried_value",
    "chance_outcomes",
    "contract_text",
    "deal_events",
    "declarer_takes",
    "default_contract_event",
    "default_deal_event",
    "events",
    "hand_hidden",
    "highest_bidder",
    "install",
    "interface",
    "is_over",
    "knowledge",
    "known_sides",
    "laid_away",
    "legal_moves",
    "moves_played",
    "new_game",
    "observe",
    "parse_move",
    "pass_cycle",
    "pass_offset",
    "pass_rank",
    "phases_of",
    "pile_cards",
    "pile_owner",
    "position",
    "rules_of_play",
    "sample",
    "sampling",
    "score",
    "seats_out",
    "setup",
    "shown_sides",
    "sides",
    "state_to_dict",
    "suits_of",
    "target_decided",
    "teams",
    "throw_in",
    "to_move",
    "zones",
]
