"""A self-contained HTML report of simulated matches, with matplotlib plots.

`write_report` draws each plot of `cardrules.analysis.report_plots.PLOTS` to
PNG with matplotlib (``pip install 'cardrules[plot]'``), embeds it in one
HTML file as a ``data:`` URI, and adds the figures of
`cardrules.analysis.simulate.summarise` and `cardrules.analysis.metrics` as tables.
Given two runs of the same seeds (without and with a rule), the page opens
with the verdict (`cardrules.analysis.verdict`), then the per-bot tables and
paired changes, and every plot overlays both runs.

The HTML has no scripts and loads nothing from outside: it opens from a file
in any browser, offline.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardrules.analysis.metrics import DesignMetrics, design_metrics
from cardrules.analysis.report_plots import PLOTS, Runs
from cardrules.analysis.rows import MatchRow
from cardrules.analysis.summary import Summary, compare, summarise
from cardrules.analysis.verdict import Verdict, line_up_caveat, verdict

__all__ = ["PLOTS", "require_matplotlib", "write_report"]


def require_matplotlib() -> Any:
    """``matplotlib.pyplot`` on the Agg backend.

    Raises:
        ValueError: matplotlib is not installed (the message says how to install it).
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("the plots need matplotlib: pip install 'cardrules[plot]'") from None
    return plt


def _png(plt: Any, draw: Callable[[Any, Runs], None], runs: Runs) -> bytes:
    figure, axes = plt.subplots(figsize=(7, 4))
    try:
        draw(axes, runs)
        handles, _labels = axes.get_legend_handles_labels()
        if handles:
            axes.legend(fontsize="small")
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=100)
    finally:
        plt.close(figure)
    return buffer.getvalue()


def _fmt(value: float, spec: str = ".2f") -> str:
    return "-" if isinstance(value, float) and math.isnan(value) else format(value, spec)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], css: str = "") -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    klass = f' class="{css}"' if css else ""
    return f"<table{klass}><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _interval(pair: tuple[float, tuple[float, float]]) -> str:
    mean, (low, high) = pair
    return f"{_fmt(mean)} ({_fmt(low)} to {_fmt(high)})"


def _rate(rate: float, interval: tuple[float, float]) -> str:
    return f"{_fmt(rate, '.1%')} ({_fmt(interval[0], '.1%')} to {_fmt(interval[1], '.1%')})"


def _metrics_rows(metrics: DesignMetrics) -> list[list[str]]:
    first = metrics.first_player
    rows = [
        ["matches (finished)", f"{metrics.matches} ({metrics.finished})"],
        [
            "first seat's win rate",
            f"{_rate(first.win_rate, first.interval)}; fair {_fmt(first.fair_rate, '.1%')}",
        ],
        ["first-player advantage", _fmt(first.advantage, "+.1%")],
    ]
    for seat, figures in enumerate(metrics.seats):
        rows.append(
            [
                f"seat {seat}'s win rate (advantage)",
                f"{_rate(figures.win_rate, figures.interval)} ({_fmt(figures.advantage, '+.1%')})",
            ]
        )
    return [
        *rows,
        ["lead changes per match", _interval(metrics.lead_changes)],
        ["drama: winner's largest deficit", _interval(metrics.drama)],
        ["won from behind", _fmt(metrics.dramatic_share, ".1%")],
        ["decisive round", _interval(metrics.decisive_round)],
        ["decisive round / rounds", _fmt(metrics.decisive_fraction)],
        ["margin of victory", _interval(metrics.margin)],
        [f"close finishes (margin <= {metrics.close_margin})", _fmt(metrics.close_share, ".1%")],
        ["legal moves per decision", _fmt(metrics.branching)],
        ["forced moves (one legal move)", _fmt(metrics.forced_share, ".1%")],
        [
            "decisions per match (min, median, mean, max)",
            ", ".join(_fmt(v, ".1f") for v in metrics.match_decisions),
        ],
        [
            "decisions per round (min, median, mean, max)",
            ", ".join(_fmt(v, ".1f") for v in metrics.round_decisions),
        ],
        ["round endings", ", ".join(f"{k}: {n}" for k, n in metrics.endings) or "-"],
    ]


def _summary_rows(summary: Summary) -> list[list[str]]:
    return [
        [
            group.name,
            str(group.seats),
            _rate(group.win_rate, group.win_interval),
            _fmt(group.mean_total),
            _fmt(group.sd_total),
        ]
        for group in (*summary.by_bot, *summary.by_seat)
    ]


def _verdict_html(variant: str, found: Verdict) -> str:
    items = "".join(
        f'<li class="{"changed" if line.clear else "unclear"}">{html.escape(line.text())}</li>'
        for line in found.lines
    )
    caveat = f'<p class="caveat">{html.escape(found.caveat)}</p>' if found.caveat else ""
    return (
        f'<section id="verdict"><h2>Verdict: what {html.escape(variant)} changes</h2>'
        f"<p>{html.escape(found.headline())} Marked lines changed; each gives without "
        f"-&gt; with, the paired change and its 95% interval.</p>{caveat}"
        f"<ul>{items}</ul></section>"
    )


def _comparison(
    runs: Runs, skill: tuple[Sequence[MatchRow], Sequence[MatchRow]] | None
) -> tuple[str, str]:
    """The verdict section and the paired tables of two runs."""
    (label_a, a), (label_b, b) = runs.items()
    variant = label_b.removeprefix("with ")
    found = verdict(a, b, skill=skill)
    bots = [
        [
            d.name,
            _fmt(d.base_mean),
            _fmt(d.variant_mean),
            _fmt(d.mean_change, "+.2f"),
            f"{_fmt(d.interval[0], '+.2f')} to {_fmt(d.interval[1], '+.2f')}",
        ]
        for d in compare(a, b)
    ]
    figures = [
        [line.name, "yes" if line.clear else "no", line.change_text()] for line in found.lines
    ]
    tables = (
        f"<h2>Each bot's mean total, {html.escape(label_b)} against "
        f"{html.escape(label_a)} (paired by seed and seat)</h2>"
        + _table(["bot", label_a, label_b, "change", "95% interval"], bots)
        + f"<h2>{html.escape(label_b)} against {html.escape(label_a)}, paired by seed</h2>"
        + _table(["figure", "distinguishable", "change (95% interval)"], figures)
    )
    return _verdict_html(variant, found), tables


_STYLE = """
body { font-family: sans-serif; margin: 1em auto; max-width: 64em; color: #222; }
h1 { font-size: 1.4em; margin: 0.4em 0; }
h2 { font-size: 1.15em; }
#verdict { background: #fdf6d8; border: 1px solid #d8c76a; padding: 0.2em 1em; }
#verdict h2 { margin: 0.4em 0; }
#verdict ul { margin: 0.3em 0; padding-left: 1.2em; font-size: 0.92em; }
#verdict li.changed { font-weight: bold; }
.caveat { color: #8a4b00; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1.5em 0; }
figcaption b { display: block; }
img { max-width: 100%; }
"""


def write_report(
    directory: Path,
    runs: Runs,
    *,
    title: str,
    filename: str = "report.html",
    skill: tuple[Sequence[MatchRow], Sequence[MatchRow]] | None = None,
) -> Path:
    """Write an HTML report of ``runs`` into ``directory`` and return its path.

    Args:
        directory: created if missing; the report and each plot as PNG are
            written there (the HTML embeds the PNGs, so it stands alone).
        runs: ``{label: rows}``; one run, or two runs of the same seeds
            labelled ``"without"`` and ``"with <rule>"``, which the verdict
            compares and every plot overlays.
        title: the report's heading (name the rule and the line-up in it).
        filename: the report's file name.
        skill: a pair of runs (without, with) of a stronger and a weaker bot,
            for the verdict's skill lines (see `cardrules.analysis.verdict.verdict`).

    Raises:
        ValueError: matplotlib is missing, or a run has no rows.
    """
    if not runs or any(not rows for rows in runs.values()):
        raise ValueError("a report needs at least one match in each run")
    plt = require_matplotlib()
    directory.mkdir(parents=True, exist_ok=True)
    parts = [f"<h1>{html.escape(title)}</h1>"]
    tables = ""
    if len(runs) == 2:
        opening, tables = _comparison(runs, skill)
        parts.append(opening)
    else:
        caveat = line_up_caveat([r for rows in runs.values() for r in rows])
        if caveat:
            parts.append(f'<p class="caveat">{html.escape(caveat)}</p>')
    head = ["bot / seat", "seat-matches", "win rate (95% interval)", "mean total", "sd"]
    for label, rows in runs.items():
        parts.append(f"<h2>Bots and seats{': ' + html.escape(label) if label else ''}</h2>")
        parts.append(_table(head, _summary_rows(summarise(rows)), css="per-bot"))
    parts.append(tables)
    for label, rows in runs.items():
        heading = f"How the game plays{': ' + label if label else ''}"
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        figures = _metrics_rows(design_metrics(rows))
        parts.append(_table(["figure", "value (95% interval)"], figures))
    for stem, name, caption, draw in PLOTS:
        png = _png(plt, draw, runs)
        (directory / f"{stem}.png").write_bytes(png)
        data = base64.b64encode(png).decode("ascii")
        parts.append(
            f'<figure id="{stem}"><img alt="{html.escape(name)}" '
            f'src="data:image/png;base64,{data}"><figcaption><b>{html.escape(name)}</b>'
            f"{html.escape(caption)}</figcaption></figure>"
        )
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body>{''.join(parts)}</body></html>\n"
    )
    path = directory / filename
    path.write_text(page, encoding="utf-8")
    return path
