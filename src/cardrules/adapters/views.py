"""One seat's view of a match as text, for the environments' ``render`` (rich, no colour)."""

from __future__ import annotations

import io

from rich.console import Console

from cardrules.engine import GameState

__all__ = ["render_view"]


def render_view(state: GameState, seat: int, headline: str) -> str:
    """``headline``, then the observation of seat ``seat`` as the game renders it."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, no_color=True, highlight=False)
    console.print(headline)
    for item in state.game.render_observation(state.observation(seat)):
        console.print(item)
    return buffer.getvalue()
