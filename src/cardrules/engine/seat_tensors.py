"""A seat's observation tensor, straight from the state when the game's own rules decide it.

``GameState.observation_tensor(seat)`` is, by definition,
``game.observation_tensor(state.observation(seat))``. A game may also answer
``cardrules_seat_tensor``: the same tensor read off the round state without
building the observation (each plane group read off the state, and only
where it may have changed: `cardrules.information.plane_groups`), which is what a learning
agent observing every step pays for. The engine takes that path only
where it cannot differ from the definition: when no plugin but the game's own
decides what a seat sees or how it is encoded, every variant move kind with
planes can read them off the round too (``MoveKind.encode_state``, filled in
after the game's planes), and the game is not in strict mode (which checks
every observation). Otherwise the observation is built and encoded, as
before. A variant that keeps state does not stand in the way: its view is
part of the observation, but no game's planes show it (the hook's
contract), only its own move kinds' planes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.engine.game import Game
from cardrules.errors import CardRulesError, PluginHookError
from cardrules.information.tensor_layout import cached_for_game
from cardrules.plugins.variant_moves import encode_kinds_state

__all__ = ["Reader", "direct_seat_tensor", "seat_reader", "seat_tensor"]

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
    ``cardrules_seat_tensor_reader``, a variant adds a move kind that encodes
    planes but cannot read them off the round (no
    `cardrules.plugins.variant_moves.MoveKind` ``encode_state``), or ``game.strict``
    is set. The reader is what the game answers to
    ``cardrules_seat_tensor_reader`` (a plain function, no hook dispatch), or
    else a call of the hook; with move kinds' planes, followed by their
    ``encode_state`` (`cardrules.plugins.variant_moves.encode_kinds_state`). Worked out
    once per game.

    Raises:
        PluginHookError: the game failed answering ``cardrules_seat_tensor_reader``,
            or answered with something not callable (naming its plugin).
    """
    return cached_for_game(game, "seat-tensor", _direct)


def seat_reader(game: Game) -> Reader | None:
    """`direct_seat_tensor` as it is without strict mode, for checks.

    Strict mode turns the direct path off (it checks every observation, so it
    builds them), yet a check in strict mode may still compare what the
    direct path would give: the testing kit (`cardrules.testing.check_variant`)
    compares it with the observation encoded at every state it checks.

    Raises:
        PluginHookError: as `direct_seat_tensor`.
    """
    return cached_for_game(game, "seat-reader", _reader)


def _direct(game: Game) -> Reader | None:
    return None if game.strict is not None else seat_reader(game)


def _reader(game: Game) -> Reader | None:
    own = f"game:{game.spec.name}"
    hook = game.plugin_manager.hook
    impls = [getattr(hook, name).get_hookimpls() for name in _DECIDING]
    if not impls[0] or any(impl.plugin_name != own for found in impls for impl in found):
        return None
    # A kind's planes come from the observation, unless the kind reads them off the round.
    kinds = [kind for _, kind in game.plane_kinds if kind.encode is not None]
    if any(kind.encode_state is None for kind in kinds):
        return None
    reader = game._call("cardrules_seat_tensor_reader", game=game) if impls[3] else None
    if reader is not None:
        if not callable(reader):
            raise PluginHookError(
                own,
                "cardrules_seat_tensor_reader",
                f"it returned {type(reader).__name__}, not a function",
            )
    else:
        caller = game._caller("cardrules_seat_tensor")

        def reader(state: Any, seat: int, round_scores: tuple[tuple[int, ...], ...]) -> Any:
            return caller(game=game, state=state, seat=seat, round_scores=round_scores)

    if not kinds:
        return reader
    own_reader: Reader = reader

    def with_kinds(state: Any, seat: int, round_scores: tuple[tuple[int, ...], ...]) -> Any:
        tensor = own_reader(state, seat, round_scores)
        if tensor is None:  # (the game declined: the caller encodes the observation)
            return None
        return encode_kinds_state(game, state, seat, tensor)

    return with_kinds


#: ``(game, direct_seat_tensor(game))`` of the game `seat_tensor` was last asked about.
_last_reader: tuple[Any, Reader | None] = (None, None)


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
        cardrules.information.tensor_layout.NumpyMissingError: numpy is not installed.
    """
    global _last_reader
    last, reader = _last_reader
    if last is not game:  # (the game asked last, kept apart: every step asks again)
        reader = cached_for_game(game, "seat-tensor", _direct)  # (direct_seat_tensor, inline)
        _last_reader = (game, reader)
    if reader is None:
        return None
    try:
        tensor = reader(state, seat, round_scores)
        if tensor is None or tensor.shape == game._tensor_shape:  # (checked_tensor's test, inline)
            return tensor
        return game.checked_tensor(tensor, "cardrules_seat_tensor")
    except CardRulesError:
        raise
    except Exception as error:
        # Only the game's own plugin answers on this path (`direct_seat_tensor`), and a
        # reader's traceback need not pass through the plugin's module: name the game.
        raise PluginHookError(f"game:{game.spec.name}", "cardrules_seat_tensor", error) from error
