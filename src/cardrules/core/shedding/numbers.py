"""The fixed move numbers of a Stops game."""

from __future__ import annotations

import attrs

from cardrules.cards import ALL_CARDS, JACK, Suit
from cardrules.core.checks import check_move, check_move_number
from cardrules.errors import IllegalMoveError
from cardrules.moves import (
    DEALS,
    DRAW,
    END_TURN,
    PLAYS,
    ChooseDealer,
    DealCard,
    Draw,
    EndTurn,
    Move,
    Play,
)


@attrs.frozen(slots=True)
class MoveNumbers:
    """The fixed move numbers of a Stops game (``seats`` chance outcomes, ``call_ranks`` calling).

    With ``k`` calling ranks (default: the jack alone, ``k = 1``): ``play CARD`` =
    the card's index 0..51; ``play CARD announce`` = 52 + index; ``play XY call Z``
    = 104 + 16 * (X's place in ``call_ranks``) + 4 * (Y, the card's suit) + (Z, the
    called suit); the same announced = 104 + 16 * k + the same; then, from
    ``base`` = 104 + 32 * k: ``draw`` = base, ``end turn`` = base + 1, ``deal CARD``
    = base + 2 + index, ``dealer SEAT`` = base + 54 + SEAT. Suits count clubs 0,
    diamonds 1, hearts 2, spades 3. With the jack alone: ``play JX call Y`` = 104 +
    4 * X + Y, announced 120 + ..., ``draw`` = 136, ``end turn`` = 137, ``deal
    CARD`` = 138 + index, ``dealer SEAT`` = 190 + SEAT.

    >>> numbers = MoveNumbers(2)
    >>> numbers.count, str(numbers.move(104 + 4 * 3 + 2))
    (192, 'play JS call hearts')
    >>> eights = MoveNumbers(4, call_ranks=(8,))
    >>> str(eights.move(104 + 4 * 2)), eights.index(eights.move(136), "Crazy Eights")
    ('play 8H call clubs', 136)
    """

    seats: int
    call_ranks: tuple[int, ...] = (JACK,)

    @property
    def _base(self) -> int:
        """The number of ``draw``: the first after the calls."""
        return 104 + 32 * len(self.call_ranks)

    @property
    def count(self) -> int:
        """How many move numbers there are (``NUM_MOVES``)."""
        return self._base + 54 + self.seats

    def index(self, move: object, game: str) -> int:
        """The number of ``move``."""
        checked = check_move(move)
        kind = type(checked)
        if kind is Play:
            assert isinstance(checked, Play)
            card = checked.card
            if card.index < 52:
                if checked.call is None:
                    return card.index + (52 if checked.announce else 0)
                if card.rank in self.call_ranks:
                    assert card.suit is not None
                    place = self.call_ranks.index(card.rank)
                    calls = 16 * len(self.call_ranks) if checked.announce else 0
                    return 104 + calls + 16 * place + 4 * card.suit + checked.call
        elif kind is Draw:
            return self._base
        elif kind is EndTurn:
            return self._base + 1
        elif kind is DealCard:
            assert isinstance(checked, DealCard)
            if checked.card.index < 52:
                return self._base + 2 + checked.card.index
        elif kind is ChooseDealer:
            assert isinstance(checked, ChooseDealer)
            if 0 <= checked.seat < self.seats:
                return self._base + 54 + checked.seat
        raise IllegalMoveError(f"{checked} has no number in {game}")

    def move(self, index: object) -> Move:
        """The move with number ``index``."""
        number = check_move_number(index, self.count)
        if number < 52:
            return PLAYS[number]
        if number < 104:
            return Play(ALL_CARDS[number - 52], None, True)
        base = self._base
        if number < base:
            calls = 16 * len(self.call_ranks)
            announce = number >= 104 + calls
            call = number - 104 - (calls if announce else 0)
            rank = self.call_ranks[call // 16]
            card = ALL_CARDS[13 * (call % 16 // 4) + rank - 2]
            return Play(card, Suit(call % 4), announce)
        if number == base:
            return DRAW
        if number == base + 1:
            return END_TURN
        if number < base + 54:
            return DEALS[number - base - 2]
        return ChooseDealer(number - base - 54)
