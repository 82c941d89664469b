"""What the core derives for a game whose round state holds a `cardrules.model.Table`.

A game that keeps its cards in declared zones (`cardrules.model`) need not
write its observation, hidden-card shuffling, determinization, action ids or
tensors: when it leaves a hook unanswered, `cardrules.Game` answers it from
here. A game may still answer any of them itself (a faster hand-written
version); the bundled games do.

What a *zoned round state* is (the protocol these functions read):

* an ``attrs`` class (``@attrs.define``) with a field ``table`` (the `Table`)
  and a ``clone()`` method;
* every other field is **public**: every seat may know it (whose turn it is,
  a suit named by an eight, cards drawn this turn...). ``current_player``
  (``int | None``, ``None`` once the round is over) is one of them;
* ``is_round_over`` (a property or field).

What is derived:

* `observe`: a `ZonedObservation`: the seat's `TableView` (`view_of`), the
  public fields, the scores so far, the round's moves and, for the deciding
  seat, its legal moves;
* `shuffle_hidden`: the round with the cards hidden from a seat dealt anew;
* `determinize`: a round sampled from an observation, hidden cards dealt by
  `cardrules.information.determinize` under the game's inferences (hook
  ``cardrules_inferences``, e.g. "seat 2 showed a void in hearts");
* `MoveTypesSpace`: action ids from the move classes a game lists
  (``GameSpec.move_types``), one block per class, one id per combination of
  its fields' values;
* `tensor_layout` / `observation_tensor`: zones x card kinds (`view_tensor`),
  then the public fields that are numbers, flags or enums, the seat to decide
  (relative to the observer) and each seat's total (relative), then the round.
"""

from __future__ import annotations

import enum
import random
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from cardrules.errors import InvalidMoveError, MissingRuleError, ObservationMismatchError, quote
from cardrules.information import TableView, view_layout, view_of, view_tensor
from cardrules.information import determinize as deal_from_view
from cardrules.information import shuffle_hidden as shuffle_table
from cardrules.information.tensor_layout import TensorLayout, cached_for_game
from cardrules.model import Table
from cardrules.model.actions import ActionSpace, blocks_from
from cardrules.model.chance import Chance
from cardrules.model.moves import Move

__all__ = [
    "MoveTypesSpace",
    "ZonedObservation",
    "determinize",
    "is_zoned",
    "observation_tensor",
    "observe",
    "public_fields",
    "render",
    "shuffle_hidden",
    "tensor_layout",
]


def is_zoned(state: Any) -> bool:
    """Whether ``state`` is a zoned round state (an attrs instance whose ``table`` is a Table)."""
    return attrs.has(type(state)) and isinstance(getattr(state, "table", None), Table)


def public_fields(state: Any) -> tuple[tuple[str, Any], ...]:
    """``(name, value)`` of every field of a zoned round but ``table``, in declaration order."""
    return tuple(
        (field.name, getattr(state, field.name))
        for field in attrs.fields(type(state))
        if field.name != "table"
    )


@attrs.frozen
class ZonedObservation:
    """What one seat may know of a zoned round (see the module docstring).

    Attributes:
        seat: the observing seat, ``0 .. players-1``.
        players: the number of seats.
        round: the round's index, from 0.
        table: the seat's `TableView`: no hidden card it does not know.
        public: ``(name, value)`` of the round's public fields.
        current_player: the seat to decide, or ``None`` once the round is over.
        legal_moves: the deciding seat's legal moves (``()`` for the others).
        round_scores: the finished rounds' scores.
        history: the round's moves so far, ``(seat, move)`` pairs.
        round_type: the game's round-state class (`determinize` builds one).
        variant_views: what variants that keep state show the seat.
    """

    seat: int
    players: int
    round: int
    table: TableView[Any]
    public: tuple[tuple[str, Any], ...]
    current_player: int | None
    legal_moves: tuple[Move, ...]
    round_scores: tuple[tuple[int, ...], ...]
    history: Sequence[tuple[int, Move]]
    round_type: type = attrs.field(repr=False)
    variant_views: tuple[tuple[str, Any], ...] = ()

    def __getitem__(self, name: str) -> Any:
        """The public field ``name`` (e.g. ``observation["suit"]``); ``KeyError`` if none."""
        for field, value in self.public:
            if field == name:
                return value
        raise KeyError(name)


def observe(
    game: Any,
    state: Any,
    seat: int,
    round_scores: Sequence[tuple[int, ...]],
    legal_moves: tuple[Move, ...],
    history: Sequence[tuple[int, Move]],
) -> ZonedObservation:
    """The derived ``cardrules_observation`` of a zoned round (`ZonedObservation`).

    Raises:
        MissingRuleError: ``state`` is not a zoned round (the game must answer the hook).
    """
    if not is_zoned(state):
        raise MissingRuleError(
            f"{quote(game.name)} answers no cardrules_observation and its round state holds no "
            "cardrules.model.Table to derive one from"
        )
    deciding = state.current_player
    return ZonedObservation(
        seat=seat,
        players=game.players,
        round=len(round_scores) - (1 if state.is_round_over and round_scores else 0),
        table=view_of(state.table, seat),
        public=public_fields(state),
        current_player=deciding,
        legal_moves=legal_moves if seat == deciding else (),
        round_scores=tuple(tuple(r) for r in round_scores),
        history=history,
        round_type=type(state),
    )


def shuffle_hidden(game: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """The derived ``cardrules_shuffle_hidden``: a clone whose cards hidden from ``seat`` moved.

    Returns ``None`` for a round that is not zoned.
    """
    if not is_zoned(state):
        return None
    twin = state.clone()
    twin.table = shuffle_table(state.table, seat, rng)
    return twin


def determinize(
    game: Any, observation: Any, rng: random.Random, allowed: Callable[..., bool] | None
) -> Any:
    """The derived ``cardrules_determinize``: a round built from a `ZonedObservation`.

    The public fields are taken as they are; the table is dealt by
    `cardrules.information.determinize` with the game's inferences ``allowed``.
    Returns ``None`` for another kind of observation.

    Raises:
        ObservationMismatchError: the view contradicts the deck, or no deal
            fits the inferences.
    """
    if not isinstance(observation, ZonedObservation):
        return None
    table = deal_from_view(observation.table, game.deck, rng, allowed)
    return observation.round_type(**dict(observation.public), table=table)


def render(observation: ZonedObservation) -> list[str]:
    """A `ZonedObservation` as lines of text for a person (the derived rendering).

    One line per place: its cards as the seat sees them (``?`` for a hidden
    one, a pile's top last), or how many it holds when the seat sees none,
    with the cards it knows there; then the public fields and who decides.
    """
    seat = observation.seat
    lines = []
    for place in observation.table.places:
        name = place.zone if place.owner is None else f"{place.zone}, seat {place.owner}"
        name += " (you)" if place.owner == seat else ""
        if place.cards and all(card is None for card in place.cards):
            text = f"{len(place.cards)} card{'s' if len(place.cards) != 1 else ''}"
        else:
            text = " ".join("?" if card is None else str(card) for card in place.cards) or "-"
        known = [*place.known, *(card for _, card in place.known_at)]
        if known:
            text += f" (known: {' '.join(map(str, known))})"
        lines.append(f"{name}: {text}")
    shown = [(n, v) for n, v in observation.public if n != "current_player" and v is not None]
    if shown:
        lines.append(", ".join(f"{name} {getattr(v, 'name', v)}" for name, v in shown))
    deciding = observation.current_player
    if deciding is not None:
        lines.append("you decide" if deciding == seat else f"seat {deciding} decides")
    return lines


# -- action ids from the move classes -------------------------------------------------


def _domain(cls: type, field: attrs.Attribute[Any], hint: Any, cards: list[Any]) -> list[Any]:
    """Every value field ``field`` of move class ``cls`` may take, in a fixed order."""
    if "domain" in field.metadata:
        return list(field.metadata["domain"])
    if typing.get_origin(hint) is typing.Literal:
        return list(typing.get_args(hint))
    if hint is bool:
        return [False, True]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return list(hint)
    if cards and isinstance(hint, type) and isinstance(cards[0], hint):
        return cards
    raise MissingRuleError(
        f"move class {cls.__name__}: field {quote(field.name)} ({quote(hint)}) "
        "has no known values: "
        "type it as the game's card type, an Enum, bool or a Literal, or give "
        "attrs.field(metadata={'domain': [...]})"
    )


class MoveTypesSpace(ActionSpace):
    """Action ids derived from a game's move classes (``GameSpec.move_types``).

    One block per class, in the order listed; within a block one id per
    combination of its fields' values (mixed radix, the first field most
    significant). A field's values: the deck's distinct cards for a field of
    the game's card type, an Enum's members, ``False, True``, a ``Literal``'s
    values, or ``attrs.field(metadata={"domain": [...]})``.

    Raises:
        MissingRuleError: a field whose values cannot be told.
    """

    def __init__(self, move_types: Iterable[type], cards: Sequence[Any]) -> None:
        self._types = tuple(move_types)
        self._domains: dict[type, list[list[Any]]] = {}
        self._index: dict[type, list[dict[Any, int]]] = {}
        specs = []
        for cls in self._types:
            hints = typing.get_type_hints(cls)
            domains = [_domain(cls, f, hints.get(f.name), list(cards)) for f in attrs.fields(cls)]
            self._domains[cls] = domains
            self._index[cls] = [{value: i for i, value in enumerate(d)} for d in domains]
            size = 1
            for domain in domains:
                size *= len(domain)
            names = ", ".join(f.name for f in attrs.fields(cls)) or "no fields"
            specs.append((cls.__name__, size, f"start + index of ({names})"))
        super().__init__(blocks_from(specs))
        self._starts = {
            cls: block.start for cls, block in zip(self._types, self.blocks, strict=True)
        }

    def id_of(self, move: Move) -> int:
        """The id of ``move``; raises `InvalidMoveError` for a move of no listed class."""
        cls: Any = type(move)
        index = self._index.get(cls)
        if index is None:
            raise InvalidMoveError(f"{type(move).__name__} is not a move type of this game")
        number = 0
        for field, values in zip(attrs.fields(cls), index, strict=True):
            try:
                number = number * len(values) + values[getattr(move, field.name)]
            except (KeyError, TypeError):
                raise InvalidMoveError(
                    f"{move} has no action id: its {field.name} is out of range"
                ) from None
        return self._starts[cls] + number

    def move_of(self, action: int) -> Move:
        """The move with id ``action``; raises `InvalidMoveError` outside the space."""
        block = self.block_of(action)
        cls = self._types[self.blocks.index(block)]
        number = action - block.start
        values = []
        for domain in reversed(self._domains[cls]):
            number, at = divmod(number, len(domain))
            values.append(domain[at])
        result: Move = cls(*reversed(values))
        return result


# -- the default tensor ------------------------------------------------------------------


def _numeric(hint: Any) -> list[str] | None:
    """How a public field of this type is encoded: ``[]`` a number, names: one-hot, None: not."""
    args = [a for a in typing.get_args(hint) if a is not type(None)] or [hint]
    if len(args) != 1:
        return None
    kind = args[0]
    if kind in (int, bool, float):
        return []
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return [member.name for member in kind]
    return None


def _sample_round(game: Any) -> Any:
    state = game.new_round(0, Chance(0))
    if not is_zoned(state):
        raise MissingRuleError(
            f"{quote(game.name)} answers no tensor hooks and its round state holds no "
            "cardrules.model.Table to derive a tensor from"
        )
    return state


def _counters(game: Any) -> list[tuple[str, str, list[str]]]:
    """``(field, plane name, one-hot names)`` of the public fields the tensor holds."""
    found: list[tuple[str, str, list[str]]] = cached_for_game(game, "zoned counters", _find)
    return found


def _find(game: Any) -> list[tuple[str, str, list[str]]]:
    round_type = type(_sample_round(game))
    hints = typing.get_type_hints(round_type)
    found = []
    for field in attrs.fields(round_type):
        if field.name in ("table", "current_player", "players"):
            continue
        encoding = _numeric(hints.get(field.name))
        if encoding is None:
            continue
        if encoding:
            found += [(field.name, f"{field.name}={name}", [name]) for name in encoding]
        else:
            found.append((field.name, field.name, []))
    return found


def tensor_layout(game: Any) -> TensorLayout:
    """The derived ``cardrules_tensor_layout``: `view_layout` planes, then public counters."""
    spec = _sample_round(game).table.spec
    names = [plane for _, plane, _ in _counters(game)]
    names += [f"to decide:{k}" for k in range(game.players)]
    names += [f"total:{k}" for k in range(game.players)]
    names += ["round"]
    return view_layout(spec, game.deck, names)


def observation_tensor(game: Any, observation: Any) -> Any:
    """The derived ``cardrules_observation_tensor`` of a `ZonedObservation`.

    Returns:
        ``numpy.ndarray`` of shape ``(game.tensor_layout.size,)``, ``float32``.

    Raises:
        ObservationMismatchError: not a `ZonedObservation`.
    """
    if not isinstance(observation, ZonedObservation):
        raise ObservationMismatchError(f"not a zoned observation: {type(observation).__name__}")
    public = dict(observation.public)
    values: list[float] = []
    for field, _, one_hot in _counters(game):
        value = public.get(field)
        if one_hot:
            values.append(float(value is not None and value.name == one_hot[0]))
        else:
            values.append(0.0 if value is None else float(value))
    seat, players = observation.seat, observation.players
    deciding = observation.current_player
    values += [
        float(deciding is not None and (deciding - seat) % players == k) for k in range(players)
    ]
    totals = [sum(column) for column in zip(*observation.round_scores, strict=True)]
    totals = totals or [0] * players
    values += [float(totals[(seat + k) % players]) for k in range(players)]
    values.append(float(observation.round))
    return view_tensor(observation.table, game.deck, values, game.tensor_layout)
