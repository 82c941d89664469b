"""A testing kit for game and variant authors.

* `cardrules.testing.strategies` - Hypothesis strategies: seeds, options,
  random playouts.
* `cardrules.testing.conformance` - a Hypothesis state machine that plays
  by the legal moves and checks the invariants every game and variant must
  keep; `run_conformance` runs it.
* `cardrules.testing.kit` - `check_variant` plays with bots leaning towards a
  variant's moves, checks every reached state (clone, tensors, action ids,
  narration, determinization, records and replay) and fails when a hook or
  move kind of the variant was never reached; `KitReport` says what was.
* `cardrules.testing.change_check` - `check_changes` plays the same seeds
  with and without variants and fails when they change nothing.

Needs the ``test`` extra (``pip install cardrules[test]``) for Hypothesis.
"""

from cardrules.testing.change_check import ChangeReport, check_changes
from cardrules.testing.conformance import GameConformance, run_conformance
from cardrules.testing.game_check import CHECKS, check_game
from cardrules.testing.game_report import CheckResult, GameCheckFailure, GameReport
from cardrules.testing.kit import KitFailure, KitReport, check_variant
from cardrules.testing.strategies import options, player_counts, playouts, seeds

__all__ = [
    "CHECKS",
    "ChangeReport",
    "CheckResult",
    "GameCheckFailure",
    "GameConformance",
    "GameReport",
    "KitFailure",
    "KitReport",
    "check_changes",
    "check_game",
    "check_variant",
    "options",
    "player_counts",
    "playouts",
    "run_conformance",
    "seeds",
]
