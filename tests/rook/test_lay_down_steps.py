"""The listed lay-down steps are exactly the melds some complete lay-down contains (R11).

The oracle is the definition, searched the slow way: a meld the hand can make
is a step when the rest of the hand can still complete the contract.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.model.chance import Chance
from cardrules_rook.legal import _has_play_move, _play_moves
from cardrules_rook.melds import MeldRules
from cardrules_rook.moves import MeldDown, Swap
from cardrules_rook.play import apply_move
from cardrules_rook.search import (
    MeldCandidate,
    can_lay_down,
    has_lay_down_step,
    lay_down_steps,
    meld_candidates,
)
from cardrules_rook.search.hand_melds import CODES, KIND, possible_melds
from cardrules_rook.state import RookPhase, RookRound
from cardrules_rook.swaps import keeps_rooks_playable, rook_has_a_place, swaps


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


RULES = [MeldRules(), MeldRules(min_naturals=1), MeldRules(min_naturals=3), MeldRules(2, True)]
CONTRACTS = [(1, 0), (2, 0), (3, 0), (5, 0), (0, 1), (0, 2), (0, 4), (1, 1), (2, 1), (1, 2)]
CONTRACTS += [(2, 2)]


def _by_definition(
    hand: list[int], sets: int, runs: int, whole_hand: bool, rules: MeldRules
) -> list[MeldCandidate]:
    found = []
    for candidate in meld_candidates(hand, sets=sets > 0, runs=runs > 0, rules=rules):
        rest = hand.copy()
        for code in candidate[CODES]:
            rest[code] -= 1
        s, r = sets - (candidate[KIND] == "set"), runs - (candidate[KIND] == "run")
        if s == r == 0:
            ok = not whole_hand or not any(rest)
        else:
            ok = can_lay_down(rest, sets=s, runs=r, whole_hand=whole_hand, rules=rules)
        if ok:
            found.append(candidate)
    return found


@pytest.mark.rule("R11")
@settings(max_examples=300)
@given(
    codes=st.lists(st.integers(0, 56), min_size=6, max_size=40),
    contract=st.sampled_from(CONTRACTS),
    rules=st.sampled_from(RULES),
    whole_hand=st.booleans(),
)
def test_lay_down_steps_are_the_melds_some_lay_down_contains(
    codes: list[int], contract: tuple[int, int], rules: MeldRules, whole_hand: bool
) -> None:
    """Every path of `lay_down_steps` (sets only without a search, rooms and known
    non-steps, the searched rest) lists exactly the candidates the definition keeps."""
    hand = [min(codes.count(code), 4) for code in range(57)]
    sets, runs = contract
    steps = lay_down_steps(hand, sets=sets, runs=runs, whole_hand=whole_hand, rules=rules)
    event(f"{'some' if steps else 'no'} steps")
    assert steps == _by_definition(hand, sets, runs, whole_hand, rules)


def _swap_check_by_trial(state: RookRound, move: Swap) -> bool:
    """R14 by the definition: play the swap on a copy and ask whether its Rook can be played."""
    trial = state.clone()
    apply_move(trial, move, Chance(0))
    return rook_has_a_place(trial, state.turn_seat)


@pytest.mark.rule("R14")
@pytest.mark.parametrize("options", [{}, {"swapped_rook_by_turn_end": True}, {"min_naturals": 3}])
def test_swap_checks_made_in_place_agree_with_a_trial_on_a_copy(options: dict[str, object]) -> None:
    """A swap is checked on the round itself and undone (and before a lay-down first by
    the hand's own lay-down); the answer is the one a trial on a copy gives, and the
    round is as it was."""
    compared = kept = 0
    for seed in range(40):
        match = cardrules.new_game("toonerville-rook", players=4, seed=seed, options=options)
        rng = random.Random(seed)
        while not match.is_over and compared < 150:
            rs = match.round_state
            if rs.phase is RookPhase.PLAY:
                for swap in swaps(rs, rs.turn_seat):
                    assert isinstance(swap, Swap)
                    before = rs.clone()
                    answer = keeps_rooks_playable(rs, swap)
                    assert answer == _swap_check_by_trial(rs, swap)
                    assert rs.hands == before.hands
                    assert rs.table == before.table
                    assert (rs.owed_rooks, rs.owed_before_down) == (
                        before.owed_rooks,
                        before.owed_before_down,
                    )
                    compared += 1
                    kept += answer
            moves = match.legal_moves()
            match.apply(moves[rng.randrange(len(moves))])
    assert compared >= 100
    assert kept > 0
    if not options.get("swapped_rook_by_turn_end"):
        assert kept < compared  # some swaps refused: both answers were compared


@pytest.mark.rule("R12")
def test_the_look_ahead_answers_whether_any_move_is_listed() -> None:
    """`_has_play_move` (stopping at the first legal move) is whether `_play_moves` lists any."""
    options = {"last_round_whole_hand": False, "rounds": 11}
    compared = 0
    for seed in range(6):
        match = cardrules.new_game("toonerville-rook", players=3, seed=seed, options=options)
        rng = random.Random(seed)
        while not match.is_over:
            rs = match.round_state
            if rs.phase is RookPhase.PLAY and rs.round == 10:
                assert _has_play_move(rs) == bool(_play_moves(rs))
                compared += 1
            moves = match.legal_moves()
            match.apply(moves[rng.randrange(len(moves))])
    assert compared > 50


@pytest.mark.rule("R11")
@pytest.mark.parametrize(("sets", "runs"), [(1, 1), (0, 2), (2, 1)])
def test_whether_a_step_exists_over_a_hand_s_turns(sets: int, runs: int) -> None:
    """`has_lay_down_step` answers as `lay_down_steps` lists for hands that change a card a
    turn (a discard, a draw), as a player's do: it remembers the lay-downs it found lately,
    which such hands often still hold, and often no longer do."""
    rng = random.Random(sets * 10 + runs)
    deck = [code for code in range(57) for _ in range(2)]
    answers = []
    for _ in range(40):
        rng.shuffle(deck)
        hand = [0] * 57
        for code in deck[:16]:
            hand[code] += 1
        for drawn in deck[16:24]:
            listed = lay_down_steps(hand, sets=sets, runs=runs)
            answers.append(has_lay_down_step(hand, sets=sets, runs=runs))
            assert answers[-1] == bool(listed)
            hand[rng.choice([code for code in range(57) if hand[code]])] -= 1
            hand[drawn] += 1
    assert True in answers
    assert False in answers
