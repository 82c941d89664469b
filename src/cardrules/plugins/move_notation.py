"""The default notation and action ids of a variant's kind of move: its name and its numbers.

Most moves a house rule adds are written as a word, or a word and a few
whole numbers: ``knock``, ``refuse``, ``snap 4``. A
`cardrules.plugins.variant_moves.MoveKind` that gives no ``parse`` reads
such text with `parse_words`: the kind's ``name``, then one whole number per
field of its move class, in the order the fields are declared. A kind of
several ids whose move has a single field, and which gives neither ``id_of``
nor ``move_of``, numbers its moves by that field (`field_index`, `of_index`).
"""

from __future__ import annotations

import attrs

from cardrules.errors import InvalidMoveError, quote
from cardrules.model.moves import Move

__all__ = ["field_index", "fields_of", "of_index", "parse_words"]


def fields_of(move_type: type[Move]) -> tuple[str, ...]:
    """The names of the fields of ``move_type`` (an ``attrs`` class), in declared order.

    Examples:
        >>> @attrs.frozen
        ... class Snap(Move):
        ...     position: int
        >>> fields_of(Snap)
        ('position',)
    """
    return tuple(field.name for field in attrs.fields(move_type)) if attrs.has(move_type) else ()


def parse_words(name: str, move_type: type[Move], text: str, ids: int = 0) -> Move | None:
    """Read ``text`` as ``"<name> N ..."``: the move, or ``None`` for text of another kind.

    Args:
        name: the kind's name, its first word (case does not matter).
        move_type: the move class; its fields, in declared order, are whole numbers.
        text: what was typed or recorded, e.g. ``"snap 4"``.
        ids: with a single field, the size of the kind's action block: the
            number must then be ``0 .. ids-1`` (0: no bound).

    Raises:
        InvalidMoveError: the first word is ``name`` but the rest is not one
            whole number per field (or the number is outside ``0 .. ids-1``).

    Examples:
        >>> @attrs.frozen
        ... class Snap(Move):
        ...     position: int
        >>> parse_words("snap", Snap, " Snap 4"), parse_words("snap", Snap, "knock", 9)
        (Snap(position=4), None)
    """
    words = text.strip().lower().split()
    if not words or words[0] != name:
        return None
    fields = fields_of(move_type)
    numbers = words[1:]
    if len(numbers) != len(fields) or not all(_whole(word) for word in numbers):
        shape = " ".join([name, *(field.upper() for field in fields)])
        raise InvalidMoveError(f"{quote(text)} is not {shape!r} (whole numbers)")
    values = [int(word) for word in numbers]
    if ids and len(values) == 1 and not 0 <= values[0] < ids:
        raise InvalidMoveError(f"{name} takes a number 0 to {ids - 1}, got {quote(text)}")
    return move_type(*values)


def _whole(word: str) -> bool:
    digits = word.removeprefix("-")
    return digits.isascii() and digits.isdigit()


def field_index(move: Move) -> int:
    """The value of the single field of ``move``: its index in its kind's action block."""
    index: int = getattr(move, fields_of(type(move))[0])
    return index


def of_index(move_type: type[Move], index: int) -> Move:
    """The move of ``move_type`` (a class of a single field) whose field is ``index``."""
    return move_type(index)  # type: ignore[call-arg]
