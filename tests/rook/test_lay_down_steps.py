"""The listed lay-down steps are exactly the melds some complete lay-down contains (R11).

The oracle is the definition, searched the slow way: a meld the hand can make
is a step when the rest of the hand can still complete the contract.
"""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules_rook.moves import MeldDown
from cardrules_rook.search import can_lay_down
from cardrules_rook.search.hand_melds import possible_melds
from cardrules_rook.state import RookPhase, RookRound


def _steps_by_definition(state: RookRound) -> list[MeldDown]:
    hand = state.hands[state.turn_seat]
    rules = state.options.meld_rules
    sets, runs = state.lay_down_left or (state.contract.sets, state.contract.runs)
    steps = []
    for meld in possible_melds(hand, sets=sets > 0, runs=runs > 0, rules=rules):
        rest = hand.copy()
        for card in meld.cards():
            rest[card.code] -= 1
        s, r = sets - (meld.kind == "set"), runs - (meld.kind == "run")
        if s == r == 0:
            ok = not state.whole_hand or sum(rest) == 0
        else:
            ok = can_lay_down(rest, sets=s, runs=r, whole_hand=state.whole_hand, rules=rules)
        if ok:
            steps.append(MeldDown(meld))
    return steps


@pytest.mark.rule("R11")
@pytest.mark.parametrize("seed", range(4))
def test_listed_steps_are_the_melds_of_some_lay_down(seed: int) -> None:
    rng = random.Random(seed)
    state = cardrules.new_game("toonerville-rook", players=3 + seed % 3, seed=seed)
    compared = offered = 0
    while not state.is_over and compared < 60:
        rs = state.round_state
        seat = rs.turn_seat
        if rs.phase is RookPhase.PLAY and (rs.lay_down_left is not None or not rs.down[seat]):
            listed = [m for m in state.legal_moves() if isinstance(m, MeldDown)]
            assert listed == _steps_by_definition(rs)
            compared += 1
            offered += bool(listed)
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    assert compared >= 20
    assert offered > 0
