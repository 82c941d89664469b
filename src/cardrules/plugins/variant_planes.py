"""Tensor planes a variant adds without adding a move (`PlaneSet`).

A variant that only changes what a seat knows or keeps (a count, a card it
has seen) may want it in the observation tensor without adding any kind of
move. It declares a `PlaneSet` on its `cardrules.VariantSpec`
(``planes=(PLANES, ...)``): planes appended after the game's own, variant by
variant in the order the variants were chosen (each variant's move kinds'
planes first), filled by ``encode`` from the observation (and, optionally,
``encode_state`` from the round state, as a `cardrules.plugins.variant_moves.MoveKind`'s).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.errors import PluginHookError, plugin_call, quote
from cardrules.plugins.variant_moves import MoveKindError, PlaneSpec

__all__ = ["PlaneSet"]


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
