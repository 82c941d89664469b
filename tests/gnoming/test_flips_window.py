"""G15's Hazard flips as the game's own window (`cardrules_gnoming.flips`).

The rule is unchanged (the G15 tests in test_mulligan_hazard.py hold it); these
check what the window adds and what it must not change: the game declares it the
way a variant declares one, the engine keeps it only while it is open, and
observations, records, tensors and narration show nothing of the engine's
window state without a variant.
"""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules.plugins.variant_state import NO_VARIANT_STATE
from cardrules.plugins.window_kept import WINDOW_STATE
from cardrules.plugins.windows import Offer, Window, window_of, window_view
from cardrules_gnoming.flips import HAZARD_FLIPS, deciding_seats
from cardrules_gnoming.state import GnomingPhase as P
from tests.test_windows import NOD

from .builders import catalogue_with, legal, new, play, put_round, refused, rs
from .test_mulligan_hazard import hazard_position


@pytest.mark.rule("G15")
def test_the_game_declares_the_flips_as_a_window_at_its_after_hazard_point() -> None:
    game = new(4).game
    assert game.windows == (("gnoming-a-round", HAZARD_FLIPS),)
    assert (game.own_windows, game.window_kept) == (1, False)
    assert "after-hazard" in dict(game.spec.window_points)


@pytest.mark.rule("G15")
def test_a_hazard_discard_opens_the_window_and_the_last_answer_closes_it() -> None:
    state = hazard_position()
    assert rs(state).variant_states is NO_VARIANT_STATE
    play(state, "draw stock", "discard")
    window = window_of(rs(state))
    assert window is not None
    assert (window.name, window.seats, window.limit, window.about) == ("hazard-flip", (2, 0), 2, 1)
    assert rs(state).phase is P.FLIP
    assert legal(state) == {"flip 0", "flip 1", "pass"}
    play(state, "flip 0")
    assert (state.current_player, deciding_seats(rs(state))) == (0, (0,))
    play(state, "pass")  # the last seat answers: the window closes and the turn ends (G17)
    assert rs(state).variant_states is NO_VARIANT_STATE  # (nothing kept once closed)
    assert (rs(state).phase, state.current_player) == (P.DRAW, 2)


@pytest.mark.rule("G15")
def test_nobody_to_ask_opens_no_window_and_ends_the_turn() -> None:
    state = new(3)
    layouts = ["1 2 3 / 4 5 6 / 7 8 (9)", "1 2 3 / 4 5 6 / 7 8 (9)", "(1) (2) 3 / 4 5 6 / 7 8 9"]
    put_round(state, layouts, turn=2, stock="10 H")
    play(state, "draw stock", "discard")
    assert window_of(rs(state)) is None
    assert (rs(state).phase, state.current_player) == (P.DRAW, 0)


@pytest.mark.rule("G15", "G16")
def test_refusals_in_the_window_name_the_games_rules_as_before() -> None:
    state = hazard_position()
    play(state, "draw stock", "discard", "flip 0")
    assert refused(state, "flip 4").rule == "G16"  # seat 0's card at 4 is face up
    error = refused(state, "draw stock")
    assert str(error) == "G15: draw stock is not possible now: flip one face-down card or pass"


@pytest.mark.rule("G15")
def test_observations_records_and_narration_show_no_engine_window_state() -> None:
    state = hazard_position()
    play(state, "draw stock", "discard")
    for seat in range(4):
        observation = state.observation(seat)
        assert observation.variant_views == ()
        assert window_view(observation) is None
        assert observation.pending == (2, 0)
    assert "variant_states" not in state.record()
    before = rs(state).clone()
    play(state, "flip 0")
    lines = state.game.narrate(before, 2, state.history[-1], rs(state))
    assert [line for line in lines if isinstance(line, str)] == [
        "[bold]seat 2[/bold] flips position 0: 1"
    ]


@pytest.mark.rule("G15")
def test_a_sampled_round_asks_the_seats_still_to_answer() -> None:
    state, rng = new(5, seed=3), random.Random(3)
    while not (rs(state).phase is P.FLIP and len(deciding_seats(rs(state))) >= 2):
        state.apply(rng.choice(state.legal_moves()))
    play(state, "pass")
    seat = state.current_player
    assert seat is not None
    observation = state.observation(seat)
    for draw in range(3):
        sample = state.game.determinize_round(observation, random.Random(draw))
        window = window_of(sample)
        assert window is not None
        assert window.seats == observation.pending
        assert sample.current_player == seat
        assert tuple(state.game.legal_moves(sample)) == observation.legal_moves


@pytest.mark.rule("G15")
def test_a_variants_window_at_after_hazard_is_asked_once_the_flips_are_done() -> None:
    offer = lambda game, state, about: Offer((3,), f"seat {about} discarded a Hazard")  # noqa: E731
    window = Window(name="nods", point="after-hazard", rule="G15", offer=offer, act=NOD)
    variant = cardrules.VariantSpec("nods", "gnoming-a-round", "G15: nods.", windows=(window,))
    state = new(4, variants=["nods"], catalogue=catalogue_with(variant))
    fresh = hazard_position()
    state.set_round_state(rs(fresh))
    play(state, "draw stock", "discard")
    assert window_view(state.observation(3)) is None  # the game's own is not shown
    play(state, "pass", "pass")
    assert (window_of(rs(state)).name, state.current_player) == ("nods", 3)  # type: ignore[union-attr]
    assert window_view(state.observation(3)).name == "nods"  # type: ignore[union-attr]
    play(state, "nod")
    assert (rs(state).phase, state.current_player) == (P.DRAW, 2)


@pytest.mark.rule("G14")
def test_a_variants_window_is_shown_and_recorded_counted_among_the_variants_windows() -> None:
    """Snap is the game's second window (after its own), but seats, records, tensors and
    sampled rounds count it first among the variants' windows, as before flips were one."""
    state = new(3, variants=["snap"])
    layouts = ["(1) (2) 3 / 4 5 6 / 7 8 9", "5 2 3 / 4 5 6 / 7 8 (9)", "(1) 2 3 / 4 5 6 / 7 8 5"]
    put_round(state, layouts, phase=P.DISCARD, held="5", stock="10 11", discards=("2", "3"))
    play(state, "discard 0")
    window = window_of(rs(state))
    assert window is not None
    assert (window.name, window.index) == ("snap", 1)
    shown = window_view(state.observation(1))
    assert shown is not None
    assert (shown.name, shown.index) == ("snap", 0)
    assert state.record()["variant_states"][-1]["window"]["index"] == 0
    assert WINDOW_STATE.sample(state.game, shown, 1, random.Random(0)) == window
    layout = state.game.tensor_layout
    assert layout.plane("window:open").size == 1  # (snap alone: the game's own has none)
    assert list(layout.view(state.observation_tensor(1), "window:open")) == [1]
