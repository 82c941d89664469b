"""Play many seeded bot matches of a game and print what they show.

    python benchmarks/bot_matches.py gnoming-a-round --matches 1000
    python benchmarks/bot_matches.py toonerville-rook --matches 200

1. Random bots over the game's player range: after every decision every card
   of the deck must be in exactly one place (cards removed from the match
   included: Gnoming's removed Hazards stay out of play in later rounds, G15),
   and every match must finish.
2. Greedy bots only: matches finish; how often a round ends with a player
   going out (the greedy bot should go out in most rounds).
3. Greedy and random bots on alternating seats, same seeds: each bot's mean
   match total (lower is better).

Exits 1 if a check fails: a card missing or doubled, a match that does not
finish, or greedy not scoring lower than random on average.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from itertools import pairwise
from typing import Any

import cardrules
from cardrules.bots import Bot, RandomBot, play_match
from cardrules.bots.loading import bot_factories
from cardrules.plugins.registry import default_catalogue


def _went_out(round_state: Any) -> bool:
    """Whether a round ended by a player going out (Rook) or by an ender (Gnoming)."""
    return getattr(round_state, "went_out", None) is not None or (
        getattr(round_state, "ended_by", None) == "ender"
    )


def _stays_out(state: cardrules.GameState) -> bool:
    """Cards removed from the match stay out of play in every later round (Gnoming, G15)."""
    if getattr(state.game.options, "hazards_return_each_round", True):
        return True
    rounds = [*state.finished_rounds, *([] if state.is_over else [state.round_state])]
    return all(
        list(later.out_of_play[: len(earlier.out_of_play)]) == list(earlier.out_of_play)
        for earlier, later in pairwise(rounds)
    )


def _random_matches(game: str, matches: int, sizes: range, cap: int) -> bool:
    start = time.perf_counter()
    decisions = unfinished = miscounted = 0
    for seed in range(matches):
        players = sizes[seed % len(sizes)]
        state = cardrules.new_game(game, players=players, seed=seed)
        expected = Counter(state.game.deck.as_dict())

        def check(state: cardrules.GameState, expected: Counter[Any] = expected) -> None:
            nonlocal miscounted
            rs = state.round_state if not state.is_over else state.finished_rounds[-1]
            if Counter(rs.all_cards()) != expected or not _stays_out(state):
                miscounted += 1

        bots: list[Bot] = [RandomBot(seed * 10 + s) for s in range(players)]
        result = play_match(
            state, bots, max_decisions=cap, after_move=lambda s, _seat, _move: check(s)
        )
        decisions += result.decisions
        unfinished += not result.finished
    elapsed = time.perf_counter() - start
    print(
        f"{game}, random bots: {matches} matches ({sizes[0]}-{sizes[-1]} players), "
        f"{decisions} decisions in {elapsed:.1f} s ({decisions / elapsed:,.0f} decisions/s)"
    )
    print(f"  matches not finished (truncated at {cap:,} decisions): {unfinished}")
    print(
        f"  decisions after which a card was missing or doubled: {miscounted} "
        "(every card of the deck checked after every decision)"
    )
    return not unfinished and not miscounted


def _greedy_matches(game: str, matches: int, sizes: range, cap: int, greedy: Any) -> bool:
    start = time.perf_counter()
    rounds = out = unfinished = 0
    for seed in range(matches):
        players = sizes[seed % len(sizes)]
        state = cardrules.new_game(game, players=players, seed=seed)
        bots = [greedy(seed * 10 + s) for s in range(players)]
        result = play_match(state, bots, max_decisions=cap)
        unfinished += not result.finished
        rounds += len(state.finished_rounds)
        out += sum(_went_out(r) for r in state.finished_rounds)
    elapsed = time.perf_counter() - start
    print(
        f"{game}, greedy bots: {matches} matches in {elapsed:.1f} s; not finished: "
        f"{unfinished}; rounds ended by a player going out: {out}/{rounds} "
        f"({100 * out / max(rounds, 1):.0f}%)"
    )
    return not unfinished


def _greedy_against_random(game: str, matches: int, sizes: range, cap: int, greedy: Any) -> bool:
    scores: dict[str, list[int]] = {"greedy": [], "random": []}
    start = time.perf_counter()
    for seed in range(matches):
        players = sizes[seed % len(sizes)]
        state = cardrules.new_game(game, players=players, seed=seed)
        kinds = ["greedy" if (s + seed) % 2 else "random" for s in range(players)]
        bots: list[Bot] = [
            greedy(seed * 10 + s) if kind == "greedy" else RandomBot(seed * 10 + s)
            for s, kind in enumerate(kinds)
        ]
        play_match(state, bots, max_decisions=cap)
        for seat, kind in enumerate(kinds):
            scores[kind].append(state.scores[seat])
    elapsed = time.perf_counter() - start
    print(f"{game}, greedy vs random on alternating seats: {matches} matches in {elapsed:.1f} s")
    for kind, values in scores.items():
        print(
            f"  {kind:6} mean match total {statistics.mean(values):8.2f} "
            f"(sd {statistics.stdev(values):.1f}, {len(values)} seat-matches)"
        )
    return statistics.mean(scores["greedy"]) < statistics.mean(scores["random"])


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game", help="a registered game name")
    parser.add_argument("--matches", type=int, default=200, help="random-bot matches")
    parser.add_argument(
        "--greedy-matches",
        type=int,
        default=None,
        help="matches for the two greedy parts (default: --matches)",
    )
    parser.add_argument("--max-decisions", type=int, default=200_000, help="cap per match")
    args = parser.parse_args()
    spec = default_catalogue().game(args.game)
    sizes = range(spec.min_players, spec.max_players + 1)
    greedy = bot_factories(spec.bots)["greedy"]
    cap = args.max_decisions
    ok = _random_matches(args.game, args.matches, sizes, cap)
    greedy_matches = args.greedy_matches or args.matches
    ok &= _greedy_matches(args.game, greedy_matches, sizes, cap, greedy)
    ok &= _greedy_against_random(args.game, greedy_matches, sizes, cap, greedy)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
