"""The bundled ``may-i`` variant of Toonerville Rook (R10): the turn player may refuse a buy."""

from __future__ import annotations

import json
import random

import pytest

from cardrules import GameState, IllegalMoveError
from cardrules.plugins.variant_state import variant_state, variant_view
from cardrules.plugins.windows import WINDOW, window_of, window_view
from cardrules.records import check_record
from cardrules.testing import check_variant
from cardrules_rook.may_i import MayIState, Refuse
from cardrules_rook.state import RookPhase
from tests.adapters.api_checks import run_api_test

from .builders import hand, legal, new, play, put_round, rs

P = RookPhase
HANDS = ("R1 R2 R3", "Y5 Y6 Y7", "B9 B10 B11")


def offer_position() -> GameState:
    """Seat 0 is to draw with G14 on the discard pile; seats 1 and 2 may buy it (R10)."""
    state = new(3, variants=["may-i"])
    put_round(state, list(HANDS), stock="B1 B2 B3 B4 B5 B6", discards="R8 G14")
    return state


def buy_asked(buyer_passes: tuple[str, ...] = ()) -> GameState:
    """Seat 0 draws; seat 1 asks to buy G14 (after ``buyer_passes``): seat 0 is asked."""
    state = offer_position()
    play(state, "draw", *buyer_passes, "buy")
    return state


class TestWhoDecides:
    @pytest.mark.rule("R10")
    def test_a_buy_asks_the_turn_player_who_may_refuse_or_decline(self) -> None:
        state = buy_asked()
        assert state.current_player == 0
        assert legal(state) == {"refuse", "decline"}
        window = window_of(rs(state))
        assert window is not None
        assert (window.point, window.about, window.seats) == ("before-buy", 1, (0,))
        assert hand(state, 1) == ["Y5", "Y6", "Y7"]  # nothing bought yet

    @pytest.mark.rule("R10")
    def test_every_seat_sees_the_window(self) -> None:
        state = buy_asked()
        views = {window_view(state.observation(seat)) for seat in range(3)}
        assert len(views) == 1
        (view,) = views
        assert view is not None
        assert view.reason == "seat 1 asks to buy G14: seat 0 may refuse, once a round"

    @pytest.mark.rule("R10")
    def test_declining_lets_the_buy_go_ahead(self) -> None:
        """Seat 1 gets G14 and a penalty card (B6, the stock's top); seat 0's draw completes."""
        state = buy_asked()
        play(state, "decline")
        assert hand(state, 1) == ["Y5", "Y6", "Y7", "G14", "B6"]
        assert (state.current_player, rs(state).phase, rs(state).buys) == (0, P.PLAY, [0, 1, 0])
        assert hand(state, 0) == ["R1", "R2", "R3", "B5"]

    @pytest.mark.rule("R10")
    def test_refusing_holds_the_buy_back_and_offers_the_discard_on(self) -> None:
        """Seat 1 gets nothing; seat 2 is offered G14 next and buys it (no second refusal)."""
        state = buy_asked()
        play(state, "refuse")
        assert hand(state, 1) == ["Y5", "Y6", "Y7"]
        assert (state.current_player, rs(state).phase) == (2, P.BUY)
        assert variant_state(rs(state), "may-i") == MayIState(refused=(0,))
        play(state, "buy")  # seat 0 already refused this round: not asked again
        assert window_of(rs(state)) is None
        assert hand(state, 2) == ["G14", "B6", "B9", "B10", "B11"]

    @pytest.mark.rule("R10")
    def test_a_refused_move_names_r10_and_changes_nothing(self) -> None:
        state = buy_asked()
        before = state.record()
        for move in ("pass", "buy", "discard R1"):
            with pytest.raises(IllegalMoveError) as caught:
                state.apply(move)
            assert caught.value.rule == "R10"
        assert state.record() == before


class TestNarration:
    def narrate(self, state: GameState, *moves: str) -> str:
        lines: list[str] = []
        for move in moves:
            before, seat = rs(state).clone(), state.current_player
            state.apply(move)
            assert seat is not None
            lines += map(str, state.game.narrate(before, seat, state.history[-1], rs(state)))
        return "\n".join(lines)

    @pytest.mark.rule("R10")
    def test_a_held_back_buy_is_never_told_as_made(self) -> None:
        state = offer_position()
        text = self.narrate(state, "draw", "buy", "refuse")
        assert "asks to buy G14" in text
        assert "seat 0 is asked" in text
        assert "buys" not in text
        assert "does not get G14" in text

    @pytest.mark.rule("R10")
    def test_a_buy_let_through_is_told_once_made(self) -> None:
        state = offer_position()
        text = self.narrate(state, "draw", "buy", "decline")
        assert "seat 1[/bold] buys G14 and a penalty card" in text


class TestViewsAndRecords:
    def test_the_refusal_shows_in_every_view_and_in_the_tensor(self) -> None:
        state = buy_asked()
        play(state, "refuse")
        assert variant_view(state.observation(2), "may-i") == MayIState(refused=(0,))
        layout = state.game.tensor_layout
        tensor = state.observation_tensor(1)
        assert list(layout.view(tensor, "may-i:refused")) == [0, 0, 1]  # seat 0, two on from 1
        assert (tensor == state.game.observation_tensor(state.observation(1))).all()

    @pytest.mark.rule("R10")
    def test_a_match_with_refusals_replays_from_its_record(self) -> None:
        state = new(3, seed=5, variants=["may-i"], options={"rounds": 2})
        rng = random.Random(5)
        refusals = 0
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            refusals += isinstance(move, Refuse)
            state.apply(move)
        assert refusals > 0
        record = json.loads(json.dumps(state.record()))
        assert all(WINDOW in states and "may-i" in states for states in record["variant_states"])
        assert check_record(record).record() == state.record()


@pytest.mark.rule("R10")
def test_the_kit_reaches_the_window_and_its_moves() -> None:
    report = check_variant("toonerville-rook", ["may-i"], players=3, matches=1, max_decisions=600)
    assert report.moves[("may-i", "refuse")] > 0
    assert report.moves[(WINDOW, "decline")] > 0
    assert report.unreached == ()


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_pettingzoo_api_test_with_may_i() -> None:
    run_api_test("toonerville-rook", options={"rounds": 1}, variants=["may-i"])
