"""Pieces shared by the ``cardrules`` commands: options, bots, score tables."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.table import Table

from cardrules.bots import Bot, bot_factories
from cardrules.engine import GameState

__all__ = [
    "check_writable",
    "make_bots",
    "parse_option",
    "print_scores",
    "rules_options",
]


def parse_option(text: str) -> tuple[str, Any]:
    """Parse ``NAME=VALUE`` (the value as JSON when it parses, else as text)."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise click.BadParameter(f"expected NAME=VALUE, got {text!r}", param_hint="--option")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def make_bots(state: GameState, names: str) -> list[Bot]:
    """One bot per seat from ``names`` (comma-separated, repeated to fill the seats)."""
    factories = bot_factories(state.game.spec.bots, state.game)
    chosen = [name.strip() for name in names.split(",") if name.strip()]
    if not chosen:
        raise click.BadParameter("name at least one bot", param_hint="--bots")
    for name in chosen:
        if name not in factories:
            raise click.BadParameter(
                f"unknown bot {name!r}; bots for {state.game.name}: {', '.join(sorted(factories))}",
                param_hint="--bots",
            )
    return [factories[chosen[s % len(chosen)]](state.seed * 100 + s) for s in range(state.players)]


def print_scores(console: Console, state: GameState, truncated: bool) -> None:
    """The table of round scores and totals, then the winner (or truncation)."""
    table = Table(title="Scores by round", padding=(0, 1))
    table.add_column("seat", no_wrap=True)
    for r in range(len(state.round_scores)):
        table.add_column(str(r + 1), justify="right", no_wrap=True)
    table.add_column("total", justify="right", style="bold", no_wrap=True)
    for seat in range(state.players):
        row = [str(scores[seat]) for scores in state.round_scores]
        table.add_row(str(seat), *row, str(state.scores[seat]))
    console.print(table)
    if truncated:
        console.print(f"[bold]Truncated[/bold] after {len(state.history)} decisions: no winner.")
    else:
        winners = " and ".join(f"seat {s}" for s in state.winners)
        shared = " (shared win)" if len(state.winners) > 1 else ""
        console.print(f"[bold]Winner: {winners}{shared}[/bold] with {min(state.scores)} points.")


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


def check_writable(path: Path | None, hint: str, suffixes: tuple[str, ...] = ()) -> None:
    """Refuse, before any work, an output path whose folder is missing or whose suffix is wrong."""
    if path is None:
        return
    if suffixes and path.suffix.lower() not in suffixes:
        raise click.BadParameter(f"write {' or '.join(suffixes)}, got {path.name}", param_hint=hint)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise click.BadParameter(f"no such folder: {folder}", param_hint=hint)
