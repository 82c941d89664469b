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

from cardrules.chance import Chance
from cardrules.engine import Game, GameState
from cardrules.errors import CardRulesError

__all__ = ["MAX_ATTEMPTS", "DeterminizeError", "determinize"]

#: Samples drawn before giving up on one that lets the player to act move.
MAX_ATTEMPTS = 200


class DeterminizeError(CardRulesError, RuntimeError):
    """No sample consistent with the observation was found within `MAX_ATTEMPTS`."""


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
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
    game.check_observation(observation)
    for _ in range(MAX_ATTEMPTS):
        state = _sample(game, observation, rng)
        if state.is_over or state.legal_moves():
            return state
    raise DeterminizeError(
        f"no sample of {MAX_ATTEMPTS} let seat {observation.current_player} move: "
        "the observation may contradict itself"
    )


def _sample(game: Game, observation: Any, rng: random.Random) -> GameState:
    state = GameState.__new__(GameState)
    state.game = game
    state.seed = rng.getrandbits(63)
    state.chance = Chance(state.seed)
    state.round_scores = [tuple(r) for r in observation.round_scores]
    history = tuple(observation.history)
    state.seats = [seat for seat, _ in history]
    state.history = [move for _, move in history]
    state.round_start = 0
    state._round_pairs = (state.history, 0, history)
    round_state = game.determinize_round(observation, rng)
    state.round_state = round_state
    # Earlier rounds are over and known only by their scores.
    state.finished_rounds = [None] * len(state.round_scores)
    if state.is_over:
        state.finished_rounds[-1] = round_state
    state._legal = None
    state._legal_ids = None
    return state
