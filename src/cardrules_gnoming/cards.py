"""Gnoming A Round cards (rules G1, G3) and their notation.

A card is a number card (positive or negative value), a Mulligan (wild in
scoring, G20) or a Hazard (G15, G22). Cards compare by kind and value only, so
two 7s are the same card (G3). Notation: ``7``, ``-3``, ``M``, ``H``.

Card kinds are open: a house rule that brings a new kind of card (a Joker
worth -3, say) makes it with `card_kind` and adds it to the deck through
``cardrules_deck`` (G2); its points come from the rule point
``gnoming_card_points`` (G21, G22). The game's own code treats a kind it does
not know as it treats a Mulligan outside a line: no number, no match, 0
points unless a rule point says otherwise.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from cardrules.errors import InvalidCardError, quote

__all__ = ["HAZARD", "MULLIGAN", "Card", "CardKind", "card_kind", "number"]

_KINDS: dict[str, CardKind] = {}


@attrs.frozen(repr=False, eq=False)
class CardKind:
    """A kind of Gnoming A Round card (G1): the game's three, or one a house rule made.

    The game's kinds are `CardKind.NUMBER`, `CardKind.MULLIGAN` and
    `CardKind.HAZARD`; `card_kind` makes (or finds) any other. Kinds are
    registered by name for the whole process, one object each, compared and
    hashed by identity as enum members are (``card.kind is CardKind.HAZARD``);
    a kind pickles and copies as itself.

    Attributes:
        name: the kind's name, e.g. ``"hazard"`` or ``"joker"``.
        letter: its card's notation (one or two capital letters, e.g. ``"H"``),
            or ``""`` for the number cards (written by their value).
        order: its place among the kinds, in the order they were made (the
            game's three first): how cards of different kinds sort.
    """

    name: str
    letter: str
    order: int

    NUMBER: ClassVar[CardKind]
    MULLIGAN: ClassVar[CardKind]
    HAZARD: ClassVar[CardKind]

    @property
    def value(self) -> str:
        """The kind's name (as when the kinds were an enum)."""
        return self.name

    @staticmethod
    def named(name: str) -> CardKind:
        """The kind named ``name`` (``"number"``, ``"hazard"``, a house rule's...).

        Raises:
            cardrules.InvalidCardError: no kind has that name (in this process).

        Examples:
            >>> CardKind.named("hazard") is CardKind.HAZARD
            True
        """
        kind = _KINDS.get(name)
        if kind is None:
            raise InvalidCardError(f"no card kind is named {quote(name)}")
        return kind

    def __reduce__(self) -> tuple[Any, ...]:
        return (CardKind.named, (self.name,))

    def __repr__(self) -> str:
        return f"CardKind({self.name!r})"


def card_kind(name: str, letter: str) -> CardKind:
    """The kind of card named ``name``, written ``letter``: made once, then the same one.

    A house rule calls it where it is defined (module level), so that records,
    notation and pickles of its cards read back in any process that imports it.

    Args:
        name: a new kind's name (lower-case letters and ``-``).
        letter: its card's notation: one or two capital letters, not another kind's.

    Raises:
        cardrules.InvalidCardError: the name or letter is malformed, or one of
            them belongs to another kind already.

    Examples:
        >>> gnome = card_kind("gnome", "G")
        >>> card_kind("gnome", "G") is gnome, Card.from_str("g"), str(Card(gnome))
        (True, Card.from_str('G'), 'G')
    """
    known = _KINDS.get(name)
    if known is not None and known.letter == letter:
        return known
    if not (name and name.replace("-", "").isalpha() and name.islower()):
        raise InvalidCardError(f"a card kind's name is lower-case letters, got {quote(name)}")
    if not (0 < len(letter) <= 2 and letter.isascii() and letter.isalpha() and letter.isupper()):
        raise InvalidCardError(f"a card kind's letter is 1-2 capital letters, got {quote(letter)}")
    clash = known or next((kind for kind in _KINDS.values() if kind.letter == letter), None)
    if clash is not None:
        raise InvalidCardError(
            f"card kind {quote(name)} ({letter}) clashes with {quote(clash.name)} ({clash.letter})"
        )
    kind = _KINDS[name] = CardKind(name, letter, len(_KINDS))
    _LETTERS[letter] = Card(kind)
    return kind


_LETTERS: dict[str, Card] = {}
CardKind.NUMBER = _KINDS["number"] = CardKind("number", "", 0)


@attrs.frozen(repr=False)
class Card:
    """A Gnoming A Round card.

    Attributes:
        kind: `CardKind`.
        value: the card's number for a number card (never 0 in the default
            deck); 0 for a card of any other kind.

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
        """Parse ``"7"``, ``"-3"``, ``"M"``, ``"H"`` or another kind's letter (any case).

        Raises:
            cardrules.InvalidCardError: the text is no card (an ``InvalidMoveError``).
        """
        cleaned = text.strip()
        lettered = _LETTERS.get(cleaned.upper())
        if lettered is not None:
            return lettered
        digits = cleaned.removeprefix("-")
        if not (0 < len(digits) <= 3 and digits.isascii() and digits.isdigit()):
            raise InvalidCardError(f"not a Gnoming card: {quote(text)} (use 7, -3, M or H)")
        return number(int(cleaned))

    def __str__(self) -> str:
        return self.kind.letter or str(self.value)

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


CardKind.MULLIGAN = card_kind("mulligan", "M")
CardKind.HAZARD = card_kind("hazard", "H")
#: The Mulligan (wild in matching lines, G20).
MULLIGAN = _LETTERS["M"]
#: The Hazard (+10 in a layout, flips for others when discarded, G15, G22).
HAZARD = _LETTERS["H"]
