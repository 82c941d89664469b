"""What one seat may know of a Gnoming A Round round.

An observation shows every face-up card and the discard piles, and hides every
face-down card, *including the observer's own* (G4: a player does not know
their face-down cards), the order of the draw pile, and a card drawn from the
draw pile from everyone but the drawer.

It is *complete*: everything the seat may know, so that
`cardrules_gnoming.determinize` can rebuild a state from it alone. Every card
drawn from the draw pile is shown when it is placed or discarded (G10-G15),
and a card displaced from a layout is shown before it moves on (G12), so the
public history of hidden cards comes down to two facts, both reported:

* after a rebuild (G8), which cards the draw pile holds (``draw_pile_cards``);
* how many Hazards shuffled back while starting the discard piles are still in
  the draw pile (G5 option; ``draw_pile_hazards``).

Every other unseen card may be in any face-down position, in the draw pile, or
be a card held from it and hidden from the seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from cardrules.model.moves import Move
from cardrules.plugins.known_cards import KnownCard
from cardrules.svg.canvas import svg_of
from cardrules_gnoming.cards import Card
from cardrules_gnoming.flips import deciding_seats
from cardrules_gnoming.hidden import draw_pile_cards, draw_pile_hazards, held_is_hidden
from cardrules_gnoming.state import GnomingPhase, GnomingRound, RoundRules

__all__ = ["GnomingObservation", "filled_positions", "observe"]


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
        held_from: ``"stock"``, 0 or 1 while a drawn card is in hand; ``None``
            for a card displaced from a layout (shown to all) or no card.
        filled_positions: turn player's positions that received a card this turn.
        ender: the seat that ended the round, if any (G17).
        out_of_play: cards removed from the game (Hazards, G5, G15), earlier
            rounds' included unless ``hazards_return_each_round``: public.
        kept_hazard: the turn player drew a Hazard this turn and placed it
            (G14 option ``hazard_drawer_need_not_restart``; public once placed).
        rebuilds: draw-pile rebuilds so far this round (G8).
        starter: the seat that took the round's first turn (G7).
        pending: seats still to choose their reveals (G6), or still to be
            offered a flip after a Hazard discard (G15), the deciding seat
            first: exactly the seats that will be asked, in order (a seat the
            rules skip, with fewer than two face-down cards, is not listed).
        mulligans_at_turn_start: face-up Mulligans in the turn player's layout
            when the turn began (G13: a turn may keep that many).
        final_turns_left: turns still due after the ender's (G17).
        ended_by: ``"ender"`` (G17), ``"stock"`` (G8), or ``None`` while playing.
        draw_pile_cards: after a rebuild (G8), the cards of the draw pile plus
            a held card drawn from it and hidden from this seat, as a multiset
            sorted by `cardrules_gnoming.hidden.card_order`; ``None`` before any
            rebuild, or once a card left the rebuilt pile unseen (a house rule's
            `cardrules_gnoming.state.GnomingRound.replace_from_stock`): the draw
            pile may then hold any unseen card.
        draw_pile_hazards: Hazards known to be in the draw pile (or in a held
            card hidden from this seat): turned up while starting a discard
            pile and shuffled back (G5, ``start_pile_hazard="shuffle-back"``),
            less those that may have come out of it since (a lower bound; a
            Hazard turned up right after a shuffle-back is another one). 0 with
            the default options.
        round_scores: scores of the rounds already finished.
        legal_moves: the observer's legal moves when it is deciding, else ``()``.
        history: the round's moves so far, as ``(seat, move)`` pairs in order
            (public: every move is played in the open); from the engine a
            `cardrules.engine.history.RoundHistory`, which behaves as a tuple of them.
        rules: the rules of the game, variants included (a
            `cardrules_gnoming.rulebook.Rulebook`, public: every player knows
            them), for bots that estimate scores as the game will score them.
            Not part of the observation's equality; ``None`` when the
            observation was built without them.
        variant_views: ``(variant name, view)`` pairs: what each chosen
            variant that keeps state shows this seat of it (filled in by the
            engine; read with `cardrules.plugins.variant_state.variant_view`); ``()``
            without such variants.
        known: the face-down layout cards this seat knows though it cannot
            see them (`cardrules.plugins.known_cards.KnownCard`: a place
            ``("layout", seat)``, a position, the card), marked by variants
            such as ``peek`` and filled in by the engine; ``()`` without them.
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
    kept_hazard: bool
    ender: int | None
    out_of_play: tuple[Card, ...]
    rebuilds: int
    starter: int
    pending: tuple[int, ...]
    mulligans_at_turn_start: int
    final_turns_left: int
    ended_by: str | None
    draw_pile_cards: tuple[Card, ...] | None
    draw_pile_hazards: int
    round_scores: tuple[tuple[int, ...], ...]
    legal_moves: tuple[Move, ...]
    history: Sequence[tuple[int, Move]] = ()
    rules: RoundRules | None = attrs.field(default=None, eq=False, repr=False)
    variant_views: tuple[tuple[str, Any], ...] = ()
    known: tuple[KnownCard, ...] = ()

    @property
    def own_layout(self) -> tuple[Card | None, ...]:
        """The observer's layout (``None`` where face down)."""
        return self.layouts[self.seat]

    def _repr_svg_(self) -> str:
        """The observation drawn as SVG (Jupyter shows it; `cardrules_gnoming.svg` draws it)."""
        return svg_of(self)


def filled_positions(filled: int) -> tuple[int, ...]:
    """The positions set in ``filled`` (`GnomingRound.filled`, a bitmask of 9 bits), increasing."""
    return _POSITIONS[filled]


#: ``_POSITIONS[mask]``: the positions set in a 9-bit mask, for each of the 512 masks.
_POSITIONS = tuple(tuple(p for p in range(9) if mask >> p & 1) for mask in range(512))


def observe(
    state: GnomingRound,
    seat: int,
    round_scores: tuple[tuple[int, ...], ...],
    legal_moves: tuple[Move, ...],
    history: Sequence[tuple[int, Move]] = (),
) -> GnomingObservation:
    """Build ``seat``'s observation of ``state``.

    Args:
        state: the round.
        seat: the observer, ``0 .. players-1``.
        round_scores: scores of finished rounds.
        legal_moves: the current legal moves (kept only if ``seat`` decides now).
        history: the round's ``(seat, move)`` pairs so far.
    """
    held = None if held_is_hidden(state, seat) else state.held
    # Positional, in field order (keywords cost more than the rest of the call).
    return GnomingObservation(
        seat,  # seat
        state.players,  # players
        state.round,  # round
        state.phase,  # phase
        state.current_player,  # current_player
        state.turn_seat,  # turn_seat
        tuple([layout.visible() for layout in state.layouts]),  # layouts
        (state.discards[0].cards(), state.discards[1].cards()),  # discard_piles
        len(state.stock),  # draw_pile_size
        held,  # held_card
        state.drawn_from,  # held_from
        filled_positions(state.filled),  # filled_positions
        state.kept_hazard,  # kept_hazard
        state.ender,  # ender
        tuple(state.out_of_play),  # out_of_play
        state.rebuilds,  # rebuilds
        state.starter,  # starter
        deciding_seats(state),  # pending
        state.mulligans_at_turn_start,  # mulligans_at_turn_start
        state.final_turns_left,  # final_turns_left
        state.ended_by,  # ended_by
        draw_pile_cards(state, seat),  # draw_pile_cards
        draw_pile_hazards(state, seat),  # draw_pile_hazards
        round_scores,  # round_scores
        legal_moves if seat == state.current_player else (),  # legal_moves
        history,  # history
        state.rules,  # rules
    )
