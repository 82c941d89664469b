"""The legal moves of a Toonerville Rook turn (R9-R14).

Draws and takes, buys and passes, the steps of a lay-down, lay-offs, swaps
and discards.

``legal_moves`` only reads the round state. The checks that try a move first
(may a swapped Rook still be played, R14; would a card be stranded in round
11, R12) play it on a clone with `cardrules_rook.play.apply_move`.
"""

from __future__ import annotations

from cardrules.chance import Chance
from cardrules.moves import Move
from cardrules_rook.cards import COLOURS, ROOK, ROOK_CODE, card_of_code, natural
from cardrules_rook.melds import Meld, RunMeld
from cardrules_rook.moves import Buy, Discard, Draw, LayDown, LayOff, MeldDown, Pass, Swap, Take
from cardrules_rook.play import (
    apply_move,
    laid_off,
    may_lay_off,
    minus,
    remaining_contract,
    swapped,
)
from cardrules_rook.search import can_lay_down, lay_down_steps, possible_melds
from cardrules_rook.state import RookPhase, RookRound

__all__ = [
    "is_legal_lay_down",
    "is_legal_lay_down_shape",
    "legal_moves",
    "may_strand",
    "places_owed_rook",
    "would_strand_a_card",
]

P = RookPhase


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
            naturals = len(meld.naturals)
            rooks = len(meld.rooks) if isinstance(meld, RunMeld) else meld.rooks
            free = float(14 - meld.length) if isinstance(meld, RunMeld) else float("inf")
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
            (current.low - 1, current.high + 1)
            if isinstance(current, RunMeld)
            else (current.number,)
        )
        for number in numbers:
            bigger = laid_off(current, ROOK, number, state)
            if bigger is not None:
                grow(bigger, placed + 1)

    grow(meld, 0)
    return best


def _rook_has_a_place(state: RookRound, seat: int) -> bool:
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
    for swap in _swaps(state, seat):
        trial = state.clone()
        apply_move(trial, swap, Chance(0))
        if _rook_has_a_place(trial, seat):
            return True
    return False


def legal_moves(state: RookRound) -> list[Move]:
    """Every legal move of ``state.current_player``, in a fixed order (R9-R14)."""
    phase = state.phase
    if phase is P.DRAW:
        return [Draw(), Take()] if state.discards else [Draw()]
    if phase is P.BUY:
        return [Buy(), Pass()]
    if phase is P.PLAY:
        return _play_moves(state)
    return []


def _lay_down_steps(state: RookRound) -> list[Move]:
    """R11: melds that begin or continue a lay-down that can still be completed."""
    sets, runs = remaining_contract(state)
    steps = lay_down_steps(
        state.hands[state.turn_seat],
        sets=sets,
        runs=runs,
        whole_hand=state.whole_hand,
        rules=state.rules.meld_rules,
    )
    return [MeldDown(step.meld()) for step in steps]


def _lay_offs(state: RookRound, seat: int) -> list[Move]:
    hand = state.hands[seat]
    rook = hand[ROOK_CODE] > 0
    moves: list[Move] = []
    for index, meld in enumerate(state.table):
        if isinstance(meld, RunMeld):
            base = COLOURS.index(meld.colour) * 14 - 1  # + number: the natural's code
            for number in (meld.low - 1, meld.high + 1):
                if not 1 <= number <= 14:
                    continue
                if hand[base + number]:
                    # The natural card itself always extends a valid run (R7).
                    moves.append(LayOff(index, card_of_code(base + number), number))
                if rook and laid_off(meld, ROOK, number, state) is not None:
                    moves.append(LayOff(index, ROOK, number))
        else:
            number = meld.number
            for code in range(number - 1, 56, 14):  # the four colours of the number
                if hand[code]:
                    moves.append(LayOff(index, card_of_code(code), number))
            if rook and laid_off(meld, ROOK, number, state) is not None:
                moves.append(LayOff(index, ROOK, number))
    return moves


def _swaps(state: RookRound, seat: int) -> list[Move]:
    """R14, R15 (hook ``rook_may_swap``): the Rooks ``seat`` may take from the table.

    Under the game's own rules every Rook of a run whose natural card is held;
    when a variant decides, also Rooks in sets (for any held card of the set's
    number), each asked of the hook and kept only if the meld stays valid.
    """
    hand = state.hands[seat]
    rules = state.rules
    if not rules.swap_sets and rules.meld_rules.judge is None:
        return [
            Swap(index, natural(meld.colour, number))
            for index, meld in enumerate(state.table)
            if isinstance(meld, RunMeld)
            for number in meld.rooks
            if hand[natural(meld.colour, number).code]
        ]
    moves: list[Move] = []
    for index, meld in enumerate(state.table):
        if isinstance(meld, RunMeld):
            cards = [natural(meld.colour, number) for number in meld.rooks]
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


def _keeps_rooks_playable(state: RookRound, move: Move) -> bool:
    """Whether after ``move`` every Rook owed by a swap can still be played (R14)."""
    trial = state.clone()
    apply_move(trial, move, Chance(0))
    if trial.owed_rooks == 0 or trial.is_round_over:
        return True
    return _rook_has_a_place(trial, state.turn_seat)


#: One shared (immutable) discard move per card code.
_DISCARDS = tuple(Discard(card_of_code(code)) for code in range(57))


def _play_moves(state: RookRound) -> list[Move]:
    seat = state.turn_seat
    assert seat is not None
    hand = state.hands[seat]
    moves: list[Move] = []
    swaps: list[Move] = []
    if state.lay_down_left is not None:
        moves = _lay_down_steps(state)
    elif state.owed_rooks and not state.options.swapped_rook_by_turn_end:
        moves = _rook_placements(state, seat)
    else:
        if not state.down[seat]:
            moves += _lay_down_steps(state)
        else:
            if may_lay_off(state, seat):
                moves += _lay_offs(state, seat)
            extra = state.went_down_this_turn and state.options.lay_down_extra_melds
            if state.owed_rooks or extra:
                moves += [
                    MeldDown(m)
                    for m in possible_melds(
                        hand, sets=True, runs=True, rules=state.rules.meld_rules
                    )
                    if extra or m.cards()[-1].is_rook
                ]
        swaps = _swaps(state, seat)
        moves += swaps
        if state.owed_rooks == 0:
            out_by_discard = state.down[seat] and sum(hand) == 1
            if not out_by_discard or state.rules.may_go_out_by_discard(state, seat):
                moves += [_DISCARDS[c] for c in range(57) if hand[c]]
    if state.owed_rooks or swaps:
        moves = [
            m
            for m in moves
            if not (state.owed_rooks or isinstance(m, Swap)) or _keeps_rooks_playable(state, m)
        ]
    if state.rules.go_out_changed or (state.no_out_by_discard and not state.whole_hand):
        # (may_strand, inline: this is the hot path)
        moves = [m for m in moves if _not_stuck_with_one_card(state, m)]
    return moves


def _rook_placements(state: RookRound, seat: int) -> list[Move]:
    """R14 (default): the moves that place a Rook owed by a swap on the table at once.

    Not yet down: a step of the contract lay-down (the whole lay-down holds
    the Rook; `_keeps_rooks_playable` sees to that). Down: laying a Rook off,
    or a new meld holding a Rook.
    """
    if not state.down[seat]:
        return _lay_down_steps(state)
    moves: list[Move] = []
    if may_lay_off(state, seat):
        moves += [m for m in _lay_offs(state, seat) if isinstance(m, LayOff) and m.card.is_rook]
    hand = state.hands[seat]
    rules = state.rules.meld_rules
    moves += [
        MeldDown(m)
        for m in possible_melds(hand, sets=True, runs=True, rules=rules)
        if m.cards()[-1].is_rook
    ]
    return moves


def places_owed_rook(state: RookRound, move: Move) -> bool:
    """Whether ``move`` is of a kind that places a Rook owed by a swap (R14).

    A step or the whole of the contract lay-down before the player is down; a
    Rook laid off, or a new meld holding a Rook, once down. Whether such a
    move is legal is decided elsewhere.
    """
    seat = state.turn_seat
    if isinstance(move, LayOff):
        return move.card.is_rook
    if isinstance(move, MeldDown | LayDown):
        if seat is None or not state.down[seat]:
            return True
        melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
        return any(card.is_rook for meld in melds for card in meld.cards())
    return False


def may_strand(state: RookRound) -> bool:
    """Whether a move could leave the turn player down with one card it may not discard (R12).

    Round 11 under the game's rules (unless its lay-down uses every card at
    once); any round when a variant decides going out by discarding.
    """
    if state.rules.go_out_changed:
        return True
    return state.no_out_by_discard and not state.whole_hand


def would_strand_a_card(state: RookRound, move: Move) -> bool:
    """For a refusal (R12, round 11): ``move`` is otherwise playable but strands one card.

    A swap (R14) strands one when every placement of its Rook would.
    """
    seat = state.turn_seat
    hand = state.hands[seat]
    if isinstance(move, LayOff):
        if not (may_lay_off(state, seat) and hand[move.card.code]):
            return False
        if not 0 <= move.target < len(state.table):
            return False
        if laid_off(state.table[move.target], move.card, move.number, state) is None:
            return False
    elif isinstance(move, Swap):
        if move not in _swaps(state, seat) or not _keeps_rooks_playable(state, move):
            return False
    elif isinstance(move, MeldDown | LayDown):
        melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
        rules = state.rules.meld_rules
        if not all(m.is_valid(rules) for m in melds):
            return False
        if minus(hand, tuple(c for m in melds for c in m.cards())) is None:
            return False
        if isinstance(move, LayDown) and not is_legal_lay_down_shape(state, move):
            return False
    else:
        return False
    return not _not_stuck_with_one_card(state, move)


def is_legal_lay_down_shape(state: RookRound, move: LayDown) -> bool:
    """Whether a whole lay-down has exactly the contract's melds (R11)."""
    contract = state.contract
    kinds = sorted(m.kind for m in move.melds)
    return kinds == sorted(["set"] * contract.sets + ["run"] * contract.runs)


def _not_stuck_with_one_card(state: RookRound, move: Move) -> bool:
    """R12 in round 11: no move may leave a player down with one card that cannot be played.

    Such a card could only be discarded, and going out by discarding is not
    allowed in round 11 (only reachable with ``last_round_whole_hand=False``).
    A step of a lay-down must therefore leave a next step that is playable
    too: every way to finish some lay-downs strands a card.
    """
    if isinstance(move, Discard):
        return True
    trial = state.clone()
    apply_move(trial, move, Chance(0))
    seat = state.turn_seat
    if trial.is_round_over:
        return True
    if trial.lay_down_left is not None or trial.owed_rooks:
        # Each next step of a lay-down, and the placement of a Rook a swap took
        # (R14), is checked the same way: the turn must be able to go on.
        return bool(_play_moves(trial))
    if not trial.down[seat] or sum(trial.hands[seat]) != 1:
        return True
    if trial.rules.may_go_out_by_discard(trial, seat):
        return True
    return bool(_lay_offs(trial, seat)) if may_lay_off(trial, seat) else False


def is_legal_lay_down(state: RookRound, move: LayDown) -> bool:
    """Whether a whole lay-down given at once is legal now (R11, R12)."""
    if state.phase is not P.PLAY or state.lay_down_left is not None:
        return False
    seat = state.turn_seat
    assert seat is not None
    if state.down[seat]:
        return False
    if not is_legal_lay_down_shape(state, move):
        return False
    if not all(m.is_valid(state.rules.meld_rules) for m in move.melds):
        return False
    rest = minus(state.hands[seat], tuple(c for m in move.melds for c in m.cards()))
    if rest is None or (state.whole_hand and any(rest)):
        return False
    if state.owed_rooks and not _keeps_rooks_playable(state, move):
        return False
    return not (may_strand(state) and not _not_stuck_with_one_card(state, move))
