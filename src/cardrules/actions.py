"""Integer action ids: a fixed, documented numbering of every move of a game.

Learning agents and adapters (PettingZoo, OpenSpiel) see moves as integers
``0 .. size-1``. Each game answers ``cardrules_action_space`` with an
`ActionSpace` for a `cardrules.Game` (its options, players and deck): the
numbering never depends on the state, so an id means the same move in every
state of every match with that configuration.

An action space is made of consecutive `ActionBlock` ranges, one per kind
of move; ``space.blocks`` documents the layout (``cardrules spaces GAME``
prints it).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

import attrs

from cardrules.errors import InvalidMoveError
from cardrules.moves import Move

__all__ = ["ActionBlock", "ActionSpace"]


@attrs.frozen
class ActionBlock:
    """One range of ids: ``start .. start+size-1``, all moves of one kind.

    Attributes:
        name: the kind of move, for example ``"place"``.
        start: the first id of the block.
        size: how many ids the block holds.
        layout: how an id inside the block is made, for example
            ``"start + position (0-8)"``.
    """

    name: str
    start: int
    size: int
    layout: str

    @property
    def stop(self) -> int:
        """One past the last id of the block."""
        return self.start + self.size


def blocks_from(specs: Iterable[tuple[str, int, str]]) -> tuple[ActionBlock, ...]:
    """Lay ``(name, size, layout)`` ranges end to end from id 0."""
    blocks: list[ActionBlock] = []
    start = 0
    for name, size, layout in specs:
        blocks.append(ActionBlock(name, start, size, layout))
        start += size
    return tuple(blocks)


class ActionSpace:
    """The fixed numbering of a game's moves (base class for games).

    A game subclasses it and implements `id_of` and `move_of`; ``blocks``
    gives the layout. Ids run ``0 .. size-1``.

    Attributes:
        blocks: the ranges, in id order, covering ``0 .. size-1`` exactly.
    """

    def __init__(self, blocks: Sequence[ActionBlock]) -> None:
        self.blocks = tuple(blocks)
        expected = 0
        for block in self.blocks:
            if block.start != expected or block.size < 0:
                raise ValueError(f"action blocks must be consecutive from 0, got {block}")
            expected = block.stop

    @property
    def size(self) -> int:
        """How many ids there are (the action space is ``0 .. size-1``)."""
        return self.blocks[-1].stop if self.blocks else 0

    def block(self, name: str) -> ActionBlock:
        """The block called ``name``; raises ``KeyError`` if there is none."""
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)

    def block_of(self, action: int) -> ActionBlock:
        """The block holding ``action``.

        Raises:
            InvalidMoveError: ``action`` is not an int in ``0 .. size-1``.
        """
        action = self.check(action)
        for block in self.blocks:
            if action < block.stop:
                return block
        raise AssertionError("unreachable: blocks cover the space")

    def check(self, action: int) -> int:
        """``action`` as a plain ``int`` in ``0 .. size-1``.

        Any integer type is taken (``numpy.int64`` too: whatever
        ``operator.index`` accepts), except ``bool``.

        Raises:
            InvalidMoveError: ``action`` is not an integer, or is outside the space.
        """
        if isinstance(action, bool):
            raise InvalidMoveError(f"an action id is an int, got {action!r}")
        try:
            value = operator.index(action)
        except TypeError:
            raise InvalidMoveError(f"an action id is an int, got {action!r}") from None
        if not 0 <= value < self.size:
            raise InvalidMoveError(f"action id {value} is outside 0..{self.size - 1}")
        return value

    def id_of(self, move: Move) -> int:
        """The id of ``move``.

        Raises:
            InvalidMoveError: the move has no id in this space (a move of
                another game, or one outside the configured bounds).
        """
        raise NotImplementedError

    def move_of(self, action: int) -> Move:
        """The move with id ``action``.

        Raises:
            InvalidMoveError: ``action`` is not an int in ``0 .. size-1``.
        """
        raise NotImplementedError

    def describe(self) -> list[str]:
        """One line per block: ids, name and how an id is made."""
        return [f"{b.start:>7}-{b.stop - 1:<7} {b.name}: {b.layout}" for b in self.blocks]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} size={self.size} blocks={len(self.blocks)}>"
