"""Properties of Toonerville Rook over random legal play, for 3 to 5 players."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import GameState, IllegalMoveError, InvalidMoveError, Move
from cardrules_rook import (
    ROOK,
    Buy,
    Card,
    Discard,
    Draw,
    LayDown,
    LayOff,
    MeldDown,
    Pass,
    RookObservation,
    RookRound,
    Swap,
    Take,
    game_deck,
    meld_from_str,
)
from cardrules_rook.buying import offered_to
from cardrules_rook.cards import card_of_code
from tests.support import random_moves

players = st.integers(min_value=3, max_value=5)
seeds = st.integers(min_value=0, max_value=2**32)


def rook_round_snapshot(rs: RookRound) -> tuple[Any, ...]:
    """Every field of a Rook round as comparable plain values."""
    return (
        tuple(tuple(hand) for hand in rs.hands),
        tuple(map(str, rs.stock)),
        tuple(map(str, rs.discards)),
        tuple(map(str, rs.table)),
        tuple(rs.owners),
        tuple(rs.down),
        tuple(rs.buys),
        rs.phase,
        rs.turn_seat,
        rs.current_player,
        offered_to(rs),  # (the buy window's seats still to answer, R10)
        rs.lay_down_left,
        rs.went_down_this_turn,
        rs.owed_rooks,
        rs.rebuilds,
        rs.went_out,
        rs.ended_by,
        rs.round,
        rs.dealer,
    )


def snapshot(state: GameState) -> tuple[Any, ...]:
    """The whole match as comparable plain values."""
    return (
        rook_round_snapshot(state.round_state),
        tuple(rook_round_snapshot(r) for r in state.finished_rounds),
        tuple(state.round_scores),
        tuple(map(str, state.history)),
        state.chance.events,
    )


def _new(n: int, seed: int) -> GameState:
    return cardrules.new_game("toonerville-rook", players=n, seed=seed)


CARDS = [Card.from_str(c) for c in ("R7", "B14", "G1", "Y9")] + [ROOK]
PROBES: list[Move] = [
    Draw(),
    Take(),
    Buy(),
    Pass(),
    *[Discard(c) for c in CARDS],
    *[LayOff(t, c, c.number or 5) for t in (0, 1, 7) for c in CARDS],
    *[Swap(t, c) for t in (0, 2) for c in CARDS if not c.is_rook],
    MeldDown(meld_from_str("R3 R4 R5 R6")),
    MeldDown(meld_from_str("B7 G7 *7")),
    LayDown((meld_from_str("R3 R4 R5 R6"), meld_from_str("B7 G7 Y7"))),
]
MALFORMED = [
    "",
    "draw 2",
    "meld R3 B4 G5",
    "lay off Rook on 1",
    "swap Rook on 0",
    "discard X9",
    None,
]


@pytest.mark.rule("R1", "R2")
@given(n=players, seed=seeds)
@settings(max_examples=10)
def test_every_card_is_in_exactly_one_place(n: int, seed: int) -> None:
    """At every step the n x 57 cards are in hands, melds, draw pile or discard pile, once each."""
    state = _new(n, seed)
    expected = Counter(game_deck(n).as_dict())
    assert sum(expected.values()) == 57 * n
    rng = random.Random(seed)
    for _ in range(1200):
        if state.is_over:
            break
        assert Counter(state.round_state.all_cards()) == expected
        random_moves(state, rng, 1)
    assert all(Counter(r.all_cards()) == expected for r in state.finished_rounds)


@given(n=players, seed=seeds, data=st.data())
@settings(max_examples=15)
def test_illegal_or_malformed_moves_raise_and_change_nothing(
    n: int, seed: int, data: st.DataObject
) -> None:
    """An unlisted move raises IllegalMoveError naming a rule; junk raises InvalidMoveError."""
    state = _new(n, seed)
    rng = random.Random(seed)
    for _ in range(6):
        random_moves(state, rng, data.draw(st.integers(0, 150), label="moves before probing"))
        if state.is_over:
            break
        before = snapshot(state)
        illegal = [m for m in PROBES if not state.is_legal(m)]
        move = data.draw(st.sampled_from(illegal), label="illegal move")
        with pytest.raises(IllegalMoveError) as caught:
            state.apply(move)
        assert caught.value.rule.startswith("R")
        assert snapshot(state) == before
        junk = data.draw(st.sampled_from(MALFORMED), label="malformed move")
        with pytest.raises(InvalidMoveError):
            state.apply(junk)  # type: ignore[arg-type]
        assert snapshot(state) == before


@given(n=players, seed=seeds, bot_seed=st.integers(0, 1000))
@settings(max_examples=8)
def test_same_seed_and_moves_give_the_same_game(n: int, seed: int, bot_seed: int) -> None:
    """Two games with one seed, driven by the same moves, are identical."""
    first, second = _new(n, seed), _new(n, seed)
    random_moves(first, random.Random(bot_seed), 800)
    for move in first.history:
        second.apply(str(move))
    assert snapshot(first) == snapshot(second)


@given(n=players, seed=seeds, data=st.data())
@settings(max_examples=10)
def test_a_clone_is_independent_of_its_original(n: int, seed: int, data: st.DataObject) -> None:
    """Playing on a clone leaves the original untouched; the original replays to the clone."""
    state = _new(n, seed)
    random_moves(state, random.Random(seed), data.draw(st.integers(0, 500), label="prefix"))
    before = snapshot(state)
    clone = state.clone()
    random_moves(clone, random.Random(seed + 1), data.draw(st.integers(1, 300), label="moves"))
    assert snapshot(state) == before
    for move in clone.history[len(state.history) :]:
        state.apply(move)
    assert snapshot(state) == snapshot(clone)


@given(n=players, seed=seeds, data=st.data())
@settings(max_examples=15)
def test_observations_hide_other_hands_and_the_stock_order(
    n: int, seed: int, data: st.DataObject
) -> None:
    """Swapping cards between another hand and the draw pile never changes a seat's observation."""
    state = _new(n, seed)
    random_moves(state, random.Random(seed), data.draw(st.integers(0, 300), label="prefix"))
    if state.is_over:
        return
    rs = state.round_state
    seat = data.draw(st.integers(0, n - 1), label="observer")
    other = (seat + 1) % n
    obs = state.observation(seat)
    assert isinstance(obs, RookObservation)
    assert list(obs.hand) == list(rs.hand(seat))
    twin = state.clone()
    trs: RookRound = twin.round_state
    stock = list(trs.stock)
    hand_codes = [code for code in range(57) if trs.hands[other][code]]
    if stock and hand_codes:
        # Exchange one card of the other hand with one card of the draw pile, then
        # shuffle the draw pile: hidden information changes, public information not.
        code = hand_codes[data.draw(st.integers(0, len(hand_codes) - 1), label="card")]
        position = data.draw(st.integers(0, len(stock) - 1), label="stock position")
        trs.hands[other][code] -= 1
        trs.hands[other][stock[position].code] += 1
        stock[position] = card_of_code(code)
        random.Random(seed).shuffle(stock)
        trs.stock = type(trs.stock)(stock)
        assert twin.observation(seat) == obs


@pytest.mark.rule("R18", "R19")
@pytest.mark.parametrize("n", [3, 5])
def test_random_matches_end_with_a_winner(n: int) -> None:
    """Random legal play finishes all eleven rounds."""
    state = _new(n, 7)
    random_moves(state, random.Random(n), 100_000)
    assert state.is_over
    assert len(state.round_scores) == 11
    assert state.winners
    assert state.legal_moves() == ()
