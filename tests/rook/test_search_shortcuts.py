"""The contract search's shortcuts never change its answer (R7, R8, R11, R13, R14).

`runs_possible` and `sets_possible` may say "no" only where the exact search
finds nothing; `quick_lay_down` returns only real lay-downs. The oracle is the
exact search with both bounds switched off, on hands as large as random play
makes them (several decks, repeats, Rooks).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations_with_replacement
from unittest import mock

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from cardrules_rook.cards import ROOK_CODE, Card
from cardrules_rook.melds import MeldRules, RunMeld, SetMeld
from cardrules_rook.search import can_lay_down, find_lay_down, hand_counts
from cardrules_rook.search import contract as search
from cardrules_rook.search.shortcuts import (
    _window_costs,
    quick_lay_down,
    runs_possible,
    sets_possible,
    sets_rooks,
)

RULES = [MeldRules(), MeldRules(min_naturals=1), MeldRules(min_naturals=3), MeldRules(2, True)]


@contextmanager
def _bounds_off() -> Iterator[None]:
    search._search_memo.cache_clear()
    try:
        with (
            mock.patch.object(search, "runs_possible", return_value=True),
            mock.patch.object(search, "sets_possible", return_value=True),
            mock.patch.object(search, "sets_rooks", return_value=0),
        ):
            yield
    finally:
        search._search_memo.cache_clear()


def _exact(counts: list[int], sets: int, runs: int, rules: MeldRules, min_rooks: int) -> bool:
    with _bounds_off():
        return search._search(counts, sets, runs, False, rules, True, min_rooks) is not None


def _hand(text: str) -> list[int]:
    return hand_counts(Card.from_str(c) for c in text.split())


def _totals(counts: list[int]) -> list[int]:
    return [0, *(sum(counts[ci * 14 + n - 1] for ci in range(4)) for n in range(1, 15))]


#: The contracts of R4, and what is left of them part-way through a lay-down.
CONTRACTS = [(1, 0), (0, 1), (2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3), (4, 0)]
CONTRACTS += [(5, 0), (0, 4), (2, 2)]
hands = st.lists(st.integers(0, 56), min_size=6, max_size=40).map(
    lambda codes: [min(codes.count(code), 5) for code in range(57)]  # at most 5 decks
)


@pytest.mark.rule("R7", "R8", "R11", "R13", "R14")
@given(
    counts=hands,
    contract=st.sampled_from(CONTRACTS),
    rules=st.sampled_from(RULES),
    min_rooks=st.integers(0, 2),
)
@settings(max_examples=200)
def test_shortcuts_agree_with_the_exact_search(
    counts: list[int], contract: tuple[int, int], rules: MeldRules, min_rooks: int
) -> None:
    sets, runs = contract
    exact = _exact(counts, sets, runs, rules, min_rooks)
    event(f"lay-down exists: {exact}")
    if not runs_possible(counts, runs, rules):
        assert not exact
    need = max(rules.min_naturals, 2) if rules.naturals_exceed_rooks else rules.min_naturals
    if not sets_possible(_totals(counts), sets, counts[ROOK_CODE], need):
        assert not exact
    # Together: what the sets need at least, and the runs' bound in what is left.
    least = sets_rooks(_totals(counts), sets, need)
    if least is None or not runs_possible(counts, runs, rules, counts[ROOK_CODE] - least):
        assert not exact
    quick = quick_lay_down(tuple(counts), sets, runs, rules, min_rooks)
    event(f"quick lay-down found: {quick is not None}")
    if quick is not None:
        melds, left = quick
        assert exact
        assert sorted(m.kind for m in melds) == sorted(["set"] * sets + ["run"] * runs)
        assert all(m.is_valid(rules) for m in melds)
        spent = [0] * 57
        for meld in melds:
            for code in meld.codes():
                spent[code] += 1
        assert [a + b for a, b in zip(spent, left, strict=True)] == counts
        assert spent[ROOK_CODE] >= min_rooks
    # And so the public answers are the exact ones.
    assert can_lay_down(counts, sets=sets, runs=runs, rules=rules, min_rooks=min_rooks) == exact
    if not min_rooks:
        first = find_lay_down(counts, sets=sets, runs=runs, rules=rules, best=False)
        assert (first is not None) == exact


@pytest.mark.rule("R2", "R11", "R13")
@pytest.mark.parametrize("seed", range(4))
def test_shortcuts_agree_on_hands_dealt_from_several_decks(seed: int) -> None:
    """Hands of 12-50 cards dealt from 4-5 shuffled decks, as long as random play makes them."""
    rng = random.Random(seed)
    checked = found = 0
    for _ in range(60):
        decks = rng.choice([4, 5])
        size = rng.randrange(12, 51)
        codes = rng.sample([code for code in range(57) for _ in range(decks)], size)
        counts = [codes.count(code) for code in range(57)]
        sets, runs = rng.choice(CONTRACTS)
        rules = rng.choice(RULES)
        min_rooks = rng.choice([0, 0, 1])
        exact = _exact(counts, sets, runs, rules, min_rooks)
        if not runs_possible(counts, runs, rules):
            assert not exact
        quick = quick_lay_down(tuple(counts), sets, runs, rules, min_rooks)
        assert quick is None or exact
        assert can_lay_down(counts, sets=sets, runs=runs, rules=rules, min_rooks=min_rooks) == exact
        checked += 1
        found += exact
    assert 0 < found < checked  # both answers occur


@pytest.mark.rule("R7", "R13")
def test_runs_bound_rules_out_colours_without_a_run() -> None:
    """Cards four apart in each colour: every run with two naturals needs three Rooks."""
    counts = _hand("R1 R5 R9 Y2 Y6 Y10 G3 G7 G11 B4 B8 B12 Rook Rook")
    assert not runs_possible(counts, 1, MeldRules())
    assert not _exact(counts, 0, 1, MeldRules(), 0)
    counts[ROOK_CODE] = 3  # R5 *R6 *R7 *R8 R9 and the like: one run, not two
    assert runs_possible(counts, 1, MeldRules())
    assert _exact(counts, 0, 1, MeldRules(), 0)
    assert not runs_possible(counts, 2, MeldRules())


@pytest.mark.rule("R2", "R7", "R13")
def test_runs_bound_counts_numbers_two_runs_share() -> None:
    """R1-R7 and a second R1: two runs of four must share a number, and only 1 is doubled.

    Each run has a held card for each of its numbers, but two runs over 1-7
    overlap, and the shared number needs a second copy or a Rook.
    """
    counts = _hand("R1 R1 R2 R3 R4 R5 R6 R7")
    assert not runs_possible(counts, 2, MeldRules())
    assert not _exact(counts, 0, 2, MeldRules(), 0)
    counts[ROOK_CODE] = 1  # R1-R4 and *R4 R5 R6 R7
    assert runs_possible(counts, 2, MeldRules())
    assert _exact(counts, 0, 2, MeldRules(), 0)


@pytest.mark.rule("R8", "R13")
def test_sets_bound_counts_the_rooks_sets_need() -> None:
    """Pairs of three numbers and one Rook make one set, not two."""
    counts = _hand("R7 B7 Y9 G9 R11 R11 Rook")
    totals = _totals(counts)
    assert sets_possible(totals, 1, 1, 2)
    assert not sets_possible(totals, 2, 1, 2)
    assert not _exact(counts, 2, 0, MeldRules(), 0)
    assert sets_possible(totals, 3, 3, 2)


@pytest.mark.rule("R7", "R8", "R11", "R13")
def test_sets_and_runs_share_the_rooks() -> None:
    """A set of 9s needs one Rook and a red run another: with one Rook, one or the other.

    Each bound alone lets the hand through; together they need two Rooks, and
    the search is refused before it tries a set plan.
    """
    counts = _hand("Y9 G9 R1 R2 R4 B13 Rook")
    totals = _totals(counts)
    assert sets_rooks(totals, 1, 2) == 1
    assert runs_possible(counts, 1, MeldRules())
    assert not runs_possible(counts, 1, MeldRules(), spare=0)
    assert not _exact(counts, 1, 1, MeldRules(), 0)
    assert _exact(counts, 1, 0, MeldRules(), 0)
    assert _exact(counts, 0, 1, MeldRules(), 0)
    with mock.patch.object(search, "_set_plans", side_effect=AssertionError("searched")):
        assert search._search(counts, 1, 1, False, MeldRules(), True) is None
    counts[ROOK_CODE] = 2  # Y9 G9 *9 and R1 R2 *3 R4
    assert _exact(counts, 1, 1, MeldRules(), 0)
    assert sets_rooks(totals, 2, 2) is None  # only the 9s are two of a number


@pytest.mark.rule("R7", "R8", "R11", "R14")
def test_quick_lay_down_finds_plain_lay_downs() -> None:
    """A run of four and a set of three are seen at once; a Rook asked for goes in."""
    counts = _hand("R1 R2 R3 R4 Y5 G5 B5 B13 Rook")
    found = quick_lay_down(tuple(counts), 1, 1, MeldRules())
    assert found is not None
    melds, left = found
    assert melds == (RunMeld("R", 1, 4), SetMeld(5, ("Y", "G", "B")))
    assert sum(left) == 2  # B13 and the Rook stay in hand
    with_rook = quick_lay_down(tuple(counts), 1, 1, MeldRules(), 1)
    assert with_rook is not None
    assert sum(m.codes().count(ROOK_CODE) for m in with_rook[0]) == 1


@pytest.mark.rule("R7", "R11", "R13")
def test_quick_lay_down_spends_rooks_where_fewest_are_needed() -> None:
    """Two Rooks, two runs: one gap in yellow and one in green, not both Rooks in red.

    Red's best window (R9 *R10 R11 *R12) has two gaps; taking the colours in
    order would spend both Rooks there and find one run. The window with the
    fewest gaps of any colour goes first.
    """
    counts = _hand("R9 R11 Y8 Y9 Y11 G5 G7 G8 B2 Rook Rook")
    found = quick_lay_down(tuple(counts), 0, 2, MeldRules())
    assert found is not None
    melds, left = found
    assert melds == (RunMeld("Y", 8, 11, (10,)), RunMeld("G", 5, 8, (6,)))
    assert left[ROOK_CODE] == 0


@pytest.mark.rule("R7", "R8", "R11")
def test_quick_lay_down_tries_every_run_before_any_set() -> None:
    """Sets of 1s and 2s would take R1 and R2 from the only run, R1 R2 *R3 R4.

    Taking sets without Rooks before runs with them (either earlier order)
    finds the two sets and no run; runs first leave the 7s and 14s for sets.
    """
    counts = _hand("R1 R2 R4 Y1 B1 Y2 G2 R7 B7 G7 Y14 G14 B14 Rook")
    assert _exact(counts, 2, 1, MeldRules(), 0)
    found = quick_lay_down(tuple(counts), 2, 1, MeldRules())
    assert found is not None
    melds, _ = found
    assert melds == (
        RunMeld("R", 1, 4, (3,)),
        SetMeld(7, ("R", "G", "B")),
        SetMeld(14, ("Y", "G", "B")),
    )


@pytest.mark.rule("R7", "R14")
def test_rooks_owed_are_not_added_to_a_run_of_all_fourteen() -> None:
    """A lay-down whose run already spans 1-14 takes the owed Rooks elsewhere, or not at all.

    The first lay-down found here is R1-R14 and R3 R3 with a Rook; a third Rook
    has no place in the run (R7 ends at 14 and 1), so the full search decides.
    """
    hand = _hand("R1 R2 R3 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R14 Rook Rook Rook")
    for min_rooks in range(4):
        answer = can_lay_down(hand, sets=1, runs=1, min_rooks=min_rooks)
        assert answer == _exact(hand, 1, 1, MeldRules(), min_rooks)
    assert can_lay_down(hand, sets=1, runs=1, min_rooks=3)


def _cheapest_windows(h: list[int], runs: int, rooks: int) -> tuple[int, ...]:
    """`_window_costs` by trying every choice of ``k`` windows of four numbers (slow, plain)."""
    best = [0] + [rooks + 1] * runs
    for k in range(1, runs + 1):
        for lows in combinations_with_replacement(range(11), k):
            cover = [0] * 14
            for low in lows:
                for n in range(low, low + 4):
                    cover[n] += 1
            cost = sum(max(0, c - held) for c, held in zip(cover, h, strict=True))
            best[k] = min(best[k], cost)
    return tuple(best)


@pytest.mark.rule("R7", "R13")
@given(
    runs=st.integers(1, 3),
    rooks=st.integers(0, 3),
    h=st.lists(st.integers(0, 3), min_size=14, max_size=14),
)
@settings(max_examples=60)
def test_window_bounds_are_the_cheapest_choice_of_windows(
    runs: int, rooks: int, h: list[int]
) -> None:
    """The runs bound's cheapest ``k`` windows of one colour, with Rooks and without.

    Without Rooks only the most windows that fit in the cards held matter,
    and the lowest window that fits is taken first; with Rooks, the branch and
    bound. Both must give what trying every choice gives.
    """
    capped = [min(count, runs) for count in h]
    assert _window_costs(capped, runs, rooks) == _cheapest_windows(capped, runs, rooks)


@pytest.mark.rule("R7")
def test_without_rooks_windows_that_overlap_fit_where_the_cards_allow() -> None:
    """R1-R8 and a second R4 and R5: two windows fit (1-4 and 5-8), a third does not.

    Taking 3-6 first would leave room for no other: the lowest first is what
    finds both.
    """
    h = [1, 1, 1, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert _window_costs(h, 3, 0) == (0, 0, 0, 1) == _cheapest_windows(h, 3, 0)
    assert _window_costs(h, 3, 1) == _cheapest_windows(h, 3, 1)
