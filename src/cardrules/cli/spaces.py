"""``cardrules spaces GAME``: the integer action ids and observation-tensor planes of a game."""

from __future__ import annotations

from typing import Any

import click

from cardrules.cli.common import parse_option
from cardrules.engine.game_state import new_game

__all__ = ["spaces_command"]


@click.command("spaces")
@click.argument("game")
@click.option("--players", "-n", type=int, default=4, show_default=True)
@click.option("--variant", "variants", multiple=True, help="A registered variant (repeatable).")
@click.option("--option", "options", multiple=True, help="A game option as NAME=VALUE.")
def spaces_command(
    game: str, players: int, variants: tuple[str, ...], options: tuple[str, ...]
) -> None:
    """Print GAME's action-id layout and observation-tensor planes for these rules.

    Both depend only on the players, options and variants, never on a match.
    """
    parsed: dict[str, Any] = dict(parse_option(text) for text in options)
    state = new_game(game, players=players, seed=0, variants=variants, options=parsed)
    space = state.action_space
    click.echo(f"Action ids: {space.size:,} (0-{space.size - 1})")
    for line in space.describe():
        click.echo(f"  {line}")
    layout = state.game.tensor_layout
    click.echo(f"Observation tensor: {layout.size:,} float32 values")
    for line in layout.describe():
        click.echo(f"  {line}")
