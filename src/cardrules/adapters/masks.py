"""Action masks as numpy arrays, for the environments' ``action_mask`` / ``action_masks``.

A mask is made at every step of a learning agent, so it is made the cheap
way: numpy's fancy indexing (``mask[ids] = 1``) first turns the Python list
into an array, which costs more than setting a few dozen items one by one
(Gnoming A Round: about 6 legal moves a decision, Toonerville Rook about 11).

`shared_mask` is the PettingZoo environment's: a read-only mask that cannot
be made writable again (it reads an immutable ``bytes``), so one array serves
every decision with the same legal ids; the few hundred masks a game's
positions give are made once each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["ITEM_WRITES", "mask_of", "shared_mask"]

#: Up to this many ids are set one by one; more at once, by fancy indexing.
ITEM_WRITES = 64


def mask_of(size: int, ids: Sequence[int], dtype: Any) -> npt.NDArray[Any]:
    """A new array of ``size`` zeros of ``dtype``, with 1 (``True``) at each of ``ids``.

    Args:
        size: the action space's size.
        ids: action ids, each ``0 .. size-1`` (as ``legal_actions()`` gives them).
        dtype: the mask's numpy dtype (``numpy.int8``, ``numpy.bool_``).

    Raises:
        IndexError: an id outside ``0 .. size-1`` (a negative one counts from the end).
    """
    mask = np.zeros(size, dtype=dtype)
    if len(ids) <= ITEM_WRITES:
        for action in ids:
            mask[action] = 1
    else:
        mask[list(ids)] = 1  # (a list: a tuple would index several axes)
    return mask


#: `shared_mask`'s masks by (size, ids); at most `SHARED_KEPT`, then it starts afresh.
_SHARED: dict[tuple[int, tuple[int, ...]], npt.NDArray[np.int8]] = {}
SHARED_KEPT = 4096


def shared_mask(size: int, ids: Sequence[int]) -> npt.NDArray[np.int8]:
    """A read-only ``int8`` mask of ``size``, 1 at each of ``ids``, shared by equal calls.

    Args:
        size: the action space's size.
        ids: action ids, each ``0 .. size-1`` (as ``legal_actions()`` gives them).

    Returns:
        an array over an immutable ``bytes``: it is not writable and cannot
        be made writable (``setflags(write=True)`` raises ``ValueError``), so
        sharing it between decisions, observations and infos is safe.

    Raises:
        IndexError: an id outside ``0 .. size-1`` (a negative one counts from the end).
    """
    key = (size, tuple(ids))
    mask = _SHARED.get(key)
    if mask is None:
        cells = bytearray(size)
        for action in ids:
            cells[action] = 1
        mask = np.frombuffer(bytes(cells), dtype=np.int8)
        if len(_SHARED) >= SHARED_KEPT:
            _SHARED.clear()
        _SHARED[key] = mask
    return mask
