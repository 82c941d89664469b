"""Variant analysis: many seeded bot matches, in parallel, summarised.

`simulate` plays ``games`` matches (match ``i`` uses seed ``seed + i``)
between bots, in ``jobs`` processes, and returns one `MatchRow` per
match. `summarise` and `compare` turn rows into figures: win rates
per seat and per bot with 95% confidence intervals, mean and spread of totals,
rounds and decisions per match, truncated matches.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from cardrules.bots import bot_factories, play_match
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


@attrs.frozen
class MatchRow:
    """One simulated match.

    Attributes:
        seed: the match's seed.
        variants: the variants in force.
        bots: the bot name of each seat.
        totals: each seat's total score (lower is better).
        winners: the winning seats (empty when truncated).
        rounds: rounds finished.
        decisions: moves applied.
        truncated: stopped by the decision cap before the end.
    """

    seed: int
    variants: tuple[str, ...]
    bots: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    decisions: int
    truncated: bool

    def as_dict(self) -> dict[str, Any]:
        """The row as plain JSON-ready values."""
        return attrs.asdict(self, recurse=False, value_serializer=lambda _i, _a, v: v)


def _play(
    game: str,
    players: int,
    seed: int,
    bots: tuple[str, ...],
    variants: tuple[str, ...],
    options: Any,
    max_decisions: int,
) -> MatchRow:
    state = new_game(game, players=players, seed=seed, variants=variants, options=options)
    factories = bot_factories(state.game.spec.bots, state.game)
    seat_bots = [factories[bots[s]](seed * 100 + s) for s in range(players)]
    result = play_match(state, seat_bots, max_decisions=max_decisions)
    return MatchRow(
        seed=seed,
        variants=variants,
        bots=bots,
        totals=state.scores,
        winners=state.winners,
        rounds=len(state.round_scores),
        decisions=result.decisions,
        truncated=result.truncated,
    )


def _play_many(args: tuple[Any, ...], seeds: Sequence[int]) -> list[MatchRow]:
    return [_play(args[0], args[1], s, *args[2:]) for s in seeds]


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
) -> list[MatchRow]:
    """Play ``games`` seeded matches between bots and return their rows, in seed order.

    Args:
        game: a registered game name.
        games: number of matches; match ``i`` uses seed ``seed + i``.
        players: seats per match.
        bots: bot names, repeated over the seats (seat ``s`` gets ``bots[s % len]``).
        variants: variants in force.
        options: game options (as for `cardrules.new_game`).
        seed: the first seed.
        jobs: worker processes (1: play in this process).
        max_decisions: cap per match; a capped match is reported truncated.
        progress: called with the number of matches just finished.

    Raises:
        cardrules.CardRulesError: unknown game, variant, bad players or options
            (checked once before any match is played).
        ValueError: an unknown bot name, or fewer than one game or job.
    """
    if games < 1 or jobs < 1:
        raise ValueError("games and jobs must be at least 1")
    probe = new_game(game, players=players, seed=seed, variants=variants, options=options)
    known = bot_factories(probe.game.spec.bots, probe.game)
    unknown = [b for b in bots if b not in known]
    if unknown or not bots:
        raise ValueError(f"unknown bot(s) {unknown}; bots for {game}: {', '.join(sorted(known))}")
    seat_bots = tuple(bots[s % len(bots)] for s in range(players))
    args = (game, players, seat_bots, tuple(variants), options, max_decisions)
    seeds = list(range(seed, seed + games))
    rows: dict[int, MatchRow] = {}
    if jobs == 1:
        for s in seeds:
            rows[s] = _play(game, players, s, *args[2:])
            if progress:
                progress(1)
    else:
        size = max(1, min(50, games // (jobs * 8) or 1))
        chunks = [seeds[i : i + size] for i in range(0, len(seeds), size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_many, args, chunk) for chunk in chunks]
            for future in as_completed(futures):
                done = future.result()
                for row in done:
                    rows[row.seed] = row
                if progress:
                    progress(len(done))
    return [rows[s] for s in seeds]


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion, as ``(low, high)``.

    Examples:
        >>> [round(x, 3) for x in wilson(5, 10)]
        [0.237, 0.763]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


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
        diffs = [y - x for x, y in pairs[bot]]
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        found.append(
            Difference(
                bot,
                statistics.fmean(x for x, _ in pairs[bot]),
                statistics.fmean(y for _, y in pairs[bot]),
                mean,
                (mean - half, mean + half),
            )
        )
    return tuple(found)
