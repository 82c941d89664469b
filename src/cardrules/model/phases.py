"""Turn phases: what the deciding player is being asked.

Each game defines its phases as an enum deriving from `Phase`. The value
is a short readable name shown in observations and the CLI.
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(enum.StrEnum):
    """Base class of a game's turn phases (a string-valued enum)."""

    def __str__(self) -> str:
        return str(self.value)
