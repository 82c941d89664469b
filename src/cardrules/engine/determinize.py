"""Determinization: a full game state sampled from what one seat knows.

Search bots (determinized MCTS, ISMCTS) cannot look at the real state; they
sample states that agree with their observation and search those. The game
plugin does the sampling (hook ``cardrules_determinize``): cards known to be
somewhere stay there, and the cards the seat has not seen are dealt at random
into the places it cannot see.
"""

from __future__ import annotations

import random
from typing import Any

from cardrules.engine.game_state import Game, GameState
from cardrules.engine.sampling import MAX_ATTEMPTS, DeterminizeError, sample_state

__all__ = ["MAX_ATTEMPTS", "DeterminizeError", "determinize"]


def determinize(game: Game, observation: Any, rng: random.Random) -> GameState:
    """Sample a match state consistent with ``observation``.

    Args:
        game: the game the observation was made in (``state.game``).
        observation: an observation of that game, for any seat.
        rng: the generator to sample with; the same generator state gives the
            same sample.

    Returns:
        A new `GameState` whose ``observation(observation.seat)`` equals
        ``observation``. Its round scores and the moves of the round in play are
        the observed ones; earlier rounds' moves are not kept, and future chance
        (a draw-pile rebuild) is seeded from ``rng``. Its ``record()`` therefore
        does not replay the real match: it is a state to search, not to keep.

        The game deals the hidden cards; a sample in which the player to act
        has no legal move is drawn again. Everyone knows that player can move
        (a Rook player part way through a lay-down can finish it, R11), so this
        keeps only possible states, and conditions the deal on that fact. A
        game whose deals seldom allow it deals such states directly (Rook deals
        the rest of the contract to that player first), so that the
        `MAX_ATTEMPTS` are not used up on a reachable position.

    Raises:
        ObservationMismatchError: the observation does not fit the game
            (`cardrules.Game.check_observation`; a ``ValueError``).
        DeterminizeError: no sample in `MAX_ATTEMPTS` lets the player to act move.
        MissingRuleError: the game does not support determinization.
        TypeError: ``rng`` is not a ``random.Random``.
    """
    return sample_state(GameState, game, observation, rng)
