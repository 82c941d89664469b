"""Small statistics for simulated matches: proportions and means with 95% intervals."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

__all__ = ["mean_interval", "wilson"]


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion, as ``(low, high)``.

    ``(0.0, 1.0)`` when there are no trials.

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


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, tuple[float, float]]:
    """The mean of ``values`` and its 95% interval (normal approximation): ``(mean, (low, high))``.

    NaN for no values; a zero-width interval for one value.

    Examples:
        >>> mean, (low, high) = mean_interval([1, 2, 3, 4])
        >>> mean, round(low, 3), round(high, 3)
        (2.5, 1.235, 3.765)
    """
    if not values:
        return (math.nan, (math.nan, math.nan))
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return (mean, (mean - half, mean + half))
