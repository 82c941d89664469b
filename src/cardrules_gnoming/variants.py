"""House rules for Gnoming A Round that ship with cardrules.

Each variant is a small plugin: a class whose docstring says what changes, and
whose ``spec`` declares it. The classes here set an option of `GnomingOptions`
(each is an *Interpretation* of the rules); those in
`cardrules_gnoming.house_rules` change a rule point through its hook. Choose
them with ``new_game(..., variants=["no-bounce"])`` or
``cardrules play gnoming-a-round --variant no-bounce``.
"""

from __future__ import annotations

from cardrules.plugins.registry import VariantSpec
from cardrules_gnoming.house_rules import diagonals, knock, peek, snap

__all__ = [
    "VARIANTS",
    "CostlyHazards",
    "KeepTakenDiscard",
    "NoBounce",
    "SameStarter",
    "TieIsPenalty",
]

GAME = "gnoming-a-round"


class NoBounce:
    """No bouncing (G12): a card revealed by a placement is always discarded."""

    spec = VariantSpec("no-bounce", GAME, "G12: cards never bounce.", {"bouncing": False})


class KeepTakenDiscard:
    """A card taken from a discard pile must be kept (G11): it goes into the layout."""

    spec = VariantSpec(
        "keep-taken-discard",
        GAME,
        "G11: a card taken from a discard pile must be kept.",
        {"taken_discard_must_be_kept": True},
    )


class SameStarter:
    """The same seat starts every round (G7), instead of the start passing left."""

    spec = VariantSpec(
        "same-starter", GAME, "G7: the same seat starts every round.", {"rotate_first_seat": False}
    )


class TieIsPenalty:
    """An ender tied for the lowest round score takes the penalty (G23), not the bonus."""

    spec = VariantSpec(
        "tie-is-penalty",
        GAME,
        "G23: an ender tied for lowest takes the penalty.",
        {"ender_tie_is_lowest": False},
    )


class CostlyHazards:
    """A Hazard left in a layout costs 20 points instead of 10 (G22)."""

    spec = VariantSpec(
        "costly-hazards", GAME, "G22: a Hazard in a layout costs 20.", {"hazard_points": 20}
    )


#: Every bundled variant, in the order ``cardrules games`` lists them.
VARIANTS: tuple[VariantSpec, ...] = (
    *(v.spec for v in (NoBounce, KeepTakenDiscard, SameStarter, TieIsPenalty, CostlyHazards)),
    diagonals.SPEC,
    knock.SPEC,
    peek.SPEC,
    snap.SPEC,
)
