"""The ``cardrules`` command line.

``cardrules games`` lists the installed games; ``cardrules play GAME`` plays a
whole bot match and shows it turn by turn (or prints its record with ``--json``).
Bad arguments give a one-line error and exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from cardrules.bots import Bot, bot_factories, play_match
from cardrules.engine import GameState, new_game
from cardrules.errors import CardRulesError
from cardrules.moves import Move
from cardrules.registry import default_catalogue

__all__ = ["main"]


@click.group()
@click.version_option(package_name="cardrules")
def cli() -> None:
    """cardrules: play and inspect card games encoded by their rules."""


@cli.command("games")
def games_command() -> None:
    """List the installed games, their player ranges and variants."""
    catalogue = default_catalogue()
    table = Table(title="Installed games")
    table.add_column("name", no_wrap=True)
    table.add_column("title")
    table.add_column("players", no_wrap=True)
    table.add_column("variants", no_wrap=True)
    table.add_column("summary")
    for spec in catalogue.games():
        variants = "\n".join(v.name for v in catalogue.variants(spec.name)) or "-"
        table.add_row(spec.name, spec.title, spec.players_text, variants, spec.summary)
    Console().print(table)


def _parse_option(text: str) -> tuple[str, Any]:
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise click.BadParameter(f"expected NAME=VALUE, got {text!r}", param_hint="--option")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


@cli.command("play")
@click.argument("game")
@click.option("--players", "-n", type=int, required=True, help="Number of seats.")
@click.option(
    "--seed", "-s", type=int, default=None, help="Seed for the shuffles (default: random)."
)
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help="Bot per seat, comma-separated, repeated to fill the seats (e.g. greedy,random).",
)
@click.option("--variant", "variants", multiple=True, help="A registered variant (repeatable).")
@click.option("--option", "options", multiple=True, help="An option as NAME=VALUE (repeatable).")
@click.option(
    "--max-decisions",
    type=int,
    default=100_000,
    show_default=True,
    help="Stop (truncate) the match after this many decisions.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the game record as JSON instead.")
def play_command(
    game: str,
    players: int,
    seed: int | None,
    bots: str,
    variants: Sequence[str],
    options: Sequence[str],
    max_decisions: int,
    as_json: bool,
) -> None:
    """Play a whole match of GAME between bots and show it."""
    option_values = dict(_parse_option(text) for text in options) or None
    state = new_game(game, players=players, seed=seed, variants=variants, options=option_values)
    seat_bots = _make_bots(state, bots)
    console = Console(highlight=False)
    if as_json:
        result = play_match(state, seat_bots, max_decisions=max_decisions)
        record = state.record()
        record["truncated"] = result.truncated
        click.echo(json.dumps(record, indent=2))
        return
    title = state.game.spec.title
    console.rule(f"{title} - {players} players, seed {state.seed}, bots {bots}")
    console.rule("Round 1")
    before: list[Any] = []

    def remember(state: GameState, seat: int, move: Move) -> None:
        before[:] = [state.round, state.round_state.clone()]

    def narrate(state: GameState, seat: int, move: Move) -> None:
        round_before, round_state = before
        ended = state.round != round_before
        after = state.finished_rounds[-1] if ended else state.round_state
        for item in state.game.narrate(round_state, seat, move, after):
            console.print(item)
        if ended:
            scores = state.round_scores[-1]
            console.print(
                "Round scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores))
            )
            if not state.is_over:
                console.rule(f"Round {state.round + 1}")

    result = play_match(
        state, seat_bots, max_decisions=max_decisions, before_move=remember, after_move=narrate
    )
    _print_scores(console, state, result.truncated)


def _make_bots(state: GameState, names: str) -> list[Bot]:
    factories = bot_factories(state.game.spec.bots)
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


def _print_scores(console: Console, state: GameState, truncated: bool) -> None:
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad arguments)."""
    try:
        cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="cardrules",
            standalone_mode=False,
        )
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help() if error.ctx else str(error))
        return 0
    except click.ClickException as error:
        click.echo(f"cardrules: error: {error.format_message()}", err=True)
        return 2
    except CardRulesError as error:
        click.echo(f"cardrules: error: {error}", err=True)
        return 2
    except click.exceptions.Abort:
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
