"""The PettingZoo environment's fast paths give the observations the straightforward way gives.

`CardRulesEnv.observe`, ``last`` and the masks take shortcuts (issue 41: the
acting agent's cached mask, the observation written into one array, the
wrapper's iterator without lookups). Here every agent's observation, at every
step of seeded random matches, is compared with one built from the engine
alone: the seat's ``observation_tensor``, then (compact encoding) the counts of
the tokens the acting seat chose so far, and the mask of the legal ids (the
legal moves' ids, or the tokens the legal moves' sequences may go on with).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np

from cardrules.adapters.pettingzoo import env
from cardrules.engine.game_state import GameState
from cardrules.model.sequences import MoveTrie

GAMES = ("gnoming-a-round", "toonerville-rook")


def straightforward(
    state: GameState, seat: int, acting: int | None, prefix: list[int], compact: bool
) -> tuple[Any, list[int]]:
    """``seat``'s tensor and legal ids, from the engine alone (``acting``: the seat to act)."""
    tensor = state.observation_tensor(seat)
    space = state.game.sequence_space
    if compact:
        counts = np.zeros(space.size, dtype=np.float32)
        if seat == acting:
            for token in prefix:
                counts[token] += 1.0
        tensor = np.concatenate([tensor, counts])
    if seat != acting:
        return tensor, []
    if not compact:
        return tensor, state.legal_actions()
    node = MoveTrie(space, state.legal_moves()).walk(prefix)
    assert isinstance(node, dict)
    return tensor, sorted(node)


@pytest.mark.parametrize("encoding", ["compact", "full"])
@pytest.mark.parametrize("game", GAMES)
def test_every_observation_equals_the_engines(game: str, encoding: str) -> None:
    aec = env(game, players=4, options={"rounds": 1}, encoding=encoding)
    inner = aec.unwrapped
    compact = encoding == "compact" and inner.game.sequence_space.longest > 1
    for seed in (3, 11):
        aec.reset(seed=seed)
        state = inner.game_state
        rng = random.Random(seed)
        prefix: list[int] = []
        played = 0
        steps = 0
        for agent in aec.agent_iter():
            if len(state.history) != played:  # a move was played: a new sequence begins
                played, prefix = len(state.history), []
            acting = None if inner.terminations[agent] else state.current_player
            for other in inner.possible_agents:
                seat = inner.agent_name_mapping[other]
                tensor, legal = straightforward(state, seat, acting, prefix, compact)
                observation = aec.observe(other)
                assert observation["observation"].dtype == np.float32
                assert np.array_equal(observation["observation"], tensor)
                assert np.flatnonzero(observation["action_mask"]).tolist() == legal
            observation, _, termination, truncation, info = aec.last()
            assert info["action_mask"] is observation["action_mask"]
            if termination or truncation:
                aec.step(None)
                continue
            ids = np.flatnonzero(observation["action_mask"])
            action = int(ids[rng.randrange(len(ids))])
            prefix.append(action)
            aec.step(action)
            steps += 1
        assert state.is_over
        assert steps > 100


def test_the_agent_iterator_still_asks_for_a_step_between_agents() -> None:
    """The wrapper's own iterator keeps ``AECOrderEnforcingIterator``'s check and its end."""
    aec = env("gnoming-a-round", players=3, options={"rounds": 1})
    aec.reset(seed=4)
    iterable = aec.agent_iter()
    agents = iter(iterable)
    assert next(agents) == aec.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)
    aec.step(aec.unwrapped.legal_actions()[0])
    assert next(iter(iterable)) == aec.agent_selection  # (each iter() starts again)
    assert list(aec.agent_iter(max_iter=0)) == []
