"""The score of a trick game (totals, outcome, payoffs, lower or higher wins), its public
event log, the moves played and the zones of cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import Card, cards_of
from cardrules.core.trickgame.contract import Contract, partnerships
from cardrules.core.trickgame.description import teams
from cardrules.core.trickgame.partners import card_holders, known_sides, numbered
from cardrules.core.trickgame.state import State, _wrong_state
from cardrules.errors import RecordError, RulesError
from cardrules.game import Event, Score
from cardrules.moves import Move

if TYPE_CHECKING:  # the description: a type here, built above this module
    from cardrules.core.trickgame.description import TrickGame


def score(state: object) -> Score:
    """Totals, per-deal rows with the game's extras, outcome, payoffs (by default the
    totals, negated when low totals win), and which totals are better."""
    if type(state) is not State:
        raise _wrong_state(state)
    deal = state.deal
    totals = deal.match.totals
    game: TrickGame[Any] = deal.game
    if game.match.payoffs is not None:
        payoffs = game.match.payoffs(totals)
    elif game.match.better == "low":
        payoffs = tuple(float(-t) for t in totals)  # -0.0 never: a zero total pays 0.0
    else:
        payoffs = tuple(float(t) for t in totals)
    return Score(
        totals=totals,
        teams=teams(deal.rules),
        better=game.match.better,
        deals=deal.match.rows,
        outcome=deal.outcome,
        payoffs=payoffs,
    )


def carried(state_or_view: object) -> tuple[tuple[str, int | str], ...]:
    """What the match carries into the deal in progress (vulnerability, a pot, Bock
    rounds): the description's :attr:`MatchPlan.carry` hook over the rows of the deals
    finished before it (``()`` without the hook), as ``(name, value)`` pairs. Read from
    a state or a view, by the auction's hooks and the deal's scoring alike; derived from
    the rows, it is the same for a state loaded from JSON, set up from a position or
    sampled from a view as for the one played. (Once the game is over, the rows are
    every deal's.)

    >>> from cardrules.games import oh_hell
    >>> carried(oh_hell.deal(oh_hell.Rules(players=3), seed=1))
    ()
    """
    if type(state_or_view) is State:
        rules = state_or_view.deal.rules
        rows = state_or_view.deal.match.rows
    else:
        rules = getattr(state_or_view, "rules", None)
        if getattr(type(rules), "trick_game", None) is None:
            raise _wrong_state(state_or_view, "state or view")
        view: Any = state_or_view
        rows = view.score.deals
    game: TrickGame[Any] = rules.trick_game
    carry = game.match.carry
    if carry is None:
        return ()
    found = _CARRIED.get(id(rows))
    if found is None or found[0] is not rows or found[1] is not rules:
        if len(_CARRIED) > 64:  # a bounded cache: matches come and go
            _CARRIED.clear()
        found = _CARRIED[id(rows)] = (rows, rules, tuple(carry(rules, rows)))
    return found[2]


def carried_value(state_or_view: object, name: str) -> int | str:
    """One value :func:`carried` gives; a :class:`~cardrules.errors.RulesError` naming
    those there are when it has none of that name."""
    values = carried(state_or_view)
    for key, value in values:
        if key == name:
            return value
    there = ", ".join(key for key, _ in values) or "none"
    raise RulesError(f"the match carries no value {name!r}: it carries {there}")


#: :func:`carried`'s values, by the identity of the rows they were folded from (every
#: state of a deal shares its match's rows).
_CARRIED: dict[int, tuple[Any, Any, tuple[tuple[str, int | str], ...]]] = {}


def sides(state_or_view: object) -> tuple[tuple[int, ...], ...]:
    """The partnerships of the deal in progress, in the form of the game's teams: the
    contract's :attr:`~cardrules.core.trickgame.Contract.sides` when it sets them,
    the sides its :attr:`~cardrules.core.trickgame.Contract.partner_cards` make (the
    declarer and the cards' holders at the start of play, against the others), else
    the game's teams (``teams(rules)``). Read from a state or a view (a view without a
    contract has the game's teams; a view whose partners are still secret to its seat
    raises a :class:`~cardrules.errors.RulesError`: :func:`known_sides` gives what
    the seat knows).

    The deal's sides are what the solver and the PIMC bot play for (a seat and its
    side against the others); the match's totals stay per seat and
    ``score(state).teams`` the game's fixed partnerships, whatever a deal's sides.

    >>> from cardrules.games import oh_hell
    >>> sides(oh_hell.deal(oh_hell.Rules(players=3), seed=1))
    ((0,), (1,), (2,))
    """
    contract: Contract | None
    if type(state_or_view) is State:
        rules = state_or_view.deal.rules
        contract = state_or_view.deal.contract
    else:
        rules = getattr(state_or_view, "rules", None)
        if getattr(type(rules), "trick_game", None) is None:
            raise _wrong_state(state_or_view, "state or view")
        found = getattr(state_or_view, "contract", None)
        contract = found if isinstance(found, Contract) else None
    if contract is not None and contract.sides is not None:
        return partnerships(contract.sides)
    if contract is not None and contract.partner_cards:
        if type(state_or_view) is State:
            held = card_holders(state_or_view)
            return partnerships(numbered(contract, held, rules.players))
        known = known_sides(state_or_view)
        if None in known:
            raise RulesError(
                "the sides of this deal are secret until its partner cards are shown: "
                "read known_sides(view) for what this seat knows"
            )
        return partnerships(tuple(side or 0 for side in known))
    return teams(rules)


def seats_out(state_or_view: object) -> tuple[int, ...]:
    """The seats that sit the deal in progress out (the contract's
    :attr:`~cardrules.core.trickgame.Contract.out`: Euchre's lone hand's partner): they
    keep their hands and play no card, so a bot that waits for the hands to shrink
    counts only the others. Empty where every seat plays. Read from a state or a view.

    >>> from cardrules.games import oh_hell
    >>> seats_out(oh_hell.deal(oh_hell.Rules(players=3), seed=1))
    ()
    """
    if type(state_or_view) is State:
        contract: object = state_or_view.deal.contract
    else:
        rules = getattr(state_or_view, "rules", None)
        if getattr(type(rules), "trick_game", None) is None:
            raise _wrong_state(state_or_view, "state or view")
        contract = getattr(state_or_view, "contract", None)
    return contract.out if isinstance(contract, Contract) else ()


def events(state: object) -> tuple[Event, ...]:
    """The public event log, oldest first."""
    if type(state) is not State:
        raise _wrong_state(state)
    return state.log.to_tuple()


def moves_played(state: object) -> tuple[Move, ...]:
    """Every move applied since the deal (chance outcomes included in explicit mode)."""
    if type(state) is not State:
        raise _wrong_state(state)
    if state.history is None:
        raise RecordError("this state was made by sample(): it has no move history")
    return state.history.to_tuple()


def zones(state: object) -> dict[str, tuple[Card, ...]]:
    """Where every card is: each hand, the trick, the finished tricks, the trump card,
    each pile (``pile skat``: as dealt, or the cards laid away on it), undealt."""
    if type(state) is not State:
        raise _wrong_state(state)
    deal = state.deal
    game: TrickGame[Any] = deal.game
    result = {f"hand {seat}": cards_of(hand) for seat, hand in enumerate(state.hands)}
    if game.roles.passing is not None:  # passed cards are in no hand until the exchange
        transit = 0 in deal.passed and any(deal.passed)
        for seat, passed in enumerate(deal.passed):
            result[f"passing {seat}"] = cards_of(passed) if transit else ()
    result["trick"] = tuple(state.trick)
    result[game.waste.zone] = cards_of(state.waste)
    if game.trumps.card == "next":
        result["trump card"] = (deal.trump_card,) if deal.trump_card is not None else ()
    if game.trumps.face_up is not None:
        result["face up"] = deal.face_up
    for pile, (mask, _) in zip(game.dealing.piles, deal.piles):
        result[f"pile {pile.name}"] = cards_of(mask)
    result["undealt"] = cards_of(deal.undealt)
    return result
