"""The base of every move value.

A game's moves are frozen, hashable ``attrs`` classes deriving from
`Move`. ``str(move)`` is the move's notation, and the game parses that
notation back (``GameState.parse_move``), so ``parse_move(str(m)) == m``.
"""

from __future__ import annotations

__all__ = ["Move"]


class Move:
    """Base class of moves. Subclasses are ``@attrs.frozen`` and define ``__str__``."""

    __slots__ = ()

    def __str__(self) -> str:  # pragma: no cover - every game overrides it
        raise NotImplementedError
