"""Deck compositions as data.

A `DeckComposition` says which cards a game uses and how many copies of
each. Cards are any hashable values of the game's card type; identical cards
are one card (a multiset), as every rule treats them alike.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Generic, TypeVar

import attrs

from cardrules.errors import quote

__all__ = ["DeckComposition"]

C = TypeVar("C", bound=Hashable)


def _check_counts(
    instance: object, attribute: object, value: tuple[tuple[object, int], ...]
) -> None:
    seen: set[object] = set()
    for card, count in value:
        if not isinstance(count, int) or count < 0:
            raise ValueError(
                f"deck composition: count of {card} must be a whole number >= 0, got {quote(count)}"
            )
        if card in seen:
            raise ValueError(f"deck composition: card {card} is listed twice")
        seen.add(card)


@attrs.frozen
class DeckComposition(Generic[C]):
    """How many copies of each card a deck holds.

    Attributes:
        counts: ``((card, copies), ...)`` in a fixed order; the order fixes the
            unshuffled deck, so a seed gives the same deal everywhere.

    Raises:
        ValueError: a count is negative or not an integer, or a card is listed twice.
    """

    counts: tuple[tuple[C, int], ...] = attrs.field(validator=_check_counts)

    @classmethod
    def from_mapping(cls, counts: Mapping[C, int]) -> DeckComposition[C]:
        """Build a composition from ``{card: copies}`` (insertion order kept)."""
        return cls(tuple(counts.items()))

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return sum(count for _, count in self.counts)

    def count(self, card: C) -> int:
        """Number of copies of ``card`` in the deck (0 if absent)."""
        return sum(n for c, n in self.counts if c == card)

    def cards(self) -> list[C]:
        """The unshuffled deck as a new list of ``size`` cards."""
        deck: list[C] = []
        for card, count in self.counts:
            deck.extend([card] * count)
        return deck

    def as_dict(self) -> dict[C, int]:
        """The composition as ``{card: copies}``."""
        return dict(self.counts)

    def times(self, copies: int) -> DeckComposition[C]:
        """This composition with every count multiplied (``copies`` decks shuffled together)."""
        return DeckComposition(tuple((card, count * copies) for card, count in self.counts))

    @staticmethod
    def tally(cards: Iterable[C]) -> dict[C, int]:
        """Count cards into ``{card: copies}`` (a multiset)."""
        result: dict[C, int] = {}
        for card in cards:
            result[card] = result.get(card, 0) + 1
        return result
