"""Sampling a Rook round consistent with one seat's observation (stub)."""

from __future__ import annotations

import random
from typing import Any

from cardrules.engine import Game
from cardrules_rook.state import RookRound

__all__ = ["determinize"]


def determinize(game: Game, observation: Any, rng: random.Random) -> RookRound:
    """A round state consistent with ``observation`` (not yet written)."""
    raise NotImplementedError
