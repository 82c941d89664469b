"""The verdict of a rule comparison: what the rule changed, line by line, noise told apart.

`verdict` pairs two runs of the same seeds (without and with a rule) and
turns every paired figure (`cardrules.analysis.metrics.compare_metrics`, and
the skill edge of `cardrules.analysis.skill.compare_skill` when the line-up
mixes bots) into one `VerdictLine`: the mean paired change, its 95% interval,
and whether the interval excludes zero (the change is *distinguishable from
noise* at the run's size). For a line that is not, `VerdictLine.settle` is
about how many paired matches would make a change of the size seen
distinguishable: ``ceil((1.96 * sd / |change|) ** 2)``, ``sd`` the standard
deviation of the paired differences.

With a dozen lines at 95% each, about one line in twenty is "distinguishable"
by chance alone: a line just clear of zero is worth a longer run.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from cardrules.analysis.metrics import MetricDifference, compare_metrics
from cardrules.analysis.rows import MatchRow
from cardrules.analysis.skill import compare_skill

__all__ = ["NO_CHANGE", "Verdict", "VerdictLine", "line_up_caveat", "verdict"]

#: What a line says when its interval holds zero.
NO_CHANGE = "no distinguishable change"


def _number(value: float, kind: str, sign: bool = False) -> str:
    if math.isnan(value):
        return "-"
    if kind == "share":
        digits = ".2f" if sign and abs(value) < 0.01 else ".1f"  # small changes of a share
        return format(value * 100, ("+" if sign else "") + digits) + ("" if sign else "%")
    return format(value, "+.2f" if sign else ".2f")


@attrs.frozen
class VerdictLine:
    """One paired figure of the verdict.

    Attributes:
        difference: the paired difference it reads.
    """

    difference: MetricDifference

    @property
    def name(self) -> str:
        """The figure's name."""
        return self.difference.name

    @property
    def clear(self) -> bool:
        """The 95% interval of the change excludes zero."""
        low, high = self.difference.interval
        return low > 0 or high < 0

    @property
    def identical(self) -> bool:
        """Every pair of matches gave the same value (the rule changed nothing here)."""
        return self.difference.change == 0 and self.difference.sd == 0

    @property
    def settle(self) -> int | None:
        """About how many paired matches would tell a change of this size from noise.

        ``None`` when the line is already clear, or the mean change is zero.
        """
        d = self.difference
        if self.clear or d.change == 0 or math.isnan(d.change):
            return None
        return math.ceil((1.96 * d.sd / abs(d.change)) ** 2)

    def change_text(self) -> str:
        """The change and its interval: ``"+9.00 (+8.10 to +9.90)"``.

        In percentage points for a share; a count adds the relative change.
        """
        d = self.difference
        unit = " points" if d.kind == "share" else ""
        low, high = d.interval
        text = (
            f"{_number(d.change, d.kind, True)}{unit} "
            f"({_number(low, d.kind, True)} to {_number(high, d.kind, True)})"
        )
        if d.kind == "count" and d.base_mean > 0:
            text += (
                f", {d.change / d.base_mean:+.1%} "
                f"({low / d.base_mean:+.1%} to {high / d.base_mean:+.1%})"
            )
        return text

    def text(self) -> str:
        """The line as a person reads it."""
        d = self.difference
        values = f"{_number(d.base_mean, d.kind)} -> {_number(d.variant_mean, d.kind)}"
        if self.clear:
            return f"{self.name}: changed, {values}, {self.change_text()}"
        text = f"{self.name}: {NO_CHANGE} ({values}, {self.change_text()})"
        if self.identical:
            return text + "; the same in every pair of matches"
        if self.settle is not None:
            return text + f"; about {self.settle:,} matches would settle a change this size"
        return text


@attrs.frozen
class Verdict:
    """What a rule changed, over ``pairs`` matches paired by seed.

    Attributes:
        pairs: matches finished in both runs.
        lines: the figures that changed distinguishably first, then the others.
        caveat: a warning about the line-up, or ``""`` (see `line_up_caveat`).
        skill_measured: the lines include the skill edge (a line-up of one
            bot with no skill probe cannot measure it).
    """

    pairs: int
    lines: tuple[VerdictLine, ...]
    caveat: str
    skill_measured: bool = True

    @property
    def changed(self) -> tuple[VerdictLine, ...]:
        """The lines whose change is distinguishable from noise."""
        return tuple(line for line in self.lines if line.clear)

    def headline(self) -> str:
        """One sentence: how many figures changed, and what would settle the rest."""
        unclear = [line.settle for line in self.lines if line.settle is not None]
        text = (
            f"Over {self.pairs} matches paired by seed, {len(self.changed)} of "
            f"{len(self.lines)} figures changed distinguishably from noise."
        )
        if unclear:
            text += (
                f" The unclear ones would need about {min(unclear):,} to {max(unclear):,} "
                "matches to settle at the size of change seen."
            )
        if not self.skill_measured:
            text += (
                " Skill not measured: one bot on every seat and no skill probe "
                "(simulate --skill-bots STRONG,WEAK)."
            )
        return text


def line_up_caveat(rows: Sequence[MatchRow]) -> str:
    """A warning when seats hold different bots, else ``""``.

    Examples:
        >>> row = MatchRow(0, (), ("greedy", "random"), (3, 9), (0,), 1, 10, False)
        >>> line_up_caveat([row])[:41]
        'Seats hold different bots (greedy, random'
    """
    bots = sorted({bot for row in rows for bot in row.bots})
    if len(bots) < 2:
        return ""
    return (
        f"Seats hold different bots ({', '.join(bots)}): win rates by seat and the "
        "first seat's advantage measure the bots as much as the seats. Give every seat "
        "the same bot to measure the game itself."
    )


def verdict(
    base: Sequence[MatchRow],
    varied: Sequence[MatchRow],
    *,
    skill: tuple[Sequence[MatchRow], Sequence[MatchRow]] | None = None,
) -> Verdict:
    """The verdict of ``varied`` (with the rule) against ``base`` (without), paired by seed.

    Args:
        base: the run without the rule.
        varied: the same seeds with it.
        skill: a separate pair of runs (without, with) whose line-up mixes a
            stronger and a weaker bot, for the skill lines when ``base`` has
            one bot on every seat; ``None``: the skill lines come from
            ``base`` and ``varied`` (none for a one-bot line-up).

    Raises:
        ValueError: the runs do not cover the same seeds.
    """
    skill_base, skill_varied = skill if skill is not None else (base, varied)
    metrics = compare_metrics(base, varied)
    skill_lines = compare_skill(skill_base, skill_varied)
    lines = [VerdictLine(d) for d in (*metrics, *skill_lines)]
    lines.sort(key=lambda line: not line.clear)  # stable: the metrics' order within each part
    return Verdict(
        pairs=max((d.pairs for d in metrics), default=0),
        lines=tuple(lines),
        caveat=line_up_caveat([*base, *varied]),
        skill_measured=bool(skill_lines),
    )
