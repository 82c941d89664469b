"""Game records: the JSON format, strict loading and replay (re-exported here from
`cardrules.records.game_records`), and a record as an HTML page
(`cardrules.records.replay_html`).
"""

from cardrules.records.game_records import *  # noqa: F403
from cardrules.records.game_records import __all__ as __all__
