"""What one seat may know of a Toonerville Rook round.

An observation shows the seat's own hand, every meld on the table, the whole
discard pile, hand sizes and buys; it hides the other hands (only their sizes
show) and the order of the draw pile.
"""

from __future__ import annotations

import attrs

from cardrules.moves import Move
from cardrules_rook.cards import Card
from cardrules_rook.contracts import Contract
from cardrules_rook.melds import Meld, MeldRules
from cardrules_rook.state import RookPhase, RookRound

__all__ = ["RookObservation", "observe"]


@attrs.frozen
class RookObservation:
    """One seat's view of a round.

    Attributes:
        seat: the observing seat.
        players: number of seats.
        round: index of the round, from 0.
        contract: the round's contract (R4).
        whole_hand: this round's lay-down must use every card (R12).
        meld_rules: how many Rooks a meld may hold in this game (R7/R8 options).
        dealer: the dealing seat (R6).
        phase: what the deciding player is asked.
        current_player: the seat deciding now (``None`` once over).
        turn_seat: the seat whose turn it is.
        hand: the observer's own cards, in code order.
        hand_sizes: how many cards each seat holds.
        table: the melds on the table, in the order laid.
        owners: the seat that laid each table meld.
        discard_pile: the discard pile, bottom first (every card was seen).
        draw_pile_size: cards left in the draw pile.
        down: per seat, whether it has laid down (R11).
        buys: per seat, buys made this round (R10).
        offered_to: seats still to be offered the discard (R10).
        lay_down_left: ``(sets, runs)`` still to lay in a lay-down begun this turn.
        owed_rooks: Rooks the turn player took by a swap and must still play (R14).
        went_out: the seat that went out, if any.
        round_scores: scores of the rounds already finished.
        legal_moves: the observer's legal moves when it is deciding, else ``()``.
        history: the round's moves so far, as ``(seat, move)`` pairs in order
            (public: every move is played in the open).
    """

    seat: int
    players: int
    round: int
    contract: Contract
    whole_hand: bool
    meld_rules: MeldRules
    dealer: int
    phase: RookPhase
    current_player: int | None
    turn_seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    discard_pile: tuple[Card, ...]
    draw_pile_size: int
    down: tuple[bool, ...]
    buys: tuple[int, ...]
    offered_to: tuple[int, ...]
    lay_down_left: tuple[int, int] | None
    owed_rooks: int
    went_out: int | None
    round_scores: tuple[tuple[int, ...], ...]
    legal_moves: tuple[Move, ...]
    history: tuple[tuple[int, Move], ...] = ()


def observe(
    state: RookRound,
    seat: int,
    round_scores: tuple[tuple[int, ...], ...],
    legal_moves: tuple[Move, ...],
    history: tuple[tuple[int, Move], ...] = (),
) -> RookObservation:
    """Build ``seat``'s observation of ``state`` (see `RookObservation`)."""
    return RookObservation(
        seat=seat,
        players=state.players,
        round=state.round,
        contract=state.contract,
        whole_hand=state.whole_hand,
        meld_rules=state.options.meld_rules,
        dealer=state.dealer,
        phase=state.phase,
        current_player=state.current_player,
        turn_seat=state.turn_seat,
        hand=state.hand(seat),
        hand_sizes=tuple(state.hand_size(s) for s in range(state.players)),
        table=tuple(state.table),
        owners=tuple(state.owners),
        discard_pile=state.discards.cards(),
        draw_pile_size=len(state.stock),
        down=tuple(state.down),
        buys=tuple(state.buys),
        offered_to=tuple(state.pending),
        lay_down_left=state.lay_down_left,
        owed_rooks=state.owed_rooks,
        went_out=state.went_out,
        round_scores=round_scores,
        legal_moves=legal_moves if seat == state.current_player else (),
        history=history,
    )
