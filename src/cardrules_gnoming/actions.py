"""Integer action ids of Gnoming A Round: 546 ids, the same for every option.

=========  ===========  ======================================================
ids        move         how the id is made
=========  ===========  ======================================================
0-511      ``reveal``   the positions as a bit mask: ``sum(1 << p)`` (G6);
                        only masks with ``initial_reveals`` bits are ever legal
512-514    ``draw``     512 the draw pile, 513 discard pile 0, 514 pile 1 (G9)
515-523    ``place``    515 + position 0-8 (G10)
524-532    ``bounce``   524 + position 0-8 (G12)
533-535    ``discard``  533 onto pile 0, 534 onto pile 1, 535 with no pile to
                        choose (a Hazard, G14, G15)
536-544    ``flip``     536 + position 0-8 (G15)
545        ``pass``     decline the Hazard flip (G15)
=========  ===========  ======================================================

Examples:
    >>> from cardrules_gnoming.moves import Place
    >>> space = GnomingActionSpace()
    >>> space.id_of(Place(4)), space.move_of(519)
    (519, Place(position=4))
"""

from __future__ import annotations

from cardrules.engine import Game
from cardrules.errors import InvalidMoveError, quote
from cardrules.model.actions import ActionSpace, blocks_from
from cardrules.model.moves import Move
from cardrules_gnoming.moves import (
    BOUNCES,
    DISCARDS,
    DRAWS,
    FLIPS,
    PASS,
    PLACES,
    REVEALS,
    STOCK,
)

__all__ = ["GnomingActionSpace", "action_space"]

_BLOCKS = blocks_from(
    [
        ("reveal", 512, "start + bit mask of the positions turned up (sum of 1 << p)"),
        ("draw", 3, "start + 0 draw pile, + 1 discard pile 0, + 2 discard pile 1"),
        ("place", 9, "start + position 0-8"),
        ("bounce", 9, "start + position 0-8"),
        ("discard", 3, "start + 0 onto pile 0, + 1 onto pile 1, + 2 with no pile (Hazard)"),
        ("flip", 9, "start + position 0-8"),
        ("pass", 1, "start"),
    ]
)
_REVEAL, _DRAW, _PLACE, _BOUNCE, _DISCARD, _FLIP, _PASS = (b.start for b in _BLOCKS)


class GnomingActionSpace(ActionSpace):
    """The numbering of Gnoming A Round moves (see the module table)."""

    # The rules list shared move values, a few hundred lists in all (about 300 over 40
    # matches of 4 players): each list's ids are worked out once (`ActionSpace.listing`).
    listings_kept = 4096

    def __init__(self) -> None:
        super().__init__(_BLOCKS)
        moves: list[Move] = [REVEALS[tuple(p for p in range(9) if m >> p & 1)] for m in range(512)]
        moves += [DRAWS[STOCK], DRAWS[0], DRAWS[1]]
        moves += PLACES
        moves += BOUNCES
        moves += [DISCARDS[0], DISCARDS[1], DISCARDS[None]]
        moves += FLIPS
        moves += [PASS]
        self._moves = tuple(moves)
        self._ids = {move: i for i, move in enumerate(moves)}
        # The rules list these very values (`cardrules_gnoming.moves`): found by identity,
        # with no hash or comparison of a move (the table keeps them, so no id is reused).
        self._by_identity = {id(move): i for i, move in enumerate(moves)}

    def id_of(self, move: Move) -> int:
        """The id of ``move`` (module table); raises `InvalidMoveError` for a foreign move."""
        found = self._by_identity.get(id(move))
        if found is not None:
            return found
        try:
            return self._ids[move]
        except (KeyError, TypeError):
            raise InvalidMoveError(f"{quote(move)} is not a Gnoming A Round move") from None

    def move_of(self, action: int) -> Move:
        """The move with id ``action``; raises `InvalidMoveError` outside 0-545."""
        return self._moves[self.check(action)]


_SPACE = GnomingActionSpace()


def action_space(game: Game) -> GnomingActionSpace:
    """The numbering for ``game`` (the same for every option and player count)."""
    return _SPACE
