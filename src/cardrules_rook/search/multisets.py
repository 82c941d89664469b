"""Multisets of cards as layered bitmasks, for comparing melds and hands fast (R2).

With several decks a hand may hold a card more than once (R2). A multiset is
``(Rooks, layer 1, layer 2, ...)``: bit ``c`` of layer ``k`` is set when card
code ``c`` (0-55) occurs at least ``k`` times; no layer is empty. Whether one
multiset lies within another is then a few integer operations, which the
listing of lay-down steps (`cardrules_rook.legal`) does many times a turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress

from cardrules_rook.cards import ROOK_CODE

__all__ = ["NUMBER_BITS", "Multiset", "multiset", "multiset_of_counts", "number_totals", "within"]

Multiset = tuple[int, ...]


def multiset(codes: Iterable[int]) -> Multiset:
    """Card codes (repeats allowed; 56 is the Rook) as a `Multiset`."""
    rooks = 0
    layers: list[int] = []
    seen: dict[int, int] = {}
    for code in codes:
        if code == ROOK_CODE:
            rooks += 1
            continue
        k = seen.get(code, 0)
        seen[code] = k + 1
        if k == len(layers):
            layers.append(0)
        layers[k] |= 1 << code
    return (rooks, *layers)


def multiset_of_counts(counts: Sequence[int]) -> Multiset:
    """57 counts by card code as a `Multiset`."""
    naturals = counts[:ROOK_CODE]
    top = max(naturals)
    if not top:
        return (counts[ROOK_CODE],)
    # Layer k: the codes held more than k times (each bit summed in C).
    layers = [sum(compress(_BITS, naturals))]
    for k in range(1, top):
        layers.append(sum(compress(_BITS, map(k.__lt__, naturals))))
    return (counts[ROOK_CODE], *layers)


#: Bit ``c`` of card code ``c``, for the natural cards.
_BITS = tuple(1 << code for code in range(ROOK_CODE))


def within(part: Multiset, whole: Multiset) -> bool:
    """Whether every card of ``part`` is in ``whole``, as often."""
    if part[0] > whole[0] or len(part) > len(whole):
        return False
    if len(part) == 2:  # no card twice: the common case
        return not part[1] & ~whole[1]
    return all(not p & ~w for p, w in zip(part[1:], whole[1:], strict=False))


def number_totals(counts: Sequence[int]) -> list[int]:
    """Natural cards held per number 1-14 (index 0 unused), whatever their colour (R8)."""
    return [0, *(counts[n] + counts[n + 14] + counts[n + 28] + counts[n + 42] for n in range(14))]


#: Bit ``n - 1`` for each number ``n`` 1-14: ``sum(compress(NUMBER_BITS, counts))`` is
#: one colour's numbers held, as bits, from its 14 counts (inline: the search does
#: this in its hottest loops).
NUMBER_BITS = tuple(1 << n for n in range(14))
