"""Play many seeded bot matches of Gnoming A Round and print what they show.

    python benchmarks/gnoming_matches.py [--matches 1000]

Part 1: random-bot matches over 3-7 players; after every decision every card
must be in exactly one place (110 in all) and every match must finish.
Part 2: the same seeds with greedy and random bots on alternating seats; prints
each bot's mean round-total score (lower is better). Exits 1 if a check fails.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter

import cardrules
from cardrules.bots import Bot, RandomBot, play_match
from cardrules_gnoming.bots import GreedyBot


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    args = parser.parse_args()

    start = time.perf_counter()
    decisions = unfinished = miscounted = 0
    for seed in range(args.matches):
        players = 3 + seed % 5
        state = cardrules.new_game("gnoming-a-round", players=players, seed=seed)
        expected = Counter(state.game.deck.as_dict())
        bots: list[Bot] = [RandomBot(seed * 10 + s) for s in range(players)]

        def check(state: cardrules.GameState, expected: Counter[object] = expected) -> None:
            nonlocal miscounted
            rs = state.round_state if not state.is_over else state.finished_rounds[-1]
            if Counter(rs.all_cards()) != expected:
                miscounted += 1

        result = play_match(
            state, bots, max_decisions=100_000, after_move=lambda s, _seat, _move: check(s)
        )
        decisions += result.decisions
        unfinished += not result.finished
    elapsed = time.perf_counter() - start
    print(
        f"random bots: {args.matches} matches (3-7 players), {decisions} decisions in "
        f"{elapsed:.1f} s ({decisions / elapsed:,.0f} decisions/s)"
    )
    print(f"  unfinished or truncated matches: {unfinished}")
    print(
        f"  decisions after which a card was missing or doubled: {miscounted} "
        f"(110 cards checked after every decision)"
    )

    scores: dict[str, list[int]] = {"greedy": [], "random": []}
    start = time.perf_counter()
    for seed in range(args.matches):
        players = 3 + seed % 5
        state = cardrules.new_game("gnoming-a-round", players=players, seed=seed)
        kinds = ["greedy" if (s + seed) % 2 else "random" for s in range(players)]
        bots = [
            GreedyBot(seed * 10 + s) if k == "greedy" else RandomBot(seed * 10 + s)
            for s, k in enumerate(kinds)
        ]
        play_match(state, bots)
        for seat, kind in enumerate(kinds):
            scores[kind].append(state.scores[seat])
    elapsed = time.perf_counter() - start
    print(f"greedy vs random: {args.matches} matches in {elapsed:.1f} s")
    for kind, values in scores.items():
        print(
            f"  {kind:6} mean match total {statistics.mean(values):7.2f} "
            f"(sd {statistics.stdev(values):.1f}, {len(values)} seat-matches)"
        )
    ok = (
        not unfinished
        and not miscounted
        and (statistics.mean(scores["greedy"]) < statistics.mean(scores["random"]))
    )
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
