"""The OpenSpiel adapter: pyspiel's random simulation test, the model, resampling, ISMCTS."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from cardrules import IllegalMoveError, OptionsError, new_game
from cardrules.adapters.openspiel import _CLASSES, GAMES
from cardrules.testing.conformance import snapshot

NAMES = {game: short for game, (short, _) in GAMES.items()}


def load(game: str, **params: Any) -> Any:
    """The game with one round and a fixed ``rng_seed`` (so tests repeat), unless overridden."""
    return pyspiel.load_game(NAMES[game], {"rounds": 1, "rng_seed": 2024, **params})


def play_randomly(state: Any, rng: random.Random, limit: int) -> None:
    """Up to ``limit`` uniformly random decisions."""
    for _ in range(limit):
        if state.is_terminal():
            return
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])


@pytest.mark.parametrize(
    ("game", "params", "sims"),
    [
        ("gnoming-a-round", {"rounds": 1, "rng_seed": 1}, 2),
        ("gnoming-a-round", {"rounds": 2, "players": 4}, 1),
        ("toonerville-rook", {"rounds": 1, "rng_seed": 2}, 1),
    ],
)
def test_random_sim_test(game: str, params: dict[str, Any], sims: int) -> None:
    """OpenSpiel's own checks: clones, masks, sorted legal actions, rewards add up to returns."""
    pyspiel.random_sim_test(
        pyspiel.load_game(NAMES[game], params), num_sims=sims, serialize=False, verbose=False
    )


@pytest.mark.parametrize("game", GAMES)
def test_game_description(game: str) -> None:
    loaded = load(game, players=4)
    engine = new_game(game, players=4, seed=0, options={"rounds": 1})
    kind = loaded.get_type()
    assert kind.short_name == NAMES[game]
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert "rng_seed" in kind.parameter_specification
    assert "deals" not in kind.parameter_specification
    assert loaded.num_players() == 4
    assert loaded.num_distinct_actions() == engine.action_space.size
    assert loaded.observation_tensor_shape() == [engine.game.tensor_layout.size]
    assert loaded.observation_tensor_size() == engine.game.tensor_layout.size
    assert loaded.max_chance_outcomes() == 0
    assert loaded.max_chance_nodes_in_history() == 0
    assert loaded.min_utility() < loaded.max_utility()
    if game == "toonerville-rook":
        assert loaded.max_utility() == 0.0  # no round scores below 0


@pytest.mark.parametrize("game", GAMES)
def test_a_match_is_the_engines_match_with_its_seed(game: str) -> None:
    """A new state is dealt (no chance node) and plays as `new_game` with its 63-bit seed."""
    loaded = load(game)
    state = loaded.new_initial_state()
    assert not state.is_chance_node()
    assert state.chance_outcomes() == []
    seed = state.cardrules_state.seed
    assert seed == random.Random(2024).getrandbits(63)  # the first draw of rng_seed 2024
    engine = new_game(game, players=3, seed=seed, options={"rounds": 1})
    rng = random.Random(4)
    for _ in range(60):
        assert state.legal_actions() == engine.legal_actions()
        assert state.current_player() == engine.current_player
        seat = engine.current_player
        assert seat is not None
        assert np.array_equal(
            np.asarray(state.observation_tensor(seat), np.float32),
            engine.game.observation_tensor(engine.observation(seat)),
        )
        action = rng.choice(engine.legal_actions())
        assert state.action_to_string(seat, action) == str(engine.move_of(action))
        state.apply_action(action)
        engine.apply_action(action)
    assert snapshot(state.cardrules_state) == snapshot(engine)
    assert len(state.history()) == 60  # the moves only: chance leaves no trace


@pytest.mark.parametrize("game", GAMES)
def test_no_small_set_of_deals(game: str) -> None:
    """No deal space to enumerate: every match gets its own 63-bit seed, and the deals differ.

    (The old adapter drew one of 65,536 seeds at a chance node: brute-forcing
    them from one seat's observation revealed every hidden card.)
    """
    loaded = load(game)
    assert loaded.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert loaded.max_chance_outcomes() == 0
    states = [loaded.new_initial_state() for _ in range(12)]
    seeds = [state.cardrules_state.seed for state in states]
    assert len(set(seeds)) == len(seeds)
    assert all(1 << 40 <= seed < 1 << 63 for seed in seeds)  # not small (fixed rng_seed)
    assert len({snapshot(state.cardrules_state) for state in states}) == len(states)  # deals
    # Two games left to fresh randomness (the default) deal differently.
    fresh = [pyspiel.load_game(NAMES[game], {"rounds": 1}) for _ in range(2)]
    assert len({g.new_initial_state().cardrules_state.seed for g in fresh}) == 2


def play_matches(loaded: Any, busy: bool) -> list[tuple[int, Any]]:
    """Three matches of 25 random decisions: (seed, snapshot) of each.

    ``busy`` clones states (before and after the first use), asks the tensor
    shape and resamples on the way; none of that may change which matches are dealt.
    """
    rng = random.Random(9)
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    results = []
    for _ in range(3):
        state = loaded.new_initial_state()
        if busy:
            state.clone()
            loaded.observation_tensor_shape()
        play_randomly(state, rng, 10)
        if busy:
            state.clone().apply_action(state.legal_actions()[0])
            state.resample_from_infostate(state.current_player(), sampler)
        play_randomly(state, rng, 15)
        results.append((state.cardrules_state.seed, snapshot(state.cardrules_state)))
    return results


@pytest.mark.parametrize("game", GAMES)
def test_the_same_rng_seed_deals_the_same_matches(game: str) -> None:
    first = play_matches(load(game, rng_seed=11), busy=False)
    assert play_matches(load(game, rng_seed=11), busy=True) == first
    assert len({seed for seed, _ in first}) == 3
    other = play_matches(load(game, rng_seed=12), busy=False)
    assert {seed for seed, _ in other}.isdisjoint(seed for seed, _ in first)


@pytest.mark.parametrize("game", GAMES)
def test_clones_share_the_future(game: str) -> None:
    """A clone, made before or after the deal, plays on exactly as its original (next deals too)."""
    loaded = load(game, rounds=2)
    state = loaded.new_initial_state()
    early = state.clone()  # before the deal is drawn
    rng = random.Random(3)
    play_randomly(state, rng, 20)
    late = state.clone()
    for copy in (early, late):
        assert copy.cardrules_state.seed == state.cardrules_state.seed
    for action in state.history()[:20]:
        early.apply_action(action)
    while state.cardrules_state.round == 0:  # into the second round: a new shuffle
        action = rng.choice(state.legal_actions())
        for each in (state, early, late):
            each.apply_action(action)
    for _ in range(5):
        action = rng.choice(state.legal_actions())
        for each in (state, early, late):
            each.apply_action(action)
    assert snapshot(early.cardrules_state) == snapshot(state.cardrules_state)
    assert snapshot(late.cardrules_state) == snapshot(state.cardrules_state)
    assert str(early) == str(late) == str(state)


def test_rewards_add_up_to_returns_over_rounds() -> None:
    """Three rounds: rewards come when rounds end and sum to minus the total scores."""
    state = load("gnoming-a-round", rounds=3).new_initial_state()
    rng = random.Random(2)
    totals = np.zeros(3)
    rewarded = 0
    while not state.is_terminal():
        play_randomly(state, rng, 1)
        rewards = np.asarray(state.rewards())
        rewarded += bool(rewards.any())
        totals += rewards
        assert np.allclose(totals, state.returns())
    scores = state.cardrules_state.scores
    assert state.returns() == [-float(s) for s in scores]
    assert rewarded == 3  # one reward per round (a round scoring all 0 is most unlikely)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_max_decisions_caps_the_match() -> None:
    state = load("gnoming-a-round", max_decisions=30).new_initial_state()
    play_randomly(state, random.Random(0), 100)
    assert state.is_terminal()
    assert state.move_number() == 30
    assert state.returns() == [0.0, 0.0, 0.0]  # the round in play is not scored
    assert not state.cardrules_state.is_over


def test_parameters() -> None:
    game = pyspiel.load_game(
        NAMES["gnoming-a-round"],
        {"variants": "no-bounce", "options": '{"hazard_points": 20}', "rounds": 2},
    )
    engine_game = game.new_initial_state().get_game().cardrules_game
    assert [v.name for v in engine_game.variants] == ["no-bounce"]
    assert engine_game.options.hazard_points == 20
    assert engine_game.rounds == 2
    with pytest.raises(ValueError, match="JSON object"):
        pyspiel.load_game(NAMES["gnoming-a-round"], {"options": "[1]"})
    with pytest.raises(OptionsError):
        pyspiel.load_game(NAMES["gnoming-a-round"], {"players": 8})
    with pytest.raises(ValueError, match="rng_seed"):
        pyspiel.load_game(NAMES["gnoming-a-round"], {"rng_seed": -2})


def test_the_deals_parameter_is_gone() -> None:
    """``deals`` (the old chance node's size) is refused, by pyspiel and by the class itself."""
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'deals'"):
        pyspiel.load_game(NAMES["gnoming-a-round"], {"deals": 65536})
    with pytest.raises(ValueError, match="deals parameter was removed"):
        _CLASSES["toonerville-rook"]({"deals": 65536})
    with pytest.raises(ValueError, match="unknown parameters"):
        _CLASSES["toonerville-rook"]({"seed": 1})


def test_bad_options_are_refused_with_options_errors() -> None:
    """Malformed JSON, a non-object, and rounds given twice differently are each named."""
    rook = _CLASSES["toonerville-rook"]
    with pytest.raises(OptionsError, match="JSON object"):
        rook({"options": "{bouncing: false"})
    with pytest.raises(OptionsError, match="JSON object"):
        rook({"options": "[1]"})
    with pytest.raises(OptionsError, match="rounds is given twice"):
        rook({"rounds": 1, "options": '{"rounds": 2}'})
    assert rook({"rounds": 1, "options": '{"rounds": 1}'}).cardrules_game.rounds == 1


def test_illegal_action_raises() -> None:
    state = load("gnoming-a-round").new_initial_state()
    with pytest.raises(IllegalMoveError):
        state.apply_action(545)
    assert state.history() == []
    assert len(state.legal_actions()) == 36  # unchanged


@pytest.mark.parametrize("game", GAMES)
def test_observers(game: str) -> None:
    loaded = load(game)
    state = loaded.new_initial_state()
    observation = make_observation(loaded)
    observation.set_from(state, 0)
    assert np.array_equal(observation.tensor, state.observation_tensor(0))  # before any move
    assert observation.tensor.any()  # the seat sees its cards
    play_randomly(state, random.Random(1), 10)
    layout = state.cardrules_state.game.tensor_layout
    assert list(observation.dict) == [plane.name for plane in layout.planes]
    observation.set_from(state, 1)
    assert np.array_equal(observation.tensor, state.observation_tensor(1))
    info = state.information_state_string(1)
    assert info.startswith(state.observation_string(1))  # then the round's moves
    moves = " ".join(f"{step.player}:{step.action}" for step in state.full_history())
    assert info.endswith(f"moves: {moves} ")
    with pytest.raises(ValueError, match="parameters"):
        make_observation(loaded, None, {"hands": "all"})


@pytest.mark.parametrize("game", GAMES)
def test_resample_keeps_the_information_state(game: str) -> None:
    state = load(game).new_initial_state()
    rng = random.Random(5)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    for _ in range(4):
        play_randomly(state, rng, 15)
        player = state.current_player()
        infostate = state.information_state_string(player)
        samples = [state.resample_from_infostate(player, sampler) for _ in range(3)]
        for sample in samples:
            assert sample.current_player() == player
            assert sample.information_state_string(player) == infostate
            assert sample.legal_actions() == state.legal_actions()
            assert sample.returns() == state.returns()
        assert len({snapshot(sample.cardrules_state) for sample in samples}) > 1  # unseen cards
        # Each sample has its own 63-bit seed for the future shuffles, as a real match would.
        assert len({sample.cardrules_state.seed for sample in samples}) == 3
        play_randomly(samples[0], rng, 5)  # a sample plays on
    assert state.resample_from_infostate(0, sampler).information_state_string(0) == (
        state.information_state_string(0)
    )


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_plays(game: str) -> None:
    """OpenSpiel's information-set MCTS searches our games (a few moves, few simulations)."""
    loaded = load(game)
    generator = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        loaded,
        mcts.RandomRolloutEvaluator(1, generator),
        uct_c=2.0,
        max_simulations=4,
        random_state=generator,
    )
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = loaded.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 4
