"""House rule ``knock`` for Toonerville Rook, written as an outside author would write it.

A player who has laid down (R11) may, instead of discarding (R12), *knock*:
the round ends at once when the cards left in their hand are worth at most
``knock.max_points`` points (R17; default 15). The knocker scores 0 and every
other player scores their hand, as when a player goes out (R12, R17).

It uses only public API: a variant state (`cardrules.plugins.variant_state`) keeps who
knocked, a move kind (`cardrules.plugins.variant_moves`) adds the move, and a wrapper
of the core scoring hook gives the knocker 0.
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
from cardrules_rook.play import end_round
from cardrules_rook.scoring import hand_points
from cardrules_rook.state import RookPhase, RookRound

__all__ = ["KNOCK", "Knock", "KnockOptions", "KnockState"]


@attrs.frozen
class KnockOptions:
    """Options of the variant: knock with a hand worth at most ``max_points`` (R17 points).

    Attributes:
        max_points: R12, R17. The most a hand left may be worth (in R17's points)
            for a player who is down to knock instead of discarding (15).
    """

    max_points: int = attrs.field(default=15, validator=whole_number(0))


def _may_knock(game: Game, state: RookRound) -> bool:
    seat = state.current_player
    return (
        seat is not None
        and state.phase is RookPhase.PLAY
        and state.down[seat]
        and state.lay_down_left is None
        and not state.owed_rooks
        and hand_points(state.hand(seat)) <= game.variant_options["knock"].max_points
    )


def _apply(game: Game, state: RookRound, move: Move, chance: Chance) -> None:
    set_variant_state(state, "knock", KnockState(knocker=state.current_player))
    end_round(state, "knock")


class KnockRules:
    """Scoring: the knocker scores 0 (R17 otherwise unchanged)."""

    @hookimpl(wrapper=True)
    def cardrules_score_round(
        self, game: Game, state: RookRound
    ) -> Generator[None, tuple[int, ...], tuple[int, ...]]:
        scores = yield
        knocker = variant_state(state, "knock").knocker
        return tuple(0 if seat == knocker else score for seat, score in enumerate(scores))


def _refusal(game: Game, state: RookRound, move: Move) -> IllegalMoveError:
    limit = game.variant_options["knock"].max_points
    return IllegalMoveError(
        "R12",
        f"knock: only after laying down, instead of discarding, with a hand worth at most {limit} "
        "points",
        move=move,
    )


KNOCK = knock_kind(
    rule="R12",
    legal=lambda game, state: (Knock(),) if _may_knock(game, state) else (),
    apply=_apply,
    narrate=lambda game, before, seat, move, after: [f"[bold]seat {seat} knocks[/bold]"],
    prompt="knock    end the round instead of discarding (hand worth at most the limit)",
    explain=_refusal,
)

#: The variant, as registered by the Rook plugin.
SPEC = knock_variant(
    "toonerville-rook",
    "R12: after laying down, knock instead of discarding with a hand worth <= 15 points.",
    KNOCK,
    plugin=KnockRules(),
    options_type=KnockOptions,
)
