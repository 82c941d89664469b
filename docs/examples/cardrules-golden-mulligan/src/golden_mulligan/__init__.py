"""Golden Mulligan: a Gnoming A Round house rule as a cardrules plugin.

A Mulligan left in no matching line at the end of a round scores -3 instead of
0 (it changes rule G22). The variant wraps the game's round scoring: it lets the
game score the round, then takes 3 off each seat for each such Mulligan.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import cardrules
from cardrules_gnoming.scoring import LINES, line_match_value

BONUS = -3


def lone_mulligans(cards: list[Any]) -> int:
    """How many Mulligans of a revealed 3x3 layout lie in no matching line."""
    matched: set[int] = set()
    for line in LINES:
        if line_match_value([cards[p] for p in line]) is not None:
            matched.update(line)
    return sum(1 for p, card in enumerate(cards) if card.is_mulligan and p not in matched)


class GoldenMulliganRules:
    """The rule hooks the variant adds to a game that chooses it."""

    @cardrules.hookimpl(wrapper=True)
    def cardrules_score_round(self, game: Any, state: Any) -> Generator[None, Any, Any]:
        scores = yield
        return tuple(
            score + BONUS * lone_mulligans(layout.cards)
            for score, layout in zip(scores, state.layouts, strict=True)
        )


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
