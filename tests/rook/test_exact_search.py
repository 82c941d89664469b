"""The contract search's exact path (a variant's meld rule, hook rook_meld_valid) is exact.

It agrees with the brute-force search under a rule the fast path does not
know (runs of three), and with the fast path itself when the variant's rule is
the game's own.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules_rook.cards import POINTS, ROOK, Card, natural
from cardrules_rook.melds import Meld, MeldRules
from cardrules_rook.search import can_lay_down, find_lay_down

from .test_search_bruteforce import brute_force


def short_runs(meld: Meld) -> bool:
    """A variant's rule: runs of three or more, sets of three or more, two naturals each."""
    return meld.length >= 3 and len(meld.naturals) >= 2


SHORT_RUNS = MeldRules(judge=short_runs)

small_cards = st.sampled_from(
    [natural(c, n) for c in "RB" for n in range(5, 10)] + [natural("Y", 7), ROOK]
)


@pytest.mark.rule("R7", "R8", "R11", "R13")
@given(
    hand=st.lists(small_cards, min_size=3, max_size=7),
    contract=st.sampled_from([(1, 0), (0, 1), (2, 0), (1, 1), (0, 2)]),
    whole=st.booleans(),
)
@settings(max_examples=80)
def test_exact_path_matches_brute_force_under_a_variant_rule(
    hand: list[Card], contract: tuple[int, int], whole: bool
) -> None:
    """Same existence and fewest points left as trying every assignment of cards."""
    sets, runs = contract
    expected = brute_force(hand, sets, runs, whole, SHORT_RUNS)
    found = find_lay_down(hand, sets=sets, runs=runs, whole_hand=whole, rules=SHORT_RUNS)
    assert can_lay_down(hand, sets=sets, runs=runs, whole_hand=whole, rules=SHORT_RUNS) is (
        expected is not None
    )
    if expected is None:
        assert found is None
        return
    assert found is not None
    assert found.points_left == expected
    assert sorted(m.kind for m in found.melds) == sorted(["set"] * sets + ["run"] * runs)
    assert all(short_runs(m) for m in found.melds)
    used = sorted([c.code for m in found.melds for c in m.cards()] + [c.code for c in found.left])
    assert used == sorted(c.code for c in hand)


wide_cards = st.sampled_from(
    [natural(c, n) for c in "RYB" for n in range(3, 12)] + [ROOK, ROOK, ROOK]
)


@pytest.mark.rule("R7", "R8", "R11", "R13")
@given(
    hand=st.lists(wide_cards, min_size=4, max_size=11),
    contract=st.sampled_from([(2, 0), (1, 1), (0, 2), (1, 2)]),
    exceed=st.booleans(),
    min_rooks=st.integers(0, 2),
)
@settings(max_examples=80)
def test_exact_path_with_the_games_own_rule_agrees_with_the_fast_path(
    hand: list[Card], contract: tuple[int, int], exceed: bool, min_rooks: int
) -> None:
    """A judge that is the game's rule gives the fast path's answers (points, existence)."""
    sets, runs = contract
    fast = MeldRules(naturals_exceed_rooks=exceed)

    def same_rule(meld: Any) -> bool:
        return bool(meld.is_valid(fast))

    judged = MeldRules(naturals_exceed_rooks=exceed, judge=same_rule)
    for whole in (False, True):
        a = find_lay_down(hand, sets=sets, runs=runs, whole_hand=whole, rules=fast)
        b = find_lay_down(hand, sets=sets, runs=runs, whole_hand=whole, rules=judged)
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            assert a.points_left == b.points_left
    assert can_lay_down(hand, sets=sets, runs=runs, rules=fast, min_rooks=min_rooks) == (
        can_lay_down(hand, sets=sets, runs=runs, rules=judged, min_rooks=min_rooks)
    )


@pytest.mark.rule("R17", "R11")
def test_points_other_than_r17s_choose_the_lay_down_that_leaves_the_fewest() -> None:
    """R17 melds the Black run (40 points); with Red cards worth 20 the Red run goes down."""
    hand = [Card.from_str(c) for c in "R3 R4 R5 R6 B10 B11 B12 B13".split()]
    plain = find_lay_down(hand, sets=0, runs=1)
    assert plain is not None
    assert plain.points_left == 20
    assert plain.melds[0].colour == "B"  # type: ignore[union-attr]
    red_dear = tuple(20 if code < 14 else p for code, p in enumerate(POINTS))
    dear = find_lay_down(hand, sets=0, runs=1, points=red_dear)
    assert dear is not None
    assert dear.points_left == 40
    assert dear.melds[0].colour == "R"  # type: ignore[union-attr]
