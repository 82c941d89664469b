"""A testing kit for game and variant authors.

* `cardrules.testing.strategies` - Hypothesis strategies: seeds, options,
  random playouts.
* `cardrules.testing.conformance` - a Hypothesis state machine that plays
  by the legal moves and checks the invariants every game and variant must
  keep; `run_conformance` runs it.

Needs the ``test`` extra (``pip install cardrules[test]``) for Hypothesis.
"""

from cardrules.testing.conformance import GameConformance, run_conformance
from cardrules.testing.strategies import options, player_counts, playouts, seeds

__all__ = ["GameConformance", "options", "player_counts", "playouts", "run_conformance", "seeds"]
