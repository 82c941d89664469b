"""`cardrules.adapters.masks.mask_of`: the environments' action masks."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import numpy as np

from cardrules.adapters.masks import ITEM_WRITES, mask_of, shared_mask


@pytest.mark.parametrize("count", [0, 1, ITEM_WRITES, ITEM_WRITES + 1, 300])
@pytest.mark.parametrize("dtype", [np.int8, np.bool_])
def test_a_mask_holds_one_exactly_at_the_ids(count: int, dtype: type) -> None:
    ids = list(range(3, 3 + 2 * count, 2))  # item by item up to ITEM_WRITES, else at once
    mask = mask_of(1000, ids, dtype)
    assert mask.dtype == np.dtype(dtype)
    assert mask.shape == (1000,)
    assert np.flatnonzero(mask).tolist() == ids
    assert mask.flags.writeable
    assert mask.base is None


def test_ids_may_be_any_sequence() -> None:
    many = tuple(range(0, 2 * (ITEM_WRITES + 1), 2))
    assert np.flatnonzero(mask_of(1000, many, np.int8)).tolist() == list(many)
    assert np.flatnonzero(mask_of(1000, many[:3], np.int8)).tolist() == list(many[:3])


@pytest.mark.parametrize("count", [1, ITEM_WRITES + 1])
def test_an_id_outside_the_space_raises(count: int) -> None:
    with pytest.raises(IndexError):
        mask_of(10, [1] * (count - 1) + [10], np.int8)


def test_a_shared_mask_is_read_only_for_good_and_shared_by_equal_ids() -> None:
    mask = shared_mask(1000, [3, 7, 999])
    assert mask.dtype == np.int8
    assert mask.shape == (1000,)
    assert np.flatnonzero(mask).tolist() == [3, 7, 999]
    assert not mask.flags.writeable
    with pytest.raises(ValueError, match="WRITEABLE"):
        mask.setflags(write=True)  # it reads an immutable bytes: no decision can change another's
    assert shared_mask(1000, (3, 7, 999)) is mask
    assert shared_mask(999, [3, 7]) is not mask
    assert not shared_mask(1000, ()).any()


def test_a_shared_mask_refuses_an_id_outside_the_space() -> None:
    with pytest.raises(IndexError):
        shared_mask(10, [10])
