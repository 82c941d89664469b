"""``cardrules plugins``: what is loaded, from which distribution, with which hooks."""

from __future__ import annotations

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from cardrules.plugins.managers import hooks_of
from cardrules.plugins.registry import GameSpec, VariantSpec, default_catalogue

__all__ = ["plugins_command"]


def _short(hooks: tuple[str, ...]) -> str:
    return ", ".join(h.removeprefix("cardrules_") for h in hooks) or "-"


@click.command("plugins")
@click.option(
    "--strict",
    is_flag=True,
    help="Exit with code 1 when a plugin was skipped (for checking an installation).",
)
def plugins_command(strict: bool) -> None:
    """List the loaded plugins (distribution, games and variants, hooks) and the skipped ones.

    A plugin that failed at discovery is listed under "skipped" with the reason;
    the command still exits 0 unless --strict is given.
    """
    catalogue = default_catalogue()
    console = Console(highlight=False)
    loaded = {info.name: info for info in catalogue.loaded}
    for name, plugin in catalogue.plugin_manager.list_name_plugin():
        info = loaded.get(name)
        origin = (
            f"{info.distribution} {info.version}: {info.value}" if info else "registered in code"
        )
        console.print(f"[bold]{name}[/bold]  ({origin})")
        # Two columns, so a long line wraps under its own text, not under the labels.
        grid = Table.grid(padding=(0, 1), pad_edge=False)
        grid.add_column(no_wrap=True, width=11)
        grid.add_column(overflow="fold")
        provided = catalogue.provided.get(name, [])
        games = [spec for spec in provided if isinstance(spec, GameSpec)]
        if games:
            grid.add_row("  games:", ", ".join(spec.name for spec in games))
        for spec in provided:
            if isinstance(spec, VariantSpec):
                text = f"[bold]{spec.name}[/bold] ({spec.game}): {spec.summary}"
                if spec.plugin:
                    text += f"\n[dim]hooks: {_short(hooks_of(spec.plugin))}[/dim]"
                grid.add_row("  variant:", text)
        # A game's rule hooks may sit on an object of their own (its GameSpec.plugin).
        hooks = {*hooks_of(plugin), *(hook for spec in games for hook in hooks_of(spec.plugin))}
        grid.add_row("  hooks:", _short(tuple(sorted(hooks))))
        console.print(grid)
    for skip in catalogue.skipped:
        origin = escape(skip.origin)
        console.print(f"[bold red]skipped[/bold red] [bold]{escape(skip.name)}[/bold]  ({origin})")
        console.print(f"  {escape(skip.reason)}", overflow="fold")
    if strict and catalogue.skipped:
        raise click.exceptions.Exit(1)
