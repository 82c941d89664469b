"""The moves of Gnoming A Round and their notation.

Layout positions are numbered 0-8 row by row:

    0 1 2
    3 4 5
    6 7 8

Discard piles are numbered 0 and 1. Notation (``str(move)``, parsed back by
`parse_move`):

============================  ==========================================  =====
move                          notation                                    rule
============================  ==========================================  =====
``Reveal((0, 4))``            ``reveal 0 4``                              G6
``Draw(STOCK)``/``Draw(1)``   ``draw stock`` / ``draw pile 1``            G9
``Place(4)``                  ``place 4``                                 G10
``Bounce(7)``                 ``bounce 7``                                G12
``Discard(0)``/``Discard()``  ``discard 0`` / ``discard`` (a Hazard)      G11, G14, G15
``Flip(3)`` / ``Pass()``      ``flip 3`` / ``pass``                       G15
============================  ==========================================  =====
"""

from __future__ import annotations

from typing import Final

import attrs

from cardrules.errors import InvalidMoveError
from cardrules.moves import Move

__all__ = [
    "STOCK",
    "Bounce",
    "Discard",
    "Draw",
    "Flip",
    "GnomingMove",
    "Pass",
    "Place",
    "Reveal",
    "parse_move",
]

#: The draw-pile source of a `Draw`.
STOCK: Final = "stock"

POSITIONS = range(9)


def _position(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
        raise InvalidMoveError(f"{attribute.name} must be a layout position 0-8, got {value!r}")


def _pile(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise InvalidMoveError(f"{attribute.name} must be discard pile 0 or 1, got {value!r}")


def _positions(
    instance: object, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]
) -> None:
    if not isinstance(value, tuple) or any(
        isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= 8 for p in value
    ):
        raise InvalidMoveError(f"reveal needs layout positions 0-8, got {value!r}")
    if list(value) != sorted(set(value)):
        raise InvalidMoveError(f"reveal positions must be distinct and increasing, got {value!r}")


@attrs.frozen
class Reveal(Move):
    """Turn these own layout positions face up at the start of a round (G6)."""

    positions: tuple[int, ...] = attrs.field(validator=_positions)

    def __str__(self) -> str:
        return " ".join(["reveal", *map(str, self.positions)])


@attrs.frozen
class Draw(Move):
    """Take the top card of the draw pile (``STOCK``) or of discard pile 0 or 1 (G9)."""

    source: str | int = attrs.field()

    @source.validator
    def _check(self, attribute: attrs.Attribute[str | int], value: str | int) -> None:
        if value != STOCK and (isinstance(value, bool) or value not in (0, 1)):
            raise InvalidMoveError(f"draw from 'stock', 0 or 1, got {value!r}")

    def __str__(self) -> str:
        return "draw stock" if self.source == STOCK else f"draw pile {self.source}"


@attrs.frozen
class Place(Move):
    """Keep the drawn card: put it at ``position``, displacing the card there (G10)."""

    position: int = attrs.field(validator=_position)

    def __str__(self) -> str:
        return f"place {self.position}"


@attrs.frozen
class Bounce(Move):
    """Put the displaced card at ``position``, a place not yet filled this turn (G12)."""

    position: int = attrs.field(validator=_position)

    def __str__(self) -> str:
        return f"bounce {self.position}"


@attrs.frozen
class Discard(Move):
    """Discard the card in hand onto discard pile 0 or 1 (G14); a Hazard has no pile (G15)."""

    pile: int | None = attrs.field(default=None, validator=_pile)

    def __str__(self) -> str:
        return "discard" if self.pile is None else f"discard {self.pile}"


@attrs.frozen
class Flip(Move):
    """After another player's Hazard discard, turn up own face-down ``position`` (G15)."""

    position: int = attrs.field(validator=_position)

    def __str__(self) -> str:
        return f"flip {self.position}"


@attrs.frozen
class Pass(Move):
    """Decline the flip a Hazard discard offers (G15)."""

    def __str__(self) -> str:
        return "pass"


GnomingMove = Reveal | Draw | Place | Bounce | Discard | Flip | Pass


def _int(word: str, text: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise InvalidMoveError(f"not a Gnoming move: {text!r} ({word!r} is not a number)") from None


def parse_move(text: str) -> GnomingMove:
    """Parse move notation (see the module docstring).

    Raises:
        cardrules.InvalidMoveError: the text is not a Gnoming A Round move.

    Examples:
        >>> parse_move("place 4")
        Place(position=4)
    """
    words = text.strip().lower().split()
    if not words:
        raise InvalidMoveError("empty move text")
    verb, args = words[0], words[1:]
    if verb == "reveal":  # "reveal" alone turns up nothing (initial_reveals=0)
        return Reveal(tuple(_int(w, text) for w in args))
    if verb == "draw" and args == ["stock"]:
        return Draw(STOCK)
    if verb == "draw" and len(args) == 2 and args[0] == "pile":
        return Draw(_int(args[1], text))
    if verb in ("place", "bounce", "flip") and len(args) == 1:
        position = _int(args[0], text)
        return (
            Place(position)
            if verb == "place"
            else (Bounce(position) if verb == "bounce" else Flip(position))
        )
    if verb == "discard" and len(args) <= 1:
        return Discard(_int(args[0], text) if args else None)
    if verb == "pass" and not args:
        return Pass()
    raise InvalidMoveError(
        f"not a Gnoming move: {text!r} (moves: reveal P P, draw stock, draw pile N, "
        "place P, bounce P, discard [N], flip P, pass)"
    )
