"""The report's plots, drawn with matplotlib on axes the report gives them.

Each plot overlays the runs it is given (one run, or the runs without and with
a rule); axes that count things (seats, lead changes, matches, rounds) get
integer ticks. `PLOTS` lists them with their titles and the captions that say
what to look for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardrules.analysis.metrics import lead_changes
from cardrules.analysis.rows import MatchRow
from cardrules.analysis.stats import wilson

__all__ = ["PLOTS", "Runs"]

Runs = Mapping[str, Sequence[MatchRow]]


def _finished(rows: Sequence[MatchRow]) -> list[MatchRow]:
    return [r for r in rows if not r.truncated]


def _integer_ticks(axis: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _bins(series: Sequence[Sequence[float]], count: int = 30) -> list[float]:
    """``count`` equal bins over every series, so that overlaid histograms line up."""
    values = [v for s in series for v in s]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high == low:
        high = low + 1
    return [low + (high - low) * i / count for i in range(count + 1)]


def _score_distributions(axes: Any, runs: Runs) -> None:
    series: list[tuple[str, list[int]]] = []
    for label, rows in runs.items():
        by_bot: dict[str, list[int]] = {}
        for row in _finished(rows):
            for bot, total in zip(row.bots, row.totals, strict=True):
                by_bot.setdefault(bot, []).append(total)
        series += [(f"{bot} {label}".strip(), totals) for bot, totals in sorted(by_bot.items())]
    bins = _bins([values for _, values in series])
    for name, totals in series:
        axes.hist(totals, bins=bins, alpha=0.5, label=name)
    higher = any(r.higher_wins for rows in runs.values() for r in rows)
    axes.set_xlabel(f"match total ({'higher' if higher else 'lower'} is better)")
    axes.set_ylabel("seat-matches")
    _integer_ticks(axes.yaxis)


def _win_rate_by_seat(axes: Any, runs: Runs) -> None:
    width = 0.8 / max(1, len(runs))
    players = 0
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
        axes.axhline(1 / players, color="grey", linestyle=":", linewidth=1, label="fair share")
        axes.set_xticks(range(players))
    axes.set_xlabel("seat")
    axes.set_ylabel("win rate (95% interval)")


def _lead_changes(axes: Any, runs: Runs) -> None:
    for label, rows in runs.items():
        values = [lead_changes(r.round_scores, higher_wins=r.higher_wins) for r in _finished(rows)]
        if values:
            bins = [b - 0.5 for b in range(max(values) + 2)]
            axes.hist(values, bins=bins, alpha=0.5, label=label or "matches")
    axes.set_xlabel("lead changes in a match")
    axes.set_ylabel("matches")
    _integer_ticks(axes.xaxis)
    _integer_ticks(axes.yaxis)


def _overlaid(axes: Any, series: Mapping[str, Sequence[float]], xlabel: str, ylabel: str) -> None:
    """One histogram per run on shared bins, counted on the y axis."""
    bins = _bins(list(series.values()))
    for label, values in series.items():
        if values:
            axes.hist(values, bins=bins, alpha=0.5, label=label or ylabel)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    _integer_ticks(axes.yaxis)


def _round_lengths(axes: Any, runs: Runs) -> None:
    series = {
        label: [float(n) for r in _finished(rows) for n in r.round_decisions]
        for label, rows in runs.items()
    }
    _overlaid(axes, series, "decisions in a round", "rounds")


def _branching(axes: Any, runs: Runs) -> None:
    series = {
        label: [r.legal_moves / r.decisions for r in rows if r.legal_moves and r.decisions]
        for label, rows in runs.items()
    }
    _overlaid(axes, series, "legal moves per decision, mean over a match", "matches")


#: The report's plots: ``(file stem, title, caption, draw(axes, runs))``.
PLOTS: tuple[tuple[str, str, str, Callable[[Any, Runs], None]], ...] = (
    (
        "scores",
        "Score distributions",
        "A bot's histogram moving between the runs is the rule shifting its totals; "
        "the gap between two bots' histograms is how much the stronger one's play shows.",
        _score_distributions,
    ),
    (
        "seats",
        "Win rate by seat",
        "A bar whose interval misses the dotted fair share is a seat that wins more (or "
        "less) than its share; bars that move between the runs are the rule changing it.",
        _win_rate_by_seat,
    ),
    (
        "lead-changes",
        "Lead changes",
        "More matches to the right: the lead changes hands more often, a livelier race; "
        "a tall bar at 0 means whoever leads after the first round usually wins.",
        _lead_changes,
    ),
    (
        "round-lengths",
        "Round lengths",
        "A shift to the right means longer rounds: more decisions before a round ends.",
        _round_lengths,
    ),
    (
        "branching",
        "Choices per decision",
        "Further right: more legal moves to choose from at each decision, so more room "
        "for skill; a shift left means the rule narrows the choices.",
        _branching,
    ),
)
