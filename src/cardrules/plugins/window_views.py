"""What people and bots are shown of windows (`cardrules.plugins.windows`).

Who is asked and why, in a game's rendering of an observation
(`window_lines_for`); what spectators are told after a move, including each
point resumed (`window_lines`); and the move that declines the window a seat
is asked in (`declining`), for bots.
"""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from cardrules.model.moves import Move
from cardrules.plugins.window_kept import variant_windows
from cardrules.plugins.windows import (
    Resumed,
    WindowError,
    WindowsGame,
    WindowState,
    declined_with,
    window_of,
    window_view,
)

__all__ = ["NarratingGame", "declining", "window_lines", "window_lines_for"]


def declining(observation: Any) -> Move:
    """The move that declines the window ``observation``'s seat is asked in: the core
    `DECLINE`, or the game's own move for a window the game declares (e.g. Rook's
    ``pass``). A window lists its acts, then its decline: the last legal move.

    Raises:
        WindowError: the observation's seat is not asked in a window.
    """
    if window_view(observation) is None or not observation.legal_moves:
        raise WindowError("the observation's seat is not asked in a window")
    return observation.legal_moves[-1]  # type: ignore[no-any-return]


def window_lines_for(observation: Any) -> list[str]:
    """What a game's rendering of ``observation`` says of the open window (for people):
    who is asked and why, and, to the asked seat, what it may answer; ``[]`` when none."""
    window = window_view(observation)
    if window is None:
        return []
    lines = [f"[bold]Window ({window.name})[/bold]: seat {window.seat} is asked: {window.reason}"]
    if window.seat == observation.seat and observation.legal_moves:
        shown = ", ".join(f"[bold]{move}[/bold]" for move in observation.legal_moves)
        lines.append(f"Answer one of: {shown}.")
    return lines


class NarratingGame(WindowsGame, Protocol):
    """The `cardrules.Game` as `window_lines` reads it."""

    def _resumed_lines(self, before: Any, seat: int, move: Move, after: Any) -> list[Any]:
        """The game's narration of a `Resumed`."""


def window_lines(game: NarratingGame, before: Any, seat: int, move: Move, after: Any) -> list[Any]:
    """What spectators are told of windows after ``move``: who is asked now and why,
    or, for each point whose last window the move closed (innermost first, when
    windows nest), the game's own words on the resumed turn (its narration of a
    `Resumed`; nothing when it has none). A game's own windows are left out: the
    game narrates its own moves (`cardrules.plugins.window_kept.variant_windows`)."""
    was, now = _shown(game, before), _shown(game, after)
    lines: list[Any] = []
    if now is not None and (was is None or _place(was) != _place(now)):
        lines.append(f"[bold]seat {now.seat} is asked[/bold] ({now.name}): {now.reason}")
    if was is None:
        return lines
    declined = move == declined_with(game.windows[was.index][1])
    stack = (*was.outer, attrs.evolve(was, acts=was.acts + (() if declined else (("", seat),))))
    # The windows under ``now`` stayed open; above it (none, when the move opened
    # ``now`` on top), each closed and its point resumed, unless ``now`` goes on there.
    depth = len(now.outer) if now is not None else 0
    for closed in reversed(stack[depth:]):
        if now is not None and closed is stack[depth] and closed.point == now.point:
            break  # the point goes on (its next seat, or its next window)
        assert closed.point is not None
        resumed = Resumed(closed.point, closed.about, closed.acted)
        lines += game._resumed_lines(before, seat, resumed, after)
    return lines


def _shown(game: NarratingGame, state: Any) -> WindowState | None:
    """The variants' window open in round ``state`` (`variant_windows`), or ``None``."""
    window = window_of(state)
    if window is None:
        return None
    shown = variant_windows(game, window)
    return shown if shown.point is not None else None


def _place(window: WindowState) -> tuple[int, int, int]:
    """Where a window stands: how deep, which declared window, which asked seat."""
    return (len(window.outer), window.index, window.asked)
