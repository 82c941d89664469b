"""Seats and turn order.

Seats are numbered ``0 .. players-1``. "Left" is the next seat number, wrapping
around: play passes to the left, so the seat after ``s`` is ``(s + 1) % players``.
"""

from __future__ import annotations

__all__ = ["left_of", "seats_from"]


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """Return the seat ``steps`` places to the left of ``seat`` (wrapping).

    Examples:
        >>> left_of(2, 3)
        0
    """
    return (seat + steps) % players


def seats_from(start: int, players: int) -> tuple[int, ...]:
    """Return every seat once, in play order, beginning with ``start``.

    Examples:
        >>> seats_from(2, 4)
        (2, 3, 0, 1)
    """
    return tuple((start + i) % players for i in range(players))
