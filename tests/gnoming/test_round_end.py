"""End of a round: the ender and the last turns (G17), revealing everything (G18)."""

from __future__ import annotations

import pytest

from cardrules import GameState
from cardrules_gnoming.cards import HAZARD, MULLIGAN
from cardrules_gnoming.state import GnomingPhase

from .builders import cards, legal, new, play, put_round, refused, rs

P = GnomingPhase

LAYOUTS = [
    "M 2 3 / 4 (M) 6 / 7 8 (H)",  # one Mulligan up, one down
    "1 2 3 / 4 5 6 / 7 8 (-5)",  # seat 1 will end the round
    "(10) 10 (M) / 3 (12) 2 / (H) 1 (4)",
]
STOCK = "-2 -3 11 12 -4"  # top: -4, then 12, 11, -3


def ending_position(options: dict[str, object] | None = None) -> GameState:
    """Three players; seat 1 is to draw, with one face-down card left."""
    state = new(3, options=options)
    put_round(state, LAYOUTS, turn=1, starter=0, stock=STOCK, discards=("5", "6"))
    return state


class TestEnder:
    """G17: the first fully face-up layout ends the round after one turn each for the others."""

    @pytest.mark.rule("G17")
    def test_ender_is_noted(self) -> None:
        """Turning up the last card makes seat 1 the ender; seat 2 plays next."""
        state = ending_position()
        play(state, "draw stock", "place 8", "discard 0")
        assert rs(state).ender == 1
        assert state.observation(0).ender == 1
        assert state.round == 0
        assert state.current_player == 2
        assert rs(state).phase is P.DRAW

    @pytest.mark.rule("G17")
    def test_each_other_player_gets_exactly_one_more_turn(self) -> None:
        """Seats 2 and 0 each take one turn; then the round ends without a turn for seat 1."""
        state = ending_position()
        play(state, "draw stock", "place 8", "discard 0")
        play(state, "draw stock", "discard 0")  # seat 2
        assert state.round == 0
        assert state.current_player == 0
        play(state, "draw stock", "discard 0")  # seat 0
        assert state.round == 1
        assert len(state.round_scores) == 1
        finished = state.finished_rounds[0]
        assert finished.ended_by == "ender"
        assert finished.ender == 1
        assert finished.phase is P.OVER
        # 3 moves by the ender, then 2 each by seats 2 and 0
        assert len(state.history) == 7

    @pytest.mark.rule("G17")
    def test_ender_takes_no_further_turn(self) -> None:
        """With rounds=1 the match is over after the last turns: seat 1 never plays again."""
        state = ending_position(options={"rounds": 1})
        play(state, "draw stock", "place 8", "discard 0")
        play(state, "draw stock", "discard 0", "draw stock", "discard 0")
        assert state.is_over
        assert state.current_player is None
        assert state.legal_moves() == ()
        assert refused(state, "draw stock").rule == "G25"

    @pytest.mark.rule("G17")
    def test_another_full_layout_does_not_extend_the_round(self) -> None:
        """Seat 2 turning its last card up in its last turn changes neither ender nor end."""
        state = new(3)
        put_round(
            state,
            ["(1) 2 3 / 4 5 6 / 7 8 9", "1 2 3 / 4 5 6 / 7 8 (-5)", "1 2 3 / 4 5 6 / 7 8 (-4)"],
            turn=1,
            starter=0,
            stock=STOCK,
            discards=("5", "6"),
        )
        play(state, "draw stock", "place 8", "discard 0")  # seat 1 ends
        play(state, "draw stock", "place 8", "discard 0")  # seat 2 is fully face up too
        assert rs(state).ender == 1
        assert state.current_player == 0
        play(state, "draw stock", "discard 0")
        assert state.round == 1
        assert state.finished_rounds[0].ender == 1

    @pytest.mark.rule("G17")
    def test_ender_with_more_players(self) -> None:
        """With five players, seat 3 ending gives turns to 4, 0, 1 and 2, then the end."""
        state = new(5)
        down = "(1) 2 3 / 4 5 6 / 7 8 9"
        put_round(
            state,
            [down, down, down, "1 2 3 / 4 5 6 / 7 8 (-5)", down],
            turn=3,
            starter=0,
            stock="1 1 1 1 1 -4",
            discards=("5", "6"),
        )
        play(state, "draw stock", "place 8", "discard 0")
        order = []
        while state.round == 0:
            order.append(state.current_player)
            play(state, "draw stock", "discard 0")
        assert order == [4, 0, 1, 2]

    @pytest.mark.rule("G17")
    def test_not_an_ender_with_a_face_down_card_left(self) -> None:
        """Ending a turn with a face-down card left names no ender."""
        state = ending_position()
        play(state, "draw stock", "place 0", "discard 0")
        assert rs(state).ender is None
        assert state.current_player == 2
        assert legal(state) == {"draw stock", "take discard 0", "take discard 1"}


class TestRevealAtEnd:
    """G18: at round end every face-down card is turned up where it lies."""

    @pytest.mark.rule("G18")
    def test_all_cards_turned_up_in_place(self) -> None:
        """The final layouts are the dealt cards, all face up, nothing moved."""
        state = ending_position(options={"rounds": 1})
        play(state, "draw stock", "place 8", "discard 0")
        play(state, "draw stock", "discard 0", "draw stock", "discard 0")
        assert state.is_over
        expected = [
            cards("M 2 3 / 4 M 6 / 7 8 H"),
            cards("1 2 3 / 4 5 6 / 7 8 -4"),
            cards("10 10 M / 3 12 2 / H 1 4"),
        ]
        for seat in range(3):
            assert state.observation(seat).layouts == tuple(tuple(c) for c in expected)
        finished = state.finished_rounds[0]
        for layout, expected_cards in zip(finished.layouts, expected, strict=True):
            assert layout.cards == expected_cards
            assert layout.face_up == [True] * 9

    @pytest.mark.rule("G18", "G13")
    def test_mulligans_and_hazards_stay_where_they_are(self) -> None:
        """Face-down Mulligans and Hazards revealed at the end stay put, unlimited."""
        state = ending_position()
        play(state, "draw stock", "place 8", "discard 0")
        play(state, "draw stock", "discard 0", "draw stock", "discard 0")
        finished = state.finished_rounds[0]
        assert finished.layouts[0].cards[4] == MULLIGAN
        assert finished.layouts[0].cards[8] == HAZARD
        assert finished.layouts[2].cards[2] == MULLIGAN
        assert finished.layouts[2].cards[6] == HAZARD
        # seat 0 ends the round with two face-up Mulligans: not limited by G13
        assert finished.layouts[0].cards[0] == MULLIGAN
        assert finished.layouts[0].face_up_mulligans() == 2

    @pytest.mark.rule("G18")
    def test_end_by_draw_pile_also_reveals(self) -> None:
        """A round ended by the draw pile (G8) is revealed the same way."""
        state = new(3, options={"rounds": 1})
        put_round(
            state,
            LAYOUTS,
            turn=1,
            starter=0,
            stock="",
            discards=("5", "6"),
            phase=P.DISCARD,
            held="9",
            rebuilds=1,
        )
        play(state, "discard 0")
        assert state.is_over
        assert state.observation(1).layouts[0] == tuple(cards("M 2 3 / 4 M 6 / 7 8 H"))
        assert state.observation(1).layouts[1] == tuple(cards("1 2 3 / 4 5 6 / 7 8 -5"))


class TestEnderAfterHazard:
    """G17 with G15: the ender is known at the end of the turn, after the Hazard flips."""

    @pytest.mark.rule("G17", "G15")
    def test_last_card_is_a_hazard(self) -> None:
        """Seat 1's last face-down card is a Hazard: others flip, then seat 1 is the ender."""
        state = new(3)
        put_round(
            state,
            [
                "(1) (2) 3 / 4 5 6 / 7 8 9",
                "1 2 3 / 4 5 6 / 7 8 (H)",
                "(1) (2) 3 / 4 5 6 / 7 8 9",
            ],
            turn=1,
            starter=0,
            stock=STOCK,
            discards=("5", "6"),
        )
        play(state, "draw stock", "place 8")
        assert rs(state).held == HAZARD
        play(state, "discard")
        assert rs(state).phase is P.FLIP
        assert state.current_player == 2
        assert rs(state).ender is None  # the turn is not over yet
        play(state, "flip 0", "flip 1")  # seats 2 and 0
        assert rs(state).ender == 1
        assert state.current_player == 2
        assert rs(state).phase is P.DRAW
        play(state, "draw stock", "discard 0", "draw stock", "discard 0")
        assert state.round == 1
        assert state.finished_rounds[0].ender == 1
