"""Tests of the Golden Mulligan house rule, using cardrules' own testing kit."""

from __future__ import annotations

from golden_mulligan import BONUS, lone_mulligans

import cardrules
from cardrules.testing import run_conformance
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


def test_conformance() -> None:
    """The variant keeps every invariant of cardrules' conformance machine."""
    run_conformance("gnoming-a-round", players=4, variants=["golden-mulligan"], max_examples=5)
