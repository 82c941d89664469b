"""The ``knock`` house rule for Gnoming A Round, written as an outside author would write it.

Instead of drawing (G9), a player with at least ``knock.min_face_up`` cards
face up (default 6) may *knock*, while nobody has ended the round yet. The
knocker's turn ends at once and the knocker becomes the round's ender (G17):
every other player then has exactly one more turn, and G23's bonus or penalty
applies to the knocker as usual.

It uses only public API: the game's rule points for the ways a turn may start
(`gnoming_turn_starts`, G9) and for who becomes the ender
(`gnoming_ends_round`, G17), a variant state that remembers who knocked, and a
move kind for the move itself (notation ``knock``, one action id, one tensor
plane). The game ends the turn (`cardrules_gnoming.rules.end_turn`) and does
the rest.
"""

from __future__ import annotations

from collections.abc import Generator

import attrs

from cardrules import Chance, Game, IllegalMoveError, Move, hookimpl
from cardrules.plugins.knocking import Knock, KnockState, knock_kind, knock_variant
from cardrules.plugins.options import whole_number
from cardrules.plugins.variant_state import (
    set_variant_state,
    variant_state,
)
from cardrules_gnoming.rules import end_turn
from cardrules_gnoming.state import GnomingRound

__all__ = ["KNOCK", "SPEC", "Knock", "KnockOptions", "KnockRules", "KnockState"]


@attrs.frozen
class KnockOptions:
    """Options of the variant: knock with at least ``min_face_up`` cards face up (0-9).

    Attributes:
        min_face_up: G9. Face-up cards a layout needs before its owner may knock
            instead of drawing (6; 0 to 9).
    """

    min_face_up: int = attrs.field(default=6, validator=whole_number(0, 9))


def may_knock(game: Game, state: GnomingRound) -> bool:
    """Whether the turn player, about to draw, may knock instead."""
    seat = state.turn_seat
    minimum: int = game.variant_options["knock"].min_face_up
    return (
        state.ender is None
        and seat is not None
        and state.layouts[seat].face_up.count(True) >= minimum
    )


class KnockRules:
    """G9: a knock is one more way to start a turn; G17: the knocker is the ender."""

    @hookimpl(wrapper=True)
    def gnoming_turn_starts(
        self, game: Game, state: GnomingRound
    ) -> Generator[None, list[Move], list[Move]]:
        moves = yield
        return [*moves, Knock()] if may_knock(game, state) else moves

    @hookimpl
    def gnoming_ends_round(self, state: GnomingRound, seat: int) -> bool | None:
        return True if variant_state(state, "knock").knocker == seat else None


def _apply(game: Game, state: GnomingRound, move: Move, chance: Chance) -> None:
    set_variant_state(state, "knock", KnockState(knocker=state.turn_seat))
    end_turn(state, chance)


KNOCK = knock_kind(
    rule="G9",
    legal=lambda game, state: (),  # listed with the draws, by gnoming_turn_starts (G9)
    apply=_apply,
    narrate=lambda game, before, seat, move, after: [
        f"[bold]seat {seat} knocks[/bold]: every other player has one last turn"
    ],
    prompt="knock    instead of drawing: end the round; every other player has one last turn",
    explain=lambda game, state, move: IllegalMoveError(
        "G9",
        "knock: only instead of drawing, before anyone has ended the round, with at least "
        f"{game.variant_options['knock'].min_face_up} cards face up",
        move=move,
        seat=state.current_player,
    ),
)

#: The variant, as registered by the game plugin.
SPEC = knock_variant(
    "gnoming-a-round",
    "G9: with 6+ cards face up, knock instead of drawing and become the ender (G17).",
    KNOCK,
    plugin=KnockRules(),
    options_type=KnockOptions,
)
