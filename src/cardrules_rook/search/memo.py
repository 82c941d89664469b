"""Plain dicts that remember search answers under plain keys, out of the garbage collector's way.

An ``functools.lru_cache`` keeps a linked entry per answer, and the garbage
collector walks every entry of every cache at each full collection: in a long
run of playouts that walk was most of the collector's time. A dict whose keys
and values are ints, bytes or ``None`` is never tracked by the collector, so the
search's busiest memos are such dicts, made by `memo` (bounded by their
owners, which empty them when full) and emptied together by
`cardrules_rook.search.clear_caches`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MEMOS", "memo"]

#: Every dict `memo` made.
MEMOS: list[dict[Any, Any]] = []


def memo() -> dict[Any, Any]:
    """A new, empty dict, registered in `MEMOS` (keys and values: ints, bytes or ``None`` only)."""
    found: dict[Any, Any] = {}
    MEMOS.append(found)
    return found
