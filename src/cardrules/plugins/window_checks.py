"""How the engine checks windows (`cardrules.plugins.windows`).

A window declared at a point the game does not publish is refused when the
game is made (`check_windows`), and a move that is not legal while a window is
open is refused naming the window's rule, or in the game's own words for a
window the game declares (`window_refusal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.errors import IllegalMoveError, quote
from cardrules.model.moves import Move
from cardrules.plugins.windows import (
    Window,
    WindowError,
    WindowsGame,
    WindowState,
    declined_with,
)

__all__ = ["check_windows", "window_refusal"]


def window_refusal(
    game: WindowsGame, state: Any, move: Move, window: WindowState
) -> IllegalMoveError:
    """Why ``move`` is not legal while ``window`` is open: the act's own reason (for any
    move in a game's own window whose act explains: the game's words), or the window's."""
    variant, declared = game.windows[window.index]
    own = window.index < game.own_windows and declared.act.explain is not None
    if own or type(move) is declared.act.type:
        return declared.act.refusal(game, state, move, variant)
    return IllegalMoveError(
        declared.rule,
        f"{move} is not possible now: seat {window.seat} is asked ({window.reason}): "
        f"{declared.act.name} or {declined_with(declared)}",
        move=move,
        seat=window.seat,
    )


def check_windows(
    game_name: str, points: Sequence[str], windows: Sequence[tuple[str, Window]]
) -> None:
    """Refuse a window declared at a point the game does not publish.

    ``windows`` are ``(owner, window)``: the owner is a variant's name, or the
    game's for the windows it declares itself.

    Raises:
        WindowError: naming the variant (or game), the window and the points
            the game publishes.
    """
    for variant, window in windows:
        owner = "game" if variant == game_name else "variant"
        if not isinstance(window, Window):
            raise WindowError(f"{owner} {quote(variant)}: {quote(window)} is not a Window")
        if window.point not in points:
            known = ", ".join(map(quote, points)) or "none"
            raise WindowError(
                f"{owner} {quote(variant)}: window {quote(window.name)} opens at "
                f"{quote(window.point)}, which {game_name} does not publish (it publishes: {known})"
            )
