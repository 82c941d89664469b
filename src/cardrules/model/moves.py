"""The base of every move value.

A game's moves are frozen, hashable ``attrs`` classes deriving from
`Move`. ``str(move)`` is the move's notation, and the game parses that
notation back (``GameState.parse_move``), so ``parse_move(str(m)) == m``.
"""

from __future__ import annotations

from typing import ClassVar

__all__ = ["Move"]


class Move:
    """Base class of moves. Subclasses are ``@attrs.frozen`` and define ``__str__``.

    Attributes:
        rule: the id of the rule that governs moves of this class (a class
            attribute, e.g. ``rule = "C3"``), cited when such a move is refused
            and the game's ``cardrules_explain_illegal`` gives no finer reason;
            ``None`` (the default) leaves it to `cardrules.GameSpec.move_rule`.
        declines_offer: ``True`` on a kind of move that turns down something
            offered to a seat outside its own turn (Toonerville Rook's ``pass``
            on a discard for sale, R10). A person playing at the terminal may
            have such moves made for them (``cardrules play --auto-pass``, or
            ``auto`` at the prompt). Declared as ``ClassVar[bool]``.
    """

    __slots__ = ()

    rule: ClassVar[str | None] = None
    declines_offer: ClassVar[bool] = False

    def __str__(self) -> str:  # pragma: no cover - every game overrides it
        raise NotImplementedError
