"""Observation tensors: a fixed-shape numeric encoding of observations.

For learning agents. Each game describes its encoding as a `TensorLayout`:
named planes, laid end to end in one flat ``float32`` vector. The layout depends
only on the game's configuration (players, options, deck), never on a state, so
every observation of a game has the same size. Building tensors needs the
``numpy`` extra (``pip install 'cardrules[tensors]'``); describing them does not.

Seats in the planes of the bundled games are *relative* to the observer: row 0
is the observing seat, row 1 the seat to its left (the next seat number), and
so on, so one network serves every seat. See ``docs/tensors.md``.

Examples:
    >>> from cardrules import new_game
    >>> state = new_game("gnoming-a-round", players=3, seed=1)
    >>> layout = state.game.tensor_layout
    >>> layout.size == sum(plane.size for plane in layout.planes)
    True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, TypeVar

import attrs

from cardrules.errors import CardRulesError, ObservationMismatchError
from cardrules.model.named import by_name

__all__ = [
    "NUMPY_MISSING",
    "NumpyMissingError",
    "ObservationMismatchError",
    "Plane",
    "TensorLayout",
    "cached_for_game",
    "observation_tensor",
    "require_numpy",
    "turn_planes",
]

T = TypeVar("T")

#: A plane as `TensorLayout.build` takes it: ``(name, shape, description)``.
PlaneSpec = tuple[str, tuple[int, ...], str]

#: How a plane of shape ``(P, ...)`` orders its rows: relative to the observer.
RELATIVE_SEATS = "row r = seat (observer + r) % P"

#: The message of the ImportError raised when numpy is missing.
NUMPY_MISSING = (
    "observation tensors need numpy: install the tensors extra, pip install 'cardrules[tensors]'"
)


class NumpyMissingError(CardRulesError, ImportError):
    """Building a tensor needs ``numpy``, which is not installed.

    Install the ``tensors`` extra: ``pip install 'cardrules[tensors]'``.
    """


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
    def build(cls, specs: Iterable[PlaneSpec]) -> TensorLayout:
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
        """The plane called ``name``; raises ``KeyError`` (naming the planes) if there is none."""
        return by_name(self.planes, name, "plane")

    def view(self, tensor: Any, name: str) -> Any:
        """The part of a flat ``tensor`` holding plane ``name``, in the plane's shape."""
        plane = self.plane(name)
        return tensor[plane.start : plane.stop].reshape(plane.shape)

    def starts(self) -> dict[str, int]:
        """``{name: start}``: where each plane begins in the flat tensor."""
        return {p.name: p.start for p in self.planes}

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
        NumpyMissingError: ``numpy`` is not installed (an ``ImportError``:
            install the ``tensors`` extra).
        ObservationMismatchError: the observation does not fit the game (a
            ``ValueError``).
    """
    return game.observation_tensor(observation)


def require_numpy() -> ModuleType:
    """The ``numpy`` module, imported on first use.

    Raises:
        NumpyMissingError: ``numpy`` is not installed (an ``ImportError``; the
            message says to install the ``tensors`` extra,
            ``pip install 'cardrules[tensors]'``).
    """
    try:
        import numpy
    except ImportError as error:
        raise NumpyMissingError(NUMPY_MISSING) from error
    return numpy


_PER_GAME: dict[tuple[int, str], tuple[Any, Any]] = {}
_PER_GAME_LIMIT = 256


def cached_for_game(game: Any, name: str, build: Callable[[Any], T]) -> T:
    """``build(game)``, computed once per game object and kept for later calls.

    For data an encoder derives from a game's configuration (index tables,
    plane offsets). A `cardrules.Game` never changes and is shared by a state
    and its clones, so its identity is the key. At most 256 entries are kept;
    the cache starts afresh when full.

    Args:
        game: the game (any object; compared by identity).
        name: what is cached, so one game may hold several entries.
        build: computes the value from the game.
    """
    key = (id(game), name)
    entry = _PER_GAME.get(key)
    if entry is not None and entry[0] is game:
        value: T = entry[1]
        return value
    value = build(game)
    if len(_PER_GAME) >= _PER_GAME_LIMIT:
        _PER_GAME.clear()
    _PER_GAME[key] = (game, value)
    return value


def shape_of(planes: Sequence[Plane]) -> tuple[int]:
    """The flat shape ``(n,)`` of planes laid end to end."""
    return (sum(p.size for p in planes),)


def turn_planes(phases: Sequence[object], players: int, turn_note: str = "") -> list[PlaneSpec]:
    """The planes of whose turn it is: ``phase``, ``current_player`` and ``turn_seat``.

    Args:
        phases: the game's phases, in the order of the ``phase`` one-hot (each
            described by its ``str``).
        players: the number of seats ``P``; the seat planes have shape ``(P,)``,
            rows relative to the observer (`RELATIVE_SEATS`).
        turn_note: appended to the ``turn_seat`` description (``"; "`` first),
            for when the game has no turn seat (e.g. while seats choose at once).

    Returns:
        Three ``(name, shape, description)`` specs for `TensorLayout.build`.
    """
    seat = RELATIVE_SEATS
    turn = f"one-hot of the seat whose turn it is, or whose turn was last ({seat})"
    return [
        ("phase", (len(phases),), f"one-hot of the phase: {', '.join(map(str, phases))}"),
        (
            "current_player",
            (players,),
            f"one-hot of the seat deciding now ({seat}); all 0 once the round is over",
        ),
        ("turn_seat", (players,), f"{turn}; {turn_note}" if turn_note else turn),
    ]
