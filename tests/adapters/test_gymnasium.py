"""The Gymnasium environment: Gymnasium's own env checker, masks, rewards, bots, illegal actions."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from cardrules import InvalidMoveError, InvalidSeatError, OptionsError, RandomBot
from cardrules.adapters.bounds import illegal_penalty
from cardrules.adapters.gymnasium import CardRulesGymEnv
from cardrules.model.moves import Move
from cardrules.testing.conformance import snapshot

IDS = {
    "gnoming-a-round": "cardrules/GnomingARound-v0",
    "toonerville-rook": "cardrules/ToonervilleRook-v0",
}
# The observation Box runs from -inf to inf (scores are not clipped): check_env says so.
UNBOUNDED = "A Box observation space m"


@pytest.mark.parametrize("render_mode", [None, "rgb_array"])
@pytest.mark.parametrize("game", IDS)
def test_check_env(game: str, render_mode: str | None) -> None:
    """Gymnasium's env checker passes, its render check too; it remarks only on the Box."""
    if render_mode is not None:
        pytest.importorskip("cairosvg")
    env = gymnasium.make(IDS[game], options={"rounds": 1}, render_mode=render_mode).unwrapped
    assert isinstance(env, CardRulesGymEnv)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=False)
    remarks = {str(warning.message) for warning in caught}
    assert all(UNBOUNDED in remark for remark in remarks), remarks


def masked_random_episode(env: CardRulesGymEnv, seed: int) -> tuple[float, list[Any]]:
    """One episode of a masked random agent: (return, observations)."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    seen = [observation]
    total = 0.0
    while True:
        state = env.game_state
        assert state is not None
        assert state.current_player == env.seat
        mask = info["action_mask"]
        assert np.flatnonzero(mask).tolist() == state.legal_actions()
        assert np.array_equal(mask.astype(bool), env.action_masks())
        expected = state.game.observation_tensor(state.observation(env.seat))
        assert np.array_equal(observation, expected)
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append(observation)
        total += float(reward)
        if terminated or truncated:
            assert not info["action_mask"].any()
            return total, seen


@pytest.mark.parametrize("game", IDS)
def test_an_episode_against_bots(game: str) -> None:
    """Masks are the legal ids, rewards add up to minus the final score, seeded episodes repeat."""
    env = CardRulesGymEnv(
        game, players=3, seat=1, opponents="greedy", options={"rounds": 1}, encoding="full"
    )
    total, seen = masked_random_episode(env, seed=5)
    state = env.game_state
    assert state is not None
    assert state.is_over
    assert total == -float(state.scores[1])
    again, seen_again = masked_random_episode(env, seed=5)
    assert again == total
    assert all(np.array_equal(a, b) for a, b in zip(seen, seen_again, strict=True))


class FirstMoveBot:
    """A bot of one's own: always the first legal move."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, observation: Any) -> Move:
        self.calls += 1
        moves: tuple[Move, ...] = observation.legal_moves
        return moves[0]


def test_opponents_by_name_object_and_factory() -> None:
    mine = FirstMoveBot()
    env = CardRulesGymEnv(
        "gnoming-a-round",
        players=4,
        seat=2,
        opponents=["random", mine, RandomBot],
        options={"rounds": 1},
    )
    env.reset(seed=3)
    assert sorted(env.opponents) == [0, 1, 3]
    assert env.opponents[1] is mine
    assert isinstance(env.opponents[0], RandomBot)
    assert isinstance(env.opponents[3], RandomBot)  # the class is a factory
    assert mine.calls == 1  # seats 0 and 1 reveal before the agent, seat 2
    with pytest.raises(OptionsError, match="one opponent for each of the 2"):
        CardRulesGymEnv("gnoming-a-round", players=3, opponents=["random"])
    with pytest.raises(OptionsError, match="unknown bot 'genius'"):
        CardRulesGymEnv("gnoming-a-round", players=3, opponents="genius")
    with pytest.raises(InvalidSeatError):
        CardRulesGymEnv("gnoming-a-round", players=3, seat=3)


@pytest.mark.parametrize("game", IDS)
def test_an_illegal_action_ends_the_episode_with_the_penalty(game: str) -> None:
    env = CardRulesGymEnv(game, players=3, options={"rounds": 1})
    _, info = env.reset(seed=2)
    state = env.game_state
    assert state is not None
    before = snapshot(state)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (illegal_penalty(env.game), True, False)
    assert info["illegal_action"] is True
    assert snapshot(state) == before  # not played
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=2)
    with pytest.raises(InvalidMoveError):
        env.step(env.game.action_space.size)


def test_truncation_and_render() -> None:
    env = CardRulesGymEnv("gnoming-a-round", players=3, max_decisions=8, render_mode="ansi")
    _, info = env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert text.startswith("seat 0 (the agent)")
    truncated = terminated = False
    steps = 0
    while not (truncated or terminated):
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        steps += 1
    assert truncated
    assert not terminated
    assert steps < 8  # the bots' decisions count too


def test_a_cap_reached_inside_reset_truncates_the_agents_first_step() -> None:
    """Issue 41: the bots reached the cap inside reset(), which returned an all-zero mask,
    and the agent's next step was played for a bot's seat (seat 1's ``reveal 0 1``)."""
    env = CardRulesGymEnv("gnoming-a-round", players=3, seat=2, max_decisions=1)
    _, info = env.reset(seed=3)
    state = env.game_state
    assert state is not None
    assert state.current_player == 2  # the agent is to act
    assert np.flatnonzero(info["action_mask"]).tolist() == state.legal_actions() != []
    action = int(np.flatnonzero(info["action_mask"])[0])
    move = state.action_space.move_of(action)
    _, reward, terminated, truncated, info = env.step(action)
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert not info["action_mask"].any()
    assert state.seats[-1] == 2  # played for the agent's own seat
    assert state.history[-1] == move


@pytest.mark.parametrize("game", IDS)
def test_rgb_array_through_gymnasium_make(game: str) -> None:
    """What SB3's make_vec_env does by default: gymnasium.make(id, render_mode="rgb_array")."""
    pytest.importorskip("cairosvg")
    env = gymnasium.make(IDS[game], render_mode="rgb_array", options={"rounds": 1})
    env.reset(seed=1)
    frame = env.render()
    assert isinstance(frame, np.ndarray)
    assert frame.shape == (560, 800, 3)
    assert frame.dtype == np.uint8
    assert frame.min() < 128 < frame.max()
    env.close()


def test_record_video_of_a_short_match(tmp_path: Any) -> None:
    """Gymnasium's RecordVideo records a (capped) match from the rgb_array frames."""
    pytest.importorskip("cairosvg")
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    inner = gymnasium.make(IDS["gnoming-a-round"], render_mode="rgb_array", max_decisions=6)
    env = RecordVideo(inner, str(tmp_path / "videos"), episode_trigger=lambda episode: True)
    _, info = env.reset(seed=2)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    env.close()  # type: ignore[no-untyped-call]  # (RecordVideo.close is untyped)
    videos = list((tmp_path / "videos").glob("*.mp4"))
    assert len(videos) == 1
    assert videos[0].stat().st_size > 1000


@pytest.mark.parametrize("game", IDS)
def test_sb3_make_vec_env_with_its_defaults(game: str) -> None:
    """Issue 41: make_vec_env passes render_mode="rgb_array", which raised ValueError.

    Stable-Baselines3 needs torch, which the test extra leaves out (too heavy):
    where it is not installed, test_rgb_array_through_gymnasium_make checks the
    same contract.
    """
    pytest.importorskip("cairosvg")
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_util import make_vec_env

    vec = make_vec_env(IDS[game], n_envs=2)
    observations = np.asarray(vec.reset())
    assert observations.shape[0] == 2
    assert vec.render_mode == "rgb_array"
    assert np.asarray(vec.get_images()[0]).shape == (560, 800, 3)
    vec.close()
