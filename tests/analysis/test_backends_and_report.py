"""Simulating at scale: the same rows on every backend, resumable results, the HTML report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.analysis.report import PLOTS, write_report
from cardrules.analysis.rows import ResultsError, read_results
from cardrules.analysis.simulate import simulate, summarise
from cardrules.cli import main
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


#: The verdict box's background (report.py's ``#verdict``), looked for in screenshots.
VERDICT_BACKGROUND = (0xFD, 0xF6, 0xD8)


def test_simulate_and_analyse_write_a_report_whose_plots_render_in_chromium(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report opens with the verdict, above the fold at 1280x800; tables and plots follow."""
    from PIL import Image

    out = tmp_path / "rows.jsonl"
    args = ["simulate", "gnoming-a-round", "-g", "12", "-n", "3", "--out", str(out)]
    assert main([*args, "--compare-variant", "no-bounce", "--report", str(tmp_path / "a")]) == 0
    printed = capsys.readouterr().out
    assert "How no-bounce changes play (paired by seed)" in printed
    assert printed.index("Verdict: what no-bounce changes") < printed.index("without the rule")
    # The finished file is analysed again without replaying a match.
    assert main(["analyse", str(out), "--report", str(tmp_path / "b")]) == 0
    again = capsys.readouterr().out
    assert "How no-bounce changes play (paired by seed)" in again
    assert "Verdict: what no-bounce changes" in again
    # The skill probe is not in the file: analyse says the edge was not measured.
    assert "Skill not measured: one bot on every seat" in " ".join(again.split())
    report = tmp_path / "a" / "report.html"
    page = report.read_text(encoding="utf-8")
    assert "<script" not in page
    assert "://" not in page  # nothing loaded from outside: the plots are data: URIs
    with chromium_driver(width=1280, height=800) as driver:
        driver.get(report.as_uri())
        title = driver.execute_script("return document.querySelector('h1').textContent")
        assert (
            title
            == "gnoming-a-round: no-bounce against the base game, 12 matches, greedy on every seat"
        )
        images = driver.execute_script(
            "return Array.from(document.images).map("
            "i => [i.parentElement.id, i.complete, i.naturalWidth, i.naturalHeight])"
        )
        assert [image[0] for image in images] == [plot[0] for plot in PLOTS]
        for stem, complete, width, height in images:
            assert complete, stem
            assert (width, height) == (700, 400), stem
        headings = driver.execute_script(
            "return Array.from(document.querySelectorAll('h2')).map(h => h.textContent)"
        )
        assert headings[0] == "Verdict: what no-bounce changes"
        assert "Bots and seats: without" in headings
        assert "with no-bounce against without, paired by seed" in headings
        per_bot = driver.execute_script(
            "return Array.from(document.querySelectorAll('table.per-bot')).map("
            "t => [t.getBoundingClientRect().height, t.rows[1].cells[0].textContent])"
        )
        assert per_bot == [[per_bot[0][0], "greedy"]] * 2
        assert per_bot[0][0] > 0
        captions = driver.execute_script(
            "return Array.from(document.querySelectorAll('figcaption')).map(c => c.textContent)"
        )
        assert all(len(caption) > 60 for caption in captions)  # says what to look for
        # Above the fold: the whole verdict box is within the first 800 pixels.
        bottom = driver.execute_script(
            "return document.getElementById('verdict').getBoundingClientRect().bottom"
        )
        height = driver.execute_script("return window.innerHeight")
        assert bottom <= height
        shot = tmp_path / "fold.png"
        driver.save_screenshot(str(shot))
    image = Image.open(shot).convert("RGB")
    assert image.width == 1280
    rows_with_verdict = [
        y
        for y in range(image.height)
        if sum(image.getpixel((x, y)) == VERDICT_BACKGROUND for x in range(0, 1280, 8)) > 60
    ]
    # The box is drawn in the screenshot, from near the top, and ends before the fold.
    assert rows_with_verdict
    assert rows_with_verdict[0] < 150
    assert rows_with_verdict[-1] < image.height - 5


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


def test_counted_axes_get_integer_ticks_and_runs_share_bins() -> None:
    """Seats, lead changes and the matches or rounds counted are whole numbers on the axes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    run = {"games": 4, "players": 3, "bots": ["greedy"], "options": {"rounds": 2}}
    base = simulate("gnoming-a-round", **run)  # type: ignore[arg-type]
    varied = simulate("gnoming-a-round", variants=["no-bounce"], **run)  # type: ignore[arg-type]
    runs = {"without": base, "with no-bounce": varied}
    counted = {
        "scores": ("y",),
        "seats": ("x",),
        "lead-changes": ("x", "y"),
        "round-lengths": ("y",),
        "branching": ("y",),
    }
    for stem, _title, _caption, draw in PLOTS:
        figure, axes = plt.subplots()
        try:
            draw(axes, runs)
            figure.canvas.draw()
            for name in counted[stem]:
                ticks = (axes.get_xticks if name == "x" else axes.get_yticks)()
                assert all(float(t).is_integer() for t in ticks), (stem, name, ticks)
            if stem in ("round-lengths", "branching"):
                edges = [tuple(round(p.get_x(), 6) for p in c) for c in axes.containers]
                assert len(edges) == 2
                assert edges[0] == edges[1]  # both runs on the same bins
        finally:
            plt.close(figure)
