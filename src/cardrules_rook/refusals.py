"""Why a Toonerville Rook move is refused (the rule it breaks), and which moves reveal cards."""

from __future__ import annotations

from cardrules.errors import IllegalMoveError
from cardrules.model.moves import Move
from cardrules_rook.legal import may_strand, places_owed_rook, would_strand_a_card
from cardrules_rook.melds import Meld, RunMeld, SetMeld
from cardrules_rook.moves import Buy, Discard, Draw, LayDown, LayOff, MeldDown, Pass, Swap, Take
from cardrules_rook.play import laid_off, may_lay_off, minus
from cardrules_rook.state import RookPhase, RookRound

__all__ = ["explain_illegal", "reveals"]

P = RookPhase


def explain_illegal(state: RookRound, move: Move, rounds: int) -> IllegalMoveError:
    """The error for a move that is not legal now, naming the rule.

    Args:
        state: the round.
        move: the refused move.
        rounds: rounds in the match (to tell a finished match, R19).
    """
    seat = state.current_player

    def error(rule: str, message: str) -> IllegalMoveError:
        return IllegalMoveError(rule, message, move=move, seat=seat)

    phase = state.phase
    if phase is P.OVER:
        return (
            error("R19", "the match is over")
            if state.round + 1 >= rounds
            else error("R12", "the round is over")
        )
    if phase is P.DRAW:
        if isinstance(move, Take):
            return error("R9", "the discard pile is empty")
        return error("R9", f"{move} is not possible now: draw or take the discard first")
    if phase is P.BUY:
        return error("R10", f"{move} is not possible now: buy or pass")
    assert seat is not None
    hand = state.hands[seat]
    if isinstance(move, Draw | Take):
        return error("R9", "you have already drawn this turn")
    if isinstance(move, Buy | Pass):
        return error("R10", "there is no discard on offer")
    if (
        state.owed_rooks
        and not state.options.swapped_rook_by_turn_end
        and not places_owed_rook(state, move)
    ):
        where = "in your contract lay-down" if not state.down[seat] else "in a new meld or laid off"
        return error(
            "R14",
            f"the Rook taken by the swap must be played by your very next move, {where}",
        )
    rules = state.rules.meld_rules
    if may_strand(state) and would_strand_a_card(state, move):
        return error(
            "R12",
            "that would leave one card you cannot play, and no one may go out by discarding "
            + ("in round 11" if state.no_out_by_discard else "now"),
        )
    if isinstance(move, MeldDown | LayDown):
        melds = (move.meld,) if isinstance(move, MeldDown) else move.melds
        for meld in melds:
            if not meld.is_valid(rules):
                # R7/R8, with their interpretation of how many Rooks a meld may hold.
                rule = "R7" if meld.kind == "run" else "R8"
                return error(
                    rule, f"{meld} is not a valid {meld.kind} (too short or too few natural cards)"
                )
        rest = minus(hand, tuple(c for m in melds for c in m.cards()))
        if rest is None:
            return error("R11", "you do not hold those cards")
        contract = state.contract
        wanted = sorted(["set"] * contract.sets + ["run"] * contract.runs)
        if isinstance(move, LayDown) and sorted(m.kind for m in melds) != wanted:
            return error("R11", f"the first lay-down is exactly the contract: {contract}")
        if state.whole_hand and isinstance(move, LayDown) and any(rest):
            return error("R12", "in this round the lay-down must use every card in hand at once")
        if state.down[seat] and not state.went_down_this_turn:
            return error(
                "R11", "after laying down, make no new melds (except to play a swapped Rook)"
            )
        if state.owed_rooks:
            when = "this turn" if state.options.swapped_rook_by_turn_end else "in this lay-down"
            return error("R14", f"the Rook taken by the swap must still be playable {when}")
        if state.whole_hand and not state.down[seat]:
            return error(
                "R12", f"lay down {contract} using every card in hand, or nothing this round"
            )
        return error("R11", f"the first lay-down is exactly the contract: {contract}")
    if isinstance(move, LayOff):
        if not state.down[seat]:
            return error("R11", "lay off only after laying down the contract")
        if not may_lay_off(state, seat):
            return error("R11", "lay off only from the turn after laying down")
        if not hand[move.card.code]:
            return error("R11", f"you do not hold {move.card}")
        if not 0 <= move.target < len(state.table):
            return error("R11", f"there is no meld {move.target} on the table")
        meld = state.table[move.target]
        if laid_off(meld, move.card, move.number, state) is None:
            return error(*_misfit(meld, move))
        if state.owed_rooks:
            return error("R14", "the Rook taken by the swap could then no longer be played")
        return error("R11", f"{move} is not possible now")
    if isinstance(move, Swap):
        if not 0 <= move.target < len(state.table):
            return error("R14", f"there is no meld {move.target} on the table")
        if isinstance(state.table[move.target], SetMeld) and not state.rules.swap_sets:
            return error("R15", "a Rook in a set can never be taken back")
        if not hand[move.card.code]:
            return error("R14", f"you do not hold {move.card}")
        when = "this turn" if state.options.swapped_rook_by_turn_end else "by your very next move"
        return error(
            "R14", f"that Rook does not stand for this card, or it could not be played {when}"
        )
    if isinstance(move, Discard):
        if state.lay_down_left is not None:
            return error("R11", "finish the lay-down first: all of the contract in one turn")
        if state.owed_rooks:
            return error("R14", "play the Rook you took in a swap before the turn ends")
        if not hand[move.card.code]:
            return error("R12", f"you do not hold {move.card}")
        if state.no_out_by_discard:
            return error("R12", "in round 11 no one goes out by discarding")
        return error("R12", "you may not go out by discarding now")
    return error("R9", f"{move} is not possible now")


def _misfit(meld: Meld, move: LayOff) -> tuple[str, str]:
    """The rule a lay-off that would break ``meld`` breaks, and why (R7 for a run, R8 for a set).

    The card must keep the meld a valid meld (R11), so what it breaks is the
    meld's own rule: a run is one colour, its numbers follow on within 1-14
    and do not wrap (R7); a set is one number (R8); and either holds as many
    Rooks as the Rooks-per-meld reading (R8's *Interpretation*, checked with
    the meld's own rule, as a refused meld is) or a variant allows.
    """
    card, number, target = move.card, move.number, move.target
    shown = f"a Rook as {number}" if card.is_rook else str(card)
    if isinstance(meld, RunMeld):
        span = f"run {target} ({meld.colour}{meld.low}-{meld.colour}{meld.high})"
        if not card.is_rook and card.colour != meld.colour:
            return "R7", f"{shown} does not go on {span}: a run is of one colour"
        if (meld.high == 14 and number == 1) or (meld.low == 1 and number == 14):
            wrap = "runs do not wrap: nothing follows 14, nothing comes before 1"
            return "R7", f"{shown} cannot go on {span}: {wrap}"
        if number not in (meld.low - 1, meld.high + 1) or not 1 <= number <= 14:
            return "R7", f"{shown} does not follow on from either end of {span}"
        return "R7", f"{span} may not hold {shown}: too many Rooks for its natural cards"
    if number != meld.number or (not card.is_rook and card.number != number):
        return "R8", f"{shown} is not a {meld.number}: a set is of one number"
    return "R8", f"set {target} may not hold {shown}: too many Rooks for its natural cards"


def reveals(before: RookRound, move: Move, after: RookRound) -> bool:
    """Whether ``move`` shows anyone a card hidden from them before (for take-backs).

    Any card drawn from the draw pile (the turn's draw, a buyer's penalty card)
    and any card played from a hand onto the table or the discard pile is
    revealed; taking the discard, or declining a buy that does not end the
    offers, is not.
    """
    if isinstance(move, Take):
        return False
    if isinstance(move, Draw | Pass):
        return after.phase is not P.BUY and after.hands != before.hands
    return True
