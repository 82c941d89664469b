"""Toonerville Rook for cardrules: contract rummy with Rook decks (rules R1-R19).

Registered as ``toonerville-rook`` through the ``cardrules`` entry-point group.
The rules in the project's words are in ``rules.md``, shipped with the package
(``cardrules rules toonerville-rook`` prints them; the docs' ``docs/rules/toonerville-rook.md``
is that file);
where each rule lives:

* ``cards.py``, ``deck.py`` - cards and decks (R1-R3)
* ``contracts.py`` - the eleven rounds (R4)
* ``melds.py`` - runs, sets and the Rook (R7, R8, R13)
* ``search/`` - the contract search: find a lay-down or prove there is none,
  and the melds that can begin one (R11); its exact path under a variant's
  meld rule (``search/exact.py``)
* ``hookspecs.py`` - the rule points a variant may change, one hook per rule
  (R4, R7, R8, R10, R12-R15, R17)
* ``rule_points.py`` - how the round asks them (``state.rules``)
* ``options.py`` - one option per interpretation
* ``moves.py`` - the moves and their notation
* ``rules.py`` - dealing and play (R5, R6, R9-R16)
* ``scoring.py`` - hands, rounds, the match (R17-R19)
* ``observation.py`` - what a seat may see
* ``svg.py`` - positions drawn as SVG (imported with the package, so that an
  observation's ``_repr_svg_`` finds its drawing)
* ``bots.py`` - the greedy bot
* ``evaluate.py`` - estimated scores of a round in play, for search bots
"""

# Registers how observations draw (`cardrules.svg.canvas.svg_of`).
from cardrules_rook import svg as svg
from cardrules_rook.cards import ROOK, Card, natural
from cardrules_rook.contracts import CONTRACTS, Contract
from cardrules_rook.deck import ROOK_DECK, game_deck
from cardrules_rook.meld_reading import meld_from_str, melds_of
from cardrules_rook.melds import MeldRules, RunMeld, SetMeld
from cardrules_rook.moves import (
    Buy,
    Discard,
    Draw,
    LayDown,
    LayOff,
    MeldDown,
    Pass,
    Swap,
    Take,
    parse_move,
)
from cardrules_rook.observation import RookObservation
from cardrules_rook.options import RookOptions
from cardrules_rook.scoring import hand_points, match_winners, round_scores
from cardrules_rook.search import FoundLayDown, can_lay_down, find_lay_down, possible_melds
from cardrules_rook.state import RookPhase, RookRound

__all__ = [
    "CONTRACTS",
    "ROOK",
    "ROOK_DECK",
    "Buy",
    "Card",
    "Contract",
    "Discard",
    "Draw",
    "FoundLayDown",
    "LayDown",
    "LayOff",
    "MeldDown",
    "MeldRules",
    "Pass",
    "RookObservation",
    "RookOptions",
    "RookPhase",
    "RookRound",
    "RunMeld",
    "SetMeld",
    "Swap",
    "Take",
    "can_lay_down",
    "find_lay_down",
    "game_deck",
    "hand_points",
    "match_winners",
    "meld_from_str",
    "melds_of",
    "natural",
    "parse_move",
    "possible_melds",
    "round_scores",
]
