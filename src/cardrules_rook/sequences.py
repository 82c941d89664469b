"""Toonerville Rook's compact encoding: each move as a short sequence of tokens.

The learning environments' default (`cardrules.model.sequences`): a meld is
built card by card, so there are ``136 + T`` tokens (``T``: the most melds a
table holds, `RookActionSpace.table_melds`): 192, 210 and 229 for 3, 4 and 5
players, instead of 47,565 to 223,907 action ids.

===============  ============================================================
tokens           meaning
===============  ============================================================
0-3              ``draw``, ``take``, ``buy``, ``pass`` (R9, R10): one token
4-60             ``discard`` card code 0-56 (R12): one token
61, 62           start a ``meld`` run / set (R7, R8, R11, R14)
63, 64           start a ``lay off`` (R11, R13) / a ``swap`` (R14)
65-120           a natural card, by code 0-55
121-134          a Rook standing for number 1-14
135              close the meld being built
136 ...          table meld ``0 .. T-1`` (the target of a lay-off or swap)
===============  ============================================================

Sequences: ``meld run, cards in the run's order, close``; ``meld set,
naturals (colours R, Y, G, B), Rooks (as the set's number), close``; ``lay off,
card (a Rook as the number it stands for), target``; ``swap, card, target``.
A ``LayDown`` has none: its melds are played one ``MeldDown`` each.

Examples:
    >>> from cardrules_rook.deck import game_deck
    >>> from cardrules_rook.meld_reading import meld_from_str
    >>> from cardrules_rook.actions import RookActionSpace
    >>> space = RookSequences(RookActionSpace(3, game_deck(3)))
    >>> space.size
    192
    >>> tokens = space.tokens_of(MeldDown(meld_from_str("R3 R4 *R5 R6")))
    >>> tokens, space.move_of(tokens)
    ((61, 67, 68, 125, 70, 135), MeldDown(meld=RunMeld(colour='R', low=3, high=6, rooks=(5,))))
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

from cardrules.errors import InvalidMoveError, quote
from cardrules.model.actions import blocks_from
from cardrules.model.moves import Move
from cardrules.model.sequences import Later, MoveTrie, Node, SequenceSpace
from cardrules_rook.actions import RookActionSpace
from cardrules_rook.cards import COLOURS, ROOK, ROOK_CODE, card_of_code, natural
from cardrules_rook.legal import (
    DISCARD_MOVES,
    apart_from_steps,
    lay_down_step_moves,
    legal_moves,
)
from cardrules_rook.melds import RunMeld, SetMeld, wrapped
from cardrules_rook.moves import Buy, Discard, Draw, LayOff, MeldDown, Pass, Swap, Take
from cardrules_rook.state import RookRound

__all__ = ["RookSequences"]

DISCARD = 4
MELD_RUN, MELD_SET, LAY_OFF, SWAP = 61, 62, 63, 64
CARD = 65  # + natural code 0-55
ROOK_AS = CARD + ROOK_CODE - 1  # + number 1-14
CLOSE = 135
TARGET = 136  # + table meld

_SIMPLE: dict[type, int] = {Draw: 0, Take: 1, Buy: 2, Pass: 3}
#: At most this many moves' sequences are kept (then the space starts afresh).
_KNOWN_LIMIT = 1 << 14
_SIMPLE_MOVES: tuple[Move, ...] = (Draw(), Take(), Buy(), Pass())


class _Steps:
    """The lay-down steps of a position (R11), listed at the first call (picklable, as an
    environment holding a level is)."""

    __slots__ = ("moves", "state")

    def __init__(self, state: RookRound) -> None:
        self.state = state
        self.moves: list[Move] | None = None

    def __call__(self) -> list[Move]:
        if self.moves is None:
            self.moves = lay_down_step_moves(self.state)
        return self.moves


class _StepsOfKind:
    """The steps of `_Steps` whose meld is of one kind (`RunMeld` or `SetMeld`)."""

    __slots__ = ("kind", "steps")

    def __init__(self, steps: _Steps, kind: type) -> None:
        self.steps = steps
        self.kind = kind

    def __call__(self) -> list[Move]:
        kind = self.kind
        return [m for m in self.steps() if isinstance(m, MeldDown) and isinstance(m.meld, kind)]


class RookSequences(SequenceSpace):
    """The token sequences of Toonerville Rook moves (module table).

    Args:
        actions: the game's `RookActionSpace` (its ``table_melds`` bounds the targets).
    """

    def __init__(self, actions: RookActionSpace) -> None:
        self.table_melds = actions.table_melds
        super().__init__(
            blocks_from(
                [
                    ("draw take buy pass", 4, "one token each"),
                    ("discard", 57, "start + card code (Rook 56)"),
                    ("kind", 4, "start a meld run, meld set, lay off, swap"),
                    ("card", 56, "start + natural card code"),
                    ("rook as", 14, "start + number - 1"),
                    ("close", 1, "close the meld"),
                    ("target", self.table_melds, "start + table meld"),
                ]
            ),
            longest=16,
        )
        # (token, the rules' discard move) per card code: a first level's discards.
        self._discard_level = tuple(enumerate(DISCARD_MOVES, DISCARD))
        # The sequences of shared move values (the rules list shared melds, lay-offs and
        # discards: `cardrules_rook.legal`), by identity: id(move) -> (move, tokens).
        self._known: dict[int, tuple[Move, tuple[int, ...]]] = {}

    def tokens_of(self, move: Move) -> tuple[int, ...]:
        """The sequence of ``move`` (module table).

        Raises:
            InvalidMoveError: a ``LayDown``, a move of another game, or a target
                ``>= table_melds``.
        """
        known = self._known.get(id(move))
        if known is not None and known[0] is move:
            return known[1]
        tokens = self._tokens(move)
        if len(self._known) >= _KNOWN_LIMIT:
            self._known.clear()
        self._known[id(move)] = (move, tokens)
        return tokens

    def head(self, move: Move) -> tuple[int, bool]:
        """The first token of ``move``'s sequence and whether it is the whole sequence.

        What `tokens_of` gives, read off the move's kind alone for a meld, a
        lay-off or a swap (their first token names the kind: no cards read).

        Raises:
            InvalidMoveError: as `tokens_of`.
        """
        kind = move.__class__
        if kind is Discard:
            return DISCARD + move.card.code, True  # type: ignore[attr-defined]
        if kind is MeldDown:
            meld = move.meld  # type: ignore[attr-defined]
            if isinstance(meld, RunMeld):
                return MELD_RUN, False
            if isinstance(meld, SetMeld):
                return MELD_SET, False
        elif kind is LayOff or kind is Swap:
            self._target(move)  # (a target outside the table: no sequence, as tokens_of)
            return (LAY_OFF if kind is LayOff else SWAP), False
        tokens = self.tokens_of(move)
        return tokens[0], len(tokens) == 1

    def first_level(self, state: Any) -> Node | None:
        """The next tokens of a Rook round state, the lay-down steps (R11) listed only if followed.

        For a player not down whose play is free,
        `cardrules_rook.legal.apart_from_steps` gives the swaps and the hand (a
        discard per card held), laid as `cardrules.model.sequences.MoveTrie`
        lays them, and whether some step is a run or a set: ``meld run`` and
        ``meld set`` are then offered, and the steps are listed
        (`cardrules_rook.legal.lay_down_step_moves`) only once the agent
        chooses one of them. Elsewhere the level is the
        trie of the rules' own listing (`cardrules_rook.legal.legal_moves`:
        asked only where the game's rules alone list the moves, so the engine's
        checks of a plugin's answer are not needed). ``None`` for a state of
        another game.
        """
        if not isinstance(state, RookRound):
            return None
        found = apart_from_steps(state)
        if found is None:
            return MoveTrie(self, legal_moves(state)).root
        moves, hand, runs, sets = found
        level: Node = MoveTrie(self, moves).root if moves else {}
        level.update(compress(self._discard_level, hand))  # (token -> discard, as MoveTrie)
        if runs or sets:
            listing = _Steps(state)  # (one listing for both kinds, made when first followed)
            if runs:
                level[MELD_RUN] = Later(self.tokens_of, _StepsOfKind(listing, RunMeld))
            if sets:
                level[MELD_SET] = Later(self.tokens_of, _StepsOfKind(listing, SetMeld))
        return level

    def _tokens(self, move: Move) -> tuple[int, ...]:
        kind = move.__class__
        if kind is Discard:
            return (DISCARD + move.card.code,)  # type: ignore[attr-defined]
        simple = _SIMPLE.get(kind)
        if simple is not None:
            return (simple,)
        if kind is MeldDown:
            meld = move.meld  # type: ignore[attr-defined]
            if isinstance(meld, RunMeld):
                cards = tuple(
                    ROOK_AS + wrapped(n)
                    if n in meld.rooks
                    else CARD + natural(meld.colour, wrapped(n)).code
                    for n in range(meld.low, meld.high + 1)
                )
                return (MELD_RUN, *cards, CLOSE)
            if isinstance(meld, SetMeld):
                naturals = tuple(CARD + natural(c, meld.number).code for c in meld.colours)
                rooks = (ROOK_AS + meld.number,) * meld.rooks
                return (MELD_SET, *naturals, *rooks, CLOSE)
        if kind is LayOff:
            card = move.card  # type: ignore[attr-defined]
            token = ROOK_AS + move.number if card.is_rook else CARD + card.code  # type: ignore[attr-defined]
            return (LAY_OFF, token, self._target(move))
        if kind is Swap:
            return (SWAP, CARD + move.card.code, self._target(move))  # type: ignore[attr-defined]
        raise InvalidMoveError(f"{quote(str(move))} has no token sequence")

    def _target(self, move: Move) -> int:
        target: int = move.target  # type: ignore[attr-defined]
        if not 0 <= target < self.table_melds:
            raise InvalidMoveError(f"{move} has no token sequence: no table meld {target}")
        return TARGET + target

    def move_of(self, tokens: Sequence[int]) -> Move:
        """The move whose sequence is ``tokens`` (exactly).

        Raises:
            InvalidMoveError: ``tokens`` is no move's whole sequence.
        """
        move = self._read(tuple(tokens))
        if move is None or self.tokens_of(move) != tuple(tokens):
            raise InvalidMoveError(f"tokens {quote(list(tokens))} are no move's sequence")
        return move

    def _read(self, tokens: tuple[int, ...]) -> Move | None:
        if not tokens or not all(isinstance(t, int) for t in tokens):
            return None
        first, rest = tokens[0], tokens[1:]
        if not rest:
            if 0 <= first < DISCARD:
                return _SIMPLE_MOVES[first]
            return DISCARD_MOVES[first - DISCARD] if DISCARD <= first < MELD_RUN else None
        if first in (LAY_OFF, SWAP) and len(rest) == 2:
            card, target = rest
            if not (CARD <= card < CLOSE and TARGET <= target < self.size):
                return None
            if card > ROOK_AS:
                return LayOff(target - TARGET, ROOK, card - ROOK_AS) if first == LAY_OFF else None
            found = card_of_code(card - CARD)
            if first == LAY_OFF:
                return LayOff(target - TARGET, found, found.number)
            return Swap(target - TARGET, found)
        if first in (MELD_RUN, MELD_SET) and len(rest) >= 2 and rest[-1] == CLOSE:
            return self._meld(first == MELD_RUN, rest[:-1])
        return None

    def _meld(self, run: bool, cards: tuple[int, ...]) -> Move | None:
        if not all(CARD <= t < CLOSE for t in cards):
            return None
        naturals = [card_of_code(t - CARD) for t in cards if t <= ROOK_AS]
        if not naturals:
            return None
        numbers = [t - ROOK_AS if t > ROOK_AS else card_of_code(t - CARD).number for t in cards]
        if not run:
            colours = tuple(c.colour for c in naturals)
            rooks = len(cards) - len(naturals)
            if set(numbers) != {numbers[0]} or sorted(colours, key=COLOURS.index) != list(colours):
                return None
            return MeldDown(SetMeld(numbers[0], colours, rooks))
        colour = naturals[0].colour
        if any(c.colour != colour for c in naturals):
            return None
        low = numbers[0]
        positions = range(low, low + len(cards))
        if [wrapped(p) for p in positions] != numbers:
            return None
        places = tuple(p for p, t in zip(positions, cards, strict=True) if t > ROOK_AS)
        try:
            return MeldDown(RunMeld(colour, low, positions[-1], places))
        except InvalidMoveError:
            return None
