"""Game records: the JSON format and its strict loading (`cardrules.records.game_records`),
replay (`cardrules.records.replay`), and a record as an HTML page
(`cardrules.records.replay_html`). The first two's names are re-exported here.
"""

from cardrules.records.game_records import *  # noqa: F403
from cardrules.records.game_records import __all__ as _format_names
from cardrules.records.replay import *  # noqa: F403
from cardrules.records.replay import __all__ as _replay_names

__all__ = [*_format_names, *_replay_names]
