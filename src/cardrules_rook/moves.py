"""The moves of Toonerville Rook and their notation.

Melds on the table are numbered from 0 in the order they were laid. Cards are
written ``R7``, ``Y14``, ``Rook``; inside a meld a Rook is ``*`` and what it
stands for (``*R5`` in a run, ``*7`` in a set).

=================================  ===============================  ==========
move                               notation                         rule
=================================  ===============================  ==========
``Draw()``                         ``draw``                         R9
``Take()``                         ``take``                         R9
``Buy()`` / ``Pass()``             ``buy`` / ``pass``               R10
``MeldDown(meld)``                 ``meld R3 R4 *R5 R6``            R11, R14
``LayDown((meld, ...))``           ``lay down R7 B7 *7 / G2 G2 G2`` R11
``LayOff(2, card, number)``        ``lay off R8 on 2``, ``lay off *9 on 2``  R11, R13
``Swap(3, card)``                  ``swap R5 on 3``                 R14
``Discard(card)``                  ``discard B12``                  R12
=================================  ===============================  ==========

``MeldDown`` lays one meld: a step of the contract lay-down, or a new meld the
rules allow later (R14). ``LayDown`` is the whole lay-down at once; it is not
listed by ``legal_moves()`` (the steps are) but is accepted when legal.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardrules.errors import InvalidMoveError, quote
from cardrules.model.moves import Move
from cardrules_rook.cards import Card, number_in
from cardrules_rook.meld_reading import meld_from_str
from cardrules_rook.melds import Meld

__all__ = [
    "Buy",
    "Discard",
    "Draw",
    "LayDown",
    "LayOff",
    "MeldDown",
    "Pass",
    "RookMove",
    "Swap",
    "Take",
    "parse_move",
]


@attrs.frozen
class Draw(Move):
    """Draw the top card of the draw pile (R9); others may buy the discard first (R10)."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Take(Move):
    """Take the top card of the discard pile (R9)."""

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class Buy(Move):
    """Buy the offered discard, with a penalty card from the draw pile (R10)."""

    def __str__(self) -> str:
        return "buy"


@attrs.frozen
class Pass(Move):
    """Decline to buy the offered discard (R10): human play can pass for the person
    (``cardrules play --auto-pass``)."""

    declines_offer: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class MeldDown(Move):
    """Lay one meld from hand onto the table (R11, R14).

    Attributes:
        meld: the meld, its cards from hand (``cardrules_rook.melds.Meld``).
    """

    meld: Meld

    def __str__(self) -> str:
        return f"meld {self.meld}"


@attrs.frozen
class LayDown(Move):
    """Lay down the whole contract at once (R11): the melds, in any order.

    Attributes:
        melds: the contract's melds (a tuple of ``Meld``).
    """

    melds: tuple[Meld, ...]

    def __str__(self) -> str:
        return "lay down " + " / ".join(map(str, self.melds))


@attrs.frozen
class LayOff(Move):
    """Add ``card`` from hand to table meld ``target``, standing for ``number`` (R11, R13).

    For a natural card ``number`` is its own number; for a Rook it is the
    number it stands for (in a run, at one end; in a set, the set's number).

    Attributes:
        target: the index of the table meld, from 0 in the order laid.
        card: the card from hand (a ``Card``; the Rook is ``Card.from_str("Rook")``).
        number: the number 1-14 the card stands for in that meld.
    """

    target: int
    card: Card
    number: int

    def __str__(self) -> str:
        shown = f"*{self.number}" if self.card.is_rook else str(self.card)
        return f"lay off {shown} on {self.target}"


@attrs.frozen
class Swap(Move):
    """Put natural ``card`` into run ``target`` in place of the Rook standing for it (R14).

    Attributes:
        target: the index of the table run, from 0 in the order laid.
        card: the natural card from hand that takes the Rook's place.
    """

    target: int
    card: Card

    def __str__(self) -> str:
        return f"swap {self.card} on {self.target}"


@attrs.frozen
class Discard(Move):
    """Discard ``card`` onto the discard pile, ending the turn (R12).

    Attributes:
        card: the card from hand.
    """

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


RookMove = Draw | Take | Buy | Pass | MeldDown | LayDown | LayOff | Swap | Discard


def _index(word: str, text: str) -> int:
    index = number_in(word, digits=6)
    if index is None:
        raise InvalidMoveError(
            f"not a Rook move: {quote(text)} ({quote(word)} is not a meld number)"
        )
    return index


def parse_move(text: str, *, wrap: bool = False) -> Move:
    """Parse move notation (see the module docstring).

    ``wrap``: runs may wrap from 14 to 1 (rule point ``rook_runs_wrap``, R7),
    so a meld's notation may go round the corner (``meld R13 R14 R1 R2``).

    Raises:
        cardrules.InvalidMoveError: the text is not a Toonerville Rook move.

    Examples:
        >>> parse_move("lay off *9 on 2")
        LayOff(target=2, card=Card.from_str('Rook'), number=9)
    """
    words = text.strip().split()
    lowered = [w.lower() for w in words]
    simple = {"draw": Draw, "take": Take, "buy": Buy, "pass": Pass}
    if len(words) == 1 and lowered[0] in simple:
        return simple[lowered[0]]()
    if lowered[:1] == ["meld"] and len(words) > 1:
        return MeldDown(meld_from_str(" ".join(words[1:]), wrap=wrap))
    if lowered[:2] == ["lay", "down"] and len(words) > 2:
        parts = " ".join(words[2:]).split("/")
        return LayDown(tuple(meld_from_str(p, wrap=wrap) for p in parts))
    if lowered[:2] == ["lay", "off"] and len(words) == 5 and lowered[3] == "on":
        placed = words[2]
        target = _index(words[4], text)
        if placed.startswith("*"):
            number = number_in(placed[1:])
            if number is None or not 1 <= number <= 14:
                raise InvalidMoveError(f"a laid-off Rook stands for a number 1-14: {quote(text)}")
            return LayOff(target, Card.from_str("Rook"), number)
        card = Card.from_str(placed)
        if card.is_rook:
            raise InvalidMoveError(f"say what the Rook stands for: 'lay off *9 on {target}'")
        return LayOff(target, card, card.number)
    if lowered[:1] == ["swap"] and len(words) == 4 and lowered[2] == "on":
        card = Card.from_str(words[1])
        if card.is_rook:
            raise InvalidMoveError("a swap puts a natural card in place of a Rook")
        return Swap(_index(words[3], text), card)
    if lowered[:1] == ["discard"] and len(words) == 2:
        return Discard(Card.from_str(words[1]))
    raise InvalidMoveError(
        f"not a Rook move: {quote(text)} (moves: draw, take, buy, pass, meld ..., "
        "lay down ... / ..., lay off C on N, swap C on N, discard C)"
    )
