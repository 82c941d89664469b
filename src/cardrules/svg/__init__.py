"""Pictures of a game as SVG: `draw` and friends (re-exported here from
`cardrules.svg.pictures`) and the small canvas games draw on (`cardrules.svg.canvas`).
"""

from cardrules.svg.pictures import *  # noqa: F403
from cardrules.svg.pictures import __all__ as __all__
