"""House rules for Toonerville Rook that ship with cardrules.

Each variant is a small plugin: a class whose docstring says what changes, and
whose ``spec`` declares it. These set an option of `RookOptions`; choose
them with ``new_game(..., variants=["three-buys"])`` or
``cardrules play toonerville-rook --variant three-buys``.
"""

from __future__ import annotations

from cardrules.registry import VariantSpec

__all__ = ["VARIANTS", "LayOffNextTurn", "MoreNaturals", "ThreeBuys", "UnlimitedRebuilds"]

GAME = "toonerville-rook"


class ThreeBuys:
    """At most three buys per player per round (R10)."""

    spec = VariantSpec(
        "three-buys", GAME, "R10: at most three buys per player per round.", {"buy_limit": 3}
    )


class MoreNaturals:
    """Every meld holds more natural cards than Rooks (R7/R8 with R13)."""

    spec = VariantSpec(
        "more-naturals",
        GAME,
        "R7/R8: a meld needs more natural cards than Rooks.",
        {"naturals_exceed_rooks": True},
    )


class LayOffNextTurn:
    """Laying off starts only from the turn after going down (R11)."""

    spec = VariantSpec(
        "lay-off-next-turn",
        GAME,
        "R11: lay off only from the turn after going down.",
        {"lay_off_same_turn": False},
    )


class UnlimitedRebuilds:
    """The draw pile may be rebuilt from the discards any number of times (R16)."""

    spec = VariantSpec(
        "unlimited-rebuilds", GAME, "R16: no limit on draw-pile rebuilds.", {"stock_rebuilds": None}
    )


#: Every bundled variant.
VARIANTS: tuple[VariantSpec, ...] = tuple(
    v.spec for v in (ThreeBuys, MoreNaturals, LayOffNextTurn, UnlimitedRebuilds)
)
