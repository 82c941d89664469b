"""Showing a match to people: narration of moves, round ends, seat views."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from cardrules.engine.game_state import GameState
from cardrules.model.moves import Move

__all__ = ["Narrator"]


class Narrator:
    """Prints each move as the game's narrator describes it, with round headers.

    Call `before` just before a move is applied and `after` just after.
    """

    def __init__(self, console: Console) -> None:
        self.console = console
        self._before: tuple[int, Any] | None = None

    def start(self, state: GameState) -> None:
        """Print the header of the round in play."""
        self.console.rule(f"Round {state.round + 1}")

    def before(self, state: GameState, seat: int, move: Move) -> None:
        """Remember the round state before ``move``."""
        self._before = (state.round, state.round_state.clone())

    def after(self, state: GameState, seat: int, move: Move) -> tuple[Any, Any]:
        """Describe ``move``; returns the round states before and after it."""
        assert self._before is not None
        round_before, round_state = self._before
        ended = state.round != round_before
        after = state.finished_rounds[-1] if ended else state.round_state
        for item in state.game.narrate(round_state, seat, move, after):
            self.console.print(item)
        if ended:
            scores = state.round_scores[-1]
            self.console.print(
                "Round scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores))
            )
            if not state.is_over:
                self.start(state)
        return round_state, after

    def view(self, state: GameState, seat: int) -> None:
        """Print what ``seat`` may see now, and what it sees of each variant's state."""
        observation = state.observation(seat)
        for item in state.game.render_observation(observation):
            self.console.print(item)
        for name, shown in getattr(observation, "variant_views", ()):
            self.console.print(f"{name}: {shown!r}", markup=False)
