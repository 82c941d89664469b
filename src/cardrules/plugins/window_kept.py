"""What the engine keeps and shows of windows (`cardrules.plugins.windows`).

The ``window`` variant state a round keeps when a chosen variant declares a
window (`WINDOW_STATE`), its public part (`shown_window`: the variants'
windows, not the game's own), how a sampled round gets the game's own window
back (`under`), and `DECLINE_KIND`, the kind of the core ``decline`` move,
which carries the windows' two tensor planes.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.model.chance import Chance
from cardrules.model.moves import Move
from cardrules.plugins.variant_moves import MoveKind
from cardrules.plugins.variant_state import StateSpec
from cardrules.plugins.windows import (
    DECLINE,
    Decline,
    WindowState,
    current_window,
    window_of,
    window_view,
)

__all__ = ["DECLINE_KIND", "WINDOW_STATE", "shown_window", "under", "variant_windows"]

_CLOSED = WindowState()  # (none open)


def variant_windows(game: Any, window: WindowState) -> WindowState:
    """``window`` without the game's own windows (`cardrules.GameSpec.windows`), in the
    round's numbering: the variants' windows it sits on or under are kept.

    A game's own windows are the game's affair: its observation shows them in its
    own terms (Gnoming's phase and pending seats). Without any, ``window`` itself.
    """
    own = game.own_windows
    if not own:
        return window
    outer = tuple(w for w in window.outer if w.index >= own)
    if window.point is not None and window.index >= own:
        return window if len(outer) == len(window.outer) else attrs.evolve(window, outer=outer)
    return WindowState(outer=outer) if outer else _CLOSED


def _renumbered(window: WindowState, by: int) -> WindowState:
    """``window`` with each open window's ``index`` moved by ``by``."""
    if window.point is None and not window.outer:
        return window
    index = window.index + by if window.point is not None else window.index
    outer = tuple(_renumbered(w, by) for w in window.outer)
    return attrs.evolve(window, index=index, outer=outer)


def shown_window(game: Any, window: WindowState) -> WindowState:
    """What seats, records and tensors are shown of ``window``: the variants' windows
    (`variant_windows`), each ``index`` counted among the variants' windows only, as
    in a game without windows of its own (so its observations stay as they were).
    """
    own = game.own_windows
    return _renumbered(variant_windows(game, window), -own) if own else window


def _sampled(game: Any, view: WindowState, seat: int, rng: Any) -> WindowState:
    """The round's window state back from what seats are shown (`shown_window`)."""
    own = game.own_windows
    return _renumbered(view, own) if own else view


def under(own: WindowState, shown: WindowState) -> WindowState:
    """A sampled window state: ``shown`` (the variants' windows, from an observation) with
    ``own``, the game's own window its ``cardrules_determinize`` opened again, put back
    (on top when none of the variants' is open, else under them)."""
    if shown.point is None and not shown.outer:
        return own
    return attrs.evolve(shown, outer=(*own.outer, own, *shown.outer))


def _rows(game: Any, seat: int, window: WindowState | None) -> list[int]:
    """The two planes: the asked seat (by relative seat) and the open variant window."""
    players = game.players
    asked, opened = [0] * players, [0] * (len(game.windows) - game.own_windows)
    if window is not None and window.point is not None:
        asked[(window.seats[window.asked] - seat) % players] = 1
        opened[window.index] = 1  # (shown: counted among the variants' windows)
    return asked + opened


def _encode(game: Any, observation: Any) -> list[int]:
    return _rows(game, observation.seat, window_view(observation))


def _encode_state(game: Any, state: Any, seat: int) -> list[int]:
    window = window_of(state)
    return _rows(game, seat, None if window is None else shown_window(game, window))


def _never(game: Any, state: Any) -> tuple[Move, ...]:
    return ()


def _no_apply(game: Any, state: Any, move: Move, chance: Chance) -> None:  # pragma: no cover
    raise AssertionError("decline is played by the window itself")


#: The kind of the `Decline` move (added, under ``window``, to every game with a variant's
#: window):
#: its action id, notation, narration, and the windows' two planes.
DECLINE_KIND = MoveKind(
    name="decline",
    type=Decline,
    rule="window",
    parse=lambda text: DECLINE if text.strip().lower() == "decline" else None,
    legal=_never,
    apply=_no_apply,
    narrate=lambda game, before, seat, move, after: [
        f"[dim]seat {seat} declines ({current_window(before).name})[/dim]"
    ],
    prompt="decline  let the chance a window offers go",
    planes=lambda game: (
        ("asked", (game.players,), "1 at the seat a window asks now, by relative seat"),
        (
            "open",
            (len(game.windows) - game.own_windows,),
            "1 at the open window, in the order the variants declared them",
        ),
    ),
    encode=_encode,
    encode_state=_encode_state,
)

#: The variant state the engine keeps the open window in (public: the variants' windows,
#: `shown_window`; a game's own ones are put back by its ``cardrules_determinize``).
WINDOW_STATE = StateSpec(
    type=WindowState,
    view=lambda game, window, seat: shown_window(game, window),
    determinize=_sampled,
)
