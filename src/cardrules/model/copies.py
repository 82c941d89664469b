"""Fast copies of a round state with ``__slots__``: the code is written once, from the slots.

A game's round state is copied at every step of a search (``clone``), so it is
copied field by field, not through `copy.deepcopy`. `slot_copier` writes that
function for a class: each slot is shared (an immutable value, or one replaced
and never changed in place) or, if named in ``copied``, its ``.copy()``; slots
named in ``by_hand`` are left for the caller to set. Every slot is one of
these, so a slot added to the class is copied without being listed again.

    >>> class Round:
    ...     __slots__ = ("phase", "pile", "layouts")
    >>> copy = slot_copier(Round, copied=("pile",), by_hand=("layouts",))
    >>> one = Round()
    >>> one.phase, one.pile, one.layouts = "draw", [1, 2], [[3]]
    >>> two = copy(one)
    >>> two.layouts = [layout.copy() for layout in one.layouts]
    >>> two.pile.append(4)
    >>> (two.phase, one.pile, two.pile)
    ('draw', [1, 2], [1, 2, 4])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

__all__ = ["slot_copier"]

T = TypeVar("T")


def slot_copier(
    cls: type[T], *, copied: Iterable[str] = (), by_hand: Iterable[str] = ()
) -> Callable[[T], T]:
    """A function returning a new ``cls`` whose slots are those of its argument.

    Args:
        cls: a class whose ``__slots__`` (a tuple of names) hold all its state.
        copied: slots holding a mutable value with a ``copy()`` method (a list,
            a `cardrules.model.piles.Pile`...): the new object gets the copy.
        by_hand: slots the caller sets on the new object itself (a list of
            lists, say); the others are shared.

    Raises:
        TypeError: ``cls`` has no ``__slots__`` tuple, or a name in ``copied``
            or ``by_hand`` is not one of its slots.
    """
    slots = getattr(cls, "__slots__", None)
    if not isinstance(slots, tuple):
        raise TypeError(f"{cls.__name__} has no __slots__ tuple to copy")
    copied, by_hand = tuple(copied), tuple(by_hand)
    unknown = sorted(set(copied + by_hand) - set(slots))
    if unknown:
        raise TypeError(f"{cls.__name__} has no slots {unknown}")
    lines = [f"def copy_{cls.__name__}(self):", "    other = new(cls)"]
    for name in slots:
        if name in copied:
            lines.append(f"    other.{name} = self.{name}.copy()")
        elif name not in by_hand:
            lines.append(f"    other.{name} = self.{name}")
    lines.append("    return other")
    namespace: dict[str, object] = {"new": cls.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # one assignment a slot, as written by hand
    copier: Callable[[T], T] = namespace[f"copy_{cls.__name__}"]  # type: ignore[assignment]
    return copier
