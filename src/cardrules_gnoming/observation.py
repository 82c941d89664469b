"""What one seat may know of a Gnoming A Round round.

An observation shows every face-up card and the discard piles, and hides every
face-down card, *including the observer's own* (G4: a player does not know
their face-down cards), the order of the draw pile, and a card drawn from the
draw pile from everyone but the drawer.
"""

from __future__ import annotations

import attrs

from cardrules.moves import Move
from cardrules_gnoming.cards import Card
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingPhase, GnomingRound

__all__ = ["GnomingObservation", "observe"]


@attrs.frozen
class GnomingObservation:
    """One seat's view of a round.

    Attributes:
        seat: the observing seat.
        players: number of seats.
        round: index of the round, from 0.
        phase: what the deciding player is asked.
        current_player: the seat deciding now (``None`` once over).
        turn_seat: the seat whose turn it is (``None`` while choosing reveals).
        layouts: per seat, nine entries row by row: the card if face up,
            ``None`` if face down.
        discard_piles: the two discard piles, bottom first (all seen when discarded).
        draw_pile_size: cards left in the draw pile.
        held_card: the card in hand, or ``None``; a card drawn from the draw
            pile is shown to the drawer only.
        held_from: ``"stock"``, 0 or 1 while a drawn card is in hand.
        filled_positions: turn player's positions that received a card this turn.
        ender: the seat that ended the round, if any (G17).
        out_of_play: cards removed from the round (discarded Hazards).
        rebuilds: draw-pile rebuilds so far this round (G8).
        round_scores: scores of the rounds already finished.
        legal_moves: the observer's legal moves when it is deciding, else ``()``.
        history: the round's moves so far, as ``(seat, move)`` pairs in order
            (public: every move is played in the open).
    """

    seat: int
    players: int
    round: int
    phase: GnomingPhase
    current_player: int | None
    turn_seat: int | None
    layouts: tuple[tuple[Card | None, ...], ...]
    discard_piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    draw_pile_size: int
    held_card: Card | None
    held_from: str | int | None
    filled_positions: tuple[int, ...]
    ender: int | None
    out_of_play: tuple[Card, ...]
    rebuilds: int
    round_scores: tuple[tuple[int, ...], ...]
    legal_moves: tuple[Move, ...]
    history: tuple[tuple[int, Move], ...] = ()

    @property
    def own_layout(self) -> tuple[Card | None, ...]:
        """The observer's layout (``None`` where face down)."""
        return self.layouts[self.seat]


def observe(
    state: GnomingRound,
    seat: int,
    round_scores: tuple[tuple[int, ...], ...],
    legal_moves: tuple[Move, ...],
    history: tuple[tuple[int, Move], ...] = (),
) -> GnomingObservation:
    """Build ``seat``'s observation of ``state``.

    Args:
        state: the round.
        seat: the observer, ``0 .. players-1``.
        round_scores: scores of finished rounds.
        legal_moves: the current legal moves (kept only if ``seat`` decides now).
    """
    held = state.held
    if held is not None and state.drawn_from == STOCK and seat != state.turn_seat:
        held = None
    return GnomingObservation(
        seat=seat,
        players=state.players,
        round=state.round,
        phase=state.phase,
        current_player=state.current_player,
        turn_seat=state.turn_seat,
        layouts=tuple(layout.visible() for layout in state.layouts),
        discard_piles=(state.discards[0].cards(), state.discards[1].cards()),
        draw_pile_size=len(state.stock),
        held_card=held,
        held_from=state.drawn_from,
        filled_positions=tuple(p for p in range(9) if state.filled >> p & 1),
        ender=state.ender,
        out_of_play=tuple(state.out_of_play),
        rebuilds=state.rebuilds,
        round_scores=round_scores,
        legal_moves=legal_moves if seat == state.current_player else (),
        history=history,
    )
