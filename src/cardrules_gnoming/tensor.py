"""Observation tensors of this game (stub)."""

from __future__ import annotations

from typing import Any

from cardrules.engine import Game
from cardrules.tensors import TensorLayout

__all__ = ["encode", "layout"]


def layout(game: Game) -> TensorLayout:
    """The planes of the observation tensor (not yet written)."""
    raise NotImplementedError


def encode(game: Game, observation: Any) -> Any:
    """The observation as a flat float32 array (not yet written)."""
    raise NotImplementedError
