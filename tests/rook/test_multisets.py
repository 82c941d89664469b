"""Layered-bitmask multisets agree with counting cards one by one (R2: repeats across decks)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules_rook.search.multisets import multiset, multiset_of_counts, within

codes = st.lists(st.integers(0, 56), max_size=30)


@pytest.mark.rule("R2")
@given(part=codes, whole=codes)
def test_within_is_multiset_inclusion(part: list[int], whole: list[int]) -> None:
    have = Counter(whole)
    expected = all(have[code] >= n for code, n in Counter(part).items())
    assert within(multiset(part), multiset(whole)) == expected


@pytest.mark.rule("R2")
@given(cards=codes)
def test_counts_and_codes_give_the_same_multiset(cards: list[int]) -> None:
    counts = [cards.count(code) for code in range(57)]
    assert multiset_of_counts(counts) == multiset(cards)
    assert multiset(sorted(cards)) == multiset(cards)


def test_repeated_cards_need_as_many_copies() -> None:
    """Two R7s (code 6) are not within one R7 and a Rook; one R7 is."""
    assert not within(multiset([6, 6]), multiset([6, 56]))
    assert within(multiset([6]), multiset([6, 56]))
    assert within(multiset([56]), multiset([6, 56]))
    assert not within(multiset([56, 56]), multiset([6, 56]))
