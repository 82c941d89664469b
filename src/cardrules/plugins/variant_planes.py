"""Tensor planes a variant adds without adding a move (`PlaneSet`).

A variant that only changes what a seat knows or keeps (a count, a card it
has seen) may want it in the observation tensor without adding any kind of
move. It declares a `PlaneSet` on its `cardrules.VariantSpec`
(``planes=(PLANES, ...)``): planes appended after the game's own, variant by
variant in the order the variants were chosen (each variant's move kinds'
planes first), filled by ``encode`` from the observation (and, optionally,
``encode_state`` from the round state, as a `cardrules.plugins.variant_moves.MoveKind`'s).

A variant whose state remembers one seat (who knocked) shows it with a
`SeatPlane`: one plane of ``P`` numbers, 1 at that seat, rows relative to the
observer like the bundled games' seat planes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.errors import PluginHookError, plugin_call, quote
from cardrules.plugins.variant_moves import MoveKindError, PlaneSpec
from cardrules.plugins.variant_state import variant_state, variant_view

__all__ = ["PlaneSet", "SeatPlane", "relative_seat_row"]


@attrs.frozen(kw_only=True)
class PlaneSet:
    """Tensor planes a variant adds without a move.

    Attributes:
        name: a name for the set (in error messages), e.g. ``"tally"``.
        planes: ``(name, shape, description)`` of each plane (names are
            prefixed ``"<variant>:"``), or ``planes(game)`` returning them.
        encode: ``encode(game, observation)`` returns the planes' values laid
            end to end (any sequence of numbers).
        encode_state: ``encode_state(game, state, seat)``: the same values
            read off the round state, for the fast path of
            ``GameState.observation_tensor`` (optional).

    Raises:
        MoveKindError: no planes, or no ``encode`` (when created).
    """

    name: str
    planes: tuple[PlaneSpec, ...] | Callable[[Any], tuple[PlaneSpec, ...]]
    encode: Callable[[Any, Any], Sequence[float]]
    encode_state: Callable[[Any, Any, int], Sequence[float]] | None = None

    def __attrs_post_init__(self) -> None:
        if not self.planes or not callable(self.encode):
            raise MoveKindError(f"plane set {quote(self.name)}: give planes and encode")

    def plane_specs(self, variant: str, game: Any) -> tuple[PlaneSpec, ...]:
        """The planes in ``game``, each name prefixed ``"<variant>:"``.

        Raises:
            PluginHookError: ``planes(game)`` failed, or gave no ``(name, shape,
                description)`` triples; it names the variant.
        """
        planes = self.planes
        what = f"PlaneSet({self.name}).planes"
        if callable(planes):
            planes = plugin_call(f"variant:{variant}", what, planes, game)
        try:
            return tuple((f"{variant}:{name}", tuple(shape), text) for name, shape, text in planes)
        except (TypeError, ValueError) as error:  # not (name, shape, text) triples
            raise PluginHookError(f"variant:{variant}", what, error) from None


def relative_seat_row(players: int, seat: int, marked: int | None) -> list[int]:
    """``players`` numbers as ``seat`` sees them: 1 at ``marked``, by relative seat, else 0.

    Row ``r`` is seat ``(seat + r) % players``; all 0 when ``marked`` is ``None``.

    Examples:
        >>> relative_seat_row(4, 3, 1)
        [0, 0, 1, 0]
    """
    row = [0] * players
    if marked is not None:
        row[(marked - seat) % players] = 1
    return row


@attrs.frozen
class SeatPlane:
    """One plane showing the seat a variant's state remembers (e.g. who knocked).

    The seat must be public (the variant's view shows it to every seat). Give
    its methods to a `cardrules.plugins.variant_moves.MoveKind` or a `PlaneSet`:
    ``planes=plane.planes, encode=plane.encode, encode_state=plane.encode_state``.

    Attributes:
        variant: the variant whose `cardrules.plugins.variant_state.StateSpec`
            value holds the seat.
        field: that value's field holding the seat (an ``int``, or ``None``
            while there is none).
        name: the plane's name (prefixed ``"<variant>:"`` in the layout).
        description: the plane's meaning, for ``TensorLayout.describe``.
    """

    variant: str
    field: str
    name: str
    description: str

    def planes(self, game: Any) -> tuple[PlaneSpec, ...]:
        """The plane, shape ``(game.players,)``."""
        return ((self.name, (game.players,), self.description),)

    def encode(self, game: Any, observation: Any) -> list[int]:
        """The plane as ``observation.seat`` sees it (`relative_seat_row`)."""
        marked = getattr(variant_view(observation, self.variant), self.field)
        return relative_seat_row(observation.players, observation.seat, marked)

    def encode_state(self, game: Any, state: Any, seat: int) -> list[int]:
        """The same plane, read off the round state for ``seat``."""
        marked = getattr(variant_state(state, self.variant), self.field)
        return relative_seat_row(game.players, seat, marked)
