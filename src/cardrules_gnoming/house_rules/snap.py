"""The ``snap`` house rule for Gnoming A Round, written as an outside author would write it.

When a card is discarded on a pile (G14), every other player holding a face-up
card equal to it may, out of turn, *snap*: throw that card onto the same pile
and take the top card of the stock face down in its place. The offer goes
round from the discarder's left, and at most one player snaps each discard.
A Hazard, which goes on no pile (G15), cannot be snapped, nor can anything
while the stock is empty.

The whole rule is a window (`cardrules.plugins.windows`) at the game's
``after-discard`` point, acted on with one kind of move (``snap P``, nine
action ids, in the default notation of a kind: its name and the move's
number). The game waits for it, even after a round's last discard, and then
ends the turn as usual: the next turn rebuilds the draw pile if a snap took
its last card (G8). The game's `GnomingRound.replace_from_stock` deals the
stock's top into the layout and keeps the public count of Hazards known to
be in the draw pile (G5).
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules import Chance, Game, Move, VariantSpec
from cardrules.model.seats import left_of, seats_from
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.plugins.windows import Offer, Window, current_window
from cardrules_gnoming.state import GnomingRound

__all__ = ["SNAP", "SPEC", "Snap"]


@attrs.frozen
class Snap(Move):
    """Throw the face-up card at ``position`` onto the discard just made (notation ``snap P``)."""

    position: int

    def __str__(self) -> str:
        return f"snap {self.position}"


def _matching(state: GnomingRound, seat: Any, pile: int) -> list[int]:
    """The positions of ``seat``'s face-up cards equal to the top of discard pile ``pile``."""
    layout, top = state.layouts[seat], state.discards[pile].top
    return [p for p in range(9) if layout.face_up[p] and layout.cards[p] == top]


def _offer(game: Game, state: GnomingRound, pile: int) -> Offer | None:
    others = seats_from(left_of(state.turn_seat or 0, game.players), game.players)[:-1]
    seats = [s for s in others if _matching(state, s, pile)]
    reason = f"{state.discards[pile].top} was discarded: a matching face-up card may snap it"
    return Offer(seats, reason) if seats and state.stock else None


def _apply(game: Game, state: GnomingRound, move: Any, chance: Chance) -> None:
    card = state.replace_from_stock(state.current_player, move.position)  # type: ignore[arg-type]
    state.discards[current_window(state).about].put(card)


def _narrate(game: Game, before: GnomingRound, seat: int, move: Any, after: Any) -> list[str]:
    card = before.layouts[seat].cards[move.position]
    return [f"[bold]seat {seat} snaps[/bold] {card} from {move.position}; takes the stock's top"]


SNAP = MoveKind(
    name="snap",
    type=Snap,
    rule="G14",
    legal=lambda game, state: [
        Snap(p) for p in _matching(state, state.current_player, current_window(state).about)
    ],
    apply=_apply,
    narrate=_narrate,
    prompt="snap P   throw your face-up card at P on the discard; take the stock's top face down",
    planes=NO_PLANES,
    actions=9,
)

#: The variant, as registered by the game plugin.
SPEC = VariantSpec(
    "snap",
    "gnoming-a-round",
    "G14: after a discard, another player may snap a matching face-up card onto it.",
    windows=(Window(name="snap", point="after-discard", rule="G14", offer=_offer, act=SNAP),),
)
