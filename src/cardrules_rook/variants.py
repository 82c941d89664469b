"""House rules for Toonerville Rook that ship with cardrules.

Each variant is a small plugin, written as an outside author would: a class
whose docstring says what changes, and whose ``spec`` declares it. A variant
that changes a rule point implements that hook of `cardrules_rook.hookspecs`
(``three-buys`` wraps ``rook_may_buy``, R10; ``round-the-corner`` answers
``rook_runs_wrap``, R7); the others set the option of
`RookOptions` that their *Interpretation* names: ``more-naturals`` is the
Rooks-per-meld option, which the contract search's shortcuts know (a
``rook_meld_valid`` hook would send every search down the exact path: a
greedy match about six times slower), and the rules of ``lay-off-next-turn`` (R11) and
``unlimited-rebuilds`` (R16) are options only. Choose them with
``new_game(..., variants=["three-buys"])`` or
``cardrules play toonerville-rook --variant three-buys``.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cardrules import hookimpl
from cardrules.plugins.registry import VariantSpec
from cardrules_rook import knock, may_i

__all__ = [
    "VARIANTS",
    "LayOffNextTurn",
    "MoreNaturals",
    "RoundTheCorner",
    "ThreeBuys",
    "UnlimitedRebuilds",
]

GAME = "toonerville-rook"


class ThreeBuys:
    """At most three buys per player per round (R10): wraps the hook ``rook_may_buy``."""

    @hookimpl(wrapper=True)
    def rook_may_buy(self, game: Any, state: Any, seat: int) -> Generator[None, bool, bool]:
        allowed = yield  # the game's rule (and any other variant's) first
        return allowed and state.buys[seat] < 3

    @property
    def spec(self) -> VariantSpec:
        """The declaration: this object brings the hook."""
        return VariantSpec(
            "three-buys", GAME, "R10: at most three buys per player per round.", plugin=self
        )


class RoundTheCorner:
    """Runs may go round the corner, from 14 on to 1, as in 13-14-1-2 (R7).

    Implements the hook ``rook_runs_wrap``; the game then offers, lays off onto,
    swaps in, writes and encodes wrapping runs. A run still holds four cards or
    more and at most all 14 numbers.
    """

    @hookimpl
    def rook_runs_wrap(self, game: Any) -> bool:
        return True

    @property
    def spec(self) -> VariantSpec:
        """The declaration: this object brings the hook."""
        return VariantSpec(
            "round-the-corner", GAME, "R7: runs may wrap from 14 to 1 (13-14-1-2).", plugin=self
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
VARIANTS: tuple[VariantSpec, ...] = (
    ThreeBuys().spec,
    MoreNaturals.spec,
    LayOffNextTurn.spec,
    UnlimitedRebuilds.spec,
    knock.SPEC,
    RoundTheCorner().spec,
    may_i.SPEC,
)
