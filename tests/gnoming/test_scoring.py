"""Scoring a round: rules G19-G23 and the worked examples of the rules."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import GameState
from cardrules_gnoming.cards import HAZARD, MULLIGAN, Card, number
from cardrules_gnoming.scoring import (
    layout_breakdown,
    line_match_value,
    round_scores,
    score_layout,
)

from .builders import cards, new, play, put_round


def score(spec: str) -> int:
    """score_layout of nine cards written row by row."""
    return score_layout(cards(spec))


def play_to_end(
    layouts: Sequence[str],
    *,
    ender_draws: str,
    options: dict[str, object] | None = None,
    variants: tuple[str, ...] = (),
) -> GameState:
    """Three players, one round: seat 1 draws ``ender_draws``, places it at 8 and ends."""
    state = new(3, options={"rounds": 1, **(options or {})}, variants=variants)
    put_round(state, layouts, turn=1, starter=0, stock=f"1 2 {ender_draws}", discards=("10", "11"))
    play(state, "draw stock", "place 8", "discard 0")  # seat 1: no face-down card left
    play(state, "draw stock", "discard 0")  # seat 2's last turn
    play(state, "draw stock", "discard 0")  # seat 0's last turn
    assert state.is_over
    return state


class TestWorkedExamples:
    """The worked examples at the end of the rules."""

    @pytest.mark.rule("G19", "G21")
    def test_row_of_three_fives(self) -> None:
        """Row [5, 5, 5] scores -5 and its three 5s add nothing else."""
        assert line_match_value(cards("5 5 5")) == 5
        # row 5 5 5: -5; the 5s: 0; -1 -2 -3 twice: -12  ->  -17
        assert score("5 5 5 / -1 -2 -3 / -1 -2 -3") == -17

    @pytest.mark.rule("G19", "G20")
    def test_row_and_column_through_one_mulligan(self) -> None:
        """Row [5, 5, M] scores -5; the column through that M, [7, 7, M], scores -7."""
        assert line_match_value(cards("5 5 M")) == 5
        assert line_match_value(cards("M 7 7")) == 7
        # row 0 [5 5 M]: -5; column 2 [M 7 7]: -7; no other line matches;
        # 5s, 7s, M: 0; -1 -2 -3 -4: -10  ->  -5 - 7 - 10 = -22
        assert score("5 5 M / -1 -2 7 / -3 -4 7") == -22

    @pytest.mark.rule("G19", "G21")
    def test_row_five_five_eight(self) -> None:
        """Row [5, 5, 8] does not match and scores +18."""
        assert line_match_value(cards("5 5 8")) is None
        # 5 + 5 + 8 = 18; -1 x3 = -3; -2 x3 = -6  ->  9
        assert score("5 5 8 / -1 -1 -1 / -2 -2 -2") == 9

    @pytest.mark.rule("G19", "G22")
    def test_row_five_minus_two_five(self) -> None:
        """Row [5, -2, 5] scores +5 - 2 + 5 = +8 (negative cards never match)."""
        assert line_match_value(cards("5 -2 5")) is None
        # 5 - 2 + 5 = 8; six -1s = -6  ->  2
        assert score("5 -2 5 / -1 -1 -1 / -1 -1 -1") == 2

    @pytest.mark.rule("G19", "G21")
    def test_all_fours(self) -> None:
        """Nine 4s: three rows and three columns match: 6 * -4 = -24."""
        assert score_layout([number(4)] * 9) == -24

    @pytest.mark.rule("G22", "G18")
    def test_hazard_scores_ten_face_up_or_revealed(self) -> None:
        """A Hazard in a layout scores +10, face up during play or revealed at the end."""
        state = play_to_end(
            (
                "H -1 -1 / -1 -1 -1 / -1 -1 (-1)",  # face-up Hazard: 10 - 8 = 2
                "-2 -2 -2 / -2 -2 -2 / -2 -2 (-5)",  # ender: 8 * -2 - 3 = -19, lowest: -24
                "-1 -1 -1 / -1 -1 -1 / -1 -1 (H)",  # Hazard revealed at the end: 10 - 8 = 2
            ),
            ender_draws="-3",
        )
        assert state.round_scores == [(2, -24, 2)]
        assert score("H -1 -1 / -1 -1 -1 / -1 -1 -1") == 2


class TestLines:
    """G19: lines are rows and columns; a matching line scores -v."""

    @pytest.mark.rule("G19")
    def test_matching_column(self) -> None:
        """Column [7, 7, 7] matches: -7."""
        # column 0: -7; negatives -1 -2 -3 -4 -5 -1 = -16  ->  -23
        assert score("7 -1 -2 / 7 -3 -4 / 7 -5 -1") == -23

    @pytest.mark.rule("G19")
    def test_diagonals_are_not_lines(self) -> None:
        """Three 3s on a diagonal do not match: they score +3 each."""
        # 3 + 3 + 3 = 9; negatives -1 -2 -3 -4 -5 -1 = -16  ->  -7
        assert score("3 -1 -2 / -3 3 -4 / -5 -1 3") == -7

    @pytest.mark.rule("G19")
    @pytest.mark.parametrize(
        ("line", "expected"),
        [
            ("5 5 5", 5),
            ("12 12 12", 12),
            ("M 5 5", 5),
            ("M M 5", 5),
            ("M M M", None),  # no positive card
            ("5 5 6", None),  # different values
            ("5 5 -5", None),  # a negative card
            ("-3 -3 -3", None),  # negative cards never match
            ("5 5 H", None),  # a Hazard
            ("M M H", None),
        ],
    )
    def test_line_match_value(self, line: str, expected: int | None) -> None:
        """A line matches at v only when all cards are positive v or Mulligans."""
        assert line_match_value(cards(line)) == expected

    @pytest.mark.rule("G19", "G22")
    def test_three_mulligans_do_not_match(self) -> None:
        """A row of three Mulligans scores nothing (no match, each Mulligan 0)."""
        # Mulligans: 0; six -1s: -6
        assert score("M M M / -1 -1 -1 / -1 -1 -1") == -6

    @pytest.mark.rule("G19", "G22")
    def test_hazard_breaks_a_line(self) -> None:
        """Row [5, 5, H] does not match: 5 + 5 + 10."""
        # 5 + 5 + 10 = 20; six -1s = -6  ->  14
        assert score("5 5 H / -1 -1 -1 / -1 -1 -1") == 14


class TestMulliganWild:
    """G20: a Mulligan stands for its line's v, possibly different in row and column."""

    @pytest.mark.rule("G20")
    def test_center_mulligan_is_three_and_eight(self) -> None:
        """The centre Mulligan completes row [3, M, 3] and column [8, M, 8]."""
        # row 1: -3; column 1: -8; negatives -1 -2 -3 -4 = -10  ->  -21
        assert score("-1 8 -2 / 3 M 3 / -3 8 -4") == -21

    @pytest.mark.rule("G20")
    def test_corner_mulligan_same_value_twice(self) -> None:
        """A corner Mulligan completes row [4, 4, M] and column [M, 4, 4]: -4 twice."""
        # row 0: -4; column 2: -4; negatives -1 -2 -3 -4 = -10  ->  -18
        assert score("4 4 M / -1 -2 4 / -3 -4 4") == -18

    @pytest.mark.rule("G20")
    def test_two_mulligans_in_one_line(self) -> None:
        """Row [M, M, 9] matches at 9."""
        # row 0: -9; six -1s: -6  ->  -15
        assert score("M M 9 / -1 -1 -1 / -1 -1 -1") == -15


class TestPositiveCards:
    """G21: positive cards in a matching line score nothing; others their value."""

    @pytest.mark.rule("G21")
    def test_card_in_matching_row_and_column_counts_for_both(self) -> None:
        """The corner 6 is in matching row 0 and column 0: both lines score -6."""
        # row 0: -6; column 0: -6; 6s: 0; four -1s: -4  ->  -16
        assert score("6 6 6 / 6 -1 -1 / 6 -1 -1") == -16

    @pytest.mark.rule("G21")
    def test_unmatched_positive_cards_score_their_value(self) -> None:
        """The 9 and 2 are in no matching line: +9 and +2."""
        # row 0: -6; 9 + 2 = 11; four -1s: -4  ->  1
        assert score("6 6 6 / 9 -1 -1 / 2 -1 -1") == 1

    @pytest.mark.rule("G21")
    def test_no_match_sums_values(self) -> None:
        """With no matching line every positive card scores its value: 1 + ... + 9 = 45."""
        assert score("1 2 3 / 4 5 6 / 7 8 9") == 45


class TestOtherCards:
    """G22: negative cards score their value; Mulligans 0 outside matches; Hazards +10."""

    @pytest.mark.rule("G22")
    def test_negative_cards_score_their_value(self) -> None:
        """Nine -3s score 9 * -3 = -27 (their lines do not match)."""
        assert score("-3 -3 -3 / -3 -3 -3 / -3 -3 -3") == -27

    @pytest.mark.rule("G22")
    def test_negative_card_in_a_line_with_a_match_elsewhere(self) -> None:
        """A -5 in a column crossing a matching row still scores -5."""
        # row 0 [2 2 2]: -2; no other line matches; -5 x3 = -15; 1 + 3 + 4 = 8
        #   ->  -2 - 15 + 8 = -9
        assert score("2 2 2 / -5 1 -5 / -5 3 4") == -9

    @pytest.mark.rule("G22")
    def test_unmatched_mulligan_scores_zero(self) -> None:
        """A Mulligan in no matching line scores 0: 1 + ... + 8 = 36."""
        assert score("M 1 2 / 3 4 5 / 6 7 8") == 36

    @pytest.mark.rule("G22")
    def test_each_hazard_scores_ten(self) -> None:
        """Two Hazards score +20: 20 + 1 + ... + 7 = 48."""
        assert score("H H 1 / 2 3 4 / 5 6 7") == 48

    @pytest.mark.rule("G22")
    def test_special_cards_alone(self) -> None:
        """Three Hazards and six Mulligans: 3 * 10 = 30 (no line has a positive card)."""
        layout: list[Card] = [HAZARD, MULLIGAN, MULLIGAN] * 3
        assert score_layout(layout) == 30


ALL_TWOS = [number(2)] * 9  # 6 lines at -2: -12
ALL_THREES = [number(3)] * 9  # 6 lines at -3: -18
ONE_TO_NINE = [number(v) for v in range(1, 10)]  # no match: 45


class TestEnderBonus:
    """G23: the ender subtracts 5 when lowest, else adds 5; a tie counts as lowest by default."""

    @pytest.mark.rule("G23")
    def test_lowest_ender_gets_bonus(self) -> None:
        """Ender seat 1 at -18 is lowest: -18 - 5 = -23."""
        assert round_scores([ALL_TWOS, ALL_THREES, ONE_TO_NINE], 1) == (-12, -23, 45)

    @pytest.mark.rule("G23")
    def test_ender_not_lowest_gets_penalty(self) -> None:
        """Ender seat 0 at -12 is not lowest (-18): -12 + 5 = -7."""
        assert round_scores([ALL_TWOS, ALL_THREES, ONE_TO_NINE], 0) == (-7, -18, 45)

    @pytest.mark.rule("G23")
    def test_tie_for_lowest_counts_as_lowest(self) -> None:
        """Ender tied at -12 for lowest gets the bonus by default: -17."""
        assert round_scores([ALL_TWOS, ALL_TWOS, ONE_TO_NINE], 0) == (-17, -12, 45)

    @pytest.mark.rule("G23")
    def test_option_tie_is_not_lowest(self) -> None:
        """With ender_tie_is_lowest=False a tie earns the penalty: -12 + 5 = -7."""
        got = round_scores([ALL_TWOS, ALL_TWOS, ONE_TO_NINE], 0, ender_tie_is_lowest=False)
        assert got == (-7, -12, 45)

    @pytest.mark.rule("G23")
    def test_option_still_rewards_a_strict_lowest(self) -> None:
        """With ender_tie_is_lowest=False a strictly lowest ender still gets -5."""
        got = round_scores([ALL_TWOS, ALL_THREES, ONE_TO_NINE], 1, ender_tie_is_lowest=False)
        assert got == (-12, -23, 45)

    @pytest.mark.rule("G23")
    def test_no_ender_no_bonus(self) -> None:
        """Without an ender (draw pile ran out) the layout scores stand."""
        assert round_scores([ALL_TWOS, ALL_THREES, ONE_TO_NINE], None) == (-12, -18, 45)

    TIE_LAYOUTS = (
        "-2 -2 -2 / -2 -2 -2 / -2 -2 (-2)",  # 9 * -2 = -18
        "-2 -2 -2 / -2 -2 -2 / -2 -2 (-5)",  # ender, draws -2 for the -5: -18
        "1 2 3 / 4 5 6 / 7 8 (9)",  # 45
    )

    @pytest.mark.rule("G23")
    def test_tie_bonus_through_the_engine(self) -> None:
        """Played out: ender tied for lowest at -18 scores -23."""
        state = play_to_end(self.TIE_LAYOUTS, ender_draws="-2")
        assert state.round_scores == [(-18, -23, 45)]

    @pytest.mark.rule("G23")
    @pytest.mark.parametrize(
        ("options", "variants"),
        [({"ender_tie_is_lowest": False}, ()), (None, ("tie-is-penalty",))],
    )
    def test_tie_penalty_through_the_engine(
        self, options: dict[str, object] | None, variants: tuple[str, ...]
    ) -> None:
        """Played out with the tie option or variant: the tied ender scores -18 + 5 = -13."""
        state = play_to_end(self.TIE_LAYOUTS, ender_draws="-2", options=options, variants=variants)
        assert state.round_scores == [(-18, -13, 45)]

    @pytest.mark.rule("G23")
    def test_penalty_through_the_engine(self) -> None:
        """Played out: an ender who is not lowest adds 5."""
        state = play_to_end(
            (
                "-5 -5 -5 / -5 -5 -5 / -5 -5 (-5)",  # -45
                "1 2 3 / 4 5 6 / 7 8 (-5)",  # ender draws 9 for the -5: 45, +5 = 50
                "12 12 12 / 12 12 12 / 12 12 (12)",  # 6 * -12 = -72
            ),
            ender_draws="9",
        )
        assert state.round_scores == [(-45, 50, -72)]


class TestBreakdown:
    @pytest.mark.rule("G19", "G21", "G22")
    @given(
        st.lists(
            st.sampled_from([*(number(v) for v in range(-5, 13) if v), HAZARD, MULLIGAN]),
            min_size=9,
            max_size=9,
        ),
        st.integers(0, 30),
    )
    def test_the_parts_add_up_to_the_layout_score(self, layout: list[Card], hazard: int) -> None:
        """Lines + cards + Hazards is `score_layout`, whatever the layout (shown per round)."""
        parts = layout_breakdown(layout, hazard_points=hazard)
        assert parts.total == score_layout(layout, hazard_points=hazard)
        assert parts.hazards == hazard * layout.count(HAZARD)
        assert parts.lines <= 0
        assert (parts.lines == 0) == (parts.matching_lines == 0)
