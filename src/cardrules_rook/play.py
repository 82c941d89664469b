"""Applying a Toonerville Rook move to the round (R9-R16), and the hand and table helpers it shares.

``apply_move`` trusts that the move is legal (`cardrules_rook.legal` lists the
legal moves); the engine checks before calling it.
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.errors import quote
from cardrules.model.chance import Chance
from cardrules.model.moves import Move
from cardrules.model.piles import Pile
from cardrules_rook.cards import ROOK_CODE, Card, natural
from cardrules_rook.melds import Meld, MeldRules, RunMeld, SetMeld, grown_run
from cardrules_rook.moves import Discard, Draw, LayDown, LayOff, MeldDown, Swap, Take
from cardrules_rook.state import RookPhase, RookRound

#: Where the game offers the discard to buy, in its own window (R10, `cardrules_rook.buying`).
AFTER_DRAW = "after-draw"

__all__ = [
    "AFTER_DRAW",
    "apply_move",
    "complete_draw",
    "draw_card",
    "end_round",
    "grown_meld",
    "laid_off",
    "may_lay_off",
    "minus",
    "remaining_contract",
    "remove_cards",
    "swapped",
]

P = RookPhase


def remove_cards(hand: list[int], cards: tuple[Card, ...]) -> bool:
    """Take ``cards`` out of ``hand`` (57 counts by code); False if not all held (no change)."""
    taken: list[int] = []
    for card in cards:
        if hand[card.code] == 0:
            for code in taken:
                hand[code] += 1
            return False
        hand[card.code] -= 1
        taken.append(card.code)
    return True


def minus(hand: list[int], cards: tuple[Card, ...]) -> list[int] | None:
    """A copy of ``hand`` (57 counts) without ``cards``, or None if not all are held."""
    rest = hand.copy()
    return rest if remove_cards(rest, cards) else None


def remaining_contract(state: RookRound) -> tuple[int, int]:
    """(sets, runs) still to lay down: the contract, or what is left mid-lay-down (R11)."""
    if state.lay_down_left is not None:
        return state.lay_down_left
    return state.contract.sets, state.contract.runs


def laid_off(meld: Meld, card: Card, number: int, state: RookRound) -> Meld | None:
    """The meld with ``card`` added as ``number``, or None if that breaks it (R11, R13).

    Validity is the game's (``state.rules.meld_rules``: hook ``rook_meld_valid``).
    """
    return grown_meld(meld, card, number, state.rules.meld_rules)


def grown_meld(meld: Meld, card: Card, number: int, rules: MeldRules) -> Meld | None:
    """The meld with ``card`` added as ``number``, or None if that breaks it (R7, R8, R11, R13).

    What `laid_off` asks, given the game's meld rules rather than a round (a
    bot passes its observation's ``meld_rules``).

    Args:
        meld: a table meld.
        card: the card added (a natural, or the Rook).
        number: the number 1-14 it stands for: a natural's own number; for a
            Rook, one past an end of a run or a set's number.
        rules: the game's meld rules (hook ``rook_meld_valid`` included).

    Returns:
        The grown meld, or ``None``: a run's card must be of its colour, one
        past either end and within 1-14 (R7: runs do not wrap), a set's of its
        number (R8), and the grown meld must be valid under ``rules``.
    """
    if isinstance(meld, RunMeld):
        if rules.wrap:  # a variant lets runs wrap (rook_runs_wrap): either end, round the corner
            if not card.is_rook and card != natural(meld.colour, number):
                return None
            longer = grown_run(meld, number, card.is_rook, wrap=True)
            return longer if longer is not None and longer.is_valid(rules) else None
        if number not in (meld.low - 1, meld.high + 1) or not 1 <= number <= 14:
            return None
        if not card.is_rook and card != natural(meld.colour, number):
            return None
        rooks = (*meld.rooks, number) if card.is_rook else meld.rooks
        run = RunMeld(
            meld.colour, min(meld.low, number), max(meld.high, number), tuple(sorted(rooks))
        )
        return run if run.is_valid(rules) else None
    if number != meld.number or (not card.is_rook and card.number != meld.number):
        return None
    if card.is_rook:
        grown = SetMeld(meld.number, meld.colours, meld.rooks + 1)
    else:
        colours = tuple(sorted((*meld.colours, card.colour), key="RYGB".index))
        grown = SetMeld(meld.number, colours, meld.rooks)
    return grown if grown.is_valid(rules) else None


def swapped(meld: Meld, card: Card) -> Meld:
    """The table meld once ``card`` took a Rook's place in it (R14; a set only by a variant, R15).

    In a run the Rook standing for ``card`` goes; in a set one Rook goes and
    ``card`` joins the set's colours.
    """
    if isinstance(meld, RunMeld):
        number = card.number
        return RunMeld(
            meld.colour,
            meld.low,
            meld.high,
            tuple(n for n in meld.rooks if n != number and n - 14 != number),
        )
    colours = tuple(sorted((*meld.colours, card.colour), key="RYGB".index))
    return SetMeld(meld.number, colours, meld.rooks - 1)


def may_lay_off(state: RookRound, seat: int) -> bool:
    """R11: whether ``seat`` may lay off now: it is down (and, with ``lay_off_same_turn=False``,
    did not go down this turn)."""
    return state.down[seat] and (state.options.lay_off_same_turn or not state.went_down_this_turn)


def apply_move(state: RookRound, move: Move, chance: Chance) -> None:
    """Change ``state`` by ``move``, which must be legal (listed, or an accepted lay-down).

    Draws and takes (R9), melds and lay-offs (R11-R13), swaps (R14), discards
    and going out (R12), rebuilding the draw pile (R16). ``chance`` shuffles a
    rebuilt draw pile. The move is not checked: the engine asks
    `cardrules_rook.legal` first. Buys and passes (R10) are played in the
    game's buy window (`cardrules_rook.buying`), which a draw opens.
    """
    seat = state.current_player
    assert seat is not None
    play = _PLAYS.get(type(move))
    if play is None:
        play = next((f for kind, f in _PLAYS.items() if isinstance(move, kind)), None)
        if play is None:  # pragma: no cover - legal_moves lists no other kind
            raise TypeError(f"not a Rook move: {quote(move)}")
    if play is not _draw:
        state.note_public(seat, move)  # bookkeeping: cards that became known (observations)
    play(state, seat, move, chance)


def _draw(state: RookRound, seat: int, move: Move, chance: Chance) -> None:
    if state.discards:
        state.phase = P.BUY
        if state.rules.open_game_window(state, AFTER_DRAW, state.turn_seat):
            return  # the game's buy window asks (R10): `resume` completes the draw after it
    complete_draw(state, chance)


def _take(state: RookRound, seat: int, move: Move, chance: Chance) -> None:
    state.hands[seat][state.discards.draw().code] += 1
    state.phase = P.PLAY


def _meld_down(state: RookRound, seat: int, move: Move, chance: Chance) -> None:
    assert isinstance(move, MeldDown)
    _meld(state, seat, move.meld)


def _lay_down(state: RookRound, seat: int, move: Move, chance: Chance) -> None:
    assert isinstance(move, LayDown)
    for meld in move.melds:
        _meld(state, seat, meld)
        if state.phase is P.OVER:
            break  # a variant ended the round (hook rook_round_over)


def _lay_off(state: RookRound, seat: int, move: Move, chance: Chance) -> None:
    assert isinstance(move, LayOff)
    grown = laid_off(state.table[move.target], move.card, move.number, state)
    assert grown is not None
    state.hands[seat][move.card.code] -= 1
    state.table[move.target] = grown
    if move.card.is_rook and state.owed_rooks:
        state.owed_rooks -= 1
        state.owed_before_down = state.owed_before_down and state.owed_rooks > 0
    _check_out(state, seat)


def _swap(state: RookRound, seat: int, move: Move, chance: Chance) -> None:
    assert isinstance(move, Swap)
    state.table[move.target] = swapped(state.table[move.target], move.card)
    state.hands[seat][move.card.code] -= 1
    state.hands[seat][ROOK_CODE] += 1
    state.owed_rooks += 1
    state.owed_before_down = state.owed_before_down or not state.down[seat]


def _discard(state: RookRound, seat: int, move: Move, chance: Chance) -> None:
    assert isinstance(move, Discard)
    if not state.hands[seat][move.card.code]:  # listed by a plugin that broke R12
        raise ValueError(f"discard {move.card}: seat {seat} holds no {move.card} (R12)")
    state.hands[seat][move.card.code] -= 1
    state.discards.put(move.card)
    if not _check_out(state, seat):
        _start_turn(state, (seat + 1) % state.players)


#: What each kind of move does (R9-R14), by its class.
_PLAYS: dict[type, Callable[[RookRound, int, Move, Chance], None]] = {
    Draw: _draw,
    Take: _take,
    MeldDown: _meld_down,
    LayDown: _lay_down,
    LayOff: _lay_off,
    Swap: _swap,
    Discard: _discard,
}


def _meld(state: RookRound, seat: int, meld: Meld) -> None:
    removed = remove_cards(state.hands[seat], meld.cards())
    assert removed
    state.table.append(meld)
    state.owners.append(seat)
    rooks = len(meld.rooks) if isinstance(meld, RunMeld) else meld.rooks
    state.owed_rooks = max(0, state.owed_rooks - rooks)
    state.owed_before_down = state.owed_before_down and state.owed_rooks > 0
    if not state.down[seat]:
        sets, runs = remaining_contract(state)
        left = (sets - (meld.kind == "set"), runs - (meld.kind == "run"))
        if left == (0, 0):
            state.down[seat] = True
            state.went_down_this_turn = True
            state.lay_down_left = None
        else:
            state.lay_down_left = left
    _check_out(state, seat)


def _check_out(state: RookRound, seat: int) -> bool:
    """R12 (hook ``rook_round_over``): a player who is down with no card left goes out.

    Returns whether the round ended.
    """
    ending = state.rules.round_over(state, seat)
    if ending is None:
        return False
    end_round(state, ending, seat)
    return True


def draw_card(state: RookRound, chance: Chance) -> Card | None:
    """Draw from the draw pile, rebuilding it once if empty (R16); None ends the round."""
    if not state.stock:
        limit = state.options.stock_rebuilds
        if (limit is None or state.rebuilds < limit) and len(state.discards) > 1:
            cards = state.discards.take_all_but_top()
            state.note_rebuild(cards)  # bookkeeping: the rebuilt cards are public
            chance.shuffle(cards)
            state.stock = Pile(cards)
            state.rebuilds += 1
        else:
            end_round(state, "stock")
            return None
    return state.stock.draw()


def complete_draw(state: RookRound, chance: Chance) -> None:
    """R9: the turn player draws the top card of the draw pile (the round ends if the pile
    runs out, R16), once the discard was offered to buy (R10)."""
    card = draw_card(state, chance)
    if card is None:
        return
    turn = state.turn_seat
    state.hands[turn][card.code] += 1
    state.note_stock_draw(turn, card)  # bookkeeping (observations)
    state.phase = P.PLAY
    state.current_player = turn


def _start_turn(state: RookRound, seat: int) -> None:
    state.turn_seat = seat
    state.current_player = seat
    state.phase = P.DRAW
    state.lay_down_left = None
    state.went_down_this_turn = False
    state.owed_rooks = 0
    state.owed_before_down = False


def end_round(state: RookRound, ending: str, seat: int | None = None) -> None:
    """End the round now: ``ending`` names how (``"out"`` R12, ``"stock"`` R16, or a variant's).

    Args:
        state: the round, changed in place.
        ending: the ending, kept as ``state.ended_by``.
        seat: the seat that ended it (``state.went_out``; it scores 0 by
            default, hook ``rook_hand_score``), or ``None`` when no one did.
    """
    if seat is not None:
        state.went_out = seat
    state.ended_by = ending
    state.phase = P.OVER
    state.current_player = None
    state.rules.close_windows(state)  # (a buyer's penalty card may end it in the buy window)
