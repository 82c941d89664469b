"""Readable, spectator-safe descriptions of Gnoming A Round moves (for the CLI).

Only public information is shown: face-down cards appear as ``##`` and a card
drawn from the draw pile stays hidden until it is placed or discarded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from cardrules.model.moves import Move
from cardrules.plugins.window_views import window_lines_for
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK, Bounce, Discard, Draw, Flip, Pass, Place, Reveal
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.options import GnomingOptions
from cardrules_gnoming.scoring import layout_breakdown, round_scores
from cardrules_gnoming.state import GnomingPhase, GnomingRound, Layout

__all__ = ["LayoutBand", "breakdown_table", "layout_table", "narrate", "view"]


def _card(card: Card | None) -> str:
    if card is None:
        return "[dim]##[/dim]"
    if card.is_hazard:
        return "[bold red]H[/bold red]"
    if card.is_mulligan:
        return "[bold magenta]M[/bold magenta]"
    if card.is_negative:
        return f"[green]{card.value}[/green]"
    return str(card) if card.is_number else f"[bold]{card}[/bold]"  # (a house rule's kind)


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


def _grid_text(cells: Sequence[str]) -> str:
    """Nine cells (rich markup) as three right-aligned rows, each cell as wide as the widest."""
    width = max(Text.from_markup(cell).cell_len for cell in cells)
    padded = [" " * (width - Text.from_markup(cell).cell_len) + cell for cell in cells]
    return "\n".join(" ".join(padded[3 * row : 3 * row + 3]) for row in range(3))


class LayoutBand:
    """Every seat's layout side by side, three lines high, in as few bands as the width allows.

    Args:
        layouts: per seat, nine cards row by row (``None``: face down, ``##``).
        seat: the seat to mark ``(you)`` and show with position numbers (``#4``)
            where face down, or ``None`` for a spectator.
        filled: positions of ``seat``'s layout that received a card this turn,
            marked with ``*`` (G12).
        only: show only these seats (default: all).
    """

    def __init__(
        self,
        layouts: Sequence[Sequence[Card | None]],
        seat: int | None = None,
        filled: Sequence[int] = (),
        only: Sequence[int] | None = None,
    ) -> None:
        self.columns: list[tuple[str, str]] = []
        for s, cards in enumerate(layouts):
            if only is not None and s not in only:
                continue
            mine = s == seat
            cells = []
            for p, card in enumerate(cards):
                cell = f"[dim]#{p}[/dim]" if card is None and mine else _card(card)
                mark = "[bold yellow]*[/bold yellow]" if mine and p in filled else ""
                cells.append(cell + mark)
            title = f"seat {s} (you)" if mine else f"seat {s}"
            self.columns.append((title, _grid_text(cells)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        band: list[tuple[str, str]] = []
        used = 0
        for title, grid in self.columns:
            width = max(len(title), *(Text.from_markup(row).cell_len for row in grid.split("\n")))
            if band and used + width + 2 > options.max_width:
                yield self._table(band)
                band, used = [], 0
            band.append((title, grid))
            used += width + 2
        if band:
            yield self._table(band)

    @staticmethod
    def _table(band: Sequence[tuple[str, str]]) -> Table:
        table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold")
        for title, _ in band:
            table.add_column(title, justify="center", no_wrap=True)
        table.add_row(*(grid for _, grid in band))
        return table


def _visible(layout: Layout) -> tuple[Card | None, ...]:
    return layout.visible()


def _pile_tops(tops: Sequence[Card | None]) -> str:
    return ", ".join(
        f"discard {i}: {_card(top) if top else '(empty)'}" for i, top in enumerate(tops)
    )


def _piles(state: GnomingRound) -> str:
    tops = [pile.top_or_none() for pile in state.discards]
    return f"[dim]stock {len(state.stock)} cards; {_pile_tops(tops)}[/dim]"


def breakdown_table(
    layouts: Sequence[Sequence[Card]],
    ender: int | None,
    scores: Sequence[int],
    *,
    options: GnomingOptions | None = None,
) -> Table:
    """Each seat's round score part by part: lines, cards, Hazards, the ender's bonus (G19-G23).

    Args:
        layouts: every seat's nine cards, all face up.
        ender: the seat that ended the round (G17), or ``None`` (the stock ran out, G8).
        scores: the round's scores as the game gave them; what a variant changed
            beyond the rules' parts shows in a ``variants`` column.
        options: the game's options (hazard points, ender bonus); default ones if ``None``.
    """
    options = options or GnomingOptions()
    parts = [layout_breakdown(cards, hazard_points=options.hazard_points) for cards in layouts]
    standard = round_scores(
        layouts,
        ender,
        hazard_points=options.hazard_points,
        ender_bonus=options.ender_bonus,
        ender_tie_is_lowest=options.ender_tie_is_lowest,
    )
    bonus = [rule - part.total for rule, part in zip(standard, parts, strict=True)]
    other = [score - rule for score, rule in zip(scores, standard, strict=True)]
    table = Table(title="Round scores, part by part", box=box.SIMPLE_HEAD, padding=(0, 1))
    columns = ["seat", "lines", "cards", "Hazards", "ender"]
    if any(other):
        columns.append("variants")
    columns.append("round")
    for column in columns:
        table.add_column(column, justify="right", no_wrap=True)
    for s, part in enumerate(parts):
        row = [
            f"seat {s}",
            f"{part.lines} ({part.matching_lines})" if part.matching_lines else "0",
            str(part.cards),
            str(part.hazards),
            (f"{bonus[s]:+d}" if s == ender else "-"),
        ]
        if any(other):
            row.append(f"{other[s]:+d}" if other[s] else "0")
        row.append(f"[bold]{scores[s]}[/bold]")
        table.add_row(*row)
    return table


def narrate(
    before: GnomingRound,
    seat: int,
    move: Move,
    after: GnomingRound,
    *,
    scores: Sequence[int] | None = None,
    options: GnomingOptions | None = None,
) -> list[Any]:
    """Lines (rich markup) and grids describing ``move`` by ``seat``.

    When the move ends the round, every layout is shown face up with each
    seat's score part by part (`breakdown_table`); ``scores`` are the round's
    scores as the game gave them (default: the rules' own) and ``options`` the
    game's options.
    """
    out: list[Any] = []
    who = f"[bold]seat {seat}[/bold]"
    if isinstance(move, Reveal):
        cards = ", ".join(_card(after.layouts[seat].cards[p]) for p in move.positions)
        out.append(f"{who} turns up positions {', '.join(map(str, move.positions))}: {cards}")
    elif isinstance(move, Draw):
        if move.source == STOCK:
            out.append(f"{who} draws from the stock")
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
            out.append(f"{who} discards {_card(before.held)} on discard pile {move.pile}")
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
        layouts = [layout.cards for layout in after.layouts]
        out.append(LayoutBand(layouts))
        ender = after.ender if after.ended_by == "ender" else None
        if scores is None:
            scores = round_scores(layouts, ender)
        out.append(breakdown_table(layouts, ender, scores, options=options))
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
        visible = [_visible(layout) for layout in after.layouts]
        out.append(LayoutBand(visible, only=[before.turn_seat]))
        out.append(_piles(after))
    elif before.turn_seat is None and after.turn_seat is not None:
        out.append(LayoutBand([_visible(layout) for layout in after.layouts]))
        out.append(f"seat {after.turn_seat} starts. " + _piles(after))
    return out


def _prompt(obs: GnomingObservation) -> str | None:
    """What the observing seat is asked now, in words, or None when it is not deciding."""
    if obs.current_player != obs.seat or not obs.legal_moves:
        return None
    held = _card(obs.held_card) if obs.held_card is not None else "the card"
    if obs.phase is GnomingPhase.REVEAL:
        first = obs.legal_moves[0]
        count = len(first.positions) if isinstance(first, Reveal) else 0
        if count == 0:
            return "Type [bold]reveal[/bold] to begin the round."
        return (
            f"Turn up {count} of your face-down cards: type [bold]reveal[/bold] and "
            f"{count} positions, e.g. [bold]{first}[/bold] (in any order)."
        )
    if obs.phase is GnomingPhase.DRAW:
        return (
            "Your turn: [bold]draw stock[/bold] (a hidden card), or "
            "[bold]take discard N[/bold] (the top card of discard pile N)."
        )
    if obs.phase is GnomingPhase.PLACE:
        return f"Keep {held}: [bold]place P[/bold] (the card at P is displaced), or discard it."
    if obs.phase is GnomingPhase.BOUNCE:
        return (
            f"You hold the displaced {held}: [bold]bounce P[/bold] to a position not filled "
            "this turn (not those marked *), or discard it."
        )
    if obs.phase is GnomingPhase.DISCARD:
        discards = [m for m in obs.legal_moves if isinstance(m, Discard)]
        piles = sorted(m.pile for m in discards if m.pile is not None)
        if not piles:  # a Hazard leaves the round: there is no pile to choose (G15)
            return f"Discard {held}: a Hazard leaves the round (G15); type [bold]discard[/bold]."
        if len(piles) == 1:
            return f"Discard {held} on pile {piles[0]}: type [bold]discard {piles[0]}[/bold]."
        return f"Discard {held}: choose the pile, [bold]discard 0[/bold] or [bold]discard 1[/bold]."
    if obs.phase is GnomingPhase.FLIP:
        return (
            "A Hazard was discarded: [bold]flip P[/bold] turns up one of your face-down "
            "cards, or [bold]pass[/bold]."
        )
    return None


def view(obs: GnomingObservation) -> list[Any]:
    """What seat ``obs.seat`` sees, compactly (80 columns, 7 seats in one band).

    A status line (round, whose turn, the stock, the discard piles' tops),
    every layout with face-down cards hidden (the observer's own show their
    positions ``#4``, and positions filled this turn a ``*``), the card in
    hand, and what the seat is asked now.
    """
    tops = [pile[-1] if pile else None for pile in obs.discard_piles]
    turn = (
        "your turn"
        if obs.turn_seat == obs.seat
        else (f"seat {obs.turn_seat}'s turn" if obs.turn_seat is not None else "reveals")
    )
    mine = obs.turn_seat == obs.seat
    filled = obs.filled_positions if mine else ()
    lines: list[Any] = [
        f"[bold]Round {obs.round + 1}[/bold], {turn}; stock {obs.draw_pile_size} cards; "
        f"{_pile_tops(tops)}",
        LayoutBand(obs.layouts, obs.seat, filled),
    ]
    notes = []
    if obs.held_card is not None and mine:
        source = (
            "from the stock"
            if obs.held_from == STOCK
            else (f"from discard {obs.held_from}" if obs.held_from is not None else "displaced")
        )
        notes.append(f"In hand: {_card(obs.held_card)} ({source})")
    if filled:
        notes.append(f"filled this turn: {', '.join(map(str, sorted(filled)))} (marked *)")
    if obs.out_of_play:
        notes.append(f"Hazards removed from the game (G15): {len(obs.out_of_play)}")
    if obs.ender is not None:
        notes.append(f"seat {obs.ender} has no face-down card: last turns")
    if notes:
        lines.append("; ".join(notes))
    asked = window_lines_for(obs)  # a variant's window (cardrules.plugins.windows)
    prompt = None if asked else _prompt(obs)
    lines += asked
    if prompt:
        lines.append(prompt)
    return lines
