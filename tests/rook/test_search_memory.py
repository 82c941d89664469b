"""What the contract search remembers stays out of the garbage collector's way.

The search remembers tens of thousands of answers in a long run of playouts,
and a full collection walks every object the collector tracks. So the
busiest memos are plain dicts of ints or bytes (`cardrules_rook.search.memo`),
which the collector never tracks, and the meld candidates the caches hold are
plain tuples of plain values, which it stops tracking. If a change stores an
object in either, these tests fail.
"""

from __future__ import annotations

import gc
import random

import cardrules
from cardrules_rook.cards import natural
from cardrules_rook.search import clear_caches, meld_candidates
from cardrules_rook.search.memo import MEMOS
from cardrules_rook.search.steps import RECENT_LAY_DOWNS, has_lay_down_step


def _play(matches: int) -> None:
    rng = random.Random(5)
    for _ in range(matches):
        state = cardrules.new_game("toonerville-rook", players=4, seed=rng.getrandbits(32))
        while not state.is_over:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


def test_the_search_memos_are_filled_and_never_tracked() -> None:
    clear_caches()
    _play(1)
    assert len(MEMOS) >= 3
    for found in MEMOS:
        assert found, "a memo the playouts never filled"
        tracked = [(k, v) for k, v in found.items() if gc.is_tracked(k) or gc.is_tracked(v)]
        assert not gc.is_tracked(found), f"a memo holds tracked objects, e.g. {tracked[:1]!r}"
    hand = [0] * 57
    for colour, number in [("G", 1), ("G", 2), ("G", 3), ("G", 4), ("R", 5), ("Y", 5), ("B", 5)]:
        hand[natural(colour, number).code] += 1
    assert has_lay_down_step(hand, sets=1, runs=1)
    assert RECENT_LAY_DOWNS  # (the compact encoding's lay-down test remembers what it found)
    clear_caches()
    assert not any(MEMOS)
    assert not RECENT_LAY_DOWNS


def test_meld_candidates_are_plain_values_the_collector_stops_tracking() -> None:
    rng = random.Random(8)
    deck = [code for code in range(57) for _ in range(2)]
    hands = [rng.sample(deck, 14) for _ in range(20)]
    candidates = []
    for codes in hands:
        counts = [0] * 57
        for code in codes:
            counts[code] += 1
        candidates += meld_candidates(counts, sets=True, runs=True)
    assert len(candidates) > 20
    for _ in range(3):  # one level of nested tuples a collection, at worst
        gc.collect()
    tracked = [candidate for candidate in candidates if gc.is_tracked(candidate)]
    assert not tracked, f"{len(tracked)} candidates still tracked, e.g. {tracked[0]!r}"
