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

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from cardrules.analysis.backends import run_plan
from cardrules.analysis.play import MatchPlan
from cardrules.analysis.rows import MatchRow, ResultsFile
from cardrules.analysis.stats import wilson
from cardrules.analysis.summary import BotSummary, Difference, Summary, compare, summarise
from cardrules.bots.loading import bot_factory
from cardrules.engine.game_state import new_game

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
    rotate_seats: bool = False,
) -> list[MatchRow]:
    """Play ``games`` seeded matches between bots and return their rows, in seed order.

    Args:
        game: a registered game name.
        games: number of matches; match ``i`` uses seed ``seed + i``.
        players: seats per match.
        bots: bot names, repeated over the seats (seat ``s`` gets ``bots[s % len]``):
            the game's bots, ``cardrules.bots`` entry points, or ``module:Name``
            (see `cardrules.bots.loading.bot_factory`).
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
        rotate_seats: turn the line-up one seat per seed (match ``seed + i``
            seats ``bots`` shifted ``(seed + i) % players`` seats on), so that
            every bot holds every seat, and so starts, equally often. The
            games start a match at a fixed seat; without rotation a mixed
            line-up measures the bots as much as the seats.

    Raises:
        cardrules.CardRulesError: unknown game, variant, bad players or options
            (checked once before any match is played).
        cardrules.records.RecordError: ``out`` holds another run's results.
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
        rotate_seats=rotate_seats,
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
