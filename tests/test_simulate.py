"""Variant analysis: simulate, summarise, compare, and the `cardrules simulate` command."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from cardrules.analysis.simulate import MatchRow, compare, simulate, summarise, wilson
from cardrules.cli import main


def row(
    seed: int, totals: tuple[int, ...], winners: tuple[int, ...], truncated: bool = False
) -> MatchRow:
    """A match row between greedy (seat 0) and random (seat 1)."""
    return MatchRow(seed, (), ("greedy", "random"), totals, winners, 3, 100 + seed, truncated)


class TestFigures:
    def test_wilson_interval_matches_the_formula(self) -> None:
        """0 of 10 gives [0, 0.278]; 10 of 10 gives [0.722, 1] (z = 1.96)."""
        low, high = wilson(0, 10)
        assert low == 0.0
        assert high == pytest.approx(0.2775, abs=1e-4)
        low, high = wilson(10, 10)
        assert low == pytest.approx(0.7225, abs=1e-4)
        assert high == 1.0

    def test_summary_counts_wins_totals_and_truncation(self) -> None:
        """Truncated matches are counted but left out of the win and total figures."""
        rows = [
            row(0, (5, 9), (0,)),
            row(1, (7, 7), (0, 1)),
            row(2, (9, 3), (1,)),
            row(3, (0, 0), (), True),
        ]
        summary = summarise(rows)
        greedy, random_ = summary.by_bot
        assert (greedy.name, greedy.seats, greedy.wins) == ("greedy", 3, 2)  # a shared win counts
        assert greedy.mean_total == pytest.approx((5 + 7 + 9) / 3)
        assert random_.wins == 2
        assert random_.mean_total == pytest.approx((9 + 7 + 3) / 3)
        assert summary.truncated == 1
        assert summary.mean_decisions == pytest.approx((100 + 101 + 102 + 103) / 4)

    def test_compare_pairs_by_seed_and_seat(self) -> None:
        """The change is the mean of paired differences, with minus without."""
        base = [row(0, (5, 9), (0,)), row(1, (7, 7), (0, 1))]
        varied = [row(0, (3, 9), (0,)), row(1, (7, 11), (0,))]
        greedy, random_ = compare(base, varied)
        assert greedy.mean_change == pytest.approx((-2 + 0) / 2)
        assert random_.mean_change == pytest.approx((0 + 4) / 2)
        with pytest.raises(ValueError, match="same seeds"):
            compare(base, varied[:1])


class TestSimulate:
    def test_parallel_and_serial_runs_agree(self) -> None:
        """Seeds fix every match: two worker processes give the same rows as one."""
        serial = simulate("gnoming-a-round", games=6, players=3, jobs=1, seed=40)
        parallel = simulate("gnoming-a-round", games=6, players=3, jobs=2, seed=40)
        assert serial == parallel
        assert [r.seed for r in serial] == list(range(40, 46))

    def test_truncation_is_reported(self) -> None:
        """A decision cap stops matches; they are reported truncated, with no winners."""
        rows = simulate("toonerville-rook", games=2, players=3, max_decisions=30)
        assert all(r.truncated and r.winners == () for r in rows)

    def test_unknown_bot_is_refused(self) -> None:
        """Bot names are checked before anything is played."""
        with pytest.raises(ValueError, match="unknown bot"):
            simulate("gnoming-a-round", games=1, players=3, bots=["clever"])


class TestCommand:
    def test_compare_variant_out_and_plot(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """The command compares a variant, writes per-match CSV/JSON, and draws a PNG."""
        out, plot = tmp_path / "runs.csv", tmp_path / "scores.png"
        args = [
            "simulate",
            "gnoming-a-round",
            "--games",
            "4",
            "--jobs",
            "2",
            "--compare-variant",
            "no-bounce",
            "--out",
            str(out),
            "--plot",
            str(plot),
        ]
        assert main(args) == 0
        printed = capsys.readouterr().out
        assert "What no-bounce changes" in printed
        assert "95% interval" in printed
        with out.open() as handle:
            rows = list(csv.DictReader(handle))
        assert len(rows) == 8
        assert {r["variants"] for r in rows} == {"", "no-bounce"}
        assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        json_out = tmp_path / "runs.json"
        assert (
            main(["simulate", "toonerville-rook", "-g", "2", "-n", "3", "--out", str(json_out)])
            == 0
        )
        assert len(json.loads(json_out.read_text())) == 2

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["simulate", "gnoming-a-round", "--bots", "clever"], "unknown bot"),
            (["simulate", "gnoming-a-round", "--games", "0"], "--games"),
            (["simulate", "gnoming-a-round", "--variant", "nope"], "unknown variant"),
            (["simulate", "gnoming-a-round", "-g", "1", "--out", "x.txt"], ".csv or .json"),
        ],
    )
    def test_bad_arguments_give_one_line(
        self, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Bad arguments: one error line and exit code 2."""
        assert main(args) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1
        assert message in err[0]


def test_plugins_command_lists_distribution_and_hooks(capsys: pytest.CaptureFixture[str]) -> None:
    """`cardrules plugins` names each plugin, its distribution and its hooks."""
    assert main(["plugins"]) == 0
    out = capsys.readouterr().out
    assert "gnoming-a-round  (cardrules" in out
    assert "variant:  no-bounce" in out
    assert "score_round" in out
