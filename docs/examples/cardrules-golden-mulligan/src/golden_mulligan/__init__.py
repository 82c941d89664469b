"""Golden Mulligan: a Gnoming A Round house rule as a cardrules plugin.

A Mulligan left in no matching line at the end of a round scores -3 instead of
0 (it changes rule G22). The variant answers the game's rule point for one
card's points, ``gnoming_card_points``, for such a Mulligan and leaves every
other card to the game. The game then sums each layout and applies the ender's
bonus or penalty (G23) to the changed scores.

It also keeps a tally, for the whole match, of the golden Mulligans each seat
has scored (a variant state every seat sees, written into game records).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any

import attrs

import cardrules
from cardrules.plugins.variant_state import StateSpec, set_variant_state, variant_state
from cardrules_gnoming.scoring import LINES, line_match_value

NAME = "golden-mulligan"
BONUS = -3


def lone_mulligans(cards: Sequence[Any], lines: Sequence[Sequence[int]] = LINES) -> int:
    """How many Mulligans of a revealed 3x3 layout lie in no matching line (of ``lines``)."""
    matched: set[int] = set()
    for line in lines:
        if line_match_value([cards[p] for p in line]) is not None:
            matched.update(line)
    return sum(1 for p, card in enumerate(cards) if card.is_mulligan and p not in matched)


@attrs.frozen
class GoldenTally:
    """Golden Mulligans scored so far this match, one count per seat."""

    counts: tuple[int, ...] = ()


class GoldenMulliganRules:
    """The rule hooks the variant adds to a game that chooses it."""

    @cardrules.hookimpl
    def gnoming_card_points(self, card: Any, matched: bool) -> int | None:
        if card.is_mulligan and not matched:
            return BONUS
        return None  # every other card scores as the game says

    @cardrules.hookimpl(wrapper=True)
    def cardrules_apply_move(
        self, game: Any, state: Any, move: Any, chance: Any
    ) -> Generator[None, Any, Any]:
        result = yield
        if state.is_round_over:  # the move ended the round: every card is face up (G18)
            lines = game.rules.gnoming_lines(game=game)
            scored = [lone_mulligans(layout.cards, lines) for layout in state.layouts]
            tally = variant_state(state, NAME).counts
            counts = tuple(a + b for a, b in zip(tally, scored, strict=True))
            set_variant_state(state, NAME, GoldenTally(counts))
        return result


@cardrules.hookimpl
def cardrules_register_variants(register: Callable[[cardrules.VariantSpec], None]) -> None:
    register(
        cardrules.VariantSpec(
            name=NAME,
            game="gnoming-a-round",
            summary="G22: a Mulligan in no matching line scores -3.",
            plugin=GoldenMulliganRules(),
            state=StateSpec(
                type=GoldenTally,
                initial=lambda game, round: GoldenTally((0,) * game.players),
                per_match=True,
            ),
        )
    )
