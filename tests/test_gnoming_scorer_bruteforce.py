"""The layout scorer agrees with an independent brute-force scorer (G19-G22)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules_gnoming import DEFAULT_DECK, HAZARD, MULLIGAN, Card, number, score_layout

CARDS = [card for card, _ in DEFAULT_DECK.counts]
ROWS = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
COLUMNS = [[0, 3, 6], [1, 4, 7], [2, 5, 8]]


def brute_force_score(cards: list[Card], hazard_points: int = 10) -> int:
    """Score by trying every value each Mulligan of each line could stand for.

    A line matches at v if some choice of values for its Mulligans makes all
    three cards positive and equal to v with at least one natural card. Written
    independently of ``score_layout``: it enumerates stand-in values instead of
    reading the line's natural cards.
    """
    values = range(1, 100)
    total = 0
    matched: set[int] = set()
    for line in ROWS + COLUMNS:
        for v in values:
            naturals = [p for p in line if cards[p].is_number]
            if not naturals:
                continue
            options = [
                [v]
                if cards[p].is_mulligan
                else ([cards[p].value] if cards[p].is_number else [None])
                for p in line
            ]
            if any(all(x == v for x in combo) for combo in itertools.product(*options)):
                total -= v
                matched.update(line)
                break
    for p, card in enumerate(cards):
        if card.is_hazard:
            total += hazard_points
        elif card.is_number and (card.value < 0 or p not in matched):
            total += card.value
    return total


layouts = st.lists(st.sampled_from(CARDS), min_size=9, max_size=9)
# Layouts rich in matches: few distinct values and many Mulligans.
dense = st.lists(
    st.sampled_from([number(3), number(7), MULLIGAN, number(-2), HAZARD]), min_size=9, max_size=9
)


@pytest.mark.rule("G19", "G20", "G21", "G22")
@given(cards=layouts | dense, hazard_points=st.integers(-20, 20))
@settings(max_examples=600)
def test_score_layout_agrees_with_brute_force(cards: list[Card], hazard_points: int) -> None:
    """For any nine cards the scorer equals the brute-force scorer."""
    assert score_layout(cards, hazard_points=hazard_points) == brute_force_score(
        cards, hazard_points
    )


@pytest.mark.rule("G19")
def test_brute_force_scorer_is_not_trivial() -> None:
    """The reference itself scores known layouts right (guards against a shared blind spot)."""
    assert brute_force_score([number(4)] * 9) == -24
    assert brute_force_score([number(5), number(5), number(8)] + [number(-1)] * 6) == 18 - 6
    assert brute_force_score([MULLIGAN] * 9) == 0
