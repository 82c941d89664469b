"""Gnoming A Round for cardrules: a Golf-style game on a 3x3 grid (rules G1-G25).

Registered as ``gnoming-a-round`` through the ``cardrules`` entry-point group.
The rules in the project's words are in ``rules.md``, shipped with the package
(``cardrules rules gnoming-a-round`` prints them; the docs' ``docs/rules/gnoming-a-round.md``
is that file);
where each rule lives:

* ``cards.py``, ``deck.py`` - cards and the 110-card deck (G1-G3)
* ``options.py`` - one option per interpretation
* ``moves.py`` - the moves and their notation
* ``rules.py`` - dealing and play (G4-G18)
* ``scoring.py`` - layouts, rounds, the match (G19-G25)
* ``hookspecs.py`` - the rule points a house rule may change (``gnoming_*`` hooks)
* ``rulebook.py`` - how the game calls them (fast while no variant changes a rule)
* ``house_rules/`` - bundled variants on those hooks (``diagonals``, ``knock``)
* ``observation.py`` - what a seat may see
* ``svg.py`` - positions drawn as SVG (imported with the package, so that an
  observation's ``_repr_svg_`` finds its drawing)
* ``bots.py`` - the greedy bot
"""

# Registers how observations draw (`cardrules.svg.canvas.svg_of`).
from cardrules_gnoming import svg as svg
from cardrules_gnoming.cards import HAZARD, MULLIGAN, Card, CardKind, card_kind, number
from cardrules_gnoming.deck import DEFAULT_DECK
from cardrules_gnoming.moves import (
    STOCK,
    Bounce,
    Discard,
    Draw,
    Flip,
    Pass,
    Place,
    Reveal,
    parse_move,
)
from cardrules_gnoming.observation import GnomingObservation
from cardrules_gnoming.options import GnomingOptions
from cardrules_gnoming.scoring import line_match_value, match_winners, round_scores, score_layout
from cardrules_gnoming.state import GnomingPhase, GnomingRound, Layout

__all__ = [
    "DEFAULT_DECK",
    "HAZARD",
    "MULLIGAN",
    "STOCK",
    "Bounce",
    "Card",
    "CardKind",
    "Discard",
    "Draw",
    "Flip",
    "GnomingObservation",
    "GnomingOptions",
    "GnomingPhase",
    "GnomingRound",
    "Layout",
    "Pass",
    "Place",
    "Reveal",
    "card_kind",
    "line_match_value",
    "match_winners",
    "number",
    "parse_move",
    "round_scores",
    "score_layout",
]
