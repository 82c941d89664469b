"""`cardrules.adapters.masks.mask_of`: the environments' action masks."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import numpy as np

from cardrules.adapters.masks import ITEM_WRITES, mask_of


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
