"""Printing simulated matches' figures: the tables `simulate` and `analyse` share."""

from __future__ import annotations

import csv
import json
import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from cardrules.analysis.metrics import compare_metrics, design_metrics
from cardrules.analysis.rows import MatchRow
from cardrules.analysis.simulate import Summary, compare, summarise
from cardrules.analysis.verdict import Verdict

__all__ = [
    "describe_line_up",
    "match_progress",
    "print_comparison",
    "print_metrics",
    "print_summary",
    "print_verdict",
    "write_rows",
]


class _MatchesPerSecond(ProgressColumn):
    """Matches finished per second, over the run so far."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        if elapsed <= 0 or not task.completed:
            return Text("- matches/s", style="progress.data.speed")
        return Text(f"{task.completed / elapsed:.1f} matches/s", style="progress.data.speed")


@contextmanager
def match_progress(console: Console, label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar with matches done, matches/s, elapsed time and ETA; yields ``advance(n)``."""
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _MatchesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    with progress:
        task = progress.add_task(label, total=total)
        started = time.monotonic()

        def advance(n: int) -> None:
            progress.advance(task, n)

        yield advance
    if console.is_terminal:
        console.print(f"{label}: {total} matches in {time.monotonic() - started:.1f} s")


def describe_line_up(bots: Sequence[str], rotate: bool) -> str:
    """``"greedy on every seat"`` or ``"bots greedy,random, seats rotated"``."""
    if len(set(bots)) == 1:
        return f"{bots[0]} on every seat"
    return f"bots {','.join(bots)}, seats {'rotated' if rotate else 'fixed'}"


def _fmt(value: float, spec: str = ".2f") -> str:
    return "-" if math.isnan(value) else format(value, spec)


def print_summary(console: Console, title: str, summary: Summary) -> None:
    """Win rates with 95% intervals and totals, by bot and by seat."""
    table = Table(title=title)
    for column in ("bot / seat", "seat-matches", "win rate", "95% interval", "mean total", "sd"):
        table.add_column(column, justify="right" if column != "bot / seat" else "left")
    for group in (*summary.by_bot, *summary.by_seat):
        low, high = group.win_interval
        table.add_row(
            group.name,
            str(group.seats),
            f"{group.win_rate:.1%}",
            f"{low:.1%}-{high:.1%}",
            _fmt(group.mean_total),
            _fmt(group.sd_total),
        )
    console.print(table)
    console.print(
        f"matches {summary.matches}, truncated {summary.truncated}; rounds per match "
        f"{summary.mean_rounds:.2f}; decisions per match mean {summary.mean_decisions:.1f}, "
        f"median {summary.median_decisions:.0f}"
    )


def print_metrics(console: Console, title: str, rows: Sequence[MatchRow]) -> None:
    """How the game plays: first-player advantage, lead changes, drama, decisiveness..."""
    metrics = design_metrics(rows)

    def interval(pair: tuple[float, tuple[float, float]]) -> str:
        mean, (low, high) = pair
        return f"{_fmt(mean)} ({_fmt(low)} to {_fmt(high)})"

    first = metrics.first_player
    table = Table(title=title)
    table.add_column("figure")
    table.add_column("value (95% interval)", justify="right")
    table.add_row(
        "first seat's win rate",
        f"{_fmt(first.win_rate, '.1%')} (fair {_fmt(first.fair_rate, '.1%')}; "
        f"advantage {_fmt(first.advantage, '+.1%')})",
    )
    table.add_row("lead changes per match", interval(metrics.lead_changes))
    table.add_row("drama: winner's largest deficit", interval(metrics.drama))
    table.add_row("won from behind", _fmt(metrics.dramatic_share, ".1%"))
    table.add_row("decisive round", interval(metrics.decisive_round))
    table.add_row("margin of victory", interval(metrics.margin))
    table.add_row(
        f"close finishes (margin <= {metrics.close_margin})", _fmt(metrics.close_share, ".1%")
    )
    for number, seat in enumerate(metrics.seats):
        table.add_row(
            f"seat {number}'s win rate",
            f"{_fmt(seat.win_rate, '.1%')} ({_fmt(seat.interval[0], '.1%')} to "
            f"{_fmt(seat.interval[1], '.1%')}; advantage {_fmt(seat.advantage, '+.1%')})",
        )
    table.add_row("legal moves per decision", _fmt(metrics.branching))
    table.add_row("forced moves (one legal move)", _fmt(metrics.forced_share, ".1%"))
    _low, median, mean, _high = metrics.round_decisions
    table.add_row("decisions per round", f"median {_fmt(median, '.0f')}, mean {_fmt(mean, '.1f')}")
    table.add_row("round endings", ", ".join(f"{k} {n}" for k, n in metrics.endings) or "-")
    console.print(table)


def print_verdict(console: Console, variant: str, found: Verdict) -> None:
    """What ``variant`` changed: the headline, the line-up caveat, then one line per figure."""
    console.print(f"[bold]Verdict: what {variant} changes[/bold]")
    console.print(found.headline(), markup=False)
    if found.caveat:
        console.print(Text.assemble(("Caveat: ", "yellow"), found.caveat))
    for line in found.lines:
        mark = ("* ", "bold green") if line.clear else ("  ", "")
        console.print(Text.assemble(mark, line.text()))


def _print_differences(
    console: Console,
    title: str,
    first: str,
    rows: Sequence[tuple[str, float, float, float, tuple[float, float]]],
) -> None:
    """One table of paired differences: name, without, with, change, 95% interval."""
    table = Table(title=title)
    for column in (first, "without", "with", "change", "95% interval"):
        table.add_column(column, justify="left" if column == first else "right")
    for name, without, with_, change, (low, high) in rows:
        table.add_row(
            name,
            _fmt(without),
            _fmt(with_),
            _fmt(change, "+.2f"),
            f"{_fmt(low, '+.2f')} to {_fmt(high, '+.2f')}",
        )
    console.print(table)


def print_comparison(
    console: Console, variant: str, base: Sequence[MatchRow], varied: Sequence[MatchRow]
) -> None:
    """What a variant changes, paired by seed and seat: totals per bot, then each design figure."""
    totals = [
        (d.name, d.base_mean, d.variant_mean, d.mean_change, d.interval)
        for d in compare(base, varied)
    ]
    _print_differences(console, f"What {variant} changes (paired by seed and seat)", "bot", totals)
    figures = [
        (f.name, f.base_mean, f.variant_mean, f.change, f.interval)
        for f in compare_metrics(base, varied)
    ]
    _print_differences(console, f"How {variant} changes play (paired by seed)", "figure", figures)
    a, b = summarise(base), summarise(varied)
    console.print(f"truncated {a.truncated} -> {b.truncated}")


def write_rows(path: Path, rows: Sequence[MatchRow]) -> None:
    """Write rows as ``.json`` (a list of row objects) or ``.csv`` (one line per match)."""
    records = [row.as_dict() for row in rows]
    if path.suffix.lower() == ".json":
        path.write_text(json.dumps(records, indent=1), encoding="utf-8")
        return
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        players = len(rows[0].bots)
        writer.writerow(
            ["seed", "variants", "rounds", "decisions", "truncated", "winners", "first_seat"]
            + [f"bot_{s}" for s in range(players)]
            + [f"total_{s}" for s in range(players)]
        )
        for row in rows:
            writer.writerow(
                [
                    row.seed,
                    "+".join(row.variants),
                    row.rounds,
                    row.decisions,
                    row.truncated,
                    " ".join(map(str, row.winners)),
                    "" if row.first_seat is None else row.first_seat,
                    *row.bots,
                    *row.totals,
                ]
            )


def runs_by_variants(rows: Sequence[MatchRow]) -> Mapping[tuple[str, ...], list[MatchRow]]:
    """Rows grouped by the variants in force, each group in seed order."""
    groups: dict[tuple[str, ...], list[MatchRow]] = {}
    for row in sorted(rows, key=lambda r: (r.variants, r.seed)):
        groups.setdefault(row.variants, []).append(row)
    return groups
