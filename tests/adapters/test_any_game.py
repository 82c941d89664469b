"""Every adapter takes any installed game, not only the bundled two.

``high-tricks`` (tests/high_tricks.py) is installed as an outside plugin would
be: no ``rounds`` option, the highest total wins, the match ends at a target
score, and no adapter names it. Each framework's own checker runs on it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardrules import new_game
from tests import high_tricks

pytest.importorskip("numpy")


@pytest.fixture(autouse=True)
def _installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    high_tricks.install(monkeypatch)
    yield
    high_tricks.uninstall()


def test_pettingzoo_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from cardrules.adapters.pettingzoo import env

    api_test(env(high_tricks.NAME, players=3, options={"target": 30}), num_cycles=200)


def test_openspiel_registers_it_and_random_sim_test_passes() -> None:
    pyspiel = pytest.importorskip("pyspiel")

    from cardrules.adapters.openspiel import GAMES, register

    register(high_tricks.NAME)
    short, long_name = GAMES[high_tricks.NAME]
    assert short == "python_cardrules_high_tricks"
    assert long_name == "High Tricks (cardrules)"
    game = pyspiel.load_game(short, {"players": 3, "rng_seed": 5})
    assert "rounds" not in game.get_parameters()
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert game.min_utility() == 0.0
    assert game.max_utility() == float(12 * sum(high_tricks.CARDS))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    engine = state.cardrules_state
    assert state.returns() == list(engine.utilities)
    assert max(state.returns()) >= 40  # the target ended it, highest first


def test_openspiel_observers_without_public_views() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    from cardrules.adapters.openspiel import register

    register(high_tricks.NAME)
    game = pyspiel.load_game("python_cardrules_high_tricks", {"players": 3})
    state = game.new_initial_state()
    seat = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    seat.set_from(state, 0)
    assert seat.tensor.sum() == 3  # its three cards
    public = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    assert game.make_py_observer(public) is None  # the game declares no public view


def test_gymnasium_registers_it_and_check_env_passes() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from cardrules.adapters.gymnasium import register_game

    env_id = register_game(high_tricks.NAME)
    assert env_id == "cardrules/HighTricks-v0"
    env = gymnasium.make(env_id, players=3)
    check_env(env.unwrapped, skip_render_check=True)


def test_a_game_without_a_rounds_option_plays_through_new_game() -> None:
    state = new_game(high_tricks.NAME, players=2, seed=3, options={"target": 25})
    assert state.game.match_rules.target == 25
    assert not hasattr(state.game.options, "rounds")
