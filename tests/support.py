"""Helpers shared by tests: exact snapshots of a state, and random playouts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import Catalogue, GameState, IllegalMoveError, Move, VariantSpec, hookimpl
from cardrules.testing.conformance import snapshot as conformance_snapshot
from cardrules_gnoming.flips import deciding_seats
from cardrules_gnoming.state import GnomingRound


def gnoming_round_snapshot(rs: GnomingRound) -> tuple[Any, ...]:
    """Every field of a Gnoming round, as comparable plain values."""
    return (
        tuple((tuple(map(str, layout.cards)), tuple(layout.face_up)) for layout in rs.layouts),
        tuple(map(str, rs.stock)),
        tuple(tuple(map(str, pile)) for pile in rs.discards),
        tuple(map(str, rs.out_of_play)),
        rs.phase,
        rs.turn_seat,
        rs.current_player,
        str(rs.held),
        rs.drawn_from,
        rs.filled,
        rs.kept_hazard,
        rs.mulligans_at_turn_start,
        deciding_seats(rs),
        rs.variant_states,
        rs.ender,
        rs.final_turns_left,
        rs.rebuilds,
        rs.ended_by,
        rs.round,
        rs.starter,
    )


def snapshot(state: GameState) -> tuple[Any, ...]:
    """The whole match state as comparable plain values."""
    return (
        gnoming_round_snapshot(state.round_state),
        tuple(gnoming_round_snapshot(r) for r in state.finished_rounds),
        tuple(state.round_scores),
        tuple(map(str, state.history)),
        state.chance.seed,
        state.chance.events,
    )


def random_moves(state: GameState, rng: random.Random, limit: int) -> int:
    """Apply up to ``limit`` uniformly random legal moves; return how many were applied."""
    applied = 0
    while not state.is_over and applied < limit:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        applied += 1
    return applied


def play(state: GameState, *moves: str) -> None:
    """Apply moves in notation, one after the other, through the engine."""
    for move in moves:
        state.apply(move)


def legal(state: GameState) -> set[str]:
    """The legal moves now, in notation."""
    return {str(move) for move in state.legal_moves()}


def refused(state: GameState, move: str | Move) -> IllegalMoveError:
    """Apply ``move``, expect an IllegalMoveError, and check nothing changed at all.

    "Nothing" is every byte of the match (the testing kit's snapshot) and every
    seat's observation.
    """
    before = (conformance_snapshot(state), [state.observation(s) for s in range(state.players)])
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    after = (conformance_snapshot(state), [state.observation(s) for s in range(state.players)])
    assert after == before
    return info.value


def catalogue_with(*specs: VariantSpec) -> Catalogue:
    """The installed games, with ``specs`` registered by one plugin given in code."""

    class Registers:
        @hookimpl
        def cardrules_register_variants(self, register: Any) -> None:
            for spec in specs:
                register(spec)

    return Catalogue([("registers", Registers())])
