"""A named pile of cards dealt beside the hands (:class:`Pile`), a part of a trick
game's :class:`~cardrules.core.trickgame.Dealing`."""

from __future__ import annotations

import dataclasses
from typing import Literal

from cardrules._mypyc import mypyc_attr
from cardrules.core.options import check_choice
from cardrules.errors import RulesError

__all__ = ["Pile", "PileOwner"]


#: Whose card points a pile's cards count for once play begins, as :attr:`Pile.counts_for`
#: words it.
PileOwner = Literal["declarer", "nobody"]


@mypyc_attr(native_class=False)
@dataclasses.dataclass(frozen=True, kw_only=True)
class Pile:
    """A named pile of cards dealt apart from the hands, which a seat may take up after
    the auction and lay cards away onto (Skat's skat, Five Hundred's and Pinochle's
    widow, Tarot's chien, Euchre's turned card): a :class:`PileStep` round moves its
    cards. The piles are dealt after the hands, in the order :attr:`Dealing.piles`
    gives them, from the next cards of the deck (a deal's ``undealt`` cards are those
    left after the piles).

    A pile's cards are unseen by every seat until a seat takes them, except a ``turned``
    pile's card (a turned pile holds one card), which every seat sees from the deal on
    (Euchre's upcard; a seat that takes it is known to hold it until it lays a card
    away). The cards laid away onto a pile are seen by the seat that laid them; the
    others see only their count. ``counts_for`` says whose card points the pile's cards
    count for at the end of the deal (read by the game's scoring through
    :func:`~cardrules.core.trickgame.pile_owner`).

    >>> Pile(name="skat", size=2, counts_for="declarer").turned
    False
    """

    #: The pile's name: one word in lower case (``skat``, ``widow``, ``kitty``), the
    #: word of its moves (``take skat``).
    name: str
    #: How many cards it gets at the deal.
    size: int
    #: Whether its one card is turned face up for all to see (default False).
    turned: bool = False
    #: ``"declarer"``: its cards (as dealt or laid away) count for the declarer's side;
    #: ``"nobody"`` (the default): they count for no side.
    counts_for: PileOwner = "nobody"

    def __post_init__(self) -> None:
        if not self.name.isalnum() or self.name != self.name.lower():
            raise RulesError(f"a pile's name is one word in lower case, not {self.name!r}")
        if self.size < 1:
            raise RulesError(f"pile {self.name!r} needs at least one card, not {self.size}")
        if self.turned and self.size != 1:
            raise RulesError(f"a turned pile holds one card: pile {self.name!r} holds {self.size}")
        check_choice("counts_for", self.counts_for, ("declarer", "nobody"))
