"""Tests of the Golden Mulligan house rule, using cardrules' own testing kit."""

from __future__ import annotations

from golden_mulligan import BONUS, GoldenTally, lone_mulligans

import cardrules
from cardrules.plugins.variant_state import variant_state, variant_view
from cardrules.testing import check_variant, run_conformance
from cardrules_gnoming import MULLIGAN, number, score_layout


def test_the_variant_is_installed() -> None:
    """The entry point registers the variant with the catalogue."""
    names = [v.name for v in cardrules.Catalogue().variants("gnoming-a-round")]
    assert "golden-mulligan" in names


def test_lone_mulligans_are_counted() -> None:
    """A Mulligan in a matching line is not lone; one elsewhere is."""
    five, two = number(5), number(2)
    layout = [five, five, MULLIGAN, two, number(-1), number(7), MULLIGAN, number(9), number(3)]
    assert lone_mulligans(layout) == 1  # row 0 matches at 5 with its Mulligan; the other is lone


def expected_scores(layouts: list[list[object]], ender: int | None) -> tuple[int, ...]:
    """The round's scores by the rules: layouts with -3 per lone Mulligan, then G23 on those."""
    scores = [score_layout(cards) + BONUS * lone_mulligans(cards) for cards in layouts]
    if ender is not None:
        scores[ender] += -5 if scores[ender] == min(scores) else 5
    return tuple(scores)


def test_scores_drop_by_three_per_lone_mulligan_before_the_enders_bonus() -> None:
    """Same seeds and moves with and without it: -3 per lone Mulligan, G23 on the new scores."""
    lone_seen = 0
    for seed in (11, 12, 13):
        plain = cardrules.new_game("gnoming-a-round", players=3, seed=seed)
        golden = cardrules.new_game(
            "gnoming-a-round", players=3, seed=seed, variants=["golden-mulligan"]
        )
        while not plain.is_over:
            move = plain.legal_moves()[0]
            plain.apply(move)
            golden.apply(move)
        for finished, changed in zip(plain.finished_rounds, golden.round_scores, strict=True):
            layouts = [list(layout.cards) for layout in finished.layouts]
            ender = finished.ender if finished.ended_by == "ender" else None
            assert changed == expected_scores(layouts, ender)
            lone_seen += sum(lone_mulligans(cards) for cards in layouts)
    assert lone_seen > 0


def test_the_tally_counts_each_seats_golden_mulligans_over_the_match() -> None:
    """The variant state adds up the lone Mulligans of every round, seen by every seat."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=12, variants=["golden-mulligan"])
    expected = [0, 0, 0]
    while not state.is_over:
        rounds = len(state.finished_rounds)
        state.apply(state.legal_moves()[0])
        if len(state.finished_rounds) > rounds:
            finished = state.finished_rounds[-1]
            for seat, layout in enumerate(finished.layouts):
                expected[seat] += lone_mulligans(layout.cards)
            assert variant_state(finished, "golden-mulligan") == GoldenTally(tuple(expected))
    assert sum(expected) > 0
    record = state.record()
    assert record["variant_states"][-1]["golden-mulligan"] == {"counts": expected}


def test_every_seat_sees_the_tally() -> None:
    """The tally is public: each seat's observation shows it."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=1, variants=["golden-mulligan"])
    for seat in range(3):
        assert variant_view(state.observation(seat), "golden-mulligan") == GoldenTally((0, 0, 0))


def test_the_kit_reaches_the_hooks() -> None:
    """cardrules' kit reaches both hooks of the variant and checks every state it reaches."""
    report = check_variant("gnoming-a-round", ["golden-mulligan"], players=3, matches=1)
    assert report.hooks[("golden-mulligan", "gnoming_card_points")] > 0
    assert report.hooks[("golden-mulligan", "cardrules_apply_move")] > 0
    assert report.unreached == ()


def test_conformance() -> None:
    """The variant keeps every invariant of cardrules' conformance machine."""
    run_conformance("gnoming-a-round", players=4, variants=["golden-mulligan"], max_examples=5)
