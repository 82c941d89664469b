"""Bots: the `Bot` protocol, `RandomBot` and `play_match` (re-exported here from
`cardrules.bots.base`), the search bots (`cardrules.bots.search`,
`cardrules.bots.flat_search`) and bots named by text (`cardrules.bots.loading`).
"""

from cardrules.bots.base import *  # noqa: F403
from cardrules.bots.base import __all__ as __all__
