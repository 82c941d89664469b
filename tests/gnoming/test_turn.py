"""A turn: draw, place or discard, and where the discard goes: rules G9-G11 and G14."""

from __future__ import annotations

import pytest

from cardrules import GameState, Pile
from cardrules_gnoming.cards import number
from cardrules_gnoming.moves import STOCK
from cardrules_gnoming.state import GnomingPhase

from .builders import cards, legal, new, play, put_round, refused, rs, visible

P = GnomingPhase

# Seat 0's layout: three face-up cards, six face-down; no value repeats, so no
# placement below can bounce (G12).
LAYOUT_0 = "2 (3) 4 / (5) (6) (7) / (8) (9) 10"
OTHERS = "(1) (1) 1 / (1) (1) (1) / (1) (1) 1"
ALL_PLACES = {f"place {p}" for p in range(9)}


def position(
    *,
    stock: str = "-5 12 11",
    discards: tuple[str, str] = ("1 -3", "-4 -2"),
    options: dict[str, object] | None = None,
    variants: tuple[str, ...] = (),
) -> GameState:
    """Seat 0 to draw, 3 players; draw pile top 11, pile tops -3 and -2 by default."""
    state = new(3, options=options, variants=variants)
    put_round(state, [LAYOUT_0, OTHERS, OTHERS], turn=0, stock=stock, discards=discards)
    return state


class TestDraw:
    """G9: draw the top of the draw pile or of either discard pile."""

    @pytest.mark.rule("G9")
    def test_three_sources(self) -> None:
        """With every pile non-empty the three draws are the only legal moves."""
        assert legal(position()) == {"draw stock", "take discard 0", "take discard 1"}

    @pytest.mark.rule("G9")
    def test_draw_stock_takes_its_top(self) -> None:
        """Drawing from the draw pile takes its top card into the hand."""
        state = position()
        play(state, "draw stock")
        r = rs(state)
        assert r.held == number(11)
        assert r.stock.cards() == tuple(cards("-5 12"))
        assert r.phase is P.PLACE
        assert state.observation(0).held_card == number(11)
        assert state.observation(0).held_from == STOCK

    @pytest.mark.rule("G9", "G4")
    def test_card_drawn_from_stock_is_hidden_from_others(self) -> None:
        """Only the drawer sees a card drawn from the draw pile."""
        state = position()
        play(state, "draw stock")
        assert state.observation(1).held_card is None
        assert state.observation(2).held_card is None

    @pytest.mark.rule("G9")
    @pytest.mark.parametrize(("pile", "top", "rest"), [(0, "-3", "1"), (1, "-2", "-4")])
    def test_draw_discard_pile_takes_its_top(self, pile: int, top: str, rest: str) -> None:
        """Drawing from discard pile N takes its top card, seen by everyone."""
        state = position()
        play(state, f"draw pile {pile}")
        r = rs(state)
        assert r.held == cards(top)[0]
        assert r.discards[pile].cards() == tuple(cards(rest))
        assert r.stock.cards() == tuple(cards("-5 12 11"))
        for seat in range(3):
            assert state.observation(seat).held_card == cards(top)[0]

    @pytest.mark.rule("G9")
    def test_empty_discard_pile_cannot_be_drawn(self) -> None:
        """An empty discard pile is not offered; drawing it is refused under G9."""
        state = position(discards=("1 -3", ""))
        assert legal(state) == {"draw stock", "take discard 0"}
        assert refused(state, "take discard 1").rule == "G9"

    @pytest.mark.rule("G9")
    @pytest.mark.parametrize("move", ["place 0", "discard 0", "bounce 1", "flip 1", "pass"])
    def test_must_draw_first(self, move: str) -> None:
        """Any other move before drawing is refused under G9, nothing changes."""
        assert refused(position(), move).rule == "G9"


class TestPlace:
    """G10: keep the drawn card in place of any card; the displaced card is discarded."""

    @pytest.mark.rule("G10")
    def test_any_position_face_up_or_down(self) -> None:
        """All nine positions, face up or face down, take the drawn card."""
        state = position()
        play(state, "draw stock")
        assert legal(state) == ALL_PLACES | {"discard 0", "discard 1"}

    @pytest.mark.rule("G10")
    def test_place_over_face_up_card(self) -> None:
        """Placing over the face-up 4 puts the 11 there and discards the 4."""
        state = position()
        play(state, "draw stock", "place 2")
        r = rs(state)
        assert r.phase is P.DISCARD
        assert r.held == number(4)
        assert legal(state) == {"discard 0", "discard 1"}
        play(state, "discard 1")
        assert visible(rs(state).layouts[0]) == "2 (3) 11 (5) (6) (7) (8) (9) 10"
        assert rs(state).discards[1].cards() == tuple(cards("-4 -2 4"))
        assert state.current_player == 1

    @pytest.mark.rule("G10")
    def test_place_over_face_down_card(self) -> None:
        """Placing over face-down 7 shows the 11 face up there and discards the 7."""
        state = position()
        play(state, "draw stock", "place 5")
        assert rs(state).held == number(7)
        # the 7 is seen by everyone once displaced
        assert state.observation(2).held_card == number(7)
        play(state, "discard 0")
        assert visible(rs(state).layouts[0]) == "2 (3) 4 (5) (6) 11 (8) (9) 10"
        assert rs(state).discards[0].top == number(7)

    @pytest.mark.rule("G10")
    def test_place_card_taken_from_discard_pile(self) -> None:
        """A card taken from a discard pile can be placed like any drawn card."""
        state = position()
        play(state, "take discard 1", "place 0", "discard 0")
        assert visible(rs(state).layouts[0]) == "-2 (3) 4 (5) (6) (7) (8) (9) 10"
        assert rs(state).discards == (Pile(cards("1 -3 2")), Pile(cards("-4")))


class TestDiscardDrawn:
    """G11: a drawn card not kept is discarded; option: a taken discard must be kept."""

    @pytest.mark.rule("G11")
    def test_discard_card_drawn_from_stock(self) -> None:
        """Discarding the drawn card leaves the layout unchanged and ends the turn."""
        state = position()
        play(state, "draw stock", "discard 0")
        assert visible(rs(state).layouts[0]) == "2 (3) 4 (5) (6) (7) (8) (9) 10"
        assert rs(state).discards[0].cards() == tuple(cards("1 -3 11"))
        assert state.current_player == 1
        assert rs(state).phase is P.DRAW

    @pytest.mark.rule("G11")
    def test_taken_discard_may_be_discarded_again(self) -> None:
        """By default a card taken from a discard pile may be discarded again."""
        state = position()
        play(state, "take discard 0")
        assert {"discard 0", "discard 1"} <= legal(state)
        play(state, "discard 1")
        assert rs(state).discards[0].cards() == tuple(cards("1"))
        assert rs(state).discards[1].cards() == tuple(cards("-4 -2 -3"))
        assert state.current_player == 1

    @pytest.mark.rule("G11")
    @pytest.mark.parametrize(
        ("options", "variants"),
        [({"taken_discard_must_be_kept": True}, ()), (None, ("keep-taken-discard",))],
    )
    def test_option_taken_discard_must_be_kept(
        self, options: dict[str, object] | None, variants: tuple[str, ...]
    ) -> None:
        """With the option, a card taken from a discard pile may only be placed."""
        state = position(options=options, variants=variants)
        play(state, "take discard 0")
        assert legal(state) == ALL_PLACES
        assert refused(state, "discard 0").rule == "G11"
        assert refused(state, "discard 1").rule == "G11"
        assert refused(state, "discard").rule == "G11"  # the pile is not the problem

    @pytest.mark.rule("G11")
    def test_option_still_allows_discarding_a_stock_card(self) -> None:
        """With the option, a card drawn from the draw pile may still be discarded."""
        state = position(options={"taken_discard_must_be_kept": True})
        play(state, "draw stock")
        assert legal(state) == ALL_PLACES | {"discard 0", "discard 1"}
        play(state, "discard 1")
        assert rs(state).discards[1].top == number(11)


class TestDiscardPiles:
    """G14: the discard goes on either pile, but onto an empty pile if there is one."""

    @pytest.mark.rule("G14")
    @pytest.mark.parametrize("pile", [0, 1])
    def test_either_pile(self, pile: int) -> None:
        """With both piles non-empty the player chooses; the card goes on top."""
        state = position()
        play(state, "draw stock")
        assert {"discard 0", "discard 1"} <= legal(state)
        before = [rs(state).discards[i].cards() for i in (0, 1)]
        play(state, f"discard {pile}")
        assert rs(state).discards[pile].cards() == (*before[pile], number(11))
        assert rs(state).discards[1 - pile].cards() == before[1 - pile]

    @pytest.mark.rule("G14")
    def test_empty_pile_must_be_restarted(self) -> None:
        """With pile 1 empty the discard must go there; pile 0 is refused under G14."""
        state = position(discards=("1 -3", ""))
        play(state, "draw stock", "place 1")
        assert legal(state) == {"discard 1"}
        assert refused(state, "discard 0").rule == "G14"
        play(state, "discard 1")
        assert rs(state).discards[1].cards() == (number(3),)
        assert rs(state).discards[0].cards() == tuple(cards("1 -3"))

    @pytest.mark.rule("G14", "G11")
    def test_pile_emptied_by_the_draw_must_be_restarted(self) -> None:
        """Taking the only card of pile 0 empties it: the discard must go back on pile 0."""
        state = position(discards=("-3", "-4 -2"))
        play(state, "take discard 0")
        assert {m for m in legal(state) if m.startswith("discard")} == {"discard 0"}
        assert refused(state, "discard 1").rule == "G14"
        play(state, "place 0")
        assert legal(state) == {"discard 0"}
        play(state, "discard 0")
        assert rs(state).discards[0].cards() == (number(2),)

    @pytest.mark.rule("G14")
    def test_both_piles_empty_either_restarts(self) -> None:
        """With both piles empty, either may be restarted."""
        state = position(discards=("", ""))
        play(state, "draw stock")
        assert legal(state) == ALL_PLACES | {"discard 0", "discard 1"}

    @pytest.mark.rule("G14")
    def test_pile_must_be_named(self) -> None:
        """A plain 'discard' of a number card is refused under G14."""
        state = position()
        play(state, "draw stock")
        assert refused(state, "discard").rule == "G14"

    @pytest.mark.rule("G14")
    def test_turn_ends_with_the_discard(self) -> None:
        """After the discard the next seat is to draw."""
        state = position()
        play(state, "draw stock", "place 4", "discard 0")
        assert state.current_player == 1
        assert rs(state).phase is P.DRAW
        assert legal(state) == {"draw stock", "take discard 0", "take discard 1"}
