"""``cardrules play``: a whole bot match, shown turn by turn."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console

from cardrules.bots import play_match
from cardrules.cli.common import make_bots, parse_option, print_scores
from cardrules.engine import GameState, new_game
from cardrules.moves import Move

__all__ = ["play_command"]


@click.command("play")
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
    option_values = dict(parse_option(text) for text in options) or None
    state = new_game(game, players=players, seed=seed, variants=variants, options=option_values)
    seat_bots = make_bots(state, bots)
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
    print_scores(console, state, result.truncated)
