"""R10's buying runs as the game's own window (`cardrules_rook.buying`).

After a draw from the draw pile, the window at ``after-draw`` asks the seats
`rook_may_buy` allows, in turn from the turn player's left; at most one buys
(limit 1); the draw is completed once it closes. Under ``may-i`` a window at
``before-buy`` nests inside the buy, and a refused buy is withdrawn: the
discard is offered on. A penalty card that empties the draw pile ends the
round inside the window (R16), which closes every window.
"""

from __future__ import annotations

import random

import pytest

from cardrules import GameState
from cardrules.plugins.windows import window_of, window_view
from cardrules_rook.buying import AFTER_DRAW, BUYING
from cardrules_rook.state import RookPhase

from .builders import hand, legal, new, play, put_round, rs

P = RookPhase
HANDS = ("R1 R2 R3", "Y5 Y6 Y7", "B9 B10 B11", "G3 G4 G5")


def drawn(
    *, variants: tuple[str, ...] = (), down: tuple[int, ...] = (), stock: str = "B1 B2 B3 B4"
) -> GameState:
    """Four players; seat 1 is to draw with G14 on the discard pile, and draws."""
    state = new(4, variants=variants, options={"down_players_may_buy": False})
    put_round(state, list(HANDS), stock=stock, discards="R8 G14", turn=1, down=down)
    play(state, "draw")
    return state


def offered(state: GameState) -> tuple[int, ...]:
    """The seats still to answer, as every seat observes them (the same for all)."""
    seen: set[tuple[int, ...]] = {
        state.observation(seat).offered_to for seat in range(state.players)
    }
    assert len(seen) == 1
    return seen.pop()


class TestWhoIsAsked:
    @pytest.mark.rule("R10")
    def test_the_others_are_asked_in_turn_from_the_turn_players_left(self) -> None:
        state = drawn()
        window = window_of(rs(state))
        assert window is not None
        assert (window.point, window.about, window.name) == (AFTER_DRAW, 1, BUYING.name)
        assert (window.seats, window.limit) == ((2, 3, 0), 1)
        assert (rs(state).phase, state.current_player, offered(state)) == (P.BUY, 2, (2, 3, 0))
        assert legal(state) == {"buy", "pass"}
        play(state, "pass")
        assert (state.current_player, offered(state)) == (3, (3, 0))

    @pytest.mark.rule("R10")
    def test_a_seat_the_rule_point_refuses_is_never_asked(self) -> None:
        """A seat that is down may not buy (``down_players_may_buy=False``): seat 3 is skipped."""
        state = drawn(down=(3,))
        assert offered(state) == (2, 0)
        play(state, "pass")
        assert state.current_player == 0

    @pytest.mark.rule("R9", "R10")
    def test_once_every_seat_passed_the_turn_players_draw_is_completed(self) -> None:
        state = drawn()
        play(state, "pass", "pass", "pass")
        assert window_of(rs(state)) is None
        assert (rs(state).phase, state.current_player, offered(state)) == (P.PLAY, 1, ())
        assert hand(state, 1) == ["Y5", "Y6", "Y7", "B4"]
        assert str(rs(state).discards.top) == "G14"  # nobody bought it

    @pytest.mark.rule("R9", "R10")
    def test_at_most_one_seat_buys_then_the_draw_is_completed(self) -> None:
        """Seat 3 buys (G14 and the penalty card B4); seat 0 is not asked; seat 1 draws B3."""
        state = drawn()
        play(state, "pass", "buy")
        assert window_of(rs(state)) is None
        assert hand(state, 3) == ["G3", "G4", "G5", "G14", "B4"]
        assert hand(state, 1) == ["Y5", "Y6", "Y7", "B3"]
        assert (rs(state).phase, state.current_player, rs(state).buys) == (P.PLAY, 1, [0, 0, 0, 1])


class TestMayINests:
    @pytest.mark.rule("R10")
    def test_the_refusal_window_sits_on_the_buy_window(self) -> None:
        state = drawn(variants=("may-i",))
        play(state, "buy")  # seat 2 asks to buy: seat 1, the turn player, may refuse
        window = window_of(rs(state))
        assert window is not None
        assert (window.name, window.seat) == ("may-i", 1)
        assert [(w.name, w.seat, w.acts) for w in window.outer] == [(BUYING.name, 2, (("buy", 2),))]
        assert offered(state) == (2, 3, 0)  # seat 2's offer is still being answered

    @pytest.mark.rule("R10")
    def test_a_refused_buy_offers_the_discard_on_as_if_the_buyer_passed(self) -> None:
        state = drawn(variants=("may-i",))
        play(state, "buy", "refuse")
        assert hand(state, 2) == ["B9", "B10", "B11"]
        assert (rs(state).phase, state.current_player, offered(state)) == (P.BUY, 3, (3, 0))
        play(state, "buy")  # seat 1 refused once this round: not asked again
        assert hand(state, 3) == ["G3", "G4", "G5", "G14", "B4"]
        assert (window_of(rs(state)), state.current_player) == (None, 1)

    @pytest.mark.rule("R10")
    def test_a_buy_let_through_closes_both_windows(self) -> None:
        state = drawn(variants=("may-i",))
        play(state, "buy", "decline")
        assert hand(state, 2) == ["G14", "B4", "B9", "B10", "B11"]
        assert (window_of(rs(state)), rs(state).phase, state.current_player) == (None, P.PLAY, 1)

    @pytest.mark.rule("R10")
    def test_a_round_sampled_inside_the_refusal_window_goes_on_as_the_real_one(self) -> None:
        """The sample's buy window counts the buy under way: declining carries it out."""
        state, rng = new(4, seed=3, variants=["may-i"]), random.Random(3)
        while window_view(state.observation(0)) is None:  # (a dealt round: samples fill it)
            moves = state.legal_moves()
            state.apply(next((m for m in moves if str(m) == "buy"), rng.choice(moves)))
        window = window_of(rs(state))
        assert window is not None
        (buying,) = window.outer
        buyer = buying.seat
        sample = state.determinize(0, random.Random(1))
        assert window_of(rs(sample)) == window
        for each in (state, sample):
            buys = list(rs(each).buys)
            play(each, "decline")
            assert window_of(rs(each)) is None
            assert (rs(each).phase, each.current_player) == (P.PLAY, rs(each).turn_seat)
            assert rs(each).buys == [b + (seat == buyer) for seat, b in enumerate(buys)]


class TestRoundEndsInTheWindow:
    """The draw pile is empty when seat 1 draws, and the discard pile holds R8 once G14 is
    bought: the buyer's penalty card cannot be drawn, nor the pile rebuilt (R16)."""

    def ended(self, state: GameState) -> None:
        finished = state.finished_rounds[-1]
        assert (finished.phase, finished.ended_by) == (P.OVER, "stock")
        assert window_of(finished) is None
        assert [str(card) for card in finished.hand(2)] == ["G14", "B9", "B10", "B11"]
        assert [str(card) for card in finished.hand(1)] == ["Y5", "Y6", "Y7"]  # no draw made
        assert len(state.finished_rounds) == 1
        assert rs(state).phase is P.DRAW  # the next round

    @pytest.mark.rule("R10", "R16")
    def test_a_penalty_card_that_cannot_be_drawn_ends_the_round_in_the_window(self) -> None:
        state = drawn(stock="")
        play(state, "buy")
        self.ended(state)

    @pytest.mark.rule("R10", "R16")
    def test_under_may_i_too_no_window_is_left_once_the_round_is_over(self) -> None:
        state = drawn(variants=("may-i",), stock="")
        play(state, "buy", "decline")
        self.ended(state)
