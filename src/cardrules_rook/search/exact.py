"""The contract search's exact path: every combination of the melds a hand can form (R11).

The fast search (`cardrules_rook.search`) and its shortcuts
(`cardrules_rook.search.shortcuts`, `cardrules_rook.search.run_plans`) are built on
the game's own meld rules (runs of four or more, sets of three or more, Rooks
per meld by `cardrules_rook.melds.MeldRules.allows`) and on R17's card points.
When a variant changes validity (hook ``rook_meld_valid``) or card points
(hook ``rook_card_points``), the search comes here instead:

1. list every valid meld the hand can form
   (`cardrules_rook.search.hand_melds.meld_candidates`, which asks the variant's
   rule of every run and set shape);
2. choose the contract's runs, then its sets, each list in a fixed order so
   that no combination is tried twice, each meld from the cards the earlier
   ones left;
3. remember, for each (cards left, melds still wanted, place in the list),
   the most points the rest can meld, or that nothing can be completed.

A whole-hand lay-down (round 11, R12) is an exact cover instead: the next
meld is always one holding the card fewest melds can hold.

It is exact for any meld rule that judges each meld on its own, and slower
than the fast path: use it only when a variant asks for it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from cardrules_rook.cards import ROOK_CODE
from cardrules_rook.melds import Meld, MeldRules
from cardrules_rook.search.hand_melds import (
    CODES,
    KIND,
    TALLY,
    MeldCandidate,
    candidate_meld,
    meld_candidates,
)
from cardrules_rook.search.multisets import Multiset, multiset_of_counts, within

__all__ = ["exact_lay_down", "points_left"]

#: Below any real total: "no lay-down from here".
_NONE = float("-inf")


@functools.lru_cache(maxsize=65536)
def _needs(codes: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A candidate's card codes as ``(code, count)`` pairs (remembered: candidates recur)."""
    counted: dict[int, int] = {}
    for code in codes:
        counted[code] = counted.get(code, 0) + 1
    return tuple(counted.items())


@functools.lru_cache(maxsize=4096)
def exact_lay_down(
    counts: tuple[int, ...],
    sets: int,
    runs: int,
    whole: bool,
    rules: MeldRules,
    points: tuple[int, ...],
    first_only: bool,
    min_rooks: int = 0,
) -> tuple[tuple[Meld, ...], tuple[int, ...]] | None:
    """A lay-down of ``sets`` sets and ``runs`` runs found by trying every combination (R11).

    Args:
        counts: the hand as 57 counts by card code (56 is the Rook).
        sets: sets the contract asks for (R4).
        runs: runs the contract asks for (R4).
        whole: every card must be melded (R12).
        rules: the meld rules (a variant's judge, hook ``rook_meld_valid``).
        points: each card code's points (R17, hook ``rook_card_points``).
        first_only: any lay-down will do; else the one melding the most
            points (leaving the fewest in hand).
        min_rooks: the melds must hold at least this many Rooks (R14).

    Returns:
        ``(melds, left)``: the runs then the sets, and the 57 counts the hand
        keeps; ``None`` when no lay-down meets the contract.
    """
    wanted = (sets > 0, runs > 0)
    candidates = meld_candidates(counts, sets=wanted[0], runs=wanted[1], rules=rules)
    by_kind = {
        kind: [
            (c, _needs(c[CODES]), sum(points[code] for code in c[CODES]))
            for c in candidates
            if c[KIND] == kind
        ]
        for kind in ("run", "set")
    }
    if whole:
        if counts[ROOK_CODE] < min_rooks:
            return None
        covered = _whole_cover(by_kind["run"] + by_kind["set"], counts, sets, runs)
        return None if covered is None else (covered, (0,) * 57)
    rooks_held = counts[ROOK_CODE]
    memo: dict[tuple[tuple[int, ...], int, int, int], tuple[float, int]] = {}
    left = list(counts)

    def best_from(runs_left: int, sets_left: int, start: int) -> tuple[float, int]:
        """The most points the wanted melds can still meld, and the index of the next meld."""
        if runs_left == 0 and sets_left == 0:
            done = rooks_held - left[ROOK_CODE] >= min_rooks
            return (0.0 if done else _NONE), -1
        key = (tuple(left), runs_left, sets_left, start)
        known = memo.get(key)
        if known is not None:
            return known
        kind = "run" if runs_left else "set"
        best: tuple[float, int] = (_NONE, -1)
        for index in range(start, len(by_kind[kind])):
            _, needs, value = by_kind[kind][index]
            if any(left[code] < n for code, n in needs):
                continue
            for code, n in needs:
                left[code] -= n
            if runs_left:
                after = runs_left - 1, sets_left, index if runs_left > 1 else 0
            else:
                after = 0, sets_left - 1, index
            rest, _ = best_from(*after)
            for code, n in needs:
                left[code] += n
            if rest != _NONE and rest + value > best[0]:
                best = (rest + value, index)
                if first_only:
                    break
        memo[key] = best
        return best

    if best_from(runs, sets, 0)[0] == _NONE:
        return None
    # Walk the remembered choices back into melds.
    melds: list[Meld] = []
    runs_left, sets_left, start = runs, sets, 0
    while runs_left or sets_left:
        kind = "run" if runs_left else "set"
        _, index = best_from(runs_left, sets_left, start)
        candidate, needs, _ = by_kind[kind][index]
        melds.append(candidate_meld(candidate))
        for code, n in needs:
            left[code] -= n
        if runs_left:
            runs_left, start = runs_left - 1, (index if runs_left > 1 else 0)
        else:
            sets_left, start = sets_left - 1, index
    return tuple(melds), tuple(left)


def _whole_cover(
    candidates: list[tuple[MeldCandidate, tuple[tuple[int, int], ...], int]],
    counts: Sequence[int],
    sets: int,
    runs: int,
) -> tuple[Meld, ...] | None:
    """Melds of the contract that use every card (R12), or ``None``: an exact cover.

    Every card must be in some meld, so the next meld chosen is one holding
    the card that the fewest melds can still hold (none: no cover); hands
    that failed are remembered.
    """
    holding: list[list[int]] = [[] for _ in range(57)]
    for index, (_, needs, _) in enumerate(candidates):
        for code, _ in needs:
            holding[code].append(index)
    left = list(counts)
    chosen: list[MeldCandidate] = []
    failed: set[tuple[tuple[int, ...], int, int]] = set()

    def fitting(code: int, runs_left: int, sets_left: int, have: Multiset, most: int) -> list[int]:
        """The candidates holding ``code`` that fit the cards left, of a kind still wanted.

        Stops once more than ``most`` are found (the caller wants the fewest).
        """
        found = []
        for index in holding[code]:
            candidate = candidates[index][0]
            if (runs_left if candidate[KIND] == "run" else sets_left) and within(
                candidate[TALLY], have
            ):
                found.append(index)
                if len(found) > most:
                    break
        return found

    def cover(runs_left: int, sets_left: int) -> bool:
        if runs_left == 0 and sets_left == 0:
            return not any(left)
        key = (tuple(left), runs_left, sets_left)
        if key in failed or not any(left):
            return False
        # Branch on the natural card (a Rook only when no natural is left) with
        # the fewest melds left to hold it; none: no cover.
        have = multiset_of_counts(left)
        codes = [code for code in range(56) if left[code]] or [ROOK_CODE]
        choices: list[int] | None = None
        for code in codes:
            found = fitting(
                code, runs_left, sets_left, have, 10**9 if choices is None else len(choices)
            )
            if choices is None or len(found) < len(choices):
                choices = found
                if not found:
                    break
        for index in choices or ():
            candidate, needs, _ = candidates[index]
            is_run = candidate[KIND] == "run"
            for code, n in needs:
                left[code] -= n
            chosen.append(candidate)
            if cover(runs_left - is_run, sets_left - (not is_run)):
                return True
            chosen.pop()
            for code, n in needs:
                left[code] += n
        failed.add(key)
        return False

    if not cover(runs, sets):
        return None
    ordered = sorted(chosen, key=lambda c: c[KIND] != "run")
    return tuple(candidate_meld(c) for c in ordered)


def points_left(left: Sequence[int], points: Sequence[int]) -> int:
    """The points of the cards a hand keeps (57 counts), by ``points`` per code (R17)."""
    return sum(points[code] * n for code, n in enumerate(left) if n)
