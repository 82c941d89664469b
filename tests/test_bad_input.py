"""Every bad input gets its documented typed error, a short message, and changes nothing.

A fuzz test feeds `apply`, `apply_action`, `parse_move` and `check_record`
arbitrary text, numbers and JSON; the regression tests are the cases of
issue 14 that once escaped as other exceptions.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardrules import (
    CardRulesError,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    VariantSpec,
    new_game,
)
from cardrules.cli import main
from cardrules.engine import MAX_NOTATION
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.records import GameRecord, RecordError, check_record, load_record
from cardrules.testing.conformance import snapshot
from tests.support import catalogue_with, random_moves

#: The longest message any refusal may carry (bounded, whatever the input).
MESSAGE_LIMIT = 1024


def _positions() -> list[GameState]:
    """Both games at their start and part way through (melds on the table in Rook)."""
    states = []
    for name, players, moves in (
        ("gnoming-a-round", 3, 0),
        ("gnoming-a-round", 4, 40),
        ("toonerville-rook", 3, 0),
        ("toonerville-rook", 4, 400),
    ):
        state = new_game(name, players=players, seed=11)
        random_moves(state, random.Random(5), moves)
        states.append(state)
    return states


POSITIONS = _positions()
WORDS = [
    *"draw take buy pass meld lay down off on swap discard reveal place bounce flip".split(),
    *"stock pile / * *7 *R5 R5 r5 B14 Y1 G15 Rook rook 0 1 4 8 9 -3 M H".split(),
    "²",
    "\u0663",
    "R²",
    "*¹",
    "R⁴",
    "0_4",
    "+3",
    "9" * 5000,
    "\x00",
    "\u200b",
]
NOTATION = st.one_of(
    st.text(max_size=60),
    st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), max_size=8).map(" ".join),
)


def _refusal(call: Callable[[], Any], *kinds: type[Exception]) -> Exception | None:
    """The error of kind ``kinds`` that ``call()`` raises, or ``None`` if it returns.

    Any other exception propagates and fails the test.
    """
    try:
        call()
    except kinds as error:
        return error
    return None


def _refused_cleanly(state: GameState, attempt: Callable[[GameState], Any]) -> None:
    """``attempt(state)`` applies a move, or raises a documented error and changes nothing."""
    before = snapshot(state)
    error = _refusal(lambda: attempt(state), InvalidMoveError, IllegalMoveError)
    if error is not None:
        assert len(str(error)) <= MESSAGE_LIMIT
        assert snapshot(state) == before


@settings(max_examples=100)
@given(index=st.integers(0, len(POSITIONS) - 1), text=NOTATION)
@example(index=1, text="discard \u00b2")
@example(index=1, text="take discard \u00b2")
@example(index=3, text="swap R5 on \u00b2")
def test_move_text_gets_only_the_documented_errors(index: int, text: str) -> None:
    """apply(text) and parse_move(text): a move, InvalidMoveError or IllegalMoveError."""
    state = POSITIONS[index].clone()
    error = _refusal(lambda: state.parse_move(text), InvalidMoveError)
    assert error is None or len(str(error)) <= MESSAGE_LIMIT
    _refused_cleanly(state, lambda s: s.apply(text))


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3),
)


@settings(max_examples=100)
@given(index=st.integers(0, len(POSITIONS) - 1), value=st.one_of(ANYTHING, st.integers(-5, 9000)))
def test_action_ids_and_other_values_get_only_the_documented_errors(index: int, value: Any) -> None:
    """apply_action(anything), apply(non-move) and parse_move(non-text) raise typed errors."""
    state = POSITIONS[index].clone()
    _refused_cleanly(state, lambda s: s.apply_action(value))
    if not isinstance(value, str):
        _refused_cleanly(state, lambda s: s.apply(value))
        with pytest.raises(InvalidMoveError):
            state.parse_move(value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
GOOD = new_game("gnoming-a-round", players=3, seed=3)
random_moves(GOOD, random.Random(3), 25)
RECORD = GOOD.record()


@settings(max_examples=150)
@given(
    field=st.sampled_from([*RECORD, "extra", None]),
    value=JSON,
    raw=st.one_of(st.none(), st.text(max_size=40), st.binary(max_size=40)),
)
def test_records_get_only_record_errors(field: str | None, value: Any, raw: Any) -> None:
    """A record with any field replaced by any JSON, or any text, loads or raises RecordError."""
    data = dict(RECORD)
    if field is not None:
        data[field] = value
    for source in (json.dumps(data), data, raw):
        if source is None:
            continue
        error = _refusal(functools.partial(check_record, source), RecordError)
        assert error is None or len(str(error)) <= MESSAGE_LIMIT


# -- the regression cases of issue 14 ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "swap R5 on ²",
        "discard R²",
        "lay off *¹ on 0",
        "meld R1 R2 R3 R⁴",
        "swap R5 on " + "9" * 5000,
    ],
)
def test_rook_notation_with_non_ascii_or_huge_digits_is_an_invalid_move(text: str) -> None:
    """Case 1: str.isdigit() takes "²" but int() does not; the parser says InvalidMoveError."""
    state = new_game("toonerville-rook", players=3, seed=1)
    before = snapshot(state)
    with pytest.raises(InvalidMoveError) as caught:
        state.apply(text)
    assert snapshot(state) == before
    assert len(str(caught.value)) <= MESSAGE_LIMIT


@pytest.mark.parametrize(
    "text",
    [
        "reveal 0 \u0663",
        "place 0_4",
        "place +4",
        "discard \u0660",
        "discard \u00b2",
        "take discard \u00b2",
        "take discard " + "9" * 5000,
    ],
)
def test_gnoming_numbers_are_ascii_digits_only(text: str) -> None:
    """Gnoming's parser does not take what int() would (Arabic digits, underscores, signs)."""
    with pytest.raises(InvalidMoveError):
        new_game("gnoming-a-round", players=3, seed=1).parse_move(text)


def test_a_record_with_bad_digits_in_a_move_is_a_record_error() -> None:
    """Case 1, in records: the bad move is named by its number."""
    state = new_game("toonerville-rook", players=3, seed=1)
    data = {**state.record(), "moves": ["draw", "swap R5 on ²"]}
    with pytest.raises(RecordError) as caught:
        check_record(data)
    assert caught.value.move_number == 2


def test_the_bare_move_base_class_is_an_invalid_move() -> None:
    """Case 2: Move() has no notation; apply says it is no move of the game."""
    for name in ("gnoming-a-round", "toonerville-rook"):
        state = new_game(name, players=3, seed=1)
        before = snapshot(state)
        with pytest.raises(InvalidMoveError, match="not a move of"):
            state.apply(Move())
        assert snapshot(state) == before


@pytest.mark.parametrize(
    "text",
    [
        "lay down " + "R1 R2 R3 R4 / " * 800_000,
        "meld " + "R1 " * 3_500_000,
        "x" * (MAX_NOTATION + 1),
    ],
)
def test_huge_move_text_is_refused_unread_with_a_short_message(text: str) -> None:
    """Case 3: notation has a length cap, as records have; the message quotes only its start."""
    state = new_game("toonerville-rook", players=3, seed=1)
    with pytest.raises(InvalidMoveError, match=f"at most {MAX_NOTATION} characters") as caught:
        state.apply(text)
    assert len(str(caught.value)) < 300


def test_a_huge_move_value_is_refused_with_a_short_message() -> None:
    """Case 3, for move values built in code: its notation is over the cap, so it is no move."""
    from cardrules_rook.meld_reading import meld_from_str
    from cardrules_rook.moves import LayDown

    state = new_game("toonerville-rook", players=3, seed=1)
    move = LayDown((meld_from_str("R1 R2 R3 R4"),) * 20_000)
    with pytest.raises(InvalidMoveError) as caught:
        state.apply(move)
    assert len(str(caught.value)) < 400


DEEP = '{"format": ' + "[" * 5000 + "]" * 5000 + "}"
HUGE_SEED = json.dumps(RECORD).replace(f'"seed": {RECORD["seed"]}', '"seed": ' + "7" * 5000)


@pytest.mark.parametrize("text", [DEEP, HUGE_SEED], ids=["deep-json", "5000-digit-seed"])
def test_records_too_deep_or_with_huge_integers_are_record_errors(text: str) -> None:
    """Case 4: RecursionError and int-conversion ValueError become RecordError."""
    assert "7" * 5000 in HUGE_SEED
    with pytest.raises(RecordError):
        load_record(text)
    with pytest.raises(RecordError):
        check_record(text)


def test_cli_replay_of_a_bad_record_says_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Case 4, from the command line: an error line, not a traceback."""
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "nests too deeply" in err


def _finished_record() -> dict[str, Any]:
    state = new_game("gnoming-a-round", players=3, seed=2, options={"rounds": 1})
    while not state.is_over:
        state.apply(state.legal_moves()[0])
    return state.record()


def test_truncated_is_compared_with_the_replay() -> None:
    """Case 5: a finished match's record cannot say a bot run stopped it early."""
    record = _finished_record()
    check_record({**record, "truncated": False})
    with pytest.raises(RecordError) as caught:
        check_record({**record, "truncated": True})
    assert caught.value.field == "truncated"
    unfinished = {**record, "moves": record["moves"][:5]}
    for key in ("round_scores", "scores", "winners", "over"):
        unfinished.pop(key)
    check_record({**unfinished, "truncated": True})


def test_a_record_of_the_other_game_blames_its_options_not_its_players() -> None:
    """Case 5: the field at fault is found from what was checked, not from words in a message."""
    rook = new_game("toonerville-rook", players=4, seed=1).record()
    with pytest.raises(RecordError) as caught:
        check_record({**rook, "game": "gnoming-a-round"})
    assert caught.value.field == "options"
    with pytest.raises(RecordError) as caught:
        check_record({**rook, "players": 9})
    assert caught.value.field == "players"


# -- issue 39: seats, ids, options and records as dicts, misbehaving move kinds ------------

#: Values no public call should choke on: huge numbers and containers, odd types.
ODD = st.one_of(
    ANYTHING,
    st.sampled_from([10**5000, -(10**5000), "7" * 100_000, list(range(10_000)), {1: 2}]),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.floats(),
)


def _documented(call: Callable[[], Any]) -> None:
    """``call()`` returns, or raises a `CardRulesError` with a message of at most 1 KB."""
    error = _refusal(call, CardRulesError)
    assert error is None or len(str(error)) <= MESSAGE_LIMIT


@settings(max_examples=100)
@given(index=st.integers(0, len(POSITIONS) - 1), value=ODD)
def test_seats_and_ids_of_any_kind_get_only_documented_errors(index: int, value: Any) -> None:
    """observation, observation_tensor, determinize, move_of, action_id, is_legal: typed, short."""
    state = POSITIONS[index].clone()
    before = snapshot(state)
    _documented(lambda: state.observation(value))
    _documented(lambda: state.observation_tensor(value))
    _documented(lambda: state.determinize(value, random.Random(1)))
    _documented(lambda: state.move_of(value))
    _documented(lambda: state.action_id(value))
    _documented(lambda: state.is_legal(value))
    assert snapshot(state) == before


OPTION_NAMES = ["hazard_points", "rounds", "bouncing", "knock.min_face_up", "min_naturals", "x"]


@settings(max_examples=100)
@given(
    game=st.sampled_from(["gnoming-a-round", "toonerville-rook"]),
    options=st.one_of(
        ODD,
        st.dictionaries(st.one_of(st.sampled_from(OPTION_NAMES), st.integers()), JSON | ODD),
    ),
    variants=st.one_of(ODD, st.lists(st.sampled_from(["knock", "no-bounce", "x"]), max_size=2)),
)
def test_options_and_variants_as_anything_get_only_documented_errors(
    game: str, options: Any, variants: Any
) -> None:
    """new_game(options=<any dict or value>, variants=<anything>): a match, or a typed error."""
    _documented(lambda: new_game(game, players=3, seed=1, options=options, variants=variants))


RECORD_FIELDS = ["game", "players", "seed", "options", "variants", "moves", "round_scores"]


@settings(max_examples=100)
@given(field=st.sampled_from([*RECORD_FIELDS, "winners", "abandoned", "format"]), value=JSON | ODD)
def test_records_made_by_hand_from_dicts_get_only_record_errors(field: str, value: Any) -> None:
    """GameRecord(**dict) with one field replaced by anything: a record, or RecordError."""
    fields = {key: RECORD[key] for key in RECORD_FIELDS}
    fields[field] = value

    def make_and_check() -> None:
        check_record(GameRecord(**fields))

    error = _refusal(make_and_check, RecordError)
    assert error is None or len(str(error)) <= MESSAGE_LIMIT


@attrs.frozen
class Poke(Move):
    def __str__(self) -> str:
        return "poke"


def _misbehaving_kind(answers: dict[str, Any]) -> MoveKind:
    """A kind whose functions answer what hypothesis drew (or raise it, when it is an error)."""

    def answer(function: str, default: Any) -> Any:
        found = answers.get(function, default)
        if isinstance(found, Exception):
            raise found
        return found

    return MoveKind(
        name="poke",
        type=Poke,
        rule="G9",
        parse=lambda text: answer("parse", Poke() if text == "poke" else None),
        legal=lambda game, state: answer("legal", [Poke()]),
        apply=lambda game, state, move, chance: answer("apply", None),
        narrate=lambda *args: [],
        prompt="poke",
        planes=NO_PLANES,
        actions=2,
        id_of=lambda move: answer("id_of", 0),
        move_of=lambda index: answer("move_of", Poke()),
        explain=lambda game, state, move: answer("explain", IllegalMoveError("G9", "no")),
    )


JUNK = st.one_of(
    ODD,
    st.just(Poke()),
    st.just([Poke(), Poke()]),
    st.just(Move()),
    st.sampled_from([RuntimeError("boom"), KeyError("k"), ZeroDivisionError()]),
)


@settings(max_examples=100)
@given(
    answers=st.dictionaries(
        st.sampled_from(["parse", "legal", "id_of", "move_of", "explain", "apply"]),
        JUNK,
        max_size=3,
    )
)
def test_misbehaving_move_kinds_get_only_documented_errors(answers: dict[str, Any]) -> None:
    """A kind answering junk, or raising, anywhere: PluginHookError (or a move error), short."""
    spec = VariantSpec("pokes", "gnoming-a-round", moves=(_misbehaving_kind(answers),))
    state = new_game(
        "gnoming-a-round", players=3, seed=1, variants=["pokes"], catalogue=catalogue_with(spec)
    )
    _documented(state.legal_moves)
    _documented(state.legal_actions)
    _documented(lambda: state.parse_move("poke"))
    _documented(lambda: state.move_of(state.action_space.size - 1))
    _documented(lambda: state.apply_action(state.action_space.size - 2))
    _documented(lambda: state.apply(Poke()))
