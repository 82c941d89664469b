"""Windows that nest (`cardrules.plugins.windows`): a window opened while another is open.

A point may be reached inside a window's act (a buy carried out inside a
window reaches the point before a buy), or inside the game's resumption at a
point reached so. The window opened there sits on the open one (a stack); once
it and the rest at its point close and the game resumed there, the outer
window goes on with its next seat. These tests drive the mechanism with a
stand-in game that logs each resumption.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules import Chance, Move
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.plugins.variant_state import state_as_json
from cardrules.plugins.window_views import window_lines
from cardrules.plugins.windows import (
    DECLINE,
    WINDOW,
    Offer,
    Resumed,
    Window,
    WindowState,
    current_window,
    open_window,
    window_moves,
    window_of,
)
from cardrules.plugins.windows import play_in_window as play

#: No chance event happens in these windows.
CHANCE = Chance(0)


@attrs.frozen
class Bid(Move):
    def __str__(self) -> str:
        return "bid"


@attrs.frozen
class Check(Move):
    def __str__(self) -> str:
        return "check"


@attrs.define
class Table:
    """A stand-in round state: who decides, and the variant states."""

    current_player: int = 0
    variant_states: dict[str, Any] = attrs.Factory(lambda: {WINDOW: WindowState()})


class Stand:
    """A stand-in game: four seats, windows ``bids`` (at ``outer``; a bid reaches
    the point ``inner``) and ``checks`` (at ``inner`` and ``later``)."""

    players = 4
    own_windows = 0  # (all three are a variant's)
    window_kept = True

    def __init__(self, on_resume: Callable[[Stand, Table, str], None] | None = None) -> None:
        self.log: list[tuple[str, Any, tuple[int, ...]]] = []
        self.on_resume = on_resume
        bid = kind(
            "bid",
            Bid,
            lambda game, state, move, chance: open_window(
                game, state, "inner", current_window(state).seat
            ),
        )
        check = kind("check", Check, lambda game, state, move, chance: None)
        self.windows = (
            ("bids", Window(name="bids", point="outer", rule="T", offer=offer((1, 2), 2), act=bid)),
            (
                "checks",
                Window(name="checks", point="inner", rule="T", offer=offer((0, 3)), act=check),
            ),
            ("later", Window(name="later", point="later", rule="T", offer=offer((3,)), act=check)),
        )

    def variant_call(
        self, variant: str, what: str, function: Callable[..., Any], *args: Any
    ) -> Any:
        return function(*args)

    def resume(
        self, state: Table, point: str, about: Any, acted: tuple[int, ...], chance: Any
    ) -> None:
        self.log.append((point, about, acted))
        state.current_player = -1  # the game's own next decision
        if self.on_resume is not None:
            self.on_resume(self, state, point)

    def _resumed_lines(self, before: Any, seat: int, move: Move, after: Any) -> list[Any]:
        assert isinstance(move, Resumed)
        return [f"resume {move.point} {move.acted}"]


def kind(name: str, type: type, apply: Callable[..., Any]) -> MoveKind:
    return MoveKind(
        name=name,
        type=type,
        rule="T",
        legal=lambda game, state: [type()],
        apply=apply,
        narrate=lambda game, before, seat, move, after: [],
        prompt=name,
        planes=NO_PLANES,
    )


def offer(seats: tuple[int, ...], limit: int = 1) -> Callable[..., Offer]:
    return lambda game, state, about: Offer(seats, f"about {about}", limit)


def moves(game: Stand, state: Table) -> list[str]:
    window = window_of(state)
    assert window is not None
    return [str(move) for move in window_moves(game, state, window)]


def test_a_window_opened_inside_an_act_sits_on_the_open_one_until_its_point_resumed() -> None:
    game, state = Stand(), Table()
    assert open_window(game, state, "outer", "x")
    assert (state.current_player, moves(game, state)) == (1, ["bid", "decline"])
    play(game, state, Bid(), CHANCE)  # seat 1 bids: its bid reaches `inner`
    inner = window_of(state)
    assert inner is not None
    assert (inner.name, inner.about, state.current_player) == ("checks", 1, 0)
    assert [(w.name, w.acts) for w in inner.outer] == [("bids", (("bids", 1),))]
    assert moves(game, state) == ["check", "decline"]
    play(game, state, DECLINE, CHANCE)
    assert state.current_player == 3
    play(game, state, Check(), CHANCE)  # the inner window closes: `inner` resumes
    assert game.log == [("inner", 1, (3,))]
    outer = window_of(state)
    assert outer is not None
    assert (outer.name, outer.seat, outer.outer, outer.acted) == ("bids", 2, (), (1,))
    play(game, state, DECLINE, CHANCE)  # the outer one closes: `outer` resumes
    assert game.log == [("inner", 1, (3,)), ("outer", "x", (1,))]
    assert window_of(state) is None
    assert state.variant_states[WINDOW] == WindowState()
    assert state.current_player == -1


def test_the_outer_window_reaching_its_limit_inside_closes_once_the_inner_point_resumed() -> None:
    game, state = Stand(), Table()
    open_window(game, state, "outer", "x")
    play(game, state, Bid(), CHANCE)
    play(game, state, DECLINE, CHANCE)
    play(game, state, DECLINE, CHANCE)  # inner: nobody checked
    play(game, state, Bid(), CHANCE)  # seat 2's bid is the second: bids closes after its inner
    assert [w.name for w in window_of(state).outer] == ["bids"]  # type: ignore[union-attr]
    play(game, state, Check(), CHANCE)  # seat 0 checks: inner resumes, then bids closes
    assert game.log == [("inner", 1, ()), ("inner", 2, (0,)), ("outer", "x", (1, 2))]
    assert window_of(state) is None


def test_a_window_opened_while_the_game_resumes_inside_an_outer_one_sits_on_it_too() -> None:
    def later(game: Stand, state: Table, point: str) -> None:
        if point == "inner":
            open_window(game, state, "later", "soon")

    game, state = Stand(later), Table()
    open_window(game, state, "outer", "x")
    play(game, state, Bid(), CHANCE)
    play(game, state, DECLINE, CHANCE)
    play(game, state, DECLINE, CHANCE)  # `inner` resumes, and reaches `later`
    window = window_of(state)
    assert window is not None
    assert (window.name, window.seat, [w.name for w in window.outer]) == ("later", 3, ["bids"])
    play(game, state, Check(), CHANCE)
    assert game.log == [("inner", 1, ()), ("later", "soon", (3,))]
    assert (window_of(state).name, state.current_player) == ("bids", 2)  # type: ignore[union-attr]


def test_the_narration_tells_the_inner_point_resumed_and_who_is_asked_again() -> None:
    game, state = Stand(), Table()
    open_window(game, state, "outer", "x")
    play(game, state, Bid(), CHANCE)
    play(game, state, DECLINE, CHANCE)
    before = Table(state.current_player, dict(state.variant_states))
    play(game, state, DECLINE, CHANCE)
    lines = window_lines(game, before, 3, DECLINE, state)
    assert lines == ["[bold]seat 2 is asked[/bold] (bids): about x", "resume inner ()"]


def test_records_write_the_windows_under_only_while_there_are_some() -> None:
    """A window with none under it is written as before windows nested (old records replay)."""
    game, state = Stand(), Table()
    open_window(game, state, "outer", "x")
    alone = state_as_json(window_of(state))
    assert "outer" not in alone
    play(game, state, Bid(), CHANCE)
    nested = state_as_json(window_of(state))
    assert nested["outer"] == [{**alone, "acts": [["bids", 1]]}]


def test_the_narration_tells_each_point_resumed_innermost_first() -> None:
    game, state = Stand(), Table()
    open_window(game, state, "outer", "x")
    play(game, state, Bid(), CHANCE)
    play(game, state, DECLINE, CHANCE)
    play(game, state, DECLINE, CHANCE)
    play(game, state, Bid(), CHANCE)  # the second bid: bids closes after this inner point
    before = Table(state.current_player, dict(state.variant_states))
    play(game, state, Check(), CHANCE)
    assert window_lines(game, before, 0, Check(), state) == [
        "resume inner (0,)",
        "resume outer (1, 2)",
    ]
