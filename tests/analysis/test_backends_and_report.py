"""Simulating at scale: the same rows on every backend, resumable results, the HTML report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.analysis.report import PLOTS, write_report
from cardrules.analysis.rows import ResultsError, read_results
from cardrules.cli import main
from cardrules.simulate import simulate, summarise
from tests.browser import chromium_driver

RUN = {"game": "gnoming-a-round", "players": 3, "bots": ["greedy", "random"], "seed": 7}


class Interrupt(Exception):
    """Stands for Ctrl-C in the middle of a run."""


def test_an_interrupted_run_resumes_to_the_same_rows_and_summary(tmp_path: Path) -> None:
    whole = simulate(games=40, **RUN)  # type: ignore[arg-type]
    out = tmp_path / "rows.jsonl"
    seen = [0]

    def interrupt_after_15(n: int) -> None:
        seen[0] += n
        if seen[0] >= 15:
            raise Interrupt

    with pytest.raises(Interrupt):
        simulate(games=40, out=out, progress=interrupt_after_15, **RUN)  # type: ignore[arg-type]
    _run, kept = read_results(out)
    assert len(kept) == 15
    # A write cut short by the interruption is dropped on resume.
    with out.open("a", encoding="utf-8") as handle:
        handle.write('{"seed": 99, "varia')
    played: list[int] = []
    resumed = simulate(games=40, out=out, progress=played.append, **RUN)  # type: ignore[arg-type]
    assert played[0] == 15  # the rows found in the file, reported first
    assert sum(played) == 40
    assert resumed == whole
    assert summarise(resumed) == summarise(whole)
    _run, rows = read_results(out)
    assert sorted(r.seed for r in rows) == list(range(7, 47))


def test_a_results_file_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    simulate(games=2, out=out, **RUN)  # type: ignore[arg-type]
    with pytest.raises(ResultsError, match=r"differs in .*players"):
        simulate(games=2, out=out, **{**RUN, "players": 4})  # type: ignore[arg-type]
    out.write_text('{"not": "results"}\n', encoding="utf-8")
    with pytest.raises(ResultsError, match="not a cardrules results header"):
        read_results(out)


def test_ray_plays_the_same_rows_as_local_processes() -> None:
    ray = pytest.importorskip("ray")
    run = {"game": "gnoming-a-round", "players": 4, "bots": ["random"], "seed": 1000}
    local = simulate(games=200, jobs=2, **run)  # type: ignore[arg-type]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = simulate(games=200, backend="ray", jobs=2, **run)  # type: ignore[arg-type]
    finally:
        ray.shutdown()
    assert on_ray == local
    assert len({row.totals for row in local}) > 150  # 200 different matches, not one repeated


def test_simulate_and_analyse_write_a_report_whose_plots_render_in_chromium(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rows.jsonl"
    args = ["simulate", "gnoming-a-round", "-g", "20", "-n", "3", "--out", str(out)]
    assert main([*args, "--compare-variant", "no-bounce", "--report", str(tmp_path / "a")]) == 0
    printed = capsys.readouterr().out
    assert "How no-bounce changes play (paired by seed)" in printed
    assert "lead changes" in printed
    # The finished file is analysed again without replaying a match.
    assert main(["analyse", str(out), "--report", str(tmp_path / "b")]) == 0
    again = capsys.readouterr().out
    assert "How no-bounce changes play (paired by seed)" in again
    report = tmp_path / "b" / "report.html"
    page = report.read_text(encoding="utf-8")
    assert "<script" not in page
    assert "://" not in page  # nothing loaded from outside: the plots are data: URIs
    with chromium_driver() as driver:
        driver.get(report.as_uri())
        images = driver.execute_script(
            "return Array.from(document.images).map("
            "i => [i.parentElement.id, i.complete, i.naturalWidth, i.naturalHeight])"
        )
        assert [image[0] for image in images] == [stem for stem, _title, _draw in PLOTS]
        for stem, complete, width, height in images:
            assert complete, stem
            assert (width, height) == (700, 400), stem
        headings = driver.execute_script(
            "return Array.from(document.querySelectorAll('h2')).map(h => h.textContent)"
        )
        assert "with no-bounce against without, paired by seed" in headings


def test_a_report_needs_matches() -> None:
    with pytest.raises(ValueError, match="at least one match"):
        write_report(Path("unused"), {"": []}, title="empty")


def test_rows_stream_as_json_lines_with_a_header(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    simulate(games=3, out=out, **RUN)  # type: ignore[arg-type]
    lines = out.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert head["cardrules-results"] == 1
    assert head["run"]["bots"] == ["greedy", "random", "greedy"]
    first = json.loads(lines[1])
    assert len(first["round_scores"]) == 3
    assert sum(first["round_decisions"]) == first["decisions"]
