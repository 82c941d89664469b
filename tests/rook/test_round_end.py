"""An exhausted draw pile: one rebuild from the discard pile, then the round ends (R16)."""

from __future__ import annotations

import pytest

from cardrules import Chance, GameState
from cardrules_rook.cards import Card
from cardrules_rook.state import RookPhase

from .builders import cards, hand, new, pass_all, pile, play, put_round, rs

P = RookPhase

# R17: R5 G9 = 5 + 5 = 10; R1 B10 = 5 + 10 = 15; Rook = 25
HANDS = ["R5 G9", "R1 B10", "Rook"]
SCORES = (10, 15, 25)


def empty_stock(
    *,
    discards: str = "G14 B4 Y7 R12",
    rebuilds: int = 0,
    options: dict[str, object] | None = None,
    variants: tuple[str, ...] = (),
    stock: str = "",
) -> GameState:
    """Seat 0 of 3 is to draw from an empty draw pile (seed 0)."""
    state = new(3, seed=0, options=options, variants=variants)
    put_round(state, HANDS, stock=stock, discards=discards, rebuilds=rebuilds)
    return state


def rebuilt(state: GameState, spec: str) -> list[Card]:
    """The draw pile the next chance event makes of ``spec`` (bottom first)."""
    pile_ = cards(spec)
    Chance(state.seed, state.chance.events).shuffle(pile_)
    return pile_


class TestRebuild:
    """R16: an empty draw pile is rebuilt once from the discard pile except its top."""

    @pytest.mark.rule("R16", "R9")
    def test_rebuild_when_a_card_must_be_drawn(self) -> None:
        """G14 B4 Y7 are shuffled into a draw pile; R12 stays as the discard; its top is drawn."""
        state = empty_stock()
        expected = rebuilt(state, "G14 B4 Y7")
        play(state, "draw")
        pass_all(state)  # R12 was offered (R10) before the draw pile was rebuilt
        r = rs(state)
        assert r.rebuilds == 1
        assert pile(r.discards) == "R12"
        assert list(r.stock) == expected[:-1]
        assert hand(state, 0) == [
            str(c) for c in sorted([*cards("R5 G9"), expected[-1]], key=lambda c: c.code)
        ]
        assert state.observation(1).draw_pile_size == 2
        assert r.phase is P.PLAY
        assert state.round == 0

    @pytest.mark.rule("R16")
    def test_rebuilt_cards_are_the_old_discards(self) -> None:
        """Whatever the shuffle, drawn card and new draw pile are exactly G14, B4 and Y7."""
        for seed in range(5):
            state = new(3, seed=seed)
            put_round(state, HANDS, discards="G14 B4 Y7 R12")
            play(state, "draw")
            pass_all(state)
            r = rs(state)
            drawn = [c for c in r.hand(0) if str(c) not in ("R5", "G9")]
            assert sorted(map(str, [*r.stock, *drawn])) == ["B4", "G14", "Y7"]

    @pytest.mark.rule("R16", "R10")
    def test_rebuild_for_the_penalty_card(self) -> None:
        """Seat 1 buys R12 from an empty draw pile: Y7 becomes the top; G14 B4 are rebuilt."""
        state = empty_stock()
        expected = rebuilt(state, "G14 B4")
        play(state, "draw", "buy")
        r = rs(state)
        assert pile(r.discards) == "Y7"
        assert r.rebuilds == 1
        # seat 1: R1 B10, then R12 and the penalty card; seat 0 then draws the other one
        assert sorted(map(str, r.hand(1))) == sorted(["R1", "B10", "R12", str(expected[-1])])
        assert sorted(map(str, r.hand(0))) == sorted(["R5", "G9", str(expected[-2])])
        assert len(r.stock) == 0
        assert r.phase is P.PLAY

    @pytest.mark.rule("R16", "R9")
    def test_taking_needs_no_draw_pile(self) -> None:
        """With the draw pile empty the player may take the discard; nothing is rebuilt."""
        state = empty_stock(rebuilds=1)
        play(state, "take")
        assert rs(state).rebuilds == 1
        assert hand(state, 0) == ["R5", "R12", "G9"]
        assert state.round == 0


class TestRoundEndsWithoutWinner:
    """R16: when the draw pile is empty again the round ends; everyone scores the hand."""

    @pytest.mark.rule("R16", "R17")
    def test_empty_again_ends_the_round(self) -> None:
        """Already rebuilt once: the next draw ends the round with no one out."""
        state = empty_stock(rebuilds=1)
        play(state, "draw")
        pass_all(state)
        assert state.round == 1
        finished = state.finished_rounds[0]
        assert finished.ended_by == "stock"
        assert finished.went_out is None
        assert finished.phase is P.OVER
        assert state.round_scores == [SCORES]

    @pytest.mark.rule("R16", "R17")
    def test_rebuild_with_nothing_to_draw(self) -> None:
        """The discard pile is one card: the rebuild leaves nothing to draw; the round ends."""
        state = empty_stock(discards="R12")
        play(state, "draw")
        pass_all(state)
        assert state.round == 1
        assert state.finished_rounds[0].went_out is None
        assert state.round_scores == [SCORES]

    @pytest.mark.rule("R16", "R17", "R10")
    def test_penalty_card_that_cannot_be_drawn(self) -> None:
        """Seat 1 buys with nothing left to draw: the round ends, seat 1 holding R12 too."""
        state = empty_stock(rebuilds=1)
        play(state, "draw", "buy")
        assert state.round == 1
        # seat 1: R1 B10 R12 = 5 + 10 + 10 = 25
        assert state.round_scores == [(10, 25, 25)]

    @pytest.mark.rule("R16", "R6")
    def test_next_round_after_an_exhausted_draw_pile(self) -> None:
        """The next round is dealt as usual, with a fresh draw pile and no rebuild yet."""
        state = empty_stock(rebuilds=1)
        play(state, "draw")
        pass_all(state)
        r = rs(state)
        assert r.round == 1
        assert r.rebuilds == 0
        assert r.dealer == 1
        assert len(r.stock) == 171 - 36 - 1

    @pytest.mark.rule("R16")
    def test_no_end_while_cards_remain(self) -> None:
        """Drawing the last card of the draw pile does not end the round."""
        state = empty_stock(rebuilds=1, stock="B2")
        play(state, "draw")
        pass_all(state)
        assert state.round == 0
        assert len(rs(state).stock) == 0
        assert rs(state).phase is P.PLAY


class TestRebuildOption:
    """R16 option ``stock_rebuilds``: another limit, or none."""

    @pytest.mark.rule("R16")
    @pytest.mark.parametrize(
        ("options", "variants"),
        [({"stock_rebuilds": None}, ()), (None, ("unlimited-rebuilds",))],
    )
    def test_unlimited(self, options: dict[str, object] | None, variants: tuple[str, ...]) -> None:
        """No limit: after five rebuilds a sixth one still happens."""
        state = empty_stock(rebuilds=5, options=options, variants=variants)
        play(state, "draw")
        pass_all(state)
        assert state.round == 0
        assert rs(state).rebuilds == 6
        assert pile(rs(state).discards) == "R12"

    @pytest.mark.rule("R16")
    def test_unlimited_still_ends_with_nothing_to_draw(self) -> None:
        """No limit, but a one-card discard pile leaves nothing to draw: the round ends."""
        state = empty_stock(discards="R12", options={"stock_rebuilds": None})
        play(state, "draw")
        pass_all(state)
        assert state.round_scores == [SCORES]

    @pytest.mark.rule("R16")
    def test_zero_rebuilds(self) -> None:
        """``stock_rebuilds=0``: the first empty draw pile ends the round."""
        state = empty_stock(options={"stock_rebuilds": 0})
        play(state, "draw")
        pass_all(state)
        assert state.round_scores == [SCORES]

    @pytest.mark.rule("R16")
    def test_two_rebuilds(self) -> None:
        """``stock_rebuilds=2``: a second rebuild happens; a third does not."""
        state = empty_stock(rebuilds=1, options={"stock_rebuilds": 2})
        play(state, "draw")
        pass_all(state)
        assert rs(state).rebuilds == 2
        again = empty_stock(rebuilds=2, options={"stock_rebuilds": 2})
        play(again, "draw")
        pass_all(again)
        assert again.round_scores == [SCORES]
