"""A quick refusal for the last round's whole-hand lay-down (R12), before the search.

In round 11 the lay-down must meld every card. Most hands fail that in a way
a few bit masks show: a card that fits no run and no set, or more numbers
that only a set can take than the contract has sets.
`cardrules_rook.search.contract` asks `could_meld_every_card` first, before
the runs' bound and the search; a ``True`` proves nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, compress

from cardrules_rook.cards import ROOK_CODE
from cardrules_rook.melds import MeldRules
from cardrules_rook.search.memo import memo, remember
from cardrules_rook.search.multisets import NUMBER_BITS, number_totals

__all__ = ["could_meld_every_card"]


def could_meld_every_card(counts: Sequence[int], sets: int, runs: int, rules: MeldRules) -> bool:
    """A quick necessary condition for a whole-hand lay-down (R12): False proves there is none.

    Each natural card must fit some run (a span of 4 or more of its colour with
    enough natural cards held and its gaps within the Rooks held) or some set
    (enough natural cards of its number). A run holds one card of each number,
    so copies of a card beyond the runs must go to a set too. The numbers of
    the cards the runs cannot take must all be set numbers, so there are at
    most ``sets`` of them; the cards of the other numbers must fit in the runs.
    Most hands of the last round fail here, long before the full search.

    Numbers are bits (bit ``n - 1``: number ``n``), one mask per colour.
    """
    rooks = counts[ROOK_CODE]
    need = max(rules.min_naturals, 1)
    totals = number_totals(counts)
    # Bit n - 1: number n may be a set number (enough naturals, R8/R13).
    settable = 0
    for n in range(1, 15):
        if totals[n] >= need and totals[n] + rooks >= 3:
            settable |= 1 << (n - 1)
    forced = 0  # numbers whose cards the runs cannot all take
    held_by_colour: list[int] = []
    for start in (0, 14, 28, 42):
        row = counts[start : start + 14]
        held = sum(compress(NUMBER_BITS, row))
        if not held:
            continue
        held_by_colour.append(held)
        # A run holds one card of each number: copies beyond the runs go to a set.
        bad = held & ~_runnable(held, rooks, need) if runs else held
        if max(row) > runs:
            bad |= sum(compress(NUMBER_BITS, [c > runs for c in row]))
        forced |= bad
    if forced & ~settable or (forced and not sets) or forced.bit_count() > sets:
        return False
    # The cards outside the set numbers lie in the runs: at most ``runs``
    # colours and 14 cards a run. More set numbers only take cards away, so it
    # is enough to try every way to fill the set numbers up to ``sets``.
    everything = sum(totals)
    free = [n for n in range(1, 15) if settable >> (n - 1) & 1 and not forced >> (n - 1) & 1]
    extra = min(sets - forced.bit_count(), len(free))
    for chosen in combinations(free, extra):
        numbers = forced
        cards = everything
        for n in chosen:
            numbers |= 1 << (n - 1)
        for n in range(1, 15):
            if numbers >> (n - 1) & 1:
                cards -= totals[n]
        colours = sum(1 for held in held_by_colour if held & ~numbers)
        if colours <= runs and cards <= 14 * runs:
            return True
    return False


def _runnable(held: int, rooks: int, need: int) -> int:
    """The numbers of a colour some run could hold (bit ``n - 1``: number ``n``).

    ``held``: the colour's numbers held. A run spans four numbers or more,
    holds at least ``need`` natural cards, and has no more gaps than ``rooks``.
    Remembered in `_RUNNABLE`.
    """
    key = held | rooks << 14 | need << 30  # (fewer than 2 ** 16 Rooks in a hand)
    found = _RUNNABLE.get(key)
    if found is None:
        found = remember(_RUNNABLE, key, _runnable_numbers(held, rooks, need))
    return found


#: `_runnable` remembered: ``held | rooks << 14 | need << 30`` -> its answer. Ints only:
#: the garbage collector never tracks this dict (it walks every entry of an
#: ``lru_cache`` at each full collection).
_RUNNABLE: dict[int, int] = memo()


def _runnable_numbers(held: int, rooks: int, need: int) -> int:
    """`_runnable` worked out."""
    runnable = 0
    for low in range(11):
        # Gaps only grow with the high number: the longest span within the Rooks
        # holds the most natural cards, and every shorter one lies inside it.
        missing = present = got = 0
        top = -1
        for high in range(low, 14):
            if held >> high & 1:
                present += 1
            else:
                missing += 1
                if missing > rooks:
                    break
            if high - low >= 3:
                top, got = high, present
        if top >= 0 and got >= need:
            runnable |= ((1 << (top - low + 1)) - 1) << low
    return runnable
