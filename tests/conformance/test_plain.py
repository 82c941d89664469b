"""Both games without variants, at their fewest and most players, pass the conformance kit."""

from __future__ import annotations

import pytest

from tests.conformance.setups import Setup, conforms, ids

SETUPS: list[Setup] = [
    ("gnoming-a-round", 3, ()),
    ("gnoming-a-round", 7, ()),
    ("toonerville-rook", 3, ()),
    ("toonerville-rook", 5, ()),
]


@pytest.mark.parametrize(("game", "players", "variants"), SETUPS, ids=ids(SETUPS))
def test_conformance(game: str, players: int, variants: tuple[str, ...]) -> None:
    """Legal-move play keeps every invariant of the testing kit."""
    conforms(game, players, variants)


def test_every_bundled_variant_has_a_conformance_setup() -> None:
    """The variant files together cover the catalogue's variants, each once."""
    from cardrules.plugins.registry import default_catalogue
    from tests.conformance import test_gnoming_variants, test_rook_variants

    covered = [*test_gnoming_variants.SETUPS, *test_rook_variants.SETUPS]
    expected = [(v.game, 4, (v.name,)) for v in default_catalogue().variants()]
    assert len(expected) >= 16  # (the bundled variants are there to check)
    assert sorted(covered) == sorted(expected)
