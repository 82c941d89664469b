"""Variant analysis: many seeded bot matches, on one machine or a Ray cluster, summarised.

`simulate` plays ``games`` matches (match ``i`` uses seed ``seed + i``)
between bots and returns one `MatchRow` per match, in seed order. It runs
them in this process, in ``jobs`` local processes, or as tasks on a Ray
cluster (``backend="ray"``); the rows are the same on every backend. With
``out``, rows stream to a results file as they finish, and a run that was
interrupted resumes where it stopped.

`summarise` and `compare` turn rows into figures: win rates per seat and per
bot with 95% confidence intervals, mean and spread of totals, rounds and
decisions per match, truncated matches. `cardrules.analysis.metrics` adds how
a game plays (first-player advantage, lead changes, drama, decisiveness,
margins, lengths, endings), and `cardrules.analysis.report` draws them.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardrules.analysis.backends import run_plan
from cardrules.analysis.play import MatchPlan
from cardrules.analysis.rows import MatchRow, ResultsFile
from cardrules.analysis.stats import mean_interval, wilson
from cardrules.bot_loading import bot_factory
from cardrules.engine import new_game

__all__ = [
    "BotSummary",
    "Difference",
    "MatchRow",
    "Summary",
    "compare",
    "simulate",
    "summarise",
    "wilson",
]


def simulate(
    game: str,
    *,
    games: int,
    players: int,
    bots: Sequence[str] = ("greedy", "random"),
    variants: Sequence[str] = (),
    options: Any = None,
    seed: int = 0,
    jobs: int = 1,
    max_decisions: int = 100_000,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    out: Path | None = None,
) -> list[MatchRow]:
    """Play ``games`` seeded matches between bots and return their rows, in seed order.

    Args:
        game: a registered game name.
        games: number of matches; match ``i`` uses seed ``seed + i``.
        players: seats per match.
        bots: bot names, repeated over the seats (seat ``s`` gets ``bots[s % len]``):
            the game's bots, ``cardrules.bots`` entry points, or ``module:Name``
            (see `cardrules.bot_loading.bot_factory`).
        variants: variants in force.
        options: game options (as for `cardrules.new_game`; JSON values when
            ``out`` is given).
        seed: the first seed.
        jobs: worker processes (``"local"``; 1: play in this process), or
            the CPUs of a local Ray instance (``"ray"`` without ``address``).
        max_decisions: cap per match; a capped match is reported truncated.
        progress: called with the number of matches just finished (matches
            found already done in ``out`` are reported first).
        backend: ``"local"`` or ``"ray"`` (see `cardrules.analysis.backends`).
        address: the Ray cluster to use (``backend="ray"`` only).
        out: a results file (JSON lines) that rows are appended to as they
            finish. If it already holds rows of this run, those matches are not
            played again (resuming an interrupted run); a file of another run is
            refused.

    Raises:
        cardrules.CardRulesError: unknown game, variant, bad players or options
            (checked once before any match is played).
        cardrules.RecordError: ``out`` holds another run's results.
        cardrules.BotLoadError: a bot name that is unknown or does not make a
            bot (a ``ValueError``).
        ValueError: no bot named, an unknown backend, fewer than one game or
            job, or Ray missing for ``backend="ray"``.
    """
    if games < 1 or jobs < 1:
        raise ValueError("games and jobs must be at least 1")
    probe = new_game(game, players=players, seed=seed, variants=variants, options=options)
    if not bots:
        raise ValueError("name at least one bot")
    for name in bots:
        bot_factory(name, probe.game)  # an unknown or broken bot is refused before any match
    plan = MatchPlan(
        game=game,
        players=players,
        bots=tuple(bots[s % len(bots)] for s in range(players)),
        variants=tuple(variants),
        options=options,
        max_decisions=max_decisions,
    )
    seeds = list(range(seed, seed + games))
    rows: dict[int, MatchRow] = {}
    results = ResultsFile(out, plan.run_description()) if out is not None else None
    try:
        if results is not None:
            wanted = set(seeds)
            for row in results.done:
                if row.variants == plan.variants and row.seed in wanted:
                    rows[row.seed] = row
            if rows and progress:
                progress(len(rows))
        todo = [s for s in seeds if s not in rows]
        chunks: Iterator[list[MatchRow]] = (
            run_plan(plan, todo, backend=backend, jobs=jobs, address=address) if todo else iter(())
        )
        for chunk in chunks:
            for row in chunk:
                rows[row.seed] = row
            if results is not None:
                results.add(chunk)
            if progress:
                progress(len(chunk))
    finally:
        if results is not None:
            results.close()
    return [rows[s] for s in seeds]


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
