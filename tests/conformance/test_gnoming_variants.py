"""Each bundled variant of gnoming-a-round, alone at 4 players, passes the conformance kit."""

from __future__ import annotations

import pytest

from tests.conformance.setups import conforms, ids, variant_setups

SETUPS = variant_setups("gnoming-a-round")


@pytest.mark.parametrize(("game", "players", "variants"), SETUPS, ids=ids(SETUPS))
def test_conformance(game: str, players: int, variants: tuple[str, ...]) -> None:
    """Legal-move play keeps every invariant of the testing kit."""
    conforms(game, players, variants)
