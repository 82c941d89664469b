"""Readable, spectator-safe descriptions of Gnoming A Round moves (for the CLI).

Only public information is shown: face-down cards appear as ``##`` and a card
drawn from the draw pile stays hidden until it is placed or discarded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.table import Table

from cardrules.moves import Move
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK, Bounce, Discard, Draw, Flip, Pass, Place, Reveal
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.state import GnomingRound, Layout

__all__ = ["layout_table", "narrate", "view"]


def _card(card: Card | None) -> str:
    if card is None:
        return "[dim]##[/dim]"
    if card.is_hazard:
        return "[bold red]H[/bold red]"
    if card.is_mulligan:
        return "[bold magenta]M[/bold magenta]"
    if card.is_negative:
        return f"[green]{card.value}[/green]"
    return str(card.value)


def layout_table(
    cards: Sequence[Card | None], title: str, *, boxed: bool = True, positions: bool = False
) -> Table:
    """A 3x3 grid of a layout; ``None`` (face down) shows as ``##``, or as ``#4``
    (its position) when ``positions`` is true."""
    table = Table(
        title=title,
        show_header=False,
        show_lines=boxed,
        padding=(0, 1),
        box=box.SQUARE if boxed else None,
        title_justify="left" if not boxed else "center",
    )
    for _ in range(3):
        table.add_column(justify="right", width=3)
    for row in range(3):
        cells = []
        for col in range(3):
            p = 3 * row + col
            card = cards[p]
            cells.append(f"[dim]#{p}[/dim]" if card is None and positions else _card(card))
        table.add_row(*cells)
    return table


def _visible(layout: Layout) -> tuple[Card | None, ...]:
    return layout.visible()


def _piles(state: GnomingRound) -> str:
    tops = [pile.top_or_none() for pile in state.discards]
    shown = ", ".join(f"pile {i}: {_card(top) if top else '(empty)'}" for i, top in enumerate(tops))
    return f"[dim]draw pile {len(state.stock)} cards; {shown}[/dim]"


def narrate(before: GnomingRound, seat: int, move: Move, after: GnomingRound) -> list[Any]:
    """Lines (rich markup) and grids describing ``move`` by ``seat``."""
    out: list[Any] = []
    who = f"[bold]seat {seat}[/bold]"
    if isinstance(move, Reveal):
        cards = ", ".join(_card(after.layouts[seat].cards[p]) for p in move.positions)
        out.append(f"{who} turns up positions {', '.join(map(str, move.positions))}: {cards}")
    elif isinstance(move, Draw):
        if move.source == STOCK:
            out.append(f"{who} draws from the draw pile")
        else:
            out.append(f"{who} takes {_card(after.held)} from discard pile {move.source}")
    elif isinstance(move, Place | Bounce):
        verb = "places" if isinstance(move, Place) else "bounces"
        layout = before.layouts[seat]
        hidden = "" if layout.face_up[move.position] else " (was face down)"
        out.append(
            f"{who} {verb} {_card(before.held)} at position {move.position}, "
            f"displacing {_card(layout.cards[move.position])}{hidden}"
        )
    elif isinstance(move, Discard):
        if move.pile is None:
            out.append(f"{who} discards a Hazard: it leaves the game; the others may flip a card")
        else:
            out.append(f"{who} discards {_card(before.held)} on pile {move.pile}")
    elif isinstance(move, Flip):
        flipped = after.layouts[seat].cards[move.position]
        out.append(f"{who} flips position {move.position}: {_card(flipped)}")
    elif isinstance(move, Pass):
        out.append(f"{who} does not flip")
    if after.is_round_over:
        how = (
            f"seat {after.ender} went out"
            if after.ended_by == "ender"
            else "the draw pile ran out again"
        )
        out.append(f"[bold]Round {after.round + 1} is over ({how}); all cards turned up:[/bold]")
        out.append(
            Columns(
                [layout_table(layout.cards, f"seat {s}") for s, layout in enumerate(after.layouts)]
            )
        )
        return out
    turn_over = before.turn_seat is not None and (
        after.turn_seat != before.turn_seat or (before.ender is None and after.ender is not None)
    )
    if turn_over and before.turn_seat is not None:
        if before.ender is None and after.ender == before.turn_seat:
            out.append(
                f"[bold]seat {before.turn_seat} has no face-down card left: "
                "one last turn for each other player[/bold]"
            )
        out.append(
            layout_table(
                _visible(after.layouts[before.turn_seat]), f"seat {before.turn_seat}", boxed=False
            )
        )
        out.append(_piles(after))
    elif before.turn_seat is None and after.turn_seat is not None:
        out.append(
            Columns(
                [
                    layout_table(_visible(layout), f"seat {s}")
                    for s, layout in enumerate(after.layouts)
                ]
            )
        )
        out.append(f"seat {after.turn_seat} starts. " + _piles(after))
    return out


def view(obs: GnomingObservation) -> list[Any]:
    """What seat ``obs.seat`` sees: every layout (face-down hidden), the piles, the card in hand."""
    grids = [
        layout_table(
            layout, f"seat {s}" + (" (you)" if s == obs.seat else ""), positions=s == obs.seat
        )
        for s, layout in enumerate(obs.layouts)
    ]
    tops = [pile[-1] if pile else None for pile in obs.discard_piles]
    piles = ", ".join(f"pile {i}: {_card(top) if top else '(empty)'}" for i, top in enumerate(tops))
    lines: list[Any] = [
        f"[bold]Round {obs.round + 1}[/bold], phase {obs.phase}; draw pile "
        f"{obs.draw_pile_size} cards; {piles}",
        Columns(grids),
    ]
    if obs.held_card is not None:
        lines.append(f"In hand: {_card(obs.held_card)}")
    if obs.out_of_play:
        lines.append(f"Hazards removed from the game (G15): {len(obs.out_of_play)}")
    if obs.ender is not None:
        lines.append(f"seat {obs.ender} has no face-down card: last turns")
    return lines
