"""The loops a learning agent runs, side by side with OpenSpiel's C++ gin_rummy (issue 41).

    python benchmarks/learning_loops.py                     # 4 players, medians of 3 x 2 s
    python benchmarks/learning_loops.py --repeats 5 --seconds 4

Every loop plays random legal moves and builds the acting seat's observation
at every decision, and counts decisions (chance outcomes are not decisions):

* OpenSpiel ``gin_rummy`` (C++, driven from Python; 2 players, its only count):
  ``observation_tensor(player)`` + ``legal_actions()`` + ``apply_action``;
* the cardrules engine, per game: ``observation_tensor(seat)`` +
  ``legal_actions()`` + ``apply_action``;
* the PettingZoo ``env()`` (the wrapped environment), per game: ``last()``, a
  uniformly random id of ``numpy.flatnonzero(observation["action_mask"])``,
  ``step``;
* for comparison, ``raw_env()`` with ``last(observe=False)`` and
  ``legal_actions`` (no tensor, no mask read).

Each repeat runs every loop once, gin_rummy first, so a machine that speeds up
or slows down moves them together; a loop's ratio to gin_rummy is the median
of the repeats' ratios. Issue 41's target, printed with MEETS or MISSES: the
``env()`` loop at least 1.0x gin_rummy's for both games at 4 players.

This is a benchmark, not a test: it asserts nothing and times the machine it
runs on (compare figures from one run only).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import cardrules

GAMES = ("gnoming-a-round", "toonerville-rook")

#: decisions/s of one timed run of a loop: (seconds, seed) -> rate
Loop = Callable[[float, int], float]


def gin_rummy_loop() -> Loop | None:
    """OpenSpiel's gin_rummy observing loop, or ``None`` without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")

    def run(seconds: float, seed: int) -> float:
        rng = random.Random(seed)
        decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                    continue
                state.observation_tensor(state.current_player())
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
        return decisions / (time.perf_counter() - start)

    return run


def engine_loop(game: str, players: int) -> Loop:
    """The engine's observing loop: tensor of the acting seat, legal ids, apply."""

    def run(seconds: float, seed: int) -> float:
        rng = random.Random(seed)
        decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = cardrules.new_game(game, players=players, seed=rng.getrandbits(32))
            while (seat := state.current_player) is not None:
                state.observation_tensor(seat)
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions / (time.perf_counter() - start)

    return run


def pettingzoo_loop(
    game: str, players: int, wrapped: bool = True, encoding: str = "compact"
) -> Loop | None:
    """The PettingZoo loop: ``env()`` sampling from the mask, or ``raw_env()`` without observing.

    ``encoding``: ``"compact"`` (the default: a Rook meld is built token by
    token, each token a decision) or ``"full"`` (one id per move).
    """
    try:
        from cardrules.adapters.pettingzoo import env, raw_env
    except ImportError:
        return None
    maker = env if wrapped else raw_env
    aec = maker(game, players=players, encoding=encoding)
    inner = aec.unwrapped

    def run(seconds: float, seed: int) -> float:
        rng = random.Random(seed)
        decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            aec.reset(seed=rng.getrandbits(32))
            for agent in aec.agent_iter():
                if wrapped:
                    observation, _, termination, truncation, _ = aec.last()
                    if termination or truncation:
                        aec.step(None)
                        continue
                    ids = np.flatnonzero(observation["action_mask"])
                    aec.step(int(ids[rng.randrange(len(ids))]))
                else:
                    _, _, termination, truncation, _ = aec.last(observe=False)
                    if termination or truncation:
                        aec.step(None)
                        continue
                    legal = inner.legal_actions(agent)
                    aec.step(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions / (time.perf_counter() - start)

    return run


def tianshou_loop(game: str, players: int, encoding: str | None, envs: int) -> Loop | None:
    """tianshou's ``Collector`` with masked random policies over ``envs`` environments.

    One-round matches of ``env()`` wrapped in tianshou's ``PettingZooEnv`` (it
    turns the mask into a Python list at every step), a ``DummyVectorEnv``, one
    ``MARLRandomDiscreteMaskedOffPolicyAlgorithm`` policy per seat; counts
    collected steps. ``None`` without tianshou. ``encoding`` ``None``: ``env()``
    is called without one (code from before the compact encoding, as
    ``tianshou_then_and_now.py`` runs it).
    """
    try:
        from tianshou.algorithm.multiagent.marl import MultiAgentPolicy
        from tianshou.algorithm.random import MARLRandomDiscreteMaskedOffPolicyAlgorithm
        from tianshou.data import Collector, VectorReplayBuffer
        from tianshou.env import DummyVectorEnv, PettingZooEnv

        from cardrules.adapters.pettingzoo import env
    except ImportError:
        return None

    chosen: dict[str, Any] = {} if encoding is None else {"encoding": encoding}

    def make() -> PettingZooEnv:
        return PettingZooEnv(env(game, players=players, options={"rounds": 1}, **chosen))

    probe = make()
    policies = {
        agent: MARLRandomDiscreteMaskedOffPolicyAlgorithm(probe.action_space).policy
        for agent in probe.agents
    }
    collector = Collector(
        MultiAgentPolicy(policies),
        DummyVectorEnv([make] * envs),
        VectorReplayBuffer(20_000, envs),
    )
    collector.reset()

    def run(seconds: float, seed: int) -> float:
        np.random.seed(seed)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            steps += collector.collect(n_step=envs * 8).n_collected_steps
        return steps / (time.perf_counter() - start)

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per timed run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--tianshou-envs", type=int, default=8, help="environments in tianshou's collector"
    )
    args = parser.parse_args(argv)

    loops: dict[str, Loop] = {}
    gin = gin_rummy_loop()
    if gin is not None:
        loops["OpenSpiel gin_rummy (C++): observation_tensor + legal_actions + apply_action"] = gin
    else:
        print("OpenSpiel is not installed: no gin_rummy figures (pip install open_spiel)")
    targets: list[str] = []
    for game in GAMES:
        loops[f"cardrules engine, {game}: observation_tensor + legal_actions + apply_action"] = (
            engine_loop(game, args.players)
        )
        wrapped = pettingzoo_loop(game, args.players)
        if wrapped is not None:
            name = f'PettingZoo env(), {game}: last(), sample from obs["action_mask"], step'
            loops[name] = wrapped
            targets.append(name)
        if game == "toonerville-rook":
            before = pettingzoo_loop(game, args.players, encoding="full")
            if before is not None:
                loops[f'PettingZoo env(encoding="full"), {game}: the same, one id per move'] = (
                    before
                )
        blind = pettingzoo_loop(game, args.players, wrapped=False)
        if blind is not None:
            loops[f"PettingZoo raw_env(), {game}: last(observe=False), legal_actions, step"] = blind

    tianshou: dict[str, Loop] = {}
    for encoding in ("full", "compact"):
        found = tianshou_loop("toonerville-rook", 3, encoding, args.tianshou_envs)
        if found is not None:
            tianshou[encoding] = found
    if not tianshou:
        print("tianshou is not installed: no collector figures (pip install tianshou)")
    for loop in [*loops.values(), *tianshou.values()]:  # warm up: caches, imports, first deals
        loop(min(0.5, args.seconds), 10_000)
    runs: dict[str, list[float]] = {name: [] for name in loops}
    for repeat in range(args.repeats):
        for name, loop in loops.items():
            runs[name].append(loop(args.seconds, repeat))
    collected: dict[str, list[float]] = {name: [] for name in tianshou}
    for repeat in range(args.repeats):
        for name, loop in tianshou.items():
            collected[name].append(loop(args.seconds, repeat))

    print(
        f"Decisions per second, {args.players} players (gin_rummy: 2), random play, "
        f"medians of {args.repeats} x {args.seconds:g} s"
    )
    print()
    print("| loop | decisions/s | vs OpenSpiel gin_rummy (C++) |")
    print("|---|---:|---:|")
    gin_runs = runs.get(next(iter(loops))) if gin is not None else None
    ratios: dict[str, float] = {}
    for name, rates in runs.items():
        median = statistics.median(rates)
        if gin_runs is not None:
            ratio = statistics.median(r / g for r, g in zip(rates, gin_runs, strict=True))
            ratios[name] = ratio
            shown = f"{ratio:.2f}x"
        else:
            shown = "-"
        print(f"| {name} | {median:,.0f} | {shown} |")
    print()
    for name in targets:
        if name in ratios:
            verdict = "MEETS" if ratios[name] >= 1.0 else "MISSES"
            print(f"{verdict}: {name} at least 1.0x gin_rummy ({ratios[name]:.2f}x)")
    if len(collected) == 2:
        print()
        print(
            f"tianshou Collector, masked random policies, toonerville-rook, 3 players, "
            f"one round, {args.tianshou_envs} environments (steps/s):"
        )
        full, compact = (statistics.median(collected[e]) for e in ("full", "compact"))
        print(f"| encoding | steps/s |\n|---|---:|\n| full | {full:,.0f} |")
        print(f"| compact | {compact:,.0f} |")
        ratio = statistics.median(
            c / f for c, f in zip(collected["compact"], collected["full"], strict=True)
        )
        verdict = "MEETS" if ratio >= 20.0 else "MISSES"
        print(f"{verdict}: tianshou collector, compact at least 20x full ({ratio:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
