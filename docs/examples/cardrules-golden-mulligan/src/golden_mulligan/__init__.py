"""Golden Mulligan: a Gnoming A Round house rule as a cardrules plugin.

A Mulligan left in no matching line at the end of a round scores -3 instead of
0 (it changes rule G22). The variant answers the game's rule point for one
card's points, ``gnoming_card_points``, for such a Mulligan and leaves every
other card to the game. The game then sums each layout and applies the ender's
bonus or penalty (G23) to the changed scores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import cardrules
from cardrules_gnoming.scoring import LINES, line_match_value

BONUS = -3


def lone_mulligans(cards: Sequence[Any], lines: Sequence[Sequence[int]] = LINES) -> int:
    """How many Mulligans of a revealed 3x3 layout lie in no matching line (of ``lines``)."""
    matched: set[int] = set()
    for line in lines:
        if line_match_value([cards[p] for p in line]) is not None:
            matched.update(line)
    return sum(1 for p, card in enumerate(cards) if card.is_mulligan and p not in matched)


class GoldenMulliganRules:
    """The rule hook the variant adds to a game that chooses it."""

    @cardrules.hookimpl
    def gnoming_card_points(self, card: Any, matched: bool) -> int | None:
        if card.is_mulligan and not matched:
            return BONUS
        return None  # every other card scores as the game says


@cardrules.hookimpl
def cardrules_register_variants(register: Callable[[cardrules.VariantSpec], None]) -> None:
    register(
        cardrules.VariantSpec(
            name="golden-mulligan",
            game="gnoming-a-round",
            summary="G22: a Mulligan in no matching line scores -3.",
            plugin=GoldenMulliganRules(),
        )
    )
