"""A self-contained HTML report of simulated matches, with matplotlib plots.

`write_report` draws each plot to PNG with matplotlib (``pip install
'cardrules[plot]'``), embeds it in one HTML file as a ``data:`` URI, and adds
the figures of `cardrules.simulate.summarise` and
`cardrules.analysis.metrics` as tables. Given two runs of the same seeds
(without and with a variant), every plot overlays both, and the tables add the
paired differences.

The HTML has no scripts and loads nothing from outside: it opens from a file
in any browser, offline.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from cardrules.analysis.metrics import (
    DesignMetrics,
    compare_metrics,
    design_metrics,
    lead_changes,
)
from cardrules.analysis.rows import MatchRow
from cardrules.analysis.stats import wilson

__all__ = ["PLOTS", "write_report"]

Runs = Mapping[str, Sequence[MatchRow]]


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("the report needs matplotlib: pip install 'cardrules[plot]'") from None
    return plt


def _finished(rows: Sequence[MatchRow]) -> list[MatchRow]:
    return [r for r in rows if not r.truncated]


def _score_distributions(axes: Any, runs: Runs) -> None:
    for label, rows in runs.items():
        by_bot: dict[str, list[int]] = {}
        for row in _finished(rows):
            for bot, total in zip(row.bots, row.totals, strict=True):
                by_bot.setdefault(bot, []).append(total)
        for bot, totals in sorted(by_bot.items()):
            axes.hist(totals, bins=30, alpha=0.5, label=f"{bot} {label}".strip())
    higher = any(r.higher_wins for rows in runs.values() for r in rows)
    axes.set_xlabel(f"match total ({'higher' if higher else 'lower'} is better)")
    axes.set_ylabel("seat-matches")
    axes.set_title("Score distributions")


def _win_rate_by_seat(axes: Any, runs: Runs) -> None:
    width = 0.8 / max(1, len(runs))
    for index, (label, rows) in enumerate(runs.items()):
        finished = _finished(rows)
        players = len(finished[0].totals) if finished else 0
        rates, low, high = [], [], []
        for seat in range(players):
            wins = sum(1 for r in finished if seat in r.winners)
            rate = wins / len(finished)
            lo, hi = wilson(wins, len(finished))
            rates.append(rate)
            low.append(rate - lo)
            high.append(hi - rate)
        xs = [seat + (index - (len(runs) - 1) / 2) * width for seat in range(players)]
        axes.bar(xs, rates, width, yerr=[low, high], capsize=3, label=label or "matches")
        if players:
            axes.axhline(1 / players, color="grey", linestyle=":", linewidth=1)
    axes.set_xlabel("seat")
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title("Win rate by seat (dotted: fair share)")


def _lead_changes(axes: Any, runs: Runs) -> None:
    for label, rows in runs.items():
        values = [lead_changes(r.round_scores) for r in _finished(rows)]
        if values:
            bins = [b - 0.5 for b in range(max(values) + 2)]
            axes.hist(values, bins=bins, alpha=0.5, label=label or "matches")
    axes.set_xlabel("lead changes in a match")
    axes.set_ylabel("matches")
    axes.set_title("Lead changes")


def _round_lengths(axes: Any, runs: Runs) -> None:
    for label, rows in runs.items():
        values = [n for r in _finished(rows) for n in r.round_decisions]
        if values:
            axes.hist(values, bins=30, alpha=0.5, label=label or "rounds")
    axes.set_xlabel("decisions in a round")
    axes.set_ylabel("rounds")
    axes.set_title("Round lengths")


#: The report's plots: ``(file stem, title, draw(axes, runs))``.
PLOTS: tuple[tuple[str, str, Callable[[Any, Runs], None]], ...] = (
    ("scores", "Score distributions", _score_distributions),
    ("seats", "Win rate by seat", _win_rate_by_seat),
    ("lead-changes", "Lead changes", _lead_changes),
    ("round-lengths", "Round lengths", _round_lengths),
)


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


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _metrics_rows(metrics: DesignMetrics) -> list[list[str]]:
    def interval(pair: tuple[float, tuple[float, float]]) -> str:
        mean, (low, high) = pair
        return f"{_fmt(mean)} ({_fmt(low)} to {_fmt(high)})"

    first = metrics.first_player
    return [
        ["matches (finished)", f"{metrics.matches} ({metrics.finished})"],
        [
            "first seat's win rate",
            f"{_fmt(first.win_rate, '.1%')} ({_fmt(first.interval[0], '.1%')} to "
            f"{_fmt(first.interval[1], '.1%')}); fair {_fmt(first.fair_rate, '.1%')}",
        ],
        ["first-player advantage", _fmt(first.advantage, "+.1%")],
        ["lead changes per match", interval(metrics.lead_changes)],
        ["drama: winner's largest deficit", interval(metrics.drama)],
        ["won from behind", _fmt(metrics.dramatic_share, ".1%")],
        ["decisive round", interval(metrics.decisive_round)],
        ["decisive round / rounds", _fmt(metrics.decisive_fraction)],
        ["margin of victory", interval(metrics.margin)],
        [f"close finishes (margin <= {metrics.close_margin})", _fmt(metrics.close_share, ".1%")],
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


_STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1.5em 0; }
img { max-width: 100%; }
"""


def write_report(directory: Path, runs: Runs, *, title: str, filename: str = "report.html") -> Path:
    """Write an HTML report of ``runs`` into ``directory`` and return its path.

    Args:
        directory: created if missing; the report and each plot as PNG are
            written there (the HTML embeds the PNGs, so it stands alone).
        runs: ``{label: rows}``; one run, or two runs of the same seeds
            (without and with a variant), which every plot overlays.
        title: the report's heading.
        filename: the report's file name.

    Raises:
        ValueError: matplotlib is missing, or a run has no rows.
    """
    if not runs or any(not rows for rows in runs.values()):
        raise ValueError("a report needs at least one match in each run")
    plt = _pyplot()
    directory.mkdir(parents=True, exist_ok=True)
    parts = [f"<h1>{html.escape(title)}</h1>"]
    for label, rows in runs.items():
        heading = f"How the game plays{': ' + label if label else ''}"
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.append(
            _table(["figure", "value (95% interval)"], _metrics_rows(design_metrics(rows)))
        )
    if len(runs) == 2:
        (label_a, a), (label_b, b) = runs.items()
        cells = [
            [
                d.name,
                _fmt(d.base_mean),
                _fmt(d.variant_mean),
                _fmt(d.change, "+.2f"),
                f"{_fmt(d.interval[0], '+.2f')} to {_fmt(d.interval[1], '+.2f')}",
            ]
            for d in compare_metrics(a, b)
        ]
        parts.append(
            f"<h2>{html.escape(label_b)} against {html.escape(label_a)}, paired by seed</h2>"
        )
        parts.append(_table(["figure", label_a, label_b, "change", "95% interval"], cells))
    for stem, caption, draw in PLOTS:
        png = _png(plt, draw, runs)
        (directory / f"{stem}.png").write_bytes(png)
        data = base64.b64encode(png).decode("ascii")
        parts.append(
            f'<figure id="{stem}"><img alt="{html.escape(caption)}" '
            f'src="data:image/png;base64,{data}"><figcaption>{html.escape(caption)}'
            "</figcaption></figure>"
        )
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body>{''.join(parts)}</body></html>\n"
    )
    path = directory / filename
    path.write_text(page, encoding="utf-8")
    return path
