"""`cardrules.information.plane_groups`: a group is written again exactly when its mark changed.

A toy game of one group, 4 counts read straight off a "round" (a plain object
here), checks what a real game's tensors rely on: a mark that is the round's
own list (``live_mark``) is compared as it is and kept as a copy, so a change
made to that list in place is seen at the next call, and the value a group is
written from (made from that copy, or the copy itself) is never the round's list.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import pytest

from cardrules.information.plane_groups import GroupEncoder, PlaneGroup, StateReading, cell_writer


class _Round:
    def __init__(self) -> None:
        self.counts = [0, 1, 2, 3]


#: How the toy group's mark is read: a new tuple; the round's own list, made a tuple
#: by ``from_mark``; the round's own list, whose kept copy is the value.
KINDS = ("new", "live", "live-copy")


def _encoder(writes: list[Any], kind: str) -> GroupEncoder:
    def write(out: array[float], view: Any, value: Any, seat: int, memo: Any) -> None:
        writes.append(value)
        out[0:4] = array("f", value)

    live = kind != "new"
    group = PlaneGroup(
        ("counts",),
        write_value=write,
        from_mark=tuple if kind == "live" else None,
        live_mark=live,
    )
    reading = StateReading(
        marks=lambda state, scores: (state.counts if live else tuple(state.counts),),
        order=lambda seat: np.arange(4),
    )
    return GroupEncoder(np, 4, [group], reading=reading)


@pytest.mark.parametrize("kind", KINDS)
def test_a_mark_changed_in_place_is_seen_at_the_next_call(kind: str) -> None:
    writes: list[Any] = []
    encoder = _encoder(writes, kind)
    encoder.forget()
    state = _Round()
    assert encoder.encode_state(state, 0, ()).tolist() == [0, 1, 2, 3]
    assert encoder.encode_state(state, 0, ()).tolist() == [0, 1, 2, 3]
    assert writes == [[0, 1, 2, 3]] if kind == "live-copy" else [(0, 1, 2, 3)]
    state.counts[2] = 7  # the round's own list, changed in place
    assert encoder.encode_state(state, 0, ()).tolist() == [0, 1, 7, 3]
    assert [tuple(value) for value in writes] == [(0, 1, 2, 3), (0, 1, 7, 3)]
    # values are new, never the round's list: a later change in place leaves them be
    assert all(value is not state.counts for value in writes)
    state.counts[0] = 9
    assert [tuple(value) for value in writes] == [(0, 1, 2, 3), (0, 1, 7, 3)]
    assert encoder.encode_state(state, 0, ()).tolist() == [9, 1, 7, 3]


def test_a_live_mark_needs_a_value_writer() -> None:
    with pytest.raises(ValueError, match="live_mark needs write_value"):
        PlaneGroup(("counts",), write=lambda *args: None, live_mark=True)


def test_a_reading_with_levels_asks_each_seat_and_level_its_order_once() -> None:
    # Two seats; value 0 is what each seat sees alike, values 1-2 a per-seat pair that
    # the second seat reads swapped, but only where the round's level says it is in use.
    asked: list[tuple[int, int]] = []

    def order(seat: int, level: int) -> Any:
        asked.append((seat, level))
        index = np.arange(3)
        if seat == 1 and level:
            index[1:3] = [2, 1]
        return index

    def write(out: array[float], view: Any, value: tuple[int, ...], seat: int, memo: Any) -> None:
        out[0:3] = array("f", value)

    reading = StateReading(
        marks=lambda state, scores: (tuple(state.counts),),
        order=order,
        level=lambda state: int(any(state.counts[1:])),
    )
    encoder = GroupEncoder(np, 3, [PlaneGroup(("counts",), write_value=write)], reading=reading)
    encoder.forget()
    state = _Round()
    state.counts = [5, 0, 0]
    assert encoder.encode_state(state, 1, ()).tolist() == [5, 0, 0]
    state.counts = [5, 1, 2]
    assert encoder.encode_state(state, 0, ()).tolist() == [5, 1, 2]
    assert encoder.encode_state(state, 1, ()).tolist() == [5, 2, 1]
    state.counts = [6, 3, 4]
    assert encoder.encode_state(state, 1, ()).tolist() == [6, 4, 3]
    assert asked == [(1, 0), (0, 1), (1, 1)]  # each seat and level once


@pytest.mark.parametrize("add", [False, True])
def test_a_cell_writer_keeps_each_values_cells_and_writes_unhashable_values_too(
    add: bool,
) -> None:
    asked: list[tuple[Any, int]] = []

    def cells_of(value: Any, seat: int) -> list[int]:
        asked.append((value, seat))
        return [(cell + seat) % 4 for cell in value]

    write = cell_writer(cells_of, seats=2, add=add)
    out = array("f", bytes(16))
    memo: list[Any] = []
    write(out, None, (0, 2, 2), 1, memo)
    assert out.tolist() == ([0, 1, 0, 2] if add else [0, 1, 0, 1])
    write(out, None, (1,), 1, memo)  # the old cells cleared, the new one set
    assert out.tolist() == [0, 0, 1, 0]
    write(out, None, (0, 2, 2), 1, memo)
    assert asked == [((0, 2, 2), 1), ((1,), 1)]  # kept: not asked again
    write(out, None, [3], 0, memo)  # a list (a hand-made observation's): asked each time
    write(out, None, [3], 0, memo)
    assert out.tolist() == [0, 0, 0, 1]
    assert asked[2:] == [([3], 0), ([3], 0)]
