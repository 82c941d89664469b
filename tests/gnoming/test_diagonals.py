"""The bundled ``diagonals`` house rule: the two diagonals are lines too (G19-G21, G23).

Scores are checked against a scorer written from the rules alone
(`tests.gnoming.reference`), in hand-built positions, for any layouts
(Hypothesis), and over whole greedy matches.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import GameState, play_match
from cardrules_gnoming import HAZARD, MULLIGAN, Card, number
from cardrules_gnoming.bots import GreedyBot
from cardrules_gnoming.svg import draw_observation, draw_round

from .builders import last_turn_scores, new, put_round, rs
from .reference import ROWS_AND_COLUMNS, WITH_DIAGONALS, reference_round

# No matching line, even with the diagonals: 1 + 2 + 3 + 4 - 5 + 6 + 7 + 8 + 9 = 35.
LAYOUT_35 = "1 2 3 / 4 -5 6 / 7 8 9"
# No matching line: 9 + 9 + 7 + 6 + 10 + 4 + 3 + 2 + 11 = 61.
LAYOUT_61 = "9 9 7 / 6 10 4 / 3 2 11"


def last_turn(variants: Sequence[str], layouts: Sequence[str], *, ender: int) -> tuple[int, ...]:
    """The scores of ``layouts`` in a round ``ender`` ended (G17), with ``variants``."""
    return last_turn_scores(new(3, variants=variants), layouts, ender=ender)


class TestHandBuilt:
    """Positions written out card by card."""

    @pytest.mark.rule("G19")
    def test_a_matching_diagonal_scores_minus_its_value(self) -> None:
        """9 . . / . 9 . / . . 9: +27 plainly; -9 and the 9s score nothing with diagonals."""
        layouts = [LAYOUT_61, "9 1 2 / 3 9 4 / 6 7 9", LAYOUT_61]
        # 1 + 2 + 3 + 4 + 6 + 7 = 23
        assert last_turn([], layouts, ender=0)[1] == 23 + 27
        assert last_turn(["diagonals"], layouts, ender=0)[1] == 23 - 9

    @pytest.mark.rule("G19", "G20", "G21")
    def test_a_mulligan_counts_in_a_diagonal_and_a_row(self) -> None:
        """M at the centre: row 5 M 5 at 5 and diagonal 7 M 7 at 7, both through the Mulligan."""
        layout = "7 1 2 / 5 M 5 / 3 4 7"
        # -5 - 7 + 1 + 2 + 3 + 4 = -2; plainly only the row: -5 + 7 + 1 + 2 + 3 + 4 + 7 = 19
        assert last_turn([], [LAYOUT_61, layout, LAYOUT_61], ender=0)[1] == 19
        assert last_turn(["diagonals"], [LAYOUT_61, layout, LAYOUT_61], ender=0)[1] == -2

    @pytest.mark.rule("G19", "G23")
    def test_another_players_diagonal_turns_the_enders_bonus_into_a_penalty(self) -> None:
        """Ender 35 is lowest plainly (-5); seat 1's diagonal drops it to 14: the ender takes +5."""
        layouts = [LAYOUT_35, "9 1 2 / 3 9 4 / 6 7 9", LAYOUT_61]
        assert last_turn([], layouts, ender=0) == (30, 50, 61)
        assert last_turn(["diagonals"], layouts, ender=0) == (40, 14, 61)

    @pytest.mark.rule("G19", "G23")
    def test_the_enders_own_diagonal_turns_the_penalty_into_a_bonus(self) -> None:
        """Ender 45 is above 35 plainly (+5); its diagonal of 8s makes it 13, lowest: -5."""
        # 8 + 1 + 2 + 3 + 8 + 4 + 5 + 6 + 8 = 45 plainly; the other diagonal 2 8 5 does not match
        ender_layout = "8 1 2 / 3 8 4 / 5 6 8"
        assert last_turn([], [ender_layout, LAYOUT_35, LAYOUT_61], ender=0) == (50, 35, 61)
        # diagonals: -8 + 1 + 2 + 3 + 4 + 5 + 6 = 13, lowest
        assert last_turn(["diagonals"], [ender_layout, LAYOUT_35, LAYOUT_61], ender=0) == (
            8,
            35,
            61,
        )


CARDS = [number(v) for v in (-2, 3, 7, 12)] + [MULLIGAN, HAZARD]
layouts = st.lists(st.sampled_from(CARDS), min_size=9, max_size=9)


@pytest.mark.rule("G19", "G20", "G21", "G22", "G23")
@given(three=st.lists(layouts, min_size=3, max_size=3), ender=st.integers(0, 2))
@settings(max_examples=60)
def test_any_position_scores_as_the_reference(three: list[list[Card]], ender: int) -> None:
    """For any three layouts and ender, the engine's scores with diagonals equal the reference."""
    written = [" ".join(map(str, cards)) for cards in three]
    assert last_turn(["diagonals"], written, ender=ender) == reference_round(
        three, ender, WITH_DIAGONALS
    )


@pytest.mark.rule("G19", "G23")
def test_greedy_matches_score_as_the_reference() -> None:
    """Four greedy bots play whole matches with diagonals; every round scores as the reference.

    The reference differs from the plain rules in some of these rounds, so the
    check is not one the plain scorer would also pass.
    """
    differs = 0
    for seed in range(6):
        state: GameState = new(4, seed=seed, variants=["diagonals"])
        play_match(state, [GreedyBot(seed * 10 + s) for s in range(4)])
        for finished, scores in zip(state.finished_rounds, state.round_scores, strict=True):
            cards = [layout.cards for layout in finished.layouts]
            ender = finished.ender if finished.ended_by == "ender" else None
            assert scores == reference_round(cards, ender, WITH_DIAGONALS)
            differs += scores != reference_round(cards, ender, ROWS_AND_COLUMNS)
    assert differs > 0


@pytest.mark.rule("G19")
def test_drawings_strike_through_a_matching_diagonal() -> None:
    """SVG drawings mark matched lines by the game's rules: the diagonal only with the variant."""

    layouts = ["9 1 2 / 3 9 4 / 6 7 9", LAYOUT_35, "5 5 5 / 1 2 3 / 4 6 7"]
    drawn = {}
    for variants in ([], ["diagonals"]):
        state = new(3, variants=variants)
        put_round(state, layouts, stock="1 2")
        whole = draw_round(rs(state))
        seen = draw_observation(state.observation(1))
        drawn[bool(variants)] = (
            re.findall(r'data-line="([^"]*)"', whole),
            re.findall(r'data-line="([^"]*)"', seen),
        )
    assert drawn[False] == (["0 1 2"], ["0 1 2"])
    assert drawn[True] == (["0 4 8", "0 1 2"], ["0 4 8", "0 1 2"])
