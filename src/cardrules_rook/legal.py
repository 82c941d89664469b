"""The legal moves of a Toonerville Rook turn (R9-R14).

Draws and takes, buys and passes, the steps of a lay-down, lay-offs, swaps
and discards. Which Rooks may be swapped off the table, and whether the Rooks
a swap leaves owed can still be played (R14, R15), is `cardrules_rook.swaps`.

``legal_moves`` only reads the round state. The checks that try a move first
(may a swapped Rook still be played, R14; would a card be stranded in round
11, R12) play it on a clone with `cardrules_rook.play.apply_move`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from cardrules.model.chance import Chance
from cardrules.model.moves import Move
from cardrules_rook.cards import NATURAL_BASE, ROOK, ROOK_CODE, card_of_code
from cardrules_rook.melds import RunMeld, run_ends
from cardrules_rook.moves import Buy, Discard, Draw, LayDown, LayOff, MeldDown, Pass, Swap, Take
from cardrules_rook.play import (
    apply_move,
    laid_off,
    may_lay_off,
    minus,
    remaining_contract,
)
from cardrules_rook.search import (
    has_lay_down_step,
    lay_down_steps,
    meld_candidates,
)
from cardrules_rook.search.hand_melds import TALLY, MeldCandidate, candidate_meld
from cardrules_rook.state import RookPhase, RookRound
from cardrules_rook.swaps import keeps_rooks_playable, swaps

__all__ = [
    "DISCARD_MOVES",
    "apart_from_steps",
    "is_legal_lay_down",
    "is_legal_lay_down_shape",
    "lay_down_step_moves",
    "legal_moves",
    "may_strand",
    "places_owed_rook",
    "would_strand_a_card",
]

P = RookPhase


def legal_moves(state: RookRound) -> Sequence[Move]:
    """Every legal move of ``state.current_player``, in a fixed order (R9-R14).

    A list, or for a draw or a buy one of a few shared tuples (do not change them).
    In the buy phase the engine asks the game's buy window instead
    (`cardrules_rook.buying`), which lists the same ``buy`` and ``pass`` (R10).
    """
    phase = state.phase
    if phase is P.DRAW:
        return _DRAW_OR_TAKE if state.discards else _DRAW
    if phase is P.BUY:
        return _BUY_OR_PASS
    if phase is P.PLAY:
        return _play_moves(state)
    return ()


#: The moves of the draw and buy phases (R9, R10): immutable values, shared.
_DRAW_OR_TAKE: tuple[Move, ...] = (Draw(), Take())
_DRAW: tuple[Move, ...] = _DRAW_OR_TAKE[:1]
_BUY_OR_PASS: tuple[Move, ...] = (Buy(), Pass())


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
    return [_meld_down(step) for step in steps]


def _lay_offs(state: RookRound, seat: int) -> list[Move]:
    """R11, R13: every card ``seat`` may lay off, onto every table meld it fits."""
    hand = state.hands[seat]
    rook = hand[ROOK_CODE] > 0
    rules = state.rules.meld_rules
    judged = rules.judge is not None
    wrap = rules.wrap  # runs may wrap (rook_runs_wrap): then judged too
    moves: list[Move] = []
    for index, meld in enumerate(state.table):
        if isinstance(meld, RunMeld):
            base = NATURAL_BASE[meld.colour]  # + number: the natural's code
            rook_fits = rook and (
                judged
                or rules.allows(meld.high - meld.low + 1 - len(meld.rooks), len(meld.rooks) + 1)
            )
            for number in run_ends(meld, True) if wrap else (meld.low - 1, meld.high + 1):
                if not 1 <= number <= 14:
                    continue
                if hand[base + number]:
                    # The natural card itself always extends a valid run (R7).
                    moves.append(_lay_off(index, base + number, number))
                if rook_fits and (not judged or laid_off(meld, ROOK, number, state) is not None):
                    moves.append(_lay_off(index, ROOK_CODE, number))
        else:
            number = meld.number
            for code in range(number - 1, 56, 14):  # the four colours of the number
                if hand[code]:
                    moves.append(_lay_off(index, code, number))
            if rook and (
                laid_off(meld, ROOK, number, state) is not None
                if judged
                else rules.allows(len(meld.colours), meld.rooks + 1)
            ):
                moves.append(_lay_off(index, ROOK_CODE, number))
    return moves


def _meld_down(candidate: MeldCandidate) -> Move:
    """The ``MeldDown`` of a listed candidate meld, one shared value per candidate.

    A hand's candidates recur from decision to decision (and the search lists
    them from caches), so their moves are kept (bounded) rather than built
    again: a move is an immutable value.
    """
    move = _MELD_DOWNS.get(candidate)
    if move is None:
        if len(_MELD_DOWNS) >= _MELD_DOWNS_LIMIT:
            _MELD_DOWNS.clear()
        move = _MELD_DOWNS[candidate] = MeldDown(candidate_meld(candidate))
    return move


#: `_meld_down`'s moves by candidate (plain tuples: hashed in C), at most `_MELD_DOWNS_LIMIT`.
_MELD_DOWNS: dict[MeldCandidate, MeldDown] = {}
_MELD_DOWNS_LIMIT = 1 << 14


#: Lay-off moves made so far, by (target, card code, number): moves are immutable values.
_LAY_OFFS: dict[tuple[int, int, int], LayOff] = {}


def _lay_off(target: int, code: int, number: int) -> LayOff:
    key = (target, code, number)
    move = _LAY_OFFS.get(key)
    if move is None:
        move = _LAY_OFFS[key] = LayOff(target, card_of_code(code), number)
    return move


#: One shared (immutable) discard move per card code (R12).
DISCARD_MOVES = tuple(Discard(card_of_code(code)) for code in range(57))


def _play_moves(state: RookRound) -> list[Move]:
    """R11-R14: the legal moves of the play phase, in listing order."""
    moves, taken = _play_candidates(state)
    owed = state.owed_rooks
    # (may_strand, inline: this is the hot path)
    strand = state.rules.go_out_changed or (state.no_out_by_discard and not state.whole_hand)
    if not (owed or taken or strand):
        return moves
    if not (owed or strand):
        # Only a swap is tried (`_passes_checks`): the other moves are kept without a call.
        return [m for m in moves if not isinstance(m, Swap) or keeps_rooks_playable(state, m)]
    return [m for m in moves if _passes_checks(state, m, owed, strand)]


def apart_from_steps(state: RookRound) -> tuple[list[Move], list[int], bool, bool] | None:
    """The legal moves but the lay-down steps, and whether there are run and set steps (R11-R14).

    Where the turn player is not down and its play is free (no lay-down
    begun, no Rook owed by a swap, no card that could be stranded, R12), its
    legal moves are the steps of a lay-down (`lay_down_steps`), the swaps that
    keep the Rooks playable and the discards. Listing the steps costs far more
    than knowing some exist (`has_lay_down_step`), which is what the next-token
    mask needs (`cardrules_rook.sequences.RookSequences.first_level`).

    Returns:
        ``(swaps, hand, some step is a run, some step is a set)``: the swaps in
        `legal_moves` order, then a discard of each card ``hand`` (57 counts by
        code, the round's own list: do not change it) holds, in code order
        (`DISCARD_MOVES`); ``None`` anywhere else (list the moves whole).
    """
    if state.phase is not P.PLAY or state.lay_down_left is not None or state.owed_rooks:
        return None
    seat = state.turn_seat
    if seat is None or state.down[seat] or may_strand(state):
        return None
    # (as `_play_candidates` and `_play_moves` list them for a player not down)
    moves: list[Move] = [m for m in swaps(state, seat) if keeps_rooks_playable(state, m)]
    hand = state.hands[seat]
    sets, runs = remaining_contract(state)
    some = has_lay_down_step(
        hand,
        sets=sets,
        runs=runs,
        whole_hand=state.whole_hand,
        rules=state.rules.meld_rules,
    )
    return moves, hand, some and runs > 0, some and sets > 0


def lay_down_step_moves(state: RookRound) -> list[Move]:
    """R11: the ``MeldDown`` moves that begin or continue a lay-down (as `legal_moves`)."""
    return _lay_down_steps(state)


def _has_play_move(state: RookRound) -> bool:
    """Whether `_play_moves` lists anything, stopping at the first legal move.

    The checks try moves ahead (`_passes_checks`): listing every move at each
    step of that look-ahead would take time exponential in its depth.
    """
    moves, taken = _play_candidates(state)
    owed = state.owed_rooks
    strand = state.rules.go_out_changed or (state.no_out_by_discard and not state.whole_hand)
    if not (owed or taken or strand):
        return bool(moves)
    return any(_passes_checks(state, m, owed, strand) for m in moves)


def _play_candidates(state: RookRound) -> tuple[list[Move], list[Move]]:
    """The play phase's moves before the checks that try them, and the swaps among them."""
    seat = state.turn_seat
    assert seat is not None
    hand = state.hands[seat]
    moves: list[Move] = []
    taken: list[Move] = []
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
                moves += _new_melds(state, seat, with_rook_only=not extra)
        taken = swaps(state, seat)
        moves += taken
        if state.owed_rooks == 0:
            out_by_discard = state.down[seat] and sum(hand) == 1
            if not out_by_discard or state.rules.may_go_out_by_discard(state, seat):
                moves += compress(DISCARD_MOVES, hand)
    return moves, taken


def _passes_checks(state: RookRound, move: Move, owed: int, strand: bool) -> bool:
    """The checks a listed candidate must pass by trying it: its Rooks can still be played
    (R14), and it strands no card (R12; ``strand``: `may_strand`)."""
    if (owed or isinstance(move, Swap)) and not keeps_rooks_playable(state, move):
        return False
    return not strand or _not_stuck_with_one_card(state, move)


def _rook_placements(state: RookRound, seat: int) -> list[Move]:
    """R14 (default): the moves that place a Rook owed by a swap on the table at once.

    Not yet down: a step of the contract lay-down (the whole lay-down holds
    the Rook; `keeps_rooks_playable` sees to that). Down: laying a Rook off,
    or a new meld holding a Rook.
    """
    if not state.down[seat]:
        return _lay_down_steps(state)
    moves: list[Move] = []
    if may_lay_off(state, seat):
        moves += [m for m in _lay_offs(state, seat) if isinstance(m, LayOff) and m.card.is_rook]
    moves += _new_melds(state, seat, with_rook_only=True)
    return moves


def _new_melds(state: RookRound, seat: int, with_rook_only: bool) -> list[Move]:
    """Melds ``seat`` may lay beyond its contract (R14: holding a Rook; option: any)."""
    candidates = meld_candidates(
        state.hands[seat], sets=True, runs=True, rules=state.rules.meld_rules
    )
    return [_meld_down(c) for c in candidates if c[TALLY][0] or not with_rook_only]


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
        if move not in swaps(state, seat) or not keeps_rooks_playable(state, move):
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
        return _has_play_move(trial)
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
    if state.owed_rooks and not keeps_rooks_playable(state, move):
        return False
    return not (may_strand(state) and not _not_stuck_with_one_card(state, move))
