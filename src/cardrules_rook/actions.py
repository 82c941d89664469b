"""Integer action ids of Toonerville Rook (stub)."""

from __future__ import annotations

from cardrules.actions import ActionSpace
from cardrules.engine import Game

__all__ = ["action_space"]


def action_space(game: Game) -> ActionSpace:
    """The game's numbering of moves (not yet written)."""
    raise NotImplementedError
