"""Melds: runs (R7), sets (R8), and how many Rooks a meld may hold (R13)."""

from __future__ import annotations

import pytest

from cardrules import GameState, InvalidMoveError, OptionsError
from cardrules_rook.cards import natural
from cardrules_rook.meld_reading import melds_of
from cardrules_rook.melds import MeldRules, RunMeld, SetMeld
from cardrules_rook.state import RookPhase

from .builders import cards, legal_of, meld, new, play, put_round, refused, table

P = RookPhase


def readings(spec: str, rules: MeldRules | None = None) -> list[str]:
    """Every meld these exact cards form, in notation."""
    found = melds_of(cards(spec)) if rules is None else melds_of(cards(spec), rules)
    return [str(m) for m in found]


def playing(
    hand: str,
    *,
    round: int = 0,
    options: dict[str, object] | None = None,
    variants: tuple[str, ...] = (),
) -> GameState:
    """Seat 0 of 3, in round ``round`` (from 0), has drawn and holds ``hand``."""
    state = new(3, options=options, variants=variants)
    put_round(state, [hand, "Y1", "Y2"], round=round, phase=P.PLAY, stock="B1 B2", discards="G14")
    return state


class TestRuns:
    """R7: four or more cards of one colour in consecutive numbers, no wrap-around."""

    @pytest.mark.rule("R7")
    def test_red_11_to_14_is_a_run(self) -> None:
        """Worked example: Red 11-12-13-14 is a run (14 is the highest number)."""
        assert melds_of(cards("R11 R12 R13 R14")) == (RunMeld("R", 11, 14),)

    @pytest.mark.rule("R7")
    @pytest.mark.parametrize("spec", ["R12 R13 R14 R1", "R13 R14 R1 R2", "R14 R1 R2 R3"])
    def test_no_wrap_around(self, spec: str) -> None:
        """Worked example: Red 12-13-14-1 is not a run; 14 does not lead to 1."""
        assert readings(spec) == []
        with pytest.raises(InvalidMoveError):
            meld(spec)

    @pytest.mark.rule("R7", "R13")
    def test_red_3_4_rook_6(self) -> None:
        """Worked example: Red 3-4-Rook-6 is a run, the Rook standing for Red 5."""
        (run,) = melds_of(cards("R3 R4 Rook R6"))
        assert run == RunMeld("R", 3, 6, (5,))
        assert isinstance(run, RunMeld)
        assert run.stands_for() == (natural("R", 5),)
        assert str(run) == "R3 R4 *R5 R6"

    @pytest.mark.rule("R7")
    def test_red_3_4_5_is_too_short(self) -> None:
        """Worked example: Red 3-4-5 is too short (three cards)."""
        assert readings("R3 R4 R5") == []
        assert not RunMeld("R", 3, 5).is_valid()
        assert RunMeld("R", 3, 6).is_valid()

    @pytest.mark.rule("R7")
    @pytest.mark.parametrize(
        "spec",
        [
            "R3 R4 Y5 R6",  # two colours
            "R3 R4 R6 R7",  # a gap and no Rook
            "R3 R4 R4 R5",  # a number twice
        ],
    )
    def test_not_runs(self, spec: str) -> None:
        """One colour, consecutive numbers, each once: anything else is no run."""
        assert not [m for m in melds_of(cards(spec)) if m.kind == "run"]

    @pytest.mark.rule("R7", "R13")
    def test_rook_cannot_go_above_14(self) -> None:
        """R12 R13 R14 and a Rook: the Rook can only be Red 11, never a Red 15 or a Red 1."""
        assert readings("R12 R13 R14 Rook") == ["*R11 R12 R13 R14"]

    @pytest.mark.rule("R7", "R13")
    def test_rook_at_either_end_or_in_a_gap(self) -> None:
        """Green 5-6-7 and a Rook: the Rook is Green 4 or Green 8."""
        assert set(readings("G5 G6 G7 Rook")) == {"*G4 G5 G6 G7", "G5 G6 G7 *G8"}

    @pytest.mark.rule("R7", "R11")
    def test_wrapping_hand_cannot_lay_down_runs(self) -> None:
        """Round 3 (two runs): R12 R13 R14 R1 is no run, so only one run is there: no melds."""
        state = playing("R12 R13 R14 R1 G5 G6 G7 G8 Y2 Y4 B9 B11 B13", round=2)
        assert legal_of(state, "meld") == set()
        assert refused(state, "meld G5 G6 G7 G8").rule == "R11"

    @pytest.mark.rule("R7")
    def test_too_short_run_refused(self) -> None:
        """Laying Red 3-4-5 as a run is refused under R7; nothing changes."""
        state = playing("R3 R4 R5 Y7 B7 G7 G1 G2 G3 G4 B11 B12 B13", round=1)
        assert "meld R3 R4 R5" not in legal_of(state, "meld")
        assert refused(state, "meld R3 R4 R5").rule == "R7"

    @pytest.mark.rule("R7", "R11")
    def test_lay_down_a_run_of_one_to_four(self) -> None:
        """Round 2: Yellow 1-2-3-4 (1 is the lowest number) and a set of 9s are laid down."""
        state = playing("Y1 Y2 Y3 Y4 R9 G9 B9 B12 B13", round=1)
        play(state, "lay down Y1 Y2 Y3 Y4 / R9 G9 B9")
        assert table(state) == ["Y1 Y2 Y3 Y4", "R9 G9 B9"]


class TestSets:
    """R8: three or more cards of one number, any colours, identical cards allowed."""

    @pytest.mark.rule("R8", "R2")
    def test_red_black_red_sevens(self) -> None:
        """Worked example: 7 Red, 7 Black, 7 Red is a set (two decks)."""
        assert melds_of(cards("R7 B7 R7")) == (SetMeld(7, ("R", "R", "B")),)

    @pytest.mark.rule("R8", "R13")
    def test_red_black_rook_sevens(self) -> None:
        """Worked example: 7 Red, 7 Black and a Rook is a set."""
        assert melds_of(cards("R7 B7 Rook")) == (SetMeld(7, ("R", "B"), 1),)
        assert str(meld("R7 B7 *7")) == "R7 B7 *7"

    @pytest.mark.rule("R8")
    @pytest.mark.parametrize("spec", ["R7 B7", "R7 B7 G8", "R7 B7 Y7 G6"])
    def test_not_sets(self, spec: str) -> None:
        """Two cards, or cards of different numbers, are no set."""
        assert not [m for m in melds_of(cards(spec)) if m.kind == "set"]

    @pytest.mark.rule("R8")
    def test_any_length_any_colours(self) -> None:
        """Six 5s, four colours with repeats, make one set."""
        assert readings("R5 Y5 G5 B5 R5 G5") == ["R5 R5 Y5 G5 G5 B5"]

    @pytest.mark.rule("R8", "R2")
    def test_lay_down_sets_of_identical_cards(self) -> None:
        """Round 1 (two sets) with 3 decks: R7 R7 B7 and G2 G2 G2 are laid down."""
        state = playing("R7 R7 B7 G2 G2 G2 Y10 Y12", round=0)
        assert {"meld R7 R7 B7", "meld G2 G2 G2"} <= legal_of(state, "meld")
        play(state, "lay down R7 R7 B7 / G2 G2 G2")
        assert table(state) == ["R7 R7 B7", "G2 G2 G2"]

    @pytest.mark.rule("R8")
    def test_too_short_set_refused(self) -> None:
        """Laying two 7s as a set is refused under R8; nothing changes."""
        state = playing("R7 B7 Y9 G9 B9 Y10 Y12", round=0)
        assert refused(state, "meld R7 B7").rule == "R8"


class TestRooksPerMeld:
    """Interpretation of R7/R8 with R13: every meld holds at least two natural cards."""

    @pytest.mark.rule("R13", "R7", "R8")
    @pytest.mark.parametrize(
        ("spec", "valid"),
        [
            ("R3 *R4 *R5 R6", True),  # 2 naturals
            ("R3 *R4 *R5 *R6", False),  # 1 natural
            ("R7 B7 *7 *7 *7", True),  # 2 naturals
            ("R7 *7 *7", False),  # 1 natural
        ],
    )
    def test_default_two_naturals(self, spec: str, valid: bool) -> None:
        """By default a meld needs two natural cards, however many Rooks it holds."""
        assert meld(spec).is_valid() is valid

    @pytest.mark.rule("R13", "R8")
    def test_one_natural_set_refused(self) -> None:
        """R7 and two Rooks is not a set: not offered, refused, nothing changes."""
        state = playing("R7 Rook Rook Y9 G9 B9 B12", round=0)
        assert "meld R7 *7 *7" not in legal_of(state, "meld")
        # too few natural cards: the Rooks-per-meld reading of R8 with R13
        assert refused(state, "meld R7 *7 *7").rule in {"R8", "R13"}

    @pytest.mark.rule("R13", "R8")
    def test_option_min_naturals_3(self) -> None:
        """``min_naturals=3``: R7 B7 and a Rook is no longer a set; R7 Y7 B7 still is."""
        assert not meld("R7 B7 *7").is_valid(MeldRules(min_naturals=3))
        state = playing("R7 B7 Rook Y9 G9 B9 Y7 B12", round=0, options={"min_naturals": 3})
        melds = legal_of(state, "meld")
        assert "meld R7 B7 *7" not in melds
        assert "meld R7 Y7 B7" in melds
        assert refused(state, "meld R7 B7 *7").rule in {"R8", "R13"}

    @pytest.mark.rule("R13", "R8")
    def test_option_min_naturals_1(self) -> None:
        """``min_naturals=1``: R7 and two Rooks is a set and may be laid down."""
        state = playing("R7 Rook Rook Y9 G9 B9 B12", round=0, options={"min_naturals": 1})
        assert "meld R7 *7 *7" in legal_of(state, "meld")
        play(state, "lay down R7 *7 *7 / Y9 G9 B9")
        assert table(state) == ["R7 *7 *7", "Y9 G9 B9"]

    @pytest.mark.rule("R13")
    def test_option_min_naturals_0_refused(self) -> None:
        """A meld needs a natural card: ``min_naturals=0`` is not accepted."""
        with pytest.raises(OptionsError, match="min_naturals"):
            new(3, options={"min_naturals": 0})

    def test_meld_rules_min_naturals_0_refused(self) -> None:
        """``MeldRules`` itself refuses 0, so the searches never meet a meld of Rooks alone."""
        with pytest.raises(ValueError, match="min_naturals must be at least 1"):
            MeldRules(min_naturals=0)

    @pytest.mark.rule("R13", "R7", "R8")
    @pytest.mark.parametrize(
        ("spec", "valid"),
        [
            ("R3 *R4 *R5 R6", False),  # 2 naturals, 2 Rooks
            ("R3 R4 *R5 R6", True),  # 3 naturals, 1 Rook
            ("R7 B7 *7 *7", False),  # 2 naturals, 2 Rooks
            ("R7 B7 *7", True),  # 2 naturals, 1 Rook
        ],
    )
    def test_option_naturals_exceed_rooks(self, spec: str, valid: bool) -> None:
        """``naturals_exceed_rooks``: a meld holds more natural cards than Rooks."""
        assert meld(spec).is_valid(MeldRules(naturals_exceed_rooks=True)) is valid

    @pytest.mark.rule("R13", "R7")
    def test_variant_more_naturals_in_play(self) -> None:
        """Variant ``more-naturals``: R3 *R4 *R5 R6 is refused, R3 R4 *R5 R6 is offered."""
        hand = "R3 R6 Rook Rook R4 Y9 G9 B9 B12"
        default = playing(hand, round=1)
        assert "meld R3 *R4 *R5 R6" in legal_of(default, "meld")
        state = playing(hand, round=1, variants=("more-naturals",))
        melds = legal_of(state, "meld")
        assert "meld R3 *R4 *R5 R6" not in melds
        assert "meld R3 R4 *R5 R6" in melds
        assert refused(state, "meld R3 *R4 *R5 R6").rule in {"R7", "R13"}


@pytest.mark.rule("R7")
def test_a_wrapping_run_is_refused_naming_the_rule() -> None:
    """13-14-1-2 is no run: the notation itself is refused, and the message cites R7."""
    state = new(3)
    with pytest.raises(InvalidMoveError, match=r"14 is not followed by 1 \(R7\)"):
        state.parse_move("meld R13 R14 R1 R2")
