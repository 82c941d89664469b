"""The engine: a configured `Game` and the `GameState` of a match in progress.

`cardrules.engine` re-exports `GameState`, `new_game`, `Game`, `RECORD_FORMAT` and
`MAX_NOTATION` from `cardrules.engine.game_state`.
"""

from cardrules.engine.game_state import *  # noqa: F403
from cardrules.engine.game_state import __all__ as __all__
