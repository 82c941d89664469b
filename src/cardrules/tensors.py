"""Observation tensors: a fixed-shape numeric encoding of observations.

For learning agents. Each game describes its encoding as a `TensorLayout`:
named planes, laid end to end in one flat ``float32`` vector. The layout depends
only on the game's configuration (players, options, deck), never on a state, so
every observation of a game has the same size. Building tensors needs the
``numpy`` extra (``pip install 'cardrules[tensors]'``); describing them does not.

Examples:
    >>> from cardrules import new_game
    >>> state = new_game("gnoming-a-round", players=3, seed=1)
    >>> layout = state.game.tensor_layout
    >>> layout.size == sum(plane.size for plane in layout.planes)
    True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

__all__ = ["Plane", "TensorLayout", "observation_tensor"]


@attrs.frozen
class Plane:
    """One named block of the flat tensor.

    Attributes:
        name: what the plane encodes, for example ``"own_hand"``.
        shape: the plane's own shape (its values are stored row-major).
        start: the index of its first value in the flat tensor.
        description: the meaning of each value, with its units or range.
    """

    name: str
    shape: tuple[int, ...]
    start: int
    description: str

    @property
    def size(self) -> int:
        """How many values the plane holds."""
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        """One past the plane's last index in the flat tensor."""
        return self.start + self.size


@attrs.frozen
class TensorLayout:
    """The planes of a game's observation tensor, in order.

    Attributes:
        planes: the planes, laid end to end from index 0.
    """

    planes: tuple[Plane, ...]

    @classmethod
    def build(cls, specs: Iterable[tuple[str, tuple[int, ...], str]]) -> TensorLayout:
        """Lay ``(name, shape, description)`` planes end to end from index 0."""
        planes: list[Plane] = []
        start = 0
        for name, shape, description in specs:
            plane = Plane(name, tuple(shape), start, description)
            planes.append(plane)
            start = plane.stop
        return cls(tuple(planes))

    @property
    def size(self) -> int:
        """Length of the flat tensor."""
        return self.planes[-1].stop if self.planes else 0

    def plane(self, name: str) -> Plane:
        """The plane called ``name``; raises ``KeyError`` if there is none."""
        for plane in self.planes:
            if plane.name == name:
                return plane
        raise KeyError(name)

    def view(self, tensor: Any, name: str) -> Any:
        """The part of a flat ``tensor`` holding plane ``name``, in the plane's shape."""
        plane = self.plane(name)
        return tensor[plane.start : plane.stop].reshape(plane.shape)

    def describe(self) -> list[str]:
        """One line per plane: index range, name, shape and meaning."""
        return [
            f"{p.start:>6}-{p.stop - 1:<6} {p.name} {list(p.shape)}: {p.description}"
            for p in self.planes
        ]


def observation_tensor(game: Any, observation: Any) -> Any:
    """Encode ``observation`` of ``game`` as a flat ``numpy.float32`` array.

    Args:
        game: the `cardrules.Game` (``state.game``).
        observation: an observation of that game.

    Returns:
        ``numpy.ndarray`` of shape ``(game.tensor_layout.size,)``, dtype ``float32``.

    Raises:
        ImportError: ``numpy`` is not installed (install the ``tensors`` extra).
    """
    return game.observation_tensor(observation)


def shape_of(planes: Sequence[Plane]) -> tuple[int]:
    """The flat shape ``(n,)`` of planes laid end to end."""
    return (sum(p.size for p in planes),)
