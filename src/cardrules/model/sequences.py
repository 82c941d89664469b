"""Sequence encodings: each move as a short sequence of tokens, chosen one token at a time.

A game whose moves are too many to number one by one (a meld is one of tens of
thousands of card combinations) maps each move to a short sequence of
*tokens* from a small vocabulary instead: a kind token, then the cards one by
one, then a close token, say. A learning agent then chooses one token per
decision, and the legal moves' sequences, laid in a trie (`MoveTrie`), say
which tokens may come next (the next-token mask). The rules are unchanged:
the trie is built from ``legal_moves()``, and a completed sequence plays the
listed move itself.

`SequenceSpace` is the base class a game subclasses (``tokens_of`` and
``move_of``; optionally ``first_level``, the next-token mask of a position
without listing all its moves); `SingleTokens` makes any
`cardrules.model.actions.ActionSpace` a sequence space whose sequences are
one token long (its ids). Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardrules.errors import InvalidMoveError, quote
from cardrules.model.actions import ActionBlock, ActionSpace
from cardrules.model.moves import Move

__all__ = ["Later", "MoveTrie", "SequenceSpace", "SingleTokens"]

#: A trie node: token -> the next node, or the move its sequence ends with.
Node = dict[int, Any]


class SequenceSpace:
    """A game's tokens and the token sequence of each of its moves (base class).

    Tokens run ``0 .. size-1`` in consecutive `cardrules.model.actions.ActionBlock`
    ranges. Every listed move has exactly one sequence, and no sequence is the
    start of another (so a completed sequence is one move).

    Attributes:
        blocks: the token ranges, in order, covering ``0 .. size-1``.
        longest: the most tokens of any sequence (1: one token per move).
    """

    def __init__(self, blocks: Sequence[ActionBlock], longest: int) -> None:
        self.blocks = tuple(blocks)
        self.longest = longest

    @property
    def size(self) -> int:
        """How many tokens there are."""
        return self.blocks[-1].stop if self.blocks else 0

    def tokens_of(self, move: Move) -> tuple[int, ...]:
        """The token sequence of ``move``.

        Raises:
            InvalidMoveError: the move has no sequence in this space.
        """
        raise NotImplementedError

    def move_of(self, tokens: Sequence[int]) -> Move:
        """The move whose sequence is ``tokens`` (exactly: ``tokens_of`` of it gives them back).

        Raises:
            InvalidMoveError: ``tokens`` is no move's whole sequence.
        """
        raise NotImplementedError

    def head(self, move: Move) -> tuple[int, bool]:
        """``(first token of move's sequence, whether that token is the whole sequence)``.

        What `MoveTrie` asks of every legal move to lay its first level; a
        space may answer it without making the whole sequence (this default makes it).

        Raises:
            InvalidMoveError: the move has no sequence in this space.
        """
        tokens = self.tokens_of(move)
        return tokens[0], len(tokens) == 1

    def first_level(self, state: Any) -> Node | None:
        """The first level of the trie of round ``state``'s legal moves, laid without listing
        them all, or ``None`` (the default): the caller lists them (`MoveTrie`).

        Args:
            state: the game's round state, whose legal moves are the game's own
                listing alone: the caller asks only where no variant takes part
                in them and no window is open (`cardrules.Game.own_listing`).

        Returns:
            token -> the move that token is the whole sequence of, or a `Later`
            that lists, when called, the legal moves whose sequence begins with
            that token; or a level as `MoveTrie` lays it. Exactly the first
            tokens of the listed legal moves, each with exactly those moves
            (a game's tests compare the two on its positions), so a move
            reached through it is a listed legal move, and is played without
            listing the rest (`cardrules.adapters.building.MoveBuilder.play`).

        A game overrides it where listing some moves costs far more than
        knowing that one exists (Toonerville Rook's lay-down steps).
        """
        return None

    def describe(self) -> list[str]:
        """One line per block: tokens, name and meaning."""
        return [f"{b.start:>7}-{b.stop - 1:<7} {b.name}: {b.layout}" for b in self.blocks]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} size={self.size} longest={self.longest}>"


class SingleTokens(SequenceSpace):
    """An `ActionSpace` as a sequence space: each move is one token, its action id."""

    def __init__(self, actions: ActionSpace) -> None:
        super().__init__(actions.blocks, 1)
        self.actions = actions

    def tokens_of(self, move: Move) -> tuple[int, ...]:
        """``(actions.id_of(move),)``; raises `InvalidMoveError` as ``id_of``."""
        return (self.actions.id_of(move),)

    def move_of(self, tokens: Sequence[int]) -> Move:
        """``actions.move_of(tokens[0])`` for one token.

        Raises:
            InvalidMoveError: not exactly one token, or not an id of the space.
        """
        if len(tokens) != 1:
            raise InvalidMoveError(f"a move is one token here, got {quote(list(tokens))}")
        return self.actions.move_of(tokens[0])


class MoveTrie:
    """The token sequences of a list of legal moves, as a trie (what may come next).

    Built level by level as it is walked: a position's first tokens cost one
    pass over the moves (`SequenceSpace.head` of each, not its whole
    sequence), and the deeper levels are laid only where a sequence is
    followed (most decisions play a one-token move).

    Args:
        space: the sequence space.
        moves: the legal moves (``legal_moves()`` of a position).

    Raises:
        InvalidMoveError: a move has no sequence, or one sequence starts
            another (the space is not prefix-free; found on the level laid).

    Attributes:
        root: token -> the next level (a dict, or a list of the moves, or of
            ``(tokens, move)``, not yet laid) or the move that token completes;
            read it through `child`.
    """

    __slots__ = ("root", "space")

    def __init__(self, space: SequenceSpace, moves: Sequence[Move]) -> None:
        self.space = space
        head = space.head
        root: Node = {}
        for move in moves:
            token, whole = head(move)
            found = root.get(token)
            if whole:
                if found is not None:
                    raise InvalidMoveError(f"the sequence of {move} starts another move's")
                root[token] = move
            elif found is None:
                heads = root[token] = _Heads((move,))
                heads.tokens_of = space.tokens_of
            elif found.__class__ is _Heads:
                found.append(move)
            else:
                raise InvalidMoveError(f"the sequence of {found} starts that of {move}")
        self.root = root

    @staticmethod
    def child(node: Node, token: int, depth: int) -> Any:
        """What follows ``token`` at ``node`` (of the level ``depth``, from 0): the next
        level (a dict), the move the token completes, or ``None``."""
        found: Any = node.get(token)
        kind = found.__class__
        if kind is list:
            found = node[token] = _level(found, depth + 1)
        elif kind is _Heads:  # (the first level: the moves' whole sequences are made now)
            tokens_of = found.tokens_of
            found = node[token] = _level([(tokens_of(m), m) for m in found], depth + 1)
        elif kind is Later:  # (a first level the game laid: its moves are listed now)
            tokens_of = found.tokens_of
            entries = [(tokens_of(m), m) for m in found.moves()]
            if not entries or any(len(t) < depth + 2 or t[depth] != token for t, _ in entries):
                raise InvalidMoveError(
                    f"token {token} was offered, but the moves listed under it are "
                    f"{[str(m) for _, m in entries][:5]}: none, or not all of them "
                    "begin with it and go on (the game's first_level is wrong)"
                )
            found = node[token] = _level(entries, depth + 1)
        return found

    def walk(self, tokens: Sequence[int]) -> Any:
        """The level after ``tokens`` (a dict), the move they complete, or ``None``."""
        node: Any = self.root
        for depth, token in enumerate(tokens):
            if not isinstance(node, dict):
                return None
            node = self.child(node, token, depth)
        return node


class Later:
    """A first-level entry of `SequenceSpace.first_level` whose moves are listed when followed.

    Args:
        tokens_of: the space's `SequenceSpace.tokens_of`.
        moves: called once, when an agent chooses the entry's token: the
            legal moves whose sequence begins with that token and goes on
            (at least one).
    """

    __slots__ = ("moves", "tokens_of")

    def __init__(
        self, tokens_of: Callable[[Move], tuple[int, ...]], moves: Callable[[], Sequence[Move]]
    ) -> None:
        self.tokens_of = tokens_of
        self.moves = moves

    def __repr__(self) -> str:
        return "<Later>"


class _Heads(list[Move]):
    """A first-level entry not yet laid: the moves whose sequence goes on past that token."""

    __slots__ = ("tokens_of",)

    tokens_of: Callable[[Move], tuple[int, ...]]  # the space's


def _level(entries: list[tuple[tuple[int, ...], Move]], depth: int) -> Node:
    """One level of a `MoveTrie`: the entries' tokens at ``depth``; longer ones listed below."""
    node: Node = {}
    for tokens, move in entries:
        token = tokens[depth]
        found = node.get(token)
        if len(tokens) == depth + 1:
            if found is not None:
                raise InvalidMoveError(f"the sequence of {move} starts another move's")
            node[token] = move
        elif found is None:
            node[token] = [(tokens, move)]
        elif found.__class__ is list:
            found.append((tokens, move))
        else:
            raise InvalidMoveError(f"the sequence of {found} starts that of {move}")
    return node


class WithAddedIds(SequenceSpace):
    """A game's sequence space with the ids an action space adds past ``own`` as one token each.

    Variants' move kinds get action-id blocks after the game's own ids
    (`cardrules.plugins.variant_moves.VariantActionSpace`); here each of those
    ids is one token, in blocks of the same names after the game's tokens.

    Args:
        base: the game's own sequence space.
        actions: the whole action space (the game's ids, then the added ones).
        own: how many ids are the game's own (the first added id).
    """

    def __init__(self, base: SequenceSpace, actions: ActionSpace, own: int) -> None:
        shift = base.size - own
        added = [
            ActionBlock(b.name, b.start + shift, b.size, b.layout)
            for b in actions.blocks
            if b.start >= own
        ]
        super().__init__([*base.blocks, *added], base.longest)
        self.base, self.actions, self.own, self._shift = base, actions, own, shift

    def tokens_of(self, move: Move) -> tuple[int, ...]:
        """The base's sequence, or one token for a move with an added id.

        Raises:
            InvalidMoveError: the move has no sequence.
        """
        try:
            return self.base.tokens_of(move)
        except InvalidMoveError:
            action = self.actions.id_of(move)
            if action < self.own:
                raise
            return (action + self._shift,)

    def head(self, move: Move) -> tuple[int, bool]:
        """The base's `SequenceSpace.head`, or ``(token, True)`` for a move with an added id.

        Raises:
            InvalidMoveError: the move has no sequence.
        """
        try:
            return self.base.head(move)
        except InvalidMoveError:
            return self.tokens_of(move)[0], True

    def move_of(self, tokens: Sequence[int]) -> Move:
        """The move of ``tokens``: the base's, or an added id's for one added token.

        Raises:
            InvalidMoveError: ``tokens`` is no move's whole sequence.
        """
        if len(tokens) == 1 and isinstance(tokens[0], int) and tokens[0] >= self.base.size:
            return self.actions.move_of(tokens[0] - self._shift)
        return self.base.move_of(tokens)
