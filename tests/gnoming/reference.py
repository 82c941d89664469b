"""Gnoming A Round scoring written again from the rules alone, to check the engine against.

It shares no code with `cardrules_gnoming.scoring`: a line matches at ``v`` if
each of its cards is a Mulligan or a positive ``v`` and not all are Mulligans
(it tries every ``v`` from 1 to 12, G19, G20); positive cards in a matching
line score nothing (G21); negative cards their value, Hazards 10, Mulligans 0
(G22); then the ender takes -5 when lowest (a tie counts) or +5 (G23).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules_gnoming.cards import Card

ROWS_AND_COLUMNS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))
WITH_DIAGONALS = (*ROWS_AND_COLUMNS, (0, 4, 8), (2, 4, 6))


def reference_layout(cards: Sequence[Card], lines: Sequence[Sequence[int]]) -> int:
    """A revealed layout's score with these lines (G19-G22)."""
    total = 0
    matched: set[int] = set()
    for line in lines:
        in_line = [cards[p] for p in line]
        for v in range(1, 13):
            stands_for_v = all(c.is_mulligan or (c.is_number and c.value == v) for c in in_line)
            if stands_for_v and not all(c.is_mulligan for c in in_line):
                total -= v
                matched.update(line)
                break
    for p, card in enumerate(cards):
        if card.is_hazard:
            total += 10
        elif card.is_number and (card.value < 0 or p not in matched):
            total += card.value
    return total


def reference_round(
    layouts: Sequence[Sequence[Card]],
    ender: int | None,
    lines: Sequence[Sequence[int]] = ROWS_AND_COLUMNS,
) -> tuple[int, ...]:
    """Every layout's score, then G23 on those scores for ``ender`` (``None``: no ender, G8)."""
    scores = [reference_layout(cards, lines) for cards in layouts]
    if ender is not None:
        scores[ender] += -5 if scores[ender] == min(scores) else 5
    return tuple(scores)
