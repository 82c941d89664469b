"""Plain dicts that remember search answers under plain keys, out of the garbage collector's way.

A ``functools.lru_cache`` keeps a linked entry per answer, and the garbage
collector walks every entry of every cache at each full collection: in a long
run of playouts that walk was most of the collector's time. A dict whose keys
and values are ints, bytes or ``None`` is never tracked by the collector, so the
search's busiest memos are such dicts, made by `memo`, filled by `remember`
(which empties one that is full) and emptied together by
`cardrules_rook.search.clear_caches`. Their owners look answers up inline
(``found = MEMO.get(key)``): the lookup is on the hot path, the store is not.
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["MEMOS", "memo", "remember"]

_K = TypeVar("_K")
_V = TypeVar("_V")

#: Every dict `memo` made.
MEMOS: list[dict[Any, Any]] = []


def memo() -> dict[Any, Any]:
    """A new, empty dict, registered in `MEMOS` (keys and values: ints, bytes or ``None`` only)."""
    found: dict[Any, Any] = {}
    MEMOS.append(found)
    return found


def remember(found: dict[_K, _V], key: _K, value: _V, limit: int = 1 << 15) -> _V:
    """Store ``value`` under ``key`` in the memo ``found`` and return it.

    A memo already holding ``limit`` answers is emptied first, so none grows
    without bound (its answers are worked out again as they are asked for).
    """
    if len(found) >= limit:
        found.clear()
    found[key] = value
    return value
