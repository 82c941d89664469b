"""A round's history behaves as the tuple of its (seat, move) pairs, without copying moves."""

from __future__ import annotations

import pickle
import random

import pytest

import cardrules
from cardrules.engine.history import RoundHistory


def _played(moves: int) -> cardrules.GameState:
    state = cardrules.new_game("toonerville-rook", players=3, seed=6)
    rng = random.Random(6)
    for _ in range(moves):
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def test_a_round_history_is_the_tuple_of_its_pairs() -> None:
    state = _played(40)
    history = state.round_history()
    pairs = tuple(
        zip(state.seats[state.round_start :], state.history[state.round_start :], strict=True)
    )
    assert isinstance(history, RoundHistory)
    assert history == pairs
    assert pairs == history
    assert history == pairs
    assert hash(history) == hash(pairs)
    assert repr(history) == repr(pairs)
    assert len(history) == len(pairs) == 40
    assert list(history) == list(pairs)
    assert history[0] == pairs[0]
    assert history[-1] == pairs[-1]
    assert history[3:7] == pairs[3:7]
    assert isinstance(history[3:7], tuple)
    assert history.index(pairs[5]) == pairs.index(pairs[5])
    assert pairs[9] in history
    with pytest.raises(IndexError):
        history[40]
    assert pickle.loads(pickle.dumps(history)) == pairs


def test_a_history_stays_as_it_was_made_while_the_match_goes_on() -> None:
    state = _played(25)
    before = state.round_history()
    snapshot = before.pairs()
    for _ in range(10):
        state.apply(state.legal_moves()[0])
    after = state.round_history()
    assert before == snapshot
    assert len(before) == 25
    assert after != before
    assert after[:25] == snapshot
    assert len(after) == 35
    assert state.observation(0).history == after


def test_histories_compare_by_their_pairs() -> None:
    state = _played(12)
    twin = state.clone()
    assert state.round_history() == twin.round_history()  # other lists, the same pairs
    twin.apply(twin.legal_moves()[0])
    assert state.round_history() != twin.round_history()
    assert RoundHistory.of(()) == ()
    assert RoundHistory.of(()) != ((0, None),)
