"""The ``cardrules`` command line.

``cardrules games`` and ``cardrules plugins`` list what is installed;
``cardrules play GAME`` plays a match between bots (``--human SEAT``: you play a
seat) and shows it turn by turn, or prints its record with ``--json``;
``cardrules replay FILE`` replays a record; ``cardrules simulate GAME`` runs
many seeded matches (locally or on Ray) and summarises them, and ``cardrules
analyse FILE`` summarises a results file again; ``cardrules spaces GAME`` prints the
action-id layout and observation-tensor planes; ``cardrules rules GAME`` prints the
rules by their ids and ``cardrules options GAME`` every option with its rule;
``cardrules serve`` hosts tables in the browser for people and bots.
Bad arguments give a one-line error and exit code 2, never a traceback.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TextIO

import click
from rich.console import Console
from rich.table import Table

from cardrules.cli.analyse import analyse_command
from cardrules.cli.play import play_command
from cardrules.cli.plugins import plugins_command
from cardrules.cli.replay import replay_command
from cardrules.cli.rules import options_command, rules_command
from cardrules.cli.serve import serve_command
from cardrules.cli.simulate import simulate_command
from cardrules.cli.spaces import spaces_command
from cardrules.errors import CardRulesError, shorten
from cardrules.plugins.registry import default_catalogue

__all__ = ["cli", "main"]


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


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A warning as one line on stderr: no file name, no Python source line."""
    text = " ".join(str(message).split())
    if len(text) > MAX_WARNING:
        text = text[: MAX_WARNING - 3] + "..."
    click.echo(f"cardrules: warning: {text}", err=True)


#: The longest warning the command line prints, in characters.
MAX_WARNING = 400
#: The longest error line the command line prints, in characters.
MAX_ERROR = 1000


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad arguments, 130 interrupted).

    Warnings (a plugin that failed to load and was skipped) are printed as
    one line each, ``cardrules: warning: ...``.
    """
    with warnings.catch_warnings():
        warnings.showwarning = _show_warning
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    try:
        code = cli.main(
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
        text = " ".join(str(error).split())  # one line, whatever a plugin wrote
        click.echo(f"cardrules: error: {shorten(text, MAX_ERROR)}", err=True)
        return 2
    except OSError as error:
        click.echo(f"cardrules: error: {error.strerror or error}: {error.filename}", err=True)
        return 2
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("cardrules: interrupted", err=True)
        return 130
    return code if isinstance(code, int) else 0


cli.add_command(analyse_command)
cli.add_command(play_command)
cli.add_command(plugins_command)
cli.add_command(replay_command)
cli.add_command(rules_command)
cli.add_command(options_command)
cli.add_command(serve_command)
cli.add_command(simulate_command)
cli.add_command(spaces_command)
