"""Discarding and going out (R12), and round 11's whole-hand lay-down."""

from __future__ import annotations

import pytest

from cardrules import GameState
from cardrules_rook.state import RookPhase

from .builders import (
    card,
    hand,
    legal,
    legal_of,
    new,
    pass_all,
    pile,
    play,
    play_out_round,
    put_round,
    refused,
    rs,
    sorted_hand,
)

P = RookPhase

# Round 2 (one run, one set); seat 1 is down with these melds.
TABLE = ["G2 G3 G4 G5", "R9 Y9 B9"]
# R1 R2 R3: 5 + 5 + 5 = 15; Y10 Y11 Y12: 10 + 10 + 10 = 30 (R17)
OTHERS = ("R1 R2 R3", "Y10 Y11 Y12")


def round_two(seat_0: str) -> GameState:
    """Round 2 (index 1) of the contract table; seat 0 has drawn and holds ``seat_0``."""
    state = new(3)
    put_round(
        state,
        [seat_0, *OTHERS],
        round=1,
        phase=P.PLAY,
        stock="B5 B6 B8",
        discards="G14",
        table=TABLE,
        owners=[1, 1],
        down=[1],
    )
    return state


def last_round(options: dict[str, object] | None = None) -> GameState:
    """A 3-player match played through the engine up to round 11 (index 10)."""
    state = new(3, seed=21, options=options)
    for _ in range(10):
        play_out_round(state, ["B1", "B2"])
    assert state.round == 10
    return state


# Round 11 (two runs, two sets), 14 cards dealt; the draw brings the 15th.
FOURTEEN = "G1 G2 G3 G4 Y6 Y7 Y8 Y9 R1 Y1 B1 R2 Y2 B2"
WHOLE_HAND = "lay down G1 G2 G3 G4 / Y6 Y7 Y8 Y9 / R1 Y1 B1 B1 / R2 Y2 B2"


def round_11_turn(drawn: str, options: dict[str, object] | None = None) -> GameState:
    """Round 11 through the engine; its first player (seat 2) holds ``FOURTEEN`` and draws."""
    state = last_round(options)
    turn = rs(state).turn_seat
    assert turn == 2  # R6: round 11 is dealt by seat 10 mod 3 = 1
    put_round(
        state,
        ["R5 R6", "B12 B13", FOURTEEN],
        turn=2,
        dealer=1,
        stock=f"B5 B6 {drawn}",
        discards="G14",
    )
    play(state, "draw")
    pass_all(state)
    assert rs(state).hand_size(2) == 15
    return state


class TestDiscard:
    """R12: a turn ends with one discard onto the discard pile."""

    @pytest.mark.rule("R12", "R6")
    def test_discard_ends_the_turn(self) -> None:
        """Discarding R9 puts it on top of the discard pile; seat 1 is next to draw."""
        state = round_two("R9 G6 B13 Y3 Y4")
        play(state, "discard R9")
        assert pile(rs(state).discards) == "G14 R9"
        assert hand(state, 0) == sorted_hand("G6 B13 Y3 Y4")
        assert state.current_player == 1
        assert rs(state).phase is P.DRAW
        assert state.round == 0

    @pytest.mark.rule("R12")
    def test_discard_a_card_not_held_refused(self) -> None:
        """Discarding a card not in hand is refused under R12; nothing changes."""
        state = round_two("R9 G6 B13 Y3 Y4")
        assert "discard B12" not in legal(state)
        assert refused(state, "discard B12").rule == "R12"

    @pytest.mark.rule("R12")
    def test_every_card_may_be_discarded(self) -> None:
        """Any card in hand may be the discard, a Rook included."""
        state = round_two("R9 G6 Rook")
        assert legal_of(state, "discard") == {"discard R9", "discard G6", "discard Rook"}


class TestGoingOut:
    """R12: a down player with no card left after melding or discarding goes out."""

    @pytest.mark.rule("R12", "R17")
    def test_out_by_discarding(self) -> None:
        """Lay down, lay off three cards, discard B13: seat 0 is out, the round ends."""
        state = round_two("Y2 Y3 Y4 Y5 R7 Y7 B7 G7 R9 G6 B13")
        play(state, "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7")
        play(state, "lay off G6 on 0", "lay off R9 on 1", "lay off G7 on 3")
        assert state.round == 0
        play(state, "discard B13")
        assert state.round == 1
        finished = state.finished_rounds[0]
        assert finished.went_out == 0
        assert finished.ended_by == "out"
        assert finished.discards.top == card("B13")
        assert state.round_scores == [(0, 15, 30)]

    @pytest.mark.rule("R12", "R17")
    def test_out_by_laying_off_the_last_card(self) -> None:
        """Without B13 the last lay-off empties the hand: out at once, no discard."""
        state = round_two("Y2 Y3 Y4 Y5 R7 Y7 B7 G7 R9 G6")
        play(state, "lay down Y2 Y3 Y4 Y5 / R7 Y7 B7")
        play(state, "lay off G6 on 0", "lay off R9 on 1")
        assert state.round == 0
        play(state, "lay off G7 on 3")
        assert state.round == 1
        assert state.finished_rounds[0].went_out == 0
        assert pile(state.finished_rounds[0].discards) == "G14"
        assert state.round_scores == [(0, 15, 30)]

    @pytest.mark.rule("R12", "R11")
    def test_out_by_laying_down_every_card(self) -> None:
        """Round 2: a hand that is exactly a run and a set goes out with the lay-down."""
        state = round_two("Y2 Y3 Y4 Y5 Y6 R7 Y7 B7")
        play(state, "lay down Y2 Y3 Y4 Y5 Y6 / R7 Y7 B7")
        assert state.round == 1
        assert state.finished_rounds[0].went_out == 0
        assert state.round_scores == [(0, 15, 30)]

    @pytest.mark.rule("R12", "R11")
    def test_out_by_the_last_step_of_a_lay_down(self) -> None:
        """Laid step by step, the round ends when the last meld empties the hand."""
        state = round_two("Y2 Y3 Y4 Y5 R7 Y7 B7")
        play(state, "meld R7 Y7 B7")
        assert state.round == 0
        play(state, "meld Y2 Y3 Y4 Y5")
        assert state.round == 1
        assert state.round_scores == [(0, 15, 30)]

    @pytest.mark.rule("R12", "R6")
    def test_next_round_is_dealt_after_going_out(self) -> None:
        """After seat 0 goes out, round 2 of the match is dealt by seat 1; seat 2 plays first."""
        state = round_two("Y2 Y3 Y4 Y5 Y6 R7 Y7 B7")
        play(state, "lay down Y2 Y3 Y4 Y5 Y6 / R7 Y7 B7")
        assert rs(state).round == 1
        assert rs(state).dealer == 1
        assert state.current_player == 2
        assert rs(state).table == []
        assert [rs(state).hand_size(seat) for seat in range(3)] == [12, 12, 12]


class TestLastRound:
    """R12: in round 11 a player lays down only with every card, and cannot go out by discarding."""

    @pytest.mark.rule("R12", "R4")
    def test_fifteen_cards_laid_down_at_once(self) -> None:
        """Worked example: all 15 cards form two runs and two sets: out without discarding."""
        state = round_11_turn("B1")
        play(state, WHOLE_HAND)
        assert state.is_over
        assert len(state.round_scores) == 11
        last = state.finished_rounds[-1]
        assert last.went_out == 2
        assert pile(last.discards) == "G14"  # nothing was discarded
        # R5 R6: 5 + 5 = 10; B12 B13: 10 + 10 = 20
        assert state.round_scores[-1] == (10, 20, 0)

    @pytest.mark.rule("R12", "R11")
    def test_whole_hand_step_by_step(self) -> None:
        """The four melds are offered as steps; the fourth leaves no card and ends the match."""
        state = round_11_turn("B1")
        assert legal_of(state, "meld") == {
            "meld G1 G2 G3 G4",
            "meld Y6 Y7 Y8 Y9",
            "meld R1 Y1 B1 B1",
            "meld R2 Y2 B2",
        }
        play(state, "meld R2 Y2 B2", "meld G1 G2 G3 G4", "meld Y6 Y7 Y8 Y9")
        assert rs(state).lay_down_left == (1, 0)
        assert legal(state) == {"meld R1 Y1 B1 B1"}
        play(state, "meld R1 Y1 B1 B1")
        assert state.is_over
        assert state.finished_rounds[-1].went_out == 2

    @pytest.mark.rule("R12")
    def test_no_lay_down_that_leaves_a_card(self) -> None:
        """Drawing B13: 14 cards meet the contract, one is left: no meld is offered; refused R12."""
        state = round_11_turn("B13")
        assert legal_of(state, "meld") == set()
        partial = "lay down G1 G2 G3 G4 / Y6 Y7 Y8 Y9 / R1 Y1 B1 / R2 Y2 B2"
        assert refused(state, partial).rule == "R12"
        assert refused(state, "meld G1 G2 G3 G4").rule == "R12"
        # the player keeps the cards and ends the turn by discarding
        assert "discard B13" in legal(state)
        play(state, "discard B13")
        assert state.round == 10
        assert state.current_player == 0

    @pytest.mark.rule("R12", "R4", "R11")
    def test_same_hand_in_round_10_goes_out_by_discard(self) -> None:
        """Before round 11 a lay-down may leave one card; discarding it goes out."""
        state = new(3)
        put_round(
            state,
            ["R5 R6", "B12 B13", "G1 G2 G3 G4 Y6 Y7 Y8 Y9 G6 G7 G8 G9 Y10 Y11 Y12 Y13 B13"],
            round=9,  # round 10: four runs
            turn=2,
            phase=P.PLAY,
            stock="B5",
            discards="G14",
        )
        play(state, "lay down G1 G2 G3 G4 / Y6 Y7 Y8 Y9 / G6 G7 G8 G9 / Y10 Y11 Y12 Y13")
        play(state, "discard B13")
        assert state.finished_rounds[-1].went_out == 2
        assert state.round_scores == [(10, 20, 0)]

    @pytest.mark.rule("R12", "R11")
    def test_wrong_contract_with_every_card_refused_under_r11(self) -> None:
        """Every card laid, but as one run and three sets: refused for the contract (R11)."""
        state = last_round()
        put_round(
            state,
            ["R5 R6", "B12 B13", "G1 G2 G3 G4 G5 R7 Y7 B7 R8 Y8 B8 R9 Y9 B9 B9"],
            turn=2,
            dealer=1,
            phase=P.PLAY,
            stock="B5",
            discards="G14",
        )
        error = refused(state, "lay down G1 G2 G3 G4 G5 / R7 Y7 B7 / R8 Y8 B8 / R9 Y9 B9 B9")
        # The lay-down uses every card, which is all R12 asks; what is wrong is that it is
        # not the contract (two runs, two sets), which R11 requires.
        assert error.rule == "R11"

    @pytest.mark.rule("R12")
    def test_option_last_round_like_the_others(self) -> None:
        """``last_round_whole_hand=False``: round 11 lay-downs need not use every card.

        With G5 drawn, G1-G4 may be melded and G5 laid off on it afterwards; with
        every card at once (the default) only G1-G5 is a step.
        """
        state = round_11_turn("G5", options={"last_round_whole_hand": False})
        assert not state.observation(0).whole_hand
        assert "meld G1 G2 G3 G4" in legal_of(state, "meld")
        assert "meld G1 G2 G3 G4" not in legal_of(round_11_turn("G5"), "meld")

    @pytest.mark.rule("R11", "R12")
    def test_option_offers_no_step_of_a_lay_down_that_strands_a_card(self) -> None:
        """``last_round_whole_hand=False``, B13 drawn: every lay-down leaves B13 alone,
        which could only be discarded, so no step of one is offered (none can be
        finished) and the player discards instead."""
        state = round_11_turn("B13", options={"last_round_whole_hand": False})
        assert legal_of(state, "meld") == set()
        assert refused(state, "meld G1 G2 G3 G4").rule == "R12"
        play(state, "discard B13")

    @pytest.mark.rule("R12")
    def test_option_still_forbids_going_out_by_discard(self) -> None:
        """Even so, no one goes out by discarding in round 11: a lay-down that would
        strand one card that cannot be played is refused under R12."""
        state = round_11_turn("B13", options={"last_round_whole_hand": False})
        refusal = refused(state, "lay down G1 G2 G3 G4 / Y6 Y7 Y8 Y9 / R1 Y1 B1 / R2 Y2 B2")
        assert refusal.rule == "R12"

    @pytest.mark.rule("R12")
    def test_option_down_player_must_lay_off_the_last_card(self) -> None:
        """``last_round_whole_hand=False``: a down player keeps a card to discard, or lays
        off everything; laying off down to one unplayable card is refused."""
        state = last_round(options={"last_round_whole_hand": False})
        put_round(
            state,
            ["R5 R6", "B12 B13", "Y5 B13"],
            turn=2,
            dealer=1,
            stock="B6 G14 Y10",
            discards="G14",
            table=["G1 G2 G3 G4", "Y6 Y7 Y8 Y9", "R1 Y1 B1", "R2 Y2 B2"],
            owners=[2, 2, 2, 2],
            down=[2],
        )
        play(state, "draw")
        pass_all(state)
        play(state, "lay off Y10 on 1")
        assert "lay off Y5 on 1" not in legal_of(state, "lay off")
        assert refused(state, "lay off Y5 on 1").rule == "R12"
        play(state, "discard B13")  # two cards in hand: discarding one is not going out
        assert not state.is_over
        assert hand(state, 2) == ["Y5"]

    @pytest.mark.rule("R12", "R14")
    @pytest.mark.parametrize("by_turn_end", [False, True])
    def test_option_no_swap_whose_rook_would_strand_the_last_card(self, by_turn_end: bool) -> None:
        """``last_round_whole_hand=False``: a down player holding R5 and Y1 may not swap R5
        for the run's Rook: the Rook could then only be laid off, leaving Y1 alone (R12),
        so the turn could not go on. The swap is not offered and is refused; the player
        discards instead."""
        state = last_round(
            options={"last_round_whole_hand": False, "swapped_rook_by_turn_end": by_turn_end}
        )
        put_round(
            state,
            ["R5 Y1", "B12 B13", "G12 G13"],
            turn=0,
            phase=P.PLAY,
            stock="B6 G14 Y10",
            discards="G14",
            table=["R3 R4 *R5 R6", "Y9 B9 G9"],
            owners=[1, 1],
            down=[0, 1],
        )
        assert legal(state) == {"discard R5", "discard Y1"}
        assert refused(state, "swap R5 on 0").rule == "R12"


@pytest.mark.rule("R12")
@pytest.mark.parametrize(
    "options",
    [
        {"last_round_whole_hand": False, "lay_down_extra_melds": True},
        {"last_round_whole_hand": False, "swapped_rook_by_turn_end": True},
    ],
)
def test_round_11_look_ahead_stops_at_the_first_playable_move(
    options: dict[str, bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In round 11 (``last_round_whole_hand=False``) each move is tried for a stranded card,
    which looks at the moves after it, and so on to the end of the turn. Each look stops at
    the first playable move: listing every move at every depth took exponentially long
    (these seeded matches never finished)."""
    import random

    import cardrules
    from cardrules_rook import legal as legal_module

    looked = [0]
    candidates = legal_module._play_candidates

    def counted(state: object) -> object:
        looked[0] += 1
        assert looked[0] <= 2000, "one listing of legal moves looked ahead 2,000 times"
        return candidates(state)  # type: ignore[arg-type]

    monkeypatch.setattr(legal_module, "_play_candidates", counted)
    match = cardrules.new_game("toonerville-rook", players=3, seed=0, options=options)
    rng = random.Random(0)
    most = 0
    while not match.is_over:
        looked[0] = 0
        moves = match.legal_moves()
        most = max(most, looked[0])
        match.apply(moves[rng.randrange(len(moves))])
    assert match.round == 11
    assert most > 1  # the look-ahead ran
