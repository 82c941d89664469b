"""Windows whose act is withdrawn or whose round ends (`cardrules.plugins.windows`).

An act may reach a point whose windows hold it back (Rook: a buy refused under
``may-i``): the game's resumption there withdraws the act (`withdraw_act`),
and the window it was made in asks its next seat as if the seat had declined.
An act, or a resumption inside one, may end the round (Rook: a buyer's penalty
card empties the draw pile, R16): the game closes every window
(`close_windows`), and no point resumes. A round rebuilt from an observation
opens a window with the acts already under way (``open_window(acts=...)``).
These tests drive the mechanism with the stand-in game of the nesting tests.
"""

from __future__ import annotations

import attrs
import pytest

from cardrules.plugins.windows import (
    DECLINE,
    WindowError,
    WindowState,
    close_windows,
    open_window,
    window_of,
    withdraw_act,
)
from cardrules.plugins.windows import play_in_window as play
from tests.test_windows_nested import CHANCE, Bid, Check, Stand, Table, kind


def _withdraw_when_checked(game: Stand, state: Table, point: str) -> None:
    if point == "inner" and game.log[-1][2]:  # someone checked: the bid is held back
        withdraw_act(game, state)


def test_a_withdrawn_act_lets_its_window_ask_the_next_seat_as_after_a_decline() -> None:
    game, state = Stand(_withdraw_when_checked), Table()
    open_window(game, state, "outer", "x")
    play(game, state, Bid(), CHANCE)  # seat 1 bids: `inner` asks seats 0 and 3
    play(game, state, Check(), CHANCE)  # seat 0 checks: the bid is withdrawn
    window = window_of(state)
    assert window is not None
    assert (window.name, window.seat, window.acts) == ("bids", 2, ())
    play(game, state, Bid(), CHANCE)  # seat 2 bids, and nobody checks it
    play(game, state, DECLINE, CHANCE)
    play(game, state, DECLINE, CHANCE)
    assert game.log == [("inner", 1, (0,)), ("inner", 2, ()), ("outer", "x", (2,))]
    assert window_of(state) is None


def test_a_withdrawn_last_act_closes_the_window_as_if_nobody_acted() -> None:
    game, state = Stand(_withdraw_when_checked), Table()
    open_window(game, state, "outer", "x")
    play(game, state, DECLINE, CHANCE)  # seat 1
    play(game, state, Bid(), CHANCE)  # seat 2, the last seat asked
    play(game, state, Check(), CHANCE)  # held back: `outer` resumes with no act
    assert game.log == [("inner", 2, (0,)), ("outer", "x", ())]
    assert window_of(state) is None


def test_withdrawing_with_no_act_waiting_is_refused() -> None:
    game, state = Stand(), Table()
    with pytest.raises(WindowError, match="no act"):
        withdraw_act(game, state)  # no window at all
    open_window(game, state, "outer", "x")
    with pytest.raises(WindowError, match="no act"):
        withdraw_act(game, state)  # a window open, no resumption inside an act


def test_a_round_ending_in_a_resumption_inside_an_act_closes_every_window() -> None:
    def ends(game: Stand, state: Table, point: str) -> None:
        if point == "inner":
            close_windows(game, state)

    game, state = Stand(ends), Table()
    open_window(game, state, "outer", "x")
    play(game, state, Bid(), CHANCE)
    play(game, state, DECLINE, CHANCE)
    play(game, state, DECLINE, CHANCE)  # `inner` resumes and ends the round
    assert game.log == [("inner", 1, ())]  # `outer` never resumes, seat 2 is never asked
    assert window_of(state) is None
    assert state.variant_states["window"] == WindowState()


def test_a_round_ending_in_an_act_closes_every_window_and_resumes_nothing() -> None:
    game, state = Stand(), Table()
    ending = kind("bid", Bid, lambda game, state, move, chance: close_windows(game, state))
    (owner, bids), *rest = game.windows
    game.windows = ((owner, attrs.evolve(bids, act=ending)), *rest)  # type: ignore[assignment]
    open_window(game, state, "outer", "x")
    play(game, state, Bid(), CHANCE)
    assert game.log == []
    assert window_of(state) is None


def test_a_window_opened_again_counts_the_acts_under_way() -> None:
    """As for a round sampled from an observation made inside seat 1's bid."""
    game, state = Stand(), Table()
    open_window(game, state, "outer", "x", asking=(1, 2), acts=(("bids", 1),))
    open_window(game, state, "inner", 1)  # the window inside the bid, put back on top
    play(game, state, DECLINE, CHANCE)
    play(game, state, DECLINE, CHANCE)  # `inner` resumes: seat 1's bid stands
    play(game, state, Bid(), CHANCE)  # seat 2 bids too: the limit of two
    play(game, state, DECLINE, CHANCE)
    play(game, state, DECLINE, CHANCE)
    assert game.log == [("inner", 1, ()), ("inner", 2, ()), ("outer", "x", (1, 2))]
