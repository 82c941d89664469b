"""Knocking: the pieces of a *knock* house rule that any card game can reuse.

A knock is a move without fields (notation ``knock``) by which a player ends
the round, or starts its last turns, early. What a game decides is when a
knock is legal and what it does; what stays the same from game to game lives
here: the move (`Knock`), the variant state that remembers the knocker
(`KnockState`, for a `cardrules.plugins.variant_state.StateSpec`), its
notation (`parse_knock`) and its tensor plane (`KNOCKER`, for a
`cardrules.plugins.variant_moves.MoveKind` of a variant named ``knock``).
`knock_kind` and `knock_variant` put them together with what the game gives.

Examples:
    >>> parse_knock(" Knock "), parse_knock("draw")
    (Knock(), None)
    >>> KNOCKER.planes(type("Game", (), {"players": 3})())
    (('knocker', (3,), '1 at the knocker, by relative seat'),)
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.model.moves import Move
from cardrules.plugins.specs import VariantSpec
from cardrules.plugins.variant_moves import MoveKind
from cardrules.plugins.variant_planes import SeatPlane
from cardrules.plugins.variant_state import StateSpec

__all__ = [
    "KNOCKER",
    "Knock",
    "KnockState",
    "knock_kind",
    "knock_variant",
    "parse_knock",
]


@attrs.frozen
class KnockState:
    """The seat that knocked this round, or ``None``."""

    knocker: int | None = None


@attrs.frozen
class Knock(Move):
    """Knock (notation ``knock``): what it does is the game's (its variant's ``apply``)."""

    def __str__(self) -> str:
        return "knock"


def parse_knock(text: str) -> Knock | None:
    """`Knock` for the text ``knock`` (any case, spaces around), else ``None``."""
    return Knock() if text.strip().lower() == "knock" else None


#: The ``knocker`` plane of a variant named ``knock`` whose `KnockState` is public.
KNOCKER = SeatPlane("knock", "knocker", "knocker", "1 at the knocker, by relative seat")


def knock_kind(**parts: Any) -> MoveKind:
    """The `MoveKind` ``knock``: the move `Knock`, read by `parse_knock`, shown by `KNOCKER`.

    Args:
        parts: the game's part, the other `cardrules.plugins.variant_moves.MoveKind`
            fields by keyword: ``rule`` (named by a refused knock), ``legal``
            (when a knock is legal), ``apply`` (what it does; it records the
            knocker in `KnockState`), ``narrate``, ``prompt`` and, optionally,
            ``explain``.

    Raises:
        cardrules.plugins.variant_moves.MoveKindError: a part is missing or
            inconsistent (as `MoveKind` raises it).
        TypeError: a part that is no field of `MoveKind`, or one of the knock's own.
    """
    return MoveKind(
        name="knock",
        type=Knock,
        parse=parse_knock,
        planes=KNOCKER.planes,
        encode=KNOCKER.encode,
        encode_state=KNOCKER.encode_state,
        **parts,
    )


def knock_variant(
    game: str, summary: str, kind: MoveKind, *, plugin: object, options_type: type
) -> VariantSpec:
    """The variant ``knock`` of ``game``: its state `KnockState`, its move ``kind`` (`knock_kind`).

    Args:
        game: the game's registered name.
        summary: the variant's one line (rule id first).
        kind: the move kind, from `knock_kind`.
        plugin: the variant's hook implementations (its rule points).
        options_type: the variant's options (a frozen ``attrs`` class).
    """
    return VariantSpec(
        "knock",
        game,
        summary,
        plugin=plugin,
        state=StateSpec(type=KnockState),
        moves=(kind,),
        options_type=options_type,
    )
