"""``cardrules replay``: watch a recorded match, as a spectator or from a seat."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from cardrules.cli.common import (
    EXISTING_FILE,
    check_writable,
    file_option,
    match_header,
    print_header,
    print_scores,
    seat_option,
)
from cardrules.cli.show import Narrator
from cardrules.records.game_records import load_record
from cardrules.records.replay import replay
from cardrules.records.replay_html import replay_html

__all__ = ["replay_command"]


@click.command("replay")
@click.argument("file", type=EXISTING_FILE)
@seat_option("--seat", help="Watch from this seat: its own view before each of its decisions.")
@click.option(
    "--to",
    "to_move",
    type=click.IntRange(min=0),
    default=None,
    help="Stop after this move number.",
)
@file_option(
    "--html",
    "html_path",
    help="Write a self-contained HTML replay viewer here instead "
    "(pictures of every position; --seat: only that seat's knowledge).",
)
def replay_command(
    file: Path, seat: int | None, to_move: int | None, html_path: Path | None
) -> None:
    """Replay the game record FILE turn by turn.

    Without --seat it is shown as a spectator sees it: no hand, no face-down card.
    With --html it writes one HTML page to step through instead: the whole
    table (every card), or with --seat only what that seat may know.
    """
    record = load_record(file)
    if seat is not None and not 0 <= seat < record.players:
        raise click.BadParameter(
            f"seat {seat} does not exist (0 to {record.players - 1})", param_hint="--seat"
        )
    console = Console(highlight=False)
    if html_path is not None:
        check_writable(html_path, "--html", (".html", ".htm"))
        page = replay_html(record, seat=seat, to_move=to_move)
        html_path.write_text(page, encoding="utf-8")
        who = f"seen from seat {seat}" if seat is not None else "the whole table"
        console.print(f"Wrote the replay of {record.game} ({who}) to {html_path}")
        return
    who = f"seen from seat {seat}" if seat is not None else "as a spectator"
    states = replay(record)
    previous = next(states)
    # A seat's view holds no seed until the end: the seed fixes every hidden card.
    title = f"Replay of {previous.game.spec.title}"
    variants = list(record.variants)
    shown = None if seat is not None else record.seed
    print_header(console, match_header(title, record.players, variants, shown, who))
    narrator = Narrator(console)
    narrator.start(previous)
    last = len(record.moves) if to_move is None else min(to_move, len(record.moves))
    for number in range(1, last + 1):
        current = next(states)
        mover = previous.current_player
        assert mover is not None
        if seat is not None and mover == seat:
            narrator.view(previous, seat)
        console.print(f"[dim]{number}.[/dim] ", end="")
        move = previous.parse_move(record.moves[number - 1])
        narrator.before(previous, mover, move)
        narrator.after(current, mover, move)
        previous = current
    if last < len(record.moves):
        console.print(f"Stopped after move {last} of {len(record.moves)}.")
        if seat is not None:
            narrator.view(previous, seat)
        return
    for _ in states:  # the rest checks the recorded scores against the replay
        pass
    print_scores(
        console,
        previous,
        truncated=not previous.is_over and not record.abandoned,
        abandoned=bool(record.abandoned),
    )
    if seat is not None:
        console.print(f"The seed was {record.seed}.")
