"""Tests of the Golden Mulligan house rule, using cardrules' own testing kit."""

from __future__ import annotations

from golden_mulligan import lone_mulligans

import cardrules
from cardrules.testing import run_conformance
from cardrules_gnoming import MULLIGAN, number


def test_the_variant_is_installed() -> None:
    """The entry point registers the variant with the catalogue."""
    names = [v.name for v in cardrules.Catalogue().variants("gnoming-a-round")]
    assert "golden-mulligan" in names


def test_lone_mulligans_are_counted() -> None:
    """A Mulligan in a matching line is not lone; one elsewhere is."""
    five, two = number(5), number(2)
    layout = [five, five, MULLIGAN, two, number(-1), number(7), MULLIGAN, number(9), number(3)]
    assert lone_mulligans(layout) == 1  # row 0 matches at 5 with its Mulligan; the other is lone


def test_scores_drop_by_three_per_lone_mulligan() -> None:
    """Same seed and moves with and without it: -3 per seat per lone Mulligan."""
    plain = cardrules.new_game("gnoming-a-round", players=3, seed=11)
    golden = cardrules.new_game("gnoming-a-round", players=3, seed=11, variants=["golden-mulligan"])
    while not plain.is_over:
        move = plain.legal_moves()[0]
        plain.apply(move)
        golden.apply(move)
    for finished, base, changed in zip(
        plain.finished_rounds, plain.round_scores, golden.round_scores, strict=True
    ):
        for seat, layout in enumerate(finished.layouts):
            assert changed[seat] == base[seat] - 3 * lone_mulligans(layout.cards)


def test_conformance() -> None:
    """The variant keeps every invariant of cardrules' conformance machine."""
    run_conformance("gnoming-a-round", players=4, variants=["golden-mulligan"], max_examples=5)
