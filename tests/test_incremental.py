"""What the engine keeps between decisions for speed equals what it would compute afresh."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import GameState

GAMES = ("gnoming-a-round", "toonerville-rook")


def fresh_round_history(state: GameState) -> tuple[tuple[int, cardrules.Move], ...]:
    start = state.round_start
    return tuple(zip(state.seats[start:], state.history[start:], strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_round_history_kept_as_it_grows(game: str) -> None:
    """Across rounds, clones (played on apart) and samples, the kept history is the fresh one."""
    rng = random.Random(4)
    state = cardrules.new_game(game, players=3, seed=11)
    twins: list[GameState] = []
    for step in range(3000):
        if state.is_over or (state.round_start and step % 37 == 36):
            break
        if step % 37 == 0:
            twins.append(state.clone())
        if step % 53 == 0:
            seat = state.current_player
            assert seat is not None
            sample = state.determinize(seat, rng)
            assert sample.round_history() == state.round_history() == fresh_round_history(state)
            sample.apply(sample.legal_moves()[0])
            assert sample.round_history() == fresh_round_history(sample)
        if rng.random() < 0.5:
            assert state.round_history() == fresh_round_history(state)
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        for twin in twins[-2:]:
            if not twin.is_over:
                twin.apply(twin.legal_moves()[-1])
                assert twin.round_history() == fresh_round_history(twin)
    assert state.round_history() == fresh_round_history(state)
    assert state.round_start > 0  # a later round was reached
