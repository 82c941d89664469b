"""How often search wins a hand of Crazy Eights against two random bots, and what bounds it.

    python examples/cardrules-crazy-eights/benchmarks/search_vs_random.py
    python examples/cardrules-crazy-eights/benchmarks/search_vs_random.py --hands 300 --bots greedy

Each bot plays the same seeded hands (seeds ``--first-seed`` on; 3 players,
its seat rotating with the seed, two `RandomBot`s in the other seats) and the
hands it wins outright are counted, with a 95% interval (normal
approximation). The bots:

* ``random``: a `RandomBot` in that seat too (a third of the hands, by symmetry);
* ``greedy``: plays a fitting card of the suit it holds most, keeps its eights
  for when nothing else fits (naming its longest suit), never draws by choice;
* ``ismcts``: `ISMCTSBot` as the example's test runs it (random rollouts
  capped at 10 moves, scored by the game's count estimate);
* ``win``: `ISMCTSBot` playing for the hand (``objective="win"``), its rollouts
  to the end of the hand, the greedy policy for its own seat and random moves
  for the others (the opponents it faces);
* ``win-sees-hands``: the same search, sampling states that hold the other
  players' real hands (only the stock's order is drawn): not a legal player,
  a bound on what reading the opponents' hands could be worth;
* ``win-sees-all``: the same, searching the real state itself (hands and
  the stock's order).

The last two see more than the rules let a seat see, through the bot's
``sample`` parameter; they measure how much of the hand is luck that no
honest play removes.

This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from cardrules_crazy_eights import NAME, Eight, Play, points

from cardrules import GameState, Move, new_game, play_match
from cardrules.bots import RandomBot
from cardrules.bots.search import ISMCTSBot, estimated_scores, random_policy
from cardrules.model import Rank, Suit

BOTS = ("random", "greedy", "ismcts", "win", "win-sees-hands", "win-sees-all")


def greedy_move(hand: list[Any], legal: Sequence[Move]) -> Move:
    """A fitting card of the longest suit (the highest count first); else an eight
    naming that suit; else draw or pass."""
    suits = Counter(card.suit for card in hand if card.rank is not Rank.EIGHT)
    plays = [move for move in legal if isinstance(move, Play)]
    if plays:
        return max(plays, key=lambda move: (suits[move.card.suit], points(move.card)))
    eights = [move for move in legal if isinstance(move, Eight)]
    if eights:
        longest = max(Suit, key=lambda suit: suits[suit])
        return next(move for move in eights if move.suit is longest)
    return legal[0]


class GreedyBot:
    """`greedy_move` on the seat's own hand, as a bot."""

    def choose(self, observation: Any) -> Move:
        hand = list(observation.table.place("hand", observation.seat).cards)
        return greedy_move(hand, list(observation.legal_moves))


def own_greedy_others_random(seat: int) -> Callable[[GameState, random.Random], Move]:
    """A rollout policy: greedy for ``seat``, uniformly random for the others."""

    def policy(state: GameState, rng: random.Random) -> Move:
        if state.current_player != seat:
            return random_policy(state, rng)
        hand = list(state.round_state.table.cards(("hand", seat)))
        return greedy_move(hand, state.legal_moves())

    return policy


def real_state(real: GameState, sees: str) -> Callable[[Any, random.Random], GameState]:
    """A sampler that ignores the observation: ``real`` itself (``sees="all"``), or
    with its stock shuffled (``"hands"``). Not a legal player: a bound."""

    def sample(observation: Any, rng: random.Random) -> GameState:
        state = real.clone()
        if sees == "hands":
            state.round_state.table.shuffle("stock", rng)
        return state

    return sample


def make(name: str, seat: int, seed: int, iterations: int, real: GameState) -> Any:
    game = real.game
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot()
    if name == "ismcts":
        return ISMCTSBot(
            game, iterations=60, seed=seed, rollout="random", evaluate=estimated_scores,
            max_rollout_moves=10,
        )  # fmt: skip
    sees = name.removeprefix("win-sees-")
    return ISMCTSBot(
        game,
        iterations=iterations,
        seed=seed,
        exploration=0.7,
        objective="win",
        max_rollout_moves=None,
        rollout=own_greedy_others_random(seat),
        sample=None if name == "win" else real_state(real, sees),
    )


def hands_won(name: str, seeds: range, iterations: int) -> int:
    won = 0
    for seed in seeds:
        seat = seed % 3
        state = new_game(NAME, players=3, seed=seed, options={"target": 1})
        bots: list[Any] = [RandomBot(seed * 3 + s) for s in range(3)]
        bots[seat] = make(name, seat, seed, iterations, state)
        play_match(state, bots)
        won += state.winners == (seat,)
    return won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=200, help="for the win searches")
    parser.add_argument("--bots", nargs="+", choices=BOTS, default=list(BOTS))
    args = parser.parse_args(argv)
    seeds = range(args.first_seed, args.first_seed + args.hands)
    print(f"Crazy Eights, 3 players, seeds {seeds.start}-{seeds.stop - 1}, against two random bots")
    print(f"{'bot':<16} {'won':>9} {'share':>7} {'95% interval':>15} {'s/hand':>7}")
    for name in args.bots:
        start = time.perf_counter()
        won = hands_won(name, seeds, args.iterations)
        share = won / args.hands
        half = 1.96 * math.sqrt(share * (1 - share) / args.hands)
        spent = (time.perf_counter() - start) / args.hands
        print(
            f"{name:<16} {won:>4}/{args.hands:<4} {share:>7.0%} "
            f"{max(0, share - half):>7.0%}-{min(1, share + half):<7.0%} {spent:>7.2f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
