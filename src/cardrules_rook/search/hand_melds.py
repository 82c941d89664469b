"""Every meld a hand can make: the candidates a lay-down is listed from (R7, R8, R13).

`possible_melds` enumerates each distinct valid meld of a hand, with the
Rooks standing wherever they may: in gaps, at the ends, or in place of a card
that is held. ``legal_moves()`` offers those that still complete a lay-down.

Under the game's rules only runs of four or more and sets of three or more
are tried, with `MeldRules.allows` deciding the Rooks. When a variant decides
validity (``rules.judge``, hook ``rook_meld_valid``), or lets runs wrap
(``rules.wrap``, hook ``rook_runs_wrap``), every run and set shape with a
natural card is built (wrapping runs too where runs wrap) and the judge asked
of each.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from itertools import combinations, compress, product
from typing import Any, Final

from cardrules_rook.cards import COLOURS, ROOK_CODE
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
from cardrules_rook.search.multisets import NUMBER_BITS, Multiset, multiset

__all__ = [
    "ARGS",
    "CODES",
    "GROUP",
    "KIND",
    "TALLY",
    "MeldCandidate",
    "candidate_meld",
    "meld_candidates",
    "possible_melds",
]

#: A meld a hand can make, listed before it is built (cheap to list and compare):
#: ``(kind, group, codes, args, tally)``, read with the indices below:
#:
#: * ``KIND``: ``"run"`` or ``"set"``;
#: * ``GROUP``: the run's colour or the set's number: candidates of different
#:   groups share no natural card;
#: * ``CODES``: the card codes it uses, as `RunMeld.codes` / `SetMeld.codes` give them;
#: * ``ARGS``: what `RunMeld` or `SetMeld` is built from, flat: ``(colour, low, high,
#:   *numbers the Rooks stand for)`` or ``(number, Rooks, *colours)``;
#: * ``TALLY``: ``codes`` as a `cardrules_rook.search.multisets.Multiset`.
#:
#: A plain tuple of plain values, not a named tuple, and nested two deep at most: the
#: search remembers tens of thousands, and the garbage collector stops tracking a
#: plain tuple of plain values (one level of nesting at each collection that looks at
#: it, so these are untracked before they reach the oldest generation), where it
#: would walk every named tuple at every full collection.
MeldCandidate = tuple[str, str | int, tuple[int, ...], tuple[Any, ...], Multiset]
KIND: Final = 0
GROUP: Final = 1
CODES: Final = 2
ARGS: Final = 3
TALLY: Final = 4


def candidate_meld(candidate: MeldCandidate) -> Meld:
    """The meld a `MeldCandidate` stands for: a `RunMeld` (R7) or a `SetMeld` (R8).

    Built without the constructors' checks (`trusted_run`, `trusted_set`): a
    candidate comes from a hand's listing, so its fields are well formed. The
    value equals what the checked constructor gives; raises nothing.
    """
    args = candidate[ARGS]
    if candidate[KIND] == "run":
        return trusted_run(args[0], args[1], args[2], args[3:])
    return trusted_set(args[0], args[2:], args[1])


@functools.lru_cache(maxsize=16384)
def _colour_runs(ci: int, held: int, rooks: int, key: RulesKey) -> tuple[MeldCandidate, ...]:
    """The runs of colour ``COLOURS[ci]``; bit ``n - 1`` of ``held``: number ``n`` is held.

    Remembered (under the rules' `MeldRules.cache_key`): a colour's cards
    recur across the many hands a turn looks at. Span by span (`_span_runs`),
    in order of low number, then high number.
    """
    rules = rules_of_key(key)
    if rules.judge is not None:
        return _judged_runs(ci, held, rooks, rules)
    found: list[MeldCandidate] = []
    need = rules.min_naturals
    for low in range(1, 12):
        missing = 0
        for high in range(low, 15):
            if not held >> (high - 1) & 1:
                missing += 1
                if missing > rooks:
                    break
            length = high - low + 1
            if length < 4 or length - missing < need:
                continue
            mask = held >> (low - 1) & ((1 << length) - 1)
            spare = min(rooks - missing, length - missing)
            found += _span_runs(ci, low, high, mask, spare, key)
    return tuple(found)


@functools.lru_cache(maxsize=1 << 16)
def _span_runs(
    ci: int, low: int, high: int, mask: int, spare: int, key: RulesKey
) -> tuple[MeldCandidate, ...]:
    """The runs over ``low .. high`` of colour ``COLOURS[ci]`` (game rules, no judge).

    Bit ``n - low`` of ``mask``: number ``n`` is held; a Rook fills each gap,
    and up to ``spare`` more stand in for held cards (fewest first). What a
    span makes depends on nothing else, so it is remembered across the many
    colours that share it.
    """
    rules = rules_of_key(key)
    colour = COLOURS[ci]
    base = ci * 14 - 1
    present = [base + n for n in range(low, high + 1) if mask >> (n - low) & 1]
    missing = [n for n in range(low, high + 1) if not mask >> (n - low) & 1]
    everything = sum(1 << c for c in present)
    found: list[MeldCandidate] = []
    for size in range(spare + 1):
        n_rooks = len(missing) + size
        if not rules.allows(len(present) - size, n_rooks):
            continue
        for swapped in combinations(present, size):
            codes = tuple(c for c in present if c not in swapped) if size else tuple(present)
            numbers = tuple(sorted(missing + [c - base for c in swapped]))
            used = (*codes, *(ROOK_CODE,) * n_rooks)
            args = (colour, low, high, *numbers)
            # A run holds each natural once: its multiset is one layer of bits.
            tally = (n_rooks, everything - sum(1 << c for c in swapped))
            found.append(("run", colour, used, args, tally))
    return tuple(found)


def _judged_runs(ci: int, held: int, rooks: int, rules: MeldRules) -> tuple[MeldCandidate, ...]:
    """Every run shape of the colour with a natural card (any length), the judge asked of each.

    With ``rules.wrap`` the runs that go on from 14 to 1 too (``high`` past 14).
    """
    assert rules.judge is not None
    found: list[MeldCandidate] = []
    colour = COLOURS[ci]
    base = ci * 14 - 1
    for low in range(1, 15):
        present: list[int] = []
        missing: list[int] = []
        for high in range(low, low + 13 if rules.wrap and low > 1 else 15):
            number = high - 14 if high > 14 else high
            if held >> (number - 1) & 1:
                present.append(base + number)
            else:
                missing.append(high)
                if len(missing) > rooks:
                    break
            spare = rooks - len(missing)
            for size in range(min(spare, len(present) - 1) + 1):
                for swapped in combinations(present, size):
                    codes = tuple(c for c in present if c not in swapped)
                    # (a card below ``low`` stands past 14 in a wrapping run)
                    places = [c - base + (14 if c - base < low else 0) for c in swapped]
                    numbers = tuple(sorted(missing + places))
                    if rules.judge(RunMeld(colour, low, high, numbers)):
                        used = (*codes, *(ROOK_CODE,) * len(numbers))
                        args = (colour, low, high, *numbers)
                        found.append(("run", colour, used, args, multiset(used)))
    return tuple(found)


@functools.lru_cache(maxsize=16384)
def _number_sets(
    number: int, have: tuple[int, ...], rooks: int, key: RulesKey
) -> tuple[MeldCandidate, ...]:
    """The sets of ``number`` from ``have`` (its count in each colour) and ``rooks`` Rooks."""
    rules = rules_of_key(key)
    found: list[MeldCandidate] = []
    judge = rules.judge
    for take in _sub_multisets(have):
        naturals = sum(take)
        colours = tuple(COLOURS[ci] for ci in range(4) for _ in range(take[ci]))
        codes = tuple(ci * 14 + number - 1 for ci in range(4) for _ in range(take[ci]))
        if judge is not None:
            # A variant's rule: every size with a natural card, as the judge says.
            for extra in range(rooks + 1 if naturals else 0):
                if judge(SetMeld(number, colours, extra)):
                    used = (*codes, *(ROOK_CODE,) * extra)
                    args = (number, extra, *colours)
                    found.append(("set", number, used, args, multiset(used)))
            continue
        for extra in range(max(0, 3 - naturals), rooks + 1):
            if rules.allows(naturals, extra):
                used = (*codes, *(ROOK_CODE,) * extra)
                args = (number, extra, *colours)
                found.append(("set", number, used, args, multiset(used)))
    return tuple(found)


def meld_candidates(
    counts: Sequence[int], *, sets: bool, runs: bool, rules: MeldRules = DEFAULT_MELD_RULES
) -> list[MeldCandidate]:
    """`possible_melds`, each as a `MeldCandidate` not yet built, in the same order (R7, R8, R13).

    Args:
        counts: the hand as 57 counts by card code (56 is the Rook).
        sets: include sets (R8).
        runs: include runs (R7).
        rules: how many Rooks a meld may hold (R13 interpretation).

    Returns:
        The runs (colour by colour), then the sets (number by number). The
        candidates are shared from a cache: they are immutable tuples.
    """
    rooks = counts[ROOK_CODE]
    key = rules.cache_key
    found: list[MeldCandidate] = []
    if runs:
        for ci in range(4):
            start = ci * 14
            held = sum(compress(NUMBER_BITS, counts[start : start + 14]))
            found += _colour_runs(ci, held, rooks, key)
    if sets:
        judged = rules.judge is not None
        for number in range(1, 15):
            have = (
                counts[number - 1],
                counts[number + 13],
                counts[number + 27],
                counts[number + 41],
            )
            naturals = have[0] + have[1] + have[2] + have[3]
            if naturals and (naturals + rooks >= 3 or judged):
                found += _number_sets(number, have, rooks, key)
    return found


def possible_melds(
    counts: Sequence[int], *, sets: bool, runs: bool, rules: MeldRules = DEFAULT_MELD_RULES
) -> list[Meld]:
    """Every distinct valid meld that can be made from a hand (57 counts by code).

    Args:
        counts: the hand, as `hand_counts` gives it.
        sets: include sets (R8).
        runs: include runs (R7).
        rules: how many Rooks a meld may hold (R13 interpretation).

    Returns:
        Runs for every colour and span the cards can fill (Rooks filling gaps or
        standing in for held cards), then sets for every number and choice of
        colours and Rooks; no two equal.
    """
    return [candidate_meld(c) for c in meld_candidates(counts, sets=sets, runs=runs, rules=rules)]


def _sub_multisets(have: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every count vector below ``have`` (one entry per colour), the first colour slowest."""
    return product(*(range(n + 1) for n in have))
