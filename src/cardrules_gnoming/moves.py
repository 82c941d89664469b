"""The moves of Gnoming A Round and their notation.

Layout positions are numbered 0-8 row by row:

    0 1 2
    3 4 5
    6 7 8

Discard piles are numbered 0 and 1; the draw pile is the stock. Notation
(``str(move)``, parsed back by `parse_move`):

============================  ==========================================  =====
move                          notation                                    rule
============================  ==========================================  =====
``Reveal((0, 4))``            ``reveal 0 4``                              G6
``Draw(STOCK)``               ``draw stock``                              G9
``Draw(1)``                   ``take discard 1``                          G9
``Place(4)``                  ``place 4``                                 G10
``Bounce(7)``                 ``bounce 7``                                G12
``Discard(0)``/``Discard()``  ``discard 0`` / ``discard`` (a Hazard)      G11, G14, G15
``Flip(3)`` / ``Pass()``      ``flip 3`` / ``pass``                       G15
============================  ==========================================  =====

`parse_move` also reads the obvious other spellings: reveal positions in any
order (``reveal 8 0``; a `Reveal` keeps them in increasing order), ``draw``
alone for the stock, ``take 1``, ``take pile 1``, ``draw discard 1`` and
``discard on 1`` / ``discard pile 1``. Older records spell a discard-pile draw
``draw pile 1``; that spelling is still read, so they load and replay unchanged
(a record written now says ``take discard 1``).
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import ClassVar, Final

import attrs

from cardrules.errors import InvalidMoveError, quote
from cardrules.model.moves import Move

__all__ = [
    "BOUNCES",
    "DISCARDS",
    "DRAWS",
    "FLIPS",
    "PASS",
    "PLACES",
    "REVEALS",
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
    "reveal_moves",
]

#: The draw-pile source of a `Draw`.
STOCK: Final = "stock"

POSITIONS = range(9)


def _position(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
        raise InvalidMoveError(
            f"{attribute.name} must be a layout position 0-8, got {quote(value)}"
        )


def _pile(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or value not in (0, 1)):
        raise InvalidMoveError(f"{attribute.name} must be discard pile 0 or 1, got {quote(value)}")


def _in_order(value: object) -> object:
    """Positions in increasing order (their order means nothing); anything else as given."""
    if isinstance(value, tuple | list) and all(
        isinstance(p, int) and not isinstance(p, bool) for p in value
    ):
        return tuple(sorted(value))
    return value


def _positions(
    instance: object, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]
) -> None:
    if not isinstance(value, tuple) or any(
        isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= 8 for p in value
    ):
        raise InvalidMoveError(f"reveal needs layout positions 0-8, got {quote(value)}")
    if len(set(value)) != len(value):
        raise InvalidMoveError(f"reveal positions must be distinct, got {quote(value)}")


@attrs.frozen
class Reveal(Move):
    """Turn these own layout positions face up at the start of a round (G6).

    Attributes:
        positions: distinct own layout positions 0-8, kept in increasing order
            whatever order they are given in (``Reveal((8, 0)) == Reveal((0, 8))``).

    Raises:
        cardrules.InvalidMoveError: a position is not 0-8, or one repeats.
    """

    positions: tuple[int, ...] = attrs.field(converter=_in_order, validator=_positions)

    def __str__(self) -> str:
        return " ".join(["reveal", *map(str, self.positions)])


@attrs.frozen
class Draw(Move):
    """Take the top card of the draw pile (``source=STOCK``, notation ``draw stock``) or
    of discard pile 0 or 1 (``source=0``/``1``, notation ``take discard 0``) (G9).

    Attributes:
        source: ``STOCK`` (the text ``"stock"``) for the draw pile, or the
            number 0 or 1 of a discard pile: ``Draw(STOCK)``, ``Draw(1)``.

    Raises:
        cardrules.InvalidMoveError: ``source`` is not ``"stock"``, 0 or 1.
    """

    source: str | int = attrs.field()

    @source.validator
    def _check(self, attribute: attrs.Attribute[str | int], value: str | int) -> None:
        if value != STOCK and (isinstance(value, bool) or value not in (0, 1)):
            raise InvalidMoveError(f"draw from 'stock', 0 or 1, got {quote(value)}")

    def __str__(self) -> str:
        return "draw stock" if self.source == STOCK else f"take discard {self.source}"


@attrs.frozen
class _AtPosition(Move):
    """A move at one own layout position 0-8 (`Place`, `Bounce`, `Flip`), written as
    its word and the position (``place 4``).

    Raises:
        cardrules.InvalidMoveError: ``position`` is not 0-8.
    """

    position: int = attrs.field(validator=_position)
    #: The move's word in the notation.
    word: ClassVar[str]

    def __str__(self) -> str:
        return f"{self.word} {self.position}"


@attrs.frozen
class Place(_AtPosition):
    """Keep the drawn card: put it at ``position`` (0-8), displacing the card there (G10).

    Attributes:
        position: the own layout position 0-8 that receives the card: ``Place(4)``.
    """

    word = "place"


@attrs.frozen
class Bounce(_AtPosition):
    """Put the displaced card at ``position`` (0-8), a place not yet filled this turn (G12).

    Attributes:
        position: the own layout position 0-8 that receives it: ``Bounce(7)``.
    """

    word = "bounce"


@attrs.frozen
class Discard(Move):
    """Discard the card in hand onto discard pile ``pile`` (0 or 1) (G14); a Hazard
    leaves the round, so its discard has ``pile=None`` (notation ``discard``) (G15).

    Attributes:
        pile: the discard pile 0 or 1, or ``None`` for a Hazard: ``Discard(0)``,
            ``Discard()``.

    Raises:
        cardrules.InvalidMoveError: ``pile`` is not 0, 1 or ``None``.
    """

    pile: int | None = attrs.field(default=None, validator=_pile)

    def __str__(self) -> str:
        return "discard" if self.pile is None else f"discard {self.pile}"


@attrs.frozen
class Flip(_AtPosition):
    """After another player's Hazard discard, turn up own face-down ``position`` (0-8) (G15).

    Attributes:
        position: the own face-down layout position 0-8 to turn up: ``Flip(3)``.
    """

    word = "flip"


@attrs.frozen
class Pass(Move):
    """Decline the flip a Hazard discard offers (G15)."""

    def __str__(self) -> str:
        return "pass"


GnomingMove = Reveal | Draw | Place | Bounce | Discard | Flip | Pass

# One shared value per move the rules list (moves are frozen values, so sharing is
# safe): listing them makes no objects, and an action id is found by identity
# (`cardrules_gnoming.actions`).

#: ``Place(p)`` by position.
PLACES: Final = tuple(Place(p) for p in POSITIONS)
#: ``Bounce(p)`` by position.
BOUNCES: Final = tuple(Bounce(p) for p in POSITIONS)
#: ``Flip(p)`` by position.
FLIPS: Final = tuple(Flip(p) for p in POSITIONS)
#: ``Draw(source)`` by source: `STOCK`, 0 or 1.
DRAWS: Final = {source: Draw(source) for source in (STOCK, 0, 1)}
#: ``Discard(pile)`` by pile: 0, 1, or ``None`` (a Hazard, which goes on no pile).
DISCARDS: Final = {pile: Discard(pile) for pile in (0, 1, None)}
#: The one ``Pass()``.
PASS: Final = Pass()
#: ``Reveal(positions)`` by its positions (increasing), for every set of positions 0-8.
REVEALS: Final = {
    positions: Reveal(positions)
    for count in range(10)
    for positions in combinations(POSITIONS, count)
}


@functools.cache
def reveal_moves(count: int) -> tuple[Reveal, ...]:
    """The shared ``Reveal`` of every ``count`` positions (0-9), in `itertools.combinations`
    order: what a player may turn up at the start of a round (G6)."""
    return tuple(REVEALS[positions] for positions in combinations(POSITIONS, count))


def _int(word: str, text: str) -> int:
    """A position or pile number: 1 to 3 ASCII digits (``int`` alone would take ``"٣"``)."""
    if 0 < len(word) <= 3 and word.isascii() and word.isdigit():
        return int(word)
    raise InvalidMoveError(f"not a Gnoming move: {quote(text)} ({quote(word)} is not a number)")


#: Words that may stand between a verb and a discard pile's number: ``take discard pile 1``.
_PILE_WORDS = frozenset({"discard", "pile", "from", "on", "onto", "to"})


def _pile_number(args: list[str], text: str) -> int | None:
    """The pile number after optional pile words (``["discard", "1"]`` -> 1), or None."""
    while args and args[0] in _PILE_WORDS:
        args = args[1:]
    if len(args) != 1:
        return None
    digits = args[0].removeprefix("-")  # a negative pile is refused by the move, by name
    if not (0 < len(digits) <= 3 and digits.isascii() and digits.isdigit()):
        return None  # ASCII only: "²".isdigit() is true, but int("²") raises
    return int(args[0])


def parse_move(text: str) -> GnomingMove:
    """Parse move notation (see the module docstring for the spellings read).

    Raises:
        cardrules.InvalidMoveError: the text is not a Gnoming A Round move.

    Examples:
        >>> parse_move("place 4")
        Place(position=4)
        >>> str(parse_move("reveal 8 0")), str(parse_move("draw pile 1"))
        ('reveal 0 8', 'take discard 1')
    """
    words = text.strip().lower().split()
    if not words:
        raise InvalidMoveError("empty move text")
    verb, args = words[0], words[1:]
    if verb == "reveal":  # "reveal" alone turns up nothing (initial_reveals=0)
        return Reveal(tuple(_int(w, text) for w in args))
    if verb == "draw" and args in ([], ["stock"], ["from", "stock"]):
        return Draw(STOCK)
    if verb in ("draw", "take") and args and (verb == "take" or args[0] in _PILE_WORDS):
        pile = _pile_number(args, text)
        if pile is not None:
            return Draw(pile)
    if verb in ("place", "bounce", "flip") and len(args) == 1:
        position = _int(args[0], text)
        return (
            Place(position)
            if verb == "place"
            else (Bounce(position) if verb == "bounce" else Flip(position))
        )
    if verb == "discard" and not args:
        return Discard(None)
    if verb == "discard":
        pile = _pile_number(args, text)
        if pile is not None:
            return Discard(pile)
    if verb == "pass" and not args:
        return Pass()
    raise InvalidMoveError(
        f"not a Gnoming move: {quote(text)} (moves: reveal P P, draw stock, take discard N, "
        "place P, bounce P, discard [N], flip P, pass)"
    )
