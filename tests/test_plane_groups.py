"""`cardrules.plane_groups`: a group is written again exactly when its mark changed.

A toy game of one group, 4 counts read straight off a "round" (a plain object
here), checks what a real game's tensors rely on: a mark that is the round's
own list (``live_mark``) is compared as it is and kept as a copy, so a change
made to that list in place is seen at the next call.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import pytest

from cardrules.plane_groups import GroupEncoder, PlaneGroup, StateReading


class _Round:
    def __init__(self) -> None:
        self.counts = [0, 1, 2, 3]


def _encoder(writes: list[tuple[int, ...]], live: bool) -> GroupEncoder:
    def write(out: array[float], view: Any, value: tuple[int, ...], seat: int, memo: Any) -> None:
        writes.append(value)
        out[0:4] = array("f", value)

    group = PlaneGroup(
        ("counts",),
        write_value=write,
        from_mark=tuple if live else None,
        live_mark=live,
    )
    reading = StateReading(
        marks=lambda state, scores: (state.counts if live else tuple(state.counts),),
        order=lambda seat: np.arange(4),
    )
    return GroupEncoder(np, 4, [group], reading=reading)


@pytest.mark.parametrize("live", [True, False])
def test_a_mark_changed_in_place_is_seen_at_the_next_call(live: bool) -> None:
    writes: list[tuple[int, ...]] = []
    encoder = _encoder(writes, live)
    encoder.forget()
    state = _Round()
    assert encoder.encode_state(state, 0, ()).tolist() == [0, 1, 2, 3]
    assert encoder.encode_state(state, 0, ()).tolist() == [0, 1, 2, 3]
    assert writes == [(0, 1, 2, 3)]  # unchanged: not written again
    state.counts[2] = 7  # the round's own list, changed in place
    assert encoder.encode_state(state, 0, ()).tolist() == [0, 1, 7, 3]
    assert writes == [(0, 1, 2, 3), (0, 1, 7, 3)]
    assert all(type(value) is tuple for value in writes)  # values are new, never the list


def test_a_live_mark_needs_a_value_made_from_it() -> None:
    with pytest.raises(ValueError, match="live_mark needs from_mark"):
        PlaneGroup(("counts",), write_value=lambda *args: None, live_mark=True)
