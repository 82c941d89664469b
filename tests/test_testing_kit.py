"""The testing kit catches broken games and variants, and its strategies are sound."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import cardrules
from cardrules import CardRulesError, Catalogue, GameState, VariantSpec, hookimpl
from cardrules.testing import options, playouts, run_conformance


class _LosesACard:
    """Rule hooks of a broken variant: every move drops a card from the draw pile."""

    @hookimpl(wrapper=True)
    def cardrules_apply_move(
        self, game: Any, state: Any, move: Any, chance: Any
    ) -> Generator[None, Any, Any]:
        result = yield
        if state.stock:
            state.stock.draw()
        return result


class _ListsJunk:
    """Rule hooks of a broken variant: lists a move of the wrong phase."""

    @hookimpl(wrapper=True)
    def cardrules_legal_moves(self, game: Any, state: Any) -> Generator[None, Any, Any]:
        moves = yield
        return [*moves, cardrules.new_game("gnoming-a-round", players=3, seed=0).legal_moves()[0]]


class _LeaksTheStock:
    """Rule hooks of a broken variant: observations reveal the top of the draw pile."""

    @hookimpl(wrapper=True)
    def cardrules_observation(
        self, game: Any, state: Any, seat: int, round_scores: Any, legal_moves: Any
    ) -> Generator[None, Any, Any]:
        observation = yield
        top = state.stock.top_or_none()
        return attrs.evolve(observation, out_of_play=(*observation.out_of_play, top))


class _Broken:
    @hookimpl
    def cardrules_register_variants(self, register: Any) -> None:
        register(VariantSpec("loses-a-card", "gnoming-a-round", plugin=_LosesACard()))
        register(VariantSpec("lists-junk", "gnoming-a-round", plugin=_ListsJunk()))
        register(VariantSpec("leaks-the-stock", "gnoming-a-round", plugin=_LeaksTheStock()))


CATALOGUE = Catalogue([("broken", _Broken())])


@pytest.mark.parametrize("variant", ["loses-a-card", "lists-junk", "leaks-the-stock"])
def test_conformance_fails_a_broken_variant(variant: str) -> None:
    """A variant that loses cards, lists a move that is not a real move, or lets an
    observation show a hidden card, is caught."""
    with pytest.raises((AssertionError, CardRulesError)):
        run_conformance(
            "gnoming-a-round",
            players=3,
            variants=[variant],
            catalogue=CATALOGUE,
            max_examples=5,
            steps=60,
            shrink=False,
        )


@given(values=options("gnoming-a-round", players=4))
@settings(max_examples=30)
def test_option_strategy_gives_options_the_game_accepts(values: dict[str, Any]) -> None:
    """Every generated option mapping creates a game with exactly those options."""
    state = cardrules.new_game("gnoming-a-round", players=4, seed=1, options=values)
    for name, value in values.items():
        assert getattr(state.game.options, name) == value


@given(state=playouts("toonerville-rook", max_moves=60))
@settings(max_examples=10)
def test_playouts_are_legal_positions(state: GameState) -> None:
    """A playout is a reachable state: its history replays from its seed."""
    replay = cardrules.new_game("toonerville-rook", players=state.players, seed=state.seed)
    for move in state.history:
        replay.apply(move)
    assert replay.record() == state.record()
