"""How fast the engine is for bots: playouts, clone, legal moves + apply, adapters.

    python benchmarks/embedding.py                # both games, 4 players, 3 repeats
    python benchmarks/embedding.py --repeats 5 --seconds 4

For Gnoming A Round and Toonerville Rook with 4 players it prints, as the
median of ``--repeats`` runs:

* random playouts: full matches per second and decisions per second, where a
  decision is ``legal_moves()`` + ``apply()`` of a uniformly random legal move;
* ``clone()`` in microseconds, over states sampled from random playouts;
* ``legal_moves()`` + ``apply()`` in microseconds per decision;
* the PettingZoo AEC adapter's steps per second with random masked actions
  (when ``pettingzoo`` is installed), and its ratio to the raw engine.

* what ``observation_tensor(seat)`` of the acting seat at every decision adds
  to a decision, in microseconds, and the calls alone; and the same when the
  observation is built and encoded (``observation()`` + its tensor);
* ``observation_tensor(seat)`` asked again at once, nothing changed since: the
  least a call costs (the marks read and compared, the gather, the new
  array), with nothing to write.

When ``open_spiel`` is installed it drives OpenSpiel's C++ ``gin_rummy`` the
same way from Python (``legal_actions()`` + ``apply_action()``, chance outcomes
sampled and not counted as decisions; ``clone()`` over sampled states), each
of its runs just before one of a game's playout runs (the ratio is the median
of the runs' ratios), and
compares our ISMCTS bot with OpenSpiel's Python ISMCTS on our OpenSpiel adapter
(``benchmarks/search_speed.py``; ``--search-iterations 0`` skips it).

Each target is printed with MEETS or MISSES. Issue 17's: Rook random-playout
decisions/s at least gin_rummy's; per game, observation + tensor at most one
``legal_moves()`` + ``apply()``, and the PettingZoo environment observing every
step within 2x of ``legal_moves()`` + ``apply()``; our ISMCTS iterations/s above
OpenSpiel's. Issue 4's: clone at most half of gin_rummy's, the adapter without
observations within 1.5x.

Every figure is steady-state and measured on matches of its own. Before a
game's figures, random playouts on other seeds run for ``--seconds`` (the
warm-up): the contract search's caches, and Python's own, fill over the first
matches of a process, and a bot runs for far longer than that. Each
measurement then plays its own seeds (``SEEDS``), so none replays matches an
earlier one has just played with their answers in the caches. The observation's
cost is what observing at every decision adds to a decision of a playout: the
calls, and what they cost the move beside them (the garbage collector's work,
the processor's caches), which timing the calls alone would leave out. It is
timed on matches that take turns with matches played without observing, in
one run, and the ratio is the median of the runs' ratios.

This is a benchmark, not a test: it asserts nothing and times the machine it
runs on, so compare figures from one run only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

import cardrules

GAMES = ("gnoming-a-round", "toonerville-rook")

#: The first seed of each measurement's matches (repeat ``r`` plays seed ``first + r``),
#: far enough apart that no two measurements play the same matches.
SEEDS = {
    "warm-up": 9000,
    "playouts": 0,
    "samples": 7,
    "decisions": 1000,
    "adapter": 2000,
    "adapter-blind": 3000,
    "observed": 4000,
    "observation": 5000,
    "observation-built": 6000,
}


# -- our engine ----------------------------------------------------------------


def playout_rates(game: str, players: int, seconds: float, seed: int) -> tuple[float, float]:
    """Random full matches for ``seconds``: (matches/s, decisions/s)."""
    rng = random.Random(seed)
    decisions = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = cardrules.new_game(game, players=players, seed=rng.getrandbits(32))
        while not state.is_over:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return matches / elapsed, decisions / elapsed


def sample_states(game: str, players: int, count: int, seed: int) -> list[cardrules.GameState]:
    """``count`` states met at random points of random playouts."""
    rng = random.Random(seed)
    states: list[cardrules.GameState] = []
    while len(states) < count:
        state = cardrules.new_game(game, players=players, seed=rng.getrandbits(32))
        while not state.is_over:
            if rng.random() < 0.02:
                states.append(state.clone())
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    return states[:count]


def clone_us(states: list[Any], rounds: int = 50) -> float:
    """Mean microseconds of one ``clone()`` over ``states``."""
    start = time.perf_counter()
    for _ in range(rounds):
        for state in states:
            state.clone()
    return (time.perf_counter() - start) / (rounds * len(states)) * 1e6


def unchanged_call_us(states: list[Any], rounds: int = 20) -> float | None:
    """Mean microseconds of ``observation_tensor(seat)`` asked a second time at once.

    Over ``states`` (`sample_states`), the seat to act (or 0 once a match is
    over) is observed, then observed again and only that second call is
    timed: nothing changed in between, so it writes nothing, and its cost is
    the least any call pays (with one ``perf_counter`` call's overhead, a
    percent or two of it). ``None`` when numpy is not installed.
    """
    try:
        import numpy  # noqa: F401
    except ImportError:
        return None
    clock = time.perf_counter
    spent = 0.0
    for _ in range(rounds):
        for state in states:
            seat = state.current_player or 0
            state.observation_tensor(seat)
            start = clock()
            state.observation_tensor(seat)
            spent += clock() - start
    return spent / (rounds * len(states)) * 1e6


def decision_us(game: str, players: int, seconds: float, seed: int) -> float:
    """Microseconds per ``legal_moves()`` + ``apply()``, new-game setup excluded."""
    rng = random.Random(seed)
    spent = 0.0
    decisions = 0
    while spent < seconds:
        state = cardrules.new_game(game, players=players, seed=rng.getrandbits(32))
        start = time.perf_counter()
        while not state.is_over:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
        spent += time.perf_counter() - start
    return spent / decisions * 1e6


def observation_us(
    game: str, players: int, seconds: float, seed: int, direct: bool = True
) -> tuple[float, float, float] | None:
    """Random playouts, match by match in turn observing the acting seat at every
    decision and not, for ``seconds`` of each; per decision.

    With ``direct`` the tensor is ``state.observation_tensor(seat)`` (what the
    adapters call: read off the round state where the game can); without, the
    observation is built and encoded, ``game.observation_tensor(state.observation(seat))``.
    Returns ``(us of legal_moves + apply, us of legal_moves + observation +
    tensor + apply, us of the observation + tensor calls alone)``, new-game
    setup excluded as in `decision_us`; ``None`` when numpy is not installed.
    The second less the first is what observing adds to a decision: the calls
    themselves, and what they cost the move beside them (the garbage they
    leave for the collector, the memory they pull through the processor's
    caches). The third counts only the calls. The two kinds of match take
    turns, each on new seeds, so that a machine speeding up or slowing down,
    and the caches of the contract search filling, change both alike: the
    difference of two loops timed minutes apart moved by a tenth from run to
    run.
    """
    try:
        import numpy  # noqa: F401
    except ImportError:
        return None
    rng = random.Random(seed)
    spent = [0.0, 0.0]  # without, with
    decisions = [0, 0]
    looking = 0.0
    clock = time.perf_counter
    observe = 0
    while min(spent) < seconds:
        observe = 1 - observe
        state = cardrules.new_game(game, players=players, seed=rng.getrandbits(32))
        encode = state.game.observation_tensor
        look = state.observation_tensor
        count = 0
        start = clock()
        if not observe:
            while not state.is_over:
                moves = state.legal_moves()
                state.apply(moves[rng.randrange(len(moves))])
                count += 1
        else:
            while not state.is_over:
                seat = state.current_player
                assert seat is not None
                moves = state.legal_moves()
                before = clock()
                if direct:
                    look(seat)
                else:
                    encode(state.observation(seat))
                looking += clock() - before
                state.apply(moves[rng.randrange(len(moves))])
                count += 1
        spent[observe] += clock() - start
        decisions[observe] += count
    return (
        spent[0] / decisions[0] * 1e6,
        spent[1] / decisions[1] * 1e6,
        looking / decisions[1] * 1e6,
    )


def observed_decision_us(game: str, players: int, seconds: float, seed: int) -> float | None:
    """Microseconds per decision of the raw engine doing an env step's work.

    That is ``observation_tensor(seat)`` + ``legal_action_mask()`` as an
    array + ``legal_actions()`` + ``apply_action``: what the PettingZoo
    adapter's benchmark loop gets and does each step
    (``None`` when numpy is not installed).
    """
    try:
        import numpy
    except ImportError:
        return None
    rng = random.Random(seed)
    spent = 0.0
    decisions = 0
    while spent < seconds:
        state = cardrules.new_game(game, players=players, seed=rng.getrandbits(32))
        start = time.perf_counter()
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.observation_tensor(seat)
            numpy.frombuffer(state.legal_action_mask(), dtype=numpy.int8)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        spent += time.perf_counter() - start
    return spent / decisions * 1e6


def adapter_steps(
    game: str, players: int, seconds: float, seed: int, observe: bool = True
) -> float | None:
    """PettingZoo AEC steps per second with random masked actions (``None``: not installed).

    With ``observe`` each step reads the acting agent's observation (tensor and
    mask) through ``env.last()``; without it, ``env.last(observe=False)``.
    """
    try:
        from cardrules.adapters.pettingzoo import raw_env
    except ImportError:
        return None
    rng = random.Random(seed)
    env = raw_env(game, players=players)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=rng.getrandbits(32))
        for agent in env.agent_iter():
            _, _, termination, truncation, _ = env.last(observe=observe)
            if termination or truncation:
                action = None
            else:
                legal = env.legal_actions(agent)
                action = legal[rng.randrange(len(legal))]
            env.step(action)
            steps += 1
    return steps / (time.perf_counter() - start)


# -- OpenSpiel -----------------------------------------------------------------


def gin_rummy(seconds: float, seed: int) -> tuple[float, float, float] | None:
    """OpenSpiel gin_rummy driven from Python: (games/s, decisions/s, clone us), or ``None``."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    decisions = games = 0
    sampled: list[Any] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if len(sampled) < 400 and rng.random() < 0.02:
                sampled.append(state.clone())
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed, clone_us(sampled)


def repeated(
    measure: Any, name: str, game: str, players: int, seconds: float, repeats: int, **extra: Any
) -> list[Any]:
    """``measure`` run ``repeats`` times on the seeds of measurement ``name`` (`SEEDS`)."""
    first = SEEDS[name]
    return [measure(game, players, seconds, first + r, **extra) for r in range(repeats)]


def _observing(runs: list[Any]) -> tuple[float, float, float, float, float]:
    """Medians over `observation_us` runs: us a decision without and with observing,
    what observing adds, the runs' ratios of that to a decision without, the calls."""
    return (
        statistics.median(run[0] for run in runs),
        statistics.median(run[1] for run in runs),
        statistics.median(run[1] - run[0] for run in runs),
        statistics.median((run[1] - run[0]) / run[0] for run in runs),
        statistics.median(run[2] for run in runs),
    )


def _listed(runs: list[Any]) -> str:
    """The runs' ratios of what observing adds to a decision, in run order."""
    return ", ".join(f"{(run[1] - run[0]) / run[0]:.2f}x" for run in runs)


def _straddle(runs: list[Any], target: float) -> str:
    """``", the runs straddle it"`` when some `observation_us` runs' ratios are on each
    side of ``target`` (the verdict is then the noise's as much as the code's), else
    nothing."""
    return _straddles([(run[1] - run[0]) / run[0] for run in runs], target)


def _straddles(ratios: list[float], target: float) -> str:
    """`_straddle` of the runs' ``ratios`` themselves."""
    return ", the runs straddle it" if min(ratios) <= target < max(ratios) else ""


def _verdict(met: bool) -> str:
    return "MEETS" if met else "MISSES"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument(
        "--search-iterations",
        type=int,
        default=50,
        help="ISMCTS iterations a decision for the search comparison (0: skip it)",
    )
    parser.add_argument("--search-positions", type=int, default=4, help="decisions searched")
    args = parser.parse_args(argv)
    repeats, seconds = args.repeats, args.seconds

    has_gin = gin_rummy(0.1, 0) is not None
    if not has_gin:
        print("OpenSpiel is not installed: no gin_rummy figures (pip install open_spiel)")

    for game in args.games:
        players = args.players
        playout_rates(game, players, seconds, SEEDS["warm-up"])
        setting = (game, players, seconds, repeats)

        # gin_rummy's runs alternate with ours, so a machine that speeds up or slows
        # down during the benchmark changes both sides of each ratio alike.
        runs: list[tuple[float, float]] = []
        gin_runs: list[tuple[float, float, float]] = []
        for r in range(repeats):
            if has_gin and (gin_run := gin_rummy(seconds, r)) is not None:
                gin_runs.append(gin_run)
            runs.append(playout_rates(game, players, seconds, SEEDS["playouts"] + r))
        per_match = statistics.median(r[0] for r in runs)
        per_decision = statistics.median(r[1] for r in runs)
        states = sample_states(game, players, 300, SEEDS["samples"])
        clone = statistics.median(clone_us(states) for _ in range(repeats))
        floors = [unchanged_call_us(states) for _ in range(repeats)]
        step = statistics.median(repeated(decision_us, "decisions", *setting))
        steps = repeated(adapter_steps, "adapter", *setting)
        blind = repeated(adapter_steps, "adapter-blind", *setting, observe=False)
        observed = repeated(observed_decision_us, "observed", *setting)
        looks = repeated(observation_us, "observation", *setting)
        built = repeated(observation_us, "observation-built", *setting, direct=False)
        print(f"\n{game}, {players} players (median of {repeats} runs)")
        print(f"  random playouts: {per_match:,.2f} matches/s, {per_decision:,.0f} decisions/s")
        print(f"  clone(): {clone:.2f} us")
        print(f"  legal_moves() + apply(): {step:.2f} us per decision")
        if all(s is not None for s in steps + blind + observed):
            adapter = 1e6 / statistics.median(s for s in steps if s is not None)
            no_obs = 1e6 / statistics.median(s for s in blind if s is not None)
            engine_obs = statistics.median(s for s in observed if s is not None)
            print(
                f"  PettingZoo AEC adapter, observing every step: {1e6 / adapter:,.0f} steps/s "
                f"({adapter:.2f} us/step): {adapter / step:.2f}x legal_moves() + apply() "
                f"{_verdict(adapter / step <= 2)} (issue 17 target <= 2x"
                f"{_straddles([1e6 / r / step for r in steps if r is not None], 2)}); "
                f"{adapter / engine_obs:.2f}x the engine doing the same work "
                f"(observation + tensor + mask + legal_actions + apply_action: {engine_obs:.2f} us)"
            )
            print(
                f"  PettingZoo AEC adapter, last(observe=False): {1e6 / no_obs:,.0f} steps/s "
                f"({no_obs:.2f} us/step): {no_obs / step:.2f}x legal_moves() + apply() "
                f"{_verdict(no_obs / step <= 1.5)}"
                f"{_straddles([1e6 / r / step for r in blind if r is not None], 1.5)}"
            )
        else:
            print("  PettingZoo adapter: not installed (pip install 'cardrules[pettingzoo]')")
        if all(look is not None for look in looks + built):
            bare, observing, added, ratio, calls = _observing(looks)
            print(
                f"  observation_tensor(seat) of the acting seat at every decision: "
                f"{observing:.2f} us a decision against {bare:.2f} us without (matches "
                f"of each in turn), so observing adds {added:.2f} us: {ratio:.2f}x "
                f"legal_moves() + apply() (median of the runs' ratios: "
                f"{_listed(looks)}) {_verdict(ratio <= 1)} (issue 17 target <= 1x"
                f"{_straddle(looks, 1)}); "
                f"the calls alone take {calls:.2f} us, the rest is what they cost the move "
                f"beside them"
            )
            floor = statistics.median(f for f in floors if f is not None)
            print(
                f"  observation_tensor(seat) asked again at once, nothing changed: "
                f"{floor:.2f} us ({floor / step:.2f}x legal_moves() + apply()), the least "
                f"a call costs"
            )
            bare, observing, added, ratio, calls = _observing(built)
            print(
                f"  the same through the observation, observation_tensor(observation(seat)): "
                f"adds {added:.2f} us ({ratio:.2f}x), the calls alone {calls:.2f} us"
            )
        if gin_runs:
            gin = [statistics.median(run[i] for run in gin_runs) for i in range(3)]
            ratio = statistics.median(
                ours[1] / theirs[1] for ours, theirs in zip(runs, gin_runs, strict=True)
            )
            print(
                f"  OpenSpiel gin_rummy (C++ from Python), run between our playouts: "
                f"{gin[0]:,.1f} games/s, {gin[1]:,.0f} decisions/s, clone {gin[2]:.2f} us"
            )
            print(
                f"  vs gin_rummy: decisions/s {ratio:.2f}x (median of the runs' ratios) "
                f"{_verdict(ratio >= 1)} (issue 17 target >= 1), "
                f"clone {clone / gin[2]:.2f}x {_verdict(clone <= gin[2] / 2)} (target <= 0.5)"
            )
    if args.search_iterations:
        try:
            import open_spiel  # noqa: F401
        except ImportError:
            print("\nOpenSpiel is not installed: no ISMCTS comparison")
            return 0
        from search_speed import compare

        print("\nISMCTS iterations per second (benchmarks/search_speed.py):")
        for game in args.games:
            compare(game, args.players, args.search_iterations, args.search_positions, 2.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
