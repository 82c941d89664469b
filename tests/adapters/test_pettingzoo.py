"""The PettingZoo AEC adapter: PettingZoo's own API and seed tests, masks, rewards, errors."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from cardrules import IllegalMoveError, InvalidMoveError, InvalidSeatError, new_game
from cardrules.adapters.pettingzoo import CardRulesEnv, env, illegal_penalty, raw_env
from cardrules.testing.conformance import snapshot

# Short matches: one round each (Gnoming ~150 decisions, Rook ~500 with random play).
GAMES = {
    "gnoming-a-round": {"rounds": 1},
    "toonerville-rook": {"rounds": 1},
}
# PettingZoo's play test runs num_cycles x players steps: enough to finish a
# one-round Gnoming match; Rook's (longer, larger masks) ends in test_full_match.
API_CYCLES = {"gnoming-a-round": 120, "toonerville-rook": 40}


def random_action(aec: CardRulesEnv, rng: random.Random) -> int | None:
    """A uniformly random legal action of the agent to act, ``None`` for a finished one."""
    agent = aec.agent_selection
    if aec.terminations[agent] or aec.truncations[agent]:
        return None
    legal = aec.legal_actions(agent)
    return legal[rng.randrange(len(legal))]


# The masked-environment convention (a Dict observation) draws these two warnings.
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game: str) -> None:
    aec = env(game, players=3, options=GAMES[game])
    # api_test's first reset is seeded (its later ones follow from it); seeding the
    # spaces it samples actions from makes the whole run repeatable.
    for seat, agent in enumerate(aec.possible_agents):
        aec.action_space(agent).seed(seat)
    api_test(aec, num_cycles=API_CYCLES[game])


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game: str) -> None:
    seed_test(lambda: env(game, players=3, options=GAMES[game]), num_cycles=20)


@pytest.mark.parametrize("game", GAMES)
def test_full_match_masks_and_rewards(game: str) -> None:
    """A whole match: each mask is the legal moves, rewards add up to minus the scores."""
    aec = raw_env(game, players=3, options=GAMES[game], encoding="full")
    aec.reset(seed=11)
    state = aec.game_state
    assert state is not None
    space = state.action_space
    rng = random.Random(3)
    totals: dict[str, float] = dict.fromkeys(aec.possible_agents, 0.0)
    checked = 0
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, info = aec.last()
        totals[agent] += reward
        assert not truncation
        assert observation["observation"].dtype == np.float32
        assert observation["observation"].shape == (state.game.tensor_layout.size,)
        mask = observation["action_mask"]
        assert mask.dtype == np.int8
        assert mask.shape == (space.size,)
        assert set(info) == {"action_mask"}  # the mask in info too, the same read-only array
        assert info["action_mask"] is mask
        assert not mask.flags.writeable
        if termination:
            assert not mask.any()
        else:
            assert aec.agent_name_mapping[agent] == state.current_player
            legal = sorted(space.id_of(move) for move in state.legal_moves())
            assert np.flatnonzero(mask).tolist() == legal == aec.legal_actions(agent)
            if checked % 25 == 0:  # the others have no legal action
                for other in aec.agents:
                    if other != agent:
                        assert not aec.observe(other)["action_mask"].any()
                        assert not aec.infos[other]["action_mask"].any()
                        assert aec.legal_actions(other) == []
            checked += 1
        aec.step(random_action(aec, rng))
    assert state.is_over
    assert aec.agents == []
    assert totals == {f"seat_{s}": -float(score) for s, score in enumerate(state.scores)}


def test_rewards_come_when_rounds_end() -> None:
    """Two rounds: the step ending a round gives every agent minus its round score."""
    aec = raw_env("gnoming-a-round", players=3, options={"rounds": 2})
    aec.reset(seed=5)
    state = aec.game_state
    assert state is not None
    rng = random.Random(0)
    seen: list[dict[str, float]] = []
    while not state.is_over:
        rounds = len(state.round_scores)
        aec.step(random_action(aec, rng))
        if len(state.round_scores) > rounds:
            seen.append(dict(aec.rewards))
        else:
            assert set(aec.rewards.values()) == {0.0}
    expected = [{f"seat_{s}": -float(v) for s, v in enumerate(row)} for row in state.round_scores]
    assert seen == expected
    assert all(aec.terminations.values())


@pytest.mark.parametrize("game", GAMES)
def test_reset_seed_deals_the_engines_match(game: str) -> None:
    aec = raw_env(game, players=4, options=GAMES[game])
    aec.reset(seed=42)
    state = new_game(game, players=4, seed=42, options=GAMES[game])
    assert aec.game_state is not None
    assert snapshot(aec.game_state) == snapshot(state)
    expected = state.game.observation_tensor(state.observation(2))
    seen = aec.observe("seat_2")["observation"]  # (the compact encoding adds building planes)
    assert np.array_equal(seen[: expected.size], expected)


def test_unseeded_resets_follow_the_last_seed() -> None:
    aec = raw_env("gnoming-a-round", players=3)

    def deals() -> list[int]:
        seeds = []
        for _ in range(3):
            aec.reset()
            assert aec.game_state is not None
            seeds.append(aec.game_state.seed)
        return seeds

    aec.reset(seed=9)
    first = deals()
    aec.reset(seed=9)
    assert deals() == first
    assert len(set(first)) == 3
    with pytest.raises(TypeError):
        aec.reset(seed=1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (545, IllegalMoveError),
        (546, InvalidMoveError),
        (-1, InvalidMoveError),
        (1.0, InvalidMoveError),
    ],
)
def test_bad_actions_raise_and_change_nothing(action: Any, error: type[Exception]) -> None:
    aec = raw_env("gnoming-a-round", players=3)
    aec.reset(seed=1)
    assert aec.game_state is not None
    before = (snapshot(aec.game_state), aec.agent_selection, dict(aec._cumulative_rewards))
    with pytest.raises(error):
        aec.step(action)
    after = (snapshot(aec.game_state), aec.agent_selection, dict(aec._cumulative_rewards))
    assert after == before
    aec.step(np.int64(aec.legal_actions()[0]))  # numpy integers are accepted


def test_unknown_agents_and_calls_before_reset_are_refused_clearly() -> None:
    aec = raw_env("toonerville-rook", players=3, options={"rounds": 1})
    before_reset: list[Callable[[], object]] = [
        lambda: aec.step(0),
        lambda: aec.observe("seat_0"),
        aec.legal_actions,
        aec.last,
    ]
    for call in before_reset:
        with pytest.raises(RuntimeError, match=r"reset\(\)"):
            call()
    aec.reset(seed=3)
    unknown: list[Callable[[], object]] = [
        lambda: aec.observe("seat_9"),
        lambda: aec.legal_actions("bob"),
    ]
    for call in unknown:
        with pytest.raises(InvalidSeatError, match="seat_0, seat_1, seat_2"):
            call()
    assert aec.legal_actions(aec.agent_selection) == aec.legal_actions() != []


def test_max_decisions_truncates() -> None:
    aec = raw_env("gnoming-a-round", players=3, max_decisions=7)
    aec.reset(seed=2)
    rng = random.Random(1)
    for _ in range(7):
        assert not any(aec.truncations.values())
        aec.step(random_action(aec, rng))
    assert all(aec.truncations.values())
    assert not any(aec.terminations.values())
    observation, reward, termination, truncation, _ = aec.last()
    assert (reward, termination, truncation) == (0.0, False, True)
    assert not observation["action_mask"].any()
    assert aec.legal_actions() == []
    for agent in aec.agent_iter():
        aec.step(None)
        assert agent not in aec.agents
    assert aec.agents == []
    with pytest.raises(ValueError, match="max_decisions"):
        raw_env("gnoming-a-round", players=3, max_decisions=0)


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    ansi = raw_env("gnoming-a-round", players=3, render_mode="ansi")
    ansi.reset(seed=3)
    text = ansi.render()
    assert isinstance(text, str)
    assert text.startswith("seat_0 to act")
    assert "Round 1" in text
    human = env("gnoming-a-round", players=3, render_mode="human")
    human.reset(seed=3)
    human.step(human.unwrapped.legal_actions()[0])
    assert "seat_1 to act" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("gnoming-a-round", players=3, render_mode="video")


@pytest.mark.parametrize("game", GAMES)
def test_rgb_array_renders_the_seat_to_acts_drawing(game: str) -> None:
    """render_mode="rgb_array" (issue 41): the acting seat's drawing, a uint8 (H, W, 3) array."""
    pytest.importorskip("cairosvg")
    aec = env(game, players=3, options=GAMES[game], render_mode="rgb_array")
    aec.reset(seed=3)
    frame = aec.render()
    assert isinstance(frame, np.ndarray)
    assert frame.dtype == np.uint8
    assert frame.shape == (560, 800, 3)
    assert frame.min() < 128 < frame.max()  # something is drawn on the white frame
    aec.step(aec.unwrapped.legal_actions()[0])
    assert aec.render().shape == frame.shape  # every frame has the same shape


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_on_raw_env(game: str) -> None:
    """The bare environment passes PettingZoo's api_test too (it raises on illegal actions)."""
    aec = raw_env(game, players=3, options=GAMES[game])
    for seat, agent in enumerate(aec.possible_agents):
        aec.action_space(agent).seed(seat + 10)
    api_test(aec, num_cycles=API_CYCLES[game] // 2)


def an_illegal_action(aec: CardRulesEnv) -> int:
    legal = set(aec.legal_actions())
    return next(a for a in range(aec.game.action_space.size) if a not in legal)


@pytest.mark.parametrize("game", GAMES)
def test_env_ends_the_match_on_an_illegal_action(game: str) -> None:
    """The classic convention: the offender is penalised, every agent is done, nothing is played."""
    aec = env(game, players=3, options=GAMES[game])
    aec.reset(seed=4)
    rng = random.Random(4)
    for _ in range(5):
        aec.step(random_action(aec.unwrapped, rng))
    inner = aec.unwrapped
    state = inner.game_state
    before = snapshot(state)
    offender = aec.agent_selection
    aec.step(an_illegal_action(inner))
    assert snapshot(state) == before  # the illegal action was not played
    assert all(aec.terminations.values())
    penalty = illegal_penalty(inner.game)
    assert penalty < 0
    assert aec.rewards == {a: penalty if a == offender else 0.0 for a in aec.possible_agents}
    returns = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, termination, _, _ = aec.last()
        returns[agent] += reward
        assert termination
        assert not observation["action_mask"].any()
        aec.step(None)
    assert returns[offender] == penalty
    assert aec.agents == []
    assert penalty == illegal_penalty(inner.game, "round")  # a round's scale, not a match's
    custom = env(game, players=3, options=GAMES[game], illegal_reward=-3.5)
    custom.reset(seed=4)
    first = custom.agent_selection
    custom.step(an_illegal_action(custom.unwrapped))
    assert custom.rewards[first] == -3.5
    out_of_bounds = env(game, players=3, options=GAMES[game])
    out_of_bounds.reset(seed=1)
    with pytest.raises(AssertionError, match="action space"):
        out_of_bounds.step(inner.game.action_space.size)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render_test(game: str) -> None:
    render_test(
        lambda render_mode: env(game, players=3, options=GAMES[game], render_mode=render_mode)
    )


class CountingEnv(CardRulesEnv):
    """A `CardRulesEnv` that counts its observations."""

    observed = 0

    def observe(self, agent: str) -> Any:
        CountingEnv.observed += 1
        return super().observe(agent)


def test_env_handles_illegal_actions_without_observing_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 41: env() observed every step twice (TerminateIllegalWrapper observes in step()).

    A loop on ``last(observe=False)`` and ``legal_actions`` now observes nothing.
    """
    monkeypatch.setattr("cardrules.adapters.pettingzoo.CardRulesEnv", CountingEnv)
    aec = env("gnoming-a-round", players=3, options={"rounds": 1})
    assert isinstance(aec.unwrapped, CountingEnv)
    aec.reset(seed=6)
    CountingEnv.observed = 0
    rng = random.Random(6)
    steps = 0
    for _ in aec.agent_iter():
        info = aec.last(observe=False)[4]
        assert set(info) == {"action_mask"}
        aec.step(random_action(aec.unwrapped, rng))
        steps += 1
    assert steps > 100
    assert CountingEnv.observed == 0
    chain, layer = [], aec
    while hasattr(layer, "env"):
        chain.append(type(layer).__name__)
        layer = layer.env
    assert chain == ["_OrderEnforcing"]  # illegal and out-of-space actions: handled inside
    assert isinstance(aec, OrderEnforcingWrapper)


def test_the_mask_in_info_follows_the_agent_to_act() -> None:
    aec = raw_env("toonerville-rook", players=3, options={"rounds": 1})
    aec.reset(seed=2)
    rng = random.Random(2)
    for _ in range(40):
        acting = aec.agent_selection
        mask = aec.infos[acting]["action_mask"]
        assert np.flatnonzero(mask).tolist() == aec.legal_actions()
        assert all(
            not aec.infos[other]["action_mask"].any() for other in aec.agents if other != acting
        )
        aec.step(random_action(aec, rng))


@pytest.mark.parametrize("game", GAMES)
def test_state_is_every_seats_observation_for_a_critic(game: str) -> None:
    """state(): a global state (hidden cards included), each seat's tensor in seat order."""
    aec = env(game, players=4, options=GAMES[game])
    aec.reset(seed=8)
    rng = random.Random(8)
    for _ in range(9):
        aec.step(random_action(aec.unwrapped, rng))
    whole = aec.state()
    inner = aec.unwrapped
    assert inner.state_space.contains(whole)
    size = inner.game.tensor_layout.size
    assert whole.shape == (4 * size,)
    for seat in range(4):
        expected = inner.observe(f"seat_{seat}")["observation"][:size]  # (no building planes)
        assert np.array_equal(whole[seat * size : (seat + 1) * size], expected)


@pytest.mark.parametrize(
    ("game", "players", "round_scale", "match_scale"),
    [("gnoming-a-round", 3, -113.0, -339.0), ("toonerville-rook", 4, -1620.0, -17820.0)],
)
def test_the_default_illegal_penalty_is_a_rounds_worst_utility(
    game: str, players: int, round_scale: float, match_scale: float
) -> None:
    """Issue 41: the penalty was a whole match's worst utility, which dwarfed every return."""
    aec = env(game, players=players)
    assert aec.unwrapped.illegal_reward == illegal_penalty(aec.unwrapped.game) == round_scale
    assert illegal_penalty(aec.unwrapped.game, "match") == match_scale
    with pytest.raises(ValueError, match="scale"):
        illegal_penalty(aec.unwrapped.game, "episode")
    assert raw_env(game, players=players).illegal_reward is None  # raw_env raises instead


def test_env_keeps_the_classic_wrappers_checks() -> None:
    """env() checks what AssertOutOfBoundsWrapper and OrderEnforcingWrapper check."""
    aec = env("gnoming-a-round", players=3, options={"rounds": 1})
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        aec.step(0)
    with pytest.raises(AttributeError, match="before reset"):
        aec.last()
    with pytest.raises(AttributeError, match="before reset"):
        _ = aec.agent_selection
    with pytest.raises(AssertionError, match="before observe"):
        aec.observe("seat_0")
    aec.reset(seed=1)
    state = aec.unwrapped.game_state
    before = snapshot(state)
    for outside in (546, -1, 2.0, "3", None):
        with pytest.raises(AssertionError, match="action is not in action space"):
            aec.step(outside)
    assert snapshot(state) == before
    aec.step(np.int64(aec.unwrapped.legal_actions()[0]))  # numpy integers in the space pass
    assert len(state.history) == 1
