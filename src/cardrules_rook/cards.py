"""Toonerville Rook cards (rules R1-R3) and their notation.

A card is a natural card (a colour and a number 1-14) or the Rook (wild, R3).
Cards compare by colour and number only, so identical cards from different
decks are one card (R2). Notation: ``R7`` (Red 7), ``Y14``, ``G1``, ``B10``,
``Rook``.

Every card also has a small integer ``code`` (0-55 for naturals, 56 for the
Rook) used by the meld search for speed.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import compress
from typing import Any

import attrs

from cardrules.errors import InvalidCardError, quote

__all__ = [
    "COLOURS",
    "NATURAL_BASE",
    "NUMBERS",
    "POINTS",
    "ROOK",
    "ROOK_CODE",
    "Card",
    "card_of_code",
    "cards_of_counts",
    "natural",
    "number_in",
]

#: The four colours in a fixed order: Red, Yellow, Green, Black (R1).
COLOURS = ("R", "Y", "G", "B")
#: The numbers of a colour (R1, R7: 1 is lowest, 14 highest).
NUMBERS = range(1, 15)
#: The code of the Rook.
ROOK_CODE = 56
#: Per colour, the code of its number 0: ``NATURAL_BASE[colour] + number`` is the code
#: of the natural card of that colour and number (1-14), as `natural` gives it.
NATURAL_BASE = {colour: i * len(NUMBERS) - 1 for i, colour in enumerate(COLOURS)}
COLOUR_NAMES = {"R": "Red", "Y": "Yellow", "G": "Green", "B": "Black"}


@attrs.frozen(repr=False, eq=False)
class Card:
    """A Toonerville Rook card.

    Attributes:
        colour: ``"R"``, ``"Y"``, ``"G"`` or ``"B"``; ``""`` for the Rook.
        number: 1-14; 0 for the Rook.

    Examples:
        >>> Card.from_str("r7"), str(ROOK), natural("B", 14).points
        (Card.from_str('R7'), 'Rook', 10)
    """

    colour: str
    number: int
    #: 0-55 for a natural card (colour index x 14 + number - 1), 56 for the Rook.
    code: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.number == 0 and self.colour == "":
            code = ROOK_CODE
        elif self.colour in COLOURS and isinstance(self.number, int) and 1 <= self.number <= 14:
            code = COLOURS.index(self.colour) * 14 + self.number - 1
        else:
            raise InvalidCardError(
                f"no Rook card of colour {quote(self.colour)} and number {quote(self.number)}"
            )
        object.__setattr__(self, "code", code)

    def __eq__(self, other: object) -> bool:
        # By colour and number, which the code stands for (R2: identical cards are one).
        if other.__class__ is not Card:
            return NotImplemented
        return self.code == other.code

    def __hash__(self) -> int:
        return self.code

    @property
    def is_rook(self) -> bool:
        """True for the Rook (wild, R3)."""
        return self.number == 0

    @property
    def points(self) -> int:
        """What the card costs left in hand (R17): 5 for 1-9, 10 for 10-14, 25 for the Rook."""
        if self.number == 0:
            return 25
        return 5 if self.number <= 9 else 10

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``"R7"``, ``"b14"``, ``"Rook"``.

        Raises:
            cardrules.InvalidCardError: the text is no card (an ``InvalidMoveError``).
        """
        cleaned = text.strip().upper()
        if cleaned == "ROOK":
            return ROOK
        if len(cleaned) >= 2 and cleaned[0] in COLOURS:
            number = number_in(cleaned[1:])
            if number is not None and 1 <= number <= 14:
                return natural(cleaned[0], number)
        raise InvalidCardError(f"not a Rook card: {quote(text)} (use R7, Y14, G1, B10 or Rook)")

    def __str__(self) -> str:
        return "Rook" if self.number == 0 else f"{self.colour}{self.number}"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        """Pickle a card as its code: the shared instance comes back (faster snapshots)."""
        return card_of_code, (self.code,)

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"


def number_in(word: str, *, digits: int = 3) -> int | None:
    """``word`` as a whole number if it is 1 to ``digits`` ASCII digits, else ``None``.

    Notation numbers are ASCII only: ``str.isdigit`` also accepts ``"²"``,
    which ``int`` refuses, and an unbounded digit string is slow to convert.
    """
    if 0 < len(word) <= digits and word.isascii() and word.isdigit():
        return int(word)
    return None


#: The Rook (wild).
ROOK = Card("", 0)
_BY_CODE: tuple[Card, ...] = (*(Card(c, n) for c in COLOURS for n in NUMBERS), ROOK)


#: R17: the points of each card code, 0-56 (1-9: 5, 10-14: 10, the Rook: 25).
POINTS: tuple[int, ...] = tuple(card.points for card in _BY_CODE)


def natural(colour: str, number: int) -> Card:
    """The natural card of ``colour`` and ``number`` (shared instances).

    Raises:
        ValueError: no such colour or number.
    """
    if colour not in COLOURS or not 1 <= number <= 14:
        raise InvalidCardError(f"no Rook card of colour {quote(colour)} and number {quote(number)}")
    return _BY_CODE[COLOURS.index(colour) * 14 + number - 1]


def card_of_code(code: int) -> Card:
    """The card with this ``code`` (0-56)."""
    return _BY_CODE[code]


@functools.lru_cache(maxsize=8192)
def _cards_of(counts: tuple[int, ...]) -> tuple[Card, ...]:
    if max(counts) <= 1:
        return tuple(compress(_BY_CODE, counts))  # no card twice: the common case
    cards: list[Card] = []
    for card, n in zip(_BY_CODE, counts, strict=True):
        if n:
            cards += (card,) * n
    return tuple(cards)


def cards_of_counts(counts: Sequence[int]) -> tuple[Card, ...]:
    """The cards of a hand or pile given as 57 counts by card code, in code order.

    Every observation lists each seat's known cards this way, and they seldom
    change, so the answers are remembered (cards are immutable and shared).
    """
    return _cards_of(tuple(counts))
