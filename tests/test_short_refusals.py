"""Every refusal of a public call is typed, short and quick, whatever it is given (issue 39).

Cases 4 and 6 of issue 39: a million-character id, a list of 100,000 ids, a
5,000-digit seat, a numpy array where a move belongs, ``variants=None``,
``options={1: 2}``, ``catalogue=5``. Each call raises a `CardRulesError`
whose message is at most 1 KB, and refuses in well under 10 ms (the best of
three tries is compared, so a busy machine does not fail it: the slow
refusals this guards against took over 100 ms every time).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy
import pytest

from cardrules import (
    CardRulesError,
    GameState,
    InvalidMoveError,
    InvalidSeatError,
    OptionsError,
    UnknownGameError,
    new_game,
)
from cardrules.errors import quote
from cardrules.plugins.options import MAX_WHOLE

#: The longest message a refusal may carry.
LIMIT = 1024
#: The longest a refusal may take, in seconds (best of three tries).
QUICK = 0.010


class _BrokenRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __str__(self) -> str:
        raise RuntimeError("no str")


class _HugeRepr:
    def __repr__(self) -> str:
        return "x" * 1_000_000


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


HUGE: dict[str, Any] = {
    "a million-character id": "7" * 1_000_000,
    "a list of 100,000 ids": list(range(100_000)),
    "a 5,000-digit number": 10**5000,
    "minus a 5,000-digit number": -(10**5000),
    "a tuple of 100,000": tuple(range(100_000)),
    "a set of 100,000": set(range(100_000)),
    "a dict with a long value": {1: "x" * 100_000},
    "a numpy array": numpy.arange(100_000),
    "a two-item numpy array": numpy.array([1, 2]),
    "a million bytes": b"x" * 1_000_000,
    "nan": float("nan"),
    "None": None,
    "a 10,000-deep list": _nested(10_000),
    "an object whose repr fails": _BrokenRepr(),
    "an object with a megabyte repr": _HugeRepr(),
}

CALLS: dict[str, Callable[[GameState, Any], Any]] = {
    "apply_action": lambda s, v: s.apply_action(v),
    "apply": lambda s, v: s.apply(v),
    "parse_move": lambda s, v: s.parse_move(v),
    "is_legal": lambda s, v: s.is_legal(v),
    "action_id": lambda s, v: s.action_id(v),
    "move_of": lambda s, v: s.move_of(v),
    "observation": lambda s, v: s.observation(v),
    "observation_tensor": lambda s, v: s.observation_tensor(v),
    "determinize": lambda s, v: s.determinize(v, random.Random(1)),
    "game.observation_tensor": lambda s, v: s.game.observation_tensor(v),
    "new_game(name)": lambda s, v: new_game(v, players=3),
    "new_game(players)": lambda s, v: new_game(s.game.name, players=v),
    "new_game(seed)": lambda s, v: new_game(s.game.name, players=3, seed=v),
    "new_game(options)": lambda s, v: new_game(s.game.name, players=3, options=v),
    "new_game(variants)": lambda s, v: new_game(s.game.name, players=3, variants=v),
    "new_game(catalogue)": lambda s, v: new_game(s.game.name, players=3, catalogue=v),
}

_NONE_IS_DEFAULT = [CALLS[f"new_game({name})"] for name in ("seed", "options", "catalogue")]

STATES = [new_game(name, players=3, seed=1) for name in ("gnoming-a-round", "toonerville-rook")]


def _refusal(call: Callable[[], Any]) -> tuple[CardRulesError | None, float]:
    """The `CardRulesError` ``call()`` raises (``None`` if it returns), and the best time of 3."""
    best = float("inf")
    error: CardRulesError | None = None
    for _ in range(3):
        start = time.perf_counter()
        try:
            call()
        except CardRulesError as refused:
            error = refused
        best = min(best, time.perf_counter() - start)
    return error, best


@pytest.mark.parametrize("value", HUGE.values(), ids=HUGE.keys())
@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
@pytest.mark.parametrize("state", STATES, ids=lambda s: s.game.name)
def test_a_public_call_refuses_anything_typed_short_and_quick(
    state: GameState, call: Callable[[GameState, Any], Any], value: Any
) -> None:
    """A typed error, a message of at most 1 KB, at most 10 ms (best of three)."""
    copy = state.clone()
    error, took = _refusal(lambda: call(copy, value))
    if value is None and call in _NONE_IS_DEFAULT:
        assert error is None  # None is the default of both
        return
    assert error is not None
    assert len(str(error)) <= LIMIT
    assert took <= QUICK


def test_the_cases_of_the_issue_raise_their_documented_errors() -> None:
    """Case 6: each wrong-typed argument gets the error its documentation names."""
    state = STATES[0].clone()
    with pytest.raises(InvalidMoveError, match="not a move"):
        state.is_legal(numpy.array([1, 2]))  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="variants must be a sequence"):
        new_game("gnoming-a-round", players=3, variants=None)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="an option name is a string"):
        new_game("gnoming-a-round", players=3, options={1: 2})
    with pytest.raises(OptionsError, match="catalogue must be"):
        new_game("gnoming-a-round", players=3, catalogue=5)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="seed must be"):
        new_game("gnoming-a-round", players=3, seed=10**5000)
    with pytest.raises(OptionsError, match="hazard_points"):
        new_game("gnoming-a-round", players=3, options={"hazard_points": 10**5000})
    with pytest.raises(InvalidSeatError):
        state.observation(10**5000)
    with pytest.raises(InvalidMoveError, match=r"action id <int of about 5,001 digits>"):
        state.apply_action(10**5000)
    with pytest.raises(UnknownGameError):
        new_game(["gnoming-a-round"], players=3)  # type: ignore[arg-type]


def test_options_a_record_can_hold_are_taken_up_to_the_bound() -> None:
    """The bound on whole numbers is JSON's: the largest allowed makes a record that writes."""
    state = new_game("gnoming-a-round", players=3, seed=2, options={"hazard_points": MAX_WHOLE})
    assert state.record()["options"]["hazard_points"] == MAX_WHOLE
    with pytest.raises(OptionsError, match="at most"):
        new_game("gnoming-a-round", players=3, options={"hazard_points": MAX_WHOLE + 1})


def test_a_deeply_nested_option_value_is_an_options_error() -> None:
    """Case 6: a deeply nested option is refused by type, with no RecursionError."""
    with pytest.raises(OptionsError, match="hazard_points"):
        new_game("gnoming-a-round", players=3, options={"hazard_points": _nested(50_000)})


@pytest.mark.parametrize(
    ("game", "variant", "option", "value"),
    [
        ("toonerville-rook", "knock", "knock.max_points", 1.5),
        ("toonerville-rook", "knock", "knock.max_points", True),
        ("gnoming-a-round", "knock", "knock.min_face_up", 1.5),
        ("gnoming-a-round", "knock", "knock.min_face_up", 10),
        ("toonerville-rook", None, "min_naturals", 99),
        ("toonerville-rook", None, "min_naturals", 0),
    ],
)
def test_variant_and_game_options_are_validated_strictly(
    game: str, variant: str | None, option: str, value: Any
) -> None:
    """Case 7: a fractional count, a bool for a count, a count no meld can meet: refused."""
    with pytest.raises(OptionsError, match=option.rpartition(".")[2]):
        new_game(game, players=3, variants=[variant] if variant else [], options={option: value})


def test_quote_is_bounded_for_every_kind_of_value() -> None:
    """The one way messages quote input: at most about 230 characters, whatever it is."""
    for value in HUGE.values():
        assert len(quote(value)) <= 240
    assert quote("short") == "'short'"
    assert quote({"a": [1, {2: 3}]}) == "{'a': [1, {2: 3}]}"
