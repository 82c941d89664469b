"""Game-design metrics of simulated matches: how a game *plays*, not only who wins.

Every function here reads `cardrules.analysis.rows.MatchRow` values (what
`cardrules.analysis.simulate.simulate` returns or a results file holds) and needs no
game: the figures are computed from each match's round scores, in the
direction the game declares (`cardrules.MatchRules`: a row's ``higher_wins``;
every function taking scores has a ``higher_wins`` keyword, default ``False``,
lower is better); seats are ``0 .. players-1``; rounds are counted from 1 in
the results.

The definitions (docs/analysis.md states them with their formulas):

* **leaders after round r**: the seats with the best (lowest, or highest
  where the highest wins) running total after rounds ``1..r``;
* **lead changes**: the rounds ``r >= 2`` whose leaders differ from those after
  round ``r - 1``;
* **drama**: the eventual winner's largest deficit, ``max over r < R of
  |total_r(winner) - best_s total_r(s)|``, where ``R`` is the last round (0
  when the winner never trailed);
* **decisive round**: the first round ``d`` such that the winners of the match
  are exactly the leaders after every round from ``d`` on (``R`` when only the
  last round settled it);
* **margin of victory**: how far the winners' total is ahead of the best
  total of the non-winners, in points (never negative; 0 on a shared win of
  every seat);
* **first-player advantage**: the win rate of the seat that made the match's
  first move, minus ``1 / players`` (what a fair game gives every seat);
* **seat advantage**: the same for every seat ``s``: its win rate minus
  ``1 / players``;
* **branching**: legal moves offered per decision, ``sum of legal moves /
  decisions`` (a row's ``legal_moves / decisions``);
* **forced moves**: the share of decisions that offered one legal move (no
  choice at all); ``1 -`` that share is how often a choice was there to make.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from cardrules.analysis.rows import MatchRow
from cardrules.analysis.stats import mean_interval, wilson

__all__ = [
    "KINDS",
    "PER_MATCH",
    "DesignMetrics",
    "FirstPlayer",
    "MetricDifference",
    "compare_metrics",
    "decisive_round",
    "design_metrics",
    "drama",
    "first_player_advantage",
    "lead_changes",
    "leaders_by_round",
    "margin_of_victory",
    "paired_difference",
    "seat_advantage",
]


def _oriented(round_scores: Sequence[Sequence[int]], higher_wins: bool) -> list[tuple[int, ...]]:
    """``round_scores`` with lower always better (negated where the highest total wins)."""
    if higher_wins:
        return [tuple(-s for s in scores) for scores in round_scores]
    return [tuple(scores) for scores in round_scores]


def _running_totals(round_scores: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    totals: list[tuple[int, ...]] = []
    running: tuple[int, ...] | None = None
    for scores in round_scores:
        running = (
            tuple(scores)
            if running is None
            else tuple(a + b for a, b in zip(running, scores, strict=True))
        )
        totals.append(running)
    return totals


def leaders_by_round(
    round_scores: Sequence[Sequence[int]], *, higher_wins: bool = False
) -> list[frozenset[int]]:
    """The seats with the best running total after each round.

    Args:
        round_scores: one tuple of per-seat scores per finished round.
        higher_wins: the highest total wins (``False``: the lowest does).

    Returns:
        One set of seats per round (several on a tie).

    Examples:
        >>> leaders_by_round([(3, 1, 2), (0, 5, 1)])  # running totals (3, 1, 2), (3, 6, 3)
        [frozenset({1}), frozenset({0, 2})]
    """
    leaders = []
    for totals in _running_totals(_oriented(round_scores, higher_wins)):
        best = min(totals)
        leaders.append(frozenset(s for s, t in enumerate(totals) if t == best))
    return leaders


def lead_changes(round_scores: Sequence[Sequence[int]], *, higher_wins: bool = False) -> int:
    """How many rounds after the first changed who leads (ties count as a lead of several).

    Examples:
        >>> lead_changes([(5, 2, 9), (1, 6, 1), (0, 1, -6)])  # leaders: seat 1, 0, then 2
        2
    """
    leaders = leaders_by_round(round_scores, higher_wins=higher_wins)
    return sum(1 for before, after in itertools.pairwise(leaders) if before != after)


def drama(
    round_scores: Sequence[Sequence[int]], winners: Sequence[int], *, higher_wins: bool = False
) -> int:
    """The eventual winner's largest deficit behind the leader before the last round.

    With several winners, the smallest of their deficits (the least dramatic
    winner). ``0`` when a winner never trailed or the match had one round.

    Examples:
        >>> drama([(10, 0), (10, 0), (-25, 0)], winners=[0])
        20
    """
    totals = _running_totals(_oriented(round_scores, higher_wins))[:-1]
    if not winners or not totals:
        return 0
    return min(max((t[w] - min(t) for t in totals), default=0) for w in winners)


def decisive_round(
    round_scores: Sequence[Sequence[int]], winners: Sequence[int], *, higher_wins: bool = False
) -> int:
    """The first round (from 1) from which the leaders were exactly the match's winners.

    Examples:
        >>> decisive_round([(3, 1), (0, 5), (0, 1)], winners=[0])
        2
    """
    leaders = leaders_by_round(round_scores, higher_wins=higher_wins)
    target = frozenset(winners)
    decisive = len(leaders)
    for index in range(len(leaders) - 1, -1, -1):
        if leaders[index] != target:
            break
        decisive = index + 1
    return decisive


def margin_of_victory(
    totals: Sequence[int], winners: Sequence[int], *, higher_wins: bool = False
) -> int:
    """How many points the winners' total is ahead of the best total of the other seats.

    Examples:
        >>> margin_of_victory([10, 4, 7], winners=[1])
        3
        >>> margin_of_victory([4, 4], winners=[0, 1])
        0
        >>> margin_of_victory([119, 0, 38], winners=[0], higher_wins=True)
        81
    """
    if not winners:
        return 0
    (oriented,) = _oriented([totals], higher_wins)
    others = [t for s, t in enumerate(oriented) if s not in winners]
    if not others:
        return 0
    return min(others) - oriented[winners[0]]


@attrs.frozen
class FirstPlayer:
    """How the seat that moved first fares.

    Attributes:
        matches: finished matches whose first seat is known.
        wins: those the first seat won (a shared win counts).
        win_rate: ``wins / matches``.
        interval: 95% Wilson interval of the win rate.
        fair_rate: ``1 / players``: every seat's rate in a fair game.
        advantage: ``win_rate - fair_rate``.
    """

    matches: int
    wins: int
    win_rate: float
    interval: tuple[float, float]
    fair_rate: float
    advantage: float


def _against_fair(wins: int, matches: int, players: int) -> FirstPlayer:
    rate = wins / matches if matches else math.nan
    return FirstPlayer(matches, wins, rate, wilson(wins, matches), 1 / players, rate - 1 / players)


def first_player_advantage(rows: Sequence[MatchRow]) -> FirstPlayer:
    """The first mover's win rate against ``1 / players``, over finished matches."""
    known = [r for r in rows if not r.truncated and r.first_seat is not None]
    wins = sum(1 for r in known if r.first_seat in r.winners)
    return _against_fair(wins, len(known), len(known[0].totals) if known else 1)


def seat_advantage(rows: Sequence[MatchRow]) -> tuple[FirstPlayer, ...]:
    """Every seat's win rate against ``1 / players``, over finished matches.

    Returns:
        One `FirstPlayer` per seat ``0 .. players-1`` (its figures are that seat's).
    """
    finished = [r for r in rows if not r.truncated]
    players = len(finished[0].totals) if finished else 0
    return tuple(
        _against_fair(sum(1 for r in finished if seat in r.winners), len(finished), players)
        for seat in range(players)
    )


def _branching(row: MatchRow) -> float | None:
    return row.legal_moves / row.decisions if row.legal_moves and row.decisions else None


def _forced(row: MatchRow) -> float | None:
    return row.forced / row.decisions if row.legal_moves and row.decisions else None


@attrs.frozen
class DesignMetrics:
    """Game-design figures over a set of matches (finished ones, unless said).

    Attributes:
        matches: matches in all.
        finished: matches that reached their end (not truncated).
        first_player: see `FirstPlayer`.
        lead_changes: mean lead changes per match, with its 95% interval.
        lead_change_counts: ``{lead changes: matches}``.
        drama: mean drama (points), with its 95% interval.
        dramatic_share: share of matches won by a seat that trailed at some point.
        decisive_round: mean decisive round, with its 95% interval.
        decisive_fraction: mean of decisive round / rounds.
        margin: mean margin of victory (points), with its 95% interval.
        close_share: share of matches decided by at most ``close_margin`` points.
        close_margin: the margin counted as close (5 points).
        match_decisions: decisions per match, all matches: ``(min, median, mean, max)``.
        round_decisions: decisions per finished round: ``(min, median, mean, max)``.
        endings: ``{how a round ended: rounds}``: the game's own endings
            (``"stock"``, ``"ender"``, ``"out"``...), a variant's, or ``"cap"``
            for a round cut by the decision cap.
        seats: each seat's win rate against its fair share (`seat_advantage`).
        branching: legal moves per decision over all matches (NaN for rows
            that did not count them).
        forced_share: share of decisions with one legal move.
    """

    matches: int
    finished: int
    first_player: FirstPlayer
    lead_changes: tuple[float, tuple[float, float]]
    lead_change_counts: tuple[tuple[int, int], ...]
    drama: tuple[float, tuple[float, float]]
    dramatic_share: float
    decisive_round: tuple[float, tuple[float, float]]
    decisive_fraction: float
    margin: tuple[float, tuple[float, float]]
    close_share: float
    close_margin: int
    match_decisions: tuple[float, float, float, float]
    round_decisions: tuple[float, float, float, float]
    endings: tuple[tuple[str, int], ...]
    seats: tuple[FirstPlayer, ...] = ()
    branching: float = math.nan
    forced_share: float = math.nan


def _spread(values: Sequence[int]) -> tuple[float, float, float, float]:
    if not values:
        return (math.nan, math.nan, math.nan, math.nan)
    return (
        float(min(values)),
        float(statistics.median(values)),
        statistics.fmean(values),
        float(max(values)),
    )


def _share(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else math.nan


def design_metrics(rows: Sequence[MatchRow], *, close_margin: int = 5) -> DesignMetrics:
    """Every game-design figure of ``rows`` (see the module's definitions).

    Raises:
        ValueError: a finished row has no round scores (a results file written
            before round scores were kept cannot give these figures).
    """
    finished = [r for r in rows if not r.truncated]
    for row in finished:
        if not row.round_scores:
            raise ValueError(f"match {row.seed} has no round scores: replay it to get them")
    changes = [lead_changes(r.round_scores, higher_wins=r.higher_wins) for r in finished]
    dramas = [drama(r.round_scores, r.winners, higher_wins=r.higher_wins) for r in finished]
    decisive = [
        decisive_round(r.round_scores, r.winners, higher_wins=r.higher_wins) for r in finished
    ]
    margins = [margin_of_victory(r.totals, r.winners, higher_wins=r.higher_wins) for r in finished]
    counted = [r for r in rows if r.legal_moves]
    endings: Counter[str] = Counter()
    for row in rows:
        endings.update(row.round_endings)
    return DesignMetrics(
        matches=len(rows),
        finished=len(finished),
        first_player=first_player_advantage(rows),
        lead_changes=mean_interval(changes),
        lead_change_counts=tuple(sorted(Counter(changes).items())),
        drama=mean_interval(dramas),
        dramatic_share=_share([d > 0 for d in dramas]),
        decisive_round=mean_interval(decisive),
        decisive_fraction=_share([d / r.rounds for d, r in zip(decisive, finished, strict=True)]),
        margin=mean_interval(margins),
        close_share=_share([m <= close_margin for m in margins]),
        close_margin=close_margin,
        match_decisions=_spread([r.decisions for r in rows]),
        round_decisions=_spread([n for r in finished for n in r.round_decisions]),
        endings=tuple(sorted(endings.items())),
        seats=seat_advantage(rows),
        branching=_ratio(sum(r.legal_moves for r in counted), sum(r.decisions for r in counted)),
        forced_share=_ratio(sum(r.forced for r in counted), sum(r.decisions for r in counted)),
    )


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else math.nan


#: The per-match figures `compare_metrics` pairs, by name: each maps a
#: finished match's row to a number, or ``None`` where the row cannot tell.
PER_MATCH: dict[str, Callable[[MatchRow], float | None]] = {
    "lead changes": lambda r: lead_changes(r.round_scores, higher_wins=r.higher_wins),
    "drama (points)": lambda r: drama(r.round_scores, r.winners, higher_wins=r.higher_wins),
    "won from behind (share)": lambda r: float(
        drama(r.round_scores, r.winners, higher_wins=r.higher_wins) > 0
    ),
    "decisive round": lambda r: decisive_round(
        r.round_scores, r.winners, higher_wins=r.higher_wins
    ),
    "margin of victory (points)": lambda r: margin_of_victory(
        r.totals, r.winners, higher_wins=r.higher_wins
    ),
    "close finish (share)": lambda r: float(
        margin_of_victory(r.totals, r.winners, higher_wins=r.higher_wins) <= 5
    ),
    "first seat wins (share)": lambda r: float(r.first_seat in r.winners),
    "rounds per match": lambda r: r.rounds,
    "decisions per match": lambda r: r.decisions,
    "decisions per round": lambda r: statistics.fmean(r.round_decisions or [0]),
    "legal moves per decision": _branching,
    "forced moves (share)": _forced,
}

#: What each `PER_MATCH` figure counts: ``"share"`` (a rate, 0..1),
#: ``"points"`` (score points) or ``"count"`` (rounds, decisions, moves).
KINDS: dict[str, str] = {
    name: "share" if "(share)" in name else "points" if "(points)" in name else "count"
    for name in PER_MATCH
}


@attrs.frozen
class MetricDifference:
    """How a variant changes one per-match figure, paired by seed.

    Attributes:
        name: the figure (a key of `PER_MATCH`).
        pairs: matches finished in both runs.
        base_mean: its mean without the variant.
        variant_mean: its mean with it.
        change: mean of the paired differences (with minus without).
        interval: 95% interval of the change (normal approximation).
        sd: standard deviation of the paired differences.
        kind: what the figure counts (see `KINDS`).
    """

    name: str
    pairs: int
    base_mean: float
    variant_mean: float
    change: float
    interval: tuple[float, float]
    sd: float = 0.0
    kind: str = "count"


def paired_difference(
    name: str, kind: str, pairs: Sequence[tuple[float, float]]
) -> MetricDifference:
    """The paired difference of ``(without, with)`` values, as a `MetricDifference`."""
    xs = [x for x, _ in pairs]
    ys = [y for _, y in pairs]
    differences = [y - x for x, y in pairs]
    change, interval = mean_interval(differences)
    sd = statistics.stdev(differences) if len(differences) > 1 else 0.0
    return MetricDifference(name, len(pairs), _share(xs), _share(ys), change, interval, sd, kind)


def compare_metrics(
    base: Sequence[MatchRow], varied: Sequence[MatchRow]
) -> tuple[MetricDifference, ...]:
    """Each `PER_MATCH` figure as a paired difference between two runs of the same seeds.

    Matches truncated in either run are left out; a figure no row can tell
    (legal moves in results files written before they were counted) is left out.

    Raises:
        ValueError: the runs do not cover the same seeds.
    """
    if [r.seed for r in base] != [r.seed for r in varied]:
        raise ValueError("compare runs over the same seeds")
    pairs = [(a, b) for a, b in zip(base, varied, strict=True) if not (a.truncated or b.truncated)]
    found = []
    for name, figure in PER_MATCH.items():
        values = [(figure(a), figure(b)) for a, b in pairs]
        known = [(float(x), float(y)) for x, y in values if x is not None and y is not None]
        if known or not values:
            found.append(paired_difference(name, KINDS[name], known))
    return tuple(found)
