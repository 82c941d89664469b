"""Toonerville Rook's seat tensors, read straight off the round (`cardrules_rook.tensor_reading`).

``GameState.observation_tensor(seat)`` must equal the seat's observation
encoded, ``game.observation_tensor(state.observation(seat))``, at every
decision: at each table size, under every bundled variant and the options
that change what is observed, across a rebuilt draw pile (R16), and with
states of several matches interleaved. And it holds only what the seat may
know: re-deal what the seat cannot see and its tensor does not change.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules.engine.seat_tensors import direct_seat_tensor
from cardrules.plugins.registry import default_catalogue
from cardrules_rook.moves import Discard, Draw, Pass
from tests.test_seat_tensors import check_match

np = pytest.importorskip("numpy")

ROOK = "toonerville-rook"
ROOK_VARIANTS = [spec.name for spec in default_catalogue().variants(ROOK)]
#: Options that change what a seat sees or may do (so which planes are written when).
ROOK_OPTIONS: list[dict[str, Any]] = [
    {"stock_rebuilds": None},
    {"stock_rebuilds": 0},
    {"buy_limit": 1},
    {"down_players_may_buy": False},
    {"lay_down_extra_melds": True},
    {"lay_off_same_turn": False},
    {"naturals_exceed_rooks": True},
    {"rotate_dealer": False, "first_dealer": 2},
]


@pytest.mark.rule("R2")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_rook_seat_tensors_equal_encoded_observations(players: int) -> None:
    """Three rounds at each table size: the direct path is taken, and never differs."""
    state = cardrules.new_game(ROOK, players=players, seed=players, options={"rounds": 3})
    assert direct_seat_tensor(state.game) is not None
    assert check_match(state, players, fresh_every=40) > 300


@pytest.mark.rule("R9")
@pytest.mark.rule("R10")
@pytest.mark.parametrize("variant", ROOK_VARIANTS)
def test_rook_seat_tensors_under_each_bundled_variant(variant: str) -> None:
    """Each variant's own rules decide the round; the tensors are still its observations'."""
    state = cardrules.new_game(ROOK, players=4, seed=3, variants=[variant], options={"rounds": 2})
    check_match(state, 3, fresh_every=60)


@pytest.mark.parametrize("options", ROOK_OPTIONS, ids=lambda o: ",".join(map(str, o.items())))
def test_rook_seat_tensors_under_each_option(options: dict[str, Any]) -> None:
    state = cardrules.new_game(ROOK, players=3, seed=8, options={"rounds": 2, **options})
    assert direct_seat_tensor(state.game) is not None
    check_match(state, 8, fresh_every=60)


@pytest.mark.rule("R16")
def test_rook_seat_tensors_across_draw_pile_rebuilds() -> None:
    """Rounds played with a preference for drawing from the draw pile and discarding at
    once run the draw pile out: the rebuilt pile, and what each seat drew from it (its
    own row; the others' counts), show in every seat's tensor as in its observation."""
    state = cardrules.new_game(ROOK, players=3, seed=5, options={"rounds": 2})
    rng = random.Random(5)
    drew_from_rebuilt = 0
    while not state.is_over:
        moves = state.legal_moves()
        quiet = [m for m in moves if isinstance(m, Draw | Discard | Pass)]
        pool = quiet if quiet and rng.random() < 0.95 else moves
        state.apply(pool[rng.randrange(len(pool))])
        round_state = state.round_state
        drew_from_rebuilt += round_state.rebuilds > 0 and any(map(any, round_state.rebuilt_draws))
        for seat in range(3):
            np.testing.assert_array_equal(
                state.observation_tensor(seat),
                state.game.observation_tensor(state.observation(seat)),
            )
    assert drew_from_rebuilt > 10


@pytest.mark.rule("R9")
def test_a_rook_seat_tensor_holds_only_what_the_seat_may_know() -> None:
    """Re-deal everything ``seat`` cannot see (the other hands but their known cards, the
    draw pile): its tensor does not change, while another seat's hand plane does."""
    rng = random.Random(6)
    state = cardrules.new_game(ROOK, players=4, seed=6, options={"rounds": 2})
    layout = state.game.tensor_layout
    other_hand_changed = 0
    for _ in range(400):
        if state.is_over:
            break
        for seat in range(4):
            sample = state.determinize(seat, rng)
            np.testing.assert_array_equal(
                sample.observation_tensor(seat), state.observation_tensor(seat)
            )
            other = (seat + 1) % 4
            other_hand_changed += not np.array_equal(
                layout.view(sample.observation_tensor(other), "hand"),
                layout.view(state.observation_tensor(other), "hand"),
            )
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    assert other_hand_changed > 100
