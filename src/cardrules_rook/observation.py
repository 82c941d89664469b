"""What one seat may know of a Toonerville Rook round.

An observation shows the seat's own hand, every meld on the table, the whole
discard pile, hand sizes and buys; it hides the other hands (only their sizes
show) and the order of the draw pile.

It is *complete*: everything the seat may know, so that
`cardrules_rook.determinize` can rebuild a state from it alone. Besides what
lies in the open, that is the public history of hidden cards:

* a card taken from the discard pile (R9), bought (R10) or taken back by a
  swap (R14) is known to be in that player's hand until a card of its kind
  leaves that hand in the open (``known_cards``). A buyer's penalty card, and
  every card drawn from the draw pile, is seen by its taker only;
* when the draw pile is rebuilt (R16), the cards it is made of were the
  discard pile: the draw pile holds only those, less the ones the seat drew
  from it since (``rebuilt_draw_pile``, ``drawn_from_rebuilt``);
* each other seat drew some of the rest, each in that seat's hand unless it
  has played it in the open since: all see how many cards each seat drew
  from the rebuilt pile (``rebuilt_draw_counts``) and which cards it played
  after drawing that may be some of them (``rebuilt_draw_plays``).

Every other hidden card may be anywhere hidden from the seat: in another hand
or the draw pile, in any order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.model.moves import Move
from cardrules.svg.canvas import svg_of
from cardrules_rook.buying import offered_to
from cardrules_rook.cards import POINTS, Card, card_of_code, cards_of_counts
from cardrules_rook.contracts import Contract
from cardrules_rook.melds import Meld, MeldRules
from cardrules_rook.state import RookPhase, RookRound

__all__ = ["RookObservation", "cards_of_counts", "observe"]


@attrs.frozen
class RookObservation:
    """One seat's view of a round.

    Attributes:
        seat: the observing seat.
        players: number of seats.
        round: index of the round, from 0.
        contract: the round's contract (R4).
        whole_hand: this round's lay-down must use every card (R12).
        meld_rules: how many Rooks a meld may hold in this game (R7/R8 options;
            with a variant's ``rook_meld_valid`` hook as its ``judge``).
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
        offered_to: seats still to be offered the discard, next first (R10): the
            game's buy window's (`cardrules_rook.buying.offered_to`).
        lay_down_left: ``(sets, runs)`` still to lay in a lay-down begun this turn.
        went_down_this_turn: the turn player laid down this turn (R11: when
            laying off may start, and whether extra melds are allowed).
        owed_rooks: Rooks the turn player took by a swap and must still play (R14).
        owed_before_down: those Rooks were taken before the turn player laid
            down, so they must be played in the lay-down itself (R14).
        rebuilds: draw-pile rebuilds so far this round (R16).
        went_out: the seat that went out, if any.
        ended_by: ``"out"`` (R12), ``"stock"`` (R16), or ``None`` while playing.
        known_cards: per seat ``0 .. players-1``, the cards known to everyone
            to be in that hand, in code order (a sub-multiset of the hand):
            taken from the discard pile (R9), bought (R10) or taken back by a
            swap (R14), less one of a kind each time a card of that kind left
            that hand in the open (identical cards are one card, R2).
        rebuilt_draw_pile: the cards the draw pile was last rebuilt from (the
            discard pile but its top card, R16), in code order; ``()`` before
            any rebuild. The draw pile holds only cards of this multiset.
        drawn_from_rebuilt: the cards this seat drew from the rebuilt draw
            pile since that rebuild (its draws and penalty cards), in code
            order; they are no longer in the draw pile.
        rebuilt_draw_counts: per seat ``0 .. players-1``, how many cards it
            drew from the rebuilt draw pile since that rebuild (draws and
            penalty cards, R10); all 0 before any rebuild. Each of those cards
            is in that seat's hand unless it played it in the open since.
        rebuilt_draw_plays: per seat ``0 .. players-1``, the cards it played
            in the open since the rebuild, after drawing from the rebuilt
            pile, that may be cards it drew: of a kind in
            ``rebuilt_draw_pile`` and not taken to be one of its
            ``known_cards`` (a played card of a kind known to be in the hand
            is that known card). In the order played, each as ``(cards the
            seat had drawn from the rebuilt pile by then, card)``.
        round_scores: scores of the rounds already finished.
        legal_moves: the observer's legal moves when it is deciding, else ``()``.
        history: the round's moves so far, as ``(seat, move)`` pairs in order
            (public: every move is played in the open); from the engine a
            `cardrules.engine.history.RoundHistory`, which behaves as a tuple of them.
        card_points: what each card code 0-56 scores left in hand in this
            game (R17; hook ``rook_card_points``); game configuration, left
            out of the repr.
        variant_views: ``(variant name, view)`` pairs: what each chosen
            variant that keeps state shows this seat of it (filled in by the
            engine; read with `cardrules.plugins.variant_state.variant_view`); ``()``
            without such variants.
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
    went_down_this_turn: bool
    owed_rooks: int
    owed_before_down: bool
    rebuilds: int
    went_out: int | None
    ended_by: str | None
    known_cards: tuple[tuple[Card, ...], ...]
    rebuilt_draw_pile: tuple[Card, ...]
    drawn_from_rebuilt: tuple[Card, ...]
    rebuilt_draw_counts: tuple[int, ...]
    rebuilt_draw_plays: tuple[tuple[tuple[int, Card], ...], ...]
    round_scores: tuple[tuple[int, ...], ...]
    legal_moves: tuple[Move, ...]
    history: Sequence[tuple[int, Move]] = ()
    card_points: tuple[int, ...] = attrs.field(default=POINTS, repr=False)
    variant_views: tuple[tuple[str, Any], ...] = ()

    def _repr_svg_(self) -> str:
        """The observation drawn as SVG (Jupyter shows it; `cardrules_rook.svg` draws it)."""
        return svg_of(self)


def observe(
    state: RookRound,
    seat: int,
    round_scores: tuple[tuple[int, ...], ...],
    legal_moves: tuple[Move, ...],
    history: Sequence[tuple[int, Move]] = (),
) -> RookObservation:
    """Build ``seat``'s observation of ``state`` (see `RookObservation`).

    Args:
        state: the round.
        seat: the observer, ``0 .. players-1``.
        round_scores: scores of finished rounds.
        legal_moves: the current legal moves (kept only if ``seat`` decides now).
        history: the round's ``(seat, move)`` pairs so far.
    """
    public = _public_cards(state)
    # Positional, in field order (keywords cost more than the rest of the call).
    return RookObservation(
        seat,  # seat
        state.players,  # players
        state.round,  # round
        state.contract,  # contract
        state.whole_hand,  # whole_hand
        state.rules.meld_rules,  # meld_rules
        state.dealer,  # dealer
        state.phase,  # phase
        state.current_player,  # current_player
        state.turn_seat,  # turn_seat
        cards_of_counts(state.hands[seat]),  # hand
        tuple(map(sum, state.hands)),  # hand_sizes
        tuple(state.table),  # table
        tuple(state.owners),  # owners
        state.discards.cards(),  # discard_pile
        len(state.stock),  # draw_pile_size
        tuple(state.down),  # down
        tuple(state.buys),  # buys
        offered_to(state),  # offered_to
        state.lay_down_left,  # lay_down_left
        state.went_down_this_turn,  # went_down_this_turn
        state.owed_rooks,  # owed_rooks
        state.owed_before_down,  # owed_before_down
        state.rebuilds,  # rebuilds
        state.went_out,  # went_out
        state.ended_by,  # ended_by
        public[0],  # known_cards
        public[1],  # rebuilt_draw_pile
        _row_cards(state.rebuilt_draws[seat]),  # drawn_from_rebuilt
        public[2],  # rebuilt_draw_counts
        public[3],  # rebuilt_draw_plays
        round_scores,  # round_scores
        legal_moves if seat == state.current_player else (),  # legal_moves
        history,  # history
        state.rules.points,  # card_points
    )


#: Each public part of the round states observed lately, worked out once: by the
#: identity of the round's (immutable, replaced-on-change) tuple it comes from, one
#: dict per part. Each entry holds its tuple, so the id is not reused while it is kept.
_PUBLIC: tuple[dict[int, tuple[Any, Any]], ...] = ({}, {}, {}, {})
_PUBLIC_LIMIT = 1024


def _row_cards(row: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of one seat's row of 57 counts (an immutable tuple of the round).

    A move changes one seat's row and keeps the others' tuples, so rows are
    looked up by identity (`_ROWS`) before their counts are read.
    """
    entry = _ROWS.get(id(row))
    if entry is None or entry[0] is not row:
        if len(_ROWS) >= _PUBLIC_LIMIT:
            _ROWS.clear()
        entry = _ROWS[id(row)] = (row, cards_of_counts(row))
    return entry[1]


#: The cards of each row of counts seen lately, by the row's identity (as `_PUBLIC`).
_ROWS: dict[int, tuple[tuple[int, ...], tuple[Card, ...]]] = {}


def _known_rows(known: tuple[tuple[int, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(map(_row_cards, known))


def _draw_counts(draws: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(map(sum, draws))


def _plays(
    plays: tuple[tuple[tuple[int, int], ...], ...],
) -> tuple[tuple[tuple[int, Card], ...], ...]:
    return tuple(tuple((drawn, card_of_code(code)) for drawn, code in row) for row in plays)


_CONVERT: tuple[Callable[[Any], Any], ...] = (_known_rows, cards_of_counts, _draw_counts, _plays)


def _public_cards(state: RookRound) -> tuple[Any, ...]:
    """``(known_cards, rebuilt_draw_pile, rebuilt_draw_counts, rebuilt_draw_plays)`` of an
    observation: each changes seldom (and alone), so each is worked out once per change."""
    found = []
    for kept, convert, part in zip(
        _PUBLIC,
        _CONVERT,
        (state.known, state.rebuilt, state.rebuilt_draws, state.rebuilt_plays),
        strict=True,
    ):
        entry = kept.get(id(part))
        if entry is None or entry[0] is not part:
            if len(kept) >= _PUBLIC_LIMIT:
                kept.clear()
            entry = kept[id(part)] = (part, convert(part))
        found.append(entry[1])
    return tuple(found)
