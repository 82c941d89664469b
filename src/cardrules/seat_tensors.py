"""A seat's observation tensor, straight from the state when the game's own rules decide it.

``GameState.observation_tensor(seat)`` is, by definition,
``game.observation_tensor(state.observation(seat))``. A game may also answer
``cardrules_seat_tensor``: the same tensor read off the round state without
building the observation (each plane group read off the state, and only
where it may have changed: `cardrules.plane_groups`), which is what a learning
agent observing every step pays for. The engine takes that path only
where it cannot differ from the definition: when no plugin but the game's own
decides what a seat sees or how it is encoded, no variant keeps state (its view
is part of the observation) or adds move kinds with planes, and the game is not
in strict mode (which checks every observation). Otherwise the observation is
built and encoded, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.errors import CardRulesError, PluginHookError
from cardrules.game import Game
from cardrules.tensors import cached_for_game

__all__ = ["Reader", "direct_seat_tensor", "seat_tensor"]

#: The hooks whose implementations must all be the game plugin's for the direct path.
_DECIDING = (
    "cardrules_seat_tensor",
    "cardrules_observation",
    "cardrules_observation_tensor",
    "cardrules_seat_tensor_reader",
)

#: ``reader(state, seat, round_scores)``: a seat's tensor read off a round state.
Reader = Callable[[Any, int, tuple[tuple[int, ...], ...]], Any]


def direct_seat_tensor(game: Game) -> Reader | None:
    """The game's ``cardrules_seat_tensor`` as ``reader(state, seat, round_scores)``, or ``None``.

    ``None`` where it may not be used: the game plugin does not implement the
    hook, another plugin implements one of ``cardrules_seat_tensor``,
    ``cardrules_observation``, ``cardrules_observation_tensor`` or
    ``cardrules_seat_tensor_reader``, a variant keeps state or adds a move
    kind that encodes planes, or ``game.strict`` is set. The reader is what
    the game answers to ``cardrules_seat_tensor_reader`` (a plain function,
    no hook dispatch), or else a call of the hook. Worked out once per game.

    Raises:
        PluginHookError: the game failed answering ``cardrules_seat_tensor_reader``,
            or answered with something not callable (naming its plugin).
    """
    return cached_for_game(game, "seat-tensor", _direct)


def _direct(game: Game) -> Reader | None:
    own = f"game:{game.spec.name}"
    hook = game.plugin_manager.hook
    impls = [getattr(hook, name).get_hookimpls() for name in _DECIDING]
    if not impls[0] or any(impl.plugin_name != own for found in impls for impl in found):
        return None
    if game.strict is not None or game.state_specs:
        return None
    if any(kind.encode for _, kind in game.move_kinds):
        return None
    reader = game._call("cardrules_seat_tensor_reader", game=game) if impls[3] else None
    if reader is not None:
        if not callable(reader):
            raise PluginHookError(
                own,
                "cardrules_seat_tensor_reader",
                f"it returned {type(reader).__name__}, not a function",
            )
        return reader  # type: ignore[no-any-return]
    caller = game._caller("cardrules_seat_tensor")

    def call_hook(state: Any, seat: int, round_scores: tuple[tuple[int, ...], ...]) -> Any:
        return caller(game=game, state=state, seat=seat, round_scores=round_scores)

    return call_hook


def seat_tensor(
    game: Game, state: Any, seat: int, round_scores: tuple[tuple[int, ...], ...]
) -> Any:
    """``seat``'s observation tensor read off round ``state``, or ``None`` (seat already checked).

    Args:
        game: the game.
        state: the round state observed (the last finished one once the match is over).
        seat: the observer, ``0 .. players-1``.
        round_scores: the finished rounds' scores.

    Returns:
        the tensor, or ``None`` where the direct path may not be taken
        (`direct_seat_tensor`) or the game declined: the caller then encodes
        the seat's observation.

    Raises:
        PluginHookError: the game's ``cardrules_seat_tensor`` raised (naming its plugin).
        cardrules.tensors.NumpyMissingError: numpy is not installed.
    """
    reader = cached_for_game(game, "seat-tensor", _direct)  # (direct_seat_tensor, inline)
    if reader is None:
        return None
    try:
        return reader(state, seat, round_scores)
    except CardRulesError:
        raise
    except Exception as error:
        # Only the game's own plugin answers on this path (`direct_seat_tensor`), and a
        # reader's traceback need not pass through the plugin's module: name the game.
        raise PluginHookError(f"game:{game.spec.name}", "cardrules_seat_tensor", error) from error
