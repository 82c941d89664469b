"""Bouncing: rule G12 and its interpretations (termination, optional, option off)."""

from __future__ import annotations

import pytest

from cardrules import GameState
from cardrules_gnoming.cards import number
from cardrules_gnoming.state import GnomingPhase

from .builders import legal, new, play, put_round, refused, rs, visible

P = GnomingPhase
OTHERS = "(1) (1) 1 / (1) (1) (1) / (1) (1) 1"
DISCARDS = {"discard 0", "discard 1"}


def position(
    layout: str,
    top: str,
    *,
    options: dict[str, object] | None = None,
    variants: tuple[str, ...] = (),
) -> GameState:
    """Seat 0 (of 3) to draw ``top`` from the draw pile, with ``layout``."""
    state = new(3, options=options, variants=variants)
    put_round(
        state,
        [layout, OTHERS, OTHERS],
        turn=0,
        stock=f"-5 -5 {top}",
        discards=("-1", "-2"),
    )
    return state


def bounces(state: GameState) -> set[str]:
    return {m for m in legal(state) if m.startswith("bounce")}


class TestBounceEligibility:
    """G12: a revealed positive card matching a face-up card or the placed card may bounce."""

    @pytest.mark.rule("G12")
    def test_revealed_card_matching_a_face_up_card_may_bounce(self) -> None:
        """Placing 9 over a face-down 5 with a face-up 5 in the layout offers bounces."""
        state = position("5 1 2 / -1 (5) -2 / -3 -4 (9)", "9")
        play(state, "draw stock", "place 4")
        r = rs(state)
        assert r.phase is P.BOUNCE
        assert r.held == number(5)
        # every position but the one just filled, or the discard (bouncing is optional)
        assert legal(state) == {f"bounce {p}" for p in range(9) if p != 4} | DISCARDS

    @pytest.mark.rule("G12")
    def test_revealed_card_matching_the_card_placed_may_bounce(self) -> None:
        """Placing a 6 over a face-down 6, with no other 6 up, offers bounces."""
        state = position("1 2 3 / (6) -1 -2 / -3 -4 -5", "6")
        play(state, "draw stock", "place 3")
        assert rs(state).phase is P.BOUNCE
        assert bounces(state) == {f"bounce {p}" for p in range(9) if p != 3}

    @pytest.mark.rule("G12")
    def test_unmatched_revealed_card_does_not_bounce(self) -> None:
        """A revealed 6 matching nothing face up is simply discarded; bouncing is refused."""
        state = position("1 2 3 / (6) -1 -2 / -3 -4 -5", "7")
        play(state, "draw stock", "place 3")
        assert rs(state).phase is P.DISCARD
        assert legal(state) == DISCARDS
        assert refused(state, "bounce 0").rule == "G12"

    @pytest.mark.rule("G10")
    def test_nothing_bounces_before_the_drawn_card_is_placed(self) -> None:
        """With the drawn card still in hand, a bounce is refused under G10: place it first."""
        state = position("1 2 3 / (6) -1 -2 / -3 -4 -5", "6")
        play(state, "draw stock")
        assert rs(state).phase is P.PLACE
        error = refused(state, "bounce 1")
        assert error.rule == "G10"
        assert "place the drawn card" in str(error)

    @pytest.mark.rule("G12")
    def test_matching_a_face_down_card_is_not_enough(self) -> None:
        """A revealed 6 whose only twin in the layout is face down does not bounce."""
        state = position("1 2 3 / (6) (6) -2 / -3 -4 -5", "7")
        play(state, "draw stock", "place 3")
        assert rs(state).phase is P.DISCARD
        assert legal(state) == DISCARDS
        assert refused(state, "bounce 4").rule == "G12"

    @pytest.mark.rule("G12", "G10")
    def test_card_displaced_from_face_up_position_does_not_bounce(self) -> None:
        """Replacing a face-up 5 while another 5 is face up: the 5 is discarded, no bounce."""
        state = position("5 5 1 / (2) (3) (4) / (6) (7) (8)", "9")
        play(state, "draw stock", "place 0")
        assert rs(state).phase is P.DISCARD
        assert rs(state).held == number(5)
        assert legal(state) == DISCARDS
        assert refused(state, "bounce 3").rule == "G12"

    @pytest.mark.rule("G12")
    @pytest.mark.parametrize(
        ("layout", "top", "revealed"),
        [
            # a -2 revealed under a placed -2, with another -2 face up
            ("-2 1 3 / (-2) 4 6 / 7 8 9", "-2", "-2"),
            # a Mulligan revealed with a face-up Mulligan in the layout
            ("M 1 3 / (M) 4 6 / 7 8 9", "5", "M"),
            # a Hazard revealed with a face-up Hazard in the layout
            ("H 1 3 / (H) 4 6 / 7 8 9", "5", "H"),
        ],
    )
    def test_negative_mulligan_hazard_never_bounce(
        self, layout: str, top: str, revealed: str
    ) -> None:
        """Negative cards, Mulligans and Hazards are discarded even when they match."""
        state = position(layout, top)
        play(state, "draw stock", "place 3")
        assert str(rs(state).held) == revealed
        assert rs(state).phase is P.DISCARD
        assert not bounces(state)
        assert refused(state, "bounce 0").rule == "G12"


class TestBounceChain:
    """G12: chains of bounces, never into a filled position, at most 8."""

    @pytest.mark.rule("G12")
    def test_chain_reveals_and_bounces_again(self) -> None:
        """The bounced 5 displaces a face-down 9, which matches the placed 9 and may bounce."""
        state = position("5 1 2 / -1 (5) -2 / -3 -4 (9)", "9")
        play(state, "draw stock", "place 4", "bounce 8")
        r = rs(state)
        assert r.phase is P.BOUNCE
        assert r.held == number(9)
        assert visible(r.layouts[0]) == "5 1 2 -1 9 -2 -3 -4 5"
        assert bounces(state) == {f"bounce {p}" for p in range(9) if p not in (4, 8)}
        assert state.observation(1).filled_positions == (4, 8)

    @pytest.mark.rule("G12")
    @pytest.mark.parametrize("target", [4, 8])
    def test_never_into_a_filled_position(self, target: int) -> None:
        """Bouncing into a position that received a card this turn is refused under G12."""
        state = position("5 1 2 / -1 (5) -2 / -3 -4 (9)", "9")
        play(state, "draw stock", "place 4", "bounce 8")
        assert refused(state, f"bounce {target}").rule == "G12"

    @pytest.mark.rule("G12")
    def test_chain_stops_when_the_displaced_card_matches_nothing(self) -> None:
        """Bouncing the 9 onto the face-up 1 displaces it; the 1 matches nothing: discard."""
        state = position("5 1 2 / -1 (5) -2 / -3 -4 (9)", "9")
        play(state, "draw stock", "place 4", "bounce 8", "bounce 1")
        r = rs(state)
        assert r.phase is P.DISCARD
        assert r.held == number(1)
        assert legal(state) == DISCARDS
        play(state, "discard 0")
        assert visible(rs(state).layouts[0]) == "5 9 2 -1 9 -2 -3 -4 5"
        assert rs(state).discards[0].top == number(1)
        assert state.current_player == 1

    @pytest.mark.rule("G12")
    def test_last_card_that_does_not_bounce_is_discarded(self) -> None:
        """Declining the second bounce discards the 9; the layout keeps the bounced 5."""
        state = position("5 1 2 / -1 (5) -2 / -3 -4 (9)", "9")
        play(state, "draw stock", "place 4", "bounce 8", "discard 1")
        assert visible(rs(state).layouts[0]) == "5 1 2 -1 9 -2 -3 -4 5"
        assert rs(state).discards[1].cards()[-1] == number(9)
        assert state.current_player == 1

    @pytest.mark.rule("G12")
    def test_bouncing_is_optional(self) -> None:
        """At the first chance to bounce, the player may discard the revealed 5 instead."""
        state = position("5 1 2 / -1 (5) -2 / -3 -4 (9)", "9")
        play(state, "draw stock", "place 4", "discard 0")
        assert visible(rs(state).layouts[0]) == "5 1 2 -1 9 -2 -3 -4 (9)"
        assert rs(state).discards[0].top == number(5)
        assert state.current_player == 1

    @pytest.mark.rule("G12")
    def test_chain_ends_after_at_most_eight_bounces(self) -> None:
        """With nine 5s the chain fills every position: 8 bounces, then only a discard."""
        state = position("5 (5) (5) / (5) (5) (5) / (5) (5) (5)", "5")
        play(state, "draw stock", "place 1")
        targets = [2, 3, 4, 5, 6, 7, 8, 0]
        for done, target in enumerate(targets):
            assert rs(state).phase is P.BOUNCE, f"after {done} bounces"
            play(state, f"bounce {target}")
        assert len(targets) == 8
        # position 0 held a face-up 5, which matches, but every position is filled
        assert rs(state).phase is P.DISCARD
        assert rs(state).held == number(5)
        assert legal(state) == DISCARDS
        assert refused(state, "bounce 1").rule == "G12"
        assert state.observation(0).filled_positions == tuple(range(9))


class TestBounceOption:
    """G12 option: bouncing off (variant no-bounce)."""

    @pytest.mark.rule("G12")
    @pytest.mark.parametrize(
        ("options", "variants"), [({"bouncing": False}, ()), (None, ("no-bounce",))]
    )
    def test_no_bounce(self, options: dict[str, object] | None, variants: tuple[str, ...]) -> None:
        """With bouncing off, a matching revealed 5 is discarded."""
        state = position("5 1 2 / -1 (5) -2 / -3 -4 (9)", "9", options=options, variants=variants)
        assert state.game.options.bouncing is False
        play(state, "draw stock", "place 4")
        assert rs(state).phase is P.DISCARD
        assert legal(state) == DISCARDS
        assert refused(state, "bounce 8").rule == "G12"
