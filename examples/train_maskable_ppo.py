"""Train a masked policy on one seat of a bundled game with sb3-contrib's MaskablePPO.

The agent plays seat 0 of a one-round, three-player match (``--game``: Gnoming
A Round by default, or Toonerville Rook with its compact encoding, a meld
built card by card) against two random bots
(`cardrules.adapters.gymnasium.CardRulesGymEnv`); MaskablePPO reads the legal
actions from ``env.action_masks()``, so it never tries an illegal one.
Every ``--eval-every`` steps the greedy (deterministic, masked) policy plays
``--eval-episodes`` evaluation matches, the same deals each time, and the
script compares its mean return (minus the agent's score: higher is better)
with a uniformly random masked agent and with the bundled ``greedy`` bot on
the same deals. It also prints the training speed (steps a second, the
evaluations left out).

It writes a table of figures (``--table``, Markdown) and a learning curve
(``--plot``, PNG). The figures in docs/adapters.md come from::

    pip install torch==2.13.0    # a CPU build (see docs/adapters.md), then:
    pip install -e '.[train]'
    nice python examples/train_maskable_ppo.py --timesteps 98304 \\
        --plot docs/images/maskable-ppo-gnoming.png --table figures.md

This is a demonstration, not part of the test suite: it takes a few minutes on one core.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

from cardrules.adapters.gymnasium import CardRulesGymEnv
from cardrules.bots.loading import bot_factories

GAMES = ("gnoming-a-round", "toonerville-rook")
OPTIONS = {"rounds": 1}
#: Evaluation deals: seeds EVAL_SEED, EVAL_SEED + 1, ... (never used in training).
EVAL_SEED = 1_000_000


def make_env(game: str) -> CardRulesGymEnv:
    return CardRulesGymEnv(game, players=3, opponents="random", options=OPTIONS)


def evaluate(
    game: str, choose: Callable[[CardRulesGymEnv, Any], int], episodes: int
) -> list[float]:
    """Returns of ``episodes`` matches on the evaluation deals, the agent choosing by ``choose``."""
    env = make_env(game)
    returns = []
    for episode in range(episodes):
        observation, _ = env.reset(seed=EVAL_SEED + episode)
        total, done = 0.0, False
        while not done:
            action = choose(env, observation)
            observation, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
        returns.append(total)
    return returns


def random_agent(seed: int) -> Callable[[CardRulesGymEnv, Any], int]:
    rng = np.random.default_rng(seed)
    return lambda env, _: int(rng.choice(np.flatnonzero(env.action_masks())))


def greedy_agent(game: str) -> Callable[[CardRulesGymEnv, Any], int]:
    bot = bot_factories(make_env(game).game.spec.bots)["greedy"](0)
    tokens: list[int] = []  # the rest of the bot's move, one token a step

    def choose(env: CardRulesGymEnv, _: Any) -> int:
        state = env.game_state
        assert state is not None
        if not tokens:
            tokens.extend(
                state.game.sequence_space.tokens_of(bot.choose(state.observation(env.seat)))
            )
        return tokens.pop(0)

    return choose


def policy_agent(model: MaskablePPO) -> Callable[[CardRulesGymEnv, Any], int]:
    def choose(env: CardRulesGymEnv, observation: Any) -> int:
        action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    return choose


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default=GAMES[0])
    parser.add_argument("--timesteps", type=int, default=98_304)
    parser.add_argument("--eval-every", type=int, default=16_384)
    parser.add_argument("--eval-episodes", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, help="write the learning curve (PNG)")
    parser.add_argument("--table", type=Path, help="write the figures (Markdown)")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # a shared machine: one core is enough for this network

    episodes, game = args.eval_episodes, args.game
    baselines = {
        "random (masked)": statistics.mean(evaluate(game, random_agent(args.seed), episodes)),
        "greedy bot": statistics.mean(evaluate(game, greedy_agent(game), episodes)),
    }
    # The only reward is minus the score when the round ends, tens of points after
    # some 40 decisions: no discount (gamma 1) and rewards scaled by their running
    # spread (VecNormalize; observations are left as they are).
    env = VecNormalize(
        DummyVecEnv([lambda: make_env(game)]), norm_obs=False, norm_reward=True, gamma=1.0
    )
    model = MaskablePPO(
        "MlpPolicy",
        env,
        seed=args.seed,
        learning_rate=1e-3,
        n_steps=1024,
        batch_size=128,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        verbose=0,
    )
    curve = [(0, statistics.mean(evaluate(game, policy_agent(model), episodes)))]
    started, cpu = time.perf_counter(), time.process_time()
    learning = 0.0  # seconds spent in model.learn (the evaluations left out)
    while curve[-1][0] < args.timesteps:
        learn_start = time.perf_counter()
        model.learn(args.eval_every, reset_num_timesteps=False)
        learning += time.perf_counter() - learn_start
        curve.append(
            (model.num_timesteps, statistics.mean(evaluate(game, policy_agent(model), episodes)))
        )
        print(f"{model.num_timesteps:>8,} steps: mean return {curve[-1][1]:7.2f}", flush=True)
    minutes = (time.perf_counter() - started) / 60
    cpu_minutes = (time.process_time() - cpu) / 60

    lines = [
        f"MaskablePPO (sb3-contrib, MlpPolicy 128x128, seed {args.seed}) on seat 0 of {game} "
        f"(3 players, 1 round) against two random bots; mean return over the same "
        f"{episodes} evaluation deals (higher is better; the return is minus the seat's "
        f"score). Training and its evaluations took {minutes:.1f} minutes of wall-clock "
        f"time ({cpu_minutes:.1f} CPU minutes, one thread); training alone ran at "
        f"{model.num_timesteps / learning:,.0f} steps a second.",
        "",
        "| agent on seat 0 | steps trained | mean return |",
        "|---|---:|---:|",
        *(f"| {name} | - | {value:.2f} |" for name, value in baselines.items()),
        *(f"| MaskablePPO | {steps:,} | {value:.2f} |" for steps, value in curve),
    ]
    print("\n".join(lines))
    if args.table:
        args.table.parent.mkdir(parents=True, exist_ok=True)
        args.table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(6, 3.6), dpi=100)
        axes.plot([s for s, _ in curve], [v for _, v in curve], marker="o", label="MaskablePPO")
        for (name, value), style in zip(baselines.items(), ("--", ":"), strict=True):
            axes.axhline(value, linestyle=style, color="grey", label=name)
        axes.set_xlabel("training steps (agent decisions)")
        axes.set_ylabel(f"mean return, {episodes} deals")
        axes.set_title(f"{make_env(game).game.spec.title}, seat 0 vs two random bots")
        axes.legend()
        figure.tight_layout()
        args.plot.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
