"""What the engine keeps between decisions for speed equals what it would compute afresh."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules import GameState
from cardrules.engine.game import Game

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


def _fresh_tensor(state: GameState, seat: int) -> Any:
    """The tensor of ``seat`` encoded by a game object that has kept nothing."""
    game = state.game
    twin = Game(game.spec, game.players, game.options, game.variants)
    return twin.observation_tensor(state.observation(seat))


@pytest.mark.parametrize("game", GAMES)
def test_tensors_kept_per_seat_equal_fresh_ones(game: str) -> None:
    """Parts an encoder keeps between observations of a seat never go stale: every tensor
    equals one from an encoder that kept nothing, seats observed in a random order."""
    numpy = pytest.importorskip("numpy")
    rng = random.Random(2)
    state = cardrules.new_game(game, players=4, seed=5)
    encode = state.game.observation_tensor
    steps = 0
    while not state.is_over and steps < 700:
        seat = rng.randrange(4)
        kept = encode(state.observation(seat))
        if steps % 7 == 0 or (state.round_start and steps % 3 == 0):
            numpy.testing.assert_array_equal(kept, _fresh_tensor(state, seat))
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        steps += 1
