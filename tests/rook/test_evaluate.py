"""The estimated score of a round in play, for search bots (R4, R11, R13, R17)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules_rook.cards import ROOK, Card, natural
from cardrules_rook.evaluate import cards_missing, estimated_round_scores
from cardrules_rook.melds import MeldRules
from cardrules_rook.search import hand_counts
from tests.rook.builders import counts, new, put_round


@pytest.mark.rule("R11", "R13")
def test_cards_missing_counts_the_rooks_a_contract_still_needs() -> None:
    """Two sets (round 1): ready, one card short, two short, and no Rook can help."""
    assert cards_missing(counts("R7 B7 G7 Y3 B3 Y3 R12"), sets=2, runs=0) == 0
    assert cards_missing(counts("R7 B7 G7 Y3 B3 R12"), sets=2, runs=0) == 1
    assert cards_missing(counts("R7 B7 Y3 B3 R12"), sets=2, runs=0) == 2
    # A meld holds at least two natural cards: one 3 and Rooks make no set.
    assert cards_missing(counts("R7 B7 G7 Y3 R12"), sets=2, runs=0, most=5) == 6
    # With one natural card a meld enough (an option), a Rook pair fills in.
    one = MeldRules(min_naturals=1)
    assert cards_missing(counts("R7 B7 G7 Y3 R12"), sets=2, runs=0, rules=one) == 2


@pytest.mark.rule("R7", "R11")
def test_cards_missing_for_runs() -> None:
    """Two runs (round 3): a four-card gap and an open-ended three."""
    hand = counts("R3 R4 R6 B9 B10 B11 G2")
    assert cards_missing(hand, sets=0, runs=2) == 2  # R5 and B8 or B12
    with pytest.raises(ValueError, match="57 counts"):
        cards_missing([0] * 56, sets=0, runs=2)
    with pytest.raises(ValueError, match="most"):
        cards_missing(hand, sets=0, runs=2, most=-1)


some_cards = st.sampled_from(
    [natural(c, n) for c in "RYB" for n in (2, 3, 4, 5, 6, 9, 12)] + [ROOK]
)


@pytest.mark.rule("R11")
@given(
    hand=st.lists(some_cards, max_size=12),
    extra=some_cards,
    contract=st.sampled_from([(2, 0), (1, 1), (0, 2), (3, 0)]),
)
@settings(max_examples=120)
def test_an_extra_card_never_makes_more_cards_missing(
    hand: list[Card], extra: Card, contract: tuple[int, int]
) -> None:
    """More cards in hand never leave a contract further away."""
    sets, runs = contract
    before = cards_missing(hand_counts(hand), sets=sets, runs=runs)
    after = cards_missing(hand_counts([*hand, extra]), sets=sets, runs=runs)
    assert after <= before


@pytest.mark.rule("R17")
def test_estimated_scores_price_missing_cards_only_before_going_down() -> None:
    """Seat 1 is down: its hand points only. Seats 0 and 2 pay for missing cards."""
    state = new(3)
    put_round(
        state,
        ["R7 B7 G7 Y3 B3 R12", "B10 Rook", "R7 B7 Y3 B3 R12"],
        stock="G5 G6 G7",
        discards="Y9",
        table=["R2 B2 G2", "Y4 R4 B4"],
        owners=[1, 1],
        down=[1],
    )
    # Hand points (R17): 5 each for 1-9, 10 for 10-14, 25 for the Rook.
    assert estimated_round_scores(state) == (35 + 20 * 1, 35, 30 + 20 * 2)
    assert estimated_round_scores(state, missing_card_points=0) == (35, 35, 30)
