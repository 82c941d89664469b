"""Hypothesis strategies for cardrules games."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from cardrules.engine.game_state import GameState, new_game
from cardrules.errors import CardRulesError
from cardrules.plugins.registry import Catalogue, default_catalogue

__all__ = ["options", "player_counts", "playouts", "seeds"]


def seeds() -> st.SearchStrategy[int]:
    """Seeds for `cardrules.new_game`: any integer from 0 to 2**63 - 1."""
    return st.integers(min_value=0, max_value=2**63 - 1)


def player_counts(game: str, catalogue: Catalogue | None = None) -> st.SearchStrategy[int]:
    """Player counts the game allows."""
    spec = (catalogue or default_catalogue()).game(game)
    return st.integers(min_value=spec.min_players, max_value=spec.max_players)


def _field_values(field: attrs.Attribute[Any]) -> st.SearchStrategy[Any]:
    default = field.default
    choices = getattr(field.validator, "options", None)
    if choices is not None:
        return st.sampled_from(sorted(choices, key=repr))
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, int):
        return st.integers(min_value=0, max_value=max(3, 2 * default + 1))
    if default is None or "None" in str(field.type):
        return st.none() | st.integers(min_value=0, max_value=3)
    return st.just(default)


def options(
    game: str, players: int, catalogue: Catalogue | None = None
) -> st.SearchStrategy[dict[str, Any]]:
    """Option mappings the game accepts for ``players`` seats.

    Each option keeps its default or takes a value drawn from its type (or
    from the values its validator allows); combinations the game refuses are
    filtered out.
    """
    catalogue = catalogue or default_catalogue()
    spec = catalogue.game(game)
    fields = attrs.fields(spec.options_type)

    def accepted(values: dict[str, Any]) -> bool:
        try:
            new_game(game, players=players, seed=0, options=values, catalogue=catalogue)
        except CardRulesError:
            return False
        return True

    return st.fixed_dictionaries({}, optional={f.name: _field_values(f) for f in fields}).filter(
        accepted
    )


def playouts(
    game: str,
    *,
    players: int | None = None,
    variants: Sequence[str] = (),
    max_moves: int = 300,
    catalogue: Catalogue | None = None,
) -> st.SearchStrategy[GameState]:
    """Game states reached by a random number of random legal moves from a random deal."""
    catalogue = catalogue or default_catalogue()
    counts = st.just(players) if players is not None else player_counts(game, catalogue)

    @st.composite
    def build(draw: st.DrawFn) -> GameState:
        n = draw(counts, label="players")
        state = new_game(
            game,
            players=n,
            seed=draw(seeds(), label="seed"),
            variants=variants,
            catalogue=catalogue,
        )
        rng = random.Random(draw(st.integers(0, 2**32), label="move choices"))
        for _ in range(draw(st.integers(0, max_moves), label="moves")):
            if state.is_over:
                break
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        return state

    return build()
