"""One of a tuple of named things, found by its name: a tensor plane, an action block, a check.

Layouts and reports keep their parts in order, each with a ``name``; `by_name`
finds one, and its error names the ones there are.

    >>> from cardrules.model.actions import blocks_from
    >>> blocks = blocks_from([("draw", 1, "start"), ("place", 9, "start + position")])
    >>> by_name(blocks, "place").start
    1
    >>> by_name(blocks, "flip", "block")
    Traceback (most recent call last):
    ...
    KeyError: "no block 'flip'; the blocks are draw, place"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from cardrules.errors import quote

__all__ = ["Named", "by_name"]


class Named(Protocol):
    """Anything with a ``name``."""

    @property
    def name(self) -> str:
        """What it is called."""
        ...


N = TypeVar("N", bound=Named)


def by_name(items: Sequence[N], name: str, kind: str = "item") -> N:
    """The first of ``items`` called ``name``.

    Args:
        items: things with a ``name``, in order.
        name: the name sought.
        kind: what the items are, for the error (``"plane"``, ``"block"`` ...).

    Raises:
        KeyError: none of ``items`` is called ``name``; the message lists their names.
    """
    for item in items:
        if item.name == name:
            return item
    raise KeyError(f"no {kind} {quote(name)}; the {kind}s are {', '.join(i.name for i in items)}")
