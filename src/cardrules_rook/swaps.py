"""Swapping a Rook off the table, and the Rooks a swap leaves owed (R14, R15).

`swaps` lists the Rooks the player on turn may take from the table for a
natural card of their hand. A Rook taken is owed: it must still be played this
turn (by the very next move, under the default of R14), so
`keeps_rooks_playable` refuses a move after which the Rooks owed could no
longer be placed, and `rook_has_a_place` says whether they still can be: in
the lay-down of a player not yet down, else laid off or in new melds.

The checks that try a move first play it on a clone with
`cardrules_rook.play.apply_move`, except a swap, which is made on the state
itself and undone.
"""

from __future__ import annotations

from cardrules.model.chance import Chance
from cardrules.model.moves import Move
from cardrules_rook.cards import NATURAL_BASE, ROOK, ROOK_CODE, Card, card_of_code
from cardrules_rook.melds import Meld, RunMeld, SetMeld, run_ends
from cardrules_rook.moves import LayDown, LayOff, MeldDown, Swap
from cardrules_rook.play import apply_move, laid_off, may_lay_off, remaining_contract, swapped
from cardrules_rook.search import can_lay_down, find_lay_down, hand_counts
from cardrules_rook.search.shortcuts import place_rooks
from cardrules_rook.state import RookRound

__all__ = ["keeps_rooks_playable", "meld_rooks", "rook_has_a_place", "rooks_placed", "swaps"]


def _rooks_fit(state: RookRound, seat: int, needed: int) -> bool:
    """Whether ``needed`` Rooks could still be played on the table this turn (R14).

    By laying them off where table melds have room, and by making up to
    ``needed`` new melds from the hand that hold the rest.
    """
    rules = state.rules.meld_rules
    room: float = 0
    if rules.judge is not None and may_lay_off(state, seat):
        room = sum(_rook_room(state, meld, needed) for meld in state.table)
        if room >= needed:
            return True
    elif may_lay_off(state, seat):
        for meld in state.table:
            if isinstance(meld, RunMeld):
                rooks = len(meld.rooks)
                naturals = meld.high - meld.low + 1 - rooks
                free = float(13 - meld.high + meld.low)  # R7: at most 14 long
            else:
                rooks = meld.rooks
                naturals = len(meld.colours)
                free = float("inf")
            if rules.naturals_exceed_rooks:
                free = min(free, naturals - rooks - 1)
            room += max(free, 0)
            if room >= needed:
                return True
    # The rest go into new melds from the hand (R14 allows them), as many as it
    # takes: under a variant where each meld holds fewer Rooks than naturals,
    # one new meld may not take them all.
    short = needed - int(min(room, needed))
    hand = state.hands[seat]
    return any(
        can_lay_down(hand, sets=sets, runs=melds - sets, rules=rules, min_rooks=short)
        for melds in range(1, short + 1)
        for sets in range(melds + 1)
    )


def _rook_room(state: RookRound, meld: Meld, needed: int) -> int:
    """How many Rooks (up to ``needed``) can be laid off onto ``meld`` one after another.

    The exact count under a variant's meld rule (hook ``rook_meld_valid``):
    each lay-off must leave a valid meld, at either end of a run.
    """
    best = 0

    def grow(current: Meld, placed: int) -> None:
        nonlocal best
        best = max(best, placed)
        if best >= needed:
            return
        numbers = (
            run_ends(current, state.rules.meld_rules.wrap)
            if isinstance(current, RunMeld)
            else (current.number,)
        )
        for number in numbers:
            bigger = laid_off(current, ROOK, number, state)
            if bigger is not None:
                grow(bigger, placed + 1)

    grow(meld, 0)
    return best


def rook_has_a_place(state: RookRound, seat: int) -> bool:
    """R14: every Rook owed by a swap can still be played: by the very next move (default),
    or this turn, perhaps after more swaps (``swapped_rook_by_turn_end``)."""
    hand = state.hands[seat]
    if state.down[seat] and state.owed_before_down:
        return False  # swapped before going down: the Rook had to be in the lay-down
    if not state.down[seat]:
        sets, runs = remaining_contract(state)
        if can_lay_down(
            hand,
            sets=sets,
            runs=runs,
            whole_hand=state.whole_hand,
            rules=state.rules.meld_rules,
            min_rooks=state.owed_rooks,
        ):
            return True
    elif _rooks_fit(state, seat, state.owed_rooks):
        return True
    if not state.options.swapped_rook_by_turn_end:
        return False  # the very next move places the Rook: no further swap first
    # A further swap may bring the card that makes the plan work.
    for swap in swaps(state, seat):
        trial = state.clone()
        apply_move(trial, swap, Chance(0))
        if rook_has_a_place(trial, seat):
            return True
    return False


def swaps(state: RookRound, seat: int) -> list[Move]:
    """R14, R15 (hook ``rook_may_swap``): the Rooks ``seat`` may take from the table.

    Under the game's own rules every Rook of a run whose natural card is held;
    when a variant decides, also Rooks in sets (for any held card of the set's
    number), each asked of the hook and kept only if the meld stays valid.
    """
    hand = state.hands[seat]
    rules = state.rules
    if not rules.swap_sets and rules.meld_rules.judge is None:
        found: list[Move] = []
        for index, meld in enumerate(state.table):
            if isinstance(meld, RunMeld) and meld.rooks:
                base = NATURAL_BASE[meld.colour]  # + number: the natural's code
                for number in meld.rooks:
                    if hand[base + number]:
                        found.append(_swap(index, base + number))
        return found
    moves: list[Move] = []
    for index, meld in enumerate(state.table):
        if isinstance(meld, RunMeld):
            cards = list(meld.stands_for())
        elif meld.rooks and rules.swap_sets:
            cards = [card_of_code(code) for code in range(meld.number - 1, 56, 14)]
        else:
            continue
        for card in cards:
            if (
                hand[card.code]
                and rules.may_swap(state, seat, index, card)
                and swapped(meld, card).is_valid(rules.meld_rules)
            ):
                moves.append(Swap(index, card))
    return moves


#: Swaps made so far, by (target, card code): moves are immutable values, shared.
_SWAPS: dict[tuple[int, int], Swap] = {}


def _swap(target: int, code: int) -> Swap:
    """The swap of the natural card ``code`` onto run ``target``, one shared value each."""
    move = _SWAPS.get((target, code))
    if move is None:
        move = _SWAPS[target, code] = Swap(target, card_of_code(code))
    return move


def keeps_rooks_playable(state: RookRound, move: Move) -> bool:
    """Whether after ``move`` every Rook owed by a swap can still be played (R14)."""
    if isinstance(move, Swap):
        return _swap_keeps_rooks_playable(state, move)
    if rooks_placed(move) >= state.owed_rooks:
        return True  # the move pays every Rook owed (apply_move counts them off the same way)
    trial = state.clone()
    apply_move(trial, move, Chance(0))
    if trial.owed_rooks == 0 or trial.is_round_over:
        return True
    return rook_has_a_place(trial, state.turn_seat)


def _lay_down_survives_swap(state: RookRound, seat: int, swap: Swap) -> bool:
    """A quick yes for a swap before laying down (R14): the hand's own lay-down, Rook and all.

    The lay-down the hand could make before the swap (the one listing its
    steps found, remembered by the search) still works after it: the natural
    card given up is played by the Rook instead, or was not in it; the Rooks
    owed then go where they fit (`cardrules_rook.search.shortcuts.place_rooks`).
    ``False`` proves nothing: the caller asks the full search.
    """
    hand = state.hands[seat]
    rules = state.rules.meld_rules
    if rules.judge is not None:
        return False
    sets, runs = remaining_contract(state)
    found = find_lay_down(
        hand, sets=sets, runs=runs, whole_hand=state.whole_hand, rules=rules, best=False
    )
    if found is None:
        return False
    melds = list(found.melds)
    left = hand_counts(found.left)
    code = swap.card.code
    if left[code]:
        left[code] -= 1
        left[ROOK_CODE] += 1  # the Rook taken is spare: it joins a meld below
    else:
        for i, meld in enumerate(melds):
            if code in meld.codes():
                melds[i] = _rook_for(meld, swap.card)
                break
        if not melds[i].is_valid(rules):
            return False
    held = sum(meld_rooks(meld) for meld in melds)
    if state.whole_hand and any(left):
        return False
    return place_rooks(left, melds, state.owed_rooks + 1 - held, rules)


def _rook_for(meld: Meld, card: Card) -> Meld:
    """``meld`` with a Rook standing for its natural ``card`` (the card leaves it)."""
    if isinstance(meld, RunMeld):
        place = card.number + 14 if card.number < meld.low else card.number  # (a wrapping run)
        return RunMeld(meld.colour, meld.low, meld.high, tuple(sorted((*meld.rooks, place))))
    colours = list(meld.colours)
    colours.remove(card.colour)
    return SetMeld(meld.number, tuple(colours), meld.rooks + 1)


def rooks_placed(move: Move) -> int:
    """The Rooks ``move`` puts on the table (what `apply_move` counts off the Rooks owed)."""
    if isinstance(move, LayOff):
        return int(move.card.is_rook)
    if isinstance(move, MeldDown):
        return meld_rooks(move.meld)
    if isinstance(move, LayDown):
        return sum(meld_rooks(meld) for meld in move.melds)
    return 0


def meld_rooks(meld: Meld) -> int:
    return len(meld.rooks) if isinstance(meld, RunMeld) else meld.rooks


def _swap_keeps_rooks_playable(state: RookRound, swap: Swap) -> bool:
    """`keeps_rooks_playable` of a swap: the swap is made on ``state`` itself, asked, undone.

    A swap only trades a hand card for a table Rook and counts the Rook owed
    (`apply_move`), so it is undone exactly, and no clone is needed; the
    state is as before when this returns or raises.
    """
    seat = state.turn_seat
    hand = state.hands[seat]
    if not state.down[seat] and _lay_down_survives_swap(state, seat, swap):
        return True
    table = state.table
    meld = table[swap.target]
    owed, before_down = state.owed_rooks, state.owed_before_down
    table[swap.target] = swapped(meld, swap.card)
    hand[swap.card.code] -= 1
    hand[ROOK_CODE] += 1
    state.owed_rooks = owed + 1
    state.owed_before_down = before_down or not state.down[seat]
    try:
        return rook_has_a_place(state, seat)
    finally:
        table[swap.target] = meld
        hand[swap.card.code] += 1
        hand[ROOK_CODE] -= 1
        state.owed_rooks, state.owed_before_down = owed, before_down
