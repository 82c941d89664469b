"""What `cardrules.testing.check_game` found: each check passed, failed, or not run, and why.

A check the game gives too little to run (no hidden-card shuffling, no
determinization, no estimate...) is *not run*, with the reason, never silently
passed: `GameReport.not_run` lists them, and ``check_game(..., require=...)``
fails when a check named there did not run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from cardrules.model.named import by_name

__all__ = [
    "FAILED",
    "NOT_RUN",
    "PASSED",
    "CheckResult",
    "GameCheckFailure",
    "GameReport",
    "guarded",
]

PASSED = "passed"
FAILED = "failed"
NOT_RUN = "not run"


@attrs.frozen
class CheckResult:
    """One check of `cardrules.testing.check_game`.

    Attributes:
        name: the check (``"leaks"``, ``"determinization"``, ``"inferences"``,
            ``"history"``, ``"estimate-direction"``, ``"bots-direction"``,
            ``"action-ids"``).
        status: `PASSED`, `FAILED` or `NOT_RUN`.
        detail: what was compared (passed), what went wrong and where
            (failed), or why it could not run (not run).
        checked: how many cases it checked (positions x seats, samples,
            hands...; the detail says which).
    """

    name: str
    status: str
    detail: str
    checked: int = 0

    def __str__(self) -> str:
        count = f" [{self.checked:,}]" if self.checked else ""
        return f"  {self.status:<8} {self.name:<19}{count} {self.detail}"


@attrs.frozen
class GameReport:
    """Every check of one `cardrules.testing.check_game` run.

    Attributes:
        game: the game's registered name.
        players: seats.
        seeds: the seeds of the matches played for positions.
        positions: positions in play checked (states reached by seeded random play).
        checks: one `CheckResult` per check, in a fixed order.
    """

    game: str
    players: int
    seeds: tuple[int, ...]
    positions: int
    checks: tuple[CheckResult, ...]

    def __iter__(self) -> Iterator[CheckResult]:
        return iter(self.checks)

    def result(self, name: str) -> CheckResult:
        """The result of check ``name``; ``KeyError`` (naming the checks) if there is none."""
        return by_name(self.checks, name, "check")

    def _named(self, status: str) -> tuple[str, ...]:
        return tuple(check.name for check in self.checks if check.status == status)

    @property
    def passed(self) -> tuple[str, ...]:
        """Names of the checks that ran and passed."""
        return self._named(PASSED)

    @property
    def failed(self) -> tuple[str, ...]:
        """Names of the checks that failed."""
        return self._named(FAILED)

    @property
    def not_run(self) -> dict[str, str]:
        """``{check: why it could not run}``."""
        return {c.name: c.detail for c in self.checks if c.status == NOT_RUN}

    def __str__(self) -> str:
        seeds = ", ".join(map(str, self.seeds))
        lines = [
            f"cardrules game check: {self.game}, {self.players} players, seeds {seeds}, "
            f"{self.positions:,} positions"
        ]
        lines += [str(check) for check in self.checks]
        return "\n".join(lines)


class GameCheckFailure(AssertionError):
    """A check of `cardrules.testing.check_game` failed (or a required one did not run).

    Attributes:
        check: the first failed check's name (``"leaks"``, ``"history"``...),
            or ``"required"`` when only a required check did not run.
        report: the whole `GameReport` (every check ran before this was raised).
    """

    def __init__(self, check: str, message: str, report: GameReport) -> None:
        self.check = check
        self.report = report
        super().__init__(f"{check}: {message}\n{report}")


def guarded(name: str, check: Callable[[], CheckResult]) -> CheckResult:
    """``check()``, or check ``name`` failed, naming the error the game raised while it ran."""
    try:
        return check()
    except Exception as error:
        return CheckResult(name, FAILED, f"the game raised {type(error).__name__}: {error}")
