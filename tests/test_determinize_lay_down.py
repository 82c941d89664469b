"""Determinization never starves when a seat is part way through its lay-down (R11).

The position is a real one: Rook, 4 players, seed 8541173111599988144, variants
``more-naturals`` and ``unlimited-rebuilds``, ``lay_down_extra_melds=True``,
3,386 random moves in (stored as a record, ``tests/data``). Seat 3 has laid
its set and owes two runs. Dealt at random, about 1 hand in 100 lets it finish,
so drawing deals until one does failed now and then after 200 tries; its hand
is now dealt the rest of the contract first.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardrules.engine.determinize import determinize
from cardrules.records import check_record

RECORD = Path(__file__).parent / "data" / "rook_mid_lay_down.json"


@pytest.mark.rule("R11")
def test_every_other_seat_can_sample_the_position_every_time() -> None:
    state = check_record(RECORD)
    assert state.current_player == 3
    assert state.round_state.lay_down_left == (0, 2)
    for seat in (0, 1, 2):
        observation = state.observation(seat)
        for attempt in range(60):
            sample = determinize(state.game, observation, random.Random(attempt))
            assert sample.observation(seat) == observation
            assert sample.legal_moves(), "the seat finishing its lay-down must be able to move"


@pytest.mark.rule("R11")
def test_the_finishing_hand_varies_between_samples() -> None:
    """The rest of the contract is chosen at random, not always the same cards."""
    state = check_record(RECORD)
    observation = state.observation(0)
    hands = {
        tuple(
            sorted(
                map(str, determinize(state.game, observation, random.Random(i)).round_state.hand(3))
            )
        )
        for i in range(20)
    }
    assert len(hands) > 10
