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

from cardrules.errors import CardRulesError
from cardrules.game import Game
from cardrules.tensors import cached_for_game

__all__ = ["direct_seat_tensor", "seat_tensor"]

#: The hooks whose implementations must all be the game plugin's for the direct path.
_DECIDING = ("cardrules_seat_tensor", "cardrules_observation", "cardrules_observation_tensor")


def direct_seat_tensor(game: Game) -> Callable[..., Any] | None:
    """The game's ``cardrules_seat_tensor`` caller, or ``None`` where it may not be used.

    ``None`` when the game plugin does not implement the hook, another plugin
    implements one of ``cardrules_seat_tensor``, ``cardrules_observation`` or
    ``cardrules_observation_tensor``, a variant keeps state or adds a move
    kind that encodes planes, or ``game.strict`` is set. Worked out once per game.
    """
    return cached_for_game(game, "seat-tensor", _direct)


def _direct(game: Game) -> Callable[..., Any] | None:
    own = f"game:{game.spec.name}"
    hook = game.plugin_manager.hook
    impls = [getattr(hook, name).get_hookimpls() for name in _DECIDING]
    if not impls[0] or any(impl.plugin_name != own for found in impls for impl in found):
        return None
    if game.strict is not None or game.state_specs:
        return None
    if any(kind.encode for _, kind in game.move_kinds):
        return None
    return game._caller("cardrules_seat_tensor")


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
    direct = direct_seat_tensor(game)
    if direct is None:
        return None
    try:
        return direct(game=game, state=state, seat=seat, round_scores=round_scores)
    except CardRulesError:
        raise
    except Exception as error:
        raise game._blame("cardrules_seat_tensor", error) from error
