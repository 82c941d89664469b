"""R10's buying, as a window the game declares, written as a variant would write one.

When the turn player draws from the draw pile (R9) and a discard lies on the
pile, the other players are offered it in turn from the turn player's left:
each seat the rule point `rook_may_buy` allows (by default one that has not
laid down, within ``buy_limit``) may ``buy`` it, with a penalty card from the
draw pile (`rook_buy_penalty`), or ``pass``. At most one player buys, so the
window's limit is 1; then (or once all passed) the turn player's draw is
completed (R9).

The game publishes the point ``after-draw`` (``about``: the turn player's
seat) and declares this window there (`cardrules.GameSpec.windows`): the
engine asks the seats in order (`cardrules.plugins.windows`), and the game
completes the draw once the window closes (``cardrules_resume``). The act
is the game's own move ``buy`` and the decline its ``pass``, so their action
ids, notation, narration and tensor planes stay the game's. While the window
is open the round's phase is ``buy`` and its observation's ``offered_to``
lists the seats still to answer (`offered_to`).

A buy reaches the point ``before-buy`` (``about``: the buyer) before it is
carried out, where a variant may open a window of its own (``may-i``: the
turn player may refuse the buy). That window sits on the buy window; when a
seat acts in it the buy is held back: the act is withdrawn
(`cardrules.plugins.windows.withdraw_act`) and the buy window asks its next
seat, as if the buyer had passed. A penalty card that empties the draw pile
ends the round (R16), which closes every window.
"""

from __future__ import annotations

from typing import Any

from cardrules import Chance, Game, IllegalMoveError, Move
from cardrules.errors import quote
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.plugins.variant_state import NO_VARIANT_STATE
from cardrules.plugins.windows import WINDOW, Offer, Window, WindowState, withdraw_act
from cardrules_rook.moves import Buy, Pass
from cardrules_rook.play import AFTER_DRAW, complete_draw, draw_card
from cardrules_rook.refusals import explain_illegal
from cardrules_rook.state import RookPhase, RookRound

__all__ = [
    "AFTER_DRAW",
    "BEFORE_BUY",
    "BUY",
    "BUYING",
    "PASS",
    "WINDOW_POINTS",
    "offered_to",
    "resume",
]

#: Where a buy is about to be carried out (a variant's window may hold it back).
BEFORE_BUY = "before-buy"

#: The buy and pass moves (R10).
BUY, PASS = Buy(), Pass()
_BUY_ONLY: tuple[Move, ...] = (BUY,)


def _offer(game: Game, state: RookRound, turn: int) -> Offer | None:
    if not state.discards:
        return None
    may_buy = state.rules.may_buy  # R10, hook rook_may_buy
    seats = tuple([seat for seat in _OTHERS[state.players][turn] if may_buy(state, seat)])
    if not seats:
        return None
    offer = _OFFERS.get(seats)
    if offer is None:
        offer = _OFFERS[seats] = Offer(seats, _REASON, 1)
    return offer


#: ``_OTHERS[players][turn]``: the other seats in turn from ``turn``'s left (3-5 players).
_OTHERS = {n: [[(t + i) % n for i in range(1, n)] for t in range(n)] for n in range(1, 9)}

#: The offers made so far, by the seats they ask (immutable values, shared).
_OFFERS: dict[tuple[int, ...], Offer] = {}

_REASON = "the turn player drew from the draw pile: the discard may be bought (R10)"


def _apply(game: Game, state: RookRound, move: Any, chance: Chance) -> None:
    seat = state.current_player
    assert seat is not None
    opener = state.rules.open_window
    if opener is not None and opener(state, BEFORE_BUY, seat):
        return  # a variant's window is open: `resume` carries the buy out, or holds it back
    _carry_out(state, seat, chance)


def _carry_out(state: RookRound, seat: int, chance: Chance) -> None:
    """R10: ``seat`` takes the top discard and its penalty cards (the round may end, R16)."""
    state.note_public(seat, BUY)  # bookkeeping: the bought card becomes known (observations)
    penalties = state.rules.buy_penalty(state, seat)  # R10, hook rook_buy_penalty
    state.hands[seat][state.discards.draw().code] += 1
    state.buys[seat] += 1
    for _ in range(penalties):
        penalty = draw_card(state, chance)
        if penalty is None:
            return  # the draw pile ran out: the round is over (R16), every window closed
        state.hands[seat][penalty.code] += 1
        state.note_stock_draw(seat, penalty)  # bookkeeping (observations)


def _explain(game: Game, state: RookRound, move: Move) -> IllegalMoveError:
    return explain_illegal(state, move, game.rounds)  # R10: buy or pass


#: The act: ``buy`` takes the offered discard and a penalty card.
BUY_KIND = MoveKind(
    name="buy",
    type=Buy,
    rule="R10",
    legal=lambda game, state: _BUY_ONLY,
    apply=_apply,
    narrate=lambda game, before, seat, move, after: [],  # (the game narrates its own moves)
    prompt="buy      take the offered discard and a penalty card",
    planes=NO_PLANES,
    explain=_explain,
)

#: The window, as the game declares it (`cardrules.GameSpec.windows`).
BUYING = Window(name="buy", point=AFTER_DRAW, rule="R10", offer=_offer, act=BUY_KIND, decline=PASS)

#: The points where a window may open (`cardrules.plugins.windows`), and what ``about``
#: says there.
WINDOW_POINTS = {
    AFTER_DRAW: (
        "the turn player drew from the draw pile with a discard on the pile (about: the turn "
        "player's seat): the game's own window offers the discard to buy first (R10), and "
        "the draw is completed once the windows close (R9)"
    ),
    BEFORE_BUY: (
        "a player chose to buy the discard (about: the buyer's seat), before the buy is "
        "carried out: if a seat acts in a window here, the buy is held back and the offer "
        "passes on as if the buyer had passed (R10)"
    ),
}


def resume(
    game: Game, state: RookRound, point: str, about: Any, acted: tuple[int, ...], chance: Chance
) -> None:
    """Carry on once the windows at ``point`` closed (see `WINDOW_POINTS`).

    At ``"after-draw"`` the turn player's draw is completed (R9; the round
    ends if the draw pile runs out, R16). At ``"before-buy"`` the buy of seat
    ``about`` is carried out (R10), or, when a seat acted in a window there,
    held back: the buy is withdrawn from the buy window, which offers the
    discard on.

    Raises:
        ValueError: ``point`` is not one of `WINDOW_POINTS`.
    """
    if point == AFTER_DRAW:
        complete_draw(state, chance)
    elif point == BEFORE_BUY:
        if acted:
            withdraw_act(game, state)
        else:
            _carry_out(state, about, chance)
    else:
        raise ValueError(f"not a window point of Toonerville Rook: {quote(point)}")


def offered_to(state: RookRound) -> tuple[int, ...]:
    """R10: the seats still to be offered the discard, the seat asked now first.

    They are the buy window's (open, or under a variant's window opened inside
    a buy); ``()`` outside the buy phase.
    """
    if state.phase is not _BUY:
        return ()
    states = state.variant_states
    window: WindowState | None = None if states is NO_VARIANT_STATE else states.get(WINDOW)
    if window is None:
        return ()
    if window.point is None or window.index != 0:
        window = next((w for w in reversed(window.outer) if w.index == 0), None)
        if window is None:
            return ()
    return window.seats[window.asked :]


_BUY = RookPhase.BUY
