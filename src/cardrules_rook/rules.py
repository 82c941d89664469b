"""How a Toonerville Rook round is played (R4-R16): where each part lives.

* `cardrules_rook.dealing`: who deals and the deal (R4-R6).
* `cardrules_rook.legal`: the legal moves of a turn (R9-R14), including the
  steps of a lay-down and lay-offs.
* `cardrules_rook.swaps`: the Rooks a player may swap off the table, and whether
  the Rooks owed can still be played (R14, R15).
* `cardrules_rook.play`: what a move does to the round (R9-R16), including
  rebuilding the draw pile.
* `cardrules_rook.refusals`: the rule a refused move breaks.

Meld logic is in `cardrules_rook.melds` and `cardrules_rook.search`; scoring in
`cardrules_rook.scoring`. This module gathers the entry points the plugin uses.
"""

from __future__ import annotations

from cardrules_rook.dealing import deal_round, dealer_of
from cardrules_rook.legal import is_legal_lay_down, legal_moves
from cardrules_rook.play import apply_move
from cardrules_rook.refusals import explain_illegal, reveals

__all__ = [
    "apply_move",
    "deal_round",
    "dealer_of",
    "explain_illegal",
    "is_legal_lay_down",
    "legal_moves",
    "reveals",
]
