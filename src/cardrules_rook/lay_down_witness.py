"""Cards that let a player part way through a lay-down finish it (R11), for determinization.

A player who has begun a lay-down (laid some of the contract's melds this turn,
``lay_down_left``) can always finish it: a meld is a step only when a whole
lay-down contains it (R11), and everyone sees the steps. A sampled state must
agree, so the hand dealt to that player must hold the rest of the contract.
Dealing the hidden cards at random and drawing again until it does can take
thousands of deals when the rest needs particular cards (two runs, four sets).

`witness_cards` picks such a rest directly: the melds still owed, made of the
player's known cards and cards it may hold, one meld at a time, each chosen
at random among the melds that still fit (so every way to make them can be
the one picked; a construction that gets stuck starts again).
`cardrules_rook.determinize` puts those cards in the player's hand first and
deals the other hidden cards as usual.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardrules_rook.cards import ROOK_CODE
from cardrules_rook.melds import MeldRules
from cardrules_rook.search.hand_melds import CODES, KIND, meld_candidates

__all__ = ["RESTARTS", "witness_cards"]

#: Fresh starts of the random construction before giving up (a sample then falls back).
RESTARTS = 20


def witness_cards(
    known: Sequence[int],
    pool: Sequence[int],
    room: int,
    *,
    sets: int,
    runs: int,
    rules: MeldRules,
    rng: random.Random,
) -> list[int] | None:
    """Cards to add to a hand so that it holds ``sets`` sets and ``runs`` runs (R7, R8, R11).

    Args:
        known: 57 counts by code: the cards known to be in the hand.
        pool: 57 counts: the cards that may be added (the unseen cards).
        room: how many cards may be added at most (the hand's unknown part).
        sets: sets still to lay down.
        runs: runs still to lay down.
        rules: how many Rooks a meld may hold (R13 and the variants).
        rng: the generator: the melds are tried in a random order.

    Returns:
        57 counts, at most ``room`` cards, each within ``pool``, such that
        ``known`` plus them make the melds; ``None`` if `RESTARTS` random
        constructions all got stuck.
    """
    potential = [k + p for k, p in zip(known, pool, strict=True)]
    # The shortest melds only (a set of 3, a run of 4), listed from a hand with
    # no more copies than one of them uses: few to list, and every hand that
    # makes longer melds nearly always makes such ones within them.
    capped = [min(count, 3) for count in potential[:ROOK_CODE]] + [min(potential[ROOK_CODE], 2)]
    candidates = [
        (candidate[KIND] == "set", tuple(Counter(candidate[CODES]).items()))
        for candidate in meld_candidates(capped, sets=sets > 0, runs=runs > 0, rules=rules)
        if len(candidate[CODES]) == (3 if candidate[KIND] == "set" else 4)
    ]
    for _ in range(RESTARTS):
        used = [0] * 57
        needed = 0
        left = {True: sets, False: runs}
        while left[True] or left[False]:
            fitting = []
            for is_set, tally in candidates:
                if not left[is_set]:
                    continue
                more = 0
                for code, count in tally:
                    after = used[code] + count
                    if after > potential[code]:
                        break
                    more += max(0, after - max(used[code], known[code]))
                else:
                    if needed + more <= room:
                        fitting.append((is_set, tally, more))
            if not fitting:
                break
            is_set, tally, more = rng.choice(fitting)
            for code, count in tally:
                used[code] += count
            needed += more
            left[is_set] -= 1
        else:
            return [max(0, u - k) for u, k in zip(used, known, strict=True)]
    return None
