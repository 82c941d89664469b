"""OpenSpiel's own tools on the adapter: game strings, pickling, MCTS, MCCFR, state enumeration."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.python.algorithms import get_all_states, mcts, outcome_sampling_mccfr

from cardrules import IllegalMoveError, OptionsError
from cardrules.adapters.openspiel import GAMES
from cardrules.adapters.openspiel.parameters import (
    decode_options,
    decode_variants,
    encode_options,
    encode_variants,
)
from cardrules.testing.conformance import snapshot

NAMES = {game: short for game, (short, _) in GAMES.items()}
# Two variants and several options of each game (the variants set options of their own).
CONFIGURED = {
    "gnoming-a-round": {
        "variants": "no-bounce+same-starter",
        "options": '{"hazard_points": 20, "ender_bonus": 7, "start_pile_hazard": "shuffle-back"}',
    },
    "toonerville-rook": {
        "variants": "lay-off-next-turn+more-naturals",
        "options": "tie:shared;buy_limit:2;stock_rebuilds:null",
    },
}


def load(game: str, **params: Any) -> Any:
    return pyspiel.load_game(NAMES[game], {"rounds": 1, "rng_seed": 2024, **params})


def play_randomly(state: Any, rng: random.Random, limit: int) -> None:
    for _ in range(limit):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])


# -- game strings ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_load_game_of_str_game_is_the_same_game(game: str) -> None:
    """Two variants and several options survive ``str(game)`` and ``load_game`` of it."""
    loaded = load(game, **CONFIGURED[game])
    text = str(loaded)
    again = pyspiel.load_game(text)
    assert str(again) == text
    assert again.get_parameters() == loaded.get_parameters()
    ours, theirs = loaded.cardrules_game, again.cardrules_game
    assert len(ours.variants) == 2
    assert [v.name for v in theirs.variants] == [v.name for v in ours.variants]
    assert theirs.options == ours.options
    # The same rng_seed deals the same matches.
    assert snapshot(again.new_initial_state().cardrules_state) == snapshot(
        load(game, **CONFIGURED[game]).new_initial_state().cardrules_state
    )


_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
_NAMES = st.lists(
    st.from_regex(r"[A-Za-z][A-Za-z0-9 ,()=;:+%_-]{0,10}[A-Za-z0-9]", fullmatch=True),
    max_size=4,
)
_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-(10**6), 10**6), _TEXT)


@given(
    names=_NAMES,
    options=st.dictionaries(
        st.from_regex(r"[a-z]([a-z_,:;=()%+ ]{0,8}[a-z])?", fullmatch=True), _VALUES
    ),
)
@settings(max_examples=60)
def test_encodings_survive_openspiels_parser(names: list[str], options: dict[str, Any]) -> None:
    """Any variant names and option values come back through a parsed game string."""
    text = f"some_game(options={encode_options(options)},variants={encode_variants(names)})"
    parsed = pyspiel.game_parameters_from_string(text)
    assert set(parsed) == {"name", "options", "variants"}
    assert decode_variants(str(parsed["variants"])) == [name.strip() for name in names]
    assert decode_options(str(parsed["options"])) == options


def test_malformed_parameters_are_named() -> None:
    with pytest.raises(OptionsError, match="is not NAME:VALUE"):
        load("gnoming-a-round", options="hazard_points")
    with pytest.raises(OptionsError, match="given twice"):
        load("gnoming-a-round", options="bouncing:true;bouncing:false")
    with pytest.raises(OptionsError, match="empty name"):
        load("gnoming-a-round", variants="no-bounce++same-starter")
    with pytest.raises(OptionsError, match="rewards"):
        load("gnoming-a-round", rewards="sometimes")
    with pytest.raises(OptionsError, match="unknown option"):
        load("gnoming-a-round", options="hazard:3")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        # A JSON object with two keys cannot be written in a game string: its comma splits it.
        pyspiel.load_game(f'{NAMES["gnoming-a-round"]}(options={{"a": 1, "b": 2}})')
    assert load("gnoming-a-round", options="rounds:1").cardrules_game.rounds == 1


# -- pickling ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_pickle_round_trips_in_the_middle_of_matches(game: str) -> None:
    """Games and states pickle mid-match; the copies play on exactly as the originals."""
    loaded = load(game, rounds=2, **CONFIGURED[game])
    rng = random.Random(6)
    state = loaded.new_initial_state()
    for steps in (0, 7, 40):
        play_randomly(state, rng, steps)
        copy = pickle.loads(pickle.dumps(state))
        assert str(copy.get_game()) == str(loaded)
        assert copy.history() == state.history()
        assert snapshot(copy.cardrules_state) == snapshot(state.cardrules_state)
        for seat in range(3):
            assert copy.information_state_string(seat) == state.information_state_string(seat)
        assert copy.returns() == state.returns()
        assert copy.rewards() == state.rewards()
        follow = random.Random(steps)
        for _ in range(30):  # into the next round too: the same shuffles follow
            if state.is_terminal():
                break
            action = follow.choice(state.legal_actions())
            for each in (state, copy):
                each.apply_action(action)
        assert snapshot(copy.cardrules_state) == snapshot(state.cardrules_state)
    # The game pickles with its generator: the copy deals the matches the original deals next.
    copy_game = pickle.loads(pickle.dumps(loaded))
    assert copy_game.new_initial_state().cardrules_state.seed == (
        loaded.new_initial_state().cardrules_state.seed
    )


@pytest.mark.parametrize("game", GAMES)
def test_resampled_states_and_serialized_text(game: str) -> None:
    loaded = load(game)
    state = loaded.new_initial_state()
    play_randomly(state, random.Random(2), 20)
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(4, 0.0, 1.0))
    copy = pickle.loads(pickle.dumps(sample))
    assert snapshot(copy.cardrules_state) == snapshot(sample.cardrules_state)
    assert copy.information_state_string(player) == state.information_state_string(player)
    assert str(copy) == str(sample)
    with pytest.raises(ValueError, match="pickle it instead"):
        sample.serialize()
    text = state.serialize()
    replayed = loaded.deserialize_state(text)
    assert snapshot(replayed.cardrules_state) == snapshot(state.cardrules_state)
    assert replayed.history() == state.history()
    with pytest.raises(OptionsError, match="seed"):
        loaded.deserialize_state('{"seed": "x", "actions": []}')
    with pytest.raises(OptionsError, match="JSON"):
        loaded.deserialize_state("history=1:2")
    bad = text.replace(
        '"actions": [', '"actions": [545, ' if game == "gnoming-a-round" else '"actions": [0, '
    )
    with pytest.raises(IllegalMoveError):
        loaded.deserialize_state(bad)


# -- rewards and OpenSpiel's algorithms ------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_terminal_rewards(game: str) -> None:
    """``rewards=terminal``: reward model TERMINAL, returns paid only at the end."""
    capped = load(game, rewards="terminal", max_decisions=80)  # a capped match pays at its cap
    pyspiel.random_sim_test(capped, num_sims=1, serialize=False, verbose=False)
    loaded = load(
        game, rewards="terminal", max_decisions=100_000 if game == "gnoming-a-round" else 300
    )
    assert loaded.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert load(game).get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    state = loaded.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0, 0.0]
        assert state.rewards() == [0.0, 0.0, 0.0]
        play_randomly(state, rng, 1)
    expected = [-float(s) for s in state.cardrules_state.scores]
    assert state.returns() == state.rewards() == expected


@pytest.mark.parametrize("game", GAMES)
def test_mcts_bot_needs_and_plays_terminal_rewards(game: str) -> None:
    """``mcts.MCTSBot`` refuses ``rewards=round`` and plays with ``rewards=terminal``."""
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    with pytest.raises(ValueError, match="terminal rewards"):
        mcts.MCTSBot(load(game), 2.0, 4, evaluator)
    loaded = load(game, rewards="terminal", max_decisions=80)
    bot = mcts.MCTSBot(loaded, 2.0, 4, evaluator, random_state=np.random.RandomState(2))
    state = loaded.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 3


@pytest.mark.parametrize("game", GAMES)
def test_outcome_sampling_mccfr_runs(game: str) -> None:
    loaded = load(game, rewards="terminal", max_decisions=40)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(loaded)
    for _ in range(2):
        solver.iteration()
    policy = solver.average_policy()
    state = loaded.new_initial_state()
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("game", GAMES)
def test_get_all_states_enumerates_the_first_decisions(game: str) -> None:
    loaded = load(game)
    states = get_all_states.get_all_states(
        loaded, depth_limit=1, include_terminals=True, include_chance_states=False
    )
    first = loaded.new_initial_state()
    assert len(states) == 1 + len(first.legal_actions())


@pytest.mark.parametrize("game", GAMES)
def test_rl_environment_plays_a_match(game: str) -> None:
    """OpenSpiel's RL environment (its agents' interface) runs on the observation tensor."""
    from open_spiel.python import rl_environment

    loaded = load(game, max_decisions=60)
    env = rl_environment.Environment(
        loaded, observation_type=rl_environment.ObservationType.OBSERVATION
    )
    rng = random.Random(3)
    step = env.reset()
    assert len(step.observations["info_state"][0]) == loaded.observation_tensor_size()
    totals = np.zeros(3)
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
        totals += np.asarray(step.rewards)
    assert totals.tolist() == env.get_state.returns()
