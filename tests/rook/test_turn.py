"""The start of a turn: drawing or taking (R9) and buying the discard (R10)."""

from __future__ import annotations

import pytest

from cardrules import GameState
from cardrules_rook.state import RookPhase

from .builders import hand, legal, new, pass_all, pile, play, put_round, refused, rs, sorted_hand

P = RookPhase

HANDS_4 = ["R5 G9", "R1 R2", "B7", "Y3 Y4"]


def four_players(
    *,
    stock: str = "Y1 Y2 Y3",
    discards: str = "G14 B4",
    options: dict[str, object] | None = None,
    variants: tuple[str, ...] = (),
    down: tuple[int, ...] = (),
    buys: tuple[int, ...] = (0, 0, 0, 0),
) -> GameState:
    """Seat 1 of 4 is to draw; draw pile top Y3, then Y2; discard pile top B4."""
    state = new(4, options=options, variants=variants)
    put_round(state, HANDS_4, turn=1, stock=stock, discards=discards, down=down, buys=buys)
    return state


class TestDraw:
    """R9: take the top discard or draw the top card of the draw pile."""

    @pytest.mark.rule("R9")
    def test_two_choices(self) -> None:
        """At the start of a turn the only moves are ``draw`` and ``take``."""
        state = four_players()
        assert legal(state) == {"draw", "take"}
        assert state.current_player == 1

    @pytest.mark.rule("R9")
    def test_take_the_top_discard(self) -> None:
        """``take``: B4 goes to the player's hand; nobody is asked to buy; the draw pile stays."""
        state = four_players()
        play(state, "take")
        assert hand(state, 1) == sorted_hand("R1 R2 B4")
        assert pile(rs(state).discards) == "G14"
        assert pile(rs(state).stock) == "Y1 Y2 Y3"
        assert rs(state).phase is P.PLAY
        assert state.current_player == 1
        assert state.observation(1).buys == (0, 0, 0, 0)

    @pytest.mark.rule("R9", "R10")
    def test_draw_the_top_of_the_draw_pile(self) -> None:
        """``draw`` and nobody buys: Y3 goes to the player; B4 stays on the discard pile."""
        state = four_players()
        play(state, "draw")
        pass_all(state)
        assert hand(state, 1) == sorted_hand("R1 R2 Y3")
        assert pile(rs(state).stock) == "Y1 Y2"
        assert pile(rs(state).discards) == "G14 B4"
        assert rs(state).phase is P.PLAY
        assert state.current_player == 1

    @pytest.mark.rule("R9")
    def test_drawn_card_is_seen_only_by_the_drawer(self) -> None:
        """Others see one more card in the drawer's hand, not which."""
        state = four_players()
        play(state, "draw")
        pass_all(state)
        assert state.observation(1).hand == rs(state).hand(1)
        for seat in (0, 2, 3):
            observation = state.observation(seat)
            assert observation.hand == rs(state).hand(seat)
            assert observation.hand_sizes == (2, 3, 1, 2)
            assert observation.draw_pile_size == 2

    @pytest.mark.rule("R9")
    def test_empty_discard_pile_cannot_be_taken(self) -> None:
        """With no discard only ``draw`` is offered; ``take`` is refused under R9."""
        state = four_players(discards="")
        assert legal(state) == {"draw"}
        assert refused(state, "take").rule == "R9"

    @pytest.mark.rule("R9")
    @pytest.mark.parametrize(
        "move", ["discard R1", "meld R1 R2 *R3 *R4", "lay off R3 on 0", "swap R3 on 0", "buy"]
    )
    def test_nothing_before_drawing(self, move: str) -> None:
        """Any other move before drawing is refused under R9; nothing changes."""
        assert refused(four_players(), move).rule == "R9"

    @pytest.mark.rule("R9")
    @pytest.mark.parametrize("move", ["draw", "take"])
    def test_one_draw_per_turn(self, move: str) -> None:
        """After taking, drawing or taking again is refused under R9."""
        state = four_players()
        play(state, "take")
        assert refused(state, move).rule == "R9"


class TestBuying:
    """R10: others may buy a discard not taken, nearest to the player's left first."""

    @pytest.mark.rule("R10")
    def test_others_are_asked_in_order_from_the_left(self) -> None:
        """Seat 1 draws: seats 2, 3, 0 are asked in turn; each one decides in its turn."""
        state = four_players()
        play(state, "draw")
        asked: list[int] = []
        while rs(state).phase is P.BUY:
            seat = state.current_player
            assert seat is not None
            asked.append(seat)
            assert legal(state) == {"buy", "pass"}
            assert {str(m) for m in state.observation(seat).legal_moves} == {"buy", "pass"}
            assert state.observation(1).legal_moves == ()
            assert state.observation(1).turn_seat == 1
            assert state.observation(1).current_player == seat
            play(state, "pass")
        assert asked == [2, 3, 0]
        assert state.current_player == 1

    @pytest.mark.rule("R10")
    def test_offer_shows_who_is_still_asked(self) -> None:
        """Every seat sees the seats still to be offered the discard."""
        state = four_players()
        play(state, "draw")
        assert state.observation(0).offered_to == (2, 3, 0)
        play(state, "pass")
        assert state.observation(2).offered_to == (3, 0)

    @pytest.mark.rule("R10")
    def test_buyer_gets_discard_and_penalty_then_player_draws(self) -> None:
        """Seat 2 passes, seat 3 buys: seat 3 gets B4 and penalty Y3; seat 1 then draws Y2."""
        state = four_players()
        play(state, "draw", "pass", "buy")
        assert hand(state, 3) == sorted_hand("Y3 Y4 B4 Y3")
        assert hand(state, 1) == sorted_hand("R1 R2 Y2")
        assert hand(state, 0) == sorted_hand("R5 G9")  # seat 0 is never asked
        assert hand(state, 2) == sorted_hand("B7")
        assert pile(rs(state).stock) == "Y1"
        assert pile(rs(state).discards) == "G14"
        assert rs(state).phase is P.PLAY
        assert state.current_player == 1
        assert state.observation(0).buys == (0, 0, 0, 1)
        assert state.observation(0).hand_sizes == (2, 3, 1, 4)

    @pytest.mark.rule("R10")
    def test_first_to_buy_gets_it(self) -> None:
        """Seat 2, nearest the player's left, buys at once: seats 3 and 0 are not asked."""
        state = four_players()
        play(state, "draw", "buy")
        assert hand(state, 2) == sorted_hand("B7 B4 Y3")
        assert state.current_player == 1
        assert rs(state).phase is P.PLAY

    @pytest.mark.rule("R10")
    def test_player_continues_the_turn_after_a_buy(self) -> None:
        """After the buy, the player plays on and discards; the turn passes to seat 2."""
        state = four_players()
        play(state, "draw", "pass", "buy", "discard R1")
        assert pile(rs(state).discards) == "G14 R1"
        assert state.current_player == 2
        assert rs(state).phase is P.DRAW

    @pytest.mark.rule("R10")
    def test_buying_outside_an_offer_is_refused(self) -> None:
        """``buy`` and ``pass`` with no discard on offer are refused under R10."""
        state = four_players()
        play(state, "take")
        assert refused(state, "buy").rule == "R10"
        assert refused(state, "pass").rule == "R10"

    @pytest.mark.rule("R10")
    @pytest.mark.parametrize("move", ["draw", "take", "discard B7"])
    def test_asked_player_only_buys_or_passes(self, move: str) -> None:
        """While the discard is offered, any other move is refused under R10."""
        state = four_players()
        play(state, "draw")
        assert refused(state, move).rule == "R10"

    @pytest.mark.rule("R10")
    def test_empty_discard_pile_is_not_offered(self) -> None:
        """With no discard, ``draw`` gives the player Y3 at once; nobody is asked."""
        state = four_players(discards="")
        play(state, "draw")
        assert rs(state).phase is P.PLAY
        assert state.current_player == 1
        assert hand(state, 1) == sorted_hand("R1 R2 Y3")

    @pytest.mark.rule("R10")
    def test_no_buy_limit_by_default(self) -> None:
        """A seat that bought 10 times this round is still asked."""
        state = four_players(buys=(0, 0, 10, 0))
        play(state, "draw")
        assert state.current_player == 2
        play(state, "buy")
        assert state.observation(2).buys == (0, 0, 11, 0)

    @pytest.mark.rule("R10")
    def test_variant_three_buys(self) -> None:
        """Variant ``three-buys``: seat 2 with three buys is skipped; seat 3 is asked first."""
        state = four_players(variants=("three-buys",), buys=(0, 0, 3, 2))
        play(state, "draw")
        assert state.observation(0).offered_to == (3, 0)
        play(state, "buy")  # seat 3's third buy
        assert state.observation(0).buys == (0, 0, 3, 3)

    @pytest.mark.rule("R10")
    def test_option_buy_limit_reached_by_everyone(self) -> None:
        """``buy_limit=1`` and every other seat has bought once: the draw completes at once."""
        state = four_players(options={"buy_limit": 1}, buys=(1, 0, 1, 1))
        play(state, "draw")
        assert rs(state).phase is P.PLAY
        assert hand(state, 1) == sorted_hand("R1 R2 Y3")

    @pytest.mark.rule("R10", "R11")
    def test_down_player_may_buy_by_default(self) -> None:
        """Seat 2 has laid down and is still asked first."""
        state = four_players(down=(2,))
        play(state, "draw")
        assert state.current_player == 2

    @pytest.mark.rule("R10", "R11")
    def test_option_down_players_may_not_buy(self) -> None:
        """``down_players_may_buy=False``: down seats 2 and 0 are skipped; seat 3 alone is asked."""
        state = four_players(options={"down_players_may_buy": False}, down=(0, 2))
        play(state, "draw")
        assert state.observation(1).offered_to == (3,)
        play(state, "pass")
        assert state.current_player == 1
        assert rs(state).phase is P.PLAY
