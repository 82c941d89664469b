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

**Straight from the round state, once for every seat.** An encoder may also
be given a `StateReading`: how to read, off the game's round state, a *mark*
per group, cheap to make and to compare, equal between two calls only if the
group's value is (a layout's cards and flags, say, where the value hides
some). Each group says how to make its value from its mark (``from_mark``; by
default the mark is the value). `GroupEncoder.encode_state` then keeps one
*table tensor* per thread, written as seat 0 would see the table if it saw
what the best-informed seat sees, and only the groups whose mark changed
since the last call, whoever it was for, are written again: a move is
written once, not once per seat. The table tensor may be longer than a
seat's: past the layout's planes it can hold what each seat alone sees (each
seat's hand, say). A seat's tensor is the table tensor read in the seat's
order (`StateReading.order`: its seat-relative planes rotated, its own rows of
those blocks), with what that seat sees differently written over it
(`StateReading.patch`: a card only another seat saw drawn, say). Where most
of a tensor is the same for every seat, it is made as a copy of the table
tensor's first values and a gather of only those the seat reads elsewhere.
The observation is never built.
"""

from __future__ import annotations

import operator
import threading
import weakref
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import attrs

__all__ = [
    "GroupEncoder",
    "PlaneGroup",
    "StateReading",
    "ValueWriter",
    "Writer",
    "cell_writer",
    "one_hot",
    "sorted_change",
    "zeros",
]

#: ``write(tensor, view, observation, memo)``: see `PlaneGroup`.
Writer = Callable[["array[float]", Any, Any, list[Any]], None]
#: ``write_value(tensor, view, value, seat, memo)``: see `PlaneGroup`.
ValueWriter = Callable[["array[float]", Any, Any, int, list[Any]], None]

#: Stands for "never written" among a seat's kept field values (equal to nothing else).
_UNWRITTEN = object()

#: A kept tensor (a seat's, or the table tensor): the array, its numpy view, the value
#: each group was written from, the groups' memos, and (the table tensor's) the mark
#: each group's value was last made from.
_Kept = tuple["array[float]", Any, list[Any], list[list[Any]], list[Any]]


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
            ``None``: the values of ``fields`` themselves (one field: its
            value; several: the tuple of them, in order).
        write_value: instead of ``write``,
            ``write_value(tensor, view, value, seat, memo)``: the same from
            the group's *value* (what ``key`` gives) and the observing seat,
            so that it can be written from a round state too. Exactly one of
            ``write`` and ``write_value`` is given.
        from_mark: ``from_mark(mark)``: the group's value from its mark
            (`StateReading` ``marks``); ``None``: the mark is the value
            (needs ``write_value``).
        live_mark: the mark is a list the round changes in place (a hand's
            counts, say), handed over as it is so that reading it makes
            nothing: it is compared as it is and kept as a copy
            (``list(mark)``), which ``from_mark`` makes the group's value
            from, or which is the value (no ``from_mark``: a changed mark is
            a changed value). The writer must not change that list.

    Raises:
        ValueError: neither or both of ``write`` and ``write_value``, or
            ``from_mark`` or ``live_mark`` without ``write_value``.
    """

    fields: tuple[str, ...]
    write: Writer | None = None
    key: Callable[[Any], Any] | None = None
    write_value: ValueWriter | None = None
    from_mark: Callable[[Any], Any] | None = None
    live_mark: bool = False

    def __attrs_post_init__(self) -> None:
        if (self.write is None) == (self.write_value is None):
            raise ValueError(f"plane group {self.fields}: give exactly one of write, write_value")
        if self.write_value is None and self.from_mark is not None:
            raise ValueError(f"plane group {self.fields}: from_mark needs write_value")
        if self.write_value is None and self.live_mark:
            raise ValueError(f"plane group {self.fields}: live_mark needs write_value")


def _moved(np: Any, order: Any) -> tuple[int, Any, Any]:
    """``(length, positions, sources)`` of a seat's ``order``: its tensor's length, where
    the order differs from the table tensor's own, and what it reads there.

    Where at most a quarter of the values move, copying the table tensor's
    first values and gathering only those costs less than gathering them all
    (Toonerville Rook: an eighth or so move, up to 15% with a full table;
    where none moves, ``sources`` is ``None``: the copy alone, seat 0's);
    otherwise ``positions`` is ``None`` and ``sources`` the whole ``order``
    (Gnoming A Round, whose layouts are most of its tensor: the entry then
    holds the order itself, as its ``sources``). Kept per order while the
    order lives (`_MOVED`, by weak reference, bounded): an encoder is made for
    every game, and the games' orders are shared (kept by the game's reading).
    """
    entry = _MOVED.get(id(order))
    if entry is not None and entry[0]() is order:
        return entry[1]
    positions = np.flatnonzero(order != np.arange(len(order)))
    if 4 * len(positions) > len(order):
        moved = (len(order), None, order)
    elif not len(positions):  # the table tensor's own order (seat 0's, say): a copy
        moved = (len(order), positions, None)
    else:
        moved = (len(order), positions, order[positions])
    if len(_MOVED) >= _MOVED_KEPT:
        _MOVED.clear()
    # (a weak reference: a dead order's id may be reused, and then no longer matches)
    _MOVED[id(order)] = (weakref.ref(order), moved)
    return moved


#: `_moved` kept by the identity of its order: ``id(order) -> (weak reference, moved)``.
_MOVED: dict[int, tuple[Callable[[], Any], tuple[int, Any, Any]]] = {}
#: How many `_MOVED` keeps at most (then it starts afresh).
_MOVED_KEPT = 1024


def zeros(count: int) -> array[float]:
    """``count`` zeros as an ``array("f")``, to clear a plane: ``tensor[a:b] = zeros(b - a)``.

    The array is shared between calls: read it, never change it.
    """
    found = _ZEROS.get(count)
    if found is None:
        found = _ZEROS[count] = array("f", bytes(4 * count))
    return found


_ZEROS: dict[int, array[float]] = {}


def one_hot(out: array[float], begin: int, count: int, index: int | None) -> None:
    """Clear ``out[begin : begin + count]`` and set the value at ``begin + index`` to 1.

    ``index`` ``None``: the plane is left all zeros (no seat, no phase).
    """
    out[begin : begin + count] = zeros(count)
    if index is not None:
        out[begin + index] = 1


def cell_writer(
    cells_of: Callable[[Any, int], Sequence[int]], seats: int, add: bool = False
) -> ValueWriter:
    """A `ValueWriter` for a group whose value sets a few cells to 1 (a turn's one-hots, say).

    Args:
        cells_of: ``cells_of(value, seat)``: the cells ``value`` sets as ``seat``
            sees it; asked once per observing seat and value, and kept (a
            group's values are few; one that cannot be hashed is asked each
            time).
        seats: observing seats, ``0 .. seats-1``.
        add: add 1 to each cell instead (a cell listed twice then holds 2).

    The writer clears the cells it set last time (the group's memo) and sets
    the new ones.
    """
    seen: list[dict[Any, tuple[int, ...]]] = [{} for _ in range(seats)]

    def write(out: array[float], view: Any, value: Any, seat: int, memo: list[Any]) -> None:
        known = seen[seat]
        try:
            cells = known.get(value)
            if cells is None:
                cells = known[value] = tuple(cells_of(value, seat))
        except TypeError:  # not hashable (a list in a hand-made observation): not kept
            cells = tuple(cells_of(value, seat))
        for cell in memo:  # the cells set last time, the only ones to clear
            out[cell] = 0
        if add:
            for cell in cells:
                out[cell] += 1
        else:
            for cell in cells:
                out[cell] = 1
        memo[:] = cells

    return write


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


@attrs.frozen
class StateReading:
    """How a game's tensors are read off its round state (`GroupEncoder.encode_state`).

    Attributes:
        marks: ``marks(state, round_scores)``: a sequence of one mark per group,
            in the groups' order, for the table tensor: seat-relative planes in
            the order of seat 0, and what some seats cannot see as a seat that
            sees it sees it. Marks are new values, never the state's own lists
            (a kept mark must not change with the state), but for a group's
            ``live_mark`` (`PlaneGroup`).
        order: ``order(seat)``: a ``numpy`` integer array with one index into
            the table tensor per value of ``seat``'s tensor, in its order (the
            table tensor, the encoder's ``size`` long, may be the longer).
        patch: ``patch(tensor, state, seat)``: writes, into ``seat``'s tensor
            (a ``numpy.float32`` array read in its order), what ``seat`` sees
            differently from the table tensor; ``None``: nothing (the table
            tensor keeps what each seat sees differently in rows of its own).
        level: ``level(state)``: a small whole number read off the round
            that says which values of the table tensor may differ between
            seats' orders (Toonerville Rook: the melds on the table, whose
            rows' owner columns rotate; the rows past them hold zeros); then
            ``order`` is called as ``order(seat, level)``, once per seat and
            level, and may read a value in place (its own position of the
            table tensor) wherever the table tensor, at every round of that
            level, holds the same value there as at the position the full
            order reads. ``None``: ``order(seat)`` serves every round.
    """

    marks: Callable[[Any, Any], Sequence[Any]]
    order: Callable[..., Any]
    patch: Callable[[Any, Any, int], None] | None = None
    level: Callable[[Any], int] | None = None


class GroupEncoder:
    """Encodes one game's observations, keeping per seat the last tensor written.

    With a `StateReading` it also writes seats' tensors straight from round
    states (`encode_state`), through one table tensor kept per thread.

    Args:
        numpy: the ``numpy`` module.
        size: length of the flat tensor (the game's ``tensor_layout.size``), or of the
            table tensor with a ``reading`` (that many or more).
        groups: the plane groups, which together keep every value of the tensor.
        start: writes a fresh tensor's values before any group (running totals'
            starting values); ``None``: all zeros.
        reading: how to read the groups off a round state, so that
            `encode_state` may be called; ``None``: it may not.

    Raises:
        ValueError: ``reading`` is given but a group has no ``write_value``.

    Each thread keeps tensors of its own, so threads sharing a game never
    write into one another's.
    """

    __slots__ = (
        "_by_value",
        "_from_marks",
        "_getters",
        "_groups",
        "_keep_marks",
        "_kept",
        "_np",
        "_orders",
        "_reading",
        "_start",
        "size",
    )

    def __init__(
        self,
        numpy: Any,
        size: int,
        groups: Sequence[PlaneGroup],
        start: Callable[[array[float]], None] | None = None,
        reading: StateReading | None = None,
    ) -> None:
        self._np = numpy
        self.size = size
        self._groups: tuple[Callable[..., None], ...] = tuple(
            group.write or group.write_value  # type: ignore[misc]
            for group in groups
        )
        self._by_value = tuple(group.write_value is not None for group in groups)
        if reading is not None and not all(self._by_value):
            raise ValueError("reading a state needs every plane group written from its value")
        self._from_marks = tuple(group.from_mark for group in groups)
        # How a changed mark is kept: as it is, or (a live mark) as a copy.
        self._keep_marks = tuple(list if group.live_mark else None for group in groups)
        self._reading = reading
        # seat, or (seat, level): what `_moved` makes of its order
        self._orders: dict[Any, tuple[int, Any, Any]] = {}
        self._getters = tuple(group.key or operator.attrgetter(*group.fields) for group in groups)
        self._start = start
        # Per thread: seat -> its `_Kept`.
        self._kept = threading.local()

    def forget(self) -> None:
        """Drop this thread's kept tensors: each seat's next observation is written whole."""
        self._kept.seats = {}
        self._kept.table = None

    def encode(self, observation: Any) -> Any:
        """``observation`` as a new ``numpy.float32`` array of ``size`` values.

        The groups whose fields differ from those the seat's kept tensor was
        written from are written again, then a copy of it is returned. If a
        group raises, the seat's kept tensor is dropped (the next observation
        is written whole) and the error passes on.
        """
        seat = observation.seat
        tensor, view, values, memos, _ = kept = self._kept_for(seat)
        by_value = self._by_value
        try:
            for index, get in enumerate(self._getters):
                value = get(observation)
                if value != values[index]:
                    if by_value[index]:
                        self._groups[index](tensor, view, value, seat, memos[index])
                    else:
                        self._groups[index](tensor, view, observation, memos[index])
                    values[index] = value
        except BaseException:
            self._drop(seat, kept)  # a group half written, or a running total half taken back
            raise
        return view.copy()

    def encode_state(self, state: Any, seat: int, round_scores: Any) -> Any:
        """``seat``'s tensor of round ``state``, as `encode` gives it of the seat's observation.

        Args:
            state: the game's round state.
            seat: the observer, ``0 .. players-1`` (not checked here).
            round_scores: the finished rounds' scores, as the observation holds them.

        Returns:
            a new ``numpy.float32`` array, as long as the seat's order
            (``size`` values unless the table tensor is the longer).

        Raises:
            ValueError: the encoder was made without a `StateReading`.

        The groups whose mark changed since this thread's last call are
        written again into the table tensor, which is then read in ``seat``'s
        order and patched with what ``seat`` sees differently. If a group
        raises, the table tensor is dropped and the error passes on.
        """
        reading = self._reading
        if reading is None:
            raise ValueError("this encoder has no reading of a round state")
        kept = getattr(self._kept, "table", None)
        if kept is None:
            kept = self._kept.table = self._fresh()
        tensor, view, values, memos, marked = kept
        groups = self._groups
        from_marks = self._from_marks
        keep_marks = self._keep_marks
        try:
            for index, mark in enumerate(reading.marks(state, round_scores)):
                if mark == marked[index]:
                    continue
                keep = keep_marks[index]
                if keep is not None:  # a live mark: kept (and made a value) as a copy
                    mark = keep(mark)
                marked[index] = mark
                convert = from_marks[index]
                if convert is None:  # the mark is the value: it changed
                    value = mark
                else:
                    value = convert(mark)
                    if value == values[index]:
                        continue
                groups[index](tensor, view, value, 0, memos[index])
                values[index] = value
        except BaseException:
            self._kept.table = None  # a group half written, or a running total half taken back
            raise
        level = None if reading.level is None else reading.level(state)
        key = seat if level is None else (seat, level)
        moved = self._orders.get(key)
        if moved is None:
            order = reading.order(seat) if level is None else reading.order(seat, level)
            moved = self._orders[key] = _moved(self._np, order)
        length, positions, sources = moved
        if positions is None:
            out = view[sources]
        else:
            out = view.copy() if length == len(view) else view[:length].copy()
            if sources is not None:
                out[positions] = view[sources]
        if reading.patch is not None:
            reading.patch(out, state, seat)
        return out

    def _fresh(self) -> _Kept:
        """A fresh kept tensor: as ``start`` writes it, every group unwritten."""
        tensor = array("f", bytes(4 * self.size))
        if self._start is not None:
            self._start(tensor)
        # (the view holds the array's buffer: resizing it by mistake raises)
        view = self._np.frombuffer(tensor, dtype=self._np.float32)
        count = len(self._groups)
        return (
            tensor,
            view,
            [_UNWRITTEN] * count,
            [[] for _ in range(count)],
            [_UNWRITTEN] * count,
        )

    def _kept_for(self, seat: int) -> _Kept:
        """This thread's kept tensor of ``seat``, a fresh one (every group unwritten) at first."""
        try:
            seats: dict[int, _Kept] = self._kept.seats
        except AttributeError:  # this thread's first tensor
            seats = self._kept.seats = {}
        kept = seats.get(seat)
        if kept is None:
            kept = seats[seat] = self._fresh()
        return kept

    def _drop(self, seat: int, kept: _Kept) -> None:
        """Forget ``seat``'s kept tensor (``kept``) after a group failed half way."""
        seats: dict[int, _Kept] = self._kept.seats
        if seats.get(seat) is kept:
            del seats[seat]
