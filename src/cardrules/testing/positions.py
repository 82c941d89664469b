"""Seeded positions for `cardrules.testing.check_game`: states reached by random legal play."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardrules.engine.game_state import GameState, new_game
from cardrules.plugins.registry import Catalogue

__all__ = ["Position", "play_positions"]


@attrs.frozen
class Position:
    """A position in play, with the match as it was when its round began.

    Attributes:
        state: the match at this position (a clone: never changed by the checks).
        start: the match at the start of this position's round, before its
            first move (a clone), for checks that replay the round.
        where: ``"seed S, move M"``, for messages.
    """

    state: GameState
    start: GameState
    where: str


def play_positions(
    game: str,
    *,
    players: int,
    seeds: Sequence[int],
    moves: int,
    stride: int = 1,
    options: Any = None,
    variants: Iterable[str] = (),
    catalogue: Catalogue | None = None,
    strict: bool = False,
) -> list[Position]:
    """``moves`` positions in play per seed, one every ``stride`` random legal moves.

    Fewer if a match ends first. The moves are drawn with
    ``random.Random(seed)``: the same arguments give the same positions.
    """
    found: list[Position] = []
    for seed in seeds:
        state = new_game(
            game,
            players=players,
            seed=seed,
            options=options,
            variants=list(variants),
            catalogue=catalogue,
            strict=strict,
        )
        rng = random.Random(seed)
        start = state.clone()
        for played in range(moves * stride):
            if state.is_over:
                break
            if len(state.history) == state.round_start:
                start = state.clone()
            if played % stride == 0:
                found.append(Position(state.clone(), start, f"seed {seed}, move {played + 1}"))
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
    return found
