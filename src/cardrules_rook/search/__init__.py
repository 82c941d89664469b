"""The contract search of Toonerville Rook (R7, R8, R11-R13): can a hand meet its contract?

Where each part lives, and where the time goes when ``legal_moves()`` asks:

* ``contract.py`` - `find_lay_down` and `can_lay_down`: the exact search (a
  dynamic programme over the four colours) and its answers;
* ``shortcuts.py`` - bounds that prove a hand cannot meet a contract, and a
  greedy pass that usually finds a lay-down, before the exact search;
* ``whole_hand.py`` - a quick refusal of most hands in the round that must
  meld every card (R12);
* ``run_plans.py`` - every way one colour's cards make runs;
* ``hand_melds.py`` - every meld a hand can make (`possible_melds`);
* ``multisets.py`` - hands and melds as bitmask multisets, compared fast;
* ``memo.py`` - the plain dicts the busiest answers are remembered in, which
  the garbage collector never walks;
* ``steps.py`` - `lay_down_steps`: the melds that can begin or continue a
  lay-down (what a player not yet down may meld, R11), and
  `has_lay_down_step`: whether there is one;
* ``exact.py`` - the path taken when a variant changes which melds are valid
  (hook ``rook_meld_valid``) or what cards score (hook ``rook_card_points``).
"""

import functools
import sys

from cardrules_rook.search import steps
from cardrules_rook.search.contract import FoundLayDown, can_lay_down, find_lay_down, hand_counts
from cardrules_rook.search.hand_melds import MeldCandidate, meld_candidates, possible_melds
from cardrules_rook.search.memo import MEMOS
from cardrules_rook.search.steps import has_lay_down_step, lay_down_steps


def clear_caches() -> None:
    """Forget every answer the search remembers (for timing it cold; answers never change).

    The search keeps answers per hand, per colour and per number (bounded
    caches), since the same cards recur across the many questions of a turn.
    """
    for found in MEMOS:
        found.clear()
    steps.RECENT_LAY_DOWNS.clear()  # (not a plain-valued memo: its values are deques)
    for name, module in list(sys.modules.items()):
        if name.startswith("cardrules_rook.search."):
            for value in vars(module).values():
                if isinstance(value, functools._lru_cache_wrapper):
                    value.cache_clear()


__all__ = [
    "FoundLayDown",
    "MeldCandidate",
    "can_lay_down",
    "clear_caches",
    "find_lay_down",
    "hand_counts",
    "has_lay_down_step",
    "lay_down_steps",
    "meld_candidates",
    "possible_melds",
]
