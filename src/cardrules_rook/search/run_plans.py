"""Runs of one colour for the contract search (R7, R11, R13): every way a colour's cards make runs.

`span_sets` lists, for one colour's cards and the Rooks held, the multisets of
runs (as number spans) they could make, each using a held card wherever it
can. `colour_plans` then keeps, for each way the runs could leave cards to the
sets at given set numbers, the best plan per (runs, Rooks, cards left to the
sets, spare Rook room). Both are cached: a colour's cards recur across the
many searches of a turn. `cardrules_rook.search` combines the colours.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations, product
from typing import NamedTuple

from cardrules_rook.melds import MeldRules, RulesKey, rules_of_key

__all__ = [
    "NUMBER_POINTS",
    "ColourPlan",
    "Span",
    "SpanSet",
    "assign_naturals",
    "colour_plans",
    "run_need",
    "run_room",
    "span_sets",
]

#: Points of a natural card by number (R17); index 0 unused.
NUMBER_POINTS = (0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10)


Span = tuple[int, int]


def run_need(length: int, rules: MeldRules) -> int:
    """Natural cards a run of this length needs (R13 interpretation)."""
    need = rules.min_naturals
    if rules.naturals_exceed_rooks:
        need = max(need, length // 2 + 1)
    return need


class SpanSet(NamedTuple):
    """Runs of one colour as spans, with what they use when they take every card they can.

    (A named tuple, not an attrs class: the search makes tens of thousands.)
    """

    spans: tuple[Span, ...]
    cover: tuple[int, ...]  # runs over each number (index 0 unused)
    used: tuple[int, ...]  # natural cards the runs use per number
    rooks: int  # Rooks the runs need
    points: int  # points of the natural cards used
    leftover: int  # natural cards of the colour the runs leave
    valid: bool  # every run gets the natural cards it needs
    room: int  # spare Rooks the runs could still take at their ends


@functools.lru_cache(maxsize=4096)
def span_sets(
    h: tuple[int, ...], rooks: int, max_runs: int, rules_key: RulesKey
) -> tuple[SpanSet, ...]:
    """Multisets of at most ``max_runs`` spans one colour can fill.

    ``h[n]`` holds the colour's count of number ``n`` (index 0 unused). A span
    qualifies if it could hold enough natural cards and its gaps fit in the
    Rooks; a multiset qualifies if the Rooks it needs (coverage beyond the cards
    held) fit. ``rules_key``: the meld rules' `MeldRules.cache_key` (remembered under
    it).
    """
    rules = rules_of_key(rules_key)
    spans: list[Span] = []
    for low in range(1, 12):
        missing = present = 0
        for high in range(low, 15):
            if h[high]:
                present += 1
            else:
                missing += 1
                if missing > rooks:
                    break
            length = high - low + 1
            if length < 4 or present < run_need(length, rules):
                continue
            # A longer run with a Rook at an end is this run less that Rook plus a
            # spare Rook placed back at the end, so only length 4 keeps Rook ends.
            if length == 4 or (h[low] and h[high]):
                spans.append((low, high))
    budget = sum(h) + rooks
    total = sum(h)
    found: list[SpanSet] = []
    cover = [0] * 15
    used = [0] * 15
    chosen: list[Span] = []
    # Running figures are passed down the recursion: natural cards used and their
    # points, numbers where runs compete for too few cards, spare end room.

    def record(need: int, n_used: int, points: int, contested: int, room: int) -> None:
        if contested or rules.naturals_exceed_rooks:
            holds = assign_naturals(chosen, used, cover, rules) if chosen else []
            valid = holds is not None
            room = run_room(chosen, holds, rules) if holds is not None else 0
        else:
            # Every run holds each of its numbers the colour has a card of, and
            # the span list only has spans with enough of those.
            valid = True
        found.append(
            SpanSet(
                tuple(chosen), tuple(cover), tuple(used), need, points, total - n_used, valid, room
            )
        )

    def add(low: int, high: int, step: int) -> tuple[int, int, int]:
        """Add (``step`` 1) or take away (-1) a run: change in cards used, points, contested."""
        d_used = d_points = d_contested = 0
        for n in range(low, high + 1):
            before = cover[n]
            after = before + step
            cover[n] = after
            held = h[n]
            if held:
                gained = min(after, held) - min(before, held)
                if gained:
                    used[n] += gained
                    d_used += gained
                    d_points += gained * NUMBER_POINTS[n]
                d_contested += (after > held) - (before > held)
        return d_used, d_points, d_contested

    def go(
        start: int, length_used: int, need: int, n_used: int, points: int, contested: int, room: int
    ) -> None:
        record(need, n_used, points, contested, room)
        if len(chosen) == max_runs:
            return
        for index in range(start, len(spans)):
            low, high = spans[index]
            length = high - low + 1
            if length_used + length > budget:
                continue
            extra = 0
            for n in range(low, high + 1):
                if cover[n] >= h[n]:
                    extra += 1
            if need + extra > rooks:
                continue
            d_used, d_points, d_contested = add(low, high, 1)
            chosen.append((low, high))
            go(
                index,
                length_used + length,
                need + extra,
                n_used + d_used,
                points + d_points,
                contested + d_contested,
                room + 14 - length,
            )
            chosen.pop()
            add(low, high, -1)

    go(0, 0, 0, 0, 0, 0, 0)
    return tuple(found)


def run_room(spans: Sequence[Span], holds: Sequence[set[int]], rules: MeldRules) -> int:
    """Spare Rooks these runs could take at their ends (R7: at most 14 long; R13 rule)."""
    room = 0
    for (low, high), held in zip(spans, holds, strict=True):
        length = high - low + 1
        free = 14 - length
        if rules.naturals_exceed_rooks:
            free = min(free, len(held) - (length - len(held)) - 1)
        room += max(free, 0)
    return room


def assign_naturals(
    spans: Sequence[Span], naturals: Sequence[int], cover: Sequence[int], rules: MeldRules
) -> list[set[int]] | None:
    """Give each run the numbers where it uses a natural card, meeting every run's need.

    ``naturals[n]`` cards of number ``n`` are shared by the ``cover[n]`` runs
    over it (one each). Returns per run the numbers it holds naturally, or None.
    """
    holds: list[set[int]] = [set() for _ in spans]
    contested: list[tuple[int, list[int]]] = []
    for n in range(1, 15):
        if not cover[n] or not naturals[n]:
            continue
        over = [i for i, (lo, hi) in enumerate(spans) if lo <= n <= hi]
        if naturals[n] >= cover[n]:
            for i in over:
                holds[i].add(n)
        else:
            contested.append((n, over))
    needs = [run_need(hi - lo + 1, rules) for lo, hi in spans]
    if not contested:
        ok = all(len(held) >= need for held, need in zip(holds, needs, strict=True))
        return holds if ok else None

    def go(k: int) -> bool:
        if k == len(contested):
            return all(len(holds[i]) >= needs[i] for i in range(len(spans)))
        n, over = contested[k]
        for chosen in combinations(over, naturals[n]):
            for i in chosen:
                holds[i].add(n)
            if go(k + 1):
                return True
            for i in chosen:
                holds[i].discard(n)
        return False

    return holds if go(0) else None


class ColourPlan(NamedTuple):
    """Runs of one colour: spans, cards taken at each set number, Rooks, points."""

    spans: tuple[Span, ...]
    takes: tuple[int, ...]
    rooks: int
    points: int
    leftover: int
    naturals: tuple[int, ...]  # cards used by the runs per number (index 0 unused)
    room: int  # spare Rooks the runs could take at their ends


@functools.lru_cache(maxsize=4096)
def colour_plans(
    h: tuple[int, ...],
    rooks: int,
    max_runs: int,
    set_numbers: tuple[int, ...],
    rules_key: RulesKey,
    whole: bool,
    track_room: bool,
) -> dict[tuple[int, int, tuple[int, ...], int], ColourPlan]:
    """The best run plan of one colour per (runs, Rooks, cards taken at set numbers, room).

    At a set number the runs may leave cards to the sets and use Rooks instead;
    the cards of set numbers count for the sets, not here. ``room`` (spare
    Rooks the runs could take, capped at the Rooks held) is kept apart only when
    ``track_room``: when spare Rooks cannot all go into sets. ``rules_key``: the
    meld rules' `MeldRules.cache_key` (remembered under it).
    """
    rules = rules_of_key(rules_key)
    best: dict[tuple[int, int, tuple[int, ...], int], ColourPlan] = {}
    for entry in span_sets(h, rooks, max_runs, rules_key):
        used = entry.used
        points = entry.points
        leftover = entry.leftover
        for n in set_numbers:
            points -= used[n] * NUMBER_POINTS[n]
            leftover -= h[n] - used[n]
        if whole and leftover:
            continue
        choices = [range(used[n], -1, -1) for n in set_numbers]
        at_set_numbers = sum(used[n] for n in set_numbers)
        for takes in product(*choices):
            reduced = at_set_numbers - sum(takes)  # cards left to the sets, Rooks instead
            run_rooks = entry.rooks + reduced
            if run_rooks > rooks:
                continue
            room = entry.room
            if reduced:
                naturals = list(used)
                for n, t in zip(set_numbers, takes, strict=True):
                    naturals[n] = t
                holds = assign_naturals(entry.spans, naturals, entry.cover, rules)
                if holds is None:
                    continue
                kept = tuple(naturals)
                room = run_room(entry.spans, holds, rules)
            elif not entry.valid:
                continue
            else:
                kept = used
            key = (len(entry.spans), run_rooks, takes, min(room, rooks) if track_room else 0)
            old = best.get(key)
            if old is None or points > old.points:
                best[key] = ColourPlan(entry.spans, takes, run_rooks, points, leftover, kept, room)
    return best
