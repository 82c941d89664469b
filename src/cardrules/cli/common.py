"""Pieces shared by the ``cardrules`` commands: options, bots, score tables."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click
from rich import box
from rich.console import Console
from rich.table import Table

from cardrules.bots.base import Bot
from cardrules.bots.loading import bot_factory
from cardrules.engine.game_state import GameState
from cardrules.errors import quote

__all__ = [
    "EXISTING_FILE",
    "check_writable",
    "file_option",
    "folder_option",
    "make_bots",
    "match_header",
    "parse_option",
    "print_header",
    "print_scores",
    "report_option",
    "rules_options",
    "seat_option",
]


def parse_option(text: str) -> tuple[str, Any]:
    """Parse ``NAME=VALUE`` (the value as JSON when it parses, else as text)."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise click.BadParameter(f"expected NAME=VALUE, got {quote(text)}", param_hint="--option")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    except (ValueError, RecursionError):  # a number too long to read, JSON nested too deep
        raise click.BadParameter(
            f"{quote(name.strip())}: the value is too long or too deeply nested to read, "
            f"got {quote(raw)}",
            param_hint="--option",
        ) from None
    return name.strip(), value


def make_bots(state: GameState, names: str) -> list[Bot]:
    """One bot per seat from ``names`` (comma-separated, repeated to fill the seats).

    A name is one of the game's bots, a ``cardrules.bots`` entry point, or
    ``module:Name`` (see `cardrules.bots.loading.bot_factory`).
    """
    chosen = [name.strip() for name in names.split(",") if name.strip()]
    if not chosen:
        raise click.BadParameter("name at least one bot", param_hint="--bots")
    factories = {name: bot_factory(name, state.game) for name in chosen}
    return [factories[chosen[s % len(chosen)]](state.seed * 100 + s) for s in range(state.players)]


def match_header(
    title: str, players: int, variants: Sequence[str], seed: int | None, who: str
) -> str:
    """``Gnoming A Round - 4 players, variant diagonals, seed 1, bots greedy``.

    ``seed`` is ``None`` when it must stay hidden (a person plays a seat): it
    fixes every shuffle, so it would show every hidden card.
    """
    parts = [f"{title} - {players} players"]
    if variants:
        parts.append(("variants " if len(variants) > 1 else "variant ") + ", ".join(variants))
    parts.append("seed hidden" if seed is None else f"seed {seed}")
    parts.append(who)
    return ", ".join(parts)


def print_header(console: Console, text: str) -> None:
    """A horizontal rule titled ``text``, or the text in bold when too long for one."""
    if len(text) + 6 <= console.width:
        console.rule(text)
    else:
        console.print(f"[bold]{text}[/bold]")


def print_scores(
    console: Console, state: GameState, truncated: bool, *, abandoned: bool = False
) -> None:
    """The round scores (a row per round, a column per seat) and totals, then the winner.

    A row per round keeps the table narrow: 11 rounds of 7 seats fit 80 columns.
    """
    table = Table(title="Scores by round", padding=(0, 1), box=box.SIMPLE, show_footer=True)
    table.add_column("round", footer="total", justify="right", no_wrap=True)
    for seat in range(state.players):
        total = str(state.scores[seat])
        table.add_column(f"seat {seat}", footer=total, justify="right", no_wrap=True)
    for number, scores in enumerate(state.round_scores, start=1):
        table.add_row(str(number), *map(str, scores))
    if state.round_scores:
        console.print(table)
    if abandoned:
        console.print(f"[bold]Abandoned[/bold] after {len(state.history)} decisions: no winner.")
    elif truncated:
        console.print(f"[bold]Truncated[/bold] after {len(state.history)} decisions: no winner.")
    else:
        winners = " and ".join(f"seat {s}" for s in state.winners)
        shared = " (shared win)" if len(state.winners) > 1 else ""
        console.print(f"[bold]Winner: {winners}{shared}[/bold] with {state.winning_total} points.")


F = TypeVar("F", bound=Callable[..., Any])


def rules_options(command: F) -> F:
    """Add the options that choose the rules and bound a match: ``--variant``,
    ``--option NAME=VALUE`` and ``--max-decisions`` (shared by play and simulate)."""
    decorators = [
        click.option(
            "--variant",
            "variants",
            multiple=True,
            help="A registered variant in force (repeatable).",
        ),
        click.option(
            "--option", "options", multiple=True, help="A game option as NAME=VALUE (repeatable)."
        ),
        click.option(
            "--max-decisions",
            type=click.IntRange(min=1),
            default=100_000,
            show_default=True,
            help="Stop a match after this many decisions and report it truncated.",
        ),
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command


#: The type of an argument naming a file that must exist (a record, a results file).
EXISTING_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)


def seat_option(*names: str, help: str) -> Callable[[F], F]:
    """An option naming a seat (a whole number, checked by the command), default none."""
    return click.option(*names, type=int, default=None, help=help)


def file_option(*names: str, help: str) -> Callable[[F], F]:
    """An option naming a file to write (a `pathlib.Path`; a folder is refused), default none."""
    return click.option(
        *names, type=click.Path(dir_okay=False, path_type=Path), default=None, help=help
    )


def folder_option(*names: str, help: str) -> Callable[[F], F]:
    """An option naming a folder to write into (a `pathlib.Path`, not a file), default none."""
    return click.option(
        *names, type=click.Path(file_okay=False, path_type=Path), default=None, help=help
    )


def report_option(command: F) -> F:
    """Add ``--report FOLDER``, the folder of an HTML report (shared by analyse and simulate)."""
    return folder_option(
        "--report", help="Write an HTML report with plots into this folder (needs matplotlib)."
    )(command)


def check_writable(path: Path | None, hint: str, suffixes: tuple[str, ...] = ()) -> None:
    """Refuse, before any work, an output path whose folder is missing or whose suffix is wrong."""
    if path is None:
        return
    if suffixes and path.suffix.lower() not in suffixes:
        raise click.BadParameter(f"write {' or '.join(suffixes)}, got {path.name}", param_hint=hint)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise click.BadParameter(f"no such folder: {folder}", param_hint=hint)
