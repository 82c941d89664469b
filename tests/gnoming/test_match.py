"""The match: totals over rounds (G24) and the winner (G25)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardrules import GameState, RandomBot, play_match
from cardrules_gnoming.scoring import match_winners

from .builders import new, play, put_round, refused, rs


def play_round(state: GameState, layouts: Sequence[str], ender_draws: str) -> None:
    """Play one round to its end: its starter has one face-down card (position 8) left.

    The starter draws ``ender_draws``, places it at 8 (the displaced card must
    not bounce) and discards the displaced card; every other seat then takes
    one last turn, drawing from the draw pile and discarding (G17).
    """
    starter = rs(state).starter
    round_before = state.round
    put_round(
        state,
        layouts,
        turn=starter,
        starter=starter,
        stock=f"1 2 3 4 5 6 {ender_draws}",
        discards=("10", "11"),
    )
    play(state, "draw stock", "place 8", "discard 0")
    assert rs(state).ender == starter
    while state.round == round_before:
        play(state, "draw stock", "discard 0")


ONE_TO_NINE = "1 2 3 / 4 5 6 / 7 8 (9)"  # 45, no match

# Round 1 (seat 0 starts and ends):
#   seat 0: -1 x8 and the drawn -2 at 8: -10, lowest: -10 - 5 = -15
#   seat 1: 45
#   seat 2: rows 2 2 2, 3 3 3, 4 4 4: -2 - 3 - 4 = -9
ROUND_1 = ("-1 -1 -1 / -1 -1 -1 / -1 -1 (-5)", ONE_TO_NINE, "(2) 2 2 / 3 3 3 / 4 4 4")
ROUND_1_DRAW = "-2"
ROUND_1_SCORES = (-15, 45, -9)
# Round 2 (seat 1 starts and ends):
#   seat 0: nine 6s: 6 lines: -36
#   seat 1: nine 12s after drawing 12 for the -5: -72, lowest: -77
#   seat 2: 45
ROUND_2 = ("6 6 6 / 6 6 6 / 6 6 (6)", "12 12 12 / 12 12 12 / 12 12 (-5)", ONE_TO_NINE)
ROUND_2_DRAW = "12"
ROUND_2_SCORES = (-36, -77, 45)
# Round 3 (seat 2 starts and ends):
#   seat 0: 45
#   seat 1: 1 + 2 + 3 + 4 + 5 + 6 + 8 - 1 - 2 = 26, no match
#   seat 2: nine -1s after drawing -1 for the 1 (no face-up 1: no bounce): -9, lowest: -14
ROUND_3 = (ONE_TO_NINE, "1 2 3 / 4 5 6 / 8 -1 (-2)", "-1 -1 -1 / -1 -1 -1 / -1 -1 (1)")
ROUND_3_DRAW = "-1"
ROUND_3_SCORES = (45, 26, -14)


def play_whole_match() -> GameState:
    state = new(3, seed=31)
    play_round(state, ROUND_1, ROUND_1_DRAW)
    play_round(state, ROUND_2, ROUND_2_DRAW)
    play_round(state, ROUND_3, ROUND_3_DRAW)
    return state


class TestTotals:
    """G24: round scores add up to the game total."""

    @pytest.mark.rule("G24")
    def test_scores_start_at_zero(self) -> None:
        """Before any round is finished every total is 0."""
        state = new(3)
        assert state.scores == (0, 0, 0)
        assert state.round_scores == []

    @pytest.mark.rule("G24", "G7")
    def test_totals_after_each_round(self) -> None:
        """Totals are the running sums of the round scores."""
        state = new(3, seed=31)
        play_round(state, ROUND_1, ROUND_1_DRAW)
        assert state.round_scores == [ROUND_1_SCORES]
        assert state.scores == (-15, 45, -9)
        assert rs(state).starter == 1  # G7: the start passed one seat left
        play_round(state, ROUND_2, ROUND_2_DRAW)
        # -15 - 36 = -51; 45 - 77 = -32; -9 + 45 = 36
        assert state.scores == (-51, -32, 36)
        assert rs(state).starter == 2
        play_round(state, ROUND_3, ROUND_3_DRAW)
        # -51 + 45 = -6; -32 + 26 = -6; 36 - 14 = 22
        assert state.round_scores == [ROUND_1_SCORES, ROUND_2_SCORES, ROUND_3_SCORES]
        assert state.scores == (-6, -6, 22)

    @pytest.mark.rule("G24")
    def test_observation_reports_round_scores(self) -> None:
        """Every seat's observation lists the finished rounds' scores."""
        state = new(3, seed=31)
        play_round(state, ROUND_1, ROUND_1_DRAW)
        play_round(state, ROUND_2, ROUND_2_DRAW)
        for seat in range(3):
            assert state.observation(seat).round_scores == (ROUND_1_SCORES, ROUND_2_SCORES)

    @pytest.mark.rule("G24")
    def test_record_totals(self) -> None:
        """The game record carries the same round scores and totals."""
        state = play_whole_match()
        record = state.record()
        assert record["round_scores"] == [[-15, 45, -9], [-36, -77, 45], [45, 26, -14]]
        assert record["scores"] == [-6, -6, 22]
        assert record["over"] is True


class TestWinner:
    """G25: after round 3 the lowest total wins; ties go to the lower round-3 score, else shared."""

    @pytest.mark.rule("G25")
    def test_lowest_total_wins(self) -> None:
        """Totals 16, 27, 38: seat 0 wins."""
        assert match_winners([(10, 20, 30), (5, 5, 5), (1, 2, 3)]) == (0,)

    @pytest.mark.rule("G25")
    def test_tie_broken_by_last_round(self) -> None:
        """Totals 15, 15, 30: seat 1 scored 3 < 5 in round 3 and wins."""
        assert match_winners([(10, 0, 5), (0, 12, 5), (5, 3, 20)]) == (1,)

    @pytest.mark.rule("G25")
    def test_tie_break_only_among_tied_players(self) -> None:
        """Totals 15, 15, 16: seat 2's low round 3 (-30) does not matter; seat 0 (6 < 7) wins."""
        assert match_winners([(9, 8, 46), (0, 0, 0), (6, 7, -30)]) == (0,)

    @pytest.mark.rule("G25")
    def test_shared_win(self) -> None:
        """Totals 15, 15, 30 and round 3 scores 5 and 5: seats 0 and 1 share the win."""
        assert match_winners([(10, 0, 0), (0, 10, 0), (5, 5, 30)]) == (0, 1)

    @pytest.mark.rule("G25")
    def test_everyone_shares(self) -> None:
        """Equal totals and equal last rounds: all four seats win."""
        assert match_winners([(1, 2, 3, 4), (4, 3, 2, 1), (0, 0, 0, 0)]) == (0, 1, 2, 3)

    @pytest.mark.rule("G25")
    def test_match_through_the_engine(self) -> None:
        """Seats 0 and 1 tie at -6; seat 1 scored 26 < 45 in round 3 and wins alone."""
        state = play_whole_match()
        assert state.is_over
        assert state.round == 3
        assert state.winners == (1,)
        assert state.current_player is None
        assert state.legal_moves() == ()

    @pytest.mark.rule("G25")
    def test_no_winner_before_the_end(self) -> None:
        """After two rounds there is no winner yet."""
        state = new(3, seed=31)
        play_round(state, ROUND_1, ROUND_1_DRAW)
        play_round(state, ROUND_2, ROUND_2_DRAW)
        assert not state.is_over
        assert state.winners == ()

    @pytest.mark.rule("G25")
    def test_no_move_after_the_match(self) -> None:
        """Once the match is over any move is refused under G25."""
        state = play_whole_match()
        assert refused(state, "draw stock").rule == "G25"

    @pytest.mark.rule("G25")
    def test_shared_win_through_the_engine(self) -> None:
        """One-round match: seats 0 and 1 both score 45 and share the win."""
        state = new(3, options={"rounds": 1})
        put_round(
            state,
            [
                ONE_TO_NINE,  # 45
                ONE_TO_NINE,  # 45
                # ender draws 7 for the 8: rows 12 11 10 twice = 66, row 9 9 7 = 25:
                # 91, no match, not lowest: 96
                "12 11 10 / 12 11 10 / 9 9 (8)",
            ],
            turn=2,
            starter=2,
            stock="1 2 7",
            discards=("10", "11"),
        )
        play(state, "draw stock", "place 8", "discard 0")
        play(state, "draw stock", "discard 0", "draw stock", "discard 0")
        assert state.round_scores == [(45, 45, 96)]
        assert state.winners == (0, 1)

    @pytest.mark.rule("G25", "G24")
    def test_random_match_winner_has_lowest_total(self) -> None:
        """In a random 5-player match the winners have the lowest total."""
        state = new(5, seed=77)
        result = play_match(state, [RandomBot(seed) for seed in range(5)], max_decisions=50_000)
        assert result.finished
        totals = [sum(r[seat] for r in state.round_scores) for seat in range(5)]
        assert state.scores == tuple(totals)
        best = min(totals)
        tied = [seat for seat in range(5) if totals[seat] == best]
        last = state.round_scores[2]
        best_last = min(last[seat] for seat in tied)
        assert state.winners == tuple(seat for seat in tied if last[seat] == best_last)
