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
from typing import Any

import attrs

from cardrules.errors import InvalidMoveError, quote
from cardrules.model.moves import Move
from cardrules.model.named import by_name

__all__ = ["ActionBlock", "ActionSpace"]

#: A kept `ActionSpace.listing`: the listed moves (held, so that their identities stay
#: theirs), their sorted ids, and id -> move.
_Listing = tuple[tuple[Move, ...], list[int], dict[int, Move]]


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
        # `listing`'s answers, by the identities of the listed moves, in order.
        self._listings: dict[tuple[int, ...], _Listing] = {}

    @property
    def size(self) -> int:
        """How many ids there are (the action space is ``0 .. size-1``)."""
        return self.blocks[-1].stop if self.blocks else 0

    def block(self, name: str) -> ActionBlock:
        """The block called ``name``; raises ``KeyError`` (naming the blocks) if there is none."""
        return by_name(self.blocks, name, "block")

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
            raise InvalidMoveError(f"an action id is an int, got {quote(action)}")
        try:
            value = operator.index(action)
        except TypeError:
            raise InvalidMoveError(f"an action id is an int, got {quote(action)}") from None
        if not 0 <= value < self.size:
            raise InvalidMoveError(f"action id {quote(value)} is outside 0..{self.size - 1}")
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

    #: How many lists of moves `listing` keeps the answer of; 0: none, each call works
    #: it out. A game whose rules list the same few hundred lists of shared move values
    #: again and again sets it (Gnoming A Round); where most lists are new (Toonerville
    #: Rook's discards and lay-offs), keeping them costs more than it saves: what they
    #: hold outlives the position, and the garbage collector walks it.
    listings_kept: int = 0

    def listing(self, moves: Sequence[Move]) -> tuple[list[int], dict[int, Move]]:
        """``(ids, by_id)`` of a list of moves (the legal moves of a position, say).

        Returns:
            ``ids``: the moves' ids in increasing order; ``by_id``: id -> the
            listed move with that id. Where `listings_kept` is set they are
            shared with later calls for the same list: read them, never
            change them.

        Raises:
            InvalidMoveError: a move has no id in this space (then nothing is kept).

        With `listings_kept`, the answer is kept per sequence of move
        *objects* (their identities, in order): a kept answer holds its
        moves, so no other object takes their identities while it is kept;
        once `listings_kept` are kept the space starts afresh.
        """
        kept = self.listings_kept
        if kept:
            key = tuple(map(id, moves))
            found = self._listings.get(key)
            if found is not None:
                return found[1], found[2]
        by_id = dict(zip(self.ids_of(moves), moves, strict=True))
        ids = sorted(by_id)
        if kept:
            if len(self._listings) >= kept:
                self._listings.clear()
            self._listings[key] = (tuple(moves), ids, by_id)
        return ids, by_id

    def ids_of(self, moves: Sequence[Move]) -> list[int]:
        """The ids of ``moves``, in their order: `id_of` of each (what `listing` asks).

        A game may make the common ones faster (Toonerville Rook: the discards).

        Raises:
            InvalidMoveError: a move has no id in this space.
        """
        return list(map(self.id_of, moves))

    def __getstate__(self) -> dict[str, Any]:
        # (kept listings are keyed by identities, which mean nothing in another process)
        state = self.__dict__.copy()
        state["_listings"] = {}
        return state

    def describe(self) -> list[str]:
        """One line per block: ids, name and how an id is made."""
        return [f"{b.start:>7}-{b.stop - 1:<7} {b.name}: {b.layout}" for b in self.blocks]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} size={self.size} blocks={len(self.blocks)}>"
