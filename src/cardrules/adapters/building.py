"""The move being built token by token, for the environments' compact encoding.

With a game's `cardrules.model.sequences.SequenceSpace`, an agent plays a move
as a short sequence of tokens, one per step (a Toonerville Rook meld: a kind
token, the cards one by one, a close token). `MoveBuilder` keeps the tokens
chosen so far at the current position, gives the tokens that may come next
(from the trie of the legal moves' sequences, whose first level the game may
lay itself without listing every move: `SequenceSpace.first_level`) and, once
a sequence is whole, the listed legal move it names, which `MoveBuilder.play`
plays. The rules are the engine's: a token that no
legal move's sequence continues with is refused with the engine's refusal of
the move the tokens name (or, for tokens that name none yet, an
`cardrules.IllegalMoveError` naming the rule of the move kind).

The partial sequence shows in the acting seat's observation as `planes`: one
count per token (how many times it was chosen in the sequence being built),
all zero between moves and for every other seat, so only the seat that builds
sees it (it holds the cards of that seat's own hand).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules.engine.game import Game
from cardrules.engine.game_state import GameState
from cardrules.errors import IllegalMoveError, InvalidMoveError, quote
from cardrules.model.moves import Move
from cardrules.model.sequences import MoveTrie, Node, SequenceSpace

__all__ = ["MoveBuilder", "builder_for"]


class MoveBuilder:
    """The tokens chosen so far towards a move, at one position of a match.

    Args:
        space: the game's sequence space (``game.sequence_space``).

    Attributes:
        prefix: the tokens chosen so far (``()`` between moves).
    """

    def __init__(self, space: SequenceSpace) -> None:
        self.space = space
        self.prefix: tuple[int, ...] = ()
        # The position the trie is of: (match state, its round state, moves played), held.
        self._position: tuple[Any, Any, int] | None = None
        # Whether the trie's first level is the game's (`SequenceSpace.first_level`).
        self._partial = False
        # The move `push` last completed on the game's first level, and its position.
        self._completed: tuple[Move, tuple[Any, Any, int] | None] | None = None
        self._root: Node = {}
        self._node: Node = {}

    def clear(self) -> None:
        """Forget the tokens chosen so far (a new episode)."""
        self.prefix = ()
        self._position = None
        self._completed = None

    def node(self, state: GameState) -> Node:
        """The trie node after `prefix` at ``state``'s position: next token -> node or move.

        At a new position the first level is the game's `SequenceSpace.first_level`
        where the game may give it (`cardrules.Game.own_listing`), else that of
        the listed legal moves.
        """
        position = self._position
        round_state = state.round_state
        if (
            position is None
            or position[0] is not state
            or position[1] is not round_state
            or position[2] != len(state.history)
        ):
            self._position = (state, round_state, len(state.history))
            root = None
            if not state.is_over and state.game.own_listing(round_state):
                root = self.space.first_level(round_state)
            self._partial = root is not None
            if root is None:
                root = MoveTrie(self.space, state.legal_moves()).root
            self._root = self._node = root
            self.prefix = ()
        return self._node

    def tokens(self, state: GameState) -> list[int]:
        """The tokens that may come next at ``state``, sorted."""
        return sorted(self.node(state))

    def push(self, state: GameState, token: int) -> Move | None:
        """Choose ``token``: the listed legal move if it completes a sequence, else ``None``.

        Raises:
            InvalidMoveError: ``token`` is not an int in ``0 .. size-1``.
            IllegalMoveError: no legal move's sequence goes on with ``token``
                (the builder is unchanged).
        """
        node = self.node(state)
        found: Any = (
            MoveTrie.child(node, token, len(self.prefix)) if token.__class__ is int else None
        )
        if found is None:
            self._refuse(state, token)
        if isinstance(found, dict):
            self._node = found
            self.prefix = (*self.prefix, token)
            return None
        self._node = self._root
        self.prefix = ()
        played: Move = found
        if self._partial:  # (kept for `play`: this move, at this position, needs no listing)
            self._completed = (played, self._position)
        return played

    def play(self, state: GameState, move: Move) -> None:
        """Play ``move``, the move `push` just completed at ``state``.

        The move `push` last completed through the game's first level
        (`SequenceSpace.first_level`, which gives exactly the listed moves
        beginning with each token), played at the same position, is a listed
        legal move, and is played without listing the others (once). Any other
        move is played as `cardrules.GameState.apply` plays it, checked.

        Raises:
            IllegalMoveError: as `cardrules.GameState.apply`, for a move that is not legal.
        """
        completed, self._completed = self._completed, None
        if (
            completed is not None
            and completed[0] is move
            and completed[1] == (state, state.round_state, len(state.history))
        ):
            state._play(move)  # (listed by the game's first level: see the docstring)
        else:
            state.apply(move)

    def _refuse(self, state: GameState, token: Any) -> None:
        if isinstance(token, bool) or not isinstance(token, int):
            raise InvalidMoveError(f"a token is an int, got {quote(token)}")
        if not 0 <= token < self.space.size:
            raise InvalidMoveError(f"token {quote(token)} is outside 0..{self.space.size - 1}")
        tokens = (*self.prefix, token)
        try:
            move = self.space.move_of(tokens)
        except InvalidMoveError:
            move = None
        if move is not None:
            state.apply(move)  # not listed, so refused with the rules' own error
            raise AssertionError(f"{move} has a sequence {tokens} the trie does not hold")
        kind = self.space.blocks[0].name
        for block in self.space.blocks:
            if block.start <= tokens[0] < block.stop:
                kind = block.name
        raise IllegalMoveError(
            "sequence",
            f"no legal move's tokens begin {list(tokens)} (block {quote(kind)})",
            seat=state.current_player,
        )

    def planes(self, size: int | None = None) -> npt.NDArray[np.float32]:
        """The partial sequence as counts per token (``float32``, ``space.size``)."""
        counts = np.zeros(self.space.size if size is None else size, dtype=np.float32)
        for token in self.prefix:
            counts[token] += 1.0
        return counts


def builder_for(game: Game, encoding: str) -> MoveBuilder | None:
    """The builder of ``game``'s moves for an environment's ``encoding``; ``None``: one id a move.

    ``"compact"`` plays a move as its token sequence when the game has moves of
    several tokens (`cardrules.model.sequences`); ``"full"`` plays one action id a move.
    The environment's action ids are then ``builder.space``'s, else ``game.action_space``'s.

    Raises:
        ValueError: ``encoding`` is neither ``"compact"`` nor ``"full"``.
    """
    if encoding not in ("compact", "full"):
        raise ValueError(f"encoding must be 'compact' or 'full', got {quote(encoding)}")
    sequences = game.sequence_space
    return MoveBuilder(sequences) if encoding == "compact" and sequences.longest > 1 else None
