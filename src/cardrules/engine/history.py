"""The moves of a round so far, as an immutable sequence read off the match's move list.

Every observation carries its round's history, and a round can last
thousands of moves. Copying them into a new tuple at every observation made
each one cost as much as the round was long. A `RoundHistory` is a window on
the match's own lists instead (which only ever grow): the first ``length``
pairs of a round, fixed when it is made. It behaves as the tuple of its
``(seat, move)`` pairs would: it compares equal to that tuple, hashes as it,
prints as it, and a slice of it is a tuple.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, overload

from cardrules.model.moves import Move

__all__ = ["RoundHistory"]

Pair = tuple[int, Move]


class RoundHistory(Sequence[Pair]):
    """The first ``length`` moves of a round, as ``(seat, move)`` pairs in order.

    Args:
        seats: the match's seats, one per move played (``GameState.seats``).
        moves: the match's moves (``GameState.history``).
        start: the index in those lists of the round's first move.
        length: how many of the round's moves this holds.

    The lists are read, never changed, and must not change at indices below
    ``start + length`` (the engine only appends to them).
    """

    __slots__ = ("_hash", "_moves", "_seats", "_start", "length")

    def __init__(self, seats: list[int], moves: list[Move], start: int, length: int) -> None:
        self._seats = seats
        self._moves = moves
        self._start = start
        self.length = length
        self._hash: int | None = None

    @classmethod
    def of(cls, pairs: Sequence[Pair]) -> RoundHistory:
        """A history holding ``pairs`` (its own lists)."""
        return cls([seat for seat, _ in pairs], [move for _, move in pairs], 0, len(pairs))

    def __len__(self) -> int:
        return self.length

    @overload
    def __getitem__(self, index: int) -> Pair: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Pair, ...]: ...

    def __getitem__(self, index: int | slice) -> Pair | tuple[Pair, ...]:
        if isinstance(index, slice):
            return self.pairs()[index]
        if index < 0:
            index += self.length
        if not 0 <= index < self.length:
            raise IndexError("round history index out of range")
        at = self._start + index
        return (self._seats[at], self._moves[at])

    def __iter__(self) -> Iterator[Pair]:
        start, stop = self._start, self._start + self.length
        return zip(islice(self._seats, start, stop), islice(self._moves, start, stop), strict=True)

    def pairs(self) -> tuple[Pair, ...]:
        """The pairs as a tuple."""
        return tuple(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RoundHistory):
            if (
                other.length == self.length
                and other._start == self._start
                and other._moves is self._moves
                and other._seats is self._seats
            ):
                return True  # the same window on the same lists
            return other.length == self.length and self.pairs() == other.pairs()
        if isinstance(other, tuple):
            return len(other) == self.length and self.pairs() == other
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.pairs())
        return self._hash

    def __repr__(self) -> str:
        return repr(self.pairs())

    def __reduce__(self) -> tuple[Any, ...]:
        return (RoundHistory.of, (self.pairs(),))
