"""Readable, spectator-safe descriptions of Toonerville Rook moves (for the CLI).

Hands stay hidden: only their sizes are shown, and a card drawn from the draw
pile (or a buyer's penalty card) is never named.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.columns import Columns
from rich.table import Table

from cardrules.model.moves import Move
from cardrules.plugins.window_views import window_lines_for
from cardrules.plugins.windows import Resumed
from cardrules_rook.moves import Buy, Discard, Draw, LayDown, LayOff, MeldDown, Pass, Swap, Take
from cardrules_rook.observation import RookObservation
from cardrules_rook.scoring import hand_points
from cardrules_rook.state import RookPhase, RookRound

__all__ = ["narrate", "table_view", "view"]


#: More melds than this are shown in columns, so the table keeps to a few lines.
COLUMNS_FROM = 8


def table_view(state: RookRound | RookObservation) -> Table | Columns:
    """The melds on the table, numbered, with their owners.

    Up to `COLUMNS_FROM` melds: one row each. More (late rounds, five players):
    side by side in as many columns as the width allows, numbered down each column.
    """
    if len(state.table) > COLUMNS_FROM:
        cells = [
            f"{index:>2} {meld} [dim]s{owner}[/dim]"
            for index, (meld, owner) in enumerate(zip(state.table, state.owners, strict=True))
        ]
        return Columns(cells, column_first=True, padding=(0, 3), title="melds (sN: laid by seat N)")
    table = Table(show_header=True, box=None, padding=(0, 1), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("meld")
    table.add_column("by")
    for index, (meld, owner) in enumerate(zip(state.table, state.owners, strict=True)):
        table.add_row(str(index), str(meld), f"seat {owner}")
    return table


def _status(sizes: list[int], draw_pile: int, top: object) -> str:
    """``hands 0:12 1:12 2:14; draw pile 222; discard B13`` (one line at 80 columns)."""
    hands = " ".join(f"{s}:{n}" for s, n in enumerate(sizes))
    return f"[dim]hands {hands}; draw pile {draw_pile}; discard {top or '(empty)'}[/dim]"


def _sizes(state: RookRound) -> str:
    sizes = [state.hand_size(s) for s in range(state.players)]
    return _status(sizes, len(state.stock), state.discards.top_or_none())


def _bought(who: str, before: RookRound, seat: int, after: RookRound) -> str:
    """R10: ``seat`` buys the top discard with one penalty card by default (hook
    rook_buy_penalty may say otherwise)."""
    drawn = after.hand_size(seat) - before.hand_size(seat) - 1
    penalty = "a penalty card" if drawn == 1 else f"{drawn} penalty cards"
    return f"[yellow]{who} buys {before.discards.top} and {penalty}[/yellow]"


def narrate(before: RookRound, seat: int, move: Move, after: RookRound) -> list[Any]:
    """Lines (rich markup) and tables describing ``move`` by ``seat``."""
    out: list[Any] = []
    who = f"[bold]seat {seat}[/bold]"
    if isinstance(move, Take):
        out.append(f"{who} takes {before.discards.top} from the discard pile")
    elif isinstance(move, Draw):
        top = before.discards.top_or_none()
        offer = f" (others may buy {top})" if after.phase.value == "buy" else ""
        out.append(f"{who} draws from the draw pile{offer}")
    elif isinstance(move, Buy) and after.hand_size(seat) == before.hand_size(seat):
        # A variant's window holds the buy until it closes (cardrules.plugins.windows).
        out.append(f"{who} asks to buy {before.discards.top}")
    elif isinstance(move, Buy):
        out.append(_bought(who, before, seat, after))
    elif isinstance(move, Resumed) and move.point == "before-buy":
        buyer = f"[bold]seat {move.about}[/bold]"
        if move.acted:
            out.append(f"{buyer} does not get {before.discards.top}: the buy is held back")
        else:
            out.append(_bought(buyer, before, move.about, after))
    elif isinstance(move, Pass):
        out.append(f"[dim]{who} does not buy[/dim]")
    elif isinstance(move, MeldDown | LayDown):
        melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
        for meld in melds:
            out.append(f"{who} melds {meld}")
        if not before.down[seat] and after.down[seat]:
            whole = ", every card" if after.whole_hand else ""
            out.append(f"{who} [bold]is down[/bold] with the contract: {after.contract}{whole}")
    elif isinstance(move, LayOff):
        shown = f"a Rook as {move.number}" if move.card.is_rook else str(move.card)
        out.append(f"{who} lays off {shown} on meld {move.target}")
    elif isinstance(move, Swap):
        out.append(f"{who} swaps {move.card} for the Rook in meld {move.target}")
    elif isinstance(move, Discard):
        out.append(f"{who} discards {move.card}")
    if after.is_round_over:
        if after.went_out is not None:
            out.append(f"[bold]{who} goes out: round {after.round + 1} is over[/bold]")
        else:
            out.append(f"[bold]The draw pile ran out: round {after.round + 1} is over[/bold]")
        for s in range(after.players):
            hand = after.hand(s)
            cards = " ".join(map(str, hand)) or "-"
            if s == after.went_out:
                points = "0 points: went out"
            else:
                counts = Counter(card.points for card in hand)
                parts = " + ".join(f"{n}x{p}" for p, n in sorted(counts.items(), reverse=True))
                points = f"{hand_points(hand)} points" + (f" = {parts}" if parts else "")
            out.append(f"  seat {s} holds: {cards} ({points}, rule R17)")
        return out
    if isinstance(move, Discard):
        if after.table:
            out.append(table_view(after))
        out.append(_sizes(after))
    return out


def view(obs: RookObservation) -> list[Any]:
    """What seat ``obs.seat`` sees: its hand, the table, the discard pile, hand sizes.

    Cards known to be in other hands (taken, bought or swapped) are listed too.
    """
    whole = ", every card at once" if obs.whole_hand else ""
    top = obs.discard_pile[-1] if obs.discard_pile else None
    turn = "your turn" if obs.turn_seat == obs.seat else f"seat {obs.turn_seat}'s turn"
    lines: list[Any] = [
        f"[bold]Round {obs.round + 1}[/bold]: contract {obs.contract}{whole}; {turn}",
        f"Your hand ({len(obs.hand)}): " + " ".join(map(str, obs.hand)),
        _status(list(obs.hand_sizes), obs.draw_pile_size, top),
    ]
    if obs.table:
        lines.append(table_view(obs))
    if obs.lay_down_left is not None:
        sets, runs = obs.lay_down_left
        lines.append(f"Still to lay down this turn: {sets} set(s), {runs} run(s)")
    if obs.owed_rooks:
        lines.append(f"Play the {obs.owed_rooks} Rook(s) taken by a swap (rule R14)")
    known = [
        f"seat {s}: " + " ".join(map(str, cards))
        for s, cards in enumerate(obs.known_cards)
        if cards and s != obs.seat
    ]
    if known:
        lines.append(
            "[dim]known to be held (taken, bought, swapped): " + "; ".join(known) + "[/dim]"
        )
    asked = window_lines_for(obs)  # a variant's window (cardrules.plugins.windows)
    prompt = None if asked else _prompt(obs, top)
    lines += asked
    if prompt:
        lines.append(prompt)
    return lines


def _prompt(obs: RookObservation, top: object) -> str | None:
    """What the observing seat is asked now, in words, or None when it is not deciding."""
    if obs.current_player != obs.seat or not obs.legal_moves:
        return None
    if obs.phase is RookPhase.BUY:
        buys = obs.buys[obs.seat]
        made = f"; you have bought {buys} this round" if buys else ""
        # Card names such as R10 look like rule ids: rules are cited as "rule R10".
        return (
            f"Seat {obs.turn_seat} drew from the draw pile, so the discard {top} is offered "
            f"to you (rule R10): [bold]buy[/bold] takes {top} [bold]and a penalty card[/bold] "
            f"from the draw pile, unseen until it is in your hand{made}; [bold]pass[/bold] "
            "leaves it."
        )
    if obs.phase is RookPhase.DRAW:
        take = f", or [bold]take[/bold] {top} from the discard pile" if top else ""
        return f"Your turn: [bold]draw[/bold] from the draw pile{take} (rule R9)."
    if obs.phase is RookPhase.PLAY:
        return "Meld, lay off or swap as the rules allow, then discard a card to end your turn."
    return None
