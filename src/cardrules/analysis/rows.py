"""One simulated match as a row of plain values, and results files of rows.

A results file is JSON lines: a first line ``{"cardrules-results": 1, "run":
{...}}`` saying how the matches were played (game, players, bots, options,
decision cap), then one `MatchRow` per line, in the order the matches
finished. Rows are appended and flushed as they arrive, so an interrupted run
loses at most the matches in flight, and `read_results` tolerates a last line
cut short by the interruption.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO, Any

import attrs

from cardrules.errors import CardRulesError

__all__ = ["RESULTS_FORMAT", "MatchRow", "ResultsError", "ResultsFile", "read_results"]

#: The key (and version) of a results file's first line.
RESULTS_FORMAT = "cardrules-results"


class ResultsError(CardRulesError, ValueError):
    """A results file that cannot be read, or that belongs to another run."""


def _tuples(value: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(scores) for scores in value)


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


@attrs.frozen
class MatchRow:
    """One simulated match.

    Attributes:
        seed: the match's seed.
        variants: the variants in force.
        bots: the bot name of each seat, seats ``0 .. players-1``.
        totals: each seat's total score (which direction wins: ``higher_wins``).
        winners: the winning seats (empty when truncated).
        rounds: rounds finished.
        decisions: moves applied.
        truncated: stopped by the decision cap before the end.
        round_scores: each finished round's scores, one tuple per round.
        round_endings: how each round ended, from the round state's
            ``ended_by`` (``"stock"``, ``"ender"``, ``"out"``, a variant's
            ending), or ``"cap"`` for the round the decision cap cut.
        round_decisions: moves applied in each round (the cut round included).
        first_seat: the seat that made the match's first move.
        higher_wins: the game's highest total wins (`cardrules.MatchRules`);
            ``False`` (the lowest wins) in results files written before it
            was kept.
        legal_moves: the legal moves offered at each decision, summed over
            the match (0 in results files written before it was kept).
        forced: decisions that offered one legal move.
    """

    seed: int
    variants: tuple[str, ...] = attrs.field(converter=_strs)
    bots: tuple[str, ...] = attrs.field(converter=_strs)
    totals: tuple[int, ...] = attrs.field(converter=_ints)
    winners: tuple[int, ...] = attrs.field(converter=_ints)
    rounds: int
    decisions: int
    truncated: bool
    round_scores: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_tuples)
    round_endings: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    round_decisions: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    first_seat: int | None = None
    higher_wins: bool = False
    legal_moves: int = 0
    forced: int = 0

    @property
    def key(self) -> tuple[tuple[str, ...], int]:
        """What identifies the match within a run: its variants and seed."""
        return (self.variants, self.seed)

    def as_dict(self) -> dict[str, Any]:
        """The row as plain JSON-ready values."""
        return attrs.asdict(self, recurse=False, value_serializer=lambda _i, _a, v: v)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchRow:
        """A row from `as_dict`'s values.

        Raises:
            ResultsError: a field is missing, unknown or of the wrong kind.
        """
        try:
            return cls(**data)
        except (TypeError, ValueError) as error:
            raise ResultsError(f"not a match row: {error}"[:300]) from None


def read_results(path: Path) -> tuple[dict[str, Any], list[MatchRow]]:
    """The run description and the rows of a results file.

    A last line cut short (an interrupted write) is left out.

    Raises:
        ResultsError: the file is not a results file, or a complete line is not a row.
    """
    try:
        with path.open(encoding="utf-8") as handle:
            lines = handle.read().split("\n")
    except UnicodeDecodeError:
        raise ResultsError(f"{path}: not text, not a cardrules results file") from None
    complete = lines[:-1]  # after the last newline: empty, or a line cut short
    if not complete:
        raise ResultsError(f"{path}: empty, not a cardrules results file")
    try:
        head = json.loads(complete[0])
    except (ValueError, RecursionError):  # not JSON, a number too long, nested too deep
        head = None
    if not isinstance(head, dict) or head.get(RESULTS_FORMAT) != 1:
        raise ResultsError(f"{path}: line 1 is not a cardrules results header")
    if not isinstance(head.get("run"), dict):
        raise ResultsError(f'{path}: line 1 has no run description (a JSON object at "run")')
    rows = []
    for number, line in enumerate(complete[1:], start=2):
        try:
            data = json.loads(line)
        except (ValueError, RecursionError):
            raise ResultsError(f"{path}: line {number} is not JSON") from None
        if not isinstance(data, dict):
            raise ResultsError(f"{path}: line {number} is not a match row")
        rows.append(MatchRow.from_dict(data))
    return dict(head["run"]), rows


class ResultsFile:
    """A results file being written: rows appended and flushed as matches finish.

    Opening an existing file resumes it: its run description must equal
    ``run`` (else `ResultsError`), a last line cut short is removed, and
    `done` holds the rows already there.

    Args:
        path: the ``.jsonl`` file.
        run: how the matches are played (JSON values).

    Raises:
        ResultsError: the file exists for another run, or is not a results file.
    """

    def __init__(self, path: Path, run: Mapping[str, Any]) -> None:
        self.path = path
        self.done: list[MatchRow] = []
        run = json.loads(json.dumps(dict(run)))
        if path.exists() and path.stat().st_size > 0:
            existing, self.done = read_results(path)
            if existing != run:
                changed = sorted(
                    k for k in run.keys() | existing.keys() if run.get(k) != existing.get(k)
                )
                raise ResultsError(
                    f"{path} holds another run (it differs in {', '.join(changed)}); "
                    "choose another --out file to start afresh"
                )
            self._cut_partial_line()
            self._handle: IO[str] = path.open("a", encoding="utf-8")
        else:
            self._handle = path.open("w", encoding="utf-8")
            self._write({RESULTS_FORMAT: 1, "run": run})

    def _cut_partial_line(self) -> None:
        data = self.path.read_bytes()
        keep = data.rfind(b"\n") + 1
        if keep != len(data):
            with self.path.open("r+b") as handle:
                handle.truncate(keep)

    def _write(self, data: Mapping[str, Any]) -> None:
        self._handle.write(json.dumps(data, separators=(",", ":")) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def add(self, rows: Iterable[MatchRow]) -> None:
        """Append finished matches' rows (each on its own line, flushed to disk)."""
        for row in rows:
            self._write(row.as_dict())

    def close(self) -> None:
        """Close the file."""
        self._handle.close()

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
