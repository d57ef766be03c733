"""Observation tensors of Hearts (``examples/hearts.py``), for the OpenSpiel and
PettingZoo adapters; needs numpy (``pip install 'cardrules[pettingzoo]'`` or
``'cardrules[openspiel]'``).

The adapters find a game's tensors in its *encoder*, an object with the
functions of :class:`cardrules.integrations.encoding.Encoder`: this module is
Hearts' encoder, and importing it registers Hearts with it
(``games.register(hearts, encoder=...)``), after which
``cardrules.integrations.pettingzoo.env("hearts")`` and
``cardrules.integrations.openspiel.load_game("hearts")`` play it. Run it to
play one short game in the PettingZoo environment with random legal actions:
``python examples/hearts_encoding.py``.

Action numbers are the game's move numbers: ``play CARD`` = the card's index
0..51; ``pass C1 C2 C3`` = 52 + the rank of the three cards
(:func:`cardrules.core.trickgame.pass_rank`), 52..22151; then the chance
outcomes ``deal CARD`` = 22152 + the card's index and ``dealer SEAT`` = 22204 +
SEAT; 22208 actions in all.

Seats are counted from the observer (slot 0 = the observer, slot 1 = the seat
on its left); cards by their index (``13 * suit + rank - 2``, clubs first). All
entries are 0 or 1 except ``taken`` and ``totals`` (penalty points).

Observation (what the seat sees now):

==========  ======  ====  ====================================================
piece       offset  size  meaning
==========  ======  ====  ====================================================
phase       0       5     choosing the dealer, dealing, passing, playing, over
to_move     5       5     (5) seat to move; last slot: chance
dealer      10      4     (4) the dealer
pass_to     14      4     (4) where this deal's pass goes; slot 0: no pass
hand        18      52    (52) own cards
has_passed  70      4     (4) who has passed
passed      74      52    (52) the three cards this seat passed
received    126     52    (52) the three cards it received
leader      178     4     (4) who leads the current trick
trick       182     208   (4×52) the current trick's cards, by who played
won_cards   390     52    (52) cards of this deal's finished tricks
taken       442     4     (4) penalty points taken this deal
totals      446     4     (4) penalty points so far
==========  ======  ====  ====================================================

Information state: the observation (the pieces above, at the same offsets), then
the seat's recall of the deal in progress:

=============  ======  ====  =================================================
piece          offset  size  meaning
=============  ======  ====  =================================================
plays          450     2704  (13×4×52) trick T of this deal: card of each seat
trick_leaders  3154    52    (13×4) trick T of this deal: who led
=============  ======  ====  =================================================

``max_decisions``: a deal takes at most 56 moves (4 passes, 52 plays), and a game
to target T at most ``4 (T - 1) // 26 + 1`` deals: a deal hands out 26 points or
more, so the totals reach T by then. Payoffs are the totals negated: a total
stays below T before the last deal, which adds at most 26, so the payoffs lie
between -(T + 25) and 0.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Mapping
from typing import Any

from cardrules import games
from cardrules.integrations.encoding.layout import (
    Layout,
    Piece,
    Tensor,
    put_cards,
    put_to_move,
    relative,
    trick_recall,
)

#: The game, beside this file: ``examples.hearts`` when this is ``examples.hearts_encoding``,
#: ``hearts`` when this file runs as a script (its folder is then on the path). Imported by
#: name, so that type checkers see each example file once, as they see the others.
hearts: Any = importlib.import_module(f"{__package__}.hearts" if __package__ else "hearts")

NAME = hearts.NAME
#: Move numbers 0..22151 are the seats' moves; the chance outcomes follow.
PLAYER_ACTIONS = 52 + 22100
_SEATS = 4
_CARDS = 52
#: The most moves a deal takes: four passes and 52 plays.
_MOST_PER_DEAL = 4 + 52
#: The penalty points a deal hands out (more when a player shoots the moon).
_POINTS_PER_DEAL = 26


def observation_layout(rules: Any) -> Layout:
    """The pieces of the observation tensor."""
    most = float(rules.target + _POINTS_PER_DEAL - 1)
    return Layout(
        (
            Piece("phase", (5,), "choosing the dealer, dealing, passing, playing, over"),
            Piece("to_move", (_SEATS + 1,), "(5) seat to move; last slot: chance"),
            Piece("dealer", (_SEATS,), "(4) the dealer"),
            Piece("pass_to", (_SEATS,), "(4) where this deal's pass goes; slot 0: no pass"),
            Piece("hand", (_CARDS,), "(52) own cards"),
            Piece("has_passed", (_SEATS,), "(4) who has passed"),
            Piece("passed", (_CARDS,), "(52) the three cards this seat passed"),
            Piece("received", (_CARDS,), "(52) the three cards it received"),
            Piece("leader", (_SEATS,), "(4) who leads the current trick"),
            Piece("trick", (_SEATS, _CARDS), "(4×52) the current trick's cards, by who played"),
            Piece("won_cards", (_CARDS,), "(52) cards of this deal's finished tricks"),
            Piece("taken", (_SEATS,), "(4) penalty points taken this deal", high=26.0),
            Piece("totals", (_SEATS,), "(4) penalty points so far", high=most),
        )
    )


def information_state_layout(rules: Any) -> Layout:
    """The pieces of the information-state tensor: the observation, then the recall."""
    return Layout(
        (
            *observation_layout(rules).pieces,
            Piece(
                "plays", (13, _SEATS, _CARDS), "(13×4×52) trick T of this deal: card of each seat"
            ),
            Piece("trick_leaders", (13, _SEATS), "(13×4) trick T of this deal: who led"),
        )
    )


def encode_observation(view: Any, out: Mapping[str, Tensor]) -> None:
    """Write the observation of ``view`` into the zeroed named views ``out``."""
    me = view.seat
    out["phase"][int(view.phase)] = 1.0
    put_to_move(out["to_move"], view.to_move, me, _SEATS)
    if view.dealer is not None:
        out["dealer"][relative(view.dealer, me, _SEATS)] = 1.0
    out["pass_to"][0 if view.passed_to is None else relative(view.passed_to, me, _SEATS)] = 1.0
    put_cards(out["hand"], view.hand)
    put_cards(out["passed"], view.passed)
    put_cards(out["received"], view.received)
    if view.phase == hearts.Phase.PLAYING:
        out["leader"][relative(view.leader, me, _SEATS)] = 1.0
    for position, card in enumerate(view.trick):
        out["trick"][relative(view.leader + position, me, _SEATS), card.index] = 1.0
    put_cards(out["won_cards"], view.won_cards)
    for seat in range(_SEATS):
        slot = relative(seat, me, _SEATS)
        out["has_passed"][slot] = float(view.has_passed[seat])
        out["taken"][slot] = view.taken[seat]
        out["totals"][slot] = view.totals[seat]


#: Every card played this deal, and who led each trick, extended step by step.
_RECALL = trick_recall()


def encode_information_state(view: Any, out: Mapping[str, Tensor]) -> None:
    """Write the information state of ``view`` into the zeroed named views ``out``."""
    encode_observation(view, out)
    _RECALL.write(view.events, view.seat, out)


def max_decisions(rules: Any) -> int:
    """At most 56 moves a deal, for the deals the target (or ``max_deals``) allows."""
    target: int = rules.target
    deals = 4 * (target - 1) // _POINTS_PER_DEAL + 1
    if rules.max_deals is not None:
        deals = min(deals, int(rules.max_deals))
    return deals * _MOST_PER_DEAL


def payoff_bounds(rules: Any) -> tuple[float, float]:
    """The totals negated: from -(target + 25) to 0."""
    return -float(rules.target + _POINTS_PER_DEAL - 1), 0.0


def utility_sum(rules: Any) -> float | None:
    """None: general-sum (every seat pays its own penalty points)."""
    return None


def default_max_moves(rules: Any) -> int:
    """Never needed: the target bounds the game (its bound, for completeness)."""
    return max_decisions(rules)


games.register(hearts, heuristic=hearts.HeartsBot, encoder=sys.modules[__name__])


def main() -> None:
    """One short game in the PettingZoo environment, random legal actions for every seat."""
    if importlib.util.find_spec("pettingzoo") is None:
        print("skipped: PettingZoo is not installed (pip install 'cardrules[pettingzoo]')")
        return
    from cardrules.integrations.pettingzoo import env

    environment = env(NAME, hearts.Rules(target=30))
    environment.reset(seed=1)
    rng = random.Random(1)
    rewards = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        environment.step(int(rng.choice(legal)))
    print(f"observation: {observation['observation'].shape[0]} numbers, rewards: {rewards}")


if __name__ == "__main__":
    main()
