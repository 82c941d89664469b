"""A fixed workload for counting instructions: seeded random matches, as embedding.py plays.

Wall-clock figures swing on a shared machine; instruction counts do not. Run
this under callgrind twice, with N and N+k matches, and subtract: the
difference is what those k matches cost, without the import and the
catalogue's loading (done once per process). Compare two checkouts with
``PYTHONPATH=<checkout>/src``::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/fixed_workload.py gnoming-a-round 4 observe
    valgrind ... python benchmarks/fixed_workload.py gnoming-a-round 1 observe

Arguments: the game, how many matches (seeds 0, 1, ...), and ``play`` (legal
moves and apply) or ``observe`` (also the acting seat's observation tensor at
every decision). Four players.
"""

from __future__ import annotations

import argparse
import random

import cardrules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("matches", type=int)
    parser.add_argument("mode", choices=["play", "observe"])
    args = parser.parse_args()
    observe = args.mode == "observe"
    for seed in range(args.matches):
        state = cardrules.new_game(args.game, players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if observe:
                seat = state.current_player
                assert seat is not None
                state.observation_tensor(seat)
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])


if __name__ == "__main__":
    main()
