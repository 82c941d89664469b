"""Observation tensors written group by group, each group again only when its fields change.

An observation tensor is mostly unchanged between two observations of one
seat: a move changes a hand, a pile, whose turn it is. A `GroupEncoder` keeps,
per seat, the last tensor it wrote and the observation fields each *plane
group* was written from. Encoding the next observation of that seat writes
again only the groups whose fields compare unequal to what they were, and
returns a copy of the kept tensor.

A game's encoder is a list of `PlaneGroup` values: the observation fields a
group's planes depend on, and a function that brings those planes up to date
from the observation. A group owns its planes, and may also keep a *running
total* plane shared with other groups up to date (the cards a seat cannot
place, say: the deck less every card each group shows), by taking back what
it added last time (its *memo*, kept per seat) and adding what it shows now.
A fresh tensor starts as ``start`` writes it, every group unwritten, so the
kept tensor is always the one a full encoding would give: an unchanged field
means an unchanged group. The first observation of a seat (or of a seat whose
observations come from another match in between, as in search) simply
writes more groups.

Fields are compared with ``==`` (identity first, so unchanged parts of a
round state that an observation shares are cheap to compare); what a group
writes must depend on nothing but those fields and the game. Tensors are kept
as ``array.array("f")`` (one item write is far cheaper than numpy's) and
handed out as ``numpy.float32`` copies.
"""

from __future__ import annotations

import operator
import threading
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import attrs

__all__ = ["GroupEncoder", "PlaneGroup", "Writer", "sorted_change", "zeros"]

#: ``write(tensor, view, observation, memo)``: see `PlaneGroup`.
Writer = Callable[["array[float]", Any, Any, list[Any]], None]

#: Stands for "never written" among a seat's kept field values (equal to nothing else).
_UNWRITTEN = object()


@attrs.frozen
class PlaneGroup:
    """Some planes of a tensor and the observation fields they are written from.

    Attributes:
        fields: names of the observation's attributes the planes depend on.
        write: ``write(tensor, view, observation, memo)`` brings the group's
            planes in ``tensor`` (an ``array("f")`` of the layout's size, for
            item writes) up to date with ``observation``; ``view`` is the same
            memory as a ``numpy.float32`` array, for whole planes at once.
            ``memo`` is a list kept for this group and seat between calls,
            empty at first, for what the group wrote last (to take its share
            back out of a running total, or to write only what changed).
        key: ``key(observation)``: what the planes depend on, when that is a
            part of ``fields`` (one seat's row of a per-seat field, say);
            ``None``: the values of ``fields`` themselves.
    """

    fields: tuple[str, ...]
    write: Writer
    key: Callable[[Any], Any] | None = None


def zeros(count: int) -> array[float]:
    """``count`` zeros as an ``array("f")``, to clear a plane: ``tensor[a:b] = zeros(b - a)``.

    The array is shared between calls: read it, never change it.
    """
    found = _ZEROS.get(count)
    if found is None:
        found = _ZEROS[count] = array("f", bytes(4 * count))
    return found


_ZEROS: dict[int, array[float]] = {}


def sorted_change(old: Sequence[int], new: Sequence[int]) -> tuple[list[int], list[int]]:
    """``(gone, came)``: what left and what joined between two multisets of codes.

    Both are given as sorted sequences (a hand after a draw or a discard, say);
    ``gone`` holds each code of ``old`` that ``new`` lacks, as often as it
    lacks it, and ``came`` the reverse, both sorted. A group keeping a plane of
    counts writes only these, not the whole plane.

    Examples:
        >>> sorted_change([1, 4, 4, 9], [1, 4, 7, 9, 9])
        ([4], [7, 9])
    """
    gone: list[int] = []
    came: list[int] = []
    i = j = 0
    ends = len(old), len(new)
    while i < ends[0] and j < ends[1]:
        a = old[i]
        b = new[j]
        if a == b:
            i += 1
            j += 1
        elif a < b:
            gone.append(a)
            i += 1
        else:
            came.append(b)
            j += 1
    gone += old[i:]
    came += new[j:]
    return gone, came


class GroupEncoder:
    """Encodes one game's observations, keeping per seat the last tensor written.

    Args:
        numpy: the ``numpy`` module.
        size: length of the flat tensor (the game's ``tensor_layout.size``).
        groups: the plane groups, which together keep every value of the tensor.
        start: writes a fresh tensor's values before any group (running totals'
            starting values); ``None``: all zeros.

    Each thread keeps tensors of its own, so threads sharing a game never
    write into one another's.
    """

    __slots__ = ("_getters", "_groups", "_kept", "_np", "_start", "size")

    def __init__(
        self,
        numpy: Any,
        size: int,
        groups: Sequence[PlaneGroup],
        start: Callable[[array[float]], None] | None = None,
    ) -> None:
        self._np = numpy
        self.size = size
        self._groups = tuple(group.write for group in groups)
        self._getters = tuple(group.key or operator.attrgetter(*group.fields) for group in groups)
        self._start = start
        # Per thread: seat -> (kept tensor, its numpy view, the field values each group was
        # written from, the groups' memos).
        self._kept = threading.local()

    def forget(self) -> None:
        """Drop this thread's kept tensors: each seat's next observation is written whole."""
        self._kept.seats = {}

    def encode(self, observation: Any) -> Any:
        """``observation`` as a new ``numpy.float32`` array of ``size`` values.

        The groups whose fields differ from those the seat's kept tensor was
        written from are written again, then a copy of it is returned. If a
        group raises, the seat's kept tensor is dropped (the next observation
        is written whole) and the error passes on.
        """
        try:
            seats: dict[int, tuple[array[float], Any, list[Any], list[list[Any]]]] = (
                self._kept.seats
            )
        except AttributeError:  # this thread's first tensor
            seats = self._kept.seats = {}
        seat = observation.seat
        kept = seats.get(seat)
        if kept is None:
            tensor = array("f", bytes(4 * self.size))
            if self._start is not None:
                self._start(tensor)
            # (the view holds the array's buffer: resizing it by mistake raises)
            view = self._np.frombuffer(tensor, dtype=self._np.float32)
            kept = seats[seat] = (
                tensor,
                view,
                [_UNWRITTEN] * len(self._groups),
                [[] for _ in self._groups],
            )
        tensor, view, values, memos = kept
        try:
            for index, get in enumerate(self._getters):
                value = get(observation)
                if value != values[index]:
                    self._groups[index](tensor, view, observation, memos[index])
                    values[index] = value
        except BaseException:
            del seats[seat]  # a group half written, or a running total half taken back
            raise
        return view.copy()
