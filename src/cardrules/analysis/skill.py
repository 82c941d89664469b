"""Does skill matter? How a stronger bot's edge over a weaker one changes under a rule.

CardStock's question for card games, asked of a rule change: with a line-up
of two (or more) different bots, the **skill edge** of a match is how much
better the stronger bot did than the weaker one in that match, and the rule
changes it by the paired difference over seeds (with minus without). A rule
that widens the edge makes skill matter more; one that narrows it makes the
game more a matter of luck.

For a match with seats ``S`` (the stronger bot's seats) and ``K`` (the weaker
bot's), in the direction the game declares (a row's ``higher_wins``):

* **edge in points**: ``mean over k in K of total(k) - mean over s in S of
  total(s)`` where the lowest total wins, the negation where the highest wins
  (positive: the stronger bot scored better);
* **edge in wins**: ``|S and W| / |S| - |K and W| / |K|``, ``W`` the winners
  (in -1..1: a share of wins, reported in percentage points).

The stronger bot is the one with the higher win rate over the run without the
rule (ties: the first name in order), the weaker the one with the lowest; a
match holding only one of them is left out. With one bot on every seat there
is no edge to measure, and `skill_bots` says so by returning ``None``.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from cardrules.analysis.metrics import MetricDifference, paired_difference
from cardrules.analysis.rows import MatchRow

__all__ = ["compare_skill", "skill_bots", "skill_edge"]


def skill_bots(rows: Sequence[MatchRow]) -> tuple[str, str] | None:
    """The stronger and the weaker bot of ``rows`` by win rate, or ``None`` for one bot.

    Examples:
        >>> row = MatchRow(0, (), ("greedy", "random"), (3, 9), (0,), 1, 10, False)
        >>> skill_bots([row])
        ('greedy', 'random')
    """
    seats: dict[str, int] = {}
    wins: dict[str, int] = {}
    for row in rows:
        if row.truncated:
            continue
        for seat, bot in enumerate(row.bots):
            seats[bot] = seats.get(bot, 0) + 1
            wins[bot] = wins.get(bot, 0) + (seat in row.winners)
    if len(seats) < 2:
        return None
    ranked = sorted(seats, key=lambda bot: (-wins[bot] / seats[bot], bot))
    return (ranked[0], ranked[-1])


def skill_edge(row: MatchRow, strong: str, weak: str, *, wins: bool = False) -> float | None:
    """How much better ``strong`` did than ``weak`` in one match (``None``: not both seated).

    Args:
        row: a finished match.
        strong: the stronger bot's name.
        weak: the weaker bot's name.
        wins: the edge in wins (shares of seats won) instead of points.

    Examples:
        >>> row = MatchRow(0, (), ("greedy", "random", "greedy"), (3, 9, 5), (0,), 1, 10, False)
        >>> skill_edge(row, "greedy", "random"), skill_edge(row, "greedy", "random", wins=True)
        (5.0, 0.5)
    """
    strong_seats = [s for s, bot in enumerate(row.bots) if bot == strong]
    weak_seats = [s for s, bot in enumerate(row.bots) if bot == weak]
    if not strong_seats or not weak_seats:
        return None
    if wins:
        return _won(row, strong_seats) - _won(row, weak_seats)
    edge = statistics.fmean(row.totals[s] for s in weak_seats) - statistics.fmean(
        row.totals[s] for s in strong_seats
    )
    return -edge if row.higher_wins else edge


def _won(row: MatchRow, seats: Sequence[int]) -> float:
    return sum(seat in row.winners for seat in seats) / len(seats)


def compare_skill(
    base: Sequence[MatchRow], varied: Sequence[MatchRow]
) -> tuple[MetricDifference, ...]:
    """The skill edge in points and in wins, paired by seed; ``()`` for a one-bot line-up.

    Matches truncated in either run are left out.

    Raises:
        ValueError: the runs do not cover the same seeds.
    """
    if [r.seed for r in base] != [r.seed for r in varied]:
        raise ValueError("compare runs over the same seeds")
    pair = skill_bots(base)
    if pair is None:
        return ()
    strong, weak = pair
    found = []
    for wins, name, kind in (
        (False, f"skill: {strong}'s edge over {weak} (points)", "points"),
        (True, f"skill: {strong}'s edge over {weak} in wins (share)", "share"),
    ):
        values = []
        for a, b in zip(base, varied, strict=True):
            if a.truncated or b.truncated:
                continue
            x = skill_edge(a, strong, weak, wins=wins)
            y = skill_edge(b, strong, weak, wins=wins)
            if x is not None and y is not None:
                values.append((x, y))
        found.append(paired_difference(name, kind, values))
    return tuple(found)
