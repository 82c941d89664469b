"""A variant adds tensor planes without adding a move
(`cardrules.plugins.variant_planes.PlaneSet`)."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import Game, VariantSpec, new_game
from cardrules.plugins.variant_moves import MoveKindError
from cardrules.plugins.variant_planes import PlaneSet
from cardrules.testing import check_variant
from tests.test_kit import catalogue_with
from tests.variant_toys import GAME


def _encode(game: Game, observation: Any) -> list[float]:
    return [float(observation.seat), float(observation.draw_pile_size)]


def _encode_state(game: Game, state: Any, seat: int) -> list[float]:
    return [float(seat), float(len(state.stock))]


SEAT_PLANES = PlaneSet(
    name="seat",
    planes=(("seat", (1,), "the observing seat"), ("stock", (1,), "cards in the draw pile")),
    encode=_encode,
    encode_state=_encode_state,
)
SPEC = VariantSpec("seat-planes", GAME, "Two planes, no move (test toy).", planes=(SEAT_PLANES,))
CATALOGUE = catalogue_with(SPEC)

pytest.importorskip("numpy")


def test_planes_without_moves_extend_the_tensor_and_add_no_move() -> None:
    plain = new_game(GAME, players=3, seed=5)
    state = new_game(GAME, players=3, seed=5, variants=["seat-planes"], catalogue=CATALOGUE)
    own = plain.game.tensor_layout.size
    layout = state.game.tensor_layout
    assert layout.size == own + 2
    assert [p.name for p in layout.planes[-2:]] == ["seat-planes:seat", "seat-planes:stock"]
    assert state.legal_moves() == plain.legal_moves()
    assert state.action_space.size == plain.action_space.size
    for _ in range(5):
        state.apply(state.legal_moves()[0])
    for seat in range(3):
        tensor = state.observation_tensor(seat)
        assert list(tensor[-2:]) == [seat, len(state.round_state.stock)]
        assert (state.game.observation_tensor(state.observation(seat)) == tensor).all()


def test_the_kit_checks_planes_without_moves() -> None:
    report = check_variant(
        GAME, ["seat-planes"], players=3, matches=1, max_decisions=40, catalogue=CATALOGUE
    )
    assert report.moves == {}
    assert report.checked > 0


def test_a_plane_set_needs_planes_and_encode() -> None:
    with pytest.raises(MoveKindError, match="give planes and encode"):
        PlaneSet(name="empty", planes=(), encode=_encode)
