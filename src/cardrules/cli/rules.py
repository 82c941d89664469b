"""``cardrules rules GAME`` and ``cardrules options GAME``: the rules and options at hand."""

from __future__ import annotations

import click
from rich.console import Console
from rich.markdown import Markdown
from rich.padding import Padding

from cardrules.plugins.registry import default_catalogue
from cardrules.plugins.rules_text import declared_rules_page, option_rows, rules_page, rules_summary

__all__ = ["options_command", "rules_command"]


@click.command("rules")
@click.argument("game")
@click.option("--full", is_flag=True, help="The whole rules page, with every interpretation.")
def rules_command(game: str, full: bool) -> None:
    """The rules of GAME by their ids, its moves and what the screen shows.

    The text is the game's rules page, the one the documentation site shows
    (for a game that ships none, the rules its registration declares).
    """
    spec = default_catalogue().game(game)
    page = rules_page(spec) or declared_rules_page(spec)
    if page is None:
        raise click.ClickException(f"{spec.title} ships no rules page ({spec.summary})")
    console = Console(highlight=False)
    console.print(Markdown(page if full else rules_summary(page)))
    if not full:
        console.print(
            f"\nEvery option and its rule: cardrules options {game}. "
            f"How the library reads each rule: cardrules rules {game} --full."
        )


@click.command("options")
@click.argument("game")
def options_command(game: str) -> None:
    """Every option of GAME (and of its variants): type, default and rule.

    Set one with ``--option NAME=VALUE`` (play, simulate); a variant's own
    options are named ``VARIANT.NAME``.
    """
    catalogue = default_catalogue()
    spec = catalogue.game(game)
    rows = option_rows(spec.options_type)
    for variant in catalogue.variants(spec.name):
        if variant.options_type is not None:
            rows += option_rows(variant.options_type, prefix=f"{variant.name}.")
    console = Console(highlight=False)
    console.print(f"[bold]Options of {spec.title}[/bold]: set one with --option NAME=VALUE")
    for row in rows:
        kind = row.type.replace("typing.", "")
        rules = f"rule {', '.join(row.rules)}" if row.rules else "no rule id"
        console.print()
        console.print(f"[bold]{row.name}[/bold] ({rules}): {kind}, default {row.default}")
        console.print(Padding(row.text.replace("``", ""), (0, 0, 0, 4)))
