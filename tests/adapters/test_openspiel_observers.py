"""OpenSpiel observers of every supported ``IIGObservationType``: exactly the information named."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

from cardrules.adapters.openspiel import GAMES

NAMES = {game: short for game, (short, _) in GAMES.items()}
NONE = pyspiel.PrivateInfoType.NONE
SINGLE = pyspiel.PrivateInfoType.SINGLE_PLAYER
ALL = pyspiel.PrivateInfoType.ALL_PLAYERS
PRIVATE_PLANES = {"gnoming-a-round": ["held"], "toonerville-rook": ["hand", "drawn_from_rebuilt"]}


def observer(game: Any, public: bool, private: Any, recall: bool) -> Any:
    kind = pyspiel.IIGObservationType(
        public_info=public, perfect_recall=recall, private_info=private
    )
    return make_observation(game, kind)


def states(game: str, seed: int, count: int, step: int) -> list[Any]:
    """``count`` states ``step`` random decisions apart, from one match."""
    loaded = pyspiel.load_game(NAMES[game], {"rounds": 1, "rng_seed": seed})
    state = loaded.new_initial_state()
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count and not state.is_terminal():
        for _ in range(step):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        found.append(state.clone())
    return found


@pytest.mark.parametrize("game", GAMES)
def test_supported_types_and_none_for_the_others(game: str) -> None:
    loaded = pyspiel.load_game(NAMES[game], {"rounds": 1, "rng_seed": 1})
    size = loaded.observation_tensor_size()
    layout = loaded.cardrules_game.tensor_layout
    private_size = sum(layout.plane(name).size for name in PRIVATE_PLANES[game])
    expected = {
        (True, SINGLE, False): size,
        (True, SINGLE, True): None,
        (True, NONE, False): size,
        (True, NONE, True): None,
        (False, SINGLE, False): private_size,
    }
    for (public, private, recall), tensor_size in expected.items():
        made = observer(loaded, public, private, recall)
        assert made is not None, (public, private, recall)
        if tensor_size is None:
            assert made.tensor is None
        else:
            assert made.tensor.shape == (tensor_size,)
    private_planes = observer(loaded, False, SINGLE, False).dict
    assert list(private_planes) == PRIVATE_PLANES[game]
    for unsupported in [
        (False, SINGLE, True),
        (True, ALL, False),
        (False, ALL, False),
        (False, NONE, False),
    ]:
        assert observer(loaded, *unsupported) is None, unsupported


@pytest.mark.parametrize("game", GAMES)
def test_a_hidden_card_never_reaches_the_public_view(game: str) -> None:
    """The public view is the same for every player and for every deal of the hidden cards.

    Resampling for any seat redeals every card that seat cannot see, other
    seats' private cards included; the public view must not notice.
    """
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    for state in states(game, seed=3, count=6, step=9):
        loaded = state.get_game()
        public = observer(loaded, True, NONE, False)
        history = observer(loaded, True, NONE, True)
        views = set()
        for player in range(3):
            public.set_from(state, player)
            views.add((public.tensor.tobytes(), public.string_from(state, player)))
            views.add((b"", history.string_from(state, player)))
        assert len(views) == 2  # one view of each observer, whoever asks
        if state.is_terminal():
            continue
        for seat in range(3):
            sample = state.resample_from_infostate(seat, sampler)
            public.set_from(sample, 0)
            assert (public.tensor.tobytes(), public.string_from(sample, 1)) in views
            assert (b"", history.string_from(sample, 2)) in views


@pytest.mark.parametrize("game", GAMES)
def test_private_view_is_the_seats_private_planes(game: str) -> None:
    found = 0
    for state in states(game, seed=4, count=8, step=5):
        loaded = state.get_game()
        private = observer(loaded, False, SINGLE, False)
        full = observer(loaded, True, SINGLE, False)
        for seat in range(3):
            private.set_from(state, seat)
            full.set_from(state, seat)
            text = private.string_from(state, seat)
            assert text.startswith("private:")
            for name in PRIVATE_PLANES[game]:
                mine = private.dict[name]
                if mine.any():
                    found += 1
                    assert np.array_equal(mine, full.dict[name])
            observation = state.cardrules_state.observation(seat)
            if game == "toonerville-rook":
                assert int(private.dict["hand"].sum()) == len(observation.hand)
                assert repr(observation.hand) in text
            elif observation.held_card is not None and observation.held_from == "stock":
                assert private.dict["held"].any()
                assert repr(observation.held_card) in text
            else:  # a card held from a discard pile or a layout is public: nothing private
                assert not private.tensor.any()
                assert text == "private: "
    assert found  # some seat had something private


@pytest.mark.rule("G9")
def test_gnoming_drawn_card_is_private_to_the_drawer() -> None:
    """G9: a card drawn from the draw pile is seen by its drawer only, never in the public view."""
    loaded = pyspiel.load_game(NAMES["gnoming-a-round"], {"rounds": 1, "rng_seed": 8})
    state = loaded.new_initial_state()
    rng = random.Random(8)
    while True:
        observation = state.cardrules_state.observation(state.current_player())
        if observation.held_card is not None and observation.held_from == "stock":
            break
        state.apply_action(rng.choice(state.legal_actions()))
    drawer = state.current_player()
    public = observer(loaded, True, NONE, False)
    private = observer(loaded, False, SINGLE, False)
    public.set_from(state, drawer)
    held = public.dict["held"]  # one channel per card kind, then "a hidden card is held"
    assert not held[:-1].any()
    assert held[-1] == 1.0  # that a card was drawn is public
    assert repr(observation.held_card) not in public.string_from(state, drawer)
    private.set_from(state, drawer)
    assert private.dict["held"].any()
    for other in range(3):
        if other != drawer:
            private.set_from(state, other)
            assert not private.tensor.any()


@pytest.mark.parametrize("game", GAMES)
def test_perfect_recall_views_add_the_rounds_moves(game: str) -> None:
    state = states(game, seed=6, count=1, step=12)[0]
    loaded = state.get_game()
    moves = " ".join(f"{step.player}:{step.action}" for step in state.full_history())
    public = observer(loaded, True, NONE, False).string_from(state, 0)
    public_recall = observer(loaded, True, NONE, True).string_from(state, 0)
    assert public_recall == f"{public} moves: {moves} "
    info = observer(loaded, True, SINGLE, True).string_from(state, 2)
    assert info == state.information_state_string(2)
    assert info == f"{state.observation_string(2)} moves: {moves} "
