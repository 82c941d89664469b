"""Time Toonerville Rook's contract search and print median and worst case.

    python benchmarks/contract_search.py [--hands 10000]

Hands:
- random: for each of the 11 rounds, hands of that round's size plus the card
  drawn, dealt from 3, 4 or 5 shuffled Rook decks (``--hands`` in all);
- adversarial: several Rooks (2-4), many duplicates (5 decks, two colours,
  numbers 3-10), in the shapes of round 10 (four runs, 17 cards) and round 11
  (two runs and two sets, whole hand, 15 cards), plus rounds 3 and 6.

For each group it times ``find_lay_down`` (the best lay-down) and
``can_lay_down`` (existence only), cold: the search's per-colour caches are
emptied before every call, so no hand profits from an earlier one. As
``timeit`` does, the garbage collector is paused while a call is timed.
Targets: median under 0.2 ms, worst under 5 ms.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence

from cardrules_rook import CONTRACTS, ROOK, Card, Contract, game_deck
from cardrules_rook.search import can_lay_down, find_lay_down, run_plans
from cardrules_rook.search import contract as search_module

Hand = tuple[list[Card], Contract]


def random_hands(count: int, rng: random.Random) -> list[Hand]:
    hands: list[Hand] = []
    for i in range(count):
        contract = CONTRACTS[i % len(CONTRACTS)]
        deck = game_deck(rng.choice((3, 4, 5))).cards()
        rng.shuffle(deck)
        hands.append((deck[: contract.cards + 1], contract))
    return hands


def adversarial_hands(count: int, rng: random.Random, round_index: int, rooks: int) -> list[Hand]:
    contract = CONTRACTS[round_index]
    naturals = [card for card in game_deck(5).cards() if not card.is_rook]
    hands: list[Hand] = []
    for _ in range(count):
        colours = rng.sample("RYGB", 2)
        pool = [c for c in naturals if c.colour in colours and 3 <= c.number <= 10]
        hand = rng.sample(pool, contract.cards + 1 - rooks) + [ROOK] * rooks
        hands.append((hand, contract))
    return hands


def timed(hands: Sequence[Hand], search: Callable[[Hand], object]) -> tuple[float, float, int]:
    times: list[float] = []
    found = 0
    for hand in hands:
        run_plans.span_sets.cache_clear()
        run_plans.colour_plans.cache_clear()
        search_module._search_memo.cache_clear()
        gc.disable()
        start = time.perf_counter()
        result = search(hand)
        times.append(time.perf_counter() - start)
        gc.enable()
        found += bool(result)
    return statistics.median(times) * 1e3, max(times) * 1e3, found


def _find(hand: Hand) -> object:
    cards, c = hand
    return find_lay_down(cards, sets=c.sets, runs=c.runs, whole_hand=c.whole_hand)


def _can(hand: Hand) -> object:
    cards, c = hand
    return can_lay_down(cards, sets=c.sets, runs=c.runs, whole_hand=c.whole_hand)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="random hands in all")
    parser.add_argument("--adversarial", type=int, default=300, help="hands per adversarial group")
    args = parser.parse_args()
    rng = random.Random(2026)
    groups: list[tuple[str, list[Hand]]] = [
        (f"random, all 11 rounds ({args.hands} hands)", random_hands(args.hands, rng))
    ]
    for round_index in (9, 10, 2, 5):
        for rooks in (2, 3, 4):
            label = f"adversarial round {round_index + 1} ({CONTRACTS[round_index]}), {rooks} Rooks"
            groups.append((label, adversarial_hands(args.adversarial, rng, round_index, rooks)))
    print(f"{'hands':58} {'search':6} {'median ms':>9} {'worst ms':>9} {'found':>6}")
    for label, hands in groups:
        for name, search in (("find", _find), ("can", _can)):
            median, worst, found = timed(hands, search)
            print(f"{label:58} {name:6} {median:9.3f} {worst:9.2f} {found:6}")


if __name__ == "__main__":
    main()
