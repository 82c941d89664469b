"""Game-design metrics on hand-made match rows whose answers are worked out by hand."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from cardrules.analysis.metrics import (
    compare_metrics,
    decisive_round,
    design_metrics,
    drama,
    first_player_advantage,
    lead_changes,
    leaders_by_round,
    margin_of_victory,
)
from cardrules.analysis.rows import MatchRow


def match(
    seed: int,
    round_scores: Sequence[tuple[int, ...]],
    winners: tuple[int, ...],
    *,
    first_seat: int = 0,
    endings: tuple[str, ...] = (),
    round_decisions: tuple[int, ...] = (),
    truncated: bool = False,
) -> MatchRow:
    totals = tuple(sum(column) for column in zip(*round_scores, strict=True))
    return MatchRow(
        seed=seed,
        variants=(),
        bots=("a", "b", "c"),
        totals=totals,
        winners=winners,
        rounds=len(round_scores),
        decisions=sum(round_decisions),
        truncated=truncated,
        round_scores=tuple(round_scores),
        round_endings=endings or ("stock",) * len(round_scores),
        round_decisions=round_decisions or (10,) * len(round_scores),
        first_seat=first_seat,
    )


# Running totals: after r1 (5, 2, 9) seat 1 leads; after r2 (6, 8, 10) seat 0;
# after r3 (6, 9, 4) seat 2, who wins by 2 over seat 0.
COMEBACK = [(5, 2, 9), (1, 6, 1), (0, 1, -6)]


def test_leaders_follow_the_running_totals() -> None:
    assert leaders_by_round(COMEBACK) == [frozenset({1}), frozenset({0}), frozenset({2})]
    # A tie leads together.
    assert leaders_by_round([(1, 1, 3)]) == [frozenset({0, 1})]


def test_lead_changes_count_rounds_whose_leaders_differ_from_the_round_before() -> None:
    assert lead_changes(COMEBACK) == 2
    assert lead_changes([(0, 5, 5), (0, 5, 5), (0, 5, 5)]) == 0
    # From a shared lead to a single leader is a change.
    assert lead_changes([(1, 1, 3), (0, 1, 1)]) == 1


def test_drama_is_the_winners_largest_deficit_before_the_last_round() -> None:
    # Seat 2 trailed by 7 after r1 (9 - 2) and by 4 after r2 (10 - 6).
    assert drama(COMEBACK, (2,)) == 7
    # A winner who always led has no drama; nor does a one-round match.
    assert drama([(0, 5, 5), (0, 5, 5)], (0,)) == 0
    assert drama([(9, 0, 0)], (1, 2)) == 0
    # With two winners, the smaller deficit counts.
    assert drama([(0, 4, 6), (8, 4, 2)], (1, 2)) == 4


def test_decisive_round_is_where_the_final_leaders_stopped_changing() -> None:
    assert decisive_round(COMEBACK, (2,)) == 3
    assert decisive_round([(0, 5, 5), (0, 5, 5), (0, 5, 5)], (0,)) == 1
    assert decisive_round([(5, 0, 9), (0, 9, 0), (0, 0, 9)], (0,)) == 2


def test_margin_is_the_best_loser_minus_the_winner() -> None:
    assert margin_of_victory((6, 9, 4), (2,)) == 2
    assert margin_of_victory((4, 4, 9), (0, 1)) == 5
    assert margin_of_victory((4, 4, 4), (0, 1, 2)) == 0


def test_first_player_advantage_against_a_fair_share() -> None:
    rows = [
        match(0, [(0, 5, 5)], (0,), first_seat=0),
        match(1, [(5, 0, 5)], (1,), first_seat=1),
        match(2, [(5, 0, 5)], (1,), first_seat=2),
        match(3, [(5, 5, 0)], (2,), first_seat=0),
        match(4, [(0, 0, 0)], (), first_seat=0, truncated=True),
    ]
    first = first_player_advantage(rows)
    assert (first.matches, first.wins) == (4, 2)
    assert first.win_rate == 0.5
    assert first.fair_rate == pytest.approx(1 / 3)
    assert first.advantage == pytest.approx(0.5 - 1 / 3)
    assert first.interval[0] < 0.5 < first.interval[1]


def test_design_metrics_gather_every_figure_and_the_endings() -> None:
    rows = [
        match(0, COMEBACK, (2,), endings=("stock", "ender", "ender"), round_decisions=(3, 5, 7)),
        match(1, [(0, 5, 5), (0, 5, 5), (0, 5, 5)], (0,), round_decisions=(4, 4, 4)),
        match(2, [(0, 1, 2)], (), endings=("stock", "cap"), round_decisions=(9, 2), truncated=True),
    ]
    metrics = design_metrics(rows)
    assert (metrics.matches, metrics.finished) == (3, 2)
    assert metrics.lead_changes[0] == pytest.approx((2 + 0) / 2)
    assert dict(metrics.lead_change_counts) == {0: 1, 2: 1}
    assert metrics.drama[0] == pytest.approx((7 + 0) / 2)
    assert metrics.dramatic_share == 0.5
    assert metrics.decisive_round[0] == pytest.approx((3 + 1) / 2)
    assert metrics.decisive_fraction == pytest.approx((3 / 3 + 1 / 3) / 2)
    assert metrics.margin[0] == pytest.approx((2 + 15) / 2)  # totals (6, 9, 4) and (0, 15, 15)
    assert metrics.close_share == 0.5  # margin 2 <= 5, margin 15 is not
    assert metrics.match_decisions == pytest.approx((11, 12, 38 / 3, 15))  # 15, 12, 11
    assert metrics.round_decisions == (3.0, 4.0, 4.5, 7.0)  # finished matches' rounds
    assert dict(metrics.endings) == {"stock": 1 + 3 + 1, "ender": 2, "cap": 1}


def test_design_metrics_of_rows_without_round_scores_say_so() -> None:
    old = MatchRow(0, (), ("a", "b"), (1, 2), (0,), 3, 10, False)
    with pytest.raises(ValueError, match="no round scores"):
        design_metrics([old])


def test_compare_metrics_pairs_each_figure_by_seed() -> None:
    base = [match(0, COMEBACK, (2,)), match(1, [(0, 5, 5)] * 3, (0,))]
    varied = [match(0, [(0, 5, 5)] * 3, (0,)), match(1, COMEBACK, (2,))]
    figures = {d.name: d for d in compare_metrics(base, varied)}
    lead = figures["lead changes"]
    assert (lead.pairs, lead.base_mean, lead.variant_mean) == (2, 1.0, 1.0)
    assert lead.change == 0.0
    # Paired differences -2 and +2: mean 0, a wide interval around it.
    assert lead.interval[0] < 0 < lead.interval[1]
    margin = figures["margin of victory (points)"]
    assert margin.change == pytest.approx(0.0)
    assert not math.isnan(figures["decisions per round"].change)
    with pytest.raises(ValueError, match="same seeds"):
        compare_metrics(base, varied[:1])
