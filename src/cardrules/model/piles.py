"""Piles of cards: the draw pile (stock) and discard piles.

A `Pile` is a list whose *end* is the top, so drawing and discarding are
O(1). Who may see which cards of a pile is decided by the game's observation,
not by the pile.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Generic, TypeVar

__all__ = ["EmptyPileError", "Pile"]

C = TypeVar("C")


class EmptyPileError(IndexError):
    """Drawing from, or looking at the top of, an empty pile."""


class Pile(Generic[C]):
    """An ordered pile of cards; the last card is the top.

    Examples:
        >>> pile = Pile([3, 5])
        >>> pile.top
        5
        >>> pile.draw(), len(pile)
        (5, 1)
    """

    __slots__ = ("_cards", "_listed")

    def __init__(self, cards: Iterable[C] = ()) -> None:
        self._cards: list[C] = list(cards)
        # The tuple `cards` last gave, until the pile changes: an observation that
        # reads an unchanged pile again gets the same tuple, compared by identity.
        self._listed: tuple[C, ...] | None = None

    @property
    def top(self) -> C:
        """The top card. Raises `EmptyPileError` when the pile is empty."""
        if not self._cards:
            raise EmptyPileError("the pile is empty")
        return self._cards[-1]

    def top_or_none(self) -> C | None:
        """The top card, or ``None`` when the pile is empty."""
        return self._cards[-1] if self._cards else None

    def draw(self) -> C:
        """Remove and return the top card. Raises `EmptyPileError` when empty."""
        if not self._cards:
            raise EmptyPileError("the pile is empty")
        self._listed = None
        return self._cards.pop()

    def put(self, card: C) -> None:
        """Put ``card`` on top."""
        self._listed = None
        self._cards.append(card)

    def insert(self, depth: int, card: C) -> None:
        """Put ``card`` with ``depth`` cards above it (0 = on top)."""
        if not 0 <= depth <= len(self._cards):
            raise IndexError(f"depth {depth} outside a pile of {len(self._cards)} cards")
        self._listed = None
        self._cards.insert(len(self._cards) - depth, card)

    def take_all_but_top(self) -> list[C]:
        """Remove every card except the top one; return them bottom first."""
        rest, self._cards = self._cards[:-1], self._cards[-1:]
        self._listed = None
        return rest

    def cards(self) -> tuple[C, ...]:
        """All cards, bottom first (a copy: the same tuple again while the pile is unchanged)."""
        listed = self._listed
        if listed is None:
            listed = self._listed = tuple(self._cards)
        return listed

    def copy(self) -> Pile[C]:
        """An independent pile with the same cards."""
        clone: Pile[C] = Pile.__new__(Pile)
        clone._cards = self._cards.copy()
        clone._listed = self._listed
        return clone

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled, copied and compared by its cards alone (`cards`' kept tuple is no part)."""
        return (type(self), (self._cards,))

    def __len__(self) -> int:
        return len(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def __iter__(self) -> Iterator[C]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and self._cards == other._cards

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Pile({self._cards!r})"
