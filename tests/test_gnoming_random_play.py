"""Properties of Gnoming A Round over random legal play, for 3 to 7 players."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import GameState, IllegalMoveError, InvalidMoveError
from cardrules_gnoming import DEFAULT_DECK, GnomingObservation, GnomingRound
from cardrules_gnoming.moves import STOCK, Bounce, Discard, Draw, Flip, Pass, Place, Reveal
from tests.support import random_moves, snapshot

players = st.integers(min_value=3, max_value=7)
seeds = st.integers(min_value=0, max_value=2**32)

#: Every move of the game, legal or not somewhere (the move universe).
ALL_MOVES = (
    [Reveal(pair) for pair in ((0, 1), (0, 8), (3, 4))]
    + [Draw(STOCK), Draw(0), Draw(1)]
    + [Place(p) for p in range(9)]
    + [Bounce(p) for p in range(9)]
    + [Discard(), Discard(0), Discard(1)]
    + [Flip(p) for p in range(9)]
    + [Pass()]
)
MALFORMED = [
    "",
    "place",
    "place 9",
    "place -1",
    "draw pile 2",
    "discard 5",
    "fly 3",
    "reveal 4 4",
    7,
]


def _tally(rs: GnomingRound) -> Counter[object]:
    return Counter(rs.all_cards())


def _new(n: int, seed: int) -> GameState:
    return cardrules.new_game("gnoming-a-round", players=n, seed=seed)


@pytest.mark.rule("G1", "G4")
@given(n=players, seed=seeds)
@settings(max_examples=25)
def test_every_card_is_in_exactly_one_place(n: int, seed: int) -> None:
    """At every step the 110 cards are in layouts, piles, hand or out of play, each once."""
    state = _new(n, seed)
    expected = Counter(DEFAULT_DECK.as_dict())
    assert sum(expected.values()) == 110
    rng = random.Random(seed)
    while not state.is_over:
        assert _tally(state.round_state) == expected
        random_moves(state, rng, 1)
    assert all(_tally(r) == expected for r in state.finished_rounds)


@given(n=players, seed=seeds, data=st.data())
@settings(max_examples=25)
def test_illegal_or_malformed_moves_raise_and_change_nothing(
    n: int, seed: int, data: st.DataObject
) -> None:
    """A move not listed raises IllegalMoveError naming a rule; junk raises InvalidMoveError."""
    state = _new(n, seed)
    rng = random.Random(seed)
    for _ in range(8):
        random_moves(state, rng, data.draw(st.integers(0, 120), label="moves before probing"))
        if state.is_over:
            break
        before = snapshot(state)
        illegal = [m for m in ALL_MOVES if m not in state.legal_moves()]
        move = data.draw(st.sampled_from(illegal), label="illegal move")
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(move)
        assert caught.value.rule.startswith("G")
        assert caught.value.seat == state.current_player
        assert snapshot(state) == before
        junk = data.draw(st.sampled_from(MALFORMED), label="malformed move")
        with pytest.raises(InvalidMoveError):
            state.apply(junk)  # type: ignore[arg-type]
        assert snapshot(state) == before


@pytest.mark.rule("G8", "G17", "G25")
@given(n=players, seed=seeds)
@settings(max_examples=30)
def test_every_listed_move_applies_and_matches_end(n: int, seed: int) -> None:
    """Random legal play never meets an unlisted dead end and finishes three rounds."""
    state = _new(n, seed)
    rng = random.Random(seed)
    applied = random_moves(state, rng, 20_000)
    assert state.is_over, f"not over after {applied} moves"
    assert len(state.round_scores) == 3
    assert state.legal_moves() == ()
    assert state.current_player is None
    assert state.winners
    assert set(state.winners) <= set(range(n))


@given(n=players, seed=seeds, bot_seed=st.integers(0, 1000))
@settings(max_examples=10)
def test_same_seed_and_moves_give_the_same_game(n: int, seed: int, bot_seed: int) -> None:
    """Two games with one seed, driven by the same move choices, are identical throughout."""
    first, second = _new(n, seed), _new(n, seed)
    random_moves(first, random.Random(bot_seed), 20_000)
    for move in first.history:
        second.apply(str(move))
    assert snapshot(first) == snapshot(second)
    assert first.record() == second.record()


@given(n=players, seed=seeds, data=st.data())
@settings(max_examples=20)
def test_a_clone_is_independent_of_its_original(n: int, seed: int, data: st.DataObject) -> None:
    """Playing on a clone leaves the original untouched, and the clone replays identically."""
    state = _new(n, seed)
    random_moves(state, random.Random(seed), data.draw(st.integers(0, 400), label="prefix"))
    before = snapshot(state)
    clone = state.clone()
    assert snapshot(clone) == before
    random_moves(
        clone, random.Random(seed + 1), data.draw(st.integers(1, 300), label="clone moves")
    )
    assert snapshot(state) == before
    # The original, given the clone's moves, reaches the clone's state (shared chance).
    for move in clone.history[len(state.history) :]:
        state.apply(move)
    assert snapshot(state) == snapshot(clone)


@pytest.mark.rule("G4", "G16")
@given(n=players, seed=seeds)
@settings(max_examples=15)
def test_observations_never_show_a_face_down_card(n: int, seed: int) -> None:
    """No seat sees a face-down card, its own included, nor another's card drawn from the stock."""
    state = _new(n, seed)
    rng = random.Random(seed)
    while not state.is_over:
        rs = state.round_state
        for seat in range(n):
            obs = state.observation(seat)
            assert isinstance(obs, GnomingObservation)
            for s, layout in enumerate(rs.layouts):
                for p in range(9):
                    shown = obs.layouts[s][p]
                    assert (shown is None) == (not layout.face_up[p])
                    assert shown is None or shown == layout.cards[p]
            if rs.drawn_from == STOCK and seat != rs.turn_seat:
                assert obs.held_card is None
            assert obs.draw_pile_size == len(rs.stock)
            assert obs.legal_moves == (state.legal_moves() if seat == state.current_player else ())
        random_moves(state, rng, 1)
