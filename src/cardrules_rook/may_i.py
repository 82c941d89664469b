"""House rule ``may-i`` for Toonerville Rook, written as an outside author would write it.

When another player asks to buy the discard (R10), the player whose turn it
is may *refuse* the buy, once per round: the buyer then does not get the
card (nor a penalty card), and the discard is offered on as if the buyer had
passed. A player who has refused once this round is not asked again.

It uses only public API: a window (`cardrules.plugins.windows`) at the game's
``before-buy`` point asks the turn player, a move kind adds ``refuse`` (one
action id, and a plane of who has refused this round), and a variant state
keeps who has refused. The game holds the buy back when someone acted in the
window (withdrawing it from the game's own buy window, `cardrules_rook.buying`,
which then offers the discard on), and carries it out otherwise.
"""

from __future__ import annotations

import attrs

from cardrules import Chance, Game, Move, VariantSpec
from cardrules.plugins.variant_moves import MoveKind
from cardrules.plugins.variant_state import (
    StateSpec,
    set_variant_state,
    variant_state,
    variant_view,
)
from cardrules.plugins.windows import Offer, Window
from cardrules_rook.state import RookRound

__all__ = ["REFUSE", "SPEC", "MayIState", "Refuse"]


@attrs.frozen
class MayIState:
    """The seats that have refused a buy this round, in order."""

    refused: tuple[int, ...] = ()


@attrs.frozen
class Refuse(Move):
    """Refuse the buy another player asked for (notation ``refuse``)."""

    def __str__(self) -> str:
        return "refuse"


def _offer(game: Game, state: RookRound, buyer: int) -> Offer | None:
    turn, top = state.turn_seat, state.discards.top
    reason = f"seat {buyer} asks to buy {top}: seat {turn} may refuse, once a round"
    return None if turn in variant_state(state, "may-i").refused else Offer((turn,), reason)


def _apply(game: Game, state: RookRound, move: Move, chance: Chance) -> None:
    refused = variant_state(state, "may-i").refused
    set_variant_state(state, "may-i", MayIState((*refused, state.turn_seat)))


def _refused_row(game: Game, refused: tuple[int, ...], seat: int) -> list[int]:
    """1 at each seat that has refused this round, by relative seat."""
    return [int((seat + step) % game.players in refused) for step in range(game.players)]


REFUSE = MoveKind(
    name="refuse",
    type=Refuse,
    rule="R10",
    legal=lambda game, state: [Refuse()],
    apply=_apply,
    narrate=lambda game, before, seat, move, after: [
        f"[bold]seat {seat} refuses the buy[/bold]: {before.discards.top} is offered on"
    ],
    prompt="refuse   hold back the buy another player asked for (once a round)",
    planes=lambda game: (("refused", (game.players,), "1 at seats that refused, relative"),),
    encode=lambda game, obs: _refused_row(game, variant_view(obs, "may-i").refused, obs.seat),
    encode_state=lambda game, state, seat: _refused_row(
        game, variant_state(state, "may-i").refused, seat
    ),
)

#: The variant, as registered by the game plugin.
SPEC = VariantSpec(
    "may-i",
    "toonerville-rook",
    "R10: the player whose turn it is may refuse another player's buy, once a round.",
    state=StateSpec(type=MayIState),
    windows=(Window(name="may-i", point="before-buy", rule="R10", offer=_offer, act=REFUSE),),
)
