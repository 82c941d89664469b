"""How simulation scales with workers: matches/s for 1 and 2 workers, per game and backend.

    python benchmarks/scaling.py                       # 2,000 matches of each game
    python benchmarks/scaling.py --matches 400 --games gnoming-a-round --backends local

For each game and backend, plays the same seeded matches (4 players, greedy
and random bots alternating) with 1 worker and with 2, and prints matches/s
and the 2-worker speed-up. The Ray backend starts a local Ray instance with 2
CPUs (``ray.init(num_cpus=2)``) and reuses it for both runs; the time to start
it is printed apart and left out of the rates. Every run must give the same
rows as the first, or the script exits 1. Run it on a quiet machine: the
figures are only as good as the cores are free.

Target (issue 19): 2 workers at 1.7x or more of 1 worker on 2,000 Gnoming
matches, local backend, on a 2-core machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from cardrules.analysis.simulate import MatchRow, simulate

TARGET = 1.7


def _timed(game: str, matches: int, backend: str, jobs: int) -> tuple[float, list[MatchRow]]:
    start = time.perf_counter()
    rows = simulate(
        game,
        games=matches,
        players=4,
        bots=("greedy", "random"),
        seed=0,
        jobs=jobs,
        backend=backend,
    )
    return time.perf_counter() - start, rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument(
        "--games", nargs="+", default=["gnoming-a-round", "toonerville-rook"], metavar="GAME"
    )
    parser.add_argument("--backends", nargs="+", default=["local", "ray"], choices=["local", "ray"])
    args = parser.parse_args(argv)
    ray: Any = None
    ok = True
    columns = ("seconds", "matches/s", "speed-up")
    print(f"{'game':<18} {'backend':<7} {'workers':>7} " + " ".join(f"{c:>9}" for c in columns))
    for backend in args.backends:
        if backend == "ray":
            import ray as ray_module

            ray = ray_module
            start = time.perf_counter()
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            print(f"(local Ray instance started in {time.perf_counter() - start:.1f} s)")
        for game in args.games:
            first: list[MatchRow] | None = None
            one = 0.0
            for jobs in (1, 2):
                seconds, rows = _timed(game, args.matches, backend, jobs)
                if first is None:
                    first, one = rows, seconds
                elif rows != first:
                    print(
                        f"{game} {backend}: {jobs} workers gave other rows than 1", file=sys.stderr
                    )
                    ok = False
                speed_up = one / seconds
                verdict = ""
                if jobs == 2 and backend == "local" and game == "gnoming-a-round":
                    verdict = " MEETS" if speed_up >= TARGET else " MISSES"
                    verdict += f" (target {TARGET}x)"
                print(
                    f"{game:<18} {backend:<7} {jobs:>7} {seconds:>9.1f} "
                    f"{args.matches / seconds:>10.1f} {speed_up:>8.2f}x{verdict}"
                )
        if ray is not None:
            ray.shutdown()
            ray = None
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
