"""Scoring: hands (R17), match totals (R18) and the winner (R19)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from cardrules import GameState
from cardrules_rook.scoring import hand_points, match_winners
from cardrules_rook.state import RookPhase

from .builders import card, cards, new, play, play_out_round, put_round, refused, rs

P = RookPhase


def play_round_with(state: GameState, by_seat: Mapping[int, str]) -> None:
    """Play the round out (its first player goes out); the others hold ``by_seat[seat]``."""
    turn = rs(state).turn_seat
    play_out_round(state, [by_seat[seat] for seat in range(state.players) if seat != turn])


def play_match(state: GameState, by_seat: Mapping[int, str]) -> None:
    """Play every round of the match with the same hands left to the seats not going out."""
    while not state.is_over:
        play_round_with(state, by_seat)


class TestHandPoints:
    """R17: 1-9 score 5, 10-14 score 10, a Rook 25; the player who went out scores 0."""

    @pytest.mark.rule("R17")
    @pytest.mark.parametrize(
        ("text", "points"),
        [("R1", 5), ("Y5", 5), ("G9", 5), ("B10", 10), ("R12", 10), ("Y14", 10), ("Rook", 25)],
    )
    def test_card_values(self, text: str, points: int) -> None:
        """Each card left in hand scores its value."""
        assert card(text).points == points
        assert hand_points([card(text)]) == points

    @pytest.mark.rule("R17")
    def test_worked_example(self) -> None:
        """Worked example: 3 Green, 10 Black, Rook left: 5 + 10 + 25 = 40."""
        assert hand_points(cards("G3 B10 Rook")) == 40

    @pytest.mark.rule("R17", "R12")
    def test_worked_example_in_play(self) -> None:
        """Seat 0 goes out; seat 1 left with G3 B10 Rook scores 40; seat 2 with Y9 Y9 10."""
        state = new(3)
        put_round(
            state,
            ["R7 Y7 B7 R8 Y8 B8 G1", "G3 B10 Rook", "Y9 Y9"],
            phase=P.PLAY,
            stock="B5",
            discards="G14",
        )
        play(state, "lay down R7 Y7 B7 / R8 Y8 B8", "discard G1")
        # seat 0 went out: 0; seat 1: 5 + 10 + 25 = 40; seat 2: 5 + 5 = 10
        assert state.round_scores == [(0, 40, 10)]

    @pytest.mark.rule("R17", "R11")
    def test_cards_on_the_table_score_nothing(self) -> None:
        """Seat 1 is down with six cards on the table and Y4 in hand: it scores 5."""
        state = new(3)
        put_round(
            state,
            ["R7 Y7 B7 R8 Y8 B8 G1", "Y4", "Y14 Rook"],
            phase=P.PLAY,
            stock="B5",
            discards="G14",
            table=["R12 Y12 G12", "B1 B2 B3 B4"],
            owners=[1, 1],
            down=[1],
        )
        play(state, "lay down R7 Y7 B7 / R8 Y8 B8", "discard G1")
        # seat 1: Y4 = 5 (R12 Y12 G12 and B1-B4 count nothing); seat 2: 10 + 25 = 35
        assert state.round_scores == [(0, 5, 35)]


class TestTotals:
    """R18: scores add up over the rounds."""

    @pytest.mark.rule("R18")
    def test_scores_start_at_zero(self) -> None:
        """Before any round is finished every total is 0."""
        state = new(3)
        assert state.scores == (0, 0, 0)
        assert state.round_scores == []
        assert state.observation(0).round_scores == ()

    @pytest.mark.rule("R18", "R17", "R6")
    def test_totals_over_eleven_rounds(self) -> None:
        """Seats 1, 2, 0 go out in turn; left hands score 40, 5 and 20; totals add up."""
        state = new(3, seed=41)
        by_seat = {0: "G3 B10 Rook", 1: "R1", 2: "B10 B11"}  # 40, 5, 20 points
        play_round_with(state, by_seat)  # seat 1 goes out
        assert state.round_scores == [(40, 0, 20)]
        assert state.scores == (40, 0, 20)
        play_round_with(state, by_seat)  # seat 2 goes out
        assert state.scores == (80, 5, 20)  # 40 + 40, 0 + 5, 20 + 0
        play_round_with(state, by_seat)  # seat 0 goes out
        assert state.scores == (80, 10, 40)  # 80 + 0, 5 + 5, 20 + 20
        play_match(state, by_seat)
        # Out: seat 1 in rounds 1, 4, 7, 10; seat 2 in 2, 5, 8, 11; seat 0 in 3, 6, 9.
        # seat 0: 8 x 40 = 320; seat 1: 7 x 5 = 35; seat 2: 7 x 20 = 140
        assert state.scores == (320, 35, 140)
        assert len(state.round_scores) == 11
        assert state.scores == tuple(map(sum, zip(*state.round_scores, strict=True)))
        record = state.record()
        assert record["scores"] == [320, 35, 140]
        assert record["over"] is True

    @pytest.mark.rule("R18")
    def test_observation_lists_the_finished_rounds(self) -> None:
        """Every seat sees the scores of the rounds already finished."""
        state = new(3)
        by_seat = {0: "R1", 1: "R2 R3", 2: "Rook"}  # 5, 10, 25 points
        play_round_with(state, by_seat)
        play_round_with(state, by_seat)
        for seat in range(3):
            assert state.observation(seat).round_scores == ((5, 0, 25), (5, 10, 0))


class TestWinner:
    """R19: after round 11 the lowest total wins; a tie is a shared win."""

    @pytest.mark.rule("R19", "R18")
    def test_lowest_total_wins(self) -> None:
        """Totals 320, 35, 140: seat 1 wins."""
        state = new(3, seed=42)
        play_match(state, {0: "G3 B10 Rook", 1: "R1", 2: "B10 B11"})
        assert state.is_over
        assert state.winners == (1,)
        assert state.record()["winners"] == [1]

    @pytest.mark.rule("R19", "R18")
    def test_tie_is_a_shared_win(self) -> None:
        """Everyone left with R1: seat 0 out 3 times, seats 1 and 2 4 times: 40, 35, 35."""
        state = new(3, seed=43)
        play_match(state, {0: "R1", 1: "R1", 2: "R1"})
        # seat 0: 8 x 5 = 40; seats 1 and 2: 7 x 5 = 35
        assert state.scores == (40, 35, 35)
        assert state.winners == (1, 2)

    @pytest.mark.rule("R19")
    def test_option_tie_last_round(self) -> None:
        """``tie="last-round"``: of seats 1 and 2 (35 each), seat 2 went out in round 11 (0 < 5)."""
        state = new(3, seed=43, options={"tie": "last-round"})
        play_match(state, {0: "R1", 1: "R1", 2: "R1"})
        assert state.scores == (40, 35, 35)
        assert state.round_scores[-1] == (5, 5, 0)
        assert state.winners == (2,)

    @pytest.mark.rule("R19")
    @pytest.mark.parametrize(("tie", "winners"), [("shared", (1, 2)), ("last-round", (1, 2))])
    def test_tie_in_the_last_round_too_is_shared(self, tie: str, winners: tuple[int, ...]) -> None:
        """Three rounds: seats 1 and 2 total 15 each and both scored 5 in the last round."""
        state = new(3, options={"rounds": 3, "tie": tie})
        play_round_with(state, {0: "Y12", 2: "R13"})  # seat 1 out: (10, 0, 10)
        play_round_with(state, {0: "Y12", 1: "R13"})  # seat 2 out: (10, 10, 0)
        play_round_with(state, {1: "B1", 2: "B2"})  # seat 0 out: (0, 5, 5)
        # seat 0: 10 + 10 + 0 = 20; seat 1: 0 + 10 + 5 = 15; seat 2: 10 + 0 + 5 = 15
        assert state.scores == (20, 15, 15)
        assert state.winners == winners

    @pytest.mark.rule("R19")
    def test_last_round_breaks_only_ties_of_the_lowest(self) -> None:
        """Totals 15, 15, 16, last rounds 6, 7, 0: shared by 0 and 1, or seat 0 by last round."""
        rounds = [(9, 8, 16), (6, 7, 0)]
        assert match_winners(rounds) == (0, 1)
        assert match_winners(rounds, tie="last-round") == (0,)  # 6 < 7; seat 2's 0 is no tie

    @pytest.mark.rule("R19")
    def test_single_lowest_total_needs_no_tie_break(self) -> None:
        """Totals 10, 15, 20: seat 0 wins under either tie rule."""
        rounds = [(5, 0, 10), (5, 15, 10)]
        assert match_winners(rounds) == (0,)
        assert match_winners(rounds, tie="last-round") == (0,)

    @pytest.mark.rule("R19")
    def test_no_winner_before_round_11(self) -> None:
        """After ten rounds the match is not over and has no winner."""
        state = new(3)
        for _ in range(10):
            play_round_with(state, {0: "R1", 1: "R1", 2: "R1"})
        assert not state.is_over
        assert state.winners == ()
        assert state.current_player is not None

    @pytest.mark.rule("R19")
    def test_no_move_after_the_match(self) -> None:
        """Once round 11 is scored no move is legal; any move is refused under R19."""
        state = new(3)
        play_match(state, {0: "R1", 1: "R1", 2: "R1"})
        assert state.current_player is None
        assert state.legal_moves() == ()
        assert refused(state, "draw").rule == "R19"
        assert refused(state, "discard R1").rule == "R19"
