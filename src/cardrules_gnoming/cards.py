"""Gnoming A Round cards (rules G1, G3) and their notation.

A card is a number card (positive or negative value), a Mulligan (wild in
scoring, G20) or a Hazard (G15, G22). Cards compare by kind and value only, so
two 7s are the same card (G3). Notation: ``7``, ``-3``, ``M``, ``H``.
"""

from __future__ import annotations

import enum

import attrs

from cardrules.errors import InvalidCardError, quote

__all__ = ["HAZARD", "MULLIGAN", "Card", "CardKind", "number"]


class CardKind(enum.Enum):
    """The three kinds of Gnoming A Round card (G1)."""

    NUMBER = "number"
    MULLIGAN = "mulligan"
    HAZARD = "hazard"


@attrs.frozen(repr=False)
class Card:
    """A Gnoming A Round card.

    Attributes:
        kind: `CardKind`.
        value: the card's number for a number card (never 0 in the default
            deck); 0 for a Mulligan or a Hazard.

    Examples:
        >>> Card.from_str("-3")
        Card.from_str('-3')
        >>> str(MULLIGAN), Card.from_str("7").is_positive
        ('M', True)
    """

    kind: CardKind
    value: int = 0

    @property
    def is_number(self) -> bool:
        """True for a number card (positive or negative)."""
        return self.kind is CardKind.NUMBER

    @property
    def is_positive(self) -> bool:
        """True for a number card with a value above 0 (the cards that can match, G19)."""
        return self.kind is CardKind.NUMBER and self.value > 0

    @property
    def is_negative(self) -> bool:
        """True for a number card with a value below 0 (G22)."""
        return self.kind is CardKind.NUMBER and self.value < 0

    @property
    def is_mulligan(self) -> bool:
        """True for a Mulligan (G13, G20)."""
        return self.kind is CardKind.MULLIGAN

    @property
    def is_hazard(self) -> bool:
        """True for a Hazard (G15, G22)."""
        return self.kind is CardKind.HAZARD

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``"7"``, ``"-3"``, ``"M"`` or ``"H"`` (case-insensitive for letters).

        Raises:
            cardrules.InvalidCardError: the text is no card (an ``InvalidMoveError``).
        """
        cleaned = text.strip()
        if cleaned.upper() == "M":
            return MULLIGAN
        if cleaned.upper() == "H":
            return HAZARD
        digits = cleaned.removeprefix("-")
        if not (0 < len(digits) <= 3 and digits.isascii() and digits.isdigit()):
            raise InvalidCardError(f"not a Gnoming card: {quote(text)} (use 7, -3, M or H)")
        return number(int(cleaned))

    def __str__(self) -> str:
        if self.kind is CardKind.MULLIGAN:
            return "M"
        if self.kind is CardKind.HAZARD:
            return "H"
        return str(self.value)

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"


_NUMBERS: dict[int, Card] = {}


def number(value: int) -> Card:
    """The number card of ``value`` (shared instances).

    Raises:
        ValueError: ``value`` is 0 (no such card; 0 would be neither positive nor negative).
    """
    card = _NUMBERS.get(value)
    if card is None:
        if value == 0:
            raise InvalidCardError("there is no 0 card in Gnoming A Round")
        card = _NUMBERS[value] = Card(CardKind.NUMBER, value)
    return card


#: The Mulligan (wild in matching lines, G20).
MULLIGAN = Card(CardKind.MULLIGAN)
#: The Hazard (+10 in a layout, flips for others when discarded, G15, G22).
HAZARD = Card(CardKind.HAZARD)
