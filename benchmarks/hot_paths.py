"""Deterministic cost of the hot paths: instruction counts (callgrind) and profiles (cProfile).

    python benchmarks/hot_paths.py playout toonerville-rook --profile
    python benchmarks/hot_paths.py observe gnoming-a-round --callgrind
    python benchmarks/hot_paths.py playout toonerville-rook --callgrind --cache-sim
    python benchmarks/hot_paths.py all --callgrind          # every workload, both games

Wall-clock time on a shared machine says little; these measures do not
depend on the load, so before/after figures of a speed change come from here
(`benchmarks/embedding.py` gives the wall-clock figures on a quiet machine).

Workloads, each on seeded 4-player random matches (``--matches``, default 2):

* ``playout``: ``legal_moves()`` + ``apply()`` of a random legal move at every
  decision (the random playouts of `benchmarks/embedding.py`);
* ``observe``: the same, plus the acting seat's ``observation()`` and its
  tensor at every decision;
* ``observe-seat``: the same with ``observation_tensor(seat)`` instead, read
  off the round state where the game can (what the PettingZoo environment
  does each step);
* ``search``: `cardrules.bots.search.ISMCTSBot` (default settings, 20 iterations)
  choosing for every seat for the first 12 decisions of a match;
* ``env``: the PettingZoo AEC environment stepped with random legal action
  ids, each step reading ``env.last()`` (the acting seat's tensor and action
  mask), as `benchmarks/embedding.py` steps it; ``env-blind``: the same with
  ``env.last(observe=False)``. A decision is a step of an agent still playing.

``--callgrind`` runs the workload under ``valgrind --tool=callgrind`` (it must
be installed), and again with no match to count the start-up (imports, and a
warm-up match that loads the game plugin and builds its tables), and prints
the difference: instructions of the workload itself, per decision. Both runs
fix ``PYTHONHASHSEED`` (0), so a count repeats exactly. ``observe``
minus ``playout`` is the cost of observation + tensor. ``--cache-sim`` adds
valgrind's simulation of fixed caches (`CACHES`) and prints first- and
last-level cache misses a decision, and callgrind's estimate of cycles
(instructions + 10 a first-level miss + 100 a last-level one): the garbage
collector's walks over what the search remembers cost memory traffic, which
instructions alone do not show. ``--profile`` prints the functions that take
the most time under cProfile, with call counts.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable

import cardrules

GAMES = ("gnoming-a-round", "toonerville-rook")
WORKLOADS = ("playout", "observe", "observe-seat", "search", "env", "env-blind")


def warm_up(workload: str, game: str, players: int = 4) -> None:
    """Do once what any run does once: load the game plugin, build its tables and caches.

    Both runs of `callgrind` (with and without matches) warm up, so the
    difference counts the workload only.
    """
    state = cardrules.new_game(game, players=players, seed=10**9)
    for _ in range(40):
        seat = state.current_player
        assert seat is not None
        state.game.observation_tensor(state.observation(seat))
        if workload == "observe-seat":
            state.observation_tensor(seat)
        state.apply(state.legal_moves()[-1])
    if workload == "search":
        from cardrules.bots.search import ISMCTSBot

        seat = state.current_player
        assert seat is not None
        ISMCTSBot(state.game, iterations=2, seed=0).choose(state.observation(seat))
    if workload in ("env", "env-blind"):
        run_env(game, 1, players, workload == "env", first=10**9)


#: What the observing workloads call at every decision, on the state and the acting seat.
_OBSERVERS: dict[str, Callable[[cardrules.GameState, int], object]] = {
    "observe": lambda state, seat: state.game.observation_tensor(state.observation(seat)),
    "observe-seat": lambda state, seat: state.observation_tensor(seat),
}


def run_env(game: str, matches: int, players: int, observe: bool, first: int = 0) -> int:
    """The PettingZoo AEC loop over ``matches`` seeded matches (seeds from ``first``);
    the decisions made."""
    from cardrules.adapters.pettingzoo import raw_env

    env = raw_env(game, players=players)
    decisions = 0
    for seed in range(first, first + matches):
        rng = random.Random(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last(observe=observe)
            if terminated or truncated:
                env.step(None)
                continue
            legal = env.legal_actions(agent)
            env.step(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


def run(workload: str, game: str, matches: int, players: int = 4) -> int:
    """Run ``workload`` on ``matches`` seeded matches of ``game``; the decisions made."""
    warm_up(workload, game, players)
    if workload in ("env", "env-blind"):
        return run_env(game, matches, players, workload == "env")
    decisions = 0
    for seed in range(matches):
        rng = random.Random(seed)
        state = cardrules.new_game(game, players=players, seed=seed)
        if workload == "search":
            from cardrules.bots.search import ISMCTSBot

            bot = ISMCTSBot(state.game, iterations=20, seed=seed)
            for _ in range(12):
                seat = state.current_player
                assert seat is not None
                state.apply(bot.choose(state.observation(seat)))
                decisions += 1
            continue
        observe = _OBSERVERS.get(workload)
        while not state.is_over:
            if observe is not None:
                seat = state.current_player
                assert seat is not None
                observe(state, seat)
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
    return decisions


#: The caches ``--cache-sim`` simulates (fixed, so that counts compare across
#: machines): 32 KiB, 8-way first-level instruction and data caches, and a 4 MiB,
#: 16-way last-level cache, with 64-byte lines.
CACHES = ("--I1=32768,8,64", "--D1=32768,8,64", "--LL=4194304,16,64")


#: The variables that set how many threads numpy's BLAS starts (OpenBLAS, OpenMP, MKL).
_BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def callgrind(
    workload: str, game: str, matches: int, cache_sim: bool = False
) -> tuple[dict[str, int], int]:
    """(callgrind's event counts of the workload beyond start-up, decisions).

    The events are ``Ir`` (instructions) and, with ``cache_sim``, the misses of
    the simulated `CACHES`: ``I1mr D1mr D1mw`` (first level) and ``ILmr DLmr
    DLmw`` (last level), among others.
    """
    counts: list[dict[str, int]] = []
    decisions = 0
    for n in (0, matches):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "callgrind.out")
            command = [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                *(("--cache-sim=yes", *CACHES) if cache_sim else ()),
                sys.executable,
                __file__,
                workload,
                game,
                "--matches",
                str(n),
            ]
            # One string-hash seed for every run: with Python's random one, dicts and
            # sets lay out differently run to run, and the same code's count varies by
            # about 3% (a Gnoming playout: 75,040 and 77,521 a decision). And numpy's
            # BLAS on one thread: its idle worker threads spin for as long as the
            # machine lets them, and callgrind counts their instructions too (the same
            # code's observe-seat count varied by 5%, more with another job running).
            environment = {
                **os.environ,
                "PYTHONHASHSEED": "0",
                **dict.fromkeys(_BLAS_THREADS, "1"),
            }
            done = subprocess.run(
                command, capture_output=True, text=True, check=True, env=environment
            )
            with open(out) as file:
                lines = file.read().splitlines()
            events = next(line for line in lines if line.startswith("events:")).split()[1:]
            totals = [line for line in lines if line.startswith(("summary:", "totals:"))]
            counts.append(dict(zip(events, map(int, totals[-1].split()[1:]), strict=True)))
            if n:
                decisions = int(re.findall(r"(\d+) decisions", done.stdout)[-1])
    return {event: counts[1][event] - counts[0][event] for event in counts[1]}, decisions


def report(workload: str, game: str, events: dict[str, int], decisions: int) -> str:
    """One line of `callgrind` figures, per decision."""
    per = max(decisions, 1)
    line = (
        f"{workload} {game}: {events['Ir']:,} instructions, {decisions} decisions, "
        f"{events['Ir'] / per:,.0f} a decision"
    )
    if "DLmr" in events:
        first = events["I1mr"] + events["D1mr"] + events["D1mw"]
        last = events["ILmr"] + events["DLmr"] + events["DLmw"]
        # callgrind's own estimate of cycles: a first-level miss 10, a last-level one 100.
        cycles = events["Ir"] + 10 * first + 100 * last
        line += (
            f"; {first / per:,.0f} first-level and {last / per:,.1f} last-level cache misses"
            f" a decision; estimated {cycles / per:,.0f} cycles a decision"
        )
    return line


def profile(workload: str, game: str, matches: int, top: int) -> None:
    """Print the ``top`` functions by own time and by cumulative time under cProfile."""
    profiler = cProfile.Profile()
    decisions = profiler.runcall(run, workload, game, matches)
    print(f"{workload} {game}: {decisions} decisions")
    for order in ("tottime", "cumulative"):
        text = io.StringIO()
        stats = pstats.Stats(profiler, stream=text)
        stats.strip_dirs().sort_stats(order).print_stats(top)
        print(text.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workload", choices=(*WORKLOADS, "all"))
    parser.add_argument("game", nargs="?", choices=GAMES)
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--callgrind", action="store_true", help="count instructions")
    parser.add_argument(
        "--cache-sim",
        action="store_true",
        help="with --callgrind: also count simulated cache misses (memory traffic: the "
        "garbage collector's walks show here, not in instructions)",
    )
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile")
    args = parser.parse_args(argv)
    workloads = WORKLOADS if args.workload == "all" else (args.workload,)
    games = (args.game,) if args.game else GAMES
    for game in games:
        for workload in workloads:
            if args.callgrind:
                events, decisions = callgrind(workload, game, args.matches, args.cache_sim)
                print(report(workload, game, events, decisions))
            elif args.profile:
                profile(workload, game, args.matches, args.top)
            else:
                print(f"{run(workload, game, args.matches)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
