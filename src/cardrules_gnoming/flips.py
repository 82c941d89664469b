"""G15's Hazard flips, as a window the game declares, written as a variant would write one.

When a player discards a Hazard (it leaves the game and goes on no pile, G15),
every other player, in turn from the discarder's left, may flip one of their
own face-down cards, but never their last one: a seat with fewer than two
face-down cards is not asked (the rule point `gnoming_may_flip`). Each asked
seat may act, so the window's limit is the number of seats asked.

The game publishes the point ``after-hazard`` (``about``: the discarder's
seat) and declares this window there (`cardrules.GameSpec.windows`): the
engine asks the seats in order (`cardrules.plugins.windows`), and the game
ends the turn once the window closes (``cardrules_resume``, G17). The act
is the game's own move ``flip P`` and the decline its ``pass``, so their
action ids, notation, narration and tensor planes stay the game's. While
the window is open the round's phase is ``flip`` and its observation's
``pending`` lists the seats still to answer (`deciding_seats`).
"""

from __future__ import annotations

from typing import Any

from cardrules import Chance, Game, IllegalMoveError, Move
from cardrules.model.seats import left_of, seats_from
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.plugins.windows import Offer, Window, window_of
from cardrules_gnoming.moves import FLIPS, PASS, Flip
from cardrules_gnoming.rules import AFTER_HAZARD, explain_illegal
from cardrules_gnoming.state import GnomingPhase, GnomingRound

__all__ = ["AFTER_HAZARD", "FLIP", "HAZARD_FLIPS", "deciding_seats"]


def _offer(game: Game, state: GnomingRound, discarder: int) -> Offer | None:
    may_flip = state.rules.may_flip
    others = seats_from(left_of(discarder, game.players), game.players)[:-1]
    seats = [seat for seat in others if may_flip(state, seat)]
    reason = f"seat {discarder} discarded a Hazard: each other player may flip a face-down card"
    return Offer(seats, reason, limit=len(seats)) if seats else None


def _apply(game: Game, state: GnomingRound, move: Any, chance: Chance) -> None:
    state.deciding_layout.face_up[move.position] = True


def _explain(game: Game, state: GnomingRound, move: Move) -> IllegalMoveError:
    return explain_illegal(state, move, game.rounds)  # G16: a face-up card; else G15


#: The act: ``flip P`` turns up one of the asked seat's face-down cards.
FLIP = MoveKind(
    name="flip",
    type=Flip,
    rule="G15",
    legal=lambda game, state: [FLIPS[p] for p in state.deciding_layout.face_down_positions()],
    apply=_apply,
    narrate=lambda game, before, seat, move, after: [],  # (the game narrates its own moves)
    prompt="flip P   turn up your face-down card at P (a Hazard was discarded)",
    planes=NO_PLANES,
    explain=_explain,
)

#: The window, as the game declares it (`cardrules.GameSpec.windows`).
HAZARD_FLIPS = Window(
    name="hazard-flip", point=AFTER_HAZARD, rule="G15", offer=_offer, act=FLIP, decline=PASS
)


def deciding_seats(state: GnomingRound) -> tuple[int, ...]:
    """The seats still to decide: to be asked for a flip (G15, the seat asked now
    first), or to choose their reveals (G6, the round's ``pending``)."""
    if state.phase is GnomingPhase.FLIP:
        window = window_of(state)
        return () if window is None or window.index != 0 else window.seats[window.asked :]
    return tuple(state.pending)
