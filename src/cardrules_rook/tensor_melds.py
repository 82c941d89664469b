"""Where a meld on the table shows in Toonerville Rook's tensor, worked out once per meld.

A table meld adds 1 at a fixed set of tensor indices (the table totals planes,
and its row of ``table_melds``) and takes its cards out of ``unseen``; only
the columns of the seat that laid it depend on the observer. `meld_entry`
works these out once per meld and keeps them (`_MELD_HITS`), so that every
observer of a new meld, and every seat's tensor, reads the one entry.

A run that wraps from 14 to 1 (rule point ``rook_runs_wrap``) shows by its
numbers 1-14: its low end (``run_ends``) is then above its high end, and its
numbers in ``table_melds`` have a gap inside 1-14, which no other run has.
"""

from __future__ import annotations

from typing import Any

from cardrules_rook.cards import COLOURS, NUMBERS, ROOK_CODE
from cardrules_rook.melds import RunMeld, wrapped
from cardrules_rook.tensor_layout import NATURALS, meld_columns

__all__ = ["OWNER_COLUMN", "MeldEntry", "meld_entry", "table_key"]

_COLOUR_BASE = {colour: i * len(NUMBERS) for i, colour in enumerate(COLOURS)}
_COLUMN = {name: column.start for name, column in meld_columns(0).items()}
_M_PRESENT = _COLUMN["present"]
_M_RUN = _COLUMN["run"]
_M_SET = _COLUMN["set"]
_M_RUN_COLOUR = {colour: _COLUMN["run_colour"] + i for i, colour in enumerate(COLOURS)}
_M_RUN_NUMBERS = _COLUMN["run_numbers"] - 1  # + number 1-14
_M_RUN_ROOKS = _COLUMN["run_rooks"] - 1  # + number 1-14
_M_SET_NUMBER = _COLUMN["set_number"] - 1  # + number 1-14
_M_SET_COLOURS = {colour: _COLUMN["set_colours"] + i for i, colour in enumerate(COLOURS)}
_M_SET_ROOKS = _COLUMN["set_rooks"]


#: The first owner column of a ``table_melds`` row (+ the laying seat, relative).
OWNER_COLUMN = _COLUMN["owner"]

#: ``(meld, indices that get +1 but those of the seat that laid it, the codes of the cards
#: it places: naturals, and 56 per Rook)``.
MeldEntry = tuple[Any, tuple[int, ...], tuple[int, ...]]

#: Layouts of the table planes (their starts, and the shape of table_melds) by number.
_TABLE_KEYS: dict[tuple[int, ...], int] = {}
#: ``(table key, row, id(meld))``: (the meld, the tensor indices that get +1 but those of
#: the seat that laid it, the codes of the cards it places: naturals, and 56 per Rook).
#: Every observer of a new meld reads the one entry; the entry holds its meld, so the
#: id is not reused while it is kept. Bounded: starts afresh when full.
_MELD_HITS: dict[tuple[int, int, int], MeldEntry] = {}
_MELD_HITS_LIMIT = 8192
_TABLE_PLANES = (
    "table_run_naturals",
    "table_set_naturals",
    "table_run_rooks",
    "table_set_rooks",
    "run_ends",
    "sets_by_number",
    "melds_by_owner",
    "table_melds",
)


def table_key(at: dict[str, int], targets: int, width: int) -> int:
    """A number naming where the table planes lie (``at``: the planes' starts; ``targets``
    rows of ``width`` columns in ``table_melds``), the first item of `meld_entry` keys."""
    table = (*(at[name] for name in _TABLE_PLANES), targets, width)
    return _TABLE_KEYS.setdefault(table, len(_TABLE_KEYS))


def meld_entry(
    key: tuple[int, int, int], meld: Any, at: dict[str, int], targets: int, width: int
) -> MeldEntry:
    """The kept entry of ``meld`` on the table at row ``key[1]`` (``key``: ``(table key, row,
    id(meld))``), worked out and kept if there is none.

    Its indices are in the table totals planes, and in that row of
    ``table_melds`` unless the row is ``targets`` (a meld past the last row);
    the columns of the seat that laid it are the observer's to add.
    """
    entry = _MELD_HITS.get(key)
    if entry is None or entry[0] is not meld:
        entry = _meld_hits(key, meld, at, targets, width)
    return entry


def _meld_hits(
    key: tuple[int, int, int], meld: Any, at: dict[str, int], targets: int, width: int
) -> MeldEntry:
    """Work out and keep `meld_entry`'s entry."""
    index = key[1]
    hits: list[int] = []
    placed: list[int] = []
    row = at["table_melds"] + index * width if index < targets else None
    if isinstance(meld, RunMeld):
        base = _COLOUR_BASE[meld.colour] - 1
        low = meld.low
        high = meld.high
        rooks = meld.rooks
        naturals = [base + n for n in range(low, high + 1) if n not in rooks]
        if high > 14:
            # A wrapping run (rook_runs_wrap): its numbers 1-14, the high end below the low.
            naturals = [code - 14 if code - base > 14 else code for code in naturals]
            rooks = tuple(wrapped(n) for n in rooks)
        placed += naturals
        placed += [ROOK_CODE] * len(rooks)
        start = at["table_run_naturals"]
        hits += [start + code for code in naturals]
        start = at["table_run_rooks"]
        hits += [start + base + n for n in rooks]
        start = at["run_ends"]
        hits += (start + base + low, start + NATURALS + base + wrapped(high))
        if row is not None:
            hits += (row + _M_PRESENT, row + _M_RUN, row + _M_RUN_COLOUR[meld.colour])
            if high > 14:
                hits += [row + _M_RUN_NUMBERS + wrapped(n) for n in range(low, high + 1)]
            else:
                hits += range(row + _M_RUN_NUMBERS + low, row + _M_RUN_NUMBERS + high + 1)
            hits += [row + _M_RUN_ROOKS + n for n in rooks]
    else:
        number = meld.number
        offset = number - 1
        colours = meld.colours
        naturals = [_COLOUR_BASE[colour] + offset for colour in colours]
        placed += naturals
        placed += [ROOK_CODE] * meld.rooks
        start = at["table_set_naturals"]
        hits += [start + code for code in naturals]
        hits += [at["table_set_rooks"] + offset] * meld.rooks
        hits.append(at["sets_by_number"] + offset)
        if row is not None:
            hits += (row + _M_PRESENT, row + _M_SET, row + _M_SET_NUMBER + number)
            hits += [row + _M_SET_COLOURS[colour] for colour in colours]
            hits += [row + _M_SET_ROOKS] * meld.rooks
    entry = (meld, tuple(hits), tuple(placed))
    if len(_MELD_HITS) >= _MELD_HITS_LIMIT:
        _MELD_HITS.clear()
    _MELD_HITS[key] = entry
    return entry
