"""Melding: the contract lay-down and laying off (R11, with the contracts of R4)."""

from __future__ import annotations

import pytest

from cardrules import GameState
from cardrules_rook.contracts import CONTRACTS
from cardrules_rook.state import RookPhase

from .builders import (
    going_out_hand,
    hand,
    legal,
    legal_of,
    new,
    pass_all,
    play,
    put_round,
    refused,
    rs,
    sorted_hand,
    table,
)

P = RookPhase

# Round 2 (index 1): one run and one set. Seat 1 is down with a run and a set.
SEAT_0 = "Y2 Y3 Y4 Y5 R7 Y7 B7 G7 R9 G6 B13"
TABLE = ["G2 G3 G4 G5", "R9 Y9 B9"]
STOCK = "B5 B6 B8 B10 B11 B12"


def round_two(
    seat_0: str = SEAT_0,
    *,
    options: dict[str, object] | None = None,
    variants: tuple[str, ...] = (),
) -> GameState:
    """Round 2, seat 0 has drawn (11 cards); seat 1 laid down G2-G5 and three 9s."""
    state = new(3, options=options, variants=variants)
    put_round(
        state,
        [seat_0, "R1 R2 R3", "Y10 Y11 Y12"],
        round=1,
        phase=P.PLAY,
        stock=STOCK,
        discards="G14",
        table=TABLE,
        owners=[1, 1],
        down=[1],
    )
    return state


def next_turn_of_seat_0(state: GameState) -> None:
    """Seats 1 and 2 draw and discard their drawn card; seat 0 then draws B10."""
    for seat, drawn in ((1, "B12"), (2, "B11")):
        assert state.current_player == seat
        play(state, "draw")
        pass_all(state)
        play(state, f"discard {drawn}")
    play(state, "draw")
    pass_all(state)


class TestContractLayDown:
    """R11: the first lay-down is exactly the contract, in one turn."""

    @pytest.mark.rule("R11")
    def test_steps_that_can_complete_the_contract(self) -> None:
        """The Yellow run and each set of 7s are offered; nothing else is."""
        state = round_two()
        assert legal_of(state, "meld") == {
            "meld Y2 Y3 Y4 Y5",
            "meld R7 Y7 B7",
            "meld R7 G7 B7",
            "meld R7 Y7 G7",
            "meld Y7 G7 B7",
            "meld R7 Y7 G7 B7",
        }

    @pytest.mark.rule("R11", "R4")
    def test_no_step_when_the_contract_cannot_be_met(self) -> None:
        """Round 2 with two sets but no run: no meld is offered; a set is refused under R11."""
        state = round_two("R7 Y7 B7 R8 Y8 G8 Y2 Y4 B13 B11 G1")
        assert legal_of(state, "meld") == set()
        assert refused(state, "meld R7 Y7 B7").rule == "R11"
        assert refused(state, "lay down R7 Y7 B7 / R8 Y8 G8").rule == "R11"

    @pytest.mark.rule("R11")
    def test_step_by_step(self) -> None:
        """After the run only sets are offered and no discard; after the set the player is down."""
        state = round_two()
        play(state, "meld Y2 Y3 Y4 Y5")
        assert state.observation(2).lay_down_left == (1, 0)  # one set, no run still to lay
        assert not state.observation(2).down[0]
        assert legal(state) == {
            "meld R7 Y7 B7",
            "meld R7 G7 B7",
            "meld R7 Y7 G7",
            "meld Y7 G7 B7",
            "meld R7 Y7 G7 B7",
        }
        play(state, "meld R7 Y7 G7 B7")
        assert state.observation(2).down == (True, True, False)
        assert state.observation(2).lay_down_left is None
        assert table(state) == [*TABLE, "Y2 Y3 Y4 Y5", "R7 Y7 G7 B7"]
        assert rs(state).owners == [1, 1, 0, 0]

    @pytest.mark.rule("R11")
    @pytest.mark.parametrize("move", ["discard B13", "discard Y7", "lay off G6 on 0"])
    def test_a_begun_lay_down_must_be_finished(self, move: str) -> None:
        """Once the run is laid the turn cannot end, nor a card be laid off, before the set."""
        state = round_two()
        play(state, "meld Y2 Y3 Y4 Y5")
        assert refused(state, move).rule == "R11"

    @pytest.mark.rule("R11")
    def test_whole_lay_down_is_accepted_though_not_listed(self) -> None:
        """``lay down`` is not among the listed moves but is accepted when it is the contract."""
        state = round_two()
        assert not legal_of(state, "lay down")
        play(state, "lay down R7 Y7 B7 / Y2 Y3 Y4 Y5")
        assert table(state) == [*TABLE, "R7 Y7 B7", "Y2 Y3 Y4 Y5"]
        assert rs(state).down == [True, True, False]
        assert hand(state, 0) == sorted_hand("G7 R9 G6 B13")

    @pytest.mark.rule("R11")
    @pytest.mark.parametrize(
        "move",
        [
            "lay down Y2 Y3 Y4 Y5",  # the set is missing
            "lay down R7 Y7 B7",  # the run is missing
            "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7 / R9 R9 R9",  # one set too many (and not held)
            "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7 / B13 B13 B13",  # cards not held
            "lay down Y2 Y3 Y4 Y5 / R7 R7 B7",  # only one R7 held
        ],
    )
    def test_wrong_lay_down_refused(self, move: str) -> None:
        """A lay-down that is not exactly the contract from the hand is refused under R11."""
        assert refused(round_two(), move).rule == "R11"

    @pytest.mark.rule("R11", "R7")
    def test_lay_down_with_an_invalid_meld_refused(self) -> None:
        """A lay-down whose run is too short is refused under R7."""
        assert refused(round_two(), "lay down Y2 Y3 Y4 / R7 Y7 B7").rule == "R7"

    @pytest.mark.rule("R11")
    def test_melds_may_be_longer(self) -> None:
        """A run of six and a set of five meet a one-run-one-set contract."""
        state = round_two("Y2 Y3 Y4 Y5 Y6 Y7 R8 R8 Y8 G8 B8 B13")
        assert {"meld Y2 Y3 Y4 Y5 Y6 Y7", "meld R8 R8 Y8 G8 B8"} <= legal_of(state, "meld")
        play(state, "lay down Y2 Y3 Y4 Y5 Y6 Y7 / R8 R8 Y8 G8 B8")
        assert table(state)[2:] == ["Y2 Y3 Y4 Y5 Y6 Y7", "R8 R8 Y8 G8 B8"]
        assert hand(state, 0) == ["B13"]

    @pytest.mark.rule("R11", "R4")
    @pytest.mark.parametrize("index", range(10))
    def test_each_rounds_contract(self, index: int) -> None:
        """In rounds 1-10 the contract of R4 is accepted; the same less one meld is refused."""
        melds, drawn, lay_down = going_out_hand(index)
        contract = CONTRACTS[index]
        state = new(3)
        put_round(
            state,
            [f"{melds} {drawn}", "R1", "R2"],
            round=index,
            phase=P.PLAY,
            stock="B5 B6",
            discards="G14",
        )
        short = lay_down.rsplit(" / ", 1)[0]
        assert refused(state, short).rule == "R11"
        play(state, lay_down)
        assert rs(state).down[0]
        kinds = sorted(m.kind for m in rs(state).table)
        assert kinds == sorted(["run"] * contract.runs + ["set"] * contract.sets)
        assert hand(state, 0) == [drawn]

    @pytest.mark.rule("R11")
    def test_no_new_melds_after_the_lay_down(self) -> None:
        """By default no further meld is offered after the lay-down, that turn or later."""
        state = round_two("Y2 Y3 Y4 Y5 R7 Y7 B7 R10 G10 B10 B13")
        play(state, "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7")
        assert legal_of(state, "meld") == set()
        assert refused(state, "meld R10 G10 B10").rule == "R11"
        play(state, "discard B13")
        next_turn_of_seat_0(state)
        assert legal_of(state, "meld") == set()
        assert refused(state, "meld R10 G10 B10").rule == "R11"

    @pytest.mark.rule("R11")
    def test_option_lay_down_extra_melds(self) -> None:
        """``lay_down_extra_melds``: in the turn of the lay-down a further set may be laid."""
        state = round_two(
            "Y2 Y3 Y4 Y5 R7 Y7 B7 R10 G10 B10 B13", options={"lay_down_extra_melds": True}
        )
        play(state, "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7")
        assert "meld R10 G10 B10" in legal_of(state, "meld")
        play(state, "meld R10 G10 B10")
        assert table(state)[-1] == "R10 G10 B10"
        assert hand(state, 0) == ["B13"]


class TestLayingOff:
    """R11: after laying down, cards may be laid off onto any meld, keeping it valid."""

    @pytest.mark.rule("R11")
    def test_no_lay_off_before_laying_down(self) -> None:
        """G6 fits seat 1's run, but seat 0 is not down: not offered, refused under R11."""
        state = round_two()
        assert legal_of(state, "lay off") == set()
        assert refused(state, "lay off G6 on 0").rule == "R11"

    @pytest.mark.rule("R11")
    def test_lay_off_on_own_and_others_melds(self) -> None:
        """Once down: G6 on seat 1's run, R9 on seat 1's set, G7 on seat 0's own set."""
        state = round_two()
        play(state, "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7")
        assert legal_of(state, "lay off") == {
            "lay off G6 on 0",
            "lay off R9 on 1",
            "lay off G7 on 3",
        }
        play(state, "lay off G6 on 0", "lay off R9 on 1", "lay off G7 on 3")
        assert table(state) == ["G2 G3 G4 G5 G6", "R9 R9 Y9 B9", "Y2 Y3 Y4 Y5", "R7 Y7 G7 B7"]
        assert rs(state).owners == [1, 1, 0, 0]  # a lay-off does not change a meld's owner
        assert hand(state, 0) == ["B13"]

    @pytest.mark.rule("R11", "R7", "R8")
    @pytest.mark.parametrize(
        ("move", "rule"),
        [
            ("lay off R9 on 0", "R7"),  # a Red 9 on the Green 2-5 run: a run is one colour
            ("lay off G6 on 1", "R8"),  # a 6 on the set of 9s: a set is one number
            ("lay off G7 on 0", "R7"),  # Green 7 leaves a gap after Green 5
            ("lay off B13 on 2", "R7"),  # Black 13 on the Yellow run
            ("lay off G6 on 7", "R11"),  # no meld 7
        ],
    )
    def test_lay_off_must_keep_the_meld_valid(self, move: str, rule: str) -> None:
        """A card that does not extend a meld is not laid off (R11); the refusal names
        the meld's rule it would break (R7 for a run, R8 for a set)."""
        state = round_two()
        play(state, "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7")
        assert refused(state, move).rule == rule

    @pytest.mark.rule("R11")
    def test_lay_off_in_a_later_turn(self) -> None:
        """A down player lays off in later turns too: the same three lay-offs are offered."""
        state = round_two()
        play(state, "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7", "discard B13")
        next_turn_of_seat_0(state)
        assert hand(state, 0) == sorted_hand("G7 R9 G6 B10")
        assert legal_of(state, "lay off") == {
            "lay off G6 on 0",
            "lay off R9 on 1",
            "lay off G7 on 3",
        }

    @pytest.mark.rule("R11")
    @pytest.mark.parametrize(
        ("options", "variants"),
        [({"lay_off_same_turn": False}, ()), (None, ("lay-off-next-turn",))],
    )
    def test_option_lay_off_next_turn(
        self, options: dict[str, object] | None, variants: tuple[str, ...]
    ) -> None:
        """``lay_off_same_turn=False``: no lay-off in the turn of the lay-down, only later."""
        state = round_two(options=options, variants=variants)
        play(state, "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7")
        assert legal_of(state, "lay off") == set()
        assert refused(state, "lay off G6 on 0").rule == "R11"
        play(state, "discard B13")
        next_turn_of_seat_0(state)
        assert legal_of(state, "lay off") == {
            "lay off G6 on 0",
            "lay off R9 on 1",
            "lay off G7 on 3",
        }
        play(state, "lay off G6 on 0")
        assert table(state)[0] == "G2 G3 G4 G5 G6"
