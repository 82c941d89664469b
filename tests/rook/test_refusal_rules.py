"""A refused lay-off, meld or discard names the rule it breaks (a table of causes).

Each row is a hand-built position, a move the rules forbid there, and the rule
its cause belongs to. A lay-off must keep its meld valid (R11), so a card that
would break the meld is refused under the meld's own rule: R7 for a run (one
colour; numbers that follow on within 1-14, each once; runs do not wrap, so
nothing follows 14), R8 for a set (one number; the Rooks-per-meld reading).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardrules import GameState, InvalidMoveError
from cardrules_rook.moves import parse_move
from cardrules_rook.state import RookPhase

from .builders import legal, new, put_round, refused

P = RookPhase

#: Table melds 0-4 laid by seat 1.
TABLE = ("R11 R12 R13 R14", "R3 R4 *R5 R6", "Y9 B9 *9", "G1 G2 G3 G4", "B3 *B4 B5 *B6 B7")
#: Seat 0's hand: cards for every cause below.
HAND = "R1 R2 R3 R9 R10 R5 G5 G14 Y7 B9 B8 Rook Y1"


def down(*, variants: tuple[str, ...] = (), **kwargs: Any) -> GameState:
    """Round 2 (one run, one set): seats 0 and 1 are down, seat 0 has drawn."""
    state = new(3, variants=variants)
    put_round(
        state,
        [HAND, "B1 B2", "B3 B4"],
        **{
            "round": 1,
            "phase": P.PLAY,
            "stock": "G10 G11",
            "discards": "G12",
            "table": TABLE,
            "owners": [1] * len(TABLE),
            "down": (0, 1),
            **kwargs,
        },
    )
    return state


def not_down(**kwargs: Any) -> GameState:
    """Round 2 (one run, one set): seat 0, not down, has drawn; seat 1 is down."""
    return down(down=(1,), **kwargs)


def round_11_last_card() -> GameState:
    """Round 11: seat 0 is down holding one card that fits no meld."""
    state = new(3)
    put_round(
        state,
        ["Y1", "B1 B2", "B3 B4"],
        round=10,
        phase=P.PLAY,
        stock="G10 G11",
        discards="G12",
        table=["R11 R12 R13 R14"],
        owners=[0],
        down=(0,),
    )
    return state


#: (position, move, rule, cause): the refusals of the table.
CASES: list[tuple[Callable[[], GameState], str, str, str]] = [
    # -- lay-offs
    (down, "lay off R1 on 0", "R7", "runs do not wrap: nothing follows 14"),
    (down, "lay off *1 on 0", "R7", "a Rook does not wrap either"),
    (down, "lay off G14 on 3", "R7", "nothing comes before 1"),
    (down, "lay off R9 on 0", "R7", "a gap below Red 11"),
    (down, "lay off *8 on 1", "R7", "a Rook leaving a gap after Red 6"),
    (down, "lay off *5 on 1", "R7", "a Rook inside the run: 5 is there already"),
    (down, "lay off R5 on 1", "R7", "the run has its 5 (a Rook stands for it)"),
    (down, "lay off G5 on 1", "R7", "a run is one colour"),
    (down, "lay off Y7 on 2", "R8", "a set is one number"),
    (down, "lay off *8 on 2", "R8", "a Rook in a set stands for its number"),
    (lambda: down(variants=("more-naturals",)), "lay off *8 on 4", "R7", "too many Rooks"),
    (lambda: down(variants=("more-naturals",)), "lay off *9 on 2", "R8", "too many Rooks"),
    (down, "lay off R10 on 7", "R11", "no meld 7 on the table"),
    (down, "lay off B2 on 4", "R11", "a card not held"),
    (not_down, "lay off R10 on 0", "R11", "lay off only once down"),
    (
        lambda: down(went_down_this_turn=True, variants=("lay-off-next-turn",)),
        "lay off R10 on 0",
        "R11",
        "lay off only from the next turn",
    ),
    # -- melds
    (not_down, "meld R1 R2 *R3", "R7", "a run of three cards"),
    (not_down, "meld *R7 *R8 R9 *R10", "R7", "a run of one natural card"),
    (not_down, "meld B9 Y9", "R8", "a set of two cards"),
    (not_down, "meld B9 *9 *9", "R8", "a set of one natural card"),
    (not_down, "meld G1 G2 G3 G4", "R11", "cards not held"),
    (not_down, "lay down R1 Y1 *1", "R11", "a set alone: the contract is a run and a set"),
    (down, "meld R1 R2 R3 *R4", "R11", "no new meld once down"),
    # -- discards
    (down, "discard B2", "R12", "a card not held"),
    (lambda: not_down(lay_down_left=(1, 0)), "discard Y7", "R11", "a lay-down half made"),
    (lambda: down(owed_rooks=1), "discard Y7", "R14", "a Rook owed by a swap"),
    (round_11_last_card, "discard Y1", "R12", "no going out by discarding in round 11"),
    (lambda: down(phase=P.DRAW), "discard Y7", "R9", "a turn starts with a draw"),
    (lambda: down(phase=P.BUY, current=1), "discard B1", "R10", "buy or pass first"),
]


@pytest.mark.rule("R7", "R8", "R9", "R10", "R11", "R12", "R14")
@pytest.mark.parametrize(
    ("position", "move", "rule", "cause"), CASES, ids=[f"{c[1]} ({c[3]})" for c in CASES]
)
def test_refusal_names_the_rule_of_its_cause(
    position: Callable[[], GameState], move: str, rule: str, cause: str
) -> None:
    """The refusal (state unchanged) names the rule of the cause in the table."""
    state = position()
    assert move not in legal(state)
    assert refused(state, move).rule == rule, cause


@pytest.mark.rule("R7")
def test_lay_off_onto_the_end_of_a_run_refused_under_r7() -> None:
    """Issue 45: ``lay off R1 on 0`` onto ``R11 R12 R13 R14`` cited R11; runs do not wrap (R7).

    The same position lays off Red 10 below the run: the refusal is the wrap.
    """
    state = down()
    assert "lay off R10 on 0" in legal(state)
    error = refused(state, "lay off R1 on 0")
    assert error.rule == "R7"
    assert "wrap" in str(error)


@pytest.mark.rule("R7")
def test_a_wrapping_meld_is_no_meld() -> None:
    """``meld R13 R14 R1 R2`` is not even a move: its notation is refused, naming R7."""
    with pytest.raises(InvalidMoveError, match="R7"):
        parse_move("meld R13 R14 R1 R2")


def test_the_table_positions_offer_moves_of_each_kind() -> None:
    """The positions are live: where seat 0 is down it may lay off, and discard."""
    moves = legal(down())
    assert {"lay off R10 on 0", "lay off R2 on 1", "lay off B9 on 2", "discard Y7"} <= moves
    assert "meld R1 R2 R3 *R4" not in moves
