"""Deterministic cost of the hot paths: instruction counts (callgrind) and profiles (cProfile).

    python benchmarks/hot_paths.py playout toonerville-rook --profile
    python benchmarks/hot_paths.py observe gnoming-a-round --callgrind
    python benchmarks/hot_paths.py all --callgrind          # every workload, both games

Wall-clock time on a shared machine says little; these measures do not
depend on the load, so before/after figures of a speed change come from here
(`benchmarks/embedding.py` gives the wall-clock figures on a quiet machine).

Workloads, each on seeded 4-player random matches (``--matches``, default 2):

* ``playout``: ``legal_moves()`` + ``apply()`` of a random legal move at every
  decision (the random playouts of `benchmarks/embedding.py`);
* ``observe``: the same, plus the acting seat's ``observation()`` and its
  tensor at every decision (what the PettingZoo environment does each step);
* ``search``: `cardrules.search.ISMCTSBot` (default settings, 20 iterations)
  choosing for every seat for the first 12 decisions of a match.

``--callgrind`` runs the workload under ``valgrind --tool=callgrind`` (it must
be installed), and again with no match to count the start-up (imports, and a
warm-up match that loads the game plugin and builds its tables), and prints
the difference: instructions of the workload itself, per decision. ``observe``
minus ``playout`` is the cost of observation + tensor. ``--profile`` prints
the functions that take the most time under cProfile, with call counts.
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

import cardrules

GAMES = ("gnoming-a-round", "toonerville-rook")
WORKLOADS = ("playout", "observe", "search")


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
        state.apply(state.legal_moves()[-1])
    if workload == "search":
        from cardrules.search import ISMCTSBot

        seat = state.current_player
        assert seat is not None
        ISMCTSBot(state.game, iterations=2, seed=0).choose(state.observation(seat))


def run(workload: str, game: str, matches: int, players: int = 4) -> int:
    """Run ``workload`` on ``matches`` seeded matches of ``game``; the decisions made."""
    warm_up(workload, game, players)
    decisions = 0
    for seed in range(matches):
        rng = random.Random(seed)
        state = cardrules.new_game(game, players=players, seed=seed)
        if workload == "search":
            from cardrules.search import ISMCTSBot

            bot = ISMCTSBot(state.game, iterations=20, seed=seed)
            for _ in range(12):
                seat = state.current_player
                assert seat is not None
                state.apply(bot.choose(state.observation(seat)))
                decisions += 1
            continue
        encode = state.game.observation_tensor if workload == "observe" else None
        while not state.is_over:
            if encode is not None:
                seat = state.current_player
                assert seat is not None
                encode(state.observation(seat))
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
            decisions += 1
    return decisions


def callgrind(workload: str, game: str, matches: int) -> tuple[int, int]:
    """(instructions of the workload beyond start-up, decisions), counted by callgrind."""
    counts = []
    decisions = 0
    for n in (0, matches):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "callgrind.out")
            command = [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                workload,
                game,
                "--matches",
                str(n),
            ]
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            with open(out) as file:
                totals = [line for line in file if line.startswith(("summary:", "totals:"))]
            counts.append(int(totals[-1].split()[1]))
            if n:
                decisions = int(re.findall(r"(\d+) decisions", done.stdout)[-1])
    return counts[1] - counts[0], decisions


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
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile")
    args = parser.parse_args(argv)
    workloads = WORKLOADS if args.workload == "all" else (args.workload,)
    games = (args.game,) if args.game else GAMES
    for game in games:
        for workload in workloads:
            if args.callgrind:
                instructions, decisions = callgrind(workload, game, args.matches)
                print(
                    f"{workload} {game}: {instructions:,} instructions, {decisions} decisions, "
                    f"{instructions / max(decisions, 1):,.0f} a decision"
                )
            elif args.profile:
                profile(workload, game, args.matches, args.top)
            else:
                print(f"{run(workload, game, args.matches)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
