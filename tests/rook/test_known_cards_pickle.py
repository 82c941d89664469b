"""A Rook round and its unpickled copy, played on alike, pickle alike (R9, R10).

The cards known to be in each hand (taken or bought from the discard pile)
are kept as rows of 57 counts, and a new round's rows are one shared tuple.
A pickle shows which rows are one object, and `snapshot` (the conformance
kit's "unchanged state" test) compares pickles: a row that empties again
must be a new tuple in both, not the shared one in the original only.
"""

from __future__ import annotations

import pickle
import random

import pytest

import cardrules
from cardrules.model.moves import Move
from cardrules.testing.conformance import snapshot
from cardrules_rook.moves import Discard, Take


@pytest.mark.rule("R9", "R10")
@pytest.mark.parametrize("seed", [1, 2])
def test_a_copy_played_on_alike_pickles_alike_as_known_cards_come_and_go(seed: int) -> None:
    state = cardrules.new_game("toonerville-rook", players=4, seed=seed)
    copy = state.clone()
    copy.round_state = pickle.loads(pickle.dumps(state.round_state))
    rng = random.Random(seed)
    emptied = 0
    for _ in range(600):
        moves = state.legal_moves()
        # Take the discard whenever offered and discard it again at once, so that
        # known cards come and go.
        known = state.round_state.known[state.current_player]
        chosen: list[Move] = [m for m in moves if isinstance(m, Take)]
        chosen += [m for m in moves if isinstance(m, Discard) and known[m.card.code]]
        move = chosen[0] if chosen else moves[rng.randrange(len(moves))]
        before = [any(row) for row in state.round_state.known]
        for each in (state, copy):
            each.apply(move)
        after = [any(row) for row in state.round_state.known]
        emptied += sum(b and not a for b, a in zip(before, after, strict=True))
        assert snapshot(copy) == snapshot(state)
    assert emptied  # a seat's known cards did empty again
