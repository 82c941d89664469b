"""Both games, and every bundled variant, pass the conformance state machine."""

from __future__ import annotations

import pytest

from cardrules.plugins.registry import default_catalogue
from cardrules.testing import run_conformance

SETUPS = [
    ("gnoming-a-round", 3, ()),
    ("gnoming-a-round", 7, ()),
    ("toonerville-rook", 3, ()),
    ("toonerville-rook", 5, ()),
] + [(variant.game, 4, (variant.name,)) for variant in default_catalogue().variants()]


@pytest.mark.parametrize(
    ("game", "players", "variants"),
    SETUPS,
    ids=[f"{g}-{n}-{'+'.join(v) or 'plain'}" for g, n, v in SETUPS],
)
def test_conformance(game: str, players: int, variants: tuple[str, ...]) -> None:
    """Legal-move play keeps every invariant of the testing kit."""
    run_conformance(game, players=players, variants=variants, max_examples=5, steps=200)
