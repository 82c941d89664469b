"""`ActionSpace.listing`: the ids of a list of legal moves, kept per list of move objects."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import cardrules
from cardrules import InvalidMoveError
from cardrules_gnoming.actions import GnomingActionSpace
from cardrules_gnoming.moves import Place
from cardrules_rook.moves import Take

GAMES = ("gnoming-a-round", "toonerville-rook")


@pytest.mark.parametrize("name", GAMES)
def test_a_listing_is_the_sorted_ids_of_the_listed_moves_themselves(name: str) -> None:
    rng = random.Random(11)
    state = cardrules.new_game(name, players=3, seed=5)
    space = state.game.action_space
    checked = 0
    while not state.is_over and checked < 400:
        legal = state.legal_moves()
        ids, by_id = space.listing(legal)
        expected = {space.id_of(move): move for move in legal}
        assert ids == sorted(expected)
        assert all(by_id[action] is move for action, move in expected.items())
        assert state.legal_actions() == ids
        state.apply(legal[rng.randrange(len(legal))])
        checked += 1
    assert checked == 400


@pytest.mark.parametrize("name", GAMES)
def test_a_variant_space_lists_like_the_game_space_and_its_kinds(name: str) -> None:
    """With the knock house rule the space is a variant space: a list without a knock is
    the game's space's (kept, for Gnoming), one with it is worked out with the knock's id."""
    rng = random.Random(3)
    state = cardrules.new_game(name, players=3, seed=9, variants=["knock"])
    space = state.game.action_space
    (_, kind), *_ = state.game.move_kinds
    knock = kind.type()
    decisions = 0
    while not state.is_over and decisions < 300:
        legal = state.legal_moves()
        for listed in (legal, (*legal, knock)):
            ids, by_id = space.listing(listed)
            expected = {space.id_of(move): move for move in listed}
            assert ids == sorted(expected)
            assert all(by_id[action] is move for action, move in expected.items())
        assert space.id_of(knock) in space.listing((*legal, knock))[1]
        state.apply(rng.choice(legal))
        decisions += 1
    assert decisions > 100


def test_the_same_move_objects_get_the_kept_answer_and_equal_copies_their_own() -> None:
    space = GnomingActionSpace()
    moves = (Place(4), Place(0))
    ids, by_id = space.listing(moves)
    assert ids == [space.id_of(Place(0)), space.id_of(Place(4))]
    again = space.listing(list(moves))  # another list of the very same objects
    assert again[0] is ids
    assert again[1] is by_id
    copies = tuple(copy.copy(move) for move in moves)
    assert copies == moves
    assert all(c is not m for c, m in zip(copies, moves, strict=True))
    copied_ids, copied_by_id = space.listing(copies)
    assert copied_ids == ids
    # the moves handed back are the ones listed, not equal moves of another list
    assert sorted(map(id, copied_by_id.values())) == sorted(map(id, copies))


def test_a_move_without_an_id_is_refused_and_nothing_is_kept() -> None:
    space = GnomingActionSpace()
    with pytest.raises(InvalidMoveError, match="not a Gnoming A Round move"):
        space.listing((Place(1), Take()))
    assert space._listings == {}


def test_the_kept_listings_are_bounded() -> None:
    space = GnomingActionSpace()
    space.listings_kept = 2
    sizes = []
    for position in range(5):
        space.listing((Place(position),))
        sizes.append(len(space._listings))
    assert sizes == [1, 2, 1, 2, 1]
    assert space.listing((Place(4),))[0] == [space.id_of(Place(4))]


def test_a_space_that_keeps_no_listings_works_each_out_anew() -> None:
    state = cardrules.new_game("toonerville-rook", players=3, seed=2)
    space = state.game.action_space
    assert space.listings_kept == 0
    legal = state.legal_moves()
    first = space.listing(legal)
    assert space.listing(legal) == first
    assert space.listing(legal)[0] is not first[0]
    assert space._listings == {}


def test_a_pickled_space_keeps_no_listings() -> None:
    space = GnomingActionSpace()
    space.listing((Place(2),))
    assert len(space._listings) == 1
    copied = pickle.loads(pickle.dumps(space))
    assert copied._listings == {}
    assert copied.listing((Place(2),))[0] == [space.id_of(Place(2))]
