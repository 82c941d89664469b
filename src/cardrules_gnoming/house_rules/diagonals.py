"""The ``diagonals`` house rule: the two diagonals of a layout are lines too (G19-G21).

A diagonal whose cards match (G19, G20) scores minus its value, like a row or a
column, and its positive cards score nothing of their own (G21). G23 then
compares the new layout scores. The whole rule is one wrapper of the game's
`cardrules_gnoming.hookspecs.gnoming_lines` rule point: the game scores,
compares and estimates (in the greedy bot) with the two extra lines.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

import cardrules

__all__ = ["DIAGONALS", "SPEC", "Diagonals"]

Line = tuple[int, ...]

#: The two diagonals, as layout positions (0-8 row by row).
DIAGONALS: tuple[Line, Line] = ((0, 4, 8), (2, 4, 6))


class Diagonals:
    """Rule hooks of ``diagonals``."""

    @cardrules.hookimpl(wrapper=True)
    def gnoming_lines(self, game: Any) -> Generator[None, Sequence[Line], tuple[Line, ...]]:
        lines = yield
        return (*lines, *DIAGONALS)


SPEC = cardrules.VariantSpec(
    "diagonals",
    "gnoming-a-round",
    "G19: the two diagonals are lines too.",
    plugin=Diagonals(),
)
