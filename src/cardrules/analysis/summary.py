"""Who wins and by how much: win rates per bot and per seat, totals, paired changes.

`summarise` reads a run's rows; `compare` pairs two runs of the same seeds
(without and with a variant) seat by seat. `cardrules.analysis.simulate` re-exports
both (its public home).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterator, Sequence

import attrs

from cardrules.analysis.rows import MatchRow
from cardrules.analysis.stats import mean_interval, wilson

__all__ = ["BotSummary", "Difference", "Summary", "compare", "summarise"]


@attrs.frozen
class BotSummary:
    """Figures for one bot (or one seat) over the matches that finished.

    Attributes:
        name: the bot name, or ``"seat N"``.
        seats: seat-matches played.
        wins: seat-matches won (a shared win counts as a win).
        win_rate: ``wins / seats``.
        win_interval: 95% Wilson interval of the win rate.
        mean_total: mean total score.
        sd_total: standard deviation of the total.
    """

    name: str
    seats: int
    wins: int
    win_rate: float
    win_interval: tuple[float, float]
    mean_total: float
    sd_total: float


@attrs.frozen
class Summary:
    """What a set of matches shows.

    Attributes:
        matches: matches played.
        truncated: matches stopped by the decision cap (left out of the figures).
        by_bot: one `BotSummary` per bot name.
        by_seat: one `BotSummary` per seat.
        mean_rounds: mean rounds per finished match.
        mean_decisions: mean decisions per match.
        median_decisions: median decisions per match.
    """

    matches: int
    truncated: int
    by_bot: tuple[BotSummary, ...]
    by_seat: tuple[BotSummary, ...]
    mean_rounds: float
    mean_decisions: float
    median_decisions: float


def _group(name: str, cells: Sequence[tuple[int, bool]]) -> BotSummary:
    totals = [total for total, _ in cells]
    wins = sum(won for _, won in cells)
    return BotSummary(
        name=name,
        seats=len(cells),
        wins=wins,
        win_rate=wins / len(cells) if cells else 0.0,
        win_interval=wilson(wins, len(cells)),
        mean_total=statistics.fmean(totals) if totals else math.nan,
        sd_total=statistics.stdev(totals) if len(totals) > 1 else 0.0,
    )


def _cells(rows: Sequence[MatchRow]) -> Iterator[tuple[int, str, int, bool]]:
    for row in rows:
        if row.truncated:
            continue
        for seat, (bot, total) in enumerate(zip(row.bots, row.totals, strict=True)):
            yield seat, bot, total, seat in row.winners


def summarise(rows: Sequence[MatchRow]) -> Summary:
    """Summarise matches: win rates with 95% intervals, totals, rounds, decisions."""
    cells = list(_cells(rows))
    bots = sorted({bot for _, bot, _, _ in cells})
    seats = sorted({seat for seat, _, _, _ in cells})
    finished = [row for row in rows if not row.truncated]
    decisions = [row.decisions for row in rows]
    return Summary(
        matches=len(rows),
        truncated=len(rows) - len(finished),
        by_bot=tuple(_group(b, [(t, w) for _, bot, t, w in cells if bot == b]) for b in bots),
        by_seat=tuple(
            _group(f"seat {s}", [(t, w) for seat, _, t, w in cells if seat == s]) for s in seats
        ),
        mean_rounds=statistics.fmean(r.rounds for r in finished) if finished else 0.0,
        mean_decisions=statistics.fmean(decisions) if decisions else 0.0,
        median_decisions=statistics.median(decisions) if decisions else 0.0,
    )


@attrs.frozen
class Difference:
    """How a variant changes one bot's mean total, paired by seed and seat.

    Attributes:
        name: the bot name.
        base_mean: mean total without the variant.
        variant_mean: mean total with it.
        mean_change: mean of the paired differences (with minus without).
        interval: 95% interval of that mean (normal approximation).
    """

    name: str
    base_mean: float
    variant_mean: float
    mean_change: float
    interval: tuple[float, float]


def compare(base: Sequence[MatchRow], varied: Sequence[MatchRow]) -> tuple[Difference, ...]:
    """Paired differences of totals per bot between two runs over the same seeds.

    Matches truncated in either run are left out.

    Raises:
        ValueError: the runs do not cover the same seeds.
    """
    if [r.seed for r in base] != [r.seed for r in varied]:
        raise ValueError("compare runs over the same seeds")
    pairs: dict[str, list[tuple[int, int]]] = {}
    for a, b in zip(base, varied, strict=True):
        if a.truncated or b.truncated:
            continue
        for bot, x, y in zip(a.bots, a.totals, b.totals, strict=True):
            pairs.setdefault(bot, []).append((x, y))
    found = []
    for bot in sorted(pairs):
        mean, interval = mean_interval([y - x for x, y in pairs[bot]])
        found.append(
            Difference(
                bot,
                statistics.fmean(x for x, _ in pairs[bot]),
                statistics.fmean(y for _, y in pairs[bot]),
                mean,
                interval,
            )
        )
    return tuple(found)
