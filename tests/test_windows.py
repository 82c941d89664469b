"""Windows (`cardrules.plugins.windows`): decisions a variant offers out of turn.

The bundled snap (Gnoming A Round) and may-i (Toonerville Rook) variants have
their own tests; these check the mechanism: every bundled bot answers every
window with a legal move, a window at a point the game does not publish is
refused, several seats and a limit, and the ``round-end`` point (windows that
nest: tests/test_windows_nested.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardrules
from cardrules import GameState, Move, VariantConflictError
from cardrules.bots.flat_search import FlatMonteCarloBot
from cardrules.bots.search import ISMCTSBot
from cardrules.plugins.variant_moves import NO_PLANES, MoveKind
from cardrules.plugins.windows import (
    DECLINE,
    Offer,
    Window,
    WindowError,
    WindowState,
    window_of,
)
from cardrules_gnoming.bots import GreedyBot as GnomingGreedy
from cardrules_rook.bots import GreedyBot as RookGreedy
from tests.gnoming.builders import catalogue_with, new, play, put_round, rs
from tests.gnoming.builders import legal as gnoming_legal

BOTS = {"gnoming-a-round": GnomingGreedy, "toonerville-rook": RookGreedy}
VARIANT = {"gnoming-a-round": "snap", "toonerville-rook": "may-i"}


def answered_windows(state: GameState, bots: list[Any], decisions: int) -> int:
    """Play up to ``decisions`` moves chosen by ``bots``; each must be legal. Windows answered."""
    windows = 0
    for _ in range(decisions):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        in_window = window_of(state.round_state) is not None
        move = bots[seat].choose(state.observation(seat))
        assert state.is_legal(move), f"{move} is not legal for seat {seat}"
        windows += in_window
        state.apply(move)
    return windows


@pytest.mark.parametrize("game", sorted(BOTS))
def test_greedy_bots_answer_every_window_over_seeded_matches(game: str) -> None:
    windows = 0
    for seed in range(6):
        state = cardrules.new_game(
            game, players=3, seed=seed, variants=[VARIANT[game]], options={"rounds": 2}
        )
        bots = [BOTS[game](seed * 10 + seat) for seat in range(3)]
        windows += answered_windows(state, bots, 3000)
    assert windows > 0


@pytest.mark.parametrize("game", sorted(BOTS))
def test_search_bots_answer_every_window(game: str) -> None:
    """ISMCTS and flat Monte Carlo bots (greedy rollouts) in the seats: every answer legal,
    acts chosen as well as declines."""
    chosen: set[str] = set()
    windows = 0
    for seed in range(3):
        state = cardrules.new_game(game, players=3, seed=seed, variants=[VARIANT[game]])
        bots: list[Any] = [
            ISMCTSBot(state.game, iterations=6, seed=seed, max_rollout_moves=6),
            FlatMonteCarloBot(state.game, rollouts=6, seed=seed, max_rollout_moves=6),
            BOTS[game](seed),
        ]
        for _ in range(400):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            move = bots[seat].choose(state.observation(seat))
            assert state.is_legal(move)
            if window_of(state.round_state) is not None:
                windows += 1
                chosen.add("decline" if move == DECLINE else "act")
            state.apply(move)
    assert windows > 0
    assert chosen == {"decline", "act"} or game == "toonerville-rook"


# ------------------------------------------------------------ the mechanism, with toy windows


class Nod(Move):
    """A toy act: nod (notation ``nod``)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Nod

    def __hash__(self) -> int:
        return hash("nod")

    def __str__(self) -> str:
        return "nod"


NOD = MoveKind(
    name="nod",
    type=Nod,
    rule="G18",
    parse=lambda text: Nod() if text == "nod" else None,
    legal=lambda game, state: [Nod()],
    apply=lambda game, state, move, chance: None,
    narrate=lambda game, before, seat, move, after: [f"seat {seat} nods"],
    prompt="nod      nod",
    planes=NO_PLANES,
)


def toy(point: str, seats: tuple[int, ...] = (2, 0, 1), limit: int = 2) -> cardrules.VariantSpec:
    """A variant asking ``seats`` at ``point``; at most ``limit`` of them may nod."""
    offer = lambda game, state, about: Offer(seats, f"the round ends ({about})", limit)  # noqa: E731
    window = Window(name="nods", point=point, rule="G18", offer=offer, act=NOD)
    return cardrules.VariantSpec("nods", "gnoming-a-round", "G18: nods.", windows=(window,))


def last_discard(variant: cardrules.VariantSpec) -> GameState:
    """Seat 0's discard ends the round (seat 1 is the ender); the toy variant in play."""
    return last_discard_in(new(3, variants=["nods"], catalogue=catalogue_with(variant)))


def last_discard_in(state: GameState) -> GameState:
    """``state``'s round, set so that seat 0's discard ends it (seat 1 is the ender)."""
    layouts = ["(1) 2 3 / 4 5 6 / 7 8 9", "1 2 3 / 4 5 6 / 7 8 9", "(1) 2 3 / 4 5 6 / 7 8 9"]
    put_round(
        state,
        layouts,
        phase=rs(state).phase.DISCARD,
        held="12",
        stock="4 5",
        discards=("2", "3"),
        ender=1,
        final_turns_left=1,
    )
    return state


@pytest.mark.rule("G18")
def test_a_round_end_window_asks_in_order_until_the_limit_then_the_round_ends() -> None:
    state = last_discard(toy("round-end"))
    play(state, "discard 0")
    window = window_of(rs(state))
    assert window is not None
    assert (window.point, window.about, state.current_player) == ("round-end", "ender", 2)
    assert gnoming_legal(state) == {"nod", "decline"}
    assert rs(state).layouts[0].face_up[0] is False  # not turned up yet (G18 waits)
    play(state, "nod")
    assert state.current_player == 0
    play(state, "decline")
    assert state.current_player == 1
    play(state, "nod")  # the second nod reaches the limit: the window closes
    assert state.round == 1
    assert state.finished_rounds[-1].ended_by == "ender"
    assert state.history[-3:] == [Nod(), DECLINE, Nod()]
    assert state.seats[-3:] == [2, 0, 1]


def test_a_window_at_a_point_the_game_does_not_publish_is_refused() -> None:
    with pytest.raises(WindowError, match="before-buy"):
        new(3, variants=["nods"], catalogue=catalogue_with(toy("before-buy")))


def test_a_variant_may_not_take_the_windows_name() -> None:
    spec = toy("round-end")
    named = cardrules.VariantSpec("window", spec.game, spec.summary, windows=spec.windows)
    with pytest.raises(VariantConflictError):
        new(3, variants=["window"], catalogue=catalogue_with(named))


def test_an_act_also_listed_in_moves_is_refused_with_the_fix() -> None:
    spec = toy("round-end")
    doubled = cardrules.VariantSpec(
        "nods", spec.game, spec.summary, windows=spec.windows, moves=(NOD,)
    )
    with pytest.raises(VariantConflictError, match="leave it out of moves="):
        new(3, variants=["nods"], catalogue=catalogue_with(doubled))


@pytest.mark.parametrize(
    ("seats", "limit"), [((), 1), ((1, 1), 1), ((1,), 0)], ids=["none", "twice", "no-limit"]
)
def test_an_offer_must_ask_distinct_seats_and_allow_one_act(
    seats: tuple[int, ...], limit: int
) -> None:
    with pytest.raises(WindowError):
        Offer(seats, "why", limit)


def test_without_windows_the_game_keeps_no_window_state() -> None:
    state = new(3, variants=["knock"])
    assert "window" not in rs(state).variant_states
    assert state.game.windows[state.game.own_windows :] == ()  # (the game's own: G15 flips)
    assert rs(state).rules.open_window is None


def test_the_window_state_reads_its_asked_seat() -> None:
    window = WindowState("after-discard", 0, "snap", "snap", 0, (1, 2), 1, 1, "why", (("snap", 1),))
    assert (window.seat, window.acted) == (2, (1,))
    assert WindowState().seat is None


def test_random_play_with_both_toy_and_snap_windows_stays_legal() -> None:
    """Two windows at once (round-end nods and snaps): random seeded play finishes."""
    state = new(3, seed=4, variants=["nods", "snap"], catalogue=catalogue_with(toy("round-end")))
    rng = random.Random(4)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    assert len(state.round_scores) == state.game.rounds
