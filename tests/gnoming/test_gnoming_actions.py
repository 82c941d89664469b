"""Integer action ids of Gnoming A Round: a fixed numbering of every move."""

from __future__ import annotations

import random

import pytest

import cardrules
from cardrules import IllegalMoveError, InvalidMoveError
from cardrules_gnoming.actions import GnomingActionSpace
from cardrules_gnoming.moves import STOCK, Bounce, Discard, Draw, Flip, Pass, Place, Reveal
from cardrules_rook.moves import Take

from ..support import snapshot

SPACE = GnomingActionSpace()


def test_blocks_tile_the_space_in_the_documented_order() -> None:
    names = [block.name for block in SPACE.blocks]
    assert names == ["reveal", "draw", "place", "bounce", "discard", "flip", "pass"]
    assert SPACE.blocks[0].start == 0
    for before, after in zip(SPACE.blocks, SPACE.blocks[1:], strict=False):
        assert after.start == before.stop
    assert SPACE.size == SPACE.blocks[-1].stop == 512 + 3 + 9 + 9 + 3 + 9 + 1


def test_a_block_is_found_by_name_and_a_missing_one_names_the_blocks() -> None:
    assert SPACE.block("place") is SPACE.blocks[2]
    with pytest.raises(KeyError, match="no block 'turn'; the blocks are reveal, draw, place"):
        SPACE.block("turn")


def test_every_id_round_trips_and_names_a_move_of_its_block() -> None:
    kinds = {
        "reveal": Reveal,
        "draw": Draw,
        "place": Place,
        "bounce": Bounce,
        "discard": Discard,
        "flip": Flip,
        "pass": Pass,
    }
    moves = set()
    for action in range(SPACE.size):
        move = SPACE.move_of(action)
        assert SPACE.id_of(move) == action
        assert isinstance(move, kinds[SPACE.block_of(action).name])
        moves.add(move)
    assert len(moves) == SPACE.size


def test_ids_follow_the_documented_formulas() -> None:
    assert SPACE.id_of(Reveal((0, 8))) == (1 << 0) + (1 << 8)
    assert [SPACE.id_of(Draw(s)) for s in (STOCK, 0, 1)] == [512, 513, 514]
    assert SPACE.id_of(Place(4)) == 515 + 4
    assert SPACE.id_of(Bounce(8)) == 524 + 8
    assert [SPACE.id_of(Discard(p)) for p in (0, 1, None)] == [533, 534, 535]
    assert SPACE.id_of(Flip(0)) == 536
    assert SPACE.id_of(Pass()) == 545


@pytest.mark.parametrize("bad", [-1, 546, True, 3.0, "3", None])
def test_ids_outside_the_space_are_refused(bad: object) -> None:
    with pytest.raises(InvalidMoveError):
        SPACE.move_of(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("foreign", [Take(), "place 4", None])
def test_moves_of_another_game_have_no_id(foreign: object) -> None:
    with pytest.raises(InvalidMoveError):
        SPACE.id_of(foreign)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "variants", "options"),
    [
        (3, (), {}),
        (5, ("no-bounce",), {}),
        (4, ("costly-hazards",), {"initial_reveals": 3}),
        (7, ("keep-taken-discard",), {}),
    ],
)
def test_every_legal_move_has_an_id_and_the_mask_is_exactly_the_legal_ids(
    players: int, variants: tuple[str, ...], options: dict[str, int]
) -> None:
    """Over random play: ids of legal moves, masks, and apply_action == apply."""
    rng = random.Random(players)
    state = cardrules.new_game(
        "gnoming-a-round", players=players, seed=players, variants=variants, options=options
    )
    steps = 0
    while not state.is_over and steps < 400:
        moves = state.legal_moves()
        ids = [state.action_id(m) for m in moves]
        assert len(set(ids)) == len(ids)
        assert state.legal_actions() == sorted(ids)
        mask = state.legal_action_mask()
        assert [i for i, bit in enumerate(mask) if bit] == sorted(ids)
        pick = rng.randrange(len(moves))
        twin = state.clone()
        twin.apply_action(ids[pick])
        assert twin.history[-1] is moves[pick]  # the listed move value itself is played
        state.apply(moves[pick])
        assert snapshot(twin) == snapshot(state)
        steps += 1


def test_an_illegal_id_is_refused_naming_the_rule_and_changes_nothing() -> None:
    """Every id that is not legal now raises IllegalMoveError, never anything else."""
    rng = random.Random(5)
    state = cardrules.new_game("gnoming-a-round", players=3, seed=5)
    for _ in range(60):
        before = snapshot(state)
        legal = set(state.legal_actions())
        for action in range(SPACE.size):
            if action in legal:
                continue
            with pytest.raises(IllegalMoveError) as caught:
                state.apply_action(action)
            assert caught.value.rule
        assert snapshot(state) == before
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])


def test_numpy_integers_are_action_ids_too() -> None:
    """An id picked with numpy (the usual way with masks) is taken as its int value."""
    np = pytest.importorskip("numpy")
    state = cardrules.new_game("gnoming-a-round", players=3, seed=2)
    mask = np.frombuffer(state.legal_action_mask(), dtype=np.uint8)
    action = np.flatnonzero(mask)[0]
    assert isinstance(action, np.integer)
    move = state.move_of(action)
    assert state.action_id(move) == int(action)
    state.apply_action(action)
    assert state.history == [move]
    with pytest.raises(InvalidMoveError):
        state.move_of(np.float64(3.0))


@pytest.mark.rule("G6")
def test_the_reveals_listed_at_a_round_start_are_the_numbered_values_themselves() -> None:
    """The 36 ways to turn up 2 of 9 cards are shared values: the rules list the very
    objects the action space numbers, so an id is found by identity, not by hashing."""
    state = cardrules.new_game("gnoming-a-round", players=3, seed=4)
    space = state.game.action_space
    moves = state.legal_moves()
    assert len(moves) == 36
    assert all(isinstance(move, Reveal) for move in moves)
    for move in moves:
        assert space.move_of(space.id_of(move)) is move
    state.apply(moves[0])
    assert state.legal_moves()[0] is moves[0]  # the next seat lists the same values
