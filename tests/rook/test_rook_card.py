"""The Rook in melds: what it stands for (R13), swaps from runs (R14), none from sets (R15)."""

from __future__ import annotations

import pytest

from cardrules import GameState
from cardrules_rook.cards import natural
from cardrules_rook.melds import RunMeld, SetMeld
from cardrules_rook.state import RookPhase

from .builders import (
    hand,
    legal,
    legal_of,
    new,
    play,
    put_round,
    refused,
    rs,
    sorted_hand,
    table,
)

P = RookPhase

# Round 2 (one run, one set); seat 1 laid down a run and a set, each with a Rook.
TABLE = ["R3 R4 *R5 R6", "Y9 B9 *9"]


def down_player(
    seat_0: str,
    *,
    table_: tuple[str, ...] = tuple(TABLE),
    down: tuple[int, ...] = (0, 1),
    variants: tuple[str, ...] = (),
    phase: RookPhase = P.PLAY,
) -> GameState:
    """Seat 0 has drawn and holds ``seat_0``; by default seats 0 and 1 are down."""
    state = new(3, variants=variants)
    put_round(
        state,
        [seat_0, "B1 B2", "B3 B4"],
        round=1,
        phase=phase,
        stock="G10 G11",
        discards="G14",
        table=table_,
        owners=[1] * len(table_),
        down=down,
    )
    return state


class TestWhatTheRookStandsFor:
    """R13: a Rook may stand for any card in a meld, and keeps standing for it."""

    @pytest.mark.rule("R13")
    def test_choice_of_card_when_melding(self) -> None:
        """Green 5-6-7 and a Rook: the Rook may be laid as Green 4 or Green 8."""
        state = down_player("G5 G6 G7 Rook Y2 Y2 Y2 B12", table_=(), down=())
        assert {"meld *G4 G5 G6 G7", "meld G5 G6 G7 *G8"} <= legal_of(state, "meld")
        play(state, "lay down G5 G6 G7 *G8 / Y2 Y2 Y2")
        (run, _) = rs(state).table
        assert run == RunMeld("G", 5, 8, (8,))

    @pytest.mark.rule("R13")
    def test_rook_keeps_its_card_when_the_run_grows(self) -> None:
        """R7 laid off on R3 R4 *R5 R6: the Rook is still Red 5 for every seat."""
        state = down_player("R7 R2 Y1")
        play(state, "lay off R7 on 0", "lay off R2 on 0")
        assert table(state)[0] == "R2 R3 R4 *R5 R6 R7"
        for seat in range(3):
            (run, _) = state.observation(seat).table
            assert isinstance(run, RunMeld)
            assert run.stands_for() == (natural("R", 5),)

    @pytest.mark.rule("R13", "R11", "R7")
    def test_card_the_rook_stands_for_cannot_be_laid_off(self) -> None:
        """Holding R5: it is not laid off on the run where the Rook is R5 (it can be swapped);
        the run has its 5 already (R7: numbers follow on, each once)."""
        state = down_player("R5 Y1")
        assert "lay off R5 on 0" not in legal(state)
        assert refused(state, "lay off R5 on 0").rule == "R7"

    @pytest.mark.rule("R13", "R11")
    def test_rook_laid_off_as_any_fitting_card(self) -> None:
        """A Rook from hand may be laid off as Red 2, Red 7 or a 9."""
        state = down_player("Rook Y1")
        assert legal_of(state, "lay off") == {
            "lay off *2 on 0",
            "lay off *7 on 0",
            "lay off *9 on 1",
        }
        play(state, "lay off *2 on 0")
        assert rs(state).table[0] == RunMeld("R", 2, 6, (2, 5))

    @pytest.mark.rule("R13", "R7", "R8")
    @pytest.mark.parametrize(
        ("move", "rule"),
        [("lay off *5 on 0", "R7"), ("lay off *8 on 0", "R7"), ("lay off *8 on 1", "R8")],
    )
    def test_rook_must_stand_for_a_card_that_fits(self, move: str, rule: str) -> None:
        """A Rook laid off as a card the meld cannot take is refused under the meld's rule:
        a 5 inside the Red 3-6 run or an 8 after it (R7), an 8 in the set of 9s (R8)."""
        state = down_player("Rook Y1")
        assert refused(state, move).rule == rule

    @pytest.mark.rule("R13", "R8")
    def test_rook_in_a_set_stands_for_its_number(self) -> None:
        """A Rook laid off on the set of 9s counts as one more 9."""
        state = down_player("Rook Y1")
        play(state, "lay off *9 on 1")
        assert rs(state).table[1] == SetMeld(9, ("Y", "B"), 2)
        assert table(state)[1] == "Y9 B9 *9 *9"


class TestSwap:
    """R14: the natural card takes a run's Rook, which must be played in the same turn."""

    @pytest.mark.rule("R14")
    def test_swap_is_offered_and_played(self) -> None:
        """Holding R5, seat 0 swaps it for the Rook: the run is all natural, the Rook in hand."""
        state = down_player("R5 Y1 Y2")
        assert legal_of(state, "swap") == {"swap R5 on 0"}
        play(state, "swap R5 on 0")
        assert table(state)[0] == "R3 R4 R5 R6"
        assert hand(state, 0) == sorted_hand("Y1 Y2 Rook")
        assert state.observation(1).owed_rooks == 1
        assert rs(state).owners == [1, 1]

    @pytest.mark.rule("R14")
    def test_cannot_discard_while_the_rook_is_owed(self) -> None:
        """After the swap no discard is offered; discarding (even the Rook) is refused under R14."""
        state = down_player("R5 Y1 Y2")
        play(state, "swap R5 on 0")
        assert legal_of(state, "discard") == set()
        assert refused(state, "discard Y1").rule == "R14"
        assert refused(state, "discard Rook").rule == "R14"

    @pytest.mark.rule("R14", "R11")
    def test_owed_rook_laid_off_then_discard(self) -> None:
        """Laying the Rook off (as Red 7) pays the debt; then the turn ends with a discard."""
        state = down_player("R5 Y1 Y2")
        play(state, "swap R5 on 0")
        assert legal(state) == {"lay off *2 on 0", "lay off *7 on 0", "lay off *9 on 1"}
        play(state, "lay off *7 on 0")
        assert table(state)[0] == "R3 R4 R5 R6 *R7"
        assert state.observation(0).owed_rooks == 0
        assert legal_of(state, "discard") == {"discard Y1", "discard Y2"}
        play(state, "discard Y1")
        assert state.current_player == 1

    @pytest.mark.rule("R14", "R11")
    def test_owed_rook_in_a_new_meld(self) -> None:
        """A down player may make a new meld only to play the Rook: G11 B11 and the Rook."""
        state = down_player("R5 G11 B11 Y1")
        play(state, "swap R5 on 0")
        assert legal_of(state, "meld") == {"meld G11 B11 *11"}
        play(state, "meld G11 B11 *11")
        assert table(state)[-1] == "G11 B11 *11"
        assert rs(state).owners[-1] == 0
        assert legal(state) == {"discard Y1"}

    @pytest.mark.rule("R14", "R11")
    def test_swap_as_part_of_the_contract(self) -> None:
        """Not yet down: the swapped Rook completes the run B2 B3 *B4 B5 of the lay-down."""
        state = down_player("R5 B2 B3 B5 Y7 B7 G7 Y13", down=(1,))
        assert legal_of(state, "meld") == set()  # no run without a Rook
        assert legal_of(state, "swap") == {"swap R5 on 0"}
        play(state, "swap R5 on 0")
        assert legal_of(state, "discard") == set()
        # the set without the Rook may come first; no meld that leaves the run without it
        assert legal_of(state, "meld") == {"meld B2 B3 *B4 B5", "meld Y7 G7 B7"}
        play(state, "lay down B2 B3 *B4 B5 / Y7 B7 G7")
        assert rs(state).down[0]
        assert state.observation(0).owed_rooks == 0
        assert hand(state, 0) == ["Y13"]

    @pytest.mark.rule("R14", "R11")
    def test_rook_swapped_before_going_down_belongs_in_the_lay_down(self) -> None:
        """Swapped while not down, the Rook must be in the lay-down, not laid off after it."""
        state = down_player("R5 B2 B3 B4 B5 Y7 B7 G7 Y13", down=(1,))
        play(state, "swap R5 on 0")
        # the contract without the Rook would leave it to a lay-off: refused under R14
        assert refused(state, "lay down B2 B3 B4 B5 / Y7 G7 B7").rule == "R14"
        play(state, "meld B2 B3 B4 B5")
        assert legal(state) == {
            "meld Y7 G7 *7",
            "meld Y7 B7 *7",
            "meld G7 B7 *7",
            "meld Y7 G7 B7 *7",
        }
        assert refused(state, "meld Y7 G7 B7").rule == "R14"
        play(state, "meld Y7 G7 B7 *7")
        assert state.observation(0).owed_rooks == 0
        assert legal_of(state, "discard") == {"discard Y13"}

    @pytest.mark.rule("R14")
    def test_swap_not_offered_when_the_rook_could_not_be_played(self) -> None:
        """Not down and no lay-down even with a Rook: the swap is not offered; refused R14."""
        state = down_player("R5 Y2 B9 G12", down=(1,))
        assert legal_of(state, "swap") == set()
        assert refused(state, "swap R5 on 0").rule == "R14"

    @pytest.mark.rule("R14", "R13")
    def test_swap_not_offered_when_no_meld_can_take_the_rook(self) -> None:
        """More naturals than Rooks; full Red 1-14 run and two 2+1 sets: the Rook has no place."""
        full_run = "*R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R14"
        position = (full_run, "Y9 B9 *9", "G8 B8 *8")
        state = down_player("R1 Y3", table_=position, variants=("more-naturals",))
        assert legal_of(state, "swap") == set()
        assert refused(state, "swap R1 on 0").rule == "R14"
        # by default a set may take a second Rook, so the same swap is offered
        assert legal_of(down_player("R1 Y3", table_=position), "swap") == {"swap R1 on 0"}

    @pytest.mark.rule("R14")
    def test_swap_the_right_card_only(self) -> None:
        """The Rook stands for Red 5: Red 6 or a Yellow 5 cannot take it (R14)."""
        state = down_player("R6 Y5 Y1")
        assert legal_of(state, "swap") == set()
        assert refused(state, "swap R6 on 0").rule == "R14"
        assert refused(state, "swap Y5 on 0").rule == "R14"
        assert refused(state, "swap R5 on 0").rule == "R14"  # R5 not held
        assert refused(state, "swap R5 on 5").rule == "R14"  # no meld 5

    @pytest.mark.rule("R14")
    def test_one_of_two_rooks(self) -> None:
        """R3 *R4 *R5 R6 and R4 in hand: only the Rook standing for Red 4 is taken."""
        state = down_player("R4 Y1 Y2", table_=("R3 *R4 *R5 R6", "Y9 B9 *9"))
        play(state, "swap R4 on 0")
        assert table(state)[0] == "R3 R4 *R5 R6"

    @pytest.mark.rule("R14", "R9")
    def test_no_swap_before_drawing(self) -> None:
        """A swap is part of the turn's play: before drawing it is refused under R9."""
        state = down_player("R5 Y1", phase=P.DRAW)
        assert refused(state, "swap R5 on 0").rule == "R9"


class TestNoSwapFromSets:
    """R15: a Rook in a set can never be taken back."""

    @pytest.mark.rule("R15")
    def test_no_swap_from_a_set(self) -> None:
        """Holding R9 and G9 with Y9 B9 *9 on the table: no swap offered; refused R15."""
        state = down_player("R9 G9 Y1")
        assert legal_of(state, "swap") == set()
        for move in ("swap R9 on 1", "swap G9 on 1", "swap Y9 on 1"):
            assert refused(state, move).rule == "R15"

    @pytest.mark.rule("R15", "R11")
    def test_nine_laid_off_beside_the_rook(self) -> None:
        """R9 may be laid off on the set, and the Rook stays in it."""
        state = down_player("R9 G9 Y1")
        play(state, "lay off R9 on 1", "lay off G9 on 1")
        assert rs(state).table[1] == SetMeld(9, ("R", "Y", "G", "B"), 1)
        assert refused(state, "swap Y1 on 1").rule == "R15"


BY_TURN_END = {"swapped_rook_by_turn_end": True}


class TestImmediatePlay:
    """R14 (default): the player's very next move places the swapped Rook on the table."""

    @pytest.mark.rule("R14")
    def test_any_other_move_after_a_swap_is_refused(self) -> None:
        """After the swap only Rook placements are legal; a natural lay-off is refused R14."""
        state = down_player("R5 R7 Y1 Y2")
        play(state, "swap R5 on 0")
        assert legal(state) == {"lay off *2 on 0", "lay off *7 on 0", "lay off *9 on 1"}
        for move in ("lay off R7 on 0", "discard Y1", "discard Rook"):
            error = refused(state, move)
            assert error.rule == "R14"
            assert "very next move" in str(error)
        play(state, "lay off *2 on 0")  # placed: the turn goes on as usual
        assert table(state)[0] == "*R2 R3 R4 R5 R6"
        assert "lay off R7 on 0" in legal(state)

    @pytest.mark.rule("R14")
    def test_option_allows_other_moves_before_the_rook(self) -> None:
        """``swapped_rook_by_turn_end=True``: a natural lay-off may come first; no discard yet."""
        state = new(3, options=BY_TURN_END)
        put_round(
            state,
            ["R5 R7 Y1 Y2", "B1 B2", "B3 B4"],
            round=1,
            phase=P.PLAY,
            stock="G10 G11",
            discards="G14",
            table=TABLE,
            owners=[1, 1],
            down=(0, 1),
        )
        play(state, "swap R5 on 0")
        assert "lay off R7 on 0" in legal(state)
        play(state, "lay off R7 on 0")
        assert rs(state).owed_rooks == 1
        assert refused(state, "discard Y1").rule == "R14"
        play(state, "lay off *8 on 0", "discard Y1")
        assert table(state)[0] == "R3 R4 R5 R6 R7 *R8"

    @pytest.mark.rule("R14")
    def test_no_second_swap_before_the_rook_is_placed(self) -> None:
        """Two Rooks to take: the second swap must wait until the first Rook is placed."""
        state = down_player("R4 R5 Y1", table_=("R3 *R4 *R5 R6", "Y9 B9 *9"))
        play(state, "swap R4 on 0")
        assert legal_of(state, "swap") == set()
        assert refused(state, "swap R5 on 0").rule == "R14"
        play(state, "lay off *9 on 1")
        assert legal_of(state, "swap") == {"swap R5 on 0"}

    @pytest.mark.rule("R14")
    def test_not_down_the_next_move_is_the_lay_down(self) -> None:
        """Not yet down: the lay-down holding the Rook comes next; a swap first is refused."""
        state = down_player("R5 B2 B3 B5 Y7 B7 G7 Y13", down=(1,))
        play(state, "swap R5 on 0")
        assert legal(state) == {"meld B2 B3 *B4 B5", "meld Y7 G7 B7"}
        assert refused(state, "discard Y13").rule == "R14"
        play(state, "meld Y7 G7 B7", "meld B2 B3 *B4 B5")
        assert rs(state).owed_rooks == 0


class TestSwapFollowUps:
    """R14 follow-ups found by the rules review: every owed Rook, and chains of swaps.

    Chains of swaps need the option ``swapped_rook_by_turn_end=True``; by
    default a swap must be followed at once by placing the Rook.
    """

    @pytest.mark.rule("R14")
    def test_a_second_swap_needs_room_for_both_rooks(self) -> None:
        """With room on the table for one Rook only, the second swap is not offered."""
        state = new(3, options=BY_TURN_END)
        put_round(
            state,
            ["Y5 Y9 B1 G7", "R2 R2", "G3 G4 G5 Y6"],
            table=[
                "Y1 Y2 Y3 Y4 *Y5 Y6 Y7 Y8 *Y9 Y10 Y11 Y12 Y13 Y14",
                " ".join(f"R{i}" for i in range(1, 14)),
                " ".join(f"G{i}" for i in range(1, 15)),
                " ".join(f"B{i}" for i in range(1, 15)),
            ],
            owners=[1, 1, 0, 0],
            down=[0, 1],
            round=2,
            phase=RookPhase.PLAY,
            stock="B3 B4",
            discards="B5",
        )
        play(state, "swap Y5 on 0")
        assert "swap Y9 on 0" not in legal_of(state, "swap")  # only R1-R13 can take a Rook
        assert refused(state, "swap Y9 on 0").rule == "R14"
        assert "lay off *14 on 1" in legal_of(state, "lay off")

    @pytest.mark.rule("R14", "R13")
    def test_two_owed_rooks_may_go_into_two_new_melds(self) -> None:
        """Variant more-naturals: a set holds fewer Rooks than naturals, so the two
        Rooks of two swaps need two new sets; with the option the second swap is
        offered all the same, and both Rooks are played."""
        state = new(3, variants=["more-naturals"], options=BY_TURN_END)
        put_round(
            state,
            ["R5 R9 Y7 B7 G3 B3 Y12", "R8", "R9"],
            table=["R1 R2 R3 R4 *R5 R6 R7 R8 *R9 R10 R11 R12 R13 R14"],
            owners=[1],
            down=[0, 1],
            phase=P.PLAY,
            stock="Y3 Y4",
            discards="G14",
        )
        play(state, "swap R5 on 0")
        assert "swap R9 on 0" in legal_of(state, "swap")
        play(state, "swap R9 on 0")
        play(state, "meld G3 B3 *3")
        assert legal(state) == {"meld Y7 B7 *7"}  # the other Rook is still owed
        play(state, "meld Y7 B7 *7")
        play(state, "discard Y12")
        assert rs(state).owed_rooks == 0

    @pytest.mark.rule("R14")
    def test_once_the_swapped_rook_is_played_other_swaps_open_again(self) -> None:
        """A Rook swapped before going down and used in the lay-down frees later swaps."""
        state = new(3)
        put_round(
            state,
            ["R5 R7 R8 R9 R10 Y7 G7 B9 G2 Y11 G13", "Y1 Y2", "G4 G5"],
            table=["R3 R4 *R5 R6", "Y5 G5 *5", "B6 B7 B8 *B9 B10"],
            owners=[1, 1, 1],
            down=[1],
            round=1,
            phase=RookPhase.PLAY,
            stock="B3 B4",
            discards="B1",
        )
        play(state, "swap R5 on 0", "lay down R7 R8 R9 R10 / Y7 G7 *7")
        assert "swap B9 on 2" in legal_of(state, "swap")

    @pytest.mark.rule("R14")
    @pytest.mark.parametrize("by_turn_end", [False, True])
    def test_a_swap_that_needs_a_second_swap_to_be_followed_is_offered(
        self, by_turn_end: bool
    ) -> None:
        """Two swaps together complete the contract: with the option the first one is
        offered; by default neither is, since neither can be followed by the lay-down."""
        state = new(3, options={"swapped_rook_by_turn_end": by_turn_end})
        put_round(
            state,
            ["G12 B14 R7 R8 Y3 G3 B3 Y13 G1 R11 Y9", "Y1 Y2", "G4 G5"],
            table=["G9 G10 G11 *G12", "Y5 G5 *5", "B11 B12 B13 *B14"],
            owners=[1, 1, 1],
            down=[1],
            round=1,
            phase=RookPhase.PLAY,
            stock="B3 B4",
            discards="B1",
        )
        if not by_turn_end:
            assert legal_of(state, "swap") == set()
            assert refused(state, "swap G12 on 0").rule == "R14"
            return
        assert {"swap G12 on 0", "swap B14 on 2"} <= legal_of(state, "swap")
        # Both swaps, then a run and a set that hold both Rooks.
        play(state, "swap G12 on 0", "swap B14 on 2", "lay down *R6 R7 R8 *R9 / Y3 G3 B3")
        assert rs(state).down[0]
        assert rs(state).owed_rooks == 0
