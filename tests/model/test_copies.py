"""`cardrules.model.copies.slot_copier`: a round state's clone, written from its slots."""

from __future__ import annotations

import pytest

from cardrules import new_game
from cardrules.model.copies import slot_copier


class _Round:
    __slots__ = ("hands", "phase", "pile")
    hands: list[list[int]]
    phase: tuple[str]
    pile: list[int]


def test_shares_copies_and_leaves_by_hand_unset() -> None:
    one = _Round()
    one.hands, one.phase, one.pile = [[1]], ("draw",), [2, 3]
    two = slot_copier(_Round, copied=("pile",), by_hand=("hands",))(one)
    assert two.phase is one.phase
    assert two.pile == one.pile
    assert two.pile is not one.pile
    assert not hasattr(two, "hands")


def test_refuses_a_name_that_is_no_slot() -> None:
    with pytest.raises(TypeError, match=r"no slots \['hand'\]"):
        slot_copier(_Round, copied=("hand",))


def test_refuses_a_class_without_slots() -> None:
    with pytest.raises(TypeError, match="no __slots__"):
        slot_copier(dict)


@pytest.mark.parametrize("game", ["gnoming-a-round", "toonerville-rook"])
def test_bundled_rounds_clone_every_slot_independently(game: str) -> None:
    state = new_game(game, players=4, seed=5)
    for _ in range(12):
        state.apply(state.legal_moves()[0])
    round_state = state.round_state
    twin = round_state.clone()
    for name in type(round_state).__slots__:
        mine, theirs = getattr(round_state, name), getattr(twin, name)
        assert repr(mine) == repr(theirs), name
        if isinstance(mine, list):
            assert mine is not theirs, name
