"""Variant moves: a house rule that adds a kind of move to a game.

A variant declares each kind of move it adds as a `MoveKind` on its
`cardrules.VariantSpec` (``moves=(KIND, ...)``). A kind brings everything the
engine and its users need, so the game's own code never learns about it:

* its move class and notation (``parse``; the move's ``str`` writes it);
* when it is legal (``legal``) and what it does (``apply``);
* an action-id block appended *after* the game's own ids (which never move),
  ``actions`` ids wide;
* tensor planes appended after the game's own planes (``planes`` and
  ``encode``), or an explicit ``planes=NO_PLANES``;
* narration for spectators (``narrate``) and a line of help for human play
  (``prompt``).

Several variants may add moves to one game: their kinds are simply listed one
after another (action blocks and planes in the order the variants were
chosen). A kind's functions are plain callables, not hooks, so no two variants
ever compete for one answer.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    PluginHookError,
    plugin_call,
    quote,
)
from cardrules.information.tensor_layout import cached_for_game, require_numpy
from cardrules.model.actions import ActionBlock, ActionSpace
from cardrules.model.moves import Move
from cardrules.plugins.move_notation import field_index, fields_of, of_index, parse_words

if TYPE_CHECKING:
    from cardrules.model.chance import Chance

__all__ = [
    "NO_PLANES",
    "MoveKind",
    "MoveKindError",
    "NoPlanes",
    "VariantActionSpace",
    "encode_kinds",
    "encode_kinds_state",
    "kind_moves",
]


class NoPlanes(enum.Enum):
    """The type of `NO_PLANES`."""

    NO_PLANES = "no planes"


#: Say that a move kind adds no tensor planes (``MoveKind(planes=NO_PLANES)``).
NO_PLANES = NoPlanes.NO_PLANES

#: ``(name, shape, description)`` of one tensor plane (as
#: `cardrules.information.tensor_layout.TensorLayout.build`).
PlaneSpec = tuple[str, tuple[int, ...], str]


class MoveKindError(CardRulesError, ValueError):
    """A `MoveKind` is declared wrongly (raised when it is created)."""


def _single_id(move: Move) -> int:
    return 0


@attrs.frozen(kw_only=True)
class MoveKind:
    """A kind of move a variant adds to a game.

    Every field is given by keyword. Functions receive the `cardrules.Game`
    (``game``) and the game's round state (``state``) as rule hooks do.

    Attributes:
        name: the kind's name: its action block's name and its word in help,
            e.g. ``"knock"``.
        type: the move class (a frozen ``attrs`` subclass of `cardrules.Move`
            whose ``str`` is its notation).
        rule: the rule id the move changes or extends, e.g. ``"R12"``; named
            by the error when the move is refused.
        parse: ``parse(text)`` returns the move ``text`` writes, or ``None``
            when ``text`` is not a move of this kind; raises
            `cardrules.InvalidMoveError` for text of this kind that is malformed.
            Default: ``name`` followed by one whole number per field of the
            move, as ``snap 4`` (`cardrules.plugins.move_notation.parse_words`).
        legal: ``legal(game, state)`` returns the moves of this kind legal now
            for ``state.current_player`` (listed after the game's own moves).
        apply: ``apply(game, state, move, chance)`` changes ``state`` by a legal
            move of this kind. To end the round it uses the game's own way
            (the round's ``ended_by`` may then be a name of the variant's:
            the game's observation and tensors show it as a variant ending).
        narrate: ``narrate(game, before, seat, move, after)`` returns lines
            (rich markup) describing the move for spectators, showing only
            public information.
        prompt: one line of help for human play, e.g.
            ``"knock   end the round now (hand worth 15 or less)"``.
        planes: the tensor planes the kind appends, as ``(name, shape,
            description)`` (each name is prefixed with the variant's name), or
            ``planes(game)`` returning them (shapes that depend on the players),
            or `NO_PLANES`. Required: a kind says explicitly that it adds none.
        encode: ``encode(game, observation)`` returns the values of ``planes``,
            laid end to end (any sequence of numbers); required with planes.
        encode_state: ``encode_state(game, state, seat)``: the same values
            as ``encode`` gives of ``seat``'s observation, read off the round
            state (``seat`` ``0 .. players-1``). Optional, with planes only:
            with it, ``GameState.observation_tensor(seat)`` (what the
            environments call at every step) reads the tensor straight off
            the round instead of building the observation
            (`cardrules.engine.seat_tensors`); without it, a game with this kind
            builds and encodes the observation. `cardrules.testing.check_variant`
            compares the two at every state it checks.
        actions: ids in the kind's action block (default 1).
        action_layout: how an id of the block is made (``cardrules spaces``).
        id_of: ``id_of(move)``: the move's index inside the block, ``0 ..
            actions-1``; default 0 for a one-id kind, and for a kind of
            several ids whose move has a single field, that field's value.
        move_of: ``move_of(index)``: the move with that index; default
            ``type()`` for a one-id kind (a move without fields), and
            ``type(index)`` for a kind of several ids whose move has a single field.
        explain: ``explain(game, state, move)`` returns the
            `cardrules.IllegalMoveError` saying why the move is not legal now;
            default: an error naming ``rule``.
        reveals: whether a move of this kind shows anyone a hidden card
            (human play offers ``undo`` only over moves that reveal nothing).

    Raises:
        MoveKindError: a field is missing or inconsistent (planes without
            ``encode``, ``encode_state`` without planes, several ids without
            ``id_of`` and ``move_of`` for a move that has not a single field,
            or only one of the two).
    """

    name: str
    type: type[Move]
    rule: str
    parse: Callable[[str], Move | None] | None = None
    legal: Callable[[Any, Any], Iterable[Move]]
    apply: Callable[[Any, Any, Move, Chance], None]
    narrate: Callable[[Any, Any, int, Move, Any], list[Any]]
    prompt: str
    planes: tuple[PlaneSpec, ...] | Callable[[Any], tuple[PlaneSpec, ...]] | NoPlanes
    encode: Callable[[Any, Any], Sequence[float]] | None = None
    encode_state: Callable[[Any, Any, int], Sequence[float]] | None = None
    actions: int = 1
    action_layout: str = "start"
    id_of: Callable[[Move], int] = _single_id
    move_of: Callable[[int], Move] | None = None
    explain: Callable[[Any, Any, Move], IllegalMoveError] | None = None
    reveals: bool = False

    def __attrs_post_init__(self) -> None:
        if not (isinstance(self.type, type) and issubclass(self.type, Move)):
            raise MoveKindError(f"move kind {quote(self.name)}: type must be a Move subclass")
        if self.planes is not NO_PLANES and (not self.planes or self.encode is None):
            raise MoveKindError(
                f"move kind {quote(self.name)}: give planes and encode, or planes=NO_PLANES"
            )
        if self.encode_state is not None and self.planes is NO_PLANES:
            raise MoveKindError(f"move kind {quote(self.name)}: encode_state without planes")
        if self.actions < 1:
            raise MoveKindError(f"move kind {quote(self.name)}: actions must be at least 1")
        if self.actions > 1 and (self.id_of is _single_id) != (self.move_of is None):
            raise MoveKindError(
                f"move kind {quote(self.name)}: give both id_of and move_of, or neither"
            )
        if self.actions > 1 and self.move_of is None and len(fields_of(self.type)) != 1:
            raise MoveKindError(
                f"move kind {quote(self.name)}: a block of {self.actions} ids "
                "needs id_of and move_of (or a move with a single field)"
            )

    def plane_specs(self, variant: str, game: Any) -> tuple[PlaneSpec, ...]:
        """The kind's planes in ``game``, each name prefixed ``"<variant>:"``.

        Raises:
            PluginHookError: ``planes(game)`` failed, or gave no ``(name, shape,
                description)`` triples; it names the variant.
        """
        if self.planes is NO_PLANES:
            return ()
        planes = self.planes
        if callable(planes):
            planes = plugin_call(f"variant:{variant}", self._what("planes"), planes, game)
        try:
            return tuple((f"{variant}:{name}", tuple(shape), text) for name, shape, text in planes)
        except (TypeError, ValueError) as error:  # not (name, shape, text) triples
            raise PluginHookError(f"variant:{variant}", self._what("planes"), error) from None

    def make(self, index: int, variant: str = "?") -> Move:
        """The move with ``index`` inside the kind's block (of ``variant``, named on failure).

        Raises:
            PluginHookError: ``move_of`` failed, or gave no move of `type`.
        """
        if self.move_of is None:
            return self.type() if self.actions == 1 else of_index(self.type, index)
        move = plugin_call(f"variant:{variant}", self._what("move_of"), self.move_of, index)
        return self._typed(variant, "move_of", move)

    def refusal(self, game: Any, state: Any, move: Move, variant: str = "?") -> IllegalMoveError:
        """Why ``move`` is not legal now (`explain`, or an error naming `rule`).

        Raises:
            PluginHookError: ``explain`` failed, or gave no `cardrules.IllegalMoveError`.
        """
        if self.explain is None:
            return IllegalMoveError(self.rule, f"{move} is not allowed now", move=move)
        what = self._what("explain")
        refusal = plugin_call(f"variant:{variant}", what, self.explain, game, state, move)
        if not isinstance(refusal, IllegalMoveError):
            raise PluginHookError(
                f"variant:{variant}", what, f"{quote(refusal)} is not a cardrules.IllegalMoveError"
            )
        return refusal

    def index(self, move: Move, variant: str = "?") -> int:
        """``id_of(move)``, checked: an int in ``0 .. actions-1``.

        Raises:
            PluginHookError: ``id_of`` failed, or gave something else.
        """
        what = self._what("id_of")
        id_of = field_index if self.actions > 1 and self.move_of is None else self.id_of
        index = plugin_call(f"variant:{variant}", what, id_of, move)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.actions:
            raise PluginHookError(
                f"variant:{variant}",
                what,
                f"it gave {quote(index)} for {move}, not an index 0 to {self.actions - 1}",
            )
        return index

    def parsed(self, text: str, variant: str = "?") -> Move | None:
        """``parse(text)``, checked: ``None`` or a move of `type`.

        Raises:
            PluginHookError: ``parse`` failed, or gave something else.
            InvalidMoveError: ``parse`` refused text of its kind that is malformed.
        """
        what, parse = self._what("parse"), self.parse
        if parse is None:  # the default notation: the name and the move's numbers
            ids = self.actions if self.actions > 1 and self.move_of is None else 0
            args = (self.name, self.type, text, ids)
            move = plugin_call(f"variant:{variant}", what, parse_words, *args)
        else:
            move = plugin_call(f"variant:{variant}", what, parse, text)
        return None if move is None else self._typed(variant, "parse", move)

    def listed(self, game: Any, state: Any, variant: str = "?") -> list[Move]:
        """``legal(game, state)``, checked: moves of `type`, none listed twice.

        Raises:
            PluginHookError: ``legal`` failed, or gave something else.
        """
        try:
            found = self.legal(game, state)
        except CardRulesError:
            raise
        except Exception as error:
            raise PluginHookError(f"variant:{variant}", self._what("legal"), error) from error
        kind = self.type
        if type(found) in (tuple, list) and all(type(move) is kind for move in found):
            moves = list(found)  # (the common answer, checked at once)
        elif isinstance(found, str | bytes | Move) or not isinstance(found, Iterable):
            what = self._what("legal")
            raise PluginHookError(f"variant:{variant}", what, f"{quote(found)} is not moves")
        else:
            moves = [self._typed(variant, "legal", move) for move in found]
        if len(moves) > 1 and _repeats(moves):
            what = self._what("legal")
            raise PluginHookError(
                f"variant:{variant}", what, f"it lists a move twice: {quote(list(map(str, moves)))}"
            )
        return moves

    def _what(self, function: str) -> str:
        return f"MoveKind({self.name}).{function}"

    def _typed(self, variant: str, function: str, move: Any) -> Move:
        if type(move) is not self.type and not isinstance(move, self.type):
            raise PluginHookError(
                f"variant:{variant}",
                self._what(function),
                f"{quote(move)} is not a {self.type.__name__} move",
            )
        return move


def _repeats(moves: list[Move]) -> bool:
    """Whether a move is listed twice (compared one by one if moves cannot be hashed)."""
    try:
        return len(set(moves)) != len(moves)
    except TypeError:
        return any(move in moves[:index] for index, move in enumerate(moves))


def kind_moves(game: Any, variant: str, kind: MoveKind, state: Any) -> list[Move]:
    """The moves of ``kind`` (added by ``variant``) legal now: `MoveKind.listed`."""
    return kind.listed(game, state, variant)


class VariantActionSpace(ActionSpace):
    """A game's action space with the variants' move blocks appended.

    Ids ``0 .. base.size-1`` are the game's own, unchanged; each kind's block
    follows, in the order the kinds are given.

    Args:
        base: the game's own `ActionSpace`.
        kinds: ``(variant name, kind)`` pairs.
    """

    def __init__(self, base: ActionSpace, kinds: Sequence[tuple[str, MoveKind]]) -> None:
        blocks = list(base.blocks)
        start = base.size
        self._kinds: dict[type, tuple[int, MoveKind, str]] = {}
        self._starts: list[tuple[int, MoveKind, str]] = []
        for variant, kind in kinds:
            blocks.append(
                ActionBlock(f"{variant}:{kind.name}", start, kind.actions, kind.action_layout)
            )
            self._kinds[kind.type] = (start, kind, variant)
            self._starts.append((start, kind, variant))
            start += kind.actions
        super().__init__(blocks)
        self.base = base

    def id_of(self, move: Move) -> int:
        """The id of ``move``: the game's own, or its kind's block start plus its index.

        Raises:
            InvalidMoveError: the move has no id (as the game's space).
            PluginHookError: a kind's ``id_of`` failed, or gave an index
                outside its block; it names the variant.
        """
        found = self._kinds.get(type(move))
        if found is None:
            return self.base.id_of(move)
        start, kind, variant = found
        return start + kind.index(move, variant)

    def listing(self, moves: Sequence[Move]) -> tuple[list[int], dict[int, Move]]:
        """`ActionSpace.listing`; a list with no move of the variants' kinds is the game's
        own space's (its ids are the same here), which may keep it or make it faster."""
        kinds = self._kinds
        for move in moves:
            if type(move) in kinds:
                return super().listing(moves)
        return self.base.listing(moves)

    def move_of(self, action: int) -> Move:
        """The move with id ``action``.

        Raises:
            InvalidMoveError: ``action`` is not an int in ``0 .. size-1``.
        """
        action = self.check(action)
        if action < self.base.size:
            return self.base.move_of(action)
        for start, kind, variant in reversed(self._starts):
            if action >= start:
                return kind.make(action - start, variant)
        raise AssertionError("unreachable: the blocks cover the space")


class KindsGame(Protocol):
    """The `cardrules.Game` as `encode_kinds` reads it (the game module builds on this one)."""

    @property
    def tensor_layout(self) -> Any:
        """The game's `cardrules.information.tensor_layout.TensorLayout`."""

    @property
    def move_kinds(self) -> tuple[tuple[str, MoveKind], ...]:
        """The chosen variants' kinds of move, as ``(variant, kind)`` pairs."""

    @property
    def plane_kinds(self) -> tuple[tuple[str, Any], ...]:
        """What adds planes: move kinds and `cardrules.plugins.variant_planes.PlaneSet` values."""

    def variant_call(
        self, variant: str, what: str, function: Callable[..., Any], *args: Any
    ) -> Any:
        """``function(*args)``, a variant's function (``what`` names it)."""


def encode_kinds(game: KindsGame, observation: Any, tensor: Any) -> Any:
    """``tensor`` (the game's own planes) with the move kinds' planes filled in after them.

    ``tensor`` may hold the game's planes only (it is then extended) or the
    whole layout (when the game's encoder sized it by ``game.tensor_layout``).

    Raises:
        PluginHookError: a kind's ``encode`` failed, or gave something that is
            not numbers or the wrong number of them; the error names the variant.
    """
    return _fill_kinds(game, tensor, "encode", (game, observation))


def encode_kinds_state(game: KindsGame, state: Any, seat: int, tensor: Any) -> Any:
    """`encode_kinds` read off round ``state`` for ``seat``, with each kind's ``encode_state``.

    Every kind with planes must have ``encode_state`` (`cardrules.engine.seat_tensors`
    asks this path only then).

    Raises:
        PluginHookError: as `encode_kinds`, of ``encode_state``.
    """
    return _fill_kinds(game, tensor, "encode_state", (game, state, seat))


def _fill_kinds(game: KindsGame, tensor: Any, what: str, args: tuple[Any, ...]) -> Any:
    """``tensor`` with each kind's planes filled with what its function ``what``
    (``"encode"``, ``"encode_state"``) gives of ``args``."""
    np = require_numpy()
    own, size, kinds = cached_for_game(game, "kind-planes", _kind_planes)
    if len(tensor) == own:
        tensor = np.concatenate([tensor, np.zeros(size - own, dtype=np.float32)])
    for name, kind, start, stop in kinds:
        named = f"{type(kind).__name__}({kind.name}).{what}"
        values = game.variant_call(name, named, getattr(kind, what), *args)
        try:
            values = np.asarray(values, dtype=np.float32).reshape(-1)
        except (TypeError, ValueError) as nonsense:  # not numbers, or a ragged list
            raise PluginHookError(f"variant:{name}", named, nonsense) from None
        if values.shape != (stop - start,):
            error = ValueError(f"it gave {values.size} values for planes of {stop - start}")
            raise PluginHookError(f"variant:{name}", named, error)
        tensor[start:stop] = values
    return tensor


def _kind_planes(game: KindsGame) -> tuple[int, int, list[tuple[str, Any, int, int]]]:
    """``(size of the game's own planes, the layout's size, (variant, kind, start, stop) of
    each kind with planes)``: where the move kinds' planes lie, worked out once per game."""
    layout = game.tensor_layout
    sizes = [
        (name, kind, sum(math.prod(shape) for _, shape, _ in kind.plane_specs(name, game)))
        for name, kind in game.plane_kinds
    ]
    own = layout.size - sum(size for _, _, size in sizes)
    kinds = []
    start = own
    for name, kind, size in sizes:
        if kind.encode is not None:
            kinds.append((name, kind, start, start + size))
        start += size
    return own, layout.size, kinds
