"""The default observation tensor of a view: zones x card kinds, plus public counters."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.errors import ObservationMismatchError
from cardrules.information import shuffle_hidden, view_layout, view_of, view_tensor
from cardrules.information.tensor_layout import NumpyMissingError
from tests.information.toy import DECK, PLAYERS, SPEC, random_table

np = pytest.importorskip("numpy")

KINDS = len(DECK.counts)


def test_the_layout_has_four_planes_a_zone_and_one_a_counter() -> None:
    layout = view_layout(SPEC, DECK, ["round", "score"])
    names = [p.name for p in layout.planes[:4]]
    assert names == ["stock:seen", "stock:known", "stock:public", "stock:hidden"]
    assert layout.plane("hand:seen").shape == (PLAYERS, KINDS)
    assert layout.plane("trick:hidden").shape == (1,)
    assert layout.size == 3 * (3 * KINDS + 1) + 2 * (3 * PLAYERS * KINDS + PLAYERS) + 2


@given(st.integers(0, 2**32 - 1), st.integers(0, 60), st.integers(0, PLAYERS - 1))
def test_every_card_is_counted_once_and_hidden_ones_do_not_show(
    seed: int, count: int, seat: int
) -> None:
    table = random_table(seed, count)
    view = view_of(table, seat)
    layout = view_layout(SPEC, DECK, ["turn"])
    tensor = view_tensor(view, DECK, [3.0], layout)
    assert tensor.dtype == np.float32
    assert tensor.shape == (layout.size,)
    public = sum(layout.view(tensor, f"{zone.name}:public").sum() for zone in SPEC.zones)
    assert tensor[:-1].sum() - public == DECK.size
    assert tensor[-1] == 3.0
    twin = view_of(shuffle_hidden(table, seat, random.Random(seed)), seat)
    assert np.array_equal(view_tensor(twin, DECK, [3.0], layout), tensor)


def test_rows_are_relative_to_the_observer() -> None:
    table = random_table(9, 0)
    tensor = view_tensor(view_of(table, 1), DECK)
    layout = view_layout(SPEC, DECK)
    seen = layout.view(tensor, "hand:seen")
    hidden = layout.view(tensor, "hand:hidden")
    assert seen[0].sum() == table.size(("hand", 1))  # its own hand, in row 0
    assert seen[1].sum() == 0
    assert hidden[1] == table.size(("hand", 2))  # the next seat's, in row 1


def test_counters_must_fit_the_layout() -> None:
    view = view_of(random_table(9, 0), 0)
    with pytest.raises(ObservationMismatchError, match="counters"):
        view_tensor(view, DECK, [1.0], view_layout(SPEC, DECK))


def test_tensors_need_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    view = view_of(random_table(9, 0), 0)
    monkeypatch.setitem(sys.modules, "numpy", None)
    assert view_layout(SPEC, DECK).size > 0
    with pytest.raises(NumpyMissingError, match="tensors"):
        view_tensor(view, DECK)
