"""Sampling a Gnoming round consistent with one seat's observation (stub)."""

from __future__ import annotations

import random
from typing import Any

from cardrules.engine import Game
from cardrules_gnoming.state import GnomingRound

__all__ = ["determinize"]


def determinize(game: Game, observation: Any, rng: random.Random) -> GnomingRound:
    """A round state consistent with ``observation`` (not yet written)."""
    raise NotImplementedError
