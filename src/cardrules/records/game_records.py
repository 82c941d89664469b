"""Game records: a documented JSON format and its strict loading (replay: `records.replay`).

A record is what `GameState.record` returns, as JSON:

    {
      "format": "cardrules-record/2",
      "game": "gnoming-a-round",        # a registered game name
      "players": 4,                      # seats
      "seed": 1,                         # fixes every shuffle
      "options": {"bouncing": true},     # the options in force, by name
      "variants": ["no-bounce"],         # the variants in force, by name
      "moves": ["reveal 0 8", ...],      # every move, in notation, in order
      "round_scores": [[3, -2, 10, 7]],  # optional: scores of finished rounds
      "scores": [3, -2, 10, 7],          # optional: totals
      "winners": [1],                    # optional: winning seats
      "over": false,                     # optional: the match reached its end
      "truncated": false,                # optional: a decision cap stopped it early
      "abandoned": false,                # optional: a player quit before its end
      "variant_states": [{"knock": {"knocker": null}}]
                                         # optional: per round, each variant's state
    }

Records of an earlier format (``cardrules-record/1``) are read too. Their moves
were played under the rules of their day, so an option that changed a rule
since (marked with `cardrules.plugins.options.since_record_format`, for instance
Gnoming A Round's ``hazards_return_each_round``, G15, and Toonerville Rook's
``swapped_rook_by_turn_end``, R14) is replayed with its earlier value when the
record does not name it. A record is never silently replayed under other rules.

`load_record` validates every field and refuses what is malformed,
truncated, from an unknown game or variant, or contains an illegal move, with a
`RecordError` naming the field or the move number. ``variant_states`` is
written when a chosen variant keeps state (`cardrules.plugins.variant_state`): for each
round played, finished rounds first, ``{variant: its value as JSON}``; replay
refuses a record whose values differ from the replay's. Nothing named in a
record is imported or executed: games and variants are looked up among the
plugins already installed. `replay` rebuilds every state, and refuses a
record whose recorded scores differ from the replay's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from cardrules.engine.game_state import MAX_NOTATION, MAX_SEED, RECORD_FORMAT
from cardrules.errors import (
    CardRulesError,
    quote,
    shorten,
)

__all__ = ["READABLE_FORMATS", "RECORD_FORMAT", "GameRecord", "RecordError", "load_record"]

#: The most moves a record may hold (far beyond any real match).
MAX_MOVES = 1_000_000
_REQUIRED = ("format", "game", "players", "seed", "options", "variants", "moves")
_OPTIONAL = (
    "round_scores",
    "scores",
    "winners",
    "over",
    "truncated",
    "abandoned",
    "variant_states",
)
#: Every record format `load_record` reads, oldest first; the last is `RECORD_FORMAT`.
READABLE_FORMATS = ("cardrules-record/1", RECORD_FORMAT)


class RecordError(CardRulesError, ValueError):
    """A game record is malformed, truncated, of an unknown game, or not a legal match.

    Attributes:
        field: the record field at fault, if one is.
        move_number: the 1-based number of the move at fault, if one is.
    """

    def __init__(self, message: str, *, field: str | None = None, move_number: int | None = None):
        self.field = field
        self.move_number = move_number
        super().__init__(message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _as_tuple(value: Any) -> Any:
    """A list as a tuple (JSON gives lists); anything else as it is, for the validator to judge."""
    return tuple(value) if isinstance(value, list) else value


def _as_tuples(value: Any) -> Any:
    """A list of lists as a tuple of tuples; anything else as it is."""
    value = _as_tuple(value)
    return tuple(map(_as_tuple, value)) if isinstance(value, tuple) else value


def _ints(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not (isinstance(value, tuple) and all(map(_is_int, value))):
        raise RecordError(
            f"record field {quote(attribute.name)} must be a list of integers", field=attribute.name
        )


def _int(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not _is_int(value):
        raise RecordError(
            f"record field {quote(attribute.name)} must be an integer", field=attribute.name
        )


def _seed(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    _int(record, attribute, value)
    if abs(value) > MAX_SEED:
        raise RecordError(
            f"record field 'seed' must be at most {MAX_SEED:,} either way, got {quote(value)}",
            field="seed",
        )


def _flag(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not isinstance(value, bool):
        raise RecordError(
            f"record field {quote(attribute.name)} must be true or false", field=attribute.name
        )


def _name(value: Any, field: str) -> None:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise RecordError(
            f"record field {quote(field)} must be a non-empty string of at most 200 characters",
            field=field,
        )


def _game(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    _name(value, "game")


def _variants(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, tuple):
        raise RecordError("record field 'variants' must be a list of names", field="variants")
    for name in value:
        _name(name, "variants")


def _options(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise RecordError("record field 'options' must be an object", field="options")


def _moves(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, tuple) or len(value) > MAX_MOVES:
        raise RecordError("record field 'moves' must be a list of move texts", field="moves")
    for number, move in enumerate(value, start=1):
        if not isinstance(move, str) or len(move) > MAX_NOTATION:
            raise RecordError(f"move {number} must be move notation text", move_number=number)


def _round_scores(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, tuple):
        raise RecordError("record field 'round_scores' must be a list", field="round_scores")
    for scores in value:
        if not (isinstance(scores, tuple) and all(map(_is_int, scores))):
            raise RecordError(
                "record field 'round_scores' must be a list of integers", field="round_scores"
            )


def _check_format(value: Any) -> None:
    if value not in READABLE_FORMATS:
        raise RecordError(
            f"record format must be one of {', '.join(map(quote, READABLE_FORMATS))}, "
            f"got {quote(value)}",
            field="format",
        )


def _format(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    _check_format(value)


def _variant_states(record: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and not (
        isinstance(value, tuple)
        and all(
            entry is None or (isinstance(entry, Mapping) and all(isinstance(k, str) for k in entry))
            for entry in value
        )
    ):
        raise RecordError(
            "record field 'variant_states' must be a list of objects (one per round)",
            field="variant_states",
        )


@attrs.frozen
class GameRecord:
    """A validated game record (see the module docstring for the JSON format).

    Every field is checked as the record is made, from JSON or by hand (a
    list is taken where a tuple is documented): a wrong type raises
    `RecordError` naming the field. Whether the game and variants exist and
    the moves are legal is checked by `replay`.

    Attributes:
        game: the game's registered name.
        players: seats.
        seed: the seed.
        options: the options in force, ``{name: value}``.
        variants: the variants in force.
        moves: every move in notation.
        round_scores: recorded scores of finished rounds, or ``None``.
        scores: recorded totals, or ``None``.
        winners: recorded winners, or ``None``.
        over: whether the match was recorded as over, or ``None``.
        truncated: whether a decision cap stopped the match early, or ``None``.
        abandoned: whether a player quit (or interrupted) the match before its
            end, or ``None``. An abandoned match is over: it has no winner and
            is not resumed, so its record holds the seed like any other.
        format: the record's format (one of `READABLE_FORMATS`); replay
            gives options a record of an earlier format does not name the
            values of the rules it was played by.
        variant_states: per round played, ``{variant: value as JSON}`` (or
            ``None`` for a round whose state is not known), or ``None``.
    """

    game: str = attrs.field(validator=_game)
    players: int = attrs.field(validator=_int)
    seed: int = attrs.field(validator=_seed)
    options: Mapping[str, Any] = attrs.field(validator=_options)
    variants: tuple[str, ...] = attrs.field(converter=_as_tuple, validator=_variants)
    moves: tuple[str, ...] = attrs.field(converter=_as_tuple, validator=_moves)
    round_scores: tuple[tuple[int, ...], ...] | None = attrs.field(
        default=None, converter=_as_tuples, validator=_round_scores
    )
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_as_tuple, validator=_ints)
    winners: tuple[int, ...] | None = attrs.field(
        default=None, converter=_as_tuple, validator=_ints
    )
    over: bool | None = attrs.field(default=None, validator=_flag)
    truncated: bool | None = attrs.field(default=None, validator=_flag)
    abandoned: bool | None = attrs.field(default=None, validator=_flag)
    format: str = attrs.field(default=RECORD_FORMAT, validator=_format)
    variant_states: tuple[Any, ...] | None = attrs.field(
        default=None, converter=_as_tuple, validator=_variant_states
    )

    @property
    def format_version(self) -> int:
        """The version number of `format` (``cardrules-record/N``: ``N``)."""
        return READABLE_FORMATS.index(self.format) + 1

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data (optional fields only when present)."""
        data: dict[str, Any] = {
            "format": self.format,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "variants": list(self.variants),
            "moves": list(self.moves),
        }
        if self.round_scores is not None:
            data["round_scores"] = [list(r) for r in self.round_scores]
        if self.scores is not None:
            data["scores"] = list(self.scores)
        if self.winners is not None:
            data["winners"] = list(self.winners)
        if self.over is not None:
            data["over"] = self.over
        if self.truncated is not None:
            data["truncated"] = self.truncated
        if self.abandoned is not None:
            data["abandoned"] = self.abandoned
        if self.variant_states is not None:
            data["variant_states"] = list(self.variant_states)
        return data

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=1)


def load_record(source: str | bytes | Path | Mapping[str, Any]) -> GameRecord:
    """Read and validate a game record.

    Args:
        source: JSON text or bytes, a path to a JSON file, or already-parsed data.

    Returns:
        A `GameRecord` whose fields all have the right types. Whether the
        game and variants exist and the moves are legal is checked by `replay`.

    Raises:
        RecordError: the JSON does not parse (e.g. a truncated file), a field is
            missing, unknown, or of the wrong type, or the format is not one
            of `READABLE_FORMATS`.
    """
    if isinstance(source, Path):
        try:
            source = source.read_bytes()
        except OSError as error:
            raise RecordError(f"cannot read the record: {error}") from None
    if isinstance(source, str | bytes):
        try:
            data = json.loads(source)
        except RecursionError:
            raise RecordError(
                "the record is not a game record: its JSON nests too deeply"
            ) from None
        except ValueError as error:  # bad JSON, bad UTF-8, or an integer of over 4,300 digits
            raise RecordError(
                f"the record is not valid JSON (truncated?): {shorten(str(error), 200)}"
            ) from None
    else:
        data = source
    if not isinstance(data, Mapping):
        raise RecordError("a record is a JSON object")
    missing = [key for key in _REQUIRED if key not in data]
    if missing:
        raise RecordError(f"record field {quote(missing[0])} is missing", field=missing[0])
    unknown = sorted(str(key) for key in data if key not in _REQUIRED + _OPTIONAL)
    if unknown:
        raise RecordError(f"unknown record field {quote(unknown[0])}", field=unknown[0][:200])
    _check_format(data["format"])  # first: a record of another format may differ in anything
    return GameRecord(
        game=data["game"],
        players=data["players"],
        seed=data["seed"],
        options=dict(data["options"]) if isinstance(data["options"], Mapping) else data["options"],
        variants=data["variants"],
        moves=data["moves"],
        round_scores=data.get("round_scores"),
        scores=data.get("scores"),
        winners=data.get("winners"),
        over=data.get("over"),
        truncated=data.get("truncated"),
        abandoned=data.get("abandoned"),
        format=data["format"],
        variant_states=data.get("variant_states"),
    )
