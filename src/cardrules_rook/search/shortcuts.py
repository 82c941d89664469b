"""Fast answers before the exact contract search (R7, R8, R11, R13).

Listing the legal moves asks again and again whether a hand can still meet
its contract (`cardrules_rook.search`). Most hands settle without the exact
search:

* `runs_possible` is a necessary condition: each colour's runs need at least
  the Rooks that as many windows of four numbers would, and a colour holds
  only so many runs. When the Rooks held cannot pay for the contract's runs,
  no lay-down exists.
* `sets_possible` is the same for sets: the cheapest way to spread the
  contract's sets over the numbers held must fit in the Rooks.
* Together: sets and runs share the Rooks and take disjoint cards, so the
  fewest Rooks the sets need from the whole hand (`sets_rooks`) plus the
  runs' bound must fit in the Rooks held (`runs_possible` given ``spare``).
* `quick_lay_down` looks for a lay-down greedily: runs of four, sets of
  three, Rooks in the gaps. Whatever it returns is a real lay-down; when it
  finds none, that proves nothing, and the exact search decides.

Neither changes an answer of the exact search, only how soon it comes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import compress

from cardrules_rook.cards import COLOURS, ROOK_CODE
from cardrules_rook.melds import (
    Meld,
    MeldRules,
    RulesKey,
    SetMeld,
    rules_of_key,
    trusted_run,
    trusted_set,
)
from cardrules_rook.search.memo import memo, remember
from cardrules_rook.search.multisets import NUMBER_BITS
from cardrules_rook.search.run_plans import run_need

__all__ = ["place_rooks", "quick_lay_down", "runs_possible", "sets_possible", "sets_rooks"]


# ------------------------------------------------------------------ necessary condition


def _cheapest_run(held: int, need: int, exceed: bool) -> int | None:
    """Fewest Rooks any one run of a colour needs, or None: the colour has no run.

    ``need`` and ``exceed`` are the meld rules' ``min_naturals`` and
    ``naturals_exceed_rooks`` (`cardrules_rook.search.run_plans.run_need`).
    Remembered in `_CHEAPEST` under one int, so that the dict holds nothing
    the garbage collector must visit.

    ``held`` has bit ``n - 1`` set when the colour holds number ``n``. A run
    over ``low..high`` needs a Rook for each number not held (R7, R13), and
    enough held numbers for its length (the Rooks-per-meld interpretation).
    A longer run from the same low number never needs fewer Rooks, so each
    low number is followed only while it could still beat the best so far.
    """
    key = held | exceed << 14 | need << 15
    if key in _CHEAPEST:
        return _CHEAPEST[key]
    return remember(_CHEAPEST, key, _cheapest_of(held, _run_needs(need, exceed)))


#: `_cheapest_run` remembered: ``held | exceed << 14 | need << 15`` -> its answer (at most
#: 2 ** 14 colours per meld rules). Ints only: the garbage collector never tracks this dict.
_CHEAPEST: dict[int, int | None] = memo()


def _cheapest_of(held: int, needs: tuple[int, ...]) -> int | None:
    """`_cheapest_run` worked out, ``needs[length]``: natural cards a run of that length needs."""
    best: int | None = None
    for low in range(11):
        present = missing = 0
        for high in range(low, 14):
            if held >> high & 1:
                present += 1
            else:
                missing += 1
                if best is not None and missing >= best:
                    break
            length = high - low + 1
            if length >= 4 and present >= needs[length]:
                best = missing
                if not best:
                    return 0
                break  # from here on the run only gets longer and needs as many or more
    return best


@functools.cache
def _run_needs(need: int, exceed: bool) -> tuple[int, ...]:
    """Natural cards a run needs by its length 0-14 (`run_need`), under these two rules."""
    rules = MeldRules(need, exceed)
    return tuple(run_need(length, rules) for length in range(15))


def _window_costs(h: Sequence[int], runs: int, rooks: int) -> tuple[int, ...]:
    """Lower bounds on the Rooks that ``k`` runs of one colour need, ``k = 0 .. runs``.

    ``h`` holds the colour's 14 counts (numbers 1-14, capped at ``runs``). Each
    run contains a window of four numbers that needs no more Rooks than the
    run, and a number covered by ``c`` windows but held ``h[n]`` times needs
    ``c - h[n]`` Rooks there. So the cheapest ``k`` windows bound ``k`` runs
    from below. A bound above ``rooks`` is given as ``rooks + 1``.
    """
    if not rooks:
        free = _free_windows(h, runs)
        return (0,) * (free + 1) + (1,) * (runs - free)
    best = [rooks + 1] * (runs + 1)
    best[0] = 0
    # short[j]: bit n set where number n + 1 is held fewer than j + 1 times.
    short = [0] * runs
    for n, count in enumerate(h):
        for j in range(count, runs):
            short[j] |= 1 << n
    # Rooks a window needs however it is combined: one per number not held.
    gaps = [(15 << low & short[0]).bit_count() for low in range(11)]
    _add_windows(short, gaps, rooks, runs, best, (0,) * runs, 0, 0, 0)
    return tuple(best)


def _free_windows(h: Sequence[int], most: int) -> int:
    """How many windows of four numbers (at most ``most``) fit in the counts ``h`` with no Rook.

    Without Rooks a set of windows costs nothing exactly when no number is
    covered more often than it is held, so `_window_costs` only needs the most
    windows that fit. Taking the lowest window that fits, as often as it fits,
    is as good as any choice: in a best choice, the first window above the
    lowest one that fits can move down to it (the numbers it then covers are
    covered by no later window), so some best choice begins the same way.
    """
    left = list(h)
    free = 0
    for low in range(11):
        while left[low] and left[low + 1] and left[low + 2] and left[low + 3]:
            left[low] -= 1
            left[low + 1] -= 1
            left[low + 2] -= 1
            left[low + 3] -= 1
            free += 1
            if free == most:
                return free
    return free


def _add_windows(
    short: list[int],
    gaps: list[int],
    rooks: int,
    runs: int,
    best: list[int],
    cover: tuple[int, ...],
    first: int,
    k: int,
    cost: int,
) -> None:
    """`_window_costs`' branch and bound: add windows from ``first`` on to the ``k`` chosen
    (costing ``cost`` Rooks), improving ``best`` in place.

    ``cover[j]`` has bit ``n`` set where the windows so far cover number ``n + 1``
    more than ``j`` times; a number covered more than ``j`` times but held ``j`` or
    fewer times needs a Rook for that cover (``short[j]``). Module-level: a nested
    recursion would leave a reference cycle for the garbage collector at every call.
    """
    for low in range(first, 11):
        if cost + gaps[low] > rooks:
            continue
        window = 15 << low
        # The window raises each of its numbers one level: from level j to j + 1.
        raised = []
        below = window
        extra = 0
        for j in range(k + 1):
            reached = below & ~cover[j]  # covered exactly j times before, j + 1 now
            extra += (reached & short[j]).bit_count()
            below &= cover[j]
            raised.append(cover[j] | reached)
        spent = cost + extra
        # Further windows only add Rooks: go on while some count could improve.
        if spent <= rooks and spent < max(best[k + 1 :]):
            if spent < best[k + 1]:
                best[k + 1] = spent
            if k + 1 < runs:
                raised += cover[k + 1 :]
                _add_windows(short, gaps, rooks, runs, best, tuple(raised), low, k + 1, spent)


def _colour_bounds(colour: Sequence[int], runs: int, rooks: int, need: int, exceed: bool) -> bytes:
    """Lower bounds on the Rooks ``k`` runs of one colour need, for ``k = 1 ..`` its most runs.

    ``colour`` is the colour's 14 counts (numbers 1-14); ``need`` and ``exceed``
    the meld rules' ``min_naturals`` and ``naturals_exceed_rooks``. Empty when the colour
    makes no run with the Rooks held. As bytes (each bound is at most ``rooks + 1``),
    for `_BOUNDS`.
    """
    naturals = sum(colour)
    most = min(runs, naturals // need, (naturals + rooks) // 4)
    if not most:
        return b""
    held = sum(compress(NUMBER_BITS, colour))
    cheapest = _cheapest_run(held, need, exceed)
    if cheapest is None or cheapest > rooks:
        return b""
    if most == 1:
        return bytes((cheapest,))  # a run's first four numbers need no more Rooks than the run
    # k windows cover a number at most k times: counts above ``most`` change nothing.
    capped = colour if max(colour) <= most else [min(c, most) for c in colour]
    costs = _window_costs(capped, most, rooks)
    return bytes((cheapest, *(max(costs[k], k * cheapest) for k in range(2, most + 1))))


#: `_colour_bounds` remembered (a colour's bounds recur across the many hands a turn
#: looks at): the bytes of its 14 counts (one per card: fewer than 256 decks) and
#: ``runs, rooks, need, exceed`` written out -> the bounds. Bytes hold no references,
#: so the garbage collector never walks this dict, where it walks every entry of an
#: ``lru_cache`` at each full collection (most of a full collection's time in a long
#: run of playouts).
_BOUNDS: dict[bytes, bytes] = memo()


def runs_possible(
    counts: Sequence[int], runs: int, rules: MeldRules, spare: int | None = None
) -> bool:
    """Whether ``runs`` runs might be made from a hand: ``False`` proves they cannot (R7, R13).

    Args:
        counts: the hand as 57 counts by card code (56 is the Rook).
        runs: runs wanted.
        rules: how many Rooks a meld may hold.
        spare: the Rooks the runs may use, at most those held (what the
            contract's sets leave, say); ``None``: every Rook held.

    Each colour's runs need at least the Rooks of that many windows of four
    numbers (`_window_costs`), and at least those of its cheapest run each
    (a run needs ``min_naturals`` natural cards); a colour makes at most as
    many runs as its natural cards allow. Some split of the runs over the
    colours must fit in the Rooks the runs may use.
    """
    if runs <= 0:
        return True
    rooks = counts[ROOK_CODE]
    budget = rooks if spare is None else min(spare, rooks)
    if budget < 0:
        return False
    need, exceed = rules.min_naturals, rules.naturals_exceed_rooks
    best = [0] + [rooks + 1] * runs  # runs so far -> fewest Rooks they need
    tail = b"%d %d %d %d" % (runs, rooks, need, exceed)  # (any sizes: a variant's rules)
    for start in (0, 14, 28, 42):
        colour = counts[start : start + 14]
        key = bytes(colour) + tail
        bounds = _BOUNDS.get(key)
        if bounds is None:
            bounds = remember(_BOUNDS, key, _colour_bounds(colour, runs, rooks, need, exceed))
        if not bounds:
            continue
        # Each colour once: larger counts first, so each reads the colours before it.
        for done in range(runs - 1, -1, -1):
            spent = best[done]
            if spent > budget:
                continue
            for k, bound in enumerate(bounds[: runs - done], 1):
                total = spent + bound
                if total < best[done + k]:
                    best[done + k] = total
        if best[runs] <= budget:
            return True
    return False


def sets_possible(totals: Sequence[int], sets: int, rooks: int, need: int) -> bool:
    """Whether ``sets`` sets might be made: ``False`` proves they cannot (R8, R13).

    Args:
        totals: natural cards held per number (index 0 unused).
        sets: sets wanted.
        rooks: Rooks held.
        need: natural cards each set must hold.

    The same as ``sets_rooks(totals, sets, need) <= rooks`` (`sets_rooks`).
    """
    if sets <= 0:
        return True
    least = sets_rooks(totals, sets, need)
    return least is not None and least <= rooks


def sets_rooks(totals: Sequence[int], sets: int, need: int) -> int | None:
    """The fewest Rooks that ``sets`` sets need, from these natural cards (R8, R13).

    Args:
        totals: natural cards held per number (index 0 unused).
        sets: sets wanted.
        need: natural cards each set must hold.

    Returns:
        The Rooks, or ``None`` when the natural cards make fewer than ``sets``
        sets however many Rooks there are.

    ``j`` sets of a number with ``t`` natural cards need ``max(0, 3j - t)``
    Rooks and ``need`` naturals each. Those Rook costs grow with each further
    set of a number, so the cheapest ``sets`` sets are the cheapest steps
    taken one at a time. Sets made from fewer natural cards (the rest of the
    hand in runs, say) need as many Rooks or more: this bounds them from below.
    """
    if sets <= 0:
        return 0
    need = max(need, 1)
    table = _SET_STEPS.get(need)
    if table is None:
        table = _SET_STEPS[need] = tuple(_number_steps(t, need) for t in range(_SET_STEPS_KEPT))
    steps: list[int] = []
    for t in totals[1:]:
        if t >= need:  # (fewer naturals than a set needs: no set of that number)
            steps += table[t] if t < _SET_STEPS_KEPT else _number_steps(t, need)
    if len(steps) < sets:
        return None
    steps.sort()
    return sum(steps[:sets])


def _number_steps(t: int, need: int) -> tuple[int, ...]:
    """`sets_rooks`' steps of one number with ``t`` natural cards: the Rooks each further
    set of it adds (``j`` sets need ``max(0, 3j - t)``), ``need`` naturals a set."""
    steps: list[int] = []
    before = 0
    for j in range(1, t // need + 1):
        after = max(0, 3 * j - t)
        steps.append(after - before)
        before = after
    return tuple(steps)


#: `_number_steps` of ``t`` natural cards, ``0 <= t < _SET_STEPS_KEPT``, by ``need``: a
#: number's steps depend on its count alone, and `sets_rooks` runs at every lay-down listing.
_SET_STEPS: dict[int, tuple[tuple[int, ...], ...]] = {}
_SET_STEPS_KEPT = 32


# ------------------------------------------------------------------ greedy lay-down


def _take_runs(left: list[int], wanted: int, rules: MeldRules, rooks: bool, out: list[Meld]) -> int:
    """Take up to ``wanted`` runs of four from ``left``: held cards only, or with Rooks in gaps.

    Each run is the window of four with the fewest gaps of any colour (the
    first such, colour by colour, low number first), so that the Rooks go
    where fewest are needed. Returns how many were taken; ``left`` loses their
    cards.
    """
    taken = 0
    while taken < wanted:
        spare = left[ROOK_CODE] if rooks else 0
        pick, gaps, colour = -1, spare + 1, 0
        for ci in range(4):
            start = ci * 14
            held = sum(compress(NUMBER_BITS, left[start : start + 14]))
            for low in range(11):
                missing = 4 - (held >> low & 15).bit_count()
                if missing < gaps and rules.allows(4 - missing, missing):
                    pick, gaps, colour = low, missing, ci
                    if not missing:
                        break
            if pick >= 0 and not gaps:
                break
        if pick < 0:
            break
        start = colour * 14
        rook_numbers: list[int] = []
        for n in range(pick, pick + 4):
            if left[start + n]:
                left[start + n] -= 1
            else:
                rook_numbers.append(n + 1)
        left[ROOK_CODE] -= gaps
        out.append(trusted_run(COLOURS[colour], pick + 1, pick + 4, tuple(rook_numbers)))
        taken += 1  # the same colour may give another run
    return taken


def _take_sets(left: list[int], wanted: int, rules: MeldRules, rooks: bool, out: list[Meld]) -> int:
    """Take up to ``wanted`` sets of three from ``left``: naturals only, or with Rooks.

    Returns how many were taken; ``left`` loses their cards.
    """
    taken = 0
    number = 1
    while number <= 14 and taken < wanted:
        codes = (number - 1, number + 13, number + 27, number + 41)
        naturals = min(left[codes[0]] + left[codes[1]] + left[codes[2]] + left[codes[3]], 3)
        extra = 3 - naturals
        if (
            not naturals
            or (extra and (not rooks or extra > left[ROOK_CODE]))
            or not rules.allows(naturals, extra)
        ):
            number += 1
            continue
        colours: list[str] = []
        for ci, code in enumerate(codes):
            while left[code] and len(colours) < naturals:
                left[code] -= 1
                colours.append(COLOURS[ci])
        left[ROOK_CODE] -= extra
        out.append(trusted_set(number, tuple(colours), extra))
        taken += 1  # the same number may give another set
    return taken


def place_rooks(left: list[int], melds: list[Meld], needed: int, rules: MeldRules) -> bool:
    """Add Rooks from ``left`` to ``melds`` until they hold ``needed`` more (R13, R14).

    Each Rook goes to the first meld that stays valid with it: a set, or a run
    longer by one at its high end (its low end at 14; never past 1-14). ``left`` (57 counts) and
    ``melds`` are changed in place. Returns whether all ``needed`` found a
    place; ``False`` proves nothing about other lay-downs.
    """
    while needed > 0:
        if not left[ROOK_CODE]:
            return False
        for i, meld in enumerate(melds):
            grown: Meld
            if isinstance(meld, SetMeld):
                grown = trusted_set(meld.number, meld.colours, meld.rooks + 1)
            elif meld.high < 14:
                grown = trusted_run(
                    meld.colour, meld.low, meld.high + 1, (*meld.rooks, meld.high + 1)
                )
            elif meld.low > 1:
                grown = trusted_run(
                    meld.colour, meld.low - 1, meld.high, (meld.low - 1, *meld.rooks)
                )
            else:
                continue  # a run of all 14 numbers takes no more cards (R7)
            if grown.is_valid(rules):
                melds[i] = grown
                left[ROOK_CODE] -= 1
                needed -= 1
                break
        else:
            return False
    return True


def quick_lay_down(
    counts: tuple[int, ...], sets: int, runs: int, rules: MeldRules, min_rooks: int = 0
) -> tuple[tuple[Meld, ...], tuple[int, ...]] | None:
    """A lay-down of ``sets`` sets and ``runs`` runs found greedily, or ``None`` (R11).

    Args:
        counts: the hand as 57 counts by card code (56 is the Rook).
        sets: sets the contract asks for (R4).
        runs: runs the contract asks for (R4).
        rules: how many Rooks a meld may hold (R13 interpretation).
        min_rooks: the melds must hold at least this many Rooks (R14).

    Returns:
        ``(melds, left)``: the runs then the sets, and the 57 counts the hand
        keeps; or ``None`` when the greedy passes found no lay-down, which
        proves nothing. A whole-hand lay-down (R12) is not its business.
    """
    return _quick_lay_down(counts, sets, runs, rules.cache_key, min_rooks)


#: The orders the greedy passes take melds in: (runs, not sets, next; with Rooks), each
#: pass on what the passes before it left. Without Rooks first, so that a Rook fills a gap
#: only where no held card can; then sets first, which keeps a number's cards for a set;
#: then every run first (a run that needs a Rook may need a card a set without one took).
_ORDERS = (
    ((True, False), (False, False), (True, True), (False, True)),
    ((False, False), (True, False), (False, True), (True, True)),
    ((True, False), (True, True), (False, False), (False, True)),
)


@functools.lru_cache(maxsize=8192)
def _quick_lay_down(
    counts: tuple[int, ...], sets: int, runs: int, key: RulesKey, min_rooks: int
) -> tuple[tuple[Meld, ...], tuple[int, ...]] | None:
    """`quick_lay_down`, remembered under the rules' `MeldRules.cache_key`."""
    rules = rules_of_key(key)
    for order in _ORDERS if sets and runs else _ORDERS[:1]:
        left = list(counts)
        run_melds: list[Meld] = []
        set_melds: list[Meld] = []
        got_runs = got_sets = 0
        for runs_next, with_rooks in order:
            if with_rooks and not left[ROOK_CODE]:
                continue
            if runs_next:
                got_runs += _take_runs(left, runs - got_runs, rules, with_rooks, run_melds)
            else:
                got_sets += _take_sets(left, sets - got_sets, rules, with_rooks, set_melds)
        if got_runs < runs or got_sets < sets:
            continue
        melds = run_melds + set_melds
        if place_rooks(left, melds, min_rooks - (counts[ROOK_CODE] - left[ROOK_CODE]), rules):
            return tuple(melds), tuple(left)
    return None
