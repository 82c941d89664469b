"""The eleven rounds: cards dealt and contract (rule R4), as data."""

from __future__ import annotations

import attrs

__all__ = ["CONTRACTS", "Contract"]


@attrs.frozen
class Contract:
    """What a round asks for.

    Attributes:
        cards: cards dealt to each player.
        sets: sets in the contract.
        runs: runs in the contract.
        whole_hand: no one may go out by discarding, and (by default) the
            lay-down must use every card in hand at once (round 11, R12).
    """

    cards: int
    sets: int
    runs: int
    whole_hand: bool = False

    def __str__(self) -> str:
        parts = []
        if self.runs:
            parts.append(f"{self.runs} run{'s' if self.runs > 1 else ''}")
        if self.sets:
            parts.append(f"{self.sets} set{'s' if self.sets > 1 else ''}")
        return " and ".join(parts)


#: R4: rounds 1-11 in order.
CONTRACTS: tuple[Contract, ...] = (
    Contract(12, sets=2, runs=0),
    Contract(12, sets=1, runs=1),
    Contract(12, sets=0, runs=2),
    Contract(12, sets=3, runs=0),
    Contract(12, sets=2, runs=1),
    Contract(12, sets=1, runs=2),
    Contract(12, sets=4, runs=0),
    Contract(12, sets=0, runs=3),
    Contract(15, sets=5, runs=0),
    Contract(16, sets=0, runs=4),
    Contract(14, sets=2, runs=2, whole_hand=True),
)
