"""One Mulligan (G13), Hazard discards (G15) and cards staying face up (G16)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import GameState, Pile
from cardrules_gnoming.cards import HAZARD, MULLIGAN, number
from cardrules_gnoming.flips import deciding_seats
from cardrules_gnoming.moves import Flip
from cardrules_gnoming.state import GnomingPhase

from .builders import cards, legal, new, play, put_round, refused, rs, visible

P = GnomingPhase
OTHERS = "(1) (2) 3 / (4) (5) (6) / (7) (8) 9"
DISCARDS = {"discard 0", "discard 1"}


def mulligan_position(layout: str, top: str = "M") -> GameState:
    """Seat 0 (of 3) with ``layout`` has drawn ``top`` from the draw pile."""
    state = new(3)
    put_round(state, [layout, OTHERS, OTHERS], turn=0, stock=f"-5 -5 {top}", discards=("-1", "-2"))
    play(state, "draw stock")
    return state


class TestOneMulligan:
    """G13: at most one face-up Mulligan at the end of one's own turn."""

    @pytest.mark.rule("G13")
    def test_first_mulligan_goes_anywhere(self) -> None:
        """With no face-up Mulligan, a drawn Mulligan may go to any position."""
        state = mulligan_position("1 2 3 / (4) (5) (6) / (7) (8) (9)")
        assert legal(state) == {f"place {p}" for p in range(9)} | DISCARDS
        play(state, "place 4", "discard 0")
        assert rs(state).layouts[0].face_up_mulligans() == 1

    @pytest.mark.rule("G13")
    def test_face_down_mulligan_does_not_count(self) -> None:
        """A face-down Mulligan in the layout does not stop placing a drawn one."""
        state = mulligan_position("1 (M) 3 / (4) (5) (6) / (7) (8) (9)")
        assert {f"place {p}" for p in range(9)} <= legal(state)

    @pytest.mark.rule("G13")
    def test_second_mulligan_only_replaces_the_first(self) -> None:
        """Holding a face-up Mulligan, a drawn one may only replace it (or be discarded)."""
        state = mulligan_position("M 2 3 / (4) (5) (6) / (7) (8) (9)")
        assert legal(state) == {"place 0"} | DISCARDS

    @pytest.mark.rule("G13")
    @pytest.mark.parametrize("target", [1, 4, 8])
    def test_second_face_up_mulligan_refused(self, target: int) -> None:
        """Placing a second Mulligan over a face-up or face-down card is refused under G13."""
        state = mulligan_position("M 2 3 / (4) (5) (6) / (7) (8) (9)")
        assert refused(state, f"place {target}").rule == "G13"

    @pytest.mark.rule("G13")
    def test_replacing_the_mulligan_keeps_one(self) -> None:
        """Replacing the face-up Mulligan by the drawn one discards the old one."""
        state = mulligan_position("M 2 3 / (4) (5) (6) / (7) (8) (9)")
        play(state, "place 0")
        assert rs(state).held == MULLIGAN
        play(state, "discard 0")
        assert rs(state).layouts[0].face_up_mulligans() == 1
        assert rs(state).discards[0].top == MULLIGAN

    @pytest.mark.rule("G13", "G15")
    def test_two_mulligans_from_a_hazard_flip_may_not_increase(self) -> None:
        """Holding two face-up Mulligans after a Hazard flip, a turn may not make it three."""
        state = new(3)
        put_round(
            state,
            [
                "1 2 3 / 4 (5) (6) / 7 8 9",
                "M (M) (2) / (3) (4) 6 / (7) (8) (9)",
                "(1) (2) 3 / (4) (5) (6) / (7) (8) 9",
            ],
            turn=0,
            stock="-5 11 M H",
            discards=("-1", "-2"),
        )
        play(state, "draw stock", "discard")  # seat 0 discards the Hazard
        assert state.current_player == 1
        play(state, "flip 1")  # seat 1 turns up its second Mulligan
        play(state, "pass")  # seat 2
        assert state.current_player == 1
        assert rs(state).layouts[1].face_up_mulligans() == 2
        play(state, "draw stock")
        assert rs(state).held == MULLIGAN
        assert legal(state) == {"place 0", "place 1"} | DISCARDS
        for target in (2, 4, 5):
            assert refused(state, f"place {target}").rule == "G13"
        play(state, "place 1", "discard 0")
        assert rs(state).layouts[1].face_up_mulligans() == 2
        assert state.current_player == 2

    @pytest.mark.rule("G13")
    def test_two_mulligans_may_stay(self) -> None:
        """Holding two face-up Mulligans (from a flip), the turn may end with both."""
        state = new(3)
        put_round(
            state,
            [
                "1 2 3 / 4 (5) (6) / 7 8 9",
                "M (M) (2) / (3) (4) 6 / (7) (8) (9)",
                "(1) (2) 3 / (4) (5) (6) / (7) (8) 9",
            ],
            turn=0,
            stock="-5 11 H",
            discards=("-1", "-2"),
        )
        play(state, "draw stock", "discard", "flip 1", "pass")
        play(state, "draw stock", "place 5", "discard 0")
        assert visible(rs(state).layouts[1]) == "M M (2) (3) (4) 11 (7) (8) (9)"
        assert state.current_player == 2


def hazard_position(
    *, discards: tuple[str, str] = ("5", "6"), stock: str = "10 11 -3 H"
) -> GameState:
    """Four players; seat 1 is to draw (by default the Hazard on top of the draw pile)."""
    state = new(4)
    put_round(
        state,
        [
            "(1) (2) (3) / 4 5 6 / 7 8 9",  # three face-down
            "1 2 3 / (4) (H) (6) / 7 8 9",
            "(1) (2) 3 / 4 5 6 / 7 8 9",  # two face-down
            "1 2 3 / 4 5 6 / 7 8 (9)",  # one face-down: may not flip it
        ],
        turn=1,
        stock=stock,
        discards=discards,
    )
    return state


class TestHazard:
    """G15: a discarded Hazard leaves the game; the others may each flip a card."""

    @pytest.mark.rule("G15")
    def test_hazard_discard_goes_on_no_pile(self) -> None:
        """A drawn Hazard is discarded with plain 'discard'; a pile is refused under G15."""
        state = hazard_position()
        play(state, "draw stock")
        assert legal(state) == {f"place {p}" for p in range(9)} | {"discard"}
        assert refused(state, "discard 0").rule == "G15"
        play(state, "discard")
        r = rs(state)
        assert r.out_of_play == [HAZARD]
        assert r.discards == (Pile(cards("5")), Pile(cards("6")))
        assert r.stock.cards() == tuple(cards("10 11 -3"))
        assert state.observation(3).out_of_play == (HAZARD,)

    @pytest.mark.rule("G15", "G14")
    def test_empty_pile_stays_empty(self) -> None:
        """A Hazard discard does not restart an empty discard pile."""
        state = hazard_position(discards=("5", ""))
        play(state, "draw stock", "discard")
        assert rs(state).discards == (Pile(cards("5")), Pile())

    @pytest.mark.rule("G15")
    def test_flips_in_seat_order_from_discarders_left(self) -> None:
        """Seats 2 and 0 are asked in turn (seat 3 has one face-down card, skipped)."""
        state = hazard_position()
        play(state, "draw stock", "discard")
        r = rs(state)
        assert r.phase is P.FLIP
        assert r.turn_seat == 1
        assert state.current_player == 2
        assert legal(state) == {"flip 0", "flip 1", "pass"}
        play(state, "flip 0")
        assert visible(rs(state).layouts[2]) == "1 (2) 3 4 5 6 7 8 9"
        # seat 3 is skipped: only one face-down card left
        assert state.current_player == 0
        assert legal(state) == {"flip 0", "flip 1", "flip 2", "pass"}
        play(state, "flip 2")
        assert visible(rs(state).layouts[0]) == "(1) (2) 3 4 5 6 7 8 9"
        # the turn passes on from the discarder: seat 2 draws next
        assert rs(state).phase is P.DRAW
        assert state.current_player == 2
        assert visible(rs(state).layouts[3]) == "1 2 3 4 5 6 7 8 (9)"

    @pytest.mark.rule("G15")
    def test_pass_is_allowed(self) -> None:
        """Every player offered a flip may pass instead."""
        state = hazard_position()
        play(state, "draw stock", "discard", "pass", "pass")
        assert rs(state).phase is P.DRAW
        assert state.current_player == 2
        assert visible(rs(state).layouts[2]) == "(1) (2) 3 4 5 6 7 8 9"
        assert visible(rs(state).layouts[0]) == "(1) (2) (3) 4 5 6 7 8 9"

    @pytest.mark.rule("G15")
    def test_discarder_does_not_flip(self) -> None:
        """The discarding seat is never offered a flip."""
        state = hazard_position()
        play(state, "draw stock", "discard")
        asked = []
        while rs(state).phase is P.FLIP:
            asked.append(state.current_player)
            play(state, "pass")
        assert asked == [2, 0]

    @pytest.mark.rule("G15")
    def test_last_face_down_card_cannot_be_flipped(self) -> None:
        """With four seats of one face-down card each but the discarder's, no one flips."""
        state = new(4)
        one_down = "1 2 3 / 4 5 6 / 7 8 (9)"
        put_round(
            state,
            [one_down, "1 2 3 / (4) 5 6 / 7 8 (9)", one_down, one_down],
            turn=1,
            stock="10 H",
            discards=("5", "6"),
        )
        play(state, "draw stock", "discard")
        assert rs(state).phase is P.DRAW
        assert state.current_player == 2
        for seat in (0, 2, 3):
            assert rs(state).layouts[seat].face_down_positions() == [8]

    @pytest.mark.rule("G15", "G12")
    def test_revealed_hazard_displaced_and_discarded(self) -> None:
        """A face-down Hazard displaced by a placement is discarded the same way."""
        state = hazard_position(stock="10 11 -3")
        play(state, "draw stock", "place 4")
        assert rs(state).held == HAZARD
        assert legal(state) == {"discard"}
        play(state, "discard")
        assert rs(state).out_of_play == [HAZARD]
        assert state.current_player == 2
        assert rs(state).phase is P.FLIP

    @pytest.mark.rule("G15", "G10")
    def test_hazard_may_be_placed(self) -> None:
        """A drawn Hazard may be kept in the layout like any card (no flips then)."""
        state = hazard_position()
        play(state, "draw stock", "place 0", "discard 0")
        assert visible(rs(state).layouts[1]) == "H 2 3 (4) (H) (6) 7 8 9"
        assert rs(state).out_of_play == []
        assert rs(state).discards[0].top == number(1)
        assert rs(state).phase is P.DRAW
        assert state.current_player == 2


class TestFaceUpStaysUp:
    """G16: no move turns a card face down."""

    @pytest.mark.rule("G16")
    def test_flipping_a_face_up_card_is_refused(self) -> None:
        """Flipping an already face-up position is refused under G16, nothing changes."""
        state = hazard_position()
        play(state, "draw stock", "discard")
        assert state.current_player == 2
        assert refused(state, "flip 4").rule == "G16"

    @pytest.mark.rule("G16", "G10")
    def test_replaced_face_up_card_position_stays_up(self) -> None:
        """Placing over a face-up card leaves that position face up."""
        state = hazard_position(stock="10 11 -3")
        play(state, "draw stock", "place 0", "discard 0")
        assert rs(state).layouts[1].face_up == [True, True, True, False, False, False] + [True] * 3

    @pytest.mark.rule("G16")
    @pytest.mark.parametrize("seed", [1, 2])
    def test_random_play_never_turns_a_card_down(self, seed: int) -> None:
        """In random play no layout position goes from face up to face down within a round."""
        state = new(4, seed=seed)
        chooser = random.Random(seed)
        moves = 0
        while not state.is_over:
            before_round = state.round
            before = [layout.face_up.copy() for layout in rs(state).layouts]
            options = state.legal_moves()
            assert options
            seat = state.current_player
            assert seat is not None
            for move in options:
                if isinstance(move, Flip):
                    assert not rs(state).layouts[seat].face_up[move.position]
            state.apply(options[chooser.randrange(len(options))])
            moves += 1
            if state.round == before_round:
                for old, layout in zip(before, rs(state).layouts, strict=True):
                    for was_up, is_up in zip(old, layout.face_up, strict=True):
                        assert is_up or not was_up
            else:
                finished = state.finished_rounds[-1]
                assert all(all(layout.face_up) for layout in finished.layouts)
        assert moves > 0


class TestPendingFlips:
    """G15: ``pending`` lists exactly the seats that will be offered the flip, in order."""

    @pytest.mark.rule("G15")
    def test_pending_leaves_out_a_seat_with_one_face_down_card(self) -> None:
        """Seat 1 discards: seats 2 and 0 are pending, seat 3 (one face-down card) is not."""
        state = hazard_position()
        play(state, "draw stock", "discard")
        assert deciding_seats(rs(state)) == (2, 0)
        assert {state.observation(seat).pending for seat in range(4)} == {(2, 0)}
        play(state, "flip 0")
        assert state.observation(3).pending == (0,)
        play(state, "pass")
        assert state.observation(3).pending == ()

    @pytest.mark.rule("G15")
    def test_pending_of_the_issue_example(self) -> None:
        """5 seats, seed 0, random play by ``random.Random(3)`` up to the first Hazard discard.

        ``pending`` was (4, 0, 1, 2) while seats 4, 1 and 2 were asked:
        seat 0, with fewer than two face-down cards, was skipped only when reached.
        """
        state = new(5, seed=0)
        chooser = random.Random(3)
        while rs(state).phase is not P.FLIP:
            state.apply(chooser.choice(list(state.legal_moves())))
        assert rs(state).layouts[0].face_down_count() < 2
        assert state.observation(0).pending == (4, 1, 2)
        assert _asked(state) == [4, 1, 2]

    @pytest.mark.rule("G15")
    @settings(max_examples=25)
    @given(
        players=st.integers(3, 7),
        seed=st.integers(0, 2**32 - 1),
        reveals=st.integers(0, 8),
    )
    def test_pending_is_exactly_the_seats_asked(
        self, players: int, seed: int, reveals: int
    ) -> None:
        """In random rounds, at every Hazard discard and every flip after it, each seat's
        ``pending`` is the seats asked from then on, in order (the deciding seat first)."""
        state = new(players, seed=seed, options={"rounds": 1, "initial_reveals": reveals})
        chooser = random.Random(seed)
        while not state.is_over:
            if rs(state).phase is P.FLIP:
                views = [
                    {state.observation(seat).pending for seat in range(players)},
                    {deciding_seats(rs(state))},
                ]
                asked = _asked(state, chooser)
                assert views == [{tuple(asked)}, {tuple(asked)}]
                continue
            state.apply(chooser.choice(list(state.legal_moves())))


def _asked(state: GameState, chooser: random.Random | None = None) -> list[int]:
    """Play the flips of a Hazard discard (passes, or random choices with ``chooser``), checking
    ``pending`` at each step; return the seats asked, in order."""
    asked: list[int] = []
    while rs(state).phase is P.FLIP:
        seat = state.current_player
        assert seat is not None
        assert state.observation(seat).pending[0] == seat
        asked.append(seat)
        moves = list(state.legal_moves())
        state.apply(chooser.choice(moves) if chooser else "pass")
        if rs(state).phase is P.FLIP:
            later = state.observation(seat).pending
            assert later[0] == state.current_player
    return asked


class TestHazardThreePlayers:
    """G15 with three players: the flips wrap around the table."""

    @pytest.mark.rule("G15")
    def test_order_wraps_from_last_seat(self) -> None:
        """Seat 2 discards a Hazard: seat 0 then seat 1 may flip."""
        state = new(3)
        down = "(1) (2) 3 / 4 5 6 / 7 8 9"
        put_round(state, [down, down, down], turn=2, stock="10 H", discards=("5", "6"))
        play(state, "draw stock", "discard")
        assert state.current_player == 0
        play(state, "pass")
        assert state.current_player == 1
        play(state, "flip 1")
        assert visible(rs(state).layouts[1]) == "(1) 2 3 4 5 6 7 8 9"
        assert state.current_player == 0  # left of seat 2: seat 0's turn
        assert rs(state).turn_seat == 0
        assert rs(state).phase is P.DRAW


class TestBounceIntoSpecialCards:
    """G12 with G13/G15: a bounce that turns up a special card ends the chain."""

    @pytest.mark.rule("G12", "G15")
    def test_bounce_reveals_a_hazard(self) -> None:
        """A 5 bounced onto a face-down Hazard: the Hazard is discarded and flips follow."""
        state = new(3)
        put_round(
            state,
            ["5 1 2 / (4) (5) (H) / 7 8 9", OTHERS, OTHERS],
            turn=0,
            stock="-5 9",
            discards=("-1", "-2"),
        )
        play(state, "draw stock", "place 4", "bounce 5")
        assert rs(state).held == HAZARD
        assert legal(state) == {"discard"}
        play(state, "discard")
        assert visible(rs(state).layouts[0]) == "5 1 2 (4) 9 5 7 8 9"
        assert rs(state).phase is P.FLIP
        assert state.current_player == 1

    @pytest.mark.rule("G12", "G13")
    def test_bounce_reveals_a_mulligan(self) -> None:
        """A 5 bounced onto a face-down Mulligan: the Mulligan is discarded."""
        state = new(3)
        put_round(
            state,
            ["5 1 2 / (4) (5) (M) / 7 8 9", OTHERS, OTHERS],
            turn=0,
            stock="-5 9",
            discards=("-1", "-2"),
        )
        play(state, "draw stock", "place 4", "bounce 5")
        assert rs(state).held == MULLIGAN
        assert legal(state) == DISCARDS
        play(state, "discard 1")
        assert rs(state).discards[1].top == MULLIGAN
        assert rs(state).layouts[0].face_up_mulligans() == 0
