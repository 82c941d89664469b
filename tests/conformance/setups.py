"""The conformance setups: ``(game, players, variants)``, and how they are run."""

from __future__ import annotations

from cardrules.plugins.registry import default_catalogue
from cardrules.testing import run_conformance

Setup = tuple[str, int, tuple[str, ...]]


def variant_setups(game: str) -> list[Setup]:
    """Each bundled variant of ``game`` alone, at 4 players."""
    return [(v.game, 4, (v.name,)) for v in default_catalogue().variants() if v.game == game]


def ids(setups: list[Setup]) -> list[str]:
    """``game-players-variants`` per setup (``plain``: no variant)."""
    return [f"{g}-{n}-{'+'.join(v) or 'plain'}" for g, n, v in setups]


def conforms(game: str, players: int, variants: tuple[str, ...]) -> None:
    """Legal-move play keeps every invariant of the testing kit (raises on the first broken)."""
    run_conformance(game, players=players, variants=variants, max_examples=5, steps=200)
