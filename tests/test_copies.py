"""Copying and pickling a match: ``copy.copy``/``copy.deepcopy`` clone it, ``pickle`` keeps it.

A game never changes, so copies share it; a game pickles as what made it and
is made anew from the installed plugins when loaded (`cardrules.engine.game_copies`).
"""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from collections.abc import Callable

import numpy as np
import pytest

import cardrules
from cardrules import GameState, VariantSpec

CONFIGS = [
    ("gnoming-a-round", 3, (), None),
    ("gnoming-a-round", 4, ("knock", "diagonals"), {"knock.min_face_up": 3, "bouncing": False}),
    ("toonerville-rook", 3, (), {"rounds": 3}),
    ("toonerville-rook", 4, ("knock", "three-buys"), {"rounds": 2, "knock.max_points": 50}),
]


def _played(name: str, players: int, variants: tuple[str, ...], options: object) -> GameState:
    """A match of that configuration 25 random moves in."""
    state = cardrules.new_game(name, players=players, seed=9, variants=variants, options=options)
    rng = random.Random(3)
    for _ in range(25):
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    return state


def _assert_plays_alike(one: GameState, other: GameState, moves: int = 60) -> None:
    """Both take the same moves alike: the same legal moves, tensors and scores at every step."""
    rng = random.Random(5)
    for _ in range(moves):
        assert one.legal_moves() == other.legal_moves()
        for seat in range(one.players):
            assert np.array_equal(one.observation_tensor(seat), other.observation_tensor(seat))
        if one.is_over:
            break
        legal = one.legal_moves()
        move = legal[rng.randrange(len(legal))]
        one.apply(move)
        other.apply(move)
    assert one.scores == other.scores


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy])
def test_a_copied_state_is_a_clone(copier: Callable[[GameState], GameState]) -> None:
    """copy.copy and copy.deepcopy of a state are independent of it and share its game."""
    state = _played("toonerville-rook", 4, (), {"rounds": 2})
    before = state.record()
    twin = copier(state)
    assert twin is not state
    assert twin.game is state.game
    assert twin.round_state is not state.round_state
    _assert_plays_alike(twin, state.clone())
    assert state.record() == before  # playing the copy left the original as it was


def test_a_state_deep_copied_twice_in_one_call_is_one_clone() -> None:
    """copy.deepcopy keeps sharing as it was: a state listed twice is copied once."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=4)
    first, second = copy.deepcopy([state, state])
    assert first is second
    assert first is not state


def test_a_game_copies_as_itself() -> None:
    """A game never changes: its copies are the game."""
    game = cardrules.new_game("gnoming-a-round", players=3, seed=1).game
    assert copy.copy(game) is game
    assert copy.deepcopy(game) is game


@pytest.mark.parametrize(("name", "players", "variants", "options"), CONFIGS)
def test_a_pickled_state_plays_on_as_the_original(
    name: str, players: int, variants: tuple[str, ...], options: object
) -> None:
    """A state pickled mid-match loads with a game made the same way, and plays alike."""
    state = _played(name, players, variants, options)
    loaded = pickle.loads(pickle.dumps(state))
    assert loaded.game is not state.game
    assert loaded.game.options == state.game.options
    assert loaded.game.variant_options == state.game.variant_options
    assert [v.name for v in loaded.game.variants] == list(variants)
    assert loaded.record() == state.record()
    _assert_plays_alike(loaded, state)


def test_strict_mode_is_pickled() -> None:
    """A game in strict mode loads in strict mode."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=2, strict=True)
    loaded = pickle.loads(pickle.dumps(state))
    assert loaded.game.strict == state.game.strict is not None


def test_a_pickled_state_loads_in_another_process() -> None:
    """What a pickle holds is made anew from the installed plugins, in a fresh interpreter."""
    state = _played("gnoming-a-round", 4, ("knock",), {"knock.min_face_up": 3})
    code = (
        "import pickle, sys\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "print([str(move) for move in state.legal_moves()], state.game.variant_options)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=pickle.dumps(state),
        capture_output=True,
        check=True,
        timeout=120,
    )
    expected = f"{[str(move) for move in state.legal_moves()]} {state.game.variant_options}"
    assert done.stdout.decode().strip() == expected


class _Registrar:
    @cardrules.hookimpl
    def cardrules_register_variants(self, register: Callable[[VariantSpec], None]) -> None:
        register(VariantSpec("by-hand", "gnoming-a-round", "registered by hand"))


def test_a_game_the_installed_plugins_cannot_make_again_is_refused() -> None:
    """A variant registered by hand is not found when loading: pickling says so at once."""
    catalogue = cardrules.Catalogue(plugins=[("test-by-hand", _Registrar())])
    state = cardrules.new_game(
        "gnoming-a-round", players=3, seed=1, variants=["by-hand"], catalogue=catalogue
    )
    with pytest.raises(pickle.PicklingError, match="record"):
        pickle.dumps(state)
    assert copy.deepcopy(state).game is state.game  # copying needs no plugins
