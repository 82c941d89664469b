"""The verdict of a rule comparison: fair line-ups, skill and choice figures, noise told apart."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from cardrules.analysis.metrics import MetricDifference, design_metrics, seat_advantage
from cardrules.analysis.rows import MatchRow, read_results
from cardrules.analysis.simulate import simulate
from cardrules.analysis.skill import compare_skill, skill_bots, skill_edge
from cardrules.analysis.verdict import NO_CHANGE, VerdictLine, line_up_caveat, verdict
from cardrules.cli import main
from tests.analysis.same_rules import install


@pytest.fixture
def base_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """``base-again``, a variant that changes nothing, installed for one test."""
    install(monkeypatch)


def match(
    seed: int,
    bots: tuple[str, ...],
    totals: tuple[int, ...],
    winners: tuple[int, ...],
    *,
    higher_wins: bool = False,
    legal_moves: int = 0,
    forced: int = 0,
) -> MatchRow:
    return MatchRow(
        seed,
        (),
        bots,
        totals,
        winners,
        1,
        10,
        False,
        round_scores=(totals,),
        round_decisions=(10,),
        first_seat=0,
        higher_wins=higher_wins,
        legal_moves=legal_moves,
        forced=forced,
    )


class TestLines:
    def difference(self, change: float, low: float, high: float, sd: float) -> MetricDifference:
        return MetricDifference(
            "decisions per round", 100, 100.0, 100 + change, change, (low, high), sd
        )

    def test_a_line_is_clear_when_its_interval_excludes_zero(self) -> None:
        line = VerdictLine(self.difference(9.0, 8.1, 9.9, 4.6))
        assert line.clear
        assert line.settle is None
        assert line.text().startswith("decisions per round: changed, 100.00 -> 109.00")
        assert "+9.0% (+8.1% to +9.9%)" in line.text()  # relative to the mean without

    def test_an_unclear_line_says_how_many_matches_would_settle_it(self) -> None:
        """n = ceil((1.96 sd / |change|)^2): 1.96 * 10 / 0.5 = 39.2, squared 1536.64."""
        line = VerdictLine(self.difference(0.5, -1.46, 2.46, 10.0))
        assert not line.clear
        assert line.settle == 1537
        assert NO_CHANGE in line.text()
        assert "about 1,537 matches would settle" in line.text()

    def test_a_line_with_the_same_value_in_every_pair_says_so(self) -> None:
        line = VerdictLine(self.difference(0.0, 0.0, 0.0, 0.0))
        assert line.identical
        assert not line.clear
        assert line.settle is None
        assert line.text().endswith("the same in every pair of matches")


class TestSkillAndChoice:
    def test_the_skill_edge_follows_the_direction_that_wins(self) -> None:
        """In points, positive when the stronger bot scored better, whichever way wins."""
        lowest = match(0, ("greedy", "random", "greedy"), (3, 9, 5), (0,))
        highest = match(0, ("greedy", "random", "greedy"), (3, 9, 5), (1,), higher_wins=True)
        assert skill_edge(lowest, "greedy", "random") == 5.0  # 9 - mean(3, 5)
        assert skill_edge(highest, "greedy", "random") == -5.0
        assert skill_edge(lowest, "greedy", "random", wins=True) == 0.5  # 1/2 - 0/1
        assert skill_edge(lowest, "greedy", "clever") is None
        assert skill_bots([highest]) == ("random", "greedy")  # random won there

    def test_compare_skill_pairs_the_edge_by_seed(self) -> None:
        base = [match(s, ("greedy", "random"), (0, 10), (0,)) for s in range(3)]
        varied = [match(s, ("greedy", "random"), (0, 10 + 2 * s), (0,)) for s in range(3)]
        points, wins = compare_skill(base, varied)
        assert points.name == "skill: greedy's edge over random (points)"
        assert points.change == pytest.approx((0 + 2 + 4) / 3)
        assert wins.change == 0.0
        assert compare_skill(base[:1], base[:1])[0].pairs == 1
        one_bot = [match(0, ("greedy", "greedy"), (0, 10), (0,))]
        assert compare_skill(one_bot, one_bot) == ()

    def test_branching_forced_moves_and_every_seats_advantage(self) -> None:
        rows = [
            match(0, ("a", "a"), (0, 10), (0,), legal_moves=40, forced=2),
            match(1, ("a", "a"), (0, 10), (0,), legal_moves=20, forced=3),
            match(2, ("a", "a"), (10, 0), (1,), legal_moves=30, forced=0),
        ]
        metrics = design_metrics(rows)
        assert metrics.branching == pytest.approx(90 / 30)  # 30 decisions in all
        assert metrics.forced_share == pytest.approx(5 / 30)
        seat0, seat1 = seat_advantage(rows)
        assert (seat0.wins, seat1.wins) == (2, 1)
        assert seat1.advantage == pytest.approx(1 / 3 - 1 / 2)
        old = design_metrics([match(0, ("a", "a"), (0, 1), (0,))])  # did not count moves
        assert math.isnan(old.branching)

    def test_a_mixed_line_up_gets_a_caveat(self) -> None:
        assert "different bots (greedy, random)" in line_up_caveat(
            [match(0, ("greedy", "random"), (0, 1), (0,))]
        )
        assert line_up_caveat([match(0, ("greedy", "greedy"), (0, 1), (0,))]) == ""


def test_rotating_seats_gives_every_bot_every_seat_equally_often(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    rows = simulate(
        "gnoming-a-round",
        games=3,
        players=3,
        bots=["greedy", "random", "random"],
        rotate_seats=True,
        out=out,
        options={"rounds": 1},
    )
    assert [r.bots for r in rows] == [
        ("greedy", "random", "random"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    ]
    assert all(r.first_seat == 0 for r in rows)  # the game starts at seat 0: rotation evens it
    assert all(r.decisions <= r.legal_moves for r in rows)  # at least one legal move each
    run, _rows = read_results(out)
    assert run["rotate_seats"] is True


def test_a_variant_that_changes_nothing_gets_no_distinguishable_change_on_every_line(
    base_again: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two names for the base game: every paired figure is the same in every match."""
    args = ["simulate", "gnoming-a-round", "-g", "6", "-n", "3", "--option", "rounds=2"]
    assert main([*args, "--compare-variant", "base-again"]) == 0
    printed = capsys.readouterr().out
    opening = " ".join(printed[: printed.index("without the rule")].split())  # unwrapped
    assert opening.startswith(
        "gnoming-a-round: base-again against the base game, 6 matches, greedy on every seat"
    )
    assert "0 of 14 figures changed distinguishably" in opening
    # 12 figures and the 2 skill lines of the greedy,random probe, each the same in every pair
    assert opening.count(f"{NO_CHANGE} (") == 14
    assert opening.count("the same in every pair of matches") == 14
    assert "skill: greedy's edge over random (points)" in opening
    assert "changed," not in opening
    assert "Skill not measured" not in opening
    assert "Caveat" not in opening  # greedy on every seat


def test_a_variant_with_a_known_effect_is_named_with_an_interval_excluding_zero() -> None:
    """No bounce (G12) makes Gnoming rounds longer: a revealed card can no longer move on."""
    run = {"games": 30, "players": 3, "bots": ["greedy"], "seed": 5, "options": {"rounds": 2}}
    base = simulate("gnoming-a-round", **run)  # type: ignore[arg-type]
    varied = simulate("gnoming-a-round", variants=["no-bounce"], **run)  # type: ignore[arg-type]
    found = verdict(base, varied)
    lines = {line.name: line for line in found.lines}
    longer = lines["decisions per round"]
    assert longer.clear
    assert longer.difference.interval[0] > 0
    assert longer.text().startswith("decisions per round: changed")
    assert found.lines[0].clear  # the changes come first
    assert lines["rounds per match"].identical
    assert found.caveat == ""


class TestMissingMatplotlib:
    @pytest.fixture
    def no_matplotlib(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """``import matplotlib`` fails, as on an install without cardrules[plot]."""
        monkeypatch.setitem(sys.modules, "matplotlib", None)
        monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)

        def no_match(*_args: object, **_kwargs: object) -> None:
            raise AssertionError("a match was played")

        monkeypatch.setattr("cardrules.cli.simulate.simulate", no_match)

    @pytest.mark.parametrize("option", [["--report", "rep"], ["--plot", "scores.png"]])
    def test_simulate_refuses_before_any_match(
        self,
        no_matplotlib: None,
        option: list[str],
        tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
    ) -> None:
        monkeypatch.chdir(tmp_path)
        assert main(["simulate", "gnoming-a-round", "-g", "500", *option]) == 2
        error = capsys.readouterr().err
        assert f"{option[0]}: the plots need matplotlib" in error
        assert "pip install 'cardrules[plot]'" in error
        assert list(tmp_path.iterdir()) == []  # nothing written

    def test_analyse_refuses_before_reading(
        self, no_matplotlib: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        rows = tmp_path / "rows.jsonl"
        rows.write_text("not read\n", encoding="utf-8")
        assert main(["analyse", str(rows), "--report", str(tmp_path / "rep")]) == 2
        assert "--report: the plots need matplotlib" in capsys.readouterr().err


def test_a_mixed_line_up_is_rotated_and_flagged(capsys: pytest.CaptureFixture[str]) -> None:
    """--bots greedy,random: a caveat in the verdict, skill lines from the runs themselves."""
    args = ["simulate", "gnoming-a-round", "-g", "3", "-n", "3", "--option", "rounds=1"]
    assert main([*args, "--bots", "greedy,random", "--compare-variant", "no-bounce"]) == 0
    opening = " ".join(capsys.readouterr().out.split())
    assert "3 matches, bots greedy,random, seats rotated" in opening
    assert "Caveat: Seats hold different bots (greedy, random)" in opening
    assert "skill: greedy's edge over random (points)" in opening


def test_an_unknown_skill_bot_is_refused_before_any_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_match(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a match was played")

    monkeypatch.setattr("cardrules.cli.simulate.simulate", no_match)
    args = ["simulate", "gnoming-a-round", "--compare-variant", "no-bounce"]
    assert main([*args, "--skill-bots", "greedy,clever"]) == 2
    assert "unknown bot 'clever'" in capsys.readouterr().err
    assert main([*args, "--skill-bots", "greedy"]) == 2
    assert "name two different bots" in capsys.readouterr().err
