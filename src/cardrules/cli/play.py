"""``cardrules play``: a whole bot match, shown turn by turn."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import click
from rich.columns import Columns
from rich.console import Console

from cardrules.bots.base import Bot, ask_bot, play_match
from cardrules.bots.loading import default_bot
from cardrules.cli.common import (
    check_writable,
    file_option,
    make_bots,
    match_header,
    parse_option,
    print_header,
    print_scores,
    rules_options,
    seat_option,
)
from cardrules.cli.show import Narrator
from cardrules.engine.game_state import GameState, new_game
from cardrules.errors import IllegalMoveError, InvalidMoveError
from cardrules.model.moves import Move

__all__ = ["play_command"]


@click.command("play")
@click.argument("game")
@click.option("--players", "-n", type=int, required=True, help="Number of seats.")
@click.option(
    "--seed", "-s", type=int, default=None, help="Seed for the shuffles (default: random)."
)
@click.option(
    "--bots",
    default=None,
    help="Bot per seat, comma-separated, repeated to fill the seats (e.g. greedy,random). "
    "Default: the game's own bot (greedy for both bundled games), else random.",
)
@rules_options
@click.option("--json", "as_json", is_flag=True, help="Print the game record as JSON instead.")
@seat_option("--human", help="Play this seat yourself in the terminal; bots play the others.")
@click.option(
    "--auto-pass",
    is_flag=True,
    help="With --human: decline offers made outside your turn (e.g. a discard for sale) "
    "without asking; type 'auto' in the game to switch.",
)
@file_option(
    "--save",
    help="Where to save the game record (with --human: saved on exit; default "
    "cardrules-GAME-SEED.json).",
)
def play_command(
    game: str,
    players: int,
    seed: int | None,
    bots: str | None,
    variants: Sequence[str],
    options: Sequence[str],
    max_decisions: int,
    as_json: bool,
    human: int | None,
    auto_pass: bool,
    save: Path | None,
) -> None:
    """Play a whole match of GAME between bots (and you, with --human) and show it."""
    option_values = dict(parse_option(text) for text in options) or None
    state = new_game(game, players=players, seed=seed, variants=variants, options=option_values)
    if human is not None and not 0 <= human < players:
        raise click.BadParameter(
            f"seat {human} does not exist (0 to {players - 1})", param_hint="--human"
        )
    if human is not None and as_json:
        raise click.BadParameter(
            "--json prints a bot match; it cannot be combined with --human", param_hint="--json"
        )
    check_writable(save, "--save")
    bots = bots or default_bot(state.game.spec)
    seat_bots = make_bots(state, bots)
    console = Console(highlight=False)
    if as_json:
        result = play_match(state, seat_bots, max_decisions=max_decisions)
        click.echo(json.dumps(_record(state, result.truncated), indent=2))
        if save is not None:
            _save(state, save, result.truncated)
        return
    title = state.game.spec.title
    names = [v.name for v in state.game.variants]
    if human is None:
        print_header(console, match_header(title, players, names, state.seed, f"bots {bots}"))
        narrator = Narrator(console)
        narrator.start(state)
        result = play_match(
            state,
            seat_bots,
            max_decisions=max_decisions,
            before_move=narrator.before,
            after_move=narrator.after,
        )
        print_scores(console, state, result.truncated)
        if save is not None:
            _save(state, save, result.truncated)
        return
    # The seed fixes every hidden card, so the person sees it only once the match is over.
    header = match_header(title, players, names, None, f"you at seat {human}")
    print_header(console, header)
    narrator = Narrator(console)
    narrator.start(state)
    table = HumanTable(state, seat_bots, human, console, narrator, auto_pass=auto_pass)
    table.header = header
    path = save or Path(f"cardrules-{game}-{state.seed}.json")
    try:
        finished = table.play(max_decisions)
    except KeyboardInterrupt:
        console.print("\nInterrupted: the match is abandoned.")
        _save(state, path, truncated=False, abandoned=True)
        console.print(f"The seed was {state.seed}.")
        raise
    abandoned = not finished
    print_scores(console, state, truncated=finished and not state.is_over, abandoned=abandoned)
    _save(state, path, truncated=finished and not state.is_over, abandoned=abandoned)
    console.print(f"The seed was {state.seed}.")


def _record(state: GameState, truncated: bool, abandoned: bool = False) -> dict[str, Any]:
    record = state.record()
    record["truncated"] = truncated
    if abandoned:
        record["abandoned"] = True
    return record


def _save(state: GameState, path: Path, truncated: bool, abandoned: bool = False) -> None:
    path.write_text(json.dumps(_record(state, truncated, abandoned), indent=1), encoding="utf-8")
    click.echo(f"Record saved to {path}", err=True)


#: More legal moves than this are summarised by kind rather than numbered one by one.
MOST_LISTED = 24

HELP = """Type the number of a move, or the move itself as it is listed.
  moves   list and number all your legal moves
  undo    take back your last decision (only if no card was revealed since)
  auto    switch auto-pass: decline offers outside your turn without asking
  help    this text
  quit    abandon the match here; the record is saved
The rules, what the symbols mean and how scoring works: cardrules rules {game}
Every option and its rule: cardrules options {game}"""


@attrs.define
class HumanTable:
    """A match where one seat is a person at the terminal and bots play the others."""

    state: GameState
    bots: Sequence[Bot]
    human: int
    console: Console
    narrator: Narrator
    #: Decline offers outside the person's turn (`Move.declines_offer`) unasked.
    auto_pass: bool = attrs.field(default=False, kw_only=True)
    #: Before each of the person's decisions: a copy of the match, and whether a
    #: card has been revealed since then (which forbids taking the decision back).
    undo_points: list[tuple[GameState, bool]] = attrs.field(factory=list, init=False)
    #: Where the person's lines are read from.
    stdin: Any = attrs.field(factory=lambda: sys.stdin, init=False)
    #: The match's title line, shown again at the person's first decision when
    #: the bots' moves before it may have scrolled it off a small terminal.
    header: str | None = attrs.field(default=None, init=False)

    def play(self, max_decisions: int) -> bool:
        """Play until the match ends (True) or the person quits (False)."""
        state = self.state
        while not state.is_over and len(state.history) < max_decisions:
            seat = state.current_player
            assert seat is not None
            declining = self.declining_move() if seat == self.human else None
            if seat != self.human:
                move = ask_bot(self.bots[seat], seat, state.observation(seat))
            elif declining is not None:
                move = declining
                self.console.print(f"[dim]auto-pass: {move} (type auto to be asked again)[/dim]")
            else:
                answer = self.ask()
                if answer == "quit":
                    return False
                if answer == "undo":
                    self.undo()
                    continue
                assert isinstance(answer, Move)
                move = answer
                self.undo_points.append((state.clone(), False))
            self.narrator.before(state, seat, move)
            state.apply(move)
            before, after = self.narrator.after(state, seat, move)
            if self.undo_points and state.game.reveals(before, move, after):
                self.undo_points[-1] = (self.undo_points[-1][0], True)
        return True

    def declining_move(self) -> Move | None:
        """With auto-pass on, the legal move that declines an offer to the person, if any."""
        if not self.auto_pass:
            return None
        return next((m for m in self.state.legal_moves() if m.declines_offer), None)

    def undo(self) -> None:
        """Go back to just before the person's last decision, if nothing was revealed since."""
        if not self.undo_points:
            self.console.print("[red]Nothing to undo.[/red]")
            return
        snapshot, revealed = self.undo_points[-1]
        if revealed:
            self.console.print("[red]Cannot undo: a card has been revealed since.[/red]")
            return
        self.undo_points.pop()
        _restore(self.state, snapshot)
        self.console.print("[yellow]Your last decision is taken back.[/yellow]")

    def ask(self) -> Move | str:
        """Show the person's view and legal moves; read a move, or undo/quit."""
        state = self.state
        if self.header is not None:
            if state.history:
                print_header(self.console, self.header)
            self.header = None
        self.narrator.view(state, self.human)
        moves = state.legal_moves()
        self.list_moves(moves)
        while True:
            self.console.print(f"[bold]seat {self.human}>[/bold] ", end="")
            line = self.stdin.readline()
            if not line:
                self.console.print()
                return "quit"
            text = line.strip()
            if not text:
                continue
            word = text.lower()
            if word in ("help", "?", "h"):
                self.console.print(HELP.format(game=state.game.spec.name), markup=False)
                self.print_variant_moves()
            elif word == "moves":
                self.list_moves(moves, full=True)
            elif word == "auto":
                self.auto_pass = not self.auto_pass
                if self.auto_pass:
                    self.console.print("Auto-pass on: offers outside your turn are declined.")
                    declining = self.declining_move()
                    if declining is not None:
                        return declining
                else:
                    self.console.print("Auto-pass off: you are asked about every offer.")
            elif word in ("undo", "quit", "exit", "q"):
                return "quit" if word in ("quit", "exit", "q") else "undo"
            elif text.isdigit():
                number = int(text)
                if 1 <= number <= len(moves):
                    return moves[number - 1]
                self.console.print(f"[red]Choose 1 to {len(moves)}.[/red]")
            else:
                move = self.parse(text)
                if move is not None:
                    return move

    def print_variant_moves(self) -> None:
        """The help line of each kind of move the chosen variants add."""
        prompts = self.state.game.move_prompts()
        if prompts:
            self.console.print("Moves the variants add:", markup=False)
            for prompt in prompts:
                self.console.print(f"  {prompt}", markup=False)

    def parse(self, text: str) -> Move | None:
        """A legal move from notation, or None after saying what is wrong."""
        try:
            move = self.state.parse_move(text)
        except InvalidMoveError as error:
            self.console.print(f"[red]{error}[/red] (type help)")
            return None
        if self.state.is_legal(move):
            return move
        trial = self.state.clone()
        try:
            trial.apply(move)
        except IllegalMoveError as error:
            self.console.print(f"[red]Not allowed now - rule {error}[/red]")
        return None

    def list_moves(self, moves: Sequence[Move], *, full: bool = False) -> None:
        """Print the legal moves, numbered from 1 (in columns when there are many).

        More than `MOST_LISTED` moves are summarised by kind (``reveal: 36 moves,
        reveal 0 1 ... reveal 7 8``) so the screen keeps the player's view; the
        ``moves`` command (``full``) numbers them all.
        """
        if len(moves) > MOST_LISTED and not full:
            kinds: dict[str, list[Move]] = {}
            for move in moves:
                kinds.setdefault(str(move).split()[0], []).append(move)
            self.console.print(
                f"Your legal moves ({len(moves)}; type [bold]moves[/bold] to number them):"
            )
            for kind, group in kinds.items():
                shown = f"{group[0]}" if len(group) == 1 else f"{group[0]} ... {group[-1]}"
                self.console.print(f"  {kind}: {len(group)} move{'s' * (len(group) > 1)}, {shown}")
            return
        self.console.print("Your legal moves:")
        entries = [f"{number:>3}. {move}" for number, move in enumerate(moves, start=1)]
        if len(entries) > 6:
            self.console.print(Columns(entries, padding=(0, 3)))
        else:
            for entry in entries:
                self.console.print(f"  {entry}")


def _restore(state: GameState, snapshot: GameState) -> None:
    """Make ``state`` a copy of ``snapshot`` (in place, for the objects holding it)."""
    copy = snapshot.clone()
    for name in GameState.__slots__:
        setattr(state, name, getattr(copy, name))
