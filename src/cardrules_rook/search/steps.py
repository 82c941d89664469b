"""The steps of a lay-down: which melds can begin or continue one (R11).

A player who has not laid down yet lays the contract one meld at a time
(``MeldDown``), all in one turn. A meld is a *step* when some complete
lay-down of the contract (what is still owed of it) contains it: the rest of
the hand can then still make the rest of the contract. `lay_down_steps`
lists them, for ``legal_moves()``.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Sequence
from operator import ge

from cardrules_rook.cards import ROOK_CODE
from cardrules_rook.melds import DEFAULT_MELD_RULES, Meld, MeldRules
from cardrules_rook.search.contract import find_lay_down, set_need
from cardrules_rook.search.hand_melds import (
    CODES,
    GROUP,
    TALLY,
    MeldCandidate,
    candidate_meld,
    meld_candidates,
)
from cardrules_rook.search.multisets import Multiset, multiset_of_counts, number_totals, within
from cardrules_rook.search.shortcuts import sets_possible

__all__ = ["RECENT_LAY_DOWNS", "has_lay_down_step", "lay_down_steps"]


def has_lay_down_step(
    hand: Sequence[int],
    *,
    sets: int,
    runs: int,
    whole_hand: bool = False,
    rules: MeldRules = DEFAULT_MELD_RULES,
) -> bool:
    """Whether `lay_down_steps` of the same arguments lists any meld, without listing them (R11).

    Some lay-down of the contract must exist: its melds are steps. The
    same test `lay_down_steps` makes first (for a contract of sets only,
    `cardrules_rook.search.shortcuts.sets_possible`; else `find_lay_down`).
    Arguments as `lay_down_steps`.
    """
    if rules.judge is None and not whole_hand and runs == 0:
        return sets_possible(number_totals(hand), sets, hand[ROOK_CODE], set_need(rules))
    recent = None
    if rules.judge is None and not whole_hand:
        # A hand holding every card of a lay-down found lately can make it too.
        recent = RECENT_LAY_DOWNS.get((sets, runs, rules))
        if recent is None:
            recent = RECENT_LAY_DOWNS[sets, runs, rules] = deque(maxlen=_RECENT_KEPT)
        for codes, counts in recent:
            if all(map(ge, map(hand.__getitem__, codes), counts)):
                return True
    found = find_lay_down(
        hand, sets=sets, runs=runs, whole_hand=whole_hand, rules=rules, best=False
    )
    if found is None:
        return False
    if recent is not None:
        needed = Counter(code for meld in found.melds for code in meld.codes())
        recent.appendleft((tuple(needed), tuple(needed.values())))
    return True


_Held = tuple[tuple[int, ...], tuple[int, ...]]  # (card codes, how many of each)

#: Per contract and meld rules (no judge), the cards of the lay-downs `has_lay_down_step`
#: found last, newest first, as (codes, count of each): a player's hand that could lay
#: down keeps most of its cards from one turn to the next.
#: (emptied by `cardrules_rook.search.clear_caches`)
RECENT_LAY_DOWNS: dict[tuple[int, int, MeldRules], deque[_Held]] = {}
_RECENT_KEPT = 8


def lay_down_steps(
    hand: Sequence[int],
    *,
    sets: int,
    runs: int,
    whole_hand: bool = False,
    rules: MeldRules = DEFAULT_MELD_RULES,
) -> list[MeldCandidate]:
    """The melds of ``hand`` that some lay-down of ``sets`` sets and ``runs`` runs contains (R11).

    Args:
        hand: 57 card counts by code (56 is the Rook).
        sets: sets still owed (R4, or what a lay-down begun this turn left).
        runs: runs still owed.
        whole_hand: the lay-down must use every card (round 11, R12).
        rules: which melds are valid (R7, R8, R13; a variant's judge too).

    Returns:
        The steps as `MeldCandidate` values, in `meld_candidates` order (runs
        colour by colour, then sets number by number); ``[]`` when the hand
        cannot meet the contract at all.

    Each lay-down found so far vouches for every meld that can stand in for
    one of its melds of the same kind (the hand still holds it once the
    others are set aside). Each meld that is no step rules out every meld of
    its kind that uses all its cards and more (what is left after it holds
    less), so melds are tried fewest cards first. Only the melds neither rule
    settles are searched.

    A contract of sets only, under the game's own meld rules and not the
    whole hand, needs no search: sets use natural cards by number whatever
    their colour, so what is left after a set depends on its number, natural
    cards and Rooks alone, and the cheapest sets taken one at a time decide
    whether the rest can be made (`cardrules_rook.search.shortcuts.sets_possible`,
    exact for sets alone).
    """
    if rules.judge is None and not whole_hand and runs == 0:
        return _set_steps(hand, sets, rules)
    witness = find_lay_down(
        hand, sets=sets, runs=runs, whole_hand=whole_hand, rules=rules, best=False
    )
    if witness is None:
        return []
    # Per kind: the rooms known to vouch; per kind and colour or number, the
    # melds known to be no step.
    rooms: dict[str, list[Multiset]] = {"set": [], "run": []}
    no_steps: dict[tuple[str, object], list[Multiset]] = {}
    if not whole_hand:
        _add_rooms(rooms, hand, witness.melds)
    candidates = meld_candidates(hand, sets=sets > 0, runs=runs > 0, rules=rules)
    is_step = [False] * len(candidates)
    sizes = [len(candidate[CODES]) for candidate in candidates]
    for i in sorted(range(len(candidates)), key=sizes.__getitem__):
        kind, group, codes, _, tally = candidates[i]
        family = (kind, group)
        s, r = sets - (kind == "set"), runs - (kind == "run")
        if s == r == 0:
            ok = not whole_hand or sum(hand) == len(codes)
        elif _inside_one(tally, rooms[kind]):
            ok = True  # a known lay-down with one of its melds swapped for this one
        elif not whole_hand and _holds_one(tally, no_steps.get(family, ())):
            ok = False  # uses every card of a meld that is no step, and more
        else:
            rest = list(hand)
            for code in codes:
                rest[code] -= 1
            found = find_lay_down(
                rest, sets=s, runs=r, whole_hand=whole_hand, rules=rules, best=False
            )
            ok = found is not None
            if found is not None and not whole_hand:
                _add_rooms(rooms, hand, (*found.melds, candidate_meld(candidates[i])))
            elif found is None:
                no_steps.setdefault(family, []).append(tally)
        is_step[i] = ok
    return [c for c, ok in zip(candidates, is_step, strict=True) if ok]


def _set_steps(hand: Sequence[int], sets: int, rules: MeldRules) -> list[MeldCandidate]:
    """`lay_down_steps` of a contract of sets only (game rules, not the whole hand)."""
    totals = number_totals(hand)
    rooks = hand[ROOK_CODE]
    need = set_need(rules)
    if not sets_possible(totals, sets, rooks, need):
        return []
    candidates = meld_candidates(hand, sets=True, runs=False, rules=rules)
    if sets == 1:
        return candidates  # any one set is the whole contract
    # What is left after a set depends on its number, natural cards and Rooks alone.
    known: dict[tuple[int, int, int], bool] = {}
    steps: list[MeldCandidate] = []
    for candidate in candidates:
        rook_count = candidate[TALLY][0]
        number = candidate[GROUP]
        assert isinstance(number, int)
        key = (number, len(candidate[CODES]) - rook_count, rook_count)
        ok = known.get(key)
        if ok is None:
            rest = list(totals)
            rest[number] -= key[1]
            ok = known[key] = sets_possible(rest, sets - 1, rooks - rook_count, need)
        if ok:
            steps.append(candidate)
    return steps


def _inside_one(part: Multiset, wholes: Sequence[Multiset]) -> bool:
    """Whether ``part`` lies `within` one of ``wholes`` (one layer of bits: inline)."""
    if len(part) == 2:  # no card twice: the common case
        rooks, bits = part
        for whole in wholes:
            if rooks <= whole[0] and len(whole) > 1 and not bits & ~whole[1]:
                return True
        return False
    return any(within(part, whole) for whole in wholes)


def _holds_one(whole: Multiset, parts: Sequence[Multiset]) -> bool:
    """Whether one of ``parts`` lies `within` ``whole``."""
    if len(whole) == 2:
        rooks, bits = whole
        for part in parts:
            if len(part) == 2 and part[0] <= rooks and not part[1] & ~bits:
                return True
            if len(part) != 2 and within(part, whole):
                return True
        return False
    return any(within(part, whole) for part in parts)


def _add_rooms(
    rooms: dict[str, list[Multiset]], hand: Sequence[int], melds: Iterable[Meld]
) -> None:
    """For each meld of a lay-down: the hand once the *other* melds are set aside, by kind.

    A room inside one already known vouches for nothing more and is dropped.
    """
    melds = list(melds)
    spare = list(hand)  # the hand less every meld of the lay-down
    codes_of = [meld.codes() for meld in melds]
    for codes in codes_of:
        for code in codes:
            spare[code] -= 1
    for meld, codes in zip(melds, codes_of, strict=True):
        room = spare.copy()
        for code in codes:
            room[code] += 1
        new = multiset_of_counts(room)
        known = rooms[meld.kind]
        if not any(within(new, old) for old in known):
            known[:] = [old for old in known if not within(old, new)]
            known.append(new)
