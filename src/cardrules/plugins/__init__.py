"""The plugin machinery: hook specifications, plugin managers, the catalogue of games
and variants, and what a plugin registers (games, variants, rule points, variant moves
and state).
"""

from cardrules.plugins.managers import *  # noqa: F403
from cardrules.plugins.managers import __all__ as __all__
