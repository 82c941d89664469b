"""Contract search: find a lay-down that meets a contract, or prove there is none (R11).

Given a hand (a multiset: identical cards from different decks are one card,
R2) and a contract of ``sets`` sets and ``runs`` runs, `find_lay_down`
returns the lay-down that leaves the fewest points in hand (R17 values), melds
as long as the cards allow; ``whole_hand=True`` requires every card to be melded
(round 11, R12). `can_lay_down` answers only whether one exists.

How it works (exact, and fast because colours are independent):

1. Choose the set plan: which numbers the sets use and how many sets each. A
   set takes every natural card of its number that no run takes.
2. For each colour alone, list the run plans: multisets of spans (low, high)
   with the Rooks each needs. A run uses a held card wherever it can, except
   that at a set number it may leave the card to the sets and use a Rook.
   Each colour's spans are enumerated once per hand colour and cached
   (`cardrules_rook.search.run_plans`).
3. Combine the colours by dynamic programming over (runs, Rooks, cards taken
   from each set number), keeping the best points per combination.
4. Spare Rooks go into the sets (a set may be any length), or are already in
   the runs as Rook-filled ends.

Before any of this, `cardrules_rook.search.shortcuts` settles most hands at
once: a necessary condition on the Rooks the runs (or sets) need proves many
hands cannot meet the contract, and when only some lay-down is wanted
(`can_lay_down`, ``find_lay_down(best=False)``) a greedy pass usually finds
one. Neither changes an answer.

All of this assumes the game's own meld rules and R17's points. When a
variant decides which melds are valid (hook ``rook_meld_valid``: ``rules``
has a ``judge``), every search here takes the exact path of
`cardrules_rook.search.exact`; so does ``find_lay_down(best=True)`` given
``points`` other than R17's (hook ``rook_card_points``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence

import attrs

from cardrules_rook.cards import COLOURS, POINTS, ROOK_CODE, Card, cards_of_counts
from cardrules_rook.melds import (
    DEFAULT_MELD_RULES,
    Meld,
    MeldRules,
    RulesKey,
    RunMeld,
    SetMeld,
    rules_of_key,
    trusted_run,
    trusted_set,
)
from cardrules_rook.search.exact import exact_lay_down, points_left
from cardrules_rook.search.hand_melds import possible_melds
from cardrules_rook.search.run_plans import NUMBER_POINTS as _PTS
from cardrules_rook.search.run_plans import ColourPlan, assign_naturals, colour_plans
from cardrules_rook.search.shortcuts import (
    place_rooks,
    quick_lay_down,
    runs_possible,
    sets_possible,
    sets_rooks,
)
from cardrules_rook.search.whole_hand import could_meld_every_card

__all__ = ["FoundLayDown", "can_lay_down", "find_lay_down", "hand_counts", "possible_melds"]


@attrs.frozen
class FoundLayDown:
    """A lay-down meeting a contract.

    Attributes:
        melds: the runs (by colour), then the sets.
        left: the cards left in hand, in code order.
        points_left: what ``left`` would score (R17).
    """

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    points_left: int


def hand_counts(cards: Iterable[Card]) -> list[int]:
    """The hand as 57 counts indexed by card code (56 is the Rook)."""
    counts = [0] * 57
    for card in cards:
        counts[card.code] += 1
    return counts


# ------------------------------------------------------------------ sets


def set_need(rules: MeldRules) -> int:
    """Natural cards a set needs (R13 interpretation); with more-naturals-than-Rooks, 2."""
    return max(rules.min_naturals, 2) if rules.naturals_exceed_rooks else rules.min_naturals


def _set_plans(
    totals: Sequence[int], sets: int, rules: MeldRules
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Each way to spread ``sets`` sets over numbers: ``((number, sets of it), ...)``."""
    need = set_need(rules)
    numbers = sorted((n for n in range(1, 15) if totals[n] >= need), key=lambda n: -totals[n])
    return _spread(numbers, totals, need, 0, sets, [])


def _spread(
    numbers: Sequence[int],
    totals: Sequence[int],
    need: int,
    i: int,
    left: int,
    plan: list[tuple[int, int]],
) -> Iterator[tuple[tuple[int, int], ...]]:
    """`_set_plans` from ``numbers[i:]`` with ``left`` sets to place (a module-level
    recursion: a nested one would leave a reference cycle for the garbage collector)."""
    if left == 0:
        yield tuple(plan)
        return
    if i == len(numbers):
        return
    n = numbers[i]
    for j in range(min(left, totals[n] // need), -1, -1):
        if j:
            plan.append((n, j))
        yield from _spread(numbers, totals, need, i + 1, left - j, plan)
        if j:
            plan.pop()


# ------------------------------------------------------------------ the search


@attrs.frozen
class _Found:
    points: int
    plans: tuple[ColourPlan, ...]
    set_plan: tuple[tuple[int, int], ...]
    placed: int


_Key = tuple[int, int, tuple[int, ...], int]


@functools.lru_cache(maxsize=8192)
def _search_memo(
    counts: tuple[int, ...],
    sets: int,
    runs: int,
    whole: bool,
    key: RulesKey,
    first_only: bool,
    min_rooks: int,
) -> _Found | None:
    """`_search`, remembered: listing lay-down steps and searching ahead ask again and again.

    Every caller has already found `runs_possible` true for these counts and
    runs, and for the whole hand `could_meld_every_card` too (both shortcuts
    only: the search alone is exact). ``key``: the meld rules' `MeldRules.cache_key`.
    """
    return _search(counts, sets, runs, whole, rules_of_key(key), first_only, min_rooks)


def _search(
    counts: Sequence[int],
    sets: int,
    runs: int,
    whole: bool,
    rules: MeldRules,
    first_only: bool,
    min_rooks: int = 0,
) -> _Found | None:
    rooks = counts[ROOK_CODE]
    colours = [(0, *counts[ci * 14 : ci * 14 + 14]) for ci in range(4)]
    totals = [sum(h[n] for h in colours) for n in range(15)]
    need_per_set = set_need(rules)
    rules_key = rules.cache_key
    # Spare Rooks all fit in a set unless there is none, or the R13 rule limits sets.
    # A first lay-down that need not meld every Rook leaves the spare ones in
    # hand, so where they could go does not matter.
    lazy = first_only and not whole and min_rooks == 0
    track_room = (sets == 0 or rules.naturals_exceed_rooks) and not lazy
    best: _Found | None = None
    if runs == 0:
        return _sets_only(totals, sets, rooks, whole, rules, first_only, min_rooks)
    if sets:
        # The sets need at least these Rooks from the whole hand, and the runs'
        # bound the rest (they share the Rooks and take disjoint cards).
        least = sets_rooks(totals, sets, need_per_set)
        if least is None or not runs_possible(counts, runs, rules, rooks - least):
            return None
        hand = tuple(counts)
        if _sets_only(totals, sets, rooks, False, rules, True, 0) is None or (
            quick_lay_down(hand, 0, runs, rules) is None
            and _search_memo(hand, 0, runs, False, rules_key, True, 0) is None
        ):
            # The sets, or the runs, cannot be made even without the others (the
            # others only take cards and Rooks away): no need to try set plans.
            # (The runs alone are mostly found at once, greedily.)
            return None
    all_points = sum(totals[n] * _PTS[n] for n in range(1, 15)) + 25 * rooks
    for set_plan in _set_plans(totals, sets, rules):
        numbers = tuple(n for n, _ in set_plan)
        if best is not None and best.points >= all_points:
            break  # nothing can beat melding every card
        caps = [totals[n] - need_per_set * j for n, j in set_plan]
        states: dict[_Key, tuple[int, tuple[ColourPlan, ...]]] = {
            (0, 0, (0,) * len(numbers), 0): (0, ())
        }
        for h in colours:
            options = colour_plans(h, rooks, runs, numbers, rules_key, whole, track_room)
            merged: dict[_Key, tuple[int, tuple[ColourPlan, ...]]] = {}
            for (j, q, taken, room), (points, chosen) in states.items():
                for (pj, pq, ptakes, proom), plan in options.items():
                    nj, nq = j + pj, q + pq
                    if nj > runs or nq > rooks:
                        continue
                    ntaken = tuple(a + b for a, b in zip(taken, ptakes, strict=True))
                    if any(t > cap for t, cap in zip(ntaken, caps, strict=True)):
                        continue
                    key = (nj, nq, ntaken, min(room + proom, rooks))
                    value = points + plan.points
                    old = merged.get(key)
                    if old is None or value > old[0]:
                        merged[key] = (value, (*chosen, plan))
            states = merged
        set_points = sum(totals[n] * _PTS[n] for n in numbers)
        for (j, q, taken, run_room), (points, chosen) in states.items():
            if j != runs:
                continue
            deficit = 0
            set_room = 0
            for (n, count), t in zip(set_plan, taken, strict=True):
                have = totals[n] - t
                lack = max(0, 3 * count - have)
                deficit += lack
                set_room += have - lack - count
            used = q + deficit
            if used > rooks:
                continue
            spare = rooks - used
            if lazy:
                placed = 0
            elif not track_room:
                placed = spare
            else:
                placed = min(spare, run_room + (max(set_room, 0) if sets else 0))
            if whole and placed < spare:
                continue
            if used + placed < min_rooks:
                continue
            total = points + set_points + 25 * (used + placed)
            if best is None or total > best.points:
                best = _Found(total, chosen, set_plan, placed)
                if first_only:
                    return best
    return best


def _sets_only(
    totals: Sequence[int],
    sets: int,
    rooks: int,
    whole: bool,
    rules: MeldRules,
    first_only: bool,
    min_rooks: int,
) -> _Found | None:
    """The search for a contract of sets only: no colour matters, only numbers."""
    if not sets_possible(totals, sets, rooks, set_need(rules)):
        return None
    empty = ColourPlan((), (), 0, 0, 0, (0,) * 15, 0)
    best: _Found | None = None
    for set_plan in _set_plans(totals, sets, rules):
        numbers = {n for n, _ in set_plan}
        if whole and any(totals[n] for n in range(1, 15) if n not in numbers):
            continue
        deficit = sum(max(0, 3 * count - totals[n]) for n, count in set_plan)
        if deficit > rooks:
            continue
        spare = rooks - deficit
        if rules.naturals_exceed_rooks:
            room = sum(totals[n] - max(0, 3 * c - totals[n]) - c for n, c in set_plan)
            placed = min(spare, max(room, 0)) if sets else 0
        else:
            placed = spare if sets else 0
        if (whole and placed < spare) or deficit + placed < min_rooks:
            continue
        total = sum(totals[n] * _PTS[n] for n in numbers) + 25 * (deficit + placed)
        if best is None or total > best.points:
            best = _Found(total, (empty,) * 4, set_plan, placed)
            if first_only:
                return best
    return best


def _build(
    counts: Sequence[int], found: _Found, rules: MeldRules, points: Sequence[int] = POINTS
) -> FoundLayDown:
    """Turn the search's choice into melds and the cards left in hand."""
    left = list(counts)
    runs: list[RunMeld] = []
    for ci, plan in enumerate(found.plans):
        if not plan.spans:
            continue
        cover = [0] * 15
        for low, high in plan.spans:
            for n in range(low, high + 1):
                cover[n] += 1
        holds = assign_naturals(plan.spans, plan.naturals, cover, rules)
        assert holds is not None
        for (low, high), held in zip(plan.spans, holds, strict=True):
            rook_numbers = tuple(n for n in range(low, high + 1) if n not in held)
            for n in held:
                left[ci * 14 + n - 1] -= 1
            left[ROOK_CODE] -= len(rook_numbers)
            runs.append(trusted_run(COLOURS[ci], low, high, rook_numbers))
    spare = found.placed
    left[ROOK_CODE] -= spare
    sets: list[SetMeld] = []
    for number, count in found.set_plan:
        colours = [COLOURS[ci] for ci in range(4) for _ in range(left[ci * 14 + number - 1])]
        for ci in range(4):
            left[ci * 14 + number - 1] = 0
        groups: list[list[str]] = [[] for _ in range(count)]
        for i, colour in enumerate(colours):
            groups[i % count].append(colour)
        for group in groups:
            rooks = max(0, 3 - len(group))
            left[ROOK_CODE] -= rooks
            extra = spare if not rules.naturals_exceed_rooks else min(spare, len(group) - rooks - 1)
            spare -= max(extra, 0)
            ordered = tuple(sorted(group, key=COLOURS.index))
            sets.append(trusted_set(number, ordered, rooks + max(extra, 0)))
    for i, run in enumerate(runs):
        while (
            spare
            and run.length < 14
            and (not rules.naturals_exceed_rooks or len(run.naturals) > len(run.rooks) + 1)
        ):
            if run.high < 14:
                run = trusted_run(run.colour, run.low, run.high + 1, (*run.rooks, run.high + 1))
            else:
                run = trusted_run(run.colour, run.low - 1, run.high, (run.low - 1, *run.rooks))
            spare -= 1
        runs[i] = run
    assert spare == 0
    return FoundLayDown((*runs, *sets), cards_of_counts(left), points_left(left, points))


def _counts_of(hand: Iterable[Card | str] | Sequence[int]) -> list[int]:
    if type(hand) is list and len(hand) == 57 and type(hand[0]) is int is type(hand[-1]):
        return hand  # counts, as the rules code passes them (the hot path)
    items = list(hand)
    if len(items) == 57 and set(map(type, items)) == {int}:  # counts (checked in C: hot path)
        return items  # type: ignore[return-value]
    return hand_counts(Card.from_str(c) if isinstance(c, str) else c for c in items)  # type: ignore[misc]


def find_lay_down(
    hand: Iterable[Card | str] | Sequence[int],
    *,
    sets: int,
    runs: int,
    whole_hand: bool = False,
    rules: MeldRules = DEFAULT_MELD_RULES,
    best: bool = True,
    points: Sequence[int] | None = None,
) -> FoundLayDown | None:
    """The lay-down of ``sets`` sets and ``runs`` runs leaving the fewest points in hand (R11).

    Args:
        hand: the cards (repeats allowed: several decks) as cards or notation
            (``"R7"``, ``"Rook"``), or 57 counts from `hand_counts`.
        sets: sets the contract asks for (R4).
        runs: runs the contract asks for (R4).
        whole_hand: every card must be melded (round 11, R12).
        rules: how many Rooks a meld may hold (R13 interpretation).
        best: find the lay-down leaving the fewest points (default); ``False``
            returns the first lay-down found, which is faster, and may leave
            spare Rooks in hand.
        points: what each card code 0-56 scores left in hand (R17; hook
            ``rook_card_points``); ``None``: R17's own values.

    Returns:
        A `FoundLayDown`, or ``None`` when no lay-down meets the contract.

    Raises:
        ValueError: a negative number of sets or runs.

    Examples:
        >>> from cardrules_rook.cards import Card
        >>> hand = [Card.from_str(c) for c in "R7 B7 G7 Y3 Y3 Rook B12 R1".split()]
        >>> found = find_lay_down(hand, sets=2, runs=0)
        >>> [str(m) for m in found.melds], found.points_left
        (['R7 G7 B7', 'Y3 Y3 *3'], 15)
    """
    if sets < 0 or runs < 0:
        raise ValueError("a contract asks for 0 or more sets and runs")
    counts = _counts_of(hand)
    key = tuple(counts)
    table = POINTS if points is None else tuple(points)
    # Which lay-down leaves the fewest points depends on the points, unless every
    # card is melded (R12): then the fast path's answer leaves none either way.
    if rules.judge is not None or (
        best and not whole_hand and table is not POINTS and table != POINTS
    ):
        exact = exact_lay_down(key, sets, runs, whole_hand, rules, table, not best)
        if exact is None:
            return None
        melds, left = exact
        return FoundLayDown(melds, cards_of_counts(left), points_left(left, table))
    if whole_hand and not could_meld_every_card(key, sets, runs, rules):
        return None  # (first: in the last round it refuses most hands, and sooner)
    if not runs_possible(key, runs, rules):
        return None
    if not best and not whole_hand:
        quick = quick_lay_down(key, sets, runs, rules)
        if quick is not None:
            melds, left = quick
            return FoundLayDown(melds, cards_of_counts(left), points_left(left, table))
    found = _search_memo(key, sets, runs, whole_hand, rules.cache_key, not best, 0)
    return None if found is None else _build(counts, found, rules, table)


def can_lay_down(
    hand: Iterable[Card | str] | Sequence[int],
    *,
    sets: int,
    runs: int,
    whole_hand: bool = False,
    rules: MeldRules = DEFAULT_MELD_RULES,
    min_rooks: int = 0,
) -> bool:
    """Whether some lay-down of ``sets`` sets and ``runs`` runs exists (R11).

    Args:
        hand: the cards as cards or notation, or 57 counts from `hand_counts`.
        sets: sets the contract asks for.
        runs: runs the contract asks for.
        whole_hand: every card must be melded (R12).
        rules: how many Rooks a meld may hold.
        min_rooks: the lay-down must meld at least this many Rooks (to play the
            Rooks owed by a swap, R14).
    """
    if sets < 0 or runs < 0:
        raise ValueError("a contract asks for 0 or more sets and runs")
    counts = tuple(_counts_of(hand))
    if rules.judge is not None:
        found = exact_lay_down(counts, sets, runs, whole_hand, rules, POINTS, True, min_rooks)
        return found is not None
    if whole_hand and not could_meld_every_card(counts, sets, runs, rules):
        return False
    if not runs_possible(counts, runs, rules):
        return False
    if not whole_hand and quick_lay_down(counts, sets, runs, rules, min_rooks) is not None:
        return True
    if min_rooks and not whole_hand:
        # Any lay-down, then the Rooks it lacks added at run ends and in sets.
        first = find_lay_down(counts, sets=sets, runs=runs, rules=rules, best=False)
        if first is None:
            return False  # no lay-down at all, with Rooks or without
        melds = list(first.melds)
        melded = sum(m.codes().count(ROOK_CODE) for m in melds)
        if place_rooks(hand_counts(first.left), melds, min_rooks - melded, rules):
            return True
    searched = _search_memo(counts, sets, runs, whole_hand, rules.cache_key, True, min_rooks)
    return searched is not None
