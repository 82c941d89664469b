"""Replaying a game record: every state rebuilt, its moves and results checked.

`replay` and `check_record` take what `cardrules.records.load_record` takes.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from cardrules.engine.game_state import GameState, new_game
from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    InvalidMoveError,
    OptionsError,
    quote,
    shorten,
)
from cardrules.plugins.options import earlier_options
from cardrules.records.game_records import READABLE_FORMATS, GameRecord, RecordError, load_record

__all__ = ["check_record", "played_options", "replay"]


def replay(
    record: GameRecord | str | bytes | Path | Mapping[str, Any], *, catalogue: Any = None
) -> Iterator[GameState]:
    """Rebuild a recorded match, yielding the state before the first move and after each move.

    Each yielded state is an independent copy, so a caller may keep them all.

    Args:
        record: a `GameRecord`, or anything `load_record` reads.
        catalogue: where to find the game (default: the installed plugins).

    Raises:
        RecordError: the record is malformed (see `load_record`); its game
            or a variant is not installed; its players or options are refused;
            move ``n`` is not a move of the game or not legal (``move_number``);
            or its recorded scores, winners or end differ from the replay, or
            it says ``truncated`` though its moves finish the match.
    """
    if not isinstance(record, GameRecord):
        record = load_record(record)
    state = _start(record, catalogue)
    yield state.clone()
    for number, text in enumerate(record.moves, start=1):
        _apply(state, number, text)
        yield state.clone()
    _check_results(record, state)


def check_record(
    record: GameRecord | str | bytes | Path | Mapping[str, Any], *, catalogue: Any = None
) -> GameState:
    """Validate a record completely and return the final state of its match.

    The same checks as `replay`, without keeping the states on the way.

    Raises:
        RecordError: as `replay`.
    """
    if not isinstance(record, GameRecord):
        record = load_record(record)
    state = _start(record, catalogue)
    for number, text in enumerate(record.moves, start=1):
        _apply(state, number, text)
    _check_results(record, state)
    return state


def _apply(state: GameState, number: int, text: str) -> None:
    try:
        state.apply(text)
    except InvalidMoveError as error:
        raise RecordError(
            f"move {number} {quote(text)}: {shorten(str(error))}", move_number=number
        ) from None
    except IllegalMoveError as error:
        raise RecordError(
            f"move {number} {quote(text)} is illegal ({shorten(str(error))})", move_number=number
        ) from None


def _start(record: GameRecord, catalogue: Any) -> GameState:
    from cardrules.errors import UnknownGameError, UnknownVariantError, VariantConflictError
    from cardrules.plugins.registry import default_catalogue

    catalogue = catalogue or default_catalogue()
    try:
        catalogue.game(record.game)
    except UnknownGameError as error:
        raise RecordError(str(error), field="game") from None
    spec = catalogue.game(record.game)
    if not spec.min_players <= record.players <= spec.max_players:
        raise RecordError(
            f"the game refuses this record's players: {spec.name} takes "
            f"{spec.players_text} players, the record has {quote(record.players)}",
            field="players",
        )
    try:
        return new_game(
            record.game,
            players=record.players,
            seed=record.seed,
            variants=record.variants,
            options=played_options(record, catalogue),
            catalogue=catalogue,
        )
    except (UnknownVariantError, VariantConflictError) as error:
        raise RecordError(shorten(str(error)), field="variants") from None
    except OptionsError as error:
        raise RecordError(
            f"the game refuses this record's options: {shorten(str(error))}", field="options"
        ) from None
    except CardRulesError as error:  # a plugin failing while the match is set up
        raise RecordError(f"the record's game cannot start: {shorten(str(error))}") from None


def played_options(record: GameRecord, catalogue: Any = None) -> dict[str, Any]:
    """The options ``record`` was played under, as ``{name: value}``.

    The record's own options, plus, for a record of an earlier format, the
    earlier value of every option that changed a rule since and that neither
    the record nor one of its variants names (`cardrules.plugins.options.earlier_options`).

    Raises:
        UnknownGameError: the record's game is not installed.
    """
    from cardrules.errors import UnknownVariantError
    from cardrules.plugins.registry import default_catalogue

    options = dict(record.options)
    if record.format_version == len(READABLE_FORMATS):
        return options
    catalogue = catalogue or default_catalogue()
    spec = catalogue.game(record.game)
    set_by_variants: set[str] = set()
    for name in record.variants:
        try:
            set_by_variants.update(key for key, _ in catalogue.variant(record.game, name).options)
        except UnknownVariantError:
            continue  # new_game refuses it with the variant's name
    for name, (value, _rule) in earlier_options(spec.options_type, record.format_version).items():
        if name not in options and name not in set_by_variants:
            options[name] = value
    return options


def _check_results(record: GameRecord, state: GameState) -> None:
    expected: Sequence[tuple[str, Any, Any]] = (
        ("round_scores", record.round_scores, tuple(state.round_scores)),
        ("scores", record.scores, state.scores),
        ("winners", record.winners, state.winners),
        ("over", record.over, state.is_over),
        ("variant_states", record.variant_states, _replayed_states(state)),
    )
    for field, recorded, replayed in expected:
        if field == "variant_states" and recorded is not None and replayed is not None:
            recorded, replayed = _first_difference(recorded, replayed)
        if recorded is not None and recorded != replayed:
            raise RecordError(
                f"record field {quote(field)} says {quote(recorded)} but the moves give "
                f"{quote(replayed)}",
                field=field,
            )
    if record.abandoned and state.is_over:
        raise RecordError(
            "record field 'abandoned' says a player quit before the end, but the moves finish it",
            field="abandoned",
        )
    if record.truncated and state.is_over:
        raise RecordError(
            "record field 'truncated' says a bot run stopped the match early, "
            "but the moves finish it",
            field="truncated",
        )


def _replayed_states(state: GameState) -> tuple[Any, ...] | None:
    """The replayed match's ``variant_states`` (as in its record), or ``None`` without any."""
    states = state.record().get("variant_states")
    return None if states is None else tuple(states)


def _first_difference(recorded: Sequence[Any], replayed: Sequence[Any]) -> tuple[Any, Any]:
    """The first round whose values differ, as ``("round N: ...", "round N: ...")``."""
    for number, (one, other) in enumerate(zip(recorded, replayed, strict=False), start=1):
        if one != other:
            return f"round {number}: {reprlib.repr(one)}", f"round {number}: {reprlib.repr(other)}"
    if len(recorded) != len(replayed):
        return f"{len(recorded)} rounds", f"{len(replayed)} rounds"
    return None, None
