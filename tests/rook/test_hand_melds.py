"""The runs a hand can make are every run it holds, each once (R7, R13).

The oracle is the definition, tried the slow way: every span of one colour,
with a Rook on every number the hand lacks and on any other numbers up to the
Rooks held, kept when the meld rules accept it.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules_rook.cards import COLOURS, ROOK_CODE, natural
from cardrules_rook.melds import MeldRules, RunMeld
from cardrules_rook.search.hand_melds import possible_melds

RULES = [MeldRules(), MeldRules(min_naturals=1), MeldRules(min_naturals=3), MeldRules(2, True)]


def _runs_by_definition(colour: str, held: set[int], rooks: int, rules: MeldRules) -> set[RunMeld]:
    found = set()
    for low in range(1, 15):
        for high in range(low, 15):
            span = range(low, high + 1)
            for count in range(rooks + 1):
                for stood_in in combinations(span, count):
                    if all(n in held or n in stood_in for n in span):
                        run = RunMeld(colour, low, high, stood_in)
                        if run.is_valid(rules):
                            found.add(run)
    return found


@pytest.mark.rule("R7")
@settings(max_examples=150)
@given(
    colour=st.sampled_from(COLOURS),
    numbers=st.lists(st.integers(1, 14), max_size=20),
    other=st.lists(st.integers(0, 55), max_size=6),
    rooks=st.integers(0, 3),
    rules=st.sampled_from(RULES),
)
def test_the_runs_of_a_hand_are_every_run_it_holds(
    colour: str, numbers: list[int], other: list[int], rooks: int, rules: MeldRules
) -> None:
    """Span by span and remembered, the listing still gives each run the hand holds once,
    with Rooks in gaps, at the ends and in place of held cards; other colours' cards and
    second copies change nothing about this colour's runs."""
    hand = [0] * 57
    for code in other:
        hand[code] = 1
    for n in numbers:
        code = natural(colour, n).code
        hand[code] = min(hand[code] + 1, 2)
    hand[ROOK_CODE] = rooks
    held = {n for n in range(1, 15) if hand[natural(colour, n).code]}
    listed = [
        meld
        for meld in possible_melds(hand, sets=False, runs=True, rules=rules)
        if isinstance(meld, RunMeld) and meld.colour == colour
    ]
    assert len(listed) == len(set(listed))
    assert set(listed) == _runs_by_definition(colour, held, rooks, rules)
