"""Piles: the tuple `Pile.cards` keeps while a pile is unchanged, and what it must not change.

An observation reads a discard pile at every decision; a pile hands out the
same tuple until it changes, so the tensors compare an unchanged pile by
identity. That tuple is no part of the pile's value: a pile pickles, copies
and compares by its cards alone, which strict mode's read-only check (a
snapshot by pickle before and after a hook) relies on.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

import cardrules
from cardrules.model.piles import Pile


def test_cards_is_the_same_tuple_until_the_pile_changes() -> None:
    pile = Pile([1, 2, 3])
    listed = pile.cards()
    assert pile.cards() is listed == (1, 2, 3)
    changes: list[tuple[Callable[[], object], tuple[int, ...]]] = [
        (lambda: pile.put(4), (1, 2, 3, 4)),
        (pile.draw, (1, 2, 3)),
        (lambda: pile.insert(1, 9), (1, 2, 9, 3)),
        (pile.take_all_but_top, (3,)),
    ]
    for change, after in changes:
        before = pile.cards()
        change()
        assert pile.cards() == after
        assert pile.cards() is not before
        assert pile.cards() is pile.cards()


def test_a_copy_shares_the_listed_tuple_until_either_changes() -> None:
    pile = Pile("abc")
    pile.cards()
    twin = pile.copy()
    assert twin.cards() is pile.cards()
    twin.put("d")
    assert pile.cards() == ("a", "b", "c")
    assert twin.cards() == ("a", "b", "c", "d")
    pile.draw()
    assert twin.cards() == ("a", "b", "c", "d")


@pytest.mark.parametrize("cards", [[], [5], [5, 7, 5]])
def test_a_pile_pickles_and_copies_by_its_cards_alone(cards: list[int]) -> None:
    listed = Pile(cards)
    listed.cards()
    fresh = Pile(cards)
    assert pickle.dumps(listed) == pickle.dumps(fresh)
    for again in (pickle.loads(pickle.dumps(listed)), copy.deepcopy(listed), copy.copy(listed)):
        assert again == listed
        assert again.cards() == tuple(cards)
        again.put(1)
        assert listed.cards() == tuple(cards)


@pytest.mark.parametrize("game", ["gnoming-a-round", "toonerville-rook"])
def test_strict_mode_does_not_take_reading_a_pile_for_changing_it(game: str) -> None:
    """Observing lists the discard piles; strict mode's read-only check must not object."""
    state = cardrules.new_game(game, players=3, seed=4, strict=True)
    for _ in range(30):
        seat = state.current_player
        assert seat is not None
        state.observation(seat)
        state.apply(state.legal_moves()[0])
    assert len(state.history) == 30
